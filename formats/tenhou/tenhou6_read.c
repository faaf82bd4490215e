/*
 * tenhou6_read.c: reader of tenhou.net/6 JSON game logs (shared/formats/tenhou6-json.md).
 *
 * ---- input ----
 * One game object per document: Tenhou's official form (ver, ref, log, rule, sc, ...), the
 * viewer's minimal form (title, name, rule, log) and tensoul's MahjongSoul conversions (official
 * keys plus title, `ver` a string). Documents may follow one another (JSON lines); a document
 * without `sc` is continued by the next one when that one has the same players and rule and
 * does not start at East 1 with no honba: this is mjx's one-round-per-line form, whose rounds
 * form one game. Syntax errors name the line and column, every other error the JSON path
 * ("$.log[3][6][4]"), the line of its document and, inside a round, the deal.
 *
 * ---- mapping onto the model (paifu/game.h) ----
 * players  3 when rule.disp starts with 三 (or tensoul's 3 before a MahjongSoul room) or ratingc
 *          is PF3 or seat 3 has no starting hand
 * names    `name`
 * rules    rule.disp as Tenhou prints a lobby ([三](般|上|特|鳳)(東|南)[喰][赤][速], spec §2.1):
 *          "tenhou" with the overrides the Tenhou XML reader derives from the same GO type bits
 *          (red_fives, kuitan, game_length, the sanma set); results with a non-zero decimal mean
 *          Tenhou's exact era (final_rounding nearest_100, tenhou-xml.md §6 item 1); the era's
 *          uma, tenpai-yame and West from the date of the log id `ref`, as the XML reader's
 *          (paifu_mjlog__era_rules, formats/tenhou/mjlog_header.c). A header key paifu_rules
 *          (paifu's writer) gives the rule set instead.
 *          A MahjongSoul room as tensoul writes rule.disp ("玉の間南喰赤", "Gold Room South",
 *          "3銀の間赤": MahjongSoul's room names, formats/majsoul/majsoul_names.c; or `ver` a
 *          string) is "majsoul" with game_length east for 東喰/East, and MahjongSoul's 3-player
 *          values (kita allowed) for 3 players; a 3-player room's length is not written
 *          (tensoul writes 東喰/南喰 for modes 1 and 2 only): time_limit, the game may end after
 *          East. Friendly rooms, contests and event rooms also name "majsoul" and set
 *          PAIFU_META_RULES_UNKNOWN. Anything else (no disp, a tournament's name) names no
 *          preset and sets PAIFU_META_RULES_UNKNOWN: the verifier replays the tiles only. A title naming
 *          the JPML official rules (日本プロ麻雀連盟公式ルール) adds ippatsu, ura_dora and
 *          kan_dora false to that, so the tiles replay under the rules the game was played by.
 *          Red fives: aka51+aka52+aka53 when all three are given, else aka, else none (spec
 *          §2.2); a count other than 3 becomes red_fives. A Tenhou lobby with `lobby` other
 *          than 0 is private: PAIFU_META_FINAL_UNKNOWN, as the XML reader does.
 * metadata every top-level key but `log` and `name` as "tenhou6.<key>" (its JSON text; a string
 *          as itself), for a writer
 * deals    tenhou6_deal.c
 * end      `sc`: points as given, results * 1000; the absent fourth seat of a 3-player game
 *          0 or "" (tensoul). Without `sc` the game has no recorded end;
 *          the format's excerpts (one round, a few rounds) are not marked truncated: the format
 *          cannot say whether a game went on.
 * connection  DISCONNECT/RECONNECT events at their step (tenhou6_deal.c); log -1: the prelude
 * tenpai   at an exhaustive draw whose result gives none (a nagashi mangan draw, spec §7.2: its
 *          entry carries only the deltas; a 流局 with no deltas, which Tenhou writes as 全員聴牌
 *          or 全員不聴), once the game is read: where the log gives its rule set
 *          (paifu_game_rules_given) and that declares tenpai automatically, Tenhou's
 *          (tenpai_declared_automatically: no noten declaration, mj-news.net/?p=38310), tenpai is
 *          what the hands show, a fact of the rules the game was played by, and is recorded
 *          (paifu_deal_draw_tenpai, the one source every output reads); else it stays unknown
 */
