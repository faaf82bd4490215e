/*
 * test_standings.c: final scores and standings across games through the public API
 * (lib/verify/settle.c, standings.c): oka shared between players tied for first, the best and
 * worst game of a player whose games are all below zero, and the place sanctions of JH 003
 * §8.3.2 (paifu_standings_add_place_penalty). Every expected value is worked out by hand in the
 * comment beside it from riichi-rulesets.md (rows "Score ties", "Final-score formula", "Ranking
 * criteria") and the seeds they cite.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>


#include "paifu.h"

#include <string.h>

static paifu_rules *rules(const char *preset, const char *const *overrides)
{
    paifu_rules *r = NULL;
    paifu_error err;
    assert_int_equal(paifu_rules_preset(&r, preset, &err), 0);
    for (; overrides && *overrides; overrides++)
        assert_int_equal(paifu_rules_set_assignment(r, *overrides, &err), 0);
    return r;
}

/* 000 §3.12: tied players share the place and split its uma; the oka of the first place is
   split between players tied for it the same way. rrc with oka 20000: A and B tie for first
   with 35000: (35000 - 30000) + (15000 + 5000) / 2 + 20000 / 2 = 25000 each; C 30000, third:
   0 - 5000; D 20000, fourth: -10000 - 15000. */
static void oka_shared_by_tied_first(void **state)
{
    (void)state;
    static const char *const ov[] = {"oka=20000", NULL};
    paifu_rules *r = rules("rrc", ov);
    const int32_t points[4] = {35000, 35000, 30000, 20000};
    int32_t final[4];
    paifu_settle_final(final, points, NULL, 4, r);
    assert_int_equal(final[0], 25000);
    assert_int_equal(final[1], 25000);
    assert_int_equal(final[2], -5000);
    assert_int_equal(final[3], -25000);
    /* no tie: the first takes all the oka: 5000 + 15000 + 20000; second 4000 + 5000 */
    const int32_t apart[4] = {35000, 34000, 31000, 20000};
    paifu_settle_final(final, apart, NULL, 4, r);
    assert_int_equal(final[0], 40000);
    assert_int_equal(final[1], 9000);
    assert_int_equal(final[2], -4000);
    assert_int_equal(final[3], -25000);
    /* seat order (Tenhou): no sharing, the seat nearer the first dealer is first */
    static const char *const seat[] = {"oka=20000", "uma_tie=seat_order", NULL};
    paifu_rules *t = rules("rrc", seat);
    paifu_settle_final(final, points, NULL, 4, t);
    assert_int_equal(final[0], 40000);
    assert_int_equal(final[1], 10000);
    paifu_rules_free(t);
    paifu_rules_free(r);
}

/* The best and worst game are the extremes of the player's raw final points, also when every
   game is below zero (or the first is). */
static void best_game_below_zero(void **state)
{
    (void)state;
    paifu_rules *r = rules("rrc", NULL);
    paifu_standings *st = NULL;
    assert_int_equal(paifu_standings_new(&st, r, NULL), 0);
    const char *const names[4] = {"A", "B", "C", "D"};
    const int32_t g1[4] = {-5000, 45000, 40000, 40000};
    const int32_t g2[4] = {-3000, 43000, 40000, 40000};
    const int32_t g3[4] = {-4000, 44000, 40000, 40000};
    const int32_t zero[4] = {0, 0, 0, 0};
    assert_int_equal(paifu_standings_add_game(st, names, g1, zero, 4, NULL), 0);
    assert_int_equal(paifu_standings_add_game(st, names, g2, zero, 4, NULL), 0);
    assert_int_equal(paifu_standings_add_game(st, names, g3, zero, 4, NULL), 0);
    const paifu_standing *rows;
    size_t n = paifu_standings_rank(&rows, st);
    assert_int_equal(n, 4);
    int seen = 0;
    for (size_t i = 0; i < n; i++) {
        if (strcmp(rows[i].name, "A") == 0) {
            assert_int_equal(rows[i].best, -3000);
            assert_int_equal(rows[i].worst, -5000);
            assert_int_equal(rows[i].points, -12000);
            assert_int_equal(rows[i].games, 3);
            seen++;
        } else if (strcmp(rows[i].name, "B") == 0) {
            assert_int_equal(rows[i].best, 45000);
            assert_int_equal(rows[i].worst, 43000);
            seen++;
        }
    }
    assert_int_equal(seen, 2);
    paifu_standings_free(st);
    paifu_rules_free(r);
}

