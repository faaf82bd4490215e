/*
 * settle.c: the settlement arithmetic: what a win, a draw, nagashi mangan and a chombo pay
 * (honba, riichi sticks and pao included), the sticks left at the end, the final score with
 * return points, oka, uma, ties, rounding and the penalties taken off after uma; and the public
 * settlement functions of paifu/settle.h.
 *
 * Pure functions of numbers and the rule set: the replay (replay_outcome.c) and the game walk
 * (game_flow.c) call them, and they call nothing of the verifier.
 *
 * Rules: shared/rules/riichi-rulesets.md section 1 A (final score) and B (settlement), every
 * difference read from the rule set; RRC-2024 §3.8-§3.13 where a rule is cited.
 */
#include "paifu/settle.h"
#include "score_internal.h"
#include "settle_internal.h"

#include "paifu/verify.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* ---- payments ---- */

void paifu_settle__noten_deltas(int32_t *deltas, unsigned tenpai, int players,
                                const paifu_rules *rules)
{
    int t = 0;
    for (int s = 0; s < players; s++)
        t += (tenpai >> s) & 1;
    if (t == 0 || t == players || rules->noten_total <= 0)
        return;
    /* RRC §3.8: the noten players pay noten_total in all, split among the tenpai ones */
    for (int s = 0; s < players; s++)
        deltas[s] += (tenpai >> s) & 1 ? rules->noten_total / t : -rules->noten_total / (players - t);
}

void paifu_settle__win_deltas(int32_t *d, const settle_win *w, const paifu_rules *r)
{
    int players = w->players, winner = w->winner, from = w->from, pao = w->pao;
    bool tsumo = winner == from;
    int32_t honba_pts = w->honba * r->honba_value;
    memset(d, 0, sizeof(int32_t) * PAIFU_SEATS);
    if (tsumo && pao >= 0) {
        /* the liable player pays the whole hand as if ronned, honba included */
        int32_t value = w->pay.ron + honba_pts;
        d[pao] -= value;
        d[winner] += value;
    } else if (tsumo) {
        int32_t per_honba = r->honba_value / (players - 1); /* split among the payers */
        /* 3 players: the absent north's share is lost or split between the payers */
        int32_t absent = paifu_points__absent_share(w->pay.tsumo_nondealer, players, r);
        for (int p = 0; p < players; p++) {
            if (p == winner)
                continue;
            int32_t pay = winner == w->dealer || p != w->dealer ? w->pay.tsumo_nondealer
                                                                : w->pay.tsumo_dealer;
            pay += absent + w->honba * per_honba;
            d[p] -= pay;
            d[winner] += pay;
        }
    } else if (pao >= 0 && pao != from) {
        /* ron off a third player: the liable player and the discarder share the hand */
        int32_t half = w->pay.ron / 2;
        d[pao] -= half;
        d[from] -= w->pay.ron - half;
        if (r->pao_ron_honba == PAIFU_PAO_HONBA_SPLIT) {
            d[pao] -= honba_pts / 2;
            d[from] -= honba_pts - honba_pts / 2;
        } else {
            d[r->pao_ron_honba == PAIFU_PAO_HONBA_LIABLE ? pao : from] -= honba_pts;
        }
        d[winner] += w->pay.ron + honba_pts;
    } else {
        int32_t value = w->pay.ron + honba_pts;
        d[from] -= value;
        d[winner] += value;
    }
    d[winner] += w->sticks;
}

void paifu_settle__multi_ron_sticks(int32_t *out, unsigned winners, int first_winner,
                                    int32_t sticks, unsigned riichi_winners,
                                    const paifu_rules *r)
{
    memset(out, 0, sizeof(int32_t) * PAIFU_SEATS);
    int32_t pot = sticks;
    if (r->winners_own_stick_back) {
        /* RRC-2024 §3.3.6, §3.9 example: each winner who declared riichi in this deal gets the
           own stick back; the rest goes to the first winner from the discarder */
        for (int s = 0; s < PAIFU_SEATS; s++)
            if ((winners >> s & 1) && (riichi_winners >> s & 1) && s != first_winner && pot > 0) {
                out[s] += 1000;
                pot--;
            }
    }
    if (first_winner >= 0)
        out[first_winner] += 1000 * pot;
}

