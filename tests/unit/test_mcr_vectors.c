/*
 * test_mcr_vectors.c: every vector of tests/data/mcr-vectors.json (a copy of
 * shared/rules/mcr-vectors.json, see tests/data/PROVENANCE.md) as one named cmocka test.
 *
 * The runner for each vector is chosen by its `kind` (mcr.md section 14): fan_combination and
 * fan_arithmetic go through the scorer, settlement / penalty / validity / siamese_settlement
 * through the payment functions, ranking and seating through the session functions. The whole
 * expected object is asserted: every fan with its count and value, the total, every payment.
 * All vectors use the default (seed) readings of the mcr rule set; none sets a parameter.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mcr_internal.h"
#include "paifu/mcr.h"

static paifu_rules *g_rules;

/* ---- vector values ---- */

/* Tile code of mcr.md section 1 ("5p", "Ew", "Rd") -> kind. */
static int kind_of(const char *code)
{
    static const char *HONORS[] = {"Ew", "Sw", "Ww", "Nw", "Wd", "Gd", "Rd"};
    assert_non_null(code);
    for (int i = 0; i < 7; i++)
        if (strcmp(code, HONORS[i]) == 0)
            return 27 + i;
    assert_int_equal(strlen(code), 2);
    const char *suits = "mps";
    const char *s = strchr(suits, code[1]);
    assert_non_null(s);
    assert_true(code[0] >= '1' && code[0] <= '9');
    return (int)(s - suits) * 9 + (code[0] - '1');
}

static paifu_tile tile_of(const json_t *code)
{
    return paifu_tile_make((unsigned)kind_of(json_string_value(code)), false);
}

static bool flag(const json_t *obj, const char *key)
{
    return json_is_true(json_object_get(obj, key));
}

static unsigned wind_of(const json_t *obj, const char *key)
{
    const json_t *v = json_object_get(obj, key);
    return v ? (unsigned)(kind_of(json_string_value(v)) - 27) : PAIFU_WIND_EAST;
}

static size_t fans_of(paifu_mcr_fan_value *out, const json_t *list)
{
    size_t n = json_array_size(list);
    assert_true(n <= PAIFU_MCR_MAX_FANS);
    for (size_t i = 0; i < n; i++) {
        const json_t *f = json_array_get(list, i);
        json_int_t count = 1;
        if (json_object_get(f, "count"))
            count = json_integer_value(json_object_get(f, "count"));
        json_int_t total = json_integer_value(json_object_get(f, "points"));
        /* `points` is the fan's total: count x the value of one instance */
        out[i] = (paifu_mcr_fan_value){(uint8_t)json_integer_value(json_object_get(f, "id")),
                                       (uint8_t)count, (int16_t)(total / count)};
    }
    return n;
}

static bool same_fans(const paifu_mcr_result *r, const paifu_mcr_fan_value *f, size_t n)
{
    if (r->n_fans != n)
        return false;
    for (size_t i = 0; i < n; i++) {
        bool found = false;
        for (unsigned j = 0; j < r->n_fans; j++)
            if (r->fans[j].id == f[i].id && r->fans[j].count == f[i].count &&
                r->fans[j].points == f[i].points)
                found = true;
        if (!found)
            return false;
    }
    return true;
}

static void print_fans(const char *label, const paifu_mcr_result *r)
{
    fprintf(stderr, "%s:", label);
    for (unsigned i = 0; i < r->n_fans; i++)
        fprintf(stderr, " #%u x%u (%d)", r->fans[i].id, r->fans[i].count, r->fans[i].points);
    fprintf(stderr, " = %d\n", (int)r->total);
}

/* ---- fan_combination ---- */

