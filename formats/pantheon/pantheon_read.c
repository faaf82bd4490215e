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
#include <strings.h>

/* Tokens of one game (Pantheon reads a game as one stream of words, newlines included). */
#define MAX_TOKENS 65536

typedef struct tok {
    const char *s;
    uint32_t n;
    uint32_t line, column;
} tok;

typedef struct parser {
    const char *source;
    paifu_error *err;
    paifu_game *game;
    int players;
    char alias[PAIFU_SEATS][64];
    tok *t;
    size_t n, cap, i;
} parser;

/* ---- lexing ---- */

static bool is_alias_char(char c)
{
    return isalnum((unsigned char)c) || c == '_' || c == '.' || c == '-';
}

/* Append the words of one line; '(' ')' ':' are tokens of their own. */
static int lex_line(parser *p, const char *s, size_t len, uint32_t line)
{
    for (size_t k = 0; k < len;) {
        if (isspace((unsigned char)s[k])) {
            k++;
            continue;
        }
        if (p->n == p->cap) {
            if (p->cap == MAX_TOKENS)
                return paifu_formats__error(p->err, PAIFU_ELIMIT, p->source, line, (uint32_t)k + 1,
                                            NULL, "more than %d words in one game", MAX_TOKENS);
            size_t cap = p->cap ? p->cap * 2 : 256;
            tok *t = realloc(p->t, cap * sizeof(*t));
            if (!t)
                return paifu_error_set(p->err, PAIFU_ENOMEM, NULL, "out of memory");
            p->t = t;
            p->cap = cap;
        }
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
        t->n = (uint32_t)(k - b);
    }
    return 0;
}

static bool is(const tok *t, const char *word)
{
    return t && t->n == strlen(word) && strncmp(t->s, word, t->n) == 0;
}

/* The words that start a deal (Pantheon's OUTCOME token). */
static bool is_outcome(const tok *t)
{
    return is(t, "ron") || is(t, "tsumo") || is(t, "draw") || is(t, "chombo");
}

static bool is_riichi_word(const tok *t)
{
    return is(t, "riichi") || is(t, "richi");
}