/* A mangan tsumo between SEAT and every other player, 4000 with the dealer and 2000 otherwise:
   SIGN 1 SEAT collects it, -1 SEAT pays it. */
static void mangan_tsumo(int32_t *deltas, int seat, int dealer, int players, int sign)
{
    for (int p = 0; p < players; p++) {
        if (p == seat)
            continue;
        int32_t pay = sign * (seat == dealer || p == dealer ? 4000 : 2000);
        deltas[p] -= pay;
        deltas[seat] += pay;
    }
}

void paifu_settle__nagashi_deltas(int32_t *deltas, unsigned nagashi, int dealer, int players)
{
    for (int s = 0; s < players; s++)
        if ((nagashi >> s) & 1)
            mangan_tsumo(deltas, s, dealer, players, 1);
}

void paifu_settle__chombo_deltas(int32_t *deltas, int offender, int dealer, int players)
{
    mangan_tsumo(deltas, offender, dealer, players, -1);
}

int32_t paifu_settle__chombo_points(const paifu_rules *r)
{
    /* RRC-2024 §3.13 "двойной шаг умы" when the parameter is 0; §9.4 gives a flat 20000 */
    return r->chombo_points ? r->chombo_points : 2 * (r->uma[0] - r->uma[1]);
}

const char *paifu_settle__chombo_words(char *buf, size_t size, const paifu_rules *r,
                                       int offender, int dealer)
{
    char amount[32];
    if (r->chombo == PAIFU_CHOMBO_AFTER_UMA) {
        paifu_final_score_text(amount, sizeof(amount), -(int64_t)paifu_settle__chombo_points(r),
                               r->family == PAIFU_FAMILY_MCR);
        snprintf(buf, size, "chombo under these rules: %s after uma", amount);
    } else if (r->chombo == PAIFU_CHOMBO_REVERSE_MANGAN) {
        snprintf(buf, size, "chombo under these rules: %s",
                 offender == dealer ? "a reverse mangan (4,000 to each other player)"
                                    : "a reverse mangan (4,000 to the dealer, 2,000 to the others)");
    } else {
        snprintf(buf, size, "no chombo under these rules");
    }
    return buf;
}

bool paifu_settle__chombo_void(const paifu_deal *deal, int seat, const paifu_rules *rules)
{
    if (rules->chombo_with_win != PAIFU_CHOMBO_WIN_ANNULLED)
        return false;
    for (size_t w = 0; w < deal->n_wins; w++) {
        int winner = deal->wins[w].winner;
        bool penalised = false; /* a win the log itself penalises is a false declaration */
        for (size_t i = 0; i < deal->n_penalties; i++)
            penalised |= deal->penalties[i].kind == PAIFU_PENALTY_CHOMBO &&
                         deal->penalties[i].seat == winner;
        if (winner != seat && !penalised)
            return true;
    }
    return false;
}

/* The step the next unpriced fine of SEAT for REASON is on, counting it. */
static int next_step(paifu_fine_ladders *f, int seat, const char *reason)
{
    size_t i;
    for (i = 0; i < f->n; i++)
        if (f->ladder[i].seat == seat &&
            (f->ladder[i].reason == reason ||
             (f->ladder[i].reason && reason && strcmp(f->ladder[i].reason, reason) == 0)))
            return ++f->ladder[i].steps;
    if (f->n == PAIFU_FINE_LADDERS) /* more reasons than that in one game: the last one's */
        return ++f->ladder[f->n - 1].steps;
    f->ladder[i].seat = seat;
    f->ladder[i].reason = reason;
    f->ladder[i].steps = 1;
    f->n++;
    return 1;
}

