/*
 * test_corpus_families.c: files of one MANIFEST.tsv family hold the same game in different
 * formats (e.g. a Tenhou XML log and Tenhou's own tenhou.net/6 JSON of it), so the readers must
 * give the same canonical game wherever both formats carry the information. Skipped (exit 77)
 * when the corpus (PAIFU_CORPUS_DIR) is absent.
 *
 * For every family with files of two or more formats that paifu can read, every pair of files
 * of different formats is read through the public API (paifu_game_read) and compared:
 *   - for whole games, the rule sets they resolve to (every parameter) and whether their rules
 *     count as unknown (names are not compared: some copies have their players renamed);
 *   - the deals: round, dealer, honba, riichi sticks, start scores, starting hands (as sets);
 *     a file holding fewer deals (an excerpt) is matched by round and honba;
 *   - per deal, the winners in order with their discarder, liability and score changes, and
 *     what both record of the value (han, fu, limit, points, yaku, dora and ura indicators);
 *     the draw kinds with their score changes and tenpai;
 *   - the tile events in order (type, seat, source, tile, the tiles from the hand, flags),
 *     tile ids aside, connection events aside (their place is only approximate in tenhou6);
 *   - the final points and final scores.
 * Expected values come from the other file, never from paifu's own output of the same file.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "corpus_manifest.h"
#include "paifu.h"

typedef corpus_row member;

static corpus_manifest CORPUS; /* the rows of a family in a format paifu reads */
#define MEMBERS (CORPUS.rows)
#define N_MEMBERS (CORPUS.n)
static char WHERE[1200]; /* the pair and deal being compared, for messages */

static int load_manifest(void)
{
    if (corpus_manifest_load(&CORPUS, NULL) < 0)
        return -1;
    size_t kept = 0;
    for (size_t i = 0; i < CORPUS.n; i++) {
        const paifu_format_info *fi = paifu_format_find(CORPUS.rows[i].format);
        if (CORPUS.rows[i].family[0] && fi && fi->can_read) /* else no pair, or not read yet */
            CORPUS.rows[kept++] = CORPUS.rows[i];
    }
    CORPUS.n = kept;
    return 0;
}

/* ---- comparison helpers: a mismatch fails with the place and both values ---- */

static void same_int(long a, long b, const char *what)
{
    if (a != b)
        fail_msg("%s: %s differs: %ld vs %ld", WHERE, what, a, b);
}

static void same_ints(const int32_t *a, const int32_t *b, int n, const char *what)
{
    for (int i = 0; i < n; i++)
        if (a[i] != b[i])
            fail_msg("%s: %s[%d] differs: %d vs %d", WHERE, what, i, (int)a[i], (int)b[i]);
}

static void same_tiles(const paifu_tile *a, size_t na, const paifu_tile *b, size_t nb,
                       bool as_set, const char *what)
{
    paifu_tile x[PAIFU_MAX_HAND], y[PAIFU_MAX_HAND];
    char ta[64], tb[64];
    assert_true(na <= PAIFU_MAX_HAND && nb <= PAIFU_MAX_HAND);
    memcpy(x, a, na);
    memcpy(y, b, nb);
    if (as_set) {
        paifu_tile_sort(x, na);
        paifu_tile_sort(y, nb);
    }
    if (na != nb || memcmp(x, y, na) != 0) {
        paifu_tile_format(ta, sizeof(ta), x, na);
        paifu_tile_format(tb, sizeof(tb), y, nb);
        fail_msg("%s: %s differ: %s vs %s", WHERE, what, ta, tb);
    }
}

/* han per yaku id, zero entries dropped (Tenhou's XML lists ura dora 0, its JSON omits it) */
static void yaku_han(const paifu_win *w, int *han)
{
    memset(han, 0, sizeof(int) * 64);
    for (size_t i = 0; i < w->n_yaku; i++)
        if (w->yaku[i].id < 64)
            han[w->yaku[i].id] += w->yaku[i].han;
}

