/*
 * test_tenhou6_write.c: the tenhou.net/6 JSON writer on games built for these tests and on the
 * real round of the spec's worked example (shared/formats/tenhou6-json.md, "spec"): every call
 * string layout of spec §5 and §6 (the spec's own examples), discards (60, riichi, placeholder),
 * score strings (§7.1, tsumo splits computed from fu and han), draw results (§7.2), the header
 * rendered from Tenhou XML metadata (§2.1, §2.4), `sc` numbers, losses and refusals. Expected
 * values are the spec's texts or worked out from it by hand.
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

#include "paifu.h"

#include "write_sink.h"

/* ---- building games ---- */

static paifu_tile T(const char *name)
{
    paifu_tile t;
    assert_int_equal(paifu_tile_parse_one(&t, name, NULL), 0);
    return t;
}

static void tiles(paifu_tile *out, size_t n, const char *text)
{
    size_t got;
    assert_int_equal(paifu_tile_parse(out, n, &got, text, NULL), 0);
    assert_int_equal(got, n);
}

/* A Tenhou game of PLAYERS (3 or 4) with one deal started: East N (0-based HAND), scores
   25000. */
static paifu_game *new_game_of(int hand, int players)
{
    paifu_game *g = NULL;
    assert_int_equal(paifu_game_new(&g, NULL), 0);
    assert_int_equal(paifu_game_set_rules_name(g, "tenhou", NULL), 0);
    if (players == 3) {
        assert_int_equal(paifu_game_add_rule_override(g, "players", "3", NULL), 0);
        assert_int_equal(paifu_game_set_players(g, 3, NULL), 0);
    }
    static const char *const NAMES[] = {"A", "B", "C", "D"};
    for (int s = 0; s < players; s++)
        assert_int_equal(paifu_game_set_player_name(g, s, NAMES[s], NULL), 0);
    paifu_deal_start st;
    paifu_deal_start_init(&st);
    st.hand_number = (uint8_t)hand;
    st.dealer = (int8_t)hand;
    st.flags = PAIFU_DEAL_HAS_SCORES | PAIFU_DEAL_HAS_HANDS | PAIFU_DEAL_HAS_STICKS;
    st.dora_indicator = T("1s");
    for (int s = 0; s < players; s++) {
        st.scores[s] = 25000;
        st.n_hand[s] = 13;
        tiles(st.hands[s], 13, players == 3 ? "1112345678999p" : "1112345678999m");
    }
    if (players == 4) /* a red five sorts after the plain one */
        tiles(st.hands[1], 13, "05m123456789p12s");
    assert_int_equal(paifu_game_begin_deal(g, &st, 0, 0, NULL), 0);
    return g;
}

static paifu_game *new_game(int hand)
{
    return new_game_of(hand, 4);
}

static void add(paifu_game *g, paifu_event_type type, int seat, const char *tile, int from,
                const char *hand, unsigned flags)
{
    paifu_event e;
    paifu_event_init(&e, type, seat);
    e.tile = tile ? T(tile) : PAIFU_TILE_NONE;
    e.from = (int8_t)from;
    e.flags = (uint8_t)flags;
    if (hand) {
        size_t n;
        assert_int_equal(paifu_tile_parse(e.tiles, 4, &n, hand, NULL), 0);
        e.n = (uint8_t)n;
    }
    assert_int_equal(paifu_game_add_event(g, &e, NULL), 0);
}

#define TSUMOGIRI (PAIFU_EVF_TSUMOGIRI_KNOWN | PAIFU_EVF_TSUMOGIRI)

/* SEAT draws TILE and discards it. */
static void pass(paifu_game *g, int seat, const char *tile)
{
    add(g, PAIFU_EV_DRAW, seat, tile, -1, NULL, 0);
    add(g, PAIFU_EV_DISCARD, seat, tile, -1, NULL, TSUMOGIRI);
}

/* A win recorded as Tenhou's XML records it: limit, fu, han, points, deltas. */
static void add_win(paifu_game *g, int who, int from, int han, int fu, paifu_limit limit,
                    int points, const int32_t *deltas)
{
    paifu_win w;
    paifu_win_init(&w);
    w.winner = (int8_t)who;
    w.from = (int8_t)from;
    w.han = (int16_t)han;
    w.fu = (int16_t)fu;
    w.limit = (uint8_t)limit;
    w.points = points;
    w.known = PAIFU_REC_HAN | PAIFU_REC_FU | PAIFU_REC_LIMIT | PAIFU_REC_POINTS | PAIFU_REC_DELTAS |
              PAIFU_REC_YAKU;
    memcpy(w.deltas, deltas, sizeof(w.deltas));
    w.n_yaku = 1;
    w.yaku[0].id = PAIFU_YAKU_TANYAO;
    w.yaku[0].han = (int16_t)han;
    w.yaku[0].count = 1;
    if (limit == PAIFU_LIMIT_YAKUMAN) {
        w.yakuman = (uint8_t)(han / 13);
        w.yaku[0].id = PAIFU_YAKU_DAISANGEN;
    }
    assert_int_equal(paifu_game_add_win(g, &w, 0, 0, NULL), 0);
}

/* ---- writing ---- */

static int write_game(sink *s, const paifu_game *g, bool strict, paifu_error *err)
{
    return sink_write(s, "tenhou6", &g, 1, strict, err);
}

static json_t *written(const paifu_game *g, sink *s)
{
    paifu_error err;
    if (write_game(s, g, false, &err) < 0)
        fail_msg("tenhou6 writer: %s", err.text);
    json_error_t je;
    json_t *v = json_loads(s->data, 0, &je);
    if (!v)
        fail_msg("not JSON: %s in %s", je.text, s->data);
    return v;
}

