/* test_game_rules.c: the rules a game is checked under (lib/model/game_rules.c): who names the
   rule set, the log's overrides, three players, the caller's assignments, the origin. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "paifu.h"

static paifu_game *make_game(const char *rules_name, int players)
{
    paifu_game *g = NULL;
    assert_int_equal(paifu_game_new(&g, NULL), 0);
    assert_int_equal(paifu_game_set_players(g, players, NULL), 0);
    if (rules_name)
        assert_int_equal(paifu_game_set_rules_name(g, rules_name, NULL), 0);
    /* a value no preset has: shows whether the log's overrides were applied */
    assert_int_equal(paifu_game_add_rule_override(g, "start_points", "12345", NULL), 0);
    return g;
}

static void get(char *buf, size_t size, const paifu_rules *r, const char *key)
{
    assert_int_equal(paifu_rules_get(buf, size, r, key, NULL), 0);
}

/* Resolve the rules of GAME under CHOICE and check the origin, the preset the rule set
   started from and its start_points (12345: the log's override was applied). */
static void expect(const paifu_game *game, const paifu_rules_choice *choice,
                   paifu_rules_origin origin, const char *name, const char *start_points)
{
    paifu_rules *r = NULL;
    paifu_rules_origin got = (paifu_rules_origin)-1;
    assert_int_equal(paifu_game_rules_resolve(&r, &got, game, choice, NULL), 0);
    assert_int_equal(got, origin);
    assert_string_equal(paifu_rules_name(r), name);
    char v[64];
    get(v, sizeof(v), r, "start_points");
    assert_string_equal(v, start_points);
    assert_ptr_not_equal(r, choice ? choice->rules : NULL);
    paifu_rules_free(r);
}

static void log_names_the_rules(void **state)
{
    (void)state;
    paifu_game *g = make_game("ema", 4);
    expect(g, NULL, PAIFU_RULES_FROM_LOG, "ema", "12345");
    /* the log's overrides are facts of its game, not the caller's changes */
    paifu_rules *r = NULL;
    assert_int_equal(paifu_game_rules(&r, g, NULL, NULL), 0);
    assert_int_equal(paifu_rules_override_count(r), 0);
    paifu_rules_free(r);
    paifu_game_free(g);
}

static void nobody_names_them_the_fallback_is_assumed(void **state)
{
    (void)state;
    paifu_game *g = make_game(NULL, 4);
    paifu_rules_choice c = PAIFU_RULES_CHOICE_INIT;
    c.fallback = "wrc";
    expect(g, &c, PAIFU_RULES_ASSUMED, "wrc", "12345");
    /* no fallback: rrc; no game at all: the same, with rrc's own start points */
    expect(g, NULL, PAIFU_RULES_ASSUMED, "rrc", "12345");
    expect(NULL, NULL, PAIFU_RULES_ASSUMED, "rrc", "30000");
    paifu_game_free(g);
}

/* The log's overrides refine its own preset; a caller's other preset brings its own rulings
   (start points are a ruling: the tournament's, RRC 2024 §3.1.1). */
static void the_callers_preset_brings_its_rulings(void **state)
{
    (void)state;
    paifu_game *g = make_game("ema", 4);
    paifu_rules_choice c = PAIFU_RULES_CHOICE_INIT;
    c.preset = "wrc";
    expect(g, &c, PAIFU_RULES_FROM_CALLER, "wrc", "30000");
    c.preset = "EMA"; /* the log's own preset named by the caller: its overrides stay */
    expect(g, &c, PAIFU_RULES_FROM_CALLER, "ema", "12345");
    paifu_game_free(g);
}

/* The tile set (red fives), the players and the length are facts of the log: they stay the
   log's under any preset or rule file the caller names (DESIGN.md "The log's facts stay the
   log's"; RRC 2024 §3.1.1 and EMA 2012 §1.1 fix the set a game is played with); only an
   explicit KEY=VALUE overrides one. */
