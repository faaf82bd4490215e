/*
 * majsoul_end.c: the end of a MahjongSoul deal onto the model (spec §5.7-§5.9, §6, §8.3).
 *
 * RecordHule   one WIN per entry of `hules` (a ron by two or three players is one record), in
 *              the record's order:
 *                winner `seat`; discarder: the winner for `zimo`, else the seat of the latest
 *                discard, kan or kita (a robbed kan or north is won like a discard)
 *                winning tile `hu_tile`; hand = `hand` (which leaves the winning tile out) plus
 *                `hu_tile`. A heavenly hand is recorded with `hu_tile` any tile of the hand
 *                (a real 3-player record shows it), so a tsumo before the winner's first discard
 *                takes the tile the winner drew as its winning tile
 *                dora indicators `doras`; ura indicators `li_doras` for a winner in riichi
 *                yaku: `fans` through the fan table (spec §6), han = `val`, for yakuman ids
 *                13 x `val` (the multiplier); a fan id with no paifu yaku (local yaku, event
 *                modes) leaves the yaku unknown and sets PAIFU_META_RULES_UNKNOWN
 *                han = `count` (yakuman: 13 x `count`, and `count` yakuman); fu = `fu`
 *                limit from `title_id` (1 mangan .. 4 sanbaiman, 5-11 yakuman, kazoe included)
 *                points: ron `point_rong`; tsumo: the dealer's `point_zimo_xian` from each
 *                other player, else `point_zimo_qin` from the dealer and `point_zimo_xian`
 *                from the others (payments known; the points are what they add up to)
 *                liable seat: `baopai_seats`, else `baopai` (seat + 1; also the record's)
 *                deltas: `delta_scores` with one winner. With several, `delta_scores` is the
 *                sum: every winner after the first takes its `point_rong` from the discarder
 *                (honba and riichi sticks go to hules[0]: spec §5.7), the first the rest;
 *                with a liable seat among them the split is not known and no win has deltas
 *                scores before: `old_scores` (riichi deposits of the deal already made), then
 *                plus the deltas of the wins before
 * RecordNoTile EXHAUSTIVE_DRAW: tenpai from players[].tingpai, the hands shown, deltas = the
 *              sum of every `scores[].delta_scores` (none: nobody pays), scores before =
 *              `old_scores`, nagashi mangan (`liujumanguan`) for the seats of `scores[]`
 * RecordLiuJu  ABORTIVE_DRAW of `type` (1 nine terminals with the declarer `seat` and its
 *              `tiles`, 2 four winds, 3 four kans, 4 four riichi, 5 triple ron); hands of
 *              `allplayertiles`. A riichi declared on the last discard paid its stick when the
 *              record has `liqi`, for four riichi always (spec §5.9), otherwise when the next
 *              deal starts with one more stick than the table had
 */
#include "format.h"
#include "majsoul.h"
#include "majsoul_names.h"

#include <paifu/yaku.h>
#include <stdio.h>
#include <string.h>

#define MAX_POINTS 100000000LL
/* fan ids (spec §6): MahjongSoul's fan table, majsoul_names.c */

