/*
 * text_file.h: a whole file read into a NUL-terminated buffer, for the tests that edit logs as
 * text (test_fault_injection.c, test_sheet_fault_injection.c, test_rules_doc.c).
 */
#ifndef PAIFU_TEST_TEXT_FILE_H
#define PAIFU_TEST_TEXT_FILE_H

#include <stdio.h>
#include <stdlib.h>

typedef struct file_text {
    char *s;
    size_t n;
} file_text;

/* PATH's bytes (free t.s); t.s NULL when it cannot be read. */
static inline file_text load(const char *path)
{
    file_text t = {0};
    FILE *f = fopen(path, "rb");
    if (!f)
        return t;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    t.s = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (t.s && fread(t.s, 1, (size_t)n, f) == (size_t)n) {
        t.n = (size_t)n;
        t.s[n] = '\0';
    } else {
        free(t.s);
        t.s = NULL;
    }
    fclose(f);
    return t;
}

#endif
