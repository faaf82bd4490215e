/*
 * test_seed_rules.c: the rules of the seed documents (shared/seeds/) that paifu disagreed with
 * (issue 20), each from the document's own words: a log that obeys the rule verifies with no
 * finding, a log that breaks it gives the named finding. The logs are paifu JSON files in
 * tests/data/seed-rules/; each row names its seed file and clause. Seeds: 000 = RRC 2024,
 * 001 = MCR (line numbers L…), 002 = RRC basic rules, 003 = JHC 2016, 004 = EMA 2012.
 *
 * The standings points (MCR table points, JHC sanctions) are checked through `paifu report` by
 * tests/tools/seed_rules_cli.sh; the reader crash (point 13) by test_paifu_json.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "paifu.h"

#define DATA PAIFU_TEST_DATA_DIR "/seed-rules/"

typedef struct seed_case {
    int point;            /* issue 20 point; 13 and up: issue 39 */
    const char *clause;   /* seed file and clause, with the words the case rests on */
    const char *file;     /* in tests/data/seed-rules/ */
    const char *rules;    /* preset to verify under; NULL: the one the log names */
    const char *expected; /* finding codes in order, "code;code;"; "" = none */
} seed_case;

static const seed_case CASES[] = {
    /* ---- point 1: JHC 2016 §7.3.1.16 "Открытие индикатора доры при объявлении закрытого кана
       происходит сразу, в остальных случаях – после сброса тайла в дискард" ---- */
    {1, "003 §7.3.1.16: an open kan's indicator after the kan player's discard",
     "jhc-kandora-after-discard.paifu.json", NULL, ""},
    {1, "003 §7.3.1.16: the indicator with the kan player's discard, written just before it (as "
        "Tenhou and Mahjong Soul logs do)", "jhc-kandora-before-discard.paifu.json", NULL, ""},
    {1, "003 §7.3.1.16: an open kan's indicator at once, before the replacement draw and discard",
     "jhc-kandora-at-the-kan.paifu.json", NULL, "deal.dora;"},
    {1, "003 §7.3.1.16: an open kan's indicator never revealed after the discard",
     "jhc-kandora-never.paifu.json", NULL, "deal.dora;"},
    {1, "000 §3.3.3 \"Новый индикатор открывается сразу после объявления\" (RRC: before the "
        "discard)", "jhc-kandora-at-the-kan.paifu.json", "rrc", ""},
    {1, "000 §3.3.3: under RRC the indicator after the discard is late",
     "jhc-kandora-after-discard.paifu.json", "rrc", "deal.dora;deal.dora;"},
    /* ---- point 2: JHC 2016 §7.3.1.17 "В случае выигрыша по риншан на открытом кане полную
       стоимость руки выплачивает игрок, набросивший в кан" ---- */
    {2, "003 §7.3.1.17: the discarder into the open kan pays the whole rinshan win",
     "jhc-rinshan-daiminkan-discarder-pays.paifu.json", NULL, ""},
    {2, "003 §7.3.1.17: the rinshan win after an open kan paid by all three",
     "jhc-rinshan-daiminkan-all-pay.paifu.json", NULL, "score.delta;"},
    {2, "000 §3.7.9 (RRC has no such pao): the same win paid by all three is right under rrc",
     "jhc-rinshan-daiminkan-all-pay.paifu.json", "rrc", ""},
    /* ---- point 3: EMA 2012 §3.4.5 "Якщо коло переривається оголошеннями пону / кану / чі,
       гравець більше не в тимчасовому фурітені" ---- */
    {3, "004 §3.4.5: a ron after another player's pon interrupted the go-around",
     "ema2012-temp-furiten-ended-by-pon.paifu.json", NULL, ""},
    {3, "004 §3.4.5: a ron in the same uninterrupted go-around as the passed tile",
     "ema2012-temp-furiten-no-call.paifu.json", NULL, "win.furiten;"},
    {3, "004 §3.4.5: a ron after another player's closed kan (not robbed) interrupted it",
     "ema2012-temp-furiten-ended-by-kan.paifu.json", NULL, ""},
    {3, "002 §3.4: under RRC another player's kan does not end it",
     "ema2012-temp-furiten-ended-by-kan.paifu.json", "rrc", "win.furiten;"},
    {3, "002 §3.4: under RRC only the player's own draw or call ends it",
     "ema2012-temp-furiten-ended-by-pon.paifu.json", "rrc", "win.furiten;"},
    /* ---- point 4: a chombo in the same deal as another player's win. 000 §3.13: "засчитывается
       победа, а штраф чомбо не применяется"; 004 §3.4.6: "Якщо перемога оголошується в той же
       час, що і виникає чьомбо, чьомбо анулюється" ---- */
    {4, "000 §3.13: no chombo after uma when another player's win counts",
     "rrc-chombo-with-win-void.paifu.json", NULL, ""},
    {4, "000 §3.13: the chombo charged after uma all the same",
     "rrc-chombo-with-win-charged.paifu.json", NULL, "game.final_score;"},
    {4, "004 §3.4.6: the chombo annulled, no mangan paid",
     "ema2012-chombo-with-win-annulled.paifu.json", NULL, ""},
    {4, "004 §3.4.6: the annulled chombo paid as a mangan", "ema2012-chombo-with-win-paid.paifu.json",
     NULL, "penalty.amount;"},
    /* ---- point 5: 000 §12.1 Table 3 (L2834) "Абортивные ничьи: нет (EMA), нет (WRC)": an
       abortive draw on a score sheet is known by its kind, without tiles ---- */
    {5, "000 §12.1 Table 3: a WRC score sheet with an exhaustive draw", "sheet-exhaustive-wrc.paifu.json",
     NULL, ""},
    {5, "000 §12.1 Table 3: a WRC score sheet with a nine-terminals draw",
     "sheet-abortive-kyuushu-wrc.paifu.json", NULL, "draw.condition;"},
    {5, "000 §12.1 Table 3: an EMA score sheet with a four-winds draw",
     "sheet-abortive-suufon-ema.paifu.json", NULL, "draw.condition;"},
    {5, "000 §3.8: RRC has the abortive draws", "sheet-abortive-kyuushu-wrc.paifu.json", "rrc", ""},
    /* ---- point 7: JHC 2016 §8.3.2 sanctions (standings: tests/tools/seed_rules_cli.sh) ---- */
    {7, "003 §8.3.2 \"Вычет из среднего места игрока. Может составлять от 0,05 до 0,5\"",
     "jhc-sanctions.paifu.json", NULL, ""},
    {7, "003 §8.3.2: a sanction of 0.5 is in range; RRC 2024 (000 §9) has no such sanction",
     "jhc-sanctions.paifu.json", "rrc",
     "game.final_points;game.final_points;game.sanction;game.final_points;"},
    /* ---- point 8: MCR, 001 L201-203 "Как играть конг": "Вы не можете сыграть конг в том же
       ходу, в котором вы объявили чоу или панг" ---- */
    {8, "001 L203: a kong on a later turn than the seat's pung", "mcr-kong-next-turn.paifu.json",
     NULL, ""},
    {8, "001 L203: a kong in the turn of the seat's own pung", "mcr-kong-after-own-pung.paifu.json",
     NULL, "deal.kan;"},
    /* ---- point 9: MCR penalties named by kind, priced by the rule set ---- */
    {9, "001 L1252: a mistaken hu \"лишается 20 очков в пользу каждого из остальных игроков\"",
     "mcr-mistaken-hu-priced.paifu.json", NULL, ""},
    {9, "001 L1252: a mistaken hu recorded at another price", "mcr-mistaken-hu-mispriced.paifu.json",
     NULL, "penalty.amount;"},
    {9, "001 L1254-1258: exposing the hand after an invalid hu, 30 to the remaining players",
     "mcr-exposed-hand-priced.paifu.json", NULL, ""},
    {9, "001 L1254-1258: the exposure recorded at another price",
     "mcr-exposed-hand-mispriced.paifu.json", NULL, "penalty.amount;"},
    /* ---- point 10: 000 §9.4.1 "Штрафы увеличиваются последовательно: За первое повторение после
       указания — 2000 очков", then doubling: two fines the log does not price are 2000 + 4000 */
    {10, "000 §9.4.1: two unpriced fines charged 2000 and 4000 after uma",
     "rrc-fines-escalate-from-fine-base.paifu.json", NULL, ""},
    {10, "000 §9.4.1: the same fines charged 20000 each (the chombo amount)",
     "rrc-fines-charged-as-chombo.paifu.json", NULL, "game.final_score;"},
    /* ---- point 11: a game recorded by its results only. 000 §3.12 (final scores from the
       points: return, uma); 003 §6.2.10 "сумма очков за столом равна 100000" ---- */
    {11, "000 §3.12: points that hold the 4 x 30000 and the final scores they give",
     "results-only-rrc.paifu.json", NULL, ""},
    {11, "000 §3.12: final points 1, 2, 3, 4", "results-only-rrc-bad-sum.paifu.json", NULL,
     "game.final_points;"},
    {11, "000 §3.12: final scores that do not follow from the points",
     "results-only-rrc-bad-final.paifu.json", NULL, "game.final_score;"},
    {11, "000 §12.1 Table 3 (WRC: leftover riichi sticks are lost): 1000 short of the start",
     "results-only-wrc-lost-sticks.paifu.json", NULL, ""},
    {11, "003 §6.2.10: three JHC games of 100000 each", "jhc-sanctions.paifu.json", NULL, ""},
    {11, "003 §6.2.10: the same points are not 4 x 30000 under rrc",
     "jhc-sanctions.paifu.json", "rrc", "game.final_points;game.final_points;game.sanction;game.final_points;"},
    /* ---- point 11 (MCR side): a sheet of session results without deals ---- */
    {11, "001 L252-268, L284-286: every payment goes from player to player, the totals add to 0",
     "mcr-sessions.paifu.json", NULL, ""},
    /* ---- point 12: MCR score-sheet wins with points and no score changes. 001 L252-268
       "проигравшие игроки должны заплатить выигравшему по 8 очков" plus the points of the fans
       from the discarder: 10 points off a discard are -18, +34, -8, -8 ---- */
    {12, "001 L252-268: the sheet's next deal starts from the win paid by its points",
     "mcr-sheet-win-points-only.paifu.json", NULL, ""},
    {12, "001 L252-268: the next deal starts as if the win had not been paid",
     "mcr-sheet-win-not-paid.paifu.json", NULL, "flow.scores;game.final_points;"},
    /* ---- issue 39 from here. point 13: 000 §3.11 "Существует правило тоби ... Кроме того, оно
       не позволяет делать ставку риичи, если у игрока в наличии менее 1000 очков" ---- */
    {13, "000 §3.11: under the bankruptcy variation a riichi with 1000 points",
     "rrc-tobi-riichi-1000.paifu.json", NULL, ""},
    {13, "000 §3.11: under the bankruptcy variation a riichi with 500 points",
     "rrc-tobi-riichi-500.paifu.json", NULL, "deal.riichi;"},
    {13, "000 §3.11: \"никаких ограничений на ставки риичи также не накладывается\" without it",
     "rrc-tobi-riichi-500.paifu.json", "rrc", ""},
    /* ---- point 14: 000 §3.7.6 "сумма очков за столом всегда равна 120000" ---- */
    {14, "000 §3.7.6: 119000 in the scores and one riichi stick on the table",
     "sheet-rrc-table-total-stick.paifu.json", NULL, ""},
    {14, "000 §3.7.6: 119000 in the scores and no stick on the table",
     "sheet-rrc-table-total-short.paifu.json", NULL, "flow.scores;"},
    {14, "003 §6.2.10 \"сумма очков за столом равна 100000\": a JHC sheet's deal of 100000",
     "sheet-jhc-table-total.paifu.json", NULL, ""},
    {14, "003 §6.2.10: a JHC sheet's deal of 120000", "sheet-jhc-table-total-rrc-sum.paifu.json",
     NULL, "flow.scores;"},
    /* ---- point 15: 000 §3.6 "если за раздачу было объявлено два кана, урадор будет три" ---- */
    {15, "000 §3.6: a riichi win after two kans shows three ura indicators",
     "rrc-ura-after-two-kans.paifu.json", NULL, ""},
    {15, "000 §3.6: the same win shows one", "rrc-ura-after-two-kans-one-shown.paifu.json", NULL,
     "score.dora;"},
    /* ---- point 16: 000 §3.13 "При ничьей мертвая рука в любом случае расценивается как нотен,
       однако если мертвая рука была назначена после объявления риичи, игрок все еще обязан
       показать свою руку, чтобы избежать штрафа чомбо за нотен-риичи" (logs:
       tests/tools/gen_dead_hands.py) ---- */
    {16, "000 §3.13: a dead riichi hand still tenpai pays as noten and gets no chombo",
     "rrc-dead-riichi-tenpai-noten.paifu.json", NULL, ""},
    {16, "000 §3.13: the same dead hand paid as tenpai", "rrc-dead-riichi-tenpai-paid.paifu.json",
     NULL, "draw.tenpai;"},
    /* ---- point 17: 000 Table 1 "Замена тайла в руке при риичи: Мертвая рука. В случае если
       игра доходит до ничьей, следует назначить чомбо независимо от наличия темпая в руке";
       the breach recorded with its sanction is a ruled breach (penalty.ruled, info) ---- */
    {17, "000 Table 1: a hand changed in riichi, ruled dead, and its chombo at the draw",
     "rrc-riichi-changed-dead-chombo.paifu.json", NULL, "penalty.ruled;"},
    {17, "000 Table 1: the same without the chombo at the draw",
     "rrc-riichi-changed-dead-no-chombo.paifu.json", NULL, "penalty.ruled;penalty.noten_riichi;"},
    /* ---- point 18: 000 Table 1 "Любое объявление при мертвой руке: Чомбо"; §3.13 "ему до конца
       раздачи запрещается делать любые объявления" ---- */
    {18, "000 Table 1: a pon with a dead hand, and the chombo recorded for it",
     "rrc-dead-hand-pon-chombo.paifu.json", NULL, "penalty.ruled;"},
    {18, "000 §3.13: a pon with a dead hand, no sanction recorded",
     "rrc-dead-hand-pon-unruled.paifu.json", NULL, "penalty.dead_hand;"},
    /* ---- point 19: 000 §9.4.1 "За повторное нарушение по каждой причине штраф увеличивается
       отдельно": two unpriced fines for two reasons are each a first step, 2000 + 2000 ---- */
    {19, "000 §9.4.1: two unpriced fines for two reasons charged 2000 each",
     "rrc-fines-two-reasons.paifu.json", NULL, ""},
    {19, "000 §9.4.1: the same fines charged 2000 and 4000 as if one ladder",
     "rrc-fines-two-reasons-one-ladder.paifu.json", NULL, "game.final_score;"},
    /* ---- point 20: 001 L1236 "в первый раз он подлежит предупреждению, во второй раз он
       лишается 5 очков, в третий раз он лишается 10 очков, в четвёртый раз он лишается 20
       очков, и так далее"; L1260 "лишается от 5 до 60 очков в пользу этого игрока". Rows of
       doc/rules.md: "MCR 2006 (Green Book), penalties: empty claims",
       "MCR 2006 (Green Book), penalties: knocked tiles" ---- */
    {20, "001 L1236: fines of 5 and 10 for empty claims", "mcr-fines-on-the-ladder.paifu.json",
     NULL, ""},
    {20, "001 L1236: a fine of 15, no step of the ladder", "mcr-fine-off-the-ladder.paifu.json",
     NULL, "penalty.amount;"},
    {20, "001 L1260: 60 paid for a knocked-over tile to its owner", "mcr-knocked-tile-60.paifu.json",
     NULL, ""},
    {20, "001 L1260: 70 paid for a knocked-over tile", "mcr-knocked-tile-70.paifu.json", NULL,
     "penalty.amount;"},
    /* ---- point 21: 000 §6.4 "По истечении основного времени игроки должны доиграть текущую
       раздачу и сыграть еще одну" (Table 3: the same for EMA; WRC "доиграть текущую раздачу");
       §3.13 "раздача, закончившаяся с чомбо, считается несыгранной", so it is not the one more;
       003 §6.1.4 "В красной зоне можно только доигрывать начатые раздачи". A paifu log's deal
       "time_up": true is the deal the main time ran out in ---- */
    {21, "000 §6.4: the deal the time ran out in and one more", "rrc-time-up-one-more.paifu.json",
     NULL, ""},
    {21, "000 §6.4: the game ended with the deal the time ran out in",
     "rrc-time-up-no-more.paifu.json", NULL, "flow.game_end;"},
    {21, "000 §6.4: a second deal after the one the time ran out in",
     "rrc-time-up-two-more.paifu.json", NULL, "flow.game_end;"},
    {21, "000 §3.13, §6.4: a deal ended by chombo, then the one more",
     "rrc-time-up-chombo-then-one-more.paifu.json", NULL, ""},
    {21, "000 §3.13, §6.4: the game ended with the chombo deal as its one more",
     "rrc-time-up-chombo-as-one-more.paifu.json", NULL, "flow.game_end;"},
    {21, "000 Table 3 (WRC): the current deal only", "wrc-time-up-no-more.paifu.json", NULL, ""},
    {21, "000 Table 3 (WRC): under RRC the same game lacks its one more",
     "wrc-time-up-no-more.paifu.json", "rrc", "flow.game_end;"},
    {21, "000 Table 3 (EMA): the current deal and one more", "rrc-time-up-one-more.paifu.json",
     "ema", ""},
    {21, "000 Table 3 (EMA): the game ended with the deal the time ran out in",
     "rrc-time-up-no-more.paifu.json", "ema", "flow.game_end;"},
    {21, "JHC 2016 §6.1.4-§6.1.6: the deal the red zone began in is finished, and the game ends",
     "jhc-red-zone-deal-finished.paifu.json", NULL, ""},
    {21, "003 §6.1.4: a deal begun in the red zone", "jhc-red-zone-deal-begun.paifu.json", NULL,
     "flow.game_end;"},
    /* ---- point 22: MCR 2006 (Green Book), Siamese MCR (001 L1321-1342), three players: item 15
       "При выигрыше со стены игрок получает количество очков равное 2 × (СтоимостьРуки + 8)",
       item 16 "При выигрыше со сноса игрок получает количество очков равное СтоимостьРуки +
       16 ... накинувший ... минус (СтоимостьРуки + 8), а другой игрок ... минус 8"; item 13
       "В финале объявления одним игроком двух побед другие игроки очки за свои объявленные
       победы не получают"; item 14 at the wall's end all are paid ---- */
    {22, "MCR 2006 (Green Book), Siamese MCR (001 L1341-1342): a discard win of 10 paid 26 and a "
         "self-draw of 8 paid 32, three seats", "mcr-siamese-deltas.paifu.json", NULL, ""},
    {22, "MCR 2006 (Green Book), Siamese MCR (001 L1341-1342): the same wins recorded by points "
         "only, the totals as the seed pays them", "mcr-siamese-paid-as-points.paifu.json", NULL, ""},
    {22, "001 L1341-1342: the totals as four players pay (8 from a fourth seat)",
     "mcr-siamese-four-player-totals.paifu.json", NULL, "flow.scores;game.final_points;"},
    {22, "001 L1342: a discard win paid as a self-draw",
     "mcr-siamese-discard-paid-as-self-draw.paifu.json", NULL, "mcr.payment;"},
    {22, "001 L1339 (item 13): another player's two wins, the first winner's not paid",
     "mcr-siamese-two-wins-others-unpaid.paifu.json", NULL, ""},
    {22, "001 L1339 (item 13): the first winner's win paid all the same",
     "mcr-siamese-two-wins-others-paid.paifu.json", NULL, "mcr.payment;"},
    {22, "001 L1340 (item 14): the wall's end, both declared wins paid",
     "mcr-siamese-wall-end-all-paid.paifu.json", NULL, ""},
    /* ---- point 23: MCR 2006 (Green Book), Siamese MCR: the golden rule (001 L1321) "стоимость
       второй победы, объявляемой игроком, должна быть строго не меньше первой" ---- */
    {23, "MCR 2006 (Green Book), Siamese MCR: the golden rule (001 L1321): a second win of 12 "
         "after one of 8", "mcr-siamese-two-wins-others-unpaid.paifu.json", NULL, ""},
    {23, "001 L1321: a second win of 8 after one of 12", "mcr-siamese-second-win-cheaper.paifu.json",
     NULL, "win.no_yaku;"},
    /* ---- point 24: MCR 2006 (Green Book), flowers (001 L169) "Первым замещает плитки цветов и
       сезонов разыгрывающий, затем, по очереди – Юг, Запад и Север, до тех пор, пока ни у кого
       из игроков не останется на руках закрытых плиток цветов и сезонов". East 2, dealer seat
       1: seats 1 and 2 hold none, seat 3 holds 3f, seat 0 holds 7f ---- */
    {24, "MCR 2006 (Green Book), flowers (001 L169): seat 3, then seat 0, in turn from the dealer",
     "mcr-flowers-from-the-dealer.paifu.json", NULL, ""},
    {24, "001 L169: seat 0 before seat 3, which holds a flower",
     "mcr-flowers-out-of-turn.paifu.json", NULL, "mcr.flower;"},
};