/* `fans` into W->yaku; *KNOWN false when an id has no paifu yaku. */
static int read_fans(ms_state *st, const json_t *h, paifu_win *w, bool *known)
{
    json_cursor *c = st->c;
    char buf[64];
    const char *key;
    const json_t *fans = paifu_majsoul__member(h, "fans", &key, buf);
    *known = fans != NULL;
    if (!fans)
        return 0;
    size_t old = json_cursor_key(c, key);
    if (!json_is_array(fans) || json_array_size(fans) > PAIFU_MAX_YAKU)
        return jerr(c, "expected at most %d fans (an array of {id, val}), found %s", PAIFU_MAX_YAKU,
                    json_is_array(fans) ? "more" : jtype(fans));
    for (size_t i = 0; i < json_array_size(fans); i++) {
        const json_t *f = json_array_get(fans, i);
        long long id, val;
        size_t o2 = json_cursor_index(c, i);
        int rc;
        if (!json_is_object(f))
            return jerr(c, "expected a fan: {\"id\", \"val\"}, found %s", jtype(f));
        if ((rc = paifu_majsoul__int(c, f, "id", 0, 0xFFFFFFFFLL, 0, &id)) < 0 ||
            (rc = paifu_majsoul__int(c, f, "val", 0, 1000, 0, &val)) < 0)
            return rc;
        const ms_fan *row = paifu_majsoul__fan(id);
        if (!row || row->yaku == MS_NO_YAKU) {
            char reason[96];
            snprintf(reason, sizeof(reason),
                     "MahjongSoul fan id %lld (a local yaku or an event "
                     "mode) has no paifu yaku",
                     id);
            *known = false;
            if ((rc = paifu_game_set_meta(st->game, PAIFU_META_RULES_UNKNOWN, reason, c->err)) < 0)
                return rc;
            json_cursor_pop(c, o2);
            continue;
        }
        int yaku = paifu_majsoul__fan_yaku(row, w->winner, st->start.dealer,
                                           st->start.round_wind, st->players);
        paifu_yaku_value *y = &w->yaku[w->n_yaku++];
        memset(y, 0, sizeof(*y));
        y->id = (uint16_t)yaku;
        y->han = (int16_t)(row->yiman ? PAIFU_YAKU_YAKUMAN_HAN * val : val);
        y->count = 1;
        json_cursor_pop(c, o2);
    }
    json_cursor_pop(c, old);
    return 0;
}

/* ---- RecordHule ---- */

/* Limit of `title_id` (E_Dadian_Title, spec §5.7); false for an id outside the enum. */
static bool limit_of(long long title, uint8_t *out)
{
    if (title < 0 || title > 11)
        return false;
    *out = (uint8_t)(title == 0  ? PAIFU_LIMIT_NONE
                     : title < 5 ? PAIFU_LIMIT_MANGAN + (title - 1)
                                 : PAIFU_LIMIT_YAKUMAN);
    return true;
}

typedef struct hule_values {
    long long seat, count, fu, title, rong, qin, xian, bao;
    int has_count, has_fu, has_title, has_rong, has_qin, has_xian;
    bool zimo, liqi, yiman;
} hule_values;

static int read_values(json_cursor *c, const json_t *h, int players, hule_values *v)
{
    int rc;
    if ((rc = paifu_majsoul__int(c, h, "seat", 0, players - 1, 0, &v->seat)) < 0 ||
        (rc = paifu_majsoul__bool(c, h, "zimo", &v->zimo)) < 0 ||
        (rc = paifu_majsoul__bool(c, h, "liqi", &v->liqi)) < 0 ||
        (rc = paifu_majsoul__bool(c, h, "yiman", &v->yiman)) < 0 ||
        (rc = v->has_count = paifu_majsoul__int(c, h, "count", 0, 1000, 0, &v->count)) < 0 ||
        (rc = v->has_fu = paifu_majsoul__int(c, h, "fu", 0, 1000, 0, &v->fu)) < 0 ||
        (rc = v->has_title = paifu_majsoul__int(c, h, "title_id", 0, 0xFFFFFFFFLL, 0, &v->title)) <
            0 ||
        (rc = v->has_rong = paifu_majsoul__int(c, h, "point_rong", 0, MAX_POINTS, 0, &v->rong)) <
            0 ||
        (rc = v->has_qin = paifu_majsoul__int(c, h, "point_zimo_qin", 0, MAX_POINTS, 0, &v->qin)) <
            0 ||
        (rc = v->has_xian =
             paifu_majsoul__int(c, h, "point_zimo_xian", 0, MAX_POINTS, 0, &v->xian)) < 0 ||
        (rc = paifu_majsoul__int(c, h, "baopai", 0, players, 0, &v->bao)) < 0)
        return rc;
    return 0;
}

