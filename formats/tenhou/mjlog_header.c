/*
 * mjlog_header.c: the header of an mjlog game (SHUFFLE, GO, UN, TAIKYOKU; spec §4.1-§4.6), the
 * rule set the GO type implies, the era-dependent rules read from the game's end, and the
 * metadata kept for a writer.
 *
 * Choices:
 *   - Players from GO type bit 0x10; names percent-decoded and checked as UTF-8.
 *   - Rules "tenhou" with overrides from the GO type bits (spec §4.3, §6, §7). Sanma also gets
 *     honba_value 200, target_points 40000 and riichi_min_wall 3, which the corpus shows. The
 *     era is read from the log itself at its end: an owari result with a non-zero decimal is
 *     Tenhou's exact era (final_rounding nearest_100, spec §6 item 1); an East-only game whose
 *     wall is generation A or whose owari results are integers is a 2009 game with uma
 *     +5/-5/-10 (spec §6 item 3, §8).
 *   - GO type bits above 0x80 (chip games, special lobbies) or a GO csrule (private rules) set
 *     tenhou.rules_unknown, tenhou.rules_unknown.reason and PAIFU_META_RULES_UNKNOWN; a lobby
 *     other than 0 (which may choose its own uma) sets tenhou.final_unknown and
 *     PAIFU_META_FINAL_UNKNOWN.
 *   - Kept for a writer: tenhou.mjloggm.<attr>, tenhou.shuffle.<attr> (the seed text),
 *     tenhou.go.<attr>, tenhou.un.<attr> (a name only when its spelling is not the canonical
 *     %XX encoding of every byte), tenhou.taikyoku.<attr>, tenhou.owari (the raw text: its
 *     number format is era-dependent); an attribute of a later tag the model cannot hold as
 *     tenhou.<TAG>[i]@<attr>.
 *   - Wall: with a seed (SHUFFLE generation B/C, or INIT shuffle generation A) every deal start
 *     carries the wall in draw order and its dead-wall layout (metas tenhou.wall.generation,
 *     tenhou.wall.dead_layout). An empty seed (tools blank it) leaves the wall unknown; a seed
 *     that cannot be decoded leaves it unknown too, with paifu.wall_error
 *     (PAIFU_META_WALL_ERROR) for the verifier to report.
 */
#include "mjlog.h"
#include "mjlog_write.h"
#include "paifu_json.h"

#include <stdio.h>
#include <string.h>

int paifu_mjlog__meta(mjlog_reader *st, const char *key, const char *value)
{
    return paifu_mjlog__located(st, paifu_game_set_meta(st->game, key, value, st->err));
}

int paifu_mjlog__keep(mjlog_reader *st, const mj_attr *a)
{
    if (++st->n_extra > MJ_MAX_EXTRA)
        return paifu_mjlog__fail_code(st, PAIFU_ELIMIT, a->name,
                                      "more than %d attributes paifu does not model in one game",
                                      MJ_MAX_EXTRA);
    char key[128];
    snprintf(key, sizeof(key), "tenhou.%s[%u]@%s", st->tag, (unsigned)st->tag_index, a->name);
    return paifu_mjlog__meta(st, key, a->value);
}

/* Keep every attribute of a header tag as tenhou.<prefix>.<name>, except those already used. */
int paifu_mjlog__keep_header(mjlog_reader *st, const char *prefix)
{
    for (size_t i = 0; i < st->n_attrs; i++) {
        if (st->attrs[i].used)
            continue;
        char key[128];
        snprintf(key, sizeof(key), "tenhou.%s.%s", prefix, st->attrs[i].name);
        int rc = paifu_mjlog__meta(st, key, st->attrs[i].value);
        if (rc < 0)
            return rc;
        st->attrs[i].used = true;
    }
    return 0;
}

/* Keep every attribute of a header tag as tenhou.<prefix>.<name>, used or not. */
static int keep_all(mjlog_reader *st, const char *prefix)
{
    for (size_t i = 0; i < st->n_attrs; i++)
        st->attrs[i].used = false;
    return paifu_mjlog__keep_header(st, prefix);
}

/* ---- header tags ---- */

int paifu_mjlog__on_shuffle(mjlog_reader *st)
{
    const mj_attr *seed = paifu_mjlog__attr(st, "seed");
    int rc = 0;
    if (seed) {
        char why[160];
        rc = paifu_mjlog_shuffle__seed_game(&st->shuffle, seed->value, seed->len, why, sizeof(why));
        if (rc < 0) {
            char text[200];
            snprintf(text, sizeof(text), "SHUFFLE@seed: %s", why);
            st->wall_error = true;
            if ((rc = paifu_mjlog__meta(st, PAIFU_META_WALL_ERROR, text)) < 0)
                return rc;
        }
    }
    return keep_all(st, "shuffle"); /* the seed text too: a writer gives it back */
}

