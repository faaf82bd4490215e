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
    0x428a2f98d728ae22ULL, 0x7137449123ef65cdULL, 0xb5c0fbcfec4d3b2fULL, 0xe9b5dba58189dbbcULL,
    0x3956c25bf348b538ULL, 0x59f111f1b605d019ULL, 0x923f82a4af194f9bULL, 0xab1c5ed5da6d8118ULL,
    0xd807aa98a3030242ULL, 0x12835b0145706fbeULL, 0x243185be4ee4b28cULL, 0x550c7dc3d5ffb4e2ULL,
    0x72be5d74f27b896fULL, 0x80deb1fe3b1696b1ULL, 0x9bdc06a725c71235ULL, 0xc19bf174cf692694ULL,
    0xe49b69c19ef14ad2ULL, 0xefbe4786384f25e3ULL, 0x0fc19dc68b8cd5b5ULL, 0x240ca1cc77ac9c65ULL,
    0x2de92c6f592b0275ULL, 0x4a7484aa6ea6e483ULL, 0x5cb0a9dcbd41fbd4ULL, 0x76f988da831153b5ULL,
    0x983e5152ee66dfabULL, 0xa831c66d2db43210ULL, 0xb00327c898fb213fULL, 0xbf597fc7beef0ee4ULL,
    0xc6e00bf33da88fc2ULL, 0xd5a79147930aa725ULL, 0x06ca6351e003826fULL, 0x142929670a0e6e70ULL,
    0x27b70a8546d22ffcULL, 0x2e1b21385c26c926ULL, 0x4d2c6dfc5ac42aedULL, 0x53380d139d95b3dfULL,
    0x650a73548baf63deULL, 0x766a0abb3c77b2a8ULL, 0x81c2c92e47edaee6ULL, 0x92722c851482353bULL,
    0xa2bfe8a14cf10364ULL, 0xa81a664bbc423001ULL, 0xc24b8b70d0f89791ULL, 0xc76c51a30654be30ULL,
    0xd192e819d6ef5218ULL, 0xd69906245565a910ULL, 0xf40e35855771202aULL, 0x106aa07032bbd1b8ULL,
    0x19a4c116b8d2d0c8ULL, 0x1e376c085141ab53ULL, 0x2748774cdf8eeb99ULL, 0x34b0bcb5e19b48a8ULL,
    0x391c0cb3c5c95a63ULL, 0x4ed8aa4ae3418acbULL, 0x5b9cca4f7763e373ULL, 0x682e6ff3d6b2b8a3ULL,
    0x748f82ee5defb2fcULL, 0x78a5636f43172f60ULL, 0x84c87814a1f0ab72ULL, 0x8cc702081a6439ecULL,
    0x90befffa23631e28ULL, 0xa4506cebde82bde9ULL, 0xbef9a3f7b2c67915ULL, 0xc67178f2e372532bULL,
    0xca273eceea26619cULL, 0xd186b8c721c0c207ULL, 0xeada7dd6cde0eb1eULL, 0xf57d4f7fee6ed178ULL,
    0x06f067aa72176fbaULL, 0x0a637dc5a2c898a6ULL, 0x113f9804bef90daeULL, 0x1b710b35131c471bULL,
    0x28db77f523047d84ULL, 0x32caab7b40c72493ULL, 0x3c9ebe0a15c9bebcULL, 0x431d67c49c100d4cULL,
    0x4cc5d4becb3e42b6ULL, 0x597f299cfc657e2aULL, 0x5fcb6fab3ad6faecULL, 0x6c44198c4a475817ULL,
};
/*
 * K[t] + W[t] of the padding block of a 128-byte message (FIPS 180-4 §5.1.2: a 1 bit, zeros,
 * the length 1024 in the last word), whose schedule is the same every time: generated from
 * §6.4.2 step 1 (tests/unit/test_sha512.c checks __digest128 against __digest).
 */
