/*
 * mjlog_write.c: writer of Tenhou mjlog XML (shared/formats/tenhou-xml.md, "spec" below), the
 * game; mjlog_write_deal.c writes a deal.
 *
 * The output is what Tenhou writes (spec §1, §4): one line, no XML declaration, Tenhou's
 * attribute order and spacing, numbers as Tenhou prints them. One game per document; several
 * games go one document per file (`convert -o DIR`).
 *
 * Choices:
 *   - A log read from Tenhou XML is given back byte for byte: each piece of metadata the reader
 *     kept (mjlog_header.c, mjlog_deal.c) goes back where Tenhou writes it; everything else
 *     comes from the model (tile ids, meld codes re-encoded by mjlog_meld.c, recorded values).
 *   - Tile ids a source does not record are given per deal: every tile coming into view
 *     (starting hands in seat order, the dora indicator, then draws, kan dora and ura
 *     indicators in order) takes the lowest copy of its kind not yet given out; a red five is
 *     copy 0 (ids 16, 52, 88), a plain five then copies 1-3. A discard or call takes the tile
 *     from the hand: the tile just drawn for a tsumogiri (as recorded, else whenever it is the
 *     same tile, Tenhou's own rule), else the lowest id of that tile. Recorded ids are kept when
 *     every tile of the deal has one that fits.
 *   - Header: SHUFFLE only with the source's seed; GO type from the rule set (and, from a
 *     tenhou.net/6 header, the table level and 速 of its lobby text); lobby from that header,
 *     else 0; dan, rate and sx from it, else 0 (新人), 1500.00 and C, what Tenhou writes for a
 *     seat it knows nothing of; rate as an integer when the header has no lobby (before
 *     2010-10). Dice a source does not record are written 0,0.
 *   - REACH step 2 carries `ten` (Tenhou since 2010), right after the declaring discard; a log
 *     read from Tenhou XML keeps what it recorded.
 *   - AGARI: fu, points and limit as recorded, else from han and fu (paifu_points_base); what is
 *     known neither way is written 0, which the reader takes for "not recorded", as it takes a
 *     win without yaku and yakuman. Kita count in dora (52) as in Tenhou's sanma logs; a riichi
 *     winner without ura dora gets "53,0"; a double yakuman is its id twice. Hand, winning tile
 *     and melds come from the tiles when the source does not show them (§4.12); ba, sc and the
 *     score changes from the recorded values around them (lossy.c).
 *   - RYUUKYOKU shows the hands Tenhou shows (§4.13), from the tiles when the source does not;
 *     tenpai a source does not record is read from the hands (paifu_hand_waits).
 *   - owari: the recorded final points and results, else the final scores from the final points
 *     under the rule set (paifu_settle_final), or the final points from the last deal. A log
 *     recording neither has no owari (a truncated log, reported lost). Results are written with
 *     a decimal ("43.0") except under 2009's East-only uma (integer results).
 *   - Reported lost (lossy.c): penalties, the han of a win recorded without its yaku, hands at a
 *     draw that Tenhou does not show, the wall without its seed, tile ids recorded for part of
 *     a deal, a game without final points, and metadata with no place in the XML (other
 *     formats' header keys). The log id (tenhou.ref, or tenhou.net/6's tenhou6.ref), and with
 *     it the date that chooses Tenhou's era rules, is no part of the document: Tenhou names the
 *     file by it, and so must the caller (paifu convert -o DIR names a game's file after its
 *     log id, and reports the id lost where it cannot: standard output, an id that is no file
 *     name). The writer, which sees no file name, counts it as carried.
 *   - A rule set the GO type cannot name (any preset but tenhou, overrides beyond the type
 *     bits, the date and the owari era, unknown rules) travels as the GO attribute
 *     paifu_rules: paifu_json__put_rules's JSON, %XX-encoded as Tenhou encodes names, last
 *     among GO's attributes (Tenhou's readers ignore it; paifu's reader takes it).
 *   - Refused (PAIFU_EUNSUPPORTED) before any loss is reported: MCR games, games without deals,
 *     deals without tiles, 13-tile starting hands, round, dealer or dora indicator, hidden tiles,
 *     flowers, a deal beyond North 4, scores not in whole hundreds, calls Tenhou's meld codes
 *     cannot express, more copies of a tile than Tenhou has, and score changes the log neither
 *     records nor implies.
 */