#include "format.h"
#include "tenhou6.h"
#include "mjlog_write.h"
#include "paifu_json.h"
#include "majsoul_names.h"

#include <paifu/score.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct tenhou6_reader {
    format_input in;
    size_t pos;         /* where the next document starts */
    uint32_t line;      /* lines before pos */
    uint32_t col;       /* bytes of pos's line before it (they may be gone from a window) */
    json_t *pending;    /* a document read ahead that starts the next game */
    uint32_t pending_line;
    t6_state state;
} tenhou6_reader;

/* ---- sniffing ---- */

static size_t skip_ws(const char *d, size_t i, size_t size)
{
    while (i < size && (d[i] == ' ' || d[i] == '\n' || d[i] == '\r' || d[i] == '\t'))
        i++;
    return i;
}

/* A JSON object with a "log" key whose value is an array (spec §2). */
static int sniff(const char *data, size_t size)
{
    size_t i = 0;
    if (size >= 3 && (unsigned char)data[0] == 0xEF && (unsigned char)data[1] == 0xBB)
        i = 3;
    i = skip_ws(data, i, size);
    if (i >= size || data[i] != '{')
        return 0;
    size_t end = size - i < 65536 ? size : i + 65536;
    for (const char *at; (at = jfind(data + i, end - i, "\"log\"")) != NULL;) {
        size_t k = (size_t)(at - data);
        i = k + 1; /* the next search starts after this one */
        size_t j = skip_ws(data, k + 5, end);
        if (j < end && data[j] == ':') {
            j = skip_ws(data, j + 1, end);
            if (j < end && data[j] == '[')
                return 80;
        }
    }
    return 0;
}

/*
 * A JSON object with three of tenhou.net/6's keys (issue 36): a file whose "log" is renamed,
 * not an array, or cut away is its reader's to refuse with the place.
 */
static int resembles(const char *data, size_t size, const char *name)
{
    (void)name;
    static const char *const KEYS[] = {"\"title\"", "\"name\"", "\"rule\"",    "\"disp\"",
                                       "\"aka\"",   "\"log\"",  "\"ratingc\"", "\"lobby\""};
    size_t i = jlead(data, size);
    if (i >= size || (data[i] != '{' && data[i] != '"'))
        return 0;
    size_t window = size - i < 65536 ? size - i : 65536;
    int keys = 0;
    for (size_t k = 0; k < sizeof(KEYS) / sizeof(KEYS[0]); k++)
        keys += jcontains(data + i, window, KEYS[k]);
    return keys >= 3 ? 70 : 0;
}

/* ---- documents ---- */

/* Move pos over white space (and a byte order mark at the input's start). */
static void skip_space(tenhou6_reader *r)
{
    if (r->pos == 0 && r->in.base == 0 && r->in.size >= 3 &&
        (unsigned char)r->in.data[0] == 0xEF) {
        r->pos = 3; /* UTF-8 byte order mark */
        r->col = 3;
    }
    while (r->pos < r->in.size) {
        char ch = r->in.data[r->pos];
        if (ch == '\n') {
            r->line++;
            r->col = 0;
        } else if (ch != ' ' && ch != '\t' && ch != '\r') {
            break;
        } else {
            r->col++;
        }
        r->pos++;
    }
}

/* Load the next JSON value; 0 at the end of the input, 1 with *OUT and *LINE set. A streamed
   input is read on until the window holds the whole value. */
static int next_document(tenhou6_reader *r, json_t **out, uint32_t *line, paifu_error *err)
{
    for (;;) {
        skip_space(r);
        if (!r->in.refill ||
            (r->pos < r->in.size && jdoc_end(r->in.data, r->pos, r->in.size) < r->in.size))
            break;
        int rc = r->in.refill(r->in.refill_ctx, err);
        if (rc <= 0) {
            if (rc < 0)
                return rc;
            skip_space(r);
            break;
        }
    }
    if (r->pos >= r->in.size)
        return 0;
    json_t *v;
    size_t used;
    int rc = jload_col(&v, &used, r->in.data + r->pos, r->in.size - r->pos, 0, r->line, r->col,
                       r->in.source, err);
    if (rc < 0)
        return rc;
    *line = r->line + 1;
    for (size_t k = 0; k < used && r->pos + k < r->in.size; k++) {
        r->col++;
        if (r->in.data[r->pos + k] == '\n') {
            r->line++;
            r->col = 0;
        }
    }
    r->pos += used;
    *out = v;
    return 1;
}

