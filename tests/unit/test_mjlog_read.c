/*
 * test_mjlog_read.c: the Tenhou mjlog reader (formats/mjlog_*.c) on small hand-written logs.
 *
 * Expected values come from tenhou-xml.md (the meld examples of §4.9 and §10, the mapping rules
 * of §4) and from the inputs themselves (error positions are looked up in the input text).
 * The logs below are not real games: the reader verifies nothing, so only their form matters.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mjlog.h"
#include "paifu.h"

#define HEAD_169                                                                                   \
    "<mjloggm ver=\"2.3\"><SHUFFLE seed=\"\" ref=\"\"/><GO type=\"169\" lobby=\"0\"/>"             \
    "<UN n0=\"%41\" n1=\"B\" n2=\"%E6%9D%B1\" n3=\"%44\" dan=\"1,2,3,4\" "                         \
    "rate=\"1500.00,1500.00,1500.00,1500.00\" sx=\"M,M,M,M\"/><TAIKYOKU oya=\"0\"/>"

#define INIT_E1                                                                                    \
    "<INIT seed=\"0,1,2,2,3,52\" ten=\"250,240,250,250\" oya=\"0\" "                               \
    "hai0=\"0,1,2,3,4,5,6,7,8,9,10,11,12\" hai1=\"13,14,15,16,17,18,19,20,21,22,23,24,25\" "       \
    "hai2=\"26,27,28,29,30,31,32,33,34,35,36,37,38\" "                                             \
    "hai3=\"39,40,41,42,43,44,45,46,47,48,49,50,51\"/>"

/* Read XML as the file NAME. */
static paifu_game *read_named(const char *xml, const char *name)
{
    paifu_game *g = NULL;
    paifu_error err;
    paifu_error_clear(&err);
    paifu_read_options o = PAIFU_READ_OPTIONS_INIT;
    o.source_name = name;
    if (paifu_game_read_buffer(&g, xml, strlen(xml), &o, &err) < 0) {
        char where[512];
        paifu_location_format(where, sizeof(where), &err.where);
        fail_msg("%s: %s", where, err.text);
    }
    assert_string_equal(paifu_game_source_format(g), "tenhou-xml");
    return g;
}

/* Read XML named as Tenhou names its logs: the date (2019) gives the modern era's rules. */
static paifu_game *read_ok(const char *xml)
{
    return read_named(xml, "logs/2019010100gm-00a9-0000-00000000.mjlog");
}

static int read_err(const char *xml, paifu_error *err)
{
    paifu_game *g = NULL;
    paifu_error_clear(err);
    paifu_read_options o = PAIFU_READ_OPTIONS_INIT;
    o.source_name = "t.mjlog";
    o.format = "tenhou-xml";
    int rc = paifu_game_read_buffer(&g, xml, strlen(xml), &o, err);
    paifu_game_free(g);
    return rc;
}

/* 1-based column of the first occurrence of NEEDLE (single-line inputs). */
static uint32_t column_of(const char *xml, const char *needle)
{
    const char *p = strstr(xml, needle);
    assert_non_null(p);
    return (uint32_t)(p - xml) + 1;
}

static const paifu_deal *deal(const paifu_game *g, size_t i)
{
    const paifu_deal *d = paifu_game_deal(g, i);
    assert_non_null(d);
    return d;
}

/* ---- meld codes (spec §4.9 and §10 worked examples) ---- */

static void meld_examples(void **state)
{
    (void)state;
    mjlog_meld m;
    char why[96];
    assert_int_equal(paifu_mjlog__meld_decode(&m, 54431, why, sizeof(why)), 0);
    assert_int_equal(m.type, PAIFU_EV_CHI);
    assert_int_equal(m.offset, 3);
    assert_int_equal(m.ids[0], 87);
    assert_int_equal(m.ids[1], 88);
    assert_int_equal(m.ids[2], 93);
    assert_int_equal(m.called, 93);
    assert_int_equal(paifu_mjlog__meld_decode(&m, 20073, why, sizeof(why)), 0);
    assert_int_equal(m.type, PAIFU_EV_PON);
    assert_int_equal(m.offset, 1);
    assert_int_equal(m.ids[0], 52);
    assert_int_equal(m.ids[2], 54);
    assert_int_equal(m.called, 52);
    assert_int_equal(paifu_mjlog__meld_decode(&m, 16947, why, sizeof(why)), 0);
    assert_int_equal(m.type, PAIFU_EV_SHOUMINKAN);
    assert_int_equal(m.offset, 3);
    assert_int_equal(m.added, 45);
    assert_int_equal(m.called, 44);
    assert_int_equal(paifu_mjlog__meld_decode(&m, 27139, why, sizeof(why)), 0);
    assert_int_equal(m.type, PAIFU_EV_DAIMINKAN);
    assert_int_equal(m.offset, 3);
    assert_int_equal(m.called, 106);
    assert_int_equal(paifu_mjlog__meld_decode(&m, 4096, why, sizeof(why)), 0);
    assert_int_equal(m.type, PAIFU_EV_ANKAN);
    assert_int_equal(m.ids[0], 16);
    assert_int_equal(m.ids[3], 19);
    assert_int_equal(paifu_mjlog__meld_decode(&m, 31008, why, sizeof(why)), 0);
    assert_int_equal(m.type, PAIFU_EV_KITA);
    assert_int_equal(m.called, 121);
    assert_int_equal(paifu_mjlog__meld_decode(&m, 47658, why, sizeof(why)), 0);
    assert_int_equal(m.type, PAIFU_EV_PON);
    assert_int_equal(m.offset, 2);
    assert_int_equal(m.called, 124);
    assert_int_equal(m.ids[1], 126);
    assert_int_equal(paifu_mjlog__meld_decode(&m, 21511, why, sizeof(why)), 0);
    assert_int_equal(m.type, PAIFU_EV_CHI);
    assert_int_equal(m.called, 36);
    assert_int_equal(m.ids[2], 44);
}

/* Every code the decoder accepts encodes back to itself; the refused ones say why. */
static void meld_round_trip(void **state)
{
    (void)state;
    unsigned accepted = 0;
    for (unsigned c = 0; c < 65536; c++) {
        mjlog_meld m;
        char why[96] = "";
        if (paifu_mjlog__meld_decode(&m, c, why, sizeof(why)) < 0) {
            assert_true(why[0] != '\0');
            continue;
        }
        accepted++;
        if (paifu_mjlog__meld_encode(&m) != c)
            fail_msg("code %u decodes but encodes to %u", c, paifu_mjlog__meld_encode(&m));
    }
    /* chi 63*27*4*3 (x < 63, copies, offsets 1..3) + pon/kakan 102*4*3*2 + kita 4 + kans 136*4 */
    assert_int_equal(accepted, 21 * 3 * 64 * 3 + 34 * 3 * 4 * 3 * 2 + 4 + 136 * 4);
}

/* ---- header and deal start ---- */

