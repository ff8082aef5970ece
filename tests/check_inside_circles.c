/* inside_circles: one ring; the record's inside count equals the small circles whose
 * every point is inside the ring, every other small circle is wholly outside it,
 * and each keeps a visible white gap to the ring's ink.  In the rendered image the
 * ring is unbroken (nothing is drawn over it) and each circle shows its colour. */
#include "harness.h"

#include <math.h>
#include <string.h>

/* White a reader needs between a small circle and the ring to tell its side (the
 * generator promises 12 px; the check accepts nothing below 9). */
#define MIN_RING_GAP 9.0
/* White needed between two small circles to see two. */
#define MIN_VISIBLE_GAP 6.0
/* Points sampled around the ring in the pixel check. */
#define RING_SAMPLES 720

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    const prim *ring = NULL;
    int rings = 0, circles = 0, inside = 0;
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (a->type != PRIM_CIRCLE)
            return "a primitive that is not a circle";
        if (a->object < 0) {
            if (a->filled || a->stroke_width <= 0)
                return "an uncounted circle that is not an outline";
            ring = a;
            rings++;
        }
    }
    if (rings != 1 || sc->prims[0].object >= 0)
        return "not exactly one ring, drawn first";
    double ink_in = ring->r - ring->stroke_width / 2, ink_out = ring->r + ring->stroke_width / 2;
    if (ring->x - ink_out < 0 || ring->y - ink_out < 0 || ring->x + ink_out > sc->width ||
        ring->y + ink_out > sc->height)
        return "the ring leaves the canvas";
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (a == ring)
            continue;
        circles++;
        if (!a->filled)
            return "a small circle that is not filled";
        if (a->x - a->r < 0 || a->y - a->r < 0 || a->x + a->r > sc->width || a->y + a->r > sc->height)
            return "a small circle leaves the canvas";
        double d = hypot(a->x - ring->x, a->y - ring->y);
        double gap_in = ink_in - (d + a->r), gap_out = (d - a->r) - ink_out;
        if (gap_in >= MIN_RING_GAP)
            inside++;
        else if (gap_out < MIN_RING_GAP) {
            snprintf(msg, n, "small circle %d is %.1f px from the ring's ink", a->object, fmax(gap_in, gap_out));
            return msg;
        }
        for (int j = 1; j < i; j++) {
            const prim *b = &sc->prims[j];
            double gap = hypot(a->x - b->x, a->y - b->y) - a->r - b->r;
            if (gap < MIN_VISIBLE_GAP) {
                snprintf(msg, n, "small circles %d and %d are %.1f px apart", b->object, a->object, gap);
                return msg;
            }
        }
    }
    if (circles != p->level || rec_int(s, "num_circles") != circles) {
        snprintf(msg, n, "drew %d circles, level %d, record %d", circles, p->level, rec_int(s, "num_circles"));
        return msg;
    }
    if (rec_int(s, "inside_circles") != inside) {
        snprintf(msg, n, "%d circles inside, record says %d", inside, rec_int(s, "inside_circles"));
        return msg;
    }

    const canvas *cv = harness_render(sc);
    for (int k = 0; k < RING_SAMPLES; k++) {
        double t = 2 * M_PI * k / RING_SAMPLES;
        rgb c = canvas_pixel(cv, (int)lround(ring->x + ring->r * cos(t)), (int)lround(ring->y + ring->r * sin(t)));
        if (c.r > 60 || c.g > 60 || c.b > 60) {
            snprintf(msg, n, "the ring is not black at %.0f degrees", t * 180 / M_PI);
            return msg;
        }
    }
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (a == ring)
            continue;
        rgb c = canvas_pixel(cv, (int)a->x, (int)a->y);
        if (memcmp(&c, &a->fill, sizeof c) != 0)
            return "a small circle's centre pixel is not its colour";
    }
    return NULL;
}

HARNESS_MAIN("inside_circles", check)
