/*
 * test_mjlog_shuffle.c: Tenhou's wall generator (formats/mjlog_shuffle.c, mt19937.c).
 *
 * MT19937: the first outputs and the 1000th of init_by_array({0x123, 0x234, 0x345, 0x456}),
 * as published with the reference mt19937ar (mt19937ar.out).
 * Walls: expected values computed by an independent implementation of tenhou-xml.md §4.2 in
 * Python (CPython's random module for MT19937, hashlib for SHA-512; the script is quoted in
 * the comment of each table), for seeds built from simple key formulas: generation C on 4 and
 * 3 players, generation B and generation A. The layout table is spec §4.2's position table.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mjlog_shuffle.h"

static void mt_reference_outputs(void **state)
{
    (void)state;
    static const uint32_t key[] = {0x123, 0x234, 0x345, 0x456};
    static const uint32_t first[] = {1067595299u, 955945823u,  477289528u,  4107218783u,
                                     4228976476u, 3344332714u, 3355579695u, 227628506u,
                                     810200273u,  2591290167u};
    paifu_mt19937 g;
    paifu_mt19937__init_by_array(&g, key, 4);
    for (int i = 0; i < 10; i++)
        assert_int_equal(paifu_mt19937__next(&g), first[i]);
    uint32_t v = 0;
    for (int i = 10; i < 1000; i++)
        v = paifu_mt19937__next(&g);
    assert_int_equal(v, 3460025646u);
}

/* key[i] = i * MUL + ADD (mod 2^32) */
static void key_words(uint32_t *key, size_t n, uint32_t mul, uint32_t add)
{
    for (size_t i = 0; i < n; i++)
        key[i] = (uint32_t)i * mul + add;
}

/* "mt19937ar-sha512-n288-base64," + base64 of the 624 words, least significant byte first */
static char *seed_c(uint32_t mul, uint32_t add)
{
    static const char B64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    uint32_t key[624];
    uint8_t bytes[2496];
    key_words(key, 624, mul, add);
    for (int i = 0; i < 624; i++)
        for (int b = 0; b < 4; b++)
            bytes[4 * i + b] = (uint8_t)(key[i] >> (8 * b));
    const char *prefix = "mt19937ar-sha512-n288-base64,";
    char *s = malloc(strlen(prefix) + 2496 / 3 * 4 + 8);
    char *p = s + sprintf(s, "%s", prefix);
    for (int i = 0; i < 2496; i += 3) {
        uint32_t v = (uint32_t)bytes[i] << 16 | (uint32_t)bytes[i + 1] << 8 | bytes[i + 2];
        for (int k = 3; k >= 0; k--)
            *p++ = B64[(v >> (6 * k)) & 63];
    }
    *p = '\0';
    return s;
}

/* PREFIX + the words in hex, comma-separated: 8 uppercase digits each (B) or as short (A). */
static void hex_seed(char *out, const char *prefix, size_t n, uint32_t mul, uint32_t add,
                     bool padded)
{
    uint32_t key[32];
    key_words(key, n, mul, add);
    char *p = out + sprintf(out, "%s", prefix);
    for (size_t i = 0; i < n; i++)
        p += padded ? sprintf(p, "%s%08X", i ? "," : "", (unsigned)key[i])
                    : sprintf(p, "%s%x", i ? "," : "", (unsigned)key[i]);
}

static void expect_prefix(const uint8_t *r, const uint8_t *want, size_t n)
{
    for (size_t i = 0; i < n; i++)
        assert_int_equal(r[i], want[i]);
}

/* Every id exactly once: the 136 ids, or the 108 without 2m..8m. */
static void expect_permutation(const uint8_t *r, int players)
{
    int seen[136] = {0};
    unsigned n = players == 4 ? 136 : 108;
    for (unsigned k = 0; k < n; k++) {
        assert_true(r[k] < 136);
        assert_false(players == 3 && r[k] >= 4 && r[k] < 32);
        assert_int_equal(seen[r[k]]++, 0);
    }
}

/*
 * Python: r = random.Random(); r.seed(sum(k << 32*i for i, k in enumerate(key)));
 * raw = struct.pack('<288I', *[r.getrandbits(32) for _ in range(288)]); SHA-512 per 128 bytes;
 * rnd = struct.unpack('<144I', digests); Fisher-Yates as spec §4.2 step 4; r = w[::-1].
 */