static void hand_of(paifu_mcr_hand *h, paifu_mcr_situation *sit, const json_t *rh)
{
    memset(h, 0, sizeof(*h));
    memset(sit, 0, sizeof(*sit));
    const json_t *melds = json_object_get(rh, "melds");
    for (size_t i = 0; i < json_array_size(melds); i++) {
        const json_t *m = json_array_get(melds, i);
        const char *type = json_string_value(json_object_get(m, "type"));
        const json_t *tiles = json_object_get(m, "tiles");
        int low = 99;
        for (size_t t = 0; t < json_array_size(tiles); t++) {
            int k = kind_of(json_string_value(json_array_get(tiles, t)));
            low = k < low ? k : low;
        }
        paifu_mcr_meld *md = &h->melds[h->n_melds++];
        md->type = strcmp(type, "chow") == 0   ? PAIFU_MCR_CHOW
                   : strcmp(type, "pung") == 0 ? PAIFU_MCR_PUNG
                                               : PAIFU_MCR_KONG;
        md->concealed = flag(m, "concealed");
        md->tile = paifu_tile_make((unsigned)low, false);
    }
    const json_t *conc = json_object_get(rh, "concealed");
    for (size_t i = 0; i < json_array_size(conc); i++)
        h->tiles[h->n_tiles++] = tile_of(json_array_get(conc, i));
    h->win_tile = tile_of(json_object_get(rh, "winning_tile"));
    const char *by = json_string_value(json_object_get(rh, "win_by"));
    sit->win_by = strcmp(by, "self_draw") == 0 ? PAIFU_MCR_BY_SELF_DRAW : PAIFU_MCR_BY_DISCARD;
    if (flag(rh, "robbing_kong"))
        sit->win_by = PAIFU_MCR_BY_ROBBING;
    if (flag(rh, "last_tile_of_kind"))
        sit->flags |= PAIFU_MCR_LAST_OF_KIND;
    if (flag(rh, "last_tile_of_wall"))
        sit->flags |= PAIFU_MCR_LAST_WALL_TILE;
    if (flag(rh, "kong_replacement"))
        sit->flags |= PAIFU_MCR_KONG_REPLACEMENT;
    sit->seat_wind = (uint8_t)wind_of(rh, "seat_wind");
    sit->prevalent_wind = (uint8_t)wind_of(rh, "prevalent_wind");
    sit->flowers = (uint8_t)json_integer_value(json_object_get(rh, "flowers"));
}

/* The scorer must give LIST (total TOTAL) when asked to prefer it, i.e. LIST is a best reading. */
static void assert_reachable(const paifu_mcr_hand *h, const paifu_mcr_situation *sit,
                             const paifu_mcr_fan_value *list, size_t n, json_int_t total)
{
    paifu_mcr_result r;
    assert_int_equal(paifu_mcr_score_hand_as(&r, h, sit, g_rules, list, n, NULL), 0);
    if (!same_fans(&r, list, n))
        print_fans("preferred reading", &r);
    assert_true(same_fans(&r, list, n));
    assert_int_equal(r.total, total);
}

static void run_fan_combination(void **state)
{
    const json_t *v = *state;
    const json_t *in = json_object_get(v, "input"), *ex = json_object_get(v, "expect");
    paifu_mcr_hand h;
    paifu_mcr_situation sit;
    hand_of(&h, &sit, json_object_get(in, "reconstructed_hand"));
    paifu_mcr_result r;
    paifu_error err;
    paifu_error_clear(&err);
    assert_int_equal(paifu_mcr_score_hand(&r, &h, &sit, g_rules, &err), 0);
    json_int_t total = json_integer_value(json_object_get(ex, "total_points"));
    paifu_mcr_fan_value want[PAIFU_MCR_MAX_FANS + 1];
    size_t n = 0;
    const json_t *options = json_object_get(ex, "fans_options");
    const json_t *one_of = json_object_get(ex, "plus_exactly_one_of");
    bool ok = r.complete && r.legal && r.total == total;
    if (options) {
        bool any = false;
        for (size_t o = 0; o < json_array_size(options); o++) {
            n = fans_of(want, json_array_get(options, o));
            any = any || same_fans(&r, want, n);
            assert_reachable(&h, &sit, want, n, total);
        }
        ok = ok && any;
    } else {
        n = fans_of(want, json_object_get(ex, "fans"));
        if (one_of) {
            bool any = false;
            for (size_t o = 0; o < json_array_size(one_of); o++) {
                const json_t *f = json_array_get(one_of, o);
                want[n] = (paifu_mcr_fan_value){
                    (uint8_t)json_integer_value(json_object_get(f, "id")), 1,
                    (int16_t)json_integer_value(json_object_get(f, "points"))};
                any = any || same_fans(&r, want, n + 1);
                assert_reachable(&h, &sit, want, n + 1, total);
            }
            ok = ok && any;
        } else {
            ok = ok && same_fans(&r, want, n);
        }
    }
    if (!ok)
        print_fans("computed", &r);
    assert_true(ok);
}

