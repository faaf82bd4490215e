/*
 * test_verify_recorded_flags.c: the replay decides, the log is compared (DESIGN.md). A flag a
 * log records is checked against what the replay derives and never fed into it.
 *
 * Double riichi: RRC 2024 §4.2.1, a riichi declared on the player's first discard of a first
 * go-around that no call has interrupted. The deals (written for this test, RRC rules): seat 1
 * (234567m34p67855s) declares riichi on its first discard, recorded as a double riichi, and
 * wins on seat 2's 5p. In the first deal nothing interrupts the go-around (obeys); in the
 * second seat 3 calls pon on the dealer's first discard before seat 1's turn (breaks: the log's
 * flag is a finding, and the win is not scored as a double riichi).
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

#define HEAD                                                                                       \
    "{\"paifu\": 1, \"rules\": {\"preset\": \"rrc\", \"overrides\": {\"game_length\": "            \
    "\"single\"}}, \"players\": [\"A\", \"B\", \"C\", \"D\"], \"deals\": [{\"round\": \"E1\", "    \
    "\"dealer\": 0, \"honba\": 0, \"riichi_sticks\": 0, \"scores\": [30000, 30000, 30000, "        \
    "30000], \"dora_indicator\": \"1z\", \"hands\": [\"1199m55p2379s346z\", "                      \
    "\"234567m34p67855s\", \"123456m789p1234s\", \"23m666p444s12277z\"], \"events\": ["
#define RIICHI                                                                                     \
    "{\"type\": \"draw\", \"seat\": 1, \"tile\": \"1z\"},"                                         \
    "{\"type\": \"discard\", \"seat\": 1, \"tile\": \"1z\", \"riichi\": true},"                    \
    "{\"type\": \"riichi_accepted\", \"seat\": 1, \"double\": true},"                              \
    "{\"type\": \"draw\", \"seat\": 2, \"tile\": \"5p\"},"                                         \
    "{\"type\": \"discard\", \"seat\": 2, \"tile\": \"5p\"},"                                      \
    "{\"type\": \"win\", \"seat\": 1, \"from\": 2, \"tile\": \"5p\"}]}]}"

static const char UNINTERRUPTED[] = HEAD
    "{\"type\": \"draw\", \"seat\": 0, \"tile\": \"7z\"},"
    "{\"type\": \"discard\", \"seat\": 0, \"tile\": \"7z\"}," RIICHI;

static const char AFTER_A_PON[] = HEAD
    "{\"type\": \"draw\", \"seat\": 0, \"tile\": \"7z\"},"
    "{\"type\": \"discard\", \"seat\": 0, \"tile\": \"7z\"},"
    "{\"type\": \"pon\", \"seat\": 3, \"from\": 0, \"tile\": \"7z\", \"consumed\": \"77z\"},"
    "{\"type\": \"discard\", \"seat\": 3, \"tile\": \"1z\"},"
    "{\"type\": \"draw\", \"seat\": 0, \"tile\": \"1p\"},"
    "{\"type\": \"discard\", \"seat\": 0, \"tile\": \"1p\"}," RIICHI;

static void double_riichi_flag_agrees(void **state)
{
    (void)state;
    char got[256];
    verify_json_codes(got, sizeof(got), UNINTERRUPTED);
    assert_string_equal(got, "");
}

static void double_riichi_flag_after_a_pon_is_a_finding(void **state)
{
    (void)state;
    paifu_report *rep = verify_json(AFTER_A_PON);
    assert_int_equal(paifu_report_count(rep), 1);
    assert_string_equal(paifu_report_finding(rep, 0)->code, "deal.riichi");
    /* the win is scored from the replay: riichi and ippatsu, not double riichi */
    const paifu_win_result *wr = paifu_report_win_result(rep, 0, 0);
    assert_non_null(wr);
    const paifu_score *sc = &wr->score;
    bool double_riichi = false, riichi = false;
    for (unsigned i = 0; i < sc->n_yaku; i++) {
        double_riichi = double_riichi || sc->yaku[i].id == PAIFU_YAKU_DOUBLE_RIICHI;
        riichi = riichi || sc->yaku[i].id == PAIFU_YAKU_RIICHI;
    }
    assert_true(riichi);
    assert_false(double_riichi);
    paifu_report_free(rep);
}

int main(void)
{
    paifu_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(double_riichi_flag_agrees),
        cmocka_unit_test(double_riichi_flag_after_a_pon_is_a_finding),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
