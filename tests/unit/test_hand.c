/*
 * test_hand.c: the hand value type, its notation, and readings (lib/hand.c, lib/reading.c).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "paifu/hand.h"
#include "paifu/score.h"

#include <string.h>

static paifu_tile tile(const char *text)
{
    paifu_tile t;
    assert_int_equal(paifu_tile_parse_one(&t, text, NULL), 0);
    return t;
}

static void parse_closed_melds_and_win(void **state)
{
    (void)state;
    paifu_hand h;
    paifu_tile win;
    /* rrc-3.7.5-ex1 written in paifu's names and in the seed's \mahjong{} notation */
    const char *forms[] = {"123m99p13s chi:8'79s pon:66'6z@across +2s",
                           "123m99p13s-2s 8'79s 66'6z"};
    for (size_t f = 0; f < 2; f++) {
        assert_int_equal(paifu_hand_parse(&h, &win, forms[f], NULL), 0);
        assert_int_equal(win, tile("2s"));
        assert_int_equal(h.n_closed, 7);
        assert_int_equal(h.counts[paifu_tile_kind(tile("9p"))], 2);
        assert_int_equal(h.n_melds, 2);
        assert_int_equal(h.melds[0].type, PAIFU_MELD_CHI);
        assert_int_equal(h.melds[0].called, tile("8s"));
        assert_int_equal(h.melds[0].from, PAIFU_FROM_LEFT);
        assert_int_equal(h.melds[0].tiles[0], tile("7s")); /* sorted */
        assert_int_equal(h.melds[1].type, PAIFU_MELD_PON);
        assert_int_equal(h.melds[1].from, PAIFU_FROM_ACROSS);
        assert_false(paifu_hand_is_closed(&h));
        assert_int_equal(paifu_hand_kind_count(&h, paifu_tile_kind(tile("6z"))), 3);
    }
}

static void seed_kan_notation(void **state)
{
    (void)state;
    paifu_hand h;
    /* yaku.md #6 and rrc-3.7.5-ex3: X..X closed kan, " added kan, 11'11s open kan */
    assert_int_equal(paifu_hand_parse(&h, NULL, "12m77s X33zX 11'11s 5\"55z", NULL), 0);
    assert_int_equal(h.n_melds, 3);
    assert_int_equal(h.melds[0].type, PAIFU_MELD_ANKAN);
    assert_int_equal(h.melds[0].n, 4);
    assert_int_equal(h.melds[1].type, PAIFU_MELD_DAIMINKAN);
    assert_int_equal(h.melds[1].from, PAIFU_FROM_ACROSS);
    assert_int_equal(h.melds[2].type, PAIFU_MELD_SHOUMINKAN);
    assert_int_equal(h.melds[2].from, PAIFU_FROM_LEFT);
    assert_int_equal(paifu_hand_kind_count(&h, paifu_tile_kind(tile("5z"))), 4);
}

static void red_fives(void **state)
{
    (void)state;
    paifu_hand h;
    paifu_error err;
    paifu_error_clear(&err);
    assert_int_equal(paifu_hand_parse(&h, NULL, "0p5p pon:55'0s", NULL), 0);
    assert_int_equal(h.red[1], 1);
    assert_int_equal(h.counts[paifu_tile_kind(tile("5p"))], 2);
    assert_true(paifu_tile_is_red(h.melds[0].tiles[2])); /* the red five sorts last */
    assert_int_equal(h.melds[0].called, tile("5s"));
    /* removing keeps plain and red apart */
    assert_int_equal(paifu_hand_remove(&h, tile("0p"), NULL), 0);
    assert_int_equal(paifu_hand_remove(&h, tile("0p"), &err), PAIFU_EFORMAT);
    assert_int_equal(paifu_hand_remove(&h, tile("5p"), NULL), 0);
    assert_int_equal(h.n_closed, 0);
}

static void notation_errors(void **state)
{
    (void)state;
    static const struct {
        const char *text, *needle;
        int code;
    } BAD[] = {
        {"123x", "expected", PAIFU_EFORMAT},
        {"11111m", "fifth 1m", PAIFU_EFORMAT},
        {"chi:135m", "three consecutive", PAIFU_EFORMAT},
        {"pon:123m", "identical", PAIFU_EFORMAT},
        {"kan:555m", "four tiles", PAIFU_EFORMAT},
        {"foo:123m", "expected chi, pon", PAIFU_EFORMAT},
        {"pon:555m@nowhere", "@left", PAIFU_EFORMAT},
        {"123m +1m +2m", "more than one winning tile", PAIFU_EFORMAT},
        {"1111m +1m", "fifth copy", PAIFU_EFORMAT},
        {"pon:111z pon:222z pon:333z pon:444z pon:555z", "fifth meld", PAIFU_EFORMAT},
        {"123456789m123456p", "more than 14", PAIFU_EFORMAT},
    };
    for (size_t i = 0; i < sizeof(BAD) / sizeof(BAD[0]); i++) {
        paifu_hand h;
        paifu_tile win;
        paifu_error err;
        paifu_error_clear(&err);
        int rc = paifu_hand_parse(&h, &win, BAD[i].text, &err);
        if (rc != BAD[i].code || !strstr(err.text, BAD[i].needle))
            fail_msg("\"%s\": rc %d, \"%s\"", BAD[i].text, rc, err.text);
    }
}

