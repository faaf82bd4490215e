/*
 * mjlog_read.c: reader of Tenhou mjlog XML, the driver (shared/formats/tenhou-xml.md, "spec"
 * below: §4 the tags, §5 their order, §6 owari, §8 the eras). mjlog_header.c maps the header,
 * mjlog_deal.c a deal's tags, mjlog_meld.c the meld codes, mjlog_shuffle.c the wall's seed.
 *
 * Choices:
 *   - The reader records; it verifies nothing of the game (scores, legality, the wall against
 *     the draws). Errors (PAIFU_EFORMAT) name file:line:column, the byte offset, the tag and
 *     attribute ("mjloggm/AGARI[2]@ten", 1-based among same-named siblings as in XPath) and,
 *     inside a deal, the deal label and event index.
 *   - A file may hold several <mjloggm> documents (some tools concatenate them): the bytes are
 *     cut after each </mjloggm> (find_doc_end), one game per paifu_reader_next(). White space,
 *     comments and XML declarations after the last document are ignored; anything else fails.
 *   - Security (STYLE §4.3): libxml2 never opens a file (a push parser is fed the bytes),
 *     options are XML_PARSE_NONET only (never NOENT, DTDLOAD, DTDATTR, DTDVALID or HUGE), and
 *     a DOCTYPE is refused before libxml2 sees it (check_prolog). The first error wins.
 *   - Two parsers, the same games and errors (tests/unit/test_mjlog_scan*.c): the scanner
 *     (mjlog_scan.c), a strict reader of the plain XML subset every real mjlog is written in,
 *     goes first; on anything outside it, it declines, the state and the game are put back, and
 *     libxml2's SAX2 interface reads the document (parse_document; no tree: an xmlTextReader's
 *     node per tag cost as much as the parse). A tag is handled once it is known well-formed
 *     (handle_pending), so the first error in the document is the one reported.
 *   - Positions: libxml2 reports a tag after reading past it, so the reader keeps its own cursor
 *     over the bytes (sync_tag: the documents are flat, the n-th element is the n-th start tag)
 *     for the line, column and offset of every tag and attribute value (value_offset).
 *   - What the model has no place for is kept as metadata for a writer (mjlog_header.c,
 *     mjlog_deal.c); a game without owari is marked truncated.
 *   - The era's rules (East-only uma, tenpai-yame, West after South 4) come from the date of
 *     the log id the file is named by, else from the content, else they stay open
 *     (paifu_mjlog__era_rules, mjlog_header.c); a GO attribute paifu_rules (paifu's writer)
 *     gives the rule set instead.
 */
#include "input.h"
#include "mjlog.h"
#include "mjlog_write.h"

#include <libxml/parser.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* libxml2 2.12 made the structured error callback take a const pointer (commit 61034116). */
#if LIBXML_VERSION >= 21200
typedef const xmlError *mj_xml_error;
#else
typedef xmlErrorPtr mj_xml_error;
#endif

static const char *const TAG_NAMES[MJ_TAG_COUNT] = {
    "mjloggm", "SHUFFLE", "GO",    "UN",        "TAIKYOKU", "INIT", "N",
    "REACH",   "DORA",    "AGARI", "RYUUKYOKU", "BYE",      "",     ""};

/* ---- raw byte scanning ---- */

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

static bool starts_with(const char *p, size_t avail, const char *lit)
{
    size_t n = strlen(lit);
    return avail >= n && memcmp(p, lit, n) == 0;
}

/* Offset just past the first LIT at or after FROM, or SIZE. */
static size_t skip_past(const char *d, size_t from, size_t size, const char *lit)
{
    size_t n = strlen(lit);
    for (size_t i = from; i + n <= size; i++) {
        const char *p = memchr(d + i, lit[0], size - i);
        if (!p)
            break;
        i = (size_t)(p - d);
        if (i + n <= size && memcmp(p, lit, n) == 0)
            return i + n;
    }
    return size;
}

/*
 * The next start tag at or after FROM: skips comments, processing instructions, CDATA, end tags
 * and declarations. Returns its '<' offset, or END.
 */
static size_t next_start_tag(const char *d, size_t from, size_t end)
{
    size_t i = from;
    while (i < end) {
        const char *lt = memchr(d + i, '<', end - i);
        if (!lt)
            return end;
        size_t k = (size_t)(lt - d);
        if (k + 1 < end && lt[1] != '!' && lt[1] != '?' && lt[1] != '/')
            return k; /* the usual case: a start tag */
        if (starts_with(lt, end - k, "<!--"))
            i = skip_past(d, k + 4, end, "-->");
        else if (starts_with(lt, end - k, "<![CDATA["))
            i = skip_past(d, k + 9, end, "]]>");
        else if (k + 1 < end && lt[1] == '?')
            i = skip_past(d, k + 2, end, "?>");
        else if (k + 1 < end && (lt[1] == '/' || lt[1] == '!'))
            i = k + 1;
        else
            return k;
    }
    return end;
}

/* Offset of the '>' closing the tag that starts at K (quotes respected), or SIZE; *EQUALS (when
   not NULL) gets the number of '=' outside quoted values, which is its number of attributes. */
static size_t tag_scan(const char *d, size_t k, size_t size, size_t *equals)
{
    char quote = 0;
    for (size_t i = k + 1; i < size; i++) {
        char c = d[i];
        if (quote) {
            if (c == quote)
                quote = 0;
        } else if (c == '"' || c == '\'') {
            quote = c;
        } else if (c == '=' && equals) {
            ++*equals;
        } else if (c == '>') {
            return i;
        }
    }
    return size;
}

