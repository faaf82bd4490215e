/*
 * sheet_check.c: a result-only deal (a score sheet's line) checked as far as it is written.
 *
 * A score sheet gives no tiles, so nothing can be re-simulated; what it does give must still be
 * a result some real deal can have. Per win: the yaku listed add up to the han at their closed
 * or open value under the rule set (lib/hand/yaku.c's table, kuitan included), dora, aka and ura
 * as listed; the yaku can stand together (no yakuman beside other yaku, no pair of yaku that
 * exclude each other, no yaku the rule set does not have, no yaku that needs a tsumo on a ron or
 * the other way round, a closed tsumo without menzen tsumo); ippatsu only beside riichi, and a
 * winner who declared riichi has it among the yaku; the han and fu are a pair a hand
 * can have; sticks and honba a win records are those on the table; nobody wins twice. Per draw:
 * an abortive draw the rule set has, fitting the deal (four riichi deposits for suucha riichi), a
 * riichi player tenpai at an exhaustive draw. Where the sheet leaves something out (no yaku
 * list, no fu, a limit hand) only what is there is checked and nothing is said about the rest.
 *
 * Payments are checked by the replay (replay_outcome.c prices a result-only win from its
 * recorded han and fu); multiple ron against multi_ron by replay.c (win.order).
 *
 * Rules: shared/rules/yaku.md sections 1 (values, closed/open), 4 (combinations) and 5 (fu);
 * RRC-2024 000 §3.5-§3.8, §4.
 */
#include "sheet_check.h"
#include "finding_internal.h"
#include "score_internal.h"
#include "settle_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define BIT(id) ((uint64_t)1 << (id))

/* Yaku that need riichi declared in the deal (000 §4.2.1). */
#define RIICHI_YAKU                                                                                \
    (BIT(PAIFU_YAKU_RIICHI) | BIT(PAIFU_YAKU_DOUBLE_RIICHI) | BIT(PAIFU_YAKU_IPPATSU))
/* Yaku only a tsumo has, and yaku only a ron has. */
#define TSUMO_ONLY                                                                                 \
    (BIT(PAIFU_YAKU_MENZEN_TSUMO) | BIT(PAIFU_YAKU_HAITEI) | BIT(PAIFU_YAKU_RINSHAN_KAIHOU))
#define RON_ONLY (BIT(PAIFU_YAKU_HOUTEI) | BIT(PAIFU_YAKU_CHANKAN) | BIT(PAIFU_YAKU_RENHOU))
/* Value sets: the seat and round winds, the dragons, a sheet's unnamed yakuhai. */
#define VALUE_SETS                                                                                 \
    (((((uint64_t)1 << 21) - 1) & ~(((uint64_t)1 << 10) - 1)) | BIT(PAIFU_YAKU_YAKUHAI))
#define SEQUENCE_YAKU                                                                              \
    (BIT(PAIFU_YAKU_PINFU) | BIT(PAIFU_YAKU_IIPEIKOU) | BIT(PAIFU_YAKU_RYANPEIKOU) |               \
     BIT(PAIFU_YAKU_ITTSU) | BIT(PAIFU_YAKU_SANSHOKU_DOUJUN))
#define TRIPLET_YAKU                                                                               \
    (BIT(PAIFU_YAKU_TOITOI) | BIT(PAIFU_YAKU_SANANKOU) | BIT(PAIFU_YAKU_SANKANTSU) |               \
     BIT(PAIFU_YAKU_SANSHOKU_DOUKOU))
#define TERMINAL_YAKU (BIT(PAIFU_YAKU_CHANTA) | BIT(PAIFU_YAKU_JUNCHAN) | BIT(PAIFU_YAKU_HONROUTOU))

/*
 * Pairs of yaku no hand has together (yaku.md section 4; the readings of yaku.c): seven pairs
 * have no sets, pinfu has only sequences and no value pair, tanyao no terminal or honour, and
 * so on. The same in every rule set: the shapes exclude each other.
 */
typedef struct exclusion {
    uint8_t yaku;
    uint64_t excludes;
} exclusion;

