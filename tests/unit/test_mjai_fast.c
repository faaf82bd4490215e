/*
 * test_mjai_fast.c: the mjai reader's fast path (paifu_mjai__fast_scan, which reads the hot
 * events straight from their line) against the tree path (jansson's tree of the same line, as
 * the reader's on_* handlers see it). Whenever the scanner takes a line, the tree must be an
 * object with exactly the keys the scanner saw, and every field the same: type, actor, target,
 * pai, dora_marker, tsumogiri and the consumed tiles. Over every line of the corpus's mjai logs
 * and of samples/, and over tricky and hostile lines, some of which must be refused (the tree
 * path then reads them, with its own errors) and some taken with known values.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_in.h"
#include "mjai.h"
#include "paifu.h"
#include "stream_compare.h"

static size_t lines_seen, lines_taken;

/* A tile from the tree (a string the reader's tile parser takes) equal to T. */
static void same_tile(const json_t *v, paifu_tile t, const char *line)
{
    paifu_tile want = PAIFU_TILE_NONE;
    if (!json_is_string(v) || !paifu_mjai__tile(json_string_value(v), &want))
        fail_msg("fast path took a tile the tree does not have: %s", line);
    if (want != t)
        fail_msg("fast path misread a tile (%u, tree %u): %s", (unsigned)t, (unsigned)want, line);
}

static void same_digit(const json_t *v, int got, const char *line)
{
    if (!json_is_integer(v) || json_integer_value(v) != got)
        fail_msg("fast path misread a seat (%d): %s", got, line);
}

/* LINE[0..LEN): 1 when the fast path took it (and agrees with the tree), 0 when it left it. */
static int check_line(const char *line, size_t len)
{
    mjai_fast_event f;
    char shown[512];
    snprintf(shown, sizeof(shown), "%.*s", (int)(len < 400 ? len : 400), line);
    lines_seen++;
    if (!paifu_mjai__fast_scan(line, len, &f))
        return 0;
    lines_taken++;
    json_error_t je;
    json_t *t = json_loadb(line, len, JSON_REJECT_DUPLICATES, &je);
    if (!json_is_object(t))
        fail_msg("fast path took a line the tree path refuses (%s): %s", je.text, shown);
    static const struct {
        const char *key;
        unsigned bit;
    } KEYS[] = {{"type", MJAI_K_TYPE},         {"actor", MJAI_K_ACTOR},
                {"target", MJAI_K_TARGET},     {"pai", MJAI_K_PAI},
                {"tsumogiri", MJAI_K_TSUMOGIRI}, {"consumed", MJAI_K_CONSUMED},
                {"dora_marker", MJAI_K_DORA_MARKER}};
    size_t present = 0;
    for (size_t i = 0; i < sizeof(KEYS) / sizeof(KEYS[0]); i++) {
        bool in_tree = json_object_get(t, KEYS[i].key) != NULL;
        if (in_tree != ((f.keys & KEYS[i].bit) != 0))
            fail_msg("fast path and tree disagree on key \"%s\": %s", KEYS[i].key, shown);
        present += in_tree;
    }
    if (json_object_size(t) != present)
        fail_msg("fast path took a line with another key: %s", shown);
    const json_t *type = json_object_get(t, "type");
    if (!json_is_string(type) || strcmp(json_string_value(type), paifu_mjai__fast_type(f.kind)))
        fail_msg("fast path misread the type (%s): %s", paifu_mjai__fast_type(f.kind), shown);
    if (f.keys & MJAI_K_ACTOR)
        same_digit(json_object_get(t, "actor"), f.actor, shown);
    if (f.keys & MJAI_K_TARGET)
        same_digit(json_object_get(t, "target"), f.target, shown);
    if (f.keys & MJAI_K_PAI)
        same_tile(json_object_get(t, "pai"), f.pai, shown);
    if (f.keys & MJAI_K_DORA_MARKER)
        same_tile(json_object_get(t, "dora_marker"), f.dora_marker, shown);
    if (f.keys & MJAI_K_TSUMOGIRI) {
        const json_t *v = json_object_get(t, "tsumogiri");
        if (!json_is_boolean(v) || json_is_true(v) != f.tsumogiri)
            fail_msg("fast path misread tsumogiri: %s", shown);
    }
    if (f.keys & MJAI_K_CONSUMED) {
        const json_t *v = json_object_get(t, "consumed");
        if (!json_is_array(v) || json_array_size(v) != f.n_consumed)
            fail_msg("fast path misread consumed (%u tiles): %s", f.n_consumed, shown);
        for (size_t i = 0; i < f.n_consumed; i++)
            same_tile(json_array_get(v, i), f.consumed[i], shown);
    } else if (f.n_consumed) {
        fail_msg("consumed tiles without the key: %s", shown);
    }
    json_decref(t);
    return 1;
}

