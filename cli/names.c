/*
 * names.c: what validate and report say about a game beyond its findings: the rule set it is
 * checked under (and whether paifu assumed it), the players a finding concerns, the public
 * document a rule reference cites, and the display width of a name in a terminal.
 */
#include "cli.h"

#include <string.h>

/* What the outputs say about a game's rules; who named them is the library's decision
   (paifu_game_rules_resolve). */
void cli_rules_describe(cli_rules_info *out, const cli_rules_opts *o, const paifu_game *game,
                        const paifu_rules *rules, paifu_rules_origin origin)
{
    memset(out, 0, sizeof(*out));
    snprintf(out->preset, sizeof(out->preset), "%s", rules ? paifu_rules_name(rules) : "");
    if (o->file)
        snprintf(out->file, sizeof(out->file), "%s", o->file);
    out->origin = paifu_rules_origin_name(origin);
    out->assumed = origin == PAIFU_RULES_ASSUMED;
    (void)game; /* its settings are in RULES already (paifu_game_rules_resolve) */
    /* what the rule set is, as the library resolved it: its values that differ from its
       preset's (the log's facts and settings kept, --rule, a rules file), never a list of what
       was asked for */
    if (!rules || paifu_rules_changes(out->overrides, sizeof(out->overrides), rules) < 0)
        out->overrides[0] = '\0';
    out->document = "";
    for (size_t i = 0; i < paifu_rules_preset_count(); i++)
        if (strcmp(paifu_rules_preset_name(i), out->preset) == 0)
            out->document = paifu_rules_preset_doc(i);
    /* the citation name is the document text up to its first ": " */
    const char *colon = strstr(out->document, ": ");
    size_t n = colon ? (size_t)(colon - out->document) : strlen(out->document);
    if (n >= sizeof(out->citation))
        n = sizeof(out->citation) - 1;
    memcpy(out->citation, out->document, n);
    out->citation[n] = '\0';
}

void cli_rules_summary(char *buf, size_t size, const cli_rules_info *ri)
{
    snprintf(buf, size, "%s%s%s%s%s (%s)%s", ri->preset, ri->overrides[0] ? " with " : "",
             ri->overrides, ri->file[0] ? " from " : "", ri->file,
             ri->citation[0] ? ri->citation : "no document",
             ri->assumed                       ? ", assumed: the log names no rule set"
             : strcmp(ri->origin, "log") == 0   ? ", named by the log"
             : strcmp(ri->origin, "mixed") == 0 ? ", named by some of the logs, assumed for the "
                                                  "others (they name no rule set)"
                                                : ", chosen by the options");
}

/* ---- citations ---- */

/* Internal notations of the rule references and the public documents they stand for. */
static const struct {
    const char *from, *to;
} docs[] = {
    {"RRC-2024", "RRC 2024"},
    {"000 ", "RRC 2024 "},
    {"002 ", "RRC 2024 basic rules "},
    {"003 ", "JHC 2016 "},
    {"004 ", "EMA 2012 "},
    {"JH 003 ", "JHC 2016 "},
    {"EMA 004 ", "EMA 2012 "},
};

/* Topics of the MCR reference's sections, by section number. */
static const char *const mcr_topics[] = {
    NULL, "tiles", "game structure", "winning hands", "counting fans", "minimum and flowers",
    "fans", "fans", "payments", "penalties", "totals and ranking"};

static void append(char *buf, size_t size, size_t *len, const char *s, size_t n)
{
    if (*len + 1 >= size)
        return;
    if (n > size - 1 - *len)
        n = size - 1 - *len;
    memcpy(buf + *len, s, n);
    *len += n;
    buf[*len] = '\0';
}

