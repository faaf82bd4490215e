/*
 * test_tenhou6_refused.c: what the tenhou.net/6 reader refuses, and where it says the fault is
 * (shared/formats/tenhou6-json.md, "spec": §4 tile codes, §5 takes and their call strings, §6
 * discards and theirs, §7 results, §8 the order of play), each on a small document written for
 * this test; and the spellings of a yaku it reads besides Tenhou's own (§7.1).
 *
 * Every refusal is PAIFU_EFORMAT with no game, the JSON path of the faulty value (a round is
 * $.log[R]; in it 0 the head, 2 and 3 the indicators, 5 + 3 * seat the takes, 6 + 3 * seat the
 * discards, 16 the result) and words that say what was expected.
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

#define HAND "[11,12,13,14,15,16,17,18,19,21,22,23,24]"
/* One round of four players: the head, 25000 each, DORA, no ura, then per seat HAND,TAKES,
   DISCARDS, then RESULT. */
#define ROUND_OF(head, dora, t0, d0, t1, d1, t2, d2, t3, d3, result)                               \
    "[" head ",[25000,25000,25000,25000]," dora ",[]," HAND "," t0 "," d0 "," HAND "," t1 "," d1   \
    "," HAND "," t2 "," d2 "," HAND "," t3 "," d3 "," result "]"
#define ROUND(t0, d0, t1, d1, t2, d2, t3, d3, result)                                              \
    ROUND_OF("[0,0,0]", "[11]", t0, d0, t1, d1, t2, d2, t3, d3, result)
#define DOC_RULE(rule, rounds)                                                                     \
    "{\"name\":[\"A\",\"B\",\"C\",\"D\"],\"rule\":" rule ",\"log\":[" rounds "]}"
#define DOC(rounds)        DOC_RULE("{\"disp\":\"般南喰赤\",\"aka\":1}", rounds)
#define DOC_NO_RED(rounds) DOC_RULE("{\"disp\":\"般南喰\",\"aka\":0}", rounds)
/* Seat 0 draws 1m and discards it; seat 1 takes T1; the result RESULT. */
#define SEAT1(t1, result) DOC(ROUND("[11]", "[60]", t1, "[]", "[]", "[]", "[]", "[]", result))
#define DRAWN             "[\"流局\"]"

static void refused(const char *doc, const char *path, const char *words)
{
    paifu_game *g = NULL;
    paifu_error err;
    paifu_error_clear(&err);
    paifu_read_options opts = PAIFU_READ_OPTIONS_INIT;
    opts.format = "tenhou6";
    int rc = paifu_game_read_buffer(&g, doc, strlen(doc), &opts, &err);
    if (rc != PAIFU_EFORMAT)
        fail_msg("expected a refusal saying \"%s\" at %s, got %d", words, path, rc);
    assert_null(g);
    if (strcmp(err.where.path, path) != 0 || !strstr(err.text, words))
        fail_msg("refused at %s with \"%s\", expected %s and \"%s\"", err.where.path, err.text,
                 path, words);
}

static paifu_game *read_ok(const char *doc)
{
    paifu_game *g = NULL;
    paifu_error err;
    paifu_error_clear(&err);
    if (paifu_game_read_buffer(&g, doc, strlen(doc), NULL, &err) < 0)
        fail_msg("read failed: %s (path %s)", err.text, err.where.path);
    return g;
}

/* §4, §5: the codes inside a call string are tile codes, two digits each, a red five (51-53)
   only in a game with red fives; a take string is a chi, pon or open kan. */
