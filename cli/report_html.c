/*
 * report_html.c: the report as one self-contained HTML file: no script, no font, no image from
 * anywhere; tables with captions and header cells; one inline SVG chart of the scores per game;
 * tiles as text; @media print lays it out on A4 and a narrow screen scrolls the wide tables.
 * Anchors: #standings, #findings, #game-N, #game-N-deal-D (the deal's first row),
 * #game-N-finding-K.
 */
#include "report/document.h"
#include "report_viewer.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void esc(FILE *o, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&': fputs("&amp;", o); break;
        case '<': fputs("&lt;", o); break;
        case '>': fputs("&gt;", o); break;
        case '"': fputs("&quot;", o); break;
        default:
            if ((unsigned char)*s < 0x20 && *s != '\n' && *s != '\t')
                fprintf(o, "\\x%02x", (unsigned char)*s); /* no control character in HTML text */
            else if (*s == 0x7f)
                fputs("\\x7f", o);
            else
                fputc(*s, o);
        }
    }
}

/* Whether the comma at S is a thousands separator: a digit before it, exactly three after. */
static bool thousands_comma(const char *start, const char *s)
{
    return s > start && s[-1] >= '0' && s[-1] <= '9' && s[1] >= '0' && s[1] <= '9' &&
           s[2] >= '0' && s[2] <= '9' && s[3] >= '0' && s[3] <= '9' && !(s[4] >= '0' && s[4] <= '9');
}

/* A cell's text: escaped, with a break opportunity after a comma that joins values
   ("0,6200,0,-5200") so that a narrow column wraps between them; never inside a number
   ("25,000" stays whole, on screen and on paper). */
static void esc_cell(FILE *o, const char *s)
{
    for (const char *p = s; *p; p++) {
        char one[2] = {*p, '\0'};
        esc(o, one);
        if (*p == ',' && p[1] && p[1] != ' ' && !thousands_comma(s, p))
            fputs("<wbr>", o);
    }
}

