/*
 * test_majsoul_corpus.c: the MahjongSoul files of the real-log corpus (PAIFU_CORPUS_DIR,
 * MANIFEST.tsv format "majsoul") through the public API: each reads as the games and deals
 * MANIFEST.tsv says, under the rule set it names, verifies with no finding, and every win is
 * scored from its tiles. Skipped (exit 77) without the corpus.
 *
 * Each file is then rendered again in the other forms the spec allows
 * (shared/formats/majsoul-json.md §2): lowerCamelCase keys, default values left out, the flat
 * list of layout B, the version-0 `records` container, layout A without its wrapper level, and
 * tensoul's mjslog/mjsrecordtypes pair next to a tenhou.net/6 `log`, with record names with and
 * without ".lq.Record". Each rendering must be detected as majsoul and give the same canonical
 * game (deals, events, wins, draws, result) as the original, and verify with no finding: the
 * expected game is the original file's, not paifu's output of the rendering.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "corpus_manifest.h"
#include "paifu.h"

#define FORMAT "majsoul"

static corpus_manifest CORPUS;

/* ---- reading and verifying ---- */

static paifu_game *read_text(const char *text, size_t n, const char *name)
{
    paifu_game *g = NULL;
    paifu_error err;
    paifu_error_clear(&err);
    paifu_read_options opts = PAIFU_READ_OPTIONS_INIT;
    opts.source_name = name;
    if (paifu_game_read_buffer(&g, text, n, &opts, &err) < 0)
        fail_msg("%s: %s (at %s, deal %s)", name, err.text, err.where.path, err.where.deal);
    assert_string_equal(paifu_format_detect(text, n), FORMAT);
    return g;
}

/* Verify G: no finding, every win scored from its tiles. */
static void verify_clean(const paifu_game *g, const char *name)
{
    paifu_error err;
    paifu_error_clear(&err);
    paifu_rules *rules;
    if (paifu_game_rules(&rules, g, "rrc", &err) < 0)
        fail_msg("%s: rules: %s", name, err.text);
    paifu_report *rep;
    assert_int_equal(paifu_report_new(&rep, NULL), 0);
    paifu_verify_options vo = PAIFU_VERIFY_OPTIONS_INIT;
    vo.source_name = name;
    assert_int_equal(paifu_verify_game(rep, g, rules, &vo, &err), 0);
    for (size_t k = 0; k < paifu_report_count(rep); k++) {
        const paifu_finding *f = paifu_report_finding(rep, k);
        print_error("%s: deal %s event %d: %s: %s (expected %s, recorded %s)\n", name,
                    f->where.deal, (int)f->where.event, f->code, f->message, f->expected,
                    f->recorded);
    }
    const paifu_verify_stats *stats = paifu_report_stats(rep);
    size_t findings = paifu_report_count(rep);
    uint64_t wins = stats->wins, scored = stats->wins_scored;
    paifu_report_free(rep);
    paifu_rules_free(rules);
    assert_int_equal(findings, 0);
    assert_true(wins > 0);
    assert_int_equal(scored, wins);
    assert_null(paifu_game_meta_get(g, PAIFU_META_RULES_UNKNOWN));
}

static void test_every_file(void **state)
{
    (void)state;
    size_t games = 0, deals = 0;
    for (size_t i = 0; i < CORPUS.n; i++) {
        const corpus_row *e = &CORPUS.rows[i];
        paifu_reader *r;
        paifu_error err;
        paifu_error_clear(&err);
        if (paifu_reader_open(&r, e->path, NULL, &err) < 0)
            fail_msg("%s: %s", e->path, err.text);
        assert_string_equal(paifu_reader_format(r), FORMAT);
        const paifu_game *g;
        unsigned n_games = 0, n_deals = 0;
        int rc;
        while ((rc = paifu_reader_next(&g, r, &err)) > 0) {
            verify_clean(g, e->path);
            assert_false(paifu_game_truncated(g));
            assert_true(paifu_game_result_get(g)->has_final);
            for (size_t d = 0; d < paifu_game_deal_count(g); d++)
                assert_true(paifu_game_deal(g, d)->start.flags & PAIFU_DEAL_HAS_WALL);
            n_games++;
            n_deals += (unsigned)paifu_game_deal_count(g);
        }
        if (rc < 0)
            fail_msg("%s: %s (at %s)", e->path, err.text, err.where.path);
        if (n_games != e->games || n_deals != e->deals)
            fail_msg("%s: %u games and %u deals, MANIFEST.tsv says %u and %u", e->path, n_games,
                     n_deals, e->games, e->deals);
        games += n_games;
        deals += n_deals;
        paifu_reader_free(r);
    }
    print_message("%zu files, %zu games, %zu deals\n", CORPUS.n, games, deals);
    assert_true(CORPUS.n > 0);
}

