/*
 * replay_state.c: what the turn cycle (replay.c) and the end of a deal (replay_outcome.c) both
 * ask of a deal's state: a finding at the current event, the seat winds, a chombo recorded
 * later in the deal, a seat's waits with its passed tiles tested against them (furiten;
 * invariant 4 of replay.c) and a list of tiles compared with a seat's concealed hand.
 *
 * Both halves of the replay call down into this file; it calls neither of them.
 */
#include "hand_internal.h"
#include "replay_internal.h"
#include "wait_internal.h"

#include <stdarg.h>
#include <string.h>

/* ---- findings ---- */

void paifu_replay__finding(replay *rp, const char *code, const char *expected,
                           const char *recorded, const char *rule_ref, const char *fmt, ...)
{
    if (rp->muted) {
        rp->muted_hits++;
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    paifu_finding__vadd(rp->report, rp->opts, rp->deal, rp->event, code, expected, recorded,
                        rule_ref, fmt, ap);
    va_end(ap);
}

bool paifu_replay__penalty_recorded(const replay *rp, int seat, int kind)
{
    const paifu_deal *d = rp->deal;
    for (size_t i = rp->event < 0 ? 0 : (size_t)rp->event; i < d->n_events; i++) {
        const paifu_event *e = &d->events[i];
        if (e->type == PAIFU_EV_PENALTY && e->detail >= 0 && (size_t)e->detail < d->n_penalties &&
            (int)d->penalties[e->detail].kind == kind && d->penalties[e->detail].seat == seat)
            return true;
    }
    return false;
}

bool paifu_replay__chombo_recorded(const replay *rp, int seat)
{
    return paifu_replay__penalty_recorded(rp, seat, PAIFU_PENALTY_CHOMBO);
}

/* ---- seats ---- */

int paifu_replay__seat_wind(const replay *rp, int seat)
{
    return (seat - rp->deal->start.dealer + rp->players) % rp->players;
}

/* Do TILES (n, plus EXTRA unless NONE) equal the concealed tiles of SEAT? Ids when known. */
bool paifu_replay__ids_equal_hand(const replay *rp, int seat, const paifu_tile *tiles,
                                  const uint8_t *ids, size_t n, paifu_tile extra)
{
    paifu_hand h;
    paifu_hand_init(&h);
    for (size_t i = 0; i < n; i++)
        if (paifu_hand__add(&h, tiles[i]) < 0)
            return false;
    const paifu_hand *have = &rp->seat[seat].hand;
    paifu_hand mine = *have;
    if (extra != PAIFU_TILE_NONE && paifu_hand__add(&mine, extra) < 0)
        return false;
    if (h.n_closed != mine.n_closed || memcmp(h.counts, mine.counts, sizeof(h.counts)) != 0 ||
        memcmp(h.red, mine.red, sizeof(h.red)) != 0)
        return false;
    if (rp->has_ids && ids) {
        for (size_t i = 0; i < n; i++)
            if (ids[i] != PAIFU_TILE_ID_NONE && !paifu_replay__id_held(&rp->seat[seat], ids[i]) &&
                !(extra != PAIFU_TILE_NONE && ids[i] == rp->last_id))
                return false;
    }
    return true;
}

/* Invariant 4: the waits of SEAT's concealed tiles, recomputed only when its counts or melds
   changed since they were computed. */
uint64_t paifu_replay__waits_of(replay_seat *s)
{
    if (s->waits_melds != s->hand.n_melds ||
        memcmp(s->waits_counts, s->hand.counts, sizeof(s->waits_counts)) != 0) {
        memcpy(s->waits_counts, s->hand.counts, sizeof(s->waits_counts));
        s->waits_melds = s->hand.n_melds;
        s->waits = paifu_wait__hand(&s->hand); /* the replay's hands keep hand.c's invariants */
    }
    return s->waits;
}

uint64_t paifu_replay__waits(replay_seat *s)
{
    paifu_replay__test_passes(s);
    return paifu_replay__waits_of(s);
}

/* ---- dead hand ---- */

void paifu_replay__dead_declares(replay *rp, int seat, const char *what)
{
    if (seat < 0 || seat >= rp->players || !rp->seat[seat].dead)
        return;
    /* RRC 2024 Table 1: "any declaration with a dead hand: chombo"; the chombo recorded for
       it is the ruling, said as such */
    bool ruled = paifu_replay__chombo_recorded(rp, seat);
    paifu_replay__finding(rp, ruled ? "penalty.ruled" : "penalty.dead_hand", NULL, NULL,
                          ruled ? "RRC 2024 §3.13, Table 1"
                                : "RRC 2024 §3.13, §9.4; EMA 2012 §3.4.7; JHC 2016 §8.1.1",
                          "seat %d %s, but its hand was declared dead: no call, win or riichi "
                          "for the rest of the deal%s",
                          seat, what,
                          ruled ? "; ruled: the chombo the rules give for it is recorded" : "");
}

/* ---- unknown values ---- */

static bool zero_or_known(const int32_t (*set)[PAIFU_SEATS], int n, const int32_t *v)
{
    bool zero = true;
    for (int s = 0; s < PAIFU_SEATS; s++)
        zero = zero && v[s] == 0;
    for (int i = 0; !zero && i < n; i++)
        if (memcmp(set[i], v, sizeof(set[i])) == 0)
            return true;
    return zero;
}

void paifu_replay__unknown_scores(replay *rp, const int32_t (*offsets)[PAIFU_SEATS], int n)
{
    if (!rp->scores_known || n <= 0)
        return;
    int32_t out[REPLAY_MAX_ALTS][PAIFU_SEATS];
    int m = 0;
    /* every carried alternative (and the replay's own, offset 0) with every new offset */
    for (int a = -1; a < rp->n_alts; a++) {
        for (int o = -1; o < n; o++) {
            int32_t v[PAIFU_SEATS];
            for (int s = 0; s < PAIFU_SEATS; s++)
                v[s] = (a < 0 ? 0 : rp->alts[a][s]) + (o < 0 ? 0 : offsets[o][s]);
            if (zero_or_known((const int32_t (*)[PAIFU_SEATS])out, m, v))
                continue;
            if (m == REPLAY_MAX_ALTS) { /* too many to follow: the scores are not known */
                rp->scores_known = false;
                rp->n_alts = 0;
                return;
            }
            memcpy(out[m++], v, sizeof(v));
        }
    }
    memcpy(rp->alts, out, sizeof(out[0]) * (size_t)m);
    rp->n_alts = m;
}

bool paifu_replay__scores_possible(const int32_t *scores, const int32_t *from,
                                   const int32_t (*alts)[PAIFU_SEATS], int n, int players)
{
    for (int a = -1; a < n; a++) {
        bool same = true;
        for (int s = 0; same && s < players; s++)
            same = scores[s] == from[s] + (a < 0 ? 0 : alts[a][s]);
        if (same)
            return true;
    }
    return false;
}
