/*
 * test_score.c: scoring whole hands (lib/score.c, yaku.c, fu.c, points.c) under rule sets.
 *
 * One table row per case: a hand in paifu's notation, the situation, the rule set (a preset,
 * optionally with one KEY=VALUE override), and what shared/rules/yaku.md says it is worth.
 * Every expected value was worked out by hand from yaku.md (yaku and han: sections 1-2, fu:
 * section 5, points: section 6) and riichi-rulesets.md (the rule-set columns); the comment of
 * each row shows the sum. The yaku are listed in Tenhou's order (tenhou-xml.md §4.12), dora
 * family last; "id:han" checks an entry's han as well.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "paifu/score.h"
#include "rules_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define T PAIFU_SIT_TSUMO
#define R PAIFU_SIT_RIICHI
#define E 0 /* winds */
#define S 1
#define W 2
#define N 3

typedef struct score_case {
    const char *name;
    const char *preset;
    const char *rule;  /* "key=value" applied after the preset, or NULL */
    const char *hand;  /* paifu_hand_parse notation, with the winning tile */
    unsigned flags;    /* PAIFU_SIT_* */
    int round, seat;
    const char *dora;  /* dora indicators in tile notation, or NULL */
    const char *ura;
    int honba;
    int kita;
    int status;        /* paifu_score_status */
    const char *yaku;  /* expected ids in order, "id" or "id:han", space separated */
    int han, fu, total; /* -1: not checked */
} score_case;

