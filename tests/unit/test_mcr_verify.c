/*
 * test_mcr_verify.c: the MCR verifier (lib/mcr_verify.c) and session functions
 * (lib/mcr_settle.c) on samples/mcr-east-round.paifu.json, a hand-made game whose fans and
 * payments were worked out by hand (samples/PROVENANCE.md).
 *
 * The sample validates with no finding; each test then changes one thing in its text (a
 * recorded fan, a payment, a discard, a flower, the dealer, the start scores, ...) and expects
 * the finding code that names it (lib/finding_codes.def).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paifu/io.h"
#include "paifu/mcr.h"
#include "paifu/verify.h"

static char *g_sample;
static size_t g_size;

static int setup(void **state)
{
    (void)state;
    FILE *f = fopen(PAIFU_SAMPLES_DIR "/mcr-east-round.paifu.json", "rb");
    if (!f)
        return -1;
    g_sample = malloc(1 << 16);
    g_size = g_sample ? fread(g_sample, 1, (1 << 16) - 1, f) : 0;
    fclose(f);
    if (!g_size)
        return -1;
    g_sample[g_size] = '\0';
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    free(g_sample);
    return 0;
}

/* BASE with the text from the first FROM to the end of the first UNTIL after it (UNTIL NULL:
   FROM itself) replaced by TO. Owned by the caller. */
static char *replaced(const char *base, const char *from, const char *until, const char *to)
{
    const char *at = strstr(base, from);
    assert_non_null(at);
    const char *end = at + strlen(from);
    if (until) {
        end = strstr(at, until);
        assert_non_null(end);
        end += strlen(until);
    }
    size_t head = (size_t)(at - base), size = strlen(base), nt = strlen(to);
    char *s = malloc(size - (size_t)(end - at) + nt + 1);
    assert_non_null(s);
    memcpy(s, base, head);
    memcpy(s + head, to, nt);
    strcpy(s + head + nt, end);
    return s;
}

/* The sample with the first occurrence of FROM replaced by TO (owned by the caller). */
static char *edited(const char *from, const char *to)
{
    return replaced(g_sample, from, NULL, to);
}

/* Verify TEXT; returns the report (caller frees). */
static paifu_report *verify(const char *text)
{
    paifu_game *g = NULL;
    paifu_error err;
    paifu_error_clear(&err);
    if (paifu_game_read_buffer(&g, text, strlen(text), NULL, &err) < 0)
        fail_msg("read: %s at %s", err.text, err.where.path);
    paifu_rules *r = NULL;
    assert_int_equal(paifu_game_rules(&r, g, NULL, &err), 0);
    paifu_report *rep = NULL;
    assert_int_equal(paifu_report_new(&rep, NULL), 0);
    assert_int_equal(paifu_verify_game(rep, g, r, NULL, &err), 0);
    paifu_rules_free(r);
    paifu_game_free(g);
    return rep;
}

static bool has_code(const paifu_report *rep, const char *code)
{
    for (size_t i = 0; i < paifu_report_count(rep); i++)
        if (strcmp(paifu_report_finding(rep, i)->code, code) == 0)
            return true;
    return false;
}

static void print_findings(const paifu_report *rep)
{
    for (size_t i = 0; i < paifu_report_count(rep); i++) {
        const paifu_finding *f = paifu_report_finding(rep, i);
        fprintf(stderr, "  %s %s: %s\n", f->code, f->where.deal, f->message);
    }
}

static void sample_is_clean(void **state)
{
    (void)state;
    paifu_report *rep = verify(g_sample);
    print_findings(rep);
    assert_int_equal(paifu_report_count(rep), 0);
    const paifu_verify_stats *st = paifu_report_stats(rep);
    assert_int_equal(st->deals, 3);
    assert_int_equal(st->wins, 3);
    assert_int_equal(st->wins_scored, 3);
    paifu_report_free(rep);
}

