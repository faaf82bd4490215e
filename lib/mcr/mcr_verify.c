/*
 * mcr_verify.c: the verifier of MCR games: every deal replayed tile by tile, every win scored
 * from its tiles and settled, the session totals followed from deal to deal.
 *
 * NOTES ON THE DESIGN OF THE REPLAY
 *
 * The model (paifu/game.h, MCR notes): seats are players; a deal's start gives each seat's dealt
 * tiles (13; the dealer 13 and a first DRAW, or 14), bonus tiles included. A bonus tile is set
 * aside with a FLOWER event and replaced by a DRAW flagged PAIFU_EVF_REPLACEMENT; the same flag
 * marks the replacement after a kong. Turn order is the seat order of the round: with
 * mcr_seat_changes the players move between rounds (mcr.md section 2.4), so the order of round
 * r is the seat table's row r; without, it is 0, 1, 2, 3.
 *
 * Invariants:
 *   1. Between events every seat holds 13 tiles counting each meld as 3 (kongs too), except the
 *      seat whose turn it is after a draw or a call, which holds one more.
 *   2. `owed[s]` > 0 only while seat s waits for replacement draws (kong, flower); it may not
 *      discard or win until they are drawn.
 *   3. A claim (chi, pon, daiminkan, win by discard) takes the latest discard, before the next
 *      draw. A robbing win takes the tile of the shouminkan just made.
 *   4. `visible[k]` counts the copies of kind k every player can see: discards, and the tiles of
 *      exposed melds (concealed kongs stay face down). The winning tile is the last of its kind
 *      (#58) when the three other copies are visible.
 *
 * States of a deal and the functions that move between them:
 *
 *      deal start (deal_begin)
 *          |                          +----------------- ev_call (chi/pon) ---+
 *          v                          |                                       |
 *   [DRAW by seat t] --ev_draw--> [DISCARD by t] --ev_discard--> [DRAW by next(t)]
 *          ^    |                  |  ^     |  \                     (or a claim)
 *          |    |                  |  |     |   ev_kong / ev_flower: owed++,
 *          |    |                  |  +-----+   replacement ev_draw
 *          |    +-- wall empty --> ev_exhaustive (deal ends)
 *          +---- ev_win (self-draw, discard, robbing): deal ends
 *
 * After the first finding that breaks the replay (a tile not held, a turn out of order) the rest
 * of the deal is not replayed: one finding per root cause. Recorded outcomes are still checked
 * for their own consistency (fan sum, payments).
 *
 * Rules: mcr.md sections 2.5-2.7 (play), 3 (winning), 8 (payments), 9 (penalties), 10 (totals).
 */
#include "error_internal.h"
#include "finding_internal.h"
#include "mcr_internal.h"
#include "paifu/settle.h"
#include "settled_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Player in the East, South, West, North seat of each round (seed seat table L1294-1303). */
static const uint8_t ROUND_SEATS[4][4] = {{0, 1, 2, 3}, {1, 0, 3, 2}, {2, 3, 1, 0}, {3, 2, 0, 1}};

enum draw_kind { DRAW_WALL = 0, DRAW_AFTER_KONG, DRAW_AFTER_FLOWER };

typedef struct mcr_seat {
    uint8_t counts[PAIFU_TILE_ALL_KINDS]; /* concealed tiles, bonus tiles still held included */
    uint8_t n_tiles;
    uint8_t n_melds;
    paifu_mcr_meld melds[4];
    uint8_t flowers;        /* bonus tiles set aside */
    uint8_t owed;           /* replacement draws owed */
    uint8_t owed_kind;      /* enum draw_kind of the next replacement */
    paifu_tile last_draw;   /* tile of the seat's latest draw, NONE after a call */
    uint8_t last_draw_kind; /* enum draw_kind */
    bool dead;              /* may not win this deal (penalty) */
    bool called;            /* the seat chowed or punged and has not discarded since */
} mcr_seat;

/* What a finding cites: the Green Book, or the seed's Siamese part for a 3-player game. */
#define GREEN_BOOK "MCR 2006 (Green Book)"
#define SIAMESE "MCR 2006 (Green Book), Siamese MCR (001 L1321-1342)"

typedef struct mcr_deal {
    const paifu_deal *deal;
    const paifu_rules *rules;
    const paifu_verify_options *opts;
    paifu_report *rep; /* NULL: no findings, totals only */
    mcr_seat seat[PAIFU_SEATS];
    uint8_t order[4], pos[4];
    int turn;              /* seat to act */
    bool need_discard;     /* true: `turn` holds an extra tile; false: `turn` is to draw */
    bool started;          /* the first discard has been made */
    int last_discard_seat; /* -1 when no discard can be claimed */
    paifu_tile last_discard;
    int robbable_seat; /* seat of a shouminkan that can be robbed, -1 */
    paifu_tile robbable;
    uint8_t visible[PAIFU_TILE_KINDS];
    uint8_t used[PAIFU_TILE_ALL_KINDS];
    int32_t shared_left;            /* mcr_wall shared: live wall tiles left */
    int32_t left[PAIFU_SEATS];      /* mcr_wall per_seat: each seat's tiles left */
    int32_t wall_next[PAIFU_SEATS]; /* per_seat with a known wall: index of the next tile */
    bool tiles;                     /* the deal has tiles to replay */
    bool broken;                    /* a finding stopped the replay */
    bool ended;
    bool recompute;
    bool verifiable; /* the rules are known: fans and payments are checked */
    int32_t recorded[PAIFU_SEATS];
    int32_t computed[PAIFU_SEATS];
    uint64_t wins_scored;
    paifu_settled *settled;    /* the settled view (paifu/settled.h), NULL none */
    const char *rule;          /* what a finding cites: the Green Book, or its Siamese part */
    int flower_seat;           /* before the first discard: the seat replacing its flowers */
    int32_t start[PAIFU_SEATS]; /* the running totals at the deal's start (for the view) */
} mcr_deal;

/* The settled view's row ROW, paid DELTAS (NULL: nothing), the totals after it. */
static void settle_row(mcr_deal *r, paifu_settled_row *row, const int32_t *deltas, bool recorded)
{
    if (!r->settled)
        return;
    int32_t after[PAIFU_SEATS];
    for (int s = 0; s < PAIFU_SEATS; s++)
        after[s] = r->start[s] + r->recorded[s];
    row->paid = deltas != NULL;
    if (deltas)
        memcpy(row->deltas, deltas, sizeof(row->deltas));
    if (deltas && recorded)
        row->marks |= PAIFU_SETTLED_REC_DELTAS;
    paifu_settled__add_row(r->settled, row, after, true);
}

/* ---- findings ---- */