static const score_case CASES[] = {
    /* ---- basic yaku, fu and payments ---- */
    {"pinfu tsumo", "rrc", NULL, "23456m456p789s55s +1m", T, E, S, NULL, NULL, 0, 0, 0,
     "0 7", 2, 20, 1500}, /* 2/20: 400 + 400 + 700 */
    {"pinfu ron", "rrc", NULL, "23456m456p789s55s +1m", 0, E, S, NULL, NULL, 0, 0, 0, "7", 1, 30,
     1000}, /* 20 + 10 closed ron */
    {"riichi ippatsu tsumo pinfu ura 2", "rrc", NULL, "23456m456p789s55s +1m",
     T | R | PAIFU_SIT_IPPATSU, E, S, "9s", "4s", 0, 0, 0, "1 2 0 7 53:2", 6, 20,
     12000}, /* 4 + ura 2 (55s) = haneman 3000/6000 */
    {"ippatsu off (JPML)", "rrc", "ippatsu=false", "23456m456p789s55s +1m",
     T | R | PAIFU_SIT_IPPATSU, E, S, "9s", "4s", 0, 0, 0, "1 0 7 53:2", 5, 20,
     8000}, /* the same hand without ippatsu: mangan 2000/4000 */
    {"ura dora off (JPML)", "rrc", "ura_dora=false", "23456m456p789s55s +1m",
     T | R | PAIFU_SIT_IPPATSU, E, S, "9s", "4s", 0, 0, 0, "1 2 0 7", 4, 20,
     5200}, /* 4 han 20 fu: 1300/2600 */
    {"kan dora off: the first indicator only", "rrc", "kan_dora=false",
     "23456m456p789s55s +1m", T, E, S, "9s4s", NULL, 0, 0, 0, "0 7", 2, 20,
     1500}, /* the kan indicator 4s would make the 55s pair 2 dora */
    {"kan dora on: every indicator", "rrc", NULL, "23456m456p789s55s +1m", T, E, S, "9s4s", NULL,
     0, 0, 0, "0 7 52:2", 4, 20, 5200},
    {"open tanyao (kuitan)", "rrc", NULL, "234m567p6s chi:345s pon:888p +6s", 0, E, S, NULL, NULL,
     0, 0, 0, "8", 1, 30, 1000}, /* 20 + 2 open pon + 2 tanki = 24 -> 30 */
    {"open tanyao without kuitan", "ema2012", NULL, "234m567p6s chi:345s pon:888p +6s", 0, E, S,
     NULL, NULL, 0, 0, PAIFU_SCORE_NO_YAKU, "", 0, 30, 0},
    {"double east pon, dealer", "rrc", NULL, "123m456p789s5s pon:111z +5s", 0, E, E, NULL, NULL,
     0, 0, 0, "14 10", 2, 30, 2900}, /* 20 + 4 + 2 tanki = 26 -> 30; 480 * 6 = 2880 */
    {"double south pon", "rrc", NULL, "123m456p789s5s pon:222z +5s", 0, S, S, NULL, NULL, 0, 0, 0,
     "15 11", 2, 30, 2000},
    {"double wind pair 4 fu (rrc)", "rrc", NULL, "123m456p222s11z24s +3s", T | R, E, E, NULL,
     NULL, 0, 0, 0, "1 0 53:0", 2, 40, 3900}, /* 20 + 4 + 4 + 2 + 2 = 32 -> 40; 1300 each */
    {"double wind pair 2 fu (wrc)", "wrc", NULL, "123m456p222s11z24s +3s", T | R, E, E, NULL,
     NULL, 0, 0, 0, "1 0 53:0", 2, 30, 3000}, /* 20 + 4 + 2 + 2 + 2 = 30; 1000 each */
    {"rinshan: no tsumo fu (rrc)", "rrc", NULL, "222m567p3499s ankan:8888p +2s",
     T | PAIFU_SIT_RINSHAN, E, S, NULL, NULL, 0, 0, 0, "4 0", 2, 40,
     2700}, /* 20 + 4 + 16 = 40; 700/1300 */
    {"rinshan: tsumo fu (tenhou)", "tenhou", NULL, "222m567p3499s ankan:8888p +2s",
     T | PAIFU_SIT_RINSHAN, E, S, NULL, NULL, 0, 0, 0, "4 0", 2, 50,
     3200}, /* 42 -> 50; 800/1600 */
    {"haitei yields to rinshan", "rrc", NULL, "222m567p3499s ankan:8888p +2s",
     T | PAIFU_SIT_RINSHAN | PAIFU_SIT_HAITEI, E, S, NULL, NULL, 0, 0, 0, "4 0", 2, 40, 2700},
    {"open pinfu shape 30 fu", "rrc", NULL, "234m567p23s55s chi:678s +4s", 0, E, S, NULL, NULL,
     0, 0, 0, "8", 1, 30, 1000},
    {"open pinfu shape, open_pinfu_fu=0", "rrc", "open_pinfu_fu=0",
     "234m567p23s55s chi:678s +4s", 0, E, S, NULL, NULL, 0, 0, 0, "8", 1, 20,
     700}, /* 160 * 4 = 640 -> 700 */
    {"4 han 30 fu, no kiriage (rrc)", "rrc", NULL, "234m567p345s66s78s +6s", R, E, S, "1m", NULL,
     0, 0, 0, "1 7 8 52:1 53:0", 4, 30, 7700},
    {"4 han 30 fu, kiriage (wrc)", "wrc", NULL, "234m567p345s66s78s +6s", R, E, S, "1m", NULL, 0,
     0, 0, "1 7 8 52:1 53:0", 4, 30, 8000},
    {"13 han: kazoe yakuman (rrc)", "rrc", NULL, "1122334567855m +9m", T | R, E, S, "8m", NULL, 0,
     0, 0, "1 0 7 9 24 35 52:1 53:0", 13, 20, 32000}, /* 12 + dora 9m */
    {"13 han: sanbaiman without kazoe (ema)", "ema", NULL, "1122334567855m +9m", T | R, E, S,
     "8m", NULL, 0, 0, 0, "1 0 7 9 24 35 52:1 53:0", 13, 20, 24000},
    {"chiitoitsu riichi ron", "rrc", NULL, "1133557799m22p4z +4z", R, E, S, NULL, NULL, 0, 0, 0,
     "1 22 53:0", 3, 25, 3200}, /* 25 * 32 * 4 */
    {"honroutou chiitoitsu tsumo", "rrc", NULL, "11m99m11p99p11s99s1z +1z", T, E, S, NULL, NULL,
     0, 0, 0, "0 22 31", 5, 25, 8000},
    {"ryanpeikou beats chiitoitsu", "rrc", NULL, "223344m556677p9s +9s", R, E, S, NULL, NULL, 0,
     0, 0, "1 32 53:0", 4, 40, 8000}, /* 20 + 2 + 10 = 32 -> 40: mangan */
    {"iipeikou", "rrc", NULL, "112233m456p789s5s +5s", R, E, S, NULL, NULL, 0, 0, 0,
     "1 9 53:0", 2, 40, 2600},
    {"chanta with round wind", "rrc", NULL, "123m789p789s99s11z +1z", 0, E, S, NULL, NULL, 0, 0,
     0, "14 23", 3, 40, 5200}, /* 20 + 4 (ron pon) + 10 = 34 -> 40 */
    {"junchan", "rrc", NULL, "123m789p789s99s11m +1m", 0, E, S, NULL, NULL, 0, 0, 0, "33", 3, 40,
     5200},
    {"open ittsu", "rrc", NULL, "123456m11z99p chi:789m +9p", 0, E, S, NULL, NULL, 0, 0, 0, "24",
     1, 30, 1000}, /* 20 + 4 + 2 (round-wind pair) = 26 -> 30 */
    {"open sanshoku", "rrc", NULL, "123m123p456s5z chi:123s +5z", 0, E, S, NULL, NULL, 0, 0, 0,
     "25", 1, 30, 1000},
    {"doukou sanankou toitoi", "rrc", NULL, "222m222p22s55z pon:777s +2s", T, E, S, NULL, NULL,
     0, 0, 0, "26 29 28", 6, 40, 12000}, /* 20 + 4 + 4 + 4 + 2 + 2 (haku pair) + 2 = 38 */
    {"open toitoi", "rrc", NULL, "222m333p5z pon:777s pon:888p +5z", 0, E, S, NULL, NULL, 0, 0,
     0, "28", 2, 40, 2600}, /* 20 + 4 + 4 + 2 + 2 + 2 + 2 = 36 -> 40 */
    {"sankantsu", "rrc", NULL, "12m77s ankan:3333z daiminkan:1111s daiminkan:4444p +3m", 0, E, S,
     NULL, NULL, 0, 0, 0, "27", 2, 80, 5200}, /* 20 + 32 + 16 + 8 + 2 = 78 -> 80 */
    {"shousangen", "rrc", NULL, "555z666z77z123m45p +3p", 0, E, S, NULL, NULL, 0, 0, 0,
     "30 18 19", 4, 50, 8000}, /* 20 + 8 + 8 + 2 + 10 = 48 -> 50: mangan */
    {"honitsu ittsu haku", "rrc", NULL, "12345678m555z11z +9m", R, E, S, NULL, NULL, 0, 0, 0,
     "1 24 18 34 53:0", 7, -1, 12000},
    {"situational: haitei", "rrc", NULL, "23456m456p789s55s +1m", T | PAIFU_SIT_HAITEI, E, S,
     NULL, NULL, 0, 0, 0, "5 0 7", 3, 20, 2700},
    {"situational: houtei", "rrc", NULL, "23456m456p789s55s +1m", PAIFU_SIT_HOUTEI, E, S, NULL,
     NULL, 0, 0, 0, "6 7", 2, 30, 2000},
    {"situational: chankan", "rrc", NULL, "23456m456p789s55s +1m", PAIFU_SIT_CHANKAN, E, S, NULL,
     NULL, 0, 0, 0, "3 7", 2, 30, 2000},
    {"situational: double riichi", "rrc", NULL, "23456m456p789s55s +1m",
     PAIFU_SIT_DOUBLE_RIICHI, E, S, NULL, NULL, 0, 0, 0, "21 7 53:0", 3, 30, 3900},
    {"red five (rrc)", "rrc", NULL, "23406m456p789s55s +1m", 0, E, S, NULL, NULL, 0, 0, 0,
     "7 54:1", 2, 30, 2000},
    {"red five ignored (wrc: no red fives)", "wrc", NULL, "23406m456p789s55s +1m", 0, E, S, NULL,
     NULL, 0, 0, 0, "7", 1, 30, 1000},
    {"no yaku", "rrc", NULL, "123m456p789s5s pon:777s +5s", 0, E, S, NULL, NULL, 0, 0,
     PAIFU_SCORE_NO_YAKU, "", 0, -1, 0},
    {"dora never make a win", "rrc", NULL, "123m456p789s5s pon:777s +5s", 0, E, S, "6s", NULL, 0,
     0, PAIFU_SCORE_NO_YAKU, "52:4", 4, -1, 0}, /* 7s: three in the pon, one in 789s */
    {"not complete", "rrc", NULL, "123m456p789s5s pon:777s +6s", 0, E, S, NULL, NULL, 0, 0,
     PAIFU_SCORE_NOT_COMPLETE, "", 0, -1, 0},
    /* ---- ryanhan shibari (EMA 004 §3.4.11) ---- */
    {"1 yaku han + 2 dora at 5 honba", "ema2012", NULL, "23456m456p789s55s +1m", 0, E, S, "4s",
     NULL, 5, 0, PAIFU_SCORE_BELOW_MINIMUM, "7 52:2", 3, 30, 0},
    {"1 yaku han + 2 dora at 4 honba", "ema2012", NULL, "23456m456p789s55s +1m", 0, E, S, "4s",
     NULL, 4, 0, 0, "7 52:2", 3, 30, 3900},
    /* ---- renhou ---- */
    {"renhou as mangan (rrc)", "rrc", NULL, "23456m456p789s55s +1m", PAIFU_SIT_RENHOU, E, S, NULL,
     NULL, 0, 0, 0, "36:5", 5, -1, 8000},
    {"renhou worth less than the hand", "rrc", NULL, "1122334567855m +9m", PAIFU_SIT_RENHOU, E, S,
     NULL, NULL, 0, 0, 0, "7 9 24 35", 10, -1, 16000},
    {"no renhou (tenhou)", "tenhou", NULL, "23456m456p789s55s +1m", PAIFU_SIT_RENHOU, E, S, NULL,
     NULL, 0, 0, 0, "7", 1, 30, 1000},
    {"renhou as yakuman", "rrc", "renhou=yakuman", "23456m456p789s55s +1m", PAIFU_SIT_RENHOU, E,
     S, NULL, NULL, 0, 0, 0, "36:13", 13, -1, 32000},
    /* a hand worth exactly mangan by itself (pinfu 1 + dora 4) is scored as renhou alone: the
       hand's own value is taken only when it is MORE than mangan (000 §4.2.3) */
    {"renhou at exactly mangan", "rrc", NULL, "23456m456p789s55s +1m", PAIFU_SIT_RENHOU, E, S,
     "4s4s", NULL, 0, 0, 0, "36:5", 5, -1, 8000},
    {"the same hand without renhou", "rrc", NULL, "23456m456p789s55s +1m", 0, E, S, "4s4s", NULL,
     0, 0, 0, "7 52:4", 5, -1, 8000},
    {"renhou needs a ron", "rrc", NULL, "23456m456p789s55s +1m", T | PAIFU_SIT_RENHOU, E, S, NULL,
     NULL, 0, 0, 0, "0 7", 2, 20, 1500},
    /* ---- yakuman ---- */
    {"daisuushi + suuankou tanki (rrc: 2 stack)", "rrc", NULL, "111222333444z5p +5p", 0, E, S,
     NULL, NULL, 0, 0, 0, "49:13 41:13", 26, -1, 64000},
    {"daisuushi + suuankou tanki (majsoul: doubles)", "majsoul", NULL, "111222333444z5p +5p", 0,
     E, S, NULL, NULL, 0, 0, 0, "49:26 41:26", 52, -1, 128000},
    {"daisuushi + suuankou tanki (ema2012: no stacking)", "ema2012", NULL, "111222333444z5p +5p",
     0, E, S, NULL, NULL, 0, 0, 0, "49:26 41:13", 26, -1, 64000},
    {"daisuushi + suuankou tanki (jhc2016: single)", "jhc2016", NULL, "111222333444z5p +5p", 0, E,
     S, NULL, NULL, 0, 0, 0, "49 41", 13, -1, 32000},
    {"daisuushi (open)", "ema2012", NULL, "111222333z5p pon:444z +5p", 0, E, S, NULL, NULL, 0, 0,
     0, "49:26", 26, -1, 64000},
    {"kokushi 13-sided (rrc)", "rrc", NULL, "19m19p19s1234567z +1m", 0, E, S, NULL, NULL, 0, 0, 0,
     "48:13", 13, -1, 32000},
    {"kokushi 13-sided (majsoul)", "majsoul", NULL, "19m19p19s1234567z +1m", 0, E, S, NULL, NULL,
     0, 0, 0, "48:26", 26, -1, 64000},
    {"kokushi single wait", "majsoul", NULL, "19m19p19s1234566z +7z", 0, E, S, NULL, NULL, 0, 0,
     0, "47:13", 13, -1, 32000},
    {"kokushi robs a closed kan (rrc)", "rrc", NULL, "19m19p19s1234567z +1m",
     PAIFU_SIT_CHANKAN_ANKAN, E, S, NULL, NULL, 0, 0, 0, "48", 13, -1, 32000},
    {"kokushi may not rob a closed kan (wrc)", "wrc", NULL, "19m19p19s1234567z +1m",
     PAIFU_SIT_CHANKAN_ANKAN, E, S, NULL, NULL, 0, 0, PAIFU_SCORE_CHANKAN_ANKAN, "48", 13, -1, 0},
    {"only kokushi robs a closed kan", "rrc", NULL, "23456m456p789s55s +1m",
     PAIFU_SIT_CHANKAN_ANKAN, E, S, NULL, NULL, 0, 0, PAIFU_SCORE_CHANKAN_ANKAN, "7", 1, 30, 0},
    {"daisangen", "rrc", NULL, "555666777z123m4p +4p", 0, E, S, NULL, NULL, 0, 0, 0, "39", 13,
     -1, 32000},
    {"shousuushi", "rrc", NULL, "111222333z4z123m +4z", 0, E, S, NULL, NULL, 0, 0, 0, "50", 13,
     -1, 32000},
    {"tsuuiisou by ron", "rrc", NULL, "11122233355z66z +6z", 0, E, S, NULL, NULL, 0, 0, 0, "42",
     13, -1, 32000},
    {"tsuuiisou + suuankou by tsumo", "rrc", NULL, "11122233355z66z +6z", T, E, S, NULL, NULL, 0,
     0, 0, "40 42", 26, -1, 64000}, /* 16000 + 16000 + 32000 */
    {"ryuuiisou", "rrc", NULL, "22334466688s66z +6z", 0, E, S, NULL, NULL, 0, 0, 0, "43", 13, -1,
     32000},
    {"chinroutou", "rrc", NULL, "111999m999p1s pon:111p +1s", 0, E, S, NULL, NULL, 0, 0, 0, "44",
     13, -1, 32000},
    {"junsei chuuren (rrc single)", "rrc", NULL, "1112345678999p +5p", 0, E, S, NULL, NULL, 0, 0,
     0, "46:13", 13, -1, 32000},
    {"junsei chuuren (majsoul double)", "majsoul", NULL, "1112345678999p +5p", 0, E, S, NULL,
     NULL, 0, 0, 0, "46:26", 26, -1, 64000},
    {"chuuren", "rrc", NULL, "1112345679999p +8p", 0, E, S, NULL, NULL, 0, 0, 0, "45", 13, -1,
     32000},
    {"suukantsu", "rrc", NULL,
     "1z ankan:2222m daiminkan:3333p shouminkan:4444s ankan:5555z +1z", 0, E, S, NULL, NULL, 0,
     0, 0, "51", 13, -1, 32000},
    {"tenhou (dealer)", "rrc", NULL, "23456m456p789s55s +1m", T | PAIFU_SIT_TENHOU, E, E, NULL,
     NULL, 0, 0, 0, "37", 13, -1, 48000},
    {"chiihou", "rrc", NULL, "23456m456p789s55s +1m", T | PAIFU_SIT_CHIIHOU, E, S, NULL, NULL, 0,
     0, 0, "38", 13, -1, 32000},
    /* tenhou is the dealer's, chiihou a non-dealer's (yaku.md 2; 000 §4.1): the other's flag
       adds nothing (pinfu tsumo 2/20: 400/700, dealer 700 each) */
    {"tenhou flag for a non-dealer", "rrc", NULL, "23456m456p789s55s +1m", T | PAIFU_SIT_TENHOU, E,
     S, NULL, NULL, 0, 0, 0, "0 7", 2, 20, 1500},
    {"chiihou flag for the dealer", "rrc", NULL, "23456m456p789s55s +1m", T | PAIFU_SIT_CHIIHOU, E,
     E, NULL, NULL, 0, 0, 0, "0 7", 2, 20, 2100},
    {"tenhou needs a tsumo", "rrc", NULL, "23456m456p789s55s +1m", PAIFU_SIT_TENHOU, E, E, NULL,
     NULL, 0, 0, 0, "7", 1, 30, 1500},
    /* ---- value pairs: 2 fu for a pair of the seat wind, the round wind or a dragon (000 §3.7.2,
       yaku.md 5); riichi ron 20 + 10 closed ron + 2 = 32 -> 40 fu: 1300, 30 fu without ---- */
    {"seat wind pair 2 fu", "rrc", NULL, "23456m456p789s22z +1m", R, E, S, NULL, NULL, 0, 0, 0,
     "1 53:0", 1, 40, 1300},
    {"round wind pair 2 fu", "rrc", NULL, "23456m456p789s22z +1m", R, S, W, NULL, NULL, 0, 0, 0,
     "1 53:0", 1, 40, 1300},
    {"dragon pair 2 fu", "rrc", NULL, "23456m456p789s66z +1m", R, E, S, NULL, NULL, 0, 0, 0,
     "1 53:0",
     1, 40, 1300},
    {"guest wind pair: no fu, pinfu", "rrc", NULL, "23456m456p789s33z +1m", R, E, S, NULL, NULL, 0,
     0, 0, "1 7 53:0", 2, 30, 2000},
    {"seat and round wind pair 4 fu (rrc): 34 -> 40", "rrc", NULL, "23456m456p789s22z +1m", R, S,
     S, NULL, NULL, 0, 0, 0, "1 53:0", 1, 40, 1300},
    /* ---- three players ---- */
    {"sanma tsumo loss, non-dealer", "tenhou", "players=3", "23456m456p789s55s +1m", T, E, S,
     NULL, NULL, 0, 0, 0, "0 7", 2, 20, 1100}, /* 400 + 700: no north share */
    {"sanma tsumo loss, dealer", "tenhou", "players=3", "23456m456p789s55s +1m", T, E, E, NULL,
     NULL, 0, 0, 0, "0 7", 2, 20, 1400},
    {"kita", "tenhou", "kita=true", "23456m456p789s55s +1m", 0, E, S, NULL, NULL, 0, 2, 0,
     "7 55:2", 3, 30, 3900},
    {"kita Norths are also dora", "tenhou", "kita=true", "23456m456p789s55s +1m", 0, E, S, "3z",
     NULL, 0, 2, 0, "7 52:2 55:2", 5, 30, 8000},
};

