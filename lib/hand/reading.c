/*
 * reading.c: readings (decompositions) of a complete hand.
 *
 * A complete riichi hand is four sets and a pair (melds included), seven different pairs, or
 * thirteen orphans (shared/rules/yaku.md #18, #35). Scoring needs every reading, because the
 * one with the most points is taken (yaku.md section 4 rule 11; RRC 000 §3.7.4, §3.7.6), and a
 * 14-tile hand has only a handful, so they are enumerated exhaustively.
 *
 * Enumeration: for each possible pair, the remaining concealed tiles are split by always taking
 * the lowest kind left, either as a triplet or as the start of a sequence; this lists every
 * multiset of sets exactly once. Two cheap filters come first: the suit that holds the pair is
 * the only one whose tile count is 2 modulo 3, and an honour cannot be split at all.
 *
 * Existence checks (waits, tenpai) need no list: within one suit, "take a triplet whenever the
 * lowest kind has three, then start sequences" decides whether the suit splits into sets, since
 * three identical sequences use the same tiles as three triplets.
 */
#include "error_internal.h"
#include "reading_internal.h"

#include <string.h>

/* ---- existence ---- */

/* Can the nine counts C of one suit be split into sets alone? */
static bool suit_sets_only(const uint8_t *c)
{
    uint8_t t[11];
    memcpy(t, c, 9);
    t[9] = t[10] = 0;
    for (unsigned i = 0; i < 9; i++) {
        unsigned n = t[i] >= 3 ? t[i] - 3u : t[i];
        if (n == 0)
            continue;
        if (t[i + 1] < n || t[i + 2] < n)
            return false;
        t[i + 1] = (uint8_t)(t[i + 1] - n);
        t[i + 2] = (uint8_t)(t[i + 2] - n);
    }
    return true;
}

static unsigned suit_total(const uint8_t *c)
{
    unsigned n = 0;
    for (unsigned i = 0; i < 9; i++)
        n += c[i];
    return n;
}

bool paifu_reading__sets_only(const uint8_t counts[KINDS], unsigned n)
{
    if (n % 3 != 0)
        return false;
    for (unsigned k = 27; k < KINDS; k++)
        if (counts[k] != 0 && counts[k] != 3)
            return false;
    for (unsigned s = 0; s < 3; s++)
        if (!suit_sets_only(counts + 9 * s))
            return false;
    return true;
}

bool paifu_reading__suit_sets_only(const uint8_t *c)
{
    return suit_sets_only(c);
}

/* Does suit S split into one pair plus sets? */
static bool suit_pair_and_sets(const uint8_t *c)
{
    uint8_t t[9];
    memcpy(t, c, 9);
    for (unsigned i = 0; i < 9; i++) {
        if (t[i] < 2)
            continue;
        t[i] = (uint8_t)(t[i] - 2);
        bool ok = suit_sets_only(t);
        t[i] = (uint8_t)(t[i] + 2);
        if (ok)
            return true;
    }
    return false;
}

bool paifu_reading__suit_pair_and_sets(const uint8_t *c)
{
    return suit_pair_and_sets(c);
}

/*
 * Where the pair of a standard reading must be: the one suit (0..2) whose tile count is 2 modulo
 * 3, or 3 for the honours when one honour is held twice; -1 when no standard reading can exist
 * (a suit at 1 modulo 3, two candidates, an honour held once or four times).
 */
static int pair_group(const uint8_t counts[KINDS])
{
    int group = -1;
    for (unsigned k = 27; k < KINDS; k++) {
        if (counts[k] == 2) {
            if (group >= 0)
                return -1;
            group = 3;
        } else if (counts[k] != 0 && counts[k] != 3) {
            return -1;
        }
    }
    for (unsigned s = 0; s < 3; s++) {
        unsigned m = suit_total(counts + 9 * s) % 3;
        if (m == 1)
            return -1;
        if (m == 2) {
            if (group >= 0)
                return -1;
            group = (int)s;
        }
    }
    return group;
}

/* Do the suits other than GROUP split into sets alone? */
static bool others_sets_only(const uint8_t counts[KINDS], int group)
{
    for (unsigned s = 0; s < 3; s++)
        if ((int)s != group && !suit_sets_only(counts + 9 * s))
            return false;
    return true;
}

bool paifu_reading__standard_complete(const uint8_t counts[KINDS], unsigned n)
{
    if (n % 3 != 2)
        return false;
    int group = pair_group(counts);
    if (group < 0 || !others_sets_only(counts, group))
        return false;
    return group == 3 || suit_pair_and_sets(counts + 9 * group);
}

bool paifu_reading__seven_pairs(const uint8_t counts[KINDS], unsigned n)
{
    if (n != 14)
        return false;
    unsigned pairs = 0;
    for (unsigned k = 0; k < KINDS; k++) {
        if (counts[k] == 2)
            pairs++;
        else if (counts[k] != 0)
            return false;
    }
    return pairs == 7;
}

bool paifu_reading__thirteen_orphans(const uint8_t counts[KINDS], unsigned n)
{
    if (n != 14)
        return false;
    bool two = false;
    for (unsigned k = 0; k < KINDS; k++) {
        if (!kind_is_orphan(k)) {
            if (counts[k])
                return false;
        } else if (counts[k] == 2 && !two) {
            two = true;
        } else if (counts[k] != 1) {
            return false;
        }
    }
    return two;
}

/* ---- enumeration ---- */

typedef struct splitter {
    paifu_reading *out;
    size_t cap, n;
    bool more;
    const paifu_hand *hand;
    uint8_t pair;
    unsigned n_sets;
    paifu_set sets[4];
} splitter;

