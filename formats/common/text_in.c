/* text_in.c: a line-based text input (see text_in.h). */
#include "text_in.h"

#include <string.h>

bool paifu_text__next_line(text_in *t, const char **line, size_t *len)
{
    if (t->pos >= t->in.size)
        return false;
    const char *b = t->in.data + t->pos;
    const char *nl = memchr(b, '\n', t->in.size - t->pos);
    *len = nl ? (size_t)(nl - b) : t->in.size - t->pos;
    *line = b;
    t->pos += *len + (nl ? 1 : 0);
    t->line++;
    if (*len && b[*len - 1] == '\r')
        (*len)--;
    return true;
}
