/*
 * verify.c: the verifier's entry point (see paifu/verify.h).
 *
 * Checks what needs no re-simulation (every event names seats in play and valid tiles), then
 * hands the game to the game walk (game_flow.c) for riichi rule sets or to the MCR verifier
 * (mcr_verify.c). The rule set comes from the caller (paifu_game_rules_resolve, game_rules.c).
 */
#include "error_internal.h"
#include "finding_internal.h"
#include "game_flow.h"
#include "mcr_internal.h"
#include "rules_internal.h"
#include "settled_internal.h"
#include "tile_internal.h"

#include <stdio.h>
#include <string.h>

int paifu_verify_options_init(paifu_verify_options *opts, unsigned int version)
{
    if (!opts || version != PAIFU_VERIFY_OPTIONS_VERSION)
        return PAIFU_EINVAL;
    paifu_verify_options init = PAIFU_VERIFY_OPTIONS_INIT;
    *opts = init;
    return 0;
}

/* Seats and tiles of every event must make sense for the game's number of players. */
static void check_structure(paifu_report *rep, const paifu_deal *deal, int players,
                            const paifu_verify_options *opts)
{
    for (size_t i = 0; i < deal->n_events; i++) {
        const paifu_event *e = &deal->events[i];
        bool seat_needed = e->type != PAIFU_EV_DORA && e->type != PAIFU_EV_EXHAUSTIVE_DRAW &&
                           e->type != PAIFU_EV_ABORTIVE_DRAW;
        const char *problem = NULL;
        if (seat_needed && (e->seat < 0 || e->seat >= players))
            problem = "a seat that is not in play";
        else if (e->from >= players)
            problem = "a source seat that is not in play";
        else if (e->tile != PAIFU_TILE_NONE && !paifu_tile__valid(e->tile))
            problem = "an invalid tile";
        if (problem) {
            paifu_finding__add(rep, opts, deal, (int)i, "log.structure", NULL, NULL, NULL,
                               "%s with %s", paifu_finding__event_words(e->type), problem);
            return;
        }
    }
}

/* Sanctions on the average place the log records: the rule set's range (JH 003 §8.3.2: 0.05 to
   0.5 of a place; none in a rule set whose place_sanction_max is 0). */
static void check_sanctions(paifu_report *rep, const paifu_game *game, const paifu_rules *r,
                            const paifu_verify_options *opts)
{
    for (int s = 0; s < paifu_game_players(game); s++) {
        int32_t v = paifu_game_place_sanction(game, s);
        if (v == 0 || (v >= r->place_sanction_min && v <= r->place_sanction_max))
            continue;
        char e[48], g[24];
        if (r->place_sanction_max > 0)
            snprintf(e, sizeof(e), "0.%02d..%d.%02d", (int)r->place_sanction_min % 100,
                     (int)r->place_sanction_max / 100, (int)r->place_sanction_max % 100);
        else
            snprintf(e, sizeof(e), "none");
        snprintf(g, sizeof(g), "%d.%02d", (int)v / 100, (int)v % 100);
        paifu_finding__add(rep, opts, NULL, -1, "game.sanction", e, g, "JHC 2016 §8.3.2",
                           "seat %d: a sanction on the average place %s", s,
                           r->place_sanction_max > 0 ? "outside the rule set's range"
                                                     : "the rule set does not have");
    }
}

/* RC of a game's verification, or PAIFU_ENOMEM when a finding of it could not be kept: a finding
   lost to an allocation failure is no silent pass. */
static int kept(paifu_report *report, int rc, paifu_error *err)
{
    if (rc >= 0 && report->lost)
        return paifu_error_set(err, PAIFU_ENOMEM, NULL, "out of memory: a finding could not be kept");
    return rc;
}

static int verify_walk(paifu_report *report, const paifu_game *game, const paifu_rules *rules,
                       const paifu_verify_options *opts, paifu_settled *settled,
                       paifu_error *err);

