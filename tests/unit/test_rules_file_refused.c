/*
 * test_rules_file_refused.c: rule files (schemas/rules.schema.json: {"preset", "parameters",
 * "overrides", "description"}) and the rule set a converted log carries under "paifu_rules"
 * (formats/paifu/paifu_json.h), read or refused at the JSON path of their fault.
 *
 * "parameters" gives every parameter's value; a value equal to the preset's is no change, one
 * that differs is the rule set's (doc/rules.md). Values are strings, booleans, integers or
 * arrays; the keys are the parameter table's.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "paifu.h"

static char g_path[64];

/* TEXT as a rule file, read: the status, the rules in *OUT (freed by the caller), ERR. */
static int read_text(const char *text, paifu_rules **out, paifu_error *err)
{
    snprintf(g_path, sizeof(g_path), "/tmp/paifu-rules-test-%ld.json", (long)getpid());
    FILE *f = fopen(g_path, "wb");
    assert_non_null(f);
    assert_int_equal(fputs(text, f) >= 0, 1);
    assert_int_equal(fclose(f), 0);
    paifu_error_clear(err);
    int rc = paifu_rules_read_file(out, g_path, err);
    remove(g_path);
    return rc;
}

static void refused(const char *text, const char *path, const char *words)
{
    paifu_rules *r = NULL;
    paifu_error err;
    int rc = read_text(text, &r, &err);
    if (rc != PAIFU_EFORMAT || strcmp(err.where.path, path) != 0 || !strstr(err.text, words))
        fail_msg("%s: status %d at \"%s\": \"%s\"; expected a refusal at %s saying \"%s\"", text,
                 rc, err.where.path, err.text, path, words);
    assert_null(r);
}

static void value_is(const paifu_rules *r, const char *key, const char *want)
{
    char buf[256];
    assert_int_equal(paifu_rules_get(buf, sizeof(buf), r, key, NULL), 0);
    assert_string_equal(buf, want);
}

static void parameters(void **state)
{
    (void)state;
    paifu_rules *r = NULL;
    paifu_error err;
    /* the preset's own value is no change; another one is */
    assert_int_equal(read_text("{\"preset\": \"ema\", \"parameters\": {\"red_fives\": 0, "
                               "\"game_length\": \"east\"}}",
                               &r, &err),
                     0);
    value_is(r, "red_fives", "0");
    value_is(r, "game_length", "east");
    paifu_rules_free(r);
    refused("{\"preset\": \"ema\", \"parameters\": [1]}", "$.parameters",
            "expected an object of every parameter's value, found an array");
    refused("{\"preset\": \"ema\", \"parameters\": {\"red_fivez\": 0}}", "$.parameters.red_fivez",
            "red_fivez");
    refused("{\"preset\": \"ema\", \"parameters\": {\"red_fives\": \"many\"}}",
            "$.parameters.red_fives", "red_fives");
    refused("{\"preset\": \"ema\", \"parameters\": {\"red_fives\": null}}",
            "$.parameters.red_fives", "expected a string, boolean, integer or array");
}

static void overrides_and_keys(void **state)
{
    (void)state;
    paifu_rules *r = NULL;
    paifu_error err;
    assert_int_equal(
        read_text("{\"preset\": \"ema\", \"overrides\": {\"red_fives\": 3}}", &r, &err), 0);
    value_is(r, "red_fives", "3");
    paifu_rules_free(r);
    refused("{\"preset\": \"ema\", \"overrides\": 3}", "$.overrides",
            "expected an object of parameters, found an integer");
    refused("{\"preset\": \"ema\", \"overrides\": {\"kuitan\": \"maybe\"}}", "$.overrides.kuitan",
            "kuitan");
    refused("{\"preset\": \"emma\"}", "$.preset", "emma");
    refused("{\"preset\": \"ema\", \"override\": {}}", "$.override",
            "expected preset, parameters, overrides or description, found \"override\"");
    refused("[\"ema\"]", "$", "expected {\"preset\": ..., \"overrides\": {...}}, found an array");
}

/* A tenhou.net/6 document's carried rule set: an object, its origin notes strings. */
static void carried_rules(void **state)
{
    (void)state;
    static const char *const CASES[][3] = {
        {"5", "$.paifu_rules",
         "expected {\"preset\": ..., \"overrides\": {...}}, found an integer"},
        {"{\"preset\": \"ema\", \"assumed\": 7}", "$.paifu_rules.assumed", "expected a string"},
        {"{\"preset\": \"ema\", \"overrides\": {\"red_fives\": \"x\"}}",
         "$.paifu_rules.overrides.red_fives", "red_fives"},
    };
    for (size_t i = 0; i < sizeof(CASES) / sizeof(CASES[0]); i++) {
        char doc[1024];
        snprintf(doc, sizeof(doc),
                 "{\"name\":[\"A\",\"B\",\"C\",\"D\"],\"rule\":{\"disp\":\"般南喰赤\",\"aka\":1},"
                 "\"paifu_rules\":%s,\"log\":[[[0,0,0],[25000,25000,25000,25000],[11],[],"
                 "[11,12,13,14,15,16,17,18,19,21,22,23,24],[41],[],"
                 "[11,12,13,14,15,16,17,18,19,21,22,23,24],[],[],"
                 "[11,12,13,14,15,16,17,18,19,21,22,23,24],[],[],"
                 "[11,12,13,14,15,16,17,18,19,21,22,23,24],[],[],[\"九種九牌\"]]]}",
                 CASES[i][0]);
        paifu_game *g = NULL;
        paifu_error err;
        paifu_error_clear(&err);
        paifu_read_options o = PAIFU_READ_OPTIONS_INIT;
        o.format = "tenhou6";
        int rc = paifu_game_read_buffer(&g, doc, strlen(doc), &o, &err);
        if (rc != PAIFU_EFORMAT || strcmp(err.where.path, CASES[i][1]) != 0 ||
            !strstr(err.text, CASES[i][2]))
            fail_msg("%s: status %d at %s \"%s\"", CASES[i][0], rc, err.where.path, err.text);
        assert_null(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(parameters),
        cmocka_unit_test(overrides_and_keys),
        cmocka_unit_test(carried_rules),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
