/*
 * test_mjai_read.c: the mjai reader on small logs written for these tests
 * (shared/formats/mjai.md, "spec"): the Mortal dialect (deltas, ura_markers, no draw reason),
 * the original dialect (scores after each event, yakus, fan/fu, end_game scores, kan dora after
 * the discard), akochan's MCR mode, several games in one file, errors with their line, and the
 * RiichiEnv sample validating with no finding.
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
#include "paifu/mcr.h"

#include "count_findings.h"

#define HAND "[\"1m\",\"2m\",\"3m\",\"4m\",\"5m\",\"6m\",\"7m\",\"8m\",\"9m\",\"1p\",\"2p\",\"3p\",\"4p\"]"
#define HANDS "[" HAND "," HAND "," HAND "," HAND "]"
#define START_GAME "{\"type\":\"start_game\",\"names\":[\"a\",\"b\",\"c\",\"d\"]}\n"
#define KYOKU(extra)                                                                             \
    "{\"type\":\"start_kyoku\",\"bakaze\":\"E\",\"kyoku\":1,\"honba\":0,\"kyotaku\":0,"           \
    "\"oya\":0" extra ",\"tehais\":" HANDS "}\n"
#define MORTAL_KYOKU KYOKU(",\"dora_marker\":\"1s\",\"scores\":[25000,25000,25000,25000]")
#define EV(...) "{" __VA_ARGS__ "}\n"

static paifu_game *read_ok(const char *log)
{
    paifu_game *g = NULL;
    paifu_error err;
    paifu_error_clear(&err);
    if (paifu_game_read_buffer(&g, log, strlen(log), NULL, &err) < 0)
        fail_msg("read failed: %s (line %u, path %s)", err.text, (unsigned)err.where.line,
                 err.where.path);
    assert_string_equal(paifu_game_source_format(g), "mjai");
    return g;
}

static void read_fails(const char *log, uint32_t line, const char *path, const char *text)
{
    paifu_game *g = NULL;
    paifu_error err;
    paifu_error_clear(&err);
    paifu_read_options opts = PAIFU_READ_OPTIONS_INIT;
    opts.format = "mjai";
    assert_int_equal(paifu_game_read_buffer(&g, log, strlen(log), &opts, &err), PAIFU_EFORMAT);
    assert_int_equal(err.where.line, line);
    if (path)
        assert_string_equal(err.where.path, path);
    if (!strstr(err.text, text))
        fail_msg("error \"%s\" does not say \"%s\"", err.text, text);
}

static paifu_tile T(const char *name)
{
    paifu_tile t;
    assert_int_equal(paifu_tile_parse_one(&t, name, NULL), 0);
    return t;
}

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
}

#define TG (PAIFU_EVF_TSUMOGIRI | PAIFU_EVF_TSUMOGIRI_KNOWN)
#define TK PAIFU_EVF_TSUMOGIRI_KNOWN

/* ---- the Mortal dialect ---- */

static void test_mortal_game(void **state)
{
    (void)state;
    const char *log = START_GAME MORTAL_KYOKU
        EV("\"type\":\"tsumo\",\"actor\":0,\"pai\":\"5pr\"")
        EV("\"type\":\"reach\",\"actor\":0")
        EV("\"type\":\"dahai\",\"actor\":0,\"pai\":\"5pr\",\"tsumogiri\":true")
        EV("\"type\":\"reach_accepted\",\"actor\":0")
        EV("\"type\":\"pon\",\"actor\":2,\"target\":0,\"pai\":\"5pr\",\"consumed\":[\"5p\",\"5p\"]")
        EV("\"type\":\"dahai\",\"actor\":2,\"pai\":\"E\",\"tsumogiri\":false")
        EV("\"type\":\"tsumo\",\"actor\":3,\"pai\":\"9s\"")
        EV("\"type\":\"ankan\",\"actor\":3,\"consumed\":[\"9s\",\"9s\",\"9s\",\"9s\"]")
        EV("\"type\":\"dora\",\"dora_marker\":\"C\"")
        EV("\"type\":\"tsumo\",\"actor\":3,\"pai\":\"P\"")
        EV("\"type\":\"dahai\",\"actor\":3,\"pai\":\"P\",\"tsumogiri\":true")
        EV("\"type\":\"hora\",\"actor\":0,\"target\":3,\"deltas\":[9000,0,0,-8000],"
           "\"ura_markers\":[\"2s\",\"W\"]")
        EV("\"type\":\"end_kyoku\"")
        EV("\"type\":\"end_game\"");
    paifu_game *g = read_ok(log);
    assert_string_equal(paifu_game_rules_name(g), "tenhou");
    assert_string_equal(paifu_game_player(g, 2)->name, "c");
    const paifu_deal *d = paifu_game_deal(g, 0);
    assert_int_equal(d->start.dora_indicator, T("1s"));
    assert_int_equal(d->start.flags & PAIFU_DEAL_HAS_SCORES, PAIFU_DEAL_HAS_SCORES);
    assert_int_equal(d->start.flags & PAIFU_DEAL_HAS_STICKS, PAIFU_DEAL_HAS_STICKS);
    ev_is(d, 0, PAIFU_EV_DRAW, 0, "0p", 0);
    ev_is(d, 1, PAIFU_EV_DISCARD, 0, "0p", TG | PAIFU_EVF_RIICHI);
    ev_is(d, 2, PAIFU_EV_RIICHI_ACCEPTED, 0, NULL, 0);
    ev_is(d, 3, PAIFU_EV_PON, 2, "0p", 0);
    assert_int_equal(d->events[3].from, 0);
    assert_int_equal(d->events[3].n, 2);
    ev_is(d, 4, PAIFU_EV_DISCARD, 2, "1z", TK);
    ev_is(d, 5, PAIFU_EV_DRAW, 3, "9s", 0);
    ev_is(d, 6, PAIFU_EV_ANKAN, 3, NULL, 0);
    assert_int_equal(d->events[6].n, 4);
    ev_is(d, 7, PAIFU_EV_DORA, -1, "7z", 0);
    ev_is(d, 8, PAIFU_EV_DRAW, 3, "5z", PAIFU_EVF_REPLACEMENT);
    ev_is(d, 9, PAIFU_EV_DISCARD, 3, "5z", TG);
    ev_is(d, 10, PAIFU_EV_WIN, 0, "5z", 0);
    const paifu_win *w = &d->wins[0];
    assert_int_equal(w->from, 3);
    assert_int_equal(w->win_tile, T("5z"));
    assert_int_equal(w->deltas[0], 9000);
    assert_true(w->known & PAIFU_REC_DELTAS);
    assert_true(w->known & PAIFU_REC_URA);
    assert_int_equal(w->n_ura, 2);
    assert_int_equal(w->ura[1], T("3z"));
    assert_false(paifu_game_truncated(g));
    assert_false(paifu_game_result_get(g)->has_points);
    paifu_game_free(g);
}

