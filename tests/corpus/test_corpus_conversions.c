/*
 * test_corpus_conversions.c: every log converted to every format paifu writes, read back and
 * verified again (issue 6). Built twice (tests/CMakeLists.txt): with PAIFU_SAMPLES_ONLY as
 * unit.test_corpus_conversions.samples over samples/, which needs no corpus; and as
 * corpus.test_corpus_conversions over the real-log corpus (PAIFU_CORPUS_DIR, MANIFEST.tsv),
 * which exits 77 (skipped) without it.
 *
 * The writers are found at run time (paifu_format(i) with can_write), so a writer registered
 * later is tested without a change here. For every game of every input and every writer:
 *   - the writer either writes the game or refuses it with PAIFU_EUNSUPPORTED ("cannot hold
 *     this game"), counted per writer and reason and printed;
 *   - what it writes reads back with the same reader (one game);
 *   - the converted game verifies with no finding the source game does not have: every finding
 *     (code, deal) of the converted game is one of the source's (findings the target cannot
 *     check may disappear);
 *   - the canonical content is the same wherever both record it: players, deals (round,
 *     dealer, honba, riichi sticks, start scores), the tile events in order (type, seat,
 *     source, tile, tiles from the hand, riichi and replacement flags, tsumogiri when both
 *     know it), the dora indicators in order, the riichi deposits per seat, the winners with
 *     discarder, liability and score changes and what both record of the value, the draws
 *     with kind, score changes, tenpai and nagashi, the final points and scores;
 *   - tenpai at a draw the copy does not record is, under a rule set without noten declarations
 *     (tenpai_declared_automatically: Tenhou), what the copy's hands show, and must be the
 *     source's without a loss (a tenhou6 nagashi mangan result gives no tenpai); a copy's tenpai
 *     the source does not record is, under that rule, what the source's hands show;
 *   - the rule sets resolve to the same parameters, and the rules are unknown in both or in
 *     neither, unless the writer reported the rule set as lost;
 *   - what the target cannot carry and the source has (wall, tile ids, connections,
 *     penalties, final scores) was reported as a loss;
 *   - mjai output of 4-player riichi games is Mortal's dialect (mjai_dialect.h);
 *   - writing the converted game gives the same bytes again (for paifu's own format: the
 *     round trip is byte for byte, and a paifu file read and written again is the file; for
 *     the others: a converted log is stable, at the latest after one more round trip where
 *     the reader fills in what the log leaves implicit).
 * Expected values come from the source game, never from paifu's output.
 *
 * Families (MANIFEST.tsv `family`): a Tenhou XML log and Tenhou's own tenhou.net/6 JSON of
 * the same game (an official document: `ver` a number, `ref`, no `title`) must give the same
 * JSON values when the XML is converted, key by key in Tenhou's key order, and the same bytes
 * when Tenhou's file is compact. Difference classes allowed, each a fact of a file and not of
 * the writer:
 *   - `ref`: the XML does not hold the log id; it is set (metadata tenhou.ref, as a caller
 *     would) from the XML's file name when that is a log id, else not compared;
 *   - `name`: copies whose players were renamed to player1..4 (corpus README);
 *   - `paifu_rules`: the rule set carried for paifu's reader when the lobby text and `ref`
 *     do not give the XML's (the XML's one-decimal owari tells the era; our document has no
 *     `ref` when the XML is not named by its log id);
 *   - FACTS below: Pantheon's edited XML copies (a template UN roster, an edited GO).
 * mjx's round-per-line JSON of the same games (the viewer's minimal form, names anonymised)
 * must hold the same round arrays, element for element.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paifu.h"

#include "corpus_manifest.h"
#include "input.h"
#include "mjai_dialect.h"
#include "mjlog_dialect.h"
#include <jansson.h>

#define MAX_LOSSES   32
#define MAX_FAILURES 60 /* printed; all are counted */

typedef struct losses {
    char what[MAX_LOSSES][1280];
    int n;
} losses;

typedef struct finding_key {
    char code[48];
    char deal[16];
    char message[200];
} finding_key;

typedef struct findings {
    finding_key *k;
    size_t n, cap;
} findings;

typedef struct refusal {
    char format[24];
    char reason[120];
    unsigned count;
} refusal;

static unsigned FAILURES;
static char WHERE[1400];
static refusal REFUSALS[64];
static size_t N_REFUSALS;
static unsigned CONVERTED, INPUT_GAMES, UNREADABLE, SETTLED, EXACT, ROUNDS, DIALECT_CHECKED;
static unsigned FORM_CHECKED, END_LOST;
static const paifu_format_info *TARGET; /* the writer of the conversion being compared */
static const paifu_rules *COPY_RULES;   /* the copy's rule set, while compare_games runs */
static int COPY_PLAYERS;
static unsigned NAGASHI_KEPT; /* nagashi draws whose tenpai tenhou6 keeps by the rule set */

