/*
 * mcr_score.c: the fans of an MCR hand and the best reading (mcr.md sections 4, 5, 7, 11).
 *
 * For every reading of the hand (mcr_hand.c) the scorer forms the candidate fans:
 *   - whole-hand fans from the tile content (suits, ranks, honors, green, reversible, ...);
 *   - shape fans (seven pairs, thirteen orphans, honors and knitted, knitted straight, nine
 *     gates) and set fans (pungs of dragons and winds, terminal pungs, all pungs, all chows,
 *     outside hand, all fives, all even pungs);
 *   - the kong and concealed-pung series and Tile Hog;
 *   - the combination fans of chows and of pungs (section 11.4): one four-set fan; else the best
 *     three-set fan and at most one two-set fan of the remaining set with one of the three; else
 *     two-chow fans chosen as a largest forest in which no two edges of one fan type share a
 *     chow (account-once and non-identical principles);
 *   - the win-condition fans, flowers, and the wait fans (section 11.6).
 * Then the exclusions of the fan table are applied by decreasing value: a fan that is kept
 * removes the fans it excludes, except those it excludes only for its own sets (which were never
 * formed). If nothing is left but flowers, the hand is a Chicken Hand (#43).
 *
 * Departures from the plain text, each a rule parameter (rules.c, group "mcr"):
 *   mcr_wait_fans, mcr_special_self_draw, mcr_knitted_straight_concealed,
 *   mcr_two_concealed_kongs, mcr_melded_concealed_kong, mcr_four_kongs_concealed,
 *   mcr_nine_gates_pungs (mcr.md section 13).
 * Where a rule set reads a point as common practice does, the fan formed is the one the
 * open-source MIL calculator forms (mcr.md section 0); with an edge-or-closed-or-single choice
 * the practice reading takes edge, then closed, then single.
 *
 * Several readings (or several choices of two-chow fans) may reach the same total with
 * different fans; the player may pick any (high versus low). paifu_mcr_score_hand_as() keeps
 * the one that equals a recorded list when there is one, so that a recorded choice is not
 * reported as wrong.
 */
#include "error_internal.h"
#include "mcr_internal.h"

#include <string.h>

typedef struct fanset {
    uint8_t cnt[PAIFU_MCR_FAN_MAX + 1];
} fanset;

/* Facts of the hand shared by all its readings. */
typedef struct hand_facts {
    const paifu_mcr_hand *hand;
    const paifu_mcr_situation *sit;
    const paifu_rules *rules;
    uint8_t all[PAIFU_TILE_KINDS];     /* every tile of the hand, kongs with four */
    uint8_t nonkong[PAIFU_TILE_KINDS]; /* tiles outside kongs (Tile Hog) */
    unsigned win;                      /* kind of the winning tile */
    bool self_draw;
    bool concealed_hand; /* no claimed meld (concealed kongs allowed) */
    bool melded_hand;    /* four claimed melds */
    bool nine_gates;
    bool unique_wait;  /* exactly one tile completes the hand */
    uint8_t seed_wait; /* wait fan of the seed reading (0: none) */
} hand_facts;

enum role { ROLE_EDGE = 1, ROLE_CLOSED = 2, ROLE_SINGLE = 4, ROLE_OTHER = 8 };

static bool is_terminal_kind(unsigned k)
{
    return k < 27 && (k % 9 == 0 || k % 9 == 8);
}

static unsigned rank_of(unsigned k)
{
    return k % 9 + 1;
}

/* ---- whole-hand fans from the tile content ---- */

static bool is_green(unsigned k)
{
    /* 2 3 4 6 8 bamboo and the Green Dragon (mcr.md section 1) */
    return k == 19 || k == 20 || k == 21 || k == 23 || k == 25 || k == PAIFU_TILE_GREEN;
}

static bool is_reversible(unsigned k)
{
    /* dots 1 2 3 4 5 8 9, bamboo 2 4 5 6 8 9, White Dragon (mcr.md section 1) */
    static const uint8_t REV[] = {9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31};
    for (size_t i = 0; i < sizeof(REV); i++)
        if (REV[i] == k)
            return true;
    return false;
}

typedef struct content {
    unsigned suits; /* bit s: suit s present */
    bool winds, dragons, terminal, simple, green, reversible;
    unsigned lo, hi; /* lowest and highest rank of the suit tiles */
} content;

