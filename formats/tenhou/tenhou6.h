/*
 * tenhou6.h: the tenhou.net/6 JSON reader's shared parts (private to formats/).
 *
 *   tenhou6_read.c  the documents: sniffing, JSON lines, the header (players, names, rule set,
 *                   metadata), `sc`, `connection`, the format row
 *   tenhou6_write.c the writer (Tenhou's official serialisation)
 *   tenhou6_deal.c  one round array: tile codes, call strings, the turn order rebuilt from the
 *                   per-seat lists (spec §8.2), the events, and the result (spec §7)
 *
 * Spec: shared/formats/tenhou6-json.md ("spec" below); tenhou-xml.md for the meaning of the
 * values this format re-encodes. The mapping onto the model follows the Tenhou XML reader
 * (formats/tenhou/mjlog_deal.c) wherever this format carries the information.
 */
#ifndef PAIFU_FORMATS_TENHOU6_H
#define PAIFU_FORMATS_TENHOU6_H

#include <paifu/game.h>
#include <stdbool.h>

#include "json_in.h"

#define T6_MAX_ITEMS       128 /* entries of one takes or discards list */
#define T6_MAX_STEPS       (2 * PAIFU_SEATS * T6_MAX_ITEMS)
#define T6_MAX_CONNECTIONS 64  /* `connection` entries kept per game */

/* What one entry of a takes or discards list says (spec §5, §6). */
typedef enum t6_kind {
    T6_DRAW = 1,     /* take: a tile drawn (live wall or replacement) */
    T6_CHI,          /* take: "c" string */
    T6_PON,          /* take: "p" string */
    T6_DAIMINKAN,    /* take: "m" string */
    T6_DISCARD,      /* discard: a tile code, 60, "r<code>" or "r60" */
    T6_PLACEHOLDER,  /* discard: 0, paired with an open kan */
    T6_SHOUMINKAN,   /* discard: "k" string */
    T6_ANKAN,        /* discard: "a" string */
    T6_KITA          /* discard: "f44" */
} t6_kind;

typedef struct t6_item {
    uint8_t kind;       /* t6_kind */
    uint8_t offset;     /* chi/pon/daiminkan: source seat = (seat + offset) % 4 (1..3) */
    bool riichi;        /* discard: declares riichi */
    bool tsumogiri;     /* discard: 60, the tile just drawn */
    paifu_tile tile;    /* draw, discard (not 60), called tile, added tile, North */
    uint8_t n;          /* tiles[] from the hand: chi/pon 2, daiminkan 3, shouminkan 3 (the
                           pon's), ankan 4 */
    paifu_tile tiles[4];
} t6_item;

/* One step of the rebuilt turn order: entry `index` of a seat's takes or discards. */
typedef struct t6_step {
    uint8_t seat;
    uint8_t out;        /* 0: takes[seat][index]; 1: discards[seat][index] */
    uint8_t index;
    bool replacement;   /* a draw after a kan or kita */
    int8_t from;        /* calls: the discarder */
    paifu_tile tile;    /* the tile drawn or discarded (60 resolved to the drawn tile) */
} t6_step;

/* Search state of the turn-order rebuilding (tenhou6_deal.c). */
typedef struct t6_sim {
    uint8_t ti[PAIFU_SEATS];       /* next take per seat */
    uint8_t di[PAIFU_SEATS];       /* next discard entry per seat */
    int8_t actor;
    uint8_t phase;
    paifu_tile drawn[PAIFU_SEATS]; /* the seat's latest draw, NONE once it is gone */
    paifu_tile out_tile;           /* the tile just discarded (or added to a kan) */
    uint16_t n_steps;
} t6_sim;

typedef struct t6_choice {
    t6_sim sim;      /* the state right after a discard */
    uint8_t next;    /* the next option to try */
} t6_choice;

/* A `connection` entry (spec §2.3). */
typedef struct t6_connection {
    int32_t log;     /* round index, -1 before the first round */
    uint32_t step;   /* draws, discards and calls of the round before it */
    uint8_t what;    /* 0 disconnect, 1 reconnect */
    uint8_t who;
} t6_connection;

/* Everything the reader keeps between deals and games; allocated once per reader. */
typedef struct t6_state {
    /* the document */
    uint32_t doc_line;     /* line of the current document (JSON lines), 0 = unknown */
    int players;
    bool reds;             /* the document's red fives (codes 51..53 are legal) */
    int32_t deal_base;     /* index of the first deal of the document within the game */
    /* per game */
    t6_connection conn[T6_MAX_CONNECTIONS];
    size_t n_conn;
    /* per deal */
    uint8_t n_takes[PAIFU_SEATS], n_outs[PAIFU_SEATS];
    t6_item takes[PAIFU_SEATS][T6_MAX_ITEMS];
    t6_item outs[PAIFU_SEATS][T6_MAX_ITEMS];
    t6_step steps[T6_MAX_STEPS];
    t6_choice choices[T6_MAX_STEPS];
    uint32_t fail_steps;   /* deepest failure of the search, for the error message */
    char fail_why[120];
} t6_state;

/* Tenhou's yaku names by id as tenhou.net/6 prints them (tenhou-xml.md §4.12), then kita
 * (tenhou6_deal.c). */
#define T6_YAKU_NAMES 56
extern const char *const paifu_tenhou6__yaku_names[T6_YAKU_NAMES];

/* Tile of a tenhou.net/6 code (11..47, 51..53); false for anything else. */
bool paifu_tenhou6__tile(long long code, paifu_tile *out);

/* Tenhou's lobby text for GO type TYPE (tenhou6_lobby.c), and the GO type bits a lobby text
   shows (false: not a Tenhou lobby text). */
void paifu_tenhou6__lobby_text(char *buf, size_t size, unsigned type);
bool paifu_tenhou6__lobby_type(const char *disp, unsigned *type);

/* The writer: a game as one tenhou.net/6 document (tenhou6_write.c). */
struct format_writer;
extern const struct format_writer paifu_tenhou6__writer;

/* Read round array DEAL (path element `$.log[i]` already pushed on C) into GAME. */
int paifu_tenhou6__read_deal(t6_state *st, json_cursor *c, const json_t *deal, size_t index,
                             paifu_game *game);

#endif
