/* SPDX-License-Identifier: MIT */
/* blobs.h - connected regions of a rendered canvas, for the checks that count
 * objects from the pixels (counting_circles, count_coloured_circles,
 * counting_locations, counting_shapes, circle_location).
 *
 * Contract:
 *  1. A pixel belongs to a region when match(pixel, arg) is true; regions are
 *     8-connected (a diagonal contact joins two objects, as it does to the eye).
 *  2. blobs_count() returns the number of regions of at least min_pixels pixels;
 *     smaller ones (antialiasing specks) are ignored.
 *  3. Header-only (static functions), one work buffer per call: tests only.
 */
#ifndef GEN_TEST_BLOBS_H
#define GEN_TEST_BLOBS_H

#include "render.h"

#include <stdbool.h>
#include <stdlib.h>

typedef bool (*blob_match)(rgb c, void *arg);

/* One region: its pixel count and bounding box (window coordinates, inclusive). */
typedef struct blob_info {
    int pixels, x0, y0, x1, y1;
} blob_info;

/* Region count of the w x h window at (x0, y0) of cv; when info is not NULL, the
 * first max_info regions' sizes and boxes go there. */
static inline int blobs_find_in(const canvas *cv, int x0, int y0, int w, int h, blob_match match, void *arg,
                                int min_pixels, blob_info *info, int max_info)
{
    unsigned char *in = calloc((size_t)w * (size_t)h, 1);
    int *stack = malloc(sizeof *stack * (size_t)w * (size_t)h);
    if (!in || !stack) {
        free(in);
        free(stack);
        return -1;
    }
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            in[(size_t)y * (size_t)w + (size_t)x] = match(canvas_pixel(cv, x0 + x, y0 + y), arg) ? 1 : 0;
    int regions = 0;
    for (int start = 0; start < w * h; start++) {
        if (in[start] != 1)
            continue;
        int top = 0, size = 0;
        blob_info b = {0, w, h, -1, -1};
        stack[top++] = start;
        in[start] = 2;
        while (top) {
            int at = stack[--top], ax = at % w, ay = at / w;
            size++;
            b.x0 = ax < b.x0 ? ax : b.x0;
            b.y0 = ay < b.y0 ? ay : b.y0;
            b.x1 = ax > b.x1 ? ax : b.x1;
            b.y1 = ay > b.y1 ? ay : b.y1;
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++) {
                    int nx = ax + dx, ny = ay + dy;
                    if (nx < 0 || ny < 0 || nx >= w || ny >= h)
                        continue;
                    int k = ny * w + nx;
                    if (in[k] == 1) {
                        in[k] = 2;
                        stack[top++] = k;
                    }
                }
        }
        if (size >= min_pixels) {
            b.pixels = size;
            if (info && regions < max_info)
                info[regions] = b;
            regions++;
        }
    }
    free(in);
    free(stack);
    return regions;
}

static inline int blobs_count_in(const canvas *cv, int x0, int y0, int w, int h, blob_match match, void *arg,
                                 int min_pixels)
{
    return blobs_find_in(cv, x0, y0, w, h, match, arg, min_pixels, NULL, 0);
}

static inline int blobs_count(const canvas *cv, int w, int h, blob_match match, void *arg, int min_pixels)
{
    return blobs_count_in(cv, 0, 0, w, h, match, arg, min_pixels);
}

/* Pixels darker than a grey level (arg: int * threshold, NULL = 128 on every channel). */
static inline bool blob_dark(rgb c, void *arg)
{
    int t = arg ? *(const int *)arg : 128;
    return c.r < t && c.g < t && c.b < t;
}

#endif
