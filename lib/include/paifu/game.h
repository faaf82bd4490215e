/*
 * paifu/game.h: the canonical game model.
 *
 * Every reader produces a paifu_game and every writer and the verifier consume one. A game is
 * a header (rule set, players, seats, source format and metadata) plus deals. A deal is a start
 * record (round wind, dealer, honba, riichi sticks, scores, dora indicator, starting hands, the
 * wall when known) followed by an ordered event stream. The end of a deal is the end of its
 * event stream; the end of the game carries the recorded final scores (paifu_game_result).
 *
 * Everything in the model is what the LOG recorded, never what paifu computed: han, fu, yaku,
 * points, score deltas, final scores and uma are kept as the log gave them (with a flag saying
 * whether the log gave them at all), so that the verifier can compare them with its own values
 * and a writer can reproduce the original.
 *
 * A deal may have no tile events at all, only its outcome (who won from whom, han, fu, yaku,
 * riichi declarations, tenpai at a draw, penalties), as on a tournament score sheet: such a
 * deal has PAIFU_DEAL_RESULT_ONLY set.
 *
 * Tiles are paifu_tile values (paifu/tile.h). Where a format identifies the physical tile
 * (Tenhou's ids 0..135: kind * 4 + copy) the id is kept beside the tile; PAIFU_TILE_ID_NONE
 * otherwise. Seats are absolute (0 = the first dealer) and arrays have PAIFU_SEATS entries;
 * a 3-player game leaves seat 3 empty.
 *
 * Memory: a game owns one arena; every pointer reached from it is borrowed and valid until
 * paifu_game_free() or paifu_game_reset(). Building a game allocates no memory per event
 * beyond the doubling of arrays inside the arena.
 */
#ifndef PAIFU_GAME_H
#define PAIFU_GAME_H

#include "tile.h"
#include <stdbool.h>

PAIFU_BEGIN_DECL

/** A game. Opaque; owns its arena. */
typedef struct paifu_game paifu_game;

#define PAIFU_TILE_ID_NONE 0xFF /**< physical tile id unknown */
#define PAIFU_MAX_INDICATORS 5  /**< dora indicators: the first + one per kan */
#define PAIFU_MAX_YAKU 24       /**< yaku (or MCR fan) entries of one win */
#define PAIFU_MAX_HAND 14       /**< concealed tiles a hand can show */
#define PAIFU_WALL_MAX 144      /**< tiles in a wall (MCR: 144) */

/** Winds: round wind and seat wind. */
typedef enum paifu_wind {
    PAIFU_WIND_EAST  = 0,
    PAIFU_WIND_SOUTH = 1,
    PAIFU_WIND_WEST  = 2,
    PAIFU_WIND_NORTH = 3
} paifu_wind;

/** Event types. Deal start and deal end are not events: see paifu_deal. */
typedef enum paifu_event_type {
    PAIFU_EV_DRAW = 1,         /**< seat draws `tile` (flag REPLACEMENT for a kan/kita/flower draw) */
    PAIFU_EV_DISCARD,          /**< seat discards `tile`; flags TSUMOGIRI(_KNOWN), RIICHI */
    PAIFU_EV_CHI,              /**< seat calls `tile` from `from`; tiles[0..2) from the hand */
    PAIFU_EV_PON,              /**< as chi; tiles[0..2) from the hand */
    PAIFU_EV_DAIMINKAN,        /**< open kan of a discard; tiles[0..3) from the hand */
    PAIFU_EV_ANKAN,            /**< closed kan; tiles[0..4) from the hand */
    PAIFU_EV_SHOUMINKAN,       /**< added kan: `tile` added to the pon whose tiles are tiles[0..3) */
    PAIFU_EV_KITA,             /**< 3-player: the North `tile` set aside as dora */
    PAIFU_EV_FLOWER,           /**< MCR: a flower/season `tile` set aside */
    PAIFU_EV_RIICHI_ACCEPTED,  /**< seat's riichi deposit is made (score_row: recorded scores after) */
    PAIFU_EV_DORA,             /**< a new dora indicator `tile` is revealed */
    PAIFU_EV_WIN,              /**< a win; `detail` indexes paifu_deal.wins */
    PAIFU_EV_EXHAUSTIVE_DRAW,  /**< the wall ran out; `detail` indexes paifu_deal.draws */
    PAIFU_EV_ABORTIVE_DRAW,    /**< an abortive draw; `detail` indexes paifu_deal.draws */
    PAIFU_EV_PENALTY,          /**< a penalty; `detail` indexes paifu_deal.penalties */
    PAIFU_EV_DISCONNECT,       /**< seat lost its connection (metadata) */
    PAIFU_EV_RECONNECT,        /**< seat came back (metadata) */
    PAIFU_EV_TYPE_COUNT
} paifu_event_type;

