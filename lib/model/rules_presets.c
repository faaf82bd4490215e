/*
 * rules_presets.c: the presets, as data. No logic here.
 *
 * Every preset starts from the defaults of the descriptor table in rules.c (RRC 2024) and
 * overrides rows by name, each override citing the public document and section that decides it:
 * RRC 2024 (the Russian riichi community's rules and regulations, version 1.0; its §12.1 Table 3
 * compares rule sets), JHC 2016 (Japanese House Cup 2016 regulations), EMA 2012 (EMA Riichi
 * Competition Rules, 2012 edition), MCR 2006 (Green Book). Cells the documents leave open keep the
 * default unless Table 3 gives the value for the same body. Tenhou and Mahjong Soul values are
 * the platforms' own rules (shared/rules/riichi-rulesets.md section 4 lists where they were read).
 */
#include "rules_internal.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* RRC 2024 = the table defaults. */
static const paifu_rule_override rrc[] = {
    {"game_length", "south", "RRC 2024 §3.1.2 (rated tournaments play hanchan, §12.2)"},
    {"nagashi_yields_to_penalty", "true",
     "RRC 2024 §3.10: a penalty (noten riichi) has priority over a nagashi mangan"},
    {"chombo_points", "20000",
     "RRC 2024 §9.4, §12.2: a flat 20000, after uma. §3.13 contradicts them (twice the uma step: "
     "40000, with 30/10 uma); chombo_points=0 gives §3.13's reading"},
};

/* EMA as described by 000 Table 3 (most likely the EMA Riichi Competition Rules 2016). */
static const paifu_rule_override ema[] = {
    {"document", "rrc2024_table3_ema", "RRC 2024 §12.1 Table 3, its EMA column"},
    {"red_fives", "0", "RRC 2024 Table 3 (EMA): no red fives"},
    {"abortive", "", "RRC 2024 Table 3 (EMA): no abortive draws"},
    {"kazoe_yakuman", "false", "RRC 2024 Table 3 (EMA): no counted yakuman"},
    {"yakuman_stacking", "false", "RRC 2024 Table 3 (EMA): yakuman do not stack"},
    {"uma", "15000,5000,-5000,-15000", "RRC 2024 Table 3 (EMA): 15/5"},
    {"kuitan", "true", "RRC 2024 Table 3 (EMA): open tanyao"},
    {"kuikae", "forbid_all", "RRC 2024 Table 3 (EMA): kuikae forbidden"},
    {"winners_own_stick_back", "false", "RRC 2024 Table 3 (EMA): first in turn order"},
};

/* EMA 2012 (seed 004, Part 1 only; gaps from RRC 2024 Table 3 (EMA)). */
static const paifu_rule_override ema2012[] = {
    {"document", "ema2012", "EMA 2012"},
    {"uma", "30000,10000,-10000,-30000", "EMA 2012 §3.6.1"},
    {"kuitan", "false", "EMA 2012 foreword 2008: tanyao closed only"},
    {"kuikae", "allow", "EMA 2012 foreword 2008: discarding an identical tile after chi allowed"},
    {"ryanhan_shibari", "true", "EMA 2012 §3.4.11"},
    {"double_yakuman", "daisuushi", "EMA 2012 revision note"},
    {"kazoe_yakuman", "false", "not stated; RRC 2024 Table 3 (EMA)"},
    {"yakuman_stacking", "false", "not stated; RRC 2024 Table 3 (EMA)"},
    {"chombo", "reverse_mangan", "EMA 2012 §3.4.6: mangan payment"},
    {"riichi_ankan", "reading_pons", "EMA 2012 §3.3.12"},
    {"temp_furiten", "any_call", "EMA 2012 §3.4.5: the go-around interrupted by pon, kan or chi"},
    {"winners_own_stick_back", "false", "not stated; RRC 2024 Table 3 (EMA): first in turn order"},
    {"pure_karaten_tenpai", "false",
     "EMA 2012 §3.4.2: a player waiting only on a tile he already holds four of is not tenpai"},
};

