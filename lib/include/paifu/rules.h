/*
 * paifu/rules.h: rule sets as data.
 *
 * A rule set is a list of named parameters (kiriage, uma, multi_ron, ...), spelled as in
 * shared/rules/riichi-rulesets.md section 3. A preset (rrc, ema, ema2012, wrc, jhc2016, tenhou,
 * majsoul, mcr) gives a value to every parameter; any parameter can then be overridden by name.
 * The engine reads parameters, never preset names.
 *
 * Values are written as text on the way in and out:
 *   bool   "true"/"false" (also 1/0, yes/no, on/off)
 *   int    decimal, may be negative
 *   enum   one of the names listed in the parameter's `values`
 *   set    names joined by "," (empty string = empty set)
 *   int[4] four integers joined by "," (uma: "15000,5000,-5000,-15000")
 */
#ifndef PAIFU_RULES_H
#define PAIFU_RULES_H

#include "error.h"
#include "game.h"

PAIFU_BEGIN_DECL

/** A resolved rule set. Opaque; owns its memory. */
typedef struct paifu_rules paifu_rules;

/** Parameter types. */
typedef enum paifu_rule_type {
    PAIFU_RULE_BOOL,
    PAIFU_RULE_INT,
    PAIFU_RULE_ENUM,
    PAIFU_RULE_SET,
    PAIFU_RULE_INT4
} paifu_rule_type;

/** Description of one parameter (static data). */
typedef struct paifu_rule_param_info {
    const char *name;    /**< key, e.g. "kiriage" */
    const char *group;   /**< topic: "game", "points", "settlement", "scoring", "legality", ... */
    paifu_rule_type type;
    const char *values;  /**< enum/set: allowed names joined by "|"; else "" */
    const char *doc;     /**< one-line meaning, every level explained */
    const char *source;  /**< where the rule documents discuss it */
    int fact;            /**< 1: a fact of the log (the tile set it was played with, its players,
                              its length): a log that names its rule set keeps it under any
                              other preset or rule file (paifu_game_rules_resolve); only an
                              explicit KEY=VALUE overrides it. The family (riichi or MCR) is
                              a fact no rule set changes: a game is refused under the other
                              family's. 0: a ruling of the tournament */
} paifu_rule_param_info;

/**
 * Create the rule set of a preset by NAME ("rrc", "ema", "ema2012", "wrc", "jhc2016", "tenhou",
 * "majsoul", "mcr"). Owned by the caller: free with paifu_rules_free(). Unknown name:
 * PAIFU_EINVAL with the list of presets in the message.
 */
PAIFU_EXTERN int paifu_rules_preset(paifu_rules **out, const char *name, paifu_error *err);

/** Copy a rule set. Owned by the caller: free with paifu_rules_free(). */
PAIFU_EXTERN int paifu_rules_copy(paifu_rules **out, const paifu_rules *src, paifu_error *err);

/** Free a rule set. NULL is a no-op. */
PAIFU_EXTERN void paifu_rules_free(paifu_rules *rules);

/** Name of the preset the rule set started from. Borrowed: valid until paifu_rules_free(). */
PAIFU_EXTERN const char *paifu_rules_name(const paifu_rules *rules);

/** Number of parameters changed after the preset was loaded (by paifu_rules_set). */
PAIFU_EXTERN size_t paifu_rules_override_count(const paifu_rules *rules);

/**
 * Write "KEY=VALUE, KEY=VALUE" into BUF for every parameter whose value differs from the
 * preset the rule set started from (paifu_rules_name), in the order of paifu_rules_param:
 * what the rule set is, however it was made (the log's facts and settings, --rule, a file).
 * "" when it is the preset. Returns the length of the whole text (BUF holds it when it is less
 * than SIZE; else BUF ends at the last whole KEY=VALUE that fits), or -1 for a bad argument.
 */
PAIFU_EXTERN int paifu_rules_changes(char *buf, size_t size, const paifu_rules *rules);

