/*
 * test_verify_flow.c: the conditions of abortive draws and what carries over them, in the
 * re-simulator (RRC-2024 000 §3.8, §3.3.3, §3.3.6, §3.9; riichi-rulesets.md C "Abortive draws
 * that exist" and "Abortive-draw consequences"):
 *   - suufon renda is four discards of one and the same WIND in the first go-around: four 1m
 *     are no abortive draw;
 *   - suukaikan is four kans by two or more players: four kans by one player are not;
 *   - a riichi deposit made before an abortive draw stays on the table: the next deal starts
 *     with it (and the declarer's 1000 gone);
 *   - calls and kans where the rules allow none (000 §3.3, §3.3.3, §3.3.6): on another tile
 *     than the discard, by a player in riichi, before the deposit, a kan right after one's own
 *     call, an added kan without its pon, a closed kan of four different tiles.
 * The deals were written for this test; no value is recorded beyond what is checked.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "paifu.h"

#include "verify_json.h"

#define HEAD(rules, hands)                                                                         \
    "{\"paifu\": 1, \"rules\": {\"preset\": \"rrc\", \"overrides\": {" rules "}},"                 \
    "\"players\": [\"A\", \"B\", \"C\", \"D\"], \"deals\": [{\"round\": \"E1\", \"dealer\": 0,"    \
    "\"honba\": 0, \"riichi_sticks\": 0, \"scores\": [30000, 30000, 30000, 30000],"                \
    "\"dora_indicator\": \"9p\", \"hands\": [" hands "], \"events\": ["

#define DD(seat, tile)                                                                             \
    "{\"type\": \"draw\", \"seat\": " #seat ", \"tile\": \"" tile "\"},"                           \
    "{\"type\": \"discard\", \"seat\": " #seat ", \"tile\": \"" tile "\"},"
#define DRAW(seat, tile) "{\"type\": \"draw\", \"seat\": " #seat ", \"tile\": \"" tile "\"},"
#define RDRAW(seat, tile)                                                                          \
    "{\"type\": \"draw\", \"seat\": " #seat ", \"tile\": \"" tile "\", \"replacement\": true},"
#define DISCARD(seat, tile) "{\"type\": \"discard\", \"seat\": " #seat ", \"tile\": \"" tile "\"},"
#define ANKAN(seat, tile, tiles)                                                                   \
    "{\"type\": \"ankan\", \"seat\": " #seat ", \"tile\": \"" tile "\", \"consumed\": \"" tiles    \
    "\"},"
#define ABORT(kind) "{\"type\": \"abortive_draw\", \"kind\": \"" kind "\"}"

/* seats 0 and 1: tenpai on 5z/6z; seats 2 and 3 hold no 1m, 1z */
#define HANDS4                                                                                     \
    "\"234m234p234s5566z\", \"234m234p234s5566z\", \"567m567p567s77z88s\", "                       \
    "\"567m567p567s77z88s\""

static void suufon_is_four_winds(void **state)
{
    (void)state;
    char got[256];
    verify_json_codes(got, sizeof(got),
                      HEAD("\"game_length\": \"single\"", HANDS4) DD(0, "1z") DD(1, "1z")
                          DD(2, "1z") DD(3, "1z") ABORT("suufon") "]}]}");
    assert_string_equal(got, "");
    /* four discards of one number tile are no abortive draw */
    verify_json_codes(got, sizeof(got),
                      HEAD("\"game_length\": \"single\"", HANDS4) DD(0, "1m") DD(1, "1m")
                          DD(2, "1m") DD(3, "1m") ABORT("suufon") "]}]}");
    assert_string_equal(got, "draw.condition;");
    /* nor are four different winds, or the same wind after the first go-around */
    verify_json_codes(got, sizeof(got),
                      HEAD("\"game_length\": \"single\"", HANDS4) DD(0, "1z") DD(1, "1z")
                          DD(2, "1z") DD(3, "2z") ABORT("suufon") "]}]}");
    assert_string_equal(got, "draw.condition;");
    /* EMA (t3): no abortive draws at all */
    verify_json_codes(got, sizeof(got),
                      HEAD("\"game_length\": \"single\", \"abortive\": \"\"", HANDS4) DD(0, "1z")
                          DD(1, "1z") DD(2, "1z") DD(3, "1z") ABORT("suufon") "]}]}");
    assert_string_equal(got, "draw.condition;");
}

/* Seat 0 holds three quads and a 4s (9s when seat 1 holds the 4s: no fifth copy, 000 §3.1.1);
   the fourth kan is seat 0's own (1111m 2222p 3333s 4444s) or seat 1's (4444s). kan_dora is off so that no indicator needs recording. */