/* End of the document starting at FROM: just past its </mjloggm>, or SIZE. */
static size_t find_doc_end(const char *d, size_t from, size_t size)
{
    size_t k = next_start_tag(d, from, size);
    if (k < size && starts_with(d + k, size - k, "<mjloggm")) {
        size_t close = tag_scan(d, k, size, NULL);
        if (close < size && d[close - 1] == '/')
            return close + 1; /* <mjloggm .../>: an empty game */
    }
    /* the first </mjloggm> outside comments, PIs and CDATA sections. Where none of those opens
       before it (they start with "<!" or "<?", and compact mjlogs hold no '!' or '?' at all),
       that is the first </mjloggm> in the text: found with strstr (the input is NUL-terminated,
       format.h) and two memchr, which the C library runs many bytes at a time, instead of
       stopping at every tag; otherwise (or at a NUL byte) the loop below passes over the
       sections one by one */
    const char *e = strstr(d + k, "</mjloggm");
    while (e && e[9] != '>' && !is_space(e[9]))
        e = strstr(e + 1, "</mjloggm");
    if (e && !memchr(d + k, '!', (size_t)(e - d) - k) && !memchr(d + k, '?', (size_t)(e - d) - k)) {
        size_t close = tag_scan(d, (size_t)(e - d), size, NULL);
        return close < size ? close + 1 : size;
    }
    for (size_t i = k; i < size;) {
        const char *lt = memchr(d + i, '<', size - i);
        if (!lt)
            return size;
        size_t at = (size_t)(lt - d);
        if (at + 1 < size && lt[1] != '!' && lt[1] != '?' && lt[1] != '/') {
            i = at + 1; /* a start tag, as most are: none of the cases below */
            continue;
        }
        if (starts_with(lt, size - at, "<!--")) {
            i = skip_past(d, at + 4, size, "-->");
        } else if (starts_with(lt, size - at, "<![CDATA[")) {
            i = skip_past(d, at + 9, size, "]]>");
        } else if (starts_with(lt, size - at, "<?")) {
            i = skip_past(d, at + 2, size, "?>");
        } else if (starts_with(lt, size - at, "</mjloggm") && at + 9 < size &&
                   (d[at + 9] == '>' || is_space(d[at + 9]))) {
            size_t close = tag_scan(d, at, size, NULL);
            return close < size ? close + 1 : size;
        } else {
            i = at + 1;
        }
    }
    return size;
}

/* True when D[FROM..SIZE) holds only whitespace, comments, PIs and XML declarations. */
static bool only_trailer(const char *d, size_t from, size_t size)
{
    size_t i = from;
    if (i + 3 <= size && (unsigned char)d[i] == 0xEF && (unsigned char)d[i + 1] == 0xBB &&
        (unsigned char)d[i + 2] == 0xBF)
        i += 3;
    while (i < size) {
        if (is_space(d[i])) {
            i++;
        } else if (starts_with(d + i, size - i, "<!--")) {
            i = skip_past(d, i + 4, size, "-->");
        } else if (starts_with(d + i, size - i, "<?")) {
            i = skip_past(d, i + 2, size, "?>");
        } else {
            return false;
        }
    }
    return true;
}

/* ---- sniffing ---- */

static int sniff(const char *data, size_t size)
{
    size_t window = size < 8192 ? size : 8192;
    size_t k = next_start_tag(data, 0, window);
    if (k >= window || !starts_with(data + k, window - k, "<mjloggm"))
        return 0;
    char c = k + 8 < window ? data[k + 8] : ' ';
    return is_space(c) || c == '>' || c == '/' ? 95 : 0;
}

/*
 * Tenhou's XML damaged (issue 36): markup whose first start tag is a slip or a cut of
 * <mjloggm, or that holds the tags of its header, or a file named .mjlog; its reader refuses it
 * with the place, or reads the prefix of a cut one.
 */
static int resembles(const char *data, size_t size, const char *name)
{
    size_t window = size < 8192 ? size : 8192;
    size_t k = next_start_tag(data, 0, window);
    if (k >= window)
        return 0;
    size_t e = k + 1;
    while (e < window && !is_space(data[e]) && data[e] != '>' && data[e] != '/')
        e++;
    if (paifu_formats__near(data + k + 1, e - k - 1, "mjloggm") ||
        (e == window && e - k - 1 >= 3 && e - k - 1 < 7 &&
         memcmp(data + k + 1, "mjloggm", e - k - 1) == 0))
        return 80;
    static const char *const TAGS[] = {"<SHUFFLE ", "<GO ", "<UN ", "<TAIKYOKU ", "<INIT "};
    for (size_t i = 0; i < sizeof(TAGS) / sizeof(TAGS[0]); i++)
        if (skip_past(data, k, window, TAGS[i]) < window)
            return 70;
    size_t n = strlen(name);
    return n > 6 && strcmp(name + n - 6, ".mjlog") == 0 ? 30 : 0;
}

/* ---- positions ---- */

/* Advance the cursor to offset TO, counting lines. */
static void advance(mjlog_reader *st, size_t to)
{
    const char *d = st->in.data;
    size_t i = st->cur;
    /* the next newline is looked up once and kept: most mjlogs are a single line, and no
       search then runs per tag */
    if (st->next_newline < i) {
        const char *nl = memchr(d + i, '\n', st->in.size - i);
        st->next_newline = nl ? (size_t)(nl - d) : st->in.size;
    }
    while (st->next_newline < to) {
        i = st->next_newline + 1;
        st->line++;
        st->line_start = i;
        const char *nl = memchr(d + i, '\n', st->in.size - i);
        st->next_newline = nl ? (size_t)(nl - d) : st->in.size;
    }
    st->cur = to;
}

/* Move the cursor to the next start tag: the element libxml2 just handed us. */
static void sync_tag(mjlog_reader *st)
{
    size_t k = next_start_tag(st->in.data, st->cur, st->doc_end);
    advance(st, k);
    st->tag_start = k;
    st->tag_line = st->line;
    st->tag_column = (uint32_t)(k - st->line_start + 1);
    if (k < st->doc_end)
        st->cur = k + 1;
}

/* Offset of the value of attribute NAME in the current tag's bytes, or the tag's offset. */
static size_t value_offset(const mjlog_reader *st, const char *name)
{
    const char *d = st->in.data;
    size_t end = st->doc_end, i = st->tag_start + 1, n = strlen(name);
    while (i < end && !is_space(d[i]) && d[i] != '>' && d[i] != '/')
        i++;
    for (;;) {
        while (i < end && is_space(d[i]))
            i++;
        if (i >= end || d[i] == '>' || d[i] == '/')
            return st->tag_start;
        size_t a = i;
        while (i < end && d[i] != '=' && !is_space(d[i]) && d[i] != '>')
            i++;
        size_t alen = i - a;
        while (i < end && (is_space(d[i]) || d[i] == '='))
            i++;
        if (i >= end || (d[i] != '"' && d[i] != '\''))
            return st->tag_start;
        char q = d[i++];
        size_t v = i;
        while (i < end && d[i] != q)
            i++;
        if (alen == n && memcmp(d + a, name, n) == 0)
            return v;
        i++;
    }
}

