/*
 * tenhou6_deal.c: one tenhou.net/6 round array onto the model (spec §3-§8).
 *
 * A round lists, per seat, the tiles that came in ("takes") and went out ("discards"), but no
 * global order. The order is rebuilt by simulation (spec §8.2): the dealer draws first; after a
 * draw the seat's next discard entry says what it did (a discard, or a kan/kita followed by a
 * replacement draw); after a discard the next actor is a seat whose next take is a call of that
 * very tile from that discarder (pon and open kan from any seat, chi only by the next seat), or
 * else the next seat, which draws. A discard that two call strings (or a call string and a pass)
 * could answer is a choice point: the search is depth-first with rollback (rebuild_order), and
 * an order is accepted when every entry of every list is used and the last step fits the result
 * (a tsumo on the winner's draw, a ron on the discarder's discard or kan). When no order fits
 * the result, the first order that uses every entry is taken and the verifier reports what does
 * not fit; when none uses every entry the round is malformed (PAIFU_EFORMAT at $.log[i]).
 *
 * Events (as the Tenhou XML reader makes them, formats/tenhou/mjlog_deal.c):
 *   takes     DRAW (REPLACEMENT after a kan or kita), CHI/PON/DAIMINKAN with `tile` the called
 *             tile, `tiles` the hand tiles and `from` the discarder
 *   discards  DISCARD with TSUMOGIRI_KNOWN always and TSUMOGIRI for 60 (spec §6: exactly the
 *             XML's rule), RIICHI for "r"; SHOUMINKAN (`tile` the added tile, `tiles` the pon's);
 *             ANKAN (`tiles` the four); KITA (the North); the 0 placeholder makes none
 *   riichi    the format has no acceptance step; the deposit is inferred (spec §8.3): a riichi
 *             discard that the next step passes (a draw or a call) gets RIICHI_ACCEPTED right
 *             after it; one won on gets none; a fourth riichi ending the round in an abortive
 *             draw gets one (Tenhou's reach4)
 *   kan dora  the list gives the indicators, not their moment; they are placed where Tenhou's
 *             XML has them: a closed kan's right after the kan; an open or added kan's at its
 *             owner's next action, before a discard (XML: N, T, DORA, D) or right after a
 *             further kan (N, T, N, DORA, T, DORA, D); indicators are handed out in list order
 *             while they last (a rinshan win after an open kan and a robbed kan reveal none,
 *             and Tenhou lists none for them)
 *   names     Tenhou's yaku, limit and result names, and tensoul's (MahjongSoul's fan names in
 *             Japanese and English from majsoul_names.c, "30Fu2Han", "Haneman 18000点",
 *             "Exhaustive Draw", 四開槓, ...: tensoul's convert.js RUNES); a MahjongSoul local
 *             yaku sets PAIFU_META_RULES_UNKNOWN; tensoul's "(役満)" after a double yakuman of
 *             MahjongSoul's table (yiman 2) in a "majsoul" log counts two
 *   result    one WIN per winner (spec §7.1) with the recorded deltas, the limit, fu and han of
 *             the score string (han: the sum of the yaku, 13 per yakuman entry, as the XML
 *             reader counts them), the points (a tsumo's total is what the string's payments add
 *             up to) and the tsumo split, dora indicators, ura indicators for a winner who
 *             declared riichi (spec §3); draws per spec §7.2, deltas always known (absent = 0),
 *             tenpai from the noten payments (who receives was tenpai), nagashi from who is paid
 */
#include "format.h"
#include "tenhou6.h"
#include "majsoul_names.h"

#include <paifu/yaku.h>
#include <stdio.h>
#include <string.h>

#define MAX_POINTS   100000000LL /* |points| accepted anywhere (10^8) */
#define SEARCH_LIMIT 200000u     /* steps the turn-order search may take per round */

/* ---- tile codes (spec §4) ---- */

bool paifu_tenhou6__tile(long long code, paifu_tile *out)
{
    long long suit = code / 10, num = code % 10;
    if (code >= 51 && code <= 53) {
        *out = paifu_tile_make((unsigned)((code - 51) * 9 + 4), true);
        return true;
    }
    if (suit < 1 || suit > 4 || num < 1 || (suit == 4 && num > 7))
        return false;
    *out = paifu_tile_make((unsigned)((suit - 1) * 9 + num - 1), false);
    return true;
}

static bool same_tile(paifu_tile a, paifu_tile b)
{
    return paifu_tile_kind(a) == paifu_tile_kind(b) && paifu_tile_is_red(a) == paifu_tile_is_red(b);
}

static int code_at(json_cursor *c, const t6_state *st, const char *s, size_t i, paifu_tile *out)
{
    if (s[i] < '0' || s[i] > '9' || s[i + 1] < '0' || s[i + 1] > '9')
        return jerr(c, "expected two-digit tile codes in \"%.24s\"", s);
    long long code = (s[i] - '0') * 10 + (s[i + 1] - '0');
    if (!paifu_tenhou6__tile(code, out))
        return jerr(c, "%lld in \"%.24s\" is not a tile code (11-19, 21-29, 31-39, 41-47, "
                    "51-53)", code, s);
    if (paifu_tile_is_red(*out) && !st->reds)
        return jerr(c, "red five %lld in \"%.24s\" in a game without red fives", code, s);
    return 0;
}

/* ---- list entries (spec §5, §6) ---- */

/*
 * A call string: two-digit codes with one letter among them. Returns the letter and its
 * position; codes[] gets the codes in order, the one after the letter first.
 */
static int split_call(json_cursor *c, const t6_state *st, const char *s, char *letter, size_t *pos,
                      paifu_tile *codes, size_t *n)
{
    size_t len = strlen(s), p = 0;
    while (p < len && s[p] >= '0' && s[p] <= '9')
        p++;
    if (p == len || p % 2 || (len - 1) % 2 || (len - 1) / 2 > 4 || len < 3)
        return jerr(c, "expected a call string such as \"c232425\" or \"45p4545\", found "
                    "\"%.24s\"", s);
    *letter = s[p];
    *pos = p;
    *n = 0;
    int rc = code_at(c, st, s, p + 1, &codes[(*n)++]);
    for (size_t i = 0; rc == 0 && i < p; i += 2)
        rc = code_at(c, st, s, i, &codes[(*n)++]);
    for (size_t i = p + 3; rc == 0 && i < len; i += 2)
        rc = code_at(c, st, s, i, &codes[(*n)++]);
    return rc;
}

/* Source offset of a pon/open kan from the letter's position (spec §5 tables). */
static int call_offset(char letter, size_t pos)
{
    if (letter == 'p' || letter == 'k')
        return pos == 0 ? 3 : pos == 2 ? 2 : pos == 4 ? 1 : -1;
    if (letter == 'm')
        return pos == 0 ? 3 : pos == 2 ? 2 : pos == 6 ? 1 : -1;
    return -1;
}

