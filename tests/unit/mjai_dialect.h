/*
 * mjai_dialect.h: a checker of Mortal's mjai dialect for the tests (included by
 * test_mjai_write.c and test_corpus_conversions.c; not a test itself).
 *
 * It checks what libriichi's Event requires (the keys of every event type and their types,
 * tiles, kyoku 1..4, 13-tile hands, four names) and the grammar of shared/formats/mjai.md §3
 * as Mortal's arena produces it: reach followed by its dahai (an indicator may come between),
 * reach_accepted right after the reacher's dahai and before a tsumo, a call or the four-riichi
 * draw, dora only after a kan, a tsumo, a reach, another dora or a deposit, tsumogiri only for
 * the tile the seat just drew (a reach between is fine), events inside
 * start_kyoku ... end_kyoku. Problems are printed (up to 20) and counted.
 */
#ifndef PAIFU_TESTS_MJAI_DIALECT_H
#define PAIFU_TESTS_MJAI_DIALECT_H

#include <jansson.h>
#include <stdbool.h>
#include <string.h>

static const char *const MORTAL_KEYS[][9] = {
    {"start_game", "names", "seed"},
    {"start_kyoku", "bakaze", "dora_marker", "kyoku", "honba", "kyotaku", "oya", "scores",
     "tehais"},
    {"tsumo", "actor", "pai"},
    {"dahai", "actor", "pai", "tsumogiri"},
    {"chi", "actor", "target", "pai", "consumed"},
    {"pon", "actor", "target", "pai", "consumed"},
    {"daiminkan", "actor", "target", "pai", "consumed"},
    {"kakan", "actor", "pai", "consumed"},
    {"ankan", "actor", "consumed"},
    {"dora", "dora_marker"},
    {"reach", "actor"},
    {"reach_accepted", "actor"},
    {"hora", "actor", "target", "deltas", "ura_markers"},
    {"ryukyoku", "deltas"},
    {"end_kyoku"},
    {"end_game"},
};
#define N_TYPES (sizeof(MORTAL_KEYS) / sizeof(MORTAL_KEYS[0]))

static const char *const *keys_of(const char *type)
{
    for (size_t i = 0; i < N_TYPES; i++)
        if (!strcmp(MORTAL_KEYS[i][0], type))
            return MORTAL_KEYS[i];
    return NULL;
}

typedef struct checker {
    char drawn[4][4]; /* each seat's latest tsumo, "" once it acted otherwise */
    int last_type;    /* index into MORTAL_KEYS of the previous event, -1 at the start */
    int last_actor;
    int in_kyoku;
    int reach_actor; /* a reach whose dahai is due, -1 */
    char where[600];
    unsigned problems;
} checker;

static void problem(checker *c, size_t line, const char *what)
{
    if (c->problems++ < 20)
        print_error("%s:%zu: %s\n", c->where, line, what);
}

static bool is_tile(const json_t *v)
{
    static const char *const HONORS[] = {"E", "S", "W", "N", "P", "F", "C"};
    const char *t = json_string_value(v);
    if (!t)
        return false;
    for (size_t i = 0; i < 7; i++)
        if (!strcmp(t, HONORS[i]))
            return true;
    return t[0] >= '1' && t[0] <= '9' && strchr("mps", t[1]) && t[1] &&
           (!t[2] || (t[0] == '5' && t[2] == 'r' && !t[3]));
}

static bool tiles_ok(const json_t *v, size_t n)
{
    if (!json_is_array(v) || (n && json_array_size(v) != n))
        return false;
    for (size_t i = 0; i < json_array_size(v); i++)
        if (!is_tile(json_array_get(v, i)))
            return false;
    return true;
}

static bool ints_ok(const json_t *v, size_t n, long lo, long hi)
{
    if (!json_is_array(v) || json_array_size(v) != n)
        return false;
    for (size_t i = 0; i < n; i++) {
        const json_t *e = json_array_get(v, i);
        if (!json_is_integer(e) || json_integer_value(e) < lo || json_integer_value(e) > hi)
            return false;
    }
    return true;
}

