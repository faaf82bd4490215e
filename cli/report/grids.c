/*
 * grids.c: the report's tables as cells (standings, games' results, deals, findings, the
 * players' statistics), built once so that every writer (text, Markdown, CSV, HTML) shows the
 * same rows and columns.
 */
#include "internal.h"

#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static char *dup_fmt(const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

static char *dup_fmt(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (!s) {
        fputs("paifu report: out of memory\n", stderr);
        exit(CLI_ERROR);
    }
    va_start(ap, fmt);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return s;
}

static void head(rep_grid *t, const char *name, bool right)
{
    t->right[t->cols] = right;
    t->head[t->cols++] = dup_fmt("%s", name);
}

static rep_cell *new_row(rep_grid *t)
{
    if (t->rows == t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 16;
        rep_cell *c = realloc(t->cells, cap * (size_t)t->cols * sizeof(*c));
        if (!c) {
            fputs("paifu report: out of memory\n", stderr);
            exit(CLI_ERROR);
        }
        t->cells = c;
        t->cap = cap;
    }
    rep_cell *row = &t->cells[t->rows++ * (size_t)t->cols];
    memset(row, 0, (size_t)t->cols * sizeof(*row));
    return row;
}

/* Numbers as the grid shows them: for reading (26,000; +6.0; +1000) or plain (26000; 6.0; 1000). */
static char *points_text(const rep_grid *t, int64_t v)
{
    if (t->plain)
        return dup_fmt("%lld", (long long)v);
    char b[48];
    rep_points(b, sizeof(b), v);
    return dup_fmt("%s", b);
}

static char *score_text(const rep_grid *t, int64_t v, bool mcr)
{
    if (t->plain) {
        if (mcr)
            return dup_fmt("%lld", (long long)v);
        long long a = v < 0 ? -v : v, tenths = (a + 50) / 100;
        return dup_fmt("%s%lld.%lld", v < 0 && tenths ? "-" : "", tenths / 10, tenths % 10);
    }
    char b[48];
    rep_score(b, sizeof(b), v, mcr);
    return dup_fmt("%s", b);
}

/* A change of score: written as the scores beside it are ("+4,900"; plain: 4900). */
static char *delta_text(const rep_grid *t, int32_t v)
{
    if (t->plain || !v)
        return dup_fmt("%d", (int)v);
    char b[48];
    rep_points(b, sizeof(b), v);
    return dup_fmt("%s%s", v > 0 ? "+" : "", b);
}

static void game_anchor(rep_cell *c, const rep_game *g)
{
    c->href = dup_fmt("#game-%zu", g->number);
}

static void standings(rep_grid *t, const rep_doc *doc);

/* Every standings table as one grid (several rule sets or player counts, not one table
   selected): a first column "Standings" names each row's table; the columns are the union of
   the tables' (a column a table does not have is empty in its rows). */
static void all_standings(rep_grid *t, const rep_doc *doc)
{
    rep_grid *part = calloc(doc->n_tables, sizeof(*part));
    if (!part)
        return;
    snprintf(t->id, sizeof(t->id), "standings");
    snprintf(t->caption, sizeof(t->caption),
             "Standings, one table per way of scoring and number of players");
    head(t, "Standings", false);
    for (size_t k = 0; k < doc->n_tables; k++) {
        rep_doc one = rep_standings_select(doc, k);
        part[k].plain = t->plain; /* CSV's plain numbers */
        standings(&part[k], &one);
        for (int c = 0; c < part[k].cols; c++) {
            int i = 1;
            while (i < t->cols && strcmp(t->head[i], part[k].head[c]) != 0)
                i++;
            if (i == t->cols && t->cols < REP_MAX_COLS)
                head(t, part[k].head[c], part[k].right[c]);
        }
    }
    for (size_t k = 0; k < doc->n_tables; k++) {
        char title[720];
        rep_standings_title(title, sizeof(title), &doc->tables[k]);
        for (size_t r = 0; r < part[k].rows; r++) {
            rep_cell *c = new_row(t);
            c[0].text = dup_fmt("%s", title);
            for (int i = 1; i < t->cols; i++) {
                int j = 0;
                while (j < part[k].cols && strcmp(part[k].head[j], t->head[i]) != 0)
                    j++;
                rep_cell *from = j < part[k].cols ? &part[k].cells[r * (size_t)part[k].cols + (size_t)j]
                                                  : NULL;
                c[i].text = dup_fmt("%s", from ? from->text : "");
                if (from && from->href)
                    c[i].href = dup_fmt("%s", from->href);
            }
        }
        rep_grid_free(&part[k]);
    }
    free(part);
}

