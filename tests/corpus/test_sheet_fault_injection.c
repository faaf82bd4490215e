/*
 * test_sheet_fault_injection.c: faults written into every score sheet, each to be caught at its
 * line and deal (issue 13).
 *
 * Sheets: the Pantheon sheets of the corpus (pantheon-results, verified under EMA as the corpus
 * is) and of samples/ (pantheon-*.txt), the paifu JSON conversions of those (made here through
 * the API), and the result-only paifu JSON sessions of samples/ (session-*.paifu.json, under the
 * rules they name). Every unedited sheet must verify clean, except the corpus lines listed in
 * KNOWN (real mistakes of Pantheon's test data, asserted to be found where they are). Then, one
 * fault at a time, on every line it applies to:
 *
 *   han_sum        a dora more in the yaku list, the han kept          (Pantheon text)
 *   han_fu_pair    25 fu on a hand without chiitoitsu (30 on one with)  (Pantheon text)
 *   riichi_yaku    the first yaku replaced by riichi for a winner who
 *                  declared none                                        (Pantheon text)
 *   wrong_winner   another player as the winner                         (Pantheon text)
 *   twice_winner   the winner again after "also"                        (Pantheon text)
 *   missing_stick  a riichi deposit struck from the list                (Pantheon text)
 *   extra_stick    a riichi deposit added for a winner without riichi
 *                  among the yaku, or a noten player at a draw          (Pantheon text)
 *   final_score    1000 moved between two players' final points         (Pantheon text)
 *   payment        a win's deltas changed (JSON: conversions get impossible
 *                  deltas, sessions 1000 moved from the payer to the winner)
 *   abortive       a deal's outcome replaced by a nine-terminals draw under rules without
 *                  abortive draws (JSON conversions under EMA, EMA and WRC sessions)
 *
 * A fault is "caught at its line and deal" when a finding the unedited sheet does not have names
 * the edited line (or the first line of the deal's statement) and the deal's true label
 * (final_score: the points line, no deal); "listed" when a game-level sheet.totals names the
 * line among the deals whose single edit reconciles the final points; "caught elsewhere" when
 * only other new findings appear (e.g. the final points at game level). The shares are printed
 * per kind, with, for a wrong winner and a deposit struck, how many were localised by a
 * sheet.totals naming the undoing edit ("the winner of E2-0 is player3", "player1 declared
 * riichi") and how many lines a listing names on average. Kinds a sheet can always tell are
 * asserted at 100%; for the others (a sheet may legitimately leave a deposit or a winner
 * unchecked, and the arithmetic of the final points may fit several deals) the test asserts the
 * shares below and that none is caught at a wrong line.
 */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h> /* in a block of its own: after the headers it needs */

#include "paifu.h"
#include "text_file.h"

typedef file_text text;
#include "write_sink.h"

/* ---- text ---- */

#define MAX_LINES 512

/* The lines of a text (borrowed copies, '\n' stripped). */
typedef struct lines {
    int n;
    char *line[MAX_LINES];
} lines;

static void split(lines *l, const char *s)
{
    l->n = 0;
    while (*s && l->n < MAX_LINES) {
        const char *nl = strchr(s, '\n');
        size_t len = nl ? (size_t)(nl - s) : strlen(s);
        l->line[l->n] = malloc(len + 1);
        memcpy(l->line[l->n], s, len);
        l->line[l->n][len] = '\0';
        l->n++;
        if (!nl)
            break;
        s = nl + 1;
    }
}

static void free_lines(lines *l)
{
    for (int i = 0; i < l->n; i++)
        free(l->line[i]);
    l->n = 0;
}

/* The text with line AT (0-based) replaced by REP. Owned by the caller. */
static char *join_with(const lines *l, int at, const char *rep)
{
    size_t size = 1;
    for (int i = 0; i < l->n; i++)
        size += strlen(i == at ? rep : l->line[i]) + 1;
    char *out = malloc(size), *p = out;
    for (int i = 0; i < l->n; i++) {
        const char *s = i == at ? rep : l->line[i];
        size_t k = strlen(s);
        memcpy(p, s, k);
        p += k;
        *p++ = '\n';
    }
    *p = '\0';
    return out;
}

/* A copy of S with the LEN bytes at AT replaced by REP. */
static char *replaced(const char *s, size_t at, size_t len, const char *rep)
{
    size_t n = strlen(s), r = strlen(rep);
    char *out = malloc(n - len + r + 1);
    memcpy(out, s, at);
    memcpy(out + at, rep, r);
    memcpy(out + at + r, s + at + len, n - at - len + 1);
    return out;
}

/* The words of a Pantheon line, '(' and ')' apart. */
typedef struct words {
    int n;
    size_t at[64], len[64];
} words;

