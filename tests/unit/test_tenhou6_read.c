/*
 * test_tenhou6_read.c: the tenhou.net/6 JSON reader on small documents written for these tests
 * (shared/formats/tenhou6-json.md, "spec"): call strings of every kind, red fives, the turn
 * order (including a pon that must skip the first matching discard), riichi deposits, kan dora
 * placement, wins and draws, the header's rule set, JSON lines, and errors with their JSON path.
 * Expected values are worked out from the spec by hand.
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

/* ---- helpers ---- */

/* Thirteen tiles for a hand: the content does not matter to the reader. */
#define HAND "[11,12,13,14,15,16,17,18,19,21,22,23,24]"
#define HANDS "," HAND ","
/* One round: HEAD, SCORES, DORA, URA, then per seat HAND,TAKES,DISCARDS, then RESULT. */
#define ROUND(head, dora, ura, t0, d0, t1, d1, t2, d2, t3, d3, result)                          \
    "[" head ",[25000,25000,25000,25000]," dora "," ura "," HAND "," t0 "," d0 "," HAND "," t1   \
    "," d1 "," HAND "," t2 "," d2 "," HAND "," t3 "," d3 "," result "]"
#define DOC(rule, rounds) "{\"name\":[\"A\",\"B\",\"C\",\"D\"],\"rule\":" rule ",\"log\":[" rounds "]}"
#define TENHOU "{\"disp\":\"般南喰赤\",\"aka\":1}"

static paifu_game *read_ok(const char *doc)
{
    paifu_game *g = NULL;
    paifu_error err;
    paifu_error_clear(&err);
    int rc = paifu_game_read_buffer(&g, doc, strlen(doc), NULL, &err);
    if (rc < 0)
        fail_msg("read failed: %s (path %s, line %u)", err.text, err.where.path,
                 (unsigned)err.where.line);
    return g;
}

static void read_fails(const char *doc, const char *path, uint32_t line, const char *text)
{
    paifu_game *g = NULL;
    paifu_error err;
    paifu_error_clear(&err);
    paifu_read_options opts = PAIFU_READ_OPTIONS_INIT;
    opts.format = "tenhou6";
    assert_int_equal(paifu_game_read_buffer(&g, doc, strlen(doc), &opts, &err), PAIFU_EFORMAT);
    assert_null(g);
    if (path)
        assert_string_equal(err.where.path, path);
    assert_int_equal(err.where.line, line);
    if (!strstr(err.text, text))
        fail_msg("error \"%s\" does not say \"%s\"", err.text, text);
}

static paifu_tile T(const char *name)
{
    paifu_tile t;
    assert_int_equal(paifu_tile_parse_one(&t, name, NULL), 0);
    return t;
}

/* Check event I of DEAL: type, seat, tile (NULL: none), flags. */
static void ev_is(const paifu_deal *d, size_t i, paifu_event_type type, int seat,
                  const char *tile, unsigned flags)
{
    if (i >= d->n_events)
        fail_msg("event %zu missing (%zu events)", i, d->n_events);
    const paifu_event *e = &d->events[i];
    if (e->type != type || e->seat != seat)
        fail_msg("event %zu: %s seat %d, expected %s seat %d", i,
                 paifu_event_type_name((paifu_event_type)e->type), e->seat,
                 paifu_event_type_name(type), seat);
    assert_int_equal(e->tile, tile ? T(tile) : PAIFU_TILE_NONE);
    assert_int_equal(e->flags, flags);
    assert_int_equal(e->tile_id, PAIFU_TILE_ID_NONE);
}

static void tiles_are(const paifu_event *e, const char *notation)
{
    paifu_tile want[4];
    size_t n;
    assert_int_equal(paifu_tile_parse(want, 4, &n, notation, NULL), 0);
    assert_int_equal(e->n, n);
    assert_memory_equal(e->tiles, want, n);
}

#define TG (PAIFU_EVF_TSUMOGIRI | PAIFU_EVF_TSUMOGIRI_KNOWN)
#define TK PAIFU_EVF_TSUMOGIRI_KNOWN

/* ---- the turn order, calls, riichi, kan dora ---- */

