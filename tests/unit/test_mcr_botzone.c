/*
 * test_mcr_botzone.c: the two Botzone MCR readers (formats/mcr_botzone_*.c) on synthetic logs
 * of our own (the corpus logs carry no licence and stay out of the tree): detection, the events
 * and recorded values they produce, the per-seat wall check, and errors that name the line and
 * column (text) or the JSON path of what is wrong.
 *
 * The hand: player 0 holds 1-8m, 234p, 5s and East; draws 9m, discards East and wins on
 * player 1's 5s: Pure Straight 16 + Concealed Hand 2 + All Chows 2 + Single Wait 1 = 21, so
 * the winner takes 24 + 21 = 45, the discarder pays 29 and the others 8 (mcr.md §8).
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

static const char *const HANDS[4][13] = {
    {"W1", "W2", "W3", "W4", "W5", "W6", "W7", "W8", "B2", "B3", "B4", "T5", "F1"},
    {"B1", "B1", "B5", "B6", "B9", "T2", "T3", "T7", "F2", "F3", "J1", "J2", "W9"},
    {"T1", "T1", "T4", "T6", "T8", "T9", "B7", "B8", "F4", "F4", "J3", "J3", "W1"},
    {"T2", "T3", "B1", "B5", "B7", "B9", "W2", "W5", "W8", "F2", "F3", "J1", "J2"},
};

static const char TEXT[] = "Match test-0001\n"
                           "Wind 0\n"
                           "Player 0 Deal W1 W2 W3 W4 W5 W6 W7 W8 B2 B3 B4 T5 F1\n"
                           "Player 1 Deal B1 B1 B5 B6 B9 T2 T3 T7 F2 F3 J1 J2 W9\n"
                           "Player 2 Deal T1 T1 T4 T6 T8 T9 B7 B8 F4 F4 J3 J3 W1\n"
                           "Player 3 Deal T2 T3 B1 B5 B7 B9 W2 W5 W8 F2 F3 J1 J2\n"
                           "Player 0 Draw W9\n"
                           "Player 0 Play F1\n"
                           "Player 1 Draw T5\n"
                           "Player 1 Play T5\n"
                           "Player 0 Hu T5 Ignore Player 2 Peng T5\n"
                           "Fan 21 清龙*1+门前清*1+平和*1+单钓将*1\n"
                           "Score 45 -29 -8 -8\n";

/* Read TEXT (one game), verify it; returns the number of findings, -1 on a read error. */
static int validate(const char *text, size_t size, const char *format, paifu_error *err,
                    const char *expect_code)
{
    paifu_game *g = NULL;
    paifu_error_clear(err);
    paifu_read_options opts = PAIFU_READ_OPTIONS_INIT;
    opts.format = format; /* detection is tested on its own */
    if (paifu_game_read_buffer(&g, text, size, &opts, err) < 0)
        return -1;
    assert_string_equal(paifu_game_source_format(g), format);
    paifu_rules *r = NULL;
    assert_int_equal(paifu_game_rules(&r, g, NULL, err), 0);
    paifu_report *rep = NULL;
    assert_int_equal(paifu_report_new(&rep, NULL), 0);
    assert_int_equal(paifu_verify_game(rep, g, r, NULL, err), 0);
    int n = (int)paifu_report_count(rep);
    bool found = !expect_code;
    for (int i = 0; i < n; i++) {
        const paifu_finding *f = paifu_report_finding(rep, (size_t)i);
        found = found || strcmp(f->code, expect_code) == 0;
        if (!expect_code)
            fprintf(stderr, "  %s: %s\n", f->code, f->message);
    }
    assert_true(found);
    paifu_report_free(rep);
    paifu_rules_free(r);
    paifu_game_free(g);
    return n;
}