static void header_and_deal_start(void **state)
{
    (void)state;
    paifu_game *g = read_ok(HEAD_169 INIT_E1 "<T60/><D60/></mjloggm>");
    assert_int_equal(paifu_game_players(g), 4);
    assert_string_equal(paifu_game_player(g, 0)->name, "A");
    assert_string_equal(paifu_game_player(g, 1)->name, "B");
    assert_string_equal(paifu_game_player(g, 2)->name, "\xE6\x9D\xB1");
    assert_string_equal(paifu_game_rules_name(g), "tenhou");
    assert_int_equal(paifu_game_rule_override_count(g), 0); /* 169: ES, reds, kuitan, 4p */
    assert_string_equal(paifu_game_meta_get(g, "tenhou.go.type"), "169");
    assert_string_equal(paifu_game_meta_get(g, "tenhou.go.lobby"), "0");
    assert_string_equal(paifu_game_meta_get(g, "tenhou.un.dan"), "1,2,3,4");
    assert_string_equal(paifu_game_meta_get(g, "tenhou.un.n1"), "B"); /* not %XX-encoded */
    assert_null(paifu_game_meta_get(g, "tenhou.un.n0"));
    assert_string_equal(paifu_game_meta_get(g, "tenhou.taikyoku.oya"), "0");
    assert_string_equal(paifu_game_meta_get(g, "tenhou.mjloggm.ver"), "2.3");
    assert_string_equal(paifu_game_meta_get(g, "tenhou.wall.generation"), "none");
    assert_true(paifu_game_truncated(g)); /* no owari */
    assert_int_equal(paifu_game_deal_count(g), 1);
    const paifu_deal_start *st = &deal(g, 0)->start;
    assert_int_equal(st->round_wind, 0);
    assert_int_equal(st->hand_number, 0);
    assert_int_equal(st->honba, 1);
    assert_int_equal(st->riichi_sticks, 2);
    assert_int_equal(st->dice[0], 3);
    assert_int_equal(st->dice[1], 4);
    assert_int_equal(st->dora_indicator_id, 52);
    assert_true(paifu_tile_is_red(st->dora_indicator)); /* id 52 is the red 5p */
    assert_int_equal(st->scores[1], 24000);
    assert_int_equal(st->dealer, 0);
    assert_int_equal(st->n_hand[3], 13);
    assert_int_equal(st->hand_ids[2][0], 26);
    assert_int_equal(paifu_tile_kind(st->hands[2][0]), 6); /* id 26 = 7m */
    assert_true(paifu_tile_is_red(st->hands[1][3]));       /* id 16 = red 5m */
    assert_int_equal(st->n_wall, 0);
    assert_int_equal(st->flags & PAIFU_DEAL_HAS_WALL, 0);
    assert_int_equal(st->flags & (PAIFU_DEAL_HAS_SCORES | PAIFU_DEAL_HAS_HANDS |
                                  PAIFU_DEAL_HAS_DICE | PAIFU_DEAL_HAS_STICKS),
                     PAIFU_DEAL_HAS_SCORES | PAIFU_DEAL_HAS_HANDS | PAIFU_DEAL_HAS_DICE |
                         PAIFU_DEAL_HAS_STICKS);
    paifu_game_free(g);
}

/* seed[0] is the round, 0 (East 1) to 15 (North 4) (tenhou-xml.md §4.3): North 4 is read, and
   16 is refused. */
static void round_north_4(void **state)
{
    (void)state;
    paifu_game *g = read_ok(HEAD_169
                            "<INIT seed=\"15,0,0,2,3,52\" ten=\"250,250,250,250\" oya=\"3\" "
                            "hai0=\"0,1,2,3,4,5,6,7,8,9,10,11,12\" "
                            "hai1=\"13,14,15,16,17,18,19,20,21,22,23,24,25\" "
                            "hai2=\"26,27,28,29,30,31,32,33,34,35,36,37,38\" "
                            "hai3=\"39,40,41,42,43,44,45,46,47,48,49,50,51\"/><W60/></mjloggm>");
    const paifu_deal_start *st = &deal(g, 0)->start;
    assert_int_equal(st->round_wind, 3);
    assert_int_equal(st->hand_number, 3);
    assert_int_equal(st->dealer, 3);
    paifu_game_free(g);
    paifu_error err;
    assert_int_equal(read_err(HEAD_169 "<INIT seed=\"16,0,0,2,3,52\" ten=\"250,250,250,250\" "
                                       "oya=\"0\" hai0=\"0,1,2,3,4,5,6,7,8,9,10,11,12\" "
                                       "hai1=\"13,14,15,16,17,18,19,20,21,22,23,24,25\" "
                                       "hai2=\"26,27,28,29,30,31,32,33,34,35,36,37,38\" "
                                       "hai3=\"39,40,41,42,43,44,45,46,47,48,49,50,51\"/>"
                                       "</mjloggm>",
                              &err),
                     PAIFU_EFORMAT);
    assert_non_null(strstr(err.text, "beyond North 4"));
}

/* An empty game is <mjloggm .../>; the same cut before its '>' is malformed XML, not a game. */
static void empty_root_cut(void **state)
{
    (void)state;
    paifu_error err;
    paifu_game *g = read_ok("<mjloggm ver=\"2.3\"/>");
    assert_int_equal(paifu_game_deal_count(g), 0);
    paifu_game_free(g);
    assert_int_equal(read_err("<mjloggm ver=\"2.3\"/", &err), PAIFU_EFORMAT);
    assert_non_null(strstr(err.text, "malformed XML"));
}

static void no_reds_and_rule_bits(void **state)
{
    (void)state;
    /* 0x02 no reds, 0x04 no kuitan, 0x08 clear: East only */
    paifu_game *g = read_ok("<mjloggm ver=\"2.3\"><GO type=\"7\"/><UN n0=\"\" n1=\"\" n2=\"\" "
                            "n3=\"\"/><TAIKYOKU oya=\"0\"/>" INIT_E1 "</mjloggm>");
    assert_false(paifu_tile_is_red(deal(g, 0)->start.dora_indicator));
    assert_false(paifu_tile_is_red(deal(g, 0)->start.hands[1][3]));
    assert_string_equal(paifu_game_meta_get(g, "tenhou.go.type"), "7");
    size_t n = paifu_game_rule_override_count(g);
    assert_int_equal(n, 3);
    assert_string_equal(paifu_game_rule_override(g, 0)->key, "red_fives");
    assert_string_equal(paifu_game_rule_override(g, 0)->value, "0");
    assert_string_equal(paifu_game_rule_override(g, 1)->key, "kuitan");
    assert_string_equal(paifu_game_rule_override(g, 2)->key, "game_length");
    assert_string_equal(paifu_game_rule_override(g, 2)->value, "east");
    assert_null(paifu_game_meta_get(g, "tenhou.rules_unknown"));
    paifu_game_free(g);
}

/* ---- events ---- */

