/*
 * mjai_read.c: reader of mjai event logs (shared/formats/mjai.md, "spec" below; §4 maps every
 * event type), in the original (gimite/mjai, akochan) and the Mortal/libriichi dialects
 * (RiichiEnv, mjai-reviewer).
 *
 * Choices:
 *   - Replay-mode logs only: a hidden tile ("?") outside a draw's shown hands is an error.
 *     Syntax errors name the line and column; every other error the line and the JSON path.
 *   - A file holds one or more games; a log may start directly with start_kyoku. A game that
 *     ends without end_game is marked truncated; a start_kyoku ends the round before it even
 *     without end_kyoku (mjai.app resumes games that way, spec §1), and a round without an
 *     outcome is then the verifier's to report.
 *   - Rules: start_game's paifu_rules (written by paifu's mjai writer: preset, overrides, and
 *     whether they are unknown or assumed) when it is there. Else mjai names none, so "tenhou" (`paifu validate --rules` overrides it), with red_fives
 *     0 for aka_flag false and game_length east for kyoku_first 4 (convlog's akochan extras,
 *     spec §4.1). Rounds without dora_marker are akochan's MCR mode: "mcr" with its overrides
 *     (136 tiles, no flowers, 25000 start, one East round) and PAIFU_META_RULES_UNKNOWN, since
 *     its payments, honba and multiple wins are akochan's own. A 3-player log names no preset.
 *   - What a log leaves out stays unknown: riichi sticks without kyotaku (or kyoutaku), scores
 *     (the original dialect has none; the verifier follows its own), tsumogiri without the
 *     `tsumogiri` key (old logs).
 *   - The original server reveals an open or added kan's indicator after the owner's next
 *     discard; the model wants it before (paifu/game.h), so such a discard is held back until
 *     the `dora` that follows it, or emitted as it is when none follows.
 *   - hora: deltas as given, or the original dialect's `scores` after the win minus the running
 *     scores; the winning tile is `pai`, else the discard or draw it wins on; yakus by the names
 *     paifu_yaku_from_name knows (jikaze, bakaze and sangenpai resolved to the seat wind, the
 *     round wind and the winner's dragon sets; yakuman han 100 each -> 13); akochan's fu before
 *     rounding up (38) is recorded rounded up to 10, chiitoitsu's 25 kept; akochan MCR's
 *     info.bools / info.integers become MCR fans.
 *   - ryukyoku: the kind from `reason` (spec §4.4); the Mortal dialect gives none, so the kind is
 *     what the events show: the wall used up, else nine terminals (the actor has drawn and not
 *     discarded), four riichi, four kans, four winds, and a triple ron last. Tenpai from the
 *     noten payments when the log does not list it.
 *   - end_game: the original dialect's scores are the final points (no uma: no final scores).
 *   - A RiichiLab (mjai.app) match record {"events": [...], "players": [{"screen_name"}],
 *     "started_at", "seatRank"}: its events are read as a log's lines (errors name
 *     $.events[i]); screen names name the seats, started_at is the game's date
 *     (PAIFU_META_DATE), seatRank is kept as mjai.seat_rank.
 *   - The original server's dialect (gimite/mjai): a tsumo's hora_tehais may already hold the
 *     winning tile (3n+2 tiles); its {"type":"error","message"} ends a game a bot's bad reply
 *     aborted: the game is truncated, the message kept as metadata mjai.error, and the lines
 *     up to the next start_game are not read.
 */
#include "format.h"
#include "json_in.h"
#include "mjai.h"
#include "paifu_json.h"

#include <paifu/mcr.h>
#include <paifu/yaku.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_POINTS 100000000LL

typedef struct mjai_reader {
    /* input */
    format_input in;
    size_t pos;                /* start of the next line */
    uint32_t line;             /* lines before pos */
    json_t *pending;           /* an event read ahead that starts the next game */
    uint32_t pending_line;
    json_t *record;            /* a RiichiLab match record: its events instead of lines */
    bool record_checked;       /* the input was looked at for a match record */
    json_t *carried;           /* start_game's paifu_rules (paifu's writer): the rule set */
    size_t next_event;         /* index of the record's next event */

    /* the game */
    paifu_game *game;
    json_cursor c;
    bool started;              /* start_game or a first start_kyoku was read */
    bool rules_set;
    bool ended;                /* end_game was read */
    bool aborted;              /* an error event ended the game (the log goes on to the next) */
    bool skipping;             /* lines after an error event, up to the next start_game */
    bool east_only, aka;
    int players;
    int32_t running[PAIFU_SEATS]; /* scores as the log has them, after the latest event */
    bool running_known;

    /* the deal */
    bool in_deal, deal_over;
    bool mcr;
    paifu_deal_start start;
    bool reach_pending[PAIFU_SEATS];
    bool replacement_due[PAIFU_SEATS];
    bool drew[PAIFU_SEATS];    /* drew and did not act yet */
    paifu_tile last_draw[PAIFU_SEATS];
    paifu_tile last_tile;      /* latest discard, added-kan or kita tile */
    int last_actor;            /* seat of the latest discard, kan or kita */
    unsigned riichi_seats;     /* seats that declared riichi this deal */
    unsigned accepted;         /* riichi deposits this deal */
    int live_draws, replacements, kans, discards;
    bool called;               /* a call was made this deal */
    bool one_wind;             /* the deal's discards so far are all first_discard, a wind */
    paifu_tile first_discard;
    uint8_t meld_counts[PAIFU_SEATS][PAIFU_TILE_KINDS]; /* tiles in melds, by kind */
    int kan_dora_seat;         /* made an open or added kan whose indicator is not out yet */
    bool holding;              /* `held` waits for that indicator (see on_dahai) */
    paifu_event held;
} mjai_reader;

/* ---- sniffing ---- */

static const char *const TYPES[] = {
    "start_game", "start_kyoku", "tsumo", "dahai", "reach", "reach_accepted", "chi", "pon",
    "daiminkan", "kan", "kakan", "ankan", "dora", "hora", "ryukyoku", "end_kyoku", "end_game",
    "nukidora", "kita", "none", "hello", "join",
};

/* A RiichiLab (mjai.app) match record: one object whose "events" are mjai events. */
static bool match_record(const char *data, size_t size)
{
    size_t window = size < ((size_t)1 << 20) ? size : (size_t)1 << 20;
    return jcontains(data, window, "\"events\"") && jcontains(data, window, "\"start_kyoku\"");
}

/* The first line is a JSON object whose "type" is an mjai event (spec §4), or the document is
   a match record. */
static int sniff(const char *data, size_t size)
{
    size_t i = jlead(data, size);
    if (i >= size || data[i] != '{')
        return 0;
    if (match_record(data + i, size - i))
        return 86;
    const char *nl = memchr(data + i, '\n', size - i);
    size_t end = nl ? (size_t)(nl - data) : size;
    for (const char *at; (at = jfind(data + i, end - i, "\"type\"")) != NULL;) {
        size_t k = (size_t)(at - data);
        i = k + 1; /* the next search starts after this one */
        size_t j = k + 6;
        while (j < end && (data[j] == ' ' || data[j] == ':'))
            j++;
        for (size_t t = 0; j < end && data[j] == '"' && t < sizeof(TYPES) / sizeof(TYPES[0]); t++) {
            size_t n = strlen(TYPES[t]);
            if (j + n + 2 <= end && memcmp(data + j + 1, TYPES[t], n) == 0 && data[j + 1 + n] == '"')
                return 80;
        }
    }
    return 0;
}

/*
 * A JSON-lines file whose first lines have mjai's "type" key (issue 36): with a known type or a
 * slip of one ("start_gaem"), or with mjai's own keys beside it. Its reader refuses it with the
 * line and column.
 */
static int resembles(const char *data, size_t size, const char *name)
{
    (void)name;
    static const char *const KEYS[] = {"\"actor\"",  "\"pai\"",         "\"names\"", "\"tehais\"",
                                       "\"bakaze\"", "\"dora_marker\"", "\"oya\""};
    size_t i = jlead(data, size);
    for (int line = 0; line < 4 && i < size; line++) {
        const char *nl = memchr(data + i, '\n', size - i);
        size_t end = nl ? (size_t)(nl - data) : size;
        const char *at = jfind(data + i, end - i, "\"type\"");
        if (at) {
            size_t j = (size_t)(at - data) + 6;
            while (j < end && (data[j] == ' ' || data[j] == ':'))
                j++;
            if (j < end && data[j] == '"') {
                const char *q = memchr(data + j + 1, '"', end - j - 1);
                size_t n = q ? (size_t)(q - data) - j - 1 : 0;
                for (size_t t = 0; q && t < sizeof(TYPES) / sizeof(TYPES[0]); t++)
                    if (paifu_formats__near(data + j + 1, n, TYPES[t]))
                        return 60;
            }
            for (size_t k = 0; k < sizeof(KEYS) / sizeof(KEYS[0]); k++)
                if (jcontains(data + i, end - i, KEYS[k]))
                    return 60;
        }
        i = end + 1;
    }
    return 0;
}

/* ---- tiles (spec §2) ---- */