static void format_round_trip(void **state)
{
    (void)state;
    static const char *const HANDS[] = {
        "123m99p13s chi:7'89s pon:66'6z@across +2s",
        "340567m44s22z ankan:9999m +4s",
        "455667p3z shouminkan:5'555z chi:1'23p +3z",
        "19m19p19s1234567z",
        /* a 14-tile state holding all four copies of its winning tile: the +9p names one of
           them, not a fifth (the parser refused what paifu_hand_format wrote) */
        "678m789999p111s11z +9p",
    };
    for (size_t i = 0; i < sizeof(HANDS) / sizeof(HANDS[0]); i++) {
        paifu_hand a, b;
        paifu_tile wa, wb;
        char text[128];
        assert_int_equal(paifu_hand_parse(&a, &wa, HANDS[i], NULL), 0);
        size_t n = paifu_hand_format(text, sizeof(text), &a, wa);
        assert_int_equal(n, strlen(text));
        assert_int_equal(paifu_hand_parse(&b, &wb, text, NULL), 0);
        assert_memory_equal(&a, &b, sizeof(a));
        assert_int_equal(wa, wb);
    }
    paifu_hand h;
    char text[128];
    assert_int_equal(paifu_hand_parse(&h, NULL, "99m123m chi:9'78s", NULL), 0);
    paifu_hand_format(text, sizeof(text), &h, PAIFU_TILE_NONE);
    assert_string_equal(text, "12399m chi:789's"); /* sorted; the mark follows the called tile */
    /* a short buffer is NUL-terminated and the full length is still reported */
    char small[5];
    assert_int_equal(paifu_hand_format(small, sizeof(small), &h, PAIFU_TILE_NONE), strlen(text));
    assert_string_equal(small, "1239");
}

static void shouminkan_keeps_call_order(void **state)
{
    (void)state;
    paifu_hand h;
    paifu_meld kan;
    paifu_tile four[4] = {tile("5z"), tile("5z"), tile("5z"), tile("5z")};
    assert_int_equal(paifu_hand_parse(&h, NULL, "pon:555z chi:123m", NULL), 0);
    assert_int_equal(paifu_meld_make(&kan, PAIFU_MELD_SHOUMINKAN, four, 4, PAIFU_TILE_NONE,
                                     PAIFU_FROM_SELF, NULL), 0);
    assert_int_equal(paifu_hand_add_meld(&h, &kan, NULL), 0);
    assert_int_equal(h.n_melds, 2);
    assert_int_equal(h.melds[0].type, PAIFU_MELD_SHOUMINKAN);
    assert_int_equal(h.melds[1].type, PAIFU_MELD_CHI);
    /* an ankan keeps the hand closed */
    assert_int_equal(paifu_hand_parse(&h, NULL, "123m ankan:1111z", NULL), 0);
    assert_true(paifu_hand_is_closed(&h));
}

static size_t readings_of(const char *text, paifu_reading *out, size_t cap)
{
    paifu_hand h;
    size_t n;
    assert_int_equal(paifu_hand_parse(&h, NULL, text, NULL), 0);
    assert_int_equal(paifu_hand_readings(out, cap, &n, &h, NULL), 0);
    assert_int_equal(n > 0, paifu_hand_is_complete(&h));
    return n;
}