static void emit(splitter *d)
{
    if (d->n >= d->cap) {
        d->more = true;
        return;
    }
    paifu_reading *r = &d->out[d->n++];
    memset(r, 0, sizeof(*r));
    r->form = PAIFU_FORM_STANDARD;
    r->pair = d->pair;
    unsigned n = 0;
    for (unsigned i = 0; i < d->n_sets && n < 4; i++)
        r->sets[n++] = d->sets[i];
    for (unsigned i = 0; i < d->hand->n_melds && n < 4; i++) {
        const paifu_meld *m = &d->hand->melds[i];
        paifu_set s = {PAIFU_SET_TRIPLET, (uint8_t)paifu_tile_kind(m->tiles[0]), (int8_t)i, 0};
        if (m->type == PAIFU_MELD_CHI)
            s.type = PAIFU_SET_SEQUENCE;
        else if (m->type != PAIFU_MELD_PON)
            s.type = PAIFU_SET_QUAD;
        r->sets[n++] = s;
    }
    r->n_sets = (uint8_t)n;
}

static void split(splitter *d, uint8_t *c, unsigned k)
{
    while (k < KINDS && c[k] == 0)
        k++;
    if (k == KINDS) {
        emit(d);
        return;
    }
    if (d->n_sets >= 4)
        return;
    if (c[k] >= 3) {
        c[k] = (uint8_t)(c[k] - 3);
        d->sets[d->n_sets++] = (paifu_set){PAIFU_SET_TRIPLET, (uint8_t)k, -1, 0};
        split(d, c, k);
        d->n_sets--;
        c[k] = (uint8_t)(c[k] + 3);
    }
    if (k < 27 && k % 9 <= 6 && c[k + 1] && c[k + 2]) {
        c[k]--, c[k + 1]--, c[k + 2]--;
        d->sets[d->n_sets++] = (paifu_set){PAIFU_SET_SEQUENCE, (uint8_t)k, -1, 0};
        split(d, c, k);
        d->n_sets--;
        c[k]++, c[k + 1]++, c[k + 2]++;
    }
}

static void add_special(splitter *d, const uint8_t counts[KINDS], unsigned n_closed)
{
    if (d->hand->n_melds)
        return;
    if (paifu_reading__seven_pairs(counts, n_closed)) {
        if (d->n >= d->cap) {
            d->more = true;
            return;
        }
        paifu_reading *r = &d->out[d->n++];
        memset(r, 0, sizeof(*r));
        r->form = PAIFU_FORM_SEVEN_PAIRS;
        unsigned p = 0;
        for (unsigned k = 0; k < KINDS; k++)
            if (counts[k] == 2)
                r->pairs[p++] = (uint8_t)k;
        r->pair = r->pairs[0];
    } else if (paifu_reading__thirteen_orphans(counts, n_closed)) {
        if (d->n >= d->cap) {
            d->more = true;
            return;
        }
        paifu_reading *r = &d->out[d->n++];
        memset(r, 0, sizeof(*r));
        r->form = PAIFU_FORM_THIRTEEN_ORPHANS;
        for (unsigned k = 0; k < KINDS; k++)
            if (counts[k] == 2)
                r->pair = (uint8_t)k;
    }
}

size_t paifu_reading__all(paifu_reading *out, size_t cap, bool *more_out,
                          const uint8_t counts[KINDS], unsigned n_closed, const paifu_hand *hand)
{
    splitter d = {out, cap, 0, false, hand, 0, 0, {{0}}};
    int group = n_closed % 3 == 2 ? pair_group(counts) : -1;
    if (group >= 0 && others_sets_only(counts, group)) {
        uint8_t c[KINDS];
        memcpy(c, counts, sizeof(c));
        unsigned first = group == 3 ? 27 : 9u * (unsigned)group, last = group == 3 ? KINDS : first + 9;
        for (unsigned k = first; k < last; k++) {
            if (c[k] < 2)
                continue;
            c[k] = (uint8_t)(c[k] - 2);
            if (group == 3 || suit_sets_only(c + first)) {
                d.pair = (uint8_t)k;
                split(&d, c, 0);
            }
            c[k] = (uint8_t)(c[k] + 2);
        }
    }
    add_special(&d, counts, n_closed);
    if (more_out)
        *more_out = d.more;
    return d.n;
}

/* ---- public ---- */

/* Concealed counts and tile count of HAND, checking the 14-tile state. */
static bool fourteen(const paifu_hand *hand)
{
    return paifu_hand__valid(hand) && hand->n_closed % 3 == 2 &&
           hand->n_closed + 3u * hand->n_melds == 14;
}

bool paifu_hand_is_complete(const paifu_hand *hand)
{
    if (!hand || !fourteen(hand))
        return false;
    if (paifu_reading__standard_complete(hand->counts, hand->n_closed))
        return true;
    return hand->n_melds == 0 && (paifu_reading__seven_pairs(hand->counts, hand->n_closed) ||
                                  paifu_reading__thirteen_orphans(hand->counts, hand->n_closed));
}

int paifu_hand_readings(paifu_reading *out, size_t cap, size_t *n_out, const paifu_hand *hand,
                        paifu_error *err)
{
    PAIFU_ASSERT_ARG(out && n_out && hand, err);
    *n_out = 0;
    if (!fourteen(hand))
        return paifu_error_set(err, PAIFU_EINVAL, NULL,
                               "expected a 14-tile hand, found %u concealed tiles and %u melds",
                               hand->n_closed, hand->n_melds);
    bool more;
    *n_out = paifu_reading__all(out, cap, &more, hand->counts, hand->n_closed, hand);
    if (more)
        return paifu_error_set(err, PAIFU_ELIMIT, NULL, "more than %zu readings", cap);
    return 0;
}
