/*
 * test_paifu_json.c: paifu's own format: read/write round trips, several games per file,
 * gzip, limits, and one malformed case per kind of mistake with the position it must name.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "paifu.h"

#include <jansson.h>

static const char GAME[] =
    "{\"paifu\": 1, \"rules\": {\"preset\": \"tenhou\", \"overrides\": {\"red_fives\": 0, "
    "\"uma\": [10000, 5000, -5000, -10000], \"abortive\": [\"kyuushu\"], \"kiriage\": false}},\n"
    " \"players\": [\"東\", \"B\", \"C\", \"D\"],\n"
    " \"source\": {\"format\": \"tenhou-xml\", \"meta\": {\"tenhou.go.type\": \"169\"}},\n"
    " \"prelude\": [{\"type\": \"disconnect\", \"seat\": 2}],\n"
    " \"deals\": [{\"round\": \"E1\", \"dealer\": 0, \"honba\": 0, \"riichi_sticks\": 0,\n"
    "   \"scores\": [25000, 25000, 25000, 25000], \"dora_indicator\": \"1s\", "
    "\"dora_indicator_id\": 72, \"dice\": [2, 5],\n"
    "   \"hands\": [\"123m456p789s1122z\", \"123m456p789s1133z\", \"123m456p789s1144z\", "
    "\"123m456p789s1155z\"],\n"
    "   \"events\": [{\"type\": \"draw\", \"seat\": 0, \"tile\": \"5z\", \"id\": 124},\n"
    "     {\"type\": \"discard\", \"seat\": 0, \"tile\": \"5z\", \"id\": 124, \"tsumogiri\": true, "
    "\"riichi\": true},\n"
    "     {\"type\": \"riichi_accepted\", \"seat\": 0, \"scores\": [24000, 25000, 25000, 25000]},\n"
    "     {\"type\": \"pon\", \"seat\": 3, \"from\": 0, \"tile\": \"5z\", \"consumed\": \"55z\"},\n"
    "     {\"type\": \"ankan\", \"seat\": 1, \"consumed\": \"1111z\"},\n"
    "     {\"type\": \"dora\", \"tile\": \"2m\"},\n"
    "     {\"type\": \"draw\", \"seat\": 1, \"tile\": \"3s\", \"replacement\": true},\n"
    "     {\"type\": \"reconnect\", \"seat\": 2},\n"
    "     {\"type\": \"win\", \"seat\": 1, \"from\": 1, \"tile\": \"3s\", \"hand\": \"123m456p789s33z3s\", "
    "\"han\": 3, \"fu\": 50, \"points\": 6400, \"payment_nondealer\": 1600, \"payment_dealer\": 3200, "
    "\"limit\": \"none\", \"yaku\": [[\"rinshan_kaihou\", 1], [\"menzen_tsumo\", 1], [\"dora\", 1]], "
    "\"dora\": \"1s2m\", \"honba\": 0, \"riichi_sticks\": 1, \"scores_before\": [24000, 25000, 25000, "
    "25000], \"deltas\": [-3200, 7400, -1600, -1600]}]},\n"
    "  {\"round\": \"E2\", \"dealer\": 1, \"result_only\": true, \"events\": [\n"
    "     {\"type\": \"riichi_accepted\", \"seat\": 2},\n"
    "     {\"type\": \"exhaustive_draw\", \"tenpai\": [2], \"hands\": [null, null, \"123m456p789s1z\", null], "
    "\"deltas\": [-1000, -1000, 3000, -1000]},\n"
    "     {\"type\": \"penalty\", \"seat\": 3, \"kind\": \"chombo\", \"timing\": \"after_uma\", \"amount\": "
    "20000, \"note\": \"noten riichi\"}]}],\n"
    " \"result\": {\"points\": [20800, 31400, 25400, 22400], \"final\": [-9000, 21000, 0, -12000]}}\n";

typedef struct sink {
    char *data;
    size_t len;
} sink;

static int to_sink(const void *data, size_t size, void *payload)
{
    sink *s = payload;
    char *p = realloc(s->data, s->len + size + 1);
    if (!p)
        return -1;
    memcpy(p + s->len, data, size);
    s->data = p;
    s->len += size;
    s->data[s->len] = '\0';
    return 0;
}

/* Write every game of DATA in paifu format into OUT. Returns the number of games. */
static int rewrite(sink *out, const char *data, size_t size)
{
    paifu_error err;
    paifu_error_clear(&err);
    paifu_reader *r;
    int rc = paifu_reader_open_buffer(&r, data, size, NULL, &err);
    if (rc < 0)
        fail_msg("open: %s", err.text);
    paifu_writer *w;
    assert_int_equal(paifu_writer_open(&w, "paifu", to_sink, out, NULL, &err), 0);
    const paifu_game *g;
    int games = 0;
    while ((rc = paifu_reader_next(&g, r, &err)) > 0) {
        assert_int_equal(paifu_writer_write(w, g, &err), 0);
        games++;
    }
    if (rc < 0)
        fail_msg("read: %s at %s", err.text, err.where.path);
    assert_int_equal(paifu_writer_close(w, &err), 0);
    paifu_writer_free(w);
    paifu_reader_free(r);
    return games;
}