static void scan_content(content *c, const uint8_t *all)
{
    memset(c, 0, sizeof(*c));
    c->green = c->reversible = true;
    c->lo = 10;
    for (unsigned k = 0; k < PAIFU_TILE_KINDS; k++) {
        if (!all[k])
            continue;
        c->green = c->green && is_green(k);
        c->reversible = c->reversible && is_reversible(k);
        if (k < 27) {
            unsigned r = rank_of(k);
            c->suits |= 1u << (k / 9);
            if (r == 1 || r == 9)
                c->terminal = true;
            else
                c->simple = true;
            c->lo = r < c->lo ? r : c->lo;
            c->hi = r > c->hi ? r : c->hi;
        } else if (k < PAIFU_TILE_WHITE) {
            c->winds = true;
        } else {
            c->dragons = true;
        }
    }
}

static unsigned popcount3(unsigned x)
{
    return (x & 1u) + ((x >> 1) & 1u) + ((x >> 2) & 1u);
}

/* mcr.md section 6: #3 #8 #11 #18 #22 #25-#27 #36 #37 #40 #50 #52 #68 #75 #76 */
static void content_fans(fanset *f, const uint8_t *all)
{
    content c;
    scan_content(&c, all);
    bool honors = c.winds || c.dragons;
    unsigned nsuits = popcount3(c.suits);
    if (c.green)
        f->cnt[3] = 1;
    if (!honors && !c.simple)
        f->cnt[8] = 1;
    if (honors && !nsuits)
        f->cnt[11] = 1;
    if (honors && c.terminal && !c.simple)
        f->cnt[18] = 1;
    if (nsuits == 1)
        f->cnt[honors ? 50 : 22] = 1;
    if (!honors) {
        if (c.lo >= 7)
            f->cnt[25] = 1;
        else if (c.lo >= 6)
            f->cnt[36] = 1;
        if (c.lo >= 4 && c.hi <= 6)
            f->cnt[26] = 1;
        if (c.hi <= 3)
            f->cnt[27] = 1;
        else if (c.hi <= 4)
            f->cnt[37] = 1;
        f->cnt[76] = 1;
    }
    if (c.reversible)
        f->cnt[40] = 1;
    if (nsuits == 3 && c.winds && c.dragons)
        f->cnt[52] = 1;
    if (!honors && !c.terminal)
        f->cnt[68] = 1;
    if (nsuits == 2)
        f->cnt[75] = 1;
}

static int fan_value(const paifu_rules *rules, unsigned id)
{
    return paifu_mcr_fan_points(rules, id);
}

/* ---- sets of a reading ---- */

typedef struct set_summary {
    unsigned chows[4], n_chows;
    unsigned pungs[4], n_pungs; /* pungs and kongs */
    unsigned melded_kongs, concealed_kongs, concealed_pungs;
} set_summary;

static void summarize(set_summary *s, const paifu_mcr__set *sets, size_t n)
{
    memset(s, 0, sizeof(*s));
    for (size_t i = 0; i < n; i++) {
        const paifu_mcr__set *x = &sets[i];
        if (x->type == PAIFU_MCR__CHOW && s->n_chows < 4) {
            s->chows[s->n_chows++] = x->kind;
        } else if ((x->type == PAIFU_MCR__PUNG || x->type == PAIFU_MCR__KONG) && s->n_pungs < 4) {
            s->pungs[s->n_pungs++] = x->kind;
            if (x->type == PAIFU_MCR__KONG && x->concealed)
                s->concealed_kongs++;
            else if (x->type == PAIFU_MCR__KONG)
                s->melded_kongs++;
            if (x->concealed)
                s->concealed_pungs++;
        }
    }
}