static int read_take_string(json_cursor *c, const t6_state *st, const char *s, t6_item *it)
{
    char letter;
    size_t pos, n;
    paifu_tile codes[5];
    int rc = split_call(c, st, s, &letter, &pos, codes, &n);
    if (rc < 0)
        return rc;
    int offset = call_offset(letter, pos);
    if (letter == 'c' && pos == 0 && n == 3) {
        it->kind = T6_CHI;
        it->offset = 3; /* always from the previous player */
    } else if (letter == 'p' && n == 3 && offset > 0) {
        it->kind = T6_PON;
        it->offset = (uint8_t)offset;
    } else if (letter == 'm' && n == 4 && offset > 0) {
        it->kind = T6_DAIMINKAN;
        it->offset = (uint8_t)offset;
    } else {
        return jerr(c, "expected a chi (\"c\" + 3 codes), pon (\"p\" before the called tile) or "
                    "open kan (\"m\") string among the takes, found \"%.24s\"", s);
    }
    it->tile = codes[0];
    it->n = (uint8_t)(n - 1);
    memcpy(it->tiles, codes + 1, n - 1);
    return 0;
}

static int read_out_string(json_cursor *c, const t6_state *st, const char *s, t6_item *it)
{
    if (s[0] == 'r' && strlen(s) == 3) {
        it->kind = T6_DISCARD;
        it->riichi = true;
        if (strcmp(s + 1, "60") == 0) {
            it->tsumogiri = true;
            return 0;
        }
        return code_at(c, st, s, 1, &it->tile);
    }
    char letter;
    size_t pos, n;
    paifu_tile codes[5];
    int rc = split_call(c, st, s, &letter, &pos, codes, &n);
    if (rc < 0)
        return rc;
    if (letter == 'k' && n == 4 && call_offset('k', pos) > 0) {
        it->kind = T6_SHOUMINKAN;
        it->tile = codes[0];
        it->n = 3;
        memcpy(it->tiles, codes + 1, 3);
    } else if (letter == 'a' && pos == 6 && n == 4) {
        it->kind = T6_ANKAN;
        it->n = 4;
        memcpy(it->tiles, codes + 1, 3); /* the three before the letter, then the fourth */
        it->tiles[3] = codes[0];
    } else if (letter == 'f' && pos == 0 && n == 1 && paifu_tile_kind(codes[0]) == PAIFU_TILE_NORTH) {
        it->kind = T6_KITA;
        it->tile = codes[0];
    } else {
        return jerr(c, "expected a riichi (\"r\" + code), added kan (\"k\"), closed kan (\"a\") or "
                    "kita (\"f44\") string among the discards, found \"%.24s\"", s);
    }
    return 0;
}

static int read_item(json_cursor *c, const t6_state *st, const json_t *v, bool out, t6_item *it)
{
    memset(it, 0, sizeof(*it));
    it->tile = PAIFU_TILE_NONE;
    if (json_is_string(v))
        return out ? read_out_string(c, st, json_string_value(v), it)
                   : read_take_string(c, st, json_string_value(v), it);
    if (!json_is_integer(v))
        return jerr(c, "expected a tile code or a call string, found %s", jtype(v));
    long long code = json_integer_value(v);
    if (out && code == 60) {
        it->kind = T6_DISCARD;
        it->tsumogiri = true;
        return 0;
    }
    if (out && code == 0) {
        it->kind = T6_PLACEHOLDER;
        return 0;
    }
    if (!paifu_tenhou6__tile(code, &it->tile))
        return jerr(c, "expected a tile code (11-19, 21-29, 31-39, 41-47, 51-53%s), found %lld",
                    out ? ", 60 or 0" : "", code);
    if (paifu_tile_is_red(it->tile) && !st->reds)
        return jerr(c, "red five %lld in a game without red fives", code);
    it->kind = out ? T6_DISCARD : T6_DRAW;
    return 0;
}

static int read_list(json_cursor *c, t6_state *st, const json_t *deal, size_t idx, bool out,
                     int seat)
{
    const json_t *v = json_array_get(deal, idx);
    size_t old = json_cursor_index(c, idx);
    if (!json_is_array(v))
        return jerr(c, "expected the %s of seat %d (an array), found %s",
                    out ? "discards" : "takes", seat, jtype(v));
    size_t n = json_array_size(v);
    if (n > T6_MAX_ITEMS)
        return jerr(c, "more than %d entries in one list", T6_MAX_ITEMS);
    if (seat >= st->players && n)
        return jerr(c, "seat %d does not play in a 3-player game, but has entries", seat);
    t6_item *items = out ? st->outs[seat] : st->takes[seat];
    for (size_t i = 0; i < n; i++) {
        size_t o2 = json_cursor_index(c, i);
        int rc = read_item(c, st, json_array_get(v, i), out, &items[i]);
        if (rc < 0)
            return rc;
        json_cursor_pop(c, o2);
    }
    if (out)
        st->n_outs[seat] = (uint8_t)n;
    else
        st->n_takes[seat] = (uint8_t)n;
    json_cursor_pop(c, old);
    return 0;
}

/* An array of at most CAP tile codes. */
static int read_codes(json_cursor *c, const t6_state *st, const json_t *deal, size_t idx,
                      paifu_tile *out, size_t min, size_t cap, size_t *n_out, const char *what)
{
    const json_t *v = json_array_get(deal, idx);
    size_t old = json_cursor_index(c, idx);
    if (!json_is_array(v) || json_array_size(v) < min || json_array_size(v) > cap)
        return jerr(c, "expected %s: an array of %zu to %zu tile codes, found %s", what, min, cap,
                    json_is_array(v) ? "another length" : jtype(v));
    size_t n = json_array_size(v);
    for (size_t i = 0; i < n; i++) {
        const json_t *e = json_array_get(v, i);
        size_t o2 = json_cursor_index(c, i);
        if (!json_is_integer(e) || !paifu_tenhou6__tile(json_integer_value(e), &out[i]))
            return jerr(c, "expected a tile code (11-19, 21-29, 31-39, 41-47, 51-53), found %s",
                        jtype(e));
        if (paifu_tile_is_red(out[i]) && !st->reds)
            return jerr(c, "red five in a game without red fives");
        json_cursor_pop(c, o2);
    }
    *n_out = n;
    json_cursor_pop(c, old);
    return 0;
}

static int read_int_array(json_cursor *c, const json_t *v, size_t n, long long min, long long max,
                          int32_t *out, const char *what)
{
    if (!json_is_array(v) || json_array_size(v) != n)
        return jerr(c, "expected %s: an array of %zu integers, found %s", what, n,
                    json_is_array(v) ? "another length" : jtype(v));
    for (size_t i = 0; i < n; i++) {
        const json_t *e = json_array_get(v, i);
        size_t o2 = json_cursor_index(c, i);
        if (!json_is_integer(e) || json_integer_value(e) < min || json_integer_value(e) > max)
            return jerr(c, "expected an integer from %lld to %lld, found %s", min, max, jtype(e));
        out[i] = (int32_t)json_integer_value(e);
        json_cursor_pop(c, o2);
    }
    return 0;
}

/* ---- the turn order (spec §8.2) ---- */

