/*
 * mjlog_write_deal.c: one deal as Tenhou writes it (tenhou-xml.md §4.7-§4.13, §5): INIT, the
 * draws and discards, N with Tenhou's meld codes, REACH, DORA, BYE and reconnection UN, AGARI
 * and RYUUKYOKU. The choices (tile ids, values a source leaves implicit) are documented at the
 * top of mjlog_write.c.
 *
 * Invariants while a deal is written: every tile in view has one id, given once per deal
 * (used[]); a seat's hand[] holds its concealed tiles with their ids, in the order they came;
 * melds[] holds its meld codes in declaration order with an added kan in its pon's place (the
 * reader's AGARI m bookkeeping, mjlog_deal.c); running[] and sticks are the scores and riichi
 * sticks at the current tag, which the recorded values replace wherever the log gives them.
 */
#include "mjlog_write.h"

#include <paifu/hand.h>
#include <paifu/score.h>
#include <paifu/yaku.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char DRAW_LETTERS[] = "TUVW";
static const char DISCARD_LETTERS[] = "DEFG";

/* ---- tile ids (spec §2.1) ---- */

/* Does physical id ID name tile T under the game's red-five rule? */
static bool id_fits(const mjlog_writer *w, paifu_tile t, unsigned id)
{
    if (id > 135 || t == PAIFU_TILE_NONE || paifu_tile_kind(t) != id / 4)
        return false;
    if (w->head.players == 3 && id >= 4 && id < 32)
        return false;
    bool red = w->reds && (id == 16 || id == 52 || id == 88);
    return paifu_tile_is_red(t) == red;
}

static bool ids_fit(const mjlog_writer *w, const paifu_tile *t, const uint8_t *ids, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!id_fits(w, t[i], ids[i]))
            return false;
    return true;
}

static bool has_tile(uint8_t type)
{
    return type == PAIFU_EV_DRAW || type == PAIFU_EV_DISCARD || type == PAIFU_EV_CHI ||
           type == PAIFU_EV_PON || type == PAIFU_EV_DAIMINKAN || type == PAIFU_EV_SHOUMINKAN ||
           type == PAIFU_EV_KITA || type == PAIFU_EV_DORA;
}

/* Does every tile of deal D carry a recorded id that fits it? */
static bool deal_has_ids(const mjlog_writer *w, const paifu_deal *d)
{
    const paifu_deal_start *st = &d->start;
    if (!id_fits(w, st->dora_indicator, st->dora_indicator_id))
        return false;
    for (int s = 0; s < w->head.players; s++)
        if (!ids_fit(w, st->hands[s], st->hand_ids[s], st->n_hand[s]))
            return false;
    for (size_t i = 0; i < d->n_events; i++) {
        const paifu_event *e = &d->events[i];
        if (has_tile(e->type) && !id_fits(w, e->tile, e->tile_id))
            return false;
        if (e->type >= PAIFU_EV_CHI && e->type <= PAIFU_EV_SHOUMINKAN &&
            !ids_fit(w, e->tiles, e->ids, e->n))
            return false;
    }
    return true;
}

/* Does deal D record any id at all (so that choosing new ones loses them)? */
static bool deal_has_some_id(const paifu_deal *d)
{
    if (d->start.dora_indicator_id != PAIFU_TILE_ID_NONE)
        return true;
    for (size_t i = 0; i < d->n_events; i++)
        if (d->events[i].tile_id != PAIFU_TILE_ID_NONE)
            return true;
    return false;
}

/* The lowest copy of T's kind not given out in the deal (red five: copy 0). */
static int fresh(mjlog_writer *w, paifu_tile t, uint8_t *out)
{
    unsigned k = paifu_tile_kind(t);
    if (t == PAIFU_TILE_NONE || k >= PAIFU_TILE_KINDS)
        return paifu_mjlog__writer_refuse(w, "a tile Tenhou's ids cannot name");
    if (w->head.players == 3 && k >= 1 && k <= 7)
        return paifu_mjlog__writer_refuse(w, "a tile from 2m to 8m in a 3-player game");
    bool five = k < 27 && k % 9 == 4;
    if (paifu_tile_is_red(t)) {
        if (!w->reds || !five)
            return paifu_mjlog__writer_refuse(w, "a red five in a game whose GO type has none");
        if (w->used[4 * k])
            return paifu_mjlog__writer_refuse(
                w, "two red fives of one suit in a deal (Tenhou has one)");
        w->used[4 * k] = true;
        *out = (uint8_t)(4 * k);
        return 0;
    }
    for (unsigned c = w->reds && five ? 1 : 0; c < 4; c++) {
        if (!w->used[4 * k + c]) {
            w->used[4 * k + c] = true;
            *out = (uint8_t)(4 * k + c);
            return 0;
        }
    }
    return paifu_mjlog__writer_refuse(w, w->reds && five
                                             ? "more than three plain fives of a suit in a deal"
                                             : "more than four tiles of a kind in a deal");
}

/* The id of T as the event records it, or a new one. */
static int id_of(mjlog_writer *w, paifu_tile t, uint8_t recorded, uint8_t *out)
{
    if (!w->assign) {
        *out = recorded;
        return 0;
    }
    return fresh(w, t, out);
}

/* ---- hands ---- */

static int hand_add(mjlog_writer *w, int seat, paifu_tile t, uint8_t id)
{
    if (w->n_hand[seat] >= MJLOG_WRITER_HAND)
        return paifu_mjlog__writer_refuse(w, "a hand of more than 24 tiles");
    w->hand[seat][w->n_hand[seat]] = t;
    w->hand_ids[seat][w->n_hand[seat]++] = id;
    return 0;
}

static void hand_remove_at(mjlog_writer *w, int seat, size_t i)
{
    size_t n = --w->n_hand[seat];
    memmove(&w->hand[seat][i], &w->hand[seat][i + 1], (n - i) * sizeof(w->hand[0][0]));
    memmove(&w->hand_ids[seat][i], &w->hand_ids[seat][i + 1], n - i);
}

