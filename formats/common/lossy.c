/*
 * lossy.c: loss bookkeeping and implicit values for the writers of narrow formats (lossy.h).
 *
 * Invariants: a value worked out here comes from recorded values only (scores, score changes,
 * riichi deposits), never from the tiles; a loss kind is reported at most once per game.
 */
#include "lossy.h"

#include <assert.h>
#include <paifu/verify.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const WHAT[] = {
    "the wall and its shuffle seed",
    "the dice",
    "tile ids (which copy of a tile was used)",
    "penalties",
    "disconnections and reconnections",
    "when each kan dora indicator was revealed",
    "tsumogiri flags on discards that are not the tile drawn",
    "the rule set",
    "the final scores",
    "source metadata",
    "recorded win values",
    "the hands shown at a draw",
    ("the running scores recorded with riichi deposits, wins and draws (they follow from the "
     "score changes)"),
    "the deal the main time ran out in",
    "values the source does not record",
};
static_assert(sizeof(WHAT) / sizeof(WHAT[0]) == LOSS_KIND_COUNT, "one text per loss kind");

/* The short names of the kinds (--allow-loss), in lossy_kind's order. */
static const char *const KIND[] = {
    "wall", "dice", "tile-ids", "penalties", "connection", "dora-timing", "tsumogiri",
    "rules", "final", "meta", "values", "hands", "scores", "clock", "computed", NULL,
};
static_assert(sizeof(KIND) / sizeof(KIND[0]) == LOSS_KIND_COUNT + 1, "one name per loss kind");

const char *const *paifu_loss_kinds(void)
{
    return KIND;
}

int paifu_lossy__report(format_write *w, lossy_kind kind, const char *what)
{
    if (w->lost & (1u << kind))
        return 0;
    w->lost |= 1u << kind;
    return paifu_formats__loss(w->ctx, w->game, KIND[kind], what ? what : WHAT[kind], w->err);
}

/* What each kind of computed value is, around its count, in lossy_computed's order. */
/* The same in short, for the --strict error. */
static const char *const BRIEF[] = {"start scores", "score changes", "final scores",
                                    "final points", "win points",    "payments",
                                    "tenpai",       "tsumogiri",     "rules"};
static_assert(sizeof(BRIEF) / sizeof(BRIEF[0]) == COMPUTED_KIND_COUNT, "one short name each");

static const char *const COMPUTED[][2] = {
    {"the scores at the start of", "deal(s) (from earlier deals or the rule set's start_points)"},
    {"the score changes of", "outcome(s) (from the next deal's scores)"},
    {"the final scores (uma and oka) of", "game(s) (under the game's rule set)"},
    {"the final points of", "game(s) (from the last deal's score changes)"},
    {"the points or limit of", "win(s) (from their han and fu under the rule set)"},
    {"the payments of", "tsumo(s) (split from their points)"},
    {"tenpai at", "exhaustive draw(s) (from the tiles)"},
    {"the tsumogiri flag of", "discard(s) (set where the tile discarded is the one just drawn)"},
    {"the rule set of", "game(s) (the reader assumed it:"},
};
static_assert(sizeof(COMPUTED) / sizeof(COMPUTED[0]) == COMPUTED_KIND_COUNT,
              "one text per kind of computed value");

bool paifu_lossy__compute(format_write *w, lossy_computed kind, bool needed, unsigned long count)
{
    if (!needed && !w->ctx->opts->fill)
        return false;
    w->computed[kind] += count;
    return true;
}

