/*
 * rules_internal.h: the layout of a rule set, for the engine's eyes only.
 *
 * The engine reads fields (rules->kiriage), never preset names. Every field has exactly one row
 * in the descriptor table of rules.c (name, type, offset, allowed values, doc, source); the
 * presets in rules_presets.c are overrides of the defaults in that table. Field names are the
 * parameter keys of shared/rules/riichi-rulesets.md section 3.
 */
#ifndef PAIFU_RULES_INTERNAL_H
#define PAIFU_RULES_INTERNAL_H

#include "paifu/rules.h"
#include <stdbool.h>
#include <stdint.h>

/* ---- enum levels (the names are in rules.c, in the same order) ---- */

enum paifu_family { PAIFU_FAMILY_RIICHI, PAIFU_FAMILY_MCR };
/* The document a finding cites (the rule set's `document`; lib/base/finding_cite.c). */
enum paifu_document {
    PAIFU_DOC_RRC2024,
    PAIFU_DOC_RRC2024_TABLE3_EMA, /* the EMA column of RRC 2024 §12.1 Table 3, else RRC 2024 */
    PAIFU_DOC_RRC2024_TABLE3_WRC, /* the WRC column of RRC 2024 §12.1 Table 3, else RRC 2024 */
    PAIFU_DOC_EMA2012,
    PAIFU_DOC_JHC2016,
    PAIFU_DOC_TENHOU,
    PAIFU_DOC_MAJSOUL,
    PAIFU_DOC_MCR2006,
    PAIFU_DOC_COUNT
};
enum paifu_game_length {
    PAIFU_LENGTH_EAST,   /* East round only */
    PAIFU_LENGTH_SOUTH,  /* East and South (hanchan) */
    PAIFU_LENGTH_NORTH,  /* all four winds (MCR: 16 deals) */
    PAIFU_LENGTH_SINGLE  /* one deal (puzzles, excerpts) */
};
enum paifu_tie { PAIFU_TIE_SHARE, PAIFU_TIE_SEAT_ORDER };
enum paifu_leftover { PAIFU_LEFTOVER_WINNER_SPLIT, PAIFU_LEFTOVER_FIRST_PLACE, PAIFU_LEFTOVER_LOST };
enum paifu_final_rounding {
    PAIFU_ROUND_NONE,          /* final = (points - return) + oka + uma, exact */
    PAIFU_ROUND_NEAREST_1000,  /* non-top players: points rounded to 1000, halves away from 0 */
    PAIFU_ROUND_NEAREST_100    /* non-top players: final rounded to 100 (Tenhou since ~2021) */
};
enum paifu_multi_ron {
    PAIFU_MULTI_RON_TRIPLE,    /* double and triple ron are all paid */
    PAIFU_MULTI_RON_DOUBLE,    /* double ron paid; a triple ron is an abortive draw */
    PAIFU_MULTI_RON_ATAMAHANE  /* only the first winner from the discarder wins */
};
enum paifu_honba_multi { PAIFU_HONBA_EACH_WINNER, PAIFU_HONBA_FIRST_WINNER };
enum paifu_pot_multi { PAIFU_POT_FIRST_FROM_DISCARDER, PAIFU_POT_NEAREST_TO_DEALER };
enum paifu_renhou { PAIFU_RENHOU_NONE, PAIFU_RENHOU_MANGAN, PAIFU_RENHOU_YAKUMAN };
enum paifu_kuikae { PAIFU_KUIKAE_ALLOW, PAIFU_KUIKAE_FORBID_SAME, PAIFU_KUIKAE_FORBID_ALL };
enum paifu_kandora { PAIFU_KANDORA_IMMEDIATE, PAIFU_KANDORA_AFTER_DISCARD };
enum paifu_temp_furiten { PAIFU_TEMP_FURITEN_OWN_DRAW, PAIFU_TEMP_FURITEN_ANY_CALL };
enum paifu_riichi_ankan {
    PAIFU_RIICHI_ANKAN_WAIT,          /* allowed when the waits do not change */
    PAIFU_RIICHI_ANKAN_READING,       /* ... and no reading of the hand changes */
    PAIFU_RIICHI_ANKAN_READING_PONS,  /* reading unchanged, except three consecutive pons (EMA) */
    PAIFU_RIICHI_ANKAN_NEVER
};
enum paifu_chombo {
    PAIFU_CHOMBO_AFTER_UMA,      /* chombo_points subtracted from the final score after uma */
    PAIFU_CHOMBO_REVERSE_MANGAN, /* in-game mangan payment by the offender */
    PAIFU_CHOMBO_NONE
};
enum paifu_chombo_with_win { PAIFU_CHOMBO_WIN_ANNULLED, PAIFU_CHOMBO_WIN_APPLIED };
enum paifu_pao_honba { PAIFU_PAO_HONBA_LIABLE, PAIFU_PAO_HONBA_DISCARDER, PAIFU_PAO_HONBA_SPLIT };
enum paifu_standings_by {
    PAIFU_STANDINGS_TOTAL_SCORE,  /* sum of final scores (RRC §3.12, §6.12) */
    PAIFU_STANDINGS_AVERAGE_PLACE, /* average place, points, dispersion, spread (JH 003 §6.3) */
    PAIFU_STANDINGS_TABLE_POINTS   /* table points by place, then total (MCR 001 L284-286) */
};
enum paifu_mcr_wait_fans { PAIFU_MCR_WAIT_CANCEL, PAIFU_MCR_WAIT_COUNT_ONE };
enum paifu_mcr_special_self_draw { PAIFU_MCR_SPECIAL_FULLY_CONCEALED, PAIFU_MCR_SPECIAL_SELF_DRAWN };
enum paifu_mcr_melded_concealed_kong { PAIFU_MCR_MCK_TWO_FANS, PAIFU_MCR_MCK_ONE_FAN };
enum paifu_mcr_four_kongs_concealed { PAIFU_MCR_4K_COMBINE, PAIFU_MCR_4K_CONCEALED_PUNGS };
enum paifu_mcr_nine_gates_pungs { PAIFU_MCR_9G_NONE, PAIFU_MCR_9G_ALL_BUT_ONE };
enum paifu_mcr_wall { PAIFU_MCR_WALL_SHARED, PAIFU_MCR_WALL_PER_SEAT };

