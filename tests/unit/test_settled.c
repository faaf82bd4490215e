/*
 * test_settled.c: the settled view (paifu/settled.h) of score sheets under ema, rrc, jhc2016 and
 * mcr: every deal's label, dealer, honba and sticks, every outcome's payments and the running
 * scores, each value worked out here by hand from the rule documents' arithmetic; and the
 * score.delta of a win whose recorded fu is wrong (expected values from paifu's own hand only).
 *
 * The sheet is samples/pantheon-ema-sheet.txt's game (its final points are the sheet's own):
 *   1 ron anna from chen 2han 40fu, riichi anna            dealer anna (E1-0)
 *   2 ron boris from dana 3han 30fu + chen 2han 40fu, riichi dana    (E1-1: anna renchan)
 *   3 tsumo dana 4han 20fu, riichi dana                    dealer boris (E2-0)
 *   4 draw, tenpai anna boris, riichi boris                dealer chen (E3-0)
 *   5 ron chen from anna 5han (mangan), riichi chen        dealer dana (E4-1)
 * Base points are fu x 2^(2+han) (RRC 2024 §3.7; EMA 2012 §3.4.9 table), a non-dealer's ron 4x,
 * a dealer's 6x, rounded up to 100; a mangan 8000 / 12000.
 * Honba: 300 per counter (RRC 2024 §3.9; EMA 2012 §3.4.10; JHC 2016 §7.3.1.11), laid after a
 * dealer's win or a draw; the dealer passes on otherwise (EMA 2012 §3.4.12).
 * A double ron: both winners get the honba under RRC and EMA, the riichi sticks go to the first
 * winner from the discarder (RRC 2024 §3.3.5); JHC 2016 §7.3.1.10 gives sticks and honba to
 * that one winner only. Noten: 3000 split (RRC 2024 §3.8; EMA 2012 §3.4.2).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h> /* in a block of its own: after the headers it needs */

#include "paifu.h"
#include "text_file.h"

static const char SHEET[] =
    "anna:25800 boris:33100 chen:35500 dana:25600\n"
    "ron anna from chen 2han 40fu (riichi tanyao) riichi anna\n"
    "ron boris from dana 3han 30fu (yakuhai1 honitsu)\n"
    "also chen 2han 40fu (yakuhai1 dora) riichi dana\n"
    "tsumo dana 4han 20fu (riichi pinfu tsumo dora)\n"
    "  riichi dana\n"
    "draw tempai anna boris riichi boris\n"
    "ron chen from anna 5han (riichi ippatsu tanyao dora 2) riichi chen\n";

typedef struct settled_run {
    paifu_game *game;
    paifu_rules *rules;
    paifu_report *report;
    paifu_settled *view;
} settled_run;

static settled_run settle(const char *text, const char *preset)
{
    settled_run r;
    paifu_error err;
    paifu_error_clear(&err);
    paifu_read_options ro = PAIFU_READ_OPTIONS_INIT;
    ro.source_name = "sheet";
    if (paifu_game_read_buffer(&r.game, text, strlen(text), &ro, &err) < 0)
        fail_msg("not read: %s", err.text);
    assert_int_equal(paifu_rules_preset(&r.rules, preset, &err), 0);
    assert_int_equal(paifu_report_new(&r.report, &err), 0);
    if (paifu_game_settle(&r.view, r.game, r.rules, r.report, NULL, &err) < 0)
        fail_msg("not settled: %s", err.text);
    return r;
}

static void done(settled_run *r)
{
    paifu_settled_free(r->view);
    paifu_report_free(r->report);
    paifu_rules_free(r->rules);
    paifu_game_free(r->game);
}

static void assert_seats(const int32_t *got, int32_t a, int32_t b, int32_t c, int32_t d)
{
    int32_t want[4] = {a, b, c, d};
    for (int s = 0; s < 4; s++)
        if (got[s] != want[s])
            fail_msg("seat %d: %d, expected %d (%d %d %d %d)", s, got[s], want[s], got[0], got[1],
                     got[2], got[3]);
}