static const exclusion EXCLUSIONS[] = {
    {PAIFU_YAKU_CHIITOITSU, SEQUENCE_YAKU | TRIPLET_YAKU | VALUE_SETS | BIT(PAIFU_YAKU_CHANTA) |
                                BIT(PAIFU_YAKU_JUNCHAN) | BIT(PAIFU_YAKU_SHOUSANGEN) |
                                BIT(PAIFU_YAKU_RINSHAN_KAIHOU)},
    {PAIFU_YAKU_PINFU, TRIPLET_YAKU | VALUE_SETS | BIT(PAIFU_YAKU_HONROUTOU) |
                           BIT(PAIFU_YAKU_SHOUSANGEN) | BIT(PAIFU_YAKU_RINSHAN_KAIHOU)},
    {PAIFU_YAKU_IIPEIKOU, BIT(PAIFU_YAKU_RYANPEIKOU) | BIT(PAIFU_YAKU_TOITOI)},
    {PAIFU_YAKU_RYANPEIKOU,
     TRIPLET_YAKU | VALUE_SETS | BIT(PAIFU_YAKU_ITTSU) | BIT(PAIFU_YAKU_SANSHOKU_DOUJUN)},
    {PAIFU_YAKU_TOITOI, SEQUENCE_YAKU | BIT(PAIFU_YAKU_CHANTA) | BIT(PAIFU_YAKU_JUNCHAN)},
    {PAIFU_YAKU_ITTSU,
     TRIPLET_YAKU | BIT(PAIFU_YAKU_SANSHOKU_DOUJUN) | TERMINAL_YAKU | BIT(PAIFU_YAKU_TANYAO)},
    {PAIFU_YAKU_SANSHOKU_DOUJUN, TRIPLET_YAKU | BIT(PAIFU_YAKU_HONROUTOU)},
    {PAIFU_YAKU_TANYAO,
     TERMINAL_YAKU | VALUE_SETS | BIT(PAIFU_YAKU_HONITSU) | BIT(PAIFU_YAKU_SHOUSANGEN)},
    {PAIFU_YAKU_CHANTA,
     BIT(PAIFU_YAKU_JUNCHAN) | BIT(PAIFU_YAKU_HONROUTOU) | BIT(PAIFU_YAKU_CHINITSU)},
    {PAIFU_YAKU_JUNCHAN,
     BIT(PAIFU_YAKU_HONROUTOU) | VALUE_SETS | BIT(PAIFU_YAKU_HONITSU) | BIT(PAIFU_YAKU_SHOUSANGEN)},
    {PAIFU_YAKU_HONITSU, BIT(PAIFU_YAKU_CHINITSU)},
    {PAIFU_YAKU_CHINITSU, VALUE_SETS | BIT(PAIFU_YAKU_HONROUTOU) | BIT(PAIFU_YAKU_SHOUSANGEN)},
    {PAIFU_YAKU_RIICHI, BIT(PAIFU_YAKU_DOUBLE_RIICHI)},
    {PAIFU_YAKU_HAITEI, BIT(PAIFU_YAKU_RINSHAN_KAIHOU)},
};

typedef struct sheet {
    paifu_report *report;
    const paifu_verify_options *opts;
    const paifu_deal *deal;
    const paifu_rules *rules;
    int players;
    int honba; /* counters on the table at the deal's start */
    int hits;  /* findings made: one per win is enough */
} sheet;

static void finding(sheet *sh, int event, const char *code, const char *expected,
                    const char *recorded, const char *rule_ref, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 7, 8)))
#endif
    ;

static void finding(sheet *sh, int event, const char *code, const char *expected,
                    const char *recorded, const char *rule_ref, const char *fmt, ...)
{
    sh->hits++;
    va_list ap;
    va_start(ap, fmt);
    paifu_finding__vadd(sh->report, sh->opts, sh->deal, event, code, expected, recorded, rule_ref,
                        fmt, ap);
    va_end(ap);
}

/* The rule set has no such yaku: its name, else NULL. */
static const char *absent_yaku(unsigned id, const paifu_rules *r, bool riichi)
{
    if (id == PAIFU_YAKU_IPPATSU && !r->ippatsu)
        return "the rules have no ippatsu";
    if (id == PAIFU_YAKU_RENHOU && r->renhou == PAIFU_RENHOU_NONE)
        return "the rules have no renhou";
    if (id == PAIFU_YAKU_URA_DORA && !r->ura_dora)
        return "the rules count no ura dora";
    if (id == PAIFU_YAKU_URA_DORA && !riichi)
        return "ura dora count only for a riichi winner";
    if (id == PAIFU_YAKU_AKA_DORA && r->red_fives == 0)
        return "the rules have no red fives";
    if (id == PAIFU_YAKU_KITA && (!r->kita || r->players != 3))
        return "the rules set no North aside";
    if (id == PAIFU_YAKU_NAGASHI_MANGAN)
        return "nagashi mangan is paid at a draw, not won";
    return NULL;
}

static bool yakuman_id(unsigned id, const paifu_rules *r)
{
    return paifu_yaku_is_yakuman(id) ||
           (id == PAIFU_YAKU_RENHOU && r->renhou == PAIFU_RENHOU_YAKUMAN);
}

/* The value of one win's list: which yaku, their sums closed and open, whether open is possible. */
typedef struct listed {
    uint64_t ids;     /* yaku ids listed (dora family excluded) */
    int closed, open; /* han of the yaku and dora at closed / open value */
    bool can_open;    /* no closed-only yaku (and tanyao counts open: kuitan) */
    int yakuman;      /* yakuman ids listed */
    int yakuman_value; /* what they are worth together where yakuman stack (a double one 2) */
    int dora;         /* han of the dora family */
} listed;

static void read_list(listed *l, const paifu_win *w, const paifu_rules *r)
{
    memset(l, 0, sizeof(*l));
    l->can_open = true;
    for (unsigned i = 0; i < w->n_yaku; i++) {
        const paifu_yaku_value *y = &w->yaku[i];
        unsigned id = y->id;
        int count = y->count ? y->count : 1;
        if (paifu_yaku_is_dora(id)) {
            l->dora += y->han * count;
            continue;
        }
        if (id >= 64)
            continue;
        l->ids |= BIT(id);
        if (yakuman_id(id, r)) {
            l->yakuman++;
            l->yakuman_value += paifu_yaku__yakuman_value(id, r) * count;
            continue;
        }
        if (id == PAIFU_YAKU_YAKUHAI) { /* a sheet's "yakuhaiN": N value sets, 1 han each */
            l->closed += y->han * count;
            l->open += y->han * count;
            continue;
        }
        int c = paifu_yaku__han(id, true, r), o = paifu_yaku__han(id, false, r);
        l->closed += c * count;
        l->open += o * count;
        if (o == 0)
            l->can_open = false;
    }
    l->closed += l->dora;
    l->open += l->dora;
}

