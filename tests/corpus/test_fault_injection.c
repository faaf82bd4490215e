/*
 * test_fault_injection.c: make faulty copies of real logs and check that each copy is flagged
 * with the right finding code, and that formatting-only changes stay clean.
 *
 * Inputs: the samples (always) and, when ../shared/corpus is present, a spread of real logs of
 * every format. A fault that does not apply to a file (no ron in it, no call, ...) is skipped for
 * that file; every fault must apply to at least one file of its format. Each mutation works on
 * the source bytes (XML text, JSON text or JSON values), so the readers are exercised too.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paifu.h"
#include "text_file.h"

typedef file_text text;

#include "corpus_manifest.h"

/* ---- buffers ---- */


/* Replace the LEN bytes at AT with REP (a new buffer; the old one is freed). */
static void splice(text *t, size_t at, size_t len, const char *rep)
{
    size_t r = strlen(rep);
    char *n = malloc(t->n - len + r + 1);
    memcpy(n, t->s, at);
    memcpy(n + at, rep, r);
    memcpy(n + at + r, t->s + at + len, t->n - at - len + 1);
    free(t->s);
    t->s = n;
    t->n = t->n - len + r;
}

/* ---- verification ---- */

typedef struct outcome {
    bool read_ok;
    bool final_checkable; /* the rules of every game allow checking the final scores */
    char codes[2048]; /* ",code1,code2," */
    size_t findings;
} outcome;

static outcome verify(const text *t, const char *name)
{
    outcome o;
    memset(&o, 0, sizeof(o));
    paifu_read_options ro = PAIFU_READ_OPTIONS_INIT;
    ro.source_name = name;
    paifu_reader *r;
    paifu_error err;
    paifu_error_clear(&err);
    if (paifu_reader_open_buffer(&r, t->s, t->n, &ro, &err) < 0) {
        snprintf(o.codes, sizeof(o.codes), "error: %s", err.text);
        return o;
    }
    paifu_report *rep;
    paifu_report_new(&rep, NULL);
    const paifu_game *g;
    int rc;
    strcat(o.codes, ",");
    o.final_checkable = true;
    while ((rc = paifu_reader_next(&g, r, &err)) > 0) {
        if (paifu_game_meta_get(g, PAIFU_META_RULES_UNKNOWN) ||
            paifu_game_meta_get(g, PAIFU_META_FINAL_UNKNOWN))
            o.final_checkable = false;
        paifu_rules *rules;
        if (paifu_game_rules(&rules, g, NULL, &err) < 0)
            break;
        paifu_verify_game(rep, g, rules, NULL, &err);
        paifu_rules_free(rules);
    }
    o.read_ok = rc == 0;
    if (!o.read_ok)
        snprintf(o.codes, sizeof(o.codes), "error: %s", err.text);
    for (size_t i = 0; o.read_ok && i < paifu_report_count(rep); i++) {
        const char *c = paifu_report_finding(rep, i)->code;
        size_t used = strlen(o.codes);
        snprintf(o.codes + used, sizeof(o.codes) - used, "%s,", c);
    }
    o.findings = paifu_report_count(rep);
    paifu_report_free(rep);
    paifu_reader_free(r);
    return o;
}

/* ---- mjlog (Tenhou XML) mutations ---- */

/* Position of the N-th (0-based) occurrence of NEEDLE at or after FROM, or NULL. */
static char *nth(char *from, const char *needle, int n)
{
    char *p = from;
    for (int i = 0; p && (p = strstr(p, needle)); i++, p++)
        if (i == n)
            return p;
    return NULL;
}

/* The value span of attribute ATTR inside the tag starting at TAG. */
static bool attr_span(char *tag, const char *attr, size_t *at, size_t *len, const char *base)
{
    char *end = strchr(tag, '>');
    char key[32];
    snprintf(key, sizeof(key), " %s=\"", attr);
    char *a = strstr(tag, key);
    if (!a || !end || a > end)
        return false;
    a += strlen(key);
    char *q = strchr(a, '"');
    *at = (size_t)(a - base);
    *len = (size_t)(q - a);
    return true;
}

/* Add DELTA to field IDX (comma-separated) of attribute ATTR of the tag at TAG. The buffer is
   replaced, so TAG must not be used afterwards: bump_field2 does two fields of one tag. */
static bool bump_field(text *t, char *tag, const char *attr, int idx, double delta)
{
    size_t at, len;
    if (!attr_span(tag, attr, &at, &len, t->s))
        return false;
    char val[512];
    if (len >= sizeof(val))
        return false;
    memcpy(val, t->s + at, len);
    val[len] = '\0';
    char out[512] = "";
    char *save, *tok = strtok_r(val, ",", &save);
    for (int i = 0; tok; i++, tok = strtok_r(NULL, ",", &save)) {
        char one[64];
        if (i == idx) {
            if (strchr(tok, '.'))
                snprintf(one, sizeof(one), "%.1f", atof(tok) + delta);
            else
                snprintf(one, sizeof(one), "%ld", atol(tok) + (long)delta);
        } else {
            snprintf(one, sizeof(one), "%s", tok);
        }
        strcat(out, i ? "," : "");
        strcat(out, one);
    }
    splice(t, at, len, out);
    return true;
}