/* #59 #60 #61 #73 and the dragon and wind fans #1 #2 #9 #10 #38 #54 (mcr.md section 7). */
static void honor_pung_fans(fanset *f, const set_summary *s, int pair,
                            const paifu_mcr_situation *sit)
{
    unsigned winds = 0, dragons = 0, guest = 0, terminal = 0;
    for (unsigned i = 0; i < s->n_pungs; i++) {
        unsigned k = s->pungs[i];
        if (k >= PAIFU_TILE_WHITE) {
            dragons++;
            f->cnt[59]++;
        } else if (k >= PAIFU_TILE_EAST) {
            unsigned w = k - PAIFU_TILE_EAST;
            winds++;
            if (w == sit->prevalent_wind)
                f->cnt[60] = 1;
            if (w == sit->seat_wind)
                f->cnt[61] = 1;
            if (w != sit->prevalent_wind && w != sit->seat_wind)
                guest++;
        } else if (is_terminal_kind(k)) {
            terminal++;
        }
    }
    bool wind_pair = pair >= PAIFU_TILE_EAST && pair < PAIFU_TILE_WHITE;
    bool dragon_pair = pair >= PAIFU_TILE_WHITE && pair < PAIFU_TILE_KINDS;
    if (winds == 4)
        f->cnt[1] = 1;
    if (winds == 3) {
        f->cnt[38] = 1; /* its three pungs never score #73 (own sets) */
        if (wind_pair)
            f->cnt[9] = 1;
    }
    if (dragons == 3)
        f->cnt[2] = 1;
    if (dragons == 2)
        f->cnt[dragon_pair ? 10 : 54] = 1;
    f->cnt[73] = (uint8_t)(terminal + (winds >= 3 ? 0 : guest));
}

/* The combination fans of the suit pungs (mcr_combine.c). */
static void suit_pungs(fanset *f, const set_summary *s, const paifu_rules *rules)
{
    unsigned p[4], n = 0;
    for (unsigned i = 0; i < s->n_pungs; i++)
        if (s->pungs[i] < 27)
            p[n++] = s->pungs[i];
    paifu_mcr__pung_combinations(f->cnt, p, n, rules);
}

/* Kong and concealed-pung series #5 #12 #17 #33 #48 #57 #66 #67 #74 #82 (mcr.md section 7). */
static void kong_fans(fanset *f, const set_summary *s, const paifu_rules *rules)
{
    unsigned m = s->melded_kongs, c = s->concealed_kongs, k = m + c;
    if (k == 1)
        f->cnt[m ? 74 : 67] = 1;
    else if (k == 2 && m == 2)
        f->cnt[57] = 1;
    else if (k == 2 && c == 2)
        f->cnt[48] = 1;
    else if (k == 2 && rules->mcr_melded_concealed_kong == PAIFU_MCR_MCK_ONE_FAN)
        f->cnt[PAIFU_MCR_FAN_MELDED_CONCEALED_KONG] = 1;
    else if (k == 2)
        f->cnt[57] = f->cnt[67] = 1; /* seed L814: 4 + 2 = 6 */
    else if (k == 3)
        f->cnt[17] = 1;
    else if (k == 4) {
        f->cnt[5] = 1;
        if (rules->mcr_four_kongs_concealed == PAIFU_MCR_4K_COMBINE && c)
            f->cnt[c == 1 ? 67 : 48] = 1; /* seed: "combines with Concealed Kong" */
    }
    if (s->concealed_pungs == 2)
        f->cnt[66] = 1;
    else if (s->concealed_pungs == 3)
        f->cnt[33] = 1;
    else if (s->concealed_pungs == 4)
        f->cnt[12] = 1;
}

/* Set-shape fans #21 #31 #49 #55 #63 of a standard reading. */
static void shape_set_fans(fanset *f, const set_summary *s, const paifu_mcr__set *sets, size_t n,
                           unsigned pair)
{
    if (s->n_pungs == 4)
        f->cnt[49] = 1;
    if (s->n_chows == 4 && pair < 27)
        f->cnt[63] = 1;
    bool outside = is_terminal_kind(pair) || pair >= 27;
    bool fives = pair < 27 && rank_of(pair) == 5;
    bool even = pair < 27 && rank_of(pair) % 2 == 0;
    for (size_t i = 0; i < n; i++) {
        unsigned k = sets[i].kind, r = rank_of(k);
        if (sets[i].type == PAIFU_MCR__CHOW) {
            outside = outside && (r == 1 || r == 7);
            fives = fives && r >= 3 && r <= 5;
            even = false;
        } else {
            outside = outside && (k >= 27 || r == 1 || r == 9);
            fives = fives && k < 27 && r == 5;
            even = even && k < 27 && r % 2 == 0;
        }
    }
    if (outside)
        f->cnt[55] = 1;
    if (fives)
        f->cnt[31] = 1;
    if (even && s->n_pungs == 4)
        f->cnt[21] = 1;
}

/* ---- exclusions and totals ---- */

