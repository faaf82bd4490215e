/*
 * count_findings.h: the findings of a game verified as `paifu validate` does by default (its
 * own rule set, else rrc), counted: those with code CODE, or, when CODE is NULL, all but those
 * whose code starts with SKIP (NULL: none). The others are printed, to explain a failure.
 * Shared by test_mjai_read.c and test_archives.c; include it after cmocka.h and paifu.h.
 */
#ifndef PAIFU_TEST_COUNT_FINDINGS_H
#define PAIFU_TEST_COUNT_FINDINGS_H

#include <string.h>

static inline size_t count_findings(const paifu_game *g, const char *code, const char *skip)
{
    paifu_rules *rules = NULL;
    paifu_report *rep = NULL;
    assert_int_equal(paifu_game_rules(&rules, g, "rrc", NULL), 0);
    assert_int_equal(paifu_report_new(&rep, NULL), 0);
    assert_int_equal(paifu_verify_game(rep, g, rules, NULL, NULL), 0);
    size_t n = 0;
    for (size_t i = 0; i < paifu_report_count(rep); i++) {
        const paifu_finding *f = paifu_report_finding(rep, i);
        bool counted = code ? strcmp(f->code, code) == 0
                            : !(skip && strncmp(f->code, skip, strlen(skip)) == 0);
        if (counted)
            n++;
        if (!code || !counted)
            print_message("(finding %s: %s)\n", f->code, f->message);
    }
    paifu_report_free(rep);
    paifu_rules_free(rules);
    return n;
}

#endif
