/*
 * crosscheck_scores.c: every win of the Tenhou corpus, scored by paifu, against what Tenhou
 * recorded: the yaku (ids and han), total han, fu, points and limit.
 *
 * The winning hand comes from the log through paifu_deal_win_hand (the record's concealed
 * tiles plus the winner's calls); the rule set is the log's own (`tenhou` preset plus the GO
 * type overrides: red fives, kuitan, sanma). Games the reader marks as having unknown rules
 * (chip lobbies and the like, tenhou-xml.md §4.3) are skipped and counted. Two differences of
 * notation are normalised, not counted: Tenhou counts sanma Norths set aside inside dora (52),
 * paifu lists them as kita (55); and Tenhou's yakuman records carry a meaningless fu.
 *
 * Prints one line per mismatch class with a count and the first examples, and a summary; exits
 * 1 on any mismatch, 77 (skipped) when the corpus is absent. Usage:
 *   crosscheck_scores [CORPUS_DIR [PRESET]]   (default: PAIFU_CORPUS_DIR, the log's rule set)
 * A PRESET replaces the log's rule set (its overrides still apply): scoring the corpus under
 * another rule set shows which of its parameters Tenhou's records contradict. The environment
 * variable CROSSCHECK_FORMAT picks another format of the manifest (only what its records know is
 * compared; tenhou6 records show no hand, mjai records no yaku list or situation, so the
 * default and the test is tenhou-xml). MCR-family games are skipped.
 */
#include <paifu.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "corpus_manifest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum mismatch { M_REBUILD, M_STATUS, M_YAKU, M_HAN, M_FU, M_POINTS, M_LIMIT, M_ORDER, M_COUNT };
static const char *const CLASS_NAME[M_COUNT] = {
    "rebuild: the log's hand cannot be rebuilt", "status: paifu says not a valid win",
    "yaku: the sets of (id, han) differ", "han: totals differ",
    "fu: differ (non-yakuman)", "points: hand values differ", "limit: differ",
    "order: same yaku, listed in another order (informational)",
};

typedef struct tally {
    unsigned long count[M_COUNT];
    char examples[M_COUNT][3][440];
    unsigned long games, skipped_games, wins, files, unreadable;
} tally;

static void note(tally *t, enum mismatch m, const char *file, const paifu_deal *deal,
                 const char *detail)
{
    unsigned long n = t->count[m]++;
    if (n >= 3)
        return;
    char label[16];
    paifu_deal_label(label, sizeof(label), &deal->start);
    snprintf(t->examples[m][n], sizeof(t->examples[m][n]), "%.120s [%s] %.300s", file, label,
             detail);
}

/* Format a yaku list as "id:han id:han ...". */
static void yaku_text(char *buf, size_t size, const paifu_yaku_value *y, unsigned n)
{
    size_t used = 0;
    buf[0] = '\0';
    for (unsigned i = 0; i < n && used < size; i++)
        used += (size_t)snprintf(buf + used, size - used, "%s%u:%d", i ? " " : "", y[i].id,
                                 y[i].han);
}

/* Mine with kita folded into dora (Tenhou's notation). */
static unsigned normalised(paifu_yaku_value *out, const paifu_score *sc)
{
    unsigned n = 0;
    int kita = 0;
    for (unsigned i = 0; i < sc->n_yaku; i++) {
        if (sc->yaku[i].id == PAIFU_YAKU_KITA)
            kita += sc->yaku[i].han;
        else
            out[n++] = sc->yaku[i];
    }
    if (!kita)
        return n;
    for (unsigned i = 0; i < n; i++)
        if (out[i].id == PAIFU_YAKU_DORA) {
            out[i].han = (int16_t)(out[i].han + kita);
            return n;
        }
    /* Tenhou puts dora right after the yaku, before red (54) and ura (53) */
    unsigned at = n;
    while (at > 0 && (out[at - 1].id == PAIFU_YAKU_AKA_DORA || out[at - 1].id == PAIFU_YAKU_URA_DORA))
        at--;
    memmove(out + at + 1, out + at, (n - at) * sizeof(*out));
    out[at] = (paifu_yaku_value){PAIFU_YAKU_DORA, (int16_t)kita, 1, 0, NULL};
    return n + 1;
}

