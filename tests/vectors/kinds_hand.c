/*
 * kinds_hand.c: vector runners of the hand engine for whole hands: hand_score,
 * hand_interpretation, waits, furiten, dora_from_indicator, dora_count, riichi_kan_legality
 * and kuikae (paifu/hand.h, paifu/score.h).
 *
 * How the vectors' free-text inputs are read (each follows the vector's own notes):
 *  - "win": a text starting with "tsumo" is a tsumo, anything else a ron; "not stated" is
 *    scored as ron, as rrc-3.7.5-ex1 ("ron assumed for the derived value") and
 *    rrc-3.6-dora-ex1 ("3 han total implies no menzen tsumo") say; a text naming rinshan sets
 *    the rinshan flag (rrc-3.7.5-ex3);
 *  - a missing seat wind follows "dealer" (East, else South), a missing round wind is East;
 *  - yaku are named as in yaku.md ("menzen tsumo", "yakuhai (hatsu, 6z)", "chanta (open)"):
 *    the words before " (" name the yaku, a yakuhai names its tile inside the parentheses;
 *  - the EMA furiten examples give no tiles (pictures only); the runner checks their rule on a
 *    hand built to have exactly the stated waits.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "wait_internal.h"
#include "vectors.h"

#include <stdio.h>
#include <string.h>

/* ---- reading the inputs ---- */

static paifu_tile tile_of(const char *text)
{
    paifu_tile t;
    paifu_error err;
    paifu_error_clear(&err);
    if (paifu_tile_parse_one(&t, text, &err) < 0)
        fail_msg("tile \"%s\": %s", text, err.text);
    return t;
}

static uint64_t kinds_of(const json_t *array)
{
    uint64_t mask = 0;
    size_t i;
    const json_t *x;
    if (!json_is_array(array))
        fail_msg("expected an array of tiles");
    json_array_foreach(array, i, x) mask |= KIND_BIT(paifu_tile_kind(tile_of(json_string_value(x))));
    return mask;
}

static void add_tiles(paifu_hand *h, const char *text)
{
    paifu_tile tiles[20];
    size_t n;
    paifu_error err;
    paifu_error_clear(&err);
    if (paifu_tile_parse(tiles, 20, &n, text, &err) < 0)
        fail_msg("tiles \"%s\": %s", text, err.text);
    for (size_t i = 0; i < n; i++)
        if (paifu_hand_add(h, tiles[i], &err) < 0)
            fail_msg("tiles \"%s\": %s", text, err.text);
}

static paifu_meld_type meld_type_of(const char *name)
{
    for (int t = PAIFU_MELD_CHI; t <= PAIFU_MELD_ANKAN; t++)
        if (strcmp(paifu_meld_type_name((paifu_meld_type)t), name) == 0)
            return (paifu_meld_type)t;
    fail_msg("unknown meld type \"%s\"", name);
    return PAIFU_MELD_CHI;
}

static paifu_meld_from from_of(const char *name)
{
    if (!name)
        return PAIFU_FROM_SELF;
    if (strcmp(name, "left") == 0)
        return PAIFU_FROM_LEFT;
    if (strcmp(name, "across") == 0)
        return PAIFU_FROM_ACROSS;
    if (strcmp(name, "right") == 0)
        return PAIFU_FROM_RIGHT;
    fail_msg("unknown meld source \"%s\"", name);
    return PAIFU_FROM_SELF;
}

static void meld_of(paifu_meld *m, const json_t *obj)
{
    paifu_tile tiles[8];
    size_t n;
    paifu_error err;
    paifu_error_clear(&err);
    const char *text = vector_str(obj, "tiles");
    if (paifu_tile_parse(tiles, 8, &n, text, &err) < 0)
        fail_msg("meld \"%s\": %s", text, err.text);
    const char *called = json_string_value(json_object_get(obj, "called"));
    const char *from = json_string_value(json_object_get(obj, "from"));
    if (!from)
        from = json_string_value(json_object_get(obj, "pon_called_from"));
    if (paifu_meld_make(m, meld_type_of(vector_str(obj, "type")), tiles, n,
                        called ? tile_of(called) : PAIFU_TILE_NONE, from_of(from), &err) < 0)
        fail_msg("meld \"%s\": %s", text, err.text);
}