/*
 * Take tile T out of SEAT's hand: the recorded id when the writer keeps the source's ids;
 * else PREFER if the hand has it as T, else the lowest id of T other than AVOID, else AVOID.
 * A tile the hand does not hold (an illegal log) gets a new id.
 */
static int take(mjlog_writer *w, int seat, paifu_tile t, uint8_t recorded, uint8_t prefer,
                uint8_t avoid, uint8_t *out)
{
    size_t best = SIZE_MAX;
    for (size_t i = 0; i < w->n_hand[seat]; i++) {
        uint8_t id = w->hand_ids[seat][i];
        if (!w->assign) {
            if (id == recorded) {
                best = i;
                break;
            }
            continue;
        }
        if (w->hand[seat][i] != t)
            continue;
        if (id == prefer) {
            best = i;
            break;
        }
        if (best == SIZE_MAX ||
            (id != avoid && (w->hand_ids[seat][best] == avoid || id < w->hand_ids[seat][best])))
            best = i;
    }
    if (best == SIZE_MAX)
        return id_of(w, t, recorded, out);
    *out = w->hand_ids[seat][best];
    hand_remove_at(w, seat, best);
    return 0;
}

/* SEAT's concealed tiles (and EXTRA unless 0xFF) as sorted ids. */
static size_t hand_sorted(const mjlog_writer *w, int seat, uint8_t extra, uint8_t *out)
{
    size_t n = 0;
    for (size_t i = 0; i < w->n_hand[seat] && n < MJLOG_WRITER_HAND; i++)
        out[n++] = w->hand_ids[seat][i];
    if (extra != 0xFF && n < MJLOG_WRITER_HAND)
        out[n++] = extra;
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && out[j - 1] > out[j]; j--) {
            uint8_t x = out[j];
            out[j] = out[j - 1];
            out[j - 1] = x;
        }
    return n;
}

static void put_ids(mjlog_writer *w, const char *name, const uint8_t *ids, size_t n)
{
    paifu_buf_printf(w->b, " %s=\"", name);
    for (size_t i = 0; i < n; i++)
        paifu_buf_printf(w->b, "%s%u", i ? "," : "", (unsigned)ids[i]);
    paifu_buf_putc(w->b, '"');
}

/* ---- INIT (spec §4.7) ---- */

static int hundreds(mjlog_writer *w, const int32_t *v, int32_t *out)
{
    for (int s = 0; s < PAIFU_SEATS; s++) {
        if (v[s] % 100)
            return paifu_mjlog__writer_refuse(w, "a score that is not whole hundreds");
        out[s] = v[s] / 100;
    }
    return 0;
}

static void put_ints(mjlog_writer *w, const char *name, const int32_t *v, size_t n)
{
    paifu_buf_printf(w->b, " %s=\"", name);
    for (size_t i = 0; i < n; i++)
        paifu_buf_printf(w->b, "%s%d", i ? "," : "", (int)v[i]);
    paifu_buf_putc(w->b, '"');
}

static void reset_deal(mjlog_writer *w)
{
    memset(w->used, 0, sizeof(w->used));
    memset(w->n_hand, 0, sizeof(w->n_hand));
    memset(w->drawn, 0xFF, sizeof(w->drawn));
    memset(w->n_melds, 0, sizeof(w->n_melds));
    memset(w->n_pons, 0, sizeof(w->n_pons));
    memset(w->riichi, 0, sizeof(w->riichi));
    w->offer = PAIFU_TILE_NONE;
    w->offer_id = 0xFF;
    w->offer_seat = -1;
    w->n_dora = w->n_ura = 0;
    w->outcomes = 0;
    w->win_written = false;
    w->n_moved = 0;
}

static int put_init(mjlog_writer *w)
{
    const paifu_deal_start *st = &w->deal->start;
    uint32_t n = ++w->count[MJ_TAG_INIT];
    int32_t start[PAIFU_SEATS], ten[PAIFU_SEATS];
    int rc;
    int known = paifu_lossy__start_scores(start, w->head.game, w->index, w->head.rules);
    if (known < 0)
        return paifu_mjlog__writer_refuse(w, "a deal whose starting scores the log does not give");
    if (known > 0) /* INIT ten needs them */
        paifu_lossy__compute(&w->head, COMPUTED_START_SCORES, true, 1);
    for (int s = w->head.players; s < PAIFU_SEATS; s++)
        start[s] = 0;
    if ((rc = hundreds(w, start, ten)) < 0)
        return rc;
    memcpy(w->running, start, sizeof(start));
    w->running_unknown = false;
    w->sticks = paifu_lossy__start_sticks(w->head.game, w->index);
    uint8_t ids[PAIFU_SEATS][PAIFU_MAX_HAND], dora;
    for (int s = 0; s < w->head.players; s++)
        for (size_t i = 0; i < st->n_hand[s]; i++) {
            if ((rc = id_of(w, st->hands[s][i], st->hand_ids[s][i], &ids[s][i])) < 0 ||
                (rc = hand_add(w, s, st->hands[s][i], ids[s][i])) < 0)
                return rc;
        }
    if ((rc = id_of(w, st->dora_indicator, st->dora_indicator_id, &dora)) < 0)
        return rc;
    w->dora_ids[w->n_dora++] = dora;
    bool dice = (st->flags & PAIFU_DEAL_HAS_DICE) && st->dice[0] >= 1 && st->dice[0] <= 6 &&
                st->dice[1] >= 1 && st->dice[1] <= 6;
    paifu_buf_printf(w->b, "<INIT seed=\"%d,%d,%d,%d,%d,%u\"", st->round_wind * 4 + st->hand_number,
                     st->honba, (int)w->sticks, dice ? st->dice[0] - 1 : 0,
                     dice ? st->dice[1] - 1 : 0, (unsigned)dora);
    put_ints(w, "ten", ten, PAIFU_SEATS);
    const char *chip = paifu_mjlog__writer_kept(w, "INIT", n, "chip");
    if (chip)
        paifu_mjlog__writer_attr(w, "chip", chip);
    paifu_buf_printf(w->b, " oya=\"%d\"", st->dealer);
    static const char *const HAI[] = {"hai0", "hai1", "hai2", "hai3"};
    for (int s = 0; s < PAIFU_SEATS; s++)
        put_ids(w, HAI[s], ids[s], s < w->head.players ? st->n_hand[s] : 0);
    const char *shuffle = paifu_mjlog__writer_kept(w, "INIT", n, "shuffle");
    if (shuffle)
        paifu_mjlog__writer_attr(w, "shuffle", shuffle);
    static const char *const HANDLED[] = {"seed", "ten",  "chip", "oya",     "hai0",
                                          "hai1", "hai2", "hai3", "shuffle", NULL};
    paifu_mjlog__writer_kept_rest(w, "INIT", n, HANDLED);
    paifu_buf_puts(w->b, "/>");
    return 0;
}