#define KAN_RULES "\"game_length\": \"single\", \"kan_dora\": false"
#define KAN_HANDS(last0, seat1)                                                                    \
    "\"1111m2222p3333s" last0 "\", \"" seat1 "\", \"567m567p567s1177z\", \"789m789p789s2233z\""

static void suukaikan_needs_two_players(void **state)
{
    (void)state;
    char got[256];
    /* two players: seat 0 three kans, seat 1 the fourth */
    verify_json_codes(got, sizeof(got),
                      HEAD(KAN_RULES, KAN_HANDS("9s", "444s567p567s117z5z")) DRAW(0, "6z")
                          ANKAN(0, "1m", "1111m") RDRAW(0, "6z") ANKAN(0, "2p", "2222p")
                              RDRAW(0, "6z") ANKAN(0, "3s", "3333s") RDRAW(0, "8m") DISCARD(0, "8m")
                                  DRAW(1, "4s") ANKAN(1, "4s", "4444s") RDRAW(1, "9s")
                                      DISCARD(1, "9s") ABORT("suukaikan") "]}]}");
    assert_string_equal(got, "");
    /* one player: four kans by one player are no abortive draw; play goes on */
    verify_json_codes(got, sizeof(got),
                      HEAD(KAN_RULES, KAN_HANDS("4s", "567m567p567s1177z")) DRAW(0, "4s")
                          ANKAN(0, "1m", "1111m") RDRAW(0, "4s") ANKAN(0, "2p", "2222p")
                              RDRAW(0, "4s") ANKAN(0, "3s", "3333s") RDRAW(0, "6z")
                                  ANKAN(0, "4s", "4444s") RDRAW(0, "8m") DISCARD(0, "8m")
                                      ABORT("suukaikan") "]}]}");
    assert_string_equal(got, "draw.condition;");
}

/* Seat 0 declares riichi on its first discard (1z), then the three others discard 1z: suufon.
   The 1000 stays on the table into the next deal (000 §3.3.6, §3.8), with a honba (§3.9). */
#define RIICHI_SUUFON(next_honba, next_sticks, next_scores)                                        \
    "{\"paifu\": 1, \"rules\": {\"preset\": \"rrc\"}, \"players\": [\"A\", \"B\", \"C\", "         \
    "\"D\"], \"deals\": [{\"round\": \"E1\", \"dealer\": 0, \"honba\": 0, \"riichi_sticks\": 0,"   \
    "\"scores\": [30000, 30000, 30000, 30000], \"dora_indicator\": \"9p\", \"hands\": [" HANDS4    \
    "], \"events\": [" DRAW(                                                                       \
        0, "1z") "{\"type\": \"discard\", \"seat\": 0, \"tile\": \"1z\","                          \
                 " \"riichi\": true}, {\"type\": \"riichi_accepted\", \"seat\": 0}," DD(1, "1z")   \
                     DD(2, "1z") DD(3, "1z") ABORT(                                                \
                         "suufon") "]}, {\"round\": \"E1\", \"dealer\": 0, \"honba\": " next_honba \
                                   ","                                                             \
                                   "\"riichi_sticks\": " next_sticks ", \"scores\": [" next_scores \
                                   "],"                                                            \
                                   "\"dora_indicator\": \"9p\", \"hands\": [" HANDS4               \
                                   "], \"events\": [" DD(0, "1z") DD(1, "1z") DD(2, "1z")          \
                                       DD(3, "1z") ABORT("suufon") "]}]}"

static void deposit_before_abortive_draw(void **state)
{
    (void)state;
    char got[512];
    verify_json_codes(got, sizeof(got), RIICHI_SUUFON("1", "1", "29000, 30000, 30000, 30000"));
    assert_string_equal(got, "");
    verify_json_codes(got, sizeof(got), RIICHI_SUUFON("1", "0", "30000, 30000, 30000, 30000"));
    assert_string_equal(got, "flow.riichi_sticks;flow.scores;");
    verify_json_codes(got, sizeof(got), RIICHI_SUUFON("1", "0", "29000, 30000, 30000, 30000"));
    assert_string_equal(got, "flow.riichi_sticks;");
    /* an abortive draw adds a honba (000 §3.9) */
    verify_json_codes(got, sizeof(got), RIICHI_SUUFON("0", "1", "29000, 30000, 30000, 30000"));
    assert_string_equal(got, "flow.honba;");
}

/* Ippatsu (000 §3.3.6, §4.2.1): any call in the go-around breaks it; a closed kan too unless
   ippatsu_ankan_breaks is false (riichi-rulesets.md D "Ippatsu broken by"), which never spares
   an open kan. Seat 0 (the dealer) declares (double) riichi on its first discard, waiting on 2s or
   5s (123m456p789s2345s); seat 1 makes a kan and discards 5s, and seat 0 wins by ron recording
   double riichi and ippatsu. */
