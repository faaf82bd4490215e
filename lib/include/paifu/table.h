/*
 * paifu/table.h: the analysis tables, defined once.
 *
 * Five tables describe what a game records and what paifu computes of it: games (one row a
 * game), deals (one a deal), wins (one a win), players (one a seat) and events (one an event
 * of a deal). Their columns, each with its type and, for a text column of fixed values, the
 * names of those values, are given here; paifu_table_rows() hands out a game's rows. `paifu
 * export` (SQLite, CSV, JSON lines), `paifu stats` and the Python package (paifu.games_table,
 * ...) all take their rows from here, so they agree by construction; doc/export.md is the
 * reference of every column.
 *
 * Numbering: game_id is the caller's (the running number of the game in its output, from 1);
 * deals and wins count from 1 within their game and deal; seats and event_index count from 0.
 * A NULL cell is a value the log does not record (or that does not apply).
 */
#ifndef PAIFU_TABLE_H
#define PAIFU_TABLE_H

#include "common.h"
#include "game.h"
#include "rules.h"
#include "settled.h"
#include "verify.h"

PAIFU_BEGIN_DECL

/** The tables, in the order export writes them. */
typedef enum paifu_table_id {
    PAIFU_TABLE_GAMES = 0,
    PAIFU_TABLE_DEALS,
    PAIFU_TABLE_WINS,
    PAIFU_TABLE_PLAYERS,
    PAIFU_TABLE_EVENTS,
    PAIFU_TABLE_COUNT
} paifu_table_id;

/** Bits of paifu_table_rows()'s TABLES: 1u << paifu_table_id. */
#define PAIFU_TABLES_ALL ((1u << PAIFU_TABLE_COUNT) - 1u)

/** A column: its name, its type ('i' INTEGER, 'r' REAL, 't' TEXT) and, for a text column of
    fixed values, their names separated by '|' ("ron|tsumo|..."), else NULL. Static storage. */
typedef struct paifu_table_column {
    const char *name;
    char type;
    const char *values;
} paifu_table_column;

/** The name of TABLE ("games", ...); NULL for an unknown one. */
PAIFU_EXTERN const char *paifu_table_name(paifu_table_id table);

/** The number of columns of TABLE (0 for an unknown one). */
PAIFU_EXTERN size_t paifu_table_column_count(paifu_table_id table);

/** Column I of TABLE, in the rows' order; NULL past the end. */
PAIFU_EXTERN const paifu_table_column *paifu_table_column_get(paifu_table_id table, size_t i);

/** A cell of a row: kind 0 (NULL), 'i' (I), 'r' (R) or 't' (S, borrowed until the row
    callback returns). */
typedef struct paifu_cell {
    char kind;
    long long i;
    double r;
    const char *s;
} paifu_cell;

/** Called once per row with the cells of TABLE's columns; a non-zero return stops the rows
    (paifu_table_rows() returns it). */
typedef int (*paifu_table_row_cb)(paifu_table_id table, const paifu_cell *cells, void *payload);

/** What is known of a game besides its log: the caller's, for the games row and the c_ and
    settled columns. */
typedef struct paifu_table_game {
    long long id;                 /**< game_id: the game's running number in the output */
    const char *source;           /**< FILE or FILE:MEMBER */
    const char *format;           /**< the reader's format name */
    const char *origin;           /**< who named the rule set (paifu_rules_origin_name()) */
    long long findings;           /**< the verifier's findings for the game */
    const paifu_report *verified; /**< its verification (the c_ columns); NULL: none */
    const paifu_settled *settled; /**< the settled view of the same verification
                                       (paifu_game_settle()): labels, payments, places */
    const char *names[PAIFU_SEATS]; /**< a seat's name other than the log's (NULL: the log's;
                                       a seat without one is "seat S of game ID") */
} paifu_table_game;

/**
 * The rows of GAME (checked under RULES, as INFO says) of the tables in TABLES (bits 1u <<
 * paifu_table_id), handed to ROW table by table: the wins and the deals row of each deal in
 * order, then the players rows, the games row and the events rows. Returns 0, or the
 * callback's non-zero return.
 */
PAIFU_EXTERN int paifu_table_rows(const paifu_game *game, const paifu_rules *rules,
                                  const paifu_table_game *info, unsigned tables,
                                  paifu_table_row_cb row, void *payload);

PAIFU_END_DECL

#endif
