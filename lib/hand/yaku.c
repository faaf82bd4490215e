/*
 * yaku.c: which yaku and yakuman a win has, their han, and the order Tenhou lists them in.
 *
 * Source: shared/rules/yaku.md sections 1, 2 and 4 (RRC 000 §3.5, §4), with the differences
 * between rule sets read from paifu_rules (kuitan, renhou, double_yakuman, yakuman_stacking,
 * chankan_ankan_kokushi). Two halves:
 *  - paifu_yaku__facts: everything that does not depend on the reading (situation yaku, tile-set
 *    yaku such as tanyao or honitsu, the tile-set yakuman, dora), once per hand;
 *  - paifu_yaku__evaluate: the reading-dependent ones, once per interpretation.
 * Yaku are kept as a bit set of their ids (paifu/yaku.h ids equal Tenhou's), so an
 * interpretation costs a few comparisons; the list with han values is only built for the one
 * chosen (paifu_yaku__list).
 *
 * Choices where the seeds are silent, all standard practice:
 *  - chanta and junchan also need the pair to be a terminal or honour, and at least one
 *    sequence (without one the hand is honroutou, which excludes chanta: yaku.md section 4.4);
 *  - double riichi is listed alone with 2 han (Tenhou id 21), not as riichi + 1;
 *  - honroutou is only counted when the hand is not tsuuiisou or chinroutou (yakuman win).
 */
#include "score_internal.h"

#include <string.h>

/* Han of the regular yaku 0..36, closed and open (0: closed only). yaku.md section 1. */
static const int8_t HAN[37][2] = {
    [PAIFU_YAKU_MENZEN_TSUMO] = {1, 0},    [PAIFU_YAKU_RIICHI] = {1, 0},
    [PAIFU_YAKU_IPPATSU] = {1, 0},         [PAIFU_YAKU_CHANKAN] = {1, 1},
    [PAIFU_YAKU_RINSHAN_KAIHOU] = {1, 1},  [PAIFU_YAKU_HAITEI] = {1, 1},
    [PAIFU_YAKU_HOUTEI] = {1, 1},          [PAIFU_YAKU_PINFU] = {1, 0},
    [PAIFU_YAKU_TANYAO] = {1, 1},          [PAIFU_YAKU_IIPEIKOU] = {1, 0},
    [10] = {1, 1}, [11] = {1, 1}, [12] = {1, 1}, [13] = {1, 1}, [14] = {1, 1}, [15] = {1, 1},
    [16] = {1, 1}, [17] = {1, 1}, [18] = {1, 1}, [19] = {1, 1}, [20] = {1, 1},
    [PAIFU_YAKU_DOUBLE_RIICHI] = {2, 0},   [PAIFU_YAKU_CHIITOITSU] = {2, 0},
    [PAIFU_YAKU_CHANTA] = {2, 1},          [PAIFU_YAKU_ITTSU] = {2, 1},
    [PAIFU_YAKU_SANSHOKU_DOUJUN] = {2, 1}, [PAIFU_YAKU_SANSHOKU_DOUKOU] = {2, 2},
    [PAIFU_YAKU_SANKANTSU] = {2, 2},       [PAIFU_YAKU_TOITOI] = {2, 2},
    [PAIFU_YAKU_SANANKOU] = {2, 2},        [PAIFU_YAKU_SHOUSANGEN] = {2, 2},
    [PAIFU_YAKU_HONROUTOU] = {2, 2},       [PAIFU_YAKU_RYANPEIKOU] = {3, 0},
    [PAIFU_YAKU_JUNCHAN] = {3, 2},         [PAIFU_YAKU_HONITSU] = {3, 2},
    [PAIFU_YAKU_CHINITSU] = {6, 5},        [PAIFU_YAKU_RENHOU] = {5, 0},
};

