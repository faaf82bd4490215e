/*
 * game_flow.c: the game walk. The verifier's riichi games go through here deal by deal, above
 * the replay (replay.c), which re-simulates each deal, and the settlement arithmetic
 * (settle.c), which both use.
 *
 * Each deal is replayed starting from the scores, honba, sticks and dealer the rules give after
 * the previous deal; the recorded start of the deal is compared with that expectation first
 * (flow.*), and the replay then starts from the recorded values so that one mistake is
 * reported once. After the last deal the game's end is checked against the rules' end
 * conditions (renchan, agari-yame, tobi, the West extension), then the final points (leftover
 * sticks) and the final scores (return points, oka, uma, ties, rounding, penalties after uma).
 *
 * Rules: shared/rules/riichi-rulesets.md section 1 A (final score, the end of the game) and B
 * (settlement), every difference read from the rule set; RRC-2024 §3.9-§3.13 where a rule is
 * cited.
 */
#include "game_flow.h"
#include "replay_internal.h"
#include "settle_internal.h"
#include "sheet_check.h"
#include "sheet_totals.h"
#include "paifu/settle.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the flow between deals ---- */

typedef struct flow {
    bool known;                 /* scores known */
    int32_t scores[PAIFU_SEATS];
    int n_alts;                 /* scores + alts[k]: as possible, from values the log left out
                                   (replay.c's alternatives, carried until a record settles them) */
    int32_t alts[REPLAY_MAX_ALTS][PAIFU_SEATS];
    int16_t honba;
    int32_t sticks;
    int dealer;
    int round_wind;
    int hand_number;
    bool extension;             /* playing past the regular last deal (West) */
    bool over;                  /* the rules end the game here */
    char why[96];               /* why, in words naming the seat it turns on ("seat 2 is ...") */
    const char *why_rule;       /* the clause that ends it there (NULL: RRC 2024 §3.11) */
    bool may_end;               /* the game may end here or go on (tenpaiyame not known) */
    int time_left;              /* deals still to play since the main time ran out (a deal
                                   recorded time_up, RRC 2024 §6.4); -1: not recorded */
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
    f->n_alts = rp->scores_known ? rp->n_alts : 0;
    memcpy(f->alts, rp->alts, sizeof(f->alts[0]) * (size_t)f->n_alts);
    f->honba = (int16_t)honba;
    f->sticks = sticks;
    f->dealer = st->dealer;
    f->round_wind = st->round_wind;
    f->hand_number = st->hand_number;
    f->over = f->may_end = false;
    f->why[0] = '\0';
    f->why_rule = NULL;
    static const char *const wind_names[] = {"East", "South", "West", "North"};
    if (r->game_length == PAIFU_LENGTH_SINGLE) {
        f->over = !(rp->chombo && !rp->n_wins && r->chombo_redeal); /* a chombo replays it */
        snprintf(f->why, sizeof(f->why), "the game is one deal");
        return;
    }
    if (r->tobi && f->known)
        for (int s = 0; s < players; s++)
            if (f->scores[s] < 0 && !f->over) {
                f->over = true;
                snprintf(f->why, sizeof(f->why), "seat %d went below zero, which ends the game", s);
            }
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
            bool tenpai = !rp->n_wins && !rp->abortive && !rp->chombo;
            bool stop = rp->n_wins ? r->agariyame : tenpai && r->tenpaiyame;
            bool top = is_top(f->scores, players, st->dealer) && target;
            if (tenpai && !r->tenpaiyame_known && top)
                f->may_end = true; /* tenpai-yame not known: ending and going on both fit */
            else if (stop && top && !f->over) {
                f->over = true;
                snprintf(f->why, sizeof(f->why), "the dealer, seat %d, %s the last deal in first "
                         "place, which ends the game", st->dealer, rp->n_wins ? "won" : "was tenpai at");
            }
        } else if (target && !f->over) {
            f->over = true;
            snprintf(f->why, sizeof(f->why), "%s %d was the game's last deal",
                     wind_names[st->round_wind & 3], st->hand_number + 1);
        }
        if (past_last && target && !renchan && !f->over) {
            f->over = true;
            snprintf(f->why, sizeof(f->why), "a player reached %d points in the extra round",
                     (int)r->target_points);
        }
        if (past_last && st->round_wind == last_round_wind(r) + r->extension_winds &&
            st->hand_number == players - 1 && !renchan && !f->over) {
            f->over = true; /* the extension ends with its last wind's last deal anyway */
            snprintf(f->why, sizeof(f->why), "%s %d ends the extra round",
                     wind_names[st->round_wind & 3], st->hand_number + 1);
        }
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