/* A failure: counted always, printed up to MAX_FAILURES (all with CONVERSIONS_ALL set). */
static void failure(const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

static void failure(const char *fmt, ...)
{
    if (FAILURES++ >= MAX_FAILURES && !getenv("CONVERSIONS_ALL"))
        return;
    char text[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof(text), fmt, ap);
    va_end(ap);
    print_error("%s: %s\n", WHERE, text);
}

/* ---- writing into memory ---- */

static void on_loss(const paifu_game *game, const char *what, void *payload)
{
    (void)game;
    losses *l = payload;
    if (l->n < MAX_LOSSES)
        snprintf(l->what[l->n++], sizeof(l->what[0]), "%s", what);
}

static bool lost(const losses *l, const char *part)
{
    for (int i = 0; i < l->n; i++)
        if (strstr(l->what[i], part))
            return true;
    return false;
}

/* Write GAME as FORMAT into OUT; the losses go to L. Returns the writer's code. */
/* --fill's note (paifu_write_options.on_filled), kept among the losses as "filled: ...". */
static void on_filled(const paifu_game *game, const char *what, void *payload)
{
    (void)game;
    losses *l = payload;
    if (l->n < MAX_LOSSES)
        snprintf(l->what[l->n++], sizeof(l->what[0]), "filled: %s", what);
}

/* As convert below, FILL: the write options' fill (values the source does not record are
   written wherever the target has a place, said in the note). */
static int convert_with(bytes *out, losses *l, const paifu_game *game, const char *format,
                        bool fill, paifu_error *err)
{
    paifu_write_options wo = PAIFU_WRITE_OPTIONS_INIT;
    wo.on_loss = on_loss;
    wo.loss_payload = l;
    wo.fill = fill;
    wo.on_filled = on_filled;
    paifu_writer *w = NULL;
    out->len = 0;
    l->n = 0;
    paifu_error_clear(err);
    int rc = paifu_writer_open(&w, format, bytes_put, out, &wo, err);
    if (rc == 0)
        rc = paifu_writer_write(w, game, err);
    if (rc == 0)
        rc = paifu_writer_close(w, err);
    paifu_writer_free(w);
    return rc;
}

static int convert(bytes *out, losses *l, const paifu_game *game, const char *format,
                   paifu_error *err)
{
    return convert_with(out, l, game, format, false, err);
}

/* ---- findings ---- */

/* Verify G under the rules RULES_OF resolves to (fallback rrc, as the CLI does). */
static void collect_findings(findings *f, const paifu_game *g, const paifu_game *rules_of)
{
    paifu_report *rep = NULL;
    paifu_rules *rules = NULL;
    paifu_error err;
    paifu_error_clear(&err);
    f->n = 0;
    assert_int_equal(paifu_report_new(&rep, &err), 0);
    if (paifu_game_rules(&rules, rules_of, "rrc", &err) < 0 ||
        paifu_verify_game(rep, g, rules, NULL, &err) < 0) {
        failure("does not verify: %s", err.text);
    }
    for (size_t i = 0; i < paifu_report_count(rep); i++) {
        const paifu_finding *x = paifu_report_finding(rep, i);
        if (f->n == f->cap) {
            f->cap = f->cap ? 2 * f->cap : 64;
            f->k = realloc(f->k, f->cap * sizeof(*f->k));
            assert_non_null(f->k);
        }
        finding_key *k = &f->k[f->n++];
        snprintf(k->code, sizeof(k->code), "%s", x->code);
        snprintf(k->deal, sizeof(k->deal), "%s", x->where.deal);
        snprintf(k->message, sizeof(k->message), "%s", x->message);
    }
    paifu_rules_free(rules);
    paifu_report_free(rep);
}

/*
 * Verify the converted game COPY. When the target could not name the source's rule set (a
 * reported loss), the copy is verified as a user would with `paifu validate --rules`: under
 * the source's rule set, and as far as the source's rules are known.
 */
static void verify_copy(findings *f, paifu_game *copy, const paifu_game *src, const losses *l)
{
    static const char *const FLAGS[] = {PAIFU_META_RULES_UNKNOWN, PAIFU_META_FINAL_UNKNOWN};
    if (!lost(l, "the rule set")) {
        collect_findings(f, copy, copy);
        return;
    }
    for (size_t i = 0; i < 2; i++) {
        const char *v = paifu_game_meta_get(src, FLAGS[i]);
        if (v)
            assert_int_equal(paifu_game_set_meta(copy, FLAGS[i], v, NULL), 0);
    }
    collect_findings(f, copy, src);
}

/*
 * A finding on a win's value (score.*) names the first value that differs among those the
 * log records: a source recording han but no limit gets score.han, a copy that can carry the
 * limit but not the han gets score.limit or score.delta for the same wrong value. Such a
 * finding matches any score finding of the source in the same deal.
 */
static bool same_root(const finding_key *a, const finding_key *b)
{
    if (strcmp(a->deal, b->deal) != 0)
        return false;
    if (!strcmp(a->code, b->code))
        return true;
    return !strncmp(a->code, "score.", 6) && !strncmp(b->code, "score.", 6);
}

/*
 * A log that does not record its end (a tenhou.net/6 excerpt, mjx's one-round documents, an
 * mjai log without end_game scores) has no owari in mjlog, whose reader then calls it truncated:
 * the writer reports the loss, and the copy's log.truncated is that loss, not a new finding.
 */
static bool end_lost(const finding_key *k, const losses *l)
{
    return !strcmp(k->code, "log.truncated") && lost(l, "the end of the game");
}

static void compare_findings(const findings *src, const findings *conv, const losses *l)
{
    for (size_t i = 0; i < conv->n; i++) {
        bool found = end_lost(&conv->k[i], l);
        for (size_t j = 0; !found && j < src->n; j++)
            found = same_root(&conv->k[i], &src->k[j]);
        if (!found)
            failure("new finding %s at %s: %s", conv->k[i].code, conv->k[i].deal,
                    conv->k[i].message);
    }
}

/* ---- canonical content ---- */

static void same_int(long a, long b, const char *what, const char *deal)
{
    if (a != b)
        failure("%s %s differs: %ld vs %ld", deal, what, a, b);
}

static void same_ints(const int32_t *a, const int32_t *b, const char *what, const char *deal)
{
    for (int i = 0; i < PAIFU_SEATS; i++)
        if (a[i] != b[i]) {
            failure("%s %s[%d] differs: %d vs %d", deal, what, i, (int)a[i], (int)b[i]);
            return;
        }
}

static bool is_tile_event(const paifu_event *e)
{
    return e->type == PAIFU_EV_DRAW || e->type == PAIFU_EV_DISCARD || e->type == PAIFU_EV_CHI ||
           e->type == PAIFU_EV_PON || e->type == PAIFU_EV_DAIMINKAN || e->type == PAIFU_EV_ANKAN ||
           e->type == PAIFU_EV_SHOUMINKAN || e->type == PAIFU_EV_KITA || e->type == PAIFU_EV_FLOWER;
}

static void sorted(paifu_tile *out, const paifu_tile *in, size_t n)
{
    memcpy(out, in, n);
    paifu_tile_sort(out, n);
}

/* A value the source records and the copy does not: the writer must have reported the loss
   (a loss naming WORD). */
static void dropped(const losses *l, const char *word, const char *what, const char *deal)
{
    if (!lost(l, word))
        failure("%s %s dropped by %s without a loss report", deal, what, TARGET->name);
}

static void compare_event(const paifu_event *x, const paifu_event *y, size_t i, const char *deal,
                          const losses *l)
{
    const unsigned flags = PAIFU_EVF_RIICHI | PAIFU_EVF_REPLACEMENT;
    paifu_tile a[4], b[4];
    sorted(a, x->tiles, x->n);
    sorted(b, y->tiles, y->n);
    bool same = x->type == y->type && x->seat == y->seat && x->from == y->from &&
                (x->tile == y->tile || x->type == PAIFU_EV_ANKAN) && /* its tiles say it all */
                (x->flags & flags) == (y->flags & flags) && x->n == y->n && memcmp(a, b, x->n) == 0;
    if (same && x->type == PAIFU_EV_DISCARD && (x->flags & y->flags & PAIFU_EVF_TSUMOGIRI_KNOWN))
        same = (x->flags & PAIFU_EVF_TSUMOGIRI) == (y->flags & PAIFU_EVF_TSUMOGIRI);
    /* a call of a Tenhou XML log (its tiles in id order) keeps its order through tenhou.net/6,
       whose codes do not give one (issue 37); a closed kan's XML code names one copy first
       (5 corpus kans put a plain five before the red one): that is the tile ids' loss */
    if (same && x->n && x->type != PAIFU_EV_ANKAN && !strcmp(TARGET->name, "tenhou6") &&
        x->ids[0] != PAIFU_TILE_ID_NONE &&
        memcmp(x->tiles, y->tiles, x->n) != 0)
        failure("%s tile event %zu: the meld's tiles come back in another order", deal, i);
    if (!same)
        failure("%s tile event %zu differs: %s seat %d from %d tile %u flags %#x vs %s seat %d "
                "from %d tile %u flags %#x",
                deal, i, paifu_event_type_name((paifu_event_type)x->type), x->seat, x->from,
                x->tile, x->flags, paifu_event_type_name((paifu_event_type)y->type), y->seat,
                y->from, y->tile, y->flags);
    /* a tsumogiri flag the source knows, on any seat, comes back from a format that carries
       them, or its loss is reported */
    else if (x->type == PAIFU_EV_DISCARD && (x->flags & PAIFU_EVF_TSUMOGIRI_KNOWN) &&
             !(y->flags & PAIFU_EVF_TSUMOGIRI_KNOWN)) {
        if (TARGET->carries & PAIFU_CARRIES_TSUMOGIRI)
            failure("%s tile event %zu: seat %d's tsumogiri flag lost by %s, which carries them",
                    deal, i, x->seat, TARGET->name);
        else
            dropped(l, "tsumogiri", "a tsumogiri flag", deal);
    }
}

static void compare_events(const paifu_deal *a, const paifu_deal *b, const char *deal,
                           const losses *l)
{
    size_t i = 0, j = 0, k = 0;
    int acc[2][PAIFU_SEATS] = {{0}};
    paifu_tile dora[2][16];
    size_t nd[2] = {0, 0};
    for (size_t n = 0; n < a->n_events; n++) {
        if (a->events[n].type == PAIFU_EV_RIICHI_ACCEPTED)
            acc[0][a->events[n].seat & 3]++;
        if (a->events[n].type == PAIFU_EV_DORA && nd[0] < 16)
            dora[0][nd[0]++] = a->events[n].tile;
    }
    for (size_t n = 0; n < b->n_events; n++) {
        if (b->events[n].type == PAIFU_EV_RIICHI_ACCEPTED)
            acc[1][b->events[n].seat & 3]++;
        if (b->events[n].type == PAIFU_EV_DORA && nd[1] < 16)
            dora[1][nd[1]++] = b->events[n].tile;
    }
    for (;; k++) {
        while (i < a->n_events && !is_tile_event(&a->events[i]))
            i++;
        while (j < b->n_events && !is_tile_event(&b->events[j]))
            j++;
        if (i == a->n_events || j == b->n_events)
            break;
        compare_event(&a->events[i++], &b->events[j++], k, deal, l);
    }
    if (i != a->n_events || j != b->n_events)
        failure("%s tile events differ in number after %zu", deal, k);
    for (int s = 0; s < PAIFU_SEATS; s++)
        same_int(acc[0][s], acc[1][s], "riichi deposits", deal);
    if (lost(l, "kan dora"))
        return; /* the writer said it could not place them all */
    same_int((long)nd[0], (long)nd[1], "kan dora indicators", deal);
    if (nd[0] == nd[1] && memcmp(dora[0], dora[1], nd[0]) != 0)
        failure("%s kan dora indicators differ", deal);
}

/* Tiles as a sorted multiset: equal when A[0..NA) and B[0..NB) hold the same tiles. */
static bool same_tiles(const paifu_tile *a, size_t na, const paifu_tile *b, size_t nb)
{
    paifu_tile p[PAIFU_MAX_HAND + 4], q[PAIFU_MAX_HAND + 4];
    if (na != nb || na > sizeof(p))
        return na == nb;
    sorted(p, a, na);
    sorted(q, b, nb);
    return memcmp(p, q, na) == 0;
}

/* The recorded values of a win or draw (PAIFU_REC_*), with the word of their loss report. */
static const struct {
    unsigned bit;
    const char *name, *word;
} RECORDED[] = {
    {PAIFU_REC_HAN, "han", "han"},
    {PAIFU_REC_FU, "fu", "fu"},
    {PAIFU_REC_POINTS, "points", "points"},
    {PAIFU_REC_LIMIT, "limit", "limit"},
    {PAIFU_REC_YAKU, "yaku", "yaku"},
    {PAIFU_REC_DELTAS, "score changes", "score changes"},
    {PAIFU_REC_SCORES, "scores before", "scores"},
    {PAIFU_REC_STICKS, "honba and sticks", "sticks"},
    {PAIFU_REC_HAND, "hand", "hand"},
    {PAIFU_REC_DORA, "dora indicators", "dora"},
    {PAIFU_REC_URA, "ura indicators", "ura"},
    {PAIFU_REC_TENPAI, "tenpai", "tenpai"},
    {PAIFU_REC_PAYMENTS, "tsumo payments", "payments"},
};

/*
 * What the copy's deal implies of a win's or draw's values without recording them: the honba
 * and sticks and the scores before it from the deal's start (the first outcome of a deal), the
 * hand and the dora indicators from its tile events.
 */
static unsigned implied(const paifu_deal *copy)
{
    unsigned m = 0;
    if (copy->start.flags & PAIFU_DEAL_HAS_STICKS)
        m |= PAIFU_REC_STICKS;
    if (copy->start.flags & PAIFU_DEAL_HAS_SCORES)
        m |= PAIFU_REC_SCORES;
    if (!(copy->flags & PAIFU_DEAL_RESULT_ONLY) && (copy->start.flags & PAIFU_DEAL_HAS_HANDS))
        m |= PAIFU_REC_HAND | PAIFU_REC_DORA | PAIFU_REC_TENPAI;
    return m;
}

static void recorded_kept(unsigned a, unsigned b, const losses *l, const char *what,
                          const char *deal, unsigned n_ura)
{
    for (size_t i = 0; i < sizeof(RECORDED) / sizeof(RECORDED[0]); i++)
        if ((a & RECORDED[i].bit) && !(b & RECORDED[i].bit)) {
            char text[96];
            snprintf(text, sizeof(text), "%s %s", what, RECORDED[i].name);
            if (RECORDED[i].bit == PAIFU_REC_URA && !n_ura)
                continue; /* no ura indicator to lose (not a riichi win) */
            dropped(l, RECORDED[i].word, text, deal);
        }
}

static void compare_win(const paifu_win *a, const paifu_win *b, const char *deal, const losses *l,
                        unsigned imp)
{
    same_int(a->winner, b->winner, "winner", deal);
    same_int(a->from, b->from, "discarder of the win", deal);
    same_int(a->pao, b->pao, "liable seat", deal);
    /* a tsumo's split follows from its score changes */
    if (b->known & PAIFU_REC_DELTAS)
        imp |= PAIFU_REC_PAYMENTS;
    /* the fu of a limit hand do not count (000 §3.7): a format may leave them out */
    if (a->limit != PAIFU_LIMIT_NONE && a->limit != PAIFU_LIMIT_UNKNOWN)
        imp |= PAIFU_REC_FU;
    recorded_kept(a->known, b->known | imp, l, "win's", deal, a->n_ura);
    unsigned both = a->known & b->known;
    if (both & PAIFU_REC_DELTAS)
        same_ints(a->deltas, b->deltas, "win deltas", deal);
    if (both & PAIFU_REC_SCORES)
        same_ints(a->scores_before, b->scores_before, "scores before the win", deal);
    if (both & PAIFU_REC_STICKS) {
        same_int(a->honba, b->honba, "win's honba", deal);
        same_int(a->riichi_sticks, b->riichi_sticks, "win's riichi sticks", deal);
    }
    if (both & PAIFU_REC_PAYMENTS) {
        same_int(a->payment_nondealer, b->payment_nondealer, "non-dealer's tsumo payment", deal);
        same_int(a->payment_dealer, b->payment_dealer, "dealer's tsumo payment", deal);
    }
    if (both & PAIFU_REC_HAN) {
        same_int(a->han, b->han, "han", deal);
        same_int(a->yakuman, b->yakuman, "yakuman", deal);
    }
    if ((both & PAIFU_REC_FU) && a->limit == PAIFU_LIMIT_NONE && b->limit == PAIFU_LIMIT_NONE)
        same_int(a->fu, b->fu, "fu", deal);
    if (both & PAIFU_REC_LIMIT)
        same_int(a->limit, b->limit, "limit", deal);
    if (both & PAIFU_REC_POINTS)
        same_int(a->points, b->points, "points", deal);
    if ((both & PAIFU_REC_HAND) && !same_tiles(a->hand, a->n_hand, b->hand, b->n_hand))
        failure("%s the winner's hand differs", deal);
    if (both & PAIFU_REC_DORA) {
        same_int(a->n_dora, b->n_dora, "dora indicators of the win", deal);
        if (a->n_dora == b->n_dora && memcmp(a->dora, b->dora, a->n_dora) != 0)
            failure("%s dora indicators of the win differ", deal);
    }
    if (both & PAIFU_REC_URA) {
        same_int(a->n_ura, b->n_ura, "ura indicators", deal);
        if (a->n_ura == b->n_ura && memcmp(a->ura, b->ura, a->n_ura) != 0)
            failure("%s ura indicators differ", deal);
    }
    if (both & PAIFU_REC_YAKU) {
        /* the same yaku with the same han, in any order; the value-set yaku (seat and round
           winds, dragons, Pantheon's yakuhai) and the dora family (dora, red, kita) are compared
           by their han in total, since formats split or merge them differently */
        long han[2][64] = {{0}};
        const paifu_win *w[2] = {a, b};
        for (int k = 0; k < 2; k++)
            for (size_t i = 0; i < w[k]->n_yaku; i++) {
                unsigned id = w[k]->yaku[i].id < 64 ? w[k]->yaku[i].id : 63;
                if ((id >= PAIFU_YAKU_SEAT_WIND_EAST && id <= PAIFU_YAKU_CHUN) ||
                    id == PAIFU_YAKU_YAKUHAI)
                    id = PAIFU_YAKU_YAKUHAI;
                else if (id == PAIFU_YAKU_AKA_DORA || id == PAIFU_YAKU_KITA)
                    id = PAIFU_YAKU_DORA;
                han[k][id] +=
                    (long)w[k]->yaku[i].han * (w[k]->yaku[i].count ? w[k]->yaku[i].count : 1);
            }
        if (memcmp(han[0], han[1], sizeof(han[0])) != 0)
            failure("%s the yaku or their han differ", deal);
    }
}

/*
 * Tenpai the source records at draw K: under a rule set without noten declarations
 * (tenpai_declared_automatically: Tenhou) it is what the copy's hands show
 * (paifu_deal_draw_tenpai), which must be the source's, kept and not reported lost: a tenhou6
 * nagashi mangan result gives no tenpai, and its reader records the hands' (counted in
 * NAGASHI_KEPT); where the copy records none and the hands disagree, the writer says it is lost.
 */
static void tenpai_by_rule(const paifu_draw *a, const paifu_deal *copy, size_t k,
                           const char *deal, const losses *l)
{
    const paifu_draw *b = &copy->draws[k];
    unsigned t = 0;
    if (!(a->known & PAIFU_REC_TENPAI) || !COPY_RULES ||
        paifu_deal_draw_tenpai(&t, copy, k, COPY_PLAYERS, COPY_RULES, NULL) != 1)
        return;
    NAGASHI_KEPT += a->nagashi && t == a->tenpai && (b->known & PAIFU_REC_TENPAI) &&
                    !strcmp(TARGET->name, "tenhou6");
    if (b->known & PAIFU_REC_TENPAI)
        return; /* recorded by the copy: compare_draw compares it */
    if (t == a->tenpai && lost(l, "tenpai seats"))
        failure("%s the tenpai the copy's hands give under its rule set is reported lost", deal);
    else if (t != a->tenpai && !lost(l, "tenpai seats"))
        failure("%s tenpai seats differ: %d recorded, %u by the copy's hands under its rule set, "
                "and no loss reported",
                deal, a->tenpai, t);
}

static void compare_draw(const paifu_draw *a, const paifu_deal *copy, size_t k, const char *deal,
                         const losses *l, unsigned imp)
{
    const paifu_draw *b = &copy->draws[k];
    same_int(a->kind, b->kind, "draw kind", deal);
    recorded_kept(a->known, b->known | imp, l, "draw's", deal, 0);
    unsigned both = a->known & b->known;
    if (both & PAIFU_REC_DELTAS)
        same_ints(a->deltas, b->deltas, "draw deltas", deal);
    if (both & PAIFU_REC_TENPAI)
        same_int(a->tenpai, b->tenpai, "tenpai seats", deal);
    tenpai_by_rule(a, copy, k, deal, l);
    same_int(a->nagashi, b->nagashi, "nagashi seats", deal);
}

static void compare_deal(const paifu_deal *a, const paifu_deal *b, const losses *l)
{
    char deal[16];
    paifu_deal_label(deal, sizeof(deal), &a->start);
    const paifu_deal_start *x = &a->start, *y = &b->start;
    unsigned both = x->flags & y->flags;
    if (!((x->flags | y->flags) & PAIFU_DEAL_ROUND_UNKNOWN)) {
        same_int(x->round_wind, y->round_wind, "round wind", deal);
        same_int(x->hand_number, y->hand_number, "hand number", deal);
        same_int(x->dealer, y->dealer, "dealer", deal);
    }
    /* what the source records at the start and the copy does not: reported lost */
    if ((x->flags & PAIFU_DEAL_HAS_STICKS) && !(y->flags & PAIFU_DEAL_HAS_STICKS))
        dropped(l, "sticks", "honba and riichi sticks", deal);
    if ((x->flags & PAIFU_DEAL_HAS_SCORES) && !(y->flags & PAIFU_DEAL_HAS_SCORES))
        dropped(l, "scores", "start scores", deal);
    if ((x->flags & PAIFU_DEAL_HAS_HANDS) && !(y->flags & PAIFU_DEAL_HAS_HANDS))
        dropped(l, "hand", "starting hands", deal);
    if ((x->flags & PAIFU_DEAL_HAS_DICE) && !(y->flags & PAIFU_DEAL_HAS_DICE))
        dropped(l, "dice", "dice", deal);
    if ((both & PAIFU_DEAL_HAS_DICE) && (x->dice[0] != y->dice[0] || x->dice[1] != y->dice[1]))
        failure("%s dice differ", deal);
    if (both & PAIFU_DEAL_HAS_STICKS) {
        same_int(x->honba, y->honba, "honba", deal);
        same_int(x->riichi_sticks, y->riichi_sticks, "riichi sticks", deal);
    }
    if (both & PAIFU_DEAL_HAS_SCORES)
        same_ints(x->scores, y->scores, "start scores", deal);
    if (both & PAIFU_DEAL_HAS_HANDS)
        for (int s = 0; s < PAIFU_SEATS; s++)
            if (!same_tiles(x->hands[s], x->n_hand[s], y->hands[s], y->n_hand[s]))
                failure("%s starting hand of seat %d differs", deal, s);
    same_int(x->dora_indicator, y->dora_indicator, "dora indicator", deal);
    same_int((long)a->n_wins, (long)b->n_wins, "number of wins", deal);
    for (size_t k = 0; k < a->n_wins && k < b->n_wins; k++)
        compare_win(&a->wins[k], &b->wins[k], deal, l, implied(b));
    same_int((long)a->n_draws, (long)b->n_draws, "number of draws", deal);
    for (size_t k = 0; k < a->n_draws && k < b->n_draws; k++)
        compare_draw(&a->draws[k], b, k, deal, l, implied(b));
    same_int((long)a->n_penalties, (long)b->n_penalties, "number of penalties", deal);
    compare_events(a, b, deal, l);
}

static void compare_rules(const paifu_game *a, const paifu_game *b, const losses *l)
{
    bool ua = paifu_game_meta_get(a, PAIFU_META_RULES_UNKNOWN) != NULL;
    bool ub = paifu_game_meta_get(b, PAIFU_META_RULES_UNKNOWN) != NULL;
    if (lost(l, "the rule set"))
        return;
    if (ua != ub) {
        failure("rules unknown in %s only, and no loss reported", ua ? "the source" : "the copy");
        return;
    }
    if (ua)
        return; /* parameters of unknown rules mean nothing */
    paifu_rules *ra = NULL, *rb = NULL;
    assert_int_equal(paifu_game_rules(&ra, a, "rrc", NULL), 0);
    assert_int_equal(paifu_game_rules(&rb, b, "rrc", NULL), 0);
    for (size_t i = 0; i < paifu_rules_param_count(); i++) {
        const char *key = paifu_rules_param(i)->name;
        char va[256], vb[256];
        paifu_rules_get(va, sizeof(va), ra, key, NULL);
        paifu_rules_get(vb, sizeof(vb), rb, key, NULL);
        if (strcmp(va, vb) != 0)
            failure("rule %s differs: %s vs %s, and no loss reported", key, va, vb);
    }
    paifu_rules_free(ra);
    paifu_rules_free(rb);
}

static void compare_games(const paifu_game *a, const paifu_game *b, const losses *l)
{
    same_int(paifu_game_players(a), paifu_game_players(b), "players", "game");
    size_t n = paifu_game_deal_count(a);
    same_int((long)n, (long)paifu_game_deal_count(b), "number of deals", "game");
    paifu_rules *rules = NULL;
    bool given = !paifu_game_meta_get(b, PAIFU_META_RULES_ASSUMED) &&
                 !paifu_game_meta_get(b, PAIFU_META_RULES_UNKNOWN);
    if (given && paifu_game_rules(&rules, b, "rrc", NULL) == 0) {
        COPY_RULES = rules;
        COPY_PLAYERS = paifu_game_players(b);
    }
    for (size_t k = 0; k < n && k < paifu_game_deal_count(b); k++)
        compare_deal(paifu_game_deal(a, k), paifu_game_deal(b, k), l);
    COPY_RULES = NULL;
    paifu_rules_free(rules);
    const paifu_game_result *ra = paifu_game_result_get(a), *rb = paifu_game_result_get(b);
    if (ra->has_points && rb->has_points)
        same_ints(ra->points, rb->points, "final points", "game");
    if (ra->has_final && rb->has_final)
        same_ints(ra->final, rb->final, "final scores", "game");
    if ((ra->has_final && !rb->has_final) || (ra->has_points && !rb->has_points))
        if (!lost(l, "final"))
            failure("the final result was dropped without a loss");
    compare_rules(a, b, l);
}

/* ---- what the copy has and the source does not record: reported as computed ---- */

/* The count the loss of kind computed gives for PHRASE ("the score changes of" N ...), 0. */
static unsigned long computed_count(const losses *l, const char *phrase)
{
    for (int i = 0; i < l->n; i++) {
        const char *p = strstr(l->what[i], "written as computed: ");
        if (!p && !strncmp(l->what[i], "filled: ", 8))
            p = l->what[i];
        if (p && (p = strstr(p, phrase)))
            return strtoul(p + strlen(phrase), NULL, 10);
    }
    return 0;
}

/* Values counted per kind of computed value in the copy and not recorded by the source. */
typedef struct invented {
    unsigned long start_scores, deltas, points, payments, tenpai, tsumogiri, final, final_points;
} invented;

/*
 * Values of a win or draw the copy records that the source neither records nor implies: every
 * one of them must be one the writer said it computed. IMP: what the source's deal implies
 * (implied(): the sticks, scores before and hands follow from the deal's start and its tiles).
 */
static void count_outcome(invented *n, unsigned a, unsigned b, unsigned imp, bool tsumo,
                          bool draw, const char *deal)
{
    unsigned new_bits = b & ~(a | imp);
    if (new_bits & PAIFU_REC_DELTAS)
        n->deltas++;
    /* tenpai read back from noten payments follows from the score changes (recorded, or
       counted as computed themselves) */
    if (draw && (new_bits & PAIFU_REC_TENPAI) && !(b & PAIFU_REC_DELTAS))
        n->tenpai++;
    if (!draw && (new_bits & (PAIFU_REC_POINTS | PAIFU_REC_LIMIT)))
        n->points++;
    if (!draw && tsumo && (new_bits & PAIFU_REC_PAYMENTS) && !(b & PAIFU_REC_DELTAS))
        n->payments++;
    if (new_bits & (PAIFU_REC_HAN | PAIFU_REC_FU | PAIFU_REC_YAKU))
        failure("%s the copy records han, fu or yaku the source does not (%#x): no writer "
                "computes them",
                deal, new_bits & (PAIFU_REC_HAN | PAIFU_REC_FU | PAIFU_REC_YAKU));
}

static void check_invented(const paifu_game *a, const paifu_game *b, const losses *l)
{
    invented n = {0};
    if (paifu_game_deal_count(a) != paifu_game_deal_count(b))
        return; /* compare_games said so */
    /* under a rule set without noten declarations that the log gives (not assumed), tenpai is
       what the source's hands show (a fact of the rules, not a value computed): the copy's
       must be that */
    paifu_rules *rules = NULL;
    bool automatic = false;
    if (!paifu_game_meta_get(a, PAIFU_META_RULES_ASSUMED) &&
        !paifu_game_meta_get(a, PAIFU_META_RULES_UNKNOWN) &&
        paifu_game_rules(&rules, a, "rrc", NULL) == 0) {
        char v[8] = "";
        paifu_rules_get(v, sizeof(v), rules, "tenpai_declared_automatically", NULL);
        automatic = !strcmp(v, "true");
    }
    for (size_t k = 0; k < paifu_game_deal_count(a); k++) {
        const paifu_deal *x = paifu_game_deal(a, k), *y = paifu_game_deal(b, k);
        char deal[16];
        paifu_deal_label(deal, sizeof(deal), &x->start);
        if (!(x->start.flags & PAIFU_DEAL_HAS_SCORES) && (y->start.flags & PAIFU_DEAL_HAS_SCORES))
            n.start_scores++;
        unsigned imp = implied(x);
        if (!automatic)
            imp &= ~PAIFU_REC_TENPAI; /* tenpai is a value, not the tiles' */
        for (size_t i = 0; i < x->n_wins && i < y->n_wins; i++) {
            const paifu_win *p = &x->wins[i], *q = &y->wins[i];
            count_outcome(&n, p->known, q->known, imp, p->winner == p->from, false, deal);
        }
        for (size_t i = 0; i < x->n_draws && i < y->n_draws; i++) {
            const paifu_draw *p = &x->draws[i], *q = &y->draws[i];
            unsigned t = 0;
            count_outcome(&n, p->known, q->known, imp, false, true, deal);
            if ((imp & PAIFU_REC_TENPAI) && !(p->known & PAIFU_REC_TENPAI) &&
                (q->known & PAIFU_REC_TENPAI) &&
                paifu_deal_draw_tenpai(&t, x, i, paifu_game_players(a), rules, NULL) == 1)
                same_int(q->tenpai, t, "tenpai seats (the source's hands under its rule set)",
                         deal);
        }
        size_t i = 0, j = 0;
        for (;;) {
            while (i < x->n_events && x->events[i].type != PAIFU_EV_DISCARD)
                i++;
            while (j < y->n_events && y->events[j].type != PAIFU_EV_DISCARD)
                j++;
            if (i == x->n_events || j == y->n_events)
                break;
            if (!(x->events[i].flags & PAIFU_EVF_TSUMOGIRI_KNOWN) &&
                (y->events[j].flags & PAIFU_EVF_TSUMOGIRI_KNOWN))
                n.tsumogiri++;
            i++, j++;
        }
    }
    paifu_rules_free(rules);
    const paifu_game_result *ra = paifu_game_result_get(a), *rb = paifu_game_result_get(b);
    n.final += !ra->has_final && rb->has_final;
    n.final_points += !ra->has_points && rb->has_points;
    static const struct {
        size_t at;
        const char *phrase, *what;
    } KINDS[] = {
        {offsetof(invented, start_scores), "the scores at the start of ", "start scores"},
        {offsetof(invented, deltas), "the score changes of ", "score changes"},
        {offsetof(invented, points), "the points or limit of ", "win points or limits"},
        {offsetof(invented, payments), "the payments of ", "tsumo payments"},
        {offsetof(invented, tenpai), "tenpai at ", "tenpai at a draw"},
        {offsetof(invented, tsumogiri), "the tsumogiri flag of ", "tsumogiri flags"},
        {offsetof(invented, final), "the final scores (uma and oka) of ", "final scores"},
        {offsetof(invented, final_points), "the final points of ", "final points"},
    };
    for (size_t i = 0; i < sizeof(KINDS) / sizeof(KINDS[0]); i++) {
        unsigned long seen = *(const unsigned long *)((const char *)&n + KINDS[i].at);
        unsigned long said = computed_count(l, KINDS[i].phrase);
        if (seen > said)
            failure("%s writes %lu value(s) of %s the source does not record, and says %lu "
                    "were computed",
                    TARGET->name, seen, KINDS[i].what, said);
    }
}

/* ---- what must have been reported lost ---- */

static bool source_has(const paifu_game *g, int what)
{
    if (what == PAIFU_CARRIES_CONNECTION && paifu_game_prelude_count(g))
        return true;
    for (size_t k = 0; k < paifu_game_deal_count(g); k++) {
        const paifu_deal *d = paifu_game_deal(g, k);
        if (what == PAIFU_CARRIES_WALL && d->start.n_wall)
            return true;
        if (what == PAIFU_CARRIES_PENALTIES && d->n_penalties)
            return true;
        for (size_t i = 0; i < d->n_events; i++) {
            const paifu_event *e = &d->events[i];
            if (what == PAIFU_CARRIES_TILE_IDS && e->tile_id != PAIFU_TILE_ID_NONE)
                return true;
            if (what == PAIFU_CARRIES_CONNECTION &&
                (e->type == PAIFU_EV_DISCONNECT || e->type == PAIFU_EV_RECONNECT))
                return true;
        }
    }
    return false;
}

static void check_losses(const paifu_game *g, const paifu_format_info *fi, const losses *l)
{
    static const struct {
        int bit;
        const char *word;
    } KINDS[] = {
        {PAIFU_CARRIES_WALL, "wall"},
        {PAIFU_CARRIES_TILE_IDS, "tile ids"},
        {PAIFU_CARRIES_CONNECTION, "disconnections"},
        {PAIFU_CARRIES_PENALTIES, "penalties"},
    };
    for (size_t i = 0; i < sizeof(KINDS) / sizeof(KINDS[0]); i++)
        if (!(fi->carries & (unsigned)KINDS[i].bit) && source_has(g, KINDS[i].bit) &&
            !lost(l, KINDS[i].word))
            failure("%s dropped %s without reporting it", fi->name, KINDS[i].word);
}

/* ---- one game through one writer ---- */

static bool is_mcr(const paifu_game *g)
{
    paifu_rules *rules = NULL;
    char family[16] = "";
    if (paifu_game_rules(&rules, g, "rrc", NULL) == 0)
        paifu_rules_get(family, sizeof(family), rules, "family", NULL);
    paifu_rules_free(rules);
    return !strcmp(family, "mcr");
}

static bool same_bytes(const bytes *a, const bytes *b)
{
    return a->len == b->len && memcmp(a->data, b->data, a->len) == 0;
}

/*
 * A converted log may differ from its own conversion where the reader fills in what the log
 * leaves implicit (tenpai from noten payments, a winning tile from the last draw); that
 * conversion must then be a fixed point: converting it again gives the same bytes.
 */
static void settles(const bytes *second, const char *format)
{
    paifu_read_options ro = PAIFU_READ_OPTIONS_INIT;
    ro.format = format;
    paifu_game *g = NULL;
    paifu_error err;
    bytes third = {0};
    losses l;
    paifu_error_clear(&err);
    SETTLED++;
    if (paifu_game_read_buffer(&g, second->data, second->len, &ro, &err) < 0 ||
        convert(&third, &l, g, format, &err) < 0)
        failure("%s: the second conversion does not read or write again: %s", format, err.text);
    else if (!same_bytes(&third, second))
        failure("%s output is not stable: it changes on every round trip", format);
    paifu_game_free(g);
    free(third.data);
}

static void note_refusal(const char *format, const char *text)
{
    const char *why = strstr(text, "cannot hold this game: ");
    why = why ? why + strlen("cannot hold this game: ") : text;
    for (size_t i = 0; i < N_REFUSALS; i++)
        if (!strcmp(REFUSALS[i].format, format) && !strncmp(REFUSALS[i].reason, why, 119)) {
            REFUSALS[i].count++;
            return;
        }
    if (N_REFUSALS < sizeof(REFUSALS) / sizeof(REFUSALS[0])) {
        refusal *r = &REFUSALS[N_REFUSALS++];
        snprintf(r->format, sizeof(r->format), "%s", format);
        if (snprintf(r->reason, sizeof(r->reason), "%s", why) >= (int)sizeof(r->reason))
            memcpy(r->reason + sizeof(r->reason) - 4, "...", 4); /* shortened for the summary */
        r->count = 1;
    }
}

/*
 * With fill (paifu convert --fill's writer option): the game written again, read back, and
 * every value it has that G does not record is one the note says was filled (or the loss
 * said computed), kind by kind, at least as many as the copy has.
 */
static void filled_pass(const paifu_game *g, const paifu_format_info *fi)
{
    bytes out = {0};
    losses l;
    paifu_error err;
    if (convert_with(&out, &l, g, fi->name, true, &err) < 0) {
        failure("%s writer fails with fill: %s", fi->name, err.text);
        free(out.data);
        return;
    }
    paifu_read_options ro = PAIFU_READ_OPTIONS_INIT;
    ro.format = fi->name;
    char name[96];
    const char *ref = paifu_game_meta_get(g, "tenhou.ref");
    if (!ref)
        ref = paifu_game_meta_get(g, "tenhou6.ref");
    snprintf(name, sizeof(name), "%s%s", ref ? ref : "converted", fi->extension);
    ro.source_name = name;
    paifu_game *g2 = NULL;
    if (paifu_game_read_buffer(&g2, out.data, out.len, &ro, &err) < 0)
        failure("%s output with fill does not read back: %s", fi->name, err.text);
    else
        check_invented(g, g2, &l);
    paifu_game_free(g2);
    free(out.data);
}

static void through_writer(const paifu_game *g, const findings *src, const paifu_format_info *fi)
{
    bytes out = {0}, again = {0};
    losses l, l2;
    paifu_error err;
    TARGET = fi;
    int rc = convert(&out, &l, g, fi->name, &err);
    if (rc == PAIFU_EUNSUPPORTED && strstr(err.text, "cannot hold this game")) {
        note_refusal(fi->name, err.text);
        goto done;
    }
    if (rc < 0) {
        failure("%s writer fails: %s", fi->name, err.text);
        goto done;
    }
    paifu_read_options ro = PAIFU_READ_OPTIONS_INIT;
    ro.format = fi->name;
    /* named as Tenhou names a log, by its id, when the game has one (the XML readers take the
       date from the name; paifu convert -o keeps the input's name) */
    char name[96];
    const char *ref = paifu_game_meta_get(g, "tenhou.ref");
    if (!ref)
        ref = paifu_game_meta_get(g, "tenhou6.ref");
    snprintf(name, sizeof(name), "%s%s", ref ? ref : "converted", fi->extension);
    ro.source_name = name;
    paifu_game *g2 = NULL;
    paifu_error_clear(&err);
    if (paifu_game_read_buffer(&g2, out.data, out.len, &ro, &err) < 0) {
        failure("%s output does not read back: %s (line %u, %s)", fi->name, err.text,
                err.where.line, err.where.path);
        goto done;
    }
    CONVERTED++;
    if (!strcmp(fi->name, "mjai") && paifu_game_players(g) == 4 && !is_mcr(g2)) {
        checker c = {0};
        snprintf(c.where, sizeof(c.where), "%.500s (as mjai)", WHERE);
        check_dialect(&c, out.data, out.len);
        DIALECT_CHECKED++;
        if (c.problems)
            failure("the mjai output is not Mortal's dialect (%u problems)", c.problems);
    }
    if (!strcmp(fi->name, "tenhou-xml")) {
        mjlog_checker c = {0};
        END_LOST += lost(&l, "the end of the game");
        snprintf(c.where, sizeof(c.where), "%.500s (as tenhou-xml)", WHERE);
        check_mjlog_form(&c, out.data, out.len);
        FORM_CHECKED++;
        if (c.problems)
            failure("the tenhou-xml output is not in Tenhou's form (%u problems)", c.problems);
    }
    findings conv = {0};
    verify_copy(&conv, g2, g, &l);
    compare_findings(src, &conv, &l);
    free(conv.k);
    compare_games(g, g2, &l);
    check_invented(g, g2, &l);
    check_losses(g, fi, &l);
    filled_pass(g, fi);
    rc = convert(&again, &l2, g2, fi->name, &err);
    if (rc < 0)
        failure("%s writer fails on its own output: %s", fi->name, err.text);
    else if (!same_bytes(&again, &out) && !strcmp(fi->name, "paifu"))
        failure("paifu's own format does not round-trip byte for byte");
    else if (!same_bytes(&again, &out))
        settles(&again, fi->name);
    paifu_game_free(g2);
done:
    free(out.data);
    free(again.data);
}

/* ---- inputs ---- */

/* PATH's bytes equal BYTES (paifu's own files: read and written again, byte for byte). */
static void same_as_file(const char *path, const bytes *b)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char *file = malloc(b->len + 2);
    assert_non_null(file);
    size_t n = fread(file, 1, b->len + 1, f);
    fclose(f);
    if (n != b->len || memcmp(file, b->data, n) != 0)
        failure("the paifu file does not round-trip byte for byte");
    free(file);
}