/** Event flags. */
#define PAIFU_EVF_TSUMOGIRI       0x01 /**< discard: the tile just drawn was discarded */
#define PAIFU_EVF_TSUMOGIRI_KNOWN 0x02 /**< discard: the log says whether it was tsumogiri */
#define PAIFU_EVF_RIICHI          0x04 /**< discard: declares riichi */
#define PAIFU_EVF_REPLACEMENT     0x08 /**< draw: from the dead wall (after kan, kita, flower) */
#define PAIFU_EVF_DOUBLE_RIICHI   0x10 /**< riichi accepted: the log calls it double riichi */

/**
 * One event. Fixed size; the meaning of the fields depends on `type` (see paifu_event_type).
 * For calls, `tile` is the called tile and `tiles[0..n)` the tiles taken from the caller's hand.
 */
typedef struct paifu_event {
    uint8_t type;          /**< paifu_event_type */
    int8_t seat;           /**< acting seat, -1 if none (DORA) */
    int8_t from;           /**< source seat of a called tile, else -1 */
    uint8_t flags;         /**< PAIFU_EVF_* */
    paifu_tile tile;       /**< main tile, PAIFU_TILE_NONE if none */
    uint8_t tile_id;       /**< physical id of `tile`, PAIFU_TILE_ID_NONE if unknown */
    uint8_t n;             /**< number of entries used in tiles[] */
    uint8_t reserved;
    paifu_tile tiles[4];   /**< tiles from the hand (calls) */
    uint8_t ids[4];        /**< their physical ids */
    int32_t detail;        /**< index into wins/draws/penalties/score_rows, -1 if none */
    uint32_t line;         /**< source line (1-based), 0 = unknown */
    uint32_t column;       /**< source column (1-based), 0 = unknown */
} paifu_event;

/** Limit names of a win as a log records them. */
typedef enum paifu_limit {
    PAIFU_LIMIT_NONE = 0,
    PAIFU_LIMIT_MANGAN,
    PAIFU_LIMIT_HANEMAN,
    PAIFU_LIMIT_BAIMAN,
    PAIFU_LIMIT_SANBAIMAN,
    PAIFU_LIMIT_YAKUMAN, /**< includes counted (kazoe) yakuman */
    PAIFU_LIMIT_UNKNOWN = 255
} paifu_limit;

/**
 * One recorded yaku (riichi: a paifu_yaku id from paifu/yaku.h; MCR: the fan number 1..81).
 * `han` is the value the log gave: han for riichi yaku, 13 * multiple for a yakuman
 * (PAIFU_YAKU_YAKUMAN_HAN), points for an MCR fan; 0 when the log names the yaku without its
 * value (score sheets). `count` > 1 for a fan scored several times.
 */
typedef struct paifu_yaku_value {
    uint16_t id;
    int16_t han;
    uint8_t count;
    uint8_t reserved;
    const char *name; /**< the log's own spelling when it had one, else NULL (arena string) */
} paifu_yaku_value;

/** Han value that marks a yakuman entry (one yakuman; a double yakuman is 26). */
#define PAIFU_YAKU_YAKUMAN_HAN 13

/** Bits of paifu_win.known / paifu_draw.known: which recorded values the log gave. */
#define PAIFU_REC_HAN       0x0001
#define PAIFU_REC_FU        0x0002
#define PAIFU_REC_POINTS    0x0004
#define PAIFU_REC_LIMIT     0x0008
#define PAIFU_REC_YAKU      0x0010
#define PAIFU_REC_DELTAS    0x0020
#define PAIFU_REC_SCORES    0x0040 /**< scores_before */
#define PAIFU_REC_STICKS    0x0080 /**< honba and riichi_sticks ("ba") */
#define PAIFU_REC_HAND      0x0100
#define PAIFU_REC_DORA      0x0200
#define PAIFU_REC_URA       0x0400
#define PAIFU_REC_TENPAI    0x0800
#define PAIFU_REC_PAYMENTS  0x1000 /**< tsumo split: payment_dealer / payment_nondealer */