/* Extra exclusions and lifted ones that rule parameters ask for (mcr.md section 13). */
static bool excludes(const paifu_rules *rules, unsigned keeper, unsigned other)
{
    const paifu_mcr__fan_entry *row = paifu_mcr__fan_row(keeper);
    bool special = keeper == 4 || keeper == 6 || keeper == 7 || keeper == 12 || keeper == 19 ||
                   keeper == 20 || keeper == 34;
    if (other == 56 && special && rules->mcr_special_self_draw == PAIFU_MCR_SPECIAL_SELF_DRAWN)
        return true; /* §13 item 13: practice scores #80 instead */
    if (keeper == 35 && other == 62 && rules->mcr_knitted_straight_concealed)
        return false; /* §13 item 12 */
    if (keeper == 4 && other == 73 && rules->mcr_nine_gates_pungs == PAIFU_MCR_9G_ALL_BUT_ONE)
        return false; /* §13 item 14: one #73 is removed instead */
    if (keeper == 5 && (other == 48 || other == 67) &&
        rules->mcr_four_kongs_concealed == PAIFU_MCR_4K_CONCEALED_PUNGS)
        return true; /* §13 item 11 */
    for (const uint8_t *x = row->excludes; *x; x++) {
        if (*x != other)
            continue;
        for (const uint8_t *o = row->own_sets; *o; o++)
            if (*o == other)
                return false; /* formed without the fan's own sets */
        return true;
    }
    return false;
}

/* Fan ids by decreasing value, then increasing id (the order exclusions are applied in). */
static void value_order(uint8_t *order, const paifu_rules *rules)
{
    unsigned n = 0;
    for (int v = 88; v >= 1; v--)
        for (unsigned id = 1; id <= PAIFU_MCR_FAN_MAX; id++)
            if (fan_value(rules, id) == v)
                order[n++] = (uint8_t)id;
}

/* Apply the exclusions to F, add Chicken Hand when needed, and fill OUT. */
static void finish(paifu_mcr_result *out, fanset *f, const paifu_rules *rules)
{
    uint8_t order[PAIFU_MCR_FAN_MAX];
    value_order(order, rules);
    bool excluded[PAIFU_MCR_FAN_MAX + 1] = {false};
    for (unsigned i = 0; i < PAIFU_MCR_FAN_MAX; i++) {
        unsigned id = order[i];
        if (!f->cnt[id])
            continue;
        if (excluded[id]) {
            f->cnt[id] = 0;
            continue;
        }
        for (unsigned other = 1; other <= PAIFU_MCR_FAN_MAX; other++)
            if (other != id && excludes(rules, id, other))
                excluded[other] = true;
    }
    if (f->cnt[4] && f->cnt[73] && rules->mcr_nine_gates_pungs == PAIFU_MCR_9G_ALL_BUT_ONE)
        f->cnt[73]--;
    bool any = false;
    for (unsigned id = 1; id <= PAIFU_MCR_FAN_MAX; id++)
        if (id != 81 && f->cnt[id])
            any = true;
    if (!any)
        f->cnt[43] = 1; /* mcr.md section 7: nothing else scores (flowers aside) */
    out->n_fans = 0;
    out->fan_points = out->flower_points = 0;
    for (unsigned id = 1; id <= PAIFU_MCR_FAN_MAX; id++) {
        if (!f->cnt[id] || out->n_fans >= PAIFU_MCR_MAX_FANS)
            continue;
        int v = fan_value(rules, id);
        out->fans[out->n_fans++] = (paifu_mcr_fan_value){(uint8_t)id, f->cnt[id], (int16_t)v};
        if (id == 81)
            out->flower_points += v * f->cnt[id];
        else
            out->fan_points += v * f->cnt[id];
    }
    out->total = out->fan_points + out->flower_points;
    out->legal = out->complete && out->fan_points >= rules->mcr_min_fan;
}

