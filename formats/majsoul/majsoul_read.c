/*
 * majsoul_read.c: reader of MahjongSoul game records rendered as JSON
 * (shared/formats/majsoul-json.md, "spec" below). One game per document; the records of a deal
 * are mapped in majsoul_deal.c, its end in majsoul_end.c.
 *
 * Choices:
 *   - Every rendering spec §2 lists is accepted (layouts A, B and C, RiichiEnv's rounds and its
 *     one-round fixture); keys may be snake_case or lowerCamelCase, and a missing key has its
 *     protobuf default (spec §2.1), so no key is required where protobuf would omit it. Record
 *     names may be ".lq.RecordNewRound", "RecordNewRound" or "NewRound".
 *   - Container generations (spec §1 step 3): `actions` (version 210715; only the results of
 *     type-1 actions are records, player inputs are skipped) and `records` (version 0). Refused:
 *     any other version, an undecoded (base64) body, records left at `data_url`, and a bare
 *     list of bodies without names (ambiguous, spec §2.5).
 *   - Errors: syntax errors name the line and column; every other error the JSON path
 *     (".data.data.actions[12]...") and, inside a deal, the deal ("S2-1").
 *   - Players: 3 when the first RecordNewRound has no `tiles3` (spec §9), else 4; names from
 *     head.accounts[] and head.robots[] by seat, "" for a seat without one.
 *   - Rules: a matchmaking game (category 2) in a standard room (mode_id 1..32 or unknown; spec
 *     §4.1) is "majsoul", East-only for mode 1/11, with the 3-player values of spec §4.1 and §9
 *     in 3-player rooms. Friendly rooms, tournaments, the tutorial (categories 1, 4, 100) and
 *     event rooms (mode_id 33 on, an event switch in detail_rule, local yaku) still name
 *     "majsoul" but set PAIFU_META_RULES_UNKNOWN: the verifier replays the tiles only. A
 *     document without a head (RiichiEnv) names "majsoul", with the 3-player values for 3.
 *   - Kept: majsoul.uuid, majsoul.category, majsoul.mode, majsoul.mode_id, majsoul.version.
 *   - End: head.result.players[] by seat, part_point_1 the final points (leftover sticks
 *     included), total_point the final score (spec §4.3); a game whose last deal has no end
 *     record is marked truncated.
 */
#include "format.h"
#include "majsoul.h"
#include "majsoul_names.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_POINTS 100000000LL

typedef struct majsoul_reader {
    format_input in;
    bool done; /* one game per document */
} majsoul_reader;

/* ---- sniffing ---- */

/* A JSON object with MahjongSoul record names (spec §2.5); above tenhou6 for tensoul's debug
   output, which also has a tenhou.net/6 `log`. */
static int sniff(const char *data, size_t size)
{
    size_t i = jlead(data, size);
    if (i >= size || data[i] != '{')
        return 0;
    size_t window = size - i < ((size_t)1 << 20) ? size - i : (size_t)1 << 20;
    const char *p = data + i;
    if (jcontains(p, window, "\"mjslog\"") && jcontains(p, window, "\"mjsrecordtypes\""))
        return 90;
    if (jcontains(p, window, ".lq.GameDetailRecords") || jcontains(p, window, ".lq.Record") ||
        jcontains(p, window, "\"RecordNewRound\"") || jcontains(p, window, "\"NewRound\""))
        return 85;
    return 0;
}

/* A JSON object with MahjongSoul's record head (issue 36: "uuid" and "accounts", as
   GameDetailRecords' head has them), for its reader to refuse with the place. */
static int resembles(const char *data, size_t size, const char *name)
{
    (void)name;
    size_t i = jlead(data, size);
    if (i >= size || data[i] != '{')
        return 0;
    size_t window = size - i < 65536 ? size - i : 65536;
    const char *p = data + i;
    if (jcontains(p, window, "\"uuid\"") && jcontains(p, window, "\"accounts\""))
        return 60;
    return jcontains(p, window, ".lq.") ? 50 : 0;
}

/* ---- finding the records (spec §2) ---- */

