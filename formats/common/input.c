/*
 * input.c: input bytes. Files are read whole under a cap (never opened by libxml2, which would
 * decompress gzip by itself and skip our cap); gzip is inflated with zlib under a second cap,
 * member after member (some archives concatenate gzip members).
 *
 * The bytes every open reader holds (read or inflated) count against one budget for the whole
 * process, PAIFU_INPUT_BUDGET, whatever the number of threads: validate -j 4 on four gzip bombs
 * reached 4 GB when each job had its own 1 GiB cap. A buffer reserves its capacity before it is
 * allocated, and gives it back when it is freed (paifu_input__release).
 */
#include "format.h"
#include "input.h"

#include <errno.h>
#include <iconv.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <zlib.h>

static atomic_uint_fast64_t held_by_process;

/* Reserve N more bytes of the process's budget; false if they would go over it. */
static bool reserve(uint64_t n)
{
    uint_fast64_t now = atomic_load(&held_by_process);
    do {
        if (n > PAIFU_INPUT_BUDGET || now > PAIFU_INPUT_BUDGET - n)
            return false;
    } while (!atomic_compare_exchange_weak(&held_by_process, &now, now + n));
    return true;
}

void paifu_input__release(uint64_t held)
{
    if (held)
        atomic_fetch_sub(&held_by_process, held);
}

uint64_t paifu_input__held(void)
{
    return atomic_load(&held_by_process);
}

static int over_budget(paifu_error *err, const char *source, size_t want)
{
    return paifu_formats__error(err, PAIFU_ELIMIT, source, 0, 0, NULL,
                                "input too large to hold: %zu bytes would take the bytes held by "
                                "all open inputs over %llu MiB",
                                want, (unsigned long long)(PAIFU_INPUT_BUDGET >> 20));
}

/* Caps beyond what memory can hold: UINT64_MAX must not overflow MAX + 1. */
static uint64_t clamp_cap(uint64_t max)
{
    return max > PAIFU_INPUT_BUDGET ? PAIFU_INPUT_BUDGET : max;
}

/* Grow *BUF (reserving *HELD bytes of the budget) to NCAP + 1 bytes. */
static int grow(char **buf, uint64_t *held, size_t ncap, const char *source, paifu_error *err)
{
    uint64_t want = (uint64_t)ncap + 1;
    if (want > *held) {
        if (!reserve(want - *held))
            return over_budget(err, source, ncap);
        *held = want;
    }
    char *p = realloc(*buf, ncap + 1);
    if (!p)
        return paifu_formats__error(err, PAIFU_ENOMEM, source, 0, 0, NULL, "out of memory");
    *buf = p;
    return 0;
}

int paifu_input__hold(char **out, const void *data, size_t size, uint64_t *held,
                      const char *source, paifu_error *err)
{
    *out = NULL;
    *held = 0;
    char *copy = NULL;
    int rc = grow(&copy, held, size, source, err);
    if (rc < 0) {
        paifu_input__release(*held);
        *held = 0;
        return rc;
    }
    if (size)
        memcpy(copy, data, size);
    copy[size] = '\0';
    *out = copy;
    return 0;
}

int paifu_input__grow(char **buf, uint64_t *held, size_t ncap, const char *source,
                      paifu_error *err)
{
    return grow(buf, held, ncap, source, err);
}

size_t paifu_input__stream_chunk = (size_t)1 << 20;

static FILE *open_input(const char *path, paifu_error *err)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f)
        paifu_formats__error(err, PAIFU_EIO, path, 0, 0, NULL, "cannot open: %s", strerror(errno));
    return f;
}

static void close_input(FILE *f)
{
    if (f && f != stdin)
        fclose(f);
}

/* Read F to its end after the LEN bytes of BUF (capacity CAP + 1 for the NUL, *HELD bytes of the
   budget); fails over MAX. Frees BUF and gives back *HELD on failure. STOP_AT (0: none) ends the
   read once LEN reaches it, with *AT_EOF false. */