/*
 * The time limit (RRC 2024 §6.4 "По истечении основного времени игроки должны доиграть текущую
 * раздачу и сыграть еще одну"), where the log records the deal the main time ran out in
 * (PAIFU_DEAL_TIME_UP): that deal and time_limit_deals more are played, then the game ends. A
 * deal ended by chombo and replayed (§3.13: "считается несыгранной") is not one of them unless
 * time_limit_chombo_played. Called after advance() for deal D with outcome RP.
 */
static void time_limit(flow *f, const replay *rp, size_t d, const paifu_rules *r)
{
    if (!r->time_limit || r->game_length == PAIFU_LENGTH_SINGLE)
        return;
    if (f->time_left < 0 && (rp->deal->flags & PAIFU_DEAL_TIME_UP))
        f->time_left = 1 + (r->time_limit_deals > 0 ? r->time_limit_deals : 0);
    if (f->time_left <= 0)
        return;
    bool replayed = rp->chombo && !rp->n_wins && r->chombo_redeal;
    if (replayed && !r->time_limit_chombo_played)
        return;
    if (--f->time_left == 0 && !f->over) {
        f->over = true;
        f->may_end = false;
        f->why_rule = "RRC 2024 §6.4";
        snprintf(f->why, sizeof(f->why), "deal %zu was the last after the main time ran out",
                 d + 1);
    }
}

static void flow_finding(paifu_report *rep, const paifu_verify_options *opts,
                         const paifu_deal *deal, const char *code, const char *expected,
                         const char *recorded, const char *rule, const char *msg)
{
    paifu_finding__add(rep, opts, deal, -1, code, expected, recorded, rule, "%s", msg);
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
        if (!f->end_reported) {
            char msg[160];
            snprintf(msg, sizeof(msg), "the game should have ended before this deal: %s",
                     f->why[0] ? f->why : "the rules end it there");
            flow_finding(rep, opts, deal, "flow.game_end", "game over", "another deal",
                         f->why_rule ? f->why_rule : "RRC 2024 §3.11", msg);
        }
        return;
    }
    if (st->round_wind != f->round_wind || st->hand_number != f->hand_number ||
        st->dealer != f->dealer) {
        static const char winds[] = "ESWN";
        snprintf(e, sizeof(e), "%c%d, dealer seat %d", winds[f->round_wind & 3], f->hand_number + 1,
                 f->dealer);
        snprintf(r, sizeof(r), "%c%d, dealer seat %d", winds[st->round_wind & 3],
                 st->hand_number + 1, st->dealer);
        flow_finding(rep, opts, deal, "flow.dealer", e, r, "RRC 2024 §3.9",
                     "the deal is not the one the rules give next");
    }
    if (st->flags & PAIFU_DEAL_HAS_STICKS) {
        if (st->honba != f->honba) {
            snprintf(e, sizeof(e), "%d", f->honba);
            snprintf(r, sizeof(r), "%d", st->honba);
            flow_finding(rep, opts, deal, "flow.honba", e, r, "RRC 2024 §3.9",
                         "honba at the start of the deal differ");
        }
        if (st->riichi_sticks != f->sticks) {
            snprintf(e, sizeof(e), "%d", (int)f->sticks);
            snprintf(r, sizeof(r), "%d", st->riichi_sticks);
            flow_finding(rep, opts, deal, "flow.riichi_sticks", e, r, "RRC 2024 §3.3.6",
                         "riichi sticks at the start of the deal differ");
        }
    }
scores:
    if (f->known && (st->flags & PAIFU_DEAL_HAS_SCORES) &&
        !paifu_replay__scores_possible(st->scores, f->scores,
                                       (const int32_t (*)[PAIFU_SEATS])f->alts, f->n_alts,
                                       players)) {
        char who[160], msg[224];
        paifu_finding__points(e, sizeof(e), f->scores, players);
        paifu_finding__points(r, sizeof(r), st->scores, players);
        paifu_finding__by_seat(who, sizeof(who), f->scores, st->scores, players, PAIFU_UNIT_POINTS);
        snprintf(msg, sizeof(msg), "start scores differ from the previous deal's result: %s", who);
        flow_finding(rep, opts, deal, "flow.scores", e, r, NULL, msg);
    }
}