/*
 * Tenhou's listing order (tenhou-xml.md §4.12 "yaku list order"), derived from the 7110 AGARI
 * yaku lists of the corpus: no pair of ids ever appears in both orders. YAKUHAI marks where the
 * value-tile entries go; they follow the order of the sets (and round wind before seat wind
 * within one set). Pairs never seen together are placed by their neighbours.
 */
#define YAKUHAI 0xFF
static const uint8_t ORDER[] = {
    PAIFU_YAKU_RIICHI,          PAIFU_YAKU_DOUBLE_RIICHI,   PAIFU_YAKU_IPPATSU,
    PAIFU_YAKU_CHANKAN,         PAIFU_YAKU_RINSHAN_KAIHOU,  PAIFU_YAKU_HAITEI,
    PAIFU_YAKU_HOUTEI,          PAIFU_YAKU_MENZEN_TSUMO,    PAIFU_YAKU_PINFU,
    PAIFU_YAKU_IIPEIKOU,        PAIFU_YAKU_RYANPEIKOU,      PAIFU_YAKU_CHIITOITSU,
    PAIFU_YAKU_ITTSU,           PAIFU_YAKU_SANSHOKU_DOUJUN, PAIFU_YAKU_SANSHOKU_DOUKOU,
    PAIFU_YAKU_SANKANTSU,       PAIFU_YAKU_SHOUSANGEN,      PAIFU_YAKU_SANANKOU,
    PAIFU_YAKU_TOITOI,          PAIFU_YAKU_TANYAO,          YAKUHAI,
    PAIFU_YAKU_CHANTA,          PAIFU_YAKU_HONROUTOU,       PAIFU_YAKU_JUNCHAN,
    PAIFU_YAKU_HONITSU,         PAIFU_YAKU_CHINITSU,        PAIFU_YAKU_RENHOU,
};
static const uint8_t ORDER_YAKUMAN[] = {
    PAIFU_YAKU_TENHOU,         PAIFU_YAKU_CHIIHOU,     PAIFU_YAKU_RENHOU,
    PAIFU_YAKU_DAISANGEN,      PAIFU_YAKU_DAISUUSHI,   PAIFU_YAKU_SHOUSUUSHI,
    PAIFU_YAKU_SUUANKOU,       PAIFU_YAKU_SUUANKOU_TANKI, PAIFU_YAKU_TSUUIISOU,
    PAIFU_YAKU_RYUUIISOU,      PAIFU_YAKU_CHINROUTOU,  PAIFU_YAKU_CHUUREN_POUTOU,
    PAIFU_YAKU_JUNSEI_CHUUREN_POUTOU, PAIFU_YAKU_KOKUSHI_MUSOU, PAIFU_YAKU_KOKUSHI_MUSOU_13,
    PAIFU_YAKU_SUUKANTSU,
};

/* Yakuman ids: 37..51, and renhou (36) when the rules make it a yakuman. */
#define YAKUMAN_BITS (((UINT64_C(1) << 52) - 1) & ~((UINT64_C(1) << 37) - 1))
#define YAKUHAI_BITS (((UINT64_C(1) << 21) - 1) & ~((UINT64_C(1) << 10) - 1))
/* ryuuiisou: 2s 3s 4s 6s 8s and the green dragon (yaku.md #36) */
#define GREEN_MASK                                                                                 \
    (KIND_BIT(19) | KIND_BIT(20) | KIND_BIT(21) | KIND_BIT(23) | KIND_BIT(25) | KIND_BIT(32))
#define TERMINALS_MASK (ORPHANS_MASK & ~HONORS_MASK)

int paifu_yaku__han(unsigned id, bool menzen, const struct paifu_rules *rules)
{
    if (id >= sizeof(HAN) / sizeof(HAN[0]))
        return 0;
    if (id == PAIFU_YAKU_TANYAO && !menzen && !rules->kuitan)
        return 0;
    return HAN[id][menzen ? 0 : 1];
}

