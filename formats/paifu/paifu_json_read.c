/*
 * paifu_json_read.c: reader of paifu's own format (schemas/paifu.schema.json).
 *
 * A file holds one game object, an array of game objects, or several game objects one after
 * another (what the writer produces for a stream of games). Every semantic error names the JSON
 * path of the offending value; syntax errors name the line and column. Duplicate keys are
 * rejected. Seats, tiles and counts are checked here so that a game read from this format obeys
 * the model's invariants; whether the play is legal is the verifier's business.
 */
#include "format.h"
#include "json_in.h"
#include "paifu_json.h"

#include <paifu/yaku.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef struct paifu_json_reader {
    format_input in;
    size_t pos;
    uint32_t line;     /* lines consumed before pos */
    uint32_t col;      /* bytes of pos's line before it (they may be gone from a window) */
    json_t *array;     /* top-level array of games, when the file is one */
    size_t next;       /* next element of array */
} paifu_json_reader;

/* ---- sniffing ---- */

static int sniff(const char *data, size_t size)
{
    size_t i = jlead(data, size);
    if (i >= size || (data[i] != '{' && data[i] != '['))
        return 0;
    size_t window = size - i < 4096 ? size - i : 4096;
    return jcontains(data + i, window, "\"paifu\"") ? 90 : 0;
}

/* paifu's JSON with its "paifu" key lost (issue 36): "deals" beside "players" or "rules", or
   the name's .paifu.json, for its reader to refuse with the place. */
static int resembles(const char *data, size_t size, const char *name)
{
    size_t i = jlead(data, size);
    if (i >= size || (data[i] != '{' && data[i] != '['))
        return 0;
    size_t window = size - i < 4096 ? size - i : 4096;
    const char *p = data + i;
    if (jcontains(p, window, "\"deals\"") &&
        (jcontains(p, window, "\"players\"") || jcontains(p, window, "\"rules\"")))
        return 60;
    size_t n = strlen(name);
    return n > 11 && strcmp(name + n - 11, ".paifu.json") == 0 ? 40 : 0;
}

/* ---- helpers ---- */

static int seat_in(json_cursor *c, const json_t *obj, const char *key, int players, bool required,
                   int *out)
{
    long long v;
    int rc = required ? jreq_int(c, obj, key, 0, players - 1, &v)
                      : jopt_int(c, obj, key, 0, players - 1, &v);
    if (rc < 0)
        return rc;
    if (required || rc == 1)
        *out = (int)v;
    return rc;
}

/* Parse "E1".."N4" into wind and hand number. */
static int parse_round(json_cursor *c, const json_t *deal, paifu_deal_start *st)
{
    const char *r;
    if (jreq_str(c, deal, "round", &r) < 0)
        return PAIFU_EFORMAT;
    static const char winds[] = "ESWN";
    const char *w = r[0] ? strchr(winds, r[0]) : NULL;
    if (!w || r[1] < '1' || r[1] > '4' || r[2]) {
        json_cursor_key(c, "round");
        return jerr(c, "expected a round such as \"E1\" or \"S4\", found \"%s\"", r);
    }
    st->round_wind = (uint8_t)(w - winds);
    st->hand_number = (uint8_t)(r[1] - '1');
    return 0;
}

static int event_type(const char *name)
{
    for (int t = PAIFU_EV_DRAW; t < PAIFU_EV_TYPE_COUNT; t++)
        if (strcmp(paifu_event_type_name((paifu_event_type)t), name) == 0)
            return t;
    return -1;
}

/* Hand strings of every seat: ["123m...", ...] (null or "" = unknown/empty). */
static int read_hands(json_cursor *c, const json_t *obj, const char *key, int players,
                      paifu_tile hands[][PAIFU_MAX_HAND], uint8_t *n_hand, uint8_t *shown)
{
    json_t *v = json_object_get(obj, key);
    if (!v)
        return 0;
    size_t old = json_cursor_key(c, key);
    if (!json_is_array(v) || json_array_size(v) != (size_t)players)
        return jerr(c, "expected an array of %d hands, found %s", players,
                    json_is_array(v) ? "another length" : jtype(v));
    for (int s = 0; s < players; s++) {
        json_t *h = json_array_get(v, (size_t)s);
        size_t o2 = json_cursor_index(c, (size_t)s);
        if (json_is_null(h)) {
            json_cursor_pop(c, o2);
            continue;
        }
        if (!json_is_string(h))
            return jerr(c, "expected tile notation or null, found %s", jtype(h));
        size_t n;
        if (jtiles(c, json_string_value(h), hands[s], PAIFU_MAX_HAND, &n) < 0)
            return PAIFU_EFORMAT;
        n_hand[s] = (uint8_t)n;
        if (shown)
            *shown |= (uint8_t)(1u << s);
        json_cursor_pop(c, o2);
    }
    json_cursor_pop(c, old);
    return 1;
}

static int read_hand_ids(json_cursor *c, const json_t *obj, const char *key, int players,
                         uint8_t ids[][PAIFU_MAX_HAND], const uint8_t *n_hand)
{
    json_t *v = json_object_get(obj, key);
    if (!v)
        return 0;
    size_t old = json_cursor_key(c, key);
    if (!json_is_array(v) || json_array_size(v) != (size_t)players)
        return jerr(c, "expected an array of %d id lists, found %s", players,
                    json_is_array(v) ? "another length" : jtype(v));
    for (int s = 0; s < players; s++) {
        json_t *h = json_array_get(v, (size_t)s);
        size_t o2 = json_cursor_index(c, (size_t)s);
        if (json_is_null(h)) {
            json_cursor_pop(c, o2);
            continue;
        }
        if (!json_is_array(h) || json_array_size(h) != n_hand[s])
            return jerr(c, "expected %u tile ids (one per tile of the hand), found %s",
                        (unsigned)n_hand[s], json_is_array(h) ? "another count" : jtype(h));
        for (size_t i = 0; i < n_hand[s]; i++) {
            json_t *x = json_array_get(h, i);
            if (!json_is_integer(x) || json_integer_value(x) < 0 ||
                json_integer_value(x) > 254) {
                json_cursor_index(c, i);
                return jerr(c, "expected a tile id from 0 to 254, found %s", jtype(x));
            }
            ids[s][i] = (uint8_t)json_integer_value(x);
        }
        json_cursor_pop(c, o2);
    }
    json_cursor_pop(c, old);
    return 1;
}

