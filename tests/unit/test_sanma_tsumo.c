/*
 * test_sanma_tsumo.c: the rule parameter sanma_tsumo_loss (lib/model/rules.c), read by the
 * settlement of a 3-player tsumo (lib/verify/settle.c through lib/hand/points.c
 * paifu_points__absent_share, and the score's total and per-payer payments).
 *
 * Sources:
 *  - true (tsumo loss, Tenhou's 3-player rules, every preset): riichi.wiki "Sanma", Scoring: the
 *    tsumo values stay those of 4 players and nothing makes up for the missing player, so a
 *    tsumo collects less than a ron. A non-dealer's mangan tsumo: 4000 from the dealer, 2000
 *    from the other non-dealer (6000); the dealer's: 4000 from each (8000).
 *  - false (the "north bisection", 北家折半): riichi.wiki "Sanma" (Kita section): "Payment from
 *    North seat is divided equally to other 2 seats when Tsumo"; the resulting non-dealer
 *    mangan tsumo is the "5000-3000" of Japanese 3-player parlours (dealer 4000 + 1000, the
 *    other non-dealer 2000 + 1000; 8000 in all, as a ron). The dealer's mangan tsumo: each
 *    non-dealer pays 4000 + 2000 = 6000 (12000, as a dealer's ron). A half that is not a
 *    multiple of 100 is rounded up, as every payment is (riichi.wiki "Japanese mahjong scoring
 *    rules", Payment multipliers: "Each value to be paid is rounded up to the nearest 100"):
 *    1 han 30 fu by a non-dealer is 300/500 with 4 players; the north's 300 halves to 150, paid
 *    as 200, so the dealer pays 700 and the other non-dealer 500.
 *
 * Each case is a log (a result-only game of 3 players built through the model's API) that obeys
 * one setting, checked under it (no finding) and under the other (the payments are flagged).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "paifu.h"
#include "verify_codes.h"

#include <stdio.h>
#include <string.h>

typedef struct sanma_case {
    const char *name;
    int winner;         /* the dealer is seat 0 */
    int han, fu;
    int32_t deltas[3];  /* what the log records */
    int32_t nondealer;  /* per-payer payments the log records (non-dealer / dealer) */
    int32_t dealer;
    bool loss;          /* the setting the log obeys */
} sanma_case;

static const sanma_case cases[] = {
    {"non-dealer mangan, tsumo loss", 1, 5, 30, {-4000, 6000, -2000}, 2000, 4000, true},
    {"dealer mangan, tsumo loss", 0, 5, 30, {8000, -4000, -4000}, 4000, 0, true},
    {"non-dealer mangan, north bisection 5000-3000", 1, 5, 30, {-5000, 8000, -3000}, 3000, 5000,
     false},
    {"dealer mangan, north bisection", 0, 5, 30, {12000, -6000, -6000}, 6000, 0, false},
    {"non-dealer 1 han 30 fu, north bisection: 150 paid as 200", 2, 1, 30, {-700, -500, 1200},
     500, 700, false},
};

/* A 3-player game of one deal: C's win by tsumo, recorded with its deltas, its points and its
   per-payer payments; then a deal that starts from the scores those deltas give and ends in a
   draw nobody is tenpai in. Verified under tenhou with 3 players and sanma_tsumo_loss LOSS;
   returns the number of findings and their codes in CODES. */
