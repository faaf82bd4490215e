/*
 * test_mjlog_write.c: the Tenhou mjlog XML writer on games built for these tests: the spec's
 * worked round (shared/formats/tenhou-xml.md §10) and meld codes (§4.9) written back, tile ids
 * chosen for a source without them, REACH steps and the deposit's place, a double ron with pao
 * and owari, every RYUUKYOKU type with the hands Tenhou shows (§4.13), nagashi, BYE and
 * reconnection, a 3-player game with kita, the header of a non-Tenhou source, attributes the
 * reader keeps (chip games, generation A seeds) given back byte for byte, losses, --strict and
 * refusals. Expected values are the spec's texts or worked out from it by hand; every output
 * reads back and is in Tenhou's form (mjlog_dialect.h).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paifu.h"

#include "write_sink.h"

#include "mjlog_dialect.h"

/* ---- building games ---- */

static paifu_tile T(const char *name)
{
    paifu_tile t;
    assert_int_equal(paifu_tile_parse_one(&t, name, NULL), 0);
    return t;
}

/* The tile of Tenhou id ID with red fives on (spec §2.1). */
static paifu_tile I(unsigned id)
{
    return paifu_tile_make(id / 4, id == 16 || id == 52 || id == 88);
}

static size_t tiles(paifu_tile *out, const char *text)
{
    size_t n;
    assert_int_equal(paifu_tile_parse(out, PAIFU_MAX_HAND, &n, text, NULL), 0);
    return n;
}

static paifu_game *new_game(int players, const char *const *names)
{
    static const char *const ABCD[] = {"A", "B", "C", "D"};
    paifu_game *g = NULL;
    assert_int_equal(paifu_game_new(&g, NULL), 0);
    assert_int_equal(paifu_game_set_rules_name(g, "tenhou", NULL), 0);
    /* a date of the modern era: the XML (named by its log id) then names the tenhou rules */
    assert_int_equal(paifu_game_set_meta(g, PAIFU_META_DATE, "2019-01-01T00", NULL), 0);
    assert_int_equal(paifu_game_set_players(g, players, NULL), 0);
    for (int s = 0; s < players; s++)
        assert_int_equal(paifu_game_set_player_name(g, s, (names ? names : ABCD)[s], NULL), 0);
    return g;
}