static void mcr_finding(mcr_deal *r, int ev, const char *code, const char *exp, const char *rec,
                        const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;

static void mcr_finding(mcr_deal *r, int ev, const char *code, const char *exp, const char *rec,
                        const char *fmt, ...)
{
    if (!r->rep)
        return;
    va_list ap;
    va_start(ap, fmt);
    paifu_finding__vadd(r->rep, r->opts, r->deal, ev, code, exp, rec, r->rule, fmt, ap);
    va_end(ap);
}

/* A finding that stops the tile replay of the deal. */
#define BROKEN(r, ev, code, ...)                                                                   \
    do {                                                                                           \
        mcr_finding((r), (ev), (code), NULL, NULL, __VA_ARGS__);                                   \
        (r)->broken = true;                                                                        \
    } while (0)

static const char *tname(char buf[3], paifu_tile t)
{
    return paifu_tile_name(buf, t);
}

/* ---- seats, turns and the wall ---- */

static int next_seat(const mcr_deal *r, int s)
{
    return r->order[(r->pos[s] + 1) % 4];
}

static int prev_seat(const mcr_deal *r, int s)
{
    return r->order[(r->pos[s] + 3) % 4];
}

static bool wall_empty_for(const mcr_deal *r, int seat)
{
    if (r->rules->mcr_wall == PAIFU_MCR_WALL_PER_SEAT)
        return r->left[seat] <= 0;
    return r->shared_left <= 0;
}

static int total_tiles(const mcr_deal *r)
{
    return r->rules->mcr_flowers ? 144 : 136;
}

static bool add_used(mcr_deal *r, int ev, paifu_tile t)
{
    unsigned k = paifu_tile_kind(t);
    unsigned cap = k >= PAIFU_TILE_KINDS ? 1u : 4u;
    if (k >= PAIFU_TILE_ALL_KINDS || ++r->used[k] > cap) {
        char b[3];
        BROKEN(r, ev, "deal.tile_count", "more copies of %s than the set has", tname(b, t));
        return false;
    }
    if (k >= PAIFU_TILE_KINDS && !r->rules->mcr_flowers) {
        char b[3];
        BROKEN(r, ev, "mcr.flower", "bonus tile %s in a set the rule set gives no flowers",
               tname(b, t));
        return false;
    }
    return true;
}

static bool take(mcr_seat *s, paifu_tile t)
{
    unsigned k = paifu_tile_kind(t);
    if (t == PAIFU_TILE_NONE || k >= PAIFU_TILE_ALL_KINDS || !s->counts[k])
        return false;
    s->counts[k]--;
    s->n_tiles--;
    return true;
}

static void give(mcr_seat *s, paifu_tile t)
{
    s->counts[paifu_tile_kind(t) % PAIFU_TILE_ALL_KINDS]++;
    s->n_tiles++;
}

/* Tiles of seat S counting each meld as three. */
static unsigned hand_size(const mcr_seat *s)
{
    return s->n_tiles + 3u * s->n_melds;
}

/* ---- deal start ---- */

static void deal_begin(mcr_deal *r)
{
    const paifu_deal_start *st = &r->deal->start;
    bool changes = r->rules->mcr_seat_changes;
    for (int i = 0; i < 4; i++) {
        r->order[i] = changes ? ROUND_SEATS[st->round_wind & 3][i] : (uint8_t)i;
        r->pos[r->order[i]] = (uint8_t)i;
    }
    r->last_discard_seat = r->robbable_seat = -1;
    r->tiles = (st->flags & PAIFU_DEAL_HAS_HANDS) && !(r->deal->flags & PAIFU_DEAL_RESULT_ONLY);
    int per_seat_total = total_tiles(r) / 4;
    r->shared_left = paifu_rules_live_wall(r->rules, 4);
    for (int s = 0; s < PAIFU_SEATS; s++) {
        r->left[s] = per_seat_total - 13;
        r->wall_next[s] = per_seat_total - 14; /* Botzone deals the last 13 of each quarter */
        r->seat[s].last_draw = PAIFU_TILE_NONE;
    }
    if (!r->tiles)
        return;
    int dealer = st->dealer >= 0 && st->dealer < 4 ? st->dealer : 0;
    r->turn = dealer;
    r->flower_seat = dealer;
    for (int s = 0; s < PAIFU_SEATS && !r->broken; s++) {
        unsigned n = st->n_hand[s];
        if (n != 13 && !(n == 14 && s == dealer)) {
            BROKEN(r, -1, "deal.hand_size", "seat %d starts with %u tiles (13, the dealer 14)", s,
                   n);
            return;
        }
        for (unsigned i = 0; i < n && !r->broken; i++) {
            if (!add_used(r, -1, st->hands[s][i]))
                return;
            give(&r->seat[s], st->hands[s][i]);
        }
        if (n == 14) {
            r->need_discard = true;
            r->shared_left--;
            r->left[s]--;
        }
    }
}

/* With a known per-seat wall (Botzone), check dealt tiles and draws against it. */
static void check_wall_hands(mcr_deal *r)
{
    const paifu_deal_start *st = &r->deal->start;
    int quarter = total_tiles(r) / 4;
    if (r->rules->mcr_wall != PAIFU_MCR_WALL_PER_SEAT || st->n_wall != total_tiles(r) ||
        !r->tiles || r->broken)
        return;
    for (int s = 0; s < PAIFU_SEATS; s++)
        for (unsigned i = 0; i < st->n_hand[s] && i < 13; i++) {
            paifu_tile w = st->wall[s * quarter + quarter - 1 - (int)i];
            if (paifu_tile_kind(w) != paifu_tile_kind(st->hands[s][i])) {
                char b[3];
                mcr_finding(r, -1, "wall.hand", NULL, NULL,
                            "seat %d's starting hand differs from its quarter of the wall at %s", s,
                            tname(b, st->hands[s][i]));
                return;
            }
        }
}

static void check_wall_draw(mcr_deal *r, int ev, int seat, paifu_tile t)
{
    const paifu_deal_start *st = &r->deal->start;
    if (r->rules->mcr_wall != PAIFU_MCR_WALL_PER_SEAT || st->n_wall != total_tiles(r))
        return;
    int quarter = total_tiles(r) / 4, i = r->wall_next[seat]--;
    if (i < 0)
        return;
    paifu_tile w = st->wall[seat * quarter + i];
    if (paifu_tile_kind(w) != paifu_tile_kind(t)) {
        char a[3], b[3];
        mcr_finding(r, ev, "wall.draw", tname(a, w), tname(b, t),
                    "seat %d's draw differs from its quarter of the wall", seat);
    }
}

/* ---- tile events ---- */

/* May SEAT act now as the one holding the extra tile? */
static bool seat_to_discard(mcr_deal *r, int ev, int seat, const char *what)
{
    if (r->turn == seat && r->need_discard && !r->seat[seat].owed)
        return true;
    BROKEN(r, ev, "deal.turn_order", "seat %d %s out of turn", seat, what);
    return false;
}

static void ev_draw(mcr_deal *r, int ev, const paifu_event *e)
{
    int s = e->seat;
    mcr_seat *st = &r->seat[s];
    bool replacement = st->owed > 0;
    if (!replacement && (e->flags & PAIFU_EVF_REPLACEMENT)) {
        BROKEN(r, ev, "log.structure", "seat %d draws a replacement without a kong or flower", s);
        return;
    }
    if (!replacement && (r->turn != s || r->need_discard)) {
        BROKEN(r, ev, "deal.turn_order", "seat %d draws out of turn", s);
        return;
    }
    if (wall_empty_for(r, s)) {
        BROKEN(r, ev, "wall.exhausted", "seat %d draws after the wall ran out", s);
        return;
    }
    if (!add_used(r, ev, e->tile))
        return;
    check_wall_draw(r, ev, s, e->tile);
    r->shared_left--;
    r->left[s]--;
    give(st, e->tile);
    st->last_draw = e->tile;
    st->last_draw_kind = replacement ? st->owed_kind : DRAW_WALL;
    r->last_discard_seat = r->robbable_seat = -1;
    if (replacement) {
        st->owed--; /* a replacement leaves the turn as it was (kong, flower, deal start) */
        return;
    }
    r->need_discard = true;
}

static bool holds_bonus(const mcr_seat *st)
{
    for (unsigned k = PAIFU_TILE_KINDS; k < PAIFU_TILE_ALL_KINDS; k++)
        if (st->counts[k])
            return true;
    return false;
}

/*
 * The starting flowers' order (mcr_flower_order; 001 L169): "Первым замещает плитки цветов и
 * сезонов разыгрывающий, затем, по очереди – Юг, Запад и Север, до тех пор, пока ни у кого из
 * игроков не останется на руках закрытых плиток цветов и сезонов": before the first discard the
 * dealer replaces first, then each seat in turn; the turn passes over a seat only when it holds
 * no flower. S, holding the flower it sets aside, is the seat replacing or one after it.
 */
static void check_flower_order(mcr_deal *r, int ev, int s)
{
    int cur = r->flower_seat;
    while (cur != s && !holds_bonus(&r->seat[cur]))
        cur = next_seat(r, cur);
    if (cur != s && r->rules->mcr_flower_order)
        mcr_finding(r, ev, "mcr.flower", NULL, NULL,
                    "seat %d replaces a flower before seat %d, which holds one: the dealer "
                    "replaces first, then the others in turn", s, cur);
    r->flower_seat = s;
}

static void ev_flower(mcr_deal *r, int ev, const paifu_event *e)
{
    int s = e->seat;
    mcr_seat *st = &r->seat[s];
    char b[3];
    if (!paifu_tile_is_bonus(e->tile)) {
        BROKEN(r, ev, "mcr.flower", "seat %d sets aside %s, which is not a flower or season", s,
               tname(b, e->tile));
        return;
    }
    /* Bonus tiles are set aside in turn, or by anyone before the first discard (mcr.md 2.5). */
    if (r->started && !(r->turn == s && r->need_discard)) {
        BROKEN(r, ev, "deal.turn_order", "seat %d sets a flower aside out of turn", s);
        return;
    }
    if (!r->started && st->counts[paifu_tile_kind(e->tile) % PAIFU_TILE_ALL_KINDS])
        check_flower_order(r, ev, s);
    if (!take(st, e->tile)) {
        BROKEN(r, ev, "deal.tile_not_in_hand", "seat %d sets aside %s, which it does not hold", s,
               tname(b, e->tile));
        return;
    }
    st->flowers++;
    st->owed++;
    st->owed_kind = DRAW_AFTER_FLOWER;
}

static void ev_discard(mcr_deal *r, int ev, const paifu_event *e)
{
    int s = e->seat;
    mcr_seat *st = &r->seat[s];
    char b[3];
    if (!seat_to_discard(r, ev, s, "discards"))
        return;
    if (!take(st, e->tile)) {
        BROKEN(r, ev, "deal.tile_not_in_hand", "seat %d discards %s, which it does not hold", s,
               tname(b, e->tile));
        return;
    }
    st->called = false;
    if (hand_size(st) != 13) {
        BROKEN(r, ev, "deal.hand_size", "seat %d holds %u tiles after its discard (13)", s,
               hand_size(st));
        return;
    }
    unsigned k = paifu_tile_kind(e->tile);
    if (k < PAIFU_TILE_KINDS)
        r->visible[k]++;
    r->started = true;
    r->last_discard_seat = s;
    r->last_discard = e->tile;
    r->robbable_seat = -1;
    st->last_draw = PAIFU_TILE_NONE;
    r->turn = next_seat(r, s);
    r->need_discard = false;
}

/* Take N tiles of EV from seat S's hand; the tiles must all be of kind K (or K, K+1, K+2). */
static bool take_meld_tiles(mcr_deal *r, int ev, const paifu_event *e, unsigned n)
{
    mcr_seat *st = &r->seat[e->seat];
    char b[3];
    if (e->n < n) {
        BROKEN(r, ev, "log.structure", "a call by seat %d lists %u tiles from the hand (%u)",
               e->seat, (unsigned)e->n, n);
        return false;
    }
    for (unsigned i = 0; i < n; i++)
        if (!take(st, e->tiles[i])) {
            for (unsigned j = 0; j < i; j++)
                give(st, e->tiles[j]);
            BROKEN(r, ev, "deal.tile_not_in_hand", "seat %d calls with %s, which it does not hold",
                   e->seat, tname(b, e->tiles[i]));
            return false;
        }
    return true;
}

/* The kinds of a chow made of T and the two tiles of the hand: its lowest kind, or -1. */
static int chow_low(paifu_tile t, const paifu_tile *two)
{
    unsigned k[3] = {paifu_tile_kind(t), paifu_tile_kind(two[0]), paifu_tile_kind(two[1])};
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2 - i; j++)
            if (k[j] > k[j + 1]) {
                unsigned x = k[j];
                k[j] = k[j + 1];
                k[j + 1] = x;
            }
    if (k[2] >= 27 || k[0] / 9 != k[2] / 9 || k[1] != k[0] + 1 || k[2] != k[0] + 2)
        return -1;
    return (int)k[0];
}