static int rule(mjlog_reader *st, const char *key, const char *value)
{
    return paifu_mjlog__located(st, paifu_game_add_rule_override(st->game, key, value, st->err));
}

static int rules_unknown(mjlog_reader *st, const char *reason)
{
    int rc = paifu_mjlog__meta(st, "tenhou.rules_unknown", "1");
    if (rc == 0)
        rc = paifu_mjlog__meta(st, "tenhou.rules_unknown.reason", reason);
    if (rc == 0) /* the format-neutral key the verifier reads */
        rc = paifu_mjlog__meta(st, PAIFU_META_RULES_UNKNOWN, reason);
    return rc;
}

/*
 * Spec §4.3: a lobby other than 0 is a private lobby, whose owner may choose the uma and
 * return points (the corpus' lobby-10011 game has its own uma): the hands follow the type bits,
 * the final scores are not known.
 */
static int lobby_rules(mjlog_reader *st, const mj_attr *lobby)
{
    if (!lobby || strcmp(lobby->value, "0") == 0 || !lobby->value[0])
        return 0;
    char reason[96];
    snprintf(reason, sizeof(reason), "private lobby %.40s: its uma and return points are its own",
             lobby->value);
    int rc = paifu_mjlog__meta(st, "tenhou.final_unknown", reason);
    if (rc == 0)
        rc = paifu_mjlog__meta(st, PAIFU_META_FINAL_UNKNOWN, reason);
    return rc;
}

/*
 * GO type bits -> rule parameters (spec §4.3 table; sanma values §6, §7, §4.13). Shared with the
 * writer (mjlog_write.c), which checks that the type it writes names the game's rule set.
 */
int paifu_mjlog__type_rules(unsigned type,
                            int (*add)(void *payload, const char *key, const char *value),
                            void *payload)
{
    int rc = 0;
    if (type & 0x002)
        rc = add(payload, "red_fives", "0");
    if (rc == 0 && (type & 0x004))
        rc = add(payload, "kuitan", "false");
    if (rc == 0 && !(type & 0x008))
        rc = add(payload, "game_length", "east");
    if (rc == 0 && (type & 0x010)) {
        static const char *const sanma[][2] = {
            {"players", "3"},
            {"start_points", "35000"},
            {"return_points", "40000"},
            {"oka", "15000"},
            {"uma", "20000,0,-20000,0"},
            {"sanma_tsumo_loss", "true"},
            {"kita", "true"},
            {"noten_total", "2000"},
            /* spec §6: a sanma tsumo pays 100 per payer and honba; the corpus' 312 sanma rons
             * with honba pay 200 per honba too */
            {"honba_value", "200"},
            /* the game goes on (and into West) until someone has the 40000 return points, as
             * 4-player games do with 30000 (riichi-rulesets.md A); corpus: 11 sanma games */
            {"target_points", "40000"},
            /* a riichi needs one more draw of one's own: 3 tiles with 3 players (corpus: 4
             * sanma riichi with exactly 3 live tiles left) */
            {"riichi_min_wall", "3"},
        };
        for (size_t i = 0; rc == 0 && i < sizeof(sanma) / sizeof(sanma[0]); i++)
            rc = add(payload, sanma[i][0], sanma[i][1]);
    }
    return rc;
}

static int add_rule(void *payload, const char *key, const char *value)
{
    return rule(payload, key, value);
}

static int go_rules(mjlog_reader *st, unsigned type)
{
    int rc = paifu_mjlog__located(st, paifu_game_set_rules_name(st->game, "tenhou", st->err));
    if (rc == 0)
        rc = paifu_mjlog__type_rules(type, add_rule, st);
    if (rc == 0 && (type & ~0xFFu)) {
        char reason[120];
        snprintf(reason, sizeof(reason),
                 "GO type %u has bits above 0x80 (0x%X: chip game or special lobby rules)", type,
                 type & ~0xFFu);
        rc = rules_unknown(st, reason);
    }
    return rc;
}

static int decode_name(mjlog_reader *st, mj_attr *a);

/*
 * GO paifu_rules (written by paifu's XML writer for a rule set the GO type cannot name): the
 * rule set as JSON (paifu_json.h), %XX-encoded. It replaces what the type, the lobby and the
 * era give. The attribute is kept with GO's others, so the writer gives it back.
 */
