/*
 * paifu/hand.h: a riichi hand, its melds, its readings, waits and shanten.
 *
 * A paifu_hand is a small value type (72 bytes, no pointers): the concealed tiles as counts of
 * the 34 kinds plus the red fives among them, up to four melds in call order, and the Norths set
 * aside (3-player kita). Copy it freely; nothing in this header allocates.
 *
 * Tile counts: a hand "at rest" holds 13 tiles (n_closed + 3 * n_melds == 13, a kan counting as
 * three); after a draw or with the winning tile it holds 14. Functions that analyse a hand say
 * which of the two they expect: waits and tenpai want the 13-tile state (n_closed % 3 == 1),
 * readings and completeness the 14-tile state (n_closed % 3 == 2).
 *
 * Hand notation (paifu_hand_parse), tokens separated by spaces:
 *   123m406p55z          concealed tiles in mpsz notation (0 = red five), any number of tokens
 *   chi:789s pon:666z    melds by name: chi, pon, daiminkan (or kan), shouminkan (or kakan),
 *   daiminkan:5555m      ankan; a ' after a tile marks the called tile ("chi:7'89s"), an
 *   ankan:9999m          optional @left / @across / @right says who discarded it
 *   8'79s 5"55z X99mX    the seed's \mahjong{} meld notation: ' = called (rotated) tile,
 *                        " = added-kan tile (counts twice), X..X = closed kan
 *   +3s  or  -3s         the winning tile (also accepted glued on: "123m99p13s-2s")
 * Example: "123m99p13s chi:8'79s pon:66'6z +2s".
 */
#ifndef PAIFU_HAND_H
#define PAIFU_HAND_H

#include "rules.h"
#include "tile.h"
#include <stdbool.h>

PAIFU_BEGIN_DECL

#define PAIFU_MAX_MELDS 4 /**< melds a riichi hand can hold */

/** Meld kinds, spelled as in shared/rules/vectors.json. */
typedef enum paifu_meld_type {
    PAIFU_MELD_CHI = 1,
    PAIFU_MELD_PON,
    PAIFU_MELD_DAIMINKAN,  /**< open kan of a discard */
    PAIFU_MELD_SHOUMINKAN, /**< a tile added to an own pon */
    PAIFU_MELD_ANKAN       /**< closed kan; keeps the hand closed */
} paifu_meld_type;

/** Who discarded the called tile, relative to the caller. */
typedef enum paifu_meld_from {
    PAIFU_FROM_SELF   = 0, /**< ankan; also "unknown" */
    PAIFU_FROM_RIGHT  = 1, /**< shimocha, next in turn order */
    PAIFU_FROM_ACROSS = 2, /**< toimen */
    PAIFU_FROM_LEFT   = 3  /**< kamicha, previous in turn order (the only source of a chi) */
} paifu_meld_from;

/** One meld. Tiles are sorted by kind, a red five after the plain fives. */
typedef struct paifu_meld {
    uint8_t type;        /**< paifu_meld_type */
    uint8_t from;        /**< paifu_meld_from */
    paifu_tile called;   /**< the tile taken from a discard (shouminkan: of the pon); NONE for ankan */
    uint8_t n;           /**< 3 (chi, pon) or 4 (kans) */
    paifu_tile tiles[4]; /**< every tile of the meld, the called one included */
} paifu_meld;

/** A hand: concealed tiles as counts, melds in call order, Norths set aside. */
typedef struct paifu_hand {
    uint8_t counts[PAIFU_TILE_KINDS]; /**< concealed tiles per kind (0..4) */
    uint8_t red[3];                   /**< red fives among the concealed tiles: man, pin, sou */
    uint8_t n_closed;                 /**< number of concealed tiles */
    uint8_t n_melds;
    uint8_t kita;                     /**< Norths set aside as dora (3-player) */
    paifu_meld melds[PAIFU_MAX_MELDS];
} paifu_hand;