static char *first_agari(text *t, bool ron, bool limit0)
{
    for (char *p = t->s; (p = strstr(p, "<AGARI")); p++) {
        size_t at, len;
        int who = -1, from = -2;
        if (attr_span(p, "who", &at, &len, t->s))
            who = atoi(t->s + at);
        if (attr_span(p, "fromWho", &at, &len, t->s))
            from = atoi(t->s + at);
        if (ron && who == from)
            continue;
        if (!attr_span(p, "ten", &at, &len, t->s))
            continue;
        char ten[64];
        snprintf(ten, sizeof(ten), "%.*s", (int)len, t->s + at);
        char *last = strrchr(ten, ',');
        if (limit0 && (!last || atoi(last + 1) != 0))
            continue;
        if (strstr(p, "yakuman=\"") && strstr(p, "yakuman=\"") < strchr(p, '>'))
            continue;
        return p;
    }
    return NULL;
}

static bool mj_fu(text *t)
{
    char *a = first_agari(t, false, true);
    return a && bump_field(t, a, "ten", 0, 10);
}

static bool mj_points(text *t)
{
    char *a = first_agari(t, false, false);
    return a && bump_field(t, a, "ten", 1, 100);
}

static bool mj_delta(text *t)
{
    char *a = first_agari(t, true, false);
    if (!a)
        return false;
    size_t at, len;
    if (!attr_span(a, "who", &at, &len, t->s))
        return false;
    int who = atoi(t->s + at);
    if (!attr_span(a, "fromWho", &at, &len, t->s))
        return false;
    int from = atoi(t->s + at);
    size_t off = (size_t)(a - t->s);
    return bump_field(t, a, "sc", 2 * who + 1, 10) &&
           bump_field(t, t->s + off, "sc", 2 * from + 1, -10);
}

static bool mj_yaku(text *t)
{
    char *a = first_agari(t, false, true);
    return a && bump_field(t, a, "yaku", 1, 1); /* one more han for the first yaku */
}

/* The K-th tag of DEAL (1-based INIT) matching the predicate. */
static char *deal_start(text *t, int deal)
{
    return nth(t->s, "<INIT", deal - 1);
}

static bool is_draw_tag(const char *p)
{
    return p[0] == '<' && strchr("TUVW", p[1]) && p[2] >= '0' && p[2] <= '9';
}

static bool is_discard_tag(const char *p)
{
    return p[0] == '<' && strchr("DEFG", p[1]) && p[2] >= '0' && p[2] <= '9';
}

static bool mj_drop_draw(text *t)
{
    char *init = deal_start(t, 1);
    if (!init)
        return false;
    int seen = 0;
    for (char *p = init; (p = strchr(p + 1, '<'));) {
        if (strncmp(p, "<INIT", 5) == 0 || strncmp(p, "<AGARI", 6) == 0 ||
            strncmp(p, "<RYUU", 5) == 0)
            return false;
        if (is_draw_tag(p) && ++seen == 6) {
            char *e = strchr(p, '>');
            splice(t, (size_t)(p - t->s), (size_t)(e - p + 1), "");
            return true;
        }
    }
    return false;
}

/* Make the first hand discard of deal 2 a tile that seat holds nowhere: an id of another
   seat's starting hand. */
static bool mj_foreign_discard(text *t)
{
    char *init = deal_start(t, 2);
    if (!init)
        init = deal_start(t, 1);
    if (!init)
        return false;
    for (char *p = init; (p = strchr(p + 1, '<'));) {
        if (strncmp(p, "<AGARI", 6) == 0 || strncmp(p, "<RYUU", 5) == 0)
            return false;
        if (!is_discard_tag(p))
            continue;
        int seat = p[1] - 'D';
        char attr[8];
        snprintf(attr, sizeof(attr), "hai%d", (seat + 1) % 3);
        size_t at, len;
        if (!attr_span(init, attr, &at, &len, t->s) || len == 0)
            return false;
        char id[8];
        snprintf(id, sizeof(id), "%d", atoi(t->s + at));
        char *num = p + 2, *end = num;
        while (*end >= '0' && *end <= '9')
            end++;
        splice(t, (size_t)(num - t->s), (size_t)(end - num), id);
        return true;
    }
    return false;
}

static bool mj_dora(text *t)
{
    char *init = deal_start(t, 1);
    if (!init)
        return false;
    size_t at, len;
    if (!attr_span(init, "seed", &at, &len, t->s))
        return false;
    char v[128];
    snprintf(v, sizeof(v), "%.*s", (int)len, t->s + at);
    char *last = strrchr(v, ',');
    int id = atoi(last + 1);
    int shifted = id >= 128 ? id - 4 : id + 4; /* the next kind's copy, inside 0..135 */
    if (strstr(t->s, "hai3=\"\"") && shifted >= 4 && shifted < 32)
        shifted += 28; /* 3-player: no 2m..8m */
    snprintf(last + 1, sizeof(v) - (size_t)(last + 1 - v), "%d", shifted);
    splice(t, at, len, v);
    return true;
}