enum t6_phase {
    PH_TAKE,       /* the actor draws from the live wall */
    PH_REPLACE,    /* the actor draws a replacement tile */
    PH_OUT,        /* the actor, having drawn, acts with its next discard entry */
    PH_AFTER_CALL, /* the actor called chi or pon and must discard */
    PH_AFTER_KAN,  /* the actor called an open kan: its 0 placeholder, then a replacement */
    PH_REACT,      /* the actor discarded: someone calls, or the next seat draws */
    PH_END_DRAW,   /* ended after the actor's draw (tsumo, nine terminals) */
    PH_END_OUT,    /* ended after the actor's discard, kan or kita (ron, draws) */
    PH_FAIL
};

typedef struct t6_search {
    t6_state *st;
    int players;
    t6_sim sim;
    size_t n_choices;
    uint32_t work;
    int need_seat;     /* end must be by this seat (-1: any) */
    int need_phase;    /* PH_END_DRAW or PH_END_OUT, -1: any */
} t6_search;

static bool all_used(const t6_search *s, const t6_sim *m)
{
    for (int p = 0; p < PAIFU_SEATS; p++)
        if (m->ti[p] < s->st->n_takes[p] || m->di[p] < s->st->n_outs[p])
            return false;
    return true;
}

/* A dead end: WHY says what seat SEAT's entries could not do (kept for the deepest one). */
static void fail(t6_search *s, const char *why, int seat)
{
    if (s->sim.n_steps >= s->st->fail_steps) {
        s->st->fail_steps = s->sim.n_steps;
        snprintf(s->st->fail_why, sizeof(s->st->fail_why), "seat %d %s", seat, why);
    }
    s->sim.phase = PH_FAIL;
}

static void push_step(t6_search *s, int seat, bool out, int index, paifu_tile tile, int from)
{
    t6_step *p = &s->st->steps[s->sim.n_steps++];
    p->seat = (uint8_t)seat;
    p->out = out;
    p->index = (uint8_t)index;
    p->replacement = !out && s->sim.phase == PH_REPLACE;
    p->from = (int8_t)from;
    p->tile = tile;
}

static void end_or_fail(t6_search *s, int end_phase, const char *why)
{
    if (all_used(s, &s->sim))
        s->sim.phase = (uint8_t)end_phase;
    else
        fail(s, why, s->sim.actor);
}

/* A draw: the actor's next take must be a tile. */
static void step_draw(t6_search *s)
{
    t6_sim *m = &s->sim;
    int a = m->actor;
    if (m->ti[a] >= s->st->n_takes[a]) {
        fail(s, "has no take left for its draw", a);
        return;
    }
    const t6_item *it = &s->st->takes[a][m->ti[a]];
    if (it->kind != T6_DRAW) {
        fail(s, "has a call as its next take where it must draw", a);
        return;
    }
    push_step(s, a, false, m->ti[a]++, it->tile, -1);
    m->drawn[a] = it->tile;
    m->phase = PH_OUT;
    if (m->di[a] >= s->st->n_outs[a])
        end_or_fail(s, PH_END_DRAW, "has no discard entry left but the round goes on");
}

/* After a draw: the actor's next discard entry. */
static void step_out(t6_search *s)
{
    t6_sim *m = &s->sim;
    int a = m->actor;
    const t6_item *it = &s->st->outs[a][m->di[a]];
    if (it->kind == T6_PLACEHOLDER) {
        fail(s, "has a 0 placeholder without an open kan", a);
        return;
    }
    if (it->kind == T6_DISCARD) {
        paifu_tile t = it->tsumogiri ? m->drawn[a] : it->tile;
        if (t == PAIFU_TILE_NONE) {
            fail(s, "discards 60 (tsumogiri) without a drawn tile", a);
            return;
        }
        push_step(s, a, true, m->di[a]++, t, -1);
        m->out_tile = t;
        m->drawn[a] = PAIFU_TILE_NONE;
        m->phase = PH_REACT;
        if (all_used(s, m))
            m->phase = PH_END_OUT;
        return;
    }
    /* added kan, closed kan, kita: a replacement draw follows unless the round ends here */
    paifu_tile t = it->kind == T6_ANKAN ? it->tiles[0] : it->tile;
    push_step(s, a, true, m->di[a]++, t, -1);
    m->out_tile = t;
    m->drawn[a] = PAIFU_TILE_NONE;
    m->phase = PH_REPLACE;
    if (m->ti[a] >= s->st->n_takes[a])
        end_or_fail(s, PH_END_OUT, "declares a kan but has no replacement take");
}

static void step_after_call(t6_search *s)
{
    t6_sim *m = &s->sim;
    int a = m->actor;
    if (m->di[a] >= s->st->n_outs[a]) {
        fail(s, "calls but has no discard after it", a);
        return;
    }
    const t6_item *it = &s->st->outs[a][m->di[a]];
    if (it->kind != T6_DISCARD || it->tsumogiri) {
        fail(s, "has no discard from the hand after its chi or pon", a);
        return;
    }
    push_step(s, a, true, m->di[a]++, it->tile, -1);
    m->out_tile = it->tile;
    m->phase = all_used(s, m) ? PH_END_OUT : PH_REACT;
}

static void step_after_kan(t6_search *s)
{
    t6_sim *m = &s->sim;
    int a = m->actor;
    if (m->di[a] < s->st->n_outs[a]) {
        if (s->st->outs[a][m->di[a]].kind != T6_PLACEHOLDER) {
            fail(s, "has no 0 placeholder after its open kan", a);
            return;
        }
        m->di[a]++;
    }
    m->phase = PH_REPLACE;
}

/* Options after a discard: callers (pon/kan first, then chi), then the next seat's draw. */
static size_t react_options(const t6_search *s, const t6_sim *m, int *opt)
{
    size_t n = 0;
    int d = m->actor;
    for (int k = 1; k < s->players; k++) {
        int x = (d + k) % s->players;
        if (m->ti[x] >= s->st->n_takes[x])
            continue;
        const t6_item *it = &s->st->takes[x][m->ti[x]];
        if ((it->kind == T6_PON || it->kind == T6_DAIMINKAN) && (x + it->offset) % 4 == d &&
            same_tile(it->tile, m->out_tile))
            opt[n++] = x;
    }
    int next = (d + 1) % s->players;
    if (m->ti[next] < s->st->n_takes[next]) {
        const t6_item *it = &s->st->takes[next][m->ti[next]];
        if (it->kind == T6_CHI && same_tile(it->tile, m->out_tile))
            opt[n++] = next;
    }
    opt[n++] = -1; /* nobody calls */
    return n;
}

static void apply_option(t6_search *s, int caller)
{
    t6_sim *m = &s->sim;
    int d = m->actor;
    if (caller < 0) {
        m->actor = (int8_t)((d + 1) % s->players);
        m->phase = PH_TAKE;
        return;
    }
    const t6_item *it = &s->st->takes[caller][m->ti[caller]];
    push_step(s, caller, false, m->ti[caller]++, it->tile, d);
    m->drawn[caller] = PAIFU_TILE_NONE;
    m->actor = (int8_t)caller;
    m->phase = it->kind == T6_DAIMINKAN ? PH_AFTER_KAN : PH_AFTER_CALL;
}

