/*
 * paifu_json_write.c: writer of paifu's own format.
 *
 * The layout is fixed so that read -> write -> read -> write gives the same bytes: keys in a
 * fixed order, two-space indentation, one event per line, optional fields written exactly when
 * the model says the log recorded them. Several games are written one after another.
 */
#include "lossy.h"
#include "paifu_json.h"

#include <paifu/mcr.h>
#include <paifu/rules.h>
#include <paifu/verify.h>
#include <paifu/yaku.h>
#include <stdio.h>
#include <string.h>

int paifu_json__yaku_id(const char *name, uint16_t *id)
{
    if (strncmp(name, "mcr:", 4) == 0) { /* MCR fans: "mcr:<snake_case name>" */
        int f = paifu_mcr_fan_from_name(name + 4);
        if (f < 0 || strchr(name + 4, ' '))
            return -1;
        *id = (uint16_t)f;
        return 0;
    }
    int y = paifu_yaku_from_name(name);
    if (y >= 0) {
        *id = (uint16_t)y;
        return 0;
    }
    if (strncmp(name, "fan:", 4) == 0) {
        int n = 0;
        const char *p = name + 4;
        if (!*p)
            return -1;
        for (; *p; p++) {
            if (*p < '0' || *p > '9' || n > 999)
                return -1;
            n = n * 10 + (*p - '0');
        }
        *id = (uint16_t)n;
        return 0;
    }
    return -1;
}

static void put_tiles(paifu_buf *b, const paifu_tile *t, size_t n)
{
    char text[PAIFU_WALL_MAX * 2 + 8];
    paifu_tile_format(text, sizeof(text), t, n);
    paifu_buf_json_string(b, text);
}

static void put_tile(paifu_buf *b, paifu_tile t)
{
    put_tiles(b, &t, 1);
}

static void put_ids(paifu_buf *b, const uint8_t *v, size_t n)
{
    paifu_buf_putc(b, '[');
    for (size_t i = 0; i < n; i++)
        paifu_buf_printf(b, "%s%u", i ? ", " : "", (unsigned)v[i]);
    paifu_buf_putc(b, ']');
}

static bool any_id(const uint8_t *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (v[i] != PAIFU_TILE_ID_NONE)
            return true;
    return false;
}

static void put_seat_list(paifu_buf *b, unsigned mask, int players)
{
    paifu_buf_putc(b, '[');
    bool first = true;
    for (int s = 0; s < players; s++) {
        if (mask & (1u << s)) {
            paifu_buf_printf(b, "%s%d", first ? "" : ", ", s);
            first = false;
        }
    }
    paifu_buf_putc(b, ']');
}

/* ---- header ---- */

static void put_rule_value(paifu_buf *b, const char *key, const char *text)
{
    const paifu_rule_param_info *info = NULL;
    for (size_t i = 0; i < paifu_rules_param_count(); i++)
        if (strcmp(paifu_rules_param(i)->name, key) == 0)
            info = paifu_rules_param(i);
    if (!info) {
        paifu_buf_json_string(b, text);
        return;
    }
    switch (info->type) {
    case PAIFU_RULE_BOOL:
        paifu_buf_puts(b, strcmp(text, "true") == 0 || strcmp(text, "1") == 0 ? "true" : "false");
        return;
    case PAIFU_RULE_INT:
        paifu_buf_puts(b, text);
        return;
    case PAIFU_RULE_ENUM:
        paifu_buf_json_string(b, text);
        return;
    case PAIFU_RULE_INT4:
    case PAIFU_RULE_SET: {
        if (info->type == PAIFU_RULE_INT4 && strcmp(text, "none") == 0) {
            paifu_buf_json_string(b, text); /* an int[4] parameter that is not set */
            return;
        }
        paifu_buf_putc(b, '[');
        const char *p = text;
        bool first = true;
        while (*p) {
            size_t n = strcspn(p, ",");
            char item[64];
            snprintf(item, sizeof(item), "%.*s", (int)n, p);
            if (n) {
                if (!first)
                    paifu_buf_puts(b, ", ");
                if (info->type == PAIFU_RULE_INT4)
                    paifu_buf_puts(b, item);
                else
                    paifu_buf_json_string(b, item);
                first = false;
            }
            p += n;
            if (*p == ',')
                p++;
        }
        paifu_buf_putc(b, ']');
        return;
    }
    }
}