/* ---- set members ---- */

/* An int[4] parameter whose default is "none" holds this in its first element when unset. */
#define PAIFU_RULE_NONE INT32_MIN

#define PAIFU_ABORT_KYUUSHU       0x01u
#define PAIFU_ABORT_SUUFON        0x02u
#define PAIFU_ABORT_SUUCHA_RIICHI 0x04u
#define PAIFU_ABORT_SUUKAIKAN     0x08u

#define PAIFU_DOUBLE_DAISUUSHI      0x01u
#define PAIFU_DOUBLE_SUUANKOU_TANKI 0x02u
#define PAIFU_DOUBLE_KOKUSHI_13     0x04u
#define PAIFU_DOUBLE_JUNSEI_CHUUREN 0x08u

#define PAIFU_PAO_DAISANGEN         0x01u
#define PAIFU_PAO_DAISUUSHI         0x02u
#define PAIFU_PAO_SUUKANTSU         0x04u
#define PAIFU_PAO_RINSHAN_DAIMINKAN 0x08u

struct paifu_rules {
    char preset[16];
    uint32_t overrides; /* parameters changed after the preset */

    /* game */
    int family;            /* enum paifu_family */
    int document;          /* enum paifu_document: what findings cite */
    int32_t players;       /* 4 or 3 */
    int32_t scored_for;    /* the players its points, oka and uma were written for, when it
                              checks a game of another number (a four-player preset or file
                              over a 3-player log: the log's players are a fact, the table's
                              scoring is not); 0: its own players. Set by
                              paifu_game_rules_resolve, not a parameter */
    int game_length;       /* enum paifu_game_length */
    bool west_round;       /* sudden-death extension when nobody reached target_points */
    int32_t target_points; /* points needed to end after the last regular deal (west_round) */
    int32_t extension_winds; /* winds an extended game may add after its regular length */
    bool tobi;             /* the game ends when a score goes below 0 */
    bool agariyame;        /* the all-last dealer may stop after a win while first */
    bool tenpaiyame;       /* the all-last dealer may stop after tenpai while first */
    bool tenpaiyame_known; /* false: tenpaiyame is not known; the game may end or go on there */
    bool time_limit;       /* games are timed: a game may end before its last regular deal */
    int32_t time_limit_deals; /* deals played after the one the time ran out in */
    bool time_limit_chombo_played; /* ... a deal ended by chombo among them */

    /* points */
    int32_t start_points;
    int32_t return_points;
    int32_t oka;
    int32_t uma[4];        /* by place, 1st..4th (3-player: 1st..3rd, 4th ignored) */
    int32_t uma_alternative[4]; /* a second schedule the final scores may follow; PAIFU_RULE_NONE
                                   in [0]: none */
    int uma_tie;           /* enum paifu_tie */
    int placement_tie;     /* enum paifu_tie */
    int leftover_riichi;   /* enum paifu_leftover */
    int final_rounding;    /* enum paifu_final_rounding */

