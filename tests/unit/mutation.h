/*
 * mutation.h: damaged copies of game logs, for the robustness tests (test_mutation.c over the
 * samples and hand-written documents of every format, test_mutation_corpus.c over a subset of
 * the real-log corpus). "Bad input gets a clear error ... never a crash, never silent loss."
 *
 * Each seed document is damaged in a deterministic series of ways: case K of a seed always gives
 * the same bytes (xorshift64* seeded from the seed's name and K). The damage: bit flips, digits
 * changed, numbers replaced by edge values (0, -1, 136, 2^31, 2^64, 1e308, ...), string and
 * attribute values replaced (tiles that do not exist, empty, invalid escapes, 300 characters),
 * tokens replaced by another JSON type, slices deleted and duplicated, lines (or comma-separated
 * items) deleted, duplicated and swapped, XML elements deleted and duplicated, deep nesting
 * ([[[[, {"a":{"a":, <a><a>), NUL bytes, invalid UTF-8, a 70000-character string, and the input
 * truncated at every Nth byte. A quarter of the cases stack a second kind of damage on the first,
 * and every other case forces the seed's format instead of detecting it, so the format's reader
 * sees the damage even when detection would give up.
 *
 * Every copy is read with paifu_reader_open_buffer() and paifu_reader_next() and every game read
 * is verified (paifu_game_rules() + paifu_verify_game()). The checks:
 *   - nothing crashes, hangs or leaks (the sanitizer build, PAIFU_SANITIZE + PAIFU_DEBUG_ARENA,
 *     turns memory errors and undefined behaviour into crashes);
 *   - a failing open or read returns a negative code, the same code is in the paifu_error, its
 *     text is not empty, and it names a place: the input's name and, unless the fault is the
 *     input as a whole (not a log, not gzip, too large), a line, offset or JSON/XML path;
 *   - a reader hands out at most MUT_MAX_GAMES games, then keeps returning 0;
 *   - a game read gets a rule set or an error with text, and then verifies (0; its findings have
 *     registered codes and a message) or returns a negative error with text;
 *   - a truncated copy is refused or gives a finding (no silent loss), unless nothing in the
 *     seed could show its end (the caller says so).
 *
 * A crash or hang names the case and saves its bytes to mutation-crash.bin in the working
 * directory (the sanitizer's report comes first); a failed check saves them to
 * mutation-failure.bin. Replay a saved input with `paifu validate mutation-crash.bin`.
 * PAIFU_MUTATION_SCALE=N in the environment runs N times as many cases (a longer search).
 *
 * Static functions in a header: every unit test is one .c file (tests/CMakeLists.txt).
 */
#ifndef PAIFU_TESTS_MUTATION_H
#define PAIFU_TESTS_MUTATION_H

#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "paifu.h"

#define MUT_MAX_GAMES 10000 /* more games than this from one input: a runaway reader */
#define MUT_WATCHDOG  60    /* seconds one case may take before it counts as a hang */

/* ---- the PRNG: xorshift64* (Vigna, "An experimental exploration of Marsaglia's xorshift
 * generators, scrambled", 2016) ---- */

typedef struct mut_rng {
    uint64_t s; /* never 0 */
} mut_rng;

static uint64_t mut_next(mut_rng *r)
{
    r->s ^= r->s >> 12;
    r->s ^= r->s << 25;
    r->s ^= r->s >> 27;
    return r->s * 0x2545F4914F6CDD1DULL;
}

/* A number in [0, n); 0 when n is 0. */
static size_t mut_below(mut_rng *r, size_t n)
{
    return n ? (size_t)(mut_next(r) % n) : 0;
}

/* The generator of case K of the seed named NAME (FNV-1a of the name, mixed with K). */
static mut_rng mut_rng_for(const char *name, unsigned k)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (const char *p = name; *p; p++)
        h = (h ^ (unsigned char)*p) * 0x100000001b3ULL;
    mut_rng r = {h ^ ((uint64_t)(k + 1) * 0x9E3779B97F4A7C15ULL)};
    if (!r.s)
        r.s = 1;
    for (int i = 0; i < 4; i++)
        mut_next(&r);
    return r;
}

/* ---- the damaged copy ---- */

typedef struct mut_buf {
    char *s;
    size_t n;
} mut_buf;