/* The overrides of G as a JSON object's members. */
static void put_overrides(paifu_buf *b, const paifu_game *g)
{
    paifu_buf_puts(b, "\"overrides\": {");
    for (size_t i = 0; i < paifu_game_rule_override_count(g); i++) {
        const paifu_meta *o = paifu_game_rule_override(g, i);
        if (i)
            paifu_buf_puts(b, ", ");
        paifu_buf_json_string(b, o->key);
        paifu_buf_puts(b, ": ");
        put_rule_value(b, o->key, o->value);
    }
    paifu_buf_puts(b, "}");
}

void paifu_json__put_rules(paifu_buf *b, const paifu_game *g)
{
    const char *name = paifu_game_rules_name(g), *v;
    paifu_buf_puts(b, "{");
    if (name) {
        paifu_buf_puts(b, "\"preset\": ");
        paifu_buf_json_string(b, name);
        paifu_buf_puts(b, ", ");
    }
    put_overrides(b, g);
    static const char *const FLAGS[][2] = {{"unknown", PAIFU_META_RULES_UNKNOWN},
                                           {"final_unknown", PAIFU_META_FINAL_UNKNOWN},
                                           {"assumed", PAIFU_META_RULES_ASSUMED}};
    for (size_t i = 0; i < 3; i++)
        if ((v = paifu_game_meta_get(g, FLAGS[i][1]))) {
            paifu_buf_printf(b, ", \"%s\": ", FLAGS[i][0]);
            paifu_buf_json_string(b, v);
        }
    paifu_buf_puts(b, "}");
}

static void put_header(paifu_buf *b, const paifu_game *g)
{
    int players = paifu_game_players(g);
    paifu_buf_puts(b, "{\n  \"paifu\": 1,\n");
    const char *rules = paifu_game_rules_name(g);
    size_t n_ov = paifu_game_rule_override_count(g);
    if (rules || n_ov) {
        paifu_buf_puts(b, "  \"rules\": ");
        if (!n_ov) {
            paifu_buf_json_string(b, rules);
        } else {
            paifu_buf_puts(b, "{");
            if (rules) {
                paifu_buf_puts(b, "\"preset\": ");
                paifu_buf_json_string(b, rules);
                paifu_buf_puts(b, ", ");
            }
            put_overrides(b, g);
            paifu_buf_puts(b, "}");
        }
        paifu_buf_puts(b, ",\n");
    }
    paifu_buf_puts(b, "  \"players\": [");
    for (int s = 0; s < players; s++) {
        if (s)
            paifu_buf_puts(b, ", ");
        paifu_buf_json_string(b, paifu_game_player(g, s)->name);
    }
    paifu_buf_puts(b, "],\n");
    const char *origin = paifu_game_meta_get(g, PAIFU_JSON_ORIGIN_KEY);
    if (!origin)
        origin = paifu_game_source_format(g);
    if (strcmp(origin, "paifu") == 0)
        origin = ""; /* a file written by hand or by paifu itself */
    size_t n_meta = paifu_game_meta_count(g);
    bool has_meta = n_meta > (paifu_game_meta_get(g, PAIFU_JSON_ORIGIN_KEY) ? 1u : 0u);
    if (*origin || has_meta) {
        paifu_buf_puts(b, "  \"source\": {");
        bool first = true;
        if (*origin) {
            paifu_buf_puts(b, "\"format\": ");
            paifu_buf_json_string(b, origin);
            first = false;
        }
        if (has_meta) {
            paifu_buf_puts(b, first ? "\"meta\": {" : ", \"meta\": {");
            bool f2 = true;
            for (size_t i = 0; i < n_meta; i++) {
                const paifu_meta *m = paifu_game_meta(g, i);
                if (strcmp(m->key, PAIFU_JSON_ORIGIN_KEY) == 0)
                    continue;
                paifu_buf_puts(b, f2 ? "\n    " : ",\n    ");
                paifu_buf_json_string(b, m->key);
                paifu_buf_puts(b, ": ");
                paifu_buf_json_string(b, m->value);
                f2 = false;
            }
            paifu_buf_puts(b, "\n  }");
        }
        paifu_buf_puts(b, "},\n");
    }
}

