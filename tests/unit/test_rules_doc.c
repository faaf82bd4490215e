/*
 * test_rules_doc.c: doc/rules.md is generated from the rule descriptor table
 * (lib/model/rules.c), the presets (lib/model/rules_presets.c) and the enforcement tables
 * (lib/model/rules_checks.c), and this test fails when the file and the tables disagree. That
 * keeps "every parameter and every preset documented in one place" true as parameters are
 * added. The page is a referee's first: how to choose and change a rule set, the presets, then
 * the tables; how it is made comes last. Regenerate with:
 *   PAIFU_REGEN_DOC=1 build/tests/test_rules_doc
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "rules_internal.h"
#include "text_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DOC_PATH PAIFU_SOURCE_DIR "/doc/rules.md"

typedef struct text {
    char *buf;
    size_t len, cap;
} text;

static void put(text *t, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void put(text *t, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        va_start(ap, fmt);
        int n = vsnprintf(t->buf + t->len, t->cap - t->len, fmt, ap);
        va_end(ap);
        assert_true(n >= 0);
        if (t->len + (size_t)n < t->cap) {
            t->len += (size_t)n;
            return;
        }
        t->cap = (t->cap + (size_t)n) * 2;
        t->buf = realloc(t->buf, t->cap);
        assert_non_null(t->buf);
    }
}

/* Markdown table cells: '|' must be escaped. */
static void put_cell(text *t, const char *s)
{
    for (; *s; s++)
        put(t, *s == '|' ? "\\|" : "%c", *s);
}

static void header(text *t)
{
    put(t, "# Rule sets: presets and parameters\n\n"
           "A game is checked under a rule set: a **preset** (the rules of one document, below) "
           "with any values changed by name. Without a choice, a game is checked under the rule "
           "set its log names (Tenhou, MahjongSoul, a paifu log's `rules`), else under `rrc`.\n\n"
           "## Choosing and changing the rule set\n\n"
           "- `--rules PRESET` checks every game under that preset, for example "
           "`paifu validate --rules ema2012 games/`.\n"
           "- `--rule KEY=VALUE` (repeatable) changes one parameter on top, for example "
           "`--rules ema --rule uma=30000,10000,-10000,-30000`. A finding whose rule turns on a "
           "changed value says so in its citation, with the value the preset's clause gives.\n"
           "- `--rules-file FILE` reads a rule file (`schemas/rules.schema.json`): "
           "`{\"preset\": \"ema\", \"overrides\": {\"kiriage\": true}}`. What "
           "`paifu rules show PRESET --format json` writes is a rule file too: save it, edit a "
           "value among its `parameters`, and check with it.\n"
           "- `paifu rules show PRESET` prints a preset's values and what paifu enforces of its "
           "document; `paifu rules params` lists the parameters.\n\n"
           "**Facts and rulings.** A parameter marked *fact of the log* describes the table the "
           "game was played at: its tile set (which fives are red, hence aka dora; the flowers; "
           "Norths set aside), its players and its length. A log that names its rule set keeps "
           "these under any other preset or rule file (`--rules`, `--rules-file`), which bring "
           "only the tournament's rulings (limits, uma and oka, chombo and penalties, abortive "
           "draws, standings, ...); only an explicit `--rule KEY=VALUE` overrides a fact (for "
           "example `--rule red_fives=0` checks a red-five log as if its fives were plain). "
           "The family (riichi or MCR) is a fact nothing changes: a game is refused, named with "
           "its file and number, under a rule set of the other family (an MCR log under `ema`: "
           "use `--rules mcr`), and the next game is checked. `paifu rules params` marks the "
           "same parameters.\n\n"
           "Sources are public documents and their sections: RRC 2024 = the Russian riichi "
           "community's Riichi Mahjong Rules and Regulations, version 1.0 of 30 December 2024 "
           "(Table 3 = its §12.1 Table 3, which compares rule sets); JHC 2016 = the Japanese "
           "House Cup 2016 regulations; EMA 2012 = the EMA Riichi Competition Rules, 2012 "
           "edition; MCR 2006 (Green Book) = the Mahjong Competition Rules, 81 fan; Tenhou rules "
           "and Mahjong Soul rules = the platforms' own published rules.\n\n");
    put(t, "## Presets\n\n| preset | what it is |\n|---|---|\n");
    for (size_t i = 0; i < paifu_rules_preset_count(); i++) {
        put(t, "| `%s` | ", paifu_rules_preset_name(i));
        put_cell(t, paifu_rules_preset_doc(i));
        put(t, " |\n");
    }
    put(t, "\n");
}

