/*
 * test_stream_read.c: reading a large multi-game file game by game through a window
 * (formats/common/registry.c, stream_fill; input.c, the stream) gives what reading each game's
 * own file gives: the same games (written back as paifu JSON, byte for byte) and the same
 * findings; and an error in the multi-game file is reported at the same place (line, column,
 * byte offset, game, path) as when the whole file is read into memory at once.
 *
 * The window is made small (paifu_input__stream_chunk) so that games are cut at many places:
 * inside tags, attribute values and line ends, between documents, and gzip output too.
 * The same file split into pieces (paifu_reader_split, what validate -j N reads in several
 * threads), the pieces read one after the other, gives the same games and the same error.
 * Inputs: the corpus's Tenhou XML logs when it is present (tenhou-xml/, the first files in
 * name order), else the sample samples/synthetic-tenhou.mjlog, with variations.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "input.h"
#include "paifu.h"
#include "stream_compare.h"

#define MAX_DOCS 24

/* The documents: up to MAX_DOCS corpus logs, else the sample. */
static size_t load_docs(char **docs, size_t *lens)
{
    size_t n = 0;
    char dir[1024];
    snprintf(dir, sizeof(dir), "%s/tenhou-xml/dnovikoff--tenhou", PAIFU_CORPUS_DIR);
    DIR *d = opendir(dir);
    if (d) {
        char *names[512];
        size_t k = 0;
        struct dirent *e;
        while ((e = readdir(d)) != NULL && k < 512)
            if (strstr(e->d_name, ".xml") || strstr(e->d_name, ".mjlog"))
                names[k++] = strdup(e->d_name);
        closedir(d);
        qsort(names, k, sizeof(*names), by_name);
        for (size_t i = 0; i < k; i++) {
            char path[2048];
            snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
            if (n < MAX_DOCS && (docs[n] = slurp(path, &lens[n])) != NULL &&
                (unsigned char)docs[n][0] != 0x1f)
                n++;
            free(names[i]);
        }
    }
    if (n == 0) {
        docs[0] = slurp(PAIFU_SAMPLES_DIR "/synthetic-tenhou.mjlog", &lens[0]);
        assert_non_null(docs[0]);
        n = 1;
    }
    return n;
}

/* Read pieces split from R (paifu_reader_split) one after the other, as a reader over
   several threads would, up to the first error (the pieces after it are dropped). */
static size_t read_split(text *games, size_t max, paifu_reader *r, paifu_error *err)
{
    size_t n = 0;
    paifu_reader *piece;
    int rc;
    while ((rc = paifu_reader_split(&piece, r, err)) > 0) {
        const paifu_game *g;
        size_t in_piece = 0;
        while ((rc = paifu_reader_next(&g, piece, err)) > 0) {
            assert_true(n < max);
            memset(&games[n], 0, sizeof(games[n]));
            describe(&games[n++], g);
            in_piece++;
        }
        paifu_reader_free(piece);
        if (rc < 0)
            return n;
        assert_int_equal(in_piece, 1); /* one document: one game */
    }
    return n;
}

/* Whether read_all reads in pieces (read_split). */
static bool split;

/* Every game of PATH (or of the buffer DATA when PATH is NULL) described, one text each;
 *ERR gets the error that ended the reading, if any. Returns the number of games. */
static size_t read_all(text *games, size_t max, const char *path, const char *data, size_t len,
                       paifu_error *err)
{
    paifu_error_clear(err);
    paifu_read_options o = PAIFU_READ_OPTIONS_INIT;
    o.source_name = "multi.xml";
    paifu_reader *r;
    int rc = path ? paifu_reader_open(&r, path, &o, err)
                  : paifu_reader_open_buffer(&r, data, len, &o, err);
    assert_int_equal(rc, 0);
    const paifu_game *g;
    size_t n = split ? read_split(games, max, r, err) : 0;
    while (!split && (rc = paifu_reader_next(&g, r, err)) > 0) {
        assert_true(n < max);
        /* the window (and a stream's raw bytes) count against the process's input budget */
        assert_true(paifu_input__held() > 0);
        memset(&games[n], 0, sizeof(games[n]));
        describe(&games[n++], g);
    }
    paifu_reader_free(r);
    assert_int_equal(paifu_input__held(), 0); /* all given back */
    return n;
}