/* ---- comparing two games ---- */

static void same_events(const paifu_deal *a, const paifu_deal *b, const char *where)
{
    if (a->n_events != b->n_events)
        fail_msg("%s: %zu events vs %zu", where, a->n_events, b->n_events);
    for (size_t i = 0; i < a->n_events; i++) {
        const paifu_event *x = &a->events[i], *y = &b->events[i];
        if (x->type != y->type || x->seat != y->seat || x->from != y->from ||
            x->flags != y->flags || x->tile != y->tile || x->n != y->n ||
            memcmp(x->tiles, y->tiles, x->n) != 0 || x->detail != y->detail)
            fail_msg("%s: event %zu differs (%s vs %s)", where, i,
                     paifu_event_type_name((paifu_event_type)x->type),
                     paifu_event_type_name((paifu_event_type)y->type));
    }
    for (size_t i = 0; i < a->n_score_rows; i++)
        assert_memory_equal(a->score_rows[i], b->score_rows[i], sizeof(a->score_rows[i]));
    assert_int_equal(a->n_score_rows, b->n_score_rows);
}

static void same_win(const paifu_win *x, const paifu_win *y, const char *where)
{
    if (x->winner != y->winner || x->from != y->from || x->pao != y->pao || x->known != y->known ||
        x->limit != y->limit || x->han != y->han || x->fu != y->fu || x->yakuman != y->yakuman ||
        x->points != y->points || x->payment_dealer != y->payment_dealer ||
        x->payment_nondealer != y->payment_nondealer || x->win_tile != y->win_tile ||
        x->n_hand != y->n_hand || memcmp(x->hand, y->hand, x->n_hand) != 0 ||
        x->n_dora != y->n_dora || memcmp(x->dora, y->dora, x->n_dora) != 0 ||
        x->n_ura != y->n_ura || memcmp(x->ura, y->ura, x->n_ura) != 0 || x->n_yaku != y->n_yaku ||
        memcmp(x->deltas, y->deltas, sizeof(x->deltas)) != 0 ||
        memcmp(x->scores_before, y->scores_before, sizeof(x->scores_before)) != 0)
        fail_msg("%s: a win differs", where);
    for (size_t k = 0; k < x->n_yaku; k++)
        if (x->yaku[k].id != y->yaku[k].id || x->yaku[k].han != y->yaku[k].han)
            fail_msg("%s: yaku %zu differs", where, k);
}

static void same_draw(const paifu_draw *x, const paifu_draw *y, const char *where)
{
    if (x->kind != y->kind || x->seat != y->seat || x->known != y->known ||
        x->tenpai != y->tenpai || x->nagashi != y->nagashi || x->shown != y->shown ||
        memcmp(x->n_hand, y->n_hand, sizeof(x->n_hand)) != 0 ||
        memcmp(x->hands, y->hands, sizeof(x->hands)) != 0 ||
        memcmp(x->deltas, y->deltas, sizeof(x->deltas)) != 0 ||
        memcmp(x->scores_before, y->scores_before, sizeof(x->scores_before)) != 0)
        fail_msg("%s: a draw differs", where);
}

