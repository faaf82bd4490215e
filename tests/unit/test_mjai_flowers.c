/*
 * test_mjai_flowers.c: mjai has no bonus tiles, so its writer refuses a game with a flower
 * wherever the flower is: the first event of a deal (MCR sets the flowers of the starting hand
 * aside before the first discard, shared/rules/mcr.md), a later event, a later deal. Mutation
 * testing found the first event of a deal unpinned (the scan could start at event 1).
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

#include "write_sink.h"

static paifu_tile T(const char *name)
{
    paifu_tile t;
    assert_int_equal(paifu_tile_parse_one(&t, name, NULL), 0);
    return t;
}

static void event(paifu_game *g, paifu_event_type type, int seat, const char *tile)
{
    paifu_event e;
    paifu_event_init(&e, type, seat);
    e.tile = T(tile);
    assert_int_equal(paifu_game_add_event(g, &e, NULL), 0);
}

static void deal(paifu_game *g)
{
    paifu_deal_start st;
    paifu_deal_start_init(&st);
    assert_int_equal(paifu_game_begin_deal(g, &st, 0, 0, NULL), 0);
}

/* A flower as event AT (0: the first) of deal DEAL (of two): refused. */
static void refused(size_t deal_with_flower, int at)
{
    paifu_game *g = NULL;
    assert_int_equal(paifu_game_new(&g, NULL), 0);
    for (size_t k = 0; k < 2; k++) {
        deal(g);
        for (int i = 0; i < 3; i++)
            event(g, k == deal_with_flower && i == at ? PAIFU_EV_FLOWER : PAIFU_EV_DRAW, 0,
                  k == deal_with_flower && i == at ? "1f" : "1m");
    }
    static sink s;
    paifu_error err;
    paifu_error_clear(&err);
    const paifu_game *one = g;
    assert_int_equal(sink_write(&s, "mjai", &one, 1, false, &err), PAIFU_EUNSUPPORTED);
    assert_non_null(strstr(err.text, "flowers"));
    paifu_game_free(g);
}

static void test_flower_anywhere_refused(void **state)
{
    (void)state;
    for (size_t k = 0; k < 2; k++)
        for (int at = 0; at < 3; at++)
            refused(k, at);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_flower_anywhere_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
