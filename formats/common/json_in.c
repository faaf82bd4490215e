/* json_in.c: jansson helpers with JSON-path errors (see json_in.h). */
#include "format.h"
#include "json_in.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void json_cursor_init(json_cursor *c, const char *source, paifu_error *err)
{
    memset(c, 0, sizeof(*c));
    c->source = source;
    c->err = err;
    c->path[0] = '$';
    c->path[1] = '\0';
    c->len = 1;
}

static void append(json_cursor *c, const char *s)
{
    size_t n = strlen(s);
    if (c->len + n >= sizeof(c->path)) {
        c->len = sizeof(c->path) - 1; /* truncated paths keep their head */
        return;
    }
    memcpy(c->path + c->len, s, n + 1);
    c->len += n;
}

size_t json_cursor_key(json_cursor *c, const char *key)
{
    size_t old = c->len;
    char tmp[64];
    snprintf(tmp, sizeof(tmp), ".%s", key);
    append(c, tmp);
    return old;
}

size_t json_cursor_index(json_cursor *c, size_t index)
{
    size_t old = c->len;
    char tmp[32];
    snprintf(tmp, sizeof(tmp), "[%zu]", index);
    append(c, tmp);
    return old;
}

void json_cursor_pop(json_cursor *c, size_t old)
{
    c->len = old;
    c->path[old] = '\0';
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
    return paifu_formats__error(c->err, code, c->source, c->line, 0, c->path, "%s", text);
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

bool jcontains(const char *data, size_t size, const char *lit)
{
    size_t n = strlen(lit);
    for (size_t k = 0; k + n <= size; k++)
        if (data[k] == lit[0] && memcmp(data + k, lit, n) == 0)
            return true;
    return false;
}

static int load(json_t **out, size_t *used, const char *data, size_t size, size_t flags,
                uint32_t line_base, const char *source, paifu_error *err)
{
    json_error_t je;
    json_t *v = json_loadb(data, size, flags, &je);
    if (!v) {
        uint32_t line = je.line > 0 ? (uint32_t)je.line + line_base : 0;
        uint32_t col = je.column > 0 ? (uint32_t)je.column : 0;
        return paifu_formats__error(err, PAIFU_EFORMAT, source, line, col, NULL,
                                    "invalid JSON: %s", je.text);
    }
    if (used)
        *used = (size_t)je.position;
    *out = v;
    return 0;
}

int jload(json_t **out, const char *data, size_t size, size_t flags, uint32_t line_base,
          const char *source, paifu_error *err)
{
    return load(out, NULL, data, size, flags, line_base, source, err);
}

int jload_prefix(json_t **out, size_t *used, const char *data, size_t size, size_t flags,
                 uint32_t line_base, const char *source, paifu_error *err)
{
    return load(out, used, data, size, flags | JSON_DISABLE_EOF_CHECK, line_base, source, err);
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
