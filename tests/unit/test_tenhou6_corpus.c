/*
 * test_tenhou6_corpus.c: every tenhou.net/6 JSON file of the real-log corpus (PAIFU_CORPUS_DIR,
 * MANIFEST.tsv format "tenhou6") through the public API: read with paifu_reader_*, as many games
 * and deals as MANIFEST.tsv says, rules resolved with paifu_game_rules (fallback "rrc", as the
 * CLI does), verified with paifu_verify_game, and no finding. Skipped (exit 77) without the
 * corpus.
 *
 * KNOWN lists the findings that are not the reader's to fix, each with its reason: facts of the
 * log (a synthetic test file, hand transcriptions, a mislabelled yaku) and a verifier problem
 * reported to its owner. Any other finding fails the test, and so does a file that does not read.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paifu.h"

#define FORMAT "tenhou6"

typedef struct known {
    const char *file;  /* part of the file's path; NULL: any file */
    const char *code;
    const char *text;  /* part of the message; NULL: any */
    const char *why;
} known;

static const known KNOWN[] = {
    {NULL, "log.inconsistent", "is marked not tsumogiri",
     "verifier (lib/replay.c on_discard): without tile ids a discard from the hand of another "
     "copy of the drawn tile looks like tsumogiri; tenhou6 writes the code, not 60, exactly when "
     "the copy differs (spec §6), and the Tenhou XML of the same games agrees"},
    {"confusing_nakis_2.json", "win.not_complete", NULL,
     "mjai-reviewer's synthetic call-order test: its result [1,0,0] is made up"},
    {"confusing_nakis_2.json", "score.delta", "liable",
     "mjai-reviewer's synthetic call-order test: its liable seat 0 is made up"},
    {"tensoul_hanchan_with_noname.json", "score.yaku", "seat_wind_west",
     "the log gives seat 2 自風 西 in E4, where the dealer is seat 3 and seat 2 sits North"},
    {"zhengye1--paipuconverter/", "flow.scores", NULL,
     "hand transcription: recorded deltas and next start scores disagree"},
    {"zhengye1--paipuconverter/", "deal.dora", NULL,
     "hand transcription: kan dora indicators were not transcribed"},
};
#define N_KNOWN (sizeof(KNOWN) / sizeof(KNOWN[0]))

typedef struct entry {
    char path[512];
    unsigned games, deals;
} entry;

static entry *ENTRIES;
static size_t N_ENTRIES;

static int load_manifest(void)
{
    const char *dir = PAIFU_CORPUS_DIR;
    char path[600];
    if (!dir[0])
        return -1;
    snprintf(path, sizeof(path), "%s/MANIFEST.tsv", dir);
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char line[8192];
    size_t cap = 0;
    while (fgets(line, sizeof(line), f)) {
        char *col[9] = {0};
        char *p = line;
        for (int i = 0; i < 9 && p; i++) {
            col[i] = p;
            p = strchr(p, '\t');
            if (p)
                *p++ = '\0';
        }
        if (!col[6] || strcmp(col[4], FORMAT) != 0)
            continue;
        if (N_ENTRIES == cap) {
            cap = cap ? 2 * cap : 128;
            entry *e = realloc(ENTRIES, cap * sizeof(entry));
            if (!e)
                abort();
            ENTRIES = e;
        }
        entry *e = &ENTRIES[N_ENTRIES++];
        int n = snprintf(e->path, sizeof(e->path), "%s/%s", dir, col[0]);
        if (n < 0 || (size_t)n >= sizeof(e->path))
            abort(); /* a corpus path longer than any in MANIFEST.tsv */
        e->games = (unsigned)strtoul(col[5], NULL, 10);
        e->deals = (unsigned)strtoul(col[6], NULL, 10);
    }
    fclose(f);
    return 0;
}

/* CODE is KNOWN, or starts with it when KNOWN ends with '.' ("mcr." covers mcr.fan, ...). */
static bool same_code(const char *code, const char *known_code)
{
    size_t n = strlen(known_code);
    return known_code[n - 1] == '.' ? strncmp(code, known_code, n) == 0
                                    : strcmp(code, known_code) == 0;
}