/* Replace FROM by TO in the sample and expect finding CODE. */
static void expect_finding(const char *from, const char *to, const char *code)
{
    char *text = edited(from, to);
    paifu_report *rep = verify(text);
    if (!has_code(rep, code)) {
        fprintf(stderr, "expected %s after replacing %s by %s, found:\n", code, from, to);
        print_findings(rep);
    }
    assert_true(has_code(rep, code));
    paifu_report_free(rep);
    free(text);
}

static void recorded_values(void **state)
{
    (void)state;
    expect_finding("[\"mcr:single_wait\", 1]", "[\"mcr:edge_wait\", 1]", "mcr.fan");
    expect_finding("[\"mcr:pure_straight\", 16]", "[\"mcr:pure_straight\", 12]", "mcr.fan");
    expect_finding("\"deltas\": [-31, 47, -8, -8]", "\"deltas\": [-32, 48, -8, -8]", "mcr.payment");
    expect_finding("\"han\": 23", "\"han\": 24", "log.inconsistent");
    expect_finding("\"han\": 23", "\"han\": 24", "mcr.total");
    /* the win shown with a hand that differs from the replay */
    expect_finding("\"tile\": \"5s\", \"han\": 23",
                   "\"tile\": \"5s\", \"hand\": \"123456789m234p56s\", \"han\": 23", "win.hand");
    char *right = edited("\"tile\": \"5s\", \"han\": 23",
                         "\"tile\": \"5s\", \"hand\": \"55s123456789m234p\", \"han\": 23");
    paifu_report *rep = verify(right); /* the same tiles in another order */
    assert_int_equal(paifu_report_count(rep), 0);
    paifu_report_free(rep);
    free(right);
}

static void play(void **state)
{
    (void)state;
    expect_finding("{\"type\": \"discard\", \"seat\": 0, \"tile\": \"1z\"}",
                   "{\"type\": \"discard\", \"seat\": 2, \"tile\": \"1z\"}", "deal.turn_order");
    expect_finding("{\"type\": \"discard\", \"seat\": 1, \"tile\": \"7z\"}",
                   "{\"type\": \"discard\", \"seat\": 1, \"tile\": \"6z\"}",
                   "deal.tile_not_in_hand");
    expect_finding("{\"type\": \"flower\", \"seat\": 0, \"tile\": \"3f\"}",
                   "{\"type\": \"flower\", \"seat\": 0, \"tile\": \"4f\"}",
                   "deal.tile_not_in_hand");
    expect_finding("{\"type\": \"flower\", \"seat\": 0, \"tile\": \"3f\"}",
                   "{\"type\": \"flower\", \"seat\": 0, \"tile\": \"1z\"}", "mcr.flower");
    /* the pung of 7z taken from a seat that did not discard it */
    expect_finding("\"from\": 1, \"tile\": \"7z\"", "\"from\": 2, \"tile\": \"7z\"", "deal.call");
    /* a second seat wins the deal's discard */
    expect_finding("{\"type\": \"win\", \"seat\": 1, \"from\": 0",
                   "{\"type\": \"win\", \"seat\": 2, \"from\": 0", "win.not_complete");
    /* the deal ends in an exhaustive draw with most of the wall left */
    char *text = replaced(g_sample, "{\"type\": \"win\", \"seat\": 1, \"from\": 0",
                          "\"deltas\": [-31, 47, -8, -8]}", "{\"type\": \"exhaustive_draw\"}");
    paifu_report *rep = verify(text);
    assert_true(has_code(rep, "wall.exhausted"));
    paifu_report_free(rep);
    free(text);
}

static void flow(void **state)
{
    (void)state;
    expect_finding("\"scores\": [-31, 47, -8, -8]", "\"scores\": [-30, 47, -9, -8]", "flow.scores");
    expect_finding("\"round\": \"E2\", \"dealer\": 1", "\"round\": \"E2\", \"dealer\": 2",
                   "flow.dealer");
    expect_finding("\"round\": \"E3\"", "\"round\": \"S1\"", "flow.dealer");
    expect_finding("\"points\": [-76, 2, 51, 23]", "\"points\": [-76, 2, 50, 24]",
                   "game.final_points");
}