/* [seat, ...] -> bit mask */
static int read_seat_list(json_cursor *c, const json_t *obj, const char *key, int players,
                          uint8_t *mask)
{
    json_t *v = json_object_get(obj, key);
    if (!v)
        return 0;
    size_t old = json_cursor_key(c, key);
    if (!json_is_array(v))
        return jerr(c, "expected an array of seats, found %s", jtype(v));
    *mask = 0;
    for (size_t i = 0; i < json_array_size(v); i++) {
        json_t *x = json_array_get(v, i);
        if (!json_is_integer(x) || json_integer_value(x) < 0 ||
            json_integer_value(x) >= players) {
            json_cursor_index(c, i);
            return jerr(c, "expected a seat from 0 to %d, found %s", players - 1, jtype(x));
        }
        *mask |= (uint8_t)(1u << json_integer_value(x));
    }
    json_cursor_pop(c, old);
    return 1;
}

static int read_indicators(json_cursor *c, const json_t *obj, const char *key, const char *ids_key,
                           paifu_tile *tiles, uint8_t *ids, uint8_t *n)
{
    size_t count = 0;
    int rc = jopt_tiles(c, obj, key, tiles, PAIFU_MAX_INDICATORS, &count);
    if (rc <= 0)
        return rc;
    *n = (uint8_t)count;
    size_t n_ids = 0;
    int r2 = jopt_ids(c, obj, ids_key, ids, PAIFU_MAX_INDICATORS, &n_ids);
    if (r2 < 0)
        return r2;
    if (r2 == 1 && n_ids != count) {
        json_cursor_key(c, ids_key);
        return jerr(c, "expected %zu ids, one per indicator, found %zu", count, n_ids);
    }
    return 1;
}

/* ---- outcomes ---- */

static int read_yaku(json_cursor *c, const json_t *obj, paifu_win *w)
{
    json_t *v = json_object_get(obj, "yaku");
    if (!v)
        return 0;
    size_t old = json_cursor_key(c, "yaku");
    if (!json_is_array(v) || json_array_size(v) > PAIFU_MAX_YAKU)
        return jerr(c, "expected an array of at most %d [name, han] pairs, found %s",
                    PAIFU_MAX_YAKU, json_is_array(v) ? "a longer one" : jtype(v));
    for (size_t i = 0; i < json_array_size(v); i++) {
        json_t *e = json_array_get(v, i);
        size_t o2 = json_cursor_index(c, i);
        size_t n = json_is_array(e) ? json_array_size(e) : 0;
        if (n < 2 || n > 4)
            return jerr(c, "expected [name, han] or [name, han, count, spelling], found %s",
                        jtype(e));
        json_t *name = json_array_get(e, 0), *han = json_array_get(e, 1);
        paifu_yaku_value *y = &w->yaku[i];
        memset(y, 0, sizeof(*y));
        y->count = 1;
        if (json_is_integer(name) && json_integer_value(name) >= 0 &&
            json_integer_value(name) < 65535) {
            y->id = (uint16_t)json_integer_value(name);
        } else if (json_is_string(name) &&
                   paifu_json__yaku_id(json_string_value(name), &y->id) == 0) {
        } else {
            return jerr(c, "expected a yaku name (see paifu/yaku.h) or number, found %s%s%s",
                        json_is_string(name) ? "\"" : "",
                        json_is_string(name) ? json_string_value(name) : jtype(name),
                        json_is_string(name) ? "\"" : "");
        }
        if (!json_is_integer(han) || json_integer_value(han) < -1000 ||
            json_integer_value(han) > 1000)
            return jerr(c, "expected han as an integer, found %s", jtype(han));
        y->han = (int16_t)json_integer_value(han);
        if (n >= 3) {
            json_t *cnt = json_array_get(e, 2);
            if (!json_is_integer(cnt) || json_integer_value(cnt) < 1 ||
                json_integer_value(cnt) > 255)
                return jerr(c, "expected a count from 1 to 255, found %s", jtype(cnt));
            y->count = (uint8_t)json_integer_value(cnt);
        }
        if (n == 4) {
            json_t *sp = json_array_get(e, 3);
            if (!json_is_string(sp))
                return jerr(c, "expected the log's spelling as a string, found %s", jtype(sp));
            y->name = json_string_value(sp); /* copied by paifu_game_add_win */
        }
        json_cursor_pop(c, o2);
    }
    w->n_yaku = (uint8_t)json_array_size(v);
    json_cursor_pop(c, old);
    return 1;
}

static int read_common_scores(json_cursor *c, const json_t *ev, int players, uint16_t *known,
                              int32_t *deltas, int32_t *before, int16_t *honba, int16_t *sticks)
{
    int rc;
    if ((rc = jopt_ints(c, ev, "deltas", (size_t)players, -100000000, 100000000, deltas)) < 0)
        return rc;
    if (rc)
        *known |= PAIFU_REC_DELTAS;
    if ((rc = jopt_ints(c, ev, "scores_before", (size_t)players, -100000000, 100000000,
                        before)) < 0)
        return rc;
    if (rc)
        *known |= PAIFU_REC_SCORES;
    long long h = 0, s = 0;
    int rh = jopt_int(c, ev, "honba", 0, 1000, &h);
    int rs = jopt_int(c, ev, "riichi_sticks", 0, 1000, &s);
    if (rh < 0 || rs < 0)
        return PAIFU_EFORMAT;
    if (rh || rs) {
        *known |= PAIFU_REC_STICKS;
        *honba = (int16_t)h;
        *sticks = (int16_t)s;
    }
    return 0;
}

