/*
 * table_state.c: the table at an event of a deal (paifu_deal_state_at): the recorded tiles
 * followed from the starting hands, for a reader of a finding who wants to see the hands,
 * melds, discards and dora it happened among. No rule is applied: the verifier's replay owns
 * legality; this is what a viewer shows. paifu_table_walk follows a deal in one pass (the
 * report's deal viewer); paifu_deal_state_at is that walk stopped at an event.
 */
#include "error_internal.h"
#include "paifu/game.h"
#include "rules_internal.h"

#include <string.h>

/* Take T out of HAND: the same tile, else one of its kind (a red five recorded as a plain
   five); nothing when the hand holds none. */
static void take(paifu_tile *hand, uint8_t *n, paifu_tile t)
{
    int at = -1;
    for (int i = 0; i < *n && at < 0; i++)
        if (hand[i] == t)
            at = i;
    for (int i = 0; i < *n && at < 0; i++)
        if (paifu_tile_kind(hand[i]) == paifu_tile_kind(t))
            at = i;
    if (at < 0)
        return;
    memmove(hand + at, hand + at + 1, (size_t)(*n - at - 1) * sizeof(*hand));
    (*n)--;
}

static paifu_state_meld *new_meld(paifu_table_state *s, int seat, const paifu_event *ev)
{
    if (s->n_melds[seat] == PAIFU_STATE_MELDS)
        return NULL;
    paifu_state_meld *m = &s->melds[seat][s->n_melds[seat]++];
    memset(m, 0, sizeof(*m));
    m->type = ev->type;
    m->from = ev->from;
    return m;
}

int32_t paifu_rules_live_wall(const paifu_rules *rules, int players)
{
    if (!rules)
        return -1;
    if (rules->family == PAIFU_FAMILY_MCR)
        return (rules->mcr_flowers ? 144 : 136) - 13 * 4;
    int total = players == 3 ? 108 : 136;
    return total - 14 - 13 * players;
}

int paifu_table_walk_begin(paifu_table_walk *w, const paifu_deal *deal, const paifu_rules *rules,
                           paifu_error *err)
{
    PAIFU_ASSERT_ARG(w && deal, err);
    memset(w, 0, sizeof(*w));
    w->deal = deal;
    if ((deal->flags & PAIFU_DEAL_RESULT_ONLY) || !(deal->start.flags & PAIFU_DEAL_HAS_HANDS))
        return paifu_error_set(err, PAIFU_EUNSUPPORTED, NULL,
                               "the deal records no starting hands to follow");
    paifu_table_state *out = &w->state;
    int players = 0;
    for (int p = 0; p < PAIFU_SEATS; p++) {
        uint8_t n = deal->start.n_hand[p] < PAIFU_MAX_HAND ? deal->start.n_hand[p] : PAIFU_MAX_HAND;
        memcpy(out->hand[p], deal->start.hands[p], n * sizeof(paifu_tile));
        out->n_hand[p] = n;
        paifu_tile_sort(out->hand[p], n);
        players += n > 0;
    }
    if (deal->start.dora_indicator != PAIFU_TILE_NONE)
        out->dora[out->n_dora++] = deal->start.dora_indicator;
    w->wall_left = paifu_rules_live_wall(rules, rules ? rules->players : players);
    w->scores_known = (deal->flags & PAIFU_DEAL_HAS_SCORES) != 0;
    if (w->scores_known)
        memcpy(w->scores, deal->start.scores, sizeof(w->scores));
    w->riichi_sticks = deal->start.riichi_sticks;
    w->changed = 0x0f | PAIFU_WALK_CHANGED_DORA;
    return 0;
}

