/*
 * verify_codes.h: verify GAME under RULES and list the codes of the findings in CODES as
 * ",a,b," (",": none), so that a test can look for ",code,". Returns the number of findings.
 * Shared by tests/vectors/kinds_settle.c and tests/unit/test_sanma_tsumo.c; include it after
 * cmocka.h and paifu.h.
 */
#ifndef PAIFU_TEST_VERIFY_CODES_H
#define PAIFU_TEST_VERIFY_CODES_H

#include <stdio.h>
#include <string.h>

static inline size_t verify_codes(const paifu_game *game, const paifu_rules *rules, char *codes,
                                  size_t size)
{
    paifu_report *rep = NULL;
    assert_int_equal(paifu_report_new(&rep, NULL), 0);
    paifu_error err;
    paifu_error_clear(&err);
    assert_int_equal(paifu_verify_game(rep, game, rules, NULL, &err), 0);
    size_t n = paifu_report_count(rep);
    snprintf(codes, size, ",");
    for (size_t i = 0; i < n; i++) {
        size_t used = strlen(codes);
        snprintf(codes + used, size - used, "%s,", paifu_report_finding(rep, i)->code);
    }
    paifu_report_free(rep);
    return n;
}

#endif