static void same_game(const paifu_game *a, const paifu_game *b, const char *form)
{
    assert_int_equal(paifu_game_players(a), paifu_game_players(b));
    assert_int_equal(paifu_game_deal_count(a), paifu_game_deal_count(b));
    for (int s = 0; s < paifu_game_players(a); s++)
        assert_string_equal(paifu_game_player(a, s)->name, paifu_game_player(b, s)->name);
    assert_string_equal(paifu_game_rules_name(a), paifu_game_rules_name(b));
    assert_int_equal(paifu_game_rule_override_count(a), paifu_game_rule_override_count(b));
    for (size_t d = 0; d < paifu_game_deal_count(a); d++) {
        const paifu_deal *x = paifu_game_deal(a, d), *y = paifu_game_deal(b, d);
        char where[96];
        snprintf(where, sizeof(where), "%s, deal %zu", form, d);
        const paifu_deal_start *p = &x->start, *q = &y->start;
        if (p->round_wind != q->round_wind || p->dealer != q->dealer || p->honba != q->honba ||
            p->riichi_sticks != q->riichi_sticks || p->flags != q->flags ||
            memcmp(p->scores, q->scores, sizeof(p->scores)) != 0 ||
            memcmp(p->hands, q->hands, sizeof(p->hands)) != 0 ||
            p->dora_indicator != q->dora_indicator || p->n_wall != q->n_wall ||
            memcmp(p->wall, q->wall, p->n_wall) != 0 ||
            memcmp(&p->wall_layout, &q->wall_layout, sizeof(p->wall_layout)) != 0)
            fail_msg("%s: the start differs", where);
        same_events(x, y, where);
        assert_int_equal(x->n_wins, y->n_wins);
        for (size_t k = 0; k < x->n_wins; k++)
            same_win(&x->wins[k], &y->wins[k], where);
        assert_int_equal(x->n_draws, y->n_draws);
        for (size_t k = 0; k < x->n_draws; k++)
            same_draw(&x->draws[k], &y->draws[k], where);
    }
    const paifu_game_result *r = paifu_game_result_get(a), *s = paifu_game_result_get(b);
    assert_int_equal(r->has_final, s->has_final);
    assert_memory_equal(r->points, s->points, sizeof(r->points));
    assert_memory_equal(r->final, s->final, sizeof(r->final));
}

/* ---- the other renderings ---- */

/* lowerCamelCase of every key, as protobuf's JSON mapping writes it (spec §2.1). */
static json_t *camel(const json_t *v)
{
    if (json_is_array(v)) {
        json_t *out = json_array();
        for (size_t i = 0; i < json_array_size(v); i++)
            json_array_append_new(out, camel(json_array_get(v, i)));
        return out;
    }
    if (!json_is_object(v))
        return json_deep_copy(v);
    json_t *out = json_object();
    const char *key;
    json_t *x;
    json_object_foreach((json_t *)v, key, x)
    {
        char name[64];
        size_t k = 0;
        for (const char *p = key; *p && k + 1 < sizeof(name); p++)
            if (*p != '_')
                name[k++] =
                    p > key && p[-1] == '_' && *p >= 'a' && *p <= 'z' ? (char)(*p - 'a' + 'A') : *p;
        name[k] = '\0';
        json_object_set_new(out, name, camel(x));
    }
    return out;
}

static bool is_default(const json_t *v)
{
    return (json_is_integer(v) && json_integer_value(v) == 0) || json_is_false(v) ||
           (json_is_string(v) && json_string_length(v) == 0) ||
           (json_is_array(v) && json_array_size(v) == 0);
}

/* Every member with a default value left out, as protobufjs and MessageToJson do (spec §2.1). */
static json_t *defaults_dropped(const json_t *v)
{
    if (json_is_array(v)) {
        json_t *out = json_array();
        for (size_t i = 0; i < json_array_size(v); i++)
            json_array_append_new(out, defaults_dropped(json_array_get(v, i)));
        return out;
    }
    if (!json_is_object(v))
        return json_deep_copy(v);
    json_t *out = json_object();
    const char *key;
    json_t *x;
    json_object_foreach((json_t *)v, key, x)
    {
        if (!is_default(x))
            json_object_set_new(out, key, defaults_dropped(x));
    }
    return out;
}