static int read_into(FILE *f, char **bufp, size_t *lenp, size_t cap, uint64_t *held,
                     const char *path, uint64_t max, size_t stop_at, bool *at_eof,
                     paifu_error *err)
{
    char *buf = *bufp;
    size_t len = *lenp;
    int rc = 0;
    if (at_eof)
        *at_eof = true;
    for (;;) {
        if (stop_at && len >= stop_at) {
            if (at_eof)
                *at_eof = false;
            break;
        }
        if (len + 1 >= cap) {
            if (cap >= max + 1) {
                rc = paifu_formats__error(err, PAIFU_ELIMIT, path, 0, 0, NULL,
                                          "input larger than %llu bytes",
                                          (unsigned long long)max);
                goto done;
            }
            size_t ncap = cap * 2;
            if (ncap > max + 1)
                ncap = (size_t)max + 1;
            if ((rc = grow(&buf, held, ncap, path, err)) < 0)
                goto done;
            cap = ncap;
        }
        size_t want = cap - 1 - len;
        if (stop_at && want > stop_at - len)
            want = stop_at - len;
        size_t got = fread(buf + len, 1, want, f);
        len += got;
        if (got < want) {
            if (ferror(f)) {
                rc = paifu_formats__error(err, PAIFU_EIO, path, 0, 0, NULL, "read error: %s",
                                          strerror(errno));
                goto done;
            }
            break;
        }
        if (len > max) {
            rc = paifu_formats__error(err, PAIFU_ELIMIT, path, 0, 0, NULL,
                                      "input larger than %llu bytes", (unsigned long long)max);
            goto done;
        }
    }
    if (len > max) {
        rc = paifu_formats__error(err, PAIFU_ELIMIT, path, 0, 0, NULL,
                                  "input larger than %llu bytes", (unsigned long long)max);
        goto done;
    }
    buf[len] = '\0';
    *bufp = buf;
    *lenp = len;
    return 0;
done:
    free(buf);
    *bufp = NULL;
    paifu_input__release(*held);
    *held = 0;
    return rc;
}

/* Open PATH and read it from the start (under MAX, the budget in *HELD) up to STOP_AT (0: all). */
static int read_start(FILE **fp, char **out, size_t *size, uint64_t *held, bool *all,
                      const char *path, uint64_t max, size_t stop_at, paifu_error *err)
{
    *fp = NULL;
    *out = NULL;
    *size = 0;
    *held = 0;
    max = clamp_cap(max);
    FILE *f = open_input(path, err);
    if (!f)
        return PAIFU_EIO;
    size_t cap = 1 << 16;
    char *buf = NULL;
    int rc = grow(&buf, held, cap - 1, path, err);
    if (rc < 0) {
        paifu_input__release(*held);
        *held = 0;
        close_input(f);
        return rc;
    }
    if ((rc = read_into(f, &buf, size, cap, held, path, max, stop_at, all, err)) < 0) {
        close_input(f);
        return rc;
    }
    *out = buf;
    *fp = f;
    return 0;
}

int paifu_input__read_file(char **out, size_t *size, uint64_t *held, const char *path,
                           uint64_t max, paifu_error *err)
{
    FILE *f;
    bool all;
    int rc = read_start(&f, out, size, held, &all, path, max, 0, err);
    close_input(f);
    return rc;
}

int paifu_input__open_prefix(FILE **fp, char **prefix, size_t *len, uint64_t *held, bool *all,
                             const char *path, uint64_t max, paifu_error *err)
{
    size_t stop = paifu_input__stream_chunk ? paifu_input__stream_chunk : 1;
    int rc = read_start(fp, prefix, len, held, all, path, max, stop, err);
    if (rc == 0 && *all) {
        close_input(*fp);
        *fp = NULL;
    }
    return rc;
}

/* A gzip error at compressed byte OFFSET of SOURCE (the place a binary input has). */
static int gzip_error(paifu_error *err, const char *source, uint64_t offset, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

static int gzip_error(paifu_error *err, const char *source, uint64_t offset, const char *fmt, ...)
{
    if (!err || err->code != PAIFU_OK)
        return PAIFU_EFORMAT;
    paifu_location w;
    paifu_location_clear(&w);
    paifu_location_set_source(&w, source ? source : "");
    w.offset = offset;
    char text[sizeof(err->text)];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof(text), fmt, ap);
    va_end(ap);
    return paifu_error_set(err, PAIFU_EFORMAT, &w, "%s", text);
}

