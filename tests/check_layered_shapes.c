/* SPDX-License-Identifier: MIT */
/* layered_shapes: the original's 1800x1800 white canvas holds n regular polygons
 * centred on its middle (Pillow's (900, 900): the centre of pixel 900, at 900.5
 * here), a vertex of each at angle 0, the outermost of circumradius 800
 * and each next one inscribed in the one before (circumradius = the previous
 * one's inradius), kinds diamond (4 sides), hexagon (6) and octagon (8), black
 * 1-px outlines, fills with channels in 50..205 and every two more than 500 apart
 * in squared RGB distance (the original's rules).  The record's order is the
 * kinds read from the outlines, innermost (smallest) first.  Readable at the
 * viewing size (issue 28), measured in the rendered image: every layer's own fill
 * shows a band at least MIN_BAND px wide (the widest disc of its colour, from a
 * distance transform of the pixels), and the innermost layer's fill reaches out
 * far enough from the centre that each of its sides is at least MIN_SIDE px long.
 * The narrowest band and side met are printed (docs/tasks/layered_shapes.md). */
#include "harness.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX 64
#define W 1800
/* The polygons' centre: Pillow's pixel 900 (scene.h, EDGES_PILLOW). */
#define C 900.5
/* 3 px at 448 is 12.05 px here; the band's disc loses up to a pixel to the hard
 * edges, so 10; a side of 9 px at 448 is 36 px here, less the outline: 33. */
#define MIN_BAND 10.0
#define MIN_SIDE 33.0