/* A deal without ids: HANDS one text per seat, scores SCORE each. */
static void begin(paifu_game *g, int round, int honba, int sticks, int32_t score,
                  const char *const *hands, const char *dora)
{
    paifu_deal_start st;
    paifu_deal_start_init(&st);
    st.round_wind = (uint8_t)(round / 4);
    st.hand_number = (uint8_t)(round % 4);
    st.dealer = (int8_t)(round % 4);
    st.honba = (int16_t)honba;
    st.riichi_sticks = (int16_t)sticks;
    st.flags = PAIFU_DEAL_HAS_SCORES | PAIFU_DEAL_HAS_HANDS | PAIFU_DEAL_HAS_STICKS;
    st.dora_indicator = T(dora);
    for (int s = 0; s < paifu_game_players(g); s++) {
        st.scores[s] = score;
        st.n_hand[s] = (uint8_t)tiles(st.hands[s], hands[s]);
    }
    assert_int_equal(paifu_game_begin_deal(g, &st, 0, 0, NULL), 0);
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

/* An event with Tenhou ids: TILE (-1: none) and N ids from the hand. */
static void addi(paifu_game *g, paifu_event_type type, int seat, int tile, int from,
                 const int *hand, size_t n, unsigned flags)
{
    paifu_event e;
    paifu_event_init(&e, type, seat);
    if (tile >= 0) {
        e.tile = I((unsigned)tile);
        e.tile_id = (uint8_t)tile;
    }
    e.from = (int8_t)from;
    e.flags = (uint8_t)flags;
    for (size_t k = 0; k < n; k++) {
        e.tiles[k] = I((unsigned)hand[k]);
        e.ids[k] = (uint8_t)hand[k];
    }
    e.n = (uint8_t)n;
    assert_int_equal(paifu_game_add_event(g, &e, NULL), 0);
}

static void draw_discard(paifu_game *g, int seat, int draw, int discard)
{
    addi(g, PAIFU_EV_DRAW, seat, draw, -1, NULL, 0, 0);
    addi(g, PAIFU_EV_DISCARD, seat, discard, -1, NULL, 0,
         PAIFU_EVF_TSUMOGIRI_KNOWN | (draw == discard ? PAIFU_EVF_TSUMOGIRI : 0));
}

static void win_init(paifu_win *w, int who, int from, const int32_t *deltas)
{
    paifu_win_init(w);
    w->winner = (int8_t)who;
    w->from = (int8_t)from;
    w->known = PAIFU_REC_DELTAS;
    memcpy(w->deltas, deltas, sizeof(w->deltas));
}

static void value(paifu_win *w, int fu, int points, paifu_limit limit)
{
    w->fu = (int16_t)fu;
    w->points = points;
    w->limit = (uint8_t)limit;
    w->known |= PAIFU_REC_FU | PAIFU_REC_POINTS | PAIFU_REC_LIMIT;
}

static void yaku(paifu_win *w, unsigned id, int han)
{
    w->yaku[w->n_yaku++] = (paifu_yaku_value){(uint16_t)id, (int16_t)han, 1, 0, NULL};
    w->han = (int16_t)(w->han + han);
    if (han >= PAIFU_YAKU_YAKUMAN_HAN)
        w->yakuman = (uint8_t)(w->yakuman + han / PAIFU_YAKU_YAKUMAN_HAN);
    w->known |= PAIFU_REC_YAKU | PAIFU_REC_HAN;
}

static void add_draw(paifu_game *g, paifu_draw_kind kind, const int32_t *deltas, unsigned tenpai,
                     unsigned nagashi, int seat)
{
    paifu_draw d;
    paifu_draw_init(&d, kind);
    d.known = PAIFU_REC_DELTAS;
    memcpy(d.deltas, deltas, sizeof(d.deltas));
    if (tenpai != ~0u) {
        d.tenpai = (uint8_t)tenpai;
        d.known |= PAIFU_REC_TENPAI;
    }
    d.nagashi = (uint8_t)nagashi;
    d.seat = (int8_t)seat;
    assert_int_equal(paifu_game_add_draw(g, &d, 0, 0, NULL), 0);
}

/* ---- writing ---- */

static int write_game(sink *s, const paifu_game *g, bool strict, paifu_error *err)
{
    return sink_write(s, "tenhou-xml", &g, 1, strict, err);
}

/* Write G; the output must read back, be in Tenhou's form and be written again the same. */
static void written(const paifu_game *g, sink *s)
{
    paifu_error err;
    if (write_game(s, g, false, &err) < 0)
        fail_msg("tenhou-xml writer: %s", err.text);
    mjlog_checker c = {0};
    snprintf(c.where, sizeof(c.where), "output");
    check_mjlog_form(&c, s->data, s->len);
    assert_int_equal(c.problems, 0);
    paifu_read_options ro = PAIFU_READ_OPTIONS_INIT;
    ro.format = "tenhou-xml";
    paifu_game *back = NULL;
    if (paifu_game_read_buffer(&back, s->data, s->len, &ro, &err) < 0)
        fail_msg("does not read back: %s (%s)", err.text, s->data);
    static sink again;
    if (write_game(&again, back, false, &err) < 0)
        fail_msg("read back, not written again: %s", err.text);
    if (again.len != s->len || memcmp(again.data, s->data, s->len) != 0)
        fail_msg("written again differently:\n%s\n%s", s->data, again.data);
    paifu_game_free(back);
}

static void contains(const sink *s, const char *part)
{
    if (!strstr(s->data, part))
        fail_msg("expected %s in\n%s", part, s->data);
}

/* ---- the spec's worked round (§10), a log read from Tenhou XML ---- */

static const int HAI[4][13] = {
    {105, 66, 101, 45, 50, 5, 124, 115, 58, 25, 107, 84, 135},
    {129, 91, 19, 106, 128, 47, 36, 68, 56, 30, 99, 119, 16},
    {14, 40, 100, 81, 90, 93, 126, 67, 80, 127, 83, 28, 44},
    {48, 29, 109, 122, 94, 131, 130, 117, 32, 42, 43, 6, 11},
};

/* The metadata the XML reader keeps for the header of the spec's game (type 41). */
static void tenhou_header(paifu_game *g)
{
    static const char *const META[][2] = {
        {"tenhou.mjloggm.ver", "2.3"},
        {"tenhou.go.type", "41"},
        {"tenhou.go.lobby", "0"},
        {"tenhou.un.dan", "16,16,16,16"},
        {"tenhou.un.rate", "2000.00,2000.00,2000.00,2000.00"},
        {"tenhou.un.sx", "M,M,M,M"},
        {"tenhou.taikyoku.oya", "0"},
    };
    for (size_t i = 0; i < sizeof(META) / sizeof(META[0]); i++)
        assert_int_equal(paifu_game_set_meta(g, META[i][0], META[i][1], NULL), 0);
}

static void test_spec_round(void **state)
{
    (void)state;
    paifu_game *g = new_game(4, NULL);
    tenhou_header(g);
    paifu_deal_start st;
    paifu_deal_start_init(&st);
    st.honba = 1;
    st.flags =
        PAIFU_DEAL_HAS_SCORES | PAIFU_DEAL_HAS_HANDS | PAIFU_DEAL_HAS_STICKS | PAIFU_DEAL_HAS_DICE;
    st.dice[0] = 1;
    st.dice[1] = 3;
    st.dora_indicator = I(72);
    st.dora_indicator_id = 72;
    int32_t scores[4] = {36700, 21100, 21100, 21100};
    memcpy(st.scores, scores, sizeof(scores));
    for (int s = 0; s < 4; s++) {
        st.n_hand[s] = 13;
        for (int i = 0; i < 13; i++) {
            st.hand_ids[s][i] = (uint8_t)HAI[s][i];
            st.hands[s][i] = I((unsigned)HAI[s][i]);
        }
    }
    assert_int_equal(paifu_game_begin_deal(g, &st, 0, 0, NULL), 0);
    draw_discard(g, 0, 92, 115);
    draw_discard(g, 1, 97, 119);
    draw_discard(g, 2, 118, 118);
    draw_discard(g, 0, 103, 124);
    addi(g, PAIFU_EV_PON, 2, 124, 0, (int[]){126, 127}, 2, 0);
    addi(g, PAIFU_EV_DISCARD, 2, 67, -1, NULL, 0, PAIFU_EVF_TSUMOGIRI_KNOWN);
    draw_discard(g, 1, 55, 36);
    addi(g, PAIFU_EV_CHI, 2, 36, 1, (int[]){40, 44}, 2, 0);
    addi(g, PAIFU_EV_DISCARD, 2, 0, -1, NULL, 0, PAIFU_EVF_TSUMOGIRI_KNOWN);
    draw_discard(g, 0, 64, 66);
    addi(g, PAIFU_EV_DRAW, 1, 18, -1, NULL, 0, 0);
    addi(g, PAIFU_EV_ANKAN, 1, -1, -1, (int[]){16, 17, 18, 19}, 4, 0);
    addi(g, PAIFU_EV_DORA, -1, 123, -1, NULL, 0, 0);
    addi(g, PAIFU_EV_DRAW, 1, 132, -1, NULL, 0, PAIFU_EVF_REPLACEMENT);
    addi(g, PAIFU_EV_DISCARD, 1, 132, -1, NULL, 0, PAIFU_EVF_TSUMOGIRI_KNOWN | PAIFU_EVF_TSUMOGIRI);
    draw_discard(g, 3, 96, 98);
    paifu_win w;
    win_init(&w, 2, 3, (int32_t[]){0, 0, 1300, -1300});
    value(&w, 30, 1000, PAIFU_LIMIT_NONE);
    yaku(&w, PAIFU_YAKU_HAKU, 1);
    static const int AGARI_HAI[] = {80, 81, 83, 86, 89, 90, 93, 98};
    for (size_t i = 0; i < 8; i++) {
        w.hand_ids[i] = (uint8_t)AGARI_HAI[i];
        w.hand[i] = I((unsigned)AGARI_HAI[i]);
    }
    w.n_hand = 8;
    w.win_tile = I(98);
    w.win_tile_id = 98;
    w.n_dora = 2;
    w.dora_ids[0] = 72;
    w.dora_ids[1] = 123;
    w.dora[0] = I(72);
    w.dora[1] = I(123);
    w.honba = 1;
    memcpy(w.scores_before, scores, sizeof(scores));
    w.known |= PAIFU_REC_HAND | PAIFU_REC_DORA | PAIFU_REC_STICKS | PAIFU_REC_SCORES;
    assert_int_equal(paifu_game_add_win(g, &w, 0, 0, NULL), 0);
    paifu_game_set_truncated(g, true); /* one round: no owari */
    static sink s;
    written(g, &s);
    assert_string_equal(
        s.data,
        "<mjloggm ver=\"2.3\"><GO type=\"41\" lobby=\"0\"/><UN n0=\"%41\" n1=\"%42\" n2=\"%43\" "
        "n3=\"%44\" dan=\"16,16,16,16\" rate=\"2000.00,2000.00,2000.00,2000.00\" "
        "sx=\"M,M,M,M\"/><TAIKYOKU oya=\"0\"/><INIT seed=\"0,1,0,0,2,72\" "
        "ten=\"367,211,211,211\" oya=\"0\" hai0=\"105,66,101,45,50,5,124,115,58,25,107,84,135\" "
        "hai1=\"129,91,19,106,128,47,36,68,56,30,99,119,16\" "
        "hai2=\"14,40,100,81,90,93,126,67,80,127,83,28,44\" "
        "hai3=\"48,29,109,122,94,131,130,117,32,42,43,6,11\"/><T92/><D115/><U97/><E119/>"
        "<V118/><F118/><T103/><D124/><N who=\"2\" m=\"47658\" /><F67/><U55/><E36/>"
        "<N who=\"2\" m=\"21511\" /><F0/><T64/><D66/><U18/><N who=\"1\" m=\"4096\" />"
        "<DORA hai=\"123\" /><U132/><E132/><W96/><G98/><AGARI ba=\"1,0\" "
        "hai=\"80,81,83,86,89,90,93,98\" m=\"21511,47658\" machi=\"98\" ten=\"30,1000,0\" "
        "yaku=\"18,1\" doraHai=\"72,123\" who=\"2\" fromWho=\"3\" "
        "sc=\"367,0,211,0,211,13,211,-13\" /></mjloggm>");
    assert_int_equal(s.n_lost, 0);
    paifu_game_free(g);
}

/* ---- meld codes (spec §4.9's worked examples) ---- */

static void test_meld_codes(void **state)
{
    (void)state;
    paifu_game *g = new_game(4, NULL);
    tenhou_header(g);
    paifu_deal_start st;
    paifu_deal_start_init(&st);
    st.flags = PAIFU_DEAL_HAS_SCORES | PAIFU_DEAL_HAS_HANDS | PAIFU_DEAL_HAS_STICKS;
    st.dora_indicator = I(72);
    st.dora_indicator_id = 72;
    for (int s = 0; s < 4; s++) {
        st.scores[s] = 25000;
        st.n_hand[s] = 13;
        for (int i = 0; i < 13; i++) {
            st.hand_ids[s][i] = (uint8_t)HAI[s][i];
            st.hands[s][i] = I((unsigned)HAI[s][i]);
        }
    }
    assert_int_equal(paifu_game_begin_deal(g, &st, 0, 0, NULL), 0);
    draw_discard(g, 2, 93, 93);
    addi(g, PAIFU_EV_CHI, 3, 93, 2, (int[]){87, 88}, 2, 0); /* 4s 0s 6s, called 6s */
    addi(g, PAIFU_EV_DISCARD, 3, 52, -1, NULL, 0, PAIFU_EVF_TSUMOGIRI_KNOWN);
    addi(g, PAIFU_EV_PON, 2, 52, 3, (int[]){53, 54}, 2, 0); /* 0p 5p 5p, called 0p */
    addi(g, PAIFU_EV_DISCARD, 2, 1, -1, NULL, 0, PAIFU_EVF_TSUMOGIRI_KNOWN);
    draw_discard(g, 0, 44, 44);
    addi(g, PAIFU_EV_PON, 1, 44, 0, (int[]){46, 47}, 2, 0);
    addi(g, PAIFU_EV_DISCARD, 1, 2, -1, NULL, 0, PAIFU_EVF_TSUMOGIRI_KNOWN);
    draw_discard(g, 2, 106, 106);
    addi(g, PAIFU_EV_DAIMINKAN, 3, 106, 2, (int[]){104, 105, 107}, 3, 0);
    addi(g, PAIFU_EV_DRAW, 3, 3, -1, NULL, 0, PAIFU_EVF_REPLACEMENT);
    addi(g, PAIFU_EV_DISCARD, 3, 3, -1, NULL, 0, PAIFU_EVF_TSUMOGIRI_KNOWN | PAIFU_EVF_TSUMOGIRI);
    addi(g, PAIFU_EV_DRAW, 1, 45, -1, NULL, 0, 0);
    addi(g, PAIFU_EV_SHOUMINKAN, 1, 45, -1, (int[]){44, 46, 47}, 3, 0);
    addi(g, PAIFU_EV_DRAW, 1, 17, -1, NULL, 0, PAIFU_EVF_REPLACEMENT);
    addi(g, PAIFU_EV_ANKAN, 1, -1, -1, (int[]){16, 17, 18, 19}, 4, 0);
    addi(g, PAIFU_EV_DRAW, 1, 30, -1, NULL, 0, PAIFU_EVF_REPLACEMENT);
    paifu_win w;
    win_init(&w, 1, 1, (int32_t[]){-1000, 3000, -1000, -1000});
    value(&w, 40, 3000, PAIFU_LIMIT_NONE);
    yaku(&w, PAIFU_YAKU_RINSHAN_KAIHOU, 1);
    assert_int_equal(paifu_game_add_win(g, &w, 0, 0, NULL), 0);
    paifu_game_set_truncated(g, true);
    static sink s;
    written(g, &s);
    contains(&s, "<F93/><N who=\"3\" m=\"54431\" /><G52/><N who=\"2\" m=\"20073\" />");
    contains(&s, "<D44/><N who=\"1\" m=\"16939\" />"); /* the pon the added kan extends */
    contains(&s, "<F106/><N who=\"3\" m=\"27139\" /><W3/>");
    contains(&s, "<U45/><N who=\"1\" m=\"16947\" /><U17/><N who=\"1\" m=\"4096\" /><U30/>");
    contains(&s,
             " m=\"4096,16947\" machi=\"30\""); /* most recent first, the kan in its pon's place */
    paifu_game_free(g);

    /* kita (3 players): who=0 m=31008, the North id 121 */
    g = new_game(3, NULL);
    assert_int_equal(paifu_game_set_meta(g, "tenhou.go.type", "185", NULL), 0);
    assert_int_equal(paifu_game_set_meta(g, "tenhou.go.lobby", "0", NULL), 0);
    static const char *const SANMA[][2] = {
        {"players", "3"},           {"start_points", "35000"},   {"return_points", "40000"},
        {"oka", "15000"},           {"uma", "20000,0,-20000,0"}, {"sanma_tsumo_loss", "true"},
        {"kita", "true"},           {"noten_total", "2000"},     {"honba_value", "200"},
        {"target_points", "40000"}, {"riichi_min_wall", "3"}};
    for (size_t i = 0; i < sizeof(SANMA) / sizeof(SANMA[0]); i++)
        assert_int_equal(paifu_game_add_rule_override(g, SANMA[i][0], SANMA[i][1], NULL), 0);
    paifu_deal_start_init(&st);
    st.flags = PAIFU_DEAL_HAS_SCORES | PAIFU_DEAL_HAS_HANDS | PAIFU_DEAL_HAS_STICKS;
    st.dora_indicator = I(116);
    st.dora_indicator_id = 116;
    for (int p = 0; p < 3; p++) {
        st.scores[p] = 35000;
        st.n_hand[p] = 13;
        for (int i = 0; i < 13; i++) {
            st.hand_ids[p][i] = (uint8_t)(36 + 13 * p + i);
            st.hands[p][i] = I(36u + 13u * (unsigned)p + (unsigned)i);
        }
    }
    assert_int_equal(paifu_game_begin_deal(g, &st, 0, 0, NULL), 0);
    addi(g, PAIFU_EV_DRAW, 0, 121, -1, NULL, 0, 0);
    addi(g, PAIFU_EV_KITA, 0, 121, -1, NULL, 0, 0);
    addi(g, PAIFU_EV_DRAW, 0, 134, -1, NULL, 0, PAIFU_EVF_REPLACEMENT);
    paifu_game_set_truncated(g, true);
    written(g, &s);
    contains(&s, "<T121/><N who=\"0\" m=\"31008\" /><T134/></mjloggm>");
    contains(&s, "hai3=\"\"/>");
    paifu_game_free(g);
}

/* ---- tile ids for a source without them ---- */

static const char *const HANDS[] = {"11m055m123p456s77z", "15m19p19s1234567z", "234678m234p99p55s",
                                    "13m05789p0123s67z"};

static void test_tile_ids(void **state)
{
    (void)state;
    static const char *const NAMES[] = {"天", "B", "C", "D"};
    paifu_game *g = new_game(4, NAMES);
    begin(g, 0, 0, 0, 25000, HANDS, "2z");
    add(g, PAIFU_EV_DRAW, 0, "9m", -1, NULL, 0);
    add(g, PAIFU_EV_DISCARD, 0, "9m", -1, NULL, PAIFU_EVF_TSUMOGIRI_KNOWN | PAIFU_EVF_TSUMOGIRI);
    add(g, PAIFU_EV_DRAW, 1, "5z", -1, NULL, 0);
    add(g, PAIFU_EV_DISCARD, 1, "5z", -1, NULL, PAIFU_EVF_TSUMOGIRI_KNOWN); /* the other 5z */
    add(g, PAIFU_EV_DRAW, 2, "1p", -1, NULL, 0);
    add(g, PAIFU_EV_DISCARD, 2, "1p", -1, NULL, 0); /* not known: the same tile is tsumogiri */
    add(g, PAIFU_EV_DRAW, 3, "4p", -1, NULL, 0);
    add(g, PAIFU_EV_DISCARD, 3, "0p", -1, NULL, PAIFU_EVF_TSUMOGIRI_KNOWN);
    add_draw(g, PAIFU_DRAW_SUUFON, (int32_t[4]){0}, ~0u, 0, -1);
    paifu_game_result r = {true, true, {25000, 25000, 25000, 25000}, {20000, 0, -5000, -15000}};
    paifu_game_set_result(g, &r);
    static sink s;
    written(g, &s);
    assert_string_equal(
        s.data, "<mjloggm ver=\"2.3\"><GO type=\"9\" lobby=\"0\"/><UN n0=\"%E5%A4%A9\" n1=\"%42\" "
                "n2=\"%43\" n3=\"%44\" dan=\"0,0,0,0\" rate=\"1500.00,1500.00,1500.00,1500.00\" "
                "sx=\"C,C,C,C\"/><TAIKYOKU oya=\"0\"/><INIT seed=\"0,0,0,0,0,113\" "
                "ten=\"250,250,250,250\" oya=\"0\" hai0=\"0,1,16,17,18,36,40,44,84,89,92,132,133\" "
                "hai1=\"2,19,37,68,72,104,108,112,116,120,124,128,134\" "
                "hai2=\"4,8,12,20,24,28,41,45,48,69,70,90,91\" "
                "hai3=\"3,9,52,53,60,64,71,88,73,76,80,129,135\"/><T32/><D32/><U125/><E124/><V38/>"
                "<F38/><W49/><G52/><RYUUKYOKU type=\"kaze4\" ba=\"0,0\" "
                "sc=\"250,0,250,0,250,0,250,0\" owari=\"250,20.0,250,0.0,250,-5.0,250,-15.0\" />"
                "</mjloggm>");
    /* the one discard that did not say: its tile id makes it tsumogiri, a value computed */
    assert_true(reported(&s, "the tsumogiri flag of 1 discard(s)"));
    paifu_game_free(g);
}

/* A tsumogiri flag the tiles contradict (spec §4.8: the discard's id is the drawn one's
   exactly when it is tsumogiri): a flag on a discard of another tile, and "not tsumogiri" for
   the drawn tile's kind with no other copy in the hand, are each a loss of kind tsumogiri. */
static void test_tsumogiri_contradicted(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        paifu_game *g = new_game(4, NULL);
        begin(g, 0, 0, 0, 25000, HANDS, "2z");
        add(g, PAIFU_EV_DRAW, 0, "9m", -1, NULL, 0);
        if (k == 0) /* seat 0 discards its 1m, flagged as the tile just drawn */
            add(g, PAIFU_EV_DISCARD, 0, "1m", -1, NULL,
                PAIFU_EVF_TSUMOGIRI_KNOWN | PAIFU_EVF_TSUMOGIRI);
        else /* the 9m drawn (no other 9m in the hand), flagged as from the hand */
            add(g, PAIFU_EV_DISCARD, 0, "9m", -1, NULL, PAIFU_EVF_TSUMOGIRI_KNOWN);
        add_draw(g, PAIFU_DRAW_EXHAUSTIVE, (int32_t[4]){0}, 0, 0, -1);
        static sink s;
        paifu_error err;
        assert_int_equal(write_game(&s, g, false, &err), 0);
        const char *what = k == 0 ? "a tsumogiri flag on a discard that is not the tile drawn"
                                  : "a discard recorded as not tsumogiri of the tile just drawn";
        if (!reported(&s, what))
            for (int i = 0; i < s.n_lost; i++)
                fprintf(stderr, "  lost: %s\n", s.lost[i]);
        assert_true(reported(&s, what));
        assert_int_equal(write_game(&s, g, true, &err), PAIFU_EUNSUPPORTED);
        paifu_game_free(g);
    }
}

