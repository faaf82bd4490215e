/*
 * run_vectors.c: one cmocka test per vector of tests/data/vectors.json (STYLE.md §7).
 *
 * The test array is built at run time: the name of each CMUnitTest is the vector id, its
 * function the runner registered for the vector's kind (vectors.h), its initial state the
 * vector. A vector whose kind has no runner is a failed test (a skipped one would let a vector
 * nobody checks pass); a summary of the vectors per kind is printed first. Usage: run_vectors
 * [FILE.json].
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "vectors.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- helpers ---- */

static const json_t *member(const vector_case *c, const char *key)
{
    const json_t *o = json_object_get(c->v, key);
    if (!json_is_object(o))
        fail_msg("vector %s has no object \"%s\"", c->id, key);
    return o;
}

const json_t *vector_input(const vector_case *c)
{
    return member(c, "input");
}

const json_t *vector_expect(const vector_case *c)
{
    return member(c, c->derived ? "expect_derived" : "expect");
}

long long vector_int(const json_t *obj, const char *key)
{
    const json_t *x = json_object_get(obj, key);
    if (!json_is_integer(x))
        fail_msg("expected an integer \"%s\"", key);
    return json_integer_value(x);
}

const char *vector_str(const json_t *obj, const char *key)
{
    const json_t *x = json_object_get(obj, key);
    if (!json_is_string(x))
        fail_msg("expected a string \"%s\"", key);
    return json_string_value(x);
}

bool vector_bool(const json_t *obj, const char *key)
{
    const json_t *x = json_object_get(obj, key);
    if (!json_is_boolean(x))
        fail_msg("expected a boolean \"%s\"", key);
    return json_is_true(x);
}

paifu_rules *vector_rules(const vector_case *c, const char *preset)
{
    paifu_rules *r = NULL;
    paifu_error err;
    paifu_error_clear(&err);
    if (paifu_rules_preset(&r, preset ? preset : c->preset, &err) < 0)
        fail_msg("rule set %s: %s", preset ? preset : c->preset, err.text);
    return r;
}

static bool listed(const char *key, const char *const *list)
{
    for (; list && *list; list++)
        if (strcmp(*list, key) == 0)
            return true;
    return false;
}

void vector_all_keys_handled(const json_t *expect, const char *const *handled,
                             const char *const *text_keys)
{
    const char *key;
    const json_t *value;
    json_object_foreach((json_t *)expect, key, value) {
        (void)value;
        if (!listed(key, handled) && !listed(key, text_keys))
            fail_msg("expectation \"%s\" is not checked by this kind's runner", key);
    }
}

/* ---- the table ---- */

/* Per-test fixture: the vector's rule set (freed by the teardown even when the test fails). */
static int setup_rules(void **state)
{
    vector_case *c = *state;
    paifu_error err;
    paifu_error_clear(&err);
    if (paifu_rules_preset(&c->rules, c->preset, &err) < 0) {
        fprintf(stderr, "vector %s: %s\n", c->id, err.text);
        return -1;
    }
    return 0;
}

static int teardown_rules(void **state)
{
    vector_case *c = *state;
    paifu_rules_free(c->rules);
    c->rules = NULL;
    return 0;
}

static void unimplemented(void **state)
{
    const vector_case *c = *state;
    fail_msg("vector %s: no runner for its kind \"%s\" (tests/vectors/kinds_*.c)", c->id, c->kind);
}

/* Rule preset for a vector's "ruleset" text (vectors.json "format.ruleset"). */
static const char *preset_of(const char *ruleset)
{
    if (!ruleset)
        return "rrc";
    if (strncmp(ruleset, "EMA-2012", 8) == 0)
        return "ema2012";
    if (strncmp(ruleset, "JapanHouseCup-2016", 18) == 0)
        return "jhc2016";
    return "rrc";
}

static const vector_kind *find_kind(const char *kind)
{
    for (size_t t = 0; vector_registry[t]; t++)
        for (const vector_kind *k = vector_registry[t]; k->kind; k++)
            if (strcmp(k->kind, kind) == 0)
                return k;
    return NULL;
}

typedef struct kind_count {
    const char *kind;
    int ran, skipped;
} kind_count;

static void count_kind(kind_count *counts, size_t *n, const char *kind, bool ran)
{
    size_t i;
    for (i = 0; i < *n; i++)
        if (strcmp(counts[i].kind, kind) == 0)
            break;
    if (i == *n)
        counts[(*n)++] = (kind_count){kind, 0, 0};
    if (ran)
        counts[i].ran++;
    else
        counts[i].skipped++;
}

static void print_summary(const kind_count *counts, size_t n)
{
    int ran = 0, skipped = 0;
    printf("vectors by kind (ran / without a runner: failed):\n");
    for (size_t i = 0; i < n; i++) {
        printf("  %-24s %4d %4d\n", counts[i].kind, counts[i].ran, counts[i].skipped);
        ran += counts[i].ran;
        skipped += counts[i].skipped;
    }
    printf("  %-24s %4d %4d\n", "total", ran, skipped);
    fflush(stdout);
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : PAIFU_TEST_DATA_DIR "/vectors.json";
    json_error_t jerr;
    json_t *doc = json_load_file(path, JSON_REJECT_DUPLICATES, &jerr);
    if (!doc) {
        fprintf(stderr, "run_vectors: %s:%d:%d: %s\n", path, jerr.line, jerr.column, jerr.text);
        return 2;
    }
    const json_t *list = json_object_get(doc, "vectors");
    size_t n = json_array_size(list);
    vector_case *cases = calloc(2 * n + 1, sizeof(*cases));
    struct CMUnitTest *tests = calloc(2 * n + 1, sizeof(*tests));
    kind_count *counts = calloc(n + 1, sizeof(*counts));
    char **names = calloc(n + 1, sizeof(*names));
    size_t n_tests = 0, n_counts = 0;
    if (!cases || !tests || !counts || !names) {
        fprintf(stderr, "run_vectors: out of memory\n");
        return 2;
    }
    for (size_t i = 0; i < n; i++) {
        const json_t *v = json_array_get(list, i);
        const char *id = json_string_value(json_object_get(v, "id"));
        const char *kind = json_string_value(json_object_get(v, "kind"));
        if (!id || !kind) {
            fprintf(stderr, "run_vectors: vector %zu has no id or kind\n", i);
            return 2;
        }
        const vector_kind *k = find_kind(kind);
        count_kind(counts, &n_counts, kind, k != NULL);
        vector_case base = {v, id, kind,
                            preset_of(json_string_value(json_object_get(v, "ruleset"))), false,
                            NULL};
        cases[n_tests] = base;
        tests[n_tests] = (struct CMUnitTest){id, k ? k->run : unimplemented, setup_rules,
                                             teardown_rules, &cases[n_tests]};
        n_tests++;
        if (k && k->run_derived && json_is_object(json_object_get(v, "expect_derived"))) {
            size_t len = strlen(id) + sizeof(" [derived]");
            names[i] = malloc(len);
            if (!names[i])
                return 2;
            snprintf(names[i], len, "%s [derived]", id);
            cases[n_tests] = base;
            cases[n_tests].derived = true;
            tests[n_tests] = (struct CMUnitTest){names[i], k->run_derived, setup_rules,
                                                 teardown_rules, &cases[n_tests]};
            n_tests++;
        }
    }
    print_summary(counts, n_counts);
    int failed = _cmocka_run_group_tests("vectors", tests, n_tests, NULL, NULL);
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
    free(counts);
    free(tests);
    free(cases);
    json_decref(doc);
    return failed ? 1 : 0;
}
