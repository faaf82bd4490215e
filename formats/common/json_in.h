/*
 * json_in.h: reading jansson trees with error paths (private to formats/).
 *
 * jansson gives positions only for syntax errors, so semantic errors name the JSON path
 * ("$.deals[2].events[5].tile") of the offending value. A json_cursor carries the source name, the
 * current path and the error; push/pop build the path as a reader descends.
 */
#ifndef PAIFU_FORMATS_JSON_IN_H
#define PAIFU_FORMATS_JSON_IN_H

#include <jansson.h>
#include <paifu/game.h>
#include <stdbool.h>
#include <stddef.h>

#include "format.h"

/* One step of a path: a key (borrowed: a literal or a key of the tree being read, alive while
   the step is on the cursor) or, when key is NULL, an array index. */
typedef struct json_step {
    const char *key;
    size_t index;
} json_step;

#define JSON_CURSOR_DEPTH 32

/*
 * The path is kept as steps and written out only when an error (or a caller) asks for it
 * (json_cursor_path): readers push and pop a step per element, and formatting them all cost as
 * much as parsing the document.
 */
typedef struct json_cursor {
    const char *source;
    paifu_error *err;
    uint32_t line;   /* line of the document (JSON lines), 0 = unknown */
    char root[96];   /* the path's head ("$", or set by json_cursor_set) */
    json_step steps[JSON_CURSOR_DEPTH];
    size_t depth;    /* steps pushed (those past JSON_CURSOR_DEPTH are not kept) */
    char path[96];   /* written by json_cursor_path */
} json_cursor;

void json_cursor_init(json_cursor *c, const char *source, paifu_error *err);
size_t json_cursor_key(json_cursor *c, const char *key); /* push ".key"; returns the old depth */
size_t json_cursor_index(json_cursor *c, size_t index);  /* push "[i]" */
void json_cursor_pop(json_cursor *c, size_t old);
/* Make PATH (a written path, "$.a[1]") the whole path. */
void json_cursor_set(json_cursor *c, const char *path);
/* The current path written out ("$.deals[2].events[5].tile"; at most 95 bytes: the steps that
   do not fit are left off), in C's buffer. */
const char *json_cursor_path(json_cursor *c);

