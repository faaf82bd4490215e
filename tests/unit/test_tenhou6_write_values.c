/*
 * test_tenhou6_write_values.c: a win's score string in tenhou.net/6 (shared/formats/
 * tenhou6-json.md §7.1: "30符4飜7700点", a limit's name and its points, "∀" for a dealer's
 * tsumo) from a log that records less than the string says: the points a ron's han and fu give
 * are computed (and reported as computed), the fu of a limit hand is lost (a limit's string
 * names no fu), and what the log does record is written as it is.
 *
 * The deal (written for this test, RRC rules): seat 0 discards 2p, seat 1 (234567m34p67855s)
 * wins on it; the indicator 1p makes 2p dora.
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

#define DOC(win, points)                                                                           \
    "{\"paifu\": 1, \"rules\": {\"preset\": \"rrc\", \"overrides\": {\"game_length\": "            \
    "\"single\"}}, \"players\": [\"A\", \"B\", \"C\", \"D\"],"                                     \
    "\"deals\": [{\"round\": \"E1\", \"dealer\": 0, \"honba\": 0, \"riichi_sticks\": 0,"           \
    "\"scores\": [30000, 30000, 30000, 30000], \"dora_indicator\": \"1p\", \"hands\": "            \
    "[\"123m456p78s11z555z\", \"234567m34p67855s\", \"123456m789p1234s\", "                        \
    "\"23m666p444s12277z\"], \"events\": ["                                                        \
    "{\"type\": \"draw\", \"seat\": 0, \"tile\": \"2p\"},"                                         \
    "{\"type\": \"discard\", \"seat\": 0, \"tile\": \"2p\"},"                                      \
    "{\"type\": \"win\", \"seat\": 1, \"from\": 0, \"tile\": \"2p\"" win "}]}],"                   \
    "\"result\": {\"points\": " points "}}"

/* the final points: the score changes of the one win, which the result needs */
#define RON_3900 "[26100, 33900, 30000, 30000]"
#define RON_8000 "[22000, 38000, 30000, 30000]"

static sink g_sink;

/* DOC's game written as tenhou6 into g_sink (its losses collected). */
static void write_doc(const char *doc)
{
    paifu_game *g = NULL;
    paifu_error err;
    paifu_error_clear(&err);
    if (paifu_game_read_buffer(&g, doc, strlen(doc), NULL, &err) < 0)
        fail_msg("read: %s at %s", err.text, err.where.path);
    const paifu_game *one = g;
    if (sink_write(&g_sink, "tenhou6", &one, 1, false, &err) < 0)
        fail_msg("tenhou6: %s", err.text);
    paifu_game_free(g);
}

static void has(const char *part)
{
    if (!strstr(g_sink.data, part))
        fail_msg("no %s in %s", part, g_sink.data);
}

static void print_losses(void)
{
    for (int i = 0; i < g_sink.n_lost; i++)
        fprintf(stderr, "  lost: %s\n", g_sink.lost[i]);
}

/* han, fu, "no limit" and yaku only (the rank is never worked out: the limit is recorded): seat 1's
   tanyao, pinfu and the 2p dora, 3 han 30 fu, a non-dealer's ron, is 3900 (the points table of
   riichi-rulesets.md) */
#define YAKU ", \"yaku\": [[\"tanyao\", 1], [\"pinfu\", 1], [\"dora\", 1]]"
static void points_from_han_and_fu(void **state)
{
    (void)state;
    write_doc(DOC(", \"han\": 3, \"fu\": 30, \"limit\": \"none\"" YAKU, RON_3900));
    has("\"30符3飜3900点\"");
    if (!reported(&g_sink, "the points or limit of 1 win(s)"))
        print_losses();
    assert_true(reported(&g_sink, "the points or limit of 1 win(s)"));
    /* recorded points are written as recorded, and not said to be computed */
    write_doc(
        DOC(", \"han\": 3, \"fu\": 30, \"limit\": \"none\", \"points\": 3900" YAKU, RON_3900));
    has("\"30符3飜3900点\"");
    assert_false(reported(&g_sink, "the points or limit of"));
}

/* a mangan recorded with its fu (values as a log records them: the writer does not judge
   them): the string is 満貫8000点, the 40 fu lost */
static void the_fu_of_a_limit_hand(void **state)
{
    (void)state;
    write_doc(
        DOC(", \"han\": 5, \"fu\": 40, \"limit\": \"mangan\", \"points\": 8000" YAKU, RON_8000));
    has("\"満貫8000点\"");
    if (!reported(&g_sink, "the fu of limit hands"))
        print_losses();
    assert_true(reported(&g_sink, "the fu of limit hands"));
    /* without its fu: nothing lost */
    write_doc(DOC(", \"han\": 5, \"limit\": \"mangan\", \"points\": 8000" YAKU, RON_8000));
    has("\"満貫8000点\"");
    assert_false(reported(&g_sink, "the fu of limit hands"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(points_from_han_and_fu),
        cmocka_unit_test(the_fu_of_a_limit_hand),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
