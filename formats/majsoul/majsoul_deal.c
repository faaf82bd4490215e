/*
 * majsoul_deal.c: the records of a MahjongSoul deal onto the model, in their order (spec §3,
 * §5.1-§5.6, §8; the fields of each record in §5). Abortive draws and wins: majsoul_end.c.
 *
 * Choices:
 *   - RecordNewRound: the dealer's 14th tile, the last of its list, becomes the deal's first
 *     DRAW (spec §3.3); the dora indicator from `doras` (old records `dora`).
 *   - RecordDealTile after the seat's kan or kita is a REPLACEMENT draw.
 *   - RecordDiscardTile: TSUMOGIRI_KNOWN from `moqie`, except the dealer's first discard, which
 *     says false even when it throws the 14th tile (spec §5.3): there false is left unknown.
 *   - RecordChiPengGang: the called tile is the entry of `tiles` whose `froms` seat is not the
 *     caller (spec §5.4); without `froms`, the last entry, from the latest discarder.
 *   - RecordAnGangAddGang: a closed kan gets the four tiles of the kind with the red fives the
 *     seat holds, since the record names one representative (spec §5.5).
 *   - Riichi deposit: RIICHI_ACCEPTED where the record after the declaration carries `liqi` (a
 *     draw or a call: spec §5.2, §8.3), with the recorded scores after it; none when the
 *     declaration is won on or no record carries `liqi`.
 *   - Kan dora: `doras` of any record is the complete list; entries beyond those revealed become
 *     DORA events, before the record's own event for a draw or a discard (spec §8.4), after it
 *     for a kan or kita that carries them.
 *   - The wall (spec §8.1): `paishan` in draw order, 136 tiles (108 in 3-player), or in older
 *     records only the part not dealt, 83 (68), which is completed with the starting hands at
 *     their dealing positions so that the verifier checks every draw after the deal. The dead
 *     wall is the wall's end: replacement draws from the last tile back (4; 3-player 8), the
 *     k-th dora indicator wall[len - (21 - 4 * players) - 2k] and its ura the tile before, as
 *     the replay editor builds the records the client accepts [E] and one real 3-player record
 *     shows for the first indicator [V]. Tile ids are unknown (PAIFU_TILE_ID_NONE).
 */
#include "format.h"
#include "majsoul.h"

#include <stdio.h>
#include <string.h>

#define MAX_POINTS 100000000LL

/* ---- helpers ---- */

int paifu_majsoul__event(ms_state *st, paifu_event *ev)
{
    return paifu_game_add_event(st->game, ev, st->c->err);
}

static void hold(ms_seat *s, paifu_tile t)
{
    unsigned k = paifu_tile_kind(t);
    if (k >= PAIFU_TILE_KINDS)
        return;
    s->counts[k]++;
    if (paifu_tile_is_red(t))
        s->red[k / 9]++;
}

static void release(ms_seat *s, paifu_tile t)
{
    unsigned k = paifu_tile_kind(t);
    if (k >= PAIFU_TILE_KINDS || !s->counts[k])
        return;
    s->counts[k]--;
    if (paifu_tile_is_red(t) && s->red[k / 9])
        s->red[k / 9]--;
}

static int seat_of(ms_state *st, const json_t *data, int *out)
{
    long long v;
    int rc = paifu_majsoul__int(st->c, data, "seat", 0, st->players - 1, 0, &v);
    if (rc >= 0)
        *out = (int)v;
    return rc;
}

static int need_deal(ms_state *st, const char *type)
{
    if (!st->in_deal)
        return jerr(st->c, "a %s record before the first RecordNewRound", type);
    if (st->ended)
        return jerr(st->c, "a %s record after the deal's end record", type);
    return 0;
}

/* Dora indicators of DATA beyond those revealed become DORA events (spec §8.4). */
static int reveal(ms_state *st, const json_t *data)
{
    paifu_tile d[PAIFU_MAX_INDICATORS];
    size_t n;
    int rc = paifu_majsoul__tiles(st->c, data, "doras", d, PAIFU_MAX_INDICATORS, &n);
    for (size_t k = st->n_dora; rc >= 0 && k < n; k++) {
        paifu_event ev;
        paifu_event_init(&ev, PAIFU_EV_DORA, -1);
        ev.tile = d[k];
        st->n_dora = k + 1;
        rc = paifu_majsoul__event(st, &ev);
    }
    return rc < 0 ? rc : 0;
}

