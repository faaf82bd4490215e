/*
 * progress.c: one status line on stderr for long batches, drawn by a thread of its own at most
 * 8 times a second (every 125 ms), so the batch itself only bumps counters (relaxed atomics) and
 * is not slowed, and the line looks the same at any -j. Shown only when stderr is a terminal and
 * the caller asks for it (not with -q or a machine-readable format).
 *
 * The line is redrawn in place ("\r" then the text then "erase to the end of the line"), never
 * blanked first, so it stays on screen between draws. It is taken off only to print a line on
 * the same terminal (cli_progress_lock), and comes back at the next tick.
 *
 * The total is known up front (a list of files), or counted by a second thread that walks the
 * operands' directories by name only (cli_progress_count): until it is done the line says
 * "walking: N files found", with no total and no time left.
 */
#include "cli.h"

#include <pthread.h>
#include <stdint.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#define TICK_NS 125000000L

static struct {
    bool on;
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t wake;
    bool stop;
    bool drawn; /* the line is on screen (under lock) */
    bool stdout_tty;
    struct timespec start;
    /* the counting walk (cli_progress_count) */
    bool counting;
    pthread_t counter;
    char **args;
    int n_args;
    _Atomic bool counter_stop;
    _Atomic bool total_known;
    _Atomic uint64_t files_total; /* files to go through, once known (found so far before) */
    _Atomic uint64_t files, games, findings, members, members_total;
} P = {.lock = PTHREAD_MUTEX_INITIALIZER, .wake = PTHREAD_COND_INITIALIZER};

static double since_start(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - P.start.tv_sec) + (double)(now.tv_nsec - P.start.tv_nsec) / 1e9;
}

/* N with thousands separators ("36,082"), as every output writes numbers (paifu_points_text). */
static const char *thousands(char *buf, size_t size, uint64_t n)
{
    return paifu_points_text(buf, size, n > INT64_MAX ? INT64_MAX : (int64_t)n, false);
}

/* The line's text (no control characters: numbers and fixed words only). */
static void line_text(char *out, size_t size)
{
    uint64_t files = atomic_load_explicit(&P.files, memory_order_relaxed);
    uint64_t games = atomic_load_explicit(&P.games, memory_order_relaxed);
    uint64_t findings = atomic_load_explicit(&P.findings, memory_order_relaxed);
    uint64_t members = atomic_load_explicit(&P.members, memory_order_relaxed);
    uint64_t mtotal = atomic_load_explicit(&P.members_total, memory_order_relaxed);
    uint64_t ftotal = atomic_load_explicit(&P.files_total, memory_order_relaxed);
    bool known = atomic_load(&P.total_known);
    double t = since_start();
    double rate = t > 0 ? (double)games / t : 0;
    char a[32], b[32], c[32], d[32];
    char left[48] = "";
    /* the fraction done, once a total is known: members of databases, else files */
    double frac = mtotal            ? (double)members / (double)mtotal
                  : known && ftotal ? (double)files / (double)ftotal
                                    : 0;
    if (frac > 0.001 && frac < 1 && t >= 1) {
        long s = (long)(t / frac * (1 - frac));
        snprintf(left, sizeof(left), ", %ldm%02lds left", s / 60, s % 60);
    }
    char head[96];
    if (known)
        snprintf(head, sizeof(head), "%s/%s files", thousands(a, sizeof(a), files),
                 thousands(b, sizeof(b), ftotal));
    else
        snprintf(head, sizeof(head), "walking: %s files found, %s done",
                 thousands(a, sizeof(a), ftotal), thousands(b, sizeof(b), files));
    char games_text[64];
    if (mtotal) {
        if (snprintf(games_text, sizeof(games_text), "%s/%s logs",
                     thousands(c, sizeof(c), members), thousands(d, sizeof(d), mtotal)) < 0)
            games_text[0] = '\0';
    } else
        snprintf(games_text, sizeof(games_text), "%s games", thousands(c, sizeof(c), games));
    /* a line cut to the terminal's width is what it should be: the lengths are not checked */
    if (snprintf(out, size, "paifu: %s, %s, %.0f games/s, %s finding%s%s", head, games_text, rate,
                 thousands(d, sizeof(d), findings), findings == 1 ? "" : "s", left) < 0)
        out[0] = '\0';
}

/* Draw the line over itself (under the lock): no blank moment between two draws. */
static void draw(void)
{
    char text[256], esc[1024] = "", line[1100];
    line_text(text, sizeof(text));
    FILE *m = fmemopen(esc, sizeof(esc) - 1, "w");
    if (m) {
        cli_text(m, text); /* the one function every line goes through */
        fclose(m);
    }
    /* one write: stderr is unbuffered, and a terminal (or a recording) must never see the
       line's start without its text */
    snprintf(line, sizeof(line), "\r%s\033[K", esc);
    fputs(line, stderr);
    fflush(stderr);
    P.drawn = true;
}

