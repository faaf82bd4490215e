/*
 * tables.c: the library's analysis tables (paifu/table.h, lib/verify/table.c: their one
 * definition) for `paifu export` and `paifu stats`: every game of the inputs read, checked and
 * handed on as rows; and the per-player statistics over the players rows. doc/export.md
 * defines every column and statistic.
 */
#include "tables.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* Per player: what the players rows sum up (the statistics' counts). */
typedef struct seat_sums {
    long long deals, deals_played, wins, tsumo, deal_ins, riichi, called, win_points,
        deal_in_points, exhaustive, tenpai, tenpai_known;
} seat_sums;

/* ---- the library's tables (paifu/table.h), as the CLI's callbacks take them ---- */

typedef struct adapt {
    tab_row_fn fn;
    void *ctx;
} adapt;

static int adapted(paifu_table_id table, const paifu_cell *cells, void *payload)
{
    const adapt *a = payload;
    return a->fn(a->ctx, (int)table, cells);
}

/* INFO as the library takes it: --player-names resolved per seat into NAMES' buffers. */
static paifu_table_game table_game(const paifu_game *g, const tab_game_info *info,
                                   char names[PAIFU_SEATS][80])
{
    paifu_table_game t = {info->id,       info->source,   info->format, info->origin,
                          info->findings, info->verified, info->settled, {NULL}};
    for (int s = 0; s < PAIFU_SEATS; s++) {
        const char *name = tab_player(names[s], sizeof(names[s]), g, s, info->id, info->names);
        t.names[s] = name;
    }
    return t;
}

int tab_game(const paifu_game *g, const paifu_rules *rules, const tab_game_info *info,
             tab_row_fn fn, void *ctx)
{
    char names[PAIFU_SEATS][80];
    paifu_table_game t = table_game(g, info, names);
    adapt a = {fn, ctx};
    return paifu_table_rows(g, rules, &t, PAIFU_TABLES_ALL & ~(1u << PAIFU_TABLE_EVENTS), adapted,
                            &a);
}

int tab_events(const paifu_game *g, const paifu_rules *rules, const tab_game_info *info,
               tab_row_fn fn, void *ctx)
{
    char names[PAIFU_SEATS][80];
    paifu_table_game t = table_game(g, info, names);
    adapt a = {fn, ctx};
    return paifu_table_rows(g, rules, &t, 1u << PAIFU_TABLE_EVENTS, adapted, &a);
}

bool tab_parse_player_name(const char *spec, long long *game, int *seat, const char **name)
{
    char *end;
    long long n = strtoll(spec, &end, 10);
    if (end == spec || n < 1 || *end != ':')
        return false;
    const char *p = end + 1;
    if (*p < '0' || *p > '3' || p[1] != '=' || !p[2])
        return false;
    *game = n;
    *seat = *p - '0';
    *name = p + 2;
    return true;
}

const char *tab_player(char *buf, size_t size, const paifu_game *g, int seat, long long id,
                       const tab_names *names)
{
    for (size_t i = 0; names && i < names->n; i++) {
        long long game;
        int s;
        const char *name;
        if (tab_parse_player_name(names->specs[i], &game, &s, &name) && game == id && s == seat) {
            snprintf(buf, size, "%s", name);
            return buf;
        }
    }
    const char *own = cli_player_name(g, seat);
    if (own[0])
        return own;
    snprintf(buf, size, "seat %d of game %lld", seat, id);
    return buf;
}

