/*
 * finding_cite.c: what a finding cites, from the document of the rule set the game is checked
 * under (the rule set's `document`). Data and one lookup; no logic of any rule.
 *
 * A verifier names the rule a finding breaks by a topic key: the RRC 2024 clause that decides it
 * ("RRC 2024 §3.8"), with the finding's code telling apart topics that share a clause, or no key
 * at all, where the code alone says which rule it is. Each row gives that rule's clause in every
 * document paifu checks games under, read from the documents themselves:
 *   RRC 2024         the Russian riichi community's rules, version 1.0 (the keys);
 *   RRC 2024 Table 3 the EMA and WRC columns of its §12.1 Table 3, RRC 2024 where they say nothing;
 *   EMA 2012         the EMA Riichi Competition Rules of 8 January 2012, Part 1 (no yaku, fu or
 *                    points tables: those are not in it);
 *   JHC 2016         the Japanese House Cup 2016 regulations, whose §7.3.1 plays JPML-B rules and
 *                    lists only the differences;
 *   Tenhou           Tenhou's published rules (tenhou.net/man), which list the variations
 *                    Tenhou plays, not the common rules;
 *   MahjongSoul      the ranked-match rule page of Mahjong Soul, the same way;
 *   MCR 2006         the MCR verifier cites its own clauses, which pass as they are.
 * Where a document says nothing of a rule, the cell says so and names what paifu applies.
 */
#include "finding_internal.h"
#include "rules_internal.h"

#include <stdio.h>
#include <string.h>

typedef struct cite_row {
    const char *code; /* the finding code, or NULL: any code with this key */
    const char *key;  /* the key a verifier passes, or NULL: the code's rule when it passes none */
    const char *doc[PAIFU_DOC_COUNT - 1]; /* every document but MCR 2006 */
} cite_row;

/* Cells for a document that says nothing of the rule. */
#define T3E(k) k " (RRC 2024 Table 3 gives EMA no other rule)"
#define T3W(k) k " (RRC 2024 Table 3 gives WRC no other rule)"
/* where the document is silent, one plain sentence says so and names what paifu applies */
#define NO_EMA(k) "EMA 2012 is silent on this, so paifu applies " k
#define NO_JHC(k) "JHC 2016 is silent on this (its §7.3.1 plays JPML-B rules), so paifu applies " k
#define NO_TH(k) "Tenhou's rules (tenhou.net/man) are silent on this, so paifu applies " k
#define NO_MS(k) "MahjongSoul's rules are silent on this, so paifu applies " k
#define TH(t) "Tenhou's rules (tenhou.net/man): " t
#define MS(t) "MahjongSoul's rules: " t
/* The same rule in both Table 3 columns as in RRC 2024 ("Полностью совпадающие правила"). */
#define T3SAME_E(t) "RRC 2024 Table 3, the same for EMA: " t
#define T3SAME_W(t) "RRC 2024 Table 3, the same for WRC: " t

/* A rule that only the common parts of the documents hold: RRC 2024's clause K, EMA 2012's E. */
#define COMMON(code, k, e)                                                                         \
    {code, k, {k, T3E(k), T3W(k), e, NO_JHC(k), NO_TH(k), NO_MS(k)}}
/* The same with no clause in EMA 2012 either. */
#define RRC_ONLY(code, k)                                                                          \
    {code, k, {k, T3E(k), T3W(k), NO_EMA(k), NO_JHC(k), NO_TH(k), NO_MS(k)}}
/* The rule of a code whose verifier passes no key: RRC 2024's clause K. */
#define COMMON_DEFAULT(code, k, e)                                                                 \
    {code, NULL, {k, T3E(k), T3W(k), e, NO_JHC(k), NO_TH(k), NO_MS(k)}}