static void standings(rep_grid *t, const rep_doc *doc)
{
    if (!doc->one_table && doc->n_tables > 1) {
        all_standings(t, doc);
        return;
    }
    bool by_place = strcmp(doc->method, "average_place") == 0;
    bool by_table = strcmp(doc->method, "table_points") == 0;
    if (doc->table)
        snprintf(t->id, sizeof(t->id), "standings-%zu", doc->table + 1);
    else
        snprintf(t->id, sizeof(t->id), "standings");
    char what[720] = "";
    if (doc->table < doc->n_tables) /* one table per rule set, players and method */
        rep_standings_title(what, sizeof(what), &doc->tables[doc->table]);
    if (what[0])
        snprintf(t->caption, sizeof(t->caption), "Standings: %s", what);
    else
        snprintf(t->caption, sizeof(t->caption), "Standings by %s under %s",
                 by_place   ? "average place (then points, dispersion of places, spread)"
                 : by_table ? "table points by place (then the sum of final scores)"
                            : "the sum of final scores",
                 doc->rules.preset);
    head(t, "Rank", true);
    head(t, "Player", false);
    head(t, "Games", true);
    head(t, doc->mcr ? "Total (points)" : "Total (±x.y)", true);
    head(t, "Points", true);
    if (by_place)
        head(t, "Average place", true);
    if (by_table)
        head(t, "Table points", true);
    head(t, "Best game", true);
    head(t, "Worst game", true);
    for (size_t i = 0; i < doc->n_standings; i++) {
        const rep_standing *s = &doc->standings[i];
        rep_cell *c = new_row(t);
        char b[64];
        int k = 0;
        c[k++].text = dup_fmt("%d", s->rank);
        c[k].text = dup_fmt("%s", s->name);
        c[k].href = dup_fmt("#player-%zu", s->section); /* their section */
        k++;
        c[k++].text = dup_fmt("%d", s->games);
        c[k++].text = score_text(t, s->total, doc->mcr);
        c[k++].text = points_text(t, s->points);
        if (by_place) {
            rep_avg_place(b, sizeof(b), s->avg_place_hundredths);
            c[k++].text = dup_fmt("%s", b);
        }
        if (by_table) /* x12: shared places give halves and thirds */
            c[k++].text = dup_fmt("%lld.%02lld", (long long)(s->table_points_x12 / 12),
                                  (long long)(s->table_points_x12 % 12 * 100 / 12));
        c[k++].text = points_text(t, s->best);
        c[k++].text = points_text(t, s->worst);
    }
}

