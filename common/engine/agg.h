/* SPDX-License-Identifier: MIT */
/* agg.h - paths drawn as matplotlib 3.6's Agg backend draws them, to the byte.
 *
 * Contract:
 *  1. A path is a list of move, line, cubic Bezier and close commands in canvas
 *     pixels (y down), given as RendererAgg has them after its transform and
 *     y-flip (agg_affine does that transform as Agg does, operation for
 *     operation, so a caller that builds the same matrix gets the same doubles).
 *  2. agg_draw_path draws one path as RendererAgg::draw_path does for a patch or a
 *     line: snapping (agg_snap: auto snaps a path of horizontal and vertical
 *     segments to pixel centres or edges by its stroke's rounded width), curves
 *     flattened by recursive subdivision (Agg's curve4_div, 1/2 px tolerance),
 *     the face filled (nonzero), then the stroke (Agg's stroker: miter, round or
 *     bevel joins, miter limit 4; butt, projecting or round caps) filled over it,
 *     each by the exact-area scanline rasterizer (24.8 fixed point, coverage
 *     floor(area x 256) clamped to 255, clip box on whole pixels) and blended as
 *     matplotlib blends (the canvas stays opaque).
 *  3. agg_draw_markers stamps one marker (its own path, rasterized once at the
 *     origin) at each point rounded to a whole pixel, as draw_markers does.
 *  4. Nothing here depends on the machine: doubles in C's order of operations
 *     (the build has -ffp-contract=off), libm's sin, cos, atan2, acos and sqrt.
 *     Scratch memory is per thread.
 *  tests/same_scene.py holds these pixels to matplotlib's own for the tasks'
 *  scenes (docs/testing.md).
 */
#ifndef GEN_AGG_H
#define GEN_AGG_H

#include "scene.h"

#include <stdbool.h>
#include <stdint.h>

enum { AGG_STOP = 0, AGG_MOVE = 1, AGG_LINE = 2, AGG_CURVE4 = 4, AGG_CLOSE = 0x4F };
/* (the joins, caps and snap modes, AGG_JOIN_*, AGG_CAP_*, AGG_SNAP_*, are scene.h's) */

typedef struct agg_path {
    uint8_t *cmd;
    double *xy; /* 2 per command (a close's are the subpath's start) */
    int n, cap;
} agg_path;

void agg_path_init(agg_path *p);
void agg_path_free(agg_path *p);
void agg_path_reset(agg_path *p);
void agg_path_add(agg_path *p, int cmd, double x, double y);

/* An affine map as Agg keeps it: x' = x sx + y shx + tx, y' = x shy + y sy + ty. */
typedef struct agg_affine {
    double sx, shy, shx, sy, tx, ty;
} agg_affine;
static inline void agg_affine_apply(const agg_affine *m, double *x, double *y)
{
    double t = *x;
    *x = t * m->sx + *y * m->shx + m->tx;
    *y = t * m->shy + *y * m->sy + m->ty;
}
/* m followed by n (Agg's trans_affine::multiply). */
agg_affine agg_affine_then(agg_affine m, agg_affine n);

/* How a path is painted: its face (if filled), its stroke (if width > 0), the
 * clip box (whole pixels, [x1, x2) x [y1, y2), as RendererAgg::set_clipbox rounds
 * the axes' box; none: the canvas). */
typedef struct agg_paint {
    bool filled;
    rgb face;
    double width; /* the stroke's width in px (points x dpi / 72); 0: none */
    rgb edge;
    int join, cap, snap;
    bool clip;
    int cx1, cy1, cx2, cy2;
} agg_paint;

/* The canvas words (0xFFRRGGBB, opaque), stride = width. */
typedef struct agg_canvas {
    uint32_t *mem;
    int width, height;
} agg_canvas;

void agg_draw_path(const agg_canvas *c, const agg_path *p, const agg_paint *paint);
/* The marker path (pixels relative to the marker's centre, y down) stamped at each
 * of the n points, truncated: px, py are what draw_markers has after its
 * transform, which adds half a pixel (a point's canvas pixel plus 0.5). */
void agg_draw_markers(const agg_canvas *c, const agg_path *marker, const double *px, const double *py, int n,
                      const agg_paint *paint);

/* matplotlib's unit circle (Path.unit_circle: 8 cubic Beziers from (0, -1)
 * counter-clockwise, y up), mapped by m, appended to p. */
void agg_unit_circle(agg_path *p, const agg_affine *m);

/* Agg's and matplotlib's plain blend of colour c at alpha a (0..255) over the
 * opaque word *px. */
void agg_blend_word(uint32_t *px, rgb c, unsigned a);

#endif