static void set_path(json_cursor *c, const char *path)
{
    json_cursor_set(c, path);
}

static void source_at(ms_source *src, ms_source_kind kind, const json_t *list, const char *base)
{
    src->kind = kind;
    src->list = list;
    snprintf(src->base, sizeof(src->base), "%s", base);
}

/* GameDetailRecords (spec §1 step 2-3): `actions` when non-empty, else `records`. */
static int detail_records(json_cursor *c, const json_t *det, const char *base, ms_source *src,
                          paifu_game *game)
{
    long long version;
    char path[64], vbuf[24];
    int rc = paifu_majsoul__int(c, det, "version", 0, 0xFFFFFFFFLL, 0, &version);
    if (rc < 0)
        return rc;
    if (version != 0 && version != 210715) {
        json_cursor_key(c, "version");
        snprintf(vbuf, sizeof(vbuf), "%lld", version);
        return junsupported(c, "record container version %lld (expected 0 or 210715)", version);
    }
    snprintf(vbuf, sizeof(vbuf), "%lld", version);
    if ((rc = paifu_game_set_meta(game, "majsoul.version", vbuf, c->err)) < 0)
        return rc;
    char buf[64];
    const char *key;
    const json_t *actions = paifu_majsoul__member(det, "actions", &key, buf);
    if (json_is_array(actions) && json_array_size(actions) > 0) {
        snprintf(path, sizeof(path), "%s.%s", base, key);
        source_at(src, MS_ACTIONS, actions, path);
        return 0;
    }
    const json_t *records = paifu_majsoul__member(det, "records", &key, buf);
    if (json_is_array(records)) {
        snprintf(path, sizeof(path), "%s.%s", base, key);
        source_at(src, MS_RECORDS, records, path);
        return 0;
    }
    return jerr(c, "expected the records: a non-empty \"actions\" or a \"records\" array, found "
                   "neither");
}

/* `data` of layouts A and B. */
static int data_records(json_cursor *c, const json_t *root, const json_t *data, ms_source *src,
                        paifu_game *game)
{
    char buf[64];
    json_cursor_key(c, "data");
    if (json_is_array(data)) {
        source_at(src, MS_LIST, data, "$.data");
        return 0;
    }
    if (json_is_string(data)) {
        const json_t *url = paifu_majsoul__member(root, "data_url", NULL, buf);
        if (!json_string_length(data) && json_is_string(url) && json_string_length(url))
            return junsupported(c,
                                "the records are not in the document: they are at data_url "
                                "\"%.60s\"",
                                json_string_value(url));
        return junsupported(c, "undecoded records (a base64 protobuf string)");
    }
    if (!json_is_object(data))
        return jerr(c, "expected the records: an object or an array, found %s", jtype(data));
    const json_t *inner = json_object_get(data, "data");
    const json_t *name = json_object_get(data, "name");
    if (!inner || json_is_null(inner))
        return detail_records(c, data, "$.data", src, game); /* no wrapper level */
    if (json_is_string(name) && strcmp(json_string_value(name), ".lq.GameDetailRecords") != 0 &&
        strcmp(json_string_value(name), "GameDetailRecords") != 0) {
        json_cursor_key(c, "name");
        return junsupported(c, "a wrapper named \"%.40s\" (expected .lq.GameDetailRecords)",
                            json_string_value(name));
    }
    json_cursor_key(c, "data");
    if (json_is_string(inner))
        return junsupported(c, "undecoded records (a base64 protobuf string)");
    if (!json_is_object(inner))
        return jerr(c, "expected GameDetailRecords: an object, found %s", jtype(inner));
    return detail_records(c, inner, "$.data.data", src, game);
}