/* ---- events ---- */

/* MCR = the game's rule set is of the mcr family: its yaku are fans, named "mcr:<name>". */
static void put_yaku(paifu_buf *b, const paifu_win *w, bool mcr)
{
    paifu_buf_puts(b, ", \"yaku\": [");
    for (size_t i = 0; i < w->n_yaku; i++) {
        const paifu_yaku_value *y = &w->yaku[i];
        const char *name = mcr ? NULL : paifu_yaku_name(y->id);
        char fan[48];
        if (mcr && paifu_mcr_fan_name(y->id)) {
            snprintf(fan, sizeof(fan), "mcr:%s", paifu_mcr_fan_name(y->id));
            name = fan;
        }
        paifu_buf_puts(b, i ? ", [" : "[");
        if (name)
            paifu_buf_json_string(b, name);
        else
            paifu_buf_printf(b, "\"fan:%u\"", (unsigned)y->id);
        paifu_buf_printf(b, ", %d", (int)y->han);
        bool spelled = y->name && (!name || strcmp(y->name, name) != 0);
        if (y->count != 1 || spelled)
            paifu_buf_printf(b, ", %u", (unsigned)y->count);
        if (spelled) {
            paifu_buf_puts(b, ", ");
            paifu_buf_json_string(b, y->name);
        }
        paifu_buf_putc(b, ']');
    }
    paifu_buf_putc(b, ']');
}

static void put_scores_common(paifu_buf *b, unsigned known, const int32_t *deltas,
                              const int32_t *before, int honba, int sticks, int players)
{
    if (known & PAIFU_REC_STICKS)
        paifu_buf_printf(b, ", \"honba\": %d, \"riichi_sticks\": %d", honba, sticks);
    if (known & PAIFU_REC_SCORES) {
        paifu_buf_puts(b, ", \"scores_before\": ");
        paifu_buf_json_ints(b, before, (size_t)players, ", ");
    }
    if (known & PAIFU_REC_DELTAS) {
        paifu_buf_puts(b, ", \"deltas\": ");
        paifu_buf_json_ints(b, deltas, (size_t)players, ", ");
    }
}

const paifu_json_computed PAIFU_JSON_COMPUTED[] = {
    {"yaku", PAIFU_REC_YAKU},         {"han", PAIFU_REC_HAN},       {"fu", PAIFU_REC_FU},
    {"limit", PAIFU_REC_LIMIT},       {"points", PAIFU_REC_POINTS}, {"payments", PAIFU_REC_PAYMENTS},
    {NULL, 0},
};

