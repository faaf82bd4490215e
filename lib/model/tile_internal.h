/*
 * tile_internal.h: the tile predicates that per-event paths of lib/ use without a call into
 * tile.c (whose public functions return the same).
 */
#ifndef PAIFU_TILE_INTERNAL_H
#define PAIFU_TILE_INTERNAL_H

#include "paifu/tile.h"

#include <stdbool.h>

/* paifu_tile_valid: a kind of PAIFU_TILE_ALL_KINDS, bit 0x40 clear (PAIFU_TILE_NONE has it),
   the red flag only on a suited five. */
static inline bool paifu_tile__valid(paifu_tile t)
{
    unsigned k = paifu_tile_kind(t);
    if ((t & 0x40) || k >= PAIFU_TILE_ALL_KINDS)
        return false;
    return !(t & PAIFU_TILE_RED) || (k < 27 && k % 9 == 4);
}

/* paifu_tile__valid and one of the 34 riichi kinds (no MCR bonus tile): the tiles a riichi
   hand holds. */
static inline bool paifu_tile__riichi(paifu_tile t)
{
    return paifu_tile_kind(t) < PAIFU_TILE_KINDS && paifu_tile__valid(t);
}

/* The same tile as far as the rules see it: kind and red flag (physical ids aside). */
static inline bool paifu_tile__same(paifu_tile a, paifu_tile b)
{
    return paifu_tile_kind(a) == paifu_tile_kind(b) && paifu_tile_is_red(a) == paifu_tile_is_red(b);
}

#endif
