/*
 * test_stream_read_json.c: the JSON formats read a large file game by game (formats/common/
 * registry.c, window_refill; tenhou6 and paifu JSON a document at a time, mjai a line at a
 * time): a multi-game file of concatenated logs, streamed through a small window, gives the
 * games each log's own bytes give (written back as paifu JSON, byte for byte, and the same
 * findings); and an error in one of them (a syntax error, a value the reader refuses) is
 * reported at the same place (line, column, path, game) as when the whole file is read at once.
 *
 * The window is made small (paifu_input__stream_chunk) so that documents and lines are cut at
 * many places. Inputs: the corpus's mjai and tenhou6 logs when it is present, else the sample
 * samples/riichienv-selfplay.mjai.jsonl (and its game written as tenhou6); paifu JSON from
 * samples/.
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
#include <sys/stat.h>
#include <unistd.h>

#include "input.h"
#include "paifu.h"
#include "stream_compare.h"

#define MAX_DOCS 24
#define MAX_GAMES 512






typedef struct docs {
    char *data[MAX_DOCS];
    size_t len[MAX_DOCS];
    size_t n;
} docs;

static void docs_free(docs *d)
{
    for (size_t i = 0; i < d->n; i++)
        free(d->data[i]);
    d->n = 0;
}

/* Files of DIR (and its folders) whose name ends in EXT and that hold NEED (NULL: any), in name
   order, while D has room. */
static void add_dir(docs *d, const char *dir, const char *ext, const char *need)
{
    DIR *h = opendir(dir);
    if (!h)
        return;
    char *names[512];
    size_t k = 0;
    struct dirent *e;
    while ((e = readdir(h)) != NULL && k < 512)
        if (e->d_name[0] != '.')
            names[k++] = strdup(e->d_name);
    closedir(h);
    qsort(names, k, sizeof(*names), by_name);
    for (size_t i = 0; i < k; i++) {
        char path[2048];
        snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
        struct stat st;
        size_t n = strlen(names[i]), x = strlen(ext);
        if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
            add_dir(d, path, ext, need);
        else if (d->n < MAX_DOCS && n > x && strcmp(names[i] + n - x, ext) == 0 &&
                 (d->data[d->n] = slurp(path, &d->len[d->n])) != NULL) {
            if (!need || strstr(d->data[d->n], need))
                d->n++;
            else
                free(d->data[d->n]);
        }
        free(names[i]);
    }
}

/* The game of the sample SAMPLE (a file name in samples/) written in FORMAT. */
static void add_converted(docs *d, const char *sample_name, const char *format)
{
    size_t n;
    char path[1024];
    snprintf(path, sizeof(path), "%s/%s", PAIFU_SAMPLES_DIR, sample_name);
    char *sample = slurp(path, &n);
    assert_non_null(sample);
    paifu_error err;
    paifu_error_clear(&err);
    paifu_game *g;
    assert_int_equal(paifu_game_read_buffer(&g, sample, n, NULL, &err), 0);
    free(sample);
    text out = {0};
    paifu_writer *w;
    assert_int_equal(paifu_writer_open(&w, format, text_put, &out, NULL, &err), 0);
    assert_int_equal(paifu_writer_write(w, g, &err), 0);
    assert_int_equal(paifu_writer_close(w, &err), 0);
    paifu_writer_free(w);
    paifu_game_free(g);
    d->data[d->n] = out.data;
    d->len[d->n++] = out.len;
}

