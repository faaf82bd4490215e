/*
 * score_internal.h: the top of the hand engine: what the scoring files share (score.c, yaku.c,
 * fu.c). Nothing here allocates; every array is fixed-size. The floor (kinds, bits, the hand)
 * is hand_internal.h.
 *
 * Invariants used throughout:
 *  - a reading lists the concealed sets first (ascending kind) and the melds after them in call
 *    order, so the order of the yakuhai entries of a yaku list is the order of the sets;
 *  - an interpretation is a reading plus the place of the winning tile in it; every scoring
 *    decision that depends on the place (wait fu, pinfu, a triplet completed by ron being open)
 *    reads it from the interpretation, never from the reading alone.
 */
#ifndef PAIFU_SCORE_INTERNAL_H
#define PAIFU_SCORE_INTERNAL_H

#include "hand_internal.h"
#include "paifu/score.h"
#include "rules_internal.h"

#include <stdbool.h>
#include <stdint.h>

/* Bit of a yaku id in a uint64_t yaku set (ids 0..55 fit). */
#define YAKU_BIT(id) (UINT64_C(1) << (id))

/* Place of the winning tile inside a reading. */
#define WIN_IN_PAIR 4

/* ---- yaku.c ---- */

/* Facts about a win that do not depend on the reading; computed once per hand. */
typedef struct paifu_facts {
    const paifu_hand *hand;
    const struct paifu_rules *rules;
    uint8_t counts[KINDS];   /* concealed tiles, winning tile included */
    uint8_t all[KINDS];      /* concealed plus melded tiles */
    unsigned n_closed;       /* concealed tiles, winning tile included */
    unsigned win_kind;
    unsigned flags;          /* PAIFU_SIT_* */
    unsigned seat_kind;      /* 27 + seat wind */
    unsigned round_kind;     /* 27 + round wind */
    bool tsumo;
    bool menzen;             /* no melds but ankan */
    bool dealer;
    uint64_t present;        /* kinds present anywhere in the hand */
    uint64_t yaku;           /* reading-independent yaku (situation, tile-set yaku) */
    uint64_t yakuman;        /* reading-independent yakuman */
    int dora, aka, ura, kita;
} paifu_facts;

/* The value of one interpretation. */
typedef struct paifu_eval {
    uint64_t yaku;      /* yaku and yakuman ids present */
    int yaku_han;       /* han from yaku (0 for a yakuman hand) */
    int yakuman;        /* multiples, after the stacking rule */
    int han;            /* yaku_han + dora family, or 13 * yakuman */
    int fu;             /* rounded */
    int fu_raw;
    uint8_t wait;       /* paifu_wait */
    uint8_t win_set;    /* 0..3 or WIN_IN_PAIR */
    uint8_t limit;      /* paifu_limit */
    uint8_t status;     /* paifu_score_status */
    bool renhou_mangan; /* scored as renhou alone (renhou = mangan) */
    paifu_payment pay;
    int32_t total;
} paifu_eval;

/* Fill the reading-independent facts; returns PAIFU_SCORE_OK or PAIFU_SCORE_CHANKAN_ANKAN. */
void paifu_yaku__facts(paifu_facts *f, const paifu_hand *hand, const uint8_t counts[KINDS],
                       unsigned n_closed, const paifu_situation *sit,
                       const struct paifu_rules *rules);

/* Yaku (and yakuman) of one interpretation: sets e->yaku, e->yaku_han, e->yakuman. */
void paifu_yaku__evaluate(paifu_eval *e, const paifu_facts *f, const paifu_reading *r);

/*
 * Write the yaku list of E in Tenhou's order into OUT (room for PAIFU_MAX_YAKU); returns the
 * number of entries. The dora family (52, 54, 53, 55) comes last.
 */
unsigned paifu_yaku__list(paifu_yaku_value *out, const paifu_eval *e, const paifu_facts *f,
                          const paifu_reading *r);

/* Han of yaku ID in a closed (MENZEN) or open hand; 0 if it does not count there. */
int paifu_yaku__han(unsigned id, bool menzen, const struct paifu_rules *rules);

/* Yakuman multiple of yakuman ID under RULES (1, or 2 for a double yakuman the rules list). */
int paifu_yaku__yakuman_value(unsigned id, const struct paifu_rules *rules);

/* ---- points.c ---- */

/*
 * 3-player without tsumo loss (sanma_tsumo_loss false, the "north bisection"): what each of the
 * two payers of a tsumo adds for the absent north seat, half of that seat's share
 * NONDEALER_SHARE (the north is never the dealer) rounded up to 100. 0 with 4 players or under
 * tsumo loss, where the north's share is simply not paid.
 */
int32_t paifu_points__absent_share(int32_t nondealer_share, int players,
                                   const struct paifu_rules *rules);

/* ---- fu.c ---- */

/* Wait type of the winning tile when it completes set WIN_SET (or the pair) of R. */
uint8_t paifu_fu__wait(const paifu_reading *r, unsigned win_set, unsigned win_kind);

/*
 * Fu of an interpretation (yaku.md section 5). PINFU says whether pinfu is scored. PARTS (may
 * be NULL) receives the terms, *N_PARTS their number. Returns the raw (unrounded) sum.
 */
int paifu_fu__raw(const paifu_facts *f, const paifu_reading *r, unsigned win_set, uint8_t wait,
                  bool pinfu, paifu_fu_part *parts, unsigned *n_parts);

/* Round fu up to 10 (chiitoitsu's 25 stays). */
static inline int paifu_fu__round(int raw)
{
    return raw == 25 ? 25 : (raw + 9) / 10 * 10;
}

/* Is set I of R concealed for fu and sanankou (a pon completed by ron is open)? */
bool paifu_fu__set_concealed(const paifu_facts *f, const paifu_reading *r, unsigned i,
                             unsigned win_set);

#endif
