/*
 * test_verify_chombo.c: a false declaration the log itself penalises.
 *
 * Built on samples/handmade-rrc-one-deal.paifu.json (RRC, one deal): in a first E1 Chen (seat 2,
 * 123456m789p1234s) calls ron on Anna's 5p, which does not complete the hand; the log records
 * the chombo, the deal is replayed (RRC §3.13: same dealer, no honba, no sticks) and then goes
 * as in the sample (Boris wins 2000 from Anna). Final points 28000/32000/30000/30000; Chen and
 * Dana share 3rd/4th (uma 0), Chen loses 20000 for the chombo after uma (twice the 15/5 uma
 * step... the rule set's chombo_points): -17000/17000/-20000/0.
 *
 * The verifier must not report the declaration (the table caught it), must not pay it, and
 * must flag a "chombo" recorded for a declaration that is a valid win, and a noten riichi at a
 * draw that the log does not penalise.
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

#define START                                                                                      \
    "\"round\": \"E1\", \"dealer\": 0, \"honba\": 0, \"riichi_sticks\": 0,"                        \
    "\"scores\": [30000, 30000, 30000, 30000], \"dora_indicator\": \"1z\","                        \
    "\"hands\": [\"1199m55p2379s346z\", \"234567m34p67855s\", \"123456m789p1234s\","               \
    "\"23m666p444s12277z\"],"

#define FIRST_GO_AROUND                                                                            \
    "{\"type\": \"draw\", \"seat\": 0, \"tile\": \"7z\"},"                                         \
    "{\"type\": \"discard\", \"seat\": 0, \"tile\": \"7z\", \"tsumogiri\": true},"                 \
    "{\"type\": \"draw\", \"seat\": 1, \"tile\": \"1z\"},"                                         \
    "{\"type\": \"discard\", \"seat\": 1, \"tile\": \"1z\", \"tsumogiri\": true},"                 \
    "{\"type\": \"draw\", \"seat\": 2, \"tile\": \"5z\"},"                                         \
    "{\"type\": \"discard\", \"seat\": 2, \"tile\": \"5z\", \"tsumogiri\": true},"                 \
    "{\"type\": \"draw\", \"seat\": 3, \"tile\": \"6z\"},"                                         \
    "{\"type\": \"discard\", \"seat\": 3, \"tile\": \"6z\", \"tsumogiri\": true},"                 \
    "{\"type\": \"draw\", \"seat\": 0, \"tile\": \"1p\"},"                                         \
    "{\"type\": \"discard\", \"seat\": 0, \"tile\": \"5p\", \"tsumogiri\": false},"

#define BORIS_WINS                                                                                 \
    "{\"type\": \"win\", \"seat\": 1, \"from\": 0, \"tile\": \"5p\","                              \
    "\"hand\": \"234567m345p67855s\", \"han\": 2, \"fu\": 30, \"points\": 2000,"                   \
    "\"limit\": \"none\", \"yaku\": [[\"pinfu\", 1], [\"tanyao\", 1]], \"dora\": \"1z\","          \
    "\"deltas\": [-2000, 2000, 0, 0]}"

#define HEAD                                                                                       \
    "{\"paifu\": 1, \"rules\": {\"preset\": \"rrc\", \"overrides\": {\"game_length\": "            \
    "\"single\"}}, \"players\": [\"Anna\", \"Boris\", \"Chen\", \"Dana\"], \"deals\": ["

#define SECOND_DEAL "{" START "\"events\": [" FIRST_GO_AROUND BORIS_WINS "]}"

#define CHOMBO "{\"type\": \"penalty\", \"seat\": %d, \"kind\": \"chombo\"}"

#define TAIL(final)                                                                                \
    "], \"result\": {\"points\": [28000, 32000, 30000, 30000], \"final\": " final "}}"

static size_t count(const paifu_report *rep, const char *code)
{
    size_t n = 0;
    for (size_t f = 0; f < paifu_report_count(rep); f++)
        n += strcmp(paifu_report_finding(rep, f)->code, code) == 0;
    return n;
}

static char *game(const char *first_deal_events, int chombo_seat, const char *final)
{
    static char buf[8192];
    char chombo[128];
    snprintf(chombo, sizeof(chombo), CHOMBO, chombo_seat);
    int n = snprintf(buf, sizeof(buf), "%s{%s\"events\": [%s%s]},%s%s", HEAD, START,
                     first_deal_events, chombo, SECOND_DEAL, final);
    assert_true(n > 0 && (size_t)n < sizeof(buf));
    return buf;
}

/* Chen's ron on a tile that does not complete the hand, with the chombo recorded: clean. */
static void recorded_false_ron_is_clean(void **state)
{
    (void)state;
    paifu_report *rep =
        verify_json(game(FIRST_GO_AROUND "{\"type\": \"win\", \"seat\": 2, \"from\": 0, \"tile\": "
                                         "\"5p\"},",
                         2, TAIL("[-17000, 17000, -20000, 0]")));
    assert_int_equal(paifu_report_count(rep), 0);
    paifu_report_free(rep);
}

/* The same declaration without the chombo recorded (the table paid nothing and went on) is
   reported as the false win it is. */
static void unrecorded_false_ron_is_reported(void **state)
{
    (void)state;
    char json[8192];
    snprintf(json, sizeof(json),
             "%s{%s\"events\": [" FIRST_GO_AROUND
             "{\"type\": \"win\", \"seat\": 2, \"from\": 0, \"tile\": \"5p\", "
             "\"deltas\": [0, 0, 0, 0]}]},%s%s",
             HEAD, START, SECOND_DEAL, TAIL("[-17000, 17000, 0, 0]"));
    paifu_report *rep = verify_json(json);
    assert_int_equal(count(rep, "win.not_complete"), 1);
    paifu_report_free(rep);
}

/* A chombo recorded against Boris's valid ron: penalty.unfounded, and nothing else. */
static void chombo_for_a_valid_win_is_unfounded(void **state)
{
    (void)state;
    paifu_report *rep =
        verify_json(game(FIRST_GO_AROUND "{\"type\": \"win\", \"seat\": 1, \"from\": "
                                         "0, \"tile\": \"5p\"},",
                         1, TAIL("[-17000, -3000, 0, 0]")));
    assert_int_equal(count(rep, "penalty.unfounded"), 1);
    assert_int_equal(paifu_report_count(rep), 1);
    paifu_report_free(rep);
}

/* The chombo must go to the declarer: recorded for another seat, the declaration is a false
   win again and the penalty is the table's own business. */
static void chombo_of_another_seat_does_not_cover(void **state)
{
    (void)state;
    paifu_report *rep =
        verify_json(game(FIRST_GO_AROUND "{\"type\": \"win\", \"seat\": 2, \"from\": "
                                         "0, \"tile\": \"5p\"},",
                         3, TAIL("[-17000, 17000, 0, -20000]")));
    assert_int_equal(count(rep, "win.not_complete"), 1);
    paifu_report_free(rep);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(recorded_false_ron_is_clean),
        cmocka_unit_test(unrecorded_false_ron_is_reported),
        cmocka_unit_test(chombo_for_a_valid_win_is_unfounded),
        cmocka_unit_test(chombo_of_another_seat_does_not_cover),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