/* The logs of FORMAT: the corpus's, else what the samples give. */
static void load_docs(docs *d, const char *format)
{
    d->n = 0;
    char dir[1024];
    if (strcmp(format, "paifu") == 0) {
        add_dir(d, PAIFU_SAMPLES_DIR, ".paifu.json", NULL);
        return;
    }
    if (strcmp(format, "mjai") == 0) {
        snprintf(dir, sizeof(dir), "%s/mjai", PAIFU_CORPUS_DIR);
        add_dir(d, dir, ".json", NULL);
        add_dir(d, dir, ".jsonl", NULL);
        if (d->n == 0)
            add_dir(d, PAIFU_SAMPLES_DIR, ".mjai.jsonl", NULL);
        return;
    }
    /* whole games (with `sc`): a log without it is continued by the next one that has the same
       players and rule (mjx's rounds), so that the logs would not be games of their own */
    snprintf(dir, sizeof(dir), "%s/tenhou6/Equim-chan--mjai-reviewer", PAIFU_CORPUS_DIR);
    add_dir(d, dir, ".json", "\"sc\"");
    snprintf(dir, sizeof(dir), "%s/tenhou6/JBreidfjord--riichi-rs", PAIFU_CORPUS_DIR);
    add_dir(d, dir, ".json", "\"sc\"");
    if (d->n == 0) /* a whole game, with its final scores (`sc`), as the corpus logs above */
        add_converted(d, "synthetic-tenhou.mjlog", "tenhou6");
}


/* Every game of PATH (or of DATA[0..LEN) when PATH is NULL) described, after the N already in
   GAMES; *ERR gets the error that ended the reading, if any. Returns the new count. */
static size_t read_all(text *games, size_t n, const char *path, const char *data, size_t len,
                       paifu_error *err)
{
    paifu_error_clear(err);
    paifu_read_options o = PAIFU_READ_OPTIONS_INIT;
    o.source_name = "multi.json";
    paifu_reader *r;
    int rc = path ? paifu_reader_open(&r, path, &o, err)
                  : paifu_reader_open_buffer(&r, data, len, &o, err);
    assert_int_equal(rc, 0);
    const paifu_game *g;
    while ((rc = paifu_reader_next(&g, r, err)) > 0) {
        assert_true(n < MAX_GAMES);
        memset(&games[n], 0, sizeof(games[n]));
        describe(&games[n++], g);
    }
    paifu_reader_free(r);
    assert_int_equal(paifu_input__held(), 0); /* the window's bytes all given back */
    return n;
}

static void free_games(text *games, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(games[i].data);
    free(games);
}

static void write_temp(char *path, const text *t)
{
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, t->data, t->len), (ssize_t)t->len);
    close(fd);
}

/* A separator that keeps FORMAT's documents apart: a line break for JSON lines. */
static const char *separator(const char *format, size_t i)
{
    static const char *const SEPS[] = {"", "\n", "\r\n  ", " \t\n\n"};
    if (strcmp(format, "mjai") == 0)
        return i % 2 ? "\n" : "\r\n\n";
    return SEPS[i % 4];
}

/* The multi-game file of FORMAT's logs (twice over) streamed with CHUNK-byte refills against
   each log read from its own bytes. */
static void check_stream(const char *format, size_t chunk)
{
    docs d;
    load_docs(&d, format);
    assert_true(d.n > 0);
    text multi = {0};
    text *own = calloc(MAX_GAMES, sizeof(*own));
    size_t games = 0;
    paifu_error err;
    for (size_t rep = 0; rep < 2; rep++) {
        for (size_t i = 0; i < d.n; i++) {
            games = read_all(own, games, NULL, d.data[i], d.len[i], &err);
            assert_int_equal(err.code, PAIFU_OK);
            if (multi.len && multi.data[multi.len - 1] != '\n' && !strcmp(format, "mjai"))
                text_add(&multi, "\n", 1);
            const char *sep = separator(format, i + rep);
            text_add(&multi, sep, strlen(sep));
            text_add(&multi, d.data[i], d.len[i]);
        }
    }
    char path[] = "/tmp/paifu-stream-json-XXXXXX";
    write_temp(path, &multi);
    size_t saved = paifu_input__stream_chunk;
    paifu_input__stream_chunk = chunk;
    text *streamed = calloc(MAX_GAMES, sizeof(*streamed));
    size_t got = read_all(streamed, 0, path, NULL, 0, &err);
    paifu_input__stream_chunk = saved;
    assert_int_equal(err.code, PAIFU_OK);
    assert_int_equal(got, games);
    for (size_t i = 0; i < games; i++)
        assert_string_equal(streamed[i].data, own[i].data);
    unlink(path);
    free_games(streamed, got);
    free_games(own, games);
    free(multi.data);
    docs_free(&d);
}