/**
 * The scoring identity of a rule set: the parameters by which two games are scored differently
 * (the family, the players, start and return points, oka, uma and the standings method), and no
 * other. Games whose rule sets agree on these are ranked in one standings table, whatever their
 * knowledge flags, the facts of their logs (red fives, game length) or a platform's rounding.
 * Returns 1 when A and B have the same scoring identity, 0 when not or for a NULL argument.
 */
PAIFU_EXTERN int paifu_rules_scoring_equal(const paifu_rules *a, const paifu_rules *b);

/**
 * The scoring identity of RULES in words, for the footnote of a standings table: "4 players,
 * start 30,000, return 30,000, oka 0, uma +15,000/+5,000/-5,000/-15,000, ranked by the sum of
 * final scores". Returns the length of the whole text (BUF holds it when it is less than SIZE),
 * or -1 for a bad argument.
 */
PAIFU_EXTERN int paifu_rules_scoring_text(char *buf, size_t size, const paifu_rules *rules);

/**
 * Set parameter KEY from its text form VALUE. PAIFU_EINVAL names the key or the allowed values
 * when either is unknown.
 */
PAIFU_EXTERN int paifu_rules_set(paifu_rules *rules, const char *key, const char *value,
                                 paifu_error *err);

/** Apply "KEY=VALUE" (the CLI's --rule argument). */
PAIFU_EXTERN int paifu_rules_set_assignment(paifu_rules *rules, const char *assignment,
                                            paifu_error *err);

/**
 * Write the text form of parameter KEY into BUF. Returns 0, or PAIFU_EINVAL for an unknown key,
 * or PAIFU_ELIMIT when BUF is too small.
 */
PAIFU_EXTERN int paifu_rules_get(char *buf, size_t size, const paifu_rules *rules, const char *key,
                                 paifu_error *err);

/** Number of parameters. */
PAIFU_EXTERN size_t paifu_rules_param_count(void);

/** Description of parameter I (0 <= I < paifu_rules_param_count()); NULL when out of range. */
PAIFU_EXTERN const paifu_rule_param_info *paifu_rules_param(size_t i);

/** Name of a parameter type as the documentation writes it ("bool", "int", "enum", "set",
    "int[4]"); "?" for a value outside the enum. Static. */
PAIFU_EXTERN const char *paifu_rule_type_name(paifu_rule_type type);

/** Number of presets. */
PAIFU_EXTERN size_t paifu_rules_preset_count(void);

/** Name of preset I, NULL when out of range. Static storage. */
PAIFU_EXTERN const char *paifu_rules_preset_name(size_t i);

/** One-line description of preset I (its source document), NULL when out of range. */
PAIFU_EXTERN const char *paifu_rules_preset_doc(size_t i);

/* ---- the rules a game is checked under ---- */

/** Who named the rule set paifu_game_rules_resolve() returned. */
typedef enum paifu_rules_origin {
    PAIFU_RULES_FROM_LOG = 0, /**< the log names its rule set (its preset) */
    PAIFU_RULES_FROM_CALLER,  /**< the caller chose it: a preset name or a rule set (rule file) */
    PAIFU_RULES_ASSUMED       /**< nobody: the fallback preset was assumed, or the preset a
                                   reader chose for a format that names none
                                   (PAIFU_META_RULES_ASSUMED) */
} paifu_rules_origin;

/** "log", "caller" or "assumed" ("unknown" for any other value). Static storage. */
PAIFU_EXTERN const char *paifu_rules_origin_name(paifu_rules_origin origin);

#define PAIFU_RULES_CHOICE_VERSION 1

/** What the caller chose for paifu_game_rules_resolve(). Every field may be left empty. */
typedef struct paifu_rules_choice {
    unsigned int version;              /**< PAIFU_RULES_CHOICE_VERSION */
    const char *preset;                /**< a preset that replaces the one the log names */
    const paifu_rules *rules;          /**< a rule set (a rule file's) used as it is; wins over
                                            preset; borrowed, copied into the result */
    const char *const *assignments;    /**< "KEY=VALUE" changes applied last, in order */
    size_t n_assignments;
    const char *fallback;              /**< preset when neither names one; NULL: "rrc" */
} paifu_rules_choice;

