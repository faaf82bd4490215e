/*
 * rules_checks.c: what paifu enforces of each preset's rule document, as data. No logic here.
 *
 * One table per preset, which rules_presets.c attaches to it: each rule of the document that
 * decides the preset, with its clause, whether a log can show it being broken, the parameters
 * that carry it and the finding codes that report it. test_rules (rule_checks_match_the_code)
 * fails when a named parameter or finding code does not exist, when a parameter the preset
 * overrides is in no row, or when a row's status and its findings disagree; doc/rules.md and
 * `paifu rules show PRESET` print the tables. Clauses name the public documents as the presets
 * do: RRC 2024, RRC 2024 basic rules, JHC 2016, EMA 2012, MCR 2006 (Green Book) by topic, and
 * RRC 2024 Table 3 (§12.1) for EMA and WRC.
 *
 * Status: ENFORCED holds for every log, score sheets included (the outcome and the money, and
 * what a sheet's yaku, han and fu show: lib/verify/sheet_check.c); TILES needs the tiles of the
 * deal (the play); NOLOG is not in any log (the clock, etiquette). A rule of which a score sheet
 * shows one part and only the tiles another is two rows. test_rules (rule_checks_match_the_code)
 * fails when a TILES row carries a parameter or a finding the sheets check, or an ENFORCED row
 * a parameter only the tiles show.
 */
#include "rules_internal.h"

#define E PAIFU_CHECK_ENFORCED
#define T PAIFU_CHECK_TILE_LOGS
#define X PAIFU_CHECK_NOT_FROM_LOG
#define END {NULL, NULL, E, NULL, NULL}

/* ---- rows several documents share word for word (RRC 2024 and what builds on it) ---- */

#define ROWS_PLAY(doc)                                                                             \
    {doc " §3.2", "turn order: draw, discard, counter-clockwise", T, "",                           \
     "deal.turn_order,deal.hand_size,deal.tile_not_in_hand"},                                      \
    {doc " §3.3.1, §3.3.2", "pon from anyone, chi from the player on the left; not on the last "   \
     "discard", T, "", "deal.call"},                                                               \
    {doc " §3.3.3", "kan: four tiles, at most four kans, a replacement draw each", T, "",          \
     "deal.kan,wall.replacement,wall.exhausted"}

