/*
 * majsoul_json.c: members of MahjongSoul's JSON renderings (spec §2.1, §3.1; see majsoul.h).
 *
 * Records are protobuf messages written as JSON by various tools: a key may be snake_case (the
 * proto name) or lowerCamelCase (protobuf's JSON name), a member left out or null has its
 * default value, and tiles are two-character codes ("5m", "0p" for a red five, "7z"). Every
 * lookup of the reader goes through these functions, and their errors name the key as the
 * document spells it.
 */
#include "majsoul.h"

#include <string.h>

/* lowerCamelCase of a snake_case key as protobuf's JSON mapping writes it ("part_point_1" ->
   "partPoint1"). */
static void camel(const char *snake, char *buf, size_t size)
{
    size_t k = 0;
    bool up = false;
    for (const char *p = snake; *p && k + 1 < size; p++) {
        if (*p == '_') {
            up = true;
            continue;
        }
        buf[k++] = up && *p >= 'a' && *p <= 'z' ? (char)(*p - 'a' + 'A') : *p;
        up = false;
    }
    buf[k] = '\0';
}

const json_t *paifu_majsoul__member(const json_t *obj, const char *snake, const char **key,
                                    char buf[64])
{
    if (key)
        *key = snake;
    if (!json_is_object(obj))
        return NULL;
    const json_t *v = json_object_get(obj, snake);
    if (v && !json_is_null(v))
        return v;
    camel(snake, buf, 64);
    v = json_object_get(obj, buf);
    if (v && !json_is_null(v)) {
        if (key)
            *key = buf;
        return v;
    }
    return NULL;
}

int paifu_majsoul__int(json_cursor *c, const json_t *obj, const char *snake, long long min,
                       long long max, long long dflt, long long *out)
{
    char buf[64];
    const char *key;
    const json_t *v = paifu_majsoul__member(obj, snake, &key, buf);
    if (!v) {
        *out = dflt;
        return 0;
    }
    size_t old = json_cursor_key(c, key);
    if (jint(c, v, min, max, out) < 0)
        return PAIFU_EFORMAT;
    json_cursor_pop(c, old);
    return 1;
}

int paifu_majsoul__bool(json_cursor *c, const json_t *obj, const char *snake, bool *out)
{
    char buf[64];
    const char *key;
    *out = false;
    return paifu_majsoul__member(obj, snake, &key, buf) ? jopt_bool(c, obj, key, out) : 0;
}

bool paifu_majsoul__code(const char *s, paifu_tile *out)
{
    static const char SUITS[] = "mpsz";
    const char *suit = s[0] ? strchr(SUITS, s[1]) : NULL;
    if (s[0] < '0' || s[0] > '9' || !suit || !s[1])
        return false;
    unsigned n = (unsigned)(s[0] - '0'), base = (unsigned)(suit - SUITS) * 9;
    if (suit - SUITS == 3) {
        if (n < 1 || n > 7)
            return false;
        *out = paifu_tile_make(27 + n - 1, false);
        return true;
    }
    *out = n == 0 ? paifu_tile_make(base + 4, true) : paifu_tile_make(base + n - 1, false);
    return true;
}

static int tile_value(json_cursor *c, const json_t *v, paifu_tile *out)
{
    const char *s = json_string_value(v);
    if (!s || strlen(s) != 2 || !paifu_majsoul__code(s, out))
        return jerr(c, "expected a tile such as \"5m\", \"0p\" or \"7z\", found %s%s%.12s%s",
                    s ? "" : jtype(v), s ? "\"" : "", s ? s : "", s ? "\"" : "");
    return 0;
}

int paifu_majsoul__tile(json_cursor *c, const json_t *obj, const char *snake, paifu_tile *out)
{
    char buf[64];
    const char *key;
    const json_t *v = paifu_majsoul__member(obj, snake, &key, buf);
    if (!v)
        return 0;
    size_t old = json_cursor_key(c, key);
    if (tile_value(c, v, out) < 0)
        return PAIFU_EFORMAT;
    json_cursor_pop(c, old);
    return 1;
}

int paifu_majsoul__tiles(json_cursor *c, const json_t *obj, const char *snake, paifu_tile *out,
                         size_t cap, size_t *n)
{
    char buf[64];
    const char *key;
    const json_t *v = paifu_majsoul__member(obj, snake, &key, buf);
    *n = 0;
    if (!v)
        return 0;
    size_t old = json_cursor_key(c, key);
    if (!json_is_array(v) || json_array_size(v) > cap)
        return jerr(c, "expected an array of at most %zu tiles, found %s", cap,
                    json_is_array(v) ? "a longer one" : jtype(v));
    for (size_t i = 0; i < json_array_size(v); i++) {
        size_t o2 = json_cursor_index(c, i);
        if (tile_value(c, json_array_get(v, i), &out[i]) < 0)
            return PAIFU_EFORMAT;
        json_cursor_pop(c, o2);
    }
    *n = json_array_size(v);
    json_cursor_pop(c, old);
    return 1;
}

int paifu_majsoul__ints(json_cursor *c, const json_t *obj, const char *snake, long long min,
                        long long max, int32_t *out, size_t cap, size_t *n)
{
    char buf[64];
    const char *key;
    const json_t *v = paifu_majsoul__member(obj, snake, &key, buf);
    *n = 0;
    if (!v)
        return 0;
    size_t old = json_cursor_key(c, key);
    if (!json_is_array(v) || json_array_size(v) > cap)
        return jerr(c, "expected an array of at most %zu integers, found %s", cap,
                    json_is_array(v) ? "a longer one" : jtype(v));
    for (size_t i = 0; i < json_array_size(v); i++) {
        const json_t *x = json_array_get(v, i);
        size_t o2 = json_cursor_index(c, i);
        if (!json_is_integer(x) || json_integer_value(x) < min || json_integer_value(x) > max)
            return jerr(c, "expected an integer from %lld to %lld, found %s", min, max, jtype(x));
        out[i] = (int32_t)json_integer_value(x);
        json_cursor_pop(c, o2);
    }
    *n = json_array_size(v);
    json_cursor_pop(c, old);
    return 1;
}