static void compare_win(const paifu_win *a, const paifu_win *b)
{
    same_int(a->winner, b->winner, "winner");
    same_int(a->from, b->from, "discarder of the win");
    same_int(a->pao, b->pao, "liable seat");
    uint16_t both = a->known & b->known;
    if (both & PAIFU_REC_DELTAS)
        same_ints(a->deltas, b->deltas, PAIFU_SEATS, "win deltas");
    if (both & PAIFU_REC_HAN) {
        same_int(a->han, b->han, "han");
        same_int(a->yakuman, b->yakuman, "yakuman count");
    }
    if ((both & PAIFU_REC_FU) && a->limit == PAIFU_LIMIT_NONE && b->limit == PAIFU_LIMIT_NONE)
        same_int(a->fu, b->fu, "fu");
    if (both & PAIFU_REC_LIMIT)
        same_int(a->limit, b->limit, "limit");
    if (both & PAIFU_REC_POINTS)
        same_int(a->points, b->points, "points");
    if (both & PAIFU_REC_YAKU) {
        int ha[64], hb[64];
        yaku_han(a, ha);
        yaku_han(b, hb);
        for (int i = 0; i < 64; i++)
            if (ha[i] != hb[i])
                fail_msg("%s: yaku %d differs: %d vs %d han", WHERE, i, ha[i], hb[i]);
    }
    if (both & PAIFU_REC_DORA)
        same_tiles(a->dora, a->n_dora, b->dora, b->n_dora, false, "dora indicators");
    if (both & PAIFU_REC_URA)
        same_tiles(a->ura, a->n_ura, b->ura, b->n_ura, false, "ura indicators");
    if (a->win_tile != PAIFU_TILE_NONE && b->win_tile != PAIFU_TILE_NONE)
        same_int(a->win_tile, b->win_tile, "winning tile");
}

static void compare_draw(const paifu_draw *a, const paifu_draw *b)
{
    same_int(a->kind, b->kind, "draw kind");
    uint16_t both = a->known & b->known;
    if (both & PAIFU_REC_DELTAS)
        same_ints(a->deltas, b->deltas, PAIFU_SEATS, "draw deltas");
    if (both & PAIFU_REC_TENPAI)
        same_int(a->tenpai, b->tenpai, "tenpai seats");
    same_int(a->nagashi, b->nagashi, "nagashi mangan seats");
}

static bool is_connection(const paifu_event *e)
{
    return e->type == PAIFU_EV_DISCONNECT || e->type == PAIFU_EV_RECONNECT;
}

static void compare_events(const paifu_deal *a, const paifu_deal *b)
{
    size_t i = 0, j = 0;
    const unsigned flags = PAIFU_EVF_TSUMOGIRI | PAIFU_EVF_TSUMOGIRI_KNOWN | PAIFU_EVF_RIICHI |
                           PAIFU_EVF_REPLACEMENT;
    for (;;) {
        while (i < a->n_events && is_connection(&a->events[i]))
            i++;
        while (j < b->n_events && is_connection(&b->events[j]))
            j++;
        if (i == a->n_events || j == b->n_events)
            break;
        const paifu_event *x = &a->events[i], *y = &b->events[j];
        char at[64];
        snprintf(at, sizeof(at), "event %zu/%zu (%s)", i, j,
                 paifu_event_type_name((paifu_event_type)x->type));
        if (x->type != y->type || x->seat != y->seat || x->from != y->from ||
            x->tile != y->tile || (x->flags & flags) != (y->flags & flags))
            fail_msg("%s: %s differs: %s seat %d from %d tile %u flags %#x vs %s seat %d from %d "
                     "tile %u flags %#x",
                     WHERE, at, paifu_event_type_name((paifu_event_type)x->type), x->seat, x->from,
                     x->tile, x->flags & flags, paifu_event_type_name((paifu_event_type)y->type),
                     y->seat, y->from, y->tile, y->flags & flags);
        if (x->type != PAIFU_EV_WIN && x->type != PAIFU_EV_EXHAUSTIVE_DRAW &&
            x->type != PAIFU_EV_ABORTIVE_DRAW)
            same_tiles(x->tiles, x->n, y->tiles, y->n, true, at);
        i++;
        j++;
    }
    same_int((long)(a->n_events - i), (long)(b->n_events - j), "events left over");
}

