/*
 * registry.c: the table of formats and the public reader/writer API built on it.
 *
 * Adding a format = its module's files, whose reader file defines its row (a format_impl, see
 * format.h for what a row may leave to the defaults here), + one line in FORMATS. Detection asks
 * every reader's sniffer for a confidence and takes the highest; the order of the table breaks
 * ties.
 */
#include "format.h"
#include "container.h"
#include "lossy.h"
#include "input.h"
#include "json_in.h"

#include <libxml/parser.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const format_impl paifu_format_paifu_json;
extern const format_impl paifu_format_mjlog;
extern const format_impl paifu_format_tenhou6;
extern const format_impl paifu_format_mjai;
extern const format_impl paifu_format_majsoul;
extern const format_impl paifu_format_pantheon;
extern const format_impl paifu_format_mcr_botzone;
extern const format_impl paifu_format_mcr_botzone_text;

static const format_impl *const FORMATS[] = {
    &paifu_format_paifu_json,
    &paifu_format_mjlog,
    &paifu_format_tenhou6,
    &paifu_format_mjai,
    &paifu_format_majsoul,
    &paifu_format_pantheon,
    &paifu_format_mcr_botzone,
    &paifu_format_mcr_botzone_text,
};

#define N_FORMATS (sizeof(FORMATS) / sizeof(FORMATS[0]))

/* Detection of a gzip file inflates its head only: the sniffers look at the first few KiB (a
   Botzone log anywhere in its text; real ones are under 200 KB), and a bomb then costs little. */
#define DETECT_PREFIX ((uint64_t)8 << 20)

void paifu_init(void)
{
    xmlInitParser();
}

/* ---- errors and losses ---- */

int paifu_formats__error(paifu_error *err, paifu_error_code code, const char *source,
                         uint32_t line, uint32_t column, const char *path, const char *fmt, ...)
{
    if (!err || err->code != PAIFU_OK)
        return code;
    paifu_location where;
    paifu_location_clear(&where);
    paifu_location_set_source(&where, source ? source : "");
    where.line = line;
    where.column = column;
    if (path)
        snprintf(where.path, sizeof(where.path), "%s", path);
    char text[sizeof(err->text)];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof(text), fmt, ap);
    va_end(ap);
    return paifu_error_set(err, code, &where, "%s", text);
}

/* Whether KIND is one of the comma-separated LIST. */
static bool listed(const char *list, const char *kind)
{
    size_t n = strlen(kind);
    for (const char *p = list; p && *p;) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (len == n && memcmp(p, kind, n) == 0)
            return true;
        p = e ? e + 1 : NULL;
    }
    return false;
}

int paifu_formats__loss(format_writer_ctx *ctx, const paifu_game *game, const char *kind,
                        const char *what, paifu_error *err)
{
    const paifu_write_options *o = ctx->opts;
    if (o->on_loss)
        o->on_loss(game, what, o->loss_payload);
    if (o->on_loss_kind)
        o->on_loss_kind(game, kind, what, o->loss_payload);
    if (o->strict && !listed(o->allow_loss, kind))
        return paifu_error_set(err, PAIFU_EUNSUPPORTED, NULL,
                               "the target format cannot carry %s (--strict; --allow-loss %s "
                               "lets it go)",
                               what, kind);
    return 0;
}

int paifu_formats__computed(format_writer_ctx *ctx, const paifu_game *game, const char *what,
                            const char *brief, paifu_error *err)
{
    const paifu_write_options *o = ctx->opts;
    if (o->on_loss)
        o->on_loss(game, what, o->loss_payload);
    if (o->on_loss_kind)
        o->on_loss_kind(game, "computed", what, o->loss_payload);
    if (o->strict && !listed(o->allow_loss, "computed"))
        return paifu_error_set(err, PAIFU_EUNSUPPORTED, NULL,
                               "values the source does not record would be written as computed "
                               "(%s; --strict; --allow-loss computed or --fill lets them go)",
                               brief);
    return 0;
}

int paifu_formats__refuse(paifu_error *err, const char *format, const paifu_deal *deal,
                          const char *fmt, ...)
{
    paifu_location where;
    paifu_location_clear(&where);
    if (deal)
        paifu_deal_label(where.deal, sizeof(where.deal), &deal->start);
    char text[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof(text), fmt, ap);
    va_end(ap);
    return paifu_error_set(err, PAIFU_EUNSUPPORTED, &where, "%s cannot hold this game: %s", format,
                           text);
}

/* ---- format table ---- */

size_t paifu_format_count(void)
{
    return N_FORMATS;
}

const paifu_format_info *paifu_format(size_t i)
{
    return i < N_FORMATS ? &FORMATS[i]->info : NULL;
}

/* Other names a format is known by: Tenhou's XML logs are "mjlog" files (the name Tenhou's
   own viewer and most tools give them). */
static const struct {
    const char *alias, *name;
} ALIASES[] = {{"mjlog", "tenhou-xml"}};

const format_impl *paifu_formats__find(const char *name)
{
    if (!name)
        return NULL;
    for (size_t i = 0; i < sizeof(ALIASES) / sizeof(ALIASES[0]); i++)
        if (strcmp(ALIASES[i].alias, name) == 0)
            name = ALIASES[i].name;
    for (size_t i = 0; i < N_FORMATS; i++)
        if (strcmp(FORMATS[i]->info.name, name) == 0)
            return FORMATS[i];
    return NULL;
}

