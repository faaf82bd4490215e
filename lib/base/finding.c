/*
 * finding.c: finding codes and reports (see paifu/verify.h).
 *
 * A report keeps findings in one growing array (malloc'd: a report outlives games) plus counters.
 * Findings past the per-game cap are counted but not stored, so a badly broken log cannot make
 * the report grow without bound.
 */
#include "error_internal.h"
#include "finding_internal.h"
#include "rules_internal.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ERROR   PAIFU_SEVERITY_ERROR
#define WARNING PAIFU_SEVERITY_WARNING
#define INFO    PAIFU_SEVERITY_INFO
static const paifu_finding_code_info CODES[] = {
#define X(code, sev, meaning) {code, sev, meaning},
#include "finding_codes.def"
#undef X
};
#undef ERROR
#undef WARNING
#undef INFO

#define N_CODES (sizeof(CODES) / sizeof(CODES[0]))

size_t paifu_finding_code_count(void)
{
    return N_CODES;
}

const paifu_finding_code_info *paifu_finding_code(size_t i)
{
    return i < N_CODES ? &CODES[i] : NULL;
}

const paifu_finding_code_info *paifu_finding_code_find(const char *code)
{
    if (!code)
        return NULL;
    for (size_t i = 0; i < N_CODES; i++)
        if (strcmp(CODES[i].code, code) == 0)
            return &CODES[i];
    return NULL;
}

const char *paifu_severity_name(paifu_severity severity)
{
    switch (severity) {
    case PAIFU_SEVERITY_INFO: return "info";
    case PAIFU_SEVERITY_WARNING: return "warning";
    case PAIFU_SEVERITY_ERROR: return "error";
    }
    return "unknown";
}

int paifu_report_new(paifu_report **out, paifu_error *err)
{
    PAIFU_ASSERT_ARG(out, err);
    paifu_report *r = calloc(1, sizeof(*r));
    if (!r)
        return paifu_error_set(err, PAIFU_ENOMEM, NULL, "out of memory");
    r->max_per_game = 1000;
    *out = r;
    return 0;
}

void paifu_report_free(paifu_report *report)
{
    if (!report)
        return;
    free(report->findings);
    free(report->concerns);
    free(report->wins);
    for (size_t i = 0; i < report->n_cites; i++)
        free(report->cites[i]);
    free(report->cites);
    free(report);
}

/* TEXT kept in R's citations (once each): a finding's rule_ref lives as long as the report.
   NULL when it cannot be kept. */
static const char *keep_cite(paifu_report *r, const char *text)
{
    for (size_t i = 0; i < r->n_cites; i++)
        if (strcmp(r->cites[i], text) == 0)
            return r->cites[i];
    if (r->n_cites == r->cap_cites) {
        size_t ncap = r->cap_cites ? r->cap_cites * 2 : 8;
        char **c = realloc(r->cites, ncap * sizeof(*c));
        if (!c)
            return NULL;
        r->cites = c;
        r->cap_cites = ncap;
    }
    size_t n = strlen(text) + 1;
    char *copy = malloc(n);
    if (!copy)
        return NULL;
    memcpy(copy, text, n);
    r->cites[r->n_cites++] = copy;
    return copy;
}

void paifu_report_clear(paifu_report *report)
{
    if (!report)
        return;
    report->n = 0;
    report->game_findings = 0;
    report->n_wins = 0;
    memset(&report->stats, 0, sizeof(report->stats));
}

void paifu_report_clear_findings(paifu_report *report)
{
    if (report)
        report->n = 0;
}

size_t paifu_report_count(const paifu_report *report)
{
    return report ? report->n : 0;
}

const paifu_finding *paifu_report_finding(const paifu_report *report, size_t i)
{
    return report && i < report->n ? &report->findings[i] : NULL;
}

unsigned paifu_report_finding_seats(const paifu_report *report, size_t i)
{
    return report && i < report->n ? report->concerns[i] : 0;
}

const paifu_verify_stats *paifu_report_stats(const paifu_report *report)
{
    return report ? &report->stats : NULL;
}

/* Copy at most N bytes of S into OUT (room SIZE, used *LEN), never cutting a UTF-8 sequence. */
static void put(char *out, size_t size, size_t *len, const char *s, size_t n)
{
    if (*len + 1 >= size)
        return;
    if (n > size - 1 - *len) {
        n = size - 1 - *len;
        while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
            n--;
    }
    memcpy(out + *len, s, n);
    *len += n;
    out[*len] = '\0';
}

/* MESSAGE with every `seat N` of a player the game names written "Name (seat N)". A `seat N`
   already in parentheses is left as it is. Returns the seats the message names, a bit each. */