/* ---- fan_arithmetic ---- */

static void run_fan_arithmetic(void **state)
{
    const json_t *v = *state;
    const json_t *in = json_object_get(v, "input"), *ex = json_object_get(v, "expect");
    paifu_mcr__set sets[4];
    const json_t *list = json_object_get(in, "sets");
    size_t n = json_array_size(list);
    assert_true(n <= 4);
    for (size_t i = 0; i < n; i++) {
        const json_t *s = json_array_get(list, i);
        const char *type = json_string_value(json_object_get(s, "type"));
        const json_t *tiles = json_object_get(s, "tiles");
        int low = 99;
        for (size_t t = 0; t < json_array_size(tiles); t++) {
            int k = kind_of(json_string_value(json_array_get(tiles, t)));
            low = k < low ? k : low;
        }
        bool concealed = flag(s, "concealed");
        sets[i] =
            (paifu_mcr__set){strcmp(type, "chow") == 0   ? PAIFU_MCR__CHOW
                             : strcmp(type, "pung") == 0 ? PAIFU_MCR__PUNG
                                                         : PAIFU_MCR__KONG,
                             (uint8_t)low, !concealed || strcmp(type, "kong") == 0, concealed};
    }
    const json_t *pair = json_object_get(in, "pair");
    int pair_kind = pair ? kind_of(json_string_value(json_array_get(pair, 0))) : -1;
    paifu_mcr_situation sit = {PAIFU_MCR_BY_DISCARD, 0, (uint8_t)wind_of(in, "seat_wind"),
                               (uint8_t)wind_of(in, "prevalent_wind"), 0};
    paifu_mcr_result r;
    assert_int_equal(paifu_mcr__set_fans(&r, sets, n, pair_kind, &sit, g_rules), 0);
    paifu_mcr_fan_value want[PAIFU_MCR_MAX_FANS];
    bool ok = r.fan_points == json_integer_value(json_object_get(ex, "points"));
    const json_t *options = json_object_get(ex, "fans_options");
    if (options) {
        bool any = false;
        for (size_t o = 0; o < json_array_size(options); o++) {
            size_t m = fans_of(want, json_array_get(options, o));
            any = any || same_fans(&r, want, m);
        }
        ok = ok && any;
    } else {
        size_t m = fans_of(want, json_object_get(ex, "fans"));
        ok = ok && same_fans(&r, want, m);
    }
    if (!ok)
        print_fans("computed", &r);
    assert_true(ok);
}

/* ---- settlement, validity, penalties ---- */

static json_int_t get_int(const json_t *obj, const char *key)
{
    const json_t *v = json_object_get(obj, key);
    assert_non_null(v);
    return json_integer_value(v);
}

