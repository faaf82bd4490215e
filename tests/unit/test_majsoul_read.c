/*
 * test_majsoul_read.c: the MahjongSoul reader on small documents written for these tests
 * (shared/formats/majsoul-json.md, "spec"): every JSON layout and container generation, the head
 * (names, rule set, final result), every record type and what it becomes in the model, the wall
 * and its layout, 3-player games, and malformed or unsupported input with the JSON path and deal
 * of the error. Expected values are worked out from the spec by hand.
 *
 * The documents are written with ' for " (turned back before reading) so that they stay legible.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paifu.h"

/* ---- documents ---- */

// clang-format off
/* Thirteen and fourteen tiles: the reader does not judge hands. */
#define H13  "['1m','2m','3m','4m','0m','6m','7m','8m','9m','1p','2p','3p','4p']"
#define H13B "['1s','2s','3s','4s','5s','6s','7s','8s','9s','1z','2z','3z','4z']"
#define H14  "['1p','1p','2p','3p','5p','5p','0p','7p','8p','9p','5z','5z','6z','7z']"
/* a RecordNewRound body: FIELDS first, the dealer (seat 0) with 14 tiles */
#define NR_BODY(fields)                                                                            \
    "{" fields "'scores':[25000,25000,25000,25000],'tiles0':" H14 ",'tiles1':" H13                 \
    ",'tiles2':" H13B ",'tiles3':" H13 ",'doras':['1m']}"
#define REC(type, body) "{'name':'.lq.Record" type "','data':" body "}"
#define NR REC("NewRound", NR_BODY(""))
#define HEAD "{'config':{'category':2,'mode':{'mode':2},'meta':{'mode_id':12}}}"
/* layout B: a flat list of records */
#define DOC(records) "{'head':" HEAD ",'data':[" records "]}"
/* a short deal: the dealer throws 5z, seat 1 draws and wins by tsumo */
#define SHORT_DEAL                                                                                 \
    NR ","                                                                                         \
    REC("DiscardTile", "{'tile':'5z'}") ","                                                        \
    REC("DealTile", "{'seat':1,'tile':'5p'}") ","                                                  \
    REC("Hule", "{'hules':[{'seat':1,'zimo':true,'hu_tile':'5p','count':1,"                        \
                "'fans':[{'id':1,'val':1}],'fu':30,'point_zimo_qin':500,'point_zimo_xian':300}],"  \
                "'delta_scores':[-500,1100,-300,-300]}")
// clang-format on

/* DOC with ' turned into ". Owned by the caller. */
static char *json_of(const char *doc)
{
    size_t n = strlen(doc);
    char *s = malloc(n + 1);
    assert_non_null(s);
    for (size_t i = 0; i <= n; i++)
        s[i] = doc[i] == '\'' ? '"' : doc[i];
    return s;
}

static const char *detect(const char *doc)
{
    char *s = json_of(doc);
    const char *f = paifu_format_detect(s, strlen(s));
    free(s);
    return f ? f : "none";
}

static paifu_game *read_ok(const char *doc)
{
    paifu_game *g = NULL;
    paifu_error err;
    paifu_error_clear(&err);
    char *s = json_of(doc);
    int rc = paifu_game_read_buffer(&g, s, strlen(s), NULL, &err);
    free(s);
    if (rc < 0)
        fail_msg("read failed: %s (path %s, deal %s)", err.text, err.where.path, err.where.deal);
    assert_string_equal(paifu_game_source_format(g), "majsoul");
    return g;
}

/* Reading DOC as majsoul fails with CODE at PATH (NULL: not checked), in DEAL, saying TEXT. */
static void read_fails(const char *doc, paifu_error_code code, const char *path, const char *deal,
                       const char *text)
{
    paifu_game *g = NULL;
    paifu_error err;
    paifu_error_clear(&err);
    paifu_read_options opts = PAIFU_READ_OPTIONS_INIT;
    opts.format = "majsoul";
    char *s = json_of(doc);
    int rc = paifu_game_read_buffer(&g, s, strlen(s), &opts, &err);
    free(s);
    if (rc != (int)code)
        fail_msg("expected error %d, got %d: %s", (int)code, rc, err.text);
    assert_null(g);
    if (path)
        assert_string_equal(err.where.path, path);
    assert_string_equal(err.where.deal, deal);
    if (!strstr(err.text, text))
        fail_msg("error \"%s\" does not say \"%s\"", err.text, text);
}

static paifu_tile T(const char *name)
{
    paifu_tile t;
    assert_int_equal(paifu_tile_parse_one(&t, name, NULL), 0);
    return t;
}

static void ev_is(const paifu_deal *d, size_t i, paifu_event_type type, int seat, const char *tile,
                  unsigned flags)
{
    if (i >= d->n_events)
        fail_msg("event %zu missing (%zu events)", i, d->n_events);
    const paifu_event *e = &d->events[i];
    if (e->type != type || e->seat != seat)
        fail_msg("event %zu: %s seat %d, expected %s seat %d", i,
                 paifu_event_type_name((paifu_event_type)e->type), e->seat,
                 paifu_event_type_name(type), seat);
    assert_int_equal(e->tile, tile ? T(tile) : PAIFU_TILE_NONE);
    assert_int_equal(e->flags, flags);
    assert_int_equal(e->tile_id, PAIFU_TILE_ID_NONE);
}

static void tiles_are(const paifu_tile *tiles, size_t n, const char *notation)
{
    paifu_tile want[16];
    size_t k;
    assert_int_equal(paifu_tile_parse(want, 16, &k, notation, NULL), 0);
    assert_int_equal(n, k);
    assert_memory_equal(tiles, want, n);
}

#define TK PAIFU_EVF_TSUMOGIRI_KNOWN
#define TG (PAIFU_EVF_TSUMOGIRI | PAIFU_EVF_TSUMOGIRI_KNOWN)

/* ---- layouts and containers (spec §1, §2) ---- */

static void short_deal_is(const paifu_game *g)
{
    assert_int_equal(paifu_game_deal_count(g), 1);
    const paifu_deal *d = paifu_game_deal(g, 0);
    assert_int_equal(d->start.n_hand[0], 13);
    tiles_are(d->start.hands[0], 13, "1123550789p556z"); /* without the dealer's 14th */
    ev_is(d, 0, PAIFU_EV_DRAW, 0, "7z", 0);              /* the 14th: its first draw */
    ev_is(d, 1, PAIFU_EV_DISCARD, 0, "5z", 0); /* moqie false on the dealer's first: unknown */
    ev_is(d, 2, PAIFU_EV_DRAW, 1, "5p", 0);
    ev_is(d, 3, PAIFU_EV_WIN, 1, "5p", 0);
    assert_int_equal(d->n_events, 4);
    assert_int_equal(d->wins[0].win_tile, T("5p"));
}