static int parse_case(const score_case *c, paifu_hand *h, paifu_situation *sit,
                      paifu_rules **rules)
{
    paifu_error err;
    paifu_error_clear(&err);
    paifu_situation_init(sit);
    if (paifu_rules_preset(rules, c->preset, &err) < 0 ||
        (c->rule && paifu_rules_set_assignment(*rules, c->rule, &err) < 0) ||
        (c->rule && strncmp(c->rule, "players=3", 9) == 0 &&
         paifu_rules_set(*rules, "sanma_tsumo_loss", "true", &err) < 0) ||
        paifu_hand_parse(h, &sit->win_tile, c->hand, &err) < 0) {
        print_error("%s: %s\n", c->name, err.text);
        return -1;
    }
    h->kita = (uint8_t)c->kita;
    sit->flags = c->flags;
    sit->round_wind = (uint8_t)c->round;
    sit->seat_wind = (uint8_t)c->seat;
    sit->honba = (int16_t)c->honba;
    size_t n = 0;
    if (c->dora && paifu_tile_parse(sit->dora, PAIFU_MAX_INDICATORS, &n, c->dora, NULL) < 0)
        return -1;
    sit->n_dora = (uint8_t)n;
    n = 0;
    if (c->ura && paifu_tile_parse(sit->ura, PAIFU_MAX_INDICATORS, &n, c->ura, NULL) < 0)
        return -1;
    sit->n_ura = (uint8_t)n;
    return 0;
}