/* Which layout ROOT is, where its records are, and its head (NULL when it has none). */
static int find_records(json_cursor *c, const json_t *root, ms_source *src, const json_t **head,
                        paifu_game *game)
{
    const json_t *v;
    *head = NULL;
    memset(src, 0, sizeof(*src));
    snprintf(src->head, sizeof(src->head), "$.head");
    if (!json_is_object(root))
        return jerr(c,
                    "expected a MahjongSoul game record: an object with \"head\" and \"data\" "
                    "(a bare list of record bodies without names is ambiguous), found %s",
                    jtype(root));
    /* the keys of the layouts below and of a record's head (spec §2): a slip of one is refused
       at its path, not left unread (issue 36) */
    static const char *const KEYS[] = {"mjslog", "mjsrecordtypes", "mjshead", "rounds",  "events",
                                       "head",   "data",           "records", "data_url"};
    static const char *const HEAD[] = {"uuid",   "start_time", "end_time",
                                       "config", "accounts",   "result"};
    int rc = jslip(c, root, KEYS, sizeof(KEYS) / sizeof(KEYS[0]));
    const json_t *h = json_object_get(root, "head");
    if (rc == 0 && json_is_object(h)) {
        size_t old = json_cursor_key(c, "head");
        rc = jslip(c, h, HEAD, sizeof(HEAD) / sizeof(HEAD[0]));
        json_cursor_pop(c, old);
    }
    if (rc < 0)
        return rc;
    const json_t *log = json_object_get(root, "mjslog");
    const json_t *types = json_object_get(root, "mjsrecordtypes");
    if (log || types) { /* layout C */
        if (!json_is_array(log) || !json_is_array(types) ||
            json_array_size(log) != json_array_size(types)) {
            json_cursor_key(c, "mjsrecordtypes");
            return jerr(c, "expected one record type name per mjslog entry (two arrays of the "
                           "same length)");
        }
        source_at(src, MS_ZIP, log, "$.mjslog");
        src->types = types;
        snprintf(src->types_base, sizeof(src->types_base), "$.mjsrecordtypes");
        *head = json_object_get(root, "mjshead");
        snprintf(src->head, sizeof(src->head), "$.mjshead");
        return 0;
    }
    if ((v = json_object_get(root, "rounds"))) {
        json_cursor_key(c, "rounds");
        if (!json_is_array(v))
            return jerr(c, "expected the rounds: an array of record lists, found %s", jtype(v));
        source_at(src, MS_ROUNDS, v, "$.rounds");
        return 0;
    }
    if ((v = json_object_get(root, "events")) && !json_object_get(root, "head")) {
        json_cursor_key(c, "events");
        if (!json_is_array(v))
            return jerr(c, "expected the records: an array, found %s", jtype(v));
        source_at(src, MS_LIST, v, "$.events");
        return 0;
    }
    *head = json_object_get(root, "head");
    const json_t *data = json_object_get(root, "data");
    if (data && !json_is_null(data))
        return data_records(c, root, data, src, game);
    if ((v = json_object_get(root, "records"))) {
        json_cursor_key(c, "records");
        if (!json_is_array(v))
            return jerr(c, "expected the records: an array, found %s", jtype(v));
        source_at(src, MS_LIST, v, "$.records");
        return 0;
    }
    if (json_object_get(root, "log"))
        return jerr(c, "a tenhou.net/6 document, not a MahjongSoul record (read it as tenhou6)");
    return jerr(c, "expected a MahjongSoul game record: \"head\" and \"data\" (spec §2)");
}

/* "\.lq\.(Record)?Name" -> "Name" */
static void normalise(const char *name, char *out, size_t size)
{
    if (strncmp(name, ".lq.", 4) == 0)
        name += 4;
    if (strncmp(name, "Record", 6) == 0 && name[6])
        name += 6;
    snprintf(out, size, "%s", name);
}

/* The path of record R's body. */
static void record_path(json_cursor *c, const ms_source *src, const ms_record *r)
{
    char p[96];
    switch (src->kind) {
    case MS_ACTIONS:
        snprintf(p, sizeof(p), "%s[%zu].result.data", src->base, r->i);
        break;
    case MS_ZIP:
        snprintf(p, sizeof(p), "%s[%zu]", src->base, r->i);
        break;
    case MS_ROUNDS:
        snprintf(p, sizeof(p), "%s[%zu][%zu].data", src->base, r->i, r->j);
        break;
    default:
        snprintf(p, sizeof(p), "%s[%zu].data", src->base, r->i);
        break;
    }
    set_path(c, p);
}