/* Element K of round R of DOC equals the JSON text EXPECT. */
static void element_is(const json_t *doc, size_t r, size_t k, const char *expect)
{
    const json_t *got = json_array_get(json_array_get(json_object_get(doc, "log"), r), k);
    json_t *want = json_loads(expect, JSON_DECODE_ANY, NULL);
    assert_non_null(want);
    if (!json_equal(got, want)) {
        char *text = json_dumps(got, JSON_COMPACT | JSON_ENCODE_ANY);
        fail_msg("log[%zu][%zu] is %s, expected %s", r, k, text, expect);
    }
    json_decref(want);
}

/* ---- call strings (spec §5, §6) ---- */

/* Seat 2 calls from seat 1 (kamicha), seat 0 (toimen) and seat 3 (shimocha). */
static void test_call_strings(void **state)
{
    (void)state;
    paifu_game *g = new_game(0);
    add(g, PAIFU_EV_DRAW, 0, "1z", -1, NULL, 0);
    add(g, PAIFU_EV_DISCARD, 0, "1z", -1, NULL, TSUMOGIRI);
    pass(g, 1, "7m");
    add(g, PAIFU_EV_CHI, 2, "7m", 1, "06m", 0); /* "c175116" */
    add(g, PAIFU_EV_DISCARD, 2, "1m", -1, NULL, PAIFU_EVF_TSUMOGIRI_KNOWN);
    pass(g, 3, "1s");
    pass(g, 0, "5z");
    add(g, PAIFU_EV_PON, 2, "5z", 0, "55z", 0); /* "45p4545" */
    add(g, PAIFU_EV_DISCARD, 2, "2m", -1, NULL, PAIFU_EVF_TSUMOGIRI_KNOWN);
    pass(g, 3, "5m");
    add(g, PAIFU_EV_PON, 2, "5m", 3, "05m", 0); /* "1551p15" */
    add(g, PAIFU_EV_DISCARD, 2, "3m", -1, NULL, PAIFU_EVF_TSUMOGIRI_KNOWN);
    pass(g, 3, "1s");
    pass(g, 0, "1s");
    pass(g, 1, "5p");
    add(g, PAIFU_EV_PON, 2, "5p", 1, "05p", 0); /* "p252552" */
    add(g, PAIFU_EV_DISCARD, 2, "4m", -1, NULL, PAIFU_EVF_TSUMOGIRI_KNOWN);
    pass(g, 3, "1s");
    pass(g, 0, "1s");
    pass(g, 1, "9s");
    add(g, PAIFU_EV_DAIMINKAN, 2, "9s", 1, "999s", 0); /* "m39393939" */
    add(g, PAIFU_EV_DRAW, 2, "6m", -1, NULL, PAIFU_EVF_REPLACEMENT);
    add(g, PAIFU_EV_DISCARD, 2, "6m", -1, NULL, TSUMOGIRI);
    pass(g, 3, "1s");
    pass(g, 0, "2s");
    add(g, PAIFU_EV_DAIMINKAN, 2, "2s", 0, "222s", 0); /* "32m323232" */
    add(g, PAIFU_EV_DRAW, 2, "7m", -1, NULL, PAIFU_EVF_REPLACEMENT);
    add(g, PAIFU_EV_DISCARD, 2, "8m", -1, NULL, PAIFU_EVF_TSUMOGIRI_KNOWN | PAIFU_EVF_RIICHI);
    pass(g, 3, "9p");
    add(g, PAIFU_EV_DAIMINKAN, 2, "9p", 3, "999p", 0); /* "292929m29" */
    int32_t deltas[4] = {0, 0, 8000, -8000};
    add_win(g, 2, 3, 4, 30, PAIFU_LIMIT_NONE, 7700, deltas);
    sink s;
    json_t *doc = written(g, &s);
    element_is(doc, 0, 11,
               "[\"c175116\",\"45p4545\",\"1551p15\",\"p252552\",\"m39393939\",16,"
               "\"32m323232\",17,\"292929m29\"]");
    /* the placeholders of the open kans; the last one, at the end, is dropped (spec §6) */
    element_is(doc, 0, 12, "[11,12,13,14,0,60,0,\"r18\"]");
    element_is(doc, 0, 5, "[41,45,31,31,32]");
    element_is(doc, 0, 6, "[60,60,60,60,60]");
    json_decref(doc);
    paifu_game_free(g);
}

