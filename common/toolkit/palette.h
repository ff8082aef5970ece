/* SPDX-License-Identifier: MIT */
/* palette.h - the named colour palette shared by every generator.
 *
 * Contract:
 *  1. swatches/palette.def is the only definition of the palette; PALETTE is built
 *     from it, in its order (palette order, which answers and rules.txt use).
 *  2. Names are static lowercase strings, unique; palette_find() maps a name back
 *     to its index.
 *  3. The colours are Percept-V's, with matplotlib's values: its margins are the
 *     benchmark's as published (ivory 6.9 CIEDE2000 from white, lavender 10.1,
 *     orange/goldenrod 8.9 apart); tests/test_palette.c pins those figures and
 *     PALETTE_MIN_DE2000 / PALETTE_MIN_WHITE_DE2000 are its closest pair and its
 *     palest colour, measured, not floors.
 *  4. Everything here is constant data or a pure function: safe from any thread.
 */
#ifndef GEN_PALETTE_H
#define GEN_PALETTE_H

#include "scene.h"

/* Rule 9 of the task spec: one palette of 20 colours, the original's. */
#define PALETTE_SIZE 20

/* The CIEDE2000 distance of the palette's closest pair (orange/goldenrod, 8.9)
 * and of its palest colour from white (ivory, 6.9), a tenth below:
 * measured figures of the original palette, pinned by tests/test_palette.c. */
#define PALETTE_MIN_DE2000 8.8
#define PALETTE_MIN_WHITE_DE2000 6.8

/* Index of red in PALETTE (the fifth line of palette.def; palette.c checks this at
 * compile time). */
#define PALETTE_RED 4

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