static unsigned name_seats(char *out, size_t size, const char *msg, const paifu_game *game)
{
    unsigned named = 0;
    size_t len = 0;
    out[0] = '\0';
    int players = paifu_game_players(game);
    const char *p = msg;
    while (*p) {
        const char *at = strstr(p, "seat ");
        if (!at) {
            put(out, size, &len, p, strlen(p));
            break;
        }
        const char *d = at + 5;
        if (d[0] == '-' && d[1] == '1' && !(d[2] >= '0' && d[2] <= '9')) { /* no seat at all */
            put(out, size, &len, p, (size_t)(at - p));
            put(out, size, &len, "nobody", 6);
            p = d + 2;
            continue;
        }
        /* a word of its own, and not "(seat N)" (named already) */
        bool word = at == msg ||
                    !((at[-1] >= 'a' && at[-1] <= 'z') || (at[-1] == '(' && d[0] && d[1] == ')'));
        if (!word || *d < '0' || *d > '9' || (d[1] >= '0' && d[1] <= '9') || *d - '0' >= players) {
            if (at > msg && at[-1] == '(' && *d >= '0' && *d - '0' < players) /* "Name (seat N)" */
                named |= 1u << (*d - '0');
            put(out, size, &len, p, (size_t)(d - p));
            p = d;
            continue;
        }
        const paifu_player *pl = paifu_game_player(game, *d - '0');
        named |= 1u << (*d - '0');
        put(out, size, &len, p, (size_t)(at - p));
        if (pl && pl->name && pl->name[0]) {
            size_t n = strlen(pl->name);
            if (n > 48) /* a long name keeps the message readable */
                n = 48;
            put(out, size, &len, pl->name, n);
            put(out, size, &len, " (", 2);
            put(out, size, &len, at, (size_t)(d + 1 - at));
            put(out, size, &len, ")", 1);
        } else {
            put(out, size, &len, at, (size_t)(d + 1 - at));
        }
        p = d + 1;
    }
    return named;
}

/* TEXT into OUT (SIZE): whole when it fits, else cut after its last whole "; " entry that
   fits (a list by seat: the players' values) with " …" after it, or at a character. */
static void fit_message(char *out, size_t size, const char *text)
{
    size_t n = strlen(text), len = 0;
    out[0] = '\0';
    if (n < size) {
        memcpy(out, text, n + 1);
        return;
    }
    static const char more[] = " …";
    size_t room = size - sizeof(more); /* the text, then " …" and the NUL */
    size_t cut = 0;
    for (size_t i = 0; i + 1 < room && text[i]; i++)
        if (text[i] == ';' && text[i + 1] == ' ')
            cut = i;
    if (!cut)
        cut = room;
    put(out, size, &len, text, cut);
    put(out, size, &len, more, sizeof(more) - 1);
}

/* Split S, a list of PLAYERS numbers by seat ("1000,-1000,0,0" as paifu_finding__points writes
   them, or "+10.0,-25.3,..." as the results table), into the start and length of each; false for
   any other text. */
static bool seat_list(const char **at, size_t *len, const char *s, int players)
{
    for (int i = 0; i < players; i++) {
        if (i && *s++ != ',')
            return false;
        const char *p = s;
        if (*p == '+' || *p == '-')
            p++;
        else if ((unsigned char)p[0] == 0xC2 && (unsigned char)p[1] == 0xB1) /* ± */
            p += 2;
        const char *digits = p;
        while (*p >= '0' && *p <= '9')
            p++;
        if (p == digits)
            return false;
        if (*p == '.') {
            const char *frac = ++p;
            while (*p >= '0' && *p <= '9')
                p++;
            if (p == frac)
                return false;
        }
        at[i] = s;
        len[i] = (size_t)(p - s);
        s = p;
    }
    return *s == '\0';
}

/* The seats whose values differ where EXPECTED and RECORDED are both lists by seat. */
static unsigned differing_seats(const char *expected, const char *recorded, int players)
{
    const char *e[PAIFU_SEATS], *g[PAIFU_SEATS];
    size_t ne[PAIFU_SEATS], ng[PAIFU_SEATS];
    unsigned out = 0;
    if (players < 1 || players > PAIFU_SEATS || !expected || !recorded ||
        !seat_list(e, ne, expected, players) || !seat_list(g, ng, recorded, players))
        return 0;
    for (int s = 0; s < players; s++)
        if (ne[s] != ng[s] || memcmp(e[s], g[s], ne[s]) != 0)
            out |= 1u << s;
    return out;
}

