/* SPDX-License-Identifier: MIT */
/* bgshapes_check.h - checks shared by check_list_colours.c and check_list_shapes.c:
 * n shapes of the original's kinds and size on a background picture, as
 * Percept-V's list tasks draw them (common/toolkit/bgshapes.h).
 *
 * bgs_check() recomputes from the scene alone: the picture (primitives of kind
 * "background") inside the 389-px plot's picture box; n shapes, each a circle, a
 * triangle or pentagon pointing down, or a square (in the plot as drawn, before a
 * task's stretch sx), its kind read from its outline and its size the original's
 * radius (r/2400 of the picture); no two shapes share a point (a grid of points
 * 0.25 px apart tested against both outlines); each fill at least BC_MIN_DE
 * (CIEDE2000) from every background colour whose primitive reaches within BC_HALO
 * of it; in the rendered (stretched) image the pixel at each shape's centre is its
 * fill.  It fills shape[] with the
 * shapes' primitive indices.  The numbers are the tasks' promises written down
 * again, on purpose not taken from the generators. */
#ifndef GEN_BGSHAPES_CHECK_H
#define GEN_BGSHAPES_CHECK_H

#include "colour.h"
#include "harness.h"
#include "shapes.h"

#include <math.h>
#include <string.h>

#define BC_MIN_DE 15.0
#define BC_HALO 2.0
#define BC_SIDE 2400.0
#define BC_AXES 369.6
#define BC_PAD 10.0
#define BC_MAX 64

/* A shape's outline box (its vertices, or the circle's), grown by half its edge. */
static void bc_box(const scene *sc, const prim *a, double *x0, double *y0, double *x1, double *y1)
{
    double h = a->stroke_width / 2;
    if (a->type == PRIM_CIRCLE) {
        *x0 = a->x - a->r - h, *y0 = a->y - a->r - h, *x1 = a->x + a->r + h, *y1 = a->y + a->r + h;
        return;
    }
    const point *q = prim_points(sc, a);
    *x0 = *x1 = q[0].x, *y0 = *y1 = q[0].y;
    for (int k = 1; k < a->npts; k++) {
        *x0 = fmin(*x0, q[k].x), *x1 = fmax(*x1, q[k].x);
        *y0 = fmin(*y0, q[k].y), *y1 = fmax(*y1, q[k].y);
    }
    *x0 -= h, *y0 -= h, *x1 += h, *y1 += h;
}

/* Whether (x, y) lies in a shape's outline (its fill's edge). */
static bool bc_inside(const scene *sc, const prim *a, double x, double y)
{
    if (a->type == PRIM_CIRCLE)
        return hypot(x - a->x, y - a->y) <= a->r;
    return point_in_polygon(prim_points(sc, a), a->npts, x, y);
}