static void call_strings_in_takes(void **state)
{
    (void)state;
    refused(SEAT1("[\"c23x425\"]", DRAWN), "$.log[0][8][0]", "expected two-digit tile codes");
    refused(SEAT1("[\"c231025\"]", DRAWN), "$.log[0][8][0]",
            "10 in \"c231025\" is not a tile code");
    /* the faulty code last, after a letter and codes that would make a chi */
    refused(SEAT1("[\"c111210\"]", DRAWN), "$.log[0][8][0]",
            "10 in \"c111210\" is not a tile code");
    refused(SEAT1("[\"c11121x\"]", DRAWN), "$.log[0][8][0]", "expected two-digit tile codes");
    refused(SEAT1("[\"p2323\"]", DRAWN), "$.log[0][8][0]", "expected a chi");
    refused(SEAT1("[\"c232\"]", DRAWN), "$.log[0][8][0]", "expected a call string such as");
    refused(SEAT1("[\"c232425\"]", DRAWN) /* well-formed, then refused for its order */, "$.log[0]",
            "cannot be put in an order");
    refused(DOC_NO_RED(ROUND("[11]", "[60]", "[\"c345253\"]", "[]", "[]", "[]", "[]", "[]", DRAWN)),
            "$.log[0][8][0]", "red five 52 in \"c345253\" in a game without red fives");
    refused(DOC_NO_RED(ROUND("[11]", "[60]", "[\"c343552\"]", "[]", "[]", "[]", "[]", "[]", DRAWN)),
            "$.log[0][8][0]", "red five 52 in \"c343552\" in a game without red fives");
    /* ... one that makes a run with the others (3p 4p 0p), after a discard of the 4p called */
    refused(
        DOC_NO_RED(ROUND("[14]", "[60]", "[\"c343352\"]", "[19]", "[]", "[]", "[]", "[]", DRAWN)),
        "$.log[0][8][0]", "red five 52 in \"c343352\" in a game without red fives");
    /* a chi has the letter first and three codes; a pon's letter is before the called tile; a
       closed or added kan is no take */
    refused(SEAT1("[\"c23242526\"]", DRAWN), "$.log[0][8][0]", "expected a chi");
    refused(SEAT1("[\"232425p\"]", DRAWN), "$.log[0][8][0]", "expected two-digit tile codes");
    refused(SEAT1("[\"232c425\"]", DRAWN), "$.log[0][8][0]", "call string");
    refused(SEAT1("[\"k232323\"]", DRAWN), "$.log[0][8][0]", "expected a chi");
    refused(SEAT1("[\"111111a11\"]", DRAWN), "$.log[0][8][0]", "expected a chi");
    /* a take is a code or a string */
    refused(SEAT1("[true]", DRAWN), "$.log[0][8][0]", "expected a tile code or a call string");
    refused(SEAT1("[[11]]", DRAWN), "$.log[0][8][0]", "expected a tile code or a call string");
    /* 60 and 0 are discards only */
    refused(SEAT1("[60]", DRAWN), "$.log[0][8][0]", "expected a tile code (11-19");
    refused(SEAT1("[0]", DRAWN), "$.log[0][8][0]", "expected a tile code (11-19");
    refused(DOC_NO_RED(ROUND("[51]", "[60]", "[]", "[]", "[]", "[]", "[]", "[]", DRAWN)),
            "$.log[0][5][0]", "red five 51 in a game without red fives");
}

/* §6: a discard string is a riichi, an added kan, a closed kan or a kita. */
static void call_strings_in_discards(void **state)
{
    (void)state;
    const char *kinds = "expected a riichi (\"r\" + code), added kan";
    refused(DOC(ROUND("[11]", "[\"c232425\"]", "[]", "[]", "[]", "[]", "[]", "[]", DRAWN)),
            "$.log[0][6][0]", kinds);
    refused(DOC(ROUND("[11]", "[\"p111111\"]", "[]", "[]", "[]", "[]", "[]", "[]", DRAWN)),
            "$.log[0][6][0]", kinds);
    refused(DOC(ROUND("[11]", "[\"1111a11\"]", "[]", "[]", "[]", "[]", "[]", "[]", DRAWN)),
            "$.log[0][6][0]", kinds);
    /* kita is "f44" only: another tile set aside is no kita */
    refused(DOC(ROUND("[11]", "[\"f43\"]", "[]", "[]", "[]", "[]", "[]", "[]", DRAWN)),
            "$.log[0][6][0]", kinds);
    refused(DOC(ROUND("[11]", "[\"r1x\"]", "[]", "[]", "[]", "[]", "[]", "[]", DRAWN)),
            "$.log[0][6][0]", "expected two-digit tile codes");
    refused(DOC(ROUND("[11]", "[\"r10\"]", "[]", "[]", "[]", "[]", "[]", "[]", DRAWN)),
            "$.log[0][6][0]", "not a tile code");
    refused(DOC(ROUND("[11]", "[61]", "[]", "[]", "[]", "[]", "[]", "[]", DRAWN)), "$.log[0][6][0]",
            "expected a tile code (11-19, 21-29, 31-39, 41-47, 51-53, 60 or 0)");
    refused(DOC(ROUND("[11]", "[null]", "[]", "[]", "[]", "[]", "[]", "[]", DRAWN)),
            "$.log[0][6][0]", "expected a tile code or a call string, found null");
}