static void run_settlement(void **state)
{
    const json_t *v = *state;
    const json_t *in = json_object_get(v, "input"), *ex = json_object_get(v, "expect");
    int32_t d[PAIFU_SEATS];
    if (json_object_get(in, "result")) { /* an exhaustive draw */
        assert_int_equal(paifu_mcr_settle(d, -1, -1, 0, g_rules, NULL), 0);
        for (int s = 0; s < PAIFU_SEATS; s++) {
            char key[4];
            snprintf(key, sizeof(key), "p%d", s + 1);
            assert_int_equal(d[s], get_int(ex, key));
        }
        return;
    }
    const char *by = json_string_value(json_object_get(in, "win_by"));
    int32_t b = (int32_t)(get_int(in, "fan_points") + get_int(in, "flower_points"));
    assert_int_equal(b, get_int(ex, "basic_points"));
    bool self = strcmp(by, "self_draw") == 0;
    /* seat 0 wins; seat 1 discards (or had its kong robbed) */
    assert_int_equal(paifu_mcr_settle(d, 0, self ? -1 : 1, b, g_rules, NULL), 0);
    assert_int_equal(d[0], get_int(ex, "winner"));
    if (json_object_get(ex, "discarder")) {
        assert_int_equal(d[1], get_int(ex, "discarder"));
        assert_int_equal(d[2], get_int(ex, "other1"));
        assert_int_equal(d[3], get_int(ex, "other2"));
    } else {
        assert_int_equal(d[1], get_int(ex, "p2"));
        assert_int_equal(d[2], get_int(ex, "p3"));
        assert_int_equal(d[3], get_int(ex, "p4"));
    }
    if (flag(ex, "zero_sum"))
        assert_int_equal(d[0] + d[1] + d[2] + d[3], 0);
}

static void run_validity(void **state)
{
    const json_t *v = *state;
    const json_t *in = json_object_get(v, "input"), *ex = json_object_get(v, "expect");
    bool legal =
        paifu_mcr_is_legal_total((int32_t)get_int(in, "fan_points_excluding_flowers"), g_rules);
    assert_int_equal(legal, flag(ex, "legal_win"));
}

static void penalty_seats(const json_t *ex, const int32_t *d)
{
    for (int s = 0; s < PAIFU_SEATS; s++) {
        char key[4];
        snprintf(key, sizeof(key), "p%d", s + 1);
        if (json_object_get(ex, key))
            assert_int_equal(d[s], get_int(ex, key));
    }
}

