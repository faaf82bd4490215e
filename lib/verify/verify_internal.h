/* verify_internal.h: pieces of the verifier shared across lib/ (verify.c, settle.c, replay.c,
   mcr_verify.c). */
#ifndef PAIFU_VERIFY_INTERNAL_H
#define PAIFU_VERIFY_INTERNAL_H

#include "paifu/verify.h"

/* Fill WHERE for EVENT (-1: the deal itself; DEAL NULL: the game) of a verification. */
void paifu_verify__locate(paifu_location *where, const paifu_verify_options *opts,
                          const paifu_deal *deal, int event);

/* Score flow between deals and at the end of the game (settle.c). */
int paifu_settle__check_game(paifu_report *report, const paifu_game *game,
                             const paifu_rules *rules, const paifu_verify_options *opts,
                             paifu_error *err);

/* Give the riichi sticks left at the end to the first place per rules->leftover_riichi. */
void paifu_settle__leftover(int32_t *scores, int32_t sticks, int players,
                            const paifu_rules *rules);

/* Format a seat-indexed list of points ("1000,-1000,0,0"). */
void paifu_settle__format(char *buf, size_t size, const int32_t *v, int players);

/* MCR games: the tile-by-tile replay, scoring and settlement of lib/mcr_verify.c. */
int paifu_mcr__verify_game(paifu_report *report, const paifu_game *game, const paifu_rules *rules,
                           const paifu_verify_options *opts, paifu_error *err);

#endif
