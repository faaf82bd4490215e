/*
 * settled_internal.h: the settled view (paifu/settled.h) as the game walk fills it. The walk
 * (game_flow.c), the replay's outcomes (replay_outcome.c) and the MCR verifier (mcr_verify.c)
 * record what they take and pay here as they go; settled.c stores it, and derives from it only
 * what every output needs beside it: a row's riichi deposits (the difference the walk's scores
 * show between the row before and this one, less the row's payments).
 * Every function is a no-op on a NULL view, so the quiet walks record nothing.
 */
#ifndef PAIFU_SETTLED_INTERNAL_H
#define PAIFU_SETTLED_INTERNAL_H

#include "paifu/settled.h"

struct paifu_settled {
    int players;
    paifu_settled_deal *deals;
    size_t n_deals, cap_deals;
    paifu_settled_row *rows;
    size_t n_rows, cap_rows;
    int32_t (*deposits)[PAIFU_SEATS]; /* per row: the riichi deposits since the row before */
    paifu_settled_result result;
    int32_t leftover[PAIFU_SEATS];    /* the sticks left at the end, as the final points give
                                         them to the seats */
    int32_t leftover_sticks;          /* their number */
};

/* A view with room for every deal and outcome of GAME (one allocation per array). */
int paifu_settled__new(paifu_settled **out, const paifu_game *game, paifu_error *err);

/* The walk takes deal D (index) with START's round and dealer, HONBA and STICKS on the table
   and SCORES (KNOWN); MARKS: PAIFU_SETTLED_REC_*. */
void paifu_settled__deal(paifu_settled *s, size_t d, const paifu_deal_start *start, int honba,
                         int sticks, const int32_t *scores, bool known, unsigned marks);

/* A row initialised for the current deal's event EVENT (nothing known yet): the caller fills
   it and passes it to paifu_settled__add_row. */
void paifu_settled__row_init(paifu_settled_row *row, size_t event, paifu_settled_kind kind);

/* Add ROW to the current deal with the running scores after it. */
void paifu_settled__add_row(paifu_settled *s, const paifu_settled_row *row,
                            const int32_t *scores_after, bool known);

/* The walk ends with SCORES (its last running scores) and STICKS riichi sticks on the table,
   which the final points POINTS (the walk's: the scores with the sticks given) give out. */
void paifu_settled__leftover(paifu_settled *s, const int32_t *scores, const int32_t *points,
                             int32_t sticks);

/* The result of the walk. */
paifu_settled_result *paifu_settled__result(paifu_settled *s);

#endif