static const char style[] =
    ":root{--ink:#1b1f24;--mute:#57606a;--line:#d0d7de;--bg:#f6f8fa;--err:#b3261e;--warn:#9a6700}"
    "*{box-sizing:border-box}"
    "body{font:15px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans','Noto Sans CJK JP',"
    "sans-serif;color:var(--ink);margin:0 auto;max-width:1480px;padding:12px}"
    "h1{font-size:1.6em;margin:.2em 0}h2{font-size:1.3em;margin:1.4em 0 .3em;border-bottom:2px solid "
    "var(--line)}h3{font-size:1.05em;margin:1em 0 .3em}"
    "a{color:#0a58ca}nav ul{padding-left:1.2em;columns:2}"
    ".scroll{overflow-x:auto;-webkit-overflow-scrolling:touch;margin:.3em 0 1em}"
    "table{border-collapse:collapse;font-size:.86em;min-width:50%}"
    "caption{text-align:left;font-weight:600;padding:.2em 0;color:var(--mute)}"
    "th,td{border:1px solid var(--line);padding:.25em .45em;vertical-align:top;text-align:left}"
    "thead th{background:var(--bg);position:sticky;top:0}"
    "td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}td.n{white-space:nowrap}"
    "tbody tr:nth-child(even){background:#fbfcfd}tr.first td{border-top:2px solid #8c959f}"
    "tbody th[scope=row]{white-space:nowrap;text-align:left}"
    ".meta{color:var(--mute);font-size:.9em}"
    "#findings td:nth-child(6){min-width:8em}#findings td:nth-child(7){min-width:14em}"
    "#findings td:nth-child(10){min-width:7em}#findings td:nth-child(11){overflow-wrap:anywhere;min-width:6em}"
    /* a deal table fits a 1280 px screen: smaller type, the yaku and names wrap, numbers never */
    "table[id$=-deals]{font-size:.8em}table[id$=-deals] td:nth-child(8){min-width:8em}"
    "table[id$=-deals] th,table[id$=-deals] td{padding:.2em .3em}"
    ".scroll:focus-visible{outline:2px solid #0a58ca;outline-offset:2px}"
    ".finding{border-left:4px solid var(--err);background:#fff8f7;padding:.4em .7em;margin:.6em 0}"
    ".finding.warning{border-color:var(--warn);background:#fffbea}"
    ".finding.info{border-color:#0a58ca;background:#f3f8ff}"
    ".finding h4{margin:0 0 .2em;font-size:1em}.finding dl{display:grid;grid-template-columns:"
    "max-content 1fr;gap:.1em .8em;margin:.3em 0}.finding dt{color:var(--mute)}.finding dd{margin:0}"
    ".t{display:inline-block;min-width:1.9em;padding:0 .15em;margin:0 1px 1px 0;border:1px solid "
    "#8c959f;border-radius:3px;background:#fffdf5;font:600 .85em/1.5 ui-monospace,monospace;"
    "text-align:center}.t.m{color:#a4161a}.t.p{color:#0b5394}.t.s{color:#246b09}.t.z{color:#222}"
    ".t.f{color:#7a3e9d}.t.red{background:#ffe3e3}"
    /* a called tile: greyed and dashed, its text still readable (contrast 4.5:1 and more) */
    ".called .t{background:#e8eaed;border-style:dashed}"
    ".riichi .t{box-shadow:inset 0 -3px 0 #b3261e}"
    "figure{margin:.5em 0 1em}svg.chart{width:100%;max-width:720px;height:auto;display:block}"
    "figcaption{color:var(--mute);font-size:.9em}"
    ".legend span{display:inline-block;margin-right:1em}.legend i{display:inline-block;width:1.4em;"
    "height:.25em;vertical-align:middle;margin-right:.3em}"
    "@media (max-width:600px){body{padding:6px;font-size:14px}nav ul{columns:1}table{font-size:.8em}}"
    "tr.flagged td{background:#fff1f0}tr.flagged td:first-child{box-shadow:inset 4px 0 0 var(--err)}"
    "a.flag{display:block;font-size:.8em;white-space:nowrap;color:var(--err);font-weight:600}"
    ".finding:target,tr:target td{outline:2px solid #0a58ca}"
    "section.player{display:inline-block;vertical-align:top;margin:0 1.2em .4em 0}"
    "section.player h3{margin:.6em 0 0}section.player p{margin:0}"
    /* A4: portrait for the standings and the players, landscape pages (a named page) for the
       wide tables: every game, the findings, the statistics; a page break before every game;
       no column is cut: the tables fit the page's width and their rows wrap */
    "@page{size:A4 portrait;margin:12mm 10mm}@page wide{size:A4 landscape;margin:10mm}"
    "@media print{body{max-width:none;padding:0;font-size:9.5pt}"
    "nav{display:none}.scroll{overflow:visible}table{font-size:7pt;max-width:100%;min-width:0}"
    "table[id$=-deals],#findings,#player-stats{width:100%}"
    "th,td{padding:.15em .25em}td{overflow-wrap:break-word}td.n,#findings td:nth-child(5){overflow-wrap:normal}"
    "thead{display:table-header-group}thead th{position:static}tr,.finding,figure{break-inside:avoid}"
    "section.game,#findings-section,#stats-section{page:wide}section.game{break-before:page}"
    "section.player{display:block;break-inside:avoid}svg.chart{max-width:560px}"
    "a{color:inherit;text-decoration:none}a.flag{color:var(--err)}"
    /* what only works on a screen is not printed: the viewer's links */
    "a.vlink,button{display:none!important}}";

/* The first finding of every deal of G (index + 1, 0 none), deals 1..N: a deal row links to it. */
static size_t *deal_findings(const rep_game *g, size_t *n_deals)
{
    size_t n = 0;
    for (size_t r = 0; r < g->n_rows; r++)
        if (g->rows[r].deal > n)
            n = g->rows[r].deal;
    size_t *first = calloc(n + 1, sizeof(*first));
    for (size_t k = 0; first && k < g->n_findings; k++) {
        size_t d = g->findings[k].deal;
        if (d && d <= n && !first[d])
            first[d] = k + 1;
    }
    *n_deals = first ? n : 0;
    return first;
}