static bool mj_honba(text *t)
{
    char *init = deal_start(t, 2);
    return init && bump_field(t, init, "seed", 1, 1);
}

static bool mj_meld(text *t)
{
    for (char *p = t->s; (p = strstr(p, "<N ")); p++) {
        size_t at, len;
        if (!attr_span(p, "m", &at, &len, t->s))
            continue;
        long m = atol(t->s + at);
        if ((m & 3) == 0 || !(m & 0x0C))
            continue; /* kans and kita have no offset to change; take a chi or pon */
        size_t wat, wlen;
        if (!attr_span(p, "who", &wat, &wlen, t->s))
            continue;
        int who = atoi(t->s + wat), players = strstr(t->s, "hai3=\"\"") ? 3 : 4;
        for (long off = 1; off <= 3; off++) {
            if (off == (m & 3) || (who + off) % 4 >= players)
                continue;
            char v[32];
            snprintf(v, sizeof(v), "%ld", (m & ~3L) | off);
            splice(t, at, len, v);
            return true;
        }
    }
    return false;
}

static bool mj_owari_final(text *t)
{
    char *p = strstr(t->s, "owari=\"");
    while (p && p[-1] != ' ')
        p = strstr(p + 1, "owari=\"");
    if (!p)
        return false;
    char *tag = p;
    while (tag > t->s && *tag != '<')
        tag--;
    size_t off = (size_t)(tag - t->s);
    return bump_field(t, tag, "owari", 1, 1.0) && bump_field(t, t->s + off, "owari", 3, -1.0);
}

static bool mj_owari_points(text *t)
{
    char *p = strstr(t->s, " owari=\"");
    if (!p)
        return false;
    char *tag = p;
    while (tag > t->s && *tag != '<')
        tag--;
    size_t off = (size_t)(tag - t->s);
    return bump_field(t, tag, "owari", 0, 10) && bump_field(t, t->s + off, "owari", 2, -10);
}

static bool mj_reach(text *t)
{
    char *p = strstr(t->s, "step=\"2\"");
    if (!p)
        return false;
    while (p > t->s && *p != '<')
        p--;
    char *e = strchr(p, '>');
    splice(t, (size_t)(p - t->s), (size_t)(e - p + 1), "");
    return true;
}

/* Formatting only: a newline and indentation after every tag, a space before every "/>". */
static bool mj_whitespace(text *t)
{
    size_t count = 0;
    for (size_t i = 0; i < t->n; i++)
        count += t->s[i] == '>';
    char *n = malloc(t->n + 4 * count + 1);
    size_t k = 0;
    for (size_t i = 0; i < t->n; i++) {
        if (t->s[i] == '/' && i + 1 < t->n && t->s[i + 1] == '>' && t->s[i - 1] != ' ')
            n[k++] = ' ';
        n[k++] = t->s[i];
        if (t->s[i] == '>') {
            memcpy(n + k, "\n  ", 3);
            k += 3;
        }
    }
    n[k] = '\0';
    free(t->s);
    t->s = n;
    t->n = k;
    return count > 0;
}

/* Formatting only: the attributes of every tag in reverse order. */
static bool mj_attribute_order(text *t)
{
    char *out = malloc(t->n * 2 + 16);
    size_t k = 0;
    bool changed = false;
    for (size_t i = 0; i < t->n;) {
        if (t->s[i] != '<' || t->s[i + 1] == '?' || t->s[i + 1] == '!' || t->s[i + 1] == '/') {
            out[k++] = t->s[i++];
            continue;
        }
        size_t e = i;
        while (e < t->n && t->s[e] != '>')
            e++;
        /* tag name */
        size_t j = i + 1;
        while (j < e && t->s[j] != ' ' && t->s[j] != '/' && t->s[j] != '\n')
            j++;
        memcpy(out + k, t->s + i, j - i);
        k += j - i;
        const char *attrs[64];
        size_t lens[64];
        int na = 0;
        while (j < e && na < 64) {
            while (j < e && (t->s[j] == ' ' || t->s[j] == '\n' || t->s[j] == '\t'))
                j++;
            if (j >= e || t->s[j] == '/')
                break;
            size_t b = j;
            char *q = memchr(t->s + j, '"', e - j);
            if (!q)
                break;
            char *q2 = memchr(q + 1, '"', (size_t)(t->s + e - q - 1));
            if (!q2)
                break;
            j = (size_t)(q2 - t->s) + 1;
            attrs[na] = t->s + b;
            lens[na++] = j - b;
        }
        for (int a = na - 1; a >= 0; a--) {
            out[k++] = ' ';
            memcpy(out + k, attrs[a], lens[a]);
            k += lens[a];
        }
        changed |= na > 1;
        while (j < e && t->s[j] != '/')
            j++;
        memcpy(out + k, t->s + j, e - j + 1);
        k += e - j + 1;
        i = e + 1;
    }
    out[k] = '\0';
    free(t->s);
    t->s = out;
    t->n = k;
    return changed;
}

