/*
 * rules_presets.c: the presets, as data. No logic here.
 *
 * Every preset starts from the defaults of the descriptor table in rules.c (RRC-2024) and
 * overrides rows by name, each override citing the document that decides it. Seeds: 000 =
 * RRC-2024, 003 = Japanese House Cup 2016, 004 = EMA 2012; t3 = 000 §12.1 Table 3. Cells of
 * shared/rules/riichi-rulesets.md marked "not stated" keep the default unless Table 3 gives the
 * value for the same body. Tenhou and MahjongSoul values are not from seeds (riichi-rulesets.md
 * section 4 lists the sources).
 */
#include "rules_internal.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* RRC-2024 = the table defaults. */
static const paifu_rule_override rrc[] = {
    {"game_length", "south", "000 §3.1.2 (rated tournaments play hanchan, §12.2)"},
};

/* EMA as described by 000 Table 3 (most likely the EMA Riichi Competition Rules 2016). */
static const paifu_rule_override ema[] = {
    {"red_fives", "0", "t3-EMA: no red fives"},
    {"abortive", "", "t3-EMA: no abortive draws"},
    {"kazoe_yakuman", "false", "t3-EMA: no counted yakuman"},
    {"yakuman_stacking", "false", "t3-EMA: yakuman do not stack"},
    {"uma", "15000,5000,-5000,-15000", "t3-EMA: 15/5"},
    {"kuitan", "true", "t3-EMA: open tanyao"},
    {"kuikae", "forbid_all", "t3-EMA: kuikae forbidden"},
    {"winners_own_stick_back", "false", "t3-EMA: first in turn order"},
};

/* EMA 2012 (seed 004, Part 1 only; gaps from t3-EMA). */
static const paifu_rule_override ema2012[] = {
    {"uma", "30000,10000,-10000,-30000", "004 §3.6.1"},
    {"kuitan", "false", "004 foreword 2008: tanyao closed only"},
    {"kuikae", "allow", "004 foreword 2008: discarding an identical tile after chi allowed"},
    {"ryanhan_shibari", "true", "004 §3.4.11"},
    {"double_yakuman", "daisuushi", "004 2012 revision note"},
    {"kazoe_yakuman", "false", "not stated; t3-EMA"},
    {"yakuman_stacking", "false", "not stated; t3-EMA"},
    {"chombo", "reverse_mangan", "004 §3.4.6: mangan payment"},
    {"riichi_ankan", "reading_pons", "004 §3.3.12"},
    {"winners_own_stick_back", "false", "not stated; t3-EMA: first in turn order"},
};

/* WRC as far as 000 Table 3 describes it. */
static const paifu_rule_override wrc[] = {
    {"multi_ron", "atamahane", "t3"},
    {"leftover_riichi", "lost", "t3"},
    {"abortive", "", "t3: none"},
    {"kiriage", "true", "t3"},
    {"kazoe_yakuman", "false", "t3"},
    {"double_wind_pair_fu", "2", "t3"},
    {"red_fives", "0", "t3"},
    {"pao", "daisangen,daisuushi,suukantsu", "t3"},
    {"chankan_ankan_kokushi", "false", "t3"},
};

/* Japanese House Cup 2016 (seed 003; JPML-B based). */
static const paifu_rule_override jhc2016[] = {
    {"start_points", "25000", "003 §6.2.3"},
    {"return_points", "0", "003 §7.3.1.9: no uma or oka; raw points rank the players"},
    {"uma", "0,0,0,0", "003 §7.3.1.9"},
    {"red_fives", "0", "003 §7.3.1.2"},
    {"pao", "daisangen,daisuushi,suukantsu,rinshan_daiminkan", "003 §7.3.1.8, §7.3.1.17"},
    {"multi_ron", "double", "003 §7.3.1.10: triple ron is a redeal"},
    {"honba_multi_ron", "first_winner", "003 §7.3.1.10"},
    {"nagashi", "true", "003 §7.3.1.15"},
    {"yakuman_stacking", "false", "003 §7.3.1.7"},
    {"chombo", "reverse_mangan", "003 §8.1.2: mangan-size payment"},
    {"chombo_returns_riichi", "true", "003 §8.1.2"},
    {"kandora_timing", "after_discard", "003 §7.3.1.16"},
    {"kuikae", "forbid_same", "003 §7.3.1.9"},
    {"standings", "average_place", "003 §6.3"},
    {"fine_base", "0", "003 §8.3.2: sanctions lower the average place instead"},
    {"fine_lateness", "0", "003: not stated"},
    {"winners_own_stick_back", "false", "003 §7.3.1.10: all to the one winner"},
};

