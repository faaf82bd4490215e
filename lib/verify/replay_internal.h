/*
 * replay_internal.h: the state of one deal being re-simulated, shared by the turn cycle
 * (replay.c), the end of the deal (replay_outcome.c), the questions both ask of the state
 * (replay_state.c) and the game walk that drives them deal by deal (game_flow.c).
 *
 * Everything is fixed size: a deal is replayed without allocating.
 */
#ifndef PAIFU_REPLAY_INTERNAL_H
#define PAIFU_REPLAY_INTERNAL_H

#include "finding_internal.h"
#include "paifu/hand.h"
#include "paifu/score.h"
#include "rules_internal.h"
#include "settled_internal.h"

#define REPLAY_MAX_RIVER 40

/* Phases of the turn cycle (see the state diagram in replay.c). */
typedef enum replay_phase {
    PHASE_DRAW = 0,    /* `turn` must draw next */
    PHASE_DISCARD,     /* `turn` holds 14 tiles (after a draw or a chi/pon) and must act */
    PHASE_REACT,       /* a discard lies on the table: calls, ron, or the next draw */
    PHASE_REPLACEMENT, /* `turn` declared a kan or kita and must draw from the dead wall */
    PHASE_ROB,         /* a shouminkan (or ankan) may be robbed: ron, else the replacement draw */
    PHASE_ENDED        /* the deal has an outcome */
} replay_phase;

typedef struct replay_seat {
    paifu_hand hand;
    uint64_t held_ids[3];      /* physical ids in hand, when the log has ids */
    uint64_t waits;            /* waits of the counts below (replay.c invariant 4); 0 = noten */
    uint8_t waits_counts[PAIFU_TILE_KINDS]; /* the concealed counts `waits` was computed from */
    uint8_t waits_melds;       /* ... and the melds then; 0xFF: not computed in this deal */
    uint64_t passed_temp;      /* kinds passed since the last own draw, not yet tested */
    uint64_t passed_riichi;    /* kinds passed in riichi, not yet tested */
    uint64_t river_kinds;      /* kinds this seat discarded (furiten), called ones included */
    uint64_t kuikae;           /* kinds forbidden for the discard after a call */
    uint8_t n_river;
    paifu_tile river[REPLAY_MAX_RIVER];
    paifu_tile last_draw;      /* the tile just drawn, NONE after a call */
    uint8_t last_draw_id;
    bool drew;                 /* the seat's 14th tile came from a draw (not a call) */
    bool riichi;               /* riichi declared (the declaring discard made) */
    bool riichi_accepted;      /* deposit made */
    bool riichi_this_deal;     /* the deposit is one of this deal's sticks on the table */
    bool double_riichi;
    bool ippatsu;              /* the ippatsu window is open */
    bool riichi_furiten;       /* passed a winning tile after riichi: furiten for the deal */
    bool temp_furiten;         /* passed a winning tile since the last own draw */
    bool discarded_once;       /* has made a discard this deal */
    bool river_called;         /* a discard of this seat was called (nagashi broken) */
    bool river_plain;          /* a discard was a simple (nagashi broken) */
    bool dead;                 /* dead hand (penalty) */
    bool changed_after_riichi; /* discarded from the hand in riichi, ruled a dead hand: a
                                  chombo at the draw whatever its tenpai (RRC 2024 Table 1) */
    int8_t pao;                /* seat liable for this seat's yakuman (sekinin barai), -1 none */
    uint8_t pao_yaku;          /* paifu_yaku id the liability is for */
    uint8_t kans;              /* kans declared */
    uint8_t kita;              /* Norths set aside */
} replay_seat;

#define REPLAY_MAX_ALTS 32 /* more possible score vectors than this: the scores are unknown */

