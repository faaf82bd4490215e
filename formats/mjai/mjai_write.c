/*
 * mjai_write.c: writer of mjai event logs in Mortal's dialect (shared/formats/mjai.md, "spec"
 * below), the dialect of Mortal/libriichi, mjai-reviewer and RiichiEnv.
 *
 * ---- what Mortal reads ----
 * Every event has Mortal's keys in Mortal's order (libriichi's Event, spec §4): start_game
 * names (four), start_kyoku bakaze, dora_marker, kyoku, honba, kyotaku, oya, scores, tehais;
 * tsumo/dahai with tsumogiri; chi, pon, daiminkan, kakan, ankan with consumed; dora; reach;
 * reach_accepted; hora with deltas and ura_markers ([] for a winner not in riichi);
 * ryukyoku with deltas; end_kyoku; end_game. The order of events is the one Mortal's arena
 * produces (spec §3):
 *   - reach_accepted waits for the next tsumo, chi, pon or daiminkan (or the abortive draw of a
 *     fourth riichi); a riichi discard that is won on gets none;
 *   - a closed kan's indicator follows the ankan at once (after any indicator still due);
 *     an open or added kan's comes just before its owner's next dahai (after a reach), and
 *     when the owner adds another kan first, before the next tsumo;
 *   - several wins on one discard are consecutive hora events, as the model orders them.
 * Mortal's arena draws one more tile between the fourth reach_accepted and the abortive draw;
 * a log has no such tile, so the ryukyoku follows the reach_accepted (spec §3 rule 3).
 *
 * ---- what Mortal ignores ----
 * Keys of the original dialect that serde-based readers skip (libriichi declares no
 * deny_unknown_fields) carry what Mortal's keys cannot: start_game kyoku_first and aka_flag
 * (convlog's, for the game length and red fives), hora pai, hora_tehais, pao, fu, fan and
 * yakus (original names, yakuman as 100 per yakuman); ryukyoku reason, tenpais
 * and the nine-terminals declarer `actor`; end_game scores (the final points).
 *
 * ---- losses and choices ----
 * mjai has no uma, wall, dice, tile ids, penalties or connection events, and a win keeps its
 * fu, han and yaku but not its recorded points and limit (all reported). Its rule set
 * travels as start_game's paifu_rules (paifu_json.h): other readers see Tenhou's (the mjai
 * reader's assumption) with the game length and red fives above. A tsumogiri flag the source does
 * not record is derived from the tiles (the discard is the tile just drawn) and reported. 3-player
 * games get arrays of three and `nukidora` {actor, pai: "N"} (the mortal-sanma dialect, spec §4.5).
 * MCR games without bonus tiles use akochan's MCR mode (no dora_marker; hora fan and info.bools /
 * info.integers). Refused (PAIFU_EUNSUPPORTED), before any loss is reported: flowers, deals
 * without tiles, round, hands or (riichi) dora indicator, hidden tiles, and start scores the
 * log does not give or imply.
 */
#include "lossy.h"
#include "mjai.h"
#include "paifu_json.h"

#include <paifu/mcr.h>
#include <paifu/verify.h>
#include <paifu/yaku.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MJAI_MAX_DORA 16

typedef struct mjai_writer {
    format_write head;
    paifu_buf *b;
    bool mcr;
    /* the deal being written */
    const paifu_deal *deal;
    size_t index;
    paifu_tile dora[MJAI_MAX_DORA]; /* the deal's DORA events in order */
    size_t n_dora, next_dora;
    bool dora_at_dahai;             /* an open/added kan's indicator waits for the next dahai */
    bool dora_at_tsumo;             /* ... or for the next tsumo (a kan added before it) */
    int reach_pending;              /* seat whose reach_accepted waits, -1 */
    bool accept_moved[PAIFU_SEATS]; /* the seat's RIICHI_ACCEPTED was written earlier */
    paifu_tile drawn[PAIFU_SEATS];
} mjai_writer;

/* ---- tiles (spec §2) ---- */