/* tenhou.net ranked 4-player East-South with red fives and open tanyao. */
static const paifu_rule_override tenhou[] = {
    {"start_points", "25000", "tenhou-xml.md §6"},
    {"return_points", "30000", "tenhou-xml.md §6"},
    {"oka", "20000", "tenhou-xml.md §6"},
    {"uma", "20000,10000,-10000,-20000", "tenhou-xml.md §6"},
    {"uma_tie", "seat_order", "tenhou-xml.md §6"},
    {"placement_tie", "seat_order", "tenhou-xml.md §6"},
    {"leftover_riichi", "first_place", "tenhou-xml.md §6"},
    {"final_rounding", "nearest_1000", "tenhou-xml.md §6 (logs up to 2020)"},
    {"honba_multi_ron", "first_winner", "tenhou-xml.md §4.12"},
    {"multi_ron", "double", "tenhou-xml.md §4.13: ron3"},
    {"nagashi", "true", "riichi-rulesets.md B"},
    {"pao_ron_honba", "liable", "riichi-rulesets.md B"},
    {"tobi", "true", "riichi-rulesets.md A"},
    {"agariyame", "true", "riichi-rulesets.md A"},
    {"tenpaiyame", "true", "riichi-rulesets.md A"},
    {"west_round", "true", "riichi-rulesets.md A"},
    {"renhou", "none", "riichi-rulesets.md C"},
    {"rinshan_tsumo_fu", "true", "riichi-rulesets.md C"},
    {"kandora_timing", "after_discard", "riichi-rulesets.md C"},
    {"riichi_min_points", "1000", "riichi-rulesets.md D"},
    {"riichi_ankan", "wait", "riichi-rulesets.md D"},
    {"chombo", "none", "riichi-rulesets.md E: the client prevents it"},
    {"winners_own_stick_back", "false", "riichi-rulesets.md B: nearest winner takes all"},
    {"time_limit", "false", "riichi-rulesets.md A: no timer"},
};

/* MahjongSoul ranked 4-player (Jade/Throne style rooms). */
static const paifu_rule_override majsoul[] = {
    {"start_points", "25000", "riichi-rulesets.md A"},
    {"return_points", "25000", "riichi-rulesets.md A"},
    {"uma", "15000,5000,-5000,-15000", "riichi-rulesets.md A"},
    {"uma_tie", "seat_order", "riichi-rulesets.md A"},
    {"placement_tie", "seat_order", "riichi-rulesets.md A"},
    {"leftover_riichi", "first_place", "riichi-rulesets.md A"},
    {"nagashi", "true", "riichi-rulesets.md B"},
    {"tobi", "true", "riichi-rulesets.md A"},
    {"agariyame", "true", "riichi-rulesets.md A"},
    {"tenpaiyame", "true", "riichi-rulesets.md A"},
    {"west_round", "true", "riichi-rulesets.md A"},
    {"double_yakuman", "daisuushi,suuankou_tanki,kokushi_13,junsei_chuuren",
     "riichi-rulesets.md C (unverified list)"},
    {"renhou", "none", "riichi-rulesets.md C"},
    {"rinshan_tsumo_fu", "true", "riichi-rulesets.md C (unverified)"},
    {"kandora_timing", "after_discard", "riichi-rulesets.md C"},
    {"riichi_min_points", "1000", "riichi-rulesets.md D"},
    {"riichi_ankan", "wait", "riichi-rulesets.md D (unverified)"},
    {"chombo", "none", "riichi-rulesets.md E"},
    {"winners_own_stick_back", "false", "riichi-rulesets.md B: nearest winner takes all"},
    {"honba_multi_ron", "first_winner",
     "majsoul-json.md §5.7, §8.6: hules[0] takes all honba and sticks (riichi-rulesets.md B has "
     "each winner, unverified)"},
    {"pao_ron_honba", "liable", "majsoul-json.md §8.6: the liable seat pays all honba on a ron"},
    {"time_limit", "false", "riichi-rulesets.md A: no timer"},
    {"kita_interrupts", "false", "MahjongSoul: a North set aside keeps ippatsu (unverified)"},
};

/* Chinese Official (MCR, 81 fan), seed 001. */
static const paifu_rule_override mcr[] = {
    {"family", "mcr", "mcr.md"},
    {"game_length", "north", "mcr.md §2.1: four rounds of four deals"},
    {"start_points", "0", "mcr.md §10: totals start from zero"},
    {"return_points", "0", "mcr.md §10"},
    {"uma", "0,0,0,0", "mcr.md §10: table points instead (mcr_table_points)"},
    {"honba_value", "0", "mcr.md §2.3: no honba"},
    {"noten_total", "0", "mcr.md §8: an exhaustive draw pays nothing"},
    {"abortive", "", "mcr.md §2.7"},
    {"red_fives", "0", "mcr.md §1"},
    {"kuikae", "allow", "mcr.md §2.6"},
    {"chombo", "none", "mcr.md §9: false hu is its own penalty"},
    {"pao", "", "mcr.md"},
    {"multi_ron", "atamahane", "mcr.md §8: only one player can win a hand"},
};

#define PRESET(name, doc) {#name, doc, name, N(name)}

const paifu_rule_preset paifu_rules__presets[] = {
    PRESET(rrc, "RRC-2024, Russian riichi rules v1.0 (seed 000); the default"),
    PRESET(ema, "EMA as described by RRC-2024 Table 3 (likely EMA Riichi Competition Rules 2016)"),
    PRESET(ema2012, "EMA riichi rules, 2012 edition (seed 004)"),
    PRESET(wrc, "WRC as described by RRC-2024 Table 3"),
    PRESET(jhc2016, "Japanese House Cup 2016, JPML-B based house rules (seed 003)"),
    PRESET(tenhou, "tenhou.net ranked 4-player game (not from seeds)"),
    PRESET(majsoul, "MahjongSoul ranked 4-player game (not from seeds)"),
    PRESET(mcr, "Chinese Official / MCR, 81 fan (seed 001)"),
};

const size_t paifu_rules__preset_count = N(paifu_rules__presets);

const char paifu_rules__default_preset[] = "rrc";
