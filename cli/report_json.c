/*
 * report_json.c: the report as one JSON document (schemas/audit.schema.json): standings, then
 * every game with its rule set, results, deals, score chart and findings. Points are integers
 * in points; nothing internal (places x 12, sums of squares) is shown.
 */
#include "report/document.h"

#include <limits.h>
#include <string.h>

static void str(FILE *o, const char *key, const char *v, bool comma)
{
    fprintf(o, "%s\"%s\": ", comma ? ", " : "", key);
    cli_json_string(o, v);
}

static void seats(FILE *o, const char *key, const int32_t *v, int n)
{
    fprintf(o, ", \"%s\": [", key);
    for (int s = 0; s < n; s++)
        fprintf(o, "%s%d", s ? ", " : "", (int)v[s]);
    fputc(']', o);
}

static void standings(FILE *o, const rep_doc *doc)
{
    bool by_place = strcmp(doc->method, "average_place") == 0;
    fprintf(o, "{\"method\": ");
    cli_json_string(o, doc->method);
    fprintf(o, ", \"rules\": ");
    cli_rules_json(o, &doc->rules);
    if (doc->table < doc->n_tables) {
        const rep_standings *t = &doc->tables[doc->table];
        char b[512];
        str(o, "rule_set", t->rules_name, true);
        rep_standings_title(b, sizeof(b), t);
        str(o, "title", b, true);
        str(o, "scoring", t->scoring, true);
        fprintf(o, ", \"players\": %d, \"games\": %zu", t->players, t->games);
    }
    fprintf(o, ", \"rows\": [");
    for (size_t i = 0; i < doc->n_standings; i++) {
        const rep_standing *s = &doc->standings[i];
        fprintf(o, "%s\n    {\"rank\": %d", i ? "," : "", s->rank);
        str(o, "player", s->name, true);
        fprintf(o, ", \"games\": %d, \"total\": %lld, \"points\": %lld", s->games,
                (long long)s->total, (long long)s->points);
        if (by_place) {
            char b[32];
            rep_avg_place(b, sizeof(b), s->avg_place_hundredths);
            fprintf(o, ", \"average_place\": %s", b);
        }
        if (strcmp(doc->method, "table_points") == 0)
            fprintf(o, ", \"table_points_x12\": %lld", (long long)s->table_points_x12);
        fprintf(o, ", \"best\": %d, \"worst\": %d", (int)s->best, (int)s->worst);
        if (s->first_game)
            fprintf(o, ", \"first_game\": %zu", s->first_game);
        fputc('}', o);
    }
    fprintf(o, "%s]}", doc->n_standings ? "\n  " : "");
}

static void tiles(FILE *o, const char *key, const paifu_tile *t, int n, bool comma)
{
    char buf[160];
    paifu_tile_format(buf, sizeof(buf), t, (size_t)n);
    str(o, key, buf, comma);
}

static void state(FILE *o, const rep_game *g, const rep_finding *f)
{
    const paifu_table_state *s = f->state;
    char buf[256];
    fprintf(o, ", \"state\": {");
    str(o, "event", f->event, false);
    tiles(o, "dora_indicators", s->dora, s->n_dora, true);
    fprintf(o, ", \"seats\": [");
    for (int p = 0; p < g->players; p++) {
        fprintf(o, "%s{\"seat\": %d", p ? ", " : "", p);
        tiles(o, "hand", s->hand[p], s->n_hand[p], true);
        rep_melds_text(buf, sizeof(buf), s, p);
        str(o, "melds", buf, true);
        rep_discards_text(buf, sizeof(buf), s, p);
        str(o, "discards", buf, true);
        fputc('}', o);
    }
    fprintf(o, "]}");
}

