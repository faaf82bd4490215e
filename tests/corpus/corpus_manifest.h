/*
 * corpus_manifest.h: the shared driver of the corpus tests (tests/corpus/): the rows of the
 * real-log corpus's MANIFEST.tsv (PAIFU_CORPUS_DIR) and the loop over them (corpus_open,
 * CORPUS_FOR_EACH), one whole-format run (corpus_verify_format), and the matching of the
 * findings the tests list as known facts of a log. No driver parses MANIFEST.tsv itself.
 *
 * MANIFEST.tsv columns: local_path, source_repo, source_path, commit, format, games, deals,
 * family, notes (shared/corpus/README.md). Header-only (each test is one program); include it
 * after cmocka.h.
 */
#ifndef PAIFU_TEST_CORPUS_MANIFEST_H
#define PAIFU_TEST_CORPUS_MANIFEST_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paifu.h"

typedef struct corpus_row {
    char path[512];  /* PAIFU_CORPUS_DIR "/" local_path */
    char format[32]; /* paifu's format name ("tenhou-xml", "mjai", ...) */
    char family[32]; /* files holding the same game share it; "" none */
    unsigned games, deals;
    bool partial; /* under _partial/: cut mid-game on purpose */
    size_t local; /* where local_path starts in path */
} corpus_row;

typedef struct corpus_manifest {
    corpus_row *rows;
    size_t n;
} corpus_manifest;

/* Copy SRC into DST[SIZE]; a value that does not fit aborts the test program (no MANIFEST
   value comes near these sizes). */
static inline void corpus__copy(char *dst, size_t size, const char *a, const char *b)
{
    int n = snprintf(dst, size, "%s%s%s", a, b ? "/" : "", b ? b : "");
    if (n < 0 || (size_t)n >= size) {
        fprintf(stderr, "MANIFEST.tsv: value too long: %s\n", b ? b : a);
        abort();
    }
}

/*
 * Load the rows of format FORMAT (NULL: every row) of the corpus in DIR. Returns 0, or -1 when
 * there is no corpus (DIR empty or without MANIFEST.tsv): the caller then skips (exit 77).
 */
static inline int corpus_manifest_load_dir(corpus_manifest *m, const char *dir,
                                           const char *format)
{
    memset(m, 0, sizeof(*m));
    if (!dir[0])
        return -1;
    char path[600];
    corpus__copy(path, sizeof(path), dir, "MANIFEST.tsv");
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char line[8192];
    size_t cap = 0;
    while (fgets(line, sizeof(line), f)) {
        line[strcspn(line, "\r\n")] = '\0';
        char *col[9] = {0};
        char *p = line;
        for (int i = 0; i < 9 && p; i++) {
            col[i] = p;
            p = strchr(p, '\t');
            if (p)
                *p++ = '\0';
        }
        if (!col[7] || strcmp(col[0], "local_path") == 0 || (format && strcmp(col[4], format)))
            continue;
        if (m->n == cap) {
            cap = cap ? 2 * cap : 256;
            corpus_row *rows = realloc(m->rows, cap * sizeof(*rows));
            if (!rows)
                abort();
            m->rows = rows;
        }
        corpus_row *r = &m->rows[m->n++];
        corpus__copy(r->path, sizeof(r->path), dir, col[0]);
        r->local = strlen(dir) + 1;
        corpus__copy(r->format, sizeof(r->format), col[4], NULL);
        corpus__copy(r->family, sizeof(r->family), col[7], NULL);
        r->games = (unsigned)strtoul(col[5], NULL, 10);
        r->deals = (unsigned)strtoul(col[6], NULL, 10);
        r->partial = strstr(col[0], "/_partial/") != NULL;
    }
    fclose(f);
    return 0;
}

static inline void corpus_manifest_free(corpus_manifest *m)
{
    free(m->rows);
    memset(m, 0, sizeof(*m));
}

/* The same for the corpus the build was configured with (PAIFU_CORPUS_DIR). */
static inline int corpus_manifest_load(corpus_manifest *m, const char *format)
{
    return corpus_manifest_load_dir(m, PAIFU_CORPUS_DIR, format);
}