static void compare_deal(const paifu_deal *a, const paifu_deal *b)
{
    const paifu_deal_start *x = &a->start, *y = &b->start;
    same_int(x->round_wind, y->round_wind, "round wind");
    same_int(x->hand_number, y->hand_number, "hand number");
    same_int(x->dealer, y->dealer, "dealer");
    if ((x->flags & y->flags) & PAIFU_DEAL_HAS_STICKS) {
        same_int(x->honba, y->honba, "honba");
        same_int(x->riichi_sticks, y->riichi_sticks, "riichi sticks");
    }
    if ((x->flags & y->flags) & PAIFU_DEAL_HAS_SCORES)
        same_ints(x->scores, y->scores, PAIFU_SEATS, "start scores");
    if ((x->flags & y->flags) & PAIFU_DEAL_HAS_HANDS)
        for (int s = 0; s < PAIFU_SEATS; s++)
            same_tiles(x->hands[s], x->n_hand[s], y->hands[s], y->n_hand[s], true,
                       "starting hands");
    same_int(x->dora_indicator, y->dora_indicator, "dora indicator");
    same_int((long)a->n_wins, (long)b->n_wins, "number of wins");
    for (size_t k = 0; k < a->n_wins; k++)
        compare_win(&a->wins[k], &b->wins[k]);
    same_int((long)a->n_draws, (long)b->n_draws, "number of draws");
    for (size_t k = 0; k < a->n_draws; k++)
        compare_draw(&a->draws[k], &b->draws[k]);
    compare_events(a, b);
}

/* The deal of G with the same round and honba as START (excerpts), or NULL. */
static const paifu_deal *matching_deal(const paifu_game *g, const paifu_deal_start *start)
{
    for (size_t i = 0; i < paifu_game_deal_count(g); i++) {
        const paifu_deal *d = paifu_game_deal(g, i);
        if (d->start.round_wind == start->round_wind &&
            d->start.hand_number == start->hand_number && d->start.honba == start->honba)
            return d;
    }
    return NULL;
}

static paifu_game *read_game(const member *m)
{
    paifu_game *g = NULL;
    paifu_error err;
    paifu_error_clear(&err);
    paifu_read_options opts = PAIFU_READ_OPTIONS_INIT;
    opts.format = m->format;
    if (paifu_game_read(&g, m->path, &opts, &err) < 0)
        fail_msg("%s (%s) does not read: %s", m->path, m->format, err.text);
    return g;
}

/* Rule differences that are facts of one file, not of a reader. */
static const struct {
    const char *family, *key, *why;
} RULE_FACTS[] = {
    {"F1231", "game_length",
     "Pantheon's edited west.xml has GO type=\"1\" (East only) where its log id "
     "2017030413gm-0009-... and the tenhou.net/6 copy (般南喰赤) say East-South; the XML's seed "
     "does not produce its hands either (wall.seed)"},
};

static bool rule_fact(const char *family, const char *key)
{
    for (size_t i = 0; i < sizeof(RULE_FACTS) / sizeof(RULE_FACTS[0]); i++)
        if (strcmp(RULE_FACTS[i].family, family) == 0 && strcmp(RULE_FACTS[i].key, key) == 0)
            return true;
    return false;
}

/*
 * The parameters Tenhou's readers choose from a log's date (formats/tenhou/mjlog_header.c): a
 * copy whose date is not known (an XML file not named by its log id) has the era's
 * uncertainty where the other has the date's facts. A fact of the file's name.
 */
static bool era_key(const char *key)
{
    static const char *const KEYS[] = {"uma", "uma_alternative", "tenpaiyame", "tenpaiyame_known",
                                       "extension_winds"};
    for (size_t i = 0; i < sizeof(KEYS) / sizeof(KEYS[0]); i++)
        if (strcmp(KEYS[i], key) == 0)
            return true;
    return false;
}

/* The rule sets the two games resolve to are the same, parameter by parameter (excerpts that
 * carry no rule set at all aside, and the era's parameters of a copy without a date), and so
 * is the verdict on whether they can be verified. */
