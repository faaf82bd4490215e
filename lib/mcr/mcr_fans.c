/*
 * mcr_fans.c: the 81 MCR fans (and the one practice-only fan) as data.
 *
 * Ids, points, names, repeatability and exclusions are those of shared/rules/mcr-fans.json (the
 * single source for mcr.md section 6); the Chinese names are the ones Chinese logs print
 * (Botzone's judge). `excludes` lists the fans not scored together with the row's fan;
 * `own_sets` marks the exclusions that hold only for the sets forming the fan (mcr.md section
 * 11.3 step 5), which mcr_score.c applies while it forms the fans instead of afterwards.
 * The snake_case names are the English names lowercased with '_' for every other character.
 */
#include "error_internal.h"
#include "mcr_internal.h"

#include <string.h>

static const paifu_mcr__fan_entry FANS[PAIFU_MCR_FAN_MAX] = {
    {{1, 88, false, "big_four_winds", "Big Four Winds", "大四喜"}, {38, 49, 60, 61, 73}, {0}},
    {{2, 88, false, "big_three_dragons", "Big Three Dragons", "大三元"}, {54, 59}, {0}},
    {{3, 88, false, "all_green", "All Green", "绿一色"}, {50}, {0}},
    {{4, 88, false, "nine_gates", "Nine Gates", "九莲宝灯"}, {22, 62, 73, 76}, {0}},
    {{5, 88, false, "four_kongs", "Four Kongs", "四杠"}, {17, 49, 57, 74, 79}, {0}},
    {{6, 88, false, "seven_shifted_pairs", "Seven Shifted Pairs", "连七对"},
     {19, 22, 62, 76, 79},
     {0}},
    {{7, 88, false, "thirteen_orphans", "Thirteen Orphans", "十三幺"}, {18, 52, 62, 79}, {0}},
    {{8, 64, false, "all_terminals", "All Terminals", "清幺九"}, {18, 49, 55, 65, 73, 76}, {0}},
    {{9, 64, false, "little_four_winds", "Little Four Winds", "小四喜"}, {38, 73}, {0}},
    {{10, 64, false, "little_three_dragons", "Little Three Dragons", "小三元"}, {54, 59}, {0}},
    {{11, 64, false, "all_honors", "All Honors", "字一色"}, {18, 49, 55, 73}, {0}},
    {{12, 64, false, "four_concealed_pungs", "Four Concealed Pungs", "四暗刻"},
     {33, 49, 62, 66},
     {0}},
    {{13, 64, false, "pure_terminal_chows", "Pure Terminal Chows", "一色双龙会"},
     {19, 22, 63, 69, 72, 76},
     {0}},
    {{14, 48, false, "quadruple_chow", "Quadruple Chow", "一色四同顺"}, {19, 23, 24, 64, 69}, {0}},
    {{15, 48, false, "four_pure_shifted_pungs", "Four Pure Shifted Pungs", "一色四节高"},
     {23, 24, 49},
     {0}},
    {{16, 32, false, "four_pure_shifted_chows", "Four Pure Shifted Chows", "一色四步高"},
     {30, 71, 72},
     {0}},
    {{17, 32, false, "three_kongs", "Three Kongs", "三杠"}, {48, 57, 67, 74}, {0}},
    {{18, 32, false, "all_terminals_and_honors", "All Terminals and Honors", "混幺九"},
     {49, 55, 73},
     {0}},
    {{19, 24, false, "seven_pairs", "Seven Pairs", "七对"}, {62, 79}, {0}},
    {{20, 24, false, "greater_honors_and_knitted_tiles", "Greater Honors and Knitted Tiles",
      "七星不靠"},
     {34, 52, 62},
     {0}},
    {{21, 24, false, "all_even_pungs", "All Even Pungs", "全双刻"}, {49, 68, 76}, {0}},
    {{22, 24, false, "full_flush", "Full Flush", "清一色"}, {76}, {0}},
    {{23, 24, false, "pure_triple_chow", "Pure Triple Chow", "一色三同顺"}, {24, 69}, {69}},
    {{24, 24, false, "pure_shifted_pungs", "Pure Shifted Pungs", "一色三节高"}, {23}, {0}},
    {{25, 24, false, "upper_tiles", "Upper Tiles", "全大"}, {36, 76}, {0}},
    {{26, 24, false, "middle_tiles", "Middle Tiles", "全中"}, {68, 76}, {0}},
    {{27, 24, false, "lower_tiles", "Lower Tiles", "全小"}, {37, 76}, {0}},
    {{28, 16, false, "pure_straight", "Pure Straight", "清龙"}, {71, 72}, {71, 72}},
    {{29, 16, false, "three_suited_terminal_chows", "Three-Suited Terminal Chows", "三色双龙会"},
     {63, 69, 70, 72, 76},
     {0}},
    {{30, 16, false, "pure_shifted_chows", "Pure Shifted Chows", "一色三步高"}, {0}, {0}},
    {{31, 16, false, "all_fives", "All Fives", "全带五"}, {68, 76}, {0}},
    {{32, 16, false, "triple_pung", "Triple Pung", "三同刻"}, {65}, {0}},
    {{33, 16, false, "three_concealed_pungs", "Three Concealed Pungs", "三暗刻"}, {66}, {0}},
    {{34, 12, false, "lesser_honors_and_knitted_tiles", "Lesser Honors and Knitted Tiles",
      "全不靠"},
     {52, 62},
     {0}},
    {{35, 12, false, "knitted_straight", "Knitted Straight", "组合龙"}, {62}, {0}},
    {{36, 12, false, "upper_four", "Upper Four", "大于五"}, {76}, {0}},
    {{37, 12, false, "lower_four", "Lower Four", "小于五"}, {76}, {0}},
    {{38, 12, false, "big_three_winds", "Big Three Winds", "三风刻"}, {73}, {73}},
    {{39, 8, false, "mixed_straight", "Mixed Straight", "花龙"}, {0}, {0}},
    {{40, 8, false, "reversible_tiles", "Reversible Tiles", "推不倒"}, {75}, {0}},
    {{41, 8, false, "mixed_triple_chow", "Mixed Triple Chow", "三色三同顺"}, {70}, {70}},
    {{42, 8, false, "mixed_shifted_pungs", "Mixed Shifted Pungs", "三色三节高"}, {0}, {0}},
    {{43, 8, false, "chicken_hand", "Chicken Hand", "无番和"}, {0}, {0}},
    {{44, 8, false, "last_tile_draw", "Last Tile Draw", "妙手回春"}, {80}, {0}},
    {{45, 8, false, "last_tile_claim", "Last Tile Claim", "海底捞月"}, {0}, {0}},
    {{46, 8, false, "out_with_replacement_tile", "Out with Replacement Tile", "杠上开花"},
     {80},
     {0}},
    {{47, 8, false, "robbing_the_kong", "Robbing the Kong", "抢杠和"}, {56, 58, 79}, {0}},
    {{48, 8, false, "two_concealed_kongs", "Two Concealed Kongs", "双暗杠"}, {66, 67}, {0}},
    {{49, 6, false, "all_pungs", "All Pungs", "碰碰和"}, {0}, {0}},
    {{50, 6, false, "half_flush", "Half Flush", "混一色"}, {0}, {0}},
    {{51, 6, false, "mixed_shifted_chows", "Mixed Shifted Chows", "三色三步高"}, {0}, {0}},
    {{52, 6, false, "all_types", "All Types", "五门齐"}, {0}, {0}},
    {{53, 6, false, "melded_hand", "Melded Hand", "全求人"}, {79}, {0}},
    {{54, 6, false, "two_dragon_pungs", "Two Dragon Pungs", "双箭刻"}, {59}, {0}},
    {{55, 4, false, "outside_hand", "Outside Hand", "全带幺"}, {0}, {0}},
    {{56, 4, false, "fully_concealed_hand", "Fully Concealed Hand", "不求人"}, {62, 80}, {0}},
    {{57, 4, false, "two_melded_kongs", "Two Melded Kongs", "双明杠"}, {74}, {0}},
    {{58, 4, false, "last_tile", "Last Tile", "和绝张"}, {0}, {0}},
    {{59, 2, true, "dragon_pung", "Dragon Pung", "箭刻"}, {73}, {73}},
    {{60, 2, false, "prevalent_wind", "Prevalent Wind", "圈风刻"}, {73}, {73}},
    {{61, 2, false, "seat_wind", "Seat Wind", "门风刻"}, {73}, {73}},
    {{62, 2, false, "concealed_hand", "Concealed Hand", "门前清"}, {0}, {0}},
    {{63, 2, false, "all_chows", "All Chows", "平和"}, {76}, {0}},
    {{64, 2, true, "tile_hog", "Tile Hog", "四归一"}, {0}, {0}},
    {{65, 2, true, "double_pung", "Double Pung", "双同刻"}, {0}, {0}},
    {{66, 2, false, "two_concealed_pungs", "Two Concealed Pungs", "双暗刻"}, {0}, {0}},
    {{67, 2, false, "concealed_kong", "Concealed Kong", "暗杠"}, {0}, {0}},
    {{68, 2, false, "all_simples", "All Simples", "断幺"}, {76}, {0}},
    {{69, 1, true, "pure_double_chow", "Pure Double Chow", "一般高"}, {0}, {0}},
    {{70, 1, true, "mixed_double_chow", "Mixed Double Chow", "喜相逢"}, {0}, {0}},
    {{71, 1, true, "short_straight", "Short Straight", "连六"}, {0}, {0}},
    {{72, 1, true, "two_terminal_chows", "Two Terminal Chows", "老少副"}, {0}, {0}},
    {{73, 1, true, "pung_of_terminals_or_honors", "Pung of Terminals or Honors", "幺九刻"},
     {0},
     {0}},
    {{74, 1, false, "melded_kong", "Melded Kong", "明杠"}, {0}, {0}},
    {{75, 1, false, "one_voided_suit", "One Voided Suit", "缺一门"}, {0}, {0}},
    {{76, 1, false, "no_honors", "No Honors", "无字"}, {0}, {0}},
    {{77, 1, false, "edge_wait", "Edge Wait", "边张"}, {0}, {0}},
    {{78, 1, false, "closed_wait", "Closed Wait", "嵌张"}, {0}, {0}},
    {{79, 1, false, "single_wait", "Single Wait", "单钓将"}, {0}, {0}},
    {{80, 1, false, "self_drawn", "Self-Drawn", "自摸"}, {0}, {0}},
    {{81, 1, true, "flower_tiles", "Flower Tiles", "花牌"}, {0}, {0}},
    /* Not one of the 81: Chinese/MIL practice scores one melded plus one concealed kong as a
       single fan of 5 (mcr.md section 7, #57 variance). */
    {{82, 5, false, "concealed_kong_and_melded_kong", "Concealed Kong and Melded Kong", "明暗杠"},
     {57, 67, 74},
     {0}},
};