/* The tiles of a win: the winning tile, the hand with it, the indicators. */
static int read_win_tiles(ms_state *st, const json_t *h, const hule_values *v, paifu_win *w)
{
    json_cursor *c = st->c;
    size_t n;
    int rc;
    paifu_tile hu;
    if ((rc = paifu_majsoul__tile(c, h, "hu_tile", &hu)) < 0)
        return rc;
    if (rc == 0)
        return jerr(c, "expected the winning tile (\"hu_tile\"), found nothing");
    const ms_seat *s = &st->seat[w->winner];
    w->win_tile = hu;
    if (v->zimo && !s->discarded && s->last_draw != PAIFU_TILE_NONE)
        w->win_tile = s->last_draw; /* a heavenly hand names any tile of the hand */
    if ((rc = paifu_majsoul__tiles(c, h, "hand", w->hand, PAIFU_MAX_HAND - 1, &n)) < 0)
        return rc;
    w->hand[n] = hu;
    w->n_hand = (uint8_t)(n + 1);
    w->known |= PAIFU_REC_HAND;
    if ((rc = paifu_majsoul__tiles(c, h, "doras", w->dora, PAIFU_MAX_INDICATORS, &n)) < 0)
        return rc;
    if (rc == 1) {
        w->n_dora = (uint8_t)n;
        w->known |= PAIFU_REC_DORA;
    }
    if ((rc = paifu_majsoul__tiles(c, h, "li_doras", w->ura, PAIFU_MAX_INDICATORS, &n)) < 0)
        return rc;
    if (rc == 1 && v->liqi) {
        w->n_ura = (uint8_t)n;
        w->known |= PAIFU_REC_URA;
    }
    return 0;
}

/* The value: han, fu, limit, points and the tsumo payments. */
static void win_value(const ms_state *st, const hule_values *v, paifu_win *w)
{
    if (v->has_count) {
        w->yakuman = (uint8_t)(v->yiman ? v->count : 0);
        w->han = (int16_t)(v->yiman ? PAIFU_YAKU_YAKUMAN_HAN * v->count : v->count);
        w->known |= PAIFU_REC_HAN;
    }
    if (v->has_fu) {
        w->fu = (int16_t)v->fu;
        w->known |= PAIFU_REC_FU;
    }
    if ((v->has_title || v->has_rong) && limit_of(v->title, &w->limit))
        w->known |= PAIFU_REC_LIMIT;
    int n = st->players;
    if (!v->zimo && v->has_rong) {
        w->points = (int32_t)v->rong;
        w->known |= PAIFU_REC_POINTS;
    } else if (v->zimo && w->winner == st->start.dealer && v->has_xian) {
        w->payment_nondealer = (int32_t)v->xian;
        w->payment_dealer = 0;
        w->points = (int32_t)(v->xian * (n - 1));
        w->known |= PAIFU_REC_POINTS | PAIFU_REC_PAYMENTS;
    } else if (v->zimo && v->has_qin && v->has_xian) {
        w->payment_nondealer = (int32_t)v->xian;
        w->payment_dealer = (int32_t)v->qin;
        w->points = (int32_t)(v->qin + v->xian * (n - 2));
        w->known |= PAIFU_REC_POINTS | PAIFU_REC_PAYMENTS;
    }
}

static int read_win(ms_state *st, const json_t *h, long long record_bao, paifu_win *w,
                    int32_t *rong)
{
    json_cursor *c = st->c;
    hule_values v;
    int32_t bao[3];
    size_t n_bao;
    bool fans_known;
    int rc;
    paifu_win_init(w);
    memset(&v, 0, sizeof(v));
    if (!json_is_object(h))
        return jerr(c, "expected a winner (HuleInfo): an object, found %s", jtype(h));
    if ((rc = read_values(c, h, st->players, &v)) < 0 ||
        (rc = paifu_majsoul__ints(c, h, "baopai_seats", 0, st->players - 1, bao, 3, &n_bao)) < 0)
        return rc;
    w->winner = (int8_t)v.seat;
    w->from = (int8_t)(v.zimo ? v.seat : st->last_actor);
    if (!v.zimo && (st->last_actor < 0 || st->last_actor == v.seat))
        return jerr(c,
                    "expected a tsumo (\"zimo\": true): seat %lld has no discard of another "
                    "seat to win on",
                    v.seat);
    int pao = n_bao ? bao[0] : v.bao ? (int)v.bao - 1 : record_bao ? (int)record_bao - 1 : -1;
    w->pao = (int8_t)(pao == v.seat ? -1 : pao);
    if ((rc = read_win_tiles(st, h, &v, w)) < 0 || (rc = read_fans(st, h, w, &fans_known)) < 0)
        return rc;
    if (fans_known)
        w->known |= PAIFU_REC_YAKU;
    win_value(st, &v, w);
    *rong = v.has_rong && !v.zimo ? (int32_t)v.rong : -1;
    return 0;
}

