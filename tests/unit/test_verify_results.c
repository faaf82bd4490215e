/*
 * test_verify_results.c: the replay's score of every win, kept in the report
 * (paifu_report_win_result): the value validate's findings give as expected, for the last game
 * verified only. Over samples/handmade-rrc-one-deal.paifu.json (one ron, 2 han 30 fu, 2000)
 * and a copy whose recorded fu is wrong; samples/synthetic-tenhou.mjlog has no win.
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

#include "text_file.h"
#include "verify_json.h"

static void the_win_as_replayed(void **state)
{
    (void)state;
    file_text t = load(PAIFU_SAMPLES_DIR "/handmade-rrc-one-deal.paifu.json");
    assert_non_null(t.s);
    paifu_report *rep;
    assert_int_equal(paifu_report_new(&rep, NULL), 0);
    verify_buffer_into(rep, t.s, t.n);
    assert_int_equal(paifu_report_count(rep), 0);
    const paifu_win_result *r = paifu_report_win_result(rep, 0, 0);
    assert_non_null(r);
    assert_int_equal(r->deal, 0);
    assert_int_equal(r->win, 0);
    assert_int_equal(r->score.status, PAIFU_SCORE_OK);
    assert_int_equal(r->score.han, 2);
    assert_int_equal(r->score.fu, 30);
    assert_int_equal(r->score.total, 2000);
    assert_int_equal(r->score.n_yaku, 2); /* pinfu and tanyao; no dora, no riichi */
    assert_null(paifu_report_win_result(rep, 0, 1)); /* one win in the deal */
    assert_null(paifu_report_win_result(rep, 1, 0)); /* one deal in the game */
    paifu_report_clear(rep);
    assert_null(paifu_report_win_result(rep, 0, 0));
    paifu_report_free(rep);
    free(t.s);
}

static void the_expected_value_of_a_finding(void **state)
{
    (void)state;
    file_text t = load(PAIFU_SAMPLES_DIR "/handmade-rrc-one-deal.paifu.json");
    assert_non_null(t.s);
    char *at = strstr(t.s, "\"fu\": 30");
    assert_non_null(at);
    at[6] = '4'; /* recorded 40 fu */
    paifu_report *rep;
    assert_int_equal(paifu_report_new(&rep, NULL), 0);
    verify_buffer_into(rep, t.s, t.n);
    const paifu_finding *fu = NULL;
    for (size_t i = 0; i < paifu_report_count(rep); i++)
        if (strcmp(paifu_report_finding(rep, i)->code, "score.fu") == 0)
            fu = paifu_report_finding(rep, i);
    assert_non_null(fu);
    assert_string_equal(fu->recorded, "40");
    const paifu_win_result *r = paifu_report_win_result(rep, 0, 0);
    assert_non_null(r);
    char fu_text[16];
    snprintf(fu_text, sizeof(fu_text), "%d", r->score.fu);
    assert_string_equal(fu->expected, fu_text); /* 30: the finding's expected value */
    paifu_report_free(rep);
    free(t.s);
}

static void only_the_last_game(void **state)
{
    (void)state;
    file_text a = load(PAIFU_SAMPLES_DIR "/handmade-rrc-one-deal.paifu.json");
    file_text b = load(PAIFU_SAMPLES_DIR "/synthetic-tenhou.mjlog");
    assert_non_null(a.s);
    assert_non_null(b.s);
    paifu_report *rep;
    assert_int_equal(paifu_report_new(&rep, NULL), 0);
    verify_buffer_into(rep, a.s, a.n);
    assert_non_null(paifu_report_win_result(rep, 0, 0));
    verify_buffer_into(rep, b.s, b.n); /* no win: the last game's results are gone */
    assert_null(paifu_report_win_result(rep, 0, 0));
    assert_null(paifu_report_win_result(NULL, 0, 0));
    paifu_report_free(rep);
    free(a.s);
    free(b.s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_win_as_replayed),
        cmocka_unit_test(the_expected_value_of_a_finding),
        cmocka_unit_test(only_the_last_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
