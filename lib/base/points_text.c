/*
 * points_text.c: points as every output writes them ("+15,000"), below the findings
 * (finding.c) and the rule sets' scoring text (model/rules.c), which both call it.
 */
#include "paifu/verify.h"

#include <stdio.h>

const char *paifu_points_text(char *buf, size_t size, int64_t points, bool signed_)
{
    char digits[32];
    unsigned long long v = points < 0 ? 0ULL - (unsigned long long)points : (unsigned long long)points;
    int n = snprintf(digits, sizeof(digits), "%llu", v);
    size_t len = 0;
    if (!size)
        return buf;
    if ((points < 0 || (signed_ && points > 0)) && len + 1 < size)
        buf[len++] = points < 0 ? '-' : '+';
    for (int i = 0; i < n && len + 2 < size; i++) {
        if (i && (n - i) % 3 == 0)
            buf[len++] = ',';
        buf[len++] = digits[i];
    }
    buf[len] = '\0';
    return buf;
}
