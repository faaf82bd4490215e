/*
 * game_rules.c: the rules a game is checked under (paifu/rules.h). Every caller (the CLI, the
 * writers, the tests) asks here, so there is one policy. A rule parameter is of one of two
 * kinds (paifu_rule_param_info.fact): a fact of the log (the tile set it was played with, so
 * which fives are red; its players; its length) or a ruling of the tournament (limits, uma and
 * oka, chombo and penalties, abortive draws, standings, ...).
 *
 *   1. the caller's rule set (a rule file's rules) as it is, or else
 *   2. the caller's preset, or else the preset the log names, or else the fallback (assumed);
 *      the log's own overrides follow the preset it names (or the fallback) and the same preset
 *      named by the caller: they refine that preset for the log's table (a lobby without open
 *      tanyao, a 3-player room's points);
 *   3. when the caller brought the rule set (1 or 2) and the log has rules of its own, every
 *      fact of the log is taken from the log's rule set (its preset and overrides; only its
 *      overrides when it names no preset): a preset or a rule file brings rulings, never the
 *      tile set, the players or the length. The family (riichi or MCR) is the one fact that is
 *      not taken: the tiles and the scoring system are another game's, so a rule set of the
 *      other family brings no ruling that applies, and the game is refused (PAIFU_EINVAL
 *      naming both and the rule set to use), before and after step 5 alike;
 *   4. a game of three players is checked with three (the rule set may be a four-player one:
 *      a preset or a file chosen for another table);
 *   5. the caller's KEY=VALUE assignments, last, so they win over everything above: the one
 *      way to check a log against another fact (its red fives as plain fives).
 *
 * The origin says which of the three named the rule set, so a report can say when one was
 * assumed.
 */
#include "error_internal.h"
#include "paifu/game.h"
#include "rules_internal.h"

#include <stdbool.h>
#include <string.h>
#include <strings.h>

int paifu_rules_choice_init(paifu_rules_choice *choice, unsigned int version)
{
    if (!choice || version != PAIFU_RULES_CHOICE_VERSION)
        return PAIFU_EINVAL;
    paifu_rules_choice init = PAIFU_RULES_CHOICE_INIT;
    *choice = init;
    return 0;
}

const char *paifu_rules_origin_name(paifu_rules_origin origin)
{
    switch (origin) {
    case PAIFU_RULES_FROM_LOG: return "log";
    case PAIFU_RULES_FROM_CALLER: return "caller";
    case PAIFU_RULES_ASSUMED: return "assumed";
    }
    return "unknown";
}

static int apply_log_overrides(paifu_rules *r, const paifu_game *game, bool facts_only,
                               paifu_error *err)
{
    for (size_t i = 0; game && i < paifu_game_rule_override_count(game); i++) {
        const paifu_meta *o = paifu_game_rule_override(game, i);
        if (facts_only && !paifu_rules__is_fact(o->key))
            continue;
        int rc = paifu_rules__set(r, o->key, o->value, err);
        if (rc < 0)
            return rc;
    }
    return 0;
}

/* The family the log was played in (enum paifu_family), or -1 when it does not say: the
   family of the preset it names with its overrides, else a `family` override of its own. */
static int log_family(int *out, const paifu_game *game, paifu_error *err)
{
    *out = -1;
    const char *logged = game ? paifu_game_rules_name(game) : NULL;
    bool named = logged && *logged;
    for (size_t i = 0; game && !named && i < paifu_game_rule_override_count(game); i++)
        named = strcmp(paifu_game_rule_override(game, i)->key, "family") == 0;
    if (!named)
        return 0;
    paifu_rules *own = NULL;
    int rc = paifu_rules_preset(&own, logged && *logged ? logged : paifu_rules__default_preset,
                                err);
    if (rc == 0)
        rc = apply_log_overrides(own, game, false, err);
    if (rc == 0)
        *out = own->family;
    paifu_rules_free(own);
    return rc;
}

/* Refuse R for GAME when the log was played in the other family (FAMILY, from log_family). */
static int same_family(const paifu_rules *r, const paifu_game *game, int family,
                       paifu_error *err)
{
    if (family < 0 || r->family == family)
        return 0;
    const char *logged = paifu_game_rules_name(game);
    const char *use = logged && *logged ? logged
                      : family == PAIFU_FAMILY_MCR ? "mcr"
                                                   : paifu_rules__default_preset;
    bool mcr = family == PAIFU_FAMILY_MCR;
    return paifu_error_set(err, PAIFU_EINVAL, NULL,
                           "%s game cannot be checked under %s, %s rule set (the tiles and the "
                           "scoring are another game's); use --rules %s",
                           mcr ? "an MCR" : "a riichi", paifu_rules_name(r),
                           mcr ? "a riichi" : "an MCR", use);
}

