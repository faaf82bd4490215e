/*
 * majsoul.h: the MahjongSoul (majsoul) JSON reader's shared parts (private to formats/).
 *
 *   majsoul_json.c   members: snake_case or lowerCamelCase keys, defaults, tiles (spec §2.1)
 *   majsoul_read.c   the documents: sniffing, the JSON layouts (spec §2), the container
 *                    generations (version 0 `records`, 210715 `actions`), the head (players,
 *                    names, rule set, final result), the walk over the records, the format row
 *   majsoul_deal.c   the records of a deal up to its end: RecordNewRound (the wall and its
 *                    layout), draws, discards, calls, kans, kita, riichi deposits, dora
 *   majsoul_end.c    the end of a deal: RecordHule (fan ids -> yaku), RecordNoTile, RecordLiuJu
 *
 * Spec: shared/formats/majsoul-json.md ("spec" below). MahjongSoul records are protobuf
 * messages rendered as JSON by various tools: keys may be snake_case or lowerCamelCase and
 * default values (0, false, "", empty lists) are usually left out, so every key is optional
 * and a missing one means its default (spec §2.1). The member lookups below do both.
 */
#ifndef PAIFU_FORMATS_MAJSOUL_H
#define PAIFU_FORMATS_MAJSOUL_H

#include <paifu/game.h>
#include <stdbool.h>

#include "json_in.h"

#define MS_MAX_RECORDS 500000 /* records of one game (a hanchan has about 1500) */

/* Where the records of a game are (spec §2.2-§2.4). */
typedef enum ms_source_kind {
    MS_ACTIONS = 1, /* GameDetailRecords.actions (version 210715): results of type-1 actions */
    MS_RECORDS,     /* GameDetailRecords.records (version 0): {name, data} entries */
    MS_LIST,        /* layout B: a flat list of {name, data} */
    MS_ZIP,         /* layout C: mjslog bodies with the parallel mjsrecordtypes names */
    MS_ROUNDS       /* RiichiEnv: one list of {name, data} per round */
} ms_source_kind;

typedef struct ms_source {
    ms_source_kind kind;
    const json_t *list;  /* actions, records, the flat list, mjslog or rounds */
    const json_t *types; /* MS_ZIP: mjsrecordtypes */
    char base[64];       /* JSON path of `list` ("$.data.data.actions") */
    char types_base[64]; /* JSON path of `types` */
    char head[16];       /* JSON path of the head ("$.head"; layout C "$.mjshead") */
} ms_source;

/* One record: its normalised type name and body. */
typedef struct ms_record {
    char type[40];      /* ".lq.RecordNewRound" / "RecordNewRound" / "NewRound" -> "NewRound" */
    const json_t *data; /* the body; an empty object when the record has none */
    size_t i, j;        /* position: list[i] (MS_ROUNDS: list[i][j]) */
} ms_record;

/* A seat's tiles as the reader follows them (only to name a closed kan's red five, spec §5.5). */
typedef struct ms_seat {
    uint8_t counts[PAIFU_TILE_KINDS]; /* concealed tiles by kind */
    uint8_t red[3];                   /* concealed red fives by suit */
    paifu_tile pons[4][3];            /* the pons, for an added kan */
    uint8_t n_pons;
    bool replacement_due; /* a kan or kita awaits its replacement draw */
    bool discarded;       /* the seat discarded in this deal */
    paifu_tile last_draw;
} ms_seat;

/* Everything the reader keeps while it turns one game's records into the model. */
typedef struct ms_state {
    paifu_game *game;
    json_cursor *c;
    int players;
    const json_t *empty; /* an empty object for bodies that are absent */
    /* the deal */
    bool in_deal;                /* a RecordNewRound was read */
    bool ended;                  /* the deal's end record was read */
    paifu_deal_start start;      /* of the current deal (labels) */
    int32_t scores[PAIFU_SEATS]; /* the recorded scores: the start, then each deposit's `score` */
    bool scores_known;
    int32_t sticks; /* riichi sticks on the table: the start's plus this deal's */
    size_t n_dora;  /* dora indicators revealed so far */
    int riichi_seat;    /* seat whose riichi discard awaits its deposit, -1 if none */
    bool riichi_double; /* that declaration is a double riichi (is_wliqi) */
    int last_actor;     /* seat of the latest discard, kan or kita (a ron's discarder) */
    ms_seat seat[PAIFU_SEATS];
    int next_sticks; /* riichi sticks of the next RecordNewRound, -1 if none follows */
} ms_state;

/* ---- members (majsoul_json.c): snake_case or lowerCamelCase, null = absent ---- */

/* The member SNAKE of OBJ or its camelCase spelling; *KEY (may be NULL) the key found. */
const json_t *paifu_majsoul__member(const json_t *obj, const char *snake, const char **key,
                                    char buf[64]);

/* Integer member: absent -> DFLT, returns 0; present -> 1; wrong type or range -> EFORMAT. */
int paifu_majsoul__int(json_cursor *c, const json_t *obj, const char *snake, long long min,
                       long long max, long long dflt, long long *out);

/* Boolean member (absent = false); returns 0 absent, 1 present, EFORMAT. */
int paifu_majsoul__bool(json_cursor *c, const json_t *obj, const char *snake, bool *out);

/* A tile such as "5m" or "0p" (spec §3.1); returns 0 absent, 1 present, EFORMAT. */
int paifu_majsoul__tile(json_cursor *c, const json_t *obj, const char *snake, paifu_tile *out);

/* An array of at most CAP tiles (absent: none); returns 0 absent, 1 present, EFORMAT. */
int paifu_majsoul__tiles(json_cursor *c, const json_t *obj, const char *snake, paifu_tile *out,
                         size_t cap, size_t *n);

/* An array of at most CAP integers (absent: none); returns 0 absent, 1 present, EFORMAT. */
int paifu_majsoul__ints(json_cursor *c, const json_t *obj, const char *snake, long long min,
                        long long max, int32_t *out, size_t cap, size_t *n);

/* The tile of a 2-character code at S ("1m".."9m", "0m" red, "1z".."7z"); false otherwise. */
bool paifu_majsoul__code(const char *s, paifu_tile *out);

/* ---- records (majsoul_deal.c, majsoul_end.c) ---- */

/* Turn one record into the model. The record's path is on ST->c. */
int paifu_majsoul__record(ms_state *st, const ms_record *r);

/* Add an event of the current deal. */
int paifu_majsoul__event(ms_state *st, paifu_event *ev);

/* The deposit of a riichi declared on the latest discard, with LIQI (a LiQiSuccess, may be
   NULL) for the recorded score after it (spec §5.2 liqi, §8.3). */
int paifu_majsoul__deposit(ms_state *st, const json_t *liqi);

/* The end records (majsoul_end.c). */
int paifu_majsoul__hule(ms_state *st, const json_t *data);
int paifu_majsoul__no_tile(ms_state *st, const json_t *data);
int paifu_majsoul__liu_ju(ms_state *st, const json_t *data);

#endif
