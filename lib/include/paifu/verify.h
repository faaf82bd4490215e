/*
 * paifu/verify.h: findings and the verifier.
 *
 * The verifier re-simulates a game under a rule set and reports every discrepancy between what
 * the log recorded and what the rules say as a finding. A finding is not an error: a log full of
 * findings is a successful verification (the call returns 0). Errors (negative returns) are for
 * inputs the verifier cannot work with at all and for API misuse.
 *
 * Finding codes are API: stable strings such as "score.fu" or "wall.draw", listed with their
 * severity and meaning in lib/finding_codes.def and by paifu_finding_code(). A code is never
 * renamed.
 */
#ifndef PAIFU_VERIFY_H
#define PAIFU_VERIFY_H

#include "game.h"
#include "rules.h"
#include "score.h"

PAIFU_BEGIN_DECL

typedef enum paifu_severity {
    PAIFU_SEVERITY_INFO = 0,    /**< worth knowing, not wrong (e.g. a value the rules leave open) */
    PAIFU_SEVERITY_WARNING = 1, /**< suspicious or not checkable as recorded */
    PAIFU_SEVERITY_ERROR = 2    /**< the log contradicts the rules or itself */
} paifu_severity;

/** One finding. */
typedef struct paifu_finding {
    const char *code;        /**< stable code, static storage */
    paifu_severity severity;
    paifu_location where;    /**< file, game, deal, event where it first shows */
    char message[200];       /**< what is wrong, in words */
    char expected[96];       /**< what paifu computed ("" if not applicable) */
    char recorded[96];       /**< what the log says ("" if not applicable) */
    const char *rule_ref;    /**< rule source ("RRC-2024 §3.7.3"), or NULL; followed by "; KEY
                                  set to VALUE for this game (CLAUSE gives PRESET'S)" where the
                                  rule turns on a value that is not the preset's. Static
                                  storage, or the report's (valid until paifu_report_free) */
} paifu_finding;

/** A registered finding code. */
typedef struct paifu_finding_code_info {
    const char *code;
    paifu_severity severity;
    const char *meaning;
} paifu_finding_code_info;

/** Number of registered finding codes. */
PAIFU_EXTERN size_t paifu_finding_code_count(void);

/** Code I; NULL when out of range. Static storage. */
PAIFU_EXTERN const paifu_finding_code_info *paifu_finding_code(size_t i);

/** Look up a code; NULL if unknown. Static storage. */
PAIFU_EXTERN const paifu_finding_code_info *paifu_finding_code_find(const char *code);

/**
 * How every output writes points and scores (the report's tables, the findings' messages):
 * points with thousands separators ("25,000", "-4,900", "+4,900" with SIGNED); a riichi game's
 * final score in thousands with one decimal and a sign ("+24.0", "-9.2", "±0.0"), an MCR
 * game's in points ("+24"). Return BUF.
 */
PAIFU_EXTERN const char *paifu_points_text(char *buf, size_t size, int64_t points, bool signed_);
PAIFU_EXTERN const char *paifu_final_score_text(char *buf, size_t size, int64_t score, bool mcr);

/** Name of a severity ("info", "warning", "error"). */
PAIFU_EXTERN const char *paifu_severity_name(paifu_severity severity);

/** Counters over everything verified into a report. */
typedef struct paifu_verify_stats {
    uint64_t games;
    uint64_t deals;
    uint64_t events;
    uint64_t wins;
    uint64_t draws;       /**< exhaustive and abortive */
    uint64_t findings;    /**< all findings, including any beyond max_findings */
    uint64_t wins_scored; /**< wins whose value paifu recomputed from tiles */
} paifu_verify_stats;

/** Findings and counters collected by one or more verifications. Opaque. */
typedef struct paifu_report paifu_report;

/** Create an empty report. Owned by the caller: free with paifu_report_free(). */
PAIFU_EXTERN int paifu_report_new(paifu_report **out, paifu_error *err);

/** Free a report. NULL is a no-op. */
PAIFU_EXTERN void paifu_report_free(paifu_report *report);

/** Forget all findings and counters. */
PAIFU_EXTERN void paifu_report_clear(paifu_report *report);

/** Forget the findings but keep the counters (print-as-you-go over many games). */
PAIFU_EXTERN void paifu_report_clear_findings(paifu_report *report);

