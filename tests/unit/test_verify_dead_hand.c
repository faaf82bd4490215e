/*
 * test_verify_dead_hand.c: a dead hand in a riichi game. RRC 2024 §3.13 (and §9.4): "when the
 * offender's hand is declared dead, he may make no declaration for the rest of the deal (sets,
 * a win, riichi)"; EMA 2012 §3.4.7: "a player with a dead hand may not declare ron, tsumo,
 * chi, pon or kan, and is not tenpai"; JHC 2016 §8.1.1 the same penalty. A call, a win or a
 * riichi by a seat after its recorded dead hand is penalty.dead_hand, under rrc, ema2012 and
 * jhc2016.
 *
 * The deal (written for this test): the dealer draws a 7z and lets it go, seat 1 lets a 1z go,
 * seat 2 discards a 5p and seat 1 (234567m34p67855s) wins on it. Breaks: seat 1's hand is dead
 * when it wins; seat 3 (whose hand is dead) calls pon on the 7z; seat 1 (dead) declares riichi.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "paifu.h"

#include "verify_json.h"

static void game(char *out, size_t size, const char *preset, int dead, bool pon, bool riichi)
{
    snprintf(
        out, size,
        "{\"paifu\": 1, \"rules\": {\"preset\": \"%s\", \"overrides\": {\"game_length\": "
        "\"single\"}}, \"players\": [\"A\", \"B\", \"C\", \"D\"], \"deals\": [{\"round\": "
        "\"E1\", \"dealer\": 0, \"honba\": 0, \"riichi_sticks\": 0, \"scores\": [30000, 30000, "
        "30000, 30000], \"dora_indicator\": \"1z\", \"hands\": [\"1199m55p2379s346z\", "
        "\"234567m34p67855s\", \"123456m789p1234s\", \"23m666p444s12277z\"], \"events\": ["
        "{\"type\": \"penalty\", \"seat\": %d, \"kind\": \"dead_hand\"},"
        "{\"type\": \"draw\", \"seat\": 0, \"tile\": \"7z\"},"
        "{\"type\": \"discard\", \"seat\": 0, \"tile\": \"7z\"},%s"
        "{\"type\": \"draw\", \"seat\": 1, \"tile\": \"1z\"},"
        "{\"type\": \"discard\", \"seat\": 1, \"tile\": \"1z\"%s},%s"
        "{\"type\": \"draw\", \"seat\": 2, \"tile\": \"5p\"},"
        "{\"type\": \"discard\", \"seat\": 2, \"tile\": \"5p\"},"
        "{\"type\": \"win\", \"seat\": 1, \"from\": 2, \"tile\": \"5p\"}]}]}",
        preset, dead,
        pon ? "{\"type\": \"pon\", \"seat\": 3, \"from\": 0, \"tile\": \"7z\", \"consumed\": "
              "\"77z\"},{\"type\": \"discard\", \"seat\": 3, \"tile\": \"1z\"},"
              "{\"type\": \"draw\", \"seat\": 0, \"tile\": \"1p\"},"
              "{\"type\": \"discard\", \"seat\": 0, \"tile\": \"1p\"},"
            : "",
        riichi ? ", \"riichi\": true" : "",
        riichi ? "{\"type\": \"riichi_accepted\", \"seat\": 1}," : "");
}

static const char *const PRESETS[] = {"rrc", "ema2012", "jhc2016"};

static void codes(char *got, size_t size, const char *preset, int dead, bool pon, bool riichi)
{
    char doc[8192];
    game(doc, sizeof(doc), preset, dead, pon, riichi);
    verify_json_codes(got, size, doc);
}

/* Obeys: seat 2's hand is dead and it only draws and discards; seat 1 wins. */
static void a_dead_hand_that_only_discards(void **state)
{
    (void)state;
    for (size_t i = 0; i < 3; i++) {
        char got[256];
        codes(got, sizeof(got), PRESETS[i], 2, false, false);
        assert_string_equal(got, "");
        codes(got, sizeof(got), PRESETS[i], 2, true, false); /* seat 3, alive, calls */
        assert_string_equal(got, "");
    }
}

static void a_dead_hand_wins(void **state)
{
    (void)state;
    for (size_t i = 0; i < 3; i++) {
        char got[256];
        codes(got, sizeof(got), PRESETS[i], 1, false, false);
        assert_string_equal(got, "penalty.dead_hand;");
    }
}

static void a_dead_hand_calls(void **state)
{
    (void)state;
    for (size_t i = 0; i < 3; i++) {
        char got[256];
        codes(got, sizeof(got), PRESETS[i], 3, true, false);
        assert_string_equal(got, "penalty.dead_hand;");
    }
}

static void a_dead_hand_declares_riichi(void **state)
{
    (void)state;
    for (size_t i = 0; i < 3; i++) {
        char got[256];
        codes(got, sizeof(got), PRESETS[i], 1, false, true); /* the riichi, then the win */
        assert_string_equal(got, "penalty.dead_hand;penalty.dead_hand;");
    }
}

int main(void)
{
    paifu_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_dead_hand_that_only_discards),
        cmocka_unit_test(a_dead_hand_wins),
        cmocka_unit_test(a_dead_hand_calls),
        cmocka_unit_test(a_dead_hand_declares_riichi),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