int paifu_lossy__computed_report(format_write *w)
{
    char text[1024], brief[120];
    size_t len = 0, blen = 0;
    for (unsigned k = 0; k < COMPUTED_KIND_COUNT; k++) {
        if (!w->computed[k] || len >= sizeof(text) - 1)
            continue;
        if (blen < sizeof(brief) - 1)
            blen += (size_t)snprintf(brief + blen, sizeof(brief) - blen, "%s%s %lu",
                                     blen ? ", " : "", BRIEF[k], w->computed[k]);
        if (len)
            len += (size_t)snprintf(text + len, sizeof(text) - len, "; ");
        if (len >= sizeof(text) - 1)
            break;
        len += (size_t)snprintf(text + len, sizeof(text) - len, "%s %lu %s", COMPUTED[k][0],
                                w->computed[k], COMPUTED[k][1]);
        if (k == COMPUTED_RULES && len < sizeof(text) - 1) {
            const char *why = paifu_game_meta_get(w->game, PAIFU_META_RULES_ASSUMED);
            len += (size_t)snprintf(text + len, sizeof(text) - len, " %s)",
                                    why ? why : "none recorded");
        }
    }
    if (!len)
        return 0;
    const paifu_write_options *o = w->ctx->opts;
    if (o->fill) {
        if (o->on_filled)
            o->on_filled(w->game, text, o->loss_payload);
        return 0;
    }
    char what[1200];
    snprintf(what, sizeof(what), "values the source does not record, written as computed: %s",
             text);
    if (w->lost & (1u << LOSS_COMPUTED))
        return 0;
    w->lost |= 1u << LOSS_COMPUTED;
    return paifu_formats__computed(w->ctx, w->game, what, brief, w->err);
}

int paifu_lossy__is_mcr(const paifu_game *game, paifu_error *err)
{
    paifu_rules *r = NULL;
    paifu_error why;
    paifu_error_clear(&why);
    int rc = paifu_game_rules(&r, game, NULL, &why);
    if (rc < 0 && why.code == PAIFU_ENOMEM) /* not "no MCR game": an MCR game written as riichi */
        return paifu_error_set(err, PAIFU_ENOMEM, NULL, "out of memory");
    int mcr = rc == 0 && paifu_lossy__rule_is(r, "family", "mcr");
    paifu_rules_free(r);
    return mcr;
}

bool paifu_lossy__rule_is(const paifu_rules *rules, const char *key, const char *value)
{
    char text[64] = "";
    paifu_rules_get(text, sizeof(text), rules, key, NULL);
    return strcmp(text, value) == 0;
}

bool paifu_lossy__tenpai_by_rule(const format_write *w)
{
    return paifu_lossy__rule_is(w->rules, "tenpai_declared_automatically", "true") &&
           paifu_game_rules_given(w->game);
}

bool paifu_lossy__same_rules(const paifu_rules *a, const paifu_rules *b)
{
    for (size_t i = 0; i < paifu_rules_param_count(); i++) {
        const char *key = paifu_rules_param(i)->name;
        char x[256] = "", y[256] = "";
        paifu_rules_get(x, sizeof(x), a, key, NULL);
        paifu_rules_get(y, sizeof(y), b, key, NULL);
        if (strcmp(x, y) != 0)
            return false;
    }
    return true;
}

int paifu_lossy__set_rule(void *rules, const char *key, const char *value)
{
    return paifu_rules_set(rules, key, value, NULL);
}

int paifu_lossy__rule_int(const paifu_rules *rules, const char *key)
{
    char text[32] = "0";
    paifu_rules_get(text, sizeof(text), rules, key, NULL);
    return (int)strtol(text, NULL, 10);
}

int paifu_lossy__tsumogiri(format_write *w, const paifu_event *e, paifu_tile drawn, bool *tsumogiri)
{
    bool same = drawn == e->tile;
    *tsumogiri = same;
    if (e->flags & PAIFU_EVF_TSUMOGIRI_KNOWN)
        *tsumogiri = (e->flags & PAIFU_EVF_TSUMOGIRI) != 0;
    if (*tsumogiri && !same) {
        *tsumogiri = false;
        return paifu_lossy__report(w, LOSS_TSUMOGIRI,
                                   "a tsumogiri flag on a discard that is not the tile drawn");
    }
    return 0;
}

