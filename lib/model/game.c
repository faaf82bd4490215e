/*
 * game.c: the canonical game model (see paifu/game.h).
 *
 * A game owns one arena. Deals, events, win/draw/penalty records and strings all come from it;
 * arrays grow by doubling inside the arena (the abandoned block is reclaimed at reset), so
 * building a game costs no malloc per event. The public paifu_deal view of each deal is kept in
 * step with its arrays after every append.
 *
 * Invariants:
 *   1. deals[i].deal.events == deals[i].events (and likewise for wins, draws, penalties, rows).
 *   2. Event `detail` indexes the array its type names (wins/draws/penalties/score_rows).
 *   3. Events before the first deal are only DISCONNECT/RECONNECT (the prelude).
 */
#include "arena.h"
#include "error_internal.h"
#include "paifu/game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_internal.h"

#define DEFAULT_MAX_EVENTS 100000u
#define DEFAULT_MAX_DEALS  10000u

typedef struct deal_builder {
    paifu_deal deal;
    paifu_event *events;
    size_t cap_events;
    paifu_win *wins;
    size_t cap_wins;
    paifu_draw *draws;
    size_t cap_draws;
    paifu_penalty *penalties;
    size_t cap_penalties;
    int32_t (*rows)[PAIFU_SEATS];
    size_t cap_rows;
} deal_builder;

struct paifu_game {
    paifu_arena arena;
    int players;
    paifu_player player[PAIFU_SEATS];
    const char *source_format;
    const char *rules_name;
    paifu_meta *overrides;
    size_t n_overrides, cap_overrides;
    paifu_meta *meta;
    size_t n_meta, cap_meta;
    deal_builder *deals;
    size_t n_deals, cap_deals;
    size_t events_hint; /* first capacity of a deal's events: the previous deal's count + 25% */
    paifu_event *prelude;
    size_t n_prelude, cap_prelude;
    paifu_game_result result;
    uint32_t result_line, result_column; /* where the source records the result (0: unknown) */
    bool truncated;
    int32_t place_sanction[PAIFU_SEATS]; /* JH 003 §8.3.2, 1/100 place */
    uint32_t max_events, max_deals;
};

static void init_fields(paifu_game *g)
{
    paifu_arena arena = g->arena;
    uint32_t me = g->max_events, md = g->max_deals;
    memset(g, 0, sizeof(*g));
    g->arena = arena;
    g->players = 4;
    for (int s = 0; s < PAIFU_SEATS; s++)
        g->player[s].name = "";
    g->source_format = "";
    g->max_events = me ? me : DEFAULT_MAX_EVENTS;
    g->max_deals = md ? md : DEFAULT_MAX_DEALS;
}

int paifu_game_new(paifu_game **out, paifu_error *err)
{
    PAIFU_ASSERT_ARG(out, err);
    paifu_game *g = calloc(1, sizeof(*g));
    if (!g)
        return paifu_error_set(err, PAIFU_ENOMEM, NULL, "out of memory");
    paifu_arena__init(&g->arena);
    init_fields(g);
    *out = g;
    return 0;
}

void paifu_game_free(paifu_game *game)
{
    if (!game)
        return;
    paifu_arena__free(&game->arena);
    free(game);
}

void paifu_game_reset(paifu_game *game)
{
    if (!game)
        return;
    paifu_arena__reset(&game->arena);
    init_fields(game);
}

void paifu_game_set_limits(paifu_game *game, uint32_t max_deals, uint32_t max_events)
{
    game->max_deals = max_deals ? max_deals : DEFAULT_MAX_DEALS;
    game->max_events = max_events ? max_events : DEFAULT_MAX_EVENTS;
}

static int oom(paifu_error *err)
{
    return paifu_error_set(err, PAIFU_ENOMEM, NULL, "out of memory");
}

#define GROW(g, arr, cap, need, err)                                                               \
    (paifu_arena__grow(&(g)->arena, (void **)&(arr), &(cap), (need), sizeof(*(arr))) < 0          \
         ? oom(err)                                                                                \
         : 0)

/*
 * GROW for the per-deal arrays, whose first allocation holds FIRST elements instead of the
 * arena's 8: a deal's wins and draws are one each almost always, and its events about as many
 * as the previous deal's. Doubling from 8 left every deal's smaller copies behind in the arena
 * (half of a game's memory); a first size near the final one leaves none.
 */
