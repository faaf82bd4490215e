/* test_rules.c: the rule descriptor table, presets and by-name access (lib/rules.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <dirent.h>
#include <stdio.h>
#include <string.h>

#include "paifu/rules.h"
#include "paifu/verify.h"
#include "rules_internal.h"

/* paifu_rules_changes: the values that differ from the preset, whatever set them. */
static void changes_are_the_values_not_the_requests(void **state)
{
    (void)state;
    char buf[512];
    for (size_t i = 0; i < paifu_rules_preset_count(); i++) {
        paifu_rules *r = NULL;
        assert_int_equal(paifu_rules_preset(&r, paifu_rules_preset_name(i), NULL), 0);
        assert_int_equal(paifu_rules_changes(buf, sizeof(buf), r), 0); /* a preset: none */
        assert_string_equal(buf, "");
        paifu_rules_free(r);
    }
    paifu_rules *r = NULL;
    assert_int_equal(paifu_rules_preset(&r, "rrc", NULL), 0);
    /* RRC 2024 Table 3: no kiriage; set to what it is, nothing changes */
    assert_int_equal(paifu_rules_set(r, "kiriage", "false", NULL), 0);
    assert_int_equal(paifu_rules_changes(buf, sizeof(buf), r), 0);
    assert_int_equal(paifu_rules_set(r, "kiriage", "true", NULL), 0);
    assert_int_equal(paifu_rules_set(r, "uma", "20000,10000,-10000,-20000", NULL), 0);
    assert_int_equal(paifu_rules_set(r, "players", "3", NULL), 0);
    int n = paifu_rules_changes(buf, sizeof(buf), r);
    /* in the order of the parameter table, each once */
    assert_string_equal(buf, "players=3, uma=20000,10000,-10000,-20000, kiriage=true");
    assert_int_equal(n, (int)strlen(buf));
    /* cut: whole KEY=VALUE pairs only, and the length of the whole text returned */
    char small[20];
    assert_int_equal(paifu_rules_changes(small, sizeof(small), r), n);
    assert_string_equal(small, "players=3");
    /* set back: no longer a change */
    assert_int_equal(paifu_rules_set(r, "kiriage", "false", NULL), 0);
    assert_int_equal(paifu_rules_set(r, "players", "4", NULL), 0);
    paifu_rules_changes(buf, sizeof(buf), r);
    assert_string_equal(buf, "uma=20000,10000,-10000,-20000");
    assert_int_equal(paifu_rules_changes(NULL, 0, r), -1);
    paifu_rules_free(r);
}

static void every_preset_resolves_and_prints(void **state)
{
    (void)state;
    assert_true(paifu_rules_preset_count() >= 8);
    for (size_t i = 0; i < paifu_rules_preset_count(); i++) {
        paifu_rules *r = NULL;
        paifu_error err;
        paifu_error_clear(&err);
        assert_int_equal(paifu_rules_preset(&r, paifu_rules_preset_name(i), &err), 0);
        assert_string_equal(paifu_rules_name(r), paifu_rules_preset_name(i));
        assert_int_equal(paifu_rules_override_count(r), 0);
        /* every parameter prints and parses back to the same value */
        for (size_t p = 0; p < paifu_rules_param_count(); p++) {
            const paifu_rule_param_info *info = paifu_rules_param(p);
            char v[256], again[256];
            assert_int_equal(paifu_rules_get(v, sizeof(v), r, info->name, NULL), 0);
            assert_int_equal(paifu_rules_set(r, info->name, v, &err), 0);
            assert_int_equal(paifu_rules_get(again, sizeof(again), r, info->name, NULL), 0);
            assert_string_equal(v, again);
            assert_non_null(info->doc);
            assert_true(strlen(info->doc) > 10);
            assert_true(strlen(info->source) >= 2);
        }
        paifu_rules_free(r);
    }
}

