/* error_internal.h: helpers behind paifu_error shared inside lib/. */
#ifndef PAIFU_ERROR_INTERNAL_H
#define PAIFU_ERROR_INTERNAL_H

#include "paifu/error.h"
#include <stdarg.h>

int paifu_error__vset(paifu_error *err, paifu_error_code code, const paifu_location *where,
                      const char *fmt, va_list ap)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 4, 0)))
#endif
    ;

/*
 * Argument checks: a library never aborts its host over a bad argument, so this returns
 * PAIFU_EINVAL in every build (STYLE.md asks for assert() in debug builds; we prefer one
 * behaviour, so that the tests of the EINVAL paths run in every build).
 */
#define PAIFU_ASSERT_ARG(expr, err)                                                                \
    do {                                                                                           \
        if (!(expr))                                                                               \
            return paifu_error_set((err), PAIFU_EINVAL, NULL, "invalid argument: %s", #expr);     \
    } while (0)

#endif