#define GROW_FIRST(g, arr, cap, need, first, err)                                                  \
    grow_first(g, (void **)&(arr), &(cap), (need), (first), sizeof(*(arr)), err)

static int grow_first(paifu_game *g, void **arr, size_t *cap, size_t need, size_t first,
                      size_t size, paifu_error *err)
{
    if (*cap || need > first)
        return paifu_arena__grow(&g->arena, arr, cap, need, size) < 0 ? oom(err) : 0;
    if (!(*arr = paifu_arena__alloc(&g->arena, first * size)))
        return oom(err);
    *cap = first;
    return 0;
}

const char *paifu_game_strndup(paifu_game *game, const char *s, size_t n)
{
    if (!game || (!s && n))
        return NULL;
    return paifu_arena__strndup(&game->arena, s ? s : "", n);
}

static const char *dup(paifu_game *g, const char *s)
{
    return paifu_arena__strndup(&g->arena, s ? s : "", s ? strlen(s) : 0);
}

/* ---- header ---- */

int paifu_game_set_players(paifu_game *game, int players, paifu_error *err)
{
    PAIFU_ASSERT_ARG(game, err);
    if (players != 3 && players != 4)
        return paifu_error_set(err, PAIFU_EFORMAT, NULL, "expected 3 or 4 players, found %d",
                               players);
    game->players = players;
    return 0;
}

int paifu_game_set_player_name(paifu_game *game, int seat, const char *name, paifu_error *err)
{
    PAIFU_ASSERT_ARG(game && name && seat >= 0 && seat < PAIFU_SEATS, err);
    const char *c = dup(game, name);
    if (!c)
        return oom(err);
    game->player[seat].name = c;
    return 0;
}

int paifu_game_set_source_format(paifu_game *game, const char *format, paifu_error *err)
{
    PAIFU_ASSERT_ARG(game && format, err);
    const char *c = dup(game, format);
    if (!c)
        return oom(err);
    game->source_format = c;
    return 0;
}

int paifu_game_set_rules_name(paifu_game *game, const char *name, paifu_error *err)
{
    PAIFU_ASSERT_ARG(game, err);
    if (!name) {
        game->rules_name = NULL;
        return 0;
    }
    const char *c = dup(game, name);
    if (!c)
        return oom(err);
    game->rules_name = c;
    return 0;
}

/* Set KEY in a key/value list, replacing an existing entry. */
static int kv_set(paifu_game *g, paifu_meta **arr, size_t *n, size_t *cap, const char *key,
                  const char *value, paifu_error *err)
{
    const char *v = dup(g, value);
    if (!v)
        return oom(err);
    for (size_t i = 0; i < *n; i++) {
        if (strcmp((*arr)[i].key, key) == 0) {
            (*arr)[i].value = v;
            return 0;
        }
    }
    int rc = GROW(g, *arr, *cap, *n + 1, err);
    if (rc < 0)
        return rc;
    const char *k = dup(g, key);
    if (!k)
        return oom(err);
    (*arr)[*n].key = k;
    (*arr)[*n].value = v;
    (*n)++;
    return 0;
}

int paifu_game_add_rule_override(paifu_game *game, const char *key, const char *value,
                                 paifu_error *err)
{
    PAIFU_ASSERT_ARG(game && key && value, err);
    return kv_set(game, &game->overrides, &game->n_overrides, &game->cap_overrides, key, value,
                  err);
}

int paifu_game_set_meta(paifu_game *game, const char *key, const char *value, paifu_error *err)
{
    PAIFU_ASSERT_ARG(game && key && value, err);
    return kv_set(game, &game->meta, &game->n_meta, &game->cap_meta, key, value, err);
}

void paifu_game_set_result(paifu_game *game, const paifu_game_result *result)
{
    if (game && result)
        game->result = *result;
}

void paifu_game_set_result_location(paifu_game *game, uint32_t line, uint32_t column)
{
    if (game) {
        game->result_line = line;
        game->result_column = column;
    }
}

uint32_t paifu_game_result_line(const paifu_game *game, uint32_t *column)
{
    if (column)
        *column = game ? game->result_column : 0;
    return game ? game->result_line : 0;
}

