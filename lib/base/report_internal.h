/* report_internal.h: the layout of a paifu_report, shared by finding.c and the verifier. */
#ifndef PAIFU_REPORT_INTERNAL_H
#define PAIFU_REPORT_INTERNAL_H

#include "paifu/verify.h"

struct paifu_report {
    paifu_finding *findings;
    size_t n, cap;
    paifu_verify_stats stats;
    uint32_t game_findings; /* findings of the game being verified */
    uint32_t max_per_game;
};

/* Start counting the findings of a new game against MAX_PER_GAME (0 = 1000). */
void paifu_report__begin_game(paifu_report *report, uint32_t max_per_game);

/* Count DEAL (its events, wins and draws) into the report's stats. */
void paifu_report__count_deal(paifu_report *report, const paifu_deal *deal);

#endif
