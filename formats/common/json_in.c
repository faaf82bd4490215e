/* json_in.c: jansson helpers with JSON-path errors (see json_in.h). */
#include "format.h"
#include "json_in.h"

#include <errno.h>
#include <limits.h>
#include <locale.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

void json_cursor_init(json_cursor *c, const char *source, paifu_error *err)
{
    c->source = source;
    c->err = err;
    c->line = 0;
    c->depth = 0;
    c->root[0] = '$';
    c->root[1] = '\0';
    c->path[0] = '\0';
}

size_t json_cursor_key(json_cursor *c, const char *key)
{
    size_t old = c->depth;
    if (old < JSON_CURSOR_DEPTH) {
        c->steps[old].key = key;
        c->steps[old].index = 0;
    }
    c->depth = old + 1;
    return old;
}

size_t json_cursor_index(json_cursor *c, size_t index)
{
    size_t old = c->depth;
    if (old < JSON_CURSOR_DEPTH) {
        c->steps[old].key = NULL;
        c->steps[old].index = index;
    }
    c->depth = old + 1;
    return old;
}

void json_cursor_pop(json_cursor *c, size_t old)
{
    c->depth = old;
}

void json_cursor_set(json_cursor *c, const char *path)
{
    snprintf(c->root, sizeof(c->root), "%s", path);
    c->depth = 0;
}

const char *json_cursor_path(json_cursor *c)
{
    size_t len = strlen(c->root);
    memcpy(c->path, c->root, len + 1);
    size_t n = c->depth < JSON_CURSOR_DEPTH ? c->depth : JSON_CURSOR_DEPTH;
    for (size_t i = 0; i < n; i++) {
        char tmp[64];
        if (c->steps[i].key)
            snprintf(tmp, sizeof(tmp), ".%s", c->steps[i].key);
        else
            snprintf(tmp, sizeof(tmp), "[%zu]", c->steps[i].index);
        size_t k = strlen(tmp);
        if (len + k >= sizeof(c->path))
            break; /* truncated paths keep their head */
        memcpy(c->path + len, tmp, k + 1);
        len += k;
    }
    return c->path;
}

static int verr(json_cursor *c, paifu_error_code code, const char *fmt, va_list ap)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 3, 0)))
#endif
    ;

static int verr(json_cursor *c, paifu_error_code code, const char *fmt, va_list ap)
{
    char text[200];
    vsnprintf(text, sizeof(text), fmt, ap);
    return paifu_formats__error(c->err, code, c->source, c->line, 0, json_cursor_path(c), "%s",
                                text);
}

int jerr(json_cursor *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = verr(c, PAIFU_EFORMAT, fmt, ap);
    va_end(ap);
    return rc;
}

int junsupported(json_cursor *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = verr(c, PAIFU_EUNSUPPORTED, fmt, ap);
    va_end(ap);
    return rc;
}

/* Whether A and B are one key in two renderings: "data_url" and "dataUrl" (MahjongSoul's JSON
   comes in both, majsoul_json.c), case and underscores aside. */
static bool same_key(const char *a, const char *b)
{
    for (;; a++, b++) {
        while (*a == '_')
            a++;
        while (*b == '_')
            b++;
        char x = *a >= 'A' && *a <= 'Z' ? (char)(*a - 'A' + 'a') : *a;
        char y = *b >= 'A' && *b <= 'Z' ? (char)(*b - 'A' + 'a') : *b;
        if (x != y)
            return false;
        if (!x)
            return true;
    }
}

/* Whether OBJ has KEY in either rendering (same_key). */
static bool has_key(const json_t *obj, const char *key)
{
    const char *k;
    json_t *v;
    json_object_foreach((json_t *)obj, k, v)
    {
        (void)v;
        if (same_key(k, key))
            return true;
    }
    return false;
}

int jslip(json_cursor *c, const json_t *obj, const char *const *known, size_t n)
{
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)obj, key, v)
    {
        (void)v;
        bool is_known = false;
        for (size_t k = 0; k < n && !is_known; k++)
            is_known = same_key(key, known[k]);
        for (size_t k = 0; !is_known && k < n; k++)
            if (strlen(known[k]) >= 3 && !has_key(obj, known[k]) &&
                paifu_formats__near(key, strlen(key), known[k])) {
                size_t old = json_cursor_key(c, key);
                int rc = jerr(c, "expected the key \"%s\", found \"%s\"", known[k], key);
                json_cursor_pop(c, old);
                return rc;
            }
    }
    return 0;
}