static const char *bgs_check(const sample_out *s, const gen_params *p, int radius, double sx, int plot_h,
                             int *shape, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    double k = BC_AXES / BC_SIDE, x0p = BC_PAD, x1p = BC_PAD + BC_AXES, y0p = BC_PAD, y1p = BC_PAD + BC_AXES;
    if (sx != 1.0 && (sc->stretch_n <= 0 || sc->stretch_w != 389 || sc->stretch_h != plot_h))
        return "the plot is not a 389-px picture stretched across";
    int ns = 0, nbg = 0;
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        double x0, y0, x1, y1;
        prim_bbox(sc, a, &x0, &y0, &x1, &y1);
        if (y0 >= plot_h || (sx != 1.0 && i >= sc->stretch_n))
            continue;
        if (a->kind && strcmp(a->kind, "background") == 0) {
            if (a->object >= 0 || x0 < x0p - 0.5 || x1 > x1p + 0.5 || y0 < y0p - 0.5 || y1 > y1p + 0.5)
                return "a background primitive outside the picture box";
            nbg++;
            continue;
        }
        if (a->object < 0 || (a->type != PRIM_POLYGON && a->type != PRIM_CIRCLE) || !a->filled)
            return "something on the picture that is neither background nor a filled shape";
        if (ns == BC_MAX)
            return "too many shapes";
        bc_box(sc, a, &x0, &y0, &x1, &y1);
        shape[ns++] = i;
        int np = a->type == PRIM_CIRCLE ? 0 : a->npts;
        const char *kind = np == 3 ? "triangle" : np == 4 ? "square" : np == 5 ? "pentagon" : np == 0 ? "circle" : "?";
        if (strcmp(kind, a->kind) != 0)
            return "a shape whose outline is not its kind";
        double w = (x1 - x0 - a->stroke_width) / k, h = (y1 - y0 - a->stroke_width) / k;
        double ww = np == 5 ? 1.9 * radius : 2.0 * radius, wh = np == 5 ? 1.81 * radius : 2.0 * radius;
        if (fabs(w - ww) > 0.5 || fabs(h - wh) > 0.5) {
            snprintf(msg, n, "a %s %.1f x %.1f picture px, the original's %.1f x %.1f", kind, w, h, ww, wh);
            return msg;
        }
        if (np == 3 || np == 5) { /* the point is the lowest vertex */
            const point *q = prim_points(sc, a);
            if (fabs(q[0].y - (y1 - a->stroke_width / 2)) > 1e-6)
                return "a triangle or pentagon that does not point down";
        }
        if (x0 < x0p || x1 > x1p || y0 < y0p || y1 > y1p)
            return "a shape leaves the picture";
    }
    if (nbg == 0)
        return "no background picture";
    if (ns != p->level) {
        snprintf(msg, n, "drew %d shapes at level %d", ns, p->level);
        return msg;
    }
    /* no shared point */
    for (int i = 0; i < ns; i++)
        for (int j = 0; j < i; j++) {
            const prim *a = &sc->prims[shape[i]], *b = &sc->prims[shape[j]];
            double ax0, ay0, ax1, ay1, bx0, by0, bx1, by1;
            bc_box(sc, a, &ax0, &ay0, &ax1, &ay1);
            bc_box(sc, b, &bx0, &by0, &bx1, &by1);
            double lx = fmax(ax0, bx0), hx = fmin(ax1, bx1), ly = fmax(ay0, by0), hy = fmin(ay1, by1);
            for (double y = ly; y <= hy; y += 0.25)
                for (double x = lx; x <= hx; x += 0.25)
                    if (bc_inside(sc, a, x, y) && bc_inside(sc, b, x, y)) {
                        snprintf(msg, n, "shapes %d and %d overlap at (%.1f, %.1f)", a->object, b->object, x, y);
                        return msg;
                    }
        }
    /* contrast with the picture around each shape */
    for (int i = 0; i < ns; i++) {
        const prim *a = &sc->prims[shape[i]];
        double ax0, ay0, ax1, ay1;
        bc_box(sc, a, &ax0, &ay0, &ax1, &ay1);
        for (int j = 0; j < sc->nprims; j++) {
            const prim *g = &sc->prims[j];
            if (!g->kind || strcmp(g->kind, "background") != 0)
                continue;
            double gx0, gy0, gx1, gy1;
            prim_bbox(sc, g, &gx0, &gy0, &gx1, &gy1);
            if (gx1 < ax0 - BC_HALO || gx0 > ax1 + BC_HALO || gy1 < ay0 - BC_HALO || gy0 > ay1 + BC_HALO)
                continue;
            rgb c = g->filled ? g->fill : g->stroke;
            double de = ciede2000(c, a->fill);
            if (de < BC_MIN_DE) {
                snprintf(msg, n, "shape %d (%s) lies on background colour %d,%d,%d, %.1f from its fill", a->object,
                         a->colour_name ? a->colour_name : "?", c.r, c.g, c.b, de);
                return msg;
            }
        }
    }
    const canvas *cv = harness_render(sc);
    for (int i = 0; i < ns; i++) {
        const prim *a = &sc->prims[shape[i]];
        const point *q = prim_points(sc, a);
        double cx = a->x, cy = a->y;
        if (a->type == PRIM_POLYGON) {
            cx = cy = 0;
            for (int j = 0; j < a->npts; j++)
                cx += q[j].x / a->npts, cy += q[j].y / a->npts;
        }
        rgb c = canvas_pixel(cv, (int)(cx * sx), (int)cy);
        if (c.r != a->fill.r || c.g != a->fill.g || c.b != a->fill.b)
            return "a shape's centre pixel is not its fill";
    }
    return NULL;
}

#endif