static void check_yaku(sheet *sh, int ev, const paifu_win *w, const listed *l, bool riichi)
{
    const paifu_rules *r = sh->rules;
    bool tsumo = w->winner == w->from;
    for (unsigned i = 0; i < w->n_yaku; i++) {
        const paifu_yaku_value *v = &w->yaku[i];
        int aka = v->id == PAIFU_YAKU_AKA_DORA ? v->han * (v->count ? v->count : 1) : 0;
        if (r->red_fives > 0 && aka > r->red_fives) { /* more red fives than the set holds */
            char e[24], g[24];
            snprintf(e, sizeof(e), "at most %d aka dora", (int)r->red_fives);
            snprintf(g, sizeof(g), "%d aka dora", aka);
            finding(sh, ev, "sheet.yaku", e, g, "RRC 2024 §3.1.1",
                    "seat %d's yaku list counts %d aka dora, but the set holds %d red fives",
                    w->winner, aka, (int)r->red_fives);
            return;
        }
        const char *why = absent_yaku(v->id, r, riichi);
        if (why) {
            char y[48];
            finding(sh, ev, "sheet.yaku", "not listed",
                    paifu_finding__words(y, sizeof(y), paifu_yaku_name(w->yaku[i].id)),
                    "RRC 2024 §4", "seat %d's yaku list has %s, but %s", w->winner, y, why);
            return;
        }
    }
    if (l->yakuman) {
        uint64_t others = 0;
        for (unsigned i = 0; i < w->n_yaku; i++)
            if (w->yaku[i].id < 64 && !yakuman_id(w->yaku[i].id, r))
                others |= BIT(w->yaku[i].id);
        if (others || l->dora) {
            finding(sh, ev, "sheet.yaku", "a yakuman alone", "with other yaku or dora",
                    "RRC 2024 §3.5.1", "seat %d's yakuman is listed with other yaku or dora",
                    w->winner);
            return;
        }
    }
    if (l->yakuman) {
        /* RRC 2024 §4.2.2: tenhou is the dealer's win on the dealt hand, chiihou a non-dealer's
           on its first draw: both by tsumo */
        bool dealer = w->winner == sh->deal->start.dealer;
        const char *why = NULL;
        if ((l->ids & BIT(PAIFU_YAKU_TENHOU)) && (!tsumo || !dealer))
            why = "tenhou is the dealer's win by tsumo on the dealt hand";
        else if ((l->ids & BIT(PAIFU_YAKU_CHIIHOU)) && (!tsumo || dealer))
            why = "chiihou is a non-dealer's win by tsumo on its first draw";
        if (why)
            finding(sh, ev, "sheet.yaku", NULL,
                    paifu_yaku_name(l->ids & BIT(PAIFU_YAKU_TENHOU) ? PAIFU_YAKU_TENHOU
                                                                   : PAIFU_YAKU_CHIIHOU),
                    "RRC 2024 §4.2.2", "seat %d wins by %s as %s: %s", w->winner,
                    tsumo ? "tsumo" : "ron", dealer ? "the dealer" : "a non-dealer", why);
        return;
    }
    uint64_t wrong_way = tsumo ? l->ids & RON_ONLY : l->ids & TSUMO_ONLY;
    if (wrong_way) {
        unsigned id = 0;
        while (!(wrong_way & BIT(id)))
            id++;
        char y[48];
        finding(sh, ev, "sheet.yaku", "not listed",
                paifu_finding__words(y, sizeof(y), paifu_yaku_name(id)), "RRC 2024 §4",
                "seat %d wins by %s with %s, a yaku of a %s", w->winner, tsumo ? "tsumo" : "ron", y,
                tsumo ? "ron" : "tsumo");
        return;
    }
    for (size_t i = 0; i < sizeof(EXCLUSIONS) / sizeof(EXCLUSIONS[0]); i++) {
        const exclusion *x = &EXCLUSIONS[i];
        if (!(l->ids & BIT(x->yaku)) || !(l->ids & x->excludes))
            continue;
        unsigned other = 0;
        while (!(l->ids & x->excludes & BIT(other)))
            other++;
        char both[64], y1[32], y2[32];
        snprintf(both, sizeof(both), "%s with %s",
                 paifu_finding__words(y1, sizeof(y1), paifu_yaku_name(x->yaku)),
                 other == PAIFU_YAKU_YAKUHAI
                     ? "yakuhai"
                     : paifu_finding__words(y2, sizeof(y2), paifu_yaku_name(other)));
        finding(sh, ev, "sheet.yaku", "one of them", both, "RRC 2024 §4",
                "seat %d's yaku cannot stand together: %s", w->winner, both);
        return;
    }
    if ((l->ids & BIT(PAIFU_YAKU_IPPATSU)) &&
        !(l->ids & (BIT(PAIFU_YAKU_RIICHI) | BIT(PAIFU_YAKU_DOUBLE_RIICHI))))
        finding(sh, ev, "sheet.yaku", "riichi with ippatsu", "ippatsu", "RRC 2024 §4.2.1",
                "seat %d's ippatsu is listed without riichi", w->winner);
}

