/*
 * test_finding_words: every finding the suite's logs produce is worded for a referee and cites
 * the document of the rule set the game was checked under (issues 26 and 28).
 *
 * The logs: every file of samples/ and tests/data/seed-rules/ as it is, and damaged copies of
 * each (tests/unit/mutation.h: numbers, digits, strings, lines deleted, duplicated and swapped,
 * the same deterministic cases test_mutation runs), which reach findings of most codes. Every
 * game read is verified under its own rule set and, for a riichi game, under ema, wrc, ema2012,
 * jhc2016, tenhou and majsoul as well (--rules of the CLI: paifu_game_rules_resolve).
 *
 * Every finding's message, expected and recorded value fail the test when they show an
 * internal: a hexadecimal number, -1 for a seat, a snake_case name, "a" before a vowel, a bare
 * "-" for a value, or "seat N" for a player the game names (it should read "Name (seat N)").
 * Every finding that cites a rule cites the game's document: under ema2012 "EMA 2012 ..." or
 * "EMA 2012 is silent on this, so paifu applies ...", under tenhou "Tenhou's rules ..." and so on. The test
 * prints which codes it reached and which it could not.
 */
#include <regex.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "finding_internal.h"
#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wunused-function" /* mutation.h's runner is not used here */
#endif
#include "mutation.h"
#include "paifu.h"

/* The documents a finding cites, in the order of the rule parameter `document`'s levels
   (enum paifu_document of rules_internal.h, which this test cannot include beside paifu.h). */
enum {
    PAIFU_DOC_RRC2024,
    PAIFU_DOC_RRC2024_TABLE3_EMA,
    PAIFU_DOC_RRC2024_TABLE3_WRC,
    PAIFU_DOC_EMA2012,
    PAIFU_DOC_JHC2016,
    PAIFU_DOC_TENHOU,
    PAIFU_DOC_MAJSOUL,
    PAIFU_DOC_MCR2006,
    PAIFU_DOC_COUNT
};
static const char *const DOC_NAMES[PAIFU_DOC_COUNT] = {"rrc2024",
                                                       "rrc2024_table3_ema",
                                                       "rrc2024_table3_wrc",
                                                       "ema2012",
                                                       "jhc2016",
                                                       "tenhou",
                                                       "majsoul",
                                                       "mcr2006"};

static int document_of(const paifu_rules *rules)
{
    char v[64];
    assert_int_equal(paifu_rules_get(v, sizeof(v), rules, "document", NULL), 0);
    for (int d = 0; d < PAIFU_DOC_COUNT; d++)
        if (strcmp(v, DOC_NAMES[d]) == 0)
            return d;
    fail_msg("unknown document %s", v);
    return -1;
}

static bool is_mcr(const paifu_rules *rules)
{
    char v[16];
    return paifu_rules_get(v, sizeof(v), rules, "family", NULL) == 0 && strcmp(v, "mcr") == 0;
}

#include <dirent.h>

#define ROUNDS 40 /* damaged copies per file */

static const char *const PRESETS[] = {"ema", "wrc", "ema2012", "jhc2016", "tenhou", "majsoul"};

/* What a citation under each document starts with, and what it names besides. */
static const struct {
    const char *lead, *also;
} DOCS[PAIFU_DOC_COUNT] = {
    [PAIFU_DOC_RRC2024] = {"RRC 2024", NULL},
    [PAIFU_DOC_RRC2024_TABLE3_EMA] = {"RRC 2024", "EMA"},
    [PAIFU_DOC_RRC2024_TABLE3_WRC] = {"RRC 2024", "WRC"},
    [PAIFU_DOC_EMA2012] = {"EMA 2012", NULL},
    [PAIFU_DOC_JHC2016] = {"JHC 2016", NULL},
    [PAIFU_DOC_TENHOU] = {"Tenhou's rules", NULL},
    [PAIFU_DOC_MAJSOUL] = {"MahjongSoul's rules", NULL},
    [PAIFU_DOC_MCR2006] = {"MCR 2006", NULL},
};