/* Added and closed kans (spec §6): the pon's string with 'k' + the added tile; "XXXaY". */
static void test_kans(void **state)
{
    (void)state;
    paifu_game *g = new_game(0);
    add(g, PAIFU_EV_DRAW, 0, "1z", -1, NULL, 0);
    add(g, PAIFU_EV_DISCARD, 0, "5m", -1, NULL, PAIFU_EVF_TSUMOGIRI_KNOWN);
    add(g, PAIFU_EV_PON, 1, "5m", 0, "55m", 0); /* "p151515", kamicha */
    add(g, PAIFU_EV_DISCARD, 1, "7s", -1, NULL, PAIFU_EVF_TSUMOGIRI_KNOWN);
    add(g, PAIFU_EV_PON, 3, "7s", 1, "77s", 0); /* "37p3737", toimen */
    add(g, PAIFU_EV_DISCARD, 3, "2p", -1, NULL, PAIFU_EVF_TSUMOGIRI_KNOWN);
    pass(g, 0, "1s");
    add(g, PAIFU_EV_DRAW, 1, "0m", -1, NULL, 0);
    add(g, PAIFU_EV_SHOUMINKAN, 1, "0m", -1, "555m", 0); /* "k51151515" */
    add(g, PAIFU_EV_DRAW, 1, "9m", -1, NULL, PAIFU_EVF_REPLACEMENT);
    add(g, PAIFU_EV_ANKAN, 1, NULL, -1, "0555m", 0); /* "151515a51" */
    add(g, PAIFU_EV_DORA, -1, "3z", -1, NULL, 0);
    add(g, PAIFU_EV_DORA, -1, "4z", -1, NULL, 0);
    add(g, PAIFU_EV_DRAW, 1, "9m", -1, NULL, PAIFU_EVF_REPLACEMENT);
    add(g, PAIFU_EV_ANKAN, 1, NULL, -1, "9999m", 0); /* "191919a19" */
    add(g, PAIFU_EV_DORA, -1, "5z", -1, NULL, 0);
    add(g, PAIFU_EV_DRAW, 1, "1s", -1, NULL, PAIFU_EVF_REPLACEMENT);
    add(g, PAIFU_EV_DISCARD, 1, "1s", -1, NULL,
        PAIFU_EVF_TSUMOGIRI_KNOWN | PAIFU_EVF_TSUMOGIRI | PAIFU_EVF_RIICHI);
    paifu_draw d;
    paifu_draw_init(&d, PAIFU_DRAW_SUUKAIKAN);
    d.known = PAIFU_REC_DELTAS;
    assert_int_equal(paifu_game_add_draw(g, &d, 0, 0, NULL), 0);
    sink s;
    json_t *doc = written(g, &s);
    element_is(doc, 0, 2, "[31,43,44,45]");
    element_is(doc, 0, 8, "[\"p151515\",51,19,19,31]");
    element_is(doc, 0, 9, "[37,\"k51151515\",\"151515a51\",\"191919a19\",\"r60\"]");
    element_is(doc, 0, 14, "[\"37p3737\"]");
    element_is(doc, 0, 15, "[22]");
    element_is(doc, 0, 16, "[\"四槓散了\"]");
    element_is(doc, 0, 4, "[11,11,11,12,13,14,15,16,17,18,19,19,19]");
    json_decref(doc);
    paifu_game_free(g);
}

/* Starting hands sorted, a red five after the plain ones (spec §4 "Starting-hand order"). */
static void test_hand_order(void **state)
{
    (void)state;
    paifu_game *g = new_game(0);
    add(g, PAIFU_EV_DRAW, 0, "1z", -1, NULL, 0);
    paifu_draw d;
    paifu_draw_init(&d, PAIFU_DRAW_KYUUSHU);
    d.known = PAIFU_REC_DELTAS;
    assert_int_equal(paifu_game_add_draw(g, &d, 0, 0, NULL), 0);
    sink s;
    json_t *doc = written(g, &s);
    element_is(doc, 0, 7, "[15,51,21,22,23,24,25,26,27,28,29,31,32]");
    element_is(doc, 0, 16, "[\"九種九牌\"]");
    element_is(doc, 0, 0, "[0,0,0]");
    element_is(doc, 0, 3, "[]");
    json_decref(doc);
    paifu_game_free(g);
}

/* ---- results (spec §7) ---- */

typedef struct score_case {
    int who, from, dealer, han, fu;
    paifu_limit limit;
    int points;
    const char *expect;
} score_case;

static void test_score_strings(void **state)
{
    (void)state;
    static const score_case CASES[] = {
        {2, 3, 0, 4, 30, PAIFU_LIMIT_NONE, 7700, "30符4飜7700点"},      /* spec §7.1 */
        {0, 0, 0, 6, 30, PAIFU_LIMIT_HANEMAN, 18000, "跳満6000点∀"},    /* dealer tsumo */
        {1, 1, 0, 3, 30, PAIFU_LIMIT_NONE, 4000, "30符3飜1000-2000点"}, /* split computed */
        {1, 1, 0, 2, 40, PAIFU_LIMIT_NONE, 2700, "40符2飜700-1300点"},  /* 640 -> 700/1300 */
        {2, 2, 0, 26, 30, PAIFU_LIMIT_YAKUMAN, 64000, "役満16000-32000点"},
        {1, 3, 0, 13, 40, PAIFU_LIMIT_YAKUMAN, 32000, "役満32000点"},
        {3, 3, 3, 1, 30, PAIFU_LIMIT_NONE, 1500, "30符1飜500点∀"},
        /* a lobby that rounds 30 fu 4 han up: the recorded total decides the split */
        {0, 0, 0, 4, 30, PAIFU_LIMIT_NONE, 12000, "30符4飜4000点∀"},
        {1, 1, 0, 4, 30, PAIFU_LIMIT_NONE, 8000, "30符4飜2000-4000点"},
    };
    for (size_t i = 0; i < sizeof(CASES) / sizeof(CASES[0]); i++) {
        const score_case *c = &CASES[i];
        paifu_game *g = new_game(c->dealer);
        add(g, PAIFU_EV_DRAW, c->dealer, "1z", -1, NULL, 0);
        int32_t deltas[4] = {0};
        add_win(g, c->who, c->from, c->han, c->fu, c->limit, c->points, deltas);
        sink s;
        json_t *doc = written(g, &s);
        const json_t *detail =
            json_array_get(json_array_get(json_array_get(json_object_get(doc, "log"), 0), 16), 2);
        const char *got = json_string_value(json_array_get(detail, 3));
        if (!got || strcmp(got, c->expect) != 0)
            fail_msg("case %zu: %s, expected %s", i, got ? got : "(none)", c->expect);
        json_decref(doc);
        paifu_game_free(g);
    }
}

/* A 3-player non-dealer tsumo whose recorded total is not the standard split (a lobby that
   shares the North's part): the total is split as the payments of 000 §3.7.7 are rounded, the
   non-dealer's part (a third of the total) up to 100 and the dealer paying the rest:
   4000 -> 1400 + 2600 (a third is 1333.3); 3000 is the standard 1000-2000. */