/*
 * A riichi winner counts riichi (or double riichi) among the yaku (000 §4.2.1). The other way
 * round is not checked: Pantheon sheets leave the winner's own deposit out of the riichi list
 * (it comes straight back to the winner, so no score depends on it; the corpus has riichi
 * and ippatsu wins without it, e.g. Mimir games-10 lines 9 and 12): a riichi yaku with no
 * deposit listed is a deposit left unwritten, and the hand is then closed (check_closed).
 */
static void check_riichi(sheet *sh, int ev, const paifu_win *w, const listed *l, bool riichi)
{
    if (riichi && !l->yakuman && l->ids &&
        !(l->ids & (BIT(PAIFU_YAKU_RIICHI) | BIT(PAIFU_YAKU_DOUBLE_RIICHI))))
        finding(sh, ev, "sheet.riichi", "riichi", "no riichi", "RRC 2024 §4.2.1",
                "seat %d declared riichi in this deal, but riichi is not among its yaku",
                w->winner);
}

/* A closed hand (riichi declared, or a yaku only a closed hand has): its tsumo scores menzen
   tsumo, its ron 10 fu for the closed ron, so 30 fu only with pinfu (yaku.md 1, 5). */
static void check_closed(sheet *sh, int ev, const paifu_win *w, const listed *l, bool riichi)
{
    bool closed = riichi || !l->can_open;
    if (!closed || l->yakuman)
        return;
    bool tsumo = w->winner == w->from;
    if (tsumo && !(l->ids & BIT(PAIFU_YAKU_MENZEN_TSUMO))) {
        finding(sh, ev, "sheet.yaku", "menzen tsumo", "no menzen tsumo", "RRC 2024 §4",
                "seat %d's closed hand wins by tsumo without menzen tsumo among its yaku",
                w->winner);
        return;
    }
    /* four triplets in a closed hand are concealed: on a tsumo that is suuankou, on a ron the
       triplet the ron completes is open and the other three are sanankou (yaku.md 33; RRC 2024
       §4.1.2) */
    if ((l->ids & BIT(PAIFU_YAKU_TOITOI)) && (tsumo || !(l->ids & BIT(PAIFU_YAKU_SANANKOU)))) {
        finding(sh, ev, "sheet.yaku", tsumo ? "suuankou" : "toitoi with sanankou",
                "toitoi in a closed hand", "RRC 2024 §4.1.2",
                tsumo ? "seat %d's closed hand lists toitoi on a tsumo: four concealed triplets "
                        "are suuankou"
                      : "seat %d's closed hand lists toitoi without sanankou: on a ron three of "
                        "its triplets stay concealed",
                w->winner);
        return;
    }
    if (!tsumo && (w->known & PAIFU_REC_FU) && w->fu == 30 &&
        !(l->ids & (BIT(PAIFU_YAKU_PINFU) | BIT(PAIFU_YAKU_CHIITOITSU)))) {
        char g[32];
        snprintf(g, sizeof(g), "%d han %d fu", w->han, w->fu);
        finding(sh, ev, "sheet.fu", "40 fu or more", g, "RRC 2024 §3.7",
                "seat %d's closed ron without pinfu scores 40 fu or more, not 30", w->winner);
    }
}

/*
 * A liable player (pao) is recorded only for what the rules make someone liable for: a yakuman
 * of the rules' pao set (RRC 2024 §3.7.9: daisangen, daisuushi; JHC 2016 §7.3.1.8: and
 * suukantsu), or a rinshan tsumo after a daiminkan where rinshan_daiminkan is in it (JHC 2016
 * §7.3.1.17); never the winner.
 */
static void check_pao(sheet *sh, int ev, const paifu_win *w, const listed *l)
{
    if (w->pao < 0)
        return;
    uint32_t pao = sh->rules->pao;
    bool tsumo = w->winner == w->from;
    bool founded = ((pao & PAIFU_PAO_DAISANGEN) && (l->ids & BIT(PAIFU_YAKU_DAISANGEN))) ||
                   ((pao & PAIFU_PAO_DAISUUSHI) && (l->ids & BIT(PAIFU_YAKU_DAISUUSHI))) ||
                   ((pao & PAIFU_PAO_SUUKANTSU) && (l->ids & BIT(PAIFU_YAKU_SUUKANTSU))) ||
                   ((pao & PAIFU_PAO_RINSHAN_DAIMINKAN) && tsumo &&
                    (l->ids & BIT(PAIFU_YAKU_RINSHAN_KAIHOU)));
    char g[40];
    snprintf(g, sizeof(g), "seat %d liable", w->pao);
    if (w->pao == w->winner)
        finding(sh, ev, "sheet.winner", "another player", g, "RRC 2024 §3.7.9",
                "seat %d is recorded as liable (pao) for its own win", w->winner);
    else if (!founded)
        finding(sh, ev, "sheet.yaku", "no liable player", g, "RRC 2024 §3.7.9; JHC 2016 §7.3.1.8",
                "seat %d is recorded as liable (pao) for seat %d's win, whose yaku the rules make "
                "nobody liable for",
                w->pao, w->winner);
}

