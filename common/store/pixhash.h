/* SPDX-License-Identifier: MIT */
/* pixhash.h - a 128-bit hash of an image's pixels, not of its file.
 *
 * Contract:
 *  1. The hash depends only on the width, the height and the 8-bit RGB values of
 *     every pixel, row by row: a re-encoded PNG (other filter, other deflate) of
 *     the same pixels has the same hash.
 *  2. pixhash_xrgb (a Cairo RGB24 canvas) and pixhash_rgb (decoded PNG bytes) give
 *     the same hash for the same pixels.
 *  3. It is for finding duplicates (gen overlap, --exclude), not for security: two
 *     independent 64-bit lanes, so an accidental collision is about 2^-128.
 */
#ifndef GEN_PIXHASH_H
#define GEN_PIXHASH_H

#include <stdbool.h>
#include <stdint.h>

typedef struct pixhash {
    uint64_t a, b;
} pixhash;

pixhash pixhash_rgb(const uint8_t *rgb, int width, int height);
pixhash pixhash_xrgb(const uint8_t *data, int width, int height, int stride);
bool pixhash_eq(pixhash x, pixhash y);
int pixhash_cmp(pixhash x, pixhash y);
/* The key of an ordered run of images (a video sample's frames): start from
 * {0, 0} and chain each image's hash in order; any frame changed, added,
 * dropped or moved gives another key. */
pixhash pixhash_chain(pixhash acc, pixhash next);

#endif
