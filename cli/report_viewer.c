/*
 * report_viewer.c: the deal viewer (report_viewer.h). Data, per game: the players and, per deal
 * with tiles, one step per event. A step is a string: the event ("b05pt": type letter, seat,
 * tiles, flags, "<" and the seat it came from), then "|"-separated changes: hS/rS a patch of seat
 * S's hand / river string ("K,J,MID": keep K leading and J trailing characters, put MID
 * between), mS seat S's melds, w the wall's live tiles left, s the scores, k the riichi sticks,
 * q the riichi seats (bits), d the dora indicators. Tiles are paifu's notation, two characters
 * each ("5m", "0p" red, "7z", "3f", "??" unknown); a river tile is followed by t (tsumogiri),
 * r (riichi), c (called). Step 0 patches empty strings into the deal as dealt.
 */
#include "report_viewer.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

typedef struct sbuf {
    char *s;
    size_t n, cap;
    bool oom;
} sbuf;

static void sb_put(sbuf *b, const char *s, size_t n)
{
    if (b->oom)
        return;
    if (b->n + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 4096;
        while (cap < b->n + n + 1)
            cap *= 2;
        char *p = realloc(b->s, cap);
        if (!p) {
            b->oom = true;
            return;
        }
        b->s = p;
        b->cap = cap;
    }
    memcpy(b->s + b->n, s, n);
    b->n += n;
    b->s[b->n] = '\0';
}

static void sb_str(sbuf *b, const char *s) { sb_put(b, s, strlen(s)); }

#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 2, 3)))
#endif
static void sb_fmt(sbuf *b, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
    va_end(ap);
    if (n > 0)
        sb_put(b, tmp, (size_t)n < sizeof(tmp) ? (size_t)n : sizeof(tmp) - 1);
}

/* S as a JSON string (quotes included); "</" is written "<\/" so that it can sit in <script>. */
static void sb_json(sbuf *b, const char *s)
{
    sb_str(b, "\"");
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            sb_fmt(b, "\\%c", *p);
        else if (*p < 0x20)
            sb_fmt(b, "\\u%04x", *p);
        else if (*p == '/' && p > (const unsigned char *)s && p[-1] == '<')
            sb_str(b, "\\/");
        else
            sb_put(b, (const char *)p, 1);
    }
    sb_str(b, "\"");
}

/* One tile, two characters. */
static const char *tile2(char out[3], paifu_tile t)
{
    paifu_tile_name(out, t);
    if (!out[1]) {
        out[0] = out[1] = '?';
        out[2] = '\0';
    }
    return out;
}

/* The strings of a state the viewer patches. */
#define RV_HAND (PAIFU_STATE_HAND * 2 + 1)
#define RV_RIVER (PAIFU_STATE_DISCARDS * 5 + 1)
#define RV_MELDS (PAIFU_STATE_MELDS * 12 + 1)
typedef struct rv_seat {
    char hand[RV_HAND], river[RV_RIVER], melds[RV_MELDS];
} rv_seat;

static const char EVENT_LETTERS[] = "?abcdefghijklmnopq";

static char meld_letter(uint8_t type)
{
    return type < sizeof(EVENT_LETTERS) - 1 ? EVENT_LETTERS[type] : '?';
}

static void seat_strings(rv_seat *out, const paifu_table_state *s, int p)
{
    char t[3];
    size_t k = 0;
    for (int i = 0; i < s->n_hand[p]; i++, k += 2)
        memcpy(out->hand + k, tile2(t, s->hand[p][i]), 2);
    out->hand[k] = '\0';
    k = 0;
    for (int i = 0; i < s->n_discards[p]; i++) {
        const paifu_state_discard *d = &s->discards[p][i];
        tile2(t, d->tile);
        out->river[k++] = t[0];
        out->river[k++] = t[1];
        if (d->flags & PAIFU_EVF_TSUMOGIRI)
            out->river[k++] = 't';
        if (d->flags & PAIFU_EVF_RIICHI)
            out->river[k++] = 'r';
        if (d->flags & PAIFU_STATE_CALLED)
            out->river[k++] = 'c';
    }
    out->river[k] = '\0';
    k = 0;
    for (int i = 0; i < s->n_melds[p]; i++) {
        const paifu_state_meld *m = &s->melds[p][i];
        if (i)
            out->melds[k++] = ' ';
        out->melds[k++] = meld_letter(m->type);
        out->melds[k++] = m->from >= 0 && m->from < PAIFU_SEATS ? (char)('0' + m->from) : '-';
        for (int j = 0; j < m->n; j++) {
            tile2(t, m->tiles[j]);
            out->melds[k++] = t[0];
            out->melds[k++] = t[1];
        }
    }
    out->melds[k] = '\0';
}

