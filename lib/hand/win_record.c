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
 * the recorded yaku, or, when the record gives none, from the events (flags_from_events). A
 * record that shows no hand takes the winner's concealed tiles from the table at the win
 * (paifu_deal_state_at). That makes this a tool for scoring recorded wins (benchmark, cross-checks,
 * `paifu score`), not a verifier: lib/replay.c derives every flag from the events.
 *
 * The same tiles give who is tenpai at an exhaustive draw (paifu_deal_hands_tenpai), and so who
 * is tenpai under a rule set without noten declarations (paifu_deal_draw_tenpai): the writers of
 * formats that leave tenpai out, or need it where the log does not record it, read it here.
 */
#include "error_internal.h"
#include "hand_internal.h"
#include "rules_internal.h"
#include "paifu/game.h"
#include "paifu/score.h"

#include <stdlib.h>
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

/* Does event E interrupt the go-around (a call, a kan, a kita: Tenhou's sanma logs give no
   ippatsu or double riichi after one)? */
static bool interrupts(const paifu_event *e)
{
    return e->type == PAIFU_EV_CHI || e->type == PAIFU_EV_PON || e->type == PAIFU_EV_DAIMINKAN ||
           e->type == PAIFU_EV_ANKAN || e->type == PAIFU_EV_SHOUMINKAN || e->type == PAIFU_EV_KITA;
}

/*
 * Flags of the deal's timing, from the events before the win (index AT), for a record that
 * gives no yaku to tell them: double riichi (the riichi discard is the seat's first and no call
 * came before it), ippatsu (no call since the riichi discard and no further discard of the
 * winner), haitei and houtei (no live tile left: 70 with 4 players, 55 with 3, less every
 * draw, a replacement draw included, as the dead wall is made up from the live one), tenhou and
 * chiihou (a tsumo on the seat's first draw with no call before it). A kan robbed by the win
 * interrupts nothing (000 §4.2.1: chankan keeps ippatsu).
 */
static unsigned flags_from_events(const paifu_deal *deal, size_t at, int seat, bool tsumo,
                                  int players)
{
    unsigned flags = 0;
    bool called = false, riichi = false, ippatsu = false, discarded = false, last_live = false;
    int draws = 0, own_draws = 0;
    size_t robbed = at; /* a kan robbed by this win: not made, so no interruption */
    while (robbed > 0 && deal->events[robbed - 1].type == PAIFU_EV_DORA)
        robbed--;
    robbed = robbed > 0 && !tsumo ? robbed - 1 : at;
    for (size_t i = 0; i < at; i++) {
        const paifu_event *e = &deal->events[i];
        if (interrupts(e) && i != robbed) {
            called = true;
            ippatsu = false;
        }
        if (e->type == PAIFU_EV_DRAW) {
            draws++;
            last_live = !(e->flags & PAIFU_EVF_REPLACEMENT);
            own_draws += e->seat == seat;
        }
        if (e->type != PAIFU_EV_DISCARD || e->seat != seat)
            continue;
        if (e->flags & PAIFU_EVF_RIICHI) {
            riichi = ippatsu = true;
            if (!discarded && !called)
                flags |= PAIFU_SIT_DOUBLE_RIICHI | PAIFU_SIT_RIICHI;
        } else if (riichi) {
            ippatsu = false;
        }
        discarded = true;
    }
    if (ippatsu)
        flags |= PAIFU_SIT_IPPATSU;
    if (draws >= (players == 3 ? 55 : 70))
        flags |= tsumo ? (last_live ? PAIFU_SIT_HAITEI : 0u) : PAIFU_SIT_HOUTEI;
    if (tsumo && own_draws == 1 && !called && !discarded)
        flags |= seat == deal->start.dealer ? PAIFU_SIT_TENHOU : PAIFU_SIT_CHIIHOU;
    return flags;
}

/* The winner's concealed tiles as the table shows them at the win (event AT), winning tile
   included: a record without its hand (tenhou6, mjai without hora_tehais). */
static int hand_from_table(paifu_hand *hand, const paifu_deal *deal, size_t at,
                           const paifu_win *w, paifu_error *err)
{
    paifu_table_state *st = malloc(sizeof(*st));
    if (!st)
        return paifu_error_set(err, PAIFU_ENOMEM, NULL, "out of memory");
    int rc = paifu_deal_state_at(st, deal, at, err);
    for (unsigned i = 0; rc == 0 && i < st->n_hand[w->winner]; i++)
        rc = paifu_hand_add(hand, st->hand[w->winner][i], err);
    if (rc == 0 && w->from != w->winner)
        rc = paifu_hand_add(hand, w->win_tile, err);
    free(st);
    return rc;
}