const paifu_rule_check paifu_rules__checks_rrc[] = {
    {"RRC 2024 §3.1.1", "136 tiles, four of each kind at the whole table", T, "",
     "deal.tile_count"},
    {"RRC 2024 §3.1.1", "a red five of each suit (aka dora)", E, "red_fives",
     "deal.tile_count,sheet.yaku"},
    {"RRC 2024 §3.3.5", "a robbed added kan is not declared: no kan dora indicator", T,
     "kan_dora", "deal.dora"},
    {"RRC 2024 §3.1.2", "seats and the first dealer by lot, the wall broken by the dice", X, "",
     ""},
    {"RRC 2024 §3.1.2", "a hanchan: East and South rounds", E, "game_length",
     "flow.dealer,flow.game_end"},
    ROWS_PLAY("RRC 2024"),
    {"RRC 2024 §3.3.3, §5.3.2", "every kan reveals a kan dora indicator before the kan player "
     "discards", T, "kan_dora,kandora_timing", "deal.dora,wall.dora"},
    {"RRC 2024 §3.3.4", "kuikae: neither the called tile nor the other end of a chi", T, "kuikae",
     "deal.kuikae"},
    {"RRC 2024 §3.3.5", "double and triple ron are paid", E, "multi_ron",
     "win.order,score.delta,draw.condition"},
    {"RRC 2024 §3.3.5", "kokushi may rob a closed kan", T, "chankan_ankan_kokushi", "win.tile"},
    {"RRC 2024 §3.3.6", "riichi: closed tenpai, 4 tiles left; after it only the drawn tile is "
     "discarded; a closed kan that keeps the waits and reading", T,
     "riichi_min_wall,riichi_ankan,ippatsu_ankan_breaks",
     "deal.riichi,deal.after_riichi,penalty.riichi_ankan"},
    {"RRC 2024 §3.3.6", "riichi needs no score minimum", E, "riichi_min_points", "deal.riichi"},
    {"RRC 2024 basic rules §3.4", "furiten; temporary furiten until the player's own draw or "
     "call; after riichi for the rest of the deal", T, "temp_furiten", "win.furiten"},
    {"RRC 2024 §3.5, §4", "a win needs a yaku; the yaku and their han; open tanyao", E,
     "kuitan,ippatsu,renhou",
     "win.no_yaku,win.not_complete,score.yaku,score.han,sheet.yaku,sheet.han,sheet.fu"},
    {"RRC 2024 §3.5.1, §3.7.8", "yakuman add up; counted yakuman from 13 han", E,
     "yakuman_stacking,double_yakuman,kazoe_yakuman", "score.yaku,score.points,sheet.han"},
    {"RRC 2024 §3.5.1", "a yakuman is paid 32000 / 48000, each further one as much again", E,
     "yakuman_stacking,double_yakuman", "score.delta,sheet.han"},
    {"RRC 2024 §3.6", "dora, ura and kan ura (the latter for riichi winners)", E,
     "ura_dora,kan_dora", "score.dora,wall.ura,sheet.yaku"},
    {"RRC 2024 §3.7.1-§3.7.4", "fu", T, "double_wind_pair_fu,rinshan_tsumo_fu", "score.fu"},
    {"RRC 2024 §3.7.3", "an open ron of the pinfu shape scores 30 fu", E, "open_pinfu_fu",
     "score.fu,sheet.fu"},
    {"RRC 2024 §3.7.6-§3.7.8", "points from han and fu, limits; no kiriage", E, "kiriage",
     "score.points,score.limit,score.delta"},
    {"RRC 2024 §3.7.6", "the table always holds 120000: a score sheet's scores and riichi "
     "sticks add up to it after every deal", E, "start_points", "flow.scores"},
    {"RRC 2024 §3.7.9", "pao for daisangen and daisuushi", E, "pao,pao_ron_honba",
     "score.delta,sheet.yaku"},
    {"RRC 2024 §3.7.9", "a liable player only for those yakuman, never the winner", E, "pao",
     "sheet.yaku,sheet.winner"},
    {"RRC 2024 §4.2.2", "tenhou: the dealer's tsumo; chiihou: a non-dealer's tsumo", E, "",
     "sheet.yaku,score.yaku"},
    {"RRC 2024 §3.8", "noten payments of 3000 at an exhaustive draw", E, "noten_total",
     "draw.payment"},
    {"RRC 2024 §3.8", "tenpai shown at a draw, with or without a yaku; not on pure karaten",
     T, "keishiki_tenpai,pure_karaten_tenpai",
     "draw.tenpai,draw.hand"},
    {"RRC 2024 §3.8", "the four abortive draws exist (not the triple ron)", E, "abortive",
     "draw.condition"},
    {"RRC 2024 §3.8", "the condition of an abortive draw held", T, "", "draw.condition"},
    {"RRC 2024 §3.9", "honba: 300 per honba, each winner of a multiple ron; renchan", E,
     "honba_value,honba_multi_ron,abortive_adds_honba,abortive_renchan",
     "flow.honba,flow.dealer,score.delta"},
    {"RRC 2024 §3.3.6, §3.9", "riichi sticks: to the winner, each winner's own back", E,
     "riichi_pot_multi_ron,winners_own_stick_back", "flow.riichi_sticks,score.delta"},
    {"RRC 2024 §3.10", "no nagashi mangan", E, "nagashi", "draw.payment"},
    {"RRC 2024 §3.10", "where a nagashi mangan is allowed, a penalty in the deal (noten riichi) "
     "has priority over it", E, "nagashi,nagashi_yields_to_penalty", "draw.payment"},
    {"RRC 2024 §3.11", "no tobi, agariyame or tenpaiyame", E,
     "tobi,agariyame,tenpaiyame,west_round,target_points", "flow.game_end"},
    {"RRC 2024 §3.11", "its bankruptcy variation (tobi) also needs 1000 points for riichi", E,
     "tobi_riichi_points", "deal.riichi"},
    {"RRC 2024 §3.12", "final points and scores: return 30000, uma 15/5, ties share, leftover "
     "sticks to the first", E,
     "start_points,return_points,oka,uma,uma_tie,placement_tie,leftover_riichi,final_rounding",
     "game.final_points,game.final_score"},
    {"RRC 2024 §3.13", "chombo: 20000 after uma (§9.4, §12.2; chombo_points=0 reads §3.13's "
     "twice the uma step), the deal replayed without a honba", E,
     "chombo,chombo_points,chombo_redeal,chombo_adds_honba,chombo_returns_riichi",
     "penalty.amount,game.final_score,flow.dealer,flow.honba"},
    {"RRC 2024 §3.13", "a chombo with another player's win in the deal is not charged", E,
     "chombo_with_win", "penalty.amount,game.final_score"},
    {"RRC 2024 §3.13", "chombo for a false win, a kan after riichi", T, "",
     "penalty.false_win,penalty.riichi_ankan,penalty.unfounded"},
    {"RRC 2024 §3.8, §3.13", "chombo for noten riichi (a riichi player noten at a draw)", E, "",
     "penalty.noten_riichi"},
    {"RRC 2024 §3.13", "dead hand: no declarations for the rest of the deal", T, "",
     "penalty.dead_hand"},
    {"RRC 2024 §3.13", "a dead hand is noten at a draw; one declared after riichi is shown all "
     "the same, and a noten one gets the chombo for noten riichi", T, "", "draw.tenpai"},
    {"RRC 2024 §3.13, Table 1", "a hand changed in riichi is dead and gets a chombo at a draw "
     "whatever its tenpai; a declaration with a dead hand is a chombo; a breach recorded with "
     "its sanction is ruled", T, "riichi_change_chombo",
     "penalty.ruled,penalty.dead_hand"},
    {"RRC 2024 §5", "etiquette: building, dice, how tiles are drawn, shown and announced", X, "",
     ""},
    {"RRC 2024 §6.4", "games against the clock: a game may end before its last deal; where the "
     "log records the deal the main time ran out in (a paifu log's time_up), that deal and one "
     "more are played, a deal ended by chombo not being played (§3.13), so not the one more", E,
     "time_limit,time_limit_deals,time_limit_chombo_played", "flow.game_end"},
    {"RRC 2024 §6.4", "the clock itself: 75 minutes of main time; when it ran out, where the log "
     "does not record it (no format but paifu's records it), so which deal is the last is not "
     "checked there", X, "", ""},
    {"RRC 2024 §3.12, §6.12", "standings by the sum of final scores (paifu report)", E,
     "standings,place_sanction_min,place_sanction_max", "game.sanction"},
    {"RRC 2024 §9.4, §9.4.1", "fines after uma: 2000, 4000, 8000, then doubling, one ladder "
     "per reason; lateness", E, "fine_base,fine_lateness,fine_steps_only", "game.final_score"},
    {"RRC 2024 §9.7", "substitutes and missed games (paifu_settle_substitute_score)", X,
     "substitute_fixed", ""},
    END,
};