/** A recorded win (one per winner; a double ron is two wins in the same deal). */
typedef struct paifu_win {
    int8_t winner;
    int8_t from;             /**< discarder; == winner for tsumo */
    int8_t pao;              /**< liable seat, -1 if none */
    uint8_t limit;           /**< paifu_limit */
    uint16_t known;          /**< PAIFU_REC_* bits */
    paifu_tile win_tile;     /**< PAIFU_TILE_NONE in a result-only deal */
    uint8_t win_tile_id;
    uint8_t n_hand;          /**< concealed tiles shown, winning tile included */
    paifu_tile hand[PAIFU_MAX_HAND];
    uint8_t hand_ids[PAIFU_MAX_HAND];
    uint8_t n_dora;
    uint8_t n_ura;
    paifu_tile dora[PAIFU_MAX_INDICATORS];
    paifu_tile ura[PAIFU_MAX_INDICATORS];
    uint8_t dora_ids[PAIFU_MAX_INDICATORS];
    uint8_t ura_ids[PAIFU_MAX_INDICATORS];
    uint8_t n_yaku;
    uint8_t yakuman;         /**< number of yakuman the log counts (0 for a normal hand) */
    int16_t han;             /**< total han incl. dora; MCR: total fan points */
    int16_t fu;
    int16_t honba;           /**< the log's honba for this win ("ba") */
    int16_t riichi_sticks;   /**< sticks the log says this win collects */
    int32_t points;          /**< hand value without honba and sticks (tsumo: the total collected) */
    int32_t payment_nondealer; /**< tsumo: what each non-dealer pays, without honba */
    int32_t payment_dealer;    /**< non-dealer's tsumo: what the dealer pays; 0 on the dealer's
                                    own tsumo (then every payer pays payment_nondealer) */
    int32_t deltas[PAIFU_SEATS];        /**< score changes of this win */
    int32_t scores_before[PAIFU_SEATS]; /**< scores just before this win was paid */
    paifu_yaku_value yaku[PAIFU_MAX_YAKU];
    uint16_t computed;       /**< PAIFU_REC_* bits of values computed from the tiles by the hand
                                  engine (paifu_game_fill_values), not recorded by the log */
} paifu_win;

/** Draw kinds. */
typedef enum paifu_draw_kind {
    PAIFU_DRAW_EXHAUSTIVE = 0,
    PAIFU_DRAW_KYUUSHU,        /**< nine terminals and honours */
    PAIFU_DRAW_SUUFON,         /**< four identical winds discarded */
    PAIFU_DRAW_SUUCHA_RIICHI,  /**< four riichi */
    PAIFU_DRAW_SUUKAIKAN,      /**< four kans by two or more players */
    PAIFU_DRAW_SANCHAHOU,      /**< triple ron */
    PAIFU_DRAW_KIND_COUNT
} paifu_draw_kind;

/** A recorded draw (exhaustive or abortive). */
typedef struct paifu_draw {
    uint8_t kind;          /**< paifu_draw_kind */
    int8_t seat;           /**< the declarer (kyuushu), else -1 */
    uint16_t known;        /**< PAIFU_REC_* bits */
    uint8_t tenpai;        /**< bit s: seat s declared tenpai (PAIFU_REC_TENPAI) */
    uint8_t nagashi;       /**< bit s: seat s was paid nagashi mangan */
    uint8_t shown;         /**< bit s: seat s showed its hand (hands[s] valid) */
    uint8_t n_hand[PAIFU_SEATS];
    paifu_tile hands[PAIFU_SEATS][PAIFU_MAX_HAND];
    uint8_t hand_ids[PAIFU_SEATS][PAIFU_MAX_HAND];
    int16_t honba;
    int16_t riichi_sticks;
    int32_t deltas[PAIFU_SEATS];
    int32_t scores_before[PAIFU_SEATS];
} paifu_draw;

/** Penalty kinds. */
typedef enum paifu_penalty_kind {
    PAIFU_PENALTY_CHOMBO = 0,  /**< chombo / false hu: settled per the rule set */
    PAIFU_PENALTY_DEAD_HAND,   /**< the seat's hand is dead for the rest of the deal */
    PAIFU_PENALTY_FINE,        /**< a fine of `amount` points */
    PAIFU_PENALTY_OTHER,
    PAIFU_PENALTY_MISTAKEN_HU, /**< MCR: a waiting player claims a discard for hu by mistake
                                    (seed 001 L1252): priced by the rule set (mcr_mistaken_hu) */
    PAIFU_PENALTY_EXPOSED_HAND,/**< MCR: the hand exposed after an invalid hu (001 L1254-1258):
                                    priced by the rule set (mcr_exposure_penalty) */
    PAIFU_PENALTY_KIND_COUNT
} paifu_penalty_kind;

/** When a penalty's points take effect. */
typedef enum paifu_penalty_timing {
    PAIFU_PENALTY_BY_RULES = 0,  /**< as the rule set says (chombo: rules' chombo parameter) */
    PAIFU_PENALTY_AFTER_UMA = 1, /**< subtracted from the final score after uma */
    PAIFU_PENALTY_IMMEDIATE = 2  /**< paid at once (deltas) */
} paifu_penalty_timing;

/** A recorded penalty. */
typedef struct paifu_penalty {
    uint8_t kind;     /**< paifu_penalty_kind */
    uint8_t timing;   /**< paifu_penalty_timing */
    int8_t seat;
    uint8_t has_deltas;
    int32_t amount;   /**< points the offender loses (positive), 0 = as the rule set says */
    int32_t deltas[PAIFU_SEATS];
    const char *note; /**< free text (arena), may be NULL */
} paifu_penalty;