void paifu_game_set_truncated(paifu_game *game, bool truncated)
{
    if (game)
        game->truncated = truncated;
}

int paifu_game_set_place_sanction(paifu_game *game, int seat, int32_t hundredths,
                                  paifu_error *err)
{
    PAIFU_ASSERT_ARG(game && seat >= 0 && seat < game->players && hundredths >= 0, err);
    game->place_sanction[seat] = hundredths;
    return 0;
}

/* ---- deals and events ---- */

static void sync_view(deal_builder *d)
{
    d->deal.events = d->events;
    d->deal.wins = d->wins;
    d->deal.draws = d->draws;
    d->deal.penalties = d->penalties;
    d->deal.score_rows = (const int32_t(*)[PAIFU_SEATS])d->rows;
}

/* A seat from 0 to 3, or -1 (none) when NONE_OK. */
static bool seat_ok(int seat, bool none_ok)
{
    return (seat >= 0 && seat < PAIFU_SEATS) || (none_ok && seat == -1);
}

static int bad_seat(paifu_error *err, const char *what, int seat)
{
    return paifu_error_set(err, PAIFU_EINVAL, NULL, "%s %d: expected a seat from 0 to %d", what,
                           seat, PAIFU_SEATS - 1);
}

int paifu_game_begin_deal(paifu_game *game, const paifu_deal_start *start, uint32_t line,
                          uint32_t column, paifu_error *err)
{
    PAIFU_ASSERT_ARG(game && start, err);
    if (!seat_ok(start->dealer, false))
        return bad_seat(err, "dealer", start->dealer);
    if (game->n_deals >= game->max_deals)
        return paifu_error_set(err, PAIFU_ELIMIT, NULL, "more than %u deals in one game",
                               (unsigned)game->max_deals);
    int rc = GROW(game, game->deals, game->cap_deals, game->n_deals + 1, err);
    if (rc < 0)
        return rc;
    if (game->n_deals) {
        size_t last = game->deals[game->n_deals - 1].deal.n_events;
        game->events_hint = last + last / 4 + 8;
    }
    deal_builder *d = &game->deals[game->n_deals];
    memset(d, 0, sizeof(*d));
    d->deal.start = *start;
    d->deal.start.wall = NULL;
    d->deal.start.wall_ids = NULL;
    if (start->n_wall) {
        if (start->n_wall > PAIFU_WALL_MAX)
            return paifu_error_set(err, PAIFU_ELIMIT, NULL, "wall of %u tiles (at most %d)",
                                   (unsigned)start->n_wall, PAIFU_WALL_MAX);
        paifu_tile *w = paifu_arena__alloc(&game->arena, start->n_wall);
        uint8_t *ids = paifu_arena__alloc(&game->arena, start->n_wall);
        if (!w || !ids)
            return oom(err);
        if (start->wall)
            memcpy(w, start->wall, start->n_wall);
        else
            memset(w, PAIFU_TILE_NONE, start->n_wall);
        if (start->wall_ids)
            memcpy(ids, start->wall_ids, start->n_wall);
        else
            memset(ids, PAIFU_TILE_ID_NONE, start->n_wall);
        d->deal.start.wall = w;
        d->deal.start.wall_ids = ids;
        d->deal.start.flags |= PAIFU_DEAL_HAS_WALL;
    }
    d->deal.flags = d->deal.start.flags;
    d->deal.line = line;
    d->deal.column = column;
    sync_view(d);
    game->n_deals++;
    return 0;
}

int paifu_game_set_deal_result_only(paifu_game *game, paifu_error *err)
{
    PAIFU_ASSERT_ARG(game, err);
    if (!game->n_deals)
        return paifu_error_set(err, PAIFU_EINVAL, NULL, "no deal has been started");
    deal_builder *d = &game->deals[game->n_deals - 1];
    d->deal.start.flags |= PAIFU_DEAL_RESULT_ONLY;
    d->deal.flags |= PAIFU_DEAL_RESULT_ONLY;
    return 0;
}

static bool is_meta_event(int type)
{
    return type == PAIFU_EV_DISCONNECT || type == PAIFU_EV_RECONNECT;
}