/* Every game of PATH through every writer; false when the file does not read. */
static bool run_file(const char *path)
{
    paifu_reader *r = NULL;
    paifu_error err;
    paifu_error_clear(&err);
    if (paifu_reader_open(&r, path, NULL, &err) < 0) {
        UNREADABLE++;
        print_message("  not read: %s: %s\n", path, err.text);
        return false;
    }
    const paifu_game *g;
    size_t index = 0;
    int rc;
    findings src = {0};
    bytes own = {0}, one = {0};
    bool paifu = !strcmp(paifu_reader_format(r), "paifu") && !paifu_reader_was_compressed(r);
    while ((rc = paifu_reader_next(&g, r, &err)) > 0) {
        INPUT_GAMES++;
        collect_findings(&src, g, g);
        for (size_t i = 0; i < paifu_format_count(); i++) {
            const paifu_format_info *fi = paifu_format(i);
            if (!fi->can_write)
                continue;
            snprintf(WHERE, sizeof(WHERE), "%s game %zu -> %s", path, index, fi->name);
            through_writer(g, &src, fi);
        }
        losses l;
        if (paifu && convert(&one, &l, g, "paifu", &err) == 0)
            bytes_put(one.data, one.len, &own);
        index++;
    }
    snprintf(WHERE, sizeof(WHERE), "%s", path);
    if (rc == 0 && paifu)
        same_as_file(path, &own);
    if (rc < 0) {
        UNREADABLE++;
        print_message("  not read: %s: %s\n", path, err.text);
    }
    free(src.k);
    free(own.data);
    free(one.data);
    paifu_reader_free(r);
    return rc == 0;
}