static void results(rep_grid *t, const rep_doc *doc, const rep_game *only)
{
    snprintf(t->id, sizeof(t->id), only ? "game-%zu-results" : "games",
             only ? only->number : 0);
    snprintf(t->caption, sizeof(t->caption), "%s", only ? "Results" : "Results of every game");
    if (only && only->points_computed) /* the settled view's mark */
        snprintf(t->caption, sizeof(t->caption),
                 "Results (no final points recorded: the scores after the last deal)");
    else if (only && only->unscored[0])
        snprintf(t->caption, sizeof(t->caption), "Results (not scored: %.150s)",
                 only->unscored);
    else if (only && only->result_note[0]) /* scores the rule set does not give: the log's */
        snprintf(t->caption, sizeof(t->caption), "Results (%.200s)", only->result_note);
    bool mcr = only ? only->mcr : doc->mcr;
    /* a game scored under the options' rule set whose log records scores of its own: those
       beside the rule set's, a fact of the log */
    bool recorded = false;
    for (size_t i = 0; i < doc->n_games; i++)
        if (!only || &doc->games[i] == only)
            recorded = recorded || (doc->games[i].has_recorded_final &&
                                    doc->games[i].final_computed);
    if (only && recorded && !only->points_computed && !only->unscored[0])
        snprintf(t->caption, sizeof(t->caption),
                 "Results (scores under the tournament's rule set from the final points; the "
                 "scores the log records beside them)");
    if (!only) {
        head(t, "Game", true);
        head(t, "File", false);
    }
    head(t, "Seat", true);
    head(t, "Player", false);
    head(t, "Final points", true);
    head(t, mcr ? "Score (points)" : "Score (±x.y)", true);
    bool penalties = false; /* taken off after uma: a column when a game has any */
    for (size_t i = 0; i < doc->n_games; i++)
        if (!only || &doc->games[i] == only)
            penalties = penalties || doc->games[i].has_penalties;
    if (penalties)
        head(t, "Penalties after uma", true);
    if (recorded)
        head(t, "Recorded score", true);
    head(t, "Place", true);
    for (size_t i = 0; i < doc->n_games; i++) {
        const rep_game *g = &doc->games[i];
        if (only && g != only)
            continue;
        for (int s = 0; s < g->players; s++) {
            rep_cell *c = new_row(t);
            char b[64];
            int k = 0;
            if (!only) {
                c[k].text = dup_fmt("%zu", g->number);
                game_anchor(&c[k++], g);
                c[k++].text = dup_fmt("%s", g->file);
            }
            c[k++].text = dup_fmt("%d", s);
            c[k++].text = dup_fmt("%s", rep_name(g, s, b, sizeof(b)));
            if (g->has_points) {
                c[k++].text = points_text(t, g->points[s]);
                c[k++].text = g->has_final ? score_text(t, g->final[s], g->mcr)
                                           : dup_fmt("%s", "");
                if (penalties)
                    c[k++].text = g->penalties[s] ? points_text(t, -(int64_t)g->penalties[s])
                                                  : dup_fmt("%s", "");
                if (recorded)
                    c[k++].text = g->has_recorded_final && g->final_computed
                                      ? score_text(t, g->recorded_final[s], g->mcr)
                                      : dup_fmt("%s", "");
                rep_place(b, sizeof(b), g->place12[s]);
                c[k++].text = dup_fmt("%s", b);
            } else {
                for (int e = 0; e < 3 + recorded + penalties; e++)
                    c[k++].text = dup_fmt("%s", "");
            }
        }
    }
}

