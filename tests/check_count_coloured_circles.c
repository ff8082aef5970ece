/* SPDX-License-Identifier: MIT */
/* count_coloured_circles: the canvas is the original's 500x300; there are 2n
 * circles of whole radius 10..20 (plus Pillow's half pixel) inside it, n of them
 * Pillow's red and the others Pillow's blue, green or yellow; both record fields
 * equal n (the original's prior); every two circles keep 2 px of white; and the
 * rendered image shows n red blobs and 2n coloured blobs, counted from its pixels. */
#include "blobs.h"
#include "harness.h"

#include <math.h>
#include <string.h>

#define MIN_VISIBLE_GAP 2.0

static bool same(rgb a, int r, int g, int b) { return a.r == r && a.g == g && a.b == b; }

static bool is_red(rgb c, void *arg)
{
    (void)arg;
    return c.r > 200 && c.g < 80 && c.b < 80;
}

static bool not_white(rgb c, void *arg)
{
    (void)arg;
    return c.r < 200 || c.g < 200 || c.b < 200;
}

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    if (sc->width != 500 || sc->height != 300)
        return "the canvas is not 500x300";
    int circles = 0, reds = 0;
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (a->type != PRIM_CIRCLE)
            return "a primitive that is not a circle";
        circles++;
        if (same(a->fill, 255, 0, 0))
            reds++;
        else if (!same(a->fill, 0, 0, 255) && !same(a->fill, 0, 128, 0) && !same(a->fill, 255, 255, 0))
            return "a circle neither red nor Pillow's blue, green or yellow";
        double r = a->r - 0.5;
        if (r < 10 || r > 20 || r != floor(r))
            return "a radius outside the whole numbers 10..20";
        if (a->x - a->r < 0 || a->y - a->r < 0 || a->x + a->r > sc->width + 1 || a->y + a->r > sc->height + 1)
            return "a circle leaves the canvas";
        for (int j = 0; j < i; j++) {
            const prim *b = &sc->prims[j];
            double gap = hypot(a->x - b->x, a->y - b->y) - a->r - b->r;
            if (gap < MIN_VISIBLE_GAP) {
                snprintf(msg, n, "circles %d and %d are %.2f px apart", j, i, gap);
                return msg;
            }
        }
    }
    if (circles != 2 * p->level || reds != p->level || rec_int(s, "red_circle") != reds ||
        rec_int(s, "num_objects") != p->level) {
        snprintf(msg, n, "level %d: drew %d circles, %d red; record num_objects %d, red_circle %d", p->level, circles,
                 reds, rec_int(s, "num_objects"), rec_int(s, "red_circle"));
        return msg;
    }
    const canvas *cv = harness_render(sc);
    int red_blobs = blobs_count(cv, sc->width, sc->height, is_red, NULL, 20);
    int all_blobs = blobs_count(cv, sc->width, sc->height, not_white, NULL, 20);
    if (red_blobs != reds || all_blobs != circles) {
        snprintf(msg, n, "the image shows %d red of %d blobs, the record says %d of %d", red_blobs, all_blobs, reds,
                 circles);
        return msg;
    }
    return NULL;
}

HARNESS_MAIN("count_coloured_circles", check)
