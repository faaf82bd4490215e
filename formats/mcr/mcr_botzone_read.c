/*
 * mcr_botzone_read.c: Botzone Chinese-Standard-Mahjong match logs (the Botzone API's JSON:
 * status, logs, players, initdata), and the event builder both Botzone readers share.
 *
 *   {"initdata": "{\"quan\":3,\"srand\":...,\"walltiles\":\"B3 W1 ...\"}",
 *    "players": [{"name": ...}, ...],
 *    "logs": [{"output": {"display": {"action": "INIT", "quan": 3, ...}}},   judge
 *             {"0": {"response": "PASS"}, ...},                                 bots
 *             {"output": {"display": {"action": "DEAL", "hand": [[13 tiles] x4]}}},
 *             {"output": {"display": {"action": "DRAW", "player": 0, "tile": "J2"}}},
 *             {"output": {"display": {"action": "PLAY", "player": 0, "tile": "J3"}}},
 *             {"output": {"display": {"action": "PENG", "player": 3, "tile": "F2"}}},  then plays
 * F2
 *             {"output": {"display": {"action": "CHI", "player": 0, "tileCHI": "W2",
 *                                     "tile": "T8"}}},                     chow around W2, plays T8
 *             GANG (after the seat's draw: concealed), BUGANG, BUHUA,
 *             {"output": {"display": {"action": "HU", "player": 0, "fan": [{"cnt": 1,
 *                 "name": "门前清", "value": 2}, ...], "fanCnt": 13, "score": [37,-8,-21,-8]}}},
 *             or {"action": "HUANG"}]}
 *
 * Only the judge's displays are read; the bots' responses repeat them. The wall (`walltiles`,
 * 136 tiles, four quarters) is kept on the deal. One file holds one game (one hand).
 */
#include "json_in.h"
#include "mcr_botzone.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Botzone's judge reads the MCR ambiguities as the MIL calculator does (mcr.md section 13). */
const char *const paifu_bz__overrides[][2] = {
    {"game_length", "single"},
    {"mcr_flowers", "false"},
    {"mcr_wall", "per_seat"},
    {"mcr_seat_changes", "false"},
    {"mcr_wait_fans", "count_one"},
    {"mcr_special_self_draw", "self_drawn"},
    {"mcr_knitted_straight_concealed", "true"},
    {"mcr_two_concealed_kongs", "6"},
    {"mcr_melded_concealed_kong", "one_fan"},
    {"mcr_four_kongs_concealed", "concealed_pungs_only"},
    {"mcr_nine_gates_pungs", "all_but_one"},
};
const size_t paifu_bz__n_overrides = sizeof(paifu_bz__overrides) / sizeof(paifu_bz__overrides[0]);

/* ---- tiles ---- */

paifu_tile paifu_bz__tile(const char *s, size_t len)
{
    if (len != 2 || s[1] < '1' || s[1] > '9')
        return PAIFU_TILE_NONE;
    unsigned n = (unsigned)(s[1] - '1');
    switch (s[0]) {
    case 'W':
        return paifu_tile_make(n, false); /* wan: characters */
    case 'B':
        return paifu_tile_make(9 + n, false); /* bing: dots */
    case 'T':
        return paifu_tile_make(18 + n, false); /* tiao: bamboo */
    case 'F':
        return n < 4 ? paifu_tile_make(27 + n, false) : PAIFU_TILE_NONE;
    case 'J': /* zhong fa bai: Red, Green, White */
        return n < 3 ? paifu_tile_make(PAIFU_TILE_RED_DRAGON - n, false) : PAIFU_TILE_NONE;
    case 'H':
        return n < 8 ? paifu_tile_make(PAIFU_TILE_FLOWER + n, false) : PAIFU_TILE_NONE;
    default:
        return PAIFU_TILE_NONE;
    }
}

/* ---- the builder ---- */

int paifu_bz__error(bz_builder *b, const char *fmt, ...)
{
    char text[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof(text), fmt, ap);
    va_end(ap);
    return paifu_formats__error(b->err, PAIFU_EFORMAT, b->source, b->line, b->column,
                                b->json ? json_cursor_path(b->json) : NULL, "%s", text);
}

