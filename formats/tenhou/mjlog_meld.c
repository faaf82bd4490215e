/*
 * mjlog_meld.c: Tenhou meld codes (the `m` of <N> and of AGARI), tenhou-xml.md §4.9.
 *
 * A code is 16 bits; bits 0-1 are the source's offset from the caller. The type is chosen in
 * this order: bit 2 chi, bit 3 pon, bit 4 added kan, bit 5 kita, else a kan (offset 0: closed).
 *
 *   chi    bits 10-15 base*3+called, 9 zero, 7-8 / 5-6 / 3-4 copies of the three tiles
 *   pon    bits 9-15 kind*3+called, 7-8 zero, 5-6 the copy NOT in the pon, 4 zero
 *   added  as the pon it extends, bit 3 cleared and bit 4 set; the added tile is the copy 5-6
 *   kita   bits 8-15 the North's id, 6-7 zero, offset 0
 *   kan    bits 8-15 a tile id, 2-7 zero; open: the called tile; closed: any copy
 *
 * Decoding is strict: a code with a bit set that Tenhou never sets is refused, so that
 * encode(decode(c)) == c and a writer gives back the same bytes (all 20 258 calls of the
 * corpus satisfy this).
 */
#include "mjlog.h"

#include <stdio.h>

static int bad(char *why, size_t size, const char *what)
{
    snprintf(why, size, "%s", what);
    return -1;
}

static int decode_chi(mjlog_meld *out, unsigned code, char *why, size_t size)
{
    unsigned x = code >> 10, called = x % 3, b = x / 3;
    if (code & 0x200)
        return bad(why, size, "chi code with bit 9 set");
    if (b > 20)
        return bad(why, size, "chi code names a run beyond 7-8-9");
    unsigned kind = (b / 7) * 9 + b % 7;
    for (unsigned i = 0; i < 3; i++)
        out->ids[i] = (uint8_t)(4 * (kind + i) + ((code >> (3 + 2 * i)) & 3));
    out->type = PAIFU_EV_CHI;
    out->n = 3;
    out->called = out->ids[called];
    return 0;
}

/* Pon (bit 3) and added kan (bit 4) share one layout. */
static int decode_pon(mjlog_meld *out, unsigned code, bool added, char *why, size_t size)
{
    unsigned x = code >> 9, called = x % 3, kind = x / 3, unused = (code >> 5) & 3;
    if (code & 0x180)
        return bad(why, size, "pon code with bit 7 or 8 set");
    if (!added && (code & 0x10))
        return bad(why, size, "pon code with bit 4 set");
    if (kind >= PAIFU_TILE_KINDS)
        return bad(why, size, "pon code names a tile kind beyond 33");
    unsigned n = 0;
    for (unsigned c = 0; c < 4; c++)
        if (c != unused)
            out->ids[n++] = (uint8_t)(4 * kind + c);
    out->called = out->ids[called];
    out->n = 3;
    out->type = added ? PAIFU_EV_SHOUMINKAN : PAIFU_EV_PON;
    if (added) {
        /* the model lists the four tiles of the kan; the added one is kept apart */
        out->added = (uint8_t)(4 * kind + unused);
        for (unsigned c = 0; c < 4; c++)
            out->ids[c] = (uint8_t)(4 * kind + c);
        out->n = 4;
    }
    return 0;
}

int paifu_mjlog__meld_decode(mjlog_meld *out, unsigned code, char *why, size_t why_size)
{
    out->offset = (uint8_t)(code & 3);
    out->added = 0xFF;
    if (code > 0xFFFF)
        return bad(why, why_size, "meld code beyond 16 bits");
    if (code & 0x4) {
        if (!out->offset)
            return bad(why, why_size, "chi from the caller's own seat (offset 0)");
        return decode_chi(out, code, why, why_size);
    }
    if (code & 0x18) {
        if (!out->offset)
            return bad(why, why_size, "pon from the caller's own seat (offset 0)");
        return decode_pon(out, code, (code & 0x8) == 0, why, why_size);
    }
    unsigned id = code >> 8;
    if (id > 135)
        return bad(why, why_size, "meld code names a tile id beyond 135");
    if (code & 0x20) {
        if (code & 0xC3)
            return bad(why, why_size, "kita code with bit 0, 1, 6 or 7 set");
        if (id / 4 != PAIFU_TILE_NORTH)
            return bad(why, why_size, "kita code names a tile that is not a North");
        out->type = PAIFU_EV_KITA;
        out->n = 1;
        out->ids[0] = (uint8_t)id;
        out->called = (uint8_t)id;
        return 0;
    }
    if (code & 0xC0)
        return bad(why, why_size, "kan code with bit 6 or 7 set");
    out->type = out->offset ? PAIFU_EV_DAIMINKAN : PAIFU_EV_ANKAN;
    out->n = 4;
    for (unsigned c = 0; c < 4; c++)
        out->ids[c] = (uint8_t)(4 * (id / 4) + c);
    out->called = (uint8_t)id;
    return 0;
}

/* Index of ID in the meld's first three tiles (chi, pon), 0 if absent. */
static unsigned index_of(const mjlog_meld *m, unsigned id, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        if (m->ids[i] == id)
            return i;
    return 0;
}

unsigned paifu_mjlog__meld_encode(const mjlog_meld *m)
{
    unsigned off = m->offset & 3u;
    switch (m->type) {
    case PAIFU_EV_CHI: {
        unsigned kind = m->ids[0] / 4u, b = (kind / 9) * 7 + kind % 9;
        unsigned code = ((b * 3 + index_of(m, m->called, 3)) << 10) | 0x4u | off;
        for (unsigned i = 0; i < 3; i++)
            code |= (m->ids[i] & 3u) << (3 + 2 * i);
        return code;
    }
    case PAIFU_EV_PON:
    case PAIFU_EV_SHOUMINKAN: {
        unsigned kind = m->called / 4u, unused = 0;
        if (m->type == PAIFU_EV_SHOUMINKAN) {
            unused = m->added & 3u;
        } else {
            /* the copy missing from the three */
            unsigned have = 0;
            for (unsigned i = 0; i < 3; i++)
                have |= 1u << (m->ids[i] & 3u);
            while (have & (1u << unused))
                unused++;
        }
        /* the called tile's rank among the pon's three tiles (copies other than `unused`) */
        unsigned called = 0;
        for (unsigned c = 0; c < (m->called & 3u); c++)
            if (c != unused)
                called++;
        return ((kind * 3 + called) << 9) | (unused << 5) |
               (m->type == PAIFU_EV_PON ? 0x8u : 0x10u) | off;
    }
    case PAIFU_EV_KITA:
        return ((unsigned)m->called << 8) | 0x20u;
    default: /* kans */
        return ((unsigned)m->called << 8) | off;
    }
}