static const cite_row rows[] = {
    /* ---- play ---- */
    COMMON_DEFAULT("deal.turn_order", "RRC 2024 §3.2", "EMA 2012 §3.3"),
    COMMON_DEFAULT("deal.call", "RRC 2024 §3.3.1, §3.3.2", "EMA 2012 §3.3.1-§3.3.4"),
    COMMON_DEFAULT("deal.kan", "RRC 2024 §3.3.3", "EMA 2012 §3.3.7-§3.3.9"),
    COMMON_DEFAULT("deal.riichi", "RRC 2024 §3.3.6", "EMA 2012 §3.3.12"),
    COMMON_DEFAULT("deal.tile_count", "RRC 2024 §3.1.1", "EMA 2012 §1"),
    /* the red fives a sheet's win counts: as many as the set holds, each document's set */
    {"sheet.yaku", "RRC 2024 §3.1.1",
     {"RRC 2024 §3.1.1", "RRC 2024 Table 3 (EMA): no red fives",
      "RRC 2024 Table 3 (WRC): no red fives", "EMA 2012 §1.1", "JHC 2016 §7.3.1.2",
      TH("a red five of each suit"), MS("a red five of each suit")}},
    COMMON("deal.call", "RRC 2024 §3.3.2", "EMA 2012 §3.3.4"),
    COMMON("deal.call", "RRC 2024 §3.3", "EMA 2012 §3.4.1"),
    COMMON("deal.call", "RRC 2024 §3.3.6", "EMA 2012 §3.3.12"),
    COMMON("deal.after_riichi", "RRC 2024 §3.3.6", "EMA 2012 §3.3.12"),
    COMMON("deal.kan", "RRC 2024 §3.3.3", "EMA 2012 §3.3.7-§3.3.9"),
    COMMON("deal.kan", "RRC 2024 §5.3.2", "EMA 2012 §3.4.1"),
    {"deal.riichi", "RRC 2024 §3.3.6",
     {"RRC 2024 §3.3.6", T3SAME_E("no riichi without a further draw; RRC 2024 §3.3.6"),
      T3SAME_W("no riichi without a further draw; RRC 2024 §3.3.6"), "EMA 2012 §3.3.12",
      NO_JHC("RRC 2024 §3.3.6"), TH("riichi"), MS("riichi")}},
    {"deal.riichi", "riichi_min_points",
     {"RRC 2024 §3.3.6 (no minimum score; the rule set's riichi_min_points)",
      T3E("RRC 2024 §3.3.6 (no minimum score; the rule set's riichi_min_points)"),
      T3W("RRC 2024 §3.3.6 (no minimum score; the rule set's riichi_min_points)"),
      NO_EMA("the rule set's riichi_min_points"), "JHC 2016 §6.2.8 (riichi while negative)",
      TH("riichi needs 1000 points"), MS("riichi needs 1000 points")}},
    {"deal.riichi", "tobi_riichi_points",
     {"RRC 2024 §3.11 (the bankruptcy variation: no riichi with less than 1000 points)",
      T3E("RRC 2024 §3.11 (the bankruptcy variation: no riichi with less than 1000 points)"),
      T3W("RRC 2024 §3.11 (the bankruptcy variation: no riichi with less than 1000 points)"),
      NO_EMA("RRC 2024 §3.11 (the bankruptcy variation: no riichi with less than 1000 points)"),
      NO_JHC("RRC 2024 §3.11 (the bankruptcy variation: no riichi with less than 1000 points)"),
      TH("riichi needs 1000 points"), MS("riichi needs 1000 points")}},
    {"deal.kuikae", "RRC 2024 §3.3.4",
     {"RRC 2024 §3.3.4", T3SAME_E("no kuikae"), T3SAME_W("no kuikae"),
      "EMA 2012 foreword (2008), point 3", "JHC 2016 §7.3.1.9", TH("no kuikae"),
      MS("no kuikae")}},
    {"deal.dora", "RRC 2024 §3.3.3",
     {"RRC 2024 §3.3.3", T3SAME_E("a kan's indicator is revealed at once"),
      T3SAME_W("a kan's indicator is revealed at once"), "EMA 2012 §3.3.2, §3.3.7, §3.3.8",
      "JHC 2016 §7.3.1.16", TH("kan dora"), MS("kan dora")}},
    {"deal.dora", "JHC 2016 §7.3.1.16",
     {"RRC 2024 §3.3.3, §5.3.2", T3SAME_E("a kan's indicator is revealed at once"),
      T3SAME_W("a kan's indicator is revealed at once"), "EMA 2012 §3.3.2, §3.3.7, §3.3.8",
      "JHC 2016 §7.3.1.16", TH("kan dora"), MS("kan dora")}},
    {"deal.dora", NULL,
     {"RRC 2024 §3.3.3, §3.6", T3SAME_E("kan dora at once; RRC 2024 §3.6"),
      T3SAME_W("kan dora at once; RRC 2024 §3.6"), "EMA 2012 §2.7, §3.3.2",
      "JHC 2016 §7.3.1.3, §7.3.1.16", TH("kan dora"), MS("kan dora")}},
    {"deal.dora", "kan_dora",
     {"RRC 2024 §3.3.3, §3.6", T3SAME_E("kan dora; RRC 2024 §3.3.3, §3.6"),
      T3SAME_W("kan dora; RRC 2024 §3.3.3, §3.6"), "EMA 2012 §2.7, §3.3.2",
      "JHC 2016 §7.3.1.3", TH("kan dora"), MS("kan dora")}},
    {"penalty.riichi_ankan", "RRC 2024 §3.3.6, §3.13",
     {"RRC 2024 §3.3.6, §3.13",
      T3SAME_E("a closed kan after riichi only when the reading stays; RRC 2024 §3.13"),
      T3SAME_W("a closed kan after riichi only when the reading stays; RRC 2024 §3.13"),
      "EMA 2012 §3.3.12 (EMA 2012 is silent on the penalty, so paifu applies RRC 2024 §3.13)",
      "JHC 2016 §8.1.2.8", NO_TH("RRC 2024 §3.3.6, §3.13"), NO_MS("RRC 2024 §3.3.6, §3.13")}},

    /* ---- wins ---- */
    {"win.furiten", "RRC 2024 basic rules §3.4",
     {"RRC 2024 basic rules §3.4",
      T3SAME_E("temporary furiten ends with the player's discard; RRC 2024 §3.4"),
      T3SAME_W("temporary furiten ends with the player's discard; RRC 2024 §3.4"),
      "EMA 2012 §3.4.5", NO_JHC("RRC 2024 §3.4"), TH("furiten"), MS("furiten")}},
    COMMON_DEFAULT("win.no_yaku", "RRC 2024 §3.5", "EMA 2012 §3.2, §3.4.11"),
    COMMON_DEFAULT("win.not_complete", "RRC 2024 §3.5", "EMA 2012 §3.2"),
    COMMON("win.no_yaku", "RRC 2024 §3.5", "EMA 2012 §3.2, §3.4.11"),
    {NULL, "RRC 2024 §3.5, §3.13",
     {"RRC 2024 §3.5, §3.13", T3E("RRC 2024 §3.5, §3.13"), T3W("RRC 2024 §3.5, §3.13"),
      "EMA 2012 §3.2, §3.4.6", "JHC 2016 §8.1.2.6", NO_TH("RRC 2024 §3.5, §3.13"),
      NO_MS("RRC 2024 §3.5, §3.13")}},
    {"penalty.unfounded", "RRC 2024 §3.13",
     {"RRC 2024 §3.13", T3E("RRC 2024 §3.13"), T3W("RRC 2024 §3.13"), "EMA 2012 §3.4.6",
      "JHC 2016 §8.1.2.6", NO_TH("RRC 2024 §3.13"), NO_MS("RRC 2024 §3.13")}},

    /* ---- scoring ---- */
    {"score.yaku", NULL,
     {"RRC 2024 §4", T3E("RRC 2024 §4"), T3W("RRC 2024 §4"), NO_EMA("RRC 2024 §4"),
      NO_JHC("RRC 2024 §4"), NO_TH("RRC 2024 §4"), NO_MS("RRC 2024 §4")}},
    {"score.han", NULL,
     {"RRC 2024 §4", T3E("RRC 2024 §4"), T3W("RRC 2024 §4"), NO_EMA("RRC 2024 §4"),
      NO_JHC("RRC 2024 §4"), NO_TH("RRC 2024 §4"), NO_MS("RRC 2024 §4")}},
    {"score.dora", NULL,
     {"RRC 2024 §3.6", T3SAME_E("dora, ura, kan dora and kan ura; RRC 2024 §3.6"),
      T3SAME_W("dora, ura, kan dora and kan ura; RRC 2024 §3.6"), "EMA 2012 §2.7, §3.3.12",
      "JHC 2016 §7.3.1.3-§7.3.1.5", NO_TH("RRC 2024 §3.6"), NO_MS("RRC 2024 §3.6")}},
    {"score.fu", "RRC 2024 §3.7",
     {"RRC 2024 §3.7", T3E("RRC 2024 §3.7"),
      "RRC 2024 §3.7 (RRC 2024 Table 3 (WRC): a double wind pair is 2 fu)",
      NO_EMA("RRC 2024 §3.7"), NO_JHC("RRC 2024 §3.7"), NO_TH("RRC 2024 §3.7"),
      NO_MS("RRC 2024 §3.7")}},
    {NULL, "RRC 2024 §3.7.8",
     {"RRC 2024 §3.7.8", "RRC 2024 §3.7.8 (RRC 2024 Table 3 (EMA): no kiriage, no counted yakuman)",
      "RRC 2024 §3.7.8 (RRC 2024 Table 3 (WRC): kiriage mangan, no counted yakuman)",
      NO_EMA("RRC 2024 §3.7.8 and RRC 2024 Table 3 (EMA): no counted yakuman"),
      "JHC 2016 §7.3.1.7 (yakuman); otherwise JHC 2016 is silent, so "
      "paifu applies RRC 2024 §3.7.8", NO_TH("RRC 2024 §3.7.8"), NO_MS("RRC 2024 §3.7.8")}},
    {"score.points", "RRC 2024 §3.7.7",
     {"RRC 2024 §3.7.7", "RRC 2024 §3.7.7 (RRC 2024 Table 3 (EMA): no kiriage)",
      "RRC 2024 §3.7.7 (RRC 2024 Table 3 (WRC): kiriage mangan)", NO_EMA("RRC 2024 §3.7.7"),
      NO_JHC("RRC 2024 §3.7.7"), NO_TH("RRC 2024 §3.7.7"), NO_MS("RRC 2024 §3.7.7")}},
    {NULL, "RRC 2024 §3.7.9",
     {"RRC 2024 §3.7.9", T3SAME_E("pao for daisangen and daisuushi, not suukantsu"),
      "RRC 2024 Table 3 (WRC): pao for daisangen, daisuushi and suukantsu", "EMA 2012 §3.3.6",
      "JHC 2016 §7.3.1.8", TH("pao for daisangen and daisuushi"),
      MS("pao for daisangen and daisuushi")}},
    {"score.delta", "JHC 2016 §7.3.1.17",
     {"RRC 2024 Table 3 (no liability for a rinshan win); the rule set's pao",
      T3SAME_E("no liability for a rinshan win; the rule set's pao"),
      T3SAME_W("no liability for a rinshan win; the rule set's pao"),
      NO_EMA("the rule set's pao (JHC 2016 §7.3.1.17)"), "JHC 2016 §7.3.1.17",
      NO_TH("the rule set's pao (JHC 2016 §7.3.1.17)"),
      NO_MS("the rule set's pao (JHC 2016 §7.3.1.17)")}},
    {"score.delta", "RRC 2024 §3.9, §3.3.6",
     {"RRC 2024 §3.9, §3.3.6", T3SAME_E("300 per honba; RRC 2024 §3.9, §3.3.6"),
      T3SAME_W("300 per honba; RRC 2024 §3.9, §3.3.6"), "EMA 2012 §3.3.12, §3.4.9, §3.4.10",
      NO_JHC("RRC 2024 §3.9, §3.3.6"), NO_TH("RRC 2024 §3.9, §3.3.6"),
      NO_MS("RRC 2024 §3.9, §3.3.6")}},
    {"win.order", "multi_ron",
     {"RRC 2024 §3.3.5, §3.8 (double and triple ron are paid)",
      "RRC 2024 Table 3 (EMA): no head bump; RRC 2024 §3.3.5",
      "RRC 2024 Table 3 (WRC): head bump, only the first winner", "EMA 2012 §3.3.1, §3.4.9",
      "JHC 2016 §7.3.1.10", TH("a double ron is paid, a triple ron is a draw"),
      NO_MS("the rule set's multi_ron")}},

    /* ---- score sheets ---- */
    RRC_ONLY("sheet.fu", "RRC 2024 §3.7, §3.7.6"),
    RRC_ONLY("sheet.yaku", "RRC 2024 §4.2.2"),
    {"score.limit", "RRC 2024 §3.7.6, §3.7.8",
     {"RRC 2024 §3.7.6, §3.7.8",
      "RRC 2024 §3.7.6, §3.7.8 (RRC 2024 Table 3 (EMA): no kiriage, no counted yakuman)",
      "RRC 2024 §3.7.6, §3.7.8 (RRC 2024 Table 3 (WRC): kiriage mangan, no counted yakuman)",
      NO_EMA("RRC 2024 §3.7.6, §3.7.8 and RRC 2024 Table 3 (EMA): no counted yakuman"),
      "JHC 2016 §7.3.1.7 (yakuman); otherwise JHC 2016 is silent, so paifu applies RRC 2024 §3.7.6, "
      "§3.7.8",
      NO_TH("RRC 2024 §3.7.6, §3.7.8"), NO_MS("RRC 2024 §3.7.6, §3.7.8")}},
    {"sheet.yaku", "RRC 2024 §3.7.9; JHC 2016 §7.3.1.8",
     {"RRC 2024 §3.7.9", T3SAME_E("pao for daisangen and daisuushi, not suukantsu"),
      "RRC 2024 Table 3 (WRC): pao for daisangen, daisuushi and suukantsu", "EMA 2012 §3.3.6",
      "JHC 2016 §7.3.1.8", TH("pao for daisangen and daisuushi"),
      MS("pao for daisangen and daisuushi")}},
    {"win.no_yaku", "EMA 2012 §3.4.11",
     {"not in RRC 2024 (its Table 3: no two-han minimum); paifu applies the rule set's "
      "ryanhan_shibari (EMA 2012 §3.4.11)",
      "RRC 2024 Table 3: no two-han minimum for EMA; paifu applies the rule set's "
      "ryanhan_shibari (EMA 2012 §3.4.11)",
      "RRC 2024 Table 3: no two-han minimum for WRC; paifu applies the rule set's "
      "ryanhan_shibari (EMA 2012 §3.4.11)",
      "EMA 2012 §3.4.11",
      "JHC 2016 §7.3.1.13 (no two-han minimum); paifu applies the rule set's ryanhan_shibari "
      "(EMA 2012 §3.4.11)",
      NO_TH("the rule set's ryanhan_shibari (EMA 2012 §3.4.11)"),
      NO_MS("the rule set's ryanhan_shibari (EMA 2012 §3.4.11)")}},
    RRC_ONLY("sheet.yaku", "RRC 2024 §4"),
    RRC_ONLY("sheet.han", "RRC 2024 §4"),
    RRC_ONLY("sheet.yaku", "RRC 2024 §4.1.2"),
    {NULL, "RRC 2024 §3.5.1",
     {"RRC 2024 §3.5.1", "RRC 2024 §3.5.1 (RRC 2024 Table 3 (EMA): yakuman do not add up)",
      "RRC 2024 §3.5.1 (RRC 2024 Table 3 (WRC): yakuman add up)",
      NO_EMA("RRC 2024 Table 3 (EMA): yakuman do not add up"),
      "JHC 2016 §7.3.1.7", NO_TH("RRC 2024 §3.5.1"), NO_MS("RRC 2024 §3.5.1")}},
    {NULL, "RRC 2024 §4.2.1",
     {"RRC 2024 §4.2.1", T3E("RRC 2024 §4.2.1"), T3W("RRC 2024 §4.2.1"), "EMA 2012 §3.3.12",
      "JHC 2016 §7.3.1.6", NO_TH("RRC 2024 §4.2.1"), NO_MS("RRC 2024 §4.2.1")}},
    RRC_ONLY("sheet.fu", "RRC 2024 §3.7"),
    COMMON("sheet.winner", "RRC 2024 §3.3.5", "EMA 2012 §3.4.9"),
    COMMON("sheet.sticks", "RRC 2024 §3.3.6, §3.9", "EMA 2012 §3.3.12, §3.4.10"),

    /* ---- draws ---- */
    {"draw.condition", "RRC 2024 §3.8",
     {"RRC 2024 §3.8", "RRC 2024 §3.8 (RRC 2024 Table 3 (EMA): no abortive draws)",
      "RRC 2024 §3.8 (RRC 2024 Table 3 (WRC): no abortive draws)", "EMA 2012 §3.4.2, §3.4.3",
      "JHC 2016 §7.3.1.10, §7.3.1.11 (the draws); otherwise JHC 2016 is silent, so paifu applies "
      "RRC 2024 §3.8",
      TH("abortive draws: nine terminals, four winds, four riichi, a triple ron, four kans"),
      MS("abortive draws")}},
    {"draw.tenpai", "RRC 2024 §3.8",
     {"RRC 2024 §3.8",
      T3SAME_E("formal tenpai counts; a hand whose winning tiles are all in its own sets is noten"),
      T3SAME_W("formal tenpai counts; a hand whose winning tiles are all in its own sets is noten"),
      "EMA 2012 §3.4.2", NO_JHC("RRC 2024 §3.8"),
      TH("formal tenpai counts; a wait on a tile whose four copies are all in the concealed "
         "hand is noten"),
      MS("formal tenpai counts")}},
    {"draw.payment", "RRC 2024 §3.8",
     {"RRC 2024 §3.8", T3SAME_E("3000 in all at a draw; RRC 2024 §3.8"),
      T3SAME_W("3000 in all at a draw; RRC 2024 §3.8"), "EMA 2012 §3.4.2, §3.4.3",
      NO_JHC("RRC 2024 §3.8"), TH("noten payments of 3000 in all"),
      MS("noten payments of 3000 in all")}},
    {"draw.payment", "RRC 2024 §3.10",
     {"RRC 2024 §3.10", "RRC 2024 Table 3 (EMA): no nagashi mangan",
      "RRC 2024 Table 3 (WRC): no nagashi mangan", NO_EMA("RRC 2024 §3.10"),
      "JHC 2016 §7.3.1.15", TH("nagashi mangan"), MS("nagashi mangan")}},
    {"penalty.noten_riichi", "RRC 2024 §3.8, §3.13",
     {"RRC 2024 §3.8, §3.13", T3E("RRC 2024 §3.8, §3.13"), T3W("RRC 2024 §3.8, §3.13"),
      "EMA 2012 §3.4.2, §3.4.6", "JHC 2016 §8.1.2.7", NO_TH("RRC 2024 §3.8, §3.13"),
      NO_MS("RRC 2024 §3.8, §3.13")}},

    /* ---- penalties ---- */
    {"penalty.dead_hand", "RRC 2024 §3.13, §9.4; EMA 2012 §3.4.7; JHC 2016 §8.1.1",
     {"RRC 2024 §3.13, §9.4", T3E("RRC 2024 §3.13, §9.4"), T3W("RRC 2024 §3.13, §9.4"),
      "EMA 2012 §3.4.7", "JHC 2016 §8.1.1", NO_TH("RRC 2024 §3.13"), NO_MS("RRC 2024 §3.13")}},
    /* dead hands: noten at a draw, a riichi one shown all the same, a hand changed in riichi */
    {NULL, "RRC 2024 §3.13, Table 1",
     {"RRC 2024 §3.13, Table 1", T3E("RRC 2024 §3.13, Table 1"), T3W("RRC 2024 §3.13, Table 1"),
      "EMA 2012 §3.4.7", "JHC 2016 §8.1.1", NO_TH("RRC 2024 §3.13, Table 1"),
      NO_MS("RRC 2024 §3.13, Table 1")}},
    {"penalty.amount", "RRC 2024 §3.13; EMA 2012 §3.4.6",
     {"RRC 2024 §3.13", T3E("RRC 2024 §3.13"), T3W("RRC 2024 §3.13"), "EMA 2012 §3.4.6",
      "JHC 2016 §8.1.2", NO_TH("RRC 2024 §3.13"), NO_MS("RRC 2024 §3.13")}},
    /* a chombo where the rule set has none (the platform's client prevents false wins) */
    {"penalty.amount", "no chombo",
     {"RRC 2024 §3.13", T3E("RRC 2024 §3.13"), T3W("RRC 2024 §3.13"), "EMA 2012 §3.4.6",
      "JHC 2016 §8.1.2", TH("no chombo: the client prevents it"),
      MS("no chombo: the client prevents it")}},

    /* ---- between deals and the game's end ---- */
    {"flow.game_end", "RRC 2024 §3.11",
     {"RRC 2024 §3.11", T3SAME_E("no bankruptcy, no agariyame, no West round"),
      T3SAME_W("no bankruptcy, no agariyame, no West round"), "EMA 2012 §3.5, §3.6",
      "JHC 2016 §6.1.4-§6.1.6", TH("bankruptcy, agariyame, tenpaiyame, the West round"),
      MS("bankruptcy, agariyame, tenpaiyame, the West round")}},
    {"flow.game_end", "RRC 2024 §6.4",
     {"RRC 2024 §6.4, §3.13", "RRC 2024 Table 3 (EMA): finish the current deal and play one more",
      "RRC 2024 Table 3 (WRC): finish the current deal",
      NO_EMA("RRC 2024 Table 3 (EMA): finish the current deal and play one more"),
      "JHC 2016 §6.1.4", NO_TH("RRC 2024 §6.4"), NO_MS("RRC 2024 §6.4")}},
    {"flow.dealer", "RRC 2024 §3.9",
     {"RRC 2024 §3.9", T3SAME_E("renchan when the dealer is tenpai"),
      T3SAME_W("renchan when the dealer is tenpai"), "EMA 2012 §3.4.12", "JHC 2016 §7.3.1.11",
      TH("renchan after the dealer's win or tenpai and after an abortive draw"),
      MS("renchan after the dealer's win or tenpai and after an abortive draw")}},
    {"flow.honba", "RRC 2024 §3.9",
     {"RRC 2024 §3.9", T3SAME_E("300 per honba; RRC 2024 §3.9"),
      "RRC 2024 §3.9 (RRC 2024 Table 3: 300 per honba; WRC has no abortive draws)",
      "EMA 2012 §3.4.10", "JHC 2016 §7.3.1.11", TH("honba after a renchan or a draw"),
      MS("honba after a renchan or a draw")}},
    COMMON("flow.riichi_sticks", "RRC 2024 §3.3.6", "EMA 2012 §3.3.12, §3.4.4"),
    {"flow.scores", "RRC 2024 §3.7.6; JHC 2016 §6.2.3",
     {"RRC 2024 §3.7.6", "RRC 2024 Table 3 (EMA): 30000 to start",
      "RRC 2024 Table 3 (WRC): 30000 to start",
      NO_EMA("RRC 2024 §3.7.6 and RRC 2024 Table 3 (EMA): 30000 to start"), "JHC 2016 §6.2.3",
      TH("25000 points to start"), MS("25000 points to start")}},
    {"flow.scores", "RRC 2024 §3.7.6; JHC 2016 §6.2.10",
     {"RRC 2024 §3.7.6", T3SAME_E("the table always holds 120000; RRC 2024 §3.7.6"),
      T3SAME_W("the table always holds 120000; RRC 2024 §3.7.6"),
      NO_EMA("RRC 2024 §3.7.6 (the table always holds the starting total)"), "JHC 2016 §6.2.10",
      NO_TH("RRC 2024 §3.7.6 (the table always holds the starting total)"),
      NO_MS("RRC 2024 §3.7.6 (the table always holds the starting total)")}},
    {"game.final_score", "RRC 2024 §3.12",
     {"RRC 2024 §3.12", "RRC 2024 §3.12 (RRC 2024 Table 3 (EMA): uma 15/5, oka 0)",
      "RRC 2024 §3.12 (RRC 2024 Table 3 (WRC): uma 15/5, oka 0)", "EMA 2012 §3.6.1",
      "JHC 2016 §7.3.1.9 (second: no uma or oka)", TH("return points, oka and uma"),
      MS("return points and uma")}},
    /* final points other than the last deal's result: the points each deal left (RRC 2024
       §3.12: places "в порядке убывания количества очков" after the game; EMA 2012 §3.6: "the
       final count of points decides"; JHC 2016 §6.2.9: each player counts the points at the end) */
    {"game.final_points", "RRC 2024 §3.12",
     {"RRC 2024 §3.12", T3E("RRC 2024 §3.12"), T3W("RRC 2024 §3.12"), "EMA 2012 §3.6",
      "JHC 2016 §6.2.9", NO_TH("RRC 2024 §3.12"), NO_MS("RRC 2024 §3.12")}},
    /* ... where the riichi sticks left on the table at the end are the difference */
    {"game.final_points", "leftover_riichi",
     {"RRC 2024 §3.12 (leftover riichi sticks to the winner, shared among tied winners)",
      "RRC 2024 Table 3 (EMA): leftover riichi sticks to the winner",
      "RRC 2024 Table 3 (WRC): leftover riichi sticks are lost",
      "EMA 2012 §3.6 (leftover riichi sticks to the winner)",
      NO_JHC("the rule set's leftover_riichi (RRC 2024 §3.12: to the winner)"),
      TH("leftover riichi sticks to the first"), MS("leftover riichi sticks to the first")}},
    {"game.final_points", "RRC 2024 §3.12; JHC 2016 §6.2.10",
     {"RRC 2024 §3.12", T3E("RRC 2024 §3.12"), T3W("RRC 2024 §3.12"), NO_EMA("RRC 2024 §3.12"),
      "JHC 2016 §6.2.10", NO_TH("RRC 2024 §3.12"), NO_MS("RRC 2024 §3.12")}},
    {"sheet.totals", "RRC 2024 §3.12",
     {"RRC 2024 §3.12", T3E("RRC 2024 §3.12"), T3W("RRC 2024 §3.12"), NO_EMA("RRC 2024 §3.12"),
      "JHC 2016 §6.2.9", NO_TH("RRC 2024 §3.12"), NO_MS("RRC 2024 §3.12")}},
    {"game.sanction", "JHC 2016 §8.3.2",
     {"not in RRC 2024 (sanctions on the average place are JHC 2016 §8.3.2)",
      "not in RRC 2024 or its Table 3 for EMA (sanctions on the average place are JHC 2016 "
      "§8.3.2)",
      "not in RRC 2024 or its Table 3 for WRC (sanctions on the average place are JHC 2016 "
      "§8.3.2)",
      "EMA 2012 is silent on this (sanctions on the average place are JHC 2016 §8.3.2)",
      "JHC 2016 §8.3.2",
      "Tenhou's rules (tenhou.net/man) are silent on this (sanctions on the average place are JHC 2016 "
      "§8.3.2)",
      "MahjongSoul's rules are silent on this (sanctions on the average place are JHC 2016 §8.3.2)"}},
};

