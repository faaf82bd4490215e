/*
 * mcr_botzone_text.c: the Botzone MCR dataset's text layout, one match after another:
 *
 *   Match 61602cb45ddc087351c0435d
 *   Wind 2                                     prevalent wind 0..3 (E S W N)
 *   Player 0 Deal T5 T7 T9 B4 W1 B7 W6 T9 F2 F1 B6 W2 B6      13 tiles per player
 *   Player 0 Draw F4
 *   Player 0 Play F2
 *   Player 1 Peng J1                           takes the latest discard; a Play follows
 *   Player 3 Chi W2                            the middle tile of the chow; a Play follows
 *   Player 2 Gang F3 / AnGang B8 / BuGang W9   a Draw (the replacement) follows
 *   Player 1 Hu B6 Ignore Player 0 Peng B6     claims the judge ignored are dropped
 *   Fan 9 三色三步高*1+箭刻*1+嵌张*1            total, then name*count per fan
 *   Score -8 33 -17 -8
 *   Huang                                      an exhaustive draw (a Score line follows)
 *
 * The text prints no fan values: each fan gets its value under the Botzone rule set. Errors
 * name the line and column.
 */
#include "mcr_botzone.h"
#include "text_in.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_WORDS 48

typedef struct word {
    const char *s;
    size_t n;
    uint32_t column;
} word;

typedef struct text_game {
    bz_builder b;
    word w[MAX_WORDS];
    size_t n;
    int quan;
    paifu_tile hands[PAIFU_SEATS][13];
    unsigned dealt; /* bit s: player s's Deal line was read */
    bool started;   /* the deal has begun */
    bool have_fans;
    bz_fan fans[PAIFU_MAX_YAKU];
    size_t n_fans;
    int total;
    int winner; /* a Hu waiting for its Fan and Score lines, -1 */
    paifu_tile win_tile;
    bool huang;
    uint32_t end_line;
} text_game;

/* ---- lines and words ---- */

static int split(text_game *g, const char *s, size_t len)
{
    g->n = 0;
    for (size_t k = 0; k < len;) {
        if (isspace((unsigned char)s[k])) {
            k++;
            continue;
        }
        if (g->n == MAX_WORDS)
            return paifu_formats__error(g->b.err, PAIFU_ELIMIT, g->b.source, g->b.line,
                                        (uint32_t)k + 1, NULL, "more than %d words on a line",
                                        MAX_WORDS);
        size_t b = k;
        while (k < len && !isspace((unsigned char)s[k]))
            k++;
        g->w[g->n++] = (word){s + b, k - b, (uint32_t)b + 1};
    }
    return 0;
}

static bool is(const word *w, const char *text)
{
    return w->n == strlen(text) && memcmp(w->s, text, w->n) == 0;
}

/* Point the builder's location at word I (or the line's end). */
static void at(text_game *g, size_t i)
{
    g->b.column = i < g->n ? g->w[i].column : 0;
}

static int bad(text_game *g, size_t i, const char *expected)
{
    at(g, i);
    if (i >= g->n)
        return paifu_bz__error(&g->b, "expected %s at the end of the line", expected);
    return paifu_bz__error(&g->b, "expected %s, found \"%.*s\"", expected, (int)g->w[i].n,
                           g->w[i].s);
}

static int int_word(text_game *g, size_t i, long lo, long hi, long *out)
{
    if (i >= g->n || g->w[i].n > 11)
        return bad(g, i, "a number");
    char buf[16];
    memcpy(buf, g->w[i].s, g->w[i].n);
    buf[g->w[i].n] = '\0';
    char *end;
    long v = strtol(buf, &end, 10);
    if (*end || end == buf || v < lo || v > hi)
        return bad(g, i, "a number in range");
    *out = v;
    return 0;
}

