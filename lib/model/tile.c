/*
 * tile.c: tile kinds and the "mpsz" notation (see paifu/tile.h for the encoding).
 *
 * Notation grammar: { digit+ suit | "?" | " " }, suit = m p s z f. Digits 1..9 for m/p/s
 * (0 = red five), 1..7 for z, 1..8 for f. The dora order follows shared/rules/yaku.md section 3:
 * suits cycle 1..9, winds E S W N, dragons White Green Red.
 */
#include "paifu/tile.h"
#include "tile_internal.h"

#include <stdio.h>
#include <string.h>

bool paifu_tile_valid(paifu_tile t)
{
    return paifu_tile__valid(t);
}

paifu_tile paifu_tile_make(unsigned kind, bool red)
{
    if (kind >= PAIFU_TILE_ALL_KINDS)
        return PAIFU_TILE_NONE;
    paifu_tile t = (paifu_tile)kind;
    if (red && kind < 27 && kind % 9 == 4)
        t |= PAIFU_TILE_RED;
    return t;
}

paifu_tile paifu_tile_dora(paifu_tile indicator, bool three_player)
{
    if (!paifu_tile_valid(indicator) || paifu_tile_is_bonus(indicator))
        return PAIFU_TILE_NONE;
    unsigned k = paifu_tile_kind(indicator);
    if (k < 27) {
        unsigned suit = k / 9, n = k % 9;
        if (three_player && suit == 0)
            return (paifu_tile)(n == 0 ? 8 : 0); /* 1m <-> 9m: 2m..8m are not in play */
        return (paifu_tile)(suit * 9 + (n + 1) % 9);
    }
    if (k < 31)
        return (paifu_tile)(27 + (k - 27 + 1) % 4);
    return (paifu_tile)(31 + (k - 31 + 1) % 3);
}

static const char SUIT_LETTER[5] = {'m', 'p', 's', 'z', 'f'};

char *paifu_tile_name(char buf[3], paifu_tile t)
{
    if (!paifu_tile_valid(t)) {
        buf[0] = '?';
        buf[1] = '\0';
        return buf;
    }
    buf[0] = paifu_tile_is_red(t) ? '0' : (char)('0' + paifu_tile_number(t));
    buf[1] = SUIT_LETTER[paifu_tile_suit(t)];
    buf[2] = '\0';
    return buf;
}

/* Kind for DIGIT in SUIT letter, or -1 if the digit is not valid there; *RED set for 0. */
static int kind_of(char suit, int digit, bool *red)
{
    *red = false;
    switch (suit) {
    case 'm':
    case 'p':
    case 's': {
        int base = suit == 'm' ? 0 : suit == 'p' ? 9 : 18;
        if (digit == 0) {
            *red = true;
            return base + 4;
        }
        return base + digit - 1;
    }
    case 'z':
        return digit >= 1 && digit <= 7 ? 27 + digit - 1 : -1;
    case 'f':
        return digit >= 1 && digit <= 8 ? 34 + digit - 1 : -1;
    default:
        return -1;
    }
}

int paifu_tile_parse(paifu_tile *out, size_t cap, size_t *n_out, const char *text,
                     paifu_error *err)
{
    size_t n = 0, pending_start = 0, pending = 0;
    if (n_out)
        *n_out = 0;
    if (!text)
        return paifu_error_set(err, PAIFU_EINVAL, NULL, "invalid argument: text");
    for (size_t i = 0;; i++) {
        char c = text[i];
        if (c >= '0' && c <= '9') {
            if (!pending)
                pending_start = i;
            pending++;
            continue;
        }
        if (c == 'm' || c == 'p' || c == 's' || c == 'z' || c == 'f') {
            if (!pending)
                return paifu_error_set(err, PAIFU_EFORMAT, NULL,
                                       "expected digits before suit '%c' at column %zu of \"%s\"",
                                       c, i + 1, text);
            for (size_t j = pending_start; j < i; j++) {
                bool red;
                int k = kind_of(c, text[j] - '0', &red);
                if (k < 0)
                    return paifu_error_set(err, PAIFU_EFORMAT, NULL,
                                           "expected a tile, found \"%c%c\" at column %zu of \"%s\"",
                                           text[j], c, j + 1, text);
                if (n >= cap)
                    return paifu_error_set(err, PAIFU_ELIMIT, NULL,
                                           "more than %zu tiles in \"%s\"", cap, text);
                out[n++] = paifu_tile_make((unsigned)k, red);
            }
            pending = 0;
            continue;
        }
        if (pending)
            return paifu_error_set(err, PAIFU_EFORMAT, NULL,
                                   "expected a suit letter (m, p, s, z, f) at column %zu of \"%s\"",
                                   i + 1, text);
        if (c == '\0')
            break;
        if (c == '?') {
            if (n >= cap)
                return paifu_error_set(err, PAIFU_ELIMIT, NULL, "more than %zu tiles in \"%s\"",
                                       cap, text);
            out[n++] = PAIFU_TILE_NONE;
            continue;
        }
        if (c == ' ')
            continue;
        return paifu_error_set(err, PAIFU_EFORMAT, NULL,
                               "expected tile notation, found '%c' at column %zu of \"%s\"", c,
                               i + 1, text);
    }
    if (n_out)
        *n_out = n;
    return 0;
}

int paifu_tile_parse_one(paifu_tile *out, const char *text, paifu_error *err)
{
    paifu_tile t[2];
    size_t n;
    int rc = paifu_tile_parse(t, 2, &n, text, err);
    if (rc < 0 && rc != PAIFU_ELIMIT)
        return rc;
    if (rc == PAIFU_ELIMIT || n != 1)
        return paifu_error_set(err, PAIFU_EFORMAT, NULL, "expected one tile, found \"%s\"", text);
    *out = t[0];
    return 0;
}

size_t paifu_tile_format(char *buf, size_t size, const paifu_tile *tiles, size_t n)
{
    size_t len = 0;
#define PUT(ch)                                                                                    \
    do {                                                                                           \
        if (len + 1 < size)                                                                        \
            buf[len] = (ch);                                                                       \
        len++;                                                                                     \
    } while (0)
    for (size_t i = 0; i < n; i++) {
        paifu_tile t = tiles[i];
        if (!paifu_tile_valid(t)) {
            PUT('?');
            continue;
        }
        PUT(paifu_tile_is_red(t) ? '0' : (char)('0' + paifu_tile_number(t)));
        bool last = i + 1 == n || !paifu_tile_valid(tiles[i + 1]) ||
                    paifu_tile_suit(tiles[i + 1]) != paifu_tile_suit(t);
        if (last)
            PUT(SUIT_LETTER[paifu_tile_suit(t)]);
    }
#undef PUT
    if (size)
        buf[len < size ? len : size - 1] = '\0';
    return len;
}

/* Sort key: kind * 2, +1 for a red five (after the plain fives); unknown tiles last. */
static unsigned sort_key(paifu_tile t)
{
    if (!paifu_tile_valid(t))
        return 0xFFFF;
    return paifu_tile_kind(t) * 2u + (paifu_tile_is_red(t) ? 1u : 0u);
}

void paifu_tile_sort(paifu_tile *tiles, size_t n)
{
    /* insertion sort: hands are at most a few dozen tiles */
    for (size_t i = 1; i < n; i++) {
        paifu_tile t = tiles[i];
        unsigned k = sort_key(t);
        size_t j = i;
        while (j > 0 && sort_key(tiles[j - 1]) > k) {
            tiles[j] = tiles[j - 1];
            j--;
        }
        tiles[j] = t;
    }
}
