/*
 * mjlog_shuffle.c: Tenhou's wall generator (tenhou-xml.md §4.2), seed text -> wall in draw order.
 *
 * Steps, as the spec numbers them:
 *   1. key: generation C base64-decodes to 2496 bytes = 624 words, each least-significant byte
 *      first; generations A and B give hex words taken at face value;
 *   2. MT19937 seeded with init_by_array(key): one generator per game (B, C), one per deal (A);
 *   3. per deal, 144 random words: B and C hash the next 288 outputs (serialised little-endian,
 *      nine 128-byte blocks, SHA-512 each) and read the 576 digest bytes back as little-endian
 *      words; A uses the outputs themselves;
 *   4. Fisher-Yates over the ids in ascending order (136 ids; sanma the 108 ids without 2m..8m):
 *      for i = 0..N-2, swap w[i] and w[i + rnd[i] mod (N - i)];
 *   5. dice: rnd[135] mod 6 and rnd[136] mod 6 (die faces minus one), in every variant;
 *   6. draw order from the end: r[k] = w[N-1-k].
 * Serialisation is explicit, so the result does not depend on the host's byte order (Tenhou's
 * own implementation relied on a little-endian host).
 *
 * The dead-wall layouts (__layout) are the spec's position table: verified for 4-player in all
 * generations and for the sanma dora/ura and first three replacement draws; the sanma kan
 * indicators and later replacement draws follow the same pattern but are unverified ([U]).
 */
#include "mjlog_shuffle.h"
#include "sha512.h"

#include <stdio.h>
#include <string.h>

#define PREFIX_A "mt19937ar,"
#define PREFIX_B "mt19937ar-sha512-n288,"
#define PREFIX_C "mt19937ar-sha512-n288-base64,"

#define KEY_BYTES_C 2496 /* 624 words */

void paifu_mjlog_shuffle__clear(paifu_mjlog_shuffle *s)
{
    s->generation = MJLOG_GEN_NONE;
    s->seeded = false;
    s->n_ahead = 0;
}

static bool has_prefix(const char *text, size_t len, const char *prefix)
{
    size_t n = strlen(prefix);
    return len >= n && memcmp(text, prefix, n) == 0;
}

/* RFC 4648 §4 alphabet: value + 1 of each byte, 0 for bytes outside it. */
static const uint8_t B64[256] = {
    ['A'] = 1,  ['B'] = 2,  ['C'] = 3,  ['D'] = 4,  ['E'] = 5,  ['F'] = 6,  ['G'] = 7,  ['H'] = 8,
    ['I'] = 9,  ['J'] = 10, ['K'] = 11, ['L'] = 12, ['M'] = 13, ['N'] = 14, ['O'] = 15, ['P'] = 16,
    ['Q'] = 17, ['R'] = 18, ['S'] = 19, ['T'] = 20, ['U'] = 21, ['V'] = 22, ['W'] = 23, ['X'] = 24,
    ['Y'] = 25, ['Z'] = 26, ['a'] = 27, ['b'] = 28, ['c'] = 29, ['d'] = 30, ['e'] = 31, ['f'] = 32,
    ['g'] = 33, ['h'] = 34, ['i'] = 35, ['j'] = 36, ['k'] = 37, ['l'] = 38, ['m'] = 39, ['n'] = 40,
    ['o'] = 41, ['p'] = 42, ['q'] = 43, ['r'] = 44, ['s'] = 45, ['t'] = 46, ['u'] = 47, ['v'] = 48,
    ['w'] = 49, ['x'] = 50, ['y'] = 51, ['z'] = 52, ['0'] = 53, ['1'] = 54, ['2'] = 55, ['3'] = 56,
    ['4'] = 57, ['5'] = 58, ['6'] = 59, ['7'] = 60, ['8'] = 61, ['9'] = 62, ['+'] = 63, ['/'] = 64,
};

