/*
 * lossy.h: what the writers of formats narrower than the model share (private to formats/).
 *
 *   - Loss bookkeeping: every kind of information the target cannot carry is reported once per
 *     game (the bits of a format_write's `lost`) through paifu_formats__loss (which fails under
 *     --strict).
 *   - Values a target needs that a log may leave implicit: the scores and riichi sticks at a
 *     deal's start, the score changes of an outcome. They are worked out from what the log
 *     does record (the previous deal, the next deal's scores), never from the tiles; when they
 *     cannot be, the writer refuses the game (PAIFU_EUNSUPPORTED) instead of inventing them.
 *   - Whether the kan dora indicators sit where Tenhou and Mortal reveal them (the formats
 *     that do not carry the moment re-place them there on reading).
 */
#ifndef PAIFU_FORMATS_LOSSY_H
#define PAIFU_FORMATS_LOSSY_H

#include "format.h"

#include <paifu/game.h>
#include <paifu/rules.h>

/* Kinds of loss, one bit each (reported once per game). */
typedef enum lossy_kind {
    LOSS_WALL = 0,    /* the wall and its shuffle seed */
    LOSS_DICE,        /* the dice */
    LOSS_TILE_IDS,    /* which physical copy of a tile was used */
    LOSS_PENALTIES,   /* penalties (chombo, fines, dead hands) */
    LOSS_CONNECTION,  /* disconnections and reconnections */
    LOSS_DORA_TIMING, /* when a kan dora indicator was revealed */
    LOSS_TSUMOGIRI,   /* tsumogiri flags the source does not record */
    LOSS_RULES,       /* the rule set */
    LOSS_FINAL,       /* final scores (uma, oka) or final points */
    LOSS_META,        /* source metadata with no place in the target */
    LOSS_VALUES,      /* recorded han, fu, points or limits the target cannot show */
    LOSS_HANDS,       /* hands shown at a draw */
    LOSS_SCORES,      /* running scores recorded with deposits, wins and draws */
    LOSS_CLOCK,       /* the deal the main time ran out in (RRC 2024 §6.4) */
    LOSS_COMPUTED,    /* values the source does not record, written as computed (no --fill) */
    LOSS_KIND_COUNT
} lossy_kind;

/*
 * Kinds of value a target needs, or has a place for, that a source may not record. Such a
 * value is written only as computed (paifu_lossy__compute): counted, and said at the game's
 * end as --fill's note or as a loss of kind `computed`.
 */
typedef enum lossy_computed {
    COMPUTED_START_SCORES = 0, /* scores at a deal's start (from earlier deals or start_points) */
    COMPUTED_DELTAS,           /* an outcome's score changes (from the next deal's scores) */
    COMPUTED_FINAL,            /* final scores (uma, oka) under the rule set */
    COMPUTED_FINAL_POINTS,     /* final points (from the last deal's score changes) */
    COMPUTED_WIN_POINTS,       /* a win's points or limit (from its han and fu) */
    COMPUTED_PAYMENTS,         /* a tsumo's payments (split from its points) */
    COMPUTED_TENPAI,           /* tenpai at an exhaustive draw (from the tiles) */
    COMPUTED_TSUMOGIRI,        /* tsumogiri flags (a discard of the tile just drawn) */
    COMPUTED_RULES,            /* a rule set the reader assumed, written as the game's */
    COMPUTED_KIND_COUNT
} lossy_computed;

/*
 * A value of kind KIND that the source does not record: should the writer write it? NEEDED: the
 * target cannot do without it (true: written, counted), else it is written (and counted) only
 * under the write options' fill and left out otherwise. COUNT values at once.
 */
bool paifu_lossy__compute(format_write *w, lossy_computed kind, bool needed, unsigned long count);

/* After a game is written: what paifu_lossy__compute counted, as the fill note (options' fill)
   or as one loss of kind `computed` naming each kind and count. 0 or the --strict error. */
int paifu_lossy__computed_report(format_write *w);

/* Report WHAT (kind KIND) unless that kind was reported for this game. 0 or the --strict
 * error. */
int paifu_lossy__report(format_write *w, lossy_kind kind, const char *what);

/* What a writer carries beyond the public PAIFU_CARRIES_* bits (paifu_lossy__scan's CARRIES). */
#define LOSSY_CARRIES_DICE        0x10000u /* the dice, also without the wall */
#define LOSSY_CARRIES_SCORES      0x20000u /* running scores recorded with deposits and outcomes */
#define LOSSY_CARRIES_DORA_TIMING 0x40000u /* where each kan dora indicator was revealed */
#define LOSSY_DORA_MJAI           0x80000u /* kan dora at the mjai writer's moments (else tenhou6's) */
#define LOSSY_WRITES_TSUMOGIRI    0x100000u /* a tsumogiri flag on every discard (a value) */

