/*
 * tenhou6_write.c: writer of tenhou.net/6 JSON (shared/formats/tenhou6-json.md, "spec" below).
 *
 * The output is Tenhou's official serialisation (spec §2.1: no white space, keys in Tenhou's
 * order) and, like Tenhou's files, has no newline at the end. Several games go one per line
 * (JSON lines), which the tenhou6 reader takes one game per document.
 *
 * Choices:
 *   - Header from a Tenhou XML log (metadata tenhou.*): the recipe of spec §8.1. `ref` (the log
 *     id, not in the XML) from metadata tenhou.ref when a caller sets it, else left out; a
 *     MahjongSoul game's uuid is its `ref`, as tensoul writes it (§9). From a tenhou.net/6
 *     document (metadata tenhou6.<key>) every header key is written back as it was, `title`
 *     first and unknown keys last. From any other source `name`, `rule` and `sc` only (§2.2):
 *     rule.disp is a Tenhou lobby text when the rule set is Tenhou's ("般" for the table level,
 *     which such a source does not know and which changes no rule), the tensoul form (`ver`
 *     "2.3") for MahjongSoul's, and the preset's name otherwise; the rule set itself travels
 *     as the header key paifu_rules (paifu_json.h), which Tenhou's viewers ignore, and so does
 *     an XML game's when its lobby text and `ref` do not give it. `sc` from the recorded final
 *     points and results.
 *   - Rounds (spec §3-§7) from the events. A discard is 60 when it is the tile just drawn: as
 *     recorded, else when it is the same tile (Tenhou's rule by tile id, §6). Starting hands
 *     are sorted, red five after the plain fives. Ura indicators: those of the first win that
 *     records any. A score string only when the record gives the limit (the rank is never
 *     worked out); the tsumo split the XML does not record is computed from fu and han
 *     (paifu_points_base, paifu_points_payment), or from the total when they do not add up to it
 *     (a lobby that rounds up to mangan).
 *   - Values the format needs that a log leaves implicit (start scores, riichi sticks, score
 *     changes) come from the deals around them (lossy.c).
 *   - Refused (PAIFU_EUNSUPPORTED) before any loss is reported: MCR games, deals without tiles,
 *     starting hands or round, hidden tiles, deals without an outcome, and values the format
 *     needs that the log does not give.
 */
#include "format.h"
#include "lossy.h"
#include "mjlog_write.h"
#include "paifu_json.h"
#include "tenhou6.h"

#include <jansson.h>
#include <paifu/score.h>
#include <paifu/verify.h>
#include <paifu/settle.h>
#include <paifu/yaku.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TENHOU6_MAX_ITEMS 128 /* entries of one takes/discards list (the reader's cap) */
#define TENHOU6_ITEM_SIZE 20  /* longest entry: "\"292929m29\"" (11) plus NUL, with room */
#define TENHOU6_MAX_PONS  4

typedef struct tenhou6_list {
    uint8_t n;
    char item[TENHOU6_MAX_ITEMS][TENHOU6_ITEM_SIZE]; /* JSON text of each entry */
} tenhou6_list;

typedef struct tenhou6_pon {
    uint8_t kind;
    char text[16]; /* "p252552" */
} tenhou6_pon;

typedef struct tenhou6_writer {
    format_write head;
    paifu_buf log;  /* the rounds */
    paifu_buf conn; /* the connection entries */
    size_t n_conn;
    /* the deal being written */
    const paifu_deal *deal;
    size_t index;
    tenhou6_list takes[PAIFU_SEATS], outs[PAIFU_SEATS];
    tenhou6_pon pons[PAIFU_SEATS][TENHOU6_MAX_PONS];
    uint8_t n_pons[PAIFU_SEATS];
    paifu_tile drawn[PAIFU_SEATS]; /* the seat's latest draw, NONE after another action */
    paifu_tile dora[2 * PAIFU_MAX_INDICATORS];
    size_t n_dora;
    uint32_t steps; /* draws, discards and calls so far (connection steps, spec §2.3) */
} tenhou6_writer;

/* ---- tile codes (spec §4) ---- */

static int code_of(paifu_tile t)
{
    unsigned k = paifu_tile_kind(t);
    if (t == PAIFU_TILE_NONE || k >= PAIFU_TILE_KINDS)
        return -1;
    if (paifu_tile_is_red(t))
        return 51 + (int)(k / 9);
    return (int)(10 * (k / 9 + 1) + k % 9 + 1);
}

static int refuse(tenhou6_writer *w, const char *what)
{
    return paifu_formats__refuse(w->head.err, "tenhou6", w->deal, "%s", what);
}

/* Append entry TEXT to LIST. */
static int push(tenhou6_writer *w, tenhou6_list *list, const char *text)
{
    if (list->n >= TENHOU6_MAX_ITEMS)
        return refuse(w, "a seat has more than 128 takes or discards in one round");
    snprintf(list->item[list->n++], TENHOU6_ITEM_SIZE, "%s", text);
    return 0;
}

/* Codes of TILES[0..N) sorted as Tenhou writes hand tiles (red five after the plain ones). */
static void sorted_codes(char *buf, size_t size, const paifu_tile *tiles, size_t n)
{
    paifu_tile t[4];
    memcpy(t, tiles, n);
    paifu_tile_sort(t, n);
    size_t len = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < n && len + 2 < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%02d", code_of(t[i]));
}

/* ---- takes and discards (spec §5, §6) ---- */

/* Offset of FROM as seen from SEAT: 1 next player, 2 opposite, 3 previous (spec §5). */
static int offset_of(int seat, int from)
{
    return (from - seat + 4) % 4;
}

/* A pon or open kan string: LETTER before the called tile, placed by the source (spec §5). */
static void call_string(char *buf, size_t size, const paifu_event *e, char letter)
{
    char hand[16];
    int off = offset_of(e->seat, e->from);
    size_t keep = e->type == PAIFU_EV_PON ? 2 : 3; /* hand codes before the letter (shimocha) */
    size_t split = off == 3 ? 0 : off == 2 ? 2 : 2 * keep;
    sorted_codes(hand, sizeof(hand), e->tiles, e->n);
    /* 2 digits per tile: at most 6 codes before the letter and 8 after it */
    snprintf(buf, size, "%.*s%c%02u%.8s", (int)split, hand, letter,
             (unsigned)code_of(e->tile) % 100u, hand + split);
}