int paifu_yaku__yakuman_value(unsigned id, const struct paifu_rules *rules)
{
    uint32_t d = rules->double_yakuman;
    switch (id) {
    case PAIFU_YAKU_DAISUUSHI: return d & PAIFU_DOUBLE_DAISUUSHI ? 2 : 1;
    case PAIFU_YAKU_SUUANKOU_TANKI: return d & PAIFU_DOUBLE_SUUANKOU_TANKI ? 2 : 1;
    case PAIFU_YAKU_KOKUSHI_MUSOU_13: return d & PAIFU_DOUBLE_KOKUSHI_13 ? 2 : 1;
    case PAIFU_YAKU_JUNSEI_CHUUREN_POUTOU: return d & PAIFU_DOUBLE_JUNSEI_CHUUREN ? 2 : 1;
    default: return 1;
    }
}

/* ---- reading-independent facts ---- */

static uint64_t situation_yaku(const paifu_facts *f)
{
    uint64_t y = 0;
    unsigned fl = f->flags;
    if (f->menzen && (fl & (PAIFU_SIT_RIICHI | PAIFU_SIT_DOUBLE_RIICHI))) {
        /* 000 §4.2.1: double riichi always adds to riichi; Tenhou lists it alone at 2 han */
        y |= YAKU_BIT(fl & PAIFU_SIT_DOUBLE_RIICHI ? PAIFU_YAKU_DOUBLE_RIICHI : PAIFU_YAKU_RIICHI);
        if ((fl & PAIFU_SIT_IPPATSU) && f->rules->ippatsu)
            y |= YAKU_BIT(PAIFU_YAKU_IPPATSU);
    }
    if (f->menzen && f->tsumo)
        y |= YAKU_BIT(PAIFU_YAKU_MENZEN_TSUMO);
    if (!f->tsumo && (fl & PAIFU_SIT_CHANKAN))
        y |= YAKU_BIT(PAIFU_YAKU_CHANKAN);
    /* 000 §4.2.2, §5.3.2: a rinshan tile drawn last scores rinshan, never haitei */
    if (f->tsumo && (fl & PAIFU_SIT_RINSHAN))
        y |= YAKU_BIT(PAIFU_YAKU_RINSHAN_KAIHOU);
    else if (f->tsumo && (fl & PAIFU_SIT_HAITEI))
        y |= YAKU_BIT(PAIFU_YAKU_HAITEI);
    if (!f->tsumo && (fl & PAIFU_SIT_HOUTEI))
        y |= YAKU_BIT(PAIFU_YAKU_HOUTEI);
    return y;
}

/* Nine gates: 1112345678999 + one tile of the same suit, closed (yaku.md #34). */
static uint64_t nine_gates(const paifu_facts *f, unsigned suit)
{
    static const uint8_t GATES[9] = {3, 1, 1, 1, 1, 1, 1, 1, 3};
    const uint8_t *c = f->counts + 9 * suit;
    for (unsigned i = 0; i < 9; i++)
        if (c[i] < GATES[i])
            return 0;
    /* nine-sided (junsei) when the tiles before the win were exactly the gates */
    if (c[f->win_kind - 9 * suit] == GATES[f->win_kind - 9 * suit] + 1)
        return YAKU_BIT(PAIFU_YAKU_JUNSEI_CHUUREN_POUTOU);
    return YAKU_BIT(PAIFU_YAKU_CHUUREN_POUTOU);
}