static int read_win(json_cursor *c, const json_t *ev, int players, paifu_game *game)
{
    paifu_win w;
    paifu_win_init(&w);
    int seat, from, rc;
    if (seat_in(c, ev, "seat", players, true, &seat) < 0 ||
        seat_in(c, ev, "from", players, true, &from) < 0)
        return PAIFU_EFORMAT;
    w.winner = (int8_t)seat;
    w.from = (int8_t)from;
    int pao = -1;
    if (seat_in(c, ev, "pao", players, false, &pao) < 0)
        return PAIFU_EFORMAT;
    w.pao = (int8_t)pao;
    if (jopt_tile(c, ev, "tile", &w.win_tile) < 0)
        return PAIFU_EFORMAT;
    long long id;
    if ((rc = jopt_int(c, ev, "id", 0, 254, &id)) < 0)
        return rc;
    if (rc)
        w.win_tile_id = (uint8_t)id;
    size_t nh = 0;
    if ((rc = jopt_tiles(c, ev, "hand", w.hand, PAIFU_MAX_HAND, &nh)) < 0)
        return rc;
    if (rc) {
        w.known |= PAIFU_REC_HAND;
        w.n_hand = (uint8_t)nh;
        size_t n_ids = 0;
        if ((rc = jopt_ids(c, ev, "hand_ids", w.hand_ids, PAIFU_MAX_HAND, &n_ids)) < 0)
            return rc;
        if (rc && n_ids != nh) {
            json_cursor_key(c, "hand_ids");
            return jerr(c, "expected %zu ids, one per tile of the hand, found %zu", nh, n_ids);
        }
    }
    long long han, fu, points, yakuman, pn, pd;
    if ((rc = jopt_int(c, ev, "han", -1000, 1000, &han)) < 0)
        return rc;
    if (rc) {
        w.han = (int16_t)han;
        w.known |= PAIFU_REC_HAN;
    }
    if ((rc = jopt_int(c, ev, "fu", 0, 1000, &fu)) < 0)
        return rc;
    if (rc) {
        w.fu = (int16_t)fu;
        w.known |= PAIFU_REC_FU;
    }
    if ((rc = jopt_int(c, ev, "points", 0, 100000000, &points)) < 0)
        return rc;
    if (rc) {
        w.points = (int32_t)points;
        w.known |= PAIFU_REC_POINTS;
    }
    const json_t *computed = json_object_get(ev, "computed");
    if (computed) { /* values computed from the tiles: recorded by no log */
        size_t old = json_cursor_key(c, "computed");
        if (!json_is_array(computed))
            return jerr(c, "expected an array of value names");
        for (size_t i = 0; i < json_array_size(computed); i++) {
            const char *name = json_string_value(json_array_get(computed, i));
            unsigned bit = 0;
            for (size_t k = 0; name && PAIFU_JSON_COMPUTED[k].name; k++)
                if (!strcmp(name, PAIFU_JSON_COMPUTED[k].name))
                    bit = PAIFU_JSON_COMPUTED[k].bit;
            if (!bit)
                return jerr(c, "expected yaku, han, fu, limit, points or payments at [%zu]", i);
            w.computed |= (uint16_t)bit;
        }
        json_cursor_pop(c, old);
    }
    if ((rc = jopt_int(c, ev, "yakuman", 0, 20, &yakuman)) < 0)
        return rc;
    if (rc)
        w.yakuman = (uint8_t)yakuman;
    int r1 = jopt_int(c, ev, "payment_nondealer", 0, 100000000, &pn);
    int r2 = jopt_int(c, ev, "payment_dealer", 0, 100000000, &pd);
    if (r1 < 0 || r2 < 0)
        return PAIFU_EFORMAT;
    if (r1 || r2) {
        w.payment_nondealer = r1 ? (int32_t)pn : 0;
        w.payment_dealer = r2 ? (int32_t)pd : 0;
        w.known |= PAIFU_REC_PAYMENTS;
    }
    const char *limit = NULL;
    if ((rc = jopt_str(c, ev, "limit", &limit)) < 0)
        return rc;
    if (rc) {
        int l;
        for (l = PAIFU_LIMIT_NONE; l <= PAIFU_LIMIT_YAKUMAN; l++)
            if (strcmp(limit, paifu_limit_name((paifu_limit)l)) == 0)
                break;
        if (l > PAIFU_LIMIT_YAKUMAN) {
            json_cursor_key(c, "limit");
            return jerr(c, "expected none, mangan, haneman, baiman, sanbaiman or yakuman, "
                           "found \"%s\"", limit);
        }
        w.limit = (uint8_t)l;
        w.known |= PAIFU_REC_LIMIT;
    }
    if ((rc = read_yaku(c, ev, &w)) < 0)
        return rc;
    if (rc)
        w.known |= PAIFU_REC_YAKU;
    if ((rc = read_indicators(c, ev, "dora", "dora_ids", w.dora, w.dora_ids, &w.n_dora)) < 0)
        return rc;
    if (rc)
        w.known |= PAIFU_REC_DORA;
    if ((rc = read_indicators(c, ev, "ura", "ura_ids", w.ura, w.ura_ids, &w.n_ura)) < 0)
        return rc;
    if (rc)
        w.known |= PAIFU_REC_URA;
    if (read_common_scores(c, ev, players, &w.known, w.deltas, w.scores_before, &w.honba,
                           &w.riichi_sticks) < 0)
        return PAIFU_EFORMAT;
    return paifu_game_add_win(game, &w, 0, 0, c->err);
}

