/*
 * mcr_combine.c: the combination fans of MCR chows and pungs (mcr.md section 11.4), the part of
 * the scorer where the counting principles act between sets.
 *
 * Chows: one four-chow fan (#13 #14 #16 #29) ends the matter; else the best three-chow fan
 * (#23 #28 #30 #39 #41 #51) with at most one two-chow fan between the remaining chow and one of
 * its three (seed L583-584, L547-548, L572-573); else two-chow fans (#69-#72) chosen as a
 * largest set of edges between chows with no cycle (account-once) and no two edges of one fan
 * sharing a chow (non-identical). Every choice that reaches the best value is returned, because
 * the player may pick among them (a log's choice must not be reported as wrong).
 * Pungs: #15 Four Pure Shifted Pungs; else the best three-pung fan (#24 #32 #42) with at most
 * one Double Pung of the fourth; else a Double Pung (#65) for every pair of the same rank.
 * Dragon and wind pungs are handled with the per-set fans in mcr_score.c.
 */
#include "mcr_internal.h"

#include <string.h>

static unsigned rank_of(unsigned k)
{
    return k % 9 + 1;
}

static int fan_value(const paifu_rules *rules, unsigned id)
{
    return paifu_mcr_fan_points(rules, id);
}

/* Sort three values ascending. */
static void sort3(unsigned *x)
{
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2 - i; j++)
            if (x[j] > x[j + 1]) {
                unsigned t = x[j];
                x[j] = x[j + 1];
                x[j + 1] = t;
            }
}

static void sort4(unsigned *k)
{
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3 - i; j++)
            if (k[j] > k[j + 1]) {
                unsigned t = k[j];
                k[j] = k[j + 1];
                k[j + 1] = t;
            }
}

/* ---- chows ---- */

static void alt_add(paifu_mcr__chow_alts *a, int value, const uint8_t *fans, unsigned n)
{
    if (value < a->value)
        return;
    if (value > a->value) {
        a->value = value;
        a->n = 0;
    }
    uint8_t sorted[4] = {0, 0, 0, 0};
    n = n < 4 ? n : 4;
    memcpy(sorted, fans, n);
    for (unsigned i = 0; i + 1 < n; i++) /* ascending ids, unused entries stay 0 at the end */
        for (unsigned j = 0; j + 1 < n - i; j++)
            if (sorted[j] > sorted[j + 1]) {
                uint8_t t = sorted[j];
                sorted[j] = sorted[j + 1];
                sorted[j + 1] = t;
            }
    for (unsigned i = 0; i < a->n; i++)
        if (memcmp(a->fans[i], sorted, 4) == 0)
            return;
    if (a->n < PAIFU_MCR__MAX_ALTS)
        memcpy(a->fans[a->n++], sorted, 4);
}

/* Two-chow fan of chows starting at kinds A and B (0 = none). */
static uint8_t two_chow_fan(unsigned a, unsigned b)
{
    unsigned sa = a / 9, sb = b / 9, ra = a % 9, rb = b % 9;
    if (sa != sb)
        return ra == rb ? 70 : 0;
    if (ra == rb)
        return 69;
    if (ra + 3 == rb || rb + 3 == ra)
        return 71;
    if ((ra == 0 && rb == 6) || (ra == 6 && rb == 0))
        return 72;
    return 0;
}

