/*
 * mjlog_deal.c: the tags of a deal, mapped onto the model (tenhou-xml.md §4.7-§4.13, §6).
 *
 * Each function handles the current tag of an mjlog_reader (mjlog.h) and appends to the game.
 * Nothing here checks the play (that is the verifier's job): values are decoded, range-checked
 * as the format defines them, and recorded.
 *
 *   INIT        deal start (§4.7: scores ten*100, dice seed[3]+1 and seed[4]+1, hands in
 *               dealing order with their ids; ids 16, 52, 88 are red fives when GO bit 0x002
 *               is clear); the wall when a seed is known (mjlog_header.c)
 *   T/U/V/W#    DRAW, flag REPLACEMENT when the seat declared a kan or kita since its last draw
 *   D/E/F/G#    DISCARD, flags TSUMOGIRI_KNOWN always, TSUMOGIRI when the id is the seat's
 *               last draw and no call by the seat came in between (§4.8), RIICHI when a REACH
 *               step 1 of the seat is pending
 *   N           CHI, PON, DAIMINKAN (`tile` the called tile, `tiles` the 2 or 3 from the hand,
 *               `from` the source seat), ANKAN (no `tile`; `tiles` the four, ids[0] the id
 *               the meld code names, so that a writer can give the code back), SHOUMINKAN
 *               (`tile` the added tile, `tiles` the pon's three), KITA (`tile` the North)
 *   REACH       step 1: the next discard gets RIICHI; step 2: RIICHI_ACCEPTED with `ten`*100
 *   DORA        DORA with the new indicator
 *   AGARI       WIN: han = sum of the yaku han, 13 per yakuman entry (Tenhou lists a double
 *               yakuman such as id 41 as one entry, recorded as it is); `ba`, `sc`*100, ...;
 *               fu 0, points 0 and a win without yaku and yakuman are "not recorded" (what
 *               mjlog_write.c writes for a source without them; Tenhou writes fu 0 only on a
 *               yakuman, which needs none)
 *   RYUUKYOKU   EXHAUSTIVE_DRAW (no type, or nm) or ABORTIVE_DRAW; for an exhaustive draw the
 *               shown hands are the tenpai ones (§4.13); for nm the nagashi seats are those
 *               the deltas pay (a nagashi mangan is paid like a mangan tsumo and replaces the
 *               noten payments, so only its winners gain points, §4.13)
 *   BYE, UN     DISCONNECT / RECONNECT (before the first INIT they go to the game's prelude)
 *
 * AGARI m is derivable from the winner's calls (most recent first, an added kan in its pon's
 * place, §4.12); it is kept as tenhou.AGARI[i]@m only when it differs (an empty value: the
 * attribute was absent although the winner had melds). An added kan's code is derivable from
 * the pon it extends; otherwise it is kept as tenhou.N[i]@m.
 */
#include "mjlog.h"

#include <stdio.h>
#include <string.h>

#define MAX_POINTS 10000000L /* |points| in 100s accepted in ten/sc/owari (10^9 points) */

static const char *const HAI[PAIFU_SEATS] = {"hai0", "hai1", "hai2", "hai3"};

static int need_deal(mjlog_reader *st)
{
    if (!st->in_deal)
        return paifu_mjlog__fail(st, NULL, "<%s> before the first <INIT>", st->tag);
    return 0;
}

static int check_seat(mjlog_reader *st, int seat)
{
    if (seat >= st->players)
        return paifu_mjlog__fail(st, NULL, "seat %d does not play in a 3-player game", seat);
    return 0;
}

static void event_here(const mjlog_reader *st, paifu_event *ev, paifu_event_type type, int seat)
{
    paifu_event_init(ev, type, seat);
    ev->line = st->tag_line;
    ev->column = st->tag_column;
}

static int add_event(mjlog_reader *st, const paifu_event *ev)
{
    int rc = paifu_game_add_event(st->game, ev, st->err);
    return rc < 0 ? paifu_mjlog__located(st, rc) : 0;
}

/* ---- INIT ---- */

