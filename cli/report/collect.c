/*
 * collect.c: gather the report's document: every game of every input verified under its rule
 * set, its results, its deals as table rows with running scores (the settled view's, riichi
 * deposits and the sticks left at the end in the rows), its findings with the players they
 * concern (and, on a tile log, the table at the finding's event); the standings are
 * standings.c's.
 */
#include "internal.h"
#include "../report_viewer.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

char *rep__dup(const char *s)
{
    char *c = strdup(s ? s : "");
    if (!c) {
        fputs("paifu report: out of memory\n", stderr);
        exit(CLI_ERROR);
    }
    return c;
}

void *rep__grow(void *p, size_t *cap, size_t n, size_t size)
{
    if (n < *cap)
        return p;
    size_t c = *cap ? *cap * 2 : 16;
    void *q = realloc(p, c * size);
    if (!q) {
        fputs("paifu report: out of memory\n", stderr);
        exit(CLI_ERROR);
    }
    *cap = c;
    return q;
}

/* ---- deals ---- */

/* A win's yaku in words (paifu_yaku_display_name: "Riichi, Menzen tsumo, Seat wind (West), Ura
   dora 2"): the dora family and value sets with their count, a yaku scored twice "×2", a
   double yakuman so named; MCR fans by their English name with their points. */
static void yaku_text(char *buf, size_t size, const paifu_win *w, bool mcr)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < w->n_yaku && len < size; i++) {
        const paifu_yaku_value *y = &w->yaku[i];
        const char *name = NULL;
        char value[32] = "";
        if (mcr) {
            const paifu_mcr_fan_info *fi = paifu_mcr_fan(y->id);
            name = fi ? fi->english : y->name;
            if (y->han && y->count > 1)
                snprintf(value, sizeof(value), " %d×%d", y->han, y->count);
            else if (y->han)
                snprintf(value, sizeof(value), " %d", y->han);
        } else {
            name = paifu_yaku_display_name(y->id);
            if (!name)
                name = y->name;
            if (paifu_yaku_is_dora(y->id) || y->id == PAIFU_YAKU_YAKUHAI)
                snprintf(value, sizeof(value), " %d", y->han);
            else if (paifu_yaku_is_yakuman(y->id) && y->han >= 2 * PAIFU_YAKU_YAKUMAN_HAN)
                snprintf(value, sizeof(value), " (%s yakuman)",
                         y->han == 2 * PAIFU_YAKU_YAKUMAN_HAN ? "double" : "multiple");
            else if (y->count > 1)
                snprintf(value, sizeof(value), " ×%d", y->count);
        }
        len += (size_t)snprintf(buf + len, size - len, "%s%s%s", i ? ", " : "",
                                name ? name : "?", value);
    }
}

static rep_row *new_row(rep_game *g, size_t *cap, size_t deal, const paifu_settled_deal *sd)
{
    g->rows = rep__grow(g->rows, cap, g->n_rows, sizeof(*g->rows));
    rep_row *r = &g->rows[g->n_rows++];
    memset(r, 0, sizeof(*r));
    r->deal = deal;
    snprintf(r->label, sizeof(r->label), "%s", sd->label);
    r->dealer = sd->dealer;
    r->label_computed = !(sd->marks & PAIFU_SETTLED_REC_ROUND);
    r->winner = r->payer = -1;
    r->han = r->fu = -1;
    r->points = INT32_MIN;
    memcpy(r->scores, sd->scores, sizeof(r->scores));
    r->scores_known = sd->scores_known;
    return r;
}

/* S cut by a full buffer ends on a whole UTF-8 character (a name is never cut into bytes). */
static void whole_utf8(char *s)
{
    size_t n = strlen(s), i = n;
    while (i > 0 && ((unsigned char)s[i - 1] & 0xC0) == 0x80)
        i--; /* the continuation bytes at the end */
    if (i > 0 && (unsigned char)s[i - 1] >= 0xC0) {
        unsigned char lead = (unsigned char)s[i - 1];
        size_t need = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
        if (n - (i - 1) < need)
            s[i - 1] = '\0';
    }
}