static void generation_c_four_players(void **state)
{
    (void)state;
    static const uint8_t deal1[] = {1, 70, 73, 94, 51, 33, 97, 90, 121, 131, 106, 127, 81, 60};
    static const uint8_t deal2[] = {103, 87, 121, 78, 74, 77, 44, 61, 132, 59, 65, 27, 31, 7};
    char *seed = seed_c(2654435761u, 12345);
    char why[160];
    paifu_mjlog_shuffle s;
    uint8_t r[136], dice[2];
    assert_int_equal(paifu_mjlog_shuffle__seed_game(&s, seed, strlen(seed), why, sizeof(why)), 0);
    assert_int_equal(s.generation, MJLOG_GEN_C);
    paifu_mjlog_shuffle__wall(&s, 4, r, dice);
    expect_prefix(r, deal1, sizeof(deal1));
    assert_int_equal(r[52], 98);
    assert_int_equal(r[130], 48);
    assert_int_equal(r[135], 57);
    assert_int_equal(dice[0], 5);
    assert_int_equal(dice[1], 2);
    expect_permutation(r, 4);
    /* the generator is shared by the deals of a game */
    paifu_mjlog_shuffle__wall(&s, 4, r, dice);
    expect_prefix(r, deal2, sizeof(deal2));
    assert_int_equal(r[52], 129);
    assert_int_equal(r[130], 66);
    assert_int_equal(r[135], 22);
    assert_int_equal(dice[0], 2);
    assert_int_equal(dice[1], 2);
    free(seed);
}

static void generation_c_three_players(void **state)
{
    (void)state;
    static const uint8_t deal1[] = {67, 50, 94, 88, 35, 126, 107, 92, 44, 60, 108, 66, 57, 52};
    char *seed = seed_c(2654435761u, 12345);
    char why[160];
    paifu_mjlog_shuffle s;
    uint8_t r[136], dice[2];
    assert_int_equal(paifu_mjlog_shuffle__seed_game(&s, seed, strlen(seed), why, sizeof(why)), 0);
    paifu_mjlog_shuffle__wall(&s, 3, r, dice);
    expect_prefix(r, deal1, sizeof(deal1));
    assert_int_equal(r[39], 75);
    assert_int_equal(r[98], 72);
    assert_int_equal(r[107], 117);
    assert_int_equal(dice[0], 5);
    assert_int_equal(dice[1], 2);
    expect_permutation(r, 3);
    free(seed);
}

static void generation_b(void **state)
{
    (void)state;
    static const uint8_t deal1[] = {78, 132, 105, 47, 74, 52, 40, 89, 8, 7, 118, 110, 76, 22};
    char seed[400], why[160];
    hex_seed(seed, "mt19937ar-sha512-n288,", 32, 40503, 977, true);
    paifu_mjlog_shuffle s;
    uint8_t r[136], dice[2];
    assert_int_equal(paifu_mjlog_shuffle__seed_game(&s, seed, strlen(seed), why, sizeof(why)), 0);
    assert_int_equal(s.generation, MJLOG_GEN_B);
    paifu_mjlog_shuffle__wall(&s, 4, r, dice);
    expect_prefix(r, deal1, sizeof(deal1));
    assert_int_equal(r[131], 69);
    assert_int_equal(dice[0], 2);
    assert_int_equal(dice[1], 3);
}

/* Generation A: the MT19937 outputs themselves, no hashing. */
static void generation_a(void **state)
{
    (void)state;
    static const uint8_t deal1[] = {127, 99, 38, 31, 128, 35, 114, 16, 106, 98, 60, 56, 96, 90};
    char seed[200], why[160];
    hex_seed(seed, "mt19937ar,", 8, 7919, 1, false);
    paifu_mjlog_shuffle s;
    uint8_t r[136], dice[2];
    assert_int_equal(paifu_mjlog_shuffle__seed_deal(&s, seed, strlen(seed), why, sizeof(why)), 0);
    assert_int_equal(s.generation, MJLOG_GEN_A);
    paifu_mjlog_shuffle__wall(&s, 4, r, dice);
    expect_prefix(r, deal1, sizeof(deal1));
    assert_int_equal(r[131], 49);
    assert_int_equal(dice[0], 2);
    assert_int_equal(dice[1], 4);
    /* mjlog_shuffle.h: an INIT without a shuffle text (1, no wall) or with one that does not
       decode (PAIFU_EFORMAT) leaves no seed behind: the next deal's wall is never the previous
       seed's */
    assert_int_equal(paifu_mjlog_shuffle__seed_deal(&s, seed, strlen(seed), why, sizeof(why)), 0);
    assert_int_equal(paifu_mjlog_shuffle__seed_deal(&s, "", 0, why, sizeof(why)), 1);
    assert_false(s.seeded);
    assert_int_equal(s.generation, MJLOG_GEN_NONE);
    assert_int_equal(paifu_mjlog_shuffle__seed_deal(&s, seed, strlen(seed), why, sizeof(why)), 0);
    assert_int_equal(paifu_mjlog_shuffle__seed_deal(&s, "mt19937ar,xyz", 13, why, sizeof(why)),
                     -4 /* PAIFU_EFORMAT */);
    assert_false(s.seeded);
    assert_int_equal(s.generation, MJLOG_GEN_NONE);
}

