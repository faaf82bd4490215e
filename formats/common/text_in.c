/* text_in.c: a line-based text input (see text_in.h). */
#include "text_in.h"

#include <stdlib.h>
#include <string.h>

int paifu_text__open(void **state, const format_reader_ctx *ctx, paifu_error *err)
{
    text_in *t = calloc(1, sizeof(*t));
    if (!t)
        return paifu_error_set(err, PAIFU_ENOMEM, NULL, "out of memory");
    t->data = ctx->data;
    t->size = ctx->size;
    t->source = ctx->source;
    *state = t;
    return 0;
}

bool paifu_text__next_line(text_in *t, const char **line, size_t *len)
{
    if (t->pos >= t->size)
        return false;
    const char *b = t->data + t->pos;
    const char *nl = memchr(b, '\n', t->size - t->pos);
    *len = nl ? (size_t)(nl - b) : t->size - t->pos;
    *line = b;
    t->pos += *len + (nl ? 1 : 0);
    t->line++;
    if (*len && b[*len - 1] == '\r')
        (*len)--;
    return true;
}