/* Line and column of offset OFF, which lies in the current tag (it may span lines). */
static void position_in_tag(const mjlog_reader *st, size_t off, uint32_t *line, uint32_t *column)
{
    uint32_t l = st->tag_line;
    size_t ls = st->tag_start - (st->tag_column - 1);
    for (size_t i = st->tag_start; i < off; i++) {
        if (st->in.data[i] == '\n') {
            l++;
            ls = i + 1;
        }
    }
    *line = l;
    *column = (uint32_t)(off - ls + 1);
}

/* ---- errors ---- */

static void locate(mjlog_reader *st, paifu_location *w, const char *attr)
{
    paifu_location_clear(w);
    paifu_location_set_source(w, st->in.source);
    w->game = st->game_index;
    if (!st->tag)
        return;
    size_t off = attr ? value_offset(st, attr) : st->tag_start;
    position_in_tag(st, off, &w->line, &w->column);
    w->offset = st->in.base + off;
    char index[16] = "";
    if (st->tag_index)
        snprintf(index, sizeof(index), "[%u]", (unsigned)st->tag_index);
    if (st->tag_kind == MJ_TAG_MJLOGGM || st->tag[0] == '!') /* the root, a declaration */
        snprintf(w->path, sizeof(w->path), "%s%s%s", st->tag, attr ? "@" : "", attr ? attr : "");
    else
        snprintf(w->path, sizeof(w->path), "mjloggm/%s%s%s%s", st->tag, index, attr ? "@" : "",
                 attr ? attr : "");
    if (st->in_deal) {
        paifu_deal_label(w->deal, sizeof(w->deal), &st->start);
        size_t n = paifu_game_deal_count(st->game);
        const paifu_deal *deal = n ? paifu_game_deal(st->game, n - 1) : NULL;
        w->event = deal ? (int32_t)deal->n_events : -1;
    }
}

static int vfail(mjlog_reader *st, paifu_error_code code, const char *attr, const char *fmt,
                 va_list ap)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 4, 0)))
#endif
    ;

static int vfail(mjlog_reader *st, paifu_error_code code, const char *attr, const char *fmt,
                 va_list ap)
{
    char text[sizeof(((paifu_error *)0)->text)];
    vsnprintf(text, sizeof(text), fmt, ap);
    paifu_location w;
    locate(st, &w, attr);
    return paifu_error_set(st->err, code, &w, "%s", text);
}

int paifu_mjlog__fail(mjlog_reader *st, const char *attr, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = vfail(st, PAIFU_EFORMAT, attr, fmt, ap);
    va_end(ap);
    return rc;
}

int paifu_mjlog__fail_code(mjlog_reader *st, paifu_error_code code, const char *attr,
                           const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = vfail(st, code, attr, fmt, ap);
    va_end(ap);
    return rc;
}

/* A model call failed (limit, memory): give its error our location when it has none. */
int paifu_mjlog__located(mjlog_reader *st, int rc)
{
    paifu_error *err = st->err;
    if (rc < 0 && err && err->code == rc && !err->where.source[0]) {
        char text[sizeof(err->text)];
        memcpy(text, err->text, sizeof(text));
        paifu_error_clear(err);
        paifu_mjlog__fail_code(st, (paifu_error_code)rc, NULL, "%s", text);
    }
    return rc;
}

static void on_xml_error(void *payload, mj_xml_error e)
{
    mjlog_reader *st = payload;
    if (st->xml_failed || !e || e->level < XML_ERR_ERROR)
        return;
    st->xml_failed = true;
    st->xml_line = e->line;
    st->xml_column = e->int2;
    snprintf(st->xml_message, sizeof(st->xml_message), "%s",
             e->message ? e->message : "not well-formed");
    size_t n = strlen(st->xml_message);
    while (n && is_space(st->xml_message[n - 1]))
        st->xml_message[--n] = '\0';
    for (char *p = st->xml_message; *p; p++)
        if (*p == '\n' || *p == '\r' || *p == '\t')
            *p = ' '; /* one error, one line (libxml2 puts newlines inside some messages) */
}

/* Report the libxml2 error of the current document at its own position. */
static int xml_failure(mjlog_reader *st)
{
    paifu_location w;
    paifu_location_clear(&w);
    paifu_location_set_source(&w, st->in.source);
    w.game = st->game_index;
    if (st->xml_failed && st->xml_line > 0) {
        uint32_t line = st->doc_line + (uint32_t)st->xml_line - 1;
        uint32_t col = st->xml_column > 0 ? (uint32_t)st->xml_column : 1;
        if (st->xml_line == 1)
            col += st->doc_column - 1;
        /* the offset of that line and column */
        size_t off = st->doc_start;
        for (uint32_t l = st->doc_line; l < line && off < st->doc_end; l++) {
            const char *nl = memchr(st->in.data + off, '\n', st->doc_end - off);
            off = nl ? (size_t)(nl - st->in.data) + 1 : st->doc_end;
        }
        if (st->xml_line == 1)
            off = st->doc_start - (st->doc_column - 1);
        w.line = line;
        w.column = col;
        w.offset = st->in.base + off + col - 1;
    }
    if (st->in_deal)
        paifu_deal_label(w.deal, sizeof(w.deal), &st->start);
    /* stopped at the input's end, inside the first tags (a later cut is read up to it,
       close_cut): the file is cut short */
    bool at_end = w.offset + 1 >= st->in.base + st->in.size;
    return paifu_error_set(st->err, PAIFU_EFORMAT, &w, "malformed XML%s: %s",
                           at_end ? " (the input ends inside a tag: the file is cut short)" : "",
                           st->xml_failed ? st->xml_message : "the parser stopped");
}

/* ---- elements ---- */

/* The tag letter C: 0..3 for the draws T, U, V, W by seat 0..3, 4..7 for the discards D, E,
   F, G; -1 for any other (also '\0'). */
static int draw_letter(char c)
{
    switch (c) {
    case 'T':
        return 0;
    case 'U':
        return 1;
    case 'V':
        return 2;
    case 'W':
        return 3;
    case 'D':
        return 4;
    case 'E':
        return 5;
    case 'F':
        return 6;
    case 'G':
        return 7;
    default:
        return -1;
    }
}

