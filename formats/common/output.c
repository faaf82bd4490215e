/*
 * output.c: a file the writers write to, gzip-compressed on request (zlib), so that callers
 * writing one compressed file per game (training data) need no compression library of their
 * own.
 */
#include "format.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

struct paifu_output {
    FILE *plain;
    gzFile gz;
    char path[512];
    bool failed;
};

int paifu_output_open(paifu_output **out, const char *path, bool gzip, paifu_error *err)
{
    if (!out || !path)
        return paifu_error_set(err, PAIFU_EINVAL, NULL, "invalid argument: path");
    *out = NULL;
    paifu_output *o = calloc(1, sizeof(*o));
    if (!o)
        return paifu_error_set(err, PAIFU_ENOMEM, NULL, "out of memory");
    snprintf(o->path, sizeof(o->path), "%s", path);
    if (gzip)
        o->gz = gzopen(path, "wb");
    else
        o->plain = fopen(path, "wb");
    if (!o->gz && !o->plain) {
        int e = errno;
        free(o);
        return paifu_error_set(err, PAIFU_EIO, NULL, "cannot write %s: %s", path, strerror(e));
    }
    *out = o;
    return 0;
}

int paifu_output_write(const void *data, size_t size, void *output)
{
    paifu_output *o = output;
    if (size == 0)
        return 0;
    bool ok = o->gz ? gzwrite(o->gz, data, (unsigned)size) == (int)size
                    : fwrite(data, 1, size, o->plain) == size;
    if (!ok)
        o->failed = true;
    return ok ? 0 : -1;
}

int paifu_output_close(paifu_output *o, paifu_error *err)
{
    if (!o)
        return 0;
    bool ok = !o->failed && (o->gz ? gzclose(o->gz) == Z_OK : fclose(o->plain) == 0);
    if (o->failed)
        o->gz ? (void)gzclose(o->gz) : (void)fclose(o->plain);
    int rc = ok ? 0 : paifu_error_set(err, PAIFU_EIO, NULL, "cannot write %s", o->path);
    free(o);
    return rc;
}
