/*
 * score.c: scoring a win (the entry point of the hand engine) and tenpai at a draw.
 *
 * paifu_score_hand: hand + situation + rules -> yaku, han, fu, limit and payments.
 *   1. complete the concealed counts with the winning tile (or find it among them);
 *   2. facts that do not depend on the reading (yaku.c);
 *   3. every reading (reading.c) and every place of the winning tile in it is an
 *      interpretation; each gets its yaku, fu and points;
 *   4. the interpretation with the most points wins, then the most han, then the most fu
 *      (yaku.md section 4 rule 11; RRC 000 §3.7.4, §3.7.6);
 *   5. only for that one: the yaku list in Tenhou's order and the fu breakdown.
 * Nothing allocates: the readings live in a fixed array on the stack, the result in the
 * caller's struct.
 *
 * Rule-set parameters read here: ryanhan_shibari (2 yaku han at 5+ honba, EMA 004 §3.4.11),
 * renhou (mangan: "max(mangan, the hand's own value)", 000 §4.2.3), chankan_ankan_kokushi
 * (000 §3.3.5, §4.1.6; WRC t3), keishiki_tenpai (000 §3.8), players (3-player tsumo payers:
 * Tenhou's sanma tsumo loss, tenhou-xml.md §6).
 */
#include "error_internal.h"
#include "reading_internal.h"
#include "score_internal.h"

#include <string.h>

void paifu_situation_init(paifu_situation *sit)
{
    memset(sit, 0, sizeof(*sit));
    sit->win_tile = PAIFU_TILE_NONE;
    sit->round_wind = PAIFU_WIND_EAST;
    sit->seat_wind = PAIFU_WIND_SOUTH;
    memset(sit->dora, PAIFU_TILE_NONE, sizeof(sit->dora));
    memset(sit->ura, PAIFU_TILE_NONE, sizeof(sit->ura));
}

const char *paifu_score_status_name(paifu_score_status status)
{
    static const char *const names[] = {"ok", "not_complete", "no_yaku", "below_minimum",
                                        "chankan_ankan"};
    return (unsigned)status < sizeof(names) / sizeof(names[0]) ? names[status] : "?";
}

const char *paifu_wait_name(paifu_wait wait)
{
    static const char *const names[] = {"ryanmen", "kanchan", "penchan", "shanpon", "tanki"};
    return (unsigned)wait < sizeof(names) / sizeof(names[0]) ? names[wait] : "?";
}

/* ---- one interpretation ---- */

typedef struct scorer {
    paifu_facts f;
    const paifu_situation *sit;
    paifu_reading readings[PAIFU_MAX_READINGS];
    size_t n_readings;
} scorer;

static void set_payment(paifu_eval *e, const paifu_facts *f, int32_t base)
{
    paifu_points_payment(&e->pay, base, f->dealer);
    int players = f->rules->players == 3 ? 3 : 4, payers = players - 1;
    int32_t absent = paifu_points__absent_share(e->pay.tsumo_nondealer, players, f->rules);
    if (!f->tsumo)
        e->total = e->pay.ron;
    else if (f->dealer)
        e->total = (e->pay.tsumo_nondealer + absent) * payers;
    else
        e->total = e->pay.tsumo_dealer + e->pay.tsumo_nondealer * (payers - 1) + absent * payers;
}

/* Renhou as a mangan: the hand's own value when that is more, else renhou alone (000 §4.2.3). */
static void renhou_mangan(paifu_eval *e, const paifu_facts *f, int32_t own_base)
{
    if (e->status == PAIFU_SCORE_OK && own_base > 2000)
        return;
    e->renhou_mangan = true;
    e->status = PAIFU_SCORE_OK;
    e->yaku = YAKU_BIT(PAIFU_YAKU_RENHOU);
    e->yaku_han = e->han = 5;
    e->limit = PAIFU_LIMIT_MANGAN;
    (void)f;
}