static void penalties(void **state)
{
    (void)state;
    /* a false hu by seat 2 before seat 1's win: 10 to each other player (mcr.md §9) */
    const char *at = "{\"type\": \"win\", \"seat\": 1";
    char *ok = edited(at, "{\"type\": \"penalty\", \"seat\": 2, \"kind\": \"chombo\", \"deltas\": "
                          "[10, 10, -30, 10]},\n        {\"type\": \"win\", \"seat\": 1");
    /* the totals after it follow the penalty */
    char *fixed =
        replaced(ok, "\"scores\": [-31, 47, -8, -8]", NULL, "\"scores\": [-21, 57, -38, 2]");
    paifu_report *rep = verify(fixed);
    assert_false(has_code(rep, "penalty.amount"));
    assert_true(has_code(rep, "flow.scores")); /* E3's start scores now differ */
    paifu_report_free(rep);
    free(ok);
    free(fixed);
    expect_finding(at,
                   "{\"type\": \"penalty\", \"seat\": 2, \"kind\": \"chombo\", \"deltas\": [5, 5, "
                   "-15, 5]},\n        {\"type\": \"win\", \"seat\": 1",
                   "penalty.amount");
    expect_finding(at,
                   "{\"type\": \"penalty\", \"seat\": 1, \"kind\": \"dead_hand\"},\n        "
                   "{\"type\": \"win\", \"seat\": 1",
                   "penalty.dead_hand");
}

/* TEXT verified gives a finding CODE whose message holds WORDS. */
static void expect_words(char *text, const char *code, const char *words)
{
    paifu_report *rep = verify(text);
    bool found = false;
    for (size_t i = 0; i < paifu_report_count(rep); i++) {
        const paifu_finding *f = paifu_report_finding(rep, i);
        found = found || (strcmp(f->code, code) == 0 && strstr(f->message, words));
    }
    if (!found) {
        fprintf(stderr, "expected %s \"%s\", found:\n", code, words);
        print_findings(rep);
    }
    assert_true(found);
    paifu_report_free(rep);
    free(text);
}

/* Breaches of the play of mcr.md (its section 1, the tile set, and §2.5-2.7), each in one deal
   of the sample. */