static int add_finding(paifu_report *r, const char *code, const paifu_location *where,
                const char *expected, const char *recorded, const char *rule_ref, const char *fmt,
                va_list ap)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 7, 0)))
#endif
    ;

static int add_finding(paifu_report *r, const char *code, const paifu_location *where,
                const char *expected, const char *recorded, const char *rule_ref, const char *fmt,
                va_list ap)
{
    const paifu_finding_code_info *info = paifu_finding_code_find(code);
    if (!info)
        return PAIFU_EINVAL;
    r->stats.findings++;
    r->game_findings++;
    if (r->game_findings > r->max_per_game)
        return 0;
    if (r->n == r->cap) {
        size_t ncap = r->cap ? r->cap * 2 : 16;
        uint8_t *c = realloc(r->concerns, ncap * sizeof(*c));
        if (c)
            r->concerns = c;
        paifu_finding *f = c ? realloc(r->findings, ncap * sizeof(*f)) : NULL;
        if (!f) {
            r->lost = true; /* paifu_verify_game fails with PAIFU_ENOMEM */
            return PAIFU_ENOMEM;
        }
        r->findings = f;
        r->cap = ncap;
    }
    r->concerns[r->n] = 0;
    paifu_finding *f = &r->findings[r->n++];
    memset(f, 0, sizeof(*f));
    f->code = info->code;
    f->severity = info->severity;
    if (where)
        f->where = *where;
    else
        paifu_location_clear(&f->where);
    unsigned seats = 0; /* the seats the finding concerns */
    if (r->game) {
        char raw[sizeof(f->message) * 2];
        vsnprintf(raw, sizeof(raw), fmt, ap);
        char named[sizeof(f->message) * 3];
        seats = name_seats(named, sizeof(named), raw, r->game);
        fit_message(f->message, sizeof(f->message), named);
        rule_ref = paifu_finding__cite(info->code, rule_ref, r->document);
        char set[480];
        if (r->rules &&
            paifu_finding__cite_set(set, sizeof(set), info->code, rule_ref, r->rules) > 0) {
            rule_ref = keep_cite(r, set);
            if (!rule_ref) {
                r->n--;
                r->lost = true; /* paifu_verify_game fails with PAIFU_ENOMEM */
                return PAIFU_ENOMEM;
            }
        }
    } else {
        vsnprintf(f->message, sizeof(f->message), fmt, ap);
    }
    if (r->game) { /* "seat 0 and seat 2" in a value names the players too */
        seats |= name_seats(f->expected, sizeof(f->expected), expected ? expected : "", r->game);
        seats |= name_seats(f->recorded, sizeof(f->recorded), recorded ? recorded : "", r->game);
        /* values by seat: the players whose values differ */
        seats |= differing_seats(expected, recorded, paifu_game_players(r->game));
        r->concerns[r->n - 1] = (uint8_t)seats;
    } else {
        snprintf(f->expected, sizeof(f->expected), "%s", expected ? expected : "");
        snprintf(f->recorded, sizeof(f->recorded), "%s", recorded ? recorded : "");
    }
    f->rule_ref = rule_ref;
    return 0;
}

int paifu_report_add(paifu_report *report, const char *code, const paifu_location *where,
                     const char *expected, const char *recorded, const char *rule_ref,
                     const char *fmt, ...)
{
    if (!report || !code || !fmt)
        return PAIFU_EINVAL;
    va_list ap;
    va_start(ap, fmt);
    int rc = add_finding(report, code, where, expected, recorded, rule_ref, fmt, ap);
    va_end(ap);
    return rc;
}

void paifu_report__game(paifu_report *report, const paifu_game *game, int document)
{
    report->game = game;
    report->document = document;
}

void paifu_report__end_game(paifu_report *report)
{
    report->game = NULL;
    report->rules = NULL;
}

void paifu_report__rules(paifu_report *report, const struct paifu_rules *rules)
{
    /* only a rule set with values other than its preset's has anything to say (the common
       case, the preset itself, costs the findings nothing) */
    report->rules = rules && paifu_rules__changed(rules) ? rules : NULL;
}

const char *paifu_finding__seats(char *buf, size_t size, unsigned seats, int players)
{
    size_t len = 0;
    int n = 0, total = 0;
    buf[0] = '\0';
    for (int s = 0; s < players; s++)
        total += (seats >> s) & 1;
    if (!total)
        snprintf(buf, size, "nobody");
    for (int s = 0; s < players && len < size; s++) {
        if (!((seats >> s) & 1))
            continue;
        n++;
        len += (size_t)snprintf(buf + len, size - len, "%sseat %d",
                                n == 1       ? ""
                                : n == total ? " and "
                                             : ", ",
                                s);
    }
    return buf;
}