const char *paifu_mjai__tile_name(paifu_tile t)
{
    static const char *const NAMES[PAIFU_TILE_KINDS] = {
        "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p",
        "4p", "5p", "6p", "7p", "8p", "9p", "1s", "2s", "3s", "4s", "5s", "6s",
        "7s", "8s", "9s", "E",  "S",  "W",  "N",  "P",  "F",  "C"};
    static const char *const REDS[] = {"5mr", "5pr", "5sr"};
    unsigned k = paifu_tile_kind(t);
    if (t == PAIFU_TILE_NONE || k >= PAIFU_TILE_KINDS)
        return "?";
    if (paifu_tile_is_red(t) && k < 27)
        return REDS[k / 9];
    return NAMES[k];
}

static void put_tile(paifu_buf *b, paifu_tile t)
{
    char q[8] = "\"";
    const char *name = paifu_mjai__tile_name(t);
    size_t n = 1;
    while (*name && n < 6)
        q[n++] = *name++;
    q[n++] = '"';
    paifu_buf_put(b, q, n);
}

/* A seat, an actor or a target (0 to 3; -1 for none) as a JSON number. */
static void put_seat(paifu_buf *b, int seat)
{
    if (seat >= 0 && seat <= 9)
        paifu_buf_putc(b, (char)('0' + seat));
    else
        paifu_buf_int(b, seat);
}

static void put_tiles(paifu_buf *b, const paifu_tile *t, size_t n)
{
    paifu_buf_putc(b, '[');
    for (size_t i = 0; i < n; i++) {
        if (i)
            paifu_buf_putc(b, ',');
        put_tile(b, t[i]);
    }
    paifu_buf_putc(b, ']');
}

static int refuse(mjai_writer *w, const char *what)
{
    return paifu_formats__refuse(w->head.err, "mjai", w->deal, "%s", what);
}

/* ---- the game's rule set ---- */

static int start_game(mjai_writer *w)
{
    paifu_buf *b = w->b;
    const char *v;
    paifu_buf_puts(b, "{\"type\":\"start_game\",\"names\":");
    paifu_lossy__names(b, w->head.game, ""); /* mjai leaves an unnamed seat's name empty */
    if ((v = paifu_game_meta_get(w->head.game, "mjai.start_game.seed")))
        paifu_buf_printf(b, ",\"seed\":%s", v);
    /* kyoku_first and aka_flag: as recorded, else from the rule set unless the reader only
       assumed it (then they are left out: no mjai reader needs them) */
    const char *first = paifu_game_meta_get(w->head.game, "mjai.start_game.kyoku_first"),
               *aka = paifu_game_meta_get(w->head.game, "mjai.start_game.aka_flag");
    bool assumed = paifu_game_meta_get(w->head.game, PAIFU_META_RULES_ASSUMED) != NULL;
    bool from_rules = !w->mcr && (!first || !aka) &&
                      (!assumed || paifu_lossy__compute(&w->head, COMPUTED_RULES, false, 1));
    if (!w->mcr && (first || from_rules))
        paifu_buf_printf(b, ",\"kyoku_first\":%s",
                         first ? first
                         : paifu_lossy__rule_is(w->head.rules, "game_length", "east") ? "4"
                                                                                      : "0");
    if (!w->mcr && (aka || from_rules))
        paifu_buf_printf(b, ",\"aka_flag\":%s",
                         aka ? aka
                         : paifu_lossy__rule_is(w->head.rules, "red_fives", "0") ? "false"
                                                                                 : "true");
    static const char *const KEEP[] = {"id", "uri"};
    for (size_t i = 0; i < 2; i++) {
        char key[40];
        snprintf(key, sizeof(key), "mjai.start_game.%s", KEEP[i]);
        if ((v = paifu_game_meta_get(w->head.game, key)))
            paifu_buf_printf(b, ",\"%s\":%s", KEEP[i], v);
    }
    /* the rule set, which no mjai key names (the reader's assumption is Tenhou's) */
    paifu_buf_puts(b, ",\"" PAIFU_RULES_KEY "\":");
    paifu_json__put_rules(b, w->head.game);
    paifu_buf_puts(b, "}\n");
    return 0;
}

/* ---- kan dora and riichi deposits at Mortal's moments ---- */

static void put_dora(mjai_writer *w)
{
    if (w->next_dora >= w->n_dora)
        return; /* the log reveals none here (a rinshan win, a robbed kan) */
    paifu_buf_puts(w->b, "{\"type\":\"dora\",\"dora_marker\":");
    put_tile(w->b, w->dora[w->next_dora++]);
    paifu_buf_puts(w->b, "}\n");
}

