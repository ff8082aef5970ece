/* palette.h - the named colour palette shared by every generator.
 *
 * Contract:
 *  1. swatches/palette.def is the only definition of the palette; PALETTE is built
 *     from it, in its order (palette order, which answers and rules.txt use).
 *  2. Names are static lowercase strings, unique; palette_find() maps a name back
 *     to its index.
 *  3. No two palette colours are closer than PALETTE_MIN_DE2000 and none is closer
 *     than PALETTE_MIN_WHITE_DE2000 to the white background (tests/test_palette.c).
 *  4. Everything here is constant data or a pure function: safe from any thread.
 */
#ifndef GEN_PALETTE_H
#define GEN_PALETTE_H

#include "scene.h"

/* Rule 9 of the task spec: one palette of 20 colours. */
#define PALETTE_SIZE 20

/* Floor on the CIEDE2000 distance between any two palette colours: well past the
 * ~2-5 that reads as "similar" side by side, so every pair is clearly different. */
#define PALETTE_MIN_DE2000 15.0
/* Floor on the CIEDE2000 distance from white: a colour must stand out on the
 * default white canvas, so it needs more than the pairwise floor. */
#define PALETTE_MIN_WHITE_DE2000 20.0

/* Index of red in PALETTE (first line of palette.def; palette.c checks this at
 * compile time). */
#define PALETTE_RED 0

typedef struct palette_colour {
    const char *name;
    rgb value;
} palette_colour;

extern const palette_colour PALETTE[PALETTE_SIZE];

/* Index of the colour called name, or -1 if there is none (or name is NULL). */
int palette_find(const char *name);

/* Writes to out, in palette order, the indices of colours whose CIEDE2000 from
 * PALETTE[index] is >= min_de, stopping after max of them; returns how many it
 * wrote, or -1 if index is not a palette index.  With min_de > 0 the colour
 * itself is never listed. */
int palette_far_from(int index, double min_de, int *out, int max);

#endif