void paifu_settle__after_uma(int32_t *penalties, paifu_fine_ladders *fines,
                             const paifu_deal *deal, int players, const paifu_rules *rules)
{
    for (size_t i = 0; i < deal->n_penalties; i++) {
        const paifu_penalty *p = &deal->penalties[i];
        if (p->seat < 0 || p->seat >= players)
            continue;
        if (p->kind == PAIFU_PENALTY_FINE && p->timing != PAIFU_PENALTY_IMMEDIATE) {
            /* RRC-2024 §9.4: fines are taken off after uma; one the log does not price is the
               next step of its reason's §9.4.1 ladder (fine_base, then doubling) */
            penalties[p->seat] +=
                p->amount ? p->amount
                          : paifu_settle_fine(rules, PAIFU_FINE_REPEAT,
                                              next_step(fines, p->seat, p->note));
            continue;
        }
        bool after_uma = p->timing == PAIFU_PENALTY_AFTER_UMA ||
                         (p->timing == PAIFU_PENALTY_BY_RULES && p->kind == PAIFU_PENALTY_CHOMBO &&
                          rules->chombo == PAIFU_CHOMBO_AFTER_UMA);
        if (after_uma && p->kind == PAIFU_PENALTY_CHOMBO &&
            p->timing == PAIFU_PENALTY_BY_RULES && paifu_settle__chombo_void(deal, p->seat, rules))
            continue; /* RRC-2024 §3.13: the win counts, the chombo is not charged */
        if (after_uma) /* RRC-2024 §3.13, §9.4: taken off after uma */
            penalties[p->seat] += p->amount ? p->amount : paifu_settle__chombo_points(rules);
    }
}

/* ---- the end of the game ---- */

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

/* Round to the nearest 1000, halves away from zero (Tenhou, tenhou-xml.md §6). */
static int32_t round1000(int32_t v)
{
    int32_t a = v < 0 ? -v : v;
    int32_t r = (a + 500) / 1000 * 1000;
    return v < 0 ? -r : r;
}

