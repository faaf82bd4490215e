/*
 * test_pantheon_read.c: the Pantheon (Mimir) score-sheet reader (formats/pantheon/) on sheets
 * written for this test in the grammar of formats/pantheon/pantheon_read.c's header: players
 * and final points, wins with their han, fu and yaku (han known only for `dora N` and
 * `yakuhaiN`), riichi declarers, draws with the tenpai players, chombo.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <string.h>

#include "paifu.h"

static paifu_game *read_sheet(const char *text)
{
    paifu_game *g = NULL;
    paifu_error err;
    paifu_error_clear(&err);
    paifu_read_options o = PAIFU_READ_OPTIONS_INIT;
    o.format = "pantheon";
    if (paifu_game_read_buffer(&g, text, strlen(text), &o, &err) < 0)
        fail_msg("read: %s", err.text);
    assert_string_equal(paifu_game_source_format(g), "pantheon");
    return g;
}

static const paifu_win *win_of(const paifu_game *g, size_t deal, size_t i)
{
    const paifu_deal *d = paifu_game_deal(g, deal);
    assert_non_null(d);
    assert_true(i < d->n_wins);
    return &d->wins[i];
}

#define SHEET                                                                                      \
    "alice:32000 bob:28100 carol:24500 dave:35400\n"                                              \
    "ron alice from carol 3han 40fu (riichi dora 2) riichi alice\n"                               \
    "ron bob from alice 2han 30fu (yakuhai2) also dave 4han 30fu (yakuhai3 dora)\n"               \
    "tsumo dave 5han (riichi tsumo dora 3 yakuhai1) riichi bob dave\n"                            \
    "draw tempai alice carol riichi carol\n"                                                       \
    "draw tempai nobody\n"                                                                         \
    "ron carol from bob yakuman (daisangen)\n"

static void yakuhai_and_dora_han(void **state)
{
    (void)state;
    paifu_game *g = read_sheet(SHEET);
    assert_int_equal(paifu_game_players(g), 4);
    assert_string_equal(paifu_game_player(g, 3)->name, "dave");
    assert_int_equal(paifu_game_deal_count(g), 6);
    const paifu_game_result *res = paifu_game_result_get(g);
    assert_true(res->has_points);
    assert_int_equal(res->points[0], 32000);
    assert_int_equal(res->points[2], 24500);

    const paifu_win *w = win_of(g, 0, 0);
    assert_int_equal(w->winner, 0);
    assert_int_equal(w->from, 2);
    assert_int_equal(w->han, 3);
    assert_int_equal(w->fu, 40);
    assert_int_equal(w->n_yaku, 2);
    assert_int_equal(w->yaku[0].id, PAIFU_YAKU_RIICHI);
    assert_int_equal(w->yaku[0].han, 0); /* named without its han */
    assert_int_equal(w->yaku[1].id, PAIFU_YAKU_DORA);
    assert_int_equal(w->yaku[1].han, 2);

    /* yakuhaiN is N han of yakuhai */
    w = win_of(g, 1, 0);
    assert_int_equal(w->winner, 1);
    assert_int_equal(w->from, 0);
    assert_int_equal(w->n_yaku, 1);
    assert_int_equal(w->yaku[0].id, PAIFU_YAKU_YAKUHAI);
    assert_int_equal(w->yaku[0].han, 2);
    w = win_of(g, 1, 1); /* "also": the second winner of a double ron */
    assert_int_equal(w->winner, 3);
    assert_int_equal(w->from, 0);
    assert_int_equal(w->han, 4);
    assert_int_equal(w->n_yaku, 2);
    assert_int_equal(w->yaku[0].id, PAIFU_YAKU_YAKUHAI);
    assert_int_equal(w->yaku[0].han, 3);
    assert_int_equal(w->yaku[1].id, PAIFU_YAKU_DORA);
    assert_int_equal(w->yaku[1].han, 1); /* "dora" alone is one */

    w = win_of(g, 2, 0);
    assert_int_equal(w->winner, 3);
    assert_int_equal(w->from, 3); /* tsumo */
    assert_int_equal(w->han, 5);
    assert_int_equal(w->n_yaku, 4);
    assert_int_equal(w->yaku[2].id, PAIFU_YAKU_DORA);
    assert_int_equal(w->yaku[2].han, 3);
    assert_int_equal(w->yaku[3].id, PAIFU_YAKU_YAKUHAI);
    assert_int_equal(w->yaku[3].han, 1);

    const paifu_deal *d = paifu_game_deal(g, 3);
    assert_int_equal(d->n_wins, 0);
    assert_int_equal(d->n_draws, 1);
    assert_int_equal(d->draws[0].kind, PAIFU_DRAW_EXHAUSTIVE);
    assert_int_equal(d->draws[0].tenpai, 0x5); /* alice and carol */
    d = paifu_game_deal(g, 4);
    assert_int_equal(d->draws[0].tenpai, 0);

    w = win_of(g, 5, 0);
    assert_int_equal(w->winner, 2);
    assert_int_equal(w->from, 1);
    assert_int_equal(w->yakuman, 1);
    paifu_game_free(g);
}