#include "mjlog_write.h"
#include "paifu_json.h"
#include "tenhou6.h"

#include <jansson.h>
#include <paifu/settle.h>
#include <paifu/verify.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MJLOG_WRITER_MAX_KEPT 8192 /* kept attributes indexed per game */

/* ---- shared helpers ---- */

int paifu_mjlog__writer_refuse(mjlog_writer *w, const char *what)
{
    return paifu_formats__refuse(w->head.err, "tenhou-xml", w->deal, "%s", what);
}

void paifu_mjlog__writer_loss(mjlog_writer *w, lossy_kind kind, const char *what)
{
    if (w->pending & (1u << kind))
        return;
    w->pending |= 1u << kind;
    snprintf(w->pending_what[kind], sizeof(w->pending_what[kind]), "%s", what ? what : "");
}

const char *paifu_mjlog__writer_kept(const mjlog_writer *w, const char *tag, uint32_t index,
                                     const char *attr)
{
    for (size_t i = 0; i < w->n_kept; i++) {
        const mjlog_kept *k = &w->kept[i];
        if (k->index == index && !strcmp(k->tag, tag) && !strcmp(k->attr, attr))
            return k->value;
    }
    return NULL;
}

static bool named(const char *const *names, const char *name)
{
    for (; names && *names; names++)
        if (!strcmp(*names, name))
            return true;
    return false;
}

void paifu_mjlog__writer_kept_rest(mjlog_writer *w, const char *tag, uint32_t index,
                                   const char *const *handled)
{
    for (size_t i = 0; i < w->n_kept; i++) {
        const mjlog_kept *k = &w->kept[i];
        if (k->index == index && !strcmp(k->tag, tag) && !named(handled, k->attr))
            paifu_mjlog__writer_attr(w, k->attr, k->value);
    }
}

/* libxml2 gives attribute values with entities resolved: escape what it would not read back
 * (Tenhou's own values are ASCII without any of these). */
void paifu_mjlog__writer_attr(mjlog_writer *w, const char *name, const char *value)
{
    paifu_buf_printf(w->b, " %s=\"", name);
    for (const char *p = value; *p; p++) {
        switch (*p) {
        case '&':
            paifu_buf_puts(w->b, "&amp;");
            break;
        case '<':
            paifu_buf_puts(w->b, "&lt;");
            break;
        case '"':
            paifu_buf_puts(w->b, "&quot;");
            break;
        case '\t':
            paifu_buf_puts(w->b, "&#9;");
            break;
        case '\n':
            paifu_buf_puts(w->b, "&#10;");
            break;
        case '\r':
            paifu_buf_puts(w->b, "&#13;");
            break;
        default:
            paifu_buf_putc(w->b, *p);
        }
    }
    paifu_buf_putc(w->b, '"');
}

void paifu_mjlog__writer_name(paifu_buf *b, const char *name)
{
    static const char HEX[] = "0123456789ABCDEF";
    for (const unsigned char *p = (const unsigned char *)name; *p; p++) {
        char e[3] = {'%', HEX[*p >> 4], HEX[*p & 15]};
        paifu_buf_put(b, e, 3);
    }
}

static const char *meta(const mjlog_writer *w, const char *key)
{
    return paifu_game_meta_get(w->head.game, key);
}

/* Index the reader's tenhou.<TAG>[i]@<attr> metadata. */
static int index_kept(mjlog_writer *w)
{
    size_t n = paifu_game_meta_count(w->head.game), cap = 0;
    for (size_t i = 0; i < n; i++) {
        const paifu_meta *m = paifu_game_meta(w->head.game, i);
        const char *key = m->key, *open, *at;
        if (strncmp(key, "tenhou.", 7) != 0 || !(open = strchr(key + 7, '[')) ||
            !(at = strstr(open, "]@")) || (size_t)(open - key - 7) >= sizeof(w->kept[0].tag))
            continue;
        if (w->n_kept == cap) {
            if (cap >= MJLOG_WRITER_MAX_KEPT)
                return paifu_error_set(w->head.err, PAIFU_ELIMIT, NULL,
                                       "more than %d kept mjlog attributes in one game",
                                       MJLOG_WRITER_MAX_KEPT);
            cap = cap ? 2 * cap : 32;
            mjlog_kept *p = realloc(w->kept, cap * sizeof(*p));
            if (!p)
                return paifu_error_set(w->head.err, PAIFU_ENOMEM, NULL, "out of memory");
            w->kept = p;
        }
        mjlog_kept *k = &w->kept[w->n_kept++];
        snprintf(k->tag, sizeof(k->tag), "%.*s", (int)(open - key - 7), key + 7);
        k->index = (uint32_t)strtoul(open + 1, NULL, 10);
        k->attr = at + 2;
        k->value = m->value;
    }
    return 0;
}

