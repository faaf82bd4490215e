/*
 * score_internal.h: what the hand engine's files share (reading.c, wait.c, shanten.c, yaku.c,
 * fu.c, points.c, score.c). Nothing here allocates; every array is fixed-size.
 *
 * Invariants used throughout:
 *  - a "counts" array has PAIFU_TILE_KINDS entries, each 0..4;
 *  - a reading lists the concealed sets first (ascending kind) and the melds after them in call
 *    order, so the order of the yakuhai entries of a yaku list is the order of the sets;
 *  - an interpretation is a reading plus the place of the winning tile in it; every scoring
 *    decision that depends on the place (wait fu, pinfu, a triplet completed by ron being open)
 *    reads it from the interpretation, never from the reading alone.
 */
#ifndef PAIFU_SCORE_INTERNAL_H
#define PAIFU_SCORE_INTERNAL_H

#include "paifu/hand.h"
#include "paifu/score.h"
#include "rules_internal.h"

#include <stdbool.h>
#include <stdint.h>

#define KINDS PAIFU_TILE_KINDS

/* Bit of a kind in a uint64_t kind set. */
#define KIND_BIT(k) (UINT64_C(1) << (k))
/* Terminals and honours (kokushi's thirteen). */
#define ORPHANS_MASK                                                                               \
    (KIND_BIT(0) | KIND_BIT(8) | KIND_BIT(9) | KIND_BIT(17) | KIND_BIT(18) | KIND_BIT(26) |        \
     (UINT64_C(0x7F) << 27))
#define HONORS_MASK (UINT64_C(0x7F) << 27)
#define WINDS_MASK (UINT64_C(0xF) << 27)
#define DRAGONS_MASK (UINT64_C(0x7) << 31)

/* Bit of a yaku id in a uint64_t yaku set (ids 0..55 fit). */
#define YAKU_BIT(id) (UINT64_C(1) << (id))

/* Index of the lowest set bit of X (X != 0). */
static inline unsigned lowest_bit(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return (unsigned)__builtin_ctzll(x);
#else
    unsigned i = 0;
    while (!(x & 1u))
        x >>= 1, i++;
    return i;
#endif
}

/* Number of set bits of X (bit-parallel: no library call where the processor lacks one). */
static inline unsigned bit_count(uint64_t x)
{
    x = x - ((x >> 1) & UINT64_C(0x5555555555555555));
    x = (x & UINT64_C(0x3333333333333333)) + ((x >> 2) & UINT64_C(0x3333333333333333));
    x = (x + (x >> 4)) & UINT64_C(0x0F0F0F0F0F0F0F0F);
    return (unsigned)((x * UINT64_C(0x0101010101010101)) >> 56);
}

static inline bool kind_is_orphan(unsigned k)
{
    return (ORPHANS_MASK >> k) & 1u;
}

/* ---- hand.c ---- */

/* True when HAND keeps the invariants of hand.c (counts, meld sizes, tile total). */
bool paifu_hand__valid(const paifu_hand *hand);

/* paifu_tile_valid(t) && !paifu_tile_is_bonus(t), without a call. */
static inline bool paifu_hand__riichi_tile(paifu_tile t)
{
    unsigned k = paifu_tile_kind(t);
    if ((t & 0x40) || k >= PAIFU_TILE_KINDS) /* PAIFU_TILE_NONE has 0x40 set */
        return false;
    return !(t & PAIFU_TILE_RED) || (k < 27 && k % 9 == 4);
}

/* Tiles of KIND in the melds of HAND (meld counts and sizes clamped to the arrays). */
static inline unsigned paifu_hand__melded(const paifu_hand *hand, unsigned kind)
{
    unsigned n = 0, melds = hand->n_melds < PAIFU_MAX_MELDS ? hand->n_melds : PAIFU_MAX_MELDS;
    for (unsigned i = 0; i < melds; i++) {
        const paifu_meld *m = &hand->melds[i];
        for (unsigned j = 0; j < (m->n < 4 ? m->n : 4u); j++)
            n += paifu_tile_kind(m->tiles[j]) == kind;
    }
    return n;
}

/*
 * The checks and changes of paifu_hand_add and paifu_hand_remove (hand.c wraps them with the
 * error messages), inline for the replay, which adds and removes a tile per draw and discard:
 * 0, or what is wrong (HAND is then unchanged).
 */