/* The N bytes at S as a tile: "1m".."9s", "5mr"/"5pr"/"5sr", "E" "S" "W" "N" "P" "F" "C". */
static bool tile_n(const char *s, size_t n, paifu_tile *out)
{
    static const char HONORS[] = "ESWNPFC";
    if (n == 1) {
        const char *h = memchr(HONORS, s[0], sizeof(HONORS) - 1);
        if (!h)
            return false;
        *out = paifu_tile_make((unsigned)(27 + (h - HONORS)), false);
        return true;
    }
    if ((n != 2 && n != 3) || s[0] < '1' || s[0] > '9')
        return false;
    unsigned suit = s[1] == 'm' ? 0 : s[1] == 'p' ? 1 : s[1] == 's' ? 2 : 3;
    bool red = n == 3;
    if (suit == 3 || (red && (s[2] != 'r' || s[0] != '5')))
        return false;
    *out = paifu_tile_make(suit * 9 + (unsigned)(s[0] - '1'), red);
    return true;
}

static bool parse_tile(const char *s, paifu_tile *out)
{
    return tile_n(s, strlen(s), out);
}

static int tile_value(json_cursor *c, const json_t *v, paifu_tile *out)
{
    if (!json_is_string(v))
        return jerr(c, "expected a tile such as \"5m\", \"5pr\" or \"E\", found %s", jtype(v));
    const char *s = json_string_value(v);
    if (strcmp(s, "?") == 0)
        return jerr(c, "a hidden tile \"?\": this is an in-game log; only replay logs (every "
                    "tile shown) can be verified");
    if (!parse_tile(s, out))
        return jerr(c, "expected a tile such as \"5m\", \"5pr\" or \"E\", found \"%.16s\"", s);
    return 0;
}

static int req_tile(json_cursor *c, const json_t *obj, const char *key, paifu_tile *out)
{
    size_t old = json_cursor_key(c, key);
    int rc = tile_value(c, json_object_get(obj, key), out);
    if (rc == 0)
        json_cursor_pop(c, old);
    return rc;
}

/* An array of N_MIN..CAP tiles at KEY; HIDDEN (may be NULL) allows "?" and counts them. */
static int tile_list(json_cursor *c, const json_t *v, paifu_tile *out, size_t n_min, size_t cap,
                     size_t *n_out, size_t *hidden)
{
    if (!json_is_array(v) || json_array_size(v) < n_min || json_array_size(v) > cap)
        return jerr(c, "expected an array of %zu to %zu tiles, found %s", n_min, cap,
                    json_is_array(v) ? "another length" : jtype(v));
    size_t n = 0;
    for (size_t i = 0; i < json_array_size(v); i++) {
        const json_t *e = json_array_get(v, i);
        size_t old = json_cursor_index(c, i);
        if (hidden && json_is_string(e) && strcmp(json_string_value(e), "?") == 0) {
            (*hidden)++;
            json_cursor_pop(c, old);
            continue;
        }
        int rc = tile_value(c, e, &out[n++]);
        if (rc < 0)
            return rc;
        json_cursor_pop(c, old);
    }
    *n_out = n;
    return 0;
}

static int req_tiles(json_cursor *c, const json_t *obj, const char *key, paifu_tile *out, size_t n)
{
    size_t old = json_cursor_key(c, key), got;
    int rc = tile_list(c, json_object_get(obj, key), out, n, n, &got, NULL);
    if (rc == 0)
        json_cursor_pop(c, old);
    return rc;
}

static int ints_at(json_cursor *c, const json_t *obj, const char *key, int players, int32_t *out)
{
    const json_t *v = json_object_get(obj, key);
    if (!v)
        return 0;
    size_t old = json_cursor_key(c, key);
    if (!json_is_array(v) || json_array_size(v) != (size_t)players)
        return jerr(c, "expected an array of %d integers, found %s", players,
                    json_is_array(v) ? "another length" : jtype(v));
    memset(out, 0, sizeof(int32_t) * PAIFU_SEATS);
    for (size_t i = 0; i < (size_t)players; i++) {
        const json_t *e = json_array_get(v, i);
        size_t o2 = json_cursor_index(c, i);
        if (!json_is_integer(e))
            return jerr(c, "expected an integer, found %s", jtype(e));
        if (json_integer_value(e) < -MAX_POINTS || json_integer_value(e) > MAX_POINTS)
            return jerr(c, "expected an integer from %lld to %lld, found %lld", -MAX_POINTS,
                        MAX_POINTS, (long long)json_integer_value(e));
        out[i] = (int32_t)json_integer_value(e);
        json_cursor_pop(c, o2);
    }
    json_cursor_pop(c, old);
    return 1;
}

static int seat_at(mjai_reader *st, const json_t *ev, const char *key, int *out)
{
    long long v;
    int rc = jreq_int(&st->c, ev, key, 0, st->players - 1, &v);
    *out = (int)v;
    return rc;
}

/* ---- the game ---- */

static int rule(mjai_reader *st, const char *key, const char *value)
{
    return paifu_game_add_rule_override(st->game, key, value, st->c.err);
}

/* The rule set, once the first round shows how many play and whether there is a dora. */
static int set_rules(mjai_reader *st, bool mcr)
{
    int rc = 0;
    st->rules_set = true;
    if (st->carried) { /* the rule set paifu's writer carried */
        if (st->players == 3 && (rc = paifu_game_set_players(st->game, 3, st->c.err)) < 0)
            return rc;
        rc = paifu_json__read_carried_rules(&st->c, st->carried, st->game);
        json_decref(st->carried);
        st->carried = NULL;
        return rc;
    }
    if (st->players == 3) {
        if ((rc = paifu_game_set_players(st->game, 3, st->c.err)) == 0 &&
            (rc = rule(st, "players", "3")) == 0 &&
            (rc = rule(st, "kita", "true")) == 0) /* the reader takes kita and nukidora */
            rc = paifu_game_set_meta(st->game, PAIFU_META_RULES_UNKNOWN,
                                     "3-player mjai (no standard dialect, no preset)", st->c.err);
        return rc;
    }
    if (mcr) {
        static const char *const MCR[][2] = {
            {"mcr_flowers", "false"}, {"start_points", "25000"}, {"game_length", "east"},
            {"mcr_seat_changes", "false"},
        };
        rc = paifu_game_set_rules_name(st->game, "mcr", st->c.err);
        for (size_t i = 0; rc == 0 && i < sizeof(MCR) / sizeof(MCR[0]); i++)
            rc = rule(st, MCR[i][0], MCR[i][1]);
        if (rc == 0)
            rc = paifu_game_set_meta(st->game, PAIFU_META_RULES_UNKNOWN,
                                     "akochan's MCR mode: its payments, honba and multiple wins "
                                     "are its own, not the MCR rules'",
                                     st->c.err);
        return rc;
    }
    rc = paifu_game_set_rules_name(st->game, "tenhou", st->c.err);
    if (rc == 0)
        rc = paifu_game_set_meta(st->game, PAIFU_META_RULES_ASSUMED,
                                 "mjai names no rule set: Tenhou's assumed", st->c.err);
    if (rc == 0 && !st->aka)
        rc = rule(st, "red_fives", "0");
    if (rc == 0 && st->east_only)
        rc = rule(st, "game_length", "east");
    return rc;
}

static int on_start_game(mjai_reader *st, const json_t *ev)
{
    json_cursor *c = &st->c;
    const json_t *names = json_object_get(ev, "names");
    int rc = 0;
    if (names) {
        size_t old = json_cursor_key(c, "names");
        if (!json_is_array(names) || json_array_size(names) > PAIFU_SEATS)
            return jerr(c, "expected up to 4 player names, found %s",
                        json_is_array(names) ? "more" : jtype(names));
        for (size_t i = 0; i < json_array_size(names); i++) {
            const json_t *v = json_array_get(names, i);
            size_t o2 = json_cursor_index(c, i);
            if (!json_is_string(v))
                return jerr(c, "expected a name (a string), found %s", jtype(v));
            if ((rc = paifu_game_set_player_name(st->game, (int)i, json_string_value(v),
                                                 c->err)) < 0)
                return rc;
            json_cursor_pop(c, o2);
        }
        json_cursor_pop(c, old);
    }
    long long first;
    bool aka = true;
    if ((rc = jopt_int(c, ev, "kyoku_first", 0, 15, &first)) < 0 ||
        jopt_bool(c, ev, "aka_flag", &aka) < 0)
        return PAIFU_EFORMAT;
    st->east_only = rc == 1 && first == 4; /* convlog: 0 hanchan, 4 tonpuu */
    st->aka = aka;
    json_decref(st->carried);
    st->carried = json_deep_copy(json_object_get(ev, PAIFU_RULES_KEY)); /* outlives EV */
    static const char *const KEEP[] = {"seed", "id", "uri", "kyoku_first", "aka_flag"};
    for (size_t i = 0; i < sizeof(KEEP) / sizeof(KEEP[0]); i++) {
        const json_t *v = json_object_get(ev, KEEP[i]);
        if (!v)
            continue;
        char key[40], *text = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
        if (!text)
            return paifu_error_set(c->err, PAIFU_ENOMEM, NULL, "out of memory");
        snprintf(key, sizeof(key), "mjai.start_game.%s", KEEP[i]);
        rc = paifu_game_set_meta(st->game, key, text, c->err);
        free(text);
        if (rc < 0)
            return rc;
    }
    return 0;
}