static void check_yaku_list(const paifu_score *sc, const char *want)
{
    char got[160] = "";
    size_t used = 0;
    for (unsigned i = 0; i < sc->n_yaku; i++)
        used += (size_t)snprintf(got + used, sizeof(got) - used, "%s%u:%d", i ? " " : "",
                                 sc->yaku[i].id, sc->yaku[i].han);
    unsigned i = 0;
    const char *p = want;
    while (*p) {
        char *end;
        long id = strtol(p, &end, 10);
        long han = -1;
        if (*end == ':')
            han = strtol(end + 1, &end, 10);
        if (i >= sc->n_yaku || sc->yaku[i].id != id || (han >= 0 && sc->yaku[i].han != han))
            fail_msg("yaku: expected \"%s\", computed \"%s\"", want, got);
        i++;
        p = end;
        while (*p == ' ')
            p++;
    }
    if (i != sc->n_yaku)
        fail_msg("yaku: expected \"%s\", computed \"%s\"", want, got);
}

static void run_case(void **state)
{
    const score_case *c = *state;
    paifu_hand h;
    paifu_situation sit;
    paifu_rules *rules = NULL;
    paifu_score sc;
    paifu_error err;
    paifu_error_clear(&err);
    assert_int_equal(parse_case(c, &h, &sit, &rules), 0);
    int rc = paifu_score_hand(&sc, &h, &sit, rules, &err);
    paifu_rules_free(rules);
    if (rc < 0)
        fail_msg("%s", err.text);
    assert_int_equal(sc.status, c->status);
    check_yaku_list(&sc, c->yaku);
    assert_int_equal(sc.han, c->han);
    if (c->fu >= 0)
        assert_int_equal(sc.fu, c->fu);
    if (c->total >= 0)
        assert_int_equal(sc.total, c->total);
}