static const uint64_t PAD128_KW[80] = {
    0xc28a2f98d728ae22ULL, 0x7137449123ef65cdULL, 0xb5c0fbcfec4d3b2fULL, 0xe9b5dba58189dbbcULL,
    0x3956c25bf348b538ULL, 0x59f111f1b605d019ULL, 0x923f82a4af194f9bULL, 0xab1c5ed5da6d8118ULL,
    0xd807aa98a3030242ULL, 0x12835b0145706fbeULL, 0x243185be4ee4b28cULL, 0x550c7dc3d5ffb4e2ULL,
    0x72be5d74f27b896fULL, 0x80deb1fe3b1696b1ULL, 0x9bdc06a725c71235ULL, 0xc19bf174cf692a94ULL,
    0x649b69c19ef14ad2ULL, 0xf03e4786384f45f3ULL, 0x11c1adc68b8cd5b9ULL, 0x240ca1dc77ad9c65ULL,
    0x3df12c6f5b2b0295ULL, 0x6a74852aaeb0e883ULL, 0xdcb4cbddcd4a0114ULL, 0x36f988da845153c5ULL,
    0x9b4761d2eea727cbULL, 0xad33ee6d37b932c2ULL, 0xc143c7fbb90f6167ULL, 0x577487c7d5ef1fd6ULL,
    0xe9250da555d6c804ULL, 0x1652326c7c6f319cULL, 0x9c73c1308a6abe80ULL, 0xedcb859d96f4174fULL,
    0x05992bbc5302ea46ULL, 0xc0515d8c72d32b21ULL, 0xe27760859b58b01cULL, 0xbd776eecd97e28bfULL,
    0xfec461e497d05dfbULL, 0x8c65848a09b42f15ULL, 0x1d93677302646f8dULL, 0x71d7625be0029f9bULL,
    0xed8c8b143b918647ULL, 0x5813345c6ddd5e95ULL, 0x44837edc639f1da6ULL, 0x65309e51db9245d4ULL,
    0xa4de07e39af7c84cULL, 0xea208293cb3b3d17ULL, 0x33abda924feb6a30ULL, 0x8965f30d8a442337ULL,
    0x90808dcdb29ea41bULL, 0xe2d6d8dad96f92caULL, 0xfd690c3258486648ULL, 0xddb95f897e662ce2ULL,
    0x6b2b08dcc03f02bcULL, 0x261c68ddf66cc62cULL, 0xa4f0eddd57c1364dULL, 0xe35537ec1f29acd2ULL,
    0x27e70659eef7b721ULL, 0xdabbb3bf5db9f4c8ULL, 0x34436c1241ad0e37ULL, 0x0302752801d6306bULL,
    0xbf77d7d65bedd8cdULL, 0xa9871d46c85cd973ULL, 0x5fdbae1fae40e068ULL, 0x468af1bb676f47b0ULL,
    0x809520bd379dac58ULL, 0x2766590af071ca9cULL, 0xff96fca3577ecadeULL, 0x1c490d6456b3b489ULL,
    0xe85734c184192ce6ULL, 0x2ba01930bbb71001ULL, 0xabe1acaf661e43ebULL, 0x120f3b5f15bf003dULL,
    0xfd7d4cd1515c8209ULL, 0x9cfa18c629a0c327ULL, 0x7e39ff2d2a3f2faeULL, 0x2ff0a5398e575356ULL,
    0xc9117833006d097eULL, 0x09d40c7849733ff8ULL, 0x774d7c8f5f3aa6bdULL, 0xe04b4161aa09de75ULL,
};

