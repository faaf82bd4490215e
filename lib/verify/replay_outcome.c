/*
 * replay_outcome.c: the end of a deal: wins, exhaustive and abortive draws, penalties.
 *
 * A win is checked in three layers, each only when the one below holds:
 *   1. legality from the replayed tiles: the right tile, the right moment, no furiten;
 *   2. the value: the winning hand is scored again (lib/score.c) and compared with what the
 *      log recorded (hand, yaku, han, fu, limit, points, dora and ura indicators);
 *   3. the money: every player's delta is recomputed from the value (recomputed, or recorded
 *      when the tiles are unknown) plus honba, riichi sticks and pao, and compared.
 * The running scores always move by the recorded deltas when the log has them, so one wrong
 * payment gives one finding, not one per following deal.
 *
 * Rules: RRC 000 §3.7-§3.10 and riichi-rulesets.md B (settlement) through rule parameters.
 */
#include "replay_internal.h"
#include "score_internal.h"
#include "settle_internal.h"
#include "tile_internal.h"

#include <stdio.h>
#include <string.h>

static char *tname(char buf[3], paifu_tile t)
{
    return paifu_tile_name(buf, t);
}

/* ---- comparing yaku lists ---- */

/* han per yaku id, with kita merged into dora and zero entries dropped (Tenhou lists ura 0) */
static void yaku_table(int16_t *han, const paifu_yaku_value *y, size_t n)
{
    memset(han, 0, sizeof(int16_t) * PAIFU_YAKU_COUNT);
    for (size_t i = 0; i < n; i++) {
        unsigned id = y[i].id == PAIFU_YAKU_KITA ? PAIFU_YAKU_DORA : y[i].id;
        if (id < PAIFU_YAKU_COUNT)
            han[id] = (int16_t)(han[id] + y[i].han * (y[i].count ? y[i].count : 1));
    }
}

static void yaku_text(char *buf, size_t size, const int16_t *han)
{
    size_t used = 0;
    buf[0] = '\0';
    char words[48]; /* the yaku in words: "seat wind north 1, dora 2" */
    for (unsigned id = 0; id < PAIFU_YAKU_COUNT && used < size; id++)
        if (han[id])
            used += (size_t)snprintf(
                buf + used, size - used, "%s%s %d", used ? ", " : "",
                paifu_finding__words(words, sizeof(words), paifu_yaku_name(id)), han[id]);
}

/* ---- the winning hand ---- */

static unsigned situation_flags(const replay *rp, const paifu_win *w, const replay_seat *s,
                                bool tsumo)
{
    unsigned f = 0;
    bool dealer = w->winner == rp->deal->start.dealer;
    if (tsumo)
        f |= PAIFU_SIT_TSUMO;
    if (s->riichi_accepted) {
        f |= PAIFU_SIT_RIICHI;
        if (s->double_riichi)
            f |= PAIFU_SIT_DOUBLE_RIICHI;
        if (s->ippatsu)
            f |= PAIFU_SIT_IPPATSU;
    }
    if (tsumo && rp->haitei_drawn && !rp->last_was_replacement)
        f |= PAIFU_SIT_HAITEI;
    if (!tsumo && rp->haitei_drawn && rp->phase == PHASE_REACT)
        f |= PAIFU_SIT_HOUTEI;
    if (tsumo && rp->last_was_replacement)
        f |= PAIFU_SIT_RINSHAN;
    if (!tsumo && rp->phase == PHASE_ROB && !rp->rob_is_kita)
        f |= rp->rob_is_ankan ? PAIFU_SIT_CHANKAN_ANKAN : PAIFU_SIT_CHANKAN;
    if (rp->first_round && !s->discarded_once) {
        /* RRC 2024 §4.2.2: tenhou on the dealt hand, chiihou on the first draw: never on the
           replacement of a kita that does not interrupt the go-around (kita_interrupts) */
        if (tsumo && dealer && rp->live_draws == 1 && !rp->last_was_replacement)
            f |= PAIFU_SIT_TENHOU;
        else if (tsumo && !dealer && !rp->last_was_replacement)
            f |= PAIFU_SIT_CHIIHOU;
        else if (!tsumo)
            f |= PAIFU_SIT_RENHOU;
    }
    return f;
}

/* Ura indicators: from the wall when it is known, else as the log recorded them. */
static uint8_t ura_indicators(const replay *rp, const paifu_win *w, paifu_tile *out)
{
    const paifu_deal_start *st = &rp->deal->start;
    if (rp->wall_checked) {
        uint8_t n = 0;
        for (int k = 0; k < rp->n_dora && k < st->wall_layout.n_dora; k++)
            out[n++] = st->wall[st->wall_layout.ura[k]];
        return n;
    }
    if (w->known & PAIFU_REC_URA) {
        memcpy(out, w->ura, w->n_ura);
        return w->n_ura;
    }
    return 0;
}

/* A log whose format lists an ura dora entry on every riichi win (PAIFU_META_URA_LISTED)
   and W's yaku have none. */
static bool ura_entry_missing(const replay *rp, const paifu_win *w, const paifu_score *sc)
{
    if (!(w->known & PAIFU_REC_YAKU) || sc->yakuman || !rp->seat[w->winner].riichi_accepted ||
        !paifu_game_meta_get(rp->game, PAIFU_META_URA_LISTED))
        return false;
    for (size_t i = 0; i < w->n_yaku; i++)
        if (w->yaku[i].id == PAIFU_YAKU_URA_DORA)
            return false;
    return true;
}

