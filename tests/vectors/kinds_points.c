/*
 * kinds_points.c: vector runners for han/fu -> points: payment_table, limit_table,
 * points_formula, yakuman_value and honba_bonus (paifu_points_* of paifu/score.h).
 *
 * The payment table's dashes ("impossible") are checked against paifu_points_possible. The
 * yakuman values are checked through the scorer itself, on hands that hold that many yakuman,
 * so that the stacking rule is exercised and not restated here.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "score_internal.h"
#include "vectors.h"

#include <string.h>

static int fu_of(const json_t *in)
{
    const json_t *fu = json_object_get(in, "fu");
    return json_is_integer(fu) ? (int)json_integer_value(fu) : 0;
}

static bool in_list(const json_t *list, const char *what)
{
    size_t i;
    const json_t *x;
    json_array_foreach(list, i, x) if (json_is_string(x) && strcmp(json_string_value(x), what) == 0)
        return true;
    return false;
}

/* A payment field: null means the table's dash (impossible for that win type). */
static void check_cell(const json_t *ex, const char *key, int32_t got, bool possible,
                       bool fu_known)
{
    const json_t *x = json_object_get(ex, key);
    if (!x)
        return;
    if (json_is_null(x)) {
        assert_false(possible);
        return;
    }
    if (fu_known)
        assert_true(possible);
    assert_int_equal(got, json_integer_value(x));
}

static void run_payment_table(void **state)
{
    const vector_case *c = *state;
    const json_t *in = vector_input(c), *ex = vector_expect(c);
    static const char *const keys[] = {"ron", "tsumo_from_nondealer", "tsumo_from_dealer",
                                       "tsumo_each", "tsumo_total", "impossible", "limit", NULL};
    static const char *const text[] = {"impossible_reason", "note", NULL};
    vector_all_keys_handled(ex, keys, text);
    int han = (int)vector_int(in, "han"), fu = fu_of(in);
    bool dealer = vector_bool(in, "dealer"), fu_known = fu > 0;
    paifu_limit limit;
    paifu_payment pay;
    paifu_points_payment(&pay, paifu_points_base(han, fu, c->rules, &limit), dealer);
    bool ron_ok = paifu_points_possible(han, fu, false);
    bool tsumo_ok = paifu_points_possible(han, fu, true);
    check_cell(ex, "ron", pay.ron, ron_ok, fu_known);
    check_cell(ex, "tsumo_from_nondealer", pay.tsumo_nondealer, tsumo_ok, fu_known);
    check_cell(ex, "tsumo_from_dealer", pay.tsumo_dealer, tsumo_ok, fu_known);
    check_cell(ex, "tsumo_each", pay.tsumo_nondealer, tsumo_ok, fu_known);
    int32_t total = dealer ? 3 * pay.tsumo_nondealer : pay.tsumo_dealer + 2 * pay.tsumo_nondealer;
    check_cell(ex, "tsumo_total", total, tsumo_ok, fu_known);
    const json_t *impossible = json_object_get(ex, "impossible");
    if (impossible) {
        assert_int_equal(in_list(impossible, "ron"), !ron_ok);
        assert_int_equal(in_list(impossible, "tsumo"), !tsumo_ok);
    }
    const json_t *lim = json_object_get(ex, "limit");
    if (json_is_null(lim))
        assert_int_equal(limit, PAIFU_LIMIT_NONE);
    else if (lim)
        assert_string_equal(paifu_limit_name(limit), json_string_value(lim));
}

/* k of a payment: its value for base 100 (no rounding involved), divided by 100. */
static void check_coefficients(const json_t *k)
{
    paifu_payment nd, d;
    paifu_points_payment(&nd, 100, false);
    paifu_points_payment(&d, 100, true);
    assert_int_equal(nd.ron / 100, vector_int(k, "nondealer_ron"));
    assert_int_equal(d.ron / 100, vector_int(k, "dealer_ron"));
    assert_int_equal(nd.tsumo_dealer / 100, vector_int(k, "nondealer_tsumo_from_dealer"));
    assert_int_equal(nd.tsumo_nondealer / 100, vector_int(k, "nondealer_tsumo_from_nondealer"));
    assert_int_equal(d.tsumo_nondealer / 100, vector_int(k, "dealer_tsumo_from_each"));
}