/* Without a reason the draw kind is what the events show: a seat that drew and did not discard
 * declared nine terminals; four discards of one wind are four winds, another fourth discard
 * took three rons; noten payments say who was tenpai. */
static void test_draw_without_reason(void **state)
{
    (void)state;
    const char *log = START_GAME MORTAL_KYOKU
        EV("\"type\":\"tsumo\",\"actor\":0,\"pai\":\"E\"")
        EV("\"type\":\"ryukyoku\",\"deltas\":[0,0,0,0]")
        EV("\"type\":\"end_kyoku\"")
        KYOKU(",\"dora_marker\":\"1s\",\"scores\":[25000,25000,25000,25000]")
        EV("\"type\":\"tsumo\",\"actor\":0,\"pai\":\"E\"")
        EV("\"type\":\"dahai\",\"actor\":0,\"pai\":\"E\",\"tsumogiri\":true")
        EV("\"type\":\"tsumo\",\"actor\":1,\"pai\":\"E\"")
        EV("\"type\":\"dahai\",\"actor\":1,\"pai\":\"E\",\"tsumogiri\":true")
        EV("\"type\":\"tsumo\",\"actor\":2,\"pai\":\"E\"")
        EV("\"type\":\"dahai\",\"actor\":2,\"pai\":\"E\",\"tsumogiri\":true")
        EV("\"type\":\"tsumo\",\"actor\":3,\"pai\":\"E\"")
        EV("\"type\":\"dahai\",\"actor\":3,\"pai\":\"E\",\"tsumogiri\":true")
        EV("\"type\":\"ryukyoku\",\"deltas\":[0,0,0,0]")
        EV("\"type\":\"end_kyoku\"")
        KYOKU(",\"dora_marker\":\"1s\",\"scores\":[25000,25000,25000,25000]")
        EV("\"type\":\"tsumo\",\"actor\":0,\"pai\":\"E\"")
        EV("\"type\":\"dahai\",\"actor\":0,\"pai\":\"E\",\"tsumogiri\":true")
        EV("\"type\":\"tsumo\",\"actor\":1,\"pai\":\"E\"")
        EV("\"type\":\"dahai\",\"actor\":1,\"pai\":\"E\",\"tsumogiri\":true")
        EV("\"type\":\"tsumo\",\"actor\":2,\"pai\":\"E\"")
        EV("\"type\":\"dahai\",\"actor\":2,\"pai\":\"E\",\"tsumogiri\":true")
        EV("\"type\":\"tsumo\",\"actor\":3,\"pai\":\"5m\"")
        EV("\"type\":\"dahai\",\"actor\":3,\"pai\":\"5m\",\"tsumogiri\":true")
        EV("\"type\":\"ryukyoku\",\"deltas\":[0,0,0,0]")
        EV("\"type\":\"end_kyoku\"");
    paifu_game *g = read_ok(log);
    const paifu_deal *d = paifu_game_deal(g, 0);
    assert_int_equal(d->draws[0].kind, PAIFU_DRAW_KYUUSHU);
    assert_int_equal(d->draws[0].seat, 0);
    d = paifu_game_deal(g, 1);
    assert_int_equal(d->draws[0].kind, PAIFU_DRAW_SUUFON);
    /* four discards without a call that are not one wind: not four winds, so the draw after
       the fourth is three players' ron on it */
    d = paifu_game_deal(g, 2);
    assert_int_equal(d->draws[0].kind, PAIFU_DRAW_SANCHAHOU);
    /* no end_game: the game has no recorded end */
    assert_true(paifu_game_truncated(g));
    paifu_game_free(g);
}

/* ---- the original dialect ---- */

static void test_original_dialect(void **state)
{
    (void)state;
    const char *log = "{\"type\":\"start_game\",\"kyoku_first\":4,\"aka_flag\":false}\n"
        KYOKU(",\"dora_marker\":\"N\",\"scores\":[25000,25000,25000,25000]")
        EV("\"type\":\"tsumo\",\"actor\":0,\"pai\":\"P\"")
        EV("\"type\":\"dahai\",\"actor\":0,\"pai\":\"9s\",\"tsumogiri\":false")
        EV("\"type\":\"daiminkan\",\"actor\":1,\"target\":0,\"pai\":\"9s\",\"consumed\":"
           "[\"9s\",\"9s\",\"9s\"]")
        EV("\"type\":\"tsumo\",\"actor\":1,\"pai\":\"2p\"")
        EV("\"type\":\"dahai\",\"actor\":1,\"pai\":\"2p\",\"tsumogiri\":true")
        EV("\"type\":\"dora\",\"dora_marker\":\"3m\"")
        EV("\"type\":\"tsumo\",\"actor\":2,\"pai\":\"4s\"")
        EV("\"type\":\"reach\",\"actor\":2")
        EV("\"type\":\"dahai\",\"actor\":2,\"pai\":\"4s\",\"tsumogiri\":true")
        EV("\"type\":\"reach_accepted\",\"actor\":2")
        EV("\"type\":\"tsumo\",\"actor\":3,\"pai\":\"P\"")
        EV("\"type\":\"dahai\",\"actor\":3,\"pai\":\"P\",\"tsumogiri\":true")
        EV("\"type\":\"hora\",\"actor\":0,\"target\":3,\"pai\":\"P\",\"fan\":3,\"fu\":38,"
           "\"hora_tehais\":[\"P\",\"P\",\"E\",\"E\",\"2m\",\"3m\",\"4m\",\"5p\",\"6p\",\"7p\","
           "\"7s\",\"8s\",\"9s\"],\"yakus\":[[\"sangenpai\",1],[\"jikaze\",1],[\"dora\",1]],"
           "\"scores\":[29000,25000,24000,21000],\"uradora_marker\":[\"1m\"]")
        EV("\"type\":\"end_kyoku\"")
        EV("\"type\":\"end_game\",\"scores\":[29000,25000,24000,21000]");
    paifu_game *g = read_ok(log);
    const paifu_deal *d = paifu_game_deal(g, 0);
    /* kyoku_first 4 is an East-only game; aka_flag false: no red fives */
    size_t n = paifu_game_rule_override_count(g);
    bool east = false, no_reds = false;
    for (size_t i = 0; i < n; i++) {
        const paifu_meta *m = paifu_game_rule_override(g, i);
        east = east || (!strcmp(m->key, "game_length") && !strcmp(m->value, "east"));
        no_reds = no_reds || (!strcmp(m->key, "red_fives") && !strcmp(m->value, "0"));
    }
    assert_true(east && no_reds);
    /* the original server reveals the open kan's indicator after the discard: the model has it
     * before (the discard waits for the dora) */
    ev_is(d, 2, PAIFU_EV_DAIMINKAN, 1, "9s", 0);
    ev_is(d, 3, PAIFU_EV_DRAW, 1, "2p", PAIFU_EVF_REPLACEMENT);
    ev_is(d, 4, PAIFU_EV_DORA, -1, "3m", 0);
    ev_is(d, 5, PAIFU_EV_DISCARD, 1, "2p", TG);
    ev_is(d, 8, PAIFU_EV_RIICHI_ACCEPTED, 2, NULL, 0);
    const paifu_win *w = &d->wins[0];
    /* deltas from the scores after the win, against the running scores (deposit made) */
    int32_t deltas[4] = {4000, 0, 0, -4000};
    assert_memory_equal(w->deltas, deltas, sizeof(deltas));
    assert_int_equal(w->scores_before[2], 24000);
    assert_true(w->known & PAIFU_REC_SCORES);
    assert_int_equal(w->fu, 40); /* akochan's 38 before rounding */
    assert_int_equal(w->han, 3);
    assert_false(w->known & PAIFU_REC_URA); /* the winner is not in riichi */
    assert_int_equal(w->n_hand, 14);
    assert_int_equal(w->n_yaku, 3);
    assert_int_equal(w->yaku[0].id, PAIFU_YAKU_HAKU);       /* sangenpai: the white pung */
    assert_int_equal(w->yaku[1].id, PAIFU_YAKU_SEAT_WIND_EAST); /* jikaze of the dealer */
    assert_int_equal(w->yaku[2].id, PAIFU_YAKU_DORA);
    const paifu_game_result *r = paifu_game_result_get(g);
    assert_true(r->has_points);
    assert_false(r->has_final);
    assert_int_equal(r->points[3], 21000);
    paifu_game_free(g);
}