/* The keys of a game object (spec §2; tensoul's title and ver). */
static const char *const KNOWN_KEYS[] = {"log", "name",    "rule",      "title", "ver",
                                         "ref", "ratingc", "dan",       "rate",  "sx",
                                         "sc",  "lobby",   "connection"};

static int check_document(json_cursor *c, const json_t *root)
{
    if (!json_is_object(root))
        return jerr(c, "expected a tenhou.net/6 game: an object with a \"log\" array, found %s",
                    jtype(root));
    int rc = jslip(c, root, KNOWN_KEYS, sizeof(KNOWN_KEYS) / sizeof(KNOWN_KEYS[0]));
    const json_t *rule = json_object_get(root, "rule");
    if (rc == 0 && json_is_object(rule)) {
        static const char *const RULE_KEYS[] = {"disp", "aka", "aka51", "aka52", "aka53"};
        size_t old = json_cursor_key(c, "rule");
        rc = jslip(c, rule, RULE_KEYS, sizeof(RULE_KEYS) / sizeof(RULE_KEYS[0]));
        json_cursor_pop(c, old);
    }
    if (rc < 0)
        return rc;
    const json_t *log = json_object_get(root, "log");
    if (!json_is_array(log)) {
        json_cursor_key(c, "log");
        return jerr(c, "expected the rounds: an array, found %s", jtype(log));
    }
    return 0;
}

/* ---- the header ---- */

static int meta(json_cursor *c, paifu_game *game, const char *key, const char *value)
{
    char name[80];
    snprintf(name, sizeof(name), "tenhou6.%s", key);
    return paifu_game_set_meta(game, name, value, c->err);
}

static int keep_header(json_cursor *c, const json_t *root, paifu_game *game)
{
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)root, key, v)
    {
        if (strcmp(key, "log") == 0 || strcmp(key, "name") == 0)
            continue;
        int rc;
        if (json_is_string(v)) {
            rc = meta(c, game, key, json_string_value(v));
        } else {
            char *text = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY | JSON_REAL_PRECISION(12));
            if (!text)
                return paifu_error_set(c->err, PAIFU_ENOMEM, NULL, "out of memory");
            rc = meta(c, game, key, text);
            free(text);
        }
        if (rc < 0)
            return rc;
    }
    return 0;
}

static const char *disp_of(const json_t *root)
{
    const json_t *d = json_object_get(json_object_get(root, "rule"), "disp");
    return json_is_string(d) ? json_string_value(d) : NULL;
}

static bool starts(const char *s, const char *lit)
{
    return strncmp(s, lit, strlen(lit)) == 0;
}

static int count_players(const json_t *root)
{
    const char *disp = disp_of(root);
    const json_t *ratingc = json_object_get(root, "ratingc");
    const json_t *first = json_array_get(json_object_get(root, "log"), 0);
    const json_t *hand3 = json_array_get(first, 13);
    ms_room room;
    if ((disp && starts(disp, "三")) || (paifu_majsoul__room(disp, &room) && room.three) ||
        (json_is_string(ratingc) && strcmp(json_string_value(ratingc), "PF3") == 0) ||
        (json_is_array(hand3) && json_array_size(hand3) == 0))
        return 3;
    return 4;
}

/* Red fives per spec §2.2; -1 when a key has a wrong type. */
static int red_count(json_cursor *c, const json_t *root, int *out)
{
    const json_t *rule = json_object_get(root, "rule");
    static const char *const KEYS[] = {"aka51", "aka52", "aka53"};
    int n = 0, found = 0;
    size_t old = json_cursor_key(c, "rule");
    for (size_t i = 0; i < 3; i++) {
        long long v;
        int rc = jopt_int(c, rule, KEYS[i], 0, 4, &v);
        if (rc < 0)
            return rc;
        if (rc == 1) {
            n += (int)v;
            found++;
        }
    }
    if (found != 3) {
        long long v = 0;
        int rc = jopt_int(c, rule, "aka", 0, 4, &v);
        if (rc < 0)
            return rc;
        n = 3 * (int)v;
    }
    json_cursor_pop(c, old);
    *out = n;
    return 0;
}

