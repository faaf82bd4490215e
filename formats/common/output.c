/*
 * output.c: whole files written one per call (one converted game each, as training data is
 * kept), plain or gzip-compressed, so that callers need no compression library of their
 * own. A file is compressed whole in memory by libdeflate (three times zlib's speed at level 1,
 * and smaller files: the mjai of the corpus's Tenhou games, 42 MB, takes 0.08 s to 5.0 MB
 * where zlib takes 0.26 s to 5.6 MB), and written with one unbuffered write. The compressor and
 * the output buffer are set up once and reused from file to file.
 */
#include "format.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libdeflate.h>

struct paifu_files {
    int level; /* 0 plain, 1 to PAIFU_GZIP_LEVEL_MAX gzip */
    struct libdeflate_compressor *c;
    unsigned char *out;
    size_t cap;
};

int paifu_files_new(paifu_files **out, int gzip_level, paifu_error *err)
{
    if (!out || gzip_level < 0 || gzip_level > PAIFU_GZIP_LEVEL_MAX)
        return paifu_error_set(err, PAIFU_EINVAL, NULL,
                               "invalid argument: gzip level %d (0 plain, 1 to %d)", gzip_level,
                               PAIFU_GZIP_LEVEL_MAX);
    paifu_files *f = calloc(1, sizeof(*f));
    if (f && gzip_level > 0 && !(f->c = libdeflate_alloc_compressor(gzip_level))) {
        free(f);
        f = NULL;
    }
    if (!f)
        return paifu_error_set(err, PAIFU_ENOMEM, NULL, "out of memory");
    f->level = gzip_level;
    *out = f;
    return 0;
}

void paifu_files_free(paifu_files *files)
{
    if (!files)
        return;
    libdeflate_free_compressor(files->c);
    free(files->out);
    free(files);
}

/* DATA gzip-compressed whole into FILES->out: its length, or 0 on failure (a gzip member is
   never empty). */
static size_t compress_whole(paifu_files *files, const void *data, size_t size)
{
    size_t bound = libdeflate_gzip_compress_bound(files->c, size);
    if (bound > files->cap) {
        unsigned char *p = realloc(files->out, bound);
        if (!p)
            return 0;
        files->out = p;
        files->cap = bound;
    }
    return libdeflate_gzip_compress(files->c, data, size, files->out, bound);
}

int paifu_files_write(paifu_files *files, const char *path, const void *data, size_t size,
                      paifu_error *err)
{
    if (!files || !path || (!data && size))
        return paifu_error_set(err, PAIFU_EINVAL, NULL, "invalid argument: files, path or data");
    if (files->level > 0) {
        size = compress_whole(files, data, size);
        if (size == 0)
            return paifu_error_set(err, PAIFU_ENOMEM, NULL,
                                   "cannot compress %s: out of memory", path);
        data = files->out;
    }
    if (strcmp(path, "-") == 0) { /* standard output: one more gzip member (RFC 1952 §2.2:
                                     a gzip file is a series of members; readers join them) */
        if (size && fwrite(data, 1, size, stdout) != size)
            return paifu_error_set(err, PAIFU_EIO, NULL, "cannot write standard output: %s",
                                   strerror(errno));
        return 0;
    }
    FILE *f = fopen(path, "wb");
    if (!f)
        return paifu_error_set(err, PAIFU_EIO, NULL, "cannot write %s: %s", path,
                               strerror(errno));
    setvbuf(f, NULL, _IONBF, 0); /* one write of the whole file, no stdio buffer */
    bool ok = fwrite(data, 1, size, f) == size;
    int e = errno;
    ok = fclose(f) == 0 && ok;
    if (ok)
        return 0;
    remove(path);
    return paifu_error_set(err, PAIFU_EIO, NULL, "cannot write %s: %s", path, strerror(e));
}