static bool same_set(const paifu_yaku_value *a, unsigned na, const paifu_yaku_value *b,
                     unsigned nb)
{
    bool used[PAIFU_MAX_YAKU + 1] = {false};
    if (na != nb)
        return false;
    for (unsigned i = 0; i < na; i++) {
        bool found = false;
        for (unsigned j = 0; j < nb && !found; j++)
            if (!used[j] && a[i].id == b[j].id && a[i].han == b[j].han)
                found = used[j] = true;
        if (!found)
            return false;
    }
    return true;
}

static void check_win(tally *t, const char *file, const paifu_deal *deal, size_t wi,
                      const paifu_rules *rules, int players)
{
    const paifu_win *w = &deal->wins[wi];
    paifu_hand hand;
    paifu_situation sit;
    paifu_score sc;
    paifu_error err;
    char detail[480], mine[160], theirs[160];
    paifu_error_clear(&err);
    t->wins++;
    if (paifu_deal_win_hand(&hand, &sit, deal, wi, players, &err) < 0 ||
        paifu_score_hand(&sc, &hand, &sit, rules, &err) < 0) {
        note(t, M_REBUILD, file, deal, err.text);
        return;
    }
    char htext[96];
    paifu_hand_format(htext, sizeof(htext), &hand, sit.win_tile);
    if (sc.status != PAIFU_SCORE_OK) {
        snprintf(detail, sizeof(detail), "%s: %s", htext,
                 paifu_score_status_name((paifu_score_status)sc.status));
        note(t, M_STATUS, file, deal, detail);
        return;
    }
    paifu_yaku_value norm[PAIFU_MAX_YAKU + 1];
    unsigned n = normalised(norm, &sc);
    yaku_text(mine, sizeof(mine), norm, n);
    yaku_text(theirs, sizeof(theirs), w->yaku, w->n_yaku);
    snprintf(detail, sizeof(detail), "%s%s: paifu %s | tenhou %s", htext,
             sit.flags & PAIFU_SIT_TSUMO ? " tsumo" : " ron", mine, theirs);
    if (!(w->known & PAIFU_REC_YAKU))
        ; /* the log names no yaku: nothing to compare */
    else if (!same_set(norm, n, w->yaku, w->n_yaku))
        note(t, M_YAKU, file, deal, detail);
    else {
        bool order = true;
        for (unsigned i = 0; i < n && order; i++)
            order = norm[i].id == w->yaku[i].id;
        if (!order)
            note(t, M_ORDER, file, deal, detail);
    }
    if ((w->known & PAIFU_REC_HAN) && sc.han != w->han) {
        snprintf(detail, sizeof(detail), "%s: paifu %d | tenhou %d", htext, sc.han, w->han);
        note(t, M_HAN, file, deal, detail);
    }
    if ((w->known & PAIFU_REC_FU) && !sc.yakuman && sc.fu != w->fu) {
        snprintf(detail, sizeof(detail), "%s%s: paifu %d | tenhou %d", htext,
                 sit.flags & PAIFU_SIT_TSUMO ? " tsumo" : " ron", sc.fu, w->fu);
        note(t, M_FU, file, deal, detail);
    }
    if ((w->known & PAIFU_REC_POINTS) && sc.total != w->points) {
        snprintf(detail, sizeof(detail), "%s: paifu %d | tenhou %d", htext, (int)sc.total,
                 (int)w->points);
        note(t, M_POINTS, file, deal, detail);
    }
    if ((w->known & PAIFU_REC_LIMIT) && sc.limit != w->limit) {
        snprintf(detail, sizeof(detail), "%s: paifu %s | tenhou %s", htext,
                 paifu_limit_name((paifu_limit)sc.limit), paifu_limit_name((paifu_limit)w->limit));
        note(t, M_LIMIT, file, deal, detail);
    }
}