/* EMA as RRC 2024 Table 3 describes it: the rows that differ from RRC, then RRC's. */
const paifu_rule_check paifu_rules__checks_ema[] = {
    {"RRC 2024 Table 3 (EMA)", "no red fives", E, "red_fives", "deal.tile_count,sheet.yaku"},
    {"RRC 2024 Table 3 (EMA)", "no abortive draws", E, "abortive", "draw.condition"},
    {"RRC 2024 Table 3 (EMA)", "no counted yakuman; yakuman do not add up", E,
     "kazoe_yakuman,yakuman_stacking", "score.points,score.yaku,sheet.han,score.delta"},
    {"RRC 2024 Table 3 (EMA)", "uma 15/5", E, "uma", "game.final_score"},
    {"RRC 2024 Table 3 (EMA)", "open tanyao", E, "kuitan", "score.yaku,sheet.han"},
    {"RRC 2024 Table 3 (EMA)", "kuikae forbidden", T, "kuikae", "deal.kuikae"},
    {"RRC 2024 Table 3 (EMA)", "multiple ron: the sticks to the first in turn order", E,
     "winners_own_stick_back", "score.delta"},
    {"RRC 2024 Table 3", "rules the table does not list: as RRC 2024", E, "game_length",
     "flow.dealer"},
    {"RRC 2024 Table 3 (EMA)", "after the tournament timer, the current deal and one more (a "
     "paifu log's time_up)", E, "time_limit,time_limit_deals,time_limit_chombo_played",
     "flow.game_end"},
    {"EMA (beyond RRC 2024 Table 3)", "the clock, etiquette, substitutes", X, "", ""},
    END,
};