/* ---- the rule set (spec §4.3) ---- */

/* The tenhou.net/6 lobby text of the source's header ("特南喰赤速"), or NULL. */
static const char *tenhou6_disp(const mjlog_writer *w, char *buf, size_t size)
{
    const char *rule = meta(w, "tenhou6.rule");
    json_t *v = rule ? json_loads(rule, 0, NULL) : NULL;
    const char *d = json_string_value(json_object_get(v, "disp"));
    if (d)
        snprintf(buf, size, "%s", d);
    json_decref(v);
    return d ? buf : NULL;
}

/* GO type of a game not read from Tenhou XML: see the file header. */
static unsigned derived_type(const mjlog_writer *w)
{
    char disp[96];
    unsigned type = 0x01;
    if (paifu_lossy__rule_int(w->head.rules, "red_fives") == 0)
        type |= 0x02;
    if (!paifu_lossy__rule_is(w->head.rules, "kuitan", "true"))
        type |= 0x04;
    if (!paifu_lossy__rule_is(w->head.rules, "game_length", "east"))
        type |= 0x08;
    if (w->head.players == 3)
        type |= 0x10;
    unsigned shown;
    if (tenhou6_disp(w, disp, sizeof(disp)) && paifu_tenhou6__lobby_type(disp, &shown))
        type |= shown & ~0x1Fu; /* the table level, 速, 暗, a chip game, 東天紅 */
    return type;
}

/* Results in the owari text: some with a non-zero decimal (EXACT), all without a point (INTS). */
static void owari_era(const char *text, bool *exact, bool *ints)
{
    *exact = false;
    *ints = *text != '\0';
    size_t item = 0;
    for (const char *p = text; *p; item++) {
        size_t n = strcspn(p, ",");
        if (item % 2 == 1 && item < 8) {
            const char *dot = memchr(p, '.', n);
            *ints = *ints && !dot;
            for (const char *q = dot ? dot + 1 : p + n; q < p + n; q++)
                *exact = *exact || (*q >= '1' && *q <= '9');
        }
        p += n;
        if (*p == ',')
            p++;
    }
}

/*
 * Does the XML name the game's rule set? The reader derives it from the GO type, the lobby
 * and the era the owari text shows (mjlog_header.c); compare that with the game's own, every
 * parameter. A rule set it cannot name is reported lost.
 */
static void check_rules(mjlog_writer *w, const char *lobby)
{
    bool unknown = meta(w, PAIFU_META_RULES_UNKNOWN) != NULL;
    bool written_unknown = (w->go_type & ~0xFFu) || meta(w, "tenhou.go.csrule");
    bool final_unknown = meta(w, PAIFU_META_FINAL_UNKNOWN) != NULL;
    bool written_final = lobby && *lobby && strcmp(lobby, "0") != 0;
    bool same = unknown == written_unknown && (unknown || final_unknown == written_final);
    paifu_rules *r = NULL;
    if (same && !unknown && paifu_rules_preset(&r, "tenhou", NULL) == 0 &&
        paifu_mjlog__type_rules(w->go_type, paifu_lossy__set_rule, r) == 0) {
        bool exact, ints;
        unsigned era = 0;
        for (size_t i = 0; i < w->n_kept && !era; i++)
            if (!strcmp(w->kept[i].tag, "INIT") && !strcmp(w->kept[i].attr, "shuffle"))
                era = MJLOG_ERA_GEN_A;
        owari_era(w->owari ? w->owari_text : "", &exact, &ints);
        if (w->owari)
            era |=
                MJLOG_ERA_OWARI | (exact ? MJLOG_ERA_EXACT : 0) | (ints ? MJLOG_ERA_INTEGERS : 0);
        /* the date is the file name's (Tenhou names a log by its id; paifu convert -o keeps
           the input's name) */
        paifu_mjlog__era_rules(w->go_type, w->head.players, era,
                               paifu_tenhou__meta_date(meta(w, PAIFU_META_DATE)),
                               paifu_lossy__set_rule, r);
        same = paifu_lossy__same_rules(w->head.rules, r);
    }
    paifu_rules_free(r);
    /* the rule set travels as GO paifu_rules, which Tenhou's readers ignore; a log read from
       such an XML keeps it among GO's attributes */
    w->carry_rules = !same && !meta(w, "tenhou.go.paifu_rules");
}