/* Fill the deal's wall from the game's generator or the INIT's own (generation A) seed. */
static int build_wall(mjlog_reader *st, paifu_deal_start *sp)
{
    const mj_attr *a = paifu_mjlog__attr(st, "shuffle");
    paifu_mjlog_shuffle local, *gen = &st->shuffle;
    uint8_t dice[2];
    if (a) {
        char why[160];
        gen = &local;
        int rc = paifu_mjlog__keep(st, a); /* the seed text, for a writer */
        if (rc < 0)
            return rc;
        if (paifu_mjlog_shuffle__seed_deal(gen, a->value, a->len, why, sizeof(why)) < 0) {
            char text[200];
            snprintf(text, sizeof(text), "INIT[%u]@shuffle: %s", (unsigned)st->tag_index, why);
            st->wall_error = true;
            if ((rc = paifu_mjlog__meta(st, PAIFU_META_WALL_ERROR, text)) < 0)
                return rc;
        }
    }
    if (!gen->seeded)
        return 0;
    st->generation_seen = gen->generation; /* the era of the rules, with or without the wall */
    if (st->in.opts && st->in.opts->no_wall)
        return 0; /* the seed is still checked (and kept for a writer) above */
    paifu_mjlog_shuffle__wall(gen, st->players, st->wall, dice);
    sp->n_wall = (uint16_t)(st->players == 4 ? MJLOG_WALL_4P : MJLOG_WALL_3P);
    for (unsigned k = 0; k < sp->n_wall; k++)
        st->wall_tiles[k] = paifu_mjlog__tile(st, st->wall[k]);
    sp->wall_ids = st->wall;
    sp->wall = st->wall_tiles;
    paifu_mjlog_shuffle__layout(&sp->wall_layout, gen->generation, st->players);
    return 0;
}

static int init_hands(mjlog_reader *st, paifu_deal_start *sp)
{
    for (int s = 0; s < PAIFU_SEATS; s++) {
        const char *name = HAI[s];
        const mj_attr *a = paifu_mjlog__attr(st, name);
        size_t n = 0;
        int rc;
        if (!a && s < st->players)
            return paifu_mjlog__fail(st, NULL, "missing attribute %s in <INIT>", name);
        if (a && (rc = paifu_mjlog__ids(st, a, sp->hand_ids[s], PAIFU_MAX_HAND, &n)) < 0)
            return rc;
        if (s < st->players && n != 13)
            return paifu_mjlog__fail(st, name, "expected 13 tile ids in %s, found %zu", name, n);
        if (s >= st->players && n)
            return paifu_mjlog__fail(st, name, "%s must be empty in a 3-player game", name);
        sp->n_hand[s] = (uint8_t)n;
        for (size_t i = 0; i < n; i++)
            sp->hands[s][i] = paifu_mjlog__tile(st, sp->hand_ids[s][i]);
    }
    return 0;
}

static void reset_deal_state(mjlog_reader *st)
{
    memset(st->riichi_pending, 0, sizeof(st->riichi_pending));
    memset(st->replacement_due, 0, sizeof(st->replacement_due));
    memset(st->last_draw, 0xFF, sizeof(st->last_draw));
    memset(st->n_melds, 0, sizeof(st->n_melds));
    memset(st->melds_overflow, 0, sizeof(st->melds_overflow));
}

int paifu_mjlog__on_init(mjlog_reader *st)
{
    const mj_attr *a;
    int32_t seed[6], ten[PAIFU_SEATS] = {0};
    size_t n_ten;
    int oya, rc;
    paifu_deal_start *sp = &st->start;
    st->in_deal = false; /* errors in INIT name no deal */
    if (!st->go_seen)
        return paifu_mjlog__fail(st, NULL,
                                 "expected <GO> before the first <INIT> (it says how "
                                 "many play and whether fives are red)");
    if ((rc = paifu_mjlog__require(st, "seed", &a)) < 0 ||
        (rc = paifu_mjlog__ints(st, a, seed, 6, 6, 0, 32767, NULL)) < 0)
        return rc;
    if (seed[0] > 15)
        return paifu_mjlog__fail(st, "seed", "round %d in seed is beyond North 4 (15)",
                                 (int)seed[0]);
    if (seed[3] > 5 || seed[4] > 5)
        return paifu_mjlog__fail(st, "seed",
                                 "dice in seed must be 0..5 (face minus one), "
                                 "found %d and %d",
                                 (int)seed[3], (int)seed[4]);
    if ((rc = paifu_mjlog__check_id(st, "seed", seed[5])) < 0 ||
        (rc = paifu_mjlog__require(st, "ten", &a)) < 0 ||
        (rc = paifu_mjlog__ints(st, a, ten, (size_t)st->players, PAIFU_SEATS, -MAX_POINTS,
                                MAX_POINTS, &n_ten)) < 0 ||
        (rc = paifu_mjlog__seat(st, "oya", &oya)) < 0)
        return rc;
    paifu_deal_start_init(sp);
    sp->round_wind = (uint8_t)(seed[0] / 4);
    sp->hand_number = (uint8_t)(seed[0] % 4);
    sp->dealer = (int8_t)oya;
    sp->honba = (int16_t)seed[1];
    sp->riichi_sticks = (int16_t)seed[2];
    sp->dice[0] = (uint8_t)(seed[3] + 1);
    sp->dice[1] = (uint8_t)(seed[4] + 1);
    sp->dora_indicator_id = (uint8_t)seed[5];
    sp->dora_indicator = paifu_mjlog__tile(st, (unsigned)seed[5]);
    for (int s = 0; s < PAIFU_SEATS; s++)
        sp->scores[s] = ten[s] * 100;
    sp->flags =
        PAIFU_DEAL_HAS_SCORES | PAIFU_DEAL_HAS_HANDS | PAIFU_DEAL_HAS_DICE | PAIFU_DEAL_HAS_STICKS;
    if ((rc = init_hands(st, sp)) < 0 || (rc = build_wall(st, sp)) < 0)
        return rc;
    rc = paifu_game_begin_deal(st->game, sp, st->tag_line, st->tag_column, st->err);
    if (rc < 0)
        return paifu_mjlog__located(st, rc);
    sp->n_wall = 0; /* the copy in the game owns the wall; st->start is only for labels */
    sp->wall = NULL;
    sp->wall_ids = NULL;
    reset_deal_state(st);
    st->in_deal = true;
    st->deal_over = false;
    return 0;
}

