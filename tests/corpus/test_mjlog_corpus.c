/*
 * test_mjlog_corpus.c: every Tenhou mjlog of the real-log corpus (PAIFU_CORPUS_DIR, listed in
 * MANIFEST.tsv with format "tenhou-xml"); skipped (exit 77) when the corpus is absent.
 *
 *   - every complete file reads without error, as many games and deals as MANIFEST.tsv says,
 *     and none is marked truncated; every file under _partial/ reads as a truncated game;
 *   - the wall rebuilt independently from the seed the game keeps (meta tenhou.shuffle.seed, or
 *     tenhou.INIT[i]@shuffle for generation A) equals the deal's recorded wall, its dice equal
 *     the INIT dice, every INIT hand is the wall's dealing order (spec §4.2 "Deal") and the
 *     first dora indicator sits where the deal's wall layout says: this validates the shuffle
 *     code over every era;
 *   - the spec's worked example (§10: the second deal of 2023053016gm-0029-0000-e54b3b98) has
 *     r[130] = 72, r[52] = 92 and dice 1 and 3;
 *   - AGARI m and added-kan codes are always derivable from the calls (no tenhou.*@m meta);
 *   - round trip: writing a game as paifu JSON, reading that back and writing it again gives
 *     the same bytes.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mjlog_shuffle.h"
#include "corpus_manifest.h"
#include "paifu.h"

typedef struct corpus {
    corpus_manifest m;
    /* totals over the run, printed at the end */
    size_t deals_checked, walls_checked, hands_checked;
} corpus;

static corpus CORPUS;
static const char *CURRENT; /* file being checked, for messages */

/* ---- wall checks ---- */

/*
 * Files whose seed does not belong to their game, with the evidence. For these the test checks
 * the opposite: no deal agrees with the wall its seed gives (the verifier reports wall.*).
 */
static const char *const FOREIGN_SEED[][2] = {
    {"MahjongPantheon--pantheon/Mimir_src_helpers_online_testdata/west.xml",
     "Pantheon edited the header (GO type 1 lobby 0 while the log id in its comment says type "
     "0009, lobby 3821; players renamed; integer rates) and the generation-B seed gives other "
     "dice and hands than all 18 INITs"},
};

static bool foreign_seed(const char *path)
{
    for (size_t i = 0; i < sizeof(FOREIGN_SEED) / sizeof(FOREIGN_SEED[0]); i++) {
        size_t n = strlen(path), m = strlen(FOREIGN_SEED[i][0]);
        if (n >= m && strcmp(path + n - m, FOREIGN_SEED[i][0]) == 0)
            return true;
    }
    return false;
}

/* Seat arithmetic of the deal (spec §4.2 "Deal"): P = 4, or 3 in sanma. */
static bool hands_match_wall(const paifu_deal_start *st, int players)
{
    for (int s = 0; s < players; s++) {
        int seat = (st->dealer + s) % players;
        if (st->n_hand[seat] != 13)
            return false;
        for (int b = 0; b < 3; b++)
            for (int i = 0; i < 4; i++)
                if (st->hand_ids[seat][4 * b + i] != st->wall_ids[4 * (players * b + s) + i])
                    return false;
        if (st->hand_ids[seat][12] != st->wall_ids[4 * 3 * players + s])
            return false;
    }
    return true;
}

/*
 * Rebuild deal D's wall from the game's own seed; check the deal's wall is it, and return
 * whether the INIT dice, hands and first dora indicator agree with it (-1: no seed, no wall).
 */