/* Pon from the opposite seat; a riichi discard won on gets no deposit (spec §6 "r"). */
static void test_pon_and_ron_on_riichi_discard(void **state)
{
    (void)state;
    const char *doc = DOC(TENHOU, ROUND("[0,0,0]", "[33]", "[]",
                                        "[11]", "[45]", "[]", "[]", "[\"45p4545\"]", "[19]",
                                        "[21]", "[\"r21\"]",
                                        "[\"和了\",[7700,0,0,-7700],[0,3,0,\"30符4飜7700点\","
                                        "\"断幺九(1飜)\",\"ドラ(3飜)\"]]"));
    paifu_game *g = read_ok(doc);
    assert_string_equal(paifu_game_source_format(g), "tenhou6");
    const paifu_deal *d = paifu_game_deal(g, 0);
    assert_int_equal(d->start.dealer, 0);
    assert_int_equal(d->start.dora_indicator, T("3s"));
    assert_int_equal(d->start.n_hand[0], 13);
    ev_is(d, 0, PAIFU_EV_DRAW, 0, "1m", 0);
    ev_is(d, 1, PAIFU_EV_DISCARD, 0, "5z", TK);
    ev_is(d, 2, PAIFU_EV_PON, 2, "5z", 0);
    assert_int_equal(d->events[2].from, 0);
    tiles_are(&d->events[2], "55z");
    ev_is(d, 3, PAIFU_EV_DISCARD, 2, "9m", TK);
    ev_is(d, 4, PAIFU_EV_DRAW, 3, "1p", 0);
    ev_is(d, 5, PAIFU_EV_DISCARD, 3, "1p", TK | PAIFU_EVF_RIICHI);
    ev_is(d, 6, PAIFU_EV_WIN, 0, "1p", 0);
    assert_int_equal(d->n_events, 7);
    const paifu_win *w = &d->wins[0];
    assert_int_equal(w->winner, 0);
    assert_int_equal(w->from, 3);
    assert_int_equal(w->pao, -1);
    assert_int_equal(w->win_tile, T("1p"));
    assert_int_equal(w->han, 4);
    assert_int_equal(w->fu, 30);
    assert_int_equal(w->limit, PAIFU_LIMIT_NONE);
    assert_int_equal(w->points, 7700);
    assert_int_equal(w->n_yaku, 2);
    assert_int_equal(w->yaku[0].id, PAIFU_YAKU_TANYAO);
    assert_int_equal(w->yaku[1].id, PAIFU_YAKU_DORA);
    assert_int_equal(w->yaku[1].han, 3);
    assert_null(w->yaku[0].name); /* Tenhou's own spelling is not kept */
    int32_t deltas[4] = {7700, 0, 0, -7700};
    assert_memory_equal(w->deltas, deltas, sizeof(deltas));
    assert_true(w->known & PAIFU_REC_DELTAS);
    assert_false(w->known & PAIFU_REC_URA);
    assert_false(w->known & PAIFU_REC_PAYMENTS);
    paifu_game_free(g);
}

/*
 * Riichi deposit before a chi; an open kan from the previous player ("m" first), its 0
 * placeholder, the replacement draw and the kan's indicator before the next discard (XML: N, T,
 * DORA, D); 60 resolved to the drawn tile; an exhaustive draw with noten payments.
 */
static void test_chi_open_kan_and_draw(void **state)
{
    (void)state;
    const char *doc = DOC(TENHOU, ROUND("[0,0,0]", "[31,35]", "[]",
                                        "[11,12]", "[\"r23\",60]", "[\"c232425\"]", "[39]",
                                        "[\"m39393939\",47]", "[0,60]", "[11]", "[60]",
                                        "[\"流局\",[1500,-1500,1500,-1500]]"));
    paifu_game *g = read_ok(doc);
    const paifu_deal *d = paifu_game_deal(g, 0);
    ev_is(d, 0, PAIFU_EV_DRAW, 0, "1m", 0);
    ev_is(d, 1, PAIFU_EV_DISCARD, 0, "3p", TK | PAIFU_EVF_RIICHI);
    ev_is(d, 2, PAIFU_EV_RIICHI_ACCEPTED, 0, NULL, 0);
    ev_is(d, 3, PAIFU_EV_CHI, 1, "3p", 0);
    assert_int_equal(d->events[3].from, 0);
    tiles_are(&d->events[3], "45p");
    ev_is(d, 4, PAIFU_EV_DISCARD, 1, "9s", TK);
    ev_is(d, 5, PAIFU_EV_DAIMINKAN, 2, "9s", 0);
    assert_int_equal(d->events[5].from, 1);
    tiles_are(&d->events[5], "999s");
    ev_is(d, 6, PAIFU_EV_DRAW, 2, "7z", PAIFU_EVF_REPLACEMENT);
    ev_is(d, 7, PAIFU_EV_DORA, -1, "5s", 0);
    ev_is(d, 8, PAIFU_EV_DISCARD, 2, "7z", TG);
    ev_is(d, 9, PAIFU_EV_DRAW, 3, "1m", 0);
    ev_is(d, 10, PAIFU_EV_DISCARD, 3, "1m", TG);
    ev_is(d, 11, PAIFU_EV_DRAW, 0, "2m", 0);
    ev_is(d, 12, PAIFU_EV_DISCARD, 0, "2m", TG);
    ev_is(d, 13, PAIFU_EV_EXHAUSTIVE_DRAW, -1, NULL, 0);
    const paifu_draw *dr = &d->draws[0];
    assert_int_equal(dr->kind, PAIFU_DRAW_EXHAUSTIVE);
    assert_int_equal(dr->tenpai, 0x5);
    assert_true(dr->known & PAIFU_REC_TENPAI);
    assert_true(dr->known & PAIFU_REC_DELTAS);
    paifu_game_free(g);
}

/*
 * A closed kan with a red five ("151515a51") reveals its indicator at once (XML: N, DORA, T);
 * a double ron on the next discard: two wins in result order, a mangan and a red-five win.
 */