/* The hand of IN: concealed tiles under CLOSED_KEY plus "melds". */
static void hand_of(paifu_hand *h, const json_t *in, const char *closed_key)
{
    paifu_hand_init(h);
    add_tiles(h, vector_str(in, closed_key));
    const json_t *melds = json_object_get(in, "melds");
    size_t i;
    const json_t *x;
    json_array_foreach(melds, i, x) {
        paifu_meld m;
        paifu_error err;
        paifu_error_clear(&err);
        meld_of(&m, x);
        if (paifu_hand_add_meld(h, &m, &err) < 0)
            fail_msg("meld %zu: %s", i, err.text);
    }
}

static int wind_of(const char *s)
{
    static const char WINDS[] = "ESWN";
    const char *p = s && s[0] ? strchr(WINDS, s[0]) : NULL;
    if (!p)
        fail_msg("expected a wind E, S, W or N, found \"%s\"", s ? s : "(none)");
    return (int)(p - WINDS);
}

static bool is_tsumo(const json_t *in)
{
    const char *win = json_string_value(json_object_get(in, "win"));
    return win && strncmp(win, "tsumo", 5) == 0;
}

static void indicators_of(paifu_tile *out, uint8_t *n, const json_t *array)
{
    size_t i;
    const json_t *x;
    *n = 0;
    json_array_foreach(array, i, x) {
        if (i >= PAIFU_MAX_INDICATORS)
            fail_msg("more than %d indicators", PAIFU_MAX_INDICATORS);
        out[(*n)++] = tile_of(json_string_value(x));
    }
}

static void situation_of(paifu_situation *sit, const json_t *in, paifu_tile win, bool tsumo)
{
    paifu_situation_init(sit);
    sit->win_tile = win;
    const json_t *dealer = json_object_get(in, "dealer");
    const char *seat = json_string_value(json_object_get(in, "seat_wind"));
    const char *round = json_string_value(json_object_get(in, "round_wind"));
    sit->seat_wind = (uint8_t)(seat ? wind_of(seat) : json_is_true(dealer) ? 0 : 1);
    sit->round_wind = (uint8_t)(round ? wind_of(round) : 0);
    if (json_is_boolean(dealer))
        assert_int_equal(json_is_true(dealer), sit->seat_wind == PAIFU_WIND_EAST);
    if (tsumo)
        sit->flags |= PAIFU_SIT_TSUMO;
    if (json_is_true(json_object_get(in, "riichi")))
        sit->flags |= PAIFU_SIT_RIICHI;
    if (json_is_true(json_object_get(in, "ippatsu")))
        sit->flags |= PAIFU_SIT_IPPATSU;
    const char *text = json_string_value(json_object_get(in, "win"));
    if (tsumo && text && strstr(text, "rinshan"))
        sit->flags |= PAIFU_SIT_RINSHAN;
    indicators_of(sit->dora, &sit->n_dora, json_object_get(in, "dora_indicators"));
    indicators_of(sit->ura, &sit->n_ura, json_object_get(in, "ura_indicators"));
}

/* Score the vector's hand as TSUMO (or ron). */
static void score_of(paifu_score *sc, const vector_case *c, bool tsumo)
{
    const json_t *in = vector_input(c);
    paifu_hand h;
    paifu_situation sit;
    paifu_error err;
    paifu_error_clear(&err);
    hand_of(&h, in, "closed");
    situation_of(&sit, in, tile_of(vector_str(in, "win_tile")), tsumo);
    if (paifu_score_hand(sc, &h, &sit, c->rules, &err) < 0)
        fail_msg("%s", err.text);
    if (sc->status != PAIFU_SCORE_OK)
        fail_msg("not a valid win: %s", paifu_score_status_name((paifu_score_status)sc->status));
}