static int on_draw(tenhou6_writer *w, const paifu_event *e)
{
    char text[8];
    snprintf(text, sizeof(text), "%d", code_of(e->tile));
    w->drawn[e->seat] = e->tile;
    w->steps++;
    return push(w, &w->takes[e->seat], text);
}

/* A discard is 60 when it is the tile just drawn: as recorded, or, when the log does not say,
 * when it is the same tile (Tenhou's rule by tile id, spec §6, without the ids). */
static int on_discard(tenhou6_writer *w, const paifu_event *e)
{
    char text[8];
    bool tsumogiri; /* not on another tile than the drawn one: 60 stands for the drawn tile */
    int rc = paifu_lossy__tsumogiri(&w->head, e, w->drawn[e->seat], &tsumogiri);
    if (e->flags & PAIFU_EVF_RIICHI)
        snprintf(text, sizeof(text), "\"r%02d\"", tsumogiri ? 60 : code_of(e->tile));
    else
        snprintf(text, sizeof(text), "%d", tsumogiri ? 60 : code_of(e->tile));
    w->drawn[e->seat] = PAIFU_TILE_NONE;
    w->steps++;
    return rc < 0 ? rc : push(w, &w->outs[e->seat], text);
}

static int on_call(tenhou6_writer *w, const paifu_event *e)
{
    char s[20], text[TENHOU6_ITEM_SIZE]; /* a call string has at most 11 characters */
    if (e->type == PAIFU_EV_CHI) {
        sorted_codes(s + 1, sizeof(s) - 1, e->tiles, 2);
        snprintf(text, sizeof(text), "\"c%02d%.4s\"", code_of(e->tile), s + 1);
    } else {
        call_string(s, sizeof(s), e, e->type == PAIFU_EV_PON ? 'p' : 'm');
        snprintf(text, sizeof(text), "\"%.11s\"", s);
    }
    if (e->type == PAIFU_EV_PON && w->n_pons[e->seat] < TENHOU6_MAX_PONS) {
        tenhou6_pon *p = &w->pons[e->seat][w->n_pons[e->seat]++];
        p->kind = (uint8_t)paifu_tile_kind(e->tile);
        snprintf(p->text, sizeof(p->text), "%.11s", s);
    }
    w->drawn[e->seat] = PAIFU_TILE_NONE;
    w->steps++;
    int rc = push(w, &w->takes[e->seat], text);
    if (rc == 0 && e->type == PAIFU_EV_DAIMINKAN)
        rc = push(w, &w->outs[e->seat], "0");
    return rc;
}

/* Added kan: the seat's pon string with its 'p' turned into 'k' + the added tile (spec §6). */
static int on_shouminkan(tenhou6_writer *w, const paifu_event *e)
{
    const tenhou6_pon *pon = NULL;
    for (size_t i = 0; i < w->n_pons[e->seat]; i++)
        if (w->pons[e->seat][i].kind == paifu_tile_kind(e->tile))
            pon = &w->pons[e->seat][i];
    if (!pon)
        return refuse(w, "an added kan without the pon it extends");
    char text[TENHOU6_ITEM_SIZE];
    size_t at = (size_t)(strchr(pon->text, 'p') - pon->text);
    snprintf(text, sizeof(text), "\"%.*sk%02d%s\"", (int)at, pon->text, code_of(e->tile),
             pon->text + at + 1);
    w->drawn[e->seat] = PAIFU_TILE_NONE;
    w->steps++;
    return push(w, &w->outs[e->seat], text);
}

/* Closed kan: three codes, 'a', the fourth (a red five last, spec §6). */
static int on_ankan(tenhou6_writer *w, const paifu_event *e)
{
    char codes[16], text[TENHOU6_ITEM_SIZE];
    sorted_codes(codes, sizeof(codes), e->tiles, 4);
    snprintf(text, sizeof(text), "\"%.6sa%s\"", codes, codes + 6);
    w->drawn[e->seat] = PAIFU_TILE_NONE;
    w->steps++;
    return push(w, &w->outs[e->seat], text);
}

static int on_connection(tenhou6_writer *w, const paifu_event *e, int32_t log)
{
    paifu_buf_printf(&w->conn, "%s{\"what\":%d,\"log\":%d,\"who\":%d,\"step\":%u}",
                     w->n_conn ? "," : "", e->type == PAIFU_EV_RECONNECT, (int)log, e->seat,
                     (unsigned)w->steps);
    w->n_conn++;
    return 0;
}

static int on_event(tenhou6_writer *w, const paifu_event *e)
{
    switch (e->type) {
    case PAIFU_EV_DRAW:
        return on_draw(w, e);
    case PAIFU_EV_DISCARD:
        return on_discard(w, e);
    case PAIFU_EV_CHI:
    case PAIFU_EV_PON:
    case PAIFU_EV_DAIMINKAN:
        return on_call(w, e);
    case PAIFU_EV_SHOUMINKAN:
        return on_shouminkan(w, e);
    case PAIFU_EV_ANKAN:
        return on_ankan(w, e);
    case PAIFU_EV_KITA:
        w->drawn[e->seat] = PAIFU_TILE_NONE;
        w->steps++;
        return push(w, &w->outs[e->seat], "\"f44\"");
    case PAIFU_EV_DORA:
        if (w->n_dora >= sizeof(w->dora) / sizeof(w->dora[0])) /* never dropped silently */
            return refuse(w, "a deal of more than 10 dora indicators");
        w->dora[w->n_dora++] = e->tile;
        return 0;
    case PAIFU_EV_DISCONNECT:
    case PAIFU_EV_RECONNECT:
        return on_connection(w, e, (int32_t)w->index);
    case PAIFU_EV_FLOWER:
        return refuse(w, "a flower (tenhou6 has no bonus tiles)");
    default:
        return 0; /* riichi deposits are inferred on reading; outcomes come later */
    }
}

/* ---- results (spec §7) ---- */

/*
 * Base points of a win whose record gives its limit (0 when it does not). A limit hand's base
 * is the limit's (yakuman times the count); a hand below the limit gives it by fu and han.
 */