static regex_t RE_HEX, RE_MINUS_ONE, RE_SNAKE, RE_A_VOWEL, RE_SEAT;
static unsigned REACHED[128]; /* findings per registered code */
static unsigned DOC_CITED[PAIFU_DOC_COUNT];
static unsigned FAILURES;
static char FIRST_FAILURE[600];

static void failure(const char *fmt, ...)
{
    if (FAILURES++ == 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(FIRST_FAILURE, sizeof(FIRST_FAILURE), fmt, ap);
        va_end(ap);
    }
    if (FAILURES <= 40) {
        va_list ap;
        va_start(ap, fmt);
        vfprintf(stderr, fmt, ap);
        va_end(ap);
        fputc('\n', stderr);
    }
}

static bool matches(const regex_t *re, const char *s)
{
    return regexec(re, s, 0, NULL, 0) == 0;
}

static void compile(regex_t *re, const char *pattern)
{
    assert_int_equal(regcomp(re, pattern, REG_EXTENDED | REG_NOSUB), 0);
}

/* The words of one text of a finding. */
static void check_text(const char *what, const char *text, const paifu_finding *f,
                       const paifu_game *g, const char *label)
{
    const char *why = NULL;
    if (matches(&RE_HEX, text))
        why = "a hexadecimal number";
    else if (strcmp(what, "message") == 0 && matches(&RE_MINUS_ONE, text) &&
             !strstr(text, ", not -1") && !strstr(text, ") -1, not "))
        /* a recorded or an expected value of -1 points, by seat, is a value */
        why = "-1 for a seat";
    else if (matches(&RE_SNAKE, text))
        why = "a snake_case name";
    else if (matches(&RE_A_VOWEL, text))
        why = "\"a\" before a vowel";
    else if (strcmp(text, "-") == 0)
        why = "a bare \"-\" for a value";
    if (!why) {
        /* `seat N` outside "(seat N)" for a player the game names */
        for (const char *p = strstr(text, "seat "); p && !why; p = strstr(p + 1, "seat ")) {
            if (p > text && p[-1] == '(')
                continue;
            int s = p[5] - '0';
            const paifu_player *pl =
                s >= 0 && s < paifu_game_players(g) ? paifu_game_player(g, s) : NULL;
            if (pl && pl->name[0])
                why = "a named player as `seat N`";
        }
    }
    if (why)
        failure("%s: %s: %s of %s shows %s: \"%s\"", label, f->code, what, f->code, why, text);
}

static void check_finding(const paifu_finding *f, const paifu_game *g, int document,
                          const char *label)
{
    const paifu_finding_code_info *info = NULL;
    for (size_t i = 0; i < paifu_finding_code_count(); i++)
        if (strcmp(paifu_finding_code(i)->code, f->code) == 0) {
            info = paifu_finding_code(i);
            REACHED[i]++;
        }
    assert_non_null(info);
    if (getenv("PAIFU_WORDS_DUMP")) /* every finding, to read them */
        fprintf(stderr, "%s: %s: %s (expected %s, recorded %s) [%s]\n", label, f->code, f->message,
                f->expected, f->recorded, f->rule_ref ? f->rule_ref : "");
    check_text("message", f->message, f, g, label);
    check_text("expected", f->expected, f, g, label);
    check_text("recorded", f->recorded, f, g, label);
    if (!f->rule_ref)
        return;
    const char *lead = DOCS[document].lead, *c = f->rule_ref;
    if (strncmp(c, "not in ", 7) == 0)
        c += 7;
    if (strncmp(c, lead, strlen(lead)) != 0 ||
        (DOCS[document].also && !strstr(f->rule_ref, DOCS[document].also)))
        failure("%s: %s cites \"%s\", not the game's document (%s)", label, f->code, f->rule_ref,
                lead);
    else
        DOC_CITED[document]++;
}

