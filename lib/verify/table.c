/*
 * table.c: a game as rows of the five analysis tables (paifu/table.h): games, deals, wins,
 * players and events; recorded values beside the values paifu computes (the c_ columns of
 * wins: the replay's score of the winning hand, the same re-simulation validate runs). The
 * one definition of the tables' columns and value names, which export, stats and the Python
 * package read. doc/export.md defines every column.
 *
 * A row is built on the stack and handed to the callback at once: nothing is kept between
 * rows, so any number of games runs in the memory of one.
 */
#include "paifu/table.h"

#include "paifu/mcr.h"
#include "paifu/score.h"
#include "paifu/yaku.h"
#include "rules_internal.h"

#include <stdio.h>
#include <string.h>

#define LIMITS  "none|mangan|haneman|baiman|sanbaiman|yakuman"
#define DRAW_KINDS "exhaustive|kyuushu|suufon|suucha_riichi|suukaikan|sanchahou"
#define C(n, t) {n, t, NULL}
#define V(n, v) {n, 't', v}
static const paifu_table_column GAMES[] = {
    C("game_id", 'i'),   C("source", 't'),   C("ref", 't'),
    C("format", 't'),    C("rules", 't'),    V("rules_origin", "log|caller|assumed"),
    C("players", 'i'),   C("deals", 'i'),    C("wins", 'i'),
    C("draws", 'i'),     C("findings", 'i'), C("recorded_points", 'i'),
    V("family", "riichi|mcr")};
static const paifu_table_column DEALS[] = {
    C("game_id", 'i'),
    C("deal", 'i'),
    C("label", 't'),
    V("round_wind", "E|S|W|N"),
    C("hand_number", 'i'),
    C("honba", 'i'),
    C("riichi_sticks", 'i'),
    C("dealer", 'i'),
    V("outcome", "ron|tsumo|multiple_ron|" DRAW_KINDS "|penalty|none"),
    C("wins", 'i'),
    C("riichi", 'i'),
    C("result_only", 'i'),
    C("delta_0", 'i'),
    C("delta_1", 'i'),
    C("delta_2", 'i'),
    C("delta_3", 'i'),
    C("events", 'i'),
    C("draws", 'i'),
    C("discards", 'i'),
    C("calls", 'i'),
    C("kans", 'i'),
    V("draw_kind", DRAW_KINDS),
    C("dora_indicator", 't')};
static const paifu_table_column WINS[] = {
    C("game_id", 'i'),       C("deal", 'i'),        C("win", 'i'),
    C("winner", 'i'),        C("payer", 'i'),       C("tsumo", 'i'),
    C("dealer", 'i'),        C("riichi", 'i'),      C("closed", 'i'),
    C("pao", 'i'),           C("han", 'i'),         C("fu", 'i'),
    C("points", 'i'),        V("hand_limit", LIMITS), C("yakuman", 'i'),
    C("yaku", 't'),          C("dora", 'i'),        C("aka", 'i'),
    C("ura", 'i'),           C("honba", 'i'),       C("riichi_sticks", 'i'),
    C("gain", 'i'),          C("c_status", 't'),    C("c_han", 'i'),
    C("c_fu", 'i'),          C("c_points", 'i'),    V("c_hand_limit", LIMITS),
    C("c_yakuman", 'i'),     C("c_yaku", 't'),      C("c_dora", 'i'),
    C("c_aka", 'i'),         C("c_ura", 'i'),       C("c_wait", 't')};
static const paifu_table_column PLAYERS[] = {
    C("game_id", 'i'),        C("seat", 'i'),           C("name", 't'),
    C("points", 'i'),         C("final", 'i'),          C("place", 'r'),
    C("deals", 'i'),          C("deals_played", 'i'),   C("wins", 'i'),
    C("tsumo", 'i'),          C("deal_ins", 'i'),       C("riichi", 'i'),
    C("called", 'i'),         C("win_points", 'i'),     C("deal_in_points", 'i'),
    C("exhaustive_draws", 'i'), C("tenpai_at_draw", 'i'), C("tenpai_known", 'i')};
static const paifu_table_column EVENTS[] = {
    C("game_id", 'i'), C("deal", 'i'),      C("event_index", 'i'), C("event", 'i'),
    C("seat", 'i'),
    C("type", 't'),    C("tile", 't'),      C("tsumogiri", 'i'),   C("riichi", 'i'),
    C("tiles", 't'),   C("from_seat", 'i')};
#undef C
#undef V