static int32_t win_base(const tenhou6_writer *w, const paifu_win *win, paifu_limit *limit)
{
    static const int32_t LIMIT_BASE[] = {0, 2000, 3000, 4000, 6000, 8000};
    if (!(win->known & PAIFU_REC_LIMIT) || win->limit == PAIFU_LIMIT_UNKNOWN)
        return 0;
    *limit = (paifu_limit)(win->limit < PAIFU_LIMIT_YAKUMAN ? win->limit : PAIFU_LIMIT_YAKUMAN);
    if (*limit != PAIFU_LIMIT_NONE) {
        int mult = *limit == PAIFU_LIMIT_YAKUMAN && win->yakuman > 1 ? win->yakuman : 1;
        return LIMIT_BASE[*limit] * mult;
    }
    if (!(win->known & PAIFU_REC_FU) || !(win->known & PAIFU_REC_HAN) || win->han <= 0)
        return 0;
    paifu_limit computed;
    int32_t base = paifu_points_base(win->han, win->fu, w->head.rules, &computed);
    return base < 2000 ? base : 2000; /* recorded as below the limit */
}

/*
 * The tsumo payments: as recorded; else from the base; and when the base's do not add up to
 * the recorded total (a lobby that rounds up to mangan), split from the total the way the
 * payment tables are built: each non-dealer a quarter (with 3 players a third) rounded up to
 * 100, the dealer the rest; a dealer's tsumo: the total shared equally.
 */
static void tsumo_split(const tenhou6_writer *w, const paifu_win *win, int32_t base, bool dealer,
                        int32_t *ko, int32_t *oya)
{
    paifu_payment pay;
    paifu_points_payment(&pay, base, dealer);
    *ko = pay.tsumo_nondealer;
    *oya = dealer ? 0 : pay.tsumo_dealer;
    if (win->known & PAIFU_REC_PAYMENTS) {
        *ko = win->payment_nondealer;
        *oya = dealer ? 0 : win->payment_dealer;
        return;
    }
    int32_t total = dealer ? *ko * (w->head.players - 1) : *ko * (w->head.players - 2) + *oya;
    if (!(win->known & PAIFU_REC_POINTS) || total == win->points)
        return;
    int32_t t = win->points;
    if (dealer) {
        *ko = t / (w->head.players - 1);
        return;
    }
    int share = w->head.players == 4 ? 4 : 3;
    *ko = (t / share + 99) / 100 * 100;
    *oya = t - *ko * (w->head.players - 2);
}

/*
 * The score string: RANK PAYMENT (spec §7.1), written only when the record gives the limit:
 * the rank is never worked out. A tsumo's split is computed (tsumo_split); a recorded total
 * it still does not add up to is a loss.
 */
static int score_string(tenhou6_writer *w, const paifu_win *win, char *buf, size_t size, bool *ok)
{
    static const char *const RANKS[] = {"", "満貫", "跳満", "倍満", "三倍満", "役満"};
    paifu_limit limit = PAIFU_LIMIT_NONE;
    int32_t base = win_base(w, win, &limit);
    bool tsumo = win->winner == win->from, dealer = win->winner == w->deal->start.dealer;
    char rank[32];
    *ok = base > 0;
    if (!*ok)
        return 0;
    if (limit == PAIFU_LIMIT_NONE) {
        snprintf(rank, sizeof(rank), "%d符%d飜", win->fu, win->han);
    } else {
        snprintf(rank, sizeof(rank), "%s", RANKS[limit]);
        int rc = (win->known & PAIFU_REC_FU) && win->fu > 0
                     ? paifu_lossy__report(&w->head, LOSS_VALUES,
                                           "the fu of limit hands (a limit's score string "
                                           "names no fu)")
                     : 0;
        if (rc < 0)
            return rc;
    }
    /* the score string, which carries the recorded limit (and han and fu), needs the points
       or the payments: computed when neither they nor the score changes they are part of
       are recorded */
    bool deltas = win->known & PAIFU_REC_DELTAS;
    if (!tsumo && !(win->known & PAIFU_REC_POINTS) && !deltas)
        paifu_lossy__compute(&w->head, COMPUTED_WIN_POINTS, true, 1);
    if (tsumo && !(win->known & PAIFU_REC_PAYMENTS) && !deltas)
        paifu_lossy__compute(&w->head, COMPUTED_PAYMENTS, true, 1);
    if (!tsumo) {
        paifu_payment pay;
        paifu_points_payment(&pay, base, dealer);
        snprintf(buf, size, "%s%d点", rank,
                 (int)(win->known & PAIFU_REC_POINTS ? win->points : pay.ron));
        return 0;
    }
    int32_t ko, oya;
    tsumo_split(w, win, base, dealer, &ko, &oya);
    int32_t total = dealer ? ko * (w->head.players - 1) : ko * (w->head.players - 2) + oya;
    if (dealer)
        snprintf(buf, size, "%s%d点∀", rank, (int)ko);
    else
        snprintf(buf, size, "%s%d-%d点", rank, (int)ko, (int)oya);
    if ((win->known & PAIFU_REC_POINTS) && total != win->points)
        return paifu_lossy__report(&w->head, LOSS_VALUES,
                                   "a recorded tsumo total that no split adds up to");
    return 0;
}

static int put_yaku(tenhou6_writer *w, paifu_buf *b, const paifu_yaku_value *y)
{
    const char *name = y->id < T6_YAKU_NAMES ? paifu_tenhou6__yaku_names[y->id]
                       : y->name             ? y->name
                                             : paifu_yaku_name(y->id);
    if (y->id == PAIFU_YAKU_URA_DORA && y->han == 0)
        return 0; /* Tenhou leaves out 裏ドラ(0飜) (spec §7.1) */
    paifu_buf_putc(b, ',');
    char text[96];
    if (paifu_yaku_is_yakuman(y->id) || y->han >= PAIFU_YAKU_YAKUMAN_HAN)
        snprintf(text, sizeof(text), "%s(役満)", name ? name : "?");
    else
        snprintf(text, sizeof(text), "%s(%d飜)", name ? name : "?", y->han);
    paifu_buf_json_string(b, text);
    if (y->han > PAIFU_YAKU_YAKUMAN_HAN)
        return paifu_lossy__report(&w->head, LOSS_VALUES,
                                   "a yakuman counted more than once in one entry");
    return 0;
}