/* ---- riichi (spec §4.10) ---- */

static void test_riichi(void **state)
{
    (void)state;
    paifu_game *g = new_game(4, NULL);
    begin(g, 0, 0, 0, 25000, HANDS, "2z");
    add(g, PAIFU_EV_DRAW, 0, "9m", -1, NULL, 0);
    add(g, PAIFU_EV_DISCARD, 0, "9m", -1, NULL,
        PAIFU_EVF_TSUMOGIRI_KNOWN | PAIFU_EVF_TSUMOGIRI | PAIFU_EVF_RIICHI);
    add(g, PAIFU_EV_PON, 2, "9m", 0, "9m9m", 0); /* the deposit follows the pon in this log */
    assert_int_equal(paifu_game_add_riichi_accepted(g, 0, 0, NULL, 0, 0, NULL), 0);
    add(g, PAIFU_EV_DISCARD, 2, "2m", -1, NULL, PAIFU_EVF_TSUMOGIRI_KNOWN);
    add(g, PAIFU_EV_DRAW, 3, "4p", -1, NULL, 0);
    add(g, PAIFU_EV_DISCARD, 3, "4p", -1, NULL,
        PAIFU_EVF_TSUMOGIRI_KNOWN | PAIFU_EVF_TSUMOGIRI | PAIFU_EVF_RIICHI);
    paifu_win w; /* the declaring discard is won on: no deposit */
    win_init(&w, 1, 3, (int32_t[]){0, 2000, 0, -1000});
    value(&w, 30, 1000, PAIFU_LIMIT_NONE);
    yaku(&w, PAIFU_YAKU_AKA_DORA, 1);
    yaku(&w, PAIFU_YAKU_TANYAO, 1);
    assert_int_equal(paifu_game_add_win(g, &w, 0, 0, NULL), 0);
    paifu_game_set_truncated(g, true);
    static sink s;
    written(g, &s);
    /* the pon's tiles from the hand: 9m is not in seat 2's hand (9p is), so new copies */
    contains(&s,
             "<T32/><REACH who=\"0\" step=\"1\"/><D32/><REACH who=\"0\" ten=\"240,250,250,250\" "
             "step=\"2\"/><N who=\"2\" m=\"");
    contains(&s, "<W49/><REACH who=\"3\" step=\"1\"/><G49/><AGARI ba=\"0,1\" "
                 "hai=\"2,19,37,49,68,72,104,108,112,116,120,124,128,134\" machi=\"49\" "
                 "ten=\"30,1000,0\" yaku=\"8,1,54,1\" doraHai=\"113\" who=\"1\" fromWho=\"3\" "
                 "sc=\"240,0,250,20,250,0,250,-10\" /></mjloggm>");
    paifu_game_free(g);
}