static void play_breaches(void **state)
{
    (void)state;
    /* section 1 (the tile set): four copies of each tile; seat 2 of E1 given four 1z beside
       seat 0's and seat 3's */
    expect_words(edited("259m1148s3347z78p", "259m1148s1111z78p"), "deal.tile_count",
                 "more copies of 1z");
    /* §2.5: flowers are exposed in turn; seat 1 of E1 sets 6f aside after seat 0's discard,
       before it has drawn */
    char *moved =
        edited("{\"type\": \"flower\", \"seat\": 1, \"tile\": \"6f\"},\n        "
               "{\"type\": \"draw\", \"seat\": 1, \"tile\": \"5s\", \"replacement\": true},"
               "\n        ",
               "");
    expect_words(replaced(moved, "{\"type\": \"discard\", \"seat\": 0, \"tile\": \"1z\"},", NULL,
                          "{\"type\": \"discard\", \"seat\": 0, \"tile\": \"1z\"},\n        "
                          "{\"type\": \"flower\", \"seat\": 1, \"tile\": \"6f\"},"),
                 "deal.turn_order", "flower aside out of turn");
    free(moved);
    /* a rule set without flowers (mcr_flowers false): the sample's flowers are not in the set */
    expect_words(
        edited("\"rules\": \"mcr\"",
               "\"rules\": {\"preset\": \"mcr\", \"overrides\": {\"mcr_flowers\": false}}"),
        "mcr.flower", "gives no flowers");
    /* §2.6: a chow is a run of three of one suit; seat 2 "chows" seat 1's 7z in E2 */
    expect_words(edited("{\"type\": \"pon\", \"seat\": 3, \"from\": 1, \"tile\": \"7z\", "
                        "\"consumed\": \"77z\"}",
                        "{\"type\": \"chi\", \"seat\": 2, \"from\": 1, \"tile\": \"7z\", "
                        "\"consumed\": \"77z\"}"),
                 "deal.call", "is not a chow");
    /* §2.6: a pung takes two tiles of the discard's kind */
    expect_words(edited("\"tile\": \"7z\", \"consumed\": \"77z\"",
                        "\"tile\": \"7z\", \"consumed\": "
                        "\"67z\""),
                 "deal.call", "uses another tile");
    /* §2.6: a concealed kong is four tiles in hand; seat 2 of E3 holds one 2p */
    expect_words(
        edited("{\"type\": \"ankan\", \"seat\": 2, \"tile\": \"1p\", \"consumed\": \"1111p\"}",
               "{\"type\": \"ankan\", \"seat\": 2, \"tile\": \"2p\", \"consumed\": \"2222p\"}"),
        "deal.kan", "concealed kong of 2p without four");
    /* §2.6: a promoted kong adds a tile to one's own melded pung; seat 2 of E3 has none */
    expect_words(
        edited("{\"type\": \"ankan\", \"seat\": 2, \"tile\": \"1p\", \"consumed\": \"1111p\"}",
               "{\"type\": \"shouminkan\", \"seat\": 2, \"tile\": \"1p\", \"consumed\": \"111p\"}"),
        "deal.kan", "without a pung of it");
    /* §2.7: the hand ends with the win; a draw after it */
    expect_words(edited("\"deltas\": [-31, 47, -8, -8]}",
                        "\"deltas\": [-31, 47, -8, -8]},\n        "
                        "{\"type\": \"draw\", \"seat\": 2, \"tile\": \"6m\"}"),
                 "log.structure", "after the end of the deal");
    /* §2.7: an exhaustive draw pays nothing */
    expect_words(replaced(g_sample, "{\"type\": \"win\", \"seat\": 1, \"from\": 0",
                          "\"deltas\": [-31, 47, -8, -8]}",
                          "{\"type\": \"exhaustive_draw\", \"deltas\": [8, -8, 0, 0]}"),
                 "draw.payment", "an exhaustive draw pays nothing");
    /* §5: the minimum is counted without flowers; E2's win is 11 points with its one flower,
       10 without: below a minimum of 11 (mcr_min_fan), not below the sample's 8 */
    expect_words(edited("\"rules\": \"mcr\"",
                        "\"rules\": {\"preset\": \"mcr\", \"overrides\": {\"mcr_min_fan\": 11}}"),
                 "win.no_yaku", "worth 10 points without flowers, below the minimum");
    /* §3.4: a self-drawn win needs a tile just drawn; seat 1 of E1 claims it after its discard */
    expect_words(edited("{\"type\": \"win\", \"seat\": 1, \"from\": 0",
                        "{\"type\": \"win\", \"seat\": 1, \"from\": 1"),
                 "win.tile", "without a tile just drawn");
}

/* The finding's expected and recorded values of mcr.fan name every fan of the win with its
   points, as the Green Book names them (shared/rules/mcr-fans.json, "Single Wait" #79, "Edge
   Wait" #77, ...), a fan counted more than once with "x N"; a list too long for the field
   (96 bytes) by number instead ("#46 8+#56 4+..."). E1's win is the sample's first: Pure
   Straight 16, Concealed Hand 2, All Chows 2, Single Wait 1 and two Flower Tiles. */
static paifu_finding fan_finding(char *text, const char *words)
{
    paifu_report *rep = verify(text);
    free(text);
    paifu_finding out;
    memset(&out, 0, sizeof(out));
    size_t n = 0;
    for (size_t i = 0; i < paifu_report_count(rep); i++)
        if (strcmp(paifu_report_finding(rep, i)->code, "mcr.fan") == 0) {
            out = *paifu_report_finding(rep, i);
            if (!strstr(out.message, words))
                fail_msg("mcr.fan says \"%s\", not \"%s\"", out.message, words);
            n++;
        }
    if (n != 1)
        print_findings(rep);
    assert_int_equal(n, 1);
    paifu_report_free(rep);
    return out;
}

