/* SPDX-License-Identifier: MIT */
/* row_pair.h - the pair of match_shadow and match_outline, as Percept-V draws it:
 * two strips of n rows (matplotlib's 1 x (n+1) in figure at 100 dpi, tight
 * bounding box: 97 x floor(77.5 (n + 0.1) + 20) px, e.g. 97x105 at n = 1, 97x802
 * at 10, 97x1577 at 20), one shape per row in the middle of its row and a 1.5 pt
 * black line under every row.  The first strip's shapes are solid blue, point up;
 * the second's are solid blue and turned upside down (match_shadow: the original's
 * "shadows", a triangle or pentagon points down) or blue outlines the same way up
 * (match_outline).  Kinds (circle, triangle, square, pentagon) are uniform and
 * independent per row and per strip; the answer is how many rows hold the same
 * kind in both.
 *
 * Contract:
 *  1. Geometry in the original's data units (one unit = 77.5 px): rows one unit
 *     tall, shape "radius" 0.1 (7.75 px), centre at x = 0.5; every shape has the
 *     1 pt (1.39 px) edge matplotlib gives a patch; drawn as matplotlib draws the
 *     patches and lines (mplfig.h, EDGES_MPL: squares snapped to pixel centres as
 *     Agg snaps a rectilinear path).
 *  2. Primitive kinds "circle", "triangle", "square", "pentagon" with object = row
 *     (0 = top) and layer 0 upright, 1 upside down; the lines are kind "separator".
 *  3. The record gets Gold_output = the number of rows whose kinds agree and
 *     Rows = n (both ints).
 */
#ifndef GEN_ROW_PAIR_H
#define GEN_ROW_PAIR_H

#include "generator.h"

#include <stddef.h>

typedef enum row_style {
    ROW_SHADOW, /* match_shadow: solid, upside down */
    ROW_OUTLINE /* match_outline: outline, upright */
} row_style;

/* The canvas height at n rows (the width is ROW_PAIR_WIDTH). */
#define ROW_PAIR_WIDTH 97
int row_pair_height(int n);

/* Most rows a strip holds (past the release's 20): 200 rows are 15,527 px tall. */
#define ROW_PAIR_MAX_ROWS 200
int row_pair_check_level(const gen_params *p, char *err, size_t errlen);

int row_pair_sample(gen_ctx *ctx, row_style style);

#endif
