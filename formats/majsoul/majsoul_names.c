/*
 * majsoul_names.c: MahjongSoul's own tables, as its client ships them: the fan table (ids and
 * the Japanese and English names its client shows) and the room names of its match modes.
 *
 * Source: the client's configuration tables (cfg.fan.fan and cfg.desktop.matchmode) as tensoul
 * ships them in data.json (github.com/Equim-chan/tensoul, data.json at commit
 * 62701d1220a12128394dac60d3c516e872bb707a: fan `name_jp`, `name_en`, `yiman`; matchmode
 * `room_name_jp`, `room_name_en`, `room`, `mode`, `open_guyi` and the event switches), and
 * tensoul's convert.js (commit 03b222840ceae9c6741f99f0a1c47bcc1900c56a), which writes a yaku
 * as cfg.fan.fan.map_[id].name_jp (or name_en) + "(" + han + "飜)" or "(役満)", and rule.disp as
 * ["3"] + room_name_jp (or _en) + [東喰|南喰 (modes 1 and 2 only)] + [赤], friendly rooms as
 * 友人戦/Friendly and contests as 大会戦/Tournament ("Tounament" in its romaji column).
 * Fan ids are those of shared/formats/majsoul-json.md §6 (the MahjongSoul reader's).
 */
#include "majsoul_names.h"

#include <paifu/yaku.h>
#include <string.h>

static const ms_fan FANS[] = {
    {1, PAIFU_YAKU_MENZEN_TSUMO, 0, "門前清自摸和", "Fully Concealed Hand"},
    {2, PAIFU_YAKU_RIICHI, 0, "立直", "Riichi"},
    {3, PAIFU_YAKU_CHANKAN, 0, "槍槓", "Robbing a Kan"},
    {4, PAIFU_YAKU_RINSHAN_KAIHOU, 0, "嶺上開花", "After a Kan"},
    {5, PAIFU_YAKU_HAITEI, 0, "海底摸月", "Under the Sea"},
    {6, PAIFU_YAKU_HOUTEI, 0, "河底撈魚", "Under the River"},
    {7, PAIFU_YAKU_HAKU, 0, "役牌 白", "White Dragon"},
    {8, PAIFU_YAKU_HATSU, 0, "役牌 發", "Green Dragon"},
    {9, PAIFU_YAKU_CHUN, 0, "役牌 中", "Red Dragon"},
    {10, MS_SEAT_WIND, 0, "役牌:自風牌", "Seat Wind"},
    {11, MS_ROUND_WIND, 0, "役牌:場風牌", "Prevalent Wind"},
    {12, PAIFU_YAKU_TANYAO, 0, "断幺九", "All Simples"},
    {13, PAIFU_YAKU_IIPEIKOU, 0, "一盃口", "Pure Double Sequence"},
    {14, PAIFU_YAKU_PINFU, 0, "平和", "Pinfu"},
    {15, PAIFU_YAKU_CHANTA, 0, "混全帯幺九", "Half Outside Hand"},
    {16, PAIFU_YAKU_ITTSU, 0, "一気通貫", "Pure Straight"},
    {17, PAIFU_YAKU_SANSHOKU_DOUJUN, 0, "三色同順", "Mixed Triple Sequence"},
    {18, PAIFU_YAKU_DOUBLE_RIICHI, 0, "ダブル立直", "Double Riichi"},
    {19, PAIFU_YAKU_SANSHOKU_DOUKOU, 0, "三色同刻", "Triple Triplets"},
    {20, PAIFU_YAKU_SANKANTSU, 0, "三槓子", "Three Quads"},
    {21, PAIFU_YAKU_TOITOI, 0, "対々和", "All Triplets"},
    {22, PAIFU_YAKU_SANANKOU, 0, "三暗刻", "Three Concealed Triplets"},
    {23, PAIFU_YAKU_SHOUSANGEN, 0, "小三元", "Little Three Dragons"},
    {24, PAIFU_YAKU_HONROUTOU, 0, "混老頭", "All Terminals and Honors"},
    {25, PAIFU_YAKU_CHIITOITSU, 0, "七対子", "Seven Pairs"},
    {26, PAIFU_YAKU_JUNCHAN, 0, "純全帯幺九", "Fully Outside Hand"},
    {27, PAIFU_YAKU_HONITSU, 0, "混一色", "Half Flush"},
    {28, PAIFU_YAKU_RYANPEIKOU, 0, "二盃口", "Twice Pure Double Sequence"},
    {29, PAIFU_YAKU_CHINITSU, 0, "清一色", "Full Flush"},
    {30, PAIFU_YAKU_IPPATSU, 0, "一発", "Ippatsu"},
    {31, PAIFU_YAKU_DORA, 0, "ドラ", "Dora"},
    {32, PAIFU_YAKU_AKA_DORA, 0, "赤ドラ", "Red Five"},
    {33, PAIFU_YAKU_URA_DORA, 0, "裏ドラ", "Ura Dora"},
    {34, PAIFU_YAKU_KITA, 0, "抜きドラ", "Kita"},
    {35, PAIFU_YAKU_TENHOU, 1, "天和", "Blessing of Heaven"},
    {36, PAIFU_YAKU_CHIIHOU, 1, "地和", "Blessing of Earth"},
    {37, PAIFU_YAKU_DAISANGEN, 1, "大三元", "Big Three Dragons"},
    {38, PAIFU_YAKU_SUUANKOU, 1, "四暗刻", "Four Concealed Triplets"},
    {39, PAIFU_YAKU_TSUUIISOU, 1, "字一色", "All Honors"},
    {40, PAIFU_YAKU_RYUUIISOU, 1, "緑一色", "All Green"},
    {41, PAIFU_YAKU_CHINROUTOU, 1, "清老頭", "All Terminals"},
    {42, PAIFU_YAKU_KOKUSHI_MUSOU, 1, "国士無双", "Thirteen Orphans"},
    {43, PAIFU_YAKU_SHOUSUUSHI, 1, "小四喜", "Four Little Winds"},
    {44, PAIFU_YAKU_SUUKANTSU, 1, "四槓子", "Four Quads"},
    {45, PAIFU_YAKU_CHUUREN_POUTOU, 1, "九蓮宝燈", "Nine Gates"},
    {46, MS_NO_YAKU, 1, "八連荘", "Eight-time East Staying"},
    {47, PAIFU_YAKU_JUNSEI_CHUUREN_POUTOU, 2, "純正九蓮宝燈", "True Nine Gates"},
    {48, PAIFU_YAKU_SUUANKOU_TANKI, 2, "四暗刻単騎", "Single-wait Four Concealed Triplets"},
    {49, PAIFU_YAKU_KOKUSHI_MUSOU_13, 2, "国士無双十三面待ち",
     "Thirteen-wait Thirteen Orphans"},
    {50, PAIFU_YAKU_DAISUUSHI, 2, "大四喜", "Four Big Winds"},
    /* local yaku (is_guyi 1: the Melee room and friendly rooms that switch them on) */
    {51, MS_NO_YAKU, 0, "燕返し", "Tsubame-gaeshi"},
    {52, MS_NO_YAKU, 0, "槓振り", "Kanburi"},
    {53, MS_NO_YAKU, 0, "十二落抬", "Shiiaruraotai"},
    {54, MS_NO_YAKU, 0, "五門斉", "Uumensai"},
    {55, MS_NO_YAKU, 0, "三連刻", "Three Chained Triplets"},
    {56, MS_NO_YAKU, 0, "一色三順", "Pure Triple Chow"},
    {57, MS_NO_YAKU, 0, "一筒摸月", "Iipinmoyue"},
    {58, MS_NO_YAKU, 0, "九筒撈魚", "Chuupinraoyui"},
    {59, PAIFU_YAKU_RENHOU, 1, "人和", "Hand of Man"}, /* as a yakuman (enable_renhe) */
    {60, MS_NO_YAKU, 1, "大車輪", "Big Wheels"},
    {61, MS_NO_YAKU, 1, "大竹林", "Bamboo Forest"},
    {62, MS_NO_YAKU, 1, "大数隣", "Numerous Neighbours"},
    {63, MS_NO_YAKU, 1, "石の上にも三年", "Ishinouenimosannen"},
    {64, MS_NO_YAKU, 2, "大七星", "Big Seven Stars"},
    /* renhou as a mangan (spec §6); not in that data.json: its name is the yakuman's */
    {65, PAIFU_YAKU_RENHOU, 0, NULL, NULL},
};

