/*
 * settle_internal.h: the settlement arithmetic of settle.c, shared by the replay (what a win, a
 * draw, a chombo pays), the game walk (sticks left at the end, final scores) and the standings
 * (penalties after uma). Numbers and the rule set in, numbers out: no replay state.
 */
#ifndef PAIFU_SETTLE_INTERNAL_H
#define PAIFU_SETTLE_INTERNAL_H

#include "paifu/game.h"
#include "paifu/score.h"
#include "rules_internal.h"

/* What one win pays, independent of how the deal was replayed. */
typedef struct settle_win {
    int players;
    int dealer;
    int winner;
    int from;           /* discarder; == winner for tsumo */
    int pao;            /* liable seat, -1 none */
    int honba;          /* honba this win is paid (0 for a later winner under first_winner) */
    int32_t sticks;     /* riichi sticks (in points) this win collects from the table */
    paifu_payment pay;  /* the hand's value (lib/score.h), honba and sticks excluded */
} settle_win;

/* Every player's delta of one win (honba, sticks and pao included). */
void paifu_settle__win_deltas(int32_t *deltas, const settle_win *w, const paifu_rules *r);

/*
 * Who takes the riichi sticks of a multiple ron: WINNERS (bit set, in turn order from the
 * discarder FIRST_WINNER first) on a table of STICKS sticks of which RIICHI (bit set) were put
 * down by winners in this deal. Fills sticks_out[seat] in points.
 */
void paifu_settle__multi_ron_sticks(int32_t *sticks_out, unsigned winners, int first_winner,
                                    int32_t sticks, unsigned riichi_winners,
                                    const paifu_rules *r);

void paifu_settle__noten_deltas(int32_t *deltas, unsigned tenpai, int players,
                                const paifu_rules *rules);

/* Nagashi mangan: each seat of NAGASHI paid like a mangan tsumo (RRC-2024 §3.10). */
void paifu_settle__nagashi_deltas(int32_t *deltas, unsigned nagashi, int dealer, int players);

/* Chombo paid as a reverse mangan by OFFENDER (RRC-2024 §3.13 variation; EMA 004 §3.4.6). */
void paifu_settle__chombo_deltas(int32_t *deltas, int offender, int dealer, int players);

/* Is the chombo of SEAT in DEAL void because another player wins in the same deal
   (rules->chombo_with_win annulled: RRC-2024 §3.13, EMA 2012 §3.4.6)? */
bool paifu_settle__chombo_void(const paifu_deal *deal, int seat, const paifu_rules *rules);

/* The fine ladders of a game (RRC-2024 §9.4.1): "за повторное нарушение по каждой причине штраф
   увеличивается отдельно": one ladder per seat and reason (the penalty's note; fines with no
   note share one ladder per seat). Zeroed by the caller at the game's start. */
#define PAIFU_FINE_LADDERS 32
typedef struct paifu_fine_ladders {
    size_t n;
    struct {
        int seat;
        const char *reason; /* the note (the game's arena), NULL: none recorded */
        int steps;          /* fines without a recorded amount so far */
    } ladder[PAIFU_FINE_LADDERS];
} paifu_fine_ladders;

/* Add DEAL's penalties that are taken off the final score after uma to PENALTIES. A fine without
   a recorded amount is the next step of its ladder in FINES: the n-th is charged fine_base
   doubled n-1 times (RRC-2024 §9.4.1). */
void paifu_settle__after_uma(int32_t *penalties, paifu_fine_ladders *fines, const paifu_deal *deal,
                             int players, const paifu_rules *rules);

/* The after-uma chombo penalty: rules->chombo_points, or 2 x the uma step when it is 0. */
int32_t paifu_settle__chombo_points(const paifu_rules *r);

/* What follows from a chombo of OFFENDER under R, in words for a finding: "chombo under these
   rules: -20.0 after uma" or "...: a reverse mangan (4,000 to the dealer, 2,000 to the
   others)"; "no chombo under these rules" for none. */
const char *paifu_settle__chombo_words(char *buf, size_t size, const paifu_rules *r,
                                       int offender, int dealer);

/* Final scores from final POINTS: return points, oka, uma (ties), rounding, PENALTIES (may be
   NULL) taken off after uma. */
void paifu_settle__final(int32_t *final, const int32_t *points, const int32_t *penalties,
                         int players, const paifu_rules *r);

/* Give the riichi sticks left at the end to the first place per rules->leftover_riichi. */
void paifu_settle__leftover(int32_t *scores, int32_t sticks, int players,
                            const paifu_rules *rules);

#endif