static void ev_call(mcr_deal *r, int ev, const paifu_event *e)
{
    int s = e->seat;
    mcr_seat *st = &r->seat[s];
    char b[3];
    bool chi = e->type == PAIFU_EV_CHI, kan = e->type == PAIFU_EV_DAIMINKAN;
    if (r->last_discard_seat < 0 || e->from != r->last_discard_seat || s == e->from ||
        paifu_tile_kind(e->tile) != paifu_tile_kind(r->last_discard) ||
        (chi && e->from != prev_seat(r, s))) {
        BROKEN(r, ev, "deal.call", "seat %d calls %s, which is not the latest claimable discard%s",
               s, tname(b, e->tile), chi ? " of the seat before it" : "");
        return;
    }
    if (st->n_melds >= 4 || paifu_tile_kind(e->tile) >= PAIFU_TILE_KINDS) {
        BROKEN(r, ev, "deal.call", "seat %d calls %s", s,
               st->n_melds >= 4 ? "a fifth meld" : "a flower or season");
        return;
    }
    int low = paifu_tile_kind(e->tile);
    if (chi && (e->n < 2 || (low = chow_low(e->tile, e->tiles)) < 0)) {
        BROKEN(r, ev, "deal.call", "seat %d's chi with %s is not a chow", s, tname(b, e->tile));
        return;
    }
    unsigned need = kan ? 3 : 2;
    for (unsigned i = 0; !chi && i < need && i < e->n; i++)
        if (paifu_tile_kind(e->tiles[i]) != paifu_tile_kind(e->tile)) {
            BROKEN(r, ev, "deal.call", "seat %d's call of %s uses another tile", s,
                   tname(b, e->tile));
            return;
        }
    if (!take_meld_tiles(r, ev, e, need))
        return;
    for (unsigned i = 0; i < need; i++)
        r->visible[paifu_tile_kind(e->tiles[i]) % PAIFU_TILE_KINDS]++;
    uint8_t type = chi ? PAIFU_MCR_CHOW : kan ? PAIFU_MCR_KONG : PAIFU_MCR_PUNG;
    st->melds[st->n_melds++] =
        (paifu_mcr_meld){type, false, paifu_tile_make((unsigned)low, false), 0};
    r->last_discard_seat = r->robbable_seat = -1;
    r->turn = s;
    r->need_discard = true;
    st->last_draw = PAIFU_TILE_NONE;
    if (kan) {
        st->owed++;
        st->owed_kind = DRAW_AFTER_KONG;
    }
    st->called = !kan;
}

static void ev_self_kong(mcr_deal *r, int ev, const paifu_event *e)
{
    int s = e->seat;
    mcr_seat *st = &r->seat[s];
    char b[3];
    paifu_tile tile = e->tile == PAIFU_TILE_NONE && e->n ? e->tiles[0] : e->tile;
    unsigned k = paifu_tile_kind(tile);
    if (!seat_to_discard(r, ev, s, "declares a kong"))
        return;
    if (tile == PAIFU_TILE_NONE) {
        BROKEN(r, ev, "log.structure", "seat %d declares a kong of no tile", s);
        return;
    }
    if (st->called) /* 001 L203 "Как играть конг" */
        mcr_finding(r, ev, "deal.kan", NULL, NULL,
                    "seat %d declares a kong in the turn of its own chow or pung (how to kong)", s);
    if (e->type == PAIFU_EV_ANKAN) {
        if (st->n_melds >= 4 || k >= PAIFU_TILE_KINDS || st->counts[k] < 4) {
            BROKEN(r, ev, "deal.kan", "seat %d declares a concealed kong of %s without four", s,
                   tname(b, tile));
            return;
        }
        for (int i = 0; i < 4; i++)
            take(st, tile);
        st->melds[st->n_melds++] =
            (paifu_mcr_meld){PAIFU_MCR_KONG, true, paifu_tile_make(k, false), 0};
    } else {
        int m = -1;
        for (int i = 0; i < st->n_melds; i++)
            if (st->melds[i].type == PAIFU_MCR_PUNG && paifu_tile_kind(st->melds[i].tile) == k)
                m = i;
        if (m < 0 || !take(st, tile)) {
            BROKEN(r, ev, "deal.kan", "seat %d adds %s without a pung of it and the tile", s,
                   tname(b, tile));
            return;
        }
        st->melds[m].type = PAIFU_MCR_KONG;
        r->visible[k % PAIFU_TILE_KINDS]++;
        r->robbable_seat = s;
        r->robbable = tile;
    }
    st->owed++;
    st->owed_kind = DRAW_AFTER_KONG;
    st->last_draw = PAIFU_TILE_NONE;
}

