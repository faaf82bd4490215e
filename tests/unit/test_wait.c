/*
 * test_wait.c: waits, furiten, the closed kan after riichi and kuikae (lib/wait.c).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "paifu/hand.h"
#include "rules_internal.h"

static uint64_t kinds(const char *text)
{
    paifu_tile t[40];
    size_t n;
    uint64_t mask = 0;
    assert_int_equal(paifu_tile_parse(t, 40, &n, text, NULL), 0);
    for (size_t i = 0; i < n; i++)
        mask |= UINT64_C(1) << paifu_tile_kind(t[i]);
    return mask;
}

static uint64_t waits_of(const char *hand)
{
    paifu_hand h;
    assert_int_equal(paifu_hand_parse(&h, NULL, hand, NULL), 0);
    return paifu_hand_waits(&h);
}

static void waits(void **state)
{
    (void)state;
    assert_int_equal(waits_of("11123456789999p"), 0); /* 14 tiles: not a waiting hand */
    assert_int_equal(waits_of("1112345678999m"), kinds("123456789m")); /* nine gates */
    assert_int_equal(waits_of("19m19p19s1234567z"), kinds("19m19p19s1234567z"));
    assert_int_equal(waits_of("1133557799m22p4z"), kinds("4z"));
    assert_int_equal(waits_of("123m456p789s1z pon:222z"), kinds("1z"));
    assert_int_equal(waits_of("2345678m111p999s"), kinds("258m")); /* 2345678: 2-5-8 */
    /* the fifth 1m is no wait: 1111m + sets, and the hand has no other */
    assert_int_equal(waits_of("1111m456p789s555s"), 0);
    /* but with 11123m: 111 + 23 waits 1-4, 11 + 123 waits on the pair */
    assert_int_equal(waits_of("11123m456p789s55s"), kinds("14m5s"));
}

static void furiten(void **state)
{
    (void)state;
    paifu_hand h;
    assert_int_equal(paifu_hand_parse(&h, NULL, "33456678m23p678s", NULL), 0);
    assert_true(paifu_hand_furiten(&h, kinds("1p")));
    assert_true(paifu_hand_furiten(&h, kinds("9m4p")));
    assert_false(paifu_hand_furiten(&h, kinds("9m2s4z")));
    assert_false(paifu_hand_furiten(&h, 0));
}

static paifu_rules *rules_with(const char *riichi_ankan)
{
    paifu_rules *r;
    assert_int_equal(paifu_rules_preset(&r, "rrc", NULL), 0);
    assert_int_equal(paifu_rules_set(r, "riichi_ankan", riichi_ankan, NULL), 0);
    return r;
}

static bool ankan_allowed(const char *hand13, const char *drawn, const char *level)
{
    paifu_hand h;
    paifu_tile t;
    paifu_rules *r = rules_with(level);
    assert_int_equal(paifu_hand_parse(&h, NULL, hand13, NULL), 0);
    assert_int_equal(paifu_tile_parse_one(&t, drawn, NULL), 0);
    assert_int_equal(paifu_hand_add(&h, t, NULL), 0);
    bool ok = paifu_hand_riichi_ankan_allowed(&h, t, r);
    paifu_rules_free(r);
    return ok;
}

static void riichi_ankan(void **state)
{
    (void)state;
    /* 002 §3.3.6: 8p keeps wait and reading, 3p changes the wait */
    static const char *const LEVELS[] = {"wait", "reading", "reading_pons"};
    for (int i = 0; i < 3; i++) {
        assert_true(ankan_allowed("678m2333888p345s", "8p", LEVELS[i]));
        assert_false(ankan_allowed("678m2333888p345s", "3p", LEVELS[i]));
    }
    assert_false(ankan_allowed("678m2333888p345s", "8p", "never"));
    /* 002 §3.3.6 second example: the wait stays, a reading (345s x3) goes */
    assert_true(ankan_allowed("2399m333444555s", "3s", "wait"));
    assert_false(ankan_allowed("2399m333444555s", "3s", "reading"));
    /* EMA 004 §3.3.12 allows it for three consecutive pons */
    assert_true(ankan_allowed("2399m333444555s", "3s", "reading_pons"));
    assert_true(ankan_allowed("2399m333444555s", "5s", "reading_pons"));
    /* JH 003 §8.1.2.8: 1p and 4p change the structure; not excused as consecutive pons */
    assert_false(ankan_allowed("11123444p222s78m", "1p", "reading"));
    assert_false(ankan_allowed("11123444p222s78m", "4p", "reading_pons"));
    assert_true(ankan_allowed("11123444p222s78m", "4p", "wait"));
    /* only the tile just drawn: a kan of four already held is not this rule's case */
    assert_false(ankan_allowed("678m2333888p345s", "9s", "wait"));
}

static paifu_meld meld(const char *text)
{
    paifu_hand h;
    assert_int_equal(paifu_hand_parse(&h, NULL, text, NULL), 0);
    assert_int_equal(h.n_melds, 1);
    return h.melds[0];
}

static void kuikae(void **state)
{
    (void)state;
    paifu_rules *all, *same, *none;
    assert_int_equal(paifu_rules_preset(&all, "rrc", NULL), 0);     /* forbid_all */
    assert_int_equal(paifu_rules_preset(&same, "jhc2016", NULL), 0); /* forbid_same */
    assert_int_equal(paifu_rules_preset(&none, "ema2012", NULL), 0); /* allow */
    paifu_meld m = meld("chi:345'm"); /* called 5m at the high end: 2m is the other end */
    assert_int_equal(paifu_meld_kuikae_forbidden(&m, all), kinds("25m"));
    assert_int_equal(paifu_meld_kuikae_forbidden(&m, same), kinds("5m"));
    assert_int_equal(paifu_meld_kuikae_forbidden(&m, none), 0);
    m = meld("chi:3'45m"); /* low end: 6m */
    assert_int_equal(paifu_meld_kuikae_forbidden(&m, all), kinds("36m"));
    m = meld("chi:34'5m"); /* middle: no other end */
    assert_int_equal(paifu_meld_kuikae_forbidden(&m, all), kinds("4m"));
    m = meld("chi:7'89m"); /* 789 called at 7: no 10m */
    assert_int_equal(paifu_meld_kuikae_forbidden(&m, all), kinds("7m"));
    m = meld("chi:789'm");
    assert_int_equal(paifu_meld_kuikae_forbidden(&m, all), kinds("69m"));
    m = meld("pon:5'55z");
    assert_int_equal(paifu_meld_kuikae_forbidden(&m, all), kinds("5z"));
    m = meld("ankan:5555z");
    assert_int_equal(paifu_meld_kuikae_forbidden(&m, all), 0);
    paifu_rules_free(all);
    paifu_rules_free(same);
    paifu_rules_free(none);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(waits),
        cmocka_unit_test(furiten),
        cmocka_unit_test(riichi_ankan),
        cmocka_unit_test(kuikae),
    };
    return cmocka_run_group_tests_name("wait", tests, NULL, NULL);
}
