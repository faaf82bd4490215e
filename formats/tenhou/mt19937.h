/*
 * mt19937.h: the 32-bit Mersenne Twister MT19937, private to formats/.
 *
 * Matsumoto and Nishimura, "Mersenne Twister: a 623-dimensionally equidistributed uniform
 * pseudo-random number generator", ACM TOMACS 8(1), 1998, with the seeding routines of their
 * reference implementation mt19937ar (2002): init_genrand and init_by_array. Tenhou seeds its
 * wall generator with init_by_array (tenhou-xml.md §4.2).
 */
#ifndef PAIFU_FORMATS_MT19937_H
#define PAIFU_FORMATS_MT19937_H

#include <stddef.h>
#include <stdint.h>

#define PAIFU_MT19937_N 624 /* words of state */

typedef struct paifu_mt19937 {
    uint32_t mt[PAIFU_MT19937_N]; /* state vector */
    unsigned mti;                 /* next word of mt to temper; N = regenerate first */
} paifu_mt19937;

/* Seed with one 32-bit value (mt19937ar's init_genrand). */
void paifu_mt19937__init(paifu_mt19937 *g, uint32_t seed);

/* Seed with KEY[0..LEN) (mt19937ar's init_by_array). LEN may be 0 (then only init_genrand). */
void paifu_mt19937__init_by_array(paifu_mt19937 *g, const uint32_t *key, size_t len);

/* The next 32-bit output (mt19937ar's genrand_int32). */
uint32_t paifu_mt19937__next(paifu_mt19937 *g);

/* The next N outputs into OUT: the same as N calls of __next, without a call per word. */
void paifu_mt19937__fill(paifu_mt19937 *g, uint32_t *out, size_t n);

#endif