static void presets_carry_their_sources(void **state)
{
    (void)state;
    paifu_rules *r;
    /* riichi-rulesets.md matrix: RRC no kiriage, 30000 start, 15/5 uma, 4 fu double wind */
    assert_int_equal(paifu_rules_preset(&r, "rrc", NULL), 0);
    assert_false(r->kiriage);
    assert_int_equal(r->start_points, 30000);
    assert_int_equal(r->uma[0], 15000);
    assert_int_equal(r->uma[3], -15000);
    assert_int_equal(r->double_wind_pair_fu, 4);
    assert_int_equal(r->chombo, PAIFU_CHOMBO_AFTER_UMA);
    paifu_rules_free(r);
    /* WRC: kiriage, 2 fu double wind, atamahane, no counted yakuman */
    assert_int_equal(paifu_rules_preset(&r, "wrc", NULL), 0);
    assert_true(r->kiriage);
    assert_int_equal(r->double_wind_pair_fu, 2);
    assert_int_equal(r->multi_ron, PAIFU_MULTI_RON_ATAMAHANE);
    assert_false(r->kazoe_yakuman);
    paifu_rules_free(r);
    /* EMA 2012: 30/10 uma, closed tanyao, ryanhan shibari, double daisuushi */
    assert_int_equal(paifu_rules_preset(&r, "ema2012", NULL), 0);
    assert_int_equal(r->uma[0], 30000);
    assert_false(r->kuitan);
    assert_true(r->ryanhan_shibari);
    assert_int_equal(r->double_yakuman, PAIFU_DOUBLE_DAISUUSHI);
    assert_int_equal(r->kuikae, PAIFU_KUIKAE_ALLOW);
    paifu_rules_free(r);
    /* Tenhou: 25000/30000, oka 20000, first winner takes honba */
    assert_int_equal(paifu_rules_preset(&r, "TENHOU", NULL), 0); /* names are case-insensitive */
    assert_int_equal(r->start_points, 25000);
    assert_int_equal(r->oka, 20000);
    assert_int_equal(r->honba_multi_ron, PAIFU_HONBA_FIRST_WINNER);
    assert_true(r->rinshan_tsumo_fu);
    assert_int_equal(r->renhou, PAIFU_RENHOU_NONE);
    paifu_rules_free(r);
    assert_int_equal(paifu_rules_preset(&r, "jhc2016", NULL), 0);
    assert_int_equal(r->multi_ron, PAIFU_MULTI_RON_DOUBLE);
    assert_true(r->nagashi);
    assert_true(r->chombo_returns_riichi);
    assert_int_equal(r->pao, PAIFU_PAO_DAISANGEN | PAIFU_PAO_DAISUUSHI | PAIFU_PAO_SUUKANTSU |
                                 PAIFU_PAO_RINSHAN_DAIMINKAN);
    paifu_rules_free(r);
    assert_int_equal(paifu_rules_preset(&r, "mcr", NULL), 0);
    assert_int_equal(r->family, PAIFU_FAMILY_MCR);
    paifu_rules_free(r);
}

static void set_and_get_by_name(void **state)
{
    (void)state;
    paifu_rules *r;
    paifu_error err;
    paifu_error_clear(&err);
    assert_int_equal(paifu_rules_preset(&r, "rrc", &err), 0);
    assert_int_equal(paifu_rules_set_assignment(r, "kiriage=true", &err), 0);
    assert_true(r->kiriage);
    assert_int_equal(paifu_rules_set(r, "uma", "30000,10000,-10000,-30000", &err), 0);
    assert_int_equal(r->uma[1], 10000);
    assert_int_equal(paifu_rules_set(r, "abortive", "kyuushu, suufon", &err), 0);
    assert_int_equal(r->abortive, PAIFU_ABORT_KYUUSHU | PAIFU_ABORT_SUUFON);
    char v[128];
    assert_int_equal(paifu_rules_get(v, sizeof(v), r, "abortive", NULL), 0);
    assert_string_equal(v, "kyuushu,suufon");
    assert_int_equal(paifu_rules_set(r, "abortive", "", &err), 0);
    assert_int_equal(r->abortive, 0);
    assert_int_equal(paifu_rules_override_count(r), 4);
    /* errors name the key or the allowed values */
    assert_int_equal(paifu_rules_set(r, "kirriage", "true", &err), PAIFU_EINVAL);
    assert_non_null(strstr(err.text, "kirriage"));
    paifu_error_clear(&err);
    assert_int_equal(paifu_rules_set(r, "multi_ron", "quadruple", &err), PAIFU_EINVAL);
    assert_non_null(strstr(err.text, "triple|double|atamahane"));
    paifu_error_clear(&err);
    assert_int_equal(paifu_rules_set(r, "uma", "1,2,3", &err), PAIFU_EINVAL);
    assert_int_equal(paifu_rules_set(r, "honba_value", "3x", NULL), PAIFU_EINVAL);
    assert_int_equal(paifu_rules_set(r, "kuitan", "maybe", NULL), PAIFU_EINVAL);
    assert_int_equal(paifu_rules_set_assignment(r, "noequals", NULL), PAIFU_EINVAL);
    assert_int_equal(paifu_rules_get(v, 3, r, "uma", NULL), PAIFU_ELIMIT);
    paifu_rules *copy;
    assert_int_equal(paifu_rules_copy(&copy, r, NULL), 0);
    assert_int_equal(copy->uma[1], 10000);
    paifu_rules_free(copy);
    paifu_rules_free(r);
    paifu_error_clear(&err);
    assert_int_equal(paifu_rules_preset(&r, "nosuch", &err), PAIFU_EINVAL);
    assert_non_null(strstr(err.text, "rrc"));
}