static void write_file(const char *path, const char *data, size_t len, bool gz)
{
    if (gz) {
        gzFile f = gzopen(path, "wb");
        assert_non_null(f);
        /* two gzip members, cut in the middle, as some archives hold */
        size_t half = len / 2;
        assert_int_equal(gzwrite(f, data, (unsigned)half), (int)half);
        gzclose(f);
        f = gzopen(path, "ab");
        assert_non_null(f);
        assert_int_equal(gzwrite(f, data + half, (unsigned)(len - half)), (int)(len - half));
        gzclose(f);
        return;
    }
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, len, f), len);
    fclose(f);
}

/* The N game descriptions of A and B are the same; then everything is freed and PATH
   removed. */
static void compare_and_free(text *a, text *b, size_t n, const char *path, text *multi, char **docs,
                             size_t n_docs)
{
    for (size_t i = 0; i < n; i++) {
        assert_string_equal(a[i].data, b[i].data);
        free(a[i].data);
        free(b[i].data);
    }
    unlink(path);
    free(a);
    free(b);
    free(multi->data);
    for (size_t i = 0; i < n_docs; i++)
        free(docs[i]);
}

/* The multi-game file of DOCS (separators vary: nothing, a newline, CRLF and spaces, an XML
   declaration), streamed with CHUNK-byte refills, against each game read from its own bytes. */
static void check_stream(size_t chunk, bool gz, bool in_pieces)
{
    char *docs[MAX_DOCS];
    size_t lens[MAX_DOCS];
    size_t n = load_docs(docs, lens);
    static const char *const SEPS[] = {"", "\n", "\r\n  ", "<?xml version=\"1.0\"?>\n"};
    text multi = {0};
    text *own = calloc(2 * MAX_DOCS, sizeof(*own));
    size_t games = 0;
    for (size_t rep = 0; rep < 2; rep++) {
        for (size_t i = 0; i < n; i++) {
            paifu_game *g;
            paifu_error err;
            paifu_error_clear(&err);
            assert_int_equal(paifu_game_read_buffer(&g, docs[i], lens[i], NULL, &err), 0);
            describe(&own[games++], g);
            paifu_game_free(g);
            text_add(&multi, SEPS[(i + rep) % 4], strlen(SEPS[(i + rep) % 4]));
            text_add(&multi, docs[i], lens[i]);
        }
    }
    char path[] = "/tmp/paifu-stream-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    write_file(path, multi.data, multi.len, gz);

    size_t saved = paifu_input__stream_chunk;
    paifu_input__stream_chunk = chunk;
    text *streamed = calloc(2 * MAX_DOCS, sizeof(*streamed));
    paifu_error err;
    split = in_pieces;
    size_t got = read_all(streamed, 2 * MAX_DOCS, path, NULL, 0, &err);
    split = false;
    paifu_input__stream_chunk = saved;
    assert_int_equal(err.code, PAIFU_OK);
    assert_int_equal(got, games);
    compare_and_free(streamed, own, games, path, &multi, docs, n);
}

static void stream_small_chunks(void **state)
{
    (void)state;
    check_stream(4093, false, false);
}

static void stream_tiny_chunks(void **state)
{
    (void)state;
    check_stream(331, false, false);
}

static void stream_gzip(void **state)
{
    (void)state;
    check_stream(1021, true, false);
}

/* paifu_reader_split: the pieces of a streamed file, read one after the other, give its games
   (as validate -j N reads them in several threads) */