const paifu_rule_check paifu_rules__checks_ema2012[] = {
    {"EMA 2012 §1", "136 tiles, no flowers", T, "", "deal.tile_count"},
    {"EMA 2012 §1.1", "three red fives, one of each suit (aka dora)", E, "red_fives",
     "deal.tile_count,sheet.yaku"},
    {"EMA 2012 §2.3-§2.6", "seats, building and breaking the wall, the dead wall", X, "", ""},
    {"EMA 2012 §2.7, §3.3.12", "dora, kan dora, ura and kan ura of riichi winners", E,
     "ura_dora,kan_dora", "score.dora,sheet.yaku"},
    {"EMA 2012 §3.3.7, §3.3.8", "a kan's dora indicator, revealed at once", T, "kandora_timing",
     "deal.dora,wall.dora"},
    {"EMA 2012 §3.3", "turn order and calls", T, "",
     "deal.turn_order,deal.call,deal.hand_size,deal.tile_not_in_hand"},
    {"EMA 2012 §3.3.6", "liability for the third dragon pon and the fourth wind pon", E, "pao",
     "score.delta,sheet.yaku,sheet.winner"},
    {"EMA 2012 §3.3.7-§3.3.9", "added kan, closed kan, the fourth kan", T, "",
     "deal.kan,wall.replacement"},
    {"EMA 2012 §3.3.10, §3.3.11, §3.2", "ron and tsumo with a yaku", E,
     "kazoe_yakuman,yakuman_stacking",
     "win.no_yaku,win.not_complete,score.yaku,score.han,sheet.yaku,sheet.han"},
    {"EMA 2012 §3.3.12", "riichi: closed tenpai, 4 tiles left; a kan after riichi keeps the "
     "reading, three consecutive pons allowed", T, "riichi_min_wall,riichi_ankan",
     "deal.riichi,deal.after_riichi,penalty.riichi_ankan"},
    {"EMA 2012 §3.4.1", "the last tile: no call on it, no closed kan on it", T, "",
     "deal.call,deal.kan,wall.exhausted"},
    {"EMA 2012 §3.4.2", "noten payments of 3000", E, "noten_total", "draw.payment"},
    {"EMA 2012 §3.4.2", "tenpai shown, not on a tile held four times", T,
     "keishiki_tenpai,pure_karaten_tenpai", "draw.tenpai"},
    {"EMA 2012 §3.4.3", "the four abortive draws", E, "abortive", "draw.condition"},
    {"EMA 2012 §3.4.3", "the conditions of the abortive draws", T, "", "draw.condition"},
    {"EMA 2012 §3.4.4", "riichi sticks of a draw stay for the next winner", E, "",
     "flow.riichi_sticks"},
    {"EMA 2012 §3.4.5", "furiten; temporary furiten ends at the player's draw or when a pon, "
     "kan or chi interrupts the go-around", T, "temp_furiten", "win.furiten"},
    {"EMA 2012 §3.4.6", "chombo: a mangan payment, the deal replayed; annulled by a win "
     "declared at the same time", E, "chombo,chombo_with_win,chombo_redeal",
     "penalty.amount,flow.dealer"},
    {"EMA 2012 §3.4.6", "what is chombo: a false win", T, "",
     "penalty.false_win,penalty.unfounded"},
    {"EMA 2012 §3.4.6", "what is chombo: noten riichi (a riichi player noten at a draw)", E, "",
     "penalty.noten_riichi"},
    {"EMA 2012 §3.4.7", "dead hand: no win or call, and not tenpai at a draw", T, "",
     "penalty.dead_hand,draw.tenpai"},
    {"EMA 2012 §3.4.8, §3.4.9", "minor infractions; how a win is declared and shown", X, "", ""},
    {"EMA 2012 §3.4.10, §3.4.12", "renchan counters, dealer rotation", E,
     "honba_value,abortive_adds_honba,abortive_renchan", "flow.honba,flow.dealer"},
    {"EMA 2012 §3.4.11", "five counters: a win needs two han from yaku", E, "ryanhan_shibari",
     "win.no_yaku"},
    {"EMA 2012 §3.5, §3.6", "the game's course and end", E, "game_length,time_limit",
     "flow.game_end"},
    {"EMA 2012 §3.6.1", "uma 30/10 for the places", E, "uma,start_points,return_points",
     "game.final_points,game.final_score"},
    {"EMA 2012 foreword 2008", "tanyao closed only", E, "kuitan",
     "score.yaku,sheet.yaku,sheet.han,sheet.fu"},
    {"EMA 2012 foreword 2008", "an identical tile may be discarded after a chi", T, "kuikae",
     "deal.kuikae"},
    {"EMA 2012 foreword 2012", "daisuushi is a double yakuman", T, "double_yakuman",
     "score.points"},
    {"RRC 2024 Table 3 (EMA; not in EMA 2012)", "multiple ron: the sticks to the first in "
     "turn order", E, "winners_own_stick_back", "score.delta"},
    {"EMA 2012 (tournament rules, not in Part 1)", "the clock, substitutes", X, "", ""},
    END,
};