/* Set a PAIFU_EFORMAT error at the current path; returns PAIFU_EFORMAT. */
int jerr(json_cursor *c, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Set a PAIFU_EUNSUPPORTED error at the current path: valid, but not what paifu reads. */
int junsupported(json_cursor *c, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/*
 * A key of OBJ that is a slip (paifu_formats__near) of one of KNOWN[0..N) that OBJ lacks
 * ("lgo" for "log", "haed" for "head"; issue 36): its value would be left unread and what it
 * records lost, so it is an error at its path ("expected the key ..."). Known keys of fewer
 * than three letters are not looked for. 0 when there is none.
 */
int jslip(json_cursor *c, const json_t *obj, const char *const *known, size_t n);

/* Type name of V for messages ("string", "array", "missing"). */
const char *jtype(const json_t *v);

/* Index in DATA[0..SIZE) of the first byte after a UTF-8 byte order mark and JSON white space
   (SIZE when there is none): where a sniffer looks for the value. */
size_t jlead(const char *data, size_t size);

/* The first LIT in DATA[0..SIZE), or NULL: a sniffer's look for a key or a name. */
const char *jfind(const char *data, size_t size, const char *lit);

/* True when LIT occurs in DATA[0..SIZE): a sniffer's look for a key or a name. */
bool jcontains(const char *data, size_t size, const char *lit);

/* Load a JSON value from DATA[0..SIZE) with FLAGS; syntax errors become PAIFU_EFORMAT with the
 * line and column (LINE_BASE is added to jansson's line). It runs under a memory budget
 * (jbudget): a document that needs more is PAIFU_ELIMIT, refused before the allocation. */
int jload(json_t **out, const char *data, size_t size, size_t flags, uint32_t line_base,
          const char *source, paifu_error *err);
/* Like jload of BASE[POS..SIZE), but the value may be followed by more text: *USED is the bytes
 * it took. Columns on the value's first line count from BASE's line start. */
int jload_at(json_t **out, size_t *used, const char *base, size_t pos, size_t size, size_t flags,
             uint32_t line_base, const char *source, paifu_error *err);
/* Like jload_at of DATA[0..SIZE) where COL_BASE bytes of its first line precede DATA (they may
 * be gone: a streamed window). */
int jload_col(json_t **out, size_t *used, const char *data, size_t size, size_t flags,
              uint32_t line_base, uint32_t col_base, const char *source, paifu_error *err);
/* The end of the JSON value that starts in D[FROM..SIZE) after a byte order mark and white
 * space: the index after it, or SIZE when it does not end before SIZE (a streamed reader then
 * reads more). Strings and nesting are followed, nothing is checked: the parser does that. */
size_t jdoc_end(const char *d, size_t from, size_t size);
/*
 * Streaming (format.h) for a JSON reader whose state starts with the members of a
 * json_stream_head: its input, then the offset of its next document or line, from which on it
 * needs the bytes (a reader asserts that its own first members are these).
 */
typedef struct json_stream_head {
    format_input in;
    size_t pos;
} json_stream_head;
void jstream_span(const void *state, size_t *keep, size_t *next);
void jstream_rebase(void *state, const char *data, size_t size, size_t dropped);
#define JSTREAM_HEAD_OK(type)                                                                   \
    _Static_assert(offsetof(type, in) == offsetof(json_stream_head, in) &&                     \
                       offsetof(type, pos) == offsetof(json_stream_head, pos),                 \
                   #type " starts as a json_stream_head")
/* The memory budget of loading SIZE bytes of JSON (jload refuses a document that needs more,
 * with PAIFU_ELIMIT), and the most one load of the calling thread allocated since the last
 * call. */
size_t jbudget(size_t size);
size_t jbudget_most_used(void);

/* Free a value: a root that jload or jload_at gave with its whole tree at once (its arena), any
 * other as json_decref. Every loaded root is freed with jfree, never json_decref, and no part of
 * its tree outlives it (json_deep_copy what must). */
void jfree(json_t *v);

/* Integer V from MIN to MAX (errors at the current path); 0 or PAIFU_EFORMAT. */
int jint(json_cursor *c, const json_t *v, long long min, long long max, long long *out);
/* Tile notation S of at most CAP tiles (errors at the current path); 0 or PAIFU_EFORMAT. */
int jtiles(json_cursor *c, const char *s, paifu_tile *out, size_t cap, size_t *n_out);

/*
 * Field readers. `req` fails when the key is missing; `opt` returns 0 and leaves *OUT alone.
 * Both return 1 when the value was present (opt) / 0 on success (req), PAIFU_EFORMAT on a wrong
 * type or range.
 */
int jreq_int(json_cursor *c, const json_t *obj, const char *key, long long min, long long max,
             long long *out);
int jopt_int(json_cursor *c, const json_t *obj, const char *key, long long min, long long max,
             long long *out);
int jreq_str(json_cursor *c, const json_t *obj, const char *key, const char **out);
int jopt_str(json_cursor *c, const json_t *obj, const char *key, const char **out);
int jopt_bool(json_cursor *c, const json_t *obj, const char *key, bool *out);
/* Integer array of exactly N (or, when N_OUT is given, at most CAP) elements. */
int jopt_ints(json_cursor *c, const json_t *obj, const char *key, size_t n, long long min,
              long long max, int32_t *out);
/* Tile notation string of exactly 1 tile. */
int jreq_tile(json_cursor *c, const json_t *obj, const char *key, paifu_tile *out);
int jopt_tile(json_cursor *c, const json_t *obj, const char *key, paifu_tile *out);
/* Tile notation string of at most CAP tiles. */
int jopt_tiles(json_cursor *c, const json_t *obj, const char *key, paifu_tile *out, size_t cap,
               size_t *n_out);
/* Array of at most CAP tile ids 0..255. */
int jopt_ids(json_cursor *c, const json_t *obj, const char *key, uint8_t *out, size_t cap,
             size_t *n_out);

#endif