#define PAIFU_RULES_CHOICE_INIT {PAIFU_RULES_CHOICE_VERSION, NULL, NULL, NULL, 0, NULL}

/** Initialise CHOICE to the defaults of VERSION. PAIFU_EINVAL for an unknown version. */
PAIFU_EXTERN int paifu_rules_choice_init(paifu_rules_choice *choice, unsigned int version);

/**
 * The rules GAME is checked under, the one policy every caller shares:
 *   1. CHOICE->rules as they are; else
 *   2. the preset CHOICE->preset, else the preset the log names, else CHOICE->fallback ("rrc"
 *      if NULL), followed by the log's own rule overrides (facts of its game: red fives,
 *      players, length, a lobby's uma);
 *   3. a game of three players gets players = 3 (a four-player rule set chosen for it is
 *      played three-handed);
 *   4. CHOICE->assignments, last (they count in paifu_rules_override_count()).
 * GAME may be NULL (no log: steps 2-3 use no log), CHOICE NULL (no choice). *ORIGIN_OUT (may
 * be NULL) says who named the rule set: a report says when one was assumed. Owned by the
 * caller: paifu_rules_free(). Unknown preset or parameter: PAIFU_EINVAL naming it. A game of
 * the other family than the rule set (an MCR log under a riichi preset or rule file, a riichi
 * log under mcr, or after a KEY=VALUE `family`): PAIFU_EINVAL naming both and the preset to
 * use; the game is not checked, the next one may be.
 */
PAIFU_EXTERN int paifu_game_rules_resolve(paifu_rules **out, paifu_rules_origin *origin_out,
                                          const paifu_game *game,
                                          const paifu_rules_choice *choice, paifu_error *err);

/**
 * paifu_game_rules_resolve() with no choice but FALLBACK: the preset the log names, then the
 * log's overrides, players = 3 for a game of three. When the log names none, FALLBACK ("rrc"
 * if NULL) is used. Owned by the caller: paifu_rules_free().
 */
PAIFU_EXTERN int paifu_game_rules(paifu_rules **out, const paifu_game *game, const char *fallback,
                                  paifu_error *err);

/**
 * Does the log of GAME give its rule set: it names a preset, which its reader neither assumed
 * (PAIFU_META_RULES_ASSUMED) nor found unknown (PAIFU_META_RULES_UNKNOWN)? Only then are the
 * rule set's platform rules (paifu_game_rules(), as tenpai_declared_automatically:
 * paifu_deal_draw_tenpai) facts of the log. NULL: false.
 */
PAIFU_EXTERN bool paifu_game_rules_given(const paifu_game *game);

/* ---- what paifu enforces of a preset's rule document ---- */

/** Whether a rule of a document can be checked from a log. */
typedef enum paifu_rule_check_status {
    PAIFU_CHECK_ENFORCED = 0,  /**< checked on every log, score sheets included */
    PAIFU_CHECK_TILE_LOGS,     /**< checked where the log has the deal's tiles */
    PAIFU_CHECK_NOT_FROM_LOG   /**< no log shows it (the clock, etiquette, substitutes) */
} paifu_rule_check_status;

/** One rule of a preset's document and how paifu checks it. Static storage. */
typedef struct paifu_rule_check {
    const char *clause;   /**< "RRC 2024 §3.13", "JHC 2016 §7.3.1.16", "MCR L203", ... */
    const char *rule;     /**< the rule in a few words */
    paifu_rule_check_status status;
    const char *params;   /**< comma-separated parameters that carry it ("" none) */
    const char *findings; /**< comma-separated finding codes that report a breach ("" none) */
} paifu_rule_check;

/**
 * The enforcement table of PRESET: *OUT points to its rows (static storage). Returns the number
 * of rows, 0 for an unknown preset.
 */
PAIFU_EXTERN size_t paifu_rules_checks(const paifu_rule_check **out, const char *preset);

/** "enforced", "enforced on tile logs only" or "cannot be checked from a log". Static. */
PAIFU_EXTERN const char *paifu_rule_check_status_name(paifu_rule_check_status status);

PAIFU_END_DECL

#endif