/* ---- draws, discards (spec §4.8) ---- */

static int on_draw(mjlog_writer *w, const paifu_event *e)
{
    uint8_t id;
    int rc = id_of(w, e->tile, e->tile_id, &id);
    if (rc == 0)
        rc = hand_add(w, e->seat, e->tile, id);
    w->drawn[e->seat] = id;
    paifu_buf_printf(w->b, "<%c%u/>", DRAW_LETTERS[e->seat], (unsigned)id);
    return rc;
}

/* The id a discard takes: see the file header of mjlog_write.c (tsumogiri). */
static int discard_id(mjlog_writer *w, const paifu_event *e, uint8_t *id)
{
    int seat = e->seat;
    uint8_t drawn = w->drawn[seat];
    if (!w->assign)
        return take(w, seat, e->tile, e->tile_id, 0xFF, 0xFF, id);
    bool same = false;
    for (size_t i = 0; i < w->n_hand[seat]; i++)
        same = same || (w->hand_ids[seat][i] == drawn && w->hand[seat][i] == e->tile);
    bool known = e->flags & PAIFU_EVF_TSUMOGIRI_KNOWN, flag = e->flags & PAIFU_EVF_TSUMOGIRI;
    if (known && flag && !same)
        paifu_mjlog__writer_loss(w, LOSS_TSUMOGIRI,
                                 "a tsumogiri flag on a discard that is not the tile drawn");
    int rc = take(w, seat, e->tile, 0xFF, (known ? flag : same) ? drawn : 0xFF, drawn, id);
    if (rc == 0 && known && !flag && same && *id == drawn)
        paifu_mjlog__writer_loss(
            w, LOSS_TSUMOGIRI,
            "a discard recorded as not tsumogiri of the tile just drawn, with no "
            "other such tile in the hand (its id makes it tsumogiri)");
    return rc;
}

/* Is the deposit of riichi discard I written after it (Tenhou's place, spec §4.10)? Finds
 * SEAT's RIICHI_ACCEPTED before the next draw, discard or outcome. */
static size_t accepted_after(const mjlog_writer *w, size_t i, int seat)
{
    const paifu_deal *d = w->deal;
    for (size_t j = i + 1; j < d->n_events; j++) {
        const paifu_event *e = &d->events[j];
        if (e->type == PAIFU_EV_RIICHI_ACCEPTED && e->seat == seat)
            return j;
        if (e->type == PAIFU_EV_DRAW || e->type == PAIFU_EV_DISCARD || e->type == PAIFU_EV_WIN ||
            e->type == PAIFU_EV_EXHAUSTIVE_DRAW || e->type == PAIFU_EV_ABORTIVE_DRAW)
            break;
    }
    return SIZE_MAX;
}

static int put_accepted(mjlog_writer *w, const paifu_event *e);

static int on_discard(mjlog_writer *w, size_t i, const paifu_event *e)
{
    uint8_t id;
    int rc = discard_id(w, e, &id);
    if (rc < 0)
        return rc;
    if (e->flags & PAIFU_EVF_RIICHI) {
        w->count[MJ_TAG_REACH]++;
        paifu_buf_printf(w->b, "<REACH who=\"%d\" step=\"1\"/>", e->seat);
    }
    paifu_buf_printf(w->b, "<%c%u/>", DISCARD_LETTERS[e->seat], (unsigned)id);
    w->drawn[e->seat] = 0xFF;
    w->offer = e->tile;
    w->offer_id = id;
    w->offer_seat = e->seat;
    size_t j = (e->flags & PAIFU_EVF_RIICHI) ? accepted_after(w, i, e->seat) : SIZE_MAX;
    bool apart = false; /* a tag other than a connection's comes between */
    for (size_t k = i + 1; j != SIZE_MAX && k < j; k++)
        apart = apart || (w->deal->events[k].type != PAIFU_EV_DISCONNECT &&
                          w->deal->events[k].type != PAIFU_EV_RECONNECT);
    if (apart && w->n_moved < sizeof(w->moved) / sizeof(w->moved[0])) {
        w->moved[w->n_moved++] = j;
        rc = put_accepted(w, &w->deal->events[j]);
    }
    return rc;
}

/* ---- calls (spec §4.9) ---- */

static void sort_ids(uint8_t *ids, size_t n)
{
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && ids[j - 1] > ids[j]; j--) {
            uint8_t x = ids[j];
            ids[j] = ids[j - 1];
            ids[j - 1] = x;
        }
}

/* Encode M; refuse when the code does not decode to the same meld. */
static int encode(mjlog_writer *w, const mjlog_meld *m, unsigned *code)
{
    mjlog_meld back;
    char why[96];
    *code = paifu_mjlog__meld_encode(m);
    bool same =
        paifu_mjlog__meld_decode(&back, *code, why, sizeof(why)) == 0 && back.type == m->type &&
        back.offset == m->offset && back.n == m->n && memcmp(back.ids, m->ids, m->n) == 0 &&
        (m->type == PAIFU_EV_ANKAN ? back.called / 4 == m->called / 4 : back.called == m->called);
    if (!same)
        return paifu_mjlog__writer_refuse(w, "a call Tenhou's meld codes cannot express");
    return 0;
}