/*
 * A score sheet that starts at its beginning (East 1, no honba, no sticks) starts from the rules'
 * points (JHC 2016 §6.2.3: 25,000 each, §6.2.10: 100,000 at the table; RRC 2024 §3.7.6:
 * 30,000 each). Checked where the game is checked under the rule set the log itself names (a
 * log that names none is checked under an assumed one, and a caller's other preset brings its
 * own start points: neither says what the game started from). Score sheets only: a tile log's
 * start scores are checked against the deal before (check_start), not here.
 */
static bool check_first_start(paifu_report *rep, const paifu_verify_options *opts,
                              const paifu_game *game, const paifu_deal *deal,
                              const paifu_rules *rules, int players)
{
    const paifu_deal_start *st = &deal->start;
    if (!(deal->flags & PAIFU_DEAL_RESULT_ONLY) || !(st->flags & PAIFU_DEAL_HAS_SCORES) ||
        (st->flags & PAIFU_DEAL_ROUND_UNKNOWN) ||
        st->round_wind != 0 || st->hand_number != 0 ||
        ((st->flags & PAIFU_DEAL_HAS_STICKS) && (st->honba != 0 || st->riichi_sticks != 0)) ||
        !paifu_game_rules_name(game) || paifu_game_meta_get(game, PAIFU_META_RULES_ASSUMED) ||
        strcmp(paifu_game_rules_name(game), paifu_rules_name(rules)) != 0)
        return false;
    int32_t want[PAIFU_SEATS];
    bool same = true;
    for (int s = 0; s < players; s++) {
        want[s] = rules->start_points;
        same = same && st->scores[s] == want[s];
    }
    if (same)
        return false;
    char e[64], r[64], msg[128];
    paifu_finding__points(e, sizeof(e), want, players);
    paifu_finding__points(r, sizeof(r), st->scores, players);
    snprintf(msg, sizeof(msg),
             "the game starts at East 1 from other points than the %d each the rules give",
             (int)rules->start_points);
    flow_finding(rep, opts, deal, "flow.scores", e, r, "RRC 2024 §3.7.6; JHC 2016 §6.2.3", msg);
    return true;
}

/*
 * The table holds the starting total all game (RRC 2024 §3.7.6: "the sum of the points at the
 * table is always 120000"; JHC 2016 §6.2.10: 100000): points only change hands, or lie on the
 * table as riichi sticks. A score sheet's deal whose start scores and sticks do not add up to
 * it has a score written wrong. With no sticks recorded, a shortfall of whole sticks is sticks
 * on the table. Under the rule set the log names only, as check_first_start.
 */
static void check_table_total(paifu_report *rep, const paifu_verify_options *opts,
                              const paifu_game *game, const paifu_deal *deal,
                              const paifu_rules *rules, int players)
{
    const paifu_deal_start *st = &deal->start;
    if (!(deal->flags & PAIFU_DEAL_RESULT_ONLY) || !(st->flags & PAIFU_DEAL_HAS_SCORES) ||
        !paifu_game_rules_name(game) || paifu_game_meta_get(game, PAIFU_META_RULES_ASSUMED) ||
        strcmp(paifu_game_rules_name(game), paifu_rules_name(rules)) != 0)
        return;
    int64_t sum = 0, total = (int64_t)rules->start_points * players;
    for (int s = 0; s < players; s++)
        sum += st->scores[s];
    bool sticks = (st->flags & PAIFU_DEAL_HAS_STICKS) != 0;
    if (sticks)
        sum += 1000 * (int64_t)st->riichi_sticks;
    if (sum == total || (!sticks && sum < total && (total - sum) % 1000 == 0))
        return;
    char e[64], r[64], msg[200];
    snprintf(e, sizeof(e), "a sum of %lld", (long long)total);
    snprintf(r, sizeof(r), "a sum of %lld", (long long)sum);
    if (sticks && st->riichi_sticks > 0)
        snprintf(msg, sizeof(msg),
                 "the scores at the start of the deal and its %d riichi sticks add up to %lld, "
                 "not the %lld the table holds all game",
                 (int)st->riichi_sticks, (long long)sum, (long long)total);
    else
        snprintf(msg, sizeof(msg),
                 "the scores at the start of the deal add up to %lld, not the %lld the table "
                 "holds all game, and no riichi stick on the table explains it",
                 (long long)sum, (long long)total);
    flow_finding(rep, opts, deal, "flow.scores", e, r, "RRC 2024 §3.7.6; JHC 2016 §6.2.10", msg);
}

/* ---- the end of the game ---- */

