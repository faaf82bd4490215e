/*
 * sheet_totals.c: a score sheet whose final points differ from its deals, traced to a deal.
 *
 * A Pantheon sheet has no running scores, only the final points at the top, so another winner
 * or a riichi deposit left out changes nothing but who ends with what. When the points the
 * walk reaches differ from the recorded ones, every single-deal edit of the kinds a sheet gets
 * wrong is tried (the winner of a win replaced by another seat, the discarder of a ron
 * replaced, one player's riichi deposit added or struck, a win's han and fu changed): the
 * edited deal must still be a result some hand can have (paifu_sheet__check_deal finds no more
 * in it than in the deal as written), and the whole game is walked again with it (quietly,
 * through the caller's callback) to see whether it reaches the recorded points exactly. If the
 * edits that do all lie in one deal, the finding names that deal's line and label with the
 * edit as the expected value; if they lie in several deals, one game-level finding lists them.
 * Nothing is guessed: an edit counts only when the arithmetic of the whole game reconciles. The
 * finding is a warning beside game.final_points (the error, at the points line): the points
 * line itself may be the mistake, which no deal's edit can tell apart.
 *
 * The search is bounded: at most SEARCH_MAX_DEALS deals, and per deal (players - 1) winners and
 * discarders per win, one riichi edit per player and 13 x 11 han/fu pairs per win, each a walk
 * of the game's result-only deals.
 *
 * Rules: RRC 2024 §3.12 (the final points follow from the deals).
 */
#include "sheet_totals.h"
#include "finding_internal.h"
#include "sheet_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SEARCH_MAX_DEALS  64 /* sheets are one game: 8 to 30 deals */
#define SEARCH_MAX_EVENTS 64
#define SEARCH_LISTED     3 /* edits of one deal spelled out in the finding */
#define SEARCH_LINES      8 /* deals listed in a game-level finding */

typedef struct search {
    paifu_report *report;
    const paifu_verify_options *opts;
    const paifu_game *game;
    const paifu_rules *rules;
    const paifu_deal_start *starts;
    const int32_t *recorded;
    paifu_sheet_points_fn points;
    void *ctx;
    int players;
    paifu_report *check; /* sheet checks of the edits */
    uint64_t best;       /* the fewest findings a fitting edit leaves in the deal (at first,
                            those of the deal as written) */
    size_t at;           /* the deal being edited */
    const paifu_deal *orig;
    paifu_deal ed;
    paifu_event ev[SEARCH_MAX_EVENTS + 1];
    paifu_win wins[PAIFU_SEATS];
    char label[16];
    /* what reconciles */
    int fits; /* edits that fit in deal `at` */
    char what[SEARCH_LISTED][96];
    int event; /* the event the first fitting edit is at */
    int deals; /* deals with a fitting edit */
    size_t deal_at[SEARCH_LINES];
    int deal_event[SEARCH_LINES];
    int32_t deal_fits[SEARCH_LINES];
    char deal_what[SEARCH_LINES][96];
    char one[SEARCH_LISTED * 100 + 16]; /* the edits, when one deal fits */
    paifu_deal one_deal;
    int one_event;
    int one_fits;
} search;

/* SEAT's name on the sheet, else "seat N", into BUF. */
static const char *name(char *buf, size_t size, const search *s, int seat)
{
    const paifu_player *p = paifu_game_player(s->game, seat);
    if (p && p->name && p->name[0])
        snprintf(buf, size, "%s", p->name);
    else
        snprintf(buf, size, "seat %d", seat);
    return buf;
}

static uint64_t sheet_findings(search *s, const paifu_deal *deal)
{
    uint64_t before = paifu_report_stats(s->check)->findings;
    const paifu_deal_start *st = &s->starts[s->at];
    paifu_sheet__check_deal(s->check, s->opts, deal, s->rules, s->players, st->riichi_sticks,
                            st->honba, (st->flags & PAIFU_DEAL_HAS_SCORES) ? st->scores : NULL);
    paifu_report_clear_findings(s->check);
    return paifu_report_stats(s->check)->findings - before;
}

/* Try the edit in s->ed (events s->ev, wins s->wins), spelled WHAT, to be reported at EVENT
   (an index into the deal as written). */