static void *run(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&P.lock);
    while (!P.stop) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += TICK_NS;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        /* the one place the line is drawn, once a tick (a wake-up before the tick is a stop) */
        while (!P.stop && pthread_cond_timedwait(&P.wake, &P.lock, &until) == 0)
            ;
        if (!P.stop)
            draw();
    }
    pthread_mutex_unlock(&P.lock);
    return NULL;
}

void cli_progress_start(bool wanted, size_t files_total)
{
    if (!wanted || !isatty(STDERR_FILENO))
        return;
    clock_gettime(CLOCK_MONOTONIC, &P.start);
    atomic_store(&P.files_total, files_total);
    atomic_store(&P.total_known, files_total > 0);
    P.stdout_tty = isatty(STDOUT_FILENO);
    P.stop = false;
    pthread_mutex_lock(&P.lock);
    draw(); /* at once: a batch shorter than a tick still shows where it is */
    pthread_mutex_unlock(&P.lock);
    P.on = pthread_create(&P.thread, NULL, run, NULL) == 0;
    if (!P.on) {
        fputs("\r\033[K", stderr);
        P.drawn = false;
    }
}

/* The counting walk: every file of the operands by name (a directory's members without
   reading them, as --from takes them), then the total is known. */
static void *count(void *arg)
{
    (void)arg;
    cli_walk w;
    cli_walk_start(&w, P.args, P.n_args, true);
    w.silent = true; /* the walk that reads says what is wrong */
    size_t rel;
    uint64_t n = 0;
    while (!atomic_load(&P.counter_stop) && cli_walk_next(&w, &rel)) {
        n++;
        atomic_store_explicit(&P.files_total, n, memory_order_relaxed);
    }
    cli_walk_end(&w);
    cli_skips_free(&w.skips);
    if (!atomic_load(&P.counter_stop))
        atomic_store(&P.total_known, true);
    return NULL;
}

void cli_progress_count(char **args, int n)
{
    if (!P.on)
        return;
    P.args = args;
    P.n_args = n;
    atomic_store(&P.files_total, 0);
    atomic_store(&P.total_known, false);
    atomic_store(&P.counter_stop, false);
    P.counting = pthread_create(&P.counter, NULL, count, NULL) == 0;
}

void cli_progress_add(uint64_t files, uint64_t games, uint64_t findings)
{
    if (!P.on)
        return;
    atomic_fetch_add_explicit(&P.files, files, memory_order_relaxed);
    atomic_fetch_add_explicit(&P.games, games, memory_order_relaxed);
    atomic_fetch_add_explicit(&P.findings, findings, memory_order_relaxed);
}

void cli_progress_found(uint64_t files)
{
    (void)files; /* the total comes from the list or the counting walk, not from the files
                    handed out so far (it read "1015/1034 files" with 0m00s left) */
}

void cli_progress_members(const paifu_reader *r, uint64_t *seen_total)
{
    uint64_t done, total;
    if (!P.on || !paifu_reader_members(r, &done, &total, NULL))
        return;
    if (total != *seen_total) {
        atomic_fetch_add_explicit(&P.members_total, total - *seen_total, memory_order_relaxed);
        *seen_total = total;
    }
    atomic_fetch_add_explicit(&P.members, 1, memory_order_relaxed);
}

bool cli_progress_shares(FILE *f)
{
    return P.on && (f == stderr || (f == stdout && P.stdout_tty));
}

void cli_progress_lock(void)
{
    if (!P.on)
        return;
    pthread_mutex_lock(&P.lock);
    if (P.drawn) { /* a line is about to be printed on the terminal: the status line goes */
        fputs("\r\033[K", stderr);
        fflush(stderr);
        P.drawn = false;
    }
}

void cli_progress_unlock(void)
{
    if (P.on) {
        fflush(stdout);
        pthread_mutex_unlock(&P.lock);
    }
}

void cli_progress_stop(void)
{
    if (!P.on)
        return;
    if (P.counting) {
        atomic_store(&P.counter_stop, true);
        pthread_join(P.counter, NULL);
        P.counting = false;
    }
    pthread_mutex_lock(&P.lock);
    P.stop = true;
    pthread_cond_signal(&P.wake);
    pthread_mutex_unlock(&P.lock);
    pthread_join(P.thread, NULL);
    if (P.drawn)
        fputs("\r\033[K", stderr);
    fflush(stderr);
    P.drawn = false;
    P.on = false;
}