int paifu_mcr__set_fans(paifu_mcr_result *out, const paifu_mcr__set *sets, size_t n, int pair_kind,
                        const paifu_mcr_situation *sit, const paifu_rules *rules)
{
    memset(out, 0, sizeof(*out));
    if (n > 4)
        return PAIFU_EINVAL;
    fanset f;
    memset(&f, 0, sizeof(f));
    set_summary s;
    summarize(&s, sets, n);
    honor_pung_fans(&f, &s, pair_kind, sit);
    suit_pungs(&f, &s, rules);
    kong_fans(&f, &s, rules);
    paifu_mcr__chow_alts a;
    paifu_mcr__chow_combinations(&a, s.chows, s.n_chows, pair_kind, rules);
    for (unsigned i = 0; a.n && i < 4 && a.fans[0][i]; i++)
        f.cnt[a.fans[0][i]]++;
    out->complete = true;
    finish(out, &f, rules);
    if (out->n_fans == 1 && out->fans[0].id == 43) { /* a partial hand is no Chicken Hand */
        out->n_fans = 0;
        out->fan_points = out->total = 0;
    }
    out->legal = false;
    return 0;
}

/* ---- waits (mcr.md section 11.6) ---- */

/* Roles the winning tile W can play in the concealed sets of reading R. */
static unsigned roles_in(const paifu_mcr__reading *r, unsigned w)
{
    unsigned roles = 0;
    if (r->shape == PAIFU_MCR_SHAPE_KNITTED_STRAIGHT && w < 27 && r->knit[(w % 9) % 3] == w / 9)
        roles |= ROLE_OTHER; /* a tile of the knitted straight itself */
    if (r->pair == w)
        roles |= ROLE_SINGLE;
    for (unsigned i = 0; i < r->n_sets; i++) {
        const paifu_mcr__set *s = &r->sets[i];
        if (s->declared)
            continue;
        if (s->type == PAIFU_MCR__CHOW && w >= s->kind && w <= s->kind + 2u) {
            unsigned pos = w - s->kind, start = rank_of(s->kind);
            if (pos == 1)
                roles |= ROLE_CLOSED;
            else if ((pos == 2 && start == 1) || (pos == 0 && start == 7))
                roles |= ROLE_EDGE;
            else
                roles |= ROLE_OTHER;
        } else if (s->type == PAIFU_MCR__PUNG && s->kind == w) {
            roles |= ROLE_OTHER;
        }
    }
    return roles;
}

/* Practice (MIL): in the reading kept, edge (either end of a chow), then closed, then single. */
static uint8_t practice_wait(const paifu_mcr__reading *r, unsigned w)
{
    uint8_t fan = 0;
    for (unsigned i = 0; i < r->n_sets; i++) {
        const paifu_mcr__set *s = &r->sets[i];
        if (s->declared || s->type != PAIFU_MCR__CHOW || w < s->kind || w > s->kind + 2u)
            continue;
        if (w != s->kind + 1u)
            return 77;
        fan = 78;
    }
    if (!fan && r->pair == w && r->shape == PAIFU_MCR_SHAPE_STANDARD)
        fan = 79;
    if (!fan && r->pair == w && r->shape == PAIFU_MCR_SHAPE_KNITTED_STRAIGHT &&
        !(w < 27 && r->knit[(w % 9) % 3] == w / 9))
        fan = 79;
    return fan;
}

static uint8_t role_fan(unsigned roles)
{
    switch (roles) {
    case ROLE_EDGE:
        return 77;
    case ROLE_CLOSED:
        return 78;
    case ROLE_SINGLE:
        return 79;
    default:
        return 0;
    }
}

/* ---- one reading ---- */

static void situation_fans(fanset *f, const hand_facts *h)
{
    const paifu_mcr_situation *sit = h->sit;
    if (h->self_draw) {
        f->cnt[80] = 1;
        if (h->concealed_hand)
            f->cnt[56] = 1;
    } else if (h->concealed_hand) {
        f->cnt[62] = 1;
    }
    if (sit->flags & PAIFU_MCR_LAST_WALL_TILE)
        f->cnt[h->self_draw ? 44 : 45] = 1;
    if ((sit->flags & PAIFU_MCR_KONG_REPLACEMENT) && h->self_draw)
        f->cnt[46] = 1;
    if (sit->win_by == PAIFU_MCR_BY_ROBBING)
        f->cnt[47] = 1;
    if (sit->flags & PAIFU_MCR_LAST_OF_KIND)
        f->cnt[58] = 1;
    if (h->melded_hand && !h->self_draw)
        f->cnt[53] = 1;
    if (sit->flowers)
        f->cnt[81] = sit->flowers;
    for (unsigned k = 0; k < PAIFU_TILE_KINDS; k++)
        if (h->nonkong[k] == 4)
            f->cnt[64]++;
}

