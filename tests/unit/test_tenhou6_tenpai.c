/*
 * test_tenhou6_tenpai.c: tenpai at a nagashi mangan draw read from tenhou.net/6, and the
 * players table's tenpai_at_draw and tenpai_known (lib/verify/table.c), both from the one
 * source paifu_deal_draw_tenpai.
 *
 * The format's result for a nagashi mangan draw is ["流し満貫", deltas] (shared/formats/
 * tenhou6-json.md §7.2, XML type="nm"; real logs: the corpus's Pantheon nagashi_usual.json,
 * Tenhou log 2019020814gm-0061-0000-c1b0958b, ["流し満貫",[-4000,12000,-4000,-4000]], and mjx's
 * 2019082700gm-00a9-0000-63d1f136, ["流し満貫",[-2000,-2000,8000,-4000]]): deltas only, no
 * tenpai. On Tenhou no noten declaration exists, a tenpai hand at an exhaustive draw is tenpai
 * (mj-news.net/?p=38310): the reader records the hands' tenpai there when the log gives Tenhou's
 * rule set (tenpai_declared_automatically), and leaves it unknown otherwise.
 *
 * The log: samples/synthetic-tenhou.mjlog (Tenhou XML), written as tenhou.net/6 by paifu's
 * writer (spec §8.1, the recipe byte-identical with Tenhou's own on 6 games) without the
 * writer's own paifu_rules key (Tenhou's JSON has none, spec §2.1); its last result, an
 * exhaustive draw where the XML shows seat 1's hand alone (hai1: tenpai, spec §4.13), is
 * replaced by a nagashi mangan of seat 0 in the form above. The tenpai expected is the XML's
 * record of that draw (seat 1), not paifu's output. The corpus test reads every tenhou6 file of
 * the corpus: each nagashi draw carries tenpai, the dealer's agreeing with the next deal
 * (renchan on the dealer's tenpai), every other exhaustive draw what its result gives.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "../corpus/corpus_manifest.h"
#include "paifu.h"

#define SAMPLE   PAIFU_SAMPLES_DIR "/synthetic-tenhou.mjlog"
#define NAGASHI  "[\"流し満貫\",[8000,-2000,-2000,-4000]]"
#define RULE_XML "{\"disp\":\"般東喰赤\",\"aka53\":1,\"aka52\":1,\"aka51\":1}"

static paifu_game *read_text(const char *text, size_t n, const char *format)
{
    paifu_game *g = NULL;
    paifu_error err;
    paifu_error_clear(&err);
    paifu_read_options o = PAIFU_READ_OPTIONS_INIT;
    o.format = format;
    if (paifu_game_read_buffer(&g, text, n, &o, &err) < 0)
        fail_msg("read (%s): %s at %s", format ? format : "detected", err.text, err.where.path);
    return g;
}

static paifu_game *read_sample(void)
{
    paifu_game *g = NULL;
    assert_int_equal(paifu_game_read(&g, SAMPLE, NULL, NULL), 0);
    return g;
}

typedef struct sink {
    char *data;
    size_t len;
} sink;

static int sink_put(const void *data, size_t size, void *payload)
{
    sink *s = payload;
    char *p = realloc(s->data, s->len + size + 1);
    if (!p)
        return PAIFU_ENOMEM;
    memcpy(p + s->len, data, size);
    s->data = p;
    s->len += size;
    s->data[s->len] = '\0';
    return 0;
}

/* GAME written as FORMAT; free(). */
static char *write_as(const paifu_game *g, const char *format)
{
    sink s = {NULL, 0};
    paifu_writer *w = NULL;
    assert_int_equal(paifu_writer_open(&w, format, sink_put, &s, NULL, NULL), 0);
    assert_int_equal(paifu_writer_write(w, g, NULL), 0);
    assert_int_equal(paifu_writer_close(w, NULL), 0);
    paifu_writer_free(w);
    return s.data;
}

