/*
 * paifu/settle.h: settlement arithmetic a tournament tool needs without a game log: the final
 * score with return points, oka and uma, draw payments, chombo, fines, the wall break, and
 * standings across many games. Every function reads its rules from a paifu_rules (no rule set
 * is ever named in code); nothing here allocates except paifu_standings_*.
 *
 * Sources: shared/rules/riichi-rulesets.md section 1 A-B and F, penalties.md; the cited sections
 * of the seeds are in each function's comment.
 */
#ifndef PAIFU_SETTLE_H
#define PAIFU_SETTLE_H

#include "game.h"
#include "rules.h"

PAIFU_BEGIN_DECL

/**
 * Places from final POINTS: PLACE_OUT[s] is 1..players, times 12 so that shared places stay
 * whole numbers (two players sharing 3rd and 4th both get 42 = 3.5 * 12). Ties share the place
 * when rules->placement_tie is share, else the seat nearer the first dealer ranks higher.
 */
PAIFU_EXTERN void paifu_settle_places(int *place_out, const int32_t *points, int players,
                                      const paifu_rules *rules);

/**
 * Final scores from final POINTS (leftover sticks already given): points - return + oka (first
 * place) + uma (tied places share it), the rules' rounding, and PENALTIES (may be NULL) taken off
 * after uma (RRC-2024 §3.12, §3.13, §9.4).
 */
PAIFU_EXTERN void paifu_settle_final(int32_t *final_out, const int32_t *points,
                                     const int32_t *penalties, int players,
                                     const paifu_rules *rules);

/**
 * Give STICKS riichi sticks left at the end of the game to the first place (rules'
 * leftover_riichi: split among tied players, by seat order, or lost) (RRC-2024 §3.12).
 */
PAIFU_EXTERN void paifu_settle_leftover(int32_t *points, int32_t sticks, int players,
                                        const paifu_rules *rules);

/** The oka a start and return implies: what every player gives up, paid to the first place. */
PAIFU_EXTERN int32_t paifu_settle_oka(int32_t start_points, int32_t return_points, int players);

/** Noten payments of an exhaustive draw; TENPAI is a bit set of seats (RRC-2024 §3.8). */
PAIFU_EXTERN void paifu_settle_noten(int32_t *deltas_out, unsigned tenpai, int players,
                                     const paifu_rules *rules);

/** Nagashi mangan payments; NAGASHI is a bit set of seats (RRC-2024 §3.10). */
PAIFU_EXTERN void paifu_settle_nagashi(int32_t *deltas_out, unsigned nagashi, int dealer,
                                       int players);

/** A chombo paid at once as a reverse mangan (RRC-2024 §3.13 variation; EMA 004 §3.4.6). */
PAIFU_EXTERN void paifu_settle_chombo_payment(int32_t *deltas_out, int offender, int dealer,
                                              int players);

/** The after-uma chombo penalty of RULES in points (positive). */
PAIFU_EXTERN int32_t paifu_settle_chombo_penalty(const paifu_rules *rules);

/** Fines of RRC-2024 §9.4 (after uma, positive points). */
typedef enum paifu_fine {
    PAIFU_FINE_REPEAT = 0, /**< N-th repeat after a polite notice: base, then doubling */
    PAIFU_FINE_LATENESS,   /**< N minutes late */
} paifu_fine;

/** The fine of KIND for N (repeats or minutes) under RULES; 0 when the rules have none. */
PAIFU_EXTERN int32_t paifu_settle_fine(const paifu_rules *rules, paifu_fine kind, int n);

/** The fixed final score of a substitute / absent player (RRC-2024 §9.7). */
PAIFU_EXTERN int32_t paifu_settle_substitute_score(const paifu_rules *rules);

/**
 * Where the wall is broken for a dice sum (RRC-2024 §3.1.2, §5.1.1; EMA 004 §2.5): SIDE_OUT is
 * the wall counted counter-clockwise from the dealer's (0 = dealer, 1 = the player on the right,
 * 2 = across, 3 = left), and the break is after DICE stacks from the wall's right end
 * (STACKS_FROM_LEFT_OUT: the same position counted from the left end of a wall of
 * WALL_STACKS stacks). PAIFU_EINVAL for a sum outside 2..12.
 */
