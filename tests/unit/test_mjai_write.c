/*
 * test_mjai_write.c: the mjai writer (Mortal's dialect, shared/formats/mjai.md, "spec").
 *
 *   - RiichiEnv's self-play log (samples/, written by a Mortal-dialect arena) read and written
 *     again gives the same events, line for line, on every key Mortal reads;
 *   - event order at Mortal's moments, on games built for the tests, with the expected
 *     sequences worked out from spec §3 and libriichi's arena (reach_accepted before the next
 *     tsumo or call, none when the riichi discard is won on; a closed kan's indicator at once,
 *     an open or added kan's before its owner's next dahai, after a reach; a pending one before
 *     the next tsumo when the owner adds another kan; no indicator for a rinshan win or a
 *     robbed kan), ura_markers [] for a winner not in riichi, derived tsumogiri flags,
 *     refusals, 3-player nukidora, JSON lines with several games;
 *   - a checker of Mortal's dialect (mjai_dialect.h) over the mjai output of the samples;
 *     test_corpus_conversions.c runs it over every corpus log.
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

#include "deal_build.h"
#include "write_sink.h"

#include "mjai_dialect.h"

/* ---- writing ---- */

static int write_games(sink *s, const paifu_game *const *games, size_t n, paifu_error *err)
{
    return sink_write(s, "mjai", games, n, false, err);
}

static void write_ok(sink *s, const paifu_game *g)
{
    paifu_error err;
    if (write_games(s, &g, 1, &err) < 0)
        fail_msg("mjai writer: %s", err.text);
}

/* The event types of S from the first event after start_kyoku, space-separated. */
static void types_of(const sink *s, char *out, size_t size)
{
    const char *p = strstr(s->data, "\"start_kyoku\"");
    size_t len = 0;
    out[0] = '\0';
    p = p ? strchr(p, '\n') : NULL;
    while (p && (p = strstr(p, "\"type\":\""))) {
        p += 8;
        size_t n = strcspn(p, "\"");
        if (!strncmp(p, "end_kyoku", n))
            break;
        len += (size_t)snprintf(out + len, size - len, "%s%.*s", len ? " " : "", (int)n, p);
    }
}

static void sequence_is(const sink *s, const char *expect)
{
    char got[2048];
    types_of(s, got, sizeof(got));
    if (strcmp(got, expect) != 0)
        fail_msg("events\n  %s\nexpected\n  %s", got, expect);
}

/* ---- building games ---- */

static paifu_tile T(const char *name)
{
    return deal_build_tile(name);
}