_Static_assert(sizeof(FANS) / sizeof(FANS[0]) == PAIFU_MCR_FAN_MAX, "one row per fan id");

const paifu_mcr__fan_entry *paifu_mcr__fan_row(unsigned id)
{
    return id >= 1 && id <= PAIFU_MCR_FAN_MAX ? &FANS[id - 1] : NULL;
}

const paifu_mcr_fan_info *paifu_mcr_fan(unsigned id)
{
    const paifu_mcr__fan_entry *row = paifu_mcr__fan_row(id);
    return row ? &row->info : NULL;
}

const char *paifu_mcr_fan_name(unsigned id)
{
    const paifu_mcr__fan_entry *row = paifu_mcr__fan_row(id);
    return row ? row->info.name : NULL;
}

int paifu_mcr_fan_points(const paifu_rules *rules, unsigned id)
{
    const paifu_mcr__fan_entry *row = paifu_mcr__fan_row(id);
    if (!row)
        return -1;
    if (rules && id == 48) /* mcr.md §13 item 3: 8 (Green Book) or 6 (Chinese 1998) */
        return (int)rules->mcr_two_concealed_kongs;
    return row->info.points;
}

/* Compare A with B ignoring case, treating '-', '_' and ' ' alike. */
static bool same_name(const char *a, const char *b)
{
    for (;; a++, b++) {
        char x = *a, y = *b;
        if (x == '-' || x == ' ')
            x = '_';
        if (y == '-' || y == ' ')
            y = '_';
        if (x >= 'A' && x <= 'Z')
            x = (char)(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z')
            y = (char)(y - 'A' + 'a');
        if (x != y)
            return false;
        if (!x)
            return true;
    }
}

int paifu_mcr_fan_from_name(const char *name)
{
    if (!name)
        return -1;
    if (strncmp(name, "mcr:", 4) == 0)
        name += 4;
    for (unsigned i = 0; i < PAIFU_MCR_FAN_MAX; i++) {
        const paifu_mcr_fan_info *f = &FANS[i].info;
        if (same_name(name, f->name) || same_name(name, f->english) ||
            strcmp(name, f->chinese) == 0)
            return f->id;
    }
    return -1;
}