static int rule(json_cursor *c, paifu_game *game, const char *key, const char *value)
{
    return paifu_game_add_rule_override(game, key, value, c->err);
}

typedef struct rule_ctx {
    json_cursor *c;
    paifu_game *game;
} rule_ctx;

static int add_rule(void *payload, const char *key, const char *value)
{
    rule_ctx *r = payload;
    return rule(r->c, r->game, key, value);
}

static int rules_unknown(json_cursor *c, paifu_game *game, const char *reason)
{
    return paifu_game_set_meta(game, PAIFU_META_RULES_UNKNOWN, reason, c->err);
}

/* A result in thousandths: the JSON number (one decimal at most) times 1000, rounded. */
static int32_t thousandths(const json_t *v)
{
    double x = json_number_value(v) * 1000.0;
    return (int32_t)(x < 0 ? x - 0.5 : x + 0.5);
}

/* Results with a non-zero decimal (Tenhou's exact era, tenhou-xml.md §6 item 1). */
static bool exact_results(const json_t *root)
{
    const json_t *sc = json_object_get(root, "sc");
    for (size_t i = 1; i < json_array_size(sc); i += 2) {
        const json_t *v = json_array_get(sc, i);
        if (json_is_number(v) && json_number_value(v) < 1e6 && json_number_value(v) > -1e6 &&
            thousandths(v) % 1000 != 0)
            return true;
    }
    return false;
}

static int tenhou_rules(json_cursor *c, const json_t *root, paifu_game *game, unsigned type,
                        int players)
{
    int rc = paifu_game_set_rules_name(game, "tenhou", c->err);
    if (rc == 0 && (type & 0x04))
        rc = rule(c, game, "kuitan", "false");
    if (rc == 0 && !(type & 0x08))
        rc = rule(c, game, "game_length", "east");
    if (rc == 0 && (type & ~0xFFu)) { /* as the XML reader's GO type (mjlog_header.c) */
        char reason[120];
        snprintf(reason, sizeof(reason),
                 "lobby text %.40s: a chip game or special lobby rules (GO type bits 0x%X)",
                 disp_of(root), type & ~0xFFu);
        rc = rules_unknown(c, game, reason);
    }
    if (rc == 0 && players == 3) { /* the XML reader's GO bit 0x10 values (tenhou-xml.md §7) */
        static const char *const sanma[][2] = {
            {"players", "3"},          {"start_points", "35000"}, {"return_points", "40000"},
            {"oka", "15000"},          {"uma", "20000,0,-20000,0"}, {"sanma_tsumo_loss", "true"},
            {"kita", "true"},          {"noten_total", "2000"},
            /* the rest of the XML reader's GO 0x10 values (formats/tenhou/mjlog_read.c, from the
             * corpus' sanma games): a 3-player round array is the same game */
            {"honba_value", "200"},    {"target_points", "40000"}, {"riichi_min_wall", "3"},
        };
        for (size_t i = 0; rc == 0 && i < sizeof(sanma) / sizeof(sanma[0]); i++)
            rc = rule(c, game, sanma[i][0], sanma[i][1]);
    }
    bool exact = exact_results(root);
    const json_t *lobby = json_object_get(root, "lobby");
    if (rc == 0 && json_is_integer(lobby) && json_integer_value(lobby) != 0) {
        /* as the XML reader does with GO lobby: a private lobby chooses its own uma */
        char reason[96];
        snprintf(reason, sizeof(reason), "private lobby %lld: its uma and return points are "
                 "its own", (long long)json_integer_value(lobby));
        rc = paifu_game_set_meta(game, PAIFU_META_FINAL_UNKNOWN, reason, c->err);
    }
    /* the era's rules, as the XML reader's (mjlog_header.c): from the date of the log id
       `ref`; of the content only exact results tell (no wall seed, and JSON numbers do not
       show Tenhou's "43.0") */
    const json_t *ref = json_object_get(root, "ref");
    uint32_t date = json_is_string(ref) ? paifu_tenhou__log_date(json_string_value(ref)) : 0;
    if (rc == 0 && date) {
        char text[32];
        paifu_tenhou__date_text(text, sizeof(text), json_string_value(ref));
        rc = paifu_game_set_meta(game, PAIFU_META_DATE, text, c->err);
    }
    if (rc == 0)
        rc = paifu_mjlog__era_rules((type & 0x08) ? 0x009 : 0x001, players,
                                    exact ? MJLOG_ERA_OWARI | MJLOG_ERA_EXACT : 0, date, add_rule,
                                    &(rule_ctx){c, game});
    return rc;
}

