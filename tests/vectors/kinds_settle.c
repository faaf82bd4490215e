/*
 * kinds_settle.c: vector runners for settlement, penalties and ranking: noten_payment,
 * nagashi_payment, multi_ron_settlement, final_score_uma, leftover_riichi_split,
 * chombo_penalty, penalty_amount, ranking_tiebreak, table_total, wall_break.
 *
 * Amounts are checked through paifu/settle.h. What a vector says about the flow of the game
 * (redeal, honba added or not, dealer kept, sticks returned, who takes which stick) is checked
 * end to end: the vector becomes a small score-sheet game of two deals built with the model's
 * API, the verifier replays it, and it must find nothing when the second deal starts as the
 * vector says and must object when it starts otherwise.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "rules_internal.h"
#include "vectors.h"
#include "verify_codes.h"

#include <stdio.h>
#include <string.h>

/* ---- a small score-sheet game ---- */

typedef struct sheet {
    paifu_game *game;
    paifu_rules *rules;
} sheet;

static void sheet_begin(sheet *s, int wind, int hand, int dealer, int honba, int sticks,
                        const int32_t *scores)
{
    paifu_deal_start st;
    paifu_deal_start_init(&st);
    st.round_wind = (uint8_t)wind;
    st.hand_number = (uint8_t)hand;
    st.dealer = (int8_t)dealer;
    st.honba = (int16_t)honba;
    st.riichi_sticks = (int16_t)sticks;
    st.flags = PAIFU_DEAL_HAS_STICKS | (scores ? PAIFU_DEAL_HAS_SCORES : 0);
    if (scores)
        memcpy(st.scores, scores, sizeof(st.scores));
    assert_int_equal(paifu_game_begin_deal(s->game, &st, 0, 0, NULL), 0);
    assert_int_equal(paifu_game_set_deal_result_only(s->game, NULL), 0);
}

static void sheet_riichi(sheet *s, int seat)
{
    assert_int_equal(paifu_game_add_riichi_accepted(s->game, seat, 0, NULL, 0, 0, NULL), 0);
}

static void sheet_ron(sheet *s, int winner, int from, int han, int fu, const int32_t *deltas)
{
    paifu_win w;
    paifu_win_init(&w);
    w.winner = (int8_t)winner;
    w.from = (int8_t)from;
    w.han = (int16_t)han;
    w.fu = (int16_t)fu;
    w.known = PAIFU_REC_HAN | PAIFU_REC_FU | (deltas ? PAIFU_REC_DELTAS : 0);
    if (deltas)
        memcpy(w.deltas, deltas, sizeof(w.deltas));
    assert_int_equal(paifu_game_add_win(s->game, &w, 0, 0, NULL), 0);
}

/* Verify the sheet; the codes found go into CODES (",a,b,"). Returns the number found. The last
   deal, which only shows how the game goes on, is closed with a draw nobody is tenpai in. */
static size_t sheet_verify(sheet *s, char *codes, size_t size)
{
    paifu_draw dr;
    paifu_draw_init(&dr, PAIFU_DRAW_EXHAUSTIVE);
    dr.known = PAIFU_REC_TENPAI;
    assert_int_equal(paifu_game_add_draw(s->game, &dr, 0, 0, NULL), 0);
    return verify_codes(s->game, s->rules, codes, size);
}

static void sheet_new(sheet *s, const vector_case *c, const char *override)
{
    assert_int_equal(paifu_game_new(&s->game, NULL), 0);
    s->rules = vector_rules(c, NULL);
    /* the sheet is a fragment of a game: it ends where the vector ends */
    assert_int_equal(paifu_rules_set(s->rules, "time_limit", "true", NULL), 0);
    if (override)
        assert_int_equal(paifu_rules_set_assignment(s->rules, override, NULL), 0);
}

static void sheet_free(sheet *s)
{
    paifu_game_free(s->game);
    paifu_rules_free(s->rules);
}

/* ---- noten and nagashi ---- */