/* How this page is made, for whoever changes a parameter or a preset. */
static void footer(text *t)
{
    put(t, "## How this page is made\n\n"
           "This page is **generated** from the parameter table (`lib/model/rules.c`, the one "
           "place a parameter is defined and documented), the preset tables "
           "(`lib/model/rules_presets.c`) and the enforcement tables "
           "(`lib/model/rules_checks.c`); `tests/unit/test_rules_doc.c` fails when they "
           "disagree. Regenerate it with `PAIFU_REGEN_DOC=1 build/tests/test_rules_doc`. A "
           "program sets values with `paifu_rules_set()` (`lib/include/paifu/rules.h`); the "
           "engine reads parameters, never preset names.\n");
}

static void parameters(text *t)
{
    const char *group = "";
    for (size_t i = 0; i < paifu_rules_param_count(); i++) {
        const paifu_rule_param_info *p = paifu_rules_param(i);
        if (strcmp(p->group, group) != 0) {
            group = p->group;
            put(t, "## Parameters: %s\n\n| parameter | type | levels | default | meaning | "
                   "source |\n|---|---|---|---|---|---|\n", group);
        }
        struct paifu_rules defaults;
        char value[256];
        paifu_rules__defaults(&defaults);
        assert_int_equal(paifu_rules_get(value, sizeof(value), &defaults, p->name, NULL), 0);
        put(t, "| `%s` | %s | ", p->name, paifu_rule_type_name(p->type));
        put_cell(t, p->values[0] ? p->values : "-");
        put(t, " | `");
        put_cell(t, value);
        put(t, "` | ");
        if (p->fact)
            put(t, "*fact of the log:* ");
        put_cell(t, p->doc);
        put(t, " | ");
        put_cell(t, p->source);
        put(t, " |\n");
        if (i + 1 == paifu_rules_param_count() ||
            strcmp(paifu_rules_param(i + 1)->group, group) != 0)
            put(t, "\n");
    }
}

static void values_by_preset(text *t)
{
    size_t np = paifu_rules_preset_count();
    paifu_rules *r[16];
    assert_true(np <= 16);
    put(t, "## Values by preset\n\nA value in bold differs from the default; the next section "
           "gives the source of each.\n\n| parameter |");
    for (size_t i = 0; i < np; i++) {
        assert_int_equal(paifu_rules_preset(&r[i], paifu_rules_preset_name(i), NULL), 0);
        put(t, " `%s` |", paifu_rules_preset_name(i));
    }
    put(t, "\n|---|");
    for (size_t i = 0; i < np; i++)
        put(t, "---|");
    put(t, "\n");
    struct paifu_rules defaults;
    paifu_rules__defaults(&defaults);
    for (size_t k = 0; k < paifu_rules_param_count(); k++) {
        const char *name = paifu_rules_param(k)->name;
        char def[256], value[256];
        assert_int_equal(paifu_rules_get(def, sizeof(def), &defaults, name, NULL), 0);
        put(t, "| `%s` |", name);
        for (size_t i = 0; i < np; i++) {
            assert_int_equal(paifu_rules_get(value, sizeof(value), r[i], name, NULL), 0);
            bool same = strcmp(value, def) == 0;
            put(t, " %s", same ? "" : "**");
            put_cell(t, value[0] ? value : "(none)");
            put(t, "%s |", same ? "" : "**");
        }
        put(t, "\n");
    }
    for (size_t i = 0; i < np; i++)
        paifu_rules_free(r[i]);
    put(t, "\n");
}

static void preset_sources(text *t)
{
    put(t, "## Sources of the preset values\n\nEach preset starts from the defaults above and "
           "sets these parameters (`lib/model/rules_presets.c`).\n\n");
    for (size_t i = 0; i < paifu_rules__preset_count; i++) {
        const paifu_rule_preset *p = &paifu_rules__presets[i];
        put(t, "### `%s`\n\n%s.\n\n", p->name, p->doc);
        if (p->n_overrides == 0) {
            put(t, "No overrides: the defaults.\n\n");
            continue;
        }
        put(t, "| parameter | value | source |\n|---|---|---|\n");
        for (size_t j = 0; j < p->n_overrides; j++) {
            put(t, "| `%s` | `", p->overrides[j].key);
            put_cell(t, p->overrides[j].value[0] ? p->overrides[j].value : "(none)");
            put(t, "` | ");
            put_cell(t, p->overrides[j].source);
            put(t, " |\n");
        }
        put(t, "\n");
    }
}