const char *jtype(const json_t *v)
{
    if (!v)
        return "nothing";
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "an array";
    case JSON_STRING: return "a string";
    case JSON_INTEGER: return "an integer";
    case JSON_REAL: return "a number";
    case JSON_TRUE:
    case JSON_FALSE: return "a boolean";
    case JSON_NULL: return "null";
    }
    return "a value";
}

size_t jlead(const char *data, size_t size)
{
    size_t i = 0;
    if (size >= 3 && (unsigned char)data[0] == 0xEF && (unsigned char)data[1] == 0xBB)
        i = 3; /* UTF-8 byte order mark */
    while (i < size && (data[i] == ' ' || data[i] == '\n' || data[i] == '\r' || data[i] == '\t'))
        i++;
    return i;
}

/* How common byte C is in a JSON log: 0 for the rare ones (capitals, j q x z k v w y),
   1 other letters, 2 the rest (digits, quotes, punctuation, spaces). */
static int commonness(unsigned char c)
{
    if (c >= 'A' && c <= 'Z')
        return 0;
    if (c >= 'a' && c <= 'z')
        return strchr("jqxzkvwy", c) ? 0 : 1;
    return c >= 0x80 ? 0 : 2;
}

/*
 * The sniffers look for a few keys in up to 1 MiB of each input, mostly in vain (a Botzone log
 * is asked for MahjongSoul's keys); glibc's memmem went through the text at a few instructions a
 * byte. memchr (vectorised) finds the candidates by the literal's rarest byte instead, memcmp
 * checks them.
 */
const char *jfind(const char *data, size_t size, const char *lit)
{
    size_t n = strlen(lit), at = 0;
    if (n == 0)
        return data;
    for (size_t i = 1; i < n; i++)
        if (commonness((unsigned char)lit[i]) < commonness((unsigned char)lit[at]))
            at = i;
    if (size < n)
        return NULL;
    const char *p = data + at, *end = data + size - n + at; /* the rare byte's last place */
    while (p <= end && (p = memchr(p, lit[at], (size_t)(end - p) + 1)) != NULL) {
        if (memcmp(p - at, lit, n) == 0)
            return p - at;
        p++;
    }
    return NULL;
}

bool jcontains(const char *data, size_t size, const char *lit)
{
    return jfind(data, size, lit) != NULL;
}

/*
 * Memory of a JSON document. jansson builds a DOM of the whole text, at up to about 80 bytes per
 * input byte (30 MB of "{}," peaked at 2.3 GB), so every load runs under a budget: the bytes
 * jansson allocates during one load, counted by allocation functions installed once for the
 * process (thread-local, since validate -j reads in threads). jansson allocates at most 10.1 bytes
 * per input byte for the real logs of the corpus (Botzone logs of 117 KB; the 765 KB MahjongSoul
 * game takes 4.0), so the budget is JSON_BUDGET_PER_BYTE per input byte plus a base, never more
 * than JSON_BUDGET_MAX, which holds a real log of 2 MB at that rate with room to spare;
 * an allocation over it is refused before it is made, and the load fails with a clear error.
 */
#define JSON_BUDGET_PER_BYTE 16
#define JSON_BUDGET_BASE (1u << 20)
#define JSON_BUDGET_MAX ((size_t)24 << 20)

static _Thread_local size_t json_budget_left, json_budget_used, json_budget_most;
static _Thread_local bool json_budget_hit;

/*
 * Every load builds its tree in an arena of its own (json_arena): jansson's allocations during
 * json_loadb are bumps in the arena's chunks and its frees during the load no-ops, and jfree
 * drops the whole arena at once instead of a free per value (malloc, free and json_delete's walk
 * took a third of loading a Botzone log). The arenas alive are listed (a root's arena is found by
 * jfree from any thread); outside a load jansson's allocations are plain malloc and free.
 */
typedef struct json_chunk {
    struct json_chunk *next;
    size_t used, cap;
    max_align_t data[]; /* cap bytes */
} json_chunk;