typedef struct replay {
    const paifu_game *game;
    const paifu_deal *deal;
    size_t deal_index;         /* the deal's index in the game */
    const paifu_rules *rules;
    const paifu_verify_options *opts;
    paifu_report *report;
    int players;
    bool verifiable;           /* the rules are known: check points too */
    bool has_ids;              /* events carry physical tile ids */
    bool broken;               /* a legality finding made the tile state unreliable */
    bool wall_checked;         /* the wall is known and its layout too */
    bool wall_seed_wrong;      /* the wall does not belong to this game (reported once) */
    bool skip_wall;            /* set by the caller: an earlier deal showed a foreign seed */
    paifu_settled *settled;    /* the settled view the outcomes are recorded in, or NULL */

    replay_seat seat[PAIFU_SEATS];
    replay_phase phase;
    int turn;                  /* seat to act */
    int event;                 /* index of the event being processed */

    /* the last discard (PHASE_REACT) or added kan tile (PHASE_ROB) */
    int last_from;
    paifu_tile last_tile;
    uint8_t last_id;
    int last_event;
    bool last_riichi;          /* that discard declared riichi */
    bool rob_is_ankan;         /* that kan is a closed one (rules: ippatsu_ankan_breaks) */
    int rob_dora;              /* indicators revealed while that added kan may be robbed */
    bool rob_is_kita;          /* the tile set aside as kita may be robbed (no chankan yaku) */
    bool interrupt_pending;    /* that kan or kita breaks ippatsu once its replacement is drawn */

    /* the wall */
    int total_draws;           /* live draws the wall allows, before replacements */
    int live_draws;            /* live draws so far (the dealer's first draw included) */
    int replacements;          /* replacement draws so far */
    bool last_was_replacement; /* the current 14th tile came from the dead wall */
    int rinshan_liable;        /* pao rinshan_daiminkan: the seat that discarded into the
                                  daiminkan whose replacement tile is in play, else -1 */
    bool haitei_drawn;         /* the last live tile has been drawn */
    int kans;                  /* kans declared in the deal */
    int kan_seats;             /* bit set of seats that declared kans */
    int pending_dora;          /* kans whose indicator is still to be revealed */
    int pending_dora_seat;     /* seat that must not discard before it is revealed */
    int late_dora;             /* kandora_timing after_discard: open or added kans whose
                                  indicator comes after their player's discard (003 §7.3.1.16) */
    int late_dora_seat;        /* the seat whose discard releases them */
    int late_dora_drawn;       /* of late_dora, kans whose replacement tile has been drawn */
    int due_dora;              /* released indicators: due before the next draw, call or kan */
    /* every tile that came to light in the deal (starting hands, draws, indicators), by kind
       and red fives by suit: the set has four of each, one red five a suit (see_tile) */
    uint8_t seen[PAIFU_TILE_KINDS];
    uint8_t seen_red[3];
    uint8_t n_dora;
    paifu_tile dora[PAIFU_MAX_INDICATORS];
    uint8_t dora_ids[PAIFU_MAX_INDICATORS];

    /* the first go-around */
    bool first_round;          /* no call yet and the dealer has not drawn a second time */
    int discards_total;
    paifu_tile first_winds[4]; /* discards of the first go-around, for suufon */

    /* money */
    int32_t scores[PAIFU_SEATS];
    bool scores_known;
    int32_t sticks;            /* riichi sticks on the table */
    int16_t honba;
    int riichi_count;          /* deposits accepted this deal */
    int32_t stick_share[PAIFU_SEATS]; /* riichi sticks (points) each winner collects */
    /* Unknown is a value: a value the log leaves out (the ura count of a win without ura
       indicators, value or score changes; who was tenpai at a draw recorded by its result
       only) gives score changes other than the replay's own. scores + alts[k] is as possible
       as scores; the game walk carries them until a recorded value settles them (the next
       deal's start scores, the final points) and reports only a contradiction with all. */
    int n_alts;
    int32_t alts[REPLAY_MAX_ALTS][PAIFU_SEATS];

    /* outcome, for the settlement between deals */
    int n_wins;
    int winners;               /* bit set */
    bool drawn;                /* ended in a draw */
    bool abortive;
    bool chombo;
    int muted;                 /* > 0: findings are counted in `muted_hits`, not reported */
    int muted_hits;
    bool dealer_tenpai;
    bool dealer_won;
    bool ended;
} replay;