static void round_trip_is_byte_identical(void **state)
{
    (void)state;
    sink a = {0}, b = {0};
    assert_int_equal(rewrite(&a, GAME, strlen(GAME)), 1);
    assert_int_equal(rewrite(&b, a.data, a.len), 1);
    assert_int_equal(a.len, b.len);
    assert_memory_equal(a.data, b.data, a.len);
    /* what was read is what was written: spot checks on the text */
    assert_non_null(strstr(a.data, "\"players\": [\"東\", \"B\", \"C\", \"D\"]"));
    assert_non_null(strstr(a.data, "\"format\": \"tenhou-xml\""));
    assert_non_null(strstr(a.data, "\"uma\": [10000, 5000, -5000, -10000]"));
    assert_non_null(strstr(a.data, "\"abortive\": [\"kyuushu\"]"));
    assert_non_null(strstr(a.data, "\"tsumogiri\": true, \"riichi\": true"));
    assert_non_null(strstr(a.data, "\"result_only\": true"));
    assert_non_null(strstr(a.data, "\"note\": \"noten riichi\""));
    free(a.data);
    free(b.data);
}

static void model_holds_what_the_file_says(void **state)
{
    (void)state;
    paifu_game *g;
    paifu_error err;
    paifu_error_clear(&err);
    assert_int_equal(paifu_game_read_buffer(&g, GAME, strlen(GAME), NULL, &err), 0);
    assert_int_equal(paifu_game_players(g), 4);
    assert_string_equal(paifu_game_rules_name(g), "tenhou");
    assert_int_equal(paifu_game_rule_override_count(g), 4);
    assert_string_equal(paifu_game_meta_get(g, "tenhou.go.type"), "169");
    assert_int_equal(paifu_game_prelude_count(g), 1);
    assert_int_equal(paifu_game_deal_count(g), 2);
    const paifu_deal *d = paifu_game_deal(g, 0);
    assert_int_equal(d->n_events, 9);
    assert_int_equal(d->start.dice[1], 5);
    assert_int_equal(d->start.dora_indicator_id, 72);
    assert_int_equal(d->events[1].flags, PAIFU_EVF_TSUMOGIRI | PAIFU_EVF_TSUMOGIRI_KNOWN |
                                             PAIFU_EVF_RIICHI);
    assert_int_equal(d->events[2].type, PAIFU_EV_RIICHI_ACCEPTED);
    assert_int_equal(d->score_rows[d->events[2].detail][0], 24000);
    assert_int_equal(d->events[3].from, 0);
    assert_int_equal(d->events[3].n, 2);
    assert_int_equal(d->n_wins, 1);
    const paifu_win *w = &d->wins[0];
    assert_int_equal(w->fu, 50);
    assert_int_equal(w->n_yaku, 3);
    assert_int_equal(w->yaku[0].id, PAIFU_YAKU_RINSHAN_KAIHOU);
    assert_int_equal(w->deltas[1], 7400);
    assert_int_equal(w->n_dora, 2);
    assert_true(w->known & PAIFU_REC_PAYMENTS);
    assert_false(w->known & PAIFU_REC_URA);
    const paifu_deal *d2 = paifu_game_deal(g, 1);
    assert_true(d2->flags & PAIFU_DEAL_RESULT_ONLY);
    assert_false(d2->start.flags & PAIFU_DEAL_HAS_SCORES);
    assert_int_equal(d2->draws[0].tenpai, 1u << 2);
    assert_int_equal(d2->draws[0].shown, 1u << 2);
    assert_int_equal(d2->penalties[0].amount, 20000);
    const paifu_game_result *res = paifu_game_result_get(g);
    assert_true(res->has_final);
    assert_int_equal(res->final[1], 21000);
    char label[16];
    assert_string_equal(paifu_deal_label(label, sizeof(label), &d->start), "E1-0");
    paifu_game_free(g);
}

/* The riichi deposit of a plain riichi is no double riichi; "double": true makes it one. A deal
   with a wall but no wall_ids reads whole. */