static void run_noten(void **state)
{
    const vector_case *c = *state;
    const json_t *in = vector_input(c), *ex = vector_expect(c);
    static const char *const keys[] = {"each_noten_pays", "tenpai_receives", "each_tenpai_receives",
                                       "noten_pays_each", "noten_pays_total", "payments", NULL};
    vector_all_keys_handled(ex, keys, NULL);
    int t = (int)vector_int(in, "tenpai_count");
    unsigned tenpai = (1u << t) - 1; /* seats 0..t-1 */
    int32_t d[4];
    paifu_settle_noten(d, tenpai, 4, c->rules);
    int32_t noten_pays = t < 4 ? -d[3] : 0, tenpai_gets = t > 0 ? d[0] : 0;
    if (json_object_get(ex, "each_noten_pays"))
        assert_int_equal(noten_pays, vector_int(ex, "each_noten_pays"));
    if (json_object_get(ex, "noten_pays_each")) /* one noten player paying each tenpai */
        assert_int_equal(noten_pays / t, vector_int(ex, "noten_pays_each"));
    if (json_object_get(ex, "noten_pays_total"))
        assert_int_equal(noten_pays * (4 - t), vector_int(ex, "noten_pays_total"));
    if (json_object_get(ex, "tenpai_receives"))
        assert_int_equal(tenpai_gets * t, vector_int(ex, "tenpai_receives"));
    if (json_object_get(ex, "each_tenpai_receives"))
        assert_int_equal(tenpai_gets, vector_int(ex, "each_tenpai_receives"));
    if (json_object_get(ex, "payments"))
        for (int s = 0; s < 4; s++)
            assert_int_equal(d[s], vector_int(ex, "payments"));
}

static void run_nagashi(void **state)
{
    const vector_case *c = *state;
    const json_t *in = vector_input(c), *ex = vector_expect(c);
    static const char *const keys[] = {"from_dealer", "from_each_nondealer", "from_each", "total",
                                       "noten_payments", "honba_paid", "riichi_sticks", "renchan",
                                       NULL};
    vector_all_keys_handled(ex, keys, NULL);
    bool dealer = vector_bool(in, "nagashi_player_is_dealer");
    int winner = dealer ? 0 : 1;
    int32_t d[4];
    paifu_settle_nagashi(d, 1u << winner, 0, 4);
    if (json_object_get(ex, "from_dealer"))
        assert_int_equal(-d[0], vector_int(ex, "from_dealer"));
    if (json_object_get(ex, "from_each_nondealer"))
        assert_int_equal(-d[2], vector_int(ex, "from_each_nondealer"));
    if (json_object_get(ex, "from_each"))
        for (int s = 1; s < 4; s++)
            assert_int_equal(-d[s], vector_int(ex, "from_each"));
    assert_int_equal(d[winner], vector_int(ex, "total"));
    /* end to end (nagashi on): a draw with honba and a stick on the table, only the dealer
       tenpai besides. No noten payment, no honba payment, the stick stays, renchan iff the
       dealer is tenpai. */
    sheet s;
    sheet_new(&s, c, "nagashi=true");
    int32_t start[4] = {30000, 30000, 30000, 30000};
    sheet_begin(&s, 0, 0, 0, 1, 1, start);
    paifu_draw dr;
    paifu_draw_init(&dr, PAIFU_DRAW_EXHAUSTIVE);
    dr.known = PAIFU_REC_TENPAI | PAIFU_REC_DELTAS;
    dr.tenpai = dealer ? 0x1 : 0x1; /* the dealer is tenpai */
    dr.nagashi = (uint8_t)(1u << winner);
    memcpy(dr.deltas, d, sizeof(dr.deltas));
    assert_int_equal(paifu_game_add_draw(s.game, &dr, 0, 0, NULL), 0);
    int32_t next[4];
    for (int k = 0; k < 4; k++)
        next[k] = start[k] + d[k];
    sheet_begin(&s, 0, 0, 0, 2, 1, next);
    char codes[256];
    size_t n = sheet_verify(&s, codes, sizeof(codes));
    if (n)
        fail_msg("nagashi sheet: %s", codes);
    sheet_free(&s);
}

/* ---- multiple ron ---- */

static int wind_seat(const char *w)
{
    return w[0] == 'E' ? 0 : w[0] == 'S' ? 1 : w[0] == 'W' ? 2 : 3;
}

/* han and fu of a non-dealer ron worth VALUE (the vector gives values only) */
static void han_fu_of(int32_t value, int *han, int *fu)
{
    static const struct { int32_t v; int han, fu; } t[] = {
        {1000, 1, 30}, {2000, 2, 30}, {3900, 3, 30}, {7700, 4, 30}, {8000, 5, 30}, {12000, 6, 30}};
    for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
        if (t[i].v == value) {
            *han = t[i].han;
            *fu = t[i].fu;
            return;
        }
    fail_msg("no han/fu for a hand worth %d", (int)value);
}