static void grid(FILE *o, const rep_grid *t, const rep_game *g, const char *caption)
{
    bool deals = g && strstr(t->id, "-deals");
    size_t n_deals = 0, *flag = deals ? deal_findings(g, &n_deals) : NULL;
    /* a focusable region (keyboard users scroll it), named by its game and its caption */
    char game_title[32] = "";
    if (g)
        snprintf(game_title, sizeof(game_title), "game-%zu-title ", g->number);
    fprintf(o, "<div class=\"scroll\" tabindex=\"0\" role=\"region\" aria-labelledby=\"%s%s-caption\">"
               "<table id=\"%s\"><caption id=\"%s-caption\">", game_title, t->id, t->id, t->id);
    esc(o, caption ? caption : t->caption);
    fputs("</caption>\n<thead><tr>", o);
    for (int c = 0; c < t->cols; c++) {
        fprintf(o, "<th scope=\"col\"%s>", t->right[c] ? " class=\"n\"" : "");
        esc(o, t->head[c]);
        fputs("</th>", o);
    }
    fputs("</tr></thead>\n<tbody>\n", o);
    size_t last_deal = 0;
    for (size_t r = 0; r < t->rows; r++) {
        const rep_cell *row = &t->cells[r * (size_t)t->cols];
        /* the deal table of a game: the first row of every deal carries its anchor; the rows
           of a deal with a finding are marked, and its first row links to the finding */
        size_t deal = deals ? g->rows[r].deal : 0;
        size_t finding = deal && deal <= n_deals ? flag[deal] : 0;
        bool first = deals && deal != last_deal;
        if (first)
            fprintf(o, "<tr id=\"game-%zu-deal-%zu\" class=\"first%s\">", g->number, deal,
                    finding ? " flagged" : "");
        else
            fputs(finding ? "<tr class=\"flagged\">" : "<tr>", o);
        last_deal = deal;
        for (int c = 0; c < t->cols; c++) {
            const rep_cell *x = &row[c];
            bool th = c == 1 && strncmp(t->id, "standings", 9) == 0; /* every standings table */
            fprintf(o, "<%s%s>", th ? "th scope=\"row\"" : "td", t->right[c] ? " class=\"n\"" : "");
            if (x->href && x->text[0]) {
                fputs("<a href=\"", o);
                esc(o, x->href);
                fputs("\">", o);
                esc_cell(o, x->text);
                fputs("</a>", o);
            } else {
                esc_cell(o, x->text);
            }
            if (c == 3 && first && finding) /* after the outcome */
                fprintf(o, " <a class=\"flag\" href=\"#game-%zu-finding-%zu\" title=\"finding "
                           "%zu of this game\">finding %zu</a>", g->number, finding, finding,
                        finding);
            fprintf(o, "</%s>", th ? "th" : "td");
        }
        fputs("</tr>\n", o);
    }
    fputs("</tbody></table></div>\n", o);
    free(flag);
}

static void table(FILE *o, const rep_doc *doc, rep_table which, const rep_game *g)
{
    rep_grid t;
    rep_grid_build(&t, doc, which, g);
    grid(o, &t, g, NULL);
    rep_grid_free(&t);
}

static void tile_spans(FILE *o, const paifu_tile *t, int n)
{
    if (!n) {
        fputs("—", o);
        return;
    }
    static const char suit[] = "mpszf";
    for (int i = 0; i < n; i++) {
        char name[3];
        paifu_tile_name(name, t[i]);
        if (t[i] == PAIFU_TILE_NONE) {
            fputs("<span class=\"t\">?</span>", o);
            continue;
        }
        fprintf(o, "<span class=\"t %c%s\">%s</span>", suit[paifu_tile_suit(t[i])],
                paifu_tile_is_red(t[i]) ? " red" : "", name);
    }
}

