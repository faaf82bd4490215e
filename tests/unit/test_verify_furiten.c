/*
 * test_verify_furiten.c: furiten in the re-simulator (RRC-2024 002 §3.4): a ron on a winning
 * tile is refused (win.furiten) when one of the winner's waits is in its own discards, when it
 * let a winning tile pass after its riichi, or when it let one pass since its last draw or call
 * ("с первым же ходом игрока --- в момент, когда игрок получает новый тайл со стены либо с
 * помощью объявления"). The deals were written for this test; no value is recorded, so only the
 * tiles are checked.
 *
 * Seat 1 waits on 5s or 8s (234567m234p5678s, tanyao) in the first deals, on 2m or 5m
 * (34m567m678s55z777z, red dragons) in the last one. The other seats' hands are noten and only
 * draw and discard.
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

#define HEAD(seat1)                                                                                \
    "{\"paifu\": 1, \"rules\": {\"preset\": \"rrc\", \"overrides\": {\"game_length\": "            \
    "\"single\"}}, \"players\": [\"A\", \"B\", \"C\", \"D\"],"                                     \
    "\"deals\": [{\"round\": \"E1\", \"dealer\": 0, \"honba\": 0, \"riichi_sticks\": 0,"           \
    "\"scores\": [30000, 30000, 30000, 30000], \"dora_indicator\": \"1z\", \"hands\": "            \
    "[\"111m999m111p999p1z\", \"" seat1 "\", \"111s999s22p33p44p2z\", "                            \
    "\"222s333s444s2z3z4z6p\"], \"events\": ["
#define TAIL "]}]}"

#define DRAW_DISCARD(seat, tile)                                                                   \
    "{\"type\": \"draw\", \"seat\": " #seat ", \"tile\": \"" tile "\"},"                           \
    "{\"type\": \"discard\", \"seat\": " #seat ", \"tile\": \"" tile "\"},"
#define RON(seat, from, tile)                                                                      \
    "{\"type\": \"win\", \"seat\": " #seat ", \"from\": " #from ", \"tile\": \"" tile "\"}"

#define TANYAO  "234567m234p5678s"
#define DRAGONS "34m567m678s55z777z"

/* The findings of JSON, as "code: message;" */
static void findings(char *out, size_t size, const char *json)
{
    paifu_report *rep = verify_json(json);
    out[0] = '\0';
    for (size_t i = 0; i < paifu_report_count(rep); i++) {
        const paifu_finding *f = paifu_report_finding(rep, i);
        size_t used = strlen(out);
        snprintf(out + used, size - used, "%s: %s;", f->code, f->message);
    }
    paifu_report_free(rep);
}

#define PASSED_SINCE_DRAW                                                                          \
    "win.furiten: B (seat 1) wins by ron in furiten: it passed a winning tile since its last draw;"
#define PASSED_IN_RIICHI                                                                           \
    "win.furiten: B (seat 1) wins by ron in furiten: it passed a winning tile after riichi;"
#define OWN_DISCARD                                                                                \
    "win.furiten: B (seat 1) wins by ron in furiten: one of its waits is in its own discards;"

/* Seat 2 discards 8s, seat 1 lets it pass, seat 3 discards 5s: furiten until seat 1 draws. */
static void passed_since_draw(void **state)
{
    (void)state;
    char got[512];
    findings(got, sizeof(got),
             HEAD(TANYAO) DRAW_DISCARD(0, "6z") DRAW_DISCARD(1, "1z") DRAW_DISCARD(2, "8s")
                 DRAW_DISCARD(3, "5s") RON(1, 3, "5s") TAIL);
    assert_string_equal(got, PASSED_SINCE_DRAW);
    /* the tile passed is no wait: no furiten */
    findings(got, sizeof(got),
             HEAD(TANYAO) DRAW_DISCARD(0, "6z") DRAW_DISCARD(1, "1z") DRAW_DISCARD(2, "9s")
                 DRAW_DISCARD(3, "5s") RON(1, 3, "5s") TAIL);
    assert_string_equal(got, "");
}

