/*
 * standings.c: ranking players across many games (paifu/settle.h).
 *
 * Players are matched by name. All arithmetic is integral: places are kept times 12, averages
 * and dispersions are compared by cross-multiplication, so no floating point decides a rank.
 * Criteria (rules->standings): RRC-2024 §3.12, §6.12 (sum of final scores) and JH Cup 2016
 * (seed 003) §6.3 (average place, point sum, dispersion of places, spread of the best and worst
 * game; sanctions of §8.3.2 worsen the average place) and MCR (seed 001 L284-286: table points
 * 4/2/1/0 by place in every session, then the sum of the session totals).
 */
#include "error_internal.h"
#include "paifu/mcr.h"
#include "paifu/settle.h"
#include "paifu/settled.h"
#include "settle_internal.h"

#include <stdlib.h>
#include <string.h>

struct paifu_standings {
    struct paifu_rules rules;
    paifu_standing *rows;
    size_t n, cap;
};

int paifu_standings_new(paifu_standings **out, const paifu_rules *rules, paifu_error *err)
{
    PAIFU_ASSERT_ARG(out && rules, err);
    paifu_standings *st = calloc(1, sizeof(*st));
    if (!st)
        return paifu_error_set(err, PAIFU_ENOMEM, NULL, "out of memory");
    st->rules = *rules;
    *out = st;
    return 0;
}

void paifu_standings_free(paifu_standings *st)
{
    if (!st)
        return;
    for (size_t i = 0; i < st->n; i++)
        free((char *)st->rows[i].name);
    free(st->rows);
    free(st);
}

static paifu_standing *row_of(paifu_standings *st, const char *name, paifu_error *err)
{
    /* a seat without a name is a player of its own: never matched with another unnamed seat
       (a platform's placeholder, such as Tenhou's NoName, is read as no name) */
    for (size_t i = 0; name[0] && i < st->n; i++)
        if (strcmp(st->rows[i].name, name) == 0)
            return &st->rows[i];
    if (st->n == st->cap) {
        size_t ncap = st->cap ? st->cap * 2 : 16;
        paifu_standing *r = realloc(st->rows, ncap * sizeof(*r));
        if (!r) {
            paifu_error_set(err, PAIFU_ENOMEM, NULL, "out of memory");
            return NULL;
        }
        st->rows = r;
        st->cap = ncap;
    }
    size_t len = strlen(name);
    char *copy = malloc(len + 1);
    if (!copy) {
        paifu_error_set(err, PAIFU_ENOMEM, NULL, "out of memory");
        return NULL;
    }
    memcpy(copy, name, len + 1);
    paifu_standing *row = &st->rows[st->n++];
    memset(row, 0, sizeof(*row));
    row->name = copy;
    return row;
}

int paifu_standings_add_game(paifu_standings *st, const char *const *names, const int32_t *points,
                             const int32_t *final, int players, paifu_error *err)
{
    PAIFU_ASSERT_ARG(st && names && points && final && players >= 2 && players <= 4, err);
    int place[PAIFU_SEATS];
    paifu_settle_places(place, points, players, &st->rules);
    /* table points by place (mcr_table_points); a missing fourth seat takes the last place */
    int32_t four[PAIFU_SEATS] = {INT32_MIN, INT32_MIN, INT32_MIN, INT32_MIN};
    memcpy(four, points, (size_t)players * sizeof(four[0]));
    paifu_mcr_placement table;
    paifu_mcr_place(&table, four, &st->rules, NULL);
    for (int s = 0; s < players; s++) {
        paifu_standing *row = row_of(st, names[s] ? names[s] : "", err);
        if (!row)
            return PAIFU_ENOMEM;
        if (row->games == 0 || points[s] > row->best)
            row->best = points[s];
        if (row->games == 0 || points[s] < row->worst)
            row->worst = points[s];
        row->games++;
        row->total += final[s];
        row->points += points[s];
        row->place_sum += place[s];
        row->place_sq_sum += (int64_t)place[s] * place[s];
        row->table_points += table.table_points[s];
    }
    return 0;
}

int paifu_settle_game_final(int32_t *final_out, const paifu_game *game, const paifu_rules *rules,
                            paifu_error *err)
{
    PAIFU_ASSERT_ARG(final_out && game && rules, err);
    const paifu_game_result *res = paifu_game_result_get(game);
    if (!res->has_points)
        return paifu_error_set(err, PAIFU_EUNSUPPORTED, NULL,
                               "the game records no final points to rank it by");
    int players = paifu_game_players(game);
    int32_t penalties[PAIFU_SEATS] = {0};
    paifu_fine_ladders fines;
    memset(&fines, 0, sizeof(fines));
    for (size_t d = 0; d < paifu_game_deal_count(game); d++)
        paifu_settle__after_uma(penalties, &fines, paifu_game_deal(game, d), players, rules);
    paifu_settle_final(final_out, res->points, penalties, players, rules);
    return 0;
}