/* ---- yaku ---- */

static int yaku_id_of(const char *text)
{
    char name[48];
    if (strncmp(text, "yakuhai (", 9) == 0) {
        const char *z = strstr(text, "z)");
        if (z && z[-1] >= '5' && z[-1] <= '7')
            return PAIFU_YAKU_HAKU + (z[-1] - '5');
        fail_msg("yakuhai without a dragon tile: \"%s\"", text);
    }
    size_t n = strcspn(text, "(");
    while (n > 0 && text[n - 1] == ' ')
        n--;
    snprintf(name, sizeof(name), "%.*s", (int)n, text);
    int id = paifu_yaku_from_name(name);
    if (id < 0)
        fail_msg("unknown yaku \"%s\"", text);
    return id;
}

/* The yaku (not the dora family) of SC equal the [name, han] pairs of EXPECTED. */
static void check_yaku(const paifu_score *sc, const json_t *expected)
{
    bool used[PAIFU_MAX_YAKU] = {false};
    size_t i;
    const json_t *x;
    json_array_foreach(expected, i, x) {
        int id = yaku_id_of(json_string_value(json_array_get(x, 0)));
        json_int_t han = json_integer_value(json_array_get(x, 1));
        bool found = false;
        for (unsigned j = 0; j < sc->n_yaku && !found; j++)
            if (!used[j] && sc->yaku[j].id == id && sc->yaku[j].han == han)
                found = used[j] = true;
        if (!found)
            fail_msg("expected yaku %s (%d han) is missing", paifu_yaku_name((unsigned)id),
                     (int)han);
    }
    for (unsigned j = 0; j < sc->n_yaku; j++)
        if (!used[j] && !paifu_yaku_is_dora(sc->yaku[j].id))
            fail_msg("unexpected yaku %s (%d han)", paifu_yaku_name(sc->yaku[j].id),
                     sc->yaku[j].han);
}

static bool has_yaku(const paifu_score *sc, unsigned id)
{
    for (unsigned j = 0; j < sc->n_yaku; j++)
        if (sc->yaku[j].id == id)
            return true;
    return false;
}

/* ---- fu ---- */

/* Which term of paifu_fu_kind a breakdown label of the vectors describes. */
static int fu_kind_of(const char *label)
{
    if (strncmp(label, "base", 4) == 0)
        return PAIFU_FU_BASE;
    if (strstr(label, "open-pinfu"))
        return PAIFU_FU_OPEN_PINFU;
    if (strstr(label, "closed ron"))
        return PAIFU_FU_MENZEN_RON;
    if (strstr(label, "wait"))
        return PAIFU_FU_WAIT;
    if (strstr(label, "pair"))
        return PAIFU_FU_PAIR;
    if (strncmp(label, "tsumo", 5) == 0)
        return PAIFU_FU_TSUMO;
    return PAIFU_FU_SET;
}

static void check_fu_breakdown(const paifu_score *sc, const json_t *expected)
{
    int want[PAIFU_FU_OPEN_PINFU + 1] = {0}, got[PAIFU_FU_OPEN_PINFU + 1] = {0};
    size_t i;
    const json_t *x;
    json_array_foreach(expected, i, x)
        want[fu_kind_of(json_string_value(json_array_get(x, 0)))] +=
            (int)json_integer_value(json_array_get(x, 1));
    for (unsigned j = 0; j < sc->n_fu_parts; j++)
        got[sc->fu_parts[j].what] += sc->fu_parts[j].fu;
    for (int k = 0; k <= PAIFU_FU_OPEN_PINFU; k++)
        if (want[k] != got[k])
            fail_msg("fu of kind %d: expected %d, computed %d", k, want[k], got[k]);
}

static void check_fu(const paifu_score *sc, const json_t *ex)
{
    const json_t *fu = json_object_get(ex, "fu");
    if (json_is_null(fu)) {
        const char *note = json_string_value(json_object_get(ex, "fu_note"));
        if (!(note && strstr(note, "not stated")))
            assert_false(sc->fu_counted); /* "5+ han: fu not counted" */
    } else if (fu) {
        assert_true(sc->fu_counted);
        assert_int_equal(sc->fu, json_integer_value(fu));
    }
}

