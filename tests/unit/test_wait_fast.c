/* test_wait_fast.c: the fast waits (residues per group) agree with the reference that tries
   every candidate against the whole hand, on random and on crafted hands. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "wait_internal.h"

static uint64_t rng = 88172645463325252ull;

static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* Deal N tiles at random from one set of 136 (biased towards few suits to find tenpai). */
static void deal(uint8_t counts[KINDS], unsigned n, unsigned kinds_span)
{
    memset(counts, 0, KINDS);
    unsigned base = (unsigned)(next() % (KINDS - kinds_span + 1));
    for (unsigned i = 0; i < n;) {
        unsigned k = base + (unsigned)(next() % kinds_span);
        if (counts[k] < 4) {
            counts[k]++;
            i++;
        }
    }
}

static void random_hands_agree(void **state)
{
    (void)state;
    uint8_t c[KINDS];
    unsigned tenpai = 0;
    for (int i = 0; i < 300000; i++) {
        unsigned n = (unsigned[]){13, 10, 7, 4, 1}[i % 5];
        deal(c, n, i % 3 == 0 ? KINDS : (i % 3 == 1 ? 9 : 16));
        bool special = n == 13 && (i & 8);
        uint64_t fast = paifu_wait__shape(c, n, special), slow = paifu_wait__shape_reference(c, n, special);
        if (fast != slow) {
            fail_msg("hand %d (%u tiles, special %d): fast %llx, reference %llx", i, n, special,
                     (unsigned long long)fast, (unsigned long long)slow);
        }
        tenpai += slow != 0;
    }
    assert_true(tenpai > 10000); /* the sample holds enough tenpai hands to mean something */
}

static void crafted_hands_agree(void **state)
{
    (void)state;
    static const char *hands[] = {
        "1112345678999m", "123m456p789s1122z", "123m456p789s112z", "11223344556677z",
        "19m19p19s1234567z", "19m19p19s123456z7z", "111z222z333z44z5z", "11z22z", "1z",
        "1112223334445m", "2223334445556p", "55m555p", "123456789m1234p",
    };
    for (size_t i = 0; i < sizeof(hands) / sizeof(hands[0]); i++) {
        paifu_tile t[20];
        size_t n;
        assert_int_equal(paifu_tile_parse(t, 20, &n, hands[i], NULL), 0);
        uint8_t c[KINDS] = {0};
        for (size_t j = 0; j < n; j++)
            c[paifu_tile_kind(t[j])]++;
        if (n % 3 == 2) { /* drop the last tile to reach a waiting shape */
            c[paifu_tile_kind(t[n - 1])]--;
            n--;
        }
        for (int special = 0; special < 2; special++)
            assert_int_equal(paifu_wait__shape(c, (unsigned)n, special),
                             paifu_wait__shape_reference(c, (unsigned)n, special));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_hands_agree),
        cmocka_unit_test(crafted_hands_agree),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
