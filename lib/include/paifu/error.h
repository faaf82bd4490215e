/*
 * paifu/error.h: the one error-reporting style of paifu.
 *
 * A paifu_error is allocated by the caller (usually on the stack) and passed as the last
 * argument; every function also accepts NULL. The first error wins: once set, later errors
 * leave it alone, so the text names the cause, not a consequence. Findings of the verifier
 * (paifu_finding, paifu/verify.h) use the same paifu_location.
 */
#ifndef PAIFU_ERROR_H
#define PAIFU_ERROR_H

#include "common.h"

PAIFU_BEGIN_DECL

/**
 * Where something happened in an input. Unknown parts are 0 or "" (event: -1). The C API keeps
 * indexes 0-based (game, event, as paifu_game_deal() and the deal's events are indexed); every
 * output (the CLI's text, JSON and JSON lines, export, the Python package) numbers games,
 * deals and events from 1: game + 1, event + 1.
 */
typedef struct paifu_location {
    char source[256];    /**< file name, "-" for stdin; the tail is kept if too long */
    uint32_t line;       /**< 1-based line; 0 = unknown */
    uint32_t column;     /**< 1-based column; 0 = unknown */
    uint64_t offset;     /**< byte offset in the (decompressed) input; 0 = unknown */
    char path[96];       /**< "$.log[2][5][3]" or "mjloggm/AGARI[2]@ten"; "" if none */
    int32_t game;        /**< 0-based game index within the file, or within the log database's
                              or archive's member `source` names; -1 = unknown */
    char deal[16];       /**< deal label such as "E2-1" (round, hand, honba); "" outside a deal */
    int32_t event;       /**< 0-based event index in the deal; -1 = none */
} paifu_location;

/** A reported error: code, location and a message that says what was expected and found. */
typedef struct paifu_error {
    paifu_error_code code; /**< PAIFU_OK while nothing was reported */
    paifu_location where;
    char text[200]; /**< lowercase, no final period */
} paifu_error;

/** Reset ERR to "no error" (code PAIFU_OK, empty location, event -1, game -1). NULL is a no-op. */
PAIFU_EXTERN void paifu_error_clear(paifu_error *err);

/** Reset a location to "unknown" (event -1, game -1, everything else empty). */
PAIFU_EXTERN void paifu_location_clear(paifu_location *where);

/** Copy SOURCE into WHERE->source; a name too long keeps its tail behind "...". */
PAIFU_EXTERN void paifu_location_set_source(paifu_location *where, const char *source);

/**
 * Set ERR unless it already holds an error (the first error wins). The location parts are
 * copied from WHERE when it is not NULL. Returns CODE, so a caller can write
 * `return paifu_error_set(err, PAIFU_EFORMAT, &where, "expected ...");`.
 */
PAIFU_EXTERN int paifu_error_set(paifu_error *err, paifu_error_code code,
                                 const paifu_location *where, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/** Short English name of an error code ("format error", "out of memory", ...). */
PAIFU_EXTERN const char *paifu_error_code_name(paifu_error_code code);

/**
 * Render a location as "SOURCE:LINE:COL" followed by " [game G, deal D, event E, at PATH]" with
 * the unknown parts dropped. Returns the length the full text would have (like snprintf).
 */
PAIFU_EXTERN int paifu_location_format(char *buf, size_t size, const paifu_location *where);

PAIFU_END_DECL

#endif
