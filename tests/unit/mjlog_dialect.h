/*
 * mjlog_dialect.h: a checker of the form Tenhou writes its mjlog XML in, for the tests (included
 * by test_mjlog_write.c and test_corpus_conversions.c; not a test itself).
 *
 * The form is the one of Tenhou's own compact logs (the corpus' 826 of them, 2009-2023; spec
 * shared/formats/tenhou-xml.md §4, §5): one line, `<mjloggm ver="2.3">` ... `</mjloggm>` with
 * nothing between the tags; SHUFFLE?, GO, UN, TAIKYOKU, then the deals, each from an INIT;
 * every tag's attributes in Tenhou's order (optional ones marked '?' below; Tenhou always writes
 * sc, paifu leaves it out where the source does not record the score changes) and its closing
 * spacing (" />" for N, DORA, BYE, AGARI, RYUUKYOKU and a reconnection UN, "/>" for the rest);
 * draws and discards T/U/V/W/D/E/F/G with a tile id 0..135 and no attribute. Problems are
 * printed (up to 20) and counted.
 */
#ifndef PAIFU_TESTS_MJLOG_DIALECT_H
#define PAIFU_TESTS_MJLOG_DIALECT_H

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

typedef struct mjlog_checker {
    char where[600];
    unsigned problems;
} mjlog_checker;

/* Tenhou's attribute order per tag; '?' marks an optional attribute; SPACE: " />". */
static const struct {
    const char *tag;
    const char *order;
    bool space;
} MJLOG_FORM[] = {
    {"SHUFFLE", "seed ref", false},
    {"GO", "type lobby? title? rule? ranking? csrule? paifu_rules?",
     false}, /* paifu_rules: paifu's own, last */
    {"UN", "n0 n1 n2 n3 dan? rc? gold? rate? sx?", false},
    {"TAIKYOKU", "oya", false},
    {"INIT", "seed ten chip? oya hai0 hai1 hai2 hai3 shuffle?", false},
    {"N", "who m", true},
    {"REACH", "who ten? step", false},
    {"DORA", "hai", true},
    {"BYE", "who", true},
    {"AGARI",
     "ba hai m? machi ten yaku? yakuman? chip? doraHai doraHaiUra? who fromWho paoWho? "
     "sc? owari? ratio?",
     true},
    {"RYUUKYOKU", "type? ba sc? hai0? hai1? hai2? hai3? owari? ratio?", true},
};

static void mjlog_problem(mjlog_checker *c, size_t at, const char *what, const char *tag)
{
    if (c->problems++ < 20)
        printf("%s: byte %zu: %s (<%s>)\n", c->where, at, what, tag);
}

/* Do the attribute names NAMES (space-separated) follow ORDER? */
static bool mjlog_in_order(const char *names, const char *order)
{
    const char *p = order;
    for (const char *n = names; *n;) {
        size_t len = strcspn(n, " ");
        for (;;) {
            size_t plen = strcspn(p, " ");
            if (!*p)
                return false;
            bool optional = p[plen - 1] == '?';
            size_t name_len = optional ? plen - 1 : plen;
            const char *next = p + plen + (p[plen] == ' ');
            if (name_len == len && !strncmp(p, n, len)) {
                p = next;
                break;
            }
            if (!optional)
                return false;
            p = next;
        }
        n += len + (n[len] == ' ');
    }
    for (; *p; p += strcspn(p, " ") + (p[strcspn(p, " ")] == ' '))
        if (p[strcspn(p, " ") - 1] != '?')
            return false;
    return true;
}

static bool mjlog_tile_tag(const char *name)
{
    if (!name[0] || !strchr("TUVWDEFG", name[0]) || !name[1] || strlen(name) > 4)
        return false;
    if (name[1] == '0' && name[2])
        return false;
    int v = 0;
    for (const char *p = name + 1; *p; p++) {
        if (*p < '0' || *p > '9')
            return false;
        v = v * 10 + (*p - '0');
    }
    return v <= 135;
}

