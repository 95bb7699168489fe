/* 16 bytes of a URL's path classified at once, for the core's scanner (DeepLinkScanner): bit i of each mask
 * stands for byte i; and the ASCII test of the core's UTF-8 validation. SSE2 on x86-64 (every
 * x86-64 CPU has it); a plain loop elsewhere. Internal to the library: not part of navrouter.h, nothing here is
 * exported from libnavrouter.so (static inline functions only). */
#ifndef NAVROUTER_PATH_SCAN_H
#define NAVROUTER_PATH_SCAN_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* What 16 bytes hold: path delimiters, path ends, bytes the fast path leaves to the full scan, uppercase. */
typedef struct navrouter_path_masks {
    uint32_t slash;   /* '/' */
    uint32_t end;     /* '?' or '#': the path ends */
    uint32_t special; /* '%', '\\', a control character (< 0x20 or 0x7F) or a non-ASCII byte (>= 0x80) */
    uint32_t upper;   /* 'A'...'Z' */
} navrouter_path_masks;

#if defined(__SSE2__)
/* The masks of 16 bytes in a vector. */
static inline navrouter_path_masks navrouter_path_classify_vector(__m128i v) {
    navrouter_path_masks masks;
    masks.slash = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('/')));
    masks.end = (uint32_t)_mm_movemask_epi8(
        _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('?')), _mm_cmpeq_epi8(v, _mm_set1_epi8('#'))));
    /* Signed compare: bytes >= 0x80 are negative, so "< 0x20" takes the non-ASCII bytes too. */
    masks.special = (uint32_t)_mm_movemask_epi8(
        _mm_or_si128(_mm_or_si128(_mm_cmplt_epi8(v, _mm_set1_epi8(0x20)), _mm_cmpeq_epi8(v, _mm_set1_epi8(0x7F))),
                     _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('%')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\\')))));
    masks.upper = (uint32_t)_mm_movemask_epi8(
        _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8('A' - 1)), _mm_cmplt_epi8(v, _mm_set1_epi8('Z' + 1))));
    return masks;
}
#endif

/* The masks of the `count` (at most 16) bytes at `bytes`, without reading past them. */
static inline navrouter_path_masks navrouter_path_classify_bytes(const uint8_t *bytes, size_t count) {
    navrouter_path_masks masks = {0, 0, 0, 0};
    for (size_t i = 0; i < count; i++) {
        const uint8_t byte = bytes[i];
        const uint32_t bit = (uint32_t)1 << i;
        if (byte == '/') masks.slash |= bit;
        if (byte == '?' || byte == '#') masks.end |= bit;
        if (byte < 0x20 || byte >= 0x7F || byte == '%' || byte == '\\') masks.special |= bit;
        if (byte >= 'A' && byte <= 'Z') masks.upper |= bit;
    }
    return masks;
}

/* The masks of the 16 bytes at `bytes` (all 16 must be readable). */
static inline navrouter_path_masks navrouter_path_classify16(const uint8_t *bytes) {
#if defined(__SSE2__)
    return navrouter_path_classify_vector(_mm_loadu_si128((const __m128i *)(const void *)bytes));
#else
    return navrouter_path_classify_bytes(bytes, 16);
#endif
}

/* The masks of the `count` (< 16) bytes at `bytes`, read without going past them; bits from `count` on may be set
 * (the caller keeps the bits below `count`). */
static inline navrouter_path_masks navrouter_path_classify_short(const uint8_t *bytes, size_t count) {
#if defined(__SSE2__)
    if (count >= 8) {
        /* Two 8-byte loads that overlap, the first 8 bytes and the last 8; the last word shifted down so that bytes
         * 8..count-1 land at lanes 8..count-1 (zeros above): one vector of the bytes in place, classified once. */
        uint64_t first, last;
        memcpy(&first, bytes, 8);
        memcpy(&last, bytes + count - 8, 8);
        last = (last >> (8 * (15 - count))) >> 8; /* two shifts: by 64 when count is 8 */
        return navrouter_path_classify_vector(_mm_set_epi64x((long long)last, (long long)first));
    }
#endif
    return navrouter_path_classify_bytes(bytes, count);
}

/* Whether the `count` bytes at `bytes` are all ASCII (below 0x80), reading none past them: 16 bytes at a time
 * (SSE2; the last 16 overlap the ones before), two overlapping 8-byte words for 8-15 bytes, a byte loop below 8.
 * For UTF8Validation (NavRouterCore), whose common case is ASCII. */
static inline int navrouter_bytes_are_ascii(const uint8_t *bytes, size_t count) {
#if defined(__SSE2__)
    if (count >= 16) {
        __m128i seen = _mm_loadu_si128((const __m128i *)(const void *)(bytes + count - 16));
        for (size_t i = 0; i + 16 <= count; i += 16)
            seen = _mm_or_si128(seen, _mm_loadu_si128((const __m128i *)(const void *)(bytes + i)));
        return _mm_movemask_epi8(seen) == 0;
    }
#endif
    uint64_t seen = 0;
    if (count >= 8) {
        uint64_t word;
        for (size_t i = 0; i + 8 <= count; i += 8) {
            memcpy(&word, bytes + i, 8);
            seen |= word;
        }
        memcpy(&word, bytes + count - 8, 8);
        seen |= word;
    } else {
        for (size_t i = 0; i < count; i++) seen |= bytes[i];
    }
    return (seen & 0x8080808080808080ull) == 0;
}

#endif