/* ---- wins ---- */

/* "#51+#59+#65x2" */
static void format_fans(char *buf, size_t size, const paifu_mcr_fan_value *f, size_t n)
{
    /* the Green Book's names and the points of one ("Pure Straight 16, Short Straight 1 x2");
       by number ("#28 16+#70 1 x2") when the names do not fit */
    for (int by_name = 1; by_name >= 0; by_name--) {
        size_t used = 0;
        buf[0] = '\0';
        for (size_t i = 0; i < n && used < size; i++) {
            const paifu_mcr_fan_info *fan = paifu_mcr_fan(f[i].id);
            char count[16] = "";
            if (f[i].count > 1)
                snprintf(count, sizeof(count), " x%u", (unsigned)f[i].count);
            int k = by_name && fan ? snprintf(buf + used, size - used, "%s%s %d%s", i ? ", " : "",
                                              fan->english, (int)f[i].points, count)
                                   : snprintf(buf + used, size - used, "%s#%u %d%s", i ? "+" : "",
                                              (unsigned)f[i].id, (int)f[i].points, count);
            used += k > 0 ? (size_t)k : 0;
        }
        if (used < size)
            return;
    }
}

/* The recorded fans of W (ids 1..82 only). Returns false when an id is out of range. */
static bool recorded_fans(paifu_mcr_fan_value *out, size_t *n, const paifu_win *w)
{
    *n = 0;
    for (size_t i = 0; i < w->n_yaku && i < PAIFU_MAX_YAKU; i++) {
        const paifu_yaku_value *y = &w->yaku[i];
        if (y->id < 1 || y->id > PAIFU_MCR_FAN_MAX)
            return false;
        out[(*n)++] = (paifu_mcr_fan_value){(uint8_t)y->id, y->count, y->han};
    }
    return true;
}

/* Where the winning tile came from; false (with a finding) when the log's win is impossible. */
static bool win_source(mcr_deal *r, int ev, const paifu_win *w, paifu_mcr_situation *sit,
                       paifu_tile *tile)
{
    int s = w->winner;
    mcr_seat *st = &r->seat[s];
    if (w->from == s || w->from < 0) {
        if (r->turn != s || !r->need_discard || st->owed || st->last_draw == PAIFU_TILE_NONE) {
            BROKEN(r, ev, "win.tile", "seat %d wins by self-draw without a tile just drawn", s);
            return false;
        }
        sit->win_by = PAIFU_MCR_BY_SELF_DRAW;
        *tile = st->last_draw;
    } else if (r->robbable_seat >= 0 && w->from == r->robbable_seat) {
        sit->win_by = PAIFU_MCR_BY_ROBBING;
        *tile = r->robbable;
    } else if (r->last_discard_seat >= 0 && w->from == r->last_discard_seat) {
        sit->win_by = PAIFU_MCR_BY_DISCARD;
        *tile = r->last_discard;
    } else {
        BROKEN(r, ev, "win.tile", "seat %d wins on a tile of seat %d that is not claimable", s,
               w->from);
        return false;
    }
    if (w->win_tile != PAIFU_TILE_NONE && paifu_tile_kind(w->win_tile) != paifu_tile_kind(*tile)) {
        char a[3], b[3];
        mcr_finding(r, ev, "win.tile", tname(a, *tile), tname(b, w->win_tile),
                    "the winning tile is not the tile seat %d could win on", s);
    }
    return true;
}

/* The winner's hand in the scorer's form; false (with a finding) when it cannot be one. */
static bool win_hand(mcr_deal *r, int ev, int s, paifu_tile tile, bool drawn, paifu_mcr_hand *h)
{
    mcr_seat *st = &r->seat[s];
    if (paifu_tile_kind(tile) >= PAIFU_TILE_KINDS) {
        BROKEN(r, ev, "win.not_complete", "seat %d wins on a flower or season", s);
        return false;
    }
    uint8_t c[PAIFU_TILE_ALL_KINDS];
    memcpy(c, st->counts, sizeof(c));
    if (drawn)
        c[paifu_tile_kind(tile) % PAIFU_TILE_ALL_KINDS]--;
    memset(h, 0, sizeof(*h));
    h->n_melds = st->n_melds;
    memcpy(h->melds, st->melds, sizeof(h->melds));
    h->win_tile = paifu_tile_make(paifu_tile_kind(tile), false);
    for (unsigned k = 0; k < PAIFU_TILE_ALL_KINDS; k++)
        for (unsigned i = 0; i < c[k]; i++) {
            if (k >= PAIFU_TILE_KINDS || h->n_tiles >= 13) {
                BROKEN(r, ev, "win.not_complete", "seat %d wins holding %s", s,
                       k >= PAIFU_TILE_KINDS ? "a flower or season" : "too many tiles");
                return false;
            }
            h->tiles[h->n_tiles++] = paifu_tile_make(k, false);
        }
    if (h->n_tiles + 3u * h->n_melds != 13) {
        BROKEN(r, ev, "deal.hand_size", "seat %d wins with %u tiles besides the winning one (13)",
               s, h->n_tiles + 3u * h->n_melds);
        return false;
    }
    return true;
}

/* Situation flags of a win (mcr.md sections 7 and 11.2). */
static void win_flags(mcr_deal *r, int s, const paifu_win *w, paifu_mcr_situation *sit,
                      paifu_tile tile)
{
    const paifu_deal_start *st = &r->deal->start;
    int dealer = st->dealer >= 0 && st->dealer < 4 ? st->dealer : 0;
    sit->seat_wind = (uint8_t)((r->pos[s] - r->pos[dealer] + 4) % 4);
    sit->prevalent_wind = st->round_wind & 3;
    sit->flowers = r->seat[s].flowers;
    unsigned k = paifu_tile_kind(tile);
    int seen = r->visible[k] - (sit->win_by == PAIFU_MCR_BY_SELF_DRAW ? 0 : 1);
    if (seen == 3)
        sit->flags |= PAIFU_MCR_LAST_OF_KIND;
    if (sit->win_by == PAIFU_MCR_BY_SELF_DRAW) {
        if (r->seat[s].last_draw_kind == DRAW_AFTER_KONG)
            sit->flags |= PAIFU_MCR_KONG_REPLACEMENT;
        if (wall_empty_for(r, r->rules->mcr_wall == PAIFU_MCR_WALL_PER_SEAT ? next_seat(r, s) : s))
            sit->flags |= PAIFU_MCR_LAST_WALL_TILE;
    } else if (sit->win_by == PAIFU_MCR_BY_DISCARD) {
        if (wall_empty_for(r, next_seat(r, w->from)))
            sit->flags |= PAIFU_MCR_LAST_WALL_TILE;
    }
}

static bool same_fans(const paifu_mcr_result *res, const paifu_mcr_fan_value *f, size_t n,
                      bool *points_differ)
{
    *points_differ = false;
    if (res->n_fans != n)
        return false;
    for (size_t i = 0; i < n; i++) {
        bool found = false;
        for (unsigned j = 0; j < res->n_fans; j++)
            if (res->fans[j].id == f[i].id && res->fans[j].count == f[i].count) {
                found = true;
                *points_differ = *points_differ || res->fans[j].points != f[i].points;
            }
        if (!found)
            return false;
    }
    return true;
}

/* Compare the recorded concealed tiles of W with the replay's hand H. */
static void check_shown_hand(mcr_deal *r, int ev, const paifu_win *w, const paifu_mcr_hand *h)
{
    if (!(w->known & PAIFU_REC_HAND))
        return;
    uint8_t a[PAIFU_TILE_ALL_KINDS] = {0}, b[PAIFU_TILE_ALL_KINDS] = {0};
    for (unsigned i = 0; i < h->n_tiles; i++)
        a[paifu_tile_kind(h->tiles[i])]++;
    a[paifu_tile_kind(h->win_tile)]++;
    for (unsigned i = 0; i < w->n_hand; i++)
        b[paifu_tile_kind(w->hand[i]) % PAIFU_TILE_ALL_KINDS]++;
    if (memcmp(a, b, sizeof(a)) != 0)
        mcr_finding(r, ev, "win.hand", NULL, NULL,
                    "the hand seat %d shows differs from the hand the replay holds", w->winner);
}

