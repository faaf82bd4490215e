/*
 * replay.c: the re-simulator. One deal is replayed event by event against the rules; every
 * discrepancy becomes a finding at the event where it first shows.
 *
 * ---- DESIGN NOTES ----
 *
 * Invariants (checked as the events come):
 *   1. A seat in PHASE_DISCARD holds 14 tiles (a kan counting three), every other seat 13.
 *   2. Every tile an event takes out of a hand is in that hand (by kind and red flag, and by
 *      physical id when the log has ids).
 *   3. The live wall allows `total_draws - replacements` live draws; a replacement draw follows
 *      every kan and kita; the k-th kan's dora indicator is revealed before the kan's owner
 *      discards again (or the deal ends).
 *   4. Furiten and tenpai are decided from a seat's waits: the wait set of its 13-tile hand
 *      after its last discard, which stays as it is until the seat draws or calls. They are
 *      computed only when a decision needs them (paifu_replay__waits, __waits_of, in
 *      replay_state.c): a riichi declaration, a ron, a call by the seat, a draw by a seat in
 *      riichi, sanchahou. Until then the discards a seat lets pass are collected as kinds
 *      (passed_temp, or passed_riichi while in riichi: discard_passed, on_call), and tested
 *      against the waits at those points (paifu_replay__test_passes), the last moments the hand
 *      still is the one they passed. Temporary furiten ends at the seat's own draw, so most
 *      passes are dropped there untested; so does it at the seat's own call, and with
 *      temp_furiten any_call (EMA 2012) at anyone's call or unrobbed kan. The waits depend only
 *      on the concealed counts and the number of melds (hand.c keeps the rest consistent) and are kept with the counts they were
 *      computed from: a riichi hand's are computed once.
 *   5. Once a legality finding has been reported the tile state may be wrong: `broken` is set and
 *      the rest of the deal is checked from the recorded values only (one finding per root
 *      cause, not a cascade).
 *
 * States (replay_phase) and the function that moves between them:
 *
 *                 on_draw                    on_discard
 *   PHASE_DRAW --------------> PHASE_DISCARD -----------> PHASE_REACT
 *        ^                      |  ^    |  |                |  |  |
 *        |  on_draw (next seat) |  |    |  | on_ankan,      |  |  | on_call (chi/pon)
 *        +----------------------|--|----|--|-on_shouminkan  |  |  +----> PHASE_DISCARD
 *                               |  |    |  v                |  | on_call (daiminkan)
 *                               |  |    | PHASE_ROB ---+    |  +-------> PHASE_REPLACEMENT
 *                               |  |    | on_kita      | on_draw             |
 *                               |  |    v              v                     |
 *                               |  +- PHASE_REPLACEMENT <-------------------+
 *                               |        (on_draw: the replacement tile)
 *                               +--> PHASE_ENDED  (paifu_replay__win, __draw_outcome: tsumo,
 *                                                  ron from REACT/ROB, draws, penalties;
 *                                                  replay_outcome.c)
 *
 * Sources of the rules: RRC 000 §3.3 (calls, kan, riichi), 002 §3.4 (furiten), §3.8 (draws);
 * riichi-rulesets.md D (legality) for the differences, read from the rule set.
 */
#include "hand_internal.h"
#include "replay_internal.h"
#include "tile_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---- findings ---- */