int paifu_bz__init(bz_builder *b, paifu_game *game, const char *source, paifu_error *err)
{
    memset(b, 0, sizeof(*b));
    b->game = game;
    b->err = err;
    b->source = source;
    b->discarder = -1;
    int rc = paifu_rules_preset(&b->rules, BZ_RULES, err);
    for (size_t i = 0; rc == 0 && i < paifu_bz__n_overrides; i++)
        rc = paifu_rules_set(b->rules, paifu_bz__overrides[i][0], paifu_bz__overrides[i][1], err);
    return rc;
}

void paifu_bz__end(bz_builder *b)
{
    paifu_rules_free(b->rules);
    b->rules = NULL;
}

static void event_at(const bz_builder *b, paifu_event *e, paifu_event_type type, int seat)
{
    paifu_event_init(e, type, seat);
    e->line = b->line;
    e->column = b->column;
}

static int check_seat(bz_builder *b, int seat, paifu_tile tile, bool need_tile)
{
    if (b->ended)
        return paifu_bz__error(b, "an action after the end of the hand");
    if (seat < 0 || seat > 3)
        return paifu_bz__error(b, "expected a player 0..3, found %d", seat);
    if (need_tile && tile == PAIFU_TILE_NONE)
        return paifu_bz__error(b, "expected a tile name (W1-9, B1-9, T1-9, F1-4, J1-3, H1-8)");
    return 0;
}

int paifu_bz__deal(bz_builder *b, int quan, const paifu_tile hands[PAIFU_SEATS][13],
                   const paifu_tile *wall, size_t n_wall)
{
    if (quan < 0 || quan > 3)
        return paifu_bz__error(b, "expected the prevalent wind (quan) 0..3, found %d", quan);
    int rc = paifu_game_set_rules_name(b->game, BZ_RULES, b->err);
    for (size_t i = 0; rc == 0 && i < paifu_bz__n_overrides; i++)
        rc = paifu_game_add_rule_override(b->game, paifu_bz__overrides[i][0],
                                          paifu_bz__overrides[i][1], b->err);
    if (rc < 0)
        return rc;
    paifu_deal_start st;
    paifu_deal_start_init(&st);
    st.round_wind = (uint8_t)quan;
    st.hand_number = 0;
    st.dealer = 0;
    st.flags |= PAIFU_DEAL_HAS_HANDS;
    for (int s = 0; s < PAIFU_SEATS; s++) {
        st.n_hand[s] = 13;
        memcpy(st.hands[s], hands[s], 13 * sizeof(paifu_tile));
    }
    if (wall && n_wall) {
        st.n_wall = (uint16_t)n_wall;
        st.wall = wall;
        st.flags |= PAIFU_DEAL_HAS_WALL;
    }
    return paifu_game_begin_deal(b->game, &st, b->line, b->column, b->err);
}

int paifu_bz__draw(bz_builder *b, int seat, paifu_tile tile)
{
    int rc = check_seat(b, seat, tile, true);
    if (rc < 0)
        return rc;
    paifu_event e;
    event_at(b, &e, PAIFU_EV_DRAW, seat);
    e.tile = tile;
    if (b->replacement[seat])
        e.flags |= PAIFU_EVF_REPLACEMENT;
    b->replacement[seat] = false;
    b->last = BZ_DRAW;
    b->last_seat = seat;
    return paifu_game_add_event(b->game, &e, b->err);
}

int paifu_bz__flower(bz_builder *b, int seat, paifu_tile tile)
{
    int rc = check_seat(b, seat, tile, true);
    if (rc < 0)
        return rc;
    paifu_event e;
    event_at(b, &e, PAIFU_EV_FLOWER, seat);
    e.tile = tile;
    b->replacement[seat] = true;
    return paifu_game_add_event(b->game, &e, b->err);
}

int paifu_bz__play(bz_builder *b, int seat, paifu_tile tile)
{
    int rc = check_seat(b, seat, tile, true);
    if (rc < 0)
        return rc;
    paifu_event e;
    event_at(b, &e, PAIFU_EV_DISCARD, seat);
    e.tile = tile;
    b->last = BZ_DISCARD;
    b->last_seat = b->discarder = seat;
    b->last_discard = tile;
    return paifu_game_add_event(b->game, &e, b->err);
}

