/*
 * test_shanten.c: shanten numbers (lib/shanten.c).
 *
 * Known values from the definitions (shanten.c header), then a consistency check between two
 * independent pieces of code: the shanten search and the readings/waits of reading.c and
 * wait.c, over many random hands. A 14-tile hand is complete exactly when its shanten is -1; a
 * 13-tile hand with a wait is tenpai (0), and a tenpai hand has a wait unless its only waits
 * are fifth tiles.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "paifu/hand.h"

static int shanten_of(const char *text)
{
    paifu_hand h;
    assert_int_equal(paifu_hand_parse(&h, NULL, text, NULL), 0);
    return paifu_hand_shanten(&h);
}

static void known_values(void **state)
{
    (void)state;
    assert_int_equal(shanten_of("123m456p789s111z22z"), -1);     /* complete */
    assert_int_equal(shanten_of("123456789m1234p"), 0);          /* tanki / nobetan */
    assert_int_equal(shanten_of("19m19p19s1234567z"), 0);        /* kokushi, 13-sided */
    assert_int_equal(shanten_of("19m19p19s1234566z"), 0);        /* kokushi, one wait */
    assert_int_equal(shanten_of("1133557799m22p4z"), 0);         /* seven pairs */
    assert_int_equal(shanten_of("123m456p789s11z2z3z"), 1);      /* 3 sets, pair, two loose */
    assert_int_equal(shanten_of("12m45p78s123456z"), 5);         /* three partials */
    assert_int_equal(shanten_of("13579m13579p135s"), 4);         /* four partials count */
    assert_int_equal(shanten_of("4p pon:111z pon:222z pon:333z chi:123m"), 0);
    assert_int_equal(shanten_of("479p5z pon:111z pon:222z pon:333z"), 1); /* 79p partial */
    /* 000 §3.2 example hands (br-3.2-ex1/ex2 in vectors.json) are tenpai */
    assert_int_equal(shanten_of("444789m34567p77z"), 0);
    assert_int_equal(shanten_of("444789m4566p777z"), 0);
}

/* A small deterministic generator (the test must not depend on libc's rand). */
static uint32_t next(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

static void random_hand(paifu_hand *h, uint32_t *seed, unsigned n, unsigned kinds_max)
{
    paifu_hand_init(h);
    while (h->n_closed < n) {
        unsigned k = next(seed) % kinds_max;
        if (h->counts[k] < 4)
            paifu_hand_add(h, (paifu_tile)k, NULL);
    }
}

static void consistent_with_waits(void **state)
{
    (void)state;
    uint32_t seed = 12345;
    unsigned tenpai = 0, complete = 0;
    for (int i = 0; i < 10000; i++) {
        paifu_hand h;
        /* few kinds make tenpai and complete hands common enough to matter */
        random_hand(&h, &seed, 13, i % 2 ? 9 : 18);
        uint64_t waits = paifu_hand_waits(&h);
        int sh = paifu_hand_shanten(&h);
        if (waits)
            assert_int_equal(sh, 0);
        if (sh == 0 && !waits) {
            /* only fifth-tile waits: some kind is held four times */
            bool four = false;
            for (unsigned k = 0; k < PAIFU_TILE_KINDS; k++)
                four |= h.counts[k] == 4;
            assert_true(four);
        }
        tenpai += sh == 0;
        random_hand(&h, &seed, 14, i % 2 ? 9 : 18);
        sh = paifu_hand_shanten(&h);
        assert_int_equal(sh == -1, paifu_hand_is_complete(&h));
        complete += sh == -1;
    }
    assert_true(tenpai > 250);
    assert_true(complete > 25);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(known_values),
        cmocka_unit_test(consistent_with_waits),
    };
    return cmocka_run_group_tests_name("shanten", tests, NULL, NULL);
}