static void run_multi_ron(void **state)
{
    const vector_case *c = *state;
    const json_t *in = vector_input(c), *ex = vector_expect(c);
    static const char *const keys[] = {"scores_after", "next_hand", NULL};
    static const char *const text[] = {"breakdown", "rules_exercised", NULL};
    vector_all_keys_handled(ex, keys, text);
    /* the dealer sits East: seats are the winds */
    int honba = (int)vector_int(in, "honba");
    int sticks = (int)vector_int(in, "riichi_sticks_on_table_from_previous_hands");
    int hand = (int)vector_int(in, "hand_number") - 1;
    const json_t *before = json_object_get(in, "scores_before");
    const json_t *riichi = json_object_get(in, "riichi_declared_this_hand");
    int32_t start[4];
    for (int s = 0; s < 4; s++) {
        static const char *w[] = {"E", "S", "W", "N"};
        start[s] = (int32_t)vector_int(before, w[s]);
    }
    size_t i;
    const json_t *x;
    json_array_foreach(riichi, i, x) start[wind_seat(json_string_value(x))] += 1000;
    sheet s;
    sheet_new(&s, c, NULL);
    sheet_begin(&s, 0, hand, 0, honba, sticks, start);
    json_array_foreach(riichi, i, x) sheet_riichi(&s, wind_seat(json_string_value(x)));
    int from = wind_seat(vector_str(in, "discarder"));
    const json_t *after = json_object_get(ex, "scores_after");
    int32_t expect[4];
    for (int k = 0; k < 4; k++) {
        static const char *w[] = {"E", "S", "W", "N"};
        expect[k] = (int32_t)vector_int(after, w[k]);
    }
    json_array_foreach(json_object_get(in, "winners"), i, x)
    {
        int han = 0, fu = 0;
        han_fu_of((int32_t)vector_int(x, "hand_value"), &han, &fu);
        sheet_ron(&s, wind_seat(vector_str(x, "seat")), from, han, fu, NULL);
    }
    /* the next deal as the vector says: E4, no honba, no sticks, the scores after */
    const json_t *next = json_object_get(ex, "next_hand");
    sheet_begin(&s, 0, (int)vector_int(next, "hand_number") - 1, 1, (int)vector_int(next, "honba"),
                (int)vector_int(next, "riichi_sticks_on_table"), expect);
    char codes[256];
    size_t n = sheet_verify(&s, codes, sizeof(codes));
    if (n)
        fail_msg("triple ron: the verifier objects: %s", codes);
    sheet_free(&s);
    /* and objects when the second deal claims another split */
    sheet t;
    sheet_new(&t, c, NULL);
    sheet_begin(&t, 0, hand, 0, honba, sticks, start);
    json_array_foreach(riichi, i, x) sheet_riichi(&t, wind_seat(json_string_value(x)));
    json_array_foreach(json_object_get(in, "winners"), i, x)
    {
        int han = 0, fu = 0;
        han_fu_of((int32_t)vector_int(x, "hand_value"), &han, &fu);
        sheet_ron(&t, wind_seat(vector_str(x, "seat")), from, han, fu, NULL);
    }
    expect[1] += 2000; /* all three sticks to the first winner */
    expect[2] -= 1000;
    expect[3] -= 1000;
    sheet_begin(&t, 0, 3, 1, 0, 0, expect);
    assert_true(sheet_verify(&t, codes, sizeof(codes)) > 0);
    assert_non_null(strstr(codes, ",flow.scores,"));
    sheet_free(&t);
}

/* ---- final scores ---- */

