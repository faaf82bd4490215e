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

#include "paifu/io.h"
#include "paifu/mcr.h"
#include "paifu/verify.h"

#define MAX_FILES 256

static char g_paths[MAX_FILES][512];
static size_t g_n;

/* Rows of MANIFEST.tsv whose format column (the 5th) is "mcr". */
static int load_manifest(const char *dir)
{
    char path[600];
    snprintf(path, sizeof(path), "%s/MANIFEST.tsv", dir);
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char line[4096];
    while (fgets(line, sizeof(line), f)) {
        char *col[6] = {line};
        int n = 1;
        for (char *p = line; *p && n < 6; p++)
            if (*p == '\t') {
                *p = '\0';
                col[n++] = p + 1;
            }
        if (n < 6 || strcmp(col[4], "mcr") != 0 || g_n == MAX_FILES)
            continue;
        bool dup = false; /* a file can be listed once per source it was checked against */
        char full[512];
        int len = snprintf(full, sizeof(full), "%s/%s", dir, col[0]);
        if (len < 0 || (size_t)len >= sizeof(full))
            continue; /* no MANIFEST path is this long */
        for (size_t i = 0; i < g_n; i++)
            dup = dup || strcmp(g_paths[i], full) == 0;
        if (!dup)
            snprintf(g_paths[g_n++], sizeof(g_paths[0]), "%s", full);
    }
    fclose(f);
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
    const char *dir = PAIFU_CORPUS_DIR;
    if (!dir[0] || load_manifest(dir) < 0) {
        fprintf(stderr, "no corpus (PAIFU_CORPUS_DIR \"%s\"): skipped\n", dir);
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
                                       g_paths[i]};
    }
    int rc = _cmocka_run_group_tests("mcr-corpus", tests, g_n, NULL, NULL);
    free(tests);
    return rc;
}
