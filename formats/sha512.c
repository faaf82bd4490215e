/*
 * sha512.c: SHA-512 as specified in FIPS 180-4 (Secure Hash Standard, August 2015):
 * constants §4.2.3, functions §4.1.3, padding §5.1.2, initial value §5.3.5, computation §6.4.2.
 *
 * Written from the standard. The tables were generated from their definitions (the first 64
 * bits of the fractional parts of the cube roots of the first 80 primes, and of the square
 * roots of the first 8 primes), and tests/unit/test_sha512.c checks the FIPS example vectors.
 * Words are read and written big-endian byte by byte, so the code does not depend on the
 * host's byte order.
 */
#include "sha512.h"

#include <string.h>

/* FIPS 180-4 §4.2.3 */
static const uint64_t K[80] = {
    0x428a2f98d728ae22ULL, 0x7137449123ef65cdULL, 0xb5c0fbcfec4d3b2fULL,
    0xe9b5dba58189dbbcULL, 0x3956c25bf348b538ULL, 0x59f111f1b605d019ULL,
    0x923f82a4af194f9bULL, 0xab1c5ed5da6d8118ULL, 0xd807aa98a3030242ULL,
    0x12835b0145706fbeULL, 0x243185be4ee4b28cULL, 0x550c7dc3d5ffb4e2ULL,
    0x72be5d74f27b896fULL, 0x80deb1fe3b1696b1ULL, 0x9bdc06a725c71235ULL,
    0xc19bf174cf692694ULL, 0xe49b69c19ef14ad2ULL, 0xefbe4786384f25e3ULL,
    0x0fc19dc68b8cd5b5ULL, 0x240ca1cc77ac9c65ULL, 0x2de92c6f592b0275ULL,
    0x4a7484aa6ea6e483ULL, 0x5cb0a9dcbd41fbd4ULL, 0x76f988da831153b5ULL,
    0x983e5152ee66dfabULL, 0xa831c66d2db43210ULL, 0xb00327c898fb213fULL,
    0xbf597fc7beef0ee4ULL, 0xc6e00bf33da88fc2ULL, 0xd5a79147930aa725ULL,
    0x06ca6351e003826fULL, 0x142929670a0e6e70ULL, 0x27b70a8546d22ffcULL,
    0x2e1b21385c26c926ULL, 0x4d2c6dfc5ac42aedULL, 0x53380d139d95b3dfULL,
    0x650a73548baf63deULL, 0x766a0abb3c77b2a8ULL, 0x81c2c92e47edaee6ULL,
    0x92722c851482353bULL, 0xa2bfe8a14cf10364ULL, 0xa81a664bbc423001ULL,
    0xc24b8b70d0f89791ULL, 0xc76c51a30654be30ULL, 0xd192e819d6ef5218ULL,
    0xd69906245565a910ULL, 0xf40e35855771202aULL, 0x106aa07032bbd1b8ULL,
    0x19a4c116b8d2d0c8ULL, 0x1e376c085141ab53ULL, 0x2748774cdf8eeb99ULL,
    0x34b0bcb5e19b48a8ULL, 0x391c0cb3c5c95a63ULL, 0x4ed8aa4ae3418acbULL,
    0x5b9cca4f7763e373ULL, 0x682e6ff3d6b2b8a3ULL, 0x748f82ee5defb2fcULL,
    0x78a5636f43172f60ULL, 0x84c87814a1f0ab72ULL, 0x8cc702081a6439ecULL,
    0x90befffa23631e28ULL, 0xa4506cebde82bde9ULL, 0xbef9a3f7b2c67915ULL,
    0xc67178f2e372532bULL, 0xca273eceea26619cULL, 0xd186b8c721c0c207ULL,
    0xeada7dd6cde0eb1eULL, 0xf57d4f7fee6ed178ULL, 0x06f067aa72176fbaULL,
    0x0a637dc5a2c898a6ULL, 0x113f9804bef90daeULL, 0x1b710b35131c471bULL,
    0x28db77f523047d84ULL, 0x32caab7b40c72493ULL, 0x3c9ebe0a15c9bebcULL,
    0x431d67c49c100d4cULL, 0x4cc5d4becb3e42b6ULL, 0x597f299cfc657e2aULL,
    0x5fcb6fab3ad6faecULL, 0x6c44198c4a475817ULL,
};
/* FIPS 180-4 §5.3.5 */
static const uint64_t H0[8] = {
    0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL,
    0xa54ff53a5f1d36f1ULL, 0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL,
    0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL,
};

static uint64_t rotr(uint64_t x, unsigned n)
{
    return (x >> n) | (x << (64 - n));
}

/* FIPS 180-4 §4.1.3, functions (4.8) to (4.13). Ch and Maj are written in equivalent forms
 * with fewer operations: Ch(x,y,z) = z ^ (x & (y ^ z)), Maj(x,y,z) = (x & y) | (z & (x | y)). */
#define CH(x, y, z)  ((z) ^ ((x) & ((y) ^ (z))))
#define MAJ(x, y, z) (((x) & (y)) | ((z) & ((x) | (y))))
#define BSIG0(x)     (rotr((x), 28) ^ rotr((x), 34) ^ rotr((x), 39))
#define BSIG1(x)     (rotr((x), 14) ^ rotr((x), 18) ^ rotr((x), 41))
#define SSIG0(x)     (rotr((x), 1) ^ rotr((x), 8) ^ ((x) >> 7))
#define SSIG1(x)     (rotr((x), 19) ^ rotr((x), 61) ^ ((x) >> 6))

