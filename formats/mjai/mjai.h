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

/* The hot mjai events, read straight from their line without a JSON tree (mjai_read.c). */
typedef enum mjai_fast_kind {
    MJAI_FAST_TSUMO = 1, MJAI_FAST_DAHAI, MJAI_FAST_REACH, MJAI_FAST_DORA, MJAI_FAST_END_KYOKU,
    MJAI_FAST_CHI, MJAI_FAST_PON, MJAI_FAST_DAIMINKAN, MJAI_FAST_KAN, MJAI_FAST_KAKAN,
    MJAI_FAST_ANKAN, MJAI_FAST_KINDS
} mjai_fast_kind;

/* The keys a fast event may have (its `keys` bits). */
enum {
    MJAI_K_TYPE = 1, MJAI_K_ACTOR = 2, MJAI_K_TARGET = 4, MJAI_K_PAI = 8, MJAI_K_TSUMOGIRI = 16,
    MJAI_K_CONSUMED = 32, MJAI_K_DORA_MARKER = 64
};

typedef struct mjai_fast_event {
    mjai_fast_kind kind;     /* from "type" */
    unsigned keys;           /* MJAI_K_* of the keys present */
    int actor, target;       /* 0..9 */
    bool tsumogiri;
    paifu_tile pai, dora_marker;
    paifu_tile consumed[4];
    uint8_t n_consumed;
} mjai_fast_event;

/* Read LINE when it is exactly one object of the keys above, in any order, each once, whose
   values are plain: the type one of the kinds', actor and target a single digit, the tiles
   mjai tile names (no "?"), tsumogiri true or false, consumed an array of up to 4 tiles. Any
   other line (other keys, escapes, other numbers, a syntax error...) gives false: the reader
   reads it as a tree, so every error stays the tree's. */
bool paifu_mjai__fast_scan(const char *line, size_t len, mjai_fast_event *out);

/* The type name of fast event kind K ("tsumo", "kan"...). */
const char *paifu_mjai__fast_type(mjai_fast_kind k);

/* An mjai tile name ("5m", "5mr", "E"): true with *OUT. */
bool paifu_mjai__tile(const char *s, paifu_tile *out);

#endif