/* The sample written as FORMAT, as a JSON tree to edit; json_decref(). */
static json_t *sample_as(const char *format)
{
    paifu_game *src = read_sample();
    char *text = write_as(src, format);
    paifu_game_free(src);
    json_error_t je;
    json_t *doc = json_loads(text, 0, &je);
    free(text);
    assert_non_null(doc);
    return doc;
}

/* DOC (taken) read as FORMAT. */
static paifu_game *read_doc(json_t *doc, const char *format)
{
    char *out = json_dumps(doc, JSON_COMPACT);
    json_decref(doc);
    paifu_game *g = read_text(out, strlen(out), format);
    free(out);
    return g;
}

/* The sample as tenhou.net/6 with RULE as its `rule` (JSON; NULL: as written), CARRIED as the
   key paifu_rules (JSON; NULL: none, as Tenhou writes it) and its last result RESULT (NULL: as
   written); read back. */
static paifu_game *tenhou6(const char *rule, const char *carried, const char *result)
{
    json_error_t je;
    json_t *doc = sample_as("tenhou6");
    json_object_del(doc, "paifu_rules");
    if (rule)
        json_object_set_new(doc, "rule", json_loads(rule, 0, &je));
    if (carried)
        json_object_set_new(doc, "paifu_rules", json_loads(carried, 0, &je));
    json_t *log = json_object_get(doc, "log");
    json_t *last = json_array_get(log, json_array_size(log) - 1);
    if (result)
        json_array_set_new(last, 16, json_loads(result, 0, &je));
    return read_doc(doc, "tenhou6");
}

static const paifu_draw *last_draw(const paifu_game *g)
{
    const paifu_deal *d = paifu_game_deal(g, paifu_game_deal_count(g) - 1);
    assert_int_equal(d->n_draws, 1);
    return &d->draws[0];
}

/* ---- the reader ---- */

static void test_nagashi_tenpai_under_tenhou(void **state)
{
    (void)state;
    paifu_game *xml = read_sample(), *g = tenhou6(NULL, NULL, NAGASHI),
               *plain = tenhou6(NULL, NULL, NULL);
    assert_string_equal(paifu_game_rules_name(g), "tenhou");
    assert_true(paifu_game_rules_given(g));
    const paifu_draw *x = last_draw(xml), *d = last_draw(g);
    assert_true(x->known & PAIFU_REC_TENPAI);
    assert_int_equal(x->tenpai, 0x2); /* hai1 alone shown (the sample's last RYUUKYOKU) */
    assert_int_equal(d->kind, PAIFU_DRAW_EXHAUSTIVE);
    assert_int_equal(d->nagashi, 0x1);
    assert_true(d->known & PAIFU_REC_TENPAI);
    assert_int_equal(d->tenpai, x->tenpai);
    /* every other draw as its result gives it, the XML's tenpai */
    assert_int_equal(paifu_game_deal_count(g), paifu_game_deal_count(xml));
    for (size_t k = 0; k < paifu_game_deal_count(g); k++) {
        const paifu_deal *a = paifu_game_deal(g, k), *b = paifu_game_deal(plain, k),
                         *c = paifu_game_deal(xml, k);
        assert_int_equal(a->n_draws, 1);
        assert_true(b->draws[0].known & PAIFU_REC_TENPAI);
        assert_int_equal(b->draws[0].tenpai, c->draws[0].tenpai);
        if (k + 1 < paifu_game_deal_count(g)) {
            assert_int_equal(a->draws[0].known, b->draws[0].known);
            assert_int_equal(a->draws[0].tenpai, b->draws[0].tenpai);
        }
    }
    paifu_game_free(plain);
    paifu_game_free(g);
    paifu_game_free(xml);
}