typedef struct json_arena {
    struct json_arena *next; /* the list of arenas alive */
    json_t *root;
    json_chunk *chunks;      /* newest first */
    size_t first;            /* the first chunk's size, from the input's */
} json_arena;

#define JSON_ALIGN (sizeof(max_align_t))
#define JSON_CHUNK_MIN ((size_t)8 << 10)
#define JSON_CHUNK_SPARE_MAX ((size_t)1 << 20)

static _Thread_local json_arena *json_loading; /* the arena of the load in progress */
static json_arena *json_arenas;                /* alive, under json_arenas_lock */
static atomic_flag json_arenas_lock = ATOMIC_FLAG_INIT;
static _Atomic(json_chunk *) json_spare;        /* one freed chunk kept for the next load */

static void arenas_lock(void)
{
    while (atomic_flag_test_and_set_explicit(&json_arenas_lock, memory_order_acquire))
        ;
}

static void arenas_unlock(void)
{
    atomic_flag_clear_explicit(&json_arenas_lock, memory_order_release);
}

static json_chunk *chunk_new(size_t cap)
{
    json_chunk *k = atomic_exchange(&json_spare, NULL);
    if (k && k->cap >= cap) {
        k->used = 0;
        k->next = NULL;
        return k;
    }
    free(k);
    k = malloc(sizeof(*k) + cap);
    if (k) {
        k->next = NULL;
        k->used = 0;
        k->cap = cap;
    }
    return k;
}

static void chunk_free(json_chunk *k)
{
    if (k->cap <= JSON_CHUNK_SPARE_MAX)
        k = atomic_exchange(&json_spare, k);
    free(k);
}

static void arena_free(json_arena *a)
{
    for (json_chunk *k = a->chunks, *next; k; k = next) {
        next = k->next;
        chunk_free(k);
    }
    free(a);
}

static void *arena_alloc(json_arena *a, size_t n)
{
    n = (n + JSON_ALIGN - 1) & ~(JSON_ALIGN - 1);
    json_chunk *k = a->chunks;
    if (!k || k->cap - k->used < n) {
        size_t cap = k ? 2 * k->cap : a->first;
        if (cap < n)
            cap = n;
        json_chunk *fresh = chunk_new(cap);
        if (!fresh)
            return NULL;
        fresh->next = k;
        a->chunks = k = fresh;
    }
    void *p = (char *)k->data + k->used;
    k->used += n;
    return p;
}

static void *budget_malloc(size_t n)
{
    json_arena *a = json_loading;
    if (!a)
        return malloc(n);
    if (n > json_budget_left) {
        json_budget_hit = true;
        return NULL;
    }
    json_budget_left -= n;
    json_budget_used += n;
    return arena_alloc(a, n);
}

static void budget_free(void *p)
{
    if (!json_loading) /* during a load, P is in its arena: dropped with it */
        free(p);
}

static void install_alloc_funcs(void)
{
    static atomic_int state; /* 0 not yet, 1 installing, 2 done */
    if (atomic_load(&state) == 2)
        return;
    int expected = 0;
    if (atomic_compare_exchange_strong(&state, &expected, 1)) {
        json_set_alloc_funcs(budget_malloc, budget_free);
        atomic_store(&state, 2);
        return;
    }
    while (atomic_load(&state) != 2)
        ; /* another thread is installing them: two stores */
}

void jfree(json_t *v)
{
    if (!v)
        return;
    json_arena *a = NULL;
    arenas_lock();
    for (json_arena **at = &json_arenas; *at; at = &(*at)->next)
        if ((*at)->root == v) {
            a = *at;
            *at = a->next;
            break;
        }
    arenas_unlock();
    if (a)
        arena_free(a);
    else
        json_decref(v);
}

size_t jbudget(size_t size)
{
    if (size > (JSON_BUDGET_MAX - JSON_BUDGET_BASE) / JSON_BUDGET_PER_BYTE)
        return JSON_BUDGET_MAX;
    return size * JSON_BUDGET_PER_BYTE + JSON_BUDGET_BASE;
}

size_t jbudget_most_used(void)
{
    size_t most = json_budget_most;
    json_budget_most = 0;
    return most;
}

/* Column of byte POS of DATA counted from its line's start (1-based), for documents after the
 * first: jansson counts from where it was asked to start. */
static uint32_t column_of(const char *base, size_t pos)
{
    size_t k = pos;
    while (k > 0 && base[k - 1] != '\n')
        k--;
    return (uint32_t)(pos - k);
}

