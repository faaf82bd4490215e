/*
 * report_viewer.h: the deal viewer of the HTML report and of `paifu view`: every deal of a tile
 * log stepped through event by event. The states are lib's (paifu_table_walk), encoded per event
 * as string patches of the seats that changed; the page's script only applies them and draws.
 */
#ifndef PAIFU_CLI_REPORT_VIEWER_H
#define PAIFU_CLI_REPORT_VIEWER_H

#include "cli.h"

#include <stdio.h>

/* A finding the viewer shows beside its event. */
typedef struct rv_finding {
    size_t deal;      /* 1-based, 0 none */
    long event;       /* the deal's event index, -1 none */
    const char *code; /* "furiten.ron" */
    const char *text; /* the finding in words */
    const char *anchor; /* the report's anchor of its card ("game-1-finding-2"), NULL none */
} rv_finding;

/* The viewer data of GAME (number GAME_NUMBER in the page) as one JSON object, malloc'd; NULL
   when no deal has tiles to follow (a score sheet) or without memory. RULES may be NULL. */
char *rv_game_data(const paifu_game *game, const paifu_rules *rules, size_t game_number,
                   const rv_finding *findings, size_t n_findings);

/* The viewer's style (inside a <style> element). */
void rv_write_style(FILE *o);
/* The viewer: its panel, the tiles' SVG symbols, the data of GAMES (N JSON objects from
   rv_game_data, NULL entries skipped) and its script. STANDALONE: the page is the viewer
   (`paifu view`), opened at deal OPEN_DEAL (1-based; 0 the first). */
void rv_write_body(FILE *o, char *const *games, size_t n, bool standalone, size_t open_deal);

/* Every state of every deal of GAME as JSON (`paifu view --format json`, the tests' reference):
   {"deals":[{"label":..,"steps":[{"event":i,"hands":[..],"melds":[..],"rivers":[..],
   "scores":[..],"wall":n,"dora":".."}]}]}. */
int rv_write_states_json(FILE *o, const paifu_game *game, const paifu_rules *rules);

/* The report's hooks (report/collect.c, report_html.c): the viewer data of report game G (its
   findings linked to their cards), and the viewer of every game of DOC. */
struct rep_game;
struct rep_doc;
char *rep_viewer_data(const struct rep_game *g, const paifu_game *game, const paifu_rules *rules);
void rep_viewer_write(FILE *o, const struct rep_doc *doc);
/* The viewer's style when a game of DOC has a deal to show. */
void rep_viewer_style(FILE *o, const struct rep_doc *doc);

#endif