static void tile_set_yaku(paifu_facts *f)
{
    uint64_t p = f->present;
    unsigned suits = 0;
    for (unsigned s = 0; s < 3; s++)
        if (p & (UINT64_C(0x1FF) << (9 * s)))
            suits |= 1u << s;
    bool honors = (p & HONORS_MASK) != 0;
    unsigned n_suits = (suits & 1) + ((suits >> 1) & 1) + ((suits >> 2) & 1);
    if (!(p & ORPHANS_MASK) && (f->menzen || f->rules->kuitan))
        f->yaku |= YAKU_BIT(PAIFU_YAKU_TANYAO); /* 000 §4.1.5; kuitan: t3, 004 foreword */
    if (n_suits == 1)
        f->yaku |= YAKU_BIT(honors ? PAIFU_YAKU_HONITSU : PAIFU_YAKU_CHINITSU);
    if (n_suits == 0)
        f->yakuman |= YAKU_BIT(PAIFU_YAKU_TSUUIISOU);
    else if (!honors && !(p & ~TERMINALS_MASK))
        f->yakuman |= YAKU_BIT(PAIFU_YAKU_CHINROUTOU);
    else if (!(p & ~ORPHANS_MASK))
        f->yaku |= YAKU_BIT(PAIFU_YAKU_HONROUTOU);
    if (!(p & ~GREEN_MASK))
        f->yakuman |= YAKU_BIT(PAIFU_YAKU_RYUUIISOU);
    if (n_suits == 1 && !honors && f->hand->n_melds == 0 && f->n_closed == 14)
        f->yakuman |= nine_gates(f, suits == 1 ? 0 : suits == 2 ? 1 : 2);
    bool closed_all = f->hand->n_melds == 0;
    if ((f->flags & PAIFU_SIT_TENHOU) && f->dealer && f->tsumo && closed_all)
        f->yakuman |= YAKU_BIT(PAIFU_YAKU_TENHOU);
    if ((f->flags & PAIFU_SIT_CHIIHOU) && !f->dealer && f->tsumo && closed_all)
        f->yakuman |= YAKU_BIT(PAIFU_YAKU_CHIIHOU);
    if ((f->flags & PAIFU_SIT_RENHOU) && !f->tsumo && closed_all &&
        f->rules->renhou == PAIFU_RENHOU_YAKUMAN)
        f->yakuman |= YAKU_BIT(PAIFU_YAKU_RENHOU);
}

/* Han from N indicators over every tile of the hand; Norths set aside count (000 §3.6). */
static int dora_han(const paifu_facts *f, const paifu_tile *indicators, unsigned n)
{
    int han = 0;
    bool three = f->rules->players == 3;
    if (n > PAIFU_MAX_INDICATORS)
        n = PAIFU_MAX_INDICATORS;
    for (unsigned i = 0; i < n; i++) {
        paifu_tile d = paifu_tile_dora(indicators[i], three);
        if (d == PAIFU_TILE_NONE)
            continue;
        han += f->all[d] + (d == PAIFU_TILE_NORTH ? f->hand->kita : 0);
    }
    return han;
}

void paifu_yaku__facts(paifu_facts *f, const paifu_hand *hand, const uint8_t counts[KINDS],
                       unsigned n_closed, const paifu_situation *sit,
                       const struct paifu_rules *rules)
{
    f->hand = hand;
    f->rules = rules;
    memcpy(f->counts, counts, sizeof(f->counts));
    memcpy(f->all, counts, sizeof(f->all));
    for (unsigned i = 0; i < hand->n_melds; i++)
        for (unsigned j = 0; j < hand->melds[i].n; j++)
            f->all[paifu_tile_kind(hand->melds[i].tiles[j])]++;
    f->present = 0;
    for (unsigned k = 0; k < KINDS; k++) /* branch-free: the counts are unpredictable */
        f->present |= (uint64_t)(f->all[k] != 0) << k;
    f->n_closed = n_closed;
    f->win_kind = paifu_tile_kind(sit->win_tile);
    f->flags = sit->flags;
    if (f->flags & PAIFU_SIT_DOUBLE_RIICHI)
        f->flags |= PAIFU_SIT_RIICHI;
    f->seat_kind = PAIFU_TILE_EAST + (sit->seat_wind & 3u);
    f->round_kind = PAIFU_TILE_EAST + (sit->round_wind & 3u);
    f->tsumo = (f->flags & PAIFU_SIT_TSUMO) != 0;
    f->dealer = (sit->seat_wind & 3u) == PAIFU_WIND_EAST;
    f->menzen = paifu_hand_is_closed(hand);
    f->yakuman = 0;
    f->yaku = situation_yaku(f);
    tile_set_yaku(f);
    /* dora family: yaku.md section 3; 000 §3.6 */
    paifu_tile extra = hand->n_closed != n_closed ? sit->win_tile : PAIFU_TILE_NONE;
    f->kita = rules->kita ? hand->kita : 0;
    unsigned n_dora = rules->kan_dora || sit->n_dora < 1 ? sit->n_dora : 1u;
    unsigned n_ura = rules->kan_dora || sit->n_ura < 1 ? sit->n_ura : 1u;
    f->dora = dora_han(f, sit->dora, n_dora);
    f->aka = rules->red_fives > 0 ? (int)paifu_hand_aka_count(hand, extra) : 0;
    f->ura = 0;
    if (f->menzen && (f->flags & PAIFU_SIT_RIICHI) && rules->ura_dora)
        f->ura = dora_han(f, sit->ura, n_ura);
}

