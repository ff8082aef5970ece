/* layers_check.h - what check_layered_colours.c and check_layered_shapes.c measure
 * on the rendered image of a stack of overlapping layers (code of the tests' own,
 * independent of common/toolkit/layers.c).
 *
 * Contract:
 *  1. A layer is a primitive with object >= 0; layers are drawn bottom first, so
 *     layer i is the i-th such primitive, and its `layer` and `object` are i.
 *  2. lk_measure() renders a copy of the scene in which every layer is filled with
 *     an ID colour of its own (outlines unchanged) and reads the top GEN_CANVAS
 *     rows (the scene, not the swatch strip) at full size.  A pixel shows layer i
 *     when it has exactly layer i's ID colour: outlines and antialiased edges never
 *     count as visible.
 *  3. Per layer it reports its own area (analytic), its visible pixels, the
 *     largest 4-connected piece of them, the visible pixels lying inside the layer
 *     just below (the part of that layer it visibly covers), and the order edge:
 *     the length of the boundary between those pixels and the pixels that show
 *     the layer just below (across the outline, at most LK_EDGE_REACH px away),
 *     from the pixels bordering it along rows and along columns.
 */
#ifndef GEN_LAYERS_CHECK_H
#define GEN_LAYERS_CHECK_H

#include "harness.h"
#include "shapes.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Farthest a pixel of the layer below may lie across an outline for the two to
 * count as bordering: a 2 px outline at 45 degrees spans 3 px of a row, plus
 * antialiasing on both sides and rounding. */
#define LK_EDGE_REACH 8
#define LK_MAX_LAYERS 32

typedef struct lk_layer {
    const prim *p;
    double area;     /* own area, px */
    long visible;    /* pixels showing the layer */
    long piece;      /* its largest 4-connected piece */
    long over_below; /* visible pixels inside the layer just below */
    long order_edge; /* px of boundary between those and the visible layer below */
} lk_layer;

static rgb lk_id_colour(int i)
{
    return (rgb){(uint8_t)(10 + 11 * i), 97, 203};
}

static bool lk_inside(const scene *sc, const prim *p, double x, double y)
{
    if (p->type == PRIM_CIRCLE)
        return (x - p->x) * (x - p->x) + (y - p->y) * (y - p->y) < p->r * p->r;
    return point_in_polygon(prim_points(sc, p), p->npts, x, y);
}

/* The layers of sc in drawing order; returns their number, or -1 (with msg) when
 * the layers are not numbered 0, 1, 2... in drawing order. */
static int lk_layers(const scene *sc, lk_layer *out, char *msg, size_t n)
{
    int k = 0;
    for (int i = 0; i < sc->nprims; i++) {
        const prim *p = &sc->prims[i];
        if (p->object < 0)
            continue;
        if (k >= LK_MAX_LAYERS || p->object != k || p->layer != k) {
            snprintf(msg, n, "primitive %d is layer %d, object %d, drawn as layer %d", i, p->layer, p->object, k);
            return -1;
        }
        memset(&out[k], 0, sizeof out[k]);
        out[k].p = p;
        out[k].area = p->type == PRIM_CIRCLE ? M_PI * p->r * p->r : polygon_area(prim_points(sc, p), p->npts);
        k++;
    }
    return k;
}

/* Fills the measurements of the n layers (see the contract); returns the ID
 * render, valid until the next harness_render(). */
