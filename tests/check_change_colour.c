/* change_colour: the two scenes hold the same primitives with the same geometry, and
 * differ only in the fill of exactly num_differences shapes, each by at least a clear
 * CIEDE2000 step to another palette colour; some shapes keep their colour.  The two
 * renders differ only inside the recoloured shapes, and each recoloured shape shows
 * its new colour at its centre while every other shape looks the same. */
#include "harness.h"

#include "colour.h"
#include "palette.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The generator promises 25; a reader comparing two patches needs no less than 20. */
#define MIN_CHANGE_DE2000 20.0
#define MIN_SHAPE_GAP 8.0
/* A pixel that differs between the renders lies at most this far outside the bounding
 * box of a recoloured shape (anti-aliased edge). */
#define EDGE_SLACK 1.0
#define MAX_SHAPES 256

static bool same_geometry(const scene *a, const scene *b, const prim *p, const prim *q)
{
    if (p->type != q->type || p->x != q->x || p->y != q->y || p->r != q->r || p->w != q->w || p->h != q->h ||
        p->angle != q->angle || p->npts != q->npts || p->filled != q->filled || p->stroke_width != q->stroke_width ||
        p->object != q->object || p->layer != q->layer)
        return false;
    for (int k = 0; k < p->npts; k++)
        if (memcmp(&prim_points(a, p)[k], &prim_points(b, q)[k], sizeof(point)) != 0)
            return false;
    return true;
}

static bool same_rgb(rgb a, rgb b) { return a.r == b.r && a.g == b.g && a.b == b.b; }

static bool is_palette(rgb c)
{
    for (int i = 0; i < PALETTE_SIZE; i++)
        if (same_rgb(c, PALETTE[i].value))
            return true;
    return false;
}

/* A point well inside the shape: its centre (all kinds drawn are centred and convex). */
static point centre_of(const scene *sc, const prim *p)
{
    if (p->type == PRIM_CIRCLE)
        return (point){p->x, p->y};
    point c = {0, 0};
    for (int k = 0; k < p->npts; k++)
        c.x += prim_points(sc, p)[k].x / p->npts, c.y += prim_points(sc, p)[k].y / p->npts;
    return c;
}

/* The shape's circumradius about centre_of(). */
static double reach(const scene *sc, const prim *p)
{
    if (p->type == PRIM_CIRCLE)
        return p->r;
    point c = centre_of(sc, p);
    double r = 0;
    for (int k = 0; k < p->npts; k++)
        r = fmax(r, hypot(prim_points(sc, p)[k].x - c.x, prim_points(sc, p)[k].y - c.y));
    return r;
}

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *a = &s->img[0], *b = &s->img[1];
    if (a->width != b->width || a->height != b->height || a->nprims != b->nprims)
        return "the two scenes differ in size or in the number of primitives";
    int changed = 0;
    for (int i = 0; i < a->nprims; i++) {
        const prim *x = &a->prims[i], *y = &b->prims[i];
        if (!same_geometry(a, b, x, y))
            return "a shape moved, changed form or was replaced";
        if (x->object < 0 || !x->filled)
            return "a primitive that is not a filled shape";
        if (!is_palette(x->fill) || !is_palette(y->fill))
            return "a fill that is not a palette colour";
        double x0, y0, x1, y1;
        prim_bbox(a, x, &x0, &y0, &x1, &y1);
        if (x0 < 0 || y0 < 0 || x1 > a->width || y1 > a->height)
            return "a shape leaves the canvas";
        for (int j = 0; j < i; j++) {
            point c1 = centre_of(a, x), c2 = centre_of(a, &a->prims[j]);
            if (hypot(c1.x - c2.x, c1.y - c2.y) - reach(a, x) - reach(a, &a->prims[j]) < MIN_SHAPE_GAP)
                return "two shapes are too close";
        }
        if (!same_rgb(x->fill, y->fill)) {
            changed++;
            double de = ciede2000(x->fill, y->fill);
            if (de < MIN_CHANGE_DE2000) {
                snprintf(msg, n, "shape %d changed by only %.1f CIEDE2000", x->object, de);
                return msg;
            }
        }
    }
    if (changed != p->level || rec_int(s, "num_differences") != changed) {
        snprintf(msg, n, "%d shapes changed, level %d, record %d", changed, p->level, rec_int(s, "num_differences"));
        return msg;
    }
    if (changed >= a->nprims)
        return "every shape changed: there must be more shapes than changes";

    /* renders: keep the first image's pixel rows, then compare the second's */
    int stride;
    const canvas *cv = harness_render(a);
    const uint8_t *px = canvas_pixels(cv, &stride);
    size_t bytes = (size_t)stride * (size_t)a->height;
    uint8_t *first = malloc(bytes);
    memcpy(first, px, bytes);
    for (int i = 0; i < a->nprims; i++) {
        point c = centre_of(a, &a->prims[i]);
        if (!same_rgb(canvas_pixel(cv, (int)c.x, (int)c.y), a->prims[i].fill)) {
            free(first);
            return "a shape's centre in the first image is not its colour";
        }
    }
    /* the recoloured shapes' boxes, widened by the anti-aliasing slack */
    double boxes[MAX_SHAPES][4];
    int nboxes = 0;
    for (int i = 0; i < b->nprims && nboxes < MAX_SHAPES; i++)
        if (!same_rgb(a->prims[i].fill, b->prims[i].fill)) {
            double *q = boxes[nboxes++];
            prim_bbox(b, &b->prims[i], &q[0], &q[1], &q[2], &q[3]);
            q[0] -= EDGE_SLACK, q[1] -= EDGE_SLACK, q[2] += EDGE_SLACK, q[3] += EDGE_SLACK;
        }
    cv = harness_render(b);
    px = canvas_pixels(cv, &stride);
    const char *why = NULL;
    for (int y = 0; y < b->height && !why; y++) {
        const uint32_t *r1 = (const uint32_t *)(const void *)(first + (size_t)y * (size_t)stride);
        const uint32_t *r2 = (const uint32_t *)(const void *)(px + (size_t)y * (size_t)stride);
        for (int x = 0; x < b->width && !why; x++) {
            if ((r1[x] & 0xffffff) == (r2[x] & 0xffffff))
                continue;
            bool explained = false;
            for (int i = 0; i < nboxes && !explained; i++)
                explained = x + 1 >= boxes[i][0] && x <= boxes[i][2] && y + 1 >= boxes[i][1] && y <= boxes[i][3];
            if (!explained) {
                snprintf(msg, n, "pixel (%d, %d) differs outside every recoloured shape", x, y);
                why = msg;
            }
        }
    }
    for (int i = 0; i < b->nprims && !why; i++) {
        point c = centre_of(b, &b->prims[i]);
        if (!same_rgb(canvas_pixel(cv, (int)c.x, (int)c.y), b->prims[i].fill))
            why = "a shape's centre in the second image is not its colour";
    }
    free(first);
    return why;
}

HARNESS_MAIN("change_colour", check)