/* Decode standard base64 (RFC 4648 §4, '=' padding optional) into exactly KEY_BYTES_C bytes. */
static int decode_key_c(uint32_t *key, const char *text, size_t len, char *why, size_t why_size)
{
    uint8_t bytes[KEY_BYTES_C];
    size_t n = 0;
    uint32_t acc = 0;
    int bits = 0;
    size_t end = len;
    while (end > 0 && text[end - 1] == '=')
        end--;
    if (len - end > 2) {
        snprintf(why, why_size, "too much base64 padding");
        return -1;
    }
    size_t i = 0;
    /* whole groups of four valid characters (three bytes) while they fit; the rest, and the
       group with an error, byte by byte below */
    for (; i + 4 <= end && n + 3 <= KEY_BYTES_C; i += 4) {
        const unsigned char *q = (const unsigned char *)text + i;
        /* the values; a character outside the alphabet gives 0 - 1, above 63 */
        uint32_t a = B64[q[0]] - 1u, b = B64[q[1]] - 1u, c = B64[q[2]] - 1u, d = B64[q[3]] - 1u;
        if ((a | b | c | d) > 63)
            break;
        uint32_t v = a << 18 | b << 12 | c << 6 | d;
        bytes[n] = (uint8_t)(v >> 16);
        bytes[n + 1] = (uint8_t)(v >> 8);
        bytes[n + 2] = (uint8_t)v;
        n += 3;
    }
    for (; i < end; i++) {
        int v = B64[(unsigned char)text[i]] - 1;
        if (v < 0) {
            snprintf(why, why_size, "character %zu of the base64 seed is not base64", i + 1);
            return -1;
        }
        acc = (acc << 6) | (uint32_t)v;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            if (n == KEY_BYTES_C) {
                snprintf(why, why_size, "base64 seed longer than %d bytes", KEY_BYTES_C);
                return -1;
            }
            bytes[n++] = (uint8_t)(acc >> bits);
        }
    }
    if (n != KEY_BYTES_C) {
        snprintf(why, why_size, "base64 seed decodes to %zu bytes, expected %d", n, KEY_BYTES_C);
        return -1;
    }
    for (size_t w = 0; w < KEY_BYTES_C / 4; w++)
        key[w] = (uint32_t)bytes[4 * w] | (uint32_t)bytes[4 * w + 1] << 8 |
                 (uint32_t)bytes[4 * w + 2] << 16 | (uint32_t)bytes[4 * w + 3] << 24;
    return 0;
}

/* Comma-separated hex words (1..8 digits each), at most PAIFU_MT19937_N of them. */
static int decode_key_hex(uint32_t *key, size_t *n_out, const char *text, size_t len, char *why,
                          size_t why_size)
{
    size_t n = 0, i = 0;
    while (i <= len) {
        uint32_t v = 0;
        size_t digits = 0;
        for (; i < len && text[i] != ','; i++, digits++) {
            char c = text[i];
            int d = c >= '0' && c <= '9'   ? c - '0'
                    : c >= 'a' && c <= 'f' ? c - 'a' + 10
                    : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                           : -1;
            if (d < 0 || digits == 8) {
                snprintf(why, why_size, "seed word %zu is not 1 to 8 hex digits", n + 1);
                return -1;
            }
            v = (v << 4) | (uint32_t)d;
        }
        if (!digits) {
            snprintf(why, why_size, "seed word %zu is empty", n + 1);
            return -1;
        }
        if (n == PAIFU_MT19937_N) {
            snprintf(why, why_size, "more than %d seed words", PAIFU_MT19937_N);
            return -1;
        }
        key[n++] = v;
        i++; /* past the comma (or the end) */
    }
    *n_out = n;
    return 0;
}

int paifu_mjlog_shuffle__seed_game(paifu_mjlog_shuffle *s, const char *text, size_t len, char *why,
                                   size_t why_size)
{
    uint32_t key[PAIFU_MT19937_N];
    size_t n = 0;
    int rc;
    paifu_mjlog_shuffle__clear(s);
    if (len == 0)
        return 1;
    if (has_prefix(text, len, PREFIX_C)) {
        size_t p = strlen(PREFIX_C);
        rc = decode_key_c(key, text + p, len - p, why, why_size);
        n = PAIFU_MT19937_N;
        s->generation = MJLOG_GEN_C;
    } else if (has_prefix(text, len, PREFIX_B)) {
        size_t p = strlen(PREFIX_B);
        rc = decode_key_hex(key, &n, text + p, len - p, why, why_size);
        s->generation = MJLOG_GEN_B;
    } else {
        snprintf(why, why_size, "unknown seed scheme (expected \"%.*s\" or \"%.*s\")",
                 (int)strlen(PREFIX_B) - 1, PREFIX_B, (int)strlen(PREFIX_C) - 1, PREFIX_C);
        rc = -1;
    }
    if (rc < 0) {
        paifu_mjlog_shuffle__clear(s);
        return PAIFU_EFORMAT;
    }
    paifu_mt19937__init_by_array(&s->mt, key, n);
    s->seeded = true;
    return 0;
}

int paifu_mjlog_shuffle__seed_deal(paifu_mjlog_shuffle *s, const char *text, size_t len, char *why,
                                   size_t why_size)
{
    uint32_t key[PAIFU_MT19937_N];
    size_t n = 0;
    paifu_mjlog_shuffle__clear(s);
    if (len == 0)
        return 1;
    if (!has_prefix(text, len, PREFIX_A)) {
        snprintf(why, why_size, "unknown seed scheme (expected \"mt19937ar\")");
        return PAIFU_EFORMAT;
    }
    size_t p = strlen(PREFIX_A);
    if (decode_key_hex(key, &n, text + p, len - p, why, why_size) < 0)
        return PAIFU_EFORMAT;
    paifu_mt19937__init_by_array(&s->mt, key, n);
    s->generation = MJLOG_GEN_A;
    s->seeded = true;
    return 0;
}