static void run_final(void **state)
{
    const vector_case *c = *state;
    const json_t *in = vector_input(c), *ex = vector_expect(c);
    static const char *const keys[] = {"places", "uma_applied", "points_minus_30000", "final",
                                       "uma_each_tied", "oka", NULL};
    static const char *const text[] = {"note", NULL};
    vector_all_keys_handled(ex, keys, text);
    paifu_rules *r = vector_rules(c, NULL);
    if (json_object_get(ex, "oka")) {
        assert_int_equal(paifu_settle_oka((int32_t)vector_int(in, "start_points"),
                                          (int32_t)vector_int(in, "return_points"), 4),
                         vector_int(ex, "oka"));
        paifu_rules_free(r);
        return;
    }
    const json_t *uma = json_object_get(in, "uma");
    char text_uma[64];
    snprintf(text_uma, sizeof(text_uma), "%lld,%lld,%lld,%lld",
             (long long)json_integer_value(json_array_get(uma, 0)),
             (long long)json_integer_value(json_array_get(uma, 1)),
             (long long)json_integer_value(json_array_get(uma, 2)),
             (long long)json_integer_value(json_array_get(uma, 3)));
    assert_int_equal(paifu_rules_set(r, "uma", text_uma, NULL), 0);
    if (json_object_get(ex, "uma_each_tied")) {
        /* two players tied on top */
        int32_t points[4] = {35000, 35000, 30000, 20000}, final[4];
        paifu_settle_final(final, points, NULL, 4, r);
        for (int s = 0; s < 2; s++)
            assert_int_equal(final[s] - (points[s] - r->return_points) - r->oka,
                             vector_int(ex, "uma_each_tied"));
        paifu_rules_free(r);
        return;
    }
    char text_int[32];
    snprintf(text_int, sizeof(text_int), "%lld", (long long)vector_int(in, "oka"));
    assert_int_equal(paifu_rules_set(r, "oka", text_int, NULL), 0);
    snprintf(text_int, sizeof(text_int), "%lld", (long long)vector_int(in, "return_points"));
    assert_int_equal(paifu_rules_set(r, "return_points", text_int, NULL), 0);
    int32_t points[4], penalties[4], final[4];
    int place[4];
    for (int s = 0; s < 4; s++) {
        points[s] = (int32_t)json_integer_value(json_array_get(json_object_get(in, "game_points"), (size_t)s));
        penalties[s] = -(int32_t)json_integer_value(json_array_get(json_object_get(in, "penalties"), (size_t)s));
    }
    assert_int_equal(vector_int(in, "leftover_riichi_sticks"), 0);
    paifu_settle_final(final, points, penalties, 4, r);
    paifu_settle_places(place, points, 4, r);
    for (int s = 0; s < 4; s++) {
        assert_int_equal(final[s], json_integer_value(json_array_get(json_object_get(ex, "final"), (size_t)s)));
        assert_int_equal(points[s] - r->return_points,
                         json_integer_value(json_array_get(json_object_get(ex, "points_minus_30000"), (size_t)s)));
        assert_int_equal(final[s] - (points[s] - r->return_points),
                         json_integer_value(json_array_get(json_object_get(ex, "uma_applied"), (size_t)s)));
        const char *pl = json_string_value(json_array_get(json_object_get(ex, "places"), (size_t)s));
        int want = strchr(pl, '-') ? 6 * (pl[0] - '0') + 6 * (pl[2] - '0') : 12 * (pl[0] - '0');
        assert_int_equal(place[s], want);
    }
    paifu_rules_free(r);
}

static void run_leftover(void **state)
{
    const vector_case *c = *state;
    const json_t *in = vector_input(c), *ex = vector_expect(c);
    static const char *const keys[] = {"each_winner_gets", NULL};
    static const char *const text[] = {"note", NULL};
    vector_all_keys_handled(ex, keys, text);
    int tied = (int)vector_int(in, "tied_winners");
    int32_t points[4] = {0};
    for (int s = 0; s < 4; s++)
        points[s] = s < tied ? 40000 : 10000;
    paifu_settle_leftover(points, (int32_t)vector_int(in, "sticks_on_table"), 4, c->rules);
    for (int s = 0; s < tied; s++)
        assert_int_equal(points[s] - 40000, vector_int(ex, "each_winner_gets"));
}

/* ---- chombo and fines ---- */

