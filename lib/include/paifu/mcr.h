/*
 * paifu/mcr.h: Chinese Official mahjong (MCR, 81 fan): the fan table, the hand scorer,
 * settlement, penalties, session totals, table points and standings.
 *
 * Rules: shared/rules/mcr.md (derived from seed 001, the WMO Green Book 2006 in Russian) and
 * mcr-fans.json. Where the seed and common practice differ (mcr.md section 13) the rule set has a
 * named parameter whose default is the seed's reading (group "mcr" of `paifu rules params`).
 *
 * Scoring is a pure function of the hand, the winning tile and the situation, like the riichi
 * scorer: paifu_mcr_score_hand() enumerates every reading of the hand (standard sets and pair,
 * seven pairs, thirteen orphans, honors and knitted tiles, knitted straight plus a set and a
 * pair), computes the fans of each under the five counting principles (mcr.md section 4 and
 * section 11.4) and the exclusion table, and keeps the reading with the highest total. It writes
 * into a caller-provided result and allocates nothing.
 *
 * Fan ids are the Green Book numbers 1..81 (the seed's numbering too). Id 82 is the one fan of
 * common (MIL) practice that the Green Book lacks, "concealed kong and melded kong" (5 points),
 * scored only when the rule set asks for it (mcr_melded_concealed_kong = one_fan).
 *
 * Points are integers. Table points can be shared by tied players, so they are kept multiplied
 * by PAIFU_MCR_TABLE_POINT_SCALE (12 divides evenly by 1, 2, 3 and 4 tied players).
 */
#ifndef PAIFU_MCR_H
#define PAIFU_MCR_H

#include "game.h"
#include "rules.h"
#include "tile.h"
#include <stdbool.h>

PAIFU_BEGIN_DECL

#define PAIFU_MCR_FAN_COUNT                 81 /**< the Green Book fans, ids 1..81 */
#define PAIFU_MCR_FAN_MELDED_CONCEALED_KONG 82 /**< practice-only fan (5 points) */
#define PAIFU_MCR_FAN_MAX                   82 /**< highest fan id */
#define PAIFU_MCR_MAX_FANS                  32 /**< fan entries a result can hold (a real hand has under 16) */
#define PAIFU_MCR_TABLE_POINT_SCALE         12 /**< table points are stored multiplied by this */

/* ---- the fan table ---- */

/** One fan of the table (static data). */
typedef struct paifu_mcr_fan_info {
    uint8_t id;          /**< 1..82 */
    uint8_t points;      /**< value of one instance (#48: see paifu_mcr_fan_points) */
    bool repeatable;     /**< may be scored more than once (#59 #64 #65 #69-#73 #81) */
    const char *name;    /**< canonical snake_case name, e.g. "pure_straight" */
    const char *english; /**< Green Book English name, e.g. "Pure Straight" */
    const char *chinese; /**< Chinese name as Chinese logs spell it (Botzone), e.g. "清龙" */
} paifu_mcr_fan_info;

/** Fan ID (1..82); NULL when out of range. Static storage. */
PAIFU_EXTERN const paifu_mcr_fan_info *paifu_mcr_fan(unsigned id);

/**
 * Look a fan up by name: the snake_case name (with or without the prefix "mcr:"), the English
 * name (case-insensitive; '-', '_' and ' ' alike) or the Chinese name. Returns the id or -1.
 */
PAIFU_EXTERN int paifu_mcr_fan_from_name(const char *name);

/** Canonical snake_case name of fan ID, NULL when out of range. Static storage. */
PAIFU_EXTERN const char *paifu_mcr_fan_name(unsigned id);

/** Points of one instance of fan ID under RULES (NULL: the table value); -1 when out of range. */
PAIFU_EXTERN int paifu_mcr_fan_points(const paifu_rules *rules, unsigned id);

/* ---- the hand and its situation ---- */

/** Kinds of a declared set. */
typedef enum paifu_mcr_set_type {
    PAIFU_MCR_CHOW = 1, /**< three consecutive tiles of one suit, claimed */
    PAIFU_MCR_PUNG,     /**< three identical tiles, claimed */
    PAIFU_MCR_KONG      /**< four identical tiles: melded (claimed or promoted) or concealed */
} paifu_mcr_set_type;

/** A declared set (a meld, or a concealed kong). */
typedef struct paifu_mcr_meld {
    uint8_t type;    /**< paifu_mcr_set_type */
    bool concealed;  /**< a concealed kong (only meaningful for PAIFU_MCR_KONG) */
    paifu_tile tile; /**< chow: its lowest tile; pung and kong: the tile */
    uint8_t reserved;
} paifu_mcr_meld;