/* Split the record's deltas between its winners (see the file header). */
static void split_deltas(ms_state *st, paifu_win *wins, size_t n, const int32_t *rong,
                         const int32_t *total, bool has_total)
{
    bool known = has_total;
    for (size_t k = 1; k < n; k++)
        known = known && rong[k] >= 0 && wins[k].pao < 0 && wins[k].from != wins[k].winner;
    if (!known || (n > 1 && wins[0].pao >= 0))
        return;
    memcpy(wins[0].deltas, total, sizeof(int32_t) * PAIFU_SEATS);
    for (size_t k = 1; k < n; k++) {
        memset(wins[k].deltas, 0, sizeof(wins[k].deltas));
        wins[k].deltas[wins[k].winner] += rong[k];
        wins[k].deltas[wins[k].from] -= rong[k];
        for (int s = 0; s < st->players; s++)
            wins[0].deltas[s] -= wins[k].deltas[s];
    }
    for (size_t k = 0; k < n; k++)
        wins[k].known |= PAIFU_REC_DELTAS;
}

/* Scores before each win: OLD, then plus the deltas of the wins before it. */
static void scores_before(ms_state *st, paifu_win *wins, size_t n, const int32_t *old)
{
    int32_t run[PAIFU_SEATS];
    memcpy(run, old, sizeof(run));
    for (size_t k = 0; k < n; k++) {
        memcpy(wins[k].scores_before, run, sizeof(run));
        wins[k].known |= PAIFU_REC_SCORES;
        if (!(wins[k].known & PAIFU_REC_DELTAS))
            return;
        for (int s = 0; s < st->players; s++)
            run[s] += wins[k].deltas[s];
    }
}

/* An array of one integer per seat, or nothing: 1 present, 0 absent. */
static int per_seat(ms_state *st, const json_t *obj, const char *key, int32_t *out)
{
    size_t n;
    memset(out, 0, sizeof(int32_t) * PAIFU_SEATS);
    int rc = paifu_majsoul__ints(st->c, obj, key, -MAX_POINTS, MAX_POINTS, out, PAIFU_SEATS, &n);
    if (rc == 1 && n == 0)
        return 0; /* an empty list: nothing recorded (spec §5.8) */
    if (rc == 1 && n != (size_t)st->players) {
        char buf[64];
        const char *found;
        paifu_majsoul__member(obj, key, &found, buf);
        json_cursor_key(st->c, found);
        return jerr(st->c, "expected %d integers, one per seat, found %zu", st->players, n);
    }
    return rc;
}

int paifu_majsoul__hule(ms_state *st, const json_t *data)
{
    json_cursor *c = st->c;
    char buf[64];
    const char *key;
    const json_t *hules = paifu_majsoul__member(data, "hules", &key, buf);
    int32_t old[PAIFU_SEATS], total[PAIFU_SEATS], rong[3];
    long long bao;
    int rc, has_old, has_total;
    if ((rc = has_old = per_seat(st, data, "old_scores", old)) < 0 ||
        (rc = has_total = per_seat(st, data, "delta_scores", total)) < 0 ||
        (rc = paifu_majsoul__int(c, data, "baopai", 0, st->players, 0, &bao)) < 0)
        return rc;
    json_cursor_key(c, key);
    size_t n = json_array_size(hules);
    if (!json_is_array(hules) || n == 0 || n > 3)
        return jerr(c, "expected the winners: an array of 1 to 3 entries, found %s",
                    json_is_array(hules) ? "another length" : jtype(hules));
    paifu_win wins[3];
    for (size_t k = 0; k < n; k++) {
        size_t o2 = json_cursor_index(c, k);
        if ((rc = read_win(st, json_array_get(hules, k), n == 1 ? bao : 0, &wins[k], &rong[k])) < 0)
            return rc;
        json_cursor_pop(c, o2);
    }
    st->riichi_seat = -1; /* a declaration won on pays no stick (spec §8.3) */
    split_deltas(st, wins, n, rong, total, has_total == 1);
    if (has_old == 1)
        scores_before(st, wins, n, old);
    for (size_t k = 0; k < n; k++)
        if ((rc = paifu_game_add_win(st->game, &wins[k], 0, 0, c->err)) < 0)
            return rc;
    st->ended = true;
    return 0;
}

/* ---- RecordNoTile ---- */