/* Append EV (copied) to the current deal or the prelude; returns the new event or NULL. */
static paifu_event *append(paifu_game *game, const paifu_event *ev, paifu_error *err)
{
    if (ev->type < PAIFU_EV_DRAW || ev->type >= PAIFU_EV_TYPE_COUNT) {
        paifu_error_set(err, PAIFU_EINVAL, NULL, "unknown event type %d", ev->type);
        return NULL;
    }
    if (!seat_ok(ev->seat, true) || !seat_ok(ev->from, true)) {
        bad_seat(err, seat_ok(ev->seat, true) ? "event from seat" : "event seat",
                 seat_ok(ev->seat, true) ? ev->from : ev->seat);
        return NULL;
    }
    if (!game->n_deals) {
        if (!is_meta_event(ev->type)) {
            paifu_error_set(err, PAIFU_EFORMAT, NULL, "%s event before the first deal",
                            paifu_event_type_name((paifu_event_type)ev->type));
            return NULL;
        }
        if (GROW(game, game->prelude, game->cap_prelude, game->n_prelude + 1, err) < 0)
            return NULL;
        game->prelude[game->n_prelude] = *ev;
        return &game->prelude[game->n_prelude++];
    }
    deal_builder *d = &game->deals[game->n_deals - 1];
    if (d->deal.n_events >= game->max_events) {
        paifu_error_set(err, PAIFU_ELIMIT, NULL, "more than %u events in one deal",
                        (unsigned)game->max_events);
        return NULL;
    }
    if (d->deal.n_events == d->cap_events) { /* only then can the array move */
        size_t first = game->events_hint ? game->events_hint : 8;
        if (GROW_FIRST(game, d->events, d->cap_events, d->deal.n_events + 1, first, err) < 0)
            return NULL;
        sync_view(d);
    }
    d->events[d->deal.n_events] = *ev;
    return &d->events[d->deal.n_events++];
}

int paifu_game_add_event(paifu_game *game, const paifu_event *ev, paifu_error *err)
{
    PAIFU_ASSERT_ARG(game && ev, err);
    if (ev->type == PAIFU_EV_WIN || ev->type == PAIFU_EV_EXHAUSTIVE_DRAW ||
        ev->type == PAIFU_EV_ABORTIVE_DRAW || ev->type == PAIFU_EV_PENALTY)
        return paifu_error_set(err, PAIFU_EINVAL, NULL,
                               "use paifu_game_add_win/_draw/_penalty for %s events",
                               paifu_event_type_name((paifu_event_type)ev->type));
    paifu_event *e = append(game, ev, err);
    if (!e)
        return err && err->code ? err->code : PAIFU_ERROR;
    if (ev->type != PAIFU_EV_RIICHI_ACCEPTED) /* the caller's copy: e was just written */
        e->detail = -1;
    return 0;
}

static deal_builder *current(paifu_game *game, paifu_error *err)
{
    if (!game->n_deals) {
        paifu_error_set(err, PAIFU_EFORMAT, NULL, "outcome before the first deal");
        return NULL;
    }
    return &game->deals[game->n_deals - 1];
}

static void event_at(paifu_event *ev, int type, int seat, uint32_t line, uint32_t column)
{
    paifu_event_init(ev, (paifu_event_type)type, seat);
    ev->line = line;
    ev->column = column;
}

int paifu_game_add_win(paifu_game *game, const paifu_win *win, uint32_t line, uint32_t column,
                       paifu_error *err)
{
    PAIFU_ASSERT_ARG(game && win, err);
    deal_builder *d = current(game, err);
    if (!d)
        return PAIFU_EFORMAT;
    if (!seat_ok(win->winner, false) || !seat_ok(win->from, true))
        return bad_seat(err, seat_ok(win->winner, false) ? "win from seat" : "winner",
                        seat_ok(win->winner, false) ? win->from : win->winner);
    int rc = GROW_FIRST(game, d->wins, d->cap_wins, d->deal.n_wins + 1, 1, err);
    if (rc < 0)
        return rc;
    paifu_win *w = &d->wins[d->deal.n_wins];
    *w = *win;
    if (w->n_yaku > PAIFU_MAX_YAKU)
        w->n_yaku = PAIFU_MAX_YAKU;
    for (size_t i = 0; i < w->n_yaku; i++) {
        if (w->yaku[i].name && !(w->yaku[i].name = dup(game, w->yaku[i].name)))
            return oom(err);
    }
    paifu_event ev;
    event_at(&ev, PAIFU_EV_WIN, win->winner, line, column);
    ev.from = win->from;
    ev.tile = win->win_tile;
    ev.tile_id = win->win_tile_id;
    ev.detail = (int32_t)d->deal.n_wins;
    d->deal.n_wins++;
    sync_view(d);
    return append(game, &ev, err) ? 0 : (err && err->code ? err->code : PAIFU_ERROR);
}

