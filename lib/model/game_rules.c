/*
 * game_rules.c: the rules a game is checked under (paifu/rules.h). Every caller (the CLI, the
 * writers, the tests) asks here, so there is one policy:
 *
 *   1. the caller's rule set (a rule file's rules) as it is, or else
 *   2. the caller's preset, or else the preset the log names, or else the fallback (assumed),
 *      each followed by the log's own overrides: they are facts of its game (red fives,
 *      players, length, a lobby's uma);
 *   3. a game of three players is checked with three (the rule set may be a four-player one:
 *      a preset or a file chosen for another table);
 *   4. the caller's KEY=VALUE assignments, last, so they win over everything above.
 *
 * The origin says which of the three named the rule set, so a report can say when one was
 * assumed.
 */
#include "error_internal.h"
#include "paifu/game.h"
#include "rules_internal.h"

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

/* Steps 1 and 2: the rule set before the adjustments, and where it came from. */
static int base_rules(paifu_rules **out, paifu_rules_origin *origin, const paifu_game *game,
                      const paifu_rules_choice *c, paifu_error *err)
{
    if (c->rules) {
        *origin = PAIFU_RULES_FROM_CALLER;
        return paifu_rules_copy(out, c->rules, err);
    }
    const char *name = c->preset, *logged = game ? paifu_game_rules_name(game) : NULL;
    *origin = PAIFU_RULES_FROM_CALLER;
    if (!name && logged && *logged) {
        name = logged; /* a reader may have chosen it for a format that names none (mjai) */
        *origin = paifu_game_meta_get(game, PAIFU_META_RULES_ASSUMED) ? PAIFU_RULES_ASSUMED
                                                                      : PAIFU_RULES_FROM_LOG;
    }
    if (!name) {
        name = c->fallback ? c->fallback : paifu_rules__default_preset;
        *origin = PAIFU_RULES_ASSUMED;
    }
    int rc = paifu_rules_preset(out, name, err);
    for (size_t i = 0; rc == 0 && game && i < paifu_game_rule_override_count(game); i++) {
        const paifu_meta *o = paifu_game_rule_override(game, i);
        rc = paifu_rules__set(*out, o->key, o->value, err);
    }
    return rc;
}

int paifu_game_rules_resolve(paifu_rules **out, paifu_rules_origin *origin_out,
                             const paifu_game *game, const paifu_rules_choice *choice,
                             paifu_error *err)
{
    PAIFU_ASSERT_ARG(out, err);
    paifu_rules_choice defaults = PAIFU_RULES_CHOICE_INIT;
    const paifu_rules_choice *c = choice ? choice : &defaults;
    if (c->version != PAIFU_RULES_CHOICE_VERSION)
        return paifu_error_set(err, PAIFU_EINVAL, NULL, "unknown rules choice version %u",
                               c->version);
    PAIFU_ASSERT_ARG(c->n_assignments == 0 || c->assignments, err);
    paifu_rules *r = NULL;
    paifu_rules_origin origin;
    int rc = base_rules(&r, &origin, game, c, err);
    if (rc == 0 && game && paifu_game_players(game) == 3 && r->players != 3)
        r->players = 3;
    for (size_t i = 0; rc == 0 && i < c->n_assignments; i++)
        rc = paifu_rules_set_assignment(r, c->assignments[i], err);
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
