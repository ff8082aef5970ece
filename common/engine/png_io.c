/* SPDX-License-Identifier: MIT */
#include "png_io.h"

#include <png.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

#include <libdeflate.h>
#ifdef GEN_HAVE_ISAL
#include <isa-l.h>
#endif
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define GEN_X86 1
#endif

/* Measured with bench/run.sh (docs/performance.md).  fast: igzip level 0 with no
 * filter, the fastest setting whose bytes repeat in every process (levels 1 and 2
 * do not on AVX-512: docs/determinism.md).  small: zlib level 9 with no filter, the
 * smallest files of every library, level and filter tried (row filters only make
 * these flat images larger; libdeflate 11-12 are larger and 7-15x slower).
 * Without ISA-L, fast is zlib level 1 with no filter, zlib's fastest setting. */
#ifdef GEN_HAVE_ISAL
static const png_settings FAST = {PNG_DEFLATE_ISAL, 0, PNG_ROWS_NONE};
#else
static const png_settings FAST = {PNG_DEFLATE_ZLIB, 1, PNG_ROWS_NONE};
#endif
static const png_settings SMALL = {PNG_DEFLATE_ZLIB, 9, PNG_ROWS_NONE};

/* Rows per strip of the fast path: 128 rows of 800 pixels are 307 KB, still in
 * L2 cache from conversion to deflate.  igzip's streaming deflate copies the
 * start of every call into its own 64 KB buffer and, at its end, the last 32 KB
 * as history; only between those does it read the caller's buffer directly.
 * With 16-row strips (38 KB) it copied everything: 128 rows made the deflate
 * about 30% faster (bench/run.sh part 1) and the files 0.2-0.4% smaller.  256 rows
 * gained no more. */
#define STRIP_ROWS 128

const png_settings *png_settings_for(png_compression c)
{
    return c == PNG_SMALL ? &SMALL : &FAST;
}

const char *png_compression_name(png_compression c)
{
    return c == PNG_SMALL ? "small" : "fast";
}

int png_compression_parse(const char *s)
{
    if (strcmp(s, "fast") == 0)
        return PNG_FAST;
    if (strcmp(s, "small") == 0)
        return PNG_SMALL;
    return -1;
}

int png_deflate_available(int deflate)
{
#ifndef GEN_HAVE_ISAL
    if (deflate == PNG_DEFLATE_ISAL)
        return 0;
#endif
    return deflate == PNG_DEFLATE_ISAL || deflate == PNG_DEFLATE_LIBDEFLATE || deflate == PNG_DEFLATE_ZLIB;
}

static const char *const FILTER_NAMES[] = {"none", "sub", "up", "average", "paeth", "adaptive"};

void png_encoder_name(png_compression c, char *buf, size_t n)
{
    const png_settings *s = png_settings_for(c);
    const char *f = FILTER_NAMES[s->filter];
    switch (s->deflate) {
#ifdef GEN_HAVE_ISAL
    case PNG_DEFLATE_ISAL:
        /* The strip size shapes igzip's output (its calls), so it is part of the name. */
        if (s->filter == PNG_ROWS_NONE)
            snprintf(buf, n, "isa-l %s igzip level %d, filter %s, strips of %d rows", GEN_ISAL_VERSION, s->level, f,
                     STRIP_ROWS);
        else
            snprintf(buf, n, "isa-l %s igzip level %d, filter %s", GEN_ISAL_VERSION, s->level, f);
        break;
#endif
    case PNG_DEFLATE_LIBDEFLATE:
        snprintf(buf, n, "libdeflate %s level %d, filter %s", LIBDEFLATE_VERSION_STRING, s->level, f);
        break;
    default:
        snprintf(buf, n, "zlib %s level %d, filter %s", zlibVersion(), s->level, f);
        break;
    }
}

/* ---- per-thread scratch ------------------------------------------------------ */

typedef struct scratch {
    uint8_t *raw; /* filtered rows: (1 + 3 * width) * height, plus slack */
    size_t raw_cap;
    uint8_t *rows[2]; /* unfiltered previous and current row (filters other than none) */
    uint8_t *trial;   /* one filtered row per filter type (adaptive) */
    size_t row_cap;
    uint8_t *blank; /* a row of the background, converted */
    size_t blank_cap;
    uint8_t *out; /* the zlib stream */
    size_t out_cap;
    uint8_t *level_buf; /* igzip's level buffer */
    size_t level_cap;
#ifdef GEN_HAVE_ISAL
    struct isal_zstream *isal; /* about 100 KB: kept here, not on the stack */
#endif
    struct libdeflate_compressor *ld;
    int ld_level;
    z_stream z;
    int z_level; /* -1: z not initialised */
    double convert_ns, deflate_ns;
} scratch;

