/*
 * settle.c: payments, riichi sticks, honba and the score flow of a game.
 *
 * Checks that the recorded score flow is consistent: each deal's start scores, minus the riichi
 * deposits accepted in it, plus the recorded deltas of its outcomes, give the next deal's start
 * scores; and the last deal's end scores plus the leftover sticks give the recorded final points.
 * Rules: shared/rules/riichi-rulesets.md section 1 B (settlement) and A (final score).
 */
#include "rules_internal.h"
#include "verify_internal.h"

#include <stdio.h>
#include <string.h>

typedef struct flow {
    bool known;                 /* scores are known at this point */
    int32_t scores[PAIFU_SEATS];
    int32_t sticks;             /* riichi sticks on the table */
} flow;

static void format_scores(char *buf, size_t size, const int32_t *s, int players)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < players && used < size; i++)
        used += (size_t)snprintf(buf + used, size - used, "%s%d", i ? "," : "", (int)s[i]);
}

/* Apply DEAL's recorded outcomes to F. Returns false when some delta is unknown. */
static bool apply_deal(flow *f, const paifu_deal *deal)
{
    bool complete = true;
    bool won = false;
    for (size_t i = 0; i < deal->n_events; i++) {
        const paifu_event *e = &deal->events[i];
        switch (e->type) {
        case PAIFU_EV_RIICHI_ACCEPTED:
            f->scores[e->seat] -= 1000;
            f->sticks++;
            break;
        case PAIFU_EV_WIN: {
            const paifu_win *w = &deal->wins[e->detail];
            won = true;
            if (!(w->known & PAIFU_REC_DELTAS)) {
                complete = false;
                break;
            }
            for (int s = 0; s < PAIFU_SEATS; s++)
                f->scores[s] += w->deltas[s];
            break;
        }
        case PAIFU_EV_EXHAUSTIVE_DRAW:
        case PAIFU_EV_ABORTIVE_DRAW: {
            const paifu_draw *d = &deal->draws[e->detail];
            if (d->known & PAIFU_REC_DELTAS)
                for (int s = 0; s < PAIFU_SEATS; s++)
                    f->scores[s] += d->deltas[s];
            break;
        }
        case PAIFU_EV_PENALTY: {
            const paifu_penalty *p = &deal->penalties[e->detail];
            if (p->timing == PAIFU_PENALTY_IMMEDIATE && p->has_deltas)
                for (int s = 0; s < PAIFU_SEATS; s++)
                    f->scores[s] += p->deltas[s];
            break;
        }
        default:
            break;
        }
    }
    if (won)
        f->sticks = 0;
    return complete;
}

void paifu_settle__leftover(int32_t *scores, int32_t sticks, int players,
                            const paifu_rules *rules)
{
    if (sticks <= 0 || rules->leftover_riichi == PAIFU_LEFTOVER_LOST)
        return;
    int top = 0, tied = 1;
    for (int s = 1; s < players; s++) {
        if (scores[s] > scores[top]) {
            top = s;
            tied = 1;
        } else if (scores[s] == scores[top]) {
            tied++;
        }
    }
    if (rules->leftover_riichi == PAIFU_LEFTOVER_FIRST_PLACE || tied == 1) {
        scores[top] += 1000 * sticks; /* seat order breaks a tie: `top` is the lowest seat */
        return;
    }
    /* RRC §3.12: tied winners split the sticks; amounts that are not multiples of 100 are
       fine (+333 each for 3 winners and 1 stick); the remainder is not addressed and dropped */
    int32_t best = scores[top];
    for (int s = 0; s < players; s++)
        if (scores[s] == best)
            scores[s] += 1000 * sticks / tied;
}

int paifu_settle__check_game(paifu_report *report, const paifu_game *game,
                             const paifu_rules *rules, const paifu_verify_options *opts,
                             paifu_error *err)
{
    (void)err;
    int players = paifu_game_players(game);
    size_t n = paifu_game_deal_count(game);
    flow f = {0};
    for (size_t d = 0; d < n; d++) {
        const paifu_deal *deal = paifu_game_deal(game, d);
        const paifu_deal_start *st = &deal->start;
        if (f.known && (st->flags & PAIFU_DEAL_HAS_SCORES) &&
            memcmp(f.scores, st->scores, sizeof(f.scores)) != 0) {
            char exp[64], rec[64];
            paifu_location w;
            format_scores(exp, sizeof(exp), f.scores, players);
            format_scores(rec, sizeof(rec), st->scores, players);
            paifu_verify__locate(&w, opts, deal, -1);
            paifu_report_add(report, "flow.scores", &w, exp, rec, NULL,
                             "start scores differ from the previous deal's result");
        }
        if (st->flags & PAIFU_DEAL_HAS_SCORES) {
            memcpy(f.scores, st->scores, sizeof(f.scores));
            f.known = true;
        }
        if (st->flags & PAIFU_DEAL_HAS_STICKS)
            f.sticks = st->riichi_sticks;
        if (f.known && !apply_deal(&f, deal))
            f.known = false;
    }
    const paifu_game_result *res = paifu_game_result_get(game);
    if (paifu_game_truncated(game)) {
        paifu_location w;
        const paifu_deal *last = n ? paifu_game_deal(game, n - 1) : NULL;
        paifu_verify__locate(&w, opts, last, last ? (int)last->n_events - 1 : -1);
        paifu_report_add(report, "log.truncated", &w, NULL, NULL, NULL,
                         "log ends mid-deal: the game has no recorded end");
        return 0;
    }
    if (f.known && res->has_points) {
        int32_t end[PAIFU_SEATS];
        memcpy(end, f.scores, sizeof(end));
        paifu_settle__leftover(end, f.sticks, players, rules);
        if (memcmp(end, res->points, sizeof(int32_t) * (size_t)players) != 0) {
            char exp[64], rec[64];
            paifu_location w;
            format_scores(exp, sizeof(exp), end, players);
            format_scores(rec, sizeof(rec), res->points, players);
            paifu_verify__locate(&w, opts, NULL, -1);
            paifu_report_add(report, "game.final_points", &w, exp, rec, "RRC-2024 §3.12",
                             "final points differ from the last deal's result");
        }
    }
    return 0;
}