const char *paifu_finding__words(char *buf, size_t size, const char *name)
{
    snprintf(buf, size, "%s", name ? name : "");
    for (char *p = buf; *p; p++)
        if (*p == '_')
            *p = ' ';
    return buf;
}

const char *paifu_finding__event_words(int type)
{
    static const char *const words[PAIFU_EV_TYPE_COUNT] = {
        [PAIFU_EV_DRAW] = "a draw from the wall",
        [PAIFU_EV_DISCARD] = "a discard",
        [PAIFU_EV_CHI] = "a chi",
        [PAIFU_EV_PON] = "a pon",
        [PAIFU_EV_DAIMINKAN] = "an open kan",
        [PAIFU_EV_ANKAN] = "a closed kan",
        [PAIFU_EV_SHOUMINKAN] = "an added kan",
        [PAIFU_EV_KITA] = "a North set aside",
        [PAIFU_EV_FLOWER] = "a flower set aside",
        [PAIFU_EV_RIICHI_ACCEPTED] = "a riichi deposit",
        [PAIFU_EV_DORA] = "a dora indicator",
        [PAIFU_EV_WIN] = "a win",
        [PAIFU_EV_EXHAUSTIVE_DRAW] = "an exhaustive draw",
        [PAIFU_EV_ABORTIVE_DRAW] = "an abortive draw",
        [PAIFU_EV_PENALTY] = "a penalty",
        [PAIFU_EV_DISCONNECT] = "a lost connection",
        [PAIFU_EV_RECONNECT] = "a reconnection",
    };
    return type > 0 && type < PAIFU_EV_TYPE_COUNT && words[type] ? words[type] : "an event";
}

const char *paifu_finding__draw_words(int kind)
{
    static const char *const words[PAIFU_DRAW_KIND_COUNT] = {
        "an exhaustive draw", "a nine-terminals draw", "a four-winds draw",
        "a four-riichi draw", "a four-kans draw",      "a triple-ron draw"};
    return kind >= 0 && kind < PAIFU_DRAW_KIND_COUNT ? words[kind] : "a draw";
}

const char *paifu_finding__penalty_words(int kind)
{
    static const char *const words[PAIFU_PENALTY_KIND_COUNT] = {
        "a chombo", "a dead hand", "a fine", "a penalty", "a mistaken hu claim", "an exposed hand"};
    return kind >= 0 && kind < PAIFU_PENALTY_KIND_COUNT ? words[kind] : "a penalty";
}

const char *paifu_finding__status_words(int status)
{
    static const char *const words[] = {"a valid win", "not complete", "without a yaku",
                                        "below the minimum of yaku han",
                                        "a closed kan robbed by other than kokushi"};
    return status >= 0 && (size_t)status < sizeof(words) / sizeof(words[0]) ? words[status]
                                                                            : "not valid";
}

void paifu_report__begin_game(paifu_report *report, uint32_t max_per_game)
{
    report->game_findings = 0;
    report->n_wins = 0;
    report->lost = false;
    report->max_per_game = max_per_game ? max_per_game : 1000;
}

int paifu_report__reserve_wins(paifu_report *report, size_t wins, paifu_error *err)
{
    if (wins <= report->cap_wins)
        return 0;
    paifu_win_result *p = realloc(report->wins, wins * sizeof(*p));
    if (!p)
        return paifu_error_set(err, PAIFU_ENOMEM, NULL, "out of memory");
    report->wins = p;
    report->cap_wins = wins;
    return 0;
}

void paifu_report__win_result(paifu_report *report, size_t deal, size_t win,
                              const paifu_score *score)
{
    if (report->n_wins >= report->cap_wins)
        return;
    paifu_win_result *r = &report->wins[report->n_wins++];
    r->deal = (uint32_t)deal;
    r->win = (uint32_t)win;
    r->score = *score;
}

const paifu_win_result *paifu_report_win_result(const paifu_report *report, size_t deal,
                                                size_t win)
{
    for (size_t i = 0; report && i < report->n_wins; i++)
        if (report->wins[i].deal == deal && report->wins[i].win == win)
            return &report->wins[i];
    return NULL;
}

void paifu_report__count_deal(paifu_report *report, const paifu_deal *deal)
{
    report->stats.deals++;
    report->stats.events += deal->n_events;
    report->stats.wins += deal->n_wins;
    report->stats.draws += deal->n_draws;
}