/* Resume from the latest choice point with an untried option; false when none is left. */
static bool backtrack(t6_search *s)
{
    while (s->n_choices) {
        t6_choice *ch = &s->st->choices[s->n_choices - 1];
        int opt[PAIFU_SEATS + 1];
        size_t n = react_options(s, &ch->sim, opt);
        if (ch->next < n) {
            s->sim = ch->sim;
            apply_option(s, opt[ch->next++]);
            return true;
        }
        s->n_choices--;
    }
    return false;
}

static bool end_fits(const t6_search *s)
{
    return (s->need_phase < 0 || s->sim.phase == s->need_phase) &&
           (s->need_seat < 0 || s->sim.actor == s->need_seat);
}

/* Run the search; 0 on success (steps in st->steps[0..sim.n_steps)), -1 when nothing fits. */
static int search(t6_search *s, int dealer)
{
    memset(&s->sim, 0, sizeof(s->sim));
    for (int p = 0; p < PAIFU_SEATS; p++)
        s->sim.drawn[p] = PAIFU_TILE_NONE;
    s->sim.actor = (int8_t)dealer;
    s->sim.phase = PH_TAKE;
    s->n_choices = 0;
    for (;;) {
        if (++s->work > SEARCH_LIMIT)
            return -2;
        switch (s->sim.phase) {
        case PH_TAKE:
        case PH_REPLACE: step_draw(s); break;
        case PH_OUT: step_out(s); break;
        case PH_AFTER_CALL: step_after_call(s); break;
        case PH_AFTER_KAN: step_after_kan(s); break;
        case PH_REACT: {
            t6_choice *ch = &s->st->choices[s->n_choices++];
            ch->sim = s->sim;
            ch->next = 0;
            if (!backtrack(s))
                return -1;
            break;
        }
        case PH_END_DRAW:
        case PH_END_OUT:
            if (end_fits(s))
                return 0;
            fail(s, "ends the round in a way that does not fit the result", s->sim.actor);
            if (!backtrack(s))
                return -1;
            break;
        default:
            if (!backtrack(s))
                return -1;
            break;
        }
    }
}

/* ---- the result (spec §7) ---- */

const char *const paifu_tenhou6__yaku_names[T6_YAKU_NAMES] = {
    "門前清自摸和",   "立直",     "一発",     "槍槓",       "嶺上開花",     "海底摸月",
    "河底撈魚",       "平和",     "断幺九",   "一盃口",     "自風 東",      "自風 南",
    "自風 西",        "自風 北",  "場風 東",  "場風 南",    "場風 西",      "場風 北",
    "役牌 白",        "役牌 發",  "役牌 中",  "両立直",     "七対子",       "混全帯幺九",
    "一気通貫",       "三色同順", "三色同刻", "三槓子",     "対々和",       "三暗刻",
    "小三元",         "混老頭",   "二盃口",   "純全帯幺九", "混一色",       "清一色",
    "人和",           "天和",     "地和",     "大三元",     "四暗刻",       "四暗刻単騎",
    "字一色",         "緑一色",   "清老頭",   "九蓮宝燈",   "純正九蓮宝燈", "国士無双",
    "国士無双１３面", "大四喜",   "小四喜",   "四槓子",     "ドラ",         "裏ドラ",
    "赤ドラ",         "抜きドラ",
};

/* Does NAME, without spaces, spell TENHOU with TENHOU's spaces left out? */
static bool same_name(const char *name, const char *tenhou)
{
    for (;; tenhou++) {
        if (*tenhou == ' ')
            continue;
        if (*name != *tenhou)
            return false;
        if (!*name)
            return true;
        name++;
    }
}

/* The id of a yaku name as Tenhou prints it (tenhou-xml.md §4.12), spaces ignored (*TENHOU
 * set); else MahjongSoul's fan names, Japanese and English, as tensoul writes them
 * (majsoul_names.c; *FAN set to the row, the seat and round wind fans resolved for the winner
 * of a deal starting as ST); else the romanised/English spellings paifu_yaku_from_name knows.
 * -1 for none. */
static int yaku_id(const char *name, size_t len, const paifu_deal_start *st, int winner,
                   int players, bool *tenhou, const ms_fan **fan)
{
    char buf[64];
    size_t n = 0;
    *tenhou = false;
    *fan = NULL;
    for (size_t i = 0; i < len && n + 1 < sizeof(buf); i++) {
        if (name[i] == ' ')
            continue;
        if (i + 2 < len && (unsigned char)name[i] == 0xE3 && (unsigned char)name[i + 1] == 0x80 &&
            (unsigned char)name[i + 2] == 0x80) { /* U+3000 ideographic space */
            i += 2;
            continue;
        }
        buf[n++] = name[i];
    }
    buf[n] = '\0';
    for (size_t i = 0; i < T6_YAKU_NAMES; i++)
        if (same_name(buf, paifu_tenhou6__yaku_names[i])) {
            *tenhou = true;
            return (int)i;
        }
    if (strcmp(buf, "国士無双13面") == 0)
        return PAIFU_YAKU_KOKUSHI_MUSOU_13;
    const ms_fan *row = paifu_majsoul__fan_named(name, len);
    if (row) {
        *fan = row;
        return paifu_majsoul__fan_yaku(row, winner, st->dealer, st->round_wind, players);
    }
    char raw[64];
    snprintf(raw, sizeof(raw), "%.*s", (int)len, name);
    if (strcmp(raw, "Red Fives") == 0)
        return PAIFU_YAKU_AKA_DORA;
    return paifu_yaku_from_name(raw);
}

static bool eat(const char **p, const char *lit)
{
    size_t n = strlen(lit);
    if (strncmp(*p, lit, n) != 0)
        return false;
    *p += n;
    return true;
}

static bool number(const char **p, long long *out)
{
    const char *s = *p;
    long long v = 0;
    if (*s < '0' || *s > '9')
        return false;
    for (; *s >= '0' && *s <= '9'; s++)
        if ((v = v * 10 + (*s - '0')) > MAX_POINTS)
            return false;
    *p = s;
    *out = v;
    return true;
}

