/*
 * format.h: the interface every format module implements (private to formats/).
 *
 * Each format has one row (a format_impl, defined in its reader's file and listed in
 * registry.c): its public info, a sniffer, a reader and a writer. A reader parses a whole input
 * buffer it does not own and hands out games one at a time into a game the caller resets between
 * games. A writer appends bytes to a paifu_buf and reports what the target format cannot carry
 * through the loss callback. What a row leaves out is the registry's default (README.md).
 */
#ifndef PAIFU_FORMATS_FORMAT_H
#define PAIFU_FORMATS_FORMAT_H

#include <paifu/io.h>
#include <paifu/rules.h>

#include "buf.h"

/*
 * The input a reader reads: the whole (inflated) input, NUL-terminated, borrowed for the
 * reader's lifetime. Every reader's state starts with one (a member `in`), which the default
 * reader_open fills.
 */
typedef struct format_input {
    const char *data;
    size_t size;
    const char *source; /* file name for errors */
    const paifu_read_options *opts;
    uint64_t base; /* offset of data[0] in the input: 0 unless it is streamed (stream_rebase) */
    /*
     * A streamed input (NULL when the input is whole): read more of it into the window, for a
     * reader that needs more within a game (a JSON document or line cut by the window's end).
     * The window may move: stream_rebase tells the reader before refill returns. 1 when more
     * may come, 0 at the input's end (the window holds the rest), or an error.
     */
    int (*refill)(void *ctx, paifu_error *err);
    void *refill_ctx;
} format_input;

typedef struct format_writer_ctx {
    paifu_buf *out;
    const paifu_write_options *opts;
    size_t games_written; /* games written so far by this writer */
} format_writer_ctx;

/* One game being written: what every writer's state starts with (its first member, `head`). */
typedef struct format_write {
    format_writer_ctx *ctx;
    const paifu_game *game;
    paifu_error *err;
    int players;        /* paifu_game_players(game) */
    paifu_rules *rules; /* the rule set, once the writer resolves it (paifu_game_rules) */
    unsigned lost;      /* bit per lossy_kind already reported (lossy.c) */
    unsigned long computed[16]; /* values written that the source does not record, per
                                   lossy_computed (lossy.c, paifu_lossy__compute) */
} format_write;

/*
 * A writer (a row's `writer`). The registry writes a game with it: first the refusal of a
 * whole game the format cannot hold (when `refuses` says so: PAIFU_EUNSUPPORTED "<format>
 * cannot hold this game: <refusal>"), then a zeroed state of `size` bytes (at least the
 * format_write, its first member) with the head filled in, then `write`, then the head's rule
 * set and the state freed. A writer appends its bytes to head->ctx->out.
 */
typedef struct format_writer {
    size_t size;
    int (*refuses)(const paifu_game *game, paifu_error *err); /* 1 yes, 0 no, < 0 an error */
    const char *refusal;
    int (*write)(format_write *head);
} format_writer;

/*
 * A row of the format table (registry.c), written with designated initialisers: what a row
 * leaves out is the registry's default.
 */
typedef struct format_impl {
    paifu_format_info info; /* name, description, can_read, can_write, carries, extension */
    /* Confidence 0..100 that DATA is this format (0 = no): the file is exactly one. */
    int (*sniff)(const char *data, size_t size);
    /*
     * Likeness 0..100 of DATA, which no sniffer takes, to this format (0 = none): a damaged or
     * unusual file of it (a typo in its first line, a renamed key, a cut) that its reader
     * should refuse with the place, rather than the file be called no log. NAME (the file's
     * name, "" if none) counts only after the bytes: its extension alone is a weak hint.
     */
    int (*resembles)(const char *data, size_t size, const char *name);
    /*
     * Reader: open over the input, produce games (1, 0 at the end, <0), free. Default open:
     * a zeroed state of reader_size bytes that starts with the format_input; default free:
     * free(). A reader that sets up more than its input gives its own open.
     */
    size_t reader_size;
    int (*reader_open)(void **state, const format_input *in, paifu_error *err);
    int (*reader_next)(void *state, paifu_game *game, paifu_error *err);
    void (*reader_free)(void *state);
    /* Writer: one game per call; `finish` writes whatever closes the output (default: none). */
    const format_writer *writer;
    int (*finish)(format_writer_ctx *ctx, paifu_error *err);
    bool multi_game; /* several games fit in one output */
    /*
     * Streaming (optional; registry.c, stream_fill): a reader that provides these three reads a
     * large file or stdin through a window of it, game by game, so that memory is bounded by
     * the largest game (a reader that needs more within a game asks with in.refill).
     * stream_span: the offset from which the reader still needs the bytes
     * (*keep) and where its next game starts (*next); game_end: the end of the game starting at
     * FROM in D[0..SIZE) (D NUL-terminated), or SIZE when it does not end within SIZE;
     * stream_rebase: the window moved to DATA[0..SIZE), the first DROPPED bytes of the old one
     * gone (in.base grows by DROPPED).
     */
    void (*stream_span)(const void *state, size_t *keep, size_t *next);
    size_t (*game_end)(const char *d, size_t from, size_t size);
    void (*stream_rebase)(void *state, const char *data, size_t size, size_t dropped);
    /*
     * Splitting (optional; registry.c, paifu_reader_split): split_span gives the bytes
     * [*from, *to) of the game the next reader_next would read (the state positioned at FROM as
     * that call would position it), or returns 0 where reader_next would end; split_take then
     * opens a state *PIECE that reads that game alone from PIECE_IN (a copy of those bytes,
     * in.base their offset in the input) giving what reader_next would have given (positions,
     * game index, errors), and moves this state past it.
     */
    int (*split_span)(void *state, size_t *from, size_t *to);
    int (*split_take)(void *state, const format_input *piece_in, void **piece, paifu_error *err);
} format_impl;

const format_impl *paifu_formats__find(const char *name);

/*
 * Whether the N bytes at W are WORD or a slip of it: at most one letter wrong, missing, added
 * or swapped with its neighbour, ASCII case ignored ("rom", "Ron", "start_gaem", "Mtach"). The
 * resembles tests use it on a format's keywords.
 */
bool paifu_formats__near(const char *w, size_t n, const char *word);

/*
 * Report a loss of KIND (paifu_loss_kinds()): calls the loss callbacks and, when the options
 * are strict and do not allow KIND, fails with PAIFU_EUNSUPPORTED. Returns 0 or the error.
 */
int paifu_formats__loss(format_writer_ctx *ctx, const paifu_game *game, const char *kind,
                        const char *what, paifu_error *err);

/* The same for values written as computed (kind "computed"): the callbacks get WHAT, the
   --strict error BRIEF (the kinds and counts in short, to fit an error's text). */
int paifu_formats__computed(format_writer_ctx *ctx, const paifu_game *game, const char *what,
                            const char *brief, paifu_error *err);

/* Set an error located at LINE:COLUMN / PATH of SOURCE. */
int paifu_formats__error(paifu_error *err, paifu_error_code code, const char *source,
                         uint32_t line, uint32_t column, const char *path, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 7, 8)))
#endif
    ;

/* A PAIFU_EUNSUPPORTED error "FORMAT cannot hold this game: ..." naming deal DEAL (NULL: the
   game). */
int paifu_formats__refuse(paifu_error *err, const char *format, const paifu_deal *deal,
                          const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

#endif