static int gunzip(char **data, size_t *size, uint64_t *held, bool *compressed, uint64_t max,
                  bool prefix, const char *source, paifu_error *err)
{
    *compressed = false;
    max = clamp_cap(max);
    uint64_t nheld = 0;
    if (*size < 2 || (unsigned char)(*data)[0] != 0x1f || (unsigned char)(*data)[1] != 0x8b)
        return 0;
    *compressed = true;
    z_stream zs;
    memset(&zs, 0, sizeof(zs));
    if (inflateInit2(&zs, 15 + 32) != Z_OK)
        return paifu_formats__error(err, PAIFU_ENOMEM, source, 0, 0, NULL, "out of memory");
    size_t cap = *size * 4 + 1024, len = 0;
    if (cap > max + 1)
        cap = (size_t)max + 1;
    char *out = NULL;
    int rc = grow(&out, &nheld, cap, source, err);
    if (rc < 0)
        goto done;
    zs.next_in = (Bytef *)*data;
    zs.avail_in = (uInt)*size;
    for (;;) {
        if (len == cap) {
            if (cap > max) {
                rc = paifu_formats__error(err, PAIFU_ELIMIT, source, 0, 0, NULL,
                                          "decompressed input larger than %llu bytes",
                                          (unsigned long long)max);
                goto done;
            }
            size_t ncap = cap * 2;
            if (ncap > max + 1)
                ncap = (size_t)max + 1;
            if ((rc = grow(&out, &nheld, ncap, source, err)) < 0)
                goto done;
            cap = ncap;
        }
        zs.next_out = (Bytef *)out + len;
        zs.avail_out = (uInt)(cap - len);
        int z = inflate(&zs, Z_NO_FLUSH);
        len = cap - zs.avail_out;
        if (prefix && len >= max) {
            len = (size_t)max; /* enough to tell the format */
            break;
        }
        if (z == Z_STREAM_END) {
            if (zs.avail_in == 0)
                break;
            /* another gzip member follows */
            if (inflateReset(&zs) != Z_OK) {
                rc = paifu_formats__error(err, PAIFU_EFORMAT, source, 0, 0, NULL,
                                          "corrupt gzip stream");
                goto done;
            }
            continue;
        }
        if (z == Z_BUF_ERROR && zs.avail_in == 0) {
            /* the place: where the bytes end, in the file and in what it inflates to */
            rc = gzip_error(err, source, *size,
                            "gzip stream ends early (truncated file): cut after compressed "
                            "byte %zu, in inflated byte %zu",
                            *size, len);
            goto done;
        }
        if (z != Z_OK && z != Z_BUF_ERROR) {
            /* from the file's start: total_in restarts per member */
            size_t at = (size_t)(zs.next_in - (const Bytef *)*data);
            rc = gzip_error(err, source, at, "corrupt gzip stream at compressed byte %zu: %s", at,
                            zs.msg ? zs.msg : "error");
            goto done;
        }
        if (len > max) {
            rc = paifu_formats__error(err, PAIFU_ELIMIT, source, 0, 0, NULL,
                                      "decompressed input larger than %llu bytes",
                                      (unsigned long long)max);
            goto done;
        }
    }
    if (len > max) {
        rc = paifu_formats__error(err, PAIFU_ELIMIT, source, 0, 0, NULL,
                                  "decompressed input larger than %llu bytes",
                                  (unsigned long long)max);
        goto done;
    }
    out[len] = '\0';
    free(*data);
    paifu_input__release(*held);
    *data = out;
    *size = len;
    *held = nheld;
    out = NULL;
    nheld = 0;
done:
    inflateEnd(&zs);
    free(out);
    paifu_input__release(nheld);
    return rc;
}

int paifu_input__gunzip(char **data, size_t *size, uint64_t *held, bool *compressed, uint64_t max,
                        const char *source, paifu_error *err)
{
    return gunzip(data, size, held, compressed, max, false, source, err);
}

int paifu_input__gunzip_prefix(char **data, size_t *size, uint64_t *held, bool *compressed,
                               uint64_t max, const char *source, paifu_error *err)
{
    return gunzip(data, size, held, compressed, max, true, source, err);
}

/* ---- streams ---- */