/* Three-chow fan of chows starting at A, B, C (0 = none). */
static uint8_t three_chow_fan(unsigned a, unsigned b, unsigned c)
{
    unsigned k[3] = {a, b, c};
    sort3(k);
    unsigned s0 = k[0] / 9, s1 = k[1] / 9, s2 = k[2] / 9;
    if (s0 == s1 && s1 == s2) {
        unsigned d1 = k[1] - k[0], d2 = k[2] - k[1];
        if (d1 == 0 && d2 == 0)
            return 23;
        if (k[0] % 9 == 0 && d1 == 3 && d2 == 3)
            return 28;
        if (d1 == d2 && (d1 == 1 || d1 == 2))
            return 30;
        return 0;
    }
    if (s0 == s1 || s1 == s2 || s0 == s2)
        return 0;
    unsigned r[3] = {k[0] % 9, k[1] % 9, k[2] % 9};
    sort3(r);
    if (r[0] == r[1] && r[1] == r[2])
        return 41;
    if (r[0] == 0 && r[1] == 3 && r[2] == 6)
        return 39;
    if (r[0] + 1 == r[1] && r[1] + 1 == r[2])
        return 51;
    return 0;
}

/* Four-chow fan of CH[0..4) with the pair PAIR (-1: none) (0 = none). */
static uint8_t four_chow_fan(const unsigned *ch, int pair)
{
    unsigned k[4];
    memcpy(k, ch, sizeof(k));
    sort4(k);
    bool one_suit = k[0] / 9 == k[3] / 9;
    if (one_suit && k[0] == k[3])
        return 14;
    if (one_suit) {
        unsigned d = k[1] - k[0];
        if ((d == 1 || d == 2) && k[2] - k[1] == d && k[3] - k[2] == d)
            return 16;
    }
    if (pair < 0 || pair >= 27 || rank_of((unsigned)pair) != 5)
        return 0;
    unsigned ps = (unsigned)pair / 9;
    unsigned low[3] = {0, 0, 0}, high[3] = {0, 0, 0};
    for (int i = 0; i < 4; i++) {
        unsigned r = k[i] % 9;
        if (r == 0)
            low[k[i] / 9]++;
        else if (r == 6)
            high[k[i] / 9]++;
        else
            return 0;
    }
    if (low[ps] == 2 && high[ps] == 2) /* #13: 123 123 789 789 and 55, one suit */
        return 13;
    unsigned pairs_ok = 0;
    for (unsigned s = 0; s < 3; s++)
        if (s != ps && low[s] == 1 && high[s] == 1)
            pairs_ok++;
    return pairs_ok == 2 ? 29 : 0; /* #29: two suits of 123 + 789, 55 of the third */
}

/* Largest forests of two-chow edges with no two same-type edges sharing a chow. */
static void two_chow_fans(paifu_mcr__chow_alts *a, const unsigned *ch, unsigned n)
{
    unsigned eu[6], ev[6];
    uint8_t et[6];
    unsigned ne = 0;
    for (unsigned i = 0; i < n; i++)
        for (unsigned j = i + 1; j < n; j++) {
            uint8_t t = two_chow_fan(ch[i], ch[j]);
            if (t) {
                eu[ne] = i, ev[ne] = j, et[ne] = t;
                ne++;
            }
        }
    static const uint8_t none[1] = {0};
    alt_add(a, 0, none, 0);
    for (unsigned mask = 1; mask < (1u << ne); mask++) {
        unsigned parent[4] = {0, 1, 2, 3};
        uint8_t fans[4];
        unsigned nf = 0;
        bool ok = true;
        for (unsigned e = 0; e < ne && ok; e++) {
            if (!(mask & (1u << e)))
                continue;
            for (unsigned g = 0; g < e && ok; g++) /* non-identical */
                if ((mask & (1u << g)) && et[g] == et[e] &&
                    (eu[g] == eu[e] || eu[g] == ev[e] || ev[g] == eu[e] || ev[g] == ev[e]))
                    ok = false;
            unsigned ru = eu[e], rv = ev[e]; /* account-once: no cycle */
            while (parent[ru] != ru)
                ru = parent[ru];
            while (parent[rv] != rv)
                rv = parent[rv];
            if (ru == rv)
                ok = false;
            else
                parent[ru] = rv;
            if (nf < 4)
                fans[nf++] = et[e];
        }
        if (ok && nf <= 3)
            alt_add(a, (int)nf, fans, nf);
    }
}