/*
 * The shared start of a driver: load the rows of FORMAT (NULL: every row), or say that the
 * corpus is absent (WHO names the driver) and return false, and the driver exits 77.
 */
static inline bool corpus_open(corpus_manifest *m, const char *format, const char *who)
{
    if (corpus_manifest_load(m, format) == 0 && m->n > 0)
        return true;
    printf("%s: corpus not found (PAIFU_CORPUS_DIR=\"%s\"), skipped\n", who, PAIFU_CORPUS_DIR);
    corpus_manifest_free(m);
    return false;
}

/* Every row R of manifest M, in MANIFEST.tsv order (sorted by path). */
#define CORPUS_FOR_EACH(m, r) for (const corpus_row *r = (m)->rows; r < (m)->rows + (m)->n; r++)

/* The path of row R relative to the corpus folder (MANIFEST.tsv's local_path). */
static inline const char *corpus_local_path(const corpus_row *r)
{
    return r->path + r->local;
}

/* A finding a corpus test knows as a fact of a log, not a fault of paifu. */
typedef struct corpus_known {
    const char *file; /* part of the file's path; NULL: any file */
    const char *code; /* a code, or a prefix ending in '.' ("mcr." covers mcr.fan, ...) */
    const char *text; /* part of the message, expected or recorded value; NULL: any */
    const char *why;
    bool (*when)(const paifu_game *g); /* only in games where this holds; NULL: any game */
} corpus_known;

static inline bool corpus_code_matches(const char *code, const char *known_code)
{
    size_t n = strlen(known_code);
    return known_code[n - 1] == '.' ? strncmp(code, known_code, n) == 0
                                    : strcmp(code, known_code) == 0;
}

static inline bool corpus_known_matches(const corpus_known *k, const char *path,
                                        const paifu_game *g, const paifu_finding *f)
{
    return (!k->when || k->when(g)) && (!k->file || strstr(path, k->file)) &&
           corpus_code_matches(f->code, k->code) &&
           (!k->text || strstr(f->message, k->text) || strstr(f->expected, k->text) ||
            strstr(f->recorded, k->text));
}

/*
 * After a run: print how often each known finding was seen, and count the entries never seen
 * (a known finding that no longer occurs must leave the list, so the list stays true).
 */
static inline size_t corpus_known_report(const corpus_known *known, const size_t *counts, size_t n)
{
    size_t stale = 0;
    for (size_t k = 0; k < n; k++) {
        if (counts[k]) {
            printf("known, a fact of the log: %zu x %s in %s (%s)\n", counts[k], known[k].code,
                   known[k].file ? known[k].file : "any file", known[k].why);
        } else {
            printf("STALE known finding, never seen: %s in %s: remove it from the list\n",
                   known[k].code, known[k].file ? known[k].file : "any file");
            stale++;
        }
    }
    return stale;
}

/*
 * Every file of format FORMAT in the manifest, through the public API: read with the format
 * forced, as many games and deals as MANIFEST.tsv says, rules resolved as the CLI does
 * (fallback "rrc"), verified, and no finding but the KNOWN ones, each of which must still occur.
 * Fails the calling cmocka test otherwise.
 */