static void split_words(words *w, const char *s)
{
    w->n = 0;
    size_t k = 0, n = strlen(s);
    while (k < n && w->n < 64) {
        while (k < n && (s[k] == ' ' || s[k] == '\t'))
            k++;
        if (k >= n)
            break;
        w->at[w->n] = k;
        if (s[k] == '(' || s[k] == ')') {
            w->len[w->n++] = 1;
            k++;
            continue;
        }
        while (k < n && s[k] != ' ' && s[k] != '\t' && s[k] != '(' && s[k] != ')')
            k++;
        w->len[w->n] = k - w->at[w->n];
        w->n++;
    }
}

static bool word_is(const char *s, const words *w, int i, const char *x)
{
    return i >= 0 && i < w->n && w->len[i] == strlen(x) && strncmp(s + w->at[i], x, w->len[i]) == 0;
}

static bool word_ends(const char *s, const words *w, int i, const char *suffix)
{
    size_t k = strlen(suffix);
    return i >= 0 && i < w->n && w->len[i] > k &&
           strncmp(s + w->at[i] + w->len[i] - k, suffix, k) == 0 && s[w->at[i]] >= '0' &&
           s[w->at[i]] <= '9';
}

static int find_word(const char *s, const words *w, const char *x)
{
    for (int i = 0; i < w->n; i++)
        if (word_is(s, w, i, x))
            return i;
    return -1;
}

/* ---- verification ---- */

typedef struct found {
    char code[40];
    uint32_t line;
    char deal[16];
    int event;
    char expected[160]; /* of a game-level sheet.totals: the candidate lines */
    char message[200];  /* of a sheet.totals at a deal: the edits that fit, when several */
} found;

typedef struct result {
    bool read_ok;
    int n;
    found f[64];
    /* the deals' true labels and lines (first game) */
    int deals;
    uint32_t deal_line[64];
    char label[64][16];
} result;

static void verify(result *res, const char *data, const char *name, const char *fallback)
{
    memset(res, 0, sizeof(*res));
    paifu_read_options ro = PAIFU_READ_OPTIONS_INIT;
    ro.source_name = name;
    paifu_reader *r;
    paifu_error err;
    paifu_error_clear(&err);
    if (paifu_reader_open_buffer(&r, data, strlen(data), &ro, &err) < 0)
        return;
    const paifu_game *g;
    paifu_report *rep;
    assert_int_equal(paifu_report_new(&rep, &err), 0);
    int rc, games = 0;
    while ((rc = paifu_reader_next(&g, r, &err)) > 0) {
        paifu_rules *rules;
        assert_int_equal(paifu_game_rules(&rules, g, fallback, &err), 0);
        paifu_verify_options vo = PAIFU_VERIFY_OPTIONS_INIT;
        vo.source_name = name;
        vo.game_index = games;
        assert_int_equal(paifu_verify_game(rep, g, rules, &vo, &err), 0);
        if (games++ == 0) {
            size_t n = paifu_game_deal_count(g);
            paifu_deal_start *st = calloc(n + 1, sizeof(*st));
            assert_int_equal(paifu_game_deal_starts(st, n, g, rules, &err), 0);
            for (size_t d = 0; d < n && d < 64; d++) {
                res->deal_line[d] = paifu_game_deal(g, d)->line;
                paifu_deal_label(res->label[d], sizeof(res->label[d]), &st[d]);
            }
            res->deals = (int)(n < 64 ? n : 64);
            free(st);
        }
        paifu_rules_free(rules);
    }
    res->read_ok = rc == 0 && games > 0;
    for (size_t i = 0; i < paifu_report_count(rep) && res->n < 64; i++) {
        const paifu_finding *f = paifu_report_finding(rep, i);
        found *x = &res->f[res->n++];
        snprintf(x->code, sizeof(x->code), "%s", f->code);
        x->line = f->where.line;
        x->event = f->where.event;
        snprintf(x->deal, sizeof(x->deal), "%s", f->where.deal);
        snprintf(x->expected, sizeof(x->expected), "%s", f->expected);
        snprintf(x->message, sizeof(x->message), "%s", f->message);
    }
    paifu_report_free(rep);
    paifu_reader_free(r);
}

/* The true label of the deal written at LINE (1-based): the last deal starting at or before. */
static const char *label_at(const result *base, uint32_t line)
{
    const char *l = "";
    for (int d = 0; d < base->deals; d++)
        if (base->deal_line[d] && base->deal_line[d] <= line)
            l = base->label[d];
    return l;
}

/* The line the deal written at LINE starts on. */
static uint32_t deal_line_at(const result *base, uint32_t line)
{
    uint32_t at = 0;
    for (int d = 0; d < base->deals; d++)
        if (base->deal_line[d] && base->deal_line[d] <= line)
            at = base->deal_line[d];
    return at;
}