/* Compare what the log says about the value of a win with the score; false on a mismatch. */
static bool compare_value(replay *rp, const paifu_win *w, const paifu_score *sc)
{
    char e[160], r[160];
    if (ura_entry_missing(rp, w, sc)) {
        int16_t theirs[PAIFU_YAKU_COUNT];
        yaku_table(theirs, w->yaku, w->n_yaku);
        yaku_text(r, sizeof(r), theirs);
        snprintf(e, sizeof(e), "an ura dora entry (even at 0 han)");
        paifu_replay__finding(rp, "score.yaku", e, r, "tenhou-xml.md §4.12",
                              "seat %d's riichi win lists no ura dora entry, which its format "
                              "lists on every riichi win", w->winner);
        return false;
    }
    if (w->known & PAIFU_REC_YAKU) {
        int16_t mine[PAIFU_YAKU_COUNT], theirs[PAIFU_YAKU_COUNT];
        yaku_table(mine, sc->yaku, sc->n_yaku);
        yaku_table(theirs, w->yaku, w->n_yaku);
        if (memcmp(mine, theirs, sizeof(mine)) != 0) {
            yaku_text(e, sizeof(e), mine);
            yaku_text(r, sizeof(r), theirs);
            paifu_replay__finding(rp, "score.yaku", e, r, NULL, "seat %d's yaku differ",
                                  w->winner);
            return false; /* han, fu and points follow from the yaku: one finding is enough */
        }
    }
    bool yakuman = sc->yakuman > 0;
    if ((w->known & PAIFU_REC_HAN) && !yakuman && w->han != sc->han) {
        snprintf(e, sizeof(e), "%d", sc->han);
        snprintf(r, sizeof(r), "%d", w->han);
        paifu_replay__finding(rp, "score.han", e, r, NULL, "seat %d's han differ", w->winner);
        return false;
    }
    if ((w->known & PAIFU_REC_HAN) && yakuman && w->yakuman && w->yakuman != sc->yakuman) {
        snprintf(e, sizeof(e), "%d yakuman", sc->yakuman);
        snprintf(r, sizeof(r), "%d yakuman", w->yakuman);
        paifu_replay__finding(rp, "score.han", e, r, NULL, "seat %d's yakuman count differs",
                              w->winner);
        return false;
    }
    if ((w->known & PAIFU_REC_FU) && !yakuman && w->fu != sc->fu) {
        snprintf(e, sizeof(e), "%d", sc->fu);
        snprintf(r, sizeof(r), "%d", w->fu);
        paifu_replay__finding(rp, "score.fu", e, r, "RRC 2024 §3.7",
                              "seat %d's fu differ", w->winner);
        return false;
    }
    if ((w->known & PAIFU_REC_LIMIT) && w->limit != sc->limit) {
        paifu_replay__finding(rp, "score.limit", paifu_limit_name((paifu_limit)sc->limit),
                              paifu_limit_name((paifu_limit)w->limit), "RRC 2024 §3.7.8",
                              "seat %d's limit differs", w->winner);
        return false;
    }
    if ((w->known & PAIFU_REC_POINTS) && w->points != sc->total) {
        snprintf(e, sizeof(e), "%d", (int)sc->total);
        snprintf(r, sizeof(r), "%d", (int)w->points);
        paifu_replay__finding(rp, "score.points", e, r, "RRC 2024 §3.7.7",
                              "seat %d's points differ", w->winner);
        return false;
    }
    /* each payer's share, the absent north's half included (3 players without tsumo loss) */
    int32_t absent = paifu_points__absent_share(sc->pay.tsumo_nondealer, rp->players, rp->rules);
    int32_t nondealer = sc->pay.tsumo_nondealer + absent;
    int32_t dealer = sc->dealer ? 0 : sc->pay.tsumo_dealer + absent;
    if ((w->known & PAIFU_REC_PAYMENTS) && w->from == w->winner &&
        (w->payment_nondealer != nondealer || w->payment_dealer != dealer)) {
        snprintf(e, sizeof(e), "%d/%d", (int)nondealer, (int)dealer);
        snprintf(r, sizeof(r), "%d/%d", (int)w->payment_nondealer, (int)w->payment_dealer);
        paifu_replay__finding(rp, "score.points", e, r, "RRC 2024 §3.7.7",
                              "seat %d's tsumo payments differ", w->winner);
        return false;
    }
    return true;
}

/* Compare the recorded indicators with the ones revealed (and the ura with the wall). */
static void compare_indicators(replay *rp, const paifu_win *w, const paifu_tile *ura, uint8_t n_ura)
{
    char e[32], r[32];
    if (w->known & PAIFU_REC_DORA) {
        bool same = w->n_dora == rp->n_dora;
        for (int i = 0; same && i < rp->n_dora; i++)
            same = paifu_tile__same(w->dora[i], rp->dora[i]);
        if (!same) {
            paifu_tile_format(e, sizeof(e), rp->dora, rp->n_dora);
            paifu_tile_format(r, sizeof(r), w->dora, w->n_dora);
            if (!e[0] || !r[0]) /* no indicator is a value too */
                snprintf(e[0] ? r : e, sizeof(e), "none");
            paifu_replay__finding(rp, "score.dora", e, r, NULL,
                                  "the dora indicators of seat %d's win differ from those "
                                  "revealed",
                                  w->winner);
        }
    }
    /* RRC 2024 §3.6: "if two kans were declared in the deal, there are three ura dora: one
       ordinary and two kan ura": a riichi winner shows one under every indicator revealed */
    int want = rp->rules->kan_dora ? rp->n_dora : rp->n_dora > 0;
    if ((w->known & PAIFU_REC_URA) && !rp->wall_checked && rp->rules->ura_dora &&
        rp->seat[w->winner].riichi && w->n_ura < want) {
        snprintf(e, sizeof(e), "%d", want);
        snprintf(r, sizeof(r), "%d", (int)w->n_ura);
        paifu_replay__finding(rp, "score.dora", e, r, NULL,
                              "seat %d's riichi win shows %d ura indicator%s, but %d dora "
                              "indicators were revealed: one ura lies under each",
                              w->winner, (int)w->n_ura, w->n_ura == 1 ? "" : "s",
                              (int)rp->n_dora);
    }
    if ((w->known & PAIFU_REC_URA) && rp->wall_checked) {
        bool same = w->n_ura == n_ura;
        for (int i = 0; same && i < n_ura; i++)
            same = paifu_tile__same(w->ura[i], ura[i]);
        if (!same) {
            paifu_tile_format(e, sizeof(e), ura, n_ura);
            paifu_tile_format(r, sizeof(r), w->ura, w->n_ura);
            if (!e[0] || !r[0]) /* no indicator is a value too */
                snprintf(e[0] ? r : e, sizeof(e), "none");
            paifu_replay__finding(rp, "wall.ura", e, r, NULL,
                                  "the ura indicators of seat %d's win differ from the wall",
                                  w->winner);
        }
    }
}

/* Legality of the moment: the right tile, from the right place, no furiten. */
static bool check_moment(replay *rp, const paifu_win *w, bool tsumo)
{
    replay_seat *s = &rp->seat[w->winner];
    char b[3], c[3];
    if (tsumo) {
        if (rp->phase != PHASE_DISCARD || rp->turn != w->winner || !s->drew) {
            paifu_replay__finding(rp, "win.tile", NULL, NULL, NULL,
                                  "seat %d declares tsumo without having just drawn", w->winner);
            return false;
        }
        if (w->win_tile != PAIFU_TILE_NONE && !paifu_tile__same(w->win_tile, s->last_draw)) {
            paifu_replay__finding(rp, "win.tile", tname(b, s->last_draw), tname(c, w->win_tile),
                                  NULL, "seat %d's winning tile is not the tile it drew",
                                  w->winner);
            return false;
        }
        return true;
    }
    bool robbing = rp->phase == PHASE_ROB;
    if ((rp->phase != PHASE_REACT && !robbing) || w->from != rp->last_from ||
        w->winner == rp->last_from) {
        paifu_replay__finding(rp, "win.tile", NULL, NULL, NULL,
                              "seat %d declares ron on seat %d, which did not just discard",
                              w->winner, w->from);
        return false;
    }
    if (w->win_tile != PAIFU_TILE_NONE && !paifu_tile__same(w->win_tile, rp->last_tile)) {
        paifu_replay__finding(rp, "win.tile", tname(b, rp->last_tile), tname(c, w->win_tile), NULL,
                              "seat %d's winning tile is not the discard", w->winner);
        return false;
    }
    uint64_t bit = (uint64_t)1 << paifu_tile_kind(rp->last_tile);
    uint64_t waits = paifu_replay__waits(s);
    if (waits & bit) {
        const char *why = NULL;
        if (waits & s->river_kinds)
            why = "one of its waits is in its own discards";
        else if (s->riichi_furiten)
            why = "it passed a winning tile after riichi";
        else if (s->temp_furiten)
            why = "it passed a winning tile since its last draw";
        if (why)
            paifu_replay__finding(rp, "win.furiten", NULL, NULL, "RRC 2024 basic rules §3.4",
                                  "seat %d wins by ron in furiten: %s", w->winner, why);
    }
    return true;
}

