/*
 * tables.c: a game as rows of four tables (games, deals, wins, players), recorded values beside
 * the values paifu computes (the c_ columns of wins: the replay's score of the winning hand, the
 * same re-simulation validate runs), and the per-player statistics over the players rows.
 * doc/export.md defines every column and statistic.
 */
#include "tables.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define C(n, t)                                                                                    \
    {                                                                                              \
        n, t                                                                                       \
    }
static const tab_column GAMES[] = {
    C("game_id", 'i'), C("source", 't'),       C("ref", 't'),      C("format", 't'),
    C("rules", 't'),   C("rules_origin", 't'), C("players", 'i'),  C("deals", 'i'),
    C("wins", 'i'),    C("draws", 'i'),        C("findings", 'i'), C("recorded_points", 'i'),
    C("family", 't')};
static const tab_column DEALS[] = {
    C("game_id", 'i'),     C("deal", 'i'),    C("label", 't'),         C("round_wind", 't'),
    C("hand_number", 'i'), C("honba", 'i'),   C("riichi_sticks", 'i'), C("dealer", 'i'),
    C("outcome", 't'),     C("wins", 'i'),    C("riichi", 'i'),        C("result_only", 'i'),
    C("delta_0", 'i'),     C("delta_1", 'i'), C("delta_2", 'i'),       C("delta_3", 'i')};
static const tab_column WINS[] = {
    C("game_id", 'i'),       C("deal", 'i'),       C("win", 'i'),          C("winner", 'i'),
    C("payer", 'i'),         C("tsumo", 'i'),      C("dealer", 'i'),       C("riichi", 'i'),
    C("closed", 'i'),        C("pao", 'i'),        C("han", 'i'),          C("fu", 'i'),
    C("points", 'i'),        C("hand_limit", 't'), C("yakuman", 'i'),      C("yaku", 't'),
    C("dora", 'i'),          C("aka", 'i'),        C("ura", 'i'),          C("honba", 'i'),
    C("riichi_sticks", 'i'), C("gain", 'i'),       C("c_status", 't'),     C("c_han", 'i'),
    C("c_fu", 'i'),          C("c_points", 'i'),   C("c_hand_limit", 't'), C("c_yakuman", 'i'),
    C("c_yaku", 't'),        C("c_dora", 'i'),     C("c_aka", 'i'),        C("c_ura", 'i'),
    C("c_wait", 't')};
static const tab_column PLAYERS[] = {C("game_id", 'i'),        C("seat", 'i'),
                                     C("name", 't'),           C("points", 'i'),
                                     C("final", 'i'),          C("place", 'r'),
                                     C("deals", 'i'),          C("deals_played", 'i'),
                                     C("wins", 'i'),           C("tsumo", 'i'),
                                     C("deal_ins", 'i'),       C("riichi", 'i'),
                                     C("called", 'i'),         C("win_points", 'i'),
                                     C("deal_in_points", 'i'), C("exhaustive_draws", 'i'),
                                     C("tenpai_at_draw", 'i'), C("tenpai_known", 'i')};
#undef C

#define N(a) (sizeof(a) / sizeof((a)[0]))
const tab_table TAB_TABLES[TAB_COUNT] = {
    {"games", GAMES, N(GAMES)},
    {"deals", DEALS, N(DEALS)},
    {"wins", WINS, N(WINS)},
    {"players", PLAYERS, N(PLAYERS)},
    {"events", TAB_EVENT_COLUMNS, TAB_EVENT_NCOLS},
};

static tab_cell ci(long long v)
{
    return (tab_cell){'i', v, 0, NULL};
}
static tab_cell cr(double v)
{
    return (tab_cell){'r', 0, v, NULL};
}
static tab_cell ct(const char *s)
{
    return s ? (tab_cell){'t', 0, 0, s} : (tab_cell){0, 0, 0, NULL};
}
static tab_cell cnull(void)
{
    return (tab_cell){0, 0, 0, NULL};
}

static const char *limit_name(unsigned limit)
{
    static const char *const NAMES[] = {"", "mangan", "haneman", "baiman", "sanbaiman", "yakuman"};
    return limit < N(NAMES) ? NAMES[limit] : NULL;
}

static const char *outcome_name(const paifu_deal *d)
{
    static const char *const DRAWS[PAIFU_DRAW_KIND_COUNT] = {
        "exhaustive", "kyuushu", "suufon", "suucha_riichi", "suukaikan", "sanchahou"};
    if (d->n_wins)
        return d->n_wins > 1                          ? "multiple_ron"
               : d->wins[0].from == d->wins[0].winner ? "tsumo"
                                                      : "ron";
    if (d->n_draws && d->draws[0].kind < PAIFU_DRAW_KIND_COUNT)
        return DRAWS[d->draws[0].kind];
    return d->n_penalties ? "penalty" : "none";
}