static int read_draw(json_cursor *c, const json_t *ev, int type, int players, paifu_game *game)
{
    paifu_draw d;
    paifu_draw_init(&d, PAIFU_DRAW_EXHAUSTIVE);
    int rc;
    if (type == PAIFU_EV_ABORTIVE_DRAW) {
        const char *kind;
        if (jreq_str(c, ev, "kind", &kind) < 0)
            return PAIFU_EFORMAT;
        int k;
        for (k = PAIFU_DRAW_KYUUSHU; k < PAIFU_DRAW_KIND_COUNT; k++)
            if (strcmp(kind, paifu_draw_kind_name((paifu_draw_kind)k)) == 0)
                break;
        if (k == PAIFU_DRAW_KIND_COUNT) {
            json_cursor_key(c, "kind");
            return jerr(c, "expected kyuushu, suufon, suucha_riichi, suukaikan or sanchahou, "
                           "found \"%s\"", kind);
        }
        d.kind = (uint8_t)k;
        int seat = -1;
        if (seat_in(c, ev, "seat", players, false, &seat) < 0)
            return PAIFU_EFORMAT;
        d.seat = (int8_t)seat;
    }
    if ((rc = read_seat_list(c, ev, "tenpai", players, &d.tenpai)) < 0)
        return rc;
    if (rc)
        d.known |= PAIFU_REC_TENPAI;
    if ((rc = read_seat_list(c, ev, "nagashi", players, &d.nagashi)) < 0)
        return rc;
    if ((rc = read_hands(c, ev, "hands", players, d.hands, d.n_hand, &d.shown)) < 0)
        return rc;
    if (rc) {
        d.known |= PAIFU_REC_HAND;
        if (read_hand_ids(c, ev, "hand_ids", players, d.hand_ids, d.n_hand) < 0)
            return PAIFU_EFORMAT;
    }
    if (read_common_scores(c, ev, players, &d.known, d.deltas, d.scores_before, &d.honba,
                           &d.riichi_sticks) < 0)
        return PAIFU_EFORMAT;
    return paifu_game_add_draw(game, &d, 0, 0, c->err);
}

static int read_penalty(json_cursor *c, const json_t *ev, int players, paifu_game *game)
{
    paifu_penalty p;
    memset(&p, 0, sizeof(p));
    int seat, rc;
    if (seat_in(c, ev, "seat", players, true, &seat) < 0)
        return PAIFU_EFORMAT;
    p.seat = (int8_t)seat;
    const char *kind;
    if (jreq_str(c, ev, "kind", &kind) < 0)
        return PAIFU_EFORMAT;
    int k;
    for (k = 0; k < PAIFU_PENALTY_KIND_COUNT; k++)
        if (strcmp(kind, paifu_penalty_kind_name((paifu_penalty_kind)k)) == 0)
            break;
    if (k == PAIFU_PENALTY_KIND_COUNT) {
        json_cursor_key(c, "kind");
        return jerr(c, "expected chombo, dead_hand, fine, other, mistaken_hu or exposed_hand, "
                       "found \"%s\"", kind);
    }
    p.kind = (uint8_t)k;
    const char *timing = NULL;
    if ((rc = jopt_str(c, ev, "timing", &timing)) < 0)
        return rc;
    if (rc) {
        if (strcmp(timing, "by_rules") == 0)
            p.timing = PAIFU_PENALTY_BY_RULES;
        else if (strcmp(timing, "after_uma") == 0)
            p.timing = PAIFU_PENALTY_AFTER_UMA;
        else if (strcmp(timing, "immediate") == 0)
            p.timing = PAIFU_PENALTY_IMMEDIATE;
        else {
            json_cursor_key(c, "timing");
            return jerr(c, "expected by_rules, after_uma or immediate, found \"%s\"", timing);
        }
    }
    long long amount;
    if ((rc = jopt_int(c, ev, "amount", 0, 100000000, &amount)) < 0)
        return rc;
    if (rc)
        p.amount = (int32_t)amount;
    if ((rc = jopt_ints(c, ev, "deltas", (size_t)players, -100000000, 100000000, p.deltas)) < 0)
        return rc;
    p.has_deltas = rc == 1;
    if (jopt_str(c, ev, "note", &p.note) < 0)
        return PAIFU_EFORMAT;
    return paifu_game_add_penalty(game, &p, 0, 0, c->err);
}

/* ---- tile events ---- */

static int consumed_count(int type)
{
    switch (type) {
    case PAIFU_EV_CHI:
    case PAIFU_EV_PON: return 2;
    case PAIFU_EV_DAIMINKAN:
    case PAIFU_EV_SHOUMINKAN: return 3;
    case PAIFU_EV_ANKAN: return 4;
    default: return 0;
    }
}