/* ---- JSON mutations (tenhou6, mjai): by value, through jansson ---- */

static bool json_rewrite(text *t, json_t *root)
{
    char *s = json_dumps(root, JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(root);
    if (!s)
        return false;
    free(t->s);
    t->s = s;
    t->n = strlen(s);
    return true;
}

/* tenhou6: first win's first delta +100 and the payer -100 */
static bool t6_delta(text *t)
{
    json_t *root = json_loads(t->s, 0, NULL);
    json_t *log = json_object_get(root, "log");
    for (size_t k = 0; k < json_array_size(log); k++) {
        json_t *res = json_array_get(json_array_get(log, k), 16);
        if (strcmp(json_string_value(json_array_get(res, 0)) ? json_string_value(json_array_get(res, 0)) : "", "和了") != 0)
            continue;
        json_t *d = json_array_get(res, 1), *detail = json_array_get(res, 2);
        int who = (int)json_integer_value(json_array_get(detail, 0));
        int from = (int)json_integer_value(json_array_get(detail, 1));
        if (who == from)
            continue;
        json_array_set_new(d, (size_t)who, json_integer(json_integer_value(json_array_get(d, (size_t)who)) + 100));
        json_array_set_new(d, (size_t)from, json_integer(json_integer_value(json_array_get(d, (size_t)from)) - 100));
        return json_rewrite(t, root);
    }
    json_decref(root);
    return false;
}

/* tenhou6: the first yaku of the first win with yaku is worth one more han */
static bool t6_han(text *t)
{
    json_t *root = json_loads(t->s, 0, NULL);
    json_t *log = json_object_get(root, "log");
    for (size_t k = 0; k < json_array_size(log); k++) {
        json_t *res = json_array_get(json_array_get(log, k), 16);
        json_t *detail = json_array_get(res, 2);
        const char *yaku = json_string_value(json_array_get(detail, 4));
        const char *open = yaku ? strchr(yaku, '(') : NULL;
        if (!open || open[1] < '1' || open[1] > '8' || open[2] != '\xe9') /* "(n飜)" */
            continue;
        char *n = strdup(yaku);
        n[open - yaku + 1] = (char)(open[1] + 1);
        json_array_set_new(detail, 4, json_string(n));
        free(n);
        return json_rewrite(t, root);
    }
    json_decref(root);
    return false;
}

/* tenhou6: seat 0's first discard becomes a tile its hand does not hold */
static bool t6_tile(text *t)
{
    json_t *root = json_loads(t->s, 0, NULL);
    json_t *deal = json_array_get(json_object_get(root, "log"), 0);
    json_t *hand = json_array_get(deal, 4), *discards = json_array_get(deal, 6);
    int held[64] = {0};
    for (size_t i = 0; i < json_array_size(hand); i++) {
        json_int_t c = json_integer_value(json_array_get(hand, i));
        if (c >= 0 && c < 64)
            held[c]++;
    }
    json_t *takes = json_array_get(deal, 5);
    if (json_is_integer(json_array_get(takes, 0)))
        held[json_integer_value(json_array_get(takes, 0)) % 64]++;
    static const int codes[] = {41, 42, 43, 44, 45, 46, 47, 11, 19, 21, 29, 31, 39};
    for (size_t i = 0; i < sizeof(codes) / sizeof(codes[0]); i++) {
        if (held[codes[i]])
            continue;
        json_t *first = json_array_get(discards, 0);
        if (!json_is_integer(first))
            break;
        json_array_set_new(discards, 0, json_integer(codes[i]));
        return json_rewrite(t, root);
    }
    json_decref(root);
    return false;
}

/* tenhou6: the first final score changes */
static bool t6_final(text *t)
{
    json_t *root = json_loads(t->s, 0, NULL);
    json_t *sc = json_object_get(root, "sc");
    if (!json_is_array(sc) || json_array_size(sc) < 4) {
        json_decref(root);
        return false;
    }
    json_t *p0 = json_array_get(sc, 0), *p1 = json_array_get(sc, 2);
    json_array_set_new(sc, 0, json_integer(json_integer_value(p0) + 1000));
    json_array_set_new(sc, 2, json_integer(json_integer_value(p1) - 1000));
    return json_rewrite(t, root);
}

/* mjai: JSON lines; apply F to the first line it accepts */
static bool mjai_lines(text *t, bool (*f)(json_t *line, void *st), void *st)
{
    char *out = malloc(t->n * 2 + 64);
    size_t k = 0;
    bool done = false;
    char *p = t->s;
    while (*p) {
        char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        json_t *line = !done ? json_loadb(p, len, 0, NULL) : NULL;
        if (line && f(line, st)) {
            char *s = json_dumps(line, JSON_COMPACT | JSON_PRESERVE_ORDER);
            size_t sl = strlen(s);
            memcpy(out + k, s, sl);
            k += sl;
            free(s);
            done = true;
        } else {
            memcpy(out + k, p, len);
            k += len;
        }
        json_decref(line);
        if (nl)
            out[k++] = '\n';
        p = nl ? nl + 1 : p + len;
    }
    out[k] = '\0';
    free(t->s);
    t->s = out;
    t->n = k;
    return done;
}

static bool mjai_delta_line(json_t *line, void *st)
{
    (void)st;
    json_t *d = json_object_get(line, "deltas");
    const char *type = json_string_value(json_object_get(line, "type"));
    if (!type || strcmp(type, "hora") != 0 || !json_is_array(d))
        return false;
    int who = (int)json_integer_value(json_object_get(line, "actor"));
    int from = (int)json_integer_value(json_object_get(line, "target"));
    if (who == from)
        return false;
    json_array_set_new(d, (size_t)who, json_integer(json_integer_value(json_array_get(d, (size_t)who)) + 100));
    json_array_set_new(d, (size_t)from, json_integer(json_integer_value(json_array_get(d, (size_t)from)) - 100));
    return true;
}

static bool mjai_delta(text *t)
{
    return mjai_lines(t, mjai_delta_line, NULL);
}

/* mjai: the third hand discard of the game becomes a tile the actor has neither been dealt nor
   drawn in that deal */
typedef struct mjai_tile_state {
    int count;
    char seen[4][64][4]; /* tiles each seat was dealt or drew in the deal */
    int n_seen[4];
} mjai_tile_state;

static void mjai_seen(mjai_tile_state *m, int seat, const char *pai)
{
    if (seat >= 0 && seat < 4 && pai && m->n_seen[seat] < 64)
        snprintf(m->seen[seat][m->n_seen[seat]++], 4, "%s", pai);
}

static bool mjai_tile_line(json_t *line, void *st)
{
    mjai_tile_state *m = st;
    const char *type = json_string_value(json_object_get(line, "type"));
    if (!type)
        return false;
    if (strcmp(type, "start_kyoku") == 0) {
        memset(m->n_seen, 0, sizeof(m->n_seen));
        json_t *tehais = json_object_get(line, "tehais");
        for (size_t s = 0; s < json_array_size(tehais) && s < 4; s++)
            for (size_t i = 0; i < json_array_size(json_array_get(tehais, s)); i++)
                mjai_seen(m, (int)s, json_string_value(json_array_get(json_array_get(tehais, s), i)));
        return false;
    }
    int actor = (int)json_integer_value(json_object_get(line, "actor"));
    if (strcmp(type, "tsumo") == 0)
        mjai_seen(m, actor, json_string_value(json_object_get(line, "pai")));
    if (strcmp(type, "dahai") != 0 || json_is_true(json_object_get(line, "tsumogiri")) ||
        ++m->count < 3 || actor < 0 || actor > 3)
        return false;
    static const char *cands[] = {"C", "F", "P", "N", "W", "S", "E", "1m", "9m", "1p", "9p"};
    for (size_t c = 0; c < sizeof(cands) / sizeof(cands[0]); c++) {
        bool held = false;
        for (int i = 0; i < m->n_seen[actor]; i++)
            held = held || strcmp(m->seen[actor][i], cands[c]) == 0;
        if (!held) {
            json_object_set_new(line, "pai", json_string(cands[c]));
            return true;
        }
    }
    return false;
}

static bool mjai_tile(text *t)
{
    mjai_tile_state *m = calloc(1, sizeof(*m));
    bool done = mjai_lines(t, mjai_tile_line, m);
    free(m);
    return done;
}

/* ---- MahjongSoul mutations: by value, through jansson (layout A, actions or records) ---- */

static json_t *ms_list(json_t *root, bool *actions)
{
    json_t *det = json_object_get(json_object_get(root, "data"), "data");
    json_t *list = json_object_get(det, "actions");
    *actions = json_array_size(list) > 0;
    return *actions ? list : json_object_get(det, "records");
}

/* Type of entry I of LIST without ".lq.Record" (NULL for a player action), and its body. */
static const char *ms_entry(json_t *list, bool actions, size_t i, json_t **body)
{
    json_t *e = json_array_get(list, i);
    if (actions)
        e = json_object_get(e, "result");
    const char *name = json_string_value(json_object_get(e, "name"));
    *body = json_object_get(e, "data");
    return name && strncmp(name, ".lq.Record", 10) == 0 ? name + 10 : name;
}

/* The body of the K-th record of TYPE. */
static json_t *ms_record(json_t *root, const char *type, int k)
{
    bool actions;
    json_t *list = ms_list(root, &actions), *body;
    for (size_t i = 0; i < json_array_size(list); i++) {
        const char *name = ms_entry(list, actions, i, &body);
        if (name && strcmp(name, type) == 0 && k-- == 0)
            return body;
    }
    return NULL;
}

static void ms_add(json_t *obj, const char *key, json_int_t delta)
{
    json_int_t v = json_integer_value(json_object_get(obj, key));
    json_object_set_new(obj, key, json_integer(v + delta));
}

/* majsoul: the first win's winner gets 100 more from a seat that paid */
static bool ms_delta(text *t)
{
    json_t *root = json_loads(t->s, 0, NULL);
    json_t *hule = ms_record(root, "Hule", 0), *d = json_object_get(hule, "delta_scores");
    size_t winner = (size_t)json_integer_value(
        json_object_get(json_array_get(json_object_get(hule, "hules"), 0), "seat"));
    for (size_t s = 0; s < json_array_size(d); s++) {
        if (json_integer_value(json_array_get(d, s)) >= 0)
            continue;
        json_int_t paid = json_integer_value(json_array_get(d, s));
        json_int_t won = json_integer_value(json_array_get(d, winner));
        json_array_set_new(d, s, json_integer(paid - 100));
        json_array_set_new(d, winner, json_integer(won + 100));
        return json_rewrite(t, root);
    }
    json_decref(root);
    return false;
}

/* majsoul: one more han (`count`) or 10 more fu for the first win that is not a yakuman */
static bool ms_value(text *t, const char *key, json_int_t delta)
{
    json_t *root = json_loads(t->s, 0, NULL), *hule;
    for (int k = 0; (hule = ms_record(root, "Hule", k)); k++) {
        json_t *h = json_array_get(json_object_get(hule, "hules"), 0);
        if (json_is_true(json_object_get(h, "yiman")))
            continue;
        ms_add(h, key, delta);
        return json_rewrite(t, root);
    }
    json_decref(root);
    return false;
}

static bool ms_han(text *t)
{
    return ms_value(t, "count", 1);
}

static bool ms_fu(text *t)
{
    return ms_value(t, "fu", 10);
}

/* majsoul: seat 1's first discard of the first deal becomes a tile it was neither dealt nor
   drew */
static bool ms_tile(text *t)
{
    json_t *root = json_loads(t->s, 0, NULL), *list, *body;
    bool actions;
    list = ms_list(root, &actions);
    char seen[64][3];
    int n_seen = 0;
    for (size_t i = 0; i < json_array_size(list); i++) {
        const char *type = ms_entry(list, actions, i, &body);
        json_int_t seat = json_integer_value(json_object_get(body, "seat"));
        if (!type)
            continue;
        if (strcmp(type, "NewRound") == 0) {
            json_t *hand = json_object_get(body, "tiles1");
            for (size_t k = 0; k < json_array_size(hand) && n_seen < 64; k++)
                snprintf(seen[n_seen++], 3, "%s", json_string_value(json_array_get(hand, k)));
        } else if (strcmp(type, "DealTile") == 0 && seat == 1 && n_seen < 64) {
            snprintf(seen[n_seen++], 3, "%s", json_string_value(json_object_get(body, "tile")));
        } else if (strcmp(type, "DiscardTile") == 0 && seat == 1) {
            static const char *cands[] = {"7z", "6z", "5z", "4z", "3z", "2z", "1z", "1m", "9m"};
            for (size_t c = 0; c < sizeof(cands) / sizeof(cands[0]); c++) {
                bool held = false;
                for (int k = 0; k < n_seen; k++)
                    held = held || strcmp(seen[k], cands[c]) == 0;
                if (!held) {
                    json_object_set_new(body, "tile", json_string(cands[c]));
                    return json_rewrite(t, root);
                }
            }
            break;
        }
    }
    json_decref(root);
    return false;
}

/* majsoul: first place's final score +1.0, second place's -1.0 */
static bool ms_final(text *t)
{
    json_t *root = json_loads(t->s, 0, NULL);
    json_t *players = json_object_get(json_object_get(json_object_get(root, "head"), "result"),
                                      "players");
    if (json_array_size(players) < 2) {
        json_decref(root);
        return false;
    }
    ms_add(json_array_get(players, 0), "total_point", 1000);
    ms_add(json_array_get(players, 1), "total_point", -1000);
    return json_rewrite(t, root);
}

/* majsoul: the wall tile of the first draw after the dealer's changes */
static bool ms_wall(text *t)
{
    json_t *root = json_loads(t->s, 0, NULL), *nr = ms_record(root, "NewRound", 0);
    const char *ps = json_string_value(json_object_get(nr, "paishan"));
    if (!ps || strlen(ps) < 2 * 83) {
        json_decref(root);
        return false;
    }
    size_t n = strlen(ps) / 2, pos = n == 83 || n == 68 ? 0 : n == 136 ? 53 : 40;
    char *copy = strdup(ps);
    memcpy(copy + 2 * pos, memcmp(copy + 2 * pos, "1z", 2) ? "1z" : "2z", 2);
    json_object_set_new(nr, "paishan", json_string(copy));
    free(copy);
    return json_rewrite(t, root);
}

/* Formatting only: every key in lowerCamelCase (spec §2.1). */
static json_t *ms_camel_value(json_t *v)
{
    if (json_is_array(v)) {
        for (size_t i = 0; i < json_array_size(v); i++)
            json_array_set_new(v, i, ms_camel_value(json_incref(json_array_get(v, i))));
        return v;
    }
    if (!json_is_object(v))
        return v;
    json_t *out = json_object();
    const char *key;
    json_t *x;
    json_object_foreach(v, key, x)
    {
        char name[64];
        size_t k = 0;
        for (const char *p = key; *p && k + 1 < sizeof(name); p++)
            if (*p != '_')
                name[k++] = p > key && p[-1] == '_' && *p >= 'a' && *p <= 'z' ? (char)(*p - 32)
                                                                                : *p;
        name[k] = '\0';
        json_object_set_new(out, name, ms_camel_value(json_incref(x)));
    }
    json_decref(v);
    return out;
}

static bool ms_camel(text *t)
{
    return json_rewrite(t, ms_camel_value(json_loads(t->s, 0, NULL)));
}

/* Formatting only: members with default values (0, false, "", []) left out (spec §2.1). */
static void ms_drop_defaults(json_t *v)
{
    if (json_is_array(v))
        for (size_t i = 0; i < json_array_size(v); i++)
            ms_drop_defaults(json_array_get(v, i));
    if (!json_is_object(v))
        return;
    const char *key;
    json_t *x;
    void *tmp;
    json_object_foreach_safe(v, tmp, key, x)
    {
        if ((json_is_integer(x) && !json_integer_value(x)) || json_is_false(x) ||
            (json_is_string(x) && !json_string_length(x)) ||
            (json_is_array(x) && !json_array_size(x)))
            json_object_del(v, key);
        else
            ms_drop_defaults(x);
    }
}

static bool ms_defaults(text *t)
{
    json_t *root = json_loads(t->s, 0, NULL);
    ms_drop_defaults(root);
    return json_rewrite(t, root);
}

/* ---- the table ---- */

typedef struct fault {
    const char *name;
    const char *format;
    bool (*apply)(text *t);
    const char *codes; /* acceptable codes; "" = must stay clean */
} fault;

static const fault FAULTS[] = {
    {"changed fu", "tenhou-xml", mj_fu, "score.fu"},
    {"changed points", "tenhou-xml", mj_points, "score.points"},
    {"changed delta", "tenhou-xml", mj_delta, "score.delta"},
    {"changed yaku han", "tenhou-xml", mj_yaku, "score.yaku"},
    {"dropped draw", "tenhou-xml", mj_drop_draw, "deal.turn_order"},
    {"discard of a tile not in hand", "tenhou-xml", mj_foreign_discard, "deal.tile_not_in_hand"},
    {"shifted dora indicator", "tenhou-xml", mj_dora, "wall.dora,score.dora"},
    {"wrong honba", "tenhou-xml", mj_honba, "flow.honba"},
    {"changed meld source", "tenhou-xml", mj_meld, "deal.call"},
    {"altered owari scores", "tenhou-xml", mj_owari_final, "game.final_score"},
    {"altered owari points", "tenhou-xml", mj_owari_points, "game.final_points"},
    {"dropped riichi deposit", "tenhou-xml", mj_reach, "log.structure"},
    {"whitespace between tags", "tenhou-xml", mj_whitespace, ""},
    {"attribute order", "tenhou-xml", mj_attribute_order, ""},
    {"changed delta", "tenhou6", t6_delta, "score.delta"},
    {"changed han", "tenhou6", t6_han, "score.han,score.yaku,score.points"},
    /* tenhou6 has no turn order: a tile nobody holds can make the order impossible to rebuild */
    {"discard of a tile not in hand", "tenhou6", t6_tile, "deal.tile_not_in_hand,error"},
    {"changed final score", "tenhou6", t6_final, "game.final_points,game.final_score"},
    {"changed delta", "mjai", mjai_delta, "score.delta"},
    {"discard of a tile not in hand", "mjai", mjai_tile, "deal.tile_not_in_hand"},
    {"changed delta", "majsoul", ms_delta, "score.delta"},
    {"changed han", "majsoul", ms_han, "score.han"},
    {"changed fu", "majsoul", ms_fu, "score.fu"},
    {"discard of a tile not in hand", "majsoul", ms_tile, "deal.tile_not_in_hand"},
    {"changed final score", "majsoul", ms_final, "game.final_score"},
    {"changed wall tile", "majsoul", ms_wall, "wall.draw"},
    {"camelCase keys", "majsoul", ms_camel, ""},
    {"default values left out", "majsoul", ms_defaults, ""},
};

#define N_FAULTS (sizeof(FAULTS) / sizeof(FAULTS[0]))

static bool code_in(const char *codes, const char *list)
{
    char buf[256];
    snprintf(buf, sizeof(buf), "%s", list);
    char *save, *c = strtok_r(buf, ",", &save);
    for (; c; c = strtok_r(NULL, ",", &save)) {
        char pat[80];
        snprintf(pat, sizeof(pat), ",%s,", c);
        if (strstr(codes, pat))
            return true;
    }
    return false;
}

typedef struct tally {
    int applied[N_FAULTS];
    int caught[N_FAULTS];
} tally;

/* Inject every fault of the file's format into PATH; false when the file could not be used
   (missing, unreadable, or with findings of its own, which cannot tell faults apart). */
static bool inject_file(const char *path, tally *tl)
{
    text orig = load(path);
    if (!orig.s)
        return false;
    const char *format = paifu_format_detect(orig.s, orig.n);
    outcome clean = verify(&orig, path);
    if (!format || !clean.read_ok || clean.findings) {
        free(orig.s);
        return false;
    }
    for (size_t f = 0; f < N_FAULTS; f++) {
        if (strcmp(FAULTS[f].format, format) != 0)
            continue;
        if (!clean.final_checkable && strstr(FAULTS[f].codes, "game.final"))
            continue; /* the log's rules leave the final scores open */
        text t = {malloc(orig.n + 1), orig.n};
        memcpy(t.s, orig.s, orig.n + 1);
        if (FAULTS[f].apply(&t)) {
            tl->applied[f]++;
            outcome o = verify(&t, path);
            /* a reader that refuses the faulty copy outright ("error" in the list) also flags it */
            bool ok = FAULTS[f].codes[0]
                          ? (o.read_ok ? code_in(o.codes, FAULTS[f].codes)
                                       : strstr(FAULTS[f].codes, "error") != NULL)
                          : o.read_ok && o.findings == 0;
            if (ok)
                tl->caught[f]++;
            else
                print_message("%s: %s: expected %s, got %s\n", path, FAULTS[f].name,
                              FAULTS[f].codes[0] ? FAULTS[f].codes : "no finding", o.codes);
        }
        free(t.s);
    }
    free(orig.s);
    return true;
}

static void report(const tally *tl, bool need_all)
{
    for (size_t f = 0; f < N_FAULTS; f++) {
        print_message("%-12s %-32s applied %3d, flagged %3d\n", FAULTS[f].format, FAULTS[f].name,
                      tl->applied[f], tl->caught[f]);
        assert_int_equal(tl->caught[f], tl->applied[f]);
        if (need_all)
            assert_true(tl->applied[f] > 0);
    }
}

static void samples(void **state)
{
    (void)state;
    static const char *files[] = {"synthetic-tenhou.mjlog", "riichienv-selfplay.mjai.jsonl"};
    tally tl;
    memset(&tl, 0, sizeof(tl));
    for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
        char path[512];
        snprintf(path, sizeof(path), "%s/%s", PAIFU_SAMPLES_DIR, files[i]);
        if (!inject_file(path, &tl)) /* a sample is missing or not clean: nothing was tested */
            fail_msg("%s: missing, unreadable or not clean", path);
    }
    report(&tl, false);
    int applied = 0;
    for (size_t f = 0; f < N_FAULTS; f++)
        applied += tl.applied[f];
    assert_true(applied >= 10);
}