/**
 * A winning hand: the declared sets, the concealed tiles without the winning tile
 * (13 - 3 * n_melds of them, no bonus tiles) and the winning tile.
 */
typedef struct paifu_mcr_hand {
    uint8_t n_melds;
    paifu_mcr_meld melds[4];
    uint8_t n_tiles;
    paifu_tile tiles[13];
    paifu_tile win_tile;
} paifu_mcr_hand;

/** How the winning tile was obtained (mcr.md section 3.4). */
typedef enum paifu_mcr_win_by {
    PAIFU_MCR_BY_DISCARD = 0, /**< another player's discard */
    PAIFU_MCR_BY_SELF_DRAW,   /**< a wall tile, a kong or flower replacement included */
    PAIFU_MCR_BY_ROBBING      /**< the tile another player added to a pung (a discard win) */
} paifu_mcr_win_by;

/** Situation flag: self-draw of the last wall tile (#44); on a discard win, the discard made
    after it (#45). mcr.md section 11.2. */
#define PAIFU_MCR_LAST_WALL_TILE 0x01
/** Situation flag: the other three copies of the winning tile are visible (#58). */
#define PAIFU_MCR_LAST_OF_KIND 0x02
/** Situation flag: self-drawn replacement tile of a kong (#46), not of a flower. */
#define PAIFU_MCR_KONG_REPLACEMENT 0x04

/** Everything besides the tiles that the fans depend on. */
typedef struct paifu_mcr_situation {
    uint8_t win_by;         /**< paifu_mcr_win_by */
    uint8_t flags;          /**< PAIFU_MCR_* situation flags */
    uint8_t seat_wind;      /**< paifu_wind of the winner */
    uint8_t prevalent_wind; /**< paifu_wind of the round */
    uint8_t flowers;        /**< bonus tiles the winner set aside (0..8), 1 point each */
} paifu_mcr_situation;

/** One scored fan. */
typedef struct paifu_mcr_fan_value {
    uint8_t id;     /**< 1..82 */
    uint8_t count;  /**< instances scored */
    int16_t points; /**< points of one instance */
} paifu_mcr_fan_value;

/** Shapes of a reading. */
typedef enum paifu_mcr_shape {
    PAIFU_MCR_SHAPE_NONE = 0, /**< not a winning hand */
    PAIFU_MCR_SHAPE_STANDARD, /**< four sets and a pair */
    PAIFU_MCR_SHAPE_SEVEN_PAIRS,
    PAIFU_MCR_SHAPE_THIRTEEN_ORPHANS,
    PAIFU_MCR_SHAPE_HONORS_KNITTED,  /**< fourteen singles: honors and one knitted set */
    PAIFU_MCR_SHAPE_KNITTED_STRAIGHT /**< knitted straight, one set and a pair */
} paifu_mcr_shape;

/** The value of a hand. */
typedef struct paifu_mcr_result {
    bool complete; /**< the tiles form a winning shape */
    bool legal;    /**< complete and fan_points >= mcr_min_fan */
    uint8_t shape; /**< paifu_mcr_shape of the reading kept */
    uint8_t n_fans;
    int32_t fan_points;    /**< total without flowers (what the minimum applies to) */
    int32_t flower_points; /**< #81: one per bonus tile */
    int32_t total;         /**< basic points B = fan_points + flower_points */
    paifu_mcr_fan_value fans[PAIFU_MCR_MAX_FANS]; /**< by ascending id, #81 included */
} paifu_mcr_result;

/**
 * Score HAND won in SIT under RULES (an MCR rule set) into OUT. An incomplete hand is not an
 * error: OUT->complete is false and the totals are 0. Fails with PAIFU_EINVAL for a hand that
 * cannot exist (tile counts, more than four copies of a tile, a bonus tile among the tiles).
 * Allocates nothing.
 */
PAIFU_EXTERN int paifu_mcr_score_hand(paifu_mcr_result *out, const paifu_mcr_hand *hand,
                                      const paifu_mcr_situation *sit, const paifu_rules *rules,
                                      paifu_error *err);

/**
 * As paifu_mcr_score_hand(), but when several readings reach the highest total with different
 * fan lists (the player may choose, mcr.md section 4 "high versus low"), prefer one whose fans
 * equal WANT[0..N_WANT) by id and count. Used to check a recorded fan list: the recorded list is
 * right exactly when OUT then equals it.
 */
