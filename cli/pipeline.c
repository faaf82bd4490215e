/*
 * pipeline.c: a ring of WINDOW units, claimed in order by the workers and popped in order by
 * the thread that pushes them (pipeline.h).
 */
#include "pipeline.h"

#include <pthread.h>
#include <stdlib.h>

typedef struct slot {
    void *unit;
    bool work, done;
} slot;

struct cli_pipeline {
    slot *ring;
    size_t window;
    size_t pushed, claimed, popped; /* counters; slot i is ring[i % window] */
    bool stopping;
    cli_work_fn work;
    void *ctx;
    pthread_mutex_t lock;
    pthread_cond_t more; /* a unit was pushed, or stopping */
    pthread_cond_t done; /* the unit the popping thread waits for is done */
    size_t idle;         /* workers waiting on more: a push wakes one only if there is one */
    const slot *waited;  /* the slot pop waits for, or NULL: a worker wakes it only for that
                            one (a wake per finished unit cost 7-10% of a -j 2 run in the
                            kernel's scheduler, perf, for units of one game each) */
    pthread_t threads[64];
    size_t started;
};

static void *worker(void *arg)
{
    cli_pipeline *p = arg;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        /* a marker is done once the workers have passed it: before that its slot is not
           popped, so it is not reused while a worker may still look at it */
        bool passed = false;
        while (p->claimed < p->pushed && !p->ring[p->claimed % p->window].work) {
            p->ring[p->claimed++ % p->window].done = true;
            passed = true;
        }
        if (passed && p->waited)
            pthread_cond_signal(&p->done);
        if (p->claimed == p->pushed) {
            if (p->stopping)
                break;
            p->idle++;
            pthread_cond_wait(&p->more, &p->lock);
            p->idle--;
            continue;
        }
        slot *s = &p->ring[p->claimed++ % p->window];
        pthread_mutex_unlock(&p->lock);
        p->work(p->ctx, s->unit);
        pthread_mutex_lock(&p->lock);
        s->done = true;
        if (p->waited == s)
            pthread_cond_signal(&p->done);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

cli_pipeline *cli_pipeline_start(long jobs, size_t window, cli_work_fn work, void *ctx)
{
    cli_pipeline *p = calloc(1, sizeof(*p));
    if (!p || !(p->ring = calloc(window, sizeof(*p->ring)))) {
        free(p);
        return NULL;
    }
    p->window = window;
    p->work = work;
    p->ctx = ctx;
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->more, NULL);
    pthread_cond_init(&p->done, NULL);
    for (long t = 0; t < jobs && t < 64; t++)
        if (pthread_create(&p->threads[p->started], NULL, worker, p) == 0)
            p->started++;
    if (!p->started) {
        cli_pipeline_stop(p);
        return NULL;
    }
    return p;
}

bool cli_pipeline_full(const cli_pipeline *p)
{
    return p->pushed - p->popped == p->window; /* only this thread moves pushed and popped */
}

void cli_pipeline_push(cli_pipeline *p, void *unit, bool work)
{
    pthread_mutex_lock(&p->lock);
    p->ring[p->pushed % p->window] = (slot){unit, work, false};
    p->pushed++;
    if (p->idle)
        pthread_cond_signal(&p->more);
    pthread_mutex_unlock(&p->lock);
}

void *cli_pipeline_pop(cli_pipeline *p)
{
    if (p->popped == p->pushed)
        return NULL;
    slot *s = &p->ring[p->popped % p->window];
    pthread_mutex_lock(&p->lock);
    p->waited = s;
    while (!s->done)
        pthread_cond_wait(&p->done, &p->lock);
    p->waited = NULL;
    pthread_mutex_unlock(&p->lock);
    p->popped++;
    return s->unit;
}

void cli_pipeline_stop(cli_pipeline *p)
{
    if (!p)
        return;
    pthread_mutex_lock(&p->lock);
    p->stopping = true;
    pthread_cond_broadcast(&p->more);
    pthread_mutex_unlock(&p->lock);
    for (size_t t = 0; t < p->started; t++)
        pthread_join(p->threads[t], NULL);
    pthread_mutex_destroy(&p->lock);
    pthread_cond_destroy(&p->more);
    pthread_cond_destroy(&p->done);
    free(p->ring);
    free(p);
}
