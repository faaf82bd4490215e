/*
 * paifu/score.h: riichi scoring: yaku, han, fu, limits and payments of a win.
 *
 * Scoring is a pure function of (hand, situation, rule set) and writes into a result struct the
 * caller provides; nothing here allocates. The rules come from shared/rules/yaku.md (yaku,
 * exclusions, the fu algorithm of its section 5 and the points algorithm of section 6) and every
 * difference between rule sets is a parameter of paifu_rules (doc/rules.md lists them).
 *
 * What the scorer leaves to the caller: honba, riichi sticks and pao. It exposes what they need:
 * the base points, the payment of each payer without honba, and each yakuman as its own yaku
 * entry (han = 13 per multiple) so that the liable part of a pao win can be priced with
 * paifu_points_payment(8000 * liable multiples).
 */
#ifndef PAIFU_SCORE_H
#define PAIFU_SCORE_H

#include "game.h"
#include "hand.h"
#include "rules.h"
#include "yaku.h"

PAIFU_BEGIN_DECL

/* ---- situation ---- */

/** Situation flags (paifu_situation.flags). */
#define PAIFU_SIT_TSUMO         0x0001u /**< self-draw; otherwise ron */
#define PAIFU_SIT_RIICHI        0x0002u
#define PAIFU_SIT_DOUBLE_RIICHI 0x0004u /**< riichi in the first go-around (implies RIICHI) */
#define PAIFU_SIT_IPPATSU       0x0008u
#define PAIFU_SIT_HAITEI        0x0010u /**< tsumo on the last live-wall tile */
#define PAIFU_SIT_HOUTEI        0x0020u /**< ron on the last discard */
#define PAIFU_SIT_RINSHAN       0x0040u /**< tsumo on a kan replacement tile */
#define PAIFU_SIT_CHANKAN       0x0080u /**< ron on a tile added to a pon */
#define PAIFU_SIT_CHANKAN_ANKAN 0x0100u /**< ron on a closed kan (kokushi only, if the rules allow) */
#define PAIFU_SIT_TENHOU        0x0200u /**< dealer's win on the dealt hand */
#define PAIFU_SIT_CHIIHOU       0x0400u /**< non-dealer's tsumo on the first, uninterrupted draw */
#define PAIFU_SIT_RENHOU        0x0800u /**< ron in the first uninterrupted go-around */

/**
 * Everything about a win that is not the tiles. The dealer is the player whose seat wind is
 * East. Ura indicators count only when RIICHI is set. Three-player scoring (dora 1m -> 9m, the
 * tsumo payers) follows rules->players.
 */
typedef struct paifu_situation {
    paifu_tile win_tile; /**< the winning tile (red flag kept) */
    uint8_t round_wind;  /**< paifu_wind */
    uint8_t seat_wind;   /**< paifu_wind; EAST = dealer */
    uint8_t n_dora;      /**< dora indicators revealed (first + kan dora) */
    uint8_t n_ura;       /**< ura indicators (riichi winners) */
    int16_t honba;       /**< counters on the table (ryanhan shibari); not paid by the scorer */
    uint16_t reserved;
    unsigned flags;      /**< PAIFU_SIT_* */
    paifu_tile dora[PAIFU_MAX_INDICATORS];
    paifu_tile ura[PAIFU_MAX_INDICATORS];
} paifu_situation;

/** Set a ron in the East round by a non-dealer South seat with nothing else: fill in the rest. */
PAIFU_EXTERN void paifu_situation_init(paifu_situation *sit);

/* ---- result ---- */

/** Why a hand is not a valid win. */
typedef enum paifu_score_status {
    PAIFU_SCORE_OK = 0,          /**< a valid win */
    PAIFU_SCORE_NOT_COMPLETE,    /**< the tiles form no winning shape */
    PAIFU_SCORE_NO_YAKU,         /**< complete, but no yaku (dora never count) */
    PAIFU_SCORE_BELOW_MINIMUM,   /**< fewer yaku han than the rule set's minimum (ryanhan shibari) */
    PAIFU_SCORE_CHANKAN_ANKAN    /**< robbed a closed kan without kokushi, or the rules forbid it */
} paifu_score_status;