// clang-format off
static const char *const LAYOUTS[] = {
    /* layout A with actions: player inputs and empty results are skipped */
    "{'head':" HEAD ",'data':{'name':'.lq.GameDetailRecords','data':{'version':210715,'actions':["
        "{'type':1,'result':" NR "},"
        "{'passed':5,'type':2,'user_input':{'seat':0}},{'type':3,'user_event':{}},"
        "{'type':1,'result':''},"
        "{'type':1,'result':" REC("DiscardTile", "{'tile':'5z'}") "},"
        "{'type':1,'result':" REC("DealTile", "{'seat':1,'tile':'5p'}") "},"
        "{'type':1,'result':" REC("Hule", "{'hules':[{'seat':1,'zimo':true,'hu_tile':'5p'}]}")
        "}]}},'data_url':''}",
    /* version 0 (absent): `records` */
    "{'head':" HEAD ",'data':{'name':'.lq.GameDetailRecords','data':{'records':["
        SHORT_DEAL "]}}}",
    /* layout A without the wrapper level */
    "{'head':" HEAD ",'data':{'version':0,'records':[" SHORT_DEAL "],'actions':[]}}",
    /* layout B, names with and without prefixes */
    DOC(SHORT_DEAL),
    "{'head':" HEAD ",'records':["
        "{'name':'NewRound','data':" NR_BODY("") "},"
        "{'name':'RecordDiscardTile','data':{'tile':'5z'}},"
        "{'name':'DealTile','data':{'seat':1,'tile':'5p'}},"
        "{'name':'Hule','data':{'hules':[{'seat':1,'zimo':true,'hu_tile':'5p'}]}}]}",
    /* layout C: tensoul's mjslog + mjsrecordtypes beside a tenhou.net/6 log */
    "{'ver':'2.3','log':[],'mjshead':" HEAD ",'mjslog':[" NR_BODY("") ","
        "{'tile':'5z'},{'seat':1,'tile':'5p'},{'hules':[{'seat':1,'zimo':true,'hu_tile':'5p'}]}],"
        "'mjsrecordtypes':['RecordNewRound','RecordDiscardTile','RecordDealTile','RecordHule']}",
    /* RiichiEnv: rounds, and the one-round fixture */
    "{'rounds':[[{'name':'NewRound','data':" NR_BODY("") "},"
        "{'name':'DiscardTile','data':{'tile':'5z'}},"
        "{'name':'DealTile','data':{'seat':1,'tile':'5p'}},"
        "{'name':'Hule','data':{'hules':[{'seat':1,'zimo':true,'hu_tile':'5p'}]}}]]}",
    "{'source':'x.bin.xz','mode':2,'events':[{'name':'NewRound','data':" NR_BODY("") "},"
        "{'name':'DiscardTile','data':{'tile':'5z'}},"
        "{'name':'DealTile','data':{'seat':1,'tile':'5p'}},"
        "{'name':'Hule','data':{'hules':[{'seat':1,'zimo':true,'hu_tile':'5p'}]}}],"
        "'next_start':{}}",
};
// clang-format on

static void test_layouts(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof(LAYOUTS) / sizeof(LAYOUTS[0]); i++) {
        assert_string_equal(detect(LAYOUTS[i]), "majsoul");
        paifu_game *g = read_ok(LAYOUTS[i]);
        short_deal_is(g);
        assert_string_equal(paifu_game_rules_name(g), "majsoul");
        assert_false(paifu_game_truncated(g));
        paifu_game_free(g);
    }
    /* a tenhou.net/6 document without the MahjongSoul pair is not ours */
    assert_string_equal(detect("{'ver':'2.3','log':[[[0,0,0]]],'name':['a','b','c','d']}"),
                        "tenhou6");
}

// clang-format off
static const char CAMEL_FULL[] = DOC(
    REC("NewRound", "{'chang':1,'ju':0,'ben':2,'liqibang':1,'scores':[25000,25000,25000,24000],"
                    "'tiles0':" H14 ",'tiles1':" H13 ",'tiles2':" H13B ",'tiles3':" H13 ","
                    "'doras':['1m'],'left_tile_count':69}") ","
    REC("DiscardTile", "{'seat':0,'tile':'7z','is_liqi':true,'moqie':true,'is_wliqi':false}") ","
    REC("ChiPengGang", "{'seat':1,'type':0,'tiles':['8p','9p','7z'],'froms':[1,1,0],"
                       "'liqi':{'seat':0,'score':24000,'liqibang':2,'failed':false}}") ","
    REC("DiscardTile", "{'seat':1,'tile':'1m','moqie':false}") ","
    REC("Hule", "{'hules':[{'seat':0,'zimo':false,'hand':" H13 ",'hu_tile':'1m','liqi':true,"
                "'doras':['1m'],'li_doras':['9s'],'count':2,"
                "'fans':[{'id':2,'val':1},{'id':33,'val':0},{'id':32,'val':1}],"
                "'fu':40,'point_rong':3900,'title_id':0}],"
                "'old_scores':[24000,25000,25000,24000],'delta_scores':[6500,-4500,0,0]}"));
static const char CAMEL_SHORT[] = DOC(
    REC("NewRound", "{'chang':1,'ben':2,'liqibang':1,'scores':[25000,25000,25000,24000],"
                    "'tiles0':" H14 ",'tiles1':" H13 ",'tiles2':" H13B ",'tiles3':" H13 ","
                    "'doras':['1m'],'leftTileCount':69}") ","
    REC("DiscardTile", "{'tile':'7z','isLiqi':true,'moqie':true}") ","
    REC("ChiPengGang", "{'seat':1,'tiles':['8p','9p','7z'],'froms':[1,1,0],"
                       "'liqi':{'score':24000,'liqibang':2}}") ","
    REC("DiscardTile", "{'seat':1,'tile':'1m'}") ","
    REC("Hule", "{'hules':[{'hand':" H13 ",'huTile':'1m','liqi':true,'doras':['1m'],"
                "'liDoras':['9s'],'count':2,"
                "'fans':[{'id':2,'val':1},{'id':33},{'id':32,'val':1}],'fu':40,'pointRong':3900}],"
                "'oldScores':[24000,25000,25000,24000],'deltaScores':[6500,-4500,0,0]}"));
// clang-format on

/* camelCase keys and left-out defaults (spec §2.1) read as the full snake_case form */
static void test_camel_case_and_defaults(void **state)
{
    (void)state;
    paifu_game *a = read_ok(CAMEL_FULL), *b = read_ok(CAMEL_SHORT);
    const paifu_deal *x = paifu_game_deal(a, 0), *y = paifu_game_deal(b, 0);
    assert_int_equal(x->start.round_wind, 1);
    assert_int_equal(x->start.honba, 2);
    assert_int_equal(x->start.riichi_sticks, 1);
    assert_int_equal(x->n_events, y->n_events);
    for (size_t i = 0; i < x->n_events; i++) {
        assert_int_equal(x->events[i].type, y->events[i].type);
        assert_int_equal(x->events[i].seat, y->events[i].seat);
        assert_int_equal(x->events[i].from, y->events[i].from);
        assert_int_equal(x->events[i].tile, y->events[i].tile);
        assert_int_equal(x->events[i].flags, y->events[i].flags);
    }
    ev_is(x, 1, PAIFU_EV_DISCARD, 0, "7z", TG | PAIFU_EVF_RIICHI);
    ev_is(x, 2, PAIFU_EV_RIICHI_ACCEPTED, 0, NULL, 0);
    ev_is(x, 3, PAIFU_EV_CHI, 1, "7z", 0);
    ev_is(x, 4, PAIFU_EV_DISCARD, 1, "1m", TK);
    const paifu_win *v = &x->wins[0], *w = &y->wins[0];
    assert_int_equal(v->known, w->known);
    assert_int_equal(v->limit, PAIFU_LIMIT_NONE);
    assert_int_equal(w->limit, PAIFU_LIMIT_NONE); /* title_id 0 left out next to point_rong */
    assert_true(w->known & PAIFU_REC_LIMIT);
    assert_int_equal(v->points, w->points);
    assert_memory_equal(v->deltas, w->deltas, sizeof(v->deltas));
    assert_memory_equal(v->scores_before, w->scores_before, sizeof(v->scores_before));
    assert_int_equal(v->n_yaku, 3);
    assert_int_equal(w->yaku[1].id, PAIFU_YAKU_URA_DORA);
    assert_int_equal(w->yaku[1].han, 0);
    tiles_are(w->ura, w->n_ura, "9s");
    /* the deposit's recorded scores: the declarer's `score`, the others as at the start */
    int32_t row[4] = {24000, 25000, 25000, 24000};
    assert_int_equal(y->n_score_rows, 1);
    assert_memory_equal(y->score_rows[0], row, sizeof(row));
    paifu_game_free(a);
    paifu_game_free(b);
}

