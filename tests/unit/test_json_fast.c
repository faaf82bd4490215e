/*
 * test_json_fast.c: jload's one-pass parser (formats/common/json_in.c, fast_load) gives the
 * tree jansson's json_loadb gives, or leaves the input to jansson: for tricky inputs (escapes,
 * UTF-8 valid and not, numbers at and past their limits, duplicate keys, trailing text, deep
 * nesting, syntax errors) under each flag the readers use, and for every JSON log of the corpus
 * (each line of the mjai logs): the same success or failure, the same error text, the same tree
 * (its text with every real at 17 digits) and the same bytes used.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_in.h"
#include "paifu.h"
#include "stream_compare.h"

static const size_t FLAGS[] = {0, JSON_REJECT_DUPLICATES, JSON_DISABLE_EOF_CHECK,
                               JSON_DECODE_ANY, JSON_REJECT_DUPLICATES | JSON_DISABLE_EOF_CHECK};

static size_t compared;

/* DATA[0..SIZE) through jload and through json_loadb under FLAGS: the same outcome. */
static void same(const char *data, size_t size, size_t flags)
{
    paifu_error err;
    paifu_error_clear(&err);
    json_t *ours = NULL;
    size_t used = 0;
    int rc = (flags & JSON_DISABLE_EOF_CHECK)
                 ? jload_col(&ours, &used, data, size, flags, 0, 0, "t", &err)
                 : jload(&ours, data, size, flags, 0, "t", &err);
    json_error_t je;
    json_t *theirs = json_loadb(data, size, flags, &je);
    compared++;
    if (!theirs) {
        assert_int_not_equal(rc, 0);
        char want[300];
        snprintf(want, sizeof(want), "invalid JSON: %s", je.text);
        /* jansson's text, then for bytes that are not UTF-8 how to convert them (issue 36) */
        if (strncmp(err.text, want, strlen(want)) != 0 ||
            (err.text[strlen(want)] && !strstr(je.text, "unable to decode byte")))
            fail_msg("\"%s\", expected \"%s\"", err.text, want);
        return;
    }
    assert_int_equal(rc, 0);
    size_t dump = JSON_COMPACT | JSON_ENCODE_ANY | JSON_REAL_PRECISION(17);
    char *a = json_dumps(ours, dump), *b = json_dumps(theirs, dump);
    assert_non_null(a);
    assert_non_null(b);
    assert_string_equal(a, b);
    if (flags & JSON_DISABLE_EOF_CHECK)
        assert_int_equal(used, (size_t)je.position);
    free(a);
    free(b);
    jfree(ours);
    json_decref(theirs);
}

static void same_all_flags(const char *data, size_t size)
{
    for (size_t i = 0; i < sizeof(FLAGS) / sizeof(FLAGS[0]); i++)
        same(data, size, FLAGS[i]);
}

static void tricky_inputs(void **state)
{
    (void)state;
    static const char *const IN[] = {
        "{}", "[]", "  [ ]  ", "{\"a\":1,\"a\":2}", "{\"a\":1,\"b\":{\"a\":2},\"c\":[1,2,3]}",
        "{\"s\":\"a\\nb\\t\\/\\\\\\\"\\b\\f\\r\"}", "{\"k\\\"e\\\\y\":\"v\"}",
        "{\"u\":\"\\u00e9\"}", "{\"u\":\"\\u0000\"}", "{\"\\u0041\":1}", "{\"e\":\"\\x\"}",
        "[1,-0,0.5,1e3,-2.5E-3,1E+2,true,false,null,{},[]]",
        "[9223372036854775807,-9223372036854775808]", "[9223372036854775808]",
        "[-9223372036854775809]", "[99999999999999999999999]", "[01]", "[-01]", "[1.]", "[.5]",
        "[-]", "[1e]", "[1e+]", "[1e400]", "[1e-400]", "[-1e400]", "[0.1e-5]", "[123.456e78]",
        "{\"a\":1}x", "{\"a\":1} ", "{\"a\":1}\n{\"b\":2}", "{\"a\":1}]", "{\"a\" 1}", "{\"a\":}",
        "{,}", "[1,]", "[,1]", "[\"abc", "{\"a\":1", "[tru]", "[truex]", "[nul]", "[falsey]",
        "{\"\xc3\xa9\":\"\xe6\x97\xa5\xe6\x9c\xac\xf0\x9f\x80\x84\"}", "[\"\xff\"]",
        "[\"\xc0\xaf\"]", "[\"\xed\xa0\x80\"]", "[\"\xf4\x90\x80\x80\"]", "[\"\xe6\x97\"]",
        "[\"a\x01\"]", "[\"tab\there\"]", "[\"\x7f\"]", "1", "\"s\"", "null", "-5", "2.5 ",
        "", "   ", "\xef\xbb\xbf{}", "{\"\":0}", "{\"a\":1,}", "[1 2]", "{\"a\":1 \"b\":2}",
        "[\"\\", "{\"a\":[{\"b\":[{\"c\":null}]}]}", "[1]\x00", "{\"a\":\"b\"}\t\r\n",
    };
    for (size_t i = 0; i < sizeof(IN) / sizeof(IN[0]); i++)
        same_all_flags(IN[i], strlen(IN[i]));
    same_all_flags("[1]\0[2]", 7); /* a NUL after the value */
    /* nesting past the fast path's depth (jansson's limit is deeper) and past jansson's */
    for (size_t depth = 500; depth <= 2100; depth += 800) {
        char *deep = malloc(2 * depth + 1);
        assert_non_null(deep);
        memset(deep, '[', depth);
        memset(deep + depth, ']', depth);
        deep[2 * depth] = '\0';
        same_all_flags(deep, 2 * depth);
        free(deep);
    }
}

/* A file compared whole, and each of its lines when *LINES. */
static void same_file(const char *data, size_t n, void *lines)
{
    same(data, n, JSON_REJECT_DUPLICATES);
    same(data, n, JSON_DISABLE_EOF_CHECK);
    for (const char *p = data; *(bool *)lines && p < data + n;) {
        const char *nl = memchr(p, '\n', (size_t)(data + n - p));
        size_t len = nl ? (size_t)(nl - p) : (size_t)(data + n - p);
        same(p, len, JSON_REJECT_DUPLICATES);
        p += len + 1;
    }
}

static void walk(const char *dir, bool lines)
{
    each_file(dir, same_file, &lines);
}

static void corpus_logs(void **state)
{
    (void)state;
    static const char *const DIRS[] = {"tenhou6", "mjai", "majsoul", "mcr"};
    compared = 0;
    for (size_t i = 0; i < sizeof(DIRS) / sizeof(DIRS[0]); i++) {
        char dir[1024];
        snprintf(dir, sizeof(dir), "%s/%s", PAIFU_CORPUS_DIR, DIRS[i]);
        walk(dir, strcmp(DIRS[i], "mjai") == 0);
    }
    walk(PAIFU_SAMPLES_DIR, true);
    assert_true(compared > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tricky_inputs),
        cmocka_unit_test(corpus_logs),
    };
    paifu_init();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