/* A MahjongSoul room by tensoul's rule.disp (majsoul_names.c), or a log with `ver` a string
   (tensoul writes "2.3" as a string, Tenhou a number) that names no Tenhou lobby. */
static bool majsoul_room(const char *disp, const json_t *root, ms_room *room)
{
    return paifu_majsoul__room(disp, room) || json_is_string(json_object_get(root, "ver"));
}

/*
 * MahjongSoul's rules for a tensoul conversion: "majsoul", East-only for 東喰/East; 3 players
 * with MahjongSoul's 3-player values (kita allowed). tensoul writes the length of 4-player
 * rooms only (modes 1 and 2): a 3-player room's length is not in the log, so the game may end
 * after East (time_limit: no end is required before the last regular deal). Friendly rooms,
 * contests, event rooms and a disp that names no room have rules of their own: named
 * "majsoul" all the same (its tiles, its 3-player kita), with PAIFU_META_RULES_UNKNOWN.
 */
static int majsoul_rules(json_cursor *c, paifu_game *game, const char *disp, const ms_room *room,
                         int players, int reds)
{
    int rc = paifu_game_set_rules_name(game, "majsoul", c->err);
    if (rc == 0 && players == 3) {
        rc = paifu_majsoul__sanma_rules(add_rule, &(rule_ctx){c, game});
        char text[16]; /* the log's red fives (a friendly room's "No Red Fives") over the room's */
        snprintf(text, sizeof(text), "%d", reds);
        if (rc == 0)
            rc = rule(c, game, "red_fives", text);
    }
    if (rc == 0 && room->length == 1)
        rc = rule(c, game, "game_length", "east");
    if (rc == 0 && players == 3 && room->length == 0)
        rc = rule(c, game, "time_limit", "true");
    if (rc == 0 && !room->standard) {
        char reason[160];
        snprintf(reason, sizeof(reason),
                 room->name ? "MahjongSoul %s: a friendly room, contest or event room, whose rules "
                              "are set per room"
                            : "rule.disp \"%.100s\" names no MahjongSoul room",
                 room->name ? room->name : disp ? disp : "");
        rc = rules_unknown(c, game, reason);
    }
    return rc;
}

/* A title naming the JPML official rules (the viewer form's title array, spec §2). */
static bool jpml_title(const json_t *root)
{
    const json_t *title = json_object_get(root, "title");
    for (size_t i = 0; json_is_array(title) && i < json_array_size(title); i++) {
        const char *t = json_string_value(json_array_get(title, i));
        if (t && strstr(t, "日本プロ麻雀連盟公式ルール"))
            return true;
    }
    return false;
}

static int read_rules(json_cursor *c, const json_t *root, paifu_game *game, int players)
{
    const char *disp = disp_of(root);
    unsigned type;
    const json_t *carried = json_object_get(root, PAIFU_RULES_KEY);
    if (carried) /* the rule set paifu's writer carried (paifu_json.h) */
        return paifu_json__read_carried_rules(c, carried, game);
    int reds, rc = red_count(c, root, &reds);
    if (rc < 0)
        return rc;
    if (reds != 3) {
        char text[16];
        snprintf(text, sizeof(text), "%d", reds);
        if ((rc = rule(c, game, "red_fives", text)) < 0)
            return rc;
    }
    if (disp && paifu_tenhou6__lobby_type(disp, &type) && !json_is_string(json_object_get(root, "ver")))
        return tenhou_rules(c, root, game, type, players);
    ms_room room;
    if (majsoul_room(disp, root, &room))
        return majsoul_rules(c, game, disp, &room, players, reds);
    if (players == 3 && (rc = rule(c, game, "players", "3")) < 0)
        return rc;
    if (jpml_title(root)) {
        /* the Japan Professional Mahjong League's official rules, as hand transcriptions of its
           televised games name them: no ippatsu, ura or kan dora (their logs list one dora
           indicator in deals with kans); the rest of the rules (uma, draws) stays unknown */
        static const char *const off[] = {"ippatsu", "ura_dora", "kan_dora"};
        for (size_t i = 0; i < 3; i++)
            if ((rc = rule(c, game, off[i], "false")) < 0)
                return rc;
        return rules_unknown(c, game, "JPML official rules (日本プロ麻雀連盟公式ルール): no "
                             "ippatsu, ura or kan dora; payments and uma not known to paifu");
    }
    char reason[160];
    snprintf(reason, sizeof(reason), disp ? "rule.disp \"%.100s\" is neither a Tenhou lobby nor "
                                            "a MahjongSoul room"
                                          : "the log names no rule set%.0s",
             disp ? disp : "");
    return rules_unknown(c, game, reason);
}