/** Kinds of the sets in a reading. */
typedef enum paifu_set_type {
    PAIFU_SET_SEQUENCE = 1, /**< three consecutive tiles of a suit */
    PAIFU_SET_TRIPLET,      /**< three identical tiles (a pon when called) */
    PAIFU_SET_QUAD          /**< a kan */
} paifu_set_type;

/** Shapes of a complete hand. */
typedef enum paifu_form {
    PAIFU_FORM_STANDARD = 0,  /**< four sets and a pair */
    PAIFU_FORM_SEVEN_PAIRS,   /**< chiitoitsu: seven different pairs */
    PAIFU_FORM_THIRTEEN_ORPHANS /**< kokushi: one of each terminal and honour, plus a pair */
} paifu_form;

/** One set of a reading. */
typedef struct paifu_set {
    uint8_t type; /**< paifu_set_type */
    uint8_t kind; /**< its lowest tile kind */
    int8_t meld;  /**< index into paifu_hand.melds, or -1 for a concealed set */
    uint8_t reserved;
} paifu_set;

/** A reading (decomposition) of a complete 14-tile hand. */
typedef struct paifu_reading {
    uint8_t form;      /**< paifu_form */
    uint8_t n_sets;    /**< 4 for the standard form, 0 otherwise */
    uint8_t pair;      /**< kind of the pair (thirteen orphans: the doubled kind) */
    uint8_t reserved;
    paifu_set sets[4]; /**< concealed sets first (by kind), then the melds in call order */
    uint8_t pairs[7];  /**< seven pairs: the kinds, ascending */
} paifu_reading;

/** Readings a 14-tile hand can have at most (a generous bound; real hands have a handful). */
#define PAIFU_MAX_READINGS 32

/** Set an empty hand (no tiles, no melds). */
PAIFU_EXTERN void paifu_hand_init(paifu_hand *hand);

/**
 * Add one concealed tile. PAIFU_EINVAL for an invalid or bonus tile; PAIFU_EFORMAT when the
 * hand would hold a fifth tile of a kind or more than 14 tiles.
 */
PAIFU_EXTERN int paifu_hand_add(paifu_hand *hand, paifu_tile tile, paifu_error *err);

/**
 * Remove one concealed tile. A red five removes a red five, a plain five a plain one.
 * PAIFU_EFORMAT when the hand does not hold it.
 */
PAIFU_EXTERN int paifu_hand_remove(paifu_hand *hand, paifu_tile tile, paifu_error *err);

/**
 * Build a meld from its tiles (any order; CALLED is one of them, or PAIFU_TILE_NONE for an
 * ankan). PAIFU_EFORMAT names the problem when the tiles do not form TYPE.
 */
PAIFU_EXTERN int paifu_meld_make(paifu_meld *out, paifu_meld_type type, const paifu_tile *tiles,
                                 size_t n, paifu_tile called, paifu_meld_from from,
                                 paifu_error *err);

/**
 * Add a meld to the hand. The concealed tiles are not touched (remove them first). A
 * shouminkan replaces the pon of the same kind in place, so the call order is kept; without
 * such a pon it is appended. PAIFU_EFORMAT for a fifth meld or a fifth tile of a kind.
 */
PAIFU_EXTERN int paifu_hand_add_meld(paifu_hand *hand, const paifu_meld *meld, paifu_error *err);

/** True when no meld except an ankan has been called (the hand is "closed", menzen). */
PAIFU_EXTERN bool paifu_hand_is_closed(const paifu_hand *hand);

/** Tiles of KIND the hand holds: concealed plus melded. */
PAIFU_EXTERN unsigned paifu_hand_kind_count(const paifu_hand *hand, unsigned kind);

/**
 * Parse the hand notation described at the top of this header into OUT. The winning tile, when
 * the text gives one, goes to *WIN_OUT (PAIFU_TILE_NONE otherwise; WIN_OUT may be NULL when the
 * text has none). PAIFU_EFORMAT names the token and what was expected.
 */