static void the_logs_facts_stay_under_any_rule_set(void **state)
{
    (void)state;
    paifu_game *g = make_game("tenhou", 4); /* Tenhou: three red fives, East-South */
    assert_int_equal(paifu_game_add_rule_override(g, "game_length", "east", NULL), 0);
    paifu_rules *file = NULL;
    assert_int_equal(paifu_rules_preset(&file, "jhc2016", NULL), 0); /* no red fives */
    const char *presets[] = {"ema", "rrc", "wrc", "jhc2016", NULL};
    for (size_t i = 0; i < 5; i++) {
        paifu_rules_choice c = PAIFU_RULES_CHOICE_INIT;
        c.preset = presets[i];
        if (!presets[i])
            c.rules = file;
        paifu_rules *r = NULL;
        assert_int_equal(paifu_game_rules_resolve(&r, NULL, g, &c, NULL), 0);
        char v[64];
        get(v, sizeof(v), r, "red_fives");
        assert_string_equal(v, "3");
        get(v, sizeof(v), r, "game_length");
        assert_string_equal(v, "east");
        get(v, sizeof(v), r, "start_points"); /* a ruling: the caller's */
        assert_string_equal(v, i == 3 || !presets[i] ? "25000" : "30000");
        paifu_rules_free(r);
    }
    /* an explicit assignment checks the fives as plain */
    const char *plain[] = {"red_fives=0"};
    paifu_rules_choice c = PAIFU_RULES_CHOICE_INIT;
    c.preset = "ema";
    c.assignments = plain;
    c.n_assignments = 1;
    paifu_rules *r = NULL;
    assert_int_equal(paifu_game_rules_resolve(&r, NULL, g, &c, NULL), 0);
    char v[64];
    get(v, sizeof(v), r, "red_fives");
    assert_string_equal(v, "0");
    paifu_rules_free(r);
    /* a log that names no rule set: only the facts it records are kept */
    paifu_game *bare = make_game(NULL, 4);
    assert_int_equal(paifu_game_add_rule_override(bare, "red_fives", "0", NULL), 0);
    c.preset = "rrc";
    c.n_assignments = 0;
    assert_int_equal(paifu_game_rules_resolve(&r, NULL, bare, &c, NULL), 0);
    get(v, sizeof(v), r, "red_fives");
    assert_string_equal(v, "0");
    get(v, sizeof(v), r, "game_length");
    assert_string_equal(v, "south");
    paifu_rules_free(r);
    paifu_game_free(bare);
    paifu_rules_free(file);
    paifu_game_free(g);
}

/* The family is a fact no rule set changes: riichi is played with 136 tiles (RRC 2024 §3.1.1;
   EMA 2012 §1.3: flowers and seasons "are not used in riichi mahjong"), MCR with flowers and
   seasons replaced from the wall (MCR seed, item 23 "Замещение цветов и сезонов") and a hand
   of 8 points at least (MCR seed, "сумма всех её фанов должна составлять 8 очков или
   более"): the tiles and the scoring are another game's, so a rule set of the other family is
   refused for a game, naming both and the preset to use, however it was chosen. */
static void refused(const paifu_game *g, const paifu_rules_choice *c, const char *text)
{
    paifu_rules *r = (paifu_rules *)1;
    paifu_error err;
    paifu_error_clear(&err);
    assert_int_equal(paifu_game_rules_resolve(&r, NULL, g, c, &err), PAIFU_EINVAL);
    assert_null(r);
    assert_string_equal(err.text, text);
}