/** Wait of the winning tile in the chosen reading (yaku.md section 5). */
typedef enum paifu_wait {
    PAIFU_WAIT_RYANMEN = 0, /**< two-sided */
    PAIFU_WAIT_KANCHAN,     /**< closed (middle) */
    PAIFU_WAIT_PENCHAN,     /**< edge */
    PAIFU_WAIT_SHANPON,     /**< one of two pairs */
    PAIFU_WAIT_TANKI        /**< single tile (pair) */
} paifu_wait;

/** Parts of the fu sum (paifu_fu_part.what). */
typedef enum paifu_fu_kind {
    PAIFU_FU_BASE = 0,   /**< 20 (chiitoitsu: the fixed 25) */
    PAIFU_FU_SET,        /**< a triplet or quad; `tile` says which */
    PAIFU_FU_PAIR,       /**< a value pair */
    PAIFU_FU_WAIT,       /**< kanchan, penchan, tanki */
    PAIFU_FU_MENZEN_RON, /**< closed hand won by ron: 10 */
    PAIFU_FU_TSUMO,      /**< self-draw: 2 */
    PAIFU_FU_OPEN_PINFU  /**< open hand, ron, nothing else: rules' open_pinfu_fu */
} paifu_fu_kind;

/** One term of the fu sum. */
typedef struct paifu_fu_part {
    uint8_t what;    /**< paifu_fu_kind */
    uint8_t fu;
    paifu_tile tile; /**< the set's or pair's kind, PAIFU_TILE_NONE otherwise */
    uint8_t open;    /**< PAIFU_FU_SET: the set counts as open */
} paifu_fu_part;

#define PAIFU_MAX_FU_PARTS 10

/** Payments of a hand value, honba and riichi sticks excluded. */
typedef struct paifu_payment {
    int32_t base;            /**< base points: fu * 2^(han+2), or the limit's (mangan 2000) */
    int32_t ron;             /**< what the discarder pays */
    int32_t tsumo_dealer;    /**< non-dealer's tsumo: what the dealer pays (dealer's tsumo: 0) */
    int32_t tsumo_nondealer; /**< tsumo: what each non-dealer pays */
} paifu_payment;

/**
 * The score of a win. Everything is filled in even when status is not PAIFU_SCORE_OK (then
 * the points are 0 and the yaku list holds what the hand does have, for diagnostics).
 */
typedef struct paifu_score {
    uint8_t status;     /**< paifu_score_status */
    uint8_t limit;      /**< paifu_limit (kazoe yakuman is PAIFU_LIMIT_YAKUMAN, yakuman 0) */
    uint8_t yakuman;    /**< yakuman multiples paid (after the stacking rule); 0 normally */
    uint8_t n_yaku;
    int16_t han;        /**< total han, dora included; a yakuman hand: 13 per multiple */
    int16_t yaku_han;   /**< han from yaku alone (dora, aka, ura, kita excluded) */
    int16_t fu;         /**< fu of the chosen reading, rounded; computed even when it does not matter */
    int16_t fu_raw;     /**< the same before rounding up to 10 */
    bool fu_counted;    /**< false when fu do not matter: yakuman, 5+ han (yaku.md section 5) */
    bool tsumo;
    bool dealer;
    uint8_t dora;       /**< han from dora indicators (kita Norths included when North is dora) */
    uint8_t aka;        /**< red fives */
    uint8_t ura;        /**< han from ura indicators (riichi only) */
    uint8_t kita;       /**< Norths set aside, one han each */
    uint8_t wait;       /**< paifu_wait of the winning tile in the chosen reading */
    uint8_t win_set;    /**< the set (0..3) the winning tile completes; 4 = the pair */
    uint8_t n_fu_parts;
    paifu_payment pay;  /**< payments of the whole hand */
    int32_t total;      /**< what the winner collects: ron, or the sum of the tsumo payers */
    paifu_reading reading;  /**< the reading chosen (most points, then most han, then fu) */
    paifu_fu_part fu_parts[PAIFU_MAX_FU_PARTS];
    paifu_yaku_value yaku[PAIFU_MAX_YAKU]; /**< Tenhou's ids and order; names are NULL */
} paifu_score;