static corpus_manifest CORPUS;

/* A spread of real logs: about 25 files of every format, evenly over MANIFEST.tsv. */
static void corpus(void **state)
{
    (void)state;
    static const char *formats[] = {"tenhou-xml", "tenhou6", "mjai", "majsoul"};
    int count[4] = {0}, seen[4] = {0}, used = 0;
    for (int pass = 0; pass < 2; pass++) {
        tally tl;
        memset(&tl, 0, sizeof(tl));
        CORPUS_FOR_EACH(&CORPUS, r) {
            if (r->partial)
                continue;
            for (int f = 0; f < 4; f++) {
                if (strcmp(r->format, formats[f]) != 0)
                    continue;
                if (pass == 0) {
                    count[f]++;
                } else {
                    int step = count[f] > 25 ? count[f] / 25 : 1;
                    if (seen[f]++ % step == 0)
                        used += inject_file(r->path, &tl);
                }
            }
        }
        if (pass == 1)
            report(&tl, true);
    }
    assert_true(used >= 50);
}

int main(void)
{
    paifu_init();
#if PAIFU_SAMPLES_ONLY
    /* unit.test_fault_injection.samples: the samples, without the corpus */
    (void)corpus;
    const struct CMUnitTest tests[] = {cmocka_unit_test(samples)};
    return cmocka_run_group_tests(tests, NULL, NULL);
#else
    (void)samples; /* run by unit.test_fault_injection.samples */
    if (!corpus_open(&CORPUS, NULL, "test_fault_injection"))
        return 77;
    const struct CMUnitTest tests[] = {cmocka_unit_test(corpus)};
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    corpus_manifest_free(&CORPUS);
    return rc;
#endif
}
