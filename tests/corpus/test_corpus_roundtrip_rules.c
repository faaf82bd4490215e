/*
 * test_corpus_roundtrip_rules.c: rules survive conversion (issue 15 point 9). Every game of the
 * corpus (PAIFU_CORPUS_DIR, MANIFEST.tsv) and of samples/ is converted to every format paifu
 * writes, read back, and validated again under default options, as `paifu validate` does with
 * no --rules: the rule set the copy names itself (else rrc). The copy must give no finding its
 * source does not give under the same default options: the rule set travels with the game
 * (paifu's own rules, an mjai start_game key, a tenhou.net/6 header key, the XML's GO type with
 * the date of the file's name), and where it cannot, the reader must not assume rules it does
 * not know. A copy is named as `paifu convert -o` names it: by the Tenhou log id when the game
 * has one, as Tenhou names its logs.
 *
 * A finding on a win's value (score.*) matches any score finding of the source in the same
 * deal (a target may record the value's first wrong part differently), and a copy that lost
 * the end of the game (a writer's reported loss) may be log.truncated. Games a writer refuses
 * (PAIFU_EUNSUPPORTED) are counted, not converted. Exit 77 without the corpus (the samples
 * still run, and a failure still fails).
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

#include "corpus_manifest.h"
#include "paifu.h"

static void on_loss(const paifu_game *g, const char *what, void *payload)
{
    (void)g;
    if (strstr(what, "the end of the game"))
        *(bool *)payload = true;
}

typedef struct finding_key {
    char code[40];
    char deal[16];
} finding_key;

typedef struct findings {
    finding_key *k;
    size_t n, cap;
    char first[400]; /* the first finding's text, for messages */
} findings;

/* Findings of G under default options: its own rule set, else rrc. */
static void collect(findings *f, const paifu_game *g)
{
    paifu_report *rep = NULL;
    paifu_rules *rules = NULL;
    paifu_error err;
    paifu_error_clear(&err);
    f->n = 0;
    if (paifu_report_new(&rep, &err) < 0 || paifu_game_rules(&rules, g, "rrc", &err) < 0 ||
        paifu_verify_game(rep, g, rules, NULL, &err) < 0) {
        fprintf(stderr, "does not verify: %s\n", err.text);
        abort();
    }
    for (size_t i = 0; i < paifu_report_count(rep); i++) {
        const paifu_finding *x = paifu_report_finding(rep, i);
        if (f->n == f->cap) {
            f->cap = f->cap ? 2 * f->cap : 64;
            f->k = realloc(f->k, f->cap * sizeof(*f->k));
            if (!f->k)
                abort();
        }
        snprintf(f->k[f->n].code, sizeof(f->k[0].code), "%s", x->code);
        snprintf(f->k[f->n].deal, sizeof(f->k[0].deal), "%s", x->where.deal);
        f->n++;
    }
    paifu_rules_free(rules);
    paifu_report_free(rep);
}

static bool same_root(const finding_key *a, const finding_key *b)
{
    if (strcmp(a->deal, b->deal) != 0)
        return false;
    return !strcmp(a->code, b->code) ||
           (!strncmp(a->code, "score.", 6) && !strncmp(b->code, "score.", 6));
}

static size_t GAMES, COPIES, REFUSED, FAILURES;