static void put_win(paifu_buf *b, const paifu_win *w, int players, bool mcr)
{
    paifu_buf_printf(b, ", \"seat\": %d, \"from\": %d", w->winner, w->from);
    if (w->pao >= 0)
        paifu_buf_printf(b, ", \"pao\": %d", w->pao);
    if (w->win_tile != PAIFU_TILE_NONE) {
        paifu_buf_puts(b, ", \"tile\": ");
        put_tile(b, w->win_tile);
    }
    if (w->win_tile_id != PAIFU_TILE_ID_NONE)
        paifu_buf_printf(b, ", \"id\": %u", (unsigned)w->win_tile_id);
    if (w->known & PAIFU_REC_HAND) {
        paifu_buf_puts(b, ", \"hand\": ");
        put_tiles(b, w->hand, w->n_hand);
        if (any_id(w->hand_ids, w->n_hand)) {
            paifu_buf_puts(b, ", \"hand_ids\": ");
            put_ids(b, w->hand_ids, w->n_hand);
        }
    }
    if (w->known & PAIFU_REC_HAN)
        paifu_buf_printf(b, ", \"han\": %d", w->han);
    if (w->known & PAIFU_REC_FU)
        paifu_buf_printf(b, ", \"fu\": %d", w->fu);
    if (w->known & PAIFU_REC_POINTS)
        paifu_buf_printf(b, ", \"points\": %d", (int)w->points);
    if (w->known & PAIFU_REC_PAYMENTS)
        paifu_buf_printf(b, ", \"payment_nondealer\": %d, \"payment_dealer\": %d",
                         (int)w->payment_nondealer, (int)w->payment_dealer);
    if (w->known & PAIFU_REC_LIMIT) {
        paifu_buf_puts(b, ", \"limit\": ");
        paifu_buf_json_string(b, paifu_limit_name((paifu_limit)w->limit));
    }
    if (w->yakuman)
        paifu_buf_printf(b, ", \"yakuman\": %u", (unsigned)w->yakuman);
    if (w->known & PAIFU_REC_YAKU)
        put_yaku(b, w, mcr);
    if (w->computed) { /* values computed from the tiles (paifu_game_fill_values) */
        const char *sep = ", \"computed\": [";
        for (size_t i = 0; PAIFU_JSON_COMPUTED[i].name; i++)
            if (w->computed & PAIFU_JSON_COMPUTED[i].bit) {
                paifu_buf_printf(b, "%s\"%s\"", sep, PAIFU_JSON_COMPUTED[i].name);
                sep = ", ";
            }
        paifu_buf_putc(b, ']');
    }
    if (w->known & PAIFU_REC_DORA) {
        paifu_buf_puts(b, ", \"dora\": ");
        put_tiles(b, w->dora, w->n_dora);
        if (any_id(w->dora_ids, w->n_dora)) {
            paifu_buf_puts(b, ", \"dora_ids\": ");
            put_ids(b, w->dora_ids, w->n_dora);
        }
    }
    if (w->known & PAIFU_REC_URA) {
        paifu_buf_puts(b, ", \"ura\": ");
        put_tiles(b, w->ura, w->n_ura);
        if (any_id(w->ura_ids, w->n_ura)) {
            paifu_buf_puts(b, ", \"ura_ids\": ");
            put_ids(b, w->ura_ids, w->n_ura);
        }
    }
    put_scores_common(b, w->known, w->deltas, w->scores_before, w->honba, w->riichi_sticks,
                      players);
}

static void put_hands(paifu_buf *b, const char *key, const char *ids_key,
                      const paifu_tile hands[][PAIFU_MAX_HAND], const uint8_t ids[][PAIFU_MAX_HAND],
                      const uint8_t *n, unsigned shown, int players, const char *indent)
{
    paifu_buf_printf(b, "%s\"%s\": [", indent, key);
    bool with_ids = false;
    for (int s = 0; s < players; s++) {
        if (s)
            paifu_buf_puts(b, ", ");
        if (shown & (1u << s)) {
            put_tiles(b, hands[s], n[s]);
            with_ids |= any_id(ids[s], n[s]);
        } else {
            paifu_buf_puts(b, "null");
        }
    }
    paifu_buf_putc(b, ']');
    if (!with_ids)
        return;
    paifu_buf_printf(b, "%s\"%s\": [", *indent == ',' ? indent : ", ", ids_key);
    for (int s = 0; s < players; s++) {
        if (s)
            paifu_buf_puts(b, ", ");
        if (shown & (1u << s))
            put_ids(b, ids[s], n[s]);
        else
            paifu_buf_puts(b, "null");
    }
    paifu_buf_putc(b, ']');
}