/* WRC as far as 000 Table 3 describes it. */
static const paifu_rule_override wrc[] = {
    {"document", "rrc2024_table3_wrc", "RRC 2024 §12.1 Table 3, its WRC column"},
    {"multi_ron", "atamahane", "RRC 2024 Table 3"},
    {"leftover_riichi", "lost", "RRC 2024 Table 3"},
    {"abortive", "", "RRC 2024 Table 3: none"},
    {"kiriage", "true", "RRC 2024 Table 3"},
    {"kazoe_yakuman", "false", "RRC 2024 Table 3"},
    {"double_wind_pair_fu", "2", "RRC 2024 Table 3"},
    {"red_fives", "0", "RRC 2024 Table 3"},
    {"pao", "daisangen,daisuushi,suukantsu", "RRC 2024 Table 3"},
    {"chankan_ankan_kokushi", "false", "RRC 2024 Table 3"},
    {"time_limit_deals", "0",
     "RRC 2024 Table 3 (WRC): after the tournament timer \"доиграть текущую раздачу\" (finish "
     "the current deal)"},
};

/* Japanese House Cup 2016 (seed 003; JPML-B based). */
static const paifu_rule_override jhc2016[] = {
    {"document", "jhc2016", "JHC 2016"},
    {"start_points", "25000", "JHC 2016 §6.2.3"},
    {"return_points", "0", "JHC 2016 §7.3.1.9: no uma or oka; raw points rank the players"},
    {"uma", "0,0,0,0", "JHC 2016 §7.3.1.9"},
    {"red_fives", "0", "JHC 2016 §7.3.1.2"},
    {"pao", "daisangen,daisuushi,suukantsu,rinshan_daiminkan", "JHC 2016 §7.3.1.8, §7.3.1.17"},
    {"multi_ron", "double", "JHC 2016 §7.3.1.10: triple ron is a redeal"},
    {"honba_multi_ron", "first_winner", "JHC 2016 §7.3.1.10"},
    {"nagashi", "true", "JHC 2016 §7.3.1.15"},
    {"yakuman_stacking", "false", "JHC 2016 §7.3.1.7"},
    {"chombo", "reverse_mangan", "JHC 2016 §8.1.2: mangan-size payment"},
    {"chombo_returns_riichi", "true", "JHC 2016 §8.1.2"},
    {"kandora_timing", "after_discard", "JHC 2016 §7.3.1.16"},
    {"kuikae", "forbid_same", "JHC 2016 §7.3.1.9"},
    {"standings", "average_place", "JHC 2016 §6.3"},
    {"fine_base", "0", "JHC 2016 §8.3.2: sanctions lower the average place instead"},
    {"place_sanction_min", "5", "JHC 2016 §8.3.2: from 0.05"},
    {"place_sanction_max", "50", "JHC 2016 §8.3.2: to 0.5 of a place"},
    {"fine_lateness", "0", "JHC 2016: not stated"},
    {"winners_own_stick_back", "false", "JHC 2016 §7.3.1.10: all to the one winner"},
    {"pure_karaten_tenpai", "false",
     "JHC 2016: not stated; noten, as RRC 2024 §3.8 and EMA 2012 §3.4.2 (chosen)"},
    {"time_limit_deals", "0",
     "JHC 2016 §6.1.4: \"В красной зоне можно только доигрывать начатые раздачи\" (in the red "
     "zone only deals begun are finished; a log's time_up marks the deal the red zone began in)"},
    {"time_limit_chombo_played", "true",
     "JHC 2016 §6.1.4: \"Начатая в красной зоне раздача будет признана недействительной\": a "
     "deal replayed after a chombo would begin in the red zone"},
};

