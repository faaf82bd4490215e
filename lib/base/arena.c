/*
 * arena.c: chunked bump allocator; see arena.h for the contract.
 */
#include "arena.h"

#include <stdalign.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define PAGE_SIZE ((size_t)64 * 1024)
#define ALIGN     (alignof(max_align_t))

struct paifu_arena_chunk {
    paifu_arena_chunk *next;
    size_t size; /* usable bytes after the header */
    alignas(max_align_t) unsigned char data[];
};

void paifu_arena__init(paifu_arena *arena)
{
    arena->head = NULL;
    arena->used = 0;
    arena->total = 0;
}

static void free_chain(paifu_arena_chunk *c)
{
    while (c) {
        paifu_arena_chunk *next = c->next;
        free(c);
        c = next;
    }
}

void paifu_arena__free(paifu_arena *arena)
{
    free_chain(arena->head);
    paifu_arena__init(arena);
}

void paifu_arena__reset(paifu_arena *arena)
{
#ifdef PAIFU_DEBUG_ARENA
    paifu_arena__free(arena);
#else
    /* Keep the oldest page-sized chunk (the tail of the chain), free the rest. */
    paifu_arena_chunk *c = arena->head, *keep = NULL;
    while (c) {
        paifu_arena_chunk *next = c->next;
        if (!next && c->size == PAGE_SIZE)
            keep = c;
        else
            free(c);
        c = next;
    }
    if (keep)
        keep->next = NULL;
    arena->head = keep;
    arena->used = 0;
    arena->total = 0;
#endif
}

static paifu_arena_chunk *new_chunk(size_t size)
{
    if (size > SIZE_MAX - sizeof(paifu_arena_chunk))
        return NULL;
    paifu_arena_chunk *c = malloc(sizeof(paifu_arena_chunk) + size);
    if (!c)
        return NULL;
    c->next = NULL;
    c->size = size;
    return c;
}

void *paifu_arena__alloc(paifu_arena *arena, size_t size)
{
    if (size == 0)
        size = 1;
    if (size > SIZE_MAX - ALIGN)
        return NULL;
    size = (size + ALIGN - 1) & ~(ALIGN - 1);
    arena->total += size;
#ifdef PAIFU_DEBUG_ARENA
    paifu_arena_chunk *d = new_chunk(size);
    if (!d)
        return NULL;
    d->next = arena->head;
    arena->head = d;
    return d->data;
#else
    if (arena->head && arena->head->size - arena->used >= size) {
        void *p = arena->head->data + arena->used;
        arena->used += size;
        return p;
    }
    if (size > PAGE_SIZE / 4) {
        /* A big block gets its own chunk behind the current page, which stays current. */
        paifu_arena_chunk *big = new_chunk(size);
        if (!big)
            return NULL;
        if (arena->head) {
            big->next = arena->head->next;
            arena->head->next = big;
        } else {
            arena->head = big;
            arena->used = size;
        }
        return big->data;
    }
    paifu_arena_chunk *c = new_chunk(PAGE_SIZE);
    if (!c)
        return NULL;
    c->next = arena->head;
    arena->head = c;
    arena->used = size;
    return c->data;
#endif
}

void *paifu_arena__calloc(paifu_arena *arena, size_t n, size_t size)
{
    if (size && n > SIZE_MAX / size)
        return NULL;
    void *p = paifu_arena__alloc(arena, n * size);
    if (p)
        memset(p, 0, n * size);
    return p;
}

int paifu_arena__grow(paifu_arena *arena, void **ptr, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return 0;
    size_t ncap = *cap ? *cap : 8;
    while (ncap < need) {
        if (ncap > SIZE_MAX / 2)
            return -1;
        ncap *= 2;
    }
    if (size && ncap > SIZE_MAX / size)
        return -1;
    void *p = paifu_arena__alloc(arena, ncap * size);
    if (!p)
        return -1;
    if (*ptr && *cap)
        memcpy(p, *ptr, *cap * size);
    *ptr = p;
    *cap = ncap;
    return 0;
}

char *paifu_arena__strndup(paifu_arena *arena, const char *s, size_t n)
{
    char *p = paifu_arena__alloc(arena, n + 1);
    if (!p)
        return NULL;
    if (n)
        memcpy(p, s, n);
    p[n] = '\0';
    return p;
}