/* paifu_verify_game, recording into SETTLED (NULL: none) as the walk goes. */
static int verify_game(paifu_report *report, const paifu_game *game, const paifu_rules *rules,
                       const paifu_verify_options *opts, paifu_settled *settled,
                       paifu_error *err)
{
    paifu_verify_options defaults = PAIFU_VERIFY_OPTIONS_INIT;
    if (!opts)
        opts = &defaults;
    if (opts->version != PAIFU_VERIFY_OPTIONS_VERSION)
        return paifu_error_set(err, PAIFU_EINVAL, NULL, "unknown verify options version %u",
                               opts->version);
    paifu_report__begin_game(report, opts->max_findings);
    /* findings cite the rule set's document and name the game's players */
    paifu_report__game(report, game, rules->document);
    paifu_report__rules(report, rules);
    int rc = kept(report, verify_walk(report, game, rules, opts, settled, err), err);
    paifu_report__end_game(report);
    return rc;
}

static int verify_walk(paifu_report *report, const paifu_game *game, const paifu_rules *rules,
                       const paifu_verify_options *opts, paifu_settled *settled,
                       paifu_error *err)
{
    report->stats.games++;
    check_sanctions(report, game, rules, opts);
    if (rules->family == PAIFU_FAMILY_MCR)
        return paifu_mcr__verify_game(report, game, rules, opts, settled, err);
    int players = paifu_game_players(game);
    size_t n = paifu_game_deal_count(game), wins = 0;
    for (size_t d = 0; d < n; d++) {
        const paifu_deal *deal = paifu_game_deal(game, d);
        paifu_report__count_deal(report, deal);
        check_structure(report, deal, players, opts);
        wins += deal->n_wins;
    }
    int rc = paifu_report__reserve_wins(report, wins, err);
    if (rc < 0)
        return rc;
    return paifu_game_flow__settle(report, game, rules, opts, settled, err);
}

int paifu_verify_game(paifu_report *report, const paifu_game *game, const paifu_rules *rules,
                      const paifu_verify_options *opts, paifu_error *err)
{
    PAIFU_ASSERT_ARG(report && game && rules, err);
    return verify_game(report, game, rules, opts, NULL, err);
}

int paifu_game_settle(paifu_settled **out, const paifu_game *game, const paifu_rules *rules,
                      paifu_report *report, const paifu_verify_options *opts, paifu_error *err)
{
    PAIFU_ASSERT_ARG(out && game && rules, err);
    *out = NULL;
    paifu_settled *settled = NULL;
    paifu_report *scratch = NULL;
    int rc = paifu_settled__new(&settled, game, err);
    if (rc == 0 && !report && (rc = paifu_report_new(&scratch, err)) == 0)
        report = scratch;
    if (rc == 0)
        rc = verify_game(report, game, rules, opts, settled, err);
    paifu_report_free(scratch);
    if (rc < 0) {
        paifu_settled_free(settled);
        return rc;
    }
    *out = settled;
    return 0;
}

int paifu_game_deal_starts(paifu_deal_start *out, size_t n, const paifu_game *game,
                           const paifu_rules *rules, paifu_error *err)
{
    PAIFU_ASSERT_ARG(out && game && rules, err);
    size_t deals = paifu_game_deal_count(game);
    if (n < deals)
        return paifu_error_set(err, PAIFU_EINVAL, NULL, "room for %zu deal starts, the game has %zu",
                               n, deals);
    bool sheet = false;
    for (size_t d = 0; d < deals; d++) {
        out[d] = paifu_game_deal(game, d)->start;
        sheet = sheet || (paifu_game_deal(game, d)->flags & PAIFU_DEAL_ROUND_UNKNOWN);
    }
    if (!sheet || rules->family == PAIFU_FAMILY_MCR)
        return 0; /* every deal names its own round */
    paifu_report *scratch;
    int rc = paifu_report_new(&scratch, err);
    if (rc < 0)
        return rc;
    paifu_verify_options opts = PAIFU_VERIFY_OPTIONS_INIT;
    paifu_report__begin_game(scratch, 1);
    rc = paifu_game_flow__walk(scratch, game, rules, &opts, out, err);
    paifu_report_free(scratch);
    return rc;
}
