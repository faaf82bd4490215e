/*
 * test_rules_values.c: the text of a rule value as paifu_rules_set() takes it (doc/rules.md:
 * an integer, four integers separated by commas, "none" where the default is none, a set of
 * names joined by commas or spaces, true or false), at the bounds of a 32-bit integer and past
 * them; what is not such a value is refused with the parameter named, the rule set unchanged.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paifu.h"

static paifu_rules *g_rules;

static int setup(void **state)
{
    (void)state;
    return paifu_rules_preset(&g_rules, "rrc", NULL) == 0 ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    paifu_rules_free(g_rules);
    return 0;
}

static void set_reads(const char *key, const char *text, const char *want)
{
    paifu_error err;
    paifu_error_clear(&err);
    if (paifu_rules_set(g_rules, key, text, &err) < 0)
        fail_msg("%s = \"%s\" refused: %s", key, text, err.text);
    char got[256];
    assert_int_equal(paifu_rules_get(got, sizeof(got), g_rules, key, &err), 0);
    if (strcmp(got, want) != 0)
        fail_msg("%s = \"%s\" reads \"%s\", expected \"%s\"", key, text, got, want);
}

static void set_refused(const char *key, const char *text, const char *words)
{
    char before[256], after[256];
    assert_int_equal(paifu_rules_get(before, sizeof(before), g_rules, key, NULL), 0);
    paifu_error err;
    paifu_error_clear(&err);
    int rc = paifu_rules_set(g_rules, key, text, &err);
    if (rc != PAIFU_EINVAL || !strstr(err.text, key) || !strstr(err.text, words))
        fail_msg("%s = \"%s\": status %d \"%s\", expected a refusal saying \"%s\"", key, text, rc,
                 err.text, words);
    assert_int_equal(paifu_rules_get(after, sizeof(after), g_rules, key, NULL), 0);
    assert_string_equal(after, before);
}

static void integers(void **state)
{
    (void)state;
    set_reads("start_points", "25000", "25000");
    set_reads("start_points", "  30000", "30000");
    set_reads("start_points", "-999999999", "-999999999"); /* nine digits */
    set_reads("start_points", "1000000000", "1000000000"); /* ten */
    set_reads("start_points", "2147483647", "2147483647");
    set_reads("start_points", "-2147483648", "-2147483648");
    set_reads("start_points", "0000000000012", "12");
    set_refused("start_points", "2147483648", "expected an integer");
    set_refused("start_points", "-2147483649", "expected an integer");
    set_refused("start_points", "99999999999999999999", "expected an integer");
    set_refused("start_points", "25000x", "expected an integer");
    set_refused("start_points", "1000000000x", "expected an integer");
    set_refused("start_points", "", "expected an integer");
    set_refused("start_points", "-", "expected an integer");
    set_reads("start_points", "30000", "30000");
}

static void four_integers(void **state)
{
    (void)state;
    set_reads("uma", "30000,10000,-10000,-30000", "30000,10000,-10000,-30000");
    set_reads("uma", "1, 2 ,3,  4", "1,2,3,4");
    set_reads("uma", "2147483647,-2147483648,1000000000,0", "2147483647,-2147483648,1000000000,0");
    set_refused("uma", "1,2,3", "expected four integers separated by commas");
    set_refused("uma", "1,2,3,4,5", "expected four integers");
    set_refused("uma", "1,2,3,4x", "expected four integers");
    set_refused("uma", "1;2;3;4", "expected four integers");
    set_refused("uma", "1,2,3,2147483648", "expected four integers");
    set_refused("uma", "none", "expected four integers"); /* uma's default is no none */
    set_reads("uma_alternative", "none", "none");
    set_reads("uma_alternative", "1,2,3,4", "1,2,3,4");
    set_reads("uma_alternative", "none", "none");
    set_reads("uma", "15000,5000,-5000,-15000", "15000,5000,-5000,-15000");
}

static void sets_of_names(void **state)
{
    (void)state;
    set_reads("pao", "daisangen,daisuushi", "daisangen,daisuushi");
    set_reads("pao", " suukantsu  daisangen ", "daisangen,suukantsu");
    set_reads("pao", ",,daisuushi,", "daisuushi");
    set_reads("pao", "", "");
    set_refused("pao", "daisangen,daisangan", "expected names from");
    set_refused("pao", "daisangen daisuushi kokushi", "\"kokushi\"");
    set_refused("kuitan", "maybe", "expected true or false");
    set_reads("kuitan", "yes", "true");
    set_reads("kuitan", "OFF", "false");
    set_refused("game_length", "eastsouth", "expected one of");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(integers),
        cmocka_unit_test(four_integers),
        cmocka_unit_test(sets_of_names),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
