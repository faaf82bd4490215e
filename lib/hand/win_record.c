/*
 * win_record.c: a recorded win of the model turned into what the scorer takes (hand and
 * situation), without replaying the deal.
 *
 * The tiles come from the log: the concealed tiles the win record shows (winning tile included,
 * as Tenhou's `hai`), and the winner's melds rebuilt from the call events of the deal in call
 * order (a shouminkan upgrades its pon in place, as paifu_hand_add_meld does). Situation flags
 * that the events show cheaply are derived (tsumo, riichi, rinshan: the winner's last draw was
 * a replacement, chankan: the win robs the kan just declared); the flags that need the whole
 * deal's timing (ippatsu, double riichi, haitei, houtei, tenhou, chiihou, renhou) are taken from
 * the recorded yaku. That makes this a tool for scoring recorded wins (benchmark, cross-checks,
 * `paifu score`), not a verifier: lib/replay.c derives every flag from the events.
 */
#include "error_internal.h"
#include "hand_internal.h"
#include "paifu/game.h"
#include "paifu/score.h"

#include <string.h>

/* Flags the recorded yaku tell (Tenhou's ids; paifu/yaku.h). */
static unsigned flags_from_yaku(const paifu_win *w)
{
    static const struct {
        uint16_t id;
        unsigned flag;
    } MAP[] = {
        {PAIFU_YAKU_IPPATSU, PAIFU_SIT_IPPATSU},
        {PAIFU_YAKU_DOUBLE_RIICHI, PAIFU_SIT_DOUBLE_RIICHI | PAIFU_SIT_RIICHI},
        {PAIFU_YAKU_HAITEI, PAIFU_SIT_HAITEI},
        {PAIFU_YAKU_HOUTEI, PAIFU_SIT_HOUTEI},
        {PAIFU_YAKU_TENHOU, PAIFU_SIT_TENHOU},
        {PAIFU_YAKU_CHIIHOU, PAIFU_SIT_CHIIHOU},
        {PAIFU_YAKU_RENHOU, PAIFU_SIT_RENHOU},
    };
    unsigned flags = 0;
    for (unsigned i = 0; i < w->n_yaku; i++)
        for (size_t j = 0; j < sizeof(MAP) / sizeof(MAP[0]); j++)
            if (w->yaku[i].id == MAP[j].id)
                flags |= MAP[j].flag;
    return flags;
}

static paifu_meld_type meld_type_of(uint8_t event_type)
{
    switch (event_type) {
    case PAIFU_EV_CHI: return PAIFU_MELD_CHI;
    case PAIFU_EV_PON: return PAIFU_MELD_PON;
    case PAIFU_EV_DAIMINKAN: return PAIFU_MELD_DAIMINKAN;
    case PAIFU_EV_SHOUMINKAN: return PAIFU_MELD_SHOUMINKAN;
    case PAIFU_EV_ANKAN: return PAIFU_MELD_ANKAN;
    default: return (paifu_meld_type)0;
    }
}

/* Add the meld of call event E (by SEAT) to HAND. */
static int add_call(paifu_hand *hand, const paifu_event *e, int seat, int players,
                    paifu_error *err)
{
    paifu_meld m;
    paifu_tile tiles[4];
    size_t n = 0;
    paifu_meld_type type = meld_type_of(e->type);
    for (unsigned i = 0; i < e->n && i < 4; i++)
        tiles[n++] = e->tiles[i];
    if (type != PAIFU_MELD_ANKAN && e->tile != PAIFU_TILE_NONE && n < 4)
        tiles[n++] = e->tile;
    int rel = e->from >= 0 ? paifu_meld__from_seat(seat, e->from, players) : PAIFU_FROM_SELF;
    paifu_tile called = type == PAIFU_MELD_ANKAN ? PAIFU_TILE_NONE : e->tile;
    if (type == PAIFU_MELD_SHOUMINKAN) {
        called = PAIFU_TILE_NONE; /* the pon's called tile is kept by the pon it upgrades */
        for (unsigned i = 0; i < hand->n_melds; i++)
            if (hand->melds[i].type == PAIFU_MELD_PON &&
                paifu_tile_kind(hand->melds[i].tiles[0]) == paifu_tile_kind(e->tile)) {
                called = hand->melds[i].called;
                rel = hand->melds[i].from;
            }
    }
    int rc = paifu_meld_make(&m, type, tiles, n, called, (paifu_meld_from)rel, err);
    return rc < 0 ? rc : paifu_hand_add_meld(hand, &m, err);
}

/* Index of the WIN event of record WIN in DEAL, or n_events if absent. */
static size_t win_event(const paifu_deal *deal, size_t win)
{
    for (size_t i = 0; i < deal->n_events; i++)
        if (deal->events[i].type == PAIFU_EV_WIN && deal->events[i].detail == (int32_t)win)
            return i;
    return deal->n_events;
}