/* Labels, dealers, honba and sticks at the start of every deal, the same under the three. */
static void check_starts(const paifu_settled *v)
{
    static const char *const labels[] = {"E1-0", "E1-1", "E2-0", "E3-0", "E4-1"};
    static const int dealers[] = {0, 0, 1, 2, 3}, honba[] = {0, 1, 0, 0, 1};
    static const int sticks[] = {0, 0, 0, 0, 1}; /* boris's stick of the draw stays (§3.4.4) */
    assert_int_equal(paifu_settled_deal_count(v), 5);
    for (size_t d = 0; d < 5; d++) {
        const paifu_settled_deal *x = paifu_settled_deal_get(v, d);
        assert_string_equal(x->label, labels[d]);
        assert_int_equal(x->dealer, dealers[d]);
        assert_int_equal(x->honba, honba[d]);
        assert_int_equal(x->riichi_sticks, sticks[d]);
        assert_false(x->marks & PAIFU_SETTLED_REC_ROUND); /* a sheet names no round */
    }
    assert_int_equal(paifu_settled_deal_get(v, 1)->n_rows, 2); /* the double ron */
    assert_int_equal(paifu_settled_row_count(v), 6);
    for (size_t i = 0; i < 6; i++) {
        const paifu_settled_row *row = paifu_settled_row_get(v, i);
        assert_true(row->paid);
        assert_false(row->marks & PAIFU_SETTLED_REC_DELTAS); /* a sheet records no payments */
    }
}

static void test_sheet_ema_rrc(void **state)
{
    (void)state;
    static const char *const presets[] = {"ema", "rrc"};
    for (int p = 0; p < 2; p++) {
        settled_run r = settle(SHEET, presets[p]);
        const paifu_settled *v = r.view;
        check_starts(v);
        const paifu_settled_row *x;
        /* 1: dealer ron 2han 40fu: 640 x 6 = 3840 -> 3900, with anna's own stick back */
        x = paifu_settled_row_get(v, 0);
        assert_int_equal(x->points, 3900);
        assert_true(x->marks & PAIFU_SETTLED_REC_HAN);
        assert_seats(x->deltas, 4900, 0, -3900, 0);
        assert_seats(x->scores_after, 33900, 30000, 26100, 30000);
        /* 2: 3han 30fu 960 x 4 -> 3900 and 2han 40fu 640 x 4 -> 2600, 300 honba each; dana's
           stick to boris, the first winner from dana */
        x = paifu_settled_row_get(v, 1);
        assert_int_equal(x->honba, 1);
        assert_int_equal(x->sticks, 1000);
        assert_seats(x->deltas, 0, 5200, 0, -4200);
        x = paifu_settled_row_get(v, 2);
        assert_int_equal(x->honba, 1);
        assert_int_equal(x->sticks, 0);
        assert_seats(x->deltas, 0, 0, 2900, -2900);
        assert_seats(x->scores_after, 33900, 35200, 29000, 21900);
        /* 3: non-dealer tsumo 4han 20fu: 1280 -> 1300 / 2600 from the dealer boris */
        x = paifu_settled_row_get(v, 3);
        assert_seats(x->deltas, -1300, -2600, -1300, 6200);
        assert_seats(x->scores_after, 32600, 32600, 27700, 27100);
        /* 4: two tenpai: 1500 each from the two noten */
        x = paifu_settled_row_get(v, 4);
        assert_seats(x->deltas, 1500, 1500, -1500, -1500);
        assert_seats(x->scores_after, 34100, 33100, 26200, 25600);
        /* 5: mangan ron 8000 + 300 honba + two sticks */
        x = paifu_settled_row_get(v, 5);
        assert_int_equal(x->points, 8000);
        assert_seats(x->deltas, -8300, 0, 10300, 0);
        /* the running scores after the last deal are the sheet's final points */
        assert_seats(x->scores_after, 25800, 33100, 35500, 25600);
        const paifu_settled_result *res = paifu_settled_result_get(v);
        assert_true(res->has_points && res->has_final);
        assert_true(res->marks & PAIFU_SETTLED_REC_FINAL_POINTS);
        assert_false(res->marks & PAIFU_SETTLED_REC_FINAL);
        /* uma 15/5 on 30000 returned (EMA 2012 §3.6.1 in thousands; RRC 2024 §3.12) */
        assert_seats(res->final, 25800 - 30000 - 5000, 33100 - 30000 + 5000,
                     35500 - 30000 + 15000, 25600 - 30000 - 15000);
        assert_int_equal(paifu_report_count(r.report), 0);
        done(&r);
    }
}

