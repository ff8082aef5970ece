/* SPDX-License-Identifier: MIT */
/* line_check.h - the consistency check shared by mirror_image and water_image
 * (check_mirror_image.c, check_water_image.c), with constants and code of its own.
 *
 * What it checks, per sample:
 *  - both canvases 389x389 white; each image is the blue line (one 2 px rectangle
 *    through the centre: columns 194-195 x rows 9-378, or rows 193-194 x columns
 *    10-379) and 2n shapes, n = the level = both record fields;
 *  - every shape is a circle of radius 3.5 units, an apex-up triangle, a square or
 *    the original's pentagon (3.5 units = 3.178 px), with a 1 pt edge in its own
 *    colour, one of matplotlib's red, green, blue, yellow, orange, black;
 *  - in the first image all lie on the near side (left / above); their centres
 *    are more than 7 units apart; any two drawn shapes, and any shape and the
 *    line, keep at least 1 px of clear space (edges sampled every 0.02 px);
 *  - in the second, each shape is either the first image's, untouched, or its
 *    exact reflection in the line's axis, every point reflected (a triangle comes
 *    out apex down below a horizontal line); the reflected ones number the record;
 *  - in the renders, pixels more than 55 % covered (a channel 140 below white)
 *    outside the line form 2n 4-connected blobs in the first image, none next to
 *    the line, and in the second as many beyond the line as the record says. */
#ifndef GEN_LINE_CHECK_H
#define GEN_LINE_CHECK_H

#include "harness.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define LC_SIZE 389
#define LC_PX (369.6 / 407.0)
#define LC_R (3.5 * LC_PX)
#define LC_EDGE (100.0 / 72.0)
#define LC_GAP 1.0
/* The data axis in pixels: x = 0 (vertical line), y = 0 (horizontal line). */
#define LC_AXIS_X (10.0 + 203.5 * LC_PX)
#define LC_AXIS_Y (389.0 - 10.0 - 369.6 + 203.5 * LC_PX)
#define LC_INK 140

static const rgb LC_COLOURS[6] = {{255, 0, 0}, {0, 128, 0}, {0, 0, 255}, {255, 255, 0}, {255, 165, 0}, {0, 0, 0}};
static const char *const LC_COLOUR_NAMES[6] = {"red", "green", "blue", "yellow", "orange", "black"};

typedef struct lc_shape {
    const prim *p;
    point c;     /* centre, px */
    point v[5];  /* outline, px (none for a circle) */
    point d[5];  /* the outline where Agg draws it (a square's snapped) */
    int nv;
} lc_shape;

static bool lc_near(double a, double b) { return fabs(a - b) < 1e-6; }

/* The line's rectangle: x0, y0, x1, y1. */
static void lc_line_box(bool vertical, double *b)
{
    if (vertical) {
        b[0] = 194, b[1] = 9, b[2] = 196, b[3] = 379;
    } else {
        b[0] = 10, b[1] = 193, b[2] = 380, b[3] = 195;
    }
}

