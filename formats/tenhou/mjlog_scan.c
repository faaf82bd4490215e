/*
 * mjlog_scan.c: a strict scanner for the plain XML that Tenhou and the tools after it write,
 * so that a compact mjlog is read without libxml2's per-name dictionary work (which cost as
 * much as the rest of a validation: README, "Speed").
 *
 * It accepts a subset of well-formed XML and nothing else:
 *
 *   document  [decl] S* '<mjloggm' attrs S* '>' (S* child)* S* '</mjloggm' S* '>'
 *   decl      exactly <?xml version="1.0"?> or <?xml version="1.0" encoding="UTF-8"?>
 *             (also "utf-8", and single quotes)
 *   child     '<' name attrs S* '/>'
 *   attrs     (S+ name S* '=' S* quoted)*  names unique; no "xmlns"
 *   name      [A-Za-z_][A-Za-z0-9_.-]*, shorter than MJ_SCAN_NAME; no ':' (no namespaces)
 *   quoted    "..." or '...' of printable ASCII (0x20..0x7E) other than '<', '&' and the quote
 *   S         space, tab, CR, LF
 *
 * Everything in it means the same to libxml2 and needs no translation (no reference, no
 * attribute-value normalisation: tab, CR and LF are refused inside values, no encoding: bytes
 * above 0x7E are refused), so the values are the bytes between the quotes. Anything outside
 * the subset (a comment, a byte-order mark, a non-ASCII byte, an entity or character
 * reference, a child with content, a DOCTYPE, any malformation) makes the scanner decline,
 * and the document is read again from its start by libxml2 (mjlog_read.c, read_document),
 * which reports malformations with its own messages and positions. Tags are handed to the
 * reader exactly as the SAX2 path hands them (a tag once it is complete, in document order,
 * at its own offset), so a document both paths accept gives the same game or the same error;
 * tests/unit/test_mjlog_scan.c compares the two paths over real and mutated logs.
 */
#include "mjlog.h"

#include <string.h>

bool paifu_mjlog__scanner_on = true;
_Thread_local unsigned long paifu_mjlog__scan_declines;

/* Byte classes, one table lookup per byte in the loops below. */
enum { C_SPACE = 1, C_NAME_START = 2, C_NAME = 4, C_VALUE = 8 };
#define C_LETTER(c) ((((unsigned)(c) | 0x20u) - 'a') < 26u)
#define CLASS(c)                                                                                  \
    (((c) == ' ' || (c) == '\t' || (c) == '\r' || (c) == '\n' ? C_SPACE : 0) |                     \
     (C_LETTER(c) || (c) == '_' ? C_NAME_START | C_NAME : 0) |                                    \
     (((unsigned)(c) - '0') < 10u || (c) == '-' || (c) == '.' ? C_NAME : 0) |                     \
     ((c) >= 0x20 && (c) <= 0x7E && (c) != '<' && (c) != '&' && (c) != '"' && (c) != '\''        \
          ? C_VALUE                                                                               \
          : 0))
#define CLASS4(c) CLASS(c), CLASS((c) + 1), CLASS((c) + 2), CLASS((c) + 3)
#define CLASS16(c) CLASS4(c), CLASS4((c) + 4), CLASS4((c) + 8), CLASS4((c) + 12)
#define CLASS64(c) CLASS16(c), CLASS16((c) + 16), CLASS16((c) + 32), CLASS16((c) + 48)
static const unsigned char CLS[256] = {CLASS64(0), CLASS64(64), CLASS64(128), CLASS64(192)};

/*
 * The loops run on the class of each byte without checking END: the input is NUL-terminated
 * (format.h), and NUL is in no class, so a loop stops at the buffer's end at the latest; its
 * caller then refuses a position at or past END.
 */
static inline bool name_start(unsigned char c)
{
    return CLS[c] & C_NAME_START;
}

static size_t skip_spaces(const unsigned char *d, size_t i, size_t end)
{
    (void)end;
    while (CLS[d[i]] & C_SPACE)
        i++;
    return i;
}

static size_t skip_name(const unsigned char *d, size_t i)
{
    while (CLS[d[i]] & C_NAME)
        i++;
    return i;
}

static bool at(const unsigned char *d, size_t i, size_t end, const char *lit, size_t n)
{
    return end - i >= n && memcmp(d + i, lit, n) == 0;
}

