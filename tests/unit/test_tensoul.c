/*
 * test_tensoul.c: MahjongSoul games converted to tenhou.net/6 by tensoul (the converter of the
 * NAGA and mjai-reviewer workflows), 4 and 3 players, with MahjongSoul's names in Japanese and
 * in English (tests/data/tensoul/, made as its README says from tensoul's convert.js and
 * data.json), read and verified; MahjongSoul's room names (formats/majsoul/majsoul_names.c).
 *
 * Expected values come from the source games (the yaku the Tenhou log names, the kita it
 * records) and from MahjongSoul's tables (data.json: room names, modes, 3-player kita).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "majsoul_names.h"
#include "paifu.h"

static char *slurp(const char *name, size_t *size)
{
    char path[512];
    snprintf(path, sizeof(path), "%s/tensoul/%s", PAIFU_TEST_DATA_DIR, name);
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot open %s", path);
    char *buf = malloc(1 << 16);
    assert_non_null(buf);
    *size = fread(buf, 1, (1 << 16) - 1, f);
    buf[*size] = '\0';
    fclose(f);
    return buf;
}

static paifu_game *read_text(const char *text, size_t size)
{
    paifu_game *g = NULL;
    paifu_error err;
    paifu_error_clear(&err);
    if (paifu_game_read_buffer(&g, text, size, NULL, &err) < 0)
        fail_msg("not read: %s (%s)", err.text, err.where.path);
    return g;
}

static paifu_game *read_fixture(const char *name)
{
    size_t size;
    char *text = slurp(name, &size);
    paifu_game *g = read_text(text, size);
    free(text);
    return g;
}

/* The findings of G under its own rules (PRESET: another preset without kita, NULL: the
   log's); *WITH counts those of CODE. */
static size_t findings(const paifu_game *g, const char *preset, const char *code, size_t *with)
{
    paifu_error err;
    paifu_error_clear(&err);
    paifu_rules_choice choice = PAIFU_RULES_CHOICE_INIT;
    static const char *const NO_KITA[] = {"kita=false"};
    choice.preset = preset;
    if (preset) { /* RRC's 4-player rules, played three-handed: no North set aside */
        choice.assignments = NO_KITA;
        choice.n_assignments = 1;
    }
    paifu_rules *r;
    assert_int_equal(paifu_game_rules_resolve(&r, NULL, g, &choice, &err), 0);
    paifu_report *rep;
    assert_int_equal(paifu_report_new(&rep, &err), 0);
    assert_int_equal(paifu_verify_game(rep, g, r, NULL, &err), 0);
    size_t n = paifu_report_count(rep);
    *with = 0;
    for (size_t i = 0; i < n; i++) {
        const paifu_finding *f = paifu_report_finding(rep, i);
        if (code && strcmp(f->code, code) == 0)
            (*with)++;
        if (!code)
            fprintf(stderr, "finding: %s %s\n", f->code, f->message);
    }
    paifu_report_free(rep);
    paifu_rules_free(r);
    return n;
}

static void rule_is(const paifu_game *g, const char *key, const char *want)
{
    paifu_error err;
    paifu_error_clear(&err);
    paifu_rules *r;
    assert_int_equal(paifu_game_rules(&r, g, NULL, &err), 0);
    char buf[64];
    assert_int_equal(paifu_rules_get(buf, sizeof(buf), r, key, &err), 0);
    assert_string_equal(buf, want);
    paifu_rules_free(r);
}