/* ---- rounds ---- */

static void reset_deal(mjai_reader *st)
{
    memset(st->reach_pending, 0, sizeof(st->reach_pending));
    memset(st->replacement_due, 0, sizeof(st->replacement_due));
    memset(st->drew, 0, sizeof(st->drew));
    memset(st->meld_counts, 0, sizeof(st->meld_counts));
    for (int s = 0; s < PAIFU_SEATS; s++)
        st->last_draw[s] = PAIFU_TILE_NONE;
    st->last_tile = PAIFU_TILE_NONE;
    st->last_actor = -1;
    st->riichi_seats = st->accepted = 0;
    st->live_draws = st->replacements = st->kans = st->discards = 0;
    st->called = st->one_wind = false;
    st->deal_over = false;
    st->kan_dora_seat = -1;
    st->holding = false;
}

static int read_hands(mjai_reader *st, const json_t *ev, paifu_deal_start *sp)
{
    json_cursor *c = &st->c;
    const json_t *t = json_object_get(ev, "tehais");
    size_t old = json_cursor_key(c, "tehais");
    if (!json_is_array(t) || json_array_size(t) < 3 || json_array_size(t) > PAIFU_SEATS)
        return jerr(c, "expected the starting hands: 4 arrays of 13 tiles, found %s",
                    json_is_array(t) ? "another length" : jtype(t));
    int players = (int)json_array_size(t);
    if (st->rules_set && players != st->players)
        return jerr(c, "%d hands where the game has %d players", players, st->players);
    st->players = players;
    for (int s = 0; s < players; s++) {
        size_t n, o2 = json_cursor_index(c, (size_t)s);
        int rc = tile_list(c, json_array_get(t, (size_t)s), sp->hands[s], 13, 13, &n, NULL);
        if (rc < 0)
            return rc;
        sp->n_hand[s] = (uint8_t)n;
        json_cursor_pop(c, o2);
    }
    json_cursor_pop(c, old);
    return 0;
}

static int on_start_kyoku(mjai_reader *st, const json_t *ev)
{
    json_cursor *c = &st->c;
    paifu_deal_start *sp = &st->start;
    paifu_tile wind;
    long long kyoku, honba, oya, sticks;
    int rc;
    paifu_deal_start_init(sp);
    if ((rc = req_tile(c, ev, "bakaze", &wind)) < 0 ||
        (rc = jreq_int(c, ev, "kyoku", 1, 4, &kyoku)) < 0 ||
        (rc = jreq_int(c, ev, "honba", 0, 1000, &honba)) < 0 ||
        (rc = jreq_int(c, ev, "oya", 0, 3, &oya)) < 0 || (rc = read_hands(st, ev, sp)) < 0)
        return rc;
    if (paifu_tile_kind(wind) < PAIFU_TILE_EAST || paifu_tile_kind(wind) > PAIFU_TILE_NORTH) {
        json_cursor_key(c, "bakaze");
        return jerr(c, "expected a wind (E, S, W or N) as the round wind");
    }
    if (oya >= st->players) {
        json_cursor_key(c, "oya");
        return jerr(c, "dealer seat %lld does not play in a %d-player game", oya, st->players);
    }
    sp->round_wind = (uint8_t)(paifu_tile_kind(wind) - PAIFU_TILE_EAST);
    sp->hand_number = (uint8_t)(kyoku - 1);
    sp->dealer = (int8_t)oya;
    sp->honba = (int16_t)honba;
    sp->flags = PAIFU_DEAL_HAS_HANDS;
    int got = jopt_int(c, ev, "kyotaku", 0, 1000, &sticks);
    if (got == 0)
        got = jopt_int(c, ev, "kyoutaku", 0, 1000, &sticks);
    if (got < 0)
        return got;
    if (got == 1) {
        sp->riichi_sticks = (int16_t)sticks;
        sp->flags |= PAIFU_DEAL_HAS_STICKS;
    }
    if ((rc = ints_at(c, ev, "scores", st->players, sp->scores)) < 0)
        return rc;
    if (rc == 1) {
        sp->flags |= PAIFU_DEAL_HAS_SCORES;
        memcpy(st->running, sp->scores, sizeof(st->running));
        st->running_known = true;
    }
    bool mcr = !json_object_get(ev, "dora_marker");
    if (!mcr && (rc = req_tile(c, ev, "dora_marker", &sp->dora_indicator)) < 0)
        return rc;
    if (!st->rules_set && (rc = set_rules(st, mcr)) < 0)
        return rc;
    st->mcr = mcr;
    reset_deal(st);
    if ((rc = paifu_game_begin_deal(st->game, sp, c->line, 0, c->err)) < 0)
        return rc;
    st->in_deal = true;
    return 0;
}

/* ---- turns ---- */

static int need_deal(mjai_reader *st, const char *type)
{
    if (!st->in_deal || st->deal_over)
        return jerr(&st->c, "a %s event outside a round (after its end or before start_kyoku)",
                    type);
    return 0;
}

static int add_event(mjai_reader *st, paifu_event *ev)
{
    ev->line = st->c.line;
    return paifu_game_add_event(st->game, ev, st->c.err);
}

/* The events after their keys were read (from a tree or by fast_event). */
static int do_tsumo(mjai_reader *st, int seat, paifu_tile tile)
{
    paifu_event e;
    paifu_event_init(&e, PAIFU_EV_DRAW, seat);
    e.tile = tile;
    if (st->replacement_due[seat]) {
        e.flags |= PAIFU_EVF_REPLACEMENT;
        st->replacements++;
    } else {
        st->live_draws++;
    }
    st->replacement_due[seat] = false;
    st->last_draw[seat] = e.tile;
    st->drew[seat] = true;
    return add_event(st, &e);
}

static int on_tsumo(mjai_reader *st, const json_t *ev)
{
    int seat, rc;
    paifu_tile tile = PAIFU_TILE_NONE;
    if ((rc = seat_at(st, ev, "actor", &seat)) < 0 || (rc = req_tile(&st->c, ev, "pai", &tile)) < 0)
        return rc;
    return do_tsumo(st, seat, tile);
}

/* TSUMOGIRI: -1 when the log does not say. */
static int do_dahai(mjai_reader *st, int seat, paifu_tile tile, int tsumogiri)
{
    paifu_event e;
    paifu_event_init(&e, PAIFU_EV_DISCARD, seat);
    e.tile = tile;
    if (tsumogiri >= 0)
        e.flags |= PAIFU_EVF_TSUMOGIRI_KNOWN | (tsumogiri ? PAIFU_EVF_TSUMOGIRI : 0);
    if (st->reach_pending[seat])
        e.flags |= PAIFU_EVF_RIICHI;
    st->reach_pending[seat] = false;
    st->drew[seat] = false;
    if (st->discards == 0)
        st->first_discard = e.tile;
    unsigned kind = paifu_tile_kind(e.tile);
    st->one_wind = (st->discards == 0 || st->one_wind) &&
                   kind == paifu_tile_kind(st->first_discard) && kind >= PAIFU_TILE_EAST &&
                   kind <= PAIFU_TILE_NORTH;
    st->discards++;
    st->last_tile = e.tile;
    st->last_actor = seat;
    if (st->kan_dora_seat == seat) {
        /* the original server reveals an open kan's indicator after the next discard; the
         * model has it before (paifu/game.h): the discard waits for a `dora` that follows */
        e.line = st->c.line;
        st->held = e;
        st->holding = true;
        st->kan_dora_seat = -1;
        return 0;
    }
    return add_event(st, &e);
}

static int on_dahai(mjai_reader *st, const json_t *ev)
{
    int seat, rc;
    bool tsumogiri;
    paifu_tile tile = PAIFU_TILE_NONE;
    if ((rc = seat_at(st, ev, "actor", &seat)) < 0 ||
        (rc = req_tile(&st->c, ev, "pai", &tile)) < 0 ||
        (rc = jopt_bool(&st->c, ev, "tsumogiri", &tsumogiri)) < 0)
        return rc;
    return do_dahai(st, seat, tile, rc == 1 ? tsumogiri : -1);
}

/* Emit a discard held back for a kan's indicator. */
static int release_held(mjai_reader *st)
{
    if (!st->holding)
        return 0;
    st->holding = false;
    return paifu_game_add_event(st->game, &st->held, st->c.err);
}

static int do_reach(mjai_reader *st, int seat)
{
    st->reach_pending[seat] = true;
    st->riichi_seats |= 1u << seat;
    return 0;
}

static int on_reach(mjai_reader *st, const json_t *ev)
{
    int seat, rc = seat_at(st, ev, "actor", &seat);
    return rc < 0 ? rc : do_reach(st, seat);
}