static void track_meld(mjlog_writer *w, int seat, unsigned code, unsigned replaces)
{
    for (size_t i = 0; replaces && i < w->n_melds[seat]; i++)
        if (w->melds[seat][i] == replaces) {
            w->melds[seat][i] = (uint16_t)code;
            return;
        }
    if (w->n_melds[seat] < MJLOG_WRITER_MELDS)
        w->melds[seat][w->n_melds[seat]++] = (uint16_t)code;
}

/* The meld code of an added kan: its pon's, bit 3 cleared and bit 4 set (spec §4.9). */
static int added_kan(mjlog_writer *w, const paifu_event *e, uint8_t added, unsigned *code)
{
    const mjlog_pon *pon = NULL;
    for (size_t i = 0; i < w->n_pons[e->seat]; i++)
        if (w->pons[e->seat][i].kind == paifu_tile_kind(e->tile))
            pon = &w->pons[e->seat][i];
    if (!pon)
        return paifu_mjlog__writer_refuse(w, "an added kan without the pon it extends");
    *code = pon->code ^ 0x18u;
    mjlog_meld back;
    char why[96];
    if (paifu_mjlog__meld_decode(&back, *code, why, sizeof(why)) < 0 || back.added != added)
        return paifu_mjlog__writer_refuse(w,
                                          "an added kan whose tile is not the one its pon lacks");
    return 0;
}

/* Chi, pon, open kan: the called tile is the discard's, the others (HAND) came from the hand. */
static int discard_call(mjlog_writer *w, const paifu_event *e, const uint8_t *hand, unsigned *code)
{
    mjlog_meld m = {.type = e->type, .added = 0xFF};
    uint8_t called;
    int rc;
    if (e->from < 0 || e->from == e->seat)
        return paifu_mjlog__writer_refuse(w, "a call without the seat it calls from");
    if (!w->assign)
        called = e->tile_id;
    else if (w->offer == e->tile && w->offer_id != 0xFF)
        called = w->offer_id;
    else if ((rc = fresh(w, e->tile, &called)) < 0)
        return rc;
    if (e->n != (e->type == PAIFU_EV_DAIMINKAN ? 3 : 2))
        return paifu_mjlog__writer_refuse(w, "a call without its tiles");
    m.offset = (uint8_t)((e->from - e->seat + 4) % 4);
    m.called = called;
    m.n = (uint8_t)(e->n + 1);
    memcpy(m.ids, hand, e->n);
    m.ids[e->n] = called;
    sort_ids(m.ids, m.n);
    return encode(w, &m, code);
}

/* Closed kan (HAND: its four tiles), added kan and kita: tiles of the seat's own. */
static int own_call(mjlog_writer *w, const paifu_event *e, const uint8_t *hand, unsigned *code)
{
    mjlog_meld m = {.type = e->type, .added = 0xFF};
    uint8_t id;
    if (e->type == PAIFU_EV_ANKAN) {
        if (e->n != 4)
            return paifu_mjlog__writer_refuse(w, "a closed kan without its four tiles");
        m.called = hand[0]; /* the id the code names (the reader keeps it first) */
        m.n = 4;
        memcpy(m.ids, hand, 4);
        sort_ids(m.ids, 4);
        return encode(w, &m, code);
    }
    int rc = take(w, e->seat, e->tile, e->tile_id, 0xFF, 0xFF, &id);
    if (rc < 0)
        return rc;
    w->offer = e->tile; /* a chankan wins on it */
    w->offer_id = id;
    w->offer_seat = e->seat;
    if (e->type == PAIFU_EV_SHOUMINKAN)
        return added_kan(w, e, id, code);
    m.called = id;
    m.n = 1;
    m.ids[0] = id;
    return encode(w, &m, code);
}

static int on_call(mjlog_writer *w, const paifu_event *e)
{
    int seat = e->seat, rc = 0;
    uint8_t hand[4] = {0};
    size_t from_hand = e->type == PAIFU_EV_SHOUMINKAN || e->type == PAIFU_EV_KITA ? 0 : e->n;
    for (size_t k = 0; rc == 0 && k < from_hand && k < 4; k++)
        rc = take(w, seat, e->tiles[k], e->ids[k], 0xFF, 0xFF, &hand[k]);
    unsigned code = 0;
    uint32_t n = ++w->count[MJ_TAG_N];
    if (rc == 0 &&
        (e->type == PAIFU_EV_CHI || e->type == PAIFU_EV_PON || e->type == PAIFU_EV_DAIMINKAN))
        rc = discard_call(w, e, hand, &code);
    else if (rc == 0)
        rc = own_call(w, e, hand, &code);
    if (rc < 0)
        return rc;
    const char *kept = paifu_mjlog__writer_kept(w, "N", n, "m");
    if (kept)
        code = (unsigned)strtoul(kept, NULL, 10);
    if (e->type == PAIFU_EV_PON && w->n_pons[seat] < 4)
        w->pons[seat][w->n_pons[seat]++] =
            (mjlog_pon){(uint8_t)paifu_tile_kind(e->tile), (uint16_t)code};
    track_meld(w, seat, code, e->type == PAIFU_EV_SHOUMINKAN ? code ^ 0x18u : 0);
    w->drawn[seat] = 0xFF;
    static const char *const HANDLED[] = {"who", "m", NULL};
    paifu_buf_printf(w->b, "<N who=\"%d\" m=\"%u\"", seat, code);
    paifu_mjlog__writer_kept_rest(w, "N", n, HANDLED);
    paifu_buf_puts(w->b, " />");
    return 0;
}

/* ---- riichi, dora, connection (spec §4.4, §4.5, §4.10, §4.11) ---- */

static int put_accepted(mjlog_writer *w, const paifu_event *e)
{
    const paifu_deal *d = w->deal;
    int32_t ten[PAIFU_SEATS];
    const int32_t *after = NULL;
    w->count[MJ_TAG_REACH]++;
    if (e->seat >= 0 && e->seat < PAIFU_SEATS) {
        w->running[e->seat] -= 1000;
        w->riichi[e->seat] = true;
    }
    w->sticks++;
    if (e->detail >= 0 && (size_t)e->detail < d->n_score_rows)
        after = d->score_rows[e->detail];
    else if (!w->from_xml)
        after = w->running;
    paifu_buf_printf(w->b, "<REACH who=\"%d\"", e->seat);
    if (after) {
        int rc = hundreds(w, after, ten);
        if (rc < 0)
            return rc;
        for (int s = w->head.players; s < PAIFU_SEATS; s++)
            ten[s] = 0;
        put_ints(w, "ten", ten, PAIFU_SEATS);
    }
    paifu_buf_puts(w->b, " step=\"2\"/>");
    return 0;
}