PAIFU_EXTERN int paifu_hand_parse(paifu_hand *out, paifu_tile *win_out, const char *text,
                                  paifu_error *err);

/**
 * Write HAND in the notation of paifu_hand_parse ("123m99p13s chi:7'89s +2s"; the winning tile
 * only when WIN is not PAIFU_TILE_NONE). Returns the length the full text needs, like snprintf.
 */
PAIFU_EXTERN size_t paifu_hand_format(char *buf, size_t size, const paifu_hand *hand,
                                      paifu_tile win);

/** True when the hand (14-tile state) has at least one reading: it is a complete hand. */
PAIFU_EXTERN bool paifu_hand_is_complete(const paifu_hand *hand);

/**
 * Every reading of a complete hand: each way to split it into four sets and a pair (melds
 * included), plus seven pairs and thirteen orphans when they apply. Stores at most CAP readings
 * and their number in *N_OUT (0 when the hand is not complete). PAIFU_ELIMIT when there are
 * more than CAP; PAIFU_EINVAL when the hand is not in the 14-tile state.
 */
PAIFU_EXTERN int paifu_hand_readings(paifu_reading *out, size_t cap, size_t *n_out,
                                     const paifu_hand *hand, paifu_error *err);

/**
 * Shanten number: how many tile exchanges the hand is away from tenpai; 0 = tenpai, -1 = a
 * complete hand (14-tile state). The minimum over the standard form, seven pairs and thirteen
 * orphans (the last two only without melds).
 */
PAIFU_EXTERN int paifu_hand_shanten(const paifu_hand *hand);

/**
 * Waits of a 13-tile hand: bit K is set when adding a tile of kind K completes the hand. A kind
 * the concealed part already holds four times is never a wait (there is no fifth tile). Returns
 * 0 when the hand is not in the 13-tile state.
 */
PAIFU_EXTERN uint64_t paifu_hand_waits(const paifu_hand *hand);

/**
 * True when any wait of HAND is in DISCARDED (a bit set of kinds: the player's own discards for
 * furiten, or the tiles passed since the player's last draw for temporary furiten). The replay
 * decides which set applies; this only intersects (RRC 002 §3.4; EMA 004 §3.4.5).
 */
PAIFU_EXTERN bool paifu_hand_furiten(const paifu_hand *hand, uint64_t discarded);

/**
 * May a player in riichi declare a closed kan of the tile just drawn? HAND is the 14-tile
 * state after drawing DRAWN. Depends on rules->riichi_ankan: `wait` - the waits must stay the
 * same; `reading` - and every reading of every completed hand must use the four tiles' kind as
 * a triplet (RRC 000 §3.3.6, 002 §3.3.6, JH 003 §8.1.2.8); `reading_pons` - as `reading`, but a
 * kind read as three identical sequences of three consecutive pons is allowed (EMA 004
 * §3.3.12); `never`. False when the hand does not hold four of DRAWN's kind.
 */
PAIFU_EXTERN bool paifu_hand_riichi_ankan_allowed(const paifu_hand *hand, paifu_tile drawn,
                                                  const paifu_rules *rules);

/**
 * Kuikae: the kinds a player may not discard right after the call CALL, as a bit set, under
 * rules->kuikae: `allow` - none; `forbid_same` - the called kind; `forbid_all` - the called kind
 * and, for a chi called at one end, the kind at the other end of that run (calling 5m with 34m
 * also forbids 2m) (RRC 000 §3.3.4; JH 003 §7.3.1.9; EMA 004 foreword 2008). Kans: none.
 */
PAIFU_EXTERN uint64_t paifu_meld_kuikae_forbidden(const paifu_meld *call, const paifu_rules *rules);

/** Name of a meld type ("chi", "pon", "daiminkan", "shouminkan", "ankan"); "?" if unknown. */
PAIFU_EXTERN const char *paifu_meld_type_name(paifu_meld_type type);

PAIFU_END_DECL

#endif
