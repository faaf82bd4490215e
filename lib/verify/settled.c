/*
 * settled.c: storage of the settled view (paifu/settled.h). The values come from the walk that
 * verifies the game (game_flow.c, replay_outcome.c, mcr_verify.c), recorded as it goes; the
 * entry point paifu_game_settle is in verify.c beside paifu_verify_game, whose walk it runs.
 */
#include "error_internal.h"
#include "settled_internal.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

int paifu_settled__new(paifu_settled **out, const paifu_game *game, paifu_error *err)
{
    paifu_settled *s = calloc(1, sizeof(*s));
    if (!s)
        return paifu_error_set(err, PAIFU_ENOMEM, NULL, "out of memory");
    s->players = paifu_game_players(game);
    size_t n = paifu_game_deal_count(game), rows = 0;
    for (size_t d = 0; d < n; d++) {
        const paifu_deal *deal = paifu_game_deal(game, d);
        rows += deal->n_wins + deal->n_draws + deal->n_penalties;
    }
    s->deals = n ? calloc(n, sizeof(*s->deals)) : NULL;
    s->rows = rows ? calloc(rows, sizeof(*s->rows)) : NULL;
    s->deposits = rows ? calloc(rows, sizeof(*s->deposits)) : NULL;
    if ((n && !s->deals) || (rows && (!s->rows || !s->deposits))) {
        paifu_settled_free(s);
        return paifu_error_set(err, PAIFU_ENOMEM, NULL, "out of memory");
    }
    s->cap_deals = n;
    s->cap_rows = rows;
    *out = s;
    return 0;
}

void paifu_settled_free(paifu_settled *settled)
{
    if (!settled)
        return;
    free(settled->deals);
    free(settled->rows);
    free(settled->deposits);
    free(settled);
}

void paifu_settled__deal(paifu_settled *s, size_t d, const paifu_deal_start *start, int honba,
                         int sticks, const int32_t *scores, bool known, unsigned marks)
{
    if (!s || s->n_deals >= s->cap_deals)
        return;
    paifu_settled_deal *x = &s->deals[s->n_deals++];
    memset(x, 0, sizeof(*x));
    x->deal = (uint32_t)d;
    x->round_wind = start->round_wind;
    x->hand_number = start->hand_number;
    x->dealer = start->dealer;
    x->honba = (int16_t)honba;
    x->riichi_sticks = (int16_t)sticks;
    x->scores_known = known;
    memcpy(x->scores, scores, sizeof(x->scores));
    paifu_deal_start label = *start;
    label.honba = (int16_t)honba;
    paifu_deal_label(x->label, sizeof(x->label), &label);
    x->marks = marks;
    x->first_row = (uint32_t)s->n_rows;
}

void paifu_settled__row_init(paifu_settled_row *row, size_t event, paifu_settled_kind kind)
{
    memset(row, 0, sizeof(*row));
    row->event = (uint32_t)event;
    row->kind = (uint8_t)kind;
    row->seat = row->from = row->liable = -1;
    row->han = row->fu = -1;
    row->limit = PAIFU_LIMIT_UNKNOWN;
    row->points = INT32_MIN;
}

void paifu_settled__add_row(paifu_settled *s, const paifu_settled_row *row,
                            const int32_t *scores_after, bool known)
{
    if (!s || !s->n_deals || s->n_rows >= s->cap_rows)
        return;
    paifu_settled_deal *d = &s->deals[s->n_deals - 1];
    /* the scores before the row: the deal's row before it, or the deal's start */
    const int32_t *before = d->n_rows ? s->rows[s->n_rows - 1].scores_after : d->scores;
    bool before_known = d->n_rows ? s->rows[s->n_rows - 1].scores_known : d->scores_known;
    int32_t *deposits = s->deposits[s->n_rows];
    paifu_settled_row *x = &s->rows[s->n_rows++];
    *x = *row;
    x->deal = d->deal;
    x->scores_known = known;
    memcpy(x->scores_after, scores_after, sizeof(int32_t) * (size_t)s->players);
    /* what the walk took off the scores between the two besides the row's payments: the
       riichi deposits made in the deal before this outcome */
    memset(deposits, 0, sizeof(int32_t) * PAIFU_SEATS);
    for (int p = 0; known && before_known && p < s->players; p++)
        deposits[p] = scores_after[p] - before[p] - (x->paid ? x->deltas[p] : 0);
    d->n_rows++;
}

void paifu_settled__leftover(paifu_settled *s, const int32_t *scores, const int32_t *points,
                             int32_t sticks)
{
    if (!s)
        return;
    s->leftover_sticks = sticks;
    for (int p = 0; p < s->players; p++)
        s->leftover[p] = points[p] - scores[p];
}

paifu_settled_result *paifu_settled__result(paifu_settled *s)
{
    return s ? &s->result : NULL;
}

int paifu_settled_players(const paifu_settled *settled)
{
    return settled ? settled->players : 0;
}

size_t paifu_settled_deal_count(const paifu_settled *settled)
{
    return settled ? settled->n_deals : 0;
}

const paifu_settled_deal *paifu_settled_deal_get(const paifu_settled *settled, size_t i)
{
    return settled && i < settled->n_deals ? &settled->deals[i] : NULL;
}

size_t paifu_settled_row_count(const paifu_settled *settled)
{
    return settled ? settled->n_rows : 0;
}

const paifu_settled_row *paifu_settled_row_get(const paifu_settled *settled, size_t i)
{
    return settled && i < settled->n_rows ? &settled->rows[i] : NULL;
}

int paifu_settled_row_deposits(int32_t *deposits_out, const paifu_settled *settled, size_t i)
{
    if (!deposits_out || !settled || i >= settled->n_rows)
        return PAIFU_EINVAL;
    memcpy(deposits_out, settled->deposits[i], sizeof(int32_t) * PAIFU_SEATS);
    return 0;
}

int32_t paifu_settled_leftover(int32_t *deltas_out, const paifu_settled *settled)
{
    if (!deltas_out || !settled)
        return 0;
    memcpy(deltas_out, settled->leftover, sizeof(int32_t) * PAIFU_SEATS);
    return settled->leftover_sticks;
}

const paifu_settled_result *paifu_settled_result_get(const paifu_settled *settled)
{
    return settled ? &settled->result : NULL;
}