static void draws_discards_riichi(void **state)
{
    (void)state;
    paifu_game *g =
        read_ok(HEAD_169 INIT_E1 "<T60/><D0/><U61/><E61/><V62/><REACH who=\"2\" step=\"1\"/><F62/>"
                                 "<REACH who=\"2\" step=\"2\" ten=\"250,240,240,250\"/><W63/>"
                                 "<BYE who=\"1\"/><UN n1=\"B\"/><G63/></mjloggm>");
    const paifu_deal *d = deal(g, 0);
    assert_int_equal(d->n_events, 11);
    const paifu_event *e = d->events;
    assert_int_equal(e[0].type, PAIFU_EV_DRAW);
    assert_int_equal(e[0].seat, 0);
    assert_int_equal(e[0].tile_id, 60);
    assert_int_equal(e[0].flags, 0);
    assert_int_equal(e[1].type, PAIFU_EV_DISCARD);
    assert_int_equal(e[1].flags, PAIFU_EVF_TSUMOGIRI_KNOWN); /* 0 was in the hand */
    assert_int_equal(e[3].flags, PAIFU_EVF_TSUMOGIRI_KNOWN | PAIFU_EVF_TSUMOGIRI);
    assert_int_equal(e[5].seat, 2);
    assert_int_equal(e[5].flags,
                     PAIFU_EVF_TSUMOGIRI_KNOWN | PAIFU_EVF_TSUMOGIRI | PAIFU_EVF_RIICHI);
    assert_int_equal(e[6].type, PAIFU_EV_RIICHI_ACCEPTED);
    assert_int_equal(e[6].seat, 2);
    assert_int_equal(d->n_score_rows, 1);
    assert_int_equal(d->score_rows[e[6].detail][2], 24000);
    assert_int_equal(e[8].type, PAIFU_EV_DISCONNECT);
    assert_int_equal(e[8].seat, 1);
    assert_int_equal(e[9].type, PAIFU_EV_RECONNECT);
    assert_int_equal(e[9].seat, 1);
    assert_int_equal(e[10].flags, PAIFU_EVF_TSUMOGIRI_KNOWN | PAIFU_EVF_TSUMOGIRI);
    /* a source position on every event */
    assert_int_equal(e[2].line, 1);
    assert_int_equal(e[2].column, column_of(HEAD_169 INIT_E1 "<T60/><D0/><U61/>", "<U61/>"));
    /* the reconnection spells the name as the roster did: nothing kept */
    assert_null(paifu_game_meta_get(g, "tenhou.UN[2]@n1"));
    paifu_game_free(g);
}

static void calls(void **state)
{
    (void)state;
    /* spec §10: pon m=47658 (seat 2 from 0), chi m=21511 (seat 2 from 1), closed kan m=4096 */
    paifu_game *g =
        read_ok(HEAD_169 INIT_E1 "<T124/><D124/><N who=\"2\" m=\"47658\" /><F67/><U36/><E36/>"
                                 "<N who=\"2\" m=\"21511\"/><F0/><W16/><G16/><T17/><D17/>"
                                 "<U18/><N who=\"1\" m=\"4096\"/><DORA hai=\"123\"/><U132/><E132/>"
                                 "<N who=\"3\" m=\"27139\"/><W100/><G100/></mjloggm>");
    const paifu_event *e = deal(g, 0)->events;
    const paifu_event *pon = &e[2];
    assert_int_equal(pon->type, PAIFU_EV_PON);
    assert_int_equal(pon->seat, 2);
    assert_int_equal(pon->from, 0);
    assert_int_equal(pon->tile_id, 124);
    assert_int_equal(pon->n, 2);
    assert_int_equal(pon->ids[0], 126);
    assert_int_equal(pon->ids[1], 127);
    assert_int_equal(paifu_tile_kind(pon->tiles[0]), PAIFU_TILE_WHITE);
    assert_int_equal(e[3].flags, PAIFU_EVF_TSUMOGIRI_KNOWN); /* after a call: not tsumogiri */
    const paifu_event *chi = &e[6];
    assert_int_equal(chi->type, PAIFU_EV_CHI);
    assert_int_equal(chi->from, 1);
    assert_int_equal(chi->tile_id, 36);
    assert_int_equal(chi->ids[0], 40);
    assert_int_equal(chi->ids[1], 44);
    const paifu_event *ankan = &e[13];
    assert_int_equal(ankan->type, PAIFU_EV_ANKAN);
    assert_int_equal(ankan->seat, 1);
    assert_int_equal(ankan->from, -1);
    assert_int_equal(ankan->tile, PAIFU_TILE_NONE);
    assert_int_equal(ankan->n, 4);
    assert_int_equal(ankan->ids[0], 16); /* the id the code names comes first */
    assert_int_equal(e[14].type, PAIFU_EV_DORA);
    assert_int_equal(e[14].tile_id, 123);
    assert_int_equal(e[15].type, PAIFU_EV_DRAW);
    assert_int_equal(e[15].flags, PAIFU_EVF_REPLACEMENT);
    assert_int_equal(e[16].flags, PAIFU_EVF_TSUMOGIRI_KNOWN | PAIFU_EVF_TSUMOGIRI);
    const paifu_event *kan = &e[17];
    assert_int_equal(kan->type, PAIFU_EV_DAIMINKAN);
    assert_int_equal(kan->from, 2); /* offset 3 from seat 3 */
    assert_int_equal(kan->tile_id, 106);
    assert_int_equal(kan->n, 3);
    assert_int_equal(e[18].flags, PAIFU_EVF_REPLACEMENT);
    paifu_game_free(g);
}

static void added_kan(void **state)
{
    (void)state;
    /* spec §4.9: m=16947 is the added kan of the pon 44,46,47 called from seat 0 (44) */
    paifu_game *g =
        read_ok(HEAD_169 INIT_E1 "<D44/><N who=\"1\" m=\"16939\"/><E0/><U45/>"
                                 "<N who=\"1\" m=\"16947\"/><U70/><DORA hai=\"71\"/><E70/>"
                                 "<U72/><N who=\"1\" m=\"16979\"/></mjloggm>");
    const paifu_event *e = deal(g, 0)->events;
    assert_int_equal(e[1].type, PAIFU_EV_PON);
    assert_int_equal(e[1].from, 0);
    assert_int_equal(e[1].tile_id, 44);
    const paifu_event *k = &e[4];
    assert_int_equal(k->type, PAIFU_EV_SHOUMINKAN);
    assert_int_equal(k->tile_id, 45);
    assert_int_equal(k->n, 3);
    assert_int_equal(k->ids[0], 44);
    assert_int_equal(k->ids[1], 46);
    assert_int_equal(k->ids[2], 47);
    assert_int_equal(e[5].flags, PAIFU_EVF_REPLACEMENT);
    /* derivable from the pon: not kept; m=16979 has no pon before it: kept as written */
    assert_null(paifu_game_meta_get(g, "tenhou.N[2]@m"));
    assert_string_equal(paifu_game_meta_get(g, "tenhou.N[3]@m"), "16979");
    paifu_game_free(g);
}

/* ---- outcomes ---- */