static int fail(parser *p, const tok *t, const char *expected)
{
    if (!t) {
        const tok *last = p->n ? &p->t[p->n - 1] : NULL;
        return paifu_formats__error(p->err, PAIFU_EFORMAT, p->source, last ? last->line : 0,
                                    last ? last->column + last->n : 0, NULL,
                                    "expected %s at the end of the game", expected);
    }
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

static int seat_at(parser *p, const tok *t)
{
    return t ? seat_of(p, t) : -1;
}

/* The players' points: alias:points for every seat, up to the first deal (they may wrap). */
static int parse_header(parser *p)
{
    paifu_game_result res;
    memset(&res, 0, sizeof(res));
    int n = 0;
    const tok *first = peek(p);
    while (peek(p) && !is_outcome(peek(p))) {
        const tok *a = next(p), *colon = next(p), *v = next(p);
        /* a word on a line of its own after three players or four is the first deal with a
           slip in its outcome ("rom", "Ron"), not a fifth name */
        if (n >= 3 && a->line != first->line && (!colon || !is(colon, ":")))
            return fail(p, a,
                        "the game's first deal (ron, tsumo, draw or chombo) after the "
                        "players' points");
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
        return paifu_formats__error(p->err, PAIFU_EFORMAT, p->source, first->line, 1, NULL,
                                    "expected 3 or 4 players with their points, found %d", n);
    p->players = n;
    int rc = paifu_game_set_players(p->game, n, p->err);
    /* a fact of the format: Pantheon keeps riichi games (its grammar has han, fu and riichi
       deposits), so a rule set of MCR is refused for the sheet (paifu_game_rules_resolve) */
    if (rc == 0)
        rc = paifu_game_add_rule_override(p->game, "family", "riichi", p->err);
    for (int s = 0; rc == 0 && s < n; s++)
        rc = paifu_game_set_player_name(p->game, s, p->alias[s], p->err);
    res.has_points = true;
    paifu_game_set_result(p->game, &res);
    paifu_game_set_result_location(p->game, first->line, first->column);
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
            if (c && c->n <= 2 && isdigit((unsigned char)c->s[0]) &&
                (c->n == 1 || isdigit((unsigned char)c->s[1]))) {
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
            if (id < 0)
                return fail(p, t, "a yaku name");
            y->id = (uint16_t)id;
            y->name = paifu_game_strndup(p->game, name, strlen(name));
            if (!y->name)
                return paifu_error_set(p->err, PAIFU_ENOMEM, NULL, "out of memory");
        }
        w->n_yaku++;
    }
}

static bool count_word(const tok *t, const char *unit)
{
    size_t u = strlen(unit);
    if (!t || t->n < u + 1 || t->n > u + 3 || strncmp(t->s + t->n - u, unit, u) != 0)
        return false;
    for (size_t k = 0; k + u < t->n; k++)
        if (!isdigit((unsigned char)t->s[k]))
            return false;
    return true;
}

/* "Nhan [Mfu] | yakuman", then the yaku list. */
static int parse_value(parser *p, paifu_win *w)
{
    const tok *t = next(p);
    if (t && is(t, "yakuman")) {
        w->yakuman = 1;
        w->han = PAIFU_YAKU_YAKUMAN_HAN;
        w->known |= PAIFU_REC_HAN;
    } else if (count_word(t, "han")) {
        w->han = (int16_t)atoi(t->s);
        w->known |= PAIFU_REC_HAN;
        const tok *f = peek(p);
        if (count_word(f, "fu")) {
            w->fu = (int16_t)atoi(f->s);
            w->known |= PAIFU_REC_FU;
            next(p);
        }
    } else {
        return fail(p, t, "the han (\"3han\") or \"yakuman\"");
    }
    return parse_yaku(p, w);
}

/* Riichi deposits of the deal, in the order written (a player written twice deposits twice). */
typedef struct riichi_list {
    int n;
    int8_t seat[16];
    const tok *at[16];
} riichi_list;

/* "riichi A B ...": the players up to the first word that is not one of them. */
static int parse_riichi(parser *p, riichi_list *r)
{
    if (!is_riichi_word(peek(p)))
        return 0;
    next(p);
    int before = r->n;
    while (seat_at(p, peek(p)) >= 0) {
        if (r->n == (int)(sizeof(r->seat) / sizeof(r->seat[0])))
            return fail(p, peek(p), "fewer riichi declarations in one deal");
        r->at[r->n] = peek(p);
        r->seat[r->n++] = (int8_t)seat_of(p, next(p));
    }
    if (r->n == before)
        return fail(p, peek(p), "the players who declared riichi");
    return 0;
}

/* Begin the deal of outcome word AT and add its riichi deposits. */
static int begin(parser *p, const tok *at, const riichi_list *r)
{
    paifu_deal_start st;
    paifu_deal_start_init(&st);
    st.flags = PAIFU_DEAL_ROUND_UNKNOWN;
    int rc = paifu_game_begin_deal(p->game, &st, at->line, at->column, p->err);
    if (rc == 0)
        rc = paifu_game_set_deal_result_only(p->game, p->err);
    for (int i = 0; r && rc == 0 && i < r->n; i++)
        rc = paifu_game_add_riichi_accepted(p->game, r->seat[i], 0, NULL, r->at[i]->line,
                                            r->at[i]->column, p->err);
    return rc;
}

/* After a statement: the next deal or the end of the game. */
static int end_of_statement(parser *p, const char *also)
{
    if (!peek(p) || is_outcome(peek(p)))
        return 0;
    char what[128];
    snprintf(what, sizeof(what), "%sthe next deal (ron, tsumo, draw, chombo)", also);
    return fail(p, peek(p), what);
}

/*
 * "ron W from L value (yaku) [riichi ...] [also W2 value (yaku) [riichi ...]]..." or
 * "tsumo W value (yaku) [riichi ...]": each winner's chunk may carry its own riichi list, and
 * Pantheon reads "also" wherever the words wrap.
 */
static int parse_win(parser *p, const tok *outcome, bool tsumo)
{
    paifu_win w[3];
    const tok *chunk[3];
    riichi_list r = {0};
    int n = 0, winner, from = -1;
    chunk[0] = peek(p);
    if ((winner = seat_at(p, next(p))) < 0)
        return fail(p, chunk[0], "one of the players of the points line");
    if (!tsumo) {
        const tok *t = next(p);
        if (!is(t, "from"))
            return fail(p, t, "\"from\" and the discarder");
        const tok *l = next(p);
        if ((from = seat_at(p, l)) < 0)
            return fail(p, l, "one of the players of the points line");
    }
    for (;;) {
        paifu_win_init(&w[n]);
        w[n].winner = (int8_t)winner;
        w[n].from = (int8_t)(tsumo ? winner : from);
        if (parse_value(p, &w[n]) < 0 || parse_riichi(p, &r) < 0)
            return PAIFU_EFORMAT;
        n++;
        if (tsumo || !is(peek(p), "also"))
            break;
        if (n == 3)
            return fail(p, peek(p), "at most three winners");
        chunk[n] = next(p);
        const tok *a = next(p);
        if ((winner = seat_at(p, a)) < 0)
            return fail(p, a, "one of the players of the points line after \"also\"");
    }
    if (end_of_statement(p, tsumo ? "\"riichi\" or " : "\"riichi\", \"also\" or ") < 0)
        return PAIFU_EFORMAT;
    int rc = begin(p, outcome, &r);
    for (int i = 0; rc == 0 && i < n; i++) {
        const tok *at = i ? chunk[i] : outcome;
        rc = paifu_game_add_win(p->game, &w[i], at->line, at->column, p->err);
    }
    return rc;
}

static int parse_draw(parser *p, const tok *outcome)
{
    const tok *t = next(p);
    if (!is(t, "tempai"))
        return fail(p, t, "\"tempai\"");
    paifu_draw d;
    paifu_draw_init(&d, PAIFU_DRAW_EXHAUSTIVE);
    d.known |= PAIFU_REC_TENPAI;
    if (is(peek(p), "all")) {
        next(p);
        d.tenpai = (uint8_t)((1u << p->players) - 1);
    } else if (is(peek(p), "nobody")) {
        next(p);
    } else {
        if (seat_at(p, peek(p)) < 0)
            return fail(p, peek(p), "\"all\", \"nobody\" or the players who are tenpai");
        while (seat_at(p, peek(p)) >= 0)
            d.tenpai |= (uint8_t)(1u << seat_of(p, next(p)));
    }
    riichi_list r = {0};
    if (parse_riichi(p, &r) < 0 || end_of_statement(p, "\"riichi\" or ") < 0)
        return PAIFU_EFORMAT;
    int rc = begin(p, outcome, &r);
    if (rc == 0)
        rc = paifu_game_add_draw(p->game, &d, outcome->line, outcome->column, p->err);
    return rc;
}

static int parse_chombo(parser *p, const tok *outcome)
{
    const tok *t = next(p);
    int seat = seat_at(p, t);
    if (seat < 0)
        return fail(p, t, "one of the players of the points line");
    if (end_of_statement(p, "") < 0)
        return PAIFU_EFORMAT;
    paifu_penalty pen;
    memset(&pen, 0, sizeof(pen));
    pen.kind = PAIFU_PENALTY_CHOMBO;
    pen.timing = PAIFU_PENALTY_BY_RULES;
    pen.seat = (int8_t)seat;
    int rc = begin(p, outcome, NULL);
    if (rc == 0)
        rc = paifu_game_add_penalty(p->game, &pen, outcome->line, outcome->column, p->err);
    return rc;
}

static int parse_outcome(parser *p)
{
    const tok *t = next(p);
    if (is(t, "ron"))
        return parse_win(p, t, false);
    if (is(t, "tsumo"))
        return parse_win(p, t, true);
    if (is(t, "draw"))
        return parse_draw(p, t);
    if (is(t, "chombo"))
        return parse_chombo(p, t);
    return fail(p, t, "ron, tsumo, draw or chombo");
}

/* ---- reader ---- */

/* The next word of DATA from *K on (':' '(' ')' words of their own); false at the end. */
static bool sniff_word(const char *data, size_t size, size_t *k, const char **w, size_t *n)
{
    while (*k < size && isspace((unsigned char)data[*k]))
        (*k)++;
    if (*k >= size)
        return false;
    *w = data + *k;
    if (data[*k] == ':' || data[*k] == '(' || data[*k] == ')') {
        *n = 1;
        (*k)++;
        return true;
    }
    size_t b = *k;
    while (*k < size && !isspace((unsigned char)data[*k]) && data[*k] != ':' && data[*k] != '(' &&
           data[*k] != ')')
        (*k)++;
    *n = *k - b;
    return true;
}

/* Points of 3 or 4 players (alias:points, wrapped anywhere), then a deal's first word. */
static int sniff(const char *data, size_t size)
{
    size_t k = 0, n = 0;
    const char *w = NULL;
    int pairs = 0;
    if (size > 4096)
        size = 4096; /* the points come first */
    for (;;) {
        if (!sniff_word(data, size, &k, &w, &n)) {
            /* a sheet cut inside its points line (its last byte no white space: a line that
               ends is a whole one) is one too: its reader says where it ends (issue 27) */
            bool cut = size > 0 && size < 4096 && !isspace((unsigned char)data[size - 1]);
            return pairs >= 3 ? 40 : pairs >= 1 && cut ? 10 : 0;
        }
        tok t = {w, (uint32_t)n, 0, 0};
        if (is_outcome(&t))
            return pairs >= 3 && pairs <= 4 ? 85 : 0;
        for (size_t i = 0; i < n; i++)
            if (!is_alias_char(w[i]))
                return 0;
        if (!sniff_word(data, size, &k, &w, &n) || n != 1 || *w != ':')
            return 0;
        if (!sniff_word(data, size, &k, &w, &n))
            return 0;
        size_t d = *w == '-' ? 1 : 0;
        if (d == n)
            return 0;
        for (; d < n; d++)
            if (!isdigit((unsigned char)w[d]))
                return 0;
        if (++pairs > 4)
            return 0;
    }
}

/* Whether the line D[B..END) is a sheet's deal, perhaps with a slip: it opens with an outcome
   or a slip of one ("rom", "Ron", "tsmuo") and holds a mark of the sheet's grammar (a word
   "<n>han" or "<n>fu", yakuman, tempai, noten, nobody, abort), or it opens with chombo. */
static bool deal_like(const char *d, size_t b, size_t end)
{
    static const char *const OUTCOMES[] = {"ron", "tsumo", "draw"};
    static const char *const MARKS[] = {"yakuman", "tempai", "noten", "nobody", "abort"};
    size_t w = b;
    while (w < end && !isspace((unsigned char)d[w]))
        w++;
    if (w - b == 6 && strncasecmp(d + b, "chombo", 6) == 0)
        return true;
    bool outcome = false;
    for (size_t o = 0; o < sizeof(OUTCOMES) / sizeof(OUTCOMES[0]) && !outcome; o++)
        outcome = paifu_formats__near(d + b, w - b, OUTCOMES[o]);
    if (!outcome)
        return false;
    for (size_t j = w; j < end;) {
        while (j < end && isspace((unsigned char)d[j]))
            j++;
        size_t t = j;
        while (j < end && !isspace((unsigned char)d[j]))
            j++;
        size_t n = t;
        while (n < j && isdigit((unsigned char)d[n]))
            n++;
        if (n > t && ((j - n == 3 && strncasecmp(d + n, "han", 3) == 0) ||
                      (j - n == 2 && strncasecmp(d + n, "fu", 2) == 0)))
            return true;
        for (size_t m = 0; m < sizeof(MARKS) / sizeof(MARKS[0]); m++)
            if (j - t == strlen(MARKS[m]) && strncasecmp(d + t, MARKS[m], j - t) == 0)
                return true;
    }
    return false;
}

/*
 * A sheet with a slip (issue 36), for its reader to refuse with the place: a first line of two
 * alias:points pairs or more (a colon or a name wrong in the others) before a deal (or cut in
 * the middle), or two deals among the first lines (deal_like: an outcome word with a slip).
 */
static int resembles(const char *data, size_t size, const char *name)
{
    (void)name;
    if (size > 4096)
        size = 4096;
    size_t k = 0;
    int line = 0, deals = 0, pairs = 0;
    /* a sheet cut inside its points line: one line, its last byte no white space */
    bool cut_in_points = size > 0 && size < 4096 && !memchr(data, '\n', size) &&
                         !isspace((unsigned char)data[size - 1]);
    while (k < size && line < 8) {
        size_t end = k;
        while (end < size && data[end] != '\n')
            end++;
        size_t b = k;
        while (b < end && isspace((unsigned char)data[b]))
            b++;
        if (b == end) {
            k = end + 1;
            continue;
        }
        if (line == 0) {
            /* pairs: an alias, a colon or none, a number of three digits or more */
            size_t j = b;
            while (j < end) {
                size_t w = j;
                while (j < end && is_alias_char(data[j]))
                    j++;
                bool alias = j > w;
                while (j < end && (data[j] == ':' || data[j] == ' ' || data[j] == '\t'))
                    j++;
                size_t d = j < end && data[j] == '-' ? j + 1 : j, n = d;
                while (n < end && isdigit((unsigned char)data[n]))
                    n++;
                if (alias && n - d >= 3 && (n == end || isspace((unsigned char)data[n]))) {
                    pairs++;
                    j = n;
                } else if (!alias) {
                    j++;
                }
                while (j < end && isspace((unsigned char)data[j]))
                    j++;
            }
        }
        deals += deal_like(data, b, end);
        line++;
        k = end + 1;
    }
    return pairs >= 2 && (deals >= 1 || cut_in_points) ? 70 : deals >= 2 ? 60 : 0;
}

static bool blank(const char *l, size_t len)
{
    for (size_t k = 0; k < len; k++)
        if (!isspace((unsigned char)l[k]))
            return false;
    return true;
}

/* A game is its lines up to the next blank line; Pantheon reads them as one stream of words. */
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
    uint32_t header_line = 0, last_line = 0;
    while (paifu_text__next_line(s, &line, &len)) {
        if (blank(line, len)) {
            if (started)
                break;
            continue;
        }
        if (!started)
            header_line = s->line;
        started = true;
        last_line = s->line;
        if ((rc = lex_line(p, line, len, s->line)) < 0)
            break;
    }
    if (rc == 0 && started)
        rc = parse_header(p);
    while (rc == 0 && started && peek(p))
        rc = parse_outcome(p);
    /* A sheet is its deals: points with none under them are a file cut after its first line
       (or a game's), which must not pass for a game whose result is all there is to check. */
    if (rc == 0 && started && paifu_game_deal_count(game) == 0)
        rc = paifu_formats__error(err, PAIFU_EFORMAT, s->in.source, last_line + 1, 1, NULL,
                                  "expected the game's deals (ron, tsumo, draw, chombo) after "
                                  "the players' points of line %u",
                                  (unsigned)header_line);
    if (rc == 0 && started)
        rc = paifu_game_set_source_format(game, "pantheon", err);
    free(p->t);
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
    .resembles = resembles,
    .reader_size = sizeof(text_in),
    .reader_next = reader_next,
    .multi_game = true,
};