/* ---- draws, discards ---- */

/* The id of a draw or discard tag (0..135 already: the tag name was parsed): the full check,
   with its message, only where it can fail (a 2m..8m id in sanma). */
static int check_tag_id(mjlog_reader *st, unsigned id)
{
    return st->players == 3 && id >= 4 && id < 32 ? paifu_mjlog__check_id(st, NULL, (long)id) : 0;
}

int paifu_mjlog__on_draw(mjlog_reader *st, int seat, unsigned id)
{
    int rc;
    if ((rc = need_deal(st)) < 0 || (rc = check_seat(st, seat)) < 0 ||
        (rc = check_tag_id(st, id)) < 0)
        return rc;
    paifu_event ev;
    event_here(st, &ev, PAIFU_EV_DRAW, seat);
    ev.tile = paifu_mjlog__tile(st, id);
    ev.tile_id = (uint8_t)id;
    if (st->replacement_due[seat])
        ev.flags |= PAIFU_EVF_REPLACEMENT;
    st->replacement_due[seat] = false;
    st->last_draw[seat] = (uint8_t)id;
    return add_event(st, &ev);
}

int paifu_mjlog__on_discard(mjlog_reader *st, int seat, unsigned id)
{
    int rc;
    if ((rc = need_deal(st)) < 0 || (rc = check_seat(st, seat)) < 0 ||
        (rc = check_tag_id(st, id)) < 0)
        return rc;
    paifu_event ev;
    event_here(st, &ev, PAIFU_EV_DISCARD, seat);
    ev.tile = paifu_mjlog__tile(st, id);
    ev.tile_id = (uint8_t)id;
    ev.flags = PAIFU_EVF_TSUMOGIRI_KNOWN; /* spec §4.8: exact, since ids are unique */
    if (st->last_draw[seat] == id)
        ev.flags |= PAIFU_EVF_TSUMOGIRI;
    if (st->riichi_pending[seat])
        ev.flags |= PAIFU_EVF_RIICHI;
    st->riichi_pending[seat] = false;
    st->last_draw[seat] = 0xFF;
    return add_event(st, &ev);
}

/* ---- calls ---- */

/* Track the seat's meld codes for AGARI m; an added kan replaces its pon. */
static int track_meld(mjlog_reader *st, int seat, unsigned code, bool *derivable)
{
    *derivable = true;
    if (st->melds_overflow[seat])
        return 0;
    if ((code & 0x1C) == 0x10) {
        unsigned pon = code ^ 0x18; /* spec §4.9: the pon's code, bit 3 set and bit 4 cleared */
        for (unsigned i = 0; i < st->n_melds[seat]; i++) {
            if (st->melds[seat][i] == pon) {
                st->melds[seat][i] = (uint16_t)code;
                return 0;
            }
        }
        *derivable = false;
    }
    if (st->n_melds[seat] == MJ_MAX_MELDS) {
        st->melds_overflow[seat] = true;
        return 0;
    }
    st->melds[seat][st->n_melds[seat]++] = (uint16_t)code;
    return 0;
}