static void game(FILE *o, const rep_game *g)
{
    char b[64];
    fprintf(o, "\n    {\"game\": %zu, \"anchor\": \"game-%zu\"", g->number, g->number);
    str(o, "file", g->file, true);
    fprintf(o, ", \"game_in_file\": %zu", g->in_file);
    if (g->date[0])
        str(o, "date", g->date, true);
    if (g->table[0])
        str(o, "table", g->table, true);
    str(o, "format", g->format, true);
    fprintf(o, ", \"rules\": ");
    cli_rules_json(o, &g->rules);
    fprintf(o, ", \"players\": [");
    for (int s = 0; s < g->players; s++) {
        fprintf(o, "%s{\"seat\": %d", s ? ", " : "", s);
        str(o, "name", g->names[s], true);
        if (g->has_points) {
            rep_place(b, sizeof(b), g->place12[s]);
            fprintf(o, ", \"points\": %d", (int)g->points[s]);
            if (g->has_final) /* none where the rule set scores another table */
                fprintf(o, ", \"score\": %d", (int)g->final[s]);
            fprintf(o, ", \"place\": %s", b);
            if (g->penalties[s])
                fprintf(o, ", \"penalty\": %d", (int)g->penalties[s]);
            if (g->has_recorded_final && g->final_computed) /* the log's own, beside */
                fprintf(o, ", \"recorded_score\": %d", (int)g->recorded_final[s]);
        }
        fputc('}', o);
    }
    fputc(']', o);
    if (g->has_points) /* the settled view's marks */
        fprintf(o, ", \"points_computed\": %s, \"score_computed\": %s",
                g->points_computed ? "true" : "false", g->final_computed ? "true" : "false");
    if (g->result_note[0])
        str(o, "result_note", g->result_note, true);
    if (g->unscored[0])
        str(o, "unscored", g->unscored, true);
    if (g->standings_table)
        fprintf(o, ", \"standings_table\": %zu", g->standings_table);
    fprintf(o, ",\n     \"deals\": [");
    for (size_t r = 0; r < g->n_rows; r++) {
        const rep_row *x = &g->rows[r];
        fprintf(o, "%s\n      {\"deal\": %zu", r ? "," : "", x->deal);
        str(o, "round", x->label, true);
        if (x->dealer >= 0) /* not the row of the sticks left at the end */
            fprintf(o, ", \"dealer\": %d", x->dealer);
        str(o, "outcome", x->outcome, true);
        if (x->winner >= 0)
            fprintf(o, ", \"seat\": %d", x->winner);
        if (x->payer >= 0)
            fprintf(o, ", \"from\": %d", x->payer);
        if (x->han >= 0)
            fprintf(o, ", \"han\": %d", x->han);
        if (x->fu >= 0)
            fprintf(o, ", \"fu\": %d", x->fu);
        if (x->yaku[0])
            str(o, "yaku", x->yaku, true);
        if (x->points != INT32_MIN)
            fprintf(o, ", \"points\": %d", (int)x->points);
        if (x->has_delta)
            seats(o, "deltas", x->delta, g->players);
        if (x->has_deposits)
            seats(o, "deposits", x->deposits, g->players);
        seats(o, "scores", x->scores, g->players);
        if (x->label_computed || x->delta_computed || x->points_computed) {
            fputs(", \"computed\": [", o); /* values paifu worked out: the log has none */
            const char *sep = "";
            if (x->label_computed)
                fprintf(o, "\"round\", \"dealer\""), sep = ", ";
            if (x->points_computed)
                fprintf(o, "%s\"points\"", sep), sep = ", ";
            if (x->delta_computed)
                fprintf(o, "%s\"deltas\"", sep);
            fputc(']', o);
        }
        if (x->note[0])
            str(o, "note", x->note, true);
        fputc('}', o);
    }
    fprintf(o, "%s],\n     \"chart\": [", g->n_rows ? "\n     " : "");
    for (size_t c = 0; c < g->n_chart; c++) {
        fprintf(o, "%s[", c ? ", " : "");
        for (int s = 0; s < g->players; s++)
            fprintf(o, "%s%d", s ? ", " : "", (int)g->chart[c][s]);
        fputc(']', o);
    }
    fprintf(o, "],\n     \"findings_total\": %llu, \"findings\": [",
            (unsigned long long)g->findings_total);
    for (size_t k = 0; k < g->n_findings; k++) {
        const rep_finding *f = &g->findings[k];
        fprintf(o, "%s\n      {\"code\": \"%s\", \"severity\": \"%s\"", k ? "," : "", f->f.code,
                paifu_severity_name(f->f.severity));
        str(o, "message", f->f.message, true);
        if (f->f.expected[0])
            str(o, "expected", f->f.expected, true);
        if (f->f.recorded[0])
            str(o, "recorded", f->f.recorded, true);
        if (f->rule[0])
            str(o, "rule", f->rule, true);
        fprintf(o, ", \"players\": [");
        for (int s = 0; s < f->n_seats; s++) {
            fprintf(o, "%s{\"seat\": %d", s ? ", " : "", f->seats[s]);
            str(o, "name", g->names[f->seats[s]], true);
            fputc('}', o);
        }
        fputc(']', o);
        if (f->deal)
            fprintf(o, ", \"deal\": %zu", f->deal);
        if (f->f.where.deal[0])
            str(o, "round", f->f.where.deal, true);
        if (f->f.where.event >= 0)
            fprintf(o, ", \"event\": %d", (int)f->f.where.event + 1); /* from 1 */
        if (f->f.where.line)
            fprintf(o, ", \"line\": %u", f->f.where.line);
        if (f->n_fu_parts) {
            char part[96];
            fprintf(o, ", \"fu\": {\"fu\": %d, \"unrounded\": %d, \"parts\": [", f->fu, f->fu_raw);
            for (int p = 0; p < f->n_fu_parts; p++) {
                rep_fu_part_text(part, sizeof(part), &f->fu_parts[p], f->fu_wait);
                fprintf(o, "%s{\"fu\": %d", p ? ", " : "", f->fu_parts[p].fu);
                str(o, "text", strchr(part, ' ') ? strchr(part, ' ') + 1 : part, true);
                fputc('}', o);
            }
            fputs("]}", o);
        }
        if (f->state)
            state(o, g, f);
        fputc('}', o);
    }
    fprintf(o, "%s]}", g->n_findings ? "\n     " : "");
}