/* One "; "-separated part of a reference. */
static void cite_part(char *buf, size_t size, size_t *len, const char *p, size_t n,
                      const char *fallback)
{
    for (size_t i = 0; i < sizeof(docs) / sizeof(docs[0]); i++) {
        size_t k = strlen(docs[i].from);
        if (n >= k && strncmp(p, docs[i].from, k) == 0) {
            append(buf, size, len, docs[i].to, strlen(docs[i].to));
            p += k, n -= k;
            break;
        }
    }
    if (n >= 6 && strncmp(p, "mcr.md", 6) == 0) {
        append(buf, size, len, "MCR 2006 (Green Book)", 21);
        p += 6, n -= 6;
        unsigned sec = 0;
        if (n > 2 && strncmp(p, " §", 3) == 0)
            for (size_t i = 3; i < n && p[i] >= '0' && p[i] <= '9'; i++)
                sec = sec * 10 + (unsigned)(p[i] - '0');
        const char *fan = memchr(p, '#', n);
        char extra[48] = "";
        if (fan)
            snprintf(extra, sizeof(extra), " fan %.*s", (int)strspn(fan + 1, "0123456789"),
                     fan + 1);
        else if (sec && sec < sizeof(mcr_topics) / sizeof(mcr_topics[0]))
            snprintf(extra, sizeof(extra), ", %s", mcr_topics[sec]);
        append(buf, size, len, extra, strlen(extra));
        const char *colon = memchr(p, ':', n);
        if (colon)
            append(buf, size, len, colon, n - (size_t)(colon - p));
        return;
    }
    /* paifu's own notes on the rule sets and the formats: the game's document stands instead */
    const char *md = NULL;
    for (size_t i = 0; i + 3 <= n && !md; i++)
        if (strncmp(p + i, ".md", 3) == 0)
            md = p + i;
    if (md || (n >= 4 && strncmp(p, "seed", 4) == 0)) {
        if (*len && buf[*len - 1] != ' ' && fallback[0])
            append(buf, size, len, " ", 1);
        append(buf, size, len, fallback, strlen(fallback));
        const char *colon = memchr(p, ':', n);
        if (colon)
            append(buf, size, len, colon, n - (size_t)(colon - p));
        return;
    }
    /* "t3" is RRC 2024 §12.1 Table 3 */
    for (size_t i = 0; i < n; i++) {
        if (p[i] == 't' && i + 1 < n && p[i + 1] == '3' && (i == 0 || p[i - 1] == ' ') &&
            (i + 2 == n || p[i + 2] == ' ' || p[i + 2] == ',' || p[i + 2] == '-' ||
             p[i + 2] == ':')) {
            append(buf, size, len, "RRC 2024 Table 3", 16);
            i++;
            if (i + 1 < n && p[i + 1] == '-')
                append(buf, size, len, " ", 1), i++;
            continue;
        }
        append(buf, size, len, p + i, 1);
    }
}

const char *cli_citation(char *buf, size_t size, const char *ref, const char *fallback)
{
    size_t len = 0;
    buf[0] = '\0';
    if (!ref)
        return buf;
    while (*ref) {
        const char *end = strstr(ref, "; ");
        size_t n = end ? (size_t)(end - ref) : strlen(ref);
        if (len)
            append(buf, size, &len, "; ", 2);
        size_t before = len;
        cite_part(buf, size, &len, ref, n, fallback ? fallback : "");
        /* a part that named only an internal file with no public counterpart */
        if (len == before && len >= 2)
            len -= 2, buf[len] = '\0';
        ref += n;
        if (end)
            ref += 2;
    }
    /* the same document twice in a row ("RRC 2024 §3.13; RRC 2024") says nothing new */
    return buf;
}

/* ---- the seats a finding concerns ---- */

size_t cli_finding_deal(const paifu_game *game, const paifu_finding *f)
{
    if (!f->where.deal[0])
        return 0;
    size_t first = 0;
    for (size_t d = 0; d < paifu_game_deal_count(game); d++) {
        const paifu_deal *deal = paifu_game_deal(game, d);
        char label[16];
        paifu_deal_label(label, sizeof(label), &deal->start);
        if (strcmp(label, f->where.deal) != 0)
            continue;
        if (!first)
            first = d + 1;
        /* a label repeated (a redeal after chombo): the source line tells them apart */
        if (!f->where.line)
            break;
        if (f->where.event >= 0 && (size_t)f->where.event < deal->n_events) {
            if (deal->events[f->where.event].line == f->where.line)
                return d + 1;
        } else if (deal->line == f->where.line) {
            return d + 1;
        }
    }
    if (first || !f->where.line)
        return first;
    /* a score sheet records no round: its deals' labels are the walk's, so the source line
       of the finding's event tells its deal */
    for (size_t d = 0; d < paifu_game_deal_count(game); d++) {
        const paifu_deal *deal = paifu_game_deal(game, d);
        if ((deal->flags & PAIFU_DEAL_ROUND_UNKNOWN) && f->where.event >= 0 &&
            (size_t)f->where.event < deal->n_events &&
            deal->events[f->where.event].line == f->where.line)
            return d + 1;
    }
    return 0;
}

int cli_finding_seats(int seats[PAIFU_SEATS], const paifu_game *game, unsigned concerns)
{
    int n = 0, players = paifu_game_players(game);
    for (int s = 0; s < players && s < PAIFU_SEATS; s++)
        if ((concerns >> s) & 1)
            seats[n++] = s;
    return n;
}