/* ---- the head (spec §4) ---- */

// clang-format off
static const char HEAD_DOC[] =
    "{'head':{'uuid':'210101-abc','config':{'category':2,'mode':{'mode':1,'detail_rule':{}},"
        "'meta':{'mode_id':11}},"
        "'accounts':[{'seat':2,'nickname':'C'},{'nickname':'A'}],"
        "'robots':[{'seat':3,'nickname':'Bot'}],"
        "'result':{'players':[{'seat':2,'part_point_1':42000,'total_point':32000},"
                             "{'part_point_1':30000,'total_point':10000},"
                             "{'seat':3,'part_point_1':20000,'total_point':-10000},"
                             "{'seat':1,'part_point_1':8000,'total_point':-32000}]}},"
    "'data':[" SHORT_DEAL "]}";
// clang-format on

static void test_head(void **state)
{
    (void)state;
    paifu_game *g = read_ok(HEAD_DOC);
    assert_string_equal(paifu_game_player(g, 0)->name, "A");
    assert_string_equal(paifu_game_player(g, 1)->name, ""); /* not in the head */
    assert_string_equal(paifu_game_player(g, 2)->name, "C");
    assert_string_equal(paifu_game_player(g, 3)->name, "Bot");
    assert_string_equal(paifu_game_meta_get(g, "majsoul.uuid"), "210101-abc");
    assert_string_equal(paifu_game_meta_get(g, "majsoul.mode_id"), "11");
    assert_null(paifu_game_meta_get(g, PAIFU_META_RULES_UNKNOWN));
    assert_int_equal(paifu_game_rule_override_count(g), 1); /* Jade East: game_length east */
    assert_string_equal(paifu_game_rule_override(g, 0)->key, "game_length");
    assert_string_equal(paifu_game_rule_override(g, 0)->value, "east");
    const paifu_game_result *r = paifu_game_result_get(g);
    assert_true(r->has_points && r->has_final);
    int32_t points[4] = {30000, 8000, 42000, 20000}, final[4] = {10000, -32000, 32000, -10000};
    assert_memory_equal(r->points, points, sizeof(points));
    assert_memory_equal(r->final, final, sizeof(final));
    paifu_game_free(g);
}

static void unknown_rules(const char *head, const char *why)
{
    char doc[4096];
    snprintf(doc, sizeof(doc), "{'head':%s,'data':[" SHORT_DEAL "]}", head);
    paifu_game *g = read_ok(doc);
    const char *v = paifu_game_meta_get(g, PAIFU_META_RULES_UNKNOWN);
    if (!v || !strstr(v, why))
        fail_msg("%s: rules_unknown is \"%s\", expected it to say \"%s\"", head, v ? v : "", why);
    assert_string_equal(paifu_game_rules_name(g), "majsoul");
    paifu_game_free(g);
}

/* Rooms whose rules paifu does not know (spec §4.1), fans and records it cannot price */
static void test_rooms_with_unknown_rules(void **state)
{
    (void)state;
    unknown_rules("{'config':{'category':1,'mode':{'mode':2}}}", "friendly");
    unknown_rules("{'config':{'category':4,'mode':{'mode':1}}}", "tournament");
    unknown_rules("{'config':{'category':2,'mode':{'mode':2},'meta':{'mode_id':40}}}",
                  "event room");
    unknown_rules("{'config':{'category':2,'mode':{'mode':2,'detail_rule':{'muyuMode':1}}}}",
                  "muyu_mode");
    unknown_rules("{'config':{'category':2,'mode':{'mode':2,'detail_rule':{'guyi_mode':true}}}}",
                  "guyi_mode");
    /* a fan id with no paifu yaku (local yaku, spec §6): the yaku are not recorded */
    paifu_game *g = read_ok(DOC(NR "," REC("Hule", "{'hules':[{'zimo':true,'hu_tile':'7z',"
                                                   "'count':2,'fans':[{'id':55,'val':2}]}]}")));
    assert_non_null(strstr(paifu_game_meta_get(g, PAIFU_META_RULES_UNKNOWN), "fan id 55"));
    assert_false(paifu_game_deal(g, 0)->wins[0].known & PAIFU_REC_YAKU);
    paifu_game_free(g);
    /* a record type the spec does not list is skipped, and the scoring no longer trusted */
    g = read_ok(DOC(NR "," REC("Whatever", "{}") "," REC("LiuJu", "{'type':1}")));
    assert_non_null(strstr(paifu_game_meta_get(g, PAIFU_META_RULES_UNKNOWN), "Whatever"));
    paifu_game_free(g);
}

/* ---- draws, discards, riichi (spec §5.2, §5.3, §8.3) ---- */

// clang-format off
/* the dealer's riichi is paid (liqi on the next draw; a double riichi); seat 1's riichi is won
   on (no stick) */
static const char RIICHI_PAID[] = DOC(
    NR ","
    REC("DiscardTile", "{'tile':'7z','is_liqi':true,'is_wliqi':true,'moqie':true}") ","
    REC("DealTile", "{'seat':1,'tile':'6m','liqi':{'score':24000,'liqibang':1}}") ","
    REC("DiscardTile", "{'seat':1,'tile':'6m','is_liqi':true,'moqie':true}") ","
    REC("Hule", "{'hules':[{'seat':2,'hu_tile':'6m'}]}"));
/* no `liqi` after the declaration: the log records no deposit (the verifier says so); a failed
   deposit is none either */
static const char RIICHI_UNPAID[] = DOC(
    NR ","
    REC("DiscardTile", "{'tile':'7z','is_liqi':true}") ","
    REC("DealTile", "{'seat':1,'tile':'6m'}") ","
    REC("DiscardTile", "{'seat':1,'tile':'6m','is_liqi':true}") ","
    REC("DealTile", "{'seat':2,'tile':'6m','liqi':{'seat':1,'failed':true}}") ","
    REC("LiuJu", "{'type':1,'seat':2}"));
// clang-format on

static void test_riichi_deposits(void **state)
{
    (void)state;
    paifu_game *g = read_ok(RIICHI_PAID);
    const paifu_deal *d = paifu_game_deal(g, 0);
    ev_is(d, 1, PAIFU_EV_DISCARD, 0, "7z", TG | PAIFU_EVF_RIICHI);
    ev_is(d, 2, PAIFU_EV_RIICHI_ACCEPTED, 0, NULL, PAIFU_EVF_DOUBLE_RIICHI);
    ev_is(d, 3, PAIFU_EV_DRAW, 1, "6m", 0);
    ev_is(d, 4, PAIFU_EV_DISCARD, 1, "6m", TG | PAIFU_EVF_RIICHI);
    ev_is(d, 5, PAIFU_EV_WIN, 2, "6m", 0);
    assert_int_equal(d->n_events, 6);
    assert_int_equal(d->wins[0].from, 1);
    assert_int_equal(d->wins[0].known & PAIFU_REC_URA, 0); /* not in riichi */
    paifu_game_free(g);
    g = read_ok(RIICHI_UNPAID);
    d = paifu_game_deal(g, 0);
    for (size_t i = 0; i < d->n_events; i++)
        assert_int_not_equal(d->events[i].type, PAIFU_EV_RIICHI_ACCEPTED);
    paifu_game_free(g);
}