static bool in_base(const result *base, const found *f)
{
    for (int i = 0; i < base->n; i++)
        if (strcmp(base->f[i].code, f->code) == 0 && base->f[i].line == f->line &&
            strcmp(base->f[i].deal, f->deal) == 0 && base->f[i].event == f->event)
            return true;
    return false;
}

/* ---- tallies ---- */

enum kind {
    K_HAN_SUM,
    K_PAIR,
    K_RIICHI_YAKU,
    K_WRONG_WINNER,
    K_TWICE_WINNER,
    K_MISSING_STICK,
    K_EXTRA_STICK,
    K_FINAL,
    K_PAYMENT,
    K_ABORTIVE,
    K_COUNT
};
static const char *const KIND_NAME[K_COUNT] = {
    "han_sum",       "han_fu_pair", "riichi_yaku", "wrong_winner", "twice_winner",
    "missing_stick", "extra_stick", "final_score", "payment",      "abortive"};

typedef struct tally {
    int applied, at_line, listed, elsewhere, missed, wrong_place;
    int by_totals;    /* of at_line: by a sheet.totals finding naming the edit that undoes it */
    int lines_listed; /* of listed: the deals listed, in all */
} tally;

/* The edit a sheet.totals finding at the fault's line must name (wrong winner, missing stick:
   the undoing edit), else NULL. */
static const char *EDIT;

/* A game-level sheet.totals finding that lists LINE among the deals whose edit fits
   (expected "one of lines 3, 9, 12"). */
static bool lists_line(const found *f, uint32_t line)
{
    const char *p = strstr(f->expected, "one of lines ");
    if (strcmp(f->code, "sheet.totals") != 0 || f->deal[0] || !p)
        return false;
    for (p += 13; *p;) {
        char *end;
        unsigned long n = strtoul(p, &end, 10);
        if (end == p)
            break;
        if (n == line)
            return true;
        p = end;
        while (*p == ',' || *p == ' ')
            p++;
    }
    return false;
}
static tally TALLY[K_COUNT];

/*
 * Verify one faulty copy. A text sheet's fault is at LINE (1-based) in the deal written there;
 * a JSON sheet (whose findings name no line) at event EVENT of deal DEAL (0-based). DEAL < 0:
 * a game-level fault at LINE.
 */
static void judge(enum kind k, const result *base, const char *data, const char *name,
                  const char *fallback, uint32_t line, int deal, int event)
{
    result r;
    verify(&r, data, name, fallback);
    tally *t = &TALLY[k];
    t->applied++;
    if (!r.read_ok) { /* a refusal names its place: counted as caught at the line */
        t->at_line++;
        return;
    }
    const char *want = deal >= 0 && deal < base->deals ? base->label[deal]
                       : deal == -1                    ? label_at(base, line)
                                                       : "";
    bool json = deal >= 0;
    bool at = false, other = false, listed = false, totals = false;
    for (int i = 0; i < r.n; i++) {
        const found *f = &r.f[i];
        if (in_base(base, f))
            continue;
        /* a text fault: at its line, or at the first line of the deal's statement (a riichi
           list on a wrapped "also" line belongs to the whole deal) */
        bool place = json ? f->event == event && strcmp(f->deal, want) == 0
                          : f->line == line || (f->line && f->line == deal_line_at(base, line));
        if (place && strcmp(f->deal, want) == 0) {
            at = true;
            /* the edit: the expected value when it is the one, in the message among several */
            if (EDIT && strcmp(f->code, "sheet.totals") == 0 &&
                (strstr(f->message, EDIT) || strstr(f->expected, EDIT)))
                totals = true;
        } else if (place)
            t->wrong_place++;
        else if (!json && lists_line(f, line)) {
            listed = true;
            t->lines_listed += 1;
            for (const char *c = f->expected; (c = strchr(c, ',')); c++)
                t->lines_listed++;
        } else
            other = true;
    }
    t->by_totals += at && totals;
    if (at)
        t->at_line++;
    else if (listed)
        t->listed++;
    else if (other)
        t->elsewhere++;
    else
        t->missed++;
    if (getenv("PAIFU_SHEET_FAULTS_VERBOSE") && at && EDIT && !totals)
        fprintf(stderr, "%s %s line %u: caught at the line, not by sheet.totals naming \"%s\"\n",
                KIND_NAME[k], name, line, EDIT);
    if (getenv("PAIFU_SHEET_FAULTS_VERBOSE") && !at)
        fprintf(stderr, "%s %s line %u: %s\n", KIND_NAME[k], name, line,
                listed  ? "listed among the deals that fit the final points"
                : other ? "caught elsewhere"
                        : "missed");
}

/* ---- the known real mistakes of the corpus ---- */