static void engine_never_names_a_preset(void **state)
{
    (void)state;
    /* STYLE.md section 5: no branch on a preset name outside lib/model/rules_presets.c. Every engine source
       (every .c file of every layer folder of lib/) is scanned for the quoted preset names; a layer that cannot be opened, or
       a scan that reads no file, fails rather than passing on nothing. */
    static const char *layers[] = {"base", "model", "hand", "verify", "mcr"};
    size_t scanned = 0;
    for (size_t l = 0; l < sizeof(layers) / sizeof(layers[0]); l++) {
        char dir[512];
        snprintf(dir, sizeof(dir), "%s/lib/%s", PAIFU_SOURCE_DIR, layers[l]);
        DIR *d = opendir(dir);
        if (!d)
            fail_msg("cannot open %s", dir);
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            size_t n = strlen(e->d_name);
            if (n < 3 || strcmp(e->d_name + n - 2, ".c") != 0 || strcmp(e->d_name, "rules_presets.c") == 0)
                continue;
            char path[1024];
            snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
            FILE *fp = fopen(path, "r");
            if (!fp)
                fail_msg("cannot read %s", path);
            scanned++;
            char line[1024];
            while (fgets(line, sizeof(line), fp)) {
                for (size_t i = 0; i < paifu_rules_preset_count(); i++) {
                    char quoted[32];
                    snprintf(quoted, sizeof(quoted), "\"%s\"", paifu_rules_preset_name(i));
                    /* a branch compares a name; "tenhou" is also a yakuman's name and "mcr" a
                       group of parameters, which are no branch */
                    if (strstr(line, quoted) && (strstr(line, "strcmp") || strstr(line, "preset")))
                        fail_msg("%s names preset %s: %s", path, quoted, line);
                }
            }
            fclose(fp);
        }
        closedir(d);
    }
    assert_true(scanned >= 25);
}

/* Is NAME in the comma-separated LIST? */
static bool listed(const char *list, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = list; *p;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        if (len == n && strncmp(p, name, n) == 0)
            return true;
        p += len + (comma ? 1 : 0);
    }
    return false;
}

static bool param_exists(const char *name, size_t len)
{
    for (size_t i = 0; i < paifu_rules_param_count(); i++)
        if (strlen(paifu_rules_param(i)->name) == len &&
            strncmp(paifu_rules_param(i)->name, name, len) == 0)
            return true;
    return false;
}

/* What a score sheet (no tiles) is checked for, read from lib/verify/sheet_check.c: the
   parameters its checks turn on, and the finding its checks raise that no parameter turns on
   (a riichi player noten at a draw: penalty.noten_riichi, RRC 2024 §3.8, §3.13; EMA 2012
   §3.4.6). A row "on tile logs only" names none of them: the sheets check that rule. */
static const char *const SHEET_PARAMS[] = {
    "red_fives", "ippatsu", "renhou", "ura_dora", "kita", /* absent_yaku: sheet.yaku */
    "kuitan",                                            /* read_list: can_open */
    "yakuman_stacking", "kazoe_yakuman",                 /* check_han: sheet.han */
    "open_pinfu_fu",                                     /* fu pairs: sheet.fu */
    "abortive", "multi_ron",                             /* check_draw: draw.condition */
    "pao",                                               /* check_pao: sheet.yaku, sheet.winner */
    "riichi_min_points",                                 /* deal.riichi */
    "ryanhan_shibari",                                   /* check_minimum: win.no_yaku */
    "nagashi", "nagashi_yields_to_penalty",              /* check_draw: draw.payment */
};
static const char *const SHEET_ONLY_CODES = "penalty.noten_riichi";
/* Parameters only a deal's tiles show (the play, waits and hands): no sheet checks them. */
static const char *const TILE_PARAMS = "chankan_ankan_kokushi,keishiki_tenpai,"
                                       "pure_karaten_tenpai,kandora_timing,kuikae,temp_furiten,"
                                       "riichi_min_wall,riichi_ankan,ippatsu_ankan_breaks,"
                                       "double_wind_pair_fu,rinshan_tsumo_fu,kita_interrupts";

/* The status of each row against what the code checks on score sheets (issue 30: EMA 2012
   §3.4.6's noten riichi was "on tile logs only" though sheets raise penalty.noten_riichi). */
