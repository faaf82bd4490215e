/* test_table_state.c: the table at an event of a deal (paifu_deal_state_at, lib/model/
   table_state.c): hands, melds, discards and dora followed from the starting hands. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "paifu/game.h"
#include "paifu/rules.h"

static paifu_tile tile(const char *name)
{
    paifu_tile t;
    assert_int_equal(paifu_tile_parse_one(&t, name, NULL), 0);
    return t;
}

static void add(paifu_game *g, paifu_event_type type, int seat, const char *t, int from,
                const char *hand_tiles)
{
    paifu_event ev;
    paifu_event_init(&ev, type, seat);
    ev.tile = t ? tile(t) : PAIFU_TILE_NONE;
    ev.from = (int8_t)from;
    size_t n = 0;
    if (hand_tiles)
        assert_int_equal(paifu_tile_parse(ev.tiles, 4, &n, hand_tiles, NULL), 0);
    ev.n = (uint8_t)n;
    assert_int_equal(paifu_game_add_event(g, &ev, NULL), 0);
}

static void format(char *buf, const paifu_tile *t, size_t n)
{
    paifu_tile_format(buf, 64, t, n);
}

/* A new game of one deal dealt HANDS (13 tiles each), dora indicator 3s. */
static paifu_game *dealt(const char *const hands[4])
{
    paifu_game *g;
    assert_int_equal(paifu_game_new(&g, NULL), 0);
    paifu_deal_start st;
    paifu_deal_start_init(&st);
    st.flags = PAIFU_DEAL_HAS_HANDS;
    st.dora_indicator = tile("3s");
    for (int p = 0; p < 4; p++) {
        size_t n;
        assert_int_equal(paifu_tile_parse(st.hands[p], PAIFU_MAX_HAND, &n, hands[p], NULL), 0);
        assert_int_equal(n, 13);
        st.n_hand[p] = (uint8_t)n;
    }
    assert_int_equal(paifu_game_begin_deal(g, &st, 0, 0, NULL), 0);
    return g;
}

/* Seat 0 draws and discards 1z, seat 1 pons it with 11z, discards 9p; a kan dora appears;
   seat 2 draws 5m, declares a closed kan of 5555m and draws a replacement. */
static paifu_game *game(void)
{
    static const char *const hands[4] = {"123m456p789s1z234s", "19p11z4567m23456s",
                                         "555m123p789p11z22z", "2468m2468p2468s3z"};
    paifu_game *g = dealt(hands);
    add(g, PAIFU_EV_DRAW, 0, "7z", -1, NULL);   /* 0 */
    add(g, PAIFU_EV_DISCARD, 0, "1z", -1, NULL); /* 1 */
    add(g, PAIFU_EV_PON, 1, "1z", 0, "11z");    /* 2 */
    add(g, PAIFU_EV_DISCARD, 1, "9p", -1, NULL); /* 3 */
    add(g, PAIFU_EV_DRAW, 2, "5m", -1, NULL);   /* 4 */
    add(g, PAIFU_EV_ANKAN, 2, NULL, -1, "5555m"); /* 5 */
    add(g, PAIFU_EV_DORA, -1, "8p", -1, NULL);   /* 6 */
    add(g, PAIFU_EV_DRAW, 2, "6z", -1, NULL);   /* 7 */
    return g;
}

static void before_and_after_a_pon(void **state)
{
    (void)state;
    paifu_game *g = game();
    const paifu_deal *d = paifu_game_deal(g, 0);
    paifu_table_state s;
    char b[64];
    assert_int_equal(paifu_deal_state_at(&s, d, 0, NULL), 0); /* the deal as dealt */
    format(b, s.hand[0], s.n_hand[0]);
    assert_string_equal(b, "123m456p234789s1z");
    assert_int_equal(s.n_dora, 1);
    assert_int_equal(s.n_discards[0], 0);

    assert_int_equal(paifu_deal_state_at(&s, d, 2, NULL), 0); /* before the pon */
    format(b, s.hand[0], s.n_hand[0]);
    assert_string_equal(b, "123m456p234789s7z");
    assert_int_equal(s.n_discards[0], 1);
    assert_int_equal(s.discards[0][0].tile, tile("1z"));
    assert_int_equal(s.discards[0][0].flags & PAIFU_STATE_CALLED, 0);

    assert_int_equal(paifu_deal_state_at(&s, d, 3, NULL), 0); /* after it */
    assert_true(s.discards[0][0].flags & PAIFU_STATE_CALLED);
    assert_int_equal(s.n_melds[1], 1);
    assert_int_equal(s.melds[1][0].type, PAIFU_EV_PON);
    assert_int_equal(s.melds[1][0].from, 0);
    format(b, s.melds[1][0].tiles, s.melds[1][0].n);
    assert_string_equal(b, "111z");
    format(b, s.hand[1], s.n_hand[1]);
    assert_string_equal(b, "4567m19p23456s");
    paifu_game_free(g);
}