/* ---- header tags ---- */

/* Write every metadata entry tenhou.<PREFIX>.<attr> as an attribute, in the order kept. */
static bool put_kept_header(mjlog_writer *w, const char *prefix)
{
    char head[32];
    size_t n = (size_t)snprintf(head, sizeof(head), "tenhou.%s.", prefix);
    bool any = false;
    for (size_t i = 0; i < paifu_game_meta_count(w->head.game); i++) {
        const paifu_meta *m = paifu_game_meta(w->head.game, i);
        if (strncmp(m->key, head, n) != 0 || strchr(m->key + n, '.'))
            continue;
        if (!strcmp(prefix, "un") && m->key[n] == 'n' && m->key[n + 1] >= '0' &&
            m->key[n + 1] <= '3' && !m->key[n + 2])
            continue; /* a name's spelling: with the names */
        paifu_mjlog__writer_attr(w, m->key + n, m->value);
        any = true;
    }
    return any;
}

/* A tenhou.net/6 header list (JSON array) as Tenhou's comma-separated attribute value. */
static void roster_list(const mjlog_writer *w, char *out, size_t size, const char *key, char as)
{
    static const char *const DAN[] = {"新人", "９級", "８級", "７級", "６級", "５級", "４級",
                                      "３級", "２級", "１級", "初段", "二段", "三段", "四段",
                                      "五段", "六段", "七段", "八段", "九段", "十段", "天鳳"};
    static const char *const DEFAULT[] = {"0", "1500.00", "C"};
    const char *text = meta(w, key);
    json_t *v = text ? json_loads(text, JSON_DECODE_ANY, NULL) : NULL;
    bool old = meta(w, "tenhou6.rule") && !meta(w, "tenhou6.lobby");
    size_t len = 0;
    out[0] = '\0';
    for (int s = 0; s < PAIFU_SEATS && len < size; s++) {
        const json_t *x = json_array_get(v, (size_t)s);
        char item[32];
        snprintf(item, sizeof(item), "%s", DEFAULT[as == 'd' ? 0 : as == 'r' ? 1 : 2]);
        if (s < w->head.players && as == 'd' && json_is_string(x)) {
            for (size_t d = 0; d < sizeof(DAN) / sizeof(DAN[0]); d++)
                if (!strcmp(json_string_value(x), DAN[d]))
                    snprintf(item, sizeof(item), "%zu", d);
        } else if (s < w->head.players && as == 'r' && json_is_number(x)) {
            snprintf(item, sizeof(item), old ? "%.0f" : "%.2f", json_number_value(x));
        } else if (s < w->head.players && as == 's' && json_is_string(x)) {
            snprintf(item, sizeof(item), "%.4s", json_string_value(x));
        }
        len += (size_t)snprintf(out + len, size - len, "%s%s", s ? "," : "", item);
    }
    json_decref(v);
}