static void rule_checks_say_what_sheets_check(void **state)
{
    (void)state;
    for (size_t i = 0; i < paifu_rules__preset_count; i++) {
        const paifu_rule_preset *pr = &paifu_rules__presets[i];
        paifu_rules *rules = NULL;
        char family[16];
        assert_int_equal(paifu_rules_preset(&rules, pr->name, NULL), 0);
        assert_int_equal(paifu_rules_get(family, sizeof(family), rules, "family", NULL), 0);
        paifu_rules_free(rules);
        if (strcmp(family, "riichi") != 0)
            continue; /* score sheets are riichi's (MCR's riichi parameters are all off) */
        const paifu_rule_check *rows;
        size_t n = paifu_rules_checks(&rows, pr->name);
        for (size_t r = 0; r < n; r++) {
            const paifu_rule_check *c = &rows[r];
            if (c->status == PAIFU_CHECK_TILE_LOGS) {
                for (size_t k = 0; k < sizeof(SHEET_PARAMS) / sizeof(SHEET_PARAMS[0]); k++)
                    if (listed(c->params, SHEET_PARAMS[k]))
                        fail_msg("%s, %s (%s): on tile logs only, but score sheets are checked "
                                 "for %s",
                                 pr->name, c->clause, c->rule, SHEET_PARAMS[k]);
                if (listed(c->findings, SHEET_ONLY_CODES))
                    fail_msg("%s, %s (%s): on tile logs only, but score sheets raise %s",
                             pr->name, c->clause, c->rule, SHEET_ONLY_CODES);
            }
            if (c->status == PAIFU_CHECK_ENFORCED)
                for (const char *p = c->params; *p;) {
                    size_t len = strcspn(p, ",");
                    char name[64];
                    snprintf(name, sizeof(name), "%.*s", (int)len, p);
                    if (listed(TILE_PARAMS, name))
                        fail_msg("%s, %s (%s): enforced on every log, but %s needs the tiles",
                                 pr->name, c->clause, c->rule, name);
                    p += len + (p[len] == ',');
                }
        }
    }
}

/* The enforcement tables (rules_checks.c) name only parameters and finding codes that exist,
   cover every parameter their preset sets, and a rule no log shows has no finding. */
static void rule_checks_match_the_code(void **state)
{
    (void)state;
    for (size_t i = 0; i < paifu_rules__preset_count; i++) {
        const paifu_rule_preset *pr = &paifu_rules__presets[i];
        const paifu_rule_check *rows;
        size_t n = paifu_rules_checks(&rows, pr->name);
        if (n < 3)
            fail_msg("preset %s has no enforcement table", pr->name);
        for (size_t r = 0; r < n; r++) {
            const paifu_rule_check *c = &rows[r];
            assert_non_null(c->rule);
            for (const char *p = c->params; *p;) {
                size_t len = strcspn(p, ",");
                if (!param_exists(p, len))
                    fail_msg("%s, %s: no parameter '%.*s'", pr->name, c->clause, (int)len, p);
                p += len + (p[len] == ',');
            }
            for (const char *p = c->findings; *p;) {
                char code[64];
                size_t len = strcspn(p, ",");
                snprintf(code, sizeof(code), "%.*s", (int)len, p);
                if (!paifu_finding_code_find(code))
                    fail_msg("%s, %s: no finding code '%s'", pr->name, c->clause, code);
                p += len + (p[len] == ',');
            }
            if (c->status == PAIFU_CHECK_NOT_FROM_LOG && c->findings[0])
                fail_msg("%s, %s: a rule no log shows has findings", pr->name, c->clause);
            if (c->status != PAIFU_CHECK_NOT_FROM_LOG && !c->findings[0] && !c->params[0])
                fail_msg("%s, %s: an enforced rule with neither parameter nor finding", pr->name,
                         c->clause);
            assert_string_not_equal(paifu_rule_check_status_name(c->status), "?");
        }
        for (size_t o = 0; o < pr->n_overrides; o++) {
            if (strcmp(pr->overrides[o].key, "document") == 0)
                continue; /* names the document these rows come from, not one of its rules */
            bool found = false;
            for (size_t r = 0; r < n && !found; r++)
                found = listed(rows[r].params, pr->overrides[o].key);
            if (!found)
                fail_msg("preset %s sets %s, which no row of its table names", pr->name,
                         pr->overrides[o].key);
        }
    }
    assert_int_equal(paifu_rules_checks(NULL, "nosuch"), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_preset_resolves_and_prints),
        cmocka_unit_test(changes_are_the_values_not_the_requests),
        cmocka_unit_test(presets_carry_their_sources),
        cmocka_unit_test(set_and_get_by_name),
        cmocka_unit_test(engine_never_names_a_preset),
        cmocka_unit_test(rule_checks_match_the_code),
        cmocka_unit_test(rule_checks_say_what_sheets_check),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