/* ---- hand_score ---- */

static void run_hand_score(void **state)
{
    const vector_case *c = *state;
    const json_t *ex = vector_expect(c);
    paifu_score sc;
    score_of(&sc, c, is_tsumo(vector_input(c)));
    static const char *const keys[] = {"yaku", "dora", "aka", "ura", "han", "fu", "fu_raw",
                                       "fu_breakdown", NULL};
    static const char *const text[] = {"fu_note", NULL};
    vector_all_keys_handled(ex, keys, text);
    check_yaku(&sc, json_object_get(ex, "yaku"));
    assert_int_equal(sc.han, vector_int(ex, "han"));
    if (json_object_get(ex, "dora"))
        assert_int_equal(sc.dora, vector_int(ex, "dora"));
    if (json_object_get(ex, "aka"))
        assert_int_equal(sc.aka, vector_int(ex, "aka"));
    if (json_object_get(ex, "ura"))
        assert_int_equal(sc.ura, vector_int(ex, "ura"));
    check_fu(&sc, ex);
    if (json_object_get(ex, "fu_raw"))
        assert_int_equal(sc.fu_raw, vector_int(ex, "fu_raw"));
    if (json_object_get(ex, "fu_breakdown"))
        check_fu_breakdown(&sc, json_object_get(ex, "fu_breakdown"));
}

/* Tsumo payment fields of OBJ against SC. */
static void check_tsumo_fields(const paifu_score *sc, const json_t *obj)
{
    if (json_object_get(obj, "tsumo_from_nondealer"))
        assert_int_equal(sc->pay.tsumo_nondealer, vector_int(obj, "tsumo_from_nondealer"));
    if (json_object_get(obj, "tsumo_from_dealer"))
        assert_int_equal(sc->pay.tsumo_dealer, vector_int(obj, "tsumo_from_dealer"));
    if (json_object_get(obj, "tsumo_each")) {
        assert_true(sc->dealer);
        assert_int_equal(sc->pay.tsumo_nondealer, vector_int(obj, "tsumo_each"));
    }
    if (json_object_get(obj, "tsumo_total"))
        assert_int_equal(sc->total, vector_int(obj, "tsumo_total"));
}

static void run_hand_score_derived(void **state)
{
    const vector_case *c = *state;
    const json_t *ex = vector_expect(c);
    static const char *const keys[] = {"points", "points_if_ron", "points_if_tsumo", "limit",
                                       "tsumo_from_nondealer", "tsumo_from_dealer",
                                       "tsumo_each", "tsumo_total", NULL};
    static const char *const text[] = {"note", NULL};
    vector_all_keys_handled(ex, keys, text);
    bool tsumo = is_tsumo(vector_input(c));
    paifu_score sc;
    score_of(&sc, c, tsumo);
    if (json_object_get(ex, "points")) {
        assert_false(tsumo);
        assert_int_equal(sc.pay.ron, vector_int(ex, "points"));
    }
    if (json_object_get(ex, "limit"))
        assert_string_equal(paifu_limit_name((paifu_limit)sc.limit), vector_str(ex, "limit"));
    if (json_object_get(ex, "tsumo_from_nondealer") || json_object_get(ex, "tsumo_each"))
        assert_true(tsumo);
    check_tsumo_fields(&sc, ex);
    if (json_object_get(ex, "points_if_ron")) {
        score_of(&sc, c, false);
        assert_int_equal(sc.pay.ron, vector_int(ex, "points_if_ron"));
    }
    const json_t *if_tsumo = json_object_get(ex, "points_if_tsumo");
    if (if_tsumo) {
        score_of(&sc, c, true);
        check_tsumo_fields(&sc, if_tsumo);
    }
}

/* ---- hand_interpretation ---- */