/* Put meld M into EV: the called/added/North tile apart, the tiles from the hand in tiles[]. */
static void meld_event(const mjlog_reader *st, paifu_event *ev, const mjlog_meld *m)
{
    uint8_t apart = m->type == PAIFU_EV_SHOUMINKAN ? m->added
                    : m->type == PAIFU_EV_ANKAN    ? 0xFF
                                                   : m->called;
    if (apart != 0xFF) {
        ev->tile = paifu_mjlog__tile(st, apart);
        ev->tile_id = apart;
    }
    unsigned n = 0;
    if (m->type == PAIFU_EV_ANKAN)
        ev->ids[n++] = m->called; /* the id the code names comes first */
    for (unsigned i = 0; i < m->n && m->type != PAIFU_EV_KITA; i++)
        if (m->ids[i] != apart && !(m->type == PAIFU_EV_ANKAN && m->ids[i] == m->called))
            ev->ids[n++] = m->ids[i];
    ev->n = (uint8_t)n;
    for (unsigned i = 0; i < n; i++)
        ev->tiles[i] = paifu_mjlog__tile(st, ev->ids[i]);
}

int paifu_mjlog__on_call(mjlog_reader *st)
{
    const mj_attr *a;
    int who, rc;
    int32_t code;
    mjlog_meld m;
    char why[96];
    if ((rc = need_deal(st)) < 0 || (rc = paifu_mjlog__seat(st, "who", &who)) < 0 ||
        (rc = paifu_mjlog__require(st, "m", &a)) < 0 ||
        (rc = paifu_mjlog__int(st, a, 0, 65535, &code)) < 0)
        return rc;
    if (paifu_mjlog__meld_decode(&m, (unsigned)code, why, sizeof(why)) < 0)
        return paifu_mjlog__fail(st, "m", "bad meld code %d: %s", (int)code, why);
    for (unsigned i = 0; i < m.n; i++)
        if ((rc = paifu_mjlog__check_id(st, "m", m.ids[i])) < 0)
            return rc;
    paifu_event ev;
    event_here(st, &ev, (paifu_event_type)m.type, who);
    if (m.type == PAIFU_EV_CHI || m.type == PAIFU_EV_PON || m.type == PAIFU_EV_DAIMINKAN) {
        int from = (who + m.offset) % 4; /* spec §3: offsets are mod 4, also in sanma */
        if (from >= st->players)
            return paifu_mjlog__fail(st, "m",
                                     "meld code %d calls from seat %d, which does not "
                                     "play in a 3-player game",
                                     (int)code, from);
        ev.from = (int8_t)from;
    }
    meld_event(st, &ev, &m);
    st->last_draw[who] = 0xFF; /* a discard after a call is never tsumogiri */
    if (m.type != PAIFU_EV_CHI && m.type != PAIFU_EV_PON)
        st->replacement_due[who] = true;
    bool derivable;
    track_meld(st, who, (unsigned)code, &derivable);
    if ((rc = add_event(st, &ev)) < 0)
        return rc;
    if (!derivable) {
        a = paifu_mjlog__attr(st, "m");
        return paifu_mjlog__keep(st, a);
    }
    return 0;
}

/* ---- riichi, dora, connection ---- */

int paifu_mjlog__on_reach(mjlog_reader *st)
{
    const mj_attr *a;
    int who, rc;
    int32_t step, ten[PAIFU_SEATS] = {0};
    size_t n;
    if ((rc = need_deal(st)) < 0 || (rc = paifu_mjlog__seat(st, "who", &who)) < 0 ||
        (rc = paifu_mjlog__require(st, "step", &a)) < 0 ||
        (rc = paifu_mjlog__int(st, a, 1, 2, &step)) < 0)
        return rc;
    if (step == 1) {
        st->riichi_pending[who] = true;
        return 0;
    }
    a = paifu_mjlog__attr(st, "ten");
    if (a && (rc = paifu_mjlog__ints(st, a, ten, (size_t)st->players, PAIFU_SEATS, -MAX_POINTS,
                                     MAX_POINTS, &n)) < 0)
        return rc;
    int32_t after[PAIFU_SEATS];
    for (int s = 0; s < PAIFU_SEATS; s++)
        after[s] = ten[s] * 100;
    return paifu_mjlog__located(st, paifu_game_add_riichi_accepted(st->game, who, 0,
                                                                   a ? after : NULL, st->tag_line,
                                                                   st->tag_column, st->err));
}

int paifu_mjlog__on_dora(mjlog_reader *st)
{
    const mj_attr *a;
    int32_t id;
    int rc;
    if ((rc = need_deal(st)) < 0 || (rc = paifu_mjlog__require(st, "hai", &a)) < 0 ||
        (rc = paifu_mjlog__int(st, a, 0, 135, &id)) < 0 ||
        (rc = paifu_mjlog__check_id(st, "hai", id)) < 0)
        return rc;
    paifu_event ev;
    event_here(st, &ev, PAIFU_EV_DORA, -1);
    ev.tile = paifu_mjlog__tile(st, (unsigned)id);
    ev.tile_id = (uint8_t)id;
    return add_event(st, &ev);
}

