/*
 * paifu/yaku.h: riichi yaku identifiers and names.
 *
 * The ids 0..54 deliberately coincide with Tenhou's yaku numbering
 * (shared/formats/tenhou-xml.md section 4.12), so a Tenhou log maps by identity; ids from 55
 * on are paifu's own. The names are the spelling of shared/rules/yaku.md in snake case; they are
 * what paifu's own format and reports use.
 */
#ifndef PAIFU_YAKU_H
#define PAIFU_YAKU_H

#include "common.h"
#include <stdbool.h>

PAIFU_BEGIN_DECL

typedef enum paifu_yaku {
    PAIFU_YAKU_MENZEN_TSUMO = 0,
    PAIFU_YAKU_RIICHI = 1,
    PAIFU_YAKU_IPPATSU = 2,
    PAIFU_YAKU_CHANKAN = 3,
    PAIFU_YAKU_RINSHAN_KAIHOU = 4,
    PAIFU_YAKU_HAITEI = 5,
    PAIFU_YAKU_HOUTEI = 6,
    PAIFU_YAKU_PINFU = 7,
    PAIFU_YAKU_TANYAO = 8,
    PAIFU_YAKU_IIPEIKOU = 9,
    PAIFU_YAKU_SEAT_WIND_EAST = 10, /* seat wind set; + wind index for S W N */
    PAIFU_YAKU_SEAT_WIND_SOUTH = 11,
    PAIFU_YAKU_SEAT_WIND_WEST = 12,
    PAIFU_YAKU_SEAT_WIND_NORTH = 13,
    PAIFU_YAKU_ROUND_WIND_EAST = 14, /* round wind set; + wind index for S W N */
    PAIFU_YAKU_ROUND_WIND_SOUTH = 15,
    PAIFU_YAKU_ROUND_WIND_WEST = 16,
    PAIFU_YAKU_ROUND_WIND_NORTH = 17,
    PAIFU_YAKU_HAKU = 18,
    PAIFU_YAKU_HATSU = 19,
    PAIFU_YAKU_CHUN = 20,
    PAIFU_YAKU_DOUBLE_RIICHI = 21,
    PAIFU_YAKU_CHIITOITSU = 22,
    PAIFU_YAKU_CHANTA = 23,
    PAIFU_YAKU_ITTSU = 24,
    PAIFU_YAKU_SANSHOKU_DOUJUN = 25,
    PAIFU_YAKU_SANSHOKU_DOUKOU = 26,
    PAIFU_YAKU_SANKANTSU = 27,
    PAIFU_YAKU_TOITOI = 28,
    PAIFU_YAKU_SANANKOU = 29,
    PAIFU_YAKU_SHOUSANGEN = 30,
    PAIFU_YAKU_HONROUTOU = 31,
    PAIFU_YAKU_RYANPEIKOU = 32,
    PAIFU_YAKU_JUNCHAN = 33,
    PAIFU_YAKU_HONITSU = 34,
    PAIFU_YAKU_CHINITSU = 35,
    PAIFU_YAKU_RENHOU = 36,
    PAIFU_YAKU_TENHOU = 37,
    PAIFU_YAKU_CHIIHOU = 38,
    PAIFU_YAKU_DAISANGEN = 39,
    PAIFU_YAKU_SUUANKOU = 40,
    PAIFU_YAKU_SUUANKOU_TANKI = 41,
    PAIFU_YAKU_TSUUIISOU = 42,
    PAIFU_YAKU_RYUUIISOU = 43,
    PAIFU_YAKU_CHINROUTOU = 44,
    PAIFU_YAKU_CHUUREN_POUTOU = 45,
    PAIFU_YAKU_JUNSEI_CHUUREN_POUTOU = 46,
    PAIFU_YAKU_KOKUSHI_MUSOU = 47,
    PAIFU_YAKU_KOKUSHI_MUSOU_13 = 48,
    PAIFU_YAKU_DAISUUSHI = 49,
    PAIFU_YAKU_SHOUSUUSHI = 50,
    PAIFU_YAKU_SUUKANTSU = 51,
    PAIFU_YAKU_DORA = 52,
    PAIFU_YAKU_URA_DORA = 53,
    PAIFU_YAKU_AKA_DORA = 54,
    PAIFU_YAKU_KITA = 55,          /**< 3-player: Norths set aside, counted as dora */
    PAIFU_YAKU_NAGASHI_MANGAN = 56,/**< not a yaku: some logs list it as the "win" of a draw */
    PAIFU_YAKU_YAKUHAI = 57,       /**< value sets a score sheet counts without naming them */
    PAIFU_YAKU_COUNT
} paifu_yaku;

/** Canonical name of a yaku id ("menzen_tsumo", ...); NULL for an unknown id. Static storage. */
PAIFU_EXTERN const char *paifu_yaku_name(unsigned id);

/**
 * A yaku id's name for people, as reports and `paifu score` print it: the romaji of
 * shared/rules/yaku.md ("Riichi", "Menzen tsumo", "Hon'itsu", "Chuuren poutou (nine-sided
 * wait)"), value sets and dora in words ("Seat wind (West)", "Dragon (Red)", "Ura dora",
 * "Red fives"). NULL for an unknown id. Static storage.
 */
PAIFU_EXTERN const char *paifu_yaku_display_name(unsigned id);

/**
 * Look up a yaku by name. Accepts the canonical names and common alternative romanisations
 * ("riichi"/"reach", "tsumo"/"menzen_tsumo", "yakuhai_haku"/"haku", ...), case-insensitive, with
 * "-", " " and "_" treated alike. Returns the id or -1.
 */
PAIFU_EXTERN int paifu_yaku_from_name(const char *name);

/** True for yakuman ids (37..51 and renhou when counted as yakuman is a rule matter: false here). */
PAIFU_EXTERN bool paifu_yaku_is_yakuman(unsigned id);

/** True for the dora family (dora, ura dora, aka dora, kita), which never makes a hand valid. */
PAIFU_EXTERN bool paifu_yaku_is_dora(unsigned id);

PAIFU_END_DECL

#endif