static int read_tile_event(json_cursor *c, const json_t *ev, int type, int players,
                           paifu_game *game)
{
    paifu_event e;
    paifu_event_init(&e, (paifu_event_type)type, -1);
    int seat = -1, rc;
    bool needs_seat = type != PAIFU_EV_DORA;
    if (needs_seat && seat_in(c, ev, "seat", players, true, &seat) < 0)
        return PAIFU_EFORMAT;
    e.seat = (int8_t)seat;
    bool needs_tile = type != PAIFU_EV_ANKAN && type != PAIFU_EV_RIICHI_ACCEPTED &&
                      type != PAIFU_EV_DISCONNECT && type != PAIFU_EV_RECONNECT;
    if (needs_tile && jreq_tile(c, ev, "tile", &e.tile) < 0)
        return PAIFU_EFORMAT;
    if (!needs_tile && jopt_tile(c, ev, "tile", &e.tile) < 0)
        return PAIFU_EFORMAT;
    long long id;
    if ((rc = jopt_int(c, ev, "id", 0, 254, &id)) < 0)
        return rc;
    if (rc)
        e.tile_id = (uint8_t)id;
    int need = consumed_count(type);
    if (type == PAIFU_EV_CHI || type == PAIFU_EV_PON || type == PAIFU_EV_DAIMINKAN) {
        int from;
        if (seat_in(c, ev, "from", players, true, &from) < 0)
            return PAIFU_EFORMAT;
        e.from = (int8_t)from;
    }
    if (need) {
        size_t n = 0;
        if ((rc = jopt_tiles(c, ev, "consumed", e.tiles, 4, &n)) < 0)
            return rc;
        if (rc == 0 || n != (size_t)need) {
            json_cursor_key(c, "consumed");
            return jerr(c, "expected %d tiles from the hand, found %zu", need, n);
        }
        e.n = (uint8_t)n;
        size_t n_ids = 0;
        if ((rc = jopt_ids(c, ev, "consumed_ids", e.ids, 4, &n_ids)) < 0)
            return rc;
        if (rc && n_ids != n) {
            json_cursor_key(c, "consumed_ids");
            return jerr(c, "expected %zu ids, one per consumed tile, found %zu", n, n_ids);
        }
    }
    bool b;
    switch (type) {
    case PAIFU_EV_DRAW:
        if ((rc = jopt_bool(c, ev, "replacement", &b)) < 0)
            return rc;
        if (rc && b)
            e.flags |= PAIFU_EVF_REPLACEMENT;
        break;
    case PAIFU_EV_DISCARD:
        if ((rc = jopt_bool(c, ev, "tsumogiri", &b)) < 0)
            return rc;
        if (rc)
            e.flags |= PAIFU_EVF_TSUMOGIRI_KNOWN | (b ? PAIFU_EVF_TSUMOGIRI : 0);
        if ((rc = jopt_bool(c, ev, "riichi", &b)) < 0)
            return rc;
        if (rc && b)
            e.flags |= PAIFU_EVF_RIICHI;
        break;
    case PAIFU_EV_RIICHI_ACCEPTED: {
        int32_t scores[PAIFU_SEATS] = {0};
        if ((rc = jopt_bool(c, ev, "double", &b)) < 0)
            return rc;
        unsigned flags = rc && b ? PAIFU_EVF_DOUBLE_RIICHI : 0;
        if ((rc = jopt_ints(c, ev, "scores", (size_t)players, -100000000, 100000000, scores)) <
            0)
            return rc;
        return paifu_game_add_riichi_accepted(game, seat, flags, rc ? scores : NULL, 0, 0, c->err);
    }
    default:
        break;
    }
    return paifu_game_add_event(game, &e, c->err);
}

static int read_event(json_cursor *c, const json_t *ev, int players, paifu_game *game)
{
    if (!json_is_object(ev))
        return jerr(c, "expected an event object, found %s", jtype(ev));
    const char *tname;
    if (jreq_str(c, ev, "type", &tname) < 0)
        return PAIFU_EFORMAT;
    int type = event_type(tname);
    if (type < 0) {
        json_cursor_key(c, "type");
        return jerr(c, "expected an event type (draw, discard, chi, pon, daiminkan, ankan, "
                       "shouminkan, kita, flower, riichi_accepted, dora, win, ...), found \"%s\"",
                    tname);
    }
    switch (type) {
    case PAIFU_EV_WIN:
        return read_win(c, ev, players, game);
    case PAIFU_EV_EXHAUSTIVE_DRAW:
    case PAIFU_EV_ABORTIVE_DRAW:
        return read_draw(c, ev, type, players, game);
    case PAIFU_EV_PENALTY:
        return read_penalty(c, ev, players, game);
    default:
        return read_tile_event(c, ev, type, players, game);
    }
}

/* An error of the model (paifu_game_*), which knows no JSON path, takes the current one. */
static int at_path(json_cursor *c, int rc)
{
    if (c->err && !c->err->where.path[0])
        snprintf(c->err->where.path, sizeof(c->err->where.path), "%s", json_cursor_path(c));
    return rc;
}

static int read_events(json_cursor *c, const json_t *arr, int players, paifu_game *game)
{
    for (size_t i = 0; i < json_array_size(arr); i++) {
        size_t old = json_cursor_index(c, i);
        int rc = read_event(c, json_array_get(arr, i), players, game);
        if (rc < 0) {
            if (c->err && c->err->code == PAIFU_OK)
                jerr(c, "invalid event");
            return at_path(c, rc);
        }
        json_cursor_pop(c, old);
    }
    return 0;
}

/* ---- deals ---- */