static void check_han(sheet *sh, int ev, const paifu_win *w, const listed *l)
{
    const paifu_rules *r = sh->rules;
    char e[48], g[48];
    if (l->yakuman) {
        bool limit = (w->known & PAIFU_REC_LIMIT) && w->limit == PAIFU_LIMIT_YAKUMAN;
        if (!w->yakuman && !limit && (w->known & PAIFU_REC_HAN)) {
            snprintf(g, sizeof(g), "%d", w->han);
            finding(sh, ev, "sheet.han", "yakuman", g, "RRC 2024 §3.5.1",
                    "seat %d's yaku list names a yakuman, the han do not", w->winner);
        } else if (r->yakuman_stacking && w->yakuman > l->yakuman_value) {
            /* where yakuman stack, each listed one adds one (a double one two): a count above
               what the list gives is paid for yakuman the hand does not have (000 §3.5.1);
               where they do not stack, the payment shows it (replay_outcome.c) */
            snprintf(e, sizeof(e), "%d yakuman", l->yakuman_value);
            snprintf(g, sizeof(g), "%d yakuman", w->yakuman);
            finding(sh, ev, "sheet.han", e, g, "RRC 2024 §3.5.1",
                    "seat %d's yaku list names yakuman worth %d, the win counts %d", w->winner,
                    l->yakuman_value, w->yakuman);
        }
        return;
    }
    if (l->ids & BIT(PAIFU_YAKU_RENHOU))
        return; /* renhou as mangan: worth a mangan unless the rest is worth more (000 §4.2.3) */
    if (!(l->ids & ~BIT(PAIFU_YAKU_YAKUHAI)) && !(l->ids & BIT(PAIFU_YAKU_YAKUHAI))) {
        if (l->dora || w->n_yaku)
            finding(sh, ev, "win.no_yaku", "a yaku", "dora only", "RRC 2024 §3.5",
                    "seat %d's list has dora but no yaku", w->winner);
        return;
    }
    if (w->yakuman) {
        /* a counted yakuman: 13 han or more where the rules have it */
        if (!r->kazoe_yakuman || (l->closed < 13 && !(l->can_open && l->open >= 13))) {
            snprintf(e, sizeof(e), "%d", l->closed);
            finding(sh, ev, "sheet.han", e, "yakuman", "RRC 2024 §3.7.8",
                    "seat %d's yaku add up to %d han, not a yakuman", w->winner, l->closed);
        }
        return;
    }
    bool ok = w->han == l->closed || (l->can_open && w->han == l->open);
    if (!ok) {
        if (l->can_open && l->open != l->closed)
            snprintf(e, sizeof(e), "%d (closed) or %d (open)", l->closed, l->open);
        else
            snprintf(e, sizeof(e), "%d", l->closed);
        snprintf(g, sizeof(g), "%d", w->han);
        finding(sh, ev, "sheet.han", e, g, "RRC 2024 §4",
                "seat %d's yaku and dora add up to %s han, not %d", w->winner, e, w->han);
    }
}

/*
 * Five counters or more: a win needs two han from yaku, dora and red fives not counted
 * (ryanhan_shibari: EMA 2012 §3.4.11), as the hand engine asks of a tile log (score.c). The
 * yaku han are the list's at the value the recorded han take (open where they are the open
 * sum); without a list, fewer than two han in all are fewer than two from yaku.
 */
static void check_minimum(sheet *sh, int ev, const paifu_win *w, const listed *l, bool has_list)
{
    if (!sh->rules->ryanhan_shibari || sh->honba < 5 || w->yakuman ||
        (has_list && (l->yakuman || (l->ids & BIT(PAIFU_YAKU_RENHOU)))))
        return;
    int yaku_han;
    if (has_list) {
        bool open = l->can_open && (w->known & PAIFU_REC_HAN) && w->han == l->open &&
                    l->open != l->closed;
        yaku_han = (open ? l->open : l->closed) - l->dora;
    } else if (w->known & PAIFU_REC_HAN) {
        yaku_han = w->han;
    } else {
        return;
    }
    if (yaku_han >= 2)
        return;
    char g[48];
    snprintf(g, sizeof(g), "%d han from yaku", yaku_han);
    char follows[120]; /* a false win: what the ruling brings under the rule set */
    paifu_settle__chombo_words(follows, sizeof(follows), sh->rules, w->winner,
                               sh->deal->start.dealer);
    finding(sh, ev, "win.no_yaku", "2 han from yaku", g, "EMA 2012 §3.4.11",
            "%d counters are on the table: seat %d's win needs two han from yaku, dora not "
            "counted, and has %d; %s",
            sh->honba, w->winner, yaku_han, follows);
}

/* The limit a win records (mangan, haneman, ...) is the one its han and fu reach (000
   §3.7.6-§3.7.8); a limit below mangan is checked only where the fu are written. */
static void check_limit(sheet *sh, int ev, const paifu_win *w, const listed *l, bool has_list)
{
    if (!(w->known & PAIFU_REC_LIMIT) || !(w->known & PAIFU_REC_HAN) || w->yakuman ||
        w->limit > PAIFU_LIMIT_YAKUMAN || (has_list && l->yakuman))
        return;
    if (!(w->known & PAIFU_REC_FU) && w->han < 5)
        return;
    paifu_limit want;
    paifu_points_base(w->han, (w->known & PAIFU_REC_FU) ? w->fu : 30, sh->rules, &want);
    if (want == (paifu_limit)w->limit)
        return;
    char g[48];
    snprintf(g, sizeof(g), "%d han", w->han);
    finding(sh, ev, "score.limit", paifu_limit_name(want), paifu_limit_name((paifu_limit)w->limit),
            "RRC 2024 §3.7.6, §3.7.8", "seat %d's win of %s is recorded as %s", w->winner, g,
            paifu_limit_name((paifu_limit)w->limit));
}

