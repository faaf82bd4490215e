/*
 * mjai.h: the mjai module's shared parts (private to formats/).
 *
 *   mjai_read.c   the reader (original and Mortal dialects) and the format row
 *   mjai_write.c  the writer (Mortal's dialect, with original-dialect keys Mortal ignores)
 *
 * Spec: shared/formats/mjai.md.
 */
#ifndef PAIFU_FORMATS_MJAI_H
#define PAIFU_FORMATS_MJAI_H

#include "format.h"

/* Write GAME as mjai JSON lines, start_game to end_game. */
/* The mjai writer (mjai_write.c; the format row of mjai_read.c). */
extern const format_writer paifu_mjai__writer;

/* mjai's name of tile T ("5mr", "E", "P"); "?" for anything else. Static storage. */
const char *paifu_mjai__tile_name(paifu_tile t);

#endif