/* Score the win from its tiles. Returns true with RES filled when it could be scored. */
static bool score_win(mcr_deal *r, int ev, const paifu_win *w, paifu_mcr_result *res)
{
    int s = w->winner;
    paifu_mcr_situation sit = {0};
    paifu_tile tile;
    paifu_mcr_hand h;
    if (!win_source(r, ev, w, &sit, &tile) ||
        !win_hand(r, ev, s, tile, sit.win_by == PAIFU_MCR_BY_SELF_DRAW, &h))
        return false;
    win_flags(r, s, w, &sit, tile);
    check_shown_hand(r, ev, w, &h);
    paifu_mcr_fan_value want[PAIFU_MAX_YAKU];
    size_t n_want = 0;
    bool have_want = (w->known & PAIFU_REC_YAKU) && recorded_fans(want, &n_want, w);
    if (paifu_mcr_score_hand_as(res, &h, &sit, r->rules, have_want ? want : NULL,
                                have_want ? n_want : 0, NULL) < 0)
        return false;
    r->wins_scored++;
    if (!res->complete) {
        mcr_finding(r, ev, "win.not_complete", NULL, NULL, "seat %d's hand is not a winning hand",
                    s);
        return false;
    }
    char exp[96], rec[96];
    if (!res->legal) {
        snprintf(exp, sizeof(exp), "%d", (int)r->rules->mcr_min_fan);
        snprintf(rec, sizeof(rec), "%d", (int)res->fan_points);
        mcr_finding(r, ev, "win.no_yaku", exp, rec,
                    "seat %d's hand is worth %d points without flowers, below the minimum", s,
                    (int)res->fan_points);
    }
    bool points_differ, fans_differ = false;
    if (have_want && !same_fans(res, want, n_want, &points_differ)) {
        fans_differ = true;
        format_fans(exp, sizeof(exp), res->fans, res->n_fans);
        format_fans(rec, sizeof(rec), want, n_want);
        mcr_finding(r, ev, "mcr.fan", exp, rec, "the fans of seat %d's win differ", s);
    } else if (have_want && points_differ) {
        format_fans(exp, sizeof(exp), res->fans, res->n_fans);
        format_fans(rec, sizeof(rec), want, n_want);
        mcr_finding(r, ev, "mcr.fan", exp, rec, "a fan of seat %d's win has another value", s);
    }
    if ((w->known & PAIFU_REC_HAN) && w->han != res->total && !fans_differ) {
        snprintf(exp, sizeof(exp), "%d", (int)res->total);
        snprintf(rec, sizeof(rec), "%d", (int)w->han);
        mcr_finding(r, ev, "mcr.total", exp, rec, "the total of seat %d's win differs", s);
    }
    return true;
}

/* The recorded fans must add up to the recorded total. */
static void check_recorded_sum(mcr_deal *r, int ev, const paifu_win *w)
{
    if (!(w->known & PAIFU_REC_YAKU) || !(w->known & PAIFU_REC_HAN))
        return;
    int32_t sum = 0;
    for (size_t i = 0; i < w->n_yaku; i++)
        sum += w->yaku[i].han * w->yaku[i].count;
    if (sum != w->han) {
        char exp[16], rec[16];
        snprintf(exp, sizeof(exp), "%d", (int)sum);
        snprintf(rec, sizeof(rec), "%d", (int)w->han);
        mcr_finding(r, ev, "log.inconsistent", exp, rec,
                    "the recorded fans of seat %d add up to another total", w->winner);
    }
}

/*
 * A win the deal gives no tiles for (a score sheet): its recorded points reach the minimum
 * (mcr_min_fan, 8 without flowers: mcr.md section 5, 001 L252). The flower points are taken
 * out where the fans are listed; without a list, a total below the minimum is below it with
 * or without flowers.
 */
static void check_sheet_minimum(mcr_deal *r, int ev, const paifu_win *w)
{
    if (!(w->known & PAIFU_REC_HAN))
        return;
    int32_t points = w->han;
    if (w->known & PAIFU_REC_YAKU)
        for (size_t i = 0; i < w->n_yaku; i++)
            if (w->yaku[i].id == 81) /* #81 Flower Tiles */
                points -= w->yaku[i].han * (w->yaku[i].count ? w->yaku[i].count : 1);
    if (points >= r->rules->mcr_min_fan)
        return;
    char exp[16], rec[16];
    snprintf(exp, sizeof(exp), "%d", (int)r->rules->mcr_min_fan);
    snprintf(rec, sizeof(rec), "%d", (int)points);
    mcr_finding(r, ev, "win.no_yaku", exp, rec,
                "seat %d's win is worth %d points without flowers, below the minimum", w->winner,
                (int)points);
}

/*
 * Siamese MCR (mcr_siamese, a 3-player game; 001 L1321-1342): "В финале объявления одним игроком
 * двух побед другие игроки очки за свои объявленные победы не получают" (item 13): a win of a
 * deal in which another player declares two is not paid. The golden rule (L1321): "стоимость
 * второй победы ... должна быть строго не меньше первой": the value of W's winner's earlier win
 * in the deal, when W is its second and the sheet records both values (-1: none).
 */

static bool siamese(const mcr_deal *r)
{
    return r->rules->mcr_siamese && r->rules->players == 3;
}

static bool siamese_unpaid(const mcr_deal *r, const paifu_win *w)
{
    int wins[PAIFU_SEATS] = {0};
    for (size_t i = 0; i < r->deal->n_wins; i++)
        if (r->deal->wins[i].winner >= 0 && r->deal->wins[i].winner < PAIFU_SEATS)
            wins[r->deal->wins[i].winner]++;
    for (int s = 0; s < PAIFU_SEATS; s++)
        if (s != w->winner && wins[s] >= 2)
            return true;
    return false;
}

static int32_t siamese_first_value(const mcr_deal *r, const paifu_win *w)
{
    for (const paifu_win *p = r->deal->wins; p < w; p++)
        if (p->winner == w->winner)
            return (p->known & PAIFU_REC_HAN) && (w->known & PAIFU_REC_HAN) ? p->han : -1;
    return -1;
}

/* Whether W is its winner's second win of the deal. */
static bool siamese_second(const mcr_deal *r, const paifu_win *w)
{
    for (const paifu_win *p = r->deal->wins; p < w; p++)
        if (p->winner == w->winner)
            return true;
    return false;
}

/* The payments of win W worth TOTAL into OUT, over the seats in play (items 15-16 under
   Siamese MCR, else the four-player rule without a fourth seat); false: out of range. */
static bool pay_win(const mcr_deal *r, int32_t out[PAIFU_SEATS], const paifu_win *w,
                    int discarder, int32_t total)
{
    if (siamese(r)) {
        if (siamese_unpaid(r, w)) {
            memset(out, 0, sizeof(int32_t) * PAIFU_SEATS);
            return true;
        }
        return paifu_mcr_siamese_settle(out, 3, w->winner, discarder, total, NULL) == 0;
    }
    if (paifu_mcr_settle(out, w->winner, discarder, total, r->rules, NULL) != 0)
        return false;
    for (int s = r->rules->players; s < PAIFU_SEATS; s++) { /* no seat there pays */
        out[w->winner] += out[s];
        out[s] = 0;
    }
    return true;
}