static int read_names(json_cursor *c, const json_t *root, paifu_game *game, int players)
{
    const json_t *names = json_object_get(root, "name");
    if (!names)
        return 0;
    size_t old = json_cursor_key(c, "name");
    if (!json_is_array(names) || json_array_size(names) < (size_t)players ||
        json_array_size(names) > PAIFU_SEATS)
        return jerr(c, "expected the player names: an array of %d strings, found %s", players,
                    json_is_array(names) ? "another length" : jtype(names));
    for (int s = 0; s < players; s++) {
        const json_t *v = json_array_get(names, (size_t)s);
        size_t o2 = json_cursor_index(c, (size_t)s);
        if (!json_is_string(v))
            return jerr(c, "expected a name (a string), found %s", jtype(v));
        const char *name = json_string_value(v); /* Tenhou's "NoName": an unnamed seat */
        int rc = paifu_game_set_player_name(game, s, strcmp(name, TENHOU_UNNAMED) == 0 ? "" : name,
                                            c->err);
        if (rc < 0)
            return rc;
        json_cursor_pop(c, o2);
    }
    json_cursor_pop(c, old);
    return 0;
}

static int read_connections(json_cursor *c, t6_state *st, const json_t *root, paifu_game *game)
{
    const json_t *conn = json_object_get(root, "connection");
    st->n_conn = 0;
    if (!conn)
        return 0;
    size_t old = json_cursor_key(c, "connection");
    if (!json_is_array(conn) || json_array_size(conn) > T6_MAX_CONNECTIONS)
        return jerr(c, "expected at most %d connection entries (an array), found %s",
                    T6_MAX_CONNECTIONS, json_is_array(conn) ? "more" : jtype(conn));
    for (size_t i = 0; i < json_array_size(conn); i++) {
        const json_t *e = json_array_get(conn, i);
        size_t o2 = json_cursor_index(c, i);
        long long what, log, who, step;
        int rc;
        if (!json_is_object(e))
            return jerr(c, "expected {\"what\", \"log\", \"who\", \"step\"}, found %s", jtype(e));
        if ((rc = jreq_int(c, e, "what", 0, 1, &what)) < 0 ||
            (rc = jreq_int(c, e, "log", -1, 100000, &log)) < 0 ||
            (rc = jreq_int(c, e, "who", 0, st->players - 1, &who)) < 0 ||
            (rc = jreq_int(c, e, "step", 0, 100000, &step)) < 0)
            return rc;
        t6_connection *k = &st->conn[st->n_conn++];
        *k = (t6_connection){(int32_t)log, (uint32_t)step, (uint8_t)what, (uint8_t)who};
        if (log < 0) { /* before the first round: the game's prelude */
            paifu_event ev;
            paifu_event_init(&ev, what ? PAIFU_EV_RECONNECT : PAIFU_EV_DISCONNECT, (int)who);
            if ((rc = paifu_game_add_event(game, &ev, c->err)) < 0)
                return rc;
        }
        json_cursor_pop(c, o2);
    }
    json_cursor_pop(c, old);
    return 0;
}

static int read_header(json_cursor *c, t6_state *st, const json_t *root, paifu_game *game)
{
    st->players = count_players(root);
    int reds, rc = red_count(c, root, &reds);
    if (rc < 0)
        return rc;
    st->reds = reds > 0;
    if ((rc = paifu_game_set_players(game, st->players, c->err)) < 0 ||
        (rc = paifu_game_set_source_format(game, "tenhou6", c->err)) < 0 ||
        (rc = read_names(c, root, game, st->players)) < 0 ||
        (rc = read_rules(c, root, game, st->players)) < 0 ||
        (rc = keep_header(c, root, game)) < 0)
        return rc;
    return read_connections(c, st, root, game);
}