static uint64_t load_be64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v = (v << 8) | p[i];
    return v;
}

static void store_be64(uint8_t *p, uint64_t v)
{
    for (int i = 7; i >= 0; i--) {
        p[i] = (uint8_t)v;
        v >>= 8;
    }
}

/*
 * FIPS 180-4 §6.4.2: process one 1024-bit block. The message schedule W is kept as a ring of
 * 16 words (W[t] only needs W[t-2], W[t-7], W[t-15], W[t-16]), and eight rounds are written
 * out with the working variables renamed instead of moved: the same computation as the
 * standard's loop, without its copies.
 */
#define SCHEDULE(t)                                                                                \
    (w[(t) & 15] += SSIG1(w[((t) - 2) & 15]) + w[((t) - 7) & 15] + SSIG0(w[((t) - 15) & 15]))
#define ROUND(a, b, c, d, e, f, g, h, t, wt)                                                       \
    do {                                                                                           \
        uint64_t t1_ = (h) + BSIG1(e) + CH(e, f, g) + K[t] + (wt);                                 \
        (d) += t1_;                                                                                \
        (h) = t1_ + BSIG0(a) + MAJ(a, b, c);                                                       \
    } while (0)
#define EIGHT(t, W)                                                                                \
    do {                                                                                           \
        ROUND(a, b, c, d, e, f, g, h, (t) + 0, W((t) + 0));                                        \
        ROUND(h, a, b, c, d, e, f, g, (t) + 1, W((t) + 1));                                        \
        ROUND(g, h, a, b, c, d, e, f, (t) + 2, W((t) + 2));                                        \
        ROUND(f, g, h, a, b, c, d, e, (t) + 3, W((t) + 3));                                        \
        ROUND(e, f, g, h, a, b, c, d, (t) + 4, W((t) + 4));                                        \
        ROUND(d, e, f, g, h, a, b, c, (t) + 5, W((t) + 5));                                        \
        ROUND(c, d, e, f, g, h, a, b, (t) + 6, W((t) + 6));                                        \
        ROUND(b, c, d, e, f, g, h, a, (t) + 7, W((t) + 7));                                        \
    } while (0)
#define W_FIRST(t) w[t]
#define W_LATER(t) SCHEDULE(t)

static void compress(uint64_t hash[8], const uint8_t block[128])
{
    uint64_t w[16];
    for (int t = 0; t < 16; t++)
        w[t] = load_be64(block + 8 * t);
    uint64_t a = hash[0], b = hash[1], c = hash[2], d = hash[3];
    uint64_t e = hash[4], f = hash[5], g = hash[6], h = hash[7];
    EIGHT(0, W_FIRST);
    EIGHT(8, W_FIRST);
    for (int t = 16; t < 80; t += 8)
        EIGHT(t, W_LATER);
    hash[0] += a;
    hash[1] += b;
    hash[2] += c;
    hash[3] += d;
    hash[4] += e;
    hash[5] += f;
    hash[6] += g;
    hash[7] += h;
}

void paifu_sha512__init(paifu_sha512 *s)
{
    memcpy(s->h, H0, sizeof(H0));
    s->bytes = 0;
    s->used = 0;
}

void paifu_sha512__update(paifu_sha512 *s, const void *data, size_t len)
{
    const uint8_t *p = data;
    s->bytes += len;
    if (s->used) {
        size_t take = 128 - s->used < len ? 128 - s->used : len;
        memcpy(s->block + s->used, p, take);
        s->used += take;
        p += take;
        len -= take;
        if (s->used < 128)
            return;
        compress(s->h, s->block);
        s->used = 0;
    }
    for (; len >= 128; p += 128, len -= 128)
        compress(s->h, p);
    memcpy(s->block, p, len);
    s->used = len;
}

void paifu_sha512__final(paifu_sha512 *s, uint8_t out[PAIFU_SHA512_DIGEST])
{
    /* FIPS 180-4 §5.1.2: a 1 bit, zeros up to 896 mod 1024 bits, then the 128-bit length */
    uint64_t bits = s->bytes << 3;
    uint64_t high = s->bytes >> 61;
    s->block[s->used++] = 0x80;
    if (s->used > 112) {
        memset(s->block + s->used, 0, 128 - s->used);
        compress(s->h, s->block);
        s->used = 0;
    }
    memset(s->block + s->used, 0, 112 - s->used);
    store_be64(s->block + 112, high);
    store_be64(s->block + 120, bits);
    compress(s->h, s->block);
    for (int i = 0; i < 8; i++)
        store_be64(out + 8 * i, s->h[i]);
    memset(s, 0, sizeof(*s));
}

void paifu_sha512__digest(const void *data, size_t len, uint8_t out[PAIFU_SHA512_DIGEST])
{
    paifu_sha512 s;
    paifu_sha512__init(&s);
    paifu_sha512__update(&s, data, len);
    paifu_sha512__final(&s, out);
}
