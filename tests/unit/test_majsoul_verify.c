/*
 * test_majsoul_verify.c: MahjongSoul games written for these tests, read by the majsoul reader
 * and checked by the verifier (shared/formats/majsoul-json.md, "spec"). Each game is short but
 * complete and legal; its wall (`paishan`) is built here from the starting hands and the tiles
 * the game draws, at the positions spec §8.1 gives (dealing from the dealer, live draws from
 * 13 x players, replacement draws from the end, kan dora at len-5-2k / len-9-2k, ura before
 * them), so the verifier checks every draw, replacement, dora and ura against it. Every game must
 * verify with no finding, and a wall changed at one of those positions must be flagged: the
 * positions are the ones the verifier uses.
 *
 * Expected values (deltas, final scores) are worked out by hand in the comments, from the
 * majsoul rules (riichi-rulesets.md column MahjongSoul; spec §4.3, §8.6, §9).
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

/* ---- building documents ---- */

typedef struct doc {
    char s[65536];
    size_t n;
} doc;

static void put(doc *d, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void put(doc *d, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(d->s + d->n, sizeof(d->s) - d->n, fmt, ap);
    va_end(ap);
    assert_true(n >= 0 && (size_t)n < sizeof(d->s) - d->n);
    d->n += (size_t)n;
}

/* A record of layout A's `actions` (spec §2.2); BODY is the record's JSON body. */
static void rec(doc *d, const char *type, const char *body)
{
    put(d, "%s{\"type\":1,\"result\":{\"name\":\".lq.Record%s\",\"data\":%s}}",
        d->s[d->n - 1] == '[' ? "" : ",", type, body);
}

/* A player action between the records: the reader must skip it (spec §1 step 3). */
static void input(doc *d)
{
    put(d, ",{\"passed\":1200,\"type\":2,\"user_input\":{\"seat\":1,\"type\":1}}");
}

static size_t parse(paifu_tile *out, size_t cap, const char *notation)
{
    size_t n;
    assert_int_equal(paifu_tile_parse(out, cap, &n, notation, NULL), 0);
    return n;
}

/* NOTATION as a JSON array of tile names: "23m" -> ["2m","3m"]. */
static void tiles_json(doc *d, const char *notation)
{
    paifu_tile t[16];
    size_t n = parse(t, 16, notation);
    char name[3];
    put(d, "[");
    for (size_t i = 0; i < n; i++)
        put(d, "%s\"%s\"", i ? "," : "", paifu_tile_name(name, t[i]));
    put(d, "]");
}

typedef struct fixed {
    int pos; /* wall index; negative: from the end (-1 = the last tile) */
    const char *tile;
} fixed;

/* Deal position of the I-th tile of SEAT (I = 13: the dealer's 14th): spec §8.1. */
static int deal_pos(int players, int dealer, int seat, int i)
{
    int k = (seat - dealer + players) % players;
    if (i == 13)
        return 13 * players;
    return i < 12 ? 4 * (players * (i / 4) + k) + i % 4 : 12 * players + k;
}

/* The wall: HANDS at their dealing positions, FIXED tiles, the rest of the tile set in order. */
static void build_wall(char *out, int players, int dealer, const char *const *hands,
                       const fixed *fx, size_t n_fx)
{
    int len = players == 4 ? 136 : 108;
    paifu_tile wall[136];
    int left[34], red[3] = {1, 1, 1};
    memset(wall, 0xFF, sizeof(wall));
    for (int k = 0; k < 34; k++)
        left[k] = players == 3 && k >= 1 && k <= 7 ? 0 : 4;
    if (players == 3)
        red[0] = 0; /* spec §9: 0p and 0s only */
    for (int k = 4; k < 27; k += 9)
        left[k] -= red[k / 9];
    for (int s = 0; s < players; s++) {
        paifu_tile t[14];
        size_t n = parse(t, 14, hands[s]);
        assert_int_equal(n, s == dealer ? 14 : 13);
        for (size_t i = 0; i < n; i++)
            wall[deal_pos(players, dealer, s, (int)i)] = t[i];
    }
    for (size_t i = 0; i < n_fx; i++) {
        int pos = fx[i].pos < 0 ? len + fx[i].pos : fx[i].pos;
        assert_int_equal(wall[pos], PAIFU_TILE_NONE);
        wall[pos] = parse(&wall[pos], 1, fx[i].tile) ? wall[pos] : PAIFU_TILE_NONE;
    }
    for (int i = 0; i < len; i++) {
        if (wall[i] == PAIFU_TILE_NONE)
            continue;
        unsigned k = paifu_tile_kind(wall[i]);
        if (paifu_tile_is_red(wall[i]))
            red[k / 9]--;
        else
            left[k]--;
        if (left[k] < 0 || (paifu_tile_is_red(wall[i]) && red[k / 9] < 0))
            fail_msg("more copies of %s than the tile set has",
                     paifu_tile_name((char[3]){0}, wall[i]));
    }
    unsigned k = 0;
    for (int i = 0; i < len; i++) {
        if (wall[i] != PAIFU_TILE_NONE)
            continue;
        while (k < 34 && left[k] == 0 && !(k % 9 == 4 && k < 27 && red[k / 9] > 0))
            k++;
        assert_true(k < 34);
        if (left[k] > 0) {
            wall[i] = paifu_tile_make(k, false);
            left[k]--;
        } else {
            wall[i] = paifu_tile_make(k, true);
            red[k / 9]--;
        }
    }
    for (int i = 0; i < len; i++)
        paifu_tile_name(out + 2 * i, wall[i]);
    out[2 * len] = '\0';
}

/* A RecordNewRound with the hands, the first indicator and the wall. */
static void new_round(doc *d, int players, int dealer, int honba, int sticks, const char *scores,
                      const char *const *hands, const char *dora, const char *wall)
{
    put(d, "{\"chang\":0,\"ju\":%d,\"ben\":%d,\"liqibang\":%d,\"scores\":%s", dealer, honba, sticks,
        scores);
    for (int s = 0; s < 4; s++) {
        put(d, ",\"tiles%d\":", s);
        if (s < players)
            tiles_json(d, hands[s]);
        else
            put(d, "[]");
    }
    put(d, ",\"doras\":[\"%s\"],\"left_tile_count\":%d", dora, players == 4 ? 69 : 54);
    if (wall)
        put(d, ",\"paishan\":\"%s\"", wall);
    put(d, "}");
}

static void open_game(doc *d, int mode, int mode_id)
{
    d->n = 0;
    put(d,
        "{\"head\":{\"uuid\":\"000000-test\",\"config\":{\"category\":2,\"mode\":{\"mode\":%d},"
        "\"meta\":{\"mode_id\":%d}},\"accounts\":[{\"nickname\":\"A\"},{\"seat\":1,"
        "\"nickname\":\"B\"},{\"seat\":2,\"nickname\":\"C\"}",
        mode, mode_id);
    if (mode < 10)
        put(d, ",{\"seat\":3,\"nickname\":\"D\"}");
    put(d, "]");
}

/* RESULT: the JSON of head.result or "" for none; then the records start. */
static void begin_records(doc *d, const char *result)
{
    if (result[0])
        put(d, ",\"result\":%s", result);
    put(d, "},\"data\":{\"name\":\".lq.GameDetailRecords\",\"data\":{\"version\":210715,"
           "\"actions\":[");
}

static void close_game(doc *d)
{
    put(d, "]}},\"data_url\":\"\"}");
}

/* ---- verifying ---- */

typedef struct outcome {
    size_t findings;
    char codes[512];
    paifu_verify_stats stats;
} outcome;

static outcome verify(const doc *d)
{
    outcome o;
    memset(&o, 0, sizeof(o));
    paifu_game *g = NULL;
    paifu_error err;
    paifu_error_clear(&err);
    paifu_read_options opts = PAIFU_READ_OPTIONS_INIT;
    opts.source_name = "test.json";
    if (paifu_game_read_buffer(&g, d->s, d->n, &opts, &err) < 0)
        fail_msg("read failed: %s (at %s, deal %s)", err.text, err.where.path, err.where.deal);
    assert_string_equal(paifu_game_source_format(g), "majsoul");
    paifu_rules *rules;
    assert_int_equal(paifu_game_rules(&rules, g, NULL, &err), 0);
    assert_string_equal(paifu_rules_name(rules), "majsoul");
    paifu_report *rep;
    assert_int_equal(paifu_report_new(&rep, NULL), 0);
    assert_int_equal(paifu_verify_game(rep, g, rules, NULL, &err), 0);
    o.findings = paifu_report_count(rep);
    for (size_t i = 0; i < o.findings; i++) {
        const paifu_finding *f = paifu_report_finding(rep, i);
        size_t used = strlen(o.codes);
        snprintf(o.codes + used, sizeof(o.codes) - used, "%s ", f->code);
        print_message("  %s deal %s event %d: %s (expected %s, recorded %s)\n", f->code,
                      f->where.deal, (int)f->where.event, f->message, f->expected, f->recorded);
    }
    o.stats = *paifu_report_stats(rep);
    paifu_report_free(rep);
    paifu_rules_free(rules);
    paifu_game_free(g);
    return o;
}

static void clean(const doc *d, uint64_t wins_scored)
{
    outcome o = verify(d);
    if (o.findings)
        fail_msg("%zu findings: %s", o.findings, o.codes);
    assert_int_equal(o.stats.wins_scored, wins_scored);
}

static void flagged(const doc *d, const char *code)
{
    outcome o = verify(d);
    if (!strstr(o.codes, code))
        fail_msg("expected a %s finding, got: %s", code, o.codes[0] ? o.codes : "none");
}

/* ---- game 1: closed kan, kan dora, riichi with ippatsu and ura, ron; ends by tobi ---- */

/*
 * E1, dealer 0, scores 25000 25000 25000 10000. The dealer draws its 14th tile 9p, declares a
 * closed kan of East; the indicator of the kan (wall[129] = 7z) comes with the replacement draw
 * wall[135] = 6z, which the dealer throws declaring riichi (waits 1s 4s). Seats 1 and 2 draw and
 * throw; seat 3 draws 4s (wall[55]) and throws it: ron.
 *   yaku: riichi 1, ippatsu 1, seat wind East 1, round wind East 1, dora 2 (indicator 8p: 99p),
 *   ura 1 (indicators wall[130] = 3z: none, wall[128] = 1m: 2m) = 7 han, haneman:
 *   dealer ron 18000; fu 20 + 10 (closed ron) + 32 (closed kan of an honour) = 62 -> 70.
 *   deltas: dealer +18000 + its own riichi stick 1000 = +19000, seat 3 -18000.
 * Seat 3 ends at -8000: the game is over (tobi). Final (return 25000, uma 15/5/-5/-15, ties by
 * seat): 43000 -> +33000, 25000 -> +5000 (seat 1 before seat 2), 25000 -> -5000,
 * -8000 -> -48000.
 */
static const char *const G1_HANDS[4] = {"1111z234m567p23s99p", "1189m123p456s234z",
                                        "22m55p77p88s45566z", "348m88p2379s5677z"};

static void game1(doc *d, const char *replacement, const char *kan_dora, const char *ura)
{
    char wall[273];
    const fixed fx[] = {
        {53, "9m"}, {54, "1p"}, {55, "4s"},     {-1, replacement},
        {-5, "8p"}, {-6, "3z"}, {-7, kan_dora}, {-8, ura},
    };
    build_wall(wall, 4, 0, G1_HANDS, fx, sizeof(fx) / sizeof(fx[0]));
    open_game(d, 2, 12);
    begin_records(d, "{\"players\":[{\"part_point_1\":43000,\"total_point\":33000},"
                     "{\"seat\":1,\"part_point_1\":25000,\"total_point\":5000},"
                     "{\"seat\":2,\"part_point_1\":25000,\"total_point\":-5000},"
                     "{\"seat\":3,\"part_point_1\":-8000,\"total_point\":-48000}]}");
    put(d, "{\"type\":1,\"result\":{\"name\":\".lq.RecordNewRound\",\"data\":");
    new_round(d, 4, 0, 0, 0, "[25000,25000,25000,10000]", G1_HANDS, "8p", wall);
    put(d, "}}");
    rec(d, "AnGangAddGang", "{\"seat\":0,\"type\":3,\"tiles\":\"1z\"}");
    rec(d, "DealTile", "{\"tile\":\"6z\",\"left_tile_count\":68,\"doras\":[\"8p\",\"7z\"]}");
    rec(d, "DiscardTile", "{\"tile\":\"6z\",\"is_liqi\":true,\"moqie\":true}");
    input(d);
    rec(d, "DealTile",
        "{\"seat\":1,\"tile\":\"9m\",\"left_tile_count\":67,"
        "\"liqi\":{\"score\":24000,\"liqibang\":1}}");
    rec(d, "DiscardTile", "{\"seat\":1,\"tile\":\"9m\",\"moqie\":true}");
    rec(d, "DealTile", "{\"seat\":2,\"tile\":\"1p\",\"left_tile_count\":66}");
    rec(d, "DiscardTile", "{\"seat\":2,\"tile\":\"1p\",\"moqie\":true}");
    rec(d, "DealTile", "{\"seat\":3,\"tile\":\"4s\",\"left_tile_count\":65}");
    rec(d, "DiscardTile", "{\"seat\":3,\"tile\":\"4s\",\"moqie\":true}");
    rec(d, "Hule",
        "{\"hules\":[{\"hand\":[\"2m\",\"3m\",\"4m\",\"5p\",\"6p\",\"7p\",\"2s\",\"3s\","
        "\"9p\",\"9p\"],\"ming\":[\"angang(1z,1z,1z,1z)\"],\"hu_tile\":\"4s\","
        "\"qinjia\":true,\"liqi\":true,\"doras\":[\"8p\",\"7z\"],"
        "\"li_doras\":[\"3z\",\"1m\"],\"count\":7,\"fans\":[{\"id\":2,\"val\":1},"
        "{\"id\":30,\"val\":1},{\"id\":10,\"val\":1},{\"id\":11,\"val\":1},"
        "{\"id\":31,\"val\":2},{\"id\":32},{\"id\":33,\"val\":1}],\"fu\":70,"
        "\"point_rong\":18000,\"point_zimo_qin\":6000,\"point_zimo_xian\":6000,"
        "\"title_id\":2,\"point_sum\":18000}],"
        "\"old_scores\":[24000,25000,25000,10000],"
        "\"delta_scores\":[19000,0,0,-18000],\"scores\":[43000,25000,25000,-8000]}");
    close_game(d);
}

static void test_closed_kan_riichi_ron(void **state)
{
    doc *d = *state;
    game1(d, "6z", "7z", "1m");
    clean(d, 1);
}

/* The same game with one wall position changed: the replacement tile, the kan's indicator, the
   kan's ura indicator. */
static void test_closed_kan_wall_positions(void **state)
{
    doc *d = *state;
    game1(d, "1s", "7z", "1m");
    flagged(d, "wall.replacement");
    game1(d, "6z", "9s", "1m");
    flagged(d, "wall.dora");
    game1(d, "6z", "7z", "9s");
    flagged(d, "wall.ura");
}

/* ---- game 2: pon, open kan, added kan, kan dora after the discard, ron ---- */

/*
 * E1, dealer 0, 25000 each, no result (the game is not over). The dealer throws 5z; seat 1
 * pons it (the called tile in the middle of `tiles`: spec §5.4 says to search `froms`) and
 * throws 6z; seat 2 draws 7z and throws it; seat 3 makes an open kan of it, draws the
 * replacement wall[135] = 2z and throws it, the kan's indicator (wall[129] = 4s) coming with that
 * discard (spec §8.4). The dealer draws and throws 1z; seat 1 draws the fourth 5z, adds it to its
 * pon, draws the replacement wall[134] = 3z and throws it with the second kan's indicator
 * (wall[127] = 6m). Seat 2 draws 9p and throws it: seat 3 wins (123m 456m 78p 11s + 7z kan).
 *   yaku: chun 1 (no dora: indicators 2p 4s 6m); fu 20 + 16 (open kan of an honour) = 36 -> 40:
 *   non-dealer 1 han 40 fu ron = 1300 from seat 2.
 */
static const char *const G2_HANDS[4] = {"189m19p19s1234z69s5z", "5z5z13m24p68p13s246z",
                                        "2m3m24s67s78p3z44s57s", "777z123456m78p11s"};

static void game2(doc *d, const char *second_replacement)
{
    char wall[273];
    const fixed fx[] = {
        {53, "7z"}, {54, "1z"}, {55, "5z"}, {56, "9p"}, {-1, "2z"}, {-2, second_replacement},
        {-5, "2p"}, {-7, "4s"}, {-9, "6m"},
    };
    build_wall(wall, 4, 0, G2_HANDS, fx, sizeof(fx) / sizeof(fx[0]));
    open_game(d, 2, 12);
    begin_records(d, "");
    put(d, "{\"type\":1,\"result\":{\"name\":\".lq.RecordNewRound\",\"data\":");
    new_round(d, 4, 0, 0, 0, "[25000,25000,25000,25000]", G2_HANDS, "2p", wall);
    put(d, "}}");
    rec(d, "DiscardTile", "{\"tile\":\"5z\"}");
    rec(d, "ChiPengGang",
        "{\"seat\":1,\"type\":1,\"tiles\":[\"5z\",\"5z\",\"5z\"],"
        "\"froms\":[1,0,1]}");
    rec(d, "DiscardTile", "{\"seat\":1,\"tile\":\"6z\"}");
    rec(d, "DealTile", "{\"seat\":2,\"tile\":\"7z\",\"left_tile_count\":68}");
    rec(d, "DiscardTile", "{\"seat\":2,\"tile\":\"7z\",\"moqie\":true}");
    rec(d, "ChiPengGang",
        "{\"seat\":3,\"type\":2,\"tiles\":[\"7z\",\"7z\",\"7z\",\"7z\"],"
        "\"froms\":[3,3,3,2]}");
    rec(d, "DealTile", "{\"seat\":3,\"tile\":\"2z\",\"left_tile_count\":67}");
    rec(d, "DiscardTile", "{\"seat\":3,\"tile\":\"2z\",\"moqie\":true,\"doras\":[\"2p\",\"4s\"]}");
    rec(d, "DealTile", "{\"tile\":\"1z\",\"left_tile_count\":66}");
    rec(d, "DiscardTile", "{\"tile\":\"1z\",\"moqie\":true}");
    rec(d, "DealTile", "{\"seat\":1,\"tile\":\"5z\",\"left_tile_count\":65}");
    rec(d, "AnGangAddGang", "{\"seat\":1,\"type\":2,\"tiles\":\"5z\"}");
    rec(d, "DealTile", "{\"seat\":1,\"tile\":\"3z\",\"left_tile_count\":64}");
    rec(d, "DiscardTile",
        "{\"seat\":1,\"tile\":\"3z\",\"moqie\":true,"
        "\"doras\":[\"2p\",\"4s\",\"6m\"]}");
    rec(d, "DealTile", "{\"seat\":2,\"tile\":\"9p\",\"left_tile_count\":63}");
    rec(d, "DiscardTile", "{\"seat\":2,\"tile\":\"9p\",\"moqie\":true}");
    rec(d, "Hule",
        "{\"hules\":[{\"hand\":[\"1m\",\"2m\",\"3m\",\"4m\",\"5m\",\"6m\",\"7p\",\"8p\","
        "\"1s\",\"1s\"],\"ming\":[\"minggang(7z,7z,7z,7z)\"],\"hu_tile\":\"9p\","
        "\"seat\":3,\"doras\":[\"2p\",\"4s\",\"6m\"],\"count\":1,"
        "\"fans\":[{\"id\":9,\"val\":1}],\"fu\":40,\"point_rong\":1300,"
        "\"point_zimo_qin\":700,\"point_zimo_xian\":400,\"title_id\":0}],"
        "\"old_scores\":[25000,25000,25000,25000],"
        "\"delta_scores\":[0,0,-1300,1300],\"scores\":[25000,25000,23700,26300]}");
    close_game(d);
}

static void test_open_and_added_kans(void **state)
{
    doc *d = *state;
    game2(d, "3z");
    clean(d, 1);
    game2(d, "4z"); /* the second replacement is wall[134]: the record's 3z is not there */
    flagged(d, "wall.replacement");
}

/* ---- game 3 (3-player): kita, tsumo loss, 200 per honba; ends by tobi ---- */

/*
 * 3-player South room (mode 12, mode_id 24), E1 with 1 honba, dealer 0, scores 35000 35000 1000.
 * The dealer's 14th tile is a North: it sets it aside (RecordBaBei), draws the replacement
 * wall[107] = 1m and throws it. Seats 1 and 2 draw and throw; the dealer draws 9s (wall[42]) and
 * wins by tsumo: 234p 567p 345s 66s 789s.
 *   yaku: menzen tsumo 1, pinfu 1, kita (nuki dora) 1 = 3 han 20 fu (indicator wall[99] = 1z);
 *   base 640, the dealer's tsumo: 1300 from each of the two others (tsumo loss: no third
 *   payer) + 100 each for the honba (200 per honba) = 1400 each; the dealer +2800.
 * Seat 2 ends at -400: tobi. Final (count point 35000, uma 15/0/-15): 37800 -> +17800,
 * 33600 -> -1400, -400 -> -50400.
 */
static const char *const G3_HANDS[3] = {"234567p34566s78s4z", "19m1p2z1p9p5z5z6z7z7z2z3z",
                                        "1s2s2z1m6z3z4z4z7z9m8p0p1s"};

static void game3(doc *d, const char *kita_replacement)
{
    char wall[273];
    const fixed fx[] = {
        {40, "9m"}, {41, "1z"}, {42, "9s"}, {-1, kita_replacement}, {-9, "1z"},
    };
    build_wall(wall, 3, 0, G3_HANDS, fx, sizeof(fx) / sizeof(fx[0]));
    open_game(d, 12, 24);
    begin_records(d, "{\"players\":[{\"part_point_1\":37800,\"total_point\":17800},"
                     "{\"seat\":1,\"part_point_1\":33600,\"total_point\":-1400},"
                     "{\"seat\":2,\"part_point_1\":-400,\"total_point\":-50400}]}");
    put(d, "{\"type\":1,\"result\":{\"name\":\".lq.RecordNewRound\",\"data\":");
    new_round(d, 3, 0, 1, 0, "[35000,35000,1000]", G3_HANDS, "1z", wall);
    put(d, "}}");
    rec(d, "BaBei", "{\"moqie\":true}");
    rec(d, "DealTile", "{\"tile\":\"1m\",\"left_tile_count\":53}");
    rec(d, "DiscardTile", "{\"tile\":\"1m\",\"moqie\":true}");
    rec(d, "DealTile", "{\"seat\":1,\"tile\":\"9m\",\"left_tile_count\":52}");
    rec(d, "DiscardTile", "{\"seat\":1,\"tile\":\"9m\",\"moqie\":true}");
    rec(d, "DealTile", "{\"seat\":2,\"tile\":\"1z\",\"left_tile_count\":51}");
    rec(d, "DiscardTile", "{\"seat\":2,\"tile\":\"1z\",\"moqie\":true}");
    rec(d, "DealTile", "{\"tile\":\"9s\",\"left_tile_count\":50}");
    rec(d, "Hule",
        "{\"hules\":[{\"hand\":[\"2p\",\"3p\",\"4p\",\"5p\",\"6p\",\"7p\",\"3s\",\"4s\","
        "\"5s\",\"6s\",\"6s\",\"7s\",\"8s\"],\"hu_tile\":\"9s\",\"zimo\":true,"
        "\"qinjia\":true,\"doras\":[\"1z\"],\"count\":3,\"fans\":[{\"id\":1,\"val\":1},"
        "{\"id\":14,\"val\":1},{\"id\":34,\"val\":1}],\"fu\":20,\"point_rong\":3900,"
        "\"point_zimo_qin\":1300,\"point_zimo_xian\":1300}],"
        "\"old_scores\":[35000,35000,1000],\"delta_scores\":[2800,-1400,-1400],"
        "\"scores\":[37800,33600,-400]}");
    close_game(d);
}

static void test_three_player_kita_tsumo_loss(void **state)
{
    doc *d = *state;
    game3(d, "1m");
    clean(d, 1);
    game3(d, "9p"); /* a kita's replacement is the last tile of the wall too */
    flagged(d, "wall.replacement");
}

/* ---- game 4: abortive draws, riichi deposits without `liqi`, the flow between deals ---- */

/*
 * No wall. E1-0: four winds (each seat throws its East in the first go-around). E1-1: nine
 * terminals (the dealer's hand). E1-2: four riichi; the first three deposits come with the next
 * draw's `liqi`, the fourth is implied by the draw (spec §5.9). E1-3 starts with 4 sticks and
 * 24000 each, and ends in nine terminals again.
 */
static void four_winds(doc *d)
{
    static const char *const H[4] = {"1z123456m123p129s9p", "1z789m456p789s234z",
                                     "1z123s456s789p567z", "1z23m45m67m89m11p23p"};
    put(d, "{\"type\":1,\"result\":{\"name\":\".lq.RecordNewRound\",\"data\":");
    new_round(d, 4, 0, 0, 0, "[25000,25000,25000,25000]", H, "3p", NULL);
    put(d, "}}");
    rec(d, "DiscardTile", "{\"tile\":\"1z\"}");
    rec(d, "DealTile", "{\"seat\":1,\"tile\":\"3s\"}");
    rec(d, "DiscardTile", "{\"seat\":1,\"tile\":\"1z\"}");
    rec(d, "DealTile", "{\"seat\":2,\"tile\":\"8p\"}");
    rec(d, "DiscardTile", "{\"seat\":2,\"tile\":\"1z\"}");
    rec(d, "DealTile", "{\"seat\":3,\"tile\":\"7p\"}");
    rec(d, "DiscardTile", "{\"seat\":3,\"tile\":\"1z\"}");
    rec(d, "LiuJu", "{\"type\":2}");
}

static void nine_terminals(doc *d, int honba, int sticks, const char *scores)
{
    static const char *const H[4] = {"19m19p19s1234z234m5p", "2345678m234567p", "2345678s234567p",
                                     "2345678m345678s"};
    put(d, ",{\"type\":1,\"result\":{\"name\":\".lq.RecordNewRound\",\"data\":");
    new_round(d, 4, 0, honba, sticks, scores, H, "3p", NULL);
    put(d, "}}");
    rec(d, "LiuJu",
        "{\"type\":1,\"tiles\":[\"1m\",\"9m\",\"1p\",\"9p\",\"1s\",\"9s\",\"1z\","
        "\"2z\",\"3z\",\"4z\",\"2m\",\"3m\",\"4m\",\"5p\"]}");
}

static void four_riichi(doc *d)
{
    static const char *const H[4] = {"123456789m11p23p5z", "123456789m44p56p", "123406789m77p89p",
                                     "123456789m11s23s"};
    put(d, ",{\"type\":1,\"result\":{\"name\":\".lq.RecordNewRound\",\"data\":");
    new_round(d, 4, 0, 2, 0, "[25000,25000,25000,25000]", H, "3z", NULL);
    put(d, "}}");
    rec(d, "DiscardTile", "{\"tile\":\"5z\",\"is_liqi\":true,\"is_wliqi\":true}");
    rec(d, "DealTile", "{\"seat\":1,\"tile\":\"6z\",\"liqi\":{\"score\":24000,\"liqibang\":1}}");
    rec(d, "DiscardTile",
        "{\"seat\":1,\"tile\":\"6z\",\"moqie\":true,\"is_liqi\":true,"
        "\"is_wliqi\":true}");
    rec(d, "DealTile",
        "{\"seat\":2,\"tile\":\"7z\",\"liqi\":{\"seat\":1,\"score\":24000,"
        "\"liqibang\":2}}");
    rec(d, "DiscardTile",
        "{\"seat\":2,\"tile\":\"7z\",\"moqie\":true,\"is_liqi\":true,"
        "\"is_wliqi\":true}");
    rec(d, "DealTile",
        "{\"seat\":3,\"tile\":\"5z\",\"liqi\":{\"seat\":2,\"score\":24000,"
        "\"liqibang\":3}}");
    rec(d, "DiscardTile",
        "{\"seat\":3,\"tile\":\"5z\",\"moqie\":true,\"is_liqi\":true,"
        "\"is_wliqi\":true}");
    rec(d, "LiuJu",
        "{\"type\":4,\"allplayertiles\":[\"1m|2m|3m|4m|5m|6m|7m|8m|9m|1p|1p|2p|3p\","
        "\"1m|2m|3m|4m|5m|6m|7m|8m|9m|4p|4p|5p|6p\","
        "\"1m|2m|3m|4m|0m|6m|7m|8m|9m|7p|7p|8p|9p\","
        "\"1m|2m|3m|4m|5m|6m|7m|8m|9m|1s|1s|2s|3s\"]}");
}

static void test_abortive_draws_and_flow(void **state)
{
    doc *d = *state;
    open_game(d, 2, 12);
    begin_records(d, "");
    four_winds(d);
    nine_terminals(d, 1, 0, "[25000,25000,25000,25000]");
    four_riichi(d);
    nine_terminals(d, 3, 4, "[24000,24000,24000,24000]");
    close_game(d);
    clean(d, 0);
    /* the fourth deposit is part of the record: without it the next deal has a stick too many */
    char *p = strstr(d->s, "\"liqibang\":4");
    assert_non_null(p);
    p[11] = '3';
    flagged(d, "flow.riichi_sticks");
}

/* ---- game 5: the whole wall, an exhaustive draw, a leftover riichi stick ---- */

/*
 * E1, dealer 0, scores 25000 25000 25000 500. The dealer throws its 14th tile (5z) declaring a
 * double riichi (waits 1p 4p); then everybody throws every tile drawn until the live wall
 * (wall[52..121], 70 draws) runs out: no win, nobody's discards only terminals and honours.
 * Only the dealer is tenpai: 1000 from each other player. Seat 3 ends at -500: tobi. The
 * dealer's stick is left on the table and goes to first place (riichi-rulesets.md A; spec
 * §4.3: part_point_1 includes it): final points 28000 24000 24000 -500, final scores
 * +18000, +4000, -6000 (seat order breaks the tie), -40500.
 */
static const char *const G5_HANDS[4] = {"123456789m11p23p5z", "147m258p369s1234z",
                                        "258m369p147s5677z", "369m147p258s1234z"};

static void game5(doc *d)
{
    char wall[273], body[160], dora[3] = {0};
    build_wall(wall, 4, 0, G5_HANDS, NULL, 0);
    memcpy(dora, wall + 2 * 131, 2);
    open_game(d, 2, 12);
    begin_records(d, "{\"players\":[{\"part_point_1\":28000,\"total_point\":18000},"
                     "{\"seat\":1,\"part_point_1\":24000,\"total_point\":4000},"
                     "{\"seat\":2,\"part_point_1\":24000,\"total_point\":-6000},"
                     "{\"seat\":3,\"part_point_1\":-500,\"total_point\":-40500}]}");
    put(d, "{\"type\":1,\"result\":{\"name\":\".lq.RecordNewRound\",\"data\":");
    new_round(d, 4, 0, 0, 0, "[25000,25000,25000,500]", G5_HANDS, dora, wall);
    put(d, "}}");
    rec(d, "DiscardTile", "{\"tile\":\"5z\",\"is_liqi\":true,\"is_wliqi\":true}");
    for (int k = 1; k < 70; k++) {
        const char *t = wall + 2 * (52 + k);
        snprintf(body, sizeof(body), "{\"seat\":%d,\"tile\":\"%.2s\",\"left_tile_count\":%d%s}",
                 k % 4, t, 69 - k, k == 1 ? ",\"liqi\":{\"score\":24000,\"liqibang\":1}" : "");
        rec(d, "DealTile", body);
        snprintf(body, sizeof(body), "{\"seat\":%d,\"tile\":\"%.2s\",\"moqie\":true}", k % 4, t);
        rec(d, "DiscardTile", body);
    }
    rec(d, "NoTile",
        "{\"players\":[{\"tingpai\":true,\"hand\":[\"1m\",\"2m\",\"3m\",\"4m\","
        "\"5m\",\"6m\",\"7m\",\"8m\",\"9m\",\"1p\",\"1p\",\"2p\",\"3p\"]},{},{},{}],"
        "\"scores\":[{\"old_scores\":[24000,25000,25000,500],"
        "\"delta_scores\":[3000,-1000,-1000,-1000]}]}");
    close_game(d);
}

static void test_exhaustive_draw_leftover_stick(void **state)
{
    doc *d = *state;
    game5(d);
    clean(d, 0);
    /* the stick is first place's: without it the final points differ */
    char *p = strstr(d->s, "\"part_point_1\":28000");
    assert_non_null(p);
    memcpy(p + strlen("\"part_point_1\":"), "27000", 5);
    flagged(d, "game.final_points");
}

/* ---- game 6 (3-player): kokushi after a kita ---- */

/*
 * 3-player South room (mode 12, mode_id 24), E1, dealer 0. The dealer's 14 tiles hold two
 * Norths: it sets one aside (RecordBaBei) and is left with 19m 19p 19s 1234566z, thirteen orphans
 * waiting on 7z (one wait: a single yakuman, not kokushi_13). Indicator wall[99] = 8p.
 * The kita's replacement, wall[107], is 2s, thrown.
 *   TSUMO: seats 1 and 2 draw and throw 9m and 1z (wall[40], wall[41]); the dealer draws 7z
 *     (wall[42]): tsumo (no tenhou: the dealer has discarded). A dealer's yakuman is 48000;
 *     with tsumo loss each of the two others pays 16000 (spec §9: no third payer), the dealer
 *     +32000. Scores 35000 35000 10000: seat 2 ends at -6000, tobi. Final (count point 35000,
 *     uma 15/0/-15): 67000 -> +47000, 19000 -> -16000, -6000 -> -56000.
 *   RON: seat 1 draws 7z (wall[40]) and throws it: ron, 48000
 *     from seat 1. Scores 35000 each: seat 1 ends at -13000, tobi. Final: 83000 -> +63000,
 *     -13000 -> -63000, 35000 -> 0.
 * The kita dora counts for nothing in a yakuman: the record's fans are the yakuman alone.
 */
static const char *const G6_HANDS[3] = {"19m19p19s12344566z", "2345678p234567s",
                                        "2345678p234567s"};

static void game6(doc *d, bool tsumo)
{
    char wall[273];
    const fixed fx[] = {{40, tsumo ? "9m" : "7z"}, {41, "1z"}, {42, "7z"}, {-1, "2s"}, {-9, "8p"}};
    build_wall(wall, 3, 0, G6_HANDS, fx, sizeof(fx) / sizeof(fx[0]));
    open_game(d, 12, 24);
    if (tsumo)
        begin_records(d, "{\"players\":[{\"part_point_1\":67000,\"total_point\":47000},"
                         "{\"seat\":1,\"part_point_1\":19000,\"total_point\":-16000},"
                         "{\"seat\":2,\"part_point_1\":-6000,\"total_point\":-56000}]}");
    else
        begin_records(d, "{\"players\":[{\"part_point_1\":83000,\"total_point\":63000},"
                         "{\"seat\":1,\"part_point_1\":-13000,\"total_point\":-63000},"
                         "{\"seat\":2,\"part_point_1\":35000,\"total_point\":0}]}");
    put(d, "{\"type\":1,\"result\":{\"name\":\".lq.RecordNewRound\",\"data\":");
    new_round(d, 3, 0, 0, 0, tsumo ? "[35000,35000,10000]" : "[35000,35000,35000]", G6_HANDS,
              "8p", wall);
    put(d, "}}");
    rec(d, "BaBei", "{\"moqie\":false}");
    static const char hand[] = "[\"1m\",\"9m\",\"1p\",\"9p\",\"1s\",\"9s\",\"1z\",\"2z\","
                               "\"3z\",\"4z\",\"5z\",\"6z\",\"6z\"]";
    char body[1024];
    rec(d, "DealTile", "{\"tile\":\"2s\",\"left_tile_count\":53}");
    rec(d, "DiscardTile", "{\"tile\":\"2s\",\"moqie\":true}");
    if (tsumo) {
        rec(d, "DealTile", "{\"seat\":1,\"tile\":\"9m\",\"left_tile_count\":52}");
        rec(d, "DiscardTile", "{\"seat\":1,\"tile\":\"9m\",\"moqie\":true}");
        rec(d, "DealTile", "{\"seat\":2,\"tile\":\"1z\",\"left_tile_count\":51}");
        rec(d, "DiscardTile", "{\"seat\":2,\"tile\":\"1z\",\"moqie\":true}");
        rec(d, "DealTile", "{\"tile\":\"7z\",\"left_tile_count\":50}");
        snprintf(body, sizeof(body),
                 "{\"hules\":[{\"hand\":%s,\"hu_tile\":\"7z\",\"zimo\":true,\"qinjia\":true,"
                 "\"doras\":[\"8p\"],\"yiman\":true,\"count\":1,\"fans\":[{\"id\":42,\"val\":1}],"
                 "\"fu\":30,\"title_id\":5,\"point_rong\":48000,\"point_zimo_qin\":16000,"
                 "\"point_zimo_xian\":16000}],\"old_scores\":[35000,35000,10000],"
                 "\"delta_scores\":[32000,-16000,-16000],\"scores\":[67000,19000,-6000]}",
                 hand);
    } else {
        rec(d, "DealTile", "{\"seat\":1,\"tile\":\"7z\",\"left_tile_count\":52}");
        rec(d, "DiscardTile", "{\"seat\":1,\"tile\":\"7z\",\"moqie\":true}");
        snprintf(body, sizeof(body),
                 "{\"hules\":[{\"hand\":%s,\"hu_tile\":\"7z\",\"zimo\":false,\"qinjia\":true,"
                 "\"doras\":[\"8p\"],\"yiman\":true,\"count\":1,\"fans\":[{\"id\":42,\"val\":1}],"
                 "\"fu\":30,\"title_id\":5,\"point_rong\":48000,\"point_zimo_qin\":16000,"
                 "\"point_zimo_xian\":16000}],\"old_scores\":[35000,35000,35000],"
                 "\"delta_scores\":[48000,-48000,0],\"scores\":[83000,-13000,35000]}",
                 hand);
    }
    rec(d, "Hule", body);
    close_game(d);
}

static void test_three_player_kokushi_after_kita(void **state)
{
    doc *d = *state;
    game6(d, true);
    clean(d, 1);
    game6(d, false);
    clean(d, 1);
    /* the kita's dora added to the yakuman: the record's payments are no longer the rules' */
    char *p = strstr(d->s, "\"delta_scores\":[48000,-48000,0]");
    assert_non_null(p);
    memcpy(p + strlen("\"delta_scores\":["), "49000,-49000,0", 14);
    flagged(d, "score.delta");
}

/*
 * ROBBED: E1, dealer 0, scores 20000 35000 35000. Seat 1 holds 19m 19p 19s 1235667z, thirteen
 * orphans waiting on the North; the dealer sets its North aside (RecordBaBei) and seat 1 robs
 * it (a kita is robbed like an added kan): ron, 32000 from the dealer, who ends at -12000
 * (tobi). Final: -12000 -> -62000, 67000 -> +47000, 35000 -> 0.
 */
static const char *const G7_HANDS[3] = {"2345678p234567s4z", "19m19p19s1235667z",
                                        "2345678p234567s"};

static void game7(doc *d)
{
    char wall[273];
    const fixed fx[] = {{-9, "8p"}};
    build_wall(wall, 3, 0, G7_HANDS, fx, 1);
    open_game(d, 12, 24);
    begin_records(d, "{\"players\":[{\"part_point_1\":-12000,\"total_point\":-62000},"
                     "{\"seat\":1,\"part_point_1\":67000,\"total_point\":47000},"
                     "{\"seat\":2,\"part_point_1\":35000,\"total_point\":0}]}");
    put(d, "{\"type\":1,\"result\":{\"name\":\".lq.RecordNewRound\",\"data\":");
    new_round(d, 3, 0, 0, 0, "[20000,35000,35000]", G7_HANDS, "8p", wall);
    put(d, "}}");
    rec(d, "BaBei", "{\"moqie\":true}");
    rec(d, "Hule",
        "{\"hules\":[{\"seat\":1,\"hand\":[\"1m\",\"9m\",\"1p\",\"9p\",\"1s\",\"9s\","
        "\"1z\",\"2z\",\"3z\",\"5z\",\"6z\",\"6z\",\"7z\"],\"hu_tile\":\"4z\","
        "\"zimo\":false,\"doras\":[\"8p\"],\"yiman\":true,\"count\":1,"
        "\"fans\":[{\"id\":42,\"val\":1}],\"fu\":30,\"title_id\":5,\"point_rong\":32000,"
        "\"point_zimo_qin\":16000,\"point_zimo_xian\":8000}],"
        "\"old_scores\":[20000,35000,35000],\"delta_scores\":[-32000,32000,0],"
        "\"scores\":[-12000,67000,35000]}");
    close_game(d);
}

static void test_three_player_kokushi_robs_kita(void **state)
{
    doc *d = *state;
    game7(d);
    clean(d, 1);
}

/*
 * NON-DEALER: E1 with 1 honba and 1 stick, dealer 0, scores 35000 34000 5000. The dealer throws
 * 9m; seat 1 draws a North (wall[40]), sets it aside, draws 2s (wall[107]) and throws it; seat 2
 * throws 1z (wall[41]); the dealer 9m (wall[42]); seat 1 draws 7z (wall[43]): tsumo, thirteen
 * orphans 19m 19p 19s 1234566z + 7z. A non-dealer's yakuman tsumo: 16000 from the dealer and
 * 8000 from seat 2 (tsumo loss), 100 each for the honba, the stick: seat 1 +25200, the dealer
 * -16100, seat 2 -8100 (ends at -3100: tobi). Final: 18900 -> -16100, 59200 -> +39200,
 * -3100 -> -53100.
 */
static const char *const G8_HANDS[3] = {"2345678p234567s9m", "19m19p19s1234566z",
                                        "2345678p234567s"};

static void game8(doc *d)
{
    char wall[273];
    const fixed fx[] = {{40, "4z"}, {41, "1z"}, {42, "9m"}, {43, "7z"}, {-1, "2s"}, {-9, "8p"}};
    build_wall(wall, 3, 0, G8_HANDS, fx, sizeof(fx) / sizeof(fx[0]));
    open_game(d, 12, 24);
    begin_records(d, "{\"players\":[{\"part_point_1\":18900,\"total_point\":-16100},"
                     "{\"seat\":1,\"part_point_1\":59200,\"total_point\":39200},"
                     "{\"seat\":2,\"part_point_1\":-3100,\"total_point\":-53100}]}");
    put(d, "{\"type\":1,\"result\":{\"name\":\".lq.RecordNewRound\",\"data\":");
    new_round(d, 3, 0, 1, 1, "[35000,34000,5000]", G8_HANDS, "8p", wall);
    put(d, "}}");
    rec(d, "DiscardTile", "{\"tile\":\"9m\",\"moqie\":false}");
    rec(d, "DealTile", "{\"seat\":1,\"tile\":\"4z\",\"left_tile_count\":53}");
    rec(d, "BaBei", "{\"seat\":1,\"moqie\":true}");
    rec(d, "DealTile", "{\"seat\":1,\"tile\":\"2s\",\"left_tile_count\":52}");
    rec(d, "DiscardTile", "{\"seat\":1,\"tile\":\"2s\",\"moqie\":true}");
    rec(d, "DealTile", "{\"seat\":2,\"tile\":\"1z\",\"left_tile_count\":51}");
    rec(d, "DiscardTile", "{\"seat\":2,\"tile\":\"1z\",\"moqie\":true}");
    rec(d, "DealTile", "{\"tile\":\"9m\",\"left_tile_count\":50}");
    rec(d, "DiscardTile", "{\"tile\":\"9m\",\"moqie\":true}");
    rec(d, "DealTile", "{\"seat\":1,\"tile\":\"7z\",\"left_tile_count\":49}");
    rec(d, "Hule",
        "{\"hules\":[{\"seat\":1,\"hand\":[\"1m\",\"9m\",\"1p\",\"9p\",\"1s\",\"9s\","
        "\"1z\",\"2z\",\"3z\",\"4z\",\"5z\",\"6z\",\"6z\"],\"hu_tile\":\"7z\","
        "\"zimo\":true,\"doras\":[\"8p\"],\"yiman\":true,\"count\":1,"
        "\"fans\":[{\"id\":42,\"val\":1}],\"fu\":30,\"title_id\":5,\"point_rong\":32000,"
        "\"point_zimo_qin\":16000,\"point_zimo_xian\":8000}],"
        "\"old_scores\":[35000,34000,5000],\"delta_scores\":[-16100,25200,-8100],"
        "\"scores\":[18900,59200,-3100]}");
    close_game(d);
}

static void test_three_player_kokushi_tsumo_after_own_kita(void **state)
{
    doc *d = *state;
    game8(d);
    clean(d, 1);
}

/*
 * THIRTEEN-WAIT: E1, dealer 0, scores 35000 each. The dealer sets aside one of its two Norths
 * and keeps 19m 19p 19s 1234567z: thirteen orphans on a 13-sided wait, a double yakuman
 * (kokushi_13 in the majsoul preset's double_yakuman). It throws the replacement 2s (wall[107]);
 * seat 1 throws 1m (wall[40]): ron, 96000 from seat 1 (ends at -61000: tobi). Final: 131000 ->
 * +111000, -61000 -> -111000, 35000 -> 0.
 */
static const char *const G9_HANDS[3] = {"19m19p19s12344567z", "2345678p234567s",
                                        "2345678p234567s"};

static void game9(doc *d)
{
    char wall[273];
    const fixed fx[] = {{40, "1m"}, {-1, "2s"}, {-9, "8p"}};
    build_wall(wall, 3, 0, G9_HANDS, fx, sizeof(fx) / sizeof(fx[0]));
    open_game(d, 12, 24);
    begin_records(d, "{\"players\":[{\"part_point_1\":131000,\"total_point\":111000},"
                     "{\"seat\":1,\"part_point_1\":-61000,\"total_point\":-111000},"
                     "{\"seat\":2,\"part_point_1\":35000,\"total_point\":0}]}");
    put(d, "{\"type\":1,\"result\":{\"name\":\".lq.RecordNewRound\",\"data\":");
    new_round(d, 3, 0, 0, 0, "[35000,35000,35000]", G9_HANDS, "8p", wall);
    put(d, "}}");
    rec(d, "BaBei", "{\"moqie\":false}");
    rec(d, "DealTile", "{\"tile\":\"2s\",\"left_tile_count\":53}");
    rec(d, "DiscardTile", "{\"tile\":\"2s\",\"moqie\":true}");
    rec(d, "DealTile", "{\"seat\":1,\"tile\":\"1m\",\"left_tile_count\":52}");
    rec(d, "DiscardTile", "{\"seat\":1,\"tile\":\"1m\",\"moqie\":true}");
    rec(d, "Hule",
        "{\"hules\":[{\"hand\":[\"1m\",\"9m\",\"1p\",\"9p\",\"1s\",\"9s\",\"1z\","
        "\"2z\",\"3z\",\"4z\",\"5z\",\"6z\",\"7z\"],\"hu_tile\":\"1m\",\"zimo\":false,"
        "\"qinjia\":true,\"doras\":[\"8p\"],\"yiman\":true,\"count\":2,"
        "\"fans\":[{\"id\":49,\"val\":2}],\"fu\":30,\"title_id\":6,\"point_rong\":96000,"
        "\"point_zimo_qin\":32000,\"point_zimo_xian\":32000}],"
        "\"old_scores\":[35000,35000,35000],\"delta_scores\":[96000,-96000,0],"
        "\"scores\":[131000,-61000,35000]}");
    close_game(d);
}

/*
 * ON THE REPLACEMENT: E1, dealer 0, scores 35000 35000 10000, the hands of game 6. The dealer
 * sets its North aside and wins on the replacement, wall[107] = 7z, before any discard: thirteen
 * orphans and nothing else. Not tenhou: the winning tile is no tile of the dealt hand (RRC 2024
 * §4.2.2), and MahjongSoul's kita is "similar to a calling action" (riichi.wiki, Majsoul). As
 * game 6's tsumo: +32000, -16000, -16000; final +47000, -16000, -56000.
 */
static void game10(doc *d)
{
    char wall[273];
    const fixed fx[] = {{-1, "7z"}, {-9, "8p"}};
    build_wall(wall, 3, 0, G6_HANDS, fx, sizeof(fx) / sizeof(fx[0]));
    open_game(d, 12, 24);
    begin_records(d, "{\"players\":[{\"part_point_1\":67000,\"total_point\":47000},"
                     "{\"seat\":1,\"part_point_1\":19000,\"total_point\":-16000},"
                     "{\"seat\":2,\"part_point_1\":-6000,\"total_point\":-56000}]}");
    put(d, "{\"type\":1,\"result\":{\"name\":\".lq.RecordNewRound\",\"data\":");
    new_round(d, 3, 0, 0, 0, "[35000,35000,10000]", G6_HANDS, "8p", wall);
    put(d, "}}");
    rec(d, "BaBei", "{\"moqie\":false}");
    rec(d, "DealTile", "{\"tile\":\"7z\",\"left_tile_count\":53}");
    rec(d, "Hule",
        "{\"hules\":[{\"hand\":[\"1m\",\"9m\",\"1p\",\"9p\",\"1s\",\"9s\",\"1z\","
        "\"2z\",\"3z\",\"4z\",\"5z\",\"6z\",\"6z\"],\"hu_tile\":\"7z\",\"zimo\":true,"
        "\"qinjia\":true,\"doras\":[\"8p\"],\"yiman\":true,\"count\":1,"
        "\"fans\":[{\"id\":42,\"val\":1}],\"fu\":30,\"title_id\":5,\"point_rong\":48000,"
        "\"point_zimo_qin\":16000,\"point_zimo_xian\":16000}],"
        "\"old_scores\":[35000,35000,10000],\"delta_scores\":[32000,-16000,-16000],"
        "\"scores\":[67000,19000,-6000]}");
    close_game(d);
}

static void test_three_player_kokushi_on_the_kita_replacement(void **state)
{
    doc *d = *state;
    game10(d);
    clean(d, 1);
}

static void test_three_player_kokushi_13_after_kita(void **state)
{
    doc *d = *state;
    game9(d);
    clean(d, 1);
}

static int setup(void **state)
{
    *state = calloc(1, sizeof(doc));
    return *state ? 0 : -1;
}

static int teardown(void **state)
{
    free(*state);
    return 0;
}

int main(void)
{
    paifu_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_closed_kan_riichi_ron),
        cmocka_unit_test(test_closed_kan_wall_positions),
        cmocka_unit_test(test_open_and_added_kans),
        cmocka_unit_test(test_three_player_kita_tsumo_loss),
        cmocka_unit_test(test_abortive_draws_and_flow),
        cmocka_unit_test(test_exhaustive_draw_leftover_stick),
        cmocka_unit_test(test_three_player_kokushi_after_kita),
        cmocka_unit_test(test_three_player_kokushi_robs_kita),
        cmocka_unit_test(test_three_player_kokushi_tsumo_after_own_kita),
        cmocka_unit_test(test_three_player_kokushi_13_after_kita),
        cmocka_unit_test(test_three_player_kokushi_on_the_kita_replacement),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
