/*
 * mcr_settle.c: MCR payments, penalties, seating, placement and standings. Session totals
 * replay the deals and live with the replay (mcr_verify.c), which calls down into this file.
 *
 * Rules: mcr.md section 8 (payments: every loser pays mcr_base_points, the discarder or, on a
 * self-draw, every loser also pays the basic points B), section 9 (penalties), section 2.4 (the
 * seat table of a session), section 10 (totals and table points 4/2/1/0), section 12 (Siamese
 * MCR). Everything is integer arithmetic on caller-provided arrays.
 *
 * Not in the seed, and therefore choices documented where they are made: the doubling after
 * 5, 10, 20 of the escalating penalties ("and so on"), the equal split of the 30-point exposure
 * penalty, and the handling of ties in the placement (rule placement_tie).
 */
#include "error_internal.h"
#include "mcr_internal.h"

#include <stdlib.h>
#include <string.h>

/* ---- payments ---- */

int paifu_mcr_settle(int32_t deltas[PAIFU_SEATS], int winner, int discarder, int32_t total,
                     const paifu_rules *rules, paifu_error *err)
{
    PAIFU_ASSERT_ARG(deltas && rules, err);
    memset(deltas, 0, sizeof(int32_t) * PAIFU_SEATS);
    if (winner < 0)
        return 0; /* an exhaustive draw pays nothing (mcr.md section 2.7) */
    if (winner >= PAIFU_SEATS || discarder >= PAIFU_SEATS || total < 0 || total > 100000)
        return paifu_error_set(err, PAIFU_EINVAL, NULL,
                               "mcr payment: winner %d, discarder %d or total %d out of range",
                               winner, discarder, (int)total);
    int32_t base = rules->mcr_base_points;
    bool self_draw = discarder < 0 || discarder == winner;
    for (int s = 0; s < PAIFU_SEATS; s++) {
        if (s == winner)
            continue;
        int32_t pay = self_draw || s == discarder ? base + total : base;
        deltas[s] -= pay;
        deltas[winner] += pay;
    }
    return 0;
}

bool paifu_mcr_is_legal_total(int32_t fan_points, const paifu_rules *rules)
{
    return rules && fan_points >= rules->mcr_min_fan;
}

int paifu_mcr_siamese_settle(int32_t deltas[PAIFU_SEATS], int players, int winner, int discarder,
                             int32_t value, paifu_error *err)
{
    PAIFU_ASSERT_ARG(deltas, err);
    memset(deltas, 0, sizeof(int32_t) * PAIFU_SEATS);
    if ((players != 2 && players != 3) || winner < 0 || winner >= players || discarder >= players ||
        value < 0)
        return paifu_error_set(err, PAIFU_EINVAL, NULL,
                               "siamese payment: %d players, winner %d, discarder %d, value %d",
                               players, winner, discarder, (int)value);
    if (players == 2) { /* mcr.md section 12, items 22-24 */
        deltas[winner] = value;
        deltas[1 - winner] = -value;
        return 0;
    }
    bool self_draw = discarder < 0 || discarder == winner;
    for (int s = 0; s < 3; s++) { /* mcr.md section 12, items 15-16 */
        if (s == winner)
            continue;
        int32_t pay = self_draw || s == discarder ? value + 8 : 8;
        deltas[s] -= pay;
        deltas[winner] += pay;
    }
    return 0;
}

/* ---- penalties (mcr.md section 9) ---- */

static const paifu_mcr_offence_info OFFENCES[PAIFU_MCR_OFFENCE_COUNT] = {
    {"false_hu", true, false, true, "MCR 2006 (Green Book), penalties"},
    {"mistaken_hu", true, false, true, "MCR 2006 (Green Book), penalties"},
    {"exposure", true, false, true, "MCR 2006 (Green Book), penalties"},
    {"empty_claim", false, true, false, "MCR 2006 (Green Book), penalties"},
    {"touching_wall", false, true, false, "MCR 2006 (Green Book), penalties"},
    {"late_pung", false, true, false, "MCR 2006 (Green Book), penalties"},
    {"knocked_tiles", false, false, true, "MCR 2006 (Green Book), penalties"},
};

const paifu_mcr_offence_info *paifu_mcr_offence_get(unsigned offence)
{
    return offence < PAIFU_MCR_OFFENCE_COUNT ? &OFFENCES[offence] : NULL;
}

/* Deduction for the N-th occurrence: warning, then fine_base (5), 10, 20, ... (001 L1236). */
static int32_t escalating(int32_t n, int32_t base)
{
    if (n <= 1)
        return 0;
    int32_t d = base;
    for (int32_t i = 2; i < n && d < 1000000; i++)
        d *= 2;
    return d;
}