/* The latest discard, which a call by SEAT takes. */
static int claimable(bz_builder *b, int seat, const char *what)
{
    if (b->last != BZ_DISCARD || b->discarder == seat)
        return paifu_bz__error(b, "a %s by player %d without another player's discard to take",
                               what, seat);
    return 0;
}

int paifu_bz__chi(bz_builder *b, int seat, paifu_tile middle)
{
    int rc = check_seat(b, seat, middle, true);
    if (rc < 0 || (rc = claimable(b, seat, "chi")) < 0)
        return rc;
    unsigned m = paifu_tile_kind(middle), c = paifu_tile_kind(b->last_discard);
    if (m >= 27 || m % 9 == 0 || m % 9 == 8 || c + 1 < m || c > m + 1 || c / 9 != m / 9) {
        char a[3], d[3];
        return paifu_bz__error(b, "a chi around %s cannot take the discard %s",
                               paifu_tile_name(a, middle), paifu_tile_name(d, b->last_discard));
    }
    paifu_event e;
    event_at(b, &e, PAIFU_EV_CHI, seat);
    e.from = (int8_t)b->discarder;
    e.tile = b->last_discard;
    for (unsigned k = m - 1; k <= m + 1; k++)
        if (k != c)
            e.tiles[e.n++] = paifu_tile_make(k, false);
    b->last = BZ_CALL;
    b->last_seat = seat;
    return paifu_game_add_event(b->game, &e, b->err);
}

/* A peng or kong of N copies of TILE by SEAT (FROM: the discarder, -1 for its own tiles); after a
   kong the seat draws a replacement. */
static int meld(bz_builder *b, paifu_event_type type, int seat, int from, paifu_tile tile, int n,
                bz_last last)
{
    paifu_event e;
    event_at(b, &e, type, seat);
    e.from = (int8_t)from;
    e.tile = tile;
    for (int i = 0; i < n; i++)
        e.tiles[i] = tile;
    e.n = (uint8_t)n;
    b->last = last;
    b->last_seat = seat;
    if (type != PAIFU_EV_PON)
        b->replacement[seat] = true;
    return paifu_game_add_event(b->game, &e, b->err);
}

int paifu_bz__peng(bz_builder *b, int seat)
{
    int rc = check_seat(b, seat, PAIFU_TILE_NONE, false);
    if (rc < 0 || (rc = claimable(b, seat, "peng")) < 0)
        return rc;
    return meld(b, PAIFU_EV_PON, seat, b->discarder, b->last_discard, 2, BZ_CALL);
}

int paifu_bz__angang(bz_builder *b, int seat, paifu_tile tile)
{
    int rc = check_seat(b, seat, tile, true);
    if (rc < 0)
        return rc;
    return meld(b, PAIFU_EV_ANKAN, seat, -1, tile, 4, BZ_KONG);
}

int paifu_bz__gang(bz_builder *b, int seat, paifu_tile tile)
{
    if (b->last == BZ_DRAW && b->last_seat == seat) /* after its own draw: concealed */
        return paifu_bz__angang(b, seat, tile);
    int rc = check_seat(b, seat, PAIFU_TILE_NONE, false);
    if (rc < 0 || (rc = claimable(b, seat, "gang")) < 0)
        return rc;
    return meld(b, PAIFU_EV_DAIMINKAN, seat, b->discarder, b->last_discard, 3, BZ_KONG);
}

int paifu_bz__bugang(bz_builder *b, int seat, paifu_tile tile)
{
    int rc = check_seat(b, seat, tile, true);
    if (rc < 0)
        return rc;
    b->bugang_tile = tile;
    return meld(b, PAIFU_EV_SHOUMINKAN, seat, -1, tile, 3, BZ_BUGANG);
}

/* A Botzone match is one hand: its score changes are the final points. */
static void set_result(bz_builder *b, const int32_t *scores)
{
    paifu_game_result res;
    memset(&res, 0, sizeof(res));
    res.has_points = true;
    memcpy(res.points, scores, sizeof(res.points));
    paifu_game_set_result(b->game, &res);
}

