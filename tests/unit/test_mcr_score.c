/*
 * test_mcr_score.c: the MCR scorer (lib/mcr_score.c) and hand shapes (lib/mcr_hand.c) beyond
 * the seed's vectors: the seed-vs-practice parameters with the values the vectors' notes give
 * (mcr-vectors.json "Variance (MIL): ... => 17"), the wait rule of mcr.md §11.6, the concealed
 * pung rule of §3.3, the minimum and flowers of §5, Chicken Hand, the special shapes, waits,
 * the hand notation and input errors.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <string.h>

#include "mcr_internal.h"
#include "paifu/mcr.h"

static paifu_rules *g_seed, *g_mil;

static int setup(void **state)
{
    (void)state;
    static const char *const MIL[][2] = {
        {"mcr_wait_fans", "count_one"},
        {"mcr_special_self_draw", "self_drawn"},
        {"mcr_knitted_straight_concealed", "true"},
        {"mcr_two_concealed_kongs", "6"},
        {"mcr_melded_concealed_kong", "one_fan"},
        {"mcr_four_kongs_concealed", "concealed_pungs_only"},
        {"mcr_nine_gates_pungs", "all_but_one"},
    };
    if (paifu_rules_preset(&g_seed, "mcr", NULL) || paifu_rules_preset(&g_mil, "mcr", NULL))
        return -1;
    for (size_t i = 0; i < sizeof(MIL) / sizeof(MIL[0]); i++)
        if (paifu_rules_set(g_mil, MIL[i][0], MIL[i][1], NULL))
            return -1;
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    paifu_rules_free(g_seed);
    paifu_rules_free(g_mil);
    return 0;
}

/* Score TEXT (paifu_mcr_hand_parse notation) won by WIN_BY with FLAGS under RULES. */
static paifu_mcr_result score(const char *text, unsigned win_by, unsigned flags,
                              const paifu_rules *rules)
{
    paifu_mcr_hand h;
    paifu_error err;
    paifu_error_clear(&err);
    assert_int_equal(paifu_mcr_hand_parse(&h, text, &err), 0);
    paifu_mcr_situation sit = {(uint8_t)win_by, (uint8_t)flags, PAIFU_WIND_EAST, PAIFU_WIND_EAST,
                               0};
    paifu_mcr_result r;
    assert_int_equal(paifu_mcr_score_hand(&r, &h, &sit, rules, &err), 0);
    return r;
}

static int count_of(const paifu_mcr_result *r, unsigned id)
{
    for (unsigned i = 0; i < r->n_fans; i++)
        if (r->fans[i].id == id)
            return r->fans[i].count;
    return 0;
}

#define D PAIFU_MCR_BY_DISCARD
#define T PAIFU_MCR_BY_SELF_DRAW

/* Each vector note states the MIL total next to the seed's. */
static void practice_values_of_the_vector_notes(void **state)
{
    (void)state;
    /* mcr-ex-KS-1/2/3: "Variance (MIL): also scores Concealed Hand (+2) => 17 / 16 / 21" */
    assert_int_equal(score("147m258p369s4455m +4m", D, 0, g_seed).total, 15);
    assert_int_equal(score("147m258p369s4455m +4m", D, 0, g_mil).total, 17);
    assert_int_equal(score("147m258p369s67p99m +5p", D, 0, g_mil).total, 16);
    assert_int_equal(score("147m258p369s4477z +4z", D, 0, g_mil).total, 21);
    /* mcr-ex-FF-2s: "Chinese/MIL practice scores Self-Drawn (1) instead (total 49)" */
    paifu_mcr_result r = score("1122445577889m +9m", T, 0, g_mil);
    assert_int_equal(r.total, 49);
    assert_int_equal(count_of(&r, 80), 1);
    assert_int_equal(count_of(&r, 56), 0);
    /* that replacement is for the special hands only: a standard concealed hand self-drawn
       scores Fully Concealed Hand (#56) in practice too, and no Self-Drawn (#80) */
    r = score("123m456p789s234s5z +5z", T, 0, g_mil);
    assert_int_equal(count_of(&r, 56), 1);
    assert_int_equal(count_of(&r, 80), 0);
    r = score("1112345678999m +5m", T, 0, g_mil); /* Nine Gates (#4) is special */
    assert_int_equal(count_of(&r, 56), 0);
    assert_int_equal(count_of(&r, 80), 1);
    r = score("19m19p19s1234567z +1m", T, 0, g_mil); /* Thirteen Orphans (#7) too */
    assert_int_equal(count_of(&r, 56), 0);
    /* mcr-ex-TCK-1: "Two Concealed Kongs = 6 => total 12" */
    assert_int_equal(score("ankan:4444z ankan:1111m pon:999m 3457p +7p", T, 0, g_seed).total, 14);
    assert_int_equal(score("ankan:4444z ankan:1111m pon:999m 3457p +7p", T, 0, g_mil).total, 12);
    /* mcr-ex-TMK-2 / mcr-arith-008: melded + concealed kong is 6 in the seed, 5 in practice */
    r = score("ankan:8888s kan:2222p pon:555z 35p55s +4p", D, 0, g_mil);
    assert_int_equal(r.total, 16);
    assert_int_equal(count_of(&r, PAIFU_MCR_FAN_MELDED_CONCEALED_KONG), 1);
    assert_int_equal(score("ankan:8888s kan:2222p pon:555z 35p55s +4p", D, 0, g_seed).total, 17);
}

