/*
 * alloc_fail.c: allocation-failure injection for the test-only CLI paifu_allocfail.
 *
 * The program is the paifu CLI linked statically with lib/ and formats/ and with
 * -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=strdup,--wrap=strndup: every call of
 * those functions from paifu's own objects (lib/, formats/, cli/; not from libc, libxml2,
 * jansson's own code or zlib, whose calls are not wrapped) comes here and is counted. With
 * PAIFU_ALLOC_FAIL=N in the environment the N-th call (from 1) returns NULL as if memory ran
 * out, and every other call succeeds; with PAIFU_ALLOC_COUNT set the count is printed on stderr
 * at exit ("paifu-alloc: N calls"). tests/alloc/alloc_fail.py runs the CLI for each N and checks
 * that every failure ends in a clean error. PAIFU_ALLOC_TRACE=1 prints the call stack of the
 * failed call (glibc; addresses: resolve them with addr2line -e paifu_allocfail).
 */
#define _DEFAULT_SOURCE /* glibc's backtrace() */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc_fail.h"
#ifdef __GLIBC__
#include <execinfo.h>
#endif

void *__real_malloc(size_t size);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t size);
char *__real_strdup(const char *s);
char *__real_strndup(const char *s, size_t n);
void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t size);
char *__wrap_strdup(const char *s);
char *__wrap_strndup(const char *s, size_t n);

static atomic_ulong calls;
static unsigned long fail_at; /* 0: never */
static int state;             /* 0: environment not read yet */
static int trace;
static atomic_int failed;

static void print_count(void)
{
    fprintf(stderr, "paifu-alloc: %lu calls\n", (unsigned long)atomic_load(&calls));
}

static void init(void)
{
    /* getenv() does not allocate; a race between two first calls reads the same values */
    const char *n = getenv("PAIFU_ALLOC_FAIL");
    fail_at = n ? strtoul(n, NULL, 10) : 0;
    if (getenv("PAIFU_ALLOC_COUNT"))
        atexit(print_count);
    trace = getenv("PAIFU_ALLOC_TRACE") != NULL;
    state = 1;
}

/* true when this call is the one to fail */
static int fail_now(void)
{
    if (!state)
        init();
    unsigned long k = atomic_fetch_add(&calls, 1) + 1;
    if (!fail_at || k != fail_at)
        return 0;
    atomic_store(&failed, 1);
#ifdef __GLIBC__
    if (trace) {
        void *frames[32];
        backtrace_symbols_fd(frames, backtrace(frames, 32), 2);
    }
#endif
    return 1;
}

unsigned long paifu_alloc_calls(void)
{
    return atomic_load(&calls);
}

void paifu_alloc_fail_in(unsigned long n)
{
    if (!state)
        init(); /* the environment is read once: it does not override this */
    atomic_store(&failed, 0);
    fail_at = n ? atomic_load(&calls) + n : 0;
}

int paifu_alloc_failed(void)
{
    return atomic_load(&failed);
}

void *__wrap_malloc(size_t size)
{
    return fail_now() ? NULL : __real_malloc(size);
}

void *__wrap_calloc(size_t n, size_t size)
{
    return fail_now() ? NULL : __real_calloc(n, size);
}

void *__wrap_realloc(void *p, size_t size)
{
    return fail_now() ? NULL : __real_realloc(p, size);
}

char *__wrap_strdup(const char *s)
{
    return fail_now() ? NULL : __real_strdup(s);
}

char *__wrap_strndup(const char *s, size_t n)
{
    return fail_now() ? NULL : __real_strndup(s, n);
}