int paifu_standings_add_log(paifu_standings *st, const paifu_game *game, paifu_error *err)
{
    PAIFU_ASSERT_ARG(st && game, err);
    int32_t final[PAIFU_SEATS];
    int rc = paifu_settle_game_final(final, game, &st->rules, err);
    if (rc < 0)
        return rc;
    const char *names[PAIFU_SEATS];
    int players = paifu_game_players(game);
    for (int s = 0; s < players; s++)
        names[s] = paifu_game_player(game, s)->name;
    rc = paifu_standings_add_game(st, names, paifu_game_result_get(game)->points, final,
                                  players, err);
    /* the sanctions the log records (JHC 2016 §8.3.2) */
    for (int s = 0; rc == 0 && s < players; s++)
        if (paifu_game_place_sanction(game, s))
            rc = paifu_standings_add_place_penalty(st, names[s],
                                                   paifu_game_place_sanction(game, s), err);
    return rc;
}

int paifu_standings_add_settled(paifu_standings *st, const paifu_game *game,
                                const paifu_settled *settled, const char *const *names,
                                paifu_error *err)
{
    PAIFU_ASSERT_ARG(st && game && settled, err);
    const paifu_settled_result *res = paifu_settled_result_get(settled);
    if (!res->has_points || !res->has_final)
        return paifu_error_set(err, PAIFU_EUNSUPPORTED, NULL, "%s",
                               res->reason[0] ? res->reason : "the game has no final points");
    const char *own[PAIFU_SEATS];
    int players = paifu_game_players(game);
    for (int s = 0; s < players; s++)
        own[s] = names ? names[s] : paifu_game_player(game, s)->name;
    int rc = paifu_standings_add_game(st, own, res->points, res->final, players, err);
    /* the sanctions the log records (JHC 2016 §8.3.2) */
    for (int s = 0; rc == 0 && s < players; s++)
        if (paifu_game_place_sanction(game, s))
            rc = paifu_standings_add_place_penalty(st, own[s], paifu_game_place_sanction(game, s),
                                                   err);
    return rc;
}

int paifu_standings_add_place_penalty(paifu_standings *st, const char *name, int32_t hundredths,
                                      paifu_error *err)
{
    PAIFU_ASSERT_ARG(st && name, err);
    if (!name[0])
        return 0; /* no player to sanction: an unnamed seat is matched with none */
    paifu_standing *row = row_of(st, name, err);
    if (!row)
        return PAIFU_ENOMEM;
    row->place_penalty += hundredths;
    return 0;
}

/* -1 if A ranks above B, 1 if below, 0 if the criteria cannot separate them */
static int cmp_rows(const paifu_standing *a, const paifu_standing *b, int by)
{
    if (by == PAIFU_STANDINGS_TABLE_POINTS && a->table_points != b->table_points)
        return a->table_points > b->table_points ? -1 : 1;
    if (by != PAIFU_STANDINGS_AVERAGE_PLACE)
        return a->total > b->total ? -1 : a->total < b->total ? 1 : 0;
    /* average place x 1200, sanctions in hundredths of a place added:
       place_sum*100/games + penalty*12, compared by cross-multiplication */
    int64_t ga = a->games ? a->games : 1, gb = b->games ? b->games : 1;
    int64_t pa = a->place_sum * 100 + (int64_t)a->place_penalty * 12 * ga;
    int64_t pb = b->place_sum * 100 + (int64_t)b->place_penalty * 12 * gb;
    if (pa * gb != pb * ga)
        return pa * gb < pb * ga ? -1 : 1;
    if (a->points != b->points)
        return a->points > b->points ? -1 : 1;
    /* dispersion = sum(p^2)/n - (sum p / n)^2 = (n sum(p^2) - (sum p)^2) / n^2 */
    int64_t da = ga * a->place_sq_sum - a->place_sum * a->place_sum;
    int64_t db = gb * b->place_sq_sum - b->place_sum * b->place_sum;
    if (da * gb * gb != db * ga * ga)
        return da * gb * gb < db * ga * ga ? -1 : 1;
    int64_t sa = (int64_t)a->best - a->worst, sb = (int64_t)b->best - b->worst;
    if (sa != sb)
        return sa < sb ? -1 : 1;
    return 0;
}

size_t paifu_standings_rank(const paifu_standing **out, paifu_standings *st)
{
    int by = st->rules.standings;
    /* insertion sort of the rows themselves, stable: players the criteria cannot separate
       keep the order in which they first appeared */
    for (size_t i = 1; i < st->n; i++)
        for (size_t j = i; j > 0 && cmp_rows(&st->rows[j], &st->rows[j - 1], by) < 0; j--) {
            paifu_standing t = st->rows[j];
            st->rows[j] = st->rows[j - 1];
            st->rows[j - 1] = t;
        }
    for (size_t i = 0; i < st->n; i++)
        st->rows[i].rank = i > 0 && cmp_rows(&st->rows[i], &st->rows[i - 1], by) == 0
                               ? st->rows[i - 1].rank
                               : (int)i + 1;
    *out = st->rows;
    return st->n;
}