static void flush_reach(mjai_writer *w)
{
    if (w->reach_pending < 0)
        return;
    paifu_buf_lit(w->b, "{\"type\":\"reach_accepted\",\"actor\":");
    put_seat(w->b, w->reach_pending);
    paifu_buf_lit(w->b, "}\n");
    w->accept_moved[w->reach_pending] = true;
    w->reach_pending = -1;
}

/* Does the deal record the deposit of the riichi declared by event I (before the seat's next
 * discard)? */
static bool deposit_follows(const paifu_deal *d, size_t i)
{
    int seat = d->events[i].seat;
    for (size_t k = i + 1; k < d->n_events; k++) {
        const paifu_event *e = &d->events[k];
        if (e->type == PAIFU_EV_RIICHI_ACCEPTED && e->seat == seat)
            return true;
        if ((e->type == PAIFU_EV_DISCARD && e->seat == seat) || e->type == PAIFU_EV_WIN)
            return false;
    }
    return false;
}

/* ---- events ---- */

static int on_draw(mjai_writer *w, const paifu_event *e)
{
    flush_reach(w);
    if (w->dora_at_tsumo) {
        put_dora(w);
        w->dora_at_tsumo = false;
    }
    w->drawn[e->seat] = e->tile;
    paifu_buf_lit(w->b, "{\"type\":\"tsumo\",\"actor\":");
    put_seat(w->b, e->seat);
    paifu_buf_lit(w->b, ",\"pai\":");
    put_tile(w->b, e->tile);
    paifu_buf_lit(w->b, "}\n");
    return 0;
}

/* tsumogiri: as recorded, else derived (the tile just drawn); a recorded tsumogiri of another
 * tile than the one drawn, which libriichi would refuse, is written false and reported. */
static int on_discard(mjai_writer *w, const paifu_event *e, size_t i)
{
    bool tsumogiri;
    int rc = paifu_lossy__tsumogiri(&w->head, e, w->drawn[e->seat], &tsumogiri);
    if (e->flags & PAIFU_EVF_RIICHI) {
        paifu_buf_lit(w->b, "{\"type\":\"reach\",\"actor\":");
        put_seat(w->b, e->seat);
        paifu_buf_lit(w->b, "}\n");
    }
    if (w->dora_at_dahai) {
        put_dora(w);
        w->dora_at_dahai = false;
    }
    paifu_buf_lit(w->b, "{\"type\":\"dahai\",\"actor\":");
    put_seat(w->b, e->seat);
    paifu_buf_lit(w->b, ",\"pai\":");
    put_tile(w->b, e->tile);
    if (tsumogiri)
        paifu_buf_lit(w->b, ",\"tsumogiri\":true}\n");
    else
        paifu_buf_lit(w->b, ",\"tsumogiri\":false}\n");
    w->drawn[e->seat] = PAIFU_TILE_NONE;
    if ((e->flags & PAIFU_EVF_RIICHI) && deposit_follows(w->deal, i))
        w->reach_pending = e->seat;
    return rc;
}

static int on_call(mjai_writer *w, const paifu_event *e)
{
    static const char *const TYPES[] = {"chi", "pon", "daiminkan", "ankan", "kakan"};
    const char *type = TYPES[e->type - PAIFU_EV_CHI];
    if (e->type != PAIFU_EV_ANKAN && e->type != PAIFU_EV_SHOUMINKAN)
        flush_reach(w);
    if (e->type == PAIFU_EV_ANKAN && (w->dora_at_dahai || w->dora_at_tsumo)) {
        if (w->dora_at_tsumo)
            put_dora(w);
        put_dora(w); /* the open kan's indicator still due goes first */
        w->dora_at_dahai = w->dora_at_tsumo = false;
    }
    if (e->type == PAIFU_EV_SHOUMINKAN && w->dora_at_dahai)
        w->dora_at_tsumo = true;
    paifu_buf_lit(w->b, "{\"type\":\"");
    paifu_buf_puts(w->b, type);
    paifu_buf_lit(w->b, "\",\"actor\":");
    put_seat(w->b, e->seat);
    if (e->from >= 0 &&
        (e->type == PAIFU_EV_CHI || e->type == PAIFU_EV_PON || e->type == PAIFU_EV_DAIMINKAN)) {
        paifu_buf_lit(w->b, ",\"target\":");
        put_seat(w->b, e->from);
    }
    if (e->type != PAIFU_EV_ANKAN) {
        paifu_buf_puts(w->b, ",\"pai\":");
        put_tile(w->b, e->tile);
    }
    paifu_buf_puts(w->b, ",\"consumed\":");
    put_tiles(w->b, e->tiles, e->n);
    paifu_buf_puts(w->b, "}\n");
    w->drawn[e->seat] = PAIFU_TILE_NONE;
    if (e->type == PAIFU_EV_ANKAN)
        put_dora(w);
    else if (e->type == PAIFU_EV_DAIMINKAN || e->type == PAIFU_EV_SHOUMINKAN)
        w->dora_at_dahai = true;
    return 0;
}