#define N_ROWS (sizeof(rows) / sizeof(rows[0]))

/* The MCR verifier names its document whole ("MCR 2006 (Green Book)"); the topic of the Green
   Book that decides each code (the sections of its rules as the MCR presets cite them). */
static const struct {
    const char *code, *cite;
} mcr_rows[] = {
    {"deal.turn_order", "MCR 2006 (Green Book), turns and claims"},
    {"deal.call", "MCR 2006 (Green Book), turns and claims"},
    {"deal.kan", "MCR 2006 (Green Book), how to kong"},
    {"deal.tile_count", "MCR 2006 (Green Book), building and dealing"},
    {"mcr.flower", "MCR 2006 (Green Book), building and dealing"},
    {"wall.exhausted", "MCR 2006 (Green Book), building and dealing"},
    {"win.not_complete", "MCR 2006 (Green Book), winning hands"},
    {"win.tile", "MCR 2006 (Green Book), winning hands"},
    {"win.no_yaku", "MCR 2006 (Green Book), minimum points"},
    {"mcr.fan", "MCR 2006 (Green Book), the 81 fans"},
    {"mcr.total", "MCR 2006 (Green Book), the 81 fans"},
    {"mcr.payment", "MCR 2006 (Green Book), payments"},
    {"draw.payment", "MCR 2006 (Green Book), payments"},
    {"draw.condition", "MCR 2006 (Green Book), payments"},
    {"penalty.amount", "MCR 2006 (Green Book), penalties"},
    {"penalty.dead_hand", "MCR 2006 (Green Book), penalties: may not win"},
};