PAIFU_EXTERN int paifu_mcr_score_hand_as(paifu_mcr_result *out, const paifu_mcr_hand *hand,
                                         const paifu_mcr_situation *sit, const paifu_rules *rules,
                                         const paifu_mcr_fan_value *want, size_t n_want,
                                         paifu_error *err);

/**
 * Parse a hand: tokens separated by spaces, as in paifu/hand.h: concealed tiles in mpsz notation
 * ("123m99p13s"), melds "chi:789s", "pon:666z", "kan:5555m" (melded; also "daiminkan:",
 * "shouminkan:"), "ankan:9999m" (concealed kong), and the winning tile "+2s". Honors are
 * 1z..7z = East South West North White Green Red. PAIFU_EFORMAT names the token at fault.
 */
PAIFU_EXTERN int paifu_mcr_hand_parse(paifu_mcr_hand *out, const char *text, paifu_error *err);

/* ---- settlement and penalties ---- */

/**
 * Payments of a win (mcr.md section 8): with B = TOTAL (fan and flower points), a self-draw
 * (DISCARDER < 0 or == WINNER) takes mcr_base_points + B from each other player; a discard win
 * takes mcr_base_points + B from the discarder and mcr_base_points from the two others (robbing
 * the kong: the player whose kong was robbed is the discarder). DELTAS gets the score changes.
 */
PAIFU_EXTERN int paifu_mcr_settle(int32_t deltas[PAIFU_SEATS], int winner, int discarder,
                                  int32_t total, const paifu_rules *rules, paifu_error *err);

/** True when FAN_POINTS (flowers excluded) reach the minimum of RULES (mcr.md section 5). */
PAIFU_EXTERN bool paifu_mcr_is_legal_total(int32_t fan_points, const paifu_rules *rules);

/** Offences with a sanction in points (mcr.md section 9). */
typedef enum paifu_mcr_offence {
    PAIFU_MCR_FALSE_HU = 0,  /**< hu below the minimum or with no winning hand: mcr_false_hu
                                  to each other player */
    PAIFU_MCR_MISTAKEN_HU,   /**< a waiting player claims a discard for hu by mistake:
                                  mcr_mistaken_hu to each other player */
    PAIFU_MCR_EXPOSURE,      /**< exposing the hand after an invalid hu: mcr_exposure_penalty,
                                  split among the three others */
    PAIFU_MCR_EMPTY_CLAIM,   /**< claim withdrawn: warning, then 5, 10, 20, ... deducted */
    PAIFU_MCR_TOUCHING_WALL, /**< touching a wall tile early: the same scale */
    PAIFU_MCR_LATE_PUNG,     /**< pung claimed after 3 s: the same scale, counted per round */
    PAIFU_MCR_KNOCKED_TILES, /**< knocking over a player's tiles: 5..60 to that player */
    PAIFU_MCR_OFFENCE_COUNT
} paifu_mcr_offence;

/** What an offence implies besides points. */
typedef struct paifu_mcr_offence_info {
    const char *name;   /**< "false_hu", "mistaken_hu", ... */
    bool bars_win;      /**< the offender may not win the current hand */
    bool escalating;    /**< warning, 5, 10, 20, ... by occurrence */
    bool transferred;   /**< the points go to other players (else only deducted) */
    const char *source; /**< mcr.md / seed lines */
} paifu_mcr_offence_info;

/** Description of OFFENCE; NULL when out of range. Static storage. */
PAIFU_EXTERN const paifu_mcr_offence_info *paifu_mcr_offence_get(unsigned offence);

/** One penalty case. */
typedef struct paifu_mcr_penalty_case {
    uint8_t offence; /**< paifu_mcr_offence */
    int8_t offender; /**< seat */
    int8_t victim;   /**< seat (PAIFU_MCR_KNOCKED_TILES), else -1 */
    uint8_t reserved;
    int32_t n; /**< escalating offences: the occurrence (1 = first, a warning);
                    PAIFU_MCR_KNOCKED_TILES: the points the referee awards (5..60) */
} paifu_mcr_penalty_case;

/**
 * Score changes of a penalty under RULES into DELTAS. Escalating deductions double from the
 * rule set's fine_base on (5 under mcr: "and so on" read as doubling, not in the seed); knocked
 * tiles take knocked_tile_min..knocked_tile_max (5..60 under mcr). PAIFU_EINVAL for a seat,
 * occurrence or amount out of range.
 */
