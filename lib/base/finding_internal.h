/* finding_internal.h: the layout of a paifu_report and the helpers every verifier file uses to
   place and word a finding (finding.c). */
#ifndef PAIFU_FINDING_INTERNAL_H
#define PAIFU_FINDING_INTERNAL_H

#include "paifu/verify.h"

#include <stdarg.h>

struct paifu_report {
    paifu_finding *findings;
    size_t n, cap;
    paifu_verify_stats stats;
    uint32_t game_findings; /* findings of the game being verified */
    uint32_t max_per_game;
    paifu_win_result *wins; /* the replay's scores of the game being verified */
    size_t n_wins, cap_wins;
    bool lost; /* a finding of the game being verified could not be kept (out of memory) */
};

/* Start counting the findings of a new game against MAX_PER_GAME (0 = 1000), and forget the
   win results of the last one. */
void paifu_report__begin_game(paifu_report *report, uint32_t max_per_game);

/* Make room for the results of WINS wins (the game's recorded wins), so that keeping one never
   fails: 0 or PAIFU_ENOMEM. */
int paifu_report__reserve_wins(paifu_report *report, size_t wins, paifu_error *err);

/* Keep the replay's SCORE of win WIN of deal DEAL (dropped beyond the room reserved). */
void paifu_report__win_result(paifu_report *report, size_t deal, size_t win,
                              const paifu_score *score);

/* Count DEAL (its events, wins and draws) into the report's stats. */
void paifu_report__count_deal(paifu_report *report, const paifu_deal *deal);

/* Fill WHERE for EVENT (-1: the deal itself; DEAL NULL: the game) of a verification. */
void paifu_finding__locate(paifu_location *where, const paifu_verify_options *opts,
                           const paifu_deal *deal, int event);

/* Add a finding of CODE to REPORT at EVENT of DEAL, placed by paifu_finding__locate: what every
   verifier (the riichi replay and game walk, the MCR one) does with a finding. Returns what
   paifu_report_add returns. */
int paifu_finding__add(paifu_report *report, const paifu_verify_options *opts,
                       const paifu_deal *deal, int event, const char *code, const char *expected,
                       const char *recorded, const char *rule_ref, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 9, 10)))
#endif
    ;
int paifu_finding__vadd(paifu_report *report, const paifu_verify_options *opts,
                        const paifu_deal *deal, int event, const char *code, const char *expected,
                        const char *recorded, const char *rule_ref, const char *fmt, va_list ap)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 9, 0)))
#endif
    ;

/* Format a seat-indexed list of points ("1000,-1000,0,0"), for a finding's expected and
   recorded values. */
void paifu_finding__points(char *buf, size_t size, const int32_t *v, int players);

#endif