#define AGARI_TSUMO                                                                                \
    "<AGARI ba=\"1,2\" hai=\"36,40,44,45,48,52,53,54,56,60,64,72,73,74\" m=\"47658\" "             \
    "machi=\"74\" ten=\"30,7900,0\" yaku=\"1,1,0,1,52,2,54,1,53,0\" doraHai=\"51,123\" "           \
    "doraHaiUra=\"3,77\" who=\"2\" fromWho=\"2\" sc=\"250,-20,240,-20,250,82,250,-42\" "           \
    "owari=\"230,-18.5,220,-31.0,332,63.8,208,-14.3\"/>"

static void win(void **state)
{
    (void)state;
    paifu_game *g = read_ok(HEAD_169 INIT_E1 "<T124/><D124/><N who=\"2\" m=\"47658\"/><F67/>"
                                             "<V74/>" AGARI_TSUMO "</mjloggm>");
    const paifu_deal *d = deal(g, 0);
    assert_int_equal(d->n_wins, 1);
    const paifu_win *w = &d->wins[0];
    assert_int_equal(w->winner, 2);
    assert_int_equal(w->from, 2);
    assert_int_equal(w->pao, -1);
    assert_int_equal(w->fu, 30);
    assert_int_equal(w->points, 7900);
    assert_int_equal(w->limit, PAIFU_LIMIT_NONE);
    assert_int_equal(w->han, 5);
    assert_int_equal(w->n_yaku, 5);
    assert_int_equal(w->yaku[2].id, 52);
    assert_int_equal(w->yaku[2].han, 2);
    assert_int_equal(w->yakuman, 0);
    assert_int_equal(w->n_hand, 14);
    assert_int_equal(w->win_tile_id, 74);
    assert_int_equal(w->n_dora, 2);
    assert_int_equal(w->dora_ids[1], 123);
    assert_int_equal(w->n_ura, 2);
    assert_int_equal(w->ura_ids[1], 77);
    assert_int_equal(w->honba, 1);
    assert_int_equal(w->riichi_sticks, 2);
    assert_int_equal(w->scores_before[1], 24000);
    assert_int_equal(w->deltas[2], 8200);
    assert_int_equal(w->deltas[3], -4200);
    unsigned all = PAIFU_REC_HAN | PAIFU_REC_FU | PAIFU_REC_POINTS | PAIFU_REC_LIMIT |
                   PAIFU_REC_YAKU | PAIFU_REC_DELTAS | PAIFU_REC_SCORES | PAIFU_REC_STICKS |
                   PAIFU_REC_HAND | PAIFU_REC_DORA | PAIFU_REC_URA;
    assert_int_equal(w->known, all);
    assert_int_equal(d->events[d->n_events - 1].type, PAIFU_EV_WIN);
    assert_null(paifu_game_meta_get(g, "tenhou.AGARI[1]@m")); /* the winner's one pon */
    /* owari: exact decimal arithmetic, and an exact result means the era without rounding */
    const paifu_game_result *r = paifu_game_result_get(g);
    assert_true(r->has_points && r->has_final);
    assert_int_equal(r->points[0], 23000);
    assert_int_equal(r->final[0], -18500);
    assert_int_equal(r->final[2], 63800);
    assert_int_equal(r->final[3], -14300);
    assert_false(paifu_game_truncated(g));
    assert_string_equal(paifu_game_meta_get(g, "tenhou.owari"),
                        "230,-18.5,220,-31.0,332,63.8,208,-14.3");
    assert_int_equal(paifu_game_rule_override_count(g), 1);
    assert_string_equal(paifu_game_rule_override(g, 0)->key, "final_rounding");
    assert_string_equal(paifu_game_rule_override(g, 0)->value, "nearest_100");
    paifu_game_free(g);
}

static void yakuman_pao_and_melds_kept(void **state)
{
    (void)state;
    paifu_game *g = read_ok(HEAD_169 INIT_E1
                            "<T60/><D60/><AGARI ba=\"0,0\" hai=\"0,1,2\" m=\"4096\" machi=\"2\" "
                            "ten=\"40,64000,5\" yakuman=\"39,42\" doraHai=\"52\" who=\"1\" "
                            "fromWho=\"0\" paoWho=\"3\" sc=\"250,-320,240,640,250,0,250,-320\" "
                            "owari=\"-70,-47.0,880,78.0,250,-5.0,-70,-26.0\"/></mjloggm>");
    const paifu_win *w = &deal(g, 0)->wins[0];
    assert_int_equal(w->pao, 3);
    assert_int_equal(w->from, 0);
    assert_int_equal(w->limit, PAIFU_LIMIT_YAKUMAN);
    assert_int_equal(w->yakuman, 2);
    assert_int_equal(w->n_yaku, 2);
    assert_int_equal(w->yaku[1].id, 42);
    assert_int_equal(w->yaku[1].han, PAIFU_YAKU_YAKUMAN_HAN);
    assert_int_equal(w->han, 2 * PAIFU_YAKU_YAKUMAN_HAN);
    assert_int_equal(w->known & PAIFU_REC_URA, 0);
    /* m names a closed kan the winner never declared: kept as written */
    assert_string_equal(paifu_game_meta_get(g, "tenhou.AGARI[1]@m"), "4096");
    /* all results end in .0: the rounded era (the preset's default, no override) */
    assert_int_equal(paifu_game_rule_override_count(g), 0);
    paifu_game_free(g);
}