static void print_summary(const char *what)
{
    print_message("%s: %u games read, %u conversions read back and verified (%u settled after "
                  "one more round trip; %u mjai outputs checked as Mortal's dialect, %u "
                  "tenhou-xml outputs as Tenhou's form, %u of them without a recorded end), %u "
                  "files not read, %u failures\n",
                  what, INPUT_GAMES, CONVERTED, SETTLED, DIALECT_CHECKED, FORM_CHECKED, END_LOST,
                  UNREADABLE, FAILURES);
    for (size_t i = 0; i < N_REFUSALS; i++)
        print_message("  refused by %s (%u): %s\n", REFUSALS[i].format, REFUSALS[i].count,
                      REFUSALS[i].reason);
}

static void reset_counts(void)
{
    FAILURES = CONVERTED = INPUT_GAMES = UNREADABLE = SETTLED = EXACT = ROUNDS = 0;
    NAGASHI_KEPT = 0;
    DIALECT_CHECKED = FORM_CHECKED = END_LOST = 0;
    N_REFUSALS = 0;
}

static void test_samples(void **state)
{
    (void)state;
    reset_counts();
    DIR *dir = opendir(PAIFU_SAMPLES_DIR);
    assert_non_null(dir);
    struct dirent *de;
    while ((de = readdir(dir))) {
        char path[1024];
        if (de->d_name[0] == '.' || strstr(de->d_name, ".md"))
            continue;
        snprintf(path, sizeof(path), "%s/%s", PAIFU_SAMPLES_DIR, de->d_name);
        if (!run_file(path))
            failure("%s does not read", path);
    }
    closedir(dir);
    print_summary("samples");
    assert_true(CONVERTED > 0);
    assert_int_equal(FAILURES, 0);
}