/* What paifu enforces of each preset's document (lib/model/rules_checks.c). */
static const char *const GAPS[][4] = {
#include "rules_enforced_gaps.h"
};

/* Why ROW of PRESET, claimed enforced, has no test (test_rules_enforced.c); NULL: it has. */
static const char *untested(const char *preset, const paifu_rule_check *row)
{
    for (size_t i = 0; i < sizeof(GAPS) / sizeof(GAPS[0]); i++)
        if (!strcmp(GAPS[i][0], preset) && !strcmp(GAPS[i][1], row->clause) &&
            !strcmp(GAPS[i][2], row->rule))
            return GAPS[i][3];
    return NULL;
}

static void enforcement(text *t)
{
    put(t, "## What paifu enforces, document by document\n\n"
           "For each preset, every rule of its document: **enforced** (checked on every log, "
           "score sheets included), **enforced on tile logs only** (needs the deal's tiles) or "
           "**cannot be checked from a log** (the clock, etiquette, ...), with the parameters "
           "that carry it and the finding codes that report a breach "
           "(`lib/model/rules_checks.c`; `paifu rules show PRESET` prints the same). A status "
           "followed by *(no test yet)* is claimed by the code but no test under `tests/` cites "
           "the clause and asserts one of its findings: `tests/unit/test_rules_enforced.c` "
           "keeps that list (`tests/unit/rules_enforced_gaps.h`) true, and it only shrinks; "
           "each such row's reason is listed under its preset's table.\n\n");
    for (size_t i = 0; i < paifu_rules_preset_count(); i++) {
        const paifu_rule_check *rows;
        size_t n = paifu_rules_checks(&rows, paifu_rules_preset_name(i));
        size_t every = 0, tiles = 0, tested = 0, referee = 0;
        for (size_t r = 0; r < n; r++) {
            if (rows[r].status == PAIFU_CHECK_NOT_FROM_LOG) {
                referee++;
                continue;
            }
            every += rows[r].status == PAIFU_CHECK_ENFORCED;
            tiles += rows[r].status == PAIFU_CHECK_TILE_LOGS;
            tested += !untested(paifu_rules_preset_name(i), &rows[r]);
        }
        put(t, "### `%s`\n\n%zu rules of its document: paifu enforces %zu (%zu on every log, %zu "
               "on tile logs only), %zu of them with a test and %zu with none yet; %zu %s left to "
               "the referee, because no log records them:\n\n",
            paifu_rules_preset_name(i), n, every + tiles, every, tiles, tested,
            every + tiles - tested, referee, referee == 1 ? "is" : "are");
        for (size_t r = 0; r < n; r++)
            if (rows[r].status == PAIFU_CHECK_NOT_FROM_LOG) {
                put(t, "- ");
                put_cell(t, rows[r].clause);
                put(t, ": ");
                put_cell(t, rows[r].rule);
                put(t, "\n");
            }
        put(t, "%s| clause | rule | status | parameters | findings |\n|---|---|---|---|---|\n",
            referee ? "\n" : "");
        for (size_t r = 0; r < n; r++) {
            put(t, "| ");
            put_cell(t, rows[r].clause);
            put(t, " | ");
            put_cell(t, rows[r].rule);
            put(t, " | %s%s | ", paifu_rule_check_status_name(rows[r].status),
                untested(paifu_rules_preset_name(i), &rows[r]) ? " *(no test yet)*" : "");
            put_cell(t, rows[r].params[0] ? rows[r].params : "-");
            put(t, " | ");
            put_cell(t, rows[r].findings[0] ? rows[r].findings : "-");
            put(t, " |\n");
        }
        bool first = true;
        for (size_t r = 0; r < n; r++) {
            const char *why = untested(paifu_rules_preset_name(i), &rows[r]);
            if (!why)
                continue;
            put(t, "%s- ", first ? "\nWhy a row has no test yet:\n\n" : "");
            first = false;
            put_cell(t, rows[r].clause);
            put(t, " (");
            put_cell(t, rows[r].rule);
            put(t, "): ");
            put_cell(t, why);
            put(t, "\n");
        }
        put(t, "\n");
    }
}

