/*
 * test_verify_log_facts.c: the log's facts stay the log's (lib/model/game_rules.c). A game
 * played with red fives keeps them when it is checked under a rule set without them (EMA,
 * WRC, JHC 2016: RRC 2024 §12.1 Table 3, JHC 2016 §7.3.1.2): a preset brings the tournament's
 * rulings, not the tile set; RRC 2024 §3.6 counts a red five as a dora. Only an explicit
 * red_fives=0 checks the fives as plain, and then the recorded aka dora is a finding.
 *
 * The deal (written for this test, Tenhou's rules): after a go-around seat 0 discards its red 5p, seat 1
 * (234567m34p67855s) wins on it with pinfu, tanyao and one aka dora: 3 han 30 fu, 3900 by
 * Tenhou's table (RRC 2024 §3.7.6: 3 han 30 fu non-dealer ron 3900).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "paifu.h"

static const char DOC[] =
    "{\"paifu\": 1, \"rules\": {\"preset\": \"tenhou\", \"overrides\": {\"game_length\": "
    "\"single\"}}, \"players\": [\"A\", \"B\", \"C\", \"D\"],"
    "\"deals\": [{\"round\": \"E1\", \"dealer\": 0, \"honba\": 0, \"riichi_sticks\": 0,"
    "\"scores\": [25000, 25000, 25000, 25000], \"dora_indicator\": \"1z\", \"hands\": "
    "[\"1199m05p2379s346z\", \"234567m34p67855s\", \"123456m789p1234s\", "
    "\"23m666p444s12277z\"], \"events\": ["
    "{\"type\": \"draw\", \"seat\": 0, \"tile\": \"7z\"},"
    "{\"type\": \"discard\", \"seat\": 0, \"tile\": \"7z\"},"
    "{\"type\": \"draw\", \"seat\": 1, \"tile\": \"1z\"},"
    "{\"type\": \"discard\", \"seat\": 1, \"tile\": \"1z\"},"
    "{\"type\": \"draw\", \"seat\": 2, \"tile\": \"5z\"},"
    "{\"type\": \"discard\", \"seat\": 2, \"tile\": \"5z\"},"
    "{\"type\": \"draw\", \"seat\": 3, \"tile\": \"6z\"},"
    "{\"type\": \"discard\", \"seat\": 3, \"tile\": \"6z\"},"
    "{\"type\": \"draw\", \"seat\": 0, \"tile\": \"1p\"},"
    "{\"type\": \"discard\", \"seat\": 0, \"tile\": \"0p\"},"
    "{\"type\": \"win\", \"seat\": 1, \"from\": 0, \"tile\": \"0p\", \"hand\": "
    "\"234567m340p67855s\", \"han\": 3, \"fu\": 30, \"points\": 3900, \"limit\": \"none\", "
    "\"yaku\": [[\"pinfu\", 1], [\"tanyao\", 1], [\"aka_dora\", 1]], \"dora\": \"1z\", "
    "\"honba\": 0, \"riichi_sticks\": 0, \"scores_before\": [25000, 25000, 25000, 25000], "
    "\"deltas\": [-3900, 3900, 0, 0]}]}]}";

/* The finding codes of DOC checked under PRESET (NULL: its own) and ASSIGN (or NULL). */
static void codes(char *out, size_t size, const char *preset, const char *assign)
{
    paifu_game *g = NULL;
    paifu_error err;
    paifu_error_clear(&err);
    if (paifu_game_read_buffer(&g, DOC, strlen(DOC), NULL, &err) < 0)
        fail_msg("read: %s", err.text);
    paifu_rules_choice c = PAIFU_RULES_CHOICE_INIT;
    c.preset = preset;
    c.assignments = &assign;
    c.n_assignments = assign ? 1 : 0;
    paifu_rules *r = NULL;
    assert_int_equal(paifu_game_rules_resolve(&r, NULL, g, &c, NULL), 0);
    paifu_report *rep = NULL;
    assert_int_equal(paifu_report_new(&rep, NULL), 0);
    assert_int_equal(paifu_verify_game(rep, g, r, NULL, NULL), 0);
    out[0] = '\0';
    for (size_t i = 0; i < paifu_report_count(rep); i++) {
        const paifu_finding *f = paifu_report_finding(rep, i);
        print_message("  %s: %s\n", f->code, f->message);
        if (strstr(f->code, "game.final") || strstr(f->code, "flow."))
            continue; /* the game's end follows its own rules' uma; not what is checked here */
        snprintf(out + strlen(out), size - strlen(out), "%s;", f->code);
    }
    paifu_report_free(rep);
    paifu_rules_free(r);
    paifu_game_free(g);
}

/* Obeys: the red five held is an aka dora under the log's own rules and under every preset
   whose own tile set has no red fives. */
static void red_fives_stay_under_any_preset(void **state)
{
    (void)state;
    const char *presets[] = {NULL, "tenhou", "rrc", "ema", "wrc", "jhc2016", "ema2012"};
    for (size_t i = 0; i < sizeof(presets) / sizeof(presets[0]); i++) {
        char got[256];
        codes(got, sizeof(got), presets[i], NULL);
        print_message("%s: %s\n", presets[i] ? presets[i] : "(own)", got);
        assert_string_equal(got, "");
    }
}

/* Breaks: checked as if the fives were plain (an explicit --rule), the recorded aka dora and
   its han are findings. */
static void plain_fives_only_by_an_explicit_rule(void **state)
{
    (void)state;
    char got[256];
    codes(got, sizeof(got), "ema", "red_fives=0");
    assert_non_null(strstr(got, "score.yaku;"));
}

int main(void)
{
    paifu_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(red_fives_stay_under_any_preset),
        cmocka_unit_test(plain_fives_only_by_an_explicit_rule),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
