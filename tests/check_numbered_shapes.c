/* SPDX-License-Identifier: MIT */
/* numbered_shapes: a 515x350 white canvas with 2n shapes, each red, green or blue
 * with a 1 pt edge of its own colour, each carrying a white label = its object
 * number + 1 at its centre; kinds recomputed from geometry (circle; apex-up
 * triangle; axis-aligned square; pentagon), exactly n circles, all of one size;
 * the record's four lists are each kind's labels as strings in string order and
 * num_objects = n.  Readability, measured here on densely sampled outlines: two
 * shapes keep MIN_GAP of white between their drawn edges, a circle's label lies
 * inside its circle, and no label comes within MIN_GAP of another shape.  In the
 * render: with the label pixels inside their own shape filled, the coloured blobs
 * number 2n. */
#include "harness.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define W 515
#define H 350
#define EDGE (100.0 / 72)
#define MIN_GAP 2.9
#define STEP 0.25
#define MAXS 64

enum { K_CIRCLE, K_TRIANGLE, K_SQUARE, K_PENTAGON, K_OTHER };
static const char *const FIELD[4] = {"circles", "triangles", "rectangles", "pentagons"};

typedef struct shp {
    int kind;
    point c;
    double r;
    point v[8];
    int nv;
} shp;

static bool inside(const shp *s, double x, double y)
{
    if (s->kind == K_CIRCLE)
        return hypot(x - s->c.x, y - s->c.y) <= s->r;
    bool in = false;
    for (int i = 0, j = s->nv - 1; i < s->nv; j = i++)
        if ((s->v[i].y > y) != (s->v[j].y > y) &&
            x < (s->v[j].x - s->v[i].x) * (y - s->v[i].y) / (s->v[j].y - s->v[i].y) + s->v[i].x)
            in = !in;
    return in;
}

/* Boundary points of a shape or box, every STEP px. */
static int boundary(const shp *s, point *out, int cap)
{
    int k = 0;
    if (s->kind == K_CIRCLE) {
        int m = (int)(2 * M_PI * s->r / STEP) + 1;
        for (int i = 0; i < m && k < cap; i++)
            out[k++] = (point){s->c.x + s->r * cos(2 * M_PI * i / m), s->c.y + s->r * sin(2 * M_PI * i / m)};
        return k;
    }
    for (int i = 0; i < s->nv; i++) {
        point a = s->v[i], b = s->v[(i + 1) % s->nv];
        int m = (int)(hypot(b.x - a.x, b.y - a.y) / STEP) + 1;
        for (int j = 0; j < m && k < cap; j++)
            out[k++] = (point){a.x + (b.x - a.x) * j / m, a.y + (b.y - a.y) * j / m};
    }
    return k;
}

/* Farthest point of an outline from its centre. */
static double reach(const shp *s)
{
    if (s->kind == K_CIRCLE)
        return s->r;
    double r = 0;
    for (int i = 0; i < s->nv; i++)
        r = fmax(r, hypot(s->v[i].x - s->c.x, s->v[i].y - s->c.y));
    return r;
}

/* White between two outlines (0 when one reaches into the other); outlines
 * farther apart than FAR are not measured (any value above FAR). */
