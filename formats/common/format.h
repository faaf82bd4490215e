/*
 * format.h: the interface every format module implements (private to formats/).
 *
 * registry.c holds one row per format: its public info, a sniffer, a reader and a writer.
 * A reader parses a whole input buffer it does not own and hands out games one at a time into a
 * game the caller resets between games. A writer appends bytes to a paifu_buf and reports what
 * the target format cannot carry through the loss callback.
 */
#ifndef PAIFU_FORMATS_FORMAT_H
#define PAIFU_FORMATS_FORMAT_H

#include <paifu/io.h>
#include <paifu/rules.h>

#include "buf.h"

typedef struct format_reader_ctx {
    const char *data;      /* whole (inflated) input, NUL-terminated; borrowed */
    size_t size;
    const char *source;    /* file name for errors */
    const paifu_read_options *opts;
} format_reader_ctx;

typedef struct format_writer_ctx {
    paifu_buf *out;
    const paifu_write_options *opts;
    size_t games_written;  /* games written so far by this writer */
} format_writer_ctx;

typedef struct format_impl {
    paifu_format_info info;
    /* Confidence 0..100 that DATA is this format (0 = no). */
    int (*sniff)(const char *data, size_t size);
    /* Reader: open over the buffer, produce games, free. */
    int (*reader_open)(void **state, const format_reader_ctx *ctx, paifu_error *err);
    int (*reader_next)(void *state, paifu_game *game, paifu_error *err); /* 1, 0, <0 */
    void (*reader_free)(void *state);
    /* Writer: one game per call; `finish` writes whatever closes the output (may be NULL). */
    int (*write_game)(format_writer_ctx *ctx, const paifu_game *game, paifu_error *err);
    int (*finish)(format_writer_ctx *ctx, paifu_error *err);
    bool multi_game;       /* several games fit in one output */
} format_impl;

const format_impl *paifu_formats__find(const char *name);

/*
 * Report a loss: calls the loss callback and, when the options are strict, fails with
 * PAIFU_EUNSUPPORTED. Returns 0 or the error.
 */
int paifu_formats__loss(format_writer_ctx *ctx, const paifu_game *game, const char *what,
                        paifu_error *err);

/* Set an error located at LINE:COLUMN / PATH of SOURCE. */
int paifu_formats__error(paifu_error *err, paifu_error_code code, const char *source,
                         uint32_t line, uint32_t column, const char *path, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 7, 8)))
#endif
    ;

#endif