int paifu_game_add_draw(paifu_game *game, const paifu_draw *draw, uint32_t line, uint32_t column,
                        paifu_error *err)
{
    PAIFU_ASSERT_ARG(game && draw && draw->kind < PAIFU_DRAW_KIND_COUNT, err);
    deal_builder *d = current(game, err);
    if (!d)
        return PAIFU_EFORMAT;
    if (!seat_ok(draw->seat, true))
        return bad_seat(err, "draw seat", draw->seat);
    int rc = GROW_FIRST(game, d->draws, d->cap_draws, d->deal.n_draws + 1, 1, err);
    if (rc < 0)
        return rc;
    d->draws[d->deal.n_draws] = *draw;
    paifu_event ev;
    event_at(&ev, draw->kind == PAIFU_DRAW_EXHAUSTIVE ? PAIFU_EV_EXHAUSTIVE_DRAW
                                                      : PAIFU_EV_ABORTIVE_DRAW,
             draw->seat, line, column);
    ev.detail = (int32_t)d->deal.n_draws;
    d->deal.n_draws++;
    sync_view(d);
    return append(game, &ev, err) ? 0 : (err && err->code ? err->code : PAIFU_ERROR);
}

int paifu_game_add_penalty(paifu_game *game, const paifu_penalty *penalty, uint32_t line,
                           uint32_t column, paifu_error *err)
{
    PAIFU_ASSERT_ARG(game && penalty && penalty->kind < PAIFU_PENALTY_KIND_COUNT, err);
    deal_builder *d = current(game, err);
    if (!d)
        return PAIFU_EFORMAT;
    if (!seat_ok(penalty->seat, true))
        return bad_seat(err, "penalty seat", penalty->seat);
    int rc = GROW(game, d->penalties, d->cap_penalties, d->deal.n_penalties + 1, err);
    if (rc < 0)
        return rc;
    paifu_penalty *p = &d->penalties[d->deal.n_penalties];
    *p = *penalty;
    if (p->note && !(p->note = dup(game, p->note)))
        return oom(err);
    paifu_event ev;
    event_at(&ev, PAIFU_EV_PENALTY, penalty->seat, line, column);
    ev.detail = (int32_t)d->deal.n_penalties;
    d->deal.n_penalties++;
    sync_view(d);
    return append(game, &ev, err) ? 0 : (err && err->code ? err->code : PAIFU_ERROR);
}

int paifu_game_add_riichi_accepted(paifu_game *game, int seat, unsigned flags,
                                   const int32_t *scores_after, uint32_t line, uint32_t column,
                                   paifu_error *err)
{
    PAIFU_ASSERT_ARG(game && seat >= 0 && seat < PAIFU_SEATS, err);
    deal_builder *d = current(game, err);
    if (!d)
        return PAIFU_EFORMAT;
    paifu_event ev;
    event_at(&ev, PAIFU_EV_RIICHI_ACCEPTED, seat, line, column);
    ev.flags = (uint8_t)flags;
    if (scores_after) {
        int rc = GROW(game, d->rows, d->cap_rows, d->deal.n_score_rows + 1, err);
        if (rc < 0)
            return rc;
        memcpy(d->rows[d->deal.n_score_rows], scores_after, sizeof(int32_t) * PAIFU_SEATS);
        ev.detail = (int32_t)d->deal.n_score_rows++;
        sync_view(d);
    }
    return append(game, &ev, err) ? 0 : (err && err->code ? err->code : PAIFU_ERROR);
}

/* ---- initialisers ---- */