/** Deal flags. */
#define PAIFU_DEAL_RESULT_ONLY 0x01 /**< no tile events: only outcomes */
#define PAIFU_DEAL_HAS_SCORES  0x02 /**< start.scores are recorded */
#define PAIFU_DEAL_HAS_HANDS   0x04 /**< start.hands are recorded */
#define PAIFU_DEAL_HAS_WALL    0x08 /**< start.wall is known */
#define PAIFU_DEAL_HAS_DICE    0x10 /**< start.dice are known */
#define PAIFU_DEAL_HAS_STICKS  0x20 /**< start.honba/riichi_sticks are recorded */
#define PAIFU_DEAL_ROUND_UNKNOWN 0x40 /**< round wind, hand number and dealer are not recorded:
                                           the verifier takes them from the rules' rotation */
#define PAIFU_DEAL_TIME_UP 0x80 /**< the record says the main time of a game against the clock
                                     ran out during this deal (paifu: "time_up"): the rule set's
                                     time_limit_deals more are played */

/**
 * Where the dead-wall tiles sit in paifu_deal_start.wall, as indices into that wall (draw
 * order: index 0 is dealt first). Platforms build their dead wall differently (Tenhou swapped
 * the two tiles of every dead-wall stack in 2010), so the reader that knows the wall says where
 * the verifier must look; the replay needs no platform name. n_dora == 0 means unknown.
 *
 * The live wall is wall[live_start .. live_end): live draws take wall[live_start],
 * wall[live_start + 1], ...; every replacement draw (kan, kita) takes the next entry of
 * replacement[] and moves live_end down by one (the dead wall is replenished from the live end).
 */
typedef struct paifu_wall_layout {
    uint8_t live_start;                 /**< index of the first draw after the deal (52; sanma 39) */
    uint8_t live_end;                   /**< one past the last live tile before any replacement */
    uint8_t n_dora;                     /**< entries in dora[] and ura[]; 0 = layout unknown */
    uint8_t n_replacement;              /**< entries in replacement[] */
    uint8_t dora[PAIFU_MAX_INDICATORS]; /**< [0] the first dora indicator, [k] the k-th kan's */
    uint8_t ura[PAIFU_MAX_INDICATORS];  /**< the ura indicator belonging to dora[k] */
    uint8_t replacement[8];             /**< the k-th replacement draw of the deal */
} paifu_wall_layout;

/** The start of a deal. */
typedef struct paifu_deal_start {
    uint8_t round_wind;       /**< paifu_wind: prevalent wind */
    uint8_t hand_number;      /**< 0-based deal number within the wind ("E2" = 1) */
    int8_t dealer;            /**< dealer seat */
    uint8_t flags;            /**< PAIFU_DEAL_* */
    int16_t honba;
    int16_t riichi_sticks;    /**< deposits on the table at the start */
    int32_t scores[PAIFU_SEATS];
    paifu_tile dora_indicator; /**< PAIFU_TILE_NONE if unknown (MCR: none) */
    uint8_t dora_indicator_id;
    uint8_t dice[2];          /**< 1..6 each, 0 = unknown */
    uint8_t n_hand[PAIFU_SEATS]; /**< 13 normally (MCR: 13 without flowers) */
    paifu_tile hands[PAIFU_SEATS][PAIFU_MAX_HAND];
    uint8_t hand_ids[PAIFU_SEATS][PAIFU_MAX_HAND];
    uint16_t n_wall;          /**< tiles in `wall`, 0 if unknown */
    const uint8_t *wall_ids;  /**< physical ids in draw order: wall_ids[0] is dealt first */
    const paifu_tile *wall;   /**< the same wall as tiles */
    paifu_wall_layout wall_layout; /**< dead-wall positions in `wall` (n_dora 0: unknown) */
} paifu_deal_start;

/** A deal: start record and events. All pointers are borrowed from the game. */
typedef struct paifu_deal {
    paifu_deal_start start;
    uint32_t flags;                  /**< PAIFU_DEAL_RESULT_ONLY etc. (mirrors start.flags) */
    const paifu_event *events;
    size_t n_events;
    const paifu_win *wins;
    size_t n_wins;
    const paifu_draw *draws;
    size_t n_draws;
    const paifu_penalty *penalties;
    size_t n_penalties;
    const int32_t (*score_rows)[PAIFU_SEATS]; /**< recorded score snapshots (riichi accepted) */
    size_t n_score_rows;
    uint32_t line;                    /**< where the deal starts in the source; 0 = unknown */
    uint32_t column;
} paifu_deal;

/** A player. */
typedef struct paifu_player {
    const char *name; /**< UTF-8, never NULL (may be "") */
} paifu_player;

/** The recorded outcome of the game. */
typedef struct paifu_game_result {
    bool has_points;                /**< the log records final points */
    bool has_final;                 /**< the log records final scores with uma/oka */
    int32_t points[PAIFU_SEATS];    /**< raw final points, leftover sticks included */
    int32_t final[PAIFU_SEATS];     /**< final score (uma, oka, penalties) in points */
} paifu_game_result;

/**
 * Metadata key a reader sets (to a reason, e.g. "chip game") when the log's rule set is not
 * known well enough to verify points: the verifier then replays the tiles only.
 */