static void put_draw(paifu_buf *b, const paifu_event *e, const paifu_draw *d, int players)
{
    if (e->type == PAIFU_EV_ABORTIVE_DRAW) {
        paifu_buf_puts(b, ", \"kind\": ");
        paifu_buf_json_string(b, paifu_draw_kind_name((paifu_draw_kind)d->kind));
        if (d->seat >= 0)
            paifu_buf_printf(b, ", \"seat\": %d", d->seat);
    }
    if (d->known & PAIFU_REC_TENPAI) {
        paifu_buf_puts(b, ", \"tenpai\": ");
        put_seat_list(b, d->tenpai, players);
    }
    if (d->nagashi) {
        paifu_buf_puts(b, ", \"nagashi\": ");
        put_seat_list(b, d->nagashi, players);
    }
    if (d->known & PAIFU_REC_HAND)
        put_hands(b, "hands", "hand_ids", d->hands, d->hand_ids, d->n_hand, d->shown, players,
                  ", ");
    put_scores_common(b, d->known, d->deltas, d->scores_before, d->honba, d->riichi_sticks,
                      players);
}

static void put_penalty(paifu_buf *b, const paifu_penalty *p, int players)
{
    paifu_buf_printf(b, ", \"seat\": %d, \"kind\": ", p->seat);
    paifu_buf_json_string(b, paifu_penalty_kind_name((paifu_penalty_kind)p->kind));
    if (p->timing != PAIFU_PENALTY_BY_RULES)
        paifu_buf_printf(b, ", \"timing\": \"%s\"",
                         p->timing == PAIFU_PENALTY_IMMEDIATE ? "immediate" : "after_uma");
    if (p->amount)
        paifu_buf_printf(b, ", \"amount\": %d", (int)p->amount);
    if (p->has_deltas) {
        paifu_buf_puts(b, ", \"deltas\": ");
        paifu_buf_json_ints(b, p->deltas, (size_t)players, ", ");
    }
    if (p->note) {
        paifu_buf_puts(b, ", \"note\": ");
        paifu_buf_json_string(b, p->note);
    }
}

static void put_event(paifu_buf *b, const paifu_deal *deal, const paifu_event *e, int players,
                      bool mcr)
{
    paifu_buf_printf(b, "{\"type\": \"%s\"", paifu_event_type_name((paifu_event_type)e->type));
    switch (e->type) {
    case PAIFU_EV_WIN:
        put_win(b, &deal->wins[e->detail], players, mcr);
        break;
    case PAIFU_EV_EXHAUSTIVE_DRAW:
    case PAIFU_EV_ABORTIVE_DRAW:
        put_draw(b, e, &deal->draws[e->detail], players);
        break;
    case PAIFU_EV_PENALTY:
        put_penalty(b, &deal->penalties[e->detail], players);
        break;
    case PAIFU_EV_RIICHI_ACCEPTED:
        paifu_buf_printf(b, ", \"seat\": %d", e->seat);
        if (e->flags & PAIFU_EVF_DOUBLE_RIICHI)
            paifu_buf_puts(b, ", \"double\": true");
        if (e->detail >= 0) {
            paifu_buf_puts(b, ", \"scores\": ");
            paifu_buf_json_ints(b, deal->score_rows[e->detail], (size_t)players, ", ");
        }
        break;
    default:
        if (e->seat >= 0)
            paifu_buf_printf(b, ", \"seat\": %d", e->seat);
        if (e->from >= 0)
            paifu_buf_printf(b, ", \"from\": %d", e->from);
        if (e->tile != PAIFU_TILE_NONE) {
            paifu_buf_puts(b, ", \"tile\": ");
            put_tile(b, e->tile);
        }
        if (e->tile_id != PAIFU_TILE_ID_NONE)
            paifu_buf_printf(b, ", \"id\": %u", (unsigned)e->tile_id);
        if (e->n) {
            paifu_buf_puts(b, ", \"consumed\": ");
            put_tiles(b, e->tiles, e->n);
            if (any_id(e->ids, e->n)) {
                paifu_buf_puts(b, ", \"consumed_ids\": ");
                put_ids(b, e->ids, e->n);
            }
        }
        if (e->type == PAIFU_EV_DRAW && (e->flags & PAIFU_EVF_REPLACEMENT))
            paifu_buf_puts(b, ", \"replacement\": true");
        if (e->type == PAIFU_EV_DISCARD) {
            if (e->flags & PAIFU_EVF_TSUMOGIRI_KNOWN)
                paifu_buf_printf(b, ", \"tsumogiri\": %s",
                                 e->flags & PAIFU_EVF_TSUMOGIRI ? "true" : "false");
            if (e->flags & PAIFU_EVF_RIICHI)
                paifu_buf_puts(b, ", \"riichi\": true");
        }
        break;
    }
    paifu_buf_putc(b, '}');
}