static void verify_under(const paifu_game *g, const char *preset, paifu_report *rep,
                         const char *label)
{
    paifu_rules_choice choice = PAIFU_RULES_CHOICE_INIT;
    choice.preset = preset;
    paifu_rules *rules = NULL;
    paifu_error err;
    paifu_error_clear(&err);
    if (paifu_game_rules_resolve(&rules, NULL, g, &choice, &err) < 0)
        return;
    paifu_report_clear(rep);
    paifu_verify_options vo = PAIFU_VERIFY_OPTIONS_INIT;
    if (paifu_verify_game(rep, g, rules, &vo, &err) == 0) {
        char l[700];
        snprintf(l, sizeof(l), "%s under %s", label, preset ? preset : paifu_rules_name(rules));
        for (size_t i = 0; i < paifu_report_count(rep); i++)
            check_finding(paifu_report_finding(rep, i), g, document_of(rules), l);
    }
    paifu_rules_free(rules);
}

static void read_and_check(const char *data, size_t size, const char *label, paifu_report *rep)
{
    paifu_read_options opts = PAIFU_READ_OPTIONS_INIT;
    opts.source_name = "test";
    paifu_reader *r = NULL;
    if (paifu_reader_open_buffer(&r, data, size, &opts, NULL) < 0)
        return;
    for (int games = 0; games < 8; games++) {
        const paifu_game *g = NULL;
        if (paifu_reader_next(&g, r, NULL) != 1 || !g)
            break;
        verify_under(g, NULL, rep, label);
        paifu_rules *own = NULL;
        bool mcr = paifu_game_rules(&own, g, NULL, NULL) == 0 && is_mcr(own);
        paifu_rules_free(own);
        for (size_t p = 0; !mcr && p < sizeof(PRESETS) / sizeof(PRESETS[0]); p++)
            verify_under(g, PRESETS[p], rep, label);
    }
    paifu_reader_free(r);
}

static void run_dir(const char *dirname, paifu_report *rep)
{
    DIR *dir = opendir(dirname);
    assert_non_null(dir);
    struct dirent *e;
    while ((e = readdir(dir))) {
        size_t len = strlen(e->d_name);
        if (e->d_name[0] == '.' || (len > 3 && strcmp(e->d_name + len - 3, ".md") == 0))
            continue;
        char path[1024];
        snprintf(path, sizeof(path), "%s/%s", dirname, e->d_name);
        size_t size = 0;
        char *data = mut_load(path, &size);
        assert_non_null(data);
        read_and_check(data, size, e->d_name, rep);
        for (unsigned k = 0; k < ROUNDS; k++) {
            mut_rng rng = mut_rng_for(e->d_name, k);
            mut_buf b = {malloc(size + 1), size};
            assert_non_null(b.s);
            memcpy(b.s, data, size);
            b.s[size] = '\0';
            MUT_KINDS[k % MUT_N_KINDS].apply(&b, &rng);
            char label[1100];
            snprintf(label, sizeof(label), "%s #%u (%s)", e->d_name, k,
                     MUT_KINDS[k % MUT_N_KINDS].name);
            read_and_check(b.s, b.n, label, rep);
            free(b.s);
        }
        free(data);
    }
    closedir(dir);
}

/* Every cell of the citation table leads with its own document. */
static void citation_table_cites_each_document(void **state)
{
    (void)state;
    for (size_t i = 0; i < paifu_finding__cite_rows(); i++)
        for (int d = 0; d < PAIFU_DOC_MCR2006; d++) {
            const char *code, *key;
            const char *c = paifu_finding__cite_row(i, d, &code, &key);
            assert_non_null(c);
            const char *p = strncmp(c, "not in ", 7) == 0 ? c + 7 : c;
            if (strncmp(p, DOCS[d].lead, strlen(DOCS[d].lead)) != 0 ||
                (DOCS[d].also && !strstr(c, DOCS[d].also)))
                fail_msg("row %zu (%s, %s): \"%s\" does not cite %s", i, code ? code : "any",
                         key ? key : "none", c, DOCS[d].lead);
        }
    /* a key no row has passes as it is; the rows answer by code, then by key alone */
    assert_string_equal(paifu_finding__cite("score.fu", "RRC 2024 §3.7", PAIFU_DOC_RRC2024),
                        "RRC 2024 §3.7");
    assert_string_equal(paifu_finding__cite("score.fu", "RRC 2024 §3.7", PAIFU_DOC_EMA2012),
                        "EMA 2012 is silent on this, so paifu applies RRC 2024 §3.7");
    assert_string_equal(paifu_finding__cite("draw.payment", "RRC 2024 §3.10", PAIFU_DOC_JHC2016),
                        "JHC 2016 §7.3.1.15");
    assert_string_equal(paifu_finding__cite("mcr.fan", "MCR 2006 (Green Book)", PAIFU_DOC_MCR2006),
                        "MCR 2006 (Green Book), the 81 fans");
    assert_string_equal(paifu_finding__cite("flow.scores",
                                            "MCR 2006 (Green Book), totals and "
                                            "ranking",
                                            PAIFU_DOC_MCR2006),
                        "MCR 2006 (Green Book), totals and ranking");
    assert_null(paifu_finding__cite("log.structure", NULL, PAIFU_DOC_TENHOU));
}