const ms_fan *paifu_majsoul__fan(long long id)
{
    for (size_t i = 0; i < sizeof(FANS) / sizeof(FANS[0]); i++)
        if (FANS[i].fan == id)
            return &FANS[i];
    return NULL;
}

/* The length of a character of S to leave out of a comparison (a space, U+3000, or the
   full-width colon U+FF1A written for ':'), else 0. */
static size_t ignored(const char *s, size_t left)
{
    const unsigned char *u = (const unsigned char *)s;
    if (left >= 1 && u[0] == ' ')
        return 1;
    if (left >= 3 && u[0] == 0xE3 && u[1] == 0x80 && u[2] == 0x80)
        return 3;
    return 0;
}

static bool is_colon(const char *s, size_t left, size_t *n)
{
    const unsigned char *u = (const unsigned char *)s;
    if (left >= 1 && u[0] == ':')
        return (*n = 1), true;
    if (left >= 3 && u[0] == 0xEF && u[1] == 0xBC && u[2] == 0x9A)
        return (*n = 3), true;
    return false;
}

/* NAME (LEN bytes) and the table's T spell the same, spaces left out, either colon. */
static bool same(const char *name, size_t len, const char *t)
{
    size_t i = 0, tl = strlen(t), j = 0, n, m;
    for (;;) {
        while ((n = ignored(name + i, len - i)) > 0)
            i += n;
        while ((n = ignored(t + j, tl - j)) > 0)
            j += n;
        if (i == len || j == tl)
            return i == len && j == tl;
        if (is_colon(name + i, len - i, &n) && is_colon(t + j, tl - j, &m)) {
            i += n;
            j += m;
            continue;
        }
        if (name[i] != t[j])
            return false;
        i++;
        j++;
    }
}