static void test_ankan_and_double_ron(void **state)
{
    (void)state;
    const char *doc =
        DOC(TENHOU, ROUND("[4,1,2]", "[31,41]", "[]",
                          "[15,22]", "[\"151515a51\",60]", "[47]", "[60]", "[]", "[]", "[]", "[]",
                          "[\"和了\",[0,-10300,10300,0],[2,1,2,\"満貫8000点\",\"役牌 中(1飜)\","
                          "\"ドラ(4飜)\"],[0,-3900,0,3900],[3,1,3,\"30符3飜3900点\","
                          "\"断幺九(1飜)\",\"赤ドラ(2飜)\"]]"));
    paifu_game *g = read_ok(doc);
    const paifu_deal *d = paifu_game_deal(g, 0);
    assert_int_equal(d->start.round_wind, PAIFU_WIND_SOUTH);
    assert_int_equal(d->start.hand_number, 0);
    assert_int_equal(d->start.honba, 1);
    assert_int_equal(d->start.riichi_sticks, 2);
    ev_is(d, 0, PAIFU_EV_DRAW, 0, "5m", 0);
    ev_is(d, 1, PAIFU_EV_ANKAN, 0, NULL, 0);
    tiles_are(&d->events[1], "0555m"); /* a red five first, as Tenhou's ids give it */
    ev_is(d, 2, PAIFU_EV_DORA, -1, "1z", 0);
    ev_is(d, 3, PAIFU_EV_DRAW, 0, "2p", PAIFU_EVF_REPLACEMENT);
    ev_is(d, 4, PAIFU_EV_DISCARD, 0, "2p", TG);
    ev_is(d, 5, PAIFU_EV_DRAW, 1, "7z", 0);
    ev_is(d, 6, PAIFU_EV_DISCARD, 1, "7z", TG);
    ev_is(d, 7, PAIFU_EV_WIN, 2, "7z", 0);
    ev_is(d, 8, PAIFU_EV_WIN, 3, "7z", 0);
    assert_int_equal(d->n_wins, 2);
    assert_int_equal(d->wins[0].limit, PAIFU_LIMIT_MANGAN);
    assert_int_equal(d->wins[0].points, 8000);
    assert_int_equal(d->wins[0].han, 5);
    assert_false(d->wins[0].known & PAIFU_REC_FU); /* a limit hand's fu is lost (spec §8.3) */
    assert_int_equal(d->wins[0].n_dora, 2);
    assert_int_equal(d->wins[0].dora[1], T("1z"));
    assert_int_equal(d->wins[0].deltas[2], 10300);
    assert_int_equal(d->wins[1].winner, 3);
    assert_int_equal(d->wins[1].from, 1);
    assert_int_equal(d->wins[1].yaku[1].id, PAIFU_YAKU_AKA_DORA);
    assert_int_equal(d->wins[1].win_tile, T("7z"));
    paifu_game_free(g);
}

/*
 * Pon from the next seat ("1515p15": p fourth), an added kan with the red five ("1515k5115": the
 * added tile after k), its indicator before the owner's next discard; a non-dealer tsumo by a
 * riichi winner: the tsumo split, the points it adds up to, the ura indicators.
 */
static void test_added_kan_and_tsumo(void **state)
{
    (void)state;
    const char *doc =
        DOC(TENHOU, ROUND("[0,0,0]", "[11,21]", "[31,32]",
                          "[11,\"1515p15\",51,22]", "[19,18,\"1515k5115\",60]", "[12,13,23]",
                          "[15,60,60]", "[14,24]", "[\"r14\"]", "[16]", "[60]",
                          "[\"和了\",[-1300,-700,3700,-700],[2,2,2,\"40符2飜700-1300点\","
                          "\"立直(1飜)\",\"門前清自摸和(1飜)\"]]"));
    paifu_game *g = read_ok(doc);
    const paifu_deal *d = paifu_game_deal(g, 0);
    ev_is(d, 0, PAIFU_EV_DRAW, 0, "1m", 0);
    ev_is(d, 1, PAIFU_EV_DISCARD, 0, "9m", TK);
    ev_is(d, 2, PAIFU_EV_DRAW, 1, "2m", 0);
    ev_is(d, 3, PAIFU_EV_DISCARD, 1, "5m", TK);
    ev_is(d, 4, PAIFU_EV_PON, 0, "5m", 0);
    assert_int_equal(d->events[4].from, 1);
    tiles_are(&d->events[4], "55m");
    ev_is(d, 5, PAIFU_EV_DISCARD, 0, "8m", TK);
    ev_is(d, 6, PAIFU_EV_DRAW, 1, "3m", 0);
    ev_is(d, 7, PAIFU_EV_DISCARD, 1, "3m", TG);
    ev_is(d, 8, PAIFU_EV_DRAW, 2, "4m", 0);
    ev_is(d, 9, PAIFU_EV_DISCARD, 2, "4m", TK | PAIFU_EVF_RIICHI);
    ev_is(d, 10, PAIFU_EV_RIICHI_ACCEPTED, 2, NULL, 0);
    ev_is(d, 11, PAIFU_EV_DRAW, 3, "6m", 0);
    ev_is(d, 12, PAIFU_EV_DISCARD, 3, "6m", TG);
    ev_is(d, 13, PAIFU_EV_DRAW, 0, "0m", 0);
    ev_is(d, 14, PAIFU_EV_SHOUMINKAN, 0, "0m", 0);
    tiles_are(&d->events[14], "555m");
    ev_is(d, 15, PAIFU_EV_DRAW, 0, "2p", PAIFU_EVF_REPLACEMENT);
    ev_is(d, 16, PAIFU_EV_DORA, -1, "1p", 0);
    ev_is(d, 17, PAIFU_EV_DISCARD, 0, "2p", TG);
    ev_is(d, 18, PAIFU_EV_DRAW, 1, "3p", 0);
    ev_is(d, 19, PAIFU_EV_DISCARD, 1, "3p", TG);
    ev_is(d, 20, PAIFU_EV_DRAW, 2, "4p", 0);
    ev_is(d, 21, PAIFU_EV_WIN, 2, "4p", 0);
    const paifu_win *w = &d->wins[0];
    assert_int_equal(w->from, 2);
    assert_int_equal(w->win_tile, T("4p"));
    assert_int_equal(w->payment_nondealer, 700);
    assert_int_equal(w->payment_dealer, 1300);
    assert_int_equal(w->points, 2700);
    assert_true(w->known & PAIFU_REC_PAYMENTS);
    assert_true(w->known & PAIFU_REC_URA);
    assert_int_equal(w->n_ura, 2);
    assert_int_equal(w->ura[1], T("2s"));
    paifu_game_free(g);
}