/* Do the sets of "789p 789p 789p 234m + 99m" match reading R? */
static bool sets_match(const paifu_reading *r, const char *text)
{
    char buf[96];
    snprintf(buf, sizeof(buf), "%s", text);
    char *plus = strstr(buf, " + ");
    if (!plus || r->form != PAIFU_FORM_STANDARD)
        return false;
    *plus = '\0';
    paifu_tile pair[3];
    size_t np;
    if (paifu_tile_parse(pair, 3, &np, plus + 3, NULL) < 0 || np != 2 || pair[0] != pair[1] ||
        paifu_tile_kind(pair[0]) != r->pair)
        return false;
    bool used[4] = {false};
    unsigned n = 0;
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " "), n++) {
        paifu_tile t[4];
        size_t nt;
        if (paifu_tile_parse(t, 4, &nt, tok, NULL) < 0 || nt != 3)
            return false;
        paifu_tile_sort(t, 3);
        unsigned type = paifu_tile_kind(t[0]) == paifu_tile_kind(t[1]) ? PAIFU_SET_TRIPLET
                                                                      : PAIFU_SET_SEQUENCE;
        bool found = false;
        for (unsigned i = 0; i < r->n_sets && !found; i++)
            if (!used[i] && r->sets[i].type == type && r->sets[i].kind == paifu_tile_kind(t[0]))
                found = used[i] = true;
        if (!found)
            return false;
    }
    return n == r->n_sets;
}

static bool interpretation_matches(const paifu_score *sc, const json_t *want)
{
    if (!sets_match(&sc->reading, vector_str(want, "sets")))
        return false;
    if (sc->han != vector_int(want, "han") || sc->fu != vector_int(want, "fu") ||
        sc->pay.tsumo_nondealer != vector_int(want, "tsumo_from_nondealer") ||
        sc->pay.tsumo_dealer != vector_int(want, "tsumo_from_dealer") ||
        sc->total != vector_int(want, "total"))
        return false;
    const json_t *yaku = json_object_get(want, "yaku");
    unsigned named = 0;
    for (unsigned j = 0; j < sc->n_yaku; j++)
        named += !paifu_yaku_is_dora(sc->yaku[j].id);
    if (named != json_array_size(yaku))
        return false;
    size_t i;
    const json_t *x;
    json_array_foreach(yaku, i, x) if (!has_yaku(sc, (unsigned)yaku_id_of(json_string_value(x))))
        return false;
    return true;
}

static void run_interpretation(void **state)
{
    const vector_case *c = *state;
    const json_t *ex = vector_expect(c);
    static const char *const keys[] = {"interpretations", "chosen", "han", "fu", "total",
                                       "chosen_wait", "pinfu", "wait_fu", NULL};
    vector_all_keys_handled(ex, keys, NULL);
    const json_t *in = vector_input(c);
    bool tsumo = is_tsumo(in);
    paifu_score best;
    score_of(&best, c, tsumo);
    if (json_object_get(ex, "han"))
        assert_int_equal(best.han, vector_int(ex, "han"));
    if (json_object_get(ex, "fu"))
        assert_int_equal(best.fu, vector_int(ex, "fu"));
    if (json_object_get(ex, "total"))
        assert_int_equal(best.total, vector_int(ex, "total"));
    if (json_object_get(ex, "chosen")) { /* "sanankou interpretation (highest points)" */
        char word[32];
        const char *chosen = vector_str(ex, "chosen");
        snprintf(word, sizeof(word), "%.*s", (int)strcspn(chosen, " "), chosen);
        assert_true(has_yaku(&best, (unsigned)yaku_id_of(word)));
    }
    const json_t *list = json_object_get(ex, "interpretations");
    if (list) {
        paifu_hand h;
        paifu_situation sit;
        paifu_score all[16];
        size_t n;
        hand_of(&h, in, "closed");
        situation_of(&sit, in, tile_of(vector_str(in, "win_tile")), tsumo);
        assert_int_equal(paifu_score_interpretations(all, 16, &n, &h, &sit, c->rules, NULL), 0);
        size_t i;
        const json_t *want;
        json_array_foreach(list, i, want) {
            bool found = false;
            for (size_t j = 0; j < n && !found; j++)
                found = interpretation_matches(&all[j], want);
            if (!found)
                fail_msg("interpretation %zu (%s) not found", i, vector_str(want, "sets"));
        }
    }
    if (json_object_get(ex, "chosen_wait")) { /* "ryanmen 5-6p (not penchan 8-9p)" */
        const char *w = vector_str(ex, "chosen_wait");
        const char *name = paifu_wait_name((paifu_wait)best.wait);
        assert_true(strncmp(w, name, strlen(name)) == 0 && w[strlen(name)] == ' ');
    }
    if (json_object_get(ex, "pinfu"))
        assert_int_equal(has_yaku(&best, PAIFU_YAKU_PINFU), vector_bool(ex, "pinfu"));
    if (json_object_get(ex, "wait_fu")) {
        int fu = 0;
        for (unsigned j = 0; j < best.n_fu_parts; j++)
            if (best.fu_parts[j].what == PAIFU_FU_WAIT)
                fu += best.fu_parts[j].fu;
        assert_int_equal(fu, vector_int(ex, "wait_fu"));
    }
}