static int put_win(tenhou6_writer *w, paifu_buf *b, const paifu_win *win, size_t k)
{
    int32_t deltas[PAIFU_SEATS];
    int known = paifu_lossy__outcome_deltas(deltas, w->head.game, w->index, k, w->head.rules);
    if (known < 0)
        return refuse(w, "a win whose score changes the log does not give");
    if (known > 0) /* the result needs them */
        paifu_lossy__compute(&w->head, COMPUTED_DELTAS, true, 1);
    paifu_buf_putc(b, ',');
    paifu_buf_json_ints(b, deltas, PAIFU_SEATS, ",");
    paifu_buf_printf(b, ",[%d,%d,%d", win->winner, win->from,
                     win->pao >= 0 ? win->pao : win->winner);
    char score[64];
    bool ok;
    int rc = score_string(w, win, score, sizeof(score), &ok);
    if (ok) {
        paifu_buf_putc(b, ',');
        paifu_buf_json_string(b, score);
    } else if (win->known & (PAIFU_REC_HAN | PAIFU_REC_FU | PAIFU_REC_POINTS | PAIFU_REC_YAKU)) {
        rc = paifu_lossy__report(&w->head, LOSS_VALUES,
                                 "win values recorded without their limit (a score string "
                                 "needs it; han, fu and yaku are left out)");
    }
    for (size_t i = 0; rc == 0 && ok && (win->known & PAIFU_REC_YAKU) && i < win->n_yaku; i++)
        rc = put_yaku(w, b, &win->yaku[i]);
    paifu_buf_putc(b, ']');
    return rc;
}

static const char *draw_name(const tenhou6_writer *w, const paifu_draw *d, const int32_t *deltas)
{
    bool moves = false;
    for (int s = 0; s < PAIFU_SEATS; s++)
        moves = moves || deltas[s] != 0;
    unsigned all = (1u << w->head.players) - 1;
    switch (d->kind) {
    case PAIFU_DRAW_KYUUSHU:
        return "九種九牌";
    case PAIFU_DRAW_SUUFON:
        return "四風連打";
    case PAIFU_DRAW_SUUCHA_RIICHI:
        return "四家立直";
    case PAIFU_DRAW_SUUKAIKAN:
        return "四槓散了";
    case PAIFU_DRAW_SANCHAHOU:
        return "三家和了";
    default:
        break;
    }
    if (d->nagashi)
        return "流し満貫";
    if (!moves && (d->known & PAIFU_REC_TENPAI) && (d->tenpai & all) == all)
        return "全員聴牌";
    if (!moves && (d->known & PAIFU_REC_TENPAI) && !(d->tenpai & all))
        return "全員不聴";
    return "流局";
}

/* Does the rule set the log gives declare tenpai automatically (no noten declaration), with
   SEATS the ones whose hands are tenpai at exhaustive draw I of DEAL? Then SEATS (tenpai, or
   the hands Tenhou shows, which are the tenpai ones) follow from the hands the log carries. */
static bool hands_give(const tenhou6_writer *w, const paifu_deal *deal, size_t i, unsigned seats)
{
    unsigned hands = 0;
    return deal->draws[i].kind == PAIFU_DRAW_EXHAUSTIVE && paifu_lossy__tenpai_by_rule(&w->head) &&
           paifu_deal_hands_tenpai(&hands, deal, i, w->head.players, w->head.rules, NULL) == 0 &&
           hands == seats;
}

static int put_draw(tenhou6_writer *w, paifu_buf *b, const paifu_draw *d, size_t k)
{
    int32_t deltas[PAIFU_SEATS];
    int known = paifu_lossy__outcome_deltas(deltas, w->head.game, w->index, k, w->head.rules);
    if (known < 0)
        return refuse(w, "a draw whose score changes the log does not give");
    if (known > 0) /* the result needs them (all 0 are left out) */
        paifu_lossy__compute(&w->head, COMPUTED_DELTAS, true, 1);
    paifu_buf_json_string(b, draw_name(w, d, deltas));
    for (int s = 0; s < PAIFU_SEATS; s++) {
        if (deltas[s] != 0) { /* the deltas are there iff one moves (spec §7.2) */
            paifu_buf_putc(b, ',');
            paifu_buf_json_ints(b, deltas, PAIFU_SEATS, ",");
            break;
        }
    }
    /* the hands shown at an exhaustive draw under a rule set without noten declarations are
       the tenpai ones, which the hands give back */
    unsigned all = (1u << w->head.players) - 1;
    if ((d->known & PAIFU_REC_HAND) && d->shown &&
        (!hands_give(w, w->deal, (size_t)(d - w->deal->draws), d->shown & all) ||
         ((d->known & PAIFU_REC_TENPAI) && (d->tenpai & all) != (d->shown & all))))
        return paifu_lossy__report(&w->head, LOSS_HANDS, NULL);
    return 0;
}

/* Element 16: the outcome(s) of the deal. */
static int put_result(tenhou6_writer *w, paifu_buf *b)
{
    const paifu_deal *d = w->deal;
    size_t k = 0;
    int rc = 0;
    paifu_buf_putc(b, '[');
    for (size_t i = 0; rc == 0 && i < d->n_events; i++) {
        const paifu_event *e = &d->events[i];
        if (e->type == PAIFU_EV_WIN) {
            if (k == 0)
                paifu_buf_json_string(b, "和了");
            rc = put_win(w, b, &d->wins[e->detail], k++);
        } else if (e->type == PAIFU_EV_EXHAUSTIVE_DRAW || e->type == PAIFU_EV_ABORTIVE_DRAW) {
            if (k)
                return refuse(w, "a round with both a win and a draw");
            rc = put_draw(w, b, &d->draws[e->detail], k++);
        }
    }
    if (rc == 0 && k == 0)
        rc = refuse(w, "a round without an outcome");
    paifu_buf_putc(b, ']');
    return rc;
}

/* ---- one round (spec §3) ---- */

static void put_list(paifu_buf *b, const tenhou6_list *l, bool out)
{
    size_t n = l->n;
    while (out && n && strcmp(l->item[n - 1], "0") == 0)
        n--; /* trailing open-kan placeholders are dropped (spec §6) */
    paifu_buf_puts(b, ",[");
    for (size_t i = 0; i < n; i++) {
        if (i)
            paifu_buf_putc(b, ',');
        paifu_buf_puts(b, l->item[i]);
    }
    paifu_buf_putc(b, ']');
}

static void put_codes(paifu_buf *b, const paifu_tile *t, size_t n)
{
    paifu_buf_putc(b, '[');
    for (size_t i = 0; i < n; i++)
        paifu_buf_printf(b, "%s%d", i ? "," : "", code_of(t[i]));
    paifu_buf_putc(b, ']');
}