const char *paifu_lossy__deal_untold(const paifu_deal *d)
{
    if (d->flags & PAIFU_DEAL_RESULT_ONLY)
        return "a deal without tiles (only its outcome)";
    if (d->start.flags & PAIFU_DEAL_ROUND_UNKNOWN)
        return "a deal whose round and dealer are not recorded";
    return NULL;
}

bool paifu_lossy__hands_dealt(const paifu_deal_start *st, int players)
{
    for (int s = 0; s < players; s++)
        if (!(st->flags & PAIFU_DEAL_HAS_HANDS) || st->n_hand[s] != 13)
            return false;
    return true;
}

void paifu_lossy__names(paifu_buf *b, const paifu_game *game, const char *unnamed)
{
    int players = paifu_game_players(game);
    paifu_buf_putc(b, '[');
    for (int s = 0; s < PAIFU_SEATS; s++) {
        const paifu_player *p = paifu_game_player(game, s);
        if (s)
            paifu_buf_putc(b, ',');
        paifu_buf_json_string(b, !p || s >= players ? "" : p->name[0] ? p->name : unnamed);
    }
    paifu_buf_putc(b, ']');
}

bool paifu_lossy__hidden_tile(const paifu_deal *d)
{
    for (int s = 0; s < PAIFU_SEATS; s++)
        for (size_t i = 0; i < d->start.n_hand[s]; i++)
            if (d->start.hands[s][i] == PAIFU_TILE_NONE)
                return true;
    for (size_t i = 0; i < d->n_events; i++) {
        const paifu_event *e = &d->events[i];
        bool tile = e->type == PAIFU_EV_DRAW || e->type == PAIFU_EV_DISCARD ||
                    e->type == PAIFU_EV_CHI || e->type == PAIFU_EV_PON ||
                    e->type == PAIFU_EV_DAIMINKAN || e->type == PAIFU_EV_SHOUMINKAN ||
                    e->type == PAIFU_EV_KITA || e->type == PAIFU_EV_DORA;
        if (tile && e->tile == PAIFU_TILE_NONE)
            return true;
        for (size_t k = 0; k < e->n; k++)
            if (e->tiles[k] == PAIFU_TILE_NONE)
                return true;
        if (e->type == PAIFU_EV_ANKAN && e->n != 4)
            return true;
    }
    return false;
}

/* ---- what the scan looks for ---- */

static bool any_id(const uint8_t *ids, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (ids[i] != PAIFU_TILE_ID_NONE)
            return true;
    return false;
}

static bool is_connection(const paifu_event *e)
{
    return e->type == PAIFU_EV_DISCONNECT || e->type == PAIFU_EV_RECONNECT;
}

/* An event that takes a turn (the slots kan dora indicators are placed between). */
static bool takes_turn(const paifu_event *e)
{
    switch (e->type) {
    case PAIFU_EV_DORA:
    case PAIFU_EV_RIICHI_ACCEPTED:
    case PAIFU_EV_PENALTY:
    case PAIFU_EV_DISCONNECT:
    case PAIFU_EV_RECONNECT:
        return false;
    default:
        return true;
    }
}

/*
 * Does deal D reveal a kan dora indicator where the target's reader would not put it back? The
 * narrow targets keep the indicators but not their moment: the tenhou6 reader places them as
 * Tenhou's XML has them (tenhou6_deal.c: a closed kan's right after it; an open or added kan's
 * before its owner's next discard, or right after a further kan or kita), the mjai writer at
 * Mortal's moments (mjai_write.c: a closed kan's right after it, an open or added kan's before
 * the next dahai, before a further closed kan, right after a kita, or before the next tsumo
 * after a further added kan). Indicators are placed in order while kans want them; positions are counted in events
 * that take a turn. MJAI selects the mjai writer's moments.
 */
