/*
 * test_rules_presets.c: every preset's value of every parameter that its source document states,
 * pinned against a table written by hand from the documents, NOT from lib/model/rules_presets.c
 * (test_rules_doc only keeps doc/rules.md in sync with the code; it tests no value).
 *
 * Sources: rs = shared/rules/riichi-rulesets.md (§1 matrix row, column), pen =
 * shared/rules/penalties.md, mcr = shared/rules/mcr.md; the seed clauses they cite are given
 * too (000 RRC-2024, 003 JHC 2016, 004 EMA 2012, t3 = 000 §12.1 Table 3). A cell the documents
 * mark "not stated" has no row. Values are in the syntax of `paifu rules show`.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>


#include "paifu.h"

#include <stdio.h>
#include <string.h>

typedef struct row {
    const char *preset, *key, *value, *source;
} row;

#define UMA155 "15000,5000,-5000,-15000"
#define ABORT4 "kyuushu,suufon,suucha_riichi,suukaikan"

static const row ROWS[] = {
    /* ---- RRC-2024 (seed 000), riichi-rulesets.md column "RRC-2024 (000)" ---- */
    {"rrc", "family", "riichi", "rs §0: riichi rule set"},
    {"rrc", "game_length", "south", "rs A Game length: rated tournaments play hanchan (000 §12.2)"},
    {"rrc", "west_round", "false", "rs A Game length: West rounds never (t3)"},
    {"rrc", "start_points", "30000", "rs A Starting points (000 §3.1.1)"},
    {"rrc", "return_points", "30000", "rs A Return points (000 §3.12)"},
    {"rrc", "oka", "0", "rs A Oka (000 §3.12, t3)"},
    {"rrc", "uma", UMA155, "rs A Uma (000 §3.12)"},
    {"rrc", "uma_tie", "share", "rs A Score ties: uma split equally (000 §3.12)"},
    {"rrc", "placement_tie", "share", "rs A Score ties: tied players share the place (000 §3.12)"},
    {"rrc", "leftover_riichi", "winner_split", "rs A Leftover riichi sticks (000 §3.12)"},
    {"rrc", "tobi", "false", "rs A Negative scores: no tobi (000 §3.11)"},
    {"rrc", "agariyame", "false", "rs A Agari-yame: no (000 §3.11, t3)"},
    {"rrc", "final_rounding", "none", "rs A Final-score formula: exact (000 §3.12)"},
    {"rrc", "honba_value", "300", "rs B Honba value (000 §3.9)"},
    {"rrc", "honba_multi_ron", "each_winner", "rs B Honba in double/triple ron (000 §3.9)"},
    {"rrc", "riichi_pot_multi_ron", "first_from_discarder",
     "rs B Riichi sticks in double/triple ron: first winner from the discarder (000 §3.3.6)"},
    {"rrc", "winners_own_stick_back", "true",
     "rs B Riichi sticks in double/triple ron (000 §3.3.6)"},
    {"rrc", "multi_ron", "triple", "rs B Multiple ron: double and triple allowed (000 §3.3.5)"},
    {"rrc", "noten_total", "3000", "rs B Noten payments: total 3000 (000 §3.8)"},
    {"rrc", "abortive", ABORT4, "rs C Abortive draws that exist: sanchahou no (000 §3.8)"},
    {"rrc", "abortive_adds_honba", "true", "rs C Abortive-draw consequences: honba +1 (000 §3.9)"},
    {"rrc", "abortive_renchan", "true", "rs C Abortive-draw consequences: dealer keeps (000 §3.9)"},
    {"rrc", "nagashi", "false", "rs C Nagashi mangan: off by default (t3, 000 §12.2)"},
    {"rrc", "nagashi_yields_to_penalty", "true",
     "000 §3.10: a penalty (noten riichi) has priority over a nagashi mangan"},
    {"rrc", "pao", "daisangen,daisuushi", "rs C Pao: no suukantsu pao (000 §3.7.9, t3)"},
    {"rrc", "pao_ron_honba", "discarder", "rs B Honba under pao: ron, the discarder (000 §3.9)"},
    {"rrc", "kiriage", "false", "rs C kiriage: no kiriage (000 §3.7.6)"},
    {"rrc", "kazoe_yakuman", "true", "rs C Counted yakuman (000 §3.7.8)"},
    {"rrc", "yakuman_stacking", "true", "rs C Yakuman stacking (000 §3.5.1)"},
    {"rrc", "double_yakuman", "", "rs C Double yakuman: none (000 §3.5.1)"},
    {"rrc", "renhou", "mangan", "rs C Renhou: mangan (000 §4.2.3)"},
    {"rrc", "double_wind_pair_fu", "4", "rs C Fu for a double-wind pair: 4 (000 §3.7.2)"},
    {"rrc", "rinshan_tsumo_fu", "false",
     "rs C Other fu rules: no tsumo fu for rinshan (000 §3.7.3)"},
    {"rrc", "open_pinfu_fu", "2",
     "rs C Other fu rules: open pinfu shape +2, always 30 (000 §3.7.3)"},
    {"rrc", "kuitan", "true", "rs C Open tanyao (t3)"},
    {"rrc", "red_fives", "3", "rs C Red fives: one per suit (000 §3.6)"},
    {"rrc", "ryanhan_shibari", "false", "rs C Minimum han (t3)"},
    {"rrc", "chankan_ankan_kokushi", "true",
     "rs C Chankan of a closed kan for kokushi (000 §3.3.5)"},
    {"rrc", "ippatsu", "true", "rs C Ippatsu broken by (000 §4.2.1)"},
    {"rrc", "ura_dora", "true", "rs C Dora / kan dora / ura: all yes (000 §3.6)"},
    {"rrc", "kan_dora", "true", "rs C Dora / kan dora / ura: all yes (000 §3.6)"},
    {"rrc", "kandora_timing", "immediate", "rs C Kan dora reveal timing: immediately (000 §3.3.3)"},
    {"rrc", "riichi_min_points", "0", "rs D Riichi restrictions: no minimum score (000 §3.11)"},
    {"rrc", "tobi_riichi_points", "1000",
     "000 §3.11: the tobi rule \"does not allow a riichi stake with less than 1000 points\""},
    {"rrc", "riichi_min_wall", "4",
     "rs D Riichi restrictions: >=4 tiles in the live wall (000 §3.3.6)"},
    {"rrc", "riichi_ankan", "reading",
     "rs D Closed kan after riichi: neither wait nor reading (000 §3.3.6)"},
    {"rrc", "kuikae", "forbid_all", "rs D Kuikae: forbidden, both ends (000 §3.3.4)"},
    {"rrc", "pure_karaten_tenpai", "false",
     "000 §3.8: every winning tile already in the hand and its sets: not tenpai"},
    {"rrc", "tenpai_declared_automatically", "false",
     "000 §3.8: a player not in riichi may keep a tenpai hand hidden and is counted noten"},
    {"rrc", "keishiki_tenpai", "true",
     "rs B Tenpai at exhaustive draw: formal tenpai counts (000 §3.8)"},
    {"rrc", "ippatsu_ankan_breaks", "true", "rs D Ippatsu broken by: ankan too (000 §3.3.6)"},
    {"rrc", "chombo", "after_uma", "pen table RRC-2024: after uma (000 §9.4)"},
    {"rrc", "chombo_points", "20000", "pen table RRC-2024: -20000 after uma (000 §9.4, §12.2)"},
    {"rrc", "chombo_redeal", "true", "pen table RRC-2024: deal replayed (000 §3.13)"},
    {"rrc", "chombo_adds_honba", "false", "pen table RRC-2024: no honba added (000 §3.13)"},
    {"rrc", "fine_base", "2000",
     "pen §1.5 Repeats after a polite notice: 2000, 4000, ... (000 §9.4.1)"},
    {"rrc", "fine_lateness", "1000", "pen §1.5 Lateness: -1000 per minute (000 §9.4)"},
    {"rrc", "standings", "total_score", "rs F Ranking criteria: sum of final scores (000 §3.12)"},

    /* ---- EMA as described by 000 Table 3 ("[t3-EMA: ...]" cells of rs) ---- */
    {"ema", "start_points", "30000", "rs A Starting points [t3-EMA: 30000]"},
    {"ema", "oka", "0", "rs A Oka [t3-EMA: 0]"},
    {"ema", "uma", UMA155, "rs A Uma [t3-EMA: 15/5]"},
    {"ema", "leftover_riichi", "winner_split",
     "rs A Leftover riichi sticks [t3-EMA: split equally]"},
    {"ema", "tobi", "false", "rs A Negative scores [t3-EMA: no]"},
    {"ema", "honba_multi_ron", "each_winner",
     "rs B Honba in double/triple ron [t3-EMA: all winners]"},
    {"ema", "winners_own_stick_back", "false",
     "rs B Riichi sticks in double ron [t3-EMA: first in turn order]"},
    {"ema", "abortive", "", "rs C Abortive draws that exist [t3-EMA: none]"},
    {"ema", "nagashi", "false", "rs C Nagashi mangan [t3-EMA: no]"},
    {"ema", "kiriage", "false", "rs C kiriage [t3-EMA: no kiriage]"},
    {"ema", "kazoe_yakuman", "false", "rs C Counted yakuman [t3-EMA: no]"},
    {"ema", "yakuman_stacking", "false", "rs C Yakuman stacking [t3-EMA: no]"},
    {"ema", "renhou", "mangan", "rs C Renhou [t3-EMA: mangan]"},
    {"ema", "double_wind_pair_fu", "4", "rs C Fu for a double-wind pair [t3-EMA: 4]"},
    {"ema", "kuitan", "true", "rs C Open tanyao [t3-EMA: yes]"},
    {"ema", "red_fives", "0", "rs C Red fives [t3-EMA: no]"},
    {"ema", "kuikae", "forbid_all", "rs D Kuikae [t3-EMA: forbidden]"},
    {"ema", "pao", "daisangen,daisuushi", "rs C Pao [t3-EMA: no suukantsu pao]"},

    /* ---- EMA 2012 (seed 004), column "EMA-2012 (004)" ---- */
    {"ema2012", "pure_karaten_tenpai", "false",
     "004 §3.4.2: waiting only on a tile he already holds four of: not tenpai"},
    {"ema2012", "uma", "30000,10000,-10000,-30000", "rs A Uma (004 §3.6.1)"},
    {"ema2012", "uma_tie", "share",
     "rs A Score ties: uma of tied places split equally (004 §3.6.1)"},
    {"ema2012", "honba_value", "300", "rs B Honba value (004 §3.4.10)"},
    {"ema2012", "multi_ron", "triple",
     "rs B Multiple ron: the discarder pays every winner (004 §3.4.9)"},
    {"ema2012", "noten_total", "3000", "rs B Noten payments: total 3000 (004 §3.4.2)"},
    {"ema2012", "abortive", ABORT4, "rs C Abortive draws that exist (004 §3.3.9, §3.4.2, §3.4.3)"},
    {"ema2012", "abortive_adds_honba", "true",
     "rs C Abortive-draw consequences: counter +1 (004 §3.4.3)"},
    {"ema2012", "abortive_renchan", "true",
     "rs C Abortive-draw consequences: dealer unchanged (004 §3.4.12)"},
    {"ema2012", "double_yakuman", "daisuushi",
     "rs C Double yakuman: only daisuushi (004 foreword 2012)"},
    {"ema2012", "ryanhan_shibari", "true",
     "rs C Minimum han: 2 han with 5+ counters (004 §3.4.11)"},
    {"ema2012", "kuitan", "false", "rs C Open tanyao: closed only (004 foreword 2008)"},
    {"ema2012", "red_fives", "3", "rs C Red fives: 3 (004 §1.1)"},
    {"ema2012", "chankan_ankan_kokushi", "true",
     "rs C Chankan of a closed kan for kokushi (004 §3.3.8)"},
    {"ema2012", "kandora_timing", "immediate",
     "rs C Kan dora reveal timing: immediately (004 §3.3.2)"},
    {"ema2012", "riichi_min_wall", "4",
     "rs D Riichi restrictions: not with <4 tiles (004 §3.3.12)"},
    {"ema2012", "riichi_ankan", "reading_pons", "rs D Closed kan after riichi (004 §3.3.12)"},
    {"ema2012", "kuikae", "allow", "rs D Kuikae: allowed (004 foreword 2008)"},
    {"ema2012", "ippatsu_ankan_breaks", "true", "rs D Ippatsu broken by: ankan (004 §3.3.12)"},
    {"ema2012", "chombo", "reverse_mangan", "pen table EMA-2012: mangan payment (004 §3.4.6)"},
    {"ema2012", "chombo_redeal", "true", "pen table EMA-2012: redeal (004 §3.4.12)"},

    /* ---- WRC as described by 000 Table 3, column "WRC (000 t3 only)" ---- */
    {"wrc", "west_round", "false", "rs A Game length: West rounds never (t3)"},
    {"wrc", "start_points", "30000", "rs A Starting points (t3)"},
    {"wrc", "oka", "0", "rs A Oka (t3)"},
    {"wrc", "uma", UMA155, "rs A Uma: 15/5 (t3)"},
    {"wrc", "uma_tie", "share", "rs A Score ties: uma split equally (t3)"},
    {"wrc", "leftover_riichi", "lost", "rs A Leftover riichi sticks: lost (t3)"},
    {"wrc", "tobi", "false", "rs A Negative scores: no (t3)"},
    {"wrc", "agariyame", "false", "rs A Agari-yame: no (t3)"},
    {"wrc", "honba_value", "300", "rs B Honba value (t3)"},
    {"wrc", "multi_ron", "atamahane", "rs B Multiple ron: atamahane (t3)"},
    {"wrc", "noten_total", "3000", "rs B Noten payments (t3)"},
    {"wrc", "abortive", "", "rs C Abortive draws that exist: none (t3)"},
    {"wrc", "nagashi", "false", "rs C Nagashi mangan (t3)"},
    {"wrc", "pao", "daisangen,daisuushi,suukantsu", "rs C Pao: and suukantsu (t3)"},
    {"wrc", "kiriage", "true", "rs C kiriage: yes (t3)"},
    {"wrc", "kazoe_yakuman", "false", "rs C Counted yakuman: no (t3)"},
    {"wrc", "yakuman_stacking", "true", "rs C Yakuman stacking (t3)"},
    {"wrc", "renhou", "mangan", "rs C Renhou: mangan (t3)"},
    {"wrc", "double_wind_pair_fu", "2", "rs C Fu for a double-wind pair: 2 (t3)"},
    {"wrc", "kuitan", "true", "rs C Open tanyao (t3)"},
    {"wrc", "red_fives", "0", "rs C Red fives: no (t3)"},
    {"wrc", "ryanhan_shibari", "false", "rs C Minimum han (t3)"},
    {"wrc", "chankan_ankan_kokushi", "false", "rs C Chankan of a closed kan for kokushi: no (t3)"},
    {"wrc", "kandora_timing", "immediate", "rs C Kan dora reveal timing (t3)"},
    {"wrc", "kuikae", "forbid_all", "rs D Kuikae: forbidden (t3)"},
    {"wrc", "keishiki_tenpai", "true", "rs B Tenpai at exhaustive draw: formal tenpai (t3)"},

    /* ---- Japanese House Cup 2016 (seed 003), column "JH Cup 2016 (003)" ---- */
    {"jhc2016", "start_points", "25000", "rs A Starting points (003 §6.2.3)"},
    {"jhc2016", "return_points", "0", "rs A Return points: not used (003 §7.3.1.9)"},
    {"jhc2016", "oka", "0", "rs A Oka: not used (003 §7.3.1.9)"},
    {"jhc2016", "uma", "0,0,0,0", "rs A Uma: not used (003 §7.3.1.9)"},
    {"jhc2016", "tobi", "false", "rs A Negative scores: play continues (003 §6.2.6)"},
    {"jhc2016", "honba_multi_ron", "first_winner",
     "rs B Honba in double ron: one winner (003 §7.3.1.10)"},
    {"jhc2016", "winners_own_stick_back", "false",
     "rs B Riichi sticks in double ron: all to one (003 §7.3.1.10)"},
    {"jhc2016", "multi_ron", "double", "rs B Multiple ron: triple ron = redeal (003 §7.3.1.10)"},
    {"jhc2016", "abortive_adds_honba", "true",
     "rs C Abortive-draw consequences: honba +1 (003 §7.3.1.11)"},
    {"jhc2016", "nagashi", "true", "rs C Nagashi mangan: yes (003 §7.3.1.15)"},
    {"jhc2016", "pao", "daisangen,daisuushi,suukantsu,rinshan_daiminkan",
     "rs C Pao: and suukantsu, rinshan after daiminkan (003 §7.3.1.8, §7.3.1.17)"},
    {"jhc2016", "yakuman_stacking", "false", "rs C Yakuman stacking: no (003 §7.3.1.7)"},
    {"jhc2016", "double_yakuman", "", "rs C Double yakuman: none (003 §7.3.1.7)"},
    {"jhc2016", "renhou", "mangan", "rs C Renhou: mangan (003 §7.3.1.14)"},
    {"jhc2016", "kuitan", "true", "rs C Open tanyao (003 §7.3.1.1)"},
    {"jhc2016", "red_fives", "0", "rs C Red fives: no (003 §7.3.1.2)"},
    {"jhc2016", "ryanhan_shibari", "false", "rs C Minimum han (003 §7.3.1.13)"},
    {"jhc2016", "kandora_timing", "after_discard", "rs C Kan dora reveal timing (003 §7.3.1.16)"},
    {"jhc2016", "riichi_min_points", "0",
     "rs D Riichi restrictions: allowed while negative (003 §6.2.8)"},
    {"jhc2016", "kuikae", "forbid_same", "rs D Kuikae: same-tile swap forbidden (003 §7.3.1.9)"},
    {"jhc2016", "chombo", "reverse_mangan",
     "pen / rs E Chombo amount: mangan-size payment (003 §8.1.2)"},
    {"jhc2016", "chombo_returns_riichi", "true",
     "rs E Chombo effect: riichi sticks returned (003 §8.1.2)"},
    {"jhc2016", "chombo_adds_honba", "false",
     "rs B Honba counter: not after chombo (003 §7.3.1.11)"},
    {"jhc2016", "chombo_redeal", "true", "rs E Chombo effect: deal unplayed (003 §8.1.2)"},
    {"jhc2016", "standings", "average_place", "rs F Ranking criteria: average place (003 §6.3)"},

    /* ---- Tenhou, column "Tenhou (not from seeds)" ---- */
    {"tenhou", "west_round", "true", "rs A Game length: West sudden death"},
    {"tenhou", "target_points", "30000", "rs A Game length: nobody >=30000 after S4"},
    {"tenhou", "start_points", "25000", "rs A Starting points"},
    {"tenhou", "return_points", "30000", "rs A Return points"},
    {"tenhou", "oka", "20000", "rs A Oka: +20000 to 1st"},
    {"tenhou", "uma", "20000,10000,-10000,-20000", "rs A Uma: 10-20"},
    {"tenhou", "uma_tie", "seat_order", "rs A Score ties: initial seat order"},
    {"tenhou", "placement_tie", "seat_order", "rs A Score ties: initial seat order"},
    {"tenhou", "leftover_riichi", "first_place", "rs A Leftover riichi sticks: to 1st place"},
    {"tenhou", "tobi", "true", "rs A Negative scores: tobi"},
    {"tenhou", "agariyame", "true", "rs A Agari-yame / tenpai-yame: both"},
    {"tenhou", "tenpaiyame", "true", "rs A Agari-yame / tenpai-yame: both"},
    {"tenhou", "time_limit", "false", "rs A Last deal / time limit: no timer"},
    {"tenhou", "honba_value", "300", "rs B Honba value"},
    {"tenhou", "honba_multi_ron", "first_winner", "rs B Honba in double ron: the nearest winner"},
    {"tenhou", "winners_own_stick_back", "false",
     "rs B Riichi sticks in double ron: nearest winner"},
    {"tenhou", "multi_ron", "double", "rs B Multiple ron: triple ron = abortive draw"},
    {"tenhou", "pao_ron_honba", "liable", "rs B Honba under pao: the liable player"},
    {"tenhou", "noten_total", "3000", "rs B Noten payments: standard 3000"},
    {"tenhou", "abortive_renchan", "true", "rs C Abortive-draw consequences: renchan"},
    {"tenhou", "abortive_adds_honba", "true", "rs C Abortive-draw consequences: honba +1"},
    {"tenhou", "nagashi", "true", "rs C Nagashi mangan: yes"},
    {"tenhou", "pao", "daisangen,daisuushi", "rs C Pao: daisangen, daisuushii"},
    {"tenhou", "kiriage", "false", "rs C kiriage: no"},
    {"tenhou", "kazoe_yakuman", "true", "rs C Counted yakuman"},
    {"tenhou", "yakuman_stacking", "true", "rs C Yakuman stacking"},
    {"tenhou", "double_yakuman", "", "rs C Double yakuman: none"},
    {"tenhou", "renhou", "none", "rs C Renhou: no renhou"},
    {"tenhou", "double_wind_pair_fu", "4", "rs C Fu for a double-wind pair: 4"},
    {"tenhou", "rinshan_tsumo_fu", "true", "rs C Other fu rules: rinshan tsumo gets +2"},
    {"tenhou", "kuitan", "true", "rs C Open tanyao"},
    {"tenhou", "red_fives", "3", "rs C Red fives: 3"},
    {"tenhou", "ryanhan_shibari", "false", "rs C Minimum han"},
    {"tenhou", "chankan_ankan_kokushi", "true", "rs C Chankan of a closed kan for kokushi"},
    {"tenhou", "kandora_timing", "immediate",
     "rs C Kan dora timing: daiminkan/kakan after the discard, but the logs write the indicator "
     "before the discard (at the kan in older ones, chip.xml): the log order is what is checked"},
    {"tenhou", "riichi_min_points", "1000", "rs D Riichi restrictions: >=1000 points"},
    {"tenhou", "riichi_min_wall", "4", "rs D Riichi restrictions: >=4 tiles in the wall"},
    {"tenhou", "riichi_ankan", "wait",
     "rs D Closed kan after riichi: only if the waits do not change"},
    {"tenhou", "kuikae", "forbid_all", "rs D Kuikae: forbidden"},
    {"tenhou", "pure_karaten_tenpai", "true",
     "Tenhou logs: a wait only on tiles the player holds four of is paid as tenpai (sc)"},
    {"tenhou", "keishiki_tenpai", "true", "rs B Tenpai at exhaustive draw: keishiki tenpai"},
    {"tenhou", "tenpai_declared_automatically", "true",
     "mj-news.net/?p=38310: on Tenhou a tenpai hand at a draw is tenpai automatically"},
    {"tenhou", "ippatsu_ankan_breaks", "true", "rs D Ippatsu broken by: any call incl. ankan"},
    {"tenhou", "chombo", "none", "rs E Chombo amount: n/a (the client prevents it)"},

    /* ---- MahjongSoul, column "MahjongSoul (not from seeds)" ---- */
    {"majsoul", "west_round", "true", "rs A Game length: West extension"},
    {"majsoul", "target_points", "30000", "rs A Game length: if nobody >=30000"},
    {"majsoul", "start_points", "25000", "rs A Starting points"},
    {"majsoul", "return_points", "25000", "rs A Return points: 25000 (= start)"},
    {"majsoul", "oka", "0", "rs A Oka: none"},
    {"majsoul", "uma", UMA155, "rs A Uma: +15/+5/-5/-15"},
    {"majsoul", "uma_tie", "seat_order", "rs A Score ties: same as Tenhou"},
    {"majsoul", "placement_tie", "seat_order", "rs A Score ties: same as Tenhou"},
    {"majsoul", "leftover_riichi", "first_place", "rs A Leftover riichi sticks: to 1st place"},
    {"majsoul", "tobi", "true", "rs A Negative scores: same as Tenhou"},
    {"majsoul", "agariyame", "true", "rs A Agari-yame / tenpai-yame: both"},
    {"majsoul", "tenpaiyame", "true", "rs A Agari-yame / tenpai-yame: both"},
    {"majsoul", "time_limit", "false", "rs A Last deal / time limit: same as Tenhou"},
    {"majsoul", "honba_value", "300", "rs B Honba value"},
    {"majsoul", "winners_own_stick_back", "false",
     "rs B Riichi sticks in double ron: nearest winner"},
    {"majsoul", "multi_ron", "triple", "rs B Multiple ron: double and triple ron"},
    {"majsoul", "noten_total", "3000", "rs B Noten payments: standard 3000"},
    {"majsoul", "abortive", ABORT4, "rs C Abortive draws that exist: no sanchahou"},
    {"majsoul", "nagashi", "true", "rs C Nagashi mangan"},
    {"majsoul", "kiriage", "false", "rs C kiriage: no"},
    {"majsoul", "kazoe_yakuman", "true", "rs C Counted yakuman"},
    {"majsoul", "yakuman_stacking", "true", "rs C Yakuman stacking"},
    {"majsoul", "double_yakuman", "daisuushi,suuankou_tanki,kokushi_13,junsei_chuuren",
     "rs C Double yakuman (unverified list)"},
    {"majsoul", "renhou", "none", "rs C Renhou: no renhou"},
    {"majsoul", "double_wind_pair_fu", "4", "rs C Fu for a double-wind pair: 4 (unverified)"},
    {"majsoul", "kuitan", "true", "rs C Open tanyao"},
    {"majsoul", "red_fives", "3", "rs C Red fives: 3"},
    {"majsoul", "ryanhan_shibari", "false", "rs C Minimum han"},
    {"majsoul", "chankan_ankan_kokushi", "true", "rs C Chankan of a closed kan for kokushi"},
    {"majsoul", "kandora_timing", "immediate",
     "rs C Kan dora timing: same as Tenhou (the log writes it before the discard)"},
    {"majsoul", "riichi_min_points", "1000", "rs D Riichi restrictions: same as Tenhou"},
    {"majsoul", "riichi_min_wall", "4", "rs D Riichi restrictions: same as Tenhou"},
    {"majsoul", "kuikae", "forbid_all", "rs D Kuikae: forbidden"},
    {"majsoul", "keishiki_tenpai", "true", "rs B Tenpai at exhaustive draw: same as Tenhou"},
    {"majsoul", "tenpai_declared_automatically", "false",
     "no source found for MahjongSoul: the default (a noten declaration allowed)"},
    {"majsoul", "chombo", "none", "rs E Chombo amount: n/a"},

    /* ---- MCR (seed 001), shared/rules/mcr.md ---- */
    {"mcr", "family", "mcr", "mcr §0: Chinese Official"},
    {"mcr", "mcr_siamese", "true", "001 L1321-1342: three-player (Siamese) MCR"},
    {"mcr", "mcr_flower_order", "true", "001 L169: the dealer replaces first, then in turn"},
    {"rrc", "mcr_siamese", "false", "a riichi preset"},
    {"rrc", "time_limit_deals", "1", "000 §6.4: \"доиграть текущую раздачу и сыграть еще одну\""},
    {"ema", "time_limit_deals", "1", "000 Table 3 (EMA): the current deal and one more"},
    {"wrc", "time_limit_deals", "0", "000 Table 3 (WRC): \"доиграть текущую раздачу\""},
    {"jhc2016", "time_limit_deals", "0", "003 §6.1.4: in the red zone only deals begun"},
    {"rrc", "time_limit_chombo_played", "false", "000 §3.13: a chombo deal is not played"},
    {"jhc2016", "time_limit_chombo_played", "true", "003 §6.1.4: a deal begun in the red zone is void"},
    {"mcr", "fine_base", "5", "001 L1236, L1240, L1244: a warning, then 5, 10, 20, and so on"},
    {"mcr", "fine_steps_only", "true", "001 L1236: the ladder's steps"},
    {"mcr", "knocked_tile_min", "5", "001 L1260: \"от 5 до 60 очков\""},
    {"mcr", "knocked_tile_max", "60", "001 L1260: \"от 5 до 60 очков\""},
    {"rrc", "fine_steps_only", "false", "000 §9.4: disciplinary fines at the referee's discretion"},
    {"mcr", "game_length", "north", "mcr §2.1: four rounds (East to North)"},
    {"mcr", "honba_value", "0", "mcr §2.3: no honba"},
    {"mcr", "abortive", "", "mcr §2.7: a hand ends by a win or by exhausting the wall"},
    {"mcr", "noten_total", "0", "mcr §8: an exhaustive draw pays nothing"},
    {"mcr", "multi_ron", "atamahane", "mcr §8: only one player can win a hand"},
    {"mcr", "red_fives", "0", "mcr §1: no red fives in the set"},
    {"mcr", "start_points", "0", "mcr §10: totals are sums of settlements"},
    {"mcr", "uma", "0,0,0,0", "mcr §10: table points instead of uma"},
    {"mcr", "mcr_min_fan", "8", "mcr §5: minimum 8 points from fans"},
    {"mcr", "mcr_base_points", "8", "mcr §8.1: every loser pays the winner 8"},
    {"mcr", "mcr_false_hu", "10", "mcr §9: false hu -10 to each other player"},
    {"mcr", "mcr_mistaken_hu", "20", "mcr §9: mistaken claim, 20 to each (seed literal)"},
    {"mcr", "mcr_exposure_penalty", "30", "mcr §9: exposing one's hand -30"},
    {"mcr", "mcr_table_points", "4,2,1,0", "mcr §10: 1st = 4, 2nd = 2, 3rd = 1, 4th = 0"},
    {"mcr", "mcr_flowers", "true", "mcr §1: 8 flowers and seasons (144 tiles)"},
};