/* Final scores by seat as the results table writes them: "+10.0,-25.3,+43.2,-47.9". */
static void scores_text(char *buf, size_t size, const int32_t *v, int players)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int s = 0; s < players && used + 1 < size; s++) {
        char one[32];
        paifu_final_score_text(one, sizeof(one), v[s], false);
        int k = snprintf(buf + used, size - used, "%s%s", s ? "," : "", one);
        if (k < 0)
            break;
        used += (size_t)k;
    }
}

/* Whether R scores a table of PLAYERS: a four-player rule set (a preset, a file) that checks a
   3-player log writes no final scores for it, for its points, oka and uma are a four-player
   table's (RRC 2024 §6.2 calls a sanma tournament one that deviates from its rules); the log's
   own 3-player room (Tenhou's, a file that says players=3) does. */
static bool table_scored(const paifu_rules *r, int players)
{
    return !r->scored_for || r->scored_for == players;
}

/* The recorded final scores against the rules' from POINTS and PENALTIES (may be NULL). */
static void check_final_score(paifu_report *rep, const paifu_verify_options *opts,
                              const paifu_rules *r, const int32_t *points,
                              const int32_t *penalties, const paifu_game_result *res, int players)
{
    char e[64], g[64];
    int32_t final[PAIFU_SEATS];
    paifu_settle__final(final, points, penalties, players, r);
    size_t size = sizeof(int32_t) * (size_t)players;
    if (memcmp(final, res->final, size) != 0 && r->uma_alternative[0] != PAIFU_RULE_NONE) {
        /* the era is not known: the other schedule, when the results follow it exactly */
        paifu_rules alt = *r;
        int32_t other[PAIFU_SEATS];
        memcpy(alt.uma, r->uma_alternative, sizeof(alt.uma));
        paifu_settle__final(other, points, penalties, players, &alt);
        if (memcmp(other, res->final, size) == 0)
            memcpy(final, other, size);
    }
    if (memcmp(final, res->final, size) != 0) {
        /* in the unit of the results table (±x.y), by seat; the message names the players */
        char who[200], msg[300];
        scores_text(e, sizeof(e), final, players);
        scores_text(g, sizeof(g), res->final, players);
        paifu_finding__by_seat(who, sizeof(who), final, res->final, players, PAIFU_UNIT_SCORE);
        snprintf(msg, sizeof(msg), "final scores differ: %s", who);
        flow_finding(rep, opts, NULL, "game.final_score", e, g, "RRC 2024 §3.12", msg);
    }
}

/* A score sheet's walk again, quietly, with one deal edited (sheet_totals.c). */
typedef struct quiet_ctx quiet_ctx;
static bool quiet_points(void *ctx, size_t at, const paifu_deal *deal, int32_t *points);
struct quiet_ctx {
    paifu_report *scratch;
    const paifu_game *game;
    const paifu_rules *rules;
    const paifu_verify_options *opts;
    bool wrong_end; /* the game as written ends where the rules do not end it */
};

/* The final points F reaches: its scores with the leftover sticks settled. */
static void final_points(int32_t *points, const flow *f, int players, const paifu_rules *r)
{
    memcpy(points, f->scores, sizeof(f->scores));
    paifu_settle__leftover(points, f->sticks, players, r);
}

/* Which deal of a score sheet explains final points other than the recorded ones. */
static void trace_points(paifu_report *rep, const paifu_game *game, const paifu_rules *r,
                         const paifu_verify_options *opts, const paifu_deal_start *starts,
                         const int32_t *recorded, bool wrong_end)
{
    quiet_ctx q = {NULL, game, r, opts, wrong_end};
    paifu_error err;
    paifu_error_clear(&err);
    if (!starts || paifu_report_new(&q.scratch, &err) < 0)
        return;
    paifu_report__begin_game(q.scratch, 1);
    paifu_sheet__reconcile(rep, opts, game, r, starts, recorded, quiet_points, &q);
    paifu_report_free(q.scratch);
}

/* Whether the recorded final POINTS are F's scores with the riichi sticks left on the table
   settled another way than R's leftover_riichi (to the first, split, lost): the sticks are then
   the difference, not a deal. */
static bool leftover_differs(const int32_t *recorded, const flow *f, int players,
                             const paifu_rules *r)
{
    if (f->sticks <= 0)
        return false;
    for (int mode = PAIFU_LEFTOVER_WINNER_SPLIT; mode <= PAIFU_LEFTOVER_LOST; mode++) {
        if (mode == r->leftover_riichi)
            continue;
        paifu_rules other = *r;
        other.leftover_riichi = mode;
        int32_t points[PAIFU_SEATS];
        final_points(points, f, players, &other);
        if (paifu_replay__scores_possible(recorded, points,
                                          (const int32_t (*)[PAIFU_SEATS])f->alts, f->n_alts,
                                          players))
            return true;
    }
    return false;
}

