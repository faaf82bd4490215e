/*
 * fill.c: values a log does not record, computed from the tiles by the hand engine
 * (paifu_game_fill_values, paifu/score.h).
 *
 * For each win: its hand and situation as paifu_deal_win_hand rebuilds them (the recorded
 * concealed tiles, or the table's at the win; timing flags from the recorded yaku, or from the
 * events), scored by paifu_score_hand under the rule set. Only what the record lacks is set:
 * the yaku (and yakuman count), han, fu (also the fu of a limit hand recorded as 0, which a
 * limit's score string cannot give), the limit, the points and a tsumo's split. Each value set
 * gets its PAIFU_REC_* bit in `known` and in `computed`, so that writers and reports can tell
 * it from a recorded one. A win the engine does not score as a valid win is left as it is.
 */
#include "error_internal.h"
#include "game_internal.h"
#include "paifu/score.h"

#include <string.h>

/* Fill what win W (of deal D, index K) lacks from score S; the bits set. */
static unsigned fill_win(paifu_win *w, const paifu_score *s)
{
    unsigned set = 0;
    if (!(w->known & PAIFU_REC_YAKU)) {
        w->n_yaku = s->n_yaku;
        memcpy(w->yaku, s->yaku, sizeof(w->yaku[0]) * s->n_yaku);
        w->yakuman = s->yakuman;
        set |= PAIFU_REC_YAKU;
    }
    if (!(w->known & PAIFU_REC_HAN)) {
        w->han = s->han;
        set |= PAIFU_REC_HAN;
    }
    /* a thirteen-orphans hand has no fu to count: Tenhou records 0 */
    int16_t fu = s->reading.form == PAIFU_FORM_THIRTEEN_ORPHANS ? 0 : s->fu;
    if (!(w->known & PAIFU_REC_FU) || (w->fu == 0 && s->limit != PAIFU_LIMIT_NONE)) {
        if (w->fu != fu || !(w->known & PAIFU_REC_FU))
            set |= PAIFU_REC_FU;
        w->fu = fu;
    }
    if (!(w->known & PAIFU_REC_LIMIT)) {
        w->limit = s->limit;
        set |= PAIFU_REC_LIMIT;
    }
    if (!(w->known & PAIFU_REC_POINTS)) {
        w->points = s->total;
        set |= PAIFU_REC_POINTS;
    }
    if (s->tsumo && !(w->known & PAIFU_REC_PAYMENTS)) {
        w->payment_nondealer = s->pay.tsumo_nondealer;
        w->payment_dealer = s->pay.tsumo_dealer;
        set |= PAIFU_REC_PAYMENTS;
    }
    w->known |= (uint16_t)set;
    w->computed |= (uint16_t)set;
    return set;
}

int paifu_game_fill_values(paifu_game *game, const paifu_rules *rules, paifu_fill_counts *counts,
                           paifu_error *err)
{
    PAIFU_ASSERT_ARG(game && rules, err);
    paifu_fill_counts local;
    if (!counts)
        counts = &local;
    memset(counts, 0, sizeof(*counts));
    int players = paifu_game_players(game);
    for (size_t k = 0; k < paifu_game_deal_count(game); k++) {
        const paifu_deal *d = paifu_game_deal(game, k);
        for (size_t i = 0; i < d->n_wins; i++) {
            paifu_win *w = paifu_game__win(game, k, i);
            const unsigned wanted = PAIFU_REC_YAKU | PAIFU_REC_HAN | PAIFU_REC_FU |
                                    PAIFU_REC_LIMIT | PAIFU_REC_POINTS;
            bool limit_fu = (w->known & PAIFU_REC_FU) && w->fu == 0 &&
                            (w->known & PAIFU_REC_LIMIT) && w->limit != PAIFU_LIMIT_NONE;
            if ((w->known & wanted) == wanted && !limit_fu)
                continue;
            paifu_hand hand;
            paifu_situation sit;
            paifu_score s;
            paifu_error why;
            paifu_error_clear(&why);
            if (paifu_deal_win_hand(&hand, &sit, d, i, players, &why) < 0 ||
                paifu_score_hand(&s, &hand, &sit, rules, &why) < 0 ||
                s.status != PAIFU_SCORE_OK) {
                if (why.code == PAIFU_ENOMEM) /* no hand the engine cannot score: an error */
                    return paifu_error_set(err, PAIFU_ENOMEM, NULL, "out of memory");
                counts->unscored++;
                continue;
            }
            /* the fu Tenhou records for tenhou, chiihou or renhou is the hand's own, as if the
               yakuman of the moment were not there (corpus fukugou.xml: chiihou, 20 fu) */
            const unsigned moment = PAIFU_SIT_TENHOU | PAIFU_SIT_CHIIHOU | PAIFU_SIT_RENHOU;
            paifu_score plain;
            if (s.yakuman && (sit.flags & moment)) {
                sit.flags &= ~moment;
                if (paifu_score_hand(&plain, &hand, &sit, rules, NULL) == 0 &&
                    plain.status == PAIFU_SCORE_OK)
                    s.fu = plain.fu;
            }
            unsigned set = fill_win(w, &s);
            counts->yaku += (set & PAIFU_REC_YAKU) != 0;
            counts->han += (set & PAIFU_REC_HAN) != 0;
            counts->fu += (set & PAIFU_REC_FU) != 0;
            counts->points += (set & (PAIFU_REC_POINTS | PAIFU_REC_LIMIT | PAIFU_REC_PAYMENTS)) != 0;
        }
    }
    return 0;
}
