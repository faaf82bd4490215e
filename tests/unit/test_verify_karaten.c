/*
 * test_verify_karaten.c: pure karaten at an exhaustive draw, the rule parameter
 * pure_karaten_tenpai. RRC 2024 §3.8: "if all the possible winning tiles without exception
 * are already in the player's hand (in the concealed part and in the declared sets), tenpai
 * is not counted"; EMA 2012 §3.4.2 the same ("not tenpai if he waits only on a tile of which
 * he already holds 4"). Tenhou shows and pays such a hand as tenpai (its logs' sc payments).
 *
 * The deal (written for this test, 136 tiles, each kind four times across hands, indicator
 * and wall): the dealer holds 123m456p789s222z9m, seat 1 draws the fourth 2z and discards it,
 * the dealer calls pon and discards 9m: 123m456p789s2z with a pon of 2z waits only on 2z, all
 * four of which are the dealer's. Everyone else discards what they draw, with hands that are
 * far from tenpai, to the end of the live wall (70 draws).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "paifu.h"

#include "verify_json.h"

/* The live wall in drawing order: the dealer's first draw, then seat 1's 2z, then the rest. */
static const char WALL[] =
    "2s 2z 9m 3p 4p 3s 1m 8s 7p 9p 7m 3p 4z 4p 1z 2m 9p 4m 7z 9p 6s 1p 1s 2s 5m 1p 6m 8m 9m 7m "
    "5p 7p 6z 1z 4s 1p 4z 6z 3z 1s 7z 9s 5s 5p 5z 2p 8m 8s 6p 2m 5s 7s 2p 5z 6s 6s 7p 5s 8p 7m "
    "3z 6p 3s 3m 4s 1z 3p 5m 3s 4s";

/* The game under PRESET (with the overrides EXTRA, "" or ending in a comma) with the draw's
   recorded TENPAI list and DELTAS, into OUT[SIZE]. */
static void game(char *out, size_t size, const char *preset, const char *extra,
                 const char *tenpai, const char *deltas)
{
    int n = snprintf(out, size,
                     "{\"paifu\": 1, \"rules\": {\"preset\": \"%s\", \"overrides\": "
                     "{%s\"game_length\": \"single\"}}, \"players\": [\"A\", "
                     "\"B\", \"C\", \"D\"], \"deals\": [{\"round\": \"E1\", \"dealer\": 0, "
                     "\"honba\": 0, \"riichi_sticks\": 0, \"scores\": [25000, 25000, 25000, "
                     "25000], \"dora_indicator\": \"8p\", \"hands\": [\"123m456p789s222z9m\", "
                     "\"147m147p147s1357z\", \"258m258p258s346z1m\", \"369m369p369s4567z\"], "
                     "\"events\": [",
                     preset, extra);
    int seat = 0, k = 0;
    for (const char *p = WALL; *p; p += p[2] ? 3 : 2, k++) {
        n += snprintf(out + n, size - (size_t)n,
                      "{\"type\": \"draw\", \"seat\": %d, \"tile\": \"%.2s\"},"
                      "{\"type\": \"discard\", \"seat\": %d, \"tile\": \"%.2s\"},",
                      seat, p, seat, p);
        if (k == 1) { /* the dealer calls the fourth 2z and lets the 9m go */
            n += snprintf(out + n, size - (size_t)n,
                          "{\"type\": \"pon\", \"seat\": 0, \"from\": 1, \"tile\": \"2z\", "
                          "\"consumed\": \"22z\"},{\"type\": \"discard\", \"seat\": 0, "
                          "\"tile\": \"9m\"},");
            seat = 0;
        }
        seat = (seat + 1) % 4;
        if (!p[2])
            break;
    }
    snprintf(out + n, size - (size_t)n,
             "{\"type\": \"exhaustive_draw\", \"tenpai\": [%s], \"deltas\": [%s]}]}]}", tenpai,
             deltas);
}

static void codes(char *got, size_t size, const char *preset, const char *extra,
                  const char *tenpai, const char *deltas)
{
    static char doc[16384];
    game(doc, sizeof(doc), preset, extra, tenpai, deltas);
    verify_json_codes(got, size, doc);
}

#define TENPAI "0", "3000, -1000, -1000, -1000"
#define NOTEN "", "0, 0, 0, 0"

/* Tenhou: the dealer is tenpai and paid (obeys). The same log checked with the parameter
   off (the RRC reading) is a finding: the parameter, not the preset's name, decides. */
static void tenhou_counts_pure_karaten_as_tenpai(void **state)
{
    (void)state;
    char got[256];
    codes(got, sizeof(got), "tenhou", "", TENPAI);
    assert_string_equal(got, "");
    codes(got, sizeof(got), "tenhou", "\"pure_karaten_tenpai\": false, ", TENPAI);
    assert_non_null(strstr(got, "draw.tenpai;"));
}

/* RRC 2024 §3.8 and EMA 2012 §3.4.2: noten (obeys); recorded and paid as tenpai, the replay
   finds the hand noten (breaks). */
static void rrc_and_ema2012_count_it_noten(void **state)
{
    (void)state;
    const char *presets[] = {"rrc", "ema2012"};
    for (size_t i = 0; i < 2; i++) {
        char got[256];
        codes(got, sizeof(got), presets[i], "", NOTEN);
        assert_string_equal(got, "");
        codes(got, sizeof(got), presets[i], "", TENPAI);
        assert_non_null(strstr(got, "draw.tenpai;"));
    }
}

int main(void)
{
    paifu_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tenhou_counts_pure_karaten_as_tenpai),
        cmocka_unit_test(rrc_and_ema2012_count_it_noten),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