/* The situation of W's win, without ura indicators. */
static void win_situation(const replay *rp, const paifu_win *w, bool tsumo, paifu_situation *sit)
{
    const replay_seat *s = &rp->seat[w->winner];
    paifu_situation_init(sit);
    sit->win_tile = tsumo ? s->last_draw : rp->last_tile;
    sit->round_wind = rp->deal->start.round_wind;
    sit->seat_wind = (uint8_t)paifu_replay__seat_wind(rp, w->winner);
    sit->honba = rp->honba;
    sit->flags = situation_flags(rp, w, s, tsumo);
    sit->n_dora = rp->n_dora;
    memcpy(sit->dora, rp->dora, rp->n_dora);
}

/* Score the win from the replayed tiles. Returns false when the tiles cannot be scored. */
static bool score_from_tiles(replay *rp, const paifu_win *w, bool tsumo, paifu_score *sc,
                             paifu_tile *ura, uint8_t *n_ura)
{
    replay_seat *s = &rp->seat[w->winner];
    paifu_situation sit;
    win_situation(rp, w, tsumo, &sit);
    *n_ura = ura_indicators(rp, w, ura);
    sit.n_ura = *n_ura;
    memcpy(sit.ura, ura, *n_ura);
    paifu_error err;
    paifu_error_clear(&err);
    if (paifu_score_hand(sc, &s->hand, &sit, rp->rules, &err) < 0) {
        paifu_replay__finding(rp, "win.not_complete", NULL, NULL, NULL,
                              "seat %d's hand cannot be scored: %s", w->winner, err.text);
        return false;
    }
    if ((w->known & PAIFU_REC_HAND) &&
        !paifu_replay__ids_equal_hand(rp, w->winner, w->hand, w->hand_ids, w->n_hand,
                                      tsumo ? PAIFU_TILE_NONE : sit.win_tile)) {
        char e[64], r[64];
        paifu_hand tmp = s->hand;
        if (!tsumo)
            paifu_hand_add(&tmp, sit.win_tile, NULL);
        paifu_hand_format(e, sizeof(e), &tmp, PAIFU_TILE_NONE);
        paifu_tile_format(r, sizeof(r), w->hand, w->n_hand);
        paifu_replay__finding(rp, "win.hand", e, r, NULL,
                              "the hand seat %d shows differs from the replayed hand", w->winner);
    }
    return true;
}

/* Why W has no yaku where a rule of the set takes its only one away, for the finding's words:
   open tanyao under rules that count tanyao in a closed hand only (kuitan: EMA 2012, JHC 2016).
   "" otherwise. */
static const char *no_yaku_why(const replay *rp, const paifu_win *w, bool tsumo)
{
    if (rp->rules->kuitan)
        return "";
    paifu_rules open = *rp->rules;
    open.kuitan = true;
    paifu_situation sit;
    win_situation(rp, w, tsumo, &sit);
    paifu_score sc;
    paifu_error err;
    paifu_error_clear(&err);
    if (paifu_score_hand(&sc, &rp->seat[w->winner].hand, &sit, &open, &err) < 0 ||
        sc.status != PAIFU_SCORE_OK)
        return "";
    for (int i = 0; i < sc.n_yaku; i++)
        if (sc.yaku[i].id == PAIFU_YAKU_TANYAO)
            return " (these rules count no open tanyao)";
    return "";
}

/*
 * The yakuman W is paid for: its recorded count, else one for a yakuman recorded as a limit
 * (a sheet's "limit: yakuman" with no han). Where yakuman do not stack (yakuman_stacking false:
 * JHC 2016 §7.3.1.7, EMA), a hand is paid for its largest yakuman only: a double yakuman of the
 * rules' double_yakuman set is worth two, any other one; with no yaku list, the largest a
 * yakuman of the rules can be. RRC 2024 §3.5.1: each further yakuman adds one where they stack.
 */
static int paid_yakuman(const paifu_rules *r, const paifu_win *w)
{
    int n = w->yakuman;
    if (!n && !(w->known & PAIFU_REC_HAN) && (w->known & PAIFU_REC_LIMIT) &&
        w->limit == PAIFU_LIMIT_YAKUMAN)
        n = 1;
    if (n <= 1 || r->yakuman_stacking)
        return n;
    int best = 0;
    for (unsigned i = 0; (w->known & PAIFU_REC_YAKU) && i < w->n_yaku; i++)
        if (paifu_yaku_is_yakuman(w->yaku[i].id)) {
            int v = paifu_yaku__yakuman_value(w->yaku[i].id, r);
            best = v > best ? v : best;
        }
    if (!best)
        best = r->double_yakuman ? 2 : 1;
    return n < best ? n : best;
}

/* Payments of a win from the recorded han/fu only (result-only deals, broken replays, a value
   that differs from the replay's), else from its yakuman or its limit: all the money step
   needs. */
static bool payment_from_record(const replay *rp, const paifu_win *w, paifu_payment *pay)
{
    /* a limit recorded without han (a sheet's "limit": "haneman") is worth its base */
    static const int32_t LIMIT_BASE[] = {0, 2000, 3000, 4000, 6000, 8000};
    int yakuman = paid_yakuman(rp->rules, w);
    bool limit = (w->known & PAIFU_REC_LIMIT) && w->limit > PAIFU_LIMIT_NONE &&
                 w->limit <= PAIFU_LIMIT_YAKUMAN;
    if (!(w->known & PAIFU_REC_HAN) && !yakuman && !limit)
        return false;
    int fu = (w->known & PAIFU_REC_FU) ? w->fu : 30;
    int32_t base = yakuman                        ? 8000 * yakuman
                   : (w->known & PAIFU_REC_HAN) ? paifu_points_base(w->han, fu, rp->rules, NULL)
                                                 : LIMIT_BASE[w->limit];
    paifu_points_payment(pay, base, w->winner == rp->deal->start.dealer);
    return true;
}

/* At the first win of a deal: who collects the riichi sticks on the table (all winners on the
   same discard are known from the events that follow). */
static void share_sticks(replay *rp, const paifu_event *ev, const paifu_win *w)
{
    unsigned winners = 0, riichi = 0;
    const paifu_deal *d = rp->deal;
    for (size_t i = (size_t)rp->event; i < d->n_events; i++) {
        const paifu_event *e = &d->events[i];
        if (e->type != PAIFU_EV_WIN)
            break;
        const paifu_win *x = &d->wins[e->detail];
        if (x->from != w->from)
            break;
        winners |= 1u << x->winner;
        if (rp->seat[x->winner].riichi_accepted && rp->seat[x->winner].riichi_this_deal)
            riichi |= 1u << x->winner;
    }
    (void)ev;
    paifu_settle__multi_ron_sticks(rp->stick_share, winners, w->winner, rp->sticks, riichi,
                                   rp->rules);
}

/* A declaration the log itself penalises with a chombo later in the deal (RRC-2024 §3.13: a
   false win is chombo): nothing is paid for it and nothing is reported against it, since the
   table caught it. The replay only checks that it was indeed invalid: a declaration that
   replays as a valid win gets penalty.unfounded. */
