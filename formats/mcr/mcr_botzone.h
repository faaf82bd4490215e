/*
 * mcr_botzone.h: what the two Botzone Chinese-Standard-Mahjong readers share (private to
 * formats/): tile names, the rule overrides of the Botzone judge, and a builder that turns the
 * judge's actions into canonical events.
 *
 * Botzone plays single hands of MCR with 136 tiles (no flowers in these logs): player 0 deals,
 * the seat wind of player p is p, the prevalent wind is the match's `quan`. Each player owns a
 * quarter of the wall (34 tiles), is dealt its last 13 and draws from its end, a kong
 * replacement included; the hand is drawn when the player to draw has no tile left. The judge
 * scores with the MIL calculator's readings of the MCR ambiguities (mcr.md section 13), so the
 * game carries those as rule overrides. Sources: the Botzone wiki page "Chinese-Standard-Mahjong"
 * (protocol, tile names W/B/T/F/J/H) and the logs in shared/corpus/mcr.
 */
#ifndef PAIFU_FORMATS_MCR_BOTZONE_H
#define PAIFU_FORMATS_MCR_BOTZONE_H

#include "format.h"

#include <paifu/mcr.h>

/* Rule set name and overrides a Botzone game is verified under. */
#define BZ_RULES "mcr"
extern const char *const paifu_bz__overrides[][2];
extern const size_t paifu_bz__n_overrides;

/*
 * Parse a Botzone tile name (W1-9 characters, B1-9 dots, T1-9 bamboo, F1-4 winds E S W N,
 * J1-3 dragons Red Green White, H1-8 flowers and seasons) of LEN bytes. PAIFU_TILE_NONE if bad.
 */
paifu_tile paifu_bz__tile(const char *s, size_t len);

typedef enum bz_last {
    BZ_NONE = 0,
    BZ_DRAW,    /* a draw by `last_seat` */
    BZ_DISCARD, /* a discard by `last_seat`: `last_discard` can be claimed */
    BZ_CALL,    /* a chi/peng by `last_seat`, its discard still to come (text layout) */
    BZ_KONG,    /* a kong by `last_seat`, a replacement draw to come */
    BZ_BUGANG   /* a promoted kong: `bugang_tile` can be robbed */
} bz_last;

typedef struct bz_builder {
    paifu_game *game;
    paifu_error *err;
    const char *source;
    uint32_t line; /* location of the action being added (text) */
    uint32_t column;
    struct json_cursor *json; /* location of the action being added (JSON), or NULL */
    paifu_rules *rules; /* the Botzone rules, for fan values the log does not print */
    int last;           /* bz_last */
    int last_seat;
    paifu_tile last_discard;
    int discarder;
    paifu_tile bugang_tile;
    bool replacement[PAIFU_SEATS]; /* the seat's next draw replaces a kong */
    bool ended;
} bz_builder;

/* Set up B for GAME; builds the Botzone rule set. Free with paifu_bz__end(). */
int paifu_bz__init(bz_builder *b, paifu_game *game, const char *source, paifu_error *err);
void paifu_bz__end(bz_builder *b);

/* Name the rule set and overrides on the game, and start its one deal. */
int paifu_bz__deal(bz_builder *b, int quan, const paifu_tile hands[PAIFU_SEATS][13],
                   const paifu_tile *wall, size_t n_wall);

int paifu_bz__draw(bz_builder *b, int seat, paifu_tile tile);
int paifu_bz__flower(bz_builder *b, int seat, paifu_tile tile);
int paifu_bz__play(bz_builder *b, int seat, paifu_tile tile);
/* chi: MIDDLE is the middle tile of the chow; the called tile is the latest discard */
int paifu_bz__chi(bz_builder *b, int seat, paifu_tile middle);
int paifu_bz__peng(bz_builder *b, int seat);
/* gang: of the latest discard (another seat's) or, after the seat's own draw, concealed */
int paifu_bz__gang(bz_builder *b, int seat, paifu_tile tile);
int paifu_bz__angang(bz_builder *b, int seat, paifu_tile tile);
int paifu_bz__bugang(bz_builder *b, int seat, paifu_tile tile);

/* One fan of a win as the log prints it. */
typedef struct bz_fan {
    const char *name; /* the log's spelling (Chinese) */
    size_t name_len;
    int count;
    int value; /* points of one instance; -1 when the log does not print it */
} bz_fan;

/*
 * The hu of SEAT: on TILE (PAIFU_TILE_NONE: the one the situation gives) with FANS, the fan
 * total TOTAL (-1 unknown) and SCORES (NULL unknown).
 */
int paifu_bz__hu(bz_builder *b, int seat, paifu_tile tile, const bz_fan *fans, size_t n_fans,
                 int total, const int32_t *scores);
int paifu_bz__huang(bz_builder *b, const int32_t *scores);

/* Set a format error at the builder's current location. */
int paifu_bz__error(bz_builder *b, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

#endif
