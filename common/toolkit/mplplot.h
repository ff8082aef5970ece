/* SPDX-License-Identifier: MIT */
/* mplplot.h - where a Percept-V matplotlib plot puts things, in gen's pixels.
 *
 * The swatch tasks of the original (colours_present, layered_colours,
 * list_colours) draw on matplotlib's default figure (640x480 at 100 dpi, axes
 * box 0.125..0.9 x 0.11..0.88), with equal aspect on a square data range and the
 * axes off, save it with a tight bounding box (the 369.6-px axes square plus
 * 0.1 in of padding: a 389x389 PNG) and stack it on the 489-px swatch strip
 * after resizing it to the strip's width (cv2.resize): the plot is stretched
 * 489/389 = 1.257 times across, so its circles are ellipses.
 *
 * Contract:
 *  1. MPL_PLOT_W x MPL_PLOT_H is the stretched plot (489x389), the top of the
 *     image; the strip lies below it.
 *  2. mpl_point() maps a point of the axes box in units (u, v), 0..1 from the
 *     bottom-left corner, to pixels of the stretched plot (y down).
 *  3. mpl_ellipse() writes the polygon of an axis-aligned ellipse (a circle of the
 *     plot once stretched), MPL_ELLIPSE_POINTS points, the first at the right.
 *     (Only list_colours' layout rule measures with it, bgshapes.h; the swatch
 *     tasks draw the 389x389 plot as matplotlib does, mplfig.h, and let
 *     scene_stretch() resize it as cv2.resize does.)
 *  4. mpl_palette_plot() starts a sample of these tasks: it resets ctx->img[0] to
 *     the stretched plot and deals the 20 palette colours into a fresh random
 *     order from the sample's "colours" stream (order[i] indexes PALETTE; a sample
 *     of n colours takes the first n).
 *  5. mpl_palette_check_level() refuses more things (what: "shapes", "circles")
 *     than the palette has colours, as no colour repeats.
 *  6. No state of their own, safe from any thread.
 */
#ifndef GEN_MPLPLOT_H
#define GEN_MPLPLOT_H

#include "generator.h"
#include "palette.h"
#include "scene.h"

#include <stddef.h>

/* matplotlib's tight plot: 0.77 x 480 px axes square + 2 x 10 px padding. */
#define MPL_AXES_SIDE 369.6
#define MPL_PAD 10.0
#define MPL_TIGHT_SIDE 389
/* The plot stretched to the strip's width. */
#define MPL_PLOT_W 489
#define MPL_PLOT_H 389
#define MPL_STRETCH ((double)MPL_PLOT_W / MPL_TIGHT_SIDE)

/* Enough points that the polygon is within 0.1 px of a 200-px ellipse. */
#define MPL_ELLIPSE_POINTS 128

point mpl_point(double u, double v);
void mpl_ellipse(point *out, double cx, double cy, double rx, double ry);
void mpl_palette_plot(gen_ctx *ctx, int order[PALETTE_SIZE]);
int mpl_palette_check_level(const gen_params *p, const char *what, char *err, size_t errlen);

#endif