static void seat_list(char *buf, size_t size, const char *what, unsigned bits, const rep_game *g)
{
    size_t len = (size_t)snprintf(buf, size, "%s", what);
    bool any = false;
    for (int s = 0; s < g->players && len < size; s++)
        if (bits & (1u << s)) {
            char tmp[64];
            len += (size_t)snprintf(buf + len, size - len, "%s%s", any ? ", " : " ",
                                    rep_name(g, s, tmp, sizeof(tmp)));
            any = true;
        }
    if (!any)
        snprintf(buf + (len < size ? len : size - 1), size - (len < size ? len : size - 1),
                 " none");
    whole_utf8(buf);
}

/* A row's words and the recorded things it names (yaku, notes) from the log; every number
   (label, dealer, value, payments, running scores) from the settled view X. */
static void fill_row(rep_row *r, const rep_game *g, const paifu_deal *d,
                     const paifu_settled_row *x, const int32_t *deposits)
{
    r->han = x->han;
    r->fu = x->fu;
    r->points = x->points;
    r->points_computed = x->points != INT32_MIN && !(x->marks & PAIFU_SETTLED_REC_POINTS);
    r->has_delta = x->paid;
    r->delta_computed = x->paid && !(x->marks & PAIFU_SETTLED_REC_DELTAS);
    if (x->paid)
        memcpy(r->delta, x->deltas, sizeof(r->delta));
    unsigned riichi = 0; /* the seats whose deposits the row's change of score includes */
    for (int s = 0; s < g->players; s++)
        if (deposits[s]) {
            r->has_deposits = r->has_delta = true;
            r->deposits[s] = deposits[s];
            r->delta[s] += deposits[s];
            riichi |= 1u << s;
        }
    memcpy(r->scores, x->scores_after, sizeof(r->scores));
    r->scores_known = x->scores_known;
    r->winner = x->seat;
    if (x->kind == PAIFU_SETTLED_WIN && x->detail < d->n_wins) {
        const paifu_win *w = &d->wins[x->detail];
        bool tsumo = x->from == x->seat || x->from < 0;
        snprintf(r->outcome, sizeof(r->outcome), "%s",
                 g->mcr ? (tsumo ? "self-drawn" : "discard") : (tsumo ? "tsumo" : "ron"));
        r->payer = tsumo ? -1 : x->from;
        yaku_text(r->yaku, sizeof(r->yaku), w, g->mcr);
        if (x->limit != PAIFU_LIMIT_NONE && x->limit != PAIFU_LIMIT_UNKNOWN)
            snprintf(r->note, sizeof(r->note), "%s", paifu_limit_name((paifu_limit)x->limit));
    } else if (x->kind == PAIFU_SETTLED_DRAW && x->detail < d->n_draws) {
        const paifu_draw *dr = &d->draws[x->detail];
        if (x->draw_kind == PAIFU_DRAW_EXHAUSTIVE)
            snprintf(r->outcome, sizeof(r->outcome), "exhaustive draw");
        else
            snprintf(r->outcome, sizeof(r->outcome), "draw (%s)",
                     paifu_draw_kind_name((paifu_draw_kind)x->draw_kind));
        if (dr->nagashi)
            seat_list(r->note, sizeof(r->note), "nagashi mangan:", dr->nagashi, g);
        else if (x->draw_kind == PAIFU_DRAW_EXHAUSTIVE && !g->mcr)
            seat_list(r->note, sizeof(r->note), "tenpai:", x->tenpai, g);
    }
    if (riichi) { /* said before what the outcome notes */
        char said[sizeof(r->note)], rest[sizeof(r->note)];
        seat_list(said, sizeof(said), "riichi deposit:", riichi, g);
        memcpy(rest, r->note, sizeof(rest));
        size_t n = strlen(said);
        if (rest[0] && n + 2 < sizeof(said))
            snprintf(said + n, sizeof(said) - n, "; %.*s", (int)(sizeof(said) - n - 3), rest);
        memcpy(r->note, said, sizeof(r->note));
        whole_utf8(r->note);
    }
    if (x->kind == PAIFU_SETTLED_PENALTY && x->detail < d->n_penalties) {
        const paifu_penalty *p = &d->penalties[x->detail];
        snprintf(r->outcome, sizeof(r->outcome), "%s",
                 p->kind == PAIFU_PENALTY_DEAD_HAND
                     ? "dead hand"
                     : paifu_penalty_kind_name((paifu_penalty_kind)p->kind));
        if (p->amount)
            snprintf(r->note, sizeof(r->note), "%d points%s", (int)p->amount,
                     p->timing == PAIFU_PENALTY_AFTER_UMA ? " after uma" : "");
        if (p->note) {
            size_t n = strlen(r->note);
            snprintf(r->note + n, sizeof(r->note) - n, "%s%s", n ? "; " : "", p->note);
        }
    }
}