/*
 * The call positions the other tests leave out: a pon from the previous player with the red five
 * in the hand ("p252552"), an open kan from the next player ("292929m29": m after the third
 * tile), an added kan of that pon ("k" first, as in the pon); two kan indicators in list order.
 */
static void test_more_call_positions(void **state)
{
    (void)state;
    const char *doc =
        DOC(TENHOU, ROUND("[0,0,0]", "[11,21,22]", "[]", "[11,16]", "[25,60]",
                          "[\"p252552\",\"292929m29\",13,25,17]",
                          "[19,0,60,\"k25252552\",60]", "[12,14]", "[29,60]", "[15]", "[60]",
                          "[\"流局\"]"));
    paifu_game *g = read_ok(doc);
    const paifu_deal *d = paifu_game_deal(g, 0);
    ev_is(d, 1, PAIFU_EV_DISCARD, 0, "5p", TK);
    ev_is(d, 2, PAIFU_EV_PON, 1, "5p", 0);
    assert_int_equal(d->events[2].from, 0);
    tiles_are(&d->events[2], "05p");
    ev_is(d, 3, PAIFU_EV_DISCARD, 1, "9m", TK);
    ev_is(d, 4, PAIFU_EV_DRAW, 2, "2m", 0);
    ev_is(d, 5, PAIFU_EV_DISCARD, 2, "9p", TK);
    ev_is(d, 6, PAIFU_EV_DAIMINKAN, 1, "9p", 0);
    assert_int_equal(d->events[6].from, 2);
    tiles_are(&d->events[6], "999p");
    ev_is(d, 7, PAIFU_EV_DRAW, 1, "3m", PAIFU_EVF_REPLACEMENT);
    ev_is(d, 8, PAIFU_EV_DORA, -1, "1p", 0);
    ev_is(d, 9, PAIFU_EV_DISCARD, 1, "3m", TG);
    ev_is(d, 16, PAIFU_EV_DRAW, 1, "5p", 0);
    ev_is(d, 17, PAIFU_EV_SHOUMINKAN, 1, "5p", 0);
    tiles_are(&d->events[17], "055p");
    ev_is(d, 18, PAIFU_EV_DRAW, 1, "7m", PAIFU_EVF_REPLACEMENT);
    ev_is(d, 19, PAIFU_EV_DORA, -1, "2p", 0);
    ev_is(d, 20, PAIFU_EV_DISCARD, 1, "7m", TG);
    ev_is(d, 21, PAIFU_EV_EXHAUSTIVE_DRAW, -1, NULL, 0);
    assert_int_equal(d->n_events, 22);
    /* no deltas: nobody paid (spec §7.2), but who was tenpai is not said */
    assert_true(d->draws[0].known & PAIFU_REC_DELTAS);
    assert_false(d->draws[0].known & PAIFU_REC_TENPAI);
    paifu_game_free(g);
}

/* A robbed added kan: the round ends on the kan, the winning tile is the added one, no dora. */
static void test_chankan(void **state)
{
    (void)state;
    const char *doc =
        DOC(TENHOU, ROUND("[0,0,0]", "[11]", "[]",
                          "[11,\"1515p15\",15]", "[19,18,\"1515k1515\"]", "[12,13]", "[15,60]",
                          "[14]", "[60]", "[16]", "[60]",
                          "[\"和了\",[-2000,0,0,2000],[3,0,3,\"30符2飜2000点\",\"槍槓(1飜)\","
                          "\"断幺九(1飜)\"]]"));
    paifu_game *g = read_ok(doc);
    const paifu_deal *d = paifu_game_deal(g, 0);
    ev_is(d, 13, PAIFU_EV_SHOUMINKAN, 0, "5m", 0);
    ev_is(d, 14, PAIFU_EV_WIN, 3, "5m", 0);
    assert_int_equal(d->n_events, 15);
    assert_int_equal(d->wins[0].from, 0);
    assert_int_equal(d->wins[0].win_tile, T("5m"));
    assert_int_equal(d->wins[0].yaku[0].id, PAIFU_YAKU_CHANKAN);
    paifu_game_free(g);
}

/* An open kan from the opposite seat ("32m323232") won on its replacement tile: the trailing 0
 * placeholder is dropped (spec §6) and no indicator is revealed. */
