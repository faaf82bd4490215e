/* test_tile.c: tiles and the notation (lib/tile.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "paifu/tile.h"

static void parse_format_round_trip(void **state)
{
    (void)state;
    paifu_tile t[64];
    size_t n;
    assert_int_equal(paifu_tile_parse(t, 64, &n, "123m406p789s1234567z", NULL), 0);
    assert_int_equal(n, 16);
    assert_int_equal(paifu_tile_kind(t[0]), 0);
    assert_int_equal(paifu_tile_kind(t[3]), 12);                /* 4p */
    assert_true(paifu_tile_is_red(t[4]));                       /* 0p */
    assert_int_equal(paifu_tile_kind(t[4]), 13);                /* red 5p is kind 5p */
    assert_int_equal(paifu_tile_kind(t[15]), PAIFU_TILE_RED_DRAGON);
    char buf[64];
    size_t len = paifu_tile_format(buf, sizeof(buf), t, n);
    assert_int_equal(len, strlen("123m406p789s1234567z"));
    assert_string_equal(buf, "123m406p789s1234567z");
}

static void flowers_and_unknown(void **state)
{
    (void)state;
    paifu_tile t[16];
    size_t n;
    assert_int_equal(paifu_tile_parse(t, 16, &n, "1234f5678f?", NULL), 0);
    assert_int_equal(n, 9);
    assert_true(paifu_tile_is_bonus(t[0]));
    assert_int_equal(paifu_tile_kind(t[0]), PAIFU_TILE_FLOWER);
    assert_int_equal(paifu_tile_kind(t[7]), PAIFU_TILE_FLOWER + 7);
    assert_int_equal(t[8], PAIFU_TILE_NONE);
    char buf[32];
    paifu_tile_format(buf, sizeof(buf), t, n);
    assert_string_equal(buf, "12345678f?");
}

static void parse_errors_name_the_column(void **state)
{
    (void)state;
    paifu_tile t[16];
    size_t n;
    paifu_error err;
    paifu_error_clear(&err);
    assert_int_equal(paifu_tile_parse(t, 16, &n, "123m8z", &err), PAIFU_EFORMAT);
    assert_non_null(strstr(err.text, "\"8z\""));
    assert_non_null(strstr(err.text, "column 5"));
    paifu_error_clear(&err);
    assert_int_equal(paifu_tile_parse(t, 16, &n, "123", &err), PAIFU_EFORMAT);
    assert_non_null(strstr(err.text, "suit letter"));
    paifu_error_clear(&err);
    assert_int_equal(paifu_tile_parse(t, 16, &n, "12x", &err), PAIFU_EFORMAT);
    paifu_error_clear(&err);
    assert_int_equal(paifu_tile_parse(t, 16, &n, "m", &err), PAIFU_EFORMAT);
    paifu_error_clear(&err);
    assert_int_equal(paifu_tile_parse(t, 2, &n, "123m", &err), PAIFU_ELIMIT);
    paifu_error_clear(&err);
    assert_int_equal(paifu_tile_parse(t, 16, &n, "9f", &err), PAIFU_EFORMAT);
    assert_int_equal(paifu_tile_parse(t, 16, &n, "0z", NULL), PAIFU_EFORMAT);
}

static void dora_cycle(void **state)
{
    (void)state;
    /* shared/rules/yaku.md section 3: 9 -> 1 in a suit, N -> E, Red -> White */
    struct { const char *ind, *dora; bool sanma; } cases[] = {
        {"2p", "3p", false}, {"9m", "1m", false}, {"0s", "6s", false}, {"4z", "1z", false},
        {"1z", "2z", false}, {"7z", "5z", false}, {"5z", "6z", false}, {"6z", "7z", false},
        {"1m", "9m", true},  {"9m", "1m", true},  {"9p", "1p", true},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        paifu_tile ind, want;
        assert_int_equal(paifu_tile_parse_one(&ind, cases[i].ind, NULL), 0);
        assert_int_equal(paifu_tile_parse_one(&want, cases[i].dora, NULL), 0);
        assert_int_equal(paifu_tile_dora(ind, cases[i].sanma), want);
    }
    assert_int_equal(paifu_tile_dora(PAIFU_TILE_FLOWER, false), PAIFU_TILE_NONE);
}

static void validity_and_classes(void **state)
{
    (void)state;
    assert_true(paifu_tile_valid(paifu_tile_make(4, true)));
    assert_false(paifu_tile_valid((paifu_tile)(3 | PAIFU_TILE_RED)));  /* red 4m does not exist */
    assert_false(paifu_tile_valid(42));
    assert_true(paifu_tile_is_terminal(0));
    assert_true(paifu_tile_is_terminal(26));
    assert_false(paifu_tile_is_terminal(27));
    assert_true(paifu_tile_is_honor(33));
    assert_true(paifu_tile_is_simple(13));
    assert_int_equal(paifu_tile_number(paifu_tile_make(13, true)), 5);
    assert_int_equal(paifu_tile_suit(30), 3);
}

static void sort_puts_red_after_plain(void **state)
{
    (void)state;
    paifu_tile t[8];
    size_t n;
    assert_int_equal(paifu_tile_parse(t, 8, &n, "6m0m5m1z4m", NULL), 0);
    paifu_tile_sort(t, n);
    char buf[32];
    paifu_tile_format(buf, sizeof(buf), t, n);
    assert_string_equal(buf, "4506m1z");
}

static void format_truncates_safely(void **state)
{
    (void)state;
    paifu_tile t[4] = {0, 1, 2, 3};
    char buf[3];
    size_t len = paifu_tile_format(buf, sizeof(buf), t, 4);
    assert_int_equal(len, 5); /* "1234m" */
    assert_string_equal(buf, "12");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(parse_format_round_trip), cmocka_unit_test(flowers_and_unknown),
        cmocka_unit_test(parse_errors_name_the_column), cmocka_unit_test(dora_cycle),
        cmocka_unit_test(validity_and_classes), cmocka_unit_test(sort_puts_red_after_plain),
        cmocka_unit_test(format_truncates_safely),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
