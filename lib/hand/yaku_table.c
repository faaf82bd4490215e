/*
 * yaku_table.c: yaku ids, names and alternative spellings (see paifu/yaku.h).
 *
 * Names follow shared/rules/yaku.md in snake case. The alias list covers the spellings the
 * supported formats and score sheets use (mjai's original names, Pantheon's, common English).
 */
#include "paifu/yaku.h"

#include <ctype.h>
#include <stddef.h>
#include <string.h>

static const char *const NAMES[PAIFU_YAKU_COUNT] = {
    "menzen_tsumo", "riichi", "ippatsu", "chankan", "rinshan_kaihou", "haitei", "houtei",
    "pinfu", "tanyao", "iipeikou", "seat_wind_east", "seat_wind_south", "seat_wind_west",
    "seat_wind_north", "round_wind_east", "round_wind_south", "round_wind_west",
    "round_wind_north", "haku", "hatsu", "chun", "double_riichi", "chiitoitsu", "chanta",
    "ittsu", "sanshoku_doujun", "sanshoku_doukou", "sankantsu", "toitoi", "sanankou",
    "shousangen", "honroutou", "ryanpeikou", "junchan", "honitsu", "chinitsu", "renhou",
    "tenhou", "chiihou", "daisangen", "suuankou", "suuankou_tanki", "tsuuiisou", "ryuuiisou",
    "chinroutou", "chuuren_poutou", "junsei_chuuren_poutou", "kokushi_musou",
    "kokushi_musou_13", "daisuushi", "shousuushi", "suukantsu", "dora", "ura_dora", "aka_dora",
    "kita", "nagashi_mangan", "yakuhai",
};

/* Names for people (reports, paifu score): the romaji of shared/rules/yaku.md's tables (sections
   1 and 2, "Romaji" column, its spelling with the apostrophe: Hon'itsu, San'ankou), the value
   sets and dora families in English words (section 1 row 1 "Value tiles", section 3). */
static const char *const DISPLAY[PAIFU_YAKU_COUNT] = {
    "Menzen tsumo", "Riichi", "Ippatsu", "Chankan", "Rinshan kaihou", "Haitei raoyue",
    "Houtei raoyui", "Pinfu", "Tan'yao", "Iipeikou", "Seat wind (East)", "Seat wind (South)",
    "Seat wind (West)", "Seat wind (North)", "Round wind (East)", "Round wind (South)",
    "Round wind (West)", "Round wind (North)", "Dragon (White)", "Dragon (Green)",
    "Dragon (Red)", "Double riichi", "Chiitoitsu", "Chanta", "Ittsu", "Sanshoku doujun",
    "Sanshoku doukou", "Sankantsu", "Toitoi", "San'ankou", "Shousangen", "Honroutou",
    "Ryanpeikou", "Junchan", "Hon'itsu", "Chin'itsu", "Renhou", "Tenhou", "Chiihou",
    "Daisangen", "Suuankou", "Suuankou (single wait)", "Tsuuiisou", "Ryuuiisou", "Chinroutou",
    "Chuuren poutou", "Chuuren poutou (nine-sided wait)", "Kokushi musou",
    "Kokushi musou (13-sided wait)", "Daisuushi", "Shousuushi", "Suukantsu", "Dora", "Ura dora",
    "Red fives", "Kita (North)", "Nagashi mangan", "Yakuhai",
};

typedef struct alias {
    const char *name;
    int id;
} alias;

