/*
 * mcr_hand.c: the shapes of an MCR hand: its readings, whether it is complete, its waits, and
 * the hand notation of paifu_mcr_hand_parse().
 *
 * Shapes (mcr.md sections 3.1, 3.2 and 11.3 step 2):
 *   standard          the melds plus concealed sets and one pair: 4 sets and a pair in all
 *   seven pairs       no melds; four identical tiles may be two pairs (seed, Siamese item 19)
 *   thirteen orphans  no melds; the 13 terminal and honor kinds plus a duplicate of one
 *   honors & knitted  no melds; 14 different tiles: honors and tiles of one knitted set
 *   knitted straight  1-4-7, 2-5-8, 3-6-9 in three different suits, plus one set (concealed or
 *                     the one meld) and a pair
 * A knitted set assigns the three rank groups 1-4-7, 2-5-8, 3-6-9 to the three suits, one
 * group per suit: six assignments.
 *
 * Everything works on counts of the 34 kinds and on fixed arrays: no allocation.
 */
#include "error_internal.h"
#include "mcr_internal.h"

#include <string.h>

/* The six assignments of the groups (1-4-7, 2-5-8, 3-6-9) to suits. */
static const uint8_t KNIT_PERMS[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                         {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};

/* Kind of rank group G (0..2), member M (0..2) in suit S. */
static unsigned knit_kind(unsigned s, unsigned g, unsigned m)
{
    return s * 9 + g + 3 * m;
}

void paifu_mcr__concealed_counts(uint8_t counts[PAIFU_TILE_KINDS], const paifu_mcr_hand *hand,
                                 bool with_win)
{
    memset(counts, 0, PAIFU_TILE_KINDS);
    for (unsigned i = 0; i < hand->n_tiles && i < 13; i++)
        counts[paifu_tile_kind(hand->tiles[i]) % PAIFU_TILE_KINDS]++;
    if (with_win)
        counts[paifu_tile_kind(hand->win_tile) % PAIFU_TILE_KINDS]++;
}

/* ---- standard readings ---- */

typedef struct enum_ctx {
    paifu_mcr__reading *out;
    size_t cap, n;
    paifu_mcr__reading cur; /* declared sets first, then concealed ones */
} enum_ctx;

static void emit(enum_ctx *e)
{
    if (e->n < e->cap)
        e->out[e->n] = e->cur;
    e->n++;
}

/* Split COUNTS (from kind START on) into NEED concealed sets, in kind order. */
static void split_sets(enum_ctx *e, uint8_t *c, unsigned start, unsigned need)
{
    unsigned i = start;
    while (i < PAIFU_TILE_KINDS && !c[i])
        i++;
    if (i == PAIFU_TILE_KINDS) {
        if (need == 0)
            emit(e);
        return;
    }
    if (need == 0)
        return;
    paifu_mcr__set *s = &e->cur.sets[e->cur.n_sets];
    if (c[i] >= 3) {
        c[i] -= 3;
        *s = (paifu_mcr__set){PAIFU_MCR__PUNG, (uint8_t)i, false, true};
        e->cur.n_sets++;
        split_sets(e, c, i, need - 1);
        e->cur.n_sets--;
        c[i] += 3;
    }
    if (i < 27 && i % 9 <= 6 && c[i + 1] && c[i + 2]) {
        c[i]--, c[i + 1]--, c[i + 2]--;
        *s = (paifu_mcr__set){PAIFU_MCR__CHOW, (uint8_t)i, false, true};
        e->cur.n_sets++;
        split_sets(e, c, i, need - 1);
        e->cur.n_sets--;
        c[i]++, c[i + 1]++, c[i + 2]++;
    }
}

static void set_declared(paifu_mcr__reading *r, const paifu_mcr_hand *hand)
{
    r->n_sets = 0;
    for (unsigned m = 0; m < hand->n_melds && m < 4; m++) {
        const paifu_mcr_meld *md = &hand->melds[m];
        uint8_t type = md->type == PAIFU_MCR_CHOW   ? PAIFU_MCR__CHOW
                       : md->type == PAIFU_MCR_PUNG ? PAIFU_MCR__PUNG
                                                    : PAIFU_MCR__KONG;
        bool concealed = md->type == PAIFU_MCR_KONG && md->concealed;
        r->sets[r->n_sets++] =
            (paifu_mcr__set){type, (uint8_t)(paifu_tile_kind(md->tile) % 34), true, concealed};
    }
}

static void standard_readings(enum_ctx *e, uint8_t *c, const paifu_mcr_hand *hand)
{
    unsigned need = 4u - hand->n_melds;
    for (unsigned p = 0; p < PAIFU_TILE_KINDS; p++) {
        if (c[p] < 2)
            continue;
        c[p] -= 2;
        memset(&e->cur, 0, sizeof(e->cur));
        e->cur.shape = PAIFU_MCR_SHAPE_STANDARD;
        e->cur.pair = (uint8_t)p;
        set_declared(&e->cur, hand);
        split_sets(e, c, 0, need);
        c[p] += 2;
    }
}

/* ---- special shapes ---- */

static bool seven_pairs(const uint8_t *c)
{
    unsigned pairs = 0;
    for (unsigned k = 0; k < PAIFU_TILE_KINDS; k++) {
        if (c[k] % 2)
            return false;
        pairs += c[k] / 2u;
    }
    return pairs == 7;
}

static bool is_orphan(unsigned k)
{
    return k >= 27 || k % 9 == 0 || k % 9 == 8;
}

static bool thirteen_orphans(const uint8_t *c)
{
    unsigned total = 0;
    for (unsigned k = 0; k < PAIFU_TILE_KINDS; k++) {
        if (c[k] && !is_orphan(k))
            return false;
        if (is_orphan(k) && (c[k] < 1 || c[k] > 2))
            return false;
        total += c[k];
    }
    return total == 14;
}

/* Honors and knitted tiles: 14 different tiles from the honors and the knitted set PERM. */
static bool honors_knitted(const uint8_t *c, const uint8_t *perm)
{
    unsigned total = 0;
    for (unsigned k = 0; k < PAIFU_TILE_KINDS; k++) {
        if (c[k] > 1)
            return false;
        total += c[k];
        if (!c[k] || k >= 27)
            continue;
        unsigned suit = k / 9, group = (k % 9) % 3;
        if (perm[group] != suit)
            return false;
    }
    return total == 14;
}

/* Remove the nine knitted tiles of PERM from C; false (C unchanged) when one is missing. */
static bool take_knitted(uint8_t *c, const uint8_t *perm)
{
    for (unsigned g = 0; g < 3; g++)
        for (unsigned m = 0; m < 3; m++)
            if (!c[knit_kind(perm[g], g, m)])
                return false;
    for (unsigned g = 0; g < 3; g++)
        for (unsigned m = 0; m < 3; m++)
            c[knit_kind(perm[g], g, m)]--;
    return true;
}

static void give_knitted(uint8_t *c, const uint8_t *perm)
{
    for (unsigned g = 0; g < 3; g++)
        for (unsigned m = 0; m < 3; m++)
            c[knit_kind(perm[g], g, m)]++;
}

static void knitted_straight_readings(enum_ctx *e, uint8_t *c, const paifu_mcr_hand *hand)
{
    if (hand->n_melds > 1)
        return;
    for (unsigned p = 0; p < 6; p++) {
        if (!take_knitted(c, KNIT_PERMS[p]))
            continue;
        for (unsigned q = 0; q < PAIFU_TILE_KINDS; q++) {
            if (c[q] < 2)
                continue;
            c[q] -= 2;
            memset(&e->cur, 0, sizeof(e->cur));
            e->cur.shape = PAIFU_MCR_SHAPE_KNITTED_STRAIGHT;
            e->cur.pair = (uint8_t)q;
            memcpy(e->cur.knit, KNIT_PERMS[p], 3);
            set_declared(&e->cur, hand);
            split_sets(e, c, 0, 1u - hand->n_melds);
            c[q] += 2;
        }
        give_knitted(c, KNIT_PERMS[p]);
    }
}

size_t paifu_mcr__readings(paifu_mcr__reading *out, size_t cap,
                           const uint8_t counts[PAIFU_TILE_KINDS], const paifu_mcr_hand *hand)
{
    enum_ctx e = {out, cap, 0, {0}};
    uint8_t c[PAIFU_TILE_KINDS];
    memcpy(c, counts, sizeof(c));
    standard_readings(&e, c, hand);
    knitted_straight_readings(&e, c, hand);
    if (hand->n_melds == 0) {
        memset(&e.cur, 0, sizeof(e.cur));
        if (seven_pairs(c)) {
            e.cur.shape = PAIFU_MCR_SHAPE_SEVEN_PAIRS;
            emit(&e);
        }
        if (thirteen_orphans(c)) {
            e.cur.shape = PAIFU_MCR_SHAPE_THIRTEEN_ORPHANS;
            emit(&e);
        }
        for (unsigned p = 0; p < 6; p++) {
            if (!honors_knitted(c, KNIT_PERMS[p]))
                continue;
            e.cur.shape = PAIFU_MCR_SHAPE_HONORS_KNITTED;
            memcpy(e.cur.knit, KNIT_PERMS[p], 3);
            emit(&e);
            break; /* at most one assignment fits 14 different tiles */
        }
    }
    return e.n < cap ? e.n : cap;
}

/* ---- completeness and waits ---- */

/* True when C (from kind START on) splits into NEED sets exactly. */
static bool sets_only(uint8_t *c, unsigned start, unsigned need)
{
    unsigned i = start;
    while (i < PAIFU_TILE_KINDS && !c[i])
        i++;
    if (i == PAIFU_TILE_KINDS)
        return need == 0;
    if (need == 0)
        return false;
    bool ok = false;
    if (c[i] >= 3) {
        c[i] -= 3;
        ok = sets_only(c, i, need - 1);
        c[i] += 3;
    }
    if (!ok && i < 27 && i % 9 <= 6 && c[i + 1] && c[i + 2]) {
        c[i]--, c[i + 1]--, c[i + 2]--;
        ok = sets_only(c, i, need - 1);
        c[i]++, c[i + 1]++, c[i + 2]++;
    }
    return ok;
}

static bool standard_complete(uint8_t *c, unsigned need)
{
    for (unsigned p = 0; p < PAIFU_TILE_KINDS; p++) {
        if (c[p] < 2)
            continue;
        c[p] -= 2;
        bool ok = sets_only(c, 0, need);
        c[p] += 2;
        if (ok)
            return true;
    }
    return false;
}

bool paifu_mcr__complete(const uint8_t counts[PAIFU_TILE_KINDS], int n_melds)
{
    if (n_melds < 0 || n_melds > 4)
        return false;
    uint8_t c[PAIFU_TILE_KINDS];
    memcpy(c, counts, sizeof(c));
    if (standard_complete(c, 4u - (unsigned)n_melds))
        return true;
    if (n_melds <= 1) {
        for (unsigned p = 0; p < 6; p++) {
            if (!take_knitted(c, KNIT_PERMS[p]))
                continue;
            bool ok = standard_complete(c, 1u - (unsigned)n_melds);
            give_knitted(c, KNIT_PERMS[p]);
            if (ok)
                return true;
        }
    }
    if (n_melds > 0)
        return false;
    if (seven_pairs(c) || thirteen_orphans(c))
        return true;
    for (unsigned p = 0; p < 6; p++)
        if (honors_knitted(c, KNIT_PERMS[p]))
            return true;
    return false;
}

uint64_t paifu_mcr__waits(const uint8_t counts[PAIFU_TILE_KINDS], int n_melds)
{
    uint64_t waits = 0;
    uint8_t c[PAIFU_TILE_KINDS];
    memcpy(c, counts, sizeof(c));
    for (unsigned k = 0; k < PAIFU_TILE_KINDS; k++) {
        if (c[k] >= 4)
            continue;
        c[k]++;
        if (paifu_mcr__complete(c, n_melds))
            waits |= (uint64_t)1 << k;
        c[k]--;
    }
    return waits;
}

/* ---- the hand notation ---- */

typedef struct meld_name {
    const char *prefix;
    uint8_t type;
    bool concealed;
    unsigned tiles;
} meld_name;

static const meld_name MELD_NAMES[] = {
    {"chi:", PAIFU_MCR_CHOW, false, 3},        {"chow:", PAIFU_MCR_CHOW, false, 3},
    {"pon:", PAIFU_MCR_PUNG, false, 3},        {"pung:", PAIFU_MCR_PUNG, false, 3},
    {"kan:", PAIFU_MCR_KONG, false, 4},        {"daiminkan:", PAIFU_MCR_KONG, false, 4},
    {"shouminkan:", PAIFU_MCR_KONG, false, 4}, {"kong:", PAIFU_MCR_KONG, false, 4},
    {"ankan:", PAIFU_MCR_KONG, true, 4},
};

/* Check that TILES[0..N) form a meld of type M; store it in OUT. */
static bool make_meld(paifu_mcr_meld *out, const meld_name *m, paifu_tile *t, size_t n)
{
    if (n != m->tiles)
        return false;
    paifu_tile_sort(t, n);
    unsigned k = paifu_tile_kind(t[0]);
    if (k >= PAIFU_TILE_KINDS)
        return false;
    for (size_t i = 1; i < n; i++) {
        unsigned ki = paifu_tile_kind(t[i]);
        bool ok = m->type == PAIFU_MCR_CHOW ? (k < 27 && ki == k + i && (k % 9) <= 6) : ki == k;
        if (!ok)
            return false;
    }
    *out = (paifu_mcr_meld){m->type, m->concealed, paifu_tile_make(k, false), 0};
    return true;
}

static int parse_token(paifu_mcr_hand *h, const char *tok, bool *have_win, paifu_error *err)
{
    paifu_tile t[16];
    size_t n = 0;
    int rc;
    if (tok[0] == '+') {
        if ((rc = paifu_tile_parse_one(&h->win_tile, tok + 1, err)) < 0)
            return rc;
        if (*have_win)
            return paifu_error_set(err, PAIFU_EFORMAT, NULL, "hand: a second winning tile \"%s\"",
                                   tok);
        *have_win = true;
        return 0;
    }
    for (size_t i = 0; i < sizeof(MELD_NAMES) / sizeof(MELD_NAMES[0]); i++) {
        const meld_name *m = &MELD_NAMES[i];
        size_t len = strlen(m->prefix);
        if (strncmp(tok, m->prefix, len) != 0)
            continue;
        if (h->n_melds >= 4)
            return paifu_error_set(err, PAIFU_EFORMAT, NULL, "hand: more than four melds at \"%s\"",
                                   tok);
        if ((rc = paifu_tile_parse(t, 16, &n, tok + len, err)) < 0)
            return rc;
        if (!make_meld(&h->melds[h->n_melds], m, t, n))
            return paifu_error_set(err, PAIFU_EFORMAT, NULL, "hand: \"%s\" is not a %u-tile %.*s",
                                   tok, m->tiles, (int)len - 1, m->prefix);
        h->n_melds++;
        return 0;
    }
    if ((rc = paifu_tile_parse(t, 16, &n, tok, err)) < 0)
        return rc;
    if (h->n_tiles + n > 13)
        return paifu_error_set(err, PAIFU_EFORMAT, NULL,
                               "hand: more than 13 concealed tiles at \"%s\"", tok);
    memcpy(&h->tiles[h->n_tiles], t, n * sizeof(t[0]));
    h->n_tiles = (uint8_t)(h->n_tiles + n);
    return 0;
}

int paifu_mcr_hand_parse(paifu_mcr_hand *out, const char *text, paifu_error *err)
{
    PAIFU_ASSERT_ARG(out && text, err);
    memset(out, 0, sizeof(*out));
    out->win_tile = PAIFU_TILE_NONE;
    bool have_win = false;
    const char *p = text;
    while (*p) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p)
            break;
        size_t len = strcspn(p, " \t");
        char tok[64];
        if (len >= sizeof(tok))
            return paifu_error_set(err, PAIFU_EFORMAT, NULL, "hand: token too long: \"%.20s...\"",
                                   p);
        memcpy(tok, p, len);
        tok[len] = '\0';
        int rc = parse_token(out, tok, &have_win, err);
        if (rc < 0)
            return rc;
        p += len;
    }
    if (!have_win)
        return paifu_error_set(err, PAIFU_EFORMAT, NULL,
                               "hand: expected the winning tile as \"+TILE\" (e.g. +5p)");
    if (out->n_tiles + 3u * out->n_melds != 13)
        return paifu_error_set(err, PAIFU_EFORMAT, NULL,
                               "hand: expected %u concealed tiles besides the winning tile with "
                               "%u melds, found %u",
                               13u - 3u * out->n_melds, (unsigned)out->n_melds,
                               (unsigned)out->n_tiles);
    return 0;
}