static void ev_win(mcr_deal *r, int ev, const paifu_event *e)
{
    const paifu_win *w = &r->deal->wins[e->detail];
    if (w->winner < 0 || w->winner >= PAIFU_SEATS || w->from >= PAIFU_SEATS) {
        BROKEN(r, ev, "log.structure", "a win by a seat that is not in play, or from one");
        return;
    }
    paifu_settled_row row;
    paifu_settled__row_init(&row, (size_t)ev, PAIFU_SETTLED_WIN);
    row.detail = (uint32_t)e->detail;
    row.seat = (int8_t)w->winner;
    row.from = (int8_t)w->from;
    if (w->known & PAIFU_REC_HAN) {
        row.han = (int16_t)w->han;
        row.marks |= PAIFU_SETTLED_REC_HAN;
    }
    if (!r->verifiable) { /* unknown rules (PAIFU_META_RULES_UNKNOWN): tiles only */
        const int32_t *rec = (w->known & PAIFU_REC_DELTAS) ? w->deltas : NULL;
        for (int s = 0; s < PAIFU_SEATS; s++) {
            r->recorded[s] += rec ? rec[s] : 0;
            r->computed[s] += rec ? rec[s] : 0;
        }
        r->ended = true;
        settle_row(r, &row, rec, true);
        return;
    }
    check_recorded_sum(r, ev, w);
    /* a player penalised for a false or mistaken hu (or an exposed hand) may not win the hand
       (001 L1252-1258): on a tile log and a score sheet alike */
    if (r->seat[w->winner].dead)
        mcr_finding(r, ev, "penalty.dead_hand", NULL, NULL,
                    "seat %d wins a deal it was barred from winning", w->winner);
    paifu_mcr_result res;
    bool scored = r->tiles && !r->broken && score_win(r, ev, w, &res);
    if (!scored)
        check_sheet_minimum(r, ev, w);
    int32_t total = (w->known & PAIFU_REC_HAN) ? w->han : scored ? res.total : -1;
    int discarder = w->from == w->winner ? -1 : w->from;
    if (siamese(r))
        r->rule = SIAMESE;
    int32_t first = siamese(r) ? siamese_first_value(r, w) : -1;
    if (first >= 0 && w->han < first) {
        char exp[16], rec[16];
        snprintf(exp, sizeof(exp), "%d", (int)first);
        snprintf(rec, sizeof(rec), "%d", (int)w->han);
        mcr_finding(r, ev, "win.no_yaku", exp, rec,
                    "seat %d's second win is worth less than its first, %d points (Siamese "
                    "MCR's golden rule)", w->winner, (int)first);
    }
    int32_t expect[PAIFU_SEATS];
    bool have_expect = total >= 0 && pay_win(r, expect, w, discarder, total);
    if (have_expect && (w->known & PAIFU_REC_DELTAS) &&
        memcmp(expect, w->deltas, sizeof(expect)) != 0) {
        char a[64], b[64];
        paifu_finding__points(a, sizeof(a), expect, r->rules->players);
        paifu_finding__points(b, sizeof(b), w->deltas, r->rules->players);
        mcr_finding(r, ev, "mcr.payment", a, b, "the payments of seat %d's win differ", w->winner);
    }
    const int32_t *rec = (w->known & PAIFU_REC_DELTAS) ? w->deltas : NULL;
    int32_t own[PAIFU_SEATS] = {0};
    bool have_own = scored && pay_win(r, own, w, discarder, res.total);
    for (int s = 0; s < PAIFU_SEATS; s++) {
        /* a win that records no score changes is paid as its points say (a score sheet's
           points, else the points of its tiles): 001 L252-268 */
        int32_t fallback = have_expect ? expect[s] : 0;
        r->recorded[s] += rec ? rec[s] : fallback;
        r->computed[s] += have_own ? own[s] : rec ? rec[s] : fallback;
    }
    /* Siamese MCR: the deal goes on after a player's first win, to its second or the wall's
       end (001 items 13-14) */
    r->ended = !siamese(r) || siamese_second(r, w);
    if (!(w->known & PAIFU_REC_HAN) && scored) {
        row.han = (int16_t)res.total;
        row.marks |= PAIFU_SETTLED_FROM_TILES;
    }
    settle_row(r, &row, rec ? rec : have_expect ? expect : NULL, rec != NULL);
    r->rule = GREEN_BOOK;
}

/* ---- draws and penalties ---- */

static void ev_draw_end(mcr_deal *r, int ev, const paifu_event *e)
{
    const paifu_draw *d = &r->deal->draws[e->detail];
    r->ended = true;
    if (e->type == PAIFU_EV_ABORTIVE_DRAW)
        mcr_finding(r, ev, "draw.condition", "the deal goes on", paifu_draw_kind_name(d->kind),
                    "%s: MCR has no abortive draws", paifu_finding__draw_words(d->kind));
    else if (r->tiles && !r->broken && (r->need_discard || !wall_empty_for(r, r->turn)))
        mcr_finding(r, ev, "wall.exhausted", NULL, NULL,
                    "an exhaustive draw while seat %d can still draw", r->turn);
    bool paid = false;
    for (int s = 0; s < PAIFU_SEATS; s++)
        paid = paid || ((d->known & PAIFU_REC_DELTAS) && d->deltas[s]);
    if (paid) {
        char a[64], b[64];
        int32_t zero[PAIFU_SEATS] = {0};
        paifu_finding__points(a, sizeof(a), zero, r->rules->players);
        paifu_finding__points(b, sizeof(b), d->deltas, r->rules->players);
        if (r->verifiable)
            mcr_finding(r, ev, "draw.payment", a, b, "an exhaustive draw pays nothing%s", "");
    }
    for (int s = 0; s < PAIFU_SEATS; s++)
        if (d->known & PAIFU_REC_DELTAS)
            r->recorded[s] += d->deltas[s];
    paifu_settled_row row;
    paifu_settled__row_init(&row, (size_t)ev, PAIFU_SETTLED_DRAW);
    row.detail = (uint32_t)e->detail;
    row.draw_kind = (uint8_t)d->kind;
    row.seat = (int8_t)d->seat;
    int32_t zero[PAIFU_SEATS] = {0};
    settle_row(r, &row, (d->known & PAIFU_REC_DELTAS) ? d->deltas : zero,
               (d->known & PAIFU_REC_DELTAS) != 0);
}

/* Is N a step of the fine_base ladder (fine_base, doubling with every repeat)? */
static bool ladder_step(int32_t n, int32_t base)
{
    for (int64_t v = base; base > 0 && v <= n; v *= 2)
        if (v == n)
            return true;
    return false;
}

/*
 * A fine's payments into EXPECT (false: the log says neither amount nor payments). 001 L1236-1244:
 * empty claims, touching the wall and late pungs go "the first time a warning, the second time 5
 * points, the third 10, the fourth 20, and so on": a fine off that ladder is a finding
 * (fine_steps_only). L1260: knocking over another player's tile costs "from 5 to 60 points in
 * favour of that player": a fine the log pays to one other player is that one.
 */
static bool fine_expected(mcr_deal *r, int ev, const paifu_penalty *p, int32_t *expect)
{
    const paifu_rules *rules = r->rules;
    int to = -1, others = 0;
    for (int s = 0; p->has_deltas && s < PAIFU_SEATS; s++)
        if (s != p->seat && p->deltas[s]) {
            to = s;
            others++;
        }
    int32_t loss = p->amount ? p->amount : p->has_deltas ? -p->deltas[p->seat] : 0;
    if (others == 1 && p->deltas[to] == loss && rules->knocked_tile_max > 0) {
        expect[p->seat] = -loss;
        expect[to] = loss;
        char a[32], b[16];
        snprintf(a, sizeof(a), "%d to %d", (int)rules->knocked_tile_min,
                 (int)rules->knocked_tile_max);
        snprintf(b, sizeof(b), "%d", (int)loss);
        if ((loss < rules->knocked_tile_min || loss > rules->knocked_tile_max) && r->verifiable)
            mcr_finding(r, ev, "penalty.amount", a, b,
                        "seat %d pays seat %d %d points for a knocked-over tile; the rules give "
                        "%d to %d",
                        p->seat, to, (int)loss, (int)rules->knocked_tile_min,
                        (int)rules->knocked_tile_max);
        return true;
    }
    if (!loss)
        return false;
    expect[p->seat] = -loss;
    if (rules->fine_steps_only && !ladder_step(loss, rules->fine_base) && r->verifiable) {
        char a[48], b[24];
        snprintf(a, sizeof(a), "%d, %d, %d, ...", (int)rules->fine_base, (int)rules->fine_base * 2,
                 (int)rules->fine_base * 4);
        snprintf(b, sizeof(b), "%d", (int)loss);
        mcr_finding(r, ev, "penalty.amount", a, b,
                    "seat %d's fine of %d points is no step of the ladder the rules give (a "
                    "warning, then %d, doubling with every repeat)",
                    p->seat, (int)loss, (int)rules->fine_base);
    }
    return true;
}