/* mcr.md §11.6: 1233 waiting only on 3 is edge or single: none (seed), Edge Wait (practice). */
static void wait_fans(void **state)
{
    (void)state;
    paifu_mcr_result seed = score("1233m456p789p234s +3m", D, 0, g_seed);
    paifu_mcr_result mil = score("1233m456p789p234s +3m", D, 0, g_mil);
    assert_int_equal(count_of(&seed, 77) + count_of(&seed, 79), 0);
    assert_int_equal(count_of(&mil, 77), 1);
    assert_int_equal(mil.total, seed.total + 1);
    /* a plain closed wait scores in both readings */
    paifu_mcr_result closed = score("13m456p789p234s55z +2m", D, 0, g_seed);
    assert_int_equal(count_of(&closed, 78), 1);
    /* two waiting tiles: no wait fan */
    paifu_mcr_result two = score("23m456p789p234s55z +4m", D, 0, g_mil);
    assert_int_equal(count_of(&two, 77) + count_of(&two, 78) + count_of(&two, 79), 0);
}

/* mcr.md §3.3: a pung completed by a discard is melded unless the tile can sit in a chow. */
static void concealed_pungs(void **state)
{
    (void)state;
    /* 111m 999p (concealed) + 555s completed by the discard: two concealed pungs */
    paifu_mcr_result r = score("111m999p55s234s77z +5s", D, 0, g_seed);
    assert_int_equal(count_of(&r, 33), 0);
    assert_int_equal(count_of(&r, 66), 1);
    r = score("111m999p555s234s7z +7z", D, 0, g_seed);
    assert_int_equal(count_of(&r, 33), 1); /* single wait on the pair: three concealed pungs */
    r = score("111m999p55s234s77z +5s", T, 0, g_seed); /* self-drawn: three */
    assert_int_equal(count_of(&r, 33), 1);
}

static void minimum_and_flowers(void **state)
{
    (void)state;
    /* Chicken Hand: nothing else scores (mcr.md §7) */
    paifu_mcr_result r = score("chi:234m chi:567p pon:222s 67s11z +8s", D, 0, g_seed);
    assert_true(r.complete && r.legal);
    assert_int_equal(r.n_fans, 1);
    assert_int_equal(count_of(&r, 43), 1);
    assert_int_equal(r.total, 8);
    /* 7 points are not a win, whatever the flowers (mcr.md §5, vector mcr-pen-008): Concealed
       Hand 2 + All Chows 2 + All Simples 2 + Short Straight 1, a two-sided wait */
    paifu_mcr_hand h;
    assert_int_equal(paifu_mcr_hand_parse(&h, "234567m345p67s22s +8s", NULL), 0);
    paifu_mcr_situation sit = {D, 0, PAIFU_WIND_SOUTH, PAIFU_WIND_SOUTH, 3};
    assert_int_equal(paifu_mcr_score_hand(&r, &h, &sit, g_seed, NULL), 0);
    assert_true(r.complete);
    assert_int_equal(r.fan_points, 7);
    assert_int_equal(r.flower_points, 3);
    assert_int_equal(r.total, 10);
    assert_false(r.legal);
    assert_int_equal(count_of(&r, 81), 3);
    /* not a winning hand: complete false, no error */
    r = score("123m456p789s23s55z +9s", D, 0, g_seed);
    assert_false(r.complete);
    assert_false(r.legal);
    assert_int_equal(r.total, 0);
}

