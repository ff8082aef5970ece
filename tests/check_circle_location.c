/* SPDX-License-Identifier: MIT */
/* circle_location: the canvas is the original's 515x350 (matplotlib's tight box);
 * two thin black axis lines cross; every other primitive is a black circle of one
 * radius (75 units, 12.4 px, and half its 1 pt edge: 13.09 px drawn), wholly inside one quadrant with 2 px
 * of white to both lines and to every other circle; the record's quadrant is the
 * first (1 top right, 2 top left, 3 bottom left, 4 bottom right) with the most
 * circles and count its circles, num_objects the level; and, from the rendered
 * pixels, counting the dark blobs in each quadrant's window gives the same answer. */
#include "blobs.h"
#include "harness.h"

#include <math.h>
#include <string.h>

#define MIN_VISIBLE_GAP 2.0

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    if (sc->width != 515 || sc->height != 350)
        return "the canvas is not 515x350";
    double lx = -1, ly = -1, lw = 0;
    int lines = 0;
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (a->type != PRIM_POLYLINE)
            continue;
        const point *q = prim_points(sc, a);
        if (a->npts != 2 || memcmp(&a->stroke, &RGB_BLACK, sizeof a->stroke) != 0 || a->stroke_width > 1.0)
            return "an axis that is not a thin black line";
        /* where matplotlib draws it: snapped to a pixel centre (the 0.69 px width
         * rounds to an odd 1) */
        if (q[0].x == q[1].x)
            lx = floor(q[0].x + 0.5) + 0.5;
        else if (q[0].y == q[1].y)
            ly = floor(q[0].y + 0.5) + 0.5;
        else
            return "a slanted axis";
        lw = a->stroke_width;
        lines++;
    }
    if (lines != 2 || lx < 0 || ly < 0)
        return "not one vertical and one horizontal axis";
    int per[4] = {0, 0, 0, 0}, circles = 0;
    double r0 = -1;
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (a->type == PRIM_POLYLINE)
            continue;
        if (a->type != PRIM_CIRCLE || memcmp(&a->fill, &RGB_BLACK, sizeof a->fill) != 0)
            return "a primitive that is neither an axis nor a black circle";
        double r = a->r + a->stroke_width / 2; /* the ink: the edge is centred on the radius */
        if (r0 < 0)
            r0 = r;
        if (r != r0 || fabs(r - 13.09) > 0.01)
            return "circles not all of the original's radius (13.09 px drawn)";
        double gx = fabs(a->x - lx) - r - lw / 2, gy = fabs(a->y - ly) - r - lw / 2;
        if (gx < MIN_VISIBLE_GAP || gy < MIN_VISIBLE_GAP) {
            snprintf(msg, n, "circle %d is %.2f px from an axis", i, fmin(gx, gy));
            return msg;
        }
        for (int j = 0; j < i; j++) {
            const prim *b = &sc->prims[j];
            if (b->type != PRIM_CIRCLE)
                continue;
            double gap = hypot(a->x - b->x, a->y - b->y) - a->r - b->r - a->stroke_width / 2 - b->stroke_width / 2;
            if (gap < MIN_VISIBLE_GAP) {
                snprintf(msg, n, "circles %d and %d are %.2f px apart", j, i, gap);
                return msg;
            }
        }
        bool top = a->y < ly, right = a->x > lx;
        per[top ? (right ? 0 : 1) : (right ? 3 : 2)]++;
        circles++;
    }
    if (circles != p->level || rec_int(s, "num_objects") != circles)
        return "the circles drawn, the level and num_objects differ";
    int best = 0;
    for (int q = 1; q < 4; q++)
        if (per[q] > per[best])
            best = q;
    if (rec_int(s, "quadrant") != best + 1 || rec_int(s, "count") != per[best]) {
        snprintf(msg, n, "quadrants hold %d %d %d %d; record quadrant %d count %d", per[0], per[1], per[2], per[3],
                 rec_int(s, "quadrant"), rec_int(s, "count"));
        return msg;
    }
    /* from the pixels: each quadrant's window stops short of the axis lines' pixels */
    const canvas *cv = harness_render(sc);
    int cx = (int)floor(lx), cy = (int)floor(ly), w = sc->width, h = sc->height;
    int seen[4] = {
        blobs_count_in(cv, cx + 2, 0, w - cx - 2, cy - 1, blob_dark, NULL, 20),
        blobs_count_in(cv, 0, 0, cx - 1, cy - 1, blob_dark, NULL, 20),
        blobs_count_in(cv, 0, cy + 2, cx - 1, h - cy - 2, blob_dark, NULL, 20),
        blobs_count_in(cv, cx + 2, cy + 2, w - cx - 2, h - cy - 2, blob_dark, NULL, 20),
    };
    if (memcmp(seen, per, sizeof seen) != 0) {
        snprintf(msg, n, "the pixels show %d %d %d %d circles by quadrant, the scene %d %d %d %d", seen[0], seen[1],
                 seen[2], seen[3], per[0], per[1], per[2], per[3]);
        return msg;
    }
    return NULL;
}

HARNESS_MAIN("circle_location", check)
