/*
 * sha512.h: SHA-512 (FIPS 180-4 §6.4), private to formats/.
 *
 * Tenhou's wall generator hashes blocks of Mersenne Twister output with SHA-512 (see
 * mjlog_shuffle.c). paifu carries its own implementation so that the library needs no crypto
 * dependency; it is not meant for security purposes and makes no attempt at constant time.
 */
#ifndef PAIFU_FORMATS_SHA512_H
#define PAIFU_FORMATS_SHA512_H

#include <stddef.h>
#include <stdint.h>

#define PAIFU_SHA512_DIGEST 64 /* bytes in a digest */

/* Incremental state: feed any number of bytes with __update, then __final. */
typedef struct paifu_sha512 {
    uint64_t h[8];      /* intermediate hash value H(i) */
    uint64_t bytes;     /* message bytes so far (messages below 2^64 bytes only) */
    uint8_t block[128]; /* pending bytes of the current 1024-bit block */
    size_t used;        /* bytes used in block */
} paifu_sha512;

void paifu_sha512__init(paifu_sha512 *s);
void paifu_sha512__update(paifu_sha512 *s, const void *data, size_t len);
/* Pad, finish and write the 64-byte digest (big-endian words, FIPS 180-4 §6.4.2). */
void paifu_sha512__final(paifu_sha512 *s, uint8_t out[PAIFU_SHA512_DIGEST]);

/* Digest of exactly 128 bytes (Tenhou's block size), with the padding block's schedule
 * precomputed; the same result as __digest(block, 128, out). */
void paifu_sha512__digest128(const uint8_t block[128], uint8_t out[PAIFU_SHA512_DIGEST]);

/*
 * Digests of N messages of exactly 128 bytes, each given as 32 words serialised little-endian
 * (the message is the bytes of IN[i][0], least significant first, then IN[i][1], ...), each
 * digest read back the same way (OUT[i][k] is bytes 4k..4k+3 of the digest of message i as a
 * little-endian word): Tenhou's wall generator hashes its outputs so. Eight or four messages
 * side by side where the processor allows (sha512.c).
 */
void paifu_sha512__digest128_le32_n(const uint32_t (*in)[32], size_t n, uint32_t (*out)[16]);
/* The same, side by side at most MAX_LANES (1, 4 or 8) at a time: each path can be tested. */
void paifu_sha512__digest128_le32_n_upto(const uint32_t (*in)[32], size_t n, uint32_t (*out)[16],
                                         unsigned max_lanes);
/* The most messages this processor hashes side by side: 8, 4 or 1. */
unsigned paifu_sha512__max_lanes(void);

/* One-shot digest of LEN bytes at DATA. */
void paifu_sha512__digest(const void *data, size_t len, uint8_t out[PAIFU_SHA512_DIGEST]);

#endif
