/*
 * test_rules_enforced.c: doc/rules.md's enforcement tables (lib/model/rules_checks.c, printed
 * by `paifu rules show`) checked against the tests that exist, so that "enforced" or "enforced
 * on tile logs only" is never claimed for a rule no test shows.
 *
 * A row that claims enforcement and names finding codes is shown by a test when a file under
 * tests/ (a unit test, a vector table, a malformed case, a CLI script) both cites one of the
 * row's clause sections (its "§" numbers; the whole clause when it has none) and asserts one
 * of the row's codes (the code in quotes in a source file, or anywhere in a malformed case's
 * expect file). Rows without such a test are listed in GAPS below, each waiting for its
 * obey/break pair (the guide: one log that obeys the rule, one that breaks it, citing the
 * clause). The test fails on a row with no test that is not listed, and on a listed row that
 * has one now (take it off the list): the list only shrinks. Each listed row says why it has no
 * test yet (the fourth field), which doc/rules.md prints under the preset's table.
 *
 * A case file of tests/data/seed-rules/cases/ (run by tests/tools/seed_rule_cases.py) shows
 * only the row whose clause and rule it names word for word, not every row that shares its
 * section or its document.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <dirent.h>
#include <sys/stat.h>

#include "paifu.h"

/* Rows claimed enforced with no test found (preset, clause, rule), November 2026. */
static const char *const GAPS[][4] = {
#include "rules_enforced_gaps.h"
};

typedef struct file {
    char *path, *text;
    bool expect; /* a malformed case's expected output */
    bool exact;  /* a case file: it shows the row it names word for word */
} file;

static file *files;
static size_t n_files, cap_files;

static void load(const char *path)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t len = strlen(base);
    bool expect = strcmp(base, "expect") == 0;
    bool source = (len > 2 && (!strcmp(base + len - 2, ".c") || !strcmp(base + len - 2, ".h"))) ||
                  (len > 3 && !strcmp(base + len - 3, ".sh")) ||
                  (len > 6 && !strcmp(base + len - 6, ".cmake")) ||
                  (len > 3 && !strcmp(base + len - 3, ".py")) ||
                  (len > 5 && !strcmp(base + len - 5, ".json"));
    if ((!expect && !source) || !strcmp(base, "test_rules_enforced.c") ||
        !strcmp(base, "rules_enforced_gaps.h"))
        return;
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    assert_non_null(text);
    assert_int_equal(fread(text, 1, (size_t)size, f), (size_t)size);
    text[size] = '\0';
    fclose(f);
    if (n_files == cap_files) {
        cap_files = cap_files ? 2 * cap_files : 256;
        files = realloc(files, cap_files * sizeof(*files));
        assert_non_null(files);
    }
    files[n_files].path = strdup(path);
    files[n_files].text = text;
    files[n_files].expect = expect;
    files[n_files].exact = strstr(path, "/seed-rules/cases/") != NULL;
    n_files++;
}

static void walk(const char *dir)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char path[1024];
        snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
        struct stat st;
        if (stat(path, &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode)) {
            if (strcmp(e->d_name, "fuzz") != 0) /* fuzz corpora: inputs, not assertions */
                walk(path);
        } else if (st.st_size < 4 * 1024 * 1024) {
            load(path);
        }
    }
    closedir(d);
}

/* Whether F asserts one of the comma-separated CODES. */
static bool asserts_code(const file *f, const char *codes)
{
    const char *p = codes;
    while (*p) {
        size_t n = strcspn(p, ",");
        char quoted[80];
        snprintf(quoted, sizeof(quoted), f->expect ? "%.*s" : "\"%.*s", (int)n, p);
        const char *hit = strstr(f->text, quoted);
        /* "code" or "code;code" lists (verify_json_codes) */
        while (hit && !f->expect) {
            char after = hit[strlen(quoted)];
            if (after == '"' || after == ';' || after == ',')
                return true;
            hit = strstr(hit + 1, quoted);
        }
        if (hit)
            return true;
        p += n;
        if (*p == ',')
            p++;
    }
    return false;
}