static void special_shapes(void **state)
{
    (void)state;
    paifu_mcr_result r = score("19m19p19s1234567z +1m", D, 0, g_seed);
    assert_int_equal(r.shape, PAIFU_MCR_SHAPE_THIRTEEN_ORPHANS);
    assert_int_equal(count_of(&r, 7), 1);
    assert_int_equal(count_of(&r, 62), 0);
    r = score("147m258p369s1234z +5z", T, 0, g_seed); /* 9 knitted + 5 honors */
    assert_int_equal(r.shape, PAIFU_MCR_SHAPE_HONORS_KNITTED);
    assert_int_equal(count_of(&r, 34) + count_of(&r, 35) + count_of(&r, 56), 3);
    r = score("14m25p36s1234567z +7m", D, 0, g_seed);
    assert_int_equal(count_of(&r, 20), 1); /* all seven honors */
    r = score("2233445566778s +8s", D, 0, g_seed);
    assert_int_equal(count_of(&r, 6), 1); /* Seven Shifted Pairs, no Seven Pairs */
    assert_int_equal(count_of(&r, 19), 0);
    r = score("1112345678999m +5m", T, 0, g_seed);
    assert_int_equal(count_of(&r, 4), 1); /* Nine Gates, self-drawn: #56 in the seed */
    assert_int_equal(count_of(&r, 56), 1);
    assert_int_equal(count_of(&r, 73), 0);
    r = score("1112345678999m +5m", T, 0, g_mil);
    assert_int_equal(count_of(&r, 80), 1);
    assert_int_equal(count_of(&r, 73), 1); /* practice: only one terminal pung is excluded */
    r = score("kan:1111m kan:2222p kan:3333s kan:4444z 5z +5z", D, 0, g_seed);
    assert_int_equal(count_of(&r, 5) + count_of(&r, 53), 2);
}

static void situation_fans(void **state)
{
    (void)state;
    const char *h = "123m456p789s234s5z +5z";
    paifu_mcr_result r = score(h, T, PAIFU_MCR_LAST_WALL_TILE, g_seed);
    assert_int_equal(count_of(&r, 44), 1);
    assert_int_equal(count_of(&r, 80), 0); /* #44 excludes #80 */
    r = score(h, D, PAIFU_MCR_LAST_WALL_TILE, g_seed);
    assert_int_equal(count_of(&r, 45), 1);
    r = score(h, PAIFU_MCR_BY_ROBBING, PAIFU_MCR_LAST_OF_KIND, g_seed);
    assert_int_equal(count_of(&r, 47), 1);
    assert_int_equal(count_of(&r, 58), 0); /* #47 excludes #58 */
    r = score(h, D, PAIFU_MCR_LAST_OF_KIND, g_seed);
    assert_int_equal(count_of(&r, 58), 1);
    r = score("ankan:1111p 234m567m78s55p +9s", T, PAIFU_MCR_KONG_REPLACEMENT, g_seed);
    assert_int_equal(count_of(&r, 46) + count_of(&r, 56) + count_of(&r, 67), 3);
    assert_int_equal(count_of(&r, 80), 0);
}

/* Score TEXT won on a discard with the given seat and prevalent winds (paifu_wind). */
static paifu_mcr_result score_winds(const char *text, unsigned seat, unsigned prevalent)
{
    paifu_mcr_hand h;
    assert_int_equal(paifu_mcr_hand_parse(&h, text, NULL), 0);
    paifu_mcr_situation sit = {D, 0, (uint8_t)seat, (uint8_t)prevalent, 0};
    paifu_mcr_result r;
    assert_int_equal(paifu_mcr_score_hand(&r, &h, &sit, g_seed, NULL), 0);
    return r;
}