/* ---- calls and kans (spec §5.4-§5.6, §8.4) ---- */

// clang-format off
static const char CALLS[] = DOC(
    NR ","
    REC("DiscardTile", "{'tile':'5p'}") ","
    /* a pon with the called tile first; its red five stays in the pon */
    REC("ChiPengGang", "{'seat':2,'type':1,'tiles':['5p','0p','5p'],'froms':[0,2,2]}") ","
    REC("DiscardTile", "{'seat':2,'tile':'1s'}") ","
    /* a chi without `froms`: the called tile is the last, from the latest discarder */
    REC("ChiPengGang", "{'seat':3,'tiles':['2s','3s','1s']}") ","
    REC("DiscardTile", "{'seat':3,'tile':'4p'}") ","
    REC("DealTile", "{'tile':'1p'}") ","
    /* a closed kan of 1p; its indicator comes with the replacement draw */
    REC("AnGangAddGang", "{'type':3,'tiles':'1p'}") ","
    REC("DealTile", "{'tile':'9m','doras':['1m','2m']}") ","
    REC("DiscardTile", "{'tile':'9m','moqie':true}") ","
    REC("DealTile", "{'seat':1,'tile':'5m'}") ","
    REC("DiscardTile", "{'seat':1,'tile':'5m','moqie':true}") ","
    /* an open kan; its indicator comes with the discard after the replacement */
    REC("ChiPengGang", "{'seat':3,'type':2,'tiles':['5m','5m','0m','5m'],'froms':[3,3,3,1]}") ","
    REC("DealTile", "{'seat':3,'tile':'8s'}") ","
    REC("DiscardTile", "{'seat':3,'tile':'8s','moqie':true,'doras':['1m','2m','3m']}") ","
    REC("DealTile", "{'seat':2,'tile':'5p'}") ","
    /* the added kan names its tile; this record carries the next indicator itself */
    REC("AnGangAddGang", "{'seat':2,'type':2,'tiles':'5p','doras':['1m','2m','3m','4m']}") ","
    REC("LiuJu", "{'type':3}"));
/* a closed kan of fives takes the red five the seat holds (spec §5.5) */
static const char RED_ANKAN[] = DOC(
    NR ","
    REC("DiscardTile", "{'tile':'1p'}") ","
    REC("DealTile", "{'seat':1,'tile':'2s'}") ","
    REC("DiscardTile", "{'seat':1,'tile':'2s'}") ","
    REC("DealTile", "{'seat':2,'tile':'3s'}") ","
    REC("DiscardTile", "{'seat':2,'tile':'1s'}") ","
    REC("DealTile", "{'seat':3,'tile':'7z'}") ","
    REC("DiscardTile", "{'seat':3,'tile':'7z'}") ","
    REC("DealTile", "{'tile':'5p'}") ","
    REC("AnGangAddGang", "{'type':3,'tiles':'5p'}") ","
    REC("LiuJu", "{'type':3}"));
// clang-format on

static void test_calls_and_kans(void **state)
{
    (void)state;
    paifu_game *g = read_ok(CALLS);
    const paifu_deal *d = paifu_game_deal(g, 0);
    ev_is(d, 2, PAIFU_EV_PON, 2, "5p", 0);
    assert_int_equal(d->events[2].from, 0);
    tiles_are(d->events[2].tiles, d->events[2].n, "05p");
    ev_is(d, 4, PAIFU_EV_CHI, 3, "1s", 0);
    assert_int_equal(d->events[4].from, 2);
    tiles_are(d->events[4].tiles, d->events[4].n, "23s");
    ev_is(d, 7, PAIFU_EV_ANKAN, 0, NULL, 0);
    tiles_are(d->events[7].tiles, d->events[7].n, "1111p");
    ev_is(d, 8, PAIFU_EV_DORA, -1, "2m", 0);
    ev_is(d, 9, PAIFU_EV_DRAW, 0, "9m", PAIFU_EVF_REPLACEMENT);
    ev_is(d, 13, PAIFU_EV_DAIMINKAN, 3, "5m", 0);
    assert_int_equal(d->events[13].from, 1);
    tiles_are(d->events[13].tiles, d->events[13].n, "550m");
    ev_is(d, 14, PAIFU_EV_DRAW, 3, "8s", PAIFU_EVF_REPLACEMENT);
    ev_is(d, 15, PAIFU_EV_DORA, -1, "3m", 0);
    ev_is(d, 16, PAIFU_EV_DISCARD, 3, "8s", TG);
    ev_is(d, 18, PAIFU_EV_SHOUMINKAN, 2, "5p", 0);
    tiles_are(d->events[18].tiles, d->events[18].n, "055p"); /* the pon, its called tile last */
    ev_is(d, 19, PAIFU_EV_DORA, -1, "4m", 0);
    ev_is(d, 20, PAIFU_EV_ABORTIVE_DRAW, -1, NULL, 0);
    assert_int_equal(d->draws[0].kind, PAIFU_DRAW_SUUKAIKAN);
    paifu_game_free(g);
    g = read_ok(RED_ANKAN);
    d = paifu_game_deal(g, 0);
    ev_is(d, 9, PAIFU_EV_ANKAN, 0, NULL, 0);
    tiles_are(d->events[9].tiles, d->events[9].n, "0555p");
    paifu_game_free(g);
}

/* ---- 3-player (spec §9) ---- */

// clang-format off
static const char SANMA[] =
    "{'head':{'config':{'category':2,'mode':{'mode':12},'meta':{'mode_id':22}}},'data':["
    REC("NewRound", "{'ju':1,'scores':[35000,35000,35000],'tiles0':" H13 ",'tiles1':" H14 ","
                    "'tiles2':" H13B ",'tiles3':[],'doras':['1m']}") ","
    REC("BaBei", "{'seat':1,'moqie':true}") ","
    REC("DealTile", "{'seat':1,'tile':'4z','doras':['1m','9m']}") ","
    REC("BaBei", "{'seat':1,'doras':['1m','9m','1p']}") ","
    REC("DealTile", "{'seat':1,'tile':'3z'}") ","
    REC("DiscardTile", "{'seat':1,'tile':'3z','moqie':true}") ","
    REC("Hule", "{'hules':[{'hu_tile':'3z','count':2,"
                "'fans':[{'id':10,'val':1},{'id':34,'val':2}],'fu':40,'point_rong':2600}],"
                "'delta_scores':[2600,-2600,0]}") "]}";
// clang-format on