void paifu_finding__locate(paifu_location *where, const paifu_verify_options *opts,
                           const paifu_deal *deal, int event)
{
    paifu_location_clear(where);
    if (opts && opts->source_name)
        paifu_location_set_source(where, opts->source_name);
    if (opts)
        where->game = opts->game_index;
    if (deal) {
        paifu_deal_label(where->deal, sizeof(where->deal), &deal->start);
        const paifu_event *ev = event >= 0 && (size_t)event < deal->n_events
                                    ? &deal->events[event]
                                    : NULL;
        where->line = ev && ev->line ? ev->line : deal->line;
        where->column = ev && ev->line ? ev->column : deal->column;
    }
    where->event = event;
}

const char *paifu_final_score_text(char *buf, size_t size, int64_t score, bool mcr)
{
    if (mcr) {
        snprintf(buf, size, "%+lld", (long long)score);
        return buf;
    }
    /* thousands with one decimal: 24000 -> +24.0, rounded half away from zero */
    long long a = score < 0 ? -(long long)score : (long long)score;
    long long tenths = (a + 50) / 100;
    snprintf(buf, size, "%s%lld.%lld", score < 0 ? "-" : score > 0 ? "+" : "±", tenths / 10,
             tenths % 10);
    return buf;
}

const char *paifu_finding__by_seat(char *buf, size_t size, const int32_t *expected,
                                   const int32_t *recorded, int players, int unit)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int s = 0; s < players && len + 1 < size; s++) {
        if (expected[s] == recorded[s])
            continue;
        char e[32], r[32];
        if (unit == PAIFU_UNIT_SCORE) {
            paifu_final_score_text(e, sizeof(e), expected[s], false);
            paifu_final_score_text(r, sizeof(r), recorded[s], false);
        } else {
            paifu_points_text(e, sizeof(e), expected[s], unit == PAIFU_UNIT_DELTA);
            paifu_points_text(r, sizeof(r), recorded[s], unit == PAIFU_UNIT_DELTA);
        }
        int k = snprintf(buf + len, size - len, "%sseat %d %s, not %s", len ? "; " : "", s,
                         e, r);
        if (k < 0 || (size_t)k >= size - len) { /* no half entry */
            buf[len] = '\0';
            break;
        }
        len += (size_t)k;
    }
    return buf;
}

unsigned paifu_finding__event_seats(const paifu_deal *d, int event, int players)
{
    if (!d || event < 0 || (size_t)event >= d->n_events)
        return 0;
    const paifu_event *ev = &d->events[event];
    int a = ev->seat, b = ev->from;
    if (ev->type == PAIFU_EV_WIN && ev->detail >= 0 && (size_t)ev->detail < d->n_wins) {
        a = d->wins[ev->detail].winner;
        b = d->wins[ev->detail].from;
    } else if ((ev->type == PAIFU_EV_EXHAUSTIVE_DRAW || ev->type == PAIFU_EV_ABORTIVE_DRAW) &&
               ev->detail >= 0 && (size_t)ev->detail < d->n_draws) {
        a = d->draws[ev->detail].seat, b = -1;
    } else if (ev->type == PAIFU_EV_PENALTY && ev->detail >= 0 &&
               (size_t)ev->detail < d->n_penalties) {
        a = d->penalties[ev->detail].seat, b = -1;
    }
    unsigned out = 0;
    if (a >= 0 && a < players)
        out |= 1u << a;
    if (b >= 0 && b < players)
        out |= 1u << b;
    return out;
}

void paifu_finding__points(char *buf, size_t size, const int32_t *v, int players)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < players && used < size; i++)
        used += (size_t)snprintf(buf + used, size - used, "%s%d", i ? "," : "", (int)v[i]);
}

int paifu_finding__vadd(paifu_report *report, const paifu_verify_options *opts,
                        const paifu_deal *deal, int event, const char *code, const char *expected,
                        const char *recorded, const char *rule_ref, const char *fmt, va_list ap)
{
    paifu_location where;
    paifu_finding__locate(&where, opts, deal, event);
    size_t n = report->n;
    int rc = add_finding(report, code, &where, expected, recorded, rule_ref, fmt, ap);
    if (report->n > n && deal && report->game)
        report->concerns[n] |= (uint8_t)paifu_finding__event_seats(
            deal, event, paifu_game_players(report->game));
    return rc;
}

int paifu_finding__add(paifu_report *report, const paifu_verify_options *opts,
                       const paifu_deal *deal, int event, const char *code, const char *expected,
                       const char *recorded, const char *rule_ref, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = paifu_finding__vadd(report, opts, deal, event, code, expected, recorded, rule_ref,
                                 fmt, ap);
    va_end(ap);
    return rc;
}