/* mcr.md §6 #60, #61, #73 and §6.0: a pung of the prevalent wind scores #60, of the seat wind
   #61, of a guest wind #73; a pung that scores #60 or #61 does not also score #73. */
static void wind_pungs(void **state)
{
    (void)state;
    const char *two = "111222z123m456p5s +5s"; /* East and South pungs */
    /* seat South, round East: #60 (East) + #61 (South), no #73 */
    paifu_mcr_result r = score_winds(two, PAIFU_WIND_SOUTH, PAIFU_WIND_EAST);
    assert_int_equal(count_of(&r, 60), 1);
    assert_int_equal(count_of(&r, 61), 1);
    assert_int_equal(count_of(&r, 73), 0);
    /* seat West, round East: East is #60, South a guest wind (#73) */
    r = score_winds(two, PAIFU_WIND_WEST, PAIFU_WIND_EAST);
    assert_int_equal(count_of(&r, 60), 1);
    assert_int_equal(count_of(&r, 61), 0);
    assert_int_equal(count_of(&r, 73), 1);
    /* seat South, round South: South is #60 and #61 (a double wind, 4), East a guest wind */
    r = score_winds(two, PAIFU_WIND_SOUTH, PAIFU_WIND_SOUTH);
    assert_int_equal(count_of(&r, 60), 1);
    assert_int_equal(count_of(&r, 61), 1);
    assert_int_equal(count_of(&r, 73), 1);
    /* seat North, round West: two guest winds */
    r = score_winds(two, PAIFU_WIND_NORTH, PAIFU_WIND_WEST);
    assert_int_equal(count_of(&r, 60) + count_of(&r, 61), 0);
    assert_int_equal(count_of(&r, 73), 2);
    /* the seat wind alone, with a melded pung: 2 points on top of the rest */
    paifu_mcr_result seat = score_winds("pon:333z 123m456p789s5s +5s", PAIFU_WIND_WEST,
                                        PAIFU_WIND_EAST);
    paifu_mcr_result guest = score_winds("pon:333z 123m456p789s5s +5s", PAIFU_WIND_NORTH,
                                         PAIFU_WIND_EAST);
    assert_int_equal(count_of(&seat, 61), 1);
    assert_int_equal(count_of(&guest, 73), 1);
    assert_int_equal(seat.fan_points, guest.fan_points + 1); /* 2 instead of 1 */
}

/* mcr.md §6 #77: winning on a 7 with 8-9 is an edge wait (as a 3 with 1-2); 78 waiting on 6
   or 9 is not. */
static void edge_wait_on_seven(void **state)
{
    (void)state;
    paifu_mcr_result r = score("123m456p789m55z89s +7s", D, 0, g_seed);
    assert_true(r.complete);
    assert_int_equal(count_of(&r, 77), 1);
    r = score("123m456p789m55z12s +3s", D, 0, g_seed);
    assert_int_equal(count_of(&r, 77), 1);
    r = score("123m456p789m55z78s +9s", D, 0, g_seed);
    assert_int_equal(count_of(&r, 77) + count_of(&r, 78) + count_of(&r, 79), 0);
    r = score("123m456p789m55z79s +8s", D, 0, g_seed);
    assert_int_equal(count_of(&r, 77), 0);
    assert_int_equal(count_of(&r, 78), 1);
}

/* paifu_mcr_settle: a discarder equal to the winner is a self-draw (mcr.md §8: 8 + B from each
   of the three others); a discard win takes 8 + B from the discarder, 8 from the others. */