/* Classify NAME: a fixed tag, or a draw/discard with its letter index and tile id. */
static int classify(mjlog_reader *st, const char *name, int *letter, unsigned *id)
{
    /* draws and discards first: they are nine tags in ten */
    int l = draw_letter(name[0]);
    if (l >= 0 && name[1] >= '0' && name[1] <= '9') {
        unsigned v = 0;
        size_t i = 1;
        for (; name[i] >= '0' && name[i] <= '9' && i < 5; i++)
            v = v * 10 + (unsigned)(name[i] - '0');
        if (!name[i]) {
            if (v > 135 || (name[1] == '0' && name[2]))
                return paifu_mjlog__fail(st, NULL,
                                         "<%s>: expected a tile id from 0 to 135 "
                                         "after %c",
                                         name, name[0]);
            *letter = l;
            *id = v;
            return *letter < 4 ? MJ_TAG_DRAW : MJ_TAG_DISCARD;
        }
    }
    for (int t = 0; t < MJ_TAG_DRAW; t++)
        if (name[0] == TAG_NAMES[t][0] && strcmp(name, TAG_NAMES[t]) == 0)
            return t;
    return paifu_mjlog__fail(st, NULL,
                             "unknown tag <%s> (expected SHUFFLE, GO, UN, TAIKYOKU, "
                             "INIT, T/U/V/W#, D/E/F/G#, N, REACH, DORA, AGARI, RYUUKYOKU or BYE)",
                             name);
}

void paifu_mjlog__attrs_begin(mjlog_reader *st)
{
    st->n_attrs = 0;
    st->scratch_used = 0;
    st->attrs_over = 0;
}

/*
 * Copy one attribute into the tag's scratch (NUL-terminated) and its table. A tag beyond the
 * bounds is only marked (st->attrs_over): the error is reported when the tag is handled, once
 * the parser has found the tag well-formed.
 */
void paifu_mjlog__add_attribute(mjlog_reader *st, const char *name, const char *value, size_t len)
{
    if (st->attrs_over)
        return;
    if (st->n_attrs == MJ_MAX_ATTRS || len + 1 > MJ_SCRATCH - st->scratch_used) {
        st->attrs_over = st->n_attrs == MJ_MAX_ATTRS ? PAIFU_ELIMIT : PAIFU_EFORMAT;
        st->attrs_over_name = name;
        return;
    }
    char *copy = st->scratch + st->scratch_used;
    memcpy(copy, value, len);
    copy[len] = '\0';
    st->scratch_used += len + 1;
    st->attrs[st->n_attrs++] = (mj_attr){name, copy, len, false, false};
}

/*
 * An attribute value as SAX2 gives it: [VALUE, END). libxml2 leaves "&#38;" in a value for the
 * tree builder to turn into '&' (it does so for &amp; and &#38; when entities are not
 * substituted; every other reference is already replaced), so that is done here, giving the
 * value the tree API gives.
 */
static void add_sax_value(mjlog_reader *st, const char *name, const char *value, const char *end)
{
    size_t len = (size_t)(end - value);
    size_t n = st->n_attrs;
    paifu_mjlog__add_attribute(st, name, value, len);
    if (st->n_attrs == n || !memchr(value, '&', len))
        return;
    mj_attr *a = &st->attrs[n];
    char *v = st->scratch + (a->value - st->scratch);
    size_t w = 0;
    for (size_t r = 0; r < len; w++) {
        if (v[r] == '&' && r + 5 <= len && memcmp(v + r, "&#38;", 5) == 0) {
            v[w] = '&';
            r += 5;
        } else {
            v[w] = v[r++];
        }
    }
    v[w] = '\0';
    a->len = w;
}

/*
 * Copy the attributes of a start tag from SAX2's arrays (valid during its callback only), in
 * the order and with the names the tree API gives: namespace declarations first ("xmlns",
 * "xmlns:p"), then the attributes ("p:name" when prefixed).
 */
static void collect_attributes(mjlog_reader *st, xmlDictPtr dict, int nb_namespaces,
                               const xmlChar **namespaces, int nb_attributes,
                               const xmlChar **attributes)
{
    paifu_mjlog__attrs_begin(st);
    for (int i = 0; i < nb_namespaces; i++) {
        const xmlChar *prefix = namespaces[2 * i], *uri = namespaces[2 * i + 1];
        const char *name = (const char *)(prefix ? xmlDictQLookup(dict, BAD_CAST "xmlns", prefix)
                                                 : BAD_CAST "xmlns");
        const char *value = uri ? (const char *)uri : "";
        if (!name)
            st->attrs_over = PAIFU_ENOMEM;
        else
            paifu_mjlog__add_attribute(st, name, value, strlen(value));
    }
    for (int i = 0; i < nb_attributes; i++) {
        const xmlChar *const *a = attributes + 5 * i;
        const char *name = (const char *)(a[1] ? xmlDictQLookup(dict, a[1], a[0]) : a[0]);
        if (!name)
            st->attrs_over = PAIFU_ENOMEM;
        else
            add_sax_value(st, name, (const char *)a[3], (const char *)a[4]);
    }
}

/* The bound a tag's attributes went beyond (collect_attributes), as an error of the tag. */
static int attributes_within_bounds(mjlog_reader *st)
{
    switch (st->attrs_over) {
    case 0:
        return 0;
    case PAIFU_ELIMIT:
        return paifu_mjlog__fail_code(st, PAIFU_ELIMIT, NULL, "more than %d attributes in one tag",
                                      MJ_MAX_ATTRS);
    case PAIFU_EFORMAT:
        return paifu_mjlog__fail_code(st, PAIFU_ELIMIT, st->attrs_over_name,
                                      "attribute values of one tag longer than %d bytes",
                                      MJ_SCRATCH);
    default:
        return paifu_mjlog__fail_code(st, PAIFU_ENOMEM, NULL, "out of memory");
    }
}