/* A sheet: a riichi, then a chombo by OFFENDER; the replayed deal must start as DEAL2. */
static void chombo_flow(const vector_case *c, const char *setting, int offender,
                        const int32_t *payment, bool returned)
{
    sheet s;
    sheet_new(&s, c, setting);
    int32_t start[4] = {30000, 30000, 30000, 30000};
    sheet_begin(&s, 0, 1, 1, 1, 0, start);
    sheet_riichi(&s, 2);
    paifu_penalty p;
    memset(&p, 0, sizeof(p));
    p.kind = PAIFU_PENALTY_CHOMBO;
    p.timing = PAIFU_PENALTY_BY_RULES;
    p.seat = (int8_t)offender;
    assert_int_equal(paifu_game_add_penalty(s.game, &p, 0, 0, NULL), 0);
    int32_t next[4];
    for (int k = 0; k < 4; k++)
        next[k] = start[k] + (payment ? payment[k] : 0) - (k == 2 && !returned ? 1000 : 0);
    /* replayed: same deal, same dealer, no honba added */
    sheet_begin(&s, 0, 1, 1, 1, returned ? 0 : 1, next);
    char codes[256];
    size_t n = sheet_verify(&s, codes, sizeof(codes));
    if (n)
        fail_msg("chombo sheet: %s", codes);
    sheet_free(&s);
}

static void run_chombo(void **state)
{
    const vector_case *c = *state;
    const json_t *in = vector_input(c), *ex = vector_expect(c);
    static const char *const keys[] = {
        "penalty_after_uma", "redeal",          "honba_added",   "dealer_rotates",
        "pays_each",         "pays_dealer",     "pays_each_nondealer", "total",
        "riichi_sticks_returned", "hand_replayed", "renchan_count_unchanged",
        "seat_winds_unchanged", "payment", NULL};
    static const char *const text[] = {"conflict", NULL};
    vector_all_keys_handled(ex, keys, text);
    paifu_rules *r = vector_rules(c, NULL);
    bool reverse = json_object_get(ex, "pays_each") || json_object_get(ex, "pays_dealer") ||
                   json_object_get(ex, "payment");
    if (reverse && r->chombo != PAIFU_CHOMBO_REVERSE_MANGAN)
        assert_int_equal(paifu_rules_set(r, "chombo", "reverse_mangan", NULL), 0);
    if (json_object_get(in, "uma")) {
        const json_t *uma = json_object_get(in, "uma");
        char t[64];
        snprintf(t, sizeof(t), "%lld,%lld,%lld,%lld",
                 (long long)json_integer_value(json_array_get(uma, 0)),
                 (long long)json_integer_value(json_array_get(uma, 1)),
                 (long long)json_integer_value(json_array_get(uma, 2)),
                 (long long)json_integer_value(json_array_get(uma, 3)));
        assert_int_equal(paifu_rules_set(r, "uma", t, NULL), 0);
        /* the vector with the conflict follows §3.13's "twice the uma step" (chombo_points 0) */
        if (json_object_get(ex, "conflict"))
            assert_int_equal(paifu_rules_set(r, "chombo_points", "0", NULL), 0);
    }
    if (json_object_get(ex, "penalty_after_uma"))
        assert_int_equal(reverse ? 0 : -paifu_settle_chombo_penalty(r),
                         vector_int(ex, "penalty_after_uma"));
    int offender = json_object_get(in, "offender_is_dealer") && vector_bool(in, "offender_is_dealer")
                       ? 1 : 3; /* the sheet's dealer is seat 1 */
    int32_t d[4] = {0};
    if (reverse) {
        paifu_settle_chombo_payment(d, offender, 1, 4);
        if (json_object_get(ex, "pays_each"))
            for (int s = 0; s < 4; s++)
                if (s != offender)
                    assert_int_equal(d[s], vector_int(ex, "pays_each"));
        if (json_object_get(ex, "pays_dealer"))
            assert_int_equal(d[1], vector_int(ex, "pays_dealer"));
        if (json_object_get(ex, "pays_each_nondealer"))
            assert_int_equal(d[0], vector_int(ex, "pays_each_nondealer"));
        if (json_object_get(ex, "total"))
            assert_int_equal(-d[offender], vector_int(ex, "total"));
    }
    /* the flow: replayed deal, dealer kept, no honba added; sticks per the rules */
    if (json_object_get(ex, "redeal") || json_object_get(ex, "hand_replayed")) {
        bool returned = json_object_get(ex, "riichi_sticks_returned") &&
                        vector_bool(ex, "riichi_sticks_returned");
        assert_int_equal(r->chombo_returns_riichi, returned);
        chombo_flow(c, reverse ? "chombo=reverse_mangan" : NULL, offender, reverse ? d : NULL,
                    returned);
    }
    paifu_rules_free(r);
}