static void deals(rep_grid *t, const rep_doc *doc, const rep_game *only)
{
    snprintf(t->id, sizeof(t->id), only ? "game-%zu-deals" : "deals", only ? only->number : 0);
    snprintf(t->caption, sizeof(t->caption), "%s",
             only ? "Deal by deal (score changes and the scores after each outcome)"
                  : "Every deal of every game");
    bool computed = false, labels = false; /* the settled view's marks */
    for (size_t r = 0; only && r < only->n_rows; r++) {
        computed = computed || only->rows[r].delta_computed;
        labels = labels || only->rows[r].label_computed;
    }
    if (computed || labels)
        snprintf(t->caption, sizeof(t->caption),
                 "Deal by deal (score changes and the scores after each outcome; %s%s%s computed "
                 "by paifu under the rule set: the log does not record them)",
                 labels ? "rounds and dealers" : "", labels && computed ? ", " : "",
                 computed ? "payments" : "");
    int players = only ? only->players : 4;
    if (!only)
        head(t, "Game", true);
    head(t, "Deal", true);
    head(t, "Round", false);
    head(t, "Dealer", false);
    head(t, "Outcome", false);
    head(t, "Winner (from)", false);
    bool mcr = only ? only->mcr : doc->mcr;
    head(t, mcr ? "Fan" : "Han", true); /* MCR: the hand's fan points, flowers included */
    head(t, "Fu", true);
    head(t, mcr ? "Fans" : "Yaku", false);
    head(t, "Points", true);
    char b[96];
    for (int s = 0; s < players; s++) {
        if (only)
            snprintf(b, sizeof(b), "Δ %s", rep_name(only, s, (char[64]){0}, 64));
        else
            snprintf(b, sizeof(b), "Δ seat %d", s);
        head(t, b, true);
    }
    for (int s = 0; s < players; s++) {
        if (only)
            snprintf(b, sizeof(b), "%s after", rep_name(only, s, (char[64]){0}, 64));
        else
            snprintf(b, sizeof(b), "Seat %d after", s);
        head(t, b, true);
    }
    head(t, "Note", false);
    for (size_t i = 0; i < doc->n_games; i++) {
        const rep_game *g = &doc->games[i];
        if (only && g != only)
            continue;
        for (size_t r = 0; r < g->n_rows; r++) {
            const rep_row *row = &g->rows[r];
            rep_cell *c = new_row(t);
            int k = 0;
            if (!only) {
                c[k].text = dup_fmt("%zu", g->number);
                game_anchor(&c[k++], g);
            }
            c[k++].text = dup_fmt("%zu", row->deal);
            c[k++].text = dup_fmt("%s", row->label);
            c[k++].text = dup_fmt("%s", rep_name(g, row->dealer, b, sizeof(b)));
            c[k++].text = dup_fmt("%s", row->outcome);
            rep_row_players(b, sizeof(b), g, row);
            c[k++].text = dup_fmt("%s", b);
            rep_int_or_blank(b, sizeof(b), row->han);
            c[k++].text = dup_fmt("%s", b);
            rep_int_or_blank(b, sizeof(b), row->fu);
            c[k++].text = dup_fmt("%s", b);
            c[k++].text = dup_fmt("%s", row->yaku);
            c[k++].text = row->points != INT32_MIN ? points_text(t, row->points) : dup_fmt("%s", "");
            for (int s = 0; s < players; s++)
                c[k++].text = row->has_delta && s < g->players ? delta_text(t, row->delta[s])
                                                                : dup_fmt("%s", "");
            for (int s = 0; s < players; s++)
                c[k++].text = s < g->players ? points_text(t, row->scores[s]) : dup_fmt("%s", "");
            c[k++].text = dup_fmt("%s", row->note);
        }
    }
}

static void findings(rep_grid *t, const rep_doc *doc, const rep_game *only)
{
    snprintf(t->id, sizeof(t->id), only ? "game-%zu-findings" : "findings",
             only ? only->number : 0);
    snprintf(t->caption, sizeof(t->caption), "%s", only ? "Findings" : "Every finding");
    head(t, "Game", true);
    head(t, "Round", false); /* the deal's label, linked to its row */
    head(t, "Event", true);
    head(t, "Severity", false);
    head(t, "Code", false);
    head(t, "Players", false);
    head(t, "Finding", false);
    head(t, "Expected", false);
    head(t, "Recorded", false);
    head(t, "Rule", false);
    head(t, "Where", false);
    for (size_t i = 0; i < doc->n_games; i++) {
        const rep_game *g = &doc->games[i];
        if (only && g != only)
            continue;
        for (size_t k = 0; k < g->n_findings; k++) {
            const rep_finding *f = &g->findings[k];
            rep_cell *c = new_row(t);
            char b[256];
            int j = 0;
            c[j].text = dup_fmt("%zu", g->number);
            game_anchor(&c[j++], g);
            c[j].text = dup_fmt("%s", f->f.where.deal);
            if (f->deal)
                c[j].href = dup_fmt("#game-%zu-deal-%zu", g->number, f->deal);
            j++;
            if (f->f.where.event >= 0 && !f->result_only) /* a sheet's is no tile event */
                c[j++].text = dup_fmt("%d", (int)f->f.where.event + 1); /* from 1 */
            else
                c[j++].text = dup_fmt("%s", "");
            c[j++].text = dup_fmt("%s", paifu_severity_name(f->f.severity));
            c[j++].text = dup_fmt("%s", f->f.code);
            size_t len = 0;
            b[0] = '\0';
            for (int s = 0; s < f->n_seats; s++) {
                char n[64];
                len += (size_t)snprintf(b + len, sizeof(b) - len, "%s%s (seat %d)",
                                        s ? ", " : "", rep_name(g, f->seats[s], n, sizeof(n)),
                                        f->seats[s]);
            }
            c[j++].text = dup_fmt("%s", b);
            c[j++].text = dup_fmt("%s", f->f.message);
            c[j++].text = dup_fmt("%s", f->f.expected);
            c[j++].text = dup_fmt("%s", f->f.recorded);
            c[j++].text = dup_fmt("%s", f->rule);
            if (f->f.where.line)
                c[j++].text = dup_fmt("%s:%u", g->file, f->f.where.line);
            else
                c[j++].text = dup_fmt("%s", g->file);
        }
    }
}