/* `sc`: points, result per seat (spec §2.1); the result exact to 0.1 becomes an integer. */
static int read_sc(json_cursor *c, const json_t *root, paifu_game *game, int players)
{
    const json_t *sc = json_object_get(root, "sc");
    if (!sc)
        return 0;
    size_t old = json_cursor_key(c, "sc");
    if (!json_is_array(sc) || json_array_size(sc) < 2 * (size_t)players ||
        json_array_size(sc) > 4 * PAIFU_SEATS)
        return jerr(c, "expected the final points and results: an array of 8 numbers, found %s",
                    json_is_array(sc) ? "another length" : jtype(sc));
    paifu_game_result res;
    memset(&res, 0, sizeof(res));
    for (size_t i = 0; i < 2 * PAIFU_SEATS && i < json_array_size(sc); i++) {
        const json_t *v = json_array_get(sc, i);
        size_t o2 = json_cursor_index(c, i);
        if (i / 2 >= (size_t)players) { /* an absent seat: 0, or "" (tensoul's 3-player form) */
            if (!(json_is_number(v) && json_number_value(v) == 0) &&
                !(json_is_string(v) && json_string_value(v)[0] == '\0'))
                return jerr(c, "expected 0 or \"\" for the seat a %d-player game does not have, "
                            "found %s", players, jtype(v));
            json_cursor_pop(c, o2);
            continue;
        }
        if (!json_is_number(v) || json_number_value(v) > 1e6 || json_number_value(v) < -1e6 ||
            (i % 2 == 0 && !json_is_integer(v)))
            return jerr(c, "expected %s, found %s", i % 2 ? "a result (a number)" : "points "
                        "(an integer)", jtype(v));
        if (i % 2 == 0)
            res.points[i / 2] = (int32_t)json_integer_value(v);
        else
            res.final[i / 2] = thousandths(v);
        json_cursor_pop(c, o2);
    }
    json_cursor_pop(c, old);
    res.has_points = res.has_final = true;
    paifu_game_set_result(game, &res);
    return 0;
}

/* The rounds of ROOT, appended to GAME. */
static int read_rounds(json_cursor *c, t6_state *st, const json_t *root, paifu_game *game)
{
    const json_t *log = json_object_get(root, "log");
    size_t old = json_cursor_key(c, "log");
    for (size_t i = 0; i < json_array_size(log); i++) {
        size_t o2 = json_cursor_index(c, i);
        int rc = paifu_tenhou6__read_deal(st, c, json_array_get(log, i), i, game);
        if (rc < 0)
            return rc;
        json_cursor_pop(c, o2);
    }
    json_cursor_pop(c, old);
    st->deal_base += (int32_t)json_array_size(log);
    return 0;
}

/* Does NEXT continue the game that PREV (without `sc`) belongs to? (mjx's JSON lines) */
static bool continues(const json_t *prev, const json_t *next)
{
    const json_t *first = json_array_get(json_array_get(json_object_get(next, "log"), 0), 0);
    bool fresh = json_integer_value(json_array_get(first, 0)) == 0 &&
                 json_integer_value(json_array_get(first, 1)) == 0;
    return json_is_object(next) && !json_object_get(prev, "sc") && !fresh &&
           json_equal(json_object_get(prev, "name"), json_object_get(next, "name")) &&
           json_equal(json_object_get(prev, "rule"), json_object_get(next, "rule"));
}

static int read_document(tenhou6_reader *r, json_cursor *c, const json_t *root, uint32_t line,
                         paifu_game *game)
{
    r->state.doc_line = line;
    c->line = line;
    int rc = check_document(c, root);
    if (rc == 0)
        rc = read_rounds(c, &r->state, root, game);
    if (rc == 0)
        rc = read_sc(c, root, game, r->state.players);
    return rc;
}

/* ---- tenpai the rules give ---- */

/* Tenpai at every exhaustive draw of GAME whose result gives none, where the log's rule set
   declares tenpai automatically (see the header): what the hands show, recorded. A deal whose
   tiles do not replay keeps it unknown (the verifier says what does not fit); only running out
   of memory is an error. */
