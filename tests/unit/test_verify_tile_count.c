/*
 * test_verify_tile_count.c: a fifth copy of a tile anywhere at the table. RRC 2024 §3.1.1 and
 * EMA 2012 §1.1 fix the set: 34 kinds, each four times (136 tiles); RRC 2024 §3.6: one red
 * five a suit. The replay counts every tile that comes to light in a deal (starting hands,
 * draws, dora indicators) across the whole table, by kind and red fives by suit, and a fifth
 * copy (or a second red five) is deal.tile_count, with or without physical tile ids.
 *
 * The deal (written for this test, RRC rules): the dealer draws a 7z and lets it go, seat 1
 * lets a 1z go, seat 2 discards a 5p and seat 1 (234567m34p67855s) wins on it. The indicator is
 * a 7z: with seat 3's two 7z and the dealer's draw that makes four. Breaks: seat 2 also holds a
 * 7z (a fifth, which with tile ids can only be an id used twice); the dealer holds a red 5p
 * and seat 2 draws a second one.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "paifu.h"

#include "verify_json.h"

typedef struct build {
    char *out;
    size_t size, n;
    bool ids;
    int next[34]; /* copies of each kind given an id so far */
    bool red_used[3];
} build;

static void put(build *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(b->out + b->n, b->size - b->n, fmt, ap);
    va_end(ap);
    assert_true(k >= 0 && b->n + (size_t)k < b->size);
    b->n += (size_t)k;
}

/* Tenhou's ids (tenhou-xml.md: kind * 4 + copy; the red five of a suit is its copy 0): the
   next unused copy of T's kind; past the fourth, the first one again (a fifth copy). */
static int id_of(build *b, paifu_tile t)
{
    unsigned k = paifu_tile_kind(t);
    bool five = k < 27 && k % 9 == 4;
    if (paifu_tile_is_red(t)) {
        b->red_used[k / 9] = true;
        return (int)k * 4;
    }
    int copy = b->next[k]++ + (five ? 1 : 0);
    return (int)k * 4 + (copy < 4 ? copy : five ? 1 : 0);
}

static void tiles_ids(build *b, const char *text)
{
    paifu_tile t[16];
    size_t n = 0;
    assert_int_equal(paifu_tile_parse(t, 16, &n, text, NULL), 0);
    put(b, "[");
    for (size_t i = 0; i < n; i++)
        put(b, "%s%d", i ? ", " : "", id_of(b, t[i]));
    put(b, "]");
}

static int one_id(build *b, const char *tile)
{
    paifu_tile t;
    assert_int_equal(paifu_tile_parse_one(&t, tile, NULL), 0);
    return id_of(b, t);
}

/* The deal with HAND2 for seat 2, HAND0 for the dealer and seat 2's draw DRAW2, with ids or
   not, into OUT. */
static void deal(char *out, size_t size, bool ids, const char *hand0, const char *hand2,
                 const char *draw2)
{
    build b = {out, size, 0, ids, {0}, {false}};
    const char *hands[4] = {hand0, "234567m34p67855s", hand2, "23m666p444s12277z"};
    put(&b, "{\"paifu\": 1, \"rules\": {\"preset\": \"rrc\", \"overrides\": {\"game_length\": "
            "\"single\"}}, \"players\": [\"A\", \"B\", \"C\", \"D\"], \"deals\": [{\"round\": "
            "\"E1\", \"dealer\": 0, \"honba\": 0, \"riichi_sticks\": 0, \"scores\": [30000, "
            "30000, 30000, 30000], \"dora_indicator\": \"7z\", \"hands\": [\"%s\", \"%s\", "
            "\"%s\", \"%s\"], ",
        hands[0], hands[1], hands[2], hands[3]);
    if (ids) {
        put(&b, "\"hand_ids\": [");
        for (int s = 0; s < 4; s++) {
            put(&b, s ? ", " : "");
            tiles_ids(&b, hands[s]);
        }
        put(&b, "], \"dora_indicator_id\": %d, ", one_id(&b, "7z"));
    }
    const struct {
        const char *type;
        int seat;
        const char *tile;
    } ev[] = {{"draw", 0, "7z"}, {"discard", 0, "7z"}, {"draw", 1, "1z"}, {"discard", 1, "1z"},
              {"draw", 2, draw2}, {"discard", 2, draw2}};
    put(&b, "\"events\": [");
    int last = -1;
    for (size_t i = 0; i < sizeof(ev) / sizeof(ev[0]); i++) {
        put(&b, "{\"type\": \"%s\", \"seat\": %d, \"tile\": \"%s\"", ev[i].type, ev[i].seat,
            ev[i].tile);
        if (ids && !strcmp(ev[i].type, "draw"))
            put(&b, ", \"id\": %d", last = one_id(&b, ev[i].tile));
        else if (ids)
            put(&b, ", \"id\": %d", last);
        put(&b, "},");
    }
    put(&b, "{\"type\": \"win\", \"seat\": 1, \"from\": 2, \"tile\": \"%s\"}]}]}", draw2);
}

static void codes(char *got, size_t size, bool ids, const char *hand0, const char *hand2,
                  const char *draw2)
{
    char doc[8192];
    deal(doc, sizeof(doc), ids, hand0, hand2, draw2);
    verify_json_codes(got, size, doc);
}

#define HAND0 "1199m55p2379s346z"
#define HAND0_RED "1199m05p2379s346z"
#define HAND2 "123456m789p1234s"
#define HAND2_7Z "123456m789p123s7z"

static void four_copies_obey(void **state)
{
    (void)state;
    for (int ids = 0; ids < 2; ids++) {
        char got[256];
        codes(got, sizeof(got), ids, HAND0, HAND2, "5p");
        assert_string_equal(got, "");
        codes(got, sizeof(got), ids, HAND0_RED, HAND2, "5p"); /* one red 5p */
        assert_string_equal(got, "");
    }
}

static void a_fifth_7z_across_hands_draws_and_the_indicator(void **state)
{
    (void)state;
    for (int ids = 0; ids < 2; ids++) {
        char got[256];
        codes(got, sizeof(got), ids, HAND0, HAND2_7Z, "5p");
        assert_string_equal(got, "deal.tile_count;");
    }
}

static void a_second_red_5p(void **state)
{
    (void)state;
    for (int ids = 0; ids < 2; ids++) {
        char got[256];
        codes(got, sizeof(got), ids, HAND0_RED, HAND2, "0p");
        assert_string_equal(got, "deal.tile_count;");
    }
}

int main(void)
{
    paifu_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(four_copies_obey),
        cmocka_unit_test(a_fifth_7z_across_hands_draws_and_the_indicator),
        cmocka_unit_test(a_second_red_5p),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
