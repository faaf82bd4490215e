/*
 * game_copy.c: paifu_game_copy (see paifu/game.h), a deep copy built through the public
 * builder calls, so that it keeps the model's invariants by construction: every event in its
 * order, the records its `detail` points at (wins, draws, penalties, score rows), the prelude,
 * players, rules, metadata, result and truncation.
 *
 * Why it exists: a paifu_reader lends each game only until its next game; a binding that hands
 * games to a garbage-collected language (python/paifu) copies a game out when the caller keeps
 * it past that point.
 */
#include "paifu/game.h"

/* Append one event of SRC's deal D (index I) to the current deal of G. */
static int copy_event(paifu_game *g, const paifu_deal *d, const paifu_event *ev, paifu_error *err)
{
    switch (ev->type) {
    case PAIFU_EV_WIN:
        return paifu_game_add_win(g, &d->wins[ev->detail], ev->line, ev->column, err);
    case PAIFU_EV_EXHAUSTIVE_DRAW:
    case PAIFU_EV_ABORTIVE_DRAW:
        return paifu_game_add_draw(g, &d->draws[ev->detail], ev->line, ev->column, err);
    case PAIFU_EV_PENALTY:
        return paifu_game_add_penalty(g, &d->penalties[ev->detail], ev->line, ev->column, err);
    case PAIFU_EV_RIICHI_ACCEPTED:
        return paifu_game_add_riichi_accepted(
            g, ev->seat, ev->flags, ev->detail >= 0 ? d->score_rows[ev->detail] : NULL, ev->line,
            ev->column, err);
    default: return paifu_game_add_event(g, ev, err);
    }
}

static int copy_into(paifu_game *g, const paifu_game *src, paifu_error *err)
{
    int rc = paifu_game_set_players(g, paifu_game_players(src), err);
    for (int s = 0; rc == 0 && s < PAIFU_SEATS; s++)
        rc = paifu_game_set_player_name(g, s, paifu_game_player(src, s)->name, err);
    if (rc == 0)
        rc = paifu_game_set_source_format(g, paifu_game_source_format(src), err);
    if (rc == 0)
        rc = paifu_game_set_rules_name(g, paifu_game_rules_name(src), err);
    for (size_t i = 0; rc == 0 && i < paifu_game_rule_override_count(src); i++) {
        const paifu_meta *m = paifu_game_rule_override(src, i);
        rc = paifu_game_add_rule_override(g, m->key, m->value, err);
    }
    for (size_t i = 0; rc == 0 && i < paifu_game_meta_count(src); i++) {
        const paifu_meta *m = paifu_game_meta(src, i);
        rc = paifu_game_set_meta(g, m->key, m->value, err);
    }
    for (size_t i = 0; rc == 0 && i < paifu_game_prelude_count(src); i++)
        rc = paifu_game_add_event(g, paifu_game_prelude(src, i), err);
    for (size_t i = 0; rc == 0 && i < paifu_game_deal_count(src); i++) {
        const paifu_deal *d = paifu_game_deal(src, i);
        rc = paifu_game_begin_deal(g, &d->start, d->line, d->column, err);
        if (rc == 0 && (d->flags & PAIFU_DEAL_RESULT_ONLY))
            rc = paifu_game_set_deal_result_only(g, err);
        for (size_t e = 0; rc == 0 && e < d->n_events; e++)
            rc = copy_event(g, d, &d->events[e], err);
    }
    if (rc == 0) {
        paifu_game_set_result(g, paifu_game_result_get(src));
        paifu_game_set_truncated(g, paifu_game_truncated(src));
    }
    return rc;
}

int paifu_game_copy(paifu_game **out, const paifu_game *src, paifu_error *err)
{
    if (!out || !src)
        return paifu_error_set(err, PAIFU_EINVAL, NULL, "paifu_game_copy: NULL argument");
    *out = NULL;
    paifu_game *g = NULL;
    int rc = paifu_game_new(&g, err);
    if (rc < 0)
        return rc;
    /* the source was built under its own caps: the copy must hold whatever it holds */
    uint32_t max_events = 0, n_deals = (uint32_t)paifu_game_deal_count(src);
    for (size_t i = 0; i < n_deals; i++)
        if (paifu_game_deal(src, i)->n_events > max_events)
            max_events = (uint32_t)paifu_game_deal(src, i)->n_events;
    paifu_game_set_limits(g, n_deals > 10000u ? n_deals : 0, max_events > 100000u ? max_events : 0);
    rc = copy_into(g, src, err);
    if (rc < 0) {
        paifu_game_free(g);
        return rc;
    }
    *out = g;
    return 0;
}
