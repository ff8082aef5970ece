/* SPDX-License-Identifier: MIT */
/* row_check.h - the consistency check shared by match_shadow and match_outline
 * (check_match_shadow.c, check_match_outline.c), with constants and code of its own.
 *
 * Per sample:
 *  - both canvases 97 x floor(77.5 n + 27.75) px, white; n = Rows = the level;
 *  - each image holds n shapes (object = row, 0 at the top) and n black lines,
 *    the line under row i at y = top + 77.5 (i + 1) (top = height - 10 - 77.5
 *    (n + 0.1)), across the axes (x 10 to 87.5);
 *  - each shape is centred in its row at x = 48.75: a circle of radius 7.75 px, a
 *    triangle, a square or the original's pentagon of "radius" 7.75 px, solid blue
 *    with a 1 pt blue edge in the first image; in the second, solid and upside down
 *    (shadow) or a blue 1 pt outline the right way up (outline); kinds read from
 *    the geometry;
 *  - Gold_output = the rows whose two kinds agree;
 *  - and from the pixels alone: each row's ink (more than half covered), with its
 *    holes filled, is one blob whose area names its kind (triangle ~156 px,
 *    pentagon ~175, circle ~224, square ~289) and, for a triangle, whose ink leans
 *    to its base (which way up it is); the rows agreeing by those kinds number
 *    Gold_output. */
#ifndef GEN_ROW_CHECK_H
#define GEN_ROW_CHECK_H

#include "harness.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define RC_UNIT 77.5
#define RC_R 7.75
#define RC_CX 48.75

enum { RC_CIRCLE, RC_TRIANGLE, RC_SQUARE, RC_PENTAGON, RC_OTHER };
static const char *const RC_NAME[4] = {"circle", "triangle", "square", "pentagon"};

static int rc_height(int n) { return (int)floor(RC_UNIT * n + 27.75 + 1e-9); }
static double rc_top(int n) { return rc_height(n) - 10 - RC_UNIT * (n + 0.1); }

static bool rc_near(double a, double b, double tol) { return fabs(a - b) <= tol; }

/* A shape primitive's kind from its geometry, centred at (cx, cy); *down tells a
 * triangle or pentagon pointing down.  RC_OTHER if it is none of the four. */
static int rc_kind(const scene *sc, const prim *p, double cx, double cy, bool *down)
{
    *down = false;
    if (p->type == PRIM_CIRCLE)
        return rc_near(p->x, cx, 1e-9) && rc_near(p->y, cy, 1e-9) && rc_near(p->r, RC_R, 1e-9) ? RC_CIRCLE : RC_OTHER;
    if (p->type != PRIM_POLYGON)
        return RC_OTHER;
    if (p->npts == 4) { /* plt.Rectangle's corners from the lower left, counter-clockwise
                           (Agg snaps them to pixel centres as it draws) */
        const point *q = prim_points(sc, p);
        static const double SX[4] = {-1, 1, 1, -1}, SY[4] = {1, 1, -1, -1};
        bool ok = true;
        for (int i = 0; i < 4; i++)
            ok = ok && rc_near(q[i].x, cx + SX[i] * RC_R, 1e-9) && rc_near(q[i].y, cy + SY[i] * RC_R, 1e-9);
        return ok ? RC_SQUARE : RC_OTHER;
    }
    if (p->type != PRIM_POLYGON)
        return RC_OTHER;
    const point *q = prim_points(sc, p);
    if (p->npts == 3) {
        /* apex on the middle line one radius from the centre, the base one radius
         * the other side, 2 radii wide */
        double s = q[0].y < cy ? 1 : -1;
        *down = s < 0;
        bool ok = rc_near(q[0].x, cx, 1e-9) && rc_near(q[0].y, cy - s * RC_R, 1e-9);
        for (int i = 1; i < 3; i++)
            ok = ok && rc_near(q[i].y, cy + s * RC_R, 1e-9) && rc_near(fabs(q[i].x - cx), RC_R, 1e-9);
        return ok && !rc_near(q[1].x, q[2].x, 1e-9) ? RC_TRIANGLE : RC_OTHER;
    }
    if (p->npts == 5) {
        static const double PX[5] = {0, 0.95, 0.59, -0.59, -0.95}, PY[5] = {1, 0.31, -0.81, -0.81, 0.31};
        double s = q[0].y < cy ? 1 : -1;
        *down = s < 0;
        for (int i = 0; i < 5; i++) {
            bool found = false;
            for (int k = 0; k < 5 && !found; k++)
                found = rc_near(q[k].x, cx + PX[i] * RC_R, 1e-9) && rc_near(q[k].y, cy - s * PY[i] * RC_R, 1e-9);
            if (!found)
                return RC_OTHER;
        }
        return RC_PENTAGON;
    }
    return RC_OTHER;
}

