/*
 * wait.c: waits of a hand, furiten, and the two call/kan legality rules that depend on waits:
 * a closed kan after riichi, and kuikae.
 *
 * Waits are found by trying every kind that could complete the shape: a kind already present,
 * or a suited kind within two of a present one (no other tile can join a set or pair). A kind
 * the concealed tiles hold four times is never a wait: there is no fifth tile (the "pure
 * karaten" of RRC 000 §3.8 "noten if every winning tile is already in the player's own hand" is
 * the stricter rule on top, applied by paifu_hand_tenpai_for_draw in score.c).
 */
#include "reading_internal.h"
#include "rules_internal.h"
#include "wait_internal.h"

#include <string.h>

/* Kinds that could complete a shape: present kinds and suited neighbours within two. */
static uint64_t candidates(const uint8_t counts[KINDS])
{
    uint64_t present = 0;
    for (unsigned k = 0; k < KINDS; k++)
        if (counts[k])
            present |= KIND_BIT(k);
    uint64_t c = present;
    for (unsigned k = 0; k < 27; k++) {
        if (!(present & KIND_BIT(k)))
            continue;
        unsigned n = k % 9;
        for (unsigned d = 1; d <= 2; d++) {
            if (n >= d)
                c |= KIND_BIT(k - d);
            if (n + d <= 8)
                c |= KIND_BIT(k + d);
        }
    }
    return c;
}

uint64_t paifu_wait__shape_reference(const uint8_t counts[KINDS], unsigned n, bool special)
{
    uint8_t c[KINDS];
    uint64_t waits = 0;
    if (n % 3 == 0)
        return 0;
    memcpy(c, counts, sizeof(c));
    uint64_t cand = special ? candidates(counts) | ORPHANS_MASK : candidates(counts);
    for (unsigned k = 0; k < KINDS; k++) {
        if (!(cand & KIND_BIT(k)) || c[k] >= 4)
            continue;
        c[k]++;
        bool ok;
        if (n % 3 == 1) {
            ok = paifu_reading__standard_complete(c, n + 1) ||
                 (special && (paifu_reading__seven_pairs(c, n + 1) ||
                              paifu_reading__thirteen_orphans(c, n + 1)));
        } else {
            ok = paifu_reading__sets_only(c, n + 1);
        }
        c[k]--;
        if (ok)
            waits |= KIND_BIT(k);
    }
    return waits;
}

/*
 * Eight counts at a time (counts are 0..4, so no byte carries into the next): the bytes of P
 * as one little-endian word, the sum of a word's bytes, and 1 in each byte whose count is at
 * least M (a count plus 0x80 - M has its top bit set exactly then).
 */