/*
 * Report what every narrow format loses: the wall, dice, tile ids, penalties, connections
 * (unless CARRIES has PAIFU_CARRIES_CONNECTION), tsumogiri flags the source does not know,
 * kan dora indicators revealed where the target's reader would not put them back (the tenhou6
 * reader's places, or with LOSSY_DORA_MJAI the mjai writer's), and the running
 * scores a log records beside its score changes.
 */
int paifu_lossy__scan(format_write *w, unsigned carries);

/* Report, as one loss naming them, the metadata keys for which CARRIED says false. */
int paifu_lossy__metadata(format_write *w, bool (*carried)(const char *key));

/*
 * Is discard E tsumogiri, DRAWN being its seat's latest draw? As recorded, else when it is the
 * tile drawn. A recorded tsumogiri of another tile than the one drawn (which the targets cannot
 * show) is reported and set false. 0 or the --strict error; *TSUMOGIRI is set either way.
 */
int paifu_lossy__tsumogiri(format_write *w, const paifu_event *e, paifu_tile drawn,
                           bool *tsumogiri);

/*
 * What every narrow target refuses first in a deal, as the refusal's text: a deal without tiles
 * (only its outcome), then one whose round and dealer are not recorded. NULL for neither.
 */
const char *paifu_lossy__deal_untold(const paifu_deal *d);

/* Does deal start ST give every one of PLAYERS seats a 13-tile starting hand? */
bool paifu_lossy__hands_dealt(const paifu_deal_start *st, int players);

/* Append the JSON array of the four seats' names (GAME's players, "" for a seat not in play):
   an unnamed seat in play gets UNNAMED, the format's platform's name for a seat without one
   (Tenhou's "NoName"; "" none), so that the platform's own log reads back the same. */
void paifu_lossy__names(paifu_buf *b, const paifu_game *game, const char *unnamed);

/* Does deal D have a tile the log does not show (a hidden draw, a call without its tiles)? */
bool paifu_lossy__hidden_tile(const paifu_deal *d);

/* The game's rule set is of the MCR family: 1 yes, 0 no (or no rule set), PAIFU_ENOMEM (ERR set)
   when it could not be resolved for want of memory. */
int paifu_lossy__is_mcr(const paifu_game *game, paifu_error *err);

/* Does rule KEY of RULES have the value VALUE (as paifu_rules_get writes it)? */
bool paifu_lossy__rule_is(const paifu_rules *rules, const char *key, const char *value);

/* Is tenpai at an exhaustive draw what the hands show, a fact of W's game's rules: its rule set
   has tenpai_declared_automatically (no noten declaration) and the log gives the rule set (the
   reader did not assume it, and it is not unknown)? */
bool paifu_lossy__tenpai_by_rule(const format_write *w);
/* A and B resolve every parameter alike. */
bool paifu_lossy__same_rules(const paifu_rules *a, const paifu_rules *b);
/* paifu_rules_set on RULES (a paifu_rules *) as an add(payload, key, value) callback. */
int paifu_lossy__set_rule(void *rules, const char *key, const char *value);

/* Rule KEY of RULES as an integer (0 when it is not one). */
int paifu_lossy__rule_int(const paifu_rules *rules, const char *key);

/*
 * Scores at the start of deal INDEX: recorded (0), else the previous deal's start minus its
 * riichi deposits plus its score changes (the first deal: the rule set's start_points), 1. -1
 * when a change needed is not known.
 */
int paifu_lossy__start_scores(int32_t out[PAIFU_SEATS], const paifu_game *game, size_t index,
                              const paifu_rules *rules);

/* Riichi sticks on the table at the start of deal INDEX: recorded, else carried from the
 * previous deal (its own plus its deposits, none after a win). */
int paifu_lossy__start_sticks(const paifu_game *game, size_t index);

/*
 * Score changes of outcome K (0-based among the deal's WIN and draw events) of deal INDEX:
 * recorded (0), else, for a deal with a single outcome, the next deal's recorded scores (or the
 * game's final points after a win) minus the start and plus the riichi deposits (1: computed).
 * -1 when they cannot be known.
 */
int paifu_lossy__outcome_deltas(int32_t out[PAIFU_SEATS], const paifu_game *game, size_t index,
                                size_t k, const paifu_rules *rules);

#endif