#define IPPATSU_HANDS                                                                              \
    "\"123m456p789s2345s\", \"777z5s123p456p678s\", \"111m999m111p999p1z\", "                      \
    "\"222s333s444s666z8p\""
#define IPPATSU_WIN                                                                                \
    "{\"type\": \"win\", \"seat\": 0, \"from\": 1, \"tile\": \"5s\", \"yaku\": [[\"ippatsu\", "    \
    "1], "                                                                                         \
    "[\"double_riichi\", 2]]}]}]}"
#define RIICHI_ON(tile)                                                                            \
    DRAW(0, tile)                                                                                  \
    "{\"type\": \"discard\", \"seat\": 0, \"tile\": \"" tile "\", \"riichi\": true},"              \
    "{\"type\": \"riichi_accepted\", \"seat\": 0},"
#define CLOSED_KAN                                                                                 \
    RIICHI_ON("1z") DRAW(1, "7z") ANKAN(1, "7z", "7777z") RDRAW(1, "9m") DISCARD(1, "5s")
#define OPEN_KAN                                                                                   \
    RIICHI_ON("7z")                                                                                \
    "{\"type\": \"daiminkan\", \"seat\": 1, \"from\": 0, \"tile\": \"7z\", "                       \
    "\"consumed\": \"777z\"}," RDRAW(1, "9m") DISCARD(1, "5s")

static void ippatsu_and_kans(void **state)
{
    (void)state;
    char got[256];
#define KAN_OFF "\"game_length\": \"single\", \"kan_dora\": false, \"ura_dora\": false"
    /* a closed kan keeps ippatsu when ippatsu_ankan_breaks is false */
    verify_json_codes(got, sizeof(got),
                      HEAD(KAN_OFF ", \"ippatsu_ankan_breaks\": false", IPPATSU_HANDS)
                          CLOSED_KAN IPPATSU_WIN);
    assert_string_equal(got, "");
    /* and breaks it under RRC (the default) */
    verify_json_codes(got, sizeof(got), HEAD(KAN_OFF, IPPATSU_HANDS) CLOSED_KAN IPPATSU_WIN);
    assert_string_equal(got, "score.yaku;");
    /* an open kan breaks it either way */
    verify_json_codes(got, sizeof(got),
                      HEAD(KAN_OFF ", \"ippatsu_ankan_breaks\": false", IPPATSU_HANDS)
                          OPEN_KAN IPPATSU_WIN);
    assert_string_equal(got, "score.yaku;");
    verify_json_codes(got, sizeof(got), HEAD(KAN_OFF, IPPATSU_HANDS) OPEN_KAN IPPATSU_WIN);
    assert_string_equal(got, "score.yaku;");
#undef KAN_OFF
}

/* A first deal that records no start scores starts from the rule set's start_points (000
   §3.1.1: 30000; JH 003 §6.2.3: 25000): the scores before the win are checked against them.
   Seat 0's double riichi deposit is taken before the win. */
#define NO_SCORES_DEAL(preset, before)                                                             \
    "{\"paifu\": 1, \"rules\": {\"preset\": \"" preset "\", \"overrides\": {\"game_length\": "     \
    "\"single\", \"kan_dora\": false, \"ura_dora\": false, \"ippatsu_ankan_breaks\": false}},"     \
    "\"players\": [\"A\", \"B\", \"C\", \"D\"], \"deals\": [{\"round\": \"E1\", \"dealer\": 0,"    \
    "\"honba\": 0, \"riichi_sticks\": 0, \"dora_indicator\": \"9p\", \"hands\": [" IPPATSU_HANDS   \
    "], \"events\": [" CLOSED_KAN                                                                  \
    "{\"type\": \"win\", \"seat\": 0, \"from\": 1, \"tile\": \"5s\","                              \
    "\"scores_before\": [" before "]}]}]}"

static void start_points_without_scores(void **state)
{
    (void)state;
    char got[256];
    verify_json_codes(got, sizeof(got), NO_SCORES_DEAL("rrc", "29000, 30000, 30000, 30000"));
    assert_string_equal(got, "");
    verify_json_codes(got, sizeof(got), NO_SCORES_DEAL("jhc2016", "24000, 25000, 25000, 25000"));
    assert_string_equal(got, "");
    verify_json_codes(got, sizeof(got), NO_SCORES_DEAL("jhc2016", "29000, 30000, 30000, 30000"));
    assert_string_equal(got, "score.scores_before;");
}