static void put_events(paifu_buf *b, const paifu_deal *deal, const paifu_event *events, size_t n,
                       int players, bool mcr, const char *indent)
{
    paifu_buf_putc(b, '[');
    for (size_t i = 0; i < n; i++) {
        paifu_buf_puts(b, i ? ",\n" : "\n");
        paifu_buf_puts(b, indent);
        put_event(b, deal, &events[i], players, mcr);
    }
    if (n) {
        paifu_buf_putc(b, '\n');
        paifu_buf_printf(b, "%.*s", (int)strlen(indent) - 2, indent);
    }
    paifu_buf_putc(b, ']');
}

static void put_deal(paifu_buf *b, const paifu_deal *deal, int players, bool mcr)
{
    const paifu_deal_start *st = &deal->start;
    static const char winds[] = "ESWN";
    bool sep = false;
    paifu_buf_puts(b, "    {\n");
    if (!(st->flags & PAIFU_DEAL_ROUND_UNKNOWN)) {
        paifu_buf_puts(b, "      ");
        paifu_buf_printf(b, "\"round\": \"%c%u\", \"dealer\": %d", winds[st->round_wind & 3],
                         (unsigned)st->hand_number + 1, st->dealer);
        sep = true;
    }
    if (st->flags & PAIFU_DEAL_HAS_STICKS) {
        paifu_buf_printf(b, "%s\"honba\": %d, \"riichi_sticks\": %d", sep ? ", " : "      ",
                         st->honba, st->riichi_sticks);
        sep = true;
    }
    if (deal->flags & PAIFU_DEAL_RESULT_ONLY) {
        paifu_buf_printf(b, "%s\"result_only\": true", sep ? ", " : "      ");
        sep = true;
    }
    if (st->flags & PAIFU_DEAL_TIME_UP) {
        paifu_buf_printf(b, "%s\"time_up\": true", sep ? ", " : "      ");
        sep = true;
    }
    if (sep)
        paifu_buf_puts(b, ",\n");
    if (st->flags & PAIFU_DEAL_HAS_SCORES) {
        paifu_buf_puts(b, "      \"scores\": ");
        paifu_buf_json_ints(b, st->scores, (size_t)players, ", ");
        paifu_buf_puts(b, ",\n");
    }
    if (st->dora_indicator != PAIFU_TILE_NONE || (st->flags & PAIFU_DEAL_HAS_DICE)) {
        paifu_buf_puts(b, "      ");
        bool first = true;
        if (st->dora_indicator != PAIFU_TILE_NONE) {
            paifu_buf_puts(b, "\"dora_indicator\": ");
            put_tile(b, st->dora_indicator);
            if (st->dora_indicator_id != PAIFU_TILE_ID_NONE)
                paifu_buf_printf(b, ", \"dora_indicator_id\": %u", (unsigned)st->dora_indicator_id);
            first = false;
        }
        if (st->flags & PAIFU_DEAL_HAS_DICE)
            paifu_buf_printf(b, "%s\"dice\": [%u, %u]", first ? "" : ", ", (unsigned)st->dice[0],
                             (unsigned)st->dice[1]);
        paifu_buf_puts(b, ",\n");
    }
    if (st->flags & PAIFU_DEAL_HAS_HANDS) {
        put_hands(b, "hands", "hand_ids", st->hands, st->hand_ids, st->n_hand, 0xF, players,
                  "      ");
        paifu_buf_puts(b, ",\n");
    }
    if (st->n_wall) {
        paifu_buf_puts(b, "      \"wall\": ");
        put_tiles(b, st->wall, st->n_wall);
        if (any_id(st->wall_ids, st->n_wall)) {
            paifu_buf_puts(b, ",\n      \"wall_ids\": ");
            put_ids(b, st->wall_ids, st->n_wall);
        }
        paifu_buf_puts(b, ",\n");
    }
    paifu_buf_puts(b, "      \"events\": ");
    put_events(b, deal, deal->events, deal->n_events, players, mcr, "        ");
    paifu_buf_puts(b, "\n    }");
}