static void readings(void **state)
{
    (void)state;
    paifu_reading r[PAIFU_MAX_READINGS];
    /* three triplets or three identical sequences */
    assert_int_equal(readings_of("111222333m789s55p", r, PAIFU_MAX_READINGS), 2);
    /* ryanpeikou and seven pairs */
    size_t n = readings_of("223344m556677p99s", r, PAIFU_MAX_READINGS);
    assert_int_equal(n, 2);
    assert_int_equal(r[0].form, PAIFU_FORM_STANDARD);
    assert_int_equal(r[1].form, PAIFU_FORM_SEVEN_PAIRS);
    assert_int_equal(r[1].pairs[6], paifu_tile_kind(tile("9s")));
    /* thirteen orphans: the doubled kind is the pair */
    n = readings_of("19m19p19s12345677z", r, PAIFU_MAX_READINGS);
    assert_int_equal(n, 1);
    assert_int_equal(r[0].form, PAIFU_FORM_THIRTEEN_ORPHANS);
    assert_int_equal(r[0].pair, paifu_tile_kind(tile("7z")));
    /* melds come after the concealed sets, in call order */
    n = readings_of("123m55p pon:777z chi:7'89s ankan:9999p", r, PAIFU_MAX_READINGS);
    assert_int_equal(n, 1);
    assert_int_equal(r[0].n_sets, 4);
    assert_int_equal(r[0].sets[0].meld, -1);
    assert_int_equal(r[0].sets[1].meld, 0);
    assert_int_equal(r[0].sets[2].type, PAIFU_SET_SEQUENCE);
    assert_int_equal(r[0].sets[3].type, PAIFU_SET_QUAD);
    /* four identical sequences, or a triplet plus sequences: 1112223333444m55s has several */
    n = readings_of("111122223333m55s", r, PAIFU_MAX_READINGS);
    assert_true(n >= 2);
    /* not complete; and a 13-tile hand is not in the 14-tile state */
    assert_int_equal(readings_of("123m456p789s12345z", r, PAIFU_MAX_READINGS), 0);
    paifu_hand h;
    size_t k;
    paifu_error err;
    paifu_error_clear(&err);
    assert_int_equal(paifu_hand_parse(&h, NULL, "123m456p789s123z", NULL), 0);
    assert_int_equal(paifu_hand_readings(r, PAIFU_MAX_READINGS, &k, &h, &err), PAIFU_EINVAL);
    /* a cap that is too small */
    assert_int_equal(paifu_hand_parse(&h, NULL, "223344m556677p99s", NULL), 0);
    assert_int_equal(paifu_hand_readings(r, 1, &k, &h, NULL), PAIFU_ELIMIT);
    /* a missing hand or text is API misuse: PAIFU_EINVAL, not a crash (lib/README.md, error.c:
       argument checks return PAIFU_EINVAL instead of aborting) */
    assert_int_equal(paifu_hand_parse(&h, NULL, NULL, &err), PAIFU_EINVAL);
    assert_int_equal(paifu_hand_parse(NULL, NULL, "123m", &err), PAIFU_EINVAL);
}

static uint32_t next(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

/*
 * paifu_hand is transparent: a caller can fill it with nonsense. Every entry point must refuse
 * it (or answer "nothing") without reading past an array; the sanitizer build checks that.
 */
static void garbage_is_refused(void **state)
{
    (void)state;
    uint32_t seed = 7;
    paifu_rules *r;
    assert_int_equal(paifu_rules_preset(&r, "rrc", NULL), 0);
    for (int i = 0; i < 2000; i++) {
        paifu_hand h;
        unsigned char *bytes = (unsigned char *)&h;
        for (size_t b = 0; b < sizeof(h); b++)
            bytes[b] = (unsigned char)next(&seed);
        if (i % 2) { /* plausible counts, broken melds */
            for (unsigned k = 0; k < PAIFU_TILE_KINDS; k++)
                h.counts[k] = (uint8_t)(next(&seed) % 3);
        }
        paifu_situation sit;
        paifu_score sc;
        paifu_reading rd[PAIFU_MAX_READINGS];
        size_t n;
        char text[128];
        paifu_situation_init(&sit);
        sit.win_tile = (paifu_tile)(next(&seed) % 34);
        (void)paifu_score_hand(&sc, &h, &sit, r, NULL);
        (void)paifu_hand_readings(rd, PAIFU_MAX_READINGS, &n, &h, NULL);
        (void)paifu_hand_waits(&h);
        (void)paifu_hand_shanten(&h);
        (void)paifu_hand_is_complete(&h);
        (void)paifu_hand_tenpai_for_draw(&h, r, NULL);
        (void)paifu_hand_riichi_ankan_allowed(&h, sit.win_tile, r);
        (void)paifu_hand_format(text, sizeof(text), &h, sit.win_tile);
        (void)paifu_hand_aka_count(&h, PAIFU_TILE_NONE);
        (void)paifu_hand_is_closed(&h);
    }
    /* random notation */
    static const char ALPHABET[] = "0123456789mpszf+-:'\"X@ chiponkaleftrg|?";
    for (int i = 0; i < 5000; i++) {
        char text[48];
        size_t len = next(&seed) % (sizeof(text) - 1);
        for (size_t j = 0; j < len; j++)
            text[j] = ALPHABET[next(&seed) % (sizeof(ALPHABET) - 1)];
        text[len] = '\0';
        paifu_hand h;
        paifu_tile win;
        paifu_error err;
        paifu_error_clear(&err);
        if (paifu_hand_parse(&h, &win, text, &err) < 0)
            assert_true(err.text[0] != '\0'); /* every refusal says why */
    }
    paifu_rules_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(parse_closed_melds_and_win),
        cmocka_unit_test(seed_kan_notation),
        cmocka_unit_test(red_fives),
        cmocka_unit_test(notation_errors),
        cmocka_unit_test(format_round_trip),
        cmocka_unit_test(shouminkan_keeps_call_order),
        cmocka_unit_test(readings),
        cmocka_unit_test(garbage_is_refused),
    };
    return cmocka_run_group_tests_name("hand", tests, NULL, NULL);
}