static inline void corpus_verify_format(const corpus_manifest *m, const char *format,
                                        const corpus_known *known, size_t n_known)
{
    size_t *counts = calloc(n_known ? n_known : 1, sizeof(size_t));
    size_t games = 0, deals = 0, files = 0, unexpected = 0;
    paifu_report *rep;
    assert_non_null(counts);
    assert_int_equal(paifu_report_new(&rep, NULL), 0);
    for (size_t i = 0; i < m->n; i++) {
        const corpus_row *e = &m->rows[i];
        if (strcmp(e->format, format) != 0)
            continue;
        files++;
        paifu_reader *r;
        paifu_error err;
        paifu_error_clear(&err);
        paifu_read_options opts = PAIFU_READ_OPTIONS_INIT;
        opts.format = format;
        if (paifu_reader_open(&r, e->path, &opts, &err) < 0)
            fail_msg("%s: %s", e->path, err.text);
        const paifu_game *g;
        unsigned n_games = 0, n_deals = 0;
        int rc;
        while ((rc = paifu_reader_next(&g, r, &err)) > 0) {
            paifu_rules *rules;
            if (paifu_game_rules(&rules, g, "rrc", &err) < 0)
                fail_msg("%s: rules: %s", e->path, err.text);
            paifu_verify_options vo = PAIFU_VERIFY_OPTIONS_INIT;
            vo.source_name = e->path;
            vo.game_index = (int32_t)n_games;
            paifu_report_clear_findings(rep);
            assert_int_equal(paifu_verify_game(rep, g, rules, &vo, &err), 0);
            paifu_rules_free(rules);
            for (size_t k = 0; k < paifu_report_count(rep); k++) {
                const paifu_finding *f = paifu_report_finding(rep, k);
                size_t j = 0;
                while (j < n_known && !corpus_known_matches(&known[j], e->path, g, f))
                    j++;
                if (j < n_known) {
                    counts[j]++;
                    continue;
                }
                print_error("%s: deal %s event %d: %s: %s (expected %s, recorded %s)\n", e->path,
                            f->where.deal, (int)f->where.event, f->code, f->message, f->expected,
                            f->recorded);
                unexpected++;
            }
            n_games++;
            n_deals += (unsigned)paifu_game_deal_count(g);
        }
        if (rc < 0)
            fail_msg("%s: %s (at %s, line %u)", e->path, err.text, err.where.path,
                     (unsigned)err.where.line);
        if (n_games != e->games || n_deals != e->deals)
            fail_msg("%s: %u games and %u deals, MANIFEST.tsv says %u and %u", e->path, n_games,
                     n_deals, e->games, e->deals);
        games += n_games;
        deals += n_deals;
        paifu_reader_free(r);
    }
    paifu_report_free(rep);
    printf("%zu files, %zu games, %zu deals\n", files, games, deals);
    size_t stale = corpus_known_report(known, counts, n_known);
    free(counts);
    assert_int_equal(stale, 0);
    assert_int_equal(unexpected, 0);
    assert_true(files > 0);
}


/* The whole main() of a driver that verifies every corpus file of FORMAT with its KNOWN findings
   (corpus_verify_format): 77 (skipped) without the corpus, else cmocka's result. */
typedef struct corpus__driver {
    corpus_manifest m;
    const char *format;
    const corpus_known *known;
    size_t n_known;
} corpus__driver;

static inline corpus__driver *corpus__the_driver(void)
{
    static corpus__driver d;
    return &d;
}

static inline void corpus__every_file(void **state)
{
    (void)state;
    corpus__driver *d = corpus__the_driver();
    corpus_verify_format(&d->m, d->format, d->known, d->n_known);
}

static inline int corpus_verify_main(const char *format, const corpus_known *known, size_t n_known)
{
    corpus__driver *d = corpus__the_driver();
    d->format = format;
    d->known = known;
    d->n_known = n_known;
    if (corpus_manifest_load(&d->m, format) < 0) {
        printf("corpus not found (PAIFU_CORPUS_DIR=\"%s\"): skipped\n", PAIFU_CORPUS_DIR);
        return 77;
    }
    paifu_init();
    const struct CMUnitTest tests[] = {cmocka_unit_test(corpus__every_file)};
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    corpus_manifest_free(&d->m);
    return rc;
}

/* A writer's output in memory, grown as needed and kept NUL-terminated: the paifu_write_cb the
   corpus drivers give paifu_writer_open (a corpus game's output can be megabytes). */
typedef struct bytes {
    char *data;
    size_t len, cap;
} bytes;

static inline int bytes_put(const void *data, size_t size, void *payload)
{
    bytes *b = payload;
    if (b->len + size + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 65536;
        while (cap < b->len + size + 1)
            cap *= 2;
        char *p = realloc(b->data, cap);
        if (!p)
            return -1;
        b->data = p;
        b->cap = cap;
    }
    memcpy(b->data + b->len, data, size);
    b->len += size;
    b->data[b->len] = '\0';
    return 0;
}

#endif
