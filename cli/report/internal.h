/*
 * internal.h: what the files of the report's document share among themselves (the writers read
 * document.h only): allocation that ends the command when memory runs out (a report is not
 * written without a part of it), and the standings as collect.c builds them (standings.c).
 */
#ifndef PAIFU_CLI_REPORT_INTERNAL_H
#define PAIFU_CLI_REPORT_INTERNAL_H

#include "document.h"

/* strdup of S ("" for NULL); exits on no memory. */
char *rep__dup(const char *s);
/* P grown to hold N + 1 elements of SIZE (*CAP updated); exits on no memory. */
void *rep__grow(void *p, size_t *cap, size_t n, size_t size);

/* One standings table being built, and all of them (standings.c). */
typedef struct rep_building {
    paifu_standings *st;
    paifu_rules *rules; /* the rule set of its first game: what its games score alike with */
    rep_standings info;
} rep_building;

typedef struct rep_builder {
    rep_building *b;
    size_t n, cap;
} rep_builder;

/* Rank GAME (the document's, read as G, verified under RULES named by ORIGIN, its result RES)
   in the table of its way of scoring and number of players, or list it as unranked with the
   reason. Returns 0 or a negative error. */
int rep__rank_game(rep_doc *doc, rep_builder *bd, rep_game *game, const paifu_game *g,
                   const paifu_rules *rules, const cli_rules_opts *ro,
                   paifu_rules_origin origin, const paifu_settled_result *res, paifu_error *err);
/* The tables ranked into DOC (the --sanction places added first), BD freed; the first table in
   the fields the writers read. Returns STATUS, or CLI_ERROR when a sanction could not be
   added. */
int rep__standings_finish(rep_doc *doc, rep_builder *bd, int status);

#endif
