/*
 * test_mjlog_scan.c: the mjlog reader's scanner (formats/mjlog_scan.c) against its libxml2
 * path. Every input is read both ways and must give the same games or the same error, byte
 * for byte (scan_compare.h); beside that, the scanner must read the documents of its subset
 * itself (none declined: otherwise the comparison would only compare libxml2 with itself) and
 * hand everything else to libxml2. Inputs: the bundled sample, the mjlogs the writer makes of
 * the bundled sessions, hand-made variants at the edges of the subset, and mutations of the
 * sample (a byte replaced at many places by each of the characters that matter to XML, and
 * cuts). The real logs are compared in test_mjlog_scan_corpus.c.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scan_compare.h"

typedef struct buf {
    char *s;
    size_t n;
} buf;

static buf load(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        fprintf(stderr, "cannot open %s\n", path);
    assert_non_null(f);
    buf b = {NULL, 0};
    size_t cap = 0;
    char chunk[8192];
    size_t got;
    while ((got = fread(chunk, 1, sizeof(chunk), f)) > 0) {
        if (b.n + got + 1 > cap) {
            cap = (b.n + got + 1) * 2;
            b.s = realloc(b.s, cap);
            assert_non_null(b.s);
        }
        memcpy(b.s + b.n, chunk, got);
        b.n += got;
    }
    fclose(f);
    assert_true(b.n > 0);
    b.s[b.n] = '\0';
    return b;
}

static buf sample(void)
{
    return load(PAIFU_SAMPLES_DIR "/synthetic-tenhou.mjlog");
}

/* A copy of B with the first FIND replaced by REPL (FIND must occur). */
static buf replaced(const buf *b, const char *find, const char *repl)
{
    const char *at = strstr(b->s, find);
    if (!at)
        fprintf(stderr, "not in the sample: %s\n", find);
    assert_non_null(at);
    size_t k = (size_t)(at - b->s), fn = strlen(find), rn = strlen(repl);
    buf c = {malloc(b->n - fn + rn + 1), b->n - fn + rn};
    assert_non_null(c.s);
    memcpy(c.s, b->s, k);
    memcpy(c.s + k, repl, rn);
    memcpy(c.s + k + rn, at + fn, b->n - k - fn + 1);
    return c;
}

/* ---- documents of the subset: read by the scanner ---- */

static void test_sample_is_scanned(void **state)
{
    (void)state;
    buf b = sample();
    bool failed = true;
    assert_int_equal(scan_compare("sample", b.s, b.n, &failed), 0);
    assert_false(failed);
    free(b.s);
}

static int write_cb(const void *data, size_t size, void *payload)
{
    return scan__append(data, size, payload);
}

/* The bundled logs the mjlog writer takes (from three formats), written as mjlogs and read back
   both ways. */
static void test_writer_output_is_scanned(void **state)
{
    (void)state;
    static const char *const SESSIONS[] = {
        "handmade-rrc-one-deal.paifu.json",
        "riichienv-selfplay.mjai.jsonl",
        "synthetic-tenhou.mjlog",
    };
    unsigned written = 0;
    for (size_t k = 0; k < sizeof(SESSIONS) / sizeof(SESSIONS[0]); k++) {
        char path[512];
        snprintf(path, sizeof(path), "%s/%s", PAIFU_SAMPLES_DIR, SESSIONS[k]);
        paifu_reader *r = NULL;
        assert_int_equal(paifu_reader_open(&r, path, NULL, NULL), 0);
        const paifu_game *g;
        while (paifu_reader_next(&g, r, NULL) > 0) {
            scan_text xml = {NULL, 0, 0, false};
            paifu_writer *w = NULL;
            assert_int_equal(paifu_writer_open(&w, "tenhou-xml", write_cb, &xml, NULL, NULL), 0);
            int rc = paifu_writer_write(w, g, NULL);
            if (rc == 0)
                rc = paifu_writer_close(w, NULL);
            paifu_writer_free(w);
            if (rc == 0) { /* the writer refuses some games (losses it cannot carry) */
                bool failed = true;
                assert_int_equal(scan_compare(SESSIONS[k], xml.s, xml.n, &failed), 0);
                assert_false(failed);
                written++;
            }
            free(xml.s);
        }
        paifu_reader_free(r);
    }
    assert_true(written >= 3);
}

typedef struct variant {
    const char *what, *find, *repl;
    bool declined; /* the scanner must hand it to libxml2 */
    bool failed;   /* the reading must fail */
} variant;