/* Check the document DATA[0..LEN). */
static void check_mjlog_form(mjlog_checker *c, const char *data, size_t len)
{
    static const char HEAD[] = "<mjloggm ver=\"2.3\">", TAIL[] = "</mjloggm>";
    size_t i = sizeof(HEAD) - 1, end = len - (sizeof(TAIL) - 1);
    int stage = 0; /* 0 before GO, 1 GO, 2 roster, 3 TAIKYOKU, 4 in the deals */
    if (len < sizeof(HEAD) + sizeof(TAIL) || memcmp(data, HEAD, sizeof(HEAD) - 1) ||
        memcmp(data + end, TAIL, sizeof(TAIL) - 1)) {
        mjlog_problem(c, 0, "not <mjloggm ver=\"2.3\"> ... </mjloggm>", "mjloggm");
        return;
    }
    while (i < end) {
        char name[16] = "", names[256] = "";
        size_t k = 0, at = i;
        if (data[i++] != '<') {
            mjlog_problem(c, at, "a byte between tags", "");
            return;
        }
        while (i < end && data[i] != ' ' && data[i] != '/' && k < sizeof(name) - 1)
            name[k++] = data[i++];
        size_t n_names = 0;
        while (i < end && data[i] == ' ' && data[i + 1] != '/') {
            size_t a = ++i;
            while (i < end && data[i] != '=')
                i++;
            if (i + 1 >= end || data[i + 1] != '"') {
                mjlog_problem(c, at, "an attribute without a quoted value", name);
                return;
            }
            n_names += (size_t)snprintf(names + n_names, sizeof(names) - n_names, "%s%.*s",
                                        n_names ? " " : "", (int)(i - a), data + a);
            const char *q = memchr(data + i + 2, '"', end - i - 2);
            if (!q) {
                mjlog_problem(c, at, "an unterminated value", name);
                return;
            }
            i = (size_t)(q - data) + 1;
        }
        bool space = i < end && data[i] == ' ';
        if (space)
            i++;
        if (i + 1 >= end || data[i] != '/' || data[i + 1] != '>') {
            mjlog_problem(c, at, "a tag not closed by /> or \" />\"", name);
            return;
        }
        i += 2;
        if (mjlog_tile_tag(name)) {
            if (n_names || space)
                mjlog_problem(c, at, "a draw or discard with attributes or a space", name);
            if (stage < 4)
                mjlog_problem(c, at, "a draw or discard before the first INIT", name);
            continue;
        }
        bool reconnect = !strcmp(name, "UN") && stage >= 2;
        size_t f = 0;
        while (f < sizeof(MJLOG_FORM) / sizeof(MJLOG_FORM[0]) && strcmp(MJLOG_FORM[f].tag, name))
            f++;
        if (f == sizeof(MJLOG_FORM) / sizeof(MJLOG_FORM[0])) {
            mjlog_problem(c, at, "a tag Tenhou does not write", name);
            continue;
        }
        if (reconnect) {
            if (strlen(names) != 2 || names[0] != 'n' || names[1] < '0' || names[1] > '3' || !space)
                mjlog_problem(c, at, "a reconnection is <UN nK=\"...\" />", name);
        } else if (!mjlog_in_order(names, MJLOG_FORM[f].order) || space != MJLOG_FORM[f].space) {
            mjlog_problem(c, at, "attributes or spacing not in Tenhou's form", name);
        }
        if (!strcmp(name, "REACH") && strstr(names, "ten") &&
            memcmp(data + i - 10, "step=\"2\"/>", 10) != 0)
            mjlog_problem(c, at, "ten on a REACH step 1", name);
        static const char *const HEADER[] = {"GO", "UN", "TAIKYOKU"};
        if (stage < 3 && !strcmp(name, HEADER[stage]))
            stage++;
        else if (stage < 3 && !(stage == 0 && !strcmp(name, "SHUFFLE") && at == sizeof(HEAD) - 1))
            mjlog_problem(c, at, "the header is SHUFFLE?, GO, UN, TAIKYOKU", name);
        else if (!strcmp(name, "INIT"))
            stage = 4;
        else if (stage == 3 && strcmp(name, "BYE") && !reconnect)
            mjlog_problem(c, at, "a deal's tag before the first INIT", name);
    }
}

#endif