static int check_str(const char *line)
{
    return check_line(line, strlen(line));
}

static void check_file(const char *data, size_t n, void *ctx)
{
    (void)ctx;
    for (const char *p = data; p < data + n;) {
        const char *nl = memchr(p, '\n', (size_t)(data + n - p));
        size_t len = nl ? (size_t)(nl - p) : (size_t)(data + n - p);
        check_line(p, len);
        p += len + 1;
    }
}

/* Every line of the corpus's mjai logs and of samples/ (paifu JSON and Tenhou lines too: the
   scanner must leave them alone or agree). */
static void every_log_line(void **state)
{
    (void)state;
    char dir[1024];
    snprintf(dir, sizeof(dir), "%s/mjai", PAIFU_CORPUS_DIR);
    lines_seen = lines_taken = 0;
    each_file(dir, check_file, NULL);
    each_file(PAIFU_SAMPLES_DIR, check_file, NULL);
    /* samples/riichienv-selfplay.mjai.jsonl alone has hundreds of draws and discards */
    assert_true(lines_taken > 500);
    assert_true(lines_seen > lines_taken);
}

/* Lines the scanner must take, with the values it must read. */
static void taken_lines(void **state)
{
    (void)state;
    mjai_fast_event f;
    const char *dahai = " {\"actor\": 3, \"pai\": \"5sr\",\t\"tsumogiri\": true, \"type\": "
                        "\"dahai\"} \r";
    assert_int_equal(check_str(dahai), 1);
    assert_true(paifu_mjai__fast_scan(dahai, strlen(dahai), &f));
    assert_int_equal(f.kind, MJAI_FAST_DAHAI);
    assert_int_equal(f.actor, 3);
    assert_true(f.tsumogiri);
    paifu_tile t;
    assert_true(paifu_mjai__tile("5sr", &t));
    assert_int_equal(f.pai, t);
    const char *pon = "{\"type\":\"pon\",\"actor\":2,\"target\":0,\"pai\":\"E\",\"consumed\":"
                      "[ \"E\" , \"E\" ]}";
    assert_true(paifu_mjai__fast_scan(pon, strlen(pon), &f));
    assert_int_equal(f.kind, MJAI_FAST_PON);
    assert_int_equal(f.target, 0);
    assert_int_equal(f.n_consumed, 2);
    assert_true(paifu_mjai__tile("E", &t));
    assert_int_equal(f.consumed[1], t);
    static const char *const MORE[] = {
        "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"9m\"}",
        "{\"type\":\"dahai\",\"actor\":1,\"pai\":\"C\",\"tsumogiri\":false}",
        "{\"type\":\"reach\",\"actor\":1}",
        "{\"type\":\"dora\",\"dora_marker\":\"5pr\"}",
        "{\"type\":\"end_kyoku\"}",
        "{\"type\":\"chi\",\"actor\":3,\"target\":2,\"pai\":\"6s\",\"consumed\":[\"7s\",\"8s\"]}",
        "{\"type\":\"kan\",\"actor\":1,\"target\":0,\"pai\":\"9s\",\"consumed\":[\"9s\",\"9s\",\"9s\"]}",
        "{\"type\":\"daiminkan\",\"actor\":1,\"target\":0,\"pai\":\"N\",\"consumed\":[\"N\",\"N\",\"N\"]}",
        "{\"type\":\"kakan\",\"actor\":3,\"pai\":\"E\",\"consumed\":[\"E\",\"E\",\"E\"]}",
        "{\"type\":\"ankan\",\"actor\":3,\"consumed\":[\"9s\",\"9s\",\"9s\",\"9s\"]}",
        "{\"type\":\"tsumo\",\"actor\":9,\"pai\":\"1p\",\"tsumogiri\":true}", /* reader: no fit */
        "{\"type\":\"pon\",\"actor\":0,\"consumed\":[]}",                     /* reader: no fit */
        "{\n\"type\"\n:\n\"tsumo\"\n}",
    };
    for (size_t i = 0; i < sizeof(MORE) / sizeof(MORE[0]); i++)
        if (check_str(MORE[i]) != 1)
            fail_msg("not taken: %s", MORE[i]);
}