/*
 * The takes and discards in the only order the tenhou6 reader can rebuild from per-seat lists
 * (tenhou6_deal.c, spec §8.2): the dealer draws first; a seat that drew or called acts (a
 * discard, or a kan or kita and its replacement draw); a discard is called by another seat
 * (chi by the next seat only) or else the next seat draws. A deal that leaves this order (which
 * the verifier reports as deal.turn_order) is refused: written out, its lists would fit no
 * order and the reader would refuse what was written. Events after the first outcome, dora,
 * deposits and connections take no turn.
 */
enum { TURN_DRAW, TURN_ACT, TURN_REACT, TURN_REPLACE };

static int turn_order(tenhou6_writer *w)
{
    const paifu_deal *d = w->deal;
    int players = w->head.players, turn = d->start.dealer, phase = TURN_DRAW;
    paifu_tile last = PAIFU_TILE_NONE;
    for (size_t i = 0; i < d->n_events; i++) {
        const paifu_event *e = &d->events[i];
        int seat = e->seat, next = (turn + 1) % players;
        bool ok;
        switch (e->type) {
        case PAIFU_EV_DRAW:
            ok = phase == TURN_REACT ? seat == next : phase != TURN_ACT && seat == turn;
            phase = TURN_ACT;
            break;
        case PAIFU_EV_DISCARD:
            ok = phase == TURN_ACT && seat == turn;
            last = e->tile;
            phase = TURN_REACT;
            break;
        case PAIFU_EV_CHI:
        case PAIFU_EV_PON:
        case PAIFU_EV_DAIMINKAN:
            ok = phase == TURN_REACT && seat != turn && e->from == turn &&
                 (e->type != PAIFU_EV_CHI || seat == next) &&
                 paifu_tile_kind(e->tile) == paifu_tile_kind(last);
            phase = e->type == PAIFU_EV_DAIMINKAN ? TURN_REPLACE : TURN_ACT;
            break;
        case PAIFU_EV_ANKAN:
        case PAIFU_EV_SHOUMINKAN:
        case PAIFU_EV_KITA:
            ok = phase == TURN_ACT && seat == turn;
            phase = TURN_REPLACE;
            break;
        case PAIFU_EV_WIN:
        case PAIFU_EV_EXHAUSTIVE_DRAW:
        case PAIFU_EV_ABORTIVE_DRAW:
            return 0;
        default:
            continue;
        }
        if (!ok)
            return paifu_formats__refuse(w->head.err, "tenhou6", d,
                                         "event %zu (%s, seat %d) is out of turn (tenhou6's "
                                         "lists keep no order: its reader rebuilds the turn "
                                         "order)",
                                         i + 1, paifu_event_type_name((paifu_event_type)e->type),
                                         seat);
        turn = seat;
    }
    return 0;
}

/* Check what the format needs of the deal; walk its events into the lists. */
static int check_deal(tenhou6_writer *w)
{
    const paifu_deal *d = w->deal;
    const char *untold = paifu_lossy__deal_untold(d);
    if (untold)
        return refuse(w, untold);
    if (!paifu_lossy__hands_dealt(&d->start, w->head.players))
        return refuse(w, "a deal without 13-tile starting hands");
    if (paifu_lossy__hidden_tile(d))
        return refuse(w, "a tile the log does not show (tenhou6 lists every tile)");
    if (d->start.dealer != d->start.hand_number) /* the reader takes the dealer from the round */
        return refuse(w, "a dealer other than the round's (tenhou6 names the round only)");
    return turn_order(w);
}

/* Refuse a game the format cannot hold before reporting any loss. */
static int check_game(tenhou6_writer *w)
{
    int rc = 0;
    for (size_t k = 0; rc == 0 && k < paifu_game_deal_count(w->head.game); k++) {
        w->deal = paifu_game_deal(w->head.game, k);
        rc = check_deal(w);
    }
    w->deal = NULL;
    return rc;
}

static int read_deal(tenhou6_writer *w)
{
    const paifu_deal *d = w->deal;
    const paifu_deal_start *st = &d->start;
    memset(w->takes, 0, sizeof(w->takes));
    memset(w->outs, 0, sizeof(w->outs));
    memset(w->n_pons, 0, sizeof(w->n_pons));
    memset(w->drawn, PAIFU_TILE_NONE, sizeof(w->drawn));
    w->n_dora = 0;
    w->steps = 0;
    if (st->dora_indicator != PAIFU_TILE_NONE)
        w->dora[w->n_dora++] = st->dora_indicator;
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < d->n_events; i++)
        rc = on_event(w, &d->events[i]);
    return rc;
}

static int write_deal(tenhou6_writer *w, size_t index)
{
    w->deal = paifu_game_deal(w->head.game, index);
    w->index = index;
    const paifu_deal_start *st = &w->deal->start;
    int32_t scores[PAIFU_SEATS];
    int rc = read_deal(w);
    if (rc < 0)
        return rc;
    int known = paifu_lossy__start_scores(scores, w->head.game, index, w->head.rules);
    if (known < 0)
        return refuse(w, "a deal whose starting scores the log does not give");
    if (known > 0) /* the round's header needs them */
        paifu_lossy__compute(&w->head, COMPUTED_START_SCORES, true, 1);
    paifu_buf *b = &w->log;
    paifu_buf_printf(b, "%s[[%d,%d,%d],", index ? "," : "", st->round_wind * 4 + st->hand_number,
                     st->honba, paifu_lossy__start_sticks(w->head.game, index));
    paifu_buf_json_ints(b, scores, PAIFU_SEATS, ",");
    paifu_buf_putc(b, ',');
    put_codes(b, w->dora, w->n_dora);
    paifu_buf_putc(b, ',');
    const paifu_win *ura = NULL;
    for (size_t i = 0; !ura && i < w->deal->n_wins; i++)
        if ((w->deal->wins[i].known & PAIFU_REC_URA) && w->deal->wins[i].n_ura)
            ura = &w->deal->wins[i];
    put_codes(b, ura ? ura->ura : NULL, ura ? ura->n_ura : 0);
    for (int s = 0; s < PAIFU_SEATS; s++) {
        paifu_tile hand[PAIFU_MAX_HAND];
        size_t n = s < w->head.players ? st->n_hand[s] : 0;
        memcpy(hand, st->hands[s], n);
        paifu_tile_sort(hand, n);
        paifu_buf_putc(b, ',');
        put_codes(b, hand, n);
        put_list(b, &w->takes[s], false);
        put_list(b, &w->outs[s], true);
    }
    paifu_buf_putc(b, ',');
    rc = put_result(w, b);
    paifu_buf_putc(b, ']');
    return rc;
}