static const struct {
    const char *file; /* the Pantheon sheet (and its JSON conversion) */
    const char *deal;
    const char *code;
    const char *why;
} KNOWN[] = {
    {"games-05.txt", "S1-1", "sheet.fu", /* line 8 */
     "ron 3han 20fu (riichi pinfu dora): a pinfu ron scores 30 fu (yaku.md 5); the corpus' other "
     "pinfu rons all have 30 fu"},
    {"games-22.txt", "S1-5", "penalty.noten_riichi", /* line 12 */
     "draw tempai nobody riichi player11: a riichi player recorded noten at the draw, no chombo"},
};

static void check_clean(const result *base, const char *name)
{
    const char *file = strrchr(name, '/') ? strrchr(name, '/') + 1 : name;
    int known = 0;
    for (size_t k = 0; k < sizeof(KNOWN) / sizeof(KNOWN[0]); k++)
        if (strncmp(file, KNOWN[k].file, strlen(KNOWN[k].file)) == 0) {
            bool seen = false;
            for (int i = 0; i < base->n; i++)
                seen = seen || (strcmp(base->f[i].deal, KNOWN[k].deal) == 0 &&
                                strcmp(base->f[i].code, KNOWN[k].code) == 0);
            if (!seen)
                fail_msg("%s: the known mistake in deal %s (%s) is not found", name, KNOWN[k].deal,
                         KNOWN[k].why);
            known++;
        }
    if (base->n != known) {
        for (int i = 0; i < base->n; i++)
            fprintf(stderr, "%s:%u: %s [%s]\n", name, base->f[i].line, base->f[i].code,
                    base->f[i].deal);
        fail_msg("%s: the unedited sheet has %d findings, %d known", name, base->n, known);
    }
}

/* ---- Pantheon text faults ---- */

static bool outcome_line(const char *s, const words *w)
{
    return word_is(s, w, 0, "ron") || word_is(s, w, 0, "tsumo") || word_is(s, w, 0, "also");
}

/* The players named in the points line. */
typedef struct roster {
    int n;
    char name[4][64];
} roster;

static void read_roster(roster *ro, const char *header)
{
    ro->n = 0;
    const char *p = header;
    while (*p && ro->n < 4) {
        while (*p == ' ')
            p++;
        const char *c = strchr(p, ':');
        if (!c)
            break;
        snprintf(ro->name[ro->n], sizeof(ro->name[0]), "%.*s", (int)(c - p), p);
        ro->n++;
        p = c + 1;
        while (*p && *p != ' ')
            p++;
    }
}

/* Index of the winner word: after ron/tsumo/also. */
static int winner_word(const char *s, const words *w)
{
    (void)s;
    return w->n > 1 ? 1 : -1;
}

/* The riichi list of a chunk: word index of "riichi" after the yaku list, or -1. */
static int riichi_word(const char *s, const words *w)
{
    int close = find_word(s, w, ")");
    for (int i = close >= 0 ? close + 1 : 2; i < w->n; i++)
        if (word_is(s, w, i, "riichi"))
            return i;
    return -1;
}

static bool listed_in_riichi(const char *s, const words *w, int rw, const char *who)
{
    for (int i = rw + 1; rw >= 0 && i < w->n; i++)
        if (word_is(s, w, i, who))
            return true;
    return false;
}

static bool yaku_has(const char *s, const words *w, const char *y)
{
    int open = find_word(s, w, "("), close = find_word(s, w, ")");
    for (int i = open + 1; open >= 0 && i < close; i++)
        if (word_is(s, w, i, y))
            return true;
    return false;
}