/* Events before the first INIT go to the prelude: cap them like a deal's events. */
static int connection_event(mjlog_reader *st, paifu_event_type type, int seat)
{
    uint32_t cap = st->in.opts && st->in.opts->max_events ? st->in.opts->max_events : 100000u;
    if (!st->in_deal && ++st->n_prelude > cap)
        return paifu_mjlog__fail_code(st, PAIFU_ELIMIT, NULL,
                                      "more than %u tags before the first <INIT>", (unsigned)cap);
    paifu_event ev;
    event_here(st, &ev, type, seat);
    return add_event(st, &ev);
}

int paifu_mjlog__on_bye(mjlog_reader *st)
{
    int who;
    int rc = paifu_mjlog__seat(st, "who", &who);
    return rc < 0 ? rc : connection_event(st, PAIFU_EV_DISCONNECT, who);
}

int paifu_mjlog__on_reconnect(mjlog_reader *st)
{
    mj_attr *a = &st->attrs[0];
    int seat = a->name[1] - '0', rc;
    if ((rc = check_seat(st, seat)) < 0)
        return rc;
    a->used = true;
    /* keep the spelling unless it is the roster's: as written there (tenhou.un.nK), else the
     * canonical %XX encoding of the player's name */
    char key[16];
    snprintf(key, sizeof(key), "tenhou.un.%s", a->name);
    const char *raw = paifu_game_meta_get(st->game, key);
    bool same;
    if (raw) {
        same = strcmp(raw, a->value) == 0;
    } else {
        const paifu_player *p = paifu_game_player(st->game, seat);
        const char *name = p ? p->name : "";
        static const char HEX[] = "0123456789ABCDEF";
        same = a->len == 3 * strlen(name);
        for (size_t i = 0; same && name[i]; i++) {
            unsigned char c = (unsigned char)name[i];
            same = a->value[3 * i] == '%' && a->value[3 * i + 1] == HEX[c >> 4] &&
                   a->value[3 * i + 2] == HEX[c & 15];
        }
    }
    if (!same && (rc = paifu_mjlog__keep(st, a)) < 0)
        return rc;
    return connection_event(st, PAIFU_EV_RECONNECT, seat);
}

/* ---- outcomes ---- */

/* "[-]digits[.digits]" with at most 3 decimals -> value * 1000. */
static int parse_decimal(const char *s, size_t len, int32_t *out, bool *has_dot, bool *fraction)
{
    size_t i = 0;
    bool neg = len && s[0] == '-';
    if (neg)
        i++;
    long long v = 0;
    size_t digits = 0, decimals = 0;
    for (; i < len && s[i] >= '0' && s[i] <= '9' && digits < 6; i++, digits++)
        v = v * 10 + (s[i] - '0');
    *has_dot = i < len && s[i] == '.';
    *fraction = false;
    if (*has_dot)
        for (i++; i < len && s[i] >= '0' && s[i] <= '9' && decimals < 3; i++, decimals++) {
            v = v * 10 + (s[i] - '0');
            *fraction |= s[i] != '0';
        }
    if (!digits || i != len || (*has_dot && !decimals))
        return -1;
    for (; decimals < 3; decimals++)
        v *= 10;
    *out = (int32_t)(neg ? -v : v);
    return 0;
}

/* owari: points (100s) and results (decimal, read into thousandths with exact decimal
   arithmetic) per seat; chip games add 8 chip numbers. */
static int on_owari(mjlog_reader *st, const mj_attr *a)
{
    if (st->owari_seen)
        return paifu_mjlog__fail(st, "owari", "a second owari (the game ends once)");
    paifu_game_result res;
    memset(&res, 0, sizeof(res));
    const char *p = a->value;
    size_t n = 0;
    for (;;) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        int32_t v;
        bool dot, fraction;
        if (n == 16 || parse_decimal(p, len, &v, &dot, &fraction) < 0 ||
            (n % 2 == 0 && (dot || v / 1000 > MAX_POINTS || v / 1000 < -MAX_POINTS)))
            return paifu_mjlog__fail(st, "owari",
                                     "expected 8 (or 16 in a chip game) numbers in "
                                     "owari: points, result per seat; item %zu is \"%.*s\"",
                                     n + 1, (int)(len < 24 ? len : 24), p);
        if (n < 2 * PAIFU_SEATS) {
            if (n % 2 == 0) {
                res.points[n / 2] = v / 1000 * 100;
            } else {
                res.final[n / 2] = v;
                if (dot)
                    st->owari_integers = 0;
                st->owari_exact |= fraction;
            }
        }
        n++;
        if (!e)
            break;
        p = e + 1;
    }
    if (n != 8 && n != 16)
        return paifu_mjlog__fail(st, "owari",
                                 "expected 8 (or 16 in a chip game) numbers in owari, "
                                 "found %zu",
                                 n);
    res.has_points = res.has_final = true;
    paifu_game_set_result(st->game, &res);
    st->owari_seen = true;
    return paifu_mjlog__meta(st, "tenhou.owari", a->value);
}