/*
 * A fast path of json_loadb for what logs hold: objects, arrays, integers, reals, literals and
 * strings of valid UTF-8 with the simple escapes, parsed in one pass over the bytes into the same
 * jansson tree (the same calls jansson's parser makes: json_object_setn_new_nocheck,
 * json_array_append_new, ...). jansson's lexer reads a byte at a time through a stream and took
 * most of the time of reading a log. Anything else (a syntax error, \u escapes, a number out of
 * range, a duplicate key under JSON_REJECT_DUPLICATES, an allocation refused by the budget, deep
 * nesting) is declined: the tree is dropped and jansson reads the bytes, so every error and
 * every odd input is jansson's as before.
 */
typedef struct fast_parse {
    const char *p, *end;
    size_t flags;
    unsigned depth;
    char *buf; /* unescaped strings */
    size_t cap;
} fast_parse;

#define FAST_MAX_DEPTH 512

static void fast_space(fast_parse *f)
{
    while (f->p < f->end && (*f->p == ' ' || *f->p == '\n' || *f->p == '\r' || *f->p == '\t'))
        f->p++;
}

/* Bytes of the UTF-8 sequence at P (at most N left) if valid as jansson takes it (no overlong
   form, no surrogate, at most U+10FFFF), else 0. */
static size_t fast_utf8(const unsigned char *p, size_t n)
{
    unsigned c = p[0];
    size_t len;
    uint32_t v;
    if (c >= 0xC2 && c <= 0xDF)
        len = 2, v = c & 0x1F;
    else if (c >= 0xE0 && c <= 0xEF)
        len = 3, v = c & 0x0F;
    else if (c >= 0xF0 && c <= 0xF4)
        len = 4, v = c & 0x07;
    else
        return 0;
    if (n < len)
        return 0;
    for (size_t i = 1; i < len; i++) {
        if ((p[i] & 0xC0) != 0x80)
            return 0;
        v = (v << 6) | (p[i] & 0x3F);
    }
    if ((len == 3 && (v < 0x800 || (v >= 0xD800 && v <= 0xDFFF))) ||
        (len == 4 && (v < 0x10000 || v > 0x10FFFF)))
        return 0;
    return len;
}

/* The string at f->p (after its opening quote): *S and *LEN (in the input, or unescaped in
   f->buf); false to decline. */
static bool fast_string(fast_parse *f, const char **s, size_t *len)
{
    const char *start = f->p;
    size_t n = 0;
    bool escaped = false;
    for (;;) {
        if (f->p >= f->end)
            return false;
        unsigned char c = (unsigned char)*f->p;
        if (c == '"')
            break;
        if (c < 0x20)
            return false;
        if (c == '\\') {
            escaped = true;
            if (f->p + 1 >= f->end || !strchr("\"\\/bfnrt", f->p[1]) || !f->p[1])
                return false; /* \u and bad escapes: jansson's */
            f->p += 2;
            n++;
        } else if (c >= 0x80) {
            size_t k = fast_utf8((const unsigned char *)f->p, (size_t)(f->end - f->p));
            if (!k)
                return false;
            f->p += k;
            n += k;
        } else {
            f->p++;
            n++;
        }
    }
    size_t raw = (size_t)(f->p - start);
    f->p++; /* the closing quote */
    if (!escaped) {
        *s = start;
        *len = raw;
        return true;
    }
    if (n + 1 > f->cap) {
        char *b = realloc(f->buf, n + 1);
        if (!b)
            return false;
        f->buf = b;
        f->cap = n + 1;
    }
    char *o = f->buf;
    for (const char *q = start; q < start + raw; q++) {
        if (*q != '\\') {
            *o++ = *q;
            continue;
        }
        switch (*++q) {
        case 'b': *o++ = '\b'; break;
        case 'f': *o++ = '\f'; break;
        case 'n': *o++ = '\n'; break;
        case 'r': *o++ = '\r'; break;
        case 't': *o++ = '\t'; break;
        default: *o++ = *q; break; /* " \ / */
        }
    }
    *s = f->buf;
    *len = n;
    return true;
}

static json_t *fast_value(fast_parse *f);

