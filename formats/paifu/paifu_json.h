/* paifu_json.h: pieces shared by the reader and writer of paifu's own format. */
#ifndef PAIFU_FORMATS_PAIFU_JSON_H
#define PAIFU_FORMATS_PAIFU_JSON_H

#include "format.h"
#include "json_in.h"

/* Meta key under which the reader keeps `source.format` (the log's original format). */
#define PAIFU_JSON_ORIGIN_KEY "paifu.origin"

/* The writer (paifu_json_write.c; the format row of paifu_json_read.c). */
extern const format_writer paifu_json__writer;

/* Yaku (or MCR fan) by name: riichi yaku names, or "fan:N". */
int paifu_json__yaku_id(const char *name, uint16_t *id);

/*
 * Read a "rules" value: a preset name or {"preset", "overrides"}. Overrides are checked against
 * the rule table; with GAME they are recorded in it, with APPLY they are applied to it.
 */
int paifu_json__read_rules(json_cursor *c, const json_t *rules, paifu_game *game,
                           paifu_rules *apply);

/*
 * Apply a rule file's "parameters" (`paifu rules show --format json` writes every parameter's
 * value there) to APPLY: each value checked against the rule table, and set where it differs
 * from APPLY's (so the preset's own values count as no change).
 */
int paifu_json__read_rule_parameters(json_cursor *c, const json_t *params, paifu_rules *apply);

/*
 * The rule set of a game as a JSON object that travels with it in formats that have no place
 * for it, under the key PAIFU_RULES_KEY (an mjai start_game key, a tenhou.net/6 header key:
 * other readers ignore it): {"preset", "overrides", "unknown", "final_unknown", "assumed": reasons}
 * (each key only when the game has it). Written into B (no leading comma).
 */
#define PAIFU_RULES_KEY "paifu_rules"
struct paifu_buf;
void paifu_json__put_rules(struct paifu_buf *b, const paifu_game *g);

/* Read such an object into GAME: its preset, overrides and unknown reasons. */
int paifu_json__read_carried_rules(json_cursor *c, const json_t *rules, paifu_game *game);

/* A win's values computed from the tiles, not recorded (paifu_win.computed): their names in
   the key "computed", in this order; the last entry has no name (paifu_json_write.c). */
typedef struct paifu_json_computed {
    const char *name;
    unsigned bit;
} paifu_json_computed;
extern const paifu_json_computed PAIFU_JSON_COMPUTED[];

#endif