/* ba and sc, shared by AGARI and RYUUKYOKU. */
static int sticks_and_scores(mjlog_reader *st, int16_t *honba, int16_t *sticks, int32_t *before,
                             int32_t *deltas, uint16_t *known)
{
    const mj_attr *a;
    int32_t ba[2], sc[16];
    size_t n;
    int rc;
    if ((rc = paifu_mjlog__require(st, "ba", &a)) < 0 ||
        (rc = paifu_mjlog__ints(st, a, ba, 2, 2, 0, 32767, NULL)) < 0)
        return rc;
    *honba = (int16_t)ba[0];
    *sticks = (int16_t)ba[1];
    *known |= PAIFU_REC_STICKS;
    if (!(a = paifu_mjlog__attr(st, "sc")))
        return 0;
    if ((rc = paifu_mjlog__ints(st, a, sc, 8, 16, -MAX_POINTS, MAX_POINTS, &n)) < 0)
        return rc;
    if (n != 8 && n != 16)
        return paifu_mjlog__fail(st, "sc",
                                 "expected 8 (or 16 in a chip game) integers in sc, "
                                 "found %zu",
                                 n);
    for (int s = 0; s < PAIFU_SEATS; s++) {
        before[s] = sc[2 * s] * 100;
        deltas[s] = sc[2 * s + 1] * 100;
    }
    *known |= PAIFU_REC_SCORES | PAIFU_REC_DELTAS;
    if (n == 16) /* chip pairs: not in the model */
        return paifu_mjlog__keep(st, a);
    return 0;
}

static int owari_if_any(mjlog_reader *st)
{
    const mj_attr *a = paifu_mjlog__attr(st, "owari");
    return a ? on_owari(st, a) : 0;
}

static int win_yaku(mjlog_reader *st, paifu_win *w)
{
    int32_t v[2 * PAIFU_MAX_YAKU];
    size_t n = 0, m = 0;
    int rc;
    const mj_attr *a = paifu_mjlog__attr(st, "yaku");
    if (!a && !paifu_mjlog__attr(st, "yakuman")) /* Tenhou writes one; a writer without them */
        w->known &= (uint16_t)~(PAIFU_REC_YAKU | PAIFU_REC_HAN);
    if (a && (rc = paifu_mjlog__ints(st, a, v, 0, 2 * PAIFU_MAX_YAKU, 0, 255, &n)) < 0)
        return rc;
    if (n % 2)
        return paifu_mjlog__fail(st, "yaku",
                                 "expected pairs of yaku id and han in yaku, found "
                                 "%zu numbers",
                                 n);
    for (size_t i = 0; i < n; i += 2) {
        w->yaku[w->n_yaku] = (paifu_yaku_value){(uint16_t)v[i], (int16_t)v[i + 1], 1, 0, NULL};
        w->han = (int16_t)(w->han + v[i + 1]);
        w->n_yaku++;
    }
    a = paifu_mjlog__attr(st, "yakuman");
    if (a && (rc = paifu_mjlog__ints(st, a, v, 0, 2 * PAIFU_MAX_YAKU, 0, 255, &m)) < 0)
        return rc;
    if (w->n_yaku + m > PAIFU_MAX_YAKU)
        return paifu_mjlog__fail(st, "yakuman", "more than %d yaku in one win", PAIFU_MAX_YAKU);
    for (size_t i = 0; i < m; i++) {
        w->yaku[w->n_yaku++] =
            (paifu_yaku_value){(uint16_t)v[i], PAIFU_YAKU_YAKUMAN_HAN, 1, 0, NULL};
        w->han = (int16_t)(w->han + PAIFU_YAKU_YAKUMAN_HAN);
    }
    w->yakuman = (uint8_t)m;
    return 0;
}

