#include "csha1.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <immintrin.h>

int csha1_available(void) {
    unsigned int a, b, c, d;
    int sse = __get_cpuid(1, &a, &b, &c, &d) && (c & bit_SSSE3) && (c & bit_SSE4_1);
    int sha = __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & (1u << 29));
    return sse && sha;
}

/* Four rounds of group g (0-19) with round function f = g / 5. m[g % 4] holds words 4g..4g+3
 * once the schedule has made them: W(g) = msg2(msg1(W(g-4), W(g-3)) ^ W(g-2), W(g-1)). */
#define ROUNDS(g, f)                                                                                   \
    do {                                                                                               \
        if ((g) >= 4)                                                                                  \
            m[(g) % 4] = _mm_sha1msg2_epu32(                                                           \
                _mm_xor_si128(_mm_sha1msg1_epu32(m[(g) % 4], m[((g) + 1) % 4]), m[((g) + 2) % 4]),     \
                m[((g) + 3) % 4]);                                                                     \
        e = (g) == 0 ? _mm_add_epi32(e0, m[0]) : _mm_sha1nexte_epu32(saved, m[(g) % 4]);              \
        saved = abcd;                                                                                  \
        abcd = _mm_sha1rnds4_epu32(abcd, e, f);                                                        \
    } while (0)

__attribute__((target("sha,ssse3,sse4.1")))
static void compress_sha(uint32_t state[5], const uint8_t *data, size_t blocks) {
    const __m128i reverse = _mm_set_epi64x(0x0001020304050607LL, 0x08090a0b0c0d0e0fLL);
    /* a in the highest lane, as the instructions want it; e alone in the highest lane. */
    __m128i abcd = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)state), 0x1B);
    __m128i e0 = _mm_set_epi32((int)state[4], 0, 0, 0);
    for (size_t n = 0; n < blocks; n++, data += 64) {
        const __m128i abcd_before = abcd, e_before = e0;
        __m128i m[4], e, saved;
        for (int i = 0; i < 4; i++) m[i] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * i)), reverse);
        ROUNDS(0, 0); ROUNDS(1, 0); ROUNDS(2, 0); ROUNDS(3, 0); ROUNDS(4, 0);
        ROUNDS(5, 1); ROUNDS(6, 1); ROUNDS(7, 1); ROUNDS(8, 1); ROUNDS(9, 1);
        ROUNDS(10, 2); ROUNDS(11, 2); ROUNDS(12, 2); ROUNDS(13, 2); ROUNDS(14, 2);
        ROUNDS(15, 3); ROUNDS(16, 3); ROUNDS(17, 3); ROUNDS(18, 3); ROUNDS(19, 3);
        e0 = _mm_sha1nexte_epu32(saved, e_before);
        abcd = _mm_add_epi32(abcd, abcd_before);
    }
    _mm_storeu_si128((__m128i *)state, _mm_shuffle_epi32(abcd, 0x1B));
    state[4] = (uint32_t)_mm_extract_epi32(e0, 3);
}

int csha1_compress(uint32_t state[5], const uint8_t *data, size_t blocks) {
    if (!csha1_available()) return 0;
    compress_sha(state, data, blocks);
    return 1;
}
#else
int csha1_available(void) { return 0; }
int csha1_compress(uint32_t state[5], const uint8_t *data, size_t blocks) {
    (void)state; (void)data; (void)blocks;
    return 0;
}
#endif