static int read_deal(json_cursor *c, const json_t *deal, int players, paifu_game *game)
{
    if (!json_is_object(deal))
        return jerr(c, "expected a deal object, found %s", jtype(deal));
    paifu_deal_start st;
    paifu_deal_start_init(&st);
    int rc, dealer = 0;
    if (json_object_get(deal, "round")) {
        if (parse_round(c, deal, &st) < 0 || seat_in(c, deal, "dealer", players, true, &dealer) < 0)
            return PAIFU_EFORMAT;
    } else {
        /* a score sheet: the verifier follows the rules' rotation */
        if (json_object_get(deal, "dealer")) {
            json_cursor_key(c, "round");
            return jerr(c, "expected a round such as \"E1\" with the dealer, found nothing");
        }
        st.flags |= PAIFU_DEAL_ROUND_UNKNOWN;
    }
    st.dealer = (int8_t)dealer;
    long long h = 0, s = 0;
    int rh = jopt_int(c, deal, "honba", 0, 1000, &h);
    int rs = jopt_int(c, deal, "riichi_sticks", 0, 1000, &s);
    if (rh < 0 || rs < 0)
        return PAIFU_EFORMAT;
    st.honba = (int16_t)h;
    st.riichi_sticks = (int16_t)s;
    if (rh || rs)
        st.flags |= PAIFU_DEAL_HAS_STICKS;
    if ((rc = jopt_ints(c, deal, "scores", (size_t)players, -100000000, 100000000, st.scores)) <
        0)
        return rc;
    if (rc)
        st.flags |= PAIFU_DEAL_HAS_SCORES;
    if (jopt_tile(c, deal, "dora_indicator", &st.dora_indicator) < 0)
        return PAIFU_EFORMAT;
    long long id;
    if ((rc = jopt_int(c, deal, "dora_indicator_id", 0, 254, &id)) < 0)
        return rc;
    if (rc)
        st.dora_indicator_id = (uint8_t)id;
    int32_t dice[2];
    if ((rc = jopt_ints(c, deal, "dice", 2, 1, 6, dice)) < 0)
        return rc;
    if (rc) {
        st.dice[0] = (uint8_t)dice[0];
        st.dice[1] = (uint8_t)dice[1];
        st.flags |= PAIFU_DEAL_HAS_DICE;
    }
    if ((rc = read_hands(c, deal, "hands", players, st.hands, st.n_hand, NULL)) < 0)
        return rc;
    if (rc) {
        st.flags |= PAIFU_DEAL_HAS_HANDS;
        if (read_hand_ids(c, deal, "hand_ids", players, st.hand_ids, st.n_hand) < 0)
            return PAIFU_EFORMAT;
    }
    paifu_tile wall[PAIFU_WALL_MAX];
    uint8_t wall_ids[PAIFU_WALL_MAX];
    size_t n_wall = 0, n_ids = 0;
    if ((rc = jopt_tiles(c, deal, "wall", wall, PAIFU_WALL_MAX, &n_wall)) < 0)
        return rc;
    if (rc) {
        st.n_wall = (uint16_t)n_wall;
        st.wall = wall;
        if ((rc = jopt_ids(c, deal, "wall_ids", wall_ids, PAIFU_WALL_MAX, &n_ids)) < 0)
            return rc;
        if (rc) {
            if (n_ids != n_wall) {
                json_cursor_key(c, "wall_ids");
                return jerr(c, "expected %zu ids, one per wall tile, found %zu", n_wall, n_ids);
            }
            st.wall_ids = wall_ids;
        }
    }
    bool result_only = false, time_up = false;
    if (jopt_bool(c, deal, "result_only", &result_only) < 0 ||
        jopt_bool(c, deal, "time_up", &time_up) < 0)
        return PAIFU_EFORMAT;
    if (time_up) /* the main time ran out in this deal (RRC 2024 §6.4) */
        st.flags |= PAIFU_DEAL_TIME_UP;
    json_t *events = json_object_get(deal, "events");
    if (!json_is_array(events)) {
        json_cursor_key(c, "events");
        return jerr(c, "expected an array of events, found %s", jtype(events));
    }
    if ((rc = paifu_game_begin_deal(game, &st, 0, 0, c->err)) < 0)
        return rc;
    if (result_only && (rc = paifu_game_set_deal_result_only(game, c->err)) < 0)
        return rc;
    size_t old = json_cursor_key(c, "events");
    if ((rc = read_events(c, events, players, game)) < 0)
        return rc;
    json_cursor_pop(c, old);
    return 0;
}

/* ---- header ---- */

/* JSON value of a rule override -> the text form of paifu/rules.h. */
static int rule_value_text(json_cursor *c, const json_t *v, char *buf, size_t size)
{
    if (json_is_string(v)) {
        snprintf(buf, size, "%s", json_string_value(v));
        return 0;
    }
    if (json_is_boolean(v)) {
        snprintf(buf, size, "%s", json_is_true(v) ? "true" : "false");
        return 0;
    }
    if (json_is_integer(v)) {
        snprintf(buf, size, "%lld", (long long)json_integer_value(v));
        return 0;
    }
    if (json_is_array(v)) {
        size_t used = 0;
        buf[0] = '\0';
        for (size_t i = 0; i < json_array_size(v); i++) {
            json_t *x = json_array_get(v, i);
            char one[64];
            if (json_is_integer(x))
                snprintf(one, sizeof(one), "%lld", (long long)json_integer_value(x));
            else if (json_is_string(x))
                snprintf(one, sizeof(one), "%s", json_string_value(x));
            else
                return jerr(c, "expected integers or names in the array, found %s", jtype(x));
            used += (size_t)snprintf(buf + used, used < size ? size - used : 0, "%s%s",
                                     i ? "," : "", one);
        }
        return 0;
    }
    return jerr(c, "expected a string, boolean, integer or array, found %s", jtype(v));
}

int paifu_json__read_rule_parameters(json_cursor *c, const json_t *params, paifu_rules *apply)
{
    size_t old = json_cursor_key(c, "parameters");
    if (!json_is_object(params))
        return jerr(c, "expected an object of every parameter's value, found %s", jtype(params));
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)params, key, v)
    {
        char text[256], now[256], then[256];
        size_t o2 = json_cursor_key(c, key);
        if (rule_value_text(c, v, text, sizeof(text)) < 0)
            return PAIFU_EFORMAT;
        /* set only what differs from the preset: the preset's own values are no changes */
        paifu_rules *probe = NULL;
        paifu_error e;
        paifu_error_clear(&e);
        int rc = paifu_rules_copy(&probe, apply, &e);
        if (rc == 0)
            rc = paifu_rules_set(probe, key, text, &e);
        if (rc == 0 && (paifu_rules_get(now, sizeof(now), apply, key, &e) < 0 ||
                        paifu_rules_get(then, sizeof(then), probe, key, &e) < 0))
            rc = PAIFU_ERROR;
        paifu_rules_free(probe);
        if (rc < 0)
            return jerr(c, "%s", e.text);
        if (strcmp(now, then) != 0 && paifu_rules_set(apply, key, text, c->err) < 0)
            return PAIFU_ERROR;
        json_cursor_pop(c, o2);
    }
    json_cursor_pop(c, old);
    return 0;
}