/* The deal rows and the chart, read from the settled view V (every number is the walk's). */
static void add_deals(rep_game *g, const paifu_game *game, const paifu_settled *v)
{
    size_t cap = 0, ccap = 0;
    int32_t last[PAIFU_SEATS] = {0};
    for (size_t i = 0; i < paifu_settled_deal_count(v); i++) {
        const paifu_settled_deal *sd = paifu_settled_deal_get(v, i);
        const paifu_deal *d = paifu_game_deal(game, sd->deal);
        g->chart = rep__grow(g->chart, &ccap, g->n_chart, sizeof(*g->chart));
        memcpy(g->chart[g->n_chart++], sd->scores, sizeof(last));
        memcpy(last, sd->scores, sizeof(last));
        for (uint32_t k = 0; k < sd->n_rows; k++) {
            const paifu_settled_row *x = paifu_settled_row_get(v, sd->first_row + k);
            rep_row *r = new_row(g, &cap, sd->deal + 1, sd);
            int32_t deposits[PAIFU_SEATS] = {0};
            paifu_settled_row_deposits(deposits, v, sd->first_row + k);
            fill_row(r, g, d, x, deposits);
            memcpy(last, x->scores_after, sizeof(last));
        }
        if (!sd->n_rows) {
            rep_row *r = new_row(g, &cap, sd->deal + 1, sd);
            snprintf(r->outcome, sizeof(r->outcome), "no outcome recorded");
        }
    }
    /* the riichi sticks left at the end, given out by the final points: a row of their own */
    int32_t leftover[PAIFU_SEATS] = {0};
    int32_t sticks = paifu_settled_leftover(leftover, v);
    if (sticks > 0 && g->n_rows) {
        const rep_row *prev = &g->rows[g->n_rows - 1];
        bool moved = false;
        for (int s = 0; s < g->players; s++)
            moved = moved || leftover[s];
        size_t deal = prev->deal;
        g->rows = rep__grow(g->rows, &cap, g->n_rows, sizeof(*g->rows));
        rep_row *r = &g->rows[g->n_rows++];
        memset(r, 0, sizeof(*r));
        prev = &g->rows[g->n_rows - 2];
        r->deal = deal;
        snprintf(r->label, sizeof(r->label), "end");
        r->dealer = -1;
        r->winner = r->payer = -1;
        r->han = r->fu = -1;
        r->points = INT32_MIN;
        r->label_computed = prev->label_computed;
        snprintf(r->outcome, sizeof(r->outcome), "leftover riichi sticks");
        r->has_delta = moved;
        r->delta_computed = true;
        r->scores_known = prev->scores_known;
        for (int s = 0; s < g->players; s++) {
            r->delta[s] = leftover[s];
            r->scores[s] = prev->scores[s] + leftover[s];
        }
        memcpy(last, r->scores, sizeof(last));
        unsigned to = 0;
        for (int s = 0; s < g->players; s++)
            to |= leftover[s] > 0 ? 1u << s : 0;
        char what[32];
        snprintf(what, sizeof(what), "%d stick%s to", (int)sticks, sticks == 1 ? "" : "s");
        if (moved)
            seat_list(r->note, sizeof(r->note), what, to, g);
        else
            snprintf(r->note, sizeof(r->note), "%d stick%s left: nobody takes them under the "
                     "rule set", (int)sticks, sticks == 1 ? "" : "s");
    }
    g->chart = rep__grow(g->chart, &ccap, g->n_chart, sizeof(*g->chart));
    memcpy(g->chart[g->n_chart++], g->has_points ? g->points : last, sizeof(last));
}