static bool dora_moved(const paifu_deal *d, bool mjai)
{
    size_t n = 0, k = 0, slot = 0;
    size_t at[2 * PAIFU_MAX_INDICATORS]; /* where the target puts each indicator */
    unsigned due = 0;                    /* open or added kans' indicators not yet placed */
    bool at_tsumo = false;               /* mjai: one of them goes before the next tsumo */
#define PLACE(where)                                                                             \
    do {                                                                                         \
        if (n < sizeof(at) / sizeof(at[0]))                                                      \
            at[n++] = (where);                                                                   \
    } while (0)
    for (size_t i = 0; i < d->n_events; i++) {
        const paifu_event *e = &d->events[i];
        if (!takes_turn(e))
            continue;
        switch (e->type) {
        case PAIFU_EV_DRAW:
            if (mjai && at_tsumo) {
                PLACE(slot);
                due--;
                at_tsumo = false;
            }
            break;
        case PAIFU_EV_DISCARD:
            for (; due; due--)
                PLACE(slot);
            at_tsumo = false;
            break;
        case PAIFU_EV_DAIMINKAN:
            due = 1;
            break;
        case PAIFU_EV_ANKAN:
            for (; due; due--)
                PLACE(mjai ? slot : slot + 1); /* mjai: before the kan */
            at_tsumo = false;
            PLACE(slot + 1);
            break;
        case PAIFU_EV_SHOUMINKAN:
            if (mjai) {
                at_tsumo = due > 0;
                due++;
            } else {
                for (; due; due--)
                    PLACE(slot + 1);
                due = 1;
            }
            break;
        case PAIFU_EV_KITA: /* mjai: one indicator after it, the other one due is dropped */
            for (; due; due = mjai ? 0 : due - 1)
                PLACE(slot + 1);
            at_tsumo = false;
            break;
        case PAIFU_EV_WIN:
        case PAIFU_EV_EXHAUSTIVE_DRAW:
        case PAIFU_EV_ABORTIVE_DRAW:
            due = 0; /* a rinshan win or a robbed kan reveals none */
            at_tsumo = false;
            break;
        default:
            break;
        }
        slot++;
    }
#undef PLACE
    /* the source's indicators, each at its slot, against the target's */
    slot = 0;
    for (size_t i = 0; i < d->n_events; i++) {
        const paifu_event *e = &d->events[i];
        if (e->type == PAIFU_EV_DORA) {
            if (k >= n || at[k] != slot)
                return true;
            k++;
        } else if (takes_turn(e)) {
            slot++;
        }
    }
    return false;
}

/* What deal D holds that narrow formats lose (MJAI: the mjai writer's dora moments): added to
   N, per kind, in the unit its message counts (deals, penalties, events, recorded rows). */
static void deal_losses(const paifu_deal *d, bool mjai, unsigned long n[LOSS_KIND_COUNT])
{
    const paifu_deal_start *st = &d->start;
    bool ids = false;
    n[LOSS_WALL] += st->n_wall != 0;
    n[LOSS_DICE] += (st->flags & PAIFU_DEAL_HAS_DICE) != 0;
    for (int s = 0; s < PAIFU_SEATS; s++)
        ids = ids || any_id(st->hand_ids[s], st->n_hand[s]);
    n[LOSS_PENALTIES] += d->n_penalties;
    n[LOSS_CLOCK] += (st->flags & PAIFU_DEAL_TIME_UP) != 0;
    n[LOSS_SCORES] += d->n_score_rows;
    for (size_t i = 0; i < d->n_wins; i++)
        n[LOSS_SCORES] += (d->wins[i].known & PAIFU_REC_SCORES) != 0;
    for (size_t i = 0; i < d->n_draws; i++)
        n[LOSS_SCORES] += (d->draws[i].known & PAIFU_REC_SCORES) != 0;
    for (size_t i = 0; i < d->n_events; i++) {
        const paifu_event *e = &d->events[i];
        ids = ids || e->tile_id != PAIFU_TILE_ID_NONE || any_id(e->ids, e->n);
        n[LOSS_CONNECTION] += is_connection(e);
    }
    n[LOSS_TILE_IDS] += ids;
    n[LOSS_DORA_TIMING] += dora_moved(d, mjai);
}