static void a_rule_set_of_the_other_family_is_refused(void **state)
{
    (void)state;
    paifu_game *mcr = make_game("mcr", 4), *ema = make_game("ema", 4);
    paifu_rules_choice c = PAIFU_RULES_CHOICE_INIT;
    c.preset = "ema";
    refused(mcr, &c,
            "an MCR game cannot be checked under ema, a riichi rule set (the tiles and the "
            "scoring are another game's); use --rules mcr");
    c.preset = "mcr";
    refused(ema, &c,
            "a riichi game cannot be checked under mcr, an MCR rule set (the tiles and the "
            "scoring are another game's); use --rules ema");
    /* a rule file's rules alike */
    paifu_rules *file = NULL;
    assert_int_equal(paifu_rules_preset(&file, "rrc", NULL), 0);
    paifu_rules_choice f = PAIFU_RULES_CHOICE_INIT;
    f.rules = file;
    refused(mcr, &f,
            "an MCR game cannot be checked under rrc, a riichi rule set (the tiles and the "
            "scoring are another game's); use --rules mcr");
    /* no KEY=VALUE makes it another game, not even family itself */
    const char *riichi[] = {"family=riichi"}, *other[] = {"family=mcr"};
    paifu_rules_choice a = PAIFU_RULES_CHOICE_INIT;
    a.assignments = riichi;
    a.n_assignments = 1;
    refused(mcr, &a,
            "an MCR game cannot be checked under mcr, a riichi rule set (the tiles and the "
            "scoring are another game's); use --rules mcr");
    a.assignments = other;
    a.preset = "ema";
    refused(ema, &a,
            "a riichi game cannot be checked under ema, an MCR rule set (the tiles and the "
            "scoring are another game's); use --rules ema");
    /* a log that names no rule set but records its family: the same */
    paifu_game *bare = make_game(NULL, 4);
    assert_int_equal(paifu_game_add_rule_override(bare, "family", "mcr", NULL), 0);
    c.preset = "wrc";
    refused(bare, &c,
            "an MCR game cannot be checked under wrc, a riichi rule set (the tiles and the "
            "scoring are another game's); use --rules mcr");
    /* the same family is checked: another riichi preset, the log's own, or its fallback */
    c.preset = "wrc";
    expect(ema, &c, PAIFU_RULES_FROM_CALLER, "wrc", "30000");
    c.preset = "mcr";
    paifu_rules *r = NULL;
    assert_int_equal(paifu_game_rules_resolve(&r, NULL, mcr, &c, NULL), 0);
    paifu_rules_free(r);
    expect(mcr, NULL, PAIFU_RULES_FROM_LOG, "mcr", "12345");
    /* a log that says nothing of its family is checked under any rule set */
    paifu_game *silent = make_game(NULL, 4);
    c.preset = "mcr";
    assert_int_equal(paifu_game_rules_resolve(&r, NULL, silent, &c, NULL), 0);
    paifu_rules_free(r);
    paifu_game_free(silent);
    paifu_game_free(bare);
    paifu_rules_free(file);
    paifu_game_free(ema);
    paifu_game_free(mcr);
}

/* Every fact is named as one by the parameter table, and only those. */
static void facts_are_the_tile_set_players_and_length(void **state)
{
    (void)state;
    const char *facts = ",family,players,game_length,red_fives,kita,mcr_flowers,";
    for (size_t i = 0; i < paifu_rules_param_count(); i++) {
        const paifu_rule_param_info *p = paifu_rules_param(i);
        char key[80];
        snprintf(key, sizeof(key), ",%s,", p->name);
        assert_int_equal(p->fact, strstr(facts, key) != NULL);
    }
}

static void the_callers_rule_set_is_used_as_it_is(void **state)
{
    (void)state;
    paifu_game *g = make_game("ema", 4);
    paifu_rules *mine = NULL;
    assert_int_equal(paifu_rules_preset(&mine, "jhc2016", NULL), 0);
    assert_int_equal(paifu_rules_set(mine, "start_points", "31000", NULL), 0);
    paifu_rules_choice c = PAIFU_RULES_CHOICE_INIT;
    c.rules = mine;
    c.preset = "wrc"; /* the rule set wins over a preset, and the log's overrides stay out */
    expect(g, &c, PAIFU_RULES_FROM_CALLER, "jhc2016", "31000");
    paifu_rules_free(mine);
    paifu_game_free(g);
}

static void three_players_are_checked_with_three_whoever_chose(void **state)
{
    (void)state;
    paifu_game *g = make_game("rrc", 3);
    paifu_rules *four = NULL;
    assert_int_equal(paifu_rules_preset(&four, "rrc", NULL), 0);
    char v[64];
    get(v, sizeof(v), four, "players");
    assert_string_equal(v, "4");
    paifu_rules_choice by_log = PAIFU_RULES_CHOICE_INIT, by_preset = PAIFU_RULES_CHOICE_INIT,
                       by_rules = PAIFU_RULES_CHOICE_INIT;
    by_preset.preset = "rrc";
    by_rules.rules = four;
    const paifu_rules_choice *choices[] = {&by_log, &by_preset, &by_rules};
    for (size_t i = 0; i < 3; i++) {
        paifu_rules *r = NULL;
        assert_int_equal(paifu_game_rules_resolve(&r, NULL, g, choices[i], NULL), 0);
        get(v, sizeof(v), r, "players");
        assert_string_equal(v, "3");
        paifu_rules_free(r);
    }
    /* a four-player game keeps the rule set's four */
    paifu_game *g4 = make_game("rrc", 4);
    paifu_rules *r = NULL;
    assert_int_equal(paifu_game_rules(&r, g4, NULL, NULL), 0);
    get(v, sizeof(v), r, "players");
    assert_string_equal(v, "4");
    paifu_rules_free(r);
    paifu_game_free(g4);
    paifu_rules_free(four);
    paifu_game_free(g);
}