static void riichi_double_and_wall_without_ids(void **state)
{
    (void)state;
    paifu_game *g;
    assert_int_equal(paifu_game_read_buffer(&g, GAME, strlen(GAME), NULL, NULL), 0);
    const paifu_deal *d = paifu_game_deal(g, 0);
    assert_int_equal(d->events[2].type, PAIFU_EV_RIICHI_ACCEPTED);
    assert_int_equal(d->events[2].flags & PAIFU_EVF_DOUBLE_RIICHI, 0);
    paifu_game_free(g);

    char *doc = malloc(sizeof(GAME) + 600);
    assert_non_null(doc);
    const char *at = strstr(GAME, "{\"type\": \"riichi_accepted\", \"seat\": 0,");
    size_t head = (size_t)(at - GAME) + strlen("{\"type\": \"riichi_accepted\", \"seat\": 0,");
    memcpy(doc, GAME, head);
    strcpy(doc + head, " \"double\": true,");
    strcat(doc, at + strlen("{\"type\": \"riichi_accepted\", \"seat\": 0,"));
    assert_int_equal(paifu_game_read_buffer(&g, doc, strlen(doc), NULL, NULL), 0);
    assert_true(paifu_game_deal(g, 0)->events[2].flags & PAIFU_EVF_DOUBLE_RIICHI);
    paifu_game_free(g);

    /* every tile four times, in order: a wall without ids */
    char wall[400] = "";
    for (int suit = 0; suit < 4; suit++) {
        for (int k = 1; k <= (suit == 3 ? 7 : 9); k++)
            for (int n = 0; n < 4; n++)
                snprintf(wall + strlen(wall), sizeof(wall) - strlen(wall), "%d", k);
        snprintf(wall + strlen(wall), sizeof(wall) - strlen(wall), "%c", "mpsz"[suit]);
    }
    at = strstr(GAME, "\"dice\": [2, 5],");
    head = (size_t)(at - GAME);
    memcpy(doc, GAME, head);
    snprintf(doc + head, 500, "\"wall\": \"%s\", ", wall);
    strcat(doc, at);
    paifu_error err;
    paifu_error_clear(&err);
    if (paifu_game_read_buffer(&g, doc, strlen(doc), NULL, &err) != 0)
        fail_msg("%s", err.text);
    d = paifu_game_deal(g, 0);
    assert_int_equal(d->start.n_wall, 136);
    assert_int_equal(d->n_events, 9);
    assert_int_equal(d->start.dice[1], 5);
    paifu_game_free(g);
    free(doc);
}

static void several_games_per_file(void **state)
{
    (void)state;
    /* one after another, and as an array */
    size_t n = strlen(GAME);
    char *two = malloc(2 * n + 2);
    memcpy(two, GAME, n);
    memcpy(two + n, GAME, n + 1);
    sink a = {0};
    assert_int_equal(rewrite(&a, two, 2 * n), 2);
    char *arr = malloc(2 * n + 8);
    snprintf(arr, 2 * n + 8, "[%s,%s]", GAME, GAME);
    sink b = {0};
    assert_int_equal(rewrite(&b, arr, strlen(arr)), 2);
    assert_int_equal(a.len, b.len);
    assert_memory_equal(a.data, b.data, a.len);
    free(two);
    free(arr);
    free(a.data);
    free(b.data);
}

static void gzip_is_detected_from_content(void **state)
{
    (void)state;
    z_stream zs;
    memset(&zs, 0, sizeof(zs));
    assert_int_equal(deflateInit2(&zs, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY), Z_OK);
    unsigned char out[8192];
    zs.next_in = (Bytef *)GAME;
    zs.avail_in = (uInt)strlen(GAME);
    zs.next_out = out;
    zs.avail_out = sizeof(out);
    assert_int_equal(deflate(&zs, Z_FINISH), Z_STREAM_END);
    size_t len = sizeof(out) - zs.avail_out;
    deflateEnd(&zs);
    paifu_reader *r;
    paifu_error err;
    paifu_error_clear(&err);
    assert_int_equal(paifu_reader_open_buffer(&r, out, len, NULL, &err), 0);
    assert_true(paifu_reader_was_compressed(r));
    assert_string_equal(paifu_reader_format(r), "paifu");
    const paifu_game *g;
    assert_int_equal(paifu_reader_next(&g, r, &err), 1);
    assert_int_equal(paifu_game_deal_count(g), 2);
    paifu_reader_free(r);
    /* a truncated gzip stream is a clear error */
    paifu_error_clear(&err);
    assert_int_equal(paifu_reader_open_buffer(&r, out, len / 2, NULL, &err), PAIFU_EFORMAT);
    assert_non_null(strstr(err.text, "gzip"));
    /* the decompressed size is capped */
    paifu_read_options o = PAIFU_READ_OPTIONS_INIT;
    o.max_inflated = 100;
    paifu_error_clear(&err);
    assert_int_equal(paifu_reader_open_buffer(&r, out, len, &o, &err), PAIFU_ELIMIT);
}