/* ---- the table at a finding's event ---- */

static void event_text(char *buf, size_t size, const paifu_event *ev, const rep_game *g)
{
    char name[64], tile[3] = "";
    if (ev->tile != PAIFU_TILE_NONE)
        paifu_tile_name(tile, ev->tile);
    const char *who = ev->seat >= 0 ? rep_name(g, ev->seat, name, sizeof(name)) : "";
    snprintf(buf, size, "%s%s%s%s%s", who, who[0] ? ": " : "",
             paifu_event_type_name((paifu_event_type)ev->type), tile[0] ? " " : "", tile);
}

/* The table before F's event when its deal is a tile log (NULL otherwise). */
static paifu_table_state *state_at(rep_finding *f, const paifu_deal *d, const rep_game *g)
{
    size_t ev = (size_t)f->f.where.event;
    paifu_table_state *s = malloc(sizeof(*s));
    if (!s) { /* not a finding without its table */
        cli_usage_error("report", "out of memory");
        exit(CLI_ERROR);
    }
    if (ev >= d->n_events || paifu_deal_state_at(s, d, ev, NULL) < 0) {
        free(s);
        return NULL;
    }
    event_text(f->event, sizeof(f->event), &d->events[ev], g);
    return s;
}

/* A fu finding's breakdown: the replay's own score of the win at the finding's event. */
static void fu_parts(rep_finding *f, const paifu_game *game, const paifu_report *rep)
{
    if (strcmp(f->f.code, "score.fu") != 0 || !f->deal || f->f.where.event < 0)
        return;
    const paifu_deal *d = paifu_game_deal(game, f->deal - 1);
    if (!d || (size_t)f->f.where.event >= d->n_events)
        return;
    const paifu_event *ev = &d->events[f->f.where.event];
    if (ev->type != PAIFU_EV_WIN || ev->detail < 0)
        return;
    const paifu_win_result *wr = paifu_report_win_result(rep, f->deal - 1, (size_t)ev->detail);
    if (!wr || !wr->score.n_fu_parts)
        return;
    f->n_fu_parts = wr->score.n_fu_parts < PAIFU_MAX_FU_PARTS ? wr->score.n_fu_parts
                                                               : PAIFU_MAX_FU_PARTS;
    memcpy(f->fu_parts, wr->score.fu_parts, (size_t)f->n_fu_parts * sizeof(*f->fu_parts));
    f->fu_raw = wr->score.fu_raw;
    f->fu = wr->score.fu;
    f->fu_wait = wr->score.wait;
}

/* ---- games ---- */

/* The deal (1-based, 0 none) finding F is on: the deal whose label as the walk took it (the
   settled view V: a score sheet's true labels) is F's, told apart by the source line when a
   label repeats (a redeal after a chombo). */
static size_t finding_deal(const paifu_settled *v, const paifu_game *game, const paifu_finding *f)
{
    if (!f->where.deal[0])
        return 0;
    size_t first = 0;
    for (size_t i = 0; i < paifu_settled_deal_count(v); i++) {
        const paifu_settled_deal *sd = paifu_settled_deal_get(v, i);
        if (strcmp(sd->label, f->where.deal) != 0)
            continue;
        const paifu_deal *deal = paifu_game_deal(game, sd->deal);
        if (!first)
            first = sd->deal + 1;
        if (!f->where.line)
            break;
        if (f->where.event >= 0 && (size_t)f->where.event < deal->n_events) {
            if (deal->events[f->where.event].line == f->where.line)
                return sd->deal + 1;
        } else if (deal->line == f->where.line) {
            return sd->deal + 1;
        }
    }
    return first ? first : cli_finding_deal(game, f);
}