/* A legality finding: reported once, then the tile state is no longer trusted. */
static void illegal(replay *rp, const char *code, const char *rule_ref, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

static void illegal(replay *rp, const char *code, const char *rule_ref, const char *fmt, ...)
{
    char text[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof(text), fmt, ap);
    va_end(ap);
    paifu_replay__finding(rp, code, NULL, NULL, rule_ref, "%s", text);
    rp->broken = true;
}

static char *tname(char buf[3], paifu_tile t)
{
    return paifu_tile_name(buf, t);
}

/*
 * A tile came to light (a starting hand, a draw, a dora indicator): counted per deal across
 * the whole table, O(1) per tile, so a fifth copy of a kind or a second red five of a suit
 * anywhere at the table is a finding. RRC 2024 §3.1.1 and EMA 2012 §1.1 fix the set: 34 kinds
 * four times each (red_fives: one red five a suit; four red fives: two of them 5p). Called
 * fallen tiles (calls, kita) are not new and are not counted again.
 */
static void see_tile(replay *rp, paifu_tile t, int seat, bool start)
{
    if (!paifu_tile__riichi(t))
        return; /* unknown or hidden: nothing to count */
    unsigned k = paifu_tile_kind(t);
    bool fifth = ++rp->seen[k] == 5;
    bool red = paifu_tile_is_red(t);
    unsigned suit = k / 9, limit = suit == 1 && rp->rules->red_fives >= 4 ? 2 : 1;
    bool extra_red = red && ++rp->seen_red[suit] == limit + 1;
    if (!fifth && !extra_red)
        return; /* the usual case: no text is made on the per-tile path */
    char b[3], how[48];
    if (seat < 0) /* SEAT -1: a dora indicator (START: the deal's first) */
        snprintf(how, sizeof(how), "%s", start ? "the dora indicator shows" : "a dora indicator shows");
    else
        snprintf(how, sizeof(how), start ? "seat %d's starting hand holds" : "seat %d draws", seat);
    if (fifth)
        paifu_replay__finding(rp, "deal.tile_count", "4", "5", NULL,
                              "%s a fifth %s: the set has four", how, tname(b, t));
    if (extra_red)
        paifu_replay__finding(rp, "deal.tile_count", limit == 1 ? "1" : "2",
                              limit == 1 ? "2" : "3", NULL, "%s a %s red 5%c: the set has %s", how,
                              limit == 1 ? "second" : "third", "mps"[suit],
                              limit == 1 ? "one" : "two");
}

static int next_seat(const replay *rp, int seat)
{
    int next = seat + 1; /* (seat + 1) % players without a division in the usual case */
    return next < rp->players ? next : next % rp->players;
}

static uint64_t kind_bit(paifu_tile t)
{
    return (uint64_t)1 << paifu_tile_kind(t);
}

/* ---- physical ids ---- */

static void id_add(replay_seat *s, uint8_t id)
{
    if (id < 192)
        s->held_ids[id / 64] |= (uint64_t)1 << (id % 64);
}

static void id_remove(replay_seat *s, uint8_t id)
{
    if (id < 192)
        s->held_ids[id / 64] &= ~((uint64_t)1 << (id % 64));
}

/* Take TILE (with ID) out of SEAT's concealed tiles; false (and a finding) if it is not there. */
static bool take(replay *rp, int seat, paifu_tile tile, uint8_t id, const char *what)
{
    replay_seat *s = &rp->seat[seat];
    char b[3];
    if (rp->has_ids && id != PAIFU_TILE_ID_NONE && !paifu_replay__id_held(s, id)) {
        illegal(rp, "deal.tile_not_in_hand", NULL,
                "seat %d %s %s (tile id %u), which is not in its hand", seat, what,
                tname(b, tile), (unsigned)id);
        return false;
    }
    if (paifu_hand__remove(&s->hand, tile) < 0) {
        illegal(rp, "deal.tile_not_in_hand", NULL, "seat %d %s %s, which is not in its hand",
                seat, what, tname(b, tile));
        return false;
    }
    if (rp->has_ids && id != PAIFU_TILE_ID_NONE)
        id_remove(s, id);
    return true;
}

/* Every seat but SKIP1 and SKIP2 lets a discard of kind BIT pass (002 §3.4: a winning tile
   passed makes furiten; invariant 4: tested later). */
static void pass_kind(replay *rp, uint64_t bit, int skip1, int skip2)
{
    for (int s = 0; s < rp->players; s++) {
        replay_seat *st = &rp->seat[s];
        if (s == skip1 || s == skip2)
            continue;
        if (st->riichi)
            st->passed_riichi |= bit;
        else
            st->passed_temp |= bit;
    }
}

/* temp_furiten any_call (EMA 2012 §3.4.5): a pon, chi or kan interrupts the go-around and ends
   every player's temporary furiten (riichi furiten lasts). A declared kan counts once it is not
   robbed, at its replacement draw, so a robbing ron is still judged with the furiten. */
static void call_ends_temp_furiten(replay *rp)
{
    if (rp->rules->temp_furiten != PAIFU_TEMP_FURITEN_ANY_CALL)
        return;
    for (int s = 0; s < rp->players; s++) {
        rp->seat[s].temp_furiten = false;
        rp->seat[s].passed_temp = 0;
    }
}

/* ---- the wall ---- */

static const paifu_wall_layout *layout(const replay *rp)
{
    return rp->wall_checked ? &rp->deal->start.wall_layout : NULL;
}

/* Does the tile the log shows match wall position POS? */
static bool wall_matches(const replay *rp, int pos, paifu_tile tile, uint8_t id)
{
    const paifu_deal_start *st = &rp->deal->start;
    if (pos < 0 || pos >= st->n_wall)
        return true;
    return id != PAIFU_TILE_ID_NONE && st->wall_ids[pos] != PAIFU_TILE_ID_NONE
               ? st->wall_ids[pos] == id
               : st->wall[pos] == tile;
}

/*
 * Compare a tile the log shows with wall position POS. The first mismatch of a deal is
 * reported; the wall is then not consulted again in that deal (one finding per root cause).
 */
static void check_wall(replay *rp, int pos, paifu_tile tile, uint8_t id, const char *code,
                       const char *what)
{
    const paifu_deal_start *st = &rp->deal->start;
    if (!rp->wall_checked || wall_matches(rp, pos, tile, id))
        return;
    char e[8], r[8];
    tname(e, st->wall[pos]);
    tname(r, tile);
    paifu_replay__finding(rp, code, e, r, NULL, "%s differs from wall position %d", what, pos);
    rp->wall_checked = false;
}

/* ---- events ---- */

/* A discard was passed by everyone: winning tiles passed make furiten (002 §3.4). */
static void discard_passed(replay *rp)
{
    pass_kind(rp, kind_bit(rp->last_tile), rp->last_from, -1);
    if (rp->last_riichi) {
        paifu_replay__finding(rp, "log.structure", NULL, NULL, NULL,
                              "seat %d's riichi discard passed but its deposit is not recorded",
                              rp->last_from);
        rp->last_riichi = false;
    }
}

static void on_draw(replay *rp, const paifu_event *e)
{
    int seat = e->seat;
    bool replacement;
    char b[3];
    switch (rp->phase) {
    case PHASE_REACT: {
        discard_passed(rp);
        int expect = next_seat(rp, rp->last_from);
        if (seat != expect) {
            illegal(rp, "deal.turn_order", NULL, "seat %d draws, but it is seat %d's turn", seat,
                    expect);
            return;
        }
        rp->turn = seat;
        replacement = false;
        break;
    }
    case PHASE_DRAW:
        replacement = false;
        break;
    case PHASE_REPLACEMENT:
    case PHASE_ROB:
        replacement = true;
        break;
    default:
        illegal(rp, "deal.turn_order", NULL, "seat %d draws while seat %d must discard", seat,
                rp->turn);
        return;
    }
    if (seat != rp->turn) {
        illegal(rp, "deal.turn_order", NULL, "seat %d draws, but it is seat %d's turn", seat,
                rp->turn);
        return;
    }
    replay_seat *s = &rp->seat[seat];
    if (replacement && rp->interrupt_pending) {
        /* the kan or kita was not robbed: now it interrupts the go-around (a robbed one does
           not count, so chankan keeps ippatsu: RRC-2024 §4.2.1, §4.2.3) */
        rp->first_round = false;
        if (!rp->rob_is_ankan || rp->rules->ippatsu_ankan_breaks)
            for (int i = 0; i < rp->players; i++)
                rp->seat[i].ippatsu = false;
        rp->interrupt_pending = false;
        call_ends_temp_furiten(rp); /* EMA 2012 §3.4.5: a kan interrupts the go-around */
    }
    if (replacement) {
        rp->replacements++;
        const paifu_wall_layout *l = layout(rp);
        if (l && rp->replacements <= l->n_replacement)
            check_wall(rp, l->replacement[rp->replacements - 1], e->tile, e->tile_id,
                       "wall.replacement", "the replacement draw");
        /* a kan or kita that takes the last live tile: the discard after this draw is the
           deal's last (houtei for a ron on it, no call on it); the draw itself is rinshan, not
           haitei (situation_flags) */
        rp->haitei_drawn = rp->haitei_drawn || paifu_replay__live_left(rp) == 0;
    } else {
        if (paifu_replay__live_left(rp) <= 0) {
            illegal(rp, "wall.exhausted", NULL, "seat %d draws %s after the live wall ran out",
                    seat, tname(b, e->tile));
            return;
        }
        const paifu_wall_layout *l = layout(rp);
        if (l)
            check_wall(rp, l->live_start + rp->live_draws, e->tile, e->tile_id, "wall.draw",
                       "the draw");
        rp->live_draws++;
        if (seat == rp->deal->start.dealer && s->discarded_once)
            rp->first_round = false; /* the dealer's second draw ends the first go-around */
        rp->haitei_drawn = paifu_replay__live_left(rp) == 0;
    }
    /* temporary furiten ends at the player's own draw (002 §3.4): its passes need no test;
       riichi furiten lasts, so those are tested while the hand is still the 13 tiles they
       passed */
    s->temp_furiten = false;
    s->passed_temp = 0;
    paifu_replay__test_passes(s);
    if (paifu_hand__add(&s->hand, e->tile) < 0) {
        illegal(rp, "deal.tile_count", NULL, "seat %d draws %s: a fifth copy of it", seat,
                tname(b, e->tile));
        return;
    }
    if (e->tile_id != PAIFU_TILE_ID_NONE)
        id_add(s, e->tile_id);
    see_tile(rp, e->tile, seat, false);
    s->last_draw = e->tile;
    s->last_draw_id = e->tile_id;
    s->drew = true;
    rp->last_was_replacement = replacement;
    if (replacement && seat == rp->late_dora_seat && rp->late_dora_drawn < rp->late_dora)
        rp->late_dora_drawn++; /* the replacement of the latest open or added kan */
    rp->phase = PHASE_DISCARD;
}

static bool must_act(replay *rp, const paifu_event *e, const char *what)
{
    if (rp->phase != PHASE_DISCARD || e->seat != rp->turn) {
        illegal(rp, "deal.turn_order", NULL, "seat %d %s out of turn (seat %d is to act)", e->seat,
                what, rp->turn);
        return false;
    }
    return true;
}

static void on_discard(replay *rp, const paifu_event *e)
{
    if (!must_act(rp, e, "discards"))
        return;
    int seat = e->seat;
    replay_seat *s = &rp->seat[seat];
    char b[3], c[3];
    bool declaring = (e->flags & PAIFU_EVF_RIICHI) != 0;
    if (declaring)
        paifu_replay__dead_declares(rp, seat, "declares riichi");
    bool is_drawn =
        s->drew && paifu_tile__same(e->tile, s->last_draw) &&
        (!rp->has_ids || e->tile_id == PAIFU_TILE_ID_NONE || e->tile_id == s->last_draw_id);
    if (rp->pending_dora > 0 && rp->pending_dora_seat == seat) {
        paifu_replay__finding(rp, "deal.dora", NULL, NULL, "RRC 2024 §3.3.3",
                              "seat %d discards before the indicator of its kan is revealed",
                              seat);
        rp->pending_dora = 0;
    }
    if (rp->late_dora > 0 && rp->late_dora_seat == seat) { /* released by this discard */
        rp->due_dora += rp->late_dora;
        rp->late_dora = rp->late_dora_drawn = 0;
    }
    if (s->riichi && !declaring && !is_drawn) {
        /* RRC 2024 Table 1 "Замена тайла в руке при риичи: мертвая рука", a chombo at the draw
           whatever its tenpai: with the dead hand recorded the breach is ruled, and the deal
           goes on with the hand as changed */
        if (!paifu_replay__penalty_recorded(rp, seat, PAIFU_PENALTY_DEAD_HAND)) {
            illegal(rp, "deal.after_riichi", "RRC 2024 §3.3.6",
                    "seat %d is in riichi but discards %s instead of the drawn %s", seat,
                    tname(b, e->tile), tname(c, s->last_draw));
            return;
        }
        paifu_replay__finding(rp, "penalty.ruled", NULL, NULL, "RRC 2024 §3.13, Table 1",
                              "seat %d is in riichi but discards %s instead of the drawn %s; "
                              "ruled: its hand is declared dead%s",
                              seat, tname(b, e->tile), tname(c, s->last_draw),
                              rp->rules->riichi_change_chombo ? ", and a chombo is due at a draw"
                                                              : "");
        s->changed_after_riichi = rp->rules->riichi_change_chombo;
    }
    /* without tile ids a second copy of the drawn tile discarded from the hand looks like the
       drawn one: then only a tsumogiri claim for another tile is a contradiction */
    bool ids = rp->has_ids && e->tile_id != PAIFU_TILE_ID_NONE;
    if ((e->flags & PAIFU_EVF_TSUMOGIRI_KNOWN) &&
        ((e->flags & PAIFU_EVF_TSUMOGIRI) != 0) != is_drawn &&
        (ids || (e->flags & PAIFU_EVF_TSUMOGIRI)))
        paifu_replay__finding(rp, "log.inconsistent", is_drawn ? "tsumogiri" : "from the hand",
                              e->flags & PAIFU_EVF_TSUMOGIRI ? "tsumogiri" : "from the hand",
                              NULL, "seat %d's discard of %s is marked %s", seat,
                              tname(b, e->tile),
                              e->flags & PAIFU_EVF_TSUMOGIRI ? "tsumogiri" : "not tsumogiri");
    if (s->kuikae & kind_bit(e->tile)) {
        paifu_replay__finding(rp, "deal.kuikae", NULL, NULL, "RRC 2024 §3.3.4",
                              "seat %d discards %s right after calling it (kuikae)", seat,
                              tname(b, e->tile));
    }
    s->kuikae = 0;
    if (!take(rp, seat, e->tile, e->tile_id, "discards"))
        return;
    if (declaring) {
        const paifu_rules *r = rp->rules;
        const char *min_key = NULL;
        if (s->riichi)
            paifu_replay__finding(rp, "deal.riichi", NULL, NULL, NULL,
                                  "seat %d declares riichi twice", seat);
        else if (!paifu_hand_is_closed(&s->hand))
            paifu_replay__finding(rp, "deal.riichi", NULL, NULL, "RRC 2024 §3.3.6",
                                  "seat %d declares riichi with an open hand", seat);
        else if (!paifu_replay__waits_of(s))
            paifu_replay__finding(rp, "deal.riichi", "tenpai", "noten", "RRC 2024 §3.3.6",
                                  "seat %d declares riichi without being tenpai", seat);
        else if (paifu_replay__live_left(rp) < r->riichi_min_wall)
            paifu_replay__finding(rp, "deal.riichi", NULL, NULL, "RRC 2024 §3.3.6",
                                  "seat %d declares riichi with %d live tiles left (rules: at "
                                  "least %d)",
                                  seat, paifu_replay__live_left(rp), (int)r->riichi_min_wall);
        else if (rp->scores_known && paifu_rules__riichi_points(r, &min_key) > 0 &&
                 rp->scores[seat] < paifu_rules__riichi_points(r, &min_key))
            paifu_replay__finding(rp, "deal.riichi", NULL, NULL, min_key,
                                  "seat %d declares riichi with %d points (rules%s: at least %d)",
                                  seat, (int)rp->scores[seat],
                                  min_key[0] == 't' ? ", with bankruptcy" : "",
                                  (int)paifu_rules__riichi_points(r, &min_key));
        s->riichi = true;
        s->double_riichi = rp->first_round && !s->discarded_once;
    } else if (s->ippatsu) {
        s->ippatsu = false; /* the go-around after riichi is over */
    }
    if (s->n_river < REPLAY_MAX_RIVER)
        s->river[s->n_river++] = e->tile;
    s->river_kinds |= kind_bit(e->tile);
    if (paifu_tile_is_simple(e->tile))
        s->river_plain = true;
    if (rp->first_round && rp->discards_total < 4)
        rp->first_winds[rp->discards_total] = e->tile;
    rp->discards_total++;
    s->discarded_once = true;
    s->drew = false;
    rp->last_from = seat;
    rp->last_tile = e->tile;
    rp->last_id = e->tile_id;
    rp->last_event = rp->event;
    rp->last_riichi = declaring;
    rp->phase = PHASE_REACT;
}

static void on_riichi_accepted(replay *rp, const paifu_event *e)
{
    int seat = e->seat;
    replay_seat *s = &rp->seat[seat];
    bool result_only = (rp->deal->flags & PAIFU_DEAL_RESULT_ONLY) != 0;
    if (!result_only && !rp->broken) {
        if (!(rp->phase == PHASE_REACT && rp->last_riichi && rp->last_from == seat))
            paifu_replay__finding(rp, "log.structure", NULL, NULL, NULL,
                                  "a riichi deposit by seat %d without its declaring discard",
                                  seat);
    }
    if (s->riichi_accepted) {
        paifu_replay__finding(rp, "deal.riichi", NULL, NULL, NULL,
                              "seat %d makes a second riichi deposit", seat);
        return;
    }
    s->riichi = true;
    s->riichi_accepted = true;
    s->riichi_this_deal = true;
    s->ippatsu = true;
    /* the replay decides (the declaring discard: double riichi when it was the seat's first in
       an uninterrupted first go-around); a log's double flag is a record, compared */
    if ((e->flags & PAIFU_EVF_DOUBLE_RIICHI) && !s->double_riichi && !result_only && !rp->broken)
        paifu_replay__finding(rp, "deal.riichi", "riichi", "double riichi", "RRC 2024 §4.2.1",
                              "seat %d's riichi is recorded as a double riichi, but it was not "
                              "declared on the first discard of an uninterrupted first "
                              "go-around",
                              seat);
    else if ((e->flags & PAIFU_EVF_DOUBLE_RIICHI) && (result_only || rp->broken))
        s->double_riichi = true; /* no tiles to derive it from: the record is all there is */
    rp->last_riichi = false;
    rp->scores[seat] -= 1000;
    rp->sticks++;
    rp->riichi_count++;
    if (rp->scores_known && e->detail >= 0) {
        const int32_t *rec = rp->deal->score_rows[e->detail];
        if (memcmp(rec, rp->scores, sizeof(int32_t) * (size_t)rp->players) != 0) {
            char ex[64], re[64];
            paifu_finding__points(ex, sizeof(ex), rp->scores, rp->players);
            paifu_finding__points(re, sizeof(re), rec, rp->players);
            paifu_replay__finding(rp, "deal.scores", ex, re, NULL,
                                  "scores after seat %d's riichi deposit differ", seat);
            memcpy(rp->scores, rec, sizeof(int32_t) * (size_t)rp->players);
        }
    }
}

static void break_first_round_and_ippatsu(replay *rp)
{
    rp->first_round = false;
    for (int s = 0; s < rp->players; s++)
        rp->seat[s].ippatsu = false;
}

static bool can_kan(replay *rp, int seat)
{
    if (rp->kans >= 4) {
        illegal(rp, "deal.kan", "RRC 2024 §3.3.3", "seat %d declares a fifth kan", seat);
        return false;
    }
    if (paifu_replay__live_left(rp) <= 0) {
        illegal(rp, "deal.kan", "RRC 2024 §5.3.2",
                "seat %d declares a kan with no tile left in the live wall", seat);
        return false;
    }
    return true;
}

static void count_kan(replay *rp, int seat, bool closed)
{
    rp->kans++;
    rp->kan_seats |= 1 << seat;
    rp->seat[seat].kans++;
    if (!rp->rules->kan_dora) /* without kan dora (JPML rules) a kan reveals nothing */
        return;
    if (!closed && rp->rules->kandora_timing == PAIFU_KANDORA_AFTER_DISCARD) {
        rp->late_dora++; /* after the kan player's discard; none if the deal ends first */
        rp->late_dora_seat = seat;
        return;
    }
    rp->pending_dora++;
    rp->pending_dora_seat = seat;
}

/* kandora_timing after_discard: an open or added kan's indicator, released by its player's
   discard, must be revealed before anyone draws, calls or declares a kan (003 §7.3.1.16). */
static void check_due_dora(replay *rp)
{
    if (rp->due_dora <= 0)
        return;
    paifu_replay__finding(rp, "deal.dora", NULL, NULL, "JHC 2016 §7.3.1.16",
                          "the indicator of an open or added kan is not revealed after the "
                          "discard that follows it");
    rp->due_dora = 0;
}

/*
 * Liability (pao): the player whose discard completes the third dragon set or the fourth wind
 * set (or, where the rules say so, the fourth kan) pays for that yakuman (RRC-2024 §3.7.9;
 * riichi-rulesets.md B "Pao").
 */
static void assign_pao(replay *rp, int seat, int from, bool kan)
{
    replay_seat *s = &rp->seat[seat];
    unsigned dragons = 0, winds = 0, kans = 0;
    for (int i = 0; i < s->hand.n_melds; i++) {
        const paifu_meld *m = &s->hand.melds[i];
        unsigned k = paifu_tile_kind(m->tiles[0]);
        if (m->type == PAIFU_MELD_CHI)
            continue;
        if (k >= PAIFU_TILE_WHITE && k <= PAIFU_TILE_RED_DRAGON)
            dragons++;
        else if (k >= PAIFU_TILE_EAST && k <= PAIFU_TILE_NORTH)
            winds++;
        if (m->type != PAIFU_MELD_PON)
            kans++;
    }
    unsigned k = paifu_tile_kind(rp->last_tile);
    uint32_t pao = rp->rules->pao;
    if ((pao & PAIFU_PAO_DAISANGEN) && dragons == 3 && k >= PAIFU_TILE_WHITE) {
        s->pao = (int8_t)from;
        s->pao_yaku = PAIFU_YAKU_DAISANGEN;
    } else if ((pao & PAIFU_PAO_DAISUUSHI) && winds == 4 && k >= PAIFU_TILE_EAST &&
               k <= PAIFU_TILE_NORTH) {
        s->pao = (int8_t)from;
        s->pao_yaku = PAIFU_YAKU_DAISUUSHI;
    } else if ((pao & PAIFU_PAO_SUUKANTSU) && kan && kans == 4) {
        s->pao = (int8_t)from;
        s->pao_yaku = PAIFU_YAKU_SUUKANTSU;
    }
}

static void on_call(replay *rp, const paifu_event *e)
{
    int seat = e->seat;
    char b[3], c[3];
    static const char *names[] = {"", "", "", "chi", "pon", "daiminkan"};
    const char *what = names[e->type];
    paifu_replay__dead_declares(rp, seat, e->type == PAIFU_EV_CHI   ? "calls chi"
                                          : e->type == PAIFU_EV_PON ? "calls pon"
                                                                    : "calls an open kan");
    if (rp->phase != PHASE_REACT || e->from != rp->last_from || seat == rp->last_from) {
        illegal(rp, "deal.call", NULL, "seat %d calls %s from seat %d, which did not just discard",
                seat, what, e->from);
        return;
    }
    bool same = paifu_tile__same(e->tile, rp->last_tile) &&
                (!rp->has_ids || e->tile_id == PAIFU_TILE_ID_NONE || e->tile_id == rp->last_id);
    if (!same) {
        illegal(rp, "deal.call", NULL, "seat %d calls %s on %s, but the discard was %s", seat,
                what, tname(b, e->tile), tname(c, rp->last_tile));
        return;
    }
    if (e->type == PAIFU_EV_CHI && (rp->players == 3 || next_seat(rp, e->from) != seat)) {
        illegal(rp, "deal.call", "RRC 2024 §3.3.2",
                "seat %d calls chi from seat %d, which is not the player before it", seat,
                e->from);
        return;
    }
    if (rp->haitei_drawn) {
        illegal(rp, "deal.call", "RRC 2024 §3.3", "seat %d calls %s on the last discard", seat,
                what);
        return;
    }
    if (rp->seat[seat].riichi) {
        illegal(rp, "deal.call", "RRC 2024 §3.3.6", "seat %d is in riichi and calls %s", seat,
                what);
        return;
    }
    if (rp->last_riichi) {
        paifu_replay__finding(rp, "log.structure", NULL, NULL, NULL,
                              "seat %d's riichi deposit is not recorded before the call",
                              rp->last_from);
        rp->last_riichi = false;
    }
    if (e->type == PAIFU_EV_DAIMINKAN && !can_kan(rp, seat))
        return;
    /* the other seats let the called tile pass; the caller's own passes are tested before its
       hand changes (invariant 4) */
    pass_kind(rp, kind_bit(rp->last_tile), seat, rp->last_from);
    paifu_replay__test_passes(&rp->seat[seat]);
    /* the caller's temporary furiten ends with its call as with a draw (002 §3.4: "в момент,
       когда игрок получает новый тайл со стены либо с помощью объявления") */
    rp->seat[seat].temp_furiten = false;
    call_ends_temp_furiten(rp);
    paifu_tile tiles[4];
    size_t n = 0;
    for (size_t i = 0; i < e->n; i++) {
        if (!take(rp, seat, e->tiles[i], e->ids[i], "calls with"))
            return;
        tiles[n++] = e->tiles[i];
    }
    tiles[n++] = e->tile;
    paifu_meld m;
    paifu_meld_type mt = e->type == PAIFU_EV_CHI   ? PAIFU_MELD_CHI
                         : e->type == PAIFU_EV_PON ? PAIFU_MELD_PON
                                                   : PAIFU_MELD_DAIMINKAN;
    paifu_error err;
    paifu_error_clear(&err);
    if (paifu_meld_make(&m, mt, tiles, n, e->tile,
                        paifu_meld__from_seat(seat, e->from, rp->players), &err) < 0 ||
        paifu_hand_add_meld(&rp->seat[seat].hand, &m, &err) < 0) {
        illegal(rp, "deal.call", NULL, "seat %d's %s is not a valid meld: %s", seat, what,
                err.text);
        return;
    }
    replay_seat *d = &rp->seat[rp->last_from];
    d->river_called = true;
    if (e->type != PAIFU_EV_CHI)
        assign_pao(rp, seat, rp->last_from, e->type == PAIFU_EV_DAIMINKAN);
    break_first_round_and_ippatsu(rp);
    replay_seat *s = &rp->seat[seat];
    s->drew = false;
    s->last_draw = PAIFU_TILE_NONE;
    s->kuikae = e->type == PAIFU_EV_DAIMINKAN ? 0 : paifu_meld_kuikae_forbidden(&m, rp->rules);
    rp->turn = seat;
    if (e->type == PAIFU_EV_DAIMINKAN) {
        /* JHC 2016 §7.3.1.17: a win on this kan's replacement tile is paid by the discarder */
        rp->rinshan_liable = rp->rules->pao & PAIFU_PAO_RINSHAN_DAIMINKAN ? rp->last_from : -1;
        count_kan(rp, seat, false);
        rp->phase = PHASE_REPLACEMENT;
    } else {
        rp->phase = PHASE_DISCARD;
    }
}

/* The tile of the kan or kita SEAT just declared may be robbed (PHASE_ROB); if it is not, the
   declaration interrupts the go-around when its replacement is drawn (on_draw). */
static void offer_to_rob(replay *rp, int seat, paifu_tile tile, uint8_t id, bool ankan, bool kita)
{
    rp->seat[seat].drew = false;
    rp->interrupt_pending = !kita || rp->rules->kita_interrupts;
    rp->last_from = seat;
    rp->last_tile = tile;
    rp->last_id = id;
    rp->rob_is_ankan = ankan;
    rp->rob_is_kita = kita; /* a North set aside can be won on, like a discard */
    rp->rob_dora = 0;
    rp->phase = PHASE_ROB;
}

static void on_ankan(replay *rp, const paifu_event *e)
{
    if (!must_act(rp, e, "declares a closed kan"))
        return;
    int seat = e->seat;
    paifu_replay__dead_declares(rp, seat, "declares a closed kan");
    replay_seat *s = &rp->seat[seat];
    char b[3];
    if (!s->drew) {
        illegal(rp, "deal.kan", "RRC 2024 §3.3.3",
                "seat %d declares a closed kan right after its own call", seat);
        return;
    }
    if (!can_kan(rp, seat))
        return;
    if (s->riichi &&
        (paifu_tile_kind(e->tiles[0]) != paifu_tile_kind(s->last_draw) ||
         !paifu_hand_riichi_ankan_allowed(&s->hand, s->last_draw, rp->rules))) {
        paifu_replay__finding(rp, "penalty.riichi_ankan", NULL, NULL, "RRC 2024 §3.3.6, §3.13",
                              "seat %d's closed kan of %s after riichi changes its wait or the "
                              "reading of its hand",
                              seat, tname(b, e->tiles[0]));
    }
    for (size_t i = 0; i < e->n; i++)
        if (!take(rp, seat, e->tiles[i], e->ids[i], "declares a kan with"))
            return;
    paifu_meld m;
    paifu_error err;
    paifu_error_clear(&err);
    if (paifu_meld_make(&m, PAIFU_MELD_ANKAN, e->tiles, e->n, PAIFU_TILE_NONE, PAIFU_FROM_SELF,
                        &err) < 0 ||
        paifu_hand_add_meld(&s->hand, &m, &err) < 0) {
        illegal(rp, "deal.kan", NULL, "seat %d's closed kan is not valid: %s", seat, err.text);
        return;
    }
    rp->rinshan_liable = -1;
    count_kan(rp, seat, true);
    offer_to_rob(rp, seat, e->tiles[0], PAIFU_TILE_ID_NONE, true, false);
}

static void on_shouminkan(replay *rp, const paifu_event *e)
{
    if (!must_act(rp, e, "declares an added kan"))
        return;
    int seat = e->seat;
    paifu_replay__dead_declares(rp, seat, "declares an added kan");
    replay_seat *s = &rp->seat[seat];
    char b[3];
    if (!s->drew) {
        illegal(rp, "deal.kan", "RRC 2024 §3.3.3",
                "seat %d declares an added kan right after its own call", seat);
        return;
    }
    int pon = -1;
    for (int i = 0; i < s->hand.n_melds; i++)
        if (s->hand.melds[i].type == PAIFU_MELD_PON &&
            paifu_tile_kind(s->hand.melds[i].tiles[0]) == paifu_tile_kind(e->tile))
            pon = i;
    if (pon < 0) {
        illegal(rp, "deal.kan", NULL, "seat %d adds %s to a pon it does not have", seat,
                tname(b, e->tile));
        return;
    }
    if (!can_kan(rp, seat) || !take(rp, seat, e->tile, e->tile_id, "adds to a kan"))
        return;
    paifu_meld m;
    const paifu_meld *p = &s->hand.melds[pon];
    paifu_tile tiles[4] = {p->tiles[0], p->tiles[1], p->tiles[2], e->tile};
    paifu_error err;
    paifu_error_clear(&err);
    if (paifu_meld_make(&m, PAIFU_MELD_SHOUMINKAN, tiles, 4, p->called, (paifu_meld_from)p->from,
                        &err) < 0 ||
        paifu_hand_add_meld(&s->hand, &m, &err) < 0) {
        illegal(rp, "deal.kan", NULL, "seat %d's added kan is not valid: %s", seat, err.text);
        return;
    }
    rp->rinshan_liable = -1;
    count_kan(rp, seat, false);
    offer_to_rob(rp, seat, e->tile, e->tile_id, false, false);
}

static void on_kita(replay *rp, const paifu_event *e)
{
    if (!must_act(rp, e, "sets a North aside"))
        return;
    int seat = e->seat;
    if (rp->players != 3 || !rp->rules->kita || paifu_tile_kind(e->tile) != PAIFU_TILE_NORTH) {
        illegal(rp, "deal.call", NULL, "seat %d sets a tile aside (kita) where the rules allow none",
                seat);
        return;
    }
    if (!take(rp, seat, e->tile, e->tile_id, "sets aside"))
        return;
    rp->seat[seat].hand.kita++;
    rp->seat[seat].kita++;
    offer_to_rob(rp, seat, e->tile, e->tile_id, false, true);
}

static void on_dora(replay *rp, const paifu_event *e)
{
    if (rp->pending_dora <= 0 && rp->due_dora > 0) {
        rp->due_dora--; /* an open kan's, after its player's discard (003 §7.3.1.16) */
    } else if (rp->pending_dora <= 0 && rp->late_dora > 0) {
        /* with the kan player's discard: Tenhou and Mahjong Soul write it between the
           replacement draw and the discard; before the replacement draw it is too early */
        if (rp->late_dora_drawn > 0)
            rp->late_dora_drawn--;
        else
            paifu_replay__finding(rp, "deal.dora", NULL, NULL, "JHC 2016 §7.3.1.16",
                                  "the indicator of seat %d's open or added kan is revealed "
                                  "before its replacement draw and discard",
                                  rp->late_dora_seat);
        rp->late_dora--;
    } else if (rp->pending_dora <= 0) {
        paifu_replay__finding(rp, "deal.dora", NULL, NULL, "kan_dora",
                              rp->rules->kan_dora ? "a dora indicator is revealed without a kan"
                                                  : "a kan dora indicator is revealed, but the "
                                                    "rules have no kan dora");
        return;
    } else {
        rp->pending_dora--;
    }
    if (rp->n_dora >= PAIFU_MAX_INDICATORS)
        return;
    const paifu_wall_layout *l = layout(rp);
    if (l && rp->n_dora < l->n_dora)
        check_wall(rp, l->dora[rp->n_dora], e->tile, e->tile_id, "wall.dora",
                   "the kan dora indicator");
    if (rp->phase == PHASE_ROB && !rp->rob_is_ankan && !rp->rob_is_kita)
        rp->rob_dora++; /* a finding if the kan is robbed (paifu_replay__win) */
    see_tile(rp, e->tile, -1, false);
    rp->dora[rp->n_dora] = e->tile;
    rp->dora_ids[rp->n_dora] = e->tile_id;
    rp->n_dora++;
}

/* ---- the deal ---- */

/* Position in the wall of the I-th starting tile of SEAT: three passes of 4-tile blocks, then
   one tile each, from the dealer in turn order (tenhou-xml.md §4.2 "Deal"). */
static int deal_position(const replay *rp, int seat, int i)
{
    int p = rp->players;
    int k = seat - rp->deal->start.dealer; /* the seat's place in turn order from the dealer */
    if (k < 0)
        k += p;
    return i < 12 ? 4 * (p * (i / 4) + k) + i % 4 : 4 * 3 * p + k;
}

static void check_start_against_wall(replay *rp)
{
    const paifu_deal_start *st = &rp->deal->start;
    const paifu_wall_layout *l = layout(rp);
    if (!l)
        return;
    rp->event = -1;
    if ((st->flags & PAIFU_DEAL_HAS_HANDS)) {
        int wrong = 0, total = 0, first_seat = -1, first_i = 0;
        for (int s = 0; s < rp->players; s++)
            for (int i = 0; i < st->n_hand[s] && i < 13; i++, total++)
                if (!wall_matches(rp, deal_position(rp, s, i), st->hands[s][i],
                                  st->hand_ids[s][i]) &&
                    wrong++ == 0) {
                    first_seat = s;
                    first_i = i;
                }
        if (wrong * 2 > total) {
            /* not a tile here and there: the seed does not belong to this game */
            char rec[48];
            snprintf(rec, sizeof(rec), "%d of %d tiles differ", wrong, total);
            paifu_replay__finding(rp, "wall.seed", "every starting tile as the wall gives", rec,
                                  NULL,
                                  "the wall seed does not produce this deal's starting hands");
            rp->wall_checked = false;
            rp->wall_seed_wrong = true;
            return;
        }
        if (wrong)
            check_wall(rp, deal_position(rp, first_seat, first_i), st->hands[first_seat][first_i],
                       st->hand_ids[first_seat][first_i], "wall.hand", "a starting tile");
    }
    if (st->dora_indicator != PAIFU_TILE_NONE && l->n_dora > 0)
        check_wall(rp, l->dora[0], st->dora_indicator, st->dora_indicator_id, "wall.dora",
                   "the dora indicator");
}

static void init_deal(replay *rp)
{
    const paifu_deal *deal = rp->deal;
    const paifu_deal_start *st = &deal->start;
    rp->phase = PHASE_DRAW;
    rp->turn = st->dealer;
    rp->first_round = true;
    rp->last_from = -1;
    rp->last_tile = PAIFU_TILE_NONE;
    rp->last_event = -1;
    rp->total_draws = paifu_rules_live_wall(rp->rules, rp->players);
    rp->wall_checked = (st->flags & PAIFU_DEAL_HAS_WALL) && st->wall_layout.n_dora > 0 &&
                       st->wall_ids && !rp->skip_wall;
    if (rp->wall_checked)
        rp->total_draws = st->wall_layout.live_end - st->wall_layout.live_start;
    if (st->dora_indicator != PAIFU_TILE_NONE) {
        rp->dora[0] = st->dora_indicator;
        rp->dora_ids[0] = st->dora_indicator_id;
        rp->n_dora = 1;
        rp->event = -1;
        see_tile(rp, st->dora_indicator, -1, true);
    }
    for (int s = 0; s < rp->players; s++) {
        replay_seat *seat = &rp->seat[s];
        paifu_hand_init(&seat->hand);
        seat->pao = -1;
        rp->rinshan_liable = -1;
        seat->last_draw = PAIFU_TILE_NONE;
        for (size_t i = 0; i < st->n_hand[s]; i++) {
            paifu_tile t = st->hands[s][i];
            if (paifu_hand__add(&seat->hand, t) < 0) {
                rp->event = -1;
                illegal(rp, "deal.tile_count", NULL, "seat %d's starting hand is impossible", s);
                return;
            }
            if (st->hand_ids[s][i] != PAIFU_TILE_ID_NONE) {
                id_add(seat, st->hand_ids[s][i]);
                rp->has_ids = true;
            }
            rp->event = -1;
            see_tile(rp, t, s, true);
        }
        if ((st->flags & PAIFU_DEAL_HAS_HANDS) && st->n_hand[s] != 13) {
            rp->event = -1;
            illegal(rp, "deal.hand_size", NULL, "seat %d starts with %u tiles instead of 13", s,
                    (unsigned)st->n_hand[s]);
        }
        seat->waits_melds = 0xFF; /* no waits computed in this deal yet */
    }
    check_start_against_wall(rp);
}

/* Process one event. */
static void step(replay *rp, const paifu_event *e)
{
    bool meta = e->type == PAIFU_EV_DISCONNECT || e->type == PAIFU_EV_RECONNECT;
    if (meta)
        return;
    bool another_ron = e->type == PAIFU_EV_WIN && rp->n_wins > 0 && !rp->drawn &&
                       rp->deal->wins[e->detail].from != rp->deal->wins[e->detail].winner;
    if (another_ron) {
        int limit = rp->rules->multi_ron == PAIFU_MULTI_RON_TRIPLE   ? 3
                    : rp->rules->multi_ron == PAIFU_MULTI_RON_DOUBLE ? 2
                                                                     : 1;
        if (rp->n_wins >= limit) {
            paifu_replay__finding(rp, "win.order", NULL, NULL, "multi_ron",
                                  "%d players win on one discard; the rules allow %d",
                                  rp->n_wins + 1, limit);
        }
    }
    if (rp->ended && e->type != PAIFU_EV_PENALTY && !another_ron) {
        paifu_replay__finding(rp, "log.structure", NULL, NULL, NULL, "%s after the deal ended",
                              paifu_finding__event_words(e->type));
        return;
    }
    bool tiles = !(rp->deal->flags & PAIFU_DEAL_RESULT_ONLY);
    switch (e->type) {
    case PAIFU_EV_RIICHI_ACCEPTED: on_riichi_accepted(rp, e); return;
    case PAIFU_EV_WIN: paifu_replay__win(rp, e); return;
    case PAIFU_EV_EXHAUSTIVE_DRAW:
    case PAIFU_EV_ABORTIVE_DRAW: paifu_replay__draw_outcome(rp, e); return;
    case PAIFU_EV_PENALTY: paifu_replay__penalty(rp, e); return;
    default: break;
    }
    if (!tiles) {
        paifu_replay__finding(rp, "log.structure", NULL, NULL, NULL,
                              "a tile event in a result-only deal");
        return;
    }
    if (rp->broken)
        return;
    if (e->type == PAIFU_EV_DRAW || e->type == PAIFU_EV_CHI || e->type == PAIFU_EV_PON ||
        e->type == PAIFU_EV_DAIMINKAN || e->type == PAIFU_EV_ANKAN ||
        e->type == PAIFU_EV_SHOUMINKAN || e->type == PAIFU_EV_KITA)
        check_due_dora(rp);
    switch (e->type) {
    case PAIFU_EV_DRAW: on_draw(rp, e); break;
    case PAIFU_EV_DISCARD: on_discard(rp, e); break;
    case PAIFU_EV_CHI:
    case PAIFU_EV_PON:
    case PAIFU_EV_DAIMINKAN: on_call(rp, e); break;
    case PAIFU_EV_ANKAN: on_ankan(rp, e); break;
    case PAIFU_EV_SHOUMINKAN: on_shouminkan(rp, e); break;
    case PAIFU_EV_KITA: on_kita(rp, e); break;
    case PAIFU_EV_DORA: on_dora(rp, e); break;
    case PAIFU_EV_FLOWER:
        illegal(rp, "log.structure", NULL, "a flower in a riichi game");
        break;
    default: break;
    }
}

void paifu_replay__run(replay *rp)
{
    const paifu_deal *deal = rp->deal;
    init_deal(rp);
    for (size_t i = 0; i < deal->n_events; i++) {
        rp->event = (int)i;
        step(rp, &deal->events[i]);
    }
    rp->event = deal->n_events ? (int)deal->n_events - 1 : -1;
}
