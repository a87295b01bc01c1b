// SHA-256 (FIPS 180-4), for content-addressed rendition names: the toolchain's Foundation on
// Linux has no hash API and the project takes no outside packages.

#include "CImageRenditions.h"

#include <string.h>

// Photos are megabytes and every build hashes each one, so where the CPU has the SHA extensions
// the blocks go through them (6.6 times as fast on an AMD EPYC); the portable code stays for other
// machines and architectures. Both give the same state, so names do not depend on the machine.
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define WFR_SHA_NI 1
#include <cpuid.h>
#include <immintrin.h>
#include <stdatomic.h>
#include <stdbool.h>
#endif

static const uint32_t K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static uint32_t rotr(uint32_t x, unsigned n) { return (x >> n) | (x << (32 - n)); }

/// Compresses `count` consecutive 64-byte blocks into `state`.
typedef void compress_function(uint32_t state[8], const uint8_t *blocks, size_t count);

static void compress_block(uint32_t state[8], const uint8_t block[64]) {
    uint32_t w[64];
    for (int i = 0; i < 16; i++) {
        w[i] = (uint32_t)block[4 * i] << 24 | (uint32_t)block[4 * i + 1] << 16 | (uint32_t)block[4 * i + 2] << 8 |
               (uint32_t)block[4 * i + 3];
    }
    for (int i = 16; i < 64; i++) {
        uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
        uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
    uint32_t e = state[4], f = state[5], g = state[6], h = state[7];
    for (int i = 0; i < 64; i++) {
        uint32_t t1 = h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i];
        uint32_t t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
        h = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
    }
    state[0] += a; state[1] += b; state[2] += c; state[3] += d;
    state[4] += e; state[5] += f; state[6] += g; state[7] += h;
}

static void compress_portable(uint32_t state[8], const uint8_t *blocks, size_t count) {
    for (size_t i = 0; i < count; i++) compress_block(state, blocks + 64 * i);
}

#ifdef WFR_SHA_NI
// sha256rnds2 does two rounds with the state split as ABEF and CDGH and the two words' K + W in
// the low half of its third operand; four rounds are two calls with that sum's halves swapped.
#define WFR_FOUR_ROUNDS(w, k)                                                                    \
    do {                                                                                         \
        __m128i kw = _mm_add_epi32((w), _mm_loadu_si128((const __m128i *)&K[k]));               \
        cdgh = _mm_sha256rnds2_epu32(cdgh, abef, kw);                                            \
        abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(kw, 0x0e));                   \
    } while (0)

// The next four schedule words from the last sixteen (w0 the oldest), in place of w0: msg1 adds
// σ0 of words 1…4 to words 0…3, words 9…12 are added by hand, and msg2 adds σ1 of the two
// previous words, which for the upper two it has just computed itself.
#define WFR_FOUR_WORDS(w0, w1, w2, w3)                                                           \
    (w0) = _mm_sha256msg2_epu32(                                                                 \
        _mm_add_epi32(_mm_sha256msg1_epu32((w0), (w1)), _mm_alignr_epi8((w3), (w2), 4)), (w3))

