/*
 * test_writers_carry.c: what a writer must work out when the source leaves it implicit. A
 * paifu game whose second deal records neither its start scores nor its honba and riichi
 * sticks is written by every writer and read back: the second deal must start with the riichi
 * deposit of the first deal carried over an abortive draw (000 §3.3.6, §3.8: the stick stays
 * on the table) and the declarer's 1000 gone. Expected values are worked out from the rules,
 * not taken from paifu's output. (The honba, which the abortive draw raises to 1 (§3.9), is
 * not worked out by the writers: they write the model's 0. Not checked here; reported.)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "paifu.h"

#include "write_sink.h"

#define HANDS4                                                                                     \
    "\"234m234p234s5566z\", \"234m234p234s5566z\", \"567m567p567s77z88s\", "                       \
    "\"567m567p567s77z88s\""
#define DD(seat, tile)                                                                             \
    "{\"type\": \"draw\", \"seat\": " #seat ", \"tile\": \"" tile "\"},"                           \
    "{\"type\": \"discard\", \"seat\": " #seat ", \"tile\": \"" tile "\"},"

/* Seat 0 declares riichi on its first discard (1z); the three others discard 1z: suufon. The
   second deal (East 1, one honba) says nothing of its scores or sticks. */
static const char GAME[] =
    "{\"paifu\": 1, \"rules\": {\"preset\": \"tenhou\"}, \"players\": [\"A\", \"B\", \"C\", "
    "\"D\"], \"deals\": [{\"round\": \"E1\", \"dealer\": 0, \"honba\": 0, \"riichi_sticks\": 0,"
    "\"scores\": [25000, 25000, 25000, 25000], \"dora_indicator\": \"9p\", \"hands\": [" HANDS4
    "], \"events\": [{\"type\": \"draw\", \"seat\": 0, \"tile\": \"1z\"},"
    "{\"type\": \"discard\", \"seat\": 0, \"tile\": \"1z\", \"riichi\": true},"
    "{\"type\": \"riichi_accepted\", \"seat\": 0}," DD(1, "1z") DD(2, "1z") DD(
        3,
        "1z") "{\"type\": \"abortive_draw\", \"kind\": \"suufon\", \"deltas\": [0, 0, 0, 0]}]},"
              "{\"round\": \"E1\", \"dealer\": 0, \"dora_indicator\": \"9p\", \"hands\": [" HANDS4
              "], \"events\": [" DD(0, "2z") DD(1, "2z") DD(2, "2z")
                  DD(3, "2z") "{\"type\": \"abortive_draw\", \"kind\": \"suufon\", \"deltas\": [0, "
                              "0, 0, 0]}]}]}";

static void carried_through(const paifu_game *g, const char *format)
{
    static sink out; /* large: not on the stack */
    paifu_error err;
    if (sink_write(&out, format, &g, 1, false, &err) < 0)
        fail_msg("%s: %s", format, err.text);
    paifu_read_options ro = PAIFU_READ_OPTIONS_INIT;
    ro.format = format;
    paifu_game *back = NULL;
    if (paifu_game_read_buffer(&back, out.data, out.len, &ro, &err) < 0)
        fail_msg("%s read back: %s", format, err.text);
    assert_int_equal(paifu_game_deal_count(back), 2);
    const paifu_deal_start *st = &paifu_game_deal(back, 1)->start;
    print_message("%s: second deal honba %d, sticks %d, scores %d %d\n", format, st->honba,
                  st->riichi_sticks, st->scores[0], st->scores[1]);
    assert_true(st->flags & PAIFU_DEAL_HAS_STICKS);
    /* (the honba is not worked out: the writers write the model's 0, see the issue note) */
    assert_int_equal(st->riichi_sticks, 1);
    assert_true(st->flags & PAIFU_DEAL_HAS_SCORES);
    assert_int_equal(st->scores[0], 24000);
    assert_int_equal(st->scores[1], 25000);
    assert_int_equal(st->scores[3], 25000);
    paifu_game_free(back);
}

static void sticks_and_scores_carried(void **state)
{
    (void)state;
    paifu_game *g = NULL;
    paifu_error err;
    paifu_error_clear(&err);
    if (paifu_game_read_buffer(&g, GAME, strlen(GAME), NULL, &err) < 0)
        fail_msg("%s", err.text);
    assert_false(paifu_game_deal(g, 1)->start.flags & PAIFU_DEAL_HAS_STICKS);
    static const char *const WRITERS[] = {"tenhou-xml", "tenhou6", "mjai"};
    for (size_t i = 0; i < sizeof(WRITERS) / sizeof(WRITERS[0]); i++)
        carried_through(g, WRITERS[i]);
    paifu_game_free(g);
}

int main(void)
{
    paifu_init();
    const struct CMUnitTest tests[] = {cmocka_unit_test(sticks_and_scores_carried)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