static void run_penalty_amount(void **state)
{
    const vector_case *c = *state;
    const json_t *in = vector_input(c), *ex = vector_expect(c);
    static const char *const keys[] = {"penalty", "penalty_after_uma", "fixed_final_score", NULL};
    static const char *const text[] = {"applied", "derived", "note", "rate", "substitute_after",
                                       "composition", NULL};
    vector_all_keys_handled(ex, keys, text);
    paifu_rules *r = vector_rules(c, NULL);
    if (json_object_get(in, "repeat_after_polite_notice"))
        assert_int_equal(paifu_settle_fine(r, PAIFU_FINE_REPEAT,
                                           (int)vector_int(in, "repeat_after_polite_notice")),
                         vector_int(ex, "penalty"));
    if (json_object_get(in, "minutes_late"))
        assert_int_equal(paifu_settle_fine(r, PAIFU_FINE_LATENESS, (int)vector_int(in, "minutes_late")),
                         vector_int(ex, "penalty_after_uma"));
    if (json_object_get(ex, "fixed_final_score")) {
        const json_t *uma = json_object_get(in, "uma");
        char t[64];
        snprintf(t, sizeof(t), "%lld,%lld,%lld,%lld",
                 (long long)json_integer_value(json_array_get(uma, 0)),
                 (long long)json_integer_value(json_array_get(uma, 1)),
                 (long long)json_integer_value(json_array_get(uma, 2)),
                 (long long)json_integer_value(json_array_get(uma, 3)));
        assert_int_equal(paifu_rules_set(r, "uma", t, NULL), 0);
        assert_int_equal(paifu_settle_substitute_score(r), vector_int(ex, "fixed_final_score"));
    }
    paifu_rules_free(r);
}

/* ---- ranking ---- */

static void run_tiebreak(void **state)
{
    const vector_case *c = *state;
    const json_t *in = vector_input(c), *ex = vector_expect(c);
    static const char *const keys[] = {"higher", NULL};
    static const char *const text[] = {"reason", NULL};
    vector_all_keys_handled(ex, keys, text);
    paifu_standings *st;
    assert_int_equal(paifu_standings_new(&st, c->rules, NULL), 0);
    if (json_object_get(in, "player_A_places")) {
        /* A: 2,3,2,3 and B: 1,4,1,4 with equal point sums (the fillers X, Y complete tables) */
        const char *g1[4] = {"B", "A", "X", "Y"}, *g2[4] = {"X", "Y", "A", "B"};
        int32_t p[4] = {40000, 30000, 20000, 10000};
        for (int k = 0; k < 2; k++) {
            assert_int_equal(paifu_standings_add_game(st, g1, p, p, 4, NULL), 0);
            assert_int_equal(paifu_standings_add_game(st, g2, p, p, 4, NULL), 0);
        }
    } else {
        /* the same places 1, 4, 2 and the same point sum; A's best and worst spread wider */
        const json_t *a = json_object_get(in, "player_A_best_worst");
        const json_t *b = json_object_get(in, "player_B_best_worst");
        int32_t a1 = (int32_t)json_integer_value(json_array_get(a, 0));
        int32_t a2 = (int32_t)json_integer_value(json_array_get(a, 1));
        int32_t b1 = (int32_t)json_integer_value(json_array_get(b, 0));
        int32_t b2 = (int32_t)json_integer_value(json_array_get(b, 1));
        int32_t b3 = 30000, a3 = b1 + b2 + b3 - a1 - a2; /* equal sums */
        assert_true(a3 > a2 && a3 < a1);
        const char *ga[4] = {"A", "X", "Y", "Z"}, *gb[4] = {"B", "X", "Y", "Z"};
        int32_t t1a[4] = {a1, a2 - 1 < 0 ? -1 : a2 - 1, -2, -3}, t1b[4] = {b1, -1, -2, -3};
        int32_t t2a[4] = {a2, a2 + 1, a2 + 2, a2 + 3}, t2b[4] = {b2, b2 + 1, b2 + 2, b2 + 3};
        int32_t t3a[4] = {a3, a3 + 1, -1, -2}, t3b[4] = {b3, b3 + 1, -1, -2};
        assert_int_equal(paifu_standings_add_game(st, ga, t1a, t1a, 4, NULL), 0);
        assert_int_equal(paifu_standings_add_game(st, gb, t1b, t1b, 4, NULL), 0);
        assert_int_equal(paifu_standings_add_game(st, ga, t2a, t2a, 4, NULL), 0);
        assert_int_equal(paifu_standings_add_game(st, gb, t2b, t2b, 4, NULL), 0);
        assert_int_equal(paifu_standings_add_game(st, ga, t3a, t3a, 4, NULL), 0);
        assert_int_equal(paifu_standings_add_game(st, gb, t3b, t3b, 4, NULL), 0);
    }
    const paifu_standing *rows;
    size_t n = paifu_standings_rank(&rows, st);
    int rank_a = 0, rank_b = 0;
    for (size_t i = 0; i < n; i++) {
        if (strcmp(rows[i].name, "A") == 0)
            rank_a = rows[i].rank;
        if (strcmp(rows[i].name, "B") == 0)
            rank_b = rows[i].rank;
    }
    const char *higher = vector_str(ex, "higher");
    assert_true(strcmp(higher, "A") == 0 ? rank_a < rank_b : rank_b < rank_a);
    paifu_standings_free(st);
}