/* Convert G to FORMAT (extension EXT), read it back and compare its findings with SRC's. */
static void through(const paifu_game *g, const findings *src, const char *format, const char *ext,
                    const char *where)
{
    bytes out = {0};
    bool end_lost = false;
    paifu_write_options wo = PAIFU_WRITE_OPTIONS_INIT;
    wo.on_loss = on_loss;
    wo.loss_payload = &end_lost;
    paifu_writer *w = NULL;
    paifu_error err;
    paifu_error_clear(&err);
    int rc = paifu_writer_open(&w, format, bytes_put, &out, &wo, &err);
    if (rc == 0)
        rc = paifu_writer_write(w, g, &err);
    if (rc == 0)
        rc = paifu_writer_close(w, &err);
    paifu_writer_free(w);
    if (rc == PAIFU_EUNSUPPORTED) {
        REFUSED++;
        free(out.data);
        return;
    }
    paifu_game *copy = NULL;
    char name[128];
    const char *ref = paifu_game_meta_get(g, "tenhou.ref");
    if (!ref)
        ref = paifu_game_meta_get(g, "tenhou6.ref");
    snprintf(name, sizeof(name), "%s%s", ref ? ref : "converted", ext);
    paifu_read_options ro = PAIFU_READ_OPTIONS_INIT;
    ro.format = format;
    ro.source_name = name;
    if (rc < 0 || paifu_game_read_buffer(&copy, out.data, out.len, &ro, &err) < 0) {
        printf("FAIL %s -> %s: %s\n", where, format, err.text);
        FAILURES++;
        free(out.data);
        return;
    }
    COPIES++;
    findings f = {0};
    collect(&f, copy);
    for (size_t i = 0; i < f.n; i++) {
        bool found = end_lost && !strcmp(f.k[i].code, "log.truncated");
        for (size_t j = 0; !found && j < src->n; j++)
            found = same_root(&f.k[i], &src->k[j]);
        if (!found) {
            printf("FAIL %s -> %s: new finding %s at %s\n", where, format, f.k[i].code,
                   f.k[i].deal);
            FAILURES++;
        }
    }
    free(f.k);
    paifu_game_free(copy);
    free(out.data);
}

static void one_file(const char *path)
{
    paifu_reader *r = NULL;
    paifu_error err;
    paifu_error_clear(&err);
    if (paifu_reader_open(&r, path, NULL, &err) < 0) {
        printf("FAIL %s does not read: %s\n", path, err.text);
        FAILURES++;
        return;
    }
    const paifu_game *g;
    findings src = {0};
    int rc, index = 0;
    while ((rc = paifu_reader_next(&g, r, &err)) > 0) {
        char where[700];
        snprintf(where, sizeof(where), "%s game %d", path, index++);
        GAMES++;
        collect(&src, g);
        for (size_t i = 0; i < paifu_format_count(); i++) {
            const paifu_format_info *fi = paifu_format(i);
            if (fi->can_write)
                through(g, &src, fi->name, fi->extension, where);
        }
    }
    if (rc < 0) {
        printf("FAIL %s: %s\n", path, err.text);
        FAILURES++;
    }
    free(src.k);
    paifu_reader_free(r);
}

static void test_roundtrip_rules(void **state)
{
    (void)state;
    static const char *const SAMPLES[] = {
        "handmade-rrc-one-deal.paifu.json", "mcr-east-round.paifu.json",
        "riichienv-selfplay.mjai.jsonl",    "session-tenhou.paifu.json",
        "session-majsoul.paifu.json",       "synthetic-tenhou.mjlog",
    };
    for (size_t i = 0; i < sizeof(SAMPLES) / sizeof(SAMPLES[0]); i++) {
        char path[600];
        snprintf(path, sizeof(path), "%s/%s", PAIFU_SAMPLES_DIR, SAMPLES[i]);
        one_file(path);
    }
    corpus_manifest m;
    bool corpus = corpus_manifest_load(&m, NULL) == 0;
    for (size_t i = 0; corpus && i < m.n; i++) {
        const char *format = NULL; /* the corpus holds formats paifu does not read too */
        if (paifu_format_detect_file(&format, m.rows[i].path, NULL, NULL) == 0 && format)
            one_file(m.rows[i].path);
    }
    printf("%zu games, %zu copies validated again, %zu refused by a writer, %zu failures\n", GAMES,
           COPIES, REFUSED, FAILURES);
    assert_int_equal(FAILURES, 0);
    if (corpus)
        corpus_manifest_free(&m);
    else
        skip();
}

int main(void)
{
    paifu_init();
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_roundtrip_rules)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
