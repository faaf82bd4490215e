/*
 * test_alloc_game.c: building a game when an allocation fails. Every call that can allocate
 * (starting a deal with its wall, adding events past the room reserved, a string) either
 * succeeds with what was asked or fails with PAIFU_ENOMEM, leaving a game that is still whole
 * (the deals before it intact, freed without a leak under ASan). Run with the allocation hook of
 * alloc_fail.c (this program is linked with -Wl,--wrap=malloc,...).
 *
 * The game's arena takes its memory in pages of 64 KiB (arena.c), so most calls allocate
 * nothing of their own: a failure reaches one only when it needs a new page. Each case is so
 * run after fillers of many sizes (strings of 16 k bytes in all taken from the arena, k = 0, 8,
 * 16, ... 4096: the wall's two blocks of 144 bytes need a new page for the second one only when
 * 144 to 287 bytes are left, a window of 9 values of k)
 * with the next, second or third call failing: some filler leaves room for exactly one of two
 * blocks a call takes (the wall's tiles and its ids: mutation testing found the second one's
 * failure unchecked), so that the second needs the new page that fails. With
 * PAIFU_DEBUG_ARENA every block is its own malloc and the calls from now count them.
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

#include "alloc_fail.h"

#define PAGE (64 * 1024)
#define STEP 16 /* the arena's alignment on x86-64 (max_align_t) */

/* Take BYTES (a multiple of STEP) from G's arena in strings (a string of n - 1 characters takes
   n bytes; at most a quarter page each, so that none gets a chunk of its own). */
static void fill(paifu_game *g, size_t bytes)
{
    static char text[PAGE / 4];
    memset(text, 'x', sizeof(text));
    while (bytes) {
        size_t n = bytes < PAGE / 4 ? bytes : PAGE / 4;
        assert_non_null(paifu_game_strndup(g, text, n - 1));
        bytes -= n;
    }
}

static paifu_game *new_game(void)
{
    paifu_game *g = NULL;
    assert_int_equal(paifu_game_new(&g, NULL), 0);
    return g;
}

static void start_of(paifu_deal_start *st, paifu_tile *wall, uint8_t *ids)
{
    paifu_deal_start_init(st);
    for (int i = 0; i < 136; i++)
        ids[i] = (uint8_t)i;
    st->n_wall = 136;
    st->wall = wall;
    st->wall_ids = ids;
}

/* A deal with its wall: whole (both copies equal to the start's) or PAIFU_ENOMEM and no deal. */
static void test_begin_deal_with_wall(void **state)
{
    (void)state;
    paifu_tile wall[136];
    uint8_t ids[136];
    for (int i = 0; i < 136; i++)
        assert_int_equal(paifu_tile_parse_one(&wall[i], i % 2 ? "1m" : "9p", NULL), 0);
    unsigned long enomem = 0;
    for (size_t k = 0; k <= PAGE / STEP; k += 8) {
        for (unsigned long m = 1; m <= 3; m++) {
            paifu_game *g = new_game();
            fill(g, k * STEP);
            paifu_deal_start st;
            start_of(&st, wall, ids);
            paifu_error err;
            paifu_error_clear(&err);
            paifu_alloc_fail_in(m);
            int rc = paifu_game_begin_deal(g, &st, 0, 0, &err);
            int failed = paifu_alloc_failed();
            paifu_alloc_fail_in(0);
            if (failed) {
                if (rc != PAIFU_ENOMEM)
                    fail_msg("filler %zu, call %lu failed: begin_deal returned %d (%s)", k * STEP,
                             m, rc, err.text);
                assert_int_equal(paifu_game_deal_count(g), 0);
                enomem++;
            } else {
                assert_int_equal(rc, 0);
                const paifu_deal *d = paifu_game_deal(g, 0);
                assert_non_null(d);
                assert_int_equal(d->start.n_wall, 136);
                assert_memory_equal(d->start.wall, wall, 136);
                assert_memory_equal(d->start.wall_ids, ids, 136);
            }
            paifu_game_free(g);
        }
    }
    assert_true(enomem > 0); /* the hook reached the calls */
}

/* Events past the reserved room, and strings: each call whole or PAIFU_ENOMEM, the events before
   it kept. */
static void test_events_and_strings(void **state)
{
    (void)state;
    unsigned long enomem = 0;
    for (size_t k = 0; k <= PAGE / STEP; k += 7) {
        paifu_game *g = new_game();
        paifu_deal_start st;
        paifu_deal_start_init(&st);
        assert_int_equal(paifu_game_begin_deal(g, &st, 0, 0, NULL), 0);
        fill(g, k * STEP);
        size_t added = 0;
        for (unsigned long m = 1; m <= 3 && !paifu_alloc_failed(); m++) {
            paifu_alloc_fail_in(1);
            for (int i = 0; i < 200 && !paifu_alloc_failed(); i++) {
                paifu_event e;
                paifu_event_init(&e, PAIFU_EV_DRAW, i % 4);
                e.tile = 0;
                paifu_error err;
                paifu_error_clear(&err);
                int rc = paifu_game_add_event(g, &e, &err);
                if (paifu_alloc_failed()) {
                    if (rc != PAIFU_ENOMEM)
                        fail_msg("filler %zu, event %zu: add_event returned %d (%s)", k * STEP,
                                 added, rc, err.text);
                    enomem++;
                } else {
                    assert_int_equal(rc, 0);
                    added++;
                }
            }
        }
        paifu_alloc_fail_in(0);
        assert_int_equal(paifu_game_deal(g, 0)->n_events, added);
        paifu_alloc_fail_in(1);
        const char *s = paifu_game_strndup(g, "abc", 3);
        int failed = paifu_alloc_failed();
        paifu_alloc_fail_in(0);
        if (failed)
            assert_null(s);
        else
            assert_string_equal(s, "abc");
        paifu_game_free(g);
    }
    assert_true(enomem > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_begin_deal_with_wall),
        cmocka_unit_test(test_events_and_strings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