/* ---- waits and furiten ---- */

/* Waits of IN's tiles ("tiles" alone may be a partial shape, seen in isolation). */
static uint64_t waits_of(const json_t *in, paifu_hand *h)
{
    if (json_object_get(in, "closed")) {
        hand_of(h, in, "closed");
        return paifu_hand_waits(h);
    }
    paifu_hand_init(h);
    add_tiles(h, vector_str(in, "tiles"));
    if (h->n_closed == 13)
        return paifu_hand_waits(h);
    return paifu_wait__shape(h->counts, h->n_closed, false);
}

static void run_waits(void **state)
{
    const vector_case *c = *state;
    const json_t *ex = vector_expect(c);
    static const char *const keys[] = {"waits", NULL};
    vector_all_keys_handled(ex, keys, NULL);
    paifu_hand h;
    assert_int_equal(waits_of(vector_input(c), &h), kinds_of(json_object_get(ex, "waits")));
}

/*
 * The EMA examples show their tiles only in pictures. Hands with exactly the stated waits:
 * 45678 + sets waits on 3-6-9 of its suit; 23p + sets on 1p-4p; 44456p 77z + sets on 4p 7p 7z.
 */
static void representative(paifu_hand *h, const char *tiles)
{
    paifu_hand_init(h);
    add_tiles(h, tiles);
}

static void check_furiten_rule(const paifu_hand *h, uint64_t waits)
{
    assert_int_equal(paifu_hand_waits(h), waits);
    for (unsigned k = 0; k < KINDS; k++)
        assert_int_equal(paifu_hand_furiten(h, KIND_BIT(k)), (waits & KIND_BIT(k)) != 0);
}

static void run_furiten_unknown_tiles(const json_t *ex)
{
    paifu_hand h;
    const json_t *waits = json_object_get(ex, "waits");
    assert_true(vector_bool(ex, "furiten_if_any_wait_in_own_discards"));
    if (json_is_object(waits)) { /* numbers 3, 6, 9; suit unknown: try every suit */
        static const char *const hands[] = {"45678m111222p33z", "45678p111222s33z",
                                            "45678s111222m33z"};
        for (unsigned s = 0; s < 3; s++) {
            representative(&h, hands[s]);
            uint64_t w = 0;
            size_t i;
            const json_t *x;
            json_array_foreach(json_object_get(waits, "numbers"), i, x)
                w |= KIND_BIT(9 * s + (unsigned)json_integer_value(x) - 1);
            check_furiten_rule(&h, w);
        }
        return;
    }
    uint64_t w = kinds_of(waits);
    if (w == (KIND_BIT(9) | KIND_BIT(12)))
        representative(&h, "23p123456m789s11z");
    else
        representative(&h, "123456m44456p77z");
    check_furiten_rule(&h, w);
    if (json_object_get(ex, "discarded_7p_causes_furiten"))
        assert_int_equal(paifu_hand_furiten(&h, KIND_BIT(15)),
                         vector_bool(ex, "discarded_7p_causes_furiten"));
}