static int on_accepted(mjai_writer *w, const paifu_event *e)
{
    if (w->reach_pending == e->seat) {
        flush_reach(w);
    } else if (!w->accept_moved[e->seat]) { /* a deposit without its riichi discard */
        paifu_buf_lit(w->b, "{\"type\":\"reach_accepted\",\"actor\":");
        put_seat(w->b, e->seat);
        paifu_buf_lit(w->b, "}\n");
    }
    w->accept_moved[e->seat] = false;
    return 0;
}

/* ---- outcomes ---- */

/* The original dialect's yaku names (spec §4.4); winds by seat and round, dragons by paifu's
 * names ("sangenpai" cannot tell the dragons apart). */
static const char *yaku_name(unsigned id)
{
    static const char *const ORIGINAL[] = {"menzenchin_tsumoho",
                                           "reach",
                                           "ippatsu",
                                           "chankan",
                                           "rinshankaiho",
                                           "haiteiraoyue",
                                           "hoteiraoyui",
                                           "pinfu",
                                           "tanyaochu",
                                           "ipeko",
                                           "jikaze",
                                           "jikaze",
                                           "jikaze",
                                           "jikaze",
                                           "bakaze",
                                           "bakaze",
                                           "bakaze",
                                           "bakaze",
                                           NULL,
                                           NULL,
                                           NULL,
                                           "double_reach",
                                           "chitoitsu",
                                           "honchantaiyao",
                                           "ikkitsukan",
                                           "sanshokudojun",
                                           "sanshokudoko",
                                           "sankantsu",
                                           "toitoiho",
                                           "sananko",
                                           "shosangen",
                                           "honroto",
                                           "ryanpeko",
                                           "junchantaiyao",
                                           "honiso",
                                           "chiniso",
                                           "renho",
                                           "tenho",
                                           "chiho",
                                           "daisangen",
                                           "suanko",
                                           NULL,
                                           "tsuiso",
                                           "ryuiso",
                                           "chinroto",
                                           "churenpoton",
                                           NULL,
                                           "kokushimuso",
                                           NULL,
                                           "daisushi",
                                           "shosushi",
                                           "sukantsu",
                                           "dora",
                                           "uradora",
                                           "akadora",
                                           "nukidora"};
    if (id < sizeof(ORIGINAL) / sizeof(ORIGINAL[0]) && ORIGINAL[id])
        return ORIGINAL[id];
    return paifu_yaku_name(id);
}

static void put_yakus(mjai_writer *w, const paifu_win *win)
{
    paifu_buf_puts(w->b, ",\"yakus\":[");
    for (size_t i = 0; i < win->n_yaku; i++) {
        const paifu_yaku_value *y = &win->yaku[i];
        int han = y->han >= PAIFU_YAKU_YAKUMAN_HAN && paifu_yaku_is_yakuman(y->id)
                      ? 100 * (y->han / PAIFU_YAKU_YAKUMAN_HAN)
                      : y->han;
        const char *name = yaku_name(y->id);
        /* jikaze and bakaze read back as the winner's seat wind and the round's: a wind yaku
           recorded for another wind keeps its own name (seat_wind_south, ...), which the
           reader takes as it is, so its wind is not lost */
        const paifu_deal_start *st = &w->deal->start;
        int seat = (win->winner - st->dealer + w->head.players) % w->head.players;
        if ((y->id >= PAIFU_YAKU_SEAT_WIND_EAST && y->id <= PAIFU_YAKU_SEAT_WIND_NORTH &&
             (int)y->id - PAIFU_YAKU_SEAT_WIND_EAST != seat) ||
            (y->id >= PAIFU_YAKU_ROUND_WIND_EAST && y->id <= PAIFU_YAKU_ROUND_WIND_NORTH &&
             (int)y->id - PAIFU_YAKU_ROUND_WIND_EAST != (st->round_wind & 3)))
            name = paifu_yaku_name(y->id);
        paifu_buf_puts(w->b, i ? ",[" : "[");
        paifu_buf_json_string(w->b, name ? name : "?");
        paifu_buf_putc(w->b, ',');
        paifu_buf_int(w->b, han);
        paifu_buf_putc(w->b, ']');
    }
    paifu_buf_putc(w->b, ']');
}