/* A seat's melds, each as its name and its tiles. */
static void meld_spans(FILE *o, const paifu_table_state *s, int seat)
{
    for (int k = 0; k < s->n_melds[seat]; k++) {
        char text[32];
        rep_meld_text(text, sizeof(text), &s->melds[seat][k]);
        *strrchr(text, ' ') = '\0';
        fprintf(o, "%s%s ", k ? " " : "", text);
        tile_spans(o, s->melds[seat][k].tiles, s->melds[seat][k].n);
    }
}

/* A seat's river: a riichi discard underlined, a called one faded. */
static void discard_spans(FILE *o, const paifu_table_state *s, int seat)
{
    if (!s->n_discards[seat])
        fputs("—", o);
    for (int k = 0; k < s->n_discards[seat]; k++) {
        const paifu_state_discard *d = &s->discards[seat][k];
        const char *cls = (d->flags & PAIFU_STATE_CALLED) ? "called"
                          : (d->flags & PAIFU_EVF_RIICHI) ? "riichi" : NULL;
        if (cls)
            fprintf(o, "<span class=\"%s\">", cls);
        tile_spans(o, &d->tile, 1);
        if (cls)
            fputs("</span>", o);
    }
}

static const char *const colors[] = {"#d1495b", "#00798c", "#edae49", "#30638e"};

static void chart(FILE *o, const rep_game *g)
{
    if (g->n_chart < 2)
        return;
    const int W = 720, H = 240, L = 56, R = 12, T = 12, B = 30;
    int32_t lo = g->chart[0][0], hi = lo;
    for (size_t c = 0; c < g->n_chart; c++)
        for (int s = 0; s < g->players; s++) {
            if (g->chart[c][s] < lo)
                lo = g->chart[c][s];
            if (g->chart[c][s] > hi)
                hi = g->chart[c][s];
        }
    /* at most five grid steps of the smallest round size (1, 2 or 5 times a power of ten)
       that cover the scores from a floor that is a multiple of the step */
    int32_t step = 1, floor_lo = lo;
    int64_t steps = 1;
    for (int32_t scale = 1, k = 0;; k = (k + 1) % 3) {
        step = scale * (k == 0 ? 1 : k == 1 ? 2 : 5);
        floor_lo = (lo >= 0 ? lo / step : -((-lo + step - 1) / step)) * step;
        steps = ((int64_t)hi - floor_lo + step - 1) / step;
        if (steps <= 5 || step > INT32_MAX / 50)
            break;
        if (k == 2)
            scale *= 10;
    }
    if (steps < 1)
        steps = 1;
    lo = floor_lo;
    hi = (int32_t)(lo + steps * step);
    double xs = (double)(W - L - R) / (double)(g->n_chart - 1), ys = (double)(H - T - B) / (hi - lo);
    fprintf(o, "<figure><svg class=\"chart\" data-game=\"%zu\" viewBox=\"0 0 %d %d\" role=\"img\" "
               "aria-label=\"Scores of game %zu over its deals\" xmlns=\"http://www.w3.org/2000/svg\">",
            g->number, W, H, g->number);
    fprintf(o, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#fbfcfd\" "
               "stroke=\"#d0d7de\"/>", L, T, W - L - R, H - T - B);
    for (int64_t k = 0; k <= steps; k++) { /* a grid line with its value at every step */
        int32_t v = lo + (int32_t)(k * step);
        double y = T + (hi - v) * ys;
        char b[32];
        rep_points(b, sizeof(b), v);
        fprintf(o, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#e5e8eb\"/>"
                   "<text x=\"%d\" y=\"%.1f\" font-size=\"11\" text-anchor=\"end\" "
                   "fill=\"#57606a\">%s</text>", L, W - R, y, y, L - 4, y + 4, b);
    }
    size_t every = g->n_chart > 12 ? (g->n_chart + 11) / 12 : 1;
    for (size_t c = 0; c < g->n_chart; c += every) {
        const char *label = "end";
        for (size_t r = 0; r < g->n_rows && c + 1 < g->n_chart; r++)
            if (g->rows[r].deal == c + 1) {
                label = g->rows[r].label;
                break;
            }
        fprintf(o, "<text x=\"%.1f\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\" "
                   "fill=\"#57606a\">%s</text>", L + c * xs, H - 10, label);
    }
    for (int s = 0; s < g->players; s++) {
        fprintf(o, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2.5\" points=\"",
                colors[s]);
        for (size_t c = 0; c < g->n_chart; c++)
            fprintf(o, "%s%.1f,%.1f", c ? " " : "", L + c * xs, T + (hi - g->chart[c][s]) * ys);
        fputs("\"><title>", o);
        esc(o, g->names[s][0] ? g->names[s] : "seat");
        fputs("</title></polyline>", o);
    }
    fputs("</svg><figcaption class=\"legend\">", o);
    for (int s = 0; s < g->players; s++) {
        char b[64];
        fprintf(o, "<span><i style=\"background:%s\"></i>", colors[s]);
        esc(o, rep_name(g, s, b, sizeof(b)));
        fputs("</span>", o);
    }
    fputs(" — scores at the start of every deal, then the final points</figcaption></figure>\n", o);
}