static void add_game(rep_doc *doc, const char *path, size_t in_file, const paifu_game *game,
                     const paifu_rules *rules, paifu_rules_origin origin,
                     const cli_rules_opts *ro, paifu_report *rep, const paifu_settled *v)
{
    doc->games = rep__grow(doc->games, &doc->cap, doc->n_games, sizeof(*doc->games));
    rep_game *g = &doc->games[doc->n_games++];
    memset(g, 0, sizeof(*g));
    g->number = doc->n_games;
    g->in_file = in_file;
    g->file = rep__dup(path);
    const char *date = paifu_game_meta_get(game, PAIFU_META_DATE);
    snprintf(g->date, sizeof(g->date), "%s", date ? date : "");
    for (size_t i = 0; i < paifu_game_meta_count(game) && !g->table[0]; i++) {
        const paifu_meta *m = paifu_game_meta(game, i); /* "table" or FORMAT.table */
        const char *dot = strrchr(m->key, '.');
        if (strcmp(dot ? dot + 1 : m->key, "table") == 0)
            snprintf(g->table, sizeof(g->table), "%s", m->value);
    }
    snprintf(g->format, sizeof(g->format), "%s", paifu_game_source_format(game));
    g->players = paifu_game_players(game);
    for (int s = 0; s < PAIFU_SEATS; s++) {
        char buf[80]; /* a seat with no name is its own player: "seat 2 of game 14" */
        g->names[s] = rep__dup(s < g->players ? tab_player(buf, sizeof(buf), game, s,
                                                          (long long)g->number,
                                                          &doc->player_names)
                                             : "");
    }
    cli_rules_describe(&g->rules, ro, game, rules, origin);
    char family[16] = "";
    paifu_rules_get(family, sizeof(family), rules, "family", NULL);
    g->mcr = strcmp(family, "mcr") == 0;
    const paifu_settled_result *res = paifu_settled_result_get(v);
    if (res->has_points) {
        g->has_points = true;
        memcpy(g->points, res->points, sizeof(g->points));
        memcpy(g->place12, res->place12, sizeof(g->place12));
        memcpy(g->final, res->has_final ? res->final : res->points, sizeof(g->final));
        g->has_final = res->has_final; /* none where the rule set scores another table */
        g->points_computed = !(res->marks & PAIFU_SETTLED_REC_FINAL_POINTS);
        g->final_computed = !(res->marks & PAIFU_SETTLED_REC_FINAL);
        for (int s = 0; s < g->players; s++)
            g->has_penalties = g->has_penalties || res->penalties[s];
        memcpy(g->penalties, res->penalties, sizeof(g->penalties));
        if (res->has_final && (res->marks & PAIFU_SETTLED_REC_FINAL)) {
            g->has_recorded_final = true;
            memcpy(g->recorded_final, res->final, sizeof(g->recorded_final));
        }
        /* under the options' rule set every game is the tournament's: scored under it from
           its final points (and the penalties after uma), whatever scores the log recorded
           (those stay a fact of the log, and a difference is the verifier's finding) */
        if (origin == PAIFU_RULES_FROM_CALLER && !g->mcr && res->has_final &&
            !(res->marks & PAIFU_SETTLED_OTHER_TABLE)) {
            paifu_settle_final(g->final, res->points, res->penalties, g->players, rules);
            g->final_computed = true;
        }
        if (g->points_computed)
            snprintf(g->result_note, sizeof(g->result_note),
                     "the log records no final points: these are the scores after the last "
                     "deal as paifu settled it, leftover riichi sticks given");
        else if (res->marks & PAIFU_SETTLED_OTHER_TABLE)
            snprintf(g->result_note, sizeof(g->result_note), "%s%s", res->reason,
                     res->has_final ? "; the scores are the ones the log records" : "");
    } else {
        snprintf(g->unscored, sizeof(g->unscored), "%s", res->reason);
    }
    add_deals(g, game, v);
    g->findings_total = paifu_report_stats(rep)->findings;
    size_t n = paifu_report_count(rep);
    g->findings = n ? calloc(n, sizeof(*g->findings)) : NULL;
    if (n && !g->findings) { /* not a report without its findings */
        cli_usage_error("report", "out of memory");
        exit(CLI_ERROR);
    }
    if (cli_findings_filter.active) /* --severity/--ignore/--only: the kept ones, all listed */
        g->findings_total = 0;
    for (size_t i = 0; g->findings && i < n; i++) {
        if (!cli_finding_kept(paifu_report_finding(rep, i)))
            continue;
        if (cli_findings_filter.active)
            g->findings_total++;
        rep_finding *f = &g->findings[g->n_findings++];
        f->f = *paifu_report_finding(rep, i);
        cli_citation(f->rule, sizeof(f->rule), f->f.rule_ref, g->rules.citation);
        f->deal = finding_deal(v, game, &f->f);
        f->n_seats = cli_finding_seats(f->seats, game, paifu_report_finding_seats(rep, i));
        f->result_only = f->deal &&
                         (paifu_game_deal(game, f->deal - 1)->flags & PAIFU_DEAL_RESULT_ONLY);
        if (f->deal && f->f.where.event >= 0)
            f->state = state_at(f, paifu_game_deal(game, f->deal - 1), g);
        fu_parts(f, game, rep);
    }
    if (!doc->no_viewer)
        g->viewer = rep_viewer_data(g, game, rules);
    doc->findings += g->findings_total;
}