/* MULTI written to a file and streamed with CHUNK-byte refills against MULTI read whole: the
   same games (*N of them) and the same error, if any (*ERR, the whole read's); MULTI freed. */
static void stream_vs_whole(text *multi, size_t chunk, size_t *n, paifu_error *err)
{
    char path[] = "/tmp/paifu-stream-json-XXXXXX";
    write_temp(path, multi);
    text *whole = calloc(MAX_GAMES, sizeof(*whole));
    text *streamed = calloc(MAX_GAMES, sizeof(*streamed));
    paifu_error serr;
    size_t wn = read_all(whole, 0, NULL, multi->data, multi->len, err);
    size_t saved = paifu_input__stream_chunk;
    paifu_input__stream_chunk = chunk;
    size_t sn = read_all(streamed, 0, path, NULL, 0, &serr);
    paifu_input__stream_chunk = saved;
    assert_int_equal(sn, wn);
    assert_same_error(&serr, err);
    for (size_t i = 0; i < wn; i++)
        assert_string_equal(streamed[i].data, whole[i].data);
    unlink(path);
    free_games(streamed, sn);
    free_games(whole, wn);
    free(multi->data);
    *n = wn;
}

/* Every tenhou6 log of the corpus, whole games or not (mjx's rounds, continued by the next
   document of the same players and rule: a game of several documents, read on within the game),
   twice over: streamed with CHUNK-byte refills, the games of the whole file read at once. */
static void check_continued(size_t chunk)
{
    docs d = {.n = 0};
    char dir[1024];
    snprintf(dir, sizeof(dir), "%s/tenhou6/mjx-project--mjx", PAIFU_CORPUS_DIR);
    add_dir(&d, dir, ".json", NULL);
    snprintf(dir, sizeof(dir), "%s/tenhou6", PAIFU_CORPUS_DIR);
    add_dir(&d, dir, ".json", NULL);
    if (d.n == 0) /* a game with no final scores: continued by the next document */
        add_converted(&d, "riichienv-selfplay.mjai.jsonl", "tenhou6");
    text multi = {0};
    for (size_t rep = 0; rep < 2; rep++)
        for (size_t i = 0; i < d.n; i++) {
            text_add(&multi, "\n", 1);
            text_add(&multi, d.data[i], d.len[i]);
        }
    size_t n;
    paifu_error err;
    stream_vs_whole(&multi, chunk, &n, &err);
    assert_int_equal(err.code, PAIFU_OK);
    assert_true(n >= d.n);
    docs_free(&d);
}

/* Break the log at DOC: HOW 0 a syntax error (a colon made '#'), 1 a value the reader refuses
   (a key renamed so that a required one is missing, or an unknown event type). */
static void spoil(char *doc, const char *format, int how)
{
    char *p;
    if (how == 0) {
        p = strchr(doc, ':');
        assert_non_null(p);
        *p = '#';
        return;
    }
    if (strcmp(format, "mjai") == 0) {
        p = strstr(doc, "\"tsumo\"");
        assert_non_null(p);
        p[5] = 'x'; /* "tsumx": an unknown event type */
    } else if (strcmp(format, "tenhou6") == 0) {
        p = strstr(doc, "\"log\"");
        assert_non_null(p);
        memcpy(p, "\"lgo\"", 5);
    } else {
        p = strstr(doc, "\"deals\"");
        assert_non_null(p);
        memcpy(p, "\"dells\"", 7);
    }
}