static const char *cite_mcr(const char *code, const char *key)
{
    if (!key || strcmp(key, "MCR 2006 (Green Book)") != 0)
        return key; /* a topic the verifier named itself */
    if (strncmp(code, "log.", 4) == 0 || strncmp(code, "wall.", 5) == 0)
        return NULL; /* the log itself, not a rule */
    for (size_t i = 0; i < sizeof(mcr_rows) / sizeof(mcr_rows[0]); i++)
        if (strcmp(mcr_rows[i].code, code) == 0)
            return mcr_rows[i].cite;
    return key;
}

static bool same(const char *a, const char *b)
{
    return a == b || (a && b && strcmp(a, b) == 0);
}

const char *paifu_finding__cite(const char *code, const char *key, int document)
{
    if (document < 0 || document >= PAIFU_DOC_COUNT)
        return key;
    if (document == PAIFU_DOC_MCR2006)
        return cite_mcr(code, key); /* the MCR verifier cites its own document */
    if (key && strstr(key, ".md"))
        return NULL; /* a fact of the log's format, not a rule of any document */
    const cite_row *any = NULL;
    for (size_t i = 0; i < N_ROWS; i++) {
        if (!same(rows[i].key, key))
            continue;
        if (same(rows[i].code, code))
            return rows[i].doc[document];
        if (!rows[i].code && key && !any)
            any = &rows[i];
    }
    return any ? any->doc[document] : key;
}