static void false_declaration(replay *rp, const paifu_win *w, bool tsumo, bool tiles)
{
    if (tiles && rp->verifiable) {
        paifu_score sc;
        paifu_tile ura[PAIFU_MAX_INDICATORS];
        uint8_t n_ura = 0;
        int before = rp->muted_hits;
        rp->muted++;
        bool valid = check_moment(rp, w, tsumo) &&
                     score_from_tiles(rp, w, tsumo, &sc, ura, &n_ura) &&
                     sc.status == PAIFU_SCORE_OK;
        rp->muted--;
        if (valid && rp->muted_hits == before)
            paifu_replay__finding(rp, "penalty.unfounded", NULL, NULL, "RRC 2024 §3.13",
                                  "seat %d's declaration is recorded as a chombo, but it replays "
                                  "as a valid win (%d han %d fu)",
                                  w->winner, sc.han, sc.fu);
    }
    if (w->known & PAIFU_REC_DELTAS)
        for (int s = 0; s < rp->players; s++)
            rp->scores[s] += w->deltas[s];
    rp->ended = true;
}

/* Score changes of W's win paid as PAY under the rules. */
/* Who is liable for W: a yakuman's pao (RRC 2024 §3.7.9), or the player who discarded into a
   daiminkan whose replacement tile wins (pao rinshan_daiminkan, JHC 2016 §7.3.1.17). */
static int liable_seat(const replay *rp, const paifu_win *w)
{
    bool tiles = !(rp->deal->flags & PAIFU_DEAL_RESULT_ONLY) && !rp->broken;
    if (tiles && w->from == w->winner && rp->last_was_replacement && rp->rinshan_liable >= 0)
        return rp->rinshan_liable;
    /* the replay decides who is liable; the log's liable seat is a record, compared in
       paifu_replay__win, and used only where there are no tiles to replay */
    return tiles ? rp->seat[w->winner].pao : w->pao;
}

static void win_deltas(const replay *rp, const paifu_win *w, const paifu_payment *pay, bool first,
                       int32_t *deltas)
{
    settle_win sw = {rp->players, rp->deal->start.dealer, w->winner, w->from, liable_seat(rp, w),
                     first || rp->rules->honba_multi_ron == PAIFU_HONBA_EACH_WINNER ? rp->honba
                                                                                   : 0,
                     rp->stick_share[w->winner], *pay};
    paifu_settle__win_deltas(deltas, &sw, rp->rules);
}

/*
 * A riichi winner whose ura indicators neither the wall nor the log gives (mjai logs without
 * ura_markers): the ura count is not known, only that it is one the revealed indicators can
 * give (0 up to the indicators out, each counting the winner's tiles of one kind).
 */
static bool ura_unknown(const replay *rp, const paifu_win *w)
{
    return rp->rules->ura_dora && rp->seat[w->winner].riichi_accepted && !rp->wall_checked &&
           !(w->known & PAIFU_REC_URA) && rp->n_dora > 0;
}

/* True when SC agrees with every value W records, score changes included (no finding made). */
static bool value_matches(replay *rp, const paifu_win *w, const paifu_score *sc, bool first)
{
    int before = rp->muted_hits;
    rp->muted++;
    bool same = compare_value(rp, w, sc) && rp->muted_hits == before;
    rp->muted--;
    if (same && (w->known & PAIFU_REC_DELTAS)) {
        int32_t deltas[PAIFU_SEATS] = {0};
        win_deltas(rp, w, &sc->pay, first, deltas);
        same = memcmp(deltas, w->deltas, sizeof(int32_t) * (size_t)rp->players) == 0;
    }
    return same;
}

/*
 * For a win whose ura count is unknown (unknown is a value): when the win records its value or
 * its score changes, the smallest ura count the revealed indicators can give that gives them
 * (SC is replaced by its score), else SC stays as it is (and its findings are made). When it
 * records neither, SC stays the count 0 and the score changes every other count gives are
 * carried as alternatives (paifu_replay__unknown_scores): the next recorded scores settle
 * them. Each indicator counts the winner's tiles of the kind it points at: counts[] from the
 * scorer, one indicator at a time; the totals n indicators reach, with one choice each.
 */
static void pick_ura(replay *rp, const paifu_win *w, bool tsumo, paifu_score *sc, bool first)
{
    const unsigned value = PAIFU_REC_HAN | PAIFU_REC_FU | PAIFU_REC_POINTS | PAIFU_REC_LIMIT |
                           PAIFU_REC_YAKU | PAIFU_REC_DELTAS | PAIFU_REC_PAYMENTS;
    bool recorded = (w->known & value) != 0;
    if (recorded && value_matches(rp, w, sc, first))
        return;
    const replay_seat *s = &rp->seat[w->winner];
    paifu_situation sit;
    paifu_score try;
    win_situation(rp, w, tsumo, &sit);
    uint8_t counts[PAIFU_TILE_KINDS] = {0};
    sit.n_ura = 1;
    for (unsigned k = 0; k < PAIFU_TILE_KINDS; k++) {
        sit.ura[0] = paifu_tile_make(k, false);
        if (paifu_score_hand(&try, &s->hand, &sit, rp->rules, NULL) == 0 &&
            try.status == PAIFU_SCORE_OK)
            counts[k] = try.ura;
    }
    enum { MAX_SUM = 4 * PAIFU_MAX_INDICATORS + 1 };
    int n = rp->n_dora < PAIFU_MAX_INDICATORS ? rp->n_dora : PAIFU_MAX_INDICATORS;
    int8_t pick[PAIFU_MAX_INDICATORS + 1][MAX_SUM]; /* kind chosen at step i to reach a sum */
    memset(pick, -1, sizeof(pick));
    pick[0][0] = 0;
    for (int i = 0; i < n; i++)
        for (int sum = 0; sum < MAX_SUM; sum++)
            for (unsigned k = 0; pick[i][sum] >= 0 && k < PAIFU_TILE_KINDS; k++)
                if (sum + counts[k] < MAX_SUM && pick[i + 1][sum + counts[k]] < 0)
                    pick[i + 1][sum + counts[k]] = (int8_t)k;
    int32_t own[PAIFU_SEATS] = {0}, offsets[MAX_SUM][PAIFU_SEATS];
    int n_offsets = 0;
    if (!recorded)
        win_deltas(rp, w, &sc->pay, first, own);
    for (int total = 1; total < MAX_SUM; total++) {
        if (pick[n][total] < 0)
            continue;
        sit.n_ura = (uint8_t)n;
        for (int i = n, sum = total; i > 0; i--) {
            unsigned k = (unsigned)pick[i][sum];
            sit.ura[i - 1] = paifu_tile_make(k, false);
            sum -= counts[k];
        }
        if (paifu_score_hand(&try, &s->hand, &sit, rp->rules, NULL) < 0 ||
            try.status != PAIFU_SCORE_OK)
            continue;
        if (recorded && value_matches(rp, w, &try, first)) {
            *sc = try;
            return;
        }
        if (!recorded) {
            int32_t d[PAIFU_SEATS] = {0};
            win_deltas(rp, w, &try.pay, first, d);
            for (int p = 0; p < PAIFU_SEATS; p++)
                offsets[n_offsets][p] = d[p] - own[p];
            n_offsets++;
        }
    }
    paifu_replay__unknown_scores(rp, (const int32_t (*)[PAIFU_SEATS])offsets, n_offsets);
}

/* The settled view's row of W (paifu/settled.h): the value that priced the payments (SC, from
   the tiles when FROM_TILES, else from the record when PRICED) and the changes applied. */
