/*
 * report_md.c: the report as GitHub-flavoured Markdown: headings with explicit anchors, pipe
 * tables (the same rows and columns as the CSV tables), findings as a list.
 */
#include "report/document.h"

#include <stdlib.h>
#include <string.h>

/* A cell's text with the characters a pipe table gives meaning to escaped. */
static void cell(FILE *o, const char *s)
{
    for (; *s; s++) {
        if (*s == '|' || *s == '\\' || *s == '*' || *s == '_' || *s == '`' || *s == '[' ||
            *s == ']' || *s == '<' || *s == '>')
            fputc('\\', o);
        unsigned char c = (unsigned char)*s;
        if (c == '\n')
            fputc(' ', o); /* a cell is one line */
        else if (c < 0x20 || c == 0x7f) /* a control character from outside: shown, not obeyed */
            fprintf(o, "\\\\x%02x", c);
        else
            fputc(c, o);
    }
}

static void grid(FILE *o, const rep_grid *t)
{
    for (int c = 0; c < t->cols; c++) {
        fputs("| ", o);
        cell(o, t->head[c]);
        fputc(' ', o);
    }
    fputs("|\n", o);
    for (int c = 0; c < t->cols; c++)
        fputs(t->right[c] ? "|---:" : "|---", o);
    fputs("|\n", o);
    for (size_t r = 0; r < t->rows; r++) {
        for (int c = 0; c < t->cols; c++) {
            const rep_cell *x = &t->cells[r * (size_t)t->cols + (size_t)c];
            fputs("| ", o);
            if (x->href && x->text[0]) {
                fputc('[', o);
                cell(o, x->text);
                fprintf(o, "](%s)", x->href);
            } else {
                cell(o, x->text);
            }
            fputc(' ', o);
        }
        fputs("|\n", o);
    }
}

static void table(FILE *o, const rep_doc *doc, rep_table which, const rep_game *g,
                  const char *heading)
{
    rep_grid t;
    rep_grid_build(&t, doc, which, g);
    if (heading)
        fprintf(o, "\n%s %s\n\n", heading, t.caption);
    grid(o, &t);
    rep_grid_free(&t);
}

/* A player's own section: their games with seat, place, final points, score and findings. */
static void player(FILE *o, const rep_doc *doc, const char *name, size_t id,
                   const rep_seat_ref *seats, size_t n)
{
    char b[512];
    fprintf(o, "\n<a id=\"player-%zu\"></a>\n\n### ", id);
    cell(o, name);
    char standing[1024]; /* read from the standings tables themselves */
    size_t ranked = rep_player_standing_text(standing, sizeof(standing), doc, name);
    fputs("\n\n", o);
    cell(o, standing);
    if (ranked != n) /* games outside the standings too */
        fprintf(o, ". %zu game%s in the report", n, n == 1 ? "" : "s");
    fputs(".\n\n", o);
    fputs("| Game | Players | Seat | Place | Final points | Score | Findings |\n"
          "|---:|---|---:|---:|---:|---:|---:|\n", o);
    for (size_t i = 0; i < n; i++) {
        const rep_game *g = seats[i].g;
        int s = seats[i].seat;
        fprintf(o, "| [%zu](#game-%zu) | ", g->number, g->number);
        rep_game_heading(b, sizeof(b), g);
        cell(o, b);
        fprintf(o, " | %d | ", s);
        if (g->has_points) {
            rep_place(b, sizeof(b), g->place12[s]);
            fprintf(o, "%s | ", b);
            rep_points(b, sizeof(b), g->points[s]);
            fprintf(o, "%s | ", b);
            rep_score(b, sizeof(b), g->final[s], g->mcr);
            fprintf(o, "%s | ", g->has_final ? b : "");
        } else {
            fputs(" |  |  | ", o);
        }
        size_t first = 0;
        fprintf(o, "%zu |\n", rep_seat_findings(g, s, &first));
    }
}

