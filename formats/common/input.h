/* input.h: reading input bytes under caps, gzip detection and inflation (private to formats/). */
#ifndef PAIFU_FORMATS_INPUT_H
#define PAIFU_FORMATS_INPUT_H

#include <paifu/io.h>

#include <stdio.h>
#include <zlib.h>

/* The caps of paifu_read_options left at 0. */
#define DEFAULT_MAX_INPUT    ((uint64_t)256 << 20)
#define DEFAULT_MAX_INFLATED ((uint64_t)1 << 30)

/*
 * The bytes all open inputs of the process may hold at once (read and inflated), whatever the
 * number of threads; a cap above it (max_input, max_inflated) is this one.
 */
#define PAIFU_INPUT_BUDGET ((uint64_t)96 << 20)

/*
 * Read PATH ("-" = stdin) whole, at most MAX bytes; OUT gets a malloc buffer, NUL-terminated,
 * and *HELD the bytes of the process's budget it holds (give them back with
 * paifu_input__release when the buffer is freed).
 */
int paifu_input__read_file(char **out, size_t *size, uint64_t *held, const char *path,
                           uint64_t max, paifu_error *err);

/* A NUL-terminated copy of DATA[0..SIZE) under the budget, as paifu_input__read_file. */
int paifu_input__hold(char **out, const void *data, size_t size, uint64_t *held,
                      const char *source, paifu_error *err);

/* Give back HELD bytes of the process's budget; what all inputs hold now. */
void paifu_input__release(uint64_t held);
uint64_t paifu_input__held(void);

/*
 * If DATA starts with the gzip magic, inflate it (every member) into a new malloc'd buffer of at
 * most MAX bytes and replace DATA, SIZE and HELD (the old buffer is freed and its bytes given
 * back); *COMPRESSED says whether it
 * did. The result is NUL-terminated.
 */
int paifu_input__gunzip(char **data, size_t *size, uint64_t *held, bool *compressed, uint64_t max,
                        const char *source, paifu_error *err);

/* Like paifu_input__gunzip, but the first MAX bytes are enough: a longer input is cut there, not
 * refused (detection looks at the head of an input; a gzip bomb then costs little). */
int paifu_input__gunzip_prefix(char **data, size_t *size, uint64_t *held, bool *compressed,
                               uint64_t max, const char *source, paifu_error *err);

/*
 * A stream over a file (or stdin), gzip inflated as it is read, for reading a large input game
 * by game (registry.c): the same caps and the same errors as paifu_input__read_file followed by
 * paifu_input__gunzip, only met as the bytes arrive. PREFIX (malloc'd, owned by the stream) is
 * the file's first bytes, already read.
 */
typedef struct paifu_input_stream {
    FILE *file;             /* NULL once closed; stdin is not closed */
    const char *source;     /* file name for errors (borrowed) */
    unsigned char *raw;     /* raw bytes read but not yet handed out or inflated */
    size_t raw_len, raw_pos, raw_cap;
    bool raw_eof;           /* the file has no more bytes */
    bool gzip, z_ready, z_end; /* gzip input; inflater set up; a member just ended */
    z_stream zs;
    uint64_t raw_total, out_total, max, max_inflated;
    uint64_t held;          /* bytes of the process's input budget RAW holds */
    bool eof; /* no more bytes will come out */
} paifu_input_stream;

/* Bytes read per refill, 1 MiB (tests lower it to cut games at every possible place). */
extern size_t paifu_input__stream_chunk;

/* Open PATH ("-" = stdin) and read its first paifu_input__stream_chunk bytes into *PREFIX
   (malloc'd, NUL-terminated, *HELD bytes of the budget); *ALL says whether that is the whole
   file (then *F is closed). */
int paifu_input__open_prefix(FILE **f, char **prefix, size_t *len, uint64_t *held, bool *all,
                             const char *path, uint64_t max, paifu_error *err);

/* Grow *BUF to NCAP + 1 bytes, reserving them in the budget (*HELD: what it holds now). */
int paifu_input__grow(char **buf, uint64_t *held, size_t ncap, const char *source,
                      paifu_error *err);

/* PREFIX's HELD bytes of the budget pass to the stream, which gives them back when closed. */
void paifu_input__stream_init(paifu_input_stream *s, FILE *f, char *prefix, size_t len,
                              uint64_t held, const char *source, uint64_t max,
                              uint64_t max_inflated);

/* Append at most WANT bytes at DST (room for WANT + 1; NUL-terminated); *GOT says how many. */
int paifu_input__stream_read(paifu_input_stream *s, char *dst, size_t want, size_t *got,
                             paifu_error *err);

void paifu_input__stream_close(paifu_input_stream *s);

/*
 * The text of an input (inflated) as every reader reads it: UTF-8. A UTF-8 byte order mark is
 * dropped (*DROPPED: 3, the bytes before data[0], so that byte offsets stay the file's); UTF-16
 * (a byte order mark, or ASCII with every other byte 0) is decoded into a new buffer that
 * replaces DATA (offsets are then those of the UTF-8 text); UTF-32 is left to the reader, which
 * refuses it. When WHOLE (DATA is the whole input, not a stream's first window), NUL bytes after
 * the text (padding) are dropped too. An error names the encoding and the byte.
 */
/* Whether DATA[0..SIZE) (an input's first bytes) is UTF-16 text, as paifu_input__decode
   finds it. */
bool paifu_input__utf16(const char *data, size_t size);

int paifu_input__decode(char **data, size_t *size, uint64_t *held, size_t *dropped, bool whole,
                        const char *source, paifu_error *err);

/* Offset of the first byte of DATA[0..SIZE) that is not UTF-8, or SIZE. */
size_t paifu_input__utf8_invalid(const char *data, size_t size);

/*
 * DATA[0..SIZE) read as Shift_JIS (Windows' CP932) into *OUT (malloc'd, NUL-terminated, UTF-8,
 * *OUT_LEN bytes): 0, 1 when it is no Shift_JIS text (*BAD: the offset of the first byte that
 * is not), or PAIFU_ENOMEM.
 */
int paifu_input__from_shift_jis(char **out, size_t *out_len, const char *data, size_t size,
                                size_t *bad);

#endif