/* ---- double ron, pao, owari (spec §4.12, §6) ---- */

static void test_double_ron(void **state)
{
    (void)state;
    paifu_game *g = new_game(4, NULL);
    begin(g, 0, 2, 1, 25000, HANDS, "2z");
    add(g, PAIFU_EV_DRAW, 0, "9m", -1, NULL, 0);
    add(g, PAIFU_EV_DISCARD, 0, "9m", -1, NULL,
        PAIFU_EVF_TSUMOGIRI_KNOWN | PAIFU_EVF_TSUMOGIRI | PAIFU_EVF_RIICHI);
    assert_int_equal(paifu_game_add_riichi_accepted(g, 0, 0, NULL, 0, 0, NULL), 0);
    add(g, PAIFU_EV_DRAW, 1, "5z", -1, NULL, 0);
    add(g, PAIFU_EV_DISCARD, 1, "5z", -1, NULL, PAIFU_EVF_TSUMOGIRI_KNOWN | PAIFU_EVF_TSUMOGIRI);
    add(g, PAIFU_EV_DRAW, 2, "1p", -1, NULL, 0);
    add(g, PAIFU_EV_DISCARD, 2, "1p", -1, NULL, PAIFU_EVF_TSUMOGIRI_KNOWN | PAIFU_EVF_TSUMOGIRI);
    add(g, PAIFU_EV_DRAW, 3, "4p", -1, NULL, 0);
    add(g, PAIFU_EV_DISCARD, 3, "4p", -1, NULL, PAIFU_EVF_TSUMOGIRI_KNOWN | PAIFU_EVF_TSUMOGIRI);
    paifu_win w;
    win_init(&w, 0, 3, (int32_t[]){6500, 0, 0, -4500});
    value(&w, 40, 5200, PAIFU_LIMIT_NONE);
    yaku(&w, PAIFU_YAKU_AKA_DORA, 1); /* in another order than Tenhou's */
    yaku(&w, PAIFU_YAKU_RIICHI, 1);
    yaku(&w, PAIFU_YAKU_DORA, 2);
    w.n_ura = 1;
    w.ura[0] = T("3z");
    w.known |= PAIFU_REC_URA;
    assert_int_equal(paifu_game_add_win(g, &w, 0, 0, NULL), 0);
    win_init(&w, 1, 3, (int32_t[]){0, 48000, -24000, -24000});
    value(&w, 30, 48000, PAIFU_LIMIT_YAKUMAN);
    yaku(&w, PAIFU_YAKU_DAISANGEN, 13);
    w.pao = 2;
    assert_int_equal(paifu_game_add_win(g, &w, 0, 0, NULL), 0);
    paifu_game_result r = {true, true, {30500, 73000, 1000, -3500}, {11000, 63000, -39000, -35000}};
    paifu_game_set_result(g, &r);
    static sink s;
    written(g, &s);
    contains(&s, "<INIT seed=\"0,2,1,0,0,113\"");
    contains(&s, "<G49/><AGARI ba=\"2,2\" hai=\"0,1,16,17,18,36,40,44,49,84,89,92,132,133\" "
                 "machi=\"49\" ten=\"40,5200,0\" yaku=\"1,1,52,2,54,1,53,0\" doraHai=\"113\" "
                 "doraHaiUra=\"117\" who=\"0\" fromWho=\"3\" sc=\"240,65,250,0,250,0,250,-45\" />"
                 "<AGARI ba=\"2,0\" hai=\"2,19,37,49,68,72,104,108,112,116,120,124,128,134\" "
                 "machi=\"49\" ten=\"30,48000,5\" yakuman=\"39\" doraHai=\"113\" who=\"1\" "
                 "fromWho=\"3\" paoWho=\"2\" sc=\"305,0,250,480,250,-240,205,-240\" "
                 "owari=\"305,11.0,730,63.0,10,-39.0,-35,-35.0\" /></mjloggm>");
    assert_int_equal(s.n_lost, 0);
    paifu_game_free(g);
}

/* ---- draws (spec §4.13): the hands Tenhou shows ---- */