/* The citation of a finding whose rule turns on a value set for the game (a --rule, a rule
   file, the log's own facts) says so and what the preset's clause gives, for any parameter the
   enforcement tables tie to the finding's code; nothing when the values are the preset's. */
static void citations_name_values_set_for_the_game(void **state)
{
    (void)state;
    char buf[480];
    paifu_rules *r = NULL;
    /* EMA 2012 §3.6.1: "переможець отримує 30000 очок, гравець на другому місці отримує 10000" */
    assert_int_equal(paifu_rules_preset(&r, "ema2012", NULL), 0);
    assert_int_equal(paifu_finding__cite_set(buf, sizeof(buf), "game.final_score",
                                             "EMA 2012 §3.6.1", r), 0);
    assert_int_equal(paifu_rules_set(r, "uma", "20000,10000,-10000,-20000", NULL), 0);
    assert_true(paifu_finding__cite_set(buf, sizeof(buf), "game.final_score", "EMA 2012 §3.6.1",
                                        r) > 0);
    assert_string_equal(buf, "EMA 2012 §3.6.1; uma set to 20000,10000,-10000,-20000 for this "
                             "game (EMA 2012 §3.6.1 gives 30000,10000,-10000,-30000)");
    /* not only uma: the return points of the same clause, each value named */
    assert_int_equal(paifu_rules_set(r, "return_points", "25000", NULL), 0);
    assert_true(paifu_finding__cite_set(buf, sizeof(buf), "game.final_score", "EMA 2012 §3.6.1",
                                        r) > 0);
    assert_non_null(strstr(buf, "; return_points set to 25000 for this game (EMA 2012 §3.6.1 "
                                "gives 30000)"));
    /* a finding whose rules do not turn on those values is left as it is */
    assert_int_equal(paifu_finding__cite_set(buf, sizeof(buf), "deal.call", "EMA 2012 §3.3", r),
                     0);
    assert_int_equal(paifu_finding__cite_set(buf, sizeof(buf), "log.structure", NULL, r), 0);
    paifu_rules_free(r);
    /* a fact of the log kept under the caller's preset: RRC 2024 Table 3 gives EMA no red
       fives; a game played with three is checked with them, and says so */
    assert_int_equal(paifu_rules_preset(&r, "ema", NULL), 0);
    assert_int_equal(paifu_rules_set(r, "red_fives", "3", NULL), 0);
    assert_true(paifu_finding__cite_set(buf, sizeof(buf), "deal.tile_count", "RRC 2024 §3.1.1",
                                        r) > 0);
    assert_string_equal(buf, "RRC 2024 §3.1.1; red_fives set to 3 for this game (RRC 2024 Table "
                             "3 (EMA) gives 0)");
    /* a finding that names no rule (the log itself) is left as it is */
    assert_int_equal(paifu_finding__cite_set(buf, sizeof(buf), "deal.tile_count", NULL, r), 0);
    paifu_rules_free(r);
    /* a clause the preset's own table does not list: RRC 2024's (RRC 2024 §3.7.6: no kiriage) */
    assert_int_equal(paifu_rules_preset(&r, "ema", NULL), 0);
    assert_int_equal(paifu_rules_set(r, "kiriage", "true", NULL), 0);
    assert_true(paifu_finding__cite_set(buf, sizeof(buf), "score.limit", "x", r) > 0);
    assert_string_equal(buf, "x; kiriage set to true for this game (RRC 2024 §3.7.6-§3.7.8 "
                             "gives false)");
    paifu_rules_free(r);
}

