/*
 * paifu/common.h: export macros, error codes and library version.
 *
 * Every public header includes this one. Functions that can fail return int: 0 on success,
 * a negative PAIFU_E* code on failure (see paifu/error.h for the details a caller gets).
 */
#ifndef PAIFU_COMMON_H
#define PAIFU_COMMON_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
#define PAIFU_BEGIN_DECL extern "C" {
#define PAIFU_END_DECL   }
#else
#define PAIFU_BEGIN_DECL
#define PAIFU_END_DECL
#endif

#if defined(__GNUC__) || defined(__clang__)
#define PAIFU_EXTERN __attribute__((visibility("default")))
#else
#define PAIFU_EXTERN
#endif

PAIFU_BEGIN_DECL

/** Error codes. Functions return 0 for success or one of these (all negative). */
typedef enum paifu_error_code {
    PAIFU_OK           = 0,
    PAIFU_ERROR        = -1, /**< generic failure */
    PAIFU_ENOMEM       = -2, /**< out of memory */
    PAIFU_EIO          = -3, /**< reading or writing a file failed */
    PAIFU_EFORMAT      = -4, /**< malformed input */
    PAIFU_EUNSUPPORTED = -5, /**< valid input that paifu does not handle */
    PAIFU_ELIMIT       = -6, /**< a size, count or depth cap was hit */
    PAIFU_EINVAL       = -7, /**< API misuse or invalid argument */
    PAIFU_EINTERNAL    = -8  /**< a bug in paifu: an impossible state was reached */
} paifu_error_code;

/** Number of seats an array in the model always has room for (3-player games leave seat 3 empty). */
#define PAIFU_SEATS 4

/**
 * Version of the running library as "MAJOR.MINOR.PATCH". Compare with PAIFU_VERSION_STRING from
 * paifu/version.h to detect a header/library mismatch.
 */
PAIFU_EXTERN const char *paifu_version(void);

/**
 * Initialise process-wide state of the libraries paifu uses (libxml2's parser). Call once from
 * the main thread before starting threads that use paifu. Calling it again is harmless.
 */
PAIFU_EXTERN void paifu_init(void);

PAIFU_END_DECL

#endif