/* The kind of row i read from pixels: the ink of the row's band (holes filled),
 * one blob, its area and (for a triangle) which way it leans.  Returns RC_OTHER
 * with a reason in *why when it cannot. */
static int rc_pixel_kind(const canvas *cv, int n, int row, bool *down, double *area_out, const char **why)
{
    int w = cv->width;
    double top = rc_top(n);
    int y0 = (int)ceil(top + row * RC_UNIT + 3), y1 = (int)floor(top + (row + 1) * RC_UNIT - 3), h = y1 - y0;
    uint8_t *ink = calloc((size_t)w * (size_t)h, 1), *out = calloc((size_t)w * (size_t)h, 1);
    int *stack = malloc(sizeof(int) * (size_t)w * (size_t)h), sp = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            rgb c = canvas_pixel(cv, x, y0 + y);
            /* blue ink: red (and green) fall, blue stays */
            ink[y * w + x] = c.r < 128;
        }
    /* the outside: non-ink pixels 4-connected to the band's border */
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            if ((x == 0 || y == 0 || x == w - 1 || y == h - 1) && !ink[y * w + x] && !out[y * w + x]) {
                out[y * w + x] = 1;
                stack[sp++] = y * w + x;
                while (sp) {
                    int c = stack[--sp], cx = c % w, cy = c / w;
                    int nb[4] = {cx > 0 ? c - 1 : -1, cx < w - 1 ? c + 1 : -1, cy > 0 ? c - w : -1,
                                 cy < h - 1 ? c + w : -1};
                    for (int k = 0; k < 4; k++)
                        if (nb[k] >= 0 && !ink[nb[k]] && !out[nb[k]]) {
                            out[nb[k]] = 1;
                            stack[sp++] = nb[k];
                        }
                }
            }
    /* the filled shape: everything not outside; one 4-connected blob */
    double area = 0, my = 0, ymin = 1e9, ymax = -1e9;
    int blobs = 0;
    uint8_t *seen = calloc((size_t)w * (size_t)h, 1);
    for (int i = 0; i < w * h; i++) {
        if (out[i] || seen[i])
            continue;
        blobs++;
        seen[i] = 1;
        stack[sp++] = i;
        while (sp) {
            int c = stack[--sp], cx = c % w, cy = c / w;
            area++;
            my += cy + 0.5;
            ymin = fmin(ymin, cy);
            ymax = fmax(ymax, cy + 1);
            int nb[4] = {cx > 0 ? c - 1 : -1, cx < w - 1 ? c + 1 : -1, cy > 0 ? c - w : -1, cy < h - 1 ? c + w : -1};
            for (int k = 0; k < 4; k++)
                if (nb[k] >= 0 && !out[nb[k]] && !seen[nb[k]]) {
                    seen[nb[k]] = 1;
                    stack[sp++] = nb[k];
                }
        }
    }
    free(seen);
    free(stack);
    free(ink);
    free(out);
    *area_out = area;
    *down = false;
    if (blobs != 1) {
        *why = "a row's ink is not one blob";
        return RC_OTHER;
    }
    /* mean height against the middle of the ink's extent: a triangle's ink sits
     * towards its base, 1/6 of its height (2.6 px) */
    double lean = my / area - (ymin + ymax) / 2;
    int k = area < 165 ? RC_TRIANGLE : area < 200 ? RC_PENTAGON : area < 255 ? RC_CIRCLE : RC_SQUARE;
    if (area < 120 || area > 320) {
        *why = "a row's ink has no shape's area";
        return RC_OTHER;
    }
    if (k == RC_TRIANGLE) {
        if (fabs(lean) < 1.5) {
            *why = "a triangle's ink does not lean to a base";
            return RC_OTHER;
        }
        *down = lean < 0;
    }
    return k;
}