/* FIPS 180-4 §5.3.5 */
static const uint64_t H0[8] = {
    0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
    0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL, 0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL,
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

/* Written out byte by byte (compilers turn these into one load or store and a byte swap). */
static uint64_t load_be64(const uint8_t *p)
{
    return (uint64_t)p[0] << 56 | (uint64_t)p[1] << 48 | (uint64_t)p[2] << 40 |
           (uint64_t)p[3] << 32 | (uint64_t)p[4] << 24 | (uint64_t)p[5] << 16 |
           (uint64_t)p[6] << 8 | (uint64_t)p[7];
}

static void store_be64(uint8_t *p, uint64_t v)
{
    p[0] = (uint8_t)(v >> 56);
    p[1] = (uint8_t)(v >> 48);
    p[2] = (uint8_t)(v >> 40);
    p[3] = (uint8_t)(v >> 32);
    p[4] = (uint8_t)(v >> 24);
    p[5] = (uint8_t)(v >> 16);
    p[6] = (uint8_t)(v >> 8);
    p[7] = (uint8_t)v;
}

/*
 * Messages given as 32-bit words serialised little-endian, digests read back the same way (the
 * multi-message functions below): message word t (big-endian, as §6.4.2 reads it) is made of
 * words 2t and 2t + 1, each byte-swapped, and digest word i gives words 2i and 2i + 1 back.
 * Written with shifts, so the code does not depend on the host's byte order.
 */
static uint32_t bswap32(uint32_t v)
{
    return v >> 24 | (v >> 8 & 0xFF00u) | (v << 8 & 0xFF0000u) | v << 24;
}

static uint64_t word_of_le32(const uint32_t *in, int t)
{
    return (uint64_t)bswap32(in[2 * t]) << 32 | bswap32(in[2 * t + 1]);
}

static void le32_of_word(uint32_t *out, int i, uint64_t v)
{
    out[2 * i] = bswap32((uint32_t)(v >> 32));
    out[2 * i + 1] = bswap32((uint32_t)v);
}

/*
 * FIPS 180-4 §6.4.2: process one 1024-bit block. The message schedule W is kept as a ring of
 * 16 words (W[t] only needs W[t-2], W[t-7], W[t-15], W[t-16]), and eight rounds are written
 * out with the working variables renamed instead of moved: the same computation as the
 * standard's loop, without its copies.
 */
#define SCHEDULE(t)                                                                                \
    (w[(t)&15] += SSIG1(w[((t)-2) & 15]) + w[((t)-7) & 15] + SSIG0(w[((t)-15) & 15]))
#define ROUND(a, b, c, d, e, f, g, h, t, wt)                                                       \
    do {                                                                                           \
        uint64_t t1_ = (h) + BSIG1(e) + CH(e, f, g) + K[t] + (wt);                                 \
        (d) += t1_;                                                                                \
        (h) = t1_ + BSIG0(a) + MAJ(a, b, c);                                                       \
    } while (0)
#define ROUND_KW(a, b, c, d, e, f, g, h, kw)                                                       \
    do {                                                                                           \
        uint64_t t1_ = (h) + BSIG1(e) + CH(e, f, g) + (kw);                                        \
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

/* The 80 rounds of §6.4.2 step 3 over the padding block of a 128-byte message. */
static void compress_pad128(uint64_t hash[8])
{
    uint64_t a = hash[0], b = hash[1], c = hash[2], d = hash[3];
    uint64_t e = hash[4], f = hash[5], g = hash[6], h = hash[7];
    for (int t = 0; t < 80; t += 8) {
        ROUND_KW(a, b, c, d, e, f, g, h, PAD128_KW[t + 0]);
        ROUND_KW(h, a, b, c, d, e, f, g, PAD128_KW[t + 1]);
        ROUND_KW(g, h, a, b, c, d, e, f, PAD128_KW[t + 2]);
        ROUND_KW(f, g, h, a, b, c, d, e, PAD128_KW[t + 3]);
        ROUND_KW(e, f, g, h, a, b, c, d, PAD128_KW[t + 4]);
        ROUND_KW(d, e, f, g, h, a, b, c, PAD128_KW[t + 5]);
        ROUND_KW(c, d, e, f, g, h, a, b, PAD128_KW[t + 6]);
        ROUND_KW(b, c, d, e, f, g, h, a, PAD128_KW[t + 7]);
    }
    hash[0] += a;
    hash[1] += b;
    hash[2] += c;
    hash[3] += d;
    hash[4] += e;
    hash[5] += f;
    hash[6] += g;
    hash[7] += h;
}

void paifu_sha512__digest128(const uint8_t block[128], uint8_t out[PAIFU_SHA512_DIGEST])
{
    uint64_t hash[8];
    memcpy(hash, H0, sizeof(H0));
    compress(hash, block);
    compress_pad128(hash);
    for (int i = 0; i < 8; i++)
        store_be64(out + 8 * i, hash[i]);
}

/* ---- several 128-byte messages at once ---- */

/*
 * The wall generator hashes nine independent 128-byte blocks per deal, and one SHA-512 block is
 * a long chain of dependent 64-bit operations, so the blocks are hashed side by side, one
 * message per 64-bit lane of a vector (GCC and Clang vector extensions; the lanes compute
 * exactly the rounds of compress and compress_pad128 above): four in a 256-bit vector with
 * AVX2, eight in a 512-bit vector with AVX-512F, which also rotates a lane in one instruction
 * (GCC and Clang turn the shift pair of VROTR into it). Each variant is compiled for its
 * instruction set alone and used only when the processor has it (checked per call: the
 * library keeps no global state); elsewhere, and for the messages left over, one message at a
 * time.
 */
#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
#define SHA512_LANES 1

typedef uint64_t lanes4 __attribute__((vector_size(32)));
typedef uint64_t lanes8 __attribute__((vector_size(64)));

#define VROTR(x, n) (((x) >> (n)) | ((x) << (64 - (n))))
#define VBSIG0(x)   (VROTR((x), 28) ^ VROTR((x), 34) ^ VROTR((x), 39))
#define VBSIG1(x)   (VROTR((x), 14) ^ VROTR((x), 18) ^ VROTR((x), 41))
#define VSSIG0(x)   (VROTR((x), 1) ^ VROTR((x), 8) ^ ((x) >> 7))
#define VSSIG1(x)   (VROTR((x), 19) ^ VROTR((x), 61) ^ ((x) >> 6))
#define VSCHEDULE(t)                                                                               \
    (w[(t)&15] += VSSIG1(w[((t)-2) & 15]) + w[((t)-7) & 15] + VSSIG0(w[((t)-15) & 15]))
#define VROUND(a, b, c, d, e, f, g, h, kw)                                                         \
    do {                                                                                           \
        t1_ = (h) + VBSIG1(e) + CH(e, f, g) + (kw);                                                \
        (d) += t1_;                                                                                \
        (h) = t1_ + VBSIG0(a) + MAJ(a, b, c);                                                      \
    } while (0)
#define VEIGHT(KW)                                                                                 \
    do {                                                                                           \
        VROUND(a, b, c, d, e, f, g, h, KW(t + 0));                                                 \
        VROUND(h, a, b, c, d, e, f, g, KW(t + 1));                                                 \
        VROUND(g, h, a, b, c, d, e, f, KW(t + 2));                                                 \
        VROUND(f, g, h, a, b, c, d, e, KW(t + 3));                                                 \
        VROUND(e, f, g, h, a, b, c, d, KW(t + 4));                                                 \
        VROUND(d, e, f, g, h, a, b, c, KW(t + 5));                                                 \
        VROUND(c, d, e, f, g, h, a, b, KW(t + 6));                                                 \
        VROUND(b, c, d, e, f, g, h, a, KW(t + 7));                                                 \
    } while (0)
#define KW_FIRST(t) (w[t] + K[t])
#define KW_LATER(t) (VSCHEDULE(t) + K[t])
#define KW_PAD(t)   (PAD128_KW[t] + z)

/* The body of a function hashing as many messages as the vector type LANES has lanes. */
#define DIGEST128_LANES(lanes, n)                                                                  \
    lanes w[16], hash[8], z = {0}, t1_;                                                            \
    for (int t = 0; t < 16; t++)                                                                   \
        for (int m = 0; m < (n); m++)                                                              \
            w[t][m] = word_of_le32(in[m], t);                                                      \
    for (int i = 0; i < 8; i++)                                                                    \
        hash[i] = z + H0[i];                                                                       \
    lanes a = hash[0], b = hash[1], c = hash[2], d = hash[3];                                      \
    lanes e = hash[4], f = hash[5], g = hash[6], h = hash[7];                                      \
    for (int t = 0; t < 16; t += 8)                                                                \
        VEIGHT(KW_FIRST);                                                                          \
    for (int t = 16; t < 80; t += 8)                                                               \
        VEIGHT(KW_LATER);                                                                          \
    hash[0] += a, hash[1] += b, hash[2] += c, hash[3] += d;                                        \
    hash[4] += e, hash[5] += f, hash[6] += g, hash[7] += h;                                        \
    a = hash[0], b = hash[1], c = hash[2], d = hash[3];                                            \
    e = hash[4], f = hash[5], g = hash[6], h = hash[7];                                            \
    for (int t = 0; t < 80; t += 8)                                                                \
        VEIGHT(KW_PAD);                                                                            \
    hash[0] += a, hash[1] += b, hash[2] += c, hash[3] += d;                                        \
    hash[4] += e, hash[5] += f, hash[6] += g, hash[7] += h;                                        \
    for (int m = 0; m < (n); m++)                                                                  \
        for (int i = 0; i < 8; i++)                                                                \
            le32_of_word(out[m], i, hash[i][m]);

__attribute__((target("avx2"))) static void digest128_x4(const uint32_t (*in)[32],
                                                         uint32_t (*out)[16])
{
    DIGEST128_LANES(lanes4, 4)
}

__attribute__((target("avx512f"))) static void digest128_x8(const uint32_t (*in)[32],
                                                            uint32_t (*out)[16])
{
    DIGEST128_LANES(lanes8, 8)
}
#endif

/* One message at a time: __digest128 of its bytes. */
static void digest128_le32(const uint32_t in[32], uint32_t out[16])
{
    uint8_t block[128];
    uint64_t hash[8];
    for (int t = 0; t < 16; t++)
        store_be64(block + 8 * t, word_of_le32(in, t));
    memcpy(hash, H0, sizeof(H0));
    compress(hash, block);
    compress_pad128(hash);
    for (int i = 0; i < 8; i++)
        le32_of_word(out, i, hash[i]);
}

void paifu_sha512__digest128_le32_n_upto(const uint32_t (*in)[32], size_t n, uint32_t (*out)[16],
                                         unsigned max_lanes)
{
    size_t i = 0;
#ifdef SHA512_LANES
    if (max_lanes >= 8 && n >= 8 && __builtin_cpu_supports("avx512f"))
        for (; i + 8 <= n; i += 8)
            digest128_x8(in + i, out + i);
    if (max_lanes >= 4 && n - i >= 4 && __builtin_cpu_supports("avx2"))
        for (; i + 4 <= n; i += 4)
            digest128_x4(in + i, out + i);
#else
    (void)max_lanes;
#endif
    for (; i < n; i++)
        digest128_le32(in[i], out[i]);
}

unsigned paifu_sha512__max_lanes(void)
{
#ifdef SHA512_LANES
    if (__builtin_cpu_supports("avx512f"))
        return 8;
    if (__builtin_cpu_supports("avx2"))
        return 4;
#endif
    return 1;
}

void paifu_sha512__digest128_le32_n(const uint32_t (*in)[32], size_t n, uint32_t (*out)[16])
{
    paifu_sha512__digest128_le32_n_upto(in, n, out, 8);
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