static json_t *fast_number(fast_parse *f)
{
    const char *start = f->p;
    bool neg = false;
    if (f->p < f->end && *f->p == '-')
        neg = true, f->p++;
    if (f->p >= f->end || *f->p < '0' || *f->p > '9')
        return NULL;
    if (*f->p == '0' && f->p + 1 < f->end && f->p[1] >= '0' && f->p[1] <= '9')
        return NULL; /* a leading zero: jansson's error */
    unsigned long long v = 0;
    bool big = false;
    while (f->p < f->end && *f->p >= '0' && *f->p <= '9') {
        unsigned d = (unsigned)(*f->p++ - '0');
        if (v > (ULLONG_MAX - d) / 10)
            big = true;
        else
            v = v * 10 + d;
    }
    bool real = f->p < f->end && (*f->p == '.' || *f->p == 'e' || *f->p == 'E');
    if (!real) {
        if (big || v > (unsigned long long)LLONG_MAX + (neg ? 1u : 0u))
            return NULL; /* out of range: jansson's error */
        if ((f->flags & JSON_DECODE_INT_AS_REAL))
            return NULL;
        long long x = neg ? (long long)(0 - v) : (long long)v;
        return json_integer(x);
    }
    if (*f->p == '.') {
        f->p++;
        if (f->p >= f->end || *f->p < '0' || *f->p > '9')
            return NULL;
        while (f->p < f->end && *f->p >= '0' && *f->p <= '9')
            f->p++;
    }
    if (f->p < f->end && (*f->p == 'e' || *f->p == 'E')) {
        f->p++;
        if (f->p < f->end && (*f->p == '+' || *f->p == '-'))
            f->p++;
        if (f->p >= f->end || *f->p < '0' || *f->p > '9')
            return NULL;
        while (f->p < f->end && *f->p >= '0' && *f->p <= '9')
            f->p++;
    }
    char tmp[64];
    size_t n = (size_t)(f->p - start);
    if (n >= sizeof(tmp) || localeconv()->decimal_point[0] != '.' ||
        localeconv()->decimal_point[1])
        return NULL;
    memcpy(tmp, start, n);
    tmp[n] = '\0';
    errno = 0;
    double d = strtod(tmp, NULL);
    if (errno == ERANGE)
        return NULL;
    return json_real(d);
}

/* After a member or an element (or at the opening bracket, FIRST): 1 when another follows (a
   comma, or none yet), 0 at CLOSE (read), -1 for anything else. */
static int fast_next(fast_parse *f, char close, bool first)
{
    fast_space(f);
    if (f->p < f->end && *f->p == close) {
        f->p++;
        return 0;
    }
    if (first)
        return 1;
    if (f->p < f->end && *f->p == ',') {
        f->p++;
        fast_space(f);
        return 1;
    }
    return -1;
}

static json_t *fast_object(fast_parse *f)
{
    json_t *obj = json_object();
    if (!obj)
        return NULL;
    f->p++; /* { */
    /* a key given twice replaces the value and leaves the size: under JSON_REJECT_DUPLICATES
       that is jansson's error, found from the count of keys at the end */
    size_t keys = 0;
    for (int more = fast_next(f, '}', true);; more = fast_next(f, '}', false)) {
        if (more == 0 && (!(f->flags & JSON_REJECT_DUPLICATES) || json_object_size(obj) == keys))
            return obj;
        if (more <= 0)
            break;
        const char *key;
        size_t len;
        if (f->p >= f->end || *f->p != '"')
            break;
        f->p++;
        if (!fast_string(f, &key, &len))
            break;
        char small[64], *k = small;
        if (key == f->buf) { /* the next string reuses the buffer */
            k = len < sizeof(small) ? small : malloc(len + 1);
            if (!k)
                break;
            memcpy(k, key, len);
            key = k;
        }
        fast_space(f);
        json_t *v = NULL;
        keys++;
        if (f->p < f->end && *f->p == ':') {
            f->p++;
            fast_space(f);
            v = fast_value(f);
        }
        int rc = v ? json_object_setn_new_nocheck(obj, key, len, v) : -1;
        if (k != small)
            free(k);
        if (rc < 0)
            break;
    }
    json_decref(obj);
    return NULL;
}

