/* buf.c: growable byte buffer (see buf.h). */
#include "buf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void paifu_buf_init(paifu_buf *b)
{
    memset(b, 0, sizeof(*b));
}

void paifu_buf_free(paifu_buf *b)
{
    free(b->data);
    paifu_buf_init(b);
}

void paifu_buf_clear(paifu_buf *b)
{
    b->len = 0;
    b->failed = false;
}

static bool reserve(paifu_buf *b, size_t extra)
{
    if (b->failed)
        return false;
    if (b->len + extra + 1 <= b->cap)
        return true;
    size_t ncap = b->cap ? b->cap : 256;
    while (ncap < b->len + extra + 1) {
        if (ncap > SIZE_MAX / 2) {
            b->failed = true;
            return false;
        }
        ncap *= 2;
    }
    char *p = realloc(b->data, ncap);
    if (!p) {
        b->failed = true;
        return false;
    }
    b->data = p;
    b->cap = ncap;
    return true;
}

void paifu_buf__put_grow(paifu_buf *b, const void *data, size_t n)
{
    if (!reserve(b, n))
        return;
    memcpy(b->data + b->len, data, n);
    b->len += n;
    b->data[b->len] = '\0';
}

void paifu_buf_puts(paifu_buf *b, const char *s)
{
    paifu_buf_put(b, s, strlen(s));
}

void paifu_buf_int(paifu_buf *b, long long v)
{
    char digits[24];
    char *p = digits + sizeof(digits);
    unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
    do {
        *--p = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0)
        *--p = '-';
    paifu_buf_put(b, p, (size_t)(digits + sizeof(digits) - p));
}

void paifu_buf_printf(paifu_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char small[256];
    int n = vsnprintf(small, sizeof(small), fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n < sizeof(small)) {
        paifu_buf_put(b, small, (size_t)n);
        return;
    }
    if (!reserve(b, (size_t)n))
        return;
    va_start(ap, fmt);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

void paifu_buf_json_string(paifu_buf *b, const char *s)
{
    paifu_buf_putc(b, '"');
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        unsigned char c = *p;
        switch (c) {
        case '"': paifu_buf_puts(b, "\\\""); break;
        case '\\': paifu_buf_puts(b, "\\\\"); break;
        case '\n': paifu_buf_puts(b, "\\n"); break;
        case '\r': paifu_buf_puts(b, "\\r"); break;
        case '\t': paifu_buf_puts(b, "\\t"); break;
        case '\b': paifu_buf_puts(b, "\\b"); break;
        case '\f': paifu_buf_puts(b, "\\f"); break;
        default:
            if (c < 0x20)
                paifu_buf_printf(b, "\\u%04x", c);
            else
                paifu_buf_putc(b, (char)c);
        }
    }
    paifu_buf_putc(b, '"');
}

void paifu_buf_json_ints(paifu_buf *b, const int32_t *v, size_t n, const char *sep)
{
    paifu_buf_putc(b, '[');
    for (size_t i = 0; i < n; i++) {
        if (i)
            paifu_buf_puts(b, sep);
        paifu_buf_int(b, v[i]);
    }
    paifu_buf_putc(b, ']');
}

void paifu_buf_xml_attr(paifu_buf *b, const char *s)
{
    for (const char *p = s; *p; p++) {
        switch (*p) {
        case '&': paifu_buf_puts(b, "&amp;"); break;
        case '<': paifu_buf_puts(b, "&lt;"); break;
        case '>': paifu_buf_puts(b, "&gt;"); break;
        case '"': paifu_buf_puts(b, "&quot;"); break;
        case '\'': paifu_buf_puts(b, "&apos;"); break;
        default: paifu_buf_putc(b, *p);
        }
    }
}