/* Replace the LEN bytes at AT with the RLEN bytes REP (REP may point into B). */
static void mut_splice(mut_buf *b, size_t at, size_t len, const char *rep, size_t rlen)
{
    char *s = malloc(b->n - len + rlen + 1);
    if (!s)
        abort();
    memcpy(s, b->s, at);
    memcpy(s + at, rep, rlen);
    memcpy(s + at + rlen, b->s + at + len, b->n - at - len);
    s[b->n - len + rlen] = '\0';
    free(b->s);
    b->s = s;
    b->n = b->n - len + rlen;
}

/* Insert N copies of UNIT at AT. */
static void mut_insert_repeated(mut_buf *b, size_t at, const char *unit, size_t n)
{
    size_t u = strlen(unit);
    char *rep = malloc(u * n + 1);
    if (!rep)
        abort();
    for (size_t i = 0; i < n; i++)
        memcpy(rep + i * u, unit, u);
    mut_splice(b, at, 0, rep, u * n);
    free(rep);
}

/* The first byte from a random position on (wrapping) for which OK is true; SIZE_MAX if none. */
static size_t mut_find(const mut_buf *b, mut_rng *r, bool (*ok)(const mut_buf *, size_t))
{
    size_t start = mut_below(r, b->n);
    for (size_t i = 0; i < b->n; i++) {
        size_t at = (start + i) % b->n;
        if (ok(b, at))
            return at;
    }
    return SIZE_MAX;
}

static bool is_digit_at(const mut_buf *b, size_t at)
{
    return b->s[at] >= '0' && b->s[at] <= '9';
}

static bool is_quote_at(const mut_buf *b, size_t at)
{
    return b->s[at] == '"';
}

static bool is_lt_at(const mut_buf *b, size_t at)
{
    return b->s[at] == '<';
}

static bool is_value_start_at(const mut_buf *b, size_t at)
{
    return b->s[at] == ':' || b->s[at] == ',' || b->s[at] == '[' || b->s[at] == '=';
}

/* C is one of the characters of SET (never the terminating NUL). */
static bool mut_one_of(char c, const char *set)
{
    return c && strchr(set, c);
}

// clang-format off
/* tile ids (136), counts, int16/int32/int64/uint64 edges, overflowing and non-finite numbers */
static const char *const MUT_NUMBERS[] = {
    "0", "-1", "4", "13", "34", "37", "135", "136", "255", "256", "65536", "-0", "0.5",
    "2147483647", "2147483648", "-2147483649", "4294967296", "9223372036854775808",
    "18446744073709551616", "99999999999999999999999999", "1e308", "-1e308", "1e-400", "NaN",
};

/* tiles of every notation that do not exist, calls, words of the text formats, bad escapes */
static const char *const MUT_STRINGS[] = {
    "", "0m", "5z", "8z", "0z", "10m", "1m2m", "x", "-1", "99999999999999999999", "1,2,3", ",,",
    "W0", "J9", "F1", "H9", "\\ud800", "\\u0000", "\xff\xfe", "dora", "r", "c121314", "p151515",
    "m21212121", "\xe5\x92\x8c\xe4\xba\x86", "start_kyoku", "tsumo", "ron", "chombo", "also",
    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
};

static const char *const MUT_TOKENS[] = {
    "null", "true", "false", "{}", "[]", "\"\"", "-1", "1e999", "0.5", "[[]]", "{\"\":0}", "\"a\"",
};

/* invalid UTF-8 (0xff, overlong NUL, a surrogate, cut short, past U+10FFFF), control bytes */
static const char *const MUT_BAD_BYTES[] = {
    "\xff", "\xc0\x80", "\xed\xa0\x80", "\xe3\x81", "\xf4\x90\x80\x80", "\x01", "\x7f", "\r",
};
// clang-format on

#define MUT_COUNT(a) (sizeof(a) / sizeof((a)[0]))

static void mut_bit_flip(mut_buf *b, mut_rng *r)
{
    if (b->n)
        b->s[mut_below(r, b->n)] ^= (char)(1u << mut_below(r, 8));
}

static void mut_digit(mut_buf *b, mut_rng *r)
{
    size_t at = mut_find(b, r, is_digit_at);
    if (at != SIZE_MAX)
        b->s[at] = (char)('0' + mut_below(r, 10));
}

