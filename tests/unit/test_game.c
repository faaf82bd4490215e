/* test_game.c: building and reading the canonical model (lib/game.c, lib/arena.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "arena.h"
#include "paifu/game.h"

static int setup(void **state)
{
    paifu_game *g;
    if (paifu_game_new(&g, NULL) < 0)
        return -1;
    *state = g;
    return 0;
}

static int teardown(void **state)
{
    paifu_game_free(*state);
    return 0;
}

static void start_deal(paifu_game *g)
{
    paifu_deal_start st;
    paifu_deal_start_init(&st);
    st.round_wind = PAIFU_WIND_SOUTH;
    st.hand_number = 2;
    st.dealer = 2;
    st.honba = 3;
    assert_int_equal(paifu_game_begin_deal(g, &st, 7, 9, NULL), 0);
}

static void events_need_a_deal(void **state)
{
    paifu_game *g = *state;
    paifu_event ev;
    paifu_event_init(&ev, PAIFU_EV_DRAW, 0);
    paifu_error err;
    paifu_error_clear(&err);
    assert_int_equal(paifu_game_add_event(g, &ev, &err), PAIFU_EFORMAT);
    assert_non_null(strstr(err.text, "before the first deal"));
    /* but connection events before the first deal form the prelude */
    paifu_event_init(&ev, PAIFU_EV_DISCONNECT, 1);
    assert_int_equal(paifu_game_add_event(g, &ev, NULL), 0);
    assert_int_equal(paifu_game_prelude_count(g), 1);
    paifu_win w;
    paifu_win_init(&w);
    assert_int_equal(paifu_game_add_win(g, &w, 0, 0, NULL), PAIFU_EFORMAT);
}

static void records_are_linked_by_detail(void **state)
{
    paifu_game *g = *state;
    start_deal(g);
    paifu_event ev;
    for (int i = 0; i < 1000; i++) { /* many events: arrays grow inside the arena */
        paifu_event_init(&ev, i % 2 ? PAIFU_EV_DISCARD : PAIFU_EV_DRAW, i % 4);
        ev.tile = (paifu_tile)(i % 34);
        assert_int_equal(paifu_game_add_event(g, &ev, NULL), 0);
    }
    int32_t after[4] = {24000, 25000, 25000, 25000};
    assert_int_equal(paifu_game_add_riichi_accepted(g, 0, 0, after, 0, 0, NULL), 0);
    paifu_win w;
    paifu_win_init(&w);
    w.winner = 1;
    w.from = 0;
    w.n_yaku = 1;
    w.yaku[0].id = 8;
    w.yaku[0].name = "tanyao_chuu";
    assert_int_equal(paifu_game_add_win(g, &w, 11, 12, NULL), 0);
    paifu_draw d;
    paifu_draw_init(&d, PAIFU_DRAW_KYUUSHU);
    assert_int_equal(paifu_game_add_draw(g, &d, 0, 0, NULL), 0);
    paifu_penalty p = {0};
    p.kind = PAIFU_PENALTY_CHOMBO;
    p.note = "x";
    assert_int_equal(paifu_game_add_penalty(g, &p, 0, 0, NULL), 0);
    const paifu_deal *deal = paifu_game_deal(g, 0);
    assert_int_equal(deal->n_events, 1004);
    assert_int_equal(deal->events[999].tile, 999 % 34);
    assert_int_equal(deal->events[1000].type, PAIFU_EV_RIICHI_ACCEPTED);
    assert_int_equal(deal->score_rows[deal->events[1000].detail][0], 24000);
    const paifu_event *we = &deal->events[1001];
    assert_int_equal(we->type, PAIFU_EV_WIN);
    assert_int_equal(we->line, 11);
    assert_int_equal(deal->wins[we->detail].winner, 1);
    assert_string_equal(deal->wins[we->detail].yaku[0].name, "tanyao_chuu");
    assert_ptr_not_equal(deal->wins[we->detail].yaku[0].name, w.yaku[0].name); /* copied */
    assert_int_equal(deal->events[1002].type, PAIFU_EV_ABORTIVE_DRAW);
    assert_int_equal(deal->draws[deal->events[1002].detail].kind, PAIFU_DRAW_KYUUSHU);
    assert_int_equal(deal->events[1003].type, PAIFU_EV_PENALTY);
    assert_int_equal(deal->line, 7);
    char label[16];
    assert_string_equal(paifu_deal_label(label, sizeof(label), &deal->start), "S3-3");
    /* outcomes go through their own functions */
    paifu_event_init(&ev, PAIFU_EV_WIN, 0);
    assert_int_equal(paifu_game_add_event(g, &ev, NULL), PAIFU_EINVAL);
}