/* ---- API behaviour outside the table ---- */

static void winning_tile_may_be_in_the_hand(void **state)
{
    (void)state;
    paifu_rules *r;
    paifu_hand h13, h14;
    paifu_situation sit;
    paifu_score a, b;
    paifu_situation_init(&sit);
    assert_int_equal(paifu_rules_preset(&r, "rrc", NULL), 0);
    assert_int_equal(paifu_hand_parse(&h13, &sit.win_tile, "23456m456p789s55s +1m", NULL), 0);
    assert_int_equal(paifu_hand_parse(&h14, NULL, "123456m456p789s55s", NULL), 0);
    sit.flags = PAIFU_SIT_TSUMO;
    assert_int_equal(paifu_score_hand(&a, &h13, &sit, r, NULL), 0);
    assert_int_equal(paifu_score_hand(&b, &h14, &sit, r, NULL), 0);
    assert_int_equal(a.total, b.total);
    assert_int_equal(a.han, b.han);
    /* a 14-tile hand without the winning tile, and a fifth copy, are input errors */
    paifu_error err;
    paifu_error_clear(&err);
    sit.win_tile = paifu_tile_make(30, false);
    assert_int_equal(paifu_score_hand(&a, &h14, &sit, r, &err), PAIFU_EFORMAT);
    assert_non_null(strstr(err.text, "not among"));
    assert_int_equal(paifu_hand_parse(&h13, &sit.win_tile, "1111m456p789s55s2m +1m", &err),
                     PAIFU_EFORMAT);
    paifu_rules_free(r);
}