static void pantheon_faults(const char *name, const text *t, const char *fallback)
{
    result base;
    verify(&base, t->s, name, fallback);
    assert_true(base.read_ok);
    check_clean(&base, name);
    lines l;
    split(&l, t->s);
    int header = 0;
    while (header < l.n && !strchr(l.line[header], ':'))
        header++;
    roster ro;
    read_roster(&ro, l.line[header]);
    /* final score: 1000 from the second player to the first */
    {
        char buf[512];
        const char *h = l.line[header];
        const char *c1 = strchr(h, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
        if (c1 && c2) {
            long p1 = strtol(c1 + 1, NULL, 10), p2 = strtol(c2 + 1, NULL, 10);
            char v[32];
            snprintf(v, sizeof(v), "%ld", p1 + 1000);
            size_t len1 = strspn(c1 + 1, "-0123456789");
            char *a = replaced(h, (size_t)(c1 + 1 - h), len1, v);
            const char *c2b = strchr(strchr(a, ':') + 1, ':');
            snprintf(v, sizeof(v), "%ld", p2 - 1000);
            char *b = replaced(a, (size_t)(c2b + 1 - a), strspn(c2b + 1, "-0123456789"), v);
            snprintf(buf, sizeof(buf), "%s", b);
            char *data = join_with(&l, header, buf);
            judge(K_FINAL, &base, data, name, fallback, (uint32_t)header + 1, -2, -1);
            free(data);
            free(a);
            free(b);
        }
    }
    for (int i = header + 1; i < l.n; i++) {
        const char *s = l.line[i];
        words w;
        split_words(&w, s);
        uint32_t line = (uint32_t)i + 1;
        char *edit = NULL;
        if (word_is(s, &w, 0, "draw")) {
            /* extra stick: a noten player's deposit (tenpai players listed after "tempai") */
            int rw = find_word(s, &w, "riichi");
            for (int p = 0; p < ro.n; p++) {
                bool tenpai = false, has = false;
                for (int k = 2; k < (rw >= 0 ? rw : w.n); k++)
                    tenpai = tenpai || word_is(s, &w, k, ro.name[p]) || word_is(s, &w, k, "all");
                has = listed_in_riichi(s, &w, rw, ro.name[p]);
                if (tenpai || has)
                    continue;
                char add[128];
                snprintf(add, sizeof(add), "%s%s", rw >= 0 ? " " : " riichi ", ro.name[p]);
                edit = replaced(s, strlen(s), 0, add);
                char *data = join_with(&l, i, edit);
                judge(K_EXTRA_STICK, &base, data, name, fallback, line, -1, -1);
                free(data);
                free(edit);
                break;
            }
        }
        if (!outcome_line(s, &w))
            continue;
        int han = -1, fu = -1, open = find_word(s, &w, "("), close = find_word(s, &w, ")");
        for (int k = 0; k < w.n; k++) {
            if (word_ends(s, &w, k, "han"))
                han = k;
            if (word_ends(s, &w, k, "fu"))
                fu = k;
        }
        int ww = winner_word(s, &w);
        char winner[64] = "";
        if (ww >= 0)
            snprintf(winner, sizeof(winner), "%.*s", (int)w.len[ww], s + w.at[ww]);
        int rw = riichi_word(s, &w);
        bool winner_riichi = listed_in_riichi(s, &w, rw, winner);
        /* han sum: one dora more, the han kept */
        if (han >= 0 && open >= 0 && close > open) {
            int dw = find_word(s, &w, "dora");
            if (dw >= 0 && dw + 1 < close && s[w.at[dw + 1]] >= '0' && s[w.at[dw + 1]] <= '9') {
                char v[16];
                snprintf(v, sizeof(v), "%d", atoi(s + w.at[dw + 1]) % 100 + 1);
                edit = replaced(s, w.at[dw + 1], w.len[dw + 1], v);
            } else if (dw >= 0) {
                edit = replaced(s, w.at[dw], w.len[dw], "dora 2");
            } else {
                edit = replaced(s, w.at[close], 0, " dora");
            }
            char *data = join_with(&l, i, edit);
            judge(K_HAN_SUM, &base, data, name, fallback, line, -1, -1);
            free(data);
            free(edit);
        }
        /* an impossible han/fu pair */
        if (fu >= 0) {
            edit =
                replaced(s, w.at[fu], w.len[fu], yaku_has(s, &w, "chiitoitsu") ? "30fu" : "25fu");
            char *data = join_with(&l, i, edit);
            judge(K_PAIR, &base, data, name, fallback, line, -1, -1);
            free(data);
            free(edit);
        }
        /* a riichi yaku for a winner who declared none */
        if (open >= 0 && close > open + 1 && !winner_riichi && !yaku_has(s, &w, "riichi") &&
            !word_is(s, &w, han >= 0 ? han + 0 : 0, "yakuman") && find_word(s, &w, "yakuman") < 0 &&
            !word_is(s, &w, open + 1, "dora")) {
            edit = replaced(s, w.at[open + 1], w.len[open + 1], "riichi");
            char *data = join_with(&l, i, edit);
            judge(K_RIICHI_YAKU, &base, data, name, fallback, line, -1, -1);
            free(data);
            free(edit);
        }
        /* another player as the winner */
        if (ww >= 0) {
            const char *loser = NULL;
            int fw = find_word(s, &w, "from");
            char lname[64] = "";
            if (fw >= 0 && fw + 1 < w.n) {
                snprintf(lname, sizeof(lname), "%.*s", (int)w.len[fw + 1], s + w.at[fw + 1]);
                loser = lname;
            }
            for (int p = 0; p < ro.n; p++) {
                if (strcmp(ro.name[p], winner) == 0 || (loser && strcmp(ro.name[p], loser) == 0))
                    continue;
                if (word_is(s, &w, 0, "also"))
                    break; /* the discarder is on another line */
                edit = replaced(s, w.at[ww], w.len[ww], ro.name[p]);
                char *data = join_with(&l, i, edit);
                char undo[96]; /* what sheet.totals must name: the true winner */
                snprintf(undo, sizeof(undo), " is %s", winner);
                EDIT = undo;
                judge(K_WRONG_WINNER, &base, data, name, fallback, line, -1, -1);
                EDIT = NULL;
                free(data);
                free(edit);
                break;
            }
        }
        /* the same winner again after "also" (ron only) */
        if (word_is(s, &w, 0, "ron") && han >= 0 && fu >= 0) {
            char add[160];
            snprintf(add, sizeof(add), " also %s %.*s %.*s", winner, (int)w.len[han], s + w.at[han],
                     (int)w.len[fu], s + w.at[fu]);
            /* before the riichi list, after the yaku */
            size_t at = rw >= 0 ? w.at[rw] - 1 : strlen(s);
            edit = replaced(s, at, 0, add);
            char *data = join_with(&l, i, edit);
            judge(K_TWICE_WINNER, &base, data, name, fallback, line, -1, -1);
            free(data);
            free(edit);
        }
        /* a deposit struck: the first listed player who is not the winner (a winner's own
           deposit may be left out of a sheet) */
        if (rw >= 0) {
            for (int k = rw + 1; k < w.n; k++) {
                if (word_is(s, &w, k, winner))
                    continue;
                bool only = rw + 2 == w.n;
                edit = only ? replaced(s, w.at[rw] - 1, strlen(s) - w.at[rw] + 1, "")
                            : replaced(s, w.at[k] - 1, w.len[k] + 1, "");
                char *data = join_with(&l, i, edit);
                char undo[96]; /* what sheet.totals must name: the deposit struck */
                snprintf(undo, sizeof(undo), "%.*s declared riichi", (int)w.len[k], s + w.at[k]);
                EDIT = undo;
                judge(K_MISSING_STICK, &base, data, name, fallback, line, -1, -1);
                EDIT = NULL;
                free(data);
                free(edit);
                break;
            }
        }
        /* a deposit added for a winner without riichi among its yaku */
        if (!winner_riichi && open >= 0 && !yaku_has(s, &w, "riichi") &&
            find_word(s, &w, "yakuman") < 0 && !word_is(s, &w, 0, "also")) {
            char add[128];
            snprintf(add, sizeof(add), "%s%s", rw >= 0 ? " " : " riichi ", winner);
            size_t at = rw >= 0 ? w.at[rw] + w.len[rw] : w.at[close] + 1;
            edit = replaced(s, at, 0, add);
            char *data = join_with(&l, i, edit);
            judge(K_EXTRA_STICK, &base, data, name, fallback, line, -1, -1);
            free(data);
            free(edit);
        }
    }
    free_lines(&l);
}

/* ---- JSON faults ---- */

static void json_faults(const char *name, const char *json, const char *fallback, bool abortive)
{
    result base;
    verify(&base, json, name, fallback);
    assert_true(base.read_ok);
    check_clean(&base, name);
    lines l;
    split(&l, json);
    int deal = -1, event = -1; /* of the line, 0-based */
    for (int i = 0; i < l.n; i++) {
        const char *s = l.line[i];
        uint32_t line = (uint32_t)i + 1;
        if (strstr(s, "\"events\": [")) {
            deal++;
            event = -1;
        }
        if (strstr(s, "\"type\": "))
            event++;
        const char *win = strstr(s, "\"type\": \"win\"");
        const char *draw = strstr(s, "\"type\": \"exhaustive_draw\"");
        if (win) {
            int seat = -1, from = -1;
            const char *p = strstr(s, "\"seat\": "), *q = strstr(s, "\"from\": ");
            if (p)
                seat = atoi(p + 8);
            if (q)
                from = atoi(q + 8);
            const char *d = strstr(s, "\"deltas\": [");
            char *edit;
            if (d) { /* 1000 more to the winner from the payer */
                int v[4] = {0}, n = 0;
                const char *c = d + 11;
                while (n < 4 && *c && *c != ']') {
                    v[n++] = (int)strtol(c, (char **)&c, 10);
                    while (*c == ',' || *c == ' ')
                        c++;
                }
                int payer = from != seat && from >= 0 ? from : (seat + 1) % n;
                v[seat] += 1000;
                v[payer] -= 1000;
                char rep[96];
                size_t k = 0;
                for (int j = 0; j < n; j++)
                    k += (size_t)snprintf(rep + k, sizeof(rep) - k, "%s%d", j ? ", " : "", v[j]);
                size_t at = (size_t)(d + 11 - s);
                edit = replaced(s, at, (size_t)(strchr(d, ']') - (d + 11)), rep);
            } else { /* deltas no payment can have: 100 (ron) or 100 from each (tsumo) */
                int v[4] = {0};
                int players = 4;
                if (from != seat && from >= 0) {
                    v[seat] = 100;
                    v[from] = -100;
                } else {
                    for (int j = 0; j < players; j++)
                        v[j] = j == seat ? 300 : -100;
                }
                char rep[96];
                snprintf(rep, sizeof(rep), ", \"deltas\": [%d, %d, %d, %d]}", v[0], v[1], v[2],
                         v[3]);
                const char *end = strrchr(s, '}');
                edit = replaced(s, (size_t)(end - s), 1, rep);
            }
            char *data = join_with(&l, i, edit);
            judge(K_PAYMENT, &base, data, name, fallback, line, deal, event);
            free(data);
            free(edit);
        }
        if (abortive && (draw || win)) {
            /* the deal's outcome as a nine-terminals draw (a single win or a draw only) */
            bool single = true;
            if (win)
                for (int k = i - 1; k >= 0 && !strstr(l.line[k], "\"events\""); k--)
                    single = single && !strstr(l.line[k], "\"type\": \"win\"");
            if (win && i + 1 < l.n && strstr(l.line[i + 1], "\"type\": \"win\""))
                single = false;
            if (!single)
                continue;
            const char *open = strchr(s, '{');
            bool comma = s[strlen(s) - 1] == ',';
            char rep[96];
            snprintf(rep, sizeof(rep), "{\"type\": \"abortive_draw\", \"kind\": \"kyuushu\"}%s",
                     comma ? "," : "");
            char *edit = replaced(s, (size_t)(open - s), strlen(open), rep);
            char *data = join_with(&l, i, edit);
            judge(K_ABORTIVE, &base, data, name, fallback, line, deal, event);
            free(data);
            free(edit);
        }
    }
    free_lines(&l);
}

/* The paifu JSON of a Pantheon sheet (its first game), written through the API. */
static sink SINK;

static char *to_json(const text *t, const char *name)
{
    paifu_read_options ro = PAIFU_READ_OPTIONS_INIT;
    ro.source_name = name;
    paifu_reader *r;
    paifu_error err;
    paifu_error_clear(&err);
    assert_int_equal(paifu_reader_open_buffer(&r, t->s, t->n, &ro, &err), 0);
    const paifu_game *g;
    assert_int_equal(paifu_reader_next(&g, r, &err), 1);
    assert_int_equal(sink_write(&SINK, "paifu", &g, 1, false, &err), 0);
    paifu_reader_free(r);
    return strdup(SINK.data);
}

/* ---- the sheets ---- */

static int n_sheets;

static void one_pantheon(const char *path, const char *name)
{
    text t = load(path);
    assert_non_null(t.s);
    pantheon_faults(name, &t, "ema");
    char *json = to_json(&t, name);
    char jname[300];
    snprintf(jname, sizeof(jname), "%s.paifu.json", name);
    json_faults(jname, json, "ema", true);
    free(json);
    free(t.s);
    n_sheets++;
}

static void walk_pantheon(const char *dir, const char *label)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    char *names[256];
    int n = 0;
    while ((e = readdir(d)) && n < 256) {
        size_t len = strlen(e->d_name);
        if (e->d_name[0] == '.')
            continue;
        char path[1024];
        snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
        DIR *sub = opendir(path);
        if (sub) {
            closedir(sub);
            walk_pantheon(path, label);
            continue;
        }
        if (len > 4 && strcmp(e->d_name + len - 4, ".txt") == 0 &&
            (strstr(label, "corpus") || strncmp(e->d_name, "pantheon", 8) == 0))
            names[n++] = strdup(path);
    }
    closedir(d);
    for (int i = 0; i < n; i++) {
        one_pantheon(names[i], names[i]);
        free(names[i]);
    }
}