/* "|KEY" and the patch turning OLD into NEW; nothing when they are equal. */
static void patch(sbuf *b, const char *key, const char *old, const char *new)
{
    if (strcmp(old, new) == 0)
        return;
    size_t lo = strlen(old), ln = strlen(new), k = 0, j = 0;
    while (k < lo && k < ln && old[k] == new[k])
        k++;
    while (j < lo - k && j < ln - k && old[lo - 1 - j] == new[ln - 1 - j])
        j++;
    sb_fmt(b, "|%s%zu,%zu,", key, k, j);
    sb_put(b, new + k, ln - k - j);
}

static void event_code(sbuf *b, const paifu_event *ev)
{
    char t[3];
    sb_put(b, &EVENT_LETTERS[ev->type < sizeof(EVENT_LETTERS) - 1 ? ev->type : 0], 1);
    sb_fmt(b, "%c", ev->seat >= 0 && ev->seat < PAIFU_SEATS ? '0' + ev->seat : '-');
    for (int k = 0; k < ev->n && k < 4; k++)
        sb_str(b, tile2(t, ev->tiles[k]));
    if (ev->tile != PAIFU_TILE_NONE)
        sb_str(b, tile2(t, ev->tile));
    if (ev->type == PAIFU_EV_DISCARD) {
        if (ev->flags & PAIFU_EVF_TSUMOGIRI)
            sb_str(b, "t");
        if (ev->flags & PAIFU_EVF_RIICHI)
            sb_str(b, "r");
    }
    if (ev->from >= 0 && ev->from < PAIFU_SEATS)
        sb_fmt(b, "<%d", ev->from);
}

static void dora_string(char *out, const paifu_table_state *s)
{
    char t[3];
    size_t k = 0;
    for (int i = 0; i < s->n_dora; i++, k += 2)
        memcpy(out + k, tile2(t, s->dora[i]), 2);
    out[k] = '\0';
}

static void deal_data(sbuf *b, const paifu_deal *d, const paifu_rules *rules, size_t index)
{
    paifu_table_walk w;
    if (paifu_table_walk_begin(&w, d, rules, NULL) < 0)
        return;
    char label[32];
    paifu_deal_label(label, sizeof(label), &d->start);
    sb_fmt(b, "{\"i\":%zu,\"l\":", index + 1);
    sb_json(b, label);
    sb_fmt(b, ",\"k\":%d,\"x\":[", d->start.dealer);
    rv_seat prev[PAIFU_SEATS], cur;
    char dora_prev[16] = "", dora[16];
    int32_t scores[PAIFU_SEATS] = {0}, wall = -2, sticks = -1;
    int riichi = 0;
    bool scores_shown = false;
    memset(prev, 0, sizeof(prev));
    do {
        sb_str(b, w.event ? ",\"" : "\"");
        if (w.event)
            event_code(b, &d->events[w.event - 1]);
        for (int p = 0; p < PAIFU_SEATS; p++) {
            if (!(w.changed & (1u << p)))
                continue;
            seat_strings(&cur, &w.state, p);
            char key[3] = {'h', (char)('0' + p), '\0'};
            patch(b, key, prev[p].hand, cur.hand);
            key[0] = 'r';
            patch(b, key, prev[p].river, cur.river);
            if (strcmp(prev[p].melds, cur.melds) != 0)
                sb_fmt(b, "|m%d%s", p, cur.melds);
            prev[p] = cur;
        }
        dora_string(dora, &w.state);
        if (strcmp(dora, dora_prev) != 0)
            sb_fmt(b, "|d%s", dora);
        memcpy(dora_prev, dora, sizeof(dora));
        if (w.wall_left != wall)
            sb_fmt(b, "|w%d", (int)w.wall_left);
        wall = w.wall_left;
        if (w.scores_known && (!scores_shown || memcmp(scores, w.scores, sizeof(scores)))) {
            sb_fmt(b, "|s%d,%d,%d,%d", (int)w.scores[0], (int)w.scores[1], (int)w.scores[2],
                   (int)w.scores[3]);
            memcpy(scores, w.scores, sizeof(scores));
            scores_shown = true;
        }
        if (w.riichi_sticks != sticks)
            sb_fmt(b, "|k%d", (int)w.riichi_sticks);
        sticks = w.riichi_sticks;
        if (w.riichi != riichi || !w.event)
            sb_fmt(b, "|q%d", w.riichi);
        riichi = w.riichi;
        sb_str(b, "\"");
    } while (paifu_table_walk_next(&w));
    sb_str(b, "]}");
}