static void interpretations_best_first(void **state)
{
    (void)state;
    paifu_rules *r;
    paifu_hand h;
    paifu_situation sit;
    paifu_score all[8];
    size_t n;
    paifu_situation_init(&sit);
    sit.flags = PAIFU_SIT_TSUMO;
    assert_int_equal(paifu_rules_preset(&r, "rrc", NULL), 0);
    /* RRC 000 §3.7.6: sanankou 3/40 (5200) beats pinfu + iipeikou 3/20 (2700) */
    assert_int_equal(paifu_hand_parse(&h, &sit.win_tile, "777888999p23m99m +4m", NULL), 0);
    assert_int_equal(paifu_score_interpretations(all, 8, &n, &h, &sit, r, NULL), 0);
    assert_int_equal(n, 2);
    assert_int_equal(all[0].total, 5200);
    assert_int_equal(all[1].total, 2700);
    paifu_rules_free(r);
}

static void tenpai_for_draw(void **state)
{
    (void)state;
    paifu_rules *r;
    paifu_hand h;
    assert_int_equal(paifu_rules_preset(&r, "rrc", NULL), 0);
    /* tenpai without a yaku counts (keishiki tenpai) ... */
    assert_int_equal(paifu_hand_parse(&h, NULL, "123m456p789s5s pon:777s", NULL), 0);
    assert_true(paifu_hand_tenpai_for_draw(&h, r, NULL));
    /* ... unless the rules say otherwise */
    assert_int_equal(paifu_rules_set(r, "keishiki_tenpai", "false", NULL), 0);
    assert_false(paifu_hand_tenpai_for_draw(&h, r, NULL));
    /* a closed hand can always win by menzen tsumo */
    assert_int_equal(paifu_hand_parse(&h, NULL, "123m456p789s5s111z", NULL), 0);
    assert_true(paifu_hand_tenpai_for_draw(&h, r, NULL));
    assert_int_equal(paifu_rules_set(r, "keishiki_tenpai", "true", NULL), 0);
    /* 000 §3.8: the only wait is a tile whose four copies the player holds (pon + 1 in hand) */
    assert_int_equal(paifu_hand_parse(&h, NULL, "123m456p789s5s pon:555s", NULL), 0);
    assert_false(paifu_hand_tenpai_for_draw(&h, r, NULL));
    assert_int_equal(paifu_hand_parse(&h, NULL, "1111m456p789s555s", NULL), 0);
    assert_false(paifu_hand_tenpai_for_draw(&h, r, NULL)); /* 1m tanki on the fifth 1m */
    paifu_rules_free(r);
}