/* The message of a loss the scan found, with its count N. */
static void scan_what(char *buf, size_t size, lossy_kind k, unsigned long n)
{
    switch (k) {
    case LOSS_WALL:
        snprintf(buf, size, "the wall and its shuffle seed (%lu deal(s))", n);
        break;
    case LOSS_DICE:
        snprintf(buf, size, "the dice of %lu deal(s)", n);
        break;
    case LOSS_TILE_IDS:
        snprintf(buf, size, "tile ids (which copy of a tile was used) in %lu deal(s)", n);
        break;
    case LOSS_PENALTIES:
        snprintf(buf, size, "penalties (%lu)", n);
        break;
    case LOSS_CONNECTION:
        snprintf(buf, size, "disconnections and reconnections (%lu)", n);
        break;
    case LOSS_DORA_TIMING:
        snprintf(buf, size, "when each kan dora indicator was revealed, in %lu deal(s)", n);
        break;
    case LOSS_CLOCK:
        snprintf(buf, size, "the deal the main time ran out in (deal %lu)", n);
        break;
    case LOSS_SCORES:
        snprintf(buf, size,
                 "the running scores recorded with riichi deposits, wins and draws (%lu; they "
                 "follow from the score changes)",
                 n);
        break;
    default:
        snprintf(buf, size, "%s", WHAT[k]);
        break;
    }
}

int paifu_lossy__scan(format_write *w, unsigned carries)
{
    const paifu_game *g = w->game;
    unsigned long n[LOSS_KIND_COUNT] = {0};
    const char *seed = paifu_game_meta_get(g, "tenhou.shuffle.seed");
    for (size_t k = 0; k < paifu_game_deal_count(g); k++)
        deal_losses(paifu_game_deal(g, k), (carries & LOSSY_DORA_MJAI) != 0, n);
    if ((seed && *seed) || paifu_game_meta_get(g, "tenhou.wall.dead_layout"))
        n[LOSS_WALL] = paifu_game_deal_count(g); /* a seed gives the wall, built or not */
    n[LOSS_CONNECTION] += paifu_game_prelude_count(g);
    if (carries & PAIFU_CARRIES_CONNECTION)
        n[LOSS_CONNECTION] = 0;
    if (carries & PAIFU_CARRIES_WALL)
        n[LOSS_WALL] = n[LOSS_DICE] = 0;
    if (carries & PAIFU_CARRIES_TILE_IDS)
        n[LOSS_TILE_IDS] = 0;
    if (carries & PAIFU_CARRIES_PENALTIES)
        n[LOSS_PENALTIES] = 0;
    if (carries & LOSSY_CARRIES_DICE)
        n[LOSS_DICE] = 0;
    if (carries & LOSSY_CARRIES_SCORES)
        n[LOSS_SCORES] = 0;
    if (carries & LOSSY_CARRIES_DORA_TIMING)
        n[LOSS_DORA_TIMING] = 0;
    if (carries & LOSSY_WRITES_TSUMOGIRI) { /* the flag of a discard that does not record it */
        unsigned long untold = 0;
        for (size_t k = 0; k < paifu_game_deal_count(g); k++) {
            const paifu_deal *d = paifu_game_deal(g, k);
            for (size_t i = 0; i < d->n_events; i++)
                untold += d->events[i].type == PAIFU_EV_DISCARD &&
                          !(d->events[i].flags & PAIFU_EVF_TSUMOGIRI_KNOWN);
        }
        if (untold)
            paifu_lossy__compute(w, COMPUTED_TSUMOGIRI, true, untold);
    }
    int rc = 0;
    for (unsigned k = 0; rc == 0 && k < LOSS_KIND_COUNT; k++)
        if (n[k]) {
            char what[200];
            scan_what(what, sizeof(what), (lossy_kind)k, n[k]);
            rc = paifu_lossy__report(w, (lossy_kind)k, what);
        }
    return rc;
}