void paifu_mcr__chow_combinations(paifu_mcr__chow_alts *a, const unsigned *ch, unsigned n, int pair,
                                  const paifu_rules *rules)
{
    memset(a, 0, sizeof(*a));
    a->value = -1;
    if (n == 4) {
        uint8_t f = four_chow_fan(ch, pair);
        if (f) {
            alt_add(a, fan_value(rules, f), &f, 1);
            return;
        }
    }
    bool three = false;
    if (n >= 3) {
        for (unsigned skip = 0; skip < n; skip++) {
            unsigned t[3], m = 0;
            for (unsigned i = 0; i < n && m < 3; i++)
                if (i != skip || n == 3)
                    t[m++] = ch[i];
            if (m < 3)
                continue;
            uint8_t f = three_chow_fan(t[0], t[1], t[2]);
            if (!f)
                continue;
            three = true;
            int v = fan_value(rules, f);
            alt_add(a, v, &f, 1);
            if (n == 4) /* the fourth chow combines at most once with one of the three */
                for (unsigned i = 0; i < 3; i++) {
                    uint8_t g[2] = {f, two_chow_fan(ch[skip], t[i])};
                    if (g[1])
                        alt_add(a, v + 1, g, 2);
                }
            if (n == 3)
                break;
        }
    }
    if (!three)
        two_chow_fans(a, ch, n);
}

/* ---- pungs ---- */

/* Three-pung fan of suit pungs T[0..3) (sorted): #24, #32, #42 or 0. */
static uint8_t three_pung_fan(const unsigned *t)
{
    unsigned r[3] = {t[0] % 9, t[1] % 9, t[2] % 9};
    sort3(r);
    bool one_suit = t[0] / 9 == t[2] / 9;
    bool mixed = t[0] / 9 != t[1] / 9 && t[1] / 9 != t[2] / 9 && t[0] / 9 != t[2] / 9;
    if (one_suit && t[1] == t[0] + 1 && t[2] == t[0] + 2)
        return 24;
    if (mixed && r[0] == r[2])
        return 32;
    if (mixed && r[1] == r[0] + 1 && r[2] == r[0] + 2)
        return 42;
    return 0;
}

static bool double_pung(unsigned a, unsigned b)
{
    return a % 9 == b % 9 && a / 9 != b / 9;
}

void paifu_mcr__pung_combinations(uint8_t *cnt, const unsigned *p, unsigned n,
                                  const paifu_rules *rules)
{
    if (n == 4) {
        unsigned k[4];
        memcpy(k, p, sizeof(k));
        sort4(k);
        if (k[0] / 9 == k[3] / 9 && k[1] == k[0] + 1 && k[2] == k[0] + 2 && k[3] == k[0] + 3) {
            cnt[15] = 1;
            return;
        }
    }
    int best = 0, best_skip = -1;
    uint8_t best_fan = 0;
    for (unsigned skip = 0; n >= 3 && skip < n; skip++) {
        unsigned t[3], m = 0;
        for (unsigned i = 0; i < n; i++)
            if (i != skip || n == 3)
                t[m++] = p[i];
        sort3(t);
        uint8_t fan = m == 3 ? three_pung_fan(t) : 0;
        if (fan && fan_value(rules, fan) > best) {
            best = fan_value(rules, fan);
            best_fan = fan;
            best_skip = n == 4 ? (int)skip : -1;
        }
        if (n == 3)
            break;
    }
    if (best_fan) {
        cnt[best_fan] = 1;
        for (unsigned i = 0; best_skip >= 0 && i < n; i++) /* the fourth combines at most once */
            if ((int)i != best_skip && double_pung(p[i], p[best_skip])) {
                cnt[65]++;
                break;
            }
        return;
    }
    for (unsigned i = 0; i < n; i++)
        for (unsigned j = i + 1; j < n; j++)
            cnt[65] = (uint8_t)(cnt[65] + double_pung(p[i], p[j]));
}