static int on_reach_accepted(mjai_reader *st, const json_t *ev)
{
    int seat, rc = seat_at(st, ev, "actor", &seat);
    int32_t after[PAIFU_SEATS];
    if (rc < 0 || (rc = ints_at(&st->c, ev, "scores", st->players, after)) < 0)
        return rc;
    st->accepted++;
    st->running[seat] -= 1000;
    if (rc == 1)
        memcpy(st->running, after, sizeof(after));
    return paifu_game_add_riichi_accepted(st->game, seat, 0, rc == 1 ? after : NULL, st->c.line,
                                          0, st->c.err);
}

static void count_meld(mjai_reader *st, int seat, const paifu_event *e)
{
    for (size_t i = 0; i < e->n; i++)
        st->meld_counts[seat][paifu_tile_kind(e->tiles[i]) % PAIFU_TILE_KINDS]++;
    if (e->tile != PAIFU_TILE_NONE)
        st->meld_counts[seat][paifu_tile_kind(e->tile) % PAIFU_TILE_KINDS]++;
}

/* The tiles a call of TYPE takes from the caller's hand. */
static size_t call_consumes(paifu_event_type type)
{
    return type == PAIFU_EV_ANKAN ? 4 : type == PAIFU_EV_CHI || type == PAIFU_EV_PON ? 2 : 3;
}

static bool call_claims(paifu_event_type type)
{
    return type == PAIFU_EV_CHI || type == PAIFU_EV_PON || type == PAIFU_EV_DAIMINKAN;
}

/* E: a call (chi, pon, daiminkan, kakan, ankan) with its tile, consumed tiles and seats read. */
static int do_call(mjai_reader *st, paifu_event *ev)
{
    paifu_event e = *ev;
    paifu_event_type type = (paifu_event_type)e.type;
    int seat = e.seat;
    bool claims = call_claims(type);
    if (type != PAIFU_EV_CHI && type != PAIFU_EV_PON) {
        st->replacement_due[seat] = true;
        st->kans++;
    }
    if (type == PAIFU_EV_DAIMINKAN || type == PAIFU_EV_SHOUMINKAN)
        st->kan_dora_seat = seat;
    if (claims)
        st->called = true;
    if (type == PAIFU_EV_SHOUMINKAN) {
        st->meld_counts[seat][paifu_tile_kind(e.tile) % PAIFU_TILE_KINDS]++;
        st->last_tile = e.tile;
        st->last_actor = seat;
    } else {
        count_meld(st, seat, &e);
    }
    if (type == PAIFU_EV_ANKAN) {
        st->last_tile = e.tiles[0];
        st->last_actor = seat;
    }
    st->drew[seat] = false;
    return add_event(st, &e);
}

/* chi, pon, daiminkan ("kan"), kakan, ankan (spec §4.3). */
static int on_call(mjai_reader *st, const json_t *ev, paifu_event_type type)
{
    json_cursor *c = &st->c;
    int seat, from = -1, rc;
    size_t want = call_consumes(type);
    paifu_event e;
    if ((rc = seat_at(st, ev, "actor", &seat)) < 0)
        return rc;
    paifu_event_init(&e, type, seat);
    if (call_claims(type) && (rc = seat_at(st, ev, "target", &from)) < 0)
        return rc;
    if (type != PAIFU_EV_ANKAN && (rc = req_tile(c, ev, "pai", &e.tile)) < 0)
        return rc;
    if ((rc = req_tiles(c, ev, "consumed", e.tiles, want)) < 0)
        return rc;
    e.n = (uint8_t)want;
    e.from = (int8_t)from;
    return do_call(st, &e);
}

static int on_kita(mjai_reader *st, const json_t *ev)
{
    int seat, rc = seat_at(st, ev, "actor", &seat);
    if (rc < 0)
        return rc;
    paifu_event e;
    paifu_event_init(&e, PAIFU_EV_KITA, seat);
    e.tile = paifu_tile_make(PAIFU_TILE_NORTH, false);
    if (json_object_get(ev, "pai") && (rc = req_tile(&st->c, ev, "pai", &e.tile)) < 0)
        return rc;
    st->replacement_due[seat] = true;
    st->drew[seat] = false;
    st->last_tile = e.tile;
    st->last_actor = seat;
    return add_event(st, &e);
}

static int do_dora(mjai_reader *st, paifu_tile tile)
{
    paifu_event e;
    paifu_event_init(&e, PAIFU_EV_DORA, -1);
    e.tile = tile;
    int rc = add_event(st, &e);
    if (rc < 0)
        return rc;
    st->kan_dora_seat = -1;
    return release_held(st);
}

static int on_dora(mjai_reader *st, const json_t *ev)
{
    paifu_tile tile = PAIFU_TILE_NONE;
    int rc = req_tile(&st->c, ev, "dora_marker", &tile);
    return rc < 0 ? rc : do_dora(st, tile);
}

/* ---- the hot events without a tree ---- */

static const char *const FAST_TYPES[MJAI_FAST_KINDS] = {
    [MJAI_FAST_TSUMO] = "tsumo", [MJAI_FAST_DAHAI] = "dahai",   [MJAI_FAST_REACH] = "reach",
    [MJAI_FAST_DORA] = "dora",   [MJAI_FAST_END_KYOKU] = "end_kyoku", [MJAI_FAST_CHI] = "chi",
    [MJAI_FAST_PON] = "pon",     [MJAI_FAST_DAIMINKAN] = "daiminkan", [MJAI_FAST_KAN] = "kan",
    [MJAI_FAST_KAKAN] = "kakan", [MJAI_FAST_ANKAN] = "ankan",
};

const char *paifu_mjai__fast_type(mjai_fast_kind k)
{
    return k > 0 && k < MJAI_FAST_KINDS ? FAST_TYPES[k] : "";
}

bool paifu_mjai__tile(const char *s, paifu_tile *out)
{
    return parse_tile(s, out);
}

#define IS(s, n, lit) ((n) == sizeof(lit) - 1 && memcmp((s), lit, sizeof(lit) - 1) == 0)

static mjai_fast_kind fast_kind(const char *s, size_t n)
{
    switch (n ? s[0] : 0) {
    case 't': return IS(s, n, "tsumo") ? MJAI_FAST_TSUMO : 0;
    case 'd': return IS(s, n, "dahai") ? MJAI_FAST_DAHAI : IS(s, n, "dora") ? MJAI_FAST_DORA
                   : IS(s, n, "daiminkan") ? MJAI_FAST_DAIMINKAN : 0;
    case 'r': return IS(s, n, "reach") ? MJAI_FAST_REACH : 0;
    case 'e': return IS(s, n, "end_kyoku") ? MJAI_FAST_END_KYOKU : 0;
    case 'c': return IS(s, n, "chi") ? MJAI_FAST_CHI : 0;
    case 'p': return IS(s, n, "pon") ? MJAI_FAST_PON : 0;
    case 'k': return IS(s, n, "kan") ? MJAI_FAST_KAN : IS(s, n, "kakan") ? MJAI_FAST_KAKAN : 0;
    case 'a': return IS(s, n, "ankan") ? MJAI_FAST_ANKAN : 0;
    default: return 0;
    }
}

/* The key bit of the N bytes at S, 0 for another key. */
static unsigned fast_key(const char *s, size_t n)
{
    switch (n) {
    case 3: return IS(s, n, "pai") ? MJAI_K_PAI : 0;
    case 4: return IS(s, n, "type") ? MJAI_K_TYPE : 0;
    case 5: return IS(s, n, "actor") ? MJAI_K_ACTOR : 0;
    case 6: return IS(s, n, "target") ? MJAI_K_TARGET : 0;
    case 8: return IS(s, n, "consumed") ? MJAI_K_CONSUMED : 0;
    case 9: return IS(s, n, "tsumogiri") ? MJAI_K_TSUMOGIRI : 0;
    case 11: return IS(s, n, "dora_marker") ? MJAI_K_DORA_MARKER : 0;
    default: return 0;
    }
}

/* Byte classes of the scanner: JSON's blanks, the bytes of a plain string (letters, digits,
   '_'), and what may follow a number. */
enum { C_SPACE = 1, C_WORD = 2, C_AFTER_NUMBER = 4 };

/* By byte: C_SPACE for ' ' \t \r \n (also C_AFTER_NUMBER), C_WORD for 0-9 A-Z _ a-z,
   C_AFTER_NUMBER for ',' and '}' (a constant: shared by every thread as it is). */
static const uint8_t FAST_CLASS[256] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 5, 0, 0, 5, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0,
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 0, 0, 0, 0, 0, 0,
    0, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 0, 0, 0, 0, 2,
    0, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 0, 0, 4, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
};

/*
 * The line is cut after its last '}' (blanks after it are dropped first), so every loop over a
 * class stops at that '}' at the latest: none reads past the line without a bound check.
 */