/* Lines the scanner must leave to the tree path: anything not plain, or not JSON. */
static void refused_lines(void **state)
{
    (void)state;
    static const char *const BAD[] = {
        "",
        "   ",
        "{}",
        "{\"actor\":0,\"pai\":\"1m\"}",                                  /* no type */
        "{\"type\":\"tsumo\",\"type\":\"tsumo\",\"actor\":0,\"pai\":\"1m\"}", /* key twice */
        "{\"type\":\"tsumo\",\"actor\":0,\"actor\":1,\"pai\":\"1m\"}",
        "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"1m\",\"meta\":{}}",   /* another key */
        "{\"Type\":\"tsumo\",\"actor\":0,\"pai\":\"1m\"}",
        "{\"type\":\"hora\",\"actor\":0,\"target\":0}",                  /* another type */
        "{\"type\":\"start_kyoku\"}",
        "{\"type\":\"tsumo \",\"actor\":0,\"pai\":\"1m\"}",
        "{\"type\":\"ts\\u0075mo\",\"actor\":0,\"pai\":\"1m\"}",         /* escapes */
        "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"\\u0031m\"}",
        "{\"type\":\"tsumo\",\"actor\":0,\"p\\u0061i\":\"1m\"}",
        "{\"type\":\"tsumo\",\"actor\":01,\"pai\":\"1m\"}",              /* numbers */
        "{\"type\":\"tsumo\",\"actor\":10,\"pai\":\"1m\"}",
        "{\"type\":\"tsumo\",\"actor\":-1,\"pai\":\"1m\"}",
        "{\"type\":\"tsumo\",\"actor\":1.0,\"pai\":\"1m\"}",
        "{\"type\":\"tsumo\",\"actor\":1e0,\"pai\":\"1m\"}",
        "{\"type\":\"tsumo\",\"actor\":\"1\",\"pai\":\"1m\"}",
        "{\"type\":\"tsumo\",\"actor\":null,\"pai\":\"1m\"}",
        "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"?\"}",                /* tiles */
        "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"0m\"}",
        "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"5r\"}",
        "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"6mr\"}",
        "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"5mrr\"}",
        "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"5z\"}",
        "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"X\"}",
        "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"\"}",
        "{\"type\":\"tsumo\",\"actor\":0,\"pai\":5}",
        "{\"type\":\"tsumo\",\"actor\":0,\"pai\":[\"5m\"]}",
        "{\"type\":\"dahai\",\"actor\":0,\"pai\":\"1m\",\"tsumogiri\":\"true\"}",
        "{\"type\":\"dahai\",\"actor\":0,\"pai\":\"1m\",\"tsumogiri\":null}",
        "{\"type\":\"dahai\",\"actor\":0,\"pai\":\"1m\",\"tsumogiri\":tru}",
        "{\"type\":\"dahai\",\"actor\":0,\"pai\":\"1m\",\"tsumogiri\":truex}",
        "{\"type\":\"chi\",\"actor\":1,\"target\":0,\"pai\":\"1m\",\"consumed\":[\"2m\",\"3m\",]}",
        "{\"type\":\"ankan\",\"actor\":1,\"consumed\":[\"9s\",\"9s\",\"9s\",\"9s\",\"9s\"]}",
        "{\"type\":\"ankan\",\"actor\":1,\"consumed\":[\"9s\" \"9s\"]}",
        "{\"type\":\"ankan\",\"actor\":1,\"consumed\":\"9s\"}",
        "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"1m\",}",              /* syntax */
        "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"1m\"}}",
        "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"1m\"} x",
        "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"1m\"",
        "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"1m}",
        "{\"type\":\"tsumo\",\"actor\":0 \"pai\":\"1m\"}",
        "{\"type\" \"tsumo\"}",
        "{\"type\":\"tsumo\"",
        "{\"type\":}",
        "{\"type\"}",
        "{,}",
        "}",
        "[{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"1m\"}]",
        "\xef\xbb\xbf{\"type\":\"end_kyoku\"}",
        "{'type':'end_kyoku'}",
        "{\"type\":\"end_kyoku\"}\f",
    };
    for (size_t i = 0; i < sizeof(BAD) / sizeof(BAD[0]); i++)
        if (check_str(BAD[i]) != 0)
            fail_msg("taken: %s", BAD[i]);
    /* a NUL inside, and lines cut anywhere: refused, or agreeing with the tree */
    const char nul[] = "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"1m\0\"}";
    assert_int_equal(check_line(nul, sizeof(nul) - 1), 0);
    const char *whole = "{\"type\":\"pon\",\"actor\":2,\"target\":0,\"pai\":\"E\",\"consumed\":"
                        "[\"E\",\"E\"],\"tsumogiri\":false}";
    for (size_t n = 0; n < strlen(whole); n++)
        assert_int_equal(check_line(whole, n), 0);
    assert_int_equal(check_str(whole), 1);
}