/* ---- header (spec §2) ---- */

static const char *meta(const tenhou6_writer *w, const char *key)
{
    return paifu_game_meta_get(w->head.game, key);
}

/* A number as JavaScript prints it: "2074.70" -> 2074.7, "1500.00" -> 1500. */
static void put_js_number(paifu_buf *b, const char *text, size_t len)
{
    char num[32];
    snprintf(num, sizeof(num), "%.*s", (int)(len < sizeof(num) ? len : sizeof(num) - 1), text);
    char *dot = strchr(num, '.');
    if (dot) {
        char *end = num + strlen(num);
        while (end > dot + 1 && end[-1] == '0')
            *--end = '\0';
        if (end == dot + 1)
            *dot = '\0';
    }
    paifu_buf_puts(b, *num ? num : "0");
}

/* A comma-separated metadata list as a JSON array: numbers, dan names or strings. */
static void put_meta_list(paifu_buf *b, const char *text, char as)
{
    static const char *const DAN[] = {"新人", "９級", "８級", "７級", "６級", "５級", "４級",
                                      "３級", "２級", "１級", "初段", "二段", "三段", "四段",
                                      "五段", "六段", "七段", "八段", "九段", "十段", "天鳳"};
    paifu_buf_putc(b, '[');
    for (const char *p = text; *p;) {
        size_t n = strcspn(p, ",");
        char item[32];
        snprintf(item, sizeof(item), "%.*s", (int)(n < 31 ? n : 31), p);
        if (p != text)
            paifu_buf_putc(b, ',');
        long dan = strtol(item, NULL, 10);
        if (as == 'n')
            put_js_number(b, item, strlen(item));
        else if (as == 'd' && dan >= 0 && dan < 21)
            paifu_buf_json_string(b, DAN[dan]);
        else
            paifu_buf_json_string(b, item);
        p += n;
        if (*p == ',')
            p++;
    }
    paifu_buf_putc(b, ']');
}

static void put_rule(paifu_buf *b, const char *disp, int reds)
{
    int per = reds / 3, rest = reds % 3; /* extra reds go to pin, then sou (aka52, aka53) */
    paifu_buf_puts(b, ",\"rule\":{");
    if (disp) {
        paifu_buf_puts(b, "\"disp\":");
        paifu_buf_json_string(b, disp);
        paifu_buf_putc(b, ',');
    }
    paifu_buf_printf(b, "\"aka53\":%d,\"aka52\":%d,\"aka51\":%d}", per + (rest > 1),
                     per + (rest > 0), per);
}

/* The rule set as the header key paifu_rules (paifu_json.h): the tenhou6 reader takes it
   instead of what the lobby text and `ref` give; Tenhou's viewers ignore it. */
static void put_carried_rules(tenhou6_writer *w, paifu_buf *b)
{
    paifu_buf_puts(b, ",\"" PAIFU_RULES_KEY "\":");
    paifu_json__put_rules(b, w->head.game);
}

/* `rule` of a game not read from Tenhou: see the file header. The lobby text names the game
   length, open tanyao and red fives; the rule set itself travels as paifu_rules. */
static int derived_rule(tenhou6_writer *w, paifu_buf *b)
{
    const char *name = paifu_game_rules_name(w->head.game);
    char disp[64];
    bool east = paifu_lossy__rule_is(w->head.rules, "game_length", "east"),
         reds = paifu_lossy__rule_int(w->head.rules, "red_fives") > 0;
    if (name && strcmp(name, "tenhou") == 0)
        snprintf(
            disp, sizeof(disp), "%s般%s%s%s", w->head.players == 3 ? "三" : "", east ? "東" : "南",
            paifu_lossy__rule_is(w->head.rules, "kuitan", "true") ? "喰" : "", reds ? "赤" : "");
    else if (name && strcmp(name, "majsoul") == 0 && w->head.players == 4)
        snprintf(disp, sizeof(disp), "%s喰%s", east ? "東" : "南", reds ? "赤" : "");
    else
        snprintf(disp, sizeof(disp), "%s", name ? name : "");
    if (meta(w, PAIFU_META_RULES_ASSUMED)) /* rule: a rule set the reader only assumed */
        paifu_lossy__compute(&w->head, COMPUTED_RULES, true, 1);
    put_rule(b, *disp ? disp : NULL, paifu_lossy__rule_int(w->head.rules, "red_fives"));
    put_carried_rules(w, b);
    return 0;
}

static void put_raw(paifu_buf *b, const char *key, const char *json)
{
    paifu_buf_putc(b, ',');
    paifu_buf_json_string(b, key);
    paifu_buf_printf(b, ":%s", json);
}

/*
 * A header key kept from a tenhou.net/6 document. The reader keeps a string value as itself
 * and anything else as its JSON text: ref and ratingc are strings, `ver` is the string "2.3"
 * exactly in tensoul's documents (the only ones with both `ver` and `title`, spec §9, or
 * MahjongSoul's rules), and any other value is JSON text when it parses as such.
 */
static void put_kept(const tenhou6_writer *w, paifu_buf *b, const char *key, const char *value)
{
    bool string = !strcmp(key, "ref") || !strcmp(key, "ratingc");
    const char *rules = paifu_game_rules_name(w->head.game);
    if (!strcmp(key, "ver"))
        string = meta(w, "tenhou6.title") || (rules && !strcmp(rules, "majsoul"));
    else if (!string) {
        json_t *v = json_loads(value, JSON_DECODE_ANY, NULL);
        string = v == NULL;
        json_decref(v);
    }
    if (!string) {
        put_raw(b, key, value);
        return;
    }
    paifu_buf_putc(b, ',');
    paifu_buf_json_string(b, key);
    paifu_buf_putc(b, ':');
    paifu_buf_json_string(b, value);
}

/* Header keys before `log` (the leading comma of the first key is dropped by the caller). */
static void header_start(tenhou6_writer *w, paifu_buf *b)
{
    const char *v;
    if ((v = meta(w, "tenhou6.title")))
        put_kept(w, b, "title", v);
    if ((v = meta(w, "tenhou6.ver")))
        put_kept(w, b, "ver", v);
    else if (meta(w, "tenhou.go.type"))
        put_raw(b, "ver", "2.3");
    else if (paifu_game_rules_name(w->head.game) &&
             !strcmp(paifu_game_rules_name(w->head.game), "majsoul"))
        put_raw(b, "ver", "\"2.3\""); /* tensoul's form: the reader takes it as MahjongSoul */
    if ((v = meta(w, "tenhou6.ref")) || (v = meta(w, "tenhou.ref")) ||
        (v = meta(w, "majsoul.uuid"))) { /* tensoul's ref is the game's uuid (spec §9) */
        paifu_buf_puts(b, ",\"ref\":");
        paifu_buf_json_string(b, v);
    }
}