static void print_tally(void)
{
    fprintf(stderr, "%-14s %8s %12s %10s %10s %7s %10s %7s\n", "fault", "applied", "line+deal",
            "listed", "elsewhere", "missed", "by_totals", "lines");
    for (int k = 0; k < K_COUNT; k++) {
        const tally *t = &TALLY[k];
        fprintf(stderr, "%-14s %8d %7d %3d%% %5d %3d%% %5d %3d%% %3d\n", KIND_NAME[k], t->applied,
                t->at_line, t->applied ? 100 * t->at_line / t->applied : 0, t->listed,
                t->applied ? 100 * t->listed / t->applied : 0, t->elsewhere,
                t->applied ? 100 * t->elsewhere / t->applied : 0, t->missed);
        if (t->by_totals || t->listed)
            fprintf(stderr, "%-14s %58s %10d %7.1f\n", "", "", t->by_totals,
                    t->listed ? (double)t->lines_listed / t->listed : 0.0);
    }
}

static void assert_tally(void)
{
    print_tally();
    for (int k = 0; k < K_COUNT; k++) {
        const tally *t = &TALLY[k];
        assert_true(t->applied > 0);
        assert_int_equal(t->wrong_place, 0); /* never the right line with a wrong deal label */
    }
    /* what a sheet always tells: every such fault at its line and deal */
    static const enum kind ALWAYS[] = {K_TWICE_WINNER, K_EXTRA_STICK, K_FINAL, K_PAYMENT,
                                       K_ABORTIVE};
    for (size_t i = 0; i < sizeof(ALWAYS) / sizeof(ALWAYS[0]); i++)
        assert_int_equal(TALLY[ALWAYS[i]].at_line, TALLY[ALWAYS[i]].applied);
    /* nearly always: a dora more can match the other (open/closed) value of the yaku; a 25 fu
       edit of a line that already has a finding there is not new; a riichi in place of a yaku
       can be a valid closed riichi hand whose deposit the sheet leaves out */
    assert_true(TALLY[K_HAN_SUM].at_line * 100 >= TALLY[K_HAN_SUM].applied * 95);
    assert_true(TALLY[K_PAIR].at_line * 100 >= TALLY[K_PAIR].applied * 95);
    assert_true(TALLY[K_RIICHI_YAKU].at_line * 100 >= TALLY[K_RIICHI_YAKU].applied * 85);
    /* a sheet without running scores tells these only by its final points: another winner or a
       deposit struck changes who ends with what. The single-deal edit that reconciles the
       points (sheet.totals) names the faulty deal and the true winner or deposit when no other
       deal's edit fits too, else the deals are listed with the faulty one among them */
    const tally *ww = &TALLY[K_WRONG_WINNER], *ms = &TALLY[K_MISSING_STICK];
    assert_int_equal(ww->at_line + ww->listed, ww->applied);
    assert_true(ww->at_line * 100 >= ww->applied * 95);
    assert_true(ww->by_totals * 100 >= ww->applied * 90);
    assert_int_equal(ms->at_line + ms->listed, ms->applied);
    assert_true(ms->by_totals > 0 && ms->by_totals == ms->at_line);
}