static json_t *fast_array(fast_parse *f)
{
    json_t *arr = json_array();
    if (!arr)
        return NULL;
    f->p++; /* [ */
    for (int more = fast_next(f, ']', true);; more = fast_next(f, ']', false)) {
        if (more == 0)
            return arr;
        json_t *v = more > 0 ? fast_value(f) : NULL;
        if (!v || json_array_append_new(arr, v) < 0)
            break;
    }
    json_decref(arr);
    return NULL;
}

static bool fast_word(fast_parse *f, const char *w, size_t n)
{
    if ((size_t)(f->end - f->p) < n || memcmp(f->p, w, n) != 0)
        return false;
    f->p += n;
    return true;
}

static json_t *fast_value(fast_parse *f)
{
    if (f->p >= f->end)
        return NULL;
    switch (*f->p) {
    case '{':
    case '[': {
        if (++f->depth > FAST_MAX_DEPTH)
            return NULL;
        json_t *v = *f->p == '{' ? fast_object(f) : fast_array(f);
        f->depth--;
        return v;
    }
    case '"': {
        const char *s;
        size_t len;
        f->p++;
        return fast_string(f, &s, &len) ? json_stringn_nocheck(s, len) : NULL;
    }
    case 't': return fast_word(f, "true", 4) ? json_true() : NULL;
    case 'f': return fast_word(f, "false", 5) ? json_false() : NULL;
    case 'n': return fast_word(f, "null", 4) ? json_null() : NULL;
    default: return fast_number(f);
    }
}

/* The tree of DATA[0..SIZE) as json_loadb would give it (*USED: its bytes, as jansson's
   position), or NULL to let jansson read it. */
static json_t *fast_load(const char *data, size_t size, size_t flags, size_t *used)
{
    fast_parse f = {data, data + size, flags, 0, NULL, 0};
    fast_space(&f);
    json_t *v = NULL;
    if (f.p < f.end && (*f.p == '{' || *f.p == '[' || (flags & JSON_DECODE_ANY)))
        v = fast_value(&f);
    if (v && !(flags & JSON_DISABLE_EOF_CHECK)) {
        fast_space(&f);
        if (f.p != f.end) {
            json_decref(v);
            v = NULL;
        }
    }
    free(f.buf);
    if (v)
        *used = (size_t)(f.p - data);
    return v;
}

static int load(json_t **out, size_t *used, const char *data, size_t size, size_t flags,
                uint32_t line_base, uint32_t col_base, const char *source, paifu_error *err)
{
    install_alloc_funcs();
    json_error_t je;
    json_arena *a = calloc(1, sizeof(*a));
    if (!a)
        return paifu_error_set(err, PAIFU_ENOMEM, NULL, "out of memory");
    a->first = size < JSON_CHUNK_SPARE_MAX / 4 ? 4 * size : JSON_CHUNK_SPARE_MAX;
    if (a->first < JSON_CHUNK_MIN)
        a->first = JSON_CHUNK_MIN;
    json_budget_left = jbudget(size);
    json_budget_used = 0;
    json_budget_hit = false;
    json_loading = a;
    size_t fast_used = 0;
    json_t *v = fast_load(data, size, flags, &fast_used);
    if (!v) { /* declined: jansson reads it from scratch, in a fresh arena and budget */
        for (json_chunk *k = a->chunks, *next; k; k = next) {
            next = k->next;
            chunk_free(k);
        }
        a->chunks = NULL;
        json_budget_left = jbudget(size);
        json_budget_used = 0;
        json_budget_hit = false;
        v = json_loadb(data, size, flags, &je);
    } else {
        je.position = (int)fast_used;
    }
    json_loading = NULL;
    if (json_budget_used > json_budget_most)
        json_budget_most = json_budget_used;
    if (v) {
        a->root = v;
        arenas_lock();
        a->next = json_arenas;
        json_arenas = a;
        arenas_unlock();
    } else {
        arena_free(a);
    }
    if (!v) {
        uint32_t line = je.line > 0 ? (uint32_t)je.line + line_base : 0;
        uint32_t col = je.column > 0 ? (uint32_t)je.column + (je.line == 1 ? col_base : 0) : 0;
        if (json_budget_hit)
            return paifu_formats__error(err, PAIFU_ELIMIT, source, line, col, NULL,
                                        "JSON document too large to hold: reading it needs more "
                                        "than %zu MiB (%zu bytes of JSON; a real log needs at "
                                        "most 11 bytes of memory per byte)",
                                        jbudget(size) >> 20, size);
        /* JSON is UTF-8 (RFC 8259 §8.1); a Japanese log saved by an editor may be Shift_JIS:
           say so, and how to convert it (issue 36) */
        bool bytes = strstr(je.text, "unable to decode byte") != NULL;
        return paifu_formats__error(err, PAIFU_EFORMAT, source, line, col, NULL,
                                    "invalid JSON: %s%s", je.text,
                                    bytes ? " (expected UTF-8; a Shift_JIS file converts with "
                                            "iconv -f SHIFT_JIS -t UTF-8)"
                                          : "");
    }
    if (used)
        *used = (size_t)je.position;
    *out = v;
    return 0;
}