static int carried_rules(mjlog_reader *st, mj_attr *a)
{
    char text[4096];
    if (a->len >= sizeof(text))
        return paifu_mjlog__fail(st, a->name, "paifu_rules is longer than %zu bytes",
                                 sizeof(text) - 1);
    memcpy(text, a->value, a->len + 1);
    mj_attr copy = *a;
    copy.value = text;
    int rc = decode_name(st, &copy);
    json_t *root = NULL;
    json_error_t jerror;
    if (rc == 0 && !(root = json_loadb(text, copy.len, 0, &jerror)))
        return paifu_mjlog__fail(st, a->name, "paifu_rules is not JSON: %s", jerror.text);
    if (rc == 0) {
        json_cursor c;
        json_cursor_init(&c, st->in.source, st->err);
        rc = paifu_mjlog__located(st, paifu_json__read_carried_rules(&c, root, st->game));
        json_decref(root);
    }
    st->rules_carried = rc == 0;
    return rc < 0 ? rc : keep_all(st, "go");
}

int paifu_mjlog__on_go(mjlog_reader *st)
{
    const mj_attr *a;
    int32_t type;
    int rc;
    if (st->go_seen)
        return paifu_mjlog__fail(st, NULL, "a second <GO> tag (the rule set is given once)");
    if (st->in_deal)
        return paifu_mjlog__fail(st, NULL, "<GO> after the first <INIT>");
    if ((rc = paifu_mjlog__require(st, "type", &a)) < 0 ||
        (rc = paifu_mjlog__int(st, a, 0, 0xFFFF, &type)) < 0)
        return rc;
    st->go_seen = true;
    st->go_type = (unsigned)type;
    st->players = (type & 0x10) ? 3 : 4;
    st->reds = !(type & 0x02);
    paifu_mjlog__set_tiles(st);
    if ((rc = paifu_mjlog__located(st, paifu_game_set_players(st->game, st->players, st->err))) < 0)
        return rc;
    mj_attr *carried = (mj_attr *)paifu_mjlog__attr(st, "paifu_rules");
    if (carried)
        return carried_rules(st, carried);
    if ((rc = go_rules(st, (unsigned)type)) < 0)
        return rc;
    if (paifu_mjlog__attr(st, "csrule") &&
        (rc = rules_unknown(st, "private lobby with custom rules (GO csrule)")) < 0)
        return rc;
    if ((rc = lobby_rules(st, paifu_mjlog__attr(st, "lobby"))) < 0)
        return rc;
    return keep_all(st, "go");
}

static int hex_digit(char c)
{
    return c >= '0' && c <= '9'   ? c - '0'
           : c >= 'A' && c <= 'F' ? c - 'A' + 10
           : c >= 'a' && c <= 'f' ? c - 'a' + 10
                                  : -1;
}

/* True when S is the %XX (uppercase) encoding of every one of its bytes, as Tenhou writes. */
static bool canonical_percent(const char *s, size_t len)
{
    if (len % 3)
        return false;
    for (size_t i = 0; i < len; i += 3)
        if (s[i] != '%' || hex_digit(s[i + 1]) < 0 || hex_digit(s[i + 2]) < 0 ||
            (s[i + 1] >= 'a' && s[i + 1] <= 'f') || (s[i + 2] >= 'a' && s[i + 2] <= 'f'))
            return false;
    return true;
}

/* Length of the valid UTF-8 sequence at S (at most N bytes), 0 if invalid (RFC 3629 §4). */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    unsigned c = s[0];
    size_t len = c < 0x80                 ? 1
                 : c >= 0xC2 && c <= 0xDF ? 2
                 : c >= 0xE0 && c <= 0xEF ? 3
                 : c >= 0xF0 && c <= 0xF4 ? 4
                                          : 0;
    if (!len || len > n)
        return 0;
    for (size_t i = 1; i < len; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    if ((c == 0xE0 && s[1] < 0xA0) || (c == 0xED && s[1] > 0x9F) || (c == 0xF0 && s[1] < 0x90) ||
        (c == 0xF4 && s[1] > 0x8F))
        return 0;
    return len;
}