/* Required keys and their types (libriichi's Event). */
static bool fields_ok(const json_t *ev, const char *type)
{
    const json_t *a = json_object_get(ev, "actor");
    bool actor = json_is_integer(a) && json_integer_value(a) >= 0 && json_integer_value(a) < 4;
    const json_t *t = json_object_get(ev, "target");
    bool target = json_is_integer(t) && json_integer_value(t) >= 0 && json_integer_value(t) < 4;
    const json_t *pai = json_object_get(ev, "pai"), *consumed = json_object_get(ev, "consumed");
    if (!strcmp(type, "start_game")) {
        const json_t *names = json_object_get(ev, "names");
        return !names || (json_is_array(names) && json_array_size(names) == 4);
    }
    if (!strcmp(type, "start_kyoku")) {
        const json_t *tehais = json_object_get(ev, "tehais");
        bool ok = is_tile(json_object_get(ev, "bakaze")) &&
                  is_tile(json_object_get(ev, "dora_marker")) && json_is_array(tehais) &&
                  json_array_size(tehais) == 4 &&
                  ints_ok(json_object_get(ev, "scores"), 4, -10000000, 10000000);
        static const char *const U8[] = {"kyoku", "honba", "kyotaku", "oya"};
        static const long MAX[] = {4, 255, 255, 3}, MIN[] = {1, 0, 0, 0};
        for (size_t i = 0; ok && i < 4; i++) {
            const json_t *v = json_object_get(ev, U8[i]);
            ok = json_is_integer(v) && json_integer_value(v) >= MIN[i] &&
                 json_integer_value(v) <= MAX[i];
        }
        for (size_t i = 0; ok && i < 4; i++)
            ok = tiles_ok(json_array_get(tehais, i), 13);
        return ok;
    }
    if (!strcmp(type, "tsumo"))
        return actor && is_tile(pai);
    if (!strcmp(type, "dahai"))
        return actor && is_tile(pai) && json_is_boolean(json_object_get(ev, "tsumogiri"));
    if (!strcmp(type, "chi") || !strcmp(type, "pon"))
        return actor && target && is_tile(pai) && tiles_ok(consumed, 2);
    if (!strcmp(type, "daiminkan"))
        return actor && target && is_tile(pai) && tiles_ok(consumed, 3);
    if (!strcmp(type, "kakan"))
        return actor && is_tile(pai) && tiles_ok(consumed, 3);
    if (!strcmp(type, "ankan"))
        return actor && tiles_ok(consumed, 4);
    if (!strcmp(type, "dora"))
        return is_tile(json_object_get(ev, "dora_marker"));
    if (!strcmp(type, "reach") || !strcmp(type, "reach_accepted"))
        return actor;
    if (!strcmp(type, "hora")) {
        const json_t *d = json_object_get(ev, "deltas"), *u = json_object_get(ev, "ura_markers");
        return actor && target && (!d || ints_ok(d, 4, -10000000, 10000000)) &&
               (!u || tiles_ok(u, 0));
    }
    if (!strcmp(type, "ryukyoku")) {
        const json_t *d = json_object_get(ev, "deltas");
        return !d || ints_ok(d, 4, -10000000, 10000000);
    }
    return true;
}

/* The grammar of spec §3 as Mortal's arena produces it. */
static void order_ok(checker *c, const json_t *ev, const char *type, size_t line)
{
    const char *prev = c->last_type >= 0 ? MORTAL_KEYS[c->last_type][0] : "";
    int actor = (int)json_integer_value(json_object_get(ev, "actor"));
    if (!strcmp(type, "start_kyoku") && c->in_kyoku)
        problem(c, line, "start_kyoku inside a round");
    if (strcmp(type, "start_game") && strcmp(type, "start_kyoku") && strcmp(type, "end_game") &&
        !c->in_kyoku)
        problem(c, line, "an event outside a round");
    if (c->reach_actor >= 0 && strcmp(type, "dahai") && strcmp(type, "dora"))
        problem(c, line, "reach not followed by its dahai");
    if (!strcmp(type, "reach_accepted") && (strcmp(prev, "dahai") || c->last_actor != actor))
        problem(c, line, "reach_accepted not right after the reacher's dahai");
    if (!strcmp(prev, "reach_accepted") && strcmp(type, "tsumo") && strcmp(type, "chi") &&
        strcmp(type, "pon") && strcmp(type, "daiminkan") && strcmp(type, "ryukyoku"))
        problem(c, line, "reach_accepted not followed by a tsumo, a call or the 4-riichi draw");
    if (!strcmp(type, "dora") && strcmp(prev, "ankan") && strcmp(prev, "tsumo") &&
        strcmp(prev, "reach") && strcmp(prev, "kakan") && strcmp(prev, "dora") &&
        strcmp(prev, "reach_accepted"))
        problem(c, line, "dora at a moment Mortal reveals none");
    if (!strcmp(type, "dahai") && c->reach_actor >= 0 && actor != c->reach_actor)
        problem(c, line, "dahai by another seat than the reach");
    const char *pai = json_string_value(json_object_get(ev, "pai"));
    if (!strcmp(type, "dahai") && json_is_true(json_object_get(ev, "tsumogiri")) &&
        strcmp(c->drawn[actor & 3], pai ? pai : ""))
        problem(c, line, "tsumogiri of another tile than the one drawn");
    if (json_object_get(ev, "actor") && strcmp(type, "reach") != 0)
        snprintf(c->drawn[actor & 3], sizeof(c->drawn[0]), "%s",
                 !strcmp(type, "tsumo") && pai ? pai : "");
    c->reach_actor = !strcmp(type, "reach") ? actor : !strcmp(type, "dahai") ? -1 : c->reach_actor;
    if (!strcmp(type, "start_kyoku"))
        c->in_kyoku = 1;
    if (!strcmp(type, "end_kyoku"))
        c->in_kyoku = 0;
    c->last_actor = json_object_get(ev, "actor") ? actor : -1;
}

static void check_dialect(checker *c, const char *text, size_t len)
{
    size_t line = 0;
    c->last_type = -1;
    c->reach_actor = -1;
    memset(c->drawn, 0, sizeof(c->drawn));
    c->in_kyoku = 0;
    for (const char *p = text; p < text + len;) {
        const char *nl = memchr(p, '\n', (size_t)(text + len - p));
        size_t n = nl ? (size_t)(nl - p) : (size_t)(text + len - p);
        json_t *ev = json_loadb(p, n, 0, NULL);
        const char *type = json_string_value(json_object_get(ev, "type"));
        line++;
        if (!type || !keys_of(type) || !fields_ok(ev, type))
            problem(c, line, "not a Mortal event (type, required keys or their types)");
        else
            order_ok(c, ev, type, line);
        for (size_t i = 0; type && i < N_TYPES; i++)
            if (!strcmp(MORTAL_KEYS[i][0], type))
                c->last_type = (int)i;
        json_decref(ev);
        p += n + 1;
    }
}

#endif