/* A han and fu pair some hand can have (yaku.md section 5): 25 fu is seven pairs, 20 fu a
   closed pinfu tsumo (or an open ron where the rules add no fu to the open pinfu shape), other
   fu multiples of 10 from 30 to 110. */
/*
 * The fewest fu the sets the yaku need can give (yaku.md 5), before rounding: 20, 10 for a
 * closed ron, 2 for a tsumo (not pinfu), and for the triplets the yaku imply 2 each, 2 more for
 * each value set or concealed one, 6 more for each kan (the parts add up to no more than the
 * real fu of any such set: an open simple triplet 2, honour 4, concealed 4, open kan 8).
 */
static int least_fu(const paifu_win *w, const listed *l, bool closed)
{
    bool tsumo = w->winner == w->from;
    int value = 0, dragons = 0, seat = 0, round = 0;
    for (unsigned i = 0; i < w->n_yaku; i++) {
        unsigned id = w->yaku[i].id;
        if (id == PAIFU_YAKU_YAKUHAI)
            value += (w->yaku[i].han + 1) / 2; /* a double wind is one set worth 2 */
        else if (id >= PAIFU_YAKU_HAKU && id <= PAIFU_YAKU_CHUN)
            dragons++;
        else if (id >= PAIFU_YAKU_SEAT_WIND_EAST && id <= PAIFU_YAKU_SEAT_WIND_NORTH)
            seat++;
        else if (id >= PAIFU_YAKU_ROUND_WIND_EAST && id <= PAIFU_YAKU_ROUND_WIND_NORTH)
            round++;
    }
    value += dragons + (seat > round ? seat : round);
    int triplets = value;
    if (l->ids &
        (BIT(PAIFU_YAKU_SANANKOU) | BIT(PAIFU_YAKU_SANSHOKU_DOUKOU) | BIT(PAIFU_YAKU_SANKANTSU)))
        triplets = triplets > 3 ? triplets : 3;
    if (l->ids & BIT(PAIFU_YAKU_TOITOI))
        triplets = 4;
    int concealed = l->ids & BIT(PAIFU_YAKU_SANANKOU) ? 3 : 0;
    int kans = l->ids & BIT(PAIFU_YAKU_SANKANTSU) ? 3 : 0;
    int terminal = l->ids & BIT(PAIFU_YAKU_HONROUTOU) ? triplets : value;
    int fu = 20 + 2 * triplets + 2 * terminal + 2 * concealed + 6 * kans;
    if (closed && !tsumo)
        fu += 10;
    if (tsumo && !(l->ids & BIT(PAIFU_YAKU_PINFU)))
        fu += 2;
    return fu;
}

static void check_fu(sheet *sh, int ev, const paifu_win *w, const listed *l, bool has_list,
                     bool riichi)
{
    const paifu_rules *r = sh->rules;
    bool tsumo = w->winner == w->from;
    int han = w->han, fu = w->fu;
    const char *why = NULL;
    char g[32], at_least[80];
    /* the table of 000 §3.7.6 (paifu_points_possible, for both win types): its dashes are
       20 fu on a ron and below 2 han, 25 fu below 2 han on a ron and below 3 on a tsumo; a
       20 fu ron exists only where the rules add no fu to an open pinfu shape */
    bool open_ron_20 = fu == 20 && !tsumo && r->open_pinfu_fu == 0;
    if (han < 1)
        why = "a win has at least 1 han";
    else if (fu != 20 && fu != 25 && (fu < 30 || fu > 110 || fu % 10 != 0))
        why = "fu are 20, 25 or a multiple of 10 from 30 to 110";
    else if (!paifu_points_possible(han, fu, tsumo) && !open_ron_20)
        why = fu == 25 ? (tsumo ? "25 fu is seven pairs, by tsumo with menzen tsumo: 3 han or more"
                                : "25 fu is seven pairs (chiitoitsu): 2 han or more")
              : tsumo ? "20 fu is a closed pinfu tsumo (pinfu and tsumo, 2 han or more)"
              : has_list && (l->ids & BIT(PAIFU_YAKU_PINFU))
                  ? "a pinfu ron scores 30 fu"
                  : "20 fu on a ron needs an open hand under rules that add no fu to an open "
                    "ron of no other fu";
    else if (fu == 25) {
        if (has_list && !(l->ids & BIT(PAIFU_YAKU_CHIITOITSU)))
            why = "25 fu is seven pairs (chiitoitsu) only";
    } else if (has_list && (l->ids & BIT(PAIFU_YAKU_CHIITOITSU))) {
        why = "seven pairs score 25 fu";
    } else if (fu == 20) {
        bool closed_pinfu_tsumo = tsumo && han >= 2 &&
                                  (!has_list || ((l->ids & BIT(PAIFU_YAKU_PINFU)) &&
                                                 (l->ids & BIT(PAIFU_YAKU_MENZEN_TSUMO))));
        bool open_ron = !tsumo && r->open_pinfu_fu == 0 && (!has_list || l->can_open);
        if (!closed_pinfu_tsumo && !open_ron && !tsumo && has_list &&
            (l->ids & BIT(PAIFU_YAKU_PINFU)))
            why = "a pinfu ron scores 30 fu";
        else if (!closed_pinfu_tsumo && !open_ron)
            why = tsumo ? "20 fu is a closed pinfu tsumo (pinfu and tsumo, 2 han or more)"
                        : "20 fu on a ron needs an open hand, under rules that add no fu "
                          "to an open ron of no other fu";
    } else if (has_list && (l->ids & BIT(PAIFU_YAKU_PINFU))) {
        why = tsumo ? "a pinfu tsumo scores 20 fu" : "a pinfu ron scores 30 fu";
        if (!tsumo && fu == 30)
            why = NULL;
    } else if (has_list) {
        int least = least_fu(w, l, riichi || !l->can_open);
        if (fu < (least + 9) / 10 * 10) {
            snprintf(at_least, sizeof(at_least),
                     "the sets its yaku need give at least %d fu (%d rounded up)", least,
                     (least + 9) / 10 * 10);
            why = at_least;
        }
    }
    if (why) {
        snprintf(g, sizeof(g), "%d han %d fu", han, fu);
        finding(sh, ev, "sheet.fu", "han and fu that some hand has", g, "RRC 2024 §3.7, §3.7.6",
                "seat %d's %s by %s: no hand has it (%s)", w->winner, g, tsumo ? "tsumo" : "ron",
                why);
    }
}