static int write_game(format_write *head)
{
    const paifu_game *g = head->game;
    paifu_buf *b = head->ctx->out;
    int players = paifu_game_players(g);
    int family = paifu_lossy__is_mcr(g, head->err);
    if (family < 0)
        return family;
    bool mcr = family > 0;
    put_header(b, g);
    size_t n_pre = paifu_game_prelude_count(g);
    if (n_pre) {
        paifu_buf_puts(b, "  \"prelude\": [");
        for (size_t i = 0; i < n_pre; i++) {
            paifu_buf_puts(b, i ? ", " : "");
            put_event(b, NULL, paifu_game_prelude(g, i), players, false);
        }
        paifu_buf_puts(b, "],\n");
    }
    paifu_buf_puts(b, "  \"deals\": [");
    size_t n = paifu_game_deal_count(g);
    for (size_t d = 0; d < n; d++) {
        paifu_buf_puts(b, d ? ",\n" : "\n");
        put_deal(b, paifu_game_deal(g, d), players, mcr);
    }
    paifu_buf_puts(b, n ? "\n  ]" : "]");
    const paifu_game_result *r = paifu_game_result_get(g);
    bool sanctions = false;
    for (int s = 0; s < players; s++)
        sanctions |= paifu_game_place_sanction(g, s) != 0;
    if (r->has_points || r->has_final || sanctions) {
        paifu_buf_puts(b, ",\n  \"result\": {");
        if (r->has_points) {
            paifu_buf_puts(b, "\"points\": ");
            paifu_buf_json_ints(b, r->points, (size_t)players, ", ");
        }
        if (r->has_final) {
            paifu_buf_puts(b, r->has_points ? ", \"final\": " : "\"final\": ");
            paifu_buf_json_ints(b, r->final, (size_t)players, ", ");
        }
        if (sanctions) {
            int32_t v[PAIFU_SEATS];
            for (int s = 0; s < players; s++)
                v[s] = paifu_game_place_sanction(g, s);
            paifu_buf_puts(b, r->has_points || r->has_final ? ", \"place_sanctions\": "
                                                            : "\"place_sanctions\": ");
            paifu_buf_json_ints(b, v, (size_t)players, ", ");
        }
        paifu_buf_putc(b, '}');
    }
    if (paifu_game_truncated(g))
        paifu_buf_puts(b, ",\n  \"truncated\": true");
    paifu_buf_puts(b, "\n}\n");
    return 0;
}

const format_writer paifu_json__writer = {.write = write_game};