static int add_fans(bz_builder *b, paifu_win *w, const bz_fan *fans, size_t n)
{
    if (n > PAIFU_MAX_YAKU)
        return paifu_bz__error(b, "more than %d fans in one win", PAIFU_MAX_YAKU);
    for (size_t i = 0; i < n; i++) {
        char name[64];
        if (fans[i].name_len >= sizeof(name))
            return paifu_bz__error(b, "a fan name of %zu bytes", fans[i].name_len);
        memcpy(name, fans[i].name, fans[i].name_len);
        name[fans[i].name_len] = '\0';
        int id = paifu_mcr_fan_from_name(name);
        if (id < 0)
            return paifu_bz__error(b, "expected an MCR fan name, found \"%s\"", name);
        if (fans[i].count < 1 || fans[i].count > 8)
            return paifu_bz__error(b, "fan \"%s\" counted %d times", name, fans[i].count);
        paifu_yaku_value *y = &w->yaku[w->n_yaku++];
        y->id = (uint16_t)id;
        y->count = (uint8_t)fans[i].count;
        y->han = (int16_t)(fans[i].value >= 0 ? fans[i].value
                                              : paifu_mcr_fan_points(b->rules, (unsigned)id));
        y->name =
            fans[i].name_len ? paifu_game_strndup(b->game, fans[i].name, fans[i].name_len) : NULL;
        if (fans[i].name_len && !y->name)
            return paifu_error_set(b->err, PAIFU_ENOMEM, NULL, "out of memory");
    }
    w->known |= PAIFU_REC_YAKU;
    return 0;
}

int paifu_bz__hu(bz_builder *b, int seat, paifu_tile tile, const bz_fan *fans, size_t n_fans,
                 int total, const int32_t *scores)
{
    int rc = check_seat(b, seat, PAIFU_TILE_NONE, false);
    if (rc < 0)
        return rc;
    paifu_win w;
    paifu_win_init(&w);
    w.winner = (int8_t)seat;
    if (b->last == BZ_DRAW && b->last_seat == seat)
        w.from = (int8_t)seat; /* self-draw */
    else if (b->last == BZ_BUGANG && b->last_seat != seat)
        w.from = (int8_t)b->last_seat; /* robbing the kong */
    else if (b->last == BZ_DISCARD && b->discarder != seat)
        w.from = (int8_t)b->discarder;
    else
        return paifu_bz__error(b, "a hu by player %d with no tile to win on", seat);
    paifu_tile own = w.from == seat         ? PAIFU_TILE_NONE
                     : b->last == BZ_BUGANG ? b->bugang_tile
                                            : b->last_discard;
    w.win_tile = tile != PAIFU_TILE_NONE ? tile : own;
    if ((rc = add_fans(b, &w, fans, n_fans)) < 0)
        return rc;
    if (total >= 0) {
        w.han = (int16_t)total;
        w.known |= PAIFU_REC_HAN;
    }
    if (scores) {
        memcpy(w.deltas, scores, sizeof(w.deltas));
        w.known |= PAIFU_REC_DELTAS;
        set_result(b, scores);
    }
    b->ended = true;
    return paifu_game_add_win(b->game, &w, b->line, b->column, b->err);
}

int paifu_bz__huang(bz_builder *b, const int32_t *scores)
{
    if (b->ended)
        return paifu_bz__error(b, "an action after the end of the hand");
    paifu_draw d;
    paifu_draw_init(&d, PAIFU_DRAW_EXHAUSTIVE);
    if (scores) {
        memcpy(d.deltas, scores, sizeof(d.deltas));
        d.known |= PAIFU_REC_DELTAS;
        set_result(b, scores);
    }
    b->ended = true;
    return paifu_game_add_draw(b->game, &d, b->line, b->column, b->err);
}

/* ---- the JSON match log ---- */

typedef struct botzone_json_reader {
    format_input in;
    bool done;
} botzone_json_reader;

static int sniff(const char *data, size_t size)
{
    size_t i = 0;
    while (i < size && (data[i] == ' ' || data[i] == '\n' || data[i] == '\r' || data[i] == '\t'))
        i++;
    if (i == size || data[i] != '{')
        return 0;
    if (!jcontains(data, size < 4096 ? size : 4096, "\"logs\""))
        return 0;
    bool botzone =
        jcontains(data, size, "\"initdata\"") || jcontains(data, size, "Chinese-Standard-Mahjong");
    return botzone ? 90 : 0;
}

