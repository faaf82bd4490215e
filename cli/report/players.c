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
            if (s->section == n + 1) { /* the player's first row (rep_number_sections) */
                (*names)[n] = s->name;
                (*rows)[n++] = s;
            }
        }
    return n;
}

typedef struct {
    rep_standing *row;
    size_t pos; /* in table order: the tables one after another, each in rank order */
} row_ref;

static int row_ref_cmp(const void *a, const void *b)
{
    const row_ref *x = a, *y = b;
    int c = strcmp(x->row->name, y->row->name);
    if (c)
        return c;
    return x->pos < y->pos ? -1 : x->pos > y->pos;
}

void rep_number_sections(rep_doc *doc)
{
    size_t total = 0;
    for (size_t k = 0; k < doc->n_tables; k++)
        total += doc->tables[k].n;
    if (!total)
        return;
    row_ref *refs = calloc(total, sizeof(*refs));
    size_t *first = calloc(total, sizeof(*first));  /* by pos: the pos of the name's first row */
    size_t *number = calloc(total, sizeof(*number)); /* by pos of a first row: its section */
    if (!refs || !first || !number) {
        fputs("paifu report: out of memory\n", stderr);
        exit(CLI_ERROR);
    }
    size_t n = 0;
    for (size_t k = 0; k < doc->n_tables; k++)
        for (size_t i = 0; i < doc->tables[k].n; i++, n++)
            refs[n] = (row_ref){&doc->tables[k].rows[i], n};
    qsort(refs, total, sizeof(*refs), row_ref_cmp); /* by name, then in table order */
    for (size_t i = 0; i < total; i++)
        first[refs[i].pos] = i && strcmp(refs[i].row->name, refs[i - 1].row->name) == 0
                                 ? first[refs[i - 1].pos]
                                 : refs[i].pos;
    size_t sections = 0;
    for (size_t pos = 0; pos < total; pos++) /* numbered in the order they first appear */
        if (first[pos] == pos)
            number[pos] = ++sections;
    for (size_t i = 0; i < total; i++)
        refs[i].row->section = number[first[refs[i].pos]];
    free(number);
    free(first);
    free(refs);
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
