/*
 * error.c: paifu_error, the one error channel (see paifu/error.h).
 *
 * The first error wins (as jansson's jsonp_error_vset): once a code is set, later calls leave
 * the error alone. A source name too long for the buffer keeps its tail behind "...".
 */
#include "paifu/error.h"
#include "paifu/version.h"
#include "error_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const char *paifu_version(void)
{
    return PAIFU_VERSION_STRING;
}

void paifu_location_clear(paifu_location *where)
{
    if (!where)
        return;
    memset(where, 0, sizeof(*where));
    where->event = -1;
    where->game = -1;
}

void paifu_error_clear(paifu_error *err)
{
    if (!err)
        return;
    err->code = PAIFU_OK;
    paifu_location_clear(&err->where);
    err->text[0] = '\0';
}

void paifu_location_set_source(paifu_location *where, const char *source)
{
    size_t cap = sizeof(where->source);
    if (!source)
        source = "";
    size_t n = strlen(source);
    if (n < cap) {
        memcpy(where->source, source, n + 1);
    } else {
        /* keep the tail, which holds the file name */
        memcpy(where->source, "...", 3);
        memcpy(where->source + 3, source + n - (cap - 4), cap - 4);
        where->source[cap - 1] = '\0';
    }
}

int paifu_error__vset(paifu_error *err, paifu_error_code code, const paifu_location *where,
                      const char *fmt, va_list ap)
{
    if (!err || err->code != PAIFU_OK)
        return code;
    err->code = code;
    if (where)
        err->where = *where;
    vsnprintf(err->text, sizeof(err->text), fmt, ap);
    return code;
}

int paifu_error_set(paifu_error *err, paifu_error_code code, const paifu_location *where,
                    const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    paifu_error__vset(err, code, where, fmt, ap);
    va_end(ap);
    return code;
}

const char *paifu_error_code_name(paifu_error_code code)
{
    switch (code) {
    case PAIFU_OK: return "no error";
    case PAIFU_ERROR: return "error";
    case PAIFU_ENOMEM: return "out of memory";
    case PAIFU_EIO: return "i/o error";
    case PAIFU_EFORMAT: return "format error";
    case PAIFU_EUNSUPPORTED: return "unsupported";
    case PAIFU_ELIMIT: return "limit exceeded";
    case PAIFU_EINVAL: return "invalid argument";
    case PAIFU_EINTERNAL: return "internal error";
    }
    return "unknown error";
}

int paifu_location_format(char *buf, size_t size, const paifu_location *w)
{
    char tail[200];
    size_t t = 0;
    tail[0] = '\0';
#define ADD(...)                                                                                   \
    do {                                                                                           \
        if (t < sizeof(tail)) {                                                                    \
            int k_ = snprintf(tail + t, sizeof(tail) - t, __VA_ARGS__);                            \
            if (k_ > 0)                                                                            \
                t += (size_t)k_;                                                                   \
        }                                                                                          \
    } while (0)
    if (w->game >= 0)
        ADD("%sgame %d", t ? ", " : "", (int)w->game + 1);
    if (w->deal[0])
        ADD("%sdeal %s", t ? ", " : "", w->deal);
    if (w->event >= 0)
        ADD("%sevent %d", t ? ", " : "", (int)w->event + 1); /* numbered from 1 */
    if (w->path[0])
        ADD("%sat %s", t ? ", " : "", w->path);
    if (!w->line && w->offset)
        ADD("%sbyte %llu", t ? ", " : "", (unsigned long long)w->offset);
#undef ADD
    const char *src = w->source[0] ? w->source : "-";
    if (w->line && w->column)
        return snprintf(buf, size, "%s:%u:%u%s%s%s", src, w->line, w->column, t ? " [" : "",
                        tail, t ? "]" : "");
    if (w->line)
        return snprintf(buf, size, "%s:%u%s%s%s", src, w->line, t ? " [" : "", tail,
                        t ? "]" : "");
    return snprintf(buf, size, "%s%s%s%s", src, t ? " [" : "", tail, t ? "]" : "");
}