static const known *known_finding(const char *path, const paifu_finding *f)
{
    for (size_t k = 0; k < N_KNOWN; k++)
        if ((!KNOWN[k].file || strstr(path, KNOWN[k].file)) && same_code(f->code, KNOWN[k].code) &&
            (!KNOWN[k].text || strstr(f->message, KNOWN[k].text) || strstr(f->expected, KNOWN[k].text) ||
             strstr(f->recorded, KNOWN[k].text)))
            return &KNOWN[k];
    return NULL;
}

static void test_every_file(void **state)
{
    (void)state;
    size_t counts[N_KNOWN] = {0}, games = 0, deals = 0, unexpected = 0;
    paifu_report *rep;
    assert_int_equal(paifu_report_new(&rep, NULL), 0);
    for (size_t i = 0; i < N_ENTRIES; i++) {
        const entry *e = &ENTRIES[i];
        paifu_reader *r;
        paifu_error err;
        paifu_error_clear(&err);
        paifu_read_options opts = PAIFU_READ_OPTIONS_INIT;
        opts.format = FORMAT;
        if (paifu_reader_open(&r, e->path, &opts, &err) < 0)
            fail_msg("%s: %s", e->path, err.text);
        const paifu_game *g;
        unsigned n_games = 0, n_deals = 0;
        int rc;
        while ((rc = paifu_reader_next(&g, r, &err)) > 0) {
            paifu_rules *rules;
            if (paifu_game_rules(&rules, g, "rrc", &err) < 0)
                fail_msg("%s: rules: %s", e->path, err.text);
            paifu_verify_options vo = PAIFU_VERIFY_OPTIONS_INIT;
            vo.source_name = e->path;
            vo.game_index = (int32_t)n_games;
            paifu_report_clear_findings(rep);
            assert_int_equal(paifu_verify_game(rep, g, rules, &vo, &err), 0);
            paifu_rules_free(rules);
            for (size_t k = 0; k < paifu_report_count(rep); k++) {
                const paifu_finding *f = paifu_report_finding(rep, k);
                const known *kn = known_finding(e->path, f);
                if (kn) {
                    counts[kn - KNOWN]++;
                    continue;
                }
                print_error("%s: deal %s event %d: %s: %s (expected %s, recorded %s)\n",
                            e->path, f->where.deal, (int)f->where.event, f->code, f->message,
                            f->expected, f->recorded);
                unexpected++;
            }
            n_games++;
            n_deals += (unsigned)paifu_game_deal_count(g);
        }
        if (rc < 0)
            fail_msg("%s: %s (at %s, line %u)", e->path, err.text, err.where.path,
                     (unsigned)err.where.line);
        if (n_games != e->games || n_deals != e->deals)
            fail_msg("%s: %u games and %u deals, MANIFEST.tsv says %u and %u", e->path, n_games,
                     n_deals, e->games, e->deals);
        games += n_games;
        deals += n_deals;
        paifu_reader_free(r);
    }
    paifu_report_free(rep);
    print_message("%zu files, %zu games, %zu deals\n", N_ENTRIES, games, deals);
    for (size_t k = 0; k < N_KNOWN; k++)
        if (counts[k])
            print_message("known, not the reader's: %zu x %s in %s (%s)\n", counts[k],
                          KNOWN[k].code, KNOWN[k].file ? KNOWN[k].file : "any file",
                          KNOWN[k].why);
    assert_int_equal(unexpected, 0);
    assert_true(N_ENTRIES > 0);
}

int main(void)
{
    if (load_manifest() < 0) {
        printf("corpus not found (PAIFU_CORPUS_DIR=\"%s\"): skipped\n", PAIFU_CORPUS_DIR);
        return 77;
    }
    paifu_init();
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_every_file)};
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    free(ENTRIES);
    return rc;
}