static void price(paifu_eval *e, const paifu_facts *f, const paifu_reading *r, int honba)
{
    int32_t base;
    paifu_limit limit = PAIFU_LIMIT_YAKUMAN;
    e->renhou_mangan = false;
    if (e->yakuman) {
        e->han = PAIFU_YAKU_YAKUMAN_HAN * e->yakuman;
        base = 8000 * e->yakuman;
        e->status = PAIFU_SCORE_OK;
    } else {
        e->han = e->yaku_han + f->dora + f->aka + f->ura + f->kita;
        base = paifu_points_base(e->han, e->fu, f->rules, &limit);
        if (e->yaku_han == 0)
            e->status = PAIFU_SCORE_NO_YAKU;
        else if (f->rules->ryanhan_shibari && honba >= 5 && e->yaku_han < 2)
            e->status = PAIFU_SCORE_BELOW_MINIMUM; /* 004 §3.4.11: dora do not count */
        else
            e->status = PAIFU_SCORE_OK;
        if ((f->flags & PAIFU_SIT_RENHOU) && !f->tsumo && f->hand->n_melds == 0 &&
            f->rules->renhou == PAIFU_RENHOU_MANGAN) {
            renhou_mangan(e, f, base);
            if (e->renhou_mangan)
                base = 2000, limit = PAIFU_LIMIT_MANGAN;
        }
    }
    if ((f->flags & PAIFU_SIT_CHANKAN_ANKAN) &&
        !(r->form == PAIFU_FORM_THIRTEEN_ORPHANS && f->rules->chankan_ankan_kokushi))
        e->status = PAIFU_SCORE_CHANKAN_ANKAN;
    e->limit = (uint8_t)limit;
    if (e->status != PAIFU_SCORE_OK)
        base = 0;
    set_payment(e, f, base);
}

static void evaluate(paifu_eval *e, const scorer *s, const paifu_reading *r, unsigned win_set)
{
    e->win_set = (uint8_t)win_set;
    e->wait = paifu_fu__wait(r, win_set, s->f.win_kind);
    paifu_yaku__evaluate(e, &s->f, r);
    bool pinfu = (e->yaku & YAKU_BIT(PAIFU_YAKU_PINFU)) != 0;
    e->fu_raw = paifu_fu__raw(&s->f, r, win_set, e->wait, pinfu, NULL, NULL);
    e->fu = paifu_fu__round(e->fu_raw);
    price(e, &s->f, r, s->sit->honba);
}

/* Is A a better interpretation than B? */
static bool better(const paifu_eval *a, const paifu_eval *b)
{
    bool va = a->status == PAIFU_SCORE_OK, vb = b->status == PAIFU_SCORE_OK;
    if (va != vb)
        return va;
    if (a->total != b->total)
        return a->total > b->total;
    if (a->han != b->han)
        return a->han > b->han;
    if (a->yaku_han != b->yaku_han)
        return a->yaku_han > b->yaku_han;
    return a->fu > b->fu;
}

typedef void (*visit_fn)(void *ctx, const paifu_eval *e, size_t reading);

/* Call VISIT for every interpretation: each reading, each place of the winning tile. */
static void each_interpretation(const scorer *s, visit_fn visit, void *ctx)
{
    unsigned wk = s->f.win_kind;
    for (size_t i = 0; i < s->n_readings; i++) {
        const paifu_reading *r = &s->readings[i];
        paifu_eval e;
        if (r->form != PAIFU_FORM_STANDARD) {
            evaluate(&e, s, r, WIN_IN_PAIR);
            visit(ctx, &e, i);
            continue;
        }
        for (unsigned j = 0; j < r->n_sets; j++) {
            const paifu_set *set = &r->sets[j];
            if (set->meld >= 0)
                continue;
            bool in = set->type == PAIFU_SET_SEQUENCE ? wk >= set->kind && wk <= set->kind + 2u
                                                      : wk == set->kind;
            bool same_before = false;
            for (unsigned t = 0; t < j && !same_before; t++)
                same_before = r->sets[t].type == set->type && r->sets[t].kind == set->kind;
            if (!in || same_before)
                continue;
            evaluate(&e, s, r, j);
            visit(ctx, &e, i);
        }
        if (r->pair == wk) {
            evaluate(&e, s, r, WIN_IN_PAIR);
            visit(ctx, &e, i);
        }
    }
}

/* ---- set-up and result ---- */