static corpus_manifest CORPUS;

static void test_corpus(void **state)
{
    (void)state;
    reset_counts();
    /* MANIFEST.tsv formats paifu has no reader for: their files are left out, counted */
    static const char *const NO_READER[] = {"mleague-umd"};
    unsigned left_out = 0;
    CORPUS_FOR_EACH(&CORPUS, r) {
        bool skip = r->partial; /* truncated on purpose: error-path tests only */
        for (size_t i = 0; i < sizeof(NO_READER) / sizeof(NO_READER[0]); i++)
            if (!strcmp(r->format, NO_READER[i]))
                skip = true, left_out++;
        if (!skip)
            run_file(r->path);
    }
    print_summary("corpus");
    print_message("  %u files of formats paifu does not read left out\n", left_out);
    print_message("  %u nagashi mangan draws keep their tenpai through tenhou6 (its reader "
                  "records the hands' under tenpai_declared_automatically)\n",
                  NAGASHI_KEPT);
    assert_true(NAGASHI_KEPT > 0);
    assert_true(CONVERTED > 0);
    assert_int_equal(FAILURES, 0);
    assert_int_equal(UNREADABLE, 0); /* every other file must read */
}

/* ---- families: XML -> tenhou6 against Tenhou's own JSON ---- */

typedef struct member {
    char path[600];
    char format[32];
    char family[32];
} member;

