/*
 * standings.c: the standings tables: one per way of scoring (paifu_rules_scoring_equal: the
 * players, start and return points, oka, uma and the standings method) and number of players,
 * each game added with its final points and the scores the document shows for it, ranked by
 * the library (paifu_standings_rank); a table's title and footnote.
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

static void tell_apart(rep_standings *tables, size_t n);

/* The standings table of a game under RULES with PLAYERS players (made at its first game):
   games are ranked together when their rule sets score alike (paifu_rules_scoring_equal: the
   players, start and return points, oka, uma and the standings method), never split by the
   facts of a log or the knowledge flags. */
static rep_building *table_for(rep_builder *bd, const paifu_rules *rules, int players,
                               const cli_rules_opts *ro, const paifu_game *g,
                               paifu_rules_origin origin, paifu_error *err)
{
    char method[32] = "", family[16] = "";
    paifu_rules_get(method, sizeof(method), rules, "standings", NULL);
    paifu_rules_get(family, sizeof(family), rules, "family", NULL);
    const char *name = paifu_rules_name(rules);
    cli_rules_info ri;
    cli_rules_describe(&ri, ro, g, rules, origin);
    const char *citation = ri.citation[0] ? ri.citation : ri.preset;
    for (size_t i = 0; i < bd->n; i++) {
        rep_standings *t = &bd->b[i].info;
        if (t->players != players || !paifu_rules_scoring_equal(bd->b[i].rules, rules))
            continue;
        if (strcmp(t->rules.origin, ri.origin) != 0) { /* the same rules, named or assumed */
            t->rules.origin = "mixed";
            t->rules.assumed = false;
        }
        bool named = false; /* every document of its games, each once (" / "-joined) */
        size_t cn = strlen(citation);
        for (const char *p = t->name; p && !named; p = strstr(p, " / "), p = p ? p + 3 : NULL)
            named = strncmp(p, citation, cn) == 0 &&
                    (p[cn] == '\0' || strncmp(p + cn, " / ", 3) == 0);
        if (!named) {
            size_t len = strlen(t->name);
            snprintf(t->name + len, sizeof(t->name) - len, " / %s", citation);
        }
        return &bd->b[i];
    }
    bd->b = rep__grow(bd->b, &bd->cap, bd->n, sizeof(*bd->b));
    rep_building *x = &bd->b[bd->n];
    memset(x, 0, sizeof(*x));
    if (paifu_standings_new(&x->st, rules, err) < 0)
        return NULL;
    if (paifu_rules_copy(&x->rules, rules, err) < 0) {
        paifu_standings_free(x->st);
        return NULL;
    }
    bd->n++;
    x->info.rules = ri;
    x->info.players = players;
    x->info.mcr = strcmp(family, "mcr") == 0;
    snprintf(x->info.method, sizeof(x->info.method), "%s", method);
    snprintf(x->info.rules_name, sizeof(x->info.rules_name), "%s", name ? name : "");
    snprintf(x->info.name, sizeof(x->info.name), "%s", citation);
    paifu_rules_scoring_text(x->info.scoring, sizeof(x->info.scoring), rules);
    return x;
}

static void unranked(rep_doc *doc, size_t game, const char *reason)
{
    rep_unranked *u = realloc(doc->unranked, (doc->n_unranked + 1) * sizeof(*u));
    if (!u) {
        fputs("paifu report: out of memory\n", stderr);
        exit(CLI_ERROR);
    }
    doc->unranked = u;
    u = &doc->unranked[doc->n_unranked++];
    u->game = game;
    snprintf(u->reason, sizeof(u->reason), "%s", reason);
}