static void finding(FILE *o, const rep_game *g, const rep_finding *f, size_t k)
{
    char b[64];
    fprintf(o, "<article class=\"finding %s\" id=\"game-%zu-finding-%zu\"><h4>",
            paifu_severity_name(f->f.severity), g->number, k + 1);
    esc(o, f->f.message);
    fprintf(o, "</h4><dl><dt>Code</dt><dd><code>%s</code> (%s)</dd>", f->f.code,
            paifu_severity_name(f->f.severity));
    fprintf(o, "<dt>Where</dt><dd><a href=\"#game-%zu\">game %zu</a>", g->number, g->number);
    if (f->deal)
        fprintf(o, ", <a href=\"#game-%zu-deal-%zu\">deal %s</a>", g->number, f->deal,
                f->f.where.deal);
    if (f->f.where.event >= 0)
        fprintf(o, ", event %d", (int)f->f.where.event + 1); /* the viewer's numbering */
    fputs(" (", o);
    esc(o, g->file);
    if (f->f.where.line)
        fprintf(o, ":%u", f->f.where.line);
    fputs(")</dd>", o);
    if (f->n_seats) {
        fputs("<dt>Players</dt><dd class=\"players\">", o);
        for (int s = 0; s < f->n_seats; s++) {
            fputs(!s ? "" : s + 1 < f->n_seats ? ", " : " and ", o);
            esc(o, rep_name(g, f->seats[s], b, sizeof(b)));
            fprintf(o, " (seat %d)", f->seats[s]);
        }
        fputs("</dd>", o);
    }
    if (f->f.expected[0]) {
        fputs("<dt>Expected</dt><dd class=\"expected\">", o);
        esc(o, f->f.expected);
        fputs("</dd>", o);
    }
    if (f->f.recorded[0]) {
        fputs("<dt>Recorded</dt><dd class=\"recorded\">", o);
        esc(o, f->f.recorded);
        fputs("</dd>", o);
    }
    if (f->n_fu_parts) {
        char fu[512];
        rep_fu_text(fu, sizeof(fu), f);
        fputs("<dt>Fu as paifu counts them</dt><dd class=\"fu\">", o);
        esc(o, fu);
        fputs("</dd>", o);
    }
    if (f->rule[0]) {
        fputs("<dt>Rule</dt><dd>", o);
        esc(o, f->rule);
        fputs("</dd>", o);
    }
    fputs("</dl>", o);
    if (f->state) {
        const paifu_table_state *s = f->state;
        fprintf(o, "<div class=\"scroll\" tabindex=\"0\" role=\"region\" aria-labelledby=\"game-%zu-"
                   "finding-%zu-table\"><table class=\"state\"><caption id=\"game-%zu-finding-%zu-table\">"
                   "The table at the event: ", g->number, k + 1, g->number, k + 1);
        esc(o, f->event);
        fputs("; dora indicators ", o);
        tile_spans(o, s->dora, s->n_dora);
        fputs("</caption><thead><tr><th scope=\"col\">Player</th><th scope=\"col\">Hand</th>"
              "<th scope=\"col\">Melds</th><th scope=\"col\">Discards</th></tr></thead><tbody>", o);
        for (int p = 0; p < g->players; p++) {
            fputs("<tr><th scope=\"row\">", o);
            esc(o, rep_name(g, p, b, sizeof(b)));
            fputs("</th><td>", o);
            tile_spans(o, s->hand[p], s->n_hand[p]);
            fputs("</td><td>", o);
            meld_spans(o, s, p);
            fputs("</td><td>", o);
            discard_spans(o, s, p);
            fputs("</td></tr>", o);
        }
        fputs("</tbody></table></div>", o);
    }
    fputs("</article>\n", o);
}