/* A {name, data} entry at the current path. */
static int named(json_cursor *c, const json_t *e, ms_record *out, const json_t *empty)
{
    if (json_is_string(e))
        return junsupported(c, "an undecoded record (a base64 protobuf string)");
    if (!json_is_object(e))
        return jerr(c, "expected a record: {\"name\", \"data\"}, found %s", jtype(e));
    const json_t *name = json_object_get(e, "name");
    if (!json_is_string(name)) {
        json_cursor_key(c, "name");
        return jerr(c, "expected the record's type name (a string), found %s", jtype(name));
    }
    const json_t *data = json_object_get(e, "data");
    if (json_is_string(data)) {
        json_cursor_key(c, "data");
        return junsupported(c, "an undecoded record body (a base64 protobuf string)");
    }
    if (data && !json_is_null(data) && !json_is_object(data)) {
        json_cursor_key(c, "data");
        return jerr(c, "expected the record body: an object, found %s", jtype(data));
    }
    normalise(json_string_value(name), out->type, sizeof(out->type));
    out->data = data && !json_is_null(data) ? data : empty;
    return 0;
}

/* One action of `actions`: 1 with a record, 0 to skip it (spec §1 step 3). */
static int action(json_cursor *c, const json_t *a, ms_record *out, const json_t *empty)
{
    char buf[64];
    long long type;
    if (!json_is_object(a))
        return jerr(c, "expected an action: an object, found %s", jtype(a));
    int rc = paifu_majsoul__int(c, a, "type", 0, 0xFFFFFFFFLL, 1, &type);
    if (rc < 0)
        return rc;
    const json_t *res = paifu_majsoul__member(a, "result", NULL, buf);
    if (type != 1 || !res || (json_is_string(res) && !json_string_length(res)))
        return 0;
    json_cursor_key(c, "result");
    if ((rc = named(c, res, out, empty)) < 0)
        return rc;
    return 1;
}

/* The next record at or after (*I, *J): 1, 0 at the end, <0 on an error. */
static int next_record(json_cursor *c, const ms_source *src, size_t *i, size_t *j, ms_record *out,
                       const json_t *empty)
{
    char p[96];
    for (;;) {
        size_t n = json_array_size(src->list);
        if (*i >= n)
            return 0;
        const json_t *e = json_array_get(src->list, *i);
        out->i = *i;
        out->j = *j;
        snprintf(p, sizeof(p), "%s[%zu]", src->base, *i);
        set_path(c, p);
        if (src->kind == MS_ROUNDS) {
            if (!json_is_array(e))
                return jerr(c, "expected a round: an array of records, found %s", jtype(e));
            if (*j >= json_array_size(e)) {
                ++*i;
                *j = 0;
                continue;
            }
            json_cursor_index(c, *j);
            ++*j;
            int rc = named(c, json_array_get(e, *j - 1), out, empty);
            return rc < 0 ? rc : 1;
        }
        ++*i;
        if (src->kind == MS_ACTIONS) {
            int rc = action(c, e, out, empty);
            if (rc != 0)
                return rc;
            continue;
        }
        if (src->kind == MS_ZIP) {
            const json_t *name = json_array_get(src->types, out->i);
            if (!json_is_string(name)) {
                snprintf(p, sizeof(p), "%s[%zu]", src->types_base, out->i);
                set_path(c, p);
                return jerr(c, "expected a record type name, found %s", jtype(name));
            }
            if (!json_is_object(e))
                return jerr(c, "expected a record body: an object, found %s", jtype(e));
            normalise(json_string_value(name), out->type, sizeof(out->type));
            out->data = e;
            return 1;
        }
        int rc = named(c, e, out, empty);
        return rc < 0 ? rc : 1;
    }
}

/* ---- the head ---- */

static int meta_int(json_cursor *c, paifu_game *game, const char *key, long long v)
{
    char text[24];
    snprintf(text, sizeof(text), "%lld", v);
    return paifu_game_set_meta(game, key, text, c->err);
}