/* "30符4飜7700点", "満貫2000-4000点", "跳満6000点∀" (spec §7.1 scoreString). */
static int parse_score(json_cursor *c, const char *s, paifu_win *w, bool tsumo, int players)
{
    /* Tenhou's limit names, then tensoul's (convert.js RUNES: its Japanese 切り上げ満貫 and its
       romaji and English columns, each followed by a space) */
    static const struct {
        const char *text;
        uint8_t limit;
    } LIMITS[] = {
        {"満貫", PAIFU_LIMIT_MANGAN},
        {"跳満", PAIFU_LIMIT_HANEMAN},
        {"倍満", PAIFU_LIMIT_BAIMAN},
        {"三倍満", PAIFU_LIMIT_SANBAIMAN},
        {"役満", PAIFU_LIMIT_YAKUMAN},
        {"数え役満", PAIFU_LIMIT_YAKUMAN},
        {"切り上げ満貫", PAIFU_LIMIT_MANGAN},
        {"Kiriage Mangan ", PAIFU_LIMIT_MANGAN},
        {"Rounded Mangan ", PAIFU_LIMIT_MANGAN},
        {"Mangan ", PAIFU_LIMIT_MANGAN},
        {"Haneman ", PAIFU_LIMIT_HANEMAN},
        {"Baiman ", PAIFU_LIMIT_BAIMAN},
        {"Sanbaiman ", PAIFU_LIMIT_SANBAIMAN},
        {"Kazoe Yakuman ", PAIFU_LIMIT_YAKUMAN},
        {"Counted Yakuman ", PAIFU_LIMIT_YAKUMAN},
        {"Yakuman ", PAIFU_LIMIT_YAKUMAN},
    };
    const char *p = s;
    long long fu, han, a, b = -1;
    if (number(&p, &fu)) { /* 30符2飜, tensoul's English 30Fu2Han */
        if (!(eat(&p, "符") || eat(&p, "Fu")) || !number(&p, &han) ||
            !(eat(&p, "飜") || eat(&p, "Han")))
            goto bad;
        w->fu = (int16_t)(fu > 32767 ? 32767 : fu);
        w->limit = PAIFU_LIMIT_NONE;
        w->known |= PAIFU_REC_FU;
    } else {
        size_t i = 0;
        while (i < sizeof(LIMITS) / sizeof(LIMITS[0]) && !eat(&p, LIMITS[i].text))
            i++;
        if (i == sizeof(LIMITS) / sizeof(LIMITS[0]))
            goto bad;
        w->limit = LIMITS[i].limit;
    }
    w->known |= PAIFU_REC_LIMIT;
    if (!number(&p, &a) || (eat(&p, "-") && !number(&p, &b)) || !eat(&p, "点"))
        goto bad;
    bool all = eat(&p, "∀");
    if (*p || (all && b >= 0) || (!tsumo && (all || b >= 0)) || (tsumo && !all && b < 0))
        goto bad;
    if (!tsumo) {
        w->points = (int32_t)a;
    } else if (all) { /* dealer's tsumo: each other player pays A */
        w->payment_nondealer = (int32_t)a;
        w->payment_dealer = 0;
        w->points = (int32_t)(a * (players - 1));
        w->known |= PAIFU_REC_PAYMENTS;
    } else {          /* non-dealer's tsumo: A from each non-dealer, B from the dealer */
        w->payment_nondealer = (int32_t)a;
        w->payment_dealer = (int32_t)b;
        w->points = (int32_t)(a * (players - 2) + b);
        w->known |= PAIFU_REC_PAYMENTS;
    }
    w->known |= PAIFU_REC_POINTS;
    return 0;
bad:
    return jerr(c, "expected a score such as \"30符4飜7700点\", \"満貫2000-4000点\" or "
                "\"跳満6000点∀\"%s, found \"%.40s\"", tsumo ? " for a tsumo" : " for a ron", s);
}

/* "立直(1飜)", "大三元(役満)" (spec §7.1 yaku strings). */
static int parse_yaku(json_cursor *c, const char *s, paifu_game *game, paifu_win *w,
                      const paifu_deal_start *st, int players)
{
    const char *open = strrchr(s, '(');
    size_t len = strlen(s);
    int16_t han;
    long long v;
    const char *p = open ? open + 1 : NULL;
    if (!open || open == s || len < 2 || s[len - 1] != ')')
        goto bad;
    if (eat(&p, "役満")) {
        han = PAIFU_YAKU_YAKUMAN_HAN;
        w->yakuman++;
    } else if (number(&p, &v) && v < 100 && eat(&p, "飜")) {
        han = (int16_t)v;
    } else {
        goto bad;
    }
    if (*p != ')' || p[1])
        goto bad;
    bool tenhou;
    const ms_fan *fan;
    int id = yaku_id(s, (size_t)(open - s), st, w->winner, players, &tenhou, &fan);
    if (id == MS_NO_YAKU && fan) {
        /* a MahjongSoul local yaku: its value counts, the rules are the room's own */
        char reason[120];
        snprintf(reason, sizeof(reason), "MahjongSoul fan %s (a local yaku) has no paifu yaku",
                 fan->name_en);
        w->han = (int16_t)(w->han + han);
        return paifu_game_set_meta(game, PAIFU_META_RULES_UNKNOWN, reason, c->err);
    }
    if (id < 0)
        return jerr(c, "unknown yaku \"%.*s\" (expected a name as Tenhou prints it, e.g. 立直, "
                    "or as MahjongSoul's fan table does)",
                    (int)(open - s), s);
    const char *rules = paifu_game_rules_name(game);
    if (!fan && rules && strcmp(rules, "majsoul") == 0) /* 大四喜 is both tables' name */
        fan = paifu_majsoul__fan_named(s, (size_t)(open - s));
    if (fan && fan->yiman == 2 && han == PAIFU_YAKU_YAKUMAN_HAN) {
        /* tensoul writes "(役満)" for every yakuman fan: a double one of MahjongSoul's table
           (yiman 2) is two */
        han = 2 * PAIFU_YAKU_YAKUMAN_HAN;
        w->yakuman++;
    }
    if (w->n_yaku >= PAIFU_MAX_YAKU)
        return jerr(c, "more than %d yaku in one win", PAIFU_MAX_YAKU);
    paifu_yaku_value *y = &w->yaku[w->n_yaku++];
    memset(y, 0, sizeof(*y));
    y->id = (uint16_t)id;
    y->han = han;
    y->count = 1;
    /* keep the spelling only when it is not Tenhou's own (a writer can print those) */
    if (!tenhou || id >= T6_YAKU_NAMES || (unsigned char)s[0] < 0x80) {
        y->name = paifu_game_strndup(game, s, (size_t)(open - s));
        if (!y->name)
            return paifu_error_set(c->err, PAIFU_ENOMEM, NULL, "out of memory");
    }
    w->han = (int16_t)(w->han + han);
    return 0;
bad:
    return jerr(c, "expected a yaku such as \"立直(1飜)\" or \"大三元(役満)\", found \"%.40s\"", s);
}

/* ---- events ---- */

typedef struct t6_emit {
    t6_state *st;
    json_cursor *c;
    paifu_game *game;
    int32_t deal_index;           /* index of the round in the game, for `connection` */
    const paifu_tile *dora;       /* the round's indicator list */
    size_t n_dora, next_dora;     /* next_dora: the next kan indicator to reveal */
    unsigned dora_due;            /* open/added kans whose indicator is not revealed yet */
    int riichi_pending;           /* seat whose riichi discard awaits its deposit, -1 */
    unsigned riichi_seats;        /* bit per seat that declared riichi */
    uint32_t counted;             /* draws, discards and calls so far (connection steps) */
    uint64_t conn_done;           /* `connection` entries emitted */
} t6_emit;

static int add(t6_emit *e, paifu_event *ev)
{
    ev->line = e->st->doc_line;
    return paifu_game_add_event(e->game, ev, e->c->err);
}

/* Emit the `connection` entries of this round whose step has come (ALL: every one left). */
static int flush_connections(t6_emit *e, bool all)
{
    for (size_t i = 0; i < e->st->n_conn; i++) {
        const t6_connection *k = &e->st->conn[i];
        if ((e->conn_done >> i & 1u) || k->log != e->deal_index || (!all && k->step > e->counted))
            continue;
        paifu_event ev;
        paifu_event_init(&ev, k->what ? PAIFU_EV_RECONNECT : PAIFU_EV_DISCONNECT, k->who);
        e->conn_done |= (uint64_t)1 << i;
        int rc = add(e, &ev);
        if (rc < 0)
            return rc;
    }
    return 0;
}