/* "name:han name:han ..." of a yaku list (dora entries included), into BUF. */
static const char *yaku_text(char *buf, size_t size, const paifu_yaku_value *y, size_t n)
{
    size_t len = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < n && len < size; i++) {
        const char *name = y[i].name ? y[i].name : paifu_yaku_name(y[i].id);
        int w = snprintf(buf + len, size - len, "%s%s:%d", i ? " " : "", name ? name : "?",
                         (int)y[i].han);
        if (w < 0)
            break;
        len += (size_t)w;
    }
    return buf;
}

/* Han of the entries ID (dora, aka, ura) of a yaku list. */
static int yaku_han(const paifu_yaku_value *y, size_t n, unsigned id)
{
    int han = 0;
    for (size_t i = 0; i < n; i++)
        if (y[i].id == id)
            han += y[i].han;
    return han;
}

/* Per deal and seat: what the players rows sum up. */
typedef struct seat_sums {
    long long deals, deals_played, wins, tsumo, deal_ins, riichi, called, win_points,
        deal_in_points, exhaustive, tenpai, tenpai_known;
} seat_sums;

static int win_row(const paifu_game *g, const tab_game_info *info, size_t di, size_t wi,
                   const unsigned *riichi_mask,
                   const unsigned *open_mask, tab_row_fn fn, void *ctx)
{
    const paifu_deal *d = paifu_game_deal(g, di);
    const paifu_win *w = &d->wins[wi];
    bool tsumo = w->from == w->winner;
    char yaku[512], c_yaku[512];
    tab_cell c[N(WINS)];
    size_t k = 0;
    c[k++] = ci(info->id);
    c[k++] = ci((long long)di + 1);
    c[k++] = ci((long long)wi + 1);
    c[k++] = ci(w->winner);
    c[k++] = tsumo || w->from < 0 ? cnull() : ci(w->from);
    c[k++] = ci(tsumo);
    c[k++] = ci(w->winner == d->start.dealer);
    c[k++] = ci((*riichi_mask >> w->winner) & 1);
    c[k++] = d->flags & PAIFU_DEAL_RESULT_ONLY ? cnull() : ci(!((*open_mask >> w->winner) & 1));
    c[k++] = w->pao >= 0 ? ci(w->pao) : cnull();
    c[k++] = w->known & PAIFU_REC_HAN ? ci(w->han) : cnull();
    c[k++] = w->known & PAIFU_REC_FU ? ci(w->fu) : cnull();
    c[k++] = w->known & PAIFU_REC_POINTS ? ci(w->points) : cnull();
    c[k++] = w->known & PAIFU_REC_LIMIT ? ct(limit_name(w->limit)) : cnull();
    c[k++] = ci(w->yakuman);
    c[k++] =
        w->known & PAIFU_REC_YAKU ? ct(yaku_text(yaku, sizeof(yaku), w->yaku, w->n_yaku)) : cnull();
    c[k++] =
        w->known & PAIFU_REC_YAKU ? ci(yaku_han(w->yaku, w->n_yaku, PAIFU_YAKU_DORA)) : cnull();
    c[k++] =
        w->known & PAIFU_REC_YAKU ? ci(yaku_han(w->yaku, w->n_yaku, PAIFU_YAKU_AKA_DORA)) : cnull();
    c[k++] =
        w->known & PAIFU_REC_YAKU ? ci(yaku_han(w->yaku, w->n_yaku, PAIFU_YAKU_URA_DORA)) : cnull();
    c[k++] = w->known & PAIFU_REC_STICKS ? ci(w->honba) : cnull();
    c[k++] = w->known & PAIFU_REC_STICKS ? ci(w->riichi_sticks) : cnull();
    c[k++] = w->known & PAIFU_REC_DELTAS ? ci(w->deltas[w->winner]) : cnull();
    /* computed: the replay's score of the win, the value validate's findings compare with */
    const paifu_win_result *res = paifu_report_win_result(info->verified, di, wi);
    if (res) {
        const paifu_score *s = &res->score;
        c[k++] = ct(paifu_score_status_name((paifu_score_status)s->status));
        c[k++] = ci(s->han);
        c[k++] = s->fu_counted ? ci(s->fu) : cnull();
        c[k++] = ci(s->total);
        c[k++] = ct(limit_name(s->limit));
        c[k++] = ci(s->yakuman);
        c[k++] = ct(yaku_text(c_yaku, sizeof(c_yaku), s->yaku, s->n_yaku));
        c[k++] = ci(s->dora);
        c[k++] = ci(s->aka);
        c[k++] = ci(s->ura);
        c[k++] = ct(paifu_wait_name(s->wait));
    } else {
        for (int i = 0; i < 11; i++)
            c[k++] = cnull();
    }
    return fn(ctx, TAB_WINS, c);
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

/* Deal DI as the walk took it (the settled view), NULL when the walk stopped before it. */
static const paifu_settled_deal *settled_deal(const tab_game_info *info, size_t di)
{
    const paifu_settled_deal *x = paifu_settled_deal_get(info->settled, di);
    return x && x->deal == di ? x : NULL;
}

/* The settled row of win WI of deal DI, NULL when the walk did not pay it. */
static const paifu_settled_row *settled_win(const tab_game_info *info, size_t di, size_t wi)
{
    const paifu_settled_deal *x = settled_deal(info, di);
    for (uint32_t i = 0; x && i < x->n_rows; i++) {
        const paifu_settled_row *r = paifu_settled_row_get(info->settled, x->first_row + i);
        if (r->kind == PAIFU_SETTLED_WIN && r->detail == wi)
            return r;
    }
    return NULL;
}

int tab_game(const paifu_game *g, const paifu_rules *rules, const tab_game_info *info,
             tab_row_fn fn, void *ctx)
{
    int players = paifu_game_players(g);
    size_t n_deals = paifu_game_deal_count(g);
    seat_sums sum[PAIFU_SEATS];
    memset(sum, 0, sizeof(sum));
    long long wins = 0, draws = 0;
    int rc = 0;
    for (size_t di = 0; di < n_deals && rc == 0; di++) {
        const paifu_deal *d = paifu_game_deal(g, di);
        bool events = !(d->flags & PAIFU_DEAL_RESULT_ONLY);
        unsigned riichi = 0, open = 0;
        long long n_riichi = 0;
        for (size_t e = 0; e < d->n_events; e++) {
            const paifu_event *ev = &d->events[e];
            if (ev->seat < 0 || ev->seat >= PAIFU_SEATS)
                continue;
            if (ev->type == PAIFU_EV_RIICHI_ACCEPTED) {
                riichi |= 1u << ev->seat;
                n_riichi++;
            } else if (ev->type == PAIFU_EV_CHI || ev->type == PAIFU_EV_PON ||
                       ev->type == PAIFU_EV_DAIMINKAN) {
                open |= 1u << ev->seat;
            }
        }
        /* the deal's score changes: every outcome as the walk paid it (the settled view) */
        int32_t delta[PAIFU_SEATS] = {0};
        const paifu_settled_deal *sd = settled_deal(info, di);
        for (uint32_t i = 0; sd && i < sd->n_rows; i++) {
            const paifu_settled_row *r = paifu_settled_row_get(info->settled, sd->first_row + i);
            for (int s = 0; r->paid && s < PAIFU_SEATS; s++)
                delta[s] += r->deltas[s];
        }
        unsigned won = 0, dealt_in = 0;
        for (size_t wi = 0; wi < d->n_wins; wi++) {
            const paifu_win *w = &d->wins[wi];
            if (w->winner < 0 || w->winner >= PAIFU_SEATS)
                continue;
            const paifu_settled_row *sw = settled_win(info, di, wi);
            if (!sw)
                continue; /* a declaration the walk did not pay (a chombo's) */
            int32_t value = sw->points != INT32_MIN ? sw->points : sw->deltas[w->winner];
            if (!(won & (1u << w->winner))) {
                sum[w->winner].wins++;
                sum[w->winner].tsumo += w->from == w->winner;
            }
            won |= 1u << w->winner;
            sum[w->winner].win_points += value;
            if (w->from >= 0 && w->from < PAIFU_SEATS && w->from != w->winner) {
                if (!(dealt_in & (1u << w->from)))
                    sum[w->from].deal_ins++;
                dealt_in |= 1u << w->from;
                sum[w->from].deal_in_points += value;
            }
            wins++;
        }
        for (size_t k = 0; k < d->n_draws; k++) {
            const paifu_draw *dr = &d->draws[k];
            draws++;
            if (dr->kind != PAIFU_DRAW_EXHAUSTIVE)
                continue;
            for (int s = 0; s < players; s++) {
                sum[s].exhaustive++;
                if (dr->known & PAIFU_REC_TENPAI) {
                    sum[s].tenpai_known++;
                    sum[s].tenpai += (dr->tenpai >> s) & 1;
                }
            }
        }
        for (int s = 0; s < players; s++) {
            sum[s].deals++;
            sum[s].deals_played += events;
            sum[s].riichi += (riichi >> s) & 1; /* score sheets record riichi too */
            sum[s].called += events && ((open >> s) & 1);
        }
        for (size_t wi = 0; wi < d->n_wins && rc == 0; wi++)
            rc = win_row(g, info, di, wi, &riichi, &open, fn, ctx);
        if (rc)
            break;
        char label[16];
        static const char WIND[] = "ESWN";
        char wind[2] = {d->start.round_wind < 4 ? WIND[d->start.round_wind] : '?', '\0'};
        tab_cell c[N(DEALS)];
        size_t k = 0;
        c[k++] = ci(info->id);
        c[k++] = ci((long long)di + 1);
        /* the deal as the walk took it: a score sheet's deals get their true label */
        paifu_deal_start st = d->start;
        if (sd) {
            st.round_wind = sd->round_wind;
            st.hand_number = sd->hand_number;
            st.dealer = sd->dealer;
            st.honba = sd->honba;
            st.riichi_sticks = sd->riichi_sticks;
        }
        wind[0] = st.round_wind < 4 ? WIND[st.round_wind] : '?';
        if (sd)
            snprintf(label, sizeof(label), "%s", sd->label);
        else
            paifu_deal_label(label, sizeof(label), &st);
        c[k++] = ct(label);
        c[k++] = ct(wind);
        c[k++] = ci(st.hand_number + 1);
        c[k++] = ci(st.honba);
        c[k++] = ci(st.riichi_sticks);
        c[k++] = ci(st.dealer);
        c[k++] = ct(outcome_name(d));
        c[k++] = ci((long long)d->n_wins);
        c[k++] = ci(n_riichi);
        c[k++] = ci(!events);
        for (int s = 0; s < PAIFU_SEATS; s++)
            c[k++] = s < players ? ci(delta[s]) : cnull();
        rc = fn(ctx, TAB_DEALS, c);
    }
    if (rc)
        return rc;
    const paifu_game_result *res = paifu_game_result_get(g);
    /* final points, scores and places: the settled view's (recorded, else the walk's) */
    const paifu_settled_result *sr = paifu_settled_result_get(info->settled);
    for (int s = 0; s < players && rc == 0; s++) {
        tab_cell c[N(PLAYERS)];
        char name[80];
        size_t k = 0;
        c[k++] = ci(info->id);
        c[k++] = ci(s);
        c[k++] = ct(tab_player(name, sizeof(name), g, s, info->id, info->names));
        c[k++] = sr && sr->has_points ? ci(sr->points[s]) : cnull();
        c[k++] = sr && sr->has_final ? ci(sr->final[s]) : cnull();
        c[k++] = sr && sr->has_points ? cr(sr->place12[s] / 12.0) : cnull();
        c[k++] = ci(sum[s].deals);
        c[k++] = ci(sum[s].deals_played);
        c[k++] = ci(sum[s].wins);
        c[k++] = ci(sum[s].tsumo);
        c[k++] = ci(sum[s].deal_ins);
        c[k++] = ci(sum[s].riichi);
        c[k++] = ci(sum[s].called);
        c[k++] = ci(sum[s].win_points);
        c[k++] = ci(sum[s].deal_in_points);
        c[k++] = ci(sum[s].exhaustive);
        c[k++] = ci(sum[s].tenpai);
        c[k++] = ci(sum[s].tenpai_known);
        rc = fn(ctx, TAB_PLAYERS, c);
    }
    if (rc)
        return rc;
    tab_cell c[N(GAMES)];
    size_t k = 0;
    c[k++] = ci(info->id);
    c[k++] = ct(info->source);
    c[k++] = ct(paifu_game_meta_get(g, "tenhou.ref"));
    c[k++] = ct(info->format);
    c[k++] = ct(paifu_rules_name(rules));
    c[k++] = ct(info->origin);
    c[k++] = ci(players);
    c[k++] = ci((long long)n_deals);
    c[k++] = ci(wins);
    c[k++] = ci(draws);
    c[k++] = ci(info->findings);
    c[k++] = ci(res && res->has_points);
    char family[16];
    c[k++] = ct(paifu_rules_get(family, sizeof(family), rules, "family", NULL) == 0 ? family
                                                                                   : NULL);
    return fn(ctx, TAB_GAMES, c);
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
                        written = tab_events(g, &info, fn, ctx);
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
