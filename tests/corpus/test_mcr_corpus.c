/*
 * test_mcr_corpus.c: every MCR log of the shared corpus validates with zero findings.
 *
 * The corpus (PAIFU_CORPUS_DIR, ../shared/corpus) lists its files in MANIFEST.tsv; the rows with
 * format "mcr" are Botzone match logs (JSON) and Botzone dataset text. Each is read with format
 * detection, verified under the rule set the reader names (mcr plus the Botzone overrides), and
 * must give no finding at all: the recomputed fans (by the names and counts the log gives),
 * totals and payments equal the recorded ones, every draw, discard and call is legal and every
 * draw matches the wall when the log has one. Without the corpus the test is skipped (77).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "corpus_manifest.h"
#include "paifu/io.h"
#include "paifu/mcr.h"
#include "paifu/verify.h"

static corpus_manifest CORPUS;
static const char **g_paths; /* each file once: a file is listed once per source it was checked
                                against */
static size_t g_n;

static int load_manifest(void)
{
    if (corpus_manifest_load(&CORPUS, "mcr") < 0)
        return -1;
    g_paths = calloc(CORPUS.n ? CORPUS.n : 1, sizeof(*g_paths));
    if (!g_paths)
        abort();
    for (size_t i = 0; i < CORPUS.n; i++) {
        bool dup = false;
        for (size_t k = 0; k < g_n; k++)
            dup = dup || strcmp(g_paths[k], CORPUS.rows[i].path) == 0;
        if (!dup)
            g_paths[g_n++] = CORPUS.rows[i].path;
    }
    return 0;
}

static void verify_file(void **state)
{
    const char *path = *state;
    paifu_reader *rd = NULL;
    paifu_error err;
    paifu_error_clear(&err);
    if (paifu_reader_open(&rd, path, NULL, &err) < 0)
        fail_msg("%s: %s", path, err.text);
    paifu_report *rep = NULL;
    assert_int_equal(paifu_report_new(&rep, NULL), 0);
    const paifu_game *game;
    int rc, games = 0;
    while ((rc = paifu_reader_next(&game, rd, &err)) > 0) {
        paifu_rules *rules = NULL;
        assert_int_equal(paifu_game_rules(&rules, game, "mcr", &err), 0);
        paifu_verify_options opts = PAIFU_VERIFY_OPTIONS_INIT;
        opts.source_name = path;
        opts.game_index = games++;
        assert_int_equal(paifu_verify_game(rep, game, rules, &opts, &err), 0);
        paifu_rules_free(rules);
    }
    if (rc < 0)
        fail_msg("%s: %s (line %u, %s)", path, err.text, err.where.line, err.where.path);
    assert_true(games >= 1);
    const paifu_verify_stats *st = paifu_report_stats(rep);
    assert_true(st->wins == 0 || st->wins_scored == st->wins); /* every win scored from tiles */
    for (size_t i = 0; i < paifu_report_count(rep); i++) {
        const paifu_finding *f = paifu_report_finding(rep, i);
        fprintf(stderr, "%s: %s [%s event %d] %s (expected %s, recorded %s)\n", path, f->code,
                f->where.deal, f->where.event, f->message, f->expected, f->recorded);
    }
    assert_int_equal(paifu_report_count(rep), 0);
    paifu_report_free(rep);
    paifu_reader_free(rd);
}

int main(void)
{
    if (load_manifest() < 0) {
        fprintf(stderr, "no corpus (PAIFU_CORPUS_DIR \"%s\"): skipped\n", PAIFU_CORPUS_DIR);
        return 77;
    }
    if (g_n == 0) {
        fprintf(stderr, "MANIFEST.tsv lists no mcr file\n");
        return 1;
    }
    struct CMUnitTest *tests = calloc(g_n, sizeof(*tests));
    if (!tests)
        return 1;
    for (size_t i = 0; i < g_n; i++) {
        const char *slash = strrchr(g_paths[i], '/');
        tests[i] = (struct CMUnitTest){slash ? slash + 1 : g_paths[i], verify_file, NULL, NULL,
                                       (void *)g_paths[i]};
    }
    int rc = _cmocka_run_group_tests("mcr-corpus", tests, g_n, NULL, NULL);
    free(tests);
    free(g_paths);
    corpus_manifest_free(&CORPUS);
    return rc;
}
