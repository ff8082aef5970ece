/* lineup_checks.h - checks shared by check_list_colours.c and check_list_shapes.c:
 * n shapes in a left-to-right row on a background picture.
 *
 * Contract:
 *  1. lineup_check() recomputes, from the scene alone, the left-to-right order of
 *     the shapes (by their bounding boxes), and checks every promise the two
 *     tasks make: no two x extents closer than LC_MIN_GAP, no two centres joined
 *     by a line steeper than LC_MAX_SLOPE, every shape inside the picture, the
 *     background inside the picture and made of at most LC_MAX_BG_PRIMS
 *     primitives, each shape's fill at least LC_MIN_DE (CIEDE2000) from every
 *     background colour whose primitive reaches within LC_HALO of it, and in
 *     the rendered image each shape's centre pixel in its fill and (almost) no
 *     pixel around it close to its fill.
 *  2. It fills order[] with the primitive index of each shape, left to right, so
 *     the caller can recompute its own answer.
 *  3. The numbers below are the tasks' promises written down again, on purpose
 *     not taken from the generators.
 */
#ifndef GEN_LINEUP_CHECKS_H
#define GEN_LINEUP_CHECKS_H

#include "colour.h"
#include "harness.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define LC_MIN_GAP 10.0      /* least horizontal space between neighbours' x extents */
#define LC_MAX_SLOPE 1.0     /* steepest line between two shapes' centres */
#define LC_MIN_DE 25.0       /* fill against every background colour around it */
#define LC_HALO 2.0          /* how far around a shape the background counts */
#define LC_MAX_BG_PRIMS 400  /* primitives one background may use */
#define LC_RING 3.0          /* the pixel ring around a shape lies this far outside its box */
#define LC_RING_NEAR_DE 10.0 /* a ring pixel this close to the fill would blur the edge */
#define LC_RING_SHARE 0.05   /* share of ring pixels allowed that close (antialiased stripe seams) */
#define LC_MAX_SHAPES 256

typedef struct lc_box {
    double x0, y0, x1, y1;
    int prim;
} lc_box;

static int lc_by_x(const void *a, const void *b)
{
    double d = ((const lc_box *)a)->x0 - ((const lc_box *)b)->x0;
    return d < 0 ? -1 : d > 0;
}

static const char *lineup_check(const sample_out *s, const gen_params *p, int picture_h, int *order, char *msg,
                                size_t n)
{
    const scene *sc = &s->img[0];
    lc_box b[LC_MAX_SHAPES];
    int nb = 0, nbg = 0;
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        double x0, y0, x1, y1;
        prim_bbox(sc, a, &x0, &y0, &x1, &y1);
        if (a->kind && strcmp(a->kind, "background") == 0) {
            if (a->object >= 0)
                return "a background primitive is marked as an object";
            if (x0 < -0.5 || y0 < -0.5 || x1 > sc->width + 0.5 || y1 > picture_h + 0.5) {
                snprintf(msg, n, "background primitive %d leaves the picture (%.1f,%.1f)-(%.1f,%.1f)", i, x0, y0, x1,
                         y1);
                return msg;
            }
            nbg++;
            continue;
        }
        if (a->object < 0)
            continue;
        if (nb == LC_MAX_SHAPES)
            return "too many shapes";
        b[nb++] = (lc_box){x0, y0, x1, y1, i};
    }
    if (nbg == 0 || nbg > LC_MAX_BG_PRIMS) {
        snprintf(msg, n, "background of %d primitives", nbg);
        return msg;
    }
    if (nb != p->level || rec_int(s, "num_objects") != nb) {
        snprintf(msg, n, "drew %d shapes, level %d, record %d", nb, p->level, rec_int(s, "num_objects"));
        return msg;
    }
    qsort(b, (size_t)nb, sizeof b[0], lc_by_x);
    for (int i = 0; i < nb; i++) {
        const prim *a = &sc->prims[b[i].prim];
        order[i] = b[i].prim;
        if (a->object != i) {
            snprintf(msg, n, "shape %d from the left is object %d", i, a->object);
            return msg;
        }
        if (b[i].x0 < 0 || b[i].y0 < 0 || b[i].x1 > sc->width || b[i].y1 > picture_h)
            return "a shape leaves the picture";
        if (i > 0 && b[i].x0 - b[i - 1].x1 < LC_MIN_GAP - 1e-6) {
            snprintf(msg, n, "shapes %d and %d are %.2f px apart horizontally", i - 1, i, b[i].x0 - b[i - 1].x1);
            return msg;
        }
        for (int j = 0; j < i; j++) {
            double dx = (b[i].x0 + b[i].x1 - b[j].x0 - b[j].x1) / 2, dy = (b[i].y0 + b[i].y1 - b[j].y0 - b[j].y1) / 2;
            if (fabs(dy) > LC_MAX_SLOPE * dx + 1e-6) {
                snprintf(msg, n, "shapes %d and %d: dy %.1f over dx %.1f", j, i, dy, dx);
                return msg;
            }
        }
        /* Contrast with every background primitive around the shape. */
        for (int k = 0; k < sc->nprims; k++) {
            const prim *g = &sc->prims[k];
            if (!g->kind || strcmp(g->kind, "background") != 0)
                continue;
            double x0, y0, x1, y1;
            prim_bbox(sc, g, &x0, &y0, &x1, &y1);
            if (x1 < b[i].x0 - LC_HALO || x0 > b[i].x1 + LC_HALO || y1 < b[i].y0 - LC_HALO || y0 > b[i].y1 + LC_HALO)
                continue;
            double de = ciede2000(a->fill, g->fill);
            if (de < LC_MIN_DE) {
                snprintf(msg, n, "shape %d (%d,%d,%d) is %.1f from background primitive %d (%d,%d,%d)", i, a->fill.r,
                         a->fill.g, a->fill.b, de, k, g->fill.r, g->fill.g, g->fill.b);
                return msg;
            }
        }
    }

    const canvas *cv = harness_render(sc);
    for (int i = 0; i < nb; i++) {
        const prim *a = &sc->prims[b[i].prim];
        rgb c = canvas_pixel(cv, (int)((b[i].x0 + b[i].x1) / 2), (int)((b[i].y0 + b[i].y1) / 2));
        if (memcmp(&c, &a->fill, sizeof c) != 0) {
            snprintf(msg, n, "shape %d's centre pixel is not its fill", i);
            return msg;
        }
        int x0 = (int)floor(b[i].x0 - LC_RING), x1 = (int)ceil(b[i].x1 + LC_RING);
        int y0 = (int)floor(b[i].y0 - LC_RING), y1 = (int)ceil(b[i].y1 + LC_RING);
        int total = 0, near = 0;
        for (int y = y0; y <= y1; y++)
            for (int x = x0; x <= x1; x++) {
                if (!(y == y0 || y == y1 || x == x0 || x == x1) || x < 0 || y < 0 || x >= sc->width || y >= picture_h)
                    continue;
                total++;
                near += ciede2000(canvas_pixel(cv, x, y), a->fill) < LC_RING_NEAR_DE;
            }
        if (near > LC_RING_SHARE * total) {
            snprintf(msg, n, "shape %d: %d of %d pixels around it are close to its fill", i, near, total);
            return msg;
        }
    }
    return NULL;
}

#endif
