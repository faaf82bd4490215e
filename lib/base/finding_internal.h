/* finding_internal.h: the layout of a paifu_report and the helpers every verifier file uses to
   place and word a finding (finding.c). */
#ifndef PAIFU_FINDING_INTERNAL_H
#define PAIFU_FINDING_INTERNAL_H

#include "paifu/verify.h"

#include <stdarg.h>

struct paifu_report {
    paifu_finding *findings;
    uint8_t *concerns; /* the seats each finding concerns, a bit per seat (beside findings) */
    size_t n, cap;
    paifu_verify_stats stats;
    uint32_t game_findings; /* findings of the game being verified */
    uint32_t max_per_game;
    paifu_win_result *wins; /* the replay's scores of the game being verified */
    size_t n_wins, cap_wins;
    const paifu_game *game; /* the game being verified (its players' names), or NULL */
    int document;           /* what its findings cite: enum paifu_document */
    const struct paifu_rules *rules; /* the game's rule set when it has values other than its
                                        preset's (named in the citations), else NULL */
    char **cites;           /* citations that name such values: owned, kept until the report
                               is freed (a finding points to its own), each once */
    size_t n_cites, cap_cites;
    bool lost; /* a finding of the game being verified could not be kept (out of memory) */
};

/* Start counting the findings of a new game against MAX_PER_GAME (0 = 1000), and forget the
   win results of the last one. */
void paifu_report__begin_game(paifu_report *report, uint32_t max_per_game);

/* The game being verified into REPORT and the document its rule set cites (the rules'
   `document`): from here until paifu_report__end_game, every finding added cites that
   document's clause for the rule it names (paifu_finding__cite) and names the game's players
   where its message says `seat N`. */
void paifu_report__game(paifu_report *report, const paifu_game *game, int document);
void paifu_report__end_game(paifu_report *report);
/* The rule set of the game being verified (until paifu_report__end_game): where a finding
   turns on a parameter whose value differs from the preset's (a --rule, a rule file, the log's
   own settings or facts), its citation says so and what the preset's clause gives
   (paifu_finding__cite_set). */
void paifu_report__rules(paifu_report *report, const struct paifu_rules *rules);

/* Write into BUF what a finding of CODE citing CITE (may be NULL) says of RULES' values that
   differ from its preset: CITE followed by "; KEY set to VALUE for this game (CLAUSE gives
   PRESET'S VALUE)" for every parameter a rule of CODE turns on (the enforcement tables of
   rules_checks.c, every preset's: which parameters carry the rules a finding reports) whose
   value differs. Returns the length written, 0 when no such value (BUF then unused). */
size_t paifu_finding__cite_set(char *buf, size_t size, const char *code, const char *cite,
                               const struct paifu_rules *rules);

/* What a finding of CODE that names the rule KEY (the RRC 2024 clause the verifier passes, or
   NULL) cites under DOCUMENT (enum paifu_document): that document's clause, or where it says
   nothing, the words "not in ..." and the rule paifu applies. KEY itself when no row of the
   table (finding_cite.c) has it. Static storage. */
const char *paifu_finding__cite(const char *code, const char *key, int document);
/* The citation table, for tests: row I's cell for DOCUMENT (not MCR 2006), its code and key;
   NULL past the end. */
size_t paifu_finding__cite_rows(void);
const char *paifu_finding__cite_row(size_t i, int document, const char **code, const char **key);

/* A set of seats (bit s: seat s) in words: "nobody", "seat 0", "seat 0 and seat 2",
   "seat 0, seat 1 and seat 3" (each `seat N` named by the report's game). Returns BUF. */
const char *paifu_finding__seats(char *buf, size_t size, unsigned seats, int players);

/* NAME, a code name such as "menzen_tsumo", in words ("menzen tsumo"), into BUF. Returns BUF. */
const char *paifu_finding__words(char *buf, size_t size, const char *name);

/* Plain words for what the model names by codes, with their article: "an exhaustive draw",
   "a closed kan", "a four-winds draw", "a dead hand", "not complete". */
const char *paifu_finding__event_words(int type);
const char *paifu_finding__draw_words(int kind);
const char *paifu_finding__penalty_words(int kind);
const char *paifu_finding__status_words(int status);

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

/* The seats whose EXPECTED and RECORDED values differ, each as "seat N E, not R" joined by
   "; " (the message names the players: "Anna (seat 0) +4.2, not +9.0"), in UNIT: */
enum { PAIFU_UNIT_POINTS, PAIFU_UNIT_DELTA, PAIFU_UNIT_SCORE };
const char *paifu_finding__by_seat(char *buf, size_t size, const int32_t *expected,
                                   const int32_t *recorded, int players, int unit);

/* The seats EVENT of D concerns, a bit each: its acting seat and the seat it took a tile from
   (a win's winner and discarder, a draw's declarer, a penalty's offender); 0 for no event. */
unsigned paifu_finding__event_seats(const paifu_deal *d, int event, int players);

/* Format a seat-indexed list of points ("1000,-1000,0,0"), for a finding's expected and
   recorded values. */
void paifu_finding__points(char *buf, size_t size, const int32_t *v, int players);

#endif
