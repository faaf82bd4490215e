/*
 * test_verify_wall.c: the wall check of the re-simulator on samples/synthetic-tenhou.mjlog,
 * whose walls follow from its generation-C seed (tenhou-xml.md §4.2). Two tsumogiri draws of
 * the first deal are given other tile ids that appear nowhere in it (ids 12 and 17, 4m and
 * 5m, instead of 61 and 77): the draws no longer match the wall. The first mismatch of a deal
 * is reported and the wall is not consulted again in that deal (one finding per root cause):
 * one wall.draw finding for one changed draw and for two.
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

#include "verify_json.h"

static char *load(size_t *n)
{
    FILE *f = fopen(PAIFU_SAMPLES_DIR "/synthetic-tenhou.mjlog", "rb");
    assert_non_null(f);
    char *s = malloc(1 << 20);
    assert_non_null(s);
    *n = fread(s, 1, (1 << 20) - 1, f);
    s[*n] = '\0';
    fclose(f);
    return s;
}

/* Replace the first FROM in S (it must be there) by TO, of the same length. */
static void swap(char *s, const char *from, const char *to)
{
    char *at = strstr(s, from);
    assert_non_null(at);
    assert_int_equal(strlen(from), strlen(to));
    memcpy(at, to, strlen(to));
}

static int wall_findings(const char *s, size_t n, int *all)
{
    paifu_report *rep = verify_buffer(s, n);
    int wall = 0;
    *all = (int)paifu_report_count(rep);
    for (size_t i = 0; i < paifu_report_count(rep); i++)
        wall += strncmp(paifu_report_finding(rep, i)->code, "wall.", 5) == 0;
    paifu_report_free(rep);
    return wall;
}

static void one_finding_per_deal(void **state)
{
    (void)state;
    size_t n;
    char *s = load(&n);
    int all;
    assert_int_equal(wall_findings(s, n, &all), 0);
    assert_int_equal(all, 0);
    swap(s, "<U61/>\n<E61/>", "<U12/>\n<E12/>");
    assert_int_equal(wall_findings(s, n, &all), 1);
    assert_int_equal(all, 1);
    swap(s, "<W77/>\n<G77/>", "<W17/>\n<G17/>");
    assert_int_equal(wall_findings(s, n, &all), 1);
    assert_int_equal(all, 1);
    free(s);
}

int main(void)
{
    paifu_init();
    const struct CMUnitTest tests[] = {cmocka_unit_test(one_finding_per_deal)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