static int no_tile_players(ms_state *st, const json_t *data, paifu_draw *d)
{
    json_cursor *c = st->c;
    char buf[64];
    const char *key;
    const json_t *list = paifu_majsoul__member(data, "players", &key, buf);
    if (!list)
        return 0;
    size_t old = json_cursor_key(c, key);
    if (!json_is_array(list) || json_array_size(list) != (size_t)st->players)
        return jerr(c, "expected %d players, found %s", st->players,
                    json_is_array(list) ? "another number" : jtype(list));
    for (int s = 0; s < st->players; s++) {
        const json_t *p = json_array_get(list, (size_t)s);
        size_t o2 = json_cursor_index(c, (size_t)s), n;
        bool tenpai;
        int rc;
        if (!json_is_object(p))
            return jerr(c, "expected a player at the draw: an object, found %s", jtype(p));
        if ((rc = paifu_majsoul__bool(c, p, "tingpai", &tenpai)) < 0 ||
            (rc = paifu_majsoul__tiles(c, p, "hand", d->hands[s], PAIFU_MAX_HAND, &n)) < 0)
            return rc;
        if (tenpai)
            d->tenpai |= (uint8_t)(1u << s);
        if (n) {
            d->n_hand[s] = (uint8_t)n;
            d->shown |= (uint8_t)(1u << s);
            d->known |= PAIFU_REC_HAND;
        }
        json_cursor_pop(c, o2);
    }
    d->known |= PAIFU_REC_TENPAI;
    json_cursor_pop(c, old);
    return 0;
}

static int no_tile_scores(ms_state *st, const json_t *data, paifu_draw *d, bool nagashi)
{
    json_cursor *c = st->c;
    char buf[64];
    const char *key;
    const json_t *list = paifu_majsoul__member(data, "scores", &key, buf);
    if (!list)
        return 0;
    size_t old = json_cursor_key(c, key);
    if (!json_is_array(list) || json_array_size(list) > (size_t)st->players)
        return jerr(c, "expected at most %d score entries (an array), found %s", st->players,
                    json_is_array(list) ? "more" : jtype(list));
    for (size_t i = 0; i < json_array_size(list); i++) {
        const json_t *e = json_array_get(list, i);
        int32_t before[PAIFU_SEATS], delta[PAIFU_SEATS];
        long long seat;
        size_t o2 = json_cursor_index(c, i);
        int rc, has_before;
        if (!json_is_object(e))
            return jerr(c, "expected a score entry: an object, found %s", jtype(e));
        if ((rc = has_before = per_seat(st, e, "old_scores", before)) < 0 ||
            (rc = per_seat(st, e, "delta_scores", delta)) < 0 ||
            (rc = paifu_majsoul__int(c, e, "seat", 0, st->players - 1, 0, &seat)) < 0)
            return rc;
        if (has_before == 1 && !(d->known & PAIFU_REC_SCORES)) {
            memcpy(d->scores_before, before, sizeof(before));
            d->known |= PAIFU_REC_SCORES;
        }
        for (int s = 0; s < st->players; s++)
            d->deltas[s] += delta[s];
        if (nagashi)
            d->nagashi |= (uint8_t)(1u << seat);
        json_cursor_pop(c, o2);
    }
    if (json_array_size(list))
        d->known |= PAIFU_REC_DELTAS;
    json_cursor_pop(c, old);
    return 0;
}

int paifu_majsoul__no_tile(ms_state *st, const json_t *data)
{
    paifu_draw d;
    bool nagashi;
    paifu_draw_init(&d, PAIFU_DRAW_EXHAUSTIVE);
    int rc = paifu_majsoul__bool(st->c, data, "liujumanguan", &nagashi);
    if (rc < 0 || (rc = no_tile_players(st, data, &d)) < 0 ||
        (rc = no_tile_scores(st, data, &d, nagashi)) < 0)
        return rc;
    st->riichi_seat = -1; /* a riichi on the last discard pays no stick */
    if ((rc = paifu_game_add_draw(st->game, &d, 0, 0, st->c->err)) < 0)
        return rc;
    st->ended = true;
    return 0;
}

/* ---- RecordLiuJu ---- */