static size_t verify(const sanma_case *c, bool loss, char *codes, size_t size)
{
    paifu_game *g = NULL;
    assert_int_equal(paifu_game_new(&g, NULL), 0);
    assert_int_equal(paifu_game_set_players(g, 3, NULL), 0);
    int32_t scores[4] = {35000, 35000, 35000, 0};
    for (int deal = 0; deal < 2; deal++) {
        paifu_deal_start st;
        paifu_deal_start_init(&st);
        st.dealer = (int8_t)(deal == 0 || c->winner == 0 ? 0 : 1);
        st.hand_number = (uint8_t)st.dealer;
        st.honba = (int16_t)(deal == 1 && c->winner == 0 ? 1 : 0);
        st.flags = PAIFU_DEAL_HAS_STICKS | PAIFU_DEAL_HAS_SCORES;
        memcpy(st.scores, scores, sizeof(st.scores));
        assert_int_equal(paifu_game_begin_deal(g, &st, 0, 0, NULL), 0);
        assert_int_equal(paifu_game_set_deal_result_only(g, NULL), 0);
        if (deal == 1) {
            paifu_draw dr;
            paifu_draw_init(&dr, PAIFU_DRAW_EXHAUSTIVE);
            dr.known = PAIFU_REC_TENPAI;
            assert_int_equal(paifu_game_add_draw(g, &dr, 0, 0, NULL), 0);
            break;
        }
        paifu_win w;
        paifu_win_init(&w);
        w.winner = (int8_t)c->winner;
        w.from = (int8_t)c->winner;
        w.han = (int16_t)c->han;
        w.fu = (int16_t)c->fu;
        w.points = c->deltas[c->winner];
        w.payment_nondealer = c->nondealer;
        w.payment_dealer = c->dealer;
        w.known = PAIFU_REC_HAN | PAIFU_REC_FU | PAIFU_REC_DELTAS | PAIFU_REC_POINTS |
                  PAIFU_REC_PAYMENTS;
        memcpy(w.deltas, c->deltas, sizeof(c->deltas));
        assert_int_equal(paifu_game_add_win(g, &w, 0, 0, NULL), 0);
        for (int s = 0; s < 3; s++)
            scores[s] += c->deltas[s];
    }
    paifu_rules *r = NULL;
    assert_int_equal(paifu_rules_preset(&r, "tenhou", NULL), 0);
    assert_int_equal(paifu_rules_set_assignment(r, "players=3", NULL), 0);
    assert_int_equal(paifu_rules_set(r, "sanma_tsumo_loss", loss ? "true" : "false", NULL), 0);
    /* the log is a fragment of a game: it ends where it ends */
    assert_int_equal(paifu_rules_set(r, "time_limit", "true", NULL), 0);
    size_t n = verify_codes(g, r, codes, size);
    paifu_rules_free(r);
    paifu_game_free(g);
    return n;
}

static void obeys_its_setting(void **state)
{
    (void)state;
    char codes[256];
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
        if (verify(&cases[i], cases[i].loss, codes, sizeof(codes)) != 0)
            fail_msg("%s, sanma_tsumo_loss=%d: %s", cases[i].name, cases[i].loss, codes);
}

static void breaks_the_other(void **state)
{
    (void)state;
    char codes[256];
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        verify(&cases[i], !cases[i].loss, codes, sizeof(codes));
        /* the recorded deltas are not what a win pays under the other setting */
        if (!strstr(codes, ",score.delta,"))
            fail_msg("%s, sanma_tsumo_loss=%d: no score.delta in %s", cases[i].name,
                     !cases[i].loss, codes);
        print_message("%s, sanma_tsumo_loss=%d: %s\n", cases[i].name, !cases[i].loss, codes);
    }
}

/*
 * paifu_score_hand's total: what the winner of a pinfu tsumo (2 han 20 fu, base 320) collects.
 * 4 players: 400 from a non-dealer, 700 from the dealer; the dealer gets 700 from each.
 * Tsumo loss: 400 + 700 = 1100 for a non-dealer, 700 + 700 = 1400 for the dealer. Bisection: the
 * north's 400 (700 from the dealer's tsumo) halves to 200 (350, paid as 400) added to each payer:
 * 600 + 900 = 1500, and 1100 + 1100 = 2200.
 */
static void score_total(void **state)
{
    (void)state;
    static const struct {
        int seat;
        bool loss;
        int32_t total;
    } want[] = {{1, true, 1100}, {0, true, 1400}, {1, false, 1500}, {0, false, 2200}};
    for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
        paifu_rules *r = NULL;
        assert_int_equal(paifu_rules_preset(&r, "tenhou", NULL), 0);
        assert_int_equal(paifu_rules_set_assignment(r, "players=3", NULL), 0);
        assert_int_equal(
            paifu_rules_set(r, "sanma_tsumo_loss", want[i].loss ? "true" : "false", NULL), 0);
        paifu_hand h;
        paifu_situation sit;
        paifu_situation_init(&sit);
        assert_int_equal(paifu_hand_parse(&h, &sit.win_tile, "23456m456p789s55s +1m", NULL), 0);
        sit.flags = PAIFU_SIT_TSUMO;
        sit.round_wind = 0;
        sit.seat_wind = (uint8_t)want[i].seat;
        paifu_score sc;
        assert_int_equal(paifu_score_hand(&sc, &h, &sit, r, NULL), 0);
        assert_int_equal(sc.han, 2);
        assert_int_equal(sc.fu, 20);
        if (sc.total != want[i].total)
            fail_msg("seat wind %d, sanma_tsumo_loss=%d: total %d, expected %d", want[i].seat,
                     want[i].loss, (int)sc.total, (int)want[i].total);
        paifu_rules_free(r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(obeys_its_setting),
        cmocka_unit_test(breaks_the_other),
        cmocka_unit_test(score_total),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