static void test_three_player(void **state)
{
    (void)state;
    paifu_game *g = read_ok(SANMA);
    assert_int_equal(paifu_game_players(g), 3);
    const paifu_deal *d = paifu_game_deal(g, 0);
    assert_int_equal(d->start.dealer, 1);
    assert_int_equal(d->start.n_hand[3], 0);
    ev_is(d, 0, PAIFU_EV_DRAW, 1, "7z", 0);
    ev_is(d, 1, PAIFU_EV_KITA, 1, "4z", 0);
    ev_is(d, 2, PAIFU_EV_DORA, -1, "9m", 0);
    ev_is(d, 3, PAIFU_EV_DRAW, 1, "4z", PAIFU_EVF_REPLACEMENT);
    ev_is(d, 4, PAIFU_EV_KITA, 1, "4z", 0);
    ev_is(d, 5, PAIFU_EV_DORA, -1, "1p", 0);
    ev_is(d, 6, PAIFU_EV_DRAW, 1, "3z", PAIFU_EVF_REPLACEMENT);
    const paifu_win *w = &d->wins[0];
    assert_int_equal(w->winner, 0);
    assert_int_equal(w->from, 1);
    /* fan 10 for seat 0 with dealer 1: seat 0 sits West in 3-player ((0 - 1) mod 3 = 2) */
    assert_int_equal(w->yaku[0].id, PAIFU_YAKU_SEAT_WIND_WEST);
    assert_int_equal(w->yaku[1].id, PAIFU_YAKU_KITA);
    assert_int_equal(w->yaku[1].han, 2);
    /* the 3-player room values (spec §4.1, §9) */
    static const char *const WANT[][2] = {
        {"players", "3"},           {"start_points", "35000"},   {"return_points", "35000"},
        {"target_points", "40000"}, {"uma", "15000,0,-15000,0"}, {"sanma_tsumo_loss", "true"},
        {"kita", "true"},           {"noten_total", "2000"},     {"honba_value", "200"},
        {"red_fives", "2"},
    };
    assert_int_equal(paifu_game_rule_override_count(g), sizeof(WANT) / sizeof(WANT[0]));
    for (size_t i = 0; i < sizeof(WANT) / sizeof(WANT[0]); i++) {
        assert_string_equal(paifu_game_rule_override(g, i)->key, WANT[i][0]);
        assert_string_equal(paifu_game_rule_override(g, i)->value, WANT[i][1]);
    }
    paifu_game_free(g);
}

/* ---- wins (spec §5.7, §6) ---- */

// clang-format off
/* South round, dealer 3 (ju 3): a double ron on seat 0's discard; seat 1 has a double yakuman
   with a liable seat (baopai = seat + 1), seat 2 a mangan */
static const char DOUBLE_RON_PAO[] = DOC(
    REC("NewRound", "{'chang':1,'ju':3,'ben':1,'liqibang':1,'scores':[25000,25000,25000,25000],"
                    "'tiles0':" H13 ",'tiles1':" H13B ",'tiles2':" H13 ",'tiles3':" H14 ","
                    "'doras':['1m']}") ","
    REC("DiscardTile", "{'tile':'1s'}") ","
    REC("Hule", "{'hules':[{'seat':1,'hu_tile':'1s','hand':['1p','1p'],'yiman':true,'count':2,"
                           "'fans':[{'id':50,'val':2}],'fu':40,'point_rong':64000,"
                           "'title_id':6,'baopai':4},"
                          "{'seat':2,'hu_tile':'1s','count':5,'fans':[{'id':10,'val':1},"
                           "{'id':11,'val':1},{'id':31,'val':3}],'fu':30,'point_rong':8000,"
                           "'title_id':1}],"
                "'old_scores':[25000,25000,25000,24000],'delta_scores':[-72300,65300,8000,0]}"));
/* without a liable seat: the later winner takes its point_rong from the discarder, the first
   the rest (honba and sticks: spec §5.7) */
static const char DOUBLE_RON[] = DOC(
    REC("NewRound", NR_BODY("'ben':1,'liqibang':1,")) ","
    REC("DiscardTile", "{'tile':'1s'}") ","
    REC("Hule", "{'hules':[{'seat':1,'hu_tile':'1s','point_rong':3900},"
                          "{'seat':3,'hu_tile':'1s','point_rong':2000}],"
                "'old_scores':[25000,25000,25000,24000],'delta_scores':[-6200,5200,0,2000]}"));
// clang-format on

static void test_wins(void **state)
{
    (void)state;
    paifu_game *g = read_ok(DOUBLE_RON_PAO);
    const paifu_deal *d = paifu_game_deal(g, 0);
    assert_int_equal(d->n_wins, 2);
    const paifu_win *a = &d->wins[0], *b = &d->wins[1];
    assert_int_equal(a->winner, 1);
    assert_int_equal(a->from, 0);
    assert_int_equal(a->pao, 3);
    assert_int_equal(a->yakuman, 2);
    assert_int_equal(a->han, 26);
    assert_int_equal(a->yaku[0].id, PAIFU_YAKU_DAISUUSHI);
    assert_int_equal(a->yaku[0].han, 26);
    assert_int_equal(a->limit, PAIFU_LIMIT_YAKUMAN);
    tiles_are(a->hand, a->n_hand, "11p1s");
    /* a liable seat among the winners: the split of delta_scores is not known */
    assert_false(a->known & PAIFU_REC_DELTAS);
    assert_false(b->known & PAIFU_REC_DELTAS);
    assert_true(a->known & PAIFU_REC_SCORES);
    assert_false(b->known & PAIFU_REC_SCORES);
    assert_int_equal(b->yaku[0].id, PAIFU_YAKU_SEAT_WIND_NORTH); /* seat 2, dealer 3 */
    assert_int_equal(b->yaku[1].id, PAIFU_YAKU_ROUND_WIND_SOUTH);
    assert_int_equal(b->limit, PAIFU_LIMIT_MANGAN);
    assert_int_equal(b->points, 8000);
    paifu_game_free(g);
    g = read_ok(DOUBLE_RON);
    d = paifu_game_deal(g, 0);
    int32_t first[4] = {-4200, 5200, 0, 0}, second[4] = {-2000, 0, 0, 2000};
    int32_t before2[4] = {20800, 30200, 25000, 24000};
    assert_memory_equal(d->wins[0].deltas, first, sizeof(first));
    assert_memory_equal(d->wins[1].deltas, second, sizeof(second));
    assert_memory_equal(d->wins[1].scores_before, before2, sizeof(before2));
    paifu_game_free(g);
}

// clang-format off
/* the dealer wins on its first draw; the record names another tile of the hand */
static const char TENHOU[] = DOC(
    NR ","
    REC("Hule", "{'hules':[{'hand':['1p','1p','2p','3p','5p','5p','0p','8p','9p','5z','5z','6z',"
                "'7z'],'hu_tile':'7p','zimo':true,'yiman':true,'count':1,"
                "'fans':[{'id':35,'val':1}],'point_zimo_qin':16000,'point_zimo_xian':16000,"
                "'title_id':5}],'delta_scores':[48000,-16000,-16000,-16000]}"));
// clang-format on

/* Tsumo payments and the heavenly hand's winning tile. */
static void test_tsumo(void **state)
{
    (void)state;
    paifu_game *g = read_ok(TENHOU);
    const paifu_win *w = &paifu_game_deal(g, 0)->wins[0];
    assert_int_equal(w->from, 0);
    assert_int_equal(w->win_tile, T("7z")); /* the tile drawn, not the record's hu_tile */
    assert_int_equal(w->n_hand, 14);
    assert_int_equal(w->points, 48000);
    assert_int_equal(w->payment_nondealer, 16000);
    assert_int_equal(w->payment_dealer, 0);
    assert_true(w->known & PAIFU_REC_PAYMENTS);
    assert_int_equal(w->yaku[0].id, PAIFU_YAKU_TENHOU);
    assert_int_equal(w->han, 13);
    paifu_game_free(g);
    /* a non-dealer's tsumo: qin from the dealer, xian from each other player */
    g = read_ok(DOC(SHORT_DEAL));
    w = &paifu_game_deal(g, 0)->wins[0];
    assert_int_equal(w->win_tile, T("5p"));
    assert_int_equal(w->payment_dealer, 500);
    assert_int_equal(w->payment_nondealer, 300);
    assert_int_equal(w->points, 1100);
    assert_int_equal(w->fu, 30);
    assert_int_equal(w->han, 1);
    assert_false(w->known & PAIFU_REC_LIMIT); /* neither title_id nor point_rong */
    paifu_game_free(g);
}