/* 4 players, Japanese and English names: read as "majsoul", South, no finding. */
static void test_four_players(void **state)
{
    (void)state;
    static const char *const FILES[] = {"majsoul4-ja.json", "majsoul4-en.json"};
    for (size_t i = 0; i < 2; i++) {
        paifu_game *g = read_fixture(FILES[i]);
        assert_int_equal(paifu_game_players(g), 4);
        assert_string_equal(paifu_game_rules_name(g), "majsoul");
        assert_null(paifu_game_meta_get(g, PAIFU_META_RULES_UNKNOWN));
        rule_is(g, "game_length", "south"); /* 玉の間南喰 / Jade Room South: mode 2 */
        size_t with;
        assert_int_equal(findings(g, NULL, NULL, &with), 0);
        /* E2 ($.log[1]): 役牌:場風牌 / Prevalent Wind, the source's 場風 東 */
        const paifu_deal *d = paifu_game_deal(g, 1);
        assert_int_equal(d->wins[0].yaku[0].id, PAIFU_YAKU_ROUND_WIND_EAST);
        /* E1: the English "Haneman 12000点" is a haneman of 12000 */
        d = paifu_game_deal(g, 0);
        assert_int_equal(d->wins[0].limit, PAIFU_LIMIT_HANEMAN);
        assert_int_equal(d->wins[0].points, 12000);
        paifu_game_free(g);
    }
}

/* 3 players: MahjongSoul's 3-player rules, kita allowed; the same game checked as 4-player
   rules without kita (what a reader that does not know the room did) makes every kita a
   finding. */
static void test_three_players(void **state)
{
    (void)state;
    static const char *const FILES[] = {"majsoul3-ja.json", "majsoul3-en.json"};
    for (size_t i = 0; i < 2; i++) {
        paifu_game *g = read_fixture(FILES[i]);
        assert_int_equal(paifu_game_players(g), 3);
        assert_string_equal(paifu_game_rules_name(g), "majsoul");
        rule_is(g, "kita", "true");
        rule_is(g, "start_points", "35000");
        size_t with;
        assert_int_equal(findings(g, NULL, NULL, &with), 0);
        size_t kita_deals = 0; /* the deals where the source log sets a North aside */
        for (size_t k = 0; k < paifu_game_deal_count(g); k++) {
            const paifu_deal *d = paifu_game_deal(g, k);
            bool kita = false;
            for (size_t e = 0; e < d->n_events; e++)
                kita = kita || d->events[e].type == PAIFU_EV_KITA;
            kita_deals += kita;
        }
        assert_true(kita_deals > 0);
        findings(g, "rrc", "deal.call", &with);
        assert_int_equal(with, kita_deals); /* one per deal: its first kita */
        /* E3 ($.log[2], dealer seat 2): 役牌:自風牌 / Seat Wind of winner seat 0, the source's
           自風 南 */
        const paifu_deal *d = paifu_game_deal(g, 2);
        assert_int_equal(d->wins[0].yaku[0].id, PAIFU_YAKU_SEAT_WIND_SOUTH);
        paifu_game_free(g);
    }
}

/* An empty fourth score "" in a 3-player sc is the absent seat, read as such; anything else
   for it is refused. */
static void test_absent_seat_score(void **state)
{
    (void)state;
    size_t size;
    char *text = slurp("majsoul3-en.json", &size);
    char *at = strstr(text, "-30.4,0,0]");
    assert_non_null(at);
    char *doc = malloc(size + 8);
    assert_non_null(doc);
    size_t head = (size_t)(at - text) + strlen("-30.4,");
    snprintf(doc, size + 8, "%.*s\"\",\"\"%s", (int)head, text, at + strlen("-30.4,0,0"));
    paifu_game *g = read_text(doc, strlen(doc));
    size_t with;
    assert_int_equal(findings(g, NULL, NULL, &with), 0);
    paifu_game_free(g);
    snprintf(doc, size + 8, "%.*s\"x\",\"\"%s", (int)head, text, at + strlen("-30.4,0,0"));
    paifu_error err;
    paifu_error_clear(&err);
    assert_int_equal(paifu_game_read_buffer(&g, doc, strlen(doc), NULL, &err), PAIFU_EFORMAT);
    assert_non_null(strstr(err.text, "does not have"));
    free(doc);
    free(text);
}

/* A local yaku (is_guyi) is read, its rules are the room's own; a name in neither table is
   refused. */