const paifu_rule_check paifu_rules__checks_wrc[] = {
    {"RRC 2024 Table 3 (WRC)", "head bump: only the first winner from the discarder", E,
     "multi_ron", "win.order,score.delta"},
    {"RRC 2024 Table 3 (WRC)", "leftover riichi sticks are lost", E, "leftover_riichi",
     "game.final_points,game.final_score"},
    {"RRC 2024 Table 3 (WRC)", "no abortive draws", E, "abortive", "draw.condition"},
    {"RRC 2024 Table 3 (WRC)", "kiriage mangan; no counted yakuman", E,
     "kiriage,kazoe_yakuman", "score.points,score.limit,score.delta"},
    {"RRC 2024 Table 3 (WRC)", "a double wind pair is 2 fu", T, "double_wind_pair_fu",
     "score.fu"},
    {"RRC 2024 Table 3 (WRC)", "no red fives", E, "red_fives", "deal.tile_count,sheet.yaku"},
    {"RRC 2024 Table 3 (WRC)", "pao also for suukantsu", E, "pao", "score.delta,sheet.yaku"},
    {"RRC 2024 Table 3 (WRC)", "kokushi may not rob a closed kan", T,
     "chankan_ankan_kokushi", "win.tile"},
    {"RRC 2024 Table 3", "rules the table does not list: as RRC 2024", E, "game_length",
     "flow.dealer"},
    {"RRC 2024 Table 3 (WRC)", "after the tournament timer, the current deal only (a paifu "
     "log's time_up)", E, "time_limit,time_limit_deals", "flow.game_end"},
    {"WRC (beyond RRC 2024 Table 3)", "the clock, etiquette, substitutes", X, "", ""},
    END,
};

