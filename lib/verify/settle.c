/*
 * settle.c: payments, honba, riichi sticks, dealer rotation, the end of the game and the final
 * score with uma and oka.
 *
 * The game is walked deal by deal: each deal is re-simulated (replay.c) starting from the scores,
 * honba, sticks and dealer the rules give after the previous deal; the recorded start of the
 * deal is compared with that expectation first (flow.*), and the replay then starts from the
 * recorded values so that one mistake is reported once. After the last deal the game's end is
 * checked against the rules' end conditions, then the final points (leftover sticks) and the
 * final scores (return points, oka, uma, ties, rounding, penalties after uma).
 *
 * Rules: shared/rules/riichi-rulesets.md section 1 A (final score) and B (settlement), every
 * difference read from the rule set; RRC-2024 §3.8-§3.13 where a rule is cited.
 */
#include "paifu/settle.h"
#include "replay_internal.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void paifu_settle__format(char *buf, size_t size, const int32_t *v, int players)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < players && used < size; i++)
        used += (size_t)snprintf(buf + used, size - used, "%s%d", i ? "," : "", (int)v[i]);
}

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
        for (int p = 0; p < players; p++) {
            if (p == winner)
                continue;
            int32_t pay = winner == w->dealer || p != w->dealer ? w->pay.tsumo_nondealer
                                                                : w->pay.tsumo_dealer;
            pay += w->honba * per_honba;
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

void paifu_settle__after_uma(int32_t *penalties, const paifu_deal *deal, int players,
                             const paifu_rules *rules)
{
    for (size_t i = 0; i < deal->n_penalties; i++) {
        const paifu_penalty *p = &deal->penalties[i];
        if (p->seat < 0 || p->seat >= players)
            continue;
        bool after_uma = p->timing == PAIFU_PENALTY_AFTER_UMA ||
                         (p->timing == PAIFU_PENALTY_BY_RULES && p->kind == PAIFU_PENALTY_CHOMBO &&
                          rules->chombo == PAIFU_CHOMBO_AFTER_UMA);
        if (after_uma) /* RRC-2024 §3.13, §9.4: taken off after uma */
            penalties[p->seat] += p->amount ? p->amount : paifu_settle__chombo_points(rules);
    }
}

/* ---- the flow between deals ---- */

typedef struct flow {
    bool known;                 /* scores known */
    int32_t scores[PAIFU_SEATS];
    int16_t honba;
    int32_t sticks;
    int dealer;
    int round_wind;
    int hand_number;
    bool extension;             /* playing past the regular last deal (West) */
    bool over;                  /* the rules end the game here */
    bool end_reported;          /* a flow.game_end finding was made (once per game) */
} flow;

static bool is_top(const int32_t *scores, int players, int seat)
{
    for (int s = 0; s < players; s++)
        if (s != seat && (scores[s] > scores[seat] || (scores[s] == scores[seat] && s < seat)))
            return false;
    return true;
}

static int last_round_wind(const paifu_rules *r)
{
    switch (r->game_length) {
    case PAIFU_LENGTH_EAST: return 0;
    case PAIFU_LENGTH_NORTH: return 3;
    default: return 1;
    }
}

/* What the rules say comes after a deal with outcome RP; sets f->over when the game ends. */
static void advance(flow *f, const replay *rp, const paifu_rules *r, int players)
{
    const paifu_deal_start *st = &rp->deal->start;
    bool renchan;
    int honba = rp->honba; /* the deal's (recorded, else the expected) honba */
    int32_t sticks = rp->sticks;
    int32_t returned[PAIFU_SEATS] = {0};
    if (rp->chombo && !rp->n_wins && r->chombo_redeal) {
        renchan = true; /* replayed: same dealer (RRC §3.13) */
        honba += r->chombo_adds_honba ? 1 : 0;
        if (r->chombo_returns_riichi) { /* JH 003 §8.1.2: the deal's riichi sticks go back */
            for (size_t i = 0; i < rp->deal->n_events; i++) {
                const paifu_event *e = &rp->deal->events[i];
                if (e->type == PAIFU_EV_RIICHI_ACCEPTED && e->seat >= 0 && e->seat < players) {
                    returned[e->seat] += 1000;
                    sticks--;
                }
            }
        }
    } else if (rp->n_wins) {
        renchan = rp->dealer_won;
        honba = renchan ? honba + 1 : 0;
    } else if (rp->abortive) {
        renchan = r->abortive_renchan;
        honba += r->abortive_adds_honba ? 1 : 0;
    } else {
        renchan = rp->dealer_tenpai;
        honba++;
    }
    for (int s = 0; s < players; s++)
        f->scores[s] = rp->scores[s] + returned[s];
    f->known = rp->scores_known;
    f->honba = (int16_t)honba;
    f->sticks = sticks;
    f->dealer = st->dealer;
    f->round_wind = st->round_wind;
    f->hand_number = st->hand_number;
    f->over = false;
    if (r->game_length == PAIFU_LENGTH_SINGLE) {
        f->over = !(rp->chombo && !rp->n_wins && r->chombo_redeal); /* a chombo replays it */
        return;
    }
    if (r->tobi && f->known)
        for (int s = 0; s < players; s++)
            if (f->scores[s] < 0)
                f->over = true;
    bool all_last = st->round_wind == last_round_wind(r) && st->hand_number == players - 1;
    bool past_last = st->round_wind > last_round_wind(r);
    int top_points = 0;
    for (int s = 0; s < players; s++)
        if (f->scores[s] > top_points)
            top_points = f->scores[s];
    if ((all_last || past_last) && f->known) {
        bool target = !r->west_round || top_points >= r->target_points;
        if (renchan) {
            /* the dealer plays on unless it won (or is tenpai) while first: agari-yame */
            bool stop = rp->n_wins ? r->agariyame
                                   : !rp->abortive && !rp->chombo && r->tenpaiyame;
            if (stop && is_top(f->scores, players, st->dealer) && target)
                f->over = true;
        } else if (target) {
            f->over = true;
        }
        if (past_last && target && !renchan)
            f->over = true;
        if (past_last && st->round_wind == last_round_wind(r) + 1 &&
            st->hand_number == players - 1 && !renchan)
            f->over = true; /* the extension (one more wind) ends with its last deal anyway */
    }
    if (!renchan) {
        f->dealer = (f->dealer + 1) % players;
        f->hand_number++;
        if (f->hand_number == players) {
            f->hand_number = 0;
            f->round_wind++;
        }
    }
}

static void flow_finding(paifu_report *rep, const paifu_verify_options *opts,
                         const paifu_deal *deal, const char *code, const char *expected,
                         const char *recorded, const char *rule, const char *msg)
{
    paifu_location w;
    paifu_verify__locate(&w, opts, deal, -1);
    paifu_report_add(rep, code, &w, expected, recorded, rule, "%s", msg);
}

/* Compare the recorded start of DEAL with the expectation F. */
static void check_start(paifu_report *rep, const paifu_verify_options *opts,
                        const paifu_deal *deal, const flow *f, int players, bool verifiable)
{
    const paifu_deal_start *st = &deal->start;
    char e[64], r[64];
    if (!verifiable)
        goto scores; /* rotation, honba and the end of the game follow unknown rules */
    if (f->over) {
        if (!f->end_reported)
            flow_finding(rep, opts, deal, "flow.game_end", "game over", "another deal",
                         "riichi-rulesets.md A", "the game should have ended before this deal");
        return;
    }
    if (st->round_wind != f->round_wind || st->hand_number != f->hand_number ||
        st->dealer != f->dealer) {
        static const char winds[] = "ESWN";
        snprintf(e, sizeof(e), "%c%d dealer %d", winds[f->round_wind & 3], f->hand_number + 1,
                 f->dealer);
        snprintf(r, sizeof(r), "%c%d dealer %d", winds[st->round_wind & 3], st->hand_number + 1,
                 st->dealer);
        flow_finding(rep, opts, deal, "flow.dealer", e, r, "RRC-2024 §3.9",
                     "the deal is not the one the rules give next");
    }
    if (st->flags & PAIFU_DEAL_HAS_STICKS) {
        if (st->honba != f->honba) {
            snprintf(e, sizeof(e), "%d", f->honba);
            snprintf(r, sizeof(r), "%d", st->honba);
            flow_finding(rep, opts, deal, "flow.honba", e, r, "RRC-2024 §3.9",
                         "honba at the start of the deal differ");
        }
        if (st->riichi_sticks != f->sticks) {
            snprintf(e, sizeof(e), "%d", (int)f->sticks);
            snprintf(r, sizeof(r), "%d", st->riichi_sticks);
            flow_finding(rep, opts, deal, "flow.riichi_sticks", e, r, "RRC-2024 §3.3.6",
                         "riichi sticks at the start of the deal differ");
        }
    }
scores:
    if (f->known && (st->flags & PAIFU_DEAL_HAS_SCORES) &&
        memcmp(f->scores, st->scores, sizeof(int32_t) * (size_t)players) != 0) {
        paifu_settle__format(e, sizeof(e), f->scores, players);
        paifu_settle__format(r, sizeof(r), st->scores, players);
        flow_finding(rep, opts, deal, "flow.scores", e, r, NULL,
                     "start scores differ from the previous deal's result");
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

static void check_end(paifu_report *rep, const paifu_game *game, const paifu_rules *r,
                      const paifu_verify_options *opts, const flow *f, const int32_t *penalties,
                      const paifu_deal *last, bool final_known)
{
    int players = paifu_game_players(game);
    const paifu_game_result *res = paifu_game_result_get(game);
    char e[64], g[64];
    if (!f->over && last && (res->has_points || res->has_final) && !r->time_limit)
        flow_finding(rep, opts, last, "flow.game_end", "another deal", "game over",
                     "riichi-rulesets.md A", "the game ended before the rules end it");
    int32_t points[PAIFU_SEATS];
    memcpy(points, f->scores, sizeof(points));
    paifu_settle__leftover(points, f->sticks, players, r);
    if (res->has_points) {
        if (f->known && memcmp(points, res->points, sizeof(int32_t) * (size_t)players) != 0) {
            paifu_settle__format(e, sizeof(e), points, players);
            paifu_settle__format(g, sizeof(g), res->points, players);
            flow_finding(rep, opts, NULL, "game.final_points", e, g, "RRC-2024 §3.12",
                         "final points differ from the last deal's result");
        }
        memcpy(points, res->points, sizeof(points));
    } else if (!f->known) {
        return;
    }
    if (res->has_final && final_known) {
        int32_t final[PAIFU_SEATS];
        paifu_settle__final(final, points, penalties, players, r);
        if (memcmp(final, res->final, sizeof(int32_t) * (size_t)players) != 0) {
            paifu_settle__format(e, sizeof(e), final, players);
            paifu_settle__format(g, sizeof(g), res->final, players);
            flow_finding(rep, opts, NULL, "game.final_score", e, g, "RRC-2024 §3.12",
                         "final scores (return, oka, uma, rounding) differ");
        }
    }
}

int paifu_settle__check_game(paifu_report *report, const paifu_game *game,
                             const paifu_rules *rules, const paifu_verify_options *opts,
                             paifu_error *err)
{
    (void)err;
    int players = paifu_game_players(game);
    size_t n = paifu_game_deal_count(game);
    flow f;
    memset(&f, 0, sizeof(f));
    int32_t penalties[PAIFU_SEATS] = {0};
    bool verifiable = paifu_game_meta_get(game, PAIFU_META_RULES_UNKNOWN) == NULL;
    replay *rp = malloc(sizeof(*rp)); /* one per game, not per deal or event */
    if (!rp)
        return PAIFU_ENOMEM;
    bool ended_ok = true;
    bool skip_wall = false; /* one wall.seed finding per game */
    const char *wall_error = paifu_game_meta_get(game, PAIFU_META_WALL_ERROR);
    if (wall_error) {
        paifu_location w;
        paifu_verify__locate(&w, opts, NULL, -1);
        paifu_report_add(report, "wall.seed", &w, NULL, NULL, NULL,
                         "the wall seed cannot be decoded (%s): deals replayed without the wall",
                         wall_error);
    }
    paifu_deal last; /* the last deal as replayed (round and dealer filled in) */
    memset(&last, 0, sizeof(last));
    for (size_t d = 0; d < n; d++) {
        const paifu_deal *deal = paifu_game_deal(game, d);
        paifu_deal eff; /* a score sheet's deal takes its round and dealer from the rotation */
        if (deal->flags & PAIFU_DEAL_ROUND_UNKNOWN) {
            eff = *deal;
            eff.start.round_wind = (uint8_t)(d ? f.round_wind : 0);
            eff.start.hand_number = (uint8_t)(d ? f.hand_number : 0);
            eff.start.dealer = (int8_t)(d ? f.dealer : 0);
            deal = &eff;
        }
        const paifu_deal_start *st = &deal->start;
        if (d > 0) {
            check_start(report, opts, deal, &f, players, verifiable);
            f.end_reported = f.end_reported || (f.over && verifiable);
        }
        memset(rp, 0, sizeof(*rp));
        rp->game = game;
        rp->deal = deal;
        rp->rules = rules;
        rp->opts = opts;
        rp->report = report;
        rp->players = players;
        rp->verifiable = verifiable;
        rp->scores_known = d == 0 ? false : f.known;
        memcpy(rp->scores, f.scores, sizeof(rp->scores));
        rp->honba = d == 0 ? 0 : f.honba;
        rp->sticks = d == 0 ? 0 : f.sticks;
        if (st->flags & PAIFU_DEAL_HAS_SCORES) {
            memcpy(rp->scores, st->scores, sizeof(rp->scores));
            rp->scores_known = true;
        } else if (d == 0) {
            for (int s = 0; s < players; s++)
                rp->scores[s] = rules->start_points;
            rp->scores_known = true;
        }
        if (st->flags & PAIFU_DEAL_HAS_STICKS) {
            rp->honba = st->honba;
            rp->sticks = st->riichi_sticks;
        }
        rp->skip_wall = skip_wall;
        paifu_replay__run(rp);
        skip_wall = skip_wall || rp->wall_seed_wrong;
        paifu_settle__after_uma(penalties, deal, players, rules);
        if (!rp->ended && !rp->n_wins) {
            ended_ok = false;
            if (!paifu_game_truncated(game)) {
                paifu_location w;
                paifu_verify__locate(&w, opts, deal, (int)deal->n_events - 1);
                paifu_report_add(report, "log.truncated", &w, NULL, NULL, NULL,
                                 "the deal has no outcome (no win, draw or chombo)");
            }
            break;
        }
        advance(&f, rp, rules, players);
        last = *deal;
    }
    free(rp);
    if (paifu_game_truncated(game)) {
        paifu_location w;
        const paifu_deal *tail = n ? paifu_game_deal(game, n - 1) : NULL;
        paifu_verify__locate(&w, opts, tail, tail && tail->n_events ? (int)tail->n_events - 1 : -1);
        paifu_report_add(report, "log.truncated", &w, NULL, NULL, NULL,
                         ended_ok ? "log ends between deals: the game has no recorded end"
                                  : "log ends mid-deal: the game has no recorded end");
        return 0;
    }
    /* with unknown rules only the tiles are checked; with an unknown final formula (a private
       lobby's uma) everything but the final scores */
    if (ended_ok && n && verifiable)
        check_end(report, game, rules, opts, &f, penalties, &last,
                  paifu_game_meta_get(game, PAIFU_META_FINAL_UNKNOWN) == NULL);
    return 0;
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