/* akochan's MCR mode: fans scored once in info.bools, counted ones in info.integers. */
static void put_mcr_fans(mjai_writer *w, const paifu_win *win)
{
    paifu_buf_puts(w->b, ",\"info\":{\"bools\":[");
    bool first = true;
    for (size_t i = 0; i < win->n_yaku; i++) {
        const char *name = paifu_mcr_fan_name(win->yaku[i].id);
        if (!name || win->yaku[i].count != 1)
            continue;
        paifu_buf_printf(w->b, "%s\"%s\"", first ? "" : ",", name);
        first = false;
    }
    paifu_buf_puts(w->b, "],\"integers\":{");
    first = true;
    for (size_t i = 0; i < win->n_yaku; i++) {
        const char *name = paifu_mcr_fan_name(win->yaku[i].id);
        if (!name || win->yaku[i].count == 1)
            continue;
        paifu_buf_printf(w->b, "%s\"%s\":%u", first ? "" : ",", name, (unsigned)win->yaku[i].count);
        first = false;
    }
    paifu_buf_puts(w->b, "}}");
}

/* Keys of the original dialect that keep the recorded value of a win. */
static int put_win_value(mjai_writer *w, const paifu_win *win)
{
    paifu_buf *b = w->b;
    if (win->win_tile != PAIFU_TILE_NONE) {
        paifu_buf_puts(b, ",\"pai\":");
        put_tile(b, win->win_tile);
    }
    if ((win->known & PAIFU_REC_HAND) && win->n_hand) { /* sorted, without the win tile */
        paifu_tile hand[PAIFU_MAX_HAND];
        size_t n = win->n_hand;
        memcpy(hand, win->hand, n);
        paifu_tile_sort(hand, n);
        for (size_t i = n; win->win_tile != PAIFU_TILE_NONE && i-- > 0;)
            if (hand[i] == win->win_tile) {
                memmove(hand + i, hand + i + 1, n - i - 1);
                n--;
                break;
            }
        if (n) {
            paifu_buf_puts(b, ",\"hora_tehais\":");
            put_tiles(b, hand, n);
        } else { /* [] would be refused by mjai's reader (found by fuzz_convert) */
            int rc = paifu_lossy__report(&w->head, LOSS_VALUES,
                                         "a recorded winning hand of the winning tile alone");
            if (rc < 0)
                return rc;
        }
    }
    int ret = 0;
    if (win->pao >= 0) {
        paifu_buf_lit(b, ",\"pao\":");
        put_seat(b, win->pao);
    }
    if (!w->mcr && (win->known & PAIFU_REC_FU)) {
        paifu_buf_lit(b, ",\"fu\":");
        paifu_buf_int(b, win->fu);
    }
    if (win->known & PAIFU_REC_HAN) {
        paifu_buf_lit(b, ",\"fan\":");
        paifu_buf_int(b, win->yakuman && !w->mcr ? 100 * win->yakuman : win->han);
    }
    if ((win->known & PAIFU_REC_YAKU) && w->mcr)
        put_mcr_fans(w, win);
    else if (win->known & PAIFU_REC_YAKU)
        put_yakus(w, win);
    return ret;
}

/* The score changes of outcome K: recorded, or computed under --fill (else left out). */
static bool deltas_known(mjai_writer *w, int32_t *deltas, size_t k)
{
    int rc = paifu_lossy__outcome_deltas(deltas, w->head.game, w->index, k, w->head.rules);
    return rc == 0 || (rc > 0 && paifu_lossy__compute(&w->head, COMPUTED_DELTAS, false, 1));
}

static bool riichi_declared(const paifu_deal *d, int seat)
{
    for (size_t i = 0; i < d->n_events; i++)
        if (d->events[i].type == PAIFU_EV_DISCARD && d->events[i].seat == seat &&
            (d->events[i].flags & PAIFU_EVF_RIICHI))
            return true;
    return false;
}