#define N(a) (sizeof(a) / sizeof((a)[0]))
static const struct {
    const char *name;
    const paifu_table_column *cols;
    size_t n;
} TABLES[PAIFU_TABLE_COUNT] = {
    {"games", GAMES, N(GAMES)},       {"deals", DEALS, N(DEALS)},
    {"wins", WINS, N(WINS)},          {"players", PLAYERS, N(PLAYERS)},
    {"events", EVENTS, N(EVENTS)},
};

const char *paifu_table_name(paifu_table_id table)
{
    return (unsigned)table < PAIFU_TABLE_COUNT ? TABLES[table].name : NULL;
}

size_t paifu_table_column_count(paifu_table_id table)
{
    return (unsigned)table < PAIFU_TABLE_COUNT ? TABLES[table].n : 0;
}

const paifu_table_column *paifu_table_column_get(paifu_table_id table, size_t i)
{
    if ((unsigned)table >= PAIFU_TABLE_COUNT || i >= TABLES[table].n)
        return NULL;
    return &TABLES[table].cols[i];
}

static paifu_cell ci(long long v)
{
    return (paifu_cell){'i', v, 0, NULL};
}

static paifu_cell cr(double v)
{
    return (paifu_cell){'r', 0, v, NULL};
}

static paifu_cell ct(const char *s)
{
    return s ? (paifu_cell){'t', 0, 0, s} : (paifu_cell){0, 0, 0, NULL};
}

static paifu_cell cnull(void)
{
    return (paifu_cell){0, 0, 0, NULL};
}

static const char *limit_name(unsigned limit)
{
    static const char *const NAMES[] = {"none", "mangan", "haneman", "baiman", "sanbaiman",
                                        "yakuman"};
    return limit < N(NAMES) ? NAMES[limit] : NULL;
}

/* The kind of the deal's first draw (a value of DRAW_KINDS), NULL: none. */
static const char *draw_kind_name(const paifu_deal *d)
{
    static const char *const DRAWS[PAIFU_DRAW_KIND_COUNT] = {
        "exhaustive", "kyuushu", "suufon", "suucha_riichi", "suukaikan", "sanchahou"};
    return d->n_draws && d->draws[0].kind < PAIFU_DRAW_KIND_COUNT ? DRAWS[d->draws[0].kind]
                                                                  : NULL;
}

static const char *outcome_name(const paifu_deal *d)
{
    if (d->n_wins)
        return d->n_wins > 1                          ? "multiple_ron"
               : d->wins[0].from == d->wins[0].winner ? "tsumo"
                                                      : "ron";
    if (draw_kind_name(d))
        return draw_kind_name(d);
    return d->n_penalties ? "penalty" : "none";
}

/* "name:han name:han ..." of a yaku list (dora entries included), into BUF; MCR: its fans'
   names (the ids are fans there). */
static const char *yaku_text(char *buf, size_t size, const paifu_yaku_value *y, size_t n,
                             bool mcr)
{
    size_t len = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < n && len < size; i++) {
        const char *name = y[i].name ? y[i].name
                           : mcr  ? paifu_mcr_fan_name(y[i].id)
                                  : paifu_yaku_name(y[i].id);
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

static int win_row(const paifu_game *g, const paifu_table_game *info, bool mcr, size_t di,
                   size_t wi, const unsigned *riichi_mask,
                   const unsigned *open_mask, paifu_table_row_cb fn, void *ctx)
{
    const paifu_deal *d = paifu_game_deal(g, di);
    const paifu_win *w = &d->wins[wi];
    bool tsumo = w->from == w->winner;
    char yaku[512], c_yaku[512];
    paifu_cell c[N(WINS)];
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
        w->known & PAIFU_REC_YAKU ? ct(yaku_text(yaku, sizeof(yaku), w->yaku, w->n_yaku, mcr)) : cnull();
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
        c[k++] = ct(yaku_text(c_yaku, sizeof(c_yaku), s->yaku, s->n_yaku, mcr));
        c[k++] = ci(s->dora);
        c[k++] = ci(s->aka);
        c[k++] = ci(s->ura);
        c[k++] = ct(paifu_wait_name(s->wait));
    } else {
        for (int i = 0; i < 11; i++)
            c[k++] = cnull();
    }
    return fn(PAIFU_TABLE_WINS, c, ctx);
}

/* The player of SEAT: INFO's name for it, else the log's, else "seat S of game ID" (a seat
   without a name is a player of its own, never merged with another unnamed seat). */
