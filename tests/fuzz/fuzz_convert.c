/*
 * fuzz_convert.c: a libFuzzer target for every writer, through the public API only. The bytes
 * are read as whatever format paifu detects (as fuzz_read.c), every game read is written in
 * every format that has a writer, and what was written is read back as that format. A writer
 * may refuse a game (an error); what it does write, paifu must read: a read-back error aborts,
 * as a crash does. Build and run as fuzz_read.c says, with the target fuzz_convert and the seed
 * corpus tests/fuzz/corpus/convert/ (tests/fuzz/README.md).
 */
#include <paifu.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_GAMES 8         /* games converted per input */
#define MAX_OUT (4u << 20) /* a written game larger than this is not read back */

typedef struct out_buf {
    char *data;
    size_t len, cap;
} out_buf;

static int to_buf(const void *data, size_t size, void *payload)
{
    out_buf *o = payload;
    if (o->len + size > MAX_OUT)
        return -1;
    if (o->len + size > o->cap) {
        size_t cap = o->cap ? o->cap : 4096;
        while (cap < o->len + size)
            cap *= 2;
        char *p = realloc(o->data, cap);
        if (!p)
            return -1;
        o->data = p;
        o->cap = cap;
    }
    memcpy(o->data + o->len, data, size);
    o->len += size;
    return 0;
}

/* The input being run, for a refusal kept rather than aborted on (below). */
static const uint8_t *current_data;
static size_t current_size;

/* With PAIFU_FUZZ_KEEP_REFUSALS set (the CI smoke, tests/fuzz/smoke.sh), a game paifu writes and
   then refuses does not abort the run: the input is written to refused-N in the working folder
   (at most 20) and the smoke reports them; crashes and sanitizer errors still abort. Without it
   (long runs, replays) a refusal aborts like a crash. */
static bool keep_refusal(void)
{
    static int kept;
    if (kept >= 20)
        return false;
    char name[32];
    snprintf(name, sizeof(name), "refused-%d", kept++);
    FILE *f = fopen(name, "wb");
    if (f) {
        fwrite(current_data, 1, current_size, f);
        fclose(f);
    }
    return true;
}

/* Write GAME as FORMAT and read it back; abort when paifu refuses what it wrote. */
static void round_trip(const paifu_game *game, const char *format, out_buf *o)
{
    paifu_writer *w = NULL;
    o->len = 0;
    if (paifu_writer_open(&w, format, to_buf, o, NULL, NULL) < 0)
        return;
    int rc = paifu_writer_write(w, game, NULL);
    if (rc == 0)
        rc = paifu_writer_close(w, NULL);
    paifu_writer_free(w);
    if (rc < 0 || o->len == 0)
        return; /* refused: fine */
    paifu_read_options opts = PAIFU_READ_OPTIONS_INIT;
    opts.format = format;
    opts.source_name = "written";
    paifu_reader *r = NULL;
    paifu_error err;
    paifu_error_clear(&err);
    const paifu_game *back;
    rc = paifu_reader_open_buffer(&r, o->data, o->len, &opts, &err);
    while (rc == 0 && (rc = paifu_reader_next(&back, r, &err)) > 0)
        rc = 0;
    paifu_reader_free(r);
    if (rc < 0) {
        bool keep = getenv("PAIFU_FUZZ_KEEP_REFUSALS") != NULL;
        if (keep && !keep_refusal())
            return; /* twenty kept: the rest are not printed */
        fprintf(stderr, "fuzz_convert: paifu refuses the %s it wrote: %s (line %u, path %s)\n",
                format, err.text, (unsigned)err.where.line, err.where.path);
        if (keep)
            return;
        fwrite(o->data, 1, o->len < 4096 ? o->len : 4096, stderr);
        fputc('\n', stderr);
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int initialised;
    if (!initialised) {
        paifu_init();
        initialised = 1;
    }
    current_data = data;
    current_size = size;
    paifu_read_options opts = PAIFU_READ_OPTIONS_INIT;
    opts.source_name = "fuzz";
    opts.max_inflated = 16u << 20;
    paifu_reader *reader = NULL;
    if (paifu_reader_open_buffer(&reader, data, size, &opts, NULL) < 0)
        return 0;
    out_buf o = {0};
    const paifu_game *game;
    for (int n = 0; n < MAX_GAMES && paifu_reader_next(&game, reader, NULL) > 0; n++)
        for (size_t f = 0; f < paifu_format_count(); f++)
            if (paifu_format(f)->can_write && paifu_format(f)->can_read)
                round_trip(game, paifu_format(f)->name, &o);
    free(o.data);
    paifu_reader_free(reader);
    return 0;
}