static int tenpai_by_rules(paifu_game *game, paifu_error *err)
{
    paifu_rules *rules = NULL;
    paifu_error why;
    int rc = 0, players = paifu_game_players(game);
    if (!paifu_game_rules_given(game))
        return 0;
    paifu_error_clear(&why);
    for (size_t k = 0; rc == 0 && k < paifu_game_deal_count(game); k++) {
        const paifu_deal *d = paifu_game_deal(game, k);
        for (size_t i = 0; rc == 0 && i < d->n_draws; i++) {
            unsigned tenpai = 0;
            if (d->draws[i].kind != PAIFU_DRAW_EXHAUSTIVE || (d->draws[i].known & PAIFU_REC_TENPAI))
                continue;
            int got = rules ? 0 : paifu_game_rules(&rules, game, NULL, &why);
            if (got == 0)
                got = paifu_deal_draw_tenpai(&tenpai, d, i, players, rules, &why);
            if (got < 0 && why.code == PAIFU_ENOMEM)
                rc = paifu_error_set(err, PAIFU_ENOMEM, NULL, "out of memory");
            else if (got == 1)
                rc = paifu_game_set_draw_tenpai(game, k, i, tenpai, err);
        }
    }
    paifu_rules_free(rules);
    return rc;
}

/* ---- reader ---- */

static int reader_next(void *state, paifu_game *game, paifu_error *err)
{
    tenhou6_reader *r = state;
    json_t *root = r->pending;
    uint32_t line = r->pending_line;
    int rc = 1;
    r->pending = NULL;
    if (!root && (rc = next_document(r, &root, &line, err)) <= 0)
        return rc;
    json_cursor c;
    json_cursor_init(&c, r->in.source, err);
    c.line = line;
    r->state.deal_base = 0;
    rc = check_document(&c, root);
    if (rc == 0)
        rc = read_header(&c, &r->state, root, game);
    if (rc == 0)
        rc = read_document(r, &c, root, line, game);
    while (rc == 0 && !json_object_get(root, "sc")) {
        json_t *next;
        uint32_t next_line;
        int got = next_document(r, &next, &next_line, err);
        if (got <= 0) {
            rc = got;
            break;
        }
        if (!continues(root, next)) {
            r->pending = next;
            r->pending_line = next_line;
            break;
        }
        jfree(root);
        root = next;
        json_cursor_init(&c, r->in.source, err);
        rc = read_document(r, &c, root, next_line, game);
        /* rounds one per line (mjx) record a whole game without its end: the verifier tells a
           cut between them by the rules (issue 36) */
        if (rc == 0 && !paifu_game_meta_get(game, PAIFU_META_WHOLE_GAME))
            rc = paifu_game_set_meta(game, PAIFU_META_WHOLE_GAME, "rounds one per line", err);
    }
    if (rc == 0)
        rc = tenpai_by_rules(game, err);
    jfree(root);
    return rc < 0 ? rc : 1;
}

static void reader_free(void *state)
{
    tenhou6_reader *r = state;
    if (!r)
        return;
    jfree(r->pending);
    free(r);
}

/* Streaming (format.h): the reader needs the bytes from the next document on; a game is one
   document, or several that continue it (mjx), each read whole (next_document). */
JSTREAM_HEAD_OK(tenhou6_reader);

const format_impl paifu_format_tenhou6 = {
    .info = {.name = "tenhou6",
             .description = "tenhou.net/6 JSON (Tenhou's viewer format; also tensoul, mjx)",
             .can_read = true,
             .can_write = true,
             .carries = PAIFU_CARRIES_TSUMOGIRI | PAIFU_CARRIES_CONNECTION | PAIFU_CARRIES_FINAL |
                        PAIFU_CARRIES_RULES,
             .extension = ".json"},
    .sniff = sniff,
    .resembles = resembles,
    .reader_size = sizeof(tenhou6_reader),
    .reader_next = reader_next,
    .reader_free = reader_free,
    .writer = &paifu_tenhou6__writer,
    .multi_game = true,
    .stream_span = jstream_span,
    .game_end = jdoc_end,
    .stream_rebase = jstream_rebase,
};