int paifu_majsoul__deposit(ms_state *st, const json_t *liqi)
{
    json_cursor *c = st->c;
    int declarer = st->riichi_seat;
    unsigned flags = st->riichi_double ? PAIFU_EVF_DOUBLE_RIICHI : 0;
    st->riichi_seat = -1;
    if (!liqi)
        return 0;
    bool failed;
    long long seat, score;
    int32_t row[PAIFU_SEATS];
    size_t old = json_cursor_key(c, "liqi");
    int rc, has_score;
    if (!json_is_object(liqi))
        return jerr(c, "expected a riichi deposit (LiQiSuccess): an object, found %s", jtype(liqi));
    if ((rc = paifu_majsoul__int(c, liqi, "seat", 0, st->players - 1, 0, &seat)) < 0 ||
        (rc = paifu_majsoul__bool(c, liqi, "failed", &failed)) < 0 ||
        (has_score = rc =
             paifu_majsoul__int(c, liqi, "score", -MAX_POINTS, MAX_POINTS, 0, &score)) < 0)
        return rc;
    json_cursor_pop(c, old);
    if (failed)
        return 0; /* the stick could not be paid (spec §5.2) */
    if (declarer < 0 || declarer != seat)
        flags = 0;
    st->sticks++;
    if (has_score && st->scores_known) {
        st->scores[seat] = (int32_t)score;
        memcpy(row, st->scores, sizeof(row));
    }
    return paifu_game_add_riichi_accepted(st->game, (int)seat, flags,
                                          has_score && st->scores_known ? row : NULL, 0, 0, c->err);
}

/* ---- RecordNewRound ---- */

/* Wall position of the I-th tile dealt to SEAT (I = 13: the dealer's 14th). */
static int deal_position(int players, int dealer, int seat, int i)
{
    int k = (seat - dealer + players) % players;
    if (i == 13)
        return 13 * players;
    return i < 12 ? 4 * (players * (i / 4) + k) + i % 4 : 12 * players + k;
}

static void wall_layout(paifu_wall_layout *l, int players, int len)
{
    memset(l, 0, sizeof(*l));
    l->live_start = (uint8_t)(13 * players);
    l->live_end = (uint8_t)(len - 14);
    l->n_replacement = (uint8_t)(players == 4 ? 4 : 8);
    for (int k = 0; k < l->n_replacement; k++)
        l->replacement[k] = (uint8_t)(len - 1 - k);
    l->n_dora = PAIFU_MAX_INDICATORS;
    for (int k = 0; k < PAIFU_MAX_INDICATORS; k++) {
        l->dora[k] = (uint8_t)(len - (21 - 4 * players) - 2 * k);
        l->ura[k] = (uint8_t)(l->dora[k] - 1);
    }
}

/* `paishan`: the whole wall, or the part after the deal (spec §8.1). HANDS are the starting
   hands as dealt, the dealer's with its 14th tile. */
static int read_wall(ms_state *st, const json_t *data, paifu_deal_start *sp, paifu_tile *wall,
                     uint8_t *ids, paifu_tile hands[PAIFU_SEATS][PAIFU_MAX_HAND])
{
    char buf[64];
    const char *key;
    const json_t *v = paifu_majsoul__member(data, "paishan", &key, buf);
    if (!v || (json_is_string(v) && !json_string_length(v)))
        return 0;
    json_cursor *c = st->c;
    size_t old = json_cursor_key(c, key);
    int p = st->players, full = p == 4 ? 136 : 108, dealt = 13 * p + 1;
    const char *s = json_string_value(v);
    size_t len = s ? strlen(s) : 0;
    if (!s || len % 2 || (len / 2 != (size_t)full && len / 2 != (size_t)(full - dealt)))
        return jerr(c, "expected the wall: a string of %d or %d two-character tiles, found %s",
                    full, full - dealt, s ? "another length" : jtype(v));
    size_t from = len / 2 == (size_t)full ? 0 : (size_t)dealt;
    for (size_t i = 0; i < len / 2; i++)
        if (!paifu_majsoul__code(s + 2 * i, &wall[from + i]))
            return jerr(c,
                        "tile %zu of the wall, \"%.2s\", is not a tile such as \"5m\" or "
                        "\"7z\"",
                        i, s + 2 * i);
    for (int seat = 0; from && seat < p; seat++)
        for (int i = 0; i < (seat == sp->dealer ? 14 : 13); i++)
            wall[deal_position(p, sp->dealer, seat, i)] = hands[seat][i];
    memset(ids, PAIFU_TILE_ID_NONE, (size_t)full);
    sp->n_wall = (uint16_t)full;
    sp->wall = wall;
    sp->wall_ids = ids;
    sp->flags |= PAIFU_DEAL_HAS_WALL;
    wall_layout(&sp->wall_layout, p, full);
    json_cursor_pop(c, old);
    return 0;
}