void paifu_event_init(paifu_event *ev, paifu_event_type type, int seat)
{
    memset(ev, 0, sizeof(*ev));
    ev->type = (uint8_t)type;
    ev->seat = (int8_t)seat;
    ev->from = -1;
    ev->tile = PAIFU_TILE_NONE;
    ev->tile_id = PAIFU_TILE_ID_NONE;
    memset(ev->tiles, PAIFU_TILE_NONE, sizeof(ev->tiles));
    memset(ev->ids, PAIFU_TILE_ID_NONE, sizeof(ev->ids));
    ev->detail = -1;
}

void paifu_win_init(paifu_win *win)
{
    memset(win, 0, sizeof(*win));
    win->winner = -1;
    win->from = -1;
    win->pao = -1;
    win->limit = PAIFU_LIMIT_UNKNOWN;
    win->win_tile = PAIFU_TILE_NONE;
    win->win_tile_id = PAIFU_TILE_ID_NONE;
    memset(win->hand_ids, PAIFU_TILE_ID_NONE, sizeof(win->hand_ids));
    memset(win->dora_ids, PAIFU_TILE_ID_NONE, sizeof(win->dora_ids));
    memset(win->ura_ids, PAIFU_TILE_ID_NONE, sizeof(win->ura_ids));
}

void paifu_draw_init(paifu_draw *draw, paifu_draw_kind kind)
{
    memset(draw, 0, sizeof(*draw));
    draw->kind = (uint8_t)kind;
    draw->seat = -1;
    memset(draw->hand_ids, PAIFU_TILE_ID_NONE, sizeof(draw->hand_ids));
}

void paifu_deal_start_init(paifu_deal_start *start)
{
    memset(start, 0, sizeof(*start));

    start->dora_indicator = PAIFU_TILE_NONE;
    start->dora_indicator_id = PAIFU_TILE_ID_NONE;
    memset(start->hand_ids, PAIFU_TILE_ID_NONE, sizeof(start->hand_ids));
}

/* ---- accessors ---- */

int paifu_game_players(const paifu_game *game)
{
    return game ? game->players : 0;
}

const paifu_player *paifu_game_player(const paifu_game *game, int seat)
{
    return game && seat >= 0 && seat < PAIFU_SEATS ? &game->player[seat] : NULL;
}

const char *paifu_game_source_format(const paifu_game *game)
{
    return game ? game->source_format : "";
}

const char *paifu_game_rules_name(const paifu_game *game)
{
    return game ? game->rules_name : NULL;
}

size_t paifu_game_rule_override_count(const paifu_game *game)
{
    return game ? game->n_overrides : 0;
}

const paifu_meta *paifu_game_rule_override(const paifu_game *game, size_t i)
{
    return game && i < game->n_overrides ? &game->overrides[i] : NULL;
}

size_t paifu_game_meta_count(const paifu_game *game)
{
    return game ? game->n_meta : 0;
}

const paifu_meta *paifu_game_meta(const paifu_game *game, size_t i)
{
    return game && i < game->n_meta ? &game->meta[i] : NULL;
}

const char *paifu_game_meta_get(const paifu_game *game, const char *key)
{
    if (!game || !key)
        return NULL;
    for (size_t i = 0; i < game->n_meta; i++)
        if (strcmp(game->meta[i].key, key) == 0)
            return game->meta[i].value;
    return NULL;
}

size_t paifu_game_deal_count(const paifu_game *game)
{
    return game ? game->n_deals : 0;
}

paifu_win *paifu_game__win(paifu_game *game, size_t deal, size_t win)
{
    if (!game || deal >= game->n_deals || win >= game->deals[deal].deal.n_wins)
        return NULL;
    return &game->deals[deal].wins[win];
}

int paifu_game_set_draw_tenpai(paifu_game *game, size_t deal, size_t draw, unsigned tenpai,
                               paifu_error *err)
{
    PAIFU_ASSERT_ARG(game, err);
    if (deal >= game->n_deals || draw >= game->deals[deal].deal.n_draws ||
        game->deals[deal].draws[draw].kind != PAIFU_DRAW_EXHAUSTIVE)
        return paifu_error_set(err, PAIFU_EINVAL, NULL,
                               "draw %zu of deal %zu is no exhaustive draw of the game", draw,
                               deal);
    if (tenpai >> PAIFU_SEATS)
        return paifu_error_set(err, PAIFU_EINVAL, NULL, "tenpai 0x%X names no seats 0 to %d",
                               tenpai, PAIFU_SEATS - 1);
    paifu_draw *d = &game->deals[deal].draws[draw];
    d->tenpai = (uint8_t)tenpai;
    d->known |= PAIFU_REC_TENPAI;
    return 0;
}