static void run_penalty(void **state)
{
    const json_t *v = *state;
    const json_t *in = json_object_get(v, "input"), *ex = json_object_get(v, "expect");
    const char *event = json_string_value(json_object_get(in, "event"));
    int32_t d[PAIFU_SEATS];
    paifu_mcr_penalty_case pc = {0, 0, -1, 0, 1};
    const json_t *may_win = json_object_get(ex, "offender_may_win_this_hand");
    if (strcmp(event, "false_hu_insufficient_points") == 0 ||
        strcmp(event, "false_hu_wrong_claim") == 0 ||
        strcmp(event, "exposed_hand_after_invalid_hu") == 0) {
        pc.offence = event[0] == 'e'          ? PAIFU_MCR_EXPOSURE
                     : strstr(event, "wrong") ? PAIFU_MCR_MISTAKEN_HU
                                              : PAIFU_MCR_FALSE_HU;
        pc.offender = (int8_t)(event[0] == 'e' ? 2 : 0); /* p3 / p1 */
        assert_int_equal(paifu_mcr_penalty_deltas(d, &pc, g_rules, NULL), 0);
        penalty_seats(ex, d);
        if (json_object_get(ex, "others_total"))
            assert_int_equal(d[0] + d[1] + d[3], get_int(ex, "others_total"));
        assert_int_equal(d[0] + d[1] + d[2] + d[3], 0);
        if (may_win)
            assert_int_equal(paifu_mcr_offence_get(pc.offence)->bars_win, !json_is_true(may_win));
        return;
    }
    if (strcmp(event, "knocked_over_other_players_tiles") == 0) {
        const json_t *lo = json_object_get(ex, "p2_range");
        pc.offence = PAIFU_MCR_KNOCKED_TILES;
        pc.victim = 1;
        for (json_int_t amount = json_integer_value(json_array_get(lo, 0));
             amount <= json_integer_value(json_array_get(lo, 1)); amount++) {
            pc.n = (int32_t)amount;
            assert_int_equal(paifu_mcr_penalty_deltas(d, &pc, g_rules, NULL), 0);
            assert_int_equal(d[0], -amount);
            assert_int_equal(d[1], amount);
        }
        pc.n = (int32_t)json_integer_value(json_array_get(lo, 1)) + 1;
        assert_int_equal(paifu_mcr_penalty_deltas(d, &pc, g_rules, NULL), PAIFU_EINVAL);
        pc.n = (int32_t)json_integer_value(json_array_get(lo, 0)) - 1;
        assert_int_equal(paifu_mcr_penalty_deltas(d, &pc, g_rules, NULL), PAIFU_EINVAL);
        return;
    }
    pc.offence = strcmp(event, "empty_claim") == 0          ? PAIFU_MCR_EMPTY_CLAIM
                 : strcmp(event, "touching_wall_tile") == 0 ? PAIFU_MCR_TOUCHING_WALL
                                                            : PAIFU_MCR_LATE_PUNG;
    assert_string_equal(event, pc.offence == PAIFU_MCR_LATE_PUNG ? "late_pung_claim" : event);
    const json_t *occ = json_object_get(in, "occurrences");
    const json_t *ded = json_object_get(ex, "deduction_per_occurrence");
    const paifu_mcr_offence_info *info = paifu_mcr_offence_get(pc.offence);
    assert_true(info->escalating);
    assert_int_equal(info->transferred, flag(ex, "points_transferred_to_others"));
    for (size_t i = 0; i < json_array_size(occ); i++) {
        pc.n = (int32_t)json_integer_value(json_array_get(occ, i));
        assert_int_equal(paifu_mcr_penalty_deltas(d, &pc, g_rules, NULL), 0);
        assert_int_equal(d[0], json_integer_value(json_array_get(ded, i)));
        assert_int_equal(d[1] + d[2] + d[3], 0);
        if (i == 0 && flag(ex, "first_is_warning"))
            assert_int_equal(d[0], 0);
    }
}

static void run_siamese(void **state)
{
    const json_t *v = *state;
    const json_t *in = json_object_get(v, "input"), *ex = json_object_get(v, "expect");
    int players = (int)get_int(in, "players");
    const json_t *by = json_object_get(in, "win_by");
    bool self = by && strcmp(json_string_value(by), "self_draw") == 0;
    int32_t d[PAIFU_SEATS];
    assert_int_equal(paifu_mcr_siamese_settle(d, players, 0, players == 2 || self ? -1 : 1,
                                              (int32_t)get_int(in, "hand_value"), NULL),
                     0);
    assert_int_equal(d[0], get_int(ex, "winner"));
    if (json_object_get(ex, "loser"))
        assert_int_equal(d[1], get_int(ex, "loser"));
    if (json_object_get(ex, "discarder")) {
        assert_int_equal(d[1], get_int(ex, "discarder"));
        assert_int_equal(d[2], get_int(ex, "other"));
    }
    if (json_object_get(ex, "p2")) {
        assert_int_equal(d[1], get_int(ex, "p2"));
        assert_int_equal(d[2], get_int(ex, "p3"));
    }
    if (flag(ex, "zero_sum"))
        assert_int_equal(d[0] + d[1] + d[2] + d[3], 0);
}

/* ---- ranking and seating ---- */

static void run_ranking(void **state)
{
    const json_t *v = *state;
    const json_t *in = json_object_get(v, "input"), *ex = json_object_get(v, "expect");
    static const char *NAMES[4] = {"A", "B", "C", "D"};
    int32_t totals[4];
    for (int s = 0; s < 4; s++)
        totals[s] = (int32_t)get_int(json_object_get(in, "session_totals"), NAMES[s]);
    paifu_mcr_placement pl;
    assert_int_equal(paifu_mcr_place(&pl, totals, g_rules, NULL), 0);
    const json_t *order = json_object_get(ex, "placement");
    for (size_t i = 0; i < json_array_size(order); i++) {
        const char *who = json_string_value(json_array_get(order, i));
        int s = who[0] - 'A';
        assert_int_equal(pl.place[s], i + 1);
        assert_int_equal(pl.table_points[s], get_int(json_object_get(ex, "table_points"), who) *
                                                 PAIFU_MCR_TABLE_POINT_SCALE);
    }
}