static void text_layout(void **state)
{
    (void)state;
    assert_string_equal(paifu_format_detect(TEXT, strlen(TEXT)), "mcr-botzone-text");
    paifu_error err;
    assert_int_equal(validate(TEXT, strlen(TEXT), "mcr-botzone-text", &err, NULL), 0);
    /* the model: one deal, dealer 0, the win with its recorded fans and payments */
    paifu_game *g = NULL;
    assert_int_equal(paifu_game_read_buffer(&g, TEXT, strlen(TEXT), NULL, NULL), 0);
    assert_int_equal(paifu_game_deal_count(g), 1);
    const paifu_deal *d = paifu_game_deal(g, 0);
    assert_int_equal(d->start.dealer, 0);
    assert_int_equal(d->n_wins, 1);
    const paifu_win *w = &d->wins[0];
    assert_int_equal(w->winner, 0);
    assert_int_equal(w->from, 1);
    assert_int_equal(w->han, 21);
    assert_int_equal(w->n_yaku, 4);
    assert_int_equal(w->yaku[0].id, 28);
    assert_int_equal(w->yaku[0].han, 16); /* the value under the Botzone rule set */
    assert_string_equal(w->yaku[0].name, "清龙");
    assert_int_equal(w->deltas[1], -29);
    assert_string_equal(paifu_game_meta_get(g, "botzone.match"), "test-0001");
    assert_int_equal(paifu_game_result_get(g)->points[0], 45);
    paifu_game_free(g);
}

/* TEXT with the first FROM replaced by TO. */
static char *text_with(const char *from, const char *to)
{
    const char *at = strstr(TEXT, from);
    assert_non_null(at);
    char *s = malloc(sizeof(TEXT) + strlen(to));
    assert_non_null(s);
    memcpy(s, TEXT, (size_t)(at - TEXT));
    strcpy(s + (at - TEXT), to);
    strcat(s, at + strlen(from));
    return s;
}

static void text_findings_and_errors(void **state)
{
    (void)state;
    paifu_error err;
    char *s = text_with("Score 45 -29 -8 -8", "Score 46 -30 -8 -8");
    assert_int_equal(validate(s, strlen(s), "mcr-botzone-text", &err, "mcr.payment"), 1);
    free(s);
    s = text_with("单钓将*1", "边张*1");
    assert_int_equal(validate(s, strlen(s), "mcr-botzone-text", &err, "mcr.fan"), 1);
    free(s);
    /* errors: line and column of the word at fault */
    static const struct {
        const char *from, *to;
        uint32_t line, column;
        const char *text;
    } BAD[] = {
        {"Player 0 Play F1", "Player 0 Play X1", 8, 15, "tile name"},
        {"Player 0 Play F1", "Player 1 Chi W2", 8, 10, "chi"},
        {"Player 0 Play F1", "Player 0 Jump F1", 8, 10, "Deal, Draw, Play"},
        {"单钓将*1", "单钓将*1+不存在*1", 12, 8, "fan name"},
        {"Wind 0", "Wind 7", 2, 6, "number in range"},
        {"Score 45 -29 -8 -8\n", "", 12, 0, "Score line"},
        {"Match test-0001", "Hello", 1, 1, "Match"},
    };
    for (size_t i = 0; i < sizeof(BAD) / sizeof(BAD[0]); i++) {
        s = text_with(BAD[i].from, BAD[i].to);
        assert_int_equal(validate(s, strlen(s), "mcr-botzone-text", &err, NULL), -1);
        if (err.where.line != BAD[i].line || !strstr(err.text, BAD[i].text))
            fprintf(stderr, "case %zu: %u:%u %s\n", i, err.where.line, err.where.column, err.text);
        assert_int_equal(err.code, PAIFU_EFORMAT);
        assert_int_equal(err.where.line, BAD[i].line);
        if (BAD[i].column)
            assert_int_equal(err.where.column, BAD[i].column);
        assert_non_null(strstr(err.text, BAD[i].text));
        free(s);
    }
}

/* ---- the JSON match log ---- */