static void a_closed_kan_and_its_dora(void **state)
{
    (void)state;
    paifu_game *g = game();
    const paifu_deal *d = paifu_game_deal(g, 0);
    paifu_table_state s;
    char b[64];
    assert_int_equal(paifu_deal_state_at(&s, d, d->n_events, NULL), 0); /* after the last */
    assert_int_equal(s.n_melds[2], 1);
    assert_int_equal(s.melds[2][0].type, PAIFU_EV_ANKAN);
    format(b, s.melds[2][0].tiles, s.melds[2][0].n);
    assert_string_equal(b, "5555m");
    format(b, s.hand[2], s.n_hand[2]);
    assert_string_equal(b, "123789p11226z");
    format(b, s.dora, s.n_dora);
    assert_string_equal(b, "3s8p"); /* in the order they were shown */
    paifu_game_free(g);
}

/* Seat 0 holds honours only (its lowest tile is East, kind 27), seat 1 pons seat 2's 1z: the
   sorting of the hands touches the hands and nothing else (seat 1's meld and count stay). */
static void honours_in_seat_0(void **state)
{
    (void)state;
    static const char *const hands[4] = {"7776665554443z", "19p11z4567m23456s",
                                         "1z555m123p789p222z", "2468m2468p2468s3z"};
    paifu_game *g = dealt(hands);
    add(g, PAIFU_EV_DRAW, 2, "9s", -1, NULL);
    add(g, PAIFU_EV_DISCARD, 2, "1z", -1, NULL);
    add(g, PAIFU_EV_PON, 1, "1z", 2, "11z");
    add(g, PAIFU_EV_DISCARD, 1, "9p", -1, NULL);
    const paifu_deal *d = paifu_game_deal(g, 0);
    paifu_table_state s;
    char b[64];
    assert_int_equal(paifu_deal_state_at(&s, d, d->n_events, NULL), 0);
    format(b, s.hand[0], s.n_hand[0]);
    assert_string_equal(b, "3444555666777z");
    const uint8_t melds[4] = {0, 1, 0, 0};
    assert_memory_equal(s.n_melds, melds, 4);
    assert_int_equal(s.melds[1][0].type, PAIFU_EV_PON);
    assert_int_equal(s.melds[1][0].from, 2);
    format(b, s.melds[1][0].tiles, s.melds[1][0].n);
    assert_string_equal(b, "111z");
    format(b, s.hand[2], s.n_hand[2]);
    assert_string_equal(b, "555m123789p9s222z");
    paifu_game_free(g);
}

static void refused(void **state)
{
    (void)state;
    paifu_game *g = game();
    const paifu_deal *d = paifu_game_deal(g, 0);
    paifu_table_state s;
    paifu_error err;
    paifu_error_clear(&err);
    assert_int_equal(paifu_deal_state_at(&s, d, d->n_events + 1, &err), PAIFU_EINVAL);
    paifu_game_free(g);
    /* a score sheet's deal has no tiles to follow */
    assert_int_equal(paifu_game_new(&g, NULL), 0);
    paifu_deal_start st;
    paifu_deal_start_init(&st);
    assert_int_equal(paifu_game_begin_deal(g, &st, 0, 0, NULL), 0);
    assert_int_equal(paifu_game_set_deal_result_only(g, NULL), 0);
    paifu_error_clear(&err);
    assert_int_equal(paifu_deal_state_at(&s, paifu_game_deal(g, 0), 0, &err), PAIFU_EUNSUPPORTED);
    assert_non_null(strstr(err.text, "starting hands"));
    paifu_game_free(g);
}

/* paifu_table_walk: one pass gives, after every event, the state paifu_deal_state_at gives
   for that event, and the live wall's count: 136 tiles less the dead wall's 14 and 4 x 13
   dealt = 70 (shared/formats/tenhou-xml.md, the wall: "live draws + replacement draws = 70"), less
   one per draw, a replacement draw included. */
