/*
 * hand.c: the hand as a value (concealed counts, red fives, melds, kita) and its notation.
 *
 * Invariants kept by every function here:
 *  - counts[k] + the tiles of kind k in melds <= 4 for every kind;
 *  - n_closed == sum(counts) and red[s] <= counts of the five of suit s;
 *  - n_closed + 3 * n_melds <= 14 (a kan counts as three: its fourth tile is the replacement's);
 *  - melds keep call order; a shouminkan takes the place of its pon.
 *
 * The notation (paifu/hand.h) reuses the tile notation of tile.c and adds meld names, and it
 * also reads the \mahjong{} meld notation of the rules seed 002 as quoted in
 * shared/rules/yaku.md ("8'79s", "5\"55z", "X99mX"), so the rule documents' examples can be
 * pasted as they are.
 */
#include "error_internal.h"
#include "hand_internal.h"
#include "paifu/score.h"

#include <stdio.h>
#include <string.h>

void paifu_hand_init(paifu_hand *hand)
{
    memset(hand, 0, sizeof(*hand));
}

/* Melds and meld sizes clamped to the arrays, for hands a caller filled in directly. */
static unsigned n_melds(const paifu_hand *hand)
{
    return hand->n_melds < PAIFU_MAX_MELDS ? hand->n_melds : PAIFU_MAX_MELDS;
}
static unsigned meld_size(const paifu_meld *m)
{
    return m->n < 4 ? m->n : 4;
}

unsigned paifu_hand_kind_count(const paifu_hand *hand, unsigned kind)
{
    if (kind >= PAIFU_TILE_KINDS)
        return 0;
    return hand->counts[kind] + paifu_hand__melded(hand, kind);
}

bool paifu_hand_is_closed(const paifu_hand *hand)
{
    for (unsigned i = 0; i < n_melds(hand); i++)
        if (hand->melds[i].type != PAIFU_MELD_ANKAN)
            return false;
    return true;
}

int paifu_hand_add(paifu_hand *hand, paifu_tile tile, paifu_error *err)
{
    char name[3];
    PAIFU_ASSERT_ARG(hand, err);
    switch (paifu_hand__add(hand, tile)) {
    case HAND_NOT_RIICHI_TILE:
        return paifu_error_set(err, PAIFU_EINVAL, NULL, "expected a riichi tile, found \"%s\"",
                               paifu_tile_name(name, tile));
    case HAND_FIFTH:
        return paifu_error_set(err, PAIFU_EFORMAT, NULL, "a fifth %s in the hand",
                               paifu_tile_name(name, tile));
    case HAND_FULL:
        return paifu_error_set(err, PAIFU_EFORMAT, NULL, "more than 14 tiles in the hand");
    default:
        return 0;
    }
}

int paifu_hand_remove(paifu_hand *hand, paifu_tile tile, paifu_error *err)
{
    char name[3];
    PAIFU_ASSERT_ARG(hand, err);
    switch (paifu_hand__remove(hand, tile)) {
    case HAND_NOT_RIICHI_TILE:
        return paifu_error_set(err, PAIFU_EINVAL, NULL, "expected a riichi tile, found \"%s\"",
                               paifu_tile_name(name, tile));
    case HAND_ABSENT:
        return paifu_error_set(err, PAIFU_EFORMAT, NULL, "the hand holds no %s to remove",
                               paifu_tile_name(name, tile));
    default:
        return 0;
    }
}

const char *paifu_meld_type_name(paifu_meld_type type)
{
    static const char *const names[] = {"?", "chi", "pon", "daiminkan", "shouminkan", "ankan"};
    return (unsigned)type < sizeof(names) / sizeof(names[0]) ? names[type] : "?";
}

static int meld_shape_error(paifu_error *err, paifu_meld_type type, const paifu_tile *tiles,
                            size_t n, const char *what)
{
    char text[16];
    paifu_tile_format(text, sizeof(text), tiles, n);
    return paifu_error_set(err, PAIFU_EFORMAT, NULL, "%s \"%s\": expected %s",
                           paifu_meld_type_name(type), text, what);
}