int paifu_lossy__metadata(format_write *w, bool (*carried)(const char *key))
{
    char lost[120] = "";
    size_t len = 0;
    for (size_t i = 0; i < paifu_game_meta_count(w->game); i++) {
        const char *key = paifu_game_meta(w->game, i)->key;
        if (carried(key) || strncmp(key, "paifu.", 6) == 0)
            continue;
        if (len + strlen(key) + 6 >= sizeof(lost)) {
            snprintf(lost + len, sizeof(lost) - len, ", ...");
            break;
        }
        len += (size_t)snprintf(lost + len, sizeof(lost) - len, "%s%s", len ? ", " : "", key);
    }
    if (!len)
        return 0;
    char what[160];
    snprintf(what, sizeof(what), "source metadata (%s)", lost);
    return paifu_lossy__report(w, LOSS_META, what);
}

/* ---- implicit values ---- */

/* Riichi deposits of deal D per seat. */
static void deposits(const paifu_deal *d, int32_t out[PAIFU_SEATS])
{
    memset(out, 0, sizeof(int32_t) * PAIFU_SEATS);
    for (size_t i = 0; i < d->n_events; i++)
        if (d->events[i].type == PAIFU_EV_RIICHI_ACCEPTED && d->events[i].seat >= 0 &&
            d->events[i].seat < PAIFU_SEATS)
            out[d->events[i].seat]++;
}

/* Score changes of penalties paid at once in deal D, added to OUT. */
static void add_penalty_deltas(const paifu_deal *d, int32_t out[PAIFU_SEATS])
{
    for (size_t i = 0; i < d->n_penalties; i++)
        if (d->penalties[i].has_deltas)
            for (int s = 0; s < PAIFU_SEATS; s++)
                out[s] += d->penalties[i].deltas[s];
}

static bool is_outcome(const paifu_event *e)
{
    return e->type == PAIFU_EV_WIN || e->type == PAIFU_EV_EXHAUSTIVE_DRAW ||
           e->type == PAIFU_EV_ABORTIVE_DRAW;
}

/* Recorded deltas of outcome event E; false when the log gives none. */
static bool recorded_deltas(const paifu_deal *d, const paifu_event *e, int32_t out[PAIFU_SEATS])
{
    if (e->type == PAIFU_EV_WIN) {
        const paifu_win *w = &d->wins[e->detail];
        if (!(w->known & PAIFU_REC_DELTAS))
            return false;
        memcpy(out, w->deltas, sizeof(w->deltas));
        return true;
    }
    const paifu_draw *dr = &d->draws[e->detail];
    if (!(dr->known & PAIFU_REC_DELTAS))
        return false;
    memcpy(out, dr->deltas, sizeof(dr->deltas));
    return true;
}

/* Scores after deal D given its start S: false when an outcome's changes are not recorded. */
static bool roll_forward(const paifu_deal *d, int32_t s[PAIFU_SEATS])
{
    int32_t dep[PAIFU_SEATS], delta[PAIFU_SEATS];
    deposits(d, dep);
    for (int p = 0; p < PAIFU_SEATS; p++)
        s[p] -= 1000 * dep[p];
    add_penalty_deltas(d, s);
    for (size_t i = 0; i < d->n_events; i++) {
        if (!is_outcome(&d->events[i]))
            continue;
        if (!recorded_deltas(d, &d->events[i], delta))
            return false;
        for (int p = 0; p < PAIFU_SEATS; p++)
            s[p] += delta[p];
    }
    return true;
}

