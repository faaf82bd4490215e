/*
 * mjlog_shuffle.h: Tenhou's wall generator, seed text -> wall (private to formats/).
 *
 * tenhou-xml.md §4.2: three generations of seed exist. A: an INIT `shuffle` attribute per deal
 * ("mt19937ar,<hex words>"), MT19937 outputs used directly. B: SHUFFLE seed
 * "mt19937ar-sha512-n288,<hex words>". C: SHUFFLE seed "mt19937ar-sha512-n288-base64,<base64 of
 * 624 little-endian words>". B and C use one generator per game and hash each deal's 288
 * outputs with SHA-512. The wall is given in draw order r[0..N) (r[k] = w[N-1-k]).
 */
#ifndef PAIFU_FORMATS_MJLOG_SHUFFLE_H
#define PAIFU_FORMATS_MJLOG_SHUFFLE_H

#include <paifu/game.h>
#include <stdbool.h>

#include "mt19937.h"

/* Seed generations (tenhou-xml.md §4.2 table). */
typedef enum mjlog_generation {
    MJLOG_GEN_NONE = 0, /* no seed: the wall is unknown */
    MJLOG_GEN_A,        /* INIT shuffle, 2009; old dead-wall layout */
    MJLOG_GEN_B,        /* SHUFFLE hex words, 2009-2010 (and some private lobbies later) */
    MJLOG_GEN_C         /* SHUFFLE base64, 2010 onwards; new dead-wall layout */
} mjlog_generation;

#define MJLOG_WALL_4P 136 /* tiles in the 4-player wall */
#define MJLOG_WALL_3P 108 /* tiles in the 3-player wall (no 2m..8m) */

typedef struct paifu_mjlog_shuffle {
    paifu_mt19937 mt; /* the game's generator (B, C) or the deal's (A) */
    mjlog_generation generation;
    bool seeded;        /* mt holds a usable state */
    unsigned n_ahead;   /* B, C: messages of the next deal already hashed (0..3) */
    uint32_t ahead[48]; /* their random words, 16 per message (mjlog_shuffle.c, deal_words) */
} paifu_mjlog_shuffle;

/* Forget any seed (generation NONE). */
void paifu_mjlog_shuffle__clear(paifu_mjlog_shuffle *s);

/*
 * Seed from a SHUFFLE `seed` text of LEN bytes (generations B and C). Returns 0 when seeded,
 * 1 when the text is empty (no wall), or PAIFU_EFORMAT with the reason in WHY (lowercase, no
 * final period) when it cannot be decoded; S is then cleared.
 */
int paifu_mjlog_shuffle__seed_game(paifu_mjlog_shuffle *s, const char *text, size_t len, char *why,
                                   size_t why_size);

/* Seed from an INIT `shuffle` text (generation A); same results as __seed_game. */
int paifu_mjlog_shuffle__seed_deal(paifu_mjlog_shuffle *s, const char *text, size_t len, char *why,
                                   size_t why_size);

/*
 * Build the next deal's wall: R gets the PLAYERS == 4 ? 136 : 108 tile ids in draw order and
 * DICE the two die faces (1..6). S must be seeded. Generations B and C advance the game's
 * generator by 288 outputs; generation A consumes its per-deal generator.
 */
void paifu_mjlog_shuffle__wall(paifu_mjlog_shuffle *s, int players, uint8_t *r, uint8_t dice[2]);

/* The dead-wall layout of GENERATION (A, B: old; C: new) for PLAYERS (tenhou-xml.md §4.2). */
void paifu_mjlog_shuffle__layout(paifu_wall_layout *out, mjlog_generation generation, int players);

#endif