static const variant VARIANTS[] = {
    /* inside the subset */
    {"XML declaration", "<mjloggm", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<mjloggm", false,
     false},
    {"short declaration", "<mjloggm", "<?xml version='1.0'?><mjloggm", false, false},
    {"spaces around '=' and single quotes", "<mjloggm ver=\"2.3\">", "<mjloggm\r\n\tver = '2.3' >",
     false, false},
    {"space before />", "<V114/>", "<V114 />", false, false},
    {"space in the end tag", "</mjloggm>", "</mjloggm \n>", false, false},
    {"quote of the other kind in a value", "sx=\"M,F,M,F\"", "sx=\"M,F,M,F\" x='a\"b'", false,
     false},
    {"an unknown tag (the reader's error)", "<V114/>", "<FOO/>", false, true},
    {"a bad tile id (the reader's error)", "<V114/>", "<V136/>", false, true},
    {"a missing attribute (the reader's error)", "<REACH who=", "<REACH x=", false, true},
    {"a reader error before a malformation", "<V114/>", "<V136/><F114 a=\"&amp;\"/>", false, true},
    {"a nested tag", "<V114/>", "<V114><F114/></V114>", true, true},
    /* outside: libxml2 reads it, or refuses it with its own message */
    {"other encoding", "<mjloggm", "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><mjloggm", true,
     false},
    {"standalone declaration", "<mjloggm",
     "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?><mjloggm", true, false},
    {"comment before the root", "<mjloggm", "<!-- a comment --><mjloggm", true, false},
    {"comment between tags", "<V114/>", "<V114/><!-- x -->", true, false},
    /* the input layer drops a UTF-8 byte order mark before any reader (issue 36) */
    {"byte-order mark", "<mjloggm", "\xEF\xBB\xBF<mjloggm", false, false},
    {"entity reference", "sx=\"M,F,M,F\"", "sx=\"M,F,M,F\" x=\"a&amp;b\"", true, false},
    {"character reference", "sx=\"M,F,M,F\"", "sx=\"M,F,M,F\" x=\"&#65;\"", true, false},
    {"undeclared entity", "sx=\"M,F,M,F\"", "sx=\"M,F,M,F\" x=\"&nbsp;\"", true, true},
    {"tab in a value", "sx=\"M,F,M,F\"", "sx=\"M,F,M,F\" x=\"a\tb\"", true, false},
    {"newline in a value", "sx=\"M,F,M,F\"", "sx=\"M,F,M,F\" x=\"a\nb\"", true, false},
    {"UTF-8 in a value", "sx=\"M,F,M,F\"", "sx=\"M,F,M,F\" x=\"\xC3\xA9\"", true, false},
    /* refused before either parser: neither UTF-8 nor Shift_JIS (issue 36) */
    {"bad UTF-8 in a value", "sx=\"M,F,M,F\"", "sx=\"M,F,M,F\" x=\"\xC3(\"", false, true},
    {"control character in a value", "sx=\"M,F,M,F\"", "sx=\"M,F,M,F\" x=\"\x01\"", true, true},
    {"'<' in a value", "sx=\"M,F,M,F\"", "sx=\"M,F,M,F\" x=\"<\"", true, true},
    {"'>' in a value", "sx=\"M,F,M,F\"", "sx=\"M,F,M,F\" x=\">\"", false, false},
    {"repeated attribute", "<mjloggm ver=\"2.3\">", "<mjloggm ver=\"2.3\" ver=\"2.3\">", true,
     true},
    {"no space between attributes", "sx=\"M,F,M,F\"", "sx=\"M,F,M,F\"x=\"1\"", true, true},
    {"unquoted value", "sx=\"M,F,M,F\"", "sx=M", true, true},
    {"namespace declaration", "<mjloggm ver=\"2.3\">", "<mjloggm ver=\"2.3\" xmlns:p=\"urn:x\">",
     true, false},
    {"prefixed attribute", "sx=\"M,F,M,F\"", "sx=\"M,F,M,F\" xml:lang=\"en\"", true, false},
    {"text between tags", "<V114/>", "<V114/>x", true, true},
    {"child with an end tag", "<V114/>", "<V114></V114>", true, false},
    {"unclosed tag", "<V114/>", "<V114", true, true},
    {"end tag of another name", "</mjloggm>", "</mjlog>", true, true},
    {"DOCTYPE (refused before either parser)", "<mjloggm", "<!DOCTYPE mjloggm><mjloggm", false,
     true},
    {"CDATA", "<V114/>", "<V114/><![CDATA[ ]]>", true, false},
    {"processing instruction", "<V114/>", "<V114/><?pi x?>", true, false},
    {"long name", "<V114/>", "<V114/><ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/>", true, true},
    {"name starting with a digit", "<V114/>", "<V114/><1A/>", true, true},
    {"an empty game before the game", "<mjloggm ver=\"2.3\">",
     "<mjloggm ver=\"2.3\"/><mjloggm ver=\"2.3\">", true, false},
};