/* JSON's findings hold one of code CODE whose message says WORDS. */
static void finds(const char *json, const char *code, const char *words)
{
    paifu_report *rep = verify_json(json);
    bool found = false;
    for (size_t i = 0; i < paifu_report_count(rep); i++) {
        const paifu_finding *f = paifu_report_finding(rep, i);
        found = found || (strcmp(f->code, code) == 0 && strstr(f->message, words));
    }
    if (!found)
        fail_msg("no %s \"%s\"", code, words);
    paifu_report_free(rep);
}

#define RULES1 "\"game_length\": \"single\""
/* seat 0 tenpai on 5z/6z; seat 2's hand is HAND2 */
#define HANDS_CALL(hand2)                                                                          \
    "\"234m234p234s5566z\", \"234m234p234s5566z\", \"" hand2 "\", \"567m567p567s88s77z\""
#define CALL(type, seat, from, tile, tiles)                                                        \
    "{\"type\": \"" type "\", \"seat\": " #seat ", \"from\": " #from ", \"tile\": \"" tile         \
    "\", \"consumed\": \"" tiles "\"},"
#define ADDKAN(seat, tile, tiles)                                                                  \
    "{\"type\": \"shouminkan\", \"seat\": " #seat ", \"tile\": \"" tile                            \
    "\", \"consumed\": \"" tiles "\"},"
#define RIICHI(seat, tile)                                                                         \
    "{\"type\": \"discard\", \"seat\": " #seat ", \"tile\": \"" tile "\", \"riichi\": true},"
#define ACCEPTED(seat) "{\"type\": \"riichi_accepted\", \"seat\": " #seat "},"
#define END            ABORT("suufon") "]}]}"

/* Calls and kans where the rules allow none (000 §3.3), each named with what it breaks. */
static void calls_and_kans_out_of_place(void **state)
{
    (void)state;
    /* a call takes the tile just discarded (000 §3.3: "сброшенный тайл") */
    finds(HEAD(RULES1, HANDS_CALL("567m567p567s1177z")) DD(0, "1z") CALL("pon", 2, 0, "7z", "77z")
              END,
          "deal.call", "calls pon on 7z, but the discard was 1z");
    /* a player in riichi makes no call but ron (000 §3.3.6) */
    finds(HEAD(RULES1, HANDS_CALL("567m567p567s1177z")) DD(0, "9m") DD(1, "9m") DRAW(2, "9m")
              RIICHI(2, "9m") ACCEPTED(2) DRAW(3, "2z") DISCARD(3, "7z")
                  CALL("pon", 2, 3, "7z", "77z") END,
          "deal.call", "is in riichi and calls pon");
    /* the deposit of a riichi discard is made before a call on it (000 §3.3.6: the stick is
       put down after the discard) */
    finds(HEAD(RULES1, HANDS_CALL("567m567p567s1177z")) DRAW(0, "1z") RIICHI(0, "1z")
              CALL("pon", 2, 0, "1z", "11z") END,
          "log.structure", "riichi deposit is not recorded before the call");
    /* no closed kan right after one's own chi or pon (000 §3.3.3, "Закрытый кан нельзя
       объявлять сразу после своего объявления чи или пона") */
    finds(HEAD(RULES1, HANDS_CALL("9999m567p567s117z")) DD(0, "1z") CALL("pon", 2, 0, "1z", "11z")
              ANKAN(2, "9m", "9999m") END,
          "deal.kan", "closed kan right after its own call");
    /* nor an added kan (000 §3.3.3, "Такой кан, как и закрытый, нельзя объявлять сразу после
       своего объявления") */
    finds(HEAD(RULES1, HANDS_CALL("567m567p567s1117z")) DD(0, "1z") CALL("pon", 2, 0, "1z", "11z")
              ADDKAN(2, "1z", "111z") END,
          "deal.kan", "added kan right after its own call");
    /* an added kan completes one's open pon (000 §3.3.3, "Дополненный кан") */
    finds(HEAD(RULES1, HANDS_CALL("567m567p567s1177z")) DRAW(0, "1z") ADDKAN(0, "1z", "111z") END,
          "deal.kan", "adds 1z to a pon it does not have");
    /* a closed kan is four of one tile (000 §3.3.3, "четыре одинаковых тайла") */
    finds(HEAD(RULES1, HANDS_CALL("567m567p567s1177z")) DD(0, "1m") DD(1, "1m") DRAW(2, "8m")
              ANKAN(2, "5m", "5678m") END,
          "deal.kan", "closed kan is not valid");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(suufon_is_four_winds),
        cmocka_unit_test(suukaikan_needs_two_players),
        cmocka_unit_test(deposit_before_abortive_draw),
        cmocka_unit_test(ippatsu_and_kans),
        cmocka_unit_test(start_points_without_scores),
        cmocka_unit_test(calls_and_kans_out_of_place),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