static member *MEMBERS;
static size_t N_MEMBERS;

/* Differences that are facts of one corpus file (see the file header). */
static const struct {
    const char *family, *key, *why;
} FACTS[] = {
    {"F1215", "dan", "Pantheon's XML copy has a template UN roster (dan 10,9,9,3)"},
    {"F1215", "rate", "Pantheon's XML copy has a template UN roster"},
    {"F1231", "dan", "Pantheon's XML copy has the same template UN roster"},
    {"F1231", "rate", "Pantheon's XML copy has the same template UN roster"},
    {"F1231", "sx", "Pantheon's XML copy has the same template UN roster"},
    {"F1231", "rule",
     "Pantheon's edited west.xml has GO type 1 (East only) where the log id and "
     "Tenhou's JSON say East-South (test_corpus_families.c)"},
    {"F1239", "dan", "Pantheon's XML copy has another UN roster than Tenhou's JSON"},
    {"F1239", "rate", "Pantheon's XML copy has another UN roster than Tenhou's JSON"},
    {"F1229", "lobby",
     "the 2009 game's Tenhou JSON has no lobby (XML GO had none before "
     "2010-10); Pantheon's XML copy has lobby=\"0\""},
};

static bool fact(const char *family, const char *key)
{
    for (size_t i = 0; i < sizeof(FACTS) / sizeof(FACTS[0]); i++)
        if (!strcmp(FACTS[i].family, family) && !strcmp(FACTS[i].key, key))
            return true;
    return false;
}

