/*
 * test_tenhou6_dora.c: every dora indicator of a deal reaches tenhou6's list (log element 2, spec
 * shared/formats/tenhou6-json.md §3: the indicators in the order they were revealed), and a deal
 * with more indicators than the writer keeps is refused, never cut. A legal deal has at most
 * five (the first and one per kan, RRC 2024 §3.3: at most four kans), but a log may show more
 * and the converter must not drop them silently (mutation testing found the cap unpinned).
 * Expected values: the tiles the test puts in the log, coded as spec §3 codes them (1z = 41).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <jansson.h>
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

/* A Tenhou game, one deal East 1 with the first indicator 1s, then seat 0 draws 1z; then
   EXTRA dora events (honours 1z..7z, then 1z.. again), then an exhaustive draw. */
static paifu_game *deal_with_dora(int extra)
{
    paifu_game *g = NULL;
    assert_int_equal(paifu_game_new(&g, NULL), 0);
    assert_int_equal(paifu_game_set_rules_name(g, "tenhou", NULL), 0);
    static const char *const NAMES[] = {"A", "B", "C", "D"};
    paifu_deal_start st;
    paifu_deal_start_init(&st);
    st.flags = PAIFU_DEAL_HAS_SCORES | PAIFU_DEAL_HAS_HANDS | PAIFU_DEAL_HAS_STICKS;
    st.dora_indicator = T("1s");
    for (int s = 0; s < 4; s++) {
        assert_int_equal(paifu_game_set_player_name(g, s, NAMES[s], NULL), 0);
        st.scores[s] = 25000;
        st.n_hand[s] = 13;
        size_t got;
        assert_int_equal(paifu_tile_parse(st.hands[s], 13, &got, "1112345678999m", NULL), 0);
    }
    assert_int_equal(paifu_game_begin_deal(g, &st, 0, 0, NULL), 0);
    paifu_event e;
    paifu_event_init(&e, PAIFU_EV_DRAW, 0);
    e.tile = T("1z");
    assert_int_equal(paifu_game_add_event(g, &e, NULL), 0);
    static const char *const HONOURS[] = {"1z", "2z", "3z", "4z", "5z", "6z", "7z"};
    for (int i = 0; i < extra; i++) {
        paifu_event_init(&e, PAIFU_EV_DORA, -1);
        e.tile = T(HONOURS[i % 7]);
        assert_int_equal(paifu_game_add_event(g, &e, NULL), 0);
    }
    paifu_draw d;
    paifu_draw_init(&d, PAIFU_DRAW_EXHAUSTIVE);
    d.known = PAIFU_REC_DELTAS; /* nobody tenpai: no payments */
    assert_int_equal(paifu_game_add_draw(g, &d, 0, 0, NULL), 0);
    return g;
}

/* Ten indicators (the first and nine dora events): all ten, in order. */
static void test_ten_indicators_written(void **state)
{
    (void)state;
    paifu_game *g = deal_with_dora(9);
    static sink s;
    paifu_error err;
    paifu_error_clear(&err);
    const paifu_game *one = g;
    if (sink_write(&s, "tenhou6", &one, 1, false, &err) < 0)
        fail_msg("tenhou6 writer: %s", err.text);
    json_error_t je;
    json_t *doc = json_loads(s.data, 0, &je);
    assert_non_null(doc);
    const json_t *dora = json_array_get(json_array_get(json_object_get(doc, "log"), 0), 2);
    json_t *want = json_loads("[31,41,42,43,44,45,46,47,41,42]", 0, NULL);
    if (!json_equal(dora, want)) {
        char *text = json_dumps(dora, JSON_COMPACT);
        fail_msg("dora indicators %s, expected [31,41,42,43,44,45,46,47,41,42]", text);
    }
    json_decref(want);
    json_decref(doc);
    paifu_game_free(g);
}

/* Eleven and twelve indicators: refused (the deal named), not cut to ten or written past them. */
static void test_more_refused(void **state)
{
    (void)state;
    for (int extra = 10; extra <= 11; extra++) {
        paifu_game *g = deal_with_dora(extra);
        static sink s;
        paifu_error err;
        paifu_error_clear(&err);
        const paifu_game *one = g;
        assert_int_equal(sink_write(&s, "tenhou6", &one, 1, false, &err), PAIFU_EUNSUPPORTED);
        assert_non_null(strstr(err.text, "dora indicators"));
        assert_string_equal(err.where.deal, "E1-0");
        paifu_game_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ten_indicators_written),
        cmocka_unit_test(test_more_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