/* Names from accounts[] and robots[] (spec §4.2: any order, AI seats may be missing). */
static int read_names(json_cursor *c, const json_t *head, paifu_game *game, int players)
{
    static const char *const LISTS[] = {"accounts", "robots"};
    for (size_t l = 0; l < 2; l++) {
        char buf[64];
        const char *key;
        const json_t *list = paifu_majsoul__member(head, LISTS[l], &key, buf);
        if (!list)
            continue;
        size_t old = json_cursor_key(c, key);
        if (!json_is_array(list))
            return jerr(c, "expected an array of players, found %s", jtype(list));
        for (size_t i = 0; i < json_array_size(list); i++) {
            const json_t *a = json_array_get(list, i);
            size_t o2 = json_cursor_index(c, i);
            long long seat;
            const json_t *nick = paifu_majsoul__member(a, "nickname", NULL, buf);
            int rc = paifu_majsoul__int(c, a, "seat", 0, players - 1, 0, &seat);
            if (rc < 0)
                return rc;
            if (nick && !json_is_string(nick)) {
                json_cursor_key(c, "nickname");
                return jerr(c, "expected a name (a string), found %s", jtype(nick));
            }
            if (nick && (rc = paifu_game_set_player_name(game, (int)seat, json_string_value(nick),
                                                         c->err)) < 0)
                return rc;
            json_cursor_pop(c, o2);
        }
        json_cursor_pop(c, old);
    }
    return 0;
}

/* A detail_rule switch that is on: non-zero, true, or a non-empty list or object. */
static bool switched_on(const json_t *v)
{
    return (json_is_integer(v) && json_integer_value(v) != 0) || json_is_true(v) ||
           (json_is_array(v) && json_array_size(v) > 0) ||
           (json_is_object(v) && json_object_size(v) > 0);
}

/* The first event-mode or local-yaku switch of DETAIL that is on (spec §4.1), or NULL. */
static const char *event_mode(const json_t *detail)
{
    static const char *const MODES[] = {
        "dora3_mode",
        "begin_open_mode",
        "jiuchao_mode",
        "muyu_mode",
        "open_hand",
        "xuezhandaodi",
        "huansanzhang",
        "chuanma",
        "reveal_discard",
        "field_spell_mode",
        "zhanxing",
        "tianming_mode",
        "yongchang_mode",
        "hunzhiyiji_mode",
        "wanxiangxiuluo_mode",
        "beishuizhizhan_mode",
        "amusement_switches",
        "guyi_mode",
    };
    char buf[64];
    for (size_t i = 0; i < sizeof(MODES) / sizeof(MODES[0]); i++)
        if (switched_on(paifu_majsoul__member(detail, MODES[i], NULL, buf)))
            return MODES[i];
    return NULL;
}

static int rule(json_cursor *c, paifu_game *game, const char *key, const char *value)
{
    return paifu_game_add_rule_override(game, key, value, c->err);
}

typedef struct rule_ctx {
    json_cursor *c;
    paifu_game *game;
} rule_ctx;

static int add_rule(void *ctx, const char *key, const char *value)
{
    rule_ctx *r = ctx;
    return rule(r->c, r->game, key, value);
}

/* 3-player ranked rooms: MahjongSoul's 3-player values (majsoul_names.c). */
static int sanma_rules(json_cursor *c, paifu_game *game)
{
    return paifu_majsoul__sanma_rules(add_rule, &(rule_ctx){c, game});
}

/* Integer KEY of the member SNAKE of OBJ (config.mode.mode, config.meta.mode_id); *OUT is
   left alone when OBJ has no SNAKE, and is DFLT when SNAKE has no KEY. */
static int nested_int(json_cursor *c, const json_t *obj, const char *snake, const char *key,
                      long long dflt, long long *out)
{
    char buf[64];
    const char *k;
    const json_t *inner = paifu_majsoul__member(obj, snake, &k, buf);
    if (!inner)
        return 0;
    size_t old = json_cursor_key(c, k);
    int rc = paifu_majsoul__int(c, inner, key, 0, 0xFFFFFFFFLL, dflt, out);
    if (rc >= 0)
        json_cursor_pop(c, old);
    return rc;
}