static const char *abortive_absent(const paifu_draw *d, const paifu_rules *r)
{
    switch (d->kind) {
    case PAIFU_DRAW_KYUUSHU:
        return r->abortive & PAIFU_ABORT_KYUUSHU ? NULL : "the rules have no nine-terminals draw";
    case PAIFU_DRAW_SUUFON:
        return r->abortive & PAIFU_ABORT_SUUFON ? NULL : "the rules have no four-winds draw";
    case PAIFU_DRAW_SUUCHA_RIICHI:
        return r->abortive & PAIFU_ABORT_SUUCHA_RIICHI ? NULL
                                                       : "the rules have no four-riichi draw";
    case PAIFU_DRAW_SUUKAIKAN:
        return r->abortive & PAIFU_ABORT_SUUKAIKAN ? NULL : "the rules have no four-kans draw";
    case PAIFU_DRAW_SANCHAHOU:
        return r->multi_ron == PAIFU_MULTI_RON_DOUBLE
                   ? NULL
                   : "the rules pay a triple ron (or allow only one winner)";
    default:
        return "unknown abortive draw";
    }
}

static void check_draw(sheet *sh, int ev, const paifu_draw *d, unsigned riichi, int deposits)
{
    const paifu_deal *deal = sh->deal;
    if (d->kind != PAIFU_DRAW_EXHAUSTIVE) {
        const char *why = abortive_absent(d, sh->rules);
        if (!why && d->kind == PAIFU_DRAW_SUUCHA_RIICHI && deposits != sh->players)
            why = "the deal lists fewer riichi deposits than players";
        if (why)
            finding(sh, ev, "draw.condition", "the deal goes on", /* in words, not codes */
                    paifu_finding__draw_words(d->kind), "RRC 2024 §3.8", "%s, but %s",
                    paifu_finding__draw_words(d->kind), why);
        return;
    }
    /* 000 §3.10: a penalty in the deal (a chombo recorded, or a riichi player noten at the
       draw: noten riichi) has priority over a nagashi mangan, which is then not paid */
    if (d->nagashi && sh->rules->nagashi && sh->rules->nagashi_yields_to_penalty) {
        int penalised = -1;
        for (size_t i = 0; penalised < 0 && i < deal->n_penalties; i++)
            if (deal->penalties[i].kind == PAIFU_PENALTY_CHOMBO)
                penalised = deal->penalties[i].seat;
        for (int s = 0; penalised < 0 && s < sh->players; s++)
            if ((d->known & PAIFU_REC_TENPAI) && ((riichi >> s) & 1) && !((d->tenpai >> s) & 1))
                penalised = s;
        if (penalised >= 0)
            finding(sh, ev, "draw.payment", "no nagashi mangan", "nagashi mangan paid",
                    "RRC 2024 §3.10",
                    "a nagashi mangan is paid in a deal where seat %d is penalised; the penalty "
                    "has priority and the nagashi mangan is not paid",
                    penalised);
    }
    if (!(d->known & PAIFU_REC_TENPAI))
        return;
    for (int s = 0; s < sh->players; s++) {
        if (!((riichi >> s) & 1) || ((d->tenpai >> s) & 1))
            continue;
        bool chombo = false;
        for (size_t i = 0; i < deal->n_penalties; i++)
            chombo = chombo || (deal->penalties[i].kind == PAIFU_PENALTY_CHOMBO &&
                                deal->penalties[i].seat == s);
        if (!chombo) {
            char follows[120]; /* what the ruling brings under the rule set */
            paifu_settle__chombo_words(follows, sizeof(follows), sh->rules, s,
                                       deal->start.dealer);
            finding(sh, ev, "penalty.noten_riichi", "tenpai", "noten", "RRC 2024 §3.8, §3.13",
                    "seat %d declared riichi and is recorded noten at the draw; %s", s, follows);
        }
    }
}