static pthread_key_t scratch_key;
static pthread_once_t scratch_once = PTHREAD_ONCE_INIT;
/* Also in thread-local storage, so the main thread's scratch stays reachable
 * (LeakSanitizer) until the process ends. */
static _Thread_local scratch *tl_scratch;

static void scratch_free(void *p)
{
    scratch *s = p;
    if (!s)
        return;
    free(s->raw);
    free(s->rows[0]);
    free(s->rows[1]);
    free(s->trial);
    free(s->blank);
    free(s->out);
    free(s->level_buf);
#ifdef GEN_HAVE_ISAL
    free(s->isal);
#endif
    libdeflate_free_compressor(s->ld);
    if (s->z_level >= 0)
        deflateEnd(&s->z);
    free(s);
    tl_scratch = NULL;
}

static void scratch_key_make(void)
{
    pthread_key_create(&scratch_key, scratch_free);
}

static scratch *scratch_get(void)
{
    if (tl_scratch)
        return tl_scratch;
    pthread_once(&scratch_once, scratch_key_make);
    scratch *s = xcalloc(1, sizeof *s);
    s->z_level = -1;
    tl_scratch = s;
    pthread_setspecific(scratch_key, s);
    return s;
}

/* Grows *buf to at least n bytes, keeping nothing (contents are rewritten). */
static void reserve(uint8_t **buf, size_t *cap, size_t n)
{
    if (*cap >= n)
        return;
    free(*buf);
    *buf = xmalloc(n);
    *cap = n;
}

void png_last_split(double *convert_ns, double *deflate_ns)
{
    scratch *s = scratch_get();
    *convert_ns = s->convert_ns;
    *deflate_ns = s->deflate_ns;
}

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* ---- rows ------------------------------------------------------------------ */

/* Bytes the converters may write past a row's end (overlapping vector stores);
 * whatever lands there is overwritten by the next row or lies in slack. */
#define ROW_SLACK 64

/* Cairo RGB24 words (0x00RRGGBB, native endian) to R, G, B bytes: the portable
 * loop, and x86 versions chosen once at run time.  All give the same bytes. */
static void xrgb_to_rgb_c(uint8_t *o, const uint32_t *px, int n)
{
    for (int x = 0; x < n; x++, o += 3) {
        uint32_t v = px[x];
        o[0] = (uint8_t)(v >> 16);
        o[1] = (uint8_t)(v >> 8);
        o[2] = (uint8_t)v;
    }
}

#ifdef GEN_X86
/* Four pixels per shuffle; each 16-byte store overlaps the next by 4 bytes. */
__attribute__((target("ssse3"))) static void xrgb_to_rgb_ssse3(uint8_t *o, const uint32_t *px, int n)
{
    const __m128i shuf = _mm_setr_epi8(2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1);
    int x = 0;
    for (; x + 16 <= n; x += 16, o += 48) {
        __m128i a = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)(px + x)), shuf);
        __m128i b = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)(px + x + 4)), shuf);
        __m128i c = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)(px + x + 8)), shuf);
        __m128i d = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)(px + x + 12)), shuf);
        _mm_storeu_si128((__m128i *)(void *)o, a);
        _mm_storeu_si128((__m128i *)(void *)(o + 12), b);
        _mm_storeu_si128((__m128i *)(void *)(o + 24), c);
        _mm_storeu_si128((__m128i *)(void *)(o + 36), d);
    }
    for (; x + 4 <= n; x += 4, o += 12)
        _mm_storeu_si128((__m128i *)(void *)o,
                         _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)(px + x)), shuf));
    xrgb_to_rgb_c(o, px + x, n - x);
}

/* Sixteen pixels (64 bytes in, 48 out) per byte permutation, with a masked store. */
__attribute__((target("avx512f,avx512bw,avx512vbmi"))) static void xrgb_to_rgb_vbmi(uint8_t *o, const uint32_t *px,
                                                                                     int n)
{
    uint8_t idx[64];
    for (int i = 0; i < 64; i++)
        idx[i] = i < 48 ? (uint8_t)(4 * (i / 3) + 2 - i % 3) : 0;
    const __m512i perm = _mm512_loadu_si512((const void *)idx);
    int x = 0;
    for (; x + 16 <= n; x += 16, o += 48) {
        __m512i v = _mm512_loadu_si512((const void *)(px + x));
        _mm512_mask_storeu_epi8(o, (__mmask64)0xFFFFFFFFFFFFULL, _mm512_permutexvar_epi8(perm, v));
    }
    xrgb_to_rgb_c(o, px + x, n - x);
}