/* Why the verifier cannot price this game (NULL: it can); REASON is the buffer for it. */
static const char *unknown_rules(const json_t *detail, long long category, long long mode_id,
                                 char *reason, size_t size)
{
    const char *ev = event_mode(detail);
    if (ev) {
        snprintf(reason, size, "MahjongSoul event mode or local yaku (detail_rule.%s)", ev);
        return reason;
    }
    if (category != 2)
        return "MahjongSoul friendly room, tournament or tutorial: its rules are set per room";
    if (mode_id >= 33) {
        snprintf(reason, size, "MahjongSoul event room (mode_id %lld)", mode_id);
        return reason;
    }
    return NULL;
}

/* The rule set from head.config (spec §4.1); MODE is the RiichiEnv fixture's `mode` (-1). */
static int read_rules(json_cursor *c, const json_t *head, const char *head_path, paifu_game *game,
                      int players, long long mode)
{
    char buf[64], b2[64];
    const char *key;
    long long category = 2, mode_id = 0;
    const json_t *config = paifu_majsoul__member(head, "config", &key, buf);
    const json_t *gm = paifu_majsoul__member(config, "mode", NULL, b2);
    const json_t *detail = paifu_majsoul__member(gm, "detail_rule", NULL, b2);
    int rc = 0;
    set_path(c, head_path);
    json_cursor_key(c, key);
    if (config &&
        ((rc = paifu_majsoul__int(c, config, "category", 0, 0xFFFFFFFFLL, 0, &category)) < 0 ||
         (rc = nested_int(c, config, "mode", "mode", 0, &mode)) < 0 ||
         (rc = nested_int(c, config, "meta", "mode_id", 0, &mode_id)) < 0))
        return rc;
    if ((rc = paifu_game_set_rules_name(game, "majsoul", c->err)) < 0 ||
        (config && (rc = meta_int(c, game, "majsoul.category", category)) < 0) ||
        (mode >= 0 && (rc = meta_int(c, game, "majsoul.mode", mode)) < 0) ||
        (mode_id && (rc = meta_int(c, game, "majsoul.mode_id", mode_id)) < 0))
        return rc;
    if (players == 3 && (rc = sanma_rules(c, game)) < 0)
        return rc;
    if ((mode == 1 || mode == 11) && (rc = rule(c, game, "game_length", "east")) < 0)
        return rc;
    if ((mode == 0 || mode == 4) && config && (rc = rule(c, game, "game_length", "single")) < 0)
        return rc;
    char reason[120];
    const char *why = unknown_rules(detail, category, mode_id, reason, sizeof(reason));
    return why ? paifu_game_set_meta(game, PAIFU_META_RULES_UNKNOWN, why, c->err) : 0;
}

/* head.result.players[]: one entry per seat, in placement order (spec §4.3). */
static int read_result(json_cursor *c, const json_t *head, const char *head_path, paifu_game *game,
                       int players)
{
    char buf[64];
    const char *key;
    const json_t *res = paifu_majsoul__member(head, "result", NULL, buf);
    const json_t *list = paifu_majsoul__member(res, "players", &key, buf);
    if (!list)
        return 0;
    set_path(c, head_path);
    json_cursor_key(c, "result");
    json_cursor_key(c, key);
    if (!json_is_array(list) || json_array_size(list) != (size_t)players)
        return jerr(c, "expected the final standings: an array of %d players, found %s", players,
                    json_is_array(list) ? "another length" : jtype(list));
    paifu_game_result out;
    memset(&out, 0, sizeof(out));
    unsigned seen = 0;
    for (size_t i = 0; i < json_array_size(list); i++) {
        const json_t *p = json_array_get(list, i);
        long long seat, points, total;
        size_t old = json_cursor_index(c, i);
        int rc;
        if (!json_is_object(p))
            return jerr(c, "expected a player's result: an object, found %s", jtype(p));
        if ((rc = paifu_majsoul__int(c, p, "seat", 0, players - 1, 0, &seat)) < 0 ||
            (rc = paifu_majsoul__int(c, p, "part_point_1", -MAX_POINTS, MAX_POINTS, 0, &points)) <
                0 ||
            (rc = paifu_majsoul__int(c, p, "total_point", -MAX_POINTS, MAX_POINTS, 0, &total)) < 0)
            return rc;
        if (seen >> seat & 1u)
            return jerr(c, "seat %lld has two results", seat);
        seen |= 1u << seat;
        out.points[seat] = (int32_t)points;
        out.final[seat] = (int32_t)total;
        json_cursor_pop(c, old);
    }
    out.has_points = out.has_final = true;
    paifu_game_set_result(game, &out);
    return 0;
}