static void test_sanma_tsumo_split(void **state)
{
    (void)state;
    static const struct {
        int han, points;
        const char *expect;
    } CASES[] = {
        {3, 4000, "30符3飜1400-2600点"},
        {3, 3000, "30符3飜1000-2000点"},
    };
    for (size_t i = 0; i < sizeof(CASES) / sizeof(CASES[0]); i++) {
        paifu_game *g = new_game_of(0, 3);
        add(g, PAIFU_EV_DRAW, 0, "1z", -1, NULL, 0);
        int32_t deltas[4] = {0};
        add_win(g, 1, 1, CASES[i].han, 30, PAIFU_LIMIT_NONE, CASES[i].points, deltas);
        sink s;
        json_t *doc = written(g, &s);
        const json_t *detail =
            json_array_get(json_array_get(json_array_get(json_object_get(doc, "log"), 0), 16), 2);
        const char *got = json_string_value(json_array_get(detail, 3));
        if (!got || strcmp(got, CASES[i].expect) != 0)
            fail_msg("case %zu: %s, expected %s", i, got ? got : "(none)", CASES[i].expect);
        json_decref(doc);
        paifu_game_free(g);
    }
}

/* Yaku strings (spec §7.1): Tenhou's names, 役満 entries, 裏ドラ(0飜) left out; liable seat. */
static void test_win_detail(void **state)
{
    (void)state;
    paifu_game *g = new_game(0);
    add(g, PAIFU_EV_DRAW, 0, "1z", -1, NULL, 0);
    paifu_win w;
    paifu_win_init(&w);
    w.winner = 0;
    w.from = 0;
    w.pao = 2;
    w.limit = PAIFU_LIMIT_YAKUMAN;
    w.han = 26;
    w.yakuman = 2;
    w.points = 96000;
    w.known =
        PAIFU_REC_HAN | PAIFU_REC_LIMIT | PAIFU_REC_POINTS | PAIFU_REC_DELTAS | PAIFU_REC_YAKU;
    int32_t deltas[4] = {96000, 0, -96000, 0};
    memcpy(w.deltas, deltas, sizeof(deltas));
    static const uint16_t IDS[] = {PAIFU_YAKU_DAISANGEN, PAIFU_YAKU_TSUUIISOU};
    for (size_t i = 0; i < 2; i++)
        w.yaku[w.n_yaku++] = (paifu_yaku_value){IDS[i], 13, 1, 0, NULL};
    assert_int_equal(paifu_game_add_win(g, &w, 0, 0, NULL), 0);
    sink s;
    json_t *doc = written(g, &s);
    element_is(doc, 0, 16,
               "[\"和了\",[96000,0,-96000,0],[0,0,2,\"役満32000点∀\","
               "\"大三元(役満)\",\"字一色(役満)\"]]");
    json_decref(doc);
    paifu_game_free(g);

    g = new_game(0);
    add(g, PAIFU_EV_DRAW, 0, "1z", -1, NULL, 0);
    add(g, PAIFU_EV_DISCARD, 0, "1z", -1, NULL,
        PAIFU_EVF_TSUMOGIRI_KNOWN | PAIFU_EVF_TSUMOGIRI | PAIFU_EVF_RIICHI);
    paifu_win_init(&w);
    w.winner = 1;
    w.from = 0;
    w.limit = PAIFU_LIMIT_NONE;
    w.han = 2;
    w.fu = 40;
    w.points = 2600;
    w.known = PAIFU_REC_HAN | PAIFU_REC_FU | PAIFU_REC_LIMIT | PAIFU_REC_POINTS | PAIFU_REC_DELTAS |
              PAIFU_REC_YAKU | PAIFU_REC_URA;
    int32_t d2[4] = {-2600, 2600, 0, 0};
    memcpy(w.deltas, d2, sizeof(d2));
    w.yaku[w.n_yaku++] = (paifu_yaku_value){PAIFU_YAKU_SEAT_WIND_SOUTH, 1, 1, 0, NULL};
    w.yaku[w.n_yaku++] = (paifu_yaku_value){PAIFU_YAKU_HAKU, 1, 1, 0, NULL};
    w.yaku[w.n_yaku++] = (paifu_yaku_value){PAIFU_YAKU_URA_DORA, 0, 1, 0, NULL};
    w.n_ura = 1;
    w.ura[0] = T("9p");
    assert_int_equal(paifu_game_add_win(g, &w, 0, 0, NULL), 0);
    doc = written(g, &s);
    element_is(doc, 0, 16,
               "[\"和了\",[-2600,2600,0,0],[1,0,1,\"40符2飜2600点\","
               "\"自風 南(1飜)\",\"役牌 白(1飜)\"]]");
    element_is(doc, 0, 3, "[29]");
    element_is(doc, 0, 6, "[\"r60\"]");
    json_decref(doc);
    paifu_game_free(g);
}

static json_t *with_draw(paifu_draw_kind kind, const int32_t *deltas, unsigned tenpai,
                         unsigned nagashi, sink *s)
{
    paifu_game *g = new_game(0);
    add(g, PAIFU_EV_DRAW, 0, "1z", -1, NULL, 0);
    paifu_draw d;
    paifu_draw_init(&d, kind);
    d.known = PAIFU_REC_DELTAS | PAIFU_REC_TENPAI;
    d.tenpai = (uint8_t)tenpai;
    d.nagashi = (uint8_t)nagashi;
    memcpy(d.deltas, deltas, sizeof(d.deltas));
    assert_int_equal(paifu_game_add_draw(g, &d, 0, 0, NULL), 0);
    json_t *doc = written(g, s);
    paifu_game_free(g);
    return doc;
}