static void fan_values_in_words(void **state)
{
    (void)state;
    paifu_finding f = fan_finding(edited("[\"mcr:single_wait\", 1]", "[\"mcr:edge_wait\", 1]"),
                                  "the fans of Bo (seat 1)'s win differ");
    assert_string_equal(f.expected, "Pure Straight 16, Concealed Hand 2, All Chows 2, "
                                    "Single Wait 1, Flower Tiles 1 x2");
    assert_string_equal(f.recorded, "Pure Straight 16, Concealed Hand 2, All Chows 2, "
                                    "Edge Wait 1, Flower Tiles 1 x2");
    /* the same fans, one with another value: the other message, the value in the list */
    f = fan_finding(edited("[\"mcr:pure_straight\", 16]", "[\"mcr:pure_straight\", 12]"),
                    "a fan of Bo (seat 1)'s win has another value");
    assert_string_equal(f.recorded, "Pure Straight 12, Concealed Hand 2, All Chows 2, "
                                    "Single Wait 1, Flower Tiles 1 x2");
    /* E3's seven fans do not fit by name: by number, joined with + (the computed ones by
       number, the recorded ones in the log's order) */
    f = fan_finding(edited("[\"mcr:no_honors\", 1]", "[\"mcr:no_honors\", 2]"),
                    "a fan of Chen (seat 2)'s win has another value");
    assert_string_equal(f.expected, "#46 8+#56 4+#67 2+#71 1+#73 1+#76 1+#81 1");
    assert_string_equal(f.recorded, "#46 8+#56 4+#67 2+#73 1+#71 1+#76 2+#81 1");
}

/* Calls and wins the play of mcr.md does not allow (§2.6 a claim is of the latest discard, a
   chow only of the seat before; the tiles of a meld come from the hand; §3.4 a win on a
   discard is on the latest one), each stopping the replay of its deal with its finding. */
static void calls_and_wins_out_of_place(void **state)
{
    (void)state;
    const char *pon = "{\"type\": \"pon\", \"seat\": 3, \"from\": 1, \"tile\": \"7z\", "
                      "\"consumed\": \"77z\"}";
    /* E2: seat 3 holds no 7z to pung seat 1's with */
    expect_words(edited("66677z345678s1m3f", "66655z345678s1m3f"), "deal.tile_not_in_hand",
                 "Dmitri (seat 3) calls with 7z, which it does not hold");
    /* a chow is of the discard of the seat before: seat 1 is after seat 0 */
    expect_words(edited(pon, "{\"type\": \"chi\", \"seat\": 0, \"from\": 1, \"tile\": \"7z\", "
                             "\"consumed\": \"77z\"}"),
                 "deal.call",
                 "Ann (seat 0) calls 7z, which is not the latest claimable discard of the "
                 "seat before it");
    /* a pung of a tile that was not discarded */
    expect_words(edited(pon, "{\"type\": \"pon\", \"seat\": 3, \"from\": 1, \"tile\": \"6z\", "
                             "\"consumed\": \"66z\"}"),
                 "deal.call",
                 "Dmitri (seat 3) calls 6z, which is not the latest claimable discard");
    /* E1: seat 1 wins on seat 2's 4z, which two discards have passed */
    expect_words(edited("{\"type\": \"win\", \"seat\": 1, \"from\": 0",
                        "{\"type\": \"win\", \"seat\": 1, \"from\": 2"),
                 "win.tile", "Bo (seat 1) wins on a tile of");
    /* the winning tile recorded is not the one discarded: computed 5s, recorded 6s */
    char *text = edited("\"from\": 0, \"tile\": \"5s\"", "\"from\": 0, \"tile\": \"6s\"");
    paifu_report *rep = verify(text);
    free(text);
    bool found = false;
    for (size_t i = 0; i < paifu_report_count(rep); i++) {
        const paifu_finding *f = paifu_report_finding(rep, i);
        if (strcmp(f->code, "win.tile") == 0) {
            assert_string_equal(f->expected, "5s");
            assert_string_equal(f->recorded, "6s");
            found = true;
        }
    }
    if (!found)
        print_findings(rep);
    assert_true(found);
    paifu_report_free(rep);
}