static void ev_penalty(mcr_deal *r, int ev, const paifu_event *e)
{
    const paifu_penalty *p = &r->deal->penalties[e->detail];
    if (p->seat < 0 || p->seat >= PAIFU_SEATS) {
        BROKEN(r, ev, "log.structure", "a penalty for a seat that is not in play");
        return;
    }
    int32_t expect[PAIFU_SEATS] = {0};
    bool known = true;
    paifu_mcr_penalty_case pc = {PAIFU_MCR_FALSE_HU, p->seat, -1, 0, 0};
    switch (p->kind) {
    case PAIFU_PENALTY_MISTAKEN_HU:   /* 001 L1252: may not win this hand, 20 to each */
    case PAIFU_PENALTY_EXPOSED_HAND:  /* 001 L1254-1258: may not win, 30 to the others */
        pc.offence = p->kind == PAIFU_PENALTY_MISTAKEN_HU ? PAIFU_MCR_MISTAKEN_HU
                                                         : PAIFU_MCR_EXPOSURE;
        /* fall through */
    case PAIFU_PENALTY_CHOMBO: /* a false hu: mcr.md section 9 */
        paifu_mcr_penalty_deltas(expect, &pc, r->rules, NULL);
        r->seat[p->seat].dead = true;
        break;
    case PAIFU_PENALTY_FINE:
        known = fine_expected(r, ev, p, expect);
        break;
    case PAIFU_PENALTY_DEAD_HAND:
        r->seat[p->seat].dead = true;
        break;
    default:
        known = false;
        break;
    }
    if (known && p->has_deltas && memcmp(expect, p->deltas, sizeof(expect)) != 0) {
        char a[64], b[64];
        paifu_finding__points(a, sizeof(a), expect, r->rules->players);
        paifu_finding__points(b, sizeof(b), p->deltas, r->rules->players);
        mcr_finding(r, ev, "penalty.amount", a, b, "the penalty for %s by seat %d differs",
                    paifu_finding__penalty_words(p->kind), p->seat);
    }
    for (int s = 0; s < PAIFU_SEATS; s++) {
        int32_t rec = p->has_deltas ? p->deltas[s] : expect[s];
        r->recorded[s] += rec;
        r->computed[s] += known ? expect[s] : rec;
    }
    paifu_settled_row row;
    paifu_settled__row_init(&row, (size_t)ev, PAIFU_SETTLED_PENALTY);
    row.detail = (uint32_t)e->detail;
    row.penalty_kind = (uint8_t)p->kind;
    row.seat = (int8_t)p->seat;
    settle_row(r, &row, p->has_deltas ? p->deltas : expect, p->has_deltas);
}

/* ---- one deal ---- */

static void deal_event(mcr_deal *r, int i, const paifu_event *e)
{
    bool tile_event = e->type == PAIFU_EV_DRAW || e->type == PAIFU_EV_DISCARD ||
                      e->type == PAIFU_EV_FLOWER || e->type == PAIFU_EV_CHI ||
                      e->type == PAIFU_EV_PON || e->type == PAIFU_EV_DAIMINKAN ||
                      e->type == PAIFU_EV_ANKAN || e->type == PAIFU_EV_SHOUMINKAN;
    bool outcome = e->type == PAIFU_EV_WIN || e->type == PAIFU_EV_EXHAUSTIVE_DRAW ||
                   e->type == PAIFU_EV_ABORTIVE_DRAW;
    /* unknown rules (akochan's MCR mode pays several winners): another win may follow */
    bool another_win = !r->verifiable && e->type == PAIFU_EV_WIN;
    if (r->ended && (tile_event || outcome) && !another_win) {
        BROKEN(r, i, "log.structure", "%s after the end of the deal",
               paifu_finding__event_words(e->type));
        return;
    }
    if (tile_event && (e->seat < 0 || e->seat >= PAIFU_SEATS)) {
        BROKEN(r, i, "log.structure", "%s by a seat that is not in play",
               paifu_finding__event_words(e->type));
        return;
    }
    if (tile_event && (!r->tiles || r->broken))
        return;
    switch (e->type) {
    case PAIFU_EV_DRAW:
        ev_draw(r, i, e);
        break;
    case PAIFU_EV_FLOWER:
        ev_flower(r, i, e);
        break;
    case PAIFU_EV_DISCARD:
        ev_discard(r, i, e);
        break;
    case PAIFU_EV_CHI:
    case PAIFU_EV_PON:
    case PAIFU_EV_DAIMINKAN:
        ev_call(r, i, e);
        break;
    case PAIFU_EV_ANKAN:
    case PAIFU_EV_SHOUMINKAN:
        ev_self_kong(r, i, e);
        break;
    case PAIFU_EV_WIN:
        ev_win(r, i, e);
        break;
    case PAIFU_EV_EXHAUSTIVE_DRAW:
    case PAIFU_EV_ABORTIVE_DRAW:
        ev_draw_end(r, i, e);
        break;
    case PAIFU_EV_PENALTY:
        ev_penalty(r, i, e);
        break;
    case PAIFU_EV_RIICHI_ACCEPTED:
    case PAIFU_EV_KITA:
    case PAIFU_EV_DORA:
        BROKEN(r, i, "log.structure", "%s in an MCR deal", paifu_finding__event_words(e->type));
        break;
    default:
        break;
    }
}

static void deal_replay(mcr_deal *r)
{
    deal_begin(r);
    check_wall_hands(r);
    for (size_t i = 0; i < r->deal->n_events; i++)
        deal_event(r, (int)i, &r->deal->events[i]);
}

/* ---- the game ---- */

/* Dealer and order of the deals (mcr.md sections 2.3 and 2.4). */
static void check_dealer(paifu_report *rep, const paifu_deal *deal, const paifu_deal *prev,
                         const paifu_rules *rules, const paifu_verify_options *opts)
{
    const paifu_deal_start *st = &deal->start;
    int round = st->round_wind & 3, k = st->hand_number % 4;
    int expect = rules->mcr_seat_changes ? ROUND_SEATS[round][k] : k;
    char a[16], b[16];
    if (st->dealer != expect) {
        snprintf(a, sizeof(a), "seat %d", expect);
        snprintf(b, sizeof(b), "seat %d", st->dealer);
        paifu_finding__add(rep, opts, deal, -1, "flow.dealer", a, b,
                           "MCR 2006 (Green Book), game structure",
                           "the dealer of this deal is seat %d", expect);
    }
    if (prev) {
        int pr = prev->start.round_wind & 3, pk = prev->start.hand_number % 4;
        int nr = pk == 3 ? pr + 1 : pr, nk = pk == 3 ? 0 : pk + 1;
        if (nr != round || nk != k) {
            paifu_deal_start next = prev->start;
            next.round_wind = (uint8_t)(nr & 3);
            next.hand_number = (uint8_t)nk;
            paifu_deal_label(a, sizeof(a), &next);
            paifu_deal_label(b, sizeof(b), st);
            paifu_finding__add(rep, opts, deal, -1, "flow.dealer", a, b,
                               "MCR 2006 (Green Book), game structure",
                               "the deal passes on after every hand, win or draw");
        }
    }
}

static void check_scores(paifu_report *rep, const paifu_deal *deal, const int32_t *running,
                         int players, const paifu_verify_options *opts)
{
    if (!(deal->start.flags & PAIFU_DEAL_HAS_SCORES) ||
        memcmp(running, deal->start.scores, sizeof(int32_t) * PAIFU_SEATS) == 0)
        return;
    char a[64], b[64];
    paifu_finding__points(a, sizeof(a), running, players);
    paifu_finding__points(b, sizeof(b), deal->start.scores, players);
    paifu_finding__add(rep, opts, deal, -1, "flow.scores", a, b,
                       "MCR 2006 (Green Book), totals and ranking",
                       "the session totals at the start of the deal differ from the recorded ones");
}