void paifu_input__stream_init(paifu_input_stream *s, FILE *f, char *prefix, size_t len,
                              uint64_t held, const char *source, uint64_t max,
                              uint64_t max_inflated)
{
    memset(s, 0, sizeof(*s));
    s->file = f;
    s->held = held;
    s->source = source;
    s->raw = (unsigned char *)prefix;
    s->raw_len = len;
    s->raw_cap = len;
    s->raw_total = len;
    s->raw_eof = f == NULL;
    s->max = max;
    s->max_inflated = max_inflated;
    s->gzip = len >= 2 && s->raw[0] == 0x1f && s->raw[1] == 0x8b;
}

void paifu_input__stream_close(paifu_input_stream *s)
{
    if (s->z_ready)
        inflateEnd(&s->zs);
    close_input(s->file);
    free(s->raw);
    paifu_input__release(s->held);
    memset(s, 0, sizeof(*s));
}

/* Refill the raw buffer (all of it handed out) from the file: 0, or an error. */
static int raw_refill(paifu_input_stream *s, paifu_error *err)
{
    s->raw_pos = s->raw_len = 0;
    if (s->raw_eof)
        return 0;
    size_t want = paifu_input__stream_chunk ? paifu_input__stream_chunk : 1;
    if (s->raw_cap < want) {
        char *p = (char *)s->raw;
        int rc = grow(&p, &s->held, want, s->source, err);
        s->raw = (unsigned char *)p;
        if (rc < 0)
            return rc;
        s->raw_cap = want;
    }
    size_t got = fread(s->raw, 1, want, s->file);
    if (got < want) {
        if (ferror(s->file))
            return paifu_formats__error(err, PAIFU_EIO, s->source, 0, 0, NULL,
                                        "read error: %s", strerror(errno));
        s->raw_eof = true;
    }
    s->raw_len = got;
    s->raw_total += got;
    if (s->raw_total > s->max)
        return paifu_formats__error(err, PAIFU_ELIMIT, s->source, 0, 0, NULL,
                                    "input larger than %llu bytes", (unsigned long long)s->max);
    return 0;
}

static int inflate_some(paifu_input_stream *s, char *dst, size_t want, size_t *got,
                        paifu_error *err)
{
    if (!s->z_ready) {
        if (inflateInit2(&s->zs, 15 + 32) != Z_OK)
            return paifu_formats__error(err, PAIFU_ENOMEM, s->source, 0, 0, NULL,
                                        "out of memory");
        s->z_ready = true;
    }
    size_t n = 0;
    while (n < want) {
        if (s->raw_pos == s->raw_len) {
            int rc = raw_refill(s, err);
            if (rc < 0)
                return rc;
            if (s->raw_len == 0) {
                if (!s->z_end) {
                    return gzip_error(
                        err, s->source, s->raw_total,
                        "gzip stream ends early (truncated file): cut after compressed byte "
                        "%llu, in inflated byte %llu",
                        (unsigned long long)s->raw_total, (unsigned long long)(s->out_total + n));
                }
                s->eof = true;
                break;
            }
        }
        if (s->z_end) { /* another gzip member follows */
            if (inflateReset(&s->zs) != Z_OK)
                return paifu_formats__error(err, PAIFU_EFORMAT, s->source, 0, 0, NULL,
                                            "corrupt gzip stream");
            s->z_end = false;
        }
        s->zs.next_in = s->raw + s->raw_pos;
        s->zs.avail_in = (uInt)(s->raw_len - s->raw_pos);
        s->zs.next_out = (Bytef *)dst + n;
        s->zs.avail_out = (uInt)(want - n);
        int z = inflate(&s->zs, Z_NO_FLUSH);
        s->raw_pos = s->raw_len - s->zs.avail_in;
        n = want - s->zs.avail_out;
        if (z == Z_STREAM_END) {
            s->z_end = true;
            continue;
        }
        if (z != Z_OK && z != Z_BUF_ERROR)
            return gzip_error(err, s->source, s->zs.total_in,
                              "corrupt gzip stream at compressed byte %lu: %s",
                              (unsigned long)s->zs.total_in, s->zs.msg ? s->zs.msg : "error");
    }
    s->out_total += n;
    *got = n;
    if (s->out_total > s->max_inflated)
        return paifu_formats__error(err, PAIFU_ELIMIT, s->source, 0, 0, NULL,
                                    "decompressed input larger than %llu bytes",
                                    (unsigned long long)s->max_inflated);
    return 0;
}

