/*
 * test_sha512.c: SHA-512 (formats/sha512.c) against the example vectors published for FIPS 180
 * (NIST "SHA-512" examples: "abc", the 896-bit two-block message, one million 'a'), the empty
 * message, and the padding boundaries (111, 112, 127, 128 bytes: the length field fits in the
 * last block or forces an extra one), whose digests were computed with Python's hashlib.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sha512.h"

static void hex(char out[129], const uint8_t d[64])
{
    for (int i = 0; i < 64; i++)
        snprintf(out + 2 * i, 3, "%02x", d[i]);
}

static void check(const void *msg, size_t len, const char *expected)
{
    uint8_t d[64];
    char h[129];
    paifu_sha512__digest(msg, len, d);
    hex(h, d);
    assert_string_equal(h, expected);
}

static void fips_abc(void **state)
{
    (void)state;
    check("abc", 3,
          "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23"
          "a3feebbd454d4423643ce80e2a9ac94fa54ca49f");
}

static void fips_two_blocks(void **state)
{
    (void)state;
    const char *m =
        "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopq"
        "klmnopqrlmnopqrsmnopqrstnopqrstu";
    check(m, strlen(m),
          "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99de"
          "c4b5433ac7d329eeb6dd26545e96e55b874be909");
}

static void fips_million_a(void **state)
{
    (void)state;
    /* fed in uneven pieces so that the incremental path is exercised too */
    paifu_sha512 s;
    uint8_t d[64];
    char h[129];
    char chunk[997];
    memset(chunk, 'a', sizeof(chunk));
    paifu_sha512__init(&s);
    size_t left = 1000000;
    for (size_t k = 1; left; k = k % 997 + 1) {
        size_t n = k < left ? k : left;
        paifu_sha512__update(&s, chunk, n);
        left -= n;
    }
    paifu_sha512__final(&s, d);
    hex(h, d);
    assert_string_equal(h, "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973ebde0ff24"
                           "4877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b");
}

static void empty_message(void **state)
{
    (void)state;
    check("", 0,
          "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2"
          "877eec2f63b931bd47417a81a538327af927da3e");
}

static void padding_boundaries(void **state)
{
    (void)state;
    static const struct {
        size_t len;
        const char *digest;
    } cases[] = {
        {111, "fa9121c7b32b9e01733d034cfc78cbf67f926c7ed83e82200ef86818196921760b4beff48404df811b"
              "953828274461673c68d04e297b0eb7b2b4d60fc6b566a2"},
        {112, "c01d080efd492776a1c43bd23dd99d0a2e626d481e16782e75d54c2503b5dc32bd05f0f1ba33e568b8"
              "8fd2d970929b719ecbb152f58f130a407c8830604b70ca"},
        {127, "828613968b501dc00a97e08c73b118aa8876c26b8aac93df128502ab360f91bab50a51e088769a5c1e"
              "ff4782ace147dce3642554199876374291f5d921629502"},
        {128, "b73d1929aa615934e61a871596b3f3b33359f42b8175602e89f7e06e5f658a243667807ed300314b95"
              "cacdd579f3e33abdfbe351909519a846d465c59582f321"},
    };
    char buf[128];
    memset(buf, 'a', sizeof(buf));
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
        check(buf, cases[i].len, cases[i].digest);
}

/* Several 128-byte messages at once, given and read back as little-endian 32-bit words (eight
   or four side by side where the processor allows), give each message's own digest, whatever
   their number, on every path this processor has (__digest128_le32_n_upto: one at a time, at
   most four, at most eight side by side). */
static void digest128_le32_n_agrees(void **state)
{
    (void)state;
    uint32_t in[19][32], got[19][16];
    uint8_t bytes[128], want[64];
    uint32_t x = 777;
    static const unsigned LANES[] = {1, 4, 8};
    for (size_t l = 0; l < sizeof(LANES) / sizeof(LANES[0]); l++) {
        if (LANES[l] > paifu_sha512__max_lanes())
            printf("# this processor hashes at most %u messages side by side: the %u-lane "
                   "path is not tested here\n",
                   paifu_sha512__max_lanes(), LANES[l]);
        for (size_t n = 0; n <= 19; n++) {
            for (size_t m = 0; m < n; m++)
                for (int i = 0; i < 32; i++) {
                    x = x * 1103515245u + 12345u;
                    in[m][i] = x ^ (x << 13);
                }
            if (l == 2)
                paifu_sha512__digest128_le32_n((const uint32_t(*)[32])in, n, got);
            else
                paifu_sha512__digest128_le32_n_upto((const uint32_t(*)[32])in, n, got, LANES[l]);
            for (size_t m = 0; m < n; m++) {
                for (int i = 0; i < 128; i++)
                    bytes[i] = (uint8_t)(in[m][i / 4] >> (8 * (i % 4)));
                paifu_sha512__digest(bytes, 128, want);
                for (int i = 0; i < 64; i++)
                    assert_int_equal((uint8_t)(got[m][i / 4] >> (8 * (i % 4))), want[i]);
            }
        }
    }
}

/* The 128-byte shortcut used by the wall generator agrees with the general function. */
static void digest128_agrees(void **state)
{
    (void)state;
    uint8_t block[128], a[64], b[64];
    uint32_t x = 12345;
    for (int round = 0; round < 200; round++) {
        for (int i = 0; i < 128; i++) {
            x = x * 1103515245u + 12345u;
            block[i] = (uint8_t)(x >> 16);
        }
        paifu_sha512__digest(block, 128, a);
        paifu_sha512__digest128(block, b);
        assert_memory_equal(a, b, 64);
    }
    memset(block, 'a', sizeof(block)); /* and the hashlib value of the 128-byte boundary case */
    paifu_sha512__digest128(block, b);
    char h[129];
    hex(h, b);
    assert_string_equal(h,
                        "b73d1929aa615934e61a871596b3f3b33359f42b8175602e89f7e06e5f658a243667807ed3"
                        "00314b95cacdd579f3e33abdfbe351909519a846d465c59582f321");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fips_abc),
        cmocka_unit_test(fips_two_blocks),
        cmocka_unit_test(fips_million_a),
        cmocka_unit_test(empty_message),
        cmocka_unit_test(padding_boundaries),
        cmocka_unit_test(digest128_agrees),
        cmocka_unit_test(digest128_le32_n_agrees),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