static void test_draws(void **state)
{
    (void)state;
    paifu_game *g = new_game(4, NULL);
    int32_t zero[4] = {0};
    begin(g, 0, 0, 0, 25000, HANDS, "2z");
    add_draw(g, PAIFU_DRAW_EXHAUSTIVE, zero, 0x6, 0, -1); /* seats 1 and 2 tenpai */
    begin(g, 1, 0, 0, 25000, HANDS, "2z");
    add(g, PAIFU_EV_DRAW, 1, "9m", -1, NULL, 0);
    add_draw(g, PAIFU_DRAW_KYUUSHU, zero, ~0u, 0, 1);
    begin(g, 2, 0, 0, 25000, HANDS, "2z");
    add_draw(g, PAIFU_DRAW_SUUCHA_RIICHI, zero, ~0u, 0, -1);
    begin(g, 3, 0, 0, 25000, HANDS, "2z");
    add(g, PAIFU_EV_DRAW, 3, "4p", -1, NULL, 0);
    add(g, PAIFU_EV_DISCARD, 3, "4p", -1, NULL, PAIFU_EVF_TSUMOGIRI_KNOWN | PAIFU_EVF_TSUMOGIRI);
    add_draw(g, PAIFU_DRAW_SANCHAHOU, zero, ~0u, 0, -1);
    begin(g, 4, 0, 0, 25000, HANDS, "2z");
    add_draw(g, PAIFU_DRAW_SUUKAIKAN, zero, ~0u, 0, -1);
    begin(g, 5, 0, 0, 25000, HANDS, "2z");
    add_draw(g, PAIFU_DRAW_SUUFON, zero, ~0u, 0, -1);
    begin(g, 6, 0, 0, 25000, HANDS, "2z");
    /* nagashi without tenpai recorded (tenhou.net/6): the tenpai hands are read from the tiles
     * (seats 0 and 2 wait on a shanpon) */
    add_draw(g, PAIFU_DRAW_EXHAUSTIVE, (int32_t[]){-4000, 8000, -2000, -2000}, ~0u, 0x2, -1);
    paifu_game_set_truncated(g, true);
    static sink s;
    written(g, &s);
    static const char *const H[4] = {
        "0,1,16,17,18,36,40,44,84,89,92,132,133", "2,19,37,68,72,104,108,112,116,120,124,128,134",
        "4,8,12,20,24,28,41,45,48,69,70,90,91", "3,9,52,53,60,64,71,73,76,80,88,129,135"};
    char want[512];
    snprintf(want, sizeof(want),
             "<RYUUKYOKU ba=\"0,0\" sc=\"250,0,250,0,250,0,250,0\" hai1=\"%s\" hai2=\"%s\" />",
             H[1], H[2]);
    contains(&s, want);
    contains(&s, "<U32/><RYUUKYOKU type=\"yao9\" ba=\"0,0\" sc=\"250,0,250,0,250,0,250,0\" "
                 "hai1=\"2,19,32,37,68,72,104,108,112,116,120,124,128,134\" />");
    snprintf(want, sizeof(want),
             "<RYUUKYOKU type=\"reach4\" ba=\"0,0\" sc=\"250,0,250,0,250,0,250,0\" hai0=\"%s\" "
             "hai1=\"%s\" hai2=\"%s\" hai3=\"%s\" />",
             H[0], H[1], H[2], H[3]);
    contains(&s, want);
    snprintf(want, sizeof(want),
             "<G49/><RYUUKYOKU type=\"ron3\" ba=\"0,0\" sc=\"250,0,250,0,250,0,250,0\" "
             "hai0=\"%s\" hai1=\"%s\" hai2=\"%s\" />",
             H[0], H[1], H[2]);
    contains(&s, want);
    contains(&s, "<RYUUKYOKU type=\"kan4\" ba=\"0,0\" sc=\"250,0,250,0,250,0,250,0\" />");
    contains(&s, "<RYUUKYOKU type=\"kaze4\" ba=\"0,0\" sc=\"250,0,250,0,250,0,250,0\" />");
    snprintf(want, sizeof(want),
             "<RYUUKYOKU type=\"nm\" ba=\"0,0\" sc=\"250,-40,250,80,250,-20,250,-20\" "
             "hai0=\"%s\" hai2=\"%s\" />",
             H[0], H[2]);
    contains(&s, want);
    paifu_game_free(g);
}

/* ---- BYE and reconnection (spec §4.4, §4.5) ---- */

static void test_connection(void **state)
{
    (void)state;
    paifu_game *g = new_game(4, NULL);
    paifu_event e;
    paifu_event_init(&e, PAIFU_EV_DISCONNECT, 2);
    assert_int_equal(paifu_game_add_event(g, &e, NULL), 0); /* before the first deal */
    begin(g, 0, 0, 0, 25000, HANDS, "2z");
    add(g, PAIFU_EV_DRAW, 0, "9m", -1, NULL, 0);
    add(g, PAIFU_EV_RECONNECT, 2, NULL, -1, NULL, 0);
    add(g, PAIFU_EV_DISCARD, 0, "9m", -1, NULL, PAIFU_EVF_TSUMOGIRI_KNOWN | PAIFU_EVF_TSUMOGIRI);
    add(g, PAIFU_EV_DISCONNECT, 1, NULL, -1, NULL, 0);
    add(g, PAIFU_EV_RECONNECT, 1, NULL, -1, NULL, 0);
    add_draw(g, PAIFU_DRAW_SUUFON, (int32_t[4]){0}, ~0u, 0, -1);
    add(g, PAIFU_EV_DISCONNECT, 3, NULL, -1, NULL, 0); /* after the outcome */
    /* the second reconnection's name as the log spelled it (the reader keeps it) */
    assert_int_equal(paifu_game_set_meta(g, "tenhou.UN[3]@n1", "%62", NULL), 0);
    paifu_game_set_truncated(g, true);
    static sink s;
    written(g, &s);
    contains(&s, "<TAIKYOKU oya=\"0\"/><BYE who=\"2\" /><INIT ");
    contains(&s, "<T32/><UN n2=\"%43\" /><D32/><BYE who=\"1\" /><UN n1=\"%62\" /><RYUUKYOKU");
    contains(&s, "/><BYE who=\"3\" /></mjloggm>");
    paifu_game_free(g);
}

/* ---- a 3-player game from another source ---- */

static void test_sanma(void **state)
{
    (void)state;
    paifu_game *g = new_game(3, NULL);
    static const char *const SANMA[][2] = {
        {"players", "3"},           {"start_points", "35000"},   {"return_points", "40000"},
        {"oka", "15000"},           {"uma", "20000,0,-20000,0"}, {"sanma_tsumo_loss", "true"},
        {"kita", "true"},           {"noten_total", "2000"},     {"honba_value", "200"},
        {"target_points", "40000"}, {"riichi_min_wall", "3"}};
    for (size_t i = 0; i < sizeof(SANMA) / sizeof(SANMA[0]); i++)
        assert_int_equal(paifu_game_add_rule_override(g, SANMA[i][0], SANMA[i][1], NULL), 0);
    static const char *const H3[] = {"19m123456789p55z", "19m123456789s66z", "19m111999p11s277z"};
    begin(g, 0, 0, 0, 35000, H3, "3z");
    add(g, PAIFU_EV_DRAW, 0, "4z", -1, NULL, 0);
    add(g, PAIFU_EV_KITA, 0, "4z", -1, NULL, 0);
    add(g, PAIFU_EV_DRAW, 0, "5z", -1, NULL, PAIFU_EVF_REPLACEMENT);
    paifu_win w;
    win_init(&w, 0, 0, (int32_t[]){4000, -2000, -2000, 0});
    value(&w, 40, 4000, PAIFU_LIMIT_NONE);
    yaku(&w, PAIFU_YAKU_HAKU, 1);
    yaku(&w, PAIFU_YAKU_KITA, 1); /* counted in dora, as Tenhou's sanma logs do */
    yaku(&w, PAIFU_YAKU_DORA, 1);
    assert_int_equal(paifu_game_add_win(g, &w, 0, 0, NULL), 0);
    paifu_game_set_truncated(g, true);
    static sink s;
    written(g, &s);
    contains(&s, "<GO type=\"25\" lobby=\"0\"/><UN n0=\"%41\" n1=\"%42\" n2=\"%43\" n3=\"\" "
                 "dan=\"0,0,0,0\" rate=\"1500.00,1500.00,1500.00,1500.00\" sx=\"C,C,C,C\"/>");
    contains(&s, "<INIT seed=\"0,0,0,0,0,116\" ten=\"350,350,350,0\" oya=\"0\" "
                 "hai0=\"0,32,36,40,44,48,53,56,60,64,68,124,125\" "
                 "hai1=\"1,33,72,76,80,84,89,92,96,100,104,128,129\" "
                 "hai2=\"2,34,37,38,39,69,70,71,73,74,112,132,133\" hai3=\"\"/>");
    contains(&s, "<T120/><N who=\"0\" m=\"30752\" /><T126/><AGARI ba=\"0,0\" "
                 "hai=\"0,32,36,40,44,48,53,56,60,64,68,124,125,126\" m=\"30752\" machi=\"126\" "
                 "ten=\"40,4000,0\" yaku=\"18,1,52,2\" doraHai=\"116\" who=\"0\" fromWho=\"0\" "
                 "sc=\"350,40,350,-20,350,-20,0,0\" /></mjloggm>");
    assert_int_equal(s.n_lost, 0);
    paifu_game_free(g);
}