static void test_rinshan_after_open_kan(void **state)
{
    (void)state;
    const char *doc =
        DOC(TENHOU, ROUND("[0,0,0]", "[11]", "[]", "[11]", "[32]", "[]", "[]",
                          "[\"32m323232\",47]", "[]", "[]", "[]",
                          "[\"和了\",[-4000,-2000,8000,-2000],[2,2,2,\"満貫2000-4000点\","
                          "\"嶺上開花(1飜)\",\"ドラ(4飜)\"]]"));
    paifu_game *g = read_ok(doc);
    const paifu_deal *d = paifu_game_deal(g, 0);
    ev_is(d, 2, PAIFU_EV_DAIMINKAN, 2, "2s", 0);
    assert_int_equal(d->events[2].from, 0);
    ev_is(d, 3, PAIFU_EV_DRAW, 2, "7z", PAIFU_EVF_REPLACEMENT);
    ev_is(d, 4, PAIFU_EV_WIN, 2, "7z", 0);
    assert_int_equal(d->wins[0].points, 8000);
    assert_int_equal(d->wins[0].limit, PAIFU_LIMIT_MANGAN);
    paifu_game_free(g);
}

/* The dealer's tsumo on the first draw: "∀" split, yakuman counted 13 per entry. */
static void test_dealer_tsumo_yakuman(void **state)
{
    (void)state;
    const char *doc =
        DOC(TENHOU, ROUND("[0,0,0]", "[11]", "[]", "[11]", "[]", "[]", "[]", "[]", "[]", "[]", "[]",
                          "[\"和了\",[48000,-16000,-16000,-16000],[0,0,0,\"役満16000点∀\","
                          "\"天和(役満)\"]]"));
    paifu_game *g = read_ok(doc);
    const paifu_win *w = &paifu_game_deal(g, 0)->wins[0];
    assert_int_equal(w->limit, PAIFU_LIMIT_YAKUMAN);
    assert_int_equal(w->yakuman, 1);
    assert_int_equal(w->han, 13);
    assert_int_equal(w->yaku[0].id, PAIFU_YAKU_TENHOU);
    assert_int_equal(w->payment_nondealer, 16000);
    assert_int_equal(w->payment_dealer, 0);
    assert_int_equal(w->points, 48000);
    assert_int_equal(w->win_tile, T("1m"));
    paifu_game_free(g);
}

/* Nine terminals: the declarer is the seat whose take has no discard after it. */
static void test_kyuushu_and_four_riichi(void **state)
{
    (void)state;
    const char *kyuushu = DOC(TENHOU, ROUND("[1,0,0]", "[11]", "[]", "[]", "[]", "[41]", "[]", "[]",
                                            "[]", "[]", "[]", "[\"九種九牌\"]"));
    paifu_game *g = read_ok(kyuushu);
    const paifu_deal *d = paifu_game_deal(g, 0);
    assert_int_equal(d->start.dealer, 1);
    ev_is(d, 0, PAIFU_EV_DRAW, 1, "1z", 0);
    ev_is(d, 1, PAIFU_EV_ABORTIVE_DRAW, 1, NULL, 0);
    assert_int_equal(d->draws[0].kind, PAIFU_DRAW_KYUUSHU);
    assert_int_equal(d->draws[0].seat, 1);
    paifu_game_free(g);
    /* four riichi: the fourth deposit is made before the abortive draw (Tenhou's reach4) */
    const char *four = DOC(TENHOU, ROUND("[0,0,0]", "[11]", "[]", "[11]", "[\"r11\"]", "[12]",
                                         "[\"r60\"]", "[13]", "[\"r13\"]", "[14]", "[\"r60\"]",
                                         "[\"四家立直\"]"));
    g = read_ok(four);
    d = paifu_game_deal(g, 0);
    ev_is(d, 4, PAIFU_EV_DISCARD, 1, "2m", TG | PAIFU_EVF_RIICHI);
    ev_is(d, 5, PAIFU_EV_RIICHI_ACCEPTED, 1, NULL, 0);
    ev_is(d, 10, PAIFU_EV_DISCARD, 3, "4m", TG | PAIFU_EVF_RIICHI);
    ev_is(d, 11, PAIFU_EV_RIICHI_ACCEPTED, 3, NULL, 0);
    ev_is(d, 12, PAIFU_EV_ABORTIVE_DRAW, -1, NULL, 0);
    assert_int_equal(d->draws[0].kind, PAIFU_DRAW_SUUCHA_RIICHI);
    paifu_game_free(g);
}

/*
 * Seat 2's pon string names seat 0's 5z, but seat 0 discards 5z twice with no draw by seat 2
 * in between: taking the first one leads to a dead end (seat 0's next take is a call where it
 * must draw), so the search rolls back and the pon takes the second (spec §8.2).
 */