int paifu_meld_make(paifu_meld *out, paifu_meld_type type, const paifu_tile *tiles, size_t n,
                    paifu_tile called, paifu_meld_from from, paifu_error *err)
{
    PAIFU_ASSERT_ARG(out && tiles, err);
    PAIFU_ASSERT_ARG(type >= PAIFU_MELD_CHI && type <= PAIFU_MELD_ANKAN, err);
    size_t want = type == PAIFU_MELD_CHI || type == PAIFU_MELD_PON ? 3 : 4;
    if (n != want || n > 4)
        return meld_shape_error(err, type, tiles, n, want == 3 ? "three tiles" : "four tiles");
    memset(out, 0, sizeof(*out));
    for (size_t i = 0; i < n && i < 4; i++) {
        if (!paifu_tile__riichi(tiles[i]))
            return meld_shape_error(err, type, tiles, n, "riichi tiles");
        out->tiles[i] = tiles[i];
    }
    paifu_tile_sort(out->tiles, n);
    unsigned k0 = paifu_tile_kind(out->tiles[0]);
    if (type == PAIFU_MELD_CHI) {
        if (k0 >= 27 || k0 % 9 > 6 || paifu_tile_kind(out->tiles[1]) != k0 + 1 ||
            paifu_tile_kind(out->tiles[2]) != k0 + 2)
            return meld_shape_error(err, type, tiles, n, "three consecutive tiles of a suit");
    } else {
        for (size_t i = 1; i < n; i++)
            if (paifu_tile_kind(out->tiles[i]) != k0)
                return meld_shape_error(err, type, tiles, n, "identical tiles");
    }
    if (called != PAIFU_TILE_NONE) {
        bool found = false;
        for (size_t i = 0; i < n && !found; i++)
            found = out->tiles[i] == called;
        if (!found)
            return meld_shape_error(err, type, tiles, n, "the called tile among its tiles");
    }
    out->type = (uint8_t)type;
    out->from = (uint8_t)(type == PAIFU_MELD_ANKAN ? PAIFU_FROM_SELF : from & 3);
    out->called = type == PAIFU_MELD_ANKAN ? PAIFU_TILE_NONE : called;
    out->n = (uint8_t)n;
    return 0;
}

int paifu_hand_add_meld(paifu_hand *hand, const paifu_meld *meld, paifu_error *err)
{
    PAIFU_ASSERT_ARG(hand && meld, err);
    PAIFU_ASSERT_ARG(meld->n == 3 || meld->n == 4, err);
    unsigned k = paifu_tile_kind(meld->tiles[0]);
    int slot = -1;
    if (meld->type == PAIFU_MELD_SHOUMINKAN)
        for (unsigned i = 0; i < hand->n_melds && slot < 0; i++)
            if (hand->melds[i].type == PAIFU_MELD_PON && paifu_tile_kind(hand->melds[i].tiles[0]) == k)
                slot = (int)i;
    if (slot < 0 && hand->n_melds >= PAIFU_MAX_MELDS)
        return paifu_error_set(err, PAIFU_EFORMAT, NULL, "a fifth meld (a hand has at most four)");
    /* a fifth tile of a kind: count the new meld against the hand without the replaced pon */
    for (unsigned j = 0; j < meld->n; j++) {
        unsigned kj = paifu_tile_kind(meld->tiles[j]), in_meld = 0;
        for (unsigned t = 0; t < meld->n; t++)
            in_meld += paifu_tile_kind(meld->tiles[t]) == kj;
        unsigned held = paifu_hand_kind_count(hand, kj) - (slot >= 0 ? 3u : 0u);
        if (held + in_meld > 4) {
            char name[3];
            return paifu_error_set(err, PAIFU_EFORMAT, NULL, "a fifth %s in the hand",
                                   paifu_tile_name(name, meld->tiles[j]));
        }
    }
    if (slot < 0) {
        if (hand->n_closed + 3u * (hand->n_melds + 1u) > 14)
            return paifu_error_set(err, PAIFU_EFORMAT, NULL, "more than 14 tiles in the hand");
        slot = hand->n_melds++;
    }
    hand->melds[slot] = *meld;
    return 0;
}

/* ---- validation of a hand built by hand ---- */