/* Fans of reading R without the chow combinations. */
static void reading_base(fanset *f, const paifu_mcr__reading *r, const hand_facts *h)
{
    memset(f, 0, sizeof(*f));
    content_fans(f, h->all);
    situation_fans(f, h);
    switch (r->shape) {
    case PAIFU_MCR_SHAPE_SEVEN_PAIRS: {
        f->cnt[19] = 1;
        unsigned first = PAIFU_TILE_KINDS, kinds = 0;
        for (unsigned k = 0; k < PAIFU_TILE_KINDS; k++)
            if (h->all[k]) {
                first = first < k ? first : k;
                kinds++;
            }
        bool shifted = kinds == 7 && first < 27 && first % 9 <= 2;
        for (unsigned k = first; shifted && k < first + 7; k++)
            shifted = h->all[k] == 2;
        if (shifted)
            f->cnt[6] = 1; /* 7 consecutive pairs of one suit */
        return;
    }
    case PAIFU_MCR_SHAPE_THIRTEEN_ORPHANS:
        f->cnt[7] = 1;
        return;
    case PAIFU_MCR_SHAPE_HONORS_KNITTED: {
        unsigned honors = 0, suited = 0;
        for (unsigned k = 0; k < PAIFU_TILE_KINDS; k++) {
            if (k >= 27)
                honors += h->all[k];
            else
                suited += h->all[k];
        }
        f->cnt[honors == 7 ? 20 : 34] = 1;
        if (suited == 9)
            f->cnt[35] = 1; /* the full knitted straight inside (Chinese practice) */
        return;
    }
    default:
        break;
    }
    set_summary s;
    summarize(&s, r->sets, r->n_sets);
    honor_pung_fans(f, &s, r->pair, h->sit);
    suit_pungs(f, &s, h->rules);
    kong_fans(f, &s, h->rules);
    if (r->shape == PAIFU_MCR_SHAPE_KNITTED_STRAIGHT) {
        f->cnt[35] = 1;
        if (s.n_chows == 1 && r->pair < 27)
            f->cnt[63] = 1; /* seed example: Knitted Straight with All Chows */
    } else {
        shape_set_fans(f, &s, r->sets, r->n_sets, r->pair);
        if (h->nine_gates)
            f->cnt[4] = 1;
    }
    if (h->unique_wait) {
        uint8_t w = h->rules->mcr_wait_fans == PAIFU_MCR_WAIT_COUNT_ONE ? practice_wait(r, h->win)
                                                                        : h->seed_wait;
        if (w)
            f->cnt[w] = 1;
    }
}

/* ---- the best reading ---- */

typedef struct chooser {
    const paifu_mcr_fan_value *want;
    size_t n_want;
    bool have_best, have_match;
    paifu_mcr_result best, match;
} chooser;

static int top_fan(const paifu_mcr_result *r)
{
    int top = 0;
    for (unsigned i = 0; i < r->n_fans; i++)
        if (r->fans[i].id != 81 && r->fans[i].points > top)
            top = r->fans[i].points;
    return top;
}

static bool equals_want(const paifu_mcr_result *r, const chooser *c)
{
    if (!c->want || r->n_fans != c->n_want)
        return false;
    for (size_t i = 0; i < c->n_want; i++) {
        bool found = false;
        for (unsigned j = 0; j < r->n_fans; j++)
            if (r->fans[j].id == c->want[i].id && r->fans[j].count == c->want[i].count)
                found = true;
        if (!found)
            return false;
    }
    return true;
}

static void consider(chooser *c, const paifu_mcr_result *r)
{
    if (!c->have_best || r->total > c->best.total ||
        (r->total == c->best.total && top_fan(r) > top_fan(&c->best))) {
        c->best = *r;
        c->have_best = true;
    }
    if (equals_want(r, c) && (!c->have_match || r->total > c->match.total)) {
        c->match = *r;
        c->have_match = true;
    }
}

