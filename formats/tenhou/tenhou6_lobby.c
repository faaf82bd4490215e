/*
 * tenhou6_lobby.c: Tenhou's lobby text (rule.disp of tenhou.net/6, spec §2.1) from a GO type
 * and back (tenhou-xml.md §4.3), shared by the tenhou6 writer and reader and the XML writer.
 *
 * The text is what Tenhou's own web client renders for a lobby (its lobby-name function,
 * as in Tenhou's client script), without the leading 四 that tenhou.net/6's disp leaves out
 * for 4-player games ("鳳南喰赤"):
 *   - 0x0800: 東天紅, and nothing else;
 *   - 0x2000 or 0x4000: 拡張, and nothing else;
 *   - a chip game (0x0200 or 0x0400): [三] + 若|銀|琥|孔 (the table level) + 東|南, then 速
 *     for an East game, then 祝０ (0x0400 alone), 祝５ (both) or 祝２ (0x0200 alone); red fives,
 *     open tanyao and the fast bit are not shown;
 *   - else: [三] + 般|上|特|鳳 + 東|南 + [喰] + [赤] + [速] + [暗 (0x0100)].
 * The 0x0001 bit (a game against humans) and 0x1000 are never shown. Reading a text back gives
 * the bits it shows; for a chip game the fast bit with 速 and open tanyao and red fives on.
 */
#include "tenhou6.h"

#include <stdio.h>
#include <string.h>

static const char *const LEVELS[] = {"般", "上", "特", "鳳", "若", "銀", "琥", "孔"};
static const unsigned LEVEL_BITS[] = {0x00, 0x80, 0x20, 0xA0};

void paifu_tenhou6__lobby_text(char *buf, size_t size, unsigned type)
{
    unsigned level = (type & 0x20 ? 2u : 0u) | (type & 0x80 ? 1u : 0u);
    bool chip = (type & 0x600) != 0, east = !(type & 0x08);
    const char *three = type & 0x10 ? "三" : "";
    if (type & 0x800)
        snprintf(buf, size, "東天紅");
    else if (type & 0x6000)
        snprintf(buf, size, "拡張");
    else if (chip)
        snprintf(buf, size, "%s%s%s%s%s", three, LEVELS[4 + level], east ? "東" : "南",
                 east ? "速" : "",
                 !(type & 0x200) ? "祝０" : type & 0x400 ? "祝５" : "祝２");
    else
        snprintf(buf, size, "%s%s%s%s%s%s%s", three, LEVELS[level], east ? "東" : "南",
                 type & 0x04 ? "" : "喰", type & 0x02 ? "" : "赤", type & 0x40 ? "速" : "",
                 type & 0x100 ? "暗" : "");
}

static bool skip(const char **d, const char *s)
{
    size_t n = strlen(s);
    if (strncmp(*d, s, n) != 0)
        return false;
    *d += n;
    return true;
}

bool paifu_tenhou6__lobby_type(const char *d, unsigned *type)
{
    *type = 0;
    if (!strcmp(d, "東天紅")) {
        *type = 0x800;
        return true;
    }
    if (!strcmp(d, "拡張")) {
        *type = 0x2000;
        return true;
    }
    if (skip(&d, "三"))
        *type |= 0x10;
    else
        skip(&d, "四");
    size_t i = 0;
    while (i < 8 && !skip(&d, LEVELS[i]))
        i++;
    if (i == 8)
        return false;
    *type |= LEVEL_BITS[i % 4];
    if (skip(&d, "南"))
        *type |= 0x08;
    else if (!skip(&d, "東"))
        return false;
    if (i >= 4) { /* a chip game */
        if (!(*type & 0x08) && skip(&d, "速"))
            *type |= 0x40;
        if (skip(&d, "祝０"))
            *type |= 0x400;
        else if (skip(&d, "祝５"))
            *type |= 0x600;
        else if (skip(&d, "祝２"))
            *type |= 0x200;
        else
            return false;
        return *d == '\0';
    }
    *type |= 0x04 | 0x02;
    if (skip(&d, "喰"))
        *type &= ~0x04u;
    if (skip(&d, "赤"))
        *type &= ~0x02u;
    if (skip(&d, "速"))
        *type |= 0x40;
    if (skip(&d, "暗"))
        *type |= 0x100;
    return *d == '\0';
}
