/*
 * mjlog_attr.c: the attributes of the current mjlog tag, read as the format defines them.
 *
 * mjlog values are ASCII: comma-separated decimal integers ("250,250,250,250"), tile ids 0..135
 * (none of 2m..8m in sanma, spec §2.1) and seats 0..3. Every parse error names the attribute,
 * the item and what was expected, located at the attribute's value (paifu_mjlog__fail).
 */
#include "mjlog.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

const mj_attr *paifu_mjlog__attr(mjlog_reader *st, const char *name)
{
    for (size_t i = 0; i < st->n_attrs; i++) {
        if (st->attrs[i].name[0] == name[0] && strcmp(st->attrs[i].name, name) == 0) {
            st->attrs[i].used = true;
            st->attrs[i].asked = true;
            return &st->attrs[i];
        }
    }
    /* missing: an attribute that is a slip of its name would be kept as metadata and what the
       attribute records lost (issue 36); on_element compares the names missed with the
       attributes no handler asked for, once the handler is done */
    if (st->n_missed < MJ_MISSED_MAX)
        st->missed[st->n_missed++] = name;
    return NULL;
}

int paifu_mjlog__slip(mjlog_reader *st, const char *name)
{
    if (strlen(name) < 3)
        return 0;
    for (size_t i = 0; i < st->n_attrs; i++) {
        const char *got = st->attrs[i].name;
        if (!st->attrs[i].asked && paifu_formats__near(got, strlen(got), name))
            return paifu_mjlog__fail(st, got, "expected attribute %s in <%s>, found %s", name,
                                     st->tag, got);
    }
    return 0;
}

int paifu_mjlog__require(mjlog_reader *st, const char *name, const mj_attr **out)
{
    *out = paifu_mjlog__attr(st, name);
    if (*out)
        return 0;
    int rc = paifu_mjlog__slip(st, name); /* a slip of the name: say which */
    if (rc < 0)
        return rc;
    return paifu_mjlog__fail(st, NULL, "missing attribute %s in <%s>", name, st->tag);
}

/* Print at most 24 characters of a value for a message. */
static const char *excerpt(char buf[32], const char *s, size_t len)
{
    if (len <= 24)
        snprintf(buf, 32, "%s", s);
    else
        snprintf(buf, 32, "%.21s...", s);
    return buf;
}

int paifu_mjlog__ints(mjlog_reader *st, const mj_attr *a, int32_t *out, size_t n_min, size_t cap,
                      long min, long max, size_t *n_out)
{
    const char *p = a->value;
    size_t n = 0;
    char ex[32];
    while (*p) {
        const char *s = p;
        bool neg = *p == '-';
        if (neg)
            p++;
        long long v = 0;
        int digits = 0;
        for (; *p >= '0' && *p <= '9' && digits < 11; p++, digits++)
            v = v * 10 + (*p - '0');
        if (!digits || (*p && *p != ',')) {
            const char *e = strchr(s, ',');
            size_t len = e ? (size_t)(e - s) : strlen(s);
            char item[32];
            snprintf(item, sizeof(item), "%.*s", (int)(len < 24 ? len : 24), s);
            return paifu_mjlog__fail(st, a->name,
                                     "expected integers separated by commas in %s, "
                                     "item %zu is \"%s\"",
                                     a->name, n + 1, item);
        }
        if (neg)
            v = -v;
        if (n == cap)
            return paifu_mjlog__fail(st, a->name,
                                     "expected at most %zu integers in %s, found more "
                                     "(\"%s\")",
                                     cap, a->name, excerpt(ex, a->value, a->len));
        if (v < min || v > max)
            return paifu_mjlog__fail(st, a->name, "item %zu of %s is %lld, expected %ld to %ld",
                                     n + 1, a->name, v, min, max);
        out[n++] = (int32_t)v;
        if (*p == ',') {
            p++;
            if (!*p)
                return paifu_mjlog__fail(st, a->name, "%s ends with a comma", a->name);
        }
    }
    if (n < n_min)
        return paifu_mjlog__fail(st, a->name, "expected %zu integers in %s, found %zu (\"%s\")",
                                 n_min, a->name, n, excerpt(ex, a->value, a->len));
    if (n_out)
        *n_out = n;
    else if (n != n_min)
        return paifu_mjlog__fail(st, a->name, "expected %zu integers in %s, found %zu", n_min,
                                 a->name, n);
    return 0;
}

int paifu_mjlog__int(mjlog_reader *st, const mj_attr *a, long min, long max, int32_t *out)
{
    return paifu_mjlog__ints(st, a, out, 1, 1, min, max, NULL);
}

int paifu_mjlog__check_id(mjlog_reader *st, const char *attr, long id)
{
    if (id < 0 || id > 135)
        return paifu_mjlog__fail(st, attr, "expected a tile id from 0 to 135, found %ld", id);
    if (st->players == 3 && id >= 4 && id < 32) {
        char name[3];
        paifu_tile_name(name, paifu_tile_make((unsigned)id / 4, false));
        return paifu_mjlog__fail(st, attr, "tile id %ld (%s) does not exist in a 3-player game", id,
                                 name);
    }
    return 0;
}

int paifu_mjlog__ids(mjlog_reader *st, const mj_attr *a, uint8_t *out, size_t cap, size_t *n_out)
{
    /* the usual value, numbers of one to three digits that are tile ids, separated by single
       commas, read at once; anything else goes the general way below, for its message */
    const char *p = a->value;
    size_t count = 0, limit = cap < PAIFU_WALL_MAX ? cap : PAIFU_WALL_MAX;
    bool sanma = st->players == 3, usual = true;
    for (; *p && count < limit; count++) {
        unsigned id = 0, digits = 0;
        for (; digits < 3 && *p >= '0' && *p <= '9'; p++, digits++)
            id = id * 10 + (unsigned)(*p - '0');
        if (!digits || id > 135 || (sanma && id >= 4 && id < 32) || (*p && *p != ',') ||
            (*p == ',' && !p[1])) {
            usual = false;
            break;
        }
        out[count] = (uint8_t)id;
        if (*p == ',')
            p++;
    }
    if (usual && !*p) {
        *n_out = count;
        return 0;
    }
    int32_t v[PAIFU_WALL_MAX];
    size_t n;
    int rc = paifu_mjlog__ints(st, a, v, 0, limit, LONG_MIN, LONG_MAX, &n);
    if (rc < 0)
        return rc;
    for (size_t i = 0; i < n; i++) {
        if ((rc = paifu_mjlog__check_id(st, a->name, v[i])) < 0)
            return rc;
        out[i] = (uint8_t)v[i];
    }
    *n_out = n;
    return 0;
}

int paifu_mjlog__seat(mjlog_reader *st, const char *name, int *out)
{
    const mj_attr *a;
    int32_t v;
    int rc;
    if ((rc = paifu_mjlog__require(st, name, &a)) < 0 ||
        (rc = paifu_mjlog__int(st, a, 0, 3, &v)) < 0)
        return rc;
    if (v >= st->players)
        return paifu_mjlog__fail(st, name, "seat %d does not play in a 3-player game", (int)v);
    *out = (int)v;
    return 0;
}

/* The tile of every id under the game's red-five rule (spec §2.1). */
void paifu_mjlog__set_tiles(mjlog_reader *st)
{
    for (unsigned id = 0; id < 136; id++)
        st->tiles[id] = paifu_tile_make(id / 4, st->reds && (id == 16 || id == 52 || id == 88));
}