/* The games of DATA (paifu_reader), each as describe() gives it, one after another; NULL when the
   reader refuses DATA or it is not mjai. */
static char *games_of(const char *data, size_t n)
{
    paifu_reader *r = NULL;
    paifu_read_options opts = PAIFU_READ_OPTIONS_INIT;
    opts.format = "mjai";
    if (paifu_reader_open_buffer(&r, data, n, &opts, NULL) < 0)
        return NULL;
    text out = {0};
    const paifu_game *g;
    int rc;
    while ((rc = paifu_reader_next(&g, r, NULL)) == 1) {
        describe(&out, g);
        text_add(&out, "\n--\n", 4);
    }
    paifu_reader_free(r);
    if (rc < 0) {
        free(out.data);
        return NULL;
    }
    return out.data;
}

static size_t logs_compared;

/* DATA's lines as a RiichiLab match record (formats/mjai/mjai_read.c: its events are read as
   the log's lines, but every one through the tree path, the fast path never): the games read
   must be the same, event for event and finding for finding. */
static void same_as_record(const char *data, size_t n, void *ctx)
{
    (void)ctx;
    const char *fmt = paifu_format_detect(data, n);
    if (!fmt || strcmp(fmt, "mjai") != 0 || (n && data[0] == '{' && strstr(data, "\"events\"")))
        return;
    char *lines = games_of(data, n);
    if (!lines)
        return; /* a log the reader refuses: test_mjai_read's errors */
    text rec = {0};
    text_add(&rec, "{\"events\":[", 11);
    size_t events = 0;
    for (const char *p = data; p < data + n;) {
        const char *nl = memchr(p, '\n', (size_t)(data + n - p));
        size_t len = nl ? (size_t)(nl - p) : (size_t)(data + n - p);
        size_t i = 0;
        while (i < len && (p[i] == ' ' || p[i] == '\t' || p[i] == '\r'))
            i++;
        if (i < len) {
            if (events++)
                text_add(&rec, ",", 1);
            text_add(&rec, p, len);
        }
        p += len + 1;
    }
    text_add(&rec, "]}", 2);
    char *record = games_of(rec.data, rec.len);
    if (!record)
        fail_msg("the lines read, the same events as a match record do not");
    if (strcmp(lines, record) != 0) {
        size_t k = 0;
        while (lines[k] && lines[k] == record[k])
            k++;
        fail_msg("the match record reads otherwise than the lines, from: %.200s\n"
                 "lines: %.200s",
                 record + k, lines + k);
    }
    logs_compared++;
    free(lines);
    free(record);
    free(rec.data);
}