bool paifu_mjai__fast_scan(const char *line, size_t len, mjai_fast_event *out)
{
    const uint8_t *cls = FAST_CLASS;
    const unsigned char *p = (const unsigned char *)line, *end = p + len;
    mjai_fast_event ev;
    memset(&ev, 0, sizeof(ev));
    while (end > p && (cls[end[-1]] & C_SPACE))
        end--;
    if (end == p || end[-1] != '}')
        return false;
#define SKIP_SPACE() while (cls[*p] & C_SPACE) p++
    /* a plain string: S, N */
#define WORD(s, n)                                                                              \
    do {                                                                                        \
        if (*p != '"')                                                                          \
            return false;                                                                       \
        s = (const char *)++p;                                                                  \
        while (cls[*p] & C_WORD)                                                                \
            p++;                                                                                \
        if (*p != '"')                                                                          \
            return false;                                                                       \
        n = (size_t)((const char *)p++ - s);                                                    \
    } while (0)
#define TILE(t)                                                                                 \
    do {                                                                                        \
        WORD(s, n);                                                                             \
        if (!tile_n(s, n, &(t)))                                                                \
            return false;                                                                       \
    } while (0)
#define DIGIT(v)                                                                                \
    do {                                                                                        \
        if (*p < '0' || *p > '9' || !(cls[p[1]] & C_AFTER_NUMBER))                              \
            return false;                                                                       \
        v = *p - '0';                                                                           \
        p++;                                                                                    \
    } while (0)
    SKIP_SPACE();
    if (*p++ != '{')
        return false;
    for (;;) {
        const char *s;
        size_t n;
        SKIP_SPACE();
        WORD(s, n);
        unsigned key = fast_key(s, n);
        if (!key || (ev.keys & key))
            return false; /* another key, or a key twice */
        ev.keys |= key;
        SKIP_SPACE();
        if (*p++ != ':')
            return false;
        SKIP_SPACE();
        switch (key) {
        case MJAI_K_TYPE:
            WORD(s, n);
            if (!(ev.kind = fast_kind(s, n)))
                return false;
            break;
        case MJAI_K_ACTOR: DIGIT(ev.actor); break;
        case MJAI_K_TARGET: DIGIT(ev.target); break;
        case MJAI_K_PAI: TILE(ev.pai); break;
        case MJAI_K_DORA_MARKER: TILE(ev.dora_marker); break;
        case MJAI_K_TSUMOGIRI:
            if (end - p >= 4 && memcmp(p, "true", 4) == 0)
                ev.tsumogiri = true, p += 4;
            else if (end - p >= 5 && memcmp(p, "false", 5) == 0)
                p += 5;
            else
                return false;
            break;
        default: /* consumed */
            if (*p++ != '[')
                return false;
            SKIP_SPACE();
            if (*p == ']') {
                p++;
                break;
            }
            for (;;) {
                if (ev.n_consumed == 4)
                    return false;
                TILE(ev.consumed[ev.n_consumed]);
                ev.n_consumed++;
                SKIP_SPACE();
                if (*p == ']')
                    break;
                if (*p++ != ',')
                    return false;
                SKIP_SPACE();
            }
            p++;
        }
        SKIP_SPACE();
        if (*p == '}')
            break;
        if (*p++ != ',')
            return false;
    }
#undef SKIP_SPACE
#undef WORD
#undef TILE
#undef DIGIT
    if (p + 1 != end || !(ev.keys & MJAI_K_TYPE))
        return false;
    *out = ev;
    return true;
}

static paifu_event_type fast_call(mjai_fast_kind k)
{
    switch (k) {
    case MJAI_FAST_CHI: return PAIFU_EV_CHI;
    case MJAI_FAST_PON: return PAIFU_EV_PON;
    case MJAI_FAST_KAKAN: return PAIFU_EV_SHOUMINKAN;
    case MJAI_FAST_ANKAN: return PAIFU_EV_ANKAN;
    default: return PAIFU_EV_DAIMINKAN;
    }
}

static bool fast_fits(const mjai_reader *st, const mjai_fast_event *f)
{
    unsigned need;
    switch (f->kind) {
    case MJAI_FAST_TSUMO:
    case MJAI_FAST_DAHAI: need = MJAI_K_ACTOR | MJAI_K_PAI; break;
    case MJAI_FAST_REACH: need = MJAI_K_ACTOR; break;
    case MJAI_FAST_DORA: need = MJAI_K_DORA_MARKER; break;
    case MJAI_FAST_END_KYOKU: need = 0; break;
    case MJAI_FAST_KAKAN: need = MJAI_K_ACTOR | MJAI_K_PAI | MJAI_K_CONSUMED; break;
    case MJAI_FAST_ANKAN: need = MJAI_K_ACTOR | MJAI_K_CONSUMED; break;
    default: need = MJAI_K_ACTOR | MJAI_K_TARGET | MJAI_K_PAI | MJAI_K_CONSUMED; break;
    }
    if ((f->keys & need) != need)
        return false;
    if ((need & MJAI_K_ACTOR) && f->actor >= st->players)
        return false;
    if ((need & MJAI_K_TARGET) && f->target >= st->players)
        return false;
    if ((need & MJAI_K_CONSUMED) && f->n_consumed != call_consumes(fast_call(f->kind)))
        return false;
    return true;
}

/* Dispatch a fast event as on_event does its tree. */
static int on_fast(mjai_reader *st, const mjai_fast_event *f)
{
    int rc = f->kind == MJAI_FAST_DORA ? 0 : release_held(st);
    if (rc < 0 || (rc = need_deal(st, FAST_TYPES[f->kind])) < 0)
        return rc;
    switch (f->kind) {
    case MJAI_FAST_TSUMO: return do_tsumo(st, f->actor, f->pai);
    case MJAI_FAST_DAHAI:
        return do_dahai(st, f->actor, f->pai,
                        (f->keys & MJAI_K_TSUMOGIRI) ? (int)f->tsumogiri : -1);
    case MJAI_FAST_REACH: return do_reach(st, f->actor);
    case MJAI_FAST_DORA: return do_dora(st, f->dora_marker);
    case MJAI_FAST_END_KYOKU: st->deal_over = true; return 0;
    default: {
        paifu_event_type type = fast_call(f->kind);
        paifu_event e;
        paifu_event_init(&e, type, f->actor);
        if (call_claims(type))
            e.from = (int8_t)f->target;
        if (type != PAIFU_EV_ANKAN)
            e.tile = f->pai;
        memcpy(e.tiles, f->consumed, f->n_consumed * sizeof(paifu_tile));
        e.n = f->n_consumed;
        return do_call(st, &e);
    }
    }
}

/* ---- outcomes ---- */

/* Score changes: `deltas`, else the original dialect's `scores` after the event. */
static int read_deltas(mjai_reader *st, const json_t *ev, int32_t *deltas, int32_t *before,
                       uint16_t *known)
{
    int32_t after[PAIFU_SEATS];
    int rc = ints_at(&st->c, ev, "deltas", st->players, deltas);
    if (rc < 0)
        return rc;
    if (rc == 1) {
        *known |= PAIFU_REC_DELTAS;
        for (int s = 0; s < st->players; s++)
            st->running[s] += deltas[s];
        return 0;
    }
    if ((rc = ints_at(&st->c, ev, "scores", st->players, after)) <= 0)
        return rc;
    if (st->running_known) {
        for (int s = 0; s < st->players; s++)
            deltas[s] = after[s] - st->running[s];
        memcpy(before, st->running, sizeof(int32_t) * PAIFU_SEATS);
        *known |= PAIFU_REC_DELTAS | PAIFU_REC_SCORES;
    }
    memcpy(st->running, after, sizeof(after));
    st->running_known = true;
    return 0;
}

static int seat_wind(const mjai_reader *st, int seat)
{
    return (seat - st->start.dealer + st->players) % st->players;
}

static int add_yaku(mjai_reader *st, paifu_win *w, int id, int han, const char *name)
{
    if (w->n_yaku >= PAIFU_MAX_YAKU)
        return jerr(&st->c, "more than %d yaku in one win", PAIFU_MAX_YAKU);
    paifu_yaku_value *y = &w->yaku[w->n_yaku++];
    memset(y, 0, sizeof(*y));
    y->id = (uint16_t)id;
    y->han = (int16_t)han;
    y->count = 1;
    if (name && !(y->name = paifu_game_strndup(st->game, name, strlen(name))))
        return paifu_error_set(st->c.err, PAIFU_ENOMEM, NULL, "out of memory");
    return 0;
}

/* sangenpai: one yakuhai entry per dragon the winner holds three of (hand or melds). */
static int add_dragons(mjai_reader *st, paifu_win *w, const char *name)
{
    for (unsigned k = PAIFU_TILE_WHITE; k <= PAIFU_TILE_RED_DRAGON; k++) {
        unsigned n = st->meld_counts[w->winner][k];
        for (size_t i = 0; i < w->n_hand; i++)
            n += paifu_tile_kind(w->hand[i]) == k;
        int rc = n >= 3 ? add_yaku(st, w, PAIFU_YAKU_HAKU + (int)(k - PAIFU_TILE_WHITE), 1, name)
                        : 0;
        if (rc < 0)
            return rc;
    }
    return 0;
}