int paifu_mcr_penalty_deltas(int32_t deltas[PAIFU_SEATS], const paifu_mcr_penalty_case *pc,
                             const paifu_rules *rules, paifu_error *err)
{
    PAIFU_ASSERT_ARG(deltas && pc && rules, err);
    memset(deltas, 0, sizeof(int32_t) * PAIFU_SEATS);
    int o = pc->offender;
    if (pc->offence >= PAIFU_MCR_OFFENCE_COUNT || o < 0 || o >= PAIFU_SEATS)
        return paifu_error_set(err, PAIFU_EINVAL, NULL, "mcr penalty: offence %u, offender %d",
                               (unsigned)pc->offence, o);
    switch (pc->offence) {
    case PAIFU_MCR_FALSE_HU:
    case PAIFU_MCR_MISTAKEN_HU: {
        int32_t each =
            pc->offence == PAIFU_MCR_FALSE_HU ? rules->mcr_false_hu : rules->mcr_mistaken_hu;
        for (int s = 0; s < PAIFU_SEATS; s++)
            if (s != o)
                deltas[s] = each, deltas[o] -= each;
        return 0;
    }
    case PAIFU_MCR_EXPOSURE: {
        int32_t each = rules->mcr_exposure_penalty / 3; /* split equally: ambiguous in the seed */
        for (int s = 0; s < PAIFU_SEATS; s++)
            if (s != o)
                deltas[s] = each, deltas[o] -= each;
        return 0;
    }
    case PAIFU_MCR_KNOCKED_TILES:
        if (pc->victim < 0 || pc->victim >= PAIFU_SEATS || pc->victim == o ||
            pc->n < rules->knocked_tile_min || pc->n > rules->knocked_tile_max)
            return paifu_error_set(err, PAIFU_EINVAL, NULL,
                                   "mcr penalty: knocked tiles needs another seat as victim and "
                                   "%d..%d points, found victim %d and %d points",
                                   (int)rules->knocked_tile_min, (int)rules->knocked_tile_max,
                                   pc->victim, (int)pc->n);
        deltas[o] = -pc->n;
        deltas[pc->victim] = pc->n;
        return 0;
    default:
        if (pc->n < 1)
            return paifu_error_set(err, PAIFU_EINVAL, NULL,
                                   "mcr penalty: occurrences start at 1, found %d", (int)pc->n);
        deltas[o] = -escalating(pc->n, rules->fine_base);
        return 0;
    }
}

/* ---- seating (mcr.md section 2.4) ---- */

/* Player in the East, South, West, North seat of each round (seed seat table L1294-1303). */
static const uint8_t ROUND_SEATS[4][4] = {{0, 1, 2, 3}, {1, 0, 3, 2}, {2, 3, 1, 0}, {3, 2, 0, 1}};

int paifu_mcr_seat_wind(int hand, int player, const paifu_rules *rules)
{
    if (hand < 1 || hand > 16 || player < 0 || player > 3 || !rules)
        return -1;
    int round = (hand - 1) / 4, k = (hand - 1) % 4;
    for (int j = 0; j < 4; j++) {
        int p = rules->mcr_seat_changes ? ROUND_SEATS[round][j] : j;
        if (p == player)
            return ((j - k) % 4 + 4) % 4;
    }
    return -1;
}

int paifu_mcr_dealer(int hand, const paifu_rules *rules)
{
    for (int p = 0; p < 4; p++)
        if (paifu_mcr_seat_wind(hand, p, rules) == PAIFU_WIND_EAST)
            return p;
    return -1;
}

/* ---- placement and standings (mcr.md section 10) ---- */

int paifu_mcr_place(paifu_mcr_placement *out, const int32_t totals[PAIFU_SEATS],
                    const paifu_rules *rules, paifu_error *err)
{
    PAIFU_ASSERT_ARG(out && totals && rules, err);
    memset(out, 0, sizeof(*out));
    bool share = rules->placement_tie == PAIFU_TIE_SHARE;
    for (int s = 0; s < PAIFU_SEATS; s++) {
        unsigned above = 0, tied = 0;
        for (int t = 0; t < PAIFU_SEATS; t++) {
            if (t == s)
                continue;
            if (totals[t] > totals[s] || (!share && totals[t] == totals[s] && t < s))
                above++;
            else if (share && totals[t] == totals[s])
                tied++;
        }
        out->place[s] = (uint8_t)(above + 1);
        int32_t sum = 0;
        for (unsigned p = above; p <= above + tied; p++)
            sum += rules->mcr_table_points[p];
        out->table_points[s] = sum * PAIFU_MCR_TABLE_POINT_SCALE / (int32_t)(tied + 1);
    }
    return 0;
}

static int standing_cmp(const void *a, const void *b)
{
    const paifu_mcr_standing *x = a, *y = b;
    if (x->table_points != y->table_points)
        return x->table_points > y->table_points ? -1 : 1;
    if (x->total != y->total)
        return x->total > y->total ? -1 : 1;
    return strcmp(x->player, y->player);
}

int paifu_mcr_standings(paifu_mcr_standing *out, size_t *n_out, const paifu_mcr_table *tables,
                        size_t n_tables, const paifu_rules *rules, paifu_error *err)
{
    PAIFU_ASSERT_ARG(out && n_out && (tables || !n_tables) && rules, err);
    size_t cap = *n_out, n = 0;
    *n_out = 0;
    for (size_t t = 0; t < n_tables; t++) {
        paifu_mcr_placement pl;
        int rc = paifu_mcr_place(&pl, tables[t].totals, rules, err);
        if (rc < 0)
            return rc;
        for (int s = 0; s < PAIFU_SEATS; s++) {
            const char *name = tables[t].players[s];
            if (!name)
                return paifu_error_set(err, PAIFU_EINVAL, NULL,
                                       "mcr standings: table %zu seat %d has no player", t, s);
            size_t i = 0;
            while (i < n && strcmp(out[i].player, name) != 0)
                i++;
            if (i == n) {
                if (n == cap)
                    return paifu_error_set(err, PAIFU_ELIMIT, NULL,
                                           "mcr standings: more than %zu players", cap);
                out[n++] = (paifu_mcr_standing){name, 0, 0, 0, 0};
            }
            out[i].table_points += pl.table_points[s];
            out[i].total += tables[t].totals[s];
            out[i].tables++;
        }
    }
    qsort(out, n, sizeof(out[0]), standing_cmp);
    for (size_t i = 0; i < n; i++) {
        bool same = i > 0 && out[i].table_points == out[i - 1].table_points &&
                    out[i].total == out[i - 1].total;
        out[i].rank = same ? out[i - 1].rank : (uint32_t)(i + 1);
    }
    *n_out = n;
    return 0;
}