static int counted_event(t6_emit *e, paifu_event *ev)
{
    int rc = flush_connections(e, false);
    e->counted++;
    return rc < 0 ? rc : add(e, ev);
}

static int deposit_if_pending(t6_emit *e)
{
    if (e->riichi_pending < 0)
        return 0;
    int seat = e->riichi_pending;
    e->riichi_pending = -1;
    return paifu_game_add_riichi_accepted(e->game, seat, 0, NULL, e->st->doc_line, 0, e->c->err);
}

static int reveal_dora(t6_emit *e)
{
    if (e->next_dora >= e->n_dora)
        return 0;
    paifu_event ev;
    paifu_event_init(&ev, PAIFU_EV_DORA, -1);
    ev.tile = e->dora[e->next_dora++];
    return add(e, &ev);
}

/* The indicators of open and added kans, revealed at the kan owner's next discard or kan. */
static int reveal_due(t6_emit *e)
{
    int rc = 0;
    for (; rc == 0 && e->dora_due; e->dora_due--)
        rc = reveal_dora(e);
    return rc;
}

/*
 * A meld's tiles in the order Tenhou's tile ids give them (a red five is its kind's copy 0, so
 * first among its kind), as the XML reader has them: the codes put a red five last (spec §6),
 * which says nothing of an order, so a tenhou.net/6 round trip keeps the XML's.
 */
static void red_first(paifu_tile *tiles, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        if (!paifu_tile_is_red(tiles[i]))
            continue;
        size_t j = i;
        while (j > 0 && paifu_tile_kind(tiles[j - 1]) == paifu_tile_kind(tiles[i]) &&
               !paifu_tile_is_red(tiles[j - 1]))
            j--;
        paifu_tile red = tiles[i];
        memmove(tiles + j + 1, tiles + j, i - j);
        tiles[j] = red;
    }
}

static int emit_take(t6_emit *e, const t6_step *p)
{
    const t6_item *it = &e->st->takes[p->seat][p->index];
    paifu_event ev;
    int rc = deposit_if_pending(e);
    if (rc < 0)
        return rc;
    if (it->kind == T6_DRAW) {
        paifu_event_init(&ev, PAIFU_EV_DRAW, p->seat);
        ev.tile = it->tile;
        if (p->replacement)
            ev.flags |= PAIFU_EVF_REPLACEMENT;
        return counted_event(e, &ev);
    }
    paifu_event_init(&ev, it->kind == T6_CHI   ? PAIFU_EV_CHI
                          : it->kind == T6_PON ? PAIFU_EV_PON
                                               : PAIFU_EV_DAIMINKAN,
                     p->seat);
    ev.tile = it->tile;
    ev.from = p->from;
    ev.n = it->n;
    memcpy(ev.tiles, it->tiles, it->n);
    red_first(ev.tiles, ev.n);
    if (it->kind == T6_DAIMINKAN)
        e->dora_due = 1;
    return counted_event(e, &ev);
}

static int emit_out(t6_emit *e, const t6_step *p)
{
    const t6_item *it = &e->st->outs[p->seat][p->index];
    paifu_event ev;
    int rc;
    switch (it->kind) {
    case T6_DISCARD:
        paifu_event_init(&ev, PAIFU_EV_DISCARD, p->seat);
        ev.tile = p->tile;
        ev.flags = PAIFU_EVF_TSUMOGIRI_KNOWN | (it->tsumogiri ? PAIFU_EVF_TSUMOGIRI : 0) |
                   (it->riichi ? PAIFU_EVF_RIICHI : 0);
        if (it->riichi) {
            e->riichi_pending = p->seat;
            e->riichi_seats |= 1u << p->seat;
        }
        if ((rc = reveal_due(e)) < 0)
            return rc;
        return counted_event(e, &ev);
    case T6_ANKAN:
        paifu_event_init(&ev, PAIFU_EV_ANKAN, p->seat);
        ev.n = 4;
        memcpy(ev.tiles, it->tiles, 4);
        red_first(ev.tiles, 4);
        if ((rc = counted_event(e, &ev)) < 0 || (rc = reveal_due(e)) < 0)
            return rc;
        return reveal_dora(e); /* a closed kan's indicator comes at once (XML: N, DORA, T) */
    case T6_SHOUMINKAN:
        paifu_event_init(&ev, PAIFU_EV_SHOUMINKAN, p->seat);
        ev.tile = it->tile;
        ev.n = 3;
        memcpy(ev.tiles, it->tiles, 3);
        red_first(ev.tiles, 3);
        if ((rc = counted_event(e, &ev)) < 0 || (rc = reveal_due(e)) < 0)
            return rc;
        e->dora_due = 1;
        return 0;
    default: /* T6_KITA */
        paifu_event_init(&ev, PAIFU_EV_KITA, p->seat);
        ev.tile = it->tile;
        if ((rc = counted_event(e, &ev)) < 0)
            return rc;
        return reveal_due(e);
    }
}

/* ---- the outcome ---- */

typedef struct t6_round {
    const json_t *deal;
    paifu_deal_start start;
    paifu_tile dora[PAIFU_MAX_INDICATORS];
    paifu_tile ura[PAIFU_MAX_INDICATORS];
    size_t n_dora, n_ura;
    const t6_step *last;   /* the last step of the rebuilt order (NULL: none) */
} t6_round;

/* The tile the last step put in play: the discard (or kan tile) for a ron, the draw for a tsumo. */
static paifu_tile last_tile(const t6_state *st, const t6_round *r)
{
    if (!r->last)
        return PAIFU_TILE_NONE;
    if (!r->last->out)
        return r->last->tile;
    const t6_item *it = &st->outs[r->last->seat][r->last->index];
    return it->kind == T6_SHOUMINKAN || it->kind == T6_KITA ? it->tile
           : it->kind == T6_ANKAN                          ? it->tiles[0]
                                                           : r->last->tile;
}

