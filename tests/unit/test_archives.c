/*
 * test_archives.c: facts of the game servers behind real archives (issue 15), each on a game
 * built by hand from the fact:
 *   - Tenhou's XML lists the ura dora entry (yaku 53, even at 0 han) on every riichi win
 *     (tenhou-xml.md §4.12): a riichi win without it is score.yaku.
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
#include "write_sink.h"

static paifu_game *read_text(const char *text, const char *format)
{
    paifu_game *g = NULL;
    paifu_error err;
    paifu_error_clear(&err);
    paifu_read_options o = PAIFU_READ_OPTIONS_INIT;
    o.format = format;
    if (paifu_game_read_buffer(&g, text, strlen(text), &o, &err) < 0)
        fail_msg("read failed: %s (path %s)", err.text, err.where.path);
    return g;
}

/* Findings with code CODE of G under its own rule set (fallback rrc, as the CLI does). */
static size_t findings(const paifu_game *g, const char *code)
{
    paifu_rules *rules = NULL;
    paifu_report *rep = NULL;
    assert_int_equal(paifu_game_rules(&rules, g, "rrc", NULL), 0);
    assert_int_equal(paifu_report_new(&rep, NULL), 0);
    assert_int_equal(paifu_verify_game(rep, g, rules, NULL, NULL), 0);
    size_t n = 0;
    for (size_t i = 0; i < paifu_report_count(rep); i++) {
        const paifu_finding *f = paifu_report_finding(rep, i);
        if (strcmp(f->code, code) == 0)
            n++;
        else
            print_message("(other finding %s: %s)\n", f->code, f->message);
    }
    paifu_report_free(rep);
    paifu_rules_free(rules);
    return n;
}

/* Replace the first FROM in S (in place, S has room) by TO. */
static void replace(char *s, size_t cap, const char *from, const char *to)
{
    char *at = strstr(s, from);
    assert_non_null(at);
    size_t tail = strlen(at + strlen(from));
    assert_true(strlen(s) - strlen(from) + strlen(to) < cap);
    memmove(at + strlen(to), at + strlen(from), tail + 1);
    memcpy(at, to, strlen(to));
}

/* ---- the ura dora entry ---- */

/* The dealer's double riichi, ippatsu, tsumo and ittsu: 123456789m 123p 4p + 4p, 6 han 30 fu,
   haneman 6000 all; ura indicator 9s (ura 1s: none in the hand). */
#define RIICHI_TSUMO_MJAI                                                                        \
    "{\"type\":\"start_game\",\"names\":[\"a\",\"b\",\"c\",\"d\"]}\n"                              \
    "{\"type\":\"start_kyoku\",\"bakaze\":\"E\",\"kyoku\":1,\"honba\":0,\"kyotaku\":0,\"oya\":0,"   \
    "\"dora_marker\":\"1s\",\"scores\":[25000,25000,25000,25000],\"tehais\":["                   \
    "[\"1m\",\"2m\",\"3m\",\"4m\",\"5m\",\"6m\",\"7m\",\"8m\",\"9m\",\"1p\",\"2p\",\"3p\",\"4p\"]," \
    "[\"1s\",\"2s\",\"3s\",\"4s\",\"5s\",\"6s\",\"7s\",\"8s\",\"9s\",\"E\",\"S\",\"W\",\"N\"],"    \
    "[\"1s\",\"2s\",\"3s\",\"4s\",\"5s\",\"6s\",\"7s\",\"8s\",\"9s\",\"E\",\"S\",\"W\",\"N\"],"    \
    "[\"5p\",\"6p\",\"7p\",\"8p\",\"9p\",\"P\",\"P\",\"F\",\"F\",\"C\",\"C\",\"E\",\"E\"]]}\n"    \
    "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"9p\"}\n"                                            \
    "{\"type\":\"reach\",\"actor\":0}\n"                                                           \
    "{\"type\":\"dahai\",\"actor\":0,\"pai\":\"9p\",\"tsumogiri\":true}\n"                         \
    "{\"type\":\"reach_accepted\",\"actor\":0}\n"                                                  \
    "{\"type\":\"tsumo\",\"actor\":1,\"pai\":\"8p\"}\n"                                            \
    "{\"type\":\"dahai\",\"actor\":1,\"pai\":\"8p\",\"tsumogiri\":true}\n"                         \
    "{\"type\":\"tsumo\",\"actor\":2,\"pai\":\"7p\"}\n"                                            \
    "{\"type\":\"dahai\",\"actor\":2,\"pai\":\"7p\",\"tsumogiri\":true}\n"                         \
    "{\"type\":\"tsumo\",\"actor\":3,\"pai\":\"6s\"}\n"                                            \
    "{\"type\":\"dahai\",\"actor\":3,\"pai\":\"6s\",\"tsumogiri\":true}\n"                         \
    "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"4p\"}\n"                                            \
    "{\"type\":\"hora\",\"actor\":0,\"target\":0,\"deltas\":[19000,-6000,-6000,-6000],"            \
    "\"ura_markers\":[\"9s\"]}\n"                                                                  \
    "{\"type\":\"end_kyoku\"}\n"

/*
 * tenhou-xml.md §4.12: "ura (53) appears for every riichi winner, possibly as 53,0". The game
 * above as Tenhou XML (paifu's writer), with Tenhou's value and yaku written in: valid with
 * 53,0, score.yaku without it.
 */
static void test_ura_entry(void **state)
{
    (void)state;
    paifu_game *src = read_text(RIICHI_TSUMO_MJAI, "mjai");
    static sink s;
    paifu_error err;
    const paifu_game *games[] = {src};
    assert_int_equal(sink_write(&s, "tenhou-xml", games, 1, false, &err), 0);
    paifu_game_free(src);
    replace(s.data, sizeof(s.data), "ten=\"0,0,0\"",
            "ten=\"30,18000,2\" yaku=\"0,1,2,1,21,2,24,2,53,0\"");
    paifu_game *g = read_text(s.data, "tenhou-xml");
    assert_string_equal(paifu_game_meta_get(g, PAIFU_META_URA_LISTED), "1");
    assert_int_equal(findings(g, "score.yaku"), 0);
    paifu_game_free(g);
    replace(s.data, sizeof(s.data), ",53,0\"", "\"");
    g = read_text(s.data, "tenhou-xml");
    assert_int_equal(findings(g, "score.yaku"), 1);
    paifu_game_free(g);
}

int main(void)
{
    paifu_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ura_entry),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