static void test_variants(void **state)
{
    (void)state;
    buf b = sample();
    for (size_t k = 0; k < sizeof(VARIANTS) / sizeof(VARIANTS[0]); k++) {
        const variant *v = &VARIANTS[k];
        buf c = replaced(&b, v->find, v->repl);
        bool failed = false;
        unsigned long declines = scan_compare(v->what, c.s, c.n, &failed);
        if ((declines != 0) != v->declined || failed != v->failed)
            fprintf(stderr, "%s: declined %lu, failed %d (expected %d, %d)\n", v->what, declines,
                    failed, v->declined, v->failed);
        assert_int_equal(declines != 0, v->declined);
        assert_int_equal(failed, v->failed);
        free(c.s);
    }
    free(b.s);
}

/* Two documents in one file (tools concatenate them): each read by the scanner. */
static void test_two_documents(void **state)
{
    (void)state;
    buf b = sample();
    buf c = {malloc(2 * b.n + 2), 2 * b.n + 1};
    assert_non_null(c.s);
    memcpy(c.s, b.s, b.n);
    c.s[b.n] = '\n';
    memcpy(c.s + b.n + 1, b.s, b.n + 1);
    bool failed = true;
    assert_int_equal(scan_compare("two documents", c.s, c.n, &failed), 0);
    assert_false(failed);
    free(c.s);
    free(b.s);
}

/*
 * Mutations: at every STRIDE-th byte, each character that matters to XML (markup, quotes,
 * reference, whitespace, a letter and a digit, a control character, a non-ASCII byte) in
 * place of the byte; and the sample cut at many places. Both paths must agree on each.
 */
static void test_mutations(void **state)
{
    (void)state;
    static const char CHARS[] = "<>\"'&/= \t\nA9\x01\x80";
    const size_t stride = 29;
    buf b = sample();
    char *c = malloc(b.n + 1);
    assert_non_null(c);
    unsigned long compared = 0, scanned = 0, failed_n = 0;
    for (size_t i = 0; i < b.n; i += stride) {
        for (size_t k = 0; k < sizeof(CHARS) - 1; k++) {
            if (b.s[i] == CHARS[k])
                continue;
            memcpy(c, b.s, b.n + 1);
            c[i] = CHARS[k];
            char what[64];
            snprintf(what, sizeof(what), "byte %zu set to 0x%02x", i, (unsigned char)CHARS[k]);
            bool failed = false;
            if (scan_compare(what, c, b.n, &failed) == 0)
                scanned++;
            failed_n += failed;
            compared++;
        }
    }
    /* a cut is read up to its last whole tag (issue 36): an error only while no whole tag
       follows the <mjloggm> tag */
    const char *second = strchr(strchr(b.s, '>') + 1, '>');
    size_t readable = (size_t)(second - b.s) + 1;
    for (size_t n = 0; n < b.n; n += 7 * stride) {
        char what[64];
        snprintf(what, sizeof(what), "cut at %zu bytes", n);
        memcpy(c, b.s, n);
        c[n] = '\0';
        bool failed = false;
        assert_true(scan_compare(what, c, n, &failed) <= 1);
        if (failed != (n > 0 && n <= readable))
            fail_msg("%s: failed %d", what, failed);
        compared++;
    }
    printf("%lu mutated copies read both ways: %lu scanned, %lu ending in an error\n", compared,
           scanned, failed_n);
    /* the mutations both keep documents in the subset and take them out of it, and both
       good and bad documents result */
    assert_true(compared > 5000);
    assert_true(scanned > compared / 4 && scanned < compared);
    assert_true(failed_n > compared / 4 && failed_n < compared);
    free(c);
    free(b.s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sample_is_scanned), cmocka_unit_test(test_writer_output_is_scanned),
        cmocka_unit_test(test_variants),          cmocka_unit_test(test_two_documents),
        cmocka_unit_test(test_mutations),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