/* A break in one log of the multi-game file (three rounds of the logs, the break in the middle
   one): streamed, the games before it and the error are those of the whole file read at once. */
static void check_error(const char *format, size_t chunk, int how)
{
    docs d;
    load_docs(&d, format);
    text multi = {0};
    size_t k = d.n / 2;
    for (size_t rep = 0; rep < 3; rep++) {
        for (size_t i = 0; i < d.n; i++) {
            if (multi.len && multi.data[multi.len - 1] != '\n')
                text_add(&multi, "\n", 1);
            size_t at = multi.len;
            text_add(&multi, d.data[i], d.len[i]);
            if (rep == 1 && i == k)
                spoil(multi.data + at, format, how);
        }
    }
    size_t n;
    paifu_error err;
    stream_vs_whole(&multi, chunk, &n, &err);
    assert_int_not_equal(err.code, PAIFU_OK);
    assert_true(err.where.line > 0 || err.where.path[0]); /* a place to compare */
    assert_true(n >= d.n); /* the first round of logs was read */
    docs_free(&d);
}

static void mjai_stream(void **state)
{
    (void)state;
    check_stream("mjai", 4093);
    check_stream("mjai", 331);
}

static void tenhou6_stream(void **state)
{
    (void)state;
    check_stream("tenhou6", 4093);
    check_stream("tenhou6", 331);
}

static void tenhou6_continued(void **state)
{
    (void)state;
    check_continued(1021);
}

static void paifu_stream(void **state)
{
    (void)state;
    check_stream("paifu", 2039);
}

static void mjai_errors(void **state)
{
    (void)state;
    check_error("mjai", 977, 0);
    check_error("mjai", 2039, 1);
}

static void tenhou6_errors(void **state)
{
    (void)state;
    check_error("tenhou6", 977, 0);
    check_error("tenhou6", 2039, 1);
}

static void paifu_errors(void **state)
{
    (void)state;
    check_error("paifu", 977, 0);
    check_error("paifu", 2039, 1);
}

/* The sample NAME read whole from a buffer, and as FILE (NAME's bytes as ENCODING: 0 as they
   are, 1 after a UTF-8 byte order mark, 2 as UTF-16LE after its byte order mark) streamed with
   CHUNK-byte refills, FORMAT named or not: the same games. And the file's format as
   paifu_format_detect_file tells it from the same window. The samples are ASCII. */
static void encoded_over_the_window(const char *name, const char *format, int encoding,
                                    size_t chunk)
{
    char path[1024];
    snprintf(path, sizeof(path), "%s/%s", PAIFU_SAMPLES_DIR, name);
    size_t n;
    char *plain = slurp(path, &n);
    assert_non_null(plain);
    text enc = {0};
    if (encoding == 1)
        text_add(&enc, "\xef\xbb\xbf", 3);
    if (encoding == 2)
        text_add(&enc, "\xff\xfe", 2);
    for (size_t i = 0; i < n; i++) {
        assert_true((unsigned char)plain[i] < 0x80);
        text_add(&enc, plain + i, 1);
        if (encoding == 2)
            text_add(&enc, "", 1); /* the high byte of an ASCII character */
    }
    assert_true(enc.len > 2 * chunk); /* more than a window */
    text *whole = calloc(MAX_GAMES, sizeof(*whole));
    text *streamed = calloc(MAX_GAMES, sizeof(*streamed));
    paifu_error err;
    size_t wn = read_all(whole, 0, NULL, plain, n, &err);
    assert_int_equal(err.code, PAIFU_OK);
    assert_true(wn >= 1);
    char tmp[] = "/tmp/paifu-stream-enc-XXXXXX";
    write_temp(tmp, &enc);
    size_t saved = paifu_input__stream_chunk;
    paifu_input__stream_chunk = chunk;
    for (int named = 0; named < 2; named++) {
        paifu_read_options o = PAIFU_READ_OPTIONS_INIT;
        o.source_name = "multi.json";
        o.format = named ? format : NULL;
        paifu_reader *r;
        paifu_error_clear(&err);
        if (paifu_reader_open(&r, tmp, &o, &err) < 0)
            fail_msg("%s as encoding %d: %s", name, encoding, err.text);
        assert_string_equal(paifu_reader_format(r), format);
        const paifu_game *g;
        size_t sn = 0;
        int rc;
        while ((rc = paifu_reader_next(&g, r, &err)) > 0) {
            assert_true(sn < wn);
            memset(&streamed[sn], 0, sizeof(streamed[sn]));
            describe(&streamed[sn], g);
            assert_string_equal(streamed[sn].data, whole[sn].data);
            free(streamed[sn].data);
            sn++;
        }
        assert_int_equal(rc, 0);
        assert_int_equal(sn, wn);
        paifu_reader_free(r);
        assert_int_equal(paifu_input__held(), 0);
    }
    const char *detected = NULL;
    assert_int_equal(paifu_format_detect_file(&detected, tmp, NULL, &err), 0);
    assert_non_null(detected);
    assert_string_equal(detected, format);
    assert_int_equal(paifu_input__held(), 0);
    paifu_input__stream_chunk = saved;
    unlink(tmp);
    free_games(whole, wn);
    free(streamed);
    free(enc.data);
    free(plain);
}