const ms_fan *paifu_majsoul__fan_named(const char *name, size_t len)
{
    for (size_t i = 0; i < sizeof(FANS) / sizeof(FANS[0]); i++)
        if ((FANS[i].name_jp && same(name, len, FANS[i].name_jp)) ||
            (FANS[i].name_en && same(name, len, FANS[i].name_en)))
            return &FANS[i];
    return NULL;
}

int paifu_majsoul__fan_yaku(const ms_fan *row, int winner, int dealer, int round_wind, int players)
{
    if (row->yaku == MS_SEAT_WIND)
        return PAIFU_YAKU_SEAT_WIND_EAST + (winner - dealer + players) % players;
    if (row->yaku == MS_ROUND_WIND)
        return PAIFU_YAKU_ROUND_WIND_EAST + (round_wind & 3);
    return row->yaku;
}

/* ---- rooms ---- */

static const struct {
    const char *jp, *en;
    bool standard;
} ROOMS[] = {
    /* ranked rooms (room 1-4 and 6, modes 1/2 and 11/12) and the casual match (room 100) */
    {"銅の間", "Bronze Room", true},
    {"銀の間", "Silver Room", true},
    {"金の間", "Gold Room", true},
    {"玉の間", "Jade Room", true},
    {"王座の間", "Throne Room", true},
    {"交流の間", "Casual Match", true},
    /* open_guyi (local yaku) or an event switch: rules of their own */
    {"乱闘の間", "Melee Room", false},
    {"ドラさんモード", "DoraDorara", false},
    {"配牌公開", "Open Hand Match", false},
    {"龍の割目", "Chaotic Wall Break", false},
    {"試練の道", "Path of Trial", false},
    {"修羅の戦", "Battle of Asura", false},
    {"赤血の戦", "Bloodshed Skirmish", false},
    {"特別対局", "Event Room", false},
    {"明鏡の戦", "Battle of Clairvoyance", false},
    {"闇夜の戦", "Battle of Darkness", false},
    {"幻界の戦", "Dreamland Odyssey", false},
    /* convert.js: friendly rooms and contests, whose rules are set per room */
    {"友人戦", "Friendly", false},
    {"大会戦", "Tournament", false},
    {NULL, "Tounament", false},
};

static bool eat(const char **p, const char *lit)
{
    size_t n = strlen(lit);
    if (strncmp(*p, lit, n) != 0)
        return false;
    *p += n;
    return true;
}

bool paifu_majsoul__room(const char *disp, ms_room *out)
{
    memset(out, 0, sizeof(*out));
    if (!disp)
        return false;
    const char *p = disp;
    out->three = eat(&p, "3") || eat(&p, "三");
    size_t best = 0, at = 0;
    for (size_t i = 0; i < sizeof(ROOMS) / sizeof(ROOMS[0]); i++) {
        const char *names[2] = {ROOMS[i].jp, ROOMS[i].en};
        for (int k = 0; k < 2; k++) {
            size_t n = names[k] ? strlen(names[k]) : 0;
            if (n > best && strncmp(p, names[k], n) == 0)
                best = n, at = i;
        }
    }
    if (!best)
        return false;
    out->standard = ROOMS[at].standard;
    out->name = ROOMS[at].jp ? ROOMS[at].jp : ROOMS[at].en;
    p += best;
    if (eat(&p, "東喰") || eat(&p, " East") || eat(&p, "東"))
        out->length = 1;
    else if (eat(&p, "南喰") || eat(&p, " South") || eat(&p, "南"))
        out->length = 2;
    (void)(eat(&p, "赤") || eat(&p, " Red Fives") || eat(&p, " Red") ||
           eat(&p, " No Red Fives") || eat(&p, " Aka Nashi"));
    return *p == '\0';
}

int paifu_majsoul__sanma_rules(int (*add)(void *ctx, const char *key, const char *value),
                               void *ctx)
{
    /* spec §4.1 room table (start 35000, count point 35000, return 40000 for the extension, uma
       15/0/-15) and §9 (tsumo loss, kita, noten 2000, 0p and 0s, 200 per honba: 100 from each
       of the two tsumo payers) */
    static const char *const SANMA[][2] = {
        {"players", "3"},           {"start_points", "35000"},   {"return_points", "35000"},
        {"target_points", "40000"}, {"uma", "15000,0,-15000,0"}, {"sanma_tsumo_loss", "true"},
        {"kita", "true"},           {"noten_total", "2000"},     {"honba_value", "200"},
        {"red_fives", "2"},
    };
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < sizeof(SANMA) / sizeof(SANMA[0]); i++)
        rc = add(ctx, SANMA[i][0], SANMA[i][1]);
    return rc;
}
