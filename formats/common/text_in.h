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

/* The reader state of a text format (its row's reader_size; the registry's default reader_open
   starts it at the beginning of the input). */
typedef struct text_in {
    format_input in;
    size_t pos;
    uint32_t line; /* lines read so far: the number of the line last returned */
} text_in;

/* The next line of T without its "\n" or "\r\n"; false at the end of the input. */
bool paifu_text__next_line(text_in *t, const char **line, size_t *len);

#endif