/* A player's own section (as Pantheon's player pages): their games with seat, place, final
   points, score and the findings that name them. ID: "player-K". */
static void player(FILE *o, const rep_doc *doc, const char *name, size_t id,
                   const rep_seat_ref *seats, size_t n)
{
    char b[64];
    fprintf(o, "<section class=\"player\" id=\"player-%zu\"><h3>", id);
    esc(o, name);
    fputs("</h3><p class=\"meta\">", o);
    char standing[1024]; /* read from the standings tables themselves */
    size_t ranked = rep_player_standing_text(standing, sizeof(standing), doc, name);
    esc(o, standing);
    if (ranked != n) /* games outside the standings too */
        fprintf(o, ". %zu game%s in the report", n, n == 1 ? "" : "s");
    fputs(".</p>\n", o);
    fprintf(o, "<div class=\"scroll\" tabindex=\"0\" role=\"region\" aria-labelledby=\"player-%zu-"
               "games-caption\"><table id=\"player-%zu-games\"><caption id=\"player-%zu-games-caption\">"
               "Games of ", id, id, id);
    esc(o, name);
    fputs("</caption>\n<thead><tr><th scope=\"col\" class=\"n\">Game</th><th scope=\"col\">"
          "Players</th><th scope=\"col\" class=\"n\">Seat</th><th scope=\"col\" class=\"n\">"
          "Place</th><th scope=\"col\" class=\"n\">Final points</th><th scope=\"col\" "
          "class=\"n\">Score</th><th scope=\"col\">Findings</th></tr></thead>\n<tbody>\n", o);
    for (size_t i = 0; i < n; i++) {
        const rep_game *g = seats[i].g;
        int s = seats[i].seat;
        char heading[512];
        rep_game_heading(heading, sizeof(heading), g);
        fprintf(o, "<tr><td class=\"n\"><a href=\"#game-%zu\">%zu</a></td><td>", g->number,
                g->number);
        esc(o, heading);
        fprintf(o, "</td><td class=\"n\">%d</td>", s);
        if (g->has_points) {
            rep_place(b, sizeof(b), g->place12[s]);
            fprintf(o, "<td class=\"n\">%s</td>", b);
            rep_points(b, sizeof(b), g->points[s]);
            fprintf(o, "<td class=\"n\">%s</td>", b);
            rep_score(b, sizeof(b), g->final[s], g->mcr);
            fprintf(o, "<td class=\"n\">%s</td>", g->has_final ? b : "");
        } else {
            fputs("<td class=\"n\"></td><td class=\"n\"></td><td class=\"n\"></td>", o);
        }
        size_t first = 0, k = rep_seat_findings(g, s, &first);
        if (k)
            fprintf(o, "<td><a href=\"#game-%zu-finding-%zu\">%zu finding%s</a></td></tr>\n",
                    g->number, first + 1, k, k == 1 ? "" : "s");
        else
            fputs("<td>none</td></tr>\n", o);
    }
    fputs("</tbody></table></div></section>\n", o);
}

