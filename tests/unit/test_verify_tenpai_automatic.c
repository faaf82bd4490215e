/*
 * test_verify_tenpai_automatic.c: the rule parameter tenpai_declared_automatically, from the
 * rule's words. On Tenhou "a tenpai hand at an exhaustive draw is counted as tenpai
 * automatically", where at a real table a player may turn a tenpai hand down and declare noten
 * (mj-news.net/?p=38310; mj-news.net/column/nemata_turedure/20191224139253): no noten
 * declaration exists. So a Tenhou log whose recorded tenpai is the hands' obeys it, and one
 * that records a tenpai hand as noten breaks it (draw.tenpai, citing the source: the tenhou
 * preset's row "Tenhou's rules (mj-news.net/?p=38310)"); under a rule set that allows the
 * declaration (the parameter false) the same log has no draw.tenpai finding.
 *
 * The log is samples/synthetic-tenhou.mjlog (a Tenhou XML log). Its last deal ends in an
 * exhaustive draw with seat 1 alone tenpai (hai1 shown, 3000 paid); the breaking copy shows no
 * hand there and pays nothing, the final scores following (seat 1 takes the ten riichi sticks
 * left: 210, 370, 220, 200 hundreds; uma 20/10 with return 30000 and oka 20000). Seat 1 is
 * in riichi there, so the copy also breaks the riichi rule (penalty.noten_riichi: a riichi hand
 * shows its tenpai) and changes how the game ends (flow.game_end), whatever this parameter:
 * those findings are the edit's, not this rule's.
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

#define SAMPLE PAIFU_SAMPLES_DIR "/synthetic-tenhou.mjlog"

static const char LAST_DRAW[] =
    "<RYUUKYOKU ba=\"6,10\" sc=\"210,-10,270,30,220,-10,200,-10\" "
    "hai1=\"0,2,6,7,15,42,43,50,51,108,110,112,113\" "
    "owari=\"200,-20.0,400,50.0,210,1.0,190,-31.0\"/>";
static const char LAST_DRAW_NOTEN[] =
    "<RYUUKYOKU ba=\"6,10\" sc=\"210,0,270,0,220,0,200,0\" "
    "owari=\"210,-19.0,370,47.0,220,2.0,200,-30.0\"/>";

/* The sample, with its last draw replaced by REPLACEMENT (NULL: as it is); free(). */
static char *sample(const char *replacement, size_t *n)
{
    FILE *f = fopen(SAMPLE, "rb");
    assert_non_null(f);
    static char buf[1 << 17];
    size_t len = fread(buf, 1, sizeof(buf) - 1, f);
    fclose(f);
    buf[len] = '\0';
    char *at = strstr(buf, LAST_DRAW);
    assert_non_null(at); /* the sample's last draw, as this test describes it */
    const char *with = replacement ? replacement : LAST_DRAW;
    char *out = malloc(len + strlen(with) + 1);
    assert_non_null(out);
    size_t head = (size_t)(at - buf);
    memcpy(out, buf, head);
    strcpy(out + head, with);
    strcat(out, at + strlen(LAST_DRAW));
    *n = strlen(out);
    return out;
}

/* The findings of the log with its last draw REPLACEMENT, under its own rules with the
   parameter set to AUTOMATIC ("true", "false", NULL: the rules' own), into REP. */
static paifu_report *verify(const char *replacement, const char *automatic)
{
    size_t n;
    char *text = sample(replacement, &n);
    paifu_game *g = NULL;
    paifu_error err;
    paifu_error_clear(&err);
    if (paifu_game_read_buffer(&g, text, n, NULL, &err) < 0)
        fail_msg("read: %s", err.text);
    free(text);
    paifu_rules *rules = NULL;
    assert_int_equal(paifu_game_rules(&rules, g, NULL, NULL), 0);
    if (automatic)
        assert_int_equal(paifu_rules_set(rules, "tenpai_declared_automatically", automatic, NULL),
                         0);
    paifu_report *rep;
    assert_int_equal(paifu_report_new(&rep, NULL), 0);
    assert_int_equal(paifu_verify_game(rep, g, rules, NULL, NULL), 0);
    for (size_t i = 0; i < paifu_report_count(rep); i++)
        print_message("  %s: %s (%s)\n", paifu_report_finding(rep, i)->code,
                      paifu_report_finding(rep, i)->message,
                      paifu_report_finding(rep, i)->rule_ref ? paifu_report_finding(rep, i)->rule_ref
                                                              : "");
    paifu_rules_free(rules);
    paifu_game_free(g);
    return rep;
}

/* The Tenhou log's rule set declares tenpai automatically. */
static void tenhou_log_has_the_rule(void **state)
{
    (void)state;
    size_t n;
    char *text = sample(NULL, &n);
    paifu_game *g = NULL;
    assert_int_equal(paifu_game_read_buffer(&g, text, n, NULL, NULL), 0);
    free(text);
    paifu_rules *rules = NULL;
    assert_int_equal(paifu_game_rules(&rules, g, NULL, NULL), 0);
    char v[8];
    assert_int_equal(paifu_rules_get(v, sizeof(v), rules, "tenpai_declared_automatically", NULL),
                     0);
    assert_string_equal(v, "true");
    paifu_rules_free(rules);
    paifu_game_free(g);
}

/* Obeys: the recorded tenpai (the hands shown) is the hands' tenpai: no finding. */
static void recorded_tenpai_equal_to_the_hands(void **state)
{
    (void)state;
    paifu_report *rep = verify(NULL, NULL);
    assert_int_equal(paifu_report_count(rep), 0);
    paifu_report_free(rep);
}

/* The one draw.tenpai finding of REP, or NULL. */
static const paifu_finding *draw_tenpai(const paifu_report *rep)
{
    const paifu_finding *found = NULL;
    for (size_t i = 0; i < paifu_report_count(rep); i++)
        if (!strcmp(paifu_report_finding(rep, i)->code, "draw.tenpai")) {
            assert_null(found);
            found = paifu_report_finding(rep, i);
        }
    return found;
}

/* Breaks: seat 1's tenpai hand recorded noten (not shown, not paid): draw.tenpai, naming the
   seat and citing the source. */
static void tenpai_hand_recorded_noten(void **state)
{
    (void)state;
    paifu_report *rep = verify(LAST_DRAW_NOTEN, NULL);
    const paifu_finding *f = draw_tenpai(rep);
    assert_non_null(f);
    assert_string_equal(f->code, "draw.tenpai");
    assert_non_null(strstr(f->message, "(seat 1) is recorded noten but its hand is tenpai"));
    assert_string_equal(f->expected, "tenpai");
    assert_string_equal(f->recorded, "noten");
    assert_non_null(f->rule_ref);
    assert_non_null(strstr(f->rule_ref, "mj-news.net/?p=38310"));
    paifu_report_free(rep);
}

/* The parameter, not the log's format, decides: where noten may be declared, the same log has
   no draw.tenpai finding. */
static void noten_declared_where_the_rule_allows_it(void **state)
{
    (void)state;
    paifu_report *rep = verify(LAST_DRAW_NOTEN, "false");
    assert_null(draw_tenpai(rep));
    paifu_report_free(rep);
}

int main(void)
{
    paifu_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tenhou_log_has_the_rule),
        cmocka_unit_test(recorded_tenpai_equal_to_the_hands),
        cmocka_unit_test(tenpai_hand_recorded_noten),
        cmocka_unit_test(noten_declared_where_the_rule_allows_it),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
