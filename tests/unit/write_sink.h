/*
 * write_sink.h: where the writer tests send a writer's output (a NUL-terminated text) and the
 * losses it reports. Shared by test_mjlog_write.c, test_tenhou6_write.c and test_mjai_write.c;
 * include it after cmocka.h and paifu.h.
 */
#ifndef PAIFU_TEST_WRITE_SINK_H
#define PAIFU_TEST_WRITE_SINK_H

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

typedef struct sink {
    char data[1 << 18]; /* the largest output of these tests is a 70 KB mjai log */
    size_t len;
    char lost[16][512];
    int n_lost;
} sink;

static inline int sink_put(const void *data, size_t size, void *payload)
{
    sink *s = payload;
    if (s->len + size >= sizeof(s->data))
        return -1;
    memcpy(s->data + s->len, data, size);
    s->len += size;
    s->data[s->len] = '\0';
    return 0;
}

static inline void sink_on_loss(const paifu_game *g, const char *what, void *payload)
{
    (void)g;
    sink *s = payload;
    if (s->n_lost < 16)
        snprintf(s->lost[s->n_lost++], sizeof(s->lost[0]), "%s", what);
}

/* Whether a reported loss contains PART. */
static inline bool reported(const sink *s, const char *part)
{
    for (int i = 0; i < s->n_lost; i++)
        if (strstr(s->lost[i], part))
            return true;
    return false;
}

/* Write GAMES[0..N) as FORMAT into S (emptied first); STRICT makes a loss an error. */
static inline int sink_write(sink *s, const char *format, const paifu_game *const *games, size_t n,
                             bool strict, paifu_error *err)
{
    paifu_write_options wo = PAIFU_WRITE_OPTIONS_INIT;
    wo.strict = strict;
    wo.on_loss = sink_on_loss;
    wo.loss_payload = s;
    paifu_writer *w = NULL;
    s->len = 0;
    s->data[0] = '\0';
    s->n_lost = 0;
    paifu_error_clear(err);
    int rc = paifu_writer_open(&w, format, sink_put, s, &wo, err);
    for (size_t i = 0; rc == 0 && i < n; i++)
        rc = paifu_writer_write(w, games[i], err);
    if (rc == 0)
        rc = paifu_writer_close(w, err);
    paifu_writer_free(w);
    return rc;
}

#endif