/* ---- draws (spec §5.8, §5.9) ---- */

// clang-format off
static const char NOTEN[] = DOC(
    NR "," REC("DiscardTile", "{'tile':'7z'}") ","
    REC("NoTile", "{'players':[{},{'tingpai':true,'hand':" H13 "},{},"
                              "{'tingpai':true,'hand':" H13B "}],"
                  "'scores':[{'old_scores':[25000,25000,25000,25000],"
                             "'delta_scores':[-1500,1500,-1500,1500]}]}"));
/* nagashi mangan: one score entry per nagashi player, summed */
static const char NAGASHI[] = DOC(
    NR "," REC("DiscardTile", "{'tile':'7z'}") ","
    REC("NoTile", "{'liujumanguan':true,'players':[{},{},{},{}],"
                  "'scores':[{'seat':2,'old_scores':[25000,25000,25000,25000],"
                             "'delta_scores':[-4000,-2000,8000,-2000]},"
                            "{'old_scores':[25000,25000,25000,25000],"
                             "'delta_scores':[12000,-4000,-4000,-4000]}]}"));
/* all tenpai: no delta_scores, nobody pays */
static const char ALL_TENPAI[] = DOC(
    NR "," REC("DiscardTile", "{'tile':'7z'}") ","
    REC("NoTile", "{'players':[{'tingpai':true},{'tingpai':true},{'tingpai':true},"
                              "{'tingpai':true}],"
                  "'scores':[{'old_scores':[25000,25000,25000,25000]}]}"));
// clang-format on

static void test_exhaustive_draws(void **state)
{
    (void)state;
    paifu_game *g = read_ok(NOTEN);
    const paifu_draw *d = &paifu_game_deal(g, 0)->draws[0];
    assert_int_equal(d->kind, PAIFU_DRAW_EXHAUSTIVE);
    assert_int_equal(d->tenpai, 0x0A);
    assert_int_equal(d->shown, 0x0A);
    assert_int_equal(d->n_hand[1], 13);
    int32_t deltas[4] = {-1500, 1500, -1500, 1500};
    assert_memory_equal(d->deltas, deltas, sizeof(deltas));
    assert_int_equal(d->known,
                     PAIFU_REC_TENPAI | PAIFU_REC_HAND | PAIFU_REC_DELTAS | PAIFU_REC_SCORES);
    paifu_game_free(g);
    g = read_ok(NAGASHI);
    d = &paifu_game_deal(g, 0)->draws[0];
    assert_int_equal(d->nagashi, 0x05);
    int32_t sum[4] = {8000, -6000, 4000, -6000};
    assert_memory_equal(d->deltas, sum, sizeof(sum));
    paifu_game_free(g);
    g = read_ok(ALL_TENPAI);
    d = &paifu_game_deal(g, 0)->draws[0];
    assert_int_equal(d->tenpai, 0x0F);
    assert_true(d->known & PAIFU_REC_DELTAS);
    paifu_game_free(g);
}

/* An abortive draw of TYPE after a riichi discard, followed by a deal with NEXT sticks. */
static const paifu_deal *abortive(paifu_game **g, int type, int next, const char *extra)
{
    char doc[8192];
    // clang-format off
    snprintf(doc, sizeof(doc),
             DOC(REC("NewRound", NR_BODY("'liqibang':1,")) ","
                 REC("DiscardTile", "{'tile':'7z','is_liqi':true}") ","
                 REC("LiuJu", "{'type':%d%s}") ","
                 REC("NewRound", NR_BODY("'ben':1,'liqibang':%d,")) ","
                 REC("LiuJu", "{'type':1}")),
             type, extra, next);
    // clang-format on
    *g = read_ok(doc);
    return paifu_game_deal(*g, 0);
}

static bool has_deposit(const paifu_deal *d)
{
    for (size_t i = 0; i < d->n_events; i++)
        if (d->events[i].type == PAIFU_EV_RIICHI_ACCEPTED)
            return true;
    return false;
}

static void test_abortive_draws(void **state)
{
    (void)state;
    static const paifu_draw_kind KINDS[] = {PAIFU_DRAW_KYUUSHU, PAIFU_DRAW_SUUFON,
                                            PAIFU_DRAW_SUUKAIKAN, PAIFU_DRAW_SUUCHA_RIICHI,
                                            PAIFU_DRAW_SANCHAHOU};
    paifu_game *g;
    for (int type = 1; type <= 5; type++) {
        const paifu_deal *d = abortive(&g, type, 1, "");
        assert_int_equal(d->draws[0].kind, KINDS[type - 1]);
        /* four riichi: the fourth stick is paid (spec §5.9); the others: the next deal has no
           more sticks, so it was not */
        assert_int_equal(has_deposit(d), type == 4);
        paifu_game_free(g);
    }
    const paifu_deal *d = abortive(&g, 2, 2, ""); /* one stick more at the next deal: paid */
    assert_true(has_deposit(d));
    paifu_game_free(g);
    d = abortive(&g, 3, 1, ",'liqi':{'score':24000}"); /* the record says so */
    assert_true(has_deposit(d));
    paifu_game_free(g);
    /* nine terminals: the declarer and its hand */
    g = read_ok(DOC(NR "," REC("LiuJu", "{'type':1,'tiles':" H14 "}")));
    const paifu_draw *dr = &paifu_game_deal(g, 0)->draws[0];
    assert_int_equal(dr->seat, 0);
    assert_int_equal(dr->shown, 1);
    assert_int_equal(dr->n_hand[0], 14);
    paifu_game_free(g);
}

/* ---- the wall (spec §8.1) ---- */

/* The first N tiles of the set (3-player: without 2m-8m), kind by kind, four times over. */
static void paishan(char *out, int players, int n)
{
    static const char *const K = "123456789";
    int i = 0;
    for (int copy = 0; copy < 4 && i < n; copy++)
        for (int suit = 0; suit < 4 && i < n; suit++)
            for (int k = 0; k < (suit == 3 ? 7 : 9) && i < n; k++) {
                if (players == 3 && suit == 0 && k > 0 && k < 8)
                    continue;
                out[2 * i] = K[k];
                out[2 * i + 1] = "mpsz"[suit];
                i++;
            }
    out[2 * i] = '\0';
}