/* ---- the game ---- */

/* The highest seat head.accounts[] or head.robots[] names, or -1. */
static long long highest_seat(const json_t *head)
{
    static const char *const LISTS[] = {"accounts", "robots"};
    long long top = -1;
    char buf[64];
    for (size_t l = 0; l < 2; l++) {
        const json_t *list = paifu_majsoul__member(head, LISTS[l], NULL, buf);
        for (size_t i = 0; json_is_array(list) && i < json_array_size(list); i++) {
            const json_t *seat = paifu_majsoul__member(json_array_get(list, i), "seat", NULL, buf);
            if (json_is_integer(seat) && json_integer_value(seat) > top)
                top = json_integer_value(seat);
        }
    }
    return top;
}

/*
 * Players: 3 when the first RecordNewRound deals no `tiles3` (spec §9). A record whose
 * starting hands are not there (no tiles0..tiles2, or no tiles3 while the head seats a fourth
 * player) is refused as such, not read as a game of fewer players.
 */
static int count_players(json_cursor *c, const ms_source *src, const json_t *head,
                         const json_t *empty, int *players)
{
    size_t i = 0, j = 0;
    ms_record r;
    int rc;
    char buf[64];
    while ((rc = next_record(c, src, &i, &j, &r, empty)) > 0) {
        if (strcmp(r.type, "NewRound") != 0)
            continue;
        static const char *const HANDS[] = {"tiles0", "tiles1", "tiles2", "tiles3"};
        int dealt = 0;
        for (int s = 0; s < 4; s++)
            dealt |= json_array_size(paifu_majsoul__member(r.data, HANDS[s], NULL, buf)) > 0
                         ? 1 << s
                         : 0;
        *players = (dealt & 8) ? 4 : 3;
        long long seat = highest_seat(head);
        if ((dealt & 7) != 7 || seat >= *players) {
            record_path(c, src, &r);
            if (seat >= *players)
                return jerr(c,
                            "the record's starting hands cannot be found: its first "
                            "RecordNewRound has no tiles%d, though the head seats a player at "
                            "seat %lld",
                            *players, seat);
            return jerr(c, "the record's starting hands cannot be found: its first "
                           "RecordNewRound has no tiles0, tiles1 and tiles2 (a record without "
                           "the players' hands cannot be replayed)");
        }
        return 0;
    }
    if (rc < 0)
        return rc;
    set_path(c, src->base);
    return jerr(c, "expected the records of a game, found no RecordNewRound");
}

/* Riichi sticks of the next RecordNewRound after (I, J), or of `next_start`; -1 if none. */
static int next_sticks(json_cursor *c, const ms_source *src, size_t i, size_t j, const json_t *root,
                       const json_t *empty)
{
    char buf[64], path[96];
    ms_record r;
    long long v = -1;
    snprintf(path, sizeof(path), "%s", json_cursor_path(c));
    while (next_record(c, src, &i, &j, &r, empty) > 0) {
        if (strcmp(r.type, "NewRound") == 0) {
            const json_t *x = paifu_majsoul__member(r.data, "liqibang", NULL, buf);
            v = json_is_integer(x) ? json_integer_value(x) : 0;
            break;
        }
    }
    const json_t *ns = json_object_get(root, "next_start");
    if (v < 0 && json_is_object(ns)) {
        const json_t *x = paifu_majsoul__member(ns, "liqibang", NULL, buf);
        v = json_is_integer(x) ? json_integer_value(x) : 0;
    }
    set_path(c, path);
    return v < 0 || v > 1000 ? -1 : (int)v;
}