static void score_reading(chooser *c, const paifu_mcr__reading *r, const hand_facts *h)
{
    fanset base;
    reading_base(&base, r, h);
    paifu_mcr__chow_alts a;
    if (r->shape == PAIFU_MCR_SHAPE_STANDARD) {
        set_summary s;
        summarize(&s, r->sets, r->n_sets);
        paifu_mcr__chow_combinations(&a, s.chows, s.n_chows, r->pair, h->rules);
    } else {
        memset(&a, 0, sizeof(a));
        a.n = 1;
    }
    for (unsigned i = 0; i < a.n; i++) {
        fanset f = base;
        for (unsigned j = 0; j < 4 && a.fans[i][j]; j++)
            f.cnt[a.fans[i][j]]++;
        paifu_mcr_result res;
        memset(&res, 0, sizeof(res));
        res.complete = true;
        res.shape = r->shape;
        finish(&res, &f, h->rules);
        consider(c, &res);
    }
}

/* ---- facts of the hand ---- */

static bool nine_gates(const paifu_mcr_hand *hand, unsigned win)
{
    if (hand->n_melds || win >= 27)
        return false;
    uint8_t c[PAIFU_TILE_KINDS];
    paifu_mcr__concealed_counts(c, hand, false);
    unsigned base = win / 9 * 9;
    static const uint8_t GATES[9] = {3, 1, 1, 1, 1, 1, 1, 1, 3};
    for (unsigned k = 0; k < PAIFU_TILE_KINDS; k++) {
        unsigned want = k >= base && k < base + 9 ? GATES[k - base] : 0;
        if (c[k] != want)
            return false;
    }
    return true;
}

static void seed_wait(hand_facts *h, const paifu_mcr__reading *rd, size_t n)
{
    unsigned roles = 0;
    for (size_t i = 0; i < n; i++)
        if (rd[i].shape == PAIFU_MCR_SHAPE_STANDARD ||
            rd[i].shape == PAIFU_MCR_SHAPE_KNITTED_STRAIGHT)
            roles |= roles_in(&rd[i], h->win);
    h->seed_wait = role_fan(roles); /* several roles: "all are cancelled" */
}

static void hand_facts_init(hand_facts *h, const paifu_mcr_hand *hand,
                            const paifu_mcr_situation *sit, const paifu_rules *rules)
{
    memset(h, 0, sizeof(*h));
    h->hand = hand, h->sit = sit, h->rules = rules;
    h->win = paifu_tile_kind(hand->win_tile);
    h->self_draw = sit->win_by == PAIFU_MCR_BY_SELF_DRAW;
    h->concealed_hand = true;
    paifu_mcr__concealed_counts(h->all, hand, true);
    memcpy(h->nonkong, h->all, sizeof(h->all));
    unsigned claimed = 0;
    for (unsigned m = 0; m < hand->n_melds; m++) {
        const paifu_mcr_meld *md = &hand->melds[m];
        unsigned k = paifu_tile_kind(md->tile);
        if (md->type == PAIFU_MCR_CHOW) {
            for (unsigned i = 0; i < 3; i++)
                h->all[k + i]++, h->nonkong[k + i]++;
        } else if (md->type == PAIFU_MCR_PUNG) {
            h->all[k] += 3, h->nonkong[k] += 3;
        } else {
            h->all[k] += 4;
        }
        if (!(md->type == PAIFU_MCR_KONG && md->concealed))
            claimed++;
    }
    h->concealed_hand = claimed == 0;
    h->melded_hand = claimed == 4;
    h->nine_gates = nine_gates(hand, h->win);
    uint8_t c13[PAIFU_TILE_KINDS];
    paifu_mcr__concealed_counts(c13, hand, false);
    uint64_t w = paifu_mcr__waits(c13, hand->n_melds);
    h->unique_wait = w && !(w & (w - 1));
}

/* ---- public API ---- */

