/*
 * test_assumed_rules_written.c: a rule set the reader only assumed, as each writer writes it.
 *
 * samples/riichienv-selfplay.mjai.jsonl names no rule set (mjai has no place for one,
 * shared/formats/mjai.md), so the mjai reader assumes Tenhou's and says so (the game's meta
 * "rules assumed"). A value the source does not record is never written as recorded
 * (formats/common/lossy.h, kind COMPUTED_RULES):
 *
 * - tenhou.net/6 and Tenhou XML cannot do without a rule (their `rule` / GO type): the writer
 *   writes the assumed one and reports it as a loss of kind `computed` naming the reason the
 *   reader gave; under strict that is an error; with fill it is the fill note and no loss;
 * - mjai has no place for a rule set: nothing is written, nothing reported, unless fill asks
 *   for every computed value (then the note names it);
 * - paifu JSON records the origin itself ("assumed"), and reads it back.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paifu.h"
#include "write_sink.h"

#define WHY  "mjai names no rule set: Tenhou's assumed"
#define RULE "the rule set of 1 game(s) (the reader assumed it: " WHY ")"

static paifu_game *g_game;
static sink g_sink;

static int setup(void **state)
{
    (void)state;
    paifu_error err;
    paifu_error_clear(&err);
    if (paifu_game_read(&g_game, PAIFU_SAMPLES_DIR "/riichienv-selfplay.mjai.jsonl", NULL, &err) <
        0) {
        fprintf(stderr, "cannot read the mjai sample: %s\n", err.text);
        return -1;
    }
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    paifu_game_free(g_game);
    return 0;
}

static void on_filled(const paifu_game *g, const char *what, void *payload)
{
    sink_on_loss(g, what, payload);
}

/* Write the sample as FORMAT into g_sink: STRICT, FILL; the fill note goes with the losses. */
static int write_as(const char *format, bool strict, bool fill, paifu_error *err)
{
    paifu_write_options wo = PAIFU_WRITE_OPTIONS_INIT;
    wo.strict = strict;
    wo.fill = fill;
    wo.on_loss = sink_on_loss;
    wo.on_filled = on_filled;
    wo.loss_payload = &g_sink;
    paifu_writer *w = NULL;
    g_sink.len = 0;
    g_sink.data[0] = '\0';
    g_sink.n_lost = 0;
    paifu_error_clear(err);
    int rc = paifu_writer_open(&w, format, sink_put, &g_sink, &wo, err);
    if (rc == 0)
        rc = paifu_writer_write(w, g_game, err);
    if (rc == 0)
        rc = paifu_writer_close(w, err);
    paifu_writer_free(w);
    return rc;
}

static void print_losses(void)
{
    for (int i = 0; i < g_sink.n_lost; i++)
        fprintf(stderr, "  reported: %s\n", g_sink.lost[i]);
}

/* The sample's rule set is the one the reader assumed, with its reason. */
static void the_reader_says_assumed(void **state)
{
    (void)state;
    assert_string_equal(paifu_game_rules_name(g_game), "tenhou");
    const char *why = paifu_game_meta_get(g_game, PAIFU_META_RULES_ASSUMED);
    assert_non_null(why);
    assert_string_equal(why, WHY);
}

/* Tenhou's two formats need a rule: written, and said to be computed. */
static void tenhou_formats_report_it(void **state)
{
    (void)state;
    const char *formats[] = {"tenhou6", "tenhou-xml"};
    for (size_t i = 0; i < 2; i++) {
        paifu_error err;
        assert_int_equal(write_as(formats[i], false, false, &err), 0);
        if (!reported(&g_sink, RULE)) {
            fprintf(stderr, "%s: no loss says \"%s\"\n", formats[i], RULE);
            print_losses();
        }
        assert_true(reported(&g_sink, RULE));
        assert_true(reported(&g_sink, "values the source does not record, written as computed"));
        /* strict: the same loss is an error */
        assert_int_equal(write_as(formats[i], true, false, &err), PAIFU_EUNSUPPORTED);
        /* fill: the note says it, and no loss is reported for it */
        assert_int_equal(write_as(formats[i], false, true, &err), 0);
        assert_true(reported(&g_sink, RULE));
        assert_false(reported(&g_sink, "values the source does not record, written as computed"));
    }
}

/* mjai has no place for the rule set: the assumed one is left out, unless fill writes it. */
static void mjai_leaves_it_out(void **state)
{
    (void)state;
    paifu_error err;
    assert_int_equal(write_as("mjai", false, false, &err), 0);
    if (reported(&g_sink, "rule set"))
        print_losses();
    assert_false(reported(&g_sink, "rule set"));
    assert_int_equal(write_as("mjai", true, false, &err), 0); /* nothing lost: strict passes */
    assert_int_equal(write_as("mjai", false, true, &err), 0);
    assert_true(reported(&g_sink, RULE));
}

/* paifu JSON records the origin: written as "assumed", read back as the same meta. */
static void paifu_json_keeps_the_origin(void **state)
{
    (void)state;
    paifu_error err;
    assert_int_equal(write_as("paifu", true, false, &err), 0);
    assert_false(reported(&g_sink, "rule set"));
    assert_non_null(strstr(g_sink.data, WHY));
    paifu_game *back = NULL;
    paifu_read_options ro = PAIFU_READ_OPTIONS_INIT;
    ro.format = "paifu";
    assert_int_equal(paifu_game_read_buffer(&back, g_sink.data, g_sink.len, &ro, &err), 0);
    const char *why = paifu_game_meta_get(back, PAIFU_META_RULES_ASSUMED);
    assert_non_null(why);
    assert_string_equal(why, WHY);
    paifu_game_free(back);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_reader_says_assumed),
        cmocka_unit_test(tenhou_formats_report_it),
        cmocka_unit_test(mjai_leaves_it_out),
        cmocka_unit_test(paifu_json_keeps_the_origin),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