static void test_local_and_unknown_yaku(void **state)
{
    (void)state;
    size_t size;
    char *text = slurp("majsoul4-en.json", &size);
    char *at = strstr(text, "\"Pinfu(1飜)\"");
    assert_non_null(at);
    char *doc = malloc(size + 32);
    assert_non_null(doc);
    snprintf(doc, size + 32, "%.*s\"Kanburi(1飜)\"%s", (int)(at - text), text,
             at + strlen("\"Pinfu(1飜)\""));
    paifu_game *g = read_text(doc, strlen(doc));
    assert_non_null(paifu_game_meta_get(g, PAIFU_META_RULES_UNKNOWN));
    paifu_game_free(g);
    snprintf(doc, size + 32, "%.*s\"Pinfoo(1飜)\"%s", (int)(at - text), text,
             at + strlen("\"Pinfu(1飜)\""));
    paifu_error err;
    paifu_error_clear(&err);
    assert_int_equal(paifu_game_read_buffer(&g, doc, strlen(doc), NULL, &err), PAIFU_EFORMAT);
    assert_non_null(strstr(err.text, "unknown yaku"));
    free(doc);
    free(text);
}

/* The first win of NAME with its yaku (from "ja"/"en" score string to the last yaku) replaced
   by YAKU (one JSON string); the win read back. */
static paifu_game *with_yaku(const char *name, const char *from, const char *until,
                             const char *yaku)
{
    size_t size;
    char *text = slurp(name, &size);
    char *at = strstr(text, from);
    assert_non_null(at);
    char *end = strstr(at, until);
    assert_non_null(end);
    end += strlen(until);
    size_t n = size + strlen(yaku) + 1;
    char *doc = malloc(n);
    assert_non_null(doc);
    snprintf(doc, n, "%.*s%s%s", (int)(at - text), text, yaku, end);
    paifu_game *g = read_text(doc, strlen(doc));
    free(doc);
    free(text);
    return g;
}

/* The first win of G. */
static const paifu_win *first_win(const paifu_game *g)
{
    for (size_t i = 0; i < paifu_game_deal_count(g); i++) {
        const paifu_deal *d = paifu_game_deal(g, i);
        if (d->n_wins)
            return &d->wins[0];
    }
    fail_msg("no win");
    return NULL;
}

/*
 * tensoul writes "(役満)" for every yakuman fan (convert.js), so MahjongSoul's double ones
 * (data.json's fan table, `yiman` 2: Four Big Winds, Single-wait Four Concealed Triplets, True
 * Nine Gates, Thirteen-wait Thirteen Orphans) are two yakuman of 26 han, the others one of 13;
 * both tables' 大四喜 is double in a MahjongSoul game. Tenhou's own logs count each 役満 once.
 */
static void test_double_yakuman(void **state)
{
    (void)state;
    static const struct {
        const char *file, *from, *until, *yaku;
        int yakuman;
    } CASES[] = {
        {"majsoul4-en.json", "\"All Simples(1飜)\"", "\"Red Five(2飜)\"",
         "\"Four Big Winds(役満)\"", 2},
        {"majsoul4-en.json", "\"All Simples(1飜)\"", "\"Red Five(2飜)\"",
         "\"Big Three Dragons(役満)\"", 1},
        {"majsoul4-ja.json", "\"断幺九(1飜)\"", "\"赤ドラ(2飜)\"", "\"大四喜(役満)\"", 2},
        {"majsoul4-ja.json", "\"断幺九(1飜)\"", "\"赤ドラ(2飜)\"", "\"四暗刻単騎(役満)\"", 2},
        {"majsoul4-ja.json", "\"断幺九(1飜)\"", "\"赤ドラ(2飜)\"", "\"大三元(役満)\"", 1},
    };
    for (size_t i = 0; i < sizeof(CASES) / sizeof(CASES[0]); i++) {
        paifu_game *g = with_yaku(CASES[i].file, CASES[i].from, CASES[i].until, CASES[i].yaku);
        const paifu_win *w = first_win(g);
        if (w->n_yaku != 1 || w->yakuman != CASES[i].yakuman)
            fail_msg("%s %s: %u yaku, %u yakuman, expected 1 and %d", CASES[i].file, CASES[i].yaku,
                     (unsigned)w->n_yaku, (unsigned)w->yakuman, CASES[i].yakuman);
        assert_int_equal(w->yaku[0].han, CASES[i].yakuman * PAIFU_YAKU_YAKUMAN_HAN);
        paifu_game_free(g);
    }
}