static void limits_are_enforced(void **state)
{
    (void)state;
    paifu_read_options o = PAIFU_READ_OPTIONS_INIT;
    o.max_events = 3;
    paifu_game *g;
    paifu_error err;
    paifu_error_clear(&err);
    assert_int_equal(paifu_game_read_buffer(&g, GAME, strlen(GAME), &o, &err), PAIFU_ELIMIT);
    assert_non_null(strstr(err.where.path, "$.deals[0].events[3]"));
    o.max_events = 0;
    o.max_input = 10;
    paifu_error_clear(&err);
    assert_int_equal(paifu_game_read_buffer(&g, GAME, strlen(GAME), &o, &err), PAIFU_ELIMIT);
}

/* ---- malformed inputs: one case per kind, each naming its position ---- */

typedef struct bad_case {
    const char *name;
    const char *from, *to; /* replace the first FROM in GAME by TO (NULL: truncate at FROM) */
    paifu_error_code code;
    const char *where;     /* substring of the path, or "line N" */
    const char *text;      /* substring of the message */
} bad_case;

static const bad_case BAD[] = {
    {"truncated", "\"deals\"", NULL, PAIFU_EFORMAT, "line 5", "invalid JSON"},
    {"wrong type players", "[\"東\", \"B\", \"C\", \"D\"]", "\"ABCD\"", PAIFU_EFORMAT, "$.players",
     "found a string"},
    {"wrong type seat", "\"seat\": 0, \"tile\": \"5z\", \"id\": 124},",
     "\"seat\": \"0\", \"tile\": "
     "\"5z\", \"id\": 124},",
     PAIFU_EFORMAT, "$.deals[0].events[0].seat", "integer"},
    {"unknown event", "\"type\": \"ankan\"", "\"type\": \"kong\"", PAIFU_EFORMAT,
     "$.deals[0].events[4].type", "\"kong\""},
    {"impossible tile", "\"tile\": \"2m\"", "\"tile\": \"8z\"", PAIFU_EFORMAT,
     "$.deals[0].events[5].tile", "\"8z\""},
    {"impossible tile in hand", "123m456p789s1144z", "123m456p789s1184z", PAIFU_EFORMAT,
     "$.deals[0].hands[2]", "\"8z\""},
    {"seat out of range", "\"seat\": 3, \"from\": 0", "\"seat\": 4, \"from\": 0", PAIFU_EFORMAT,
     "$.deals[0].events[3].seat", "0 to 3"},
    {"consumed count", "\"consumed\": \"55z\"", "\"consumed\": \"555z\"", PAIFU_EFORMAT,
     "$.deals[0].events[3].consumed", "expected 2"},
    {"bad round", "\"round\": \"E2\"", "\"round\": \"X2\"", PAIFU_EFORMAT, "$.deals[1].round",
     "\"X2\""},
    {"unknown rule", "\"kiriage\": false", "\"kirriage\": false", PAIFU_EFORMAT,
     "$.rules.overrides.kirriage", "kirriage"},
    {"bad rule value", "\"kiriage\": false", "\"kiriage\": 3", PAIFU_EFORMAT,
     "$.rules.overrides.kiriage", "true or false"},
    {"future version", "\"paifu\": 1", "\"paifu\": 2", PAIFU_EUNSUPPORTED, "$.paifu", "version 2"},
    {"duplicate key", "\"dealer\": 0,", "\"dealer\": 0, \"dealer\": 1,", PAIFU_EFORMAT, "line 5",
     "duplicate"},
    {"missing events", "\"result_only\": true, \"events\": [", "\"result_only\": true, \"evts\": [",
     PAIFU_EFORMAT, "$.deals[1].events", "array of events"},
    {"bad yaku", "[\"dora\", 1]", "[\"dorra\", 1]", PAIFU_EFORMAT, "$.deals[0].events[8].yaku[2]",
     "\"dorra\""},
    {"bad limit", "\"limit\": \"none\"", "\"limit\": \"huge\"", PAIFU_EFORMAT,
     "$.deals[0].events[8].limit", "\"huge\""},
    {"bad penalty kind", "\"kind\": \"chombo\"", "\"kind\": \"yellow_card\"", PAIFU_EFORMAT,
     "$.deals[1].events[2].kind", "yellow_card"},
    {"bad deltas length", "\"deltas\": [-1000, -1000, 3000, -1000]", "\"deltas\": [3000, -1000]",
     PAIFU_EFORMAT, "$.deals[1].events[1].deltas", "4 integers"},
    /* each key of schemas/paifu.schema.json of the wrong type or size, refused at its path */
    {"prelude not an array", "\"prelude\": [{\"type\": \"disconnect\", \"seat\": 2}]",
     "\"prelude\": {\"type\": \"disconnect\"}", PAIFU_EFORMAT, "$.prelude", "array of events"},
    {"source not an object",
     "\"source\": {\"format\": \"tenhou-xml\", \"meta\": "
     "{\"tenhou.go.type\": \"169\"}}",
     "\"source\": \"tenhou-xml\"", PAIFU_EFORMAT, "$.source", "expected an object"},
    {"source meta not an object", "\"meta\": {\"tenhou.go.type\": \"169\"}", "\"meta\": [\"169\"]",
     PAIFU_EFORMAT, "$.source.meta", "object of strings"},
    {"source meta not a string", "{\"tenhou.go.type\": \"169\"}", "{\"tenhou.go.type\": 169}",
     PAIFU_EFORMAT, "$.source.meta.tenhou.go.type", "expected a string"},
    {"overrides not an object", "\"overrides\": {\"red_fives\": 0, ",
     "\"overrides\": [0], \"x\": {", PAIFU_EFORMAT, "$.rules.overrides", "object of parameters"},
    {"rule list of objects", "\"abortive\": [\"kyuushu\"]", "\"abortive\": [{}]", PAIFU_EFORMAT,
     "$.rules.overrides.abortive", "integers or names"},
    {"deal not an object", "\"deals\": [{", "\"deals\": [7, {", PAIFU_EFORMAT, "$.deals[0]",
     "deal object"},
    {"event not an object", "{\"type\": \"reconnect\", \"seat\": 2}", "[\"reconnect\", 2]",
     PAIFU_EFORMAT, "$.deals[0].events[7]", "event object"},
    {"consumed ids count", "\"consumed\": \"55z\"}",
     "\"consumed\": \"55z\", \"consumed_ids\": [128]}", PAIFU_EFORMAT,
     "$.deals[0].events[3].consumed_ids", "one per consumed tile"},
    {"win id out of range", "\"tile\": \"3s\", \"hand\"", "\"tile\": \"3s\", \"id\": 255, \"hand\"",
     PAIFU_EFORMAT, "$.deals[0].events[8].id", "254"},
    {"pao out of range", "\"seat\": 1, \"from\": 1,", "\"seat\": 1, \"from\": 1, \"pao\": 4,",
     PAIFU_EFORMAT, "$.deals[0].events[8].pao", "0 to 3"},
    {"win hand ids count", "\"hand\": \"123m456p789s33z3s\",",
     "\"hand\": \"123m456p789s33z3s\", "
     "\"hand_ids\": [0, 4],",
     PAIFU_EFORMAT, "$.deals[0].events[8].hand_ids", "one per tile of the hand"},
    {"computed not an array", "\"han\": 3,", "\"han\": 3, \"computed\": \"fu\",", PAIFU_EFORMAT,
     "$.deals[0].events[8].computed", "array of value names"},
    {"computed unknown value", "\"han\": 3,", "\"han\": 3, \"computed\": [\"fu\", \"wind\"],",
     PAIFU_EFORMAT, "$.deals[0].events[8].computed", "at [1]"},
    {"yaku not an array",
     "\"yaku\": [[\"rinshan_kaihou\", 1], [\"menzen_tsumo\", 1], [\"dora\", 1]]",
     "\"yaku\": {\"dora\": 1}", PAIFU_EFORMAT, "$.deals[0].events[8].yaku", "[name, han] pairs"},
    {"yaku pair short", "[\"menzen_tsumo\", 1]", "[\"menzen_tsumo\"]", PAIFU_EFORMAT,
     "$.deals[0].events[8].yaku[1]", "[name, han] or"},
    {"yaku han not a number", "[\"menzen_tsumo\", 1]", "[\"menzen_tsumo\", \"1\"]", PAIFU_EFORMAT,
     "$.deals[0].events[8].yaku[1]", "han as an integer"},
    {"yaku count zero", "[\"dora\", 1]", "[\"dora\", 1, 0]", PAIFU_EFORMAT,
     "$.deals[0].events[8].yaku[2]", "count from 1 to 255"},
    {"yaku spelling not a string", "[\"dora\", 1]", "[\"dora\", 1, 1, 7]", PAIFU_EFORMAT,
     "$.deals[0].events[8].yaku[2]", "spelling as a string"},
    {"dora ids count", "\"dora\": \"1s2m\",", "\"dora\": \"1s2m\", \"dora_ids\": [72],",
     PAIFU_EFORMAT, "$.deals[0].events[8].dora_ids", "one per indicator"},
    {"tenpai not an array", "\"tenpai\": [2]", "\"tenpai\": 2", PAIFU_EFORMAT,
     "$.deals[1].events[1].tenpai", "array of seats"},
    {"tenpai seat out of range", "\"tenpai\": [2]", "\"tenpai\": [2, 4]", PAIFU_EFORMAT,
     "$.deals[1].events[1].tenpai[1]", "seat from 0 to 3"},
    {"draw hand ids not lists", "\"hands\": [null, null, \"123m456p789s1z\", null],",
     "\"hands\": "
     "[null, null, \"123m456p789s1z\", null], \"hand_ids\": 5,",
     PAIFU_EFORMAT, "$.deals[1].events[1].hand_ids", "array of 4 id lists"},
    {"draw hand ids count", "\"hands\": [null, null, \"123m456p789s1z\", null],",
     "\"hands\": "
     "[null, null, \"123m456p789s1z\", null], \"hand_ids\": [null, null, [0], null],",
     PAIFU_EFORMAT, "$.deals[1].events[1].hand_ids[2]", "expected 10 tile ids"},
    {"draw hand id out of range", "\"hands\": [null, null, \"123m456p789s1z\", null],",
     "\"hands\": "
     "[null, null, \"123m456p789s1z\", null], \"hand_ids\": [null, null, [0, 4, 8, 12, 16, 20, 24, "
     "28, 32, 255], null],",
     PAIFU_EFORMAT, "$.deals[1].events[1].hand_ids[2][9]", "tile id from 0 to 254"},
    {"deal hand ids count", "\"dice\": [2, 5],",
     "\"dice\": [2, 5], \"hand_ids\": [[0], null, null, "
     "null],",
     PAIFU_EFORMAT, "$.deals[0].hand_ids[0]", "expected 13 tile ids"},
    {"penalty timing", "\"timing\": \"after_uma\"", "\"timing\": \"later\"", PAIFU_EFORMAT,
     "$.deals[1].events[2].timing", "by_rules, after_uma or immediate"},
    {"scores wrong length", "\"scores\": [25000, 25000, 25000, 25000]", "\"scores\": [25000]",
     PAIFU_EFORMAT, "$.deals[0].scores", "4 integers"},
    {"dora indicator id out of range", "\"dora_indicator_id\": 72", "\"dora_indicator_id\": 255",
     PAIFU_EFORMAT, "$.deals[0].dora_indicator_id", "254"},
    {"dice out of range", "\"dice\": [2, 5]", "\"dice\": [2, 7]", PAIFU_EFORMAT,
     "$.deals[0].dice[1]", "from 1 to 6"},
    {"honba out of range", "\"honba\": 0, \"riichi_sticks\": 0,",
     "\"honba\": -1, "
     "\"riichi_sticks\": 0,",
     PAIFU_EFORMAT, "$.deals[0].honba", "from 0 to 1000"},
    {"wall ids count", "\"dice\": [2, 5],",
     "\"dice\": [2, 5], \"wall\": \"1m2m3m\", \"wall_ids\": "
     "[0, 4],",
     PAIFU_EFORMAT, "$.deals[0].wall_ids", "one per wall tile"},
    {"abortive draw kind", "{\"type\": \"exhaustive_draw\", \"tenpai\": [2],",
     "{\"type\": \"abortive_draw\", \"kind\": \"tired\", \"tenpai\": [2],", PAIFU_EFORMAT,
     "$.deals[1].events[1].kind", "expected kyuushu, suufon"},
    {"abortive draw seat", "{\"type\": \"exhaustive_draw\", \"tenpai\": [2],",
     "{\"type\": \"abortive_draw\", \"kind\": \"kyuushu\", \"seat\": 4, \"tenpai\": [2],",
     PAIFU_EFORMAT, "$.deals[1].events[1].seat", "0 to 3"},
    {"result not an object", "\"result\": {\"points\"", "\"result\": [], \"x\": {\"points\"",
     PAIFU_EFORMAT, "$.result", "expected an object"},
};