static void split_stream(void **state)
{
    (void)state;
    check_stream(1021, false, true);
    check_stream(2039, true, true);
}

/* A break in game K of the multi-game file: streamed, the games before it and the error are
   those of the whole file read at once. */
static void check_error(size_t chunk, int how, bool in_pieces)
{
    char *docs[MAX_DOCS];
    size_t lens[MAX_DOCS];
    size_t n = load_docs(docs, lens);
    text multi = {0};
    size_t k = n > 3 ? n / 2 : 0;
    for (size_t rep = 0; rep < 3; rep++) {
        for (size_t i = 0; i < n; i++) {
            if (rep != 1) /* round 1 is one long line: the window cuts it */
                text_add(&multi, "\n", 1);
            size_t at = multi.len;
            text_add(&multi, docs[i], lens[i]);
            if (rep == 1 && i == k) {
                char *doc = multi.data + at;
                char *p;
                if (how == 0 && (p = strstr(doc, "ten=\"")) != NULL)
                    p[5] = 'x'; /* a value the reader refuses */
                else if (how == 1 && (p = strstr(doc, "<INIT")) != NULL)
                    p[1] = '#'; /* not well-formed XML: libxml2's error */
                else if ((p = strstr(doc, "</mjloggm>")) != NULL)
                    memcpy(p, "<mjloggm/>", 10); /* a document that never closes */
            }
        }
    }
    char path[] = "/tmp/paifu-stream-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    write_file(path, multi.data, multi.len, false);

    text *whole = calloc(3 * MAX_DOCS, sizeof(*whole));
    text *streamed = calloc(3 * MAX_DOCS, sizeof(*streamed));
    paifu_error werr, serr;
    size_t wn = read_all(whole, 3 * MAX_DOCS, NULL, multi.data, multi.len, &werr);
    size_t saved = paifu_input__stream_chunk;
    paifu_input__stream_chunk = chunk;
    split = in_pieces;
    size_t sn = read_all(streamed, 3 * MAX_DOCS, path, NULL, 0, &serr);
    paifu_input__stream_chunk = saved;
    if (in_pieces) { /* and the file in memory split into pieces */
        text *pieces = calloc(3 * MAX_DOCS, sizeof(*pieces));
        paifu_error perr;
        size_t pn = read_all(pieces, 3 * MAX_DOCS, NULL, multi.data, multi.len, &perr);
        assert_int_equal(pn, wn);
        assert_same_error(&perr, &werr);
        for (size_t i = 0; i < pn; i++) {
            assert_string_equal(pieces[i].data, whole[i].data);
            free(pieces[i].data);
        }
        free(pieces);
    }
    split = false;
    assert_int_not_equal(werr.code, PAIFU_OK);
    assert_int_equal(sn, wn);
    assert_true(wn >= n); /* the first round of games was read */
    assert_same_error(&serr, &werr);
    compare_and_free(streamed, whole, wn, path, &multi, docs, n);
}

static void error_in_value(void **state)
{
    (void)state;
    check_error(977, 0, false);
}

static void error_from_libxml2(void **state)
{
    (void)state;
    check_error(2039, 1, false);
}

static void error_unclosed(void **state)
{
    (void)state;
    check_error(4093, 2, false);
}

/* paifu_reader_split: an error in a piece is the error of the whole file read at once (the
   same place), and the pieces before it give its games */
static void split_errors(void **state)
{
    (void)state;
    check_error(977, 0, true);
    check_error(2039, 1, true);
    check_error(4093, 2, true);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(stream_small_chunks), cmocka_unit_test(stream_tiny_chunks),
        cmocka_unit_test(stream_gzip),         cmocka_unit_test(error_in_value),
        cmocka_unit_test(error_from_libxml2),  cmocka_unit_test(error_unclosed),
        cmocka_unit_test(split_stream),        cmocka_unit_test(split_errors),
    };
    paifu_init();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