/* Original yakus: [[name, han], ...], yakuman as han 100 each (spec §4.4). */
static int read_yakus(mjai_reader *st, const json_t *ev, paifu_win *w)
{
    json_cursor *c = &st->c;
    const json_t *ys = json_object_get(ev, "yakus");
    if (!ys)
        return 0;
    size_t old = json_cursor_key(c, "yakus");
    if (!json_is_array(ys))
        return jerr(c, "expected [[name, han], ...], found %s", jtype(ys));
    for (size_t i = 0; i < json_array_size(ys); i++) {
        const json_t *y = json_array_get(ys, i);
        const json_t *n = json_array_get(y, 0), *h = json_array_get(y, 1);
        size_t o2 = json_cursor_index(c, i);
        if (!json_is_array(y) || !json_is_string(n) || !json_is_integer(h) ||
            json_integer_value(h) < 0 || json_integer_value(h) > 1000)
            return jerr(c, "expected [name, han], found %s", jtype(y));
        const char *name = json_string_value(n);
        int han = (int)json_integer_value(h), rc;
        if (han >= 100) {
            w->yakuman = (uint8_t)(w->yakuman + han / 100);
            han = PAIFU_YAKU_YAKUMAN_HAN * (han / 100);
        }
        if (strcmp(name, "sangenpai") == 0) {
            rc = add_dragons(st, w, name);
        } else if (strcmp(name, "jikaze") == 0 || strcmp(name, "bakaze") == 0) {
            int base = name[0] == 'j' ? PAIFU_YAKU_SEAT_WIND_EAST : PAIFU_YAKU_ROUND_WIND_EAST;
            int wind = name[0] == 'j' ? seat_wind(st, w->winner) : st->start.round_wind;
            rc = add_yaku(st, w, base + wind, han, name);
        } else {
            int id = paifu_yaku_from_name(name);
            if (id < 0)
                return jerr(c, "unknown yaku \"%.32s\"", name);
            rc = add_yaku(st, w, id, han, name);
        }
        if (rc < 0)
            return rc;
        json_cursor_pop(c, o2);
    }
    json_cursor_pop(c, old);
    w->known |= PAIFU_REC_YAKU;
    return 0;
}

static int add_fan(mjai_reader *st, paifu_win *w, const char *fan, long long count)
{
    /* akochan spells #56 Fully Concealed Hand "fully_concealed" */
    int id = paifu_mcr_fan_from_name(strcmp(fan, "fully_concealed") == 0 ? "fully_concealed_hand"
                                                                          : fan);
    if (id < 0)
        return jerr(&st->c, "unknown MCR fan \"%.32s\"", fan);
    int rc = add_yaku(st, w, id, paifu_mcr_fan_points(NULL, (unsigned)id), NULL);
    if (rc == 0)
        w->yaku[w->n_yaku - 1].count = (uint8_t)count;
    return rc;
}

/* akochan's MCR mode: info.bools (fans scored once) and info.integers (fan: count). */
static int read_mcr_fans(mjai_reader *st, const json_t *ev, paifu_win *w)
{
    json_cursor *c = &st->c;
    const json_t *info = json_object_get(ev, "info");
    if (!info)
        return 0;
    size_t old = json_cursor_key(c, "info");
    json_t *bools = json_object_get(info, "bools"), *ints = json_object_get(info, "integers");
    if (!json_is_object(info) || (bools && !json_is_array(bools)) ||
        (ints && !json_is_object(ints)))
        return jerr(c, "expected {\"bools\": [fan, ...], \"integers\": {fan: count}}");
    size_t i;
    const char *key;
    json_t *v;
    int rc = 0;
    json_array_foreach(bools, i, v)
    {
        if (!json_is_string(v))
            return jerr(c, "expected an MCR fan name, found %s", jtype(v));
        if ((rc = add_fan(st, w, json_string_value(v), 1)) < 0)
            return rc;
    }
    json_object_foreach(ints, key, v)
    {
        if (!json_is_integer(v) || json_integer_value(v) < 1 || json_integer_value(v) > 8)
            return jerr(c, "expected a count from 1 to 8 for fan \"%.32s\"", key);
        if ((rc = add_fan(st, w, key, json_integer_value(v))) < 0)
            return rc;
    }
    json_cursor_pop(c, old);
    w->known |= PAIFU_REC_YAKU;
    return 0;
}

static int read_value(mjai_reader *st, const json_t *ev, paifu_win *w)
{
    long long fan, fu;
    int rc;
    if ((rc = read_yakus(st, ev, w)) < 0 || (st->mcr && (rc = read_mcr_fans(st, ev, w)) < 0))
        return rc;
    if ((rc = jopt_int(&st->c, ev, "fan", 0, 10000, &fan)) < 0)
        return rc;
    if (rc == 1) {
        if (!st->mcr && fan >= 100) {
            w->yakuman = (uint8_t)(fan / 100);
            fan = PAIFU_YAKU_YAKUMAN_HAN * (fan / 100);
        }
        w->han = (int16_t)fan;
        w->known |= PAIFU_REC_HAN;
    }
    if (!st->mcr && (rc = jopt_int(&st->c, ev, "fu", 0, 200, &fu)) < 0)
        return rc;
    if (!st->mcr && rc == 1) {
        w->fu = (int16_t)(fu == 25 || fu % 10 == 0 ? fu : (fu + 9) / 10 * 10);
        w->known |= PAIFU_REC_FU;
    }
    return 0;
}

static int read_ura(mjai_reader *st, const json_t *ev, paifu_win *w)
{
    static const char *const KEYS[] = {"ura_markers", "uradora_markers", "uradora_marker"};
    for (size_t i = 0; i < sizeof(KEYS) / sizeof(KEYS[0]); i++) {
        const json_t *v = json_object_get(ev, KEYS[i]);
        if (!v)
            continue;
        size_t n, old = json_cursor_key(&st->c, KEYS[i]);
        int rc = tile_list(&st->c, v, w->ura, 0, PAIFU_MAX_INDICATORS, &n, NULL);
        if (rc < 0)
            return rc;
        json_cursor_pop(&st->c, old);
        if (st->riichi_seats >> w->winner & 1u) { /* as Tenhou: only a riichi winner has them */
            w->n_ura = (uint8_t)n;
            w->known |= PAIFU_REC_URA;
        }
        return 0;
    }
    return 0;
}

static int on_hora(mjai_reader *st, const json_t *ev)
{
    json_cursor *c = &st->c;
    paifu_win w;
    int who, from, rc;
    long long pao;
    paifu_win_init(&w);
    if ((rc = seat_at(st, ev, "actor", &who)) < 0 || (rc = seat_at(st, ev, "target", &from)) < 0 ||
        (rc = jopt_int(c, ev, "pao", 0, st->players - 1, &pao)) < 0)
        return rc;
    w.winner = (int8_t)who;
    w.from = (int8_t)from;
    w.pao = (int8_t)(rc == 1 && pao != who ? pao : -1);
    w.win_tile = who == from ? st->last_draw[who] : st->last_actor == from ? st->last_tile
                                                                           : PAIFU_TILE_NONE;
    if (json_object_get(ev, "pai") && (rc = req_tile(c, ev, "pai", &w.win_tile)) < 0)
        return rc;
    const json_t *th = json_object_get(ev, "hora_tehais");
    if (th) {
        size_t n, old = json_cursor_key(c, "hora_tehais");
        if ((rc = tile_list(c, th, w.hand, 1, PAIFU_MAX_HAND, &n, NULL)) < 0)
            return rc;
        json_cursor_pop(c, old);
        w.n_hand = (uint8_t)n;
        /* 3n+1 tiles: the hand before the winning tile; 3n+2: the original server's tsumo,
           whose hora_tehais already hold it (spec §4.3) */
        if (n % 3 != 2 && n < PAIFU_MAX_HAND && w.win_tile != PAIFU_TILE_NONE)
            w.hand[w.n_hand++] = w.win_tile;
        w.known |= PAIFU_REC_HAND;
    }
    if ((rc = read_ura(st, ev, &w)) < 0 || (rc = read_value(st, ev, &w)) < 0 ||
        (rc = read_deltas(st, ev, w.deltas, w.scores_before, &w.known)) < 0)
        return rc;
    return paifu_game_add_win(st->game, &w, c->line, 0, c->err);
}

static const struct {
    const char *reason;
    paifu_draw_kind kind;
} REASONS[] = {
    {"fanpai", PAIFU_DRAW_EXHAUSTIVE},    {"nagashimangan", PAIFU_DRAW_EXHAUSTIVE},
    {"kyushukyuhai", PAIFU_DRAW_KYUUSHU}, {"suchareach", PAIFU_DRAW_SUUCHA_RIICHI},
    {"sanchaho", PAIFU_DRAW_SANCHAHOU},   {"sufonrenta", PAIFU_DRAW_SUUFON},
    {"sukaikan", PAIFU_DRAW_SUUKAIKAN},
};

/* The Mortal dialect names no reason: the kind the events show (see the file header). */
static paifu_draw_kind deduce_draw(const mjai_reader *st, int *seat)
{
    int live = st->players == 3 ? 108 - 14 - 39 : 136 - 14 - 52;
    if (st->live_draws + st->replacements >= live)
        return PAIFU_DRAW_EXHAUSTIVE;
    for (int s = 0; s < st->players; s++)
        if (st->drew[s]) {
            *seat = s;
            return PAIFU_DRAW_KYUUSHU;
        }
    if (st->accepted == 4)
        return PAIFU_DRAW_SUUCHA_RIICHI;
    if (st->kans == 4)
        return PAIFU_DRAW_SUUKAIKAN;
    if (st->discards == 4 && !st->called && !st->kans && st->one_wind)
        return PAIFU_DRAW_SUUFON;
    return PAIFU_DRAW_SANCHAHOU;
}

