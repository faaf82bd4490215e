/*
 * test_input_bounds.c: the input layer's caps and encodings (paifu_read_options: max_input,
 * max_inflated; formats/common/input.c): a log of exactly the cap is read and one byte more is
 * refused with PAIFU_ELIMIT, the same for the inflated size of a gzip file; UTF-16 text with a
 * byte order mark is read as its UTF-8 (a surrogate pair as one character), and UTF-16 that is
 * not UTF-16 (a lone byte at the end, an unpaired surrogate) is refused at its byte offset.
 *
 * The log: a one-round tenhou.net/6 document written for this test (tenhou6-json.md), player A
 * named with U+1F600 (a character beyond the BMP: a surrogate pair in UTF-16).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "paifu.h"

#define HAND "[11,12,13,14,15,16,17,18,19,21,22,23,24]"
#define DOC                                                                                         \
    "{\"name\":[\"A@\",\"B\",\"C\",\"D\"],\"rule\":{\"disp\":\"般南喰赤\",\"aka\":1},\"log\":[" \
    "[[0,0,0],[25000,25000,25000,25000],[11],[]," HAND ",[41],[]," HAND ",[],[]," HAND              \
    ",[],[]," HAND ",[],[],[\"九種九牌\"]]]}"
#define SMILE "\xF0\x9F\x98\x80" /* U+1F600 in UTF-8 */

static char g_path[80];

static void write_file(const void *data, size_t size)
{
    snprintf(g_path, sizeof(g_path), "/tmp/paifu-input-test-%ld.json", (long)getpid());
    FILE *f = fopen(g_path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, size, f), size);
    assert_int_equal(fclose(f), 0);
}

/* Read the file written last with the caps given; the status; the game freed. */
static int read_with(uint64_t max_input, uint64_t max_inflated, paifu_error *err, char *name0,
                     size_t name_size)
{
    paifu_read_options o = PAIFU_READ_OPTIONS_INIT;
    o.max_input = max_input;
    o.max_inflated = max_inflated;
    paifu_game *g = NULL;
    paifu_error_clear(err);
    int rc = paifu_game_read(&g, g_path, &o, err);
    if (rc == 0 && name0)
        snprintf(name0, name_size, "%s", paifu_game_player(g, 0)->name);
    paifu_game_free(g);
    return rc;
}

/* The document with SMILE for the @ of A's name. */
static size_t utf8_doc(char *out, size_t size)
{
    const char *at = strchr(DOC, '@');
    return (size_t)snprintf(out, size, "%.*s%s%s", (int)(at - DOC), DOC, SMILE, at + 1);
}

static void input_cap(void **state)
{
    (void)state;
    char doc[2048];
    size_t n = utf8_doc(doc, sizeof(doc));
    write_file(doc, n);
    paifu_error err;
    char name[32];
    assert_int_equal(read_with(n, 0, &err, name, sizeof(name)), 0);
    assert_string_equal(name, "A" SMILE);
    assert_int_equal(read_with(n - 1, 0, &err, NULL, 0), PAIFU_ELIMIT);
    assert_non_null(strstr(err.text, "larger than"));
    remove(g_path);
}

static void inflated_cap(void **state)
{
    (void)state;
    char doc[2048];
    size_t n = utf8_doc(doc, sizeof(doc));
    unsigned char gz[4096];
    z_stream zs;
    memset(&zs, 0, sizeof(zs));
    assert_int_equal(deflateInit2(&zs, 9, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY), Z_OK);
    zs.next_in = (unsigned char *)doc;
    zs.avail_in = (uInt)n;
    zs.next_out = gz;
    zs.avail_out = sizeof(gz);
    assert_int_equal(deflate(&zs, Z_FINISH), Z_STREAM_END);
    size_t gz_size = sizeof(gz) - zs.avail_out;
    deflateEnd(&zs);
    write_file(gz, gz_size);
    paifu_error err;
    char name[32];
    assert_int_equal(read_with(0, n, &err, name, sizeof(name)), 0);
    assert_string_equal(name, "A" SMILE);
    assert_int_equal(read_with(0, n - 1, &err, NULL, 0), PAIFU_ELIMIT);
    remove(g_path);
}

/* UTF-8 DOC as UTF-16LE with its byte order mark into OUT; its size. */
static size_t utf16le(unsigned char *out, const char *doc)
{
    size_t k = 0;
    out[k++] = 0xFF;
    out[k++] = 0xFE;
    for (const unsigned char *p = (const unsigned char *)doc; *p;) {
        unsigned u;
        if (*p < 0x80)
            u = *p++;
        else if (*p < 0xE0)
            u = (unsigned)(*p & 0x1F) << 6 | (p[1] & 0x3F), p += 2;
        else if (*p < 0xF0)
            u = (unsigned)(*p & 0x0F) << 12 | (unsigned)(p[1] & 0x3F) << 6 | (p[2] & 0x3F), p += 3;
        else
            u = (unsigned)(*p & 0x07) << 18 | (unsigned)(p[1] & 0x3F) << 12 |
                (unsigned)(p[2] & 0x3F) << 6 | (p[3] & 0x3F),
            p += 4;
        if (u >= 0x10000) {
            unsigned v = u - 0x10000, hi = 0xD800 + (v >> 10), lo = 0xDC00 + (v & 0x3FF);
            out[k++] = (unsigned char)hi;
            out[k++] = (unsigned char)(hi >> 8);
            u = lo;
        }
        out[k++] = (unsigned char)u;
        out[k++] = (unsigned char)(u >> 8);
    }
    return k;
}

static void utf16(void **state)
{
    (void)state;
    char doc[2048];
    utf8_doc(doc, sizeof(doc));
    unsigned char wide[8192];
    size_t n = utf16le(wide, doc);
    write_file(wide, n);
    paifu_error err;
    char name[32];
    assert_int_equal(read_with(0, 0, &err, name, sizeof(name)), 0);
    assert_string_equal(name, "A" SMILE);
    /* a lone byte at the end */
    wide[n] = ' ';
    write_file(wide, n + 1);
    assert_int_equal(read_with(0, 0, &err, NULL, 0), PAIFU_EFORMAT);
    assert_non_null(strstr(err.text, "UTF-16LE text with an odd number of bytes"));
    assert_int_equal(err.where.offset, n);
    /* the high surrogate of A's smile followed by 'B' instead of its low one: unpaired */
    const char *a = strstr(doc, SMILE);
    size_t at = 2 + 2 * (size_t)(a - doc); /* the BOM, then two bytes a character before it */
    assert_int_equal(wide[at + 1], 0xD8);
    wide[at + 2] = 'B';
    wide[at + 3] = 0;
    write_file(wide, n);
    assert_int_equal(read_with(0, 0, &err, NULL, 0), PAIFU_EFORMAT);
    assert_non_null(strstr(err.text, "invalid UTF-16LE: an unpaired surrogate 0xD83D"));
    assert_int_equal(err.where.offset, at);
    /* a low surrogate alone */
    wide[at] = 0x00;
    wide[at + 1] = 0xDC;
    write_file(wide, n);
    assert_int_equal(read_with(0, 0, &err, NULL, 0), PAIFU_EFORMAT);
    assert_non_null(strstr(err.text, "an unpaired surrogate 0xDC00"));
    remove(g_path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(input_cap),
        cmocka_unit_test(inflated_cap),
        cmocka_unit_test(utf16),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