static void try_edit(search *s, int event, const char *what)
{
    uint64_t left = sheet_findings(s, &s->ed);
    if (left > s->best)
        return; /* the edited deal is no result a hand can have, or a worse one */
    int32_t got[PAIFU_SEATS] = {0};
    if (!s->points(s->ctx, s->at, &s->ed, got) ||
        memcmp(got, s->recorded, sizeof(int32_t) * (size_t)s->players) != 0)
        return;
    if (left < s->best) { /* an edit that leaves the deal with fewer findings comes first */
        s->best = left;
        s->fits = 0;
    }
    if (s->fits < SEARCH_LISTED)
        snprintf(s->what[s->fits], sizeof(s->what[0]), "%s", what);
    if (!s->fits)
        s->event = event;
    s->fits++;
}

static void reset(search *s)
{
    s->ed = *s->orig;
    if (s->orig->n_events)
        memcpy(s->ev, s->orig->events, sizeof(paifu_event) * s->orig->n_events);
    if (s->orig->n_wins) /* a draw has none (and may have no array) */
        memcpy(s->wins, s->orig->wins, sizeof(paifu_win) * s->orig->n_wins);
    s->ed.events = s->ev;
    s->ed.wins = s->wins;
}

static unsigned winners_of(const paifu_deal *d)
{
    unsigned m = 0;
    for (size_t i = 0; i < d->n_wins; i++)
        if (d->wins[i].winner >= 0 && d->wins[i].winner < PAIFU_SEATS)
            m |= 1u << d->wins[i].winner;
    return m;
}

/* Another seat as the winner of the win at event I; another discarder of the ron. */
static void edit_players(search *s, size_t i, bool first_ron)
{
    const paifu_win *w = &s->orig->wins[s->orig->events[i].detail];
    unsigned winners = winners_of(s->orig);
    bool tsumo = w->winner == w->from;
    char what[96], who[48];
    for (int p = 0; p < s->players; p++) {
        if ((winners >> p) & 1 || (!tsumo && p == w->from))
            continue;
        reset(s);
        paifu_win *x = &s->wins[s->orig->events[i].detail];
        x->winner = (int8_t)p;
        s->ev[i].seat = (int8_t)p;
        if (tsumo) {
            x->from = (int8_t)p;
            s->ev[i].from = (int8_t)p;
        }
        snprintf(what, sizeof(what), "the winner of %s is %s", s->label,
                 name(who, sizeof(who), s, p));
        try_edit(s, (int)i, what);
    }
    if (tsumo || !first_ron)
        return;
    for (int p = 0; p < s->players; p++) { /* every ron of the deal is on the same discard */
        if ((winners >> p) & 1 || p == w->from)
            continue;
        reset(s);
        for (size_t k = 0; k < s->ed.n_events; k++)
            if (s->ev[k].type == PAIFU_EV_WIN && s->ev[k].detail >= 0 &&
                (size_t)s->ev[k].detail < s->ed.n_wins) {
                s->wins[s->ev[k].detail].from = (int8_t)p;
                s->ev[k].from = (int8_t)p;
            }
        snprintf(what, sizeof(what), "the discarder in %s is %s", s->label,
                 name(who, sizeof(who), s, p));
        try_edit(s, (int)i, what);
    }
}

/* Other han and fu for the win at event I (not a yakuman: its value is its count). */
static void edit_value(search *s, size_t i)
{
    static const int FU[] = {20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110};
    const paifu_win *w = &s->orig->wins[s->orig->events[i].detail];
    if (!(w->known & PAIFU_REC_HAN) || w->yakuman || w->han < 1)
        return;
    char what[96], who[48];
    for (int han = 1; han <= 13; han++) {
        for (size_t f = 0; f < sizeof(FU) / sizeof(FU[0]); f++) {
            int fu = han >= 5 ? w->fu : FU[f]; /* a limit hand: the fu do not count */
            if (han >= 5 && f > 0)
                break;
            if (han == w->han && (fu == w->fu || han >= 5))
                continue;
            reset(s);
            paifu_win *x = &s->wins[s->orig->events[i].detail];
            x->han = (int16_t)han;
            x->fu = (int16_t)fu;
            if (han < 5)
                x->known |= PAIFU_REC_FU;
            x->known &= (uint16_t) ~(PAIFU_REC_LIMIT | PAIFU_REC_POINTS | PAIFU_REC_DELTAS);
            if (han >= 5 || !fu)
                snprintf(what, sizeof(what), "%s's win in %s is %d han",
                         name(who, sizeof(who), s, w->winner), s->label, han);
            else
                snprintf(what, sizeof(what), "%s's win in %s is %d han %d fu",
                         name(who, sizeof(who), s, w->winner), s->label, han, fu);
            try_edit(s, (int)i, what);
        }
    }
}