static void yakuman_per_liable_set(void **state)
{
    (void)state;
    paifu_rules *r;
    paifu_hand h;
    paifu_situation sit;
    paifu_score sc;
    paifu_situation_init(&sit);
    /* daisangen + tsuuiisou (tenhou-xml.md §4.12: pao covers only the daisangen) */
    assert_int_equal(paifu_rules_preset(&r, "rrc", NULL), 0);
    assert_int_equal(paifu_hand_parse(&h, &sit.win_tile, "555666z11z22z pon:777z +2z", NULL), 0);
    assert_int_equal(paifu_score_hand(&sc, &h, &sit, r, NULL), 0);
    assert_int_equal(sc.yakuman, 2);
    assert_int_equal(paifu_score_yakuman_of(&sc, PAIFU_YAKU_DAISANGEN), 1);
    assert_int_equal(paifu_score_yakuman_of(&sc, PAIFU_YAKU_TSUUIISOU), 1);
    assert_int_equal(paifu_score_yakuman_of(&sc, PAIFU_YAKU_DAISUUSHI), 0);
    paifu_rules_free(r);
    /* a double daisuushi counts 2 */
    assert_int_equal(paifu_rules_preset(&r, "ema2012", NULL), 0);
    assert_int_equal(paifu_hand_parse(&h, &sit.win_tile, "111222333z5p pon:444z +5p", NULL), 0);
    assert_int_equal(paifu_score_hand(&sc, &h, &sit, r, NULL), 0);
    assert_int_equal(paifu_score_yakuman_of(&sc, PAIFU_YAKU_DAISUUSHI), 2);
    paifu_rules_free(r);
}

