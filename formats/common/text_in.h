/*
 * text_in.h: reading a line-based text input (private to formats/).
 *
 * The text readers (Botzone's MCR dataset text, Pantheon's score sheets) take their input a line
 * at a time and name lines in their errors; a text_in is their reader state.
 */
#ifndef PAIFU_FORMATS_TEXT_IN_H
#define PAIFU_FORMATS_TEXT_IN_H

#include <stdbool.h>

#include "format.h"

typedef struct text_in {
    const char *data; /* whole input; borrowed from the reader context */
    size_t size, pos;
    uint32_t line; /* lines read so far: the number of the line last returned */
    const char *source;
} text_in;

/* reader_open of a format_impl: a text_in at the start of CTX's input; its reader_free is
   free(). */
int paifu_text__open(void **state, const format_reader_ctx *ctx, paifu_error *err);

/* The next line of T without its "\n" or "\r\n"; false at the end of the input. */
bool paifu_text__next_line(text_in *t, const char **line, size_t *len);

#endif