static int draw_hands(mjai_reader *st, const json_t *ev, paifu_draw *d)
{
    json_cursor *c = &st->c;
    const json_t *t = json_object_get(ev, "tehais");
    if (!t)
        return 0;
    size_t old = json_cursor_key(c, "tehais");
    if (!json_is_array(t) || json_array_size(t) != (size_t)st->players)
        return jerr(c, "expected %d hands, found %s", st->players, jtype(t));
    for (int s = 0; s < st->players; s++) {
        size_t n, hidden = 0, o2 = json_cursor_index(c, (size_t)s);
        int rc = tile_list(c, json_array_get(t, (size_t)s), d->hands[s], 0, PAIFU_MAX_HAND, &n,
                           &hidden);
        if (rc < 0)
            return rc;
        if (!hidden && n) {
            d->n_hand[s] = (uint8_t)n;
            d->shown |= (uint8_t)(1u << s);
        }
        json_cursor_pop(c, o2);
    }
    json_cursor_pop(c, old);
    d->known |= PAIFU_REC_HAND;
    return 0;
}

static int read_tenpais(mjai_reader *st, const json_t *tp, paifu_draw *d)
{
    json_cursor *c = &st->c;
    size_t old = json_cursor_key(c, "tenpais");
    if (!json_is_array(tp) || json_array_size(tp) != (size_t)st->players)
        return jerr(c, "expected %d booleans, found %s", st->players, jtype(tp));
    for (int s = 0; s < st->players; s++) {
        const json_t *b = json_array_get(tp, (size_t)s);
        if (!json_is_boolean(b)) {
            json_cursor_index(c, (size_t)s);
            return jerr(c, "expected true or false, found %s", jtype(b));
        }
        if (json_is_true(b))
            d->tenpai |= (uint8_t)(1u << s);
    }
    json_cursor_pop(c, old);
    d->known |= PAIFU_REC_TENPAI;
    return 0;
}

static int on_ryukyoku(mjai_reader *st, const json_t *ev)
{
    json_cursor *c = &st->c;
    const char *reason = NULL;
    int seat = -1, rc;
    paifu_draw d;
    if ((rc = jopt_str(c, ev, "reason", &reason)) < 0)
        return rc;
    paifu_draw_kind kind = PAIFU_DRAW_EXHAUSTIVE;
    size_t r = 0;
    if (reason) {
        while (r < sizeof(REASONS) / sizeof(REASONS[0]) && strcmp(reason, REASONS[r].reason))
            r++;
        if (r == sizeof(REASONS) / sizeof(REASONS[0])) {
            json_cursor_key(c, "reason");
            return jerr(c, "unknown draw reason \"%.32s\" (expected fanpai, nagashimangan, "
                        "kyushukyuhai, suchareach, sanchaho, sufonrenta or sukaikan)", reason);
        }
        kind = REASONS[r].kind;
    } else {
        kind = deduce_draw(st, &seat);
    }
    paifu_draw_init(&d, kind);
    long long actor;
    if ((rc = jopt_int(c, ev, "actor", 0, st->players - 1, &actor)) < 0)
        return rc;
    d.seat = (int8_t)(rc == 1 ? actor : kind == PAIFU_DRAW_KYUUSHU ? seat : -1);
    if ((rc = draw_hands(st, ev, &d)) < 0 ||
        (rc = read_deltas(st, ev, d.deltas, d.scores_before, &d.known)) < 0)
        return rc;
    const json_t *tp = json_object_get(ev, "tenpais");
    if (tp && (rc = read_tenpais(st, tp, &d)) < 0)
        return rc;
    bool nagashi = reason && strcmp(reason, "nagashimangan") == 0;
    bool moves = false;
    for (int s = 0; s < st->players; s++)
        moves = moves || d.deltas[s] != 0;
    for (int s = 0; s < st->players && (d.known & PAIFU_REC_DELTAS); s++) {
        if (nagashi && d.deltas[s] > 0)
            d.nagashi |= (uint8_t)(1u << s);
        else if (!nagashi && !tp && kind == PAIFU_DRAW_EXHAUSTIVE && moves && d.deltas[s] > 0)
            d.tenpai |= (uint8_t)(1u << s); /* who receives noten payments was tenpai */
    }
    if (!nagashi && !tp && kind == PAIFU_DRAW_EXHAUSTIVE && moves)
        d.known |= PAIFU_REC_TENPAI;
    return paifu_game_add_draw(st->game, &d, c->line, 0, c->err);
}

static int on_end_game(mjai_reader *st, const json_t *ev)
{
    paifu_game_result res;
    memset(&res, 0, sizeof(res));
    int rc = ints_at(&st->c, ev, "scores", st->players, res.points);
    if (rc < 0)
        return rc;
    if (rc == 1) { /* original dialect: the final points (mjai has no uma) */
        res.has_points = true;
        paifu_game_set_result(st->game, &res);
    }
    st->ended = true;
    return 0;
}

/*
 * The original server's {"type":"error","message":...} (gimite/mjai): a bot's bad reply ended
 * the game. The game is read as truncated, the message kept as metadata mjai.error, and the
 * lines up to the next start_game are not read.
 */
static int on_error(mjai_reader *st, const json_t *ev)
{
    const json_t *m = json_object_get(ev, "message");
    int rc = paifu_game_set_meta(st->game, "mjai.error",
                                 json_is_string(m) ? json_string_value(m) : "(no message)",
                                 st->c.err);
    if (rc < 0)
        return rc;
    st->aborted = true;
    return 0;
}

/* ---- dispatch ---- */

static int on_event(mjai_reader *st, const json_t *ev, const char *type)
{
    static const struct {
        const char *type;
        paifu_event_type call;
    } CALLS[] = {
        {"chi", PAIFU_EV_CHI},         {"pon", PAIFU_EV_PON},   {"daiminkan", PAIFU_EV_DAIMINKAN},
        {"kan", PAIFU_EV_DAIMINKAN},   {"kakan", PAIFU_EV_SHOUMINKAN},
        {"ankan", PAIFU_EV_ANKAN},
    };
    int rc = strcmp(type, "dora") == 0 ? 0 : release_held(st);
    if (rc < 0)
        return rc;
    if (strcmp(type, "start_kyoku") == 0)
        return on_start_kyoku(st, ev);
    if (strcmp(type, "end_game") == 0)
        return on_end_game(st, ev);
    if (strcmp(type, "none") == 0 || strcmp(type, "hello") == 0 || strcmp(type, "join") == 0)
        return 0; /* protocol chatter */
    if ((rc = need_deal(st, type)) < 0)
        return rc;
    if (strcmp(type, "end_kyoku") == 0) {
        st->deal_over = true;
        return 0;
    }
    for (size_t i = 0; i < sizeof(CALLS) / sizeof(CALLS[0]); i++)
        if (strcmp(type, CALLS[i].type) == 0)
            return on_call(st, ev, CALLS[i].call);
    static const struct {
        const char *type;
        int (*fn)(mjai_reader *, const json_t *);
    } TURNS[] = {
        {"tsumo", on_tsumo},   {"dahai", on_dahai},       {"reach", on_reach},
        {"reach_accepted", on_reach_accepted},             {"dora", on_dora},
        {"hora", on_hora},     {"ryukyoku", on_ryukyoku}, {"nukidora", on_kita},
        {"kita", on_kita},
    };
    for (size_t i = 0; i < sizeof(TURNS) / sizeof(TURNS[0]); i++)
        if (strcmp(type, TURNS[i].type) == 0)
            return TURNS[i].fn(st, ev);
    if (strcmp(type, "error") == 0)
        return on_error(st, ev);
    json_cursor_key(&st->c, "type");
    return jerr(&st->c, "unknown mjai event type \"%.32s\"", type);
}

/* ---- reader ---- */

/* The next non-blank line as JSON (a match record's next event): 1 with *OUT, 0 at the end,
   or an error; 2 with *FAST instead when FAST is given and the line is a hot event the tree
   path would read without an error (paifu_mjai__fast_scan, fast_fits). */
static int next_line(mjai_reader *st, json_t **out, uint32_t *line, mjai_fast_event *fast,
                     paifu_error *err)
{
    if (st->record) {
        const json_t *events = json_object_get(st->record, "events");
        if (st->next_event >= json_array_size(events))
            return 0;
        *out = json_incref(json_array_get(events, st->next_event++));
        *line = 0;
        return 1;
    }
    for (;;) {
        const char *p = st->in.data + st->pos;
        const char *nl = memchr(p, '\n', st->in.size - st->pos);
        if (!nl && st->in.refill) { /* a streamed input: the window ends within the line */
            int rc = st->in.refill(st->in.refill_ctx, err);
            if (rc < 0)
                return rc;
            if (rc > 0)
                continue;
        }
        if (st->pos >= st->in.size)
            break;
        size_t len = nl ? (size_t)(nl - p) : st->in.size - st->pos;
        uint32_t here = ++st->line;
        st->pos += len + (nl ? 1 : 0);
        if (here == 1 && len >= 3 && (unsigned char)p[0] == 0xEF && (unsigned char)p[1] == 0xBB) {
            p += 3; /* UTF-8 byte order mark */
            len -= 3;
        }
        size_t i = 0;
        while (i < len && (p[i] == ' ' || p[i] == '\t' || p[i] == '\r'))
            i++;
        if (i == len)
            continue;
        *line = here;
        if (fast && paifu_mjai__fast_scan(p + i, len - i, fast) && fast_fits(st, fast))
            return 2;
        int rc = jload(out, p, len, JSON_REJECT_DUPLICATES, here - 1, st->in.source, err); /* jansson counts from 1 */
        if (rc < 0)
            return rc;
        *line = here;
        return 1;
    }
    return 0;
}

