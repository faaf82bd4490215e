/*
 * pantheon_read.c: Pantheon (Mimir) round-result text logs, a tournament score sheet.
 *
 *   player1:32000 player2:28100 player3:24500 player4:35400     final points, in seat order
 *   ron player1 from player3 3han 40fu (riichi dora 2) riichi player1
 *   ron player2 from player1 2han 30fu (tanyao dora) also player4 yakuman (daisangen)
 *   tsumo player4 5han (riichi tsumo dora 3) riichi player2 player4
 *   draw tempai player1 player3 riichi player3        (tempai all | tempai nobody)
 *   chombo player2
 *
 * One line per deal (tokens may also wrap; a new outcome word starts a deal), blank lines
 * between games. The grammar (words, `also` for further winners of a multiple ron, `yakuman`
 * instead of han, `dora N`, `yakuhaiN`) is Pantheon's text-log grammar. Every deal becomes a
 * result-only deal whose round and dealer follow the rule set's rotation
 * (PAIFU_DEAL_ROUND_UNKNOWN): the sheet does not name them. Yaku are recorded by name; their
 * han are unknown (0) except `dora N` and `yakuhaiN`.
 */
#include "format.h"
#include "text_in.h"

#include <ctype.h>
#include <paifu/yaku.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TOKENS 96

typedef struct tok {
    const char *s;
    size_t n;
    uint32_t line, column;
} tok;

typedef struct parser {
    const char *source;
    paifu_error *err;
    paifu_game *game;
    int players;
    char alias[PAIFU_SEATS][64];
    tok t[MAX_TOKENS];
    size_t n, i;
} parser;

/* ---- lexing ---- */

static bool is_alias_char(char c)
{
    return isalnum((unsigned char)c) || c == '_' || c == '.' || c == '-';
}

/* Split one line into tokens; '(' ')' ':' are tokens of their own. */
static int lex_line(parser *p, const char *s, size_t len, uint32_t line)
{
    p->n = 0;
    p->i = 0;
    for (size_t k = 0; k < len;) {
        if (isspace((unsigned char)s[k])) {
            k++;
            continue;
        }
        if (p->n == MAX_TOKENS)
            return paifu_formats__error(p->err, PAIFU_ELIMIT, p->source, line, (uint32_t)k + 1,
                                        NULL, "more than %d words on one line", MAX_TOKENS);
        tok *t = &p->t[p->n++];
        t->s = s + k;
        t->line = line;
        t->column = (uint32_t)k + 1;
        if (s[k] == '(' || s[k] == ')' || s[k] == ':') {
            t->n = 1;
            k++;
            continue;
        }
        size_t b = k;
        while (k < len && !isspace((unsigned char)s[k]) && s[k] != '(' && s[k] != ')' &&
               s[k] != ':')
            k++;
        t->n = k - b;
    }
    return 0;
}

static bool is(const tok *t, const char *word)
{
    return t->n == strlen(word) && strncmp(t->s, word, t->n) == 0;
}

static int fail(parser *p, const tok *t, const char *expected)
{
    if (!t)
        return paifu_formats__error(p->err, PAIFU_EFORMAT, p->source,
                                    p->n ? p->t[p->n - 1].line : 0, 0, NULL,
                                    "expected %s at the end of the line", expected);
    return paifu_formats__error(p->err, PAIFU_EFORMAT, p->source, t->line, t->column, NULL,
                                "expected %s, found \"%.*s\"", expected, (int)t->n, t->s);
}

static const tok *peek(parser *p)
{
    return p->i < p->n ? &p->t[p->i] : NULL;
}

static const tok *next(parser *p)
{
    return p->i < p->n ? &p->t[p->i++] : NULL;
}

/* ---- players ---- */

static int seat_of(parser *p, const tok *t)
{
    for (int s = 0; s < p->players; s++)
        if (strlen(p->alias[s]) == t->n && strncmp(p->alias[s], t->s, t->n) == 0)
            return s;
    return -1;
}

static int expect_seat(parser *p, int *seat)
{
    const tok *t = next(p);
    if (!t || (*seat = seat_of(p, t)) < 0)
        return fail(p, t, "one of the players of the first line");
    return 0;
}