/* yakuhai0 and yakuhai6 are no yaku names; neither is an unknown word */
static void bad_yakuhai(void **state)
{
    (void)state;
    static const char *const BAD[] = {
        "a:25000 b:25000 c:25000 d:25000\nron a from b 1han 30fu (yakuhai0)\n",
        "a:25000 b:25000 c:25000 d:25000\nron a from b 1han 30fu (yakuhai6)\n",
        "a:25000 b:25000 c:25000 d:25000\nron a from b 1han 30fu (yakuhai12)\n",
        "a:25000 b:25000 c:25000 d:25000\nron a from b 1han 30fu (frobnicate)\n",
    };
    for (size_t i = 0; i < sizeof(BAD) / sizeof(BAD[0]); i++) {
        paifu_game *g = NULL;
        paifu_error err;
        paifu_error_clear(&err);
        paifu_read_options o = PAIFU_READ_OPTIONS_INIT;
        o.format = "pantheon";
        assert_int_equal(paifu_game_read_buffer(&g, BAD[i], strlen(BAD[i]), &o, &err),
                         PAIFU_EFORMAT);
        assert_non_null(strstr(err.text, "yaku name"));
        assert_int_equal(err.where.line, 2);
    }
}

/* The sheet is recognised by its first line, name:points pairs (3 or 4), whatever the names. */
static void detection(void **state)
{
    (void)state;
    static const char *const SHEETS[] = {
        "a:25000 b:25000 c:25000 d:25000\nron a from b 1han 30fu\n",
        "alice:32000 bob:28100 carol:24500 dave:35400\ndraw tempai nobody\n",
        "x:-500 y:40500 z:35000\ndraw tempai all\n",
    };
    for (size_t i = 0; i < sizeof(SHEETS) / sizeof(SHEETS[0]); i++) {
        const char *f = paifu_format_detect(SHEETS[i], strlen(SHEETS[i]));
        if (!f || strcmp(f, "pantheon") != 0)
            fail_msg("sheet %zu detected as %s", i, f ? f : "nothing");
    }
    static const char *const NOT[] = {"a:25000 b:25000\n", "a:25000 b:x c:1 d:2\n",
                                       "a 25000 b 25000 c 25000 d 25000\n"};
    for (size_t i = 0; i < sizeof(NOT) / sizeof(NOT[0]); i++) {
        const char *f = paifu_format_detect(NOT[i], strlen(NOT[i]));
        if (f && strcmp(f, "pantheon") == 0)
            fail_msg("text %zu detected as a Pantheon sheet", i);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(yakuhai_and_dora_han),
        cmocka_unit_test(bad_yakuhai),
        cmocka_unit_test(detection),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
