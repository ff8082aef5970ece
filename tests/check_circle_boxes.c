/* SPDX-License-Identifier: MIT */
/* circle_boxes: a 515x350 white canvas with one blue partition and 2n red circles
 * of one size; each circle is counted on the side its centre lies on, and answer =
 * max(left, right) - n, num_objects = n; every circle keeps MIN_GAP_PX from the
 * partition and from every other circle.  In the render the red blobs number 2n
 * (none merged, none lost), the blobs left of the blue line's column number
 * `left`, and no red pixel touches a blue one. */
#include "harness.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define W 515
#define H 350
#define MIN_GAP_PX 1.0

typedef struct px3 {
    int r, g, b;
} px3;

static px3 at(const uint8_t *px, int stride, int x, int y)
{
    uint32_t v = ((const uint32_t *)(const void *)(px + (size_t)y * (size_t)stride))[x];
    return (px3){(int)((v >> 16) & 255), (int)((v >> 8) & 255), (int)(v & 255)};
}

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    if (sc->width != W || sc->height != H)
        return "the canvas is not 515x350";
    const prim *line = NULL;
    int circles = 0, left = 0;
    double r0 = -1;
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (a->type == PRIM_POLYLINE && a->npts == 2 && a->stroke.b == 255 && a->stroke.r == 0 &&
            a->stroke.g == 0 && !line)
            line = a;
        else if (a->type == PRIM_CIRCLE && a->fill.r == 255 && a->fill.g == 0 && a->fill.b == 0) {
            if (r0 < 0)
                r0 = a->r + a->stroke_width / 2;
            if (a->r + a->stroke_width / 2 != r0)
                return "circles differ in size";
            circles++;
        } else
            return "something that is neither the blue partition nor a red circle";
    }
    const point *lq = line ? prim_points(sc, line) : NULL;
    if (!line || lq[0].x != lq[1].x || fabs(lq[1].y - lq[0].y) < 0.9 * H)
        return "no full-height blue partition";
    /* where matplotlib draws it: its 2.08 px width rounds to an even 2, so it is
     * snapped to the nearest pixel edge */
    double lx = floor(lq[0].x + 0.5), lw = line->stroke_width;
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (a->type != PRIM_CIRCLE)
            continue;
        double ra = a->r + a->stroke_width / 2; /* the ink, edge included */
        if (a->x - ra < 0 || a->x + ra > W || a->y - ra < 0 || a->y + ra > H)
            return "a circle leaves the canvas";
        if (fabs(a->x - lx) - ra - lw / 2 < MIN_GAP_PX - 1e-9)
            return "a circle is on or too near the partition";
        left += a->x < lx;
        for (int j = 0; j < i; j++) {
            const prim *b = &sc->prims[j];
            if (b->type == PRIM_CIRCLE &&
                hypot(a->x - b->x, a->y - b->y) - ra - b->r - b->stroke_width / 2 < MIN_GAP_PX - 1e-9) {
                snprintf(msg, n, "circles %d and %d are closer than %.1f px", j, i, MIN_GAP_PX);
                return msg;
            }
        }
    }
    int np = p->level, right = circles - left;
    if (circles != 2 * np || rec_int(s, "num_objects") != np)
        return "not 2n circles, or num_objects is not n";
    int want = (left > right ? left : right) - np;
    if (rec_int(s, "answer") != want) {
        snprintf(msg, n, "left %d right %d: answer %d, record %d", left, right, want, rec_int(s, "answer"));
        return msg;
    }
    /* pixels: red blobs (4-connected), their side, and no red next to blue */
    const canvas *cv = harness_render(sc);
    int stride;
    const uint8_t *px = canvas_pixels(cv, &stride);
    uint8_t *red = calloc((size_t)W * H, 1);
    int bluecol = -1;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            px3 c = at(px, stride, x, y);
            /* at least 37% red: the pixels of a 1 px gap between two of
             * matplotlib's circles stay lighter */
            red[y * W + x] = c.r > 200 && c.g < 160;
            if (c.b > 200 && c.r < 60 && y == H / 2)
                bluecol = x;
        }
    const char *why = NULL;
    for (int y = 0; y < H && !why; y++)
        for (int x = 0; x < W && !why; x++) {
            px3 c = at(px, stride, x, y);
            bool blueish = c.b > 200 && c.r < 200;
            for (int dy = -1; dy <= 1 && blueish && !why; dy++)
                for (int dx = -1; dx <= 1 && !why; dx++) {
                    int u = x + dx, v = y + dy;
                    if (u >= 0 && u < W && v >= 0 && v < H && red[v * W + u])
                        why = "a red pixel touches the partition";
                }
        }
    int *stack = malloc(sizeof(int) * W * H), blobs = 0, blobs_left = 0;
    for (int i = 0; i < W * H && !why; i++) {
        if (!red[i])
            continue;
        blobs++;
        blobs_left += i % W < bluecol;
        int top = 0;
        stack[top++] = i;
        red[i] = 0;
        while (top) {
            int c = stack[--top], x = c % W, y = c / W;
            int nb[4] = {x > 0 ? c - 1 : -1, x < W - 1 ? c + 1 : -1, y > 0 ? c - W : -1, y < H - 1 ? c + W : -1};
            for (int k = 0; k < 4; k++)
                if (nb[k] >= 0 && red[nb[k]]) {
                    red[nb[k]] = 0;
                    stack[top++] = nb[k];
                }
        }
    }
    free(stack);
    free(red);
    if (!why && (blobs != circles || blobs_left != left)) {
        snprintf(msg, n, "render: %d red blobs (%d left of the line), scene %d (%d left)", blobs, blobs_left, circles,
                 left);
        why = msg;
    }
    return why;
}

HARNESS_MAIN("circle_boxes", check)