/* One player's row of the statistics (tab_stats_each). */
static void stats_row(void *ctx, const char *name, const char *kind, long long games,
                      long long deals, const double *v)
{
    rep_grid *t = ctx;
    rep_cell *c = new_row(t);
    int j = 0;
    c[j++].text = dup_fmt("%s", name);
    if (t->stats_kinds) /* games of more than one kind: a column says which */
        c[j++].text = dup_fmt("%s", kind);
    c[j++].text = dup_fmt("%lld", games);
    c[j++].text = dup_fmt("%lld", deals);
    for (size_t k = 0; k < tab_stats_count(); k++) {
        if (isnan(v[k]))
            c[j++].text = dup_fmt("%s", t->plain ? "" : "—");
        else if (t->plain)
            c[j++].text = dup_fmt("%.4f", v[k]);
        else if (tab_stats_is_rate(k))
            c[j++].text = dup_fmt("%.1f%%", 100 * v[k]);
        else
            c[j++].text = dup_fmt(k == 0 ? "%.2f" : "%.0f", v[k]);
    }
}

static void stats(rep_grid *t, const rep_doc *doc)
{
    snprintf(t->id, sizeof(t->id), "player-stats");
    snprintf(t->caption, sizeof(t->caption), "Player statistics");
    head(t, "Player", false);
    t->stats_kinds = doc->stats && tab_stats_kinds(doc->stats) > 1;
    if (t->stats_kinds)
        head(t, "Games of", false);
    head(t, "Games", true);
    head(t, "Deals", true);
    for (size_t k = 0; k < tab_stats_count(); k++)
        head(t, tab_stats_heading(k), true);
    if (doc->stats && tab_stats_each(doc->stats, stats_row, t) < 0) {
        cli_usage_error("report", "out of memory"); /* not a table without its rows */
        exit(CLI_ERROR);
    }
}

void rep_grid_build(rep_grid *t, const rep_doc *doc, rep_table which, const rep_game *game)
{
    memset(t, 0, sizeof(*t));
    switch (which) {
    case REP_STANDINGS: standings(t, doc); break;
    case REP_GAMES: results(t, doc, game); break;
    case REP_DEALS: deals(t, doc, game); break;
    case REP_FINDINGS: findings(t, doc, game); break;
    case REP_STATS: stats(t, doc); break;
    default: break;
    }
}

void rep_grid_build_plain(rep_grid *t, const rep_doc *doc, rep_table which, const rep_game *game)
{
    memset(t, 0, sizeof(*t));
    t->plain = true;
    switch (which) {
    case REP_STANDINGS: standings(t, doc); break;
    case REP_GAMES: results(t, doc, game); break;
    case REP_DEALS: deals(t, doc, game); break;
    case REP_FINDINGS: findings(t, doc, game); break;
    case REP_STATS: stats(t, doc); break;
    default: break;
    }
}

void rep_grid_free(rep_grid *t)
{
    for (size_t i = 0; i < t->rows * (size_t)t->cols; i++) {
        free(t->cells[i].text);
        free(t->cells[i].href);
    }
    free(t->cells);
    for (int i = 0; i < t->cols; i++)
        free(t->head[i]);
    memset(t, 0, sizeof(*t));
}