static int on_dora(mjlog_writer *w, const paifu_event *e)
{
    uint8_t id;
    int rc = id_of(w, e->tile, e->tile_id, &id);
    if (rc < 0)
        return rc;
    if (w->n_dora < MJLOG_WRITER_INDICATORS)
        w->dora_ids[w->n_dora++] = id;
    static const char *const HANDLED[] = {"hai", NULL};
    uint32_t n = ++w->count[MJ_TAG_DORA];
    paifu_buf_printf(w->b, "<DORA hai=\"%u\"", (unsigned)id);
    paifu_mjlog__writer_kept_rest(w, "DORA", n, HANDLED);
    paifu_buf_puts(w->b, " />");
    return 0;
}

void paifu_mjlog__writer_connection(mjlog_writer *w, const paifu_event *e)
{
    if (e->type == PAIFU_EV_DISCONNECT) {
        static const char *const HANDLED[] = {"who", NULL};
        uint32_t n = ++w->count[MJ_TAG_BYE];
        paifu_buf_printf(w->b, "<BYE who=\"%d\"", e->seat);
        paifu_mjlog__writer_kept_rest(w, "BYE", n, HANDLED);
        paifu_buf_puts(w->b, " />");
        return;
    }
    uint32_t n = ++w->count[MJ_TAG_UN];
    char attr[4];
    snprintf(attr, sizeof(attr), "n%d", e->seat & 3);
    const char *raw = paifu_mjlog__writer_kept(w, "UN", n, attr);
    paifu_buf_puts(w->b, "<UN");
    if (raw) {
        paifu_mjlog__writer_attr(w, attr, raw);
    } else {
        const paifu_player *p = paifu_game_player(w->head.game, e->seat);
        paifu_buf_printf(w->b, " %s=\"", attr);
        paifu_mjlog__writer_name(w->b, p ? p->name : "");
        paifu_buf_putc(w->b, '"');
    }
    paifu_buf_puts(w->b, " />");
}

/* ---- outcomes: shared parts (spec §4.12, §4.13, §6) ---- */

/* `sc` of outcome K: kept (a chip game's 16 numbers), else before and change per seat. */
static int put_sc(mjlog_writer *w, const char *tag, uint32_t n, const int32_t *before,
                  const int32_t *delta)
{
    const char *kept = paifu_mjlog__writer_kept(w, tag, n, "sc");
    if (kept) {
        paifu_mjlog__writer_attr(w, "sc", kept);
        return 0;
    }
    int32_t b[PAIFU_SEATS], d[PAIFU_SEATS], v[2 * PAIFU_SEATS];
    int rc = hundreds(w, before, b);
    if (rc == 0)
        rc = hundreds(w, delta, d);
    for (int s = 0; s < PAIFU_SEATS; s++) {
        v[2 * s] = s < w->head.players ? b[s] : 0;
        v[2 * s + 1] = s < w->head.players ? d[s] : 0;
    }
    put_ints(w, "sc", v, 2 * PAIFU_SEATS);
    return rc;
}

static bool is_last(const mjlog_writer *w, size_t i)
{
    return w->index == w->last_deal && i == w->last_event;
}

static void put_end(mjlog_writer *w, const char *tag, uint32_t n, size_t i,
                    const char *const *handled)
{
    if (w->owari && is_last(w, i))
        paifu_mjlog__writer_attr(w, "owari", w->owari_text);
    const char *ratio = paifu_mjlog__writer_kept(w, tag, n, "ratio");
    if (ratio)
        paifu_mjlog__writer_attr(w, "ratio", ratio);
    paifu_mjlog__writer_kept_rest(w, tag, n, handled);
    paifu_buf_puts(w->b, " />");
}

/* The score changes of the deal's next outcome: recorded or implied (lossy.c); *SHOWN: they
   go into sc (recorded, or computed under --fill: sc is optional, and left out when they are
   not known at all). */
static void outcome_deltas(mjlog_writer *w, int32_t *out, bool *shown)
{
    int rc = paifu_lossy__outcome_deltas(out, w->head.game, w->index, w->outcomes, w->head.rules);
    if (rc < 0) {
        memset(out, 0, sizeof(int32_t) * PAIFU_SEATS);
        w->running_unknown = true;
    }
    for (int s = w->head.players; s < PAIFU_SEATS; s++)
        out[s] = 0;
    *shown = rc == 0 || (rc > 0 && paifu_lossy__compute(&w->head, COMPUTED_DELTAS, false, 1));
}

/* ---- AGARI (spec §4.12) ---- */

/* The concealed tiles shown: recorded with fitting ids, else the tracked hand (+ the ron tile). */
static size_t win_hand(const mjlog_writer *w, const paifu_win *win, uint8_t machi, bool tsumo,
                       uint8_t *ids)
{
    if ((win->known & PAIFU_REC_HAND) && win->n_hand &&
        ids_fit(w, win->hand, win->hand_ids, win->n_hand)) {
        memcpy(ids, win->hand_ids, win->n_hand);
        return win->n_hand;
    }
    return hand_sorted(w, win->winner, tsumo ? 0xFF : machi, ids);
}

static int win_tile(mjlog_writer *w, const paifu_win *win, bool tsumo, uint8_t *machi)
{
    if (id_fits(w, win->win_tile, win->win_tile_id)) {
        *machi = win->win_tile_id;
        return 0;
    }
    *machi = tsumo ? w->drawn[win->winner] : w->offer_id;
    if (*machi == 0xFF)
        return paifu_mjlog__writer_refuse(w, "a win on a tile the log does not name");
    return 0;
}