static void test_pon_ambiguity_rolls_back(void **state)
{
    (void)state;
    const char *doc =
        DOC(TENHOU, ROUND("[0,0,0]", "[11]", "[]", "[11,\"2323p23\"]", "[45,45]", "[12]", "[23]",
                          "[\"45p4545\"]", "[19]", "[21]", "[60]",
                          "[\"和了\",[0,1000,0,-1000],[1,3,1,\"30符1飜1000点\",\"断幺九(1飜)\"]]"));
    paifu_game *g = read_ok(doc);
    const paifu_deal *d = paifu_game_deal(g, 0);
    ev_is(d, 0, PAIFU_EV_DRAW, 0, "1m", 0);
    ev_is(d, 1, PAIFU_EV_DISCARD, 0, "5z", TK);
    ev_is(d, 2, PAIFU_EV_DRAW, 1, "2m", 0);
    ev_is(d, 3, PAIFU_EV_DISCARD, 1, "3p", TK);
    ev_is(d, 4, PAIFU_EV_PON, 0, "3p", 0);
    assert_int_equal(d->events[4].from, 1);
    ev_is(d, 5, PAIFU_EV_DISCARD, 0, "5z", TK);
    ev_is(d, 6, PAIFU_EV_PON, 2, "5z", 0);
    assert_int_equal(d->events[6].from, 0);
    ev_is(d, 7, PAIFU_EV_DISCARD, 2, "9m", TK);
    ev_is(d, 8, PAIFU_EV_DRAW, 3, "1p", 0);
    ev_is(d, 9, PAIFU_EV_DISCARD, 3, "1p", TG);
    ev_is(d, 10, PAIFU_EV_WIN, 1, "1p", 0);
    paifu_game_free(g);
}

/* ---- the header ---- */

static const char *override(const paifu_game *g, const char *key)
{
    const char *v = NULL;
    for (size_t i = 0; i < paifu_game_rule_override_count(g); i++)
        if (strcmp(paifu_game_rule_override(g, i)->key, key) == 0)
            v = paifu_game_rule_override(g, i)->value;
    return v;
}

#define KYUUSHU_ROUND                                                                             \
    ROUND("[0,0,0]", "[11]", "[]", "[41]", "[]", "[]", "[]", "[]", "[]", "[]", "[]", "[\"九種九牌\"]")

static void test_rules_from_the_lobby(void **state)
{
    (void)state;
    /* East-only, no open tanyao, no reds: the XML reader's GO type bits */
    paifu_game *g = read_ok(DOC("{\"disp\":\"般東\",\"aka\":0}", KYUUSHU_ROUND));
    assert_string_equal(paifu_game_rules_name(g), "tenhou");
    assert_string_equal(override(g, "red_fives"), "0");
    assert_string_equal(override(g, "kuitan"), "false");
    assert_string_equal(override(g, "game_length"), "east");
    assert_null(paifu_game_meta_get(g, PAIFU_META_RULES_UNKNOWN));
    assert_string_equal(paifu_game_player(g, 3)->name, "D");
    paifu_game_free(g);
    /* the official form: numeric red counts, exact results (tenhou-xml.md §6 item 1) */
    const char *official =
        "{\"ver\":2.3,\"ref\":\"2022080600gm-00a9-0000-06406b7f\",\"log\":[" KYUUSHU_ROUND "],"
        "\"ratingc\":\"PF4\",\"rule\":{\"disp\":\"鳳南喰赤\",\"aka53\":1,\"aka52\":1,\"aka51\":1},"
        "\"sc\":[27200,7.2,21500,-18.5,8700,-41.3,42600,52.6],\"name\":[\"a\",\"b\",\"c\",\"d\"]}";
    g = read_ok(official);
    assert_string_equal(paifu_game_rules_name(g), "tenhou");
    assert_null(override(g, "red_fives"));
    assert_null(override(g, "kuitan"));
    assert_string_equal(override(g, "final_rounding"), "nearest_100");
    const paifu_game_result *r = paifu_game_result_get(g);
    assert_true(r->has_points && r->has_final);
    assert_int_equal(r->points[3], 42600);
    assert_int_equal(r->final[1], -18500);
    assert_int_equal(r->final[3], 52600);
    assert_string_equal(paifu_game_meta_get(g, "tenhou6.ref"), "2022080600gm-00a9-0000-06406b7f");
    assert_string_equal(paifu_game_meta_get(g, "tenhou6.ver"), "2.3");
    assert_false(paifu_game_truncated(g));
    assert_null(override(g, "tenpaiyame"));
    paifu_game_free(g);
    /* a log id of early 2009: East-only uma +5/-5/-10 and no tenpai-yame (as the XML reader
       gives a generation-A log) */
    g = read_ok("{\"ver\":2.3,\"ref\":\"2009022022gm-00e1-0000-cd94aac8\",\"log\":[" KYUUSHU_ROUND
                "],\"rule\":{\"disp\":\"般東喰赤\",\"aka\":1},\"name\":[\"a\",\"b\",\"c\",\"d\"]}");
    assert_string_equal(override(g, "uma"), "10000,5000,-5000,-10000");
    assert_string_equal(override(g, "tenpaiyame"), "false");
    paifu_game_free(g);
}