/* Draw results (spec §7.2): the deltas are there iff one is not 0. */
static void test_draws(void **state)
{
    (void)state;
    sink s;
    int32_t noten[4] = {1500, -1500, 1500, -1500}, zero[4] = {0},
            nm[4] = {-4000, 8000, -2000, -2000};
    json_t *doc = with_draw(PAIFU_DRAW_EXHAUSTIVE, noten, 5, 0, &s);
    element_is(doc, 0, 16, "[\"流局\",[1500,-1500,1500,-1500]]");
    json_decref(doc);
    doc = with_draw(PAIFU_DRAW_EXHAUSTIVE, zero, 15, 0, &s);
    element_is(doc, 0, 16, "[\"全員聴牌\"]");
    json_decref(doc);
    doc = with_draw(PAIFU_DRAW_EXHAUSTIVE, zero, 0, 0, &s);
    element_is(doc, 0, 16, "[\"全員不聴\"]");
    json_decref(doc);
    doc = with_draw(PAIFU_DRAW_EXHAUSTIVE, nm, 0, 2, &s);
    element_is(doc, 0, 16, "[\"流し満貫\",[-4000,8000,-2000,-2000]]");
    json_decref(doc);
    doc = with_draw(PAIFU_DRAW_SUUFON, zero, 0, 0, &s);
    element_is(doc, 0, 16, "[\"四風連打\"]");
    json_decref(doc);
    doc = with_draw(PAIFU_DRAW_SUUCHA_RIICHI, zero, 0, 0, &s);
    element_is(doc, 0, 16, "[\"四家立直\"]");
    json_decref(doc);
    doc = with_draw(PAIFU_DRAW_SANCHAHOU, zero, 0, 0, &s);
    element_is(doc, 0, 16, "[\"三家和了\"]");
    json_decref(doc);
}

/* ---- header (spec §2) ---- */

typedef struct header_case {
    const char *type, *disp, *ratingc;
} header_case;

static void test_header_from_xml(void **state)
{
    (void)state;
    static const header_case CASES[] = {
        /* spec §2.1 and tenhou-xml.md §4.3 "Common values" */
        {"9", "般南喰赤", "PF4"},     {"41", "特南喰赤", "PF4"},    {"169", "鳳南喰赤", "PF4"},
        {"161", "鳳東喰赤", "PF4"},   {"193", "上東喰赤速", "PF4"}, {"225", "鳳東喰赤速", "PF4"},
        {"185", "三鳳南喰赤", "PF3"}, {"177", "三鳳東喰赤", "PF3"}, {"75", "般南喰速", "PF4"},
    };
    for (size_t i = 0; i < sizeof(CASES) / sizeof(CASES[0]); i++) {
        paifu_game *g = new_game(0);
        add(g, PAIFU_EV_DRAW, 0, "1z", -1, NULL, 0);
        int32_t zero[4] = {0};
        add_win(g, 0, 0, 1, 30, PAIFU_LIMIT_NONE, 1500, zero);
        assert_int_equal(paifu_game_set_meta(g, "tenhou.go.type", CASES[i].type, NULL), 0);
        /* as the XML reader has it for a log without its date and with exact results */
        assert_int_equal(paifu_game_add_rule_override(g, "tenpaiyame_known", "false", NULL), 0);
        assert_int_equal(paifu_game_add_rule_override(g, "final_rounding", "nearest_100", NULL), 0);
        assert_int_equal(paifu_game_set_meta(g, "tenhou.go.lobby", "0", NULL), 0);
        assert_int_equal(paifu_game_set_meta(g, "tenhou.un.dan", "0,9,10,20", NULL), 0);
        assert_int_equal(
            paifu_game_set_meta(g, "tenhou.un.rate", "2074.70,1500.00,1966.28,1500", NULL), 0);
        assert_int_equal(paifu_game_set_meta(g, "tenhou.un.sx", "M,F,C,M", NULL), 0);
        paifu_game_result r = {
            true, true, {38200, 14700, 22900, 24200}, {48200, -35300, -17100, 4200}};
        paifu_game_set_result(g, &r);
        sink s;
        json_t *doc = written(g, &s);
        assert_string_equal(
            json_string_value(json_object_get(json_object_get(doc, "rule"), "disp")),
            CASES[i].disp);
        assert_string_equal(json_string_value(json_object_get(doc, "ratingc")), CASES[i].ratingc);
        if (i == 0) { /* the official key order and serialisation (spec §2.1) */
            const char *expect_tail =
                ",\"ratingc\":\"PF4\",\"rule\":{\"disp\":\"般南喰赤\",\"aka53\":1,\"aka52\":1,"
                "\"aka51\":1},\"lobby\":0,\"dan\":[\"新人\",\"１級\",\"初段\",\"天鳳\"],"
                "\"rate\":[2074.7,1500,1966.28,1500],\"sx\":[\"M\",\"F\",\"C\",\"M\"],"
                "\"sc\":[38200,48.2,14700,-35.3,22900,-17.1,24200,4.2],"
                "\"name\":[\"A\",\"B\",\"C\",\"D\"]}";
            assert_non_null(strstr(s.data, expect_tail));
            assert_memory_equal(s.data, "{\"ver\":2.3,\"log\":[[[0,0,0],", 27);
        }
        json_decref(doc);
        paifu_game_free(g);
    }
}

/* `ref` comes from metadata tenhou.ref, right after ver (spec §2.1); `sc` integers. */
static void test_ref_and_sc(void **state)
{
    (void)state;
    paifu_game *g = new_game(0);
    add(g, PAIFU_EV_DRAW, 0, "1z", -1, NULL, 0);
    int32_t zero[4] = {0};
    add_win(g, 0, 0, 1, 30, PAIFU_LIMIT_NONE, 1500, zero);
    assert_int_equal(paifu_game_set_meta(g, "tenhou.go.type", "169", NULL), 0);
    assert_int_equal(paifu_game_set_meta(g, "tenhou.ref", "2019081518gm-00a9-0000-cce9d00c", NULL),
                     0);
    paifu_game_result r = {
        true, true, {85300, 31400, -55100, 38400}, {96000, -9000, -105000, 18000}};
    paifu_game_set_result(g, &r);
    sink s;
    json_t *doc = written(g, &s);
    assert_memory_equal(s.data, "{\"ver\":2.3,\"ref\":\"2019081518gm-00a9-0000-cce9d00c\",", 51);
    assert_non_null(strstr(s.data, "\"sc\":[85300,96,31400,-9,-55100,-105,38400,18]"));
    json_decref(doc);
    paifu_game_free(g);
}