/* A 136-tile wall whose quarters deal HANDS and give player 0 W9 and player 1 T5 first. */
static void build_wall(char *out, size_t size)
{
    static const char *const ALL = "WBT";
    int left[34];
    for (int k = 0; k < 34; k++)
        left[k] = 4;
    const char *q[4][34] = {{NULL}};
    for (int s = 0; s < 4; s++)
        for (int i = 0; i < 13; i++)
            q[s][33 - i] = HANDS[s][i];
    q[0][20] = "W9";
    q[1][20] = "T5";
    static char names[34][3];
    for (int k = 0; k < 34; k++) {
        if (k < 27)
            snprintf(names[k], 3, "%c%d", ALL[k / 9], k % 9 + 1);
        else if (k < 31)
            snprintf(names[k], 3, "F%d", k - 26);
        else
            snprintf(names[k], 3, "J%d", k - 30);
    }
    for (int s = 0; s < 4; s++)
        for (int i = 0; i < 34; i++)
            for (int k = 0; q[s][i] && k < 34; k++)
                if (strcmp(names[k], q[s][i]) == 0)
                    left[k]--;
    size_t used = 0;
    int next = 0;
    for (int s = 0; s < 4; s++)
        for (int i = 0; i < 34; i++) {
            const char *t = q[s][i];
            if (!t) {
                while (!left[next])
                    next++;
                left[next]--;
                t = names[next];
            }
            used += (size_t)snprintf(out + used, size - used, "%s%s", used ? " " : "", t);
        }
}

static char *json_log(const char *draw0, bool with_wall)
{
    char wall[600] = "";
    if (with_wall)
        build_wall(wall, sizeof(wall));
    char hands[4][120];
    for (int s = 0; s < 4; s++) {
        size_t used = 0;
        for (int i = 0; i < 13; i++)
            used += (size_t)snprintf(hands[s] + used, sizeof(hands[s]) - used, "%s\"%s\"",
                                     i ? "," : "", HANDS[s][i]);
    }
    char *s = malloc(8192);
    assert_non_null(s);
    snprintf(s, 8192,
             "{\"status\": \"finished\", \"logs\": ["
             "{\"output\": {\"display\": {\"action\": \"INIT\", \"quan\": 0}}},"
             "{\"0\": {\"response\": \"PASS\"}},"
             "{\"output\": {\"display\": {\"action\": \"DEAL\", \"hand\": [[%s],[%s],[%s],[%s]]}}},"
             "{\"output\": {\"display\": {\"action\": \"DRAW\", \"player\": 0, \"tile\": \"%s\"}}},"
             "{\"output\": {\"display\": {\"action\": \"PLAY\", \"player\": 0, \"tile\": \"F1\"}}},"
             "{\"output\": {\"display\": {\"action\": \"DRAW\", \"player\": 1, \"tile\": \"T5\"}}},"
             "{\"output\": {\"display\": {\"action\": \"PLAY\", \"player\": 1, \"tile\": \"T5\"}}},"
             "{\"output\": {\"display\": {\"action\": \"HU\", \"player\": 0, \"fan\": ["
             "{\"cnt\": 1, \"name\": \"清龙\", \"value\": 16},"
             "{\"cnt\": 1, \"name\": \"门前清\", \"value\": 2},"
             "{\"cnt\": 1, \"name\": \"平和\", \"value\": 2},"
             "{\"cnt\": 1, \"name\": \"单钓将\", \"value\": 1}],"
             "\"fanCnt\": 21, \"score\": [45, -29, -8, -8]}}}],"
             "\"players\": [{\"name\": \"a\"}, {\"name\": \"b\"}, {\"name\": \"c\"}, "
             "{\"name\": \"d\"}],"
             "\"initdata\": \"{\\\"quan\\\":0,\\\"walltiles\\\":\\\"%s\\\"}\"}",
             hands[0], hands[1], hands[2], hands[3], draw0, wall);
    return s;
}

