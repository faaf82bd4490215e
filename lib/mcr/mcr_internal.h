/*
 * mcr_internal.h: pieces of the MCR engine shared by the lib/mcr_*.c files.
 *
 *   mcr_fans.c    the fan table as data (ids, points, names, exclusions)
 *   mcr_hand.c    readings of a hand, completeness, waits, the hand notation
 *   mcr_combine.c the combination fans of chows and pungs (account-once, non-identical, ...)
 *   mcr_score.c   fans of a reading, exclusions, the best reading
 *   mcr_settle.c  payments, penalties, seating, placement, standings
 *   mcr_verify.c  the tile-by-tile replay of MCR deals: the verifier and the session totals
 *
 * Tiles inside the engine are kinds 0..33 (paifu/tile.h): 0..26 suits, 27..30 winds E S W N,
 * 31..33 dragons White Green Red.
 */
#ifndef PAIFU_MCR_INTERNAL_H
#define PAIFU_MCR_INTERNAL_H

#include "paifu/mcr.h"
#include "rules_internal.h"
#include "paifu/settled.h"
#include "paifu/verify.h"

/* ---- fan table (mcr_fans.c) ---- */

typedef struct paifu_mcr__fan_entry {
    paifu_mcr_fan_info info;
    uint8_t excludes[8]; /* fans not scored with this one, 0-terminated (mcr-fans.json) */
    uint8_t own_sets[4]; /* of those, the ones excluded only for this fan's own sets, which the
                            scorer handles when it forms the fans; 0-terminated */
} paifu_mcr__fan_entry;

/* Row of fan ID (1..82), NULL when out of range. */
const paifu_mcr__fan_entry *paifu_mcr__fan_row(unsigned id);

/* ---- readings (mcr_hand.c) ---- */

enum paifu_mcr__set_type {
    PAIFU_MCR__CHOW = 1, /* kind = lowest tile */
    PAIFU_MCR__PUNG,
    PAIFU_MCR__KONG,
    PAIFU_MCR__PAIR
};

typedef struct paifu_mcr__set {
    uint8_t type;   /* enum paifu_mcr__set_type */
    uint8_t kind;   /* 0..33 */
    bool declared;  /* one of the hand's melds (fixed) */
    bool concealed; /* counts as concealed (concealed kong, or a pung formed in hand) */
} paifu_mcr__set;

#define PAIFU_MCR__MAX_READINGS 48

/*
 * One reading. Standard: sets[0..4) and the pair. Knitted straight: knit[] gives the suit of
 * the 1-4-7, 2-5-8 and 3-6-9 tiles, sets[0] the fourth set, `pair` the pair. Honors and
 * knitted: knit[] as well. Seven pairs and thirteen orphans use only `shape`.
 */
typedef struct paifu_mcr__reading {
    uint8_t shape; /* paifu_mcr_shape */
    uint8_t n_sets;
    uint8_t pair; /* kind of the pair */
    uint8_t knit[3];
    paifu_mcr__set sets[4];
} paifu_mcr__reading;

/* Concealed tiles (WITH the winning tile) of HAND as counts of the 34 kinds. */
void paifu_mcr__concealed_counts(uint8_t counts[PAIFU_TILE_KINDS], const paifu_mcr_hand *hand,
                                 bool with_win);

/*
 * Every reading of the concealed COUNTS (14 - 3 * n_melds tiles) together with HAND's melds.
 * Returns the number written to OUT (at most CAP).
 */
size_t paifu_mcr__readings(paifu_mcr__reading *out, size_t cap,
                           const uint8_t counts[PAIFU_TILE_KINDS], const paifu_mcr_hand *hand);

/* True when COUNTS (14 - 3 * N_MELDS tiles) with N_MELDS melds form a winning shape. */
bool paifu_mcr__complete(const uint8_t counts[PAIFU_TILE_KINDS], int n_melds);

/*
 * Tiles that complete the 13-tile state COUNTS with N_MELDS melds (formal wait: copies already
 * visible elsewhere still count; a fifth copy in the hand does not). Bit k = kind k.
 */
uint64_t paifu_mcr__waits(const uint8_t counts[PAIFU_TILE_KINDS], int n_melds);

/* ---- combination fans (mcr_combine.c) ---- */

#define PAIFU_MCR__MAX_ALTS 16

/* The choices of chow-combination fans that all reach the best value. */
typedef struct paifu_mcr__chow_alts {
    unsigned n;
    int value;
    uint8_t fans[PAIFU_MCR__MAX_ALTS][4]; /* fan ids, ascending, 0 = unused */
} paifu_mcr__chow_alts;

/* Chows starting at kinds CH[0..N) with the pair PAIR (-1: none). */
void paifu_mcr__chow_combinations(paifu_mcr__chow_alts *a, const unsigned *ch, unsigned n, int pair,
                                  const paifu_rules *rules);

/* Add the combination fans of the suit pungs P[0..N) to the fan counts CNT[0..82]. */
void paifu_mcr__pung_combinations(uint8_t *cnt, const unsigned *p, unsigned n,
                                  const paifu_rules *rules);

/* ---- scoring (mcr_score.c) ---- */

/*
 * Fans formed by SETS[0..N) alone (per-set fans, kong and concealed-pung series, combination
 * fans), with PAIR_KIND (-1: none) for the fans that look at the pair, after the exclusions.
 * For the seed's fan arithmetic (mcr.md section 7).
 */
int paifu_mcr__set_fans(paifu_mcr_result *out, const paifu_mcr__set *sets, size_t n, int pair_kind,
                        const paifu_mcr_situation *sit, const paifu_rules *rules);

/* ---- the verifier (mcr_verify.c) ---- */

/* Verify an MCR game (verify.c hands MCR rule sets here): every deal replayed tile by tile with
   flowers, every win scored and paid, the running and final scores; SETTLED (NULL: none) gets
   every deal, outcome and the session's result as they are paid (paifu/settled.h). */
int paifu_mcr__verify_game(paifu_report *report, const paifu_game *game, const paifu_rules *rules,
                           const paifu_verify_options *opts, paifu_settled *settled,
                           paifu_error *err);

#endif