static void test_nagashi_tenpai_unknown_elsewhere(void **state)
{
    (void)state;
    static const struct {
        const char *rule, *carried, *why;
    } CASES[] = {
        /* tensoul's MahjongSoul room: majsoul, whose noten declaration the preset keeps */
        {"{\"disp\":\"玉の間南喰赤\",\"aka53\":1,\"aka52\":1,\"aka51\":1}", NULL, "majsoul"},
        /* a Tenhou lobby with special rules (暗, GO type 0x0100: formats/tenhou/
           tenhou6_lobby.c): "tenhou" named, the rules unknown (PAIFU_META_RULES_UNKNOWN), so
           not given */
        {"{\"disp\":\"般南喰赤暗\",\"aka\":1}", NULL, "special lobby"},
        /* a disp naming no lobby: no rule set given (PAIFU_META_RULES_UNKNOWN) */
        {"{\"disp\":\"\",\"aka\":1}", NULL, "no rule set"},
        /* the rule set carried with the parameter off */
        {RULE_XML,
         "{\"preset\":\"tenhou\",\"overrides\":{\"game_length\":\"east\","
         "\"tenpai_declared_automatically\":false}}",
         "parameter off"},
    };
    for (size_t i = 0; i < sizeof(CASES) / sizeof(CASES[0]); i++) {
        paifu_game *g = tenhou6(CASES[i].rule, CASES[i].carried, NAGASHI);
        const paifu_draw *d = last_draw(g);
        bool given = !strcmp(CASES[i].why, "majsoul") || !strcmp(CASES[i].why, "parameter off");
        if (paifu_game_rules_given(g) != given)
            fail_msg("%s: the rule set %s", CASES[i].why, given ? "not given" : "given");
        if (d->known & PAIFU_REC_TENPAI)
            fail_msg("%s: tenpai recorded at the nagashi draw", CASES[i].why);
        assert_int_equal(d->nagashi, 0x1);
        paifu_game_free(g);
    }
}

/* ---- the players table ---- */

typedef struct players_tenpai {
    long long tenpai[PAIFU_SEATS], known[PAIFU_SEATS];
    size_t col_tenpai, col_known, col_seat;
} players_tenpai;

static size_t column(paifu_table_id t, const char *name)
{
    for (size_t i = 0; i < paifu_table_column_count(t); i++)
        if (!strcmp(paifu_table_column_get(t, i)->name, name))
            return i;
    fail_msg("no column %s", name);
    return 0;
}

static int players_row(paifu_table_id table, const paifu_cell *c, void *payload)
{
    players_tenpai *p = payload;
    if (table != PAIFU_TABLE_PLAYERS)
        return 0;
    long long s = c[p->col_seat].i;
    p->tenpai[s] = c[p->col_tenpai].i;
    p->known[s] = c[p->col_known].i;
    return 0;
}

/* The players rows of G checked under RULES, into P. */
static void players_of(players_tenpai *p, const paifu_game *g, const paifu_rules *rules)
{
    paifu_settled *settled = NULL;
    assert_int_equal(paifu_game_settle(&settled, g, rules, NULL, NULL, NULL), 0);
    paifu_table_game info = {
        .id = 1, .source = "test", .format = "test", .origin = "log", .settled = settled};
    memset(p, 0, sizeof(*p));
    p->col_tenpai = column(PAIFU_TABLE_PLAYERS, "tenpai_at_draw");
    p->col_known = column(PAIFU_TABLE_PLAYERS, "tenpai_known");
    p->col_seat = column(PAIFU_TABLE_PLAYERS, "seat");
    assert_int_equal(paifu_table_rows(g, rules, &info, 1u << PAIFU_TABLE_PLAYERS, players_row, p),
                     0);
    paifu_settled_free(settled);
}

/* The players table's tenpai_at_draw and tenpai_known of G checked under RULES_NAME (NULL: the
   log's, "rrc" if none) against the draws: recorded, or, where the log gives a rule set that
   declares tenpai automatically, what the hands show (paifu_deal_hands_tenpai), else unknown. */
