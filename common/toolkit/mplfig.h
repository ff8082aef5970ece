/* SPDX-License-Identifier: MIT */
/* mplfig.h - a matplotlib 3.6 figure of the originals, to the pixel: where
 * plt.subplots() puts its axes, how set_aspect('equal') shrinks them, where
 * savefig(bbox_inches='tight') cuts the image, and matplotlib's patches and lines
 * as EDGES_MPL primitives (agg.h draws them as Agg does).
 *
 * Contract:
 *  1. The computations are matplotlib's, operation for operation where the
 *     doubles decide a pixel (the subplot box from the default subplot
 *     parameters, Bbox.shrunk_to_aspect and anchored 'C', the tight box padded by
 *     savefig.pad_inches 0.1 in and truncated to whole pixels), so a data point
 *     lands where matplotlib puts it; tests/same_scene.py holds the pixels to
 *     matplotlib's.
 *  2. Coordinates out are canvas pixels of the saved image (x right, y down).
 *  3. mplfig_tight without extra boxes crops to the axes box: every artist of
 *     those tasks is clipped to the axes, which the tight box leaves out.
 *  4. No state of its own beyond the struct; safe from any thread.
 */
#ifndef GEN_MPLFIG_H
#define GEN_MPLFIG_H

#include "scene.h"

#include <stdbool.h>

typedef struct mplfig {
    double dpi;
    double fig_w, fig_h;               /* inches */
    double px0, py0, px1, py1;         /* the axes' position, figure fraction */
    double xl0, xl1, yl0, yl1;         /* data limits */
    double crop_x, crop_y;             /* display px of the saved image's left and bottom edges */
    int width, height;                 /* the saved image */
    double height_f;                   /* its height before truncation: where text is flipped */
    double ax_x, ax_y, ax_w, ax_h;     /* the axes box in the saved image's display px (y up) */
    double sx, tx, sy, ty;             /* data -> display px of the saved image (y up) */
} mplfig;

/* fig, ax = plt.subplots(figsize=(w_in, h_in), dpi=dpi): the axes at the
 * default subplot parameters (left 0.125, right 0.9, bottom 0.11, top 0.88). */
void mplfig_subplots(mplfig *f, double w_in, double h_in, double dpi);
/* plt.figure(figsize=(w_in, h_in), dpi=dpi) with fig.add_axes((l, b, w, h)) (figure
 * fractions), as networkx's draw makes its axes. */
void mplfig_add_axes(mplfig *f, double w_in, double h_in, double dpi, double l, double b, double w, double h);
/* ax.set_xlim, ax.set_ylim. */
void mplfig_limits(mplfig *f, double x0, double x1, double y0, double y1);
/* ax.set_aspect('equal') as applied at drawing (adjustable 'box', anchor 'C'). */
void mplfig_equal(mplfig *f);
/* savefig(bbox_inches='tight'): the union of the axes box and n further display
 * boxes (x0, y0, x1, y1 each, y up; unclipped texts), padded by 0.1 in; sets the
 * image size and the data transform. */
void mplfig_tight(mplfig *f, const double *boxes, int n);

/* The figure most originals make: fig, ax = plt.subplots() at matplotlib's
 * defaults (6.4 x 4.8 in, 100 dpi), ax.set_xlim(x0, x1), ax.set_ylim(y0, y1),
 * ax.set_aspect('equal'), savefig(bbox_inches='tight') with nothing drawn outside
 * the axes (the four calls above). */
void mplfig_equal_tight(mplfig *f, double x0, double x1, double y0, double y1);

/* Describes (scene_describe, for tests/same_scene.py) a grid board's axes in
 * the original's calls: x and y limits 0..size, ticks at every whole number,
 * ax.grid(True).  The figure's own line comes before, from the caller. */
void mplfig_describe_unit_grid(scene *s, int size);

/* savefig() without a tight box: the whole figure; sets the image size and the
 * data transform. */
void mplfig_whole(mplfig *f);