static void bad_seeds(void **state)
{
    (void)state;
    paifu_mjlog_shuffle s;
    char why[160];
    static const char *const bad[] = {
        "mt19937ar-sha512-n288-base64,QUJD",  /* decodes to 3 bytes */
        "mt19937ar-sha512-n288-base64,QU*D",  /* not base64 */
        "mt19937ar-sha512-n288,12345678,XYZ", /* not hex */
        "mt19937ar-sha512-n288,123456789",    /* 9 digits */
        "mt19937ar-sha512-n288,1,,2",         /* empty word */
        "xorshift,1,2,3",                     /* unknown scheme */
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        why[0] = '\0';
        assert_int_equal(
            paifu_mjlog_shuffle__seed_game(&s, bad[i], strlen(bad[i]), why, sizeof(why)),
            -4 /* PAIFU_EFORMAT */);
        assert_true(why[0] != '\0');
        assert_false(s.seeded);
    }
    assert_int_equal(paifu_mjlog_shuffle__seed_game(&s, "", 0, why, sizeof(why)), 1);
    assert_false(s.seeded);
    assert_int_equal(
        paifu_mjlog_shuffle__seed_deal(&s, "mt19937ar-sha512-n288,1", 23, why, sizeof(why)), -4);
}

/* Spec §4.2 position table. */
static void layouts(void **state)
{
    (void)state;
    paifu_wall_layout l;
    paifu_mjlog_shuffle__layout(&l, MJLOG_GEN_C, 4);
    assert_int_equal(l.live_start, 52);
    assert_int_equal(l.live_end, 122);
    static const uint8_t dora_c[] = {130, 128, 126, 124, 122}, ura_c[] = {131, 129, 127, 125, 123};
    static const uint8_t rep_c[] = {134, 135, 132, 133};
    assert_int_equal(l.n_dora, 5);
    expect_prefix(l.dora, dora_c, 5);
    expect_prefix(l.ura, ura_c, 5);
    assert_int_equal(l.n_replacement, 4);
    expect_prefix(l.replacement, rep_c, 4);
    paifu_mjlog_shuffle__layout(&l, MJLOG_GEN_B, 4);
    static const uint8_t dora_b[] = {131, 129}, ura_b[] = {130, 128}, rep_b[] = {135, 134};
    expect_prefix(l.dora, dora_b, 2);
    expect_prefix(l.ura, ura_b, 2);
    expect_prefix(l.replacement, rep_b, 2);
    paifu_mjlog_shuffle__layout(&l, MJLOG_GEN_A, 4);
    expect_prefix(l.dora, dora_b, 2);
    paifu_mjlog_shuffle__layout(&l, MJLOG_GEN_C, 3);
    assert_int_equal(l.live_start, 39);
    assert_int_equal(l.live_end, 94);
    assert_int_equal(l.dora[0], 98);
    assert_int_equal(l.ura[0], 99);
    static const uint8_t rep_3[] = {106, 107, 104};
    expect_prefix(l.replacement, rep_3, 3);
    paifu_mjlog_shuffle__layout(&l, MJLOG_GEN_NONE, 4);
    assert_int_equal(l.n_dora, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(mt_reference_outputs),
        cmocka_unit_test(generation_c_four_players),
        cmocka_unit_test(generation_c_three_players),
        cmocka_unit_test(generation_b),
        cmocka_unit_test(generation_a),
        cmocka_unit_test(bad_seeds),
        cmocka_unit_test(layouts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
