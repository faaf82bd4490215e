/*
 * wait_internal.h: wait.c's waits of a shape and of a hand, for the replay (furiten, tenpai)
 * and the scorer (tenpai at a draw).
 */
#ifndef PAIFU_WAIT_INTERNAL_H
#define PAIFU_WAIT_INTERNAL_H

#include "hand_internal.h"

/*
 * Waits of a shape in isolation: the kinds that complete COUNTS (N tiles) into sets plus a pair
 * (N % 3 == 1), or into sets alone (N % 3 == 2). SPECIAL adds seven pairs and thirteen orphans
 * (only meaningful for 13 concealed tiles). Kinds already held four times are not waits.
 */
uint64_t paifu_wait__shape(const uint8_t counts[KINDS], unsigned n, bool special);

/* paifu_hand_waits of a hand that keeps the invariants of hand.c (built only through
   paifu_hand_add, _remove and _add_meld, as the replay's hands are), without checking them. */
uint64_t paifu_wait__hand(const paifu_hand *hand);

/* The waits of a shape by trying every candidate kind against the whole hand: the reference
   the fast paifu_wait__shape is tested against. */
uint64_t paifu_wait__shape_reference(const uint8_t counts[KINDS], unsigned n, bool special);

#endif