/* The first line: alias:points for every seat. */
static int parse_header(parser *p)
{
    paifu_game_result res;
    memset(&res, 0, sizeof(res));
    int n = 0;
    while (peek(p)) {
        const tok *a = next(p), *colon = next(p), *v = next(p);
        if (!colon || !is(colon, ":"))
            return fail(p, colon, "\":\" after the player name");
        if (!v)
            return fail(p, v, "the player's points");
        char num[24];
        if (v->n >= sizeof(num))
            return fail(p, v, "points");
        memcpy(num, v->s, v->n);
        num[v->n] = '\0';
        char *end;
        long points = strtol(num, &end, 10);
        if (*end || end == num || points < -10000000 || points > 10000000)
            return fail(p, v, "points as an integer");
        if (n == PAIFU_SEATS)
            return fail(p, a, "at most four players");
        for (size_t k = 0; k < a->n; k++)
            if (!is_alias_char(a->s[k]))
                return fail(p, a, "a player name (letters, digits, _ . -)");
        if (a->n >= sizeof(p->alias[0]))
            return fail(p, a, "a shorter player name");
        memcpy(p->alias[n], a->s, a->n);
        p->alias[n][a->n] = '\0';
        res.points[n] = (int32_t)points;
        n++;
    }
    if (n < 3)
        return paifu_formats__error(p->err, PAIFU_EFORMAT, p->source, p->t[0].line, 1, NULL,
                                    "expected 3 or 4 players with their points, found %d", n);
    p->players = n;
    int rc = paifu_game_set_players(p->game, n, p->err);
    for (int s = 0; rc == 0 && s < n; s++)
        rc = paifu_game_set_player_name(p->game, s, p->alias[s], p->err);
    res.has_points = true;
    paifu_game_set_result(p->game, &res);
    return rc;
}

/* ---- outcomes ---- */

/* "(yaku ... dora N yakuhaiN)" */
static int parse_yaku(parser *p, paifu_win *w)
{
    if (!peek(p) || !is(peek(p), "("))
        return 0;
    next(p);
    w->known |= PAIFU_REC_YAKU;
    for (;;) {
        const tok *t = next(p);
        if (!t)
            return fail(p, t, "\")\" closing the yaku list");
        if (is(t, ")"))
            return 0;
        if (w->n_yaku == PAIFU_MAX_YAKU)
            return fail(p, t, "fewer yaku");
        paifu_yaku_value *y = &w->yaku[w->n_yaku];
        memset(y, 0, sizeof(*y));
        y->count = 1;
        char name[48];
        if (t->n >= sizeof(name))
            return fail(p, t, "a yaku name");
        memcpy(name, t->s, t->n);
        name[t->n] = '\0';
        if (strcmp(name, "dora") == 0) {
            const tok *c = peek(p);
            int count = 1;
            if (c && c->n <= 2 && isdigit((unsigned char)c->s[0])) {
                count = atoi(c->s);
                next(p);
            }
            y->id = PAIFU_YAKU_DORA;
            y->han = (int16_t)count;
        } else if (strncmp(name, "yakuhai", 7) == 0 && name[7] >= '1' && name[7] <= '5' &&
                   !name[8]) {
            y->id = PAIFU_YAKU_YAKUHAI;
            y->han = (int16_t)(name[7] - '0');
        } else {
            int id = paifu_yaku_from_name(name);
            if (id < 0 && strcmp(name, "iipeiko") != 0)
                return fail(p, t, "a yaku name");
            y->id = (uint16_t)(id < 0 ? PAIFU_YAKU_IIPEIKOU : id);
            y->name = paifu_game_strndup(p->game, name, strlen(name));
        }
        w->n_yaku++;
    }
}

/* "Nhan [Mfu] | yakuman", then the yaku list. */
static int parse_value(parser *p, paifu_win *w)
{
    const tok *t = next(p);
    if (t && is(t, "yakuman")) {
        w->yakuman = 1;
        w->han = PAIFU_YAKU_YAKUMAN_HAN;
        w->known |= PAIFU_REC_HAN;
    } else if (t && t->n >= 4 && t->n <= 5 && strncmp(t->s + t->n - 3, "han", 3) == 0 &&
               isdigit((unsigned char)t->s[0])) {
        w->han = (int16_t)atoi(t->s);
        w->known |= PAIFU_REC_HAN;
        const tok *f = peek(p);
        if (f && f->n >= 4 && f->n <= 5 && strncmp(f->s + f->n - 2, "fu", 2) == 0 &&
            isdigit((unsigned char)f->s[0])) {
            w->fu = (int16_t)atoi(f->s);
            w->known |= PAIFU_REC_FU;
            next(p);
        }
    } else {
        return fail(p, t, "the han (\"3han\") or \"yakuman\"");
    }
    return parse_yaku(p, w);
}