/*
 * paifu_hand is transparent, so a caller may fill it directly. Every analysis entry point checks
 * the invariants at the top of this file first, so that inconsistent counts or meld sizes give
 * an error (or an empty answer) instead of reads past an array.
 */
bool paifu_hand__valid(const paifu_hand *hand)
{
    unsigned n = 0;
    for (unsigned k = 0; k < PAIFU_TILE_KINDS; k++) {
        if (hand->counts[k] > 4)
            return false;
        n += hand->counts[k];
    }
    if (n != hand->n_closed || hand->n_melds > PAIFU_MAX_MELDS ||
        hand->n_closed + 3u * hand->n_melds > 14)
        return false;
    for (unsigned s = 0; s < 3; s++)
        if (hand->red[s] > hand->counts[9 * s + 4])
            return false;
    for (unsigned i = 0; i < hand->n_melds; i++) {
        const paifu_meld *m = &hand->melds[i];
        unsigned want = m->type == PAIFU_MELD_CHI || m->type == PAIFU_MELD_PON ? 3u : 4u;
        if (m->type < PAIFU_MELD_CHI || m->type > PAIFU_MELD_ANKAN || m->n != want)
            return false;
        for (unsigned j = 0; j < m->n; j++)
            if (!paifu_tile__riichi(m->tiles[j]))
                return false;
    }
    return true;
}

/* ---- dora and red fives (paifu/score.h) ---- */

unsigned paifu_hand_dora_count(const paifu_hand *hand, paifu_tile extra,
                               const paifu_tile *indicators, size_t n, bool three_player)
{
    unsigned total = 0;
    for (size_t i = 0; i < n; i++) {
        paifu_tile d = paifu_tile_dora(indicators[i], three_player);
        if (d == PAIFU_TILE_NONE)
            continue;
        unsigned k = paifu_tile_kind(d);
        total += paifu_hand_kind_count(hand, k);
        if (extra != PAIFU_TILE_NONE && paifu_tile_kind(extra) == k)
            total++;
        if (k == PAIFU_TILE_NORTH)
            total += hand->kita;
    }
    return total;
}

unsigned paifu_hand_aka_count(const paifu_hand *hand, paifu_tile extra)
{
    unsigned n = hand->red[0] + hand->red[1] + hand->red[2];
    for (unsigned i = 0; i < hand->n_melds && i < PAIFU_MAX_MELDS; i++)
        for (unsigned j = 0; j < hand->melds[i].n && j < 4; j++)
            n += paifu_tile_is_red(hand->melds[i].tiles[j]);
    return n + (extra != PAIFU_TILE_NONE && paifu_tile_is_red(extra));
}

/* ---- notation ---- */

#define MAX_TOKEN_TILES 16

/* Tiles of one token with their markers: ' (called), " (added kan tile). */
typedef struct marked_tiles {
    paifu_tile tile[MAX_TOKEN_TILES];
    uint8_t mark[MAX_TOKEN_TILES]; /* 0, '\'' or '"' */
    size_t n;
} marked_tiles;

/* Parse "8'79s" style tiles (digits, optional marks, suit letter; repeated). */
static int parse_marked(marked_tiles *out, const char *s, size_t len, const char *whole,
                        paifu_error *err)
{
    size_t start = 0, i;
    out->n = 0;
    for (i = 0; i < len; i++) {
        char c = s[i];
        if ((c >= '0' && c <= '9') || c == '\'' || c == '"')
            continue;
        char buf[4] = {0, c, 0, 0};
        if (!strchr("mpsz", c) || i == start)
            return paifu_error_set(err, PAIFU_EFORMAT, NULL,
                                   "expected tiles such as 7'89s in \"%s\", found \"%.*s\"", whole,
                                   (int)len, s);
        for (size_t j = start; j < i; j++) {
            if (s[j] == '\'' || s[j] == '"') {
                if (out->n == 0 || out->mark[out->n - 1])
                    return paifu_error_set(err, PAIFU_EFORMAT, NULL,
                                           "expected a tile before %c in \"%s\"", s[j], whole);
                out->mark[out->n - 1] = (uint8_t)s[j];
                continue;
            }
            if (out->n >= MAX_TOKEN_TILES)
                return paifu_error_set(err, PAIFU_ELIMIT, NULL, "too many tiles in \"%s\"", whole);
            buf[0] = s[j];
            if (paifu_tile_parse_one(&out->tile[out->n], buf, err) < 0)
                return PAIFU_EFORMAT;
            out->mark[out->n++] = 0;
        }
        start = i + 1;
    }
    if (start != len || out->n == 0)
        return paifu_error_set(err, PAIFU_EFORMAT, NULL,
                               "expected a suit letter at the end of \"%.*s\" in \"%s\"", (int)len,
                               s, whole);
    return 0;
}