static int check_hand(const paifu_mcr_hand *hand, const paifu_mcr_situation *sit, paifu_error *err)
{
    if (hand->n_melds > 4 || hand->n_tiles + 3u * hand->n_melds != 13)
        return paifu_error_set(err, PAIFU_EINVAL, NULL,
                               "mcr hand: expected %u concealed tiles with %u melds, found %u",
                               13u - 3u * (hand->n_melds > 4 ? 4u : hand->n_melds),
                               (unsigned)hand->n_melds, (unsigned)hand->n_tiles);
    if (sit->win_by > PAIFU_MCR_BY_ROBBING || sit->seat_wind > 3 || sit->prevalent_wind > 3 ||
        sit->flowers > 8)
        return paifu_error_set(err, PAIFU_EINVAL, NULL,
                               "mcr hand: invalid situation (win_by, winds 0..3, flowers 0..8)");
    uint8_t all[PAIFU_TILE_KINDS] = {0};
    for (unsigned i = 0; i <= hand->n_tiles; i++) {
        paifu_tile t = i < hand->n_tiles ? hand->tiles[i] : hand->win_tile;
        if (t == PAIFU_TILE_NONE || !paifu_tile_valid(t) || paifu_tile_kind(t) >= 34)
            return paifu_error_set(err, PAIFU_EINVAL, NULL,
                                   "mcr hand: expected suit or honor tiles, found tile %u",
                                   (unsigned)t);
        all[paifu_tile_kind(t)]++;
    }
    for (unsigned m = 0; m < hand->n_melds; m++) {
        const paifu_mcr_meld *md = &hand->melds[m];
        unsigned k = paifu_tile_kind(md->tile);
        bool chow = md->type == PAIFU_MCR_CHOW;
        if (md->type < PAIFU_MCR_CHOW || md->type > PAIFU_MCR_KONG || k >= 34 ||
            (chow && (k >= 27 || k % 9 > 6)))
            return paifu_error_set(err, PAIFU_EINVAL, NULL, "mcr hand: meld %u is not a set", m);
        if (chow)
            all[k]++, all[k + 1]++, all[k + 2]++;
        else
            all[k] = (uint8_t)(all[k] + (md->type == PAIFU_MCR_KONG ? 4 : 3));
    }
    for (unsigned k = 0; k < PAIFU_TILE_KINDS; k++)
        if (all[k] > 4) {
            char name[3];
            return paifu_error_set(err, PAIFU_EINVAL, NULL, "mcr hand: %u copies of %s (at most 4)",
                                   (unsigned)all[k],
                                   paifu_tile_name(name, paifu_tile_make(k, false)));
        }
    return 0;
}

int paifu_mcr_score_hand_as(paifu_mcr_result *out, const paifu_mcr_hand *hand,
                            const paifu_mcr_situation *sit, const paifu_rules *rules,
                            const paifu_mcr_fan_value *want, size_t n_want, paifu_error *err)
{
    PAIFU_ASSERT_ARG(out && hand && sit && rules && (want || !n_want), err);
    memset(out, 0, sizeof(*out));
    int rc = check_hand(hand, sit, err);
    if (rc < 0)
        return rc;
    hand_facts h;
    hand_facts_init(&h, hand, sit, rules);
    uint8_t counts[PAIFU_TILE_KINDS];
    paifu_mcr__concealed_counts(counts, hand, true);
    paifu_mcr__reading rd[PAIFU_MCR__MAX_READINGS];
    size_t n = paifu_mcr__readings(rd, PAIFU_MCR__MAX_READINGS, counts, hand);
    /* On a discard win a pung completed by the winning tile is melded, unless the tile can sit
       in a concealed chow of the same reading (mcr.md section 3.3). */
    if (!h.self_draw)
        for (size_t i = 0; i < n; i++) {
            bool in_chow = false;
            for (unsigned j = 0; j < rd[i].n_sets; j++) {
                const paifu_mcr__set *s = &rd[i].sets[j];
                if (!s->declared && s->type == PAIFU_MCR__CHOW && h.win >= s->kind &&
                    h.win <= s->kind + 2u)
                    in_chow = true;
            }
            for (unsigned j = 0; j < rd[i].n_sets && !in_chow; j++) {
                paifu_mcr__set *s = &rd[i].sets[j];
                if (!s->declared && s->type == PAIFU_MCR__PUNG && s->kind == h.win)
                    s->concealed = false;
            }
        }
    seed_wait(&h, rd, n);
    chooser c;
    memset(&c, 0, sizeof(c));
    c.want = want, c.n_want = n_want;
    for (size_t i = 0; i < n; i++)
        score_reading(&c, &rd[i], &h);
    if (!c.have_best)
        return 0; /* not a winning hand: complete = false */
    *out = c.have_match && c.match.total == c.best.total ? c.match : c.best;
    return 0;
}

int paifu_mcr_score_hand(paifu_mcr_result *out, const paifu_mcr_hand *hand,
                         const paifu_mcr_situation *sit, const paifu_rules *rules, paifu_error *err)
{
    return paifu_mcr_score_hand_as(out, hand, sit, rules, NULL, 0, err);
}
