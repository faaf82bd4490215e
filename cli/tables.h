/*
 * tables.h: the analysis tables of `paifu export` and the per-player statistics of `paifu
 * stats`, built from any game the library reads: the tables are the library's (paifu/table.h),
 * defined once; tables.c reads the inputs and hands their rows on. Column meanings:
 * doc/export.md.
 */
#ifndef PAIFU_CLI_TABLES_H
#define PAIFU_CLI_TABLES_H

#include "cli.h"

/* The tables of paifu/table.h (TAB_* = PAIFU_TABLE_*), their columns from the library. */
enum {
    TAB_GAMES = PAIFU_TABLE_GAMES,
    TAB_DEALS = PAIFU_TABLE_DEALS,
    TAB_WINS = PAIFU_TABLE_WINS,
    TAB_PLAYERS = PAIFU_TABLE_PLAYERS,
    TAB_EVENTS = PAIFU_TABLE_EVENTS,
    TAB_COUNT = PAIFU_TABLE_COUNT
};

/* A cell: null, an integer, a real or a text (borrowed until the row callback returns). */
typedef paifu_cell tab_cell;

typedef int (*tab_row_fn)(void *ctx, int table, const tab_cell *cells);

/* Names given with --player-names GAME:SEAT=NAME (repeatable): GAME is the game's number in
   the command's output (report's game N, export's game_id, counted over all inputs from 1),
   SEAT its 0-based seat. */
typedef struct tab_names {
    const char *const *specs;
    size_t n;
} tab_names;

/* True when SPEC is GAME:SEAT=NAME (NAME not empty); *NAME points into SPEC. */
bool tab_parse_player_name(const char *spec, long long *game, int *seat, const char **name);

/* The player of SEAT in game number ID: the name --player-names gives (NAMES may be NULL),
   else the log's, else "seat S of game ID": a seat without a name is a player of its own,
   never merged with another unnamed seat. Returns BUF or the log's name. */
const char *tab_player(char *buf, size_t size, const paifu_game *g, int seat, long long id,
                       const tab_names *names);

/* What is known of a game besides its log. */
typedef struct tab_game_info {
    long long id;       /* running number in this export, from 1 */
    const char *source; /* FILE or FILE:MEMBER */
    const char *format;
    const char *origin; /* who named the rule set: log, caller, assumed */
    long long findings; /* the verifier's findings for it */
    const paifu_report *verified; /* its verification: the replay's scores of its wins (the c_
                                     columns); NULL: none */
    const paifu_settled *settled; /* the settled view of the same verification (paifu_game_settle):
                                     the deals' labels, sticks and payments, the players' final
                                     points, scores and places come from it */
    const tab_names *names;       /* --player-names, NULL none */
} tab_game_info;

/* The rows of GAME checked under RULES, handed to FN table by table (paifu_table_rows): one
   games row, a deals row per deal, a wins row per win, a players row per seat. */
int tab_game(const paifu_game *game, const paifu_rules *rules, const tab_game_info *info,
             tab_row_fn fn, void *ctx);

/* The events rows of GAME, one per event of every deal in order, handed to FN as TAB_EVENTS
   rows. */
int tab_events(const paifu_game *game, const paifu_rules *rules, const tab_game_info *info,
               tab_row_fn fn, void *ctx);

/* Every game of the input operands ARGS (files, directories, databases, archives) checked and
   handed to tab_game (FN, CTX), and to tab_events when EVENTS, with the progress line when
   PROGRESS. Errors are printed and the
   next game read. Returns the CLI status (CLI_ERROR when an input or FN failed). */
int tab_run(char **args, int n, const paifu_read_options *ropts, const cli_rules_opts *ro,
            const tab_names *names, bool progress, bool events, tab_row_fn fn, void *ctx);

/* ---- statistics: per player name, over the players rows and wins rows ---- */

typedef struct tab_stats tab_stats;

int tab_stats_new(tab_stats **out);
void tab_stats_free(tab_stats *st);
/* A row callback that accumulates (ctx: the tab_stats). */
int tab_stats_row(void *ctx, int table, const tab_cell *cells);
/* The statistics, in the order of doc/export.md: their number, name ("avg_place"), heading
   ("1st") and whether they are rates. */
size_t tab_stats_count(void);
const char *tab_stats_name(size_t j);
const char *tab_stats_heading(size_t j);
bool tab_stats_is_rate(size_t j);
/* Call FN for every player (by kind of game, games played, then name) with its games, deals and the
   statistics (NAN when a denominator is 0). Returns the number of players, or -1 for memory. */
typedef void (*tab_stats_fn)(void *ctx, const char *name, const char *kind, long long games,
                             long long deals, const double *values);
/* The kinds of game among the players' rows: 4-player riichi, 3-player riichi and MCR are kept
   apart (a player of two kinds has a row for each; FN's KIND: "4-player riichi", ...). */
size_t tab_stats_kinds(const tab_stats *st);
long tab_stats_each(tab_stats *st, tab_stats_fn fn, void *ctx);
/* Print the statistics as text, csv or json to F (rows by games played, then name). */
int tab_stats_print(tab_stats *st, FILE *f, const char *format);

#endif
