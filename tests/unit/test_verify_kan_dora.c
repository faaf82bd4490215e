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

#define DORA "{\"type\": \"dora\", \"tile\": \"3m\"},"

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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(no_kan_dora_expects_none),
        cmocka_unit_test(no_kan_dora_refuses_one),
        cmocka_unit_test(kan_dora_expects_one),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