const char *cli_player_name(const paifu_game *game, int seat)
{
    const paifu_player *p = paifu_game_player(game, seat);
    return p && p->name[0] ? p->name : "";
}

void cli_seat_label(char *buf, size_t size, const paifu_game *game, int seat)
{
    const char *name = cli_player_name(game, seat);
    if (name[0])
        snprintf(buf, size, "%s (seat %d)", name, seat);
    else
        snprintf(buf, size, "seat %d", seat);
}

/* ---- display width ---- */

/* Code points a terminal shows two columns wide (East Asian Wide and Fullwidth; UAX #11), the
   ranges names and tile glyphs use. */
static const struct {
    unsigned lo, hi;
} wide[] = {
    {0x1100, 0x115F},   {0x231A, 0x231B},   {0x2E80, 0x303E},   {0x3041, 0x33FF},
    {0x3400, 0x4DBF},   {0x4E00, 0x9FFF},   {0xA000, 0xA4CF},   {0xA960, 0xA97F},
    {0xAC00, 0xD7A3},   {0xF900, 0xFAFF},   {0xFE10, 0xFE19},   {0xFE30, 0xFE6F},
    {0xFF00, 0xFF60},   {0xFFE0, 0xFFE6},   {0x1F004, 0x1F004}, {0x1F0CF, 0x1F0CF},
    {0x1F300, 0x1F64F}, {0x1F900, 0x1F9FF}, {0x20000, 0x2FFFD}, {0x30000, 0x3FFFD},
};

static int cp_width(unsigned cp)
{
    if (cp == 0)
        return 0;
    if ((cp >= 0x0300 && cp <= 0x036F) || cp == 0x200B || cp == 0x200D ||
        (cp >= 0xFE00 && cp <= 0xFE0F))
        return 0; /* combining marks, zero-width space and joiner, variation selectors */
    for (size_t i = 0; i < sizeof(wide) / sizeof(wide[0]); i++)
        if (cp >= wide[i].lo && cp <= wide[i].hi)
            return 2;
    return 1;
}

size_t cli_display_width(const char *s)
{
    size_t w = 0;
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        unsigned cp = *p;
        if (cp < 0x20 || cp == 0x7f || cp == '\\') { /* as cli_text shows it: \n, \xNN */
            w += cp == '\n' || cp == '\r' || cp == '\t' || cp == '\\' ? 2 : 4;
            p++;
            continue;
        }
        int extra = cp >= 0xF0 ? 3 : cp >= 0xE0 ? 2 : cp >= 0xC0 ? 1 : 0;
        if (extra)
            cp &= 0x3Fu >> extra;
        p++;
        for (int i = 0; i < extra && (*p & 0xC0) == 0x80; i++, p++)
            cp = (cp << 6) | (*p & 0x3Fu);
        w += (size_t)cp_width(cp);
    }
    return w;
}

void cli_pad(FILE *f, const char *s, int width, bool right)
{
    int w = (int)cli_display_width(s);
    if (right)
        fprintf(f, "%*s", w < width ? width - w : 0, "");
    cli_text(f, s); /* a cell of a text table is a text line's part: escaped */
    if (!right)
        fprintf(f, "%*s", w < width ? width - w : 0, "");
}

void cli_rules_json(FILE *o, const cli_rules_info *ri)
{
    fprintf(o, "{\"preset\": ");
    cli_json_string(o, ri->preset);
    fprintf(o, ", \"overrides\": [");
    const char *p = ri->overrides;
    for (bool first = true; *p; first = false) {
        const char *end = strstr(p, ", ");
        size_t n = end ? (size_t)(end - p) : strlen(p);
        char one[256];
        snprintf(one, sizeof(one), "%.*s", (int)n, p);
        fprintf(o, "%s", first ? "" : ", ");
        cli_json_string(o, one);
        p += n;
        if (end)
            p += 2;
    }
    fprintf(o, "]");
    if (ri->file[0]) {
        fprintf(o, ", \"rules_file\": ");
        cli_json_string(o, ri->file);
    }
    /* no game read (every input unreadable): the rules were never described */
    fprintf(o, ", \"document\": ");
    cli_json_string(o, ri->document ? ri->document : "");
    fprintf(o, ", \"citation\": ");
    cli_json_string(o, ri->citation);
    fprintf(o, ", \"origin\": \"%s\", \"assumed\": %s}", ri->origin ? ri->origin : "",
            ri->assumed ? "true" : "false");
}