static void settle_winner_as_discarder(void **state)
{
    (void)state;
    int32_t d[PAIFU_SEATS];
    assert_int_equal(paifu_mcr_settle(d, 1, 1, 10, g_seed, NULL), 0);
    assert_int_equal(d[0], -18);
    assert_int_equal(d[1], 54);
    assert_int_equal(d[2], -18);
    assert_int_equal(d[3], -18);
    assert_int_equal(paifu_mcr_settle(d, 1, -1, 10, g_seed, NULL), 0);
    assert_int_equal(d[1], 54);
    assert_int_equal(d[3], -18);
    assert_int_equal(paifu_mcr_settle(d, 1, 3, 10, g_seed, NULL), 0);
    assert_int_equal(d[0], -8);
    assert_int_equal(d[1], 34);
    assert_int_equal(d[2], -8);
    assert_int_equal(d[3], -18);
}

static void input_errors(void **state)
{
    (void)state;
    paifu_mcr_hand h;
    paifu_mcr_result r;
    paifu_error err;
    paifu_error_clear(&err);
    assert_int_equal(paifu_mcr_hand_parse(&h, "123m", &err), PAIFU_EFORMAT);
    assert_non_null(strstr(err.text, "winning tile"));
    paifu_error_clear(&err);
    assert_int_equal(paifu_mcr_hand_parse(&h, "chi:135m 123p456p789s1z +1z", &err), PAIFU_EFORMAT);
    assert_non_null(strstr(err.text, "chi:135m"));
    assert_int_equal(paifu_mcr_hand_parse(&h, "123m456p789s23s5z +1z", NULL), PAIFU_EFORMAT);
    /* five copies of a tile */
    assert_int_equal(paifu_mcr_hand_parse(&h, "1111m234p567p78s9s +1m", NULL), 0);
    paifu_mcr_situation sit = {D, 0, 0, 0, 0};
    paifu_error_clear(&err);
    assert_int_equal(paifu_mcr_score_hand(&r, &h, &sit, g_seed, &err), PAIFU_EINVAL);
    assert_non_null(strstr(err.text, "copies"));
    /* a flower among the tiles */
    assert_int_equal(paifu_mcr_hand_parse(&h, "123m456p789s23s5z1f +1z", NULL), 0);
    assert_int_equal(paifu_mcr_score_hand(&r, &h, &sit, g_seed, NULL), PAIFU_EINVAL);
    sit.flowers = 9;
    assert_int_equal(paifu_mcr_hand_parse(&h, "123m456p789s234s5z +5z", NULL), 0);
    assert_int_equal(paifu_mcr_score_hand(&r, &h, &sit, g_seed, NULL), PAIFU_EINVAL);
    assert_int_equal(paifu_mcr_score_hand(NULL, &h, &sit, g_seed, NULL), PAIFU_EINVAL);
}

static void waits_and_completeness(void **state)
{
    (void)state;
    uint8_t c[PAIFU_TILE_KINDS] = {0};
    static const uint8_t GATES[9] = {3, 1, 1, 1, 1, 1, 1, 1, 3};
    memcpy(c + 9, GATES, 9); /* 1112345678999p waits on every dot */
    assert_int_equal(paifu_mcr__waits(c, 0), (uint64_t)0x1FF << 9);
    memset(c, 0, sizeof(c));
    for (unsigned k = 0; k < 34; k++)
        c[k] = (k >= 27 || k % 9 == 0 || k % 9 == 8) ? 1 : 0; /* thirteen-sided orphans */
    uint64_t w = paifu_mcr__waits(c, 0);
    int n = 0;
    for (unsigned k = 0; k < 34; k++)
        n += (int)((w >> k) & 1u);
    assert_int_equal(n, 13);
    c[0]++;
    assert_true(paifu_mcr__complete(c, 0));
    assert_false(paifu_mcr__complete(c, 1)); /* with a meld the shape does not exist */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(practice_values_of_the_vector_notes),
        cmocka_unit_test(wait_fans),
        cmocka_unit_test(concealed_pungs),
        cmocka_unit_test(minimum_and_flowers),
        cmocka_unit_test(special_shapes),
        cmocka_unit_test(situation_fans),
        cmocka_unit_test(wind_pungs),
        cmocka_unit_test(edge_wait_on_seven),
        cmocka_unit_test(settle_winner_as_discarder),
        cmocka_unit_test(input_errors),
        cmocka_unit_test(waits_and_completeness),
    };
    return cmocka_run_group_tests_name("mcr-score", tests, setup, teardown);
}