#define FAR 20.0
static double gap(const shp *a, const shp *b)
{
    double lower = hypot(a->c.x - b->c.x, a->c.y - b->c.y) - reach(a) - reach(b);
    if (lower > FAR)
        return lower;
    static point pa[4096], pb[4096];
    int na = boundary(a, pa, 4096), nb = boundary(b, pb, 4096);
    double d = INFINITY;
    for (int i = 0; i < na; i++) {
        if (inside(b, pa[i].x, pa[i].y))
            return 0;
        for (int j = 0; j < nb; j++)
            d = fmin(d, hypot(pa[i].x - pb[j].x, pa[i].y - pb[j].y));
    }
    for (int j = 0; j < nb; j++)
        if (inside(a, pb[j].x, pb[j].y))
            return 0;
    return d;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(const char *const *)a, *(const char *const *)b); }

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    if (sc->width != W || sc->height != H)
        return "the canvas is not 515x350";
    int m = 2 * p->level, ns = 0, nt = 0, circles = 0;
    shp sh[MAXS], box[MAXS];
    const char *label[MAXS];
    if (m > MAXS)
        return "too many shapes for this check";
    double r0 = -1;
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (a->type == PRIM_TEXT) {
            if (a->object != nt || a->fill.r != 255 || a->fill.g != 255 || a->fill.b != 255)
                return "a label is out of order or not white";
            char want[8];
            snprintf(want, sizeof want, "%d", nt + 1);
            /* Text.draw flips y by the canvas's unrounded height (350.67), the
             * shapes by the whole one (350): a label sits up to 1 px lower */
            double dy = a->y - sh[nt].c.y;
            if (strcmp(a->label, want) != 0 || fabs(a->x - sh[nt].c.x) > 1e-6 || dy < -1e-6 || dy > 1)
                return "a label is not its shape's number at its centre";
            label[nt] = a->label;
            double x0, y0, x1, y1;
            prim_bbox(sc, a, &x0, &y0, &x1, &y1);
            box[nt] = (shp){.kind = K_OTHER, .c = {(x0 + x1) / 2, (y0 + y1) / 2}, .nv = 4,
                            .v = {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}};
            nt++;
            continue;
        }
        if (ns == MAXS || a->object != ns)
            return "shapes out of order";
        rgb f = a->fill;
        bool rgbok = (f.r == 255 && !f.g && !f.b) || (!f.r && f.g == 128 && !f.b) || (!f.r && !f.g && f.b == 255);
        if (!rgbok || memcmp(&a->stroke, &a->fill, sizeof f) != 0 || fabs(a->stroke_width - EDGE) > 1e-9)
            return "a shape is not red, green or blue with a 1 pt edge of its colour";
        shp *t = &sh[ns];
        if (a->type == PRIM_CIRCLE) {
            *t = (shp){.kind = K_CIRCLE, .c = {a->x, a->y}, .r = a->r};
            circles++;
        } else if (a->type == PRIM_POLYGON && a->npts >= 3 && a->npts <= 5) {
            const point *q = prim_points(sc, a);
            t->nv = a->npts;
            memcpy(t->v, q, sizeof(point) * (size_t)a->npts);
            double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
            for (int k = 0; k < a->npts; k++)
                x0 = fmin(x0, q[k].x), x1 = fmax(x1, q[k].x), y0 = fmin(y0, q[k].y), y1 = fmax(y1, q[k].y);
            t->c = (point){(x0 + x1) / 2, (y0 + y1) / 2};
            t->r = (x1 - x0) / 2;
            if (a->npts == 3 && fabs(q[0].x - t->c.x) < 1e-9 && q[0].y == y0 && q[1].y == y1 && q[2].y == y1)
                t->kind = K_TRIANGLE;
            else if (a->npts == 4 && fabs((x1 - x0) - (y1 - y0)) < 1e-9 && q[0].y == q[1].y && q[1].x == q[2].x)
                t->kind = K_SQUARE;
            else if (a->npts == 5 && q[0].y == y0 && fabs(q[0].x - t->c.x) < 1e-9) {
                t->kind = K_PENTAGON;
                t->c.y = q[0].y + t->r / 0.95; /* the apex is r above the centre */
            } else
                return "a polygon is not an apex-up triangle, a square or a pentagon";
        } else
            return "a primitive is neither a shape nor a label";
        double size = t->kind == K_CIRCLE ? t->r : t->kind == K_PENTAGON ? t->r / 0.95 : t->r;
        if (r0 < 0)
            r0 = size;
        if (fabs(size - r0) > 1e-6)
            return "shapes differ in size";
        ns++;
    }
    if (ns != m || nt != m || circles != p->level)
        return "not 2n shapes with 2n labels and n circles";
    if (rec_int(s, "num_objects") != p->level)
        return "num_objects is not n";
    for (int k = 0; k < 4; k++) {
        const char *want[MAXS];
        int c = 0;
        for (int i = 0; i < m; i++)
            if (sh[i].kind == k)
                want[c++] = label[i];
        qsort(want, (size_t)c, sizeof *want, cmp_str);
        const cJSON *arr = cJSON_GetObjectItemCaseSensitive(s->record, FIELD[k]);
        if (cJSON_GetArraySize(arr) != c) {
            snprintf(msg, n, "%s: %d in the scene, %d in the record", FIELD[k], c, cJSON_GetArraySize(arr));
            return msg;
        }
        for (int i = 0; i < c; i++) {
            const cJSON *v = cJSON_GetArrayItem(arr, i);
            if (!cJSON_IsString(v) || strcmp(v->valuestring, want[i]) != 0) {
                snprintf(msg, n, "%s[%d] is not \"%s\"", FIELD[k], i, want[i]);
                return msg;
            }
        }
    }
    for (int i = 0; i < m; i++) {
        if (sh[i].kind == K_CIRCLE)
            for (int k = 0; k < 4; k++)
                if (!inside(&sh[i], box[i].v[k].x, box[i].v[k].y))
                    return "a circle's label leaves its circle";
        for (int j = 0; j < m; j++) {
            if (j == i)
                continue;
            if (j < i && gap(&sh[i], &sh[j]) - EDGE < MIN_GAP) {
                snprintf(msg, n, "shapes %d and %d are %.2f px apart", j, i, gap(&sh[i], &sh[j]) - EDGE);
                return msg;
            }
            if (gap(&box[i], &sh[j]) - EDGE / 2 < MIN_GAP) {
                snprintf(msg, n, "label %d is %.2f px from shape %d", i + 1, gap(&box[i], &sh[j]) - EDGE / 2, j);
                return msg;
            }
        }
    }
    /* pixels: coloured blobs, label pixels inside their own shape counted as ink */
    const canvas *cv = harness_render(sc);
    int stride;
    const uint8_t *px = canvas_pixels(cv, &stride);
    uint8_t *ink = calloc((size_t)W * H, 1);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            uint32_t v = ((const uint32_t *)(const void *)(px + (size_t)y * (size_t)stride))[x];
            int lo = (int)((v >> 16) & 255);
            lo = (int)((v >> 8) & 255) < lo ? (int)((v >> 8) & 255) : lo;
            lo = (int)(v & 255) < lo ? (int)(v & 255) : lo;
            ink[y * W + x] = lo < 160;
        }
    for (int i = 0; i < m; i++)
        for (int y = (int)box[i].v[0].y - 1; y <= (int)box[i].v[2].y + 1; y++)
            for (int x = (int)box[i].v[0].x - 1; x <= (int)box[i].v[2].x + 1; x++)
                if (x >= 0 && y >= 0 && x < W && y < H && inside(&sh[i], x + 0.5, y + 0.5))
                    ink[y * W + x] = 1;
    int *stack = malloc(sizeof(int) * W * H), blobs = 0;
    for (int i = 0; i < W * H; i++) {
        if (!ink[i])
            continue;
        int top = 0, area = 0;
        stack[top++] = i;
        ink[i] = 0;
        while (top) {
            int c = stack[--top], x = c % W, y = c / W;
            area++;
            int nb[4] = {x > 0 ? c - 1 : -1, x < W - 1 ? c + 1 : -1, y > 0 ? c - W : -1, y < H - 1 ? c + W : -1};
            for (int k = 0; k < 4; k++)
                if (nb[k] >= 0 && ink[nb[k]]) {
                    ink[nb[k]] = 0;
                    stack[top++] = nb[k];
                }
        }
        blobs += area > 20; /* a label's spill outside a triangle is white, not ink */
    }
    free(stack);
    free(ink);
    if (blobs != m) {
        snprintf(msg, n, "%d coloured blobs in the render, %d shapes", blobs, m);
        return msg;
    }
    return NULL;
}

HARNESS_MAIN("numbered_shapes", check)