/* SOURCE (PATH, or PATH:MEMBER) as the report names it: PATH shown by rep_display_path. */
static void shown_source(char *buf, size_t size, const char *source, const char *path,
                         size_t below)
{
    size_t n = strlen(path);
    rep_display_path(buf, size, path, below);
    if (strncmp(source, path, n) == 0) {
        size_t len = strlen(buf);
        snprintf(buf + len, size - len, "%s", source + n);
    } else {
        rep_display_path(buf, size, source, 0);
    }
}

static void error_line(rep_doc *doc, paifu_error *err, const char *path, size_t below)
{
    if (!err->where.source[0])
        paifu_location_set_source(&err->where, path);
    cli_print_error(err);
    char shown[1024];
    shown_source(shown, sizeof(shown), err->where.source, path, below);
    paifu_location_set_source(&err->where, shown); /* the document names no absolute path */
    char where[512];
    paifu_location_format(where, sizeof(where), &err->where);
    size_t cap = doc->n_errors;
    char line[800];
    snprintf(line, sizeof(line), "%s: %s", where, err->text);
    doc->errors = realloc(doc->errors, (cap + 1) * sizeof(*doc->errors));
    if (!doc->errors)
        exit(CLI_ERROR);
    doc->errors[doc->n_errors++] = rep__dup(line);
    paifu_error_clear(err);
}

/* Verify and settle game G (read from SOURCE, the IN_FILE'th before it there), add it to DOC
   and rank it in the standings of its own rule set and number of players. Returns 0, a
   negative error, or 1 when the rule set is refused for this game (a rule set of the other
   family: ERR names it, the game is left out and the next one may be read). */
static int collect_game(rep_doc *doc, rep_builder *bd, const char *source, size_t in_file,
                        const paifu_game *g, const char *format, const cli_rules_opts *ro,
                        paifu_report *rep, uint32_t max_findings, paifu_error *err)
{
    paifu_rules *rules = NULL;
    paifu_rules_origin origin;
    if (cli_resolve_rules_origin(&rules, &origin, ro, g, "rrc", err) < 0) {
        err->where.game = (int32_t)in_file;
        return 1;
    }
    paifu_verify_options vo = PAIFU_VERIFY_OPTIONS_INIT;
    vo.source_name = source;
    vo.game_index = (int32_t)in_file;
    vo.max_findings = cli_findings_filter.active ? UINT32_MAX : max_findings;
    paifu_report_clear(rep);
    paifu_settled *v = NULL;
    int rc = paifu_game_settle(&v, g, rules, rep, &vo, err);
    if (rc == 0) {
        add_game(doc, source, in_file + 1, g, rules, origin, ro, rep, v);
        rep_game *game = &doc->games[doc->n_games - 1];
        tab_game_info info = {(long long)doc->n_games, source, format,
                              paifu_rules_origin_name(origin),
                              (long long)paifu_report_count(rep), rep, v, &doc->player_names};
        if (doc->stats && tab_game(g, rules, &info, tab_stats_row, doc->stats) != 0) {
            cli_usage_error("report", "out of memory"); /* not a report without its stats */
            exit(CLI_ERROR);
        }
        rc = rep__rank_game(doc, bd, game, g, rules, ro, origin, paifu_settled_result_get(v),
                            err);
        paifu_settled_free(v);
    }
    paifu_rules_free(rules);
    return rc;
}