/* replay.c: the turn cycle. Replay RP->deal from the state the caller set (scores, honba,
   sticks) to its outcome. */
void paifu_replay__run(replay *rp);

/* replay_state.c: what replay.c and replay_outcome.c both ask of the state. */

/* A finding at the current event (counted only while the replay is muted). */
void paifu_replay__finding(replay *rp, const char *code, const char *expected,
                           const char *recorded, const char *rule_ref, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;
int paifu_replay__seat_wind(const replay *rp, int seat);
/* A declaration (WHAT: "calls pon", "wins", ...) by SEAT after its hand was declared dead: a
   penalty.dead_hand finding (RRC 2024 §3.13, §9.4; EMA 2012 §3.4.7; JHC 2016 §8.1.1). */
void paifu_replay__dead_declares(replay *rp, int seat, const char *what);
/* Unknown is a value: the deal's score changes may also differ from the replay's by any of
   OFFSETS[0..N) (one per other value of something the log leaves out), combined with the
   alternatives already carried; past REPLAY_MAX_ALTS the scores become unknown. */
void paifu_replay__unknown_scores(replay *rp, const int32_t (*offsets)[PAIFU_SEATS], int n);
/* Whether SCORES equal the running scores FROM plus one of the N alternatives ALTS (or none). */
bool paifu_replay__scores_possible(const int32_t *scores, const int32_t *from,
                                   const int32_t (*alts)[PAIFU_SEATS], int n, int players);
/* True when the deal records a chombo of `seat` at or after the current event. */
bool paifu_replay__chombo_recorded(const replay *rp, int seat);
/* Is a penalty of KIND (enum paifu_penalty_kind) recorded for SEAT from the current event on? */
bool paifu_replay__penalty_recorded(const replay *rp, int seat, int kind);
/* Do TILES (n, plus EXTRA unless NONE) equal the concealed tiles of SEAT? Ids when known. */
bool paifu_replay__ids_equal_hand(const replay *rp, int seat, const paifu_tile *tiles,
                                  const uint8_t *ids, size_t n, paifu_tile extra);
/* Invariant 4 of replay.c: the waits of seat S's concealed tiles, recomputed only when its
   counts or melds changed since they were computed. */
uint64_t paifu_replay__waits_of(replay_seat *s);

/* Invariant 4: test the kinds seat S passed against its waits (furiten flags); S holds the 13
   tiles its last discard left (it has neither drawn nor called since). Inline: the turn cycle
   calls it at every draw, and mostly there is nothing to test. */
static inline void paifu_replay__test_passes(replay_seat *s)
{
    if (!(s->passed_temp | s->passed_riichi))
        return;
    uint64_t waits = paifu_replay__waits_of(s);
    if (s->passed_riichi & waits)
        s->riichi_furiten = true;
    if (s->passed_temp & waits)
        s->temp_furiten = true;
    s->passed_temp = s->passed_riichi = 0;
}

/* The waits of seat S after its passes are tested (the same conditions). */
uint64_t paifu_replay__waits(replay_seat *s);

/* Live-wall tiles still to be drawn (invariant 3). */
static inline int paifu_replay__live_left(const replay *rp)
{
    return rp->total_draws - rp->replacements - rp->live_draws;
}

/* Is physical tile ID in seat S's hand (ids known)? */
static inline bool paifu_replay__id_held(const replay_seat *s, uint8_t id)
{
    return id < 192 && (s->held_ids[id / 64] >> (id % 64) & 1u);
}

/* replay_outcome.c */
void paifu_replay__win(replay *rp, const paifu_event *ev);
void paifu_replay__draw_outcome(replay *rp, const paifu_event *ev);
void paifu_replay__penalty(replay *rp, const paifu_event *ev);

#endif
