/*
 * progress.c: one status line on stderr for long batches, rewritten in place four times a
 * second by a thread of its own, so the batch itself only bumps counters (relaxed atomics) and
 * is not slowed. Shown only when stderr is a terminal and the caller asks for it (not with -q
 * or a machine-readable format).
 */
#include "cli.h"

#include <pthread.h>
#include <stdatomic.h>
#include <time.h>
#include <unistd.h>

static struct {
    bool on;
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t wake;
    bool stop;
    struct timespec start;
    _Atomic uint64_t files_total; /* files found so far (a walk hands them out as it goes) */
    _Atomic uint64_t files, games, findings, members, members_total;
} P = {.lock = PTHREAD_MUTEX_INITIALIZER, .wake = PTHREAD_COND_INITIALIZER};

static double since_start(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - P.start.tv_sec) + (double)(now.tv_nsec - P.start.tv_nsec) / 1e9;
}

static void draw(void)
{
    uint64_t files = atomic_load_explicit(&P.files, memory_order_relaxed);
    uint64_t games = atomic_load_explicit(&P.games, memory_order_relaxed);
    uint64_t findings = atomic_load_explicit(&P.findings, memory_order_relaxed);
    uint64_t members = atomic_load_explicit(&P.members, memory_order_relaxed);
    uint64_t mtotal = atomic_load_explicit(&P.members_total, memory_order_relaxed);
    double t = since_start();
    double rate = t > 0 ? (double)games / t : 0;
    char left[48] = "";
    /* the fraction done: members of databases when their total is known, else files */
    uint64_t ftotal = atomic_load_explicit(&P.files_total, memory_order_relaxed);
    double frac = mtotal   ? (double)members / (double)mtotal
                  : ftotal ? (double)files / (double)ftotal
                           : 0;
    if (frac > 0.001 && frac < 1) {
        long s = (long)(t / frac * (1 - frac));
        snprintf(left, sizeof(left), ", %ldm%02lds left", s / 60, s % 60);
    }
    char games_text[48];
    if (mtotal)
        snprintf(games_text, sizeof(games_text), "%llu/%llu logs", (unsigned long long)members,
                 (unsigned long long)mtotal);
    else
        snprintf(games_text, sizeof(games_text), "%llu games", (unsigned long long)games);
    fprintf(stderr, "\r\033[Kpaifu: %llu/%llu files, %s, %.0f games/s, %llu findings%s",
            (unsigned long long)files, (unsigned long long)ftotal, games_text, rate,
            (unsigned long long)findings, left);
    fflush(stderr);
}

static void *run(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&P.lock);
    while (!P.stop) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += 250000000L;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&P.wake, &P.lock, &until);
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
    P.stop = false;
    draw(); /* at once: a batch shorter than a tick still shows where it is */
    P.on = pthread_create(&P.thread, NULL, run, NULL) == 0;
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
    if (P.on)
        atomic_fetch_add_explicit(&P.files_total, files, memory_order_relaxed);
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

void cli_progress_lock(void)
{
    if (!P.on)
        return;
    pthread_mutex_lock(&P.lock);
    fputs("\r\033[K", stderr);
}

void cli_progress_unlock(void)
{
    if (P.on)
        pthread_mutex_unlock(&P.lock);
}

void cli_progress_stop(void)
{
    if (!P.on)
        return;
    pthread_mutex_lock(&P.lock);
    P.stop = true;
    pthread_cond_signal(&P.wake);
    pthread_mutex_unlock(&P.lock);
    pthread_join(P.thread, NULL);
    fputs("\r\033[K", stderr);
    fflush(stderr);
    P.on = false;
}