/* The round's lists: arrays, of tile codes where codes are due, red fives where the game has
   them, no entries for a fourth seat of a 3-player game, a dealer who plays. */
static void round_lists(void **state)
{
    (void)state;
    refused(DOC(ROUND("{}", "[60]", "[]", "[]", "[]", "[]", "[]", "[]", DRAWN)), "$.log[0][5]",
            "expected the takes of seat 0 (an array), found an object");
    refused(DOC(ROUND("[11]", "[60]", "[]", "[]", "[]", "\"x\"", "[]", "[]", DRAWN)),
            "$.log[0][12]", "expected the discards of seat 2 (an array)");
    refused(DOC_NO_RED(ROUND_OF("[0,0,0]", "[51]", "[11]", "[60]", "[]", "[]", "[]", "[]", "[]",
                                "[]", DRAWN)),
            "$.log[0][2][0]", "red five in a game without red fives");
    refused(
        DOC(ROUND_OF("[0,0,0]", "[10]", "[11]", "[60]", "[]", "[]", "[]", "[]", "[]", "[]", DRAWN)),
        "$.log[0][2][0]", "expected a tile code");
    /* a 3-player game (三 in the lobby text): seat 3 plays no part */
    const char *sanma = "{\"disp\":\"三般南喰赤\",\"aka\":1}";
    char doc[2048];
    snprintf(doc, sizeof(doc),
             "{\"rule\":%s,\"log\":[[[0,0,0],[35000,35000,35000,0],[11],[]," HAND ",[11],[60]," HAND
             ",[],[]," HAND ",[],[],[],[12],[],[\"流局\"]]]}",
             sanma);
    refused(doc, "$.log[0][14]", "seat 3 does not play in a 3-player game, but has entries");
    snprintf(doc, sizeof(doc),
             "{\"rule\":%s,\"log\":[[[3,0,0],[35000,35000,35000,0],[11],[]," HAND ",[11],[60]," HAND
             ",[],[]," HAND ",[],[],[],[],[],[\"流局\"]]]}",
             sanma);
    refused(doc, "$.log[0]", "round 3 has dealer seat 3, which does not play in a 3-player game");
    /* the result is an array starting with a string */
    refused(DOC(ROUND("[11]", "[60]", "[]", "[]", "[]", "[]", "[]", "[]", "[1]")), "$.log[0][16]",
            "expected the result: an array starting with a string");
    refused(DOC(ROUND("[11]", "[60]", "[]", "[]", "[]", "[]", "[]", "[]", "{}")), "$.log[0][16]",
            "expected the result: an array starting with a string, found an object");
}

