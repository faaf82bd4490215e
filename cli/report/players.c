/*
 * players.c: the players' own sections, read from the standings tables themselves: every seat
 * by the player sitting there, the ranked players in table and rank order, and a player's
 * standing in words (rank, games, total of every table the player is ranked in).
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

static int seat_cmp(const void *a, const void *b)
{
    const rep_seat_ref *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    if (c)
        return c;
    return x->g->number < y->g->number ? -1 : x->g->number > y->g->number ? 1 : x->seat - y->seat;
}

size_t rep_seats_by_player(rep_seat_ref **out, const rep_doc *doc)
{
    size_t n = 0;
    for (size_t i = 0; i < doc->n_games; i++)
        n += (size_t)doc->games[i].players;
    rep_seat_ref *s = n ? calloc(n, sizeof(*s)) : NULL;
    if (n && !s) {
        fputs("paifu report: out of memory\n", stderr);
        exit(CLI_ERROR);
    }
    size_t k = 0;
    for (size_t i = 0; i < doc->n_games; i++)
        for (int p = 0; p < doc->games[i].players; p++) {
            char b[64];
            s[k].name = rep__dup(rep_name(&doc->games[i], p, b, sizeof(b)));
            s[k].g = &doc->games[i];
            s[k++].seat = p;
        }
    if (n)
        qsort(s, n, sizeof(*s), seat_cmp);
    *out = s;
    return n;
}

const rep_seat_ref *rep_seats_find(const rep_seat_ref *seats, size_t n, const char *name,
                                   size_t *count)
{
    size_t lo = 0, hi = n;
    while (lo < hi) { /* the first seat whose name is not below NAME */
        size_t mid = lo + (hi - lo) / 2;
        if (strcmp(seats[mid].name, name) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    size_t end = lo;
    while (end < n && strcmp(seats[end].name, name) == 0)
        end++;
    *count = end - lo;
    return end > lo ? &seats[lo] : NULL;
}

void rep_seats_free(rep_seat_ref *seats, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(seats[i].name);
    free(seats);
}

size_t rep_seat_findings(const rep_game *g, int seat, size_t *first)
{
    size_t n = 0;
    for (size_t k = 0; k < g->n_findings; k++)
        for (int s = 0; s < g->findings[k].n_seats; s++)
            if (g->findings[k].seats[s] == seat) {
                if (!n++)
                    *first = k;
                break;
            }
    return n;
}

size_t rep_ranked_players(const char ***names, const rep_standing ***rows, const rep_doc *doc)
{
    size_t total = 0, n = 0;
    for (size_t k = 0; k < doc->n_tables; k++)
        total += doc->tables[k].n;
    *names = malloc((total ? total : 1) * sizeof(**names));
    *rows = malloc((total ? total : 1) * sizeof(**rows));
    if (!*names || !*rows) {
        free(*names), free(*rows);
        *names = NULL, *rows = NULL;
        return 0;
    }
    for (size_t k = 0; k < doc->n_tables; k++)
        for (size_t i = 0; i < doc->tables[k].n; i++) {
            const rep_standing *s = &doc->tables[k].rows[i];
            size_t j = 0;
            while (j < n && strcmp((*names)[j], s->name) != 0)
                j++;
            if (j == n) {
                (*names)[n] = s->name;
                (*rows)[n++] = s;
            }
        }
    return n;
}

size_t rep_player_section(const rep_doc *doc, const char *name)
{
    size_t id = 0;
    for (size_t k = 0; k < doc->n_tables; k++)
        for (size_t i = 0; i < doc->tables[k].n; i++) {
            const char *s = doc->tables[k].rows[i].name;
            bool seen = false; /* counted once, at its first table */
            for (size_t k2 = 0; k2 <= k && !seen; k2++)
                for (size_t i2 = 0; i2 < (k2 == k ? i : doc->tables[k2].n) && !seen; i2++)
                    seen = strcmp(doc->tables[k2].rows[i2].name, s) == 0;
            if (seen)
                continue;
            id++;
            if (strcmp(s, name) == 0)
                return id;
        }
    return 0;
}

size_t rep_player_standing_text(char *buf, size_t size, const rep_doc *doc, const char *name)
{
    size_t len = 0, games = 0;
    buf[0] = '\0';
    for (size_t k = 0; k < doc->n_tables && len < size; k++)
        for (size_t i = 0; i < doc->tables[k].n && len < size; i++) {
            const rep_standing *s = &doc->tables[k].rows[i];
            if (strcmp(s->name, name) != 0)
                continue;
            games += (size_t)s->games;
            char title[400], total[32];
            rep_standings_title(title, sizeof(title), &doc->tables[k]);
            rep_score(total, sizeof(total), s->total, doc->tables[k].mcr);
            len += (size_t)snprintf(buf + len, size - len, "%sRank %d of %zu in %s: %d game%s, "
                                    "total %s", len ? "; " : "", s->rank, doc->tables[k].n,
                                    title, s->games, s->games == 1 ? "" : "s", total);
        }
    if (!buf[0])
        snprintf(buf, size, "Not in the standings");
    return games;
}