/* tenhou.net ranked 4-player East-South with red fives and open tanyao. */
static const paifu_rule_override tenhou[] = {
    {"document", "tenhou", "Tenhou's rules (tenhou.net/man)"},
    {"start_points", "25000", "Tenhou rules"},
    {"return_points", "30000", "Tenhou rules"},
    {"oka", "20000", "Tenhou rules"},
    {"uma", "20000,10000,-10000,-20000", "Tenhou rules"},
    {"uma_tie", "seat_order", "Tenhou rules"},
    {"placement_tie", "seat_order", "Tenhou rules"},
    {"leftover_riichi", "first_place", "Tenhou rules"},
    {"final_rounding", "nearest_1000", "Tenhou rules (logs up to 2020)"},
    {"honba_multi_ron", "first_winner", "Tenhou rules"},
    {"multi_ron", "double", "Tenhou rules: ron3"},
    {"nagashi", "true", "Tenhou rules"},
    {"pao_ron_honba", "liable", "Tenhou rules"},
    {"tobi", "true", "Tenhou rules"},
    {"agariyame", "true", "Tenhou rules"},
    {"tenpaiyame", "true", "Tenhou rules"},
    {"west_round", "true", "Tenhou rules"},
    {"renhou", "none", "Tenhou rules"},
    {"rinshan_tsumo_fu", "true", "Tenhou rules"},
    {"kandora_timing", "immediate",
     "Tenhou rules flip an open or added kan's indicator with the discard, but Tenhou logs write "
     "it before the discard (after the replacement draw, or at the kan in older logs such as "
     "the corpus's chip.xml): checked as immediate"},
    {"riichi_min_points", "1000", "Tenhou rules"},
    {"riichi_ankan", "wait", "Tenhou rules"},
    {"chombo", "none", "Tenhou rules: the client prevents it"},
    {"winners_own_stick_back", "false", "Tenhou rules: nearest winner takes all"},
    {"time_limit", "false", "Tenhou rules: no timer"},
    {"pure_karaten_tenpai", "true",
     "Tenhou logs: a hand waiting only on a tile its player holds all four of (in hand and "
     "melds) is shown and paid as tenpai at an exhaustive draw (the sc payments of 10 draws "
     "in 36,077 Tenhou games of 2023-24)"},
    {"tenpai_declared_automatically", "true",
     "Tenhou: a tenpai hand at an exhaustive draw is tenpai automatically, with no noten "
     "declaration (mj-news.net/column/nemata_turedure/20191224139253; mj-news.net/?p=38310)"},
};

/* MahjongSoul ranked 4-player (Jade/Throne style rooms). */
static const paifu_rule_override majsoul[] = {
    {"document", "majsoul", "MahjongSoul's ranked-match rules"},
    {"start_points", "25000", "Mahjong Soul rules"},
    {"return_points", "25000", "Mahjong Soul rules"},
    {"uma", "15000,5000,-5000,-15000", "Mahjong Soul rules"},
    {"uma_tie", "seat_order", "Mahjong Soul rules"},
    {"placement_tie", "seat_order", "Mahjong Soul rules"},
    {"leftover_riichi", "first_place", "Mahjong Soul rules"},
    {"nagashi", "true", "Mahjong Soul rules"},
    {"tobi", "true", "Mahjong Soul rules"},
    {"agariyame", "true", "Mahjong Soul rules"},
    {"tenpaiyame", "true", "Mahjong Soul rules"},
    {"west_round", "true", "Mahjong Soul rules"},
    {"double_yakuman", "daisuushi,suuankou_tanki,kokushi_13,junsei_chuuren",
     "Mahjong Soul rules (unverified list)"},
    {"renhou", "none", "Mahjong Soul rules"},
    {"rinshan_tsumo_fu", "true", "Mahjong Soul rules (unverified)"},
    {"kandora_timing", "immediate",
     "Mahjong Soul rules: an open or added kan's indicator comes with the discard that follows "
     "the replacement draw, before it in the log, as Tenhou's: checked as immediate"},
    {"riichi_min_points", "1000", "Mahjong Soul rules"},
    {"riichi_ankan", "wait", "Mahjong Soul rules (unverified)"},
    {"chombo", "none", "Mahjong Soul rules"},
    {"winners_own_stick_back", "false", "Mahjong Soul rules: nearest winner takes all"},
    {"honba_multi_ron", "first_winner",
     "Mahjong Soul rules: hules[0] takes all honba and sticks (other readings give "
     "each winner, unverified)"},
    {"pao_ron_honba", "liable", "Mahjong Soul rules: the liable seat pays all honba on a ron"},
    {"time_limit", "false", "Mahjong Soul rules: no timer"},
    {"kita_interrupts", "true",
     "Mahjong Soul rules as riichi.wiki's Majsoul page gives them (2019): \"North Replacing is "
     "similar to a calling action, thus this can nullify Ippatsu, Chihou, Kyuushu Kyuuhai and "
     "Double Riichi\" (paifu took it as keeping ippatsu before, unverified)"},
};

