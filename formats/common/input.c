/*
 * input.c: input bytes. Files are read whole under a cap (never opened by libxml2, which would
 * decompress gzip by itself and skip our cap); gzip is inflated with zlib under a second cap,
 * member after member (some archives concatenate gzip members).
 */
#include "format.h"
#include "input.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

int paifu_input__read_file(char **out, size_t *size, const char *path, uint64_t max,
                           paifu_error *err)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f)
        return paifu_formats__error(err, PAIFU_EIO, path, 0, 0, NULL, "cannot open: %s",
                                    strerror(errno));
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    int rc = 0;
    if (!buf) {
        rc = paifu_formats__error(err, PAIFU_ENOMEM, path, 0, 0, NULL, "out of memory");
        goto done;
    }
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
            char *p = realloc(buf, ncap + 1);
            if (!p) {
                rc = paifu_formats__error(err, PAIFU_ENOMEM, path, 0, 0, NULL, "out of memory");
                goto done;
            }
            buf = p;
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
    if (f != stdin)
        fclose(f);
    return rc;
}

int paifu_input__gunzip(char **data, size_t *size, bool *compressed, uint64_t max,
                        const char *source, paifu_error *err)
{
    *compressed = false;
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
    char *out = malloc(cap + 1);
    int rc = 0;
    if (!out) {
        rc = paifu_formats__error(err, PAIFU_ENOMEM, source, 0, 0, NULL, "out of memory");
        goto done;
    }
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
            char *p = realloc(out, ncap + 1);
            if (!p) {
                rc = paifu_formats__error(err, PAIFU_ENOMEM, source, 0, 0, NULL, "out of memory");
                goto done;
            }
            out = p;
            cap = ncap;
        }
        zs.next_out = (Bytef *)out + len;
        zs.avail_out = (uInt)(cap - len);
        int z = inflate(&zs, Z_NO_FLUSH);
        len = cap - zs.avail_out;
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
                                      "corrupt gzip stream at compressed byte %lu: %s",
                                      (unsigned long)zs.total_in, zs.msg ? zs.msg : "error");
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
    *data = out;
    *size = len;
    out = NULL;
done:
    inflateEnd(&zs);
    free(out);
    return rc;
}