int tab_run(char **args, int n, const paifu_read_options *ropts, const cli_rules_opts *ro,
            const tab_names *names, bool progress, bool events, tab_row_fn fn, void *ctx)
{
    cli_inputs in;
    int status = cli_inputs_expand(&in, args, n, ropts->format != NULL);
    paifu_report *rep = NULL;
    paifu_error err;
    paifu_error_clear(&err);
    if (paifu_report_new(&rep, &err) < 0) {
        cli_print_error(&err);
        cli_inputs_free(&in);
        return CLI_ERROR;
    }
    cli_progress_start(progress, in.n);
    long long id = 0;
    bool failed = false;
    for (size_t i = 0; i < in.n && !failed; i++) {
        paifu_reader *r = NULL;
        paifu_error_clear(&err);
        int rc = paifu_reader_open(&r, in.paths[i], ropts, &err);
        bool container = r && paifu_reader_members(r, NULL, NULL, NULL);
        uint64_t seen_total = 0;
        size_t in_file = 0; /* games read from this input */
        while (rc == 0) {
            const paifu_game *g;
            if ((rc = paifu_reader_next(&g, r, &err)) == 0)
                break;
            paifu_rules *rules = NULL;
            paifu_rules_origin origin = PAIFU_RULES_ASSUMED;
            const char *source = paifu_reader_source(r);
            size_t index = rc > 0 ? in_file++ : in_file;
            if (rc > 0 &&
                cli_resolve_rules_origin(&rules, &origin, ro, g, "rrc", &err) < 0) {
                /* refused (a rule set of the other family): named, and the next game read */
                err.where.game = (int32_t)index;
                rc = 1;
            } else if (rc > 0) {
                paifu_verify_options vo = PAIFU_VERIFY_OPTIONS_INIT;
                vo.source_name = source;
                vo.game_index = 0;
                uint64_t before = paifu_report_stats(rep)->findings;
                paifu_settled *view = NULL;
                rc = paifu_game_settle(&view, g, rules, rep, &vo, &err);
                paifu_report_clear_findings(rep);
                if (rc == 0) {
                    tab_game_info info = {++id, source, paifu_reader_format(r),
                                          paifu_rules_origin_name(origin),
                                          (long long)(paifu_report_stats(rep)->findings - before),
                                          rep, view, names};
                    int written = tab_game(g, rules, &info, fn, ctx);
                    if (written == 0 && events)
                        written = tab_events(g, rules, &info, fn, ctx);
                    paifu_settled_free(view);
                    if (written != 0) {
                        paifu_rules_free(rules);
                        cli_error(source, "cannot write the tables");
                        failed = true;
                        break;
                    }
                    cli_progress_add(0, 1, (uint64_t)info.findings);
                    cli_progress_members(r, &seen_total);
                }
                paifu_rules_free(rules);
                if (rc == 0)
                    continue;
            }
            if (!err.where.source[0])
                paifu_location_set_source(&err.where, source);
            cli_progress_lock();
            cli_print_error(&err);
            cli_progress_unlock();
            status = CLI_ERROR;
            if (!container && rc < 0)
                break;
            paifu_error_clear(&err);
            rc = 0;
        }
        if (rc < 0 && !r) {
            cli_progress_lock();
            cli_print_error(&err);
            cli_progress_unlock();
            status = CLI_ERROR;
        }
        cli_progress_add(1, 0, 0);
        paifu_reader_free(r);
    }
    cli_progress_stop();
    paifu_report_free(rep);
    cli_inputs_free(&in);
    return failed ? CLI_ERROR : status;
}

/* ---- statistics ---- */

/* A player's statistics are kept apart per kind of game: 4- or 3-player, riichi or MCR (their
   places, rates and hand values do not mix). */
typedef struct player_stats {
    char *name;
    int kind; /* stat_kind() */
    long long games, placed, places_x12, place_n[5];
    seat_sums s;
} player_stats;

/* A players row waits for its game's row (written after the players rows), which tells the
   kind of game. */
typedef struct pending_row {
    char *name;
    bool placed;
    int x12;
    seat_sums s;
} pending_row;

struct tab_stats {
    player_stats *p;
    size_t n, cap; /* open addressing, cap a power of two */
    pending_row pending[PAIFU_SEATS];
    size_t n_pending;
    unsigned kinds; /* the kinds seen, a bit each */
};

