/* counting_circles: the record's count equals the circles drawn; circles are
 * inside the canvas and pairwise clear of each other by a visible gap, and the
 * rendered image shows each circle's colour at its centre. */
#include "harness.h"

#include <math.h>
#include <string.h>

/* The smallest white gap a reader needs to see two circles as two (the generator
 * promises 8 px; the check allows for nothing less than 6). */
#define MIN_VISIBLE_GAP 6.0

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    int circles = 0;
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (a->type != PRIM_CIRCLE)
            return "a primitive that is not a circle";
        circles++;
        if (a->x - a->r < 0 || a->y - a->r < 0 || a->x + a->r > sc->width || a->y + a->r > sc->height)
            return "a circle leaves the canvas";
        for (int j = 0; j < i; j++) {
            const prim *b = &sc->prims[j];
            double gap = hypot(a->x - b->x, a->y - b->y) - a->r - b->r;
            if (gap < MIN_VISIBLE_GAP) {
                snprintf(msg, n, "circles %d and %d are %.1f px apart", j, i, gap);
                return msg;
            }
        }
    }
    if (circles != p->level || rec_int(s, "num_objects") != circles) {
        snprintf(msg, n, "drew %d circles, level %d, record %d", circles, p->level, rec_int(s, "num_objects"));
        return msg;
    }
    const canvas *cv = harness_render(sc);
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        rgb c = canvas_pixel(cv, (int)a->x, (int)a->y);
        if (memcmp(&c, &a->fill, sizeof c) != 0)
            return "a circle's centre pixel is not its colour";
    }
    return NULL;
}

HARNESS_MAIN("counting_circles", check)
