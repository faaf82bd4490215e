/* sheet_check.h: result-only deals (score sheets) checked as written (sheet_check.c), for the
   game walk (game_flow.c). */
#ifndef PAIFU_SHEET_CHECK_H
#define PAIFU_SHEET_CHECK_H

#include "paifu/verify.h"
#include "rules_internal.h"

/* What a result-only DEAL writes, checked as far as it goes (yaku, han, fu, riichi, winners,
   sticks, draws); STICKS and HONBA are on the table at its start, SCORES the players' points
   then (NULL: not known). Findings go to REPORT. */
void paifu_sheet__check_deal(paifu_report *report, const paifu_verify_options *opts,
                             const paifu_deal *deal, const paifu_rules *rules, int players,
                             int32_t sticks, int honba, const int32_t *scores);

#endif