const paifu_rule_check paifu_rules__checks_jhc2016[] = {
    {"JHC 2016 §5.3", "pauses before drawing and before chi; the winning tile kept apart", X, "",
     ""},
    {"JHC 2016 §6.1", "90-minute sessions, the red zone, the last deal: the clock itself, where "
     "the log does not record when the red zone began (no format but paifu's records it)", X,
     "", ""},
    {"JHC 2016 §6.1.4-§6.1.6", "a session may end before South 4; the deal the red zone began "
     "in is finished and none begins after it (a paifu log's time_up)", E,
     "time_limit,time_limit_deals,time_limit_chombo_played", "flow.game_end"},
    {"JHC 2016 §6.2.3", "25000 points each", E, "start_points", "game.final_points,flow.scores"},
    {"JHC 2016 §6.2.6-§6.2.8", "negative scores allowed, riichi while negative", E,
     "tobi,riichi_min_points", "deal.riichi,flow.game_end"},
    {"JHC 2016 §6.2.10", "the points at the table add up to 100000", E, "",
     "game.final_points,flow.scores"},
    {"JHC 2016 §6.3", "standings by average place, then points, dispersion, spread (paifu "
     "report)", E, "standings", ""},
    {"JHC 2016 §7.1, §7.2", "seats, dealer and wall by dice; shuffling and building", X, "", ""},
    {"JHC 2016 §7.3.1 (JPML-B)", "turn order, calls, kans", T, "",
     "deal.turn_order,deal.call,deal.kan,deal.hand_size,deal.tile_not_in_hand"},
    {"JHC 2016 §7.3.1 (JPML-B)", "riichi; furiten and temporary furiten", T,
     "riichi_min_wall,temp_furiten", "deal.riichi,deal.after_riichi,win.furiten"},
    {"JHC 2016 §7.3.1 (JPML-B)", "yaku, fu and points", E, "",
     "win.no_yaku,score.han,score.fu,score.points,sheet.yaku,sheet.han,sheet.fu"},
    {"JHC 2016 §7.3.1.1", "open tanyao", E, "kuitan", "score.yaku,sheet.han"},
    {"JHC 2016 §7.3.1.2", "no red fives", E, "red_fives", "deal.tile_count,score.yaku,sheet.yaku"},
    {"JHC 2016 §7.3.1.3-§7.3.1.5", "kan dora, ura and kan ura", E, "kan_dora,ura_dora",
     "score.dora,deal.dora,sheet.yaku"},
    {"JHC 2016 §7.3.1.6", "ippatsu", E, "ippatsu", "score.yaku,sheet.yaku"},
    {"JHC 2016 §7.3.1.7", "yakuman do not add up; double yakuman count", E,
     "yakuman_stacking,double_yakuman,kazoe_yakuman", "score.points,score.delta"},
    {"JHC 2016 §7.3.1.8", "pao for daisangen, daisuushi and suukantsu", E, "pao,pao_ron_honba",
     "score.delta,sheet.yaku,sheet.winner"},
    {"JHC 2016 §7.3.1.9", "kuikae: only a chi may be slid", T, "kuikae", "deal.kuikae"},
    {"JHC 2016 §7.3.1.9 (second)", "no uma and no oka", E, "uma,oka,return_points",
     "game.final_score"},
    {"JHC 2016 §7.3.1.10", "no head bump: a double ron, a triple ron redealt; honba and sticks "
     "to one winner", E, "multi_ron,honba_multi_ron,winners_own_stick_back",
     "score.delta,draw.condition,flow.honba"},
    {"JHC 2016 §7.3.1.11", "renchan after the dealer's win or tenpai and any draw", E,
     "honba_value,abortive_adds_honba,abortive_renchan,noten_total", "flow.honba,flow.dealer"},
    {"JHC 2016 §7.3.1.13", "no two-han minimum", E, "ryanhan_shibari", "win.no_yaku"},
    {"JHC 2016 §7.3.1.14", "renhou is a mangan", E, "renhou", "score.yaku,sheet.yaku"},
    {"JHC 2016 §7.3.1.15", "nagashi mangan, paid as a tsumo, not a win", E, "nagashi",
     "draw.payment"},
    {"JHC 2016 §7.3.1.16", "a closed kan's indicator at once, an open or added kan's after the "
     "discard", T, "kandora_timing", "deal.dora"},
    {"JHC 2016 §7.3.1.17", "rinshan kaihou after an open kan: the discarder into the kan pays "
     "the whole hand", E, "pao", "score.delta,sheet.yaku"},
    {"JHC 2016 §7.3.1.18", "yaku not used (local yaku): paifu scores none of them", T, "",
     "score.yaku"},
    {"JHC 2016 (not stated)", "pure karaten is noten at a draw (chosen: RRC 2024 §3.8, EMA "
     "2012 §3.4.2)", T, "pure_karaten_tenpai", "draw.tenpai"},
    {"JHC 2016 §8.1.1", "dead hand", T, "", "penalty.dead_hand"},
    {"JHC 2016 §8.1.2", "chombo: a mangan payment, the deal replayed, riichi sticks returned", E,
     "chombo,chombo_redeal,chombo_adds_honba,chombo_returns_riichi,chombo_with_win",
     "penalty.amount,flow.riichi_sticks,flow.dealer"},
    {"JHC 2016 §8.1.2.6, §8.1.2.8", "chombo for a false win, a kan after riichi that changes "
     "the wait or the hand", T, "riichi_ankan", "penalty.false_win,penalty.riichi_ankan"},
    {"JHC 2016 §8.1.2.7", "chombo for a false riichi (noten at a draw)", E, "",
     "penalty.noten_riichi"},
    {"JHC 2016 §8.1.2.1-§8.1.2.5, §8.2", "walls and discards knocked over, tiles shown, "
     "attempted calls", X, "", ""},
    {"JHC 2016 §8.3.1, §8.3.3, §8.3.4", "warning, disqualification, black list", X, "", ""},
    {"JHC 2016 §8.3.2", "sanctions of 0.05 to 0.5 on the average place (place_sanctions)", E,
     "place_sanction_min,place_sanction_max", "game.sanction"},
    {"JHC 2016 §8", "no point fines", E, "fine_base,fine_lateness", "game.final_score"},
    END,
};