/* Does the tenhou6 reader give the game's rule set from GO type TYPE's lobby text and `ref`? */
static bool same_as_lobby(tenhou6_writer *w, unsigned type)
{
    const paifu_game_result *res = paifu_game_result_get(w->head.game);
    bool exact = false;
    for (int s = 0; res->has_final && s < w->head.players; s++)
        exact = exact || res->final[s] % 1000 != 0;
    const char *ref = meta(w, "tenhou.ref");
    paifu_rules *r = NULL;
    bool same = paifu_rules_preset(&r, "tenhou", NULL) == 0 &&
                paifu_mjlog__type_rules(type & 0xFF, paifu_lossy__set_rule, r) == 0 &&
                paifu_mjlog__era_rules(
                    type, w->head.players, exact ? MJLOG_ERA_OWARI | MJLOG_ERA_EXACT : 0,
                    ref ? paifu_tenhou__log_date(ref) : 0, paifu_lossy__set_rule, r) == 0;
    same = same && paifu_lossy__same_rules(w->head.rules, r);
    paifu_rules_free(r);
    return same;
}

/* Header keys from Tenhou XML metadata (spec §8.1 step 1). */
static int header_from_xml(tenhou6_writer *w, paifu_buf *b)
{
    unsigned type = (unsigned)strtoul(meta(w, "tenhou.go.type"), NULL, 10);
    const char *v;
    char disp[64];
    put_raw(b, "ratingc", type & 0x10 ? "\"PF3\"" : "\"PF4\"");
    paifu_tenhou6__lobby_text(disp, sizeof(disp), type);
    put_rule(b, disp, type & 0x02 ? 0 : 3);
    /* the GO type as it comes back: players, length, red fives and open tanyao from the rule
       set, the rest from the lobby text, which does not show every bit (0x0001, 0x1000, a
       chip game's fast bit, all of 東天紅's) */
    unsigned shown = 0;
    paifu_tenhou6__lobby_type(disp, &shown);
    unsigned lost = type ^ ((type & 0x1Eu) | 0x01u | (shown & ~0x1Fu));
    if (lost) {
        char what[160];
        snprintf(what, sizeof(what), "GO type %u's bits 0x%X (the lobby text %.60s does not "
                 "show them)", type, lost, disp);
        int rc = paifu_lossy__report(&w->head, LOSS_META, what);
        if (rc < 0)
            return rc;
    }
    if ((v = meta(w, "tenhou.go.lobby"))) {
        paifu_buf_puts(b, ",\"lobby\":");
        put_js_number(b, v, strlen(v));
    }
    static const char *const LISTS[][2] = {
        {"dan", "tenhou.un.dan"}, {"rate", "tenhou.un.rate"}, {"sx", "tenhou.un.sx"}};
    for (size_t i = 0; i < 3; i++) {
        if (!(v = meta(w, LISTS[i][1])))
            continue;
        paifu_buf_printf(b, ",\"%s\":", LISTS[i][0]);
        put_meta_list(b, v, i == 0 ? 'd' : i == 1 ? 'n' : 's');
    }
    /* the tenhou6 reader takes the rules from the lobby text and the date of `ref`, where the
       XML reader had the GO type, the file's name and the owari text: paifu_rules carries the
       rule set when those do not give the game's (an XML not named by its log id: 2009's
       rules, one-decimal results), or when it is unknown (a chip game) */
    if (!same_as_lobby(w, type) || meta(w, PAIFU_META_RULES_UNKNOWN))
        put_carried_rules(w, b);
    return 0;
}

/* A result in thousandths as Tenhou prints it: -18, 63.8. */
static void put_result_number(paifu_buf *b, int32_t v)
{
    if (v % 1000 == 0) {
        paifu_buf_printf(b, "%d", (int)(v / 1000));
        return;
    }
    char frac[8];
    unsigned a = (unsigned)(v < 0 ? -(int64_t)v : v);
    snprintf(frac, sizeof(frac), "%03u", a % 1000);
    for (size_t n = strlen(frac); n && frac[n - 1] == '0'; n--)
        frac[n - 1] = '\0';
    paifu_buf_printf(b, "%s%u.%s", v < 0 ? "-" : "", a / 1000, frac);
}

static int put_sc(tenhou6_writer *w, paifu_buf *b)
{
    const paifu_game_result *r = paifu_game_result_get(w->head.game);
    int32_t final[PAIFU_SEATS];
    if (r->has_final) {
        memcpy(final, r->final, sizeof(final));
    } else if (r->has_points && paifu_lossy__compute(&w->head, COMPUTED_FINAL, false, 1)) {
        paifu_settle_final(final, r->points, NULL, w->head.players, w->head.rules);
        for (int s = w->head.players; s < PAIFU_SEATS; s++)
            final[s] = 0;
    } else if (r->has_points) {
        return paifu_lossy__report(&w->head, LOSS_FINAL,
                                   "the final points (sc needs the final scores with them)");
    } else {
        return 0;
    }
    paifu_buf_puts(b, ",\"sc\":[");
    for (int s = 0; s < PAIFU_SEATS; s++) {
        paifu_buf_printf(b, "%s%d,", s ? "," : "", (int)r->points[s]);
        put_result_number(b, final[s]);
    }
    paifu_buf_putc(b, ']');
    return 0;
}

/* Is metadata KEY written (or accounted for by another loss)? */
static bool meta_carried(const char *key)
{
    static const char *const PREFIXES[] = {
        "tenhou6.",        "tenhou.mjloggm.", "tenhou.go.",           "tenhou.un.",
        "tenhou.shuffle.", "tenhou.wall.",    "tenhou.rules_unknown", "tenhou.final_unknown"};
    static const char *const KEYS[] = {"tenhou.owari", "tenhou.taikyoku.oya", "tenhou.ref",
                                       "majsoul.uuid"};
    for (size_t i = 0; i < sizeof(PREFIXES) / sizeof(PREFIXES[0]); i++)
        if (strncmp(key, PREFIXES[i], strlen(PREFIXES[i])) == 0)
            return true;
    for (size_t i = 0; i < sizeof(KEYS) / sizeof(KEYS[0]); i++)
        if (strcmp(key, KEYS[i]) == 0)
            return true;
    return false;
}