/* ---- session totals (paifu/mcr.h) ---- */

static int need_mcr_rules(const paifu_rules *rules, paifu_error *err)
{
    if (rules->family != PAIFU_FAMILY_MCR)
        return paifu_error_set(err, PAIFU_EINVAL, NULL,
                               "rule set \"%s\" is not an MCR rule set (family mcr)",
                               paifu_rules_name(rules));
    return 0;
}

/* Replay GAME's deals and add up each seat's score changes: the recorded ones (RECOMPUTE
   false) or paifu's own settlement of every win it can score from tiles. */
int paifu_mcr_session_totals(int32_t totals[PAIFU_SEATS], const paifu_game *game,
                             const paifu_rules *rules, unsigned mode, paifu_error *err)
{
    PAIFU_ASSERT_ARG(totals && game && rules && mode <= PAIFU_MCR_TOTALS_RECOMPUTED, err);
    int rc = need_mcr_rules(rules, err);
    if (rc < 0)
        return rc;
    bool recompute = mode == PAIFU_MCR_TOTALS_RECOMPUTED;
    memset(totals, 0, sizeof(int32_t) * PAIFU_SEATS);
    for (size_t d = 0; d < paifu_game_deal_count(game); d++) {
        mcr_deal r;
        memset(&r, 0, sizeof(r));
        r.deal = paifu_game_deal(game, d);
        r.rules = rules;
        r.rule = GREEN_BOOK;
        r.recompute = recompute;
        r.verifiable = true;
        deal_replay(&r);
        for (int s = 0; s < PAIFU_SEATS; s++)
            totals[s] += recompute ? r.computed[s] : r.recorded[s];
    }
    return 0;
}

/* ---- the verifier's entry (verify.c) ---- */

/* The settled view's start of deal D: its recorded round, else (a score sheet) the one the
   deals before give: every deal passes on (mcr.md sections 2.3 and 2.4). */
static void settle_deal(paifu_settled *settled, size_t d, const paifu_deal *deal,
                        const paifu_rules *rules, const int32_t *running)
{
    if (!settled)
        return;
    paifu_deal_start st = deal->start;
    unsigned marks = PAIFU_SETTLED_REC_ROUND;
    if (deal->flags & PAIFU_DEAL_ROUND_UNKNOWN) {
        int round = (int)(d / 4) & 3, k = (int)(d % 4);
        st.round_wind = (uint8_t)round;
        st.hand_number = (uint8_t)k;
        st.dealer = (int8_t)(rules->mcr_seat_changes ? ROUND_SEATS[round][k] : k);
        marks = 0;
    }
    if (deal->start.flags & PAIFU_DEAL_HAS_SCORES)
        marks |= PAIFU_SETTLED_REC_SCORES;
    paifu_settled__deal(settled, d, &st, 0, 0, running, true, marks);
}

int paifu_mcr__verify_game(paifu_report *report, const paifu_game *game, const paifu_rules *rules,
                           const paifu_verify_options *opts, paifu_settled *settled,
                           paifu_error *err)
{
    PAIFU_ASSERT_ARG(report && game && rules && opts, err);
    int32_t running[PAIFU_SEATS];
    for (int s = 0; s < PAIFU_SEATS; s++)
        running[s] = rules->start_points;
    /* unknown rules: rotation and totals follow rules nobody wrote down (tiles only) */
    bool verifiable = paifu_game_meta_get(game, PAIFU_META_RULES_UNKNOWN) == NULL;
    size_t n = paifu_game_deal_count(game);
    const paifu_deal *prev = NULL;
    for (size_t d = 0; d < n; d++) {
        const paifu_deal *deal = paifu_game_deal(game, d);
        paifu_report__count_deal(report, deal);
        if (d == 0 && (deal->start.flags & PAIFU_DEAL_HAS_SCORES))
            memcpy(running, deal->start.scores, sizeof(running));
        if (verifiable)
            check_scores(report, deal, running, paifu_game_players(game), opts);
        if (deal->start.flags & PAIFU_DEAL_HAS_SCORES)
            memcpy(running, deal->start.scores, sizeof(running));
        if (verifiable)
            check_dealer(report, deal, prev, rules, opts);
        mcr_deal r;
        memset(&r, 0, sizeof(r));
        r.deal = deal, r.rules = rules, r.opts = opts, r.rep = report;
        r.rule = GREEN_BOOK;
        r.verifiable = verifiable;
        r.settled = settled;
        memcpy(r.start, running, sizeof(r.start));
        settle_deal(settled, d, deal, rules, running);
        deal_replay(&r);
        if (!deal->n_wins && !deal->n_draws && !(d + 1 == n && paifu_game_truncated(game)))
            /* a deal that ends with no outcome lost it (a line dropped): as the riichi flow
               says it (game_flow.c) */
            paifu_finding__add(report, opts, deal, deal->n_events ? (int)deal->n_events - 1 : -1,
                               "log.truncated", NULL, NULL, NULL,
                               "the deal has no outcome (no win, draw or chombo)");
        report->stats.wins_scored += r.wins_scored;
        for (int s = 0; s < PAIFU_SEATS; s++)
            running[s] += r.recorded[s];
        prev = deal;
    }
    const paifu_game_result *res = paifu_game_result_get(game);
    paifu_settled_result *out = paifu_settled__result(settled);
    if (out) { /* the session totals: the recorded ones, else the running totals */
        bool cut = paifu_game_truncated(game);
        out->has_points = out->has_final = res->has_points || (n > 0 && !cut);
        memcpy(out->points, res->has_points ? res->points : running, sizeof(out->points));
        memcpy(out->final, res->has_final ? res->final : out->points, sizeof(out->final));
        out->marks = (res->has_points ? PAIFU_SETTLED_REC_FINAL_POINTS : 0) |
                     (res->has_final ? PAIFU_SETTLED_REC_FINAL : 0);
        if (out->has_points)
            paifu_settle_places(out->place12, out->points, paifu_game_players(game), rules);
        else
            snprintf(out->reason, sizeof(out->reason), "%s",
                     cut ? "the log ends before the session does and records no totals"
                         : "the log records no deals and no session totals");
    }
    if (paifu_game_truncated(game)) {
        /* the last place read (issue 36): the last deal's last event, else where the reader
           stopped */
        size_t nd = paifu_game_deal_count(game);
        const paifu_deal *tail = nd ? paifu_game_deal(game, nd - 1) : NULL;
        paifu_location w;
        paifu_finding__locate(&w, opts, tail,
                              tail && tail->n_events ? (int)tail->n_events - 1 : -1);
        if (!tail)
            w.line = paifu_game_result_line(game, &w.column);
        bool mid = tail && !tail->n_wins && !tail->n_draws; /* the words of every format's */
        paifu_report_add(report, "log.truncated", &w, NULL, NULL, NULL, "%s",
                         mid ? "log ends mid-deal: the game has no recorded end"
                             : "log ends between deals: the game has no recorded end");
    } else if (res->has_points && verifiable && paifu_game_deal_count(game) == 0) {
        /* a sheet of session results only: every payment goes from one player to another
           (001 L252-268), so the totals add up to nothing */
        int64_t sum = 0;
        for (int s = 0; s < PAIFU_SEATS; s++)
            sum += res->points[s];
        if (sum != 0) {
            char b[64];
            paifu_finding__points(b, sizeof(b), res->points, paifu_game_players(game));
            paifu_finding__add(report, opts, NULL, -1, "game.final_points", "a sum of 0", b,
                               "MCR 2006 (Green Book), payments",
                               "the session totals add up to %lld, not 0", (long long)sum);
        }
    } else if (res->has_points && verifiable &&
               memcmp(res->points, running, sizeof(int32_t) * PAIFU_SEATS) != 0) {
        char a[64], b[64];
        paifu_finding__points(a, sizeof(a), running, paifu_game_players(game));
        paifu_finding__points(b, sizeof(b), res->points, paifu_game_players(game));
        paifu_finding__add(report, opts, NULL, -1, "game.final_points", a, b,
                           "MCR 2006 (Green Book), totals and ranking",
                           "the session totals differ from the recorded final points");
    }
    return 0;
}