static void draws(void **state)
{
    (void)state;
    paifu_game *g = read_ok(
        HEAD_169 INIT_E1
        "<T60/><D60/><RYUUKYOKU ba=\"1,2\" sc=\"250,-15,240,15,250,-15,250,15\" "
        "hai1=\"13,14,15,16,17,18,19,20,21,22,23,24,25\" "
        "hai3=\"39,40,41,42,43,44,45,46,47,48,49,50,51\"/>"
        "<INIT seed=\"1,2,2,0,0,1\" ten=\"235,255,235,265\" oya=\"1\" hai0=\"0,1,2,3,4,5,6,7,8,9,"
        "10,11,12\" hai1=\"13,14,15,16,17,18,19,20,21,22,23,24,25\" hai2=\"26,27,28,29,30,31,32,"
        "33,34,35,36,37,38\" hai3=\"39,40,41,42,43,44,45,46,47,48,49,50,51\"/><U60/>"
        "<RYUUKYOKU type=\"yao9\" ba=\"2,2\" sc=\"235,0,255,0,235,0,265,0\" "
        "hai1=\"13,14,15,16,17,18,19,20,21,22,23,24,25,60\"/>"
        "<INIT seed=\"1,3,2,0,0,1\" ten=\"235,255,235,265\" oya=\"1\" hai0=\"0,1,2,3,4,5,6,7,8,9,"
        "10,11,12\" hai1=\"13,14,15,16,17,18,19,20,21,22,23,24,25\" hai2=\"26,27,28,29,30,31,32,"
        "33,34,35,36,37,38\" hai3=\"39,40,41,42,43,44,45,46,47,48,49,50,51\"/>"
        "<RYUUKYOKU type=\"nm\" ba=\"3,2\" sc=\"235,-40,255,-40,235,120,265,-40\" "
        "hai0=\"0,1,2,3,4,5,6,7,8,9,10,11,12\"/></mjloggm>");
    assert_int_equal(paifu_game_deal_count(g), 3);
    const paifu_draw *x = &deal(g, 0)->draws[0];
    assert_int_equal(deal(g, 0)->events[2].type, PAIFU_EV_EXHAUSTIVE_DRAW);
    assert_int_equal(x->kind, PAIFU_DRAW_EXHAUSTIVE);
    assert_int_equal(x->shown, 0x0A);
    assert_int_equal(x->tenpai, 0x0A);
    assert_true(x->known & PAIFU_REC_TENPAI);
    assert_int_equal(x->n_hand[3], 13);
    assert_int_equal(x->deltas[1], 1500);
    assert_int_equal(x->honba, 1);
    assert_int_equal(x->riichi_sticks, 2);
    const paifu_draw *k = &deal(g, 1)->draws[0];
    assert_int_equal(deal(g, 1)->events[1].type, PAIFU_EV_ABORTIVE_DRAW);
    assert_int_equal(k->kind, PAIFU_DRAW_KYUUSHU);
    assert_int_equal(k->seat, 1);
    assert_int_equal(k->n_hand[1], 14);
    assert_int_equal(k->known & PAIFU_REC_TENPAI, 0);
    const paifu_draw *nm = &deal(g, 2)->draws[0];
    assert_int_equal(nm->kind, PAIFU_DRAW_EXHAUSTIVE);
    assert_int_equal(nm->nagashi, 0x04);
    assert_int_equal(nm->tenpai, 0x01);
    assert_int_equal(deal(g, 1)->start.round_wind, 0);
    assert_int_equal(deal(g, 1)->start.hand_number, 1);
    assert_int_equal(deal(g, 1)->start.dealer, 1);
    paifu_game_free(g);
}

/* ---- games, files ---- */

static void several_games_prelude_and_trailer(void **state)
{
    (void)state;
    const char *xml = "<?xml version=\"1.0\"?>\n<!-- two games -->\n" HEAD_169
                      "<BYE who=\"3\"/><!-- not the end: </mjloggm> -->" INIT_E1
                      "</mjloggm>\n<?xml version=\"1.0\"?><mjloggm ver=\"2.3\">"
                      "<GO type=\"169\"/></mjloggm>\n<!-- end -->\n";
    assert_string_equal(paifu_format_detect(xml, strlen(xml)), "tenhou-xml");
    paifu_reader *r;
    paifu_error err;
    paifu_error_clear(&err);
    assert_int_equal(paifu_reader_open_buffer(&r, xml, strlen(xml), NULL, &err), 0);
    const paifu_game *g;
    assert_int_equal(paifu_reader_next(&g, r, &err), 1);
    assert_int_equal(paifu_game_deal_count(g), 1);
    assert_int_equal(paifu_game_prelude_count(g), 1);
    assert_int_equal(paifu_game_prelude(g, 0)->type, PAIFU_EV_DISCONNECT);
    assert_int_equal(paifu_game_prelude(g, 0)->seat, 3);
    assert_int_equal(paifu_game_prelude(g, 0)->line, 3);
    assert_int_equal(paifu_reader_next(&g, r, &err), 1);
    assert_int_equal(paifu_game_deal_count(g), 0);
    assert_true(paifu_game_truncated(g));
    assert_int_equal(paifu_reader_next(&g, r, &err), 0);
    paifu_reader_free(r);
}

static void sanma(void **state)
{
    (void)state;
    paifu_game *g = read_ok(
        "<mjloggm ver=\"2.3\"><GO type=\"185\" lobby=\"0\"/><UN n0=\"%41\" n1=\"%42\" n2=\"%43\" "
        "n3=\"\"/><TAIKYOKU oya=\"0\"/><INIT seed=\"0,0,0,1,1,36\" ten=\"350,350,350,0\" "
        "oya=\"0\" hai0=\"0,1,2,3,32,33,34,35,36,37,38,39,40\" hai1=\"41,42,43,44,45,46,47,48,"
        "49,50,51,52,53\" hai2=\"54,55,56,57,58,59,60,61,62,63,64,65,66\" hai3=\"\"/>"
        "<T120/><N who=\"0\" m=\"30752\"/><T70/><D70/><U71/><E71/><N who=\"2\" m=\"27210\"/>"
        "</mjloggm>");
    assert_int_equal(paifu_game_players(g), 3);
    assert_string_equal(paifu_game_player(g, 3)->name, "");
    assert_int_equal(deal(g, 0)->start.n_hand[3], 0);
    const paifu_event *e = deal(g, 0)->events;
    assert_int_equal(e[1].type, PAIFU_EV_KITA);
    assert_int_equal(e[1].tile_id, 120);
    assert_int_equal(e[1].n, 0);
    assert_int_equal(e[2].flags, PAIFU_EVF_REPLACEMENT);
    /* pon by seat 2 with offset 2: seat (2 + 2) mod 4 = 0 (spec §3: mod 4 also in sanma) */
    assert_int_equal(e[6].type, PAIFU_EV_PON);
    assert_int_equal(e[6].from, 0);
    const char *want[][2] = {
        {"players", "3"},           {"start_points", "35000"},   {"return_points", "40000"},
        {"oka", "15000"},           {"uma", "20000,0,-20000,0"}, {"sanma_tsumo_loss", "true"},
        {"kita", "true"},           {"noten_total", "2000"},     {"honba_value", "200"},
        {"target_points", "40000"}, {"riichi_min_wall", "3"}};
    size_t n = sizeof(want) / sizeof(want[0]);
    assert_int_equal(paifu_game_rule_override_count(g), n);
    for (size_t i = 0; i < n; i++) {
        assert_string_equal(paifu_game_rule_override(g, i)->key, want[i][0]);
        assert_string_equal(paifu_game_rule_override(g, i)->value, want[i][1]);
    }
    paifu_game_free(g);
}