PAIFU_EXTERN int paifu_mcr_penalty_deltas(int32_t deltas[PAIFU_SEATS],
                                          const paifu_mcr_penalty_case *pc,
                                          const paifu_rules *rules, paifu_error *err);

/**
 * Siamese MCR (mcr.md section 12): value V of a win among PLAYERS (2 or 3). Three players:
 * self-draw (DISCARDER < 0) winner +2(V+8), others -(V+8); discard winner +(V+16), discarder
 * -(V+8), the third -8. Two players: +V / -V.
 */
PAIFU_EXTERN int paifu_mcr_siamese_settle(int32_t deltas[PAIFU_SEATS], int players, int winner,
                                          int discarder, int32_t value, paifu_error *err);

/* ---- seating, sessions, table points and standings ---- */

/**
 * Seat wind (paifu_wind) of PLAYER (0..3: the players seated East, South, West, North in the
 * first round) in HAND (1..16) of a session, per the seat table of mcr.md section 2.4 (with
 * mcr_seat_changes; without, seats stay and the deal passes in seat order). -1 when out of range.
 */
PAIFU_EXTERN int paifu_mcr_seat_wind(int hand, int player, const paifu_rules *rules);

/** The player (0..3) who deals HAND (1..16), as paifu_mcr_seat_wind(); -1 when out of range. */
PAIFU_EXTERN int paifu_mcr_dealer(int hand, const paifu_rules *rules);

/** Placement of one table from its session totals (mcr.md section 10). */
typedef struct paifu_mcr_placement {
    uint8_t place[PAIFU_SEATS];        /**< 1..4; tied players share the best of their places
                                            (placement_tie = share) */
    int32_t table_points[PAIFU_SEATS]; /**< x PAIFU_MCR_TABLE_POINT_SCALE; tied players share
                                            the sum of their places' points */
} paifu_mcr_placement;

/**
 * Rank the four TOTALS and give table points (mcr_table_points, default 4/2/1/0). Ties follow
 * placement_tie: share (split the places' points) or seat_order (the lower seat ranks higher).
 */
PAIFU_EXTERN int paifu_mcr_place(paifu_mcr_placement *out, const int32_t totals[PAIFU_SEATS],
                                 const paifu_rules *rules, paifu_error *err);

/** Which values session totals are built from. */
typedef enum paifu_mcr_totals_mode {
    PAIFU_MCR_TOTALS_RECORDED = 0, /**< the recorded score changes (the signed, official result) */
    PAIFU_MCR_TOTALS_RECOMPUTED    /**< paifu's own settlement of every replayed deal */
} paifu_mcr_totals_mode;

/**
 * Session totals of GAME (every deal's wins, draws and penalties) in MODE. Recomputing replays
 * each deal and scores each win from its tiles; a win paifu cannot score (unknown tiles) keeps
 * its recorded changes. PAIFU_EINVAL when RULES is not an MCR rule set.
 */
PAIFU_EXTERN int paifu_mcr_session_totals(int32_t totals[PAIFU_SEATS], const paifu_game *game,
                                          const paifu_rules *rules, unsigned mode,
                                          paifu_error *err);

/** One table of a tournament round: who sat where and their session totals. */
typedef struct paifu_mcr_table {
    const char *players[PAIFU_SEATS]; /**< player names (borrowed) */
    int32_t totals[PAIFU_SEATS];      /**< session totals */
} paifu_mcr_table;

/** One line of the standings. */
typedef struct paifu_mcr_standing {
    const char *player;   /**< borrowed from the tables given */
    int32_t table_points; /**< summed, x PAIFU_MCR_TABLE_POINT_SCALE */
    int32_t total;        /**< summed session totals (the tie-break) */
    uint32_t tables;      /**< tables played */
    uint32_t rank;        /**< 1-based; equal table points and totals share a rank */
} paifu_mcr_standing;

/**
 * Standings across N_TABLES tables: each player's table points and totals summed, sorted by
 * table points, then total, then name. *N_OUT holds the capacity of OUT on entry and the number
 * of players on return (PAIFU_ELIMIT when OUT is too small). Names are compared exactly.
 */
PAIFU_EXTERN int paifu_mcr_standings(paifu_mcr_standing *out, size_t *n_out,
                                     const paifu_mcr_table *tables, size_t n_tables,
                                     const paifu_rules *rules, paifu_error *err);

PAIFU_END_DECL

#endif
