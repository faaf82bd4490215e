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
#include "score_internal.h"

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

uint64_t paifu_wait__shape(const uint8_t counts[KINDS], unsigned n, bool special)
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

uint64_t paifu_hand_waits(const paifu_hand *hand)
{
    if (!hand || hand->n_closed % 3 != 1 || !paifu_hand__valid(hand))
        return 0;
    bool special = hand->n_melds == 0 && hand->n_closed == 13;
    return paifu_wait__shape(hand->counts, hand->n_closed, special);
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