static void test_samples(void **state)
{
    (void)state;
    memset(TALLY, 0, sizeof(TALLY));
    n_sheets = 0;
    walk_pantheon(PAIFU_SAMPLES_DIR, "samples");
    static const char *const SESSIONS[] = {"ema", "ema2012", "jhc2016", "majsoul",
                                           "rrc", "tenhou",  "wrc"};
    for (size_t i = 0; i < sizeof(SESSIONS) / sizeof(SESSIONS[0]); i++) {
        char path[1024];
        snprintf(path, sizeof(path), "%s/session-%s.paifu.json", PAIFU_SAMPLES_DIR, SESSIONS[i]);
        text t = load(path);
        assert_non_null(t.s);
        paifu_rules *r;
        paifu_error err;
        paifu_error_clear(&err);
        assert_int_equal(paifu_rules_preset(&r, SESSIONS[i], &err), 0);
        char abortive[128];
        assert_int_equal(paifu_rules_get(abortive, sizeof(abortive), r, "abortive", &err), 0);
        bool without_abortive = !abortive[0];
        paifu_rules_free(r);
        json_faults(path, t.s, NULL, without_abortive);
        free(t.s);
        n_sheets++;
    }
    fprintf(stderr, "samples: %d sheets\n", n_sheets);
    print_tally();
    assert_true(TALLY[K_FINAL].applied > 0 && TALLY[K_FINAL].at_line == TALLY[K_FINAL].applied);
    assert_true(TALLY[K_PAIR].at_line == TALLY[K_PAIR].applied);
    assert_true(TALLY[K_PAYMENT].applied > 0 &&
                TALLY[K_PAYMENT].at_line == TALLY[K_PAYMENT].applied);
}

