/*
 * shanten.c: how far a hand is from tenpai.
 *
 * Standard form: shanten = 8 - 2 * sets - partials - pair, where partials (two tiles of a set:
 * a pair that is not the head, two neighbours, or a gap) count only while sets + partials <= 4,
 * and melds are sets. Seven pairs: 6 - pairs, plus the kinds missing to reach seven different
 * ones. Thirteen orphans: 13 - different orphans - (1 if one of them is doubled). The result is
 * the minimum of the three (the last two only for a hand without melds).
 *
 * Each suit is searched on its own for the best (sets, partials) for every number of sets, with
 * and without the head; the suits and the honours are then combined. A suit has at most 14
 * tiles, so the search is small; shanten is not on the scoring path.
 */
#include "hand_internal.h"

#include <string.h>

/* best[p][m]: most partials with m sets, p = 1 if the head (pair) was taken; -1 = impossible. */
typedef int8_t best_table[2][5];

static void suit_search(uint8_t *c, unsigned i, int m, int t, int p, best_table best)
{
    while (i < 9 && c[i] == 0)
        i++;
    if (i == 9) {
        if (m > 4)
            m = 4;
        if (t > best[p][m])
            best[p][m] = (int8_t)t;
        return;
    }
    if (c[i] >= 3) {
        c[i] = (uint8_t)(c[i] - 3);
        suit_search(c, i, m + 1, t, p, best);
        c[i] = (uint8_t)(c[i] + 3);
    }
    if (i <= 6 && c[i + 1] && c[i + 2]) {
        c[i]--, c[i + 1]--, c[i + 2]--;
        suit_search(c, i, m + 1, t, p, best);
        c[i]++, c[i + 1]++, c[i + 2]++;
    }
    if (c[i] >= 2) {
        c[i] = (uint8_t)(c[i] - 2);
        if (!p)
            suit_search(c, i, m, t, 1, best);
        suit_search(c, i, m, t + 1, p, best);
        c[i] = (uint8_t)(c[i] + 2);
    }
    if (i <= 7 && c[i + 1]) {
        c[i]--, c[i + 1]--;
        suit_search(c, i, m, t + 1, p, best);
        c[i]++, c[i + 1]++;
    }
    if (i <= 6 && c[i + 2]) {
        c[i]--, c[i + 2]--;
        suit_search(c, i, m, t + 1, p, best);
        c[i]++, c[i + 2]++;
    }
    /* leave the remaining copies of i unused; any use of them was tried above first */
    uint8_t keep = c[i];
    c[i] = 0;
    suit_search(c, i + 1, m, t, p, best);
    c[i] = keep;
}

static void honor_table(const uint8_t *c, best_table best)
{
    int m = 0, pairs = 0;
    for (unsigned k = 0; k < 7; k++) {
        if (c[k] >= 3)
            m++;
        else if (c[k] == 2)
            pairs++;
    }
    if (m > 4)
        m = 4;
    best[0][m] = (int8_t)pairs;
    if (pairs)
        best[1][m] = (int8_t)(pairs - 1);
    /* a triplet may also serve as the head */
    for (unsigned k = 0; k < 7; k++)
        if (c[k] >= 3 && best[1][m - 1] < pairs)
            best[1][m - 1] = (int8_t)pairs;
}

static int standard_shanten(const uint8_t counts[KINDS], unsigned melds)
{
    best_table groups[4];
    memset(groups, -1, sizeof(groups));
    for (unsigned s = 0; s < 3; s++) {
        uint8_t c[9];
        memcpy(c, counts + 9 * s, 9);
        suit_search(c, 0, 0, 0, 0, groups[s]);
    }
    honor_table(counts + 27, groups[3]);
    /* combine: acc[p][m] = most partials over the groups seen so far */
    best_table acc;
    memset(acc, -1, sizeof(acc));
    acc[0][0] = 0;
    for (unsigned g = 0; g < 4; g++) {
        best_table next;
        memset(next, -1, sizeof(next));
        for (int p = 0; p < 2; p++)
            for (int m = 0; m < 5; m++) {
                if (acc[p][m] < 0)
                    continue;
                for (int q = 0; q + p < 2; q++)
                    for (int n = 0; n < 5; n++) {
                        if (groups[g][q][n] < 0)
                            continue;
                        int mm = m + n > 4 ? 4 : m + n;
                        int t = acc[p][m] + groups[g][q][n];
                        if (t > next[p + q][mm])
                            next[p + q][mm] = (int8_t)t;
                    }
            }
        memcpy(acc, next, sizeof(acc));
    }
    int best = 8;
    for (int p = 0; p < 2; p++)
        for (int m = 0; m < 5; m++) {
            if (acc[p][m] < 0)
                continue;
            int sets = m + (int)melds > 4 ? 4 : m + (int)melds;
            int t = acc[p][m] > 4 - sets ? 4 - sets : acc[p][m];
            int sh = 8 - 2 * sets - t - p;
            if (sh < best)
                best = sh;
        }
    return best;
}

static int seven_pairs_shanten(const uint8_t counts[KINDS])
{
    int pairs = 0, kinds = 0;
    for (unsigned k = 0; k < KINDS; k++) {
        if (counts[k])
            kinds++;
        if (counts[k] >= 2)
            pairs++;
    }
    return 6 - pairs + (kinds < 7 ? 7 - kinds : 0);
}

static int orphans_shanten(const uint8_t counts[KINDS])
{
    int kinds = 0;
    bool pair = false;
    for (unsigned k = 0; k < KINDS; k++) {
        if (!kind_is_orphan(k) || !counts[k])
            continue;
        kinds++;
        pair |= counts[k] >= 2;
    }
    return 13 - kinds - (pair ? 1 : 0);
}

int paifu_hand_shanten(const paifu_hand *hand)
{
    if (!hand || !paifu_hand__valid(hand))
        return 8; /* the worst a 13-tile hand can be: a safe answer for nonsense */
    int best = standard_shanten(hand->counts, hand->n_melds);
    if (hand->n_melds == 0) {
        int s = seven_pairs_shanten(hand->counts);
        if (s < best)
            best = s;
        s = orphans_shanten(hand->counts);
        if (s < best)
            best = s;
    }
    return best;
}