static void begin_game(mjai_reader *st, paifu_game *game)
{
    st->game = game;
    st->started = st->rules_set = st->ended = st->aborted = false;
    json_decref(st->carried);
    st->carried = NULL;
    st->east_only = false;
    st->aka = true;
    st->players = 4;
    st->running_known = false;
    st->in_deal = st->deal_over = false;
}

/*
 * A match record's header: players[].screen_name by seat (they name the bots, start_game only
 * "player0".."player3"), started_at as PAIFU_META_DATE and mjai.started_at, seatRank kept as
 * mjai.seat_rank.
 */
static int record_header(mjai_reader *st)
{
    json_cursor *c = &st->c;
    json_cursor_init(c, st->in.source, c->err);
    const json_t *players = json_object_get(st->record, "players");
    size_t old = json_cursor_key(c, "players");
    if (players && (!json_is_array(players) || json_array_size(players) > (size_t)st->players))
        return jerr(c, "expected up to %d players, found %s", st->players,
                    json_is_array(players) ? "more" : jtype(players));
    for (size_t i = 0; i < json_array_size(players); i++) {
        size_t o2 = json_cursor_index(c, i);
        const char *name = NULL;
        int rc = jopt_str(c, json_array_get(players, i), "screen_name", &name);
        if (rc < 0 || (name && (rc = paifu_game_set_player_name(st->game, (int)i, name,
                                                                 c->err)) < 0))
            return rc;
        json_cursor_pop(c, o2);
    }
    json_cursor_pop(c, old);
    const json_t *at = json_object_get(st->record, "started_at");
    if (at) {
        old = json_cursor_key(c, "started_at");
        char when[32];
        if (json_is_integer(at)) { /* Unix time, in seconds or milliseconds */
            long long t = json_integer_value(at);
            time_t secs = (time_t)(t > 100000000000LL ? t / 1000 : t);
            struct tm tm;
            if (t < 0 || !gmtime_r(&secs, &tm) ||
                !strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", &tm))
                return jerr(c, "expected the start time, found %lld", t);
        } else if (json_is_string(at)) {
            snprintf(when, sizeof(when), "%s", json_string_value(at));
        } else {
            return jerr(c, "expected the start time (a string or Unix time), found %s",
                        jtype(at));
        }
        char *text = json_dumps(at, JSON_COMPACT | JSON_ENCODE_ANY);
        if (!text)
            return paifu_error_set(c->err, PAIFU_ENOMEM, NULL, "out of memory");
        int rc = paifu_game_set_meta(st->game, "mjai.started_at", text, c->err);
        free(text);
        if (rc == 0)
            rc = paifu_game_set_meta(st->game, PAIFU_META_DATE, when, c->err);
        if (rc < 0)
            return rc;
        json_cursor_pop(c, old);
    }
    const json_t *rank = json_object_get(st->record, "seatRank");
    if (rank) {
        char *text = json_dumps(rank, JSON_COMPACT | JSON_ENCODE_ANY);
        if (!text)
            return paifu_error_set(c->err, PAIFU_ENOMEM, NULL, "out of memory");
        int rc = paifu_game_set_meta(st->game, "mjai.seat_rank", text, c->err);
        free(text);
        if (rc < 0)
            return rc;
    }
    return 0;
}

static int finish_game(mjai_reader *st)
{
    int rc = release_held(st);
    if (rc == 0 && st->record)
        rc = record_header(st);
    if (rc == 0 && !st->rules_set)
        rc = set_rules(st, false);
    if (!st->ended) {
        paifu_game_set_truncated(st->game, true);
        if (!paifu_game_deal_count(st->game)) /* the place of a cut before any deal */
            paifu_game_set_result_location(st->game, st->line, 1);
    }
    if (rc == 0)
        rc = paifu_game_set_source_format(st->game, "mjai", st->c.err);
    return rc < 0 ? rc : 1;
}

/* A match record is read whole once, before its first game (the lines otherwise). */
static int open_record(mjai_reader *st, paifu_error *err)
{
    st->record_checked = true;
    size_t i = jlead(st->in.data, st->in.size);
    if (i >= st->in.size || !match_record(st->in.data + i, st->in.size - i))
        return 0;
    for (int rc; st->in.refill && (rc = st->in.refill(st->in.refill_ctx, err)) != 0;)
        if (rc < 0) /* a streamed record is one game: read it all */
            return rc;
    json_t *root = NULL;
    paifu_error e;
    paifu_error_clear(&e);
    if (jload(&root, st->in.data, st->in.size, 0, 0, st->in.source, &e) < 0)
        return 0; /* JSON lines after all: read line by line */
    if (json_is_object(root) && json_is_array(json_object_get(root, "events")))
        st->record = root;
    else
        jfree(root);
    return 0;
}

static int reader_next(void *state, paifu_game *game, paifu_error *err)
{
    mjai_reader *st = state;
    int rc0 = st->record_checked ? 0 : open_record(st, err);
    if (rc0 < 0)
        return rc0;
    begin_game(st, game);
    for (;;) {
        json_t *ev = st->pending;
        uint32_t line = st->pending_line;
        int rc = 1;
        st->pending = NULL;
        mjai_fast_event fast;
        bool try_fast = st->started && !st->skipping && !st->record;
        if (!ev && (rc = next_line(st, &ev, &line, try_fast ? &fast : NULL, err)) < 0)
            return rc;
        if (rc == 0)
            return st->started ? finish_game(st) : 0;
        json_cursor_init(&st->c, st->in.source, err);
        st->c.line = line;
        if (rc == 2) { /* a hot event, read without a tree */
            if ((rc = on_fast(st, &fast)) < 0)
                return rc;
            continue;
        }
        if (st->record) {
            json_cursor_key(&st->c, "events");
            json_cursor_index(&st->c, st->next_event - 1);
        }
        const json_t *t = json_object_get(ev, "type");
        if (!json_is_object(ev) || !json_is_string(t)) {
            rc = jerr(&st->c, "expected an mjai event: an object with a \"type\", found %s",
                      json_is_object(ev) ? "no type" : jtype(ev));
            jfree(ev);
            return rc;
        }
        const char *type = json_string_value(t);
        bool start_game = strcmp(type, "start_game") == 0;
        if (st->skipping && !start_game) {
            jfree(ev);
            continue;
        }
        st->skipping = false;
        bool starts = start_game || strcmp(type, "start_kyoku") == 0;
        if (start_game && st->started) {
            st->pending = ev; /* the next game begins: this one ended without end_game */
            st->pending_line = line;
            return finish_game(st);
        }
        if (!st->started && !starts && strcmp(type, "none") != 0 && strcmp(type, "hello") != 0) {
            rc = jerr(&st->c, "a %s event before start_game or start_kyoku", type);
            jfree(ev);
            return rc;
        }
        st->started = st->started || starts;
        rc = start_game ? on_start_game(st, ev) : on_event(st, ev, type);
        jfree(ev);
        if (rc < 0)
            return rc;
        if (st->aborted) {
            st->skipping = true;
            return finish_game(st);
        }
        if (st->ended)
            return finish_game(st);
    }
}

static void reader_free(void *state)
{
    mjai_reader *st = state;
    if (!st)
        return;
    jfree(st->pending);
    jfree(st->record);
    json_decref(st->carried);
    free(st);
}

/* Streaming (format.h): the reader needs the bytes from its next line on; it reads on within
   a game line by line (next_line). A match record is read whole: its pos stays 0. */
JSTREAM_HEAD_OK(mjai_reader);

static size_t line_end(const char *d, size_t from, size_t size)
{
    const char *nl = memchr(d + from, '\n', size - from);
    return nl ? (size_t)(nl - d) + 1 : size;
}

const format_impl paifu_format_mjai = {
    .info = {.name = "mjai",
             .description = "mjai event log (JSON lines; original and Mortal dialects; RiichiLab "
                            "match records)",
             .can_read = true,
             .can_write = true,
             .carries = PAIFU_CARRIES_TSUMOGIRI | PAIFU_CARRIES_RULES,
             .extension = ".mjson"},
    .sniff = sniff,
    .resembles = resembles,
    .reader_size = sizeof(mjai_reader),
    .reader_next = reader_next,
    .reader_free = reader_free,
    .writer = &paifu_mjai__writer,
    .multi_game = true,
    .stream_span = jstream_span,
    .game_end = line_end,
    .stream_rebase = jstream_rebase,
};