static int win_tiles(mjlog_reader *st, paifu_win *w)
{
    const mj_attr *a;
    size_t n;
    int32_t machi;
    int rc;
    if ((rc = paifu_mjlog__require(st, "hai", &a)) < 0 ||
        (rc = paifu_mjlog__ids(st, a, w->hand_ids, PAIFU_MAX_HAND, &n)) < 0)
        return rc;
    w->n_hand = (uint8_t)n;
    for (size_t i = 0; i < n; i++)
        w->hand[i] = paifu_mjlog__tile(st, w->hand_ids[i]);
    if ((rc = paifu_mjlog__require(st, "machi", &a)) < 0 ||
        (rc = paifu_mjlog__int(st, a, 0, 135, &machi)) < 0 ||
        (rc = paifu_mjlog__check_id(st, "machi", machi)) < 0)
        return rc;
    w->win_tile_id = (uint8_t)machi;
    w->win_tile = paifu_mjlog__tile(st, (unsigned)machi);
    if ((rc = paifu_mjlog__require(st, "doraHai", &a)) < 0 ||
        (rc = paifu_mjlog__ids(st, a, w->dora_ids, PAIFU_MAX_INDICATORS, &n)) < 0)
        return rc;
    w->n_dora = (uint8_t)n;
    for (size_t i = 0; i < n; i++)
        w->dora[i] = paifu_mjlog__tile(st, w->dora_ids[i]);
    w->known |= PAIFU_REC_HAND | PAIFU_REC_DORA;
    if (!(a = paifu_mjlog__attr(st, "doraHaiUra")))
        return 0;
    if ((rc = paifu_mjlog__ids(st, a, w->ura_ids, PAIFU_MAX_INDICATORS, &n)) < 0)
        return rc;
    w->n_ura = (uint8_t)n;
    for (size_t i = 0; i < n; i++)
        w->ura[i] = paifu_mjlog__tile(st, w->ura_ids[i]);
    w->known |= PAIFU_REC_URA;
    return 0;
}

/* AGARI m: keep it only when it is not the winner's calls, most recent first. */
static int win_melds(mjlog_reader *st, int winner)
{
    const mj_attr *a = paifu_mjlog__attr(st, "m");
    int32_t v[2 * MJ_MAX_MELDS];
    size_t n = 0;
    int rc;
    if (a && (rc = paifu_mjlog__ints(st, a, v, 0, 2 * MJ_MAX_MELDS, 0, 65535, &n)) < 0)
        return rc;
    bool same = !st->melds_overflow[winner] && n == st->n_melds[winner];
    for (size_t i = 0; same && i < n; i++)
        same = (unsigned)v[i] == st->melds[winner][n - 1 - i];
    if (same)
        return 0;
    if (a)
        return paifu_mjlog__keep(st, a);
    mj_attr absent = {"m", "", 0, true, false};
    return paifu_mjlog__keep(st, &absent);
}

int paifu_mjlog__on_agari(mjlog_reader *st)
{
    const mj_attr *a;
    int32_t ten[3];
    int rc, who, from, pao = -1;
    paifu_win w;
    paifu_win_init(&w);
    if ((rc = need_deal(st)) < 0 || (rc = paifu_mjlog__seat(st, "who", &who)) < 0 ||
        (rc = paifu_mjlog__seat(st, "fromWho", &from)) < 0 ||
        (paifu_mjlog__attr(st, "paoWho") && (rc = paifu_mjlog__seat(st, "paoWho", &pao)) < 0) ||
        (rc = paifu_mjlog__require(st, "ten", &a)) < 0 ||
        (rc = paifu_mjlog__ints(st, a, ten, 3, 3, 0, MAX_POINTS, NULL)) < 0)
        return rc;
    if (ten[2] > PAIFU_LIMIT_YAKUMAN)
        return paifu_mjlog__fail(st, "ten", "limit %d in ten is beyond 5 (yakuman)", (int)ten[2]);
    if (ten[0] > 32767)
        return paifu_mjlog__fail(st, "ten", "fu %d in ten is beyond 32767", (int)ten[0]);
    w.winner = (int8_t)who;
    w.from = (int8_t)from;
    w.pao = (int8_t)pao;
    w.fu = (int16_t)ten[0];
    w.points = ten[1];
    w.limit = (uint8_t)ten[2];
    w.known = PAIFU_REC_HAN | PAIFU_REC_FU | PAIFU_REC_POINTS | PAIFU_REC_LIMIT | PAIFU_REC_YAKU;
    if (ten[0] == 0) /* fu 0: not recorded (Tenhou writes 0 only for yakuman, which need none) */
        w.known &= (uint16_t)~PAIFU_REC_FU;
    if (ten[1] == 0) /* no win is worth 0: a writer that knows neither points nor limit */
        w.known &= (uint16_t)~(PAIFU_REC_POINTS | PAIFU_REC_LIMIT);
    if ((rc = win_yaku(st, &w)) < 0 || (rc = win_tiles(st, &w)) < 0 ||
        (rc = sticks_and_scores(st, &w.honba, &w.riichi_sticks, w.scores_before, w.deltas,
                                &w.known)) < 0 ||
        (rc = win_melds(st, who)) < 0 || (rc = owari_if_any(st)) < 0)
        return rc;
    rc = paifu_mjlog__located(
        st, paifu_game_add_win(st->game, &w, st->tag_line, st->tag_column, st->err));
    st->deal_over = true;
    return rc;
}