static void assignments_come_last_and_count(void **state)
{
    (void)state;
    paifu_game *g = make_game("rrc", 3);
    const char *assign[] = {"start_points=20000", "players=4"};
    paifu_rules_choice c = PAIFU_RULES_CHOICE_INIT;
    c.assignments = assign;
    c.n_assignments = 2;
    paifu_rules *r = NULL;
    assert_int_equal(paifu_game_rules_resolve(&r, NULL, g, &c, NULL), 0);
    char v[64];
    get(v, sizeof(v), r, "start_points");
    assert_string_equal(v, "20000"); /* over the log's 12345 */
    get(v, sizeof(v), r, "players");
    assert_string_equal(v, "4"); /* over the three-player adjustment */
    assert_int_equal(paifu_rules_override_count(r), 2);
    paifu_rules_free(r);
    paifu_game_free(g);
}

static void errors_name_what_is_wrong(void **state)
{
    (void)state;
    paifu_game *g = make_game("rrc", 4);
    paifu_rules *r = NULL;
    paifu_error err;
    paifu_rules_choice c = PAIFU_RULES_CHOICE_INIT;
    const char *bad[] = {"no_such_rule=1"};
    c.assignments = bad;
    c.n_assignments = 1;
    paifu_error_clear(&err);
    assert_int_equal(paifu_game_rules_resolve(&r, NULL, g, &c, &err), PAIFU_EINVAL);
    assert_null(r);
    assert_non_null(strstr(err.text, "no_such_rule"));
    paifu_rules_choice p = PAIFU_RULES_CHOICE_INIT;
    p.preset = "no-such-preset";
    paifu_error_clear(&err);
    assert_int_equal(paifu_game_rules_resolve(&r, NULL, g, &p, &err), PAIFU_EINVAL);
    assert_null(r);
    assert_non_null(strstr(err.text, "no-such-preset"));
    paifu_rules_choice v = PAIFU_RULES_CHOICE_INIT;
    v.version = 99;
    assert_int_equal(paifu_game_rules_resolve(&r, NULL, g, &v, NULL), PAIFU_EINVAL);
    assert_int_equal(paifu_rules_choice_init(&v, 99), PAIFU_EINVAL);
    assert_int_equal(paifu_rules_choice_init(&v, PAIFU_RULES_CHOICE_VERSION), 0);
    assert_null(v.preset);
    assert_int_equal(paifu_game_rules_resolve(NULL, NULL, g, NULL, NULL), PAIFU_EINVAL);
    paifu_game_free(g);
}

static void origin_names(void **state)
{
    (void)state;
    assert_string_equal(paifu_rules_origin_name(PAIFU_RULES_FROM_LOG), "log");
    assert_string_equal(paifu_rules_origin_name(PAIFU_RULES_FROM_CALLER), "caller");
    assert_string_equal(paifu_rules_origin_name(PAIFU_RULES_ASSUMED), "assumed");
    assert_string_equal(paifu_rules_origin_name((paifu_rules_origin)7), "unknown");
}

int main(void)
{
    paifu_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(log_names_the_rules),
        cmocka_unit_test(nobody_names_them_the_fallback_is_assumed),
        cmocka_unit_test(the_callers_preset_brings_its_rulings),
        cmocka_unit_test(the_logs_facts_stay_under_any_rule_set),
        cmocka_unit_test(a_rule_set_of_the_other_family_is_refused),
        cmocka_unit_test(facts_are_the_tile_set_players_and_length),
        cmocka_unit_test(the_callers_rule_set_is_used_as_it_is),
        cmocka_unit_test(three_players_are_checked_with_three_whoever_chose),
        cmocka_unit_test(assignments_come_last_and_count),
        cmocka_unit_test(errors_name_what_is_wrong),
        cmocka_unit_test(origin_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