static uint64_t load8(const uint8_t *p)
{
    return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24 |
           (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 |
           (uint64_t)p[7] << 56;
}

static unsigned byte_sum(uint64_t v)
{
    return (unsigned)((v * UINT64_C(0x0101010101010101)) >> 56);
}

static uint64_t bytes_at_least(uint64_t v, unsigned m)
{
    uint64_t add = UINT64_C(0x8080808080808080) - m * UINT64_C(0x0101010101010101);
    return ((v + add) & UINT64_C(0x8080808080808080)) >> 7;
}

/*
 * Does one suit (nine counts C, 2 modulo 3 tiles) split into one pair plus sets? Every set's
 * position sum (3i for a triplet, 3i + 3 for a run) is 0 modulo 3, so the pair position P
 * satisfies 2P = sum(i * C[i]) modulo 3, i.e. P = 2 * sum(i * C[i]) modulo 3: only every third
 * position can hold the pair, and only those are tried (paifu_reading__suit_pair_and_sets tries
 * all of them).
 */
static bool pair_and_sets(const uint8_t *c)
{
    unsigned w = 0;
    for (unsigned i = 0; i < 9; i++)
        w += i * c[i];
    uint8_t t[9];
    memcpy(t, c, 9);
    for (unsigned p = (2 * w) % 3; p < 9; p += 3) {
        if (t[p] < 2)
            continue;
        t[p] = (uint8_t)(t[p] - 2);
        bool ok = paifu_reading__suit_sets_only(t);
        t[p] = (uint8_t)(t[p] + 2);
        if (ok)
            return true;
    }
    return false;
}

/*
 * Standard-form waits of a shape of 1 modulo 3 tiles, group by group. A complete standard hand
 * has one group (a suit, or the honours) at 2 modulo 3 holding the pair and every other group
 * at 0 modulo 3 splitting into sets. So before the winning tile either exactly one group is at
 * 1 (the tile goes there and makes the pair group) and the rest are at 0, or exactly two groups
 * are at 2 (the tile goes to one of them and turns it into sets) and the rest are at 0; every
 * other residue pattern is noten at once. That test comes first, as it costs only the group
 * totals (most 13-tile hands of a game are noten and stop there or at the next one): every
 * group at 0 must split into sets as it is. The groups that do not receive the tile are checked
 * once; each candidate tile re-checks only its own group. Equivalent to trying every candidate
 * against the whole hand (paifu_wait__shape_reference; tests/unit/test_wait_fast.c compares
 * them).
 */
static uint64_t standard_waits(const uint8_t counts[KINDS])
{
    unsigned residue[4], n_one = 0, n_two = 0;
    for (unsigned g = 0; g < 3; g++)
        residue[g] = (byte_sum(load8(counts + 9 * g)) + counts[9 * g + 8]) % 3;
    /* honours: every kind is a triplet, the pair, or (before the tile) a lone tile / a pair;
       the eight bytes from kind 26 on, shifted, hold the seven honours and a zero */
    uint64_t honours = load8(counts + 26) >> 8;
    unsigned at_least[5];
    for (unsigned m = 1; m <= 4; m++)
        at_least[m] = byte_sum(bytes_at_least(honours, m));
    unsigned lone = at_least[1] - at_least[2], pairs = at_least[2] - at_least[3];
    bool honours_bad = at_least[4] > 0;
    residue[3] = byte_sum(honours) % 3;
    for (unsigned g = 0; g < 4; g++) {
        n_one += residue[g] == 1;
        n_two += residue[g] == 2;
    }
    bool one_pattern = n_one == 1 && n_two == 0;
    bool two_pattern = n_one == 0 && n_two == 2;
    if (!one_pattern && !two_pattern)
        return 0;
    /* the groups at 0 never receive the tile: each must split into sets as it is */
    if (residue[3] == 0 && (honours_bad || lone || pairs))
        return 0;
    for (unsigned g = 0; g < 3; g++)
        if (residue[g] == 0 && !paifu_reading__suit_sets_only(counts + 9 * g))
            return 0;
    /* pattern 2: the group at 2 that does not receive the tile holds the pair */
    bool pair_sets[4] = {false, false, false, false};
    if (two_pattern) {
        for (unsigned g = 0; g < 3; g++)
            pair_sets[g] = residue[g] == 2 && pair_and_sets(counts + 9 * g);
        pair_sets[3] = residue[3] == 2 && !honours_bad && lone == 0 && pairs == 1;
    }
    uint64_t waits = 0;
    for (unsigned g = 0; g < 4; g++) {
        if (residue[g] == 0)
            continue;
        /* the other groups must be complete as they are */
        bool others = true;
        for (unsigned o = 0; o < 4 && others; o++)
            if (o != g && residue[o] != 0)
                others = pair_sets[o]; /* the pair group of pattern 2 */
        if (!others)
            continue;
        if (g == 3) {
            if (honours_bad)
                continue;
            for (unsigned k = 27; k < KINDS; k++) {
                if (one_pattern) {
                    /* a lone honour becomes the pair (tanki), or one of two pairs becomes a
                       triplet and the other stays the pair (shanpon) */
                    if ((lone == 1 && pairs == 0 && counts[k] == 1) ||
                        (lone == 0 && pairs == 2 && counts[k] == 2))
                        waits |= KIND_BIT(k);
                } else if (lone == 0 && pairs == 1 && counts[k] == 2) {
                    waits |= KIND_BIT(k); /* the honour pair becomes a triplet */
                }
            }
            continue;
        }
        uint8_t c[9];
        memcpy(c, counts + 9 * g, 9);
        for (unsigned i = 0; i < 9; i++) {
            bool near = c[i] || (i >= 1 && c[i - 1]) || (i >= 2 && c[i - 2]) ||
                        (i + 1 < 9 && c[i + 1]) || (i + 2 < 9 && c[i + 2]);
            if (!near || c[i] >= 4)
                continue;
            c[i]++;
            bool ok = one_pattern ? pair_and_sets(c) : paifu_reading__suit_sets_only(c);
            c[i]--;
            if (ok)
                waits |= KIND_BIT(9 * g + i);
        }
    }
    return waits;
}

/*
 * The kinds held at least M times (M = 1..3) as a bit set, from COUNTS padded with zeros to 40
 * bytes, eight counts at a time: the multiplication gathers the eight 0/1 bytes of
 * bytes_at_least into one byte (bit i from byte i).
 */
static uint64_t kinds_at_least(const uint8_t padded[40], unsigned m)
{
    uint64_t kinds = 0;
    for (unsigned w = 0; w < 5; w++) {
        uint64_t ones = bytes_at_least(load8(padded + 8 * w), m);
        kinds |= ((ones * UINT64_C(0x0102040810204080)) >> 56) << (8 * w);
    }
    return kinds;
}

uint64_t paifu_wait__shape(const uint8_t counts[KINDS], unsigned n, bool special)
{
    if (n % 3 != 1)
        return paifu_wait__shape_reference(counts, n, special);
    uint64_t waits = standard_waits(counts);
    if (!special || n != 13)
        return waits;
    /* The special forms hold their 13 tiles in seven kinds (seven pairs: six pairs and the
       single that is the wait) or in twelve or thirteen (thirteen orphans), so the number of
       kinds held decides which form to test, and most hands (eight to eleven kinds) stop here.
       With 13 tiles in those kinds no kind can be held three or four times. */
    uint8_t padded[40] = {0};
    memcpy(padded, counts, KINDS);
    uint64_t one = kinds_at_least(padded, 1);
    unsigned distinct = bit_count(one);
    if (distinct == 7) {
        /* seven pairs: six different pairs and a single (four of a kind is not two pairs, and
           the counts leave no room for it: yaku.md #18) */
        uint64_t two = kinds_at_least(padded, 2);
        if (bit_count(two) == 6)
            waits |= one & ~two;
    } else if (distinct >= 12 && !(one & ~ORPHANS_MASK)) {
        /* thirteen orphans: only terminals and honours, every one once (thirteen-sided wait)
           or twelve of them with one doubled (the missing one) (yaku.md #35) */
        unsigned doubled = bit_count(kinds_at_least(padded, 2));
        if (distinct == 13 && doubled == 0)
            waits |= ORPHANS_MASK;
        else if (distinct == 12 && doubled == 1)
            waits |= ORPHANS_MASK & ~one;
    }
    return waits;
}

uint64_t paifu_wait__hand(const paifu_hand *hand)
{
    if (hand->n_closed % 3 != 1)
        return 0;
    bool special = hand->n_melds == 0 && hand->n_closed == 13;
    return paifu_wait__shape(hand->counts, hand->n_closed, special);
}

uint64_t paifu_hand_waits(const paifu_hand *hand)
{
    if (!hand || !paifu_hand__valid(hand))
        return 0;
    return paifu_wait__hand(hand);
}

bool paifu_hand_furiten(const paifu_hand *hand, uint64_t discarded)
{
    return (paifu_hand_waits(hand) & discarded) != 0;
}

/* ---- closed kan after riichi ---- */

/*
 * Does every reading of every completed hand keep KIND as a triplet? With PONS, a reading that
 * uses KIND in three identical sequences (333444555 read as 345 345 345) is accepted too
 * (EMA 004 §3.3.12: the kan is allowed for three consecutive pons).
 */
static bool kind_always_triplet(const uint8_t before[KINDS], unsigned n, uint64_t waits,
                                unsigned kind, bool pons)
{
    paifu_hand none;
    paifu_reading readings[PAIFU_MAX_READINGS];
    uint8_t c[KINDS];
    paifu_hand_init(&none);
    memcpy(c, before, sizeof(c));
    for (unsigned w = 0; w < KINDS; w++) {
        if (!(waits & KIND_BIT(w)))
            continue;
        c[w]++;
        bool more;
        size_t nr = paifu_reading__all(readings, PAIFU_MAX_READINGS, &more, c, n + 1, &none);
        c[w]--;
        if (more)
            return false;
        for (size_t i = 0; i < nr; i++) {
            const paifu_reading *r = &readings[i];
            if (r->form != PAIFU_FORM_STANDARD)
                return false;
            bool triplet = false;
            unsigned same_runs = 0, run_kind = 0;
            for (unsigned s = 0; s < r->n_sets; s++) {
                const paifu_set *set = &r->sets[s];
                if (set->type == PAIFU_SET_TRIPLET && set->kind == kind)
                    triplet = true;
                if (set->type == PAIFU_SET_SEQUENCE && kind >= set->kind && kind <= set->kind + 2u) {
                    if (same_runs && set->kind != run_kind)
                        return false;
                    run_kind = set->kind;
                    same_runs++;
                }
            }
            if (triplet)
                continue;
            if (!(pons && same_runs == 3))
                return false;
        }
    }
    return true;
}

bool paifu_hand_riichi_ankan_allowed(const paifu_hand *hand, paifu_tile drawn,
                                     const paifu_rules *rules)
{
    if (!hand || !rules || rules->riichi_ankan == PAIFU_RIICHI_ANKAN_NEVER)
        return false;
    if (!paifu_tile_valid(drawn) || paifu_tile_is_bonus(drawn) || hand->n_closed % 3 != 2 ||
        !paifu_hand__valid(hand))
        return false;
    unsigned kind = paifu_tile_kind(drawn);
    if (hand->counts[kind] < 4)
        return false;
    uint8_t before[KINDS], after[KINDS];
    memcpy(before, hand->counts, sizeof(before));
    before[kind]--;
    memcpy(after, hand->counts, sizeof(after));
    after[kind] = 0;
    unsigned n = hand->n_closed - 1u;
    /* the drawn tile was the fourth, so a wait on its kind is dead either way */
    uint64_t waits = paifu_wait__shape(before, n, false) & ~KIND_BIT(kind);
    uint64_t waits_after = paifu_wait__shape(after, n - 3u, false) & ~KIND_BIT(kind);
    /* RRC 000 §3.3.6: neither the wait ... */
    if (waits == 0 || waits_after != waits)
        return false;
    if (rules->riichi_ankan == PAIFU_RIICHI_ANKAN_WAIT)
        return true;
    /* ... nor any possible reading of the hand may change */
    return kind_always_triplet(before, n, waits, kind,
                               rules->riichi_ankan == PAIFU_RIICHI_ANKAN_READING_PONS);
}

/* ---- kuikae ---- */

uint64_t paifu_meld_kuikae_forbidden(const paifu_meld *call, const paifu_rules *rules)
{
    if (!call || !rules || rules->kuikae == PAIFU_KUIKAE_ALLOW)
        return 0;
    if ((call->type != PAIFU_MELD_CHI && call->type != PAIFU_MELD_PON) ||
        call->called == PAIFU_TILE_NONE)
        return 0;
    unsigned ck = paifu_tile_kind(call->called);
    uint64_t mask = KIND_BIT(ck);
    if (rules->kuikae == PAIFU_KUIKAE_FORBID_ALL && call->type == PAIFU_MELD_CHI) {
        /* 000 §3.3.4: nor the tile at the other end of the run (suji swap) */
        unsigned k0 = paifu_tile_kind(call->tiles[0]);
        if (ck == k0 && k0 % 9 <= 5)
            mask |= KIND_BIT(k0 + 3);
        else if (ck == k0 + 2 && k0 % 9 >= 1)
            mask |= KIND_BIT(k0 - 1);
    }
    return mask;
}
