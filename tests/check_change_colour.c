/* SPDX-License-Identifier: MIT */
/* change_colour: both canvases 1500x1000 white; each image holds 2n circles of
 * radius 10..30 (drawn on Pillow's inclusive box, r + 0.5), coloured with Pillow's
 * red, blue or green, centres inside [rmax, W - rmax] x [rmax, H - rmax] and at
 * least r_other + rmax apart (the original's rule), and no two drawn circles closer
 * than MIN_GAP; the second image has the same circles in the same places, exactly
 * num_differences = n of them moved one step along red -> blue -> green -> red.
 * In the renders: the coloured blobs number 2n in each image, and exactly n circle
 * centres change colour. */
#include "harness.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define W 1500
#define H 1000
#define R_MIN 10
#define R_MAX 30
#define MIN_GAP 2.0

static const rgb COLOURS[3] = {{255, 0, 0}, {0, 0, 255}, {0, 128, 0}};

static int colour_index(rgb c)
{
    for (int i = 0; i < 3; i++)
        if (c.r == COLOURS[i].r && c.g == COLOURS[i].g && c.b == COLOURS[i].b)
            return i;
    return -1;
}

static uint32_t pixel(const canvas *cv, int x, int y)
{
    int stride;
    const uint8_t *px = canvas_pixels(cv, &stride);
    return ((const uint32_t *)(const void *)(px + (size_t)y * (size_t)stride))[x] & 0xffffff;
}

/* Non-white 4-connected blobs of a render (any pixel clearly off white). */
static int blobs(const canvas *cv)
{
    int stride, w = cv->width, h = cv->height;
    const uint8_t *px = canvas_pixels(cv, &stride);
    uint8_t *ink = calloc((size_t)w * (size_t)h, 1);
    for (int y = 0; y < h; y++) {
        const uint32_t *row = (const uint32_t *)(const void *)(px + (size_t)y * (size_t)stride);
        for (int x = 0; x < w; x++) {
            uint32_t v = row[x];
            int lo = (int)((v >> 16) & 255);
            lo = (int)((v >> 8) & 255) < lo ? (int)((v >> 8) & 255) : lo;
            lo = (int)(v & 255) < lo ? (int)(v & 255) : lo;
            ink[(size_t)y * (size_t)w + (size_t)x] = lo < 200;
        }
    }
    int *stack = malloc(sizeof(int) * (size_t)w * (size_t)h), found = 0;
    for (int i = 0; i < w * h; i++) {
        if (!ink[i])
            continue;
        found++;
        int top = 0;
        stack[top++] = i;
        ink[i] = 0;
        while (top) {
            int c = stack[--top], x = c % w, y = c / w;
            int nb[4] = {x > 0 ? c - 1 : -1, x < w - 1 ? c + 1 : -1, y > 0 ? c - w : -1, y < h - 1 ? c + w : -1};
            for (int k = 0; k < 4; k++)
                if (nb[k] >= 0 && ink[nb[k]]) {
                    ink[nb[k]] = 0;
                    stack[top++] = nb[k];
                }
        }
    }
    free(stack);
    free(ink);
    return found;
}

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *a = &s->img[0], *b = &s->img[1];
    int m = a->nprims, want = rec_int(s, "num_differences");
    if (a->width != W || a->height != H || b->width != W || b->height != H)
        return "a canvas is not 1500x1000";
    if (want != p->level)
        return "num_differences is not the level";
    if (m != 2 * p->level || b->nprims != m)
        return "an image does not hold 2n circles";
    int rmax = 0;
    for (int i = 0; i < m; i++) {
        const prim *c = &a->prims[i];
        if (c->type != PRIM_CIRCLE || colour_index(c->fill) < 0)
            return "a primitive is not a red, blue or green circle";
        double r = c->r - 0.5;
        if (r < R_MIN || r > R_MAX || r != floor(r))
            return "a radius is outside 10..30";
        rmax = (int)r > rmax ? (int)r : rmax;
    }
    int changed = 0;
    for (int i = 0; i < m; i++) {
        const prim *c = &a->prims[i], *d = &b->prims[i];
        double x = c->x - 0.5, y = c->y - 0.5;
        if (x < rmax || y < rmax || x > W - rmax || y > H - rmax)
            return "a centre is outside the original's range";
        if (d->type != PRIM_CIRCLE || d->x != c->x || d->y != c->y || d->r != c->r || colour_index(d->fill) < 0)
            return "a circle moved, resized or left the three colours in the second image";
        int ca = colour_index(c->fill), cb = colour_index(d->fill);
        if (cb != ca) {
            if (cb != (ca + 1) % 3)
                return "a colour change is not one step of red -> blue -> green";
            changed++;
        }
        for (int j = 0; j < m; j++) {
            if (j == i)
                continue;
            const prim *e = &a->prims[j];
            double dist = hypot(c->x - e->x, c->y - e->y);
            if (j < i && dist < (e->r - 0.5) + rmax - 1e-9) {
                snprintf(msg, n, "circle %d is closer to circle %d than the original's spacing", i, j);
                return msg;
            }
            if (dist - c->r - e->r < MIN_GAP - 1e-9) {
                snprintf(msg, n, "circles %d and %d are %.1f px apart", i, j, dist - c->r - e->r);
                return msg;
            }
        }
    }
    if (changed != want) {
        snprintf(msg, n, "%d circles changed colour, record %d", changed, want);
        return msg;
    }
    /* pixels: blobs in both renders, and the centres that change colour */
    const canvas *cv = harness_render(a);
    int b1 = blobs(cv);
    uint32_t *centre = malloc(sizeof(uint32_t) * (size_t)m);
    for (int i = 0; i < m; i++)
        centre[i] = pixel(cv, (int)a->prims[i].x, (int)a->prims[i].y);
    cv = harness_render(b);
    int b2 = blobs(cv), seen = 0;
    for (int i = 0; i < m; i++)
        seen += pixel(cv, (int)b->prims[i].x, (int)b->prims[i].y) != centre[i];
    free(centre);
    if (b1 != m || b2 != m) {
        snprintf(msg, n, "rendered blobs %d and %d for %d circles", b1, b2, m);
        return msg;
    }
    if (seen != want) {
        snprintf(msg, n, "%d centres change colour in the renders, record %d", seen, want);
        return msg;
    }
    return NULL;
}

HARNESS_MAIN("change_colour", check)