/* tiles0..tiles3: the dealer 14, the others 13, seats not in play none (spec §5.1). */
static int read_hands(ms_state *st, const json_t *data, paifu_deal_start *sp,
                      paifu_tile hands[PAIFU_SEATS][PAIFU_MAX_HAND])
{
    for (int s = 0; s < PAIFU_SEATS; s++) {
        char key[8], buf[64];
        const char *found;
        size_t n;
        snprintf(key, sizeof(key), "tiles%d", s);
        int rc = paifu_majsoul__tiles(st->c, data, key, hands[s], PAIFU_MAX_HAND, &n);
        if (rc < 0)
            return rc;
        int want = s >= st->players ? 0 : s == sp->dealer ? 14 : 13;
        if (n != (size_t)want) {
            paifu_majsoul__member(data, key, &found, buf);
            json_cursor_key(st->c, found);
            return jerr(st->c, "expected %d tiles in seat %d's starting hand%s, found %zu", want, s,
                        s == sp->dealer ? " (the dealer's, with its 14th tile)" : "", n);
        }
        sp->n_hand[s] = (uint8_t)(n > 13 ? 13 : n);
        memcpy(sp->hands[s], hands[s], sp->n_hand[s]);
    }
    return 0;
}

static int read_start(ms_state *st, const json_t *data, paifu_deal_start *sp)
{
    json_cursor *c = st->c;
    long long chang, ju, ben, sticks;
    size_t n;
    int rc;
    paifu_deal_start_init(sp);
    if ((rc = paifu_majsoul__int(c, data, "chang", 0, 3, 0, &chang)) < 0 ||
        (rc = paifu_majsoul__int(c, data, "ju", 0, st->players - 1, 0, &ju)) < 0 ||
        (rc = paifu_majsoul__int(c, data, "ben", 0, 10000, 0, &ben)) < 0 ||
        (rc = paifu_majsoul__int(c, data, "liqibang", 0, 10000, 0, &sticks)) < 0 ||
        (rc = paifu_majsoul__ints(c, data, "scores", -MAX_POINTS, MAX_POINTS, sp->scores,
                                  PAIFU_SEATS, &n)) < 0)
        return rc;
    if (rc == 1 && n != (size_t)st->players) {
        json_cursor_key(c, "scores");
        return jerr(c, "expected %d scores, found %zu", st->players, n);
    }
    sp->round_wind = (uint8_t)chang;
    sp->hand_number = (uint8_t)ju;
    sp->dealer = (int8_t)ju; /* spec §3.2: the dealer of the round is seat `ju` */
    sp->honba = (int16_t)ben;
    sp->riichi_sticks = (int16_t)sticks;
    sp->flags =
        PAIFU_DEAL_HAS_HANDS | PAIFU_DEAL_HAS_STICKS | (rc == 1 ? PAIFU_DEAL_HAS_SCORES : 0);
    paifu_tile dora[PAIFU_MAX_INDICATORS];
    if ((rc = paifu_majsoul__tiles(c, data, "doras", dora, PAIFU_MAX_INDICATORS, &n)) < 0)
        return rc;
    if (n == 0 && (rc = paifu_majsoul__tile(c, data, "dora", &dora[0])) < 0)
        return rc;
    if (n == 0 && rc == 1)
        n = 1; /* old records: one `dora` (spec §5.1) */
    sp->dora_indicator = n ? dora[0] : PAIFU_TILE_NONE;
    st->n_dora = n;
    return 0;
}

static void reset_deal(ms_state *st, const paifu_deal_start *sp)
{
    memset(st->seat, 0, sizeof(st->seat));
    for (int s = 0; s < PAIFU_SEATS; s++)
        st->seat[s].last_draw = PAIFU_TILE_NONE;
    st->start = *sp;
    st->start.n_wall = 0;
    st->start.wall = NULL;
    st->start.wall_ids = NULL;
    memcpy(st->scores, sp->scores, sizeof(st->scores));
    st->scores_known = (sp->flags & PAIFU_DEAL_HAS_SCORES) != 0;
    st->sticks = sp->riichi_sticks;
    st->riichi_seat = -1;
    st->riichi_double = false;
    st->last_actor = -1;
    st->in_deal = true;
    st->ended = false;
}