static void run_case(const seed_case *c)
{
    char path[512];
    snprintf(path, sizeof(path), "%s%s", DATA, c->file);
    paifu_reader *r = NULL;
    paifu_error err;
    paifu_error_clear(&err);
    if (paifu_reader_open(&r, path, NULL, &err) < 0)
        fail_msg("%s: %s", c->file, err.text);
    paifu_report *rep;
    assert_int_equal(paifu_report_new(&rep, NULL), 0);
    const paifu_game *g;
    int rc;
    while ((rc = paifu_reader_next(&g, r, &err)) > 0) {
        paifu_rules *rules;
        assert_int_equal(paifu_game_rules(&rules, g, NULL, NULL), 0);
        if (c->rules) {
            paifu_rules_free(rules);
            assert_int_equal(paifu_rules_preset(&rules, c->rules, NULL), 0);
        }
        assert_int_equal(paifu_verify_game(rep, g, rules, NULL, NULL), 0);
        paifu_rules_free(rules);
    }
    if (rc < 0)
        fail_msg("%s: %s", c->file, err.text);
    char got[512] = "";
    for (size_t i = 0; i < paifu_report_count(rep); i++) {
        const paifu_finding *f = paifu_report_finding(rep, i);
        print_message("    %s: %s\n", f->code, f->message);
        strncat(got, f->code, sizeof(got) - strlen(got) - 2);
        strcat(got, ";");
    }
    if (strcmp(got, c->expected) != 0)
        fail_msg("point %d, %s (%s%s%s): findings \"%s\", expected \"%s\"", c->point, c->clause,
                 c->file, c->rules ? " under " : "", c->rules ? c->rules : "", got, c->expected);
    paifu_report_free(rep);
    paifu_reader_free(r);
}

static void seed_rules_hold(void **state)
{
    (void)state;
    size_t n = sizeof(CASES) / sizeof(CASES[0]);
    unsigned obeying[32] = {0}, breaking[32] = {0};
    for (size_t i = 0; i < n; i++) {
        print_message("point %d: %s: %s\n", CASES[i].point, CASES[i].file, CASES[i].clause);
        run_case(&CASES[i]);
        /* a breach ruled as the document prescribes (only penalty.ruled) obeys the rule */
        if (CASES[i].expected[0] && strcmp(CASES[i].expected, "penalty.ruled;") != 0)
            breaking[CASES[i].point]++;
        else
            obeying[CASES[i].point]++;
    }
    /* every point with a case has both an obeying and a breaking log */
    for (int p = 1; p < 32; p++)
        if ((obeying[p] != 0) != (breaking[p] != 0))
            fail_msg("point %d has %u obeying and %u breaking logs", p, obeying[p], breaking[p]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(seed_rules_hold),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