/* Who a meld came from, from the position of the rotated tile (seed 002 notation). */
static paifu_meld_from from_position(size_t pos, size_t n)
{
    if (pos == 0)
        return PAIFU_FROM_LEFT;
    return pos + 1 == n ? PAIFU_FROM_RIGHT : PAIFU_FROM_ACROSS;
}

static int add_meld_tiles(paifu_hand *hand, paifu_meld_type type, const paifu_tile *tiles,
                          size_t n, paifu_tile called, paifu_meld_from from, paifu_error *err)
{
    paifu_meld m;
    int rc = paifu_meld_make(&m, type, tiles, n, called, from, err);
    if (rc == 0)
        rc = paifu_hand_add_meld(hand, &m, err);
    return rc;
}

/* "8'79s", "66'6z", "5\"55z", "11'11s": the seed's called-meld notation. */
static int parse_seed_meld(paifu_hand *hand, const char *tok, size_t len, paifu_error *err)
{
    marked_tiles mt;
    int rc = parse_marked(&mt, tok, len, tok, err);
    if (rc < 0)
        return rc;
    paifu_tile tiles[4];
    size_t n = 0, pos = 0;
    paifu_tile called = PAIFU_TILE_NONE;
    bool added = false;
    for (size_t i = 0; i < mt.n; i++) {
        if (mt.mark[i]) {
            called = mt.tile[i];
            pos = i;
            added |= mt.mark[i] == '"';
        }
        for (int copies = mt.mark[i] == '"' ? 2 : 1; copies > 0; copies--) {
            if (n >= 4)
                return paifu_error_set(err, PAIFU_EFORMAT, NULL,
                                       "expected at most four tiles in meld \"%.*s\"", (int)len, tok);
            tiles[n++] = mt.tile[i];
        }
    }
    paifu_meld_type type;
    if (added)
        type = PAIFU_MELD_SHOUMINKAN;
    else if (n == 4)
        type = PAIFU_MELD_DAIMINKAN;
    else if (n == 3 && paifu_tile_kind(tiles[0]) != paifu_tile_kind(tiles[1]))
        type = PAIFU_MELD_CHI;
    else
        type = PAIFU_MELD_PON;
    return add_meld_tiles(hand, type, tiles, n, called, from_position(pos, mt.n), err);
}

/* "X99mX": a closed kan; the two X stand for face-down copies of the same tile. */
static int parse_seed_ankan(paifu_hand *hand, const char *tok, size_t len, paifu_error *err)
{
    marked_tiles mt;
    if (len < 4 || tok[len - 1] != 'X')
        return paifu_error_set(err, PAIFU_EFORMAT, NULL,
                               "expected a closed kan such as X99mX, found \"%.*s\"", (int)len, tok);
    int rc = parse_marked(&mt, tok + 1, len - 2, tok, err);
    if (rc < 0)
        return rc;
    if (mt.n != 2)
        return paifu_error_set(err, PAIFU_EFORMAT, NULL,
                               "expected two tiles between the X of \"%.*s\"", (int)len, tok);
    paifu_tile plain = (paifu_tile)paifu_tile_kind(mt.tile[0]);
    paifu_tile tiles[4] = {plain, mt.tile[0], mt.tile[1], plain};
    return add_meld_tiles(hand, PAIFU_MELD_ANKAN, tiles, 4, PAIFU_TILE_NONE, PAIFU_FROM_SELF, err);
}

