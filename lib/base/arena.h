/*
 * arena.h: a chunked bump allocator (one per game).
 *
 * Many small allocations, freed together. Pages of about 64 KiB are chained; a request larger
 * than a page gets its own chunk. Reset keeps the first page for reuse and frees the others,
 * so a streaming reader's memory stays constant. Model: libgit2's git_pool.
 *
 * With PAIFU_DEBUG_ARENA every allocation is its own malloc (chained in a list), so
 * AddressSanitizer sees overruns and use after reset.
 */
#ifndef PAIFU_ARENA_H
#define PAIFU_ARENA_H

#include <stddef.h>

typedef struct paifu_arena_chunk paifu_arena_chunk;

typedef struct paifu_arena {
    paifu_arena_chunk *head; /* current chunk; older ones follow via ->next */
    size_t used;             /* bytes used in head */
    size_t total;            /* bytes handed out since the last reset (statistics) */
} paifu_arena;

void paifu_arena__init(paifu_arena *arena);
void paifu_arena__free(paifu_arena *arena);
void paifu_arena__reset(paifu_arena *arena);

/* Aligned to max_align_t. Returns NULL on overflow or out of memory. */
void *paifu_arena__alloc(paifu_arena *arena, size_t size);
void *paifu_arena__calloc(paifu_arena *arena, size_t n, size_t size);

/*
 * Grow an array that lives in the arena to hold at least NEED elements of SIZE bytes, doubling.
 * *PTR and *CAP are updated; the old block is abandoned (freed at reset). Returns 0 or -1.
 */
int paifu_arena__grow(paifu_arena *arena, void **ptr, size_t *cap, size_t need, size_t size);

char *paifu_arena__strndup(paifu_arena *arena, const char *s, size_t n);

#endif