/* Walk the events before the win: melds, kita, riichi, the last draw, the last kan. */
static int replay_calls(paifu_hand *hand, unsigned *flags, const paifu_deal *deal, size_t end,
                        int seat, int players, paifu_error *err)
{
    bool replacement = false;
    for (size_t i = 0; i < end; i++) {
        const paifu_event *e = &deal->events[i];
        if (e->seat != seat)
            continue;
        int rc = 0;
        switch (e->type) {
        case PAIFU_EV_DRAW: replacement = (e->flags & PAIFU_EVF_REPLACEMENT) != 0; break;
        case PAIFU_EV_DISCARD:
            if (e->flags & PAIFU_EVF_RIICHI)
                *flags |= PAIFU_SIT_RIICHI;
            break;
        case PAIFU_EV_RIICHI_ACCEPTED: *flags |= PAIFU_SIT_RIICHI; break;
        case PAIFU_EV_KITA: hand->kita++; break;
        case PAIFU_EV_CHI:
        case PAIFU_EV_PON:
        case PAIFU_EV_DAIMINKAN:
        case PAIFU_EV_SHOUMINKAN:
        case PAIFU_EV_ANKAN: rc = add_call(hand, e, seat, players, err); break;
        default: break;
        }
        if (rc < 0)
            return rc;
    }
    if (replacement)
        *flags |= PAIFU_SIT_RINSHAN;
    return 0;
}

/* A record without indicators (mjai): the deal's first indicator and the DORA events. */
static void indicators_from_events(paifu_situation *sit, const paifu_deal *deal, size_t end)
{
    sit->n_dora = 0;
    if (deal->start.dora_indicator != PAIFU_TILE_NONE)
        sit->dora[sit->n_dora++] = deal->start.dora_indicator;
    for (size_t i = 0; i < end && sit->n_dora < PAIFU_MAX_INDICATORS; i++)
        if (deal->events[i].type == PAIFU_EV_DORA && deal->events[i].tile != PAIFU_TILE_NONE)
            sit->dora[sit->n_dora++] = deal->events[i].tile;
}

int paifu_deal_win_hand(paifu_hand *hand_out, paifu_situation *sit_out, const paifu_deal *deal,
                        size_t win, int players, paifu_error *err)
{
    PAIFU_ASSERT_ARG(hand_out && sit_out && deal && win < deal->n_wins, err);
    const paifu_win *w = &deal->wins[win];
    if (!(w->known & PAIFU_REC_HAND) || w->n_hand == 0 || w->win_tile == PAIFU_TILE_NONE)
        return paifu_error_set(err, PAIFU_EFORMAT, NULL,
                               "the record of win %zu shows no hand or winning tile", win);
    if (w->winner < 0 || w->winner >= players)
        return paifu_error_set(err, PAIFU_EFORMAT, NULL, "win %zu names seat %d as the winner",
                               win, w->winner);
    paifu_hand_init(hand_out);
    paifu_situation_init(sit_out);
    unsigned flags = flags_from_yaku(w);
    bool tsumo = w->from == w->winner;
    size_t at = win_event(deal, win);
    int rc = replay_calls(hand_out, &flags, deal, at, w->winner, players, err);
    if (rc < 0)
        return rc;
    for (unsigned i = 0; i < w->n_hand; i++)
        if ((rc = paifu_hand_add(hand_out, w->hand[i], err)) < 0)
            return rc;
    if (!tsumo) {
        flags &= ~PAIFU_SIT_RINSHAN;
        /* the win robs the kan declared just before it (000 §3.3.5) */
        for (size_t i = at; i-- > 0;) {
            uint8_t t = deal->events[i].type;
            if (t == PAIFU_EV_WIN || t == PAIFU_EV_DORA)
                continue;
            if (t == PAIFU_EV_SHOUMINKAN)
                flags |= PAIFU_SIT_CHANKAN;
            else if (t == PAIFU_EV_ANKAN)
                flags |= PAIFU_SIT_CHANKAN_ANKAN;
            break;
        }
    }
    sit_out->win_tile = w->win_tile;
    sit_out->flags = flags | (tsumo ? PAIFU_SIT_TSUMO : 0u);
    sit_out->round_wind = (uint8_t)(deal->start.round_wind & 3u);
    sit_out->seat_wind = (uint8_t)((w->winner - deal->start.dealer + players) % players);
    sit_out->honba = deal->start.honba;
    if (w->known & PAIFU_REC_DORA) {
        sit_out->n_dora = w->n_dora < PAIFU_MAX_INDICATORS ? w->n_dora : PAIFU_MAX_INDICATORS;
        memcpy(sit_out->dora, w->dora, sit_out->n_dora);
    } else {
        indicators_from_events(sit_out, deal, at);
    }
    if (flags & PAIFU_SIT_RIICHI) {
        sit_out->n_ura = w->n_ura < PAIFU_MAX_INDICATORS ? w->n_ura : PAIFU_MAX_INDICATORS;
        memcpy(sit_out->ura, w->ura, sit_out->n_ura);
    }
    return 0;
}
