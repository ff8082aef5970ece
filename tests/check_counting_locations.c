/* SPDX-License-Identifier: MIT */
/* counting_locations: the canvas is the original's 500x300 with Pillow's brown
 * bar over x 10..490, y 140..160; every other primitive is a circle 31 px across
 * (Pillow's 30 px box) in red, blue, green or yellow, wholly above or wholly below
 * the bar; the record's two counts equal the circles above and below it, and both
 * equal the level (the original's prior); any two circles keep 2 px of white; and
 * the rendered image, counted from its pixels above and below the bar, shows those
 * counts. */
#include "blobs.h"
#include "harness.h"

#include <math.h>
#include <string.h>

#define MIN_VISIBLE_GAP 2.0

static bool same(rgb a, int r, int g, int b) { return a.r == r && a.g == g && a.b == b; }

static bool ink(rgb c, void *arg)
{
    (void)arg;
    return c.r < 200 || c.g < 200 || c.b < 200;
}

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    if (sc->width != 500 || sc->height != 300)
        return "the canvas is not 500x300";
    int bars = 0, above = 0, below = 0;
    double top = 0, bottom = 0;
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (a->type == PRIM_RECT) {
            if (!same(a->fill, 165, 42, 42) || a->x != 10 || a->y != 140 || a->w != 481 || a->h != 21)
                return "the bar is not Pillow's brown over 10..490 x 140..160";
            top = a->y;
            bottom = a->y + a->h;
            bars++;
        }
    }
    if (bars != 1)
        return "not exactly one bar";
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (a->type == PRIM_RECT)
            continue;
        if (a->type != PRIM_CIRCLE || a->r != 15.5)
            return "a primitive that is neither the bar nor a circle 31 px across";
        if (!same(a->fill, 255, 0, 0) && !same(a->fill, 0, 0, 255) && !same(a->fill, 0, 128, 0) &&
            !same(a->fill, 255, 255, 0))
            return "a circle not in Pillow's red, blue, green or yellow";
        if (a->y + a->r <= top)
            above++;
        else if (a->y - a->r >= bottom)
            below++;
        else
            return "a circle on the bar";
        if (a->x - a->r < 0 || a->y - a->r < 0 || a->x + a->r > sc->width + 1 || a->y + a->r > sc->height)
            return "a circle leaves the canvas";
        for (int j = 0; j < i; j++) {
            const prim *b = &sc->prims[j];
            if (b->type != PRIM_CIRCLE)
                continue;
            double gap = hypot(a->x - b->x, a->y - b->y) - a->r - b->r;
            if (gap < MIN_VISIBLE_GAP) {
                snprintf(msg, n, "circles %d and %d are %.2f px apart", j, i, gap);
                return msg;
            }
        }
    }
    int rec_above = rec_int(s, "num_objects_over_table"), rec_below = rec_int(s, "num_objects_under_table");
    if (above != rec_above || below != rec_below || above != p->level || below != p->level) {
        snprintf(msg, n, "level %d: drew %d above, %d below; record %d, %d", p->level, above, below, rec_above,
                 rec_below);
        return msg;
    }
    const canvas *cv = harness_render(sc);
    int seen_above = blobs_count_in(cv, 0, 0, sc->width, 140, ink, NULL, 20);
    int seen_below = blobs_count_in(cv, 0, 161, sc->width, sc->height - 161, ink, NULL, 20);
    if (seen_above != rec_above || seen_below != rec_below) {
        snprintf(msg, n, "the image shows %d blobs above and %d below, the record %d and %d", seen_above, seen_below,
                 rec_above, rec_below);
        return msg;
    }
    return NULL;
}

HARNESS_MAIN("counting_locations", check)