char *rv_game_data(const paifu_game *game, const paifu_rules *rules, size_t game_number,
                   const rv_finding *findings, size_t n_findings)
{
    sbuf b = {0};
    int players = paifu_game_players(game);
    sb_fmt(&b, "{\"g\":%zu,\"p\":%d,\"n\":[", game_number, players);
    for (int s = 0; s < players; s++) {
        if (s)
            sb_str(&b, ",");
        const char *name = cli_player_name(game, s);
        char seat[16];
        snprintf(seat, sizeof(seat), "seat %d", s);
        sb_json(&b, name && name[0] ? name : seat);
    }
    sb_str(&b, "],\"d\":[");
    size_t shown = 0;
    for (size_t i = 0; i < paifu_game_deal_count(game); i++) {
        const paifu_deal *d = paifu_game_deal(game, i);
        if ((d->flags & PAIFU_DEAL_RESULT_ONLY) || !(d->start.flags & PAIFU_DEAL_HAS_HANDS))
            continue;
        if (shown++)
            sb_str(&b, ",");
        deal_data(&b, d, rules, i);
    }
    sb_str(&b, "],\"f\":[");
    size_t nf = 0;
    for (size_t k = 0; k < n_findings; k++) {
        const rv_finding *f = &findings[k];
        if (!f->deal)
            continue;
        sb_fmt(&b, "%s[%zu,%ld,", nf++ ? "," : "", f->deal, f->event);
        sb_json(&b, f->code);
        sb_str(&b, ",");
        sb_json(&b, f->text);
        sb_str(&b, ",");
        sb_json(&b, f->anchor ? f->anchor : "");
        sb_str(&b, "]");
    }
    sb_str(&b, "]}");
    if (b.oom || !shown) {
        free(b.s);
        return NULL;
    }
    return b.s;
}

/* ---- reference states (JSON) ---- */

int rv_write_states_json(FILE *o, const paifu_game *game, const paifu_rules *rules)
{
    fputs("{\"deals\":[", o);
    size_t shown = 0;
    for (size_t i = 0; i < paifu_game_deal_count(game); i++) {
        const paifu_deal *d = paifu_game_deal(game, i);
        paifu_table_walk w;
        if (paifu_table_walk_begin(&w, d, rules, NULL) < 0)
            continue;
        char label[32];
        paifu_deal_label(label, sizeof(label), &d->start);
        fprintf(o, "%s\n{\"deal\":%zu,\"label\":\"%s\",\"steps\":[", shown++ ? "," : "", i + 1,
                label);
        do {
            rv_seat s[PAIFU_SEATS];
            char dora[16];
            for (int p = 0; p < PAIFU_SEATS; p++)
                seat_strings(&s[p], &w.state, p);
            dora_string(dora, &w.state);
            fprintf(o, "%s\n{\"event\":%zu,\"wall\":%d,\"sticks\":%d,\"riichi\":%d,\"dora\":\"%s\"",
                    w.event ? "," : "", w.event, (int)w.wall_left, (int)w.riichi_sticks, w.riichi,
                    dora);
            const char *keys[] = {"hands", "melds", "rivers"};
            for (int f = 0; f < 3; f++) {
                fprintf(o, ",\"%s\":[", keys[f]);
                for (int p = 0; p < PAIFU_SEATS; p++)
                    fprintf(o, "%s\"%s\"", p ? "," : "",
                            f == 0 ? s[p].hand : f == 1 ? s[p].melds : s[p].river);
                fputs("]", o);
            }
            if (w.scores_known)
                fprintf(o, ",\"scores\":[%d,%d,%d,%d]", (int)w.scores[0], (int)w.scores[1],
                        (int)w.scores[2], (int)w.scores[3]);
            fputs("}", o);
        } while (paifu_table_walk_next(&w));
        fputs("]}", o);
    }
    fputs("]}\n", o);
    return ferror(o) ? -1 : 0;
}