static void malformed_inputs_name_their_position(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof(BAD) / sizeof(BAD[0]); i++) {
        const bad_case *c = &BAD[i];
        const char *at = strstr(GAME, c->from);
        if (!at)
            fail_msg("case %s: pattern not in the game", c->name);
        size_t head = (size_t)(at - GAME);
        char buf[sizeof(GAME) + 256];
        if (c->to)
            snprintf(buf, sizeof(buf), "%.*s%s%s", (int)head, GAME, c->to, at + strlen(c->from));
        else
            snprintf(buf, sizeof(buf), "%.*s", (int)head, GAME);
        paifu_game *g = NULL;
        paifu_error err;
        paifu_error_clear(&err);
        paifu_read_options o = PAIFU_READ_OPTIONS_INIT;
        o.source_name = "bad.paifu.json";
        int rc = paifu_game_read_buffer(&g, buf, strlen(buf), &o, &err);
        if (rc != (int)c->code)
            fail_msg("case %s: expected error %d, got %d (%s)", c->name, c->code, rc, err.text);
        char where[512];
        paifu_location_format(where, sizeof(where), &err.where);
        bool line_ok = strncmp(c->where, "line ", 5) == 0 &&
                       err.where.line == (uint32_t)atoi(c->where + 5) && err.where.column > 0;
        if (!line_ok && !strstr(err.where.path, c->where))
            fail_msg("case %s: expected position %s, got %s", c->name, c->where, where);
        if (!strstr(err.text, c->text))
            fail_msg("case %s: expected \"%s\" in \"%s\"", c->name, c->text, err.text);
        assert_string_equal(err.where.source, "bad.paifu.json");
        assert_null(g);
    }
}