/* One player's riichi deposit struck, or added before the deal's outcome (event OUTCOME). */
static void edit_riichi(search *s, size_t outcome)
{
    char what[96], who[48];
    for (int p = 0; p < s->players; p++) {
        reset(s);
        size_t n = s->orig->n_events, k;
        for (k = 0; k < n; k++)
            if (s->orig->events[k].type == PAIFU_EV_RIICHI_ACCEPTED && s->orig->events[k].seat == p)
                break;
        if (k < n) {
            memmove(&s->ev[k], &s->ev[k + 1], sizeof(paifu_event) * (n - k - 1));
            s->ed.n_events = n - 1;
            snprintf(what, sizeof(what), "%s did not declare riichi in %s",
                     name(who, sizeof(who), s, p), s->label);
            try_edit(s, (int)outcome, what);
        } else {
            memmove(&s->ev[outcome + 1], &s->ev[outcome], sizeof(paifu_event) * (n - outcome));
            paifu_event_init(&s->ev[outcome], PAIFU_EV_RIICHI_ACCEPTED, p);
            s->ev[outcome].line = s->orig->events[outcome].line;
            s->ev[outcome].column = s->orig->events[outcome].column;
            s->ed.n_events = n + 1;
            snprintf(what, sizeof(what), "%s declared riichi in %s", name(who, sizeof(who), s, p),
                     s->label);
            try_edit(s, (int)outcome, what);
        }
    }
}

static bool is_outcome(const paifu_event *e)
{
    return e->type == PAIFU_EV_WIN || e->type == PAIFU_EV_EXHAUSTIVE_DRAW ||
           e->type == PAIFU_EV_ABORTIVE_DRAW || e->type == PAIFU_EV_PENALTY;
}

static void search_deal(search *s)
{
    const paifu_deal *d = s->orig;
    if (d->n_events > SEARCH_MAX_EVENTS || d->n_wins > PAIFU_SEATS)
        return;
    s->best = sheet_findings(s, d);
    paifu_deal_label(s->label, sizeof(s->label), &s->starts[s->at]);
    s->fits = 0;
    size_t outcome = d->n_events;
    bool first_ron = true;
    for (size_t i = 0; i < d->n_events; i++) {
        const paifu_event *e = &d->events[i];
        if (is_outcome(e) && outcome == d->n_events)
            outcome = i;
        if (e->type != PAIFU_EV_WIN || e->detail < 0 || (size_t)e->detail >= d->n_wins)
            continue;
        const paifu_win *w = &d->wins[e->detail];
        if (w->winner < 0 || w->winner >= s->players || w->from < 0 || w->from >= s->players)
            continue;
        edit_players(s, i, first_ron && w->winner != w->from);
        first_ron = first_ron && w->winner == w->from;
        edit_value(s, i);
    }
    if (outcome < d->n_events)
        edit_riichi(s, outcome);
    if (!s->fits)
        return;
    if (s->deals < SEARCH_LINES) {
        s->deal_at[s->deals] = s->at;
        s->deal_event[s->deals] = s->event;
        s->deal_fits[s->deals] = s->fits;
        snprintf(s->deal_what[s->deals], sizeof(s->deal_what[0]), "%s", s->what[0]);
    }
    if (!s->deals) { /* kept for the finding, should this deal be the only one */
        size_t k = 0;
        for (int j = 0; j < s->fits && j < SEARCH_LISTED; j++)
            k += (size_t)snprintf(s->one + k, sizeof(s->one) - k, "%s%s", j ? "; or " : "",
                                  s->what[j]);
        if (s->fits > SEARCH_LISTED)
            snprintf(s->one + k, sizeof(s->one) - k, "; or %d more", s->fits - SEARCH_LISTED);
        s->one_deal = *d;
        s->one_deal.start = s->starts[s->at];
        s->one_event = s->event;
        s->one_fits = s->fits;
    }
    s->deals++;
}