/* "points <= 8000 (non-dealer) / 12000 (dealer); above that use limits" */
static void check_formula_range(const paifu_rules *rules)
{
    for (int han = 1; han <= 4; han++)
        for (int fu = 20; fu <= 110; fu += 10) {
            paifu_limit limit;
            paifu_payment nd, d;
            int32_t base = paifu_points_base(han, fu, rules, &limit);
            paifu_points_payment(&nd, base, false);
            paifu_points_payment(&d, base, true);
            assert_true(nd.ron <= 8000 && d.ron <= 12000);
            if (limit == PAIFU_LIMIT_NONE)
                assert_int_equal(base, fu << (han + 2));
        }
}

static void run_points_formula(void **state)
{
    const vector_case *c = *state;
    const json_t *in = vector_input(c), *ex = vector_expect(c);
    static const char *const keys[] = {"base", "raw", "points", "raw_from_nondealer",
                                       "raw_from_dealer", "tsumo_from_nondealer",
                                       "tsumo_from_dealer", "tsumo_each", "tsumo_total", "k",
                                       "formula_applies_while", NULL};
    static const char *const text[] = {"rounding", "note", NULL};
    vector_all_keys_handled(ex, keys, text);
    if (json_object_get(ex, "k")) {
        check_coefficients(json_object_get(ex, "k"));
        check_formula_range(c->rules);
        return;
    }
    int han = (int)vector_int(in, "han"), fu = fu_of(in);
    bool dealer = vector_bool(in, "dealer");
    bool tsumo = strcmp(vector_str(in, "win"), "tsumo") == 0;
    int32_t base = paifu_points_base(han, fu, c->rules, NULL);
    paifu_payment pay;
    paifu_points_payment(&pay, base, dealer);
    if (json_object_get(ex, "base"))
        assert_int_equal(base, vector_int(ex, "base"));
    /* raw = base * k before rounding; the rounded payment is its next multiple of 100 */
    if (json_object_get(ex, "raw")) {
        paifu_payment unit;
        paifu_points_payment(&unit, 100, dealer);
        json_int_t raw = vector_int(ex, "raw");
        assert_int_equal(raw, (json_int_t)base * (unit.ron / 100));
        assert_int_equal(pay.ron, (raw + 99) / 100 * 100);
    }
    if (json_object_get(ex, "points")) {
        assert_false(tsumo);
        assert_int_equal(pay.ron, vector_int(ex, "points"));
    }
    if (json_object_get(ex, "raw_from_nondealer")) {
        assert_int_equal(vector_int(ex, "raw_from_nondealer"), base);
        assert_int_equal(pay.tsumo_nondealer, (base + 99) / 100 * 100);
    }
    if (json_object_get(ex, "raw_from_dealer")) {
        assert_int_equal(vector_int(ex, "raw_from_dealer"), 2 * base);
        assert_int_equal(pay.tsumo_dealer, (2 * base + 99) / 100 * 100);
    }
    if (json_object_get(ex, "tsumo_from_nondealer"))
        assert_int_equal(pay.tsumo_nondealer, vector_int(ex, "tsumo_from_nondealer"));
    if (json_object_get(ex, "tsumo_from_dealer"))
        assert_int_equal(pay.tsumo_dealer, vector_int(ex, "tsumo_from_dealer"));
    if (json_object_get(ex, "tsumo_each"))
        assert_int_equal(pay.tsumo_nondealer, vector_int(ex, "tsumo_each"));
    if (json_object_get(ex, "tsumo_total"))
        assert_int_equal(dealer ? 3 * pay.tsumo_nondealer
                                : pay.tsumo_dealer + 2 * pay.tsumo_nondealer,
                         vector_int(ex, "tsumo_total"));
}

/*
 * Hands holding N yakuman by ron and by tsumo: 13-sided kokushi (single in RRC, 000 §3.5.1);
 * daisangen + tsuuiisou (the open pon keeps a tsumo from adding suuankou).
 */