/* The tree path reads what the fast path reads: every mjai log of samples/ and of the corpus,
   and the logs below, which have the events the samples lack (a daiminkan and a kakan with their
   indicator after the discard, spec §4.3 rule 4; the original dialect's scores on
   reach_accepted, spec §3 rule 8; kita, spec §4.3). */
static void tree_reads_the_same(void **state)
{
    (void)state;
    logs_compared = 0;
    char dir[1024];
    snprintf(dir, sizeof(dir), "%s/mjai", PAIFU_CORPUS_DIR);
    each_file(dir, same_as_record, NULL);
    each_file(PAIFU_SAMPLES_DIR, same_as_record, NULL);
    assert_true(logs_compared >= 1); /* samples/riichienv-selfplay.mjai.jsonl */
                                     // clang-format off
#define H13(a) "[\"" a "\",\"1m\",\"1m\",\"2m\",\"3m\",\"4m\",\"5m\",\"6m\",\"7m\",\"8m\",\"9m\"," \
               "\"9m\",\"9m\"]"
    static const char *const LOGS[] = {
        /* 1: seat 1 calls a daiminkan on E, draws, discards, then the indicator */
        "{\"type\":\"start_game\",\"names\":[\"a\",\"b\",\"c\",\"d\"]}\n"
        "{\"type\":\"start_kyoku\",\"bakaze\":\"E\",\"kyoku\":1,\"honba\":0,\"kyotaku\":0,"
        "\"oya\":0,\"dora_marker\":\"1s\",\"scores\":[25000,25000,25000,25000],\"tehais\":["
        H13("S") "," "[\"E\",\"E\",\"E\",\"1p\",\"2p\",\"3p\",\"4p\",\"5p\",\"6p\",\"7p\",\"8p\","
        "\"9p\",\"9p\"]," H13("W") "," H13("N") "]}\n"
        "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"E\"}\n"
        "{\"type\":\"dahai\",\"actor\":0,\"pai\":\"E\",\"tsumogiri\":true}\n"
        "{\"type\":\"daiminkan\",\"actor\":1,\"target\":0,\"pai\":\"E\",\"consumed\":"
        "[\"E\",\"E\",\"E\"]}\n"
        "{\"type\":\"tsumo\",\"actor\":1,\"pai\":\"P\"}\n"
        "{\"type\":\"dahai\",\"actor\":1,\"pai\":\"P\",\"tsumogiri\":true}\n"
        "{\"type\":\"dora\",\"dora_marker\":\"2s\"}\n"
        "{\"type\":\"tsumo\",\"actor\":2,\"pai\":\"F\"}\n"
        "{\"type\":\"reach\",\"actor\":2}\n"
        "{\"type\":\"dahai\",\"actor\":2,\"pai\":\"F\",\"tsumogiri\":true}\n"
        "{\"type\":\"reach_accepted\",\"actor\":2,\"scores\":[25000,25000,24000,25000]}\n"
        "{\"type\":\"ryukyoku\",\"reason\":\"fanpai\",\"deltas\":[0,0,0,0]}\n"
        "{\"type\":\"end_kyoku\"}\n"
        "{\"type\":\"end_game\"}\n",
        /* 2: a pon, then the same seat's kakan, its replacement draw and discard, the indicator */
        "{\"type\":\"start_kyoku\",\"bakaze\":\"E\",\"kyoku\":1,\"honba\":0,\"kyotaku\":0,"
        "\"oya\":0,\"dora_marker\":\"1s\",\"scores\":[25000,25000,25000,25000],\"tehais\":["
        H13("S") "," "[\"E\",\"E\",\"2s\",\"1p\",\"2p\",\"3p\",\"4p\",\"5p\",\"6p\",\"7p\",\"8p\","
        "\"9p\",\"9p\"]," H13("W") "," H13("N") "]}\n"
        "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"E\"}\n"
        "{\"type\":\"dahai\",\"actor\":0,\"pai\":\"E\",\"tsumogiri\":true}\n"
        "{\"type\":\"pon\",\"actor\":1,\"target\":0,\"pai\":\"E\",\"consumed\":[\"E\",\"E\"]}\n"
        "{\"type\":\"dahai\",\"actor\":1,\"pai\":\"2s\",\"tsumogiri\":false}\n"
        "{\"type\":\"tsumo\",\"actor\":2,\"pai\":\"3s\"}\n"
        "{\"type\":\"dahai\",\"actor\":2,\"pai\":\"3s\",\"tsumogiri\":true}\n"
        "{\"type\":\"tsumo\",\"actor\":3,\"pai\":\"4s\"}\n"
        "{\"type\":\"dahai\",\"actor\":3,\"pai\":\"4s\",\"tsumogiri\":true}\n"
        "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"5s\"}\n"
        "{\"type\":\"dahai\",\"actor\":0,\"pai\":\"5s\",\"tsumogiri\":true}\n"
        "{\"type\":\"tsumo\",\"actor\":1,\"pai\":\"E\"}\n"
        "{\"type\":\"kakan\",\"actor\":1,\"pai\":\"E\",\"consumed\":[\"E\",\"E\",\"E\"]}\n"
        "{\"type\":\"tsumo\",\"actor\":1,\"pai\":\"6s\"}\n"
        "{\"type\":\"dahai\",\"actor\":1,\"pai\":\"6s\",\"tsumogiri\":true}\n"
        "{\"type\":\"dora\",\"dora_marker\":\"7s\"}\n"
        "{\"type\":\"tsumo\",\"actor\":2,\"pai\":\"C\"}\n"
        "{\"type\":\"ankan\",\"actor\":2,\"consumed\":[\"9m\",\"9m\",\"9m\",\"C\"]}\n"
        "{\"type\":\"end_kyoku\"}\n",
        /* 3: three players and a kita (nukidora), with and without its tile */
        "{\"type\":\"start_kyoku\",\"bakaze\":\"E\",\"kyoku\":1,\"honba\":0,\"kyotaku\":0,"
        "\"oya\":0,\"dora_marker\":\"1s\",\"scores\":[35000,35000,35000],\"tehais\":["
        H13("S") "," H13("W") "," H13("N") "]}\n"
        "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"N\"}\n"
        "{\"type\":\"nukidora\",\"actor\":0,\"pai\":\"N\"}\n"
        "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"N\"}\n"
        "{\"type\":\"kita\",\"actor\":0}\n"
        "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"E\"}\n"
        "{\"type\":\"dahai\",\"actor\":0,\"pai\":\"E\",\"tsumogiri\":true}\n"
        "{\"type\":\"end_kyoku\"}\n",
    };
                                     // clang-format on
    for (size_t i = 0; i < sizeof(LOGS) / sizeof(LOGS[0]); i++) {
        size_t before = logs_compared;
        same_as_record(LOGS[i], strlen(LOGS[i]), NULL);
        if (logs_compared != before + 1)
            fail_msg("log %zu not read", i + 1);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_log_line),
        cmocka_unit_test(taken_lines),
        cmocka_unit_test(refused_lines),
        cmocka_unit_test(tree_reads_the_same),
    };
    paifu_init();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