/*
 * Step 3: the deal's 144 random words. B and C hash the deal's nine messages (32 outputs each)
 * in groups of four, as sha512.c hashes them side by side (eight or four at a time), so the
 * last group runs into the next deal's messages: their words are kept in s->ahead for the
 * next call (at most three messages, whose outputs the generator has then already given).
 * Every call returns exactly the words of hashing nine messages per deal; only when a message
 * is hashed differs. Without vector instructions at most three messages per game are hashed
 * for a deal that never comes.
 */
static void deal_words(paifu_mjlog_shuffle *s, uint32_t rnd[144])
{
    if (s->generation == MJLOG_GEN_A) {
        paifu_mt19937__fill(&s->mt, rnd, 144);
        return;
    }
    unsigned have = s->n_ahead, need = 9 - have, hashed = (need + 3) & ~3u; /* 8 or 12 */
    uint32_t out[12][32], digests[12][16];
    memcpy(rnd, s->ahead, sizeof(uint32_t) * 16 * have);
    paifu_mt19937__fill(&s->mt, out[0], 32 * hashed);
    paifu_sha512__digest128_le32_n((const uint32_t(*)[32])out, hashed, digests);
    memcpy(rnd + 16 * have, digests, sizeof(uint32_t) * 16 * need);
    memcpy(s->ahead, digests[need], sizeof(uint32_t) * 16 * (hashed - need));
    s->n_ahead = hashed - need;
}

void paifu_mjlog_shuffle__wall(paifu_mjlog_shuffle *s, int players, uint8_t *r, uint8_t dice[2])
{
    uint32_t rnd[144];
    deal_words(s, rnd);
    /* Steps 4 and 6 at once: w[i] of the spec is r[n - 1 - i], so the ids go in from the end of
       r and each swap of w[i] and w[j] swaps r[n - 1 - i] and r[n - 1 - j]. */
    unsigned n = players == 4 ? MJLOG_WALL_4P : MJLOG_WALL_3P;
    if (players == 4) {
        for (unsigned id = 0; id < MJLOG_WALL_4P; id++)
            r[n - 1 - id] = (uint8_t)id;
    } else { /* sanma has no 2m..8m (ids 4..31) */
        for (unsigned id = 0; id < 4; id++)
            r[n - 1 - id] = (uint8_t)id;
        for (unsigned id = 32; id < MJLOG_WALL_4P; id++)
            r[n - 1 - (id - 28)] = (uint8_t)id;
    }
    for (unsigned i = 0; i + 1 < n; i++) {
        unsigned j = i + rnd[i] % (n - i);
        uint8_t t = r[n - 1 - i];
        r[n - 1 - i] = r[n - 1 - j];
        r[n - 1 - j] = t;
    }
    dice[0] = (uint8_t)(rnd[135] % 6 + 1);
    dice[1] = (uint8_t)(rnd[136] % 6 + 1);
}

void paifu_mjlog_shuffle__layout(paifu_wall_layout *out, mjlog_generation generation, int players)
{
    memset(out, 0, sizeof(*out));
    if (generation == MJLOG_GEN_NONE)
        return;
    /* Generations A and B swap the two tiles of every dead-wall stack (spec §4.2 table). */
    unsigned swap = generation == MJLOG_GEN_C ? 0 : 1;
    unsigned top = players == 4 ? 135 : 107; /* last index of the wall */
    out->live_start = (uint8_t)(13 * players);
    out->live_end = (uint8_t)(top + 1 - 14);
    /* replacement tiles at the top: 4 (4-player) or 8 (sanma: kita and kan share them) */
    out->n_replacement = players == 4 ? 4 : 8;
    /* C: dora just below them, ura one above it: 4-player r[130] / r[131], sanma r[98] / r[99];
     * the k-th kan's pair two places lower each time */
    unsigned base = top + 1 - out->n_replacement - 2;
    out->n_dora = PAIFU_MAX_INDICATORS;
    for (unsigned k = 0; k < PAIFU_MAX_INDICATORS; k++) {
        out->dora[k] = (uint8_t)(base - 2 * k + swap);
        out->ura[k] = (uint8_t)(base + 1 - 2 * k - swap);
    }
    /* C: r[top-1], r[top], r[top-3], r[top-2], ...; A/B: r[top], r[top-1], r[top-2], ... */
    for (unsigned k = 0; k < out->n_replacement; k++) {
        unsigned pair = k / 2, second = k % 2;
        out->replacement[k] = (uint8_t)(swap ? top - k : top - 1 - 2 * pair + second);
    }
}