static int dispatch(mjlog_reader *st, int letter, unsigned id)
{
    switch (st->tag_kind) {
    case MJ_TAG_SHUFFLE:
        return paifu_mjlog__on_shuffle(st);
    case MJ_TAG_GO:
        return paifu_mjlog__on_go(st);
    case MJ_TAG_UN:
        return paifu_mjlog__on_un(st);
    case MJ_TAG_TAIKYOKU:
        return paifu_mjlog__keep_header(st, "taikyoku");
    case MJ_TAG_INIT:
        return paifu_mjlog__on_init(st);
    case MJ_TAG_N:
        return paifu_mjlog__on_call(st);
    case MJ_TAG_REACH:
        return paifu_mjlog__on_reach(st);
    case MJ_TAG_DORA:
        return paifu_mjlog__on_dora(st);
    case MJ_TAG_AGARI:
        return paifu_mjlog__on_agari(st);
    case MJ_TAG_RYUUKYOKU:
        return paifu_mjlog__on_ryuukyoku(st);
    case MJ_TAG_BYE:
        return paifu_mjlog__on_bye(st);
    case MJ_TAG_DRAW:
        return paifu_mjlog__on_draw(st, letter, id);
    case MJ_TAG_DISCARD:
        return paifu_mjlog__on_discard(st, letter - 4, id);
    default:
        return paifu_mjlog__fail(st, NULL, "<mjloggm> inside <mjloggm>");
    }
}

/* Refuse an attribute no handler asked for that is a slip of a name looked up in vain. */
static int slips(mjlog_reader *st)
{
    int rc = 0;
    for (size_t m = 0; m < st->n_missed && rc == 0; m++)
        rc = paifu_mjlog__slip(st, st->missed[m]);
    return rc;
}

/* One child element of <mjloggm>, its attributes in st->attrs. */
static int on_element(mjlog_reader *st, const char *name)
{
    int letter = 0, rc;
    unsigned id = 0;
    st->tag = name ? name : "";
    st->tag_kind = MJ_TAG_COUNT;
    st->tag_index = 0;
    int kind = classify(st, st->tag, &letter, &id);
    if (kind < 0)
        return kind;
    st->tag_kind = (mj_tag)kind;
    if (kind == MJ_TAG_DRAW || kind == MJ_TAG_DISCARD)
        st->tag_index = ++st->draw_count[letter][id];
    else
        st->tag_index = ++st->counts[kind];
    st->n_missed = 0;
    if ((rc = attributes_within_bounds(st)) < 0 || (rc = dispatch(st, letter, id)) < 0 ||
        (rc = slips(st)) < 0)
        return rc;
    for (size_t i = 0; i < st->n_attrs; i++)
        if (!st->attrs[i].used && (rc = paifu_mjlog__keep(st, &st->attrs[i])) < 0)
            return rc;
    return 0;
}

static int on_root(mjlog_reader *st, const char *name)
{
    st->tag = "mjloggm";
    st->tag_kind = MJ_TAG_MJLOGGM;
    st->tag_index = 1;
    if (!name || strcmp(name, "mjloggm") != 0)
        return paifu_mjlog__fail(st, NULL, "expected the root tag <mjloggm>, found <%s>",
                                 name ? name : "");
    int rc = attributes_within_bounds(st);
    return rc < 0 ? rc : paifu_mjlog__keep_header(st, "mjloggm");
}

int paifu_mjlog__element(mjlog_reader *st, size_t at, const char *name, bool root)
{
    advance(st, at);
    st->tag_start = at;
    st->tag_line = st->line;
    st->tag_column = (uint32_t)(at - st->line_start + 1);
    st->cur = at + 1;
    int rc = root ? on_root(st, name) : on_element(st, name);
    st->root_seen = true;
    return rc;
}

/* Refuse a DOCTYPE in the prolog before libxml2 parses it (no entity may ever be declared). */
static int check_prolog(mjlog_reader *st)
{
    const char *d = st->in.data;
    size_t i = st->doc_start, end = st->doc_end;
    if (starts_with(d + i, end - i, "\xEF\xBB\xBF"))
        i += 3; /* byte-order mark */
    for (;;) {
        size_t k = i;
        while (k < end && is_space(d[k]))
            k++;
        if (starts_with(d + k, end - k, "<!--"))
            i = skip_past(d, k + 4, end, "-->");
        else if (starts_with(d + k, end - k, "<?"))
            i = skip_past(d, k + 2, end, "?>");
        else if (starts_with(d + k, end - k, "<!DOCTYPE")) {
            advance(st, k);
            st->tag_start = k;
            st->tag_line = st->line;
            st->tag_column = (uint32_t)(k - st->line_start + 1);
            st->tag = "!DOCTYPE";
            st->tag_kind = MJ_TAG_COUNT;
            st->tag_index = 0;
            return paifu_mjlog__fail(st, NULL,
                                     "a DOCTYPE is not allowed in an mjlog (entities "
                                     "and external DTDs are refused)");
        } else
            return 0;
        if (i >= end)
            return 0;
    }
}

/* ---- SAX2 callbacks: the document's events, in document order ---- */

/*
 * libxml2 reports a start tag before it has seen the tag's end ('>' or "/>"), so a tag is only
 * handled at the next event (or at the end of a well-formed document): a tag libxml2 then finds
 * malformed gives libxml2's error, as the xmlTextReader did, and not an error about the tag's
 * content. Until then its name, depth and attributes wait in st (pending_*, attrs, scratch).
 */
static int handle_pending(mjlog_reader *st)
{
    if (!st->pending)
        return 0;
    st->pending = false;
    sync_tag(st);
    int rc;
    if (st->pending_depth == 0)
        rc = st->root_seen ? paifu_mjlog__fail(st, NULL, "a second root tag")
                           : on_root(st, st->pending_name);
    else if (st->pending_depth == 1)
        rc = on_element(st, st->pending_name);
    else
        rc = paifu_mjlog__fail(st, NULL, "<%s> inside <%s>: mjlog tags do not nest",
                               st->pending_name, st->tag);
    st->root_seen = true;
    return rc;
}

/* Handle the pending tag before another event; false once a callback has failed (the first
   failure is kept and the parser stopped). */
static bool sax_go_on(mjlog_reader *st)
{
    int rc = st->sax_rc < 0 ? st->sax_rc : handle_pending(st);
    if (rc < 0 && st->sax_rc == 0) {
        st->sax_rc = rc;
        xmlStopParser(st->xml_ctxt);
    }
    return rc == 0;
}