/* §8: the takes and discards must make a game's order of play; the deepest dead end is named. */
static void orders_no_game_has(void **state)
{
    (void)state;
    const char *order = "cannot be put in an order a game can have";
    /* a 0 placeholder belongs after an open kan only */
    refused(DOC(ROUND("[11]", "[0]", "[]", "[]", "[]", "[]", "[]", "[]", DRAWN)), "$.log[0]",
            "seat 0 has a 0 placeholder without an open kan");
    /* seat 1 pons seat 0's 1m and has no discard after it */
    refused(DOC(ROUND("[11]", "[60]", "[]", "[]", "[\"p111111\"]", "[]", "[]", "[]", DRAWN)),
            "$.log[0]", order);
    refused(
        DOC(ROUND("[12]", "[\"r60\",21]", "[\"p121212\"]", "[]", "[]", "[]", "[]", "[]", DRAWN)),
        "$.log[0]", "calls but has no discard after it");
    /* an open kan ("m") is followed by its 0 placeholder among the discards */
    refused(DOC(ROUND("[12]", "[60]", "[\"m12121212\",13]", "[14]", "[]", "[]", "[]", "[]", DRAWN)),
            "$.log[0]", "has no 0 placeholder after its open kan");
    /* a take left over */
    refused(DOC(ROUND("[11,12]", "[60]", "[]", "[]", "[]", "[]", "[]", "[]", DRAWN)), "$.log[0]",
            order);
}

/* §7: the parts of a result. */
static void results(void **state)
{
    (void)state;
    /* a draw is ["name"] or ["name", deltas] */
    refused(SEAT1("[]", "[\"流局\",[0,0,0,0],[0,0,0,0]]"), "$.log[0][16]",
            "expected [\"流局\"] or [\"流局\", deltas], found 3 elements");
    refused(SEAT1("[]", "[\"流局\",[0,0,0]]"), "$.log[0][16][1]", "the score changes of a draw");
    /* a win's detail is [who, fromWho, liable, score, yaku...] */
    refused(SEAT1("[]", "[\"和了\",[0,0,0,0],[0,0]]"), "$.log[0][16][2]",
            "expected the detail of a win");
    refused(SEAT1("[]", "[\"和了\",[0,0,0,0],\"x\"]"), "$.log[0][16][2]",
            "expected the detail of a win: [who, fromWho, liable, score, yaku...], found a string");
    refused(SEAT1("[]", "[\"和了\",[0,0,0],[1,0,1,\"30符1飜1000点\",\"立直(1飜)\"]]"),
            "$.log[0][16][1]", "the score changes of a win");
    /* a yaku is a name and its value in brackets */
    const char *yaku = "expected a yaku such as";
    refused(SEAT1("[]", "[\"和了\",[0,0,0,0],[1,0,1,\"30符1飜1000点\",\"立直\"]]"),
            "$.log[0][16][2][4]", yaku);
    refused(SEAT1("[]", "[\"和了\",[0,0,0,0],[1,0,1,\"30符1飜1000点\",\"(1飜)\"]]"),
            "$.log[0][16][2][4]", yaku);
    refused(SEAT1("[]", "[\"和了\",[0,0,0,0],[1,0,1,\"30符1飜1000点\",\"立直(1飜)x\"]]"),
            "$.log[0][16][2][4]", yaku);
    refused(SEAT1("[]", "[\"和了\",[0,0,0,0],[1,0,1,\"30符1飜1000点\",\"立直(1飜x)\"]]"),
            "$.log[0][16][2][4]", yaku);
    refused(SEAT1("[]", "[\"和了\",[0,0,0,0],[1,0,1,\"30符1飜1000点\",\"立直(100飜)\"]]"),
            "$.log[0][16][2][4]", yaku);
    refused(SEAT1("[]", "[\"和了\",[0,0,0,0],[1,0,1,\"30符1飜1000点\",\"立直(役)\"]]"),
            "$.log[0][16][2][4]", yaku);
    /* a score: fu and han, or a limit, then the points and 点 (a ron has one number) */
    const char *score = "expected a score such as";
    refused(SEAT1("[]", "[\"和了\",[0,0,0,0],[1,0,1,\"30符1000点\",\"立直(1飜)\"]]"),
            "$.log[0][16][2][3]", score);
    refused(SEAT1("[]", "[\"和了\",[0,0,0,0],[1,0,1,\"30符1飜1000\",\"立直(1飜)\"]]"),
            "$.log[0][16][2][3]", score);
    refused(SEAT1("[]", "[\"和了\",[0,0,0,0],[1,0,1,\"30符1飜500-1000点\",\"立直(1飜)\"]]"),
            "$.log[0][16][2][3]", "for a ron");
    refused(SEAT1("[]", "[\"和了\",[0,0,0,0],[1,0,1,\"30符1飜1000点∀\",\"立直(1飜)\"]]"),
            "$.log[0][16][2][3]", "for a ron");
    refused(SEAT1("[]", "[\"和了\",[0,0,0,0],[1,0,1,\"倍々満1000点\",\"立直(1飜)\"]]"),
            "$.log[0][16][2][3]", score);
}

