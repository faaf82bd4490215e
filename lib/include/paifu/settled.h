/*
 * paifu/settled.h: the settled view of a game: every deal as the game walk takes it and every
 * outcome as it is paid, with the running scores, the final points and the final scores.
 *
 * One view, made once, by the very walk that verifies the game. paifu_game_settle() runs the
 * verification of paifu_verify_game() and records into the view as the walk goes: the label,
 * dealer, honba and riichi sticks it takes each deal with (a score sheet records no start, so
 * these are the rules' rotation after the results before), the payments it applies (the
 * recorded ones, or the ones it computes where the log has none: a score sheet's wins priced
 * from their han and fu under the rule set), the scores after every outcome, then the final
 * points and the final scores with return points, oka and uma of the rule set the game is
 * verified under. The findings of the same walk go to the caller's report, so a report and a
 * view never disagree about a deal; there is no second implementation of the arithmetic for
 * an output to call. Every value carries a mark: recorded (the log says so) or computed (paifu
 * worked it out because the log does not say).
 *
 * Why a call of its own rather than an option of paifu_verify_game: paifu_verify_options is a
 * versioned struct of plain values, and the view is an owned, allocated result; one call that
 * verifies and settles keeps "the report reads the view of the walk that made its findings" a
 * property of the API, not of the caller's discipline.
 *
 * The view allocates once per game (its deals and outcome rows, counted from the game before
 * the walk); nothing is allocated per event.
 */
#ifndef PAIFU_SETTLED_H
#define PAIFU_SETTLED_H

#include "game.h"
#include "rules.h"
#include "settle.h"
#include "verify.h"

PAIFU_BEGIN_DECL

/** The settled view of one game. Opaque; paifu_settled_free(). */
typedef struct paifu_settled paifu_settled;

/** Marks: which values of a deal, an outcome or the result the log records. A value whose bit
    is clear was computed by the walk (or is unknown, where the struct says so). */
enum {
    PAIFU_SETTLED_REC_ROUND = 1u << 0,   /**< round, hand number and dealer */
    PAIFU_SETTLED_REC_STICKS = 1u << 1,  /**< honba and riichi sticks at the deal's start */
    PAIFU_SETTLED_REC_SCORES = 1u << 2,  /**< scores (at the deal's start / before the win) */
    PAIFU_SETTLED_REC_HAN = 1u << 3,     /**< han (MCR: the fan total) */
    PAIFU_SETTLED_REC_FU = 1u << 4,
    PAIFU_SETTLED_REC_POINTS = 1u << 5,  /**< the hand's value */
    PAIFU_SETTLED_REC_DELTAS = 1u << 6,  /**< the score changes */
    PAIFU_SETTLED_REC_FINAL_POINTS = 1u << 7, /**< the game's final points */
    PAIFU_SETTLED_REC_FINAL = 1u << 8,   /**< the game's final scores */
    PAIFU_SETTLED_FROM_TILES = 1u << 9,  /**< han, fu and points: the replay scored the hand
                                              from its tiles (else from the recorded value) */
    PAIFU_SETTLED_OTHER_TABLE = 1u << 10 /**< the result: the rule set scores a table of
                                              another number of players (a four-player one
                                              over a 3-player game), so it gives this game no
                                              final scores (a recorded one stays the log's);
                                              the result's reason says so */
};

/** One deal as the walk takes it. */
typedef struct paifu_settled_deal {
    uint32_t deal;           /**< index in the game */
    uint8_t round_wind;      /**< paifu_wind */
    uint8_t hand_number;     /**< 0-based within the wind */
    int8_t dealer;
    int16_t honba;           /**< honba counters on the table at the start */
    int16_t riichi_sticks;   /**< riichi sticks on the table at the start */
    bool scores_known;
    int32_t scores[PAIFU_SEATS]; /**< scores at the start (riichi deposits not yet made) */
    char label[16];          /**< "E2-1" (paifu_deal_label of the above) */
    unsigned marks;          /**< PAIFU_SETTLED_REC_ROUND, _STICKS, _SCORES */
    uint32_t first_row;      /**< its outcomes: rows first_row .. first_row + n_rows - 1 */
    uint32_t n_rows;
} paifu_settled_deal;

/** What an outcome row is. */
typedef enum paifu_settled_kind {
    PAIFU_SETTLED_WIN = 0,
    PAIFU_SETTLED_DRAW,     /**< exhaustive or abortive (draw_kind) */
    PAIFU_SETTLED_PENALTY   /**< chombo and other penalties (penalty_kind) */
} paifu_settled_kind;