static void put_roster(mjlog_writer *w)
{
    paifu_buf_puts(w->b, "<UN");
    for (int s = 0; s < PAIFU_SEATS; s++) {
        char key[16], attr[4];
        snprintf(key, sizeof(key), "tenhou.un.n%d", s);
        snprintf(attr, sizeof(attr), "n%d", s);
        const char *raw = meta(w, key);
        if (raw) {
            paifu_mjlog__writer_attr(w, attr, raw);
            continue;
        }
        const paifu_player *p = paifu_game_player(w->head.game, s);
        paifu_buf_printf(w->b, " %s=\"", attr);
        paifu_mjlog__writer_name(w->b, !p || s >= w->head.players ? ""
                                       : p->name[0]               ? p->name
                                                                  : TENHOU_UNNAMED);
        paifu_buf_putc(w->b, '"');
    }
    if (!w->from_xml) {
        static const struct {
            const char *attr, *key;
            char as;
        } LISTS[] = {
            {"dan", "tenhou6.dan", 'd'}, {"rate", "tenhou6.rate", 'r'}, {"sx", "tenhou6.sx", 's'}};
        for (size_t i = 0; i < 3; i++) {
            char list[160];
            roster_list(w, list, sizeof(list), LISTS[i].key, LISTS[i].as);
            paifu_mjlog__writer_attr(w, LISTS[i].attr, list);
        }
    } else {
        put_kept_header(w, "un");
    }
    paifu_buf_puts(w->b, "/>");
}

/* The lobby a game not read from Tenhou XML is written with (NULL: no lobby attribute). */
static const char *derived_lobby(const mjlog_writer *w)
{
    const char *lobby = meta(w, "tenhou6.lobby");
    if (lobby)
        return lobby;
    return meta(w, "tenhou6.rule") ? NULL : "0"; /* a tenhou.net/6 header without: before 2010 */
}