static char *read_file(const char *path)
{
    return load(path).s;
}

static void doc_matches_tables(void **state)
{
    (void)state;
    text t = {NULL, 0, 0};
    header(&t);
    parameters(&t);
    values_by_preset(&t);
    preset_sources(&t);
    enforcement(&t);
    footer(&t);
    const char *regen = getenv("PAIFU_REGEN_DOC");
    if (regen && strcmp(regen, "1") == 0) {
        FILE *f = fopen(DOC_PATH, "wb");
        assert_non_null(f);
        assert_int_equal(fwrite(t.buf, 1, t.len, f), t.len);
        fclose(f);
    }
    char *doc = read_file(DOC_PATH);
    if (!doc || strcmp(doc, t.buf) != 0) {
        size_t at = 0;
        while (doc && doc[at] && doc[at] == t.buf[at])
            at++;
        free(doc);
        free(t.buf);
        fail_msg("doc/rules.md is %s the rule tables (first difference at byte %zu); regenerate "
                 "it with PAIFU_REGEN_DOC=1 and commit it",
                 doc ? "out of date with" : "missing for", at);
    }
    /* every parameter and preset name appears, in code font */
    for (size_t i = 0; i < paifu_rules_param_count(); i++) {
        char name[80];
        snprintf(name, sizeof(name), "`%s`", paifu_rules_param(i)->name);
        assert_non_null(strstr(doc, name));
    }
    free(doc);
    free(t.buf);
}

/* Words that mark a citation of a file a reader of the report does not have, or a guess. */
static const char *const not_public[] = {".md", "seed", "t3-", "likely", "000 ", "003 ", "004 "};

static void cites_public(const char *what, const char *source)
{
    for (size_t i = 0; i < sizeof(not_public) / sizeof(not_public[0]); i++)
        if (strstr(source, not_public[i]))
            fail_msg("%s cites \"%s\", not a public document: %s", what, not_public[i], source);
}

/* Every preset names the document and version it implements, led by its citation name (what a
   finding of a game under it cites when paifu's notes are the only reference), and every source
   of a parameter or a preset value cites a public document. */
static void presets_cite_documents(void **state)
{
    (void)state;
    static const struct {
        const char *preset, *citation, *version;
    } want[] = {
        {"rrc", "RRC 2024: ", "version 1.0 of 30 December 2024"},
        {"ema", "RRC 2024 Table 3 (EMA): ", "version 1.0 of 30 December 2024"},
        {"ema2012", "EMA 2012: ", "edition of 8 January 2012"},
        {"wrc", "RRC 2024 Table 3 (WRC): ", "version 1.0 of 30 December 2024"},
        {"jhc2016", "JHC 2016: ", "2016"},
        {"tenhou", "Tenhou's rules: ", "as in force on the log's date"},
        {"majsoul", "MahjongSoul's rules: ", "as in force on the log's date"},
        {"mcr", "MCR 2006 (Green Book): ", "2006"},
    };
    assert_int_equal(paifu_rules_preset_count(), sizeof(want) / sizeof(want[0]));
    for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
        size_t k = 0;
        while (k < paifu_rules_preset_count() && strcmp(paifu_rules_preset_name(k), want[i].preset))
            k++;
        assert_true(k < paifu_rules_preset_count());
        const char *doc = paifu_rules_preset_doc(k);
        if (strncmp(doc, want[i].citation, strlen(want[i].citation)) != 0 ||
            !strstr(doc, want[i].version))
            fail_msg("preset %s: expected \"%s...%s\", found \"%s\"", want[i].preset,
                     want[i].citation, want[i].version, doc);
        cites_public(want[i].preset, doc);
    }
    for (size_t i = 0; i < paifu_rules_param_count(); i++)
        cites_public(paifu_rules_param(i)->name, paifu_rules_param(i)->source);
    for (size_t i = 0; i < paifu_rules__preset_count; i++)
        for (size_t j = 0; j < paifu_rules__presets[i].n_overrides; j++)
            cites_public(paifu_rules__presets[i].overrides[j].key,
                         paifu_rules__presets[i].overrides[j].source);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(doc_matches_tables),
        cmocka_unit_test(presets_cite_documents),
    };
    return cmocka_run_group_tests_name("rules_doc", tests, NULL, NULL);
}