static void players(FILE *o, const rep_doc *doc)
{
    rep_seat_ref *seats;
    size_t n = rep_seats_by_player(&seats, doc), count;
    if (!n)
        return;
    fputs("<section id=\"players-section\"><h2>Players</h2><p class=\"meta\">Every player's "
          "games with their place, score and the findings that name them; the standings link "
          "here.</p>\n", o);
    const char **names;
    const rep_standing **rows; /* the ranked players of every standings table, each once */
    size_t ranked_n = rep_ranked_players(&names, &rows, doc);
    for (size_t i = 0; i < ranked_n; i++) {
        const rep_seat_ref *first = rep_seats_find(seats, n, names[i], &count);
        player(o, doc, names[i], i + 1, first, count);
    }
    size_t id = ranked_n;
    for (size_t i = 0; i < n; i += count) { /* players of games outside the standings */
        const rep_seat_ref *first = rep_seats_find(seats, n, seats[i].name, &count);
        bool ranked = false;
        for (size_t k = 0; k < ranked_n && !ranked; k++)
            ranked = strcmp(names[k], seats[i].name) == 0;
        if (!ranked)
            player(o, doc, seats[i].name, ++id, first, count);
    }
    fputs("</section>\n", o);
    rep_seats_free(seats, n);
    free(names);
    free(rows);
}