enum { KIND_RIICHI4, KIND_RIICHI3, KIND_MCR, KIND_COUNT };
static const char *const KIND_LABEL[KIND_COUNT] = {"4-player riichi", "3-player riichi", "MCR"};
static const char *const KIND_FAMILY[KIND_COUNT] = {"riichi", "riichi", "mcr"};

int tab_stats_new(tab_stats **out)
{
    *out = calloc(1, sizeof(**out));
    return *out ? 0 : -1;
}

void tab_stats_free(tab_stats *st)
{
    if (!st)
        return;
    for (size_t i = 0; i < st->cap; i++)
        free(st->p[i].name);
    for (size_t i = 0; i < st->n_pending; i++)
        free(st->pending[i].name);
    free(st->p);
    free(st);
}

static size_t hash(const char *s, int kind)
{
    size_t h = 1469598103934665603ull ^ (size_t)kind;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

static player_stats *lookup(tab_stats *st, const char *name, int kind)
{
    if (2 * (st->n + 1) > st->cap) {
        size_t cap = st->cap ? 2 * st->cap : 64;
        player_stats *p = calloc(cap, sizeof(*p));
        if (!p)
            return NULL;
        for (size_t i = 0; i < st->cap; i++) {
            if (!st->p[i].name)
                continue;
            size_t j = hash(st->p[i].name, st->p[i].kind) & (cap - 1);
            while (p[j].name)
                j = (j + 1) & (cap - 1);
            p[j] = st->p[i];
        }
        free(st->p);
        st->p = p;
        st->cap = cap;
    }
    size_t j = hash(name, kind) & (st->cap - 1);
    while (st->p[j].name && (st->p[j].kind != kind || strcmp(st->p[j].name, name) != 0))
        j = (j + 1) & (st->cap - 1);
    if (!st->p[j].name) {
        if (!(st->p[j].name = strdup(name)))
            return NULL;
        st->p[j].kind = kind;
        st->n++;
    }
    return &st->p[j];
}

/* The game's row: its players' rows go to their names under the game's kind. */
static int stats_game(tab_stats *st, const tab_cell *c)
{
    const char *family = c[12].s ? c[12].s : "riichi";
    int kind = strcmp(family, "mcr") == 0 ? KIND_MCR : c[6].i == 3 ? KIND_RIICHI3 : KIND_RIICHI4;
    int rc = 0;
    for (size_t i = 0; i < st->n_pending; i++) {
        pending_row *r = &st->pending[i];
        player_stats *p = rc ? NULL : lookup(st, r->name, kind);
        free(r->name);
        if (!p) {
            rc = -1;
            continue;
        }
        p->games++;
        if (r->placed) {
            p->placed++;
            p->places_x12 += r->x12;
            if (r->x12 % 12 == 0 && r->x12 / 12 >= 1 && r->x12 / 12 <= 4)
                p->place_n[r->x12 / 12]++;
        }
        long long *to[] = {&p->s.deals,          &p->s.deals_played, &p->s.wins,
                           &p->s.tsumo,          &p->s.deal_ins,     &p->s.riichi,
                           &p->s.called,         &p->s.win_points,   &p->s.deal_in_points,
                           &p->s.exhaustive,     &p->s.tenpai,       &p->s.tenpai_known};
        const long long *from[] = {&r->s.deals,          &r->s.deals_played, &r->s.wins,
                                   &r->s.tsumo,          &r->s.deal_ins,     &r->s.riichi,
                                   &r->s.called,         &r->s.win_points,   &r->s.deal_in_points,
                                   &r->s.exhaustive,     &r->s.tenpai,       &r->s.tenpai_known};
        for (size_t k = 0; k < N(to); k++)
            *to[k] += *from[k];
    }
    st->n_pending = 0;
    st->kinds |= 1u << kind;
    return rc;
}

int tab_stats_row(void *ctx, int table, const tab_cell *c)
{
    tab_stats *st = ctx;
    if (table == TAB_GAMES)
        return stats_game(st, c);
    if (table != TAB_PLAYERS || st->n_pending >= PAIFU_SEATS)
        return 0;
    pending_row *r = &st->pending[st->n_pending];
    memset(r, 0, sizeof(*r));
    if (!(r->name = strdup(c[2].s ? c[2].s : "")))
        return -1;
    st->n_pending++;
    if (c[5].kind == 'r') {
        r->placed = true;
        r->x12 = (int)lround(c[5].r * 12);
    }
    long long *f[] = {&r->s.deals,          &r->s.deals_played, &r->s.wins,   &r->s.tsumo,
                      &r->s.deal_ins,       &r->s.riichi,       &r->s.called, &r->s.win_points,
                      &r->s.deal_in_points, &r->s.exhaustive,   &r->s.tenpai, &r->s.tenpai_known};
    for (size_t i = 0; i < N(f); i++)
        *f[i] = c[6 + i].i;
    return 0;
}

size_t tab_stats_kinds(const tab_stats *st)
{
    size_t n = 0;
    for (int k = 0; k < KIND_COUNT; k++)
        n += (st->kinds >> k) & 1u;
    return n;
}

static int by_games(const void *a, const void *b)
{
    const player_stats *x = *(player_stats *const *)a, *y = *(player_stats *const *)b;
    if (x->kind != y->kind)
        return x->kind < y->kind ? -1 : 1;
    if (x->games != y->games)
        return x->games < y->games ? 1 : -1;
    return strcmp(x->name, y->name);
}

/* The statistics of a player: value or NAN when its denominator is 0. */
typedef struct stat_def {
    const char *name, *heading;
    bool percent;
} stat_def;

static const stat_def STATS[] = {{"avg_place", "Avg place", false},
                                 {"first", "1st", true},
                                 {"second", "2nd", true},
                                 {"third", "3rd", true},
                                 {"fourth", "4th", true},
                                 {"win", "Win", true},
                                 {"deal_in", "Deal-in", true},
                                 {"riichi", "Riichi", true},
                                 {"call", "Call", true},
                                 {"tsumo", "Tsumo", true},
                                 {"avg_win", "Avg win", false},
                                 {"avg_deal_in", "Avg deal-in", false},
                                 {"tenpai_at_draw", "Tenpai at draw", true}};

size_t tab_stats_count(void)
{
    return N(STATS);
}

const char *tab_stats_name(size_t j)
{
    return j < N(STATS) ? STATS[j].name : NULL;
}

const char *tab_stats_heading(size_t j)
{
    return j < N(STATS) ? STATS[j].heading : NULL;
}

bool tab_stats_is_rate(size_t j)
{
    return j < N(STATS) && STATS[j].percent;
}

static double ratio(long long a, long long b)
{
    return b ? (double)a / (double)b : NAN;
}

static void compute(double *v, const player_stats *p)
{
    size_t k = 0;
    v[k++] = ratio(p->places_x12, 12 * p->placed);
    for (int i = 1; i <= 4; i++)
        v[k++] = ratio(p->place_n[i], p->placed);
    v[k++] = ratio(p->s.wins, p->s.deals);
    v[k++] = ratio(p->s.deal_ins, p->s.deals);
    v[k++] = ratio(p->s.riichi, p->s.deals);
    v[k++] = ratio(p->s.called, p->s.deals_played);
    v[k++] = ratio(p->s.tsumo, p->s.wins);
    v[k++] = ratio(p->s.win_points, p->s.wins);
    v[k++] = ratio(p->s.deal_in_points, p->s.deal_ins);
    v[k++] = ratio(p->s.tenpai, p->s.tenpai_known);
}

/* The players by games played, then name: a malloc'd array of *N, NULL for memory. */
static player_stats **sorted(tab_stats *st, size_t *n)
{
    player_stats **rows = malloc((st->n ? st->n : 1) * sizeof(*rows));
    *n = 0;
    if (!rows)
        return NULL;
    for (size_t i = 0; i < st->cap; i++)
        if (st->p[i].name)
            rows[(*n)++] = &st->p[i];
    qsort(rows, *n, sizeof(*rows), by_games);
    return rows;
}

long tab_stats_each(tab_stats *st, tab_stats_fn fn, void *ctx)
{
    size_t n;
    player_stats **rows = sorted(st, &n);
    if (!rows)
        return -1;
    for (size_t i = 0; i < n; i++) {
        double v[N(STATS)];
        compute(v, rows[i]);
        fn(ctx, rows[i]->name, KIND_LABEL[rows[i]->kind], rows[i]->games, rows[i]->s.deals, v);
    }
    free(rows);
    return (long)n;
}

int tab_stats_print(tab_stats *st, FILE *f, const char *format)
{
    size_t n;
    player_stats **rows = sorted(st, &n);
    if (!rows)
        return -1;
    bool json = strcmp(format, "json") == 0, csv = strcmp(format, "csv") == 0;
    bool headings = tab_stats_kinds(st) > 1; /* text: a table per kind of game */
    if (json)
        fprintf(f, "{\"paifu_stats\": 1, \"players\": [");
    else if (csv) {
        fprintf(f, "name,players,family,games,deals");
        for (size_t j = 0; j < N(STATS); j++)
            fprintf(f, ",%s", STATS[j].name);
        fprintf(f, "\r\n");
    }
    for (size_t i = 0; i < n; i++) {
        const player_stats *p = rows[i];
        double v[N(STATS)];
        compute(v, p);
        int players = p->kind == KIND_RIICHI3 ? 3 : 4;
        if (!json && !csv && (i == 0 || rows[i - 1]->kind != p->kind)) {
            if (headings)
                fprintf(f, "%s%s games\n", i ? "\n" : "", KIND_LABEL[p->kind]);
            fprintf(f, "%-20s %5s %6s %5s %5s %5s %5s %5s %6s %6s %6s %6s %6s %7s %7s %6s\n",
                    "player", "games", "deals", "place", "1st%", "2nd%", "3rd%", "4th%", "win%",
                    "dealin", "riichi", "call%", "tsumo", "avgwin", "avgdeal", "tenpai");
        }
        if (json) {
            fprintf(f, "%s\n  {\"name\": ", i ? "," : "");
            cli_json_string(f, p->name);
            fprintf(f, ", \"players\": %d, \"family\": \"%s\"", players, KIND_FAMILY[p->kind]);
            fprintf(f, ", \"games\": %lld, \"deals\": %lld", p->games, p->s.deals);
            for (size_t j = 0; j < N(STATS); j++) {
                if (isnan(v[j]))
                    fprintf(f, ", \"%s\": null", STATS[j].name);
                else
                    fprintf(f, ", \"%s\": %.6g", STATS[j].name, v[j]);
            }
            fprintf(f, "}");
        } else if (csv) {
            cli_csv_field(f, p->name);
            fprintf(f, ",%d,%s,%lld,%lld", players, KIND_FAMILY[p->kind], p->games, p->s.deals);
            for (size_t j = 0; j < N(STATS); j++) {
                if (isnan(v[j]))
                    fprintf(f, ",");
                else
                    fprintf(f, ",%.6g", v[j]);
            }
            fprintf(f, "\r\n");
        } else {
            cli_pad(f, p->name, 20, false);
            fprintf(f, " %5lld %6lld", p->games, p->s.deals);
            for (size_t j = 0; j < N(STATS); j++) {
                int width = j == 10 || j == 11 ? 7 : j < 5 ? 5 : 6;
                if (isnan(v[j]))
                    fprintf(f, " %*s", width, "-");
                else if (STATS[j].percent)
                    fprintf(f, " %*.1f", width, 100 * v[j]);
                else
                    fprintf(f, " %*.*f", width, j == 0 ? 2 : 0, v[j]);
            }
            fprintf(f, "\n");
        }
    }
    if (json)
        fprintf(f, "%s]}\n", n ? "\n" : "");
    free(rows);
    return 0;
}
