/*
 * vectors.h: the table-driven test runner over tests/data/vectors.json.
 *
 * run_vectors.c loads the file, and for every vector looks its `kind` up in the registry: the
 * NULL-terminated tables `vector_kinds_<name>[]` of every tests/vectors/kinds_<name>.c
 * (tests/vectors.cmake generates the registry from the file names, so adding a kinds file
 * needs no other edit). Each vector becomes one cmocka test named by its id; a vector with an
 * "expect_derived" object gets a second test "<id> [derived]" when the kind has a runner for
 * it. Kinds nobody implements yet are listed as skipped tests and counted in the summary.
 */
#ifndef PAIFU_TEST_VECTORS_H
#define PAIFU_TEST_VECTORS_H

#include <jansson.h>
#include <paifu.h>
#include <stdbool.h>

/* One test: a vector of the document (borrowed) and which of its expectations to check. */
typedef struct vector_case {
    const json_t *v;    /* the vector object */
    const char *id;
    const char *kind;
    const char *preset; /* rule preset for its "ruleset" string ("rrc", "ema2012", "jhc2016") */
    bool derived;       /* check "expect_derived" instead of "expect" */
    paifu_rules *rules; /* the preset's rule set, made by the test's setup, freed by teardown */
} vector_case;

typedef void (*vector_run_fn)(void **state); /* *state is a vector_case * */

/* One row of a kinds table. */
typedef struct vector_kind {
    const char *kind;          /* the vector's "kind" */
    vector_run_fn run;         /* checks "expect" */
    vector_run_fn run_derived; /* checks "expect_derived"; NULL when the kind has none */
} vector_kind;

/* The registry (generated): every kinds table, NULL-terminated. */
extern const vector_kind *const vector_registry[];

/* ---- helpers for kinds files (run_vectors.c) ---- */

/* The vector's input / expect / expect_derived object (fails the test if absent). */
const json_t *vector_input(const vector_case *c);
const json_t *vector_expect(const vector_case *c);

/* The rule set of PRESET (the vector's own when NULL). Owned by the caller: paifu_rules_free. */
paifu_rules *vector_rules(const vector_case *c, const char *preset);

/* Member KEY of OBJ as an int / string / bool; the test fails when it is missing or mistyped. */
long long vector_int(const json_t *obj, const char *key);
const char *vector_str(const json_t *obj, const char *key);
bool vector_bool(const json_t *obj, const char *key);

/*
 * Every key of EXPECT must be in HANDLED (NULL-terminated) or in TEXT_KEYS (notes that carry
 * no checkable value); fails naming the first key nobody checked, so that no expectation is
 * silently ignored.
 */
void vector_all_keys_handled(const json_t *expect, const char *const *handled,
                             const char *const *text_keys);

#endif