static const char *rc_check(const sample_out *s, const gen_params *p, char *msg, size_t nmsg, bool shadow)
{
    int n = p->level, H = rc_height(n);
    double top = rc_top(n);
    if (rec_int(s, "Rows") != n)
        return "Rows is not the level";
    int kinds[2][64];
    if (n > 64)
        return "the check reads at most 64 rows";
    for (int im = 0; im < 2; im++) {
        const scene *sc = &s->img[im];
        if (sc->width != 97 || sc->height != H || memcmp(&sc->background, &RGB_WHITE, sizeof(rgb)) != 0) {
            snprintf(msg, nmsg, "image %d is %dx%d, not 97x%d white", im + 1, sc->width, sc->height, H);
            return msg;
        }
        int shapes = 0, lines = 0;
        for (int i = 0; i < sc->nprims; i++) {
            const prim *a = &sc->prims[i];
            if (a->object < 0) {
                /* a separator: matplotlib's black 1.5 pt line across the axes (x 10
                 * to 87.5) on the boundary under a row */
                const point *q = a->type == PRIM_POLYLINE && a->npts == 2 ? prim_points(sc, a) : NULL;
                double c = q ? q[0].y : 0;
                int row = (int)lround((c - top) / RC_UNIT) - 1;
                if (!q || q[1].y != c || a->stroke.r || a->stroke.g || a->stroke.b || !rc_near(q[0].x, 10, 1e-9) ||
                    !rc_near(q[1].x, 87.5, 1e-9) || !rc_near(a->stroke_width, 1.5 * 100 / 72, 1e-9) || row < 0 ||
                    row >= n || !rc_near(c, top + (row + 1) * RC_UNIT, 0.5))
                    return "a primitive that is neither a shape nor a row's line";
                lines++;
                continue;
            }
            if (a->object >= n)
                return "a shape of a row past n";
            bool down;
            int k = rc_kind(sc, a, RC_CX, top + (a->object + 0.5) * RC_UNIT, &down);
            if (k == RC_OTHER) {
                snprintf(msg, nmsg, "image %d row %d: not a circle, triangle, square or pentagon in place", im + 1,
                         a->object);
                return msg;
            }
            if (strcmp(a->kind, RC_NAME[k]) != 0)
                return "a shape's kind name does not match its geometry";
            bool want_down = im == 1 && shadow, want_fill = im == 0 || shadow;
            if ((k == RC_TRIANGLE || k == RC_PENTAGON) && down != want_down)
                return im == 0 ? "a shape of the first image points down" : shadow ? "a shadow is not upside down"
                                                                                  : "an outline is upside down";
            if (a->fill.r || a->fill.g || a->fill.b != 255 || a->stroke.r || a->stroke.g || a->stroke.b != 255 ||
                !rc_near(a->stroke_width, 100.0 / 72, 1e-9) || a->filled != want_fill)
                return want_fill ? "a shape is not solid blue with a 1 pt edge" : "an outline is not 1 pt blue";
            kinds[im][a->object] = k;
            shapes++;
        }
        if (shapes != n || lines != n) {
            snprintf(msg, nmsg, "image %d holds %d shapes and %d lines for %d rows", im + 1, shapes, lines, n);
            return msg;
        }
    }
    int same = 0;
    for (int i = 0; i < n; i++)
        same += kinds[0][i] == kinds[1][i];
    if (rec_int(s, "Gold_output") != same) {
        snprintf(msg, nmsg, "%d rows agree, Gold_output %d", same, rec_int(s, "Gold_output"));
        return msg;
    }
    /* the pixels alone */
    int pk[2][64];
    for (int im = 0; im < 2; im++) {
        const canvas *cv = harness_render(&s->img[im]);
        for (int i = 0; i < n; i++) {
            bool down;
            double area;
            const char *why = NULL;
            pk[im][i] = rc_pixel_kind(cv, n, i, &down, &area, &why);
            if (pk[im][i] == RC_OTHER) {
                snprintf(msg, nmsg, "image %d row %d: %s (area %.0f)", im + 1, i, why, area);
                return msg;
            }
            if (pk[im][i] != kinds[im][i]) {
                snprintf(msg, nmsg, "image %d row %d: pixels read %s (area %.0f), scene %s", im + 1, i,
                         RC_NAME[pk[im][i]], area, RC_NAME[kinds[im][i]]);
                return msg;
            }
            if (pk[im][i] == RC_TRIANGLE && down != (im == 1 && shadow))
                return "a triangle's pixels point the wrong way";
        }
    }
    int psame = 0;
    for (int i = 0; i < n; i++)
        psame += pk[0][i] == pk[1][i];
    if (psame != rec_int(s, "Gold_output"))
        return "the rows agreeing by their pixels are not Gold_output";
    return NULL;
}

#endif
