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

#endif
