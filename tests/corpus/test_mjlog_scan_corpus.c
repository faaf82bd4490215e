/*
 * test_mjlog_scan_corpus.c: every Tenhou mjlog of the real-log corpus (MANIFEST.tsv, format
 * tenhou-xml, the cut ones in _partial/ included) read through the reader's scanner and through
 * its libxml2 path: both must give the same games or the same error, byte for byte
 * (scan_compare.h). The scanner must read every file that holds nothing outside its subset
 * (formats/mjlog_scan.c) itself, and nearly all of them do. Skipped (77) without the corpus.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "corpus_manifest.h"
#include "scan_compare.h"

static corpus_manifest MANIFEST;

/* The file's bytes, gzip inflated; NULL when it cannot be read. */
static char *load(const char *path, size_t *size)
{
    gzFile f = gzopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *b = malloc(cap);
    int got;
    while (b && (got = gzread(f, b + n, (unsigned)(cap - n - 1))) > 0) {
        n += (size_t)got;
        if (n + 1 == cap) {
            cap *= 2;
            char *p = realloc(b, cap);
            if (!p)
                free(b);
            b = p;
        }
    }
    gzclose(f);
    if (b)
        b[n] = '\0';
    *size = n;
    return b;
}

/* Whether the bytes hold something the scanner leaves to libxml2: markup other than tags
   ("<!", "<?"), a reference, or a byte outside printable ASCII and the line breaks. */
static bool outside_subset(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '&' || c >= 0x7F || (c < 0x20 && c != '\n' && c != '\r' && c != '\t') ||
            (c == '<' && i + 1 < n && (s[i + 1] == '!' || s[i + 1] == '?')))
            return true;
    }
    return false;
}

static void every_file_both_ways(void **state)
{
    (void)state;
    unsigned files = 0, declined = 0, failed_n = 0, expected_declines = 0;
    for (size_t k = 0; k < MANIFEST.n; k++) {
        const corpus_row *r = &MANIFEST.rows[k];
        size_t n = 0;
        char *data = load(r->path, &n);
        if (!data)
            fprintf(stderr, "cannot read %s\n", r->path);
        assert_non_null(data);
        bool failed = false;
        unsigned long d = scan_compare(r->path, data, n, &failed);
        bool outside = outside_subset(data, n);
        if (d && !outside)
            fprintf(stderr, "%s: the scanner declined a file of its subset\n", r->path);
        assert_true(d == 0 || outside);
        files++;
        declined += d != 0;
        expected_declines += outside;
        failed_n += failed;
        free(data);
    }
    printf("%u mjlog files read both ways, the same games and errors; %u declined by the "
           "scanner (%u hold comments, references or non-ASCII bytes), %u end in an error\n",
           files, declined, expected_declines, failed_n);
    assert_true(files > 0);
    assert_true(declined <= files / 20); /* the real logs are nearly all in the subset */
}

int main(void)
{
    if (corpus_manifest_load(&MANIFEST, "tenhou-xml") < 0 || MANIFEST.n == 0) {
        printf("no corpus (PAIFU_CORPUS_DIR): skipped\n");
        return 77;
    }
    const struct CMUnitTest tests[] = {cmocka_unit_test(every_file_both_ways)};
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    corpus_manifest_free(&MANIFEST);
    return rc;
}