int jload(json_t **out, const char *data, size_t size, size_t flags, uint32_t line_base,
          const char *source, paifu_error *err)
{
    return load(out, NULL, data, size, flags, line_base, 0, source, err);
}

int jload_at(json_t **out, size_t *used, const char *base, size_t pos, size_t size, size_t flags,
             uint32_t line_base, const char *source, paifu_error *err)
{
    return load(out, used, base + pos, size - pos, flags | JSON_DISABLE_EOF_CHECK, line_base,
                column_of(base, pos), source, err);
}

int jload_col(json_t **out, size_t *used, const char *data, size_t size, size_t flags,
              uint32_t line_base, uint32_t col_base, const char *source, paifu_error *err)
{
    return load(out, used, data, size, flags | JSON_DISABLE_EOF_CHECK, line_base, col_base,
                source, err);
}

size_t jdoc_end(const char *d, size_t from, size_t size)
{
    size_t i = from + jlead(d + from, size - from);
    size_t depth = 0;
    bool text = false;
    for (; i < size; i++) {
        char ch = d[i];
        if (text) {
            if (ch == '\\')
                i++;
            else if (ch == '"') {
                text = false;
                if (depth == 0)
                    return i + 1;
            }
            continue;
        }
        if (ch == '"') {
            text = true;
        } else if (ch == '{' || ch == '[') {
            depth++;
        } else if (ch == '}' || ch == ']') {
            if (depth <= 1)
                return i + 1;
            depth--;
        } else if (depth == 0) { /* a bare value: up to white space or punctuation */
            while (i < size && !strchr(" \t\r\n{}[],:\"", d[i]))
                i++;
            return i;
        }
    }
    return size;
}

void jstream_span(const void *state, size_t *keep, size_t *next)
{
    const json_stream_head *h = state;
    *keep = *next = h->pos;
}

void jstream_rebase(void *state, const char *data, size_t size, size_t dropped)
{
    json_stream_head *h = state;
    h->in.data = data;
    h->in.size = size;
    h->in.base += dropped;
    h->pos -= dropped;
}

int jint(json_cursor *c, const json_t *v, long long min, long long max, long long *out)
{
    if (!json_is_integer(v))
        return jerr(c, "expected an integer, found %s", jtype(v));
    long long x = json_integer_value(v);
    if (x < min || x > max)
        return jerr(c, "expected an integer from %lld to %lld, found %lld", min, max, x);
    *out = x;
    return 0;
}

int jreq_int(json_cursor *c, const json_t *obj, const char *key, long long min, long long max,
             long long *out)
{
    size_t old = json_cursor_key(c, key);
    json_t *v = json_object_get(obj, key);
    int rc = v ? jint(c, v, min, max, out) : jerr(c, "expected an integer, found nothing");
    if (rc == 0)
        json_cursor_pop(c, old);
    return rc;
}

int jopt_int(json_cursor *c, const json_t *obj, const char *key, long long min, long long max,
             long long *out)
{
    json_t *v = json_object_get(obj, key);
    if (!v)
        return 0;
    size_t old = json_cursor_key(c, key);
    int rc = jint(c, v, min, max, out);
    if (rc < 0)
        return rc;
    json_cursor_pop(c, old);
    return 1;
}

int jreq_str(json_cursor *c, const json_t *obj, const char *key, const char **out)
{
    int rc = jopt_str(c, obj, key, out);
    if (rc == 0) {
        json_cursor_key(c, key);
        return jerr(c, "expected a string, found nothing");
    }
    return rc < 0 ? rc : 0;
}