static const char *forced_preset; /* argv[2] */

static int game_rules(paifu_rules **out, const paifu_game *game, paifu_error *err)
{
    if (!forced_preset)
        return paifu_game_rules(out, game, "tenhou", err);
    int rc = paifu_rules_preset(out, forced_preset, err);
    for (size_t i = 0; rc == 0 && i < paifu_game_rule_override_count(game); i++) {
        const paifu_meta *m = paifu_game_rule_override(game, i);
        rc = paifu_rules_set(*out, m->key, m->value, err);
    }
    return rc;
}

static void check_game(tally *t, const char *file, const paifu_game *game)
{
    if (paifu_game_meta_get(game, "tenhou.rules_unknown")) {
        t->skipped_games++;
        return;
    }
    paifu_rules *rules = NULL;
    paifu_error err;
    paifu_error_clear(&err);
    if (game_rules(&rules, game, &err) < 0) {
        fprintf(stderr, "%s: rules: %s\n", file, err.text);
        t->skipped_games++;
        return;
    }
    char family[16] = "";
    paifu_rules_get(family, sizeof(family), rules, "family", NULL);
    if (strcmp(family, "riichi") != 0) {
        paifu_rules_free(rules);
        t->skipped_games++;
        return;
    }
    t->games++;
    int players = paifu_game_players(game);
    for (size_t d = 0; d < paifu_game_deal_count(game); d++) {
        const paifu_deal *deal = paifu_game_deal(game, d);
        for (size_t w = 0; w < deal->n_wins; w++)
            check_win(t, file, deal, w, rules, players);
    }
    paifu_rules_free(rules);
}

static void check_file(tally *t, const char *path, const char *name)
{
    paifu_reader *reader = NULL;
    const paifu_game *game;
    paifu_error err;
    paifu_error_clear(&err);
    t->files++;
    if (paifu_reader_open(&reader, path, NULL, &err) < 0) {
        fprintf(stderr, "%s: %s\n", name, err.text);
        t->unreadable++; /* a file the manifest lists must read: counted as a failure */
        return;
    }
    int rc;
    while ((rc = paifu_reader_next(&game, reader, &err)) > 0)
        check_game(t, name, game);
    if (rc < 0) {
        fprintf(stderr, "%s: %s (file skipped from here on)\n", name, err.text);
        t->unreadable++;
    }
    paifu_reader_free(reader);
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : PAIFU_CORPUS_DIR;
    forced_preset = argc > 2 ? argv[2] : NULL;
    const char *want = getenv("CROSSCHECK_FORMAT");
    corpus_manifest man;
    if (corpus_manifest_load_dir(&man, dir, want ? want : "tenhou-xml") < 0 || man.n == 0) {
        printf("crosscheck_scores: no corpus in \"%s\", skipped\n", dir);
        corpus_manifest_free(&man);
        return 77;
    }
    paifu_init();
    tally *t = calloc(1, sizeof(*t));
    if (!t)
        return 2;
    CORPUS_FOR_EACH(&man, r)
        if (!r->partial)
            check_file(t, r->path, corpus_local_path(r));
    corpus_manifest_free(&man);
    unsigned long bad = t->unreadable;
    if (t->unreadable)
        printf("  %6lu  files that do not read\n", t->unreadable);
    printf("crosscheck_scores: %lu files, %lu games (%lu skipped: unknown rules or not riichi), "
           "%lu wins\n",
           t->files, t->games, t->skipped_games, t->wins);
    for (int m = 0; m < M_COUNT; m++) {
        printf("  %6lu  %s\n", t->count[m], CLASS_NAME[m]);
        for (unsigned long i = 0; i < t->count[m] && i < 3; i++)
            printf("          e.g. %s\n", t->examples[m][i]);
        if (m != M_ORDER)
            bad += t->count[m];
    }
    free(t);
    return bad ? 1 : 0;
}