/* akochan's MCR mode: no dora_marker; info.bools / info.integers are MCR fans. */
static void test_akochan_mcr(void **state)
{
    (void)state;
    const char *log = "{\"type\":\"start_game\",\"kyoku_first\":4,\"aka_flag\":true}\n"
        KYOKU(",\"scores\":[25000,25000,25000,25000]")
        EV("\"type\":\"tsumo\",\"actor\":0,\"pai\":\"1s\"")
        EV("\"type\":\"hora\",\"actor\":0,\"target\":0,\"pai\":\"1s\",\"fan\":9,"
           "\"info\":{\"bools\":[\"fully_concealed\",\"all_chows\"],\"integers\":"
           "{\"mixed_double_chow\":2},\"total_point\":9},\"scores\":[25027,24991,24991,24991]")
        EV("\"type\":\"end_kyoku\"")
        EV("\"type\":\"end_game\",\"scores\":[25027,24991,24991,24991]");
    paifu_game *g = read_ok(log);
    assert_string_equal(paifu_game_rules_name(g), "mcr");
    assert_non_null(paifu_game_meta_get(g, PAIFU_META_RULES_UNKNOWN));
    const paifu_win *w = &paifu_game_deal(g, 0)->wins[0];
    assert_int_equal(w->n_yaku, 3);
    assert_int_equal(w->yaku[0].id, paifu_mcr_fan_from_name("Fully Concealed Hand"));
    assert_int_equal(w->yaku[1].id, paifu_mcr_fan_from_name("All Chows"));
    assert_int_equal(w->yaku[2].id, paifu_mcr_fan_from_name("Mixed Double Chow"));
    assert_int_equal(w->yaku[2].count, 2);
    assert_int_equal(w->han, 9);
    assert_int_equal(w->deltas[0], 27);
    assert_int_equal(paifu_game_deal(g, 0)->start.dora_indicator, PAIFU_TILE_NONE);
    paifu_game_free(g);
}

/* akochan's MCR fans (info.bools, info.integers) that are not MCR fans, or counts beyond a
   fan's eight at most, are refused at their place. */
#define AKOCHAN_WIN(info)                                                                        \
    "{\"type\":\"start_game\",\"kyoku_first\":4,\"aka_flag\":true}\n"                         \
    KYOKU(",\"scores\":[25000,25000,25000,25000]")                                               \
    EV("\"type\":\"tsumo\",\"actor\":0,\"pai\":\"1s\"")                                        \
    EV("\"type\":\"hora\",\"actor\":0,\"target\":0,\"pai\":\"1s\",\"fan\":9,\"info\":" info   \
       ",\"scores\":[25027,24991,24991,24991]")

static void test_akochan_mcr_refused(void **state)
{
    (void)state;
    read_fails(AKOCHAN_WIN("{\"bools\":[\"all_chowz\"]}"), 4, "$.info",
               "unknown MCR fan \"all_chowz\"");
    read_fails(AKOCHAN_WIN("{\"bools\":[7]}"), 4, "$.info", "expected an MCR fan name, found");
    read_fails(AKOCHAN_WIN("{\"bools\":\"all_chows\"}"), 4, "$.info",
               "expected {\"bools\": [fan, ...], \"integers\": {fan: count}}");
    read_fails(AKOCHAN_WIN("{\"integers\":[1]}"), 4, "$.info", "expected {\"bools\"");
    read_fails(AKOCHAN_WIN("[]"), 4, "$.info", "expected {\"bools\"");
    read_fails(AKOCHAN_WIN("{\"integers\":{\"mixed_double_chow\":9}}"), 4, "$.info",
               "expected a count from 1 to 8 for fan \"mixed_double_chow\"");
    read_fails(AKOCHAN_WIN("{\"integers\":{\"mixed_double_chow\":0}}"), 4, "$.info",
               "expected a count from 1 to 8");
    read_fails(AKOCHAN_WIN("{\"integers\":{\"mixed_double_chou\":1}}"), 4, "$.info",
               "unknown MCR fan \"mixed_double_chou\"");
    /* the bounds: a count of 8 and of 1 are read */
    paifu_game *g = read_ok(AKOCHAN_WIN("{\"integers\":{\"flower_tiles\":8,\"all_chows\":1}}")
                                EV("\"type\":\"end_kyoku\""));
    const paifu_win *w = &paifu_game_deal(g, 0)->wins[0];
    assert_int_equal(w->n_yaku, 2);
    assert_int_equal(w->yaku[0].count, 8);
    assert_int_equal(w->yaku[1].count, 1);
    paifu_game_free(g);
}

/* A Mortal ryukyoku names no reason: four riichi deposits before it make it suucha riichi,
   four kans suukaikan (the kinds of draw the events show, mjai.md); mjai's protocol messages
   (none, hello, join) are no events; a UTF-8 byte order mark before the first line is read
   past. */