static paifu_game *new_game(int players)
{
    static const char *const HANDS[] = {"1112345678999m", "1112345678999m", "1112345678999m",
                                        "1112345678999m"};
    return deal_build(players, HANDS, NULL);
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

#define KNOWN PAIFU_EVF_TSUMOGIRI_KNOWN
#define GIRI  (PAIFU_EVF_TSUMOGIRI_KNOWN | PAIFU_EVF_TSUMOGIRI)

static void accept(paifu_game *g, int seat)
{
    assert_int_equal(paifu_game_add_riichi_accepted(g, seat, 0, NULL, 0, 0, NULL), 0);
}

static void win(paifu_game *g, int who, int from, bool riichi)
{
    paifu_win w;
    paifu_win_init(&w);
    w.winner = (int8_t)who;
    w.from = (int8_t)from;
    w.known = PAIFU_REC_DELTAS | (riichi ? PAIFU_REC_URA : 0);
    w.deltas[who] = 1000;
    w.deltas[from == who ? (who + 1) % 4 : from] = -1000;
    if (riichi) {
        w.n_ura = 1;
        w.ura[0] = T("2p");
    }
    assert_int_equal(paifu_game_add_win(g, &w, 0, 0, NULL), 0);
}

static void draw(paifu_game *g, paifu_draw_kind kind)
{
    paifu_draw d;
    paifu_draw_init(&d, kind);
    d.known = PAIFU_REC_DELTAS;
    assert_int_equal(paifu_game_add_draw(g, &d, 0, 0, NULL), 0);
}

/* ---- event order at Mortal's moments ---- */

static void test_open_kan_dora(void **state)
{
    (void)state;
    paifu_game *g = new_game(4);
    add(g, PAIFU_EV_DRAW, 0, "1z", -1, NULL, 0);
    add(g, PAIFU_EV_DISCARD, 0, "9s", -1, NULL, KNOWN);
    add(g, PAIFU_EV_DAIMINKAN, 2, "9s", 0, "999s", 0);
    add(g, PAIFU_EV_DRAW, 2, "3p", -1, NULL, PAIFU_EVF_REPLACEMENT);
    add(g, PAIFU_EV_DORA, -1, "4z", -1, NULL, 0); /* Tenhou's place: before the discard */
    add(g, PAIFU_EV_DISCARD, 2, "3p", -1, NULL, GIRI);
    draw(g, PAIFU_DRAW_EXHAUSTIVE);
    sink s = {0};
    write_ok(&s, g);
    sequence_is(&s, "tsumo dahai daiminkan tsumo dora dahai ryukyoku");
    assert_non_null(strstr(s.data,
                           "{\"type\":\"daiminkan\",\"actor\":2,\"target\":0,\"pai\":\"9s\","
                           "\"consumed\":[\"9s\",\"9s\",\"9s\"]}\n"));
    assert_non_null(strstr(s.data, "{\"type\":\"dora\",\"dora_marker\":\"N\"}\n"));
    assert_non_null(strstr(s.data, "{\"type\":\"dahai\",\"actor\":2,\"pai\":\"3p\","
                                   "\"tsumogiri\":true}\n"));
    paifu_game_free(g);
}

static void test_closed_kan_dora(void **state)
{
    (void)state;
    paifu_game *g = new_game(4);
    add(g, PAIFU_EV_DRAW, 0, "1z", -1, NULL, 0);
    add(g, PAIFU_EV_ANKAN, 0, NULL, -1, "1111z", 0);
    add(g, PAIFU_EV_DORA, -1, "4z", -1, NULL, 0);
    add(g, PAIFU_EV_DRAW, 0, "2z", -1, NULL, PAIFU_EVF_REPLACEMENT);
    add(g, PAIFU_EV_DISCARD, 0, "2z", -1, NULL, GIRI);
    draw(g, PAIFU_DRAW_EXHAUSTIVE);
    sink s = {0};
    write_ok(&s, g);
    sequence_is(&s, "tsumo ankan dora tsumo dahai ryukyoku");
    assert_non_null(strstr(s.data, "{\"type\":\"ankan\",\"actor\":0,\"consumed\":[\"E\",\"E\","
                                   "\"E\",\"E\"]}\n"));
    paifu_game_free(g);
}

/* An added kan after an added kan: the first indicator waits for the next tsumo. */
static void test_consecutive_kans(void **state)
{
    (void)state;
    paifu_game *g = new_game(4);
    add(g, PAIFU_EV_DRAW, 0, "1z", -1, NULL, 0);
    add(g, PAIFU_EV_SHOUMINKAN, 0, "1z", -1, "111z", 0);
    add(g, PAIFU_EV_DRAW, 0, "2z", -1, NULL, PAIFU_EVF_REPLACEMENT);
    add(g, PAIFU_EV_SHOUMINKAN, 0, "2z", -1, "222z", 0);
    add(g, PAIFU_EV_DORA, -1, "5z", -1, NULL, 0); /* Tenhou: N T N DORA T DORA D */
    add(g, PAIFU_EV_DRAW, 0, "3z", -1, NULL, PAIFU_EVF_REPLACEMENT);
    add(g, PAIFU_EV_DORA, -1, "6z", -1, NULL, 0);
    add(g, PAIFU_EV_DISCARD, 0, "3z", -1, NULL, GIRI);
    draw(g, PAIFU_DRAW_EXHAUSTIVE);
    sink s = {0};
    write_ok(&s, g);
    sequence_is(&s, "tsumo kakan tsumo kakan dora tsumo dora dahai ryukyoku");
    const char *first = strstr(s.data, "\"dora_marker\":\"P\""), *second = strstr(s.data, "\"F\"");
    assert_true(first && second && first < second); /* in the order they were revealed */
    paifu_game_free(g);

    g = new_game(4); /* an open kan, then a closed kan: the pending indicator comes first */
    add(g, PAIFU_EV_DRAW, 0, "1z", -1, NULL, 0);
    add(g, PAIFU_EV_DISCARD, 0, "9s", -1, NULL, KNOWN);
    add(g, PAIFU_EV_DAIMINKAN, 1, "9s", 0, "999s", 0);
    add(g, PAIFU_EV_DRAW, 1, "2z", -1, NULL, PAIFU_EVF_REPLACEMENT);
    add(g, PAIFU_EV_ANKAN, 1, NULL, -1, "2222z", 0);
    add(g, PAIFU_EV_DORA, -1, "5z", -1, NULL, 0);
    add(g, PAIFU_EV_DORA, -1, "6z", -1, NULL, 0);
    add(g, PAIFU_EV_DRAW, 1, "3z", -1, NULL, PAIFU_EVF_REPLACEMENT);
    add(g, PAIFU_EV_DISCARD, 1, "3z", -1, NULL, GIRI);
    draw(g, PAIFU_DRAW_EXHAUSTIVE);
    write_ok(&s, g);
    sequence_is(&s, "tsumo dahai daiminkan tsumo dora ankan dora tsumo dahai ryukyoku");
    paifu_game_free(g);
}

/* A riichi right after a kan's replacement draw: reach, then the indicator, then the dahai
 * (libriichi's arena adds the indicator when it handles the dahai). */
static void test_reach_after_kan(void **state)
{
    (void)state;
    paifu_game *g = new_game(4);
    add(g, PAIFU_EV_DRAW, 0, "1z", -1, NULL, 0);
    add(g, PAIFU_EV_SHOUMINKAN, 0, "1z", -1, "111z", 0);
    add(g, PAIFU_EV_DRAW, 0, "2z", -1, NULL, PAIFU_EVF_REPLACEMENT);
    add(g, PAIFU_EV_DORA, -1, "5z", -1, NULL, 0);
    add(g, PAIFU_EV_DISCARD, 0, "2z", -1, NULL, GIRI | PAIFU_EVF_RIICHI);
    accept(g, 0);
    add(g, PAIFU_EV_DRAW, 1, "3z", -1, NULL, 0);
    add(g, PAIFU_EV_DISCARD, 1, "3z", -1, NULL, GIRI);
    draw(g, PAIFU_DRAW_EXHAUSTIVE);
    sink s = {0};
    write_ok(&s, g);
    sequence_is(&s, "tsumo kakan tsumo reach dora dahai reach_accepted tsumo dahai ryukyoku");
    paifu_game_free(g);
}

static void test_rinshan_and_chankan(void **state)
{
    (void)state;
    paifu_game *g = new_game(4); /* a win on the replacement tile reveals nothing */
    add(g, PAIFU_EV_DRAW, 0, "1z", -1, NULL, 0);
    add(g, PAIFU_EV_DISCARD, 0, "9s", -1, NULL, KNOWN);
    add(g, PAIFU_EV_DAIMINKAN, 2, "9s", 0, "999s", 0);
    add(g, PAIFU_EV_DRAW, 2, "3p", -1, NULL, PAIFU_EVF_REPLACEMENT);
    win(g, 2, 2, false);
    sink s = {0};
    write_ok(&s, g);
    sequence_is(&s, "tsumo dahai daiminkan tsumo hora");
    assert_non_null(strstr(s.data, "{\"type\":\"hora\",\"actor\":2,\"target\":2,\"deltas\":"
                                   "[0,0,1000,-1000],\"ura_markers\":[]"));
    paifu_game_free(g);

    g = new_game(4); /* a robbed added kan */
    add(g, PAIFU_EV_DRAW, 0, "1z", -1, NULL, 0);
    add(g, PAIFU_EV_SHOUMINKAN, 0, "1z", -1, "111z", 0);
    win(g, 3, 0, false);
    write_ok(&s, g);
    sequence_is(&s, "tsumo kakan hora");
    assert_non_null(strstr(s.data, "{\"type\":\"hora\",\"actor\":3,\"target\":0,"));
    paifu_game_free(g);
}

static void test_reach_accepted(void **state)
{
    (void)state;
    paifu_game *g = new_game(4); /* won on: no deposit */
    add(g, PAIFU_EV_DRAW, 0, "1z", -1, NULL, 0);
    add(g, PAIFU_EV_DISCARD, 0, "1z", -1, NULL, GIRI | PAIFU_EVF_RIICHI);
    win(g, 1, 0, false);
    sink s = {0};
    write_ok(&s, g);
    sequence_is(&s, "tsumo reach dahai hora");
    assert_non_null(strstr(s.data, "{\"type\":\"reach\",\"actor\":0}\n"));
    paifu_game_free(g);

    g = new_game(4); /* called: the deposit comes before the call */
    add(g, PAIFU_EV_DRAW, 0, "1z", -1, NULL, 0);
    add(g, PAIFU_EV_DISCARD, 0, "1z", -1, NULL, GIRI | PAIFU_EVF_RIICHI);
    accept(g, 0);
    add(g, PAIFU_EV_PON, 2, "1z", 0, "11z", 0);
    add(g, PAIFU_EV_DISCARD, 2, "2z", -1, NULL, KNOWN);
    win(g, 0, 2, true);
    write_ok(&s, g);
    sequence_is(&s, "tsumo reach dahai reach_accepted pon dahai hora");
    assert_non_null(strstr(s.data, "\"ura_markers\":[\"2p\"]"));
    paifu_game_free(g);

    g = new_game(4); /* a log that records the deposit after the call: Mortal's place */
    add(g, PAIFU_EV_DRAW, 0, "1z", -1, NULL, 0);
    add(g, PAIFU_EV_DISCARD, 0, "1z", -1, NULL, GIRI | PAIFU_EVF_RIICHI);
    add(g, PAIFU_EV_CHI, 1, "1m", 0, "23m", 0);
    accept(g, 0);
    add(g, PAIFU_EV_DISCARD, 1, "2z", -1, NULL, KNOWN);
    draw(g, PAIFU_DRAW_EXHAUSTIVE);
    write_ok(&s, g);
    sequence_is(&s, "tsumo reach dahai reach_accepted chi dahai ryukyoku");
    paifu_game_free(g);

    g = new_game(4); /* the fourth riichi: its deposit, then the abortive draw */
    for (int p = 0; p < 4; p++) {
        add(g, PAIFU_EV_DRAW, p, "1z", -1, NULL, 0);
        add(g, PAIFU_EV_DISCARD, p, "1z", -1, NULL, GIRI | PAIFU_EVF_RIICHI);
        accept(g, p);
    }
    draw(g, PAIFU_DRAW_SUUCHA_RIICHI);
    write_ok(&s, g);
    sequence_is(&s, "tsumo reach dahai reach_accepted tsumo reach dahai reach_accepted tsumo "
                    "reach dahai reach_accepted tsumo reach dahai reach_accepted ryukyoku");
    assert_non_null(strstr(s.data, "\"reason\":\"suchareach\""));
    paifu_game_free(g);
}

/*
 * A deposit where the log puts it (mjai.md: reach_accepted follows the riichi's dahai): a log
 * that records it only after the seat's next discard, and one that records a deposit with no
 * riichi discard before it, get reach_accepted at that place, not moved to the riichi.
 */
static void test_deposit_out_of_place(void **state)
{
    (void)state;
    paifu_game *g = new_game(4);
    add(g, PAIFU_EV_DRAW, 0, "1z", -1, NULL, 0);
    add(g, PAIFU_EV_DISCARD, 0, "1z", -1, NULL, GIRI | PAIFU_EVF_RIICHI);
    for (int p = 1; p < 4; p++) {
        add(g, PAIFU_EV_DRAW, p, "2z", -1, NULL, 0);
        add(g, PAIFU_EV_DISCARD, p, "2z", -1, NULL, GIRI);
    }
    add(g, PAIFU_EV_DRAW, 0, "3z", -1, NULL, 0);
    add(g, PAIFU_EV_DISCARD, 0, "3z", -1, NULL, GIRI);
    accept(g, 0);
    draw(g, PAIFU_DRAW_EXHAUSTIVE);
    sink s = {0};
    write_ok(&s, g);
    sequence_is(&s, "tsumo reach dahai tsumo dahai tsumo dahai tsumo dahai tsumo dahai "
                    "reach_accepted ryukyoku");
    paifu_game_free(g);

    g = new_game(4); /* seat 1's deposit, no riichi of seat 1 */
    add(g, PAIFU_EV_DRAW, 0, "1z", -1, NULL, 0);
    add(g, PAIFU_EV_DISCARD, 0, "1z", -1, NULL, GIRI);
    accept(g, 1);
    draw(g, PAIFU_DRAW_EXHAUSTIVE);
    write_ok(&s, g);
    sequence_is(&s, "tsumo dahai reach_accepted ryukyoku");
    assert_non_null(strstr(s.data, "{\"type\":\"reach_accepted\",\"actor\":1}\n"));
    paifu_game_free(g);

    g = new_game(4); /* the riichi seat's deposit, then its ron by another seat: one deposit */
    add(g, PAIFU_EV_DRAW, 0, "1z", -1, NULL, 0);
    add(g, PAIFU_EV_DISCARD, 0, "1z", -1, NULL, GIRI | PAIFU_EVF_RIICHI);
    accept(g, 0);
    add(g, PAIFU_EV_DRAW, 1, "2z", -1, NULL, 0);
    add(g, PAIFU_EV_DISCARD, 1, "2z", -1, NULL, GIRI);
    win(g, 0, 1, true);
    write_ok(&s, g);
    sequence_is(&s, "tsumo reach dahai reach_accepted tsumo dahai hora");
    paifu_game_free(g);
}

/* A log without tsumogiri flags: derived from the tiles, and reported. */
static void test_tsumogiri_derived(void **state)
{
    (void)state;
    paifu_game *g = new_game(4);
    add(g, PAIFU_EV_DRAW, 0, "1z", -1, NULL, 0);
    add(g, PAIFU_EV_DISCARD, 0, "1z", -1, NULL, 0);
    add(g, PAIFU_EV_DRAW, 1, "2z", -1, NULL, 0);
    add(g, PAIFU_EV_DISCARD, 1, "1m", -1, NULL, 0);
    draw(g, PAIFU_DRAW_EXHAUSTIVE);
    sink s = {0};
    write_ok(&s, g);
    assert_non_null(strstr(s.data, "{\"type\":\"dahai\",\"actor\":0,\"pai\":\"E\","
                                   "\"tsumogiri\":true}"));
    assert_non_null(strstr(s.data, "{\"type\":\"dahai\",\"actor\":1,\"pai\":\"1m\","
                                   "\"tsumogiri\":false}"));
    assert_true(reported(&s, "tsumogiri"));
    paifu_game_free(g);
}

/* start_game/start_kyoku keys in Mortal's order, convlog's extras, several games. */
static void test_game_frame(void **state)
{
    (void)state;
    paifu_game *a = new_game(4), *b = new_game(4);
    assert_int_equal(paifu_game_add_rule_override(b, "game_length", "east", NULL), 0);
    assert_int_equal(paifu_game_add_rule_override(b, "red_fives", "0", NULL), 0);
    const paifu_game *games[2] = {a, b};
    for (int i = 0; i < 2; i++) {
        paifu_game *g = i ? b : a;
        add(g, PAIFU_EV_DRAW, 0, "1z", -1, NULL, 0);
        draw(g, PAIFU_DRAW_KYUUSHU);
    }
    sink s = {0};
    paifu_error err;
    assert_int_equal(write_games(&s, games, 2, &err), 0);
    const char *expect =
        "{\"type\":\"start_game\",\"names\":[\"\",\"\",\"\",\"\"],\"kyoku_first\":0,"
        "\"aka_flag\":true,\"paifu_rules\":{\"preset\": \"tenhou\", \"overrides\": {}}}\n"
        "{\"type\":\"start_kyoku\",\"bakaze\":\"E\",\"dora_marker\":\"1s\",\"kyoku\":1,"
        "\"honba\":0,\"kyotaku\":0,\"oya\":0,\"scores\":[25000,25000,25000,25000],\"tehais\":["
        "[\"1m\",\"1m\",\"1m\",\"2m\",\"3m\",\"4m\",\"5m\",\"6m\",\"7m\",\"8m\",\"9m\",\"9m\","
        "\"9m\"],";
    assert_memory_equal(s.data, expect, strlen(expect));
    assert_non_null(strstr(s.data, "{\"type\":\"ryukyoku\",\"deltas\":[0,0,0,0],"
                                   "\"reason\":\"kyushukyuhai\"}\n{\"type\":\"end_kyoku\"}\n"
                                   "{\"type\":\"end_game\"}\n{\"type\":\"start_game\""));
    assert_non_null(strstr(s.data, "\"kyoku_first\":4,\"aka_flag\":false"));
    paifu_reader *r = NULL; /* JSON lines: two games read back */
    assert_int_equal(paifu_reader_open_buffer(&r, s.data, s.len, NULL, &err), 0);
    const paifu_game *g;
    int n = 0;
    while (paifu_reader_next(&g, r, &err) > 0)
        n++;
    assert_int_equal(n, 2);
    paifu_reader_free(r);
    paifu_game_free(a);
    paifu_game_free(b);
}

static void test_three_players(void **state)
{
    (void)state;
    paifu_game *g = new_game(3);
    add(g, PAIFU_EV_DRAW, 0, "4z", -1, NULL, 0);
    add(g, PAIFU_EV_KITA, 0, "4z", -1, NULL, 0);
    add(g, PAIFU_EV_DRAW, 0, "1z", -1, NULL, PAIFU_EVF_REPLACEMENT);
    add(g, PAIFU_EV_DISCARD, 0, "1z", -1, NULL, GIRI);
    draw(g, PAIFU_DRAW_EXHAUSTIVE);
    sink s = {0};
    write_ok(&s, g);
    sequence_is(&s, "tsumo nukidora tsumo dahai ryukyoku");
    assert_non_null(strstr(s.data, "{\"type\":\"nukidora\",\"actor\":0,\"pai\":\"N\"}\n"));
    assert_non_null(strstr(s.data, "\"scores\":[25000,25000,25000],"));
    /* the rule set travels in start_game's paifu_rules: read back, the game is sanma */
    assert_false(reported(&s, "the rule set"));
    assert_non_null(strstr(s.data, "\"paifu_rules\":{"));
    paifu_game *back = NULL;
    assert_int_equal(paifu_game_read_buffer(&back, s.data, s.len, NULL, NULL), 0);
    assert_int_equal(paifu_game_players(back), 3);
    assert_null(paifu_game_meta_get(back, PAIFU_META_RULES_UNKNOWN));
    paifu_rules *r = NULL;
    char v[32];
    assert_int_equal(paifu_game_rules(&r, back, "rrc", NULL), 0);
    assert_int_equal(paifu_rules_get(v, sizeof(v), r, "riichi_min_wall", NULL), 0);
    paifu_rules *src = NULL;
    char w[32];
    assert_int_equal(paifu_game_rules(&src, g, "rrc", NULL), 0);
    assert_int_equal(paifu_rules_get(w, sizeof(w), src, "riichi_min_wall", NULL), 0);
    assert_string_equal(v, w);
    paifu_rules_free(r);
    paifu_rules_free(src);
    paifu_game_free(back);
    paifu_game_free(g);
}

static void test_refusals(void **state)
{
    (void)state;
    paifu_game *g = new_game(4);
    add(g, PAIFU_EV_DRAW, 0, "1f", -1, NULL, 0);
    add(g, PAIFU_EV_FLOWER, 0, "1f", -1, NULL, 0);
    sink s = {0};
    paifu_error err;
    const paifu_game *one = g;
    assert_int_equal(write_games(&s, &one, 1, &err), PAIFU_EUNSUPPORTED);
    assert_non_null(strstr(err.text, "flowers"));
    paifu_game_free(g);

    g = new_game(4);
    assert_int_equal(paifu_game_set_deal_result_only(g, NULL), 0);
    win(g, 0, 1, false);
    one = g;
    assert_int_equal(write_games(&s, &one, 1, &err), PAIFU_EUNSUPPORTED);
    assert_non_null(strstr(err.text, "without tiles"));
    assert_string_equal(err.where.deal, "E1-0");
    assert_int_equal(s.n_lost, 0); /* refused before any loss is reported */
    paifu_game_free(g);
}

/* ---- RiichiEnv's log: the same events on Mortal's keys ---- */

static void test_riichienv_round_trip(void **state)
{
    (void)state;
    char path[1024];
    snprintf(path, sizeof(path), "%s/riichienv-selfplay.mjai.jsonl", PAIFU_SAMPLES_DIR);
    paifu_game *g = NULL;
    paifu_error err;
    paifu_error_clear(&err);
    assert_int_equal(paifu_game_read(&g, path, NULL, &err), 0);
    sink s = {0};
    write_ok(&s, g);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char line[8192];
    const char *p = s.data;
    size_t n = 0;
    while (fgets(line, sizeof(line), f)) {
        json_t *want = json_loads(line, 0, NULL);
        const char *nl = strchr(p, '\n');
        assert_non_null(nl);
        json_t *got = json_loadb(p, (size_t)(nl - p), 0, NULL);
        p = nl + 1;
        const char *type = json_string_value(json_object_get(want, "type"));
        const char *const *keys = keys_of(type);
        assert_non_null(keys);
        assert_string_equal(json_string_value(json_object_get(got, "type")), type);
        for (size_t k = 1; k < 9 && keys[k]; k++)
            if (!json_equal(json_object_get(got, keys[k]), json_object_get(want, keys[k])))
                fail_msg("line %zu (%s): %s differs", n + 1, type, keys[k]);
        json_decref(want);
        json_decref(got);
        n++;
    }
    fclose(f);
    assert_int_equal(*p, '\0'); /* no event more than RiichiEnv's */
    assert_true(n > 1000);
    paifu_game_free(g);
}

/* ---- Mortal's dialect over the mjai output of samples ---- */

/* Every game of PATH as mjai, checked; games mjai cannot hold and 3-player or MCR games (no
 * Mortal dialect) are skipped. Returns the games checked. */
static unsigned check_file(checker *c, const char *path)
{
    paifu_reader *r = NULL;
    paifu_error err;
    paifu_error_clear(&err);
    if (paifu_reader_open(&r, path, NULL, &err) < 0)
        return 0;
    const paifu_game *g;
    unsigned n = 0;
    sink s = {0};
    while (paifu_reader_next(&g, r, &err) > 0) {
        paifu_rules *rules = NULL;
        char family[16] = "";
        if (paifu_game_rules(&rules, g, "rrc", NULL) == 0)
            paifu_rules_get(family, sizeof(family), rules, "family", NULL);
        paifu_rules_free(rules);
        if (paifu_game_players(g) != 4 || !strcmp(family, "mcr") ||
            write_games(&s, &g, 1, &err) < 0)
            continue;
        if (snprintf(c->where, sizeof(c->where), "%s (as mjai)", path) >= (int)sizeof(c->where))
            continue; /* no corpus path is this long */
        check_dialect(c, s.data, s.len);
        n++;
    }
    paifu_reader_free(r);
    return n;
}

static void test_dialect_samples(void **state)
{
    (void)state;
    checker c = {0};
    static const char *const FILES[] = {"synthetic-tenhou.mjlog", "riichienv-selfplay.mjai.jsonl",
                                        "handmade-rrc-one-deal.paifu.json"};
    unsigned games = 0;
    for (size_t i = 0; i < sizeof(FILES) / sizeof(FILES[0]); i++) {
        char path[1024];
        snprintf(path, sizeof(path), "%s/%s", PAIFU_SAMPLES_DIR, FILES[i]);
        games += check_file(&c, path);
    }
    assert_int_equal(games, 3);
    assert_int_equal(c.problems, 0);
}

int main(void)
{
    paifu_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_open_kan_dora),        cmocka_unit_test(test_closed_kan_dora),
        cmocka_unit_test(test_consecutive_kans),     cmocka_unit_test(test_reach_after_kan),
        cmocka_unit_test(test_rinshan_and_chankan),  cmocka_unit_test(test_reach_accepted),
        cmocka_unit_test(test_deposit_out_of_place),
        cmocka_unit_test(test_tsumogiri_derived),    cmocka_unit_test(test_game_frame),
        cmocka_unit_test(test_three_players),        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_riichienv_round_trip), cmocka_unit_test(test_dialect_samples),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