const paifu_deal *paifu_game_deal(const paifu_game *game, size_t index)
{
    return game && index < game->n_deals ? &game->deals[index].deal : NULL;
}

size_t paifu_game_prelude_count(const paifu_game *game)
{
    return game ? game->n_prelude : 0;
}

const paifu_event *paifu_game_prelude(const paifu_game *game, size_t i)
{
    return game && i < game->n_prelude ? &game->prelude[i] : NULL;
}

const paifu_game_result *paifu_game_result_get(const paifu_game *game)
{
    return game ? &game->result : NULL;
}

bool paifu_game_truncated(const paifu_game *game)
{
    return game ? game->truncated : false;
}

int32_t paifu_game_place_sanction(const paifu_game *game, int seat)
{
    return game && seat >= 0 && seat < PAIFU_SEATS ? game->place_sanction[seat] : 0;
}

/* ---- names ---- */

static const char WIND_LETTER[4] = {'E', 'S', 'W', 'N'};

char *paifu_deal_label(char *buf, size_t size, const paifu_deal_start *start)
{
    if (!size)
        return buf;
    snprintf(buf, size, "%c%u-%d", WIND_LETTER[start->round_wind & 3],
             (unsigned)start->hand_number + 1, (int)start->honba);
    return buf;
}

static const char *const EVENT_NAMES[PAIFU_EV_TYPE_COUNT] = {
    [PAIFU_EV_DRAW] = "draw",
    [PAIFU_EV_DISCARD] = "discard",
    [PAIFU_EV_CHI] = "chi",
    [PAIFU_EV_PON] = "pon",
    [PAIFU_EV_DAIMINKAN] = "daiminkan",
    [PAIFU_EV_ANKAN] = "ankan",
    [PAIFU_EV_SHOUMINKAN] = "shouminkan",
    [PAIFU_EV_KITA] = "kita",
    [PAIFU_EV_FLOWER] = "flower",
    [PAIFU_EV_RIICHI_ACCEPTED] = "riichi_accepted",
    [PAIFU_EV_DORA] = "dora",
    [PAIFU_EV_WIN] = "win",
    [PAIFU_EV_EXHAUSTIVE_DRAW] = "exhaustive_draw",
    [PAIFU_EV_ABORTIVE_DRAW] = "abortive_draw",
    [PAIFU_EV_PENALTY] = "penalty",
    [PAIFU_EV_DISCONNECT] = "disconnect",
    [PAIFU_EV_RECONNECT] = "reconnect",
};

const char *paifu_event_type_name(paifu_event_type type)
{
    if ((int)type <= 0 || type >= PAIFU_EV_TYPE_COUNT)
        return "unknown";
    return EVENT_NAMES[type];
}

const char *paifu_draw_kind_name(paifu_draw_kind kind)
{
    static const char *const names[PAIFU_DRAW_KIND_COUNT] = {
        "exhaustive", "kyuushu", "suufon", "suucha_riichi", "suukaikan", "sanchahou"};
    return (unsigned)kind < PAIFU_DRAW_KIND_COUNT ? names[kind] : "unknown";
}

const char *paifu_penalty_kind_name(paifu_penalty_kind kind)
{
    static const char *const names[PAIFU_PENALTY_KIND_COUNT] = {
        "chombo", "dead_hand", "fine", "other", "mistaken_hu", "exposed_hand"};
    return (unsigned)kind < PAIFU_PENALTY_KIND_COUNT ? names[kind] : "unknown";
}

const char *paifu_limit_name(paifu_limit limit)
{
    switch (limit) {
    case PAIFU_LIMIT_NONE: return "none";
    case PAIFU_LIMIT_MANGAN: return "mangan";
    case PAIFU_LIMIT_HANEMAN: return "haneman";
    case PAIFU_LIMIT_BAIMAN: return "baiman";
    case PAIFU_LIMIT_SANBAIMAN: return "sanbaiman";
    case PAIFU_LIMIT_YAKUMAN: return "yakuman";
    case PAIFU_LIMIT_UNKNOWN: break;
    }
    return "unknown";
}