void paifu_settle__final(int32_t *final, const int32_t *points, const int32_t *penalties,
                         int players, const paifu_rules *r)
{
    /* places: by points, ties share (or by seat order) (RRC §3.12; riichi-rulesets.md A) */
    int order[PAIFU_SEATS] = {0, 1, 2, 3};
    for (int i = 1; i < players; i++)
        for (int j = i; j > 0 && points[order[j]] > points[order[j - 1]]; j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    int32_t uma[PAIFU_SEATS] = {0}, oka[PAIFU_SEATS] = {0};
    for (int i = 0; i < players;) {
        int j = i + 1;
        if (r->uma_tie == PAIFU_TIE_SHARE)
            while (j < players && points[order[j]] == points[order[i]])
                j++;
        int32_t sum = 0;
        for (int k = i; k < j; k++)
            sum += r->uma[k];
        for (int k = i; k < j; k++) {
            uma[order[k]] = sum / (j - i);
            if (i == 0)
                oka[order[k]] = r->oka / (j - i);
        }
        i = j;
    }
    int top = order[0];
    int32_t others = 0;
    for (int s = 0; s < players; s++) {
        int32_t base = points[s];
        if (r->final_rounding == PAIFU_ROUND_NEAREST_1000)
            base = round1000(base);
        final[s] = base - r->return_points + uma[s] + oka[s];
        if (s != top)
            others += final[s];
    }
    if (r->final_rounding != PAIFU_ROUND_NONE)
        final[top] = -others; /* the top player absorbs oka and rounding */
    for (int s = 0; s < players; s++)
        final[s] -= penalties ? penalties[s] : 0;
}

/* ---- public wrappers (paifu/settle.h) ---- */

void paifu_settle_places(int *place_out, const int32_t *points, int players,
                         const paifu_rules *rules)
{
    for (int s = 0; s < players; s++) {
        int above = 0, equal = 0;
        for (int o = 0; o < players; o++) {
            if (o == s)
                continue;
            if (points[o] > points[s] ||
                (points[o] == points[s] && rules->placement_tie == PAIFU_TIE_SEAT_ORDER && o < s))
                above++;
            else if (points[o] == points[s] && rules->placement_tie == PAIFU_TIE_SHARE)
                equal++;
        }
        /* shared places: the average of the places the tied players occupy */
        place_out[s] = 12 * (above + 1) + 6 * equal;
    }
}

void paifu_settle_final(int32_t *final_out, const int32_t *points, const int32_t *penalties,
                        int players, const paifu_rules *rules)
{
    paifu_settle__final(final_out, points, penalties, players, rules);
}

void paifu_settle_leftover(int32_t *points, int32_t sticks, int players,
                           const paifu_rules *rules)
{
    paifu_settle__leftover(points, sticks, players, rules);
}

int32_t paifu_settle_oka(int32_t start_points, int32_t return_points, int players)
{
    /* RRC-2024 §3.12: with a 25000 start and 30000 return "many online clients" give the first
       place 20000: each player's 5000 gap */
    return (return_points - start_points) * players;
}

void paifu_settle_noten(int32_t *deltas_out, unsigned tenpai, int players,
                        const paifu_rules *rules)
{
    memset(deltas_out, 0, sizeof(int32_t) * (size_t)players);
    paifu_settle__noten_deltas(deltas_out, tenpai, players, rules);
}

void paifu_settle_nagashi(int32_t *deltas_out, unsigned nagashi, int dealer, int players)
{
    memset(deltas_out, 0, sizeof(int32_t) * (size_t)players);
    paifu_settle__nagashi_deltas(deltas_out, nagashi, dealer, players);
}

void paifu_settle_chombo_payment(int32_t *deltas_out, int offender, int dealer, int players)
{
    memset(deltas_out, 0, sizeof(int32_t) * (size_t)players);
    paifu_settle__chombo_deltas(deltas_out, offender, dealer, players);
}

int32_t paifu_settle_chombo_penalty(const paifu_rules *rules)
{
    return paifu_settle__chombo_points(rules);
}

int32_t paifu_settle_fine(const paifu_rules *rules, paifu_fine kind, int n)
{
    if (n <= 0)
        return 0;
    switch (kind) {
    case PAIFU_FINE_REPEAT: {
        /* 000 §9.4.1: 2000 -> 4000 -> 8000 -> 16000, then doubling with every repeat */
        int64_t v = rules->fine_base;
        for (int i = 1; i < n && v < INT32_MAX / 2; i++)
            v *= 2;
        return (int32_t)v;
    }
    case PAIFU_FINE_LATENESS:
        return rules->fine_lateness * n; /* 000 §9.4: 1000 per minute */
    }
    return 0;
}

int32_t paifu_settle_substitute_score(const paifu_rules *rules)
{
    int last = rules->players - 1;
    int32_t uma = rules->uma[last];
    return (rules->substitute_fixed ? rules->substitute_fixed : uma) + uma;
}

int paifu_settle_wall_break(int *side_out, int *stacks_from_left_out, int dice, int wall_stacks,
                            paifu_error *err)
{
    if (dice < 2 || dice > 12)
        return paifu_error_set(err, PAIFU_EINVAL, NULL, "expected a dice sum from 2 to 12, found %d",
                               dice);
    /* count the sides counter-clockwise from the dealer's own (RRC-2024 §3.1.2, figure 2) */
    *side_out = (dice - 1) % 4;
    /* break after DICE stacks from the right end (RRC-2024 §5.1.1) */
    *stacks_from_left_out = wall_stacks - dice;
    return 0;
}