int paifu_sheet__reconcile(paifu_report *report, const paifu_verify_options *opts,
                           const paifu_game *game, const paifu_rules *rules,
                           const paifu_deal_start *starts, const int32_t *recorded,
                           paifu_sheet_points_fn points, void *ctx)
{
    size_t n = paifu_game_deal_count(game);
    if (!n || n > SEARCH_MAX_DEALS)
        return 0;
    for (size_t d = 0; d < n; d++)
        if (!(paifu_game_deal(game, d)->flags & PAIFU_DEAL_RESULT_ONLY))
            return 0; /* a tile log has its own evidence at every deal */
    search *s = malloc(sizeof(*s));
    if (!s)
        return PAIFU_ENOMEM;
    *s = (search){.report = report,
                  .opts = opts,
                  .game = game,
                  .rules = rules,
                  .starts = starts,
                  .recorded = recorded,
                  .points = points,
                  .ctx = ctx,
                  .players = paifu_game_players(game)};
    paifu_error err;
    paifu_error_clear(&err);
    if (paifu_report_new(&s->check, &err) < 0) {
        free(s);
        return PAIFU_ENOMEM;
    }
    paifu_report__begin_game(s->check, 1);
    for (size_t d = 0; d < n; d++) {
        s->at = d;
        s->orig = paifu_game_deal(game, d);
        search_deal(s);
    }
    if (s->deals == 1) {
        char e[96 + 32]; /* cut to the finding's 96 bytes by paifu_report_add */
        if (s->one_fits > 1)
            snprintf(e, sizeof(e), "%.80s (or %d other edit%s)", s->deal_what[0], s->one_fits - 1,
                     s->one_fits == 2 ? "" : "s");
        else
            snprintf(e, sizeof(e), "%s", s->deal_what[0]);
        if (s->one_fits > 1) /* the edits that fit, in words (the expected value is cut) */
            paifu_finding__add(report, opts, &s->one_deal, s->one_event, "sheet.totals", e,
                               "as written", "RRC 2024 §3.12",
                               "the recorded final points follow from the deals with one edit "
                               "of this deal, and of no other: %s",
                               s->one);
        else /* the one edit is the expected value: not said twice */
            paifu_finding__add(report, opts, &s->one_deal, s->one_event, "sheet.totals", e,
                               "as written", "RRC 2024 §3.12",
                               "the recorded final points follow from the deals with one edit "
                               "of this deal, and of no other");
    } else if (s->deals > 1) {
        char lines[96], each[SEARCH_LINES * 120 + 32];
        size_t k = 0, m = 0;
        k += (size_t)snprintf(lines, sizeof(lines), "one of lines ");
        for (int j = 0; j < s->deals && j < SEARCH_LINES; j++) {
            const paifu_deal *d = paifu_game_deal(game, s->deal_at[j]);
            uint32_t line = s->deal_event[j] >= 0 && (size_t)s->deal_event[j] < d->n_events
                                ? d->events[s->deal_event[j]].line
                                : d->line;
            if (k < sizeof(lines))
                k += (size_t)snprintf(lines + k, sizeof(lines) - k, "%s%u", j ? ", " : "",
                                      (unsigned)line);
            if (m < sizeof(each))
                m += (size_t)snprintf(each + m, sizeof(each) - m, "%sline %u: %s%s", j ? "; " : "",
                                      (unsigned)line, s->deal_what[j],
                                      s->deal_fits[j] > 1 ? " (or other edits)" : "");
        }
        if (s->deals > SEARCH_LINES && k < sizeof(lines))
            snprintf(lines + k, sizeof(lines) - k, " and %d more", s->deals - SEARCH_LINES);
        /* placed at the recorded final points (a sheet's points line), as game.final_points */
        paifu_location w;
        paifu_finding__locate(&w, opts, NULL, -1);
        w.line = paifu_game_result_line(game, &w.column);
        paifu_report_add(report, "sheet.totals", &w, lines, "as written", "RRC 2024 §3.12",
                         "a single edit of any of %d deals makes them give the recorded final "
                         "points: %s",
                         s->deals, each);
    }
    paifu_report_free(s->check);
    free(s);
    return 0;
}