/* RYUUKYOKU type -> draw kind (spec §4.13); nm is an exhaustive draw with nagashi mangan. */
static int draw_kind(mjlog_reader *st, const mj_attr *a, paifu_draw_kind *kind, bool *nagashi)
{
    static const struct {
        const char *type;
        paifu_draw_kind kind;
    } KINDS[] = {
        {"yao9", PAIFU_DRAW_KYUUSHU},   {"reach4", PAIFU_DRAW_SUUCHA_RIICHI},
        {"ron3", PAIFU_DRAW_SANCHAHOU}, {"kan4", PAIFU_DRAW_SUUKAIKAN},
        {"kaze4", PAIFU_DRAW_SUUFON},   {"nm", PAIFU_DRAW_EXHAUSTIVE},
    };
    *kind = PAIFU_DRAW_EXHAUSTIVE;
    *nagashi = false;
    if (!a)
        return 0;
    for (size_t i = 0; i < sizeof(KINDS) / sizeof(KINDS[0]); i++) {
        if (strcmp(a->value, KINDS[i].type) == 0) {
            *kind = KINDS[i].kind;
            *nagashi = i == 5;
            return 0;
        }
    }
    char ex[32];
    snprintf(ex, sizeof(ex), "%.24s", a->value);
    return paifu_mjlog__fail(st, "type",
                             "unknown draw type \"%s\" (expected yao9, reach4, ron3, "
                             "kan4, kaze4 or nm)",
                             ex);
}

static int draw_hands(mjlog_reader *st, paifu_draw *d)
{
    for (int s = 0; s < PAIFU_SEATS; s++) {
        const char *name = HAI[s];
        const mj_attr *a = paifu_mjlog__attr(st, name);
        size_t n;
        int rc;
        if (!a)
            continue;
        if ((rc = paifu_mjlog__ids(st, a, d->hand_ids[s], PAIFU_MAX_HAND, &n)) < 0)
            return rc;
        if (s >= st->players && n)
            return paifu_mjlog__fail(st, name, "%s shows a hand of a seat that does not play",
                                     name);
        d->n_hand[s] = (uint8_t)n;
        for (size_t i = 0; i < n; i++)
            d->hands[s][i] = paifu_mjlog__tile(st, d->hand_ids[s][i]);
        if (n)
            d->shown |= (uint8_t)(1u << s);
    }
    return 0;
}

int paifu_mjlog__on_ryuukyoku(mjlog_reader *st)
{
    paifu_draw_kind kind;
    bool nagashi;
    int rc;
    if ((rc = need_deal(st)) < 0 ||
        (rc = draw_kind(st, paifu_mjlog__attr(st, "type"), &kind, &nagashi)) < 0)
        return rc;
    paifu_draw d;
    paifu_draw_init(&d, kind);
    if ((rc = draw_hands(st, &d)) < 0 ||
        (rc = sticks_and_scores(st, &d.honba, &d.riichi_sticks, d.scores_before, d.deltas,
                                &d.known)) < 0 ||
        (rc = owari_if_any(st)) < 0)
        return rc;
    d.known |= PAIFU_REC_HAND;
    if (kind == PAIFU_DRAW_EXHAUSTIVE) {
        d.tenpai = d.shown; /* spec §4.13: the shown hands are the tenpai ones */
        d.known |= PAIFU_REC_TENPAI;
    }
    if (kind == PAIFU_DRAW_KYUUSHU && d.shown && !(d.shown & (d.shown - 1)))
        for (int s = 0; s < PAIFU_SEATS; s++)
            if (d.shown == 1u << s)
                d.seat = (int8_t)s;
    if (nagashi && (d.known & PAIFU_REC_DELTAS))
        for (int s = 0; s < PAIFU_SEATS; s++)
            if (d.deltas[s] > 0)
                d.nagashi |= (uint8_t)(1u << s);
    rc = paifu_mjlog__located(
        st, paifu_game_add_draw(st->game, &d, st->tag_line, st->tag_column, st->err));
    st->deal_over = true;
    return rc;
}