/* A whole number (with its sign, fraction and exponent) replaced by an edge value. */
static void mut_number(mut_buf *b, mut_rng *r)
{
    size_t at = mut_find(b, r, is_digit_at), end;
    if (at == SIZE_MAX)
        return;
    while (at > 0 && (is_digit_at(b, at - 1) || b->s[at - 1] == '-' || b->s[at - 1] == '.'))
        at--;
    for (end = at; end < b->n && (is_digit_at(b, end) || mut_one_of(b->s[end], "-+.eE")); end++)
        ;
    const char *v = MUT_NUMBERS[mut_below(r, MUT_COUNT(MUT_NUMBERS))];
    mut_splice(b, at, end - at, v, strlen(v));
}

/* The contents of a quoted string (a JSON string or an XML attribute value) replaced. */
static void mut_string(mut_buf *b, mut_rng *r)
{
    size_t at = mut_find(b, r, is_quote_at), end;
    if (at == SIZE_MAX)
        return;
    for (end = at + 1; end < b->n && b->s[end] != '"' && end - at < 400; end++)
        ;
    if (end >= b->n || b->s[end] != '"')
        return;
    const char *v = MUT_STRINGS[mut_below(r, MUT_COUNT(MUT_STRINGS))];
    mut_splice(b, at + 1, end - at - 1, v, strlen(v));
}

/* A 70000-character run inside a string: longer than every fixed buffer and an arena page. */
static void mut_long_string(mut_buf *b, mut_rng *r)
{
    size_t at = mut_find(b, r, is_quote_at);
    mut_insert_repeated(b, at == SIZE_MAX ? mut_below(r, b->n + 1) : at + 1, "x", 70000);
}