static void run_furiten(void **state)
{
    const vector_case *c = *state;
    const json_t *ex = vector_expect(c), *in = vector_input(c);
    static const char *const keys[] = {"waits", "furiten", "can_ron", "can_tsumo",
                                       "can_ron_event2", "can_ron_event3",
                                       "furiten_if_any_wait_in_own_discards",
                                       "discarded_7p_causes_furiten", NULL};
    static const char *const text[] = {"riichi_note", NULL};
    vector_all_keys_handled(ex, keys, text);
    if (json_object_get(ex, "furiten_if_any_wait_in_own_discards")) {
        run_furiten_unknown_tiles(ex);
        return;
    }
    paifu_hand h;
    uint64_t waits = waits_of(in, &h);
    assert_int_equal(waits, kinds_of(json_object_get(ex, "waits")));
    if (json_object_get(in, "discards")) {
        uint64_t discarded = kinds_of(json_object_get(in, "discards"));
        bool furiten = paifu_hand_furiten(&h, discarded);
        assert_int_equal(furiten, vector_bool(ex, "furiten"));
        assert_int_equal(furiten ? 0 : waits, kinds_of(json_object_get(ex, "can_ron")));
        if (json_object_get(ex, "can_tsumo")) /* furiten never stops a tsumo */
            assert_int_equal(waits, kinds_of(json_object_get(ex, "can_tsumo")));
    }
    if (json_object_get(ex, "can_ron_event2")) {
        /* 002 §3.4 temporary furiten: a ron passed on 9s (event 1) counts until the player's
         * next draw; event 2 comes before it, event 3 after it */
        uint64_t passed = KIND_BIT(paifu_tile_kind(tile_of("9s")));
        assert_int_equal(!paifu_hand_furiten(&h, passed), vector_bool(ex, "can_ron_event2"));
        passed = 0; /* the player's own draw ends it */
        assert_int_equal(!paifu_hand_furiten(&h, passed), vector_bool(ex, "can_ron_event3"));
    }
}

/* ---- dora ---- */

static void run_dora_from_indicator(void **state)
{
    const vector_case *c = *state;
    const json_t *ex = vector_expect(c);
    static const char *const keys[] = {"dora", NULL};
    vector_all_keys_handled(ex, keys, NULL);
    paifu_tile d = paifu_tile_dora(tile_of(vector_str(vector_input(c), "indicator")), false);
    assert_int_equal(d, tile_of(vector_str(ex, "dora")));
}

static void run_dora_count(void **state)
{
    const vector_case *c = *state;
    const json_t *ex = vector_expect(c), *in = vector_input(c);
    static const char *const keys[] = {"dora_han", "breakdown", NULL};
    vector_all_keys_handled(ex, keys, NULL);
    paifu_hand h;
    paifu_tile ind[PAIFU_MAX_INDICATORS];
    uint8_t n;
    paifu_hand_init(&h);
    add_tiles(&h, vector_str(in, "tiles"));
    indicators_of(ind, &n, json_object_get(in, "dora_indicators"));
    unsigned dora = paifu_hand_dora_count(&h, PAIFU_TILE_NONE, ind, n, false);
    unsigned aka = paifu_hand_aka_count(&h, PAIFU_TILE_NONE);
    assert_int_equal(aka, json_array_size(json_object_get(in, "red_fives")));
    assert_int_equal(dora + aka, vector_int(ex, "dora_han"));
    json_int_t sum = 0;
    size_t i;
    const json_t *x;
    json_array_foreach(json_object_get(ex, "breakdown"), i, x)
        sum += json_integer_value(json_array_get(x, 1));
    assert_int_equal(sum, dora + aka);
}

/* ---- riichi kan, kuikae ---- */

