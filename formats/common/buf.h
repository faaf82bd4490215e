/* buf.h: a growable byte buffer for writers (private to formats/). */
#ifndef PAIFU_FORMATS_BUF_H
#define PAIFU_FORMATS_BUF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef struct paifu_buf {
    char *data;
    size_t len, cap;
    bool failed; /* an allocation failed; later appends are ignored */
} paifu_buf;

void paifu_buf_init(paifu_buf *b);
void paifu_buf_free(paifu_buf *b);
void paifu_buf_clear(paifu_buf *b);
void paifu_buf__put_grow(paifu_buf *b, const void *data, size_t n);
/* Append N bytes (inline: writers call it per token; a literal's memcpy becomes a few moves). */
static inline void paifu_buf_put(paifu_buf *b, const void *data, size_t n)
{
    if (b->len + n < b->cap && !b->failed) { /* room for the bytes and the terminating NUL */
        memcpy(b->data + b->len, data, n);
        b->len += n;
        b->data[b->len] = '\0';
        return;
    }
    paifu_buf__put_grow(b, data, n);
}
void paifu_buf_puts(paifu_buf *b, const char *s);
static inline void paifu_buf_putc(paifu_buf *b, char c)
{
    paifu_buf_put(b, &c, 1);
}
/* Append the string literal S (its length known at compile time). */
#define paifu_buf_lit(b, s) paifu_buf_put((b), "" s "", sizeof(s) - 1)
/* Append V in decimal (what printf's %lld writes, without its cost). */
void paifu_buf_int(paifu_buf *b, long long v);
void paifu_buf_printf(paifu_buf *b, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Append S as a JSON string literal (quotes included). Non-ASCII UTF-8 is written as is. */
void paifu_buf_json_string(paifu_buf *b, const char *s);
/* Append V[0..N) as a JSON array of integers, SEP between them ("," or ", "). */
void paifu_buf_json_ints(paifu_buf *b, const int32_t *v, size_t n, const char *sep);
/* Append S with XML attribute escaping (& < > " ') . */
void paifu_buf_xml_attr(paifu_buf *b, const char *s);

#endif