/* ---- reading-dependent yaku ---- */

typedef struct set_stats {
    unsigned seq, trip, quad, concealed, dragons, winds;
    uint8_t seq_count[27];    /* identical sequences by start kind */
    unsigned seq_num[3];      /* bit n: a sequence n+1.. in suit s */
    unsigned trip_num[3];     /* bit n: a triplet or quad of number n+1 in suit s */
    bool all_orphan;          /* every set contains a terminal or honour */
} set_stats;

static void collect(set_stats *st, const paifu_facts *f, const paifu_reading *r, unsigned win_set)
{
    memset(st, 0, sizeof(*st));
    st->all_orphan = kind_is_orphan(r->pair);
    for (unsigned i = 0; i < r->n_sets; i++) {
        const paifu_set *s = &r->sets[i];
        unsigned k = s->kind;
        if (s->type == PAIFU_SET_SEQUENCE) {
            st->seq++;
            st->seq_count[k]++;
            st->seq_num[k / 9] |= 1u << (k % 9);
            if (k % 9 != 0 && k % 9 != 6)
                st->all_orphan = false;
            continue;
        }
        if (s->type == PAIFU_SET_QUAD)
            st->quad++;
        else
            st->trip++;
        if (paifu_fu__set_concealed(f, r, i, win_set))
            st->concealed++;
        if (k < 27)
            st->trip_num[k / 9] |= 1u << (k % 9);
        else if (k >= PAIFU_TILE_WHITE)
            st->dragons++;
        else
            st->winds++;
        if (!kind_is_orphan(k))
            st->all_orphan = false;
    }
}

static uint64_t yakuhai_bits(const paifu_facts *f, const paifu_reading *r)
{
    uint64_t y = 0;
    for (unsigned i = 0; i < r->n_sets; i++) {
        unsigned k = r->sets[i].kind;
        if (r->sets[i].type == PAIFU_SET_SEQUENCE || k < 27)
            continue;
        if (k >= PAIFU_TILE_WHITE)
            y |= YAKU_BIT(PAIFU_YAKU_HAKU + (k - PAIFU_TILE_WHITE));
        if (k == f->round_kind)
            y |= YAKU_BIT(PAIFU_YAKU_ROUND_WIND_EAST + (k - PAIFU_TILE_EAST));
        if (k == f->seat_kind)
            y |= YAKU_BIT(PAIFU_YAKU_SEAT_WIND_EAST + (k - PAIFU_TILE_EAST));
    }
    return y;
}

static bool pair_is_value(const paifu_facts *f, unsigned pair)
{
    return pair >= PAIFU_TILE_WHITE || pair == f->seat_kind || pair == f->round_kind;
}

