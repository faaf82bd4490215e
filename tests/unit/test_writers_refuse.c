/*
 * test_writers_refuse.c: what a target format has no way to hold is refused by its writer,
 * with the deal named and nothing written, never written as something else
 * (shared/formats/tenhou6-json.md §4: codes 11-47 and 51-53, no bonus tile, §5: an added kan
 * extends a pon, §7: one result per round; tenhou-xml.md §2.1: ids 0-135, §4.9; mjai.md:
 * start_kyoku's tehais of 13 tiles, no flower event).
 *
 * Each game is built here: East 1, four players with 13 tiles each (no kind more than four
 * times), then the events of the case; each case names the formats that must refuse it and the
 * words of the refusal.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deal_build.h"
#include "paifu.h"
#include "write_sink.h"

static paifu_tile T(const char *name)
{
    return deal_build_tile(name);
}

static const char *const HANDS[] = {"123456789m1234p", "123456789p5678s", "123456789s2345z",
                                    "123456789m1234z"};

static void short_hand(paifu_deal_start *st) /* seat 2 is dealt 12 tiles */
{
    st->n_hand[2] = 12;
}

static void east_5(paifu_deal_start *st) /* a fifth hand of a round */
{
    st->hand_number = 4;
}

static void hidden_tile(paifu_deal_start *st) /* a "?" in seat 3's hand */
{
    st->hands[3][0] = PAIFU_TILE_NONE;
}

/* East 1 under Tenhou's rules (deal_build.h); SHORT: seat 2 is dealt 12 tiles. */
static paifu_game *new_game(bool short_hand_dealt)
{
    return deal_build(4, HANDS, short_hand_dealt ? short_hand : NULL);
}

static void add_flags(paifu_game *g, paifu_event_type type, int seat, const char *tile, int from,
                      const char *hand, unsigned flags)
{
    paifu_event e;
    paifu_event_init(&e, type, seat);
    e.flags = (uint8_t)flags;
    e.tile = tile ? T(tile) : PAIFU_TILE_NONE;
    e.from = (int8_t)from;
    if (hand) {
        size_t n;
        assert_int_equal(paifu_tile_parse(e.tiles, 4, &n, hand, NULL), 0);
        e.n = (uint8_t)n;
    }
    assert_int_equal(paifu_game_add_event(g, &e, NULL), 0);
}

static void add(paifu_game *g, paifu_event_type type, int seat, const char *tile, int from,
                const char *hand)
{
    add_flags(g, type, seat, tile, from, hand, 0);
}

static void exhaustive(paifu_game *g, bool deltas)
{
    paifu_draw d;
    paifu_draw_init(&d, PAIFU_DRAW_EXHAUSTIVE);
    d.known = deltas ? PAIFU_REC_DELTAS : 0;
    assert_int_equal(paifu_game_add_draw(g, &d, 0, 0, NULL), 0);
}

/* FORMAT refuses G: PAIFU_EUNSUPPORTED naming WORDS and the deal, no loss, no byte written. */
static void refuses(const paifu_game *g, const char *format, const char *words)
{
    static sink s;
    paifu_error err;
    int rc = sink_write(&s, format, &g, 1, false, &err);
    if (rc != PAIFU_EUNSUPPORTED || !strstr(err.text, words))
        fail_msg("%s: status %d \"%s\", expected a refusal naming \"%s\"", format, rc, err.text,
                 words);
    /* the deal is named, except by mjai's refusal of flowers, made for the whole game before
       any deal is written */
    char label[16];
    paifu_deal_label(label, sizeof(label), &paifu_game_deal(g, 0)->start); /* "E1-0" */
    if (strcmp(format, "mjai") != 0 || !strstr(words, "flowers"))
        assert_string_equal(err.where.deal, label);
    assert_int_equal(s.n_lost, 0);
    assert_int_equal(s.len, 0);
}

/* The same game without the case's fault is written by each format. */
static void written(const paifu_game *g, const char *format)
{
    static sink s;
    paifu_error err;
    if (sink_write(&s, format, &g, 1, false, &err) < 0)
        fail_msg("%s: %s", format, err.text);
    assert_true(s.len > 0);
}

/* A flower drawn and set aside: no format of Tenhou's or mjai has a bonus tile. */
static void a_flower(void **state)
{
    (void)state;
    paifu_game *g = new_game(false);
    add(g, PAIFU_EV_DRAW, 0, "1z", -1, NULL);
    add(g, PAIFU_EV_DISCARD, 0, "1z", -1, NULL);
    exhaustive(g, true);
    written(g, "tenhou6");
    written(g, "tenhou-xml");
    written(g, "mjai");
    paifu_game_free(g);

    g = new_game(false);
    add(g, PAIFU_EV_DRAW, 0, "1f", -1, NULL);
    add(g, PAIFU_EV_FLOWER, 0, "1f", -1, NULL);
    exhaustive(g, true);
    refuses(g, "tenhou6", "a flower (tenhou6 has no bonus tiles)");
    refuses(g, "tenhou-xml", "a flower (mjlog has no bonus tiles)");
    refuses(g, "mjai", "flowers");
    paifu_game_free(g);
}

/* An added kan with no pon of its tile before it. */
static void an_added_kan_without_its_pon(void **state)
{
    (void)state;
    paifu_game *g = new_game(false);
    add(g, PAIFU_EV_DRAW, 0, "9m", -1, NULL);
    add(g, PAIFU_EV_SHOUMINKAN, 0, "9m", -1, NULL);
    exhaustive(g, true);
    refuses(g, "tenhou6", "an added kan without the pon it extends");
    refuses(g, "tenhou-xml", "an added kan without the pon it extends");
    paifu_game_free(g);
}

/* A starting hand of 12 tiles. */
static void a_short_starting_hand(void **state)
{
    (void)state;
    paifu_game *g = new_game(true);
    exhaustive(g, true);
    refuses(g, "tenhou6", "a deal without 13-tile starting hands");
    refuses(g, "mjai", "a deal without 13-tile starting hands");
    paifu_game_free(g);
}

/* What mjai's start_kyoku cannot hold (mjai.md: kyoku 1..4, every tile named) */
static void deals_mjai_cannot_start(void **state)
{
    (void)state;
    paifu_game *g = deal_build(4, HANDS, east_5);
    exhaustive(g, true);
    refuses(g, "mjai", "a deal numbered beyond 4 in its round (mjai's kyoku is 1..4)");
    paifu_game_free(g);
    g = deal_build(4, HANDS, hidden_tile);
    exhaustive(g, true);
    refuses(g, "mjai", "a tile the log does not show");
    paifu_game_free(g);
}

/* An exhaustive draw whose score changes are neither recorded nor to be had from a next deal:
   the result needs them (tenhou6-json.md §7.2). */
static void a_draw_without_its_score_changes(void **state)
{
    (void)state;
    paifu_game *g = new_game(false);
    exhaustive(g, false);
    refuses(g, "tenhou6", "a draw whose score changes the log does not give");
    paifu_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_flower),
        cmocka_unit_test(an_added_kan_without_its_pon),
        cmocka_unit_test(a_short_starting_hand),
        cmocka_unit_test(deals_mjai_cannot_start),
        cmocka_unit_test(a_draw_without_its_score_changes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
