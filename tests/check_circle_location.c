/* circle_location: two axis lines cross at the canvas centre; each circle's
 * quadrant is found from its centre, no circle comes near an axis, the quadrant
 * with the most circles is unique and matches the record with its count.  The
 * rendered image shows the axes black and each circle's colour at its centre. */
#include "harness.h"

#include <math.h>
#include <stdbool.h>
#include <string.h>

/* The smallest gap between a circle and an axis line's edge (generator: 16 px). */
#define MIN_AXIS_GAP 12.0
/* The smallest white gap between two circles (generator: 8 px). */
#define MIN_VISIBLE_GAP 6.0

static const char *const NAMES[4] = {"top-left", "top-right", "bottom-left", "bottom-right"};

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    double cx = sc->width / 2.0, cy = sc->height / 2.0;
    double vx = -1, hy = -1, half_v = 0, half_h = 0;
    int counts[4] = {0, 0, 0, 0}, circles = 0;
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (a->type != PRIM_POLYLINE)
            continue;
        const point *v = prim_points(sc, a);
        if (a->npts != 2 || !a->kind || strcmp(a->kind, "axis") != 0)
            return "a line that is not an axis";
        if (v[0].x == v[1].x && fmin(v[0].y, v[1].y) <= 0 && fmax(v[0].y, v[1].y) >= sc->height)
            vx = v[0].x, half_v = a->stroke_width / 2;
        else if (v[0].y == v[1].y && fmin(v[0].x, v[1].x) <= 0 && fmax(v[0].x, v[1].x) >= sc->width)
            hy = v[0].y, half_h = a->stroke_width / 2;
        else
            return "an axis that does not cross the whole canvas";
    }
    if (vx != cx || hy != cy)
        return "the axes do not cross at the canvas centre";
    const canvas *cv = harness_render(sc);
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (a->type == PRIM_POLYLINE)
            continue;
        if (a->type != PRIM_CIRCLE)
            return "a primitive that is neither an axis nor a circle";
        if (fabs(a->x - vx) - half_v - a->r < MIN_AXIS_GAP || fabs(a->y - hy) - half_h - a->r < MIN_AXIS_GAP) {
            snprintf(msg, n, "circle at (%.0f,%.0f) r %.0f comes within %.0f px of an axis", a->x, a->y, a->r,
                     MIN_AXIS_GAP);
            return msg;
        }
        if (a->x - a->r < 0 || a->y - a->r < 0 || a->x + a->r > sc->width || a->y + a->r > sc->height)
            return "a circle leaves the canvas";
        for (int j = 0; j < i; j++) {
            const prim *b = &sc->prims[j];
            if (b->type != PRIM_CIRCLE)
                continue;
            if (hypot(a->x - b->x, a->y - b->y) - a->r - b->r < MIN_VISIBLE_GAP)
                return "two circles touch";
        }
        counts[(a->y > hy) * 2 + (a->x > vx)]++;
        circles++;
        rgb px = canvas_pixel(cv, (int)a->x, (int)a->y);
        if (memcmp(&px, &a->fill, sizeof px) != 0)
            return "a circle's centre pixel is not its colour";
    }
    /* Axis pixels far from every circle are black (sampled next to the centre). */
    rgb black = RGB_BLACK, a1 = canvas_pixel(cv, (int)vx, (int)(cy + 5)), a2 = canvas_pixel(cv, (int)(cx + 5), (int)hy);
    if (memcmp(&a1, &black, sizeof black) != 0 || memcmp(&a2, &black, sizeof black) != 0)
        return "the axes are not drawn black";
    int best = 0, ties = 0;
    for (int q = 1; q < 4; q++)
        if (counts[q] > counts[best])
            best = q;
    for (int q = 0; q < 4; q++)
        ties += counts[q] == counts[best];
    if (ties != 1) {
        snprintf(msg, n, "the most circles (%d) are in %d quadrants", counts[best], ties);
        return msg;
    }
    if (circles != p->level || rec_int(s, "num_objects") != circles || rec_int(s, "count") != counts[best] ||
        strcmp(rec_str(s, "quadrant"), NAMES[best]) != 0) {
        snprintf(msg, n, "drew %d circles, most (%d) in %s; record %d, %d in %s", circles, counts[best], NAMES[best],
                 rec_int(s, "num_objects"), rec_int(s, "count"), rec_str(s, "quadrant"));
        return msg;
    }
    return NULL;
}

HARNESS_MAIN("circle_location", check)