static int read_win(t6_emit *e, const t6_round *r, const json_t *res, size_t k)
{
    json_cursor *c = e->c;
    paifu_win w;
    int32_t who[3];
    paifu_win_init(&w);
    size_t old = json_cursor_index(c, k);
    int rc = read_int_array(c, json_array_get(res, k), (size_t)PAIFU_SEATS, -MAX_POINTS,
                            MAX_POINTS, w.deltas, "the score changes of a win");
    if (rc < 0)
        return rc;
    json_cursor_pop(c, old);
    w.known |= PAIFU_REC_DELTAS;
    const json_t *d = json_array_get(res, k + 1);
    old = json_cursor_index(c, k + 1);
    if (!json_is_array(d) || json_array_size(d) < 3)
        return jerr(c, "expected the detail of a win: [who, fromWho, liable, score, yaku...], "
                    "found %s", jtype(d));
    for (size_t i = 0; i < 3; i++) {
        const json_t *v = json_array_get(d, i);
        size_t o2 = json_cursor_index(c, i);
        if (!json_is_integer(v) || json_integer_value(v) < 0 ||
            json_integer_value(v) >= e->st->players)
            return jerr(c, "expected a seat from 0 to %d, found %s", e->st->players - 1,
                        jtype(v));
        who[i] = (int32_t)json_integer_value(v);
        json_cursor_pop(c, o2);
    }
    w.winner = (int8_t)who[0];
    w.from = (int8_t)who[1];
    w.pao = (int8_t)(who[2] != who[0] ? who[2] : -1);
    bool tsumo = who[0] == who[1];
    w.win_tile = r->last && r->last->seat == w.from ? last_tile(e->st, r) : PAIFU_TILE_NONE;
    w.n_dora = (uint8_t)r->n_dora;
    memcpy(w.dora, r->dora, r->n_dora);
    w.known |= PAIFU_REC_DORA;
    if (e->riichi_seats >> w.winner & 1u) { /* spec §3: shared by every riichi winner */
        w.n_ura = (uint8_t)r->n_ura;
        memcpy(w.ura, r->ura, r->n_ura);
        w.known |= PAIFU_REC_URA;
    }
    for (size_t i = 3; i < json_array_size(d); i++) {
        const json_t *v = json_array_get(d, i);
        size_t o2 = json_cursor_index(c, i);
        if (!json_is_string(v))
            return jerr(c, "expected a %s string, found %s", i == 3 ? "score" : "yaku", jtype(v));
        rc = i == 3 ? parse_score(c, json_string_value(v), &w, tsumo, e->st->players)
                    : parse_yaku(c, json_string_value(v), e->game, &w, &r->start,
                                 e->st->players);
        if (rc < 0)
            return rc;
        json_cursor_pop(c, o2);
    }
    if (json_array_size(d) > 4)
        w.known |= PAIFU_REC_YAKU | PAIFU_REC_HAN;
    json_cursor_pop(c, old);
    return paifu_game_add_win(e->game, &w, e->st->doc_line, 0, c->err);
}

static const struct {
    const char *name;
    paifu_draw_kind kind;
} DRAWS[] = {
    {"流局", PAIFU_DRAW_EXHAUSTIVE},     {"全員聴牌", PAIFU_DRAW_EXHAUSTIVE},
    {"全員不聴", PAIFU_DRAW_EXHAUSTIVE}, {"流し満貫", PAIFU_DRAW_EXHAUSTIVE},
    {"九種九牌", PAIFU_DRAW_KYUUSHU},    {"四家立直", PAIFU_DRAW_SUUCHA_RIICHI},
    {"三家和了", PAIFU_DRAW_SANCHAHOU},  {"四風連打", PAIFU_DRAW_SUUFON},
    {"四槓散了", PAIFU_DRAW_SUUKAIKAN},
};

/* tensoul's names of the same results (convert.js RUNES: its Japanese column where it differs
   from Tenhou's, its romaji and English columns), as indices into DRAWS */
static const struct {
    const char *name;
    int draw;
} TENSOUL_DRAWS[] = {
    {"Exhaustive Draw", 0},        {"Ryuukyoku", 0},          {"Mangan at Draw", 3},
    {"Nagashi Mangan", 3},         {"Nine Terminal Abortion", 4},
    {"Kyuushu Kyuuhai", 4},        {"Four Riichi Abortion", 5}, {"Suucha Riichi", 5},
    {"三家和", 6},                 {"Three Ron Abortion", 6}, {"Sanchahou", 6},
    {"Four Wind Abortion", 7},     {"Suufon Renda", 7},       {"四開槓", 8},
    {"Four Kan Abortion", 8},      {"Suukaikan", 8},
};

static int draw_index(const char *name)
{
    for (size_t i = 0; i < sizeof(DRAWS) / sizeof(DRAWS[0]); i++)
        if (strcmp(name, DRAWS[i].name) == 0)
            return (int)i;
    for (size_t i = 0; i < sizeof(TENSOUL_DRAWS) / sizeof(TENSOUL_DRAWS[0]); i++)
        if (strcmp(name, TENSOUL_DRAWS[i].name) == 0)
            return TENSOUL_DRAWS[i].draw;
    return -1;
}

static int read_draw(t6_emit *e, const t6_round *r, const json_t *res, int which)
{
    json_cursor *c = e->c;
    paifu_draw d;
    paifu_draw_init(&d, DRAWS[which].kind);
    d.known |= PAIFU_REC_DELTAS; /* spec §7.2: the deltas are present iff one is not 0 */
    if (json_array_size(res) > 2)
        return jerr(c, "expected [\"%s\"] or [\"%s\", deltas], found %zu elements",
                    DRAWS[which].name, DRAWS[which].name, json_array_size(res));
    if (json_array_size(res) == 2) {
        size_t old = json_cursor_index(c, 1);
        int rc = read_int_array(c, json_array_get(res, 1), (size_t)PAIFU_SEATS, -MAX_POINTS,
                                MAX_POINTS, d.deltas, "the score changes of a draw");
        if (rc < 0)
            return rc;
        json_cursor_pop(c, old);
    }
    if (which == 3) { /* nagashi mangan: its winners are the ones paid (XML nm) */
        for (int s = 0; s < e->st->players; s++)
            if (d.deltas[s] > 0)
                d.nagashi |= (uint8_t)(1u << s);
    } else if (which <= 2) {
        bool any = false;
        for (int s = 0; s < e->st->players; s++)
            any = any || d.deltas[s] != 0;
        for (int s = 0; s < e->st->players; s++)
            if (which == 1 || (which == 0 && d.deltas[s] > 0))
                d.tenpai |= (uint8_t)(1u << s);
        if (which != 0 || any)
            d.known |= PAIFU_REC_TENPAI;
    }
    if (DRAWS[which].kind == PAIFU_DRAW_KYUUSHU && r->last && !r->last->out)
        d.seat = (int8_t)r->last->seat;
    if (DRAWS[which].kind == PAIFU_DRAW_SUUCHA_RIICHI) {
        int rc = deposit_if_pending(e); /* the fourth deposit is made, then the abort */
        if (rc < 0)
            return rc;
    }
    return paifu_game_add_draw(e->game, &d, e->st->doc_line, 0, c->err);
}

/* What the result asks of the last step: its seat and whether it is a draw or a discard. */
static int result_needs(json_cursor *c, const json_t *res, int *seat, int *phase)
{
    const char *tag = json_string_value(json_array_get(res, 0));
    *seat = -1;
    *phase = PH_END_OUT;
    if (strcmp(tag, "和了") == 0) {
        const json_t *d = json_array_get(res, 2);
        const json_t *a = json_array_get(d, 0), *b = json_array_get(d, 1);
        if (json_is_integer(a) && json_is_integer(b)) {
            *seat = (int)json_integer_value(b);
            if (json_integer_value(a) == json_integer_value(b))
                *phase = PH_END_DRAW;
        }
        return 0;
    }
    int which = draw_index(tag);
    if (which < 0)
        return jerr(c, "unknown result \"%.24s\" (expected 和了, 流局, 流し満貫, 九種九牌, ...)",
                    tag);
    if (DRAWS[which].kind == PAIFU_DRAW_KYUUSHU)
        *phase = PH_END_DRAW;
    return 0;
}