/* "riichi A B ..." at the end of a line: deposits made in the deal. */
static int parse_riichi(parser *p, unsigned *mask)
{
    *mask = 0;
    if (!peek(p) || !(is(peek(p), "riichi") || is(peek(p), "richi")))
        return 0;
    next(p);
    while (peek(p)) {
        int seat;
        if (expect_seat(p, &seat) < 0)
            return PAIFU_EFORMAT;
        *mask |= 1u << seat;
    }
    if (!*mask)
        return fail(p, NULL, "the players who declared riichi");
    return 0;
}

static int add_riichi(parser *p, unsigned mask, uint32_t line)
{
    for (int s = 0; s < p->players; s++)
        if ((mask >> s) & 1) {
            int rc = paifu_game_add_riichi_accepted(p->game, s, 0, NULL, line, 0, p->err);
            if (rc < 0)
                return rc;
        }
    return 0;
}

static int begin(parser *p, uint32_t line)
{
    paifu_deal_start st;
    paifu_deal_start_init(&st);
    st.flags = PAIFU_DEAL_ROUND_UNKNOWN;
    int rc = paifu_game_begin_deal(p->game, &st, line, 1, p->err);
    if (rc == 0)
        rc = paifu_game_set_deal_result_only(p->game, p->err);
    return rc;
}

/* The rest of a win or draw line, its riichi list if any; then the deal begins with them. */
static int riichi_and_begin(parser *p, uint32_t line)
{
    unsigned riichi;
    if (parse_riichi(p, &riichi) < 0)
        return PAIFU_EFORMAT;
    if (peek(p))
        return fail(p, peek(p), "\"riichi\" or the end of the line");
    int rc = begin(p, line);
    if (rc == 0)
        rc = add_riichi(p, riichi, line);
    return rc;
}

static int parse_win(parser *p, bool tsumo, uint32_t line)
{
    paifu_win w[3];
    int n = 0, winner, from = -1;
    if (expect_seat(p, &winner) < 0)
        return PAIFU_EFORMAT;
    if (!tsumo) {
        const tok *t = next(p);
        if (!t || !is(t, "from"))
            return fail(p, t, "\"from\" and the discarder");
        if (expect_seat(p, &from) < 0)
            return PAIFU_EFORMAT;
    }
    for (;;) {
        paifu_win_init(&w[n]);
        w[n].winner = (int8_t)winner;
        w[n].from = (int8_t)(tsumo ? winner : from);
        if (parse_value(p, &w[n]) < 0)
            return PAIFU_EFORMAT;
        n++;
        if (tsumo || !peek(p) || !is(peek(p), "also"))
            break;
        if (n == 3)
            return fail(p, next(p), "at most three winners");
        next(p);
        if (expect_seat(p, &winner) < 0)
            return PAIFU_EFORMAT;
    }
    int rc = riichi_and_begin(p, line);
    for (int i = 0; rc == 0 && i < n; i++)
        rc = paifu_game_add_win(p->game, &w[i], line, 1, p->err);
    return rc;
}

static int parse_draw(parser *p, uint32_t line)
{
    const tok *t = next(p);
    if (!t || !is(t, "tempai"))
        return fail(p, t, "\"tempai\"");
    paifu_draw d;
    paifu_draw_init(&d, PAIFU_DRAW_EXHAUSTIVE);
    d.known |= PAIFU_REC_TENPAI;
    if (peek(p) && is(peek(p), "all")) {
        next(p);
        d.tenpai = (uint8_t)((1u << p->players) - 1);
    } else if (peek(p) && is(peek(p), "nobody")) {
        next(p);
    } else {
        while (peek(p) && !is(peek(p), "riichi")) {
            int seat;
            if (expect_seat(p, &seat) < 0)
                return PAIFU_EFORMAT;
            d.tenpai |= (uint8_t)(1u << seat);
        }
    }
    int rc = riichi_and_begin(p, line);
    if (rc == 0)
        rc = paifu_game_add_draw(p->game, &d, line, 1, p->err);
    return rc;
}