/* Whether F cites one of the § sections of CLAUSE (the clause itself when it has none). */
static bool cites(const file *f, const char *clause)
{
    const char *s = strstr(clause, "\xc2\xa7"); /* § */
    if (!s)
        return strstr(f->text, clause) != NULL;
    while (s) {
        size_t n = 2;
        while (s[n] && (s[n] == '.' || (s[n] >= '0' && s[n] <= '9')))
            n++;
        while (n > 2 && s[n - 1] == '.')
            n--;
        char sec[32];
        snprintf(sec, sizeof(sec), "%.*s", (int)n, s);
        const char *hit = strstr(f->text, sec);
        while (hit) { /* §3.1 is not §3.13 */
            char after = hit[strlen(sec)];
            if (!(after >= '0' && after <= '9') && !(after == '.' && hit[strlen(sec) + 1] >= '0' &&
                                                     hit[strlen(sec) + 1] <= '9'))
                return true;
            hit = strstr(hit + 1, sec);
        }
        s = strstr(s + n, "\xc2\xa7");
    }
    return false;
}

/* Whether case file F names row R of PRESET: its preset, clause and rule word for word. */
static bool names_row(const file *f, const char *preset, const paifu_rule_check *r)
{
    char key[64];
    snprintf(key, sizeof(key), "\"preset\": \"%s\"", preset);
    return strstr(f->text, key) && strstr(f->text, r->clause) && strstr(f->text, r->rule);
}

/* Why the listed row R of PRESET has no test yet ("" when it is not listed). */
static const char *gap_reason(const char *preset, const paifu_rule_check *r)
{
    for (size_t i = 0; i < sizeof(GAPS) / sizeof(GAPS[0]); i++)
        if (!strcmp(GAPS[i][0], preset) && !strcmp(GAPS[i][1], r->clause) &&
            !strcmp(GAPS[i][2], r->rule))
            return GAPS[i][3];
    return "";
}

static bool in_gaps(const char *preset, const paifu_rule_check *r)
{
    for (size_t i = 0; i < sizeof(GAPS) / sizeof(GAPS[0]); i++)
        if (!strcmp(GAPS[i][0], preset) && !strcmp(GAPS[i][1], r->clause) &&
            !strcmp(GAPS[i][2], r->rule))
            return true;
    return false;
}

/* A C string literal of TEXT (quotes and backslashes escaped) on stdout. */
static void put_literal(const char *text)
{
    putchar('"');
    for (const char *p = text; *p; p++) {
        if (*p == '"' || *p == '\\')
            putchar('\\');
        putchar(*p);
    }
    putchar('"');
}

static void every_enforced_row_has_its_test(void **state)
{
    (void)state;
    walk(PAIFU_SOURCE_DIR "/tests");
    assert_true(n_files > 50);
    int missing = 0, stale = 0, tested = 0;
    bool regen = getenv("PAIFU_REGEN_GAPS") != NULL;
    for (size_t p = 0; p < paifu_rules_preset_count(); p++) {
        const char *preset = paifu_rules_preset_name(p);
        const paifu_rule_check *rows;
        size_t n = paifu_rules_checks(&rows, preset);
        for (size_t i = 0; i < n; i++) {
            const paifu_rule_check *r = &rows[i];
            if (r->status == PAIFU_CHECK_NOT_FROM_LOG || !r->findings[0])
                continue;
            const char *by = NULL;
            for (size_t k = 0; k < n_files && !by; k++)
                if (asserts_code(&files[k], r->findings) &&
                    (files[k].exact ? names_row(&files[k], preset, r) : cites(&files[k], r->clause)))
                    by = files[k].path;
            bool gap = in_gaps(preset, r);
            if (regen && !by) {
                printf("    {\"%s\", ", preset);
                put_literal(r->clause);
                printf(", ");
                put_literal(r->rule);
                printf(",\n     ");
                put_literal(gap_reason(preset, r));
                printf("},\n");
            }
            if (gap && !*gap_reason(preset, r)) {
                print_error("%s: \"%s\" (%s) is listed with no reason\n", preset, r->clause,
                            r->rule);
                missing++;
            }
            if (!by && !gap) {
                print_error("%s: \"%s\" (%s) claims %s, and no test cites it and asserts %s\n",
                            preset, r->clause, r->rule, paifu_rule_check_status_name(r->status),
                            r->findings);
                missing++;
            } else if (by && gap) {
                print_error("%s: \"%s\" has a test now (%s): take it off the gaps\n", preset,
                            r->clause, by);
                stale++;
            } else if (by) {
                tested++;
            }
        }
    }
    print_message("%d enforced rows shown by a test, %zu listed without one\n", tested,
                  sizeof(GAPS) / sizeof(GAPS[0]));
    assert_int_equal(missing, 0);
    assert_int_equal(stale, 0);
    for (size_t k = 0; k < n_files; k++) {
        free(files[k].path);
        free(files[k].text);
    }
    free(files);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_enforced_row_has_its_test),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