static void check_end(paifu_report *rep, const paifu_game *game, const paifu_rules *r,
                      const paifu_verify_options *opts, const flow *f, const int32_t *penalties,
                      const paifu_deal *last, bool final_known, const paifu_deal_start *starts,
                      bool wrong_end)
{
    int players = paifu_game_players(game);
    const paifu_game_result *res = paifu_game_result_get(game);
    char e[64], g[64];
    if (!f->over && !f->may_end && last && (res->has_points || res->has_final) &&
        f->time_left > 0) {
        char msg[160];
        snprintf(msg, sizeof(msg), "the game ended before the time limit ends it: %d more "
                 "deal%s after the one the main time ran out in", (int)r->time_limit_deals,
                 r->time_limit_deals == 1 ? " is played" : "s are played");
        flow_finding(rep, opts, last, "flow.game_end", "another deal", "game over",
                     "RRC 2024 §6.4", msg);
    } else if (!f->over && !f->may_end && last && (res->has_points || res->has_final) &&
               !r->time_limit) {
        flow_finding(rep, opts, last, "flow.game_end", "another deal", "game over",
                     "RRC 2024 §3.11", "the game ended before the rules end it");
    }
    int32_t points[PAIFU_SEATS];
    final_points(points, f, players, r);
    if (res->has_points) {
        if (f->known && !paifu_replay__scores_possible(res->points, points,
                                                        (const int32_t (*)[PAIFU_SEATS])f->alts,
                                                        f->n_alts, players)) {
            paifu_finding__points(e, sizeof(e), points, players);
            paifu_finding__points(g, sizeof(g), res->points, players);
            paifu_location w;
            paifu_finding__locate(&w, opts, NULL, -1);
            w.line = paifu_game_result_line(game, &w.column); /* a score sheet's points line */
            char who[160];
            paifu_finding__by_seat(who, sizeof(who), points, res->points, players,
                                   PAIFU_UNIT_POINTS);
            if (leftover_differs(res->points, f, players, r))
                paifu_report_add(rep, "game.final_points", &w, e, g, "leftover_riichi",
                                 "final points differ from the last deal's result by the %d "
                                 "riichi stick%s left on the table: %s",
                                 (int)f->sticks, f->sticks == 1 ? "" : "s", who);
            else
                paifu_report_add(rep, "game.final_points", &w, e, g, "RRC 2024 §3.12",
                                 "final points differ from the last deal's result: %s", who);
            trace_points(rep, game, r, opts, starts, res->points, wrong_end);
        }
        memcpy(points, res->points, sizeof(points));
    } else if (!f->known) {
        return;
    } else if (res->has_final && final_known) {
        /* points a value the log left out gives instead, when the final scores follow them */
        for (int a = 0; a < f->n_alts; a++) {
            int32_t alt[PAIFU_SEATS], final[PAIFU_SEATS];
            for (int s = 0; s < players; s++)
                alt[s] = f->scores[s] + f->alts[a][s];
            paifu_settle__leftover(alt, f->sticks, players, r);
            paifu_settle__final(final, alt, penalties, players, r);
            if (memcmp(final, res->final, sizeof(int32_t) * (size_t)players) == 0) {
                memcpy(points, alt, sizeof(alt));
                break;
            }
        }
    }
    if (res->has_final && final_known && table_scored(r, players))
        check_final_score(rep, opts, r, points, penalties, res, players);
}

/* A game recorded by its results only (no deals): the final points hold every starting point
   (RRC 2024 §3.12; JHC 2016 §6.2.10: "сумма очков за столом равна 100000"), less whole riichi
   sticks where leftover sticks are lost, and the final scores follow from them. */
static void check_results_only(paifu_report *rep, const paifu_game *game, const paifu_rules *r,
                               const paifu_verify_options *opts, bool final_known)
{
    int players = paifu_game_players(game);
    const paifu_game_result *res = paifu_game_result_get(game);
    char e[64], g[64];
    if (res->has_points) {
        int64_t sum = 0, total = (int64_t)r->start_points * players;
        for (int s = 0; s < players; s++)
            sum += res->points[s];
        bool lost_sticks = r->leftover_riichi == PAIFU_LEFTOVER_LOST && sum < total &&
                           (total - sum) % 1000 == 0;
        if (sum != total && !lost_sticks) {
            snprintf(e, sizeof(e), "a sum of %lld", (long long)total);
            paifu_finding__points(g, sizeof(g), res->points, players);
            flow_finding(rep, opts, NULL, "game.final_points", e, g,
                         "RRC 2024 §3.12; JHC 2016 §6.2.10",
                         "the final points do not add up to the points the players started with");
        }
    }
    if (res->has_points && res->has_final && final_known && table_scored(r, players))
        check_final_score(rep, opts, r, res->points, NULL, res, players);
}