static void points_tables(void **state)
{
    (void)state;
    paifu_rules *r;
    paifu_limit limit;
    assert_int_equal(paifu_rules_preset(&r, "rrc", NULL), 0);
    /* 000 §3.7.8 limits */
    assert_int_equal(paifu_points_base(5, 30, r, &limit), 2000);
    assert_int_equal(limit, PAIFU_LIMIT_MANGAN);
    assert_int_equal(paifu_points_base(7, 30, r, &limit), 3000);
    assert_int_equal(paifu_points_base(10, 30, r, &limit), 4000);
    assert_int_equal(paifu_points_base(12, 30, r, &limit), 6000);
    assert_int_equal(paifu_points_base(13, 30, r, &limit), 8000);
    assert_int_equal(limit, PAIFU_LIMIT_YAKUMAN);
    assert_int_equal(paifu_points_base(3, 60, r, &limit), 1920);
    assert_int_equal(limit, PAIFU_LIMIT_NONE);
    assert_int_equal(paifu_rules_set(r, "kiriage", "true", NULL), 0);
    assert_int_equal(paifu_points_base(3, 60, r, &limit), 2000);
    assert_int_equal(limit, PAIFU_LIMIT_MANGAN);
    paifu_payment p;
    paifu_points_payment(&p, 8000 * 2, false); /* a double yakuman */
    assert_int_equal(p.ron, 64000);
    assert_int_equal(p.tsumo_dealer, 32000);
    assert_int_equal(p.tsumo_nondealer, 16000);
    paifu_rules_free(r);
}

int main(void)
{
    enum { N_CASES = sizeof(CASES) / sizeof(CASES[0]) };
    struct CMUnitTest tests[N_CASES + 5];
    for (size_t i = 0; i < N_CASES; i++)
        tests[i] = (struct CMUnitTest){CASES[i].name, run_case, NULL, NULL, (void *)&CASES[i]};
    tests[N_CASES] = (struct CMUnitTest)cmocka_unit_test(winning_tile_may_be_in_the_hand);
    tests[N_CASES + 1] = (struct CMUnitTest)cmocka_unit_test(interpretations_best_first);
    tests[N_CASES + 2] = (struct CMUnitTest)cmocka_unit_test(tenpai_for_draw);
    tests[N_CASES + 3] = (struct CMUnitTest)cmocka_unit_test(points_tables);
    tests[N_CASES + 4] = (struct CMUnitTest)cmocka_unit_test(yakuman_per_liable_set);
    return _cmocka_run_group_tests("score", tests, N_CASES + 5, NULL, NULL);
}