static void unknown_rules_and_extras(void **state)
{
    (void)state;
    paifu_game *g = read_ok(
        "<mjloggm ver=\"2.3\"><GO type=\"553\" lobby=\"0\" csrule=\"x\"/><UN n0=\"\" n1=\"\" "
        "n2=\"\" n3=\"\" rc=\"0,10,0,10\"/><TAIKYOKU oya=\"0\"/>"
        "<INIT seed=\"0,0,0,1,1,36\" ten=\"300,300,300,300\" chip=\"0,0,0,0\" oya=\"0\" "
        "hai0=\"0,1,2,3,4,5,6,7,8,9,10,11,12\" hai1=\"13,14,15,16,17,18,19,20,21,22,23,24,25\" "
        "hai2=\"26,27,28,29,30,31,32,33,34,35,36,37,38\" "
        "hai3=\"39,40,41,42,43,44,45,46,47,48,49,50,51\"/></mjloggm>");
    assert_string_equal(paifu_game_meta_get(g, "tenhou.rules_unknown"), "1");
    assert_non_null(strstr(paifu_game_meta_get(g, "tenhou.rules_unknown.reason"), "csrule"));
    assert_string_equal(paifu_game_meta_get(g, "tenhou.go.csrule"), "x");
    assert_string_equal(paifu_game_meta_get(g, "tenhou.un.rc"), "0,10,0,10");
    assert_string_equal(paifu_game_meta_get(g, "tenhou.INIT[1]@chip"), "0,0,0,0");
    assert_null(paifu_game_meta_get(g, "tenhou.final_unknown")); /* lobby 0 */
    paifu_game_free(g);
    g = read_ok("<mjloggm ver=\"2.3\"><GO type=\"9\" lobby=\"10011\"/></mjloggm>");
    assert_non_null(strstr(paifu_game_meta_get(g, "tenhou.final_unknown"), "10011"));
    assert_null(paifu_game_meta_get(g, "tenhou.rules_unknown"));
    paifu_game_free(g);
}

/* A seed that cannot be decoded leaves the wall unknown; the file still reads. */
static void undecodable_seed(void **state)
{
    (void)state;
    paifu_game *g = read_ok("<mjloggm ver=\"2.3\"><SHUFFLE seed=\"mt19937ar-sha512-n288-base64,"
                            "QUJD\" ref=\"\"/><GO type=\"169\"/>" INIT_E1 "</mjloggm>");
    assert_int_equal(deal(g, 0)->start.n_wall, 0);
    assert_non_null(strstr(paifu_game_meta_get(g, PAIFU_META_WALL_ERROR), "SHUFFLE@seed"));
    assert_string_equal(paifu_game_meta_get(g, "tenhou.shuffle.seed"),
                        "mt19937ar-sha512-n288-base64,QUJD");
    /* the verifier reports it once, for the game */
    paifu_rules *rules;
    paifu_report *rep;
    assert_int_equal(paifu_game_rules(&rules, g, NULL, NULL), 0);
    assert_int_equal(paifu_report_new(&rep, NULL), 0);
    assert_int_equal(paifu_verify_game(rep, g, rules, NULL, NULL), 0);
    size_t seed_findings = 0;
    for (size_t i = 0; i < paifu_report_count(rep); i++)
        seed_findings += strcmp(paifu_report_finding(rep, i)->code, "wall.seed") == 0;
    assert_int_equal(seed_findings, 1);
    paifu_report_free(rep);
    paifu_rules_free(rules);
    paifu_game_free(g);
}

/* Generation A (INIT shuffle) in an East-only game without a date (the file is not named by
   its log id): the wall says February to July 2009: the 2009 uma, no tenpai-yame, West after
   South 4, and the old dead wall. */
static void generation_a_east(void **state)
{
    (void)state;
    paifu_game *g = read_named(
        "<mjloggm ver=\"2.3\"><GO type=\"161\"/><UN n0=\"\" n1=\"\" n2=\"\" n3=\"\"/>"
        "<TAIKYOKU oya=\"0\"/><INIT seed=\"0,0,0,1,3,49\" ten=\"250,250,250,250\" oya=\"0\" "
        "hai0=\"0,1,2,3,4,5,6,7,8,9,10,11,12\" hai1=\"13,14,15,16,17,18,19,20,21,22,23,24,25\" "
        "hai2=\"26,27,28,29,30,31,32,33,34,35,36,37,38\" "
        "hai3=\"39,40,41,42,43,44,45,46,47,48,49,50,51\" "
        "shuffle=\"mt19937ar,1,1ef0,3ddf,5cce,7bbd,9aac,b99b,d88a\"/></mjloggm>",
        "t.mjlog");
    const paifu_deal_start *st = &deal(g, 0)->start;
    /* the wall of test_mjlog_shuffle.c's generation-A case */
    assert_int_equal(st->n_wall, 136);
    assert_int_equal(st->wall_ids[0], 127);
    assert_int_equal(st->wall_ids[131], 49);
    assert_int_equal(st->wall_layout.dora[0], 131);
    assert_int_equal(st->wall_layout.ura[0], 130);
    assert_int_equal(st->wall_layout.replacement[0], 135);
    assert_string_equal(paifu_game_meta_get(g, "tenhou.wall.generation"), "A");
    assert_string_equal(paifu_game_meta_get(g, "tenhou.wall.dead_layout"), "old");
    assert_string_equal(paifu_game_meta_get(g, "tenhou.INIT[1]@shuffle"),
                        "mt19937ar,1,1ef0,3ddf,5cce,7bbd,9aac,b99b,d88a");
    const char *uma = NULL, *tenpaiyame = NULL, *west = NULL;
    for (size_t i = 0; i < paifu_game_rule_override_count(g); i++) {
        if (strcmp(paifu_game_rule_override(g, i)->key, "uma") == 0)
            uma = paifu_game_rule_override(g, i)->value;
        if (strcmp(paifu_game_rule_override(g, i)->key, "tenpaiyame") == 0)
            tenpaiyame = paifu_game_rule_override(g, i)->value;
        if (strcmp(paifu_game_rule_override(g, i)->key, "extension_winds") == 0)
            west = paifu_game_rule_override(g, i)->value;
    }
    assert_non_null(west);
    assert_string_equal(west, "2");
    assert_non_null(uma);
    assert_string_equal(uma, "10000,5000,-5000,-10000");
    assert_non_null(tenpaiyame); /* early 2009: the all-last dealer deals again when tenpai */
    assert_string_equal(tenpaiyame, "false");
    paifu_game_free(g);
}

/* ---- errors: code, position, path, deal, event ---- */

typedef struct bad_case {
    const char *name;
    const char *xml;
    const char *at;      /* the error's column is where this text starts (NULL: not checked) */
    const char *path;    /* expected path ("" none) */
    const char *deal;    /* expected deal label */
    int event;           /* expected event index */
    const char *message; /* a part of the message */
} bad_case;

#define BAD_HEAD HEAD_169 INIT_E1

