/* game_flow.h: the game walk of game_flow.c, for the verifier's entry point (verify.c). */
#ifndef PAIFU_GAME_FLOW_H
#define PAIFU_GAME_FLOW_H

#include "paifu/settled.h"
#include "paifu/verify.h"

/*
 * Walk GAME's deals under RULES: replay each one (replay.c) from the state the previous one
 * left, check every deal's start against that state, then the end of the game and its final
 * points and scores. Findings go to REPORT; SETTLED (NULL: none) gets every deal, outcome and
 * the result as the walk takes and pays them (paifu/settled.h). Fails only when out of memory.
 */
int paifu_game_flow__settle(paifu_report *report, const paifu_game *game,
                            const paifu_rules *rules, const paifu_verify_options *opts,
                            paifu_settled *settled, paifu_error *err);

/* The same walk; STARTS (NULL, or room for every deal) gets each deal's start as the walk
   takes it: a score sheet's deals with the round, dealer, honba and sticks the rules give. */
int paifu_game_flow__walk(paifu_report *report, const paifu_game *game,
                          const paifu_rules *rules, const paifu_verify_options *opts,
                          paifu_deal_start *starts, paifu_error *err);

#endif
