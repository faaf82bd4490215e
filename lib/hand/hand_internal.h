/*
 * hand_internal.h: the floor of the hand engine, used by every file of it and by the replay:
 * kinds as bits of a uint64_t, the bit helpers, and hand.c's checks and inline changes of a
 * hand (the replay adds and removes a tile per draw and discard without a call).
 *
 * Invariant used throughout: a "counts" array has PAIFU_TILE_KINDS entries, each 0..4.
 */
#ifndef PAIFU_HAND_INTERNAL_H
#define PAIFU_HAND_INTERNAL_H

#include "paifu/hand.h"
#include "tile_internal.h"

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
    if (!paifu_tile__riichi(tile))
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
    if (!paifu_tile__riichi(tile))
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

#endif