PAIFU_EXTERN int paifu_settle_wall_break(int *side_out, int *stacks_from_left_out, int dice,
                                         int wall_stacks, paifu_error *err);

/**
 * The final scores of one game log under RULES, as the standings count them: its recorded final
 * points (leftover sticks included), then return, oka, uma and the penalties after uma
 * (RRC-2024 §3.12, §3.13). PAIFU_EUNSUPPORTED when the log records no final points.
 */
PAIFU_EXTERN int paifu_settle_game_final(int32_t *final_out, const paifu_game *game,
                                         const paifu_rules *rules, paifu_error *err);

/* ---- standings across games ---- */

/** Standings of players over several games. Opaque. */
typedef struct paifu_standings paifu_standings;

/** One player's line. Places are times 12 (see paifu_settle_places). */
typedef struct paifu_standing {
    const char *name;     /**< borrowed: valid until paifu_standings_free() */
    int rank;             /**< 1-based; equal ranks for players the criteria cannot separate */
    int games;
    int64_t total;        /**< sum of final scores */
    int64_t points;       /**< sum of raw final points */
    int64_t place_sum;    /**< sum of places x 12 */
    int64_t place_sq_sum; /**< sum of (place x 12)^2, for the dispersion */
    int32_t best;         /**< best and worst raw final points of a game */
    int32_t worst;
    int32_t place_penalty;/**< sanctions added to the average place, in 1/100 place */
    int64_t table_points; /**< sum of table points by place (mcr_table_points), x 12 (ties
                               share their places' points: PAIFU_MCR_TABLE_POINT_SCALE) */
} paifu_standing;

/** New empty standings under RULES (copied). Owned by the caller: paifu_standings_free(). */
PAIFU_EXTERN int paifu_standings_new(paifu_standings **out, const paifu_rules *rules,
                                     paifu_error *err);

/** Free standings. NULL is a no-op. */
PAIFU_EXTERN void paifu_standings_free(paifu_standings *st);

/**
 * Add one game: NAMES of its players, their final raw POINTS and final scores FINAL (both in
 * seat order). Players are matched by name across games; a seat without a name (NULL or "")
 * is a player of its own, never matched with another unnamed seat (its line's name is "").
 */
PAIFU_EXTERN int paifu_standings_add_game(paifu_standings *st, const char *const *names,
                                          const int32_t *points, const int32_t *final,
                                          int players, paifu_error *err);

/**
 * Add one game log: its recorded final points, the rules' final scores from them (penalties
 * after uma included), players matched by name, and the sanctions on the average place it
 * records (paifu_game_place_sanction). PAIFU_EUNSUPPORTED when the log records no final
 * points.
 */
PAIFU_EXTERN int paifu_standings_add_log(paifu_standings *st, const paifu_game *game,
                                         paifu_error *err);

/** Add a sanction of HUNDREDTHS of a place to NAME's average place (JH 003 §8.3.2). */
PAIFU_EXTERN int paifu_standings_add_place_penalty(paifu_standings *st, const char *name,
                                                   int32_t hundredths, paifu_error *err);

/**
 * Rank the players by the rules' criteria (rules->standings): total_score (RRC §3.12, §6.12:
 * sum of final scores, equal totals share the rank), average_place (JH 003 §6.3: average
 * place, then point sum, then the smaller dispersion of places, then the smaller spread
 * between the best and worst game) or table_points (MCR 001 L284-286: table points by place,
 * then the sum of final scores). Returns the number of players; *OUT points to them in
 * rank order. Borrowed: valid until the next call on ST or paifu_standings_free().
 */
PAIFU_EXTERN size_t paifu_standings_rank(const paifu_standing **out, paifu_standings *st);

PAIFU_END_DECL

#endif