static void limits_and_reset(void **state)
{
    paifu_game *g = *state;
    paifu_game_set_limits(g, 2, 5);
    start_deal(g);
    paifu_event ev;
    paifu_event_init(&ev, PAIFU_EV_DRAW, 0);
    for (int i = 0; i < 5; i++)
        assert_int_equal(paifu_game_add_event(g, &ev, NULL), 0);
    paifu_error err;
    paifu_error_clear(&err);
    assert_int_equal(paifu_game_add_event(g, &ev, &err), PAIFU_ELIMIT);
    start_deal(g);
    assert_int_equal(paifu_game_begin_deal(g, &(paifu_deal_start){0}, 0, 0, NULL), PAIFU_ELIMIT);
    assert_int_equal(paifu_game_set_meta(g, "k", "v1", NULL), 0);
    assert_int_equal(paifu_game_set_meta(g, "k", "v2", NULL), 0);
    assert_int_equal(paifu_game_meta_count(g), 1);
    assert_string_equal(paifu_game_meta_get(g, "k"), "v2");
    assert_int_equal(paifu_game_set_players(g, 5, NULL), PAIFU_EFORMAT);
    assert_int_equal(paifu_game_set_players(g, 3, NULL), 0);
    paifu_game_reset(g);
    assert_int_equal(paifu_game_deal_count(g), 0);
    assert_int_equal(paifu_game_meta_count(g), 0);
    assert_int_equal(paifu_game_players(g), 4);
    assert_null(paifu_game_meta_get(g, "k"));
    /* limits survive a reset */
    start_deal(g);
    start_deal(g);
    assert_int_equal(paifu_game_begin_deal(g, &(paifu_deal_start){0}, 0, 0, NULL), PAIFU_ELIMIT);
}

static void wall_is_copied(void **state)
{
    paifu_game *g = *state;
    paifu_deal_start st;
    paifu_deal_start_init(&st);
    uint8_t ids[136];
    paifu_tile tiles[136];
    for (int i = 0; i < 136; i++) {
        ids[i] = (uint8_t)(135 - i);
        tiles[i] = (paifu_tile)((135 - i) / 4);
    }
    st.n_wall = 136;
    st.wall_ids = ids;
    st.wall = tiles;
    assert_int_equal(paifu_game_begin_deal(g, &st, 0, 0, NULL), 0);
    ids[0] = 0;
    const paifu_deal *d = paifu_game_deal(g, 0);
    assert_true(d->start.flags & PAIFU_DEAL_HAS_WALL);
    assert_int_equal(d->start.wall_ids[0], 135);
    assert_int_equal(d->start.wall[135], 0);
    st.n_wall = 200;
    assert_int_equal(paifu_game_begin_deal(g, &st, 0, 0, NULL), PAIFU_ELIMIT);
}

static void arena_basics(void **state)
{
    (void)state;
    paifu_arena a;
    paifu_arena__init(&a);
    char *big = paifu_arena__alloc(&a, 200000); /* larger than a page */
    assert_non_null(big);
    memset(big, 1, 200000);
    for (int i = 0; i < 10000; i++) {
        char *p = paifu_arena__alloc(&a, 24);
        assert_non_null(p);
        assert_int_equal((uintptr_t)p % sizeof(void *), 0);
        memset(p, 2, 24);
    }
    assert_null(paifu_arena__calloc(&a, SIZE_MAX / 2, 4));
    paifu_arena__reset(&a);
    assert_non_null(paifu_arena__strndup(&a, "abc", 3));
    paifu_arena__free(&a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(events_need_a_deal, setup, teardown),
        cmocka_unit_test_setup_teardown(records_are_linked_by_detail, setup, teardown),
        cmocka_unit_test_setup_teardown(limits_and_reset, setup, teardown),
        cmocka_unit_test_setup_teardown(wall_is_copied, setup, teardown),
        cmocka_unit_test(arena_basics),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