/* Percent-decode attribute A in place (its scratch copy) and check the result is UTF-8. */
static int decode_name(mjlog_reader *st, mj_attr *a)
{
    char *s = (char *)a->value;
    size_t o = 0;
    for (size_t i = 0; i < a->len; i++) {
        if (s[i] != '%') {
            s[o++] = s[i];
            continue;
        }
        int hi = i + 2 < a->len ? hex_digit(s[i + 1]) : -1;
        int lo = i + 2 < a->len ? hex_digit(s[i + 2]) : -1;
        if (hi < 0 || lo < 0)
            return paifu_mjlog__fail(st, a->name, "bad percent escape at character %zu of %s",
                                     i + 1, a->name);
        if (hi == 0 && lo == 0) /* a name cannot hold it: refused, never cut there */
            return paifu_mjlog__fail(st, a->name, "a NUL byte (%%00) at character %zu of %s",
                                     i + 1, a->name);
        s[o++] = (char)(hi * 16 + lo);
        i += 2;
    }
    s[o] = '\0';
    a->len = o;
    for (size_t i = 0; i < o;) {
        size_t n = utf8_len((const unsigned char *)s + i, o - i);
        if (!n)
            return paifu_mjlog__fail(st, a->name, "%s is not UTF-8 once percent-decoded (byte %zu)",
                                     a->name, i + 1);
        i += n;
    }
    return 0;
}

/* Seat named by a "n0".."n3" attribute name, or -1. */
static int name_seat(const char *name)
{
    return name[0] == 'n' && name[1] >= '0' && name[1] <= '3' && !name[2] ? name[1] - '0' : -1;
}

static int on_roster(mjlog_reader *st)
{
    int rc;
    st->un_seen = true;
    for (size_t i = 0; i < st->n_attrs; i++) {
        mj_attr *a = &st->attrs[i];
        int seat = name_seat(a->name);
        if (seat < 0)
            continue;
        a->used = true;
        if (!canonical_percent(a->value, a->len)) {
            char key[32];
            snprintf(key, sizeof(key), "tenhou.un.%s", a->name);
            if ((rc = paifu_mjlog__meta(st, key, a->value)) < 0)
                return rc;
        }
        /* Tenhou's name of a seat without an account is no person's: an unnamed seat */
        if ((rc = decode_name(st, a)) < 0 ||
            (rc = paifu_mjlog__located(
                 st, paifu_game_set_player_name(
                         st->game, seat, strcmp(a->value, TENHOU_UNNAMED) == 0 ? "" : a->value,
                         st->err))) < 0)
            return rc;
    }
    return paifu_mjlog__keep_header(st, "un");
}

int paifu_mjlog__on_un(mjlog_reader *st)
{
    if (!st->un_seen)
        return on_roster(st);
    if (st->n_attrs != 1 || name_seat(st->attrs[0].name) < 0)
        return paifu_mjlog__fail(st, NULL,
                                 "expected a reconnection <UN> with one attribute n0..n3 "
                                 "(the roster was given before)");
    return paifu_mjlog__on_reconnect(st);
}

/* ---- era-dependent rules, end of game ---- */

uint32_t paifu_tenhou__log_date(const char *text)
{
    /* YYYYMMDDHH "gm-" XXXX "-" */
    for (int i = 0; i < 10; i++)
        if (text[i] < '0' || text[i] > '9')
            return 0;
    if (strncmp(text + 10, "gm-", 3) != 0)
        return 0;
    uint32_t date = 0;
    for (int i = 0; i < 8; i++)
        date = date * 10 + (uint32_t)(text[i] - '0');
    unsigned month = date / 100 % 100, day = date % 100;
    return date >= 20060101 && month >= 1 && month <= 12 && day >= 1 && day <= 31 ? date : 0;
}

/* The last part of a source name: after its last '/', or after the ':' that names a game
   inside a database or an archive ("houou.db:LOG-ID", "logs.zip:dir/LOG-ID.mjlog"). */
static const char *path_base(const char *path)
{
    const char *base = path;
    for (const char *p = path; *p; p++)
        if (*p == '/' || *p == ':')
            base = p + 1;
    return base;
}

uint32_t paifu_tenhou__path_date(const char *path)
{
    return path ? paifu_tenhou__log_date(path_base(path)) : 0;
}

uint32_t paifu_tenhou__meta_date(const char *text)
{
    if (!text || strlen(text) < 10 || text[4] != '-' || text[7] != '-')
        return 0;
    uint32_t date = 0;
    for (int i = 0; i < 10; i++) {
        if (i == 4 || i == 7)
            continue;
        if (text[i] < '0' || text[i] > '9')
            return 0;
        date = date * 10 + (uint32_t)(text[i] - '0');
    }
    return date;
}

void paifu_tenhou__date_text(char *buf, size_t size, const char *log_id)
{
    snprintf(buf, size, "%.4s-%.2s-%.2sT%.2s", log_id, log_id + 4, log_id + 6, log_id + 8);
}