static int on_win(mjai_writer *w, const paifu_win *win, size_t k)
{
    int32_t deltas[PAIFU_SEATS];
    paifu_buf *b = w->b;
    int rc = 0;
    if (win->known & (PAIFU_REC_POINTS | PAIFU_REC_LIMIT | PAIFU_REC_PAYMENTS))
        rc = paifu_lossy__report(&w->head, LOSS_VALUES,
                                 "the recorded points and limits of wins (fu, fan and yakus "
                                 "are kept)");
    w->dora_at_dahai = w->dora_at_tsumo = false;
    paifu_buf_lit(b, "{\"type\":\"hora\",\"actor\":");
    put_seat(b, win->winner);
    paifu_buf_lit(b, ",\"target\":");
    put_seat(b, win->from);
    if (deltas_known(w, deltas, k)) {
        paifu_buf_puts(b, ",\"deltas\":");
        paifu_buf_json_ints(b, deltas, (size_t)w->head.players, ",");
    }
    if (!w->mcr && (win->known & PAIFU_REC_URA)) {
        paifu_buf_puts(b, ",\"ura_markers\":");
        put_tiles(b, win->ura, win->n_ura);
    } else if (!w->mcr && !riichi_declared(w->deal, win->winner)) {
        paifu_buf_puts(b, ",\"ura_markers\":[]"); /* Mortal's arena: none without riichi */
    }
    if (rc == 0)
        rc = put_win_value(w, win);
    paifu_buf_puts(b, "}\n");
    return rc;
}

static int on_draw_outcome(mjai_writer *w, const paifu_draw *d, size_t k)
{
    static const char *const REASONS[] = {"fanpai",     "kyushukyuhai", "sufonrenta",
                                          "suchareach", "sukaikan",     "sanchaho"};
    int32_t deltas[PAIFU_SEATS];
    paifu_buf *b = w->b;
    flush_reach(w); /* the fourth riichi's deposit comes before the abortive draw */
    paifu_buf_puts(b, "{\"type\":\"ryukyoku\"");
    if (deltas_known(w, deltas, k)) {
        paifu_buf_puts(b, ",\"deltas\":");
        paifu_buf_json_ints(b, deltas, (size_t)w->head.players, ",");
    }
    paifu_buf_lit(b, ",\"reason\":\"");
    paifu_buf_puts(b, d->nagashi ? "nagashimangan"
                                 : REASONS[d->kind < PAIFU_DRAW_KIND_COUNT ? d->kind : 0]);
    paifu_buf_putc(b, '"');
    if (d->seat >= 0 && d->kind == PAIFU_DRAW_KYUUSHU) {
        paifu_buf_lit(b, ",\"actor\":");
        put_seat(b, d->seat);
    }
    if (d->known & PAIFU_REC_TENPAI) {
        paifu_buf_puts(b, ",\"tenpais\":[");
        for (int s = 0; s < w->head.players; s++) {
            if (s)
                paifu_buf_putc(b, ',');
            paifu_buf_puts(b, d->tenpai >> s & 1u ? "true" : "false");
        }
        paifu_buf_putc(b, ']');
    }
    paifu_buf_puts(b, "}\n");
    if ((d->known & PAIFU_REC_HAND) && d->shown)
        return paifu_lossy__report(&w->head, LOSS_HANDS, NULL);
    return 0;
}

static int on_event(mjai_writer *w, size_t i, size_t *outcome)
{
    const paifu_event *e = &w->deal->events[i];
    switch (e->type) {
    case PAIFU_EV_DRAW:
        return on_draw(w, e);
    case PAIFU_EV_DISCARD:
        return on_discard(w, e, i);
    case PAIFU_EV_CHI:
    case PAIFU_EV_PON:
    case PAIFU_EV_DAIMINKAN:
    case PAIFU_EV_ANKAN:
    case PAIFU_EV_SHOUMINKAN:
        return on_call(w, e);
    case PAIFU_EV_KITA: /* an open kan's indicator still due follows it, as in Tenhou's XML */
        w->drawn[e->seat] = PAIFU_TILE_NONE;
        paifu_buf_printf(w->b, "{\"type\":\"nukidora\",\"actor\":%d,\"pai\":\"N\"}\n", e->seat);
        if (w->dora_at_dahai || w->dora_at_tsumo)
            put_dora(w);
        w->dora_at_dahai = w->dora_at_tsumo = false;
        return 0;
    case PAIFU_EV_RIICHI_ACCEPTED:
        return on_accepted(w, e);
    case PAIFU_EV_WIN:
        return on_win(w, &w->deal->wins[e->detail], (*outcome)++);
    case PAIFU_EV_EXHAUSTIVE_DRAW:
    case PAIFU_EV_ABORTIVE_DRAW:
        return on_draw_outcome(w, &w->deal->draws[e->detail], (*outcome)++);
    default: /* DORA (placed by Mortal's rules), connection, penalties (lost); no FLOWER
              * (the writer's row refuses those first) */
        return 0;
    }
}