/* Compared after normalisation: lowercase, '-' and ' ' become '_'. */
static const alias ALIASES[] = {
    {"tsumo", PAIFU_YAKU_MENZEN_TSUMO},
    {"menzenchin_tsumoho", PAIFU_YAKU_MENZEN_TSUMO},
    {"menzenchin_tsumo", PAIFU_YAKU_MENZEN_TSUMO},
    {"menzen", PAIFU_YAKU_MENZEN_TSUMO},
    {"reach", PAIFU_YAKU_RIICHI},
    {"rinshan", PAIFU_YAKU_RINSHAN_KAIHOU},
    {"rinshankaiho", PAIFU_YAKU_RINSHAN_KAIHOU},
    {"rinshan_kaiho", PAIFU_YAKU_RINSHAN_KAIHOU},
    {"haitei_raoyue", PAIFU_YAKU_HAITEI},
    {"haiteiraoyue", PAIFU_YAKU_HAITEI},
    {"houtei_raoyui", PAIFU_YAKU_HOUTEI},
    {"hoteiraoyui", PAIFU_YAKU_HOUTEI},
    {"hoteiraoyue", PAIFU_YAKU_HOUTEI},
    {"houtei_raoyue", PAIFU_YAKU_HOUTEI},
    {"tanyaochu", PAIFU_YAKU_TANYAO},
    {"tanyao_chuu", PAIFU_YAKU_TANYAO},
    {"ipeko", PAIFU_YAKU_IIPEIKOU},
    {"iipeiko", PAIFU_YAKU_IIPEIKOU},
    {"yakuhai_haku", PAIFU_YAKU_HAKU},
    {"yakuhai_hatsu", PAIFU_YAKU_HATSU},
    {"yakuhai_chun", PAIFU_YAKU_CHUN},
    {"double_reach", PAIFU_YAKU_DOUBLE_RIICHI},
    {"daburu_riichi", PAIFU_YAKU_DOUBLE_RIICHI},
    {"chitoitsu", PAIFU_YAKU_CHIITOITSU},
    {"chiitoi", PAIFU_YAKU_CHIITOITSU},
    {"honchantaiyao", PAIFU_YAKU_CHANTA},
    {"ikkitsukan", PAIFU_YAKU_ITTSU},
    {"ittsuu", PAIFU_YAKU_ITTSU},
    {"sanshoku", PAIFU_YAKU_SANSHOKU_DOUJUN},
    {"sanshokudojun", PAIFU_YAKU_SANSHOKU_DOUJUN},
    {"sansyokudojun", PAIFU_YAKU_SANSHOKU_DOUJUN},
    {"sanshoku_dojun", PAIFU_YAKU_SANSHOKU_DOUJUN},
    {"sanshokudoko", PAIFU_YAKU_SANSHOKU_DOUKOU},
    {"sanshoku_doko", PAIFU_YAKU_SANSHOKU_DOUKOU},
    {"toitoiho", PAIFU_YAKU_TOITOI},
    {"toitoihou", PAIFU_YAKU_TOITOI},
    {"sananko", PAIFU_YAKU_SANANKOU},
    {"san_ankou", PAIFU_YAKU_SANANKOU},
    {"shosangen", PAIFU_YAKU_SHOUSANGEN},
    {"honroto", PAIFU_YAKU_HONROUTOU},
    {"ryanpeko", PAIFU_YAKU_RYANPEIKOU},
    {"junchantaiyao", PAIFU_YAKU_JUNCHAN},
    {"honiso", PAIFU_YAKU_HONITSU},
    {"honiisou", PAIFU_YAKU_HONITSU},
    {"chiniso", PAIFU_YAKU_CHINITSU},
    {"chiniisou", PAIFU_YAKU_CHINITSU},
    {"renho", PAIFU_YAKU_RENHOU},
    {"tenho", PAIFU_YAKU_TENHOU},
    {"chiho", PAIFU_YAKU_CHIIHOU},
    {"suanko", PAIFU_YAKU_SUUANKOU},
    {"suankou", PAIFU_YAKU_SUUANKOU},
    {"suuankou_tanki", PAIFU_YAKU_SUUANKOU_TANKI},
    {"tsuiso", PAIFU_YAKU_TSUUIISOU},
    {"tsuuiisou", PAIFU_YAKU_TSUUIISOU},
    {"ryuiso", PAIFU_YAKU_RYUUIISOU},
    {"chinroto", PAIFU_YAKU_CHINROUTOU},
    {"churenpoton", PAIFU_YAKU_CHUUREN_POUTOU},
    {"chuuren", PAIFU_YAKU_CHUUREN_POUTOU},
    {"chuurenpoutou", PAIFU_YAKU_CHUUREN_POUTOU},
    {"junsei_chuuren", PAIFU_YAKU_JUNSEI_CHUUREN_POUTOU},
    {"kokushimuso", PAIFU_YAKU_KOKUSHI_MUSOU},
    {"kokushi", PAIFU_YAKU_KOKUSHI_MUSOU},
    {"kokushi_musou_13_wait", PAIFU_YAKU_KOKUSHI_MUSOU_13},
    {"kokushi_13", PAIFU_YAKU_KOKUSHI_MUSOU_13},
    {"daisushi", PAIFU_YAKU_DAISUUSHI},
    {"daisuushii", PAIFU_YAKU_DAISUUSHI},
    {"shosushi", PAIFU_YAKU_SHOUSUUSHI},
    {"shousuushii", PAIFU_YAKU_SHOUSUUSHI},
    {"sukantsu", PAIFU_YAKU_SUUKANTSU},
    {"uradora", PAIFU_YAKU_URA_DORA},
    {"ura", PAIFU_YAKU_URA_DORA},
    {"akadora", PAIFU_YAKU_AKA_DORA},
    {"aka", PAIFU_YAKU_AKA_DORA},
    {"red_dora", PAIFU_YAKU_AKA_DORA},
    {"nukidora", PAIFU_YAKU_KITA},
    {"kita_dora", PAIFU_YAKU_KITA},
    {"nagashimangan", PAIFU_YAKU_NAGASHI_MANGAN},
    /* Pantheon's spellings (its text-log tokenizer's yaku patterns) */
    {"mendzentsumo", PAIFU_YAKU_MENZEN_TSUMO},
    {"menzentsumo", PAIFU_YAKU_MENZEN_TSUMO},
    {"richi", PAIFU_YAKU_RIICHI},
    {"pin_fu", PAIFU_YAKU_PINFU},
    {"tan_yao", PAIFU_YAKU_TANYAO},
    {"ipeiko", PAIFU_YAKU_IIPEIKOU},
    {"ipeikou", PAIFU_YAKU_IIPEIKOU},
    {"itsu", PAIFU_YAKU_ITTSU},
    {"itsuu", PAIFU_YAKU_ITTSU},
    {"hotei", PAIFU_YAKU_HOUTEI},
    {"double_richi", PAIFU_YAKU_DOUBLE_RIICHI},
    {"daburu_richi", PAIFU_YAKU_DOUBLE_RIICHI},
    {"daburu_reach", PAIFU_YAKU_DOUBLE_RIICHI},
    {"sanshoku_douko", PAIFU_YAKU_SANSHOKU_DOUKOU},
    {"sanshoku_dokou", PAIFU_YAKU_SANSHOKU_DOUKOU},
    {"suuanko", PAIFU_YAKU_SUUANKOU},
    {"chihou", PAIFU_YAKU_CHIIHOU},
    {"shousushi", PAIFU_YAKU_SHOUSUUSHI},
    {"shosuushi", PAIFU_YAKU_SHOUSUUSHI},
    {"daisushii", PAIFU_YAKU_DAISUUSHI},
    {"honrouto", PAIFU_YAKU_HONROUTOU},
    {"honrotou", PAIFU_YAKU_HONROUTOU},
    {"chinrouto", PAIFU_YAKU_CHINROUTOU},
    {"chinrotou", PAIFU_YAKU_CHINROUTOU},
    {"tsuiisou", PAIFU_YAKU_TSUUIISOU},
    {"tsuuiso", PAIFU_YAKU_TSUUIISOU},
    {"ryuuiso", PAIFU_YAKU_RYUUIISOU},
    {"ryuisou", PAIFU_YAKU_RYUUIISOU},
    {"ryuiisou", PAIFU_YAKU_RYUUIISOU},
    {"kokushimusou", PAIFU_YAKU_KOKUSHI_MUSOU},
    {"chuurenpouto", PAIFU_YAKU_CHUUREN_POUTOU},
    {"churenpoutou", PAIFU_YAKU_CHUUREN_POUTOU},
    {"churenpouto", PAIFU_YAKU_CHUUREN_POUTOU},
};