static void test_wall(void **state)
{
    (void)state;
    char ps[300], doc[8192];
    /* the whole wall: kept as it is, with MahjongSoul's dead wall (4-player: len-5 and len-6) */
    paishan(ps, 4, 136);
    snprintf(doc, sizeof(doc),
             DOC(REC("NewRound", NR_BODY("'paishan':'%s',")) "," REC("LiuJu", "{'type':1}")), ps);
    paifu_game *g = read_ok(doc);
    const paifu_deal_start *st = &paifu_game_deal(g, 0)->start;
    assert_true(st->flags & PAIFU_DEAL_HAS_WALL);
    assert_int_equal(st->n_wall, 136);
    assert_int_equal(st->wall[0], T("1m"));
    assert_int_equal(st->wall[135], T("7z"));
    assert_int_equal(st->wall_ids[17], PAIFU_TILE_ID_NONE);
    const paifu_wall_layout *l = &st->wall_layout;
    assert_int_equal(l->live_start, 52);
    assert_int_equal(l->live_end, 122);
    assert_int_equal(l->n_replacement, 4);
    assert_int_equal(l->replacement[0], 135);
    assert_int_equal(l->replacement[3], 132);
    assert_int_equal(l->n_dora, 5);
    assert_int_equal(l->dora[0], 131);
    assert_int_equal(l->ura[0], 130);
    assert_int_equal(l->dora[4], 123);
    assert_int_equal(l->ura[4], 122);
    paifu_game_free(g);
}

static void test_partial_wall(void **state)
{
    (void)state;
    char ps[300], doc[8192];
    /* the part after the deal only (83): the deal is put back from the hands; dealer 2 */
    paishan(ps, 4, 83);
    // clang-format off
    snprintf(doc, sizeof(doc),
             DOC(REC("NewRound", "{'ju':2,'tiles0':" H13 ",'tiles1':" H13B ",'tiles2':" H14 ","
                                 "'tiles3':" H13 ",'doras':['1m'],'paishan':'%s'}") ","
                 REC("LiuJu", "{'type':1,'seat':2}")),
             ps);
    // clang-format on
    paifu_game *g = read_ok(doc);
    const paifu_deal_start *st = &paifu_game_deal(g, 0)->start;
    assert_int_equal(st->n_wall, 136);
    assert_int_equal(st->wall[0], T("1p"));  /* the dealer's first four */
    assert_int_equal(st->wall[4], T("1m"));  /* then seat 3's */
    assert_int_equal(st->wall[8], T("1m"));  /* seat 0's */
    assert_int_equal(st->wall[12], T("1s")); /* seat 1's */
    assert_int_equal(st->wall[48], T("6z")); /* the dealer's 13th */
    assert_int_equal(st->wall[51], T("4z")); /* seat 1's 13th */
    assert_int_equal(st->wall[52], T("7z")); /* the dealer's 14th */
    assert_int_equal(st->wall[53], T("1m")); /* the first tile of paishan */
    paifu_game_free(g);
}

static void test_three_player_wall(void **state)
{
    (void)state;
    char ps[300], doc[8192];
    /* 3-player: 108 tiles, live draws from 39, eight replacement tiles, dora len-9 */
    paishan(ps, 3, 108);
    // clang-format off
    snprintf(doc, sizeof(doc),
             "{'head':{'config':{'category':2,'mode':{'mode':11}}},'data':["
             REC("NewRound", "{'tiles0':" H14 ",'tiles1':" H13 ",'tiles2':" H13B ","
                             "'doras':['1m'],'paishan':'%s'}") ","
             REC("LiuJu", "{'type':1}") "]}",
             ps);
    // clang-format on
    paifu_game *g = read_ok(doc);
    const paifu_deal_start *st = &paifu_game_deal(g, 0)->start;
    const paifu_wall_layout *l = &st->wall_layout;
    assert_int_equal(st->n_wall, 108);
    assert_int_equal(l->live_start, 39);
    assert_int_equal(l->live_end, 94);
    assert_int_equal(l->n_replacement, 8);
    assert_int_equal(l->replacement[7], 100);
    assert_int_equal(l->dora[0], 99);
    assert_int_equal(l->ura[0], 98);
    assert_int_equal(l->dora[1], 97);
    paifu_game_free(g);
}

/* ---- errors ---- */

/* The parts of a deal's outcome (spec §5.7 HuleInfo, §5.8 NoTile, §5.9 LiuJu) that are not what
   the spec has: refused at their place, with the deal named. */
#define HULE(h)      DOC(NR "," REC("DiscardTile", "{'tile':'5z'}") "," REC("Hule", h))
#define NOTILE(body) DOC(NR "," REC("DiscardTile", "{'tile':'7z'}") "," REC("NoTile", body))
static void test_outcome_refusals(void **state)
{
    (void)state;
    // clang-format off
    read_fails(HULE("{'hules':[1]}"), PAIFU_EFORMAT, "$.data[2].data.hules[0]", "E1-0",
               "expected a winner (HuleInfo): an object, found");
    read_fails(HULE("{'hules':[{'seat':1,'point_rong':1000}]}"), PAIFU_EFORMAT,
               "$.data[2].data.hules[0]", "E1-0",
               "expected the winning tile (\"hu_tile\"), found nothing");
    read_fails(HULE("{'hules':[{'seat':1,'hu_tile':'5z','fans':{}}]}"), PAIFU_EFORMAT,
               "$.data[2].data.hules[0].fans", "E1-0",
               "expected at most 24 fans (an array of {id, val}), found an object");
    read_fails(HULE("{'hules':[{'seat':1,'hu_tile':'5z','fans':[1]}]}"), PAIFU_EFORMAT,
               "$.data[2].data.hules[0].fans[0]", "E1-0", "expected a fan: {\"id\", \"val\"}");
    read_fails(HULE("{'hules':[{'seat':1,'hu_tile':'5z','fans':[{'id':1,'val':1001}]}]}"),
               PAIFU_EFORMAT, "$.data[2].data.hules[0].fans[0].val", "E1-0", "1000");
    read_fails(HULE("{'hules':[{'seat':1,'hu_tile':'5z'}],'delta_scores':[0,0]}"), PAIFU_EFORMAT,
               "$.data[2].data.delta_scores", "E1-0", "expected 4 integers, one per seat, found 2");
    /* NoTile: one player entry per seat, each an object; at most one score entry per seat */
    read_fails(NOTILE("{'players':[{},{}]}"), PAIFU_EFORMAT, "$.data[2].data.players", "E1-0",
               "expected 4 players, found another number");
    read_fails(NOTILE("{'players':{}}"), PAIFU_EFORMAT, "$.data[2].data.players", "E1-0",
               "expected 4 players, found an object");
    read_fails(NOTILE("{'players':[{},{},{},1]}"), PAIFU_EFORMAT, "$.data[2].data.players[3]",
               "E1-0", "expected a player at the draw: an object");
    read_fails(NOTILE("{'players':[{},{},{},{}],'scores':[{},{},{},{},{}]}"), PAIFU_EFORMAT,
               "$.data[2].data.scores", "E1-0",
               "expected at most 4 score entries (an array), found more");
    read_fails(NOTILE("{'players':[{},{},{},{}],'scores':[7]}"), PAIFU_EFORMAT,
               "$.data[2].data.scores[0]", "E1-0", "expected a score entry: an object");
    /* LiuJu's hands: at most one string per seat */
    read_fails(DOC(NR "," REC("LiuJu", "{'type':4,'allplayertiles':{}}")), PAIFU_EFORMAT,
               "$.data[1].data.allplayertiles", "E1-0",
               "expected at most 4 hands (an array of strings), found an object");
    read_fails(DOC(NR "," REC("LiuJu", "{'type':4,'allplayertiles':[3]}")), PAIFU_EFORMAT,
               "$.data[1].data.allplayertiles[0]", "E1-0", "expected a hand such as \"1m|2m|3m\"");
    // clang-format on
}