static void run_seating(void **state)
{
    const json_t *v = *state;
    const json_t *hands = json_object_get(json_object_get(v, "expect"), "hands");
    const json_t *initial = json_object_get(json_object_get(v, "input"), "players_initial_seats");
    static const char *NAMES[4] = {"A", "B", "C", "D"};
    for (int p = 0; p < 4; p++) /* players sit E S W N in the first round */
        assert_int_equal(kind_of(json_string_value(json_object_get(initial, NAMES[p]))), 27 + p);
    assert_int_equal(json_array_size(hands), 16);
    for (size_t i = 0; i < json_array_size(hands); i++) {
        const json_t *h = json_array_get(hands, i);
        int hand = (int)get_int(h, "hand");
        assert_int_equal((hand - 1) / 4 + 1, get_int(h, "round"));
        assert_int_equal(kind_of(json_string_value(json_object_get(h, "prevalent_wind"))),
                         27 + (hand - 1) / 4);
        const char *dealer = json_string_value(json_object_get(h, "dealer"));
        assert_int_equal(paifu_mcr_dealer(hand, g_rules), dealer[0] - 'A');
        const json_t *winds = json_object_get(h, "seat_winds");
        for (int p = 0; p < 4; p++)
            assert_int_equal(paifu_mcr_seat_wind(hand, p, g_rules) + 27,
                             kind_of(json_string_value(json_object_get(winds, NAMES[p]))));
    }
}

/* ---- the table of tests ---- */

static int setup(void **state)
{
    (void)state;
    return paifu_rules_preset(&g_rules, "mcr", NULL) == 0 ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    paifu_rules_free(g_rules);
    return 0;
}

typedef struct runner {
    const char *kind;
    CMUnitTestFunction fn;
} runner;

static const runner RUNNERS[] = {
    {"fan_combination", run_fan_combination},
    {"fan_arithmetic", run_fan_arithmetic},
    {"settlement", run_settlement},
    {"validity", run_validity},
    {"penalty", run_penalty},
    {"siamese_settlement", run_siamese},
    {"ranking", run_ranking},
    {"seating", run_seating},
};

int main(void)
{
    json_error_t jerr;
    json_t *root = json_load_file(PAIFU_TEST_DATA_DIR "/mcr-vectors.json", 0, &jerr);
    if (!root || !json_is_array(root)) {
        fprintf(stderr, "mcr-vectors.json: %s (line %d)\n", jerr.text, jerr.line);
        return 1;
    }
    size_t n = json_array_size(root);
    struct CMUnitTest *tests = calloc(n, sizeof(*tests));
    if (!tests)
        return 1;
    size_t used = 0;
    for (size_t i = 0; i < n; i++) {
        const json_t *v = json_array_get(root, i);
        const char *kind = json_string_value(json_object_get(v, "kind"));
        CMUnitTestFunction fn = NULL;
        for (size_t r = 0; kind && r < sizeof(RUNNERS) / sizeof(RUNNERS[0]); r++)
            if (strcmp(kind, RUNNERS[r].kind) == 0)
                fn = RUNNERS[r].fn;
        if (!fn) {
            fprintf(stderr, "vector %zu: no runner for kind \"%s\"\n", i, kind ? kind : "?");
            return 1; /* every vector must run */
        }
        tests[used++] = (struct CMUnitTest){json_string_value(json_object_get(v, "id")), fn, NULL,
                                            NULL, (void *)v};
    }
    int rc = _cmocka_run_group_tests("mcr-vectors", tests, used, setup, teardown);
    free(tests);
    json_decref(root);
    return rc;
}
