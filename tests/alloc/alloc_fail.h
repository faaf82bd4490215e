/*
 * alloc_fail.h: the allocation-failure hook of alloc_fail.c, for a test program linked with
 * -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=strdup,--wrap=strndup.
 */
#ifndef PAIFU_TEST_ALLOC_FAIL_H
#define PAIFU_TEST_ALLOC_FAIL_H

/* The calls counted so far (every wrapped call, failed or not). */
unsigned long paifu_alloc_calls(void);
/* Fail the N-th call from now (1: the next one); 0 fails none. */
void paifu_alloc_fail_in(unsigned long n);
/* Whether the call set to fail has been made (and failed). */
int paifu_alloc_failed(void);

#endif