static void test_deduced_draws_and_chatter(void **state)
{
    (void)state;
    const char *four = "\xEF\xBB\xBF" START_GAME MORTAL_KYOKU
        EV("\"type\":\"hello\",\"protocol\":\"mjsonp\"")
        EV("\"type\":\"tsumo\",\"actor\":0,\"pai\":\"E\"")
        EV("\"type\":\"reach\",\"actor\":0")
        EV("\"type\":\"dahai\",\"actor\":0,\"pai\":\"E\",\"tsumogiri\":true")
        EV("\"type\":\"reach_accepted\",\"actor\":0")
        EV("\"type\":\"none\"")
        EV("\"type\":\"tsumo\",\"actor\":1,\"pai\":\"S\"")
        EV("\"type\":\"reach\",\"actor\":1")
        EV("\"type\":\"dahai\",\"actor\":1,\"pai\":\"S\",\"tsumogiri\":true")
        EV("\"type\":\"reach_accepted\",\"actor\":1")
        EV("\"type\":\"tsumo\",\"actor\":2,\"pai\":\"W\"")
        EV("\"type\":\"reach\",\"actor\":2")
        EV("\"type\":\"dahai\",\"actor\":2,\"pai\":\"W\",\"tsumogiri\":true")
        EV("\"type\":\"reach_accepted\",\"actor\":2")
        EV("\"type\":\"join\",\"name\":\"x\",\"room\":\"default\"")
        EV("\"type\":\"tsumo\",\"actor\":3,\"pai\":\"N\"")
        EV("\"type\":\"reach\",\"actor\":3")
        EV("\"type\":\"dahai\",\"actor\":3,\"pai\":\"N\",\"tsumogiri\":true")
        EV("\"type\":\"reach_accepted\",\"actor\":3")
        EV("\"type\":\"ryukyoku\",\"deltas\":[0,0,0,0]")
        EV("\"type\":\"end_kyoku\"");
    paifu_game *g = read_ok(four);
    const paifu_deal *d = paifu_game_deal(g, 0);
    assert_int_equal(d->draws[0].kind, PAIFU_DRAW_SUUCHA_RIICHI);
    assert_int_equal(d->n_events, 13); /* 4 x (draw, riichi discard, deposit) and the draw */
    paifu_game_free(g);
    /* four closed kans by two seats, then the ryukyoku */
    const char *kans = START_GAME MORTAL_KYOKU
        EV("\"type\":\"tsumo\",\"actor\":0,\"pai\":\"1m\"")
        EV("\"type\":\"ankan\",\"actor\":0,\"consumed\":[\"1m\",\"1m\",\"1m\",\"1m\"]")
        EV("\"type\":\"dora\",\"dora_marker\":\"2s\"")
        EV("\"type\":\"tsumo\",\"actor\":0,\"pai\":\"2m\"")
        EV("\"type\":\"ankan\",\"actor\":0,\"consumed\":[\"2m\",\"2m\",\"2m\",\"2m\"]")
        EV("\"type\":\"dora\",\"dora_marker\":\"3s\"")
        EV("\"type\":\"tsumo\",\"actor\":0,\"pai\":\"3m\"")
        EV("\"type\":\"ankan\",\"actor\":0,\"consumed\":[\"3m\",\"3m\",\"3m\",\"3m\"]")
        EV("\"type\":\"dora\",\"dora_marker\":\"4s\"")
        EV("\"type\":\"tsumo\",\"actor\":0,\"pai\":\"4m\"")
        EV("\"type\":\"dahai\",\"actor\":0,\"pai\":\"4m\",\"tsumogiri\":true")
        EV("\"type\":\"tsumo\",\"actor\":1,\"pai\":\"5m\"")
        EV("\"type\":\"ankan\",\"actor\":1,\"consumed\":[\"5m\",\"5m\",\"5m\",\"5m\"]")
        EV("\"type\":\"dora\",\"dora_marker\":\"5s\"")
        EV("\"type\":\"tsumo\",\"actor\":1,\"pai\":\"6m\"")
        EV("\"type\":\"dahai\",\"actor\":1,\"pai\":\"6m\",\"tsumogiri\":true")
        EV("\"type\":\"ryukyoku\",\"deltas\":[0,0,0,0]")
        EV("\"type\":\"end_kyoku\"");
    g = read_ok(kans);
    assert_int_equal(paifu_game_deal(g, 0)->draws[0].kind, PAIFU_DRAW_SUUKAIKAN);
    paifu_game_free(g);
}

/* Two games in one stream; a new start_game ends a game that lacked end_game. */
static void test_two_games(void **state)
{
    (void)state;
    const char *log = START_GAME MORTAL_KYOKU
        EV("\"type\":\"tsumo\",\"actor\":0,\"pai\":\"E\"")
        EV("\"type\":\"ryukyoku\"")
        START_GAME MORTAL_KYOKU
        EV("\"type\":\"tsumo\",\"actor\":0,\"pai\":\"E\"")
        EV("\"type\":\"ryukyoku\"") EV("\"type\":\"end_kyoku\"") EV("\"type\":\"end_game\"");
    paifu_reader *r;
    const paifu_game *g;
    assert_int_equal(paifu_reader_open_buffer(&r, log, strlen(log), NULL, NULL), 0);
    assert_string_equal(paifu_reader_format(r), "mjai");
    assert_int_equal(paifu_reader_next(&g, r, NULL), 1);
    assert_true(paifu_game_truncated(g));
    assert_int_equal(paifu_game_deal_count(g), 1);
    assert_int_equal(paifu_reader_next(&g, r, NULL), 1);
    assert_false(paifu_game_truncated(g));
    assert_int_equal(paifu_game_deal(g, 0)->line, 6);
    assert_int_equal(paifu_reader_next(&g, r, NULL), 0);
    paifu_reader_free(r);
}

/* ---- errors ---- */