static void run_riichi_kan(void **state)
{
    const vector_case *c = *state;
    const json_t *ex = vector_expect(c), *in = vector_input(c);
    static const char *const keys[] = {"waits", "ankan_allowed", "after_3p_kan_waits", NULL};
    static const char *const text[] = {"reason", "penalty_if_declared", NULL};
    vector_all_keys_handled(ex, keys, text);
    assert_true(vector_bool(in, "riichi"));
    paifu_hand h;
    hand_of(&h, in, "closed");
    assert_int_equal(paifu_hand_waits(&h), kinds_of(json_object_get(ex, "waits")));
    const char *tile;
    const json_t *allowed;
    json_object_foreach((json_t *)json_object_get(ex, "ankan_allowed"), tile, allowed) {
        paifu_hand after = h;
        paifu_tile t = tile_of(tile);
        assert_int_equal(paifu_hand_add(&after, t, NULL), 0);
        if (paifu_hand_riichi_ankan_allowed(&after, t, c->rules) != json_is_true(allowed))
            fail_msg("closed kan of %s: expected %s", tile, json_is_true(allowed) ? "allowed"
                                                                                 : "forbidden");
    }
    if (json_object_get(ex, "after_3p_kan_waits")) {
        paifu_hand after = h;
        paifu_tile t = tile_of("3p"), four[4] = {t, t, t, t};
        paifu_meld m;
        assert_int_equal(paifu_hand_add(&after, t, NULL), 0);
        for (int i = 0; i < 4; i++)
            assert_int_equal(paifu_hand_remove(&after, t, NULL), 0);
        assert_int_equal(paifu_meld_make(&m, PAIFU_MELD_ANKAN, four, 4, PAIFU_TILE_NONE,
                                         PAIFU_FROM_SELF, NULL), 0);
        assert_int_equal(paifu_hand_add_meld(&after, &m, NULL), 0);
        assert_int_equal(paifu_hand_waits(&after), kinds_of(json_object_get(ex, "after_3p_kan_waits")));
    }
}

static void run_kuikae(void **state)
{
    const vector_case *c = *state;
    const json_t *ex = vector_expect(c), *in = vector_input(c);
    static const char *const keys[] = {"forbidden_discards", "contrast", NULL};
    static const char *const text[] = {"violation_penalty", NULL};
    vector_all_keys_handled(ex, keys, text);
    paifu_meld call;
    meld_of(&call, json_object_get(in, "call"));
    uint64_t forbidden = paifu_meld_kuikae_forbidden(&call, c->rules);
    assert_int_equal(forbidden, kinds_of(json_object_get(ex, "forbidden_discards")));
    /* "contrast": JH 003 §7.3.1.9 forbids only the same tile; EMA 004 allows it */
    const char *rule_set;
    const json_t *what;
    json_object_foreach((json_t *)json_object_get(ex, "contrast"), rule_set, what) {
        (void)what;
        bool jh = strncmp(rule_set, "JapanHouseCup-2016", 18) == 0;
        bool ema = strncmp(rule_set, "EMA-2012", 8) == 0;
        if (!jh && !ema)
            fail_msg("contrast with an unknown rule set \"%s\"", rule_set);
        paifu_rules *r = vector_rules(c, jh ? "jhc2016" : "ema2012");
        uint64_t got = paifu_meld_kuikae_forbidden(&call, r);
        paifu_rules_free(r);
        assert_int_equal(got, jh ? KIND_BIT(paifu_tile_kind(call.called)) : 0);
    }
}

const vector_kind vector_kinds_hand[] = {
    {"hand_score", run_hand_score, run_hand_score_derived},
    {"hand_interpretation", run_interpretation, NULL},
    {"waits", run_waits, NULL},
    {"furiten", run_furiten, NULL},
    {"dora_from_indicator", run_dora_from_indicator, NULL},
    {"dora_count", run_dora_count, NULL},
    {"riichi_kan_legality", run_riichi_kan, NULL},
    {"kuikae", run_kuikae, NULL},
    {NULL, NULL, NULL},
};