int rep__rank_game(rep_doc *doc, rep_builder *bd, rep_game *game, const paifu_game *g,
                   const paifu_rules *rules, const cli_rules_opts *ro,
                   paifu_rules_origin origin, const paifu_settled_result *res, paifu_error *err)
{
    int rc = 0;
    if (!res->has_points || !res->has_final || (res->marks & PAIFU_SETTLED_OTHER_TABLE)) {
        /* a four-player rule set over a 3-player game scores no table of its: not ranked */
        unranked(doc, game->number, res->reason[0] ? res->reason : "no final points");
    } else {
        rep_building *t = table_for(bd, rules, game->players, ro, g, origin, err);
        const char *names[PAIFU_SEATS];
        for (int s = 0; s < game->players; s++)
            names[s] = game->names[s];
        /* the game's final points and the scores the report shows for it (game->final):
           one source for the game's section and the standings */
        rc = t ? paifu_standings_add_game(t->st, names, game->points, game->final,
                                          game->players, err)
               : PAIFU_ENOMEM;
        for (int s = 0; rc == 0 && s < game->players; s++) /* JHC 2016 §8.3.2 */
            if (paifu_game_place_sanction(g, s))
                rc = paifu_standings_add_place_penalty(t->st, names[s],
                                                       paifu_game_place_sanction(g, s), err);
        if (t) {
            t->info.games++;
            game->standings_table = (size_t)(t - bd->b) + 1;
        }
    }
    return rc;
}

/* Table B ranked into T, the rows' links to each player's first game in it. */
static void rank_table(rep_doc *doc, rep_standings *t, rep_building *b, size_t index)
{
    *t = b->info;
    const paifu_standing *rows;
    size_t n = paifu_standings_rank(&rows, b->st);
    t->rows = n ? calloc(n, sizeof(*t->rows)) : NULL;
    if (n && !t->rows) { /* not a report without its standings */
        cli_usage_error("report", "out of memory");
        exit(CLI_ERROR);
    }
    t->n = 0;
    for (size_t i = 0; t->rows && i < n; i++) {
        rep_standing *s = &t->rows[t->n++];
        s->name = rep__dup(rows[i].name);
        s->rank = rows[i].rank;
        s->games = rows[i].games;
        s->total = rows[i].total;
        s->points = rows[i].points;
        s->best = rows[i].best;
        s->worst = rows[i].worst;
        s->table_points_x12 = rows[i].table_points;
        if (rows[i].games)
            s->avg_place_hundredths =
                (int)((rows[i].place_sum * 100 / 12 + rows[i].games / 2) / rows[i].games +
                      rows[i].place_penalty);
        for (size_t k = 0; k < doc->n_games && !s->first_game; k++)
            for (int p = 0; p < doc->games[k].players; p++)
                if (strcmp(doc->games[k].names[p], s->name) == 0 &&
                    doc->games[k].standings_table == index + 1)
                    s->first_game = doc->games[k].number;
    }
}

int rep__standings_finish(rep_doc *doc, rep_builder *bd, int status)
{
    paifu_error err;
    paifu_error_clear(&err);
    /* --sanction NAME=PLACES: to NAME in every table NAME is ranked in */
    for (size_t i = 0; i < doc->n_sanctions; i++) {
        char name[256];
        int32_t hundredths;
        if (!rep_parse_sanction(doc->sanctions[i], name, sizeof(name), &hundredths))
            continue;
        for (size_t k = 0; k < bd->n; k++) {
            bool plays = false;
            for (size_t gi = 0; gi < doc->n_games && !plays; gi++)
                for (int p = 0; p < doc->games[gi].players; p++)
                    plays = plays || (doc->games[gi].standings_table == k + 1 &&
                                      strcmp(doc->games[gi].names[p], name) == 0);
            if (plays &&
                paifu_standings_add_place_penalty(bd->b[k].st, name, hundredths, &err) < 0) {
                cli_print_error(&err);
                status = CLI_ERROR;
            }
        }
    }
    doc->tables = bd->n ? calloc(bd->n, sizeof(*doc->tables)) : NULL;
    if (bd->n && !doc->tables) { /* not a report without its standings */
        cli_usage_error("report", "out of memory");
        exit(CLI_ERROR);
    }
    for (size_t k = 0; k < bd->n; k++) {
        if (doc->tables) {
            rank_table(doc, &doc->tables[k], &bd->b[k], k);
            doc->n_tables++;
        }
        paifu_standings_free(bd->b[k].st);
        paifu_rules_free(bd->b[k].rules);
    }
    free(bd->b);
    tell_apart(doc->tables, doc->n_tables);
    rep_number_sections(doc);
    if (doc->n_tables) { /* the first table in the fields the writers read */
        rep_doc first = rep_standings_select(doc, 0);
        doc->standings = first.standings;
        doc->n_standings = first.n_standings;
        memcpy(doc->method, first.method, sizeof(doc->method));
        doc->rules = first.rules;
        doc->mcr = first.mcr;
    }
    if (!doc->n_tables) { /* no game could be ranked: the empty standings name the first
                             game's rule set (the JSON's standings object) */
        if (doc->n_games)
            doc->rules = doc->games[0].rules;
        if (!doc->rules.document)
            doc->rules.document = "";
        if (!doc->rules.origin)
            doc->rules.origin = "assumed";
    }
    return status;
}