/* ---- one deal ---- */

/* Whether a win's recorded hand holds a tile mjai has no name for (a hidden tile or a flower:
   it would be written as "?", which mjai's reader refuses in a replay log; found by
   fuzz_convert in a paifu log whose winning hand held a flower). */
static bool unnamed_win_tile(const paifu_deal *d)
{
    for (size_t i = 0; i < d->n_wins; i++) {
        const paifu_win *win = &d->wins[i];
        if (!(win->known & PAIFU_REC_HAND))
            continue;
        for (size_t k = 0; k < win->n_hand; k++)
            if (strcmp(paifu_mjai__tile_name(win->hand[k]), "?") == 0)
                return true;
    }
    return false;
}

static int check_deal(mjai_writer *w)
{
    const paifu_deal *d = w->deal;
    const paifu_deal_start *st = &d->start;
    const char *untold = paifu_lossy__deal_untold(d);
    if (untold)
        return refuse(w, untold);
    if (st->hand_number > 3)
        return refuse(w, "a deal numbered beyond 4 in its round (mjai's kyoku is 1..4)");
    if (!paifu_lossy__hands_dealt(st, w->head.players))
        return refuse(w, "a deal without 13-tile starting hands");
    if (paifu_lossy__hidden_tile(d))
        return refuse(w, "a tile the log does not show (\"?\" is for in-game views only)");
    if (unnamed_win_tile(d))
        return refuse(w, "a winning hand with a tile mjai cannot name (\"?\" is for in-game "
                         "views only)");
    if (!w->mcr && st->dora_indicator == PAIFU_TILE_NONE)
        return refuse(w, "a deal without its dora indicator (start_kyoku needs dora_marker)");
    return 0;
}

static int start_kyoku(mjai_writer *w)
{
    const paifu_deal_start *st = &w->deal->start;
    int32_t scores[PAIFU_SEATS];
    paifu_buf *b = w->b;
    int known = paifu_lossy__start_scores(scores, w->head.game, w->index, w->head.rules);
    if (known < 0)
        return refuse(w, "a deal whose starting scores the log does not give");
    if (known > 0) /* start_kyoku needs them */
        paifu_lossy__compute(&w->head, COMPUTED_START_SCORES, true, 1);
    paifu_buf_lit(b, "{\"type\":\"start_kyoku\",\"bakaze\":\"");
    paifu_buf_putc(b, "ESWN"[st->round_wind & 3]);
    paifu_buf_putc(b, '"');
    if (!w->mcr) {
        paifu_buf_puts(b, ",\"dora_marker\":");
        put_tile(b, st->dora_indicator);
    }
    paifu_buf_lit(b, ",\"kyoku\":");
    paifu_buf_int(b, st->hand_number + 1);
    paifu_buf_lit(b, ",\"honba\":");
    paifu_buf_int(b, st->honba);
    paifu_buf_lit(b, ",\"kyotaku\":");
    paifu_buf_int(b, paifu_lossy__start_sticks(w->head.game, w->index));
    paifu_buf_lit(b, ",\"oya\":");
    put_seat(b, st->dealer);
    paifu_buf_lit(b, ",\"scores\":");
    paifu_buf_json_ints(b, scores, (size_t)w->head.players, ",");
    paifu_buf_puts(b, ",\"tehais\":[");
    for (int s = 0; s < w->head.players; s++) {
        if (s)
            paifu_buf_putc(b, ',');
        put_tiles(b, st->hands[s], st->n_hand[s]);
    }
    paifu_buf_puts(b, "]}\n");
    return 0;
}