/* EMPTY: a shared empty object for bodies that are absent. */
static int read_game(json_cursor *c, const json_t *root, const json_t *empty, paifu_game *game)
{
    ms_source src;
    const json_t *head;
    ms_state *st = NULL;
    int players = 4, rc;
    long long mode = -1;
    if ((rc = find_records(c, root, &src, &head, game)) < 0 ||
        (rc = count_players(c, &src, head, empty, &players)) < 0)
        return rc;
    set_path(c, "$");
    if (!head && (rc = paifu_majsoul__int(c, root, "mode", 0, 0xFFFFFFFFLL, -1, &mode)) < 0)
        return rc;
    char buf[64];
    const json_t *uuid = paifu_majsoul__member(head, "uuid", NULL, buf);
    if ((rc = paifu_game_set_players(game, players, c->err)) < 0 ||
        (rc = paifu_game_set_source_format(game, "majsoul", c->err)) < 0 ||
        (json_is_string(uuid) &&
         (rc = paifu_game_set_meta(game, "majsoul.uuid", json_string_value(uuid), c->err)) < 0) ||
        (rc = read_rules(c, head, src.head, game, players, mode)) < 0)
        return rc;
    set_path(c, src.head);
    if ((rc = read_names(c, head, game, players)) < 0)
        return rc;
    if (!(st = calloc(1, sizeof(*st))))
        return paifu_error_set(c->err, PAIFU_ENOMEM, NULL, "out of memory");
    st->game = game;
    st->c = c;
    st->players = players;
    st->empty = empty;
    size_t i = 0, j = 0, count = 0;
    ms_record rec;
    while ((rc = next_record(c, &src, &i, &j, &rec, empty)) > 0) {
        if (++count > MS_MAX_RECORDS) {
            rc = paifu_formats__error(c->err, PAIFU_ELIMIT, c->source, 0, 0, json_cursor_path(c),
                                      "more than %d records in one game", MS_MAX_RECORDS);
            break;
        }
        record_path(c, &src, &rec);
        if (strcmp(rec.type, "LiuJu") == 0)
            st->next_sticks = next_sticks(c, &src, i, j, root, empty);
        if ((rc = paifu_majsoul__record(st, &rec)) < 0)
            break;
    }
    if (rc == 0 && st->in_deal && !st->ended)
        paifu_game_set_truncated(game, true);
    free(st);
    return rc < 0 ? rc : read_result(c, head, src.head, game, players);
}

/* ---- reader ---- */

static int reader_next(void *state, paifu_game *game, paifu_error *err)
{
    majsoul_reader *r = state;
    if (r->done)
        return 0;
    r->done = true;
    size_t skip =
        r->in.size >= 3 && (unsigned char)r->in.data[0] == 0xEF ? 3 : 0; /* byte order mark */
    json_t *root;
    int rc = jload(&root, r->in.data + skip, r->in.size - skip, JSON_REJECT_DUPLICATES, 0, r->in.source, err);
    if (rc < 0)
        return rc;
    json_t *empty = json_object();
    json_cursor c;
    json_cursor_init(&c, r->in.source, err);
    rc = empty ? read_game(&c, root, empty, game)
               : paifu_error_set(err, PAIFU_ENOMEM, NULL, "out of memory");
    json_decref(empty);
    jfree(root);
    return rc < 0 ? rc : 1;
}

const format_impl paifu_format_majsoul = {
    .info = {.name = "majsoul",
             .description = "MahjongSoul game record JSON (decoded GameDetailRecords; tensoul's "
                            "mjslog; RiichiEnv)",
             .can_read = true,
             .extension = ".json"},
    .sniff = sniff,
    .resembles = resembles,
    .reader_size = sizeof(majsoul_reader),
    .reader_next = reader_next,
};