static void sax_fail(mjlog_reader *st, int rc)
{
    if (rc < 0 && st->sax_rc == 0) {
        st->sax_rc = rc;
        xmlStopParser(st->xml_ctxt);
    }
}

static void sax_start(void *ctx, const xmlChar *localname, const xmlChar *prefix,
                      const xmlChar *uri, int nb_namespaces, const xmlChar **namespaces,
                      int nb_attributes, int nb_defaulted, const xmlChar **attributes)
{
    mjlog_reader *st = ctx;
    xmlParserCtxtPtr ctxt = st->xml_ctxt;
    (void)uri, (void)nb_defaulted; /* no DTD, so no defaulted attributes */
    if (!sax_go_on(st))
        return;
    const char *name =
        (const char *)(prefix ? xmlDictQLookup(ctxt->dict, prefix, localname) : localname);
    if (!name) {
        sax_fail(st, paifu_error_set(st->err, PAIFU_ENOMEM, NULL, "out of memory (XML parser)"));
        return;
    }
    collect_attributes(st, ctxt->dict, nb_namespaces, namespaces, nb_attributes, attributes);
    st->pending = true;
    st->pending_name = name;
    st->pending_depth = st->depth++;
}

static void sax_end(void *ctx, const xmlChar *localname, const xmlChar *prefix, const xmlChar *uri)
{
    mjlog_reader *st = ctx;
    (void)localname, (void)prefix, (void)uri;
    if (sax_go_on(st))
        st->depth--;
}

/* Text and CDATA: only whitespace may stand between tags. */
static void sax_text(void *ctx, const xmlChar *text, int len)
{
    mjlog_reader *st = ctx;
    if (!sax_go_on(st))
        return;
    for (int i = 0; i < len; i++) {
        if (!is_space((char)text[i])) {
            sax_fail(st, paifu_mjlog__fail(st, NULL,
                                           "text inside <mjloggm> (mjlog tags carry "
                                           "attributes only)"));
            return;
        }
    }
}

static void sax_doctype(void *ctx, const xmlChar *name, const xmlChar *external_id,
                        const xmlChar *system_id)
{
    mjlog_reader *st = ctx;
    (void)name, (void)external_id, (void)system_id;
    if (sax_go_on(st))
        sax_fail(st, paifu_mjlog__fail(st, NULL, "a DOCTYPE is not allowed in an mjlog"));
}

static void sax_reference(void *ctx, const xmlChar *name)
{
    mjlog_reader *st = ctx;
    (void)name;
    if (sax_go_on(st))
        sax_fail(st, paifu_mjlog__fail(st, NULL, "an entity reference in an mjlog"));
}

/*
 * Parse the current document, the callbacks above reading it into st->game. The parser is set
 * up as xmlReaderForMemory sets up its own (a push parser given the first four bytes for the
 * encoding detection, then the rest), so errors, their positions and the encoding handling are
 * the same as with the xmlTextReader this reader used before, without building a node per tag.
 */
static int parse_document(mjlog_reader *st, const char *doc, size_t len)
{
    xmlSAXHandler sax;
    memset(&sax, 0, sizeof(sax));
    sax.initialized = XML_SAX2_MAGIC;
    sax.startElementNs = sax_start;
    sax.endElementNs = sax_end;
    sax.characters = sax_text;
    sax.ignorableWhitespace = sax_text;
    sax.cdataBlock = sax_text;
    sax.internalSubset = sax_doctype;
    sax.reference = sax_reference;
    sax.serror = on_xml_error;
    int head = len >= 4 ? 4 : 0;
    xmlParserCtxtPtr ctxt = xmlCreatePushParserCtxt(&sax, st, head ? doc : NULL, head, NULL);
    if (!ctxt)
        return st->xml_failed
                   ? xml_failure(st)
                   : paifu_error_set(st->err, PAIFU_ENOMEM, NULL, "out of memory (XML parser)");
    xmlCtxtUseOptions(ctxt, XML_PARSE_NONET);
    st->xml_ctxt = ctxt;
    st->sax_rc = 0;
    st->depth = 0;
    st->root_seen = st->pending = false;
    int failed = xmlParseChunk(ctxt, doc + head, (int)(len - (size_t)head), 1);
    int rc = st->sax_rc;
    if (rc == 0 && (failed || !ctxt->wellFormed))
        rc = xml_failure(st);
    if (rc == 0)
        rc = handle_pending(st);
    if (rc == 0 && !st->root_seen) {
        st->tag = NULL;
        rc = paifu_mjlog__fail(st, NULL, "no <mjloggm> root tag in the document");
    }
    st->xml_ctxt = NULL;
    xmlFreeParserCtxt(ctxt);
    return rc;
}

static void reset_game_state(mjlog_reader *st)
{
    memset(st->counts, 0, sizeof(st->counts));
    memset(st->draw_count, 0, sizeof(st->draw_count));
    st->players = 4;
    st->go_seen = st->un_seen = st->owari_seen = st->rules_carried = false;
    st->go_type = 0;
    st->reds = true;
    paifu_mjlog__set_tiles(st);
    st->in_deal = st->deal_over = false;
    paifu_deal_start_init(&st->start);
    st->n_extra = st->n_prelude = 0;
    st->owari_integers = 1;
    st->owari_exact = false;
    paifu_mjlog_shuffle__clear(&st->shuffle);
    st->wall_error = false;
    st->generation_seen = MJLOG_GEN_NONE;
    st->xml_failed = false;
    st->tag = NULL;
}

/*
 * Try the scanner on the current document: 1 when it read it, an error (< 0), or 0 when it
 * declined, with everything it changed put back (st holds no pointer to memory of its own
 * outside the game, which is emptied) so that libxml2 can read the document from its start.
 */
static int scan_document(mjlog_reader *st)
{
    unsigned char saved[offsetof(mjlog_reader, scratch)];
    memcpy(saved, st, sizeof(saved));
    int rc = paifu_mjlog__scan(st);
    if (rc == 0) {
        paifu_mjlog__scan_declines++;
        memcpy(st, saved, sizeof(saved));
        paifu_game_reset(st->game);
    }
    return rc;
}

