/* sheet_totals.h: a score sheet's final points traced to the one deal that explains them
   (sheet_totals.c), for the game walk (game_flow.c). */
#ifndef PAIFU_SHEET_TOTALS_H
#define PAIFU_SHEET_TOTALS_H

#include "paifu/verify.h"
#include "rules_internal.h"

/* The final points of the game with DEAL in place of deal AT, walked quietly into POINTS;
   false when the walk reaches no final points (the game cannot end so). */
typedef bool (*paifu_sheet_points_fn)(void *ctx, size_t at, const paifu_deal *deal,
                                      int32_t *points);

/*
 * GAME (every deal result-only) ends with points other than RECORDED: try every single-deal
 * edit of a winner, a discarder, a riichi deposit or a win's han and fu, and report
 * sheet.totals at the deal whose edits alone reconcile the points (STARTS: each deal's start
 * as the walk took it), or at the game listing the deals when several do. Nothing when none
 * does or the game is not a score sheet. PAIFU_ENOMEM when out of memory, else 0.
 */
int paifu_sheet__reconcile(paifu_report *report, const paifu_verify_options *opts,
                           const paifu_game *game, const paifu_rules *rules,
                           const paifu_deal_start *starts, const int32_t *recorded,
                           paifu_sheet_points_fn points, void *ctx);

#endif