const char *paifu_yaku_name(unsigned id)
{
    return id < PAIFU_YAKU_COUNT ? NAMES[id] : NULL;
}

const char *paifu_yaku_display_name(unsigned id)
{
    return id < PAIFU_YAKU_COUNT ? DISPLAY[id] : NULL;
}

int paifu_yaku_from_name(const char *name)
{
    char buf[48];
    size_t n = 0;
    if (!name)
        return -1;
    for (; name[n] && n + 1 < sizeof(buf); n++) {
        char c = name[n];
        buf[n] = (c == '-' || c == ' ') ? '_' : (char)tolower((unsigned char)c);
    }
    if (name[n])
        return -1;
    buf[n] = '\0';
    for (unsigned i = 0; i < PAIFU_YAKU_COUNT; i++)
        if (strcmp(buf, NAMES[i]) == 0)
            return (int)i;
    for (size_t i = 0; i < sizeof(ALIASES) / sizeof(ALIASES[0]); i++)
        if (strcmp(buf, ALIASES[i].name) == 0)
            return ALIASES[i].id;
    return -1;
}

bool paifu_yaku_is_yakuman(unsigned id)
{
    return id >= PAIFU_YAKU_TENHOU && id <= PAIFU_YAKU_SUUKANTSU;
}

bool paifu_yaku_is_dora(unsigned id)
{
    return id == PAIFU_YAKU_DORA || id == PAIFU_YAKU_URA_DORA || id == PAIFU_YAKU_AKA_DORA ||
           id == PAIFU_YAKU_KITA;
}