/* Yaku entry Y as Tenhou writes it into YAKU ("id,han") or YAKUMAN ("id" per yakuman). */
static void put_yaku(paifu_buf *yaku, paifu_buf *yakuman, unsigned id, int han)
{
    if (paifu_yaku_is_yakuman(id) && han >= PAIFU_YAKU_YAKUMAN_HAN) {
        for (int k = 0; k < han / PAIFU_YAKU_YAKUMAN_HAN; k++)
            paifu_buf_printf(yakuman, "%s%u", yakuman->len ? "," : "", id);
        return;
    }
    paifu_buf_printf(yaku, "%s%u,%d", yaku->len ? "," : "", id, han);
}

/*
 * yaku / yakuman of WIN. A log read from Tenhou XML gives them in its order; any other source
 * in Tenhou's (spec §4.12): the scoring yaku, then dora (kita counted in it), red, ura (0 for a
 * riichi winner without any).
 */
static void win_yaku(mjlog_writer *w, const paifu_win *win, paifu_buf *yaku, paifu_buf *yakuman)
{
    int dora = 0, red = 0, ura = -1;
    bool seen_dora = false, seen_red = false;
    for (size_t i = 0; i < win->n_yaku; i++) {
        const paifu_yaku_value *y = &win->yaku[i];
        int han = y->han * (y->count ? y->count : 1);
        if (y->id > PAIFU_YAKU_KITA) {
            paifu_mjlog__writer_loss(
                w, LOSS_VALUES,
                "a yaku Tenhou has no id for (nagashi mangan as a yaku, yakuhai "
                "counted without naming them)");
        } else if (w->from_xml) {
            put_yaku(yaku, yakuman, y->id, han);
        } else if (y->id == PAIFU_YAKU_DORA || y->id == PAIFU_YAKU_KITA) {
            dora += han;
            seen_dora = true;
        } else if (y->id == PAIFU_YAKU_AKA_DORA) {
            red += han;
            seen_red = true;
        } else if (y->id == PAIFU_YAKU_URA_DORA) {
            ura = (ura < 0 ? 0 : ura) + han;
        } else {
            put_yaku(yaku, yakuman, y->id, han);
        }
    }
    if (w->from_xml || yakuman->len)
        return;
    if (seen_dora && dora)
        put_yaku(yaku, yakuman, PAIFU_YAKU_DORA, dora);
    if (seen_red && red)
        put_yaku(yaku, yakuman, PAIFU_YAKU_AKA_DORA, red);
    if (ura < 0 && w->riichi[win->winner] && (win->known & PAIFU_REC_YAKU))
        ura = 0;
    if (ura >= 0)
        put_yaku(yaku, yakuman, PAIFU_YAKU_URA_DORA, ura);
}

/* fu, points, limit: recorded, else from han and fu (see the file header of mjlog_write.c). */
static void win_value(mjlog_writer *w, const paifu_win *win, bool tsumo, int32_t ten[3])
{
    bool dealer = win->winner == w->deal->start.dealer;
    bool fu = win->known & PAIFU_REC_FU, points = win->known & PAIFU_REC_POINTS;
    bool limit = (win->known & PAIFU_REC_LIMIT) && win->limit <= PAIFU_LIMIT_YAKUMAN;
    ten[0] = fu ? win->fu : 0;
    ten[1] = points ? win->points : 0;
    ten[2] = limit ? win->limit : 0;
    if (points && limit)
        return;
    paifu_limit l = PAIFU_LIMIT_NONE;
    int32_t base = 0;
    if (win->yakuman) {
        base = 8000 * win->yakuman;
        l = PAIFU_LIMIT_YAKUMAN;
    } else if ((win->known & PAIFU_REC_HAN) && win->han > 0 && (fu || win->han >= 5)) {
        base = paifu_points_base(win->han, fu ? win->fu : 30, w->head.rules, &l);
    }
    if (!base) { /* "0,0,0": the reader records neither */
        ten[1] = ten[2] = 0;
        return;
    }
    /* points 0 are the reader's "not recorded" (of the limit too): left so unless --fill when
       neither is recorded; one of them recorded needs the other (the reader takes a limit 0
       beside points as "no limit", and drops a limit beside points 0) */
    if (!paifu_lossy__compute(&w->head, COMPUTED_WIN_POINTS, points || limit, 1)) {
        ten[1] = ten[2] = 0;
        return;
    }
    paifu_payment pay;
    paifu_points_payment(&pay, base, dealer);
    if (!points)
        ten[1] = !tsumo   ? pay.ron
                 : dealer ? pay.tsumo_nondealer * (w->head.players - 1)
                          : pay.tsumo_nondealer * (w->head.players - 2) + pay.tsumo_dealer;
    if (!limit)
        ten[2] = (int32_t)l;
}

/* Ura indicators of WIN: recorded ids, or the deal's (given ids once, shared by its winners). */
static int win_ura(mjlog_writer *w, const paifu_win *win, uint8_t *ids)
{
    if (ids_fit(w, win->ura, win->ura_ids, win->n_ura)) {
        memcpy(ids, win->ura_ids, win->n_ura);
        return 0;
    }
    for (size_t i = 0; i < win->n_ura; i++) {
        size_t k = 0;
        while (k < w->n_ura && w->ura[k] != win->ura[i])
            k++;
        if (k == w->n_ura) {
            int rc;
            if (k == MJLOG_WRITER_INDICATORS || (rc = fresh(w, win->ura[i], &w->ura_ids[k])) < 0)
                return k == MJLOG_WRITER_INDICATORS
                           ? paifu_mjlog__writer_refuse(w, "too many ura indicators")
                           : rc;
            w->ura[w->n_ura++] = win->ura[i];
        }
        ids[i] = w->ura_ids[k];
    }
    return 0;
}

/* AGARI m: kept by the reader (empty: absent), else the winner's melds, most recent first. */
static void put_win_melds(mjlog_writer *w, uint32_t n, int winner)
{
    const char *m = paifu_mjlog__writer_kept(w, "AGARI", n, "m");
    if (m && *m) {
        paifu_mjlog__writer_attr(w, "m", m);
    } else if (!m && w->n_melds[winner]) {
        paifu_buf_puts(w->b, " m=\"");
        for (size_t k = w->n_melds[winner]; k-- > 0;)
            paifu_buf_printf(w->b, "%u%s", (unsigned)w->melds[winner][k], k ? "," : "");
        paifu_buf_putc(w->b, '"');
    }
}