/* The yaku of a standard reading (sets and pair), added to E. */
static void standard_yaku(paifu_eval *e, const paifu_facts *f, const paifu_reading *r)
{
    set_stats st;
    collect(&st, f, r, e->win_set);
    uint64_t y = yakuhai_bits(f, r), ym = 0;
    if (f->menzen && st.seq == 4 && !pair_is_value(f, r->pair) && e->wait == PAIFU_WAIT_RYANMEN)
        y |= YAKU_BIT(PAIFU_YAKU_PINFU); /* 000 §4.1.3 */
    if (f->menzen) {
        unsigned peikou = 0;
        for (unsigned k = 0; k < 27; k++)
            peikou += st.seq_count[k] / 2;
        if (peikou == 1)
            y |= YAKU_BIT(PAIFU_YAKU_IIPEIKOU);
        else if (peikou >= 2)
            y |= YAKU_BIT(PAIFU_YAKU_RYANPEIKOU);
    }
    for (unsigned s = 0; s < 3; s++)
        if ((st.seq_num[s] & 0x49) == 0x49)
            y |= YAKU_BIT(PAIFU_YAKU_ITTSU);
    if (st.seq_num[0] & st.seq_num[1] & st.seq_num[2])
        y |= YAKU_BIT(PAIFU_YAKU_SANSHOKU_DOUJUN);
    if (st.trip_num[0] & st.trip_num[1] & st.trip_num[2])
        y |= YAKU_BIT(PAIFU_YAKU_SANSHOKU_DOUKOU);
    if (st.trip + st.quad == 4)
        y |= YAKU_BIT(PAIFU_YAKU_TOITOI);
    if (st.concealed == 3)
        y |= YAKU_BIT(PAIFU_YAKU_SANANKOU);
    else if (st.concealed == 4) /* 000 §4.1.2: a pon completed by ron is open */
        ym |= YAKU_BIT(e->wait == PAIFU_WAIT_TANKI ? PAIFU_YAKU_SUUANKOU_TANKI
                                                   : PAIFU_YAKU_SUUANKOU);
    if (st.quad == 3)
        y |= YAKU_BIT(PAIFU_YAKU_SANKANTSU);
    else if (st.quad == 4)
        ym |= YAKU_BIT(PAIFU_YAKU_SUUKANTSU);
    bool dragon_pair = r->pair >= PAIFU_TILE_WHITE;
    bool wind_pair = r->pair >= PAIFU_TILE_EAST && r->pair <= PAIFU_TILE_NORTH;
    if (st.dragons == 3)
        ym |= YAKU_BIT(PAIFU_YAKU_DAISANGEN);
    else if (st.dragons == 2 && dragon_pair)
        y |= YAKU_BIT(PAIFU_YAKU_SHOUSANGEN);
    if (st.winds == 4)
        ym |= YAKU_BIT(PAIFU_YAKU_DAISUUSHI);
    else if (st.winds == 3 && wind_pair)
        ym |= YAKU_BIT(PAIFU_YAKU_SHOUSUUSHI);
    if (st.all_orphan && st.seq > 0)
        y |= YAKU_BIT(f->present & HONORS_MASK ? PAIFU_YAKU_CHANTA : PAIFU_YAKU_JUNCHAN);
    e->yaku |= y;
    e->yaku |= ym;
}

void paifu_yaku__evaluate(paifu_eval *e, const paifu_facts *f, const paifu_reading *r)
{
    e->yaku = f->yaku | f->yakuman;
    if (r->form == PAIFU_FORM_THIRTEEN_ORPHANS) {
        bool thirteen = f->counts[f->win_kind] == 2; /* the 13 before the win were all single */
        e->yaku = f->yakuman | YAKU_BIT(thirteen ? PAIFU_YAKU_KOKUSHI_MUSOU_13
                                                  : PAIFU_YAKU_KOKUSHI_MUSOU);
    } else if (r->form == PAIFU_FORM_SEVEN_PAIRS) {
        e->yaku |= YAKU_BIT(PAIFU_YAKU_CHIITOITSU);
    } else {
        standard_yaku(e, f, r);
    }
    e->yaku_han = 0;
    e->yakuman = 0;
    uint64_t ym = e->yaku & (YAKUMAN_BITS | (f->yakuman & YAKU_BIT(PAIFU_YAKU_RENHOU)));
    if (ym) {
        /* 000 §3.5.1: a yakuman excludes every other yaku and all dora */
        e->yaku = ym;
        int sum = 0, max = 0;
        for (uint64_t bits = ym; bits; bits &= bits - 1) {
            int v = paifu_yaku__yakuman_value(lowest_bit(bits), f->rules);
            sum += v;
            max = v > max ? v : max;
        }
        e->yakuman = f->rules->yakuman_stacking ? sum : max;
        return;
    }
    for (uint64_t bits = e->yaku & (YAKU_BIT(PAIFU_YAKU_RENHOU) - 1); bits; bits &= bits - 1)
        e->yaku_han += paifu_yaku__han(lowest_bit(bits), f->menzen, f->rules);
}