/* ---- the page ---- */

extern const char paifu_viewer_js[];  /* cli/viewer/viewer.js, embedded by cli/CMakeLists.txt */
extern const char paifu_viewer_css[]; /* cli/viewer/viewer.css */

void rv_write_style(FILE *o)
{
    fputs(paifu_viewer_css, o);
}

/* One tile's symbol: a face with its number and suit (honours: their character), drawn once. */
static void symbol(FILE *o, const char *id, const char *big, const char *small, const char *ink,
                   const char *face)
{
    fprintf(o,
            "<symbol id=\"%s\" viewBox=\"0 0 30 40\"><rect x=\"1\" y=\"1\" width=\"28\" height=\"38\" "
            "rx=\"4\" fill=\"%s\" stroke=\"#6e7781\" stroke-width=\"1.5\"/>",
            id, face);
    if (small[0])
        fprintf(o,
                "<text x=\"15\" y=\"21\" font-size=\"19\" font-weight=\"700\" text-anchor=\"middle\" "
                "fill=\"%s\">%s</text><text x=\"15\" y=\"35\" font-size=\"11\" text-anchor=\"middle\" "
                "fill=\"%s\">%s</text></symbol>",
                ink, big, ink, small);
    else
        fprintf(o,
                "<text x=\"15\" y=\"28\" font-size=\"20\" font-weight=\"700\" text-anchor=\"middle\" "
                "fill=\"%s\">%s</text></symbol>",
                ink, big);
}

static void symbols(FILE *o)
{
    static const char *const suit[] = {"m", "p", "s"};
    static const char *const suit_name[] = {"萬", "筒", "索"};
    static const char *const ink[] = {"#a4161a", "#0b5394", "#2b7a0b"};
    static const char *const honour[] = {"東", "南", "西", "北", "白", "發", "中"};
    static const char *const honour_ink[] = {"#222", "#222", "#222", "#222", "#57606a", "#2b7a0b",
                                             "#a4161a"};
    static const char *const bonus[] = {"梅", "蘭", "菊", "竹", "春", "夏", "秋", "冬"};
    fputs("<svg width=\"0\" height=\"0\" style=\"position:absolute\" aria-hidden=\"true\" "
          "font-family=\"system-ui,'Noto Sans CJK JP','WenQuanYi Micro Hei',sans-serif\"><defs>",
          o);
    char id[8], big[8];
    for (int s = 0; s < 3; s++)
        for (int n = 0; n <= 9; n++) {
            snprintf(id, sizeof(id), "t%d%s", n, suit[s]);
            snprintf(big, sizeof(big), "%d", n ? n : 5);
            symbol(o, id, big, suit_name[s], ink[s], n ? "#fffdf5" : "#ffd6d6");
        }
    for (int n = 0; n < 7; n++) {
        snprintf(id, sizeof(id), "t%dz", n + 1);
        symbol(o, id, honour[n], "", honour_ink[n], "#fffdf5");
    }
    for (int n = 0; n < 8; n++) {
        snprintf(id, sizeof(id), "t%df", n + 1);
        snprintf(big, sizeof(big), "%d", n % 4 + 1);
        symbol(o, id, bonus[n], big, "#7a3e9d", "#fff7e6");
    }
    fputs("<symbol id=\"tbk\" viewBox=\"0 0 30 40\"><rect x=\"1\" y=\"1\" width=\"28\" height=\"38\" "
          "rx=\"4\" fill=\"#2f6f4f\" stroke=\"#1e4633\" stroke-width=\"1.5\"/></symbol>",
          o);
    fputs("</defs></svg>\n", o);
}

