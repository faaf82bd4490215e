/*
 * test_verify_win_values.c: a win's recorded tile and tsumo payments against the replay
 * (shared/rules/riichi-rulesets.md; RRC 2024 §3.7.7 the payments of a tsumo).
 *
 * The deal (written for this test, RRC rules): the dealer holds 123m456p78s11z555z, draws 9m
 * and discards it; seat 1 (234567m34p67855s, waiting on 2p and 5p) draws 5p on its first turn
 * with no call before: an earthly hand (chiihou, yakuman: riichi-rulesets.md), which a
 * non-dealer is paid 8000 by each non-dealer and 16000 by the dealer. Or seat 0 discards 2p
 * and seat 1 wins on it.
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

#include "verify_json.h"

#define DOC(events)                                                                                \
    "{\"paifu\": 1, \"rules\": {\"preset\": \"rrc\", \"overrides\": {\"game_length\": "            \
    "\"single\"}}, \"players\": [\"A\", \"B\", \"C\", \"D\"],"                                     \
    "\"deals\": [{\"round\": \"E1\", \"dealer\": 0, \"honba\": 0, \"riichi_sticks\": 0,"           \
    "\"scores\": [30000, 30000, 30000, 30000], \"dora_indicator\": \"1p\", \"hands\": "            \
    "[\"123m456p78s11z555z\", \"234567m34p67855s\", \"123456m789p1234s\", "                        \
    "\"23m666p444s12277z\"], \"events\": [" events "]}]}"
#define TSUMO(payments)                                                                            \
    DOC("{\"type\": \"draw\", \"seat\": 0, \"tile\": \"9m\"},"                                     \
        "{\"type\": \"discard\", \"seat\": 0, \"tile\": \"9m\"},"                                  \
        "{\"type\": \"draw\", \"seat\": 1, \"tile\": \"5p\"},"                                     \
        "{\"type\": \"win\", \"seat\": 1, \"from\": 1, \"tile\": \"5p\"" payments "}")

/* the finding of CODE in verifying DOC: its expected and recorded values in EXP, REC */
static bool finding(const char *doc, const char *code, char exp[96], char rec[96])
{
    paifu_report *rep = verify_json(doc);
    bool found = false;
    for (size_t i = 0; i < paifu_report_count(rep); i++) {
        const paifu_finding *f = paifu_report_finding(rep, i);
        if (strcmp(f->code, code) == 0 && !found) {
            snprintf(exp, 96, "%s", f->expected);
            snprintf(rec, 96, "%s", f->recorded);
            found = true;
        }
    }
    paifu_report_free(rep);
    return found;
}

static void tsumo_payments(void **state)
{
    (void)state;
    char exp[96], rec[96];
    assert_false(finding(TSUMO(", \"payment_nondealer\": 8000, \"payment_dealer\": 16000"),
                         "score.points", exp, rec));
    assert_true(finding(TSUMO(", \"payment_nondealer\": 700, \"payment_dealer\": 1300"),
                        "score.points", exp, rec));
    assert_string_equal(exp, "8000/16000");
    assert_string_equal(rec, "700/1300");
    /* the dealer's share alone wrong */
    assert_true(finding(TSUMO(", \"payment_nondealer\": 8000, \"payment_dealer\": 8000"),
                        "score.points", exp, rec));
    assert_string_equal(rec, "8000/8000");
}

static void winning_tiles(void **state)
{
    (void)state;
    char exp[96], rec[96];
    /* a tsumo on another tile than the one drawn */
    assert_true(finding(DOC("{\"type\": \"draw\", \"seat\": 0, \"tile\": \"9m\"},"
                            "{\"type\": \"discard\", \"seat\": 0, \"tile\": \"9m\"},"
                            "{\"type\": \"draw\", \"seat\": 1, \"tile\": \"5p\"},"
                            "{\"type\": \"win\", \"seat\": 1, \"from\": 1, \"tile\": \"2p\"}"),
                        "win.tile", exp, rec));
    assert_string_equal(exp, "5p");
    assert_string_equal(rec, "2p");
    /* a ron on another tile than the discard */
    const char *ron = DOC("{\"type\": \"draw\", \"seat\": 0, \"tile\": \"2p\"},"
                          "{\"type\": \"discard\", \"seat\": 0, \"tile\": \"2p\"},"
                          "{\"type\": \"win\", \"seat\": 1, \"from\": 0, \"tile\": \"2p\"}");
    assert_false(finding(ron, "win.tile", exp, rec));
    assert_true(finding(DOC("{\"type\": \"draw\", \"seat\": 0, \"tile\": \"2p\"},"
                            "{\"type\": \"discard\", \"seat\": 0, \"tile\": \"2p\"},"
                            "{\"type\": \"win\", \"seat\": 1, \"from\": 0, \"tile\": \"5p\"}"),
                        "win.tile", exp, rec));
    assert_string_equal(exp, "2p");
    assert_string_equal(rec, "5p");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tsumo_payments),
        cmocka_unit_test(winning_tiles),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