    /* settlement */
    int32_t honba_value;   /* per honba, whole hand (ron: from the discarder; tsumo: split) */
    int honba_multi_ron;   /* enum paifu_honba_multi */
    int riichi_pot_multi_ron; /* enum paifu_pot_multi */
    bool winners_own_stick_back; /* multiple ron: riichi winners take their own stick back */
    int multi_ron;         /* enum paifu_multi_ron */
    int32_t noten_total;   /* noten payments in total (0 = none) */
    uint32_t abortive;     /* PAIFU_ABORT_* that exist */
    bool abortive_adds_honba;
    bool abortive_renchan;
    bool nagashi;
    bool nagashi_yields_to_penalty; /* a nagashi mangan is not paid when a player of the deal is
                                       penalised (noten riichi) */
    uint32_t pao;          /* PAIFU_PAO_* */
    int pao_ron_honba;     /* enum paifu_pao_honba */
    bool sanma_tsumo_loss; /* 3-player tsumo collects only from the two others */

    /* scoring */
    bool kiriage;
    bool kazoe_yakuman;
    bool yakuman_stacking;
    uint32_t double_yakuman; /* PAIFU_DOUBLE_* */
    int renhou;            /* enum paifu_renhou */
    int32_t double_wind_pair_fu;
    bool rinshan_tsumo_fu;
    int32_t open_pinfu_fu; /* fu added to an open ron with nothing but the base 20 */
    bool kuitan;
    int32_t red_fives;     /* red fives in the set (one per suit: 3) */
    bool ryanhan_shibari;  /* 2 han from yaku at 5+ honba */
    bool chankan_ankan_kokushi;
    bool ippatsu;          /* ippatsu is a yaku */
    bool ura_dora;         /* riichi winners count ura (and kan-ura) indicators */
    bool kan_dora;         /* kans reveal new indicators; false: the first one only */
    int kandora_timing;    /* enum paifu_kandora: open/added kan indicators */
    bool kita;             /* 3-player: Norths are set aside as dora */
    bool kita_interrupts;  /* a kita (once its replacement is drawn) breaks ippatsu and the
                              first go-around, like a kan */

    /* legality */
    int32_t riichi_min_points;
    int32_t tobi_riichi_points; /* under tobi, the points riichi needs (RRC 2024 §3.11) */
    int32_t riichi_min_wall;
    bool riichi_change_chombo; /* a hand changed in riichi, ruled dead: a chombo at the draw */
    int kuikae;            /* enum paifu_kuikae */
    int riichi_ankan;      /* enum paifu_riichi_ankan */
    int temp_furiten;      /* enum paifu_temp_furiten: what ends temporary furiten */
    bool keishiki_tenpai;  /* tenpai without yaku counts at a draw */
    bool pure_karaten_tenpai; /* a hand whose every wait is a tile the player holds all four
                                 of (hand and melds) counts as tenpai at a draw */
    bool tenpai_declared_automatically; /* a tenpai hand at an exhaustive draw is tenpai: no
                                           noten declaration (tenpai follows from the hands) */
    bool ippatsu_ankan_breaks;

    /* penalties */
    int chombo;            /* enum paifu_chombo */
    int chombo_with_win;   /* enum paifu_chombo_with_win */
    int32_t chombo_points; /* after-uma penalty */
    bool chombo_redeal;
    bool chombo_adds_honba;
    bool chombo_returns_riichi;
    int32_t fine_base;     /* first escalating fine after a polite notice, doubling (0 none) */
    int32_t fine_lateness; /* fine per minute late (0 none) */
    bool fine_steps_only;  /* a recorded fine must be a step of the fine_base ladder (MCR) */
    int32_t knocked_tile_min; /* a fine paid to one player for knocking over a tile: from */
    int32_t knocked_tile_max; /* ... to this (0: no such fine) */
    int32_t substitute_fixed; /* a substitute's fixed final score part; 0 = the last uma */

    /* tournament ranking */
    int standings;         /* enum paifu_standings_by */
    int32_t place_sanction_max; /* sanctions on the average place, 1/100 place (0 = none) */
    int32_t place_sanction_min;