/* A JSON object with Botzone's "logs" or "initdata" (issue 36: the rest is the reader's to
   refuse with the place). */
static int resembles(const char *data, size_t size, const char *name)
{
    (void)name;
    size_t i = jlead(data, size);
    if (i == size || data[i] != '{')
        return 0;
    /* the match's initdata and the judge's verdicts may come anywhere (the sniffer looks at
       the whole text for them too) */
    if (jcontains(data + i, size - i, "\"initdata\"") ||
        jcontains(data + i, size - i, "Chinese-Standard-Mahjong"))
        return 50;
    return jcontains(data + i, size - i < 4096 ? size - i : 4096, "\"logs\"") ? 30 : 0;
}

static paifu_tile jtile(const json_t *v)
{
    const char *s = json_string_value(v);
    return s ? paifu_bz__tile(s, strlen(s)) : PAIFU_TILE_NONE;
}

static int read_initdata(json_cursor *c, const json_t *root, int *quan, paifu_tile *wall,
                         size_t *n_wall, paifu_game *game)
{
    const json_t *v = json_object_get(root, "initdata");
    size_t old = json_cursor_key(c, "initdata");
    *n_wall = 0;
    json_t *init = NULL;
    if (json_is_string(v)) {
        paifu_error inner;
        paifu_error_clear(&inner);
        if (jload(&init, json_string_value(v), json_string_length(v), 0, 0, c->source, &inner) < 0)
            return jerr(c, "expected initdata as JSON text: %s", inner.text);
    } else if (json_is_object(v)) {
        init = json_incref((json_t *)v);
    }
    int rc = 0;
    if (init) {
        long long q;
        if (jopt_int(c, init, "quan", 0, 3, &q) > 0)
            *quan = (int)q;
        const json_t *wt = json_object_get(init, "walltiles");
        const char *p = json_string_value(wt);
        for (; p && *p && rc == 0;) {
            while (*p == ' ')
                p++;
            size_t len = strcspn(p, " ");
            if (!len)
                break;
            paifu_tile t = paifu_bz__tile(p, len);
            if (t == PAIFU_TILE_NONE || *n_wall >= PAIFU_WALL_MAX)
                rc = jerr(c, "expected walltiles as up to %d tile names, found \"%.*s\"",
                          PAIFU_WALL_MAX, (int)(len < 8 ? len : 8), p);
            else
                wall[(*n_wall)++] = t;
            p += len;
        }
        const json_t *srand = json_object_get(init, "srand");
        char buf[32];
        if (rc == 0 && json_is_integer(srand)) {
            snprintf(buf, sizeof(buf), "%lld", (long long)json_integer_value(srand));
            rc = paifu_game_set_meta(game, "botzone.srand", buf, c->err);
        }
        jfree(init);
    }
    json_cursor_pop(c, old);
    return rc;
}

static int read_fans(json_cursor *c, const json_t *disp, bz_fan *fans, size_t *n)
{
    const json_t *arr = json_object_get(disp, "fan");
    *n = 0;
    if (!arr)
        return 0;
    size_t old = json_cursor_key(c, "fan");
    if (!json_is_array(arr) || json_array_size(arr) > PAIFU_MAX_YAKU)
        return jerr(c, "expected an array of at most %d fans, found %s", PAIFU_MAX_YAKU,
                    jtype(arr));
    for (size_t i = 0; i < json_array_size(arr); i++) {
        const json_t *f = json_array_get(arr, i);
        size_t o2 = json_cursor_index(c, i);
        const char *name;
        long long cnt, value;
        if (jreq_str(c, f, "name", &name) < 0 || jreq_int(c, f, "cnt", 1, 8, &cnt) < 0 ||
            jreq_int(c, f, "value", 0, 88, &value) < 0)
            return PAIFU_EFORMAT;
        fans[(*n)++] = (bz_fan){name, strlen(name), (int)cnt, (int)value};
        json_cursor_pop(c, o2);
    }
    json_cursor_pop(c, old);
    return 0;
}

static int read_scores(json_cursor *c, const json_t *disp, int32_t *scores, bool *have)
{
    int rc = jopt_ints(c, disp, "score", 4, -100000, 100000, scores);
    *have = rc > 0;
    return rc < 0 ? rc : 0;
}