#define PAIFU_META_RULES_UNKNOWN "paifu.rules_unknown"

/**
 * Metadata key a reader sets (to a reason) when the hands follow the named rule set but the
 * final-score formula (return points, oka, uma) is not known, e.g. a private lobby's own uma:
 * the verifier then checks everything but the final scores.
 */
#define PAIFU_META_FINAL_UNKNOWN "paifu.final_unknown"

/**
 * Metadata key a reader sets (to a reason naming the place) when the log carries a wall or a
 * wall seed that cannot be decoded: the deal is replayed without the wall and the verifier
 * reports it once per game as `wall.seed`.
 */
#define PAIFU_META_WALL_ERROR "paifu.wall_error"

/**
 * Metadata key a reader sets when the log says when the game was played: ISO 8601, a date
 * ("2009-08-27") or a date and time, as precise as the log is (a Tenhou log id gives the hour).
 * Readers choose era-dependent rules from it.
 */
#define PAIFU_META_DATE "paifu.date"

/**
 * Metadata key a reader sets (to "1") when its format lists an ura dora entry among the yaku of
 * every riichi win that is not a yakuman, even at 0 han (Tenhou's XML: yaku 53): a riichi win
 * without it is then a defect of the log (score.yaku).
 */
#define PAIFU_META_URA_LISTED "paifu.ura_listed"

/**
 * Metadata key a reader sets (to a reason) when its format names no rule set and the reader
 * chose one (mjai: Tenhou's). `paifu validate` says so, as it does when a log names none and
 * the fallback rrc is used.
 */
#define PAIFU_META_RULES_ASSUMED "paifu.rules_assumed"

/**
 * Metadata key a reader sets (to a reason) when the log is the record of a whole game that
 * does not record the game's end (tenhou.net/6 written one round per line, as mjx does: no
 * `sc`): when its deals stop before the rules end the game, the log was cut between deals and
 * the verifier reports `log.truncated` at the last deal. Without it a log that stops early is
 * an excerpt.
 */
#define PAIFU_META_WHOLE_GAME "paifu.whole_game"

/** A metadata entry (source format details kept for writers). */
typedef struct paifu_meta {
    const char *key;   /**< e.g. "tenhou.go.type" */
    const char *value;
} paifu_meta;

/* ---- reading a game ---- */

/** Number of seats in play: 4, or 3 for sanma. */
PAIFU_EXTERN int paifu_game_players(const paifu_game *game);

/** Player at SEAT. Borrowed: valid until paifu_game_free(game). NULL when out of range. */
PAIFU_EXTERN const paifu_player *paifu_game_player(const paifu_game *game, int seat);

/** Format the game was read from ("tenhou-xml", "paifu", ...), "" if built in memory. Borrowed. */
PAIFU_EXTERN const char *paifu_game_source_format(const paifu_game *game);

/** The rule set the log names ("tenhou", "rrc", ...), or NULL. Borrowed. */
PAIFU_EXTERN const char *paifu_game_rules_name(const paifu_game *game);

/** Number of rule overrides the log gives (applied after its named rule set). */
PAIFU_EXTERN size_t paifu_game_rule_override_count(const paifu_game *game);

/** Override I as key and value. Borrowed. NULL when out of range. */
PAIFU_EXTERN const paifu_meta *paifu_game_rule_override(const paifu_game *game, size_t i);

/** Number of metadata entries. */
PAIFU_EXTERN size_t paifu_game_meta_count(const paifu_game *game);

/** Metadata entry I. Borrowed. NULL when out of range. */
PAIFU_EXTERN const paifu_meta *paifu_game_meta(const paifu_game *game, size_t i);

/** Value of the metadata KEY, or NULL. Borrowed. */
PAIFU_EXTERN const char *paifu_game_meta_get(const paifu_game *game, const char *key);

/** Number of deals. */
PAIFU_EXTERN size_t paifu_game_deal_count(const paifu_game *game);

/** Deal INDEX. Borrowed: valid until paifu_game_free(game) or paifu_game_reset(game). */
PAIFU_EXTERN const paifu_deal *paifu_game_deal(const paifu_game *game, size_t index);

/** Metadata events before the first deal (disconnections). */
PAIFU_EXTERN size_t paifu_game_prelude_count(const paifu_game *game);
PAIFU_EXTERN const paifu_event *paifu_game_prelude(const paifu_game *game, size_t i);

/** The recorded outcome. Borrowed. */
PAIFU_EXTERN const paifu_game_result *paifu_game_result_get(const paifu_game *game);

/** Where the source records the result (a score sheet's points line): the line, 0 when
    unknown; *COLUMN (may be NULL) gets the column. */
PAIFU_EXTERN uint32_t paifu_game_result_line(const paifu_game *game, uint32_t *column);

/** True when the log stops before the game ended (no recorded end). */
PAIFU_EXTERN bool paifu_game_truncated(const paifu_game *game);

