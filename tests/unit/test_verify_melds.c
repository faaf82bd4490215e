/*
 * test_verify_melds.c: calls the riichi re-simulator refuses as melds (shared/rules/
 * riichi-rulesets.md: a pon is three of one kind, a chi a run of one suit from the player
 * before), and a flower, which a riichi game's tile set has none of (136 tiles: RRC 2024 §2.1).
 * Each breaking deal has one event changed from a deal that verifies with no finding.
 *
 * The deal (written for this test): the dealer holds 123m456p78s11z555z and discards the 6p it
 * draws; seat 1 (234567m45p67855s, the seat after it) may chi it, seat 3 (23m66p9p444s12277z)
 * may pon it. The deal has no outcome (log.truncated): only the calls are checked.
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

#define DOC(events)                                                                                \
    "{\"paifu\": 1, \"rules\": {\"preset\": \"rrc\", \"overrides\": {\"game_length\": "            \
    "\"single\"}}, \"players\": [\"A\", \"B\", \"C\", \"D\"],"                                     \
    "\"deals\": [{\"round\": \"E1\", \"dealer\": 0, \"honba\": 0, \"riichi_sticks\": 0,"           \
    "\"scores\": [30000, 30000, 30000, 30000], \"dora_indicator\": \"1p\", \"hands\": "            \
    "[\"123m456p78s11z555z\", \"234567m45p67855s\", \"123456m789p1234s\", "                        \
    "\"23m66p9p444s12277z\"], \"events\": ["                                                       \
    "{\"type\": \"draw\", \"seat\": 0, \"tile\": \"6p\"},"                                         \
    "{\"type\": \"discard\", \"seat\": 0, \"tile\": \"6p\"}," events "]}]}"

/* a code among those of verifying DOC */
static void codes_are(const char *doc, const char *want)
{
    char got[512];
    verify_json_codes(got, sizeof(got), doc);
    if (!strstr(got, want))
        fail_msg("findings \"%s\" do not include \"%s\"", got, want);
}

static bool has_message(const char *doc, const char *code, const char *words)
{
    paifu_report *rep = verify_json(doc);
    bool found = false;
    for (size_t i = 0; i < paifu_report_count(rep); i++) {
        const paifu_finding *f = paifu_report_finding(rep, i);
        found = found || (strcmp(f->code, code) == 0 && strstr(f->message, words));
    }
    paifu_report_free(rep);
    return found;
}

/* seat 3 pons the 6p with two of its own: a valid meld, no finding but the missing outcome */
static void a_pon_of_three_of_a_kind(void **state)
{
    (void)state;
    char got[512];
    verify_json_codes(got, sizeof(got),
                      DOC("{\"type\": \"pon\", \"seat\": 3, \"from\": 0, \"tile\": \"6p\", "
                          "\"consumed\": \"66p\"},"
                          "{\"type\": \"discard\", \"seat\": 3, \"tile\": \"1z\"}"));
    assert_string_equal(got, "log.truncated;");
}

/* a pon with two tiles of another kind (seat 3's 44s for the 6p) is no meld */
static void a_pon_of_other_tiles(void **state)
{
    (void)state;
    const char *doc = DOC("{\"type\": \"pon\", \"seat\": 3, \"from\": 0, \"tile\": \"6p\", "
                          "\"consumed\": \"44s\"},"
                          "{\"type\": \"discard\", \"seat\": 3, \"tile\": \"1z\"}");
    codes_are(doc, "deal.call;");
    assert_true(has_message(doc, "deal.call", "is not a valid meld"));
}

/* a chi of the previous seat's discard with a run is valid; one that is no run is not */
static void a_chi_that_is_no_run(void **state)
{
    (void)state;
    char got[512];
    verify_json_codes(got, sizeof(got),
                      DOC("{\"type\": \"chi\", \"seat\": 1, \"from\": 0, \"tile\": \"6p\", "
                          "\"consumed\": \"45p\"}"));
    assert_string_equal(got, "log.truncated;");
    const char *doc = DOC("{\"type\": \"chi\", \"seat\": 1, \"from\": 0, \"tile\": \"6p\", "
                          "\"consumed\": \"55s\"}");
    codes_are(doc, "deal.call;");
    assert_true(has_message(doc, "deal.call", "is not a valid meld"));
}

/* RRC 2024 §2.1: 136 tiles, no flowers */
static void a_flower_in_a_riichi_game(void **state)
{
    (void)state;
    const char *doc = DOC("{\"type\": \"flower\", \"seat\": 1, \"tile\": \"1f\"}");
    codes_are(doc, "log.structure;");
    assert_true(has_message(doc, "log.structure", "a flower in a riichi game"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_pon_of_three_of_a_kind),
        cmocka_unit_test(a_pon_of_other_tiles),
        cmocka_unit_test(a_chi_that_is_no_run),
        cmocka_unit_test(a_flower_in_a_riichi_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