static void test_errors(void **state)
{
    (void)state;
    read_fails(START_GAME MORTAL_KYOKU EV("\"type\":\"tsumo\",\"actor\":0,\"pai\":\"?\""), 3,
               "$.pai", "hidden tile");
    read_fails(START_GAME MORTAL_KYOKU EV("\"type\":\"tsumo\",\"actor\":4,\"pai\":\"E\""), 3,
               "$.actor", "from 0 to 3");
    read_fails(START_GAME MORTAL_KYOKU EV("\"type\":\"dahai\",\"actor\":0,\"pai\":\"0m\""), 3,
               "$.pai", "expected a tile");
    read_fails(START_GAME MORTAL_KYOKU EV("\"type\":\"teleport\""), 3, "$.type",
               "unknown mjai event type");
    read_fails(START_GAME MORTAL_KYOKU "{\"type\":\"tsumo\",\n", 3, NULL, "invalid JSON");
    read_fails(START_GAME EV("\"type\":\"tsumo\",\"actor\":0,\"pai\":\"E\""), 2, NULL,
               "outside a round");
    read_fails(START_GAME MORTAL_KYOKU
               EV("\"type\":\"pon\",\"actor\":1,\"target\":0,\"pai\":\"E\",\"consumed\":[\"E\"]"),
               3, "$.consumed", "2 to 2 tiles");
    /* an integer out of range said "expected an integer, found an integer" (issue 16) */
    read_fails(START_GAME KYOKU(",\"dora_marker\":\"1s\",\"scores\":[25000,25000,25000,"
                                "1000000000000]"),
               2, "$.scores[3]", "expected an integer from -100000000 to 100000000, found "
                                 "1000000000000");
    /* start_game and start_kyoku's fields as the spec has them (§4.1, §4.2), refused at their
       place when they are not */
    read_fails("{\"type\":\"start_game\",\"names\":\"abcd\"}\n" MORTAL_KYOKU, 1, "$.names",
               "up to 4 player names");
    read_fails("{\"type\":\"start_game\",\"names\":[\"a\",\"b\",\"c\",\"d\",\"e\"]}\n" MORTAL_KYOKU,
               1, "$.names", "up to 4 player names");
    read_fails("{\"type\":\"start_game\",\"names\":[\"a\",7]}\n" MORTAL_KYOKU, 1, "$.names[1]",
               "a name (a string)");
#define KYOKU_OF(fields, hands)                                                                    \
    "{\"type\":\"start_kyoku\"," fields ",\"dora_marker\":\"1s\",\"tehais\":" hands "}\n"
#define K_FIELDS(wind, oya) "\"bakaze\":\"" wind "\",\"kyoku\":1,\"honba\":0,\"oya\":" oya
    read_fails(START_GAME KYOKU_OF(K_FIELDS("E", "0"), "[" HAND "," HAND "]"), 2, "$.tehais",
               "4 arrays of 13 tiles");
    read_fails(START_GAME KYOKU_OF(K_FIELDS("E", "0"), "{}"), 2, "$.tehais",
               "4 arrays of 13 tiles");
    read_fails(START_GAME KYOKU_OF(K_FIELDS("E", "0"), "[" HAND "," HAND "," HAND ",[\"1m\"]]"), 2,
               "$.tehais[3]", "13 to 13 tiles");
    read_fails(START_GAME KYOKU_OF(K_FIELDS("P", "0"), HANDS), 2, "$.bakaze", "round wind");
    read_fails(START_GAME KYOKU_OF(K_FIELDS("E", "3"), "[" HAND "," HAND "," HAND "]"), 2, "$.oya",
               "does not play in a 3-player game");
    read_fails(START_GAME MORTAL_KYOKU EV("\"type\":\"ryukyoku\"") EV("\"type\":\"end_kyoku\"")
                   KYOKU_OF(K_FIELDS("E", "1"), "[" HAND "," HAND "," HAND "]"),
               5, "$.tehais", "3 hands where the game has 4 players");
    read_fails(START_GAME KYOKU_OF(K_FIELDS("E", "0") ",\"kyoutaku\":-1", HANDS), 2, "$.kyoutaku",
               "from 0 to 1000");
    read_fails(START_GAME KYOKU_OF(K_FIELDS("E", "0") ",\"scores\":[25000,25000]", HANDS), 2,
               "$.scores", "array of 4 integers");
    read_fails(
        START_GAME KYOKU_OF(K_FIELDS("E", "0") ",\"scores\":[25000,\"25000\",25000,25000]", HANDS),
        2, "$.scores[1]", "expected an integer");
    /* the original dialect's scores after a riichi deposit (spec §3 rule 8) */
    read_fails(START_GAME MORTAL_KYOKU EV("\"type\":\"tsumo\",\"actor\":0,\"pai\":\"E\"")
                   EV("\"type\":\"reach\",\"actor\":0") EV("\"type\":\"dahai\",\"actor\":0,"
                                                           "\"pai\":\"E\"")
                       EV("\"type\":\"reach_accepted\",\"actor\":0,\"scores\":{}"),
               6, "$.scores", "array of 4 integers");
    /* the turn events' keys (spec §4.3), missing or out of range */
    read_fails(START_GAME MORTAL_KYOKU EV("\"type\":\"tsumo\",\"actor\":0,\"pai\":\"E\"")
                   EV("\"type\":\"reach\",\"actor\":5"),
               4, "$.actor", "from 0 to 3");
    read_fails(START_GAME MORTAL_KYOKU EV("\"type\":\"tsumo\",\"actor\":0,\"pai\":\"E\"")
                   EV("\"type\":\"reach_accepted\",\"actor\":4"),
               4, "$.actor", "from 0 to 3");
    read_fails(START_GAME MORTAL_KYOKU EV("\"type\":\"dora\""), 3, "$.dora_marker", "");
    read_fails(START_GAME MORTAL_KYOKU EV("\"type\":\"tsumo\",\"actor\":0,\"pai\":\"E\"")
                   EV("\"type\":\"dahai\",\"actor\":0,\"pai\":\"E\"")
                       EV("\"type\":\"pon\",\"actor\":2,\"pai\":\"E\",\"consumed\":[\"E\",\"E\"]"),
               5, "$.target", "");
    read_fails(START_GAME MORTAL_KYOKU EV("\"type\":\"tsumo\",\"actor\":0,\"pai\":\"E\"")
                   EV("\"type\":\"dahai\",\"actor\":0,\"pai\":\"E\"")
                       EV("\"type\":\"chi\",\"actor\":1,\"target\":0,\"consumed\":[\"E\",\"E\"]"),
               5, "$.pai", "");
    read_fails(START_GAME MORTAL_KYOKU EV("\"type\":\"tsumo\",\"actor\":0,\"pai\":\"N\"")
                   EV("\"type\":\"kita\",\"actor\":0,\"pai\":\"N?\""),
               4, "$.pai", "expected a tile");
    read_fails(START_GAME MORTAL_KYOKU EV("\"type\":\"kita\",\"actor\":7"), 3, "$.actor",
               "from 0 to 3");
    /* hora and ryukyoku's keys (spec §4.4), refused at their place */
#define DISCARD_E                                                                                  \
    EV("\"type\":\"tsumo\",\"actor\":0,\"pai\":\"E\"")                                             \
    EV("\"type\":\"dahai\",\"actor\":0,\"pai\":\"E\"")
#define HORA(extra) EV("\"type\":\"hora\",\"actor\":1,\"target\":0" extra)
    read_fails(START_GAME MORTAL_KYOKU DISCARD_E HORA(",\"pao\":4"), 5, "$.pao", "from 0 to 3");
    read_fails(START_GAME MORTAL_KYOKU DISCARD_E HORA(",\"hora_tehais\":\"E\""), 5, "$.hora_tehais",
               "array of 1 to");
    read_fails(START_GAME MORTAL_KYOKU DISCARD_E HORA(",\"yakus\":{}"), 5, "$.yakus",
               "[[name, han], ...]");
    read_fails(START_GAME MORTAL_KYOKU DISCARD_E HORA(",\"yakus\":[[\"dora\",1],[1,2]]"), 5,
               "$.yakus[1]", "[name, han]");
    read_fails(START_GAME MORTAL_KYOKU DISCARD_E HORA(",\"yakus\":[[\"dora\",-1]]"), 5,
               "$.yakus[0]", "[name, han]");
    read_fails(START_GAME MORTAL_KYOKU DISCARD_E HORA(",\"yakus\":[[\"dora\",1],[\"lucky\",1]]"), 5,
               "$.yakus[1]", "unknown yaku \"lucky\"");
    read_fails(START_GAME MORTAL_KYOKU DISCARD_E HORA(",\"fan\":10001"), 5, "$.fan", "10000");
    read_fails(START_GAME MORTAL_KYOKU DISCARD_E HORA(",\"fu\":201"), 5, "$.fu", "200");
    read_fails(START_GAME MORTAL_KYOKU DISCARD_E HORA(",\"deltas\":[1000,-1000]"), 5, "$.deltas",
               "array of 4 integers");
    read_fails(START_GAME MORTAL_KYOKU EV("\"type\":\"ryukyoku\",\"reason\":\"tired\""), 3,
               "$.reason", "unknown draw reason \"tired\"");
    read_fails(START_GAME MORTAL_KYOKU EV("\"type\":\"ryukyoku\",\"actor\":4"), 3, "$.actor",
               "from 0 to 3");
    read_fails(START_GAME MORTAL_KYOKU EV("\"type\":\"ryukyoku\",\"tehais\":[[],[]]"), 3,
               "$.tehais", "expected 4 hands");
    read_fails(START_GAME MORTAL_KYOKU EV("\"type\":\"ryukyoku\",\"tehais\":[[],[],[],[\"1x\"]]"),
               3, "$.tehais[3][0]", "expected a tile");
    read_fails(START_GAME MORTAL_KYOKU EV("\"type\":\"ryukyoku\",\"tenpais\":[true,false]"), 3,
               "$.tenpais", "4 booleans");
    read_fails(START_GAME MORTAL_KYOKU EV("\"type\":\"ryukyoku\",\"tenpais\":[true,false,1,false]"),
               3, "$.tenpais[2]", "true or false");
    read_fails(START_GAME MORTAL_KYOKU EV("\"type\":\"ryukyoku\",\"scores\":[1,2,3]"), 3,
               "$.scores", "array of 4 integers");
    /* yakuman entries use han 100 per yakuman (spec §4.4): a double yakuman is 2 yakuman of 13
       han each, in the list and in fan */
    paifu_game *y = read_ok(START_GAME MORTAL_KYOKU DISCARD_E HORA(
        ",\"yakus\":[[\"kokushimuso\",100],[\"daisushi\",100]],"
        "\"fan\":200"));
    const paifu_win *yw = &paifu_game_deal(y, 0)->wins[0];
    assert_int_equal(yw->yakuman, 2);
    assert_int_equal(yw->han, 2 * PAIFU_YAKU_YAKUMAN_HAN);
    assert_int_equal(yw->n_yaku, 2);
    assert_int_equal(yw->yaku[0].han, PAIFU_YAKU_YAKUMAN_HAN);
    paifu_game_free(y);
#undef DISCARD_E
#undef HORA
    /* RiichiEnv's spelling of the sticks (spec §4.2, kyoutaku [X]) is read as kyotaku */
    paifu_game *g = read_ok(START_GAME KYOKU_OF(K_FIELDS("E", "0") ",\"kyoutaku\":2", HANDS));
    assert_int_equal(paifu_game_deal(g, 0)->start.riichi_sticks, 2);
    assert_true(paifu_game_deal(g, 0)->start.flags & PAIFU_DEAL_HAS_STICKS);
    paifu_game_free(g);
#undef KYOKU_OF
#undef K_FIELDS
    /* duplicate keys: the last one won; refused as by the other readers (issue 16) */
    read_fails(START_GAME MORTAL_KYOKU EV("\"type\":\"tsumo\",\"actor\":0,\"actor\":1,"
                                          "\"pai\":\"E\""),
               3, NULL, "duplicate object key");
}