/**
 * The sanction the referee gave SEAT in this game, added to the player's average place in the
 * standings (JHC 2016 §8.3.2: 0.05 to 0.5 of a place), in hundredths of a place; 0 = none.
 */
PAIFU_EXTERN int32_t paifu_game_place_sanction(const paifu_game *game, int seat);

/**
 * Write the label of a deal ("E2-1": round wind, 1-based hand number, honba) into BUF (at least
 * 16 bytes). Returns BUF.
 */
PAIFU_EXTERN char *paifu_deal_label(char *buf, size_t size, const paifu_deal_start *start);

/** Name of an event type ("draw", "discard", ...) as used in paifu's own format. */
PAIFU_EXTERN const char *paifu_event_type_name(paifu_event_type type);

/** Name of a draw kind ("exhaustive", "kyuushu", ...). */
PAIFU_EXTERN const char *paifu_draw_kind_name(paifu_draw_kind kind);

/** Name of a penalty kind ("chombo", "dead_hand", "fine", "other", "mistaken_hu",
    "exposed_hand"). */
PAIFU_EXTERN const char *paifu_penalty_kind_name(paifu_penalty_kind kind);

/** Name of a limit ("none", "mangan", ..., "yakuman"). */
PAIFU_EXTERN const char *paifu_limit_name(paifu_limit limit);

/* ---- the table at an event ---- */

#define PAIFU_STATE_HAND 18     /**< tiles a hand can hold while it is followed (14 + spare) */
#define PAIFU_STATE_MELDS 12    /**< melds, kita and flowers set aside by one seat */
#define PAIFU_STATE_DISCARDS 40 /**< discards of one seat */

/** A meld (or a kita / flower set aside) as the table shows it. */
typedef struct paifu_state_meld {
    uint8_t type;        /**< paifu_event_type: CHI, PON, DAIMINKAN, ANKAN, SHOUMINKAN, KITA, FLOWER */
    int8_t from;         /**< the seat the called tile came from, -1 none */
    uint8_t n;           /**< tiles in tiles[] */
    paifu_tile tiles[4]; /**< the hand's tiles, then the called (or added) tile */
} paifu_state_meld;

/** Discard flags of paifu_state_discard (beside PAIFU_EVF_TSUMOGIRI and PAIFU_EVF_RIICHI). */
#define PAIFU_STATE_CALLED 0x80 /**< another seat called this discard */

/** A discard in a seat's river. */
typedef struct paifu_state_discard {
    paifu_tile tile;
    uint8_t flags; /**< PAIFU_EVF_TSUMOGIRI, PAIFU_EVF_RIICHI, PAIFU_STATE_CALLED */
} paifu_state_discard;

/**
 * The table just before an event of a deal, as the log's tiles give it: every seat's concealed
 * hand (sorted), melds, discards and the dora indicators shown. Bookkeeping of the recorded
 * tiles only: no rule is applied and nothing is checked (the verifier does that).
 */
typedef struct paifu_table_state {
    uint8_t n_hand[PAIFU_SEATS];
    paifu_tile hand[PAIFU_SEATS][PAIFU_STATE_HAND];
    uint8_t n_melds[PAIFU_SEATS];
    paifu_state_meld melds[PAIFU_SEATS][PAIFU_STATE_MELDS];
    uint8_t n_discards[PAIFU_SEATS];
    paifu_state_discard discards[PAIFU_SEATS][PAIFU_STATE_DISCARDS];
    uint8_t n_dora;
    paifu_tile dora[PAIFU_MAX_INDICATORS];
} paifu_table_state;

/**
 * Fill OUT with the table of DEAL just before its event EVENT (EVENT == n_events: after the
 * last). PAIFU_EUNSUPPORTED for a deal without starting hands (a score sheet's deal),
 * PAIFU_EINVAL for an event out of range. A tile the hand does not hold is taken off nothing
 * (the verifier reports it); a list that would overflow keeps its first entries.
 */
PAIFU_EXTERN int paifu_deal_state_at(paifu_table_state *out, const paifu_deal *deal, size_t event,
                                     paifu_error *err);

/** A bit of paifu_table_walk.changed beyond the seats' bits 0..3. */
#define PAIFU_WALK_CHANGED_DORA 0x10 /**< a dora indicator was revealed */

typedef struct paifu_rules paifu_rules;

/**
 * The table of a deal followed event by event in one pass (a viewer's states): the table state
 * after `event` events, plus what the tiles alone do not give. Fill with
 * paifu_table_walk_begin, then step with paifu_table_walk_next. Plain data: copy it freely.
 */
