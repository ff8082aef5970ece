/* SPDX-License-Identifier: MIT */
/* counting_shapes: the canvas is the original's 500x300; there are n black shapes
 * (n = the level), each a circle, an axis-aligned square or an apex-up isosceles
 * triangle of the original's half-size 10..20 px (Pillow's extra pixel included),
 * each recognised from its geometry; the record's three counts equal the kinds
 * drawn; every two shapes keep 2 px of white (measured between points sampled
 * every 0.1 px along both outlines); and, from the pixels, the rendered image shows n dark
 * blobs whose fill of their bounding box names their kind (a square fills it, a
 * circle about pi/4 of it, a triangle half), giving the same three counts. */
#include "blobs.h"
#include "harness.h"

#include <math.h>
#include <string.h>

enum { CIRCLE, SQUARE, TRIANGLE };

/* The kind of a primitive from its geometry and its half-size, or -1. */
static int kind_of(const scene *sc, const prim *a, double *half)
{
    if (a->type == PRIM_CIRCLE) {
        *half = a->r - 0.5;
        return CIRCLE;
    }
    if (a->type == PRIM_RECT && a->w == a->h && a->angle == 0) {
        *half = (a->w - 1) / 2;
        return SQUARE;
    }
    if (a->type == PRIM_POLYGON && a->npts == 3) {
        const point *p = prim_points(sc, a);
        /* the original's vertices at pixel centres (scene.h, EDGES_PILLOW): apex,
         * then base left and right, the apex above the middle of a horizontal
         * base as wide as the triangle is tall */
        double base = p[2].x - p[1].x, height = p[1].y - p[0].y;
        if (p[1].y == p[2].y && base == height && fabs(p[0].x - (p[1].x + p[2].x) / 2) < 1e-9) {
            *half = base / 2;
            return TRIANGLE;
        }
    }
    return -1;
}

#define MIN_VISIBLE_GAP 2.0
#define STEP 0.1
#define MAX_OUTLINE 2048

/* Points every STEP px along a primitive's outline; returns how many. */
static int outline_points(const scene *sc, const prim *a, point *out)
{
    int n = 0;
    if (a->type == PRIM_CIRCLE) {
        int k = (int)ceil(2 * M_PI * a->r / STEP);
        for (int i = 0; i < k && n < MAX_OUTLINE; i++)
            out[n++] = (point){a->x + a->r * cos(2 * M_PI * i / k), a->y + a->r * sin(2 * M_PI * i / k)};
        return n;
    }
    point c[4];
    int m;
    if (a->type == PRIM_RECT) {
        c[0] = (point){a->x, a->y};
        c[1] = (point){a->x + a->w, a->y};
        c[2] = (point){a->x + a->w, a->y + a->h};
        c[3] = (point){a->x, a->y + a->h};
        m = 4;
    } else {
        /* the triangle's pixels reach half a pixel beyond its vertices' centres:
         * its extent is Pillow's box [x - s, x + s + 1] (apex at the top's middle) */
        const point *q = prim_points(sc, a);
        double top = q[0].y - 0.5, left = q[1].x - 0.5, right = q[2].x + 0.5, bottom = q[1].y + 0.5;
        c[0] = (point){q[0].x, top};
        c[1] = (point){right, bottom};
        c[2] = (point){left, bottom};
        m = 3;
    }
    for (int e = 0; e < m; e++) {
        point p = c[e], q = c[(e + 1) % m];
        int k = (int)ceil(hypot(q.x - p.x, q.y - p.y) / STEP);
        for (int i = 0; i < k && n < MAX_OUTLINE; i++)
            out[n++] = (point){p.x + (q.x - p.x) * i / k, p.y + (q.y - p.y) * i / k};
    }
    return n;
}

/* The least distance between two outlines (shapes never nest here), or a large
 * value when their enclosing circles are far apart. */
static double gap_between(const scene *sc, const prim *a, const prim *b)
{
    double ax0, ay0, ax1, ay1, bx0, by0, bx1, by1;
    prim_bbox(sc, a, &ax0, &ay0, &ax1, &ay1);
    prim_bbox(sc, b, &bx0, &by0, &bx1, &by1);
    if (ax1 + MIN_VISIBLE_GAP < bx0 || bx1 + MIN_VISIBLE_GAP < ax0 || ay1 + MIN_VISIBLE_GAP < by0 ||
        by1 + MIN_VISIBLE_GAP < ay0)
        return 1e9;
    static point pa[MAX_OUTLINE], pb[MAX_OUTLINE];
    int na = outline_points(sc, a, pa), nb = outline_points(sc, b, pb);
    double best = 1e9;
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++)
            best = fmin(best, hypot(pa[i].x - pb[j].x, pa[i].y - pb[j].y));
    return best;
}

static int kind_from_fill(const blob_info *b)
{
    double fill = b->pixels / (double)((b->x1 - b->x0 + 1) * (b->y1 - b->y0 + 1));
    return fill > 0.93 ? SQUARE : fill > 0.68 ? CIRCLE : fill < 0.62 ? TRIANGLE : -1;
}

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    if (sc->width != 500 || sc->height != 300)
        return "the canvas is not 500x300";
    int drawn[3] = {0, 0, 0};
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        double half = 0;
        int k = kind_of(sc, a, &half);
        if (k < 0 || memcmp(&a->fill, &RGB_BLACK, sizeof a->fill) != 0)
            return "a primitive that is not a black circle, square or apex-up triangle";
        if (half < 10 || half > 20 || half != floor(half))
            return "a half-size outside the whole numbers 10..20";
        drawn[k]++;
    }
    if (sc->nprims != p->level)
        return "not as many shapes as the level";
    int rec[3] = {rec_int(s, "circles"), rec_int(s, "squares"), rec_int(s, "triangles")};
    if (memcmp(rec, drawn, sizeof rec) != 0) {
        snprintf(msg, n, "drew %d circles, %d squares, %d triangles; record %d, %d, %d", drawn[0], drawn[1], drawn[2],
                 rec[0], rec[1], rec[2]);
        return msg;
    }
    const canvas *cv = harness_render(sc);
    blob_info info[64];
    int blobs = blobs_find_in(cv, 0, 0, sc->width, sc->height, blob_dark, NULL, 20, info, 64);
    if (blobs != p->level) {
        snprintf(msg, n, "the image shows %d dark blobs for %d shapes", blobs, p->level);
        return msg;
    }
    int seen[3] = {0, 0, 0};
    for (int i = 0; i < blobs; i++) {
        int k = kind_from_fill(&info[i]);
        if (k < 0)
            return "a blob whose fill names no kind";
        seen[k]++;
    }
    if (memcmp(seen, drawn, sizeof seen) != 0) {
        snprintf(msg, n, "the pixels show %d circles, %d squares, %d triangles; drawn %d, %d, %d", seen[0], seen[1],
                 seen[2], drawn[0], drawn[1], drawn[2]);
        return msg;
    }
    for (int i = 0; i < sc->nprims; i++)
        for (int j = 0; j < i; j++) {
            double g = gap_between(sc, &sc->prims[i], &sc->prims[j]);
            if (g < MIN_VISIBLE_GAP) {
                snprintf(msg, n, "shapes %d and %d are %.2f px apart", j, i, g);
                return msg;
            }
        }
    return NULL;
}

HARNESS_MAIN("counting_shapes", check)
