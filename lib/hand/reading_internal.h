/*
 * reading_internal.h: reading.c's decompositions of concealed tiles into sets and a pair, for
 * the waits (wait.c) and the scorer (score.c).
 */
#ifndef PAIFU_READING_INTERNAL_H
#define PAIFU_READING_INTERNAL_H

#include "hand_internal.h"

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

bool paifu_reading__thirteen_orphans(const uint8_t counts[KINDS], unsigned n);

#endif
