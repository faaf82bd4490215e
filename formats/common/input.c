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
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

int paifu_input__read_file(char **out, size_t *size, uint64_t *held, const char *path,
                           uint64_t max, paifu_error *err)
{
    *held = 0;
    max = clamp_cap(max);
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f)
        return paifu_formats__error(err, PAIFU_EIO, path, 0, 0, NULL, "cannot open: %s",
                                    strerror(errno));
    size_t cap = 1 << 16, len = 0;
    char *buf = NULL;
    int rc = grow(&buf, held, cap - 1, path, err);
    if (rc < 0)
        goto done;
    for (;;) {
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
    *out = buf;
    *size = len;
    buf = NULL;
done:
    free(buf);
    if (rc < 0) {
        paifu_input__release(*held);
        *held = 0;
    }
    if (f != stdin)
        fclose(f);
    return rc;
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
            rc = paifu_formats__error(err, PAIFU_EFORMAT, source, 0, 0, NULL,
                                      "gzip stream ends early (truncated file)");
            goto done;
        }
        if (z != Z_OK && z != Z_BUF_ERROR) {
            rc = paifu_formats__error(err, PAIFU_EFORMAT, source, 0, 0, NULL,
                                      "corrupt gzip stream at compressed byte %zu: %s",
                                      /* from the file's start: total_in restarts per member */
                                      (size_t)(zs.next_in - (const Bytef *)*data),
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
