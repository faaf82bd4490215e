/*
 * report_text.c: the report as plain text for a terminal: headings, tables aligned by display
 * width (East Asian wide characters take two columns), findings in words with the table state
 * at their event.
 */
#include "report/document.h"

#include <string.h>

static void grid(FILE *o, const rep_grid *t)
{
    int width[REP_MAX_COLS];
    for (int c = 0; c < t->cols; c++) {
        width[c] = (int)cli_display_width(t->head[c]);
        for (size_t r = 0; r < t->rows; r++) {
            int w = (int)cli_display_width(t->cells[r * (size_t)t->cols + (size_t)c].text);
            if (w > width[c])
                width[c] = w;
        }
    }
    for (int c = 0; c < t->cols; c++) {
        fputs(c ? "  " : "", o);
        cli_pad(o, t->head[c], c + 1 < t->cols || t->right[c] ? width[c] : 0, t->right[c]);
    }
    fputc('\n', o);
    for (int c = 0; c < t->cols; c++) {
        fputs(c ? "  " : "", o);
        for (int i = 0; i < width[c]; i++)
            fputc('-', o);
    }
    fputc('\n', o);
    for (size_t r = 0; r < t->rows; r++) {
        for (int c = 0; c < t->cols; c++) {
            fputs(c ? "  " : "", o);
            cli_pad(o, t->cells[r * (size_t)t->cols + (size_t)c].text,
                    c + 1 < t->cols || t->right[c] ? width[c] : 0, t->right[c]);
        }
        fputc('\n', o);
    }
}

static void table(FILE *o, const rep_doc *doc, rep_table which, const rep_game *g, bool title)
{
    rep_grid t;
    rep_grid_build(&t, doc, which, g);
    if (title) { /* the caption names the rule set the log gave: escaped */
        fputc('\n', o);
        cli_textf(o, "%s\n", t.caption);
        fputc('\n', o);
    }
    grid(o, &t);
    rep_grid_free(&t);
}

void rep_write_state(FILE *o, const rep_game *g, const rep_finding *f, const char *indent)
{
    const paifu_table_state *s = f->state;
    char b[64], buf[256];
    paifu_tile_format(buf, sizeof(buf), s->dora, s->n_dora);
    cli_textf(o, "%sthe table at the event (%s); dora indicators %s\n", indent, f->event,
              s->n_dora ? buf : "-");
    for (int p = 0; p < g->players; p++) {
        paifu_tile_format(buf, sizeof(buf), s->hand[p], s->n_hand[p]);
        cli_textf(o, "%s  %s: hand %s", indent, rep_name(g, p, b, sizeof(b)), s->n_hand[p] ? buf : "-");
        rep_melds_text(buf, sizeof(buf), s, p);
        if (buf[0])
            fprintf(o, ", melds %s", buf);
        rep_discards_text(buf, sizeof(buf), s, p);
        fprintf(o, ", discards %s\n", buf[0] ? buf : "-");
    }
}

void rep_write_text(FILE *o, const rep_doc *doc, rep_table only)
{
    char b[1024];
    if (only != REP_ALL) {
        table(o, doc, only, NULL, false);
        return;
    }
    rep_summary(b, sizeof(b), doc);
    cli_textf(o, "%s\n", rep_title(doc)); /* the title the user gave: escaped */
    cli_textf(o, "paifu audit report: %s\n", b);
    for (size_t i = 0; i < doc->n_errors; i++)
        cli_textf(o, "error: %s\n", doc->errors[i]); /* not read, or a game refused */
    for (size_t i = 0; doc->skips && i < doc->skips->n; i++)
        cli_textf(o, "skipped: %s (%s)\n", doc->skips->v[i].path, doc->skips->v[i].reason);
    for (size_t k = 0; k < doc->n_tables; k++) { /* one table per rule set and players */
        rep_doc one = rep_standings_select(doc, k);
        table(o, &one, REP_STANDINGS, NULL, true); /* after a blank line, its caption */
        rep_standings_note(b, sizeof(b), &doc->tables[k]);
        cli_textf(o, "(%s)\n", b);
    }
    if (doc->n_unranked)
        fprintf(o, "\nNot in the standings:\n");
    for (size_t k = 0; k < doc->n_unranked; k++) {
        const rep_game *g = &doc->games[doc->unranked[k].game - 1];
        cli_textf(o, "- game %zu (%s, game %zu of the file): %s\n", g->number, g->file, g->in_file,
                doc->unranked[k].reason);
    }
    for (size_t i = 0; i < doc->n_games; i++) {
        const rep_game *g = &doc->games[i];
        rep_game_heading(b, sizeof(b), g);
        fputc('\n', o);
        cli_textf(o, "== Game %zu: %s ==\n", g->number, b);
        cli_textf(o, "file %s, game %zu of the file (%s)\n", g->file, g->in_file, g->format);
        cli_rules_summary(b, sizeof(b), &g->rules);
        cli_textf(o, "rules: %s\n", b);
        table(o, doc, REP_GAMES, g, true);
        table(o, doc, REP_DEALS, g, true);
        if (!g->n_findings) {
            fprintf(o, "\nNo findings.\n");
            continue;
        }
        fprintf(o, "\nFindings (%llu)\n\n", (unsigned long long)g->findings_total);
        for (size_t k = 0; k < g->n_findings; k++) {
            const rep_finding *f = &g->findings[k];
            cli_textf(o, "- %s %s%s%s: %s", paifu_severity_name(f->f.severity), f->f.code,
                      f->f.where.deal[0] ? " in deal " : "", f->f.where.deal, f->f.message);
            for (int s = 0; s < f->n_seats; s++)
                cli_textf(o, "%s%s (seat %d)", !s ? "; players " : s + 1 < f->n_seats ? ", " : " and ",
                        rep_name(g, f->seats[s], b, sizeof(b)), f->seats[s]);
            if (f->f.expected[0]) /* only what paifu computed: nothing where it computed none */
                cli_textf(o, "; expected %s", f->f.expected);
            if (f->f.recorded[0])
                cli_textf(o, "; recorded %s", f->f.recorded);
            if (f->rule[0])
                cli_textf(o, "; rule: %s", f->rule);
            fputc('\n', o);
            if (f->n_fu_parts) {
                char fu[512];
                rep_fu_text(fu, sizeof(fu), f);
                fprintf(o, "  fu as paifu counts them: %s\n", fu);
            }
            if (f->state)
                rep_write_state(o, g, f, "  ");
        }
    }
}