/* Tenhou and Mahjong Soul: the platforms' rules; the client enforces play. */
#define ROWS_PLATFORM(doc)                                                                         \
    {doc, "start 25000, return, oka, uma, ties by seat, leftover sticks to the first", E,          \
     "start_points,return_points,oka,uma,uma_tie,placement_tie,leftover_riichi,final_rounding",    \
     "game.final_points,game.final_score"},                                                        \
    {doc, "tobi, agariyame, tenpaiyame, the West round", E,                                        \
     "tobi,agariyame,tenpaiyame,west_round,target_points,time_limit", "flow.game_end"},            \
    {doc, "nagashi mangan; the liable player pays a pao ron's honba", E,                          \
     "nagashi,pao_ron_honba", "draw.payment,score.delta"},                                         \
    {doc, "multiple ron: honba and sticks to the first winner", E,                                 \
     "honba_multi_ron,winners_own_stick_back", "score.delta,flow.riichi_sticks"},                  \
    {doc, "no renhou", E, "renhou", "score.yaku,sheet.yaku"},                                     \
    {doc, "rinshan tsumo fu; double yakuman", T, "rinshan_tsumo_fu,double_yakuman",               \
     "score.fu,score.points"},                                                                     \
    {doc, "an open kan's indicator with its discard, written just before it", T,                 \
     "kandora_timing",                                                                             \
     "deal.dora"},                                                                                 \
    {doc, "riichi needs 1000 points", E, "riichi_min_points", "deal.riichi"},                      \
    {doc, "a closed kan after riichi keeps the waits", T, "riichi_ankan",                         \
     "deal.riichi,penalty.riichi_ankan"},                                                          \
    {doc, "no chombo: the client prevents it", E, "chombo", "penalty.amount"}

const paifu_rule_check paifu_rules__checks_tenhou[] = {
    ROWS_PLATFORM("Tenhou's rules (tenhou.net/man)"),
    {"Tenhou's rules (tenhou.net/man)", "a triple ron is a draw", E, "multi_ron",
     "draw.condition,win.order"},
    {"tenhou.net (logs: sc payments)", "pure karaten is shown and paid as tenpai at a draw", T,
     "pure_karaten_tenpai", "draw.tenpai"},
    {"Tenhou's rules (mj-news.net/?p=38310)", "a tenpai hand at an exhaustive draw is tenpai "
     "automatically: no noten declaration", T, "tenpai_declared_automatically", "draw.tenpai"},
    {"Tenhou's rules (tenhou.net/man)", "play itself (the client allows only legal moves)", T, "",
     "deal.turn_order,deal.call,win.furiten,score.yaku"},
    END,
};

const paifu_rule_check paifu_rules__checks_majsoul[] = {
    ROWS_PLATFORM("MahjongSoul's rules (the ranked-match rule page)"),
    {"MahjongSoul's rules (the ranked-match rule page)", "a North set aside breaks ippatsu, "
     "chiihou and double riichi like a call", T, "kita_interrupts", "score.yaku"},
    {"MahjongSoul's rules (the ranked-match rule page)", "play itself (the client allows only legal moves)", T, "",
     "deal.turn_order,deal.call,win.furiten,score.yaku"},
    END,
};

