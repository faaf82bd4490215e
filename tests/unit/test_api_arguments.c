/*
 * test_api_arguments.c: the public reading and writing functions (lib/include/paifu/io.h) given
 * a NULL where io.h wants an object refuse it with PAIFU_EINVAL and a message, touch nothing,
 * and leave *OUT cleared where there is one; the same calls with their arguments work. The
 * game builder (paifu/game.h) refuses what the model has no place for.
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

#define SAMPLE PAIFU_SAMPLES_DIR "/riichienv-selfplay.mjai.jsonl"

static void invalid(int rc, const paifu_error *err)
{
    assert_int_equal(rc, PAIFU_EINVAL);
    assert_int_equal(err->code, PAIFU_EINVAL);
    assert_non_null(strstr(err->text, "invalid argument"));
}

static int discard(const void *data, size_t size, void *payload)
{
    (void)data;
    *(size_t *)payload += size;
    return 0;
}

static void reading(void **state)
{
    (void)state;
    paifu_error err;
    paifu_reader *r = NULL;
    const char *skip = NULL, *format = NULL;
    paifu_error_clear(&err);
    invalid(paifu_reader_open(NULL, SAMPLE, NULL, &err), &err);
    paifu_error_clear(&err);
    invalid(paifu_reader_open(&r, NULL, NULL, &err), &err);
    paifu_error_clear(&err);
    invalid(paifu_reader_open_log(&r, SAMPLE, NULL, NULL, &err), &err);
    paifu_error_clear(&err);
    invalid(paifu_reader_open_log(NULL, SAMPLE, NULL, &skip, &err), &err);
    paifu_error_clear(&err);
    invalid(paifu_format_detect_file(NULL, SAMPLE, NULL, &err), &err);
    paifu_error_clear(&err);
    invalid(paifu_format_detect_file(&format, NULL, NULL, &err), &err);
    paifu_error_clear(&err);
    invalid(paifu_reader_open_buffer(&r, NULL, 3, NULL, &err), &err);
    paifu_error_clear(&err);
    invalid(paifu_reader_open_buffer(NULL, "{}", 2, NULL, &err), &err);
    assert_null(r);
    /* with every argument: the sample opens, is detected, and gives its one game */
    assert_int_equal(paifu_format_detect_file(&format, SAMPLE, NULL, &err), 0);
    assert_string_equal(format, "mjai");
    assert_int_equal(paifu_reader_open_log(&r, SAMPLE, NULL, &skip, &err), 0);
    assert_non_null(r);
    const paifu_game *g = NULL;
    paifu_error_clear(&err);
    invalid(paifu_reader_next(NULL, r, &err), &err);
    paifu_error_clear(&err);
    invalid(paifu_reader_next(&g, NULL, &err), &err);
    paifu_reader *part = NULL;
    paifu_error_clear(&err);
    invalid(paifu_reader_split(NULL, r, &err), &err);
    paifu_error_clear(&err);
    invalid(paifu_reader_split(&part, NULL, &err), &err);
    assert_int_equal(paifu_reader_next(&g, r, &err), 1);
    assert_non_null(g);
    paifu_reader_free(r);
}

static void writing(void **state)
{
    (void)state;
    paifu_error err;
    paifu_writer *w = NULL;
    size_t written = 0;
    paifu_error_clear(&err);
    invalid(paifu_writer_open(NULL, "mjai", discard, &written, NULL, &err), &err);
    paifu_error_clear(&err);
    invalid(paifu_writer_open(&w, NULL, discard, &written, NULL, &err), &err);
    paifu_error_clear(&err);
    invalid(paifu_writer_open(&w, "mjai", NULL, &written, NULL, &err), &err);
    assert_null(w);
    paifu_game *g = NULL;
    assert_int_equal(paifu_game_read(&g, SAMPLE, NULL, &err), 0);
    assert_int_equal(paifu_writer_open(&w, "mjai", discard, &written, NULL, &err), 0);
    paifu_error_clear(&err);
    invalid(paifu_writer_write(NULL, g, &err), &err);
    paifu_error_clear(&err);
    invalid(paifu_writer_write(w, NULL, &err), &err);
    paifu_error_clear(&err);
    invalid(paifu_writer_close(NULL, &err), &err);
    assert_int_equal(written, 0); /* nothing written by the refused calls */
    assert_int_equal(paifu_writer_write(w, g, &err), 0);
    assert_int_equal(paifu_writer_close(w, &err), 0);
    assert_true(written > 0);
    paifu_writer_free(w);
    paifu_game_free(g);
}

/* Building a game (paifu/game.h): a deal's parts need a deal begun; an event's type and a
   penalty's seat are the model's own. */
static void building(void **state)
{
    (void)state;
    paifu_game *g = NULL;
    paifu_error err;
    assert_int_equal(paifu_game_new(&g, NULL), 0);
    paifu_error_clear(&err);
    assert_int_equal(paifu_game_set_deal_result_only(g, &err), PAIFU_EINVAL);
    assert_non_null(strstr(err.text, "no deal has been started"));
    paifu_deal_start st;
    paifu_deal_start_init(&st);
    assert_int_equal(paifu_game_begin_deal(g, &st, 0, 0, NULL), 0);
    assert_int_equal(paifu_game_set_deal_result_only(g, NULL), 0);
    paifu_event e;
    paifu_event_init(&e, PAIFU_EV_DRAW, 0);
    e.type = PAIFU_EV_TYPE_COUNT;
    paifu_error_clear(&err);
    assert_int_equal(paifu_game_add_event(g, &e, &err), PAIFU_EINVAL);
    assert_non_null(strstr(err.text, "unknown event type"));
    paifu_penalty p;
    memset(&p, 0, sizeof(p));
    p.seat = 4;
    paifu_error_clear(&err);
    assert_int_equal(paifu_game_add_penalty(g, &p, 0, 0, &err), PAIFU_EINVAL);
    assert_non_null(strstr(err.text, "penalty seat 4: expected a seat from 0 to 3"));
    p.seat = 3;
    assert_int_equal(paifu_game_add_penalty(g, &p, 0, 0, NULL), 0);
    assert_int_equal(paifu_game_deal(g, 0)->n_penalties, 1);
    paifu_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reading),
        cmocka_unit_test(writing),
        cmocka_unit_test(building),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