static void unrecognised_input(void **state)
{
    (void)state;
    paifu_game *g;
    paifu_error err;
    paifu_error_clear(&err);
    assert_int_equal(paifu_game_read_buffer(&g, "hello", 5, NULL, &err), PAIFU_EFORMAT);
    assert_non_null(strstr(err.text, "unrecognised"));
    paifu_error_clear(&err);
    assert_int_equal(paifu_game_read_buffer(&g, "", 0, NULL, &err), PAIFU_EFORMAT);
    paifu_error_clear(&err);
    paifu_read_options o = PAIFU_READ_OPTIONS_INIT;
    o.format = "nosuch";
    assert_int_equal(paifu_game_read_buffer(&g, GAME, strlen(GAME), &o, &err), PAIFU_EINVAL);
    o.version = 99;
    assert_int_equal(paifu_game_read_buffer(&g, GAME, strlen(GAME), &o, NULL), PAIFU_EINVAL);
}

/* ---- every optional key of the schema reads cleanly when absent ---- */

/* Names the schema lists in some "required" or "dependentRequired": removing one of those may
   be refused (with an error), everything else must read. */
static void collect_required(const json_t *node, json_t *names)
{
    if (json_is_array(node)) {
        size_t i;
        json_t *v;
        json_array_foreach(node, i, v) collect_required(v, names);
        return;
    }
    if (!json_is_object(node))
        return;
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)node, key, v)
    {
        if (strcmp(key, "required") == 0 && json_is_array(v)) {
            size_t i;
            json_t *n;
            json_array_foreach(v, i, n) json_object_set_new(names, json_string_value(n), json_true());
        } else if (strcmp(key, "dependentRequired") == 0 && json_is_object(v)) {
            const char *k2;
            json_t *v2;
            json_object_foreach(v, k2, v2)
            {
                json_object_set_new(names, k2, json_true());
                size_t i;
                json_t *n;
                json_array_foreach(v2, i, n)
                    json_object_set_new(names, json_string_value(n), json_true());
            }
        }
        collect_required(v, names);
    }
}

