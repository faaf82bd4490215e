/*
 * test_verify_kan_dora.c: the rule parameter kan_dora in the re-simulator. Under rules without
 * kan dora (JPML official rules) a kan reveals no indicator: none is expected before the kan
 * player's next discard, and one revealed anyway is a finding; under the default rules the
 * missing indicator is the finding.
 *
 * The deal (written for this test): the dealer holds 123m456p78s11z555z, draws the fourth 5z,
 * declares a closed kan, draws 2p from the dead wall and discards it; seat 1 (234567m34p678s55s)
 * wins on it. No value is recorded, so only the tiles and the dora are checked.
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

#define DOC(kan_dora, dora_event)                                                                  \
    "{\"paifu\": 1, \"rules\": {\"preset\": \"rrc\", \"overrides\": {\"game_length\": "            \
    "\"single\", \"kan_dora\": " kan_dora "}}, \"players\": [\"A\", \"B\", \"C\", \"D\"],"         \
    "\"deals\": [{\"round\": \"E1\", \"dealer\": 0, \"honba\": 0, \"riichi_sticks\": 0,"           \
    "\"scores\": [30000, 30000, 30000, 30000], \"dora_indicator\": \"1p\", \"hands\": "            \
    "[\"123m456p78s11z555z\", \"234567m34p67855s\", \"123456m789p1234s\", "                        \
    "\"23m666p444s12277z\"], \"events\": ["                                                        \
    "{\"type\": \"draw\", \"seat\": 0, \"tile\": \"5z\"},"                                         \
    "{\"type\": \"ankan\", \"seat\": 0, \"tile\": \"5z\", \"consumed\": \"5555z\"},"               \
    "{\"type\": \"draw\", \"seat\": 0, \"tile\": \"2p\", \"replacement\": true}," dora_event       \
    "{\"type\": \"discard\", \"seat\": 0, \"tile\": \"2p\"},"                                      \
    "{\"type\": \"win\", \"seat\": 1, \"from\": 0, \"tile\": \"2p\"}]}]}"

#define DORA "{\"type\": \"dora\", \"tile\": \"9p\"}," /* 3m would be a fifth */

static void no_kan_dora_expects_none(void **state)
{
    (void)state;
    char got[256];
    verify_json_codes(got, sizeof(got), DOC("false", ""));
    assert_string_equal(got, "");
}

static void no_kan_dora_refuses_one(void **state)
{
    (void)state;
    char got[256];
    verify_json_codes(got, sizeof(got), DOC("false", DORA));
    assert_string_equal(got, "deal.dora;");
}

static void kan_dora_expects_one(void **state)
{
    (void)state;
    char got[256];
    verify_json_codes(got, sizeof(got), DOC("true", ""));
    assert_string_equal(got, "deal.dora;");
    verify_json_codes(got, sizeof(got), DOC("true", DORA));
    assert_string_equal(got, "");
}

/*
 * A robbed added kan reveals no indicator. RRC 2024 §3.3.5: a kan robbed by chankan is not
 * declared (so no kan dora). The deal (written for this test): seat 3 calls pon on the
 * dealer's 8p, later draws the fourth 8p and adds it to the pon; seat 2
 * (123456m79p11234s) robs it by ron (chankan).
 */
#define ROB_DOC(dora_event)                                                                        \
    "{\"paifu\": 1, \"rules\": {\"preset\": \"rrc\", \"overrides\": {\"game_length\": "            \
    "\"single\"}}, \"players\": [\"A\", \"B\", \"C\", \"D\"],"                                         \
    "\"deals\": [{\"round\": \"E1\", \"dealer\": 0, \"honba\": 0, \"riichi_sticks\": 0,"           \
    "\"scores\": [30000, 30000, 30000, 30000], \"dora_indicator\": \"9m\", \"hands\": "            \
    "[\"1199m55p2379s346z\", \"234567m34p67855s\", \"123456m79p11234s\", "                        \
    "\"23m88p444s122777z\"], \"events\": ["                                                        \
    "{\"type\": \"draw\", \"seat\": 0, \"tile\": \"8p\"},"                                         \
    "{\"type\": \"discard\", \"seat\": 0, \"tile\": \"8p\"},"                                      \
    "{\"type\": \"pon\", \"seat\": 3, \"from\": 0, \"tile\": \"8p\", \"consumed\": \"88p\"},"       \
    "{\"type\": \"discard\", \"seat\": 3, \"tile\": \"2z\"},"                                      \
    "{\"type\": \"draw\", \"seat\": 0, \"tile\": \"1p\"},"                                         \
    "{\"type\": \"discard\", \"seat\": 0, \"tile\": \"1p\"},"                                      \
    "{\"type\": \"draw\", \"seat\": 1, \"tile\": \"9s\"},"                                         \
    "{\"type\": \"discard\", \"seat\": 1, \"tile\": \"9s\"},"                                      \
    "{\"type\": \"draw\", \"seat\": 2, \"tile\": \"3z\"},"                                         \
    "{\"type\": \"discard\", \"seat\": 2, \"tile\": \"3z\"},"                                      \
    "{\"type\": \"draw\", \"seat\": 3, \"tile\": \"8p\"},"                                         \
    "{\"type\": \"shouminkan\", \"seat\": 3, \"tile\": \"8p\", \"consumed\": \"888p\"},"           \
    dora_event "{\"type\": \"win\", \"seat\": 2, \"from\": 3, \"tile\": \"8p\"}]}]}"

static void robbed_added_kan_without_indicator(void **state)
{
    (void)state;
    char got[256];
    verify_json_codes(got, sizeof(got), ROB_DOC(""));
    assert_string_equal(got, "");
}

static void robbed_added_kan_with_an_indicator(void **state)
{
    (void)state;
    char got[256];
    verify_json_codes(got, sizeof(got), ROB_DOC("{\"type\": \"dora\", \"tile\": \"9p\"},"));
    assert_string_equal(got, "deal.dora;");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(no_kan_dora_expects_none),
        cmocka_unit_test(no_kan_dora_refuses_one),
        cmocka_unit_test(kan_dora_expects_one),
        cmocka_unit_test(robbed_added_kan_without_indicator),
        cmocka_unit_test(robbed_added_kan_with_an_indicator),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