/* game.final_points cites the clause that decides final points (the points the deals left),
   and the leftover riichi sticks only where they are the difference. The sheet: 30000 each; b
   wins 2 han 30 fu (2000) from c; a draw where c alone is tenpai after riichi (3000 noten
   payments, c's stick stays on the table). RRC 2024 §3.12 and RRC 2024 Table 3 (EMA): the
   stick left goes to the winner (b, 32000). */
static const paifu_finding *final_points_of(paifu_report *rep, const char *sheet,
                                            const char *preset)
{
    paifu_game *g = NULL;
    paifu_rules *r = NULL;
    assert_int_equal(paifu_game_read_buffer(&g, sheet, strlen(sheet), NULL, NULL), 0);
    assert_int_equal(paifu_rules_preset(&r, preset, NULL), 0);
    paifu_report_clear(rep);
    assert_int_equal(paifu_verify_game(rep, g, r, NULL, NULL), 0);
    const paifu_finding *f = NULL;
    for (size_t i = 0; i < paifu_report_count(rep); i++)
        if (strcmp(paifu_report_finding(rep, i)->code, "game.final_points") == 0)
            f = paifu_report_finding(rep, i);
    paifu_rules_free(r);
    paifu_game_free(g);
    return f;
}

static void final_points_cite_what_decides_them(void **state)
{
    (void)state;
    paifu_report *rep = NULL;
    assert_int_equal(paifu_report_new(&rep, NULL), 0);
    static const char right[] = "a:29000 b:32000 c:30000 d:29000\n"
                                "ron b from c 2han 30fu (tanyao pinfu)\n"
                                "draw tempai c riichi c\n";
    /* a plain han typo (1 han for 2): the deals decide, whatever the document */
    static const char typo[] = "a:29000 b:32000 c:30000 d:29000\n"
                               "ron b from c 1han 30fu (tanyao pinfu)\n"
                               "draw tempai c riichi c\n";
    /* the stick left out (lost, as WRC would have it) */
    static const char lost[] = "a:29000 b:31000 c:30000 d:29000\n"
                               "ron b from c 2han 30fu (tanyao pinfu)\n"
                               "draw tempai c riichi c\n";
    static const struct {
        const char *preset, *typo, *lost;
    } under[] = {
        {"rrc", "RRC 2024 §3.12",
         "RRC 2024 §3.12 (leftover riichi sticks to the winner, shared among tied winners)"},
        {"ema", "RRC 2024 §3.12 (RRC 2024 Table 3 gives EMA no other rule)",
         "RRC 2024 Table 3 (EMA): leftover riichi sticks to the winner"},
        {"ema2012", "EMA 2012 §3.6", "EMA 2012 §3.6 (leftover riichi sticks to the winner)"},
    };
    for (size_t i = 0; i < sizeof(under) / sizeof(under[0]); i++) {
        assert_null(final_points_of(rep, right, under[i].preset));
        const paifu_finding *f = final_points_of(rep, typo, under[i].preset);
        assert_non_null(f);
        assert_string_equal(f->rule_ref, under[i].typo);
        assert_null(strstr(f->message, "stick"));
        f = final_points_of(rep, lost, under[i].preset);
        assert_non_null(f);
        assert_string_equal(f->rule_ref, under[i].lost);
        /* the players whose points differ, by name, in points (the sheet's: b ends 31,000
           with the stick, 32,000 is the deal's result with it given to the winner) */
        assert_string_equal(f->message, "final points differ from the last deal's result by the "
                                        "1 riichi stick left on the table: b (seat 1) 32,000, "
                                        "not 31,000");
    }
    /* under WRC (RRC 2024 Table 3: the sticks are lost) the sheet without the stick is right */
    assert_null(final_points_of(rep, lost, "wrc"));
    paifu_report_free(rep);
}