void rep_write_json(FILE *o, const rep_doc *doc, rep_table only)
{
    fputs("{\"paifu_audit\": 1, \"title\": ", o);
    cli_json_string(o, rep_title(doc));
    fprintf(o, ", \"files\": %zu, \"games_total\": %zu, \"findings\": %llu, "
               "\"unreadable\": [",
            doc->files, doc->n_games, (unsigned long long)doc->findings);
    for (size_t i = 0; i < doc->n_errors; i++) {
        fputs(i ? ", " : "", o);
        cli_json_string(o, doc->errors[i]);
    }
    fputs("],\n  \"skipped\": ", o);
    if (doc->skips)
        cli_skips_json(o, doc->skips);
    else
        fputs("[]", o);
    fputs(",\n  \"standings\": ", o);
    standings(o, doc); /* the first table (the only one when every game shares a rule set) */
    /* every table, one per rule set, players and method; the games in none, with the reason */
    fputs(",\n  \"standings_tables\": [", o);
    for (size_t k = 0; k < doc->n_tables; k++) {
        rep_doc one = rep_standings_select(doc, k);
        fputs(k ? ",\n  " : "", o);
        standings(o, &one);
    }
    fputs("],\n  \"unranked\": [", o);
    for (size_t k = 0; k < doc->n_unranked; k++) {
        fprintf(o, "%s{\"game\": %zu", k ? ", " : "", doc->unranked[k].game);
        str(o, "reason", doc->unranked[k].reason, true);
        fputc('}', o);
    }
    fputs("]", o);
    if (only == REP_ALL || only == REP_GAMES || only == REP_DEALS || only == REP_FINDINGS) {
        fprintf(o, ",\n  \"games\": [");
        for (size_t i = 0; i < doc->n_games; i++) {
            fputs(i ? "," : "", o);
            game(o, &doc->games[i]);
        }
        fprintf(o, "%s]", doc->n_games ? "\n  " : "");
    }
    fputs("}\n", o);
}