int paifu_input__stream_read(paifu_input_stream *s, char *dst, size_t want, size_t *got,
                             paifu_error *err)
{
    *got = 0;
    dst[0] = '\0';
    if (s->eof || !want)
        return 0;
    int rc = 0;
    if (s->gzip) {
        rc = inflate_some(s, dst, want, got, err);
    } else {
        size_t n = 0;
        while (n < want) {
            if (s->raw_pos == s->raw_len && !s->raw_eof) { /* straight from the file */
                size_t r = fread(dst + n, 1, want - n, s->file);
                if (r < want - n) {
                    if (ferror(s->file)) {
                        rc = paifu_formats__error(err, PAIFU_EIO, s->source, 0, 0, NULL,
                                                  "read error: %s", strerror(errno));
                        break;
                    }
                    s->raw_eof = true;
                }
                n += r;
                s->raw_total += r;
                if (s->raw_total > s->max) {
                    rc = paifu_formats__error(err, PAIFU_ELIMIT, s->source, 0, 0, NULL,
                                              "input larger than %llu bytes",
                                              (unsigned long long)s->max);
                    break;
                }
                continue;
            }
            if (s->raw_pos == s->raw_len) {
                if ((rc = raw_refill(s, err)) < 0)
                    break;
                if (s->raw_len == 0) {
                    s->eof = true;
                    break;
                }
            }
            size_t take = s->raw_len - s->raw_pos;
            if (take > want - n)
                take = want - n;
            memcpy(dst + n, s->raw + s->raw_pos, take);
            s->raw_pos += take;
            n += take;
        }
        *got = n;
    }
    dst[*got] = '\0';
    return rc;
}

/* ---- text encodings ---- */

/* UTF-16 (little-endian when LE) of DATA[0..SIZE), starting at byte FROM, as UTF-8 in a new
   buffer (*OUT, NUL-terminated, *HELD bytes of the budget). An unpaired surrogate or an odd
   last byte is an error at its byte offset. */
static int utf16_to_utf8(char **out, size_t *out_len, uint64_t *held, const unsigned char *d,
                         size_t size, size_t from, bool le, const char *source, paifu_error *err)
{
    /* a code unit gives at most 3 bytes, a pair of them 4 */
    size_t cap = (size - from) / 2 * 3 + 4, n = 0;
    char *o = NULL;
    *held = 0;
    int rc = grow(&o, held, cap, source, err);
    if (rc < 0) {
        paifu_input__release(*held);
        *held = 0;
        return rc;
    }
    const char *enc = le ? "UTF-16LE" : "UTF-16BE";
    for (size_t i = from; i < size;) {
        if (i + 1 >= size) {
            paifu_location w;
            paifu_location_clear(&w);
            paifu_location_set_source(&w, source);
            w.offset = i;
            rc = paifu_error_set(err, PAIFU_EFORMAT, &w,
                                 "%s text with an odd number of bytes: a lone byte at its end "
                                 "(convert it to UTF-8: iconv -f UTF-16 -t UTF-8)",
                                 enc);
            goto fail;
        }
        unsigned u = le ? (unsigned)d[i] | (unsigned)d[i + 1] << 8
                        : (unsigned)d[i] << 8 | (unsigned)d[i + 1];
        size_t at = i;
        i += 2;
        if (u >= 0xD800 && u <= 0xDFFF) {
            unsigned lo = 0;
            if (u <= 0xDBFF && i + 1 < size)
                lo = le ? (unsigned)d[i] | (unsigned)d[i + 1] << 8
                        : (unsigned)d[i] << 8 | (unsigned)d[i + 1];
            if (u > 0xDBFF || lo < 0xDC00 || lo > 0xDFFF) {
                paifu_location w;
                paifu_location_clear(&w);
                paifu_location_set_source(&w, source);
                w.offset = at;
                rc = paifu_error_set(err, PAIFU_EFORMAT, &w,
                                     "invalid %s: an unpaired surrogate 0x%04X (expected "
                                     "UTF-16 text; convert it to UTF-8: iconv -f UTF-16 -t "
                                     "UTF-8)",
                                     enc, u);
                goto fail;
            }
            i += 2;
            u = 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00);
        }
        if (u < 0x80) {
            o[n++] = (char)u;
        } else if (u < 0x800) {
            o[n++] = (char)(0xC0 | u >> 6);
            o[n++] = (char)(0x80 | (u & 0x3F));
        } else if (u < 0x10000) {
            o[n++] = (char)(0xE0 | u >> 12);
            o[n++] = (char)(0x80 | (u >> 6 & 0x3F));
            o[n++] = (char)(0x80 | (u & 0x3F));
        } else {
            o[n++] = (char)(0xF0 | u >> 18);
            o[n++] = (char)(0x80 | (u >> 12 & 0x3F));
            o[n++] = (char)(0x80 | (u >> 6 & 0x3F));
            o[n++] = (char)(0x80 | (u & 0x3F));
        }
    }
    o[n] = '\0';
    *out = o;
    *out_len = n;
    return 0;
