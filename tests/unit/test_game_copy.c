/*
 * test_game_copy.c: paifu_game_copy (lib/model/game_copy.c). A copy of every game of every
 * sample, taken from a reader and outliving it, writes the same bytes as the original in
 * paifu's own format (which carries everything) and in Tenhou XML, and verifies to the same
 * findings.
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

typedef struct text {
    char *data;
    size_t len;
} text;

static int put(const void *data, size_t size, void *payload)
{
    text *t = payload;
    char *p = realloc(t->data, t->len + size + 1);
    if (!p)
        return PAIFU_ENOMEM;
    memcpy(p + t->len, data, size);
    t->data = p;
    t->len += size;
    p[t->len] = '\0';
    return 0;
}

/* GAME written as FORMAT; the writer's return code in *RC. Caller frees .data. */
static text written(const paifu_game *game, const char *format, int *rc)
{
    text t = {NULL, 0};
    paifu_writer *w = NULL;
    *rc = paifu_writer_open(&w, format, put, &t, NULL, NULL);
    if (*rc == 0)
        *rc = paifu_writer_write(w, game, NULL);
    if (*rc == 0)
        *rc = paifu_writer_close(w, NULL);
    paifu_writer_free(w);
    return t;
}

/* Findings of GAME under the rules it names, one line each (code and location). */
static text findings(const paifu_game *game)
{
    text t = {NULL, 0};
    paifu_report *rep = NULL;
    paifu_rules *rules = NULL;
    assert_int_equal(paifu_report_new(&rep, NULL), 0);
    assert_int_equal(paifu_game_rules(&rules, game, "rrc", NULL), 0);
    assert_int_equal(paifu_verify_game(rep, game, rules, NULL, NULL), 0);
    for (size_t i = 0; i < paifu_report_count(rep); i++) {
        const paifu_finding *f = paifu_report_finding(rep, i);
        char line[600];
        int n = snprintf(line, sizeof(line), "%s %s %d %s|%s|%s\n", f->code, f->where.deal,
                         (int)f->where.event, f->message, f->expected, f->recorded);
        put(line, (size_t)n, &t);
    }
    if (!t.data)
        put("", 0, &t);
    paifu_rules_free(rules);
    paifu_report_free(rep);
    return t;
}

static void check_copy(const paifu_game *orig, const paifu_game *copy)
{
    static const char *const FORMATS[] = {"paifu", "tenhou-xml"};
    for (size_t f = 0; f < sizeof(FORMATS) / sizeof(FORMATS[0]); f++) {
        int rc_a, rc_b;
        text a = written(orig, FORMATS[f], &rc_a), b = written(copy, FORMATS[f], &rc_b);
        assert_int_equal(rc_a, rc_b);
        if (rc_a == 0) {
            assert_int_equal(a.len, b.len);
            assert_memory_equal(a.data, b.data, a.len);
        }
        free(a.data);
        free(b.data);
    }
    text fa = findings(orig), fb = findings(copy);
    assert_string_equal(fa.data, fb.data);
    free(fa.data);
    free(fb.data);
}

static void copies_equal_their_originals(void **state)
{
    (void)state;
    static const char *const SAMPLES[] = {
        "handmade-rrc-one-deal.paifu.json", "mcr-east-round.paifu.json",
        "riichienv-selfplay.mjai.jsonl",    "session-rrc.paifu.json",
        "session-tenhou.paifu.json",        "synthetic-tenhou.mjlog",
        "tournament-standings.paifu.json",
    };
    size_t games = 0;
    for (size_t i = 0; i < sizeof(SAMPLES) / sizeof(SAMPLES[0]); i++) {
        char path[1024];
        snprintf(path, sizeof(path), "%s/%s", PAIFU_SAMPLES_DIR, SAMPLES[i]);
        paifu_reader *r = NULL;
        paifu_error err;
        paifu_error_clear(&err);
        assert_int_equal(paifu_reader_open(&r, path, NULL, &err), 0);
        const paifu_game *g;
        paifu_game *prev = NULL;
        while (paifu_reader_next(&g, r, &err) > 0) {
            paifu_game *copy = NULL;
            assert_int_equal(paifu_game_copy(&copy, g, &err), 0);
            check_copy(g, copy);
            paifu_game_free(prev); /* a copy outlives the reader's next game */
            prev = copy;
            games++;
        }
        assert_int_equal(err.code, PAIFU_OK);
        paifu_reader_free(r);
        if (prev) { /* and the reader itself */
            assert_true(paifu_game_players(prev) >= 3);
            int rc;
            text t = written(prev, "paifu", &rc);
            assert_int_equal(rc, 0);
            free(t.data);
        }
        paifu_game_free(prev);
    }
    assert_true(games >= 7);
}

static void null_arguments_are_refused(void **state)
{
    (void)state;
    paifu_game *g = (paifu_game *)1;
    paifu_error err;
    paifu_error_clear(&err);
    assert_int_equal(paifu_game_copy(&g, NULL, &err), PAIFU_EINVAL);
    assert_non_null(strstr(err.text, "NULL"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(copies_equal_their_originals),
        cmocka_unit_test(null_arguments_are_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