size_t paifu_finding__cite_rows(void)
{
    return N_ROWS;
}

const char *paifu_finding__cite_row(size_t i, int document, const char **code, const char **key)
{
    if (i >= N_ROWS || document < 0 || document >= PAIFU_DOC_COUNT - 1)
        return NULL;
    if (code)
        *code = rows[i].code;
    if (key)
        *key = rows[i].key;
    return rows[i].doc[document];
}

/* Whether the comma-separated LIST holds NAME (LEN bytes). */
static bool listed(const char *list, const char *name, size_t len)
{
    for (const char *p = list; p && *p;) {
        const char *comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p) : strlen(p);
        if (n == len && strncmp(p, name, len) == 0)
            return true;
        p = comma ? comma + 1 : NULL;
    }
    return false;
}

/* The clause of PRESET's enforcement table that carries parameter NAME (the row that reports
   CODE first), or NULL. */
static const char *clause_of(const char *preset, const char *code, const char *name, size_t len)
{
    const paifu_rule_check *checks = NULL;
    size_t n = paifu_rules_checks(&checks, preset);
    const char *any = NULL;
    for (size_t i = 0; i < n; i++) {
        if (!listed(checks[i].params, name, len))
            continue;
        if (listed(checks[i].findings, code, strlen(code)))
            return checks[i].clause;
        if (!any)
            any = checks[i].clause;
    }
    return any;
}

