/*
 * test_alloc_read.c: reading a log when an allocation fails. Each call of every read (opening a
 * buffer, then every game to the end) fails in turn, N = 1..K for the K calls the read makes;
 * every run ends in PAIFU_ENOMEM or reads the same games and deals as the read without a
 * failure, and gives back every byte it reserved of the process's input budget (input.c: the
 * bytes all open inputs hold; a failed copy that kept its reservation would shrink the budget
 * of every later read for good). Under ASan nothing leaks. Run with the hook of alloc_fail.c.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paifu.h"

#include "alloc_fail.h"
#include "input.h"
#include "../unit/text_file.h"

typedef struct outcome {
    int rc; /* 0 read to the end, else the first error's code */
    size_t games, deals;
} outcome;

static outcome read_all(const file_text *t, const char *name)
{
    outcome o = {0, 0, 0};
    paifu_read_options ro = PAIFU_READ_OPTIONS_INIT;
    ro.source_name = name;
    paifu_reader *r = NULL;
    paifu_error err;
    paifu_error_clear(&err);
    int rc = paifu_reader_open_buffer(&r, t->s, t->n, &ro, &err);
    const paifu_game *g;
    while (rc == 0 && (rc = paifu_reader_next(&g, r, &err)) > 0) {
        o.games++;
        o.deals += paifu_game_deal_count(g);
        rc = 0;
    }
    if (rc < 0)
        o.rc = err.code;
    paifu_reader_free(r);
    return o;
}

static void every_failure(const char *file)
{
    char path[512];
    snprintf(path, sizeof(path), "%s/%s", PAIFU_SOURCE_DIR, file);
    file_text t = load(path);
    if (!t.s)
        fail_msg("cannot read %s", path);
    uint64_t held = paifu_input__held();
    unsigned long before = paifu_alloc_calls();
    outcome want = read_all(&t, file);
    unsigned long k = paifu_alloc_calls() - before;
    assert_int_equal(want.rc, 0);
    assert_true(want.games > 0);
    assert_true(k > 0);
    unsigned long enomem = 0;
    for (unsigned long n = 1; n <= k; n++) {
        paifu_alloc_fail_in(n);
        outcome got = read_all(&t, file);
        int failed = paifu_alloc_failed();
        paifu_alloc_fail_in(0);
        if (paifu_input__held() != held)
            fail_msg("%s, call %lu of %lu failed: %llu bytes of the input budget held, %llu before",
                     file, n, k, (unsigned long long)paifu_input__held(),
                     (unsigned long long)held);
        if (got.rc == PAIFU_ENOMEM && failed) {
            enomem++;
            continue;
        }
        if (got.rc != 0 || got.games != want.games || got.deals != want.deals)
            fail_msg("%s, call %lu of %lu failed: code %d, %zu games and %zu deals read "
                     "(%zu and %zu without the failure)",
                     file, n, k, got.rc, got.games, got.deals, want.games, want.deals);
    }
    assert_true(enomem > 0);
    free(t.s);
}

static void test_mjlog(void **state)
{
    (void)state;
    every_failure("samples/synthetic-tenhou.mjlog");
}

static void test_paifu_json(void **state)
{
    (void)state;
    every_failure("samples/session-rrc.paifu.json");
}

static void test_mjai(void **state)
{
    (void)state;
    every_failure("samples/riichienv-selfplay.mjai.jsonl");
}

static void test_majsoul_tenhou6_pantheon_botzone(void **state)
{
    (void)state;
    every_failure("tests/fuzz/corpus/read/majsoul-riichi-tsumo.json");
    every_failure("tests/fuzz/corpus/read/tenhou6-pon-ron-kan-draw.json");
    every_failure("tests/fuzz/corpus/read/pantheon-two-games.txt");
    every_failure("tests/fuzz/corpus/read/botzone-hu.txt");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mjlog),
        cmocka_unit_test(test_paifu_json),
        cmocka_unit_test(test_mjai),
        cmocka_unit_test(test_majsoul_tenhou6_pantheon_botzone),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
