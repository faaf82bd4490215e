/*
 * rules.c: the rule-parameter descriptor table and the by-name API.
 *
 * One row per parameter drives parsing, printing, `paifu rules`, the rule-file schema and the
 * documentation. The default of every row is the RRC 2024 value (shared/rules/riichi-rulesets.md
 * section 3); presets (rules_presets.c) override rows by name. Adding a parameter = one field in
 * rules_internal.h + one row here + a value in every preset that differs from the default.
 */
#include "error_internal.h"
#include "rules_internal.h"

#include "paifu/verify.h"

#include <ctype.h>
#include <stdatomic.h>
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef struct rule_row {
    paifu_rule_param_info info;
    size_t offset;
    const char *def; /* default, in text form */
} rule_row;

#define ROW(name_, group_, type_, values_, def_, doc_, src_)                                       \
    {{#name_, group_, type_, values_, doc_, src_, 0}, offsetof(struct paifu_rules, name_), def_}
/* A fact of the log (paifu_rule_param_info.fact): the family, the tile set, the players, the
   length. */
#define FACT(name_, group_, type_, values_, def_, doc_, src_)                                      \
    {{#name_, group_, type_, values_, doc_, src_, 1}, offsetof(struct paifu_rules, name_), def_}

#define B PAIFU_RULE_BOOL
#define I PAIFU_RULE_INT
#define E PAIFU_RULE_ENUM
#define S PAIFU_RULE_SET
#define I4 PAIFU_RULE_INT4

static const rule_row ROWS[] = {
    /* ---- game ---- */
    FACT(family, "game", E, "riichi|mcr", "riichi",
        "riichi: Japanese riichi; mcr: Chinese Official (81 fan). A fact of the log that no "
        "rule set changes: a game is refused under a rule set of the other family",
        "RRC 2024; MCR 2006 (Green Book)"),
    ROW(document, "game", E,
        "rrc2024|rrc2024_table3_ema|rrc2024_table3_wrc|ema2012|jhc2016|tenhou|majsoul|mcr2006",
        "rrc2024",
        "the rule document a finding cites: rrc2024: RRC 2024; rrc2024_table3_ema, "
        "rrc2024_table3_wrc: the EMA or WRC column of RRC 2024 §12.1 Table 3 (RRC 2024 where "
        "the table says nothing); ema2012: EMA 2012; jhc2016: JHC 2016; tenhou: Tenhou's rules "
        "(tenhou.net/man); majsoul: MahjongSoul's ranked-match rules; mcr2006: MCR 2006 (Green "
        "Book). Where the document says nothing, the finding names the rule paifu applies",
        "the preset's document"),
    FACT(players, "game", I, "", "4", "seats in play: 4, or 3 for sanma", "Tenhou rules"),
    FACT(game_length, "game", E, "east|south|north|single", "south",
        "east: East round only (tonpuusen); south: East and South (hanchan); north: all four "
        "winds (MCR); single: one deal (played again after a chombo that replays the deal)",
        "RRC 2024 §3.1.2"),
    ROW(west_round, "game", B, "", "false",
        "play on into West when nobody reached target_points after the last regular deal",
        "Tenhou rules"),
    ROW(target_points, "game", I, "", "30000", "points that end an extended game (west_round)",
        "Tenhou rules"),
    ROW(extension_winds, "game", I, "", "1",
        "winds an extended game (west_round) may add after its regular length: 1 ends it with "
        "the next wind's last deal; Tenhou's East-only games of early 2009 went on into West (2)",
        "Tenhou rules (logs of February-July 2009)"),
    ROW(tobi, "game", B, "", "false", "the game ends when a score goes below 0",
        "RRC 2024 §3.11, Table 3"),
    ROW(agariyame, "game", B, "", "false",
        "the all-last dealer may end the game by winning while in first place",
        "RRC 2024 §3.11, Table 3"),
    ROW(tenpaiyame, "game", B, "", "false",
        "the all-last dealer may end the game by being tenpai while in first place",
        "RRC 2024 §3.11"),
    ROW(tenpaiyame_known, "game", B, "", "true",
        "false: whether tenpaiyame applies is not known (a log whose era is not known): the "
        "game may end or go on after the all-last dealer's tenpai in first place",
        "Tenhou rules (logs up to 2010-06-01 went on, from 2010-06-08 ended)"),
    ROW(time_limit, "game", B, "", "true",
        "games are played against a clock: a game may end (after its current deal) before the "
        "last regular deal. Where the log records the deal the main time ran out in (a paifu "
        "log's deal \"time_up\": true; no other format paifu reads records it), the game ends "
        "after that deal and time_limit_deals more (RRC 2024 §6.4); elsewhere the verifier only "
        "checks that no deal follows the end",
        "RRC 2024 §6.4; JHC 2016 §6.1.1"),
    ROW(time_limit_deals, "game", I, "", "1",
        "deals played after the one the main time ran out in (time_limit): RRC 2024 §6.4 "
        "\"По истечении основного времени игроки должны доиграть текущую раздачу и сыграть еще "
        "одну\" (finish the current deal and play one more): 1; the same in RRC 2024 Table 3's "
        "EMA column, the WRC column 0 (\"доиграть текущую раздачу\"); JHC 2016 §6.1.4 (the red "
        "zone: only deals begun are finished): 0",
        "RRC 2024 §6.4, Table 3; JHC 2016 §6.1.4"),
    ROW(time_limit_chombo_played, "game", B, "", "false",
        "after the main time ran out (time_limit_deals), a deal ended by chombo counts as played; "
        "false: it does not, as RRC 2024 §3.13 \"раздача, закончившаяся с чомбо, считается "
        "несыгранной и играется заново\" (a deal ended by chombo counts as not played and is "
        "played again), so it is not the one more of §6.4; true: RRC 2024 §6.4's variant that "
        "finishes the current deal only (\"При этом раздача, завершившаяся с чомбо, считается "
        "сыгранной\"), and JHC 2016 §6.1.4, whose deal begun in the red zone is void",
        "RRC 2024 §3.13, §6.4; JHC 2016 §6.1.4"),
    /* ---- points ---- */
    ROW(start_points, "points", I, "", "30000", "points each player starts with",
        "RRC 2024 §3.1.1"),
    ROW(return_points, "points", I, "", "30000", "points subtracted from every final score",
        "RRC 2024 §3.12"),
    ROW(oka, "points", I, "", "0", "bonus to the first place", "RRC 2024 §3.12, Table 3"),
    ROW(uma, "points", I4, "", "15000,5000,-5000,-15000", "uma by place, 1st..4th",
        "RRC 2024 §3.12"),
    ROW(uma_alternative, "points", I4, "", "none",
        "a second uma schedule, for logs whose era is not known: final scores that follow "
        "either uma or this one exactly are accepted; none: uma only",
        "Tenhou rules (East-only uma changed in August 2009)"),
    ROW(uma_tie, "points", E, "share|seat_order", "share",
        "share: tied players split the uma of their places; seat_order: the seat nearer the "
        "first dealer takes the higher place",
        "RRC 2024 §3.12"),
    ROW(placement_tie, "points", E, "share|seat_order", "share",
        "share: tied players share the place; seat_order: as uma_tie", "RRC 2024 §3.12, §6.12"),
    ROW(leftover_riichi, "points", E, "winner_split|first_place|lost", "winner_split",
        "riichi sticks left at the end: winner_split: to the first place, split among ties; "
        "first_place: to the first place by seat order; lost: nobody gets them",
        "RRC 2024 §3.12, Table 3"),
    ROW(final_rounding, "points", E, "none|nearest_1000|nearest_100", "none",
        "none: exact final scores; nearest_1000: non-top players' points rounded to 1000 "
        "(halves away from zero) and the top player takes minus the sum of the others; "
        "nearest_100: the same with exact 100s",
        "Tenhou rules"),
    /* ---- settlement ---- */
    ROW(honba_value, "settlement", I, "", "300",
        "points per honba for the whole hand (ron: the discarder; tsumo: split evenly)",
        "RRC 2024 §3.9"),
    ROW(honba_multi_ron, "settlement", E, "each_winner|first_winner", "each_winner",
        "multiple ron: each_winner gets the honba, or only the first_winner from the discarder",
        "RRC 2024 §3.9; JHC 2016 §7.3.1.10"),
    ROW(riichi_pot_multi_ron, "settlement", E, "first_from_discarder|nearest_to_dealer",
        "first_from_discarder",
        "multiple ron: who takes the riichi sticks on the table (winners always get their own "
        "stick back where the rule set says so)",
        "RRC 2024 §3.3.6; JHC 2016 §7.3.1.10 (ambiguous)"),
    ROW(winners_own_stick_back, "settlement", B, "", "true",
        "multiple ron: each winner who declared riichi in the deal takes the own stick back; "
        "the other sticks go to the first winner (false: all sticks to the first winner)",
        "RRC 2024 §3.3.6, §3.9 example"),
    ROW(multi_ron, "settlement", E, "triple|double|atamahane", "triple",
        "triple: double and triple ron are paid; double: a triple ron is an abortive draw; "
        "atamahane: only the first winner from the discarder",
        "RRC 2024 §3.3.5, Table 3"),
    ROW(noten_total, "settlement", I, "", "3000",
        "noten payments in total at an exhaustive draw (0 = none)", "RRC 2024 §3.8"),
    ROW(abortive, "settlement", S, "kyuushu|suufon|suucha_riichi|suukaikan",
        "kyuushu,suufon,suucha_riichi,suukaikan",
        "abortive draws that exist (a triple ron is governed by multi_ron)",
        "RRC 2024 §3.8, Table 3"),
    ROW(abortive_adds_honba, "settlement", B, "", "true", "an abortive draw adds a honba",
        "RRC 2024 §3.9"),
    ROW(abortive_renchan, "settlement", B, "", "true", "the dealer keeps the deal after an "
        "abortive draw", "RRC 2024 §3.9"),
    ROW(nagashi, "settlement", B, "", "false", "nagashi mangan is paid at an exhaustive draw",
        "RRC 2024 §3.10, §12.2"),
    ROW(nagashi_yields_to_penalty, "settlement", B, "", "false",
        "a nagashi mangan is not paid in a deal where a player gets a penalty (a noten riichi's "
        "chombo): the penalty has priority", "RRC 2024 §3.10"),
    ROW(pao, "settlement", S, "daisangen|daisuushi|suukantsu|rinshan_daiminkan",
        "daisangen,daisuushi",
        "yakuman with liability (sekinin barai); rinshan_daiminkan: a rinshan win after a "
        "daiminkan is paid by the player who discarded into the kan",
        "RRC 2024 §3.7.9; JHC 2016 §7.3.1.8, §7.3.1.17"),
    ROW(pao_ron_honba, "settlement", E, "liable|discarder|split", "discarder",
        "who pays the honba of a pao ron off a third player", "RRC 2024 §3.9"),
    ROW(sanma_tsumo_loss, "settlement", B, "", "true",
        "3-player: a tsumo is paid only by the two other players (no north share); false: "
        "the north's share is split between them (north bisection)",
        "Tenhou rules; riichi.wiki Sanma"),
    /* ---- scoring ---- */
    ROW(kiriage, "scoring", B, "", "false", "4 han 30 fu and 3 han 60 fu are rounded up to mangan",
        "RRC 2024 §3.7.6, Table 3"),
    ROW(kazoe_yakuman, "scoring", B, "", "true", "13 or more han are a (counted) yakuman",
        "RRC 2024 §3.7.8, Table 3"),
    ROW(yakuman_stacking, "scoring", B, "", "true", "several yakuman in one hand add up",
        "RRC 2024 §3.5.1"),
    ROW(double_yakuman, "scoring", S, "daisuushi|suuankou_tanki|kokushi_13|junsei_chuuren", "",
        "yakuman worth two by themselves", "RRC 2024 §3.5.1; EMA 2012 foreword 2012"),
    ROW(renhou, "scoring", E, "none|mangan|yakuman", "mangan",
        "ron in the first go-around before any call: none, mangan (alone, unless the hand is "
        "worth more), or yakuman",
        "RRC 2024 §4.2.3"),
    ROW(double_wind_pair_fu, "scoring", I, "", "4", "fu for a pair of the seat and round wind",
        "RRC 2024 §3.7.2, Table 3"),
    ROW(rinshan_tsumo_fu, "scoring", B, "", "false", "a rinshan kaihou win gets the 2 tsumo fu",
        "RRC 2024 §3.7.3"),
    ROW(open_pinfu_fu, "scoring", I, "", "2",
        "fu added to an open hand won by ron whose fu are only the base 20 (open pinfu shape): "
        "2 makes it 30 fu; 0 leaves it at 20",
        "RRC 2024 §3.7.3"),
    ROW(kuitan, "scoring", B, "", "true", "tanyao counts in an open hand", "RRC 2024 Table 3"),
    FACT(red_fives, "scoring", I, "", "3", "red fives in the tile set (one per suit: 3; 0: none)",
        "RRC 2024 §3.6"),
    ROW(ryanhan_shibari, "scoring", B, "", "false",
        "with 5 or more honba a win needs 2 han from yaku", "EMA 2012 §3.4.11"),
    ROW(chankan_ankan_kokushi, "scoring", B, "", "true",
        "thirteen orphans may rob a closed kan", "RRC 2024 §3.3.5, Table 3"),
    ROW(ippatsu, "scoring", B, "", "true", "ippatsu is a yaku",
        "RRC 2024 §4.2.1; off in JPML official rules (日本プロ麻雀連盟公式ルール)"),
    ROW(ura_dora, "scoring", B, "", "true",
        "a riichi winner counts the ura dora (and kan-ura) indicators",
        "RRC 2024 §3.6; off in JPML official rules"),
    ROW(kan_dora, "scoring", B, "", "true",
        "every kan reveals a new dora indicator (false: only the first indicator counts)",
        "RRC 2024 §3.3.3; off in JPML official rules"),
    ROW(kandora_timing, "scoring", E, "immediate|after_discard", "immediate",
        "immediate: every kan's indicator is revealed before the kan player's discard (at once, "
        "or after the replacement draw); after_discard: a closed kan's at once, an open or "
        "added kan's not before the replacement draw: with the kan player's discard (Tenhou and "
        "Mahjong Soul logs write it just before the discard) or after it, before anyone draws, "
        "calls or declares a kan (none when the deal ends first)",
        "RRC 2024 §3.3.3, §5.3.2; JHC 2016 §7.3.1.16; Tenhou and Mahjong Soul logs"),
    FACT(kita, "scoring", B, "", "false", "3-player: Norths may be set aside as dora",
        "Tenhou rules"),
    ROW(kita_interrupts, "scoring", B, "", "true",
        "a kita whose replacement tile is drawn breaks ippatsu and the first go-around (double "
        "riichi, tenhou/chiihou) like a kan; a robbed kita does not",
        "Tenhou sanma logs (corpus: ippatsu and double riichi lost after a kita)"),
    /* ---- legality ---- */
    ROW(riichi_min_points, "legality", I, "", "0",
        "points a player needs to declare riichi (0 = no minimum): RRC 2024 §3.11 sets "
        "\"no restriction on riichi stakes\"", "RRC 2024 §3.11"),
    ROW(tobi_riichi_points, "legality", I, "", "1000",
        "under tobi, the points a player needs to declare riichi when riichi_min_points asks "
        "fewer: the bankruptcy rule \"does not allow a riichi stake if the player has less than "
        "1000 points\" (0 = tobi sets no minimum)",
        "RRC 2024 §3.11"),
    ROW(riichi_min_wall, "legality", I, "", "4",
        "live-wall tiles that must remain to declare riichi", "RRC 2024 §3.3.6"),
    ROW(kuikae, "legality", E, "allow|forbid_same|forbid_all", "forbid_all",
        "discard after a call: allow; forbid_same: not the called tile; forbid_all: neither "
        "the called tile nor the other end of a chi",
        "RRC 2024 §3.3.4; JHC 2016 §7.3.1.9"),
    ROW(riichi_ankan, "legality", E, "wait|reading|reading_pons|never", "reading",
        "closed kan after riichi: wait: allowed if the waits do not change; reading: and no "
        "reading of the hand changes; reading_pons: reading, except three consecutive pons "
        "are allowed (EMA 2012); never",
        "RRC 2024 §3.3.6; EMA 2012 §3.3.12"),
    ROW(temp_furiten, "legality", E, "own_draw|any_call", "own_draw",
        "when temporary furiten (a winning tile let pass) ends: own_draw: at the player's next "
        "draw or call; any_call: also when any pon, chi or kan interrupts the go-around",
        "RRC 2024 basic rules §3.4; EMA 2012 §3.4.5"),
    ROW(keishiki_tenpai, "legality", B, "", "true", "tenpai without a yaku counts at a draw",
        "RRC 2024 §3.8"),
    ROW(pure_karaten_tenpai, "legality", B, "", "false",
        "pure karaten at an exhaustive draw: a hand whose every winning tile is one the player "
        "already holds all four of (concealed and in melds) counts as tenpai (true) or noten "
        "(false)",
        "RRC 2024 §3.8; EMA 2012 §3.4.2; Tenhou logs (paid as tenpai)"),
    ROW(tenpai_declared_automatically, "legality", B, "", "false",
        "a tenpai hand at an exhaustive draw counts as tenpai by itself, no player can declare "
        "noten: where a log records no tenpai it is what the hands show, and a tenpai hand "
        "recorded noten breaks the rule (false: tenpai is declared, and a player may keep a "
        "tenpai hand hidden, RRC 2024 §3.8)",
        "Tenhou (mj-news.net/column/nemata_turedure/20191224139253; mj-news.net/?p=38310); "
        "RRC 2024 §3.8"),
    ROW(ippatsu_ankan_breaks, "legality", B, "", "true",
        "a closed kan breaks ippatsu (riichi is the only declaration that does not)",
        "RRC 2024 §3.3.6"),
    /* ---- penalties ---- */
    ROW(chombo, "penalties", E, "after_uma|reverse_mangan|none", "after_uma",
        "after_uma: chombo_points off the final score; reverse_mangan: the offender pays a "
        "mangan at once (4000 to the dealer and 2000 to the others, dealer 4000 each)",
        "RRC 2024 §3.13, §9.4; EMA 2012 §3.4.6"),
    ROW(chombo_points, "penalties", I, "", "20000",
        "after-uma chombo penalty in points; 0 = twice the uma step (uma 1st - uma 2nd), the "
        "reading of RRC 2024 §3.13 that gives 40000 with 30/10 uma",
        "RRC 2024 §9.4, §12.2; §3.13"),
    ROW(chombo_with_win, "penalties", E, "annulled|applied", "annulled",
        "a chombo in the same deal as another player's win (usually a double ron with one "
        "invalid hand): annulled: the win counts and the chombo is not charged (neither after "
        "uma nor as a reverse mangan); applied: both",
        "RRC 2024 §3.13; EMA 2012 §3.4.6"),
    ROW(riichi_change_chombo, "penalties", B, "", "true",
        "a hand changed in riichi (a tile of the hand discarded instead of the drawn one) and "
        "ruled a dead hand gets a chombo when the deal ends in a draw, tenpai or not: \"a dead "
        "hand; if the game comes to a draw, a chombo is given whatever the tenpai in the "
        "hand\" (false: only a noten hand's chombo for noten riichi)",
        "RRC 2024 §3.13, Table 1"),
    ROW(chombo_redeal, "penalties", B, "", "true", "the deal of a chombo is replayed",
        "RRC 2024 §3.13"),
    ROW(chombo_adds_honba, "penalties", B, "", "false", "the replayed deal gets another honba",
        "RRC 2024 §3.13"),
    ROW(chombo_returns_riichi, "penalties", B, "", "false",
        "riichi sticks of the chombo deal go back to their owners (RRC: not stated)",
        "JHC 2016 §8.1.2"),
    ROW(fine_base, "penalties", I, "", "2000",
        "fine for the first repeat after a polite notice, doubling with every further repeat "
        "(2000, 4000, 8000, 16000, ...); 0 = no such fines. \"For a repeated breach the fine "
        "rises separately for each reason\": one ladder per player and reason (the penalty's "
        "note), and a fine recorded without an amount is the next step of its ladder",
        "RRC 2024 §9.4.1; MCR 2006 (Green Book), penalties"),
    ROW(fine_steps_only, "penalties", B, "", "false",
        "a fine the log prices must be a step of the fine_base ladder (MCR: \"the first time "
        "a warning, the second time 5 points, the third 10, the fourth 20, and so on\"); false: "
        "a referee may price a fine freely (RRC 2024 §9.4: disciplinary fines at the referee's "
        "discretion)",
        "MCR 2006 (Green Book), penalties; RRC 2024 §9.4"),
    ROW(knocked_tile_min, "penalties", I, "", "0",
        "least fine for knocking over another player's tile, paid to that player (MCR: \"from "
        "5 to 60 points in favour of that player\"); a fine the log pays from one player to one "
        "other is this one", "MCR 2006 (Green Book), penalties"),
    ROW(knocked_tile_max, "penalties", I, "", "0",
        "greatest such fine (0 = the rule set has no such fine)",
        "MCR 2006 (Green Book), penalties"),
    ROW(fine_lateness, "penalties", I, "", "1000", "fine per minute late (0 = none)",
        "RRC 2024 §9.4, table 1"),
    ROW(substitute_fixed, "penalties", I, "", "0",
        "fixed part of a substitute's final score, added to the last place's uma; 0 = equal to "
        "that uma (-15000 with 15/5 uma: -30000 in all)",
        "RRC 2024 §9.7"),
    /* ---- tournament ranking ---- */
    ROW(standings, "ranking", E, "total_score|average_place|table_points", "total_score",
        "total_score: the sum of final scores ranks the players, equal totals share the rank; "
        "average_place: average place, then point sum, then the smaller dispersion of places, "
        "then the smaller spread between best and worst game (sanctions add to the average); "
        "table_points: the sum of table points by place in every game (mcr_table_points, tied "
        "players share their places' points), then the sum of final scores",
        "RRC 2024 §3.12, §6.12; JHC 2016 §6.3; MCR 2006 (Green Book), totals and ranking"),
    ROW(place_sanction_max, "ranking", I, "", "0",
        "largest sanction a referee may add to a player's average place, in hundredths of a "
        "place (50 = 0.5); 0 = the rule set has no such sanctions, and a log that records one "
        "is a finding",
        "JHC 2016 §8.3.2"),
    ROW(place_sanction_min, "ranking", I, "", "0",
        "smallest such sanction, in hundredths of a place (5 = 0.05)", "JHC 2016 §8.3.2"),
    /* ---- MCR ---- */
    ROW(mcr_min_fan, "mcr", I, "", "8", "minimum fan to win, flowers excluded",
        "MCR 2006 (Green Book), minimum and flowers"),
    ROW(mcr_base_points, "mcr", I, "", "8", "every loser pays the winner this much",
        "MCR 2006 (Green Book), payments"),
    ROW(mcr_siamese, "mcr", B, "", "false",
        "a 3-player MCR game is Siamese MCR (001 L1321-1342): a self-draw wins \"2 × "
        "(СтоимостьРуки + 8)\", each other player paying value + 8 (item 15); a discard win "
        "\"СтоимостьРуки + 16\", the discarder paying value + 8 and the other player 8 (item "
        "16); a player may declare two wins in a deal, and after a player's second win the "
        "others' declared wins are not paid (item 13), at the wall's end all of them are (item "
        "14); the second win is worth no less than the first (the golden rule, L1321). false: "
        "a 3-player game is paid by the four-player rule over the seats in play (mcr_base_points "
        "from each other player, the value from the discarder or, on a self-draw, from each), "
        "one win a deal. Either way no fourth seat pays. Checked on score sheets: the replay "
        "holds one hand a player, not Siamese MCR's two of 27-28 tiles",
        "MCR 2006 (Green Book), Siamese MCR (001 L1321-1342)"),
    ROW(mcr_flower_order, "mcr", B, "", "true",
        "before the first discard the starting flowers and seasons are replaced in turn from "
        "the dealer: \"Первым замещает плитки цветов и сезонов разыгрывающий, затем, по очереди "
        "– Юг, Запад и Север, до тех пор, пока ни у кого из игроков не останется на руках "
        "закрытых плиток цветов и сезонов\" (the dealer first, then South, West and North, "
        "until nobody holds one); a seat that still holds a flower when a later seat replaces "
        "one is a finding. Where the log records the flowers: paifu's format does, Botzone's "
        "set has none",
        "MCR 2006 (Green Book), building and dealing (001 L169)"),
    ROW(mcr_false_hu, "mcr", I, "", "10", "false hu: the offender pays each other player",
        "MCR 2006 (Green Book), penalties"),
    ROW(mcr_table_points, "mcr", I4, "", "4,2,1,0", "table points by place",
        "MCR 2006 (Green Book), totals and ranking"),
    ROW(mcr_wait_fans, "mcr", E, "cancel_if_several|count_one", "cancel_if_several",
        "edge/closed/single wait when the winning tile can play several of these roles: "
        "cancel_if_several: none is scored (seed); count_one: one is scored (Green Book, MIL)",
        "MCR 2006 (Green Book), counting fans"),
    ROW(mcr_special_self_draw, "mcr", E, "fully_concealed|self_drawn", "fully_concealed",
        "a self-drawn necessarily concealed special hand (#4 #6 #7 #12 #19 #20 #34) scores "
        "fully_concealed: #56 Fully Concealed Hand (seed); self_drawn: #80 Self-Drawn (MIL)",
        "MCR 2006 (Green Book), fans"),
    ROW(mcr_knitted_straight_concealed, "mcr", B, "", "false",
        "a concealed Knitted Straight hand also scores Concealed Hand #62 (false: seed, the "
        "hand does not combine with #62; true: MIL)",
        "MCR 2006 (Green Book)"),
    ROW(mcr_two_concealed_kongs, "mcr", I, "", "8",
        "points of #48 Two Concealed Kongs (8: English Green Book and seed; 6: Chinese 1998)",
        "MCR 2006 (Green Book)"),
    ROW(mcr_melded_concealed_kong, "mcr", E, "two_fans|one_fan", "two_fans",
        "one melded and one concealed kong: two_fans: #57 Two Melded Kongs + #67 Concealed "
        "Kong = 6 (seed); one_fan: the practice fan \"concealed kong and melded kong\" = 5",
        "MCR 2006 (Green Book) fan 57"),
    ROW(mcr_four_kongs_concealed, "mcr", E, "combine|concealed_pungs_only", "combine",
        "#5 Four Kongs with concealed kongs: combine: also #67/#48 (seed); "
        "concealed_pungs_only: only the concealed-pung fans #66/#33/#12 (MIL)",
        "MCR 2006 (Green Book)"),
    ROW(mcr_nine_gates_pungs, "mcr", E, "none|all_but_one", "none",
        "#73 Pung of Terminals or Honors inside #4 Nine Gates: none scores (seed); "
        "all_but_one: only one is excluded (MIL)",
        "MCR 2006 (Green Book)"),
    ROW(mcr_mistaken_hu, "mcr", I, "", "20",
        "mistaken hu claim: the offender pays this to each other player (seed literal; may "
        "mean 20 in total)",
        "MCR 2006 (Green Book), penalties"),
    ROW(mcr_exposure_penalty, "mcr", I, "", "30",
        "exposing the hand after an invalid hu: the offender loses this, split equally among "
        "the other three",
        "MCR 2006 (Green Book), penalties"),
    FACT(mcr_flowers, "mcr", B, "", "true",
        "the set has the eight flowers and seasons (144 tiles); false: 136 tiles (Botzone)",
        "MCR 2006 (Green Book), tiles"),
    ROW(mcr_wall, "mcr", E, "shared|per_seat", "shared",
        "shared: one wall, replacements from its far end, the hand is drawn when it is empty; "
        "per_seat: each seat deals and draws from its own quarter and the hand is drawn when "
        "the seat to draw has none left (Botzone)",
        "MCR 2006 (Green Book), game structure"),
    ROW(mcr_seat_changes, "mcr", B, "", "true",
        "players change seats at the start of each round (true: seed table; false: seats "
        "stay and the deal passes in seat order)",
        "MCR 2006 (Green Book), game structure"),
};

#undef B
#undef I
#undef E
#undef S
#undef I4

#define N_ROWS (sizeof(ROWS) / sizeof(ROWS[0]))

static const rule_row *find_row(const char *key)
{
    /* the first letter before the whole name: a preset sets a dozen rows by name per game */
    for (size_t i = 0; i < N_ROWS; i++)
        if (ROWS[i].info.name[0] == key[0] && strcmp(ROWS[i].info.name, key) == 0)
            return &ROWS[i];
    return NULL;
}

/* Index of NAME in "a|b|c", or -1. */
static int name_index(const char *values, const char *name, size_t len)
{
    int idx = 0;
    const char *p = values;
    while (*p) {
        const char *bar = strchr(p, '|');
        size_t n = bar ? (size_t)(bar - p) : strlen(p);
        if (n == len && strncmp(p, name, len) == 0)
            return idx;
        idx++;
        if (!bar)
            break;
        p = bar + 1;
    }
    return -1;
}

/* Write the IDX-th name of VALUES into OUT. */
static void name_at(char *out, size_t size, const char *values, int idx)
{
    const char *p = values;
    for (int i = 0; i < idx && p; i++) {
        p = strchr(p, '|');
        if (p)
            p++;
    }
    if (!p) {
        snprintf(out, size, "?");
        return;
    }
    const char *bar = strchr(p, '|');
    size_t n = bar ? (size_t)(bar - p) : strlen(p);
    snprintf(out, size, "%.*s", (int)n, p);
}

static int parse_bool(bool *out, const char *v)
{
    static const char *yes[] = {"true", "1", "yes", "on"};
    static const char *no[] = {"false", "0", "no", "off"};
    for (size_t i = 0; i < 4; i++) {
        if (strcasecmp(v, yes[i]) == 0) {
            *out = true;
            return 0;
        }
        if (strcasecmp(v, no[i]) == 0) {
            *out = false;
            return 0;
        }
    }
    return -1;
}

static int parse_int(int32_t *out, const char *v, const char **end_out)
{
    while (*v == ' ')
        v++;
    /* an optional '-' and up to nine digits (every default and preset value) are read here,
       giving what strtol gives; anything else goes to strtol */
    const char *d = v + (*v == '-');
    size_t n = 0;
    int32_t value = 0;
    while (n < 9 && d[n] >= '0' && d[n] <= '9')
        value = value * 10 + (d[n++] - '0');
    if (n > 0 && (d[n] < '0' || d[n] > '9')) {
        if (!end_out && d[n]) /* refused: *OUT is left as it was */
            return -1;
        *out = *v == '-' ? -value : value;
        if (end_out)
            *end_out = d + n;
        return 0;
    }
    errno = 0;
    char *end;
    long x = strtol(v, &end, 10);
    if (end == v || errno || x < INT32_MIN || x > INT32_MAX || (!end_out && *end))
        return -1;
    *out = (int32_t)x;
    if (end_out)
        *end_out = end;
    return 0;
}

static int set_row(struct paifu_rules *r, const rule_row *row, const char *v, paifu_error *err)
{
    char *base = (char *)r + row->offset;
    const paifu_rule_param_info *in = &row->info;
    switch (in->type) {
    case PAIFU_RULE_BOOL:
        if (parse_bool((bool *)base, v) < 0)
            return paifu_error_set(err, PAIFU_EINVAL, NULL,
                                   "rule %s: expected true or false, found \"%s\"", in->name, v);
        return 0;
    case PAIFU_RULE_INT:
        if (parse_int((int32_t *)base, v, NULL) < 0)
            return paifu_error_set(err, PAIFU_EINVAL, NULL,
                                   "rule %s: expected an integer, found \"%s\"", in->name, v);
        return 0;
    case PAIFU_RULE_ENUM: {
        int idx = name_index(in->values, v, strlen(v));
        if (idx < 0)
            return paifu_error_set(err, PAIFU_EINVAL, NULL, "rule %s: expected one of %s, found \"%s\"",
                                   in->name, in->values, v);
        *(int *)base = idx;
        return 0;
    }
    case PAIFU_RULE_SET: {
        uint32_t bits = 0;
        const char *p = v;
        while (*p) {
            while (*p == ' ' || *p == ',')
                p++;
            if (!*p)
                break;
            size_t n = strcspn(p, ", ");
            int idx = name_index(in->values, p, n);
            if (idx < 0)
                return paifu_error_set(err, PAIFU_EINVAL, NULL,
                                       "rule %s: expected names from %s, found \"%.*s\"", in->name,
                                       in->values, (int)n, p);
            bits |= 1u << idx;
            p += n;
        }
        *(uint32_t *)base = bits;
        return 0;
    }
    case PAIFU_RULE_INT4: {
        int32_t vals[4];
        if (strcmp(row->def, "none") == 0 && strcmp(v, "none") == 0) {
            for (int i = 0; i < 4; i++)
                ((int32_t *)base)[i] = PAIFU_RULE_NONE;
            return 0;
        }
        const char *p = v;
        for (int i = 0; i < 4; i++) {
            const char *end;
            if (parse_int(&vals[i], p, &end) < 0)
                goto bad4;
            p = end;
            while (*p == ' ')
                p++;
            if (i < 3) {
                if (*p != ',')
                    goto bad4;
                p++;
            }
        }
        if (*p)
            goto bad4;
        memcpy(base, vals, sizeof(vals));
        return 0;
    bad4:
        return paifu_error_set(err, PAIFU_EINVAL, NULL,
                               "rule %s: expected four integers separated by commas, found \"%s\"",
                               in->name, v);
    }
    }
    return paifu_error_set(err, PAIFU_EINTERNAL, NULL, "rule %s: unknown type", in->name);
}

static int get_row(char *buf, size_t size, const struct paifu_rules *r, const rule_row *row)
{
    const char *base = (const char *)r + row->offset;
    const paifu_rule_param_info *in = &row->info;
    int n = 0;
    switch (in->type) {
    case PAIFU_RULE_BOOL:
        n = snprintf(buf, size, "%s", *(const bool *)base ? "true" : "false");
        break;
    case PAIFU_RULE_INT:
        n = snprintf(buf, size, "%d", (int)*(const int32_t *)base);
        break;
    case PAIFU_RULE_ENUM: {
        char name[48];
        name_at(name, sizeof(name), in->values, *(const int *)base);
        n = snprintf(buf, size, "%s", name);
        break;
    }
    case PAIFU_RULE_SET: {
        uint32_t bits = *(const uint32_t *)base;
        size_t used = 0;
        if (size)
            buf[0] = '\0';
        for (int i = 0; i < 32; i++) {
            if (!(bits & (1u << i)))
                continue;
            char name[48];
            name_at(name, sizeof(name), in->values, i);
            int k = snprintf(buf + (used < size ? used : size), used < size ? size - used : 0,
                             "%s%s", used ? "," : "", name);
            used += (size_t)k;
        }
        n = (int)used;
        break;
    }
    case PAIFU_RULE_INT4: {
        const int32_t *v = (const int32_t *)base;
        n = v[0] == PAIFU_RULE_NONE
                ? snprintf(buf, size, "none")
                : snprintf(buf, size, "%d,%d,%d,%d", (int)v[0], (int)v[1], (int)v[2], (int)v[3]);
        break;
    }
    }
    return n;
}

void paifu_rules__defaults(struct paifu_rules *r)
{
    memset(r, 0, sizeof(*r));
    for (size_t i = 0; i < N_ROWS; i++) {
        int rc = set_row(r, &ROWS[i], ROWS[i].def, NULL);
        (void)rc; /* defaults are checked by tests/unit/test_rules.c */
    }
}

int paifu_rules__set(struct paifu_rules *r, const char *key, const char *value, paifu_error *err)
{
    const rule_row *row = find_row(key);
    if (!row)
        return paifu_error_set(err, PAIFU_EINVAL, NULL,
                               "unknown rule parameter \"%s\" (see `paifu rules params`)", key);
    return set_row(r, row, value, err);
}

bool paifu_rules__is_fact(const char *key)
{
    const rule_row *row = find_row(key);
    return row && row->info.fact;
}

void paifu_rules__copy_facts(struct paifu_rules *dst, const struct paifu_rules *src)
{
    for (size_t i = 0; i < N_ROWS; i++) {
        if (!ROWS[i].info.fact)
            continue;
        size_t size = ROWS[i].info.type == PAIFU_RULE_INT4   ? 4 * sizeof(int32_t)
                      : ROWS[i].info.type == PAIFU_RULE_BOOL ? sizeof(bool)
                      : ROWS[i].info.type == PAIFU_RULE_SET  ? sizeof(uint32_t)
                      : ROWS[i].info.type == PAIFU_RULE_ENUM ? sizeof(int)
                                                             : sizeof(int32_t);
        memcpy((char *)dst + ROWS[i].offset, (const char *)src + ROWS[i].offset, size);
    }
}

/* ---- public API ---- */

static const struct paifu_rules *preset_of(const char *name);
static bool preset_built(const struct paifu_rules *p);

int paifu_rules_preset(paifu_rules **out, const char *name, paifu_error *err)
{
    PAIFU_ASSERT_ARG(out && name, err);
    *out = NULL;
    const paifu_rule_preset *p = NULL;
    for (size_t i = 0; i < paifu_rules__preset_count; i++)
        if (strcasecmp(paifu_rules__presets[i].name, name) == 0)
            p = &paifu_rules__presets[i];
    if (!p) {
        char list[160];
        size_t used = 0;
        list[0] = '\0';
        for (size_t i = 0; i < paifu_rules__preset_count && used < sizeof(list); i++)
            used += (size_t)snprintf(list + used, sizeof(list) - used, "%s%s", i ? ", " : "",
                                     paifu_rules__presets[i].name);
        return paifu_error_set(err, PAIFU_EINVAL, NULL, "unknown rule set \"%s\" (known: %s)",
                               name, list);
    }
    struct paifu_rules *r = malloc(sizeof(*r));
    if (!r)
        return paifu_error_set(err, PAIFU_ENOMEM, NULL, "out of memory");
    const struct paifu_rules *built = preset_of(name);
    if (built && preset_built(built)) { /* a copy of the values built once */
        *r = *built;
        *out = r;
        return 0;
    }
    paifu_rules__defaults(r); /* a preset whose overrides fail: the error, as it is made */
    snprintf(r->preset, sizeof(r->preset), "%s", p->name);
    for (size_t i = 0; i < p->n_overrides; i++) {
        int rc = paifu_rules__set(r, p->overrides[i].key, p->overrides[i].value, err);
        if (rc < 0) {
            free(r);
            return rc;
        }
    }
    r->overrides = 0;
    *out = r;
    return 0;
}

int paifu_rules_copy(paifu_rules **out, const paifu_rules *src, paifu_error *err)
{
    PAIFU_ASSERT_ARG(out && src, err);
    struct paifu_rules *r = malloc(sizeof(*r));
    if (!r)
        return paifu_error_set(err, PAIFU_ENOMEM, NULL, "out of memory");
    *r = *src;
    *out = r;
    return 0;
}

void paifu_rules_free(paifu_rules *rules)
{
    free(rules);
}

const char *paifu_rules_name(const paifu_rules *rules)
{
    return rules ? rules->preset : "";
}

size_t paifu_rules_override_count(const paifu_rules *rules)
{
    return rules ? rules->overrides : 0;
}

int paifu_rules_set(paifu_rules *rules, const char *key, const char *value, paifu_error *err)
{
    PAIFU_ASSERT_ARG(rules && key && value, err);
    int rc = paifu_rules__set(rules, key, value, err);
    if (rc == 0)
        rules->overrides++;
    return rc;
}

int paifu_rules_set_assignment(paifu_rules *rules, const char *assignment, paifu_error *err)
{
    PAIFU_ASSERT_ARG(rules && assignment, err);
    const char *eq = strchr(assignment, '=');
    if (!eq || eq == assignment)
        return paifu_error_set(err, PAIFU_EINVAL, NULL, "expected KEY=VALUE, found \"%s\"",
                               assignment);
    char key[64];
    size_t n = (size_t)(eq - assignment);
    if (n >= sizeof(key))
        return paifu_error_set(err, PAIFU_EINVAL, NULL, "unknown rule parameter \"%.*s\"",
                               (int)n, assignment);
    memcpy(key, assignment, n);
    key[n] = '\0';
    return paifu_rules_set(rules, key, eq + 1, err);
}

int paifu_rules_get(char *buf, size_t size, const paifu_rules *rules, const char *key,
                    paifu_error *err)
{
    PAIFU_ASSERT_ARG(buf && rules && key, err);
    const rule_row *row = find_row(key);
    if (!row)
        return paifu_error_set(err, PAIFU_EINVAL, NULL, "unknown rule parameter \"%s\"", key);
    int n = get_row(buf, size, rules, row);
    if (n < 0 || (size_t)n >= size)
        return paifu_error_set(err, PAIFU_ELIMIT, NULL, "buffer too small for rule %s", key);
    return 0;
}

/* The presets' values, built once (any thread may ask first). */
#define MAX_PRESETS 16
static struct paifu_rules preset_values[MAX_PRESETS];
static bool preset_ok[MAX_PRESETS]; /* every override of the preset applied */

static const struct paifu_rules *preset_of(const char *name)
{
    static atomic_int state; /* 0 not built, 1 building, 2 built */
    int expected = 0;
    if (atomic_load_explicit(&state, memory_order_acquire) != 2) {
        if (atomic_compare_exchange_strong(&state, &expected, 1)) {
            for (size_t i = 0; i < paifu_rules__preset_count && i < MAX_PRESETS; i++) {
                const paifu_rule_preset *p = &paifu_rules__presets[i];
                paifu_rules__defaults(&preset_values[i]);
                snprintf(preset_values[i].preset, sizeof(preset_values[i].preset), "%s", p->name);
                preset_ok[i] = true;
                for (size_t k = 0; k < p->n_overrides; k++) /* test_rules checks them */
                    preset_ok[i] &= paifu_rules__set(&preset_values[i], p->overrides[k].key,
                                                     p->overrides[k].value, NULL) == 0;
                preset_values[i].overrides = 0;
            }
            atomic_store_explicit(&state, 2, memory_order_release);
        } else {
            while (atomic_load_explicit(&state, memory_order_acquire) != 2)
                ;
        }
    }
    for (size_t i = 0; i < paifu_rules__preset_count && i < MAX_PRESETS; i++)
        if (strcasecmp(paifu_rules__presets[i].name, name) == 0)
            return &preset_values[i];
    return NULL;
}

static bool preset_built(const struct paifu_rules *p)
{
    size_t i = (size_t)(p - preset_values);
    return i < MAX_PRESETS && preset_ok[i];
}

static size_t value_size(paifu_rule_type type)
{
    switch (type) {
    case PAIFU_RULE_BOOL: return sizeof(bool);
    case PAIFU_RULE_INT: return sizeof(int32_t);
    case PAIFU_RULE_ENUM: return sizeof(int);
    case PAIFU_RULE_SET: return sizeof(uint32_t);
    case PAIFU_RULE_INT4: return 4 * sizeof(int32_t);
    }
    return 0;
}

int paifu_rules_changes(char *buf, size_t size, const paifu_rules *rules)
{
    if (!buf || !size || !rules)
        return -1;
    buf[0] = '\0';
    const struct paifu_rules *p = preset_of(rules->preset);
    if (!p)
        return -1;
    size_t used = 0;
    for (size_t i = 0; i < N_ROWS; i++) {
        const rule_row *row = &ROWS[i];
        if (memcmp((const char *)rules + row->offset, (const char *)p + row->offset,
                   value_size(row->info.type)) == 0)
            continue;
        char value[160];
        if (get_row(value, sizeof(value), rules, row) < 0)
            continue;
        int n = snprintf(buf + (used < size ? used : size - 1), used < size ? size - used : 1,
                         "%s%s=%s", used ? ", " : "", row->info.name, value);
        used += n > 0 ? (size_t)n : 0;
    }
    if (used >= size) /* cut: end on a whole "key=value" */
        for (char *c = buf + strlen(buf); c > buf; c--)
            if (c[0] == ',' && c[1] == ' ') {
                *c = '\0';
                break;
            }
    return used > (size_t)INT32_MAX ? INT32_MAX : (int)used;
}

bool paifu_rules__changed(const struct paifu_rules *rules)
{
    const struct paifu_rules *p = rules ? preset_of(rules->preset) : NULL;
    for (size_t i = 0; p && i < N_ROWS; i++)
        if (memcmp((const char *)rules + ROWS[i].offset, (const char *)p + ROWS[i].offset,
                   value_size(ROWS[i].info.type)) != 0)
            return true;
    return false;
}

int paifu_rules__preset_value(char *buf, size_t size, const struct paifu_rules *rules,
                              const char *key)
{
    const rule_row *row = find_row(key);
    const struct paifu_rules *p = rules ? preset_of(rules->preset) : NULL;
    buf[0] = '\0';
    if (!row || !p ||
        memcmp((const char *)rules + row->offset, (const char *)p + row->offset,
               value_size(row->info.type)) == 0)
        return 0;
    int n = get_row(buf, size, p, row);
    return n < 0 || (size_t)n >= size ? 0 : 1;
}

int paifu_rules__preset_family(const char *name)
{
    const struct paifu_rules *p = preset_of(name);
    return p ? p->family : -1;
}

size_t paifu_rules_param_count(void)
{
    return N_ROWS;
}

const paifu_rule_param_info *paifu_rules_param(size_t i)
{
    return i < N_ROWS ? &ROWS[i].info : NULL;
}

const char *paifu_rule_type_name(paifu_rule_type type)
{
    switch (type) {
    case PAIFU_RULE_BOOL:
        return "bool";
    case PAIFU_RULE_INT:
        return "int";
    case PAIFU_RULE_ENUM:
        return "enum";
    case PAIFU_RULE_SET:
        return "set";
    case PAIFU_RULE_INT4:
        return "int[4]";
    }
    return "?";
}

size_t paifu_rules_preset_count(void)
{
    return paifu_rules__preset_count;
}

const char *paifu_rules_preset_name(size_t i)
{
    return i < paifu_rules__preset_count ? paifu_rules__presets[i].name : NULL;
}

const char *paifu_rules_preset_doc(size_t i)
{
    return i < paifu_rules__preset_count ? paifu_rules__presets[i].doc : NULL;
}

size_t paifu_rules_checks(const paifu_rule_check **out, const char *preset)
{
    if (out)
        *out = NULL;
    const paifu_rule_preset *p = NULL;
    for (size_t i = 0; preset && i < paifu_rules__preset_count; i++)
        if (strcmp(paifu_rules__presets[i].name, preset) == 0)
            p = &paifu_rules__presets[i];
    if (!p || !p->checks)
        return 0;
    size_t n = 0;
    while (p->checks[n].clause)
        n++;
    if (out)
        *out = p->checks;
    return n;
}

const char *paifu_rule_check_status_name(paifu_rule_check_status status)
{
    switch (status) {
    case PAIFU_CHECK_ENFORCED: return "enforced";
    case PAIFU_CHECK_TILE_LOGS: return "enforced on tile logs only";
    case PAIFU_CHECK_NOT_FROM_LOG: return "cannot be checked from a log";
    }
    return "?";
}

/* ---- the scoring identity ---- */

/* The parameters by which two games are scored differently (paifu_rules_scoring_equal), and
   how a standings table's footnote names them: the rule sets' data, so that a new rule set or
   a new scoring parameter changes this table, never a caller's list of preset names. RIICHI:
   meaningful for riichi rule sets only (MCR scores by its own fan and table points). */
static const struct {
    const char *key;
    const char *words; /* "start 30,000"; NULL: written its own way */
    bool riichi;
} SCORING[] = {
    {"family", NULL, false},          {"players", NULL, false},
    {"start_points", "start", true},  {"return_points", "return", true},
    {"oka", "oka", true},             {"uma", "uma", true},
    {"standings", NULL, false},
};

/* How the standings method ranks, by enum paifu_standings_by. */
static const char *const RANKED_BY[] = {"ranked by the sum of final scores",
                                        ("ranked by average place (then points, dispersion of "
                                         "places, spread)"),
                                        "ranked by table points (then the sum of final scores)"};

int paifu_rules_scoring_equal(const paifu_rules *a, const paifu_rules *b)
{
    if (!a || !b)
        return 0;
    for (size_t i = 0; i < sizeof(SCORING) / sizeof(SCORING[0]); i++) {
        const rule_row *row = find_row(SCORING[i].key);
        if (SCORING[i].riichi && a->family != PAIFU_FAMILY_RIICHI && a->family == b->family)
            continue; /* MCR ranks by table points, whatever its start points */
        if (row && memcmp((const char *)a + row->offset, (const char *)b + row->offset,
                          value_size(row->info.type)) != 0)
            return 0;
    }
    return 1;
}

/* V with thousands separators and, when SIGN, a sign ("+15,000"), as every output writes
   points (paifu_points_text); its length. */
static int thousands(char *buf, size_t size, int32_t v, bool sign)
{
    return (int)strlen(paifu_points_text(buf, size, v, sign));
}

int paifu_rules_scoring_text(char *buf, size_t size, const paifu_rules *rules)
{
    if (!buf || !size || !rules)
        return -1;
    buf[0] = '\0';
    size_t used = 0;
    char part[160];
    for (size_t i = 0; i < sizeof(SCORING) / sizeof(SCORING[0]); i++) {
        const rule_row *row = find_row(SCORING[i].key);
        if (!row || (SCORING[i].riichi && rules->family != PAIFU_FAMILY_RIICHI))
            continue;
        const char *at = (const char *)rules + row->offset;
        part[0] = '\0';
        if (row->offset == offsetof(struct paifu_rules, family)) {
            continue; /* the family is named by the document the table's title gives */
        } else if (row->offset == offsetof(struct paifu_rules, players)) {
            snprintf(part, sizeof(part), "%d players", (int)rules->players);
        } else if (row->offset == offsetof(struct paifu_rules, standings)) {
            int by = rules->standings;
            snprintf(part, sizeof(part), "%s",
                     by >= 0 && by < (int)(sizeof(RANKED_BY) / sizeof(RANKED_BY[0]))
                         ? RANKED_BY[by]
                         : "ranked by ?");
        } else if (row->info.type == PAIFU_RULE_INT4) {
            const int32_t *v = (const int32_t *)(const void *)at;
            int len = snprintf(part, sizeof(part), "%s ", SCORING[i].words);
            for (int k = 0; k < rules->players && k < 4 && len > 0 && (size_t)len < sizeof(part);
                 k++) {
                if (k)
                    part[len++] = '/';
                len += thousands(part + len, sizeof(part) - (size_t)len, v[k], true);
            }
        } else {
            int32_t v;
            memcpy(&v, at, sizeof(v));
            int len = snprintf(part, sizeof(part), "%s ", SCORING[i].words);
            thousands(part + len, sizeof(part) - (size_t)len, v, false);
        }
        int n = snprintf(buf + (used < size ? used : size - 1), used < size ? size - used : 1,
                         "%s%s", used ? ", " : "", part);
        used += n > 0 ? (size_t)n : 0;
    }
    return used > (size_t)INT32_MAX ? INT32_MAX : (int)used;
}