/* Reads a shape primitive; NULL if it is what it should be. */
static const char *lc_read(const scene *sc, const prim *p, lc_shape *s)
{
    int ci = -1;
    for (int i = 0; i < 6; i++)
        if (!memcmp(&p->fill, &LC_COLOURS[i], sizeof(rgb)))
            ci = i;
    if (ci < 0 || !p->filled || !p->colour_name || strcmp(p->colour_name, LC_COLOUR_NAMES[ci]) != 0)
        return "a shape is not one of the six colours, or misnamed";
    if (!lc_near(p->stroke_width, LC_EDGE) || memcmp(&p->stroke, &p->fill, sizeof(rgb)) != 0)
        return "a shape lacks its 1 pt edge in its own colour";
    s->p = p;
    s->nv = 0;
    if (p->type == PRIM_CIRCLE) {
        if (!lc_near(p->r, LC_R) || strcmp(p->kind, "circle") != 0)
            return "a circle of the wrong radius or kind";
        s->c = (point){p->x, p->y};
        return NULL;
    }
    if (p->type != PRIM_POLYGON || (p->npts < 3 || p->npts > 5))
        return "a shape that is neither a circle nor a 3-5 corner polygon";
    const point *q = prim_points(sc, p);
    s->nv = p->npts;
    double cx = 0, top = INFINITY, bottom = -INFINITY;
    for (int i = 0; i < p->npts; i++) {
        s->v[i] = s->d[i] = q[i];
        top = fmin(top, q[i].y);
        bottom = fmax(bottom, q[i].y);
    }
    for (int i = 0; i < p->npts; i++)
        cx += q[i].x / p->npts;
    /* the centre of the original's outline: half way across; vertically, the
     * square's middle, the triangle's middle (apex to base) and the pentagon's
     * apex less one radius */
    const char *want = p->npts == 3 ? "triangle" : p->npts == 4 ? "square" : "pentagon";
    if (strcmp(p->kind, want) != 0)
        return "a polygon's kind does not match its corners";
    double r = LC_R;
    if (p->npts == 5) {
        /* the apex is the corner farthest from the others' mean height */
        bool up = fabs(q[0].y - top) < 1e-9;
        s->c = (point){q[0].x, up ? q[0].y + r : q[0].y - r};
        /* the five corners, in any order (a reflection reverses it) */
        for (int i = 0; i < 5; i++) {
            static const double PX[5] = {0, 0.95, 0.59, -0.59, -0.95}, PY[5] = {1, 0.31, -0.81, -0.81, 0.31};
            double ex = s->c.x + PX[i] * r, ey = s->c.y + (up ? -PY[i] : PY[i]) * r;
            bool found = false;
            for (int k = 0; k < 5 && !found; k++)
                found = fabs(q[k].x - ex) < 1e-6 && fabs(q[k].y - ey) < 1e-6;
            if (!found)
                return "a pentagon that is not the original's";
        }
    } else {
        s->c = (point){cx, (top + bottom) / 2};
        if (!lc_near(bottom - top, 2 * r))
            return "a polygon of the wrong height";
        for (int i = 0; i < p->npts; i++)
            if (fabs(q[i].x - s->c.x) > r + 1e-6)
                return "a polygon of the wrong width";
        if (p->npts == 3) {
            /* an isosceles triangle: one corner on the middle line, two at +-r */
            if (!lc_near(q[0].x, s->c.x) || !lc_near(q[1].y, q[2].y) || !lc_near(fabs(q[1].x - q[2].x), 2 * r))
                return "a triangle that is not the original's";
        } else {
            for (int i = 0; i < 4; i++)
                if (!lc_near(fabs(q[i].x - s->c.x), r) || !lc_near(fabs(q[i].y - s->c.y), r))
                    return "a square that is not the original's";
            /* where Agg draws it: a rectilinear path snapped to pixel centres */
            for (int i = 0; i < 4; i++)
                s->d[i] = (point){floor(q[i].x + 0.5) + 0.5, floor(q[i].y + 0.5) + 0.5};
        }
    }
    return NULL;
}

/* Points along a shape's outline, every ~0.02 px; returns how many. */
static int lc_outline(const lc_shape *s, point *out, int cap)
{
    int k = 0;
    if (!s->nv) {
        int m = (int)(2 * M_PI * LC_R / 0.02);
        for (int i = 0; i < m && k < cap; i++)
            out[k++] = (point){s->c.x + LC_R * cos(2 * M_PI * i / m), s->c.y + LC_R * sin(2 * M_PI * i / m)};
        return k;
    }
    for (int i = 0; i < s->nv; i++) {
        point a = s->d[i], b = s->d[(i + 1) % s->nv];
        int m = (int)(hypot(b.x - a.x, b.y - a.y) / 0.02) + 1;
        for (int j = 0; j < m && k < cap; j++)
            out[k++] = (point){a.x + (b.x - a.x) * j / m, a.y + (b.y - a.y) * j / m};
    }
    return k;
}

/* Clear space between two drawn shapes (their outlines less both half edges). */
static double lc_gap(const lc_shape *a, const lc_shape *b)
{
    static point pa[4096], pb[4096];
    int na = lc_outline(a, pa, 4096), nb = lc_outline(b, pb, 4096);
    double best = INFINITY;
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++) {
            double dx = pa[i].x - pb[j].x, dy = pa[i].y - pb[j].y, d = dx * dx + dy * dy;
            if (d < best)
                best = d;
        }
    return sqrt(best) - LC_EDGE;
}

/* The shape's drawn reach along x (or y): lo, hi. */
static void lc_reach(const lc_shape *s, bool along_x, double *lo, double *hi)
{
    static point pts[4096];
    int n = lc_outline(s, pts, 4096);
    *lo = INFINITY;
    *hi = -INFINITY;
    for (int i = 0; i < n; i++) {
        double v = along_x ? pts[i].x : pts[i].y;
        *lo = fmin(*lo, v);
        *hi = fmax(*hi, v);
    }
    *lo -= LC_EDGE / 2;
    *hi += LC_EDGE / 2;
}