/* ---- what the reader keeps, given back (chip game, generation A seed) ---- */

static void test_kept_attributes(void **state)
{
    (void)state;
    static const char XML[] =
        "<mjloggm ver=\"2.3\"><GO type=\"553\" lobby=\"0\"/><UN n0=\"%41\" n1=\"%42\" "
        "n2=\"%43\" n3=\"%44\" dan=\"16,15,17,17\" rc=\"0,10,0,10\" "
        "rate=\"2139.77,1837.26,2594.81,2390.87\" sx=\"M,M,F,M\"/><TAIKYOKU oya=\"0\"/>"
        "<INIT seed=\"0,0,0,0,5,1\" ten=\"250,250,250,250\" chip=\"0,0,0,0\" oya=\"0\" "
        "hai0=\"75,27,56,73,49,25,66,67,113,131,90,61,13\" "
        "hai1=\"42,104,59,101,29,86,97,38,11,116,93,18,79\" "
        "hai2=\"98,44,132,117,58,65,70,51,111,115,95,45,50\" "
        "hai3=\"102,54,3,83,0,135,129,68,28,118,2,41,36\" "
        "shuffle=\"mt19937ar,1f2e3d4c,5b6a7988,12345678,9abcdef0,0,1,2,3\"/>"
        "<T80/><AGARI ba=\"0,1\" hai=\"13,25,27,49,56,61,66,67,73,75,80,90,113,131\" "
        "machi=\"80\" ten=\"30,12000,0\" yaku=\"1,1,0,1,8,1,54,1,53,0\" chip=\"54,1\" "
        "doraHai=\"1\" doraHaiUra=\"114\" who=\"0\" fromWho=\"0\" "
        "sc=\"240,130,250,-40,250,-40,250,-40,0,3,0,-1,0,-1,0,-1\" "
        "owari=\"370,10.0,210,64.0,210,-55.0,210,-19.0,3,0,-1,0,-1,0,-1,0\" ratio=\"1\" />"
        "</mjloggm>";
    paifu_read_options ro = PAIFU_READ_OPTIONS_INIT;
    ro.format = "tenhou-xml";
    paifu_game *g = NULL;
    paifu_error err;
    assert_int_equal(paifu_game_read_buffer(&g, XML, sizeof(XML) - 1, &ro, &err), 0);
    static sink s;
    assert_int_equal(write_game(&s, g, false, &err), 0);
    assert_string_equal(s.data, XML);
    assert_int_equal(s.n_lost, 0);
    paifu_game_free(g);

    /* a kept value with the characters an attribute cannot hold as they are (XML 1.0 §2.4 and
       §3.3.3: '&', '<' and the quote escaped; a tab, line feed or carriage return read as a
       space unless written as a character reference) is given back as written */
    static const char MEMO[] = " memo=\"a&amp;b&lt;c&quot;d&#9;e&#10;f&#13;g\"";
    const char *go_end = strstr(XML, "/><UN");
    assert_non_null(go_end);
    char xml2[sizeof(XML) + sizeof(MEMO)];
    snprintf(xml2, sizeof(xml2), "%.*s%s%s", (int)(go_end - XML), XML, MEMO, go_end);
    assert_int_equal(paifu_game_read_buffer(&g, xml2, strlen(xml2), &ro, &err), 0);
    assert_int_equal(write_game(&s, g, false, &err), 0);
    assert_string_equal(s.data, xml2);
    paifu_game_free(g);
}

/* ---- owari in the 2009 era: integer results tell the reader the East-only uma ---- */

static void test_owari_era(void **state)
{
    (void)state;
    paifu_game *g = new_game(4, NULL);
    assert_int_equal(paifu_game_set_meta(g, PAIFU_META_DATE, "2009-06-01", NULL), 0);
    assert_int_equal(paifu_game_add_rule_override(g, "game_length", "east", NULL), 0);
    assert_int_equal(paifu_game_add_rule_override(g, "uma", "10000,5000,-5000,-10000", NULL), 0);
    assert_int_equal(paifu_game_add_rule_override(g, "tenpaiyame", "false", NULL), 0);
    assert_int_equal(paifu_game_add_rule_override(g, "extension_winds", "2", NULL), 0);
    begin(g, 0, 0, 0, 25000, HANDS, "2z");
    add_draw(g, PAIFU_DRAW_SUUFON, (int32_t[4]){0}, ~0u, 0, -1);
    paifu_game_result r = {true, true, {25000, 25000, 25000, 25000}, {20000, 0, -5000, -15000}};
    paifu_game_set_result(g, &r);
    static sink s;
    written(g, &s);
    contains(&s, "<GO type=\"1\" lobby=\"0\"/>");
    contains(&s, "owari=\"250,20,250,0,250,-5,250,-15\"");
    assert_false(reported(&s, "rule set"));
    paifu_game_free(g);
}

/* ---- owari's numbers (spec §6): exact decimals, and points from the last deal ---- */

static void test_owari_values(void **state)
{
    (void)state;
    /* results as exact as they are (spec §6 point 4, "exact decimals (63.8) later"): 9.3,
       21.25, -10.675, -19.875; final points in units of 100 */
    paifu_game *g = new_game(4, NULL);
    begin(g, 0, 0, 0, 25000, HANDS, "2z");
    add_draw(g, PAIFU_DRAW_SUUFON, (int32_t[4]){0}, ~0u, 0, -1);
    paifu_game_result r = {true, true, {29300, 41200, 20000, 9500}, {9300, 21250, -10675, -19875}};
    paifu_game_set_result(g, &r);
    static sink s;
    written(g, &s);
    contains(&s, "owari=\"293,9.3,412,21.25,200,-10.675,95,-19.875\"");
    paifu_game_free(g);

    /* final scores recorded without the final points: owari's points are the last deal's
       scores after it (seat 1's riichi deposit, the noten payments of the draw it is alone
       tenpai at), the stick left on the table to the first (spec §6: "Riichi sticks left on
       the table when the game ends go to the first-placed player") */
    g = new_game(4, NULL);
    begin(g, 0, 0, 0, 25000, HANDS, "2z");
    add(g, PAIFU_EV_DRAW, 0, "9m", -1, NULL, 0);
    add(g, PAIFU_EV_DISCARD, 0, "9m", -1, NULL, PAIFU_EVF_TSUMOGIRI_KNOWN | PAIFU_EVF_TSUMOGIRI);
    add(g, PAIFU_EV_DRAW, 1, "9s", -1, NULL, 0);
    add(g, PAIFU_EV_DISCARD, 1, "9s", -1, NULL,
        PAIFU_EVF_TSUMOGIRI_KNOWN | PAIFU_EVF_TSUMOGIRI | PAIFU_EVF_RIICHI);
    assert_int_equal(paifu_game_add_riichi_accepted(g, 1, 0, NULL, 0, 0, NULL), 0);
    add_draw(g, PAIFU_DRAW_EXHAUSTIVE, (int32_t[]){-1000, 3000, -1000, -1000}, 0x2, 0, -1);
    paifu_game_result fin = {false, true, {0}, {4000, 38000, -16000, -26000}};
    paifu_game_set_result(g, &fin);
    written(g, &s);
    assert_null(strstr(s.data, "owari")); /* computed only when asked: --fill */
    assert_true(reported(&s, "the end of the game with its final scores"));
    paifu_write_options wo = PAIFU_WRITE_OPTIONS_INIT;
    wo.fill = true;
    paifu_writer *w = NULL;
    paifu_error err;
    s.len = 0;
    assert_int_equal(paifu_writer_open(&w, "tenhou-xml", sink_put, &s, &wo, &err), 0);
    assert_int_equal(paifu_writer_write(w, g, &err), 0);
    assert_int_equal(paifu_writer_close(w, &err), 0);
    paifu_writer_free(w);
    contains(&s, "owari=\"240,4.0,280,38.0,240,-16.0,240,-26.0\"");
    paifu_game_free(g);
}

/* ---- the hands a draw shows (spec §4.13: "exhaustive draw ... the tenpai players") ---- */