static void put_header(mjlog_writer *w)
{
    paifu_buf_puts(w->b, "<mjloggm");
    if (!put_kept_header(w, "mjloggm"))
        paifu_buf_puts(w->b, " ver=\"2.3\"");
    paifu_buf_putc(w->b, '>');
    bool shuffle = false;
    for (size_t i = 0; i < paifu_game_meta_count(w->head.game) && !shuffle; i++)
        shuffle = !strncmp(paifu_game_meta(w->head.game, i)->key, "tenhou.shuffle.", 15);
    if (shuffle) {
        paifu_buf_puts(w->b, "<SHUFFLE");
        put_kept_header(w, "shuffle");
        paifu_buf_puts(w->b, "/>");
    }
    paifu_buf_puts(w->b, "<GO");
    if (w->from_xml) {
        put_kept_header(w, "go");
    } else {
        paifu_buf_printf(w->b, " type=\"%u\"", w->go_type);
        const char *lobby = derived_lobby(w);
        if (lobby)
            paifu_mjlog__writer_attr(w, "lobby", lobby);
    }
    if (w->carry_rules) { /* JSON (paifu_json.h), %XX-encoded as Tenhou encodes names */
        paifu_buf json;
        paifu_buf_init(&json);
        paifu_json__put_rules(&json, w->head.game);
        paifu_buf_puts(w->b, " paifu_rules=\"");
        for (size_t i = 0; i < json.len; i++) {
            unsigned char c = (unsigned char)json.data[i];
            if ((c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
                c == '_' || c == ',' || c == '-')
                paifu_buf_putc(w->b, (char)c);
            else
                paifu_buf_printf(w->b, "%%%02X", c);
        }
        paifu_buf_putc(w->b, '"');
        if (json.failed) /* the rules lost to an allocation failure fail the game's write */
            w->b->failed = true;
        paifu_buf_free(&json);
    }
    paifu_buf_puts(w->b, "/>");
    w->count[MJ_TAG_UN]++;
    put_roster(w);
    paifu_buf_puts(w->b, "<TAIKYOKU");
    if (!put_kept_header(w, "taikyoku")) {
        const paifu_deal *d =
            paifu_game_deal_count(w->head.game) ? paifu_game_deal(w->head.game, 0) : NULL;
        paifu_buf_printf(w->b, " oya=\"%d\"", d ? d->start.dealer : 0);
    }
    paifu_buf_puts(w->b, "/>");
}

/* ---- the end of the game (spec §6) ---- */

/* A result (thousandths) with one decimal or as many as it needs; INTS: none when whole. */
static size_t put_result(char *out, size_t size, int32_t v, bool ints)
{
    unsigned a = (unsigned)(v < 0 ? -(int64_t)v : v);
    const char *sign = v < 0 ? "-" : "";
    if (a % 1000 == 0)
        return (size_t)snprintf(out, size, ints ? "%s%u" : "%s%u.0", sign, a / 1000);
    if (a % 100 == 0)
        return (size_t)snprintf(out, size, "%s%u.%u", sign, a / 1000, a % 1000 / 100);
    if (a % 10 == 0)
        return (size_t)snprintf(out, size, "%s%u.%02u", sign, a / 1000, a % 1000 / 10);
    return (size_t)snprintf(out, size, "%s%u.%03u", sign, a / 1000, a % 1000);
}

/* Does the kept owari TEXT say POINTS and FINAL (its first 8 numbers)? */
static bool owari_matches(const char *text, const int32_t *points, const int32_t *final)
{
    const char *p = text;
    for (int i = 0; i < 8; i++) {
        char *end;
        double v = strtod(p, &end);
        if (end == p)
            return false;
        int32_t x = (int32_t)(i % 2 ? (v < 0 ? v * 1000 - 0.5 : v * 1000 + 0.5) : v * 100);
        if (x != (i % 2 ? final[i / 2] : points[i / 2]))
            return false;
        p = *end == ',' ? end + 1 : end;
    }
    return true;
}

/* Scores after the last deal and the sticks left on the table; -1 when not known. */
static int end_scores(const mjlog_writer *w, int32_t out[PAIFU_SEATS], int32_t *sticks)
{
    size_t n = paifu_game_deal_count(w->head.game);
    if (!n || paifu_lossy__start_scores(out, w->head.game, n - 1, w->head.rules) < 0)
        return -1;
    const paifu_deal *d = paifu_game_deal(w->head.game, n - 1);
    *sticks = paifu_lossy__start_sticks(w->head.game, n - 1);
    size_t k = 0;
    for (size_t i = 0; i < d->n_events; i++) {
        const paifu_event *e = &d->events[i];
        int32_t delta[PAIFU_SEATS];
        if (e->type == PAIFU_EV_RIICHI_ACCEPTED && e->seat >= 0 && e->seat < PAIFU_SEATS) {
            out[e->seat] -= 1000;
            (*sticks)++;
        } else if (e->type == PAIFU_EV_WIN || e->type == PAIFU_EV_EXHAUSTIVE_DRAW ||
                   e->type == PAIFU_EV_ABORTIVE_DRAW) {
            if (paifu_lossy__outcome_deltas(delta, w->head.game, n - 1, k++, w->head.rules) < 0)
                return -1;
            for (int s = 0; s < PAIFU_SEATS; s++)
                out[s] += delta[s];
            if (e->type == PAIFU_EV_WIN)
                *sticks = 0;
        }
    }
    return 0;
}

/* The owari text: see the file header. Sets w->owari when there is one. */
static int game_end(mjlog_writer *w)
{
    const paifu_game_result *r = paifu_game_result_get(w->head.game);
    int32_t points[PAIFU_SEATS], final[PAIFU_SEATS], sticks;
    /* owari has both the points and the final scores: one of them not recorded is computed
       (under --fill), else owari is left out and what the log does record of it is lost */
    if (r->has_points != r->has_final &&
        !paifu_lossy__compute(&w->head, r->has_points ? COMPUTED_FINAL : COMPUTED_FINAL_POINTS,
                              false, 1)) {
        if (!paifu_game_truncated(w->head.game))
            paifu_mjlog__writer_loss(
                w, LOSS_FINAL,
                r->has_points ? "the end of the game with its final points (owari needs the final "
                                "scores with them, which the log does not record: --fill "
                                "computes them)"
                              : "the end of the game with its final scores (owari needs the final "
                                "points with them, which the log does not record: --fill "
                                "computes them)");
        return 0;
    }
    if (r->has_points) {
        memcpy(points, r->points, sizeof(points));
    } else if (r->has_final && end_scores(w, points, &sticks) == 0) {
        paifu_settle_leftover(points, sticks, w->head.players, w->head.rules);
    } else {
        if (!paifu_game_truncated(w->head.game))
            paifu_mjlog__writer_loss(
                w, LOSS_FINAL,
                "the end of the game (the log records no final points: without "
                "owari the XML ends as a truncated log)");
        return 0;
    }
    if (r->has_final)
        memcpy(final, r->final, sizeof(final));
    else
        paifu_settle_final(final, points, NULL, w->head.players, w->head.rules);
    for (int s = w->head.players; s < PAIFU_SEATS; s++)
        points[s] = final[s] = 0;
    for (int s = 0; s < PAIFU_SEATS; s++)
        if (points[s] % 100)
            return paifu_mjlog__writer_refuse(w, "final points that are not whole hundreds");
    const char *raw = meta(w, "tenhou.owari");
    w->owari = true;
    if (raw && owari_matches(raw, points, final)) {
        snprintf(w->owari_text, sizeof(w->owari_text), "%s", raw);
        return 0;
    }
    bool ints = w->head.players == 4 &&
                paifu_lossy__rule_is(w->head.rules, "game_length", "east") &&
                paifu_lossy__rule_is(w->head.rules, "uma", "10000,5000,-5000,-10000");
    size_t len = 0;
    for (int s = 0; s < PAIFU_SEATS; s++) {
        len += (size_t)snprintf(w->owari_text + len, sizeof(w->owari_text) - len, "%s%d,",
                                s ? "," : "", (int)(points[s] / 100));
        len += put_result(w->owari_text + len, sizeof(w->owari_text) - len, final[s], ints);
    }
    return 0;
}

/* ---- metadata ---- */

/* Is metadata KEY written (or derived from what is)? */
static bool meta_carried(const char *key)
{
    static const char *const TENHOU6[] = {"ver",  "ratingc", "rule",       "lobby", "dan",
                                          "rate", "sx",      "connection", "sc"};
    /* the log id is the file's name, which the caller chooses (see the file header: paifu
       convert names the file after it, or reports it lost) */
    if (!strcmp(key, "tenhou6.ref"))
        return true;
    if (!strncmp(key, "tenhou.", 7))
        return true;
    if (!strncmp(key, "tenhou6.", 8))
        for (size_t i = 0; i < sizeof(TENHOU6) / sizeof(TENHOU6[0]); i++)
            if (!strcmp(key + 8, TENHOU6[i]))
                return true;
    return false;
}

/* ---- the game ---- */

/* What the format needs of every deal; refused before anything is written or reported. */
static int check_game(mjlog_writer *w)
{
    int rc = 0;
    if (!paifu_game_deal_count(w->head.game))
        return paifu_mjlog__writer_refuse(
            w, "a game without deals (mjlog has no place for its result)");
    for (size_t k = 0; rc == 0 && k < paifu_game_deal_count(w->head.game); k++) {
        const paifu_deal *d = w->deal = paifu_game_deal(w->head.game, k);
        const paifu_deal_start *st = &d->start;
        const char *untold = paifu_lossy__deal_untold(d);
        if (untold)
            rc = paifu_mjlog__writer_refuse(w, untold);
        else if (st->round_wind > 3 || st->hand_number > 3 || st->dealer < 0 ||
                 st->dealer >= w->head.players)
            rc =
                paifu_mjlog__writer_refuse(w, "a deal beyond North 4 (INIT seed counts 16 rounds)");
        else if (st->dora_indicator == PAIFU_TILE_NONE)
            rc = paifu_mjlog__writer_refuse(
                w, "a deal without its dora indicator (INIT seed needs it)");
        else if (paifu_lossy__hidden_tile(d))
            rc = paifu_mjlog__writer_refuse(
                w, "a tile the log does not show (mjlog names every tile)");
        if (rc == 0 && !paifu_lossy__hands_dealt(st, w->head.players))
            rc = paifu_mjlog__writer_refuse(w, "a deal without 13-tile starting hands");
        for (size_t i = 0; rc == 0 && i < d->n_events; i++)
            if (d->events[i].type == PAIFU_EV_FLOWER)
                rc = paifu_mjlog__writer_refuse(w, "a flower (mjlog has no bonus tiles)");
    }
    w->deal = NULL;
    return rc;
}

/* Where the last outcome of the game is: the tag that carries owari. */
static void find_last_outcome(mjlog_writer *w)
{
    w->last_deal = w->last_event = SIZE_MAX;
    for (size_t k = 0; k < paifu_game_deal_count(w->head.game); k++) {
        const paifu_deal *d = paifu_game_deal(w->head.game, k);
        for (size_t i = 0; i < d->n_events; i++) {
            uint8_t t = d->events[i].type;
            if (t == PAIFU_EV_WIN || t == PAIFU_EV_EXHAUSTIVE_DRAW || t == PAIFU_EV_ABORTIVE_DRAW) {
                w->last_deal = k;
                w->last_event = i;
            }
        }
    }
}

/* BYE / reconnection UN before the first INIT (spec §4.4, §4.5). */
static void put_prelude(mjlog_writer *w)
{
    for (size_t i = 0; i < paifu_game_prelude_count(w->head.game); i++)
        paifu_mjlog__writer_connection(w, paifu_game_prelude(w->head.game, i));
}

static int write_document(mjlog_writer *w)
{
    const char *lobby;
    int rc = check_game(w);
    if (rc == 0)
        rc = paifu_game_rules(&w->head.rules, w->head.game, NULL, w->head.err);
    if (rc == 0)
        rc = index_kept(w);
    if (rc < 0)
        return rc;
    if (w->from_xml) {
        w->go_type = (unsigned)strtoul(meta(w, "tenhou.go.type"), NULL, 10);
        lobby = meta(w, "tenhou.go.lobby");
    } else {
        w->go_type = derived_type(w);
        lobby = derived_lobby(w);
        if (meta(w, PAIFU_META_RULES_ASSUMED)) /* GO type: a rule set the reader only assumed */
            paifu_lossy__compute(&w->head, COMPUTED_RULES, true, 1);
    }
    w->reds = !(w->go_type & 0x002);
    find_last_outcome(w);
    if ((rc = game_end(w)) < 0)
        return rc;
    check_rules(w, lobby);
    put_header(w);
    put_prelude(w);
    for (size_t k = 0; rc == 0 && k < paifu_game_deal_count(w->head.game); k++)
        rc = paifu_mjlog__writer_deal(w, k);
    w->deal = NULL;
    paifu_buf_puts(w->b, "</mjloggm>");
    return rc;
}

/* Report what was lost, now that the game is written: lossy.c's scan, then the writer's own. */
static int report_losses(mjlog_writer *w)
{
    bool seed = false;
    const char *text = meta(w, "tenhou.shuffle.seed");
    seed = text && *text;
    for (size_t i = 0; i < w->n_kept && !seed; i++)
        seed = !strcmp(w->kept[i].tag, "INIT") && !strcmp(w->kept[i].attr, "shuffle");
    /* a discard's tile id tells whether it was tsumogiri: a flag the source does not record
       is set by the ids chosen (LOSSY_WRITES_TSUMOGIRI) */
    unsigned carries = PAIFU_CARRIES_TSUMOGIRI | PAIFU_CARRIES_CONNECTION | PAIFU_CARRIES_TILE_IDS |
                       LOSSY_WRITES_TSUMOGIRI |
                       LOSSY_CARRIES_DICE | LOSSY_CARRIES_SCORES | LOSSY_CARRIES_DORA_TIMING |
                       (seed ? PAIFU_CARRIES_WALL : 0);
    int rc = paifu_lossy__scan(&w->head, carries);
    for (unsigned k = 0; rc == 0 && k < LOSS_KIND_COUNT; k++)
        if (w->pending & (1u << k))
            rc = paifu_lossy__report(&w->head, (lossy_kind)k,
                                     w->pending_what[k][0] ? w->pending_what[k] : NULL);
    if (rc == 0)
        rc = paifu_lossy__metadata(&w->head, meta_carried);
    return rc;
}

static int write_game(format_write *head)
{
    mjlog_writer *w = (mjlog_writer *)head;
    paifu_buf out;
    paifu_buf_init(&out);
    w->b = &out;
    w->from_xml = paifu_game_meta_get(head->game, "tenhou.go.type") != NULL;
    int rc = write_document(w);
    if (rc == 0 && out.failed)
        rc = paifu_error_set(head->err, PAIFU_ENOMEM, NULL, "out of memory while writing");
    if (rc == 0)
        rc = report_losses(w);
    if (rc == 0)
        paifu_buf_put(head->ctx->out, out.data, out.len);
    paifu_buf_free(&out);
    free(w->kept);
    return rc;
}

const format_writer paifu_mjlog__writer = {
    .size = sizeof(mjlog_writer),
    .refuses = paifu_lossy__is_mcr,
    .refusal = "an MCR game (no flowers, fans or MCR payments in mjlog)",
    .write = write_game,
};