/* Is b the reflection of a in the axis (every point)? */
static bool lc_reflection(const lc_shape *a, const lc_shape *b, bool vertical)
{
    if (a->p->type != b->p->type || a->nv != b->nv || memcmp(&a->p->fill, &b->p->fill, sizeof(rgb)) != 0)
        return false;
    point ca = a->c;
    point want = vertical ? (point){2 * LC_AXIS_X - ca.x, ca.y} : (point){ca.x, 2 * LC_AXIS_Y - ca.y};
    if (fabs(b->c.x - want.x) > 1e-6 || fabs(b->c.y - want.y) > 1e-6)
        return false;
    for (int i = 0; i < a->nv; i++) {
        point w = vertical ? (point){2 * LC_AXIS_X - a->v[i].x, a->v[i].y}
                           : (point){a->v[i].x, 2 * LC_AXIS_Y - a->v[i].y};
        bool found = false;
        for (int j = 0; j < b->nv && !found; j++)
            found = fabs(b->v[j].x - w.x) < 1e-6 && fabs(b->v[j].y - w.y) < 1e-6;
        if (!found)
            return false;
    }
    return true;
}

static bool lc_same(const lc_shape *a, const lc_shape *b)
{
    if (a->p->type != b->p->type || a->nv != b->nv || memcmp(&a->p->fill, &b->p->fill, sizeof(rgb)) != 0 ||
        !lc_near(a->c.x, b->c.x) || !lc_near(a->c.y, b->c.y))
        return false;
    for (int i = 0; i < a->nv; i++)
        if (!lc_near(a->v[i].x, b->v[i].x) || !lc_near(a->v[i].y, b->v[i].y))
            return false;
    return true;
}

/* Blobs of the render outside the line: total, how many lie beyond the line
 * (right of it or below), and whether any ink pixel touches the line's pixels. */
static void lc_blobs(const canvas *cv, bool vertical, int *total, int *beyond, bool *touch)
{
    int w = cv->width, h = cv->height;
    double lb[4];
    lc_line_box(vertical, lb);
    uint8_t *ink = calloc((size_t)w * (size_t)h, 1);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            bool on_line = x >= lb[0] && x < lb[2] && y >= lb[1] && y < lb[3];
            rgb c = canvas_pixel(cv, x, y);
            int d = 255 - c.r;
            d = d > 255 - c.g ? d : 255 - c.g;
            d = d > 255 - c.b ? d : 255 - c.b;
            ink[y * w + x] = !on_line && d > LC_INK;
        }
    *touch = false;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            if (!ink[y * w + x])
                continue;
            /* a 4-neighbour on the line */
            int nx[4] = {x - 1, x + 1, x, x}, ny[4] = {y, y, y - 1, y + 1};
            for (int k = 0; k < 4; k++)
                if (nx[k] >= lb[0] && nx[k] < lb[2] && ny[k] >= lb[1] && ny[k] < lb[3])
                    *touch = true;
        }
    int *stack = malloc(sizeof(int) * (size_t)w * (size_t)h);
    *total = *beyond = 0;
    for (int i = 0; i < w * h; i++) {
        if (!ink[i])
            continue;
        int top = 0;
        long sx = 0, sy = 0, m = 0;
        stack[top++] = i;
        ink[i] = 0;
        while (top) {
            int c = stack[--top], x = c % w, y = c / w;
            sx += x;
            sy += y;
            m++;
            int nb[4] = {x > 0 ? c - 1 : -1, x < w - 1 ? c + 1 : -1, y > 0 ? c - w : -1, y < h - 1 ? c + w : -1};
            for (int k = 0; k < 4; k++)
                if (nb[k] >= 0 && ink[nb[k]]) {
                    ink[nb[k]] = 0;
                    stack[top++] = nb[k];
                }
        }
        (*total)++;
        double mx = (double)sx / m + 0.5, my = (double)sy / m + 0.5;
        if (vertical ? mx > LC_AXIS_X : my > LC_AXIS_Y)
            (*beyond)++;
    }
    free(stack);
    free(ink);
}