/*
 * One deal put in place of another for a quiet walk (the score-sheet search of sheet_totals.c):
 * no findings are kept, no deal is checked as written, and the walk gives the final points it
 * reaches (POINTS, with OK set) instead of comparing them.
 */
typedef struct walk_edit {
    size_t at;
    const paifu_deal *deal;
    bool ok;
    bool wrong_end; /* the game ends where the rules do not end it (flow.game_end) */
    int32_t points[PAIFU_SEATS];
} walk_edit;

static int walk(paifu_report *report, const paifu_game *game, const paifu_rules *rules,
                const paifu_verify_options *opts, paifu_deal_start *starts, walk_edit *edit,
                paifu_settled *settled);

int paifu_game_flow__walk(paifu_report *report, const paifu_game *game,
                          const paifu_rules *rules, const paifu_verify_options *opts,
                          paifu_deal_start *starts, paifu_error *err)
{
    (void)err;
    return walk(report, game, rules, opts, starts, NULL, NULL);
}

int paifu_game_flow__settle(paifu_report *report, const paifu_game *game,
                            const paifu_rules *rules, const paifu_verify_options *opts,
                            paifu_settled *settled, paifu_error *err)
{
    (void)err;
    return walk(report, game, rules, opts, NULL, NULL, settled);
}

/*
 * The result of the settled view: the final points recorded, else those the walk reaches
 * (its last scores with the leftover sticks given); the final scores recorded, else the rule
 * set's from those points and the penalties after uma; or why the game cannot be scored.
 */
static void settle_result(paifu_settled *settled, const paifu_game *game, const paifu_rules *r,
                          const flow *f, const int32_t *penalties, bool ended_ok, size_t n)
{
    paifu_settled_result *out = paifu_settled__result(settled);
    if (!out)
        return;
    int players = paifu_game_players(game);
    const paifu_game_result *res = paifu_game_result_get(game);
    memcpy(out->penalties, penalties, sizeof(out->penalties));
    if (res->has_points) {
        out->has_points = true;
        memcpy(out->points, res->points, sizeof(out->points));
        out->marks |= PAIFU_SETTLED_REC_FINAL_POINTS;
    } else if (paifu_game_truncated(game)) {
        snprintf(out->reason, sizeof(out->reason),
                 "the log ends before the game does and records no final points");
    } else if (!n) {
        snprintf(out->reason, sizeof(out->reason), "the log records no deals and no final points");
    } else if (!ended_ok) {
        snprintf(out->reason, sizeof(out->reason),
                 "a deal has no outcome, so the final points are not known");
    } else if (!f->known) {
        snprintf(out->reason, sizeof(out->reason),
                 "the log records no score changes for every outcome, so the final points are "
                 "not known");
    } else {
        out->has_points = true;
        final_points(out->points, f, players, r);
    }
    if (n && ended_ok && f->known) { /* the sticks left on the table, given as the rules say */
        int32_t walked[PAIFU_SEATS];
        final_points(walked, f, players, r);
        paifu_settled__leftover(settled, f->scores, walked, f->sticks);
    }
    if (!out->has_points)
        return;
    paifu_settle_places(out->place12, out->points, players, r);
    if (!table_scored(r, players)) {
        snprintf(out->reason, sizeof(out->reason),
                 "the rule set scores a %d-player table, not this %d-player game: no final "
                 "scores under it", (int)r->scored_for, players);
        out->marks |= PAIFU_SETTLED_OTHER_TABLE;
        if (!res->has_final)
            return;
    }
    out->has_final = true;
    if (res->has_final) {
        memcpy(out->final, res->final, sizeof(out->final));
        out->marks |= PAIFU_SETTLED_REC_FINAL;
    } else {
        paifu_settle__final(out->final, out->points, penalties, players, r);
    }
}