static const char *const YAKUMAN_HANDS[] = {
    NULL,
    "19m19p19s1234567z +1m",
    "555666z11z22z pon:777z +2z",
};

static void run_yakuman_value(void **state)
{
    const vector_case *c = *state;
    const json_t *in = vector_input(c), *ex = vector_expect(c);
    static const char *const keys[] = {"ron", "tsumo_from_nondealer", "tsumo_from_dealer",
                                       "tsumo_each", NULL};
    static const char *const text[] = {"note", "derived", NULL};
    vector_all_keys_handled(ex, keys, text);
    json_int_t count = vector_int(in, "yakuman_count");
    assert_true(count >= 1 && count <= 2);
    paifu_hand h;
    paifu_situation sit;
    paifu_score sc;
    paifu_situation_init(&sit);
    sit.seat_wind = vector_bool(in, "dealer") ? PAIFU_WIND_EAST : PAIFU_WIND_SOUTH;
    assert_int_equal(paifu_hand_parse(&h, &sit.win_tile, YAKUMAN_HANDS[count], NULL), 0);
    for (int tsumo = 0; tsumo < 2; tsumo++) {
        sit.flags = tsumo ? PAIFU_SIT_TSUMO : 0;
        assert_int_equal(paifu_score_hand(&sc, &h, &sit, c->rules, NULL), 0);
        assert_int_equal(sc.status, PAIFU_SCORE_OK);
        assert_int_equal(sc.yakuman, count);
        if (!tsumo && json_object_get(ex, "ron"))
            assert_int_equal(sc.pay.ron, vector_int(ex, "ron"));
        if (tsumo && json_object_get(ex, "tsumo_from_nondealer"))
            assert_int_equal(sc.pay.tsumo_nondealer, vector_int(ex, "tsumo_from_nondealer"));
        if (tsumo && json_object_get(ex, "tsumo_from_dealer"))
            assert_int_equal(sc.pay.tsumo_dealer, vector_int(ex, "tsumo_from_dealer"));
        if (tsumo && json_object_get(ex, "tsumo_each"))
            assert_int_equal(sc.pay.tsumo_nondealer, vector_int(ex, "tsumo_each"));
    }
}

/* Honba: the rule set's honba_value per counter, from the discarder or split among three. */
static void run_honba_bonus(void **state)
{
    const vector_case *c = *state;
    const json_t *in = vector_input(c), *ex = vector_expect(c);
    static const char *const keys[] = {"total", "honba_value_each", "each_of_three_payers_adds",
                                       "ron_adds", NULL};
    static const char *const text[] = {"note", NULL};
    vector_all_keys_handled(ex, keys, text);
    const struct paifu_rules *r = c->rules;
    json_int_t honba = vector_int(in, "honba");
    bool tsumo = strcmp(vector_str(in, "win"), "tsumo") == 0;
    if (json_object_get(ex, "honba_value_each"))
        assert_int_equal(r->honba_value, vector_int(ex, "honba_value_each"));
    if (json_object_get(ex, "each_of_three_payers_adds"))
        assert_int_equal(r->honba_value / 3 * honba, vector_int(ex, "each_of_three_payers_adds"));
    if (json_object_get(ex, "ron_adds"))
        assert_int_equal(r->honba_value * honba, vector_int(ex, "ron_adds"));
    if (json_object_get(ex, "total")) {
        json_int_t value = json_object_get(in, "hand_value") ? vector_int(in, "hand_value") : 0;
        json_int_t bonus = tsumo ? 3 * (r->honba_value / 3) * honba : r->honba_value * honba;
        assert_int_equal(value + bonus, vector_int(ex, "total"));
    }
}

const vector_kind vector_kinds_points[] = {
    {"payment_table", run_payment_table, NULL},
    {"limit_table", run_payment_table, NULL},
    {"points_formula", run_points_formula, NULL},
    {"yakuman_value", run_yakuman_value, NULL},
    {"honba_bonus", run_honba_bonus, NULL},
    {NULL, NULL, NULL},
};