/* allplayertiles: one string per seat, the tiles joined by "|" (spec §5.9). */
static int all_player_tiles(ms_state *st, const json_t *data, paifu_draw *d)
{
    json_cursor *c = st->c;
    char buf[64];
    const char *key;
    const json_t *list = paifu_majsoul__member(data, "allplayertiles", &key, buf);
    if (!list)
        return 0;
    size_t old = json_cursor_key(c, key);
    if (!json_is_array(list) || json_array_size(list) > (size_t)st->players)
        return jerr(c, "expected at most %d hands (an array of strings), found %s", st->players,
                    json_is_array(list) ? "more" : jtype(list));
    for (size_t s = 0; s < json_array_size(list); s++) {
        const char *t = json_string_value(json_array_get(list, s));
        size_t o2 = json_cursor_index(c, s), n = 0;
        if (!t)
            return jerr(c, "expected a hand such as \"1m|2m|3m\", found %s",
                        jtype(json_array_get(list, s)));
        for (const char *p = t; *p; p += p[2] == '|' ? 3 : 2) {
            if (n == PAIFU_MAX_HAND || !paifu_majsoul__code(p, &d->hands[s][n]) ||
                (p[2] && p[2] != '|'))
                return jerr(c,
                            "expected a hand of at most %d tiles such as \"1m|2m|3m\", "
                            "found \"%.48s\"",
                            PAIFU_MAX_HAND, t);
            n++;
        }
        d->n_hand[s] = (uint8_t)n;
        if (n)
            d->shown |= (uint8_t)(1u << s);
        json_cursor_pop(c, o2);
    }
    d->known |= PAIFU_REC_HAND;
    json_cursor_pop(c, old);
    return 0;
}

/* The stick of a riichi declared on the discard that ended the deal (see the file header). */
static int abortive_deposit(ms_state *st, const json_t *data, paifu_draw_kind kind)
{
    char buf[64];
    const json_t *liqi = paifu_majsoul__member(data, "liqi", NULL, buf);
    if (liqi)
        return paifu_majsoul__deposit(st, liqi);
    int seat = st->riichi_seat;
    st->riichi_seat = -1;
    if (seat < 0 || (kind != PAIFU_DRAW_SUUCHA_RIICHI && st->next_sticks != st->sticks + 1))
        return 0;
    st->sticks++;
    return paifu_game_add_riichi_accepted(
        st->game, seat, st->riichi_double ? PAIFU_EVF_DOUBLE_RIICHI : 0, NULL, 0, 0, st->c->err);
}

int paifu_majsoul__liu_ju(ms_state *st, const json_t *data)
{
    static const paifu_draw_kind KINDS[] = {PAIFU_DRAW_EXHAUSTIVE,    PAIFU_DRAW_KYUUSHU,
                                            PAIFU_DRAW_SUUFON,        PAIFU_DRAW_SUUKAIKAN,
                                            PAIFU_DRAW_SUUCHA_RIICHI, PAIFU_DRAW_SANCHAHOU};
    json_cursor *c = st->c;
    long long type, seat;
    int rc;
    if ((rc = paifu_majsoul__int(c, data, "type", 0, 0xFFFFFFFFLL, 0, &type)) < 0 ||
        (rc = paifu_majsoul__int(c, data, "seat", 0, st->players - 1, 0, &seat)) < 0)
        return rc;
    if (type < 1 || type > 5) {
        json_cursor_key(c, "type");
        return jerr(c,
                    "expected an abortive draw type from 1 to 5 (nine terminals, four winds, "
                    "four kans, four riichi, triple ron), found %lld",
                    type);
    }
    paifu_draw d;
    paifu_draw_init(&d, KINDS[type]);
    if (type == 1) {
        size_t n;
        d.seat = (int8_t)seat;
        if ((rc = paifu_majsoul__tiles(c, data, "tiles", d.hands[seat], PAIFU_MAX_HAND, &n)) < 0)
            return rc;
        d.n_hand[seat] = (uint8_t)n;
        if (n) {
            d.shown = (uint8_t)(1u << seat);
            d.known |= PAIFU_REC_HAND;
        }
    }
    if ((rc = all_player_tiles(st, data, &d)) < 0 ||
        (rc = abortive_deposit(st, data, KINDS[type])) < 0 ||
        (rc = paifu_game_add_draw(st->game, &d, 0, 0, c->err)) < 0)
        return rc;
    st->ended = true;
    return 0;
}