/* A data point in canvas pixels of the saved image. */
double mplfig_x(const mplfig *f, double x);
double mplfig_y(const mplfig *f, double y);
/* A vertex of a line or polygon (a path in data coordinates through transData,
 * then Agg's flip: rounded otherwise than a patch's centre). */
point mplfig_vertex(const mplfig *f, double x, double y);
/* plt.Rectangle((x, y), w, h)'s corners, from (x, y) counter-clockwise. */
void mplfig_rect_corners(const mplfig *f, double x, double y, double w, double h, point q[4]);
/* Points to pixels (x dpi / 72). */
double mplfig_pt(const mplfig *f, double pt);
/* Data lengths along x and y in pixels. */
double mplfig_dx(const mplfig *f, double d);
double mplfig_dy(const mplfig *f, double d);

/* The axes box as RendererAgg::set_clipbox rounds it, set as s's clip box. */
void mplfig_clip(const mplfig *f, scene *s);

/* ax.axhline(y) / ax.axvline(x) of `pt` points (matplotlib's Line2D: projecting
 * caps, round joins, snapped; clipped to the axes): a polyline primitive across
 * the axes. */
prim *mplfig_axhline(const mplfig *f, scene *s, double y, double pt, rgb colour);
prim *mplfig_axvline(const mplfig *f, scene *s, double x, double pt, rgb colour);
/* ax.plot([x0, x1], [y0, y1], color=c, linewidth=pt): a Line2D in data
 * coordinates (projecting caps, round joins, snapped; clipped to the axes). */
prim *mplfig_plot(const mplfig *f, scene *s, double x0, double y0, double x1, double y1, double pt, rgb c);
/* plt.Circle((x, y), r, color=c[, fill=False]) added to the axes: edge and face
 * (if filled) in c, the edge `pt` points (patch.linewidth, 1.0 by default),
 * miter joins, butt caps, clipped to the axes.  On an inverted y axis (imshow's
 * limits) the unit circle keeps its y as matplotlib's transform leaves it
 * (prim.mpl_y_down), which the path's direction and so its pixels depend on. */
prim *mplfig_circle(const mplfig *f, scene *s, double x, double y, double r, rgb c, bool fill, double pt);

/* plt.Polygon(xy, color=c[, fill=False]) of n data points: face (if fill) and a
 * `pt`-point edge in c, miter joins, clipped to the axes; its vertices go through
 * transData as a line's do. */
prim *mplfig_polygon(const mplfig *f, scene *s, const point *xy, int n, rgb c, bool fill, double pt);
/* plt.Rectangle((x, y), w, h, color=c[, fill=False]): a polygon primitive of its
 * four corners from (x, y) counter-clockwise (kind "rectangle"), as its patch
 * transform (the box's, composed with transData) puts them. */
prim *mplfig_rectangle(const mplfig *f, scene *s, double x, double y, double w, double h, rgb c, bool fill,
                       double pt);
/* patches.RegularPolygon((x, y), numVertices=k, radius=r, facecolor=face): a
 * corner straight up, no edge unless pt > 0 (then in `edge`), miter joins,
 * clipped to the axes. */
prim *mplfig_regular_polygon(const mplfig *f, scene *s, double x, double y, int k, double r, rgb face, double pt,
                             rgb edge);

/* A scatter marker 'o' of `size` pt^2 at data (x, y), face `face` and a `pt`-point
 * edge in `edge` (round joins, butt caps, clipped to the axes), stamped as Agg's
 * draw_markers stamps it (agg.h): the primitive's centre is the stamp's, the pixel
 * holding the point. */
prim *mplfig_marker(const mplfig *f, scene *s, double x, double y, double size, rgb face, double pt, rgb edge);
/* ax.text(x, y, label, fontsize=pt, color=c, ha=ha, va=va[, weight='bold']): a
 * text primitive anchored where matplotlib anchors it (its y flipped by the
 * canvas's unrounded height, as Text.draw flips it). */
prim *mplfig_text(const mplfig *f, scene *s, double x, double y, double pt, const char *label, rgb c, text_font font,
                  text_align ha, text_align va);

#endif
