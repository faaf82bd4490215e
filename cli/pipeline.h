/*
 * pipeline.h: work units handed out in order to N worker threads, taken back in the same order
 * (cli/pipeline.c). The calling thread produces units and consumes them as they come out
 * done, so the output of a parallel run is that of a serial one, and at most WINDOW units are
 * held at once, whatever the size of the input.
 */
#ifndef PAIFU_CLI_PIPELINE_H
#define PAIFU_CLI_PIPELINE_H

#include <stdbool.h>
#include <stddef.h>

typedef struct cli_pipeline cli_pipeline;

/* WORK(CTX, UNIT) runs in a worker thread for each unit pushed with work. */
typedef void (*cli_work_fn)(void *ctx, void *unit);

/* Start JOBS workers (at most 64) over a window of WINDOW units; NULL when out of memory or
   no thread starts (the caller then works alone). */
cli_pipeline *cli_pipeline_start(long jobs, size_t window, cli_work_fn work, void *ctx);
/* Whether the window is full (pop before pushing). */
bool cli_pipeline_full(const cli_pipeline *p);
/* Add UNIT at the end; WORK false: a marker (it only keeps its place: done once the workers
   have passed it). */
void cli_pipeline_push(cli_pipeline *p, void *unit, bool work);
/* The oldest unit once it is done (waiting for it), or NULL when none is held. */
void *cli_pipeline_pop(cli_pipeline *p);
/* Stop the workers (every unit popped) and free P. */
void cli_pipeline_stop(cli_pipeline *p);

#endif