rep_doc rep_standings_select(const rep_doc *doc, size_t k)
{
    rep_doc view = *doc;
    if (k >= doc->n_tables)
        return view;
    const rep_standings *t = &doc->tables[k];
    view.standings = t->rows;
    view.n_standings = t->n;
    snprintf(view.method, sizeof(view.method), "%s", t->method);
    view.rules = t->rules;
    view.mcr = t->mcr;
    view.table = k;
    view.one_table = true;
    return view;
}

void rep_standings_title(char *buf, size_t size, const rep_standings *t)
{
    snprintf(buf, size, "%s, %d players%s%s%s", t->name[0] ? t->name : t->rules_name, t->players,
             t->apart[0] ? " (" : "", t->apart, t->apart[0] ? ")" : "");
}

/* Tables of one name and number of players that score differently (Tenhou's East-only uma of
   2009 beside today's) are told apart in their titles by the parts of their scoring the other
   has not. */
static void tell_apart(rep_standings *tables, size_t n)
{
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < n; j++) {
            rep_standings *a = &tables[i], *b = &tables[j];
            if (i == j || a->players != b->players || strcmp(a->name, b->name) != 0)
                continue;
            char parts[sizeof(a->scoring)];
            snprintf(parts, sizeof(parts), "%s", a->scoring);
            for (char *p = parts, *next; p && *p; p = next) {
                next = strstr(p, ", ");
                if (next)
                    *next = '\0', next += 2;
                if (strstr(b->scoring, p) || strstr(a->apart, p))
                    continue;
                size_t len = strlen(a->apart);
                snprintf(a->apart + len, sizeof(a->apart) - len, "%s%.*s", len ? ", " : "",
                         (int)(sizeof(a->apart) - 1), p);
            }
        }
}

void rep_standings_note(char *buf, size_t size, const rep_standings *t)
{
    const char *who = t->rules.assumed                      ? "assumed: the logs name no rule set"
                      : strcmp(t->rules.origin, "log") == 0   ? "named by the logs"
                      : strcmp(t->rules.origin, "mixed") == 0 ? "named by some of the logs, "
                                                                "assumed for the others"
                                                              : "chosen by the options";
    snprintf(buf, size, "%s; %zu game%s; the rule set %s", t->scoring, t->games,
             t->games == 1 ? "" : "s", who);
}

bool rep_parse_sanction(const char *arg, char *name, size_t size, int32_t *hundredths)
{
    const char *eq = strrchr(arg, '=');
    if (!eq || eq == arg || (size_t)(eq - arg) >= size)
        return false;
    int32_t whole = 0, frac = 0;
    int nfrac = 0;
    const char *p = eq + 1;
    while (*p >= '0' && *p <= '9' && whole < 1000)
        whole = whole * 10 + (*p++ - '0');
    if (*p == '.')
        for (p++; *p >= '0' && *p <= '9' && nfrac < 2; nfrac++)
            frac = frac * 10 + (*p++ - '0');
    if (*p || p == eq + 1)
        return false;
    memcpy(name, arg, (size_t)(eq - arg));
    name[eq - arg] = '\0';
    *hundredths = whole * 100 + (nfrac == 1 ? frac * 10 : frac);
    return true;
}
