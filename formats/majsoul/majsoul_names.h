/*
 * majsoul_names.h: MahjongSoul's own tables (majsoul_names.c), shared by the MahjongSoul JSON
 * reader (fan ids) and the tenhou.net/6 reader (tensoul's conversions: fan names, room names).
 */
#ifndef PAIFU_FORMATS_MAJSOUL_NAMES_H
#define PAIFU_FORMATS_MAJSOUL_NAMES_H

#include <paifu/game.h>
#include <stdbool.h>
#include <stddef.h>

#define MS_SEAT_WIND  (-2) /* fan 10: the winner's seat wind */
#define MS_ROUND_WIND (-3) /* fan 11: the round wind */
#define MS_NO_YAKU    (-1) /* a local yaku (is_guyi) or eight-time dealer: no paifu yaku */

/* One row of MahjongSoul's fan table (cfg.fan.fan). */
typedef struct ms_fan {
    uint16_t fan;        /* its id */
    int16_t yaku;        /* paifu_yaku, MS_SEAT_WIND, MS_ROUND_WIND or MS_NO_YAKU */
    uint8_t yiman;       /* `yiman`: 0, else the yakuman it is worth (2: a double one); the
                            MahjongSoul JSON's `val` counts them */
    const char *name_jp; /* name_jp, as the Japanese client and tensoul write it */
    const char *name_en; /* name_en, as the English client and tensoul write it */
} ms_fan;

/* The row of fan ID; NULL for an id the table does not have. */
const ms_fan *paifu_majsoul__fan(long long id);

/* The row whose Japanese or English name is NAME (LEN bytes; spaces, ideographic spaces and
   the colon's full-width form ignored); NULL for none. */
const ms_fan *paifu_majsoul__fan_named(const char *name, size_t len);

/* A paifu yaku id for ROW in a deal whose dealer is DEALER and round wind ROUND_WIND, won by
   WINNER at a table of PLAYERS; MS_NO_YAKU for a fan with no paifu yaku. */
int paifu_majsoul__fan_yaku(const ms_fan *row, int winner, int dealer, int round_wind, int players);

/* A room as tensoul's rule.disp names it (convert.js: [3|三] room [東喰|南喰| East| South]
   [赤| Red| Red Fives| No Red Fives| Aka Nashi]). */
typedef struct ms_room {
    bool standard;   /* a ranked or casual room of the standard rules (not an event room, not
                        a friendly room or a contest) */
    bool three;      /* the disp says 3-player (tensoul's Japanese "3" or "三") */
    int length;      /* 1 East, 2 South, 0 not written */
    const char *name; /* the room's name as written */
} ms_room;

/* Parse DISP; false when it names no MahjongSoul room. */
bool paifu_majsoul__room(const char *disp, ms_room *out);

/* MahjongSoul's 3-player ranked values (spec majsoul-json.md §4.1 room table and §9), as
   rule overrides given to ADD(CTX, key, value); the first error is returned. */
int paifu_majsoul__sanma_rules(int (*add)(void *ctx, const char *key, const char *value),
                               void *ctx);

#endif