static void test_corpus_and_samples(void **state)
{
    (void)state;
    if (!PAIFU_CORPUS_DIR[0])
        skip();
    char dir[1024];
    snprintf(dir, sizeof(dir), "%s/pantheon-results", PAIFU_CORPUS_DIR);
    DIR *d = opendir(dir);
    if (!d)
        skip();
    closedir(d);
    memset(TALLY, 0, sizeof(TALLY));
    n_sheets = 0;
    walk_pantheon(dir, "corpus");
    walk_pantheon(PAIFU_SAMPLES_DIR, "samples");
    fprintf(stderr, "corpus and samples: %d Pantheon sheets (and their JSON conversions)\n",
            n_sheets);
    assert_tally();
}

int main(void)
{
#if PAIFU_SAMPLES_ONLY
    /* unit.test_sheet_fault_injection.samples: the samples, without the corpus */
    (void)test_corpus_and_samples;
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_samples)};
#else
    (void)test_samples; /* run by unit.test_sheet_fault_injection.samples */
    char dir[1024];
    snprintf(dir, sizeof(dir), "%s/pantheon-results", PAIFU_CORPUS_DIR);
    DIR *d = PAIFU_CORPUS_DIR[0] ? opendir(dir) : NULL;
    if (!d) {
        printf("test_sheet_fault_injection: corpus not found (PAIFU_CORPUS_DIR=\"%s\"), skipped\n",
               PAIFU_CORPUS_DIR);
        return 77;
    }
    closedir(d);
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_corpus_and_samples)};
#endif
    return cmocka_run_group_tests(tests, NULL, NULL);
}