static const struct {
    const char *name;
    paifu_meld_type type;
} MELD_NAMES[] = {
    {"chi", PAIFU_MELD_CHI},          {"pon", PAIFU_MELD_PON},
    {"daiminkan", PAIFU_MELD_DAIMINKAN}, {"kan", PAIFU_MELD_DAIMINKAN},
    {"minkan", PAIFU_MELD_DAIMINKAN}, {"shouminkan", PAIFU_MELD_SHOUMINKAN},
    {"kakan", PAIFU_MELD_SHOUMINKAN}, {"ankan", PAIFU_MELD_ANKAN},
};

static const char *const FROM_NAMES[4] = {"self", "right", "across", "left"};

/* "pon:66'6z@across": a meld by name. */
static int parse_named_meld(paifu_hand *hand, const char *tok, size_t len, paifu_error *err)
{
    const char *colon = memchr(tok, ':', len);
    size_t name_len = (size_t)(colon - tok);
    int type = -1;
    for (size_t i = 0; i < sizeof(MELD_NAMES) / sizeof(MELD_NAMES[0]); i++)
        if (strlen(MELD_NAMES[i].name) == name_len && !strncmp(MELD_NAMES[i].name, tok, name_len))
            type = (int)MELD_NAMES[i].type;
    if (type < 0)
        return paifu_error_set(err, PAIFU_EFORMAT, NULL,
                               "expected chi, pon, daiminkan, shouminkan or ankan before ':' in "
                               "\"%.*s\"", (int)len, tok);
    const char *body = colon + 1, *end = tok + len;
    const char *at = memchr(body, '@', (size_t)(end - body));
    int from = type == PAIFU_MELD_CHI ? PAIFU_FROM_LEFT : PAIFU_FROM_SELF;
    if (at) {
        from = -1;
        for (int i = 1; i < 4; i++)
            if (strlen(FROM_NAMES[i]) == (size_t)(end - at - 1) &&
                !strncmp(FROM_NAMES[i], at + 1, (size_t)(end - at - 1)))
                from = i;
        if (from < 0)
            return paifu_error_set(err, PAIFU_EFORMAT, NULL,
                                   "expected @left, @across or @right in \"%.*s\"", (int)len, tok);
        end = at;
    }
    marked_tiles mt;
    int rc = parse_marked(&mt, body, (size_t)(end - body), tok, err);
    if (rc < 0)
        return rc;
    paifu_tile called = PAIFU_TILE_NONE;
    for (size_t i = 0; i < mt.n; i++)
        if (mt.mark[i])
            called = mt.tile[i];
    return add_meld_tiles(hand, (paifu_meld_type)type, mt.tile, mt.n, called,
                          (paifu_meld_from)from, err);
}

static int set_win(paifu_tile *win, const char *s, size_t len, paifu_error *err)
{
    char buf[8];
    if (len == 0 || len >= sizeof(buf))
        return paifu_error_set(err, PAIFU_EFORMAT, NULL,
                               "expected one winning tile after + or -, found \"%.*s\"", (int)len, s);
    if (*win != PAIFU_TILE_NONE)
        return paifu_error_set(err, PAIFU_EFORMAT, NULL, "more than one winning tile");
    memcpy(buf, s, len);
    buf[len] = '\0';
    return paifu_tile_parse_one(win, buf, err);
}

static int parse_closed(paifu_hand *hand, const char *tok, size_t len, paifu_error *err)
{
    char buf[64];
    paifu_tile tiles[MAX_TOKEN_TILES];
    size_t n;
    if (len >= sizeof(buf))
        return paifu_error_set(err, PAIFU_ELIMIT, NULL, "token too long: \"%.*s\"", (int)len, tok);
    memcpy(buf, tok, len);
    buf[len] = '\0';
    int rc = paifu_tile_parse(tiles, MAX_TOKEN_TILES, &n, buf, err);
    for (size_t i = 0; rc == 0 && i < n; i++)
        rc = paifu_hand_add(hand, tiles[i], err);
    return rc;
}