bool paifu_table_walk_next(paifu_table_walk *w)
{
    if (!w->deal || w->event >= w->deal->n_events)
        return false;
    const paifu_event *ev = &w->deal->events[w->event++];
    paifu_table_state *out = &w->state;
    int p = ev->seat;
    w->changed = 0;
    if (ev->type == PAIFU_EV_DORA) {
        if (out->n_dora < PAIFU_MAX_INDICATORS)
            out->dora[out->n_dora++] = ev->tile;
        w->changed = PAIFU_WALK_CHANGED_DORA;
        return true;
    }
    if (p < 0 || p >= PAIFU_SEATS)
        return true;
    paifu_tile *hand = out->hand[p];
    uint8_t *n = &out->n_hand[p];
    paifu_state_meld *m;
    w->changed = (uint8_t)(1u << p);
    switch ((paifu_event_type)ev->type) {
    case PAIFU_EV_DRAW:
        if (*n < PAIFU_STATE_HAND)
            hand[(*n)++] = ev->tile;
        if (w->wall_left > 0)
            w->wall_left--;
        break;
    case PAIFU_EV_DISCARD:
        take(hand, n, ev->tile);
        if (out->n_discards[p] < PAIFU_STATE_DISCARDS) {
            paifu_state_discard *d = &out->discards[p][out->n_discards[p]++];
            d->tile = ev->tile;
            d->flags = ev->flags & (PAIFU_EVF_TSUMOGIRI | PAIFU_EVF_RIICHI);
        }
        if (ev->flags & PAIFU_EVF_RIICHI)
            w->riichi |= (uint8_t)(1u << p);
        break;
    case PAIFU_EV_CHI:
    case PAIFU_EV_PON:
    case PAIFU_EV_DAIMINKAN:
    case PAIFU_EV_ANKAN:
        if ((m = new_meld(out, p, ev)) != NULL) {
            for (int k = 0; k < ev->n && k < 4; k++) {
                take(hand, n, ev->tiles[k]);
                m->tiles[m->n++] = ev->tiles[k];
            }
            if (ev->type != PAIFU_EV_ANKAN && ev->tile != PAIFU_TILE_NONE && m->n < 4)
                m->tiles[m->n++] = ev->tile;
        }
        if (ev->type != PAIFU_EV_ANKAN && ev->from >= 0 && ev->from < PAIFU_SEATS &&
            out->n_discards[ev->from] > 0) {
            out->discards[ev->from][out->n_discards[ev->from] - 1].flags |= PAIFU_STATE_CALLED;
            w->changed |= (uint8_t)(1u << ev->from);
        }
        break;
    case PAIFU_EV_SHOUMINKAN:
        take(hand, n, ev->tile);
        /* the pon it extends becomes the added kan */
        for (int k = 0; k < out->n_melds[p]; k++) {
            m = &out->melds[p][k];
            if (m->type == PAIFU_EV_PON && m->n == 3 &&
                paifu_tile_kind(m->tiles[0]) == paifu_tile_kind(ev->tile)) {
                m->type = PAIFU_EV_SHOUMINKAN;
                m->tiles[m->n++] = ev->tile;
                break;
            }
        }
        break;
    case PAIFU_EV_KITA:
    case PAIFU_EV_FLOWER:
        take(hand, n, ev->tile);
        if ((m = new_meld(out, p, ev)) != NULL)
            m->tiles[m->n++] = ev->tile;
        break;
    case PAIFU_EV_RIICHI_ACCEPTED:
        if (w->scores_known)
            w->scores[p] -= 1000; /* the deposit, as the replay takes it */
        w->riichi_sticks++;
        w->changed = 0;
        break;
    default: w->changed = 0; break;
    }
    if (w->changed & (1u << p))
        paifu_tile_sort(hand, *n);
    return true;
}

int paifu_deal_state_at(paifu_table_state *out, const paifu_deal *deal, size_t event,
                        paifu_error *err)
{
    PAIFU_ASSERT_ARG(out && deal, err);
    memset(out, 0, sizeof(*out));
    if (!(deal->flags & PAIFU_DEAL_RESULT_ONLY) && (deal->start.flags & PAIFU_DEAL_HAS_HANDS) &&
        event > deal->n_events)
        return paifu_error_set(err, PAIFU_EINVAL, NULL, "event %zu of a deal of %zu events",
                               event, deal->n_events);
    paifu_table_walk w;
    int rc = paifu_table_walk_begin(&w, deal, NULL, err);
    if (rc < 0)
        return rc;
    while (w.event < event)
        paifu_table_walk_next(&w);
    *out = w.state;
    return 0;
}
