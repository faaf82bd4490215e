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

PAIFU_END_DECL

#endif