static int collect_inputs(rep_doc *doc, rep_builder *bd, const cli_inputs *in,
                          const cli_rules_opts *ro, const paifu_read_options *ropts,
                          uint32_t max_findings, paifu_report *rep)
{
    int status = CLI_CLEAN;
    paifu_error err;
    paifu_error_clear(&err);
    for (size_t i = 0; i < in->n; i++) {
        const char *path = in->paths[i];
        paifu_reader *r = NULL;
        int rc = paifu_reader_open(&r, path, ropts, &err);
        bool container = r && paifu_reader_members(r, NULL, NULL, NULL);
        const paifu_game *g;
        size_t in_file = 0;
        while (rc == 0 && (rc = paifu_reader_next(&g, r, &err)) != 0) {
            /* a database's or archive's games are named FILE:MEMBER, as validate names them */
            char source[1024];
            shown_source(source, sizeof(source),
                         strcmp(path, "-") == 0 ? "-" : paifu_reader_source(r), path, in->rel[i]);
            if (rc > 0 &&
                (rc = collect_game(doc, bd, source, in_file, g, paifu_reader_format(r), ro, rep,
                                   max_findings, &err)) > 0) {
                /* a game refused by the rule set: named, and the next one read */
                error_line(doc, &err, paifu_reader_source(r), in->rel[i]);
                doc->unreadable++;
                status = CLI_ERROR;
                rc = 0;
            }
            if (rc == 0) {
                in_file++;
                continue;
            }
            if (!container)
                break;
            /* a bad member or row: reported by its name, and the next one read */
            error_line(doc, &err, paifu_reader_source(r), in->rel[i]);
            doc->unreadable++;
            status = CLI_ERROR;
            rc = 0;
        }
        if (rc < 0) {
            error_line(doc, &err, path, in->rel[i]);
            doc->unreadable++;
            status = CLI_ERROR;
        }
        paifu_reader_free(r);
    }
    return status;
}

int rep_collect(rep_doc *doc, const cli_inputs *in, const cli_rules_opts *ro,
                const paifu_read_options *ropts, uint32_t max_findings)
{
    paifu_error err;
    paifu_error_clear(&err);
    paifu_report *rep = NULL;
    if (paifu_report_new(&rep, &err) < 0) {
        cli_print_error(&err);
        return CLI_ERROR;
    }
    doc->files = in->n;
    if (tab_stats_new(&doc->stats) < 0) { /* not a report without its statistics */
        cli_usage_error("report", "out of memory");
        paifu_report_free(rep);
        return CLI_ERROR;
    }
    rep_builder bd = {0};
    int status = collect_inputs(doc, &bd, in, ro, ropts, max_findings, rep);
    paifu_report_free(rep);
    status = rep__standings_finish(doc, &bd, status);
    if (doc->findings && status == CLI_CLEAN)
        status = CLI_FINDINGS;
    return status;
}

void rep_free(rep_doc *doc)
{
    tab_stats_free(doc->stats);
    for (size_t i = 0; i < doc->n_games; i++) {
        rep_game *g = &doc->games[i];
        free(g->file);
        for (int s = 0; s < PAIFU_SEATS; s++)
            free(g->names[s]);
        free(g->rows);
        free(g->chart);
        for (size_t k = 0; k < g->n_findings; k++)
            free(g->findings[k].state);
        free(g->findings);
        free(g->viewer);
    }
    free(doc->games);
    for (size_t k = 0; k < doc->n_tables; k++) {
        for (size_t i = 0; i < doc->tables[k].n; i++)
            free(doc->tables[k].rows[i].name);
        free(doc->tables[k].rows);
    }
    free(doc->tables);
    free(doc->unranked);
    for (size_t i = 0; i < doc->n_errors; i++)
        free(doc->errors[i]);
    free(doc->errors);
    memset(doc, 0, sizeof(*doc));
}
