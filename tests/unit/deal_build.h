/*
 * deal_build.h: a game of one deal built through the public API, for the writer tests
 * (test_mjai_write.c, test_writers_refuse.c): Tenhou's rules, PLAYERS seats (3: the rule
 * override too), 25000 each, dora indicator 1s, HANDS[seat] dealt (13 tiles each), then EDIT
 * (NULL: none) may change the start before the deal begins. Include it after cmocka.h and
 * paifu.h.
 */
#ifndef PAIFU_TEST_DEAL_BUILD_H
#define PAIFU_TEST_DEAL_BUILD_H

#include "paifu.h"

static inline paifu_tile deal_build_tile(const char *name)
{
    paifu_tile t;
    assert_int_equal(paifu_tile_parse_one(&t, name, NULL), 0);
    return t;
}

static inline paifu_game *deal_build(int players, const char *const *hands,
                                     void (*edit)(paifu_deal_start *))
{
    paifu_game *g = NULL;
    assert_int_equal(paifu_game_new(&g, NULL), 0);
    assert_int_equal(paifu_game_set_rules_name(g, "tenhou", NULL), 0);
    if (players == 3) {
        assert_int_equal(paifu_game_set_players(g, 3, NULL), 0);
        assert_int_equal(paifu_game_add_rule_override(g, "players", "3", NULL), 0);
    }
    paifu_deal_start st;
    paifu_deal_start_init(&st);
    st.flags = PAIFU_DEAL_HAS_SCORES | PAIFU_DEAL_HAS_HANDS | PAIFU_DEAL_HAS_STICKS;
    st.dora_indicator = deal_build_tile("1s");
    for (int s = 0; s < players; s++) {
        size_t n;
        st.scores[s] = 25000;
        assert_int_equal(paifu_tile_parse(st.hands[s], 13, &n, hands[s], NULL), 0);
        st.n_hand[s] = (uint8_t)n;
    }
    if (edit)
        edit(&st);
    assert_int_equal(paifu_game_begin_deal(g, &st, 0, 0, NULL), 0);
    return g;
}

#endif