/* The sample copied from RiichiEnv (samples/PROVENANCE.md) validates with no finding. */
static void test_sample_validates(void **state)
{
    (void)state;
    paifu_game *g = NULL;
    paifu_rules *rules = NULL;
    paifu_report *rep = NULL;
    paifu_error err;
    paifu_error_clear(&err);
    if (paifu_game_read(&g, PAIFU_SAMPLES_DIR "/riichienv-selfplay.mjai.jsonl", NULL, &err) < 0)
        fail_msg("sample: %s", err.text);
    assert_int_equal(paifu_game_deal_count(g), 12);
    assert_int_equal(paifu_game_rules(&rules, g, "rrc", NULL), 0);
    assert_string_equal(paifu_rules_name(rules), "tenhou");
    assert_int_equal(paifu_report_new(&rep, NULL), 0);
    assert_int_equal(paifu_verify_game(rep, g, rules, NULL, NULL), 0);
    for (size_t i = 0; i < paifu_report_count(rep); i++)
        print_error("%s: %s\n", paifu_report_finding(rep, i)->code,
                    paifu_report_finding(rep, i)->message);
    assert_int_equal(paifu_report_count(rep), 0);
    assert_int_equal(paifu_report_stats(rep)->wins, 9);
    paifu_report_free(rep);
    paifu_rules_free(rules);
    paifu_game_free(g);
}

#define GIMITE_KYOKU                                                                             \
    "{\"type\":\"start_kyoku\",\"bakaze\":\"E\",\"kyoku\":1,\"honba\":0,\"kyotaku\":0,"           \
    "\"oya\":0,\"dora_marker\":\"1s\",\"tehais\":["                                              \
    "[\"1m\",\"2m\",\"3m\",\"4m\",\"5m\",\"6m\",\"7m\",\"8m\",\"9m\",\"1p\",\"2p\",\"3p\",\"4p\"]," \
    "[\"1s\",\"2s\",\"3s\",\"4s\",\"5s\",\"6s\",\"7s\",\"8s\",\"9s\",\"E\",\"S\",\"W\",\"N\"],"    \
    "[\"1s\",\"2s\",\"3s\",\"4s\",\"5s\",\"6s\",\"7s\",\"8s\",\"9s\",\"E\",\"S\",\"W\",\"N\"],"    \
    "[\"5p\",\"6p\",\"7p\",\"8p\",\"9p\",\"P\",\"P\",\"F\",\"F\",\"C\",\"C\",\"E\",\"E\"]]}\n"    \
    EV("\"type\":\"tsumo\",\"actor\":0,\"pai\":\"9p\"")                                           \
    EV("\"type\":\"dahai\",\"actor\":0,\"pai\":\"9p\"")                                           \
    EV("\"type\":\"tsumo\",\"actor\":1,\"pai\":\"8p\"")                                           \
    EV("\"type\":\"dahai\",\"actor\":1,\"pai\":\"8p\"")                                           \
    EV("\"type\":\"tsumo\",\"actor\":2,\"pai\":\"7p\"")                                           \
    EV("\"type\":\"dahai\",\"actor\":2,\"pai\":\"7p\"")                                           \
    EV("\"type\":\"tsumo\",\"actor\":3,\"pai\":\"6s\"")                                           \
    EV("\"type\":\"dahai\",\"actor\":3,\"pai\":\"6s\"")