static void test_draw_hands_shown(void **state)
{
    (void)state;
    /* seat 1 (kokushi, 13-sided) tenpai, seat 3 noten; the source shows both hands */
    paifu_game *g = new_game(4, NULL);
    begin(g, 0, 0, 0, 25000, HANDS, "2z");
    paifu_draw d;
    paifu_draw_init(&d, PAIFU_DRAW_EXHAUSTIVE);
    d.known = PAIFU_REC_DELTAS | PAIFU_REC_TENPAI | PAIFU_REC_HAND;
    int32_t deltas[4] = {-1000, 3000, -1000, -1000};
    memcpy(d.deltas, deltas, sizeof(deltas));
    d.tenpai = 0x2;
    d.shown = 0x2 | 0x8;
    d.n_hand[1] = (uint8_t)tiles(d.hands[1], HANDS[1]);
    d.n_hand[3] = (uint8_t)tiles(d.hands[3], HANDS[3]);
    assert_int_equal(paifu_game_add_draw(g, &d, 0, 0, NULL), 0);
    paifu_game_set_truncated(g, true);
    static sink s;
    written(g, &s);
    contains(&s, "<RYUUKYOKU ba=\"0,0\" sc=\"250,-10,250,30,250,-10,250,-10\" "
                 "hai1=\"2,19,37,68,72,104,108,112,116,120,124,128,134\" />");
    assert_true(reported(&s, "hands shown at a draw that Tenhou does not show"));
    paifu_game_free(g);
}

/* ---- losses, --strict ---- */

static void test_losses(void **state)
{
    (void)state;
    paifu_game *g = new_game(4, NULL);
    assert_int_equal(paifu_game_add_rule_override(g, "kiriage", "true", NULL), 0);
    assert_int_equal(paifu_game_set_meta(g, "tenhou.ref", "2023010100gm-0009-0000-00000000", NULL),
                     0);
    begin(g, 0, 0, 0, 25000, HANDS, "2z");
    paifu_penalty p = {PAIFU_PENALTY_FINE, PAIFU_PENALTY_AFTER_UMA, 1, 0, 1000, {0}, NULL};
    assert_int_equal(paifu_game_add_penalty(g, &p, 0, 0, NULL), 0);
    add_draw(g, PAIFU_DRAW_SUUFON, (int32_t[4]){0}, ~0u, 0, -1);
    static sink s;
    written(g, &s);
    assert_true(reported(&s, "penalties"));
    /* the GO type cannot name kiriage: GO paifu_rules carries the rule set */
    assert_false(reported(&s, "the rule set"));
    contains(&s, " paifu_rules=\"%7B%22preset%22%3A%20%22tenhou%22,%20%22overrides%22%3A%20"
                 "%7B%22kiriage%22%3A%20true%7D%7D\"/>");
    /* the log id is the file's name (Tenhou's convention; paifu convert -o keeps it) */
    assert_false(reported(&s, "tenhou.ref"));
    assert_true(reported(&s, "the end of the game")); /* no result: the XML ends truncated */
    assert_null(strstr(s.data, "owari"));
    paifu_error err;
    assert_int_equal(write_game(&s, g, true, &err), PAIFU_EUNSUPPORTED);
    assert_non_null(strstr(err.text, "--strict"));
    assert_int_equal(s.len, 0);
    paifu_game_free(g);

    /* a wall without the seed that made it */
    g = new_game(4, NULL);
    paifu_deal_start st;
    paifu_deal_start_init(&st);
    st.flags = PAIFU_DEAL_HAS_SCORES | PAIFU_DEAL_HAS_HANDS | PAIFU_DEAL_HAS_STICKS;
    st.dora_indicator = T("2z");
    paifu_tile wall[136];
    uint8_t wall_ids[136];
    for (int s2 = 0; s2 < 4; s2++) {
        st.scores[s2] = 25000;
        st.n_hand[s2] = (uint8_t)tiles(st.hands[s2], HANDS[s2]);
    }
    for (unsigned i = 0; i < 136; i++) {
        wall[i] = I(i);
        wall_ids[i] = (uint8_t)i;
    }
    st.n_wall = 136;
    st.wall = wall;
    st.wall_ids = wall_ids;
    assert_int_equal(paifu_game_begin_deal(g, &st, 0, 0, NULL), 0);
    add_draw(g, PAIFU_DRAW_SUUFON, (int32_t[4]){0}, ~0u, 0, -1);
    paifu_game_set_truncated(g, true);
    written(g, &s);
    assert_true(reported(&s, "the wall"));
    assert_null(strstr(s.data, "SHUFFLE"));
    paifu_game_free(g);
}

/* ---- refusals, before any loss ---- */

static void expect_refusal(const paifu_game *g, const char *part)
{
    static sink s;
    paifu_error err;
    assert_int_equal(write_game(&s, g, false, &err), PAIFU_EUNSUPPORTED);
    if (!strstr(err.text, part))
        fail_msg("expected a refusal naming \"%s\", got \"%s\"", part, err.text);
    assert_int_equal(s.n_lost, 0);
    assert_int_equal(s.len, 0);
}

static void test_refusals(void **state)
{
    (void)state;
    paifu_game *g = new_game(4, NULL); /* MCR */
    assert_int_equal(paifu_game_set_rules_name(g, "mcr", NULL), 0);
    begin(g, 0, 0, 0, 0, HANDS, "2z");
    expect_refusal(g, "MCR");
    paifu_game_free(g);

    g = new_game(4, NULL); /* a penalty (a loss) and a score-sheet deal: refused, nothing lost */
    begin(g, 0, 0, 0, 25000, HANDS, "2z");
    paifu_penalty p = {PAIFU_PENALTY_FINE, PAIFU_PENALTY_AFTER_UMA, 1, 0, 1000, {0}, NULL};
    assert_int_equal(paifu_game_add_penalty(g, &p, 0, 0, NULL), 0);
    add_draw(g, PAIFU_DRAW_SUUFON, (int32_t[4]){0}, ~0u, 0, -1);
    begin(g, 1, 0, 0, 25000, HANDS, "2z");
    assert_int_equal(paifu_game_set_deal_result_only(g, NULL), 0);
    expect_refusal(g, "without tiles");
    paifu_game_free(g);

    g = new_game(4, NULL); /* no dora indicator */
    begin(g, 0, 0, 0, 25000, HANDS, "2z");
    paifu_game_free(g);
    g = new_game(4, NULL);
    paifu_deal_start st;
    paifu_deal_start_init(&st);
    st.flags = PAIFU_DEAL_HAS_HANDS;
    for (int s = 0; s < 4; s++)
        st.n_hand[s] = (uint8_t)tiles(st.hands[s], HANDS[s]);
    assert_int_equal(paifu_game_begin_deal(g, &st, 0, 0, NULL), 0);
    expect_refusal(g, "dora indicator");
    paifu_game_free(g);

    g = new_game(4, NULL); /* a hidden tile */
    begin(g, 0, 0, 0, 25000, HANDS, "2z");
    add(g, PAIFU_EV_DRAW, 0, NULL, -1, NULL, 0);
    expect_refusal(g, "does not show");
    paifu_game_free(g);

    g = new_game(4, NULL); /* no deal at all */
    expect_refusal(g, "without deals");
    paifu_game_free(g);

    g = new_game(4, NULL); /* a fifth 7z */
    begin(g, 0, 0, 0, 25000, HANDS, "2z");
    add(g, PAIFU_EV_DRAW, 0, "7z", -1, NULL, 0);
    expect_refusal(g, "more than four tiles of a kind");
    paifu_game_free(g);

    g = new_game(4, NULL); /* a chi that is no run */
    begin(g, 0, 0, 0, 25000, HANDS, "2z");
    add(g, PAIFU_EV_DRAW, 3, "9m", -1, NULL, 0);
    add(g, PAIFU_EV_DISCARD, 3, "9m", -1, NULL, PAIFU_EVF_TSUMOGIRI_KNOWN | PAIFU_EVF_TSUMOGIRI);
    add(g, PAIFU_EV_CHI, 0, "9m", 3, "11m", 0);
    expect_refusal(g, "meld codes");
    paifu_game_free(g);

    g = new_game(4, NULL); /* a score that is not whole hundreds */
    begin(g, 0, 0, 0, 25050, HANDS, "2z");
    expect_refusal(g, "whole hundreds");
    paifu_game_free(g);
}

/* What Tenhou's XML cannot say (spec §2.1 tile ids, §7 the 3-player set, §4.9 meld codes):
   refused before anything is written. */
