/* input.h: reading input bytes under caps, gzip detection and inflation (private to formats/). */
#ifndef PAIFU_FORMATS_INPUT_H
#define PAIFU_FORMATS_INPUT_H

#include <paifu/io.h>

/* The caps of paifu_read_options left at 0. */
#define DEFAULT_MAX_INPUT    ((uint64_t)256 << 20)
#define DEFAULT_MAX_INFLATED ((uint64_t)1 << 30)

/*
 * Read PATH ("-" = stdin) whole, at most MAX bytes; OUT gets a malloc buffer, NUL-terminated.
 */
int paifu_input__read_file(char **out, size_t *size, const char *path, uint64_t max,
                           paifu_error *err);

/*
 * If DATA starts with the gzip magic, inflate it (every member) into a new malloc'd buffer of at
 * most MAX bytes and replace DATA and SIZE (the old buffer is freed); *COMPRESSED says whether it
 * did. The result is NUL-terminated.
 */
int paifu_input__gunzip(char **data, size_t *size, bool *compressed, uint64_t max,
                        const char *source, paifu_error *err);

#endif