static int new_round(ms_state *st, const json_t *data)
{
    paifu_deal_start sp;
    paifu_tile hands[PAIFU_SEATS][PAIFU_MAX_HAND];
    paifu_tile wall[PAIFU_WALL_MAX];
    uint8_t ids[PAIFU_WALL_MAX];
    int rc;
    if (st->in_deal && !st->ended)
        return jerr(st->c, "a RecordNewRound before the previous deal's end record (RecordHule, "
                           "RecordNoTile or RecordLiuJu)");
    memset(hands, 0, sizeof(hands));
    if ((rc = read_start(st, data, &sp)) < 0)
        return rc;
    if ((rc = read_hands(st, data, &sp, hands)) < 0 ||
        (rc = read_wall(st, data, &sp, wall, ids, hands)) < 0 ||
        (rc = paifu_game_begin_deal(st->game, &sp, 0, 0, st->c->err)) < 0) {
        paifu_error *err = st->c->err; /* name the deal being read, not the one before */
        if (err && !err->where.deal[0])
            paifu_deal_label(err->where.deal, sizeof(err->where.deal), &sp);
        return rc;
    }
    reset_deal(st, &sp);
    for (int s = 0; s < st->players; s++)
        for (int i = 0; i < 13; i++)
            hold(&st->seat[s], hands[s][i]);
    paifu_event ev; /* the dealer's 14th tile is its first draw (spec §3.3) */
    paifu_event_init(&ev, PAIFU_EV_DRAW, sp.dealer);
    ev.tile = hands[sp.dealer][13];
    hold(&st->seat[sp.dealer], ev.tile);
    st->seat[sp.dealer].last_draw = ev.tile;
    return paifu_majsoul__event(st, &ev);
}

/* ---- draws and discards ---- */

static int deal_tile(ms_state *st, const json_t *data)
{
    json_cursor *c = st->c;
    char buf[64];
    int seat, rc;
    paifu_event ev;
    paifu_event_init(&ev, PAIFU_EV_DRAW, 0);
    if ((rc = seat_of(st, data, &seat)) < 0 ||
        (rc = paifu_majsoul__tile(c, data, "tile", &ev.tile)) < 0)
        return rc;
    if (rc == 0)
        return jerr(c, "expected the drawn tile (\"tile\"), found nothing");
    const json_t *liqi = paifu_majsoul__member(data, "liqi", NULL, buf);
    if ((st->riichi_seat >= 0 || liqi) && (rc = paifu_majsoul__deposit(st, liqi)) < 0)
        return rc;
    if ((rc = reveal(st, data)) < 0)
        return rc;
    ms_seat *s = &st->seat[seat];
    ev.seat = (int8_t)seat;
    if (s->replacement_due)
        ev.flags |= PAIFU_EVF_REPLACEMENT;
    s->replacement_due = false;
    s->last_draw = ev.tile;
    hold(s, ev.tile);
    return paifu_majsoul__event(st, &ev);
}

static int discard_tile(ms_state *st, const json_t *data)
{
    json_cursor *c = st->c;
    int seat, rc;
    bool riichi, wriichi, moqie;
    paifu_event ev;
    paifu_event_init(&ev, PAIFU_EV_DISCARD, 0);
    if ((rc = seat_of(st, data, &seat)) < 0 ||
        (rc = paifu_majsoul__tile(c, data, "tile", &ev.tile)) < 0)
        return rc;
    if (rc == 0)
        return jerr(c, "expected the discarded tile (\"tile\"), found nothing");
    if ((rc = paifu_majsoul__bool(c, data, "is_liqi", &riichi)) < 0 ||
        (rc = paifu_majsoul__bool(c, data, "is_wliqi", &wriichi)) < 0 ||
        (rc = paifu_majsoul__bool(c, data, "moqie", &moqie)) < 0 || (rc = reveal(st, data)) < 0)
        return rc;
    ms_seat *s = &st->seat[seat];
    bool first_of_dealer = seat == st->start.dealer && !s->discarded;
    ev.seat = (int8_t)seat;
    if (moqie || !first_of_dealer)
        ev.flags |= PAIFU_EVF_TSUMOGIRI_KNOWN | (moqie ? PAIFU_EVF_TSUMOGIRI : 0);
    st->riichi_seat = -1; /* a declaration nobody answered cannot still be pending */
    if (riichi || wriichi) {
        ev.flags |= PAIFU_EVF_RIICHI;
        st->riichi_seat = seat;
        st->riichi_double = wriichi;
    }
    s->discarded = true;
    release(s, ev.tile);
    st->last_actor = seat;
    return paifu_majsoul__event(st, &ev);
}