/* The value after a ':', ',', '[' or '=' replaced by another JSON type. */
static void mut_token(mut_buf *b, mut_rng *r)
{
    size_t at = mut_find(b, r, is_value_start_at), end;
    if (at == SIZE_MAX)
        return;
    at++;
    while (at < b->n && (b->s[at] == ' ' || b->s[at] == '\n'))
        at++;
    end = at;
    if (end < b->n && b->s[end] == '"') {
        for (end++; end < b->n && b->s[end] != '"'; end++)
            ;
        end += end < b->n;
    } else {
        while (end < b->n && mut_one_of(b->s[end], "-+.0123456789abcdefghijklmnopqrstuvwxyz"
                                                   "ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
            end++;
    }
    const char *v = MUT_TOKENS[mut_below(r, MUT_COUNT(MUT_TOKENS))];
    mut_splice(b, at, end - at, v, strlen(v));
}

static void mut_delete_slice(mut_buf *b, mut_rng *r)
{
    if (!b->n)
        return;
    size_t len = 1 + mut_below(r, b->n < 64 ? b->n : 64);
    mut_splice(b, mut_below(r, b->n - len + 1), len, "", 0);
}

static void mut_duplicate_slice(mut_buf *b, mut_rng *r)
{
    if (!b->n)
        return;
    size_t len = 1 + mut_below(r, b->n < 256 ? b->n : 256);
    size_t at = mut_below(r, b->n - len + 1);
    char *copy = malloc(len);
    if (!copy)
        abort();
    memcpy(copy, b->s + at, len);
    mut_splice(b, at + len, 0, copy, len);
    free(copy);
}

/*
 * The segments of B: lines, or comma-separated items when B has fewer than three lines (a
 * one-line JSON document). Segment I is [start[I], start[I+1]) and includes its separator.
 */
static size_t mut_segments(const mut_buf *b, size_t **start)
{
    char sep = '\n';
    size_t lines = 0;
    for (size_t i = 0; i < b->n; i++)
        lines += b->s[i] == '\n';
    if (lines < 3)
        sep = ',';
    size_t n = 0, cap = 64;
    *start = malloc(cap * sizeof(**start));
    if (!*start)
        abort();
    (*start)[n++] = 0;
    for (size_t i = 0; i < b->n; i++) {
        if (b->s[i] != sep || i + 1 >= b->n)
            continue;
        if (n + 1 >= cap) {
            cap *= 2;
            size_t *p = realloc(*start, cap * sizeof(**start));
            if (!p)
                abort();
            *start = p;
        }
        (*start)[n++] = i + 1;
    }
    (*start)[n] = b->n;
    return n;
}

/* Delete (0), duplicate (1) or swap with another (2) one segment. */
static void mut_segment(mut_buf *b, mut_rng *r, int how)
{
    size_t *st;
    size_t n = mut_segments(b, &st);
    if (n < 2) {
        free(st);
        return;
    }
    size_t i = mut_below(r, n), j = mut_below(r, n);
    size_t a = st[i], alen = st[i + 1] - st[i];
    if (how == 0) {
        mut_splice(b, a, alen, "", 0);
    } else if (how == 1) {
        char *copy = malloc(alen + 1);
        if (!copy)
            abort();
        memcpy(copy, b->s + a, alen);
        mut_splice(b, a, 0, copy, alen);
        free(copy);
    } else if (i != j) {
        if (i > j) {
            size_t t = i;
            i = j;
            j = t;
        }
        /* prefix, segment j, the segments between, segment i, the rest */
        size_t s0 = st[i], e0 = st[i + 1], s1 = st[j], e1 = st[j + 1];
        char *s = malloc(b->n + 1);
        if (!s)
            abort();
        size_t k = 0;
        memcpy(s + k, b->s, s0), k += s0;
        memcpy(s + k, b->s + s1, e1 - s1), k += e1 - s1;
        memcpy(s + k, b->s + e0, s1 - e0), k += s1 - e0;
        memcpy(s + k, b->s + s0, e0 - s0), k += e0 - s0;
        memcpy(s + k, b->s + e1, b->n - e1), k += b->n - e1;
        s[k] = '\0';
        free(b->s);
        b->s = s;
    }
    free(st);
}

static void mut_delete_segment(mut_buf *b, mut_rng *r)
{
    mut_segment(b, r, 0);
}

static void mut_duplicate_segment(mut_buf *b, mut_rng *r)
{
    mut_segment(b, r, 1);
}

static void mut_swap_segments(mut_buf *b, mut_rng *r)
{
    mut_segment(b, r, 2);
}

/* An XML element tag (<...>) deleted or duplicated; a segment when there is no tag. */
static void mut_tag(mut_buf *b, mut_rng *r)
{
    size_t at = mut_find(b, r, is_lt_at), end;
    if (at == SIZE_MAX) {
        mut_segment(b, r, (int)mut_below(r, 2));
        return;
    }
    for (end = at; end < b->n && b->s[end] != '>'; end++)
        ;
    end += end < b->n;
    if (mut_below(r, 2)) {
        mut_splice(b, at, end - at, "", 0);
    } else {
        char *copy = malloc(end - at + 1);
        if (!copy)
            abort();
        memcpy(copy, b->s + at, end - at);
        mut_splice(b, end, 0, copy, end - at);
        free(copy);
    }
}

/* Deep or unbalanced nesting: past jansson's 2048 and libxml2's 256 levels, or a few levels. */
static void mut_nest(mut_buf *b, mut_rng *r)
{
    static const char *const UNITS[] = {"[", "{\"a\":", "<a>", "[[[[", "<a><a>", "{\"log\":["};
    size_t u = mut_below(r, MUT_COUNT(UNITS));
    size_t n = mut_below(r, 2) ? 3000 : 1 + mut_below(r, 8);
    mut_insert_repeated(b, mut_below(r, b->n + 1), UNITS[u], n);
}

static void mut_nul(mut_buf *b, mut_rng *r)
{
    size_t at = mut_below(r, b->n + 1);
    if (mut_below(r, 2) && at < b->n)
        b->s[at] = '\0';
    else
        mut_splice(b, at, 0, "\0\0\0", 1 + mut_below(r, 3));
}

static void mut_bad_bytes(mut_buf *b, mut_rng *r)
{
    const char *v = MUT_BAD_BYTES[mut_below(r, MUT_COUNT(MUT_BAD_BYTES))];
    mut_splice(b, mut_below(r, b->n + 1), 0, v, strlen(v));
}

static void mut_truncate(mut_buf *b, mut_rng *r)
{
    b->n = mut_below(r, b->n);
    b->s[b->n] = '\0';
}

typedef struct mut_kind {
    const char *name;
    void (*apply)(mut_buf *b, mut_rng *r);
} mut_kind;

/* Number and string damage come more than once: they reach the deepest (the verifier). */
static const mut_kind MUT_KINDS[] = {
    {"number", mut_number},
    {"bit-flip", mut_bit_flip},
    {"string", mut_string},
    {"digit", mut_digit},
    {"delete-segment", mut_delete_segment},
    {"token", mut_token},
    {"duplicate-segment", mut_duplicate_segment},
    {"number", mut_number},
    {"swap-segments", mut_swap_segments},
    {"delete-slice", mut_delete_slice},
    {"string", mut_string},
    {"duplicate-slice", mut_duplicate_slice},
    {"tag", mut_tag},
    {"digit", mut_digit},
    {"nest", mut_nest},
    {"nul", mut_nul},
    {"bad-bytes", mut_bad_bytes},
    {"truncate", mut_truncate},
    {"long-string", mut_long_string},
};

#define MUT_N_KINDS MUT_COUNT(MUT_KINDS)

/* ---- crashes and hangs name the case ---- */

static char mut_label[1024];          /* the case being run */
static const char *volatile mut_data; /* its bytes */
static volatile size_t mut_size;

static void mut_save(const char *file)
{
    int fd = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0)
        return;
    size_t done = 0;
    while (mut_data && done < mut_size) {
        ssize_t w = write(fd, mut_data + done, mut_size - done);
        if (w <= 0)
            break;
        done += (size_t)w;
    }
    close(fd);
}

static void mut_say(const char *s)
{
    ssize_t w = write(2, s, strlen(s));
    (void)w;
}

/* Async-signal-safe: write(2), open(2) and the saved bytes only. */
static void mut_died(void)
{
    mut_say("\nmutation: died on case ");
    mut_say(mut_label);
    mut_say("; its input is in mutation-crash.bin\n");
    mut_save("mutation-crash.bin");
}

static void mut_on_signal(int sig)
{
    if (sig == SIGALRM)
        mut_say("\nmutation: case took longer than the watchdog (a hang?)");
    mut_died();
    signal(sig, SIG_DFL);
    raise(sig);
}

#if defined(__GNUC__) || defined(__clang__)
/* Present when a sanitizer runtime is linked: called after its report, before it exits. */
extern void __sanitizer_set_death_callback(void (*callback)(void)) __attribute__((weak));
#endif

/* Install the watchdog and the crash reporters; call once from main(). */
static void mut_install_handlers(void)
{
    signal(SIGALRM, mut_on_signal);
#if defined(__GNUC__) || defined(__clang__)
    if (__sanitizer_set_death_callback) {
        __sanitizer_set_death_callback(mut_died);
        return; /* the sanitizer handles the fatal signals and reports first */
    }
#endif
    signal(SIGSEGV, mut_on_signal);
    signal(SIGBUS, mut_on_signal);
    signal(SIGFPE, mut_on_signal);
    signal(SIGILL, mut_on_signal);
    signal(SIGABRT, mut_on_signal);
}

/* ---- reading and verifying one input ---- */

typedef struct mut_stats {
    unsigned cases;         /* inputs read */
    unsigned open_errors;   /* refused by paifu_reader_open_buffer */
    unsigned read_errors;   /* refused by paifu_reader_next */
    unsigned games;         /* games read */
    unsigned rules_errors;  /* games whose rule set could not be resolved */
    unsigned verified;      /* games verified */
    unsigned verify_errors; /* games the verifier refused */
    unsigned findings;
} mut_stats;

/* Fail the case: save its bytes, then fail with the case's name and MSG. */
static void mut_fail(const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

static void mut_fail(const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    mut_save("mutation-failure.bin");
    fail_msg("case %s: %s (input saved to mutation-failure.bin)", mut_label, msg);
}

/*
 * A file-level fault has no place inside the input: the bytes are not a log at all, not valid
 * gzip, or too large. Every other error must point into the input.
 */
static bool mut_file_level(const paifu_error *err)
{
    return err->code == PAIFU_ELIMIT || strstr(err->text, "gzip") ||
           strstr(err->text, "unrecognised input") || strstr(err->text, "holds no game");
}

static void mut_check_error(const paifu_error *err, int rc, const char *stage)
{
    const paifu_location *w = &err->where;
    char where[512];
    paifu_location_format(where, sizeof(where), w);
    if (rc >= 0)
        mut_fail("%s: returned %d", stage, rc);
    if (err->code != rc)
        mut_fail("%s: returned %d but the error holds %d (%s)", stage, rc, (int)err->code,
                 err->text);
    if (!err->text[0])
        mut_fail("%s: error %d without a text", stage, rc);
    if (!w->source[0])
        mut_fail("%s: \"%s\" does not name the input", stage, err->text);
    if (!w->line && !w->offset && !w->path[0] && !mut_file_level(err))
        mut_fail("%s: \"%s\" names no place in the input (%s)", stage, err->text, where);
}

static void mut_verify(const paifu_game *g, int index, paifu_report *rep, mut_stats *st)
{
    paifu_error err;
    paifu_error_clear(&err);
    paifu_rules *rules = NULL;
    int rc = paifu_game_rules(&rules, g, "rrc", &err);
    if (rc < 0) {
        if (!err.text[0] || err.code != rc)
            mut_fail("game %d: rule set error %d without a matching text", index, rc);
        st->rules_errors++;
        return;
    }
    paifu_verify_options vo = PAIFU_VERIFY_OPTIONS_INIT;
    vo.source_name = "mutant";
    vo.game_index = index;
    paifu_report_clear(rep);
    paifu_error_clear(&err);
    rc = paifu_verify_game(rep, g, rules, &vo, &err);
    paifu_rules_free(rules);
    if (rc < 0) {
        if (!err.text[0] || err.code != rc)
            mut_fail("game %d: verifier error %d without a matching text", index, rc);
        st->verify_errors++;
        return;
    }
    if (rc != 0)
        mut_fail("game %d: the verifier returned %d", index, rc);
    st->verified++;
    for (size_t i = 0; i < paifu_report_count(rep); i++) {
        const paifu_finding *f = paifu_report_finding(rep, i);
        if (!f->code || !paifu_finding_code_find(f->code) || !f->message[0])
            mut_fail("game %d: finding %zu has no registered code or no message", index, i);
        st->findings++;
    }
}

/*
 * Read DATA (FORMAT forced, or detected when NULL) and verify every game. Returns the number of
 * games read, or -1 when the input was refused.
 */
static int mut_read(const char *data, size_t size, const char *format, paifu_report *rep,
                    mut_stats *st)
{
    paifu_read_options opts = PAIFU_READ_OPTIONS_INIT;
    opts.format = format;
    opts.source_name = "mutant";
    opts.max_inflated = 64u << 20;
    paifu_error err;
    paifu_error_clear(&err);
    paifu_reader *r = NULL;
    mut_data = data;
    mut_size = size;
    st->cases++;
    alarm(MUT_WATCHDOG);
    int rc = paifu_reader_open_buffer(&r, data, size, &opts, &err);
    if (rc < 0) {
        mut_check_error(&err, rc, "open");
        st->open_errors++;
        alarm(0);
        return -1;
    }
    if (rc != 0 || !r)
        mut_fail("open returned %d", rc);
    int games = 0;
    for (;;) {
        const paifu_game *g = NULL;
        paifu_error_clear(&err);
        rc = paifu_reader_next(&g, r, &err);
        if (rc == 0)
            break;
        if (rc < 0) {
            paifu_reader_free(r);
            mut_check_error(&err, rc, "read");
            st->read_errors++;
            alarm(0);
            return -1;
        }
        if (rc != 1 || !g)
            mut_fail("read returned %d", rc);
        if (++games > MUT_MAX_GAMES)
            mut_fail("more than %d games from one input", MUT_MAX_GAMES);
        st->games++;
        mut_verify(g, games - 1, rep, st);
    }
    const paifu_game *g = NULL;
    if (paifu_reader_next(&g, r, &err) != 0 || g)
        mut_fail("the reader did not stay at its end");
    paifu_reader_free(r);
    alarm(0);
    return games;
}

/* The format paifu reads DATA as (static storage), or NULL when it cannot. */
static const char *mut_format_of(const char *data, size_t size)
{
    paifu_reader *r = NULL;
    if (paifu_reader_open_buffer(&r, data, size, NULL, NULL) < 0)
        return NULL;
    const char *f = paifu_reader_format(r);
    paifu_reader_free(r);
    return f;
}

/*
 * How many times more cases to run than the suite does: PAIFU_MUTATION_SCALE in the environment
 * (default 1), for a longer search by hand, e.g. PAIFU_MUTATION_SCALE=100 ./test_mutation.
 */
static unsigned mut_scale(void)
{
    const char *s = getenv("PAIFU_MUTATION_SCALE");
    long v = s ? strtol(s, NULL, 10) : 1;
    return v >= 1 && v <= 1000000 ? (unsigned)v : 1;
}

/*
 * Run the damaged copies of one seed: ROUNDS random cases and CUTS truncations at evenly spaced
 * bytes (both times mut_scale()). The seed itself must read with at least one game. When
 * CUTS_NOTICED, every truncated copy must be refused or give a finding (no silent loss): false
 * only for a seed with nothing to show its end (several documents one after another, optional
 * words at the end of a line).
 */
static void mut_run_seed(const char *name, const char *data, size_t size, unsigned rounds,
                         unsigned cuts, bool cuts_noticed, mut_stats *st)
{
    rounds *= mut_scale();
    cuts *= mut_scale();
    if (cuts > size)
        cuts = (unsigned)size;
    paifu_report *rep = NULL;
    assert_int_equal(paifu_report_new(&rep, NULL), 0);
    const char *format = mut_format_of(data, size);
    if (!format)
        fail_msg("%s: the seed itself is not readable", name);
    snprintf(mut_label, sizeof(mut_label), "%.600s (the seed)", name);
    if (mut_read(data, size, NULL, rep, st) < 1)
        fail_msg("%s: the seed itself reads no game", name);
    for (unsigned k = 0; k < rounds; k++) {
        mut_rng r = mut_rng_for(name, k);
        mut_buf b = {malloc(size + 1), size};
        if (!b.s)
            abort();
        memcpy(b.s, data, size);
        b.s[size] = '\0';
        const mut_kind *first = &MUT_KINDS[k % MUT_N_KINDS], *second = NULL;
        first->apply(&b, &r);
        if (mut_below(&r, 4) == 0) {
            second = &MUT_KINDS[mut_below(&r, MUT_N_KINDS)];
            second->apply(&b, &r);
        }
        snprintf(mut_label, sizeof(mut_label), "%.600s #%u (%s%s%s%s)", name, k, first->name,
                 second ? " + " : "", second ? second->name : "", k % 2 ? ", format forced" : "");
        mut_read(b.s, b.n, k % 2 ? format : NULL, rep, st);
        free(b.s);
    }
    for (unsigned c = 1; c <= cuts; c++) {
        size_t at = (size_t)((uint64_t)size * c / (cuts + 1));
        snprintf(mut_label, sizeof(mut_label), "%.600s cut at byte %zu of %zu", name, at, size);
        unsigned findings = st->findings;
        int games = mut_read(data, at, c % 2 ? format : NULL, rep, st);
        if (cuts_noticed && games > 0 && st->findings == findings)
            mut_fail("the first %zu of %zu bytes read as %d games without a finding", at, size,
                     games);
    }
    paifu_report_free(rep);
    mut_label[0] = '\0';
    mut_data = NULL;
}

static void mut_print_stats(const char *what, const mut_stats *st)
{
    printf("%s: %u inputs (%u refused at open, %u in a game), %u games (%u without rules), "
           "%u verified with %u findings, %u refused by the verifier\n",
           what, st->cases, st->open_errors, st->read_errors, st->games, st->rules_errors,
           st->verified, st->findings, st->verify_errors);
}

/* ---- files ---- */

/* The bytes of PATH, NUL-terminated; NULL when it cannot be read. Owned by the caller. */
static char *mut_load(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *s = malloc(cap + 1);
    while (s) {
        n += fread(s + n, 1, cap - n, f);
        if (n < cap)
            break;
        cap *= 2;
        char *p = realloc(s, cap + 1);
        if (!p) {
            free(s);
            s = NULL;
            break;
        }
        s = p;
    }
    fclose(f);
    if (s) {
        s[n] = '\0';
        *size = n;
    }
    return s;
}

#endif