/* Header keys after `log`, and the tenhou6 keys this writer has no place for. */
static int header_end(tenhou6_writer *w, paifu_buf *b)
{
    static const char *const KNOWN[] = {"title",   "ver",  "ref",   "log", "connection",
                                        "ratingc", "rule", "lobby", "dan", "rate",
                                        "sx",      "sc",   "name"};
    int rc = 0;
    if (meta(w, "tenhou6.rule")) {
        for (size_t i = 5; i < 11; i++) {
            char key[32];
            snprintf(key, sizeof(key), "tenhou6.%s", KNOWN[i]);
            if (meta(w, key))
                put_kept(w, b, KNOWN[i], meta(w, key));
        }
    } else if (meta(w, "tenhou.go.type")) {
        rc = header_from_xml(w, b);
    } else {
        if (meta(w, "tenhou6.ratingc"))
            put_kept(w, b, "ratingc", meta(w, "tenhou6.ratingc"));
        rc = derived_rule(w, b);
    }
    if (rc == 0)
        rc = put_sc(w, b);
    paifu_buf_puts(b, ",\"name\":");
    paifu_lossy__names(b, w->head.game, TENHOU_UNNAMED);
    for (size_t i = 0; i < paifu_game_meta_count(w->head.game); i++) {
        const paifu_meta *m = paifu_game_meta(w->head.game, i);
        bool known = false;
        for (size_t k = 0; k < sizeof(KNOWN) / sizeof(KNOWN[0]); k++)
            known = known || (strncmp(m->key, "tenhou6.", 8) == 0 && !strcmp(m->key + 8, KNOWN[k]));
        if (strncmp(m->key, "tenhou6.", 8) == 0 && !known)
            put_kept(w, b, m->key + 8, m->value); /* a key of the source document */
    }
    return rc == 0 ? paifu_lossy__metadata(&w->head, meta_carried) : rc;
}

/* ---- the game ---- */

/* Tenpai recorded at a nagashi mangan draw: the result gives only the nagashi payments
   (spec §7.2), so its reader knows no tenpai there, unless the rule set declares tenpai
   automatically and the recorded tenpai is the hands' (paifu_deal_hands_tenpai): the hands,
   which the log carries, then give it back. Reported with the draws' count. */
static int nagashi_tenpai(tenhou6_writer *w)
{
    unsigned long n = 0;
    for (size_t k = 0; k < paifu_game_deal_count(w->head.game); k++) {
        const paifu_deal *d = paifu_game_deal(w->head.game, k);
        for (size_t i = 0; i < d->n_draws; i++) {
            const paifu_draw *dr = &d->draws[i];
            n += dr->nagashi && (dr->known & PAIFU_REC_TENPAI) && dr->tenpai &&
                 !hands_give(w, d, i, dr->tenpai);
        }
    }
    if (!n)
        return 0;
    char what[160];
    snprintf(what, sizeof(what),
             "the tenpai seats at %lu nagashi mangan draw(s) (a nagashi result gives its "
             "payments only)",
             n);
    return paifu_lossy__report(&w->head, LOSS_HANDS, what);
}

static int write_rounds(tenhou6_writer *w)
{
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < paifu_game_prelude_count(w->head.game); i++) {
        w->steps = 0;
        rc = on_connection(w, paifu_game_prelude(w->head.game, i), -1);
    }
    for (size_t k = 0; rc == 0 && k < paifu_game_deal_count(w->head.game); k++)
        rc = write_deal(w, k);
    return rc;
}

static int assemble(tenhou6_writer *w, paifu_buf *out)
{
    paifu_buf head;
    paifu_buf_init(&head);
    header_start(w, &head);
    if (w->head.ctx->games_written)
        paifu_buf_putc(out, '\n'); /* JSON lines; one game is Tenhou's bytes, no newline */
    paifu_buf_putc(out, '{');
    if (head.len)
        paifu_buf_put(out, head.data + 1, head.len - 1); /* without its leading comma */
    paifu_buf_puts(out, head.len ? ",\"log\":[" : "\"log\":[");
    if (w->log.len)
        paifu_buf_put(out, w->log.data, w->log.len);
    paifu_buf_putc(out, ']');
    if (w->n_conn || meta(w, "tenhou6.connection")) {
        paifu_buf_puts(out, ",\"connection\":[");
        if (w->conn.len)
            paifu_buf_put(out, w->conn.data, w->conn.len);
        paifu_buf_putc(out, ']');
    }
    if (head.failed) /* the header lost to an allocation failure fails the game's write */
        out->failed = true;
    paifu_buf_free(&head);
    int rc = header_end(w, out);
    paifu_buf_putc(out, '}');
    return rc;
}

static int write_game(format_write *head)
{
    tenhou6_writer *w = (tenhou6_writer *)head;
    paifu_buf_init(&w->log);
    paifu_buf_init(&w->conn);
    int rc = check_game(w);
    if (rc == 0)
        rc = paifu_game_rules(&w->head.rules, head->game, NULL, head->err);
    if (rc == 0)
        rc = paifu_lossy__scan(&w->head, PAIFU_CARRIES_TSUMOGIRI | PAIFU_CARRIES_CONNECTION |
                                                LOSSY_WRITES_TSUMOGIRI);
    if (rc == 0 && paifu_game_truncated(head->game))
        rc = paifu_lossy__report(&w->head, LOSS_META,
                                 "that the log is truncated (tenhou6 has no mark for it)");
    if (rc == 0)
        rc = nagashi_tenpai(w);
    if (rc == 0)
        rc = write_rounds(w);
    if (rc == 0)
        rc = assemble(w, head->ctx->out);
    if (rc == 0 && (w->log.failed || w->conn.failed))
        rc = paifu_error_set(head->err, PAIFU_ENOMEM, NULL, "out of memory while writing");
    paifu_buf_free(&w->log);
    paifu_buf_free(&w->conn);
    return rc;
}

const format_writer paifu_tenhou6__writer = {
    .size = sizeof(tenhou6_writer),
    .refuses = paifu_lossy__is_mcr,
    .refusal = "an MCR game (no flowers, fans or MCR payments in tenhou6)",
    .write = write_game,
};