static double narrowest_band = INFINITY, shortest_side = INFINITY;
static int16_t label[W * W];
static float dist[W * W];

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    if (sc->width != 1800 || sc->height != 1800)
        return "the canvas is not the original's 1800x1800";
    const prim *L[MAX];
    double rad[MAX];
    int k = 0;
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (a->type != PRIM_POLYGON || !a->filled || a->stroke_width != 1 || a->stroke.r || a->stroke.g ||
            a->stroke.b)
            return "something that is not a filled polygon with a black 1-px outline";
        if (k == MAX)
            return "too many layers";
        const point *q = prim_points(sc, a);
        double r = hypot(q[0].x - C, q[0].y - C);
        if (fabs(q[0].y - C) > 1e-9 || q[0].x < C)
            return "a polygon whose first vertex is not at angle 0";
        for (int j = 0; j < a->npts; j++) {
            double rj = hypot(q[j].x - C, q[j].y - C), ang = atan2(q[j].y - C, q[j].x - C);
            double step = 2 * M_PI / a->npts, m = fmod(ang + 2 * M_PI, step);
            if (fabs(rj - r) > 1e-6 || (m > 1e-6 && step - m > 1e-6))
                return "a polygon that is not regular around the centre";
        }
        const char *kind = a->npts == 4 ? "diamond" : a->npts == 6 ? "hexagon" : a->npts == 8 ? "octagon" : "?";
        if (strcmp(kind, a->kind) != 0)
            return "a polygon whose sides are not its kind";
        double want = k == 0 ? 800 : rad[k - 1] * cos(M_PI / L[k - 1]->npts);
        if (fabs(r - want) > 1e-6) {
            snprintf(msg, n, "layer %d has circumradius %.3f, inscribed in the one below it is %.3f", k, r, want);
            return msg;
        }
        rgb c = a->fill;
        if (c.r < 50 || c.r > 205 || c.g < 50 || c.g > 205 || c.b < 50 || c.b > 205)
            return "a fill outside 50..205";
        for (int j = 0; j < k; j++) {
            int dr = c.r - L[j]->fill.r, dg = c.g - L[j]->fill.g, db = c.b - L[j]->fill.b;
            if (dr * dr + dg * dg + db * db <= 500)
                return "two fills 500 or less apart";
        }
        L[k] = a;
        rad[k++] = r;
    }
    if (k != p->level || rec_int(s, "num_layers") != k) {
        snprintf(msg, n, "drew %d layers, level %d, record %d", k, p->level, rec_int(s, "num_layers"));
        return msg;
    }
    const cJSON *order = cJSON_GetObjectItemCaseSensitive(s->record, "order");
    if (cJSON_GetArraySize(order) != k)
        return "order does not hold one kind per layer";
    for (int i = 0; i < k; i++) {
        const cJSON *v = cJSON_GetArrayItem(order, i);
        if (!cJSON_IsString(v) || strcmp(v->valuestring, L[k - 1 - i]->kind) != 0) {
            snprintf(msg, n, "order[%d] is %s, layer %d from the inside is a %s", i,
                     cJSON_IsString(v) ? v->valuestring : "?", i + 1, L[k - 1 - i]->kind);
            return msg;
        }
    }
    /* each pixel's layer by its exact fill (PIL-like hard edges), -1 elsewhere */
    const canvas *cv = harness_render(sc);
    int stride;
    const uint8_t *px = canvas_pixels(cv, &stride);
    for (int y = 0; y < W; y++)
        for (int x = 0; x < W; x++) {
            uint32_t v = ((const uint32_t *)(const void *)(px + (size_t)y * (size_t)stride))[x];
            int r = (int)((v >> 16) & 255), g = (int)((v >> 8) & 255), b = (int)(v & 255), l = -1;
            for (int i = 0; i < k && l < 0; i++)
                if (r == L[i]->fill.r && g == L[i]->fill.g && b == L[i]->fill.b)
                    l = i;
            label[y * W + x] = (int16_t)l;
        }
    /* distance to the nearest pixel of another label: a two-pass chamfer (1, sqrt 2) */
    for (int y = 0; y < W; y++)
        for (int x = 0; x < W; x++) {
            int i = y * W + x, l = label[i];
            float d = l < 0 || x == 0 || y == 0 || x == W - 1 || y == W - 1 ? 0.0f : 1e9f;
            if (d > 0) {
                d = fminf(d, label[i - 1] == l ? dist[i - 1] + 1 : 1.0f);
                d = fminf(d, label[i - W] == l ? dist[i - W] + 1 : 1.0f);
                d = fminf(d, label[i - W - 1] == l ? dist[i - W - 1] + (float)M_SQRT2 : (float)M_SQRT2);
                d = fminf(d, label[i - W + 1] == l ? dist[i - W + 1] + (float)M_SQRT2 : (float)M_SQRT2);
            }
            dist[i] = d;
        }
    double widest[MAX] = {0}, reach = 0;
    for (int y = W - 1; y >= 0; y--)
        for (int x = W - 1; x >= 0; x--) {
            int i = y * W + x, l = label[i];
            if (l < 0)
                continue;
            float d = dist[i];
            if (x > 0 && y > 0 && x < W - 1 && y < W - 1) {
                d = fminf(d, label[i + 1] == l ? dist[i + 1] + 1 : 1.0f);
                d = fminf(d, label[i + W] == l ? dist[i + W] + 1 : 1.0f);
                d = fminf(d, label[i + W + 1] == l ? dist[i + W + 1] + (float)M_SQRT2 : (float)M_SQRT2);
                d = fminf(d, label[i + W - 1] == l ? dist[i + W - 1] + (float)M_SQRT2 : (float)M_SQRT2);
            }
            dist[i] = d;
            /* a disc of radius d around this pixel's centre holds only pixels of
             * its layer: the band is 2d - 1 px wide there */
            widest[l] = fmax(widest[l], 2.0 * d - 1);
            if (l == k - 1)
                reach = fmax(reach, hypot(x + 0.5 - C, y + 0.5 - C));
        }
    for (int i = 0; i < k; i++) {
        narrowest_band = fmin(narrowest_band, widest[i]);
        if (widest[i] < MIN_BAND) {
            snprintf(msg, n, "layer %d of %d (%s) shows a band of its fill %.1f px wide at most", i + 1, k,
                     L[i]->kind, widest[i]);
            return msg;
        }
    }
    double side = 2 * reach * sin(M_PI / L[k - 1]->npts);
    shortest_side = fmin(shortest_side, side);
    if (side < MIN_SIDE) {
        snprintf(msg, n, "the innermost layer (%s) reaches %.1f px from the centre: sides of %.1f px",
                 L[k - 1]->kind, reach, side);
        return msg;
    }
    return NULL;
}

int main(void)
{
    int rc = harness_run("layered_shapes", check, NULL, 0);
    printf("layered_shapes: the narrowest band of a layer's fill %.1f px, the innermost's shortest side %.1f px "
           "(1800 px canvas)\n",
           narrowest_band, shortest_side);
    return rc;
}