const paifu_rule_check paifu_rules__checks_mcr[] = {
    {"MCR 2006 (Green Book), game structure", "a session: four rounds of four hands, no repeats", E, "family,game_length",
     "flow.dealer,game.final_points"},
    {"MCR 2006 (Green Book), seating", "players change seats between rounds", E, "mcr_seat_changes",
     "flow.dealer"},
    {"MCR 2006 (Green Book), a full game (001 L21, L286)",
     "in a tournament the time allotted to four rounds: when it runs out the hands played are "
     "added up; no format records a session's time, so a session cut short by it is not told "
     "from one cut short in the log", X, "", ""},
    {"MCR 2006 (Green Book), two players (001 L1363-1366)",
     "the two-player game: a dead wall of 27 tiles, each win paid as the hand's value with "
     "opposite signs, East in turn over an even number of deals agreed first; not read (a game "
     "holds 3 or 4 players)", X, "", ""},
    {"MCR 2006 (Green Book), building and dealing", "144 tiles; flowers set aside and replaced", T, "mcr_flowers,mcr_wall",
     "mcr.flower,wall.exhausted,deal.tile_count"},
    {"MCR 2006 (Green Book), flowers (001 L169)", "the starting flowers replaced from the dealer, "
     "then the others in turn", T, "mcr_flower_order", "mcr.flower"},
    {"MCR 2006 (Green Book), turns and claims", "turn order, chow from the left, pung and kong from anyone", T, "",
     "deal.turn_order,deal.call,deal.hand_size"},
    {"MCR 2006 (Green Book), how to kong", "no kong in the turn of the player's own chow or pung", T, "", "deal.kan"},
    {"MCR 2006 (Green Book), winning hands", "winning hands: four sets and a pair, or the special shapes", T, "",
     "win.not_complete,win.hand"},
    {"MCR 2006 (Green Book), minimum points", "8 points at least, flowers excluded", E, "mcr_min_fan", "win.no_yaku"},
    {"MCR 2006 (Green Book), the 81 fans", "the 81 fans and how they combine", T,
     "mcr_wait_fans,mcr_special_self_draw,mcr_knitted_straight_concealed,"
     "mcr_two_concealed_kongs,mcr_melded_concealed_kong,mcr_four_kongs_concealed,"
     "mcr_nine_gates_pungs",
     "mcr.fan,mcr.total"},
    {"MCR 2006 (Green Book), payments", "payments: 8 from each loser, the points from the discarder (all three "
     "on a self-draw); score sheets paid by their points", E, "mcr_base_points",
     "mcr.payment,flow.scores"},
    {"MCR 2006 (Green Book), Siamese MCR (001 L1321-1342)", "three players: a self-draw wins 2 × "
     "(value + 8), a discard win value + 16 (the discarder value + 8, the other 8), no fourth "
     "seat pays; after a player's second win of a deal the others' declared wins are not paid, "
     "at the wall's end all are", E, "mcr_siamese", "mcr.payment,flow.scores"},
    {"MCR 2006 (Green Book), Siamese MCR: the golden rule (001 L1321)", "a player's second win of "
     "a deal is worth no less than the first", E, "mcr_siamese", "win.no_yaku"},
    {"MCR 2006 (Green Book), payments", "no honba, no noten payments, no abortive draws, one winner", E,
     "honba_value,noten_total,abortive,multi_ron,start_points,return_points,uma,red_fives,"
     "kuikae,pao",
     "draw.payment,draw.condition,flow.scores"},
    {"MCR 2006 (Green Book), totals and ranking", "session totals; table points 4/2/1/0 rank the players (paifu report)", E,
     "mcr_table_points,standings", "game.final_points"},
    {"MCR 2006 (Green Book), penalties: false hu", "false hu: 10 to each other player; a mistaken hu claim: 20 to each", E,
     "mcr_false_hu,mcr_mistaken_hu,chombo", "penalty.amount"},
    {"MCR 2006 (Green Book), penalties: exposed hand", "exposing the hand after an invalid hu: 30 to the others", E,
     "mcr_exposure_penalty", "penalty.amount"},
    {"MCR 2006 (Green Book), penalties: empty claims", "empty claims, touching the wall, late pungs: warning, 5, 10, 20; "
     "a fine the log records is a step of that ladder", E, "fine_base,fine_steps_only", "penalty.amount"},
    {"MCR 2006 (Green Book), penalties: late pungs", "the late-pung ladder starts again in each round (a log's fine "
     "names no offence paifu can count by)", X, "", ""},
    {"MCR 2006 (Green Book), penalties: knocked tiles", "knocking over tiles: 5 to 60, paid to the tile's owner", E,
     "knocked_tile_min,knocked_tile_max", "penalty.amount"},
    {"MCR 2006 (Green Book), penalties: may not win", "the offender may not win this hand", E, "", "penalty.dead_hand"},
    {"MCR 2006 (Green Book), misconduct; the clock", "misconduct, the clock", X, "", ""},
    END,
};

#undef E
#undef T
#undef X
#undef END