/* --fill's note (paifu_write_options.fill), collected as the losses are. */
static void on_filled(const paifu_game *g, const char *what, void *payload)
{
    sink_on_loss(g, what, payload);
}

/*
 * Values the source does not record (issue 37): a tsumo recording its points but neither its
 * payments nor its score changes. The result needs both: written, and reported as a loss of
 * kind computed naming each kind with its count; refused under --strict; with fill, the same
 * bytes and a note instead of the loss.
 */
/* Write G as tenhou6 into S: strict unless ALLOW is NULL (then ALLOW the allowed kinds), FILL. */
static int write_with(sink *s, const paifu_game *g, const char *allow, bool fill, paifu_error *err)
{
    paifu_write_options wo = PAIFU_WRITE_OPTIONS_INIT;
    wo.strict = allow != NULL;
    wo.allow_loss = allow;
    wo.fill = fill;
    wo.on_loss = sink_on_loss;
    wo.on_filled = on_filled;
    wo.loss_payload = s;
    paifu_writer *w = NULL;
    s->len = 0;
    s->data[0] = '\0';
    s->n_lost = 0;
    paifu_error_clear(err);
    int rc = paifu_writer_open(&w, "tenhou6", sink_put, s, &wo, err);
    if (rc == 0)
        rc = paifu_writer_write(w, g, err);
    if (rc == 0)
        rc = paifu_writer_close(w, err);
    paifu_writer_free(w);
    return rc;
}

static void test_computed_values(void **state)
{
    (void)state;
    paifu_game *g = new_game(0);
    add(g, PAIFU_EV_DRAW, 0, "1z", -1, NULL, 0);
    paifu_win win;
    paifu_win_init(&win);
    win.winner = win.from = 0;
    win.han = 1;
    win.fu = 30;
    win.limit = PAIFU_LIMIT_NONE;
    win.points = 1500;
    win.known = PAIFU_REC_HAN | PAIFU_REC_FU | PAIFU_REC_LIMIT | PAIFU_REC_POINTS;
    assert_int_equal(paifu_game_add_win(g, &win, 0, 0, NULL), 0);
    paifu_game_result r = {true, false, {26500, 24500, 24500, 24500}, {0}};
    paifu_game_set_result(g, &r);
    static sink s, f;
    paifu_error err;
    json_t *doc = written(g, &s);
    /* the score changes from the final points, the split from the points (500 / 500 / 500) */
    assert_non_null(strstr(s.data, "[1500,-500,-500,-500],[0,0,0,\"30符1飜500点∀\"]"));
    assert_int_equal(s.n_lost, 2); /* and the final points, which sc needs final scores with */
    assert_string_equal(s.lost[0], "the final points (sc needs the final scores with them)");
    assert_string_equal(s.lost[1],
                        "values the source does not record, written as computed: the score "
                        "changes of 1 outcome(s) (from the next deal's scores); the payments of "
                        "1 tsumo(s) (split from their points)");
    json_decref(doc);
    /* --strict refuses it (the final points' loss allowed), naming the kinds in short */
    assert_int_equal(write_with(&f, g, "final", false, &err), PAIFU_EUNSUPPORTED);
    assert_non_null(strstr(err.text, "(score changes 1, payments 1; --strict; --allow-loss "
                                     "computed or --fill lets them go)"));
    /* fill: the same document with sc (final scores under the rule set), the note instead of
       the losses */
    assert_int_equal(write_with(&f, g, NULL, true, &err), 0);
    assert_memory_equal(f.data, s.data, (size_t)(strstr(s.data, ",\"name\"") - s.data));
    assert_non_null(strstr(f.data, "\"sc\":[26500,"));
    assert_int_equal(f.n_lost, 1);
    assert_string_equal(f.lost[0], "the score changes of 1 outcome(s) (from the next deal's "
                                   "scores); the final scores (uma and oka) of 1 game(s) (under "
                                   "the game's rule set); the payments of 1 tsumo(s) (split from "
                                   "their points)");
    paifu_game_free(g);
}

/* A game from neither Tenhou format: the viewer's minimal form, "般" for the unknown level. */
static void test_minimal_form(void **state)
{
    (void)state;
    paifu_game *g = new_game(0);
    assert_int_equal(paifu_game_add_rule_override(g, "game_length", "east", NULL), 0);
    assert_int_equal(paifu_game_add_rule_override(g, "red_fives", "0", NULL), 0);
    add(g, PAIFU_EV_DRAW, 0, "1z", -1, NULL, 0);
    int32_t zero[4] = {0};
    add_win(g, 0, 0, 1, 30, PAIFU_LIMIT_NONE, 1500, zero);
    sink s;
    json_t *doc = written(g, &s);
    assert_memory_equal(s.data, "{\"log\":", 7);
    assert_non_null(strstr(s.data, "\"rule\":{\"disp\":\"般東喰\",\"aka53\":0,\"aka52\":0,"
                                   "\"aka51\":0},\"paifu_rules\":{"));
    assert_int_equal(s.n_lost, 0);
    json_decref(doc);
    paifu_game_free(g);

    g = new_game(0); /* another rule set: named, and carried by paifu_rules */
    assert_int_equal(paifu_game_set_rules_name(g, "rrc", NULL), 0);
    add(g, PAIFU_EV_DRAW, 0, "1z", -1, NULL, 0);
    add_win(g, 0, 0, 1, 30, PAIFU_LIMIT_NONE, 1500, zero);
    doc = written(g, &s);
    assert_string_equal(json_string_value(json_object_get(json_object_get(doc, "rule"), "disp")),
                        "rrc");
    assert_false(reported(&s, "the rule set"));
    assert_string_equal(
        json_string_value(json_object_get(json_object_get(doc, "paifu_rules"), "preset")), "rrc");
    json_decref(doc);
    paifu_game_free(g);
}