/* The records ({name, data}) of a layout-A document with `actions`. */
static json_t *records_of(const json_t *root, const char *prefix)
{
    const json_t *actions =
        json_object_get(json_object_get(json_object_get(root, "data"), "data"), "actions");
    json_t *out = json_array();
    for (size_t i = 0; i < json_array_size(actions); i++) {
        const json_t *res = json_object_get(json_array_get(actions, i), "result");
        const char *name = json_string_value(json_object_get(res, "name"));
        if (!name)
            continue;
        char renamed[64];
        snprintf(renamed, sizeof(renamed), "%s%s", prefix, name + strlen(".lq.Record"));
        json_array_append_new(
            out, json_pack("{s:s, s:O}", "name", renamed, "data", json_object_get(res, "data")));
    }
    return out;
}

typedef enum form { F_CAMEL, F_DEFAULTS, F_LIST, F_VERSION0, F_UNWRAPPED, F_MJSLOG, F_COUNT } form;

static const char *const FORM_NAMES[] = {
    "camelCase keys",    "defaults left out",        "layout B list",
    "version-0 records", "layout A without wrapper", "tensoul mjslog"};

static json_t *render(const json_t *root, form f)
{
    json_t *head = json_object_get(root, "head");
    switch (f) {
    case F_CAMEL:
        return camel(root);
    case F_DEFAULTS:
        return defaults_dropped(root);
    case F_LIST:
        return json_pack("{s:O, s:o}", "head", head, "data", records_of(root, "Record"));
    case F_VERSION0:
        return json_pack("{s:O, s:{s:s, s:{s:o}}}", "head", head, "data", "name",
                         ".lq.GameDetailRecords", "data", "records",
                         records_of(root, ".lq.Record"));
    case F_UNWRAPPED:
        return json_pack("{s:O, s:O}", "head", head, "data",
                         json_object_get(json_object_get(root, "data"), "data"));
    default: {
        json_t *recs = records_of(root, "Record"), *bodies = json_array(), *types = json_array();
        for (size_t i = 0; i < json_array_size(recs); i++) {
            json_array_append(bodies, json_object_get(json_array_get(recs, i), "data"));
            json_array_append(types, json_object_get(json_array_get(recs, i), "name"));
        }
        json_decref(recs);
        /* tensoul writes the tenhou.net/6 form beside it: the sniffer must still pick majsoul */
        return json_pack("{s:s, s:[], s:O, s:o, s:o}", "ver", "2.3", "log", "mjshead", head,
                         "mjslog", bodies, "mjsrecordtypes", types);
    }
    }
}

static void test_other_renderings(void **state)
{
    (void)state;
    size_t checked = 0;
    for (size_t i = 0; i < CORPUS.n; i++) {
        json_error_t je;
        json_t *root = json_load_file(CORPUS.rows[i].path, 0, &je);
        if (!root)
            fail_msg("%s: %s", CORPUS.rows[i].path, je.text);
        if (!json_object_get(json_object_get(json_object_get(root, "data"), "data"), "actions")) {
            json_decref(root);
            continue; /* the renderings start from layout A with actions */
        }
        paifu_game *orig = NULL;
        paifu_error err;
        paifu_error_clear(&err);
        assert_int_equal(paifu_game_read(&orig, CORPUS.rows[i].path, NULL, &err), 0);
        for (form f = 0; f < F_COUNT; f++) {
            json_t *other = render(root, f);
            char *text = json_dumps(other, JSON_COMPACT | JSON_PRESERVE_ORDER);
            json_decref(other);
            assert_non_null(text);
            char name[600];
            snprintf(name, sizeof(name), "%s (%s)", CORPUS.rows[i].path, FORM_NAMES[f]);
            paifu_game *g = read_text(text, strlen(text), name);
            same_game(orig, g, FORM_NAMES[f]);
            verify_clean(g, name);
            paifu_game_free(g);
            free(text);
            checked++;
        }
        paifu_game_free(orig);
        json_decref(root);
    }
    print_message("%zu renderings read and compared\n", checked);
    assert_true(checked > 0);
}

int main(void)
{
    if (corpus_manifest_load(&CORPUS, FORMAT) < 0) {
        printf("corpus not found (PAIFU_CORPUS_DIR=\"%s\"): skipped\n", PAIFU_CORPUS_DIR);
        return 77;
    }
    paifu_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_file),
        cmocka_unit_test(test_other_renderings),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    corpus_manifest_free(&CORPUS);
    return rc;
}