/* Step 3: the facts of the log's own rule set copied into R (a caller's rule set). */
static int keep_log_facts(paifu_rules *r, const paifu_game *game, paifu_error *err)
{
    const char *logged = paifu_game_rules_name(game);
    if (!logged || !*logged)
        return apply_log_overrides(r, game, true, err);
    paifu_rules *own = NULL;
    int rc = paifu_rules_preset(&own, logged, err);
    if (rc == 0)
        rc = apply_log_overrides(own, game, false, err);
    if (rc == 0)
        paifu_rules__copy_facts(r, own);
    paifu_rules_free(own);
    return rc;
}

/* Steps 1 to 3: the rule set before the adjustments, and where it came from; FAMILY is the
   log's (log_family). */
static int base_rules(paifu_rules **out, paifu_rules_origin *origin, const paifu_game *game,
                      const paifu_rules_choice *c, int family, paifu_error *err)
{
    const char *name = c->preset, *logged = game ? paifu_game_rules_name(game) : NULL;
    int rc;
    *origin = PAIFU_RULES_FROM_CALLER;
    if (c->rules) {
        rc = paifu_rules_copy(out, c->rules, err);
    } else {
        if (!name && logged && *logged) {
            name = logged; /* a reader may have chosen it for a format that names none (mjai) */
            *origin = paifu_game_meta_get(game, PAIFU_META_RULES_ASSUMED) ? PAIFU_RULES_ASSUMED
                                                                          : PAIFU_RULES_FROM_LOG;
        }
        if (!name) {
            name = c->fallback ? c->fallback : paifu_rules__default_preset;
            *origin = PAIFU_RULES_ASSUMED;
        }
        rc = paifu_rules_preset(out, name, err);
        /* the log's overrides refine its own preset (or the fallback it is checked under) */
        bool own = !c->preset || (logged && strcasecmp(c->preset, logged) == 0);
        if (rc == 0 && own)
            rc = apply_log_overrides(*out, game, false, err);
        if (rc == 0 && own)
            return 0;
    }
    if (rc == 0 && game)
        rc = same_family(*out, game, family, err);
    int32_t table = rc == 0 ? (*out)->players : 0; /* the caller's table, before the log's */
    if (rc == 0 && game)
        rc = keep_log_facts(*out, game, err);
    if (rc == 0 && (*out)->players != table)
        (*out)->scored_for = table; /* its scoring is another table's */
    return rc;
}

int paifu_game_rules_resolve(paifu_rules **out, paifu_rules_origin *origin_out,
                             const paifu_game *game, const paifu_rules_choice *choice,
                             paifu_error *err)
{
    PAIFU_ASSERT_ARG(out, err);
    *out = NULL;
    paifu_rules_choice defaults = PAIFU_RULES_CHOICE_INIT;
    const paifu_rules_choice *c = choice ? choice : &defaults;
    if (c->version != PAIFU_RULES_CHOICE_VERSION)
        return paifu_error_set(err, PAIFU_EINVAL, NULL, "unknown rules choice version %u",
                               c->version);
    PAIFU_ASSERT_ARG(c->n_assignments == 0 || c->assignments, err);
    paifu_rules *r = NULL;
    paifu_rules_origin origin = PAIFU_RULES_ASSUMED;
    int family;
    int rc = log_family(&family, game, err);
    if (rc == 0)
        rc = base_rules(&r, &origin, game, c, family, err);
    if (rc == 0 && game && paifu_game_players(game) == 3 && r->players != 3) {
        if (!r->scored_for)
            r->scored_for = r->players; /* a four-player rule set's points and uma */
        r->players = 3;
    }
    for (size_t i = 0; rc == 0 && i < c->n_assignments; i++) {
        rc = paifu_rules_set_assignment(r, c->assignments[i], err);
        static const char *const scoring[] = {"players=", "start_points=", "return_points=",
                                              "oka=", "uma="};
        for (size_t k = 0; k < sizeof(scoring) / sizeof(scoring[0]); k++)
            if (strncmp(c->assignments[i], scoring[k], strlen(scoring[k])) == 0)
                r->scored_for = 0; /* the caller gives this table's scoring */
    }
    if (rc == 0 && game) /* no KEY=VALUE makes it another game */
        rc = same_family(r, game, family, err);
    if (rc < 0) {
        paifu_rules_free(r);
        return rc;
    }
    if (origin_out)
        *origin_out = origin;
    *out = r;
    return 0;
}

int paifu_game_rules(paifu_rules **out, const paifu_game *game, const char *fallback,
                     paifu_error *err)
{
    PAIFU_ASSERT_ARG(out && game, err);
    paifu_rules_choice c = PAIFU_RULES_CHOICE_INIT;
    c.fallback = fallback;
    return paifu_game_rules_resolve(out, NULL, game, &c, err);
}

bool paifu_game_rules_given(const paifu_game *game)
{
    const char *name = game ? paifu_game_rules_name(game) : NULL;
    return name && *name && !paifu_game_meta_get(game, PAIFU_META_RULES_ASSUMED) &&
           !paifu_game_meta_get(game, PAIFU_META_RULES_UNKNOWN);
}