static int tile_word(text_game *g, size_t i, paifu_tile *out)
{
    *out = i < g->n ? paifu_bz__tile(g->w[i].s, g->w[i].n) : PAIFU_TILE_NONE;
    if (*out == PAIFU_TILE_NONE)
        return bad(g, i, "a tile name (W1-9, B1-9, T1-9, F1-4, J1-3, H1-8)");
    at(g, i);
    return 0;
}

/* ---- lines ---- */

static int deal_line(text_game *g, int seat)
{
    if (g->n != 16)
        return bad(g, g->n < 16 ? g->n : 16, g->n < 16 ? "13 tiles" : "the end of the line");
    for (size_t i = 0; i < 13; i++)
        if (tile_word(g, 3 + i, &g->hands[seat][i]) < 0)
            return PAIFU_EFORMAT;
    g->dealt |= 1u << seat;
    if (g->dealt != 0xF)
        return 0;
    at(g, 0);
    g->started = true;
    return paifu_bz__deal(&g->b, g->quan, (const paifu_tile(*)[13])g->hands, NULL, 0);
}

/* Words after the action and its tile must be absent or "Ignore ..." (claims not taken). */
static int tail(text_game *g, size_t i)
{
    if (i < g->n && !is(&g->w[i], "Ignore"))
        return bad(g, i, "the end of the line or \"Ignore\"");
    return 0;
}

static int player_line(text_game *g)
{
    long seat = 0;
    if (int_word(g, 1, 0, 3, &seat) < 0 || g->n < 3)
        return g->n < 3 ? bad(g, 2, "an action") : PAIFU_EFORMAT;
    const word *act = &g->w[2];
    int s = (int)seat;
    if (is(act, "Deal"))
        return g->started ? bad(g, 2, "an action (the hands are dealt)") : deal_line(g, s);
    if (!g->started)
        return bad(g, 2, "\"Deal\" for every player first");
    if (g->winner >= 0 || g->huang)
        return bad(g, 0, "\"Fan\" or \"Score\" after the end of the hand");
    paifu_tile t = PAIFU_TILE_NONE;
    bool has_tile = g->n > 3 && !is(&g->w[3], "Ignore");
    if (has_tile && tile_word(g, 3, &t) < 0)
        return PAIFU_EFORMAT;
    int rc = tail(g, has_tile ? 4 : 3);
    if (rc < 0)
        return rc;
    at(g, 2);
    bool need = !is(act, "Peng") && !is(act, "Hu") && !is(act, "Gang");
    if (need && !has_tile)
        return bad(g, 3, "a tile");
    if (is(act, "Draw"))
        return paifu_bz__draw(&g->b, s, t);
    if (is(act, "Play"))
        return paifu_bz__play(&g->b, s, t);
    if (is(act, "Chi"))
        return paifu_bz__chi(&g->b, s, t);
    if (is(act, "Peng"))
        return paifu_bz__peng(&g->b, s);
    if (is(act, "Gang"))
        return paifu_bz__gang(&g->b, s, has_tile ? t : g->b.last_discard);
    if (is(act, "AnGang"))
        return paifu_bz__angang(&g->b, s, t);
    if (is(act, "BuGang"))
        return paifu_bz__bugang(&g->b, s, t);
    if (is(act, "BuHua"))
        return paifu_bz__flower(&g->b, s, t);
    if (is(act, "Hu")) {
        g->winner = s;
        g->win_tile = t;
        g->end_line = g->b.line;
        return 0;
    }
    return bad(g, 2, "Deal, Draw, Play, Chi, Peng, Gang, AnGang, BuGang, BuHua or Hu");
}