size_t paifu_finding__cite_set(char *buf, size_t size, const char *code, const char *cite,
                               const struct paifu_rules *rules)
{
    const char *preset = paifu_rules_name(rules);
    size_t used = 0, code_len = strlen(code);
    char noted[512] = ","; /* the parameters looked at so far: ",a,b," */
    if (!cite)
        return 0; /* a finding on the log itself names no rule */
    /* which parameters a finding of CODE turns on: those of every rule that reports it, in
       the table of every preset of the game's family (a parameter carries the same rule
       whatever the document) */
    for (size_t p = 0; p < paifu_rules_preset_count(); p++) {
        const paifu_rule_check *checks = NULL;
        if (paifu_rules__preset_family(paifu_rules_preset_name(p)) != rules->family)
            continue;
        size_t n = paifu_rules_checks(&checks, paifu_rules_preset_name(p));
        for (size_t i = 0; i < n; i++) {
            if (!listed(checks[i].findings, code, code_len))
                continue;
            for (const char *q = checks[i].params; q && *q;) {
                const char *comma = strchr(q, ',');
                size_t len = comma ? (size_t)(comma - q) : strlen(q);
                char name[64], key[70], given[160], now[160];
                snprintf(name, sizeof(name), "%.*s", (int)len, q);
                snprintf(key, sizeof(key), ",%s,", name);
                q = comma ? comma + 1 : NULL;
                if (strstr(noted, key))
                    continue;
                if (strlen(noted) + len + 1 < sizeof(noted))
                    strcat(strcat(noted, name), ",");
                if (!paifu_rules__preset_value(given, sizeof(given), rules, name) ||
                    paifu_rules_get(now, sizeof(now), rules, name, NULL) < 0)
                    continue;
                /* the clause of the game's own preset, else RRC 2024's (Table 3 builds on it) */
                const char *clause = clause_of(preset, code, name, len);
                if (!clause)
                    clause = clause_of("rrc", code, name, len);
                int w = snprintf(buf + used, used < size ? size - used : 0,
                                 "%s%s%s set to %s for this game (%s%s gives %s)",
                                 used ? "" : cite, "; ", name, now,
                                 clause ? "" : "the preset ", clause ? clause : preset, given);
                used += w > 0 ? (size_t)w : 0;
            }
        }
    }
    if (used >= size && size) /* cut: the citation stays whole, the notes end short */
        buf[size - 1] = '\0';
    return used;
}