/** Number of findings kept. */
PAIFU_EXTERN size_t paifu_report_count(const paifu_report *report);

/** Finding I. Borrowed: valid until the report is cleared or freed. */
PAIFU_EXTERN const paifu_finding *paifu_report_finding(const paifu_report *report, size_t i);

/**
 * The seats finding I concerns, a bit per seat (bit S: seat S): the acting seat of its event
 * and the seat it took a tile from (a win's winner and discarder, a draw's declarer, a
 * penalty's offender), every seat its message or values name ("seat 2"), and, where its
 * expected and recorded values are lists by seat, every seat whose value differs. 0 when it
 * concerns no seat (the file, the table) or I is out of range. Every output names these
 * players.
 */
PAIFU_EXTERN unsigned paifu_report_finding_seats(const paifu_report *report, size_t i);

/** Counters. Borrowed. */
PAIFU_EXTERN const paifu_verify_stats *paifu_report_stats(const paifu_report *report);

/** What the replay computed for one recorded win: the winner's hand as the replay holds it,
    scored under the rule set (the value the findings compare the record with). */
typedef struct paifu_win_result {
    uint32_t deal;     /**< the deal's index in the game */
    uint32_t win;      /**< the win's index among the deal's wins */
    paifu_score score; /**< status (a valid win, not complete, no yaku), han, fu, yaku, dora, aka,
                            ura (from the wall when it is known), wait, points and payments */
} paifu_win_result;

/**
 * The replay's score of win WIN of deal DEAL in the last game verified into REPORT; NULL when the
 * replay did not score it from tiles: a deal recorded without tiles, a replay stopped before
 * the win, a win at a moment the rules do not allow it (its finding says why), a declaration
 * the log penalises, an MCR game. Borrowed until the next verification into REPORT,
 * paifu_report_clear() or paifu_report_free().
 */
PAIFU_EXTERN const paifu_win_result *paifu_report_win_result(const paifu_report *report,
                                                             size_t deal, size_t win);

/**
 * Add a finding (used by the verifier; also by readers that detect something worth reporting
 * but not fatal, and by tools). CODE must be a registered code; its severity is used.
 */
PAIFU_EXTERN int paifu_report_add(paifu_report *report, const char *code,
                                  const paifu_location *where, const char *expected,
                                  const char *recorded, const char *rule_ref, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 7, 8)))
#endif
    ;

#define PAIFU_VERIFY_OPTIONS_VERSION 1

/** Options of a verification. NULL means defaults. */
typedef struct paifu_verify_options {
    unsigned int version;    /**< PAIFU_VERIFY_OPTIONS_VERSION */
    const char *source_name; /**< file name for locations */
    int32_t game_index;      /**< 0-based game index within the file (or archive member) for
                                  locations; -1 = none */
    uint32_t max_findings;   /**< findings kept per game; 0 = 1000 (the rest are only counted) */
} paifu_verify_options;

#define PAIFU_VERIFY_OPTIONS_INIT {PAIFU_VERIFY_OPTIONS_VERSION, NULL, -1, 0}

/** Initialise OPTS to the defaults of VERSION. PAIFU_EINVAL for an unknown version. */
PAIFU_EXTERN int paifu_verify_options_init(paifu_verify_options *opts, unsigned int version);

/* The rules a game is verified under: paifu_game_rules_resolve() and paifu_game_rules() in
   paifu/rules.h. */

/**
 * The start of every deal of GAME as the game walk under RULES takes it: a score sheet's deals
 * (PAIFU_DEAL_ROUND_UNKNOWN) get the round, dealer, honba and riichi sticks the results before
 * them give (their true label, paifu_deal_label); other deals keep their own. OUT has room for
 * N >= paifu_game_deal_count(game) starts (their wall pointers are borrowed from GAME).
 */
PAIFU_EXTERN int paifu_game_deal_starts(paifu_deal_start *out, size_t n, const paifu_game *game,
                                        const paifu_rules *rules, paifu_error *err);

/**
 * Verify GAME under RULES, adding findings and counters to REPORT. Returns 0 when the game could
 * be verified (findings or not), a negative error otherwise.
 */
PAIFU_EXTERN int paifu_verify_game(paifu_report *report, const paifu_game *game,
                                   const paifu_rules *rules, const paifu_verify_options *opts,
                                   paifu_error *err);

PAIFU_END_DECL

#endif
