/*
 * test_mcr_fans.c: the fan table of lib/mcr_fans.c against tests/data/mcr-fans.json (a copy of
 * shared/rules/mcr-fans.json): ids, points, names, repeatability and every exclusion; the
 * seed's tier counts and sum (mcr.md section 6.1); name look-ups and rule-dependent values.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "mcr_internal.h"
#include "paifu/mcr.h"

static json_t *g_fans;

static int setup(void **state)
{
    (void)state;
    json_error_t e;
    g_fans = json_load_file(PAIFU_TEST_DATA_DIR "/mcr-fans.json", 0, &e);
    return g_fans && json_array_size(g_fans) == 81 ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    json_decref(g_fans);
    return 0;
}

/* LIST (0-terminated) holds exactly the ids of the JSON array ARR. */
static void assert_same_ids(const uint8_t *list, const json_t *arr)
{
    size_t n = 0;
    while (list[n])
        n++;
    assert_int_equal(n, json_array_size(arr));
    for (size_t i = 0; i < n; i++) {
        bool found = false;
        for (size_t j = 0; j < json_array_size(arr); j++)
            found = found || json_integer_value(json_array_get(arr, j)) == list[i];
        assert_true(found);
    }
}

static void table_matches_json(void **state)
{
    (void)state;
    for (size_t i = 0; i < 81; i++) {
        const json_t *f = json_array_get(g_fans, i);
        unsigned id = (unsigned)json_integer_value(json_object_get(f, "id"));
        const paifu_mcr__fan_entry *row = paifu_mcr__fan_row(id);
        assert_non_null(row);
        assert_int_equal(row->info.id, id);
        assert_int_equal(row->info.points, json_integer_value(json_object_get(f, "points")));
        assert_string_equal(row->info.english, json_string_value(json_object_get(f, "en")));
        assert_string_equal(row->info.chinese, json_string_value(json_object_get(f, "zh")));
        assert_int_equal(row->info.repeatable, json_is_true(json_object_get(f, "repeatable")));
        assert_same_ids(row->excludes, json_object_get(f, "excludes"));
        assert_same_ids(row->own_sets, json_object_get(f, "excludes_own_sets_only"));
        /* the canonical name is found from every spelling */
        assert_int_equal(paifu_mcr_fan_from_name(row->info.name), (int)id);
        assert_int_equal(paifu_mcr_fan_from_name(row->info.english), (int)id);
        assert_int_equal(paifu_mcr_fan_from_name(row->info.chinese), (int)id);
    }
}

static void tiers_and_sum(void **state)
{
    (void)state;
    /* mcr.md §6.1: 81 fans in 12 tiers, 7 6 2 3 9 6 5 10 6 4 10 13, sum 1729 */
    static const int TIERS[12] = {88, 64, 48, 32, 24, 16, 12, 8, 6, 4, 2, 1};
    static const int COUNTS[12] = {7, 6, 2, 3, 9, 6, 5, 10, 6, 4, 10, 13};
    int sum = 0, prev = 88;
    for (unsigned id = 1; id <= PAIFU_MCR_FAN_COUNT; id++) {
        int p = paifu_mcr_fan(id)->points;
        assert_true(p <= prev); /* ids are in non-increasing order of value */
        prev = p;
        sum += p;
    }
    assert_int_equal(sum, 1729);
    for (int t = 0; t < 12; t++) {
        int n = 0;
        for (unsigned id = 1; id <= PAIFU_MCR_FAN_COUNT; id++)
            n += paifu_mcr_fan(id)->points == TIERS[t];
        assert_int_equal(n, COUNTS[t]);
    }
}

static void names_and_values(void **state)
{
    (void)state;
    assert_string_equal(paifu_mcr_fan_name(28), "pure_straight");
    assert_string_equal(paifu_mcr_fan_name(29), "three_suited_terminal_chows");
    assert_string_equal(paifu_mcr_fan_name(80), "self_drawn");
    assert_int_equal(paifu_mcr_fan_from_name("mcr:pure_straight"), 28);
    assert_int_equal(paifu_mcr_fan_from_name("Out with Replacement Tile"), 46);
    assert_int_equal(paifu_mcr_fan_from_name("SELF-DRAWN"), 80);
    assert_int_equal(paifu_mcr_fan_from_name("明暗杠"), PAIFU_MCR_FAN_MELDED_CONCEALED_KONG);
    assert_int_equal(paifu_mcr_fan_from_name("riichi"), -1);
    assert_int_equal(paifu_mcr_fan_from_name(""), -1);
    assert_int_equal(paifu_mcr_fan_from_name(NULL), -1);
    assert_null(paifu_mcr_fan(0));
    assert_null(paifu_mcr_fan(83));
    assert_null(paifu_mcr_fan_name(0));
    assert_int_equal(paifu_mcr_fan_points(NULL, 83), -1);
    /* #48 depends on the rule set (mcr.md §13 item 3) */
    paifu_rules *r;
    assert_int_equal(paifu_rules_preset(&r, "mcr", NULL), 0);
    assert_int_equal(paifu_mcr_fan_points(r, 48), 8);
    assert_int_equal(paifu_rules_set(r, "mcr_two_concealed_kongs", "6", NULL), 0);
    assert_int_equal(paifu_mcr_fan_points(r, 48), 6);
    assert_int_equal(paifu_mcr_fan_points(r, 82), 5);
    assert_int_equal(paifu_mcr_fan_points(NULL, 48), 8);
    paifu_rules_free(r);
}

static void rule_defaults_are_the_seed(void **state)
{
    (void)state;
    paifu_rules *r;
    char v[64];
    assert_int_equal(paifu_rules_preset(&r, "mcr", NULL), 0);
    static const char *const SEED[][2] = {
        {"family", "mcr"},
        {"mcr_min_fan", "8"},
        {"mcr_base_points", "8"},
        {"mcr_false_hu", "10"},
        {"mcr_table_points", "4,2,1,0"},
        {"mcr_wait_fans", "cancel_if_several"},
        {"mcr_special_self_draw", "fully_concealed"},
        {"mcr_knitted_straight_concealed", "false"},
        {"mcr_two_concealed_kongs", "8"},
        {"mcr_melded_concealed_kong", "two_fans"},
        {"mcr_four_kongs_concealed", "combine"},
        {"mcr_nine_gates_pungs", "none"},
        {"mcr_mistaken_hu", "20"},
        {"mcr_exposure_penalty", "30"},
        {"mcr_flowers", "true"},
        {"mcr_wall", "shared"},
        {"mcr_seat_changes", "true"},
    };
    for (size_t i = 0; i < sizeof(SEED) / sizeof(SEED[0]); i++) {
        assert_int_equal(paifu_rules_get(v, sizeof(v), r, SEED[i][0], NULL), 0);
        assert_string_equal(v, SEED[i][1]);
    }
    /* every MCR parameter cites the MCR document (the Green Book) */
    for (size_t i = 0; i < paifu_rules_param_count(); i++) {
        const paifu_rule_param_info *p = paifu_rules_param(i);
        if (strcmp(p->group, "mcr") == 0)
            assert_true(strstr(p->source, "MCR 2006 (Green Book)") != NULL);
    }
    paifu_rules_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(table_matches_json),
        cmocka_unit_test(tiers_and_sum),
        cmocka_unit_test(names_and_values),
        cmocka_unit_test(rule_defaults_are_the_seed),
    };
    return cmocka_run_group_tests_name("mcr-fans", tests, setup, teardown);
}