fail:
    free(o);
    paifu_input__release(*held);
    *held = 0;
    return rc;
}

/* Whether D[0..SIZE) opens as UTF-16 text without a byte order mark: two characters of
   plain ASCII (a log's first bytes: '<', '{', a letter) with their other byte 0. */
static int bare_utf16(const unsigned char *d, size_t size)
{
    if (size < 4)
        return 0;
    bool le = d[0] >= 0x09 && d[0] < 0x80 && d[1] == 0 && d[2] >= 0x09 && d[2] < 0x80 && d[3] == 0;
    bool be = d[0] == 0 && d[1] >= 0x09 && d[1] < 0x80 && d[2] == 0 && d[3] >= 0x09 && d[3] < 0x80;
    return le ? 1 : be ? 2 : 0;
}

bool paifu_input__utf16(const char *data, size_t size)
{
    const unsigned char *d = (const unsigned char *)data;
    if (size >= 4 && ((d[0] == 0xFF && d[1] == 0xFE && d[2] == 0 && d[3] == 0) ||
                      (d[0] == 0 && d[1] == 0 && d[2] == 0xFE && d[3] == 0xFF)))
        return false;
    return (size >= 2 && ((d[0] == 0xFF && d[1] == 0xFE) || (d[0] == 0xFE && d[1] == 0xFF))) ||
           bare_utf16(d, size);
}

/*
 * An XML declaration of the decoded text that says UTF-16 ("UTF-16", "utf-16le", ...) says
 * UTF-8 instead, the same length (a space after the label's quote), as the text now is: the
 * label was true of the file's bytes, and a parser reading the UTF-8 would refuse it.
 */
static void relabel_utf16(char *d, size_t n)
{
    if (n < 6 || memcmp(d, "<?xml", 5) != 0)
        return;
    char *end = memchr(d, '>', n < 200 ? n : 200);
    if (!end)
        return;
    for (char *p = d; p + 10 < end; p++) {
        if (memcmp(p, "encoding=", 9) != 0 || (p[9] != '"' && p[9] != '\''))
            continue;
        char q = p[9], *v = p + 10, *close = memchr(v, q, (size_t)(end - v));
        size_t len = close ? (size_t)(close - v) : 0;
        if (len >= 6 && len <= 8 && strncasecmp(v, "utf-16", 6) == 0) {
            memcpy(v, "UTF-8", 5);
            v[5] = q;
            memset(v + 6, ' ', len - 5); /* the old closing quote becomes a space too */
        }
        return;
    }
}

int paifu_input__decode(char **data, size_t *size, uint64_t *held, size_t *dropped, bool whole,
                        const char *source, paifu_error *err)
{
    const unsigned char *d = (const unsigned char *)*data;
    size_t n = *size;
    *dropped = 0;
    if (n >= 4 && ((d[0] == 0xFF && d[1] == 0xFE && d[2] == 0 && d[3] == 0) ||
                   (d[0] == 0 && d[1] == 0 && d[2] == 0xFE && d[3] == 0xFF)))
        return 0; /* UTF-32 (UCS-4): left to the reader, which refuses it */
    int bare = n >= 2 && d[0] == 0xFF && d[1] == 0xFE   ? 1
               : n >= 2 && d[0] == 0xFE && d[1] == 0xFF ? 2
                                                        : 0;
    size_t from = bare ? 2 : 0;
    if (!bare)
        bare = bare_utf16(d, n);
    if (bare) {
        if (!whole) {
            paifu_location w;
            paifu_location_clear(&w);
            paifu_location_set_source(&w, source);
            return paifu_error_set(err, PAIFU_EFORMAT, &w,
                                   "UTF-16 text too large to decode as it streams (convert it "
                                   "to UTF-8: iconv -f UTF-16 -t UTF-8)");
        }
        char *out = NULL;
        size_t len = 0;
        uint64_t nheld = 0;
        int rc = utf16_to_utf8(&out, &len, &nheld, d, n, from, bare == 1, source, err);
        if (rc < 0)
            return rc;
        free(*data);
        paifu_input__release(*held);
        *data = out;
        *size = n = len;
        *held = nheld;
        d = (const unsigned char *)out;
        relabel_utf16(out, len);
    }
    if (n >= 3 && d[0] == 0xEF && d[1] == 0xBB && d[2] == 0xBF) {
        memmove(*data, *data + 3, n - 3 + 1);
        *size = n -= 3;
        if (!bare)
            *dropped = 3; /* byte offsets stay those of the file */
    }
    if (whole) {
        /* NUL padding after the text (a disk image, a preallocated download): no part of it */
        while (n > 0 && (*data)[n - 1] == '\0')
            n--;
        (*data)[n] = '\0';
        *size = n;
    }
    return 0;
}