enum {
    HAND_NOT_RIICHI_TILE = -1, /* not a riichi tile (invalid, hidden or a bonus tile) */
    HAND_FIFTH = -2,           /* add: a fifth tile of its kind */
    HAND_FULL = -3,            /* add: more than 14 tiles */
    HAND_ABSENT = -4           /* remove: the hand holds no such tile */
};

static inline int paifu_hand__add(paifu_hand *hand, paifu_tile tile)
{
    if (!paifu_hand__riichi_tile(tile))
        return HAND_NOT_RIICHI_TILE;
    unsigned k = paifu_tile_kind(tile);
    if (hand->counts[k] + paifu_hand__melded(hand, k) >= 4)
        return HAND_FIFTH;
    if (hand->n_closed + 3u * hand->n_melds >= 14)
        return HAND_FULL;
    hand->counts[k]++;
    hand->n_closed++;
    if (tile & PAIFU_TILE_RED)
        hand->red[k / 9]++;
    return 0;
}

static inline int paifu_hand__remove(paifu_hand *hand, paifu_tile tile)
{
    if (!paifu_hand__riichi_tile(tile))
        return HAND_NOT_RIICHI_TILE;
    unsigned k = paifu_tile_kind(tile);
    bool five = k < 27 && k % 9 == 4;
    unsigned red = five ? hand->red[k / 9] : 0;
    bool have = (tile & PAIFU_TILE_RED) ? red > 0 : hand->counts[k] > red;
    if (!have)
        return HAND_ABSENT;
    hand->counts[k]--;
    hand->n_closed--;
    if (tile & PAIFU_TILE_RED)
        hand->red[k / 9]--;
    return 0;
}

/* Where seat FROM sits as seen from seat CALLER at a table of PLAYERS (0..3 both; FROM ==
   CALLER is self); in sanma the seat after CALLER is right and the one before left. */
static inline paifu_meld_from paifu_meld__from_seat(int caller, int from, int players)
{
    if (from == caller)
        return PAIFU_FROM_SELF;
    if (players == 3)
        return (from - caller + 3) % 3 == 1 ? PAIFU_FROM_RIGHT : PAIFU_FROM_LEFT;
    return (paifu_meld_from)((from - caller + 4) % 4);
}

/* ---- reading.c ---- */

/* Place of the winning tile inside a reading. */
#define WIN_IN_PAIR 4

/*
 * All readings of a complete hand whose concealed tiles (winning tile included) are COUNTS,
 * N_CLOSED of them, with HAND's melds. Returns how many were stored in OUT (at most CAP);
 * *MORE_OUT is set when there were more than CAP.
 */
size_t paifu_reading__all(paifu_reading *out, size_t cap, bool *more_out,
                          const uint8_t counts[KINDS], unsigned n_closed, const paifu_hand *hand);

/* True when COUNTS (N tiles, N % 3 == 2) split into sets and one pair. */
bool paifu_reading__standard_complete(const uint8_t counts[KINDS], unsigned n);

/* True when COUNTS (N tiles, N % 3 == 0) split into sets alone. */
bool paifu_reading__sets_only(const uint8_t counts[KINDS], unsigned n);

/* True when COUNTS of 14 tiles form seven different pairs / thirteen orphans. */
bool paifu_reading__seven_pairs(const uint8_t counts[KINDS], unsigned n);

/* One suit (nine counts): does it split into sets alone / into one pair plus sets? */
bool paifu_reading__suit_sets_only(const uint8_t *c);
bool paifu_reading__suit_pair_and_sets(const uint8_t *c);

/* The waits of a shape by trying every candidate kind against the whole hand: the reference
   the fast paifu_wait__shape is tested against. */
uint64_t paifu_wait__shape_reference(const uint8_t counts[KINDS], unsigned n, bool special);
bool paifu_reading__thirteen_orphans(const uint8_t counts[KINDS], unsigned n);

/* ---- wait.c ---- */

/*
 * Waits of a shape in isolation: the kinds that complete COUNTS (N tiles) into sets plus a pair
 * (N % 3 == 1), or into sets alone (N % 3 == 2). SPECIAL adds seven pairs and thirteen orphans
 * (only meaningful for 13 concealed tiles). Kinds already held four times are not waits.
 */
uint64_t paifu_wait__shape(const uint8_t counts[KINDS], unsigned n, bool special);