/* Sets of seats and the model's codes in words. */
static void words_for_codes(void **state)
{
    (void)state;
    char b[64];
    assert_string_equal(paifu_finding__seats(b, sizeof(b), 0, 4), "nobody");
    assert_string_equal(paifu_finding__seats(b, sizeof(b), 0x4, 4), "seat 2");
    assert_string_equal(paifu_finding__seats(b, sizeof(b), 0x5, 4), "seat 0 and seat 2");
    assert_string_equal(paifu_finding__seats(b, sizeof(b), 0xB, 4), "seat 0, seat 1 and seat 3");
    assert_string_equal(paifu_finding__event_words(PAIFU_EV_EXHAUSTIVE_DRAW), "an exhaustive draw");
    assert_string_equal(paifu_finding__draw_words(PAIFU_DRAW_SUUFON), "a four-winds draw");
    assert_string_equal(paifu_finding__status_words(PAIFU_SCORE_NOT_COMPLETE), "not complete");
    for (int t = 0; t <= PAIFU_EV_TYPE_COUNT; t++)
        assert_null(strchr(paifu_finding__event_words(t), '_'));
}

/* A message that says `seat N` names the player the game names, and only that one. */
static void messages_name_the_players(void **state)
{
    (void)state;
    paifu_game *g = NULL;
    assert_int_equal(paifu_game_new(&g, NULL), 0);
    assert_int_equal(paifu_game_set_player_name(g, 2, "Anna", NULL), 0);
    paifu_report *rep = NULL;
    assert_int_equal(paifu_report_new(&rep, NULL), 0);
    paifu_report__begin_game(rep, 0);
    paifu_report__game(rep, g, PAIFU_DOC_EMA2012);
    paifu_verify_options vo = PAIFU_VERIFY_OPTIONS_INIT;
    paifu_finding__add(rep, &vo, NULL, -1, "draw.payment", NULL, NULL, "RRC 2024 §3.10",
                       "seat 2 and seat 1, seats 2, (seat 2), seat 2's win");
    paifu_report__end_game(rep);
    const paifu_finding *f = paifu_report_finding(rep, 0);
    assert_string_equal(f->message,
                        "Anna (seat 2) and seat 1, seats 2, (seat 2), Anna (seat 2)'s win");
    assert_string_equal(f->rule_ref, "EMA 2012 is silent on this, so paifu applies RRC 2024 §3.10");
    /* outside a verification nothing is rewritten */
    paifu_report_add(rep, "draw.payment", NULL, NULL, NULL, "RRC 2024 §3.10", "seat 2");
    assert_string_equal(paifu_report_finding(rep, 1)->message, "seat 2");
    assert_string_equal(paifu_report_finding(rep, 1)->rule_ref, "RRC 2024 §3.10");
    paifu_report_free(rep);
    paifu_game_free(g);
}

static void every_finding_in_plain_words_citing_its_document(void **state)
{
    (void)state;
    compile(&RE_HEX, "0x[0-9a-fA-F]");
    compile(&RE_MINUS_ONE, "(^|[^0-9,.-])-1([^0-9,]|,[^0-9]|$)"); /* not -1,000 */
    compile(&RE_SNAKE, "(^|[^A-Za-z0-9_.])[a-z]+_[a-z_]+");
    compile(&RE_A_VOWEL, "(^|[^A-Za-z])[Aa] [aeioAEIO]");
    compile(&RE_SEAT, "seat [0-9]");
    paifu_report *rep = NULL;
    assert_int_equal(paifu_report_new(&rep, NULL), 0);
    run_dir(PAIFU_SAMPLES_DIR, rep);
    run_dir(PAIFU_TEST_DATA_DIR "/seed-rules", rep);
    run_dir(PAIFU_TEST_DATA_DIR "/finding-words", rep);
    paifu_report_free(rep);
    size_t reached = 0;
    fprintf(stderr, "codes reached:");
    for (size_t i = 0; i < paifu_finding_code_count(); i++)
        if (REACHED[i]) {
            reached++;
            fprintf(stderr, " %s (%u)", paifu_finding_code(i)->code, REACHED[i]);
        }
    fprintf(stderr, "\ncodes not reached:");
    for (size_t i = 0; i < paifu_finding_code_count(); i++)
        if (!REACHED[i])
            fprintf(stderr, " %s", paifu_finding_code(i)->code);
    fprintf(stderr, "\ncitations per document:");
    for (int d = 0; d < PAIFU_DOC_COUNT; d++)
        fprintf(stderr, " %s %u", DOCS[d].lead, DOC_CITED[d]);
    fprintf(stderr, "\n");
    if (FAILURES)
        fail_msg("%u findings show an internal or cite another document; the first: %s", FAILURES,
                 FIRST_FAILURE);
    /* the logs reach most codes, and findings under every document that cites */
    assert_true(reached >= 35);
    for (int d = 0; d < PAIFU_DOC_COUNT; d++)
        if (!DOC_CITED[d])
            fail_msg("no finding cited %s", DOCS[d].lead);
    regfree(&RE_HEX);
    regfree(&RE_MINUS_ONE);
    regfree(&RE_SNAKE);
    regfree(&RE_A_VOWEL);
    regfree(&RE_SEAT);
}

