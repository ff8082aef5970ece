/* SPDX-License-Identifier: MIT */
#include "pixhash.h"

#include "util.h"

#include <stdlib.h>
#include <string.h>

/* Two lanes with different odd multipliers (the 64-bit constants of splitmix64
 * and of a Weyl sequence): each 8-byte word is folded into both. */
#define LANE_A_MUL 0xbf58476d1ce4e5b9ULL
#define LANE_B_MUL 0x94d049bb133111ebULL

typedef struct hstate {
    uint64_t a, b;
} hstate;

static uint64_t rotl(uint64_t x, int r)
{
    return (x << r) | (x >> (64 - r));
}

static void fold(hstate *h, uint64_t w)
{
    h->a = rotl((h->a ^ w) * LANE_A_MUL, 29);
    h->b = rotl(h->b + w, 31) * LANE_B_MUL;
}

static uint64_t finish(uint64_t x)
{
    x ^= x >> 31;
    x *= LANE_A_MUL;
    x ^= x >> 27;
    x *= LANE_B_MUL;
    return x ^ (x >> 33);
}

static void start(hstate *h, int width, int height)
{
    h->a = 0x243f6a8885a308d3ULL; /* digits of pi: any fixed, non-zero start */
    h->b = 0x13198a2e03707344ULL;
    fold(h, ((uint64_t)(uint32_t)width << 32) | (uint32_t)height);
}

/* One row of RGB bytes: whole words, then the tail padded with zeros and its
 * length, so rows of different widths never fold alike. */
static void row(hstate *h, const uint8_t *p, size_t n)
{
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        fold(h, w);
    }
    uint64_t w = 0;
    memcpy(&w, p + i, n - i);
    fold(h, w ^ ((uint64_t)(n - i) << 56));
}

static pixhash end(const hstate *h)
{
    pixhash r = {finish(h->a ^ rotl(h->b, 17)), finish(h->b + h->a)};
    return r;
}

pixhash pixhash_rgb(const uint8_t *rgb, int width, int height)
{
    hstate h;
    start(&h, width, height);
    for (int y = 0; y < height; y++)
        row(&h, rgb + (size_t)y * (size_t)width * 3, (size_t)width * 3);
    return end(&h);
}

pixhash pixhash_xrgb(const uint8_t *data, int width, int height, int stride)
{
    hstate h;
    start(&h, width, height);
    uint8_t *line = xmalloc((size_t)width * 3 + 8);
    for (int y = 0; y < height; y++) {
        const uint32_t *px = (const uint32_t *)(const void *)(data + (size_t)y * (size_t)stride);
        for (int x = 0; x < width; x++) {
            line[3 * x] = (uint8_t)(px[x] >> 16);
            line[3 * x + 1] = (uint8_t)(px[x] >> 8);
            line[3 * x + 2] = (uint8_t)px[x];
        }
        row(&h, line, (size_t)width * 3);
    }
    free(line);
    return end(&h);
}

bool pixhash_eq(pixhash x, pixhash y)
{
    return x.a == y.a && x.b == y.b;
}

int pixhash_cmp(pixhash x, pixhash y)
{
    if (x.a != y.a)
        return x.a < y.a ? -1 : 1;
    if (x.b != y.b)
        return x.b < y.b ? -1 : 1;
    return 0;
}

pixhash pixhash_chain(pixhash acc, pixhash next)
{
    hstate h = {acc.a, acc.b};
    fold(&h, next.a);
    fold(&h, next.b);
    return end(&h);
}