/*
 * The era's rules. Facts from the date (issue 15, measured on real logs):
 *   - East-only uma: +10/+5/-5/-10 up to July 2009, +20/+10/-10/-20 by 2009-08-27; between,
 *     not known (uma_alternative: either schedule, when the results follow one exactly);
 *   - tenpai-yame: the all-last dealer's tenpai in first place did not end the game up to
 *     2010-06-01, it did from 2010-06-08; not known between (tenpaiyame_known false);
 *   - West: East-only games of February-July 2009 went on into West after South 4.
 * Facts from the content, used when the date is not known:
 *   - a generation-A wall seed: February to July 2009 (spec §8);
 *   - one-decimal owari results ("43.0"): after 2009 (the integer results of 2009 outlasted
 *     the uma change; the corpus' first one-decimal results are of 2010-09): the new uma;
 *   - a non-zero decimal: exact results, final_rounding nearest_100 (spec §6 item 1).
 * Nothing else tells the era: a log without a date or a generation-A wall has the uma
 * alternatives (East-only, integer results) and no tenpai-yame assertion.
 */
int paifu_mjlog__era_rules(unsigned type, int players, unsigned era, uint32_t date,
                           int (*add)(void *payload, const char *key, const char *value),
                           void *payload)
{
    int rc = 0;
    uint32_t lo = date, hi = date; /* the dates the log may be of; 0: not known */
    if (!date && (era & MJLOG_ERA_GEN_A)) {
        lo = 20090201;
        hi = 20090731;
    }
    bool east = !(type & 0x008);
    if ((era & MJLOG_ERA_OWARI) && (era & MJLOG_ERA_EXACT))
        rc = add(payload, "final_rounding", "nearest_100");
    if (rc == 0 && players == 4 && east) {
        bool decimals = (era & MJLOG_ERA_OWARI) && !(era & MJLOG_ERA_INTEGERS);
        if (hi && hi < 20090801)
            rc = add(payload, "uma", "10000,5000,-5000,-10000");
        else if (!(lo >= 20090827 || (!lo && decimals)))
            rc = add(payload, "uma_alternative", "10000,5000,-5000,-10000");
    }
    if (rc == 0 && hi && hi < 20100602)
        rc = add(payload, "tenpaiyame", "false");
    else if (rc == 0 && !(lo >= 20100608))
        rc = add(payload, "tenpaiyame_known", "false");
    if (rc == 0 && east && hi && hi < 20090801)
        rc = add(payload, "extension_winds", "2");
    return rc;
}

int paifu_mjlog__finish_game(mjlog_reader *st)
{
    int rc = 0;
    if (!st->owari_seen) {
        paifu_game_set_truncated(st->game, true);
        if (!paifu_game_deal_count(st->game)) /* the place of a cut before any deal */
            paifu_game_set_result_location(st->game, st->line,
                                           (uint32_t)(st->tag_start - st->line_start + 1));
    }
    unsigned era = (st->generation_seen == MJLOG_GEN_A ? MJLOG_ERA_GEN_A : 0) |
                   (st->owari_seen ? MJLOG_ERA_OWARI : 0) |
                   (st->owari_exact ? MJLOG_ERA_EXACT : 0) |
                   (st->owari_integers ? MJLOG_ERA_INTEGERS : 0);
    /* the log id of a file named as Tenhou names its logs: the date, and tenhou.ref for a
       tenhou.net/6 writer */
    uint32_t date = paifu_tenhou__path_date(st->in.source);
    if (date) {
        const char *base = path_base(st->in.source);
        char text[40];
        paifu_tenhou__date_text(text, sizeof(text), base);
        rc = paifu_mjlog__meta(st, PAIFU_META_DATE, text);
        size_t n = strspn(base, "0123456789abcdefghijklmnopqrstuvwxyz-");
        if (rc == 0 && n < sizeof(text)) {
            snprintf(text, sizeof(text), "%.*s", (int)n, base);
            rc = paifu_mjlog__meta(st, "tenhou.ref", text);
        }
    }
    if (rc == 0 && st->go_seen && !st->rules_carried)
        rc = paifu_mjlog__era_rules(st->go_type, st->players, era, date, add_rule, st);
    /* spec §4.12: Tenhou lists ura (53) for every riichi winner, possibly as 53,0 */
    if (rc == 0)
        rc = paifu_mjlog__meta(st, PAIFU_META_URA_LISTED, "1");
    static const char *const GEN[] = {"none", "A", "B", "C"};
    if (rc == 0)
        rc = paifu_mjlog__meta(st, "tenhou.wall.generation", GEN[st->generation_seen]);
    if (rc == 0 && st->generation_seen != MJLOG_GEN_NONE)
        rc = paifu_mjlog__meta(st, "tenhou.wall.dead_layout",
                               st->generation_seen == MJLOG_GEN_C ? "new" : "old");
    return rc;
}