    /* MCR */
    int32_t mcr_min_fan;       /* minimum fan without flowers (8) */
    int32_t mcr_base_points;   /* every loser pays the winner this much (8) */
    bool mcr_siamese;          /* a 3-player MCR game is Siamese MCR (001 L1321-1342) */
    bool mcr_flower_order;     /* starting flowers replaced from the dealer in turn (001 L169) */
    int32_t mcr_false_hu;      /* false hu: paid to each other player (10) */
    int32_t mcr_table_points[4]; /* table points by place (4, 2, 1, 0) */
    /* MCR seed-vs-practice readings (mcr.md §13); each default is the seed's reading */
    int mcr_wait_fans;              /* enum paifu_mcr_wait_fans (§13.15, §11.6) */
    int mcr_special_self_draw;      /* enum paifu_mcr_special_self_draw (§13.13) */
    bool mcr_knitted_straight_concealed; /* #35 may score #62/#56 (§13.12) */
    int32_t mcr_two_concealed_kongs;     /* points of #48 (§13.3: 8, Chinese 1998: 6) */
    int mcr_melded_concealed_kong;  /* enum paifu_mcr_melded_concealed_kong (§7, #57) */
    int mcr_four_kongs_concealed;   /* enum paifu_mcr_four_kongs_concealed (§13.11) */
    int mcr_nine_gates_pungs;       /* enum paifu_mcr_nine_gates_pungs (§13.14) */
    int32_t mcr_mistaken_hu;        /* mistaken hu claim: paid to each other player (§9, §13.16) */
    int32_t mcr_exposure_penalty;   /* exposing the hand after an invalid hu, split (§9) */
    /* MCR table and wall */
    bool mcr_flowers;          /* the set has the 8 bonus tiles (144 tiles; false: 136) */
    int mcr_wall;              /* enum paifu_mcr_wall */
    bool mcr_seat_changes;     /* players change seats between rounds (§2.4) */
};

/* Rule presets (rules_presets.c). */
typedef struct paifu_rule_override {
    const char *key;
    const char *value;
    const char *source; /* document and section that decide it */
} paifu_rule_override;

typedef struct paifu_rule_preset {
    const char *name;
    const char *doc;
    const paifu_rule_override *overrides;
    size_t n_overrides;
    const paifu_rule_check *checks; /* the enforcement table of its document (rules_checks.c),
                                       ended by a row whose clause is NULL */
} paifu_rule_preset;

extern const paifu_rule_preset paifu_rules__presets[];

/* The enforcement tables (rules_checks.c). */
extern const paifu_rule_check paifu_rules__checks_rrc[], paifu_rules__checks_ema[],
    paifu_rules__checks_ema2012[], paifu_rules__checks_wrc[], paifu_rules__checks_jhc2016[],
    paifu_rules__checks_tenhou[], paifu_rules__checks_majsoul[], paifu_rules__checks_mcr[];
/* The preset used for a log that names no rule set (RRC-2024). */
extern const char paifu_rules__default_preset[];
extern const size_t paifu_rules__preset_count;

/* Set a parameter without counting it as an override (used while loading presets). */
int paifu_rules__set(struct paifu_rules *rules, const char *key, const char *value,
                     paifu_error *err);
/* Whether KEY names a fact of the log (paifu_rule_param_info.fact); false for an unknown key. */
bool paifu_rules__is_fact(const char *key);
/* Copy every fact of the log from SRC into DST (game_rules.c, step 3). */
void paifu_rules__copy_facts(struct paifu_rules *dst, const struct paifu_rules *src);
/* When parameter KEY of RULES differs from the preset RULES started from: 1, with the preset's
   value in BUF (its text form); else 0 (the same value, an unknown key or preset, BUF too
   small). What a finding's citation says of a value set for the game (finding_cite.c). */
int paifu_rules__preset_value(char *buf, size_t size, const struct paifu_rules *rules,
                              const char *key);
/* Whether a value of RULES differs from the preset it started from (what paifu_rules_changes
   would list), found without writing any: false for an unknown preset. */
bool paifu_rules__changed(const struct paifu_rules *rules);
/* The family (enum paifu_family) of preset NAME, -1 for an unknown name. */
int paifu_rules__preset_family(const char *name);
/* Reset to the table defaults. */
void paifu_rules__defaults(struct paifu_rules *rules);

/* The points a player needs to declare riichi: riichi_min_points, or under tobi
   tobi_riichi_points when more (RRC 2024 §3.11: the bankruptcy rule "does not allow a riichi
   stake with less than 1000 points"). *KEY: the parameter that sets it, for the finding's cite. */
static inline int32_t paifu_rules__riichi_points(const struct paifu_rules *r, const char **key)
{
    if (r->tobi && r->tobi_riichi_points > r->riichi_min_points) {
        *key = "tobi_riichi_points";
        return r->tobi_riichi_points;
    }
    *key = "riichi_min_points";
    return r->riichi_min_points;
}

#endif