static const canvas *lk_measure(const scene *sc, lk_layer *L, int n)
{
    scene id;
    scene_init(&id, sc->width, sc->height);
    scene_copy(&id, sc);
    for (int i = 0, k = 0; i < id.nprims; i++)
        if (id.prims[i].object >= 0)
            id.prims[i].fill = lk_id_colour(k++);
    const canvas *cv = harness_render(&id);
    int w = sc->width, h = GEN_CANVAS < sc->height ? GEN_CANVAS : sc->height;
    signed char *who = malloc((size_t)w * (size_t)h);
    /* Pixels bordering the layer below along a row and along a column: a
     * boundary's length is about the hypotenuse of the two. */
    long across[LK_MAX_LAYERS][2] = {{0}};
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            rgb c = canvas_pixel(cv, x, y);
            int v = -1;
            if (c.g == 97 && c.b == 203 && c.r >= 10 && (c.r - 10) % 11 == 0 && (c.r - 10) / 11 < n)
                v = (c.r - 10) / 11;
            who[(size_t)y * (size_t)w + (size_t)x] = (signed char)v;
            if (v < 0)
                continue;
            L[v].visible++;
            if (v == 0 || !lk_inside(sc, L[v - 1].p, x + 0.5, y + 0.5))
                continue;
            L[v].over_below++;
            static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
            bool edge[2] = {false, false};
            for (int d = 0; d < 4; d++)
                for (int s = 1; s <= LK_EDGE_REACH && !edge[d / 2]; s++) {
                    int qx = x + dx[d] * s, qy = y + dy[d] * s;
                    if (qx < 0 || qy < 0 || qx >= w || qy >= h)
                        break;
                    rgb q = canvas_pixel(cv, qx, qy);
                    if (q.g == 97 && q.b == 203) { /* the first layer pixel that way */
                        edge[d / 2] = q.r == lk_id_colour(v - 1).r;
                        break;
                    }
                }
            across[v][0] += edge[0];
            across[v][1] += edge[1];
        }
    for (int v = 0; v < n; v++)
        L[v].order_edge = lround(hypot((double)across[v][0], (double)across[v][1]));
    /* Largest 4-connected piece of every layer. */
    unsigned char *seen = calloc((size_t)w * (size_t)h, 1);
    int *queue = malloc(sizeof *queue * (size_t)w * (size_t)h);
    for (int start = 0; start < w * h; start++) {
        int v = who[start];
        if (v < 0 || seen[start])
            continue;
        long size = 0;
        int head = 0, tail = 0;
        queue[tail++] = start;
        seen[start] = 1;
        while (head < tail) {
            int i = queue[head++], x = i % w, y = i / w;
            size++;
            const int nb[4] = {x > 0 ? i - 1 : -1, x + 1 < w ? i + 1 : -1, y > 0 ? i - w : -1, y + 1 < h ? i + w : -1};
            for (int d = 0; d < 4; d++)
                if (nb[d] >= 0 && !seen[nb[d]] && who[nb[d]] == v) {
                    seen[nb[d]] = 1;
                    queue[tail++] = nb[d];
                }
        }
        if (size > L[v].piece)
            L[v].piece = size;
    }
    free(queue);
    free(seen);
    free(who);
    scene_free(&id);
    return cv;
}

/* The record's string array `field` equals the names of the layers from the top
 * down, name(layer) giving each layer's name. */
static const char *lk_check_order(const sample_out *s, const char *field, const lk_layer *L, int n,
                                  const char *(*name)(const prim *), char *msg, size_t len)
{
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(s->record, field);
    if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) != n) {
        snprintf(msg, len, "%s is not an array of %d names", field, n);
        return msg;
    }
    for (int j = 0; j < n; j++) {
        const cJSON *e = cJSON_GetArrayItem(a, j);
        const char *want = name(L[n - 1 - j].p);
        if (!cJSON_IsString(e) || !want || strcmp(e->valuestring, want) != 0) {
            snprintf(msg, len, "%s[%d] is %s, the layer %d from the top is %s", field, j,
                     cJSON_IsString(e) ? e->valuestring : "not a string", j, want ? want : "unnamed");
            return msg;
        }
    }
    return NULL;
}

/* Every layer inside the canvas (outline included). */
static const char *lk_check_inside(const scene *sc, const lk_layer *L, int n, char *msg, size_t len)
{
    for (int i = 0; i < n; i++) {
        double x0, y0, x1, y1;
        prim_bbox(sc, L[i].p, &x0, &y0, &x1, &y1);
        if (x0 < 0 || y0 < 0 || x1 > sc->width || y1 > GEN_CANVAS) {
            snprintf(msg, len, "layer %d leaves the canvas", i);
            return msg;
        }
    }
    return NULL;
}

/* The documented visibility guarantees of a layered task, and the smallest values
 * seen so far (printed at the end for the docs). */
typedef struct lk_limits {
    double min_fraction; /* visible piece / own area */
    long min_pixels;     /* visible piece */
    long min_order_area; /* pixels covered of the layer just below */
    long min_order_edge; /* edge pixels bordering that layer's fill */
    double seen_fraction, seen_pixels, seen_area, seen_edge;
} lk_limits;

#define LK_LIMITS(fraction, pixels, area, edge) {fraction, pixels, area, edge, 1e9, 1e9, 1e9, 1e9}

/* Layer i of k (measured by lk_measure) meets the limits. */
static const char *lk_check_visible(const lk_layer *L, int i, int k, lk_limits *lim, char *msg, size_t n)
{
    double frac = L[i].piece / L[i].area;
    lim->seen_fraction = fmin(lim->seen_fraction, frac);
    lim->seen_pixels = fmin(lim->seen_pixels, (double)L[i].piece);
    if (frac < lim->min_fraction || L[i].piece < lim->min_pixels) {
        snprintf(msg, n, "layer %d of %d: visible piece %ld px, %.2f of its %.0f px", i, k, L[i].piece, frac,
                 L[i].area);
        return msg;
    }
    if (i == 0)
        return NULL;
    lim->seen_area = fmin(lim->seen_area, (double)L[i].over_below);
    lim->seen_edge = fmin(lim->seen_edge, (double)L[i].order_edge);
    if (L[i].over_below < lim->min_order_area || L[i].order_edge < lim->min_order_edge) {
        snprintf(msg, n, "layer %d of %d covers %ld px of the layer below, edge %ld px", i, k, L[i].over_below,
                 L[i].order_edge);
        return msg;
    }
    return NULL;
}

#endif
