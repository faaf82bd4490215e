/* input.h: reading input bytes under caps, gzip detection and inflation (private to formats/). */
#ifndef PAIFU_FORMATS_INPUT_H
#define PAIFU_FORMATS_INPUT_H

#include <paifu/io.h>

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

#endif