/* ---- calls ---- */

/* The index of the called tile in TILES: the one whose `froms` entry is another seat. */
static int called_index(ms_state *st, const json_t *data, int seat, size_t n, int *from)
{
    int32_t froms[4];
    size_t nf;
    int rc = paifu_majsoul__ints(st->c, data, "froms", 0, st->players - 1, froms, 4, &nf);
    if (rc < 0)
        return rc;
    if (nf == 0) { /* spec §5.4: the called tile is last; the discarder is the latest one */
        *from = st->last_actor >= 0 ? st->last_actor : seat;
        return (int)n - 1;
    }
    int idx = -1, others = 0;
    for (size_t i = 0; i < nf; i++)
        if (froms[i] != seat) {
            idx = (int)i;
            others++;
        }
    if (nf != n || others != 1) {
        json_cursor_key(st->c, "froms");
        return jerr(st->c,
                    "expected one seat per tile with exactly one other than the caller's "
                    "(%d), found %zu seats, %d of others",
                    seat, nf, others);
    }
    *from = froms[idx];
    return idx;
}

static int chi_peng_gang(ms_state *st, const json_t *data)
{
    static const paifu_event_type TYPES[] = {PAIFU_EV_CHI, PAIFU_EV_PON, PAIFU_EV_DAIMINKAN};
    json_cursor *c = st->c;
    char buf[64];
    int seat, from = -1, rc;
    long long type;
    paifu_tile tiles[4];
    size_t n;
    if ((rc = seat_of(st, data, &seat)) < 0 ||
        (rc = paifu_majsoul__int(c, data, "type", 0, 2, 0, &type)) < 0 ||
        (rc = paifu_majsoul__tiles(c, data, "tiles", tiles, 4, &n)) < 0)
        return rc;
    if (n != (type == 2 ? 4u : 3u)) {
        json_cursor_key(c, "tiles");
        return jerr(c, "expected %d tiles for a %s, found %zu", type == 2 ? 4 : 3,
                    type == 0   ? "chi"
                    : type == 1 ? "pon"
                                : "daiminkan",
                    n);
    }
    int idx = called_index(st, data, seat, n, &from);
    if (idx < 0)
        return idx;
    const json_t *liqi = paifu_majsoul__member(data, "liqi", NULL, buf);
    if ((st->riichi_seat >= 0 || liqi) && (rc = paifu_majsoul__deposit(st, liqi)) < 0)
        return rc;
    paifu_event ev;
    paifu_event_init(&ev, TYPES[type], seat);
    ev.from = (int8_t)from;
    ev.tile = tiles[idx];
    ms_seat *s = &st->seat[seat];
    for (size_t i = 0; i < n; i++)
        if ((int)i != idx) {
            ev.tiles[ev.n++] = tiles[i];
            release(s, tiles[i]);
        }
    if (type == 1 && s->n_pons < 4) {
        memcpy(s->pons[s->n_pons], ev.tiles, 2);
        s->pons[s->n_pons++][2] = ev.tile;
    }
    s->replacement_due = type == 2;
    return paifu_majsoul__event(st, &ev);
}

/* A closed kan of KIND: four tiles with the red fives the seat holds (spec §5.5). */
static void ankan_tiles(ms_seat *s, paifu_tile named, paifu_event *ev)
{
    unsigned k = paifu_tile_kind(named);
    unsigned red = k < 27 && k % 9 == 4 ? s->red[k / 9] : 0;
    if (paifu_tile_is_red(named) && red == 0)
        red = 1;
    ev->n = 4;
    for (unsigned i = 0; i < 4; i++) {
        ev->tiles[i] = paifu_tile_make(k, i < red);
        release(s, ev->tiles[i]);
    }
}