/* A session cut short (the paifu format's "truncated": the log stops before the game ended):
   log.truncated, in the words of every format's between deals, or for the deal it stops in. */
static void cut_short(void **state)
{
    (void)state;
    const char *result = "\"result\": {\"points\": [-76, 2, 51, 23]}";
    expect_words(edited(result, "\"truncated\": true"), "log.truncated",
                 "log ends between deals: the game has no recorded end");
    char *cut = edited(result, "\"truncated\": true");
    expect_words(
        replaced(cut, ",\n        {\"type\": \"win\", \"seat\": 2, \"from\": 2", "]}", "]}"),
        "log.truncated", "the deal has no outcome (no win, draw or chombo)");
    free(cut);
    /* the same log not cut: no such finding */
    paifu_report *rep = verify(g_sample);
    assert_false(has_code(rep, "log.truncated"));
    paifu_report_free(rep);
}

/* ---- sessions, placement, standings ---- */

static void session_totals(void **state)
{
    (void)state;
    paifu_game *g = NULL;
    assert_int_equal(paifu_game_read_buffer(&g, g_sample, g_size, NULL, NULL), 0);
    paifu_rules *r = NULL;
    assert_int_equal(paifu_game_rules(&r, g, NULL, NULL), 0);
    int32_t rec[4], own[4];
    assert_int_equal(paifu_mcr_session_totals(rec, g, r, PAIFU_MCR_TOTALS_RECORDED, NULL), 0);
    assert_int_equal(paifu_mcr_session_totals(own, g, r, PAIFU_MCR_TOTALS_RECOMPUTED, NULL), 0);
    static const int32_t EXPECT[4] = {-76, 2, 51, 23}; /* worked out by hand */
    assert_memory_equal(rec, EXPECT, sizeof(EXPECT));
    assert_memory_equal(own, EXPECT, sizeof(EXPECT));
    paifu_mcr_placement pl;
    assert_int_equal(paifu_mcr_place(&pl, rec, r, NULL), 0);
    assert_int_equal(pl.place[2], 1);
    assert_int_equal(pl.place[0], 4);
    assert_int_equal(pl.table_points[2], 4 * PAIFU_MCR_TABLE_POINT_SCALE);
    paifu_rules_free(r);
    paifu_game_free(g);
    /* recorded and recomputed part when a recorded payment is wrong */
    char *text = edited("\"deltas\": [-19, -19, -19, 57]", "\"deltas\": [-20, -19, -19, 58]");
    assert_int_equal(paifu_game_read_buffer(&g, text, strlen(text), NULL, NULL), 0);
    assert_int_equal(paifu_game_rules(&r, g, NULL, NULL), 0);
    assert_int_equal(paifu_mcr_session_totals(rec, g, r, PAIFU_MCR_TOTALS_RECORDED, NULL), 0);
    assert_int_equal(paifu_mcr_session_totals(own, g, r, PAIFU_MCR_TOTALS_RECOMPUTED, NULL), 0);
    assert_int_equal(rec[3], 24);
    assert_int_equal(own[3], 23);
    paifu_rules_free(r);
    paifu_game_free(g);
    free(text);
    /* not an MCR rule set */
    assert_int_equal(paifu_rules_preset(&r, "rrc", NULL), 0);
    assert_int_equal(paifu_game_read_buffer(&g, g_sample, g_size, NULL, NULL), 0);
    assert_int_equal(paifu_mcr_session_totals(rec, g, r, 0, NULL), PAIFU_EINVAL);
    paifu_rules_free(r);
    paifu_game_free(g);
}