static void the_walk_follows_every_event(void **state)
{
    (void)state;
    paifu_game *g = game();
    const paifu_deal *d = paifu_game_deal(g, 0);
    paifu_rules *rules;
    assert_int_equal(paifu_rules_preset(&rules, "tenhou", NULL), 0);
    paifu_table_walk w;
    assert_int_equal(paifu_table_walk_begin(&w, d, rules, NULL), 0);
    static const int32_t wall[] = {70, 69, 69, 69, 69, 68, 68, 68, 67};
    static const uint8_t changed[] = {0x0f | PAIFU_WALK_CHANGED_DORA, 0x01, 0x01, 0x03, 0x02,
                                      0x04, 0x04, PAIFU_WALK_CHANGED_DORA, 0x04};
    for (size_t k = 0;; k++) {
        paifu_table_state at;
        assert_int_equal(paifu_deal_state_at(&at, d, k, NULL), 0);
        assert_int_equal(w.event, k);
        assert_memory_equal(&w.state, &at, sizeof(at));
        assert_int_equal(w.wall_left, wall[k]);
        assert_int_equal(w.changed, changed[k]);
        if (!paifu_table_walk_next(&w))
            break;
    }
    assert_int_equal(w.event, d->n_events);
    assert_false(paifu_table_walk_next(&w));
    paifu_rules_free(rules);
    paifu_game_free(g);
}

/* A riichi: the declaring discard marks the seat, the deposit takes 1000 points from its score
   and puts a stick on the table (002 §3.3.6: 1000 when the declaration discard passes;
   shared/rules/riichi-rulesets.md, "Riichi deposit"). */
static void a_riichi_deposit(void **state)
{
    (void)state;
    static const char *const hands[4] = {"123m456p789s1z234s", "19p11z4567m23456s",
                                         "555m123p789p11z22z", "2468m2468p2468s3z"};
    paifu_game *g;
    assert_int_equal(paifu_game_new(&g, NULL), 0);
    paifu_deal_start st;
    paifu_deal_start_init(&st);
    st.flags = PAIFU_DEAL_HAS_HANDS | PAIFU_DEAL_HAS_SCORES;
    st.riichi_sticks = 1;
    for (int p = 0; p < 4; p++) {
        size_t n;
        assert_int_equal(paifu_tile_parse(st.hands[p], PAIFU_MAX_HAND, &n, hands[p], NULL), 0);
        st.n_hand[p] = (uint8_t)n;
        st.scores[p] = 25000;
    }
    assert_int_equal(paifu_game_begin_deal(g, &st, 0, 0, NULL), 0);
    add(g, PAIFU_EV_DRAW, 0, "1z", -1, NULL);
    paifu_event ev;
    paifu_event_init(&ev, PAIFU_EV_DISCARD, 0);
    ev.tile = tile("1z");
    ev.flags = PAIFU_EVF_RIICHI;
    assert_int_equal(paifu_game_add_event(g, &ev, NULL), 0);
    add(g, PAIFU_EV_RIICHI_ACCEPTED, 0, NULL, -1, NULL);
    paifu_table_walk w;
    assert_int_equal(paifu_table_walk_begin(&w, paifu_game_deal(g, 0), NULL, NULL), 0);
    assert_int_equal(w.wall_left, -1); /* no rule set: no wall size */
    assert_true(w.scores_known);
    assert_true(paifu_table_walk_next(&w) && paifu_table_walk_next(&w));
    assert_int_equal(w.riichi, 0x01);
    assert_int_equal(w.state.discards[0][0].flags & PAIFU_EVF_RIICHI, PAIFU_EVF_RIICHI);
    assert_int_equal(w.scores[0], 25000);
    assert_true(paifu_table_walk_next(&w));
    assert_int_equal(w.scores[0], 24000);
    assert_int_equal(w.scores[1], 25000);
    assert_int_equal(w.riichi_sticks, 2);
    paifu_game_free(g);
}

/* The live wall's size by rule set: sanma 108 - 14 - 3 x 13 = 55; MCR with its 8 flowers
   144 - 4 x 13 = 92 (shared/rules/mcr.md §2.5: no dead wall, replacements come from the other
   end of the wall). */
static void live_wall_by_rules(void **state)
{
    (void)state;
    paifu_rules *r;
    assert_int_equal(paifu_rules_preset(&r, "tenhou", NULL), 0);
    assert_int_equal(paifu_rules_set(r, "players", "3", NULL), 0);
    assert_int_equal(paifu_rules_live_wall(r, 3), 55);
    paifu_rules_free(r);
    assert_int_equal(paifu_rules_preset(&r, "mcr", NULL), 0);
    assert_int_equal(paifu_rules_live_wall(r, 4), 92);
    paifu_rules_free(r);
    assert_int_equal(paifu_rules_live_wall(NULL, 4), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(before_and_after_a_pon),
        cmocka_unit_test(a_closed_kan_and_its_dora),
        cmocka_unit_test(honours_in_seat_0),
        cmocka_unit_test(refused),
        cmocka_unit_test(the_walk_follows_every_event),
        cmocka_unit_test(a_riichi_deposit),
        cmocka_unit_test(live_wall_by_rules),
    };
    return cmocka_run_group_tests_name("table_state", tests, NULL, NULL);
}