/* The same pass, but seat 1 draws again before the ron: the furiten has ended. */
static void ended_by_own_draw(void **state)
{
    (void)state;
    char got[512];
    findings(got, sizeof(got),
             HEAD(TANYAO) DRAW_DISCARD(0, "6z") DRAW_DISCARD(1, "1z") DRAW_DISCARD(2, "8s")
                 DRAW_DISCARD(3, "3z") DRAW_DISCARD(0, "7z") DRAW_DISCARD(1, "4z")
                     DRAW_DISCARD(2, "9s") DRAW_DISCARD(3, "5s") RON(1, 3, "5s") TAIL);
    assert_string_equal(got, "");
}

/* After its riichi seat 1 lets 8s pass: furiten for the rest of the deal, draws or not. */
static void passed_in_riichi(void **state)
{
    (void)state;
    char got[512];
    findings(got, sizeof(got),
             HEAD(TANYAO) DRAW_DISCARD(
                 0, "6z") "{\"type\": \"draw\", \"seat\": 1, \"tile\": "
                          "\"1z\"},"
                          "{\"type\": \"discard\", \"seat\": 1, \"tile\": "
                          "\"1z\", \"riichi\": true},"
                          "{\"type\": \"riichi_accepted\", \"seat\": 1}," DRAW_DISCARD(2, "8s")
                              DRAW_DISCARD(3, "3z") DRAW_DISCARD(0, "7z") DRAW_DISCARD(1, "4z")
                                  DRAW_DISCARD(2, "9s") DRAW_DISCARD(3, "5s") RON(1, 3, "5s") TAIL);
    assert_string_equal(got, PASSED_IN_RIICHI);
}

/* Seat 1 itself discarded 8s earlier in the deal (its hand then held 8s twice). */
static void own_discard(void **state)
{
    (void)state;
    char got[512];
    findings(got, sizeof(got),
             HEAD(TANYAO) DRAW_DISCARD(0, "6z") DRAW_DISCARD(1, "8s") DRAW_DISCARD(2, "9s")
                 DRAW_DISCARD(3, "5s") RON(1, 3, "5s") TAIL);
    assert_string_equal(got, OWN_DISCARD);
}

/* Seat 1 (waiting on 2m or 5m) lets 2m pass, calls pon on 5z and discards 4m (now waiting on
   3m alone), then wins on 3m before drawing: the call was seat 1's turn, which ends the
   temporary furiten of the pass (002 §3.4), as a draw would. */
static void ended_by_own_call(void **state)
{
    (void)state;
    char got[512];
#define PON_5Z                                                                                     \
    "{\"type\": \"draw\", \"seat\": 3, \"tile\": \"5z\"},"                                         \
    "{\"type\": \"discard\", \"seat\": 3, \"tile\": \"5z\"},"                                      \
    "{\"type\": \"pon\", \"seat\": 1, \"from\": 3, \"tile\": \"5z\", \"consumed\": \"55z\"},"      \
    "{\"type\": \"discard\", \"seat\": 1, \"tile\": \"4m\"},"
    findings(got, sizeof(got),
             HEAD(DRAGONS) DRAW_DISCARD(0, "6z") DRAW_DISCARD(1, "1z") DRAW_DISCARD(2, "2m")
                 PON_5Z DRAW_DISCARD(2, "3m") RON(1, 2, "3m") TAIL);
    assert_string_equal(got, "");
    /* the pass after the call is furiten again */
    findings(got, sizeof(got),
             HEAD(DRAGONS) DRAW_DISCARD(0, "6z") DRAW_DISCARD(1, "1z") DRAW_DISCARD(2, "9s")
                 PON_5Z DRAW_DISCARD(2, "3m") DRAW_DISCARD(3, "3m") RON(1, 3, "3m") TAIL);
    assert_string_equal(got, PASSED_SINCE_DRAW);
    /* without the pass: no furiten */
    findings(got, sizeof(got),
             HEAD(DRAGONS) DRAW_DISCARD(0, "6z") DRAW_DISCARD(1, "1z") DRAW_DISCARD(2, "9s")
                 PON_5Z DRAW_DISCARD(2, "3m") RON(1, 2, "3m") TAIL);
    assert_string_equal(got, "");
#undef PON_5Z
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(passed_since_draw),    cmocka_unit_test(ended_by_own_draw),
        cmocka_unit_test(passed_in_riichi),     cmocka_unit_test(own_discard),
        cmocka_unit_test(ended_by_own_call),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