static void load_members(void)
{
    size_t cap = 0;
    CORPUS_FOR_EACH(&CORPUS, r)
    {
        if (!r->family[0] || (strcmp(r->format, "tenhou-xml") && strcmp(r->format, "tenhou6")))
            continue;
        if (N_MEMBERS == cap) {
            cap = cap ? 2 * cap : 256;
            MEMBERS = realloc(MEMBERS, cap * sizeof(member));
            assert_non_null(MEMBERS);
        }
        member *m = &MEMBERS[N_MEMBERS++];
        int n = snprintf(m->path, sizeof(m->path), "%s", r->path);
        assert_true(n > 0 && (size_t)n < sizeof(m->path));
        snprintf(m->format, sizeof(m->format), "%s", r->format);
        snprintf(m->family, sizeof(m->family), "%s", r->family);
    }
}

/* The log id of a file named after it ("2019103023gm-00a9-0000-f90e0fe9.xml"), or "". */
static void log_id_of(char *out, size_t size, const char *path)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t n = strcspn(base, ".");
    out[0] = '\0';
    if (n < 31 || n > 40 || strncmp(base + 10, "gm-", 3) != 0)
        return;
    snprintf(out, size, "%.*s", (int)n, base);
}

/* The XML converted to tenhou6 (ref from the file name when it is a log id), parsed. */
static json_t *xml_as_tenhou6(const char *path, bytes *out)
{
    paifu_read_options ro = PAIFU_READ_OPTIONS_INIT;
    ro.format = "tenhou-xml";
    paifu_game *g = NULL;
    paifu_error err;
    losses l;
    char id[48];
    paifu_error_clear(&err);
    assert_int_equal(paifu_game_read(&g, path, &ro, &err), 0);
    log_id_of(id, sizeof(id), path);
    if (*id)
        assert_int_equal(paifu_game_set_meta(g, "tenhou.ref", id, NULL), 0);
    assert_int_equal(convert(out, &l, g, "tenhou6", &err), 0);
    paifu_game_free(g);
    json_error_t je;
    json_t *v = json_loadb(out->data, out->len, 0, &je);
    if (!v)
        fail_msg("%s: the tenhou6 output does not parse: %s", WHERE, je.text);
    return v;
}

static bool renamed(const json_t *names)
{
    for (size_t i = 0; i < json_array_size(names); i++) {
        char expect[32];
        snprintf(expect, sizeof(expect), "player%zu", i + 1);
        const char *name = json_string_value(json_array_get(names, i));
        if (!name || strcmp(name, expect) != 0)
            return false;
    }
    return json_array_size(names) > 0;
}

static void compare_log(const json_t *ours, const json_t *theirs)
{
    if (json_array_size(ours) != json_array_size(theirs))
        failure("log: %zu rounds vs %zu", json_array_size(ours), json_array_size(theirs));
    for (size_t i = 0; i < json_array_size(ours) && i < json_array_size(theirs); i++) {
        const json_t *a = json_array_get(ours, i), *b = json_array_get(theirs, i);
        for (size_t k = 0; k < 17 && !json_equal(a, b); k++)
            if (!json_equal(json_array_get(a, k), json_array_get(b, k))) {
                char *x = json_dumps(json_array_get(a, k), JSON_COMPACT | JSON_ENCODE_ANY);
                char *y = json_dumps(json_array_get(b, k), JSON_COMPACT | JSON_ENCODE_ANY);
                failure("log[%zu][%zu]: %.200s vs %.200s", i, k, x, y);
                free(x);
                free(y);
                break;
            }
    }
}

/* Our keys, without those Tenhou's document lacks, in Tenhou's order. */
static void compare_order(const json_t *ours, const json_t *theirs, const char *family)
{
    const char *key, *prev = NULL;
    json_t *v;
    void *it = json_object_iter((json_t *)theirs);
    json_object_foreach((json_t *)ours, key, v)
    {
        if (!json_object_get(theirs, key)) {
            /* paifu_rules: the XML's owari told the era (one-decimal results: the new uma),
               which our document without `ref` (the XML is not named by its log id) cannot
               tell its reader */
            bool carried = !strcmp(key, "paifu_rules") && !json_object_get(ours, "ref");
            if (!fact(family, key) && !carried)
                failure("key %s is not in Tenhou's document", key);
            continue;
        }
        while (it && strcmp(json_object_iter_key(it), key) != 0)
            it = json_object_iter_next((json_t *)theirs, it);
        if (!it)
            failure("key %s comes after %s, not in Tenhou's order", key, prev ? prev : "{");
        it = it ? it : json_object_iter((json_t *)theirs);
        prev = key;
    }
}