static int parse_token(paifu_hand *hand, paifu_tile *win, const char *tok, size_t len,
                       paifu_error *err)
{
    if (tok[0] == '+' || tok[0] == '-')
        return set_win(win, tok + 1, len - 1, err);
    if (memchr(tok, ':', len))
        return parse_named_meld(hand, tok, len, err);
    if (tok[0] == 'X')
        return parse_seed_ankan(hand, tok, len, err);
    if (memchr(tok, '\'', len) || memchr(tok, '"', len))
        return parse_seed_meld(hand, tok, len, err);
    const char *dash = memchr(tok, '-', len);
    if (dash) {
        int rc = parse_closed(hand, tok, (size_t)(dash - tok), err);
        return rc < 0 ? rc : set_win(win, dash + 1, (size_t)(tok + len - dash - 1), err);
    }
    return parse_closed(hand, tok, len, err);
}

int paifu_hand_parse(paifu_hand *out, paifu_tile *win_out, const char *text, paifu_error *err)
{
    PAIFU_ASSERT_ARG(out && text, err);
    paifu_tile win = PAIFU_TILE_NONE;
    paifu_hand_init(out);
    const char *p = text;
    while (*p) {
        while (*p == ' ' || *p == '\t' || *p == '|')
            p++;
        if (!*p)
            break;
        size_t len = strcspn(p, " \t|");
        int rc = parse_token(out, &win, p, len, err);
        if (rc < 0)
            return rc;
        p += len;
    }
    if (win != PAIFU_TILE_NONE) {
        if (!win_out)
            return paifu_error_set(err, PAIFU_EINVAL, NULL,
                                   "\"%s\" names a winning tile where none is expected", text);
        /* a 13-tile state takes the winning tile as a further copy; a 14-tile state (as
           paifu_hand_format writes it) holds it already */
        if (out->n_closed % 3 == 1 && paifu_hand_kind_count(out, paifu_tile_kind(win)) >= 4)
            return paifu_error_set(err, PAIFU_EFORMAT, NULL,
                                   "the winning tile of \"%s\" would be a fifth copy", text);
    }
    if (win_out)
        *win_out = win;
    return 0;
}

/* ---- formatting ---- */

typedef struct sink {
    char *buf;
    size_t size, len;
} sink;

static void put(sink *s, const char *text)
{
    for (; *text; text++, s->len++)
        if (s->len + 1 < s->size)
            s->buf[s->len] = *text;
}

static void put_meld(sink *s, const paifu_meld *m)
{
    char tiles[24];
    put(s, " ");
    put(s, paifu_meld_type_name((paifu_meld_type)m->type));
    put(s, ":");
    size_t len = 0;
    bool marked = false;
    char name[3] = "";
    for (unsigned i = 0; i < meld_size(m); i++) {
        paifu_tile_name(name, m->tiles[i]);
        tiles[len++] = name[0];
        if (!marked && m->called != PAIFU_TILE_NONE && m->tiles[i] == m->called) {
            tiles[len++] = '\'';
            marked = true;
        }
    }
    if (len && name[1]) /* the suit letter once, after the digits (a meld has one suit) */
        tiles[len++] = name[1];
    tiles[len] = '\0';
    put(s, tiles);
    bool default_from = m->from == (m->type == PAIFU_MELD_CHI ? PAIFU_FROM_LEFT : PAIFU_FROM_SELF);
    if (!default_from) {
        put(s, "@");
        put(s, FROM_NAMES[m->from & 3]);
    }
}

size_t paifu_hand_format(char *buf, size_t size, const paifu_hand *hand, paifu_tile win)
{
    sink s = {buf, size, 0};
    paifu_tile tiles[14];
    size_t n = 0;
    for (unsigned k = 0; k < PAIFU_TILE_KINDS; k++) {
        unsigned red = k < 27 && k % 9 == 4 ? hand->red[k / 9] : 0;
        for (unsigned c = 0; c < hand->counts[k] && n < 14; c++)
            tiles[n++] = paifu_tile_make(k, c >= hand->counts[k] - red);
    }
    char text[48];
    paifu_tile_format(text, sizeof(text), tiles, n);
    put(&s, text);
    for (unsigned i = 0; i < n_melds(hand); i++)
        put_meld(&s, &hand->melds[i]);
    if (win != PAIFU_TILE_NONE) {
        char name[3];
        put(&s, " +");
        put(&s, paifu_tile_name(name, win));
    }
    if (size)
        buf[s.len < size ? s.len : size - 1] = '\0';
    return s.len;
}