#define N_ROWS (sizeof(ROWS) / sizeof(ROWS[0]))

static void test_every_row(void **state)
{
    (void)state;
    int bad = 0;
    for (size_t i = 0; i < N_ROWS; i++) {
        paifu_rules *r = NULL;
        paifu_error err;
        assert_int_equal(paifu_rules_preset(&r, ROWS[i].preset, &err), 0);
        char got[256];
        if (paifu_rules_get(got, sizeof(got), r, ROWS[i].key, &err) != 0) {
            fprintf(stderr, "%s: no parameter %s (%s)\n", ROWS[i].preset, ROWS[i].key, err.text);
            bad++;
        } else if (strcmp(got, ROWS[i].value) != 0) {
            fprintf(stderr, "%s.%s = \"%s\", the document says \"%s\" [%s]\n", ROWS[i].preset,
                    ROWS[i].key, got, ROWS[i].value, ROWS[i].source);
            bad++;
        }
        paifu_rules_free(r);
    }
    assert_int_equal(bad, 0);
}

/* Every preset has rows, and no row names a preset that does not exist. */
static void test_every_preset_has_rows(void **state)
{
    (void)state;
    for (size_t p = 0; p < paifu_rules_preset_count(); p++) {
        const char *name = paifu_rules_preset_name(p);
        size_t n = 0;
        for (size_t i = 0; i < N_ROWS; i++)
            n += strcmp(ROWS[i].preset, name) == 0;
        if (n < 10)
            fprintf(stderr, "preset %s has %zu rows\n", name, n);
        assert_true(n >= 10);
    }
    for (size_t i = 0; i < N_ROWS; i++) {
        paifu_rules *r = NULL;
        paifu_error err;
        assert_int_equal(paifu_rules_preset(&r, ROWS[i].preset, &err), 0);
        paifu_rules_free(r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_row),
        cmocka_unit_test(test_every_preset_has_rows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
