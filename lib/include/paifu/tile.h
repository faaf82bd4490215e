/*
 * paifu/tile.h: tiles and the tile notation.
 *
 * A paifu_tile is one byte: the kind in the low 6 bits plus PAIFU_TILE_RED for a red five.
 *
 *   kinds  0..8   1m..9m   (characters, man)
 *          9..17  1p..9p   (circles, pin)
 *         18..26  1s..9s   (bamboo, sou)
 *         27..33  1z..7z   East South West North, White (haku) Green (hatsu) Red (chun)
 *         34..37  1f..4f   MCR flowers: plum, orchid, chrysanthemum, bamboo
 *         38..41  5f..8f   MCR seasons: spring, summer, autumn, winter
 *
 * Notation ("mpsz"): digits followed by their suit letter, e.g. "123m406p789s1234567z";
 * 0 is the red five of the suit ("0p" = red 5p). Flowers and seasons use the letter f:
 * "1f".."4f" are the flowers and "5f".."8f" the seasons, so flower n and season n both
 * belong to seat wind n. "?" stands for an unknown (hidden) tile. Spaces between groups are
 * allowed when parsing; formatting writes none.
 */
#ifndef PAIFU_TILE_H
#define PAIFU_TILE_H

#include "error.h"
#include <stdbool.h>

PAIFU_BEGIN_DECL

typedef uint8_t paifu_tile;

#define PAIFU_TILE_RED        0x80 /**< flag: this five is a red five */
#define PAIFU_TILE_NONE       0xFF /**< unknown / hidden / absent tile */
#define PAIFU_TILE_KINDS      34   /**< riichi tile kinds (no flowers) */
#define PAIFU_TILE_ALL_KINDS  42   /**< kinds including the eight MCR bonus tiles */
#define PAIFU_TILE_FLOWER     34   /**< first flower kind (1f) */
#define PAIFU_TILE_EAST       27
#define PAIFU_TILE_SOUTH      28
#define PAIFU_TILE_WEST       29
#define PAIFU_TILE_NORTH      30
#define PAIFU_TILE_WHITE      31
#define PAIFU_TILE_GREEN      32
#define PAIFU_TILE_RED_DRAGON 33

/** The kind (0..41) of a tile, without the red flag. */
static inline unsigned paifu_tile_kind(paifu_tile t)
{
    return (unsigned)(t & 0x3F);
}
/** True for a red five. */
static inline bool paifu_tile_is_red(paifu_tile t)
{
    return t != PAIFU_TILE_NONE && (t & PAIFU_TILE_RED) != 0;
}
/** Suit: 0 man, 1 pin, 2 sou, 3 honour, 4 bonus (flower/season). */
static inline unsigned paifu_tile_suit(paifu_tile t)
{
    unsigned k = paifu_tile_kind(t);
    return k < 27 ? k / 9 : (k < 34 ? 3u : 4u);
}
/** Number 1..9 within a suit; honours 1..7 (E S W N Wh Gr Rd); bonus tiles 1..8. */
static inline unsigned paifu_tile_number(paifu_tile t)
{
    unsigned k = paifu_tile_kind(t);
    return k < 27 ? k % 9 + 1 : (k < 34 ? k - 26 : k - 33);
}
static inline bool paifu_tile_is_honor(paifu_tile t)
{
    unsigned k = paifu_tile_kind(t);
    return k >= 27 && k < 34;
}
static inline bool paifu_tile_is_terminal(paifu_tile t)
{
    unsigned k = paifu_tile_kind(t);
    return k < 27 && (k % 9 == 0 || k % 9 == 8);
}
static inline bool paifu_tile_is_simple(paifu_tile t)
{
    unsigned k = paifu_tile_kind(t);
    return k < 27 && k % 9 != 0 && k % 9 != 8;
}
static inline bool paifu_tile_is_bonus(paifu_tile t)
{
    unsigned k = paifu_tile_kind(t);
    return t != PAIFU_TILE_NONE && k >= 34 && k < 42;
}
/** True if T is a well-formed tile: a kind below 42, and the red flag only on a five. */
PAIFU_EXTERN bool paifu_tile_valid(paifu_tile t);

/** Build a tile from a kind (0..41) and a red flag (honoured only for fives). */
PAIFU_EXTERN paifu_tile paifu_tile_make(unsigned kind, bool red);

/**
 * The dora a given indicator points at: 1..9 cycle per suit, winds E S W N cycle, dragons
 * White Green Red cycle. With THREE_PLAYER the man suit has only 1m and 9m, so 1m -> 9m and
 * 9m -> 1m. Red flags are dropped. Returns PAIFU_TILE_NONE for a bonus or invalid indicator.
 */
PAIFU_EXTERN paifu_tile paifu_tile_dora(paifu_tile indicator, bool three_player);

/**
 * Write the name of one tile ("5m", "0m" for red, "7z", "3f", "?") into BUF, which needs room
 * for 3 bytes. Returns BUF.
 */
PAIFU_EXTERN char *paifu_tile_name(char buf[3], paifu_tile t);

/**
 * Parse tile notation. Stores at most CAP tiles into OUT and the number found into *N_OUT.
 * Fails with PAIFU_EFORMAT (naming the 1-based column) on a digit without a suit, a bad digit
 * for the suit (8z, 0z, 9f), or any other character; with PAIFU_ELIMIT if more than CAP tiles.
 */
PAIFU_EXTERN int paifu_tile_parse(paifu_tile *out, size_t cap, size_t *n_out, const char *text,
                                  paifu_error *err);

/** Parse exactly one tile name such as "0p" or "?". */
PAIFU_EXTERN int paifu_tile_parse_one(paifu_tile *out, const char *text, paifu_error *err);

/**
 * Format N tiles in the given order, sharing the suit letter among consecutive tiles of the
 * same suit ("123m406p"). Returns the length the full text needs (excluding the NUL), like
 * snprintf; BUF is always NUL-terminated when SIZE > 0.
 */
PAIFU_EXTERN size_t paifu_tile_format(char *buf, size_t size, const paifu_tile *tiles, size_t n);

/** Sort tiles by kind, a red five after the plain fives of its suit. */
PAIFU_EXTERN void paifu_tile_sort(paifu_tile *tiles, size_t n);

PAIFU_END_DECL

#endif