static int parse_with_libxml2(mjlog_reader *st, size_t len)
{
#if LIBXML_VERSION < 21200
    /* Before 2.12, some errors (input encoding, I/O, also while the parser is created) bypass
     * the parser's handler and go to libxml2's per-thread handlers, which print to stderr
     * (found by fuzzing): route them here too while we read, then give the thread its
     * handlers back. */
    xmlStructuredErrorFunc old_handler = xmlStructuredError;
    void *old_context = xmlStructuredErrorContext;
    xmlSetStructuredErrorFunc(st, on_xml_error);
#endif
    int rc = parse_document(st, st->in.data + st->doc_start, len);
#if LIBXML_VERSION < 21200
    xmlSetStructuredErrorFunc(old_context, old_handler);
#endif
    return rc;
}

/*
 * The first start tag of DOC[FROM..END) with more than MJ_MAX_ATTRS attributes (counted by their
 * '=' outside quoted values), or END. libxml2's check for duplicate attributes is quadratic in
 * their number (a 2.3 MB tag took 25 s), and the reader refuses such a tag anyway, so it is
 * refused before libxml2 sees the document.
 */
static size_t crowded_tag(const char *d, size_t from, size_t end)
{
    for (size_t k = next_start_tag(d, from, end); k < end;) {
        size_t n = 0, close = tag_scan(d, k, end, &n);
        if (n > MJ_MAX_ATTRS)
            return k;
        if (close >= end)
            break;
        k = next_start_tag(d, close + 1, end);
    }
    return end;
}

static int refuse_crowded_tag(mjlog_reader *st, size_t k)
{
    advance(st, k);
    paifu_location w;
    paifu_location_clear(&w);
    paifu_location_set_source(&w, st->in.source);
    w.game = st->game_index;
    w.line = st->line;
    w.column = (uint32_t)(k - st->line_start + 1);
    w.offset = st->in.base + k;
    return paifu_error_set(st->err, PAIFU_ELIMIT, &w, "more than %d attributes in one tag",
                           MJ_MAX_ATTRS);
}

static int read_document(mjlog_reader *st)
{
    reset_game_state(st);
    int rc = check_prolog(st);
    if (rc < 0)
        return rc;
    size_t len = st->doc_end - st->doc_start;
    if (len > INT_MAX)
        return paifu_mjlog__fail_code(st, PAIFU_ELIMIT, NULL,
                                      "an mjlog document larger than "
                                      "%d bytes",
                                      INT_MAX);
    rc = paifu_mjlog__scanner_on ? scan_document(st) : 0;
    if (rc == 0) {
        size_t k = crowded_tag(st->in.data, st->doc_start, st->doc_end);
        rc = k < st->doc_end ? refuse_crowded_tag(st, k) : parse_with_libxml2(st, len);
    }
    st->tag = NULL;
    st->in_deal = false;
    return rc < 0 ? rc : paifu_mjlog__finish_game(st);
}

/*
 * A document cut short (issue 36: a download or a copy that stopped; no </mjloggm> follows):
 * its tags up to the last complete one are read as the game, which lacks its end and is marked
 * truncated (log.truncated, at the last event read), as a cut between tags is. A tag cut in the
 * middle (the bytes after the last '>': a '<' with no '>') is not read. The input is copied up
 * to there, closed with </mjloggm> (offsets stay those of the input). Returns 1 when the
 * document is read from the copy, 0 when it is not cut (or nothing of it is readable: the
 * parser's error then names the place), or an error.
 */
static int close_cut(mjlog_reader *st)
{
    const char *d = st->in.data;
    size_t size = st->in.size;
    if (st->doc_end < size)
        return 0; /* (a streamed input's window holds the rest of it then: stream_fill) */
    size_t e = st->doc_end;
    while (e > st->doc_start && d[e - 1] != '>')
        e--;
    size_t tail = e;
    while (tail < size && is_space(d[tail]))
        tail++;
    if (tail < size && (d[tail] != '<' || memchr(d + tail, '>', size - tail)))
        return 0; /* text after the last tag: not a cut */
    size_t first = next_start_tag(d, st->doc_start, e);
    if (first >= e || !starts_with(d + first, e - first, "<mjloggm") ||
        tag_scan(d, first, e, NULL) + 1 >= e)
        return 0; /* nothing after the <mjloggm> tag: the parser says where it ends */
    if (e >= 10 && memcmp(d + e - 10, "</mjloggm>", 10) == 0)
        return 0;
    char *copy = malloc(e + 11);
    if (!copy)
        return paifu_error_set(st->err, PAIFU_ENOMEM, NULL, "out of memory");
    memcpy(copy, d, e);
    memcpy(copy + e, "</mjloggm>", 11);
    free(st->patched);
    st->patched = copy;
    st->in.data = copy;
    st->in.size = e + 10;
    st->doc_end = st->next_doc = st->in.size;
    return 1;
}

/*
 * Tenhou's XML is UTF-8, its names percent-encoded; an old download or an editor's save may be
 * Shift_JIS (issue 36). An input that is not UTF-8 and declares no encoding (libxml2 reads a
 * declared one) is read as Shift_JIS when it is that, from a UTF-8 copy (positions are then
 * those of the copy: the lines are the same), else refused naming the byte and the encodings
 * tried. A streamed input is refused the same way, not converted. 0, or an error.
 */
static int shift_jis(mjlog_reader *st)
{
    const char *d = st->in.data;
    size_t size = st->in.size;
    size_t k = 0;
    while (k < size && is_space(d[k]))
        k++;
    if (starts_with(d + k, size - k, "<?xml")) {
        size_t e = skip_past(d, k, size, "?>");
        for (size_t i = k; i + 9 <= e; i++)
            if (memcmp(d + i, "encoding=", 9) == 0)
                return 0; /* declared: libxml2 converts it, or names it */
    }
    size_t at = paifu_input__utf8_invalid(d, size);
    if (at == size)
        return 0;
    size_t bad = 0;
    char *copy = NULL;
    size_t n = 0;
    int rc = st->in.refill ? 1 : paifu_input__from_shift_jis(&copy, &n, d, size, &bad);
    if (rc < 0)
        return paifu_error_set(st->err, PAIFU_ENOMEM, NULL, "out of memory");
    if (rc == 0) {
        free(st->patched);
        st->patched = copy;
        st->in.data = copy;
        st->in.size = n;
        const char *nl = memchr(copy, '\n', n);
        st->next_newline = nl ? (size_t)(nl - copy) : n;
        return 0;
    }
    uint32_t line = 1;
    size_t line_start = 0;
    for (size_t i = 0; i < at; i++)
        if (d[i] == '\n') {
            line++;
            line_start = i + 1;
        }
    paifu_location w;
    paifu_location_clear(&w);
    paifu_location_set_source(&w, st->in.source);
    w.line = line;
    w.column = (uint32_t)(at - line_start + 1);
    w.offset = st->in.base + at;
    return paifu_error_set(st->err, PAIFU_EFORMAT, &w,
                           "expected UTF-8 (Tenhou's encoding) or Shift_JIS, found byte 0x%02X "
                           "(convert the file to UTF-8: iconv -f ITS-ENCODING -t UTF-8)",
                           (unsigned char)d[at]);
}