static void ties(void **state)
{
    (void)state;
    paifu_rules *r;
    assert_int_equal(paifu_rules_preset(&r, "mcr", NULL), 0);
    paifu_mcr_placement pl;
    const int32_t two_first[4] = {30, 30, -20, -40}; /* share 1st and 2nd: (4 + 2) / 2 */
    assert_int_equal(paifu_mcr_place(&pl, two_first, r, NULL), 0);
    assert_int_equal(pl.place[0], 1);
    assert_int_equal(pl.place[1], 1);
    assert_int_equal(pl.place[2], 3);
    assert_int_equal(pl.table_points[0], 3 * PAIFU_MCR_TABLE_POINT_SCALE);
    assert_int_equal(pl.table_points[1], 3 * PAIFU_MCR_TABLE_POINT_SCALE);
    assert_int_equal(pl.table_points[2], 1 * PAIFU_MCR_TABLE_POINT_SCALE);
    const int32_t three[4] = {0, 0, 0, 0}; /* everybody shares (4 + 2 + 1 + 0) / 4 */
    assert_int_equal(paifu_mcr_place(&pl, three, r, NULL), 0);
    for (int s = 0; s < 4; s++)
        assert_int_equal(pl.table_points[s], 7 * PAIFU_MCR_TABLE_POINT_SCALE / 4);
    assert_int_equal(paifu_rules_set(r, "placement_tie", "seat_order", NULL), 0);
    assert_int_equal(paifu_mcr_place(&pl, two_first, r, NULL), 0);
    assert_int_equal(pl.place[0], 1);
    assert_int_equal(pl.place[1], 2);
    assert_int_equal(pl.table_points[1], 2 * PAIFU_MCR_TABLE_POINT_SCALE);
    paifu_rules_free(r);
}

static void standings(void **state)
{
    (void)state;
    paifu_rules *r;
    assert_int_equal(paifu_rules_preset(&r, "mcr", NULL), 0);
    const paifu_mcr_table tables[2] = {
        {{"Ann", "Bo", "Chen", "Dmitri"}, {50, 10, -20, -40}},
        {{"Bo", "Ann", "Eve", "Chen"}, {60, -10, -20, -30}},
    };
    paifu_mcr_standing out[8];
    size_t n = 8;
    assert_int_equal(paifu_mcr_standings(out, &n, tables, 2, r, NULL), 0);
    assert_int_equal(n, 5);
    /* Bo 2 + 4 = 6 (total 70), Ann 4 + 2 = 6 (total 40), Chen 1 + 0, Eve 1, Dmitri 0 */
    assert_string_equal(out[0].player, "Bo");
    assert_int_equal(out[0].table_points, 6 * PAIFU_MCR_TABLE_POINT_SCALE);
    assert_int_equal(out[0].total, 70);
    assert_int_equal(out[0].tables, 2);
    assert_string_equal(out[1].player, "Ann");
    assert_int_equal(out[1].rank, 2);
    assert_string_equal(out[2].player, "Eve"); /* 1 point, total -20 beats Chen's -50 */
    assert_string_equal(out[3].player, "Chen");
    assert_string_equal(out[4].player, "Dmitri");
    n = 3;
    assert_int_equal(paifu_mcr_standings(out, &n, tables, 2, r, NULL), PAIFU_ELIMIT);
    paifu_rules_free(r);
}

static void seating_without_changes(void **state)
{
    (void)state;
    paifu_rules *r;
    assert_int_equal(paifu_rules_preset(&r, "mcr", NULL), 0);
    assert_int_equal(paifu_rules_set(r, "mcr_seat_changes", "false", NULL), 0);
    for (int hand = 1; hand <= 16; hand++) {
        assert_int_equal(paifu_mcr_dealer(hand, r), (hand - 1) % 4);
        assert_int_equal(paifu_mcr_seat_wind(hand, (hand - 1) % 4, r), PAIFU_WIND_EAST);
    }
    assert_int_equal(paifu_mcr_seat_wind(0, 0, r), -1);
    assert_int_equal(paifu_mcr_seat_wind(17, 0, r), -1);
    assert_int_equal(paifu_mcr_dealer(17, r), -1);
    paifu_rules_free(r);
}

/* A 16-hand session as a score sheet (result-only deals): dealers follow the seat table of
   mcr.md §2.4 (vector mcr-seat-001), the totals flow from deal to deal into the final points
   and the table points (§10). Hand h is won by player h % 4 for 8 + h points, alternately by
   self-draw and on the discard of the player after the winner. */