static void test_refusals_tiles_and_calls(void **state)
{
    (void)state;
    paifu_game *g = new_game(3, NULL); /* the 3-player set has no 2m to 8m (spec §7) */
    begin(g, 0, 0, 0, 35000, HANDS, "2z");
    expect_refusal(g, "2m to 8m in a 3-player game");
    paifu_game_free(g);

    g = new_game(4, NULL); /* red fives where the GO type has none (spec §2.1, §4.3 bit 0x0002) */
    assert_int_equal(paifu_game_add_rule_override(g, "red_fives", "0", NULL), 0);
    begin(g, 0, 0, 0, 25000, HANDS, "2z");
    expect_refusal(g, "red five in a game whose GO type has none");
    paifu_game_free(g);

    g = new_game(4, NULL); /* an added kan extends a pon (spec §4.9) */
    begin(g, 0, 0, 0, 25000, HANDS, "2z");
    add(g, PAIFU_EV_DRAW, 0, "9m", -1, NULL, 0);
    add(g, PAIFU_EV_SHOUMINKAN, 0, "9m", -1, NULL, 0);
    expect_refusal(g, "added kan without the pon it extends");
    paifu_game_free(g);

    g = new_game(4, NULL); /* a pon names the seat it calls from and its tiles (spec §4.9) */
    begin(g, 0, 0, 0, 25000, HANDS, "2z");
    add(g, PAIFU_EV_DRAW, 0, "9m", -1, NULL, 0);
    add(g, PAIFU_EV_DISCARD, 0, "9m", -1, NULL, PAIFU_EVF_TSUMOGIRI_KNOWN | PAIFU_EVF_TSUMOGIRI);
    add(g, PAIFU_EV_PON, 2, "9m", -1, "9m9m", 0);
    expect_refusal(g, "call without the seat it calls from");
    paifu_game_free(g);
    g = new_game(4, NULL);
    begin(g, 0, 0, 0, 25000, HANDS, "2z");
    add(g, PAIFU_EV_DRAW, 0, "9m", -1, NULL, 0);
    add(g, PAIFU_EV_DISCARD, 0, "9m", -1, NULL, PAIFU_EVF_TSUMOGIRI_KNOWN | PAIFU_EVF_TSUMOGIRI);
    add(g, PAIFU_EV_PON, 2, "9m", 0, NULL, 0);
    expect_refusal(g, "call without its tiles");
    paifu_game_free(g);
}

/* More that Tenhou's XML has no way to say (spec §2.1: ids 0-135 name the 136 tiles, no
   flower; §4.12 AGARI's machi is a tile of the deal; §4.7 INIT's ten are the starting scores):
   refused, nothing written. */
static void test_refusals_values(void **state)
{
    (void)state;
    paifu_game *g = new_game(4, NULL); /* a flower drawn */
    begin(g, 0, 0, 0, 25000, HANDS, "2z");
    add(g, PAIFU_EV_DRAW, 0, "1f", -1, NULL, 0);
    expect_refusal(g, "a tile Tenhou's ids cannot name");
    paifu_game_free(g);

    g = new_game(4, NULL); /* a ron with no discard before it: no tile to win on */
    begin(g, 0, 0, 0, 25000, HANDS, "2z");
    paifu_win w;
    static const int32_t DELTAS[4] = {-1000, 1000, 0, 0};
    win_init(&w, 1, 0, DELTAS);
    w.win_tile = PAIFU_TILE_NONE;
    assert_int_equal(paifu_game_add_win(g, &w, 0, 0, NULL), 0);
    expect_refusal(g, "a win on a tile the log does not name");
    paifu_game_free(g);

    g = new_game(4, NULL); /* the second deal's scores: neither recorded nor to be had from
                              the first deal, which records no score changes */
    begin(g, 0, 0, 0, 25000, HANDS, "2z");
    paifu_draw d;
    paifu_draw_init(&d, PAIFU_DRAW_EXHAUSTIVE);
    assert_int_equal(paifu_game_add_draw(g, &d, 0, 0, NULL), 0);
    paifu_deal_start st;
    paifu_deal_start_init(&st);
    st.flags = PAIFU_DEAL_HAS_HANDS | PAIFU_DEAL_HAS_STICKS;
    st.hand_number = 1;
    st.dealer = 1;
    st.dora_indicator = T("2z");
    for (int s = 0; s < 4; s++)
        st.n_hand[s] = (uint8_t)tiles(st.hands[s], HANDS[s]);
    assert_int_equal(paifu_game_begin_deal(g, &st, 0, 0, NULL), 0);
    assert_int_equal(paifu_game_add_draw(g, &d, 0, 0, NULL), 0);
    expect_refusal(g, "a deal whose starting scores the log does not give");
    paifu_game_free(g);
}

/* Write G as tenhou-xml with OPTS into S; the status. */
static int write_with(sink *s, const paifu_game *g, const paifu_write_options *opts)
{
    paifu_writer *w = NULL;
    paifu_error err;
    s->len = 0;
    s->data[0] = '\0';
    int rc = paifu_writer_open(&w, "tenhou-xml", sink_put, s, opts, &err);
    if (rc == 0)
        rc = paifu_writer_write(w, g, &err);
    if (rc == 0)
        rc = paifu_writer_close(w, &err);
    paifu_writer_free(w);
    return rc;
}

/* The write options of an older caller (paifu/io.h: version 1 ends before allow_loss, version 2
   before fill) are read up to their own last field, the rest left at the defaults; an unknown
   version is refused. */
static void test_write_options_versions(void **state)
{
    (void)state;
    paifu_game *g = new_game(4, NULL); /* a penalty (lost), the final scores without points */
    begin(g, 0, 0, 0, 25000, HANDS, "2z");
    paifu_penalty p = {PAIFU_PENALTY_FINE, PAIFU_PENALTY_AFTER_UMA, 1, 0, 1000, {0}, NULL};
    assert_int_equal(paifu_game_add_penalty(g, &p, 0, 0, NULL), 0);
    add_draw(g, PAIFU_DRAW_SUUFON, (int32_t[4]){0}, ~0u, 0, -1);
    paifu_game_result r = {false, true, {0}, {20000, 0, -5000, -15000}};
    paifu_game_set_result(g, &r);
    static sink s;
    paifu_write_options o = PAIFU_WRITE_OPTIONS_INIT;
    o.strict = true;
    o.allow_loss = "penalties,computed,final";
    o.fill = true;
    assert_int_equal(write_with(&s, g, &o), 0); /* version 3: all three read */
    contains(&s, "owari=\"250,20.0,250,0.0,250,-5.0,250,-15.0\"");
    o.version = 2; /* no fill: owari left out, a loss strict lets pass as allowed */
    assert_int_equal(write_with(&s, g, &o), 0);
    assert_null(strstr(s.data, "owari"));
    o.version = 1; /* no allow_loss: strict refuses the lost penalty */
    assert_int_equal(write_with(&s, g, &o), PAIFU_EUNSUPPORTED);
    o.strict = false;
    assert_int_equal(write_with(&s, g, &o), 0);
    o.version = 4;
    assert_int_equal(write_with(&s, g, &o), PAIFU_EINVAL);
    paifu_write_options init;
    assert_int_equal(paifu_write_options_init(&init, 4), PAIFU_EINVAL);
    assert_int_equal(paifu_write_options_init(&init, PAIFU_WRITE_OPTIONS_VERSION), 0);
    assert_false(init.strict);
    paifu_read_options ri;
    assert_int_equal(paifu_read_options_init(&ri, PAIFU_READ_OPTIONS_VERSION + 1), PAIFU_EINVAL);
    assert_int_equal(paifu_read_options_init(&ri, PAIFU_READ_OPTIONS_VERSION), 0);
    paifu_game_free(g);
}

int main(void)
{
    paifu_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_spec_round),
        cmocka_unit_test(test_meld_codes),
        cmocka_unit_test(test_tile_ids),
        cmocka_unit_test(test_tsumogiri_contradicted),
        cmocka_unit_test(test_riichi),
        cmocka_unit_test(test_double_ron),
        cmocka_unit_test(test_draws),
        cmocka_unit_test(test_connection),
        cmocka_unit_test(test_sanma),
        cmocka_unit_test(test_kept_attributes),
        cmocka_unit_test(test_owari_era),
        cmocka_unit_test(test_owari_values),
        cmocka_unit_test(test_draw_hands_shown),
        cmocka_unit_test(test_losses),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_refusals_tiles_and_calls),
        cmocka_unit_test(test_refusals_values),
        cmocka_unit_test(test_write_options_versions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