/* The findings of one file under PRESET (NULL: its own rule set), into REP. */
static const paifu_game *verify_file(const char *path, const char *preset, paifu_report *rep,
                                     paifu_reader **reader)
{
    paifu_error err;
    paifu_error_clear(&err);
    assert_int_equal(paifu_reader_open(reader, path, NULL, &err), 0);
    const paifu_game *g = NULL;
    assert_int_equal(paifu_reader_next(&g, *reader, &err), 1);
    paifu_rules_choice choice = PAIFU_RULES_CHOICE_INIT;
    choice.preset = preset;
    paifu_rules *rules = NULL;
    assert_int_equal(paifu_game_rules_resolve(&rules, NULL, g, &choice, &err), 0);
    paifu_report_clear(rep);
    assert_int_equal(paifu_verify_game(rep, g, rules, NULL, &err), 0);
    paifu_rules_free(rules);
    return g;
}

/* Four Easts in the first go-around after the dealer's closed kan: RRC 2024 §3.8 wants a
   go-around no declared set interrupted, so the draw is refused for the kan, not for the winds
   (they are one and the same). */
static void four_winds_after_a_closed_kan(void **state)
{
    (void)state;
    paifu_report *rep = NULL;
    assert_int_equal(paifu_report_new(&rep, NULL), 0);
    static const struct {
        const char *preset, *cite;
    } under[] = {
        {NULL, "RRC 2024 §3.8"},
        {"ema2012", "EMA 2012 §3.4.2, §3.4.3"},
        {"jhc2016", "JHC 2016 §7.3.1.10, §7.3.1.11 (the draws); otherwise JHC 2016 is silent, so paifu "
                    "applies RRC 2024 §3.8"},
        {"tenhou", "Tenhou's rules (tenhou.net/man): abortive draws: nine terminals, four winds, "
                   "four riichi, a triple ron, four kans"},
    };
    for (size_t i = 0; i < sizeof(under) / sizeof(under[0]); i++) {
        paifu_reader *r = NULL;
        verify_file(PAIFU_TEST_DATA_DIR "/finding-words/suufon-after-closed-kan.paifu.json",
                    under[i].preset, rep, &r);
        /* (the final scores differ under a rule set of other uma: not this test's business) */
        const paifu_finding *f = NULL;
        for (size_t k = 0; k < paifu_report_count(rep); k++)
            if (strcmp(paifu_report_finding(rep, k)->code, "draw.condition") == 0) {
                assert_null(f);
                f = paifu_report_finding(rep, k);
            }
        assert_non_null(f);
        assert_string_equal(f->message,
                            "a four-winds draw, but a call or a kan interrupted the first "
                            "go-around");
        assert_string_equal(f->rule_ref, under[i].cite);
        paifu_reader_free(r);
    }
    paifu_report_free(rep);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(citation_table_cites_each_document),
        cmocka_unit_test(citations_name_values_set_for_the_game),
        cmocka_unit_test(final_points_cite_what_decides_them),
        cmocka_unit_test(words_for_codes),
        cmocka_unit_test(messages_name_the_players),
        cmocka_unit_test(four_winds_after_a_closed_kan),
        cmocka_unit_test(every_finding_in_plain_words_citing_its_document),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