static void settle_win_row(replay *rp, const paifu_event *ev, const paifu_win *w,
                           const paifu_score *sc, bool from_tiles, bool priced, bool first,
                           const int32_t *apply)
{
    paifu_settled_row row;
    paifu_settled__row_init(&row, (size_t)rp->event, PAIFU_SETTLED_WIN);
    row.detail = (uint32_t)ev->detail;
    row.seat = (int8_t)w->winner;
    row.from = (int8_t)w->from;
    row.liable = (int8_t)liable_seat(rp, w);
    row.honba = (int16_t)(first || rp->rules->honba_multi_ron == PAIFU_HONBA_EACH_WINNER
                              ? rp->honba : 0);
    row.sticks = rp->stick_share[w->winner];
    if (from_tiles) {
        row.han = sc->han;
        row.fu = sc->fu_counted ? sc->fu : -1;
        row.yakuman = sc->yakuman;
        row.limit = sc->limit;
        row.points = sc->total;
        row.marks |= PAIFU_SETTLED_FROM_TILES;
    } else {
        if (w->known & PAIFU_REC_HAN) {
            row.han = w->han;
            row.yakuman = (uint8_t)w->yakuman;
            row.marks |= PAIFU_SETTLED_REC_HAN;
        }
        if (w->known & PAIFU_REC_FU) {
            row.fu = w->fu;
            row.marks |= PAIFU_SETTLED_REC_FU;
        }
        if (w->known & PAIFU_REC_LIMIT)
            row.limit = w->limit;
        if (w->known & PAIFU_REC_POINTS) {
            row.points = w->points;
            row.marks |= PAIFU_SETTLED_REC_POINTS;
        } else if (priced) {
            /* the hand's value: what the winner collects without honba and sticks */
            settle_win sw = {rp->players, rp->deal->start.dealer, w->winner, w->from, -1, 0, 0,
                             sc->pay};
            int32_t d[PAIFU_SEATS] = {0};
            paifu_settle__win_deltas(d, &sw, rp->rules);
            row.points = d[w->winner];
        }
    }
    if (apply) {
        row.paid = true;
        memcpy(row.deltas, apply, sizeof(int32_t) * (size_t)rp->players);
    }
    if (w->known & PAIFU_REC_DELTAS)
        row.marks |= PAIFU_SETTLED_REC_DELTAS;
    paifu_settled__add_row(rp->settled, &row, rp->scores, rp->scores_known);
}

void paifu_replay__win(replay *rp, const paifu_event *ev)
{
    const paifu_win *w = &rp->deal->wins[ev->detail];
    bool tsumo = w->from == w->winner;
    bool tiles = !(rp->deal->flags & PAIFU_DEAL_RESULT_ONLY) && !rp->broken;
    bool first = rp->n_wins == 0;
    if (!first && tsumo) {
        paifu_replay__finding(rp, "log.structure", NULL, NULL, NULL,
                              "a second win in the deal by tsumo");
        return;
    }
    if (paifu_replay__chombo_recorded(rp, w->winner)) {
        false_declaration(rp, w, tsumo, tiles);
        return;
    }
    paifu_replay__dead_declares(rp, w->winner, tsumo ? "declares tsumo" : "declares ron");
    if (first)
        share_sticks(rp, ev, w);
    paifu_score sc;
    bool scored = false;
    bool value_differs = false; /* the recorded value is not the replay's (a score.* finding) */
    paifu_tile ura[PAIFU_MAX_INDICATORS];
    uint8_t n_ura = 0;
    if (tiles && !tsumo && rp->phase == PHASE_ROB && rp->rob_dora > 0) {
        /* RRC 2024 §3.3.5: a robbed added kan is not declared, so it reveals no indicator;
           the winner does not count the one the log revealed */
        paifu_replay__finding(rp, "deal.dora", NULL, NULL, "RRC 2024 §3.3.5",
                              "a kan dora indicator was revealed for seat %d's added kan, which "
                              "seat %d robs: a robbed kan is not declared",
                              rp->last_from, w->winner);
        rp->n_dora = (uint8_t)(rp->n_dora - (rp->rob_dora < rp->n_dora ? rp->rob_dora : 0));
        rp->rob_dora = 0;
    }
    if (tiles && check_moment(rp, w, tsumo)) {
        scored = score_from_tiles(rp, w, tsumo, &sc, ura, &n_ura);
        if (scored && sc.status == PAIFU_SCORE_OK && rp->verifiable && ura_unknown(rp, w))
            pick_ura(rp, w, tsumo, &sc, first);
        if (scored) /* the value the findings below compare the record with */
            paifu_report__win_result(rp->report, rp->deal_index, ev->detail, &sc);
        if (scored && sc.status != PAIFU_SCORE_OK) {
            const char *code = sc.status == PAIFU_SCORE_NOT_COMPLETE ? "win.not_complete"
                                                                     : "win.no_yaku";
            char follows[120]; /* a false win: what the ruling brings under the rule set */
            paifu_settle__chombo_words(follows, sizeof(follows), rp->rules, w->winner,
                                       rp->deal->start.dealer);
            paifu_replay__finding(rp, code, NULL, NULL, "RRC 2024 §3.5, §3.13",
                                  "seat %d's win is not valid: %s%s; %s", w->winner,
                                  paifu_finding__status_words(sc.status),
                                  sc.status == PAIFU_SCORE_NO_YAKU ? no_yaku_why(rp, w, tsumo)
                                                                   : "",
                                  follows);
            scored = false;
        } else if (scored && rp->verifiable) {
            rp->report->stats.wins_scored++;
            compare_indicators(rp, w, ura, n_ura);
            /* the payments are priced from the replay's value all the same: an expected
               value comes only from paifu's computation (the delta check below) */
            value_differs = !compare_value(rp, w, &sc);
        }
    }
    bool from_tiles = scored;
    if (!scored)
        scored = payment_from_record(rp, w, &sc.pay);
    /* who is liable (liable_seat) against the liable seat the log records */
    if (tiles && tsumo && rp->last_was_replacement && rp->rinshan_liable >= 0) {
        if (w->pao >= 0 && w->pao != rp->rinshan_liable)
            paifu_replay__finding(rp, "score.delta", NULL, NULL, "JHC 2016 §7.3.1.17",
                                  "seat %d is recorded as liable for seat %d's rinshan win after "
                                  "a daiminkan, the replay finds seat %d",
                                  w->pao, w->winner, rp->rinshan_liable);
    } else if (w->pao >= 0 && tiles && rp->seat[w->winner].pao != w->pao) {
        char liable[16];
        paifu_finding__seats(liable, sizeof(liable),
                             rp->seat[w->winner].pao < 0 ? 0u : 1u << rp->seat[w->winner].pao,
                             rp->players);
        paifu_replay__finding(rp, "score.delta", NULL, NULL, "RRC 2024 §3.7.9",
                              "seat %d is recorded as liable (pao) for seat %d's win, the replay "
                              "finds %s liable",
                              w->pao, w->winner, liable);
    }
    /* the money */
    if (rp->scores_known && (w->known & PAIFU_REC_SCORES) &&
        memcmp(w->scores_before, rp->scores, sizeof(int32_t) * (size_t)rp->players) != 0) {
        char e[64], r[64], who[160];
        paifu_finding__points(e, sizeof(e), rp->scores, rp->players);
        paifu_finding__points(r, sizeof(r), w->scores_before, rp->players);
        paifu_finding__by_seat(who, sizeof(who), rp->scores, w->scores_before, rp->players,
                               PAIFU_UNIT_POINTS);
        paifu_replay__finding(rp, "score.scores_before", e, r, NULL,
                              "scores before seat %d's win differ from the running scores: %s",
                              w->winner, who);
        memcpy(rp->scores, w->scores_before, sizeof(int32_t) * (size_t)rp->players);
    }
    int32_t deltas[PAIFU_SEATS] = {0};
    bool computed = scored && rp->verifiable;
    if (computed) {
        win_deltas(rp, w, &sc.pay, first, deltas);
        size_t size = sizeof(int32_t) * (size_t)rp->players;
        bool differ = (w->known & PAIFU_REC_DELTAS) && memcmp(deltas, w->deltas, size) != 0;
        paifu_payment recorded_pay;
        if (differ && value_differs && payment_from_record(rp, w, &recorded_pay)) {
            /* the recorded changes are those of the recorded (wrong) value: the score.* finding
               made above is their root cause, and says it once */
            int32_t of_record[PAIFU_SEATS] = {0};
            win_deltas(rp, w, &recorded_pay, first, of_record);
            differ = memcmp(of_record, w->deltas, size) != 0;
        }
        if (differ) {
            char e[64], r[64], who[160];
            paifu_finding__points(e, sizeof(e), deltas, rp->players);
            paifu_finding__points(r, sizeof(r), w->deltas, rp->players);
            paifu_finding__by_seat(who, sizeof(who), deltas, w->deltas, rp->players,
                                   PAIFU_UNIT_DELTA);
            paifu_replay__finding(rp, "score.delta", e, r, "RRC 2024 §3.9, §3.3.6",
                                  "score changes of seat %d's win differ: %s", w->winner, who);
        }
    }
    const int32_t *apply = (w->known & PAIFU_REC_DELTAS) ? w->deltas : computed ? deltas : NULL;
    int32_t as_recorded[PAIFU_SEATS] = {0};
    paifu_payment recorded_value;
    if (!(w->known & PAIFU_REC_DELTAS) && computed && value_differs &&
        payment_from_record(rp, w, &recorded_value)) {
        /* no recorded changes and a recorded value that is not the replay's: the table paid
           the recorded value, and the scores run on by it (one finding, not one per deal) */
        win_deltas(rp, w, &recorded_value, first, as_recorded);
        apply = as_recorded;
    }
    if (apply)
        for (int s = 0; s < rp->players; s++)
            rp->scores[s] += apply[s];
    else
        rp->scores_known = false;
    if (rp->settled)
        settle_win_row(rp, ev, w, &sc, from_tiles, scored, first, apply);
    /* bookkeeping for the flow between deals */
    rp->n_wins++;
    rp->winners |= 1 << w->winner;
    if (w->winner == rp->deal->start.dealer)
        rp->dealer_won = true;
    if (first)
        rp->sticks = 0; /* the first winner takes the table */
    rp->ended = true; /* only another ron on the same tile may follow (replay.c step) */
}