/* yaku and yakuman; none when the log records no yaku (the reader then records none). */
static void put_win_yaku(mjlog_writer *w, const paifu_win *win)
{
    paifu_buf yaku, yakuman;
    paifu_buf_init(&yaku);
    paifu_buf_init(&yakuman);
    if (win->known & PAIFU_REC_YAKU) {
        win_yaku(w, win, &yaku, &yakuman);
        if (yaku.len || !yakuman.len)
            paifu_mjlog__writer_attr(w, "yaku", yaku.len ? yaku.data : "");
        if (yakuman.len)
            paifu_mjlog__writer_attr(w, "yakuman", yakuman.data);
    } else if (win->known & PAIFU_REC_HAN) {
        paifu_mjlog__writer_loss(w, LOSS_VALUES,
                                 "the han of a win recorded without its yaku (AGARI gives han only "
                                 "as yaku)");
    }
    if (yaku.failed || yakuman.failed)
        w->b->failed = true;
    paifu_buf_free(&yaku);
    paifu_buf_free(&yakuman);
}

static int on_win(mjlog_writer *w, size_t i, const paifu_win *win)
{
    static const char *const HANDLED[] = {
        "ba",         "hai", "m",       "machi",  "ten", "yaku",  "yakuman", "chip", "doraHai",
        "doraHaiUra", "who", "fromWho", "paoWho", "sc",  "owari", "ratio",   NULL};
    uint32_t n = ++w->count[MJ_TAG_AGARI];
    bool tsumo = win->winner == win->from;
    int32_t delta[PAIFU_SEATS], ten[3];
    uint8_t machi, hai[MJLOG_WRITER_HAND], ura[PAIFU_MAX_INDICATORS];
    bool sc = false;
    int rc;
    if (win->winner < 0 || win->winner >= w->head.players || win->from < 0 ||
        win->from >= w->head.players)
        return paifu_mjlog__writer_refuse(w, "a win without its winner or discarder");
    if ((rc = win_tile(w, win, tsumo, &machi)) < 0 ||
        (rc = win_ura(w, win, ura)) < 0)
        return rc;
    bool known_before = !w->running_unknown || (win->known & PAIFU_REC_SCORES);
    outcome_deltas(w, delta, &sc);
    sc = sc && known_before;
    size_t n_hai = win_hand(w, win, machi, tsumo, hai);
    if (n_hai > 14) /* a deal out of turn order, or a recorded hand too long: hai has 14 */
        return paifu_mjlog__writer_refuse(w, "a winning hand of more than 14 tiles");
    if (win->known & PAIFU_REC_STICKS)
        paifu_buf_printf(w->b, "<AGARI ba=\"%d,%d\"", win->honba, win->riichi_sticks);
    else
        paifu_buf_printf(w->b, "<AGARI ba=\"%d,%d\"", w->deal->start.honba,
                         w->win_written ? 0 : (int)w->sticks);
    put_ids(w, "hai", hai, n_hai);
    put_win_melds(w, n, win->winner);
    paifu_buf_printf(w->b, " machi=\"%u\"", (unsigned)machi);
    win_value(w, win, tsumo, ten);
    put_ints(w, "ten", ten, 3);
    put_win_yaku(w, win);
    const char *chip = paifu_mjlog__writer_kept(w, "AGARI", n, "chip");
    if (chip)
        paifu_mjlog__writer_attr(w, "chip", chip);
    if (ids_fit(w, win->dora, win->dora_ids, win->n_dora) && win->n_dora)
        put_ids(w, "doraHai", win->dora_ids, win->n_dora);
    else
        put_ids(w, "doraHai", w->dora_ids, w->n_dora);
    if ((win->known & PAIFU_REC_URA) && (win->n_ura || w->from_xml))
        put_ids(w, "doraHaiUra", ura, win->n_ura);
    paifu_buf_printf(w->b, " who=\"%d\" fromWho=\"%d\"", win->winner, win->from);
    if (win->pao >= 0)
        paifu_buf_printf(w->b, " paoWho=\"%d\"", win->pao);
    const int32_t *before = (win->known & PAIFU_REC_SCORES) ? win->scores_before : w->running;
    if (sc && (rc = put_sc(w, "AGARI", n, before, delta)) < 0)
        return rc;
    put_end(w, "AGARI", n, i, HANDLED);
    for (int s = 0; s < PAIFU_SEATS; s++)
        w->running[s] = before[s] + delta[s];
    w->win_written = true;
    w->sticks = 0;
    w->outcomes++;
    return 0;
}

/* ---- RYUUKYOKU (spec §4.13) ---- */

/* Seats whose hands Tenhou shows at draw D. */
static unsigned shown_seats(mjlog_writer *w, const paifu_draw *d)
{
    unsigned all = (1u << w->head.players) - 1;
    switch (d->kind) {
    case PAIFU_DRAW_EXHAUSTIVE:
        if (d->known & PAIFU_REC_TENPAI)
            return d->tenpai & all;
        if (d->known & PAIFU_REC_HAND)
            return d->shown & all;
        { /* Tenhou shows exactly the tenpai hands (the reader takes the shown ones as the
             tenpai ones): read them from the tiles under the rule set (paifu_deal_hands_tenpai,
             what paifu_deal_draw_tenpai gives), a value computed, unless the rule set the log
             gives declares tenpai automatically (Tenhou's: no noten declaration), where tenpai
             is what the hands show, a fact of the rules; tiles that do not fit show none */
            unsigned seats = 0;
            if (paifu_deal_hands_tenpai(&seats, w->deal, (size_t)(d - w->deal->draws),
                                        w->head.players, w->head.rules, NULL) < 0)
                seats = 0;
            if (!paifu_lossy__tenpai_by_rule(&w->head))
                paifu_lossy__compute(&w->head, COMPUTED_TENPAI, true, 1);
            return seats;
        }
    case PAIFU_DRAW_KYUUSHU:
        if (d->seat >= 0 && d->seat < w->head.players)
            return 1u << d->seat;
        for (int s = 0; s < w->head.players; s++)
            if (w->drawn[s] != 0xFF)
                return 1u << s;
        return d->shown & all;
    case PAIFU_DRAW_SUUCHA_RIICHI:
        return all;
    case PAIFU_DRAW_SANCHAHOU:
        if (d->known & PAIFU_REC_HAND)
            return d->shown & all;
        return w->offer_seat >= 0 ? all & ~(1u << w->offer_seat) : 0;
    default:
        return 0;
    }
}