/* The final points of GAME with DEAL in place of deal AT (sheet_totals.c's callback). */
static bool quiet_points(void *ctx, size_t at, const paifu_deal *deal, int32_t *points)
{
    quiet_ctx *q = ctx;
    walk_edit e = {at, deal, false, false, {0}};
    paifu_report_clear_findings(q->scratch);
    if (walk(q->scratch, q->game, q->rules, q->opts, NULL, &e, NULL) < 0 || !e.ok)
        return false;
    if (e.wrong_end && !q->wrong_end)
        return false; /* the edit moves the end of the game away from where the sheet ends */
    memcpy(points, e.points, sizeof(e.points));
    return true;
}

static int walk(paifu_report *report, const paifu_game *game, const paifu_rules *rules,
                const paifu_verify_options *opts, paifu_deal_start *starts, walk_edit *edit,
                paifu_settled *settled)
{
    int players = paifu_game_players(game);
    size_t n = paifu_game_deal_count(game);
    flow f;
    memset(&f, 0, sizeof(f));
    f.time_left = -1;
    int32_t penalties[PAIFU_SEATS] = {0};
    paifu_fine_ladders fines; /* fines without an amount so far, per reason (§9.4.1) */
    memset(&fines, 0, sizeof(fines));
    bool verifiable = paifu_game_meta_get(game, PAIFU_META_RULES_UNKNOWN) == NULL;
    replay *rp = malloc(sizeof(*rp)); /* one per game, not per deal or event */
    if (!rp)
        return PAIFU_ENOMEM;
    bool ended_ok = true;
    bool skip_wall = false; /* one wall.seed finding per game */
    const char *wall_error = paifu_game_meta_get(game, PAIFU_META_WALL_ERROR);
    if (wall_error)
        paifu_finding__add(report, opts, NULL, -1, "wall.seed", NULL, NULL, NULL,
                           "the wall seed cannot be decoded (%s): deals replayed without the wall",
                           wall_error);
    bool wrong_end = false;       /* as flow.game_end: a deal after the end, or no end */
    paifu_deal_start *own = NULL; /* each deal's start, for tracing a sheet's final points */
    if (!starts && !edit && n && (paifu_game_deal(game, 0)->flags & PAIFU_DEAL_RESULT_ONLY))
        starts = own = calloc(n, sizeof(*own));
    paifu_deal last; /* the last deal as replayed (round and dealer filled in) */
    memset(&last, 0, sizeof(last));
    for (size_t d = 0; d < n; d++) {
        const paifu_deal *deal = edit && edit->at == d ? edit->deal : paifu_game_deal(game, d);
        paifu_deal eff; /* a score sheet's deal takes its round and dealer from the rotation */
        if (deal->flags & PAIFU_DEAL_ROUND_UNKNOWN) {
            eff = *deal;
            eff.start.round_wind = (uint8_t)(d ? f.round_wind : 0);
            eff.start.hand_number = (uint8_t)(d ? f.hand_number : 0);
            eff.start.dealer = (int8_t)(d ? f.dealer : 0);
            eff.start.honba = (int16_t)(d ? f.honba : 0); /* the label's honba; not compared */
            eff.start.riichi_sticks = (int16_t)(d ? f.sticks : 0);
            deal = &eff;
        }
        const paifu_deal_start *st = &deal->start;
        if (starts)
            starts[d] = *st;
        wrong_end = wrong_end || (d > 0 && f.over);
        if (d > 0 && !edit) {
            check_start(report, opts, deal, &f, players, verifiable);
            f.end_reported = f.end_reported || (f.over && verifiable);
        }
        memset(rp, 0, sizeof(*rp));
        rp->game = game;
        rp->deal = deal;
        rp->deal_index = d;
        rp->rules = rules;
        rp->opts = opts;
        rp->report = report;
        rp->players = players;
        rp->verifiable = verifiable;
        rp->scores_known = d == 0 ? false : f.known;
        memcpy(rp->scores, f.scores, sizeof(rp->scores));
        rp->n_alts = d == 0 ? 0 : f.n_alts; /* until a recorded value settles them */
        memcpy(rp->alts, f.alts, sizeof(rp->alts[0]) * (size_t)rp->n_alts);
        rp->honba = d == 0 ? 0 : f.honba;
        rp->sticks = d == 0 ? 0 : f.sticks;
        if (st->flags & PAIFU_DEAL_HAS_SCORES) {
            memcpy(rp->scores, st->scores, sizeof(rp->scores));
            rp->scores_known = true;
            rp->n_alts = 0; /* settled by the record */
        } else if (d == 0) {
            for (int s = 0; s < players; s++)
                rp->scores[s] = rules->start_points;
            rp->scores_known = true;
        }
        if (st->flags & PAIFU_DEAL_HAS_STICKS) {
            rp->honba = st->honba;
            rp->sticks = st->riichi_sticks;
        }
        /* a first deal's other start points are one finding, not a second for their sum */
        bool first_reported = d == 0 && !edit && verifiable &&
                              check_first_start(report, opts, game, deal, rules, players);
        if (!edit && verifiable && !first_reported)
            check_table_total(report, opts, game, deal, rules, players);
        rp->skip_wall = skip_wall;
        rp->settled = settled;
        if (settled) {
            const paifu_deal *orig = paifu_game_deal(game, d);
            unsigned marks = 0;
            if (!(orig->flags & PAIFU_DEAL_ROUND_UNKNOWN))
                marks |= PAIFU_SETTLED_REC_ROUND;
            if (st->flags & PAIFU_DEAL_HAS_STICKS)
                marks |= PAIFU_SETTLED_REC_STICKS;
            if (st->flags & PAIFU_DEAL_HAS_SCORES)
                marks |= PAIFU_SETTLED_REC_SCORES;
            paifu_settled__deal(settled, d, st, rp->honba, rp->sticks, rp->scores,
                                rp->scores_known, marks);
        }
        if ((deal->flags & PAIFU_DEAL_RESULT_ONLY) && verifiable && !edit)
            paifu_sheet__check_deal(report, opts, deal, rules, players, rp->sticks, rp->honba,
                                    rp->scores_known ? rp->scores : NULL);
        paifu_replay__run(rp);
        skip_wall = skip_wall || rp->wall_seed_wrong;
        paifu_settle__after_uma(penalties, &fines, deal, players, rules);
        if (!rp->ended && !rp->n_wins) {
            ended_ok = false;
            if (!paifu_game_truncated(game))
                paifu_finding__add(report, opts, deal, (int)deal->n_events - 1, "log.truncated",
                                   NULL, NULL, NULL,
                                   "the deal has no outcome (no win, draw or chombo)");
            break;
        }
        advance(&f, rp, rules, players);
        time_limit(&f, rp, d, rules);
        last = *deal;
    }
    free(rp);
    const paifu_game_result *res = paifu_game_result_get(game);
    wrong_end = wrong_end || (ended_ok && n && !f.over && !f.may_end &&
                              (!rules->time_limit || f.time_left > 0) &&
                              (res->has_points || res->has_final));
    if (edit) {
        edit->wrong_end = wrong_end;
        edit->ok = ended_ok && f.known && !paifu_game_truncated(game);
        if (edit->ok)
            final_points(edit->points, &f, players, rules);
        return 0;
    }
    settle_result(settled, game, rules, &f, penalties, ended_ok, n);
    if (!paifu_game_truncated(game) && ended_ok && n && !f.over && !f.may_end &&
        paifu_game_meta_get(game, PAIFU_META_WHOLE_GAME)) {
        /* a whole game's record without its end (issue 36): cut between deals. A time limit
           is no reason to stop here: a log that stops early for it records its end (sc) */
        const paifu_deal *tail = paifu_game_deal(game, n - 1);
        paifu_finding__add(report, opts, tail, tail->n_events ? (int)tail->n_events - 1 : -1,
                           "log.truncated", NULL, NULL, NULL,
                           "log ends between deals: the game has no recorded end and its rules "
                           "go on after the last deal");
        free(own);
        return 0;
    }
    if (paifu_game_truncated(game)) {
        const paifu_deal *tail = n ? paifu_game_deal(game, n - 1) : NULL;
        int last_event = tail && tail->n_events ? (int)tail->n_events - 1 : -1;
        paifu_location w;
        paifu_finding__locate(&w, opts, tail, last_event);
        if (!tail) /* cut before its first deal: where the reader stopped */
            w.line = paifu_game_result_line(game, &w.column);
        paifu_report_add(report, "log.truncated", &w, NULL, NULL, NULL, "%s",
                         ended_ok ? "log ends between deals: the game has no recorded end"
                                  : "log ends mid-deal: the game has no recorded end");
        free(own);
        return 0;
    }
    /* with unknown rules only the tiles are checked; with an unknown final formula (a private
       lobby's uma) everything but the final scores */
    bool final_known = paifu_game_meta_get(game, PAIFU_META_FINAL_UNKNOWN) == NULL;
    if (ended_ok && n && verifiable)
        check_end(report, game, rules, opts, &f, penalties, &last, final_known, starts,
                  wrong_end);
    else if (!n && verifiable)
        check_results_only(report, game, rules, opts, final_known);
    free(own);
    return 0;
}