size_t paifu_input__utf8_invalid(const char *data, size_t size)
{
    const unsigned char *d = (const unsigned char *)data;
    for (size_t i = 0; i < size;) {
        /* ASCII (a Tenhou log is all ASCII) 32, then 8 bytes at a time: the mjlog reader asks
           this of every input */
        while (i + 32 <= size) {
            uint64_t w[4];
            memcpy(w, d + i, 32);
            if ((w[0] | w[1] | w[2] | w[3]) & 0x8080808080808080u)
                break;
            i += 32;
        }
        while (i + 8 <= size) {
            uint64_t w;
            memcpy(&w, d + i, 8);
            if (w & 0x8080808080808080u)
                break;
            i += 8;
        }
        if (i >= size)
            break;
        unsigned c = d[i];
        size_t n = c < 0x80                          ? 1
                   : (c & 0xE0) == 0xC0 && c >= 0xC2 ? 2
                   : (c & 0xF0) == 0xE0              ? 3
                   : (c & 0xF8) == 0xF0 && c <= 0xF4 ? 4
                                                     : 0;
        if (n == 0 || i + n > size)
            return i;
        for (size_t k = 1; k < n; k++)
            if ((d[i + k] & 0xC0) != 0x80)
                return i;
        i += n;
    }
    return size;
}

int paifu_input__from_shift_jis(char **out, size_t *out_len, const char *data, size_t size,
                                size_t *bad)
{
    *out = NULL;
    *out_len = 0;
    *bad = 0;
    /* the text's other characters are double-byte ones (kanji, kana: a name): a stray byte
       that is not UTF-8 (a half-width katakana in Shift_JIS, a Latin-1 letter) is no evidence
       of Shift_JIS, and reading it so would invent characters */
    const unsigned char *u = (const unsigned char *)data;
    for (size_t i = 0; i < size; i++) {
        if (u[i] < 0x80)
            continue;
        bool lead = (u[i] >= 0x81 && u[i] <= 0x9F) || (u[i] >= 0xE0 && u[i] <= 0xFC);
        bool trail = i + 1 < size && u[i + 1] >= 0x40 && u[i + 1] <= 0xFC && u[i + 1] != 0x7F;
        if (!lead || !trail) {
            *bad = i;
            return 1;
        }
        i++;
    }
    /* CP932, Windows' Shift_JIS, as Japanese editors save it (a superset of JIS X 0208's) */
    iconv_t cd = iconv_open("UTF-8", "CP932");
    if (cd == (iconv_t)-1 && (cd = iconv_open("UTF-8", "SHIFT_JIS")) == (iconv_t)-1)
        return 1; /* no converter: the reader refuses the file by its encoding's name */
    size_t cap = size / 2 * 3 + size % 2 + 4;
    char *o = malloc(cap + 1);
    if (!o) {
        iconv_close(cd);
        return PAIFU_ENOMEM;
    }
    char *in = (char *)data, *dst = o;
    size_t left = size, room = cap;
    size_t rc = iconv(cd, &in, &left, &dst, &room);
    iconv_close(cd);
    if (rc == (size_t)-1 || left) {
        *bad = (size_t)(in - data);
        free(o);
        return 1;
    }
    *dst = '\0';
    *out = o;
    *out_len = (size_t)(dst - o);
    return 0;
}