/* ---- the spec's worked example (§10): a real round written back as Tenhou wrote it ---- */

#define SPEC_ROUND                                                                                 \
    "[[0,1,0],[36700,21100,21100,21100],[31,44],[],"                                               \
    "[12,17,23,24,26,28,34,38,39,39,42,45,47],[36,26,22,38,27,12,16,33,28,47],"                    \
    "[42,12,47,45,39,60,39,26,28,36],"                                                             \
    "[15,51,18,21,23,26,29,35,37,39,43,46,46],[37,15,34,17,11,17,25,15,47,25],"                    \
    "[43,29,18,60,60,60,21,\"151515a51\",60,23],"                                                  \
    "[14,18,22,23,28,33,33,33,35,36,38,45,45],[43,13,47,\"45p4545\",34,35,11,\"c212223\",25,38],"  \
    "[60,18,60,28,38,14,13,11,60,60],"                                                             \
    "[12,13,18,19,22,22,24,36,41,43,44,46,46],[43,37,53,32,36,16,24,44,23,37],"                    \
    "[41,43,43,44,18,60,19,60,36,37],"                                                             \
    "[\"和了\",[0,0,1300,-1300],[2,3,2,\"30符1飜1000点\",\"役牌 白(1飜)\"]]]"

static void test_spec_example(void **state)
{
    (void)state;
    const char *doc = "{\"ver\":2.3,\"log\":[" SPEC_ROUND "],\"ratingc\":\"PF4\",\"rule\":"
                      "{\"disp\":\"特南喰赤\",\"aka53\":1,\"aka52\":1,\"aka51\":1},"
                      "\"name\":[\"A\",\"B\",\"C\",\"D\"]}";
    paifu_game *g = NULL;
    paifu_error err;
    paifu_error_clear(&err);
    if (paifu_game_read_buffer(&g, doc, strlen(doc), NULL, &err) < 0)
        fail_msg("the spec's round does not read: %s", err.text);
    sink s;
    assert_int_equal(write_game(&s, g, false, &err), 0);
    assert_non_null(strstr(s.data, "\"log\":[" SPEC_ROUND "]"));
    paifu_game_free(g);
}

/* ---- losses and refusals ---- */

static void test_losses(void **state)
{
    (void)state;
    paifu_game *g = new_game(0);
    paifu_event e;
    paifu_event_init(&e, PAIFU_EV_DRAW, 0);
    e.tile = T("1z");
    e.tile_id = 108;
    assert_int_equal(paifu_game_add_event(g, &e, NULL), 0);
    paifu_penalty p = {PAIFU_PENALTY_FINE, PAIFU_PENALTY_AFTER_UMA, 1, 0, 1000, {0}, NULL};
    assert_int_equal(paifu_game_add_penalty(g, &p, 0, 0, NULL), 0);
    int32_t zero[4] = {0};
    add_win(g, 0, 0, 1, 30, PAIFU_LIMIT_NONE, 1500, zero);
    sink s;
    paifu_error err;
    assert_int_equal(write_game(&s, g, false, &err), 0);
    assert_true(reported(&s, "tile ids"));
    assert_true(reported(&s, "penalties"));
    assert_int_equal(write_game(&s, g, true, &err), PAIFU_EUNSUPPORTED); /* --strict */
    assert_non_null(strstr(err.text, "--strict"));
    paifu_game_free(g);
}

static void test_refusals(void **state)
{
    (void)state;
    paifu_game *g = new_game(0); /* a deal without an outcome */
    add(g, PAIFU_EV_DRAW, 0, "1z", -1, NULL, 0);
    sink s;
    paifu_error err;
    assert_int_equal(write_game(&s, g, false, &err), PAIFU_EUNSUPPORTED);
    assert_non_null(strstr(err.text, "without an outcome"));
    assert_string_equal(err.where.deal, "E1-0");
    paifu_game_free(g);

    g = new_game(0); /* a hidden tile (an in-game view) */
    add(g, PAIFU_EV_DRAW, 0, NULL, -1, NULL, 0);
    add_win(g, 0, 0, 1, 30, PAIFU_LIMIT_NONE, 1500, (int32_t[4]){0});
    assert_int_equal(write_game(&s, g, false, &err), PAIFU_EUNSUPPORTED);
    assert_non_null(strstr(err.text, "does not show"));
    assert_int_equal(s.n_lost, 0);
    paifu_game_free(g);

    g = new_game(0); /* an MCR game */
    assert_int_equal(paifu_game_set_rules_name(g, "mcr", NULL), 0);
    add(g, PAIFU_EV_DRAW, 0, "1z", -1, NULL, 0);
    assert_int_equal(write_game(&s, g, false, &err), PAIFU_EUNSUPPORTED);
    assert_non_null(strstr(err.text, "MCR"));
    paifu_game_free(g);

    g = new_game(0); /* a win whose deltas neither the log nor the next deal gives */
    add(g, PAIFU_EV_DRAW, 0, "1z", -1, NULL, 0);
    paifu_win w;
    paifu_win_init(&w);
    w.winner = w.from = 0;
    assert_int_equal(paifu_game_add_win(g, &w, 0, 0, NULL), 0);
    assert_int_equal(write_game(&s, g, false, &err), PAIFU_EUNSUPPORTED);
    assert_non_null(strstr(err.text, "score changes"));
    paifu_game_free(g);

    /* a deal out of turn order (fuzz_convert's tests/fuzz/known/ input): the per-seat lists
       would fit no order, and the reader would refuse what was written; refused before any
       loss is reported */
    static const struct {
        paifu_event_type type;
        int seat, from;
        const char *tile, *hand, *what;
    } broken[] = {
        {PAIFU_EV_DRAW, 2, -1, "1s", NULL, "event 3 (draw, seat 2)"},       /* seat 1's turn */
        {PAIFU_EV_DISCARD, 2, -1, "1s", NULL, "event 3 (discard, seat 2)"}, /* without a draw */
        {PAIFU_EV_CHI, 3, 0, "1z", "23m", "event 3 (chi, seat 3)"},         /* not the next seat */
        {PAIFU_EV_PON, 2, 0, "2m", "22m", "event 3 (pon, seat 2)"},         /* not the discard */
    };
    for (size_t i = 0; i < sizeof(broken) / sizeof(broken[0]); i++) {
        g = new_game(0);
        pass(g, 0, "1z");
        add(g, broken[i].type, broken[i].seat, broken[i].tile, broken[i].from, broken[i].hand,
            0);
        add_win(g, 0, 0, 1, 30, PAIFU_LIMIT_NONE, 1500, (int32_t[4]){0});
        s.n_lost = 0;
        assert_int_equal(write_game(&s, g, false, &err), PAIFU_EUNSUPPORTED);
        if (!strstr(err.text, broken[i].what) || !strstr(err.text, "out of turn"))
            fail_msg("case %zu: %s", i, err.text);
        assert_string_equal(err.where.deal, "E1-0");
        assert_int_equal(s.n_lost, 0);
        paifu_game_free(g);
    }
}

