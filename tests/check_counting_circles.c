/* SPDX-License-Identifier: MIT */
/* counting_circles: the canvas is the original's 500x300; every primitive is a
 * black circle of the original's radius (10..30 px, Pillow's half pixel added)
 * centred on a pixel inside the canvas; the record's count equals the circles
 * drawn and the level; every two circles keep a white gap of 2 px; and the
 * rendered image, counted from its pixels, shows exactly that many dark blobs. */
#include "blobs.h"
#include "harness.h"

#include <math.h>
#include <string.h>

/* The least white gap between two circles (the generator's MIN_GAP). */
#define MIN_VISIBLE_GAP 2.0

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    if (sc->width != 500 || sc->height != 300)
        return "the canvas is not 500x300";
    int circles = 0;
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (a->type != PRIM_CIRCLE || memcmp(&a->fill, &RGB_BLACK, sizeof a->fill) != 0)
            return "a primitive that is not a black circle";
        circles++;
        double r = a->r - 0.5;
        if (r < 10 || r > 30 || r != floor(r))
            return "a radius outside the whole numbers 10..30";
        /* Pillow's box may end one pixel past the canvas, as the original's does */
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
    if (circles != p->level || rec_int(s, "num_objects") != circles) {
        snprintf(msg, n, "drew %d circles, level %d, record %d", circles, p->level, rec_int(s, "num_objects"));
        return msg;
    }
    const canvas *cv = harness_render(sc);
    int blobs = blobs_count(cv, sc->width, sc->height, blob_dark, NULL, 20);
    if (blobs != circles) {
        snprintf(msg, n, "the image shows %d dark blobs, the record says %d circles", blobs, circles);
        return msg;
    }
    return NULL;
}

HARNESS_MAIN("counting_circles", check)