static char lower(char c)
{
    return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

/* Whether A[0..N) and B[0..N) are the same, ASCII case aside. */
static bool same_ci(const char *a, const char *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (lower(a[i]) != lower(b[i]))
            return false;
    return true;
}

bool paifu_formats__near(const char *w, size_t n, const char *word)
{
    size_t m = strlen(word);
    if (n + 1 < m || n > m + 1 || n == 0)
        return false;
    size_t i = 0;
    while (i < n && i < m && lower(w[i]) == lower(word[i]))
        i++;
    if (i == n && i == m)
        return true; /* the word itself (in another case) */
    const char *a = w + i, *b = word + i;
    size_t an = n - i, bn = m - i;
#define SAME(x, xn, y, yn) ((xn) == (yn) && same_ci(x, y, xn))
    bool ok = SAME(a + 1, an - 1, b + 1, bn - 1) ||      /* one wrong */
              (an >= 1 && SAME(a + 1, an - 1, b, bn)) || /* one added */
              (bn >= 1 && SAME(a, an, b + 1, bn - 1)) || /* one missing */
              (an >= 2 && bn >= 2 && lower(a[0]) == lower(b[1]) && lower(a[1]) == lower(b[0]) &&
               SAME(a + 2, an - 2, b + 2, bn - 2)); /* two swapped */
#undef SAME
    return ok;
}

const paifu_format_info *paifu_format_find(const char *name)
{
    const format_impl *f = paifu_formats__find(name);
    return f ? &f->info : NULL;
}

bool paifu_format_multi_game(const char *format)
{
    const format_impl *f = paifu_formats__find(format);
    return f && f->multi_game;
}

static const format_impl *detect(const char *data, size_t size)
{
    const format_impl *best = NULL;
    int best_score = 0;
    for (size_t i = 0; i < N_FORMATS; i++) {
        if (!FORMATS[i]->sniff || !FORMATS[i]->reader_next)
            continue;
        int s = FORMATS[i]->sniff(data, size);
        if (s > best_score) {
            best_score = s;
            best = FORMATS[i];
        }
    }
    return best;
}

/*
 * The format an input no sniffer takes resembles most (issue 36: a damaged file of a known
 * format goes to that format's reader, whose error names the place; "not a log" is for a file
 * that resembles nothing): the highest likeness, the table's order breaking ties. ALSO (when
 * not NULL) gets the names of the other formats it resembles, "" when none.
 */
static const format_impl *resemble(const char *data, size_t size, const char *name, char *also,
                                   size_t also_size)
{
    const format_impl *best = NULL;
    int best_score = 0;
    int scores[N_FORMATS];
    for (size_t i = 0; i < N_FORMATS; i++) {
        scores[i] = FORMATS[i]->resembles && FORMATS[i]->reader_next
                        ? FORMATS[i]->resembles(data, size, name ? name : "")
                        : 0;
        if (scores[i] > best_score) {
            best_score = scores[i];
            best = FORMATS[i];
        }
    }
    if (also && also_size) {
        size_t used = 0;
        also[0] = '\0';
        for (size_t i = 0; i < N_FORMATS && best; i++)
            if (scores[i] > 0 && FORMATS[i] != best && used < also_size)
                used += (size_t)snprintf(also + used, also_size - used, "%s%s", used ? ", " : "",
                                         FORMATS[i]->info.name);
    }
    return best;
}

/*
 * Input that no sniffer knows, looked at once more before it is called no log (issue 27: a
 * damaged log must not vanish among the files that are not logs). DATA[0..SIZE) is the whole
 * input. An empty input (no bytes, or only white space) is "empty". A JSON document cut short
 * (a file truncated in a copy or a download: its first value opens and never closes) is a
 * damaged document whatever it was, and the marks a sniffer looks for may be in the part that
 * is gone (MahjongSoul's round records, tenhou.net/6's "log" after its title and rules): it is
 * unreadable with the JSON parser's error, the one its reader gives when named (--from). Returns
 * 0 when the input is neither (it is no log), else the error.
 */
static int damaged(const char *data, size_t size, const char *source, paifu_error *err)
{
    size_t i = jlead(data, size);
    if (i >= size)
        return paifu_formats__error(err, PAIFU_EFORMAT, source, 0, 0, NULL,
                                    size ? "empty: the input holds only white space"
                                         : "empty: the input holds no bytes");
    if ((data[i] != '{' && data[i] != '[') || jdoc_end(data, i, size) < size)
        return 0;
    json_t *root = NULL;
    int rc = jload(&root, data, size, 0, 0, source, err);
    jfree(root);
    if (rc == 0) /* jdoc_end checks nothing: a value that parses is whole */
        return 0;
    return rc;
}

const char *paifu_format_detect(const void *data, size_t size)
{
    /* as a reader sees the bytes (paifu_input__decode): a byte order mark dropped, UTF-16
       decoded (into a copy: DATA is the caller's), NUL padding dropped */
    char *copy = NULL;
    uint64_t held = 0;
    size_t dropped;
    if (data && size && (paifu_input__utf16(data, size) || ((const unsigned char *)data)[0] == 0xEF ||
                         ((const char *)data)[size - 1] == '\0')) {
        if (paifu_input__hold(&copy, data, size, &held, "", NULL) < 0 ||
            paifu_input__decode(&copy, &size, &held, &dropped, true, "", NULL) < 0) {
            free(copy);
            paifu_input__release(held);
            return NULL;
        }
        data = copy;
    }
    const format_impl *f = detect(data, size);
    if (!f)
        f = resemble(data, size, "", NULL, 0);
    free(copy);
    paifu_input__release(held);
    return f ? f->info.name : NULL;
}

/* ---- options ---- */

int paifu_read_options_init(paifu_read_options *opts, unsigned int version)
{
    if (!opts || version != PAIFU_READ_OPTIONS_VERSION)
        return PAIFU_EINVAL;
    paifu_read_options init = PAIFU_READ_OPTIONS_INIT;
    *opts = init;
    return 0;
}

int paifu_write_options_init(paifu_write_options *opts, unsigned int version)
{
    if (!opts || version != PAIFU_WRITE_OPTIONS_VERSION)
        return PAIFU_EINVAL;
    paifu_write_options init = PAIFU_WRITE_OPTIONS_INIT;
    *opts = init;
    return 0;
}

/* ---- reader ---- */

struct paifu_reader {
    char *data; /* the whole input, or the window over a streamed one */
    size_t size;
    uint64_t held; /* bytes of the process's input budget that DATA holds */
    size_t cap;                /* a streamed window's capacity (data has cap + 1 bytes) */
    bool streaming;            /* read through a window (stream_fill) */
    paifu_input_stream stream; /* where a streamed window's bytes come from */
    bool compressed;
    uint64_t base; /* bytes of the input before data[0]: a UTF-8 byte order mark dropped */
    char also[96]; /* read as the format it resembles: the others it resembles (resemble) */
    bool no_log_ok; /* content that resembles no format is no error (paifu_reader_open_log) */
    char source[256];
    paifu_read_options opts;
    const format_impl *impl;
    void *state;
    paifu_game *game;
    bool done;
    /* a log database or an archive: its members are read by an inner reader each */
    paifu_container *box;
    container_kind kind;
    paifu_reader *inner;
    uint64_t skipped; /* members that are no log */
    char ref[256];    /* a database row's log id, set as metadata tenhou.ref on its game */
    paifu_game *spare; /* the last member's game, for the next member */
    /* a piece of a container (paifu_reader_split): its one member, opened when first read */
    bool piece_member;
    container_member member;
    char member_name[256];
    char member_ref[256];
};

void paifu_reader_free(paifu_reader *r)
{
    if (!r)
        return;
    if (r->state)
        (r->impl->reader_free ? r->impl->reader_free : free)(r->state);
    paifu_reader_free(r->inner);
    paifu_game_free(r->spare);
    paifu_container__free(r->box);
    paifu_game_free(r->game);
    paifu_input__stream_close(&r->stream);
    free(r->data);
    paifu_input__release(r->held);
    if (r->piece_member)
        free(r->member.data);
    free(r);
}

static int window_refill(void *ctx, paifu_error *err);

/* The row's reader_open, or the default one: a zeroed state that starts with the input. */
static int open_state(paifu_reader *r, paifu_error *err)
{
    format_input in = {r->data, r->size, r->source, &r->opts, r->base, NULL, NULL};
    if (r->streaming) {
        in.refill = window_refill;
        in.refill_ctx = r;
    }
    if (r->impl->reader_open)
        return r->impl->reader_open(&r->state, &in, err);
    size_t size = r->impl->reader_size;
    format_input *state = calloc(1, size > sizeof(in) ? size : sizeof(in));
    if (!state)
        return paifu_error_set(err, PAIFU_ENOMEM, NULL, "out of memory");
    *state = in;
    r->state = state;
    return 0;
}

/* A new reader named SOURCE under OPTS (NULL: the defaults), no input yet. */
static int reader_new(paifu_reader **out, const char *source, const paifu_read_options *opts,
                      paifu_error *err)
{
    paifu_reader *r = calloc(1, sizeof(*r));
    if (!r)
        return paifu_error_set(err, PAIFU_ENOMEM, NULL, "out of memory");
    snprintf(r->source, sizeof(r->source), "%s", source);
    if (opts) {
        if (opts->version != PAIFU_READ_OPTIONS_VERSION) {
            free(r);
            return paifu_error_set(err, PAIFU_EINVAL, NULL, "unknown read options version %u",
                                   opts->version);
        }
        r->opts = *opts;
    } else {
        paifu_read_options_init(&r->opts, PAIFU_READ_OPTIONS_VERSION);
    }
    *out = r;
    return 0;
}

/* The reader's format: the one the options name, else the one detected in its bytes. */
static int choose_format(paifu_reader *r, paifu_error *err)
{
    if (r->opts.format) {
        r->impl = paifu_formats__find(r->opts.format);
        if (!r->impl || !r->impl->reader_next)
            return paifu_error_set(err, PAIFU_EINVAL, NULL, "unknown input format \"%s\"",
                                   r->opts.format);
        return 0;
    }
    r->impl = detect(r->data, r->size);
    if (!r->impl)
        r->impl = resemble(r->data, r->size, r->source, r->also, sizeof(r->also));
    if (!r->impl) {
        int rc = damaged(r->data, r->size, r->source, err);
        if (rc < 0 || r->no_log_ok)
            return rc < 0 ? rc : 1; /* 1: no log (paifu_reader_open_log) */
        return paifu_formats__error(err, PAIFU_EFORMAT, r->source, 0, 0, NULL,
                                    "unrecognised input: expected a mahjong log (paifu JSON, "
                                    "Tenhou XML or JSON, MahjongSoul, mjai, ...)");
    }
    return 0;
}

/* The game and the format's state, once the input and the format are known. */
static int start_reading(paifu_reader *r, paifu_error *err)
{
    int rc = r->game ? 0 : paifu_game_new(&r->game, err);
    if (rc < 0)
        return rc;
    paifu_game_set_limits(r->game, r->opts.max_deals, r->opts.max_events);
    return open_state(r, err);
}

static int open_told(paifu_reader **out, char *data, size_t size, uint64_t held,
                     const char *source, const paifu_read_options *opts, paifu_game *game,
                     bool *no_log, paifu_error *err);

/* Takes ownership of DATA (malloc'd, NUL-terminated; HELD bytes of it counted against the
   process's input budget) and of GAME (NULL: a new one; a container hands the game of its last
   member on, so that its arena is not built again). */
static int open_reusing(paifu_reader **out, char *data, size_t size, uint64_t held,
                        const char *source, const paifu_read_options *opts, paifu_game *game,
                        paifu_error *err)
{
    return open_told(out, data, size, held, source, opts, game, NULL, err);
}

/* As open_reusing; with NO_LOG, content that resembles no format gives 0, *OUT NULL and
   *NO_LOG true (as paifu_format_detect tells NULL), not an error. */
static int open_told(paifu_reader **out, char *data, size_t size, uint64_t held,
                     const char *source, const paifu_read_options *opts, paifu_game *game,
                     bool *no_log, paifu_error *err)
{
    paifu_reader *r;
    int rc = reader_new(&r, source, opts, err);
    if (rc < 0) {
        free(data);
        paifu_game_free(game);
        paifu_input__release(held);
        return rc;
    }
    r->no_log_ok = no_log != NULL;
    r->game = game;
    r->data = data;
    r->size = size;
    r->held = held;
    uint64_t max_inflated = r->opts.max_inflated ? r->opts.max_inflated : DEFAULT_MAX_INFLATED;
    size_t dropped = 0;
    rc = paifu_input__gunzip(&r->data, &r->size, &r->held, &r->compressed, max_inflated, r->source,
                             err);
    if (rc == 0)
        rc = paifu_input__decode(&r->data, &r->size, &r->held, &dropped, true, r->source, err);
    r->base = dropped;
    if (rc == 0 && (rc = choose_format(r, err)) == 1) {
        *no_log = true;
        paifu_reader_free(r);
        return 0;
    }
    if (rc < 0 || (rc = start_reading(r, err)) < 0) {
        paifu_reader_free(r);
        return rc;
    }
    *out = r;
    return 0;
}

static int open_owned(paifu_reader **out, char *data, size_t size, uint64_t held,
                      const char *source, const paifu_read_options *opts, paifu_error *err)
{
    return open_reusing(out, data, size, held, source, opts, NULL, err);
}

/* ---- streamed input ---- */

/* Append up to a chunk of the stream to the window (growing it; the reader's state, if any,
   is not told: stream_fill does that). */
static int window_more(paifu_reader *r, paifu_error *err)
{
    size_t chunk = paifu_input__stream_chunk ? paifu_input__stream_chunk : 1;
    if (r->cap - r->size < chunk) {
        size_t ncap = r->cap ? r->cap : chunk;
        while (ncap - r->size < chunk)
            ncap *= 2;
        int rc = paifu_input__grow(&r->data, &r->held, ncap, r->source, err);
        if (rc < 0)
            return rc;
        r->cap = ncap;
    }
    size_t got;
    int rc = paifu_input__stream_read(&r->stream, r->data + r->size, chunk, &got, err);
    r->size += got;
    return rc;
}

/* A reader's in.refill: the window slides past the bytes before the reader's keep offset and
   takes up to a chunk more of the stream; the reader's state follows it (stream_rebase). */
static int window_refill(void *ctx, paifu_error *err)
{
    paifu_reader *r = ctx;
    if (r->stream.eof)
        return 0;
    size_t keep, next;
    r->impl->stream_span(r->state, &keep, &next);
    if (keep > 0) {
        memmove(r->data, r->data + keep, r->size - keep + 1);
        r->size -= keep;
    }
    int rc = window_more(r, err);
    r->impl->stream_rebase(r->state, r->data, r->size, keep);
    return rc < 0 ? rc : 1;
}

/*
 * Before each game of a streamed input: make the window hold the whole next game (or the
 * stream's end), dropping the bytes before the reader's keep offset as it slides.
 */
static int stream_fill(paifu_reader *r, paifu_error *err)
{
    size_t keep, next;
    r->impl->stream_span(r->state, &keep, &next);
    size_t dropped = 0, scanned = 0; /* bytes of the game the last game_end scan saw */
    bool moved = false;
    /* the window grows by a chunk at a time; a game that does not end in it is scanned again
       only once the window holds twice as much of it, so a huge or endless document (a 40 MB
       JSON of {},) costs linear time, not a scan per chunk (issue 16: 2.1 s of CPU, 95% in
       jdoc_end, for 40 MB) */
    while (!r->stream.eof) {
        size_t span = next < r->size ? r->size - next : 0;
        if (span > 0 && span >= 2 * scanned) {
            scanned = span;
            if (r->impl->game_end(r->data, next, r->size) < r->size)
                break;
        }
        if (keep > 0) {
            memmove(r->data, r->data + keep, r->size - keep + 1);
            r->size -= keep;
            next -= keep;
            dropped += keep;
            keep = 0;
        }
        moved = true;
        int rc = window_more(r, err);
        if (rc < 0)
            return rc;
    }
    if (moved)
        r->impl->stream_rebase(r->state, r->data, r->size, dropped);
    return 0;
}

/*
 * Over a file larger than a chunk (F open after its first LEN bytes, PREFIX): a format that
 * streams reads it through a window; any other gets the whole (inflated) input, as before.
 */
static int open_stream(paifu_reader **out, FILE *f, char *prefix, size_t len, uint64_t held,
                       const char *source, const paifu_read_options *opts, paifu_error *err)
{
    paifu_reader *r;
    int rc = reader_new(&r, source, opts, err);
    if (rc < 0) {
        free(prefix);
        paifu_input__release(held);
        if (f != stdin)
            fclose(f);
        return rc;
    }
    uint64_t max = r->opts.max_input ? r->opts.max_input : DEFAULT_MAX_INPUT;
    uint64_t max_inflated = r->opts.max_inflated ? r->opts.max_inflated : DEFAULT_MAX_INFLATED;
    paifu_input__stream_init(&r->stream, f, prefix, len, held, r->source, max, max_inflated);
    r->compressed = r->stream.gzip;
    if ((rc = window_more(r, err)) < 0)
        goto fail;
    /* UTF-16 text is decoded whole (it does not stream); a UTF-8 byte order mark is dropped
       from the first window */
    bool utf16 = paifu_input__utf16(r->data, r->size);
    while (utf16 && !r->stream.eof)
        if ((rc = window_more(r, err)) < 0)
            goto fail;
    size_t dropped = 0;
    if ((rc = paifu_input__decode(&r->data, &r->size, &r->held, &dropped, r->stream.eof, r->source,
                                  err)) < 0)
        goto fail;
    r->base = dropped;
    if (utf16)
        r->cap = r->size;
    if (r->opts.format)
        r->impl = paifu_formats__find(r->opts.format);
    else
        r->impl = detect(r->data, r->size);
    r->streaming = r->impl && r->impl->game_end && r->impl->reader_next;
    while (!r->streaming && !r->stream.eof)
        if ((rc = window_more(r, err)) < 0)
            goto fail;
    if (!r->streaming && (rc = choose_format(r, err)) < 0)
        goto fail;
    if ((rc = start_reading(r, err)) < 0)
        goto fail;
    *out = r;
    return 0;
fail:
    paifu_reader_free(r);
    return rc;
}

/* PATH is a log database or an archive of KIND: a reader of its members. */
static int open_container(paifu_reader **out, const char *path, container_kind kind,
                          const paifu_read_options *opts, paifu_error *err)
{
    paifu_reader *r;
    int rc = reader_new(&r, path, opts, err);
    if (rc < 0)
        return rc;
    r->opts.source_name = NULL;
    r->kind = kind;
    rc = paifu_container__open(&r->box, path, kind, &r->opts, err);
    if (rc < 0) {
        free(r);
        return rc;
    }
    *out = r;
    return 0;
}

/* Open member M (its bytes now R's to free) in a new inner reader: 1, 0 when it is no log
   (skipped, counted), or a negative error naming it. */
static int open_member(paifu_reader *r, container_member *m, paifu_error *err)
{
    bool compressed;
    snprintf(r->source, sizeof(r->source), "%s", m->name);
    uint64_t max_inflated = r->opts.max_inflated ? r->opts.max_inflated : DEFAULT_MAX_INFLATED;
    /* the member's bytes are the container's (capped per member); what inflating them
       makes counts against the process's input budget like any input */
    uint64_t held = 0;
    size_t dropped;
    int rc = paifu_input__gunzip(&m->data, &m->size, &held, &compressed, max_inflated, m->name,
                                 err);
    if (rc == 0)
        rc = paifu_input__decode(&m->data, &m->size, &held, &dropped, true, m->name, err);
    if (rc < 0) {
        free(m->data);
        return rc;
    }
    if (paifu_container__sniff((const unsigned char *)m->data, m->size) != CONTAINER_NONE) {
        free(m->data);
        paifu_input__release(held);
        return paifu_formats__error(err, PAIFU_EFORMAT, m->name, 0, 0, NULL,
                                    "an archive or database inside an archive: refused "
                                    "(unpack it first)");
    }
    if (!r->opts.format && !detect(m->data, m->size) &&
        !resemble(m->data, m->size, m->name, NULL, 0)) {
        /* a database row (it has a log id) is a downloaded log: houou-logs stores nothing else
           there, so a row that is none is damage, unreadable. An archive member is as a file
           in a folder: a damaged one is unreadable, an empty one or a README skipped. */
        if (m->ref)
            rc = paifu_formats__error(err, PAIFU_EFORMAT, m->name, 0, 0, NULL,
                                      "the row holds no log paifu reads (expected Tenhou's "
                                      "mjlog XML, gzip-compressed, as houou-logs stores it)");
        else
            rc = jlead(m->data, m->size) < m->size ? damaged(m->data, m->size, m->name, err)
                                                   : 0;
        free(m->data); /* a README beside the logs, as in a folder */
        paifu_input__release(held);
        if (rc < 0)
            return rc;
        r->skipped++;
        return 0;
    }
    paifu_game *spare = r->spare;
    r->spare = NULL;
    if ((rc = open_reusing(&r->inner, m->data, m->size, held, m->name, &r->opts, spare, err)) < 0)
        return rc;
    r->inner->compressed = compressed;
    snprintf(r->inner->ref, sizeof(r->inner->ref), "%s", m->ref ? m->ref : "");
    return 1;
}

/* The next member of R's container with a log in it (or a piece's one member), in a new
   inner reader: 1, 0 at the end, or a negative error (R->done when it ends the container). */
static int next_member(paifu_reader *r, paifu_error *err)
{
    for (;;) {
        container_member m;
        bool fatal = false;
        int rc;
        if (r->piece_member) {
            m = r->member;
            r->piece_member = false;
            r->done = true;
            rc = 1;
        } else if (r->box) {
            rc = paifu_container__next(r->box, &m, &fatal, err);
        } else {
            rc = 0;
        }
        if (rc <= 0) {
            r->done = rc == 0 || fatal;
            return rc;
        }
        if ((rc = open_member(r, &m, err)) != 0)
            return rc;
    }
}

/* paifu_reader_next over a container: the games of its members one after the other. An error
   ends the member it is in, not the container. */
static int next_in_container(const paifu_game **out, paifu_reader *r, paifu_error *err)
{
    for (;;) {
        if (!r->inner) {
            if (r->done)
                return 0;
            int rc = next_member(r, err);
            if (rc <= 0)
                return rc;
        }
        int rc = paifu_reader_next(out, r->inner, err);
        if (rc > 0) {
            if (r->inner->ref[0] && !paifu_game_meta_get(*out, "tenhou.ref") &&
                (rc = paifu_game_set_meta(r->inner->game, "tenhou.ref", r->inner->ref, err)) < 0)
                return rc;
            return 1;
        }
        if (!r->spare) { /* keep its game (and arena) for the next member */
            r->spare = r->inner->game;
            r->inner->game = NULL;
        }
        paifu_reader_free(r->inner);
        r->inner = NULL;
        if (rc < 0)
            return rc;
    }
}

/* A file's first bytes (paifu_input__open_prefix under the options' max_input). */
typedef struct file_start {
    FILE *f; /* open after them, or NULL when they are the whole file (ALL) */
    char *data;
    size_t size;
    uint64_t held;
    bool all;
} file_start;

static int read_start(file_start *s, const char *path, const paifu_read_options *opts,
                      paifu_error *err)
{
    uint64_t max = opts && opts->max_input ? opts->max_input : DEFAULT_MAX_INPUT;
    return paifu_input__open_prefix(&s->f, &s->data, &s->size, &s->held, &s->all, path, max,
                                    err);
}

/*
 * A file's first bytes (read_start) and whether it is a log database or archive (*KIND), told
 * from those bytes (stdin never is one), so that a file is opened once. When they cannot be
 * read (a cap), its first block alone is looked at, as a container may still be read.
 */
static int start_file(file_start *s, int *kind, const char *path, const paifu_read_options *opts,
                      paifu_error *err)
{
    int rc = read_start(s, path, opts, err);
    if (rc < 0) {
        *kind = paifu_container__peek(path, err);
        if (*kind > CONTAINER_NONE)
            paifu_error_clear(err);
        return *kind > CONTAINER_NONE ? 0 : rc;
    }
    *kind = strcmp(path, "-") == 0 ? CONTAINER_NONE
                                   : (int)paifu_container__sniff((const unsigned char *)s->data,
                                                                 s->size < 4096 ? s->size : 4096);
    if (*kind != CONTAINER_NONE) {
        free(s->data);
        paifu_input__release(s->held);
        if (s->f)
            fclose(s->f);
    }
    return 0;
}

/* Open PATH (paifu_reader_open); with SKIP, a file that is no log is told (paifu_reader_open_log). */
static int open_path(paifu_reader **out, const char *path, const paifu_read_options *opts,
                     const char **skip, paifu_error *err)
{
    *out = NULL;
    file_start s;
    int kind;
    int rc = start_file(&s, &kind, path, opts, err);
    if (rc < 0)
        return rc;
    if (kind != CONTAINER_NONE)
        return open_container(out, path, (container_kind)kind, opts, err);
    const char *name = opts && opts->source_name ? opts->source_name : path;
    if (!s.all && !skip)
        return open_stream(out, s.f, s.data, s.size, s.held, name, opts, err);
    if (!s.all) { /* too large to be read whole: told from its first bytes, then opened again */
        free(s.data);
        paifu_input__release(s.held);
        if (s.f && s.f != stdin)
            fclose(s.f);
        const char *format = NULL;
        if (paifu_format_detect_file(&format, path, NULL, err) == 0 && !format) {
            *skip = "not a log";
            return 0;
        }
        paifu_error_clear(err);
        return open_path(out, path, opts, NULL, err);
    }
    if (skip && s.size == 0) { /* no byte: no format's */
        free(s.data);
        paifu_input__release(s.held);
        *skip = "empty";
        return 0;
    }
    /* the bytes read once, told as the reader chooses its format */
    bool no_log = false;
    rc = open_told(out, s.data, s.size, s.held, name, opts, NULL, skip ? &no_log : NULL, err);
    if (rc == 0 && no_log)
        *skip = "not a log";
    return rc;
}

int paifu_reader_open(paifu_reader **out, const char *path, const paifu_read_options *opts,
                      paifu_error *err)
{
    if (!out || !path)
        return paifu_error_set(err, PAIFU_EINVAL, NULL, "invalid argument: path");
    return open_path(out, path, opts, NULL, err);
}

int paifu_reader_open_log(paifu_reader **out, const char *path, const paifu_read_options *opts,
                          const char **skip, paifu_error *err)
{
    if (!out || !path || !skip)
        return paifu_error_set(err, PAIFU_EINVAL, NULL, "invalid argument");
    *skip = NULL;
    return open_path(out, path, opts, skip, err);
}

/* The format of a whole file's bytes DATA (taken: freed, HELD given back), inflated and decoded
   within MAX_INFLATED bytes: as paifu_format_detect_file. */
static int detect_whole(const char **out, char *data, size_t size, uint64_t held,
                        uint64_t max_inflated, const char *path, paifu_error *err)
{
    bool compressed;
    size_t dropped;
    int rc;
    *out = NULL;
    if ((rc = paifu_input__gunzip_prefix(&data, &size, &held, &compressed, max_inflated, path,
                                         err)) == 0 &&
        (rc = paifu_input__decode(&data, &size, &held, &dropped, true, path, err)) == 0) {
        const format_impl *fmt = detect(data, size);
        if (!fmt)
            fmt = resemble(data, size, path, NULL, 0);
        *out = fmt ? fmt->info.name : NULL;
        /* a damaged document is an unreadable input, not "no log" (the whole of it only: an
           inflated head cut at the cap is no damage) */
        if (!fmt && size < max_inflated && jlead(data, size) < size)
            rc = damaged(data, size, path, err);
    }
    free(data);
    paifu_input__release(held);
    return rc;
}

int paifu_format_detect_file(const char **out, const char *path, const paifu_read_options *opts,
                             paifu_error *err)
{
    if (!out || !path)
        return paifu_error_set(err, PAIFU_EINVAL, NULL, "invalid argument: path");
    *out = NULL;
    uint64_t max = opts && opts->max_input ? opts->max_input : DEFAULT_MAX_INPUT;
    uint64_t max_inflated = opts && opts->max_inflated ? opts->max_inflated : DEFAULT_MAX_INFLATED;
    file_start s;
    int kind;
    int rc = start_file(&s, &kind, path, opts, err);
    if (rc < 0)
        return rc;
    if (kind != CONTAINER_NONE) {
        *out = kind == CONTAINER_DATABASE ? "houou-logs" : "archive";
        return 0;
    }
    FILE *f = s.f;
    char *data = s.data;
    size_t size = s.size;
    uint64_t held = s.held;
    if (max_inflated > DETECT_PREFIX)
        max_inflated = DETECT_PREFIX;
    if (s.all)
        return detect_whole(out, data, size, held, max_inflated, path, err);
    /* a large file: a format that streams is known from its first chunk, as the reader
       knows it (open_stream); any other from its first DETECT_PREFIX bytes (inflated) */
    paifu_reader *r;
    if ((rc = reader_new(&r, path, opts, err)) < 0) {
        free(data);
        paifu_input__release(held);
        if (f != stdin)
            fclose(f);
        return rc;
    }
    paifu_input__stream_init(&r->stream, f, data, size, held, r->source, max, UINT64_MAX);
    size_t dropped;
    bool utf16 = false;
    if ((rc = window_more(r, err)) == 0) {
        utf16 = paifu_input__utf16(r->data, r->size);
        while (rc == 0 && utf16 && !r->stream.eof && r->size < max_inflated)
            rc = window_more(r, err);
        if (rc == 0)
            rc = paifu_input__decode(&r->data, &r->size, &r->held, &dropped, r->stream.eof, path,
                                     err);
    }
    if (rc == 0) {
        if (utf16)
            r->cap = r->size; /* the decoded text's buffer */
        const format_impl *fmt = detect(r->data, r->size);
        while (rc == 0 && !(fmt && fmt->game_end) && !r->stream.eof && r->size < max_inflated)
            rc = window_more(r, err);
        if (rc == 0 && !(fmt && fmt->game_end)) {
            if (r->size > max_inflated)
                r->data[r->size = (size_t)max_inflated] = '\0';
            fmt = detect(r->data, r->size);
            if (!fmt)
                fmt = resemble(r->data, r->size, path, NULL, 0);
        }
        *out = rc == 0 && fmt ? fmt->info.name : NULL;
        if (rc == 0 && !fmt && r->stream.eof && r->size < max_inflated &&
            jlead(r->data, r->size) < r->size)
            rc = damaged(r->data, r->size, path, err);
    }
    paifu_reader_free(r);
    return rc;
}

int paifu_reader_open_buffer(paifu_reader **out, const void *data, size_t size,
                             const paifu_read_options *opts, paifu_error *err)
{
    if (!out || (!data && size))
        return paifu_error_set(err, PAIFU_EINVAL, NULL, "invalid argument: data");
    *out = NULL;
    uint64_t max = opts && opts->max_input ? opts->max_input : DEFAULT_MAX_INPUT;
    const char *name = opts && opts->source_name ? opts->source_name : "<buffer>";
    if (size > max)
        return paifu_formats__error(err, PAIFU_ELIMIT, name, 0, 0, NULL,
                                    "input larger than %llu bytes", (unsigned long long)max);
    char *copy;
    uint64_t held;
    int rc = paifu_input__hold(&copy, data, size, &held, name, err);
    if (rc < 0)
        return rc;
    return open_owned(out, copy, size, held, name, opts, err);
}

/* An error of a reader chosen by likeness (resemble) says which formats the input could be. */
static void tried(paifu_error *err, const char *format, const char *also)
{
    size_t n = strlen(err->text);
    snprintf(err->text + n, sizeof(err->text) - n, " (read as %s; it also resembles %s)", format,
             also);
}

int paifu_reader_next(const paifu_game **out, paifu_reader *r, paifu_error *err)
{
    if (!out || !r)
        return paifu_error_set(err, PAIFU_EINVAL, NULL, "invalid argument");
    *out = NULL;
    if (r->box || r->piece_member || r->inner)
        return next_in_container(out, r, err);
    if (r->done)
        return 0;
    paifu_game_reset(r->game);
    int rc = r->streaming ? stream_fill(r, err) : 0;
    if (rc == 0)
        rc = r->impl->reader_next(r->state, r->game, err);
    if (rc < 0 && r->also[0] && err && err->code == rc)
        tried(err, r->impl->info.name, r->also);
    if (rc <= 0) {
        r->done = true;
        return rc;
    }
    if (!*paifu_game_source_format(r->game))
        paifu_game_set_source_format(r->game, r->impl->info.name, NULL);
    *out = r->game;
    return 1;
}

/* ---- splitting (paifu_reader_split) ---- */

/* The next member of R's container, unread, in a piece that opens it when first read. */
static int split_member(paifu_reader **out, paifu_reader *r, paifu_error *err)
{
    container_member m;
    bool fatal = false;
    int rc = paifu_container__next(r->box, &m, &fatal, err);
    if (rc <= 0) {
        r->done = rc == 0 || fatal;
        return rc;
    }
    paifu_reader *p;
    if ((rc = reader_new(&p, m.name, &r->opts, err)) < 0) {
        free(m.data);
        return rc;
    }
    p->kind = r->kind;
    p->piece_member = true;
    p->member = m;
    snprintf(p->member_name, sizeof(p->member_name), "%s", m.name);
    snprintf(p->member_ref, sizeof(p->member_ref), "%s", m.ref ? m.ref : "");
    p->member.name = p->member_name;
    p->member.ref = m.ref ? p->member_ref : NULL;
    *out = p;
    return 1;
}

/* The rest of R (a format that does not split) moved into a new reader; R is left done. */
static int split_whole(paifu_reader **out, paifu_reader *r, paifu_error *err)
{
    paifu_reader *p = malloc(sizeof(*p));
    if (!p)
        return paifu_error_set(err, PAIFU_ENOMEM, NULL, "out of memory");
    *p = *r;
    if (p->state) { /* every reader's state starts with its input (format.h) */
        format_input *in = p->state;
        in->source = p->source;
        in->opts = &p->opts;
        if (in->refill_ctx == r) /* a streamed input refills the reader it is in */
            in->refill_ctx = p;
    }
    memset(r, 0, sizeof(*r));
    memcpy(r->source, p->source, sizeof(r->source));
    r->opts = p->opts;
    r->impl = p->impl;
    r->compressed = p->compressed;
    r->done = true;
    *out = p;
    return 1;
}

/* The next game of R's input, copied into a piece of its own. */
static int split_game(paifu_reader **out, paifu_reader *r, paifu_error *err)
{
    int rc = r->streaming ? stream_fill(r, err) : 0;
    size_t from, to;
    if (rc < 0 || !r->impl->split_span(r->state, &from, &to)) {
        r->done = true;
        return rc;
    }
    paifu_reader *p;
    if ((rc = reader_new(&p, r->source, &r->opts, err)) < 0)
        return rc;
    p->impl = r->impl;
    p->compressed = r->compressed;
    if ((rc = paifu_input__hold(&p->data, r->data + from, to - from, &p->held, r->source, err)) <
            0 ||
        (rc = paifu_game_new(&p->game, err)) < 0) {
        paifu_reader_free(p);
        return rc;
    }
    p->size = to - from;
    paifu_game_set_limits(p->game, p->opts.max_deals, p->opts.max_events);
    const format_input *parent = r->state;
    format_input in = {p->data, p->size, p->source, &p->opts, parent->base + from, NULL, NULL};
    if ((rc = r->impl->split_take(r->state, &in, &p->state, err)) < 0) {
        paifu_reader_free(p);
        return rc;
    }
    *out = p;
    return 1;
}

int paifu_reader_split(paifu_reader **out, paifu_reader *r, paifu_error *err)
{
    if (!out || !r)
        return paifu_error_set(err, PAIFU_EINVAL, NULL, "invalid argument");
    *out = NULL;
    if (r->done)
        return 0;
    if (r->box)
        return split_member(out, r, err);
    if (!r->impl->split_span || r->inner || r->piece_member)
        return split_whole(out, r, err);
    return split_game(out, r, err);
}

const char *paifu_reader_format(const paifu_reader *r)
{
    if (r && r->inner)
        return paifu_reader_format(r->inner);
    if (r && r->box)
        return r->kind == CONTAINER_DATABASE ? "houou-logs" : "archive";
    return r && r->impl ? r->impl->info.name : NULL;
}

const char *paifu_reader_source(const paifu_reader *r)
{
    return r ? r->source : NULL;
}

bool paifu_reader_members(const paifu_reader *r, uint64_t *done, uint64_t *total,
                          uint64_t *skipped)
{
    uint64_t d = 0, t = 0;
    if (r && r->box)
        paifu_container__count(r->box, &d, &t);
    if (done)
        *done = d;
    if (total)
        *total = t;
    if (skipped)
        *skipped = r ? r->skipped : 0;
    return r && r->box;
}

bool paifu_reader_was_compressed(const paifu_reader *r)
{
    if (r && r->inner)
        return r->inner->compressed;
    return r && r->compressed;
}

/* Take the reader's game out of it (the reader gets a fresh one). */
static int take_first(paifu_game **out, paifu_reader *r, paifu_error *err)
{
    const paifu_game *g;
    int rc = paifu_reader_next(&g, r, err);
    if (rc == 0)
        rc = paifu_formats__error(err, PAIFU_EFORMAT, r->source, 0, 0, NULL,
                                  "the input holds no game");
    if (rc < 0)
        return rc;
    paifu_reader *owner = r->inner ? r->inner : r;
    *out = owner->game;
    owner->game = NULL;
    return 0;
}

int paifu_game_read(paifu_game **out, const char *path, const paifu_read_options *opts,
                    paifu_error *err)
{
    paifu_reader *r;
    int rc = paifu_reader_open(&r, path, opts, err);
    if (rc < 0)
        return rc;
    rc = take_first(out, r, err);
    paifu_reader_free(r);
    return rc;
}

int paifu_game_read_buffer(paifu_game **out, const void *data, size_t size,
                           const paifu_read_options *opts, paifu_error *err)
{
    paifu_reader *r;
    int rc = paifu_reader_open_buffer(&r, data, size, opts, err);
    if (rc < 0)
        return rc;
    rc = take_first(out, r, err);
    paifu_reader_free(r);
    return rc;
}

/* ---- writer ---- */

struct paifu_writer {
    const format_impl *impl;
    paifu_write_cb write;
    void *payload;
    paifu_write_options opts;
    paifu_buf buf;
    format_writer_ctx ctx;
    bool closed; /* paifu_writer_close ran: nothing more is written */
};

int paifu_writer_open(paifu_writer **out, const char *format, paifu_write_cb write, void *payload,
                      const paifu_write_options *opts, paifu_error *err)
{
    if (!out || !format || !write)
        return paifu_error_set(err, PAIFU_EINVAL, NULL, "invalid argument");
    const format_impl *impl = paifu_formats__find(format);
    if (!impl || !impl->writer)
        return paifu_error_set(err, PAIFU_EINVAL, NULL, "no writer for format \"%s\"", format);
    if (opts && opts->version != PAIFU_WRITE_OPTIONS_VERSION && opts->version != 1 &&
        opts->version != 2)
        return paifu_error_set(err, PAIFU_EINVAL, NULL, "unknown write options version %u",
                               opts->version);
    paifu_writer *w = calloc(1, sizeof(*w));
    if (!w)
        return paifu_error_set(err, PAIFU_ENOMEM, NULL, "out of memory");
    w->impl = impl;
    w->write = write;
    w->payload = payload;
    paifu_write_options_init(&w->opts, PAIFU_WRITE_OPTIONS_VERSION);
    if (opts && opts->version == 1) /* the fields before allow_loss */
        memcpy(&w->opts, opts, offsetof(paifu_write_options, allow_loss));
    else if (opts && opts->version == 2) /* the fields before fill */
        memcpy(&w->opts, opts, offsetof(paifu_write_options, fill));
    else if (opts)
        w->opts = *opts;
    paifu_buf_init(&w->buf);
    w->ctx.out = &w->buf;
    w->ctx.opts = &w->opts;
    *out = w;
    return 0;
}

static int flush(paifu_writer *w, paifu_error *err)
{
    if (w->buf.failed)
        return paifu_error_set(err, PAIFU_ENOMEM, NULL, "out of memory while writing");
    int rc = 0;
    if (w->buf.len)
        rc = w->write(w->buf.data, w->buf.len, w->payload);
    paifu_buf_clear(&w->buf);
    if (rc < 0)
        return paifu_error_set(err, PAIFU_EIO, NULL, "write failed");
    return 0;
}

/* One game through the row's writer (format.h, format_writer). */
static int write_game(paifu_writer *w, const paifu_game *game, paifu_error *err)
{
    const format_writer *writer = w->impl->writer;
    int refused = writer->refuses ? writer->refuses(game, err) : 0;
    if (refused < 0)
        return refused;
    if (refused)
        return paifu_formats__refuse(err, w->impl->info.name, NULL, "%s", writer->refusal);
    format_write *head = calloc(1, writer->size > sizeof(*head) ? writer->size : sizeof(*head));
    if (!head)
        return paifu_error_set(err, PAIFU_ENOMEM, NULL, "out of memory");
    head->ctx = &w->ctx;
    head->game = game;
    head->err = err;
    head->players = paifu_game_players(game);
    int rc = writer->write(head);
    if (rc == 0)
        rc = paifu_lossy__computed_report(head);
    paifu_rules_free(head->rules);
    free(head);
    return rc;
}

int paifu_writer_write(paifu_writer *w, const paifu_game *game, paifu_error *err)
{
    if (!w || !game)
        return paifu_error_set(err, PAIFU_EINVAL, NULL, "invalid argument");
    if (w->closed)
        return paifu_error_set(err, PAIFU_EINVAL, NULL, "the writer is closed");
    int rc = write_game(w, game, err);
    if (rc < 0) {
        paifu_buf_clear(&w->buf);
        return rc;
    }
    w->ctx.games_written++;
    return flush(w, err);
}

int paifu_writer_close(paifu_writer *w, paifu_error *err)
{
    if (!w)
        return paifu_error_set(err, PAIFU_EINVAL, NULL, "invalid argument");
    if (w->closed)
        return paifu_error_set(err, PAIFU_EINVAL, NULL, "the writer is closed");
    w->closed = true;
    if (w->impl->finish) {
        int rc = w->impl->finish(&w->ctx, err);
        if (rc < 0)
            return rc;
    }
    return flush(w, err);
}

void paifu_writer_free(paifu_writer *w)
{
    if (!w)
        return;
    paifu_buf_free(&w->buf);
    free(w);
}