int paifu_deal_win_hand(paifu_hand *hand_out, paifu_situation *sit_out, const paifu_deal *deal,
                        size_t win, int players, paifu_error *err)
{
    PAIFU_ASSERT_ARG(hand_out && sit_out && deal && win < deal->n_wins, err);
    const paifu_win *w = &deal->wins[win];
    size_t at = win_event(deal, win);
    bool shown = (w->known & PAIFU_REC_HAND) && w->n_hand;
    if ((!shown && (at == deal->n_events || !deal->start.n_hand[0])) ||
        w->win_tile == PAIFU_TILE_NONE)
        return paifu_error_set(err, PAIFU_EFORMAT, NULL,
                               "the record of win %zu shows no hand or winning tile", win);
    if (w->winner < 0 || w->winner >= players)
        return paifu_error_set(err, PAIFU_EFORMAT, NULL, "win %zu names seat %d as the winner",
                               win, w->winner);
    paifu_hand_init(hand_out);
    paifu_situation_init(sit_out);
    bool tsumo = w->from == w->winner;
    unsigned flags = (w->known & PAIFU_REC_YAKU)
                         ? flags_from_yaku(w)
                         : flags_from_events(deal, at, w->winner, tsumo, players);
    int rc = replay_calls(hand_out, &flags, deal, at, w->winner, players, err);
    if (rc < 0)
        return rc;
    if (!shown)
        rc = hand_from_table(hand_out, deal, at, w, err);
    for (unsigned i = 0; shown && rc == 0 && i < w->n_hand; i++)
        rc = paifu_hand_add(hand_out, w->hand[i], err);
    if (rc < 0)
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

/* Index of the draw event of exhaustive draw DRAW in DEAL, or n_events if absent. */
static size_t draw_event(const paifu_deal *deal, size_t draw)
{
    for (size_t i = 0; i < deal->n_events; i++)
        if (deal->events[i].type == PAIFU_EV_EXHAUSTIVE_DRAW &&
            deal->events[i].detail == (int32_t)draw)
            return i;
    return deal->n_events;
}

int paifu_deal_hands_tenpai(unsigned *tenpai_out, const paifu_deal *deal, size_t draw,
                            int players, const paifu_rules *rules, paifu_error *err)
{
    PAIFU_ASSERT_ARG(tenpai_out && deal && rules && (players == 3 || players == 4), err);
    *tenpai_out = 0;
    size_t at = draw < deal->n_draws ? draw_event(deal, draw) : deal->n_events;
    if (at == deal->n_events || deal->draws[draw].kind != PAIFU_DRAW_EXHAUSTIVE)
        return paifu_error_set(err, PAIFU_EINVAL, NULL, "draw %zu is no exhaustive draw of the deal",
                               draw);
    if ((deal->flags & PAIFU_DEAL_RESULT_ONLY) || !deal->start.n_hand[0])
        return paifu_error_set(err, PAIFU_EUNSUPPORTED, NULL, "the deal records no tiles");
    paifu_table_state *st = malloc(sizeof(*st));
    if (!st)
        return paifu_error_set(err, PAIFU_ENOMEM, NULL, "out of memory");
    int rc = paifu_deal_state_at(st, deal, at, err);
    for (int s = 0; rc == 0 && s < players; s++) {
        paifu_hand hand;
        unsigned flags = 0;
        paifu_hand_init(&hand);
        rc = replay_calls(&hand, &flags, deal, at, s, players, err);
        for (unsigned i = 0; rc == 0 && i < st->n_hand[s]; i++)
            rc = paifu_hand_add(&hand, st->hand[s][i], err);
        if (rc == 0 && paifu_hand_tenpai_for_draw(&hand, rules, NULL))
            *tenpai_out |= 1u << s;
    }
    free(st);
    if (rc < 0)
        *tenpai_out = 0;
    return rc;
}

int paifu_deal_draw_tenpai(unsigned *tenpai_out, const paifu_deal *deal, size_t draw,
                           int players, const paifu_rules *rules, paifu_error *err)
{
    PAIFU_ASSERT_ARG(tenpai_out && deal && draw < deal->n_draws, err);
    *tenpai_out = 0;
    const paifu_draw *d = &deal->draws[draw];
    if (d->kind != PAIFU_DRAW_EXHAUSTIVE)
        return 0;
    if (d->known & PAIFU_REC_TENPAI) {
        *tenpai_out = d->tenpai;
        return 1;
    }
    if (!rules || !rules->tenpai_declared_automatically || (deal->flags & PAIFU_DEAL_RESULT_ONLY) ||
        !deal->start.n_hand[0])
        return 0;
    int rc = paifu_deal_hands_tenpai(tenpai_out, deal, draw, players, rules, err);
    return rc < 0 ? rc : 1;
}