/* The same, and each 64 bytes of words refilled with `fill` as soon as they
 * are loaded (the refill of png_encode_xrgb_refill without a second pass). */
__attribute__((target("avx512f,avx512bw,avx512vbmi"))) static void xrgb_to_rgb_vbmi_refill(uint8_t *o, uint32_t *px,
                                                                                            int n, uint32_t fill)
{
    uint8_t idx[64];
    for (int i = 0; i < 64; i++)
        idx[i] = i < 48 ? (uint8_t)(4 * (i / 3) + 2 - i % 3) : 0;
    const __m512i perm = _mm512_loadu_si512((const void *)idx), f = _mm512_set1_epi32((int)fill);
    int x = 0;
    for (; x + 16 <= n; x += 16, o += 48) {
        __m512i v = _mm512_loadu_si512((const void *)(px + x));
        _mm512_storeu_si512((void *)(px + x), f);
        _mm512_mask_storeu_epi8(o, (__mmask64)0xFFFFFFFFFFFFULL, _mm512_permutexvar_epi8(perm, v));
    }
    xrgb_to_rgb_c(o, px + x, n - x);
    for (; x < n; x++)
        px[x] = fill;
}
#endif

/* Converts row y of the image into o, and refills the row with `fill` when
 * refill is set (refill is data itself, writable). */
typedef struct rows_in {
    const uint8_t *data;
    uint8_t *refill;
    size_t stride;
    uint32_t fill;
    const int *spans;     /* NULL, or per row the columns that may differ from `fill` */
    const uint8_t *blank; /* a row of `fill` converted (with spans) */
} rows_in;

typedef void (*row_fn)(uint8_t *, const uint32_t *, int);
static row_fn row_convert;
static pthread_once_t row_once = PTHREAD_ONCE_INIT;

static void row_pick(void)
{
    row_convert = xrgb_to_rgb_c;
#ifdef GEN_X86
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("avx512bw"))
        row_convert = xrgb_to_rgb_vbmi;
    else if (__builtin_cpu_supports("ssse3"))
        row_convert = xrgb_to_rgb_ssse3;
#endif
}

static void convert_row(const rows_in *in, int y, int width, uint8_t *o)
{
    if (in->spans) {
        int a = in->spans[2 * y], b = in->spans[2 * y + 1];
        if (a >= b) {
            memcpy(o, in->blank, (size_t)width * 3);
            return;
        }
        if (a > 0 || b < width) {
            /* The span first: the converters may write past its end. */
            rows_in part = *in;
            part.spans = NULL;
            part.data += (size_t)a * 4;
            part.refill = part.refill ? part.refill + (size_t)a * 4 : NULL;
            convert_row(&part, y, b - a, o + (size_t)a * 3);
            memcpy(o, in->blank, (size_t)a * 3);
            memcpy(o + (size_t)b * 3, in->blank, (size_t)(width - b) * 3);
            return;
        }
    }
#ifdef GEN_X86
    if (in->refill && row_convert == xrgb_to_rgb_vbmi) {
        xrgb_to_rgb_vbmi_refill(o, (uint32_t *)(void *)(in->refill + (size_t)y * in->stride), width, in->fill);
        return;
    }
#endif
    row_convert(o, (const uint32_t *)(const void *)(in->data + (size_t)y * in->stride), width);
    if (in->refill) {
        uint32_t *w = (uint32_t *)(void *)(in->refill + (size_t)y * in->stride), f = in->fill;
        for (int x = 0; x < width; x++)
            w[x] = f;
    }
}

int png_rows_use(int which)
{
    pthread_once(&row_once, row_pick);
    if (which == 0) {
        row_convert = xrgb_to_rgb_c;
        return 0;
    }
#ifdef GEN_X86
    if (which == 1 && __builtin_cpu_supports("ssse3")) {
        row_convert = xrgb_to_rgb_ssse3;
        return 0;
    }
    if (which == 2 && __builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("avx512bw")) {
        row_convert = xrgb_to_rgb_vbmi;
        return 0;
    }
#endif
    return -1;
}

const char *png_rows_name(void)
{
    pthread_once(&row_once, row_pick);
#ifdef GEN_X86
    if (row_convert == xrgb_to_rgb_ssse3)
        return "ssse3";
    if (row_convert == xrgb_to_rgb_vbmi)
        return "avx512vbmi";
#endif
    return "portable";
}