int paifu_json__read_rules(json_cursor *c, const json_t *rules, paifu_game *game,
                           paifu_rules *apply)
{
    if (json_is_string(rules)) {
        if (game)
            return paifu_game_set_rules_name(game, json_string_value(rules), c->err);
        return 0;
    }
    if (!json_is_object(rules))
        return jerr(c, "expected a preset name or {\"preset\": ..., \"overrides\": {...}}, "
                       "found %s",
                    jtype(rules));
    const char *preset = NULL;
    if (jopt_str(c, rules, "preset", &preset) < 0)
        return PAIFU_EFORMAT;
    if (preset && game && paifu_game_set_rules_name(game, preset, c->err) < 0)
        return PAIFU_ERROR;
    json_t *ov = json_object_get(rules, "overrides");
    if (!ov)
        return 0;
    size_t old = json_cursor_key(c, "overrides");
    if (!json_is_object(ov))
        return jerr(c, "expected an object of parameters, found %s", jtype(ov));
    const char *key;
    json_t *v;
    json_object_foreach(ov, key, v)
    {
        char text[256];
        size_t o2 = json_cursor_key(c, key);
        if (rule_value_text(c, v, text, sizeof(text)) < 0)
            return PAIFU_EFORMAT;
        /* check the key and value against the rule table now, so errors carry the path */
        paifu_rules *probe = apply;
        paifu_rules *tmp = NULL;
        paifu_error e;
        paifu_error_clear(&e);
        if (!probe && paifu_rules_preset(&tmp, "rrc", &e) == 0)
            probe = tmp;
        int rc = probe ? paifu_rules_set(probe, key, text, &e) : 0;
        paifu_rules_free(tmp);
        if (rc < 0)
            return jerr(c, "%s", e.text);
        if (game && paifu_game_add_rule_override(game, key, text, c->err) < 0)
            return PAIFU_ERROR;
        json_cursor_pop(c, o2);
    }
    json_cursor_pop(c, old);
    return 0;
}

int paifu_json__read_carried_rules(json_cursor *c, const json_t *rules, paifu_game *game)
{
    size_t old = json_cursor_key(c, PAIFU_RULES_KEY);
    if (!json_is_object(rules))
        return jerr(c, "expected {\"preset\": ..., \"overrides\": {...}}, found %s", jtype(rules));
    int rc = paifu_json__read_rules(c, rules, game, NULL);
    static const char *const FLAGS[][2] = {{"unknown", PAIFU_META_RULES_UNKNOWN},
                                           {"final_unknown", PAIFU_META_FINAL_UNKNOWN},
                                           {"assumed", PAIFU_META_RULES_ASSUMED}};
    for (size_t i = 0; rc == 0 && i < 3; i++) {
        const char *reason = NULL;
        if ((rc = jopt_str(c, rules, FLAGS[i][0], &reason)) < 0)
            break;
        rc = reason ? paifu_game_set_meta(game, FLAGS[i][1], reason, c->err) : 0;
    }
    if (rc == 0)
        json_cursor_pop(c, old);
    return rc < 0 ? rc : 0;
}

static int read_header(json_cursor *c, const json_t *root, paifu_game *game, int *players_out)
{
    long long version;
    if (jreq_int(c, root, "paifu", 0, 1000, &version) < 0)
        return PAIFU_EFORMAT;
    if (version != 1) {
        json_cursor_key(c, "paifu");
        return junsupported(c, "paifu format version %lld is not supported (expected 1)", version);
    }
    json_t *players = json_object_get(root, "players");
    size_t old = json_cursor_key(c, "players");
    if (!json_is_array(players) || json_array_size(players) < 3 || json_array_size(players) > 4)
        return jerr(c, "expected an array of 3 or 4 player names, found %s",
                    json_is_array(players) ? "another length" : jtype(players));
    int n = (int)json_array_size(players);
    if (paifu_game_set_players(game, n, c->err) < 0)
        return PAIFU_EFORMAT;
    for (int s = 0; s < n; s++) {
        json_t *p = json_array_get(players, (size_t)s);
        if (!json_is_string(p)) {
            json_cursor_index(c, (size_t)s);
            return jerr(c, "expected a player name, found %s", jtype(p));
        }
        if (paifu_game_set_player_name(game, s, json_string_value(p), c->err) < 0)
            return PAIFU_ERROR;
    }
    json_cursor_pop(c, old);
    json_t *rules = json_object_get(root, "rules");
    if (rules) {
        old = json_cursor_key(c, "rules");
        if (paifu_json__read_rules(c, rules, game, NULL) < 0)
            return PAIFU_EFORMAT;
        json_cursor_pop(c, old);
    }
    json_t *source = json_object_get(root, "source");
    if (source) {
        old = json_cursor_key(c, "source");
        if (!json_is_object(source))
            return jerr(c, "expected an object, found %s", jtype(source));
        const char *fmt = NULL;
        if (jopt_str(c, source, "format", &fmt) < 0)
            return PAIFU_EFORMAT;
        /* the source format of a paifu file is "paifu"; the original is kept as meta */
        json_t *meta = json_object_get(source, "meta");
        if (meta) {
            size_t o2 = json_cursor_key(c, "meta");
            if (!json_is_object(meta))
                return jerr(c, "expected an object of strings, found %s", jtype(meta));
            const char *key;
            json_t *v;
            json_object_foreach(meta, key, v)
            {
                if (!json_is_string(v)) {
                    json_cursor_key(c, key);
                    return jerr(c, "expected a string, found %s", jtype(v));
                }
                if (paifu_game_set_meta(game, key, json_string_value(v), c->err) < 0)
                    return PAIFU_ERROR;
            }
            json_cursor_pop(c, o2);
        }
        if (fmt && paifu_game_set_meta(game, PAIFU_JSON_ORIGIN_KEY, fmt, c->err) < 0)
            return PAIFU_ERROR;
        json_cursor_pop(c, old);
    }
    *players_out = n;
    return 0;
}