static void reader_free(void *state)
{
    mjlog_reader *st = state;
    if (st)
        free(st->patched);
    free(st);
}

/* ---- format interface ---- */

/* Not the registry's default: the 16 KiB of scratch are not zeroed, and the reader starts with
   the first line's end. */
static int reader_open(void **state, const format_input *in, paifu_error *err)
{
    mjlog_reader *st = malloc(sizeof(*st));
    if (!st)
        return paifu_error_set(err, PAIFU_ENOMEM, NULL, "out of memory");
    memset(st, 0, offsetof(mjlog_reader, scratch)); /* 16 KiB of scratch left as it is */
    st->in = *in;
    st->line = 1;
    const char *nl = st->in.size ? memchr(st->in.data, '\n', st->in.size) : NULL;
    st->next_newline = nl ? (size_t)(nl - st->in.data) : st->in.size;
    st->game_index = -1;
    *state = st;
    return 0;
}

static int reader_next(void *state, paifu_game *game, paifu_error *err)
{
    mjlog_reader *st = state;
    st->game = game;
    st->err = err;
    if (st->single) {
        if (st->single == 2)
            return 0;
        st->single = 2;
    } else if (st->next_doc >= st->in.size ||
               (st->game_index >= 0 && only_trailer(st->in.data, st->next_doc, st->in.size))) {
        return 0;
    }
    st->game_index++;
    if (!st->encoding_checked) {
        st->encoding_checked = true;
        int rc = shift_jis(st);
        if (rc < 0) {
            st->next_doc = st->in.size;
            return rc;
        }
    }
    while (st->next_doc < st->in.size && is_space(st->in.data[st->next_doc]))
        st->next_doc++; /* a later document may open with its own XML declaration */
    advance(st, st->next_doc);
    st->doc_start = st->next_doc;
    st->doc_line = st->line;
    st->doc_column = (uint32_t)(st->doc_start - st->line_start + 1);
    st->doc_end = find_doc_end(st->in.data, st->doc_start, st->in.size);
    st->next_doc = st->doc_end;
    int rc = close_cut(st);
    if (rc >= 0)
        rc = read_document(st);
    if (rc < 0) {
        st->next_doc = st->in.size; /* no further games after an error */
        return rc;
    }
    if ((rc = paifu_mjlog__located(st, paifu_game_set_source_format(game, "tenhou-xml", err))) < 0)
        return rc;
    return 1;
}

/* Streaming (format.h): the reader needs the bytes from its cursor on (lines are counted from
   there) and the next document starts at next_doc; offsets move with the window (line_start may
   lie before it: only differences from it are taken, in size_t's modular arithmetic). */
static void stream_span(const void *state, size_t *keep, size_t *next)
{
    const mjlog_reader *st = state;
    *keep = st->cur < st->next_doc ? st->cur : st->next_doc;
    *next = st->next_doc;
}

/* Splitting (format.h): the next document, as reader_next finds it. */
static int split_span(void *state, size_t *from, size_t *to)
{
    mjlog_reader *st = state;
    const char *d = st->in.data;
    if (st->next_doc >= st->in.size ||
        (st->game_index >= 0 && only_trailer(d, st->next_doc, st->in.size)))
        return 0;
    size_t s = st->next_doc;
    while (s < st->in.size && is_space(d[s]))
        s++;
    advance(st, s);
    *from = s;
    *to = find_doc_end(d, s, st->in.size);
    return 1;
}

/* A piece over the document split_span gave, starting where this reader stands (its line, the
   offset of that line's start and the game index), and this reader moved past it. */
static int split_take(void *state, const format_input *piece_in, void **piece, paifu_error *err)
{
    mjlog_reader *st = state;
    int rc = reader_open(piece, piece_in, err);
    if (rc < 0)
        return rc;
    mjlog_reader *p = *piece;
    size_t from = st->cur;
    p->single = 1;
    p->game_index = st->game_index;
    p->line = st->line;
    p->line_start = st->line_start - from; /* before the piece: modular, as stream_rebase */
    st->game_index++;
    st->next_doc = from + piece_in->size;
    return 0;
}

static void stream_rebase(void *state, const char *data, size_t size, size_t dropped)
{
    mjlog_reader *st = state;
    st->in.data = data;
    st->in.size = size;
    st->in.base += dropped;
    st->next_doc -= dropped;
    st->cur -= dropped;
    st->line_start -= dropped;
    const char *nl = memchr(data + st->cur, '\n', size - st->cur);
    st->next_newline = nl ? (size_t)(nl - data) : size;
}

const format_impl paifu_format_mjlog = {
    .info = {.name = "tenhou-xml",
             .description = "Tenhou mjlog XML (<mjloggm>, plain or gzip)",
             .can_read = true,
             .can_write = true,
             .carries = PAIFU_CARRIES_WALL | PAIFU_CARRIES_TSUMOGIRI | PAIFU_CARRIES_CONNECTION |
                        PAIFU_CARRIES_TILE_IDS | PAIFU_CARRIES_FINAL | PAIFU_CARRIES_RULES |
                        PAIFU_CARRIES_NAME_ID,
             .extension = ".xml"},
    .sniff = sniff,
    .resembles = resembles,
    .reader_open = reader_open,
    .reader_free = reader_free,
    .reader_next = reader_next,
    .writer = &paifu_mjlog__writer,
    .stream_span = stream_span,
    .game_end = find_doc_end,
    .stream_rebase = stream_rebase,
    .split_span = split_span,
    .split_take = split_take,
};