static uint8_t paeth(int a, int b, int c)
{
    int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    return (uint8_t)(pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
}

/* Filters row cur (n bytes, 3 per pixel) against prev (NULL: the first row, all
 * zeros) with PNG filter type t into out.  One loop per type, so the compiler
 * vectorises sub, up and average. */
static void filter_row(int t, const uint8_t *restrict cur, const uint8_t *restrict prev, size_t n,
                       uint8_t *restrict out)
{
    size_t head = n < 3 ? n : 3;
    switch (t) {
    case 0:
        memcpy(out, cur, n);
        break;
    case 1:
        memcpy(out, cur, head);
        for (size_t i = 3; i < n; i++)
            out[i] = (uint8_t)(cur[i] - cur[i - 3]);
        break;
    case 2:
        if (!prev)
            memcpy(out, cur, n);
        else
            for (size_t i = 0; i < n; i++)
                out[i] = (uint8_t)(cur[i] - prev[i]);
        break;
    case 3:
        if (!prev) {
            memcpy(out, cur, head);
            for (size_t i = 3; i < n; i++)
                out[i] = (uint8_t)(cur[i] - (cur[i - 3] >> 1));
        } else {
            for (size_t i = 0; i < head; i++)
                out[i] = (uint8_t)(cur[i] - (prev[i] >> 1));
            for (size_t i = 3; i < n; i++)
                out[i] = (uint8_t)(cur[i] - ((cur[i - 3] + prev[i]) >> 1));
        }
        break;
    default: {
        /* Paeth; on the first row it equals Sub. */
        for (size_t i = 0; i < head; i++)
            out[i] = (uint8_t)(cur[i] - (prev ? prev[i] : 0));
        for (size_t i = 3; i < n; i++)
            out[i] = (uint8_t)(cur[i] - (prev ? paeth(cur[i - 3], prev[i], prev[i - 3]) : cur[i - 3]));
        break;
    }
    }
}

/* Sum of the filtered bytes read as signed: libpng's measure for picking a filter. */
static unsigned long row_cost(const uint8_t *f, size_t n)
{
    unsigned long s = 0;
    for (size_t i = 0; i < n; i++)
        s += f[i] < 128 ? f[i] : 256 - f[i];
    return s;
}

/* Fills s->raw with the filtered rows; returns its length. */
static size_t make_rows(scratch *s, const rows_in *in, int width, int height, int filter)
{
    size_t rowlen = (size_t)width * 3, len = (rowlen + 1) * (size_t)height;
    reserve(&s->raw, &s->raw_cap, len + ROW_SLACK);
    uint8_t *o = s->raw;
    if (filter == PNG_ROWS_NONE) {
        for (int y = 0; y < height; y++, o += rowlen + 1) {
            o[0] = 0;
            convert_row(in, y, width, o + 1);
        }
        memset(s->raw + len, 0, ROW_SLACK);
        return len;
    }
    if (s->row_cap < rowlen + ROW_SLACK) {
        for (int k = 0; k < 2; k++) {
            free(s->rows[k]);
            s->rows[k] = xmalloc(rowlen + ROW_SLACK);
        }
        free(s->trial);
        s->trial = xmalloc(5 * rowlen + ROW_SLACK);
        s->row_cap = rowlen + ROW_SLACK;
    }
    for (int y = 0; y < height; y++, o += rowlen + 1) {
        uint8_t *cur = s->rows[y & 1], *prev = y ? s->rows[(y + 1) & 1] : NULL;
        convert_row(in, y, width, cur);
        int t = filter;
        if (filter == PNG_ROWS_ADAPTIVE) {
            unsigned long best = 0;
            for (int k = 0; k < 5; k++) {
                filter_row(k, cur, prev, rowlen, s->trial + (size_t)k * rowlen);
                unsigned long c = row_cost(s->trial + (size_t)k * rowlen, rowlen);
                if (k == 0 || c < best) {
                    best = c;
                    t = k;
                }
            }
            memcpy(o + 1, s->trial + (size_t)t * rowlen, rowlen);
        } else {
            filter_row(t, cur, prev, rowlen, o + 1);
        }
        o[0] = (uint8_t)t;
    }
    return len;
}

/* Big-endian, as PNG and zlib store integers. */
static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* ---- Adler-32 (zlib's trailer) ------------------------------------------------ */

/* The Adler-32 modulus (RFC 1950): the largest prime below 2^16. */
#define ADLER_MOD 65521u

#ifdef GEN_X86
/* 64 bytes a step with AVX-512 VNNI dot products: per 32-bit lane, the byte sum
 * (s1) and the byte sum weighted 64..1 by position (s2's share within a block),
 * plus the running s1 before each block (64 times it is s2's share from the
 * bytes of earlier blocks).  ADLER_BLOCKS blocks per round keep every total in
 * 31 bits (the s1 prefix sum is at most 256^2 / 2 * 64 * 255), then the round
 * is folded into (a, b) modulo 65521. */
#define ADLER_BLOCKS 256
__attribute__((target("avx512f,avx512bw,avx512vnni"))) static uint32_t adler_vnni(uint32_t adler, const uint8_t *p,
                                                                                  size_t n)
{
    uint64_t a = adler & 0xffff, b = adler >> 16;
    uint8_t w[64];
    for (int i = 0; i < 64; i++)
        w[i] = (uint8_t)(64 - i);
    const __m512i weights = _mm512_loadu_si512((const void *)w), ones = _mm512_set1_epi8(1);
    while (n >= 64) {
        size_t k = n / 64 < ADLER_BLOCKS ? n / 64 : ADLER_BLOCKS;
        __m512i s1 = _mm512_setzero_si512(), pre = _mm512_setzero_si512(), s2 = _mm512_setzero_si512();
        for (size_t j = 0; j < k; j++, p += 64) {
            __m512i v = _mm512_loadu_si512((const void *)p);
            pre = _mm512_add_epi32(pre, s1);
            s1 = _mm512_dpbusd_epi32(s1, v, ones);
            s2 = _mm512_dpbusd_epi32(s2, v, weights);
        }
        uint64_t t1 = (uint32_t)_mm512_reduce_add_epi32(s1), tp = (uint32_t)_mm512_reduce_add_epi32(pre),
                 t2 = (uint32_t)_mm512_reduce_add_epi32(s2);
        b = (b + 64 * k * a + 64 * tp + t2) % ADLER_MOD;
        a = (a + t1) % ADLER_MOD;
        n -= 64 * k;
    }
    for (size_t i = 0; i < n; i++) {
        a += p[i];
        b += a;
    }
    return (uint32_t)((b % ADLER_MOD) << 16 | (a % ADLER_MOD));
}
#endif

/* libdeflate's, which picks SSE2 or AVX2 itself. */
static uint32_t adler_libdeflate(uint32_t adler, const uint8_t *p, size_t n)
{
    return n ? libdeflate_adler32(adler, p, n) : adler;
}

static uint32_t (*adler_update)(uint32_t, const uint8_t *, size_t) = adler_libdeflate;
static pthread_once_t adler_once = PTHREAD_ONCE_INIT;

static void adler_pick(void)
{
#ifdef GEN_X86
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512vnni") && __builtin_cpu_supports("avx512bw"))
        adler_update = adler_vnni;
#endif
}

uint32_t png_adler32(uint32_t adler, const uint8_t *p, size_t n)
{
    pthread_once(&adler_once, adler_pick);
    return adler_update(adler, p, n);
}

/* ---- deflate --------------------------------------------------------------- */

#ifdef GEN_HAVE_ISAL
/* igzip's assembly uses AVX2 and AVX-512 registers and never ends with
 * vzeroupper, so the upper halves stay dirty after it returns: every SSE
 * instruction that follows (ours, libm's, pixman's) then waits on them, and the
 * next image's scene and drawing ran up to twice as slow.  Clearing them after
 * each igzip call costs one instruction. */
#ifdef GEN_X86
__attribute__((target("avx"))) static void upper_clear_avx(void) { _mm256_zeroupper(); }
#endif
static void isal_done(void)
{
#ifdef GEN_X86
    if (__builtin_cpu_supports("avx"))
        upper_clear_avx();
#endif
}

/* Readies s->isal for one image at igzip level `level` (stateless or streaming),
 * writing to s->out; NULL with a message in err if the level is not igzip's. */
static struct isal_zstream *isal_start(scratch *s, int level, bool stateless, uint16_t wrapper, char *err,
                                       size_t errlen)
{
    static const size_t level_size[] = {ISAL_DEF_LVL0_DEFAULT, ISAL_DEF_LVL1_DEFAULT, ISAL_DEF_LVL2_DEFAULT,
                                        ISAL_DEF_LVL3_DEFAULT};
    if (level < 0 || level > 3) {
        snprintf(err, errlen, "igzip: no level %d", level);
        return NULL;
    }
    reserve(&s->level_buf, &s->level_cap, level_size[level] ? level_size[level] : 1);
    if (!s->isal)
        s->isal = xmalloc(sizeof *s->isal);
    struct isal_zstream *z = s->isal;
    /* igzip's init functions set only some fields of the state; zeroing all of
     * it keeps stack or heap garbage out of the result. */
    memset(z, 0, sizeof *z);
    if (stateless)
        isal_deflate_stateless_init(z);
    else
        isal_deflate_init(z);
    z->level = (uint32_t)level;
    z->level_buf = level ? s->level_buf : NULL;
    z->level_buf_size = level ? (uint32_t)level_size[level] : 0;
    z->gzip_flag = wrapper;
    z->flush = NO_FLUSH;
    z->next_out = s->out;
    z->avail_out = (uint32_t)s->out_cap;
    return z;
}
#endif

/* Compresses s->raw[0..n) into s->out as a zlib stream; returns its length, or 0
 * with a message in err. */
static size_t deflate_rows(scratch *s, size_t n, const png_settings *set, char *err, size_t errlen)
{
    /* Stored blocks cost 5 bytes per 65535 and zlib's bound is below n/3000 more:
     * any deflate of n bytes fits in this. */
    size_t bound = n + n / 1000 + 1024;
    reserve(&s->out, &s->out_cap, bound);
    if (set->deflate == PNG_DEFLATE_LIBDEFLATE) {
        if (!s->ld || s->ld_level != set->level) {
            libdeflate_free_compressor(s->ld);
            s->ld = libdeflate_alloc_compressor(set->level);
            s->ld_level = set->level;
            if (!s->ld) {
                snprintf(err, errlen, "libdeflate: cannot make a level %d compressor", set->level);
                return 0;
            }
        }
        size_t got = libdeflate_zlib_compress(s->ld, s->raw, n, s->out, s->out_cap);
        if (!got)
            snprintf(err, errlen, "libdeflate: output does not fit");
        return got;
    }
#ifdef GEN_HAVE_ISAL
    if (set->deflate == PNG_DEFLATE_ISAL) {
        if (n > UINT32_MAX / 2) {
            snprintf(err, errlen, "igzip: %zu bytes is too large", n);
            return 0;
        }
        struct isal_zstream *z = isal_start(s, set->level, true, IGZIP_ZLIB, err, errlen);
        if (!z)
            return 0;
        z->next_in = s->raw;
        z->avail_in = (uint32_t)n;
        z->end_of_stream = 1;
        int rc = isal_deflate_stateless(z);
        isal_done();
        if (rc != COMP_OK) {
            snprintf(err, errlen, "igzip: error %d", rc);
            return 0;
        }
        return z->total_out;
    }
#endif
    if (set->deflate != PNG_DEFLATE_ZLIB) {
        snprintf(err, errlen, "deflate %d is not in this build", set->deflate);
        return 0;
    }
    if (s->z_level != set->level) {
        if (s->z_level >= 0)
            deflateEnd(&s->z);
        memset(&s->z, 0, sizeof s->z);
        s->z_level = -1;
        if (deflateInit2(&s->z, set->level, Z_DEFLATED, 15, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
            snprintf(err, errlen, "zlib: cannot start level %d", set->level);
            return 0;
        }
        s->z_level = set->level;
    } else {
        deflateReset(&s->z);
    }
    s->z.next_in = s->raw;
    s->z.avail_in = (uInt)n;
    s->z.next_out = s->out;
    s->z.avail_out = (uInt)s->out_cap;
    if (deflate(&s->z, Z_FINISH) != Z_STREAM_END) {
        snprintf(err, errlen, "zlib: output does not fit");
        return 0;
    }
    return s->z.total_out;
}

#ifdef GEN_HAVE_ISAL
/* The zlib header igzip writes (RFC 1950: deflate, 32 KB window, "fastest"
 * level, check bits): ours is the same, so the files are the same bytes as
 * when igzip wrapped the stream itself. */
static const uint8_t ZLIB_HEADER[2] = {0x78, 0x01};

/* igzip with no filter (the fast setting): rows are converted a strip at a time
 * and fed to igzip's streaming deflate, so the image is never copied whole and
 * the strip is still in cache when it is compressed.  The strip size is fixed,
 * so the bytes depend on the pixels alone.  igzip writes raw deflate; the zlib
 * header and the Adler-32 trailer are ours, the checksum taken over each strip
 * while it is in cache (igzip's own takes a pass with AVX2 over its copy of the
 * input).  Returns the zlib stream's length in s->out, or 0 with a message in
 * err. */
static size_t isal_strips(scratch *s, const rows_in *in, int width, int height, int level, char *err, size_t errlen)
{
    size_t rowlen = (size_t)width * 3 + 1, n = rowlen * (size_t)height;
    reserve(&s->raw, &s->raw_cap, rowlen * STRIP_ROWS + ROW_SLACK);
    reserve(&s->out, &s->out_cap, n + n / 1000 + 1024);
    if (n > UINT32_MAX / 2) {
        snprintf(err, errlen, "igzip: %zu bytes is too large", n);
        return 0;
    }
    struct isal_zstream *z = isal_start(s, level, false, IGZIP_DEFLATE, err, errlen);
    if (!z)
        return 0;
    pthread_once(&adler_once, adler_pick);
    memcpy(s->out, ZLIB_HEADER, 2);
    z->next_out = s->out + 2;
    z->avail_out = (uint32_t)(s->out_cap - 2);
    uint32_t adler = 1;
    double conv = 0;
    for (int y = 0; y < height; y += STRIP_ROWS) {
        int rows = height - y < STRIP_ROWS ? height - y : STRIP_ROWS;
        double t0 = now_ns();
        uint8_t *o = s->raw;
        for (int r = 0; r < rows; r++, o += rowlen) {
            o[0] = 0;
            convert_row(in, y + r, width, o + 1);
        }
        memset(o, 0, ROW_SLACK);
        adler = adler_update(adler, s->raw, rowlen * (size_t)rows);
        conv += now_ns() - t0;
        z->next_in = s->raw;
        z->avail_in = (uint32_t)(rowlen * (size_t)rows);
        z->end_of_stream = y + rows == height;
        /* Until the strip is taken (and at the end, until the stream is
         * finished), growing the output when it is full: noise can come out
         * larger than it went in. */
        for (int guard = 0; z->avail_in || (z->end_of_stream && z->internal_state.state != ZSTATE_END); guard++) {
            int rc = isal_deflate(z);
            isal_done();
            if (rc != COMP_OK || guard > 40) {
                snprintf(err, errlen, "igzip: error %d at row %d", rc, y);
                return 0;
            }
            if ((z->avail_in || (z->end_of_stream && z->internal_state.state != ZSTATE_END)) && z->avail_out < 4096) {
                size_t used = (size_t)(z->next_out - s->out);
                s->out_cap *= 2;
                s->out = xrealloc(s->out, s->out_cap);
                z->next_out = s->out + used;
                z->avail_out = (uint32_t)(s->out_cap - used);
            }
        }
    }
    s->convert_ns = conv;
    size_t len = 2 + z->total_out;
    if (s->out_cap - len < 4) {
        s->out_cap = len + 4;
        s->out = xrealloc(s->out, s->out_cap);
    }
    put32(s->out + len, adler);
    return len + 4;
}
#endif

/* ---- the container --------------------------------------------------------- */

/* The PNG CRC (ISO 3309, as zlib's crc32).  libdeflate_crc32 answers 0 for a NULL
 * buffer whatever crc is, so an empty piece is skipped here. */
static uint32_t crc(uint32_t c, const uint8_t *p, size_t n)
{
    return n ? (uint32_t)libdeflate_crc32(c, p, n) : c;
}

/* Appends a chunk: length, type, data, CRC of type and data. */
static void chunk(strbuf *out, const char type[4], const uint8_t *data, size_t n)
{
    uint8_t head[8], tail[4];
    put32(head, (uint32_t)n);
    memcpy(head + 4, type, 4);
    uint32_t c = crc(0, head + 4, 4);
    c = crc(c, data, n);
    put32(tail, c);
    strbuf_addn(out, (const char *)head, 8);
    if (n)
        strbuf_addn(out, (const char *)data, n);
    strbuf_addn(out, (const char *)tail, 4);
}

static int encode(const rows_in *in, int width, int height, const png_settings *set, strbuf *out, char *err,
                  size_t errlen)
{
    /* The PNG spec limits width and height to 2^31-1; one IDAT holds at most
     * 2^31-1 bytes, which bounds us far lower. */
    if (width < 1 || height < 1 || width > 16384 || height > 16384 || set->filter < 0 ||
        set->filter > PNG_ROWS_ADAPTIVE || !png_deflate_available(set->deflate)) {
        snprintf(err, errlen, "cannot encode a %dx%d PNG with these settings", width, height);
        return -1;
    }
    pthread_once(&row_once, row_pick);
    scratch *s = scratch_get();
    double t0 = now_ns();
    rows_in rin = *in;
    if (rin.spans) {
        reserve(&s->blank, &s->blank_cap, (size_t)width * 3 + ROW_SLACK);
        xrgb_to_rgb_c(s->blank, &rin.fill, 1);
        for (size_t i = 3; i < (size_t)width * 3; i++)
            s->blank[i] = s->blank[i - 3];
        rin.blank = s->blank;
    }
    in = &rin;
    size_t z;
#ifdef GEN_HAVE_ISAL
    if (set->deflate == PNG_DEFLATE_ISAL && set->filter == PNG_ROWS_NONE) {
        z = isal_strips(s, in, width, height, set->level, err, errlen);
        s->deflate_ns = now_ns() - t0 - s->convert_ns;
    } else
#endif
    {
        size_t n = make_rows(s, in, width, height, set->filter);
        double t1 = now_ns();
        z = deflate_rows(s, n, set, err, errlen);
        s->convert_ns = t1 - t0;
        s->deflate_ns = now_ns() - t1;
    }
    if (!z)
        return -1;
    static const uint8_t signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    uint8_t ihdr[13];
    put32(ihdr, (uint32_t)width);
    put32(ihdr + 4, (uint32_t)height);
    ihdr[8] = 8;  /* bit depth */
    ihdr[9] = 2;  /* colour type: RGB */
    ihdr[10] = 0; /* compression: deflate */
    ihdr[11] = 0; /* filter method: adaptive (types 0-4 per row) */
    ihdr[12] = 0; /* no interlace */
    strbuf_addn(out, (const char *)signature, 8);
    chunk(out, "IHDR", ihdr, sizeof ihdr);
    chunk(out, "IDAT", s->out, z);
    chunk(out, "IEND", NULL, 0);
    return 0;
}

int png_encode_xrgb(const uint8_t *data, int width, int height, int stride, const png_settings *set, strbuf *out,
                    char *err, size_t errlen)
{
    rows_in in = {data, NULL, (size_t)stride, 0, NULL, NULL};
    return encode(&in, width, height, set, out, err, errlen);
}

int png_encode_xrgb_refill(uint8_t *data, int width, int height, int stride, const png_settings *set, uint32_t fill,
                           const int *spans, strbuf *out, char *err, size_t errlen)
{
    rows_in in = {data, data, (size_t)stride, fill, spans, NULL};
    return encode(&in, width, height, set, out, err, errlen);
}

/* The rows as packed RGB, with the encoder's converters and refill (png_io.h). */
void png_xrgb_to_rgb_refill(uint8_t *dst, uint8_t *data, int width, int height, int stride, uint32_t fill,
                            const int *spans)
{
    if (width < 1 || height < 1)
        return;
    pthread_once(&row_once, row_pick);
    scratch *s = scratch_get();
    size_t row = (size_t)width * 3;
    /* blank: a row of fill; last: the last row, converted where the converters
     * may write past its end (a row's overrun lands on the next row, converted after) */
    reserve(&s->blank, &s->blank_cap, 2 * (row + ROW_SLACK));
    uint8_t *blank = s->blank, *last = s->blank + row + ROW_SLACK;
    xrgb_to_rgb_c(blank, &fill, 1);
    for (size_t i = 3; i < row; i++)
        blank[i] = blank[i - 3];
    rows_in in = {data, data, (size_t)stride, fill, spans, blank};
    for (int y = 0; y < height; y++) {
        uint8_t *o = y + 1 < height ? dst + (size_t)y * row : last;
        convert_row(&in, y, width, o);
    }
    memcpy(dst + (size_t)(height - 1) * row, last, row);
}

/* ---- reading (libpng) -------------------------------------------------------- */

int png_decode_file(const char *path, uint8_t **rgb_out, int *width, int *height, char *err, size_t errlen)
{
    png_image img;
    memset(&img, 0, sizeof img);
    img.version = PNG_IMAGE_VERSION;
    *rgb_out = NULL;
    if (!png_image_begin_read_from_file(&img, path)) {
        snprintf(err, errlen, "cannot read PNG '%s': %s", path, img.message);
        return -1;
    }
    img.format = PNG_FORMAT_RGB;
    size_t n = PNG_IMAGE_SIZE(img);
    uint8_t *buf = malloc(n ? n : 1);
    if (!buf) {
        png_image_free(&img);
        snprintf(err, errlen, "out of memory decoding '%s'", path);
        return -1;
    }
    if (!png_image_finish_read(&img, NULL, buf, 0, NULL)) {
        snprintf(err, errlen, "cannot decode PNG '%s': %s", path, img.message);
        free(buf);
        png_image_free(&img);
        return -1;
    }
    *rgb_out = buf;
    *width = (int)img.width;
    *height = (int)img.height;
    return 0;
}

int png_write_rgb_file(const char *path, const uint8_t *rgb_pixels, int width, int height)
{
    png_image img;
    memset(&img, 0, sizeof img);
    img.version = PNG_IMAGE_VERSION;
    img.width = (png_uint_32)width;
    img.height = (png_uint_32)height;
    img.format = PNG_FORMAT_RGB;
    return png_image_write_to_file(&img, path, 0, rgb_pixels, 0, NULL) ? 0 : -1;
}