/*
 * The original server (gimite/mjai): a tsumo's hora_tehais already hold the winning tile
 * (3n+2 tiles), and an error event ends a game a bot's bad reply aborted (issue 15 point 7).
 * The win: 123456789m 123p 4p + 4p by tsumo, dealer, closed: tsumo + ittsu, 3 han 30 fu
 * (20 + 2 tsumo + 2 tanki), 2000 all.
 */
static void test_gimite_dialect(void **state)
{
    (void)state;
    const char *log = START_GAME GIMITE_KYOKU
        EV("\"type\":\"tsumo\",\"actor\":0,\"pai\":\"4p\"")
        EV("\"type\":\"hora\",\"actor\":0,\"target\":0,\"pai\":\"4p\",\"hora_tehais\":[\"1m\","
           "\"2m\",\"3m\",\"4m\",\"5m\",\"6m\",\"7m\",\"8m\",\"9m\",\"1p\",\"2p\",\"3p\",\"4p\","
           "\"4p\"],\"fu\":30,\"fan\":3,\"scores\":[31000,23000,23000,23000]")
        EV("\"type\":\"end_kyoku\"")
        EV("\"type\":\"end_game\",\"scores\":[31000,23000,23000,23000]");
    paifu_game *g = read_ok(log);
    const paifu_win *w = &paifu_game_deal(g, 0)->wins[0];
    assert_int_equal(w->n_hand, 14); /* the winning tile once */
    assert_int_equal(w->hand[13], T("4p"));
    assert_int_equal(count_findings(g, NULL, "flow."), 0);
    paifu_game_free(g);

    /* the error event: the game is truncated, the message kept; the next game is read */
    const char *aborted = START_GAME GIMITE_KYOKU
        EV("\"type\":\"tsumo\",\"actor\":0,\"pai\":\"4p\"")
        EV("\"type\":\"error\",\"message\":\"unexpected response from player 0\"")
        EV("\"type\":\"end_game\"")
        START_GAME MORTAL_KYOKU;
    paifu_reader *r = NULL;
    const paifu_game *cur = NULL;
    assert_int_equal(paifu_reader_open_buffer(&r, aborted, strlen(aborted), NULL, NULL), 0);
    assert_int_equal(paifu_reader_next(&cur, r, NULL), 1);
    assert_true(paifu_game_truncated(cur));
    assert_string_equal(paifu_game_meta_get(cur, "mjai.error"),
                        "unexpected response from player 0");
    assert_int_equal(paifu_game_deal(cur, 0)->n_events, 9);
    assert_int_equal(paifu_reader_next(&cur, r, NULL), 1);
    assert_null(paifu_game_meta_get(cur, "mjai.error"));
    assert_int_equal(paifu_reader_next(&cur, r, NULL), 0);
    paifu_reader_free(r);
}

/* LOG's lines (JSON lines) as a RiichiLab match record with HEAD's keys around its events. */
static char *as_record(const char *log, const char *head)
{
    size_t n = strlen(log), m = strlen(head);
    char *out = malloc(n + m + 64);
    assert_non_null(out);
    size_t o = (size_t)sprintf(out, "{%s,\"events\":[", head);
    for (const char *p = log; *p; p++)
        out[o++] = *p == '\n' ? (p[1] ? ',' : ' ') : *p;
    strcpy(out + o, "]}");
    return out;
}

/* RiichiLab / mjai.app match records (issue 15 point 8): the events are an mjai log; the
 * screen names name the seats, started_at dates the game. */
static void test_match_record(void **state)
{
    (void)state;
    const char *log = START_GAME GIMITE_KYOKU
        EV("\"type\":\"tsumo\",\"actor\":0,\"pai\":\"4p\"")
        EV("\"type\":\"hora\",\"actor\":0,\"target\":0,\"pai\":\"4p\",\"hora_tehais\":[\"1m\","
           "\"2m\",\"3m\",\"4m\",\"5m\",\"6m\",\"7m\",\"8m\",\"9m\",\"1p\",\"2p\",\"3p\",\"4p\"],"
           "\"deltas\":[6000,-2000,-2000,-2000]")
        EV("\"type\":\"end_kyoku\"")
        EV("\"type\":\"end_game\"");
    char *rec = as_record(log, "\"seatRank\":[1,2,3,4],\"players\":[{\"screen_name\":\"bot-a\"},"
                               "{\"screen_name\":\"bot-b\"},{\"screen_name\":\"bot-c\"},"
                               "{\"screen_name\":\"bot-d\"}],\"started_at\":"
                               "\"2024-03-01T12:00:00Z\"");
    assert_string_equal(paifu_format_detect(rec, strlen(rec)), "mjai");
    paifu_game *g = read_ok(rec);
    assert_string_equal(paifu_game_player(g, 0)->name, "bot-a");
    assert_string_equal(paifu_game_player(g, 3)->name, "bot-d");
    assert_string_equal(paifu_game_meta_get(g, PAIFU_META_DATE), "2024-03-01T12:00:00Z");
    assert_string_equal(paifu_game_meta_get(g, "mjai.seat_rank"), "[1,2,3,4]");
    assert_int_equal(paifu_game_deal_count(g), 1);
    assert_int_equal(paifu_game_deal(g, 0)->wins[0].n_hand, 14);
    assert_false(paifu_game_truncated(g));
    assert_int_equal(count_findings(g, NULL, "flow."), 0);
    paifu_game_free(g);
    free(rec);

    /* errors name the event's place in the record */
    rec = as_record(START_GAME MORTAL_KYOKU EV("\"type\":\"tsumo\",\"actor\":7,\"pai\":\"E\""),
                    "\"started_at\":1709294400");
    paifu_error err;
    paifu_error_clear(&err);
    assert_int_equal(paifu_game_read_buffer(&g, rec, strlen(rec), NULL, &err), PAIFU_EFORMAT);
    assert_string_equal(err.where.path, "$.events[2].actor");
    free(rec);
    /* the record's own keys of the wrong kind: refused at their place */
    static const char *const BAD_HEADS[][3] = {
        {"\"players\":{\"screen_name\":\"a\"}", "$.players", "up to 4 players"},
        {"\"players\":[{},{},{},{},{}]", "$.players", "up to 4 players"},
        {"\"players\":[{\"screen_name\":\"a\"},{\"screen_name\":7}]", "$.players[1].screen_name",
         "string"},
        {"\"started_at\":-5", "$.started_at", "the start time"},
        {"\"started_at\":[2024]", "$.started_at", "a string or Unix time"},
    };
    for (size_t i = 0; i < sizeof(BAD_HEADS) / sizeof(BAD_HEADS[0]); i++) {
        rec = as_record(START_GAME MORTAL_KYOKU, BAD_HEADS[i][0]);
        paifu_error_clear(&err);
        if (paifu_game_read_buffer(&g, rec, strlen(rec), NULL, &err) != PAIFU_EFORMAT)
            fail_msg("%s: read", BAD_HEADS[i][0]);
        assert_string_equal(err.where.path, BAD_HEADS[i][1]);
        if (!strstr(err.text, BAD_HEADS[i][2]))
            fail_msg("%s: \"%s\"", BAD_HEADS[i][0], err.text);
        free(rec);
    }
    /* Unix time in milliseconds or in seconds: the same moment */
    static const char *const AT[] = {"\"started_at\":1709294400000", "\"started_at\":1709294400"};
    for (size_t i = 0; i < 2; i++) {
        rec = as_record(START_GAME MORTAL_KYOKU, AT[i]);
        g = read_ok(rec);
        assert_string_equal(paifu_game_meta_get(g, PAIFU_META_DATE), "2024-03-01T12:00:00Z");
        paifu_game_free(g);
        free(rec);
    }
}