void rep_write_html(FILE *o, const rep_doc *doc, rep_table only)
{
    char b[1024];
    fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
          "<meta name=\"generator\" content=\"paifu report\"><title>", o);
    esc(o, rep_title(doc));
    fputs("</title><style>", o);
    fputs(style, o);
    if (only == REP_ALL && !doc->no_viewer)
        rep_viewer_style(o, doc); /* the deal viewer (report_viewer.c) */
    fputs("</style></head><body>\n<header><h1>", o);
    esc(o, rep_title(doc));
    fputs("</h1><p class=\"meta\">", o);
    rep_summary(b, sizeof(b), doc);
    fprintf(o, "Audit by paifu: %s.</p>", b);
    for (size_t i = 0; i < doc->n_errors; i++) {
        fputs("<p class=\"finding\">Error: ", o); /* not read, or a game refused */
        esc(o, doc->errors[i]);
        fputs("</p>", o);
    }
    if (doc->skips && doc->skips->n) { /* every file left out is named */
        fprintf(o, "<details class=\"skipped\"><summary>%zu file%s skipped</summary><ul>",
                doc->skips->n, doc->skips->n == 1 ? "" : "s");
        for (size_t i = 0; i < doc->skips->n; i++) {
            fputs("<li>", o);
            esc(o, doc->skips->v[i].path);
            fprintf(o, " (%s)</li>", doc->skips->v[i].reason);
        }
        fputs("</ul></details>", o);
    }
    fputs("</header>\n<main>\n", o);
    if (only == REP_ALL) {
        fputs("<nav aria-label=\"Contents\"><ul><li><a href=\"#standings\">Standings</a></li>"
              "<li><a href=\"#findings\">Findings</a></li>", o);
        for (size_t i = 0; i < doc->n_games; i++) {
            const rep_game *g = &doc->games[i];
            fprintf(o, "<li><a href=\"#game-%zu\">Game %zu</a>: ", g->number, g->number);
            rep_game_heading(b, sizeof(b), g);
            esc(o, b);
            if (g->n_findings)
                fprintf(o, " (%llu finding%s)", (unsigned long long)g->findings_total,
                        g->findings_total == 1 ? "" : "s");
            fputs("</li>", o);
        }
        fputs("<li><a href=\"#players-section\">Players</a>: each one's games</li></ul></nav>\n", o);
    }
    if ((only == REP_ALL || only == REP_STANDINGS) && (doc->n_tables || doc->n_unranked)) {
        fputs("<section id=\"standings-section\"><h2>Standings</h2>\n", o);
        for (size_t k = 0; k < doc->n_tables; k++) { /* one table per rule set and players */
            rep_doc one = rep_standings_select(doc, k);
            table(o, &one, REP_STANDINGS, NULL);
            fputs("<p class=\"meta note\">", o);
            rep_standings_note(b, sizeof(b), &doc->tables[k]);
            esc(o, b);
            fputs(". A name links to the player's games.</p>\n", o);
        }
        if (doc->n_unranked)
            fputs("<p class=\"meta\">Not in the standings:</p><ul class=\"unranked\">\n", o);
        for (size_t k = 0; k < doc->n_unranked; k++) {
            size_t n = doc->unranked[k].game;
            fprintf(o, "<li data-game=\"%zu\"><a href=\"#game-%zu\">Game %zu</a>: ", n, n, n);
            esc(o, doc->unranked[k].reason);
            fputs("</li>\n", o);
        }
        if (doc->n_unranked)
            fputs("</ul>\n", o);
        fputs("</section>\n", o);
    }
    if (only == REP_ALL && doc->stats && doc->n_games) {
        fputs("<section id=\"stats-section\"><h2>Player statistics</h2><p class=\"meta\">"
              "Over every game of the report, as <code>paifu stats</code> computes them, a "
              "player's 4-player, 3-player and MCR games apart: average place over the games "
              "with final points (a shared place counts in no place's rate); win, deal-in and "
              "riichi rates per deal sat in; call rate per deal with tile events (a chi, pon or "
              "open kan); tsumo rate per win; average hand values won and dealt in, without "
              "honba and sticks; tenpai rate at exhaustive draws whose tenpai is recorded.</p>\n",
              o);
        table(o, doc, REP_STATS, NULL);
        fputs("</section>\n", o);
    }
    if (only == REP_ALL || only == REP_FINDINGS) {
        fputs("<section id=\"findings-section\"><h2>Findings</h2>\n", o);
        if (doc->findings) {
            rep_grid t;
            rep_grid_build(&t, doc, REP_FINDINGS, NULL);
            grid(o, &t, NULL, "Every finding (the game and deal link to the deal table)");
            rep_grid_free(&t);
        } else {
            fputs("<p id=\"findings\">No findings: every game agrees with its rules.</p>\n", o);
        }
        fputs("</section>\n", o);
    }
    if (only == REP_GAMES || only == REP_DEALS) {
        table(o, doc, only, NULL);
    }
    for (size_t i = 0; only == REP_ALL && i < doc->n_games; i++) {
        const rep_game *g = &doc->games[i];
        fprintf(o, "<section class=\"game\" id=\"game-%zu\" aria-labelledby=\"game-%zu-title\">"
                   "<h2 id=\"game-%zu-title\">Game %zu: ", g->number, g->number, g->number,
                g->number);
        rep_game_heading(b, sizeof(b), g);
        esc(o, b);
        fputs("</h2><p class=\"meta\">File <span class=\"file\">", o);
        esc(o, g->file);
        fprintf(o, "</span>, game %zu of the file, format %s. Rules: ", g->in_file, g->format);
        cli_rules_summary(b, sizeof(b), &g->rules);
        esc(o, b);
        fputs(".</p>\n", o);
        table(o, doc, REP_GAMES, g);
        chart(o, g);
        table(o, doc, REP_DEALS, g);
        fprintf(o, "<h3>Findings of game %zu</h3>\n", g->number);
        if (!g->n_findings)
            fputs("<p>No findings.</p>\n", o);
        for (size_t k = 0; k < g->n_findings; k++)
            finding(o, g, &g->findings[k], k);
        fputs("</section>\n", o);
    }
    if (only == REP_ALL)
        players(o, doc);
    fputs("</main>\n<footer class=\"meta\"><p>Made by paifu report. Scores of riichi games are "
          "shown as ±x.y (thousands of points), MCR games in points.</p></footer>\n", o);
    if (only == REP_ALL && !doc->no_viewer)
        rep_viewer_write(o, doc); /* the deal viewer (report_viewer.c) */
    fputs("</body></html>\n", o);
}