/* "Fan 9 三色三步高*1+箭刻*1+嵌张*1" */
static int fan_line(text_game *g)
{
    long total;
    if (g->winner < 0 || g->have_fans)
        return bad(g, 0, "a Fan line only after a Hu");
    if (int_word(g, 1, 0, 10000, &total) < 0)
        return PAIFU_EFORMAT;
    g->total = (int)total;
    g->have_fans = true;
    g->n_fans = 0;
    for (size_t i = 2; i < g->n; i++) {
        const char *p = g->w[i].s, *end = p + g->w[i].n;
        while (p < end) {
            const char *plus = memchr(p, '+', (size_t)(end - p));
            const char *stop = plus ? plus : end;
            const char *star = memchr(p, '*', (size_t)(stop - p));
            long cnt = 1;
            if (star) {
                char buf[8];
                size_t len = (size_t)(stop - star - 1);
                if (!len || len >= sizeof(buf))
                    return bad(g, i, "fans as name*count joined by '+'");
                memcpy(buf, star + 1, len);
                buf[len] = '\0';
                char *e;
                cnt = strtol(buf, &e, 10);
                if (*e || cnt < 1 || cnt > 8)
                    return bad(g, i, "fans as name*count joined by '+'");
            }
            if (g->n_fans == PAIFU_MAX_YAKU)
                return bad(g, i, "at most 24 fans");
            char name[64];
            size_t len = (size_t)((star ? star : stop) - p);
            snprintf(name, sizeof(name), "%.*s", (int)(len < 63 ? len : 63), p);
            if (paifu_mcr_fan_from_name(name) < 0) {
                at(g, i);
                return paifu_bz__error(&g->b, "expected an MCR fan name, found \"%s\"", name);
            }
            g->fans[g->n_fans++] = (bz_fan){p, len, (int)cnt, -1};
            p = plus ? plus + 1 : end;
        }
    }
    return 0;
}

/* "Score a b c d": closes the hand. */
static int score_line(text_game *g)
{
    if (g->winner < 0 && !g->huang)
        return bad(g, 0, "a Score line only after a Hu or Huang");
    if (g->n != 5)
        return bad(g, g->n < 5 ? g->n : 5, g->n < 5 ? "four scores" : "the end of the line");
    int32_t scores[4];
    for (size_t i = 0; i < 4; i++) {
        long v;
        if (int_word(g, 1 + i, -100000, 100000, &v) < 0)
            return PAIFU_EFORMAT;
        scores[i] = (int32_t)v;
    }
    if (g->huang)
        return paifu_bz__huang(&g->b, scores);
    g->b.line = g->end_line; /* the win is where its Hu line is */
    g->b.column = 1;
    return paifu_bz__hu(&g->b, g->winner, g->win_tile, g->fans, g->n_fans,
                        g->have_fans ? g->total : -1, scores);
}

static int game_line(text_game *g)
{
    const word *w0 = &g->w[0];
    if (is(w0, "Wind")) {
        long q;
        if (g->started || int_word(g, 1, 0, 3, &q) < 0)
            return g->started ? bad(g, 0, "an action") : PAIFU_EFORMAT;
        g->quan = (int)q;
        return 0;
    }
    if (is(w0, "Player"))
        return player_line(g);
    if (is(w0, "Fan"))
        return fan_line(g);
    if (is(w0, "Score"))
        return score_line(g);
    if (is(w0, "Huang")) {
        if (!g->started || g->winner >= 0 || g->huang)
            return bad(g, 0, "Huang only during a hand");
        g->huang = true;
        return 0;
    }
    return bad(g, 0, "Wind, Player, Fan, Score, Huang or Match");
}

/* ---- the format ---- */

static int sniff(const char *data, size_t size)
{
    if (size < 8 || memcmp(data, "Match ", 6) != 0)
        return 0;
    const char *nl = memchr(data, '\n', size);
    if (!nl)
        return 20;
    size_t left = size - (size_t)(nl + 1 - data);
    return left >= 5 && memcmp(nl + 1, "Wind ", 5) == 0 ? 90 : 40;
}

/*
 * A Botzone text log with a slip (issue 36): three of its first lines open with its keywords
 * or a slip of one ("Mtach", "Plaeyr 0 Draw").
 */
