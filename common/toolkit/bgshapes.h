/* SPDX-License-Identifier: MIT */
/* bgshapes.h - the list tasks' shapes as Percept-V draws them: on a background
 * picture shown with matplotlib's imshow, in the picture's own pixels.
 *
 * The originals (list_colours, list_shapes) place n shapes of one "radius" r on a
 * picture of side B: integer centres uniform in [2r, B - 2r]^2, each more than 2r
 * from those before; kinds uniform over circle, triangle, square, pentagon; the
 * triangle and the pentagon are listed point up but imshow's y runs down, so they
 * point down on screen.  The release never shipped its pictures; gen takes B =
 * BGS_SIDE (2400: the size at which level 20 always finishes, see
 * docs/tasks/list_colours.md) and draws its own pictures (backgrounds.h).
 *
 * Contract:
 *  1. bgs_place() draws the n centres as the originals do (bounded: -1 when a
 *     centre takes more than BGS_TRIES draws).
 *  2. bgs_outline() gives a shape's outline in screen pixels: picture pixel (x, y)
 *     goes to ((MPL_PAD + x k) sx, MPL_PAD + y k) with k = MPL_AXES_SIDE / B (the
 *     tight 389-px plot) and sx the horizontal stretch (1, or MPL_STRETCH where the
 *     plot is stacked on the swatch strip).  A circle is an ellipse of
 *     MPL_ELLIPSE_POINTS points.
 *  3. bgs_apart(a, b, need) is true when some edge normal of either outline
 *     separates the two by need or more (separating axes: for convex shapes the
 *     true distance is then at least need); it stops at the first such axis.
 *  4. Pure functions of their arguments and the stream.
 *  5. The shapes are drawn as the originals' patches (plt.Circle, plt.Polygon,
 *     plt.Rectangle with color=: face and a 1 pt edge in one colour) on the
 *     original's figure (mplfig.h: imshow's limits -0.5..B - 0.5, y down, equal
 *     aspect, a tight 389-px box), EDGES_MPL, and described for
 *     tests/same_scene.py ("mpl picture" names the picture's primitives, which the
 *     harness hands to matplotlib as they are).  The outlines of contract 2 only
 *     decide which layouts are kept: they put picture pixel x at MPL_PAD + x k,
 *     where imshow puts its centre at MPL_PAD + (x + 0.5) k, 0.08 px further.
 */
#ifndef GEN_BGSHAPES_H
#define GEN_BGSHAPES_H

#include "mplfig.h"
#include "mplplot.h"
#include "palette.h"
#include "rng.h"
#include "scene.h"

#include <stddef.h>

#define BGS_SIDE 2400
#define BGS_TRIES 100000

enum { BGS_CIRCLE, BGS_TRIANGLE, BGS_SQUARE, BGS_PENTAGON, BGS_NKINDS };

typedef struct bgshape {
    int kind;
    int x, y; /* centre, picture pixels */
} bgshape;

int bgs_place(rng *r, int n, int side, int radius, bgshape *out);
/* Writes the outline into out (at least MPL_ELLIPSE_POINTS points); returns the count. */
int bgs_outline(const bgshape *s, int side, int radius, double sx, point *out);
bool bgs_apart(const point *a, int na, const point *b, int nb, double need);

/* matplotlib's default patch edge (patch.linewidth), points. */
#define BGS_EDGE_PT 1.0

/* The original's patch for shape sh (its kind, centre and radius in picture
 * pixels) in `fill`, named `colour` in the description: kind set, EDGES_MPL. */
prim *bgs_patch(const mplfig *f, scene *s, const bgshape *sh, int radius, rgb fill, const char *colour);

/* How a task draws its shapes. */
typedef struct bgs_style {
    int radius;       /* in picture pixels (150 list_colours, 75 list_shapes) */
    double sx;        /* horizontal stretch of the plot */
    double gap;       /* least separation of two outlines, screen pixels */
    double min_de;    /* CIEDE2000 floor between a fill and the picture around it */
    double halo;      /* how far around a shape the picture counts */
    double edge;      /* the originals' patch edge in the fill's colour, px, as the
                         layout rule counts it */
} bgs_style;

/* Layouts tried before a level is refused, and pictures tried per layout. */
#define BGS_LAYOUTS 1000
#define BGS_PICTURES 200

/* The whole picture: a background over the (unstretched) plot's picture box and
 * n shapes on it, the plot 389 x 389 px at the top of s (a task stacking it on
 * the strip stretches it after, scene_stretch).
 * Layouts (bgs_place, then each shape's kind uniform over the four) are drawn
 * from `layout` until no two outlines come within st->gap (each layout thrown
 * away adds one to *redraws); kinds go to kind[].  Then pictures are drawn from
 * `picture` until every shape's fill (fill[i], named name[i]) is st->min_de from
 * the picture around it.  Returns 0, or -1 with a reason in why. */
int bgs_draw(scene *s, int n, const bgs_style *st, rng *layout, rng *picture, const rgb *fill,
             const char *const *name, int *kind, int *redraws, char *why, size_t whylen);

#endif