typedef struct drop_walk {
    json_t *root, *required;
    size_t optional_tried, required_tried;
} drop_walk;

/* Read (and verify) ROOT as it is now: an optional key's absence must read, a required one's be
   refused at its place; nothing may crash. */
static void read_without(drop_walk *w, const char *key, bool optional)
{
    char *text = json_dumps(w->root, JSON_COMPACT);
    assert_non_null(text);
    paifu_game *g = NULL;
    paifu_error err;
    paifu_error_clear(&err);
    int rc = paifu_game_read_buffer(&g, text, strlen(text), NULL, &err);
    if (optional && rc != 0)
        fail_msg("without optional key \"%s\": %s at %s", key, err.text, err.where.path);
    if (rc == 0) {
        paifu_rules *r = NULL;
        paifu_report *rep = NULL;
        assert_int_equal(paifu_game_rules(&r, g, "rrc", &err), 0);
        assert_int_equal(paifu_report_new(&rep, &err), 0);
        assert_int_equal(paifu_verify_game(rep, g, r, NULL, &err), 0);
        paifu_report_free(rep);
        paifu_rules_free(r);
        paifu_game_free(g);
    } else {
        assert_null(g);
        assert_true(err.text[0] != '\0');
        /* a key the schema requires is refused as missing, at its own path; but for "paifu",
           without which the document is no longer paifu's */
        size_t np = strlen(err.where.path), nk = strlen(key);
        if (strcmp(key, "paifu") != 0 &&
            (rc != PAIFU_EFORMAT || np <= nk || strcmp(err.where.path + np - nk, key) != 0 ||
             err.where.path[np - nk - 1] != '.'))
            fail_msg("without required key \"%s\": %s at %s", key, err.text, err.where.path);
    }
    free(text);
}