static int resembles(const char *data, size_t size, const char *name)
{
    (void)name;
    static const char *const WORDS[] = {"Match", "Wind", "Player", "Fan", "Score", "Huang"};
    if (size > 4096)
        size = 4096;
    int hits = 0, lines = 0;
    for (size_t k = 0; k < size && lines < 8;) {
        size_t end = k;
        while (end < size && data[end] != '\n')
            end++;
        size_t w = k;
        while (w < end && data[w] != ' ' && data[w] != '\t' && data[w] != '\r')
            w++;
        for (size_t i = 0; w > k && i < sizeof(WORDS) / sizeof(WORDS[0]); i++)
            if (paifu_formats__near(data + k, w - k, WORDS[i])) {
                hits++;
                break;
            }
        if (end > k)
            lines++;
        k = end + 1;
    }
    return hits >= 3 ? 70 : 0;
}

/* Read lines of one match (from its "Match" line to the next one). */
static int read_match(text_in *s, text_game *g)
{
    const char *line;
    size_t len;
    bool have_match = false;
    while (true) {
        size_t pos = s->pos;
        uint32_t lno = s->line;
        if (!paifu_text__next_line(s, &line, &len))
            break;
        g->b.line = s->line;
        g->b.column = 0;
        int rc = split(g, line, len);
        if (rc < 0)
            return rc;
        if (!g->n)
            continue;
        if (is(&g->w[0], "Match")) {
            if (have_match) { /* the next match: leave it for the next call */
                s->pos = pos;
                s->line = lno;
                break;
            }
            if (g->n != 2)
                return bad(g, g->n < 2 ? 1 : 2, g->n < 2 ? "the match id" : "the end of line");
            /* Botzone's ids are 24 hex digits: printable ASCII up to 63 bytes is taken, anything
               else refused (a byte that is not UTF-8 went into paifu's JSON as it was, which its
               reader then refused: found by fuzz_convert; a cut id would be a silent loss) */
            char id[64];
            size_t n = g->w[1].n;
            bool printable = n < sizeof(id);
            for (size_t i = 0; printable && i < n; i++)
                printable = g->w[1].s[i] > 0x20 && g->w[1].s[i] < 0x7f;
            if (!printable)
                return bad(g, 1, "a match id of at most 63 printable ASCII characters");
            memcpy(id, g->w[1].s, n);
            id[n] = '\0';
            if ((rc = paifu_game_set_meta(g->b.game, "botzone.match", id, g->b.err)) < 0)
                return rc;
            have_match = true;
            continue;
        }
        if (!have_match)
            return bad(g, 0, "\"Match ID\" first");
        if ((rc = game_line(g)) < 0)
            return rc;
    }
    if (!g->b.ended) {
        g->b.column = 0;
        return paifu_bz__error(&g->b, "the match ends before its Score line");
    }
    return 0;
}

static int reader_next(void *state, paifu_game *game, paifu_error *err)
{
    text_in *s = state;
    const char *p = s->in.data + s->pos;
    size_t left = s->in.size - s->pos;
    while (left && isspace((unsigned char)*p))
        p++, left--;
    if (!left)
        return 0;
    text_game *g = calloc(1, sizeof(*g));
    if (!g)
        return paifu_error_set(err, PAIFU_ENOMEM, NULL, "out of memory");
    g->winner = -1;
    int rc = paifu_bz__init(&g->b, game, s->in.source, err);
    if (rc == 0)
        rc = paifu_game_set_source_format(game, "mcr-botzone-text", err);
    if (rc == 0)
        rc = read_match(s, g);
    paifu_bz__end(&g->b);
    free(g);
    return rc < 0 ? rc : 1;
}

const format_impl paifu_format_mcr_botzone_text = {
    .info = {.name = "mcr-botzone-text",
             .description = "Botzone MCR dataset text (Match / Wind / Player n "
                            "Deal|Draw|Play|... / Fan / Score)",
             .can_read = true,
             .extension = ".txt"},
    .sniff = sniff,
    .resembles = resembles,
    .reader_size = sizeof(text_in),
    .reader_next = reader_next,
    .multi_game = true,
};