static void table_matches(const paifu_game *g, const char *rules_name, const char *what)
{
    paifu_rules *rules = NULL, *given = NULL;
    if (rules_name)
        assert_int_equal(paifu_rules_preset(&rules, rules_name, NULL), 0);
    else
        assert_int_equal(paifu_game_rules(&rules, g, NULL, NULL), 0);
    if (paifu_game_rules_given(g))
        assert_int_equal(paifu_game_rules(&given, g, NULL, NULL), 0);
    char v[8] = "";
    bool automatic =
        given && paifu_rules_get(v, sizeof(v), given, "tenpai_declared_automatically", NULL) == 0 &&
        !strcmp(v, "true");
    int players = paifu_game_players(g);
    long long tenpai[PAIFU_SEATS] = {0}, known[PAIFU_SEATS] = {0};
    for (size_t k = 0; k < paifu_game_deal_count(g); k++) {
        const paifu_deal *d = paifu_game_deal(g, k);
        for (size_t i = 0; i < d->n_draws; i++) {
            unsigned t = 0;
            bool is = d->draws[i].known & PAIFU_REC_TENPAI;
            if (d->draws[i].kind != PAIFU_DRAW_EXHAUSTIVE)
                continue;
            if (is)
                t = d->draws[i].tenpai;
            else if (automatic)
                is = paifu_deal_hands_tenpai(&t, d, i, players, given, NULL) == 0;
            for (int s = 0; s < players; s++) {
                known[s] += is;
                tenpai[s] += is && ((t >> s) & 1);
            }
        }
    }
    players_tenpai p;
    players_of(&p, g, rules);
    for (int s = 0; s < players; s++)
        if (p.tenpai[s] != tenpai[s] || p.known[s] != known[s])
            fail_msg("%s seat %d: tenpai_at_draw %lld of %lld, the draws give %lld of %lld", what,
                     s, p.tenpai[s], p.known[s], tenpai[s], known[s]);
    paifu_rules_free(given);
    paifu_rules_free(rules);
}

/* The sample as paifu JSON with its last draw's tenpai taken out and its rule set PRESET. */
static paifu_game *paifu_json_without_tenpai(const char *preset)
{
    json_t *doc = sample_as("paifu");
    json_object_set_new(json_object_get(doc, "rules"), "preset", json_string(preset));
    json_t *deals = json_object_get(doc, "deals");
    json_t *events = json_object_get(json_array_get(deals, json_array_size(deals) - 1), "events");
    json_t *end = json_array_get(events, json_array_size(events) - 1);
    assert_string_equal(json_string_value(json_object_get(end, "type")), "exhaustive_draw");
    assert_int_equal(json_object_del(end, "tenpai"), 0);
    paifu_game *g = read_doc(doc, "paifu");
    assert_false(last_draw(g)->known & PAIFU_REC_TENPAI);
    return g;
}

static void test_table_tenpai(void **state)
{
    (void)state;
    paifu_game *xml = read_sample(), *nagashi = tenhou6(NULL, NULL, NAGASHI),
               *majsoul = tenhou6("{\"disp\":\"玉の間南喰赤\",\"aka\":1}", NULL, NAGASHI),
               *tenhou = paifu_json_without_tenpai("tenhou"),
               *rrc = paifu_json_without_tenpai("rrc");
    table_matches(xml, NULL, "the XML sample");
    table_matches(nagashi, NULL, "tenhou6 nagashi");
    table_matches(nagashi, "rrc", "tenhou6 nagashi under rrc");
    table_matches(majsoul, NULL, "tenhou6 nagashi of a MahjongSoul room");
    table_matches(tenhou, NULL, "paifu JSON, tenhou, no tenpai at the last draw");
    table_matches(tenhou, "rrc", "paifu JSON, tenhou checked under rrc");
    table_matches(rrc, NULL, "paifu JSON, rrc, no tenpai at the last draw");
    /* by hand: 7 exhaustive draws, their tenpai known where the log gives Tenhou's rules
       (whatever the rule set it is checked under), 6 where it names rrc */
    static const struct {
        int log; /* 0: the tenhou JSON, 1: the rrc one */
        const char *rules;
        long long known1;
    } EXPECT[] = {{0, NULL, 7}, {0, "rrc", 7}, {1, NULL, 6}, {1, "tenhou", 6}};
    for (size_t i = 0; i < sizeof(EXPECT) / sizeof(EXPECT[0]); i++) {
        paifu_game *lg = EXPECT[i].log ? rrc : tenhou;
        paifu_rules *r = NULL;
        assert_int_equal(EXPECT[i].rules ? paifu_rules_preset(&r, EXPECT[i].rules, NULL)
                                         : paifu_game_rules(&r, lg, NULL, NULL),
                         0);
        players_tenpai p;
        players_of(&p, lg, r);
        assert_int_equal(p.known[1], EXPECT[i].known1);
        paifu_rules_free(r);
    }
    paifu_game_free(rrc);
    paifu_game_free(tenhou);
    paifu_game_free(majsoul);
    paifu_game_free(nagashi);
    paifu_game_free(xml);
}

