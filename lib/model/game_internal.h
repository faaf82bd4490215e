/*
 * game_internal.h: what lib/ may do to a game beyond the builder calls (private to lib/).
 */
#ifndef PAIFU_GAME_INTERNAL_H
#define PAIFU_GAME_INTERNAL_H

#include "paifu/game.h"

/* Win WIN of deal DEAL of GAME, to change in place (paifu_game_fill_values); NULL when out of
   range. */
paifu_win *paifu_game__win(paifu_game *game, size_t deal, size_t win);

#endif