/* ---- draws ---- */

static bool terminal_or_honor(unsigned k)
{
    return k >= 27 || k % 9 == 0 || k % 9 == 8;
}

static const char *abortive_condition(replay *rp, const paifu_draw *d)
{
    const paifu_rules *r = rp->rules;
    switch (d->kind) {
    case PAIFU_DRAW_KYUUSHU: {
        if (!(r->abortive & PAIFU_ABORT_KYUUSHU))
            return "the rules have no nine-terminals draw";
        int seat = d->seat >= 0 ? d->seat : rp->turn;
        const replay_seat *s = &rp->seat[seat];
        if (rp->phase != PHASE_DISCARD || rp->turn != seat || !s->drew || !rp->first_round ||
            s->discarded_once)
            return "it is not the declarer's first, uninterrupted turn";
        unsigned kinds = 0;
        for (unsigned k = 0; k < PAIFU_TILE_KINDS; k++)
            if (s->hand.counts[k] && terminal_or_honor(k))
                kinds++;
        return kinds >= 9 ? NULL : "fewer than nine different terminals and honours";
    }
    case PAIFU_DRAW_SUUFON: {
        if (!(r->abortive & PAIFU_ABORT_SUUFON))
            return "the rules have no four-winds draw";
        bool same = rp->discards_total == 4 && rp->first_round && rp->phase == PHASE_REACT;
        for (int i = 0; same && i < 4; i++)
            same = paifu_tile_kind(rp->first_winds[i]) == paifu_tile_kind(rp->first_winds[0]) &&
                   paifu_tile_kind(rp->first_winds[0]) >= PAIFU_TILE_EAST &&
                   paifu_tile_kind(rp->first_winds[0]) <= PAIFU_TILE_NORTH;
        /* RRC 2024 §3.8: the first go-around, not interrupted by a declared set (a call or a
           kan, closed ones too: EMA 2012 §3.1) */
        if (!same && !rp->first_round)
            return "a call or a kan interrupted the first go-around";
        if (!same && (rp->discards_total != 4 || rp->phase != PHASE_REACT))
            return "it does not come right after the fourth discard";
        return same ? NULL : "the first four discards are not one and the same wind";
    }
    case PAIFU_DRAW_SUUCHA_RIICHI:
        if (!(r->abortive & PAIFU_ABORT_SUUCHA_RIICHI))
            return "the rules have no four-riichi draw";
        return rp->riichi_count == 4 ? NULL : "fewer than four riichi deposits";
    case PAIFU_DRAW_SUUKAIKAN: {
        if (!(r->abortive & PAIFU_ABORT_SUUKAIKAN))
            return "the rules have no four-kans draw";
        int seats = 0;
        for (int s = 0; s < rp->players; s++)
            seats += (rp->kan_seats >> s) & 1;
        return rp->kans == 4 && seats >= 2 ? NULL : "not four kans by two or more players";
    }
    case PAIFU_DRAW_SANCHAHOU: {
        if (r->multi_ron != PAIFU_MULTI_RON_DOUBLE)
            return "the rules pay a triple ron (or allow only one winner)";
        if (rp->phase != PHASE_REACT)
            return "there is no discard to win on";
        int n = 0;
        uint64_t bit = (uint64_t)1 << paifu_tile_kind(rp->last_tile);
        for (int s = 0; s < rp->players; s++)
            if (s != rp->last_from && (paifu_replay__waits(&rp->seat[s]) & bit))
                n++;
        return n == 3 ? NULL : "fewer than three players wait on the discard";
    }
    default:
        return "unknown abortive draw";
    }
}

/* Recorded hands shown at a draw must be the replayed ones. */
static void compare_shown(replay *rp, const paifu_draw *d)
{
    for (int s = 0; s < rp->players; s++) {
        if (!(d->shown & (1u << s)))
            continue;
        if (!paifu_replay__ids_equal_hand(rp, s, d->hands[s], d->hand_ids[s], d->n_hand[s],
                                          PAIFU_TILE_NONE)) {
            char e[64], r[64];
            paifu_hand_format(e, sizeof(e), &rp->seat[s].hand, PAIFU_TILE_NONE);
            paifu_tile_format(r, sizeof(r), d->hands[s], d->n_hand[s]);
            paifu_replay__finding(rp, "draw.hand", e, r, NULL,
                                  "the hand seat %d shows differs from the replayed hand", s);
        }
    }
}