/* Findings of LOG's first game with code CODE. */
static size_t findings_with(const char *log, const char *code)
{
    paifu_game *g = read_ok(log);
    size_t n = count_findings(g, code, NULL);
    paifu_game_free(g);
    return n;
}

#define RIICHI_TSUMO(deltas)                                                                     \
    START_GAME                                                                                   \
    "{\"type\":\"start_kyoku\",\"bakaze\":\"E\",\"kyoku\":1,\"honba\":0,\"kyotaku\":0,"           \
    "\"oya\":0,\"dora_marker\":\"1s\",\"scores\":[25000,25000,25000,25000],\"tehais\":["         \
    "[\"1m\",\"2m\",\"3m\",\"4m\",\"5m\",\"6m\",\"7m\",\"8m\",\"9m\",\"1p\",\"2p\",\"3p\",\"4p\"]," \
    "[\"1s\",\"2s\",\"3s\",\"4s\",\"5s\",\"6s\",\"7s\",\"8s\",\"9s\",\"E\",\"S\",\"W\",\"N\"],"    \
    "[\"1s\",\"2s\",\"3s\",\"4s\",\"5s\",\"6s\",\"7s\",\"8s\",\"9s\",\"E\",\"S\",\"W\",\"N\"],"    \
    "[\"5p\",\"6p\",\"7p\",\"8p\",\"9p\",\"P\",\"P\",\"F\",\"F\",\"C\",\"C\",\"E\",\"E\"]]}\n"    \
    EV("\"type\":\"tsumo\",\"actor\":0,\"pai\":\"9p\"")                                           \
    EV("\"type\":\"reach\",\"actor\":0")                                                          \
    EV("\"type\":\"dahai\",\"actor\":0,\"pai\":\"9p\",\"tsumogiri\":true")                        \
    EV("\"type\":\"reach_accepted\",\"actor\":0")                                                 \
    EV("\"type\":\"tsumo\",\"actor\":1,\"pai\":\"8p\"")                                           \
    EV("\"type\":\"dahai\",\"actor\":1,\"pai\":\"8p\",\"tsumogiri\":true")                        \
    EV("\"type\":\"tsumo\",\"actor\":2,\"pai\":\"7p\"")                                           \
    EV("\"type\":\"dahai\",\"actor\":2,\"pai\":\"7p\",\"tsumogiri\":true")                        \
    EV("\"type\":\"tsumo\",\"actor\":3,\"pai\":\"6s\"")                                           \
    EV("\"type\":\"dahai\",\"actor\":3,\"pai\":\"6s\",\"tsumogiri\":true")                        \
    EV("\"type\":\"tsumo\",\"actor\":0,\"pai\":\"4p\"")                                           \
    EV("\"type\":\"hora\",\"actor\":0,\"target\":0,\"deltas\":" deltas)                           \
    EV("\"type\":\"end_kyoku\"")

/*
 * An mjai log without ura indicators (issue 15 point 6): the dealer's double riichi, ippatsu,
 * tsumo and ittsu are 6 han (haneman, 6000 all). The one indicator can give 0, 1 or 2 ura (the
 * hand holds two 4p): 6 to 8 han, so baiman (8000 all, two ura) is accepted too; sanbaiman is
 * not. A log that records the indicator is held to it.
 */
static void test_ura_not_recorded(void **state)
{
    (void)state;
    assert_int_equal(findings_with(RIICHI_TSUMO("[19000,-6000,-6000,-6000]"), "score.delta"), 0);
    assert_int_equal(findings_with(RIICHI_TSUMO("[25000,-8000,-8000,-8000]"), "score.delta"), 0);
    assert_int_equal(findings_with(RIICHI_TSUMO("[37000,-12000,-12000,-12000]"), "score.delta"),
                     1);
    /* 1p (ura 2p): 7 han, haneman; 3p (ura 4p): 8 han, baiman */
    const char *one = RIICHI_TSUMO("[19000,-6000,-6000,-6000],\"ura_markers\":[\"1p\"]");
    assert_int_equal(findings_with(one, "score.delta"), 0);
    const char *two = RIICHI_TSUMO("[19000,-6000,-6000,-6000],\"ura_markers\":[\"3p\"]");
    assert_int_equal(findings_with(two, "score.delta"), 1);
}

int main(void)
{
    paifu_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mortal_game),   cmocka_unit_test(test_draw_without_reason),
        cmocka_unit_test(test_original_dialect), cmocka_unit_test(test_akochan_mcr),
        cmocka_unit_test(test_akochan_mcr_refused), cmocka_unit_test(test_deduced_draws_and_chatter),
        cmocka_unit_test(test_two_games),     cmocka_unit_test(test_errors),
        cmocka_unit_test(test_sample_validates), cmocka_unit_test(test_gimite_dialect),
        cmocka_unit_test(test_match_record), cmocka_unit_test(test_ura_not_recorded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