static void test_malformed(void **state)
{
    (void)state;
    paifu_game *g = NULL;
    paifu_error err;
    paifu_error_clear(&err);
    paifu_read_options opts = PAIFU_READ_OPTIONS_INIT;
    opts.format = "majsoul";
    const char *bad = "{\"head\":{},\n\"data\":[}";
    assert_int_equal(paifu_game_read_buffer(&g, bad, strlen(bad), &opts, &err), PAIFU_EFORMAT);
    assert_int_equal(err.where.line, 2);
    assert_true(err.where.column > 0);
    // clang-format off
    read_fails("[1,2]", PAIFU_EFORMAT, "$", "", "bare list");
    read_fails("{'log':[]}", PAIFU_EFORMAT, "$", "", "tenhou.net/6");
    read_fails(DOC(REC("DiscardTile", "{'tile':'5z'}")), PAIFU_EFORMAT, "$.data", "",
               "no RecordNewRound");
    read_fails(DOC(NR "," REC("DiscardTile", "{'tile':'5x'}")), PAIFU_EFORMAT,
               "$.data[1].data.tile", "E1-0", "expected a tile");
    read_fails(DOC(NR "," REC("DiscardTile", "{'tile':'5z','seat':4}")), PAIFU_EFORMAT,
               "$.data[1].data.seat", "E1-0", "from 0 to 3");
    read_fails(DOC(NR "," REC("DiscardTile", "{'seat':1}")), PAIFU_EFORMAT, "$.data[1].data",
               "E1-0", "discarded tile");
    read_fails(DOC(NR "," REC("DiscardTile", "{'tile':'5z','isLiqi':1}")), PAIFU_EFORMAT,
               "$.data[1].data.isLiqi", "E1-0", "true or false");
    read_fails(DOC(REC("NewRound", "{'ju':1,'tiles0':" H14 ",'tiles1':" H13 ",'tiles2':" H13 ","
                                   "'tiles3':" H13 "}")),
               PAIFU_EFORMAT, "$.data[0].data.tiles0", "E2-0", "expected 13 tiles");
    read_fails(DOC(REC("NewRound", NR_BODY("'paishan':'1m2m',")) "," REC("LiuJu", "{'type':1}")),
               PAIFU_EFORMAT, "$.data[0].data.paishan", "E1-0", "136 or 83");
    read_fails(DOC(NR "," REC("DiscardTile", "{'tile':'5z'}") ","
                   REC("ChiPengGang", "{'seat':1,'tiles':['5z','5z','5z'],'froms':[0,2,1]}")),
               PAIFU_EFORMAT, "$.data[2].data.froms", "E1-0", "exactly one");
    read_fails(DOC(NR "," REC("ChiPengGang", "{'seat':1,'tiles':['5z','5z']}")), PAIFU_EFORMAT,
               "$.data[1].data.tiles", "E1-0", "expected 3 tiles for a chi");
    read_fails(DOC(NR "," REC("AnGangAddGang", "{'type':1,'tiles':'5z'}")), PAIFU_EFORMAT,
               "$.data[1].data.type", "E1-0", "closed kan");
    read_fails(DOC(NR "," REC("Hule", "{'hules':[{'hu_tile':'5z'}]}")), PAIFU_EFORMAT,
               "$.data[1].data.hules[0]", "E1-0", "no discard of another seat");
    read_fails(DOC(NR "," REC("Hule", "{'hules':[]}")), PAIFU_EFORMAT, "$.data[1].data.hules",
               "E1-0", "1 to 3");
    read_fails(DOC(NR "," REC("Hule", "{'hules':[{'zimo':true,'huTile':7}]}")), PAIFU_EFORMAT,
               "$.data[1].data.hules[0].huTile", "E1-0", "expected a tile");
    read_fails(DOC(NR "," REC("LiuJu", "{}")), PAIFU_EFORMAT, "$.data[1].data.type", "E1-0",
               "from 1 to 5");
    read_fails(DOC(NR "," REC("LiuJu", "{'type':4,'allplayertiles':['1m|2m,3m']}")),
               PAIFU_EFORMAT, "$.data[1].data.allplayertiles[0]", "E1-0", "1m|2m|3m");
    read_fails(DOC(NR "," NR), PAIFU_EFORMAT, "$.data[1].data", "E1-0", "previous deal");
    read_fails(DOC(NR "," REC("LiuJu", "{'type':1}") "," REC("DealTile", "{'tile':'1m'}")),
               PAIFU_EFORMAT, "$.data[2].data", "E1-0", "after the deal's end");
    read_fails("{'head':{},'data':[{'data':{}}]}", PAIFU_EFORMAT, "$.data[0].name", "",
               "type name");
    read_fails("{'mjslog':[{}],'mjsrecordtypes':[]}", PAIFU_EFORMAT, "$.mjsrecordtypes", "",
               "same length");
    read_fails("{'mjshead':{'result':{'players':[{}]}},'mjslog':[" NR_BODY("") "],"
               "'mjsrecordtypes':['RecordNewRound']}",
               PAIFU_EFORMAT, "$.mjshead.result.players", "", "an array of 4 players");
    read_fails(DOC(NR "," REC("LiuJu", "{'type':1}")) "x", PAIFU_EFORMAT, NULL, "", "JSON");
    // clang-format on
}

static void test_unsupported(void **state)
{
    (void)state;
    // clang-format off
    read_fails("{'head':{},'data':{'name':'.lq.GameDetailRecords','data':{'version':210716,"
               "'actions':[]}}}",
               PAIFU_EUNSUPPORTED, "$.data.data.version", "", "version 210716");
    read_fails("{'head':{},'data':'CgRoZWFk'}", PAIFU_EUNSUPPORTED, "$.data", "", "base64");
    read_fails("{'head':{},'data':'','data_url':'https://example.org/r'}", PAIFU_EUNSUPPORTED,
               "$.data", "", "data_url");
    read_fails("{'head':{},'data':{'name':'.lq.OldRecords','data':{}}}", PAIFU_EUNSUPPORTED,
               "$.data.name", "", ".lq.OldRecords");
    read_fails("{'head':{},'data':{'actions':[{'type':1,'result':'CgRoZWFk'}]}}",
               PAIFU_EUNSUPPORTED, "$.data.actions[0].result", "", "undecoded");
    read_fails(DOC(NR "," REC("ChangeTile", "{}")), PAIFU_EUNSUPPORTED, "$.data[1].data", "E1-0",
               "not standard riichi");
    // clang-format on
}

/* A game whose last deal has no end record is marked truncated (the verifier says so once). */
static void test_truncated(void **state)
{
    (void)state;
    paifu_game *g = read_ok(DOC(NR "," REC("DiscardTile", "{'tile':'5z'}")));
    assert_true(paifu_game_truncated(g));
    paifu_game_free(g);
}

int main(void)
{
    paifu_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_layouts),
        cmocka_unit_test(test_camel_case_and_defaults),
        cmocka_unit_test(test_head),
        cmocka_unit_test(test_rooms_with_unknown_rules),
        cmocka_unit_test(test_riichi_deposits),
        cmocka_unit_test(test_calls_and_kans),
        cmocka_unit_test(test_three_player),
        cmocka_unit_test(test_wins),
        cmocka_unit_test(test_tsumo),
        cmocka_unit_test(test_exhaustive_draws),
        cmocka_unit_test(test_abortive_draws),
        cmocka_unit_test(test_wall),
        cmocka_unit_test(test_partial_wall),
        cmocka_unit_test(test_three_player_wall),
        cmocka_unit_test(test_malformed),
        cmocka_unit_test(test_outcome_refusals),
        cmocka_unit_test(test_unsupported),
        cmocka_unit_test(test_truncated),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