static int parse_chombo(parser *p, uint32_t line)
{
    int seat;
    if (expect_seat(p, &seat) < 0)
        return PAIFU_EFORMAT;
    if (peek(p))
        return fail(p, peek(p), "the end of the line");
    paifu_penalty pen;
    memset(&pen, 0, sizeof(pen));
    pen.kind = PAIFU_PENALTY_CHOMBO;
    pen.timing = PAIFU_PENALTY_BY_RULES;
    pen.seat = (int8_t)seat;
    int rc = begin(p, line);
    if (rc == 0)
        rc = paifu_game_add_penalty(p->game, &pen, line, 1, p->err);
    return rc;
}

static int parse_outcome(parser *p, uint32_t line)
{
    const tok *t = next(p);
    if (is(t, "ron"))
        return parse_win(p, false, line);
    if (is(t, "tsumo"))
        return parse_win(p, true, line);
    if (is(t, "draw"))
        return parse_draw(p, line);
    if (is(t, "chombo"))
        return parse_chombo(p, line);
    return fail(p, t, "ron, tsumo, draw or chombo");
}

/* ---- reader ---- */

static bool header_like(const char *s, size_t len)
{
    /* name:number name:number name:number ... */
    int pairs = 0;
    size_t k = 0;
    while (k < len) {
        while (k < len && (s[k] == ' ' || s[k] == '\t'))
            k++;
        if (k >= len || s[k] == '\r')
            break;
        size_t b = k;
        while (k < len && is_alias_char(s[k]))
            k++;
        if (k == b || k >= len || s[k] != ':')
            return false;
        k++;
        if (k < len && s[k] == '-')
            k++;
        b = k;
        while (k < len && isdigit((unsigned char)s[k]))
            k++;
        if (k == b)
            return false;
        pairs++;
    }
    return pairs >= 3 && pairs <= 4;
}

static int sniff(const char *data, size_t size)
{
    const char *nl = memchr(data, '\n', size);
    size_t len = nl ? (size_t)(nl - data) : size;
    if (!header_like(data, len))
        return 0;
    if (!nl)
        return 40;
    const char *rest = nl + 1;
    size_t left = size - (size_t)(rest - data);
    static const char *words[] = {"ron ", "tsumo ", "draw ", "chombo "};
    for (size_t i = 0; i < 4; i++)
        if (left >= strlen(words[i]) && strncmp(rest, words[i], strlen(words[i])) == 0)
            return 85;
    return 40;
}

static bool blank(const char *l, size_t len)
{
    for (size_t k = 0; k < len; k++)
        if (!isspace((unsigned char)l[k]))
            return false;
    return true;
}

static int reader_next(void *state, paifu_game *game, paifu_error *err)
{
    text_in *s = state;
    parser *p = calloc(1, sizeof(*p));
    if (!p)
        return paifu_error_set(err, PAIFU_ENOMEM, NULL, "out of memory");
    p->source = s->in.source;
    p->err = err;
    p->game = game;
    const char *line;
    size_t len;
    int rc = 0;
    bool started = false;
    uint32_t header_line = 0;
    while (paifu_text__next_line(s, &line, &len)) {
        if (blank(line, len)) {
            if (started)
                break;
            continue;
        }
        if ((rc = lex_line(p, line, len, s->line)) < 0)
            break;
        if (!started) {
            if ((rc = parse_header(p)) < 0)
                break;
            started = true;
            header_line = s->line;
            continue;
        }
        if ((rc = parse_outcome(p, s->line)) < 0)
            break;
    }
    /* A sheet is its deals: points with none under them are a file cut after its first line
       (or a game's), which must not pass for a game whose result is all there is to check. */
    if (rc == 0 && started && paifu_game_deal_count(game) == 0)
        rc = paifu_formats__error(err, PAIFU_EFORMAT, s->in.source, header_line + 1, 1, NULL,
                                  "expected the game's deals (ron, tsumo, draw, chombo) after "
                                  "the players' points of line %u",
                                  (unsigned)header_line);
    if (rc == 0 && started)
        rc = paifu_game_set_source_format(game, "pantheon", err);
    free(p);
    if (rc < 0)
        return rc;
    return started ? 1 : 0;
}

const format_impl paifu_format_pantheon = {
    .info = {.name = "pantheon",
             .description = "Pantheon (Mimir) round-result text: a tournament score sheet",
             .can_read = true,
             .extension = ".txt"},
    .sniff = sniff,
    .reader_size = sizeof(text_in),
    .reader_next = reader_next,
    .multi_game = true,
};