/**
 * Score a win. HAND holds the winner's tiles with or without the winning tile: in the 13-tile
 * state SIT->win_tile is added, in the 14-tile state it must be among the concealed tiles
 * already (the Tenhou way: `hai` includes the winning tile). All readings and wait positions are
 * tried and the one with the most points is kept (yaku.md section 4 rule 11).
 *
 * The yaku list follows Tenhou's ids and order: the yaku, then dora (52), red fives (54) and ura
 * (53; listed for every riichi winner, even at 0), then kita (55). A yakuman is listed with
 * han 13 per multiple.
 *
 * Returns 0 when the hand could be evaluated (check out->status for the verdict); PAIFU_EINVAL
 * or PAIFU_EFORMAT for tiles that cannot be a hand (wrong count, winning tile missing, a fifth
 * copy). Allocates nothing.
 */
PAIFU_EXTERN int paifu_score_hand(paifu_score *out, const paifu_hand *hand,
                                  const paifu_situation *sit, const paifu_rules *rules,
                                  paifu_error *err);

/**
 * Yakuman multiples that yakuman ID contributes to score S (0 when S does not have it), for
 * pricing the liable part of a pao win: base = 8000 * the multiples of the liable yakuman
 * (000 §3.7.9), then paifu_points_payment(). Under rules without stacking, S->yakuman may be
 * less than the sum over its yakuman; the caller caps the liable part at S->yakuman.
 */
PAIFU_EXTERN int paifu_score_yakuman_of(const paifu_score *s, unsigned id);

/**
 * Score every interpretation (reading and wait position) of a win separately, as
 * paifu_score_hand would before choosing. Stores at most CAP results, best first, and their
 * number in *N_OUT.
 */
PAIFU_EXTERN int paifu_score_interpretations(paifu_score *out, size_t cap, size_t *n_out,
                                             const paifu_hand *hand, const paifu_situation *sit,
                                             const paifu_rules *rules, paifu_error *err);

/**
 * Tenpai at an exhaustive draw (the 13-tile state). A wait counts only when the player does not
 * already hold all four tiles of it in hand and melds (RRC 000 §3.8; Tenhou). With
 * rules->keishiki_tenpai false a wait also needs a yaku (ron or tsumo, with SIT's winds and
 * riichi flags; SIT may be NULL: East round, dealer, no riichi).
 */
PAIFU_EXTERN bool paifu_hand_tenpai_for_draw(const paifu_hand *hand, const paifu_rules *rules,
                                             const paifu_situation *sit);

/**
 * Rebuild the hand and situation of recorded win WIN of DEAL, for scoring recorded wins without
 * a replay (benchmarks, cross-checks): the concealed tiles the record shows (winning tile
 * included), the winner's melds from the call events before the WIN event, Norths set aside,
 * winds, honba, the record's dora and ura indicators (a record without indicators: the deal's
 * first indicator and its DORA events before the win). Tsumo, riichi, rinshan and chankan come
 * from the events; ippatsu, double riichi, haitei, houtei, tenhou, chiihou and renhou from the
 * recorded yaku (the verifier derives those itself), or, for a record without yaku, from the
 * events (the riichi discard, calls, the draws left). A record that shows no hand takes the
 * winner's concealed tiles from the table at the win (paifu_deal_state_at). PLAYERS is 4 or 3.
 * PAIFU_EFORMAT when neither shows the hand, or its tiles do not fit.
 */
PAIFU_EXTERN int paifu_deal_win_hand(paifu_hand *hand_out, paifu_situation *sit_out,
                                     const paifu_deal *deal, size_t win, int players,
                                     paifu_error *err);

/**
 * The seats whose hands are tenpai at exhaustive draw DRAW of DEAL, as its tiles show them: each
 * seat's concealed tiles at the draw (paifu_deal_state_at), its melds from its call events and
 * its Norths set aside, read by paifu_hand_tenpai_for_draw under RULES (no situation: a
 * yaku-less wait counts only under keishiki_tenpai). Whatever the draw records. PLAYERS is 4
 * or 3. PAIFU_EUNSUPPORTED for a deal without its tiles (a score sheet's, a result-only deal),
 * PAIFU_EINVAL when DRAW is not an exhaustive draw of DEAL.
 */
PAIFU_EXTERN int paifu_deal_hands_tenpai(unsigned *tenpai_out, const paifu_deal *deal,
                                         size_t draw, int players, const paifu_rules *rules,
                                         paifu_error *err);