static void drop_each_key(drop_walk *w, json_t *node)
{
    if (json_is_array(node)) {
        for (size_t i = 0; i < json_array_size(node); i++)
            drop_each_key(w, json_array_get(node, i));
        return;
    }
    if (!json_is_object(node))
        return;
    const char *keys[64];
    size_t n = 0;
    const char *key;
    json_t *v;
    json_object_foreach(node, key, v) if (n < 64) keys[n++] = key;
    for (size_t i = 0; i < n; i++) {
        json_t *val = json_incref(json_object_get(node, keys[i]));
        char name[64];
        snprintf(name, sizeof(name), "%s", keys[i]);
        bool optional = !json_object_get(w->required, name);
        json_object_del(node, name);
        read_without(w, name, optional);
        if (optional)
            w->optional_tried++;
        else
            w->required_tried++;
        json_object_set_new(node, name, val);
        drop_each_key(w, val);
    }
}

/* The crash of issue 20 point 13: a "source" without "format" read an uninitialised pointer.
   Every key of GAME is dropped in turn (the whole tree, one key at a time); keys the schema
   does not require must read, and the game must verify, without them. */
static void optional_keys_absent_read_cleanly(void **state)
{
    (void)state;
    json_error_t je;
    json_t *schema = json_load_file(PAIFU_SOURCE_DIR "/schemas/paifu.schema.json", 0, &je);
    assert_non_null(schema);
    drop_walk w = {json_loads(GAME, 0, &je), json_object(), 0, 0};
    assert_non_null(w.root);
    collect_required(schema, w.required);
    drop_each_key(&w, w.root);
    print_message("%zu optional, %zu required keys dropped\n", w.optional_tried, w.required_tried);
    assert_true(w.optional_tried > 40);
    assert_true(w.required_tried > 20);

    /* source without format: no origin is made up */
    static const char NO_FORMAT[] =
        "{\"paifu\": 1, \"players\": [\"A\", \"B\", \"C\", \"D\"], "
        "\"source\": {\"meta\": {\"k\": \"v\"}}, \"deals\": []}";
    for (int round = 0; round < 8; round++) {
        paifu_game *g = NULL;
        paifu_error err;
        paifu_error_clear(&err);
        assert_int_equal(paifu_game_read_buffer(&g, NO_FORMAT, strlen(NO_FORMAT), NULL, &err), 0);
        assert_null(paifu_game_meta_get(g, "paifu.origin"));
        assert_string_equal(paifu_game_meta_get(g, "k"), "v");
        paifu_game_free(g);
    }
    json_decref(w.root);
    json_decref(w.required);
    json_decref(schema);
}

/* A penalty's timing (schemas/paifu.schema.json, ev_penalty: by_rules, after_uma, immediate) is
   read as the one named and written back so. */
static void penalty_timings(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        paifu_penalty_timing timing;
    } T[] = {{"by_rules", PAIFU_PENALTY_BY_RULES},
             {"after_uma", PAIFU_PENALTY_AFTER_UMA},
             {"immediate", PAIFU_PENALTY_IMMEDIATE}};
    const char *from = "\"timing\": \"after_uma\"";
    const char *at = strstr(GAME, from);
    assert_non_null(at);
    for (size_t i = 0; i < sizeof(T) / sizeof(T[0]); i++) {
        char buf[sizeof(GAME) + 64];
        snprintf(buf, sizeof(buf), "%.*s\"timing\": \"%s\"%s", (int)(at - GAME), GAME, T[i].name,
                 at + strlen(from));
        paifu_game *g = NULL;
        paifu_error err;
        paifu_error_clear(&err);
        if (paifu_game_read_buffer(&g, buf, strlen(buf), NULL, &err) < 0)
            fail_msg("%s: %s", T[i].name, err.text);
        const paifu_deal *d = paifu_game_deal(g, 1);
        assert_int_equal(d->n_penalties, 1);
        assert_int_equal(d->penalties[0].timing, T[i].timing);
        sink out = {0};
        assert_int_equal(rewrite(&out, buf, strlen(buf)), 1);
        paifu_game *back = NULL;
        assert_int_equal(paifu_game_read_buffer(&back, out.data, out.len, NULL, &err), 0);
        assert_int_equal(paifu_game_deal(back, 1)->penalties[0].timing, T[i].timing);
        paifu_game_free(back);
        paifu_game_free(g);
        free(out.data);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(round_trip_is_byte_identical),
        cmocka_unit_test(model_holds_what_the_file_says),
        cmocka_unit_test(riichi_double_and_wall_without_ids),
        cmocka_unit_test(several_games_per_file),
        cmocka_unit_test(gzip_is_detected_from_content),
        cmocka_unit_test(limits_are_enforced),
        cmocka_unit_test(malformed_inputs_name_their_position),
        cmocka_unit_test(unrecognised_input),
        cmocka_unit_test(penalty_timings),
        cmocka_unit_test(optional_keys_absent_read_cleanly),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