static int deal_matches_seed(const paifu_game *g, size_t d, paifu_mjlog_shuffle *game_gen,
                             bool game_seeded)
{
    const paifu_deal_start *st = &paifu_game_deal(g, d)->start;
    int players = paifu_game_players(g);
    char key[64], why[160];
    paifu_mjlog_shuffle local, *gen = game_gen;
    snprintf(key, sizeof(key), "tenhou.INIT[%zu]@shuffle", d + 1);
    const char *seed_a = paifu_game_meta_get(g, key);
    if (seed_a) {
        assert_int_equal(
            paifu_mjlog_shuffle__seed_deal(&local, seed_a, strlen(seed_a), why, sizeof(why)), 0);
        gen = &local;
    } else if (!game_seeded) {
        assert_int_equal(st->n_wall, 0); /* no seed, no wall */
        return -1;
    }
    uint8_t r[136], dice[2];
    paifu_mjlog_shuffle__wall(gen, players, r, dice);
    assert_int_equal(st->n_wall, players == 4 ? 136 : 108);
    assert_memory_equal(st->wall_ids, r, st->n_wall);
    assert_true(st->wall_layout.n_dora > 0);
    CORPUS.walls_checked++;
    if (dice[0] != st->dice[0] || dice[1] != st->dice[1]) {
        if (!foreign_seed(CURRENT))
            fail_msg("%s deal %zu: the seed gives dice %d %d, INIT says %d %d", CURRENT, d + 1,
                     dice[0], dice[1], st->dice[0], st->dice[1]);
        return 0;
    }
    if (st->dora_indicator_id != r[st->wall_layout.dora[0]] || !hands_match_wall(st, players)) {
        if (!foreign_seed(CURRENT))
            fail_msg("%s deal %zu: INIT hands or dora indicator differ from the seed's wall",
                     CURRENT, d + 1);
        return 0;
    }
    CORPUS.hands_checked += (size_t)players;
    return 1;
}

static void check_walls(const paifu_game *g)
{
    paifu_mjlog_shuffle gen;
    char why[160];
    bool seeded = false;
    const char *seed = paifu_game_meta_get(g, "tenhou.shuffle.seed");
    assert_null(paifu_game_meta_get(g, PAIFU_META_WALL_ERROR));
    if (seed && *seed) {
        assert_int_equal(paifu_mjlog_shuffle__seed_game(&gen, seed, strlen(seed), why, sizeof(why)),
                         0);
        seeded = true;
    }
    size_t matched = 0;
    for (size_t d = 0; d < paifu_game_deal_count(g); d++)
        matched += deal_matches_seed(g, d, &gen, seeded) == 1;
    if (foreign_seed(CURRENT) && matched)
        fail_msg("%s: listed as having a foreign seed, but %zu deals match it", CURRENT, matched);
    CORPUS.deals_checked += paifu_game_deal_count(g);
}

/* ---- round trip through paifu JSON ---- */

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
    return 0;
}

static void write_paifu(const paifu_game *g, sink *out)
{
    paifu_writer *w;
    paifu_error err;
    paifu_error_clear(&err);
    assert_int_equal(paifu_writer_open(&w, "paifu", to_sink, out, NULL, &err), 0);
    if (paifu_writer_write(w, g, &err) < 0 || paifu_writer_close(w, &err) < 0)
        fail_msg("paifu writer: %s", err.text);
    paifu_writer_free(w);
}

static void round_trip(const paifu_game *g, const char *path)
{
    sink a = {0}, b = {0};
    write_paifu(g, &a);
    paifu_game *back;
    paifu_error err;
    paifu_error_clear(&err);
    if (paifu_game_read_buffer(&back, a.data, a.len, NULL, &err) < 0)
        fail_msg("%s: reading the paifu JSON back: %s", path, err.text);
    assert_int_equal(paifu_game_deal_count(back), paifu_game_deal_count(g));
    write_paifu(back, &b);
    if (a.len != b.len || memcmp(a.data, b.data, a.len) != 0)
        fail_msg("%s: paifu JSON differs after a round trip", path);
    paifu_game_free(back);
    free(a.data);
    free(b.data);
}

/* ---- the tests ---- */

static size_t derived_meld_metas(const paifu_game *g)
{
    size_t n = 0;
    for (size_t i = 0; i < paifu_game_meta_count(g); i++) {
        const char *k = paifu_game_meta(g, i)->key;
        size_t len = strlen(k);
        if (len > 2 && strcmp(k + len - 2, "@m") == 0)
            n++;
    }
    return n;
}