static int read_deal(bz_builder *b, json_cursor *c, const json_t *disp, int quan,
                     const paifu_tile *wall, size_t n_wall)
{
    const json_t *hands = json_object_get(disp, "hand");
    size_t old = json_cursor_key(c, "hand");
    paifu_tile h[PAIFU_SEATS][13];
    if (!json_is_array(hands) || json_array_size(hands) != 4)
        return jerr(c, "expected four hands, found %s", jtype(hands));
    for (size_t s = 0; s < 4; s++) {
        const json_t *hand = json_array_get(hands, s);
        size_t o2 = json_cursor_index(c, s);
        if (!json_is_array(hand) || json_array_size(hand) != 13)
            return jerr(c, "expected 13 tiles, found %s", jtype(hand));
        for (size_t i = 0; i < 13; i++)
            if ((h[s][i] = jtile(json_array_get(hand, i))) == PAIFU_TILE_NONE) {
                json_cursor_index(c, i);
                return jerr(c, "expected a tile name (W1-9, B1-9, T1-9, F1-4, J1-3, H1-8)");
            }
        json_cursor_pop(c, o2);
    }
    json_cursor_pop(c, old);
    return paifu_bz__deal(b, quan, (const paifu_tile(*)[13])h, wall, n_wall);
}

/* One judge display. */
static int read_action(bz_builder *b, json_cursor *c, const json_t *disp, int *quan,
                       const paifu_tile *wall, size_t n_wall)
{
    const char *action;
    if (jreq_str(c, disp, "action", &action) < 0)
        return PAIFU_EFORMAT;
    long long seat = -1;
    if (json_object_get(disp, "player") && jreq_int(c, disp, "player", 0, 3, &seat) < 0)
        return PAIFU_EFORMAT;
    paifu_tile tile = jtile(json_object_get(disp, "tile"));
    int s = (int)seat, rc = 0;
    b->json = c;
    if (strcmp(action, "INIT") == 0) {
        long long q;
        if ((rc = jopt_int(c, disp, "quan", 0, 3, &q)) > 0)
            *quan = (int)q;
        return rc < 0 ? rc : 0;
    }
    if (strcmp(action, "DEAL") == 0)
        return read_deal(b, c, disp, *quan, wall, n_wall);
    if (strcmp(action, "DRAW") == 0)
        return paifu_bz__draw(b, s, tile);
    if (strcmp(action, "BUHUA") == 0)
        return paifu_bz__flower(b, s, tile);
    if (strcmp(action, "PLAY") == 0)
        return paifu_bz__play(b, s, tile);
    if (strcmp(action, "PENG") == 0) {
        if ((rc = paifu_bz__peng(b, s)) < 0)
            return rc;
        return paifu_bz__play(b, s, tile);
    }
    if (strcmp(action, "CHI") == 0) {
        if ((rc = paifu_bz__chi(b, s, jtile(json_object_get(disp, "tileCHI")))) < 0)
            return rc;
        return paifu_bz__play(b, s, tile);
    }
    if (strcmp(action, "GANG") == 0)
        return paifu_bz__gang(b, s, tile);
    if (strcmp(action, "BUGANG") == 0)
        return paifu_bz__bugang(b, s, tile);
    int32_t scores[4];
    bool have = false;
    if ((rc = read_scores(c, disp, scores, &have)) < 0)
        return rc;
    if (strcmp(action, "HU") == 0) {
        bz_fan fans[PAIFU_MAX_YAKU];
        size_t n = 0;
        long long total = -1;
        if (read_fans(c, disp, fans, &n) < 0 || jopt_int(c, disp, "fanCnt", 0, 10000, &total) < 0)
            return PAIFU_EFORMAT;
        b->json = c;
        return paifu_bz__hu(b, s, PAIFU_TILE_NONE, fans, n, (int)total, have ? scores : NULL);
    }
    if (strcmp(action, "HUANG") == 0)
        return paifu_bz__huang(b, have ? scores : NULL);
    json_cursor_key(c, "action");
    return jerr(c,
                "expected a judge action (INIT, DEAL, DRAW, PLAY, PENG, CHI, GANG, BUGANG, "
                "BUHUA, HU, HUANG), found \"%s\"",
                action);
}