int jopt_str(json_cursor *c, const json_t *obj, const char *key, const char **out)
{
    json_t *v = json_object_get(obj, key);
    if (!v)
        return 0;
    if (!json_is_string(v)) {
        json_cursor_key(c, key);
        return jerr(c, "expected a string, found %s", jtype(v));
    }
    *out = json_string_value(v);
    return 1;
}

int jopt_bool(json_cursor *c, const json_t *obj, const char *key, bool *out)
{
    json_t *v = json_object_get(obj, key);
    if (!v)
        return 0;
    if (!json_is_boolean(v)) {
        json_cursor_key(c, key);
        return jerr(c, "expected true or false, found %s", jtype(v));
    }
    *out = json_is_true(v);
    return 1;
}

int jopt_ints(json_cursor *c, const json_t *obj, const char *key, size_t n, long long min,
              long long max, int32_t *out)
{
    json_t *v = json_object_get(obj, key);
    if (!v)
        return 0;
    size_t old = json_cursor_key(c, key);
    if (!json_is_array(v) || json_array_size(v) != n)
        return jerr(c, "expected an array of %zu integers, found %s", n,
                    json_is_array(v) ? "another length" : jtype(v));
    for (size_t i = 0; i < n; i++) {
        long long x = 0;
        size_t o2 = json_cursor_index(c, i);
        if (jint(c, json_array_get(v, i), min, max, &x) < 0)
            return PAIFU_EFORMAT;
        json_cursor_pop(c, o2);
        out[i] = (int32_t)x;
    }
    json_cursor_pop(c, old);
    return 1;
}

int jtiles(json_cursor *c, const char *s, paifu_tile *out, size_t cap, size_t *n_out)
{
    paifu_error e;
    paifu_error_clear(&e);
    if (paifu_tile_parse(out, cap, n_out, s, &e) < 0)
        return jerr(c, "%s", e.text);
    return 0;
}

int jreq_tile(json_cursor *c, const json_t *obj, const char *key, paifu_tile *out)
{
    int rc = jopt_tile(c, obj, key, out);
    if (rc == 0) {
        json_cursor_key(c, key);
        return jerr(c, "expected a tile, found nothing");
    }
    return rc < 0 ? rc : 0;
}

int jopt_tile(json_cursor *c, const json_t *obj, const char *key, paifu_tile *out)
{
    const char *s = NULL;
    int rc = jopt_str(c, obj, key, &s);
    if (rc <= 0)
        return rc;
    size_t old = json_cursor_key(c, key);
    paifu_tile t[2];
    size_t n = 0;
    paifu_error e;
    paifu_error_clear(&e);
    if (paifu_tile_parse(t, 2, &n, s, &e) < 0 || n != 1)
        return jerr(c, "expected one tile such as \"5m\", found \"%s\"", s);
    *out = t[0];
    json_cursor_pop(c, old);
    return 1;
}

int jopt_tiles(json_cursor *c, const json_t *obj, const char *key, paifu_tile *out, size_t cap,
               size_t *n_out)
{
    const char *s = NULL;
    int rc = jopt_str(c, obj, key, &s);
    if (rc <= 0)
        return rc;
    size_t old = json_cursor_key(c, key);
    if (jtiles(c, s, out, cap, n_out) < 0)
        return PAIFU_EFORMAT;
    json_cursor_pop(c, old);
    return 1;
}

int jopt_ids(json_cursor *c, const json_t *obj, const char *key, uint8_t *out, size_t cap,
             size_t *n_out)
{
    json_t *v = json_object_get(obj, key);
    if (!v)
        return 0;
    size_t old = json_cursor_key(c, key);
    if (!json_is_array(v) || json_array_size(v) > cap)
        return jerr(c, "expected an array of at most %zu tile ids, found %s", cap,
                    json_is_array(v) ? "a longer one" : jtype(v));
    size_t n = json_array_size(v);
    for (size_t i = 0; i < n; i++) {
        long long x = 0;
        size_t o2 = json_cursor_index(c, i);
        if (jint(c, json_array_get(v, i), 0, 254, &x) < 0)
            return PAIFU_EFORMAT;
        json_cursor_pop(c, o2);
        out[i] = (uint8_t)x;
    }
    *n_out = n;
    json_cursor_pop(c, old);
    return 1;
}