static void test_rules_other_rooms(void **state)
{
    (void)state;
    /* tensoul: a MahjongSoul room, `ver` a string */
    paifu_game *g = read_ok("{\"ver\":\"2.3\",\"title\":[\"玉の間東喰\",\"0\"],\"name\":[\"a\",\"b\","
                            "\"c\",\"d\"],\"rule\":{\"disp\":\"玉の間東喰\",\"aka51\":1,\"aka52\":1,"
                            "\"aka53\":1},\"log\":[" KYUUSHU_ROUND "]}");
    assert_string_equal(paifu_game_rules_name(g), "majsoul");
    assert_string_equal(override(g, "game_length"), "east");
    paifu_game_free(g);
    /* a tournament's own name: no preset, the verifier replays the tiles only */
    g = read_ok(DOC("{\"disp\":\"第39期十段位決定戦3\",\"aka\":0}", KYUUSHU_ROUND));
    assert_null(paifu_game_rules_name(g));
    assert_non_null(paifu_game_meta_get(g, PAIFU_META_RULES_UNKNOWN));
    assert_string_equal(override(g, "red_fives"), "0");
    assert_null(override(g, "kan_dora"));
    paifu_game_free(g);
    /* the same game whose title names the JPML official rules: no ippatsu, ura or kan dora */
    g = read_ok("{\"title\":[\"第39期十段位決定戦\",\"日本プロ麻雀連盟公式ルール\"],\"name\":[\"a\","
                "\"b\",\"c\",\"d\"],\"rule\":{\"disp\":\"第39期十段位決定戦3\",\"aka\":0},"
                "\"log\":[" KYUUSHU_ROUND "]}");
    assert_null(paifu_game_rules_name(g));
    assert_non_null(strstr(paifu_game_meta_get(g, PAIFU_META_RULES_UNKNOWN), "JPML"));
    assert_string_equal(override(g, "ippatsu"), "false");
    assert_string_equal(override(g, "ura_dora"), "false");
    assert_string_equal(override(g, "kan_dora"), "false");
    paifu_game_free(g);
}

/* Sanma: seat 3 is empty, turns go round three seats, kita "f44" is followed by a replacement. */
static void test_sanma_kita(void **state)
{
    (void)state;
    const char *doc =
        "{\"rule\":{\"disp\":\"三鳳南喰赤\",\"aka\":1},\"ratingc\":\"PF3\",\"log\":[[[0,0,0],"
        "[35000,35000,35000,0],[11],[]," HAND ",[44,11],[\"f44\",60]," HAND ",[12],[]," HAND
        ",[],[],[],[],[],[\"和了\",[-1000,1500,-500,0],[1,1,1,\"30符1飜500-1000点\","
        "\"門前清自摸和(1飜)\"]]]]}";
    paifu_game *g = read_ok(doc);
    assert_int_equal(paifu_game_players(g), 3);
    assert_string_equal(override(g, "players"), "3");
    assert_string_equal(override(g, "kita"), "true");
    const paifu_deal *d = paifu_game_deal(g, 0);
    assert_int_equal(d->start.n_hand[3], 0);
    ev_is(d, 0, PAIFU_EV_DRAW, 0, "4z", 0);
    ev_is(d, 1, PAIFU_EV_KITA, 0, "4z", 0);
    ev_is(d, 2, PAIFU_EV_DRAW, 0, "1m", PAIFU_EVF_REPLACEMENT);
    ev_is(d, 3, PAIFU_EV_DISCARD, 0, "1m", TG);
    ev_is(d, 4, PAIFU_EV_DRAW, 1, "2m", 0);
    assert_int_equal(d->wins[0].points, 1500); /* sanma: one non-dealer and the dealer pay */
    paifu_game_free(g);
}

/* mjx's JSON lines: one round per line; a line at East 1 with no honba starts a new game. */
static void test_json_lines(void **state)
{
    (void)state;
    const char *doc = DOC(TENHOU, KYUUSHU_ROUND) "\n"
        DOC(TENHOU, ROUND("[0,1,0]", "[11]", "[]", "[41]", "[]", "[]", "[]", "[]", "[]", "[]", "[]",
                          "[\"九種九牌\"]")) "\n"
        DOC(TENHOU, KYUUSHU_ROUND) "\n";
    paifu_reader *r;
    const paifu_game *g;
    assert_int_equal(paifu_reader_open_buffer(&r, doc, strlen(doc), NULL, NULL), 0);
    assert_string_equal(paifu_reader_format(r), "tenhou6");
    assert_int_equal(paifu_reader_next(&g, r, NULL), 1);
    assert_int_equal(paifu_game_deal_count(g), 2);
    assert_int_equal(paifu_game_deal(g, 1)->start.honba, 1);
    assert_int_equal(paifu_game_deal(g, 1)->line, 2);
    assert_int_equal(paifu_reader_next(&g, r, NULL), 1);
    assert_int_equal(paifu_game_deal_count(g), 1);
    assert_int_equal(paifu_game_deal(g, 0)->line, 3);
    assert_int_equal(paifu_reader_next(&g, r, NULL), 0);
    paifu_reader_free(r);
}

static void test_detection(void **state)
{
    (void)state;
    const char *t6 = DOC(TENHOU, KYUUSHU_ROUND);
    assert_string_equal(paifu_format_detect(t6, strlen(t6)), "tenhou6");
    const char *mjai = "{\"type\":\"start_game\",\"names\":[\"a\",\"b\",\"c\",\"d\"]}\n";
    assert_string_equal(paifu_format_detect(mjai, strlen(mjai)), "mjai");
    /* paifu's own format wins when it says so, even with a "log" key */
    const char *own = "{\"paifu\":1,\"log\":[],\"deals\":[]}";
    assert_string_equal(paifu_format_detect(own, strlen(own)), "paifu");
}

/* ---- errors ---- */

#define ONE(t1, result)                                                                          \
    DOC(TENHOU, ROUND("[0,0,0]", "[11]", "[]", "[11]", "[60]", t1, "[]", "[]", "[]", "[]", "[]", \
                      result))