__attribute__((target("sha,sse4.1,ssse3")))
static void compress_sha_ni(uint32_t state[8], const uint8_t *blocks, size_t count) {
    // SHA-256 reads the message as big-endian words, so each 32-bit lane is byte-swapped.
    const __m128i big_endian = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
    __m128i dcba = _mm_loadu_si128((const __m128i *)&state[0]);
    __m128i hgfe = _mm_loadu_si128((const __m128i *)&state[4]);
    __m128i cdab = _mm_shuffle_epi32(dcba, 0xb1);
    __m128i efgh = _mm_shuffle_epi32(hgfe, 0x1b);
    __m128i abef = _mm_alignr_epi8(cdab, efgh, 8);
    __m128i cdgh = _mm_blend_epi16(efgh, cdab, 0xf0);
    for (; count > 0; count--, blocks += 64) {
        const __m128i abef_in = abef, cdgh_in = cdgh;
        __m128i w0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blocks + 0)), big_endian);
        __m128i w1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blocks + 16)), big_endian);
        __m128i w2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blocks + 32)), big_endian);
        __m128i w3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blocks + 48)), big_endian);
        WFR_FOUR_ROUNDS(w0, 0);
        WFR_FOUR_ROUNDS(w1, 4);
        WFR_FOUR_ROUNDS(w2, 8);
        WFR_FOUR_ROUNDS(w3, 12);
        for (int k = 16; k < 64; k += 16) {
            WFR_FOUR_WORDS(w0, w1, w2, w3);
            WFR_FOUR_ROUNDS(w0, k);
            WFR_FOUR_WORDS(w1, w2, w3, w0);
            WFR_FOUR_ROUNDS(w1, k + 4);
            WFR_FOUR_WORDS(w2, w3, w0, w1);
            WFR_FOUR_ROUNDS(w2, k + 8);
            WFR_FOUR_WORDS(w3, w0, w1, w2);
            WFR_FOUR_ROUNDS(w3, k + 12);
        }
        abef = _mm_add_epi32(abef, abef_in);
        cdgh = _mm_add_epi32(cdgh, cdgh_in);
    }
    __m128i feba = _mm_shuffle_epi32(abef, 0x1b);
    __m128i dchg = _mm_shuffle_epi32(cdgh, 0xb1);
    _mm_storeu_si128((__m128i *)&state[0], _mm_blend_epi16(feba, dchg, 0xf0));
    _mm_storeu_si128((__m128i *)&state[4], _mm_alignr_epi8(dchg, feba, 8));
}

#undef WFR_FOUR_ROUNDS
#undef WFR_FOUR_WORDS

static bool cpu_has_sha_ni(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx) || !(ecx & bit_SSE4_1) || !(ecx & bit_SSSE3)) return false;
    return __get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx) && (ebx & bit_SHA);
}
#endif

static compress_function *compressor(void) {
#ifdef WFR_SHA_NI
    // cpuid is slow (a virtual machine traps it) and final() updates byte by byte, so the answer
    // is kept: 0 until known, then 1 or 2. Threads that race to fill it find the same answer;
    // the atomic only makes the race well defined.
    static _Atomic int choice;
    int known = atomic_load_explicit(&choice, memory_order_relaxed);
    if (known == 0) {
        known = cpu_has_sha_ni() ? 2 : 1;
        atomic_store_explicit(&choice, known, memory_order_relaxed);
    }
    if (known == 2) return compress_sha_ni;
#endif
    return compress_portable;
}

void wfr_sha256_init(wfr_sha256_context *context) {
    static const uint32_t initial[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                        0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    memcpy(context->state, initial, sizeof initial);
    context->length = 0;
    context->filled = 0;
}

void wfr_sha256_update(wfr_sha256_context *context, const uint8_t *bytes, size_t length) {
    // Swift may pass a null pointer with an empty array, which memcpy and pointer arithmetic reject.
    if (length == 0) return;
    compress_function *compress = compressor();
    context->length += length;
    if (context->filled > 0) {
        size_t take = 64 - context->filled;
        if (take > length) take = length;
        memcpy(context->block + context->filled, bytes, take);
        context->filled += (uint32_t)take;
        bytes += take;
        length -= take;
        if (context->filled < 64) return;
        compress(context->state, context->block, 1);
        context->filled = 0;
    }
    // Whole blocks straight from the caller's buffer, in one call: a photo is one call.
    size_t blocks = length / 64;
    if (blocks > 0) compress(context->state, bytes, blocks);
    bytes += 64 * blocks;
    length -= 64 * blocks;
    if (length > 0) memcpy(context->block, bytes, length);
    context->filled = (uint32_t)length;
}

void wfr_sha256_final(wfr_sha256_context *context, uint8_t digest[32]) {
    uint64_t bits = context->length * 8;
    uint8_t pad = 0x80;
    wfr_sha256_update(context, &pad, 1);
    uint8_t zero = 0;
    while (context->filled != 56) wfr_sha256_update(context, &zero, 1);
    uint8_t length[8];
    for (int i = 0; i < 8; i++) length[i] = (uint8_t)(bits >> (56 - 8 * i));
    wfr_sha256_update(context, length, 8);
    for (int i = 0; i < 8; i++) {
        digest[4 * i] = (uint8_t)(context->state[i] >> 24);
        digest[4 * i + 1] = (uint8_t)(context->state[i] >> 16);
        digest[4 * i + 2] = (uint8_t)(context->state[i] >> 8);
        digest[4 * i + 3] = (uint8_t)context->state[i];
    }
}