static int read_logs(bz_builder *b, json_cursor *c, const json_t *root, int quan,
                     const paifu_tile *wall, size_t n_wall)
{
    const json_t *logs = json_object_get(root, "logs");
    size_t old = json_cursor_key(c, "logs");
    if (!json_is_array(logs))
        return jerr(c, "expected the array of logs, found %s", jtype(logs));
    bool dealt = false;
    for (size_t i = 0; i < json_array_size(logs); i++) {
        const json_t *entry = json_array_get(logs, i);
        const json_t *disp = json_object_get(json_object_get(entry, "output"), "display");
        if (!disp)
            continue; /* the bots' responses */
        size_t o2 = json_cursor_index(c, i);
        json_cursor_key(c, "output");
        json_cursor_key(c, "display");
        if (!json_is_object(disp))
            return jerr(c, "expected the judge's display object, found %s", jtype(disp));
        const char *action = json_string_value(json_object_get(disp, "action"));
        if (!dealt && action && strcmp(action, "INIT") != 0 && strcmp(action, "DEAL") != 0)
            return jerr(c, "expected the DEAL before \"%s\"", action);
        dealt = dealt || (action && strcmp(action, "DEAL") == 0);
        int rc = read_action(b, c, disp, &quan, wall, n_wall);
        if (rc < 0)
            return rc;
        json_cursor_pop(c, o2);
    }
    json_cursor_pop(c, old);
    if (!dealt)
        return jerr(c, "expected a DEAL among the logs");
    return 0;
}

static int read_players(json_cursor *c, const json_t *root, paifu_game *game)
{
    const json_t *players = json_object_get(root, "players");
    if (!players)
        return 0;
    size_t old = json_cursor_key(c, "players");
    if (!json_is_array(players) || json_array_size(players) != 4)
        return jerr(c, "expected four players, found %s", jtype(players));
    for (size_t s = 0; s < 4; s++) {
        const char *name = json_string_value(json_object_get(json_array_get(players, s), "name"));
        if (name && paifu_game_set_player_name(game, (int)s, name, c->err) < 0)
            return PAIFU_ENOMEM;
    }
    json_cursor_pop(c, old);
    return 0;
}

static int read_game(bz_builder *b, json_cursor *c, const json_t *root, paifu_game *game)
{
    if (!json_is_object(root))
        return jerr(c, "expected a Botzone match object, found %s", jtype(root));
    /* a slip of a key the reader reads is refused at its path, not left unread (issue 36) */
    static const char *const KEYS[] = {"logs", "initdata", "players"};
    int rc = jslip(c, root, KEYS, sizeof(KEYS) / sizeof(KEYS[0]));
    if (rc == 0)
        rc = paifu_game_set_source_format(game, "mcr-botzone", c->err);
    paifu_tile wall[PAIFU_WALL_MAX];
    size_t n_wall = 0;
    int quan = 0;
    if (rc == 0)
        rc = read_players(c, root, game);
    if (rc == 0)
        rc = read_initdata(c, root, &quan, wall, &n_wall, game);
    if (rc == 0)
        rc = read_logs(b, c, root, quan, wall, n_wall);
    return rc;
}

static int reader_next(void *state, paifu_game *game, paifu_error *err)
{
    botzone_json_reader *s = state;
    if (s->done)
        return 0;
    s->done = true;
    json_t *root = NULL;
    int rc = jload(&root, s->in.data, s->in.size, JSON_REJECT_DUPLICATES, 0, s->in.source, err);
    if (rc < 0)
        return rc;
    json_cursor c;
    json_cursor_init(&c, s->in.source, err);
    bz_builder b;
    rc = paifu_bz__init(&b, game, s->in.source, err);
    if (rc == 0)
        rc = read_game(&b, &c, root, game);
    paifu_bz__end(&b);
    jfree(root);
    return rc < 0 ? rc : 1;
}

const format_impl paifu_format_mcr_botzone = {
    .info = {.name = "mcr-botzone",
             .description = "Botzone Chinese-Standard-Mahjong match log (JSON, one MCR hand)",
             .can_read = true,
             .extension = ".json"},
    .sniff = sniff,
    .resembles = resembles,
    .reader_size = sizeof(botzone_json_reader),
    .reader_next = reader_next,
};