/* Nagashi mangan: every discard a terminal or honour and none called (RRC §3.10). */
static unsigned nagashi_seats(const replay *rp)
{
    unsigned m = 0;
    for (int s = 0; s < rp->players; s++) {
        const replay_seat *st = &rp->seat[s];
        if (st->n_river && !st->river_plain && !st->river_called && !st->dead)
            m |= 1u << s;
    }
    return m;
}

/*
 * A draw recorded by its result only, with neither who was tenpai nor the payments: unknown is
 * a value. The replay takes nobody tenpai (DECLARED); every other set of players the noten
 * payments could have followed is carried as an alternative (paifu_replay__unknown_scores),
 * for the next recorded scores to settle. The dealer's own tenpai decides the next dealer too,
 * which the flow checks from the replay's reading: only the other seats' sets are carried.
 */
static void unknown_tenpai(replay *rp, unsigned declared)
{
    int dealer = rp->deal->start.dealer;
    int32_t own[PAIFU_SEATS] = {0}, offsets[1u << PAIFU_SEATS][PAIFU_SEATS];
    int n = 0;
    paifu_settle__noten_deltas(own, declared, rp->players, rp->rules);
    for (unsigned set = 1; set < (1u << rp->players); set++) {
        if (set == declared || ((set >> dealer) & 1) != ((declared >> dealer) & 1))
            continue;
        int32_t d[PAIFU_SEATS] = {0};
        paifu_settle__noten_deltas(d, set, rp->players, rp->rules);
        for (int s = 0; s < PAIFU_SEATS; s++)
            offsets[n][s] = d[s] - own[s];
        n++;
    }
    paifu_replay__unknown_scores(rp, (const int32_t (*)[PAIFU_SEATS])offsets, n);
}

static void exhaustive(replay *rp, const paifu_draw *d, bool tiles)
{
    const paifu_rules *r = rp->rules;
    unsigned tenpai = 0, declared;
    if (tiles) {
        if (rp->phase != PHASE_REACT || paifu_replay__live_left(rp) > 0)
            paifu_replay__finding(rp, "draw.condition", NULL, NULL, "RRC 2024 §3.8",
                                  "an exhaustive draw with %d tiles left in the live wall",
                                  paifu_replay__live_left(rp));
        if (rp->last_riichi)
            rp->last_riichi = false; /* a riichi on the last discard cannot pay its deposit */
        for (int s = 0; s < rp->players; s++)
            if (!rp->seat[s].dead && paifu_hand_tenpai_for_draw(&rp->seat[s].hand, r, NULL))
                tenpai |= 1u << s;
        compare_shown(rp, d);
    }
    declared = (d->known & PAIFU_REC_TENPAI) ? d->tenpai : tenpai;
    if (tiles && rp->verifiable) {
        for (int s = 0; s < rp->players; s++) {
            const replay_seat *st = &rp->seat[s];
            bool is = (tenpai >> s) & 1, says = (declared >> s) & 1;
            /* RRC 2024 §3.13: "at a draw a dead hand is noten in any case, but a dead hand
               declared after riichi must still be shown to avoid the chombo for noten riichi";
               Table 1: a hand changed in riichi gets the chombo whatever its tenpai */
            bool holds = st->dead && paifu_hand_tenpai_for_draw(&st->hand, r, NULL);
            if (says && !is && st->dead)
                paifu_replay__finding(rp, "draw.tenpai", "noten", "tenpai",
                                      "RRC 2024 §3.13, Table 1",
                                      "seat %d is recorded tenpai, but its hand was declared "
                                      "dead: noten at the draw whatever it holds", s);
            else if (says && !is)
                paifu_replay__finding(rp, "draw.tenpai", "noten", "tenpai", "RRC 2024 §3.8",
                                      "seat %d is recorded tenpai but its hand is not", s);
            /* Tenhou: "a tenpai hand at an exhaustive draw counts as tenpai automatically";
               no noten declaration (mj-news.net/?p=38310) */
            else if (!says && is && r->tenpai_declared_automatically)
                paifu_replay__finding(rp, "draw.tenpai", "tenpai", "noten",
                                      "Tenhou's rules (mj-news.net/?p=38310)",
                                      "seat %d is recorded noten but its hand is tenpai, and a "
                                      "tenpai hand at an exhaustive draw is tenpai with no noten "
                                      "declaration",
                                      s);
            if (st->changed_after_riichi && !paifu_replay__chombo_recorded(rp, s)) {
                char follows[120];
                paifu_settle__chombo_words(follows, sizeof(follows), r, s,
                                           rp->deal->start.dealer);
                paifu_replay__finding(rp, "penalty.noten_riichi", NULL, NULL,
                                      "RRC 2024 §3.13, Table 1",
                                      "seat %d changed its hand in riichi and the deal ends in "
                                      "a draw: a chombo whatever its tenpai; %s",
                                      s, follows);
            } else if (!says && st->riichi_accepted && !holds && !st->changed_after_riichi &&
                       !paifu_replay__chombo_recorded(rp, s)) {
                char follows[120]; /* what the ruling brings under the rule set */
                paifu_settle__chombo_words(follows, sizeof(follows), r, s,
                                           rp->deal->start.dealer);
                paifu_replay__finding(rp, "penalty.noten_riichi", NULL, NULL,
                                      "RRC 2024 §3.8, §3.13",
                                      "seat %d declared riichi and is not tenpai at the draw; %s",
                                      s, follows);
            }
        }
    }
    int32_t deltas[PAIFU_SEATS] = {0};
    unsigned nagashi = 0;
    if (r->nagashi)
        nagashi = tiles ? nagashi_seats(rp) : d->nagashi;
    char e_n[64], g_n[64]; /* who has nagashi mangan, in words */
    if (tiles && r->nagashi && nagashi != d->nagashi)
        paifu_replay__finding(
            rp, "draw.payment", paifu_finding__seats(e_n, sizeof(e_n), nagashi, rp->players),
            paifu_finding__seats(g_n, sizeof(g_n), d->nagashi, rp->players), "RRC 2024 §3.10",
            "nagashi mangan differs: the replay finds it for %s, the log for %s", e_n, g_n);
    if (nagashi) {
        /* paid like a mangan tsumo per nagashi player, instead of the noten payments */
        paifu_settle__nagashi_deltas(deltas, nagashi, rp->deal->start.dealer, rp->players);
    } else {
        paifu_settle__noten_deltas(deltas, declared, rp->players, r);
    }
    if (rp->verifiable && (d->known & PAIFU_REC_DELTAS) &&
        memcmp(deltas, d->deltas, sizeof(int32_t) * (size_t)rp->players) != 0) {
        char e[64], g[64], who[160];
        paifu_finding__points(e, sizeof(e), deltas, rp->players);
        paifu_finding__points(g, sizeof(g), d->deltas, rp->players);
        paifu_finding__by_seat(who, sizeof(who), deltas, d->deltas, rp->players, PAIFU_UNIT_DELTA);
        paifu_replay__finding(rp, "draw.payment", e, g, "RRC 2024 §3.8",
                              "payments at the exhaustive draw differ: %s", who);
    }
    const int32_t *apply = (d->known & PAIFU_REC_DELTAS) ? d->deltas : deltas;
    for (int s = 0; s < rp->players; s++)
        rp->scores[s] += apply[s];
    rp->dealer_tenpai = (declared >> rp->deal->start.dealer) & 1;
    if (!tiles && !nagashi && !(d->known & (PAIFU_REC_TENPAI | PAIFU_REC_DELTAS)))
        unknown_tenpai(rp, declared);
    if (rp->settled) {
        paifu_settled_row row;
        paifu_settled__row_init(&row, (size_t)rp->event, PAIFU_SETTLED_DRAW);
        row.draw_kind = PAIFU_DRAW_EXHAUSTIVE;
        row.detail = (uint32_t)(d - rp->deal->draws);
        row.tenpai = declared;
        row.paid = true;
        memcpy(row.deltas, apply, sizeof(int32_t) * (size_t)rp->players);
        row.marks = (d->known & PAIFU_REC_DELTAS) ? PAIFU_SETTLED_REC_DELTAS : 0;
        paifu_settled__add_row(rp->settled, &row, rp->scores, rp->scores_known);
    }
}