static int an_gang_add_gang(ms_state *st, const json_t *data)
{
    json_cursor *c = st->c;
    int seat, rc;
    long long type;
    paifu_tile tile;
    if ((rc = seat_of(st, data, &seat)) < 0 ||
        (rc = paifu_majsoul__int(c, data, "type", 0, 0xFFFFFFFFLL, 0, &type)) < 0)
        return rc;
    if (type != 2 && type != 3) {
        json_cursor_key(c, "type");
        return jerr(c, "expected 3 (closed kan) or 2 (added kan), found %lld", type);
    }
    if ((rc = paifu_majsoul__tile(c, data, "tiles", &tile)) < 0)
        return rc;
    if (rc == 0)
        return jerr(c, "expected the kan's tile (\"tiles\", one tile), found nothing");
    ms_seat *s = &st->seat[seat];
    paifu_event ev;
    paifu_event_init(&ev, type == 3 ? PAIFU_EV_ANKAN : PAIFU_EV_SHOUMINKAN, seat);
    if (type == 3) {
        ankan_tiles(s, tile, &ev);
    } else {
        ev.tile = tile;
        ev.n = 3;
        for (int i = 0; i < 3; i++)
            ev.tiles[i] = paifu_tile_make(paifu_tile_kind(tile), false);
        for (int p = 0; p < s->n_pons; p++)
            if (paifu_tile_kind(s->pons[p][0]) == paifu_tile_kind(tile))
                memcpy(ev.tiles, s->pons[p], 3);
        release(s, tile);
    }
    s->replacement_due = true;
    st->last_actor = seat;
    if ((rc = paifu_majsoul__event(st, &ev)) < 0)
        return rc;
    return reveal(st, data);
}

static int ba_bei(ms_state *st, const json_t *data)
{
    int seat, rc = seat_of(st, data, &seat);
    if (rc < 0)
        return rc;
    paifu_event ev;
    paifu_event_init(&ev, PAIFU_EV_KITA, seat);
    ev.tile = paifu_tile_make(PAIFU_TILE_NORTH, false); /* always the North (spec §5.6) */
    release(&st->seat[seat], ev.tile);
    st->seat[seat].replacement_due = true;
    st->last_actor = seat;
    if ((rc = paifu_majsoul__event(st, &ev)) < 0)
        return rc;
    return reveal(st, data);
}

/* ---- dispatch ---- */

/* Records of modes that are not standard riichi (spec §5.11). */
static bool other_mode(const char *type)
{
    static const char *const OTHER[] = {
        "ChangeTile",    "SelectGap",     "HuleXueZhanMid", "HuleXueZhanEnd", "GangResult",
        "GangResultEnd", "RevealTile",    "UnveilTile",     "LockTile",       "FillAwaitingTiles",
        "NewCard",       "HuleXueLiuMid", "HuleXueLiuEnd",  "Cuohu",
    };
    for (size_t i = 0; i < sizeof(OTHER) / sizeof(OTHER[0]); i++)
        if (strcmp(type, OTHER[i]) == 0)
            return true;
    return false;
}

/* An error inside a deal names the deal ("E2-1") too. */
static int located(ms_state *st, int rc)
{
    paifu_error *err = st->c->err;
    if (rc < 0 && st->in_deal && err && !err->where.deal[0])
        paifu_deal_label(err->where.deal, sizeof(err->where.deal), &st->start);
    return rc;
}

int paifu_majsoul__record(ms_state *st, const ms_record *r)
{
    static const struct {
        const char *type;
        int (*fn)(ms_state *st, const json_t *data);
    } TABLE[] = {
        {"DealTile", deal_tile},
        {"DiscardTile", discard_tile},
        {"ChiPengGang", chi_peng_gang},
        {"AnGangAddGang", an_gang_add_gang},
        {"BaBei", ba_bei},
        {"Hule", paifu_majsoul__hule},
        {"NoTile", paifu_majsoul__no_tile},
        {"LiuJu", paifu_majsoul__liu_ju},
    };
    if (strcmp(r->type, "NewRound") == 0)
        return located(st, new_round(st, r->data));
    for (size_t i = 0; i < sizeof(TABLE) / sizeof(TABLE[0]); i++)
        if (strcmp(r->type, TABLE[i].type) == 0) {
            int rc = need_deal(st, r->type);
            return located(st, rc < 0 ? rc : TABLE[i].fn(st, r->data));
        }
    if (other_mode(r->type))
        return located(st, junsupported(st->c,
                                        "a Record%s: a MahjongSoul mode that is not standard "
                                        "riichi",
                                        r->type));
    char reason[96]; /* spec §5.11: skip it, but the scoring can no longer be trusted */
    snprintf(reason, sizeof(reason), "unknown MahjongSoul record \"%.40s\"", r->type);
    return paifu_game_set_meta(st->game, PAIFU_META_RULES_UNKNOWN, reason, st->c->err);
}