/* Splits a scene into its line and shapes; NULL if it is as it should be. */
static const char *lc_split(const scene *sc, bool vertical, lc_shape *shapes, int *nshapes)
{
    if (sc->width != LC_SIZE || sc->height != LC_SIZE || memcmp(&sc->background, &RGB_WHITE, sizeof(rgb)) != 0)
        return "a canvas is not 389x389 white";
    double lb[4];
    lc_line_box(vertical, lb);
    int lines = 0;
    *nshapes = 0;
    for (int i = 0; i < sc->nprims; i++) {
        const prim *p = &sc->prims[i];
        if (p->type == PRIM_POLYLINE) {
            /* the blue 1.5-pt axvline / axhline across the axes at the axis,
             * which Agg snaps to the edge between the line's two whole pixels
             * (its width rounds to 2); a line, drawn after the shapes (zorder) */
            const point *q = p->npts == 2 ? prim_points(sc, p) : NULL;
            int a = vertical ? 0 : 1;
            double at = q ? (vertical ? q[0].x : q[0].y) : 0, mid = (lb[a] + lb[a + 2]) / 2;
            double axis = vertical ? LC_AXIS_X : LC_AXIS_Y;
            if (!q || (vertical ? q[1].x != q[0].x : q[1].y != q[0].y) || fabs(at - axis) > 1e-6 ||
                floor(at + 0.5) != mid || p->edges != EDGES_MPL || p->stroke.r || p->stroke.g ||
                p->stroke.b != 255 || !lc_near(p->stroke_width, 1.5 * 100 / 72))
                return "a line that is not the blue line";
            if (i != sc->nprims - 1)
                return "the line is not drawn last (over the shapes, as matplotlib's zorder has it)";
            lines++;
            continue;
        }
        const char *why = lc_read(sc, p, &shapes[*nshapes]);
        if (why)
            return why;
        if (p->object != *nshapes)
            return "shapes are not objects 0.. in drawing order";
        (*nshapes)++;
    }
    return lines == 1 ? NULL : "not exactly one line";
}

static const char *lc_check(const sample_out *s, const gen_params *p, char *msg, size_t n, bool vertical,
                            const char *field)
{
    int lvl = p->level, total = 2 * lvl;
    if (rec_int(s, field) != lvl || rec_int(s, "num_objects") != lvl)
        return "the record's fields are not both the level";
    lc_shape *a = malloc(sizeof *a * (size_t)(total + 1) * 2), *b = a + total + 1;
    int na, nb;
    const char *why = lc_split(&s->img[0], vertical, a, &na);
    if (!why)
        why = lc_split(&s->img[1], vertical, b, &nb);
    if (!why && (na != total || nb != total))
        why = "an image does not hold 2n shapes";
    /* the first image: the near side, centres > 7 units apart, gaps */
    for (int i = 0; i < na && !why; i++) {
        double lo, hi, lb[4];
        lc_line_box(vertical, lb);
        lc_reach(&a[i], vertical, &lo, &hi);
        if (hi > (vertical ? lb[0] : lb[1]) - LC_GAP + 0.03) {
            snprintf(msg, n, "shape %d is within %.2f px of the line or beyond it", i,
                     (vertical ? lb[0] : lb[1]) - hi);
            why = msg;
        }
        for (int j = 0; j < i && !why; j++) {
            double d = hypot(a[i].c.x - a[j].c.x, a[i].c.y - a[j].c.y);
            if (d <= 7 * LC_PX) {
                snprintf(msg, n, "centres %d and %d are %.2f units apart", j, i, d / LC_PX);
                why = msg;
            } else if (d < 2 * LC_R * 1.5 + LC_EDGE + LC_GAP + 0.1 && lc_gap(&a[i], &a[j]) < LC_GAP - 0.03) {
                snprintf(msg, n, "shapes %d and %d are %.2f px apart", j, i, lc_gap(&a[i], &a[j]));
                why = msg;
            }
        }
    }
    /* the second image: each shape kept or truly reflected */
    int reflected = 0;
    for (int i = 0; i < na && !why; i++) {
        if (lc_same(&a[i], &b[i]))
            continue;
        if (!lc_reflection(&a[i], &b[i], vertical)) {
            snprintf(msg, n, "shape %d of the second image is neither kept nor the reflection of the first's", i);
            why = msg;
            break;
        }
        double lo, hi, lb[4];
        lc_line_box(vertical, lb);
        lc_reach(&b[i], vertical, &lo, &hi);
        if (lo < (vertical ? lb[2] : lb[3]) + LC_GAP - 0.03) {
            snprintf(msg, n, "reflected shape %d is within %.2f px of the line", i, lo - (vertical ? lb[2] : lb[3]));
            why = msg;
        }
        reflected++;
    }
    if (!why && reflected != rec_int(s, field)) {
        snprintf(msg, n, "%d shapes reflected, record %d", reflected, rec_int(s, field));
        why = msg;
    }
    if (!why) {
        int t1, b1, t2, b2;
        bool touch1, touch2;
        lc_blobs(harness_render(&s->img[0]), vertical, &t1, &b1, &touch1);
        lc_blobs(harness_render(&s->img[1]), vertical, &t2, &b2, &touch2);
        if (touch1 || touch2)
            why = "a shape's pixels touch the line";
        else if (t1 != total || b1 != 0 || t2 != total || b2 != rec_int(s, field)) {
            snprintf(msg, n, "blobs: first %d (%d beyond), second %d (%d beyond); want %d, 0, %d, %d", t1, b1, t2, b2,
                     total, total, rec_int(s, field));
            why = msg;
        }
    }
    free(a);
    return why;
}

#endif