static void players(FILE *o, const rep_doc *doc)
{
    rep_seat_ref *seats;
    size_t n = rep_seats_by_player(&seats, doc), count;
    if (!n)
        return;
    fputs("\n<a id=\"players\"></a>\n\n## Players\n", o);
    const char **names;
    const rep_standing **rows; /* the ranked players of every standings table, each once */
    size_t ranked_n = rep_ranked_players(&names, &rows, doc);
    for (size_t i = 0; i < ranked_n; i++) {
        const rep_seat_ref *first = rep_seats_find(seats, n, names[i], &count);
        player(o, doc, names[i], i + 1, first, count);
    }
    size_t id = ranked_n;
    for (size_t i = 0; i < n; i += count) { /* players of games outside the standings */
        const rep_seat_ref *first = rep_seats_find(seats, n, seats[i].name, &count);
        bool ranked = false;
        for (size_t k = 0; k < ranked_n && !ranked; k++)
            ranked = strcmp(names[k], seats[i].name) == 0;
        if (!ranked)
            player(o, doc, seats[i].name, ++id, first, count);
    }
    rep_seats_free(seats, n);
    free(names);
    free(rows);
}

void rep_write_markdown(FILE *o, const rep_doc *doc, rep_table only)
{
    char b[1024];
    if (only != REP_ALL) {
        table(o, doc, only, NULL, NULL);
        return;
    }
    rep_summary(b, sizeof(b), doc);
    fputs("# ", o);
    cell(o, rep_title(doc));
    fprintf(o, "\n\n%s.\n", b);
    for (size_t i = 0; i < doc->n_errors; i++) {
        fputs("\n- error: ", o); /* not read, or a game refused */
        cell(o, doc->errors[i]);
        fputc('\n', o);
    }
    for (size_t i = 0; doc->skips && i < doc->skips->n; i++) {
        fputs("\n- skipped: ", o);
        cell(o, doc->skips->v[i].path);
        fprintf(o, " (%s)\n", doc->skips->v[i].reason);
    }
    if (doc->n_tables || doc->n_unranked)
        fputs("\n<a id=\"standings\"></a>\n\n## Standings\n", o);
    for (size_t k = 0; k < doc->n_tables; k++) { /* one table per rule set and players */
        rep_doc one = rep_standings_select(doc, k);
        table(o, &one, REP_STANDINGS, NULL, "###");
        rep_standings_note(b, sizeof(b), &doc->tables[k]);
        fputs("\n", o);
        cell(o, b);
        fputs(".\n", o);
    }
    if (doc->n_unranked)
        fputs("\nNot in the standings:\n\n", o);
    for (size_t k = 0; k < doc->n_unranked; k++) {
        const rep_game *g = &doc->games[doc->unranked[k].game - 1];
        fprintf(o, "- [game %zu](#game-%zu): ", g->number, g->number);
        cell(o, doc->unranked[k].reason);
        fputc('\n', o);
    }
    for (size_t i = 0; i < doc->n_games; i++) {
        const rep_game *g = &doc->games[i];
        fprintf(o, "\n<a id=\"game-%zu\"></a>\n\n## Game %zu: ", g->number, g->number);
        rep_game_heading(b, sizeof(b), g);
        cell(o, b);
        fputs("\n\nFile ", o);
        cell(o, g->file);
        fprintf(o, ", game %zu of the file, format %s. Rules: ", g->in_file, g->format);
        cli_rules_summary(b, sizeof(b), &g->rules);
        cell(o, b);
        fputs(".\n", o);
        table(o, doc, REP_GAMES, g, "###");
        table(o, doc, REP_DEALS, g, "###");
        if (!g->n_findings) {
            fputs("\nNo findings.\n", o);
            continue;
        }
        table(o, doc, REP_FINDINGS, g, "###");
        for (size_t k = 0; k < g->n_findings; k++) {
            const rep_finding *f = &g->findings[k];
            if (f->n_fu_parts) {
                char fu[512];
                rep_fu_text(fu, sizeof(fu), f);
                fprintf(o, "\nFinding %zu (`%s`, deal %s): fu as paifu counts them: ", k + 1,
                        f->f.code, f->f.where.deal);
                cell(o, fu);
                fputs(".\n", o);
            }
            if (!f->state)
                continue;
            fprintf(o, "\nThe table at finding %zu (`%s`, deal %s):\n\n```\n", k + 1, f->f.code,
                    f->f.where.deal);
            rep_write_state(o, g, f, "");
            fputs("```\n", o);
        }
    }
    players(o, doc);
}