static const bad_case BAD[] = {
    {"unknown tag", BAD_HEAD "<T60/><FOO/></mjloggm>", "<FOO", "mjloggm/FOO", "E1-1", 1,
     "unknown tag <FOO>"},
    {"tile id 140", BAD_HEAD "<T60/><D60/><T140/></mjloggm>", "<T140", "", "E1-1", 2,
     "tile id from 0 to 135"},
    {"hand tile id 140",
     HEAD_169
     "<INIT seed=\"0,0,0,1,1,36\" ten=\"250,250,250,250\" "
     "oya=\"0\" hai0=\"0,1,2,3,4,5,6,7,8,9,10,11,140\" hai1=\"13\" hai2=\"26\" hai3=\"39\"/>"
     "</mjloggm>",
     "0,1,2,3,4,5,6,7,8,9,10,11,140", "mjloggm/INIT[1]@hai0", "", -1,
     "expected a tile id from 0 to 135, found 140"},
    {"bad meld code", BAD_HEAD "<T60/><D60/><N who=\"2\" m=\"517\"/></mjloggm>", "517\"",
     "mjloggm/N[1]@m", "E1-1", 2, "bad meld code 517: chi code with bit 9 set"},
    {"wrong attribute type",
     BAD_HEAD
     "<T60/><D60/><AGARI ba=\"0,0\" hai=\"1\" machi=\"1\" "
     "ten=\"thirty\" doraHai=\"1\" who=\"0\" fromWho=\"1\" sc=\"0,0,0,0,0,0,0,0\"/></mjloggm>",
     "thirty", "mjloggm/AGARI[1]@ten", "E1-1", 2, "item 1 is \"thirty\""},
    {"missing attribute", BAD_HEAD "<REACH who=\"1\"/></mjloggm>", "<REACH", "mjloggm/REACH[1]",
     "E1-1", 0, "missing attribute step"},
    {"doctype", "<?xml version=\"1.0\"?><!DOCTYPE mjloggm [<!ENTITY a \"b\">]><mjloggm/>",
     "<!DOCTYPE", "!DOCTYPE", "", -1, "DOCTYPE is not allowed"},
    {"nested tags", BAD_HEAD "<T60><D60/></T60></mjloggm>", "<D60", "mjloggm/T60[1]", "E1-1", 1,
     "mjlog tags do not nest"},
    {"text", BAD_HEAD "<T60/>hello<D60/></mjloggm>", NULL, "", "E1-1", -2, "text inside"},
    {"init before go", "<mjloggm ver=\"2.3\">" INIT_E1 "</mjloggm>", "<INIT", "mjloggm/INIT[1]", "",
     -1, "expected <GO> before the first <INIT>"},
    {"draw before init", HEAD_169 "<T60/></mjloggm>", "<T60", "mjloggm/T60[1]", "", -1,
     "<T60> before the first <INIT>"},
    {"bad owari",
     BAD_HEAD "<RYUUKYOKU ba=\"0,0\" owari=\"250,1.2345,250,0,250,0,250,0\"/>"
              "</mjloggm>",
     "250,1.2345", "mjloggm/RYUUKYOKU[1]@owari", "E1-1", 0, "item 2"},
    {"unknown draw type", BAD_HEAD "<RYUUKYOKU type=\"yao10\" ba=\"0,0\"/></mjloggm>", "yao10",
     "mjloggm/RYUUKYOKU[1]@type", "E1-1", 0, "unknown draw type \"yao10\""},
    {"sanma seat 3",
     "<mjloggm ver=\"2.3\"><GO type=\"185\"/><INIT seed=\"0,0,0,1,1,36\" "
     "ten=\"350,350,350,0\" oya=\"0\" hai0=\"0,1,2,3,32,33,34,35,36,37,38,39,40\" "
     "hai1=\"41,42,43,44,45,46,47,48,49,50,51,52,53\" hai2=\"54,55,56,57,58,59,60,61,62,63,64,65,"
     "66\" hai3=\"\"/><W70/></mjloggm>",
     "<W70", "mjloggm/W70[1]", "E1-0", 0, "seat 3 does not play"},
    {"sanma 2m",
     "<mjloggm ver=\"2.3\"><GO type=\"185\"/><INIT seed=\"0,0,0,1,1,36\" "
     "ten=\"350,350,350,0\" oya=\"0\" hai0=\"0,1,2,3,32,33,34,35,36,37,38,39,40\" "
     "hai1=\"41,42,43,44,45,46,47,48,49,50,51,52,53\" hai2=\"54,55,56,57,58,59,60,61,62,63,64,65,"
     "66\" hai3=\"\"/><T4/></mjloggm>",
     "<T4/", "mjloggm/T4[1]", "E1-0", 0, "tile id 4 (2m) does not exist in a 3-player game"},
    {"wrong root", "<mjlog><GO type=\"9\"/></mjlog>", "<mjlog>", "mjloggm", "", -1,
     "expected the root tag <mjloggm>"},
    /* a tile tag's id is 0 to 135 written without leading zeros (tenhou-xml.md §2.1, §4.8) */
    {"tile id 136", BAD_HEAD "<T60/><D136/></mjloggm>", "<D136", "", "E1-1", 1,
     "<D136>: expected a tile id from 0 to 135 after D"},
    {"tile id 060", BAD_HEAD "<T60/><D060/></mjloggm>", "<D060", "", "E1-1", 1,
     "<D060>: expected a tile id from 0 to 135 after D"},
    {"tile id 00", BAD_HEAD "<T00/></mjloggm>", "<T00", "", "E1-1", 0,
     "<T00>: expected a tile id from 0 to 135 after T"},
    /* AGARI's ten is fu, points, limit 0..5 (§4.12); fu beyond a 16-bit value is no fu */
    {"ten limit 6",
     BAD_HEAD "<T60/><D60/><AGARI ba=\"0,0\" hai=\"1\" machi=\"1\" ten=\"30,1000,6\" "
              "doraHai=\"1\" who=\"0\" fromWho=\"1\" sc=\"0,0,0,0,0,0,0,0\"/></mjloggm>",
     "30,1000,6", "mjloggm/AGARI[1]@ten", "E1-1", 2, "limit 6 in ten is beyond 5 (yakuman)"},
    {"ten fu 40000",
     BAD_HEAD "<T60/><D60/><AGARI ba=\"0,0\" hai=\"1\" machi=\"1\" ten=\"40000,1000,0\" "
              "doraHai=\"1\" who=\"0\" fromWho=\"1\" sc=\"0,0,0,0,0,0,0,0\"/></mjloggm>",
     "40000,1000,0", "mjloggm/AGARI[1]@ten", "E1-1", 2, "fu 40000 in ten is beyond 32767"},
    /* a 3-player game's fourth seat has no hand (§7) */
    {"sanma hai3",
     "<mjloggm ver=\"2.3\"><GO type=\"185\"/><INIT seed=\"0,0,0,1,1,36\" "
     "ten=\"350,350,350,0\" oya=\"0\" hai0=\"0,1,2,3,32,33,34,35,36,37,38,39,40\" "
     "hai1=\"41,42,43,44,45,46,47,48,49,50,51,52,53\" hai2=\"54,55,56,57,58,59,60,61,62,63,64,65,"
     "66\" hai3=\"67\"/></mjloggm>",
     "67\"", "mjloggm/INIT[1]@hai3", "", -1, "hai3 must be empty in a 3-player game"},
    {"sanma draw hai3",
     "<mjloggm ver=\"2.3\"><GO type=\"185\"/><INIT seed=\"0,0,0,1,1,36\" "
     "ten=\"350,350,350,0\" oya=\"0\" hai0=\"0,1,2,3,32,33,34,35,36,37,38,39,40\" "
     "hai1=\"41,42,43,44,45,46,47,48,49,50,51,52,53\" hai2=\"54,55,56,57,58,59,60,61,62,63,64,65,"
     "66\" hai3=\"\"/><RYUUKYOKU ba=\"0,0\" sc=\"350,0,350,0,350,0,0,0\" hai3=\"67\"/></mjloggm>",
     "67\"/>", "mjloggm/RYUUKYOKU[1]@hai3", "E1-0", 0,
     "hai3 shows a hand of a seat that does not play"},
    /* one game a document (§1) */
    {"nested root", BAD_HEAD "<T60/><mjloggm ver=\"2.3\"/></mjloggm>", "<mjloggm ver=\"2.3\"/>",
     "", "E1-1", -2, "<mjloggm> inside <mjloggm>"},
};

