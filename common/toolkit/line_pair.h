/* SPDX-License-Identifier: MIT */
/* line_pair.h - the scene pair of mirror_image and water_image, as Percept-V
 * draws it: a 389x389 white canvas (matplotlib's 6.4x4.8 in figure at 100 dpi,
 * tight bounding box) with a 2 px blue line through the centre, vertical
 * (mirror_image) or horizontal (water_image); 2n small filled shapes (circle,
 * triangle, square, pentagon in red, green, blue, yellow, orange or black) on one
 * side of it in the first image; in the second, n of them reflected across the
 * line and the other n where they were.  The answer is n.
 *
 * Contract:
 *  1. Geometry in the original's data units (a 407 x 407 box, 0.9081 px a unit):
 *     shape "radius" 3.5, centres uniform over x in [-200, -3.5], y in [-200, 200]
 *     (mirror; water: x in [-200, 200], y in [3.5, 200]), each new centre more than
 *     7 units from every earlier one; colour and kind uniform per shape.
 *  2. The n shapes reflected are a uniform choice of the 2n; the reflection is a
 *     true one (water_image's triangles and pentagons point down below the line).
 *  3. A scene where two shapes' drawn extents (fill plus their 1 pt edge) come
 *     closer than LINE_PAIR_MIN_GAP px, or a shape comes closer than that to the
 *     drawn line, in either image, is thrown away and drawn again from the same
 *     stream (ctx->redraws counts them); after LINE_PAIR_SCENES scenes gen_fail().
 *  4. The record gets `field` = n and `num_objects` = n (both ints).
 *  5. Drawn as matplotlib draws the figure (mplfig.h, EDGES_MPL): the shapes as
 *     patches with mitred 1 pt edges, squares snapped by Agg (the readability
 *     rule of 3 measures them snapped, in both images), the line after them.
 */
#ifndef GEN_LINE_PAIR_H
#define GEN_LINE_PAIR_H

#include "generator.h"

#include <stdbool.h>

/* The canvas, both images. */
#define LINE_PAIR_SIZE 389
/* Least clear space between two shapes, or a shape and the line, in pixels.
 * Each drawn shape (fill and edge) is convex, and a pixel more than half covered
 * by a convex shape has its centre inside it; two 4-neighbour pixel centres are
 * 1 px apart, so with more than 1 px between two shapes no pixel more than half
 * covered by one touches a pixel more than half covered by the other: each shape
 * stays a blob of its own, apart from the line. */
#define LINE_PAIR_MIN_GAP 1.0
/* Scenes tried before gen_fail (level 20 throws away about 5 for each it keeps). */
#define LINE_PAIR_SCENES 1000

/* The pixel geometry, shared with the consistency tests. */
#define LINE_PAIR_PX (369.6 / 407.0)         /* pixels per data unit */
#define LINE_PAIR_LEFT 10.0                  /* the data box's left edge, px */
#define LINE_PAIR_TOP (389.0 - 10.0 - 369.6) /* its top edge, px (9.4) */
#define LINE_PAIR_R 3.5                      /* shape "radius", data units */
#define LINE_PAIR_EDGE (100.0 / 72.0)        /* the patches' 1 pt edge, px */
/* The blue line as matplotlib snaps it: columns 194-195 x rows 9-378 (vertical),
 * rows 193-194 x columns 10-379 (horizontal); the readability rule's (the
 * drawing is mplfig.h's). */
#define LINE_PAIR_LINE_LO 194.0
#define LINE_PAIR_LINE_HI 196.0
#define LINE_PAIR_H_LINE_LO 193.0
#define LINE_PAIR_H_LINE_HI 195.0

/* vertical: mirror_image (shapes left of a vertical line); else water_image
 * (shapes above a horizontal line).  field: the record field holding n. */
int line_pair_sample(gen_ctx *ctx, bool vertical, const char *field);

#endif