/* paifu_hand_waits of a hand that keeps the invariants of hand.c (built only through
   paifu_hand_add, _remove and _add_meld, as the replay's hands are), without checking them. */
uint64_t paifu_hand__waits(const paifu_hand *hand);

/* ---- yaku.c ---- */

/* Facts about a win that do not depend on the reading; computed once per hand. */
typedef struct paifu_facts {
    const paifu_hand *hand;
    const struct paifu_rules *rules;
    uint8_t counts[KINDS];   /* concealed tiles, winning tile included */
    uint8_t all[KINDS];      /* concealed plus melded tiles */
    unsigned n_closed;       /* concealed tiles, winning tile included */
    unsigned win_kind;
    unsigned flags;          /* PAIFU_SIT_* */
    unsigned seat_kind;      /* 27 + seat wind */
    unsigned round_kind;     /* 27 + round wind */
    bool tsumo;
    bool menzen;             /* no melds but ankan */
    bool dealer;
    uint64_t present;        /* kinds present anywhere in the hand */
    uint64_t yaku;           /* reading-independent yaku (situation, tile-set yaku) */
    uint64_t yakuman;        /* reading-independent yakuman */
    int dora, aka, ura, kita;
} paifu_facts;

/* The value of one interpretation. */
typedef struct paifu_eval {
    uint64_t yaku;      /* yaku and yakuman ids present */
    int yaku_han;       /* han from yaku (0 for a yakuman hand) */
    int yakuman;        /* multiples, after the stacking rule */
    int han;            /* yaku_han + dora family, or 13 * yakuman */
    int fu;             /* rounded */
    int fu_raw;
    uint8_t wait;       /* paifu_wait */
    uint8_t win_set;    /* 0..3 or WIN_IN_PAIR */
    uint8_t limit;      /* paifu_limit */
    uint8_t status;     /* paifu_score_status */
    bool renhou_mangan; /* scored as renhou alone (renhou = mangan) */
    paifu_payment pay;
    int32_t total;
} paifu_eval;

/* Fill the reading-independent facts; returns PAIFU_SCORE_OK or PAIFU_SCORE_CHANKAN_ANKAN. */
void paifu_yaku__facts(paifu_facts *f, const paifu_hand *hand, const uint8_t counts[KINDS],
                       unsigned n_closed, const paifu_situation *sit,
                       const struct paifu_rules *rules);

/* Yaku (and yakuman) of one interpretation: sets e->yaku, e->yaku_han, e->yakuman. */
void paifu_yaku__evaluate(paifu_eval *e, const paifu_facts *f, const paifu_reading *r);

/*
 * Write the yaku list of E in Tenhou's order into OUT (room for PAIFU_MAX_YAKU); returns the
 * number of entries. The dora family (52, 54, 53, 55) comes last.
 */
unsigned paifu_yaku__list(paifu_yaku_value *out, const paifu_eval *e, const paifu_facts *f,
                          const paifu_reading *r);

/* Han of yaku ID in a closed (MENZEN) or open hand; 0 if it does not count there. */
int paifu_yaku__han(unsigned id, bool menzen, const struct paifu_rules *rules);

/* Yakuman multiple of yakuman ID under RULES (1, or 2 for a double yakuman the rules list). */
int paifu_yaku__yakuman_value(unsigned id, const struct paifu_rules *rules);

/* ---- fu.c ---- */

/* Wait type of the winning tile when it completes set WIN_SET (or the pair) of R. */
uint8_t paifu_fu__wait(const paifu_reading *r, unsigned win_set, unsigned win_kind);

/*
 * Fu of an interpretation (yaku.md section 5). PINFU says whether pinfu is scored. PARTS (may
 * be NULL) receives the terms, *N_PARTS their number. Returns the raw (unrounded) sum.
 */
int paifu_fu__raw(const paifu_facts *f, const paifu_reading *r, unsigned win_set, uint8_t wait,
                  bool pinfu, paifu_fu_part *parts, unsigned *n_parts);

/* Round fu up to 10 (chiitoitsu's 25 stays). */
static inline int paifu_fu__round(int raw)
{
    return raw == 25 ? 25 : (raw + 9) / 10 * 10;
}

/* Is set I of R concealed for fu and sanankou (a pon completed by ron is open)? */
bool paifu_fu__set_concealed(const paifu_facts *f, const paifu_reading *r, unsigned i,
                             unsigned win_set);

#endif