/* A win without deltas takes them from the next deal's scores (formats/lossy.c). */
static void test_implied_deltas(void **state)
{
    (void)state;
    paifu_game *g = new_game(0);
    add(g, PAIFU_EV_DRAW, 0, "1z", -1, NULL, 0);
    add(g, PAIFU_EV_DISCARD, 0, "1z", -1, NULL, PAIFU_EVF_TSUMOGIRI_KNOWN | PAIFU_EVF_RIICHI);
    assert_int_equal(paifu_game_add_riichi_accepted(g, 0, 0, NULL, 0, 0, NULL), 0);
    add(g, PAIFU_EV_DRAW, 1, "2z", -1, NULL, 0);
    paifu_win w;
    paifu_win_init(&w);
    w.winner = w.from = 1;
    assert_int_equal(paifu_game_add_win(g, &w, 0, 0, NULL), 0);
    paifu_deal_start st = paifu_game_deal(g, 0)->start;
    st.hand_number = 1;
    st.dealer = 1;
    int32_t next[4] = {22000, 31000, 23000, 23000}; /* seat 0 paid 1000 into the pot */
    memcpy(st.scores, next, sizeof(next));
    assert_int_equal(paifu_game_begin_deal(g, &st, 0, 0, NULL), 0);
    add(g, PAIFU_EV_DRAW, 1, "1z", -1, NULL, 0);
    paifu_draw d;
    paifu_draw_init(&d, PAIFU_DRAW_KYUUSHU);
    d.known = PAIFU_REC_DELTAS;
    assert_int_equal(paifu_game_add_draw(g, &d, 0, 0, NULL), 0);
    sink s;
    json_t *doc = written(g, &s);
    element_is(doc, 0, 16, "[\"和了\",[-2000,6000,-2000,-2000],[1,1,1]]");
    json_decref(doc);
    paifu_game_free(g);
}

/* Several games: one per line (JSON lines), read back one game per document. */
static void test_json_lines(void **state)
{
    (void)state;
    paifu_game *g = new_game(0);
    add(g, PAIFU_EV_DRAW, 0, "1z", -1, NULL, 0);
    int32_t zero[4] = {0};
    add_win(g, 0, 0, 1, 30, PAIFU_LIMIT_NONE, 1500, zero);
    static sink s;
    paifu_writer *w = NULL;
    memset(&s, 0, sizeof(s));
    assert_int_equal(paifu_writer_open(&w, "tenhou6", sink_put, &s, NULL, NULL), 0);
    assert_int_equal(paifu_writer_write(w, g, NULL), 0);
    size_t one = s.len;
    assert_int_equal(paifu_writer_write(w, g, NULL), 0);
    assert_int_equal(paifu_writer_close(w, NULL), 0);
    paifu_writer_free(w);
    assert_int_equal(s.len, 2 * one + 1);
    assert_int_equal(s.data[one], '\n');
    assert_null(memchr(s.data, '\n', one)); /* one game: no newline at all, as Tenhou's */
    paifu_reader *r = NULL;
    assert_int_equal(paifu_reader_open_buffer(&r, s.data, s.len, NULL, NULL), 0);
    const paifu_game *got;
    int n = 0;
    while (paifu_reader_next(&got, r, NULL) > 0)
        n++;
    assert_int_equal(n, 2);
    paifu_reader_free(r);
    paifu_game_free(g);
}

int main(void)
{
    paifu_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_call_strings),    cmocka_unit_test(test_kans),
        cmocka_unit_test(test_hand_order),      cmocka_unit_test(test_score_strings),
        cmocka_unit_test(test_sanma_tsumo_split),
        cmocka_unit_test(test_win_detail),      cmocka_unit_test(test_draws),
        cmocka_unit_test(test_header_from_xml), cmocka_unit_test(test_ref_and_sc),
        cmocka_unit_test(test_minimal_form),    cmocka_unit_test(test_computed_values),    cmocka_unit_test(test_spec_example),
        cmocka_unit_test(test_losses),          cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_implied_deltas),  cmocka_unit_test(test_json_lines),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