static int read_result(t6_emit *e, const t6_round *r, const json_t *res)
{
    json_cursor *c = e->c;
    const char *tag = json_string_value(json_array_get(res, 0));
    int rc = flush_connections(e, true);
    if (rc < 0)
        return rc;
    if (strcmp(tag, "和了") != 0)
        return read_draw(e, r, res, draw_index(tag));
    size_t n = json_array_size(res);
    if (n < 3 || n % 2 == 0)
        return jerr(c, "expected [\"和了\", deltas, detail, ...] with one pair per winner, found "
                    "%zu elements", n);
    for (size_t k = 1; k < n; k += 2)
        if ((rc = read_win(e, r, res, k)) < 0)
            return rc;
    return 0;
}

/* ---- one round ---- */

static int read_start(json_cursor *c, t6_state *st, t6_round *r)
{
    const json_t *deal = r->deal;
    paifu_deal_start *sp = &r->start;
    int32_t head[3], scores[PAIFU_SEATS];
    size_t old = json_cursor_index(c, 0);
    int rc = read_int_array(c, json_array_get(deal, 0), 3, 0, 32767, head,
                            "[round, honba, riichi sticks]");
    if (rc < 0)
        return rc;
    if (head[0] > 15)
        return jerr(c, "round %d is beyond North 4 (15)", (int)head[0]);
    json_cursor_pop(c, old);
    old = json_cursor_index(c, 1);
    if ((rc = read_int_array(c, json_array_get(deal, 1), (size_t)PAIFU_SEATS, -MAX_POINTS,
                             MAX_POINTS, scores, "the scores at the start")) < 0)
        return rc;
    json_cursor_pop(c, old);
    paifu_deal_start_init(sp);
    sp->round_wind = (uint8_t)(head[0] / 4);
    sp->hand_number = (uint8_t)(head[0] % 4);
    sp->dealer = (int8_t)(head[0] % 4);
    if (sp->dealer >= st->players)
        return jerr(c, "round %d has dealer seat %d, which does not play in a 3-player game",
                    (int)head[0], sp->dealer);
    sp->honba = (int16_t)head[1];
    sp->riichi_sticks = (int16_t)head[2];
    memcpy(sp->scores, scores, sizeof(scores));
    sp->flags = PAIFU_DEAL_HAS_SCORES | PAIFU_DEAL_HAS_HANDS | PAIFU_DEAL_HAS_STICKS;
    if ((rc = read_codes(c, st, deal, 2, r->dora, 0, PAIFU_MAX_INDICATORS, &r->n_dora,
                         "the dora indicators")) < 0 ||
        (rc = read_codes(c, st, deal, 3, r->ura, 0, PAIFU_MAX_INDICATORS, &r->n_ura,
                         "the ura indicators")) < 0)
        return rc;
    sp->dora_indicator = r->n_dora ? r->dora[0] : PAIFU_TILE_NONE; /* transcripts may lack it */
    for (int s = 0; s < PAIFU_SEATS; s++) {
        size_t n;
        if ((rc = read_codes(c, st, deal, (size_t)(4 + 3 * s), sp->hands[s], 0, 13, &n,
                             "a starting hand")) < 0)
            return rc;
        if ((s < st->players && n != 13) || (s >= st->players && n)) {
            json_cursor_index(c, (size_t)(4 + 3 * s));
            return jerr(c, "expected %d tiles in seat %d's starting hand, found %zu",
                        s < st->players ? 13 : 0, s, n);
        }
        sp->n_hand[s] = (uint8_t)n;
    }
    return 0;
}

/* Rebuild the order: first fitting the result, else using every entry (see the header). */
static int rebuild_order(json_cursor *c, t6_state *st, const t6_round *r, size_t *n_steps)
{
    t6_search s = {.st = st, .players = st->players};
    size_t old = json_cursor_index(c, 16);
    int rc = result_needs(c, json_array_get(r->deal, 16), &s.need_seat, &s.need_phase);
    if (rc < 0)
        return rc;
    json_cursor_pop(c, old);
    st->fail_steps = 0;
    st->fail_why[0] = '\0';
    rc = search(&s, r->start.dealer);
    if (rc == -1) {
        s.need_seat = s.need_phase = -1;
        rc = search(&s, r->start.dealer);
    }
    if (rc == -2)
        return jerr(c, "the takes and discards allow too many orders to try (more than %u "
                    "steps)", SEARCH_LIMIT);
    if (rc < 0)
        return jerr(c, "the takes and discards cannot be put in an order a game can have: "
                    "after %u steps, %s", (unsigned)st->fail_steps, st->fail_why);
    *n_steps = s.sim.n_steps;
    return 0;
}

/* An error inside a round names the deal ("E2-1") too. */
static int located(json_cursor *c, const t6_round *r, int rc)
{
    if (rc < 0 && c->err && !c->err->where.deal[0])
        paifu_deal_label(c->err->where.deal, sizeof(c->err->where.deal), &r->start);
    return rc;
}

int paifu_tenhou6__read_deal(t6_state *st, json_cursor *c, const json_t *deal, size_t index,
                             paifu_game *game)
{
    t6_round r;
    memset(&r, 0, sizeof(r));
    r.deal = deal;
    if (!json_is_array(deal) || json_array_size(deal) != 17)
        return jerr(c, "expected a round: an array of 17 elements, found %s",
                    json_is_array(deal) ? "another length" : jtype(deal));
    const json_t *res = json_array_get(deal, 16);
    if (!json_is_array(res) || !json_is_string(json_array_get(res, 0))) {
        json_cursor_index(c, 16);
        return jerr(c, "expected the result: an array starting with a string, found %s",
                    jtype(res));
    }
    int rc = read_start(c, st, &r);
    if (rc < 0)
        return rc;
    for (int s = 0; rc == 0 && s < PAIFU_SEATS; s++)
        if ((rc = read_list(c, st, deal, (size_t)(5 + 3 * s), false, s)) == 0)
            rc = read_list(c, st, deal, (size_t)(6 + 3 * s), true, s);
    size_t n_steps = 0;
    if (rc == 0)
        rc = rebuild_order(c, st, &r, &n_steps);
    if (rc == 0)
        rc = paifu_game_begin_deal(game, &r.start, st->doc_line, 0, c->err);
    if (rc < 0)
        return located(c, &r, rc);
    t6_emit e = {.st = st, .c = c, .game = game, .deal_index = st->deal_base + (int32_t)index,
                 .dora = r.dora, .n_dora = r.n_dora, .next_dora = 1, .riichi_pending = -1};
    for (size_t i = 0; rc == 0 && i < n_steps; i++)
        rc = st->steps[i].out ? emit_out(&e, &st->steps[i]) : emit_take(&e, &st->steps[i]);
    r.last = n_steps ? &st->steps[n_steps - 1] : NULL;
    if (rc == 0) {
        size_t old = json_cursor_index(c, 16);
        rc = read_result(&e, &r, res);
        if (rc == 0)
            json_cursor_pop(c, old);
    }
    return located(c, &r, rc);
}
