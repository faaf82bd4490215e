/*
 * stream_compare.h: what the stream reading tests share (test_stream_read.c for Tenhou XML,
 * test_stream_read_json.c for the JSON formats): a growing text, a file read whole, a game
 * described as its paifu JSON and findings, and two errors compared place for place (and a
 * file read whole, and every file of a folder, for test_json_fast.c and test_mjai_fast.c).
 * Include after cmocka.h.
 */
#ifndef PAIFU_TESTS_STREAM_COMPARE_H
#define PAIFU_TESTS_STREAM_COMPARE_H

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "paifu.h"

typedef struct text {
    char *data;
    size_t len, cap;
} text;

static inline void text_add(text *t, const void *data, size_t n)
{
    if (t->len + n + 1 > t->cap) {
        t->cap = (t->len + n + 1) * 2;
        t->data = realloc(t->data, t->cap);
        assert_non_null(t->data);
    }
    memcpy(t->data + t->len, data, n);
    t->len += n;
    t->data[t->len] = '\0';
}

static inline int text_put(const void *data, size_t size, void *payload)
{
    text_add(payload, data, size);
    return 0;
}

static inline char *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    text t = {0};
    char buf[65536];
    size_t got;
    while ((got = fread(buf, 1, sizeof(buf), f)) > 0)
        text_add(&t, buf, got);
    fclose(f);
    *n = t.len;
    return t.data;
}

/* FN(data, size, CTX) on every file under DIR (and its folders) read whole, gzip files left
   out (for test_json_fast.c and test_mjai_fast.c). */
static inline void each_file(const char *dir, void (*fn)(const char *, size_t, void *), void *ctx)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char path[4096];
        int k = snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
        assert_true(k > 0 && (size_t)k < sizeof(path));
        struct stat st;
        if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
            each_file(path, fn, ctx);
            continue;
        }
        size_t n;
        char *data = slurp(path, &n);
        if (data && (unsigned char)data[0] != 0x1f) /* gzip: not JSON text */
            fn(data, n, ctx);
        free(data);
    }
    closedir(d);
}

static inline int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A game written as paifu JSON and its findings (code@deal#event, one line each) under the
   rules it resolves to. */
static inline void describe(text *out, const paifu_game *g)
{
    paifu_error err;
    paifu_error_clear(&err);
    paifu_writer *w;
    assert_int_equal(paifu_writer_open(&w, "paifu", text_put, out, NULL, &err), 0);
    assert_int_equal(paifu_writer_write(w, g, &err), 0);
    assert_int_equal(paifu_writer_close(w, &err), 0);
    paifu_writer_free(w);
    paifu_rules *rules;
    paifu_rules_origin origin;
    assert_int_equal(paifu_game_rules_resolve(&rules, &origin, g, NULL, &err), 0);
    paifu_report *rep;
    assert_int_equal(paifu_report_new(&rep, &err), 0);
    assert_int_equal(paifu_verify_game(rep, g, rules, NULL, &err), 0);
    for (size_t i = 0; i < paifu_report_count(rep); i++) {
        const paifu_finding *f = paifu_report_finding(rep, i);
        char line[512];
        int len = snprintf(line, sizeof(line), "\n%s@%s#%d %s", f->code, f->where.deal,
                           (int)f->where.event, f->message);
        text_add(out, line, (size_t)len);
    }
    paifu_report_free(rep);
    paifu_rules_free(rules);
}

static inline void assert_same_error(const paifu_error *a, const paifu_error *b)
{
    assert_int_equal(a->code, b->code);
    assert_string_equal(a->text, b->text);
    assert_string_equal(a->where.source, b->where.source);
    assert_int_equal(a->where.line, b->where.line);
    assert_int_equal(a->where.column, b->where.column);
    assert_int_equal(a->where.offset, b->where.offset);
    assert_string_equal(a->where.path, b->where.path);
    assert_int_equal(a->where.game, b->where.game);
    assert_string_equal(a->where.deal, b->where.deal);
}

#endif