static int prepare(scorer *s, const paifu_hand *hand, const paifu_situation *sit,
                   const paifu_rules *rules, paifu_error *err)
{
    char name[3];
    uint8_t counts[KINDS];
    paifu_tile w = sit->win_tile;
    if (!paifu_tile_valid(w) || paifu_tile_is_bonus(w))
        return paifu_error_set(err, PAIFU_EINVAL, NULL, "expected a winning tile, found \"%s\"",
                               paifu_tile_name(name, w));
    if (!paifu_hand__valid(hand))
        return paifu_error_set(err, PAIFU_EINVAL, NULL,
                               "inconsistent hand: counts, red fives, melds or tile total "
                               "(build it with paifu_hand_add and paifu_hand_add_meld)");
    unsigned n = hand->n_closed, k = paifu_tile_kind(w);
    memcpy(counts, hand->counts, sizeof(counts));
    if (n % 3 == 1) {
        if (paifu_hand_kind_count(hand, k) >= 4)
            return paifu_error_set(err, PAIFU_EFORMAT, NULL,
                                   "the winning tile %s would be a fifth copy",
                                   paifu_tile_name(name, w));
        counts[k]++;
        n++;
    } else if (n % 3 == 2) {
        if (!counts[k])
            return paifu_error_set(err, PAIFU_EFORMAT, NULL,
                                   "the winning tile %s is not among the concealed tiles",
                                   paifu_tile_name(name, w));
    }
    if (n % 3 != 2 || n + 3u * hand->n_melds != 14)
        return paifu_error_set(err, PAIFU_EFORMAT, NULL,
                               "expected 13 or 14 tiles (a kan counting 3), found %u concealed "
                               "and %u melds",
                               hand->n_closed, hand->n_melds);
    s->sit = sit;
    paifu_yaku__facts(&s->f, hand, counts, n, sit, rules);
    bool more;
    s->n_readings = paifu_reading__all(s->readings, PAIFU_MAX_READINGS, &more, counts, n, hand);
    if (more)
        return paifu_error_set(err, PAIFU_ELIMIT, NULL, "more than %d readings of one hand",
                               PAIFU_MAX_READINGS);
    return 0;
}

static void fill(paifu_score *out, const scorer *s, const paifu_eval *e, size_t reading)
{
    const paifu_facts *f = &s->f;
    const paifu_reading *r = &s->readings[reading];
    memset(out, 0, sizeof(*out));
    out->status = e->status;
    out->limit = e->limit;
    out->yakuman = (uint8_t)e->yakuman;
    out->han = (int16_t)e->han;
    out->yaku_han = (int16_t)(e->yakuman ? 0 : e->yaku_han);
    out->fu = (int16_t)e->fu;
    out->fu_raw = (int16_t)e->fu_raw;
    out->fu_counted = !e->yakuman && !e->renhou_mangan && e->han < 5;
    out->tsumo = f->tsumo;
    out->dealer = f->dealer;
    if (!e->yakuman && !e->renhou_mangan) {
        out->dora = (uint8_t)f->dora;
        out->aka = (uint8_t)f->aka;
        out->ura = (uint8_t)f->ura;
        out->kita = (uint8_t)f->kita;
    }
    out->wait = e->wait;
    out->win_set = e->win_set;
    out->pay = e->pay;
    out->total = e->total;
    out->reading = *r;
    unsigned parts = 0;
    paifu_fu__raw(f, r, e->win_set, e->wait, (e->yaku & YAKU_BIT(PAIFU_YAKU_PINFU)) != 0,
                  out->fu_parts, &parts);
    out->n_fu_parts = (uint8_t)parts;
    out->n_yaku = (uint8_t)paifu_yaku__list(out->yaku, e, f, r);
}

static void not_complete(paifu_score *out, const scorer *s)
{
    memset(out, 0, sizeof(*out));
    out->status = PAIFU_SCORE_NOT_COMPLETE;
    out->tsumo = s->f.tsumo;
    out->dealer = s->f.dealer;
}

typedef struct best_ctx {
    paifu_eval e;
    size_t reading;
    bool any;
} best_ctx;