static void errors_are_located(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof(BAD) / sizeof(BAD[0]); i++) {
        const bad_case *c = &BAD[i];
        paifu_error err;
        int rc = read_err(c->xml, &err);
        if (rc != PAIFU_EFORMAT)
            fail_msg("%s: expected PAIFU_EFORMAT, got %d (%s)", c->name, rc, err.text);
        if (!strstr(err.text, c->message))
            fail_msg("%s: message \"%s\" lacks \"%s\"", c->name, err.text, c->message);
        assert_string_equal(err.where.source, "t.mjlog");
        assert_int_equal(err.where.line, 1);
        if (c->at && err.where.column != column_of(c->xml, c->at))
            fail_msg("%s: column %u, expected %u", c->name, err.where.column,
                     column_of(c->xml, c->at));
        if (c->at)
            assert_int_equal(err.where.offset, column_of(c->xml, c->at) - 1);
        if (c->path[0] && strcmp(err.where.path, c->path) != 0)
            fail_msg("%s: path \"%s\", expected \"%s\"", c->name, err.where.path, c->path);
        if (strcmp(err.where.deal, c->deal) != 0)
            fail_msg("%s: deal \"%s\", expected \"%s\"", c->name, err.where.deal, c->deal);
        if (c->event != -2)
            assert_int_equal(err.where.event, c->event);
        assert_int_equal(err.where.game, 0);
    }
}

/* A document cut short (issue 36) is read up to its last whole tag: the game is truncated, its
   deals those read, and no text of libxml2's is the answer. A cut inside the first tags is an
   error that says the file is cut, at the input's end. */
static void cut_xml_is_truncated(void **state)
{
    (void)state;
    char xml[4096];
    snprintf(xml, sizeof(xml), "%s", HEAD_169 "\n" INIT_E1 "<T60/><D60/><U61/></mjloggm>");
    /* the bytes kept: up to the end of the cut text */
    static const struct {
        const char *cut;
        size_t events;
    } cuts[] = {{"<U6", 2}, {"<U61", 2}, {"<U61/", 2}, {"</mjlog", 3}, {"</mjloggm", 3}};
    for (size_t i = 0; i < sizeof(cuts) / sizeof(cuts[0]); i++) {
        char copy[4096];
        snprintf(copy, sizeof(copy), "%s", xml);
        char *at = strstr(copy, cuts[i].cut);
        assert_non_null(at);
        at[strlen(cuts[i].cut)] = '\0';
        paifu_read_options o = PAIFU_READ_OPTIONS_INIT;
        o.source_name = "t.mjlog";
        paifu_game *g = NULL;
        paifu_error err;
        paifu_error_clear(&err);
        if (paifu_game_read_buffer(&g, copy, strlen(copy), &o, &err) != 0)
            fail_msg("cut at %s: %s", cuts[i].cut, err.text);
        assert_true(paifu_game_truncated(g));
        assert_int_equal(paifu_game_deal_count(g), 1);
        if (paifu_game_deal(g, 0)->n_events != cuts[i].events)
            fail_msg("cut at %s: %zu events, expected %zu", cuts[i].cut,
                     paifu_game_deal(g, 0)->n_events, cuts[i].events);
        paifu_game_free(g);
    }
    const char *head_cut = "<mjloggm ver=\"2.3\"><SHUFFLE seed=\"mt19937ar";
    paifu_error err;
    assert_int_equal(read_err(head_cut, &err), PAIFU_EFORMAT);
    assert_non_null(strstr(err.text, "the file is cut short"));
    assert_int_equal(err.where.line, 1);
    assert_true(err.where.column > 0);
}

/* libxml2's own errors (not well-formed input) keep their line and column. */
static void malformed_xml(void **state)
{
    (void)state;
    char xml[4096];
    snprintf(xml, sizeof(xml), "%s", HEAD_169 "\n" INIT_E1 "<T60/><D60/></mjloggm>");
    size_t cut = (size_t)(strstr(xml, "hai2") - xml) + 3;
    /* inside an attribute name of the INIT tag on line 2, the document closed after it (a cut
       at the input's end is read up to its last whole tag: cut_xml_is_truncated) */
    snprintf(xml + cut, sizeof(xml) - cut, "%s", "</mjloggm>");
    paifu_error err;
    assert_int_equal(read_err(xml, &err), PAIFU_EFORMAT);
    assert_non_null(strstr(err.text, "malformed XML"));
    assert_int_equal(err.where.line, 2);
    assert_true(err.where.column > 0);
    /* an undeclared entity */
    assert_int_equal(read_err(HEAD_169 "<BYE who=\"&x;\"/></mjloggm>", &err), PAIFU_EFORMAT);
    assert_non_null(strstr(err.text, "malformed XML"));
    /* text after a game that is not another document */
    const char *two = HEAD_169 "</mjloggm>\ngarbage";
    paifu_reader *r;
    const paifu_game *g;
    paifu_error_clear(&err);
    assert_int_equal(paifu_reader_open_buffer(&r, two, strlen(two), NULL, &err), 0);
    assert_int_equal(paifu_reader_next(&g, r, &err), 1);
    assert_int_equal(paifu_reader_next(&g, r, &err), PAIFU_EFORMAT);
    assert_int_equal(err.where.line, 2);
    assert_int_equal(err.where.game, 1);
    paifu_reader_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(meld_examples),
        cmocka_unit_test(meld_round_trip),
        cmocka_unit_test(header_and_deal_start),
        cmocka_unit_test(round_north_4),
        cmocka_unit_test(empty_root_cut),
        cmocka_unit_test(no_reds_and_rule_bits),
        cmocka_unit_test(draws_discards_riichi),
        cmocka_unit_test(calls),
        cmocka_unit_test(added_kan),
        cmocka_unit_test(win),
        cmocka_unit_test(yakuman_pao_and_melds_kept),
        cmocka_unit_test(draws),
        cmocka_unit_test(several_games_prelude_and_trailer),
        cmocka_unit_test(sanma),
        cmocka_unit_test(unknown_rules_and_extras),
        cmocka_unit_test(undecodable_seed),
        cmocka_unit_test(generation_a_east),
        cmocka_unit_test(errors_are_located),
        cmocka_unit_test(malformed_xml),
        cmocka_unit_test(cut_xml_is_truncated),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