static int read_result(json_cursor *c, const json_t *root, int players, paifu_game *game)
{
    json_t *res = json_object_get(root, "result");
    paifu_game_result r;
    memset(&r, 0, sizeof(r));
    if (res) {
        size_t old = json_cursor_key(c, "result");
        if (!json_is_object(res))
            return jerr(c, "expected an object, found %s", jtype(res));
        int rc = jopt_ints(c, res, "points", (size_t)players, -100000000, 100000000, r.points);
        if (rc < 0)
            return rc;
        r.has_points = rc == 1;
        rc = jopt_ints(c, res, "final", (size_t)players, -100000000, 100000000, r.final);
        if (rc < 0)
            return rc;
        r.has_final = rc == 1;
        int32_t sanctions[PAIFU_SEATS] = {0};
        rc = jopt_ints(c, res, "place_sanctions", (size_t)players, 0, 10000, sanctions);
        if (rc < 0)
            return rc;
        for (int s = 0; s < players; s++)
            if (sanctions[s] && paifu_game_set_place_sanction(game, s, sanctions[s], c->err) < 0)
                return PAIFU_ERROR;
        json_cursor_pop(c, old);
    }
    paifu_game_set_result(game, &r);
    bool truncated = false;
    if (jopt_bool(c, root, "truncated", &truncated) < 0)
        return PAIFU_EFORMAT;
    paifu_game_set_truncated(game, truncated);
    return 0;
}

static int read_game(json_cursor *c, const json_t *root, paifu_game *game)
{
    if (!json_is_object(root))
        return jerr(c, "expected a game object, found %s", jtype(root));
    int players = 0, rc;
    if ((rc = read_header(c, root, game, &players)) < 0)
        return rc;
    json_t *prelude = json_object_get(root, "prelude");
    if (prelude) {
        size_t old = json_cursor_key(c, "prelude");
        if (!json_is_array(prelude))
            return jerr(c, "expected an array of events, found %s", jtype(prelude));
        if ((rc = read_events(c, prelude, players, game)) < 0)
            return rc;
        json_cursor_pop(c, old);
    }
    json_t *deals = json_object_get(root, "deals");
    size_t old = json_cursor_key(c, "deals");
    if (!json_is_array(deals))
        return jerr(c, "expected an array of deals, found %s", jtype(deals));
    for (size_t i = 0; i < json_array_size(deals); i++) {
        size_t o2 = json_cursor_index(c, i);
        if ((rc = read_deal(c, json_array_get(deals, i), players, game)) < 0)
            return at_path(c, rc);
        json_cursor_pop(c, o2);
    }
    json_cursor_pop(c, old);
    if (paifu_game_set_source_format(game, "paifu", c->err) < 0)
        return PAIFU_ERROR;
    return read_result(c, root, players, game);
}

/* ---- reader ---- */

static void skip_space(paifu_json_reader *s)
{
    if (s->pos == 0 && s->in.base == 0 && s->in.size >= 3 &&
        (unsigned char)s->in.data[0] == 0xEF) {
        s->pos = 3; /* UTF-8 byte order mark */
        s->col = 3;
    }
    while (s->pos < s->in.size) {
        char ch = s->in.data[s->pos];
        if (ch == '\n') {
            s->line++;
            s->col = 0;
        } else if (ch != ' ' && ch != '\t' && ch != '\r') {
            break;
        } else {
            s->col++;
        }
        s->pos++;
    }
}

/* Skip to the next document; a streamed input is read on until the window holds all of it (a
   top-level array of games: the whole input). */
static int next_start(paifu_json_reader *s, paifu_error *err)
{
    for (;;) {
        skip_space(s);
        if (!s->in.refill ||
            (s->pos < s->in.size && s->in.data[s->pos] != '[' &&
             jdoc_end(s->in.data, s->pos, s->in.size) < s->in.size))
            return 0;
        int rc = s->in.refill(s->in.refill_ctx, err);
        if (rc <= 0) {
            skip_space(s);
            return rc;
        }
    }
}

static int reader_next(void *state, paifu_game *game, paifu_error *err)
{
    paifu_json_reader *s = state;
    json_cursor c;
    json_cursor_init(&c, s->in.source, err);
    if (s->array) {
        if (s->next >= json_array_size(s->array))
            return 0;
        size_t i = s->next++;
        json_cursor_index(&c, i);
        int rc = read_game(&c, json_array_get(s->array, i), game);
        return rc < 0 ? rc : 1;
    }
    int rc0 = next_start(s, err);
    if (rc0 < 0)
        return rc0;
    if (s->pos >= s->in.size)
        return 0;
    json_t *root;
    if (s->in.data[s->pos] == '[') {
        int rc = jload(&root, s->in.data + s->pos, s->in.size - s->pos, JSON_REJECT_DUPLICATES,
                       s->line, s->in.source, err);
        if (rc < 0)
            return rc;
        s->array = root;
        s->pos = s->in.size;
        return reader_next(state, game, err);
    }
    size_t used;
    int rc = jload_col(&root, &used, s->in.data + s->pos, s->in.size - s->pos,
                       JSON_REJECT_DUPLICATES, s->line, s->col, s->in.source, err);
    if (rc < 0)
        return rc;
    for (size_t k = 0; k < used && s->pos + k < s->in.size; k++) {
        s->col++;
        if (s->in.data[s->pos + k] == '\n') {
            s->line++;
            s->col = 0;
        }
    }
    s->pos += used;
    rc = read_game(&c, root, game);
    jfree(root);
    return rc < 0 ? rc : 1;
}

static void reader_free(void *state)
{
    paifu_json_reader *s = state;
    if (!s)
        return;
    jfree(s->array);
    free(s);
}

/* Streaming (format.h): the reader needs the bytes from its next document on. */
JSTREAM_HEAD_OK(paifu_json_reader);

const format_impl paifu_format_paifu_json = {
    .info = {.name = "paifu",
             .description = "paifu's own JSON format (schemas/paifu.schema.json)",
             .can_read = true,
             .can_write = true,
             .carries = PAIFU_CARRIES_ALL & ~PAIFU_CARRIES_NAME_ID, /* the id is inside */
             .extension = ".paifu.json"},
    .sniff = sniff,
    .resembles = resembles,
    .reader_size = sizeof(paifu_json_reader),
    .reader_next = reader_next,
    .reader_free = reader_free,
    .writer = &paifu_json__writer,
    .multi_game = true,
    .stream_span = jstream_span,
    .game_end = jdoc_end,
    .stream_rebase = jstream_rebase,
};
