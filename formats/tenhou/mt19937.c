/*
 * mt19937.c: MT19937 (see mt19937.h), written from the published algorithm: the recurrence
 * x[k+n] = x[k+m] ^ ((x[k] & upper) | (x[k+1] & lower)) A with n = 624, m = 397,
 * a = 0x9908B0DF, the tempering shifts 11, 7 (0x9D2C5680), 15 (0xEFC60000), 18, and the
 * mt19937ar seeding (multipliers 1812433253, 1664525, 1566083941).
 *
 * tests/unit/test_mjlog_shuffle.c checks the first outputs of init_by_array({0x123, 0x234,
 * 0x345, 0x456}) against the values published with mt19937ar.
 */
#include "mt19937.h"

#define N          PAIFU_MT19937_N
#define M          397
#define MATRIX_A   0x9908B0DFu
#define UPPER_MASK 0x80000000u
#define LOWER_MASK 0x7FFFFFFFu

void paifu_mt19937__init(paifu_mt19937 *g, uint32_t seed)
{
    g->mt[0] = seed;
    for (unsigned i = 1; i < N; i++)
        g->mt[i] = 1812433253u * (g->mt[i - 1] ^ (g->mt[i - 1] >> 30)) + i;
    g->mti = N;
}

void paifu_mt19937__init_by_array(paifu_mt19937 *g, const uint32_t *key, size_t len)
{
    paifu_mt19937__init(g, 19650218u);
    if (!len)
        return;
    unsigned i = 1;
    size_t j = 0;
    for (size_t k = N > len ? N : len; k; k--) {
        g->mt[i] =
            (g->mt[i] ^ ((g->mt[i - 1] ^ (g->mt[i - 1] >> 30)) * 1664525u)) + key[j] + (uint32_t)j;
        i++;
        j++;
        if (i >= N) {
            g->mt[0] = g->mt[N - 1];
            i = 1;
        }
        if (j >= len)
            j = 0;
    }
    for (unsigned k = N - 1; k; k--) {
        g->mt[i] = (g->mt[i] ^ ((g->mt[i - 1] ^ (g->mt[i - 1] >> 30)) * 1566083941u)) - i;
        i++;
        if (i >= N) {
            g->mt[0] = g->mt[N - 1];
            i = 1;
        }
    }
    g->mt[0] = 0x80000000u; /* MSB is 1, assuring a non-zero initial array */
}

/* x[k+n] = x[k+m] ^ ((upper(x[k]) | lower(x[k+1])) A), with A's multiplication as a shift. */
static uint32_t twist(uint32_t xm, uint32_t xk, uint32_t xk1)
{
    uint32_t y = (xk & UPPER_MASK) | (xk1 & LOWER_MASK);
    return xm ^ (y >> 1) ^ ((y & 1u) ? MATRIX_A : 0u);
}

/* Generate the next N words of state at once (in place: later words use the new ones). */
static void regenerate(paifu_mt19937 *g)
{
    uint32_t *mt = g->mt;
    unsigned k = 0;
    for (; k < N - M; k++)
        mt[k] = twist(mt[k + M], mt[k], mt[k + 1]);
    for (; k < N - 1; k++)
        mt[k] = twist(mt[k + M - N], mt[k], mt[k + 1]);
    mt[N - 1] = twist(mt[M - 1], mt[N - 1], mt[0]);
    g->mti = 0;
}

static uint32_t temper(uint32_t y)
{
    y ^= y >> 11;
    y ^= (y << 7) & 0x9D2C5680u;
    y ^= (y << 15) & 0xEFC60000u;
    y ^= y >> 18;
    return y;
}

uint32_t paifu_mt19937__next(paifu_mt19937 *g)
{
    if (g->mti >= N)
        regenerate(g);
    return temper(g->mt[g->mti++]);
}

void paifu_mt19937__fill(paifu_mt19937 *g, uint32_t *out, size_t n)
{
    while (n) {
        if (g->mti >= N)
            regenerate(g);
        size_t run = N - g->mti < n ? N - g->mti : n;
        const uint32_t *mt = g->mt + g->mti;
        for (size_t i = 0; i < run; i++) /* independent words: the compiler vectorises this */
            out[i] = temper(mt[i]);
        g->mti += (unsigned)run;
        out += run;
        n -= run;
    }
}