static void keep_best(void *ctx, const paifu_eval *e, size_t reading)
{
    best_ctx *b = ctx;
    if (!b->any || better(e, &b->e)) {
        b->e = *e;
        b->reading = reading;
        b->any = true;
    }
}

int paifu_score_hand(paifu_score *out, const paifu_hand *hand, const paifu_situation *sit,
                     const paifu_rules *rules, paifu_error *err)
{
    PAIFU_ASSERT_ARG(out && hand && sit && rules, err);
    scorer s;
    int rc = prepare(&s, hand, sit, rules, err);
    if (rc < 0)
        return rc;
    best_ctx b;
    b.any = false;
    each_interpretation(&s, keep_best, &b);
    if (!b.any)
        not_complete(out, &s);
    else
        fill(out, &s, &b.e, b.reading);
    return 0;
}

typedef struct all_ctx {
    const scorer *s;
    paifu_score *out;
    size_t cap, n;
    paifu_eval evals[PAIFU_MAX_READINGS];
} all_ctx;

static void keep_all(void *ctx, const paifu_eval *e, size_t reading)
{
    all_ctx *a = ctx;
    if (a->n >= a->cap || a->n >= PAIFU_MAX_READINGS)
        return;
    /* insertion, best first */
    size_t i = a->n++;
    while (i > 0 && better(e, &a->evals[i - 1])) {
        a->evals[i] = a->evals[i - 1];
        a->out[i] = a->out[i - 1];
        i--;
    }
    a->evals[i] = *e;
    fill(&a->out[i], a->s, e, reading);
}

int paifu_score_interpretations(paifu_score *out, size_t cap, size_t *n_out,
                                const paifu_hand *hand, const paifu_situation *sit,
                                const paifu_rules *rules, paifu_error *err)
{
    PAIFU_ASSERT_ARG(out && n_out && hand && sit && rules, err);
    *n_out = 0;
    scorer s;
    int rc = prepare(&s, hand, sit, rules, err);
    if (rc < 0)
        return rc;
    all_ctx a;
    a.s = &s;
    a.out = out;
    a.cap = cap;
    a.n = 0;
    each_interpretation(&s, keep_all, &a);
    *n_out = a.n;
    return 0;
}

int paifu_score_yakuman_of(const paifu_score *s, unsigned id)
{
    if (!s || !s->yakuman)
        return 0;
    for (unsigned i = 0; i < s->n_yaku && i < PAIFU_MAX_YAKU; i++)
        if (s->yaku[i].id == id)
            return s->yaku[i].han / PAIFU_YAKU_YAKUMAN_HAN;
    return 0;
}

/* ---- tenpai at a draw ---- */

bool paifu_hand_tenpai_for_draw(const paifu_hand *hand, const paifu_rules *rules,
                                const paifu_situation *sit)
{
    if (!hand || !rules || !paifu_hand__valid(hand))
        return false;
    uint64_t waits = paifu_hand_waits(hand);
    /* 000 §3.8, EMA 2012 §3.4.2: a wait whose four tiles are all in the player's own hand and
       melds is none (pure karaten), unless the rule set counts it (Tenhou) */
    for (unsigned k = 0; k < KINDS && !rules->pure_karaten_tenpai; k++)
        if ((waits & KIND_BIT(k)) && paifu_hand_kind_count(hand, k) >= 4)
            waits &= ~KIND_BIT(k);
    if (!waits || rules->keishiki_tenpai)
        return waits != 0;
    paifu_situation local;
    if (sit) {
        local = *sit;
    } else {
        paifu_situation_init(&local);
        local.seat_wind = PAIFU_WIND_EAST;
    }
    local.n_dora = local.n_ura = 0;
    for (unsigned k = 0; k < KINDS; k++) {
        if (!(waits & KIND_BIT(k)))
            continue;
        for (int tsumo = 0; tsumo < 2; tsumo++) {
            paifu_score sc;
            local.win_tile = (paifu_tile)k;
            local.flags = (local.flags & ~PAIFU_SIT_TSUMO) | (tsumo ? PAIFU_SIT_TSUMO : 0u);
            if (paifu_score_hand(&sc, hand, &local, rules, NULL) == 0 &&
                sc.status == PAIFU_SCORE_OK)
                return true;
        }
    }
    return false;
}