/* ---- the table and the wall ---- */

static void run_table_total(void **state)
{
    const vector_case *c = *state;
    const json_t *in = vector_input(c), *ex = vector_expect(c);
    static const char *const keys[] = {"table_total", "negative_scores_allowed", "per_player", NULL};
    vector_all_keys_handled(ex, keys, NULL);
    const paifu_rules *r = c->rules;
    if (json_object_get(in, "sticks")) {
        /* the stick set of every player is worth the start points */
        const char *key;
        json_t *v;
        int64_t sum = 0;
        json_object_foreach((json_t *)json_object_get(in, "sticks"), key, v)
            sum += atoll(key) * json_integer_value(v);
        assert_int_equal(sum, vector_int(ex, "per_player"));
        assert_int_equal(r->start_points, vector_int(ex, "per_player"));
    } else {
        assert_int_equal(r->start_points, vector_int(in, "start_points"));
        assert_int_equal(r->players, vector_int(in, "players"));
    }
    assert_int_equal((int64_t)r->start_points * r->players, vector_int(ex, "table_total"));
    if (json_object_get(ex, "negative_scores_allowed"))
        assert_int_equal(!r->tobi, vector_bool(ex, "negative_scores_allowed"));
}

static void run_wall_break(void **state)
{
    const vector_case *c = *state;
    const json_t *in = vector_input(c), *ex = vector_expect(c);
    static const char *const keys[] = {"wall_side", "break_after_stacks_from_right",
                                       "count_from_left_end", NULL};
    vector_all_keys_handled(ex, keys, NULL);
    int dice = (int)vector_int(in, "dice_sum");
    int stacks = json_object_get(in, "wall_length_stacks") ? (int)vector_int(in, "wall_length_stacks")
                                                           : 17;
    int side, from_left;
    assert_int_equal(paifu_settle_wall_break(&side, &from_left, dice, stacks, NULL), 0);
    static const char *const sides[] = {"East", "South", "West", "North"}; /* the dealer is East */
    if (json_object_get(ex, "wall_side"))
        assert_int_equal(strncmp(vector_str(ex, "wall_side"), sides[side], strlen(sides[side])), 0);
    if (json_object_get(ex, "break_after_stacks_from_right"))
        assert_int_equal(stacks - from_left, vector_int(ex, "break_after_stacks_from_right"));
    if (json_object_get(ex, "count_from_left_end"))
        assert_int_equal(from_left, vector_int(ex, "count_from_left_end"));
    assert_int_equal(paifu_settle_wall_break(&side, &from_left, 13, 17, NULL), PAIFU_EINVAL);
}

const vector_kind vector_kinds_settle[] = {
    {"noten_payment", run_noten, NULL},
    {"nagashi_payment", run_nagashi, NULL},
    {"multi_ron_settlement", run_multi_ron, NULL},
    {"final_score_uma", run_final, NULL},
    {"leftover_riichi_split", run_leftover, NULL},
    {"chombo_penalty", run_chombo, NULL},
    {"penalty_amount", run_penalty_amount, NULL},
    {"ranking_tiebreak", run_tiebreak, NULL},
    {"table_total", run_table_total, NULL},
    {"wall_break", run_wall_break, NULL},
    {NULL, NULL, NULL},
};