static void compare_rules(const paifu_game *a, const paifu_game *b, const char *family)
{
    paifu_rules *ra, *rb;
    assert_int_equal(paifu_game_rules(&ra, a, "rrc", NULL), 0);
    assert_int_equal(paifu_game_rules(&rb, b, "rrc", NULL), 0);
    for (size_t i = 0; i < paifu_rules_param_count(); i++) {
        const char *key = paifu_rules_param(i)->name;
        char va[256], vb[256];
        assert_int_equal(paifu_rules_get(va, sizeof(va), ra, key, NULL), 0);
        assert_int_equal(paifu_rules_get(vb, sizeof(vb), rb, key, NULL), 0);
        bool dated_one = (paifu_game_meta_get(a, PAIFU_META_DATE) == NULL) !=
                         (paifu_game_meta_get(b, PAIFU_META_DATE) == NULL);
        if (strcmp(va, vb) != 0 && !rule_fact(family, key) && !(dated_one && era_key(key)))
            fail_msg("%s: rule %s differs: %s vs %s", WHERE, key, va, vb);
    }
    same_int(paifu_game_meta_get(a, PAIFU_META_RULES_UNKNOWN) != NULL,
             paifu_game_meta_get(b, PAIFU_META_RULES_UNKNOWN) != NULL, "rules unknown");
    paifu_rules_free(ra);
    paifu_rules_free(rb);
}

static size_t compare_pair(const member *ma, const member *mb)
{
    paifu_game *a = read_game(ma), *b = read_game(mb);
    size_t na = paifu_game_deal_count(a), nb = paifu_game_deal_count(b), compared = 0;
    if (nb > na) { /* let A be the one with more deals */
        const member *tm = ma;
        ma = mb;
        mb = tm;
        paifu_game *tg = a;
        a = b;
        b = tg;
        size_t tn = na;
        na = nb;
        nb = tn;
    }
    snprintf(WHERE, sizeof(WHERE), "%s vs %s, header", ma->path, mb->path);
    same_int(paifu_game_players(a), paifu_game_players(b), "players");
    if (na == nb)
        compare_rules(a, b, ma->family);
    for (size_t i = 0; i < nb; i++) {
        const paifu_deal *db = paifu_game_deal(b, i);
        const paifu_deal *da = na == nb ? paifu_game_deal(a, i) : matching_deal(a, &db->start);
        char label[16];
        paifu_deal_label(label, sizeof(label), &db->start);
        snprintf(WHERE, sizeof(WHERE), "%s vs %s, deal %s", ma->path, mb->path, label);
        if (!da)
            fail_msg("%s: no such deal in the first file", WHERE);
        compare_deal(da, db);
        compared++;
    }
    const paifu_game_result *ra = paifu_game_result_get(a), *rb = paifu_game_result_get(b);
    snprintf(WHERE, sizeof(WHERE), "%s vs %s, game result", ma->path, mb->path);
    if (na == nb && ra->has_points && rb->has_points)
        same_ints(ra->points, rb->points, PAIFU_SEATS, "final points");
    if (na == nb && ra->has_final && rb->has_final)
        same_ints(ra->final, rb->final, PAIFU_SEATS, "final scores");
    paifu_game_free(a);
    paifu_game_free(b);
    return compared;
}

static void test_families(void **state)
{
    (void)state;
    size_t pairs = 0, deals = 0, families = 0;
    for (size_t i = 0; i < N_MEMBERS; i++) {
        bool first = true, counted = false;
        for (size_t k = 0; k < i; k++)
            if (strcmp(MEMBERS[k].family, MEMBERS[i].family) == 0)
                first = false;
        if (!first)
            continue;
        for (size_t a = i; a < N_MEMBERS; a++) {
            for (size_t b = a + 1; b < N_MEMBERS; b++) {
                if (strcmp(MEMBERS[a].family, MEMBERS[i].family) != 0 ||
                    strcmp(MEMBERS[b].family, MEMBERS[i].family) != 0 ||
                    strcmp(MEMBERS[a].format, MEMBERS[b].format) == 0)
                    continue;
                deals += compare_pair(&MEMBERS[a], &MEMBERS[b]);
                pairs++;
                if (!counted)
                    families++;
                counted = true;
            }
        }
    }
    print_message("%zu families, %zu pairs of files, %zu deals compared\n", families, pairs,
                  deals);
    assert_true(pairs > 0);
}

int main(void)
{
    if (load_manifest() < 0) {
        printf("corpus not found (PAIFU_CORPUS_DIR=\"%s\"): skipped\n", PAIFU_CORPUS_DIR);
        return 77;
    }
    paifu_init();
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_families)};
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    corpus_manifest_free(&CORPUS);
    return rc;
}