/* ---- the list ---- */

static unsigned push(paifu_yaku_value *out, unsigned n, unsigned id, int han)
{
    if (n >= PAIFU_MAX_YAKU)
        return n;
    out[n].id = (uint16_t)id;
    out[n].han = (int16_t)han;
    out[n].count = 1;
    out[n].reserved = 0;
    out[n].name = NULL;
    return n + 1;
}

static unsigned push_yakuhai(paifu_yaku_value *out, unsigned n, const paifu_eval *e,
                             const paifu_facts *f, const paifu_reading *r)
{
    for (unsigned i = 0; i < r->n_sets; i++) {
        unsigned k = r->sets[i].kind;
        if (r->sets[i].type == PAIFU_SET_SEQUENCE || k < 27)
            continue;
        unsigned ids[3], m = 0;
        if (k >= PAIFU_TILE_WHITE)
            ids[m++] = PAIFU_YAKU_HAKU + (k - PAIFU_TILE_WHITE);
        if (k == f->round_kind)
            ids[m++] = PAIFU_YAKU_ROUND_WIND_EAST + (k - PAIFU_TILE_EAST);
        if (k == f->seat_kind)
            ids[m++] = PAIFU_YAKU_SEAT_WIND_EAST + (k - PAIFU_TILE_EAST);
        for (unsigned j = 0; j < m; j++)
            if (e->yaku & YAKU_BIT(ids[j]))
                n = push(out, n, ids[j], 1);
    }
    return n;
}

unsigned paifu_yaku__list(paifu_yaku_value *out, const paifu_eval *e, const paifu_facts *f,
                          const paifu_reading *r)
{
    unsigned n = 0;
    if (e->renhou_mangan)
        return push(out, 0, PAIFU_YAKU_RENHOU, 5);
    if (e->yakuman) {
        for (size_t i = 0; i < sizeof(ORDER_YAKUMAN); i++)
            if (e->yaku & YAKU_BIT(ORDER_YAKUMAN[i]))
                n = push(out, n, ORDER_YAKUMAN[i],
                         PAIFU_YAKU_YAKUMAN_HAN *
                             paifu_yaku__yakuman_value(ORDER_YAKUMAN[i], f->rules));
        return n;
    }
    for (size_t i = 0; i < sizeof(ORDER); i++) {
        if (ORDER[i] == YAKUHAI) {
            if (e->yaku & YAKUHAI_BITS)
                n = push_yakuhai(out, n, e, f, r);
            continue;
        }
        if (!(e->yaku & YAKU_BIT(ORDER[i])))
            continue;
        int han = paifu_yaku__han(ORDER[i], f->menzen, f->rules);
        if (han > 0)
            n = push(out, n, ORDER[i], han);
    }
    if (f->dora)
        n = push(out, n, PAIFU_YAKU_DORA, f->dora);
    if (f->aka)
        n = push(out, n, PAIFU_YAKU_AKA_DORA, f->aka);
    if (f->menzen && (f->flags & PAIFU_SIT_RIICHI) && f->rules->ura_dora)
        n = push(out, n, PAIFU_YAKU_URA_DORA, f->ura);
    if (f->kita)
        n = push(out, n, PAIFU_YAKU_KITA, f->kita);
    return n;
}