static void read_every_file(void **state)
{
    (void)state;
    size_t files = 0, partial = 0;
    for (size_t i = 0; i < CORPUS.m.n; i++) {
        const corpus_row *e = &CORPUS.m.rows[i];
        paifu_reader *r;
        paifu_error err;
        paifu_error_clear(&err);
        if (paifu_reader_open(&r, e->path, NULL, &err) < 0)
            fail_msg("%s: %s", e->path, err.text);
        const paifu_game *g;
        int rc;
        unsigned games = 0, deals = 0;
        CURRENT = e->path;
        while ((rc = paifu_reader_next(&g, r, &err)) > 0) {
            games++;
            deals += (unsigned)paifu_game_deal_count(g);
            if (paifu_game_truncated(g) != e->partial)
                fail_msg("%s: truncated flag %d, expected %d", e->path, paifu_game_truncated(g),
                         e->partial);
            assert_string_equal(paifu_game_source_format(g), "tenhou-xml");
            assert_int_equal(derived_meld_metas(g), 0);
            check_walls(g);
            round_trip(g, e->path);
        }
        if (rc < 0) {
            char where[512];
            paifu_location_format(where, sizeof(where), &err.where);
            fail_msg("%s: %s (%s)", e->path, err.text, where);
        }
        if (games != e->games || deals != e->deals)
            fail_msg("%s: %u games and %u deals, MANIFEST.tsv says %u and %u", e->path, games,
                     deals, e->games, e->deals);
        paifu_reader_free(r);
        files++;
        partial += e->partial;
    }
    print_message("%zu files (%zu partial), %zu deals, %zu walls rebuilt, %zu hands checked\n",
                  files, partial, CORPUS.deals_checked, CORPUS.walls_checked, CORPUS.hands_checked);
    assert_true(files >= 850);
    assert_int_equal(partial, 7);
    assert_true(CORPUS.walls_checked > 8000);
}

/* tenhou-xml.md §10: the second deal of the worked example. */
static void spec_worked_example(void **state)
{
    (void)state;
    char path[600];
    snprintf(path, sizeof(path),
             "%s/tenhou-xml/tsubakisakura--mjlog2json/"
             "2023053016gm-0029-0000-e54b3b98.xml",
             PAIFU_CORPUS_DIR);
    paifu_game *g;
    paifu_error err;
    paifu_error_clear(&err);
    if (paifu_game_read(&g, path, NULL, &err) < 0)
        fail_msg("%s: %s", path, err.text);
    const paifu_deal_start *st = &paifu_game_deal(g, 1)->start;
    assert_int_equal(st->round_wind, 0);
    assert_int_equal(st->hand_number, 0);
    assert_int_equal(st->honba, 1);
    assert_int_equal(st->n_wall, 136);
    assert_int_equal(st->wall_ids[130], 72);
    assert_int_equal(st->wall_ids[52], 92);
    assert_int_equal(st->dice[0], 1);
    assert_int_equal(st->dice[1], 3);
    /* <T92/> is the dealer's first draw */
    const paifu_event *e = &paifu_game_deal(g, 1)->events[0];
    assert_int_equal(e->type, PAIFU_EV_DRAW);
    assert_int_equal(e->tile_id, 92);
    assert_string_equal(paifu_game_meta_get(g, "tenhou.wall.dead_layout"), "new");
    paifu_game_free(g);
}

int main(void)
{
    if (corpus_manifest_load(&CORPUS.m, "tenhou-xml") < 0 || CORPUS.m.n == 0) {
        printf("corpus not found (PAIFU_CORPUS_DIR=\"%s\"): skipped\n", PAIFU_CORPUS_DIR);
        return 77;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(read_every_file),
        cmocka_unit_test(spec_worked_example),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    corpus_manifest_free(&CORPUS.m);
    return rc;
}