/* A byte order mark and UTF-16 (issue 36: decoded, as Windows editors save "Unicode") over a
   window smaller than the file: a format that streams (mjai) reads the decoded text window by
   window, one that does not (pantheon) the whole input; each gives the games its plain bytes
   give. */
static void encodings_over_the_window(void **state)
{
    (void)state;
    for (int enc = 0; enc < 3; enc++) {
        encoded_over_the_window("riichienv-selfplay.mjai.jsonl", "mjai", enc, 4093);
        encoded_over_the_window("pantheon-ema-sheet.txt", "pantheon", enc, 97);
    }
}

/* A file larger than the window that is no log is none, and one whose JSON document is cut short
   is damaged (registry.c, damaged()): as paifu_format_detect_file tells from the window. */
static void detect_over_the_window(void **state)
{
    (void)state;
    size_t saved = paifu_input__stream_chunk;
    paifu_input__stream_chunk = 331;
    text t = {0};
    for (int i = 0; i < 100; i++)
        text_add(&t, "nothing to see here, just words.\n", 33);
    char tmp[] = "/tmp/paifu-stream-detect-XXXXXX";
    write_temp(tmp, &t);
    const char *detected = "x";
    paifu_error err;
    paifu_error_clear(&err);
    assert_int_equal(paifu_format_detect_file(&detected, tmp, NULL, &err), 0);
    assert_null(detected);
    unlink(tmp);
    free(t.data);
    t = (text){0};
    text_add(&t, "{\"title\": [\"", 12);
    for (int i = 0; i < 100; i++)
        text_add(&t, "a long title cut short", 22);
    char tmp2[] = "/tmp/paifu-stream-detect-XXXXXX";
    write_temp(tmp2, &t);
    paifu_error_clear(&err);
    assert_true(paifu_format_detect_file(&detected, tmp2, NULL, &err) < 0);
    assert_null(detected);
    assert_int_equal(err.code, PAIFU_EFORMAT);
    assert_int_equal(paifu_input__held(), 0);
    unlink(tmp2);
    free(t.data);
    paifu_input__stream_chunk = saved;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(mjai_stream),
        cmocka_unit_test(tenhou6_stream),
        cmocka_unit_test(tenhou6_continued),
        cmocka_unit_test(paifu_stream),
        cmocka_unit_test(mjai_errors),
        cmocka_unit_test(tenhou6_errors),
        cmocka_unit_test(paifu_errors),
        cmocka_unit_test(encodings_over_the_window),
        cmocka_unit_test(detect_over_the_window),
    };
    paifu_init();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