static int write_deal(mjai_writer *w, size_t index)
{
    w->deal = paifu_game_deal(w->head.game, index);
    w->index = index;
    int rc = start_kyoku(w);
    if (rc < 0)
        return rc;
    w->n_dora = w->next_dora = 0;
    w->dora_at_dahai = w->dora_at_tsumo = false;
    w->reach_pending = -1;
    memset(w->accept_moved, 0, sizeof(w->accept_moved));
    memset(w->drawn, PAIFU_TILE_NONE, sizeof(w->drawn));
    for (size_t i = 0; i < w->deal->n_events; i++)
        if (w->deal->events[i].type == PAIFU_EV_DORA && w->n_dora < MJAI_MAX_DORA)
            w->dora[w->n_dora++] = w->deal->events[i].tile;
    size_t outcome = 0;
    for (size_t i = 0; rc == 0 && i < w->deal->n_events; i++)
        rc = on_event(w, i, &outcome);
    if (rc == 0 && w->next_dora < w->n_dora)
        rc = paifu_lossy__report(&w->head, LOSS_DORA_TIMING,
                                 "a kan dora indicator revealed where Mortal reveals none");
    paifu_buf_puts(w->b, "{\"type\":\"end_kyoku\"}\n");
    return rc;
}

/* ---- the game ---- */

/* Metadata the writer puts back (start_game keys) or that a loss already covers (the seed). */
static bool meta_carried(const char *key)
{
    return strncmp(key, "mjai.start_game.", 16) == 0 || strncmp(key, "tenhou.shuffle.", 15) == 0 ||
           strncmp(key, "tenhou.wall.", 12) == 0;
}

static int end_game(mjai_writer *w)
{
    const paifu_game_result *r = paifu_game_result_get(w->head.game);
    paifu_buf_puts(w->b, "{\"type\":\"end_game\"");
    if (r->has_points) { /* the original dialect's final points */
        paifu_buf_puts(w->b, ",\"scores\":");
        paifu_buf_json_ints(w->b, r->points, (size_t)w->head.players, ",");
    }
    paifu_buf_puts(w->b, "}\n");
    if (r->has_final)
        return paifu_lossy__report(&w->head, LOSS_FINAL, "the final scores (mjai has no uma)");
    return 0;
}

static int has_flowers(const paifu_game *g, paifu_error *err)
{
    (void)err;
    for (size_t k = 0; k < paifu_game_deal_count(g); k++) {
        const paifu_deal *d = paifu_game_deal(g, k);
        for (size_t i = 0; i < d->n_events; i++)
            if (d->events[i].type == PAIFU_EV_FLOWER)
                return 1;
    }
    return 0;
}

static int write_game(format_write *head)
{
    mjai_writer *w = (mjai_writer *)head;
    w->b = head->ctx->out;
    /* the rule set once (its family decides the dialect); its error after the refusals */
    bool ruled = paifu_game_rules(&w->head.rules, head->game, NULL, NULL) == 0;
    w->mcr = ruled && paifu_lossy__rule_is(w->head.rules, "family", "mcr");
    int rc = 0;
    for (size_t k = 0; rc == 0 && k < paifu_game_deal_count(head->game); k++) {
        w->deal = paifu_game_deal(head->game, k); /* refuse before reporting any loss */
        rc = check_deal(w);
    }
    if (rc == 0 && !ruled)
        rc = paifu_game_rules(&w->head.rules, head->game, NULL, head->err);
    if (rc == 0)
        rc = paifu_lossy__scan(&w->head, PAIFU_CARRIES_TSUMOGIRI | LOSSY_DORA_MJAI |
                                                LOSSY_WRITES_TSUMOGIRI);
    if (rc == 0)
        rc = paifu_lossy__metadata(&w->head, meta_carried);
    if (rc == 0)
        rc = start_game(w);
    for (size_t k = 0; rc == 0 && k < paifu_game_deal_count(head->game); k++)
        rc = write_deal(w, k);
    if (rc == 0 && !paifu_game_truncated(head->game))
        rc = end_game(w); /* a truncated log ends without end_game, as the reader reads it */
    return rc;
}

const format_writer paifu_mjai__writer = {
    .size = sizeof(mjai_writer),
    .refuses = has_flowers,
    .refusal = "flowers and seasons (mjai has no bonus tiles)",
    .write = write_game,
};
