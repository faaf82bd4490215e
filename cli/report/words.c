/*
 * words.c: how the document writes its numbers and names, the same in every writer: points
 * with thousands, scores in thousands with one decimal, places, a seat's player, paths as
 * shown, a game's heading, a fu breakdown, melds and discards in notation.
 */
#include "internal.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void rep_points(char *buf, size_t size, int64_t points)
{
    paifu_points_text(buf, size, points, false); /* as the findings write them */
}

void rep_score(char *buf, size_t size, int64_t points, bool mcr)
{
    paifu_final_score_text(buf, size, points, mcr); /* as the findings write them */
}

void rep_summary(char *buf, size_t size, const rep_doc *doc)
{
    snprintf(buf, size, "%zu game%s from %zu file%s, %llu finding%s", doc->n_games,
             doc->n_games == 1 ? "" : "s", doc->files, doc->files == 1 ? "" : "s",
             (unsigned long long)doc->findings, doc->findings == 1 ? "" : "s");
}

void rep_place(char *buf, size_t size, int place12)
{
    if (place12 % 12 == 0)
        snprintf(buf, size, "%d", place12 / 12);
    else
        snprintf(buf, size, "%d.%d", place12 / 12, (place12 % 12) * 10 / 12);
}

void rep_avg_place(char *buf, size_t size, int hundredths)
{
    snprintf(buf, size, "%d.%02d", hundredths / 100, hundredths % 100);
}

const char *rep_name(const rep_game *g, int seat, char *buf, size_t size)
{
    if (seat < 0 || seat >= g->players)
        return "";
    if (g->names[seat][0])
        return g->names[seat];
    snprintf(buf, size, "seat %d", seat);
    return buf;
}

void rep_row_players(char *buf, size_t size, const rep_game *g, const rep_row *r)
{
    char a[64], b[64];
    buf[0] = '\0';
    if (r->winner < 0)
        return;
    if (r->payer >= 0 && r->payer != r->winner)
        snprintf(buf, size, "%s from %s", rep_name(g, r->winner, a, sizeof(a)),
                 rep_name(g, r->payer, b, sizeof(b)));
    else
        snprintf(buf, size, "%s", rep_name(g, r->winner, a, sizeof(a)));
}

void rep_int_or_blank(char *buf, size_t size, int v)
{
    if (v < 0)
        buf[0] = '\0';
    else
        snprintf(buf, size, "%d", v);
}

void rep_meld_text(char *buf, size_t size, const paifu_state_meld *m)
{
    const char *what = m->type == PAIFU_EV_CHI          ? "chi"
                       : m->type == PAIFU_EV_PON        ? "pon"
                       : m->type == PAIFU_EV_DAIMINKAN  ? "kan"
                       : m->type == PAIFU_EV_ANKAN      ? "closed kan"
                       : m->type == PAIFU_EV_SHOUMINKAN ? "added kan"
                       : m->type == PAIFU_EV_KITA       ? "kita"
                                                        : "flower";
    char tiles[16];
    paifu_tile_format(tiles, sizeof(tiles), m->tiles, m->n);
    snprintf(buf, size, "%s %s", what, tiles);
}

void rep_melds_text(char *buf, size_t size, const paifu_table_state *s, int seat)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int k = 0; k < s->n_melds[seat] && len < size; k++) {
        char one[32];
        rep_meld_text(one, sizeof(one), &s->melds[seat][k]);
        len += (size_t)snprintf(buf + len, size - len, "%s%s", k ? " " : "", one);
    }
}

void rep_discards_text(char *buf, size_t size, const paifu_table_state *s, int seat)
{
    paifu_tile t[PAIFU_STATE_DISCARDS];
    for (int k = 0; k < s->n_discards[seat]; k++)
        t[k] = s->discards[seat][k].tile;
    paifu_tile_format(buf, size, t, s->n_discards[seat]);
}

void rep_display_path(char *buf, size_t size, const char *path, size_t below)
{
    if (path[0] != '/') {
        snprintf(buf, size, "%s", path);
        return;
    }
    char cwd[4096];
    size_t n = getcwd(cwd, sizeof(cwd)) ? strlen(cwd) : 0;
    if (n > 1 && strncmp(path, cwd, n) == 0 && path[n] == '/' && path[n + 1]) {
        snprintf(buf, size, "%s", path + n + 1);
        return;
    }
    snprintf(buf, size, "%s", path + (below < strlen(path) ? below : 0));
    if (buf[0] == '/') { /* an operand of its own outside the current directory: its name */
        const char *base = strrchr(path, '/');
        snprintf(buf, size, "%s", base && base[1] ? base + 1 : path);
    }
}

const char *rep_title(const rep_doc *doc)
{
    return doc->title && doc->title[0] ? doc->title : "Audit report";
}

void rep_game_heading(char *buf, size_t size, const rep_game *g)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int s = 0; s < g->players && len < size; s++) {
        char b[64];
        len += (size_t)snprintf(buf + len, size - len, "%s%s", s ? ", " : "",
                                rep_name(g, s, b, sizeof(b)));
    }
    if (g->date[0] && len < size)
        len += (size_t)snprintf(buf + len, size - len, " · %s", g->date);
    if (g->table[0] && len < size)
        snprintf(buf + len, size - len, " · table %s", g->table);
}

void rep_fu_part_text(char *buf, size_t size, const paifu_fu_part *p, int wait)
{
    char tile[3] = "";
    if (p->tile != PAIFU_TILE_NONE)
        paifu_tile_name(tile, p->tile);
    switch (p->what) {
    case PAIFU_FU_BASE:
        snprintf(buf, size, "%d %s", p->fu, p->fu == 25 ? "seven pairs" : "base");
        break;
    case PAIFU_FU_SET: {
        /* a triplet: 2 (simples) or 4 (terminals, honours), doubled when closed; a quad four
           times that (shared/rules/yaku.md section 5) */
        int triplet = (paifu_tile_is_simple(p->tile) ? 2 : 4) * (p->open ? 1 : 2);
        snprintf(buf, size, "%d %s %s %s", p->fu, p->open ? "open" : "closed",
                 p->fu > triplet ? "quad" : "triplet", tile);
        break;
    }
    case PAIFU_FU_PAIR: snprintf(buf, size, "%d value pair %s", p->fu, tile); break;
    case PAIFU_FU_WAIT:
        snprintf(buf, size, "%d %s wait", p->fu, paifu_wait_name((paifu_wait)wait));
        break;
    case PAIFU_FU_MENZEN_RON: snprintf(buf, size, "%d closed ron", p->fu); break;
    case PAIFU_FU_TSUMO: snprintf(buf, size, "%d tsumo", p->fu); break;
    case PAIFU_FU_OPEN_PINFU: snprintf(buf, size, "%d open hand with no fu, ron", p->fu); break;
    default: snprintf(buf, size, "%d", p->fu); break;
    }
}

void rep_fu_text(char *buf, size_t size, const rep_finding *f)
{
    size_t len = 0;
    buf[0] = '\0';
    if (!f->n_fu_parts)
        return;
    for (int i = 0; i < f->n_fu_parts && len < size; i++) {
        char part[64];
        rep_fu_part_text(part, sizeof(part), &f->fu_parts[i], f->fu_wait);
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? " + " : "", part);
    }
    if (len < size) {
        if (f->fu_raw != f->fu)
            snprintf(buf + len, size - len, " = %d, rounded up to %d", f->fu_raw, f->fu);
        else
            snprintf(buf + len, size - len, " = %d", f->fu);
    }
}