/* JH 003 §6.3 ranks by average place; §8.3.2 sanctions add 0.05-0.5 to it. Two games: A
   places 1st and 2nd, B 2nd and 1st (average 1.5 both; A has more points: A first). A
   sanction of 0.25 on A puts B first; then 0.25 on B makes them equal again on the average,
   and the point sum decides for A. */
static void place_penalty(void **state)
{
    (void)state;
    paifu_rules *r = rules("jhc2016", NULL);
    paifu_standings *st = NULL;
    assert_int_equal(paifu_standings_new(&st, r, NULL), 0);
    const char *const names[4] = {"A", "B", "C", "D"};
    const int32_t g1[4] = {40000, 30000, 20000, 10000};
    const int32_t g2[4] = {31000, 39000, 20000, 10000};
    assert_int_equal(paifu_standings_add_game(st, names, g1, g1, 4, NULL), 0);
    assert_int_equal(paifu_standings_add_game(st, names, g2, g2, 4, NULL), 0);
    const paifu_standing *rows;
    assert_int_equal(paifu_standings_rank(&rows, st), 4);
    assert_string_equal(rows[0].name, "A");
    assert_string_equal(rows[1].name, "B");
    assert_int_equal(rows[0].place_penalty, 0);

    assert_int_equal(paifu_standings_add_place_penalty(st, "A", 25, NULL), 0);
    assert_int_equal(paifu_standings_rank(&rows, st), 4);
    assert_string_equal(rows[0].name, "B");
    assert_string_equal(rows[1].name, "A");
    assert_int_equal(rows[1].place_penalty, 25);
    assert_int_equal(rows[0].rank, 1);
    assert_int_equal(rows[1].rank, 2);

    assert_int_equal(paifu_standings_add_place_penalty(st, "B", 25, NULL), 0);
    assert_int_equal(paifu_standings_rank(&rows, st), 4);
    assert_string_equal(rows[0].name, "A");
    assert_int_equal(rows[0].place_penalty, 25);
    assert_int_equal(rows[1].place_penalty, 25);

    /* a sanction of a full place (100) puts A below C (average 3) only when it is more: 1.5 +
       1.5 = 3.0 ties C's average, and A's points decide; 1.51 puts A behind C */
    assert_int_equal(paifu_standings_add_place_penalty(st, "A", 126, NULL), 0);
    assert_int_equal(paifu_standings_rank(&rows, st), 4);
    assert_string_equal(rows[0].name, "B");
    assert_string_equal(rows[1].name, "C");
    assert_string_equal(rows[2].name, "A");
    assert_int_equal(rows[2].place_penalty, 151);
    paifu_standings_free(st);
    paifu_rules_free(r);
}

/* A game's place sanction (paifu/game.h: hundredths of a place, 0 = none; JH 003 §8.3.2 gives
   0.05 to 0.5): 0 takes an earlier one back, a negative one is refused, as is a seat outside the
   game. */
static void game_place_sanction(void **state)
{
    (void)state;
    paifu_game *g = NULL;
    assert_int_equal(paifu_game_new(&g, NULL), 0);
    assert_int_equal(paifu_game_set_players(g, 4, NULL), 0);
    assert_int_equal(paifu_game_set_place_sanction(g, 2, 25, NULL), 0);
    assert_int_equal(paifu_game_place_sanction(g, 2), 25);
    assert_int_equal(paifu_game_set_place_sanction(g, 2, 0, NULL), 0);
    assert_int_equal(paifu_game_place_sanction(g, 2), 0);
    assert_int_equal(paifu_game_set_place_sanction(g, 2, -5, NULL), PAIFU_EINVAL);
    assert_int_equal(paifu_game_set_place_sanction(g, 4, 5, NULL), PAIFU_EINVAL);
    assert_int_equal(paifu_game_set_place_sanction(g, -1, 5, NULL), PAIFU_EINVAL);
    assert_int_equal(paifu_game_place_sanction(g, 2), 0);
    /* the first seat and the last are seats like the others */
    assert_int_equal(paifu_game_set_place_sanction(g, 0, 5, NULL), 0);
    assert_int_equal(paifu_game_place_sanction(g, 0), 5);
    assert_int_equal(paifu_game_set_place_sanction(g, 3, 50, NULL), 0);
    assert_int_equal(paifu_game_place_sanction(g, 3), 50);
    paifu_game_free(g);
}