/* The same sheet as paifu JSON result-only deals, without final points. */
static const char JSON_SHEET[] =
    "{\"paifu\": 1, \"players\": [\"anna\", \"boris\", \"chen\", \"dana\"], \"deals\": [\n"
    "{\"result_only\": true, \"events\": [{\"type\": \"riichi_accepted\", \"seat\": 0},\n"
    " {\"type\": \"win\", \"seat\": 0, \"from\": 2, \"han\": 2, \"fu\": 40}]},\n"
    "{\"result_only\": true, \"events\": [{\"type\": \"riichi_accepted\", \"seat\": 3},\n"
    " {\"type\": \"win\", \"seat\": 1, \"from\": 3, \"han\": 3, \"fu\": 30},\n"
    " {\"type\": \"win\", \"seat\": 2, \"from\": 3, \"han\": 2, \"fu\": 40}]},\n"
    "{\"result_only\": true, \"events\": [{\"type\": \"riichi_accepted\", \"seat\": 3},\n"
    " {\"type\": \"win\", \"seat\": 3, \"from\": 3, \"han\": 4, \"fu\": 20}]},\n"
    "{\"result_only\": true, \"events\": [{\"type\": \"riichi_accepted\", \"seat\": 1},\n"
    " {\"type\": \"exhaustive_draw\", \"tenpai\": [0, 1]}]},\n"
    "{\"result_only\": true, \"events\": [{\"type\": \"riichi_accepted\", \"seat\": 2},\n"
    " {\"type\": \"win\", \"seat\": 2, \"from\": 0, \"han\": 5}]}]}\n";

/* JHC 2016: 25000 each (§6.2.3); the double ron's sticks and honba to one winner only
   (§7.3.1.10); final points without recorded ones are the walk's. */
static void test_sheet_jhc2016(void **state)
{
    (void)state;
    settled_run r = settle(JSON_SHEET, "jhc2016");
    const paifu_settled *v = r.view;
    check_starts(v);
    assert_seats(paifu_settled_row_get(v, 0)->scores_after, 28900, 25000, 21100, 25000);
    const paifu_settled_row *x = paifu_settled_row_get(v, 1);
    assert_seats(x->deltas, 0, 5200, 0, -4200);
    x = paifu_settled_row_get(v, 2);
    assert_int_equal(x->honba, 0);
    assert_seats(x->deltas, 0, 0, 2600, -2600);
    assert_seats(x->scores_after, 28900, 30200, 23700, 17200);
    assert_seats(paifu_settled_row_get(v, 3)->scores_after, 27600, 27600, 22400, 22400);
    assert_seats(paifu_settled_row_get(v, 4)->scores_after, 29100, 28100, 20900, 20900);
    x = paifu_settled_row_get(v, 5);
    assert_seats(x->scores_after, 20800, 28100, 30200, 20900);
    const paifu_settled_result *res = paifu_settled_result_get(v);
    assert_true(res->has_points);
    assert_false(res->marks & PAIFU_SETTLED_REC_FINAL_POINTS); /* computed by the walk */
    assert_seats(res->points, 20800, 28100, 30200, 20900);
    assert_int_equal(res->place12[2], 12);
    assert_int_equal(res->place12[0], 48);
    done(&r);
}

/* MCR: every hand passes the deal on (001: the dealer changes after every hand); a discarded
   win: the discarder pays 8 + the fan total, the others 8; self-drawn: each 8 + the total
   (001 L252-268); a draw pays nothing. */
static void test_sheet_mcr(void **state)
{
    (void)state;
    const char *json =
        "{\"paifu\": 1, \"rules\": \"mcr\", \"players\": [\"a\", \"b\", \"c\", \"d\"], "
        "\"deals\": [\n"
        "{\"result_only\": true, \"events\": [{\"type\": \"win\", \"seat\": 1, \"from\": 0, "
        "\"han\": 10}]},\n"
        "{\"result_only\": true, \"events\": [{\"type\": \"win\", \"seat\": 2, \"from\": 2, "
        "\"han\": 8}]},\n"
        "{\"result_only\": true, \"events\": [{\"type\": \"exhaustive_draw\"}]}]}\n";
    settled_run r = settle(json, "mcr");
    const paifu_settled *v = r.view;
    assert_int_equal(paifu_settled_deal_count(v), 3);
    for (size_t d = 0; d < 3; d++) {
        const paifu_settled_deal *x = paifu_settled_deal_get(v, d);
        assert_int_equal(x->round_wind, 0);
        assert_int_equal(x->hand_number, d);
        assert_int_equal(x->dealer, (int)d);
        assert_int_equal(x->honba, 0);
    }
    const paifu_settled_row *x = paifu_settled_row_get(v, 0);
    assert_int_equal(x->han, 10);
    assert_seats(x->deltas, -18, 34, -8, -8);
    x = paifu_settled_row_get(v, 1);
    assert_seats(x->deltas, -16, -16, 48, -16);
    assert_seats(x->scores_after, -34, 18, 40, -24);
    x = paifu_settled_row_get(v, 2);
    assert_seats(x->deltas, 0, 0, 0, 0);
    const paifu_settled_result *res = paifu_settled_result_get(v);
    assert_true(res->has_points);
    assert_seats(res->points, -34, 18, 40, -24);
    done(&r);
}