void rv_write_body(FILE *o, char *const *games, size_t n, bool standalone, size_t open_deal)
{
    size_t shown = 0;
    for (size_t i = 0; i < n; i++)
        shown += games[i] != NULL;
    if (!shown)
        return;
    symbols(o);
    fprintf(o, "<section id=\"viewer\" aria-label=\"Deal viewer\"%s",
            standalone ? " data-standalone=\"\"" : " hidden");
    if (open_deal)
        fprintf(o, " data-deal=\"%zu\"", open_deal);
    fputs(">\n", o);
    fputs("<div class=\"vbar\"><h2 id=\"v-title\">Deal viewer</h2>"
          "<select id=\"v-deal\" aria-label=\"Deal\"></select>",
          o);
    if (!standalone)
        fputs("<button type=\"button\" id=\"v-close\" aria-label=\"Close the viewer\">Close "
              "(Esc)</button>",
              o);
    fputs("</div>\n<div class=\"vctl\">"
          "<button type=\"button\" id=\"v-first\" aria-label=\"First event\">|◀</button>"
          "<button type=\"button\" id=\"v-prev\" aria-label=\"Previous event\">◀</button>"
          "<input type=\"range\" id=\"v-slider\" min=\"0\" max=\"0\" value=\"0\" "
          "aria-label=\"Event\">"
          "<button type=\"button\" id=\"v-next\" aria-label=\"Next event\">▶</button>"
          "<button type=\"button\" id=\"v-last\" aria-label=\"Last event\">▶|</button>"
          "<span id=\"v-pos\"></span>"
          "<select id=\"v-jump\" aria-label=\"Jump to a win, call or finding\"></select></div>\n"
          "<p id=\"v-event\" aria-live=\"polite\"></p>\n"
          "<div class=\"vinfo\">Dora indicators <span id=\"v-dora\"></span> · wall <b "
          "id=\"v-wall\"></b> tiles left · riichi sticks <b id=\"v-sticks\"></b><br>Rivers: "
          "tsumogiri faded, riichi sideways, called tiles faint; a called tile lies sideways in "
          "its meld. Keys: ← → Home End</div>\n"
          "<div class=\"vmain\"><div id=\"v-seats\"></div><aside id=\"v-findings\" "
          "aria-label=\"Findings\"></aside></div>\n</section>\n",
          o);
    fputs("<script type=\"application/json\" id=\"viewer-data\">[", o);
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (games[i]) {
            fputs(k++ ? ",\n" : "\n", o);
            fputs(games[i], o);
        }
    fputs("]</script>\n<script>\n", o);
    fputs(paifu_viewer_js, o);
    fputs("</script>\n", o);
}

/* ---- the report's hooks ---- */

#include "report/document.h"

char *rep_viewer_data(const struct rep_game *g, const paifu_game *game, const paifu_rules *rules)
{
    rv_finding *fs = g->n_findings ? calloc(g->n_findings, sizeof(*fs)) : NULL;
    char (*anchors)[48] = g->n_findings ? calloc(g->n_findings, sizeof(*anchors)) : NULL;
    size_t n = 0;
    for (size_t k = 0; fs && anchors && k < g->n_findings; k++) {
        const rep_finding *f = &g->findings[k];
        snprintf(anchors[k], sizeof(anchors[k]), "game-%zu-finding-%zu", g->number, k + 1);
        fs[n++] = (rv_finding){f->deal, (long)f->f.where.event, f->f.code, f->f.message,
                               anchors[k]};
    }
    char *data = rv_game_data(game, rules, g->number, fs, n);
    free(fs);
    free(anchors);
    return data;
}

void rep_viewer_write(FILE *o, const struct rep_doc *doc)
{
    char **games = doc->n_games ? calloc(doc->n_games, sizeof(*games)) : NULL;
    for (size_t i = 0; games && i < doc->n_games; i++)
        games[i] = doc->games[i].viewer;
    if (games)
        rv_write_body(o, games, doc->n_games, false, 0);
    free(games);
}

void rep_viewer_style(FILE *o, const struct rep_doc *doc)
{
    for (size_t i = 0; i < doc->n_games; i++)
        if (doc->games[i].viewer) {
            rv_write_style(o);
            return;
        }
}