typedef struct paifu_table_walk {
    paifu_table_state state;     /**< the table after `event` events (hands sorted) */
    size_t event;                /**< events applied so far (0: the deal as dealt) */
    int32_t wall_left;           /**< live-wall tiles still to be drawn (the rule set's tile
                                      count less the dead wall and the dealt hands, less every
                                      draw so far: the replay's count); -1 without a rule set */
    bool scores_known;           /**< the deal records its start scores */
    int32_t scores[PAIFU_SEATS]; /**< the start scores less the riichi deposits made so far */
    int32_t riichi_sticks;       /**< deposits on the table: the start's plus those made */
    uint8_t riichi;              /**< bit s: seat s has declared riichi (its riichi discard) */
    uint8_t changed;             /**< what the last step changed: bit s seat s's hand, melds or
                                      river; PAIFU_WALK_CHANGED_DORA the indicators */
    const paifu_deal *deal;      /**< borrowed */
} paifu_table_walk;

/**
 * Start following DEAL: W holds the deal as dealt (event 0). RULES (may be NULL: wall_left is
 * then -1) gives the wall's size. PAIFU_EUNSUPPORTED for a deal without starting hands.
 */
PAIFU_EXTERN int paifu_table_walk_begin(paifu_table_walk *w, const paifu_deal *deal,
                                        const paifu_rules *rules, paifu_error *err);

/** Apply the next event: false (W unchanged) when every event has been applied. O(1). */
PAIFU_EXTERN bool paifu_table_walk_next(paifu_table_walk *w);

/**
 * Live-wall tiles of a deal before the first draw under RULES for a game of PLAYERS: riichi
 * 136 (sanma 108) less the dead wall's 14 and the dealt hands; MCR 144 with flowers (else 136)
 * less the dealt hands (no dead wall). The replay's wall count starts here.
 */
PAIFU_EXTERN int32_t paifu_rules_live_wall(const paifu_rules *rules, int players);

/* ---- building a game (readers) ---- */

/** Create an empty 4-player game. Owned by the caller: free with paifu_game_free(). */
PAIFU_EXTERN int paifu_game_new(paifu_game **out, paifu_error *err);

/** Free a game and everything borrowed from it. NULL is a no-op. */
PAIFU_EXTERN void paifu_game_free(paifu_game *game);

/**
 * Deep-copy SRC into a new game that borrows nothing from it: players, rules, metadata, the
 * prelude, every deal with its events and records, the result. Lets a caller keep a game a
 * paifu_reader lends past the reader's next game. Owned by the caller: paifu_game_free().
 */
PAIFU_EXTERN int paifu_game_copy(paifu_game **out, const paifu_game *src, paifu_error *err);

/** Empty the game for reuse; keeps the arena's memory (streaming readers). Limits are kept. */
PAIFU_EXTERN void paifu_game_reset(paifu_game *game);

/**
 * Cap the deals of the game and the events of one deal (0 = the defaults, 10000 deals and
 * 100000 events). Going past a cap fails with PAIFU_ELIMIT.
 */
PAIFU_EXTERN void paifu_game_set_limits(paifu_game *game, uint32_t max_deals, uint32_t max_events);

/** Copy N bytes of S (not NUL-terminated) into the game's arena. Borrowed result; NULL on ENOMEM. */
PAIFU_EXTERN const char *paifu_game_strndup(paifu_game *game, const char *s, size_t n);

/** Set the number of seats in play (3 or 4). */
PAIFU_EXTERN int paifu_game_set_players(paifu_game *game, int players, paifu_error *err);

/** Set the name of the player at SEAT (copied). */
PAIFU_EXTERN int paifu_game_set_player_name(paifu_game *game, int seat, const char *name,
                                            paifu_error *err);

/** Set the source format name (copied). */
PAIFU_EXTERN int paifu_game_set_source_format(paifu_game *game, const char *format,
                                              paifu_error *err);

/** Name the rule set the log uses (copied). NULL clears it. */
PAIFU_EXTERN int paifu_game_set_rules_name(paifu_game *game, const char *name, paifu_error *err);

/** Add a rule override KEY=VALUE the log gives (copied; a later one for the same key wins). */
PAIFU_EXTERN int paifu_game_add_rule_override(paifu_game *game, const char *key, const char *value,
                                              paifu_error *err);

/** Set metadata KEY to VALUE (both copied). A key set twice keeps the last value. */
PAIFU_EXTERN int paifu_game_set_meta(paifu_game *game, const char *key, const char *value,
                                     paifu_error *err);

/**
 * Start a new deal. START is copied (its wall, when n_wall > 0, too). LINE/COLUMN say where it
 * starts in the source (0 = unknown). Events added afterwards belong to this deal.
 */
PAIFU_EXTERN int paifu_game_begin_deal(paifu_game *game, const paifu_deal_start *start,
                                       uint32_t line, uint32_t column, paifu_error *err);

/** Mark the current deal as result-only (no tile events). */
PAIFU_EXTERN int paifu_game_set_deal_result_only(paifu_game *game, paifu_error *err);

/**
 * Append EV to the current deal (before the first deal: only DISCONNECT/RECONNECT, which go to
 * the prelude). Its `detail` is ignored for WIN/draws/PENALTY (use the functions below).
 */
