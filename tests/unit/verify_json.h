/*
 * verify_json.h: verify a game given as paifu JSON text under the rules it names, for the
 * verifier tests that write their games inline (test_verify_*.c). Include it after cmocka.h.
 */
#ifndef PAIFU_TEST_VERIFY_JSON_H
#define PAIFU_TEST_VERIFY_JSON_H

#include <string.h>

#include "paifu.h"

/* Verify the game in TEXT[0..N), any format paifu reads, under the rules it names into REP
   (not cleared first; its findings printed). */
static inline void verify_buffer_into(paifu_report *rep, const char *text, size_t n)
{
    paifu_game *g = NULL;
    paifu_error err;
    paifu_error_clear(&err);
    if (paifu_game_read_buffer(&g, text, n, NULL, &err) < 0)
        fail_msg("read: %s", err.text);
    paifu_rules *rules;
    assert_int_equal(paifu_game_rules(&rules, g, NULL, NULL), 0);
    assert_int_equal(paifu_verify_game(rep, g, rules, NULL, NULL), 0);
    for (size_t i = 0; i < paifu_report_count(rep); i++)
        print_message("  %s: %s\n", paifu_report_finding(rep, i)->code,
                      paifu_report_finding(rep, i)->message);
    paifu_rules_free(rules);
    paifu_game_free(g);
}

/* The report of verifying the game in TEXT[0..N) (verify_buffer_into); free with
   paifu_report_free(). */
static inline paifu_report *verify_buffer(const char *text, size_t n)
{
    paifu_report *rep;
    assert_int_equal(paifu_report_new(&rep, NULL), 0);
    verify_buffer_into(rep, text, n);
    return rep;
}

/* The report of verifying JSON; free with paifu_report_free(). */
static inline paifu_report *verify_json(const char *json)
{
    return verify_buffer(json, strlen(json));
}

/* The codes of the findings of verifying JSON, as "code;code;" in OUT[SIZE]. */
static inline void verify_json_codes(char *out, size_t size, const char *json)
{
    paifu_report *rep = verify_json(json);
    out[0] = '\0';
    for (size_t i = 0; i < paifu_report_count(rep); i++) {
        strncat(out, paifu_report_finding(rep, i)->code, size - strlen(out) - 2);
        strcat(out, ";");
    }
    paifu_report_free(rep);
}

#endif