int paifu_lossy__start_scores(int32_t out[PAIFU_SEATS], const paifu_game *game, size_t index,
                              const paifu_rules *rules)
{
    size_t j = index;
    while (j > 0 && !(paifu_game_deal(game, j)->start.flags & PAIFU_DEAL_HAS_SCORES))
        j--;
    memset(out, 0, sizeof(int32_t) * PAIFU_SEATS);
    if (paifu_game_deal(game, j)->start.flags & PAIFU_DEAL_HAS_SCORES) {
        memcpy(out, paifu_game_deal(game, j)->start.scores, sizeof(int32_t) * PAIFU_SEATS);
    } else { /* no deal up to INDEX records its scores: start from the rule set */
        char text[32] = "";
        if (!rules || paifu_rules_get(text, sizeof(text), rules, "start_points", NULL) < 0)
            return -1;
        for (int s = 0; s < paifu_game_players(game); s++)
            out[s] = (int32_t)strtol(text, NULL, 10);
    }
    for (size_t k = j; k < index; k++)
        if (!roll_forward(paifu_game_deal(game, k), out))
            return -1;
    return j == index && (paifu_game_deal(game, j)->start.flags & PAIFU_DEAL_HAS_SCORES) ? 0 : 1;
}

int paifu_lossy__start_sticks(const paifu_game *game, size_t index)
{
    size_t j = index;
    while (j > 0 && !(paifu_game_deal(game, j)->start.flags & PAIFU_DEAL_HAS_STICKS))
        j--;
    const paifu_deal_start *st = &paifu_game_deal(game, j)->start;
    int sticks = st->flags & PAIFU_DEAL_HAS_STICKS ? st->riichi_sticks : 0;
    for (size_t k = j; k < index; k++) {
        const paifu_deal *d = paifu_game_deal(game, k);
        int32_t dep[PAIFU_SEATS];
        deposits(d, dep);
        sticks += dep[0] + dep[1] + dep[2] + dep[3];
        if (d->n_wins)
            sticks = 0;
    }
    return sticks;
}

/* Index among the deal's events of outcome K, or N_EVENTS. */
static size_t outcome_event(const paifu_deal *d, size_t k, size_t *n_outcomes)
{
    size_t at = d->n_events, n = 0;
    for (size_t i = 0; i < d->n_events; i++)
        if (is_outcome(&d->events[i]) && n++ == k)
            at = i;
    *n_outcomes = n;
    return at;
}

int paifu_lossy__outcome_deltas(int32_t out[PAIFU_SEATS], const paifu_game *game, size_t index,
                                size_t k, const paifu_rules *rules)
{
    const paifu_deal *d = paifu_game_deal(game, index);
    size_t n, at = outcome_event(d, k, &n);
    if (at == d->n_events)
        return -1;
    if (recorded_deltas(d, &d->events[at], out))
        return 0;
    int32_t start[PAIFU_SEATS], next[PAIFU_SEATS], dep[PAIFU_SEATS], pen[PAIFU_SEATS] = {0};
    if (n != 1 || paifu_lossy__start_scores(start, game, index, rules) < 0)
        return -1;
    const paifu_game_result *res = paifu_game_result_get(game);
    if (index + 1 < paifu_game_deal_count(game) &&
        (paifu_game_deal(game, index + 1)->start.flags & PAIFU_DEAL_HAS_SCORES))
        memcpy(next, paifu_game_deal(game, index + 1)->start.scores, sizeof(next));
    else if (index + 1 == paifu_game_deal_count(game) && res->has_points &&
             d->events[at].type == PAIFU_EV_WIN) /* a win leaves no sticks on the table */
        memcpy(next, res->points, sizeof(next));
    else
        return -1;
    deposits(d, dep);
    add_penalty_deltas(d, pen);
    for (int s = 0; s < PAIFU_SEATS; s++)
        out[s] = s < paifu_game_players(game) ? next[s] - start[s] + 1000 * dep[s] - pen[s] : 0;
    return 1;
}