PAIFU_EXTERN int paifu_game_add_event(paifu_game *game, const paifu_event *ev, paifu_error *err);

/** Append a WIN event with its record (copied; yaku names are copied too). */
PAIFU_EXTERN int paifu_game_add_win(paifu_game *game, const paifu_win *win, uint32_t line,
                                    uint32_t column, paifu_error *err);

/** Append an EXHAUSTIVE_DRAW or ABORTIVE_DRAW event (by draw->kind) with its record. */
PAIFU_EXTERN int paifu_game_add_draw(paifu_game *game, const paifu_draw *draw, uint32_t line,
                                     uint32_t column, paifu_error *err);

/**
 * Record TENPAI (bit s: seat s) as the tenpai of exhaustive draw DRAW of deal DEAL
 * (PAIFU_REC_TENPAI), for a reader that learns it once the deal is read: tenhou.net/6's, whose
 * result gives no tenpai at a nagashi mangan draw, records there the tenpai that Tenhou's rules
 * make of the hands (paifu_deal_draw_tenpai). PAIFU_EINVAL when DRAW is no exhaustive draw of
 * DEAL or TENPAI names a seat past 3.
 */
PAIFU_EXTERN int paifu_game_set_draw_tenpai(paifu_game *game, size_t deal, size_t draw,
                                            unsigned tenpai, paifu_error *err);

/** Append a PENALTY event with its record (note copied). */
PAIFU_EXTERN int paifu_game_add_penalty(paifu_game *game, const paifu_penalty *penalty,
                                        uint32_t line, uint32_t column, paifu_error *err);

/**
 * Append a RIICHI_ACCEPTED event for SEAT. SCORES_AFTER (may be NULL) are the recorded scores
 * after the deposit.
 */
PAIFU_EXTERN int paifu_game_add_riichi_accepted(paifu_game *game, int seat, unsigned flags,
                                                const int32_t *scores_after, uint32_t line,
                                                uint32_t column, paifu_error *err);

/** Record the outcome of the game. */
PAIFU_EXTERN void paifu_game_set_result(paifu_game *game, const paifu_game_result *result);

/** Say where the source records the result (LINE 0: unknown). */
PAIFU_EXTERN void paifu_game_set_result_location(paifu_game *game, uint32_t line,
                                                 uint32_t column);

/** Mark the game as ending before its natural end (truncated log). */
PAIFU_EXTERN void paifu_game_set_truncated(paifu_game *game, bool truncated);

/** Record a sanction of HUNDREDTHS of a place for SEAT (see paifu_game_place_sanction). */
PAIFU_EXTERN int paifu_game_set_place_sanction(paifu_game *game, int seat, int32_t hundredths,
                                               paifu_error *err);

/** Initialise an event: type, seat, no tiles, detail -1, from -1, ids unknown. */
PAIFU_EXTERN void paifu_event_init(paifu_event *ev, paifu_event_type type, int seat);

/** Initialise a win record: nothing known, pao -1, tiles and ids unknown. */
PAIFU_EXTERN void paifu_win_init(paifu_win *win);

/** Initialise a draw record: nothing known, seat -1. */
PAIFU_EXTERN void paifu_draw_init(paifu_draw *draw, paifu_draw_kind kind);

/** Initialise a deal start: nothing known, dealer 0, no tiles. */
PAIFU_EXTERN void paifu_deal_start_init(paifu_deal_start *start);

/*
 * MCR (Chinese Official) games in this model (rule sets of family mcr; paifu/mcr.h):
 *   - Seats are players. With mcr_seat_changes the players move between rounds (mcr.md §2.4):
 *     the turn order and seat winds of a deal follow the seat table's row for its round_wind,
 *     and its dealer is that row's player for hand_number; without, the deal passes in seat
 *     order. There is no honba and no riichi; dora_indicator stays PAIFU_TILE_NONE.
 *   - Starting hands are the tiles as dealt, flowers and seasons (1f-8f) included: 13 each, the
 *     dealer 13 followed by a first DRAW (or 14). Each bonus tile is set aside by a FLOWER event
 *     and replaced by a DRAW flagged PAIFU_EVF_REPLACEMENT, at the start in any order before the
 *     first discard, later in the holder's turn. The replacement after a kong carries the same
 *     flag. A bonus tile may also be discarded; it then scores nothing.
 *   - A win's yaku[] are fans: id = fan number 1..81 (82: the practice fan "concealed kong and
 *     melded kong"), han = points of one instance, count = instances; #81 Flower Tiles counts
 *     the bonus tiles. `han` is the basic points B = fans + flowers; `from` is the discarder, the
 *     winner for a self-draw, or the player whose added kong was robbed. Deltas are the
 *     settlement of mcr.md §8. paifu's own format names fans "mcr:<snake_case name>".
 *   - A false hu is a PAIFU_PENALTY_CHOMBO of the offender; deltas as the rule set says.
 */

PAIFU_END_DECL

#endif
