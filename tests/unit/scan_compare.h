/*
 * scan_compare.h: reading an mjlog through both of the reader's parsers, the scanner
 * (formats/mjlog_scan.c) and libxml2's SAX2 (the scanner turned off), and comparing what each
 * gives: every game written in paifu's format, or the error with its code, text and location.
 * Shared by test_mjlog_scan.c and test_mjlog_scan_corpus.c; include it after cmocka.h.
 */
#ifndef PAIFU_TEST_SCAN_COMPARE_H
#define PAIFU_TEST_SCAN_COMPARE_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paifu.h"

#include "mjlog.h"

typedef struct scan_text {
    char *s;
    size_t n, cap;
    bool failed; /* the reading ended in an error */
} scan_text;

static inline int scan__append(const void *data, size_t size, void *payload)
{
    scan_text *t = payload;
    if (t->n + size + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 4096;
        while (cap < t->n + size + 1)
            cap *= 2;
        char *p = realloc(t->s, cap);
        assert_non_null(p);
        t->s = p;
        t->cap = cap;
    }
    memcpy(t->s + t->n, data, size);
    t->n += size;
    t->s[t->n] = '\0';
    return 0;
}

static inline void scan__printf(scan_text *t, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static inline void scan__printf(scan_text *t, const char *fmt, ...)
{
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof(line), fmt, ap);
    va_end(ap);
    assert_true(n >= 0);
    scan__append(line, strlen(line), t);
}

/*
 * Read DATA[SIZE] as tenhou-xml with the scanner on or off: every game in paifu's format, then
 * the error if one ended the reading. *DECLINES gets the documents the scanner declined.
 */
static inline scan_text scan_read(const char *data, size_t size, bool scanner,
                                  unsigned long *declines)
{
    scan_text t = {NULL, 0, 0, false};
    scan__append("", 0, &t);
    paifu_read_options ro = PAIFU_READ_OPTIONS_INIT;
    ro.format = "tenhou-xml";
    ro.source_name = "input.xml";
    paifu_error err;
    paifu_error_clear(&err);
    bool saved = paifu_mjlog__scanner_on;
    unsigned long before = paifu_mjlog__scan_declines;
    paifu_mjlog__scanner_on = scanner;
    paifu_reader *r = NULL;
    int rc = paifu_reader_open_buffer(&r, data, size, &ro, &err);
    const paifu_game *g;
    while (rc == 0 && (rc = paifu_reader_next(&g, r, &err)) > 0) {
        paifu_writer *w = NULL;
        assert_int_equal(paifu_writer_open(&w, "paifu", scan__append, &t, NULL, NULL), 0);
        assert_int_equal(paifu_writer_write(w, g, NULL), 0);
        assert_int_equal(paifu_writer_close(w, NULL), 0);
        paifu_writer_free(w);
        rc = 0;
    }
    paifu_reader_free(r);
    paifu_mjlog__scanner_on = saved;
    if (declines)
        *declines = paifu_mjlog__scan_declines - before;
    if (rc < 0) {
        t.failed = true;
        const paifu_location *w = &err.where;
        scan__printf(&t, "error %d: %s | %s:%u:%u offset %llu path %s game %d deal %s event %d\n",
                     (int)err.code, err.text, w->source, (unsigned)w->line, (unsigned)w->column,
                     (unsigned long long)w->offset, w->path, (int)w->game, w->deal, (int)w->event);
    }
    return t;
}

/*
 * Read DATA both ways and fail (naming WHAT) unless both give the same bytes. Returns the
 * documents the scanner declined; *FAILED (when given) says whether the reading ended in error.
 */
static inline unsigned long scan_compare(const char *what, const char *data, size_t size,
                                         bool *failed)
{
    unsigned long declines = 0;
    scan_text a = scan_read(data, size, true, &declines);
    scan_text b = scan_read(data, size, false, NULL);
    if (a.n != b.n || memcmp(a.s, b.s, a.n) != 0) {
        size_t k = 0;
        while (k < a.n && k < b.n && a.s[k] == b.s[k])
            k++;
        size_t from = k > 200 ? k - 200 : 0;
        fprintf(stderr,
                "%s: the scanner and libxml2 differ at byte %zu of their output\n"
                "scanner: ...%.400s\nlibxml2: ...%.400s\n",
                what, k, a.s + from, b.s + from);
        fail();
    }
    if (failed)
        *failed = a.failed;
    free(a.s);
    free(b.s);
    return declines;
}

#endif