/* Chinese Official (MCR, 81 fan), seed 001. */
static const paifu_rule_override mcr[] = {
    {"document", "mcr2006", "MCR 2006 (Green Book)"},
    {"family", "mcr", "MCR 2006 (Green Book)"},
    {"game_length", "north", "MCR 2006 (Green Book), game structure: four rounds of four deals"},
    {"start_points", "0", "MCR 2006 (Green Book), totals and ranking: totals start from zero"},
    {"return_points", "0", "MCR 2006 (Green Book), totals and ranking"},
    {"uma", "0,0,0,0",
     "MCR 2006 (Green Book), totals and ranking: table points instead (mcr_table_points)"},
    {"honba_value", "0", "MCR 2006 (Green Book), game structure: no honba"},
    {"noten_total", "0", "MCR 2006 (Green Book), payments: an exhaustive draw pays nothing"},
    {"abortive", "", "MCR 2006 (Green Book), game structure"},
    {"red_fives", "0", "MCR 2006 (Green Book), tiles"},
    {"kuikae", "allow", "MCR 2006 (Green Book), game structure"},
    {"chombo", "none", "MCR 2006 (Green Book), penalties: false hu is its own penalty"},
    {"pao", "", "MCR 2006 (Green Book)"},
    {"multi_ron", "atamahane", "MCR 2006 (Green Book), payments: only one player can win a hand"},
    {"fine_base", "5",
     "MCR 2006 (Green Book), penalties (001 L1236-1244): a warning, then 5, 10, 20, and so on"},
    {"fine_steps_only", "true", "MCR 2006 (Green Book), penalties (001 L1236-1244)"},
    {"knocked_tile_min", "5", "MCR 2006 (Green Book), penalties (001 L1260): from 5 to 60"},
    {"knocked_tile_max", "60", "MCR 2006 (Green Book), penalties (001 L1260): from 5 to 60"},
    {"mcr_siamese", "true",
     "MCR 2006 (Green Book), Siamese MCR (001 L1321-1342): the three-player variant of the "
     "Russian translation, items 13-16 and the golden rule"},
    {"standings", "table_points",
     "MCR 2006 (Green Book), totals and ranking: table points 4/2/1/0, then the total"},
};

#define PRESET(name, doc) {#name, doc, name, N(name), paifu_rules__checks_##name}

const paifu_rule_preset paifu_rules__presets[] = {
    PRESET(rrc, "RRC 2024: Riichi Mahjong Rules and Regulations of the Russian riichi community "
                "(Риичи-маджонг: правила и регламенты), version 1.0 of 30 December 2024; the default. Chombo: "
                "a flat 20000, after uma (§9.4, §12.2); §3.13's twice the uma step is "
                "chombo_points=0"),
    PRESET(ema, "RRC 2024 Table 3 (EMA): the EMA rules as the EMA column of §12.1 Table 3 "
                "(differences between rule sets) of RRC 2024, version 1.0 of 30 December 2024, "
                "describes them; RRC 2024 where the table says nothing. For the EMA's own 2012 "
                "text use ema2012"),
    PRESET(ema2012, "EMA 2012: European Mahjong Association Riichi Competition Rules, edition of "
                    "8 January 2012 (Ukrainian translation, 2014), Part 1; what it does not state "
                    "(the yaku, fu and points of Part 2 among them), paifu takes from RRC 2024 "
                    "Table 3 (EMA) and RRC 2024"),
    PRESET(wrc, "RRC 2024 Table 3 (WRC): the World Riichi Championship rules as the WRC column of "
                "§12.1 Table 3 (differences between rule sets) of RRC 2024, version 1.0 of 30 "
                "December 2024, describes them; RRC 2024 where the table says nothing (no WRC "
                "rule text is used)"),
    PRESET(jhc2016, "JHC 2016: Japanese House Cup 2016 riichi tournament regulations (Регламент "
                    "Кубка «Японского дома» по риичи-маджонгу 2016 г.), March 2016; play by JPML-B "
                    "rules (§7.3.1), whose text paifu does not have: what the regulations do not "
                    "state, paifu takes from RRC 2024"),
    PRESET(tenhou, "Tenhou's rules: tenhou.net ranked 4-player game rules (tenhou.net/man), as in "
                   "force on the log's date; what they do not state, paifu takes from RRC 2024"),
    PRESET(majsoul, "MahjongSoul's rules: Mahjong Soul ranked 4-player game rules (the ranked-match "
                    "rule page), as in force on the log's date; what they do not state, paifu "
                    "takes from RRC 2024"),
    PRESET(mcr, "MCR 2006 (Green Book): Mahjong Competition Rules of the World Mahjong "
                "Organization, 2006 (81 fan; Russian translation Правила спортивного маджонга)"),
};

const size_t paifu_rules__preset_count = N(paifu_rules__presets);

const char paifu_rules__default_preset[] = "rrc";