/* Past the XML declaration at I (one of the accepted spellings), or 0 to decline. */
static size_t declaration(const unsigned char *d, size_t i, size_t end)
{
    static const char *const DECLS[] = {
        "<?xml version=\"1.0\"?>",
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>",
        "<?xml version='1.0'?>",
        "<?xml version='1.0' encoding='UTF-8'?>",
        "<?xml version='1.0' encoding='utf-8'?>",
    };
    for (size_t k = 0; k < sizeof(DECLS) / sizeof(DECLS[0]); k++) {
        size_t n = strlen(DECLS[k]);
        if (at(d, i, end, DECLS[k], n))
            return i + n;
    }
    return 0;
}

/*
 * The attributes of a start tag, from *PI (just past its name) to its end, handed to the reader
 * (paifu_mjlog__attrs_begin, __add_attribute). Returns '/' after "/>", '>' after '>' (*PI then
 * just past it), or 0 to decline.
 */
static int attributes(mjlog_reader *st, const unsigned char *d, size_t *pi, size_t end)
{
    size_t i = *pi, n = 0;
    unsigned char lens[MJ_MAX_ATTRS]; /* the lengths of the names in st->scan_names */
    paifu_mjlog__attrs_begin(st);
    for (;;) {
        size_t s = i;
        i = skip_spaces(d, i, end);
        if (i >= end)
            return 0;
        if (d[i] == '/') {
            if (i + 1 < end && d[i + 1] == '>') {
                *pi = i + 2;
                return '/';
            }
            return 0;
        }
        if (d[i] == '>') {
            *pi = i + 1;
            return '>';
        }
        if (i == s || !name_start(d[i]) || n == MJ_MAX_ATTRS)
            return 0; /* no space before the name, not a name, or more than the bound */
        size_t a = i;
        i = skip_name(d, i);
        size_t alen = i - a;
        if (i >= end || alen >= MJ_SCAN_NAME || (alen >= 5 && memcmp(d + a, "xmlns", 5) == 0))
            return 0;
        i = skip_spaces(d, i, end);
        if (i >= end || d[i] != '=')
            return 0;
        i = skip_spaces(d, i + 1, end);
        if (i >= end || (d[i] != '"' && d[i] != '\''))
            return 0;
        unsigned char q = d[i++];
        size_t v = i;
        for (;; i++) { /* printable ASCII but '<' and '&', up to the closing quote */
            while (CLS[d[i]] & C_VALUE)
                i++;
            if (i >= end)
                return 0;
            if (d[i] == q)
                break;
            if (d[i] != '"' && d[i] != '\'')
                return 0;
        }
        for (size_t k = 0; k < n; k++)
            if (lens[k] == alen && memcmp(st->scan_names[k], d + a, alen) == 0)
                return 0; /* a repeated attribute: not well-formed */
        lens[n] = (unsigned char)alen;
        memcpy(st->scan_names[n], d + a, alen);
        st->scan_names[n][alen] = '\0';
        paifu_mjlog__add_attribute(st, st->scan_names[n], (const char *)d + v, i - v);
        n++;
        i++; /* past the closing quote */
    }
}

int paifu_mjlog__scan(mjlog_reader *st)
{
    const unsigned char *d = (const unsigned char *)st->in.data;
    size_t i = st->doc_start, end = st->doc_end;
    if (at(d, i, end, "<?", 2) && (i = declaration(d, i, end)) == 0)
        return 0;
    i = skip_spaces(d, i, end);
    if (!at(d, i, end, "<mjloggm", 8))
        return 0;
    size_t tag = i;
    i += 8;
    if (attributes(st, d, &i, end) != '>')
        return 0;
    int rc = paifu_mjlog__element(st, tag, "mjloggm", true);
    if (rc < 0)
        return rc;
    for (;;) {
        i = skip_spaces(d, i, end);
        if (i + 1 >= end || d[i] != '<')
            return 0;
        if (d[i + 1] == '/') {
            if (!at(d, i, end, "</mjloggm", 9))
                return 0;
            i = skip_spaces(d, i + 9, end);
            return i < end && d[i] == '>' && i + 1 == end ? 1 : 0;
        }
        tag = i++;
        if (!name_start(d[i]))
            return 0;
        size_t a = i;
        i = skip_name(d, i);
        if (i >= end || i - a >= MJ_SCAN_NAME)
            return 0;
        memcpy(st->scan_tag, d + a, i - a);
        st->scan_tag[i - a] = '\0';
        if (attributes(st, d, &i, end) != '/')
            return 0;
        if ((rc = paifu_mjlog__element(st, tag, st->scan_tag, false)) < 0)
            return rc;
    }
}