/* Round indices run 0 (East 1) to 15 (North 4) (tenhou6.md): North 4 is read, 16 is not. */
static void test_round_north_4(void **state)
{
    (void)state;
    paifu_game *g = read_ok(DOC(TENHOU, ROUND("[15,2,1]", "[11]", "[]", "[]", "[]", "[]", "[]",
                                              "[]", "[]", "[11]", "[60]", "[\"流局\"]")));
    const paifu_deal *d = paifu_game_deal(g, 0);
    assert_int_equal(d->start.round_wind, 3);
    assert_int_equal(d->start.hand_number, 3);
    assert_int_equal(d->start.dealer, 3);
    assert_int_equal(d->start.honba, 2);
    assert_int_equal(d->start.riichi_sticks, 1);
    paifu_game_free(g);
    read_fails(DOC(TENHOU, ROUND("[16,0,0]", "[11]", "[]", "[11]", "[60]", "[]", "[]", "[]", "[]",
                                 "[]", "[]", "[\"流局\"]")),
               "$.log[0][0]", 1, "beyond North 4");
}

static void test_errors(void **state)
{
    (void)state;
    read_fails(ONE("[\"c23242\"]", "[\"流局\"]"), "$.log[0][8][0]", 1, "call string");
    read_fails(ONE("[10]", "[\"流局\"]"), "$.log[0][8][0]", 1, "tile code");
    read_fails(ONE("[\"p252552\"]", "[\"流局\"]"), "$.log[0]", 1, "cannot be put in an order");
    read_fails(ONE("[]", "[\"流局X\"]"), "$.log[0][16]", 1, "unknown result");
    read_fails(ONE("[]", "[\"和了\",[0,0,0,0],[0,0,0,\"30符X飜\"]]"), "$.log[0][16][2][3]", 1,
               "expected a score");
    read_fails(ONE("[]", "[\"和了\",[0,0,0,0],[0,0,0,\"30符1飜500点∀\",\"謎(1飜)\"]]"),
               "$.log[0][16][2][4]", 1, "unknown yaku");
    /* a win result is ["和了", deltas, detail] with one pair per winner (tenhou6.md) */
    read_fails(ONE("[]", "[\"和了\",[0,0,0,0]]"), "$.log[0][16]", 1, "one pair per winner");
    read_fails(ONE("[]", "[\"和了\",[0,0,0,0],[0,0,0,\"30符1飜1000点\",\"立直(1飜)\"],[0,0,0,0]]"),
               "$.log[0][16]", 1, "one pair per winner");
    read_fails(DOC("{\"aka\":0}", ROUND("[0,0,0]", "[11]", "[]", "[51]", "[60]", "[]", "[]", "[]",
                                        "[]", "[]", "[]", "[\"流局\"]")),
               "$.log[0][5][0]", 1, "without red fives");
    read_fails("{\"log\":[[[0,0,0]]]}", "$.log[0]", 1, "17 elements");
    read_fails("{\"log\":{}}", "$.log", 1, "the rounds");
    /* JSON lines: a syntax error names its line and column */
    const char *lines = DOC(TENHOU, KYUUSHU_ROUND) "\n{\"log\": [,]}\n";
    read_fails(lines, NULL, 2, "invalid JSON");
    /* after the first document on the same line, the column counts from the line's start
       (it counted from the document's, issue 16) */
    {
        const char *first = DOC(TENHOU, KYUUSHU_ROUND);
        char *two = malloc(strlen(first) + 32);
        assert_non_null(two);
        sprintf(two, "%s {\"log\": [,]}", first);
        paifu_game *g2 = NULL;
        paifu_error e2;
        paifu_error_clear(&e2);
        paifu_reader *r2 = NULL;
        const paifu_game *gg;
        assert_int_equal(paifu_reader_open_buffer(&r2, two, strlen(two), NULL, &e2), 0);
        int rc2;
        while ((rc2 = paifu_reader_next(&gg, r2, &e2)) > 0)
            ;
        assert_int_equal(rc2, PAIFU_EFORMAT);
        assert_int_equal(e2.where.line, 1);
        assert_int_equal(e2.where.column, strlen(first) + 11); /* the ',' after "[" */
        paifu_reader_free(r2);
        (void)g2;
        free(two);
    }
    /* an error inside a round names the deal */
    paifu_game *g = NULL;
    paifu_error err;
    paifu_error_clear(&err);
    const char *bad = ONE("[\"p252552\"]", "[\"流局\"]");
    assert_true(paifu_game_read_buffer(&g, bad, strlen(bad), NULL, &err) < 0);
    assert_string_equal(err.where.deal, "E1-0");
}

int main(void)
{
    paifu_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pon_and_ron_on_riichi_discard),
        cmocka_unit_test(test_chi_open_kan_and_draw),
        cmocka_unit_test(test_ankan_and_double_ron),
        cmocka_unit_test(test_added_kan_and_tsumo),
        cmocka_unit_test(test_more_call_positions),
        cmocka_unit_test(test_chankan),
        cmocka_unit_test(test_rinshan_after_open_kan),
        cmocka_unit_test(test_dealer_tsumo_yakuman),
        cmocka_unit_test(test_kyuushu_and_four_riichi),
        cmocka_unit_test(test_pon_ambiguity_rolls_back),
        cmocka_unit_test(test_rules_from_the_lobby),
        cmocka_unit_test(test_rules_other_rooms),
        cmocka_unit_test(test_sanma_kita),
        cmocka_unit_test(test_json_lines),
        cmocka_unit_test(test_detection),
        cmocka_unit_test(test_round_north_4),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