/**
 * Who is tenpai at exhaustive draw DRAW of DEAL under RULES: the tenpai the draw records
 * (PAIFU_REC_TENPAI); else, where the rule set has tenpai_declared_automatically (no noten
 * declaration: Tenhou), the seats whose hands are tenpai (paifu_deal_hands_tenpai), a fact of
 * the rules and the recorded tiles rather than a value computed in the record's place (so pass
 * the rule set the log gives, paifu_game_rules() where paifu_game_rules_given(): one a reader
 * only assumed, PAIFU_META_RULES_ASSUMED, makes it no fact; RULES NULL, for a log that gives
 * none: only what the draw records). Returns 1 with *TENPAI_OUT set, 0 when neither gives it
 * (*TENPAI_OUT is then 0), or a negative error. The one source of tenpai at a draw for every
 * output: the export tables' tenpai_at_draw (paifu_table_rows), the writers.
 */
PAIFU_EXTERN int paifu_deal_draw_tenpai(unsigned *tenpai_out, const paifu_deal *deal,
                                        size_t draw, int players, const paifu_rules *rules,
                                        paifu_error *err);

/**
 * Han from dora in the tiles of HAND plus EXTRA (PAIFU_TILE_NONE for none): every indicator
 * adds one per matching tile, so repeated indicators add up (RRC 000 §3.6). Norths set aside
 * count as tiles. Red fives are not counted here (see paifu_hand_aka_count).
 */
PAIFU_EXTERN unsigned paifu_hand_dora_count(const paifu_hand *hand, paifu_tile extra,
                                            const paifu_tile *indicators, size_t n,
                                            bool three_player);

/** Red fives in HAND (concealed and melded) plus EXTRA. */
PAIFU_EXTERN unsigned paifu_hand_aka_count(const paifu_hand *hand, paifu_tile extra);

/** How many wins paifu_game_fill_values() gave each kind of value (and how many it could not
    score). */
typedef struct paifu_fill_counts {
    uint32_t yaku, han, fu, points; /**< points: the points, limit or tsumo split */
    uint32_t unscored;              /**< wins lacking values that the engine could not score */
} paifu_fill_counts;

/**
 * Values GAME's wins do not record, computed from the tiles by the hand engine under RULES: the
 * yaku, han, fu (also the fu of a limit hand recorded as 0), limit, points and a tsumo's split
 * of each win that lacks them (paifu_deal_win_hand, paifu_score_hand). A value set gets its
 * PAIFU_REC_* bit in the win's `known` and in its `computed` (computed, never recorded); what
 * the log records is never changed. COUNTS (may be NULL) gets the wins per kind of value.
 */
PAIFU_EXTERN int paifu_game_fill_values(paifu_game *game, const paifu_rules *rules,
                                        paifu_fill_counts *counts, paifu_error *err);

/* ---- points ---- */

/**
 * Base points and limit of HAN han and FU fu under RULES (kiriage, kazoe yakuman): fu * 2^(han
 * + 2), capped at 2000 (mangan), then haneman 3000, baiman 4000, sanbaiman 6000, and 8000 for
 * 13+ han when rules->kazoe_yakuman (RRC 000 §3.7.6-§3.7.8). LIMIT_OUT may be NULL.
 * PAIFU_EINVAL (negative) when RULES is NULL.
 */
PAIFU_EXTERN int32_t paifu_points_base(int han, int fu, const paifu_rules *rules,
                                       paifu_limit *limit_out);

/**
 * Payments of a hand worth BASE points: each rounded up to 100 after multiplying (ron x4, dealer
 * x6; tsumo x1 per non-dealer, x2 from the dealer; dealer's tsumo x2 from each) (000 §3.7.7).
 */
PAIFU_EXTERN void paifu_points_payment(paifu_payment *out, int32_t base, bool dealer);

/**
 * Can a han/fu pair occur for a win type? 20 fu only as pinfu tsumo (at least 2 han), 25 fu
 * only as chiitoitsu (2 han by ron, 3 by tsumo) (000 §3.7.6; the dashes of its payment table).
 */
PAIFU_EXTERN bool paifu_points_possible(int han, int fu, bool tsumo);

/** Name of a score status ("ok", "not_complete", "no_yaku", ...). */
PAIFU_EXTERN const char *paifu_score_status_name(paifu_score_status status);

/** Name of a wait ("ryanmen", "kanchan", "penchan", "shanpon", "tanki"). */
PAIFU_EXTERN const char *paifu_wait_name(paifu_wait wait);

PAIFU_END_DECL

#endif