static int on_draw_outcome(mjlog_writer *w, size_t i, const paifu_draw *d)
{
    static const char *const HANDLED[] = {"type", "ba",   "sc",    "hai0",  "hai1",
                                          "hai2", "hai3", "owari", "ratio", NULL};
    static const char *const TYPES[] = {NULL, "yao9", "kaze4", "reach4", "kan4", "ron3"};
    static const char *const HAI[] = {"hai0", "hai1", "hai2", "hai3"};
    uint32_t n = ++w->count[MJ_TAG_RYUUKYOKU];
    int32_t delta[PAIFU_SEATS];
    bool sc = false;
    int rc;
    bool known_before = !w->running_unknown || (d->known & PAIFU_REC_SCORES);
    outcome_deltas(w, delta, &sc);
    sc = sc && known_before;
    const char *type = d->kind < sizeof(TYPES) / sizeof(TYPES[0]) ? TYPES[d->kind] : NULL;
    if (d->kind == PAIFU_DRAW_EXHAUSTIVE && d->nagashi)
        type = "nm";
    paifu_buf_puts(w->b, "<RYUUKYOKU");
    if (type)
        paifu_buf_printf(w->b, " type=\"%s\"", type);
    if (d->known & PAIFU_REC_STICKS)
        paifu_buf_printf(w->b, " ba=\"%d,%d\"", d->honba, d->riichi_sticks);
    else
        paifu_buf_printf(w->b, " ba=\"%d,%d\"", w->deal->start.honba, (int)w->sticks);
    const int32_t *before = (d->known & PAIFU_REC_SCORES) ? d->scores_before : w->running;
    if (sc && (rc = put_sc(w, "RYUUKYOKU", n, before, delta)) < 0)
        return rc;
    unsigned seats = shown_seats(w, d);
    if ((d->known & PAIFU_REC_HAND) && (d->shown & ~seats))
        paifu_mjlog__writer_loss(w, LOSS_HANDS, "hands shown at a draw that Tenhou does not show");
    for (int s = 0; s < w->head.players; s++) {
        if (!(seats & (1u << s)))
            continue;
        uint8_t ids[MJLOG_WRITER_HAND];
        if ((d->known & PAIFU_REC_HAND) && (d->shown & (1u << s)) &&
            ids_fit(w, d->hands[s], d->hand_ids[s], d->n_hand[s]))
            put_ids(w, HAI[s], d->hand_ids[s], d->n_hand[s]);
        else
            put_ids(w, HAI[s], ids, hand_sorted(w, s, 0xFF, ids));
    }
    put_end(w, "RYUUKYOKU", n, i, HANDLED);
    for (int s = 0; s < PAIFU_SEATS; s++)
        w->running[s] = before[s] + delta[s];
    w->outcomes++;
    return 0;
}

/* ---- the deal ---- */

static bool moved(const mjlog_writer *w, size_t i)
{
    for (size_t k = 0; k < w->n_moved; k++)
        if (w->moved[k] == i)
            return true;
    return false;
}

static int on_event(mjlog_writer *w, size_t i)
{
    const paifu_event *e = &w->deal->events[i];
    if (e->seat >= w->head.players && e->type != PAIFU_EV_DORA && e->type != PAIFU_EV_WIN &&
        e->type != PAIFU_EV_EXHAUSTIVE_DRAW && e->type != PAIFU_EV_ABORTIVE_DRAW &&
        e->type != PAIFU_EV_PENALTY)
        return paifu_mjlog__writer_refuse(w, "an event of a seat that does not play");
    switch (e->type) {
    case PAIFU_EV_DRAW:
        return on_draw(w, e);
    case PAIFU_EV_DISCARD:
        return on_discard(w, i, e);
    case PAIFU_EV_CHI:
    case PAIFU_EV_PON:
    case PAIFU_EV_DAIMINKAN:
    case PAIFU_EV_ANKAN:
    case PAIFU_EV_SHOUMINKAN:
    case PAIFU_EV_KITA:
        return on_call(w, e);
    case PAIFU_EV_RIICHI_ACCEPTED:
        return moved(w, i) ? 0 : put_accepted(w, e);
    case PAIFU_EV_DORA:
        return on_dora(w, e);
    case PAIFU_EV_WIN:
        return on_win(w, i, &w->deal->wins[e->detail]);
    case PAIFU_EV_EXHAUSTIVE_DRAW:
    case PAIFU_EV_ABORTIVE_DRAW:
        return on_draw_outcome(w, i, &w->deal->draws[e->detail]);
    case PAIFU_EV_DISCONNECT:
    case PAIFU_EV_RECONNECT:
        paifu_mjlog__writer_connection(w, e);
        return 0;
    default:
        return 0; /* penalties: reported lost (lossy.c) */
    }
}

int paifu_mjlog__writer_deal(mjlog_writer *w, size_t index)
{
    w->deal = paifu_game_deal(w->head.game, index);
    w->index = index;
    reset_deal(w);
    w->assign = !deal_has_ids(w, w->deal);
    if (w->assign && deal_has_some_id(w->deal))
        paifu_mjlog__writer_loss(
            w, LOSS_TILE_IDS,
            "tile ids recorded for only part of a deal (the writer gives new ones)");
    int rc = put_init(w);
    for (size_t i = 0; rc == 0 && i < w->deal->n_events; i++)
        rc = on_event(w, i);
    return rc;
}