/* A win recorded with 40 fu where the hand has 30 (234567m345p678s55s pinfu tanyao ron: 20 +
   10 menzen ron = 30 fu, yaku.md section 5), payments untouched (2000: 2han 30fu ron, 480 x 4
   -> 2000): score.fu, and no score.delta expecting the 40 fu's 2600. */
static int count_code(const paifu_report *rep, const char *code, const char **expected)
{
    int n = 0;
    for (size_t i = 0; i < paifu_report_count(rep); i++)
        if (strcmp(paifu_report_finding(rep, i)->code, code) == 0) {
            n++;
            if (expected)
                *expected = paifu_report_finding(rep, i)->expected;
        }
    return n;
}

static char *edited(const char *from, const char *to)
{
    file_text t = load(PAIFU_SAMPLES_DIR "/handmade-rrc-one-deal.paifu.json");
    assert_non_null(t.s);
    char *at = strstr(t.s, from);
    assert_non_null(at);
    size_t a = strlen(from), b = strlen(to);
    char *out = malloc(t.n - a + b + 1);
    assert_non_null(out);
    memcpy(out, t.s, (size_t)(at - t.s));
    memcpy(out + (at - t.s), to, b);
    strcpy(out + (at - t.s) + b, at + a);
    free(t.s);
    return out;
}

static void test_wrong_fu(void **state)
{
    (void)state;
    const char *expected = NULL;
    /* the sample as it is: no finding at all */
    char *text = edited("\"fu\": 30", "\"fu\": 30");
    settled_run r = settle(text, "rrc");
    assert_int_equal(count_code(r.report, "score.fu", NULL), 0);
    assert_int_equal(count_code(r.report, "score.delta", NULL), 0);
    done(&r);
    free(text);
    /* fu 40, payments of 30 fu: score.fu expects 30; the payments are right */
    text = edited("\"fu\": 30", "\"fu\": 40");
    r = settle(text, "rrc");
    assert_int_equal(count_code(r.report, "score.fu", &expected), 1);
    assert_string_equal(expected, "30");
    assert_int_equal(count_code(r.report, "score.delta", NULL), 0);
    const paifu_settled_row *x = paifu_settled_row_get(r.view, 0);
    assert_true(x->marks & PAIFU_SETTLED_FROM_TILES);
    assert_int_equal(x->fu, 30);
    assert_int_equal(x->points, 2000);
    done(&r);
    free(text);
    /* fu 40 and the payments of 40 fu (640 x 4 -> 2600): one root cause, one finding */
    text = edited("\"fu\": 30", "\"fu\": 40");
    char *both = strstr(text, "\"deltas\": [-2000, 2000, 0, 0]");
    assert_non_null(both);
    memcpy(both, "\"deltas\": [-2600, 2600, 0, 0]", strlen("\"deltas\": [-2600, 2600, 0, 0]"));
    r = settle(text, "rrc");
    assert_int_equal(count_code(r.report, "score.fu", NULL), 1);
    assert_int_equal(count_code(r.report, "score.delta", NULL), 0);
    done(&r);
    free(text);
    /* payments neither value gives: score.delta expects the 30 fu hand's 2000 */
    text = edited("\"deltas\": [-2000, 2000, 0, 0]", "\"deltas\": [-2300, 2300, 0, 0]");
    char *fu = strstr(text, "\"fu\": 30");
    memcpy(fu, "\"fu\": 40", 8);
    r = settle(text, "rrc");
    assert_int_equal(count_code(r.report, "score.delta", &expected), 1);
    assert_string_equal(expected, "-2000,2000,0,0");
    done(&r);
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sheet_ema_rrc),
        cmocka_unit_test(test_sheet_jhc2016),
        cmocka_unit_test(test_sheet_mcr),
        cmocka_unit_test(test_wrong_fu),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