static char *session_text(int wrong_dealer_hand, int32_t totals[4])
{
    paifu_rules *r;
    assert_int_equal(paifu_rules_preset(&r, "mcr", NULL), 0);
    char *s = malloc(16384);
    assert_non_null(s);
    size_t used = (size_t)snprintf(s, 16384,
                                   "{\"paifu\": 1, \"rules\": \"mcr\", \"players\": [\"A\", \"B\", "
                                   "\"C\", \"D\"], \"deals\": [");
    memset(totals, 0, 4 * sizeof(int32_t));
    for (int h = 1; h <= 16; h++) {
        int winner = h % 4, from = h % 2 ? winner : (winner + 1) % 4;
        int32_t d[4];
        assert_int_equal(paifu_mcr_settle(d, winner, from == winner ? -1 : from, 8 + h, r, NULL),
                         0);
        int dealer = paifu_mcr_dealer(h, r);
        if (h == wrong_dealer_hand)
            dealer = (dealer + 1) % 4;
        used +=
            (size_t)snprintf(s + used, 16384 - used,
                             "%s{\"round\": \"%c%d\", \"dealer\": %d, \"result_only\": true, "
                             "\"scores\": [%d, %d, %d, %d], \"events\": [{\"type\": \"win\", "
                             "\"seat\": %d, \"from\": %d, \"han\": %d, \"deltas\": [%d, %d, %d, "
                             "%d]}]}",
                             h > 1 ? ", " : "", "ESWN"[(h - 1) / 4], (h - 1) % 4 + 1, dealer,
                             (int)totals[0], (int)totals[1], (int)totals[2], (int)totals[3], winner,
                             from, 8 + h, (int)d[0], (int)d[1], (int)d[2], (int)d[3]);
        for (int p = 0; p < 4; p++)
            totals[p] += d[p];
    }
    snprintf(s + used, 16384 - used, "], \"result\": {\"points\": [%d, %d, %d, %d]}}",
             (int)totals[0], (int)totals[1], (int)totals[2], (int)totals[3]);
    paifu_rules_free(r);
    return s;
}

static void sixteen_hands(void **state)
{
    (void)state;
    int32_t totals[4], got[4];
    char *text = session_text(0, totals);
    paifu_report *rep = verify(text);
    print_findings(rep);
    assert_int_equal(paifu_report_count(rep), 0);
    assert_int_equal(paifu_report_stats(rep)->deals, 16);
    paifu_report_free(rep);
    paifu_game *g = NULL;
    assert_int_equal(paifu_game_read_buffer(&g, text, strlen(text), NULL, NULL), 0);
    paifu_rules *r = NULL;
    assert_int_equal(paifu_game_rules(&r, g, NULL, NULL), 0);
    assert_int_equal(paifu_mcr_session_totals(got, g, r, PAIFU_MCR_TOTALS_RECORDED, NULL), 0);
    assert_memory_equal(got, totals, sizeof(got));
    int32_t sum = got[0] + got[1] + got[2] + got[3];
    assert_int_equal(sum, 0); /* settlement is zero-sum */
    paifu_rules_free(r);
    paifu_game_free(g);
    free(text);
    text = session_text(6, totals); /* hand 6 (S2) is dealt by player A, not B */
    rep = verify(text);
    assert_true(has_code(rep, "flow.dealer"));
    assert_int_equal(paifu_report_count(rep), 1);
    paifu_report_free(rep);
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sample_is_clean),
        cmocka_unit_test(recorded_values),
        cmocka_unit_test(fan_values_in_words),
        cmocka_unit_test(play),
        cmocka_unit_test(flow),
        cmocka_unit_test(penalties),
        cmocka_unit_test(play_breaches),
        cmocka_unit_test(calls_and_wins_out_of_place),
        cmocka_unit_test(cut_short),
        cmocka_unit_test(session_totals),
        cmocka_unit_test(ties),
        cmocka_unit_test(standings),
        cmocka_unit_test(seating_without_changes),
        cmocka_unit_test(sixteen_hands),
    };
    return cmocka_run_group_tests_name("mcr-verify", tests, setup, teardown);
}