/* ---- the corpus ---- */

/* Seats paid at draw K: the result's tenpai seats (who receives was tenpai). */
static unsigned paid(const paifu_draw *d, int players)
{
    unsigned m = 0;
    for (int s = 0; s < players; s++)
        m |= d->deltas[s] > 0 ? 1u << s : 0;
    return m;
}

static void corpus_file(const char *path, unsigned *nagashi, unsigned *renchan)
{
    paifu_reader *rd = NULL;
    const paifu_game *g = NULL;
    paifu_read_options o = PAIFU_READ_OPTIONS_INIT;
    o.format = "tenhou6";
    assert_int_equal(paifu_reader_open(&rd, path, &o, NULL), 0);
    while (paifu_reader_next(&g, rd, NULL) > 0) {
        int players = paifu_game_players(g);
        bool given = paifu_game_rules_given(g);
        table_matches(g, NULL, path);
        for (size_t k = 0; k < paifu_game_deal_count(g); k++) {
            const paifu_deal *d = paifu_game_deal(g, k);
            for (size_t i = 0; i < d->n_draws; i++) {
                const paifu_draw *x = &d->draws[i];
                unsigned hands = 0;
                if (x->kind != PAIFU_DRAW_EXHAUSTIVE)
                    continue;
                if (!x->nagashi) { /* as the result gives it, as before */
                    bool any = paid(x, players) != 0;
                    if (any && (!(x->known & PAIFU_REC_TENPAI) || x->tenpai != paid(x, players)))
                        fail_msg("%s deal %zu: tenpai not the result's", path, k + 1);
                    continue;
                }
                if (!given || strcmp(paifu_game_rules_name(g), "tenhou"))
                    fail_msg("%s: a nagashi draw in a log not of Tenhou's given rules", path);
                (*nagashi)++;
                assert_true(x->known & PAIFU_REC_TENPAI);
                paifu_rules *r = NULL;
                assert_int_equal(paifu_game_rules(&r, g, NULL, NULL), 0);
                assert_int_equal(paifu_deal_hands_tenpai(&hands, d, i, players, r, NULL), 0);
                paifu_rules_free(r);
                assert_int_equal(x->tenpai, hands);
                if (k + 1 < paifu_game_deal_count(g)) { /* Tenhou: renchan on dealer tenpai */
                    const paifu_deal *n = paifu_game_deal(g, k + 1);
                    bool stays =
                        n->start.dealer == d->start.dealer && n->start.honba == d->start.honba + 1;
                    assert_int_equal(stays, (x->tenpai >> d->start.dealer) & 1);
                    (*renchan)++;
                }
            }
        }
    }
    paifu_reader_free(rd);
}

static void test_corpus(void **state)
{
    (void)state;
    corpus_manifest m;
    if (corpus_manifest_load(&m, "tenhou6") < 0)
        skip();
    unsigned nagashi = 0, renchan = 0;
    CORPUS_FOR_EACH(&m, r)
    {
        corpus_file(r->path, &nagashi, &renchan);
    }
    print_message("corpus: %zu tenhou6 files, %u nagashi mangan draws with tenpai, %u of them "
                  "followed by a deal that agrees with the dealer's\n",
                  m.n, nagashi, renchan);
    assert_true(nagashi >= 3); /* the corpus's three, each read with tenpai */
    assert_true(renchan >= 2);
    corpus_manifest_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nagashi_tenpai_under_tenhou),
        cmocka_unit_test(test_nagashi_tenpai_unknown_elsewhere),
        cmocka_unit_test(test_table_tenpai),
        cmocka_unit_test(test_corpus),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