/* A friendly room (convert.js: "Friendly", its detail_rule's red fives as aka5x): MahjongSoul's
   3-player game with the room's own rules, and the log's red fives. */
static void test_friendly_room(void **state)
{
    (void)state;
    size_t size;
    char *text = slurp("majsoul3-en.json", &size);
    const char *from = "\"rule\":{\"disp\":\"Silver Room\",\"aka53\":1,\"aka52\":1,\"aka51\":0}";
    const char *to = "\"rule\":{\"disp\":\"Friendly\",\"aka53\":1,\"aka52\":1,\"aka51\":0}";
    char *at = strstr(text, from);
    assert_non_null(at);
    char *doc = malloc(size + 64);
    assert_non_null(doc);
    snprintf(doc, size + 64, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
    paifu_game *g = read_text(doc, strlen(doc));
    assert_int_equal(paifu_game_players(g), 3);
    assert_string_equal(paifu_game_rules_name(g), "majsoul");
    assert_non_null(paifu_game_meta_get(g, PAIFU_META_RULES_UNKNOWN));
    rule_is(g, "red_fives", "2");
    rule_is(g, "kita", "true");
    paifu_game_free(g);
    free(doc);
    free(text);
}

/* Room names as convert.js writes rule.disp (data.json matchmode). */
static void test_rooms(void **state)
{
    (void)state;
    ms_room r;
    assert_true(paifu_majsoul__room("3銀の間赤", &r));
    assert_true(r.three && r.standard);
    assert_int_equal(r.length, 0);                      /* modes 11/12: no 東喰/南喰 */
    assert_true(paifu_majsoul__room("三金の間赤", &r)); /* the 三 of convert.js' RUNES.sanma */
    assert_true(r.three && r.standard && r.length == 0);
    assert_true(paifu_majsoul__room("玉の間南喰赤", &r));
    assert_true(!r.three && r.standard && r.length == 2);
    assert_true(paifu_majsoul__room("Gold Room East", &r));
    assert_true(r.standard && r.length == 1);
    assert_true(paifu_majsoul__room("Throne Room", &r) && r.standard);
    assert_true(paifu_majsoul__room("友人戦南喰", &r) && !r.standard);
    assert_true(paifu_majsoul__room("Tounament South No Red Fives", &r) && !r.standard);
    assert_true(paifu_majsoul__room("乱闘の間東喰赤", &r) && !r.standard); /* open_guyi */
    assert_false(paifu_majsoul__room("鳳南喰赤", &r));                     /* a Tenhou lobby */
    assert_false(paifu_majsoul__room("玉の間南喰赤x", &r));
    /* fan names: both languages, the colon in either width */
    assert_int_equal(paifu_majsoul__fan_named("Red Dragon", 10)->fan, 9);
    assert_int_equal(paifu_majsoul__fan_named("役牌：場風牌", strlen("役牌：場風牌"))->fan, 11);
    assert_null(paifu_majsoul__fan_named("Dragon", 6));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_four_players),
        cmocka_unit_test(test_three_players),
        cmocka_unit_test(test_absent_seat_score),
        cmocka_unit_test(test_local_and_unknown_yaku),
        cmocka_unit_test(test_double_yakuman),
        cmocka_unit_test(test_friendly_room),
        cmocka_unit_test(test_rooms),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