/* One XML against Tenhou's official JSON of the same game. */
static void compare_official(const member *x, const member *j, const json_t *theirs)
{
    bytes out = {0};
    json_t *ours = xml_as_tenhou6(x->path, &out);
    const char *key;
    json_t *v;
    bool exact = true;
    json_object_foreach((json_t *)theirs, key, v)
    {
        const json_t *o = json_object_get(ours, key);
        if (!strcmp(key, "log")) {
            compare_log(o, v);
        } else if (!strcmp(key, "ref") && !o) {
            exact = false; /* the XML's name is no log id */
        } else if (!strcmp(key, "name") && renamed(o)) {
            exact = false;
        } else if (!json_equal(o, v)) {
            if (!fact(x->family, key))
                failure("%s differs from Tenhou's", key);
            exact = false;
        }
    }
    compare_order(ours, theirs, x->family);
    FILE *f = fopen(j->path, "rb");
    assert_non_null(f);
    char *file = malloc(out.len + 2);
    size_t n = fread(file, 1, out.len + 1, f);
    fclose(f);
    bool compact = !memchr(file, '\n', n); /* Pantheon's copies are pretty-printed */
    if (exact && compact && (n != out.len || memcmp(file, out.data, n) != 0))
        failure("the output is not byte for byte Tenhou's compact document");
    if (exact && compact)
        EXACT++;
    free(file);
    json_decref(ours);
    free(out.data);
}

/* An XML against mjx's round-per-line documents of the same game: the same round arrays. */
static void compare_rounds(const member *x, const member *j)
{
    bytes out = {0};
    json_t *ours = xml_as_tenhou6(x->path, &out);
    const json_t *log = json_object_get(ours, "log");
    FILE *f = fopen(j->path, "rb");
    assert_non_null(f);
    char line[65536];
    while (fgets(line, sizeof(line), f)) {
        json_t *doc = json_loads(line, 0, NULL);
        const json_t *r;
        size_t i, k;
        json_array_foreach(json_object_get(doc, "log"), i, r)
        {
            for (k = 0; k < json_array_size(log); k++)
                if (json_equal(json_array_get(json_array_get(log, k), 0), json_array_get(r, 0)))
                    break;
            if (k == json_array_size(log))
                failure("a round of mjx's document is not in the conversion");
            else if (!json_equal(json_array_get(log, k), r))
                compare_log(json_pack("[O]", json_array_get(log, k)), json_pack("[O]", r));
            ROUNDS++;
        }
        json_decref(doc);
    }
    fclose(f);
    json_decref(ours);
    free(out.data);
}

static void test_families(void **state)
{
    (void)state;
    reset_counts();
    load_members();
    size_t official = 0, mjx = 0;
    for (size_t a = 0; a < N_MEMBERS; a++) {
        if (strcmp(MEMBERS[a].format, "tenhou-xml") != 0)
            continue;
        for (size_t b = 0; b < N_MEMBERS; b++) {
            if (strcmp(MEMBERS[b].format, "tenhou6") ||
                strcmp(MEMBERS[a].family, MEMBERS[b].family))
                continue;
            snprintf(WHERE, sizeof(WHERE), "%s -> tenhou6 vs %s", MEMBERS[a].path, MEMBERS[b].path);
            json_t *theirs = json_load_file(MEMBERS[b].path, 0, NULL);
            const json_t *ver = json_object_get(theirs, "ver");
            if (json_is_real(ver) && json_object_get(theirs, "ref") &&
                !json_object_get(theirs, "title")) {
                compare_official(&MEMBERS[a], &MEMBERS[b], theirs);
                official++;
            } else if (strstr(MEMBERS[b].path, "mjx-project")) {
                compare_rounds(&MEMBERS[a], &MEMBERS[b]);
                mjx++;
            }
            json_decref(theirs);
        }
    }
    print_message("families: %zu XML logs against Tenhou's own JSON (%u byte for byte), %zu "
                  "against mjx's rounds (%u rounds), %u failures\n",
                  official, EXACT, mjx, ROUNDS, FAILURES);
    free(MEMBERS);
    assert_true(official > 0);
    assert_int_equal(FAILURES, 0);
}

/* ---- Tenhou's own XML read and written again ---- */

/*
 * Tenhou's compact form: the document on one line, no comment or declaration (a final newline,
 * which the tools that saved 30 of the corpus files added, is set aside and not compared).
 */
static bool compact(const char *d, size_t n)
{
    return n > 8 && !memcmp(d, "<mjloggm", 8) && !memchr(d, '\n', n) && !memchr(d, '\r', n) &&
           !strstr(d, "<!--");
}

/*
 * Every corpus file in Tenhou's compact form (the truncated ones of _partial/ too), read and
 * written again as tenhou-xml, gives the same bytes, reports no loss, and is in Tenhou's form.
 * The files that are not compact (pretty-printed or commented copies) are listed.
 */
static void test_xml_bytes(void **state)
{
    (void)state;
    reset_counts();
    unsigned same = 0, newline = 0, other = 0;
    CORPUS_FOR_EACH(&CORPUS, r)
    {
        if (strcmp(r->format, "tenhou-xml") != 0)
            continue;
        const char *path = r->path;
        snprintf(WHERE, sizeof(WHERE), "%s", path);
        char *data;
        size_t n;
        bool gz;
        paifu_error err;
        paifu_error_clear(&err);
        uint64_t held;
        assert_int_equal(paifu_input__read_file(&data, &n, &held, path, 1u << 26, &err), 0);
        assert_int_equal(paifu_input__gunzip(&data, &n, &held, &gz, 1u << 28, path, &err), 0);
        if (n && data[n - 1] == '\n') {
            data[--n] = '\0';
            newline += compact(data, n);
        }
        if (!compact(data, n)) {
            print_message("  not compact: %s\n", corpus_local_path(r));
            other++;
            free(data);
            paifu_input__release(held);
            continue;
        }
        paifu_read_options ro = PAIFU_READ_OPTIONS_INIT;
        ro.format = "tenhou-xml";
        paifu_game *g = NULL;
        bytes out = {0};
        losses l;
        if (paifu_game_read_buffer(&g, data, n, &ro, &err) < 0 ||
            convert(&out, &l, g, "tenhou-xml", &err) < 0) {
            failure("does not read or write: %s", err.text);
        } else if (out.len != n || memcmp(out.data, data, n) != 0) {
            size_t at = 0;
            while (at < n && at < out.len && out.data[at] == data[at])
                at++;
            failure("written again, differs at byte %zu: ...%.60s vs ...%.60s", at,
                    data + (at > 20 ? at - 20 : 0), out.data + (at > 20 ? at - 20 : 0));
        } else {
            same++;
        }
        if (l.n)
            failure("reports a loss: %s", l.what[0]);
        mjlog_checker c = {0};
        snprintf(c.where, sizeof(c.where), "%.500s", path);
        check_mjlog_form(&c, data, n);
        if (c.problems)
            failure("Tenhou's own file is not in the form the checker expects (%u problems)",
                    c.problems);
        paifu_game_free(g);
        free(out.data);
        free(data);
        paifu_input__release(held);
    }
    print_message("xml: %u compact Tenhou XML files written again byte for byte (%u of them "
                  "with a final newline set aside), %u not compact, %u failures\n",
                  same, newline, other, FAILURES);
    assert_true(same > 0);
    assert_int_equal(FAILURES, 0);
}

int main(void)
{
    paifu_init();
#if PAIFU_SAMPLES_ONLY
    /* unit.test_corpus_conversions.samples: the same checks over samples/, without the corpus */
    (void)test_corpus, (void)test_families, (void)test_xml_bytes;
    const struct CMUnitTest samples[] = {cmocka_unit_test(test_samples)};
    return cmocka_run_group_tests_name("samples", samples, NULL, NULL);
#else
    (void)test_samples; /* run by unit.test_corpus_conversions.samples */
    if (!corpus_open(&CORPUS, NULL, "test_corpus_conversions"))
        return 77;
    const struct CMUnitTest corpus[] = {cmocka_unit_test(test_corpus),
                                        cmocka_unit_test(test_families),
                                        cmocka_unit_test(test_xml_bytes)};
    int rc = cmocka_run_group_tests_name("corpus", corpus, NULL, NULL);
    corpus_manifest_free(&CORPUS);
    return rc;
#endif
}