static const char *player_name(char *buf, size_t size, const paifu_game *g, int seat,
                               const paifu_table_game *info)
{
    if (info->names[seat])
        return info->names[seat];
    const paifu_player *p = paifu_game_player(g, seat);
    if (p && p->name[0])
        return p->name;
    snprintf(buf, size, "seat %d of game %lld", seat, info->id);
    return buf;
}

/* Deal DI as the walk took it (the settled view), NULL when the walk stopped before it. */
static const paifu_settled_deal *settled_deal(const paifu_table_game *info, size_t di)
{
    const paifu_settled_deal *x = paifu_settled_deal_get(info->settled, di);
    return x && x->deal == di ? x : NULL;
}

/* The settled row of win WI of deal DI, NULL when the walk did not pay it. */
static const paifu_settled_row *settled_win(const paifu_table_game *info, size_t di, size_t wi)
{
    const paifu_settled_deal *x = settled_deal(info, di);
    for (uint32_t i = 0; x && i < x->n_rows; i++) {
        const paifu_settled_row *r = paifu_settled_row_get(info->settled, x->first_row + i);
        if (r->kind == PAIFU_SETTLED_WIN && r->detail == wi)
            return r;
    }
    return NULL;
}

static int game_rows(const paifu_game *g, const paifu_rules *rules, const paifu_table_game *info,
                     paifu_table_row_cb fn, void *ctx)
{
    int players = paifu_game_players(g);
    size_t n_deals = paifu_game_deal_count(g);
    seat_sums sum[PAIFU_SEATS];
    memset(sum, 0, sizeof(sum));
    long long wins = 0, draws = 0;
    int rc = 0;
    char family[16];
    bool mcr = rules->family == PAIFU_FAMILY_MCR;
    /* the rule set the log gives (not the one it is checked under): only its platform rules
       are facts of the log (paifu_deal_draw_tenpai) */
    paifu_rules *given = NULL;
    if (paifu_game_rules_given(g) && paifu_game_rules(&given, g, NULL, NULL) == PAIFU_ENOMEM)
        return PAIFU_ENOMEM;
    for (size_t di = 0; di < n_deals && rc == 0; di++) {
        const paifu_deal *d = paifu_game_deal(g, di);
        bool events = !(d->flags & PAIFU_DEAL_RESULT_ONLY);
        unsigned riichi = 0, open = 0;
        long long n_riichi = 0, n_type[PAIFU_EV_TYPE_COUNT] = {0};
        for (size_t e = 0; e < d->n_events; e++) {
            const paifu_event *ev = &d->events[e];
            if (ev->type < PAIFU_EV_TYPE_COUNT)
                n_type[ev->type]++;
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
        for (size_t k = 0; k < d->n_draws && rc == 0; k++) {
            draws++;
            if (d->draws[k].kind != PAIFU_DRAW_EXHAUSTIVE)
                continue;
            /* the one source of tenpai at a draw: recorded, or what the hands show under a
               rule set the log gives that declares tenpai automatically */
            unsigned tenpai = 0;
            int known = paifu_deal_draw_tenpai(&tenpai, d, k, players, given, NULL);
            if (known == PAIFU_ENOMEM)
                rc = known;
            for (int s = 0; s < players; s++) {
                sum[s].exhaustive++;
                sum[s].tenpai_known += known == 1;
                sum[s].tenpai += known == 1 && ((tenpai >> s) & 1);
            }
        }
        for (int s = 0; s < players; s++) {
            sum[s].deals++;
            sum[s].deals_played += events;
            sum[s].riichi += (riichi >> s) & 1; /* score sheets record riichi too */
            sum[s].called += events && ((open >> s) & 1);
        }
        for (size_t wi = 0; wi < d->n_wins && rc == 0; wi++)
            rc = win_row(g, info, mcr, di, wi, &riichi, &open, fn, ctx);
        if (rc)
            break;
        char label[16];
        static const char WIND[] = "ESWN";
        char wind[2] = {d->start.round_wind < 4 ? WIND[d->start.round_wind] : '?', '\0'};
        paifu_cell c[N(DEALS)];
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
        /* the deal's events by kind: calls take a tile of another seat's or add to a pon */
        c[k++] = ci((long long)d->n_events);
        c[k++] = ci(n_type[PAIFU_EV_DRAW]);
        c[k++] = ci(n_type[PAIFU_EV_DISCARD]);
        c[k++] = ci(n_type[PAIFU_EV_CHI] + n_type[PAIFU_EV_PON] + n_type[PAIFU_EV_DAIMINKAN] +
                    n_type[PAIFU_EV_SHOUMINKAN]);
        c[k++] = ci(n_type[PAIFU_EV_ANKAN] + n_type[PAIFU_EV_DAIMINKAN] +
                    n_type[PAIFU_EV_SHOUMINKAN]);
        c[k++] = ct(draw_kind_name(d));
        char dora[4];
        c[k++] = ct(d->start.dora_indicator == PAIFU_TILE_NONE
                        ? NULL
                        : paifu_tile_name(dora, d->start.dora_indicator));
        rc = fn(PAIFU_TABLE_DEALS, c, ctx);
    }
    paifu_rules_free(given);
    if (rc)
        return rc;
    const paifu_game_result *res = paifu_game_result_get(g);
    /* final points, scores and places: the settled view's (recorded, else the walk's) */
    const paifu_settled_result *sr = paifu_settled_result_get(info->settled);
    for (int s = 0; s < players && rc == 0; s++) {
        paifu_cell c[N(PLAYERS)];
        char name[80];
        size_t k = 0;
        c[k++] = ci(info->id);
        c[k++] = ci(s);
        c[k++] = ct(player_name(name, sizeof(name), g, s, info));
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
        rc = fn(PAIFU_TABLE_PLAYERS, c, ctx);
    }
    if (rc)
        return rc;
    paifu_cell c[N(GAMES)];
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
    c[k++] = ct(paifu_rules_get(family, sizeof(family), rules, "family", NULL) == 0 ? family
                                                                                   : NULL);
    return fn(PAIFU_TABLE_GAMES, c, ctx);
}

static int event_rows(const paifu_game *g, const paifu_table_game *info, paifu_table_row_cb fn,
                      void *ctx)
{
    size_t n_deals = paifu_game_deal_count(g);
    for (size_t di = 0; di < n_deals; di++) {
        const paifu_deal *d = paifu_game_deal(g, di);
        for (size_t e = 0; e < d->n_events; e++) {
            const paifu_event *ev = &d->events[e];
            char tile[4], tiles[32];
            const char *type = paifu_event_type_name((paifu_event_type)ev->type);
            paifu_cell c[N(EVENTS)];
            size_t k = 0;
            c[k++] = ci(info->id);
            c[k++] = ci((long long)di + 1);
            c[k++] = ci((long long)e);
            c[k++] = ci((long long)e + 1); /* numbered from 1, as a finding's event */
            c[k++] = ev->seat >= 0 ? ci(ev->seat) : ct(NULL);
            c[k++] = ct(type ? type : "?");
            c[k++] =
                ct(ev->tile == PAIFU_TILE_NONE ? NULL : paifu_tile_name(tile, ev->tile));
            c[k++] = ev->flags & PAIFU_EVF_TSUMOGIRI_KNOWN
                         ? ci((ev->flags & PAIFU_EVF_TSUMOGIRI) != 0)
                         : ct(NULL);
            c[k++] = ci((ev->flags & PAIFU_EVF_RIICHI) != 0);
            size_t n = ev->n < 4 ? ev->n : 4;
            if (n)
                paifu_tile_format(tiles, sizeof(tiles), ev->tiles, n);
            c[k++] = ct(n ? tiles : NULL);
            c[k++] = ev->from >= 0 ? ci(ev->from) : ct(NULL);
            int rc = fn(PAIFU_TABLE_EVENTS, c, ctx);
            if (rc)
                return rc;
        }
    }
    return 0;
}

/* The rows of the tables a caller asked for: the others are not handed on. */
typedef struct filter {
    unsigned tables;
    paifu_table_row_cb row;
    void *payload;
} filter;

static int filtered(paifu_table_id table, const paifu_cell *cells, void *payload)
{
    const filter *f = payload;
    return f->tables & (1u << table) ? f->row(table, cells, f->payload) : 0;
}

int paifu_table_rows(const paifu_game *game, const paifu_rules *rules,
                     const paifu_table_game *info, unsigned tables, paifu_table_row_cb row,
                     void *payload)
{
    if (!game || !rules || !info || !row)
        return PAIFU_EINVAL;
    filter f = {tables, row, payload};
    int rc = 0;
    if (tables & (PAIFU_TABLES_ALL & ~(1u << PAIFU_TABLE_EVENTS)))
        rc = game_rows(game, rules, info, filtered, &f);
    if (rc == 0 && (tables & (1u << PAIFU_TABLE_EVENTS)))
        rc = event_rows(game, info, row, payload);
    return rc;
}
