/*
 * fu.c: fu of one interpretation, as the algorithm of shared/rules/yaku.md section 5 (RRC 000
 * §3.7.1-§3.7.4) writes it, with the rule-set differences as parameters:
 *   double_wind_pair_fu  a pair of the seat and round wind: 4 (RRC, t3-EMA, Tenhou) or 2 (WRC)
 *   rinshan_tsumo_fu     whether a rinshan kaihou win keeps the 2 tsumo fu (Tenhou: yes)
 *   open_pinfu_fu        what an open hand won by ron with nothing else gets (2: 30 fu in all)
 *
 * The wait of the winning tile comes from the interpretation (which set it completes), so a
 * tile that can be read as ryanmen or kanchan is scored both ways and the better reading wins
 * (000 §3.7.4 "the reading giving the most points").
 */
#include "score_internal.h"

uint8_t paifu_fu__wait(const paifu_reading *r, unsigned win_set, unsigned win_kind)
{
    if (r->form != PAIFU_FORM_STANDARD || win_set == WIN_IN_PAIR)
        return PAIFU_WAIT_TANKI;
    const paifu_set *s = &r->sets[win_set];
    if (s->type != PAIFU_SET_SEQUENCE)
        return PAIFU_WAIT_SHANPON;
    unsigned n = s->kind % 9;
    if (win_kind == s->kind + 1u)
        return PAIFU_WAIT_KANCHAN;
    if ((win_kind == s->kind && n == 6) || (win_kind == s->kind + 2u && n == 0))
        return PAIFU_WAIT_PENCHAN;
    return PAIFU_WAIT_RYANMEN;
}

bool paifu_fu__set_concealed(const paifu_facts *f, const paifu_reading *r, unsigned i,
                             unsigned win_set)
{
    const paifu_set *s = &r->sets[i];
    if (s->meld >= 0)
        return f->hand->melds[s->meld].type == PAIFU_MELD_ANKAN;
    /* 000 §3.7.1: a pon completed by tsumo is closed, by ron open */
    return !(i == win_set && !f->tsumo);
}

static void add(paifu_fu_part *parts, unsigned *n, unsigned what, int fu, unsigned kind, bool open)
{
    if (!parts || *n >= PAIFU_MAX_FU_PARTS)
        return;
    parts[*n] = (paifu_fu_part){(uint8_t)what, (uint8_t)fu,
                                kind < KINDS ? (paifu_tile)kind : PAIFU_TILE_NONE, open};
    (*n)++;
}

/* Fu of the pair (000 §3.7.2). */
static int pair_fu(const paifu_facts *f, unsigned pair)
{
    if (pair >= PAIFU_TILE_WHITE)
        return 2;
    bool seat = pair == f->seat_kind, round = pair == f->round_kind;
    if (seat && round)
        return f->rules->double_wind_pair_fu;
    return seat || round ? 2 : 0;
}

int paifu_fu__raw(const paifu_facts *f, const paifu_reading *r, unsigned win_set, uint8_t wait,
                  bool pinfu, paifu_fu_part *parts, unsigned *n_parts)
{
    unsigned n = 0;
    int fu;
    if (r->form == PAIFU_FORM_SEVEN_PAIRS) {
        add(parts, &n, PAIFU_FU_BASE, 25, KINDS, false); /* 000 §3.7: fixed, not rounded */
        fu = 25;
        goto done;
    }
    fu = 20;
    add(parts, &n, PAIFU_FU_BASE, 20, KINDS, false);
    if (r->form == PAIFU_FORM_THIRTEEN_ORPHANS)
        goto done; /* a yakuman: fu do not matter */
    for (unsigned i = 0; i < r->n_sets; i++) {
        const paifu_set *s = &r->sets[i];
        if (s->type == PAIFU_SET_SEQUENCE)
            continue;
        int v = 2; /* 000 §3.7.1: open pon of simples */
        if (kind_is_orphan(s->kind))
            v *= 2;
        if (s->type == PAIFU_SET_QUAD)
            v *= 4;
        bool concealed = paifu_fu__set_concealed(f, r, i, win_set);
        if (concealed)
            v *= 2;
        fu += v;
        add(parts, &n, PAIFU_FU_SET, v, s->kind, !concealed);
    }
    int p = pair_fu(f, r->pair);
    if (p) {
        fu += p;
        add(parts, &n, PAIFU_FU_PAIR, p, r->pair, false);
    }
    if (wait == PAIFU_WAIT_KANCHAN || wait == PAIFU_WAIT_PENCHAN || wait == PAIFU_WAIT_TANKI) {
        fu += 2; /* 000 §3.7.4 */
        add(parts, &n, PAIFU_FU_WAIT, 2, KINDS, false);
    }
    if (!f->tsumo && f->menzen) {
        fu += 10; /* 000 §3.7.3 */
        add(parts, &n, PAIFU_FU_MENZEN_RON, 10, KINDS, false);
    }
    bool rinshan = f->tsumo && (f->flags & PAIFU_SIT_RINSHAN);
    if (f->tsumo && !pinfu && !(rinshan && !f->rules->rinshan_tsumo_fu)) {
        fu += 2; /* 000 §3.7.3: not for pinfu, not for rinshan kaihou (Tenhou: also rinshan) */
        add(parts, &n, PAIFU_FU_TSUMO, 2, KINDS, false);
    }
    if (!f->tsumo && !f->menzen && fu == 20 && f->rules->open_pinfu_fu) {
        fu += f->rules->open_pinfu_fu; /* 000 §3.7.3: open pinfu shape by ron */
        add(parts, &n, PAIFU_FU_OPEN_PINFU, f->rules->open_pinfu_fu, KINDS, false);
    }
done:
    if (n_parts)
        *n_parts = n;
    return fu;
}