void paifu_sheet__check_deal(paifu_report *report, const paifu_verify_options *opts,
                             const paifu_deal *deal, const paifu_rules *rules, int players,
                             int32_t sticks, int honba, const int32_t *scores)
{
    sheet sh = {report, opts, deal, rules, players, honba, 0};
    unsigned riichi = 0, winners = 0, riichi_winners = 0, seen = 0;
    int deposits = 0, first = -1;
    for (size_t i = 0; i < deal->n_events; i++) {
        const paifu_event *e = &deal->events[i];
        if (e->type == PAIFU_EV_RIICHI_ACCEPTED && e->seat >= 0 && e->seat < players) {
            /* a deposit needs the points the rules ask (riichi_min_points: Tenhou, MahjongSoul);
               before the outcome a player's points are those of the deal's start */
            const char *min_key;
            int32_t min = paifu_rules__riichi_points(rules, &min_key);
            if (scores && min > 0 && scores[e->seat] < min && !((riichi >> e->seat) & 1)) {
                char g[24], x[24];
                snprintf(x, sizeof(x), "%d points", (int)min);
                snprintf(g, sizeof(g), "%d points", (int)scores[e->seat]);
                finding(&sh, (int)i, "deal.riichi", x, g, min_key,
                        "seat %d declares riichi with %d points (rules%s: at least %d)", e->seat,
                        (int)scores[e->seat], min_key[0] == 't' ? ", with bankruptcy" : "",
                        (int)min);
            }
            riichi |= 1u << e->seat;
            deposits++;
        }
    }
    int32_t share[PAIFU_SEATS] = {0};
    for (size_t i = 0; i < deal->n_events; i++) {
        const paifu_event *e = &deal->events[i];
        if (e->type == PAIFU_EV_WIN && e->detail >= 0 && (size_t)e->detail < deal->n_wins) {
            const paifu_win *w = &deal->wins[e->detail];
            if (w->winner < 0 || w->winner >= players)
                continue;
            if ((seen >> w->winner) & 1) {
                char g[16];
                snprintf(g, sizeof(g), "seat %d", w->winner);
                finding(&sh, (int)i, "sheet.winner", "another player", g, "RRC 2024 §3.3.5",
                        "seat %d wins twice in one deal", w->winner);
                continue;
            }
            seen |= 1u << w->winner;
            if (first < 0) {
                first = (int)i;
                /* who takes the sticks on the table (those of this deal's deposits included) */
                for (size_t k = i; k < deal->n_events; k++) {
                    const paifu_event *x = &deal->events[k];
                    if (x->type == PAIFU_EV_WIN && x->detail >= 0 &&
                        (size_t)x->detail < deal->n_wins) {
                        int s = deal->wins[x->detail].winner;
                        if (s >= 0 && s < players) {
                            winners |= 1u << s;
                            riichi_winners |= riichi & (1u << s);
                        }
                    }
                }
                paifu_settle__multi_ron_sticks(share, winners, w->winner, sticks + deposits,
                                               riichi_winners, rules);
            }
            bool r = (riichi >> w->winner) & 1;
            listed l;
            read_list(&l, w, rules);
            bool has_list = (w->known & PAIFU_REC_YAKU) && w->n_yaku > 0;
            int before = sh.hits;
            if (has_list) {
                check_yaku(&sh, (int)i, w, &l, r);
                if (sh.hits == before)
                    check_riichi(&sh, (int)i, w, &l, r);
                if (sh.hits == before)
                    check_closed(&sh, (int)i, w, &l, r);
                if (sh.hits == before && ((w->known & PAIFU_REC_HAN) || l.yakuman))
                    check_han(&sh, (int)i, w, &l);
                if (sh.hits == before)
                    check_pao(&sh, (int)i, w, &l);
            }
            if (sh.hits == before && (w->known & PAIFU_REC_HAN) && (w->known & PAIFU_REC_FU) &&
                !w->yakuman && !(has_list && l.yakuman))
                check_fu(&sh, (int)i, w, &l, has_list, r);
            if (sh.hits == before)
                check_minimum(&sh, (int)i, w, &l, has_list);
            if (sh.hits == before)
                check_limit(&sh, (int)i, w, &l, has_list);
            if (w->known & PAIFU_REC_STICKS) {
                bool takes_honba =
                    (int)i == first || rules->honba_multi_ron == PAIFU_HONBA_EACH_WINNER;
                int32_t want = share[w->winner] / 1000;
                char e2[32], g2[32];
                if (w->riichi_sticks != want || w->honba != (takes_honba ? honba : w->honba)) {
                    snprintf(e2, sizeof(e2), "%d sticks, %d honba", (int)want,
                             takes_honba ? honba : (int)w->honba);
                    snprintf(g2, sizeof(g2), "%d sticks, %d honba", (int)w->riichi_sticks,
                             (int)w->honba);
                    finding(&sh, (int)i, "sheet.sticks", e2, g2, "RRC 2024 §3.3.6, §3.9",
                            "seat %d's win records other sticks or honba than the table's",
                            w->winner);
                }
            }
        } else if ((e->type == PAIFU_EV_EXHAUSTIVE_DRAW || e->type == PAIFU_EV_ABORTIVE_DRAW) &&
                   e->detail >= 0 && (size_t)e->detail < deal->n_draws) {
            check_draw(&sh, (int)i, &deal->draws[e->detail], riichi, deposits);
        }
    }
}