/** One outcome: each win of a double ron, each draw, each penalty. */
typedef struct paifu_settled_row {
    uint32_t deal;           /**< the deal's index */
    uint32_t event;          /**< the event's index in the deal */
    uint32_t detail;         /**< index in the deal's wins / draws / penalties */
    uint8_t kind;            /**< paifu_settled_kind */
    uint8_t draw_kind;       /**< paifu_draw_kind (draws) */
    uint8_t penalty_kind;    /**< paifu_penalty_kind (penalties) */
    int8_t seat;             /**< the winner, the declarer of an abortive draw, the offender;
                                  -1 none */
    int8_t from;             /**< ron: the discarder; tsumo: the winner; -1 none */
    int8_t liable;           /**< pao: the liable seat, -1 none */
    int16_t han;             /**< -1 unknown (MCR: the fan total) */
    int16_t fu;              /**< -1 unknown or not counted */
    uint8_t yakuman;         /**< yakuman multiples, 0 none */
    uint8_t limit;           /**< paifu_limit; PAIFU_LIMIT_UNKNOWN not known */
    int32_t points;          /**< the hand's value (what the winner collects without honba and
                                  sticks); INT32_MIN unknown */
    int16_t honba;           /**< honba counters this win is paid */
    int32_t sticks;          /**< riichi sticks (in points) this win collects from the table */
    unsigned tenpai;         /**< exhaustive draw: seats tenpai (bit set) */
    bool paid;               /**< the row moves points (deltas are meaningful) */
    int32_t deltas[PAIFU_SEATS]; /**< every seat's score change (honba, sticks, pao included) */
    bool scores_known;
    int32_t scores_after[PAIFU_SEATS]; /**< the running scores after the row (the deal's riichi
                                            deposits made so far taken off) */
    unsigned marks;          /**< PAIFU_SETTLED_REC_HAN, _FU, _POINTS, _DELTAS, _FROM_TILES */
} paifu_settled_row;

/** The game's result as settled. */
typedef struct paifu_settled_result {
    bool has_points;         /**< final points known (recorded, or from the walk) */
    int32_t points[PAIFU_SEATS]; /**< final raw points, leftover sticks given */
    bool has_final;
    int32_t final[PAIFU_SEATS];  /**< final scores: return, oka, uma, rounding, penalties after
                                      uma; MCR: the session totals */
    int place12[PAIFU_SEATS];    /**< places x 12 (paifu_settle_places), when has_points */
    int32_t penalties[PAIFU_SEATS]; /**< penalties taken off after uma (positive points) */
    unsigned marks;          /**< PAIFU_SETTLED_REC_FINAL_POINTS, _FINAL */
    char reason[160];        /**< why the game cannot be scored ("" when it can) */
} paifu_settled_result;

/**
 * Verify GAME under RULES exactly as paifu_verify_game() does (findings and counters go to
 * REPORT; NULL: a scratch report that is thrown away) and settle it: *OUT gets the view.
 * Returns 0 or a negative error (then *OUT is NULL). OPTS may be NULL.
 */
PAIFU_EXTERN int paifu_game_settle(paifu_settled **out, const paifu_game *game,
                                   const paifu_rules *rules, paifu_report *report,
                                   const paifu_verify_options *opts, paifu_error *err);

/** Free a view. NULL is a no-op. */
PAIFU_EXTERN void paifu_settled_free(paifu_settled *settled);

/** Number of players of the settled game. */
PAIFU_EXTERN int paifu_settled_players(const paifu_settled *settled);

/** Number of deals the walk took (fewer than the game's when a deal has no outcome). */
PAIFU_EXTERN size_t paifu_settled_deal_count(const paifu_settled *settled);

/** Deal I, NULL out of range. Borrowed until paifu_settled_free(). */
PAIFU_EXTERN const paifu_settled_deal *paifu_settled_deal_get(const paifu_settled *settled,
                                                              size_t i);

/** Number of outcome rows over all deals. */
PAIFU_EXTERN size_t paifu_settled_row_count(const paifu_settled *settled);

/** Row I, NULL out of range. Borrowed until paifu_settled_free(). */
PAIFU_EXTERN const paifu_settled_row *paifu_settled_row_get(const paifu_settled *settled,
                                                            size_t i);

/**
 * The riichi deposits of row I: what the seats put on the table (-1000 a riichi) in the row's
 * deal after the row before it (or the deal's start) and before the row's outcome, so that the
 * scores before the row + its deltas + these deposits = its scores_after, on every row. A
 * report that shows a row's whole change of score adds them to the deltas. All 0 when the
 * scores are not known. Returns 0, or PAIFU_EINVAL for a bad argument or I out of range.
 */
PAIFU_EXTERN int paifu_settled_row_deposits(int32_t *deposits_out, const paifu_settled *settled,
                                            size_t i);

/**
 * The riichi sticks left on the table at the game's end: their number is returned, and
 * *DELTAS_OUT (PAIFU_SEATS values) gets how the final points the walk reaches give them out
 * (the rule set's leftover_riichi: to the first place, split, or lost), so that the last row's
 * scores_after + these = those final points. 0 and nothing moved when none are left (or the
 * scores are not known).
 */
PAIFU_EXTERN int32_t paifu_settled_leftover(int32_t *deltas_out, const paifu_settled *settled);

/** The result. Borrowed until paifu_settled_free(). */
PAIFU_EXTERN const paifu_settled_result *paifu_settled_result_get(const paifu_settled *settled);

/**
 * Add GAME to the standings ST as SETTLED (its view, paifu_game_settle under the rule set ST
 * ranks by) gives it: the final points (recorded, else the walk's), the final scores, the
 * sanctions on the average place the log records; NAMES (NULL: the log's) name the seats, so
 * that a caller keeps unnamed seats apart. PAIFU_EUNSUPPORTED (with the view's reason) when
 * the game cannot be scored. ST should rank games of one rule set and number of players only.
 */
PAIFU_EXTERN int paifu_standings_add_settled(paifu_standings *st, const paifu_game *game,
                                             const paifu_settled *settled,
                                             const char *const *names, paifu_error *err);

PAIFU_END_DECL

#endif