void paifu_replay__draw_outcome(replay *rp, const paifu_event *ev)
{
    const paifu_draw *d = &rp->deal->draws[ev->detail];
    bool tiles = !(rp->deal->flags & PAIFU_DEAL_RESULT_ONLY) && !rp->broken;
    if (rp->n_wins) {
        paifu_replay__finding(rp, "log.structure", NULL, NULL, NULL, "a draw after a win");
        return;
    }
    rp->drawn = true;
    rp->ended = true;
    if (d->kind == PAIFU_DRAW_EXHAUSTIVE) {
        exhaustive(rp, d, tiles);
        rp->phase = PHASE_ENDED;
        return;
    }
    paifu_settled_row row; /* the settled view's row (paifu/settled.h) */
    paifu_settled__row_init(&row, (size_t)rp->event, PAIFU_SETTLED_DRAW);
    row.draw_kind = (uint8_t)d->kind;
    row.detail = (uint32_t)ev->detail;
    row.seat = (int8_t)d->seat;
    row.paid = true;
    rp->abortive = true;
    if (tiles && rp->last_riichi && d->kind != PAIFU_DRAW_SANCHAHOU) {
        rp->last_riichi = false; /* accepted only if the log says so (a fourth riichi does) */
    }
    const char *why = tiles ? abortive_condition(rp, d) : NULL;
    if (why)
        paifu_replay__finding(rp, "draw.condition", "the deal goes on", /* in words, not codes */
                              paifu_finding__draw_words(d->kind), "RRC 2024 §3.8",
                              "%s, but %s", paifu_finding__draw_words(d->kind), why);
    if (tiles)
        compare_shown(rp, d);
    if (d->known & PAIFU_REC_DELTAS) {
        bool zero = true;
        for (int s = 0; s < rp->players; s++)
            zero = zero && d->deltas[s] == 0;
        char g_d[64], who[160];
        static const int32_t none[PAIFU_SEATS];
        paifu_finding__points(g_d, sizeof(g_d), d->deltas, rp->players);
        paifu_finding__by_seat(who, sizeof(who), none, d->deltas, rp->players, PAIFU_UNIT_DELTA);
        if (!zero)
            paifu_replay__finding(rp, "draw.payment", rp->players == 3 ? "0,0,0" : "0,0,0,0", g_d,
                                  "RRC 2024 §3.8", "an abortive draw moves points: %s", who);
        for (int s = 0; s < rp->players; s++)
            rp->scores[s] += d->deltas[s];
        memcpy(row.deltas, d->deltas, sizeof(int32_t) * (size_t)rp->players);
        row.marks = PAIFU_SETTLED_REC_DELTAS;
    }
    paifu_settled__add_row(rp->settled, &row, rp->scores, rp->scores_known);
    rp->phase = PHASE_ENDED;
}

/* ---- penalties ---- */

void paifu_replay__penalty(replay *rp, const paifu_event *ev)
{
    const paifu_penalty *p = &rp->deal->penalties[ev->detail];
    const paifu_rules *r = rp->rules;
    if (p->kind == PAIFU_PENALTY_CHOMBO) {
        rp->chombo = true;
        rp->ended = true;
    }
    if (p->kind == PAIFU_PENALTY_DEAD_HAND && p->seat >= 0 && p->seat < rp->players)
        rp->seat[p->seat].dead = true;
    if (p->kind == PAIFU_PENALTY_CHOMBO && r->chombo == PAIFU_CHOMBO_NONE && p->seat >= 0 &&
        p->seat < rp->players)
        paifu_replay__finding(rp, "penalty.amount", "no chombo", "a chombo", "no chombo",
                              "seat %d is given a chombo, but these rules have none (the "
                              "platform's client does not let a player make a false win)",
                              p->seat);
    int32_t deltas[PAIFU_SEATS] = {0};
    bool pays = false;
    bool annulled = p->kind == PAIFU_PENALTY_CHOMBO && p->timing == PAIFU_PENALTY_BY_RULES &&
                    r->chombo == PAIFU_CHOMBO_REVERSE_MANGAN &&
                    paifu_settle__chombo_void(rp->deal, p->seat, r);
    if (annulled) {
        /* RRC-2024 §3.13, EMA 2012 §3.4.6: another player's win in the deal voids the chombo */
        pays = true;
    } else if (p->kind == PAIFU_PENALTY_CHOMBO && p->timing == PAIFU_PENALTY_BY_RULES &&
        r->chombo == PAIFU_CHOMBO_REVERSE_MANGAN && p->seat >= 0 && p->seat < rp->players) {
        /* a mangan paid by the offender: 4000 to the dealer and 2000 to the others, a dealer
           offender 4000 to each (RRC-2024 §3.13 variation; EMA 004 §3.4.6) */
        paifu_settle__chombo_deltas(deltas, p->seat, rp->deal->start.dealer, rp->players);
        pays = true;
    }
    if (p->timing == PAIFU_PENALTY_IMMEDIATE && p->has_deltas) {
        memcpy(deltas, p->deltas, sizeof(deltas));
        pays = true;
    } else if (pays && p->has_deltas &&
               memcmp(deltas, p->deltas, sizeof(int32_t) * (size_t)rp->players) != 0) {
        char e[64], g[64];
        paifu_finding__points(e, sizeof(e), deltas, rp->players);
        paifu_finding__points(g, sizeof(g), p->deltas, rp->players);
        paifu_replay__finding(rp, "penalty.amount", e, g, "RRC 2024 §3.13; EMA 2012 §3.4.6",
                              annulled ? "seat %d's chombo is void (another player wins in the "
                                         "deal), but it is paid"
                                       : "the chombo payments of seat %d differ from the rule "
                                         "set's",
                              p->seat);
        memcpy(deltas, p->deltas, sizeof(deltas));
    }
    if (pays)
        for (int s = 0; s < rp->players; s++)
            rp->scores[s] += deltas[s];
    paifu_settled_row row; /* the settled view's row (paifu/settled.h) */
    paifu_settled__row_init(&row, (size_t)rp->event, PAIFU_SETTLED_PENALTY);
    row.detail = (uint32_t)ev->detail;
    row.penalty_kind = (uint8_t)p->kind;
    row.seat = (int8_t)p->seat;
    row.paid = pays;
    if (pays)
        memcpy(row.deltas, deltas, sizeof(int32_t) * (size_t)rp->players);
    row.marks = pays && p->has_deltas ? PAIFU_SETTLED_REC_DELTAS : 0;
    paifu_settled__add_row(rp->settled, &row, rp->scores, rp->scores_known);
}