static void json_layout(void **state)
{
    (void)state;
    paifu_error err;
    char *s = json_log("W9", true);
    assert_string_equal(paifu_format_detect(s, strlen(s)), "mcr-botzone");
    assert_int_equal(validate(s, strlen(s), "mcr-botzone", &err, NULL), 0);
    paifu_game *g = NULL;
    assert_int_equal(paifu_game_read_buffer(&g, s, strlen(s), NULL, NULL), 0);
    const paifu_deal *d = paifu_game_deal(g, 0);
    assert_int_equal(d->start.n_wall, 136);
    assert_string_equal(paifu_game_player(g, 3)->name, "d");
    paifu_game_free(g);
    free(s);
    /* a draw that is not the next tile of the seat's quarter */
    s = json_log("W1", true);
    assert_true(validate(s, strlen(s), "mcr-botzone", &err, "wall.draw") >= 1);
    free(s);
    /* without a wall the same play is fine as far as the wall goes */
    s = json_log("W9", false);
    assert_int_equal(validate(s, strlen(s), "mcr-botzone", &err, NULL), 0);
    free(s);
}

static void json_errors(void **state)
{
    (void)state;
    paifu_error err;
    static const struct {
        const char *from, *to, *path, *text;
    } BAD[] = {
        {"\"action\": \"PLAY\", \"player\": 0", "\"action\": \"JUMP\", \"player\": 0",
         "$.logs[4].output.display.action", "judge action"},
        {"\"tile\": \"F1\"", "\"tile\": \"Q1\"", "$.logs[4].output.display", "tile name"},
        {"\"name\": \"平和\"", "\"name\": \"平平\"", "$.logs[7].output.display", "fan name"},
        {"\"cnt\": 1, \"name\": \"清龙\"", "\"cnt\": 0, \"name\": \"清龙\"",
         "$.logs[7].output.display.fan[0].cnt", "integer"},
        {"[\"W1\",", "[", "$.logs[2].output.display.hand[0]", "13 tiles"},
        {"\\\"walltiles\\\":\\\"", "\\\"walltiles\\\":\\\"ZZ ", "$.initdata", "walltiles"},
        /* the prevalent wind is 0..3 (Botzone's Chinese Standard Mahjong judge: quan) */
        {"\"quan\": 0}}}", "\"quan\": 4}}}", "$.logs[0].output.display.quan",
         "expected an integer from 0 to 3, found 4"},
        /* the hand ends with HU */
        {"\"score\": [45, -29, -8, -8]}}}]",
         "\"score\": [45, -29, -8, -8]}}}, {\"output\": {\"display\": {\"action\": \"DRAW\", "
         "\"player\": 1, \"tile\": \"T6\"}}}]",
         "$.logs[8].output.display", "an action after the end of the hand"},
        {"{\"output\": {\"display\": {\"action\": \"DRAW\", \"player\": 1",
         "{\"output\": {\"display\": 7}}, {\"output\": {\"display\": {\"action\": \"DRAW\", "
         "\"player\": 1",
         "$.logs[5].output.display", "expected the judge's display object, found an integer"},
        {"\"players\": [{\"name\": \"a\"}, ", "\"players\": {}, \"p\": [{\"name\": \"a\"}, ",
         "$.players", "expected four players, found an object"},
    };
    for (size_t i = 0; i < sizeof(BAD) / sizeof(BAD[0]); i++) {
        char *base = json_log("W9", true);
        char *at = strstr(base, BAD[i].from);
        assert_non_null(at);
        char *s = malloc(strlen(base) + strlen(BAD[i].to) + 1);
        memcpy(s, base, (size_t)(at - base));
        strcpy(s + (at - base), BAD[i].to);
        strcat(s, at + strlen(BAD[i].from));
        assert_int_equal(validate(s, strlen(s), "mcr-botzone", &err, NULL), -1);
        if (strcmp(err.where.path, BAD[i].path) != 0 || !strstr(err.text, BAD[i].text))
            fprintf(stderr, "case %zu: %s: %s\n", i, err.where.path, err.text);
        assert_int_equal(err.code, PAIFU_EFORMAT);
        assert_string_equal(err.where.path, BAD[i].path);
        assert_non_null(strstr(err.text, BAD[i].text));
        free(s);
        free(base);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(text_layout),
        cmocka_unit_test(text_findings_and_errors),
        cmocka_unit_test(json_layout),
        cmocka_unit_test(json_errors),
    };
    return cmocka_run_group_tests_name("mcr-botzone", tests, NULL, NULL);
}