/* An unnamed seat (NULL or "", as a reader gives Tenhou's NoName) is a player of its own: two
   games of four unnamed seats are eight lines of one game each, never one player of two games;
   a named player of both games is one line of two. rrc (uma 15/5, oka 0, 30000 returned): the
   unnamed seats' totals are their own game's scores. */
static void unnamed_seats_apart(void **state)
{
    (void)state;
    paifu_rules *r = rules("rrc", NULL);
    paifu_standings *st = NULL;
    assert_int_equal(paifu_standings_new(&st, r, NULL), 0);
    const char *const unnamed[4] = {"", NULL, "", ""};
    const int32_t points[4] = {40000, 30000, 20000, 10000};
    const int32_t final[4] = {25000, 5000, -15000, -35000};
    assert_int_equal(paifu_standings_add_game(st, unnamed, points, final, 4, NULL), 0);
    assert_int_equal(paifu_standings_add_game(st, unnamed, points, final, 4, NULL), 0);
    const char *const named[4] = {"Anna", "", "Anna2", "Anna3"};
    assert_int_equal(paifu_standings_add_game(st, named, points, final, 4, NULL), 0);
    assert_int_equal(paifu_standings_add_game(st, named, points, final, 4, NULL), 0);
    /* a sanction names a player: none for an unnamed seat */
    assert_int_equal(paifu_standings_add_place_penalty(st, "", 25, NULL), 0);
    const paifu_standing *rows;
    size_t n = paifu_standings_rank(&rows, st);
    assert_int_equal(n, 8 + 2 + 3); /* 8 unnamed of the first two games, 2 of the others */
    size_t unnamed_rows = 0;
    for (size_t i = 0; i < n; i++) {
        if (rows[i].name[0]) {
            assert_int_equal(rows[i].games, 2);
            continue;
        }
        unnamed_rows++;
        assert_int_equal(rows[i].games, 1);
        assert_int_equal(rows[i].place_penalty, 0);
    }
    assert_int_equal(unnamed_rows, 10);
    paifu_standings_free(st);
    paifu_rules_free(r);
}

/* The scoring identity: rule sets that differ only in knowledge flags, facts of the log (red
   fives, game length) or a platform's rounding score alike; a different uma, oka, start or
   return, players or standings method does not. rrc and ema (RRC 2024 Table 3, EMA column: the
   same 30000, oka 0, 15/5) score alike; ema2012 (EMA 2012 §3.6.1: 30/10) does not. */
static void scoring_identity(void **state)
{
    (void)state;
    static const char *const facts[] = {"red_fives=3", "game_length=east",
                                        "tenpaiyame_known=false", "final_rounding=nearest_100",
                                        NULL};
    paifu_rules *a = rules("tenhou", NULL), *b = rules("tenhou", facts);
    assert_int_equal(paifu_rules_scoring_equal(a, b), 1);
    static const char *const uma[] = {"uma=10000,5000,-5000,-10000", NULL};
    paifu_rules *c = rules("tenhou", uma);
    assert_int_equal(paifu_rules_scoring_equal(a, c), 0);
    static const char *const three[] = {"players=3", NULL};
    paifu_rules *d = rules("tenhou", three);
    assert_int_equal(paifu_rules_scoring_equal(a, d), 0);
    paifu_rules *rrc = rules("rrc", NULL), *ema = rules("ema", NULL), *e12 = rules("ema2012", NULL);
    assert_int_equal(paifu_rules_scoring_equal(rrc, ema), 1);
    assert_int_equal(paifu_rules_scoring_equal(rrc, e12), 0);
    assert_int_equal(paifu_rules_scoring_equal(rrc, NULL), 0);
    char text[256];
    assert_true(paifu_rules_scoring_text(text, sizeof(text), e12) > 0);
    assert_string_equal(text, "4 players, start 30,000, return 30,000, oka 0, uma "
                              "+30,000/+10,000/-10,000/-30,000, ranked by the sum of final scores");
    paifu_rules *jhc = rules("jhc2016", NULL);
    assert_int_equal(paifu_rules_scoring_equal(rrc, jhc), 0); /* average place, no uma */
    paifu_rules_free(a), paifu_rules_free(b), paifu_rules_free(c), paifu_rules_free(d);
    paifu_rules_free(rrc), paifu_rules_free(ema), paifu_rules_free(e12), paifu_rules_free(jhc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(oka_shared_by_tied_first),
        cmocka_unit_test(best_game_below_zero),
        cmocka_unit_test(place_penalty),
        cmocka_unit_test(game_place_sanction),
        cmocka_unit_test(unnamed_seats_apart),
        cmocka_unit_test(scoring_identity),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