/* More yaku than a win holds (PAIFU_MAX_YAKU, 24) is refused, never cut. */
static void too_many_yaku(void **state)
{
    (void)state;
    char result[2048] = "[\"和了\",[0,0,0,0],[1,0,1,\"30符1飜1000点\"";
    for (int i = 0; i < 25; i++)
        strcat(result, ",\"ドラ(1飜)\"");
    strcat(result, "]]");
    char doc[4096];
    snprintf(doc, sizeof(doc),
             DOC("[[0,0,0],[25000,25000,25000,25000],[11],[]," HAND ",[11],[60]," HAND
                 ",[],[]," HAND ",[],[]," HAND ",[],[],%s]"),
             result);
    refused(doc, "$.log[0][16][2][28]", "more than 24 yaku in one win");
}

/* §7.1: spellings besides Tenhou's own (国士無双１３面 with full-width digits): the half-width
   国士無双13面, tensoul's English "Red Fives" and MahjongSoul's names; Tenhou's 大四喜 is one
   yakuman in a Tenhou game (tensoul's MahjongSoul games count it twice: test_tensoul). */
static void other_spellings(void **state)
{
    (void)state;
    static const struct {
        const char *yaku;
        int id, han, yakuman;
    } CASES[] = {
        {"国士無双13面(役満)", PAIFU_YAKU_KOKUSHI_MUSOU_13, PAIFU_YAKU_YAKUMAN_HAN, 1},
        {"国士無双１３面(役満)", PAIFU_YAKU_KOKUSHI_MUSOU_13, PAIFU_YAKU_YAKUMAN_HAN, 1},
        {"Red Fives(2飜)", PAIFU_YAKU_AKA_DORA, 2, 0},
        {"大四喜(役満)", PAIFU_YAKU_DAISUUSHI, PAIFU_YAKU_YAKUMAN_HAN, 1},
        {"Riichi(1飜)", PAIFU_YAKU_RIICHI, 1, 0},
        {"立　直(1飜)", PAIFU_YAKU_RIICHI, 1, 0}, /* an ideographic space is left out */
    };
    for (size_t i = 0; i < sizeof(CASES) / sizeof(CASES[0]); i++) {
        char doc[2048];
        snprintf(doc, sizeof(doc),
                 DOC("[[0,0,0],[25000,25000,25000,25000],[11],[]," HAND ",[11],[60]," HAND
                     ",[],[]," HAND ",[],[]," HAND ",[],[],[\"和了\",[0,0,0,0],[1,0,1,"
                     "\"30符1飜1000点\",\"%s\"]]]"),
                 CASES[i].yaku);
        paifu_game *g = read_ok(doc);
        const paifu_win *w = &paifu_game_deal(g, 0)->wins[0];
        if (w->n_yaku != 1 || w->yaku[0].id != CASES[i].id || w->yaku[0].han != CASES[i].han ||
            w->yakuman != CASES[i].yakuman)
            fail_msg("%s: %u yaku, id %u, %d han, %u yakuman", CASES[i].yaku, (unsigned)w->n_yaku,
                     (unsigned)w->yaku[0].id, (int)w->yaku[0].han, (unsigned)w->yakuman);
        paifu_game_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(call_strings_in_takes),
        cmocka_unit_test(call_strings_in_discards),
        cmocka_unit_test(round_lists),
        cmocka_unit_test(orders_no_game_has),
        cmocka_unit_test(results),
        cmocka_unit_test(too_many_yaku),
        cmocka_unit_test(other_spellings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
