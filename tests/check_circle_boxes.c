/* circle_boxes: each circle is either wholly inside one box, a margin clear of the
 * inner edge of its wall, or clearly outside every box; nothing else is allowed.
 * The boxes holding a circle are counted and compared with the record; boxes are
 * squares, apart from each other; there is at least one loose circle; and the
 * rendered image shows each box's wall black and each circle's colour. */
#include "harness.h"

#include <math.h>
#include <stdbool.h>
#include <string.h>

/* A circle inside a box keeps at least this from the wall's inner edge (the
 * generator promises 8 px). */
#define MIN_INSIDE_MARGIN 6.0
/* A loose circle keeps at least this from every box's outer edge (generator: 16). */
#define MIN_OUTSIDE_GAP 12.0
/* Boxes keep at least this apart, outer edge to outer edge (generator: 14). */
#define MIN_BOX_GAP 10.0
#define MAX_BOXES 64

typedef struct sq {
    double x0, y0, x1, y1; /* outer edge */
    double w;              /* wall width */
} sq;

static double dist_to(const sq *b, double x, double y)
{
    double dx = fmax(fmax(b->x0 - x, 0), x - b->x1);
    double dy = fmax(fmax(b->y0 - y, 0), y - b->y1);
    return hypot(dx, dy);
}

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    sq boxes[MAX_BOXES];
    int held[MAX_BOXES] = {0};
    int nboxes = 0, loose = 0;
    rgb black = RGB_BLACK;
    const canvas *cv = harness_render(sc);
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (a->type != PRIM_RECT)
            continue;
        if (a->filled || a->stroke_width <= 0 || fabs(a->w - a->h) > 1e-9 || a->angle != 0)
            return "a box that is not an upright square outline";
        if (nboxes == MAX_BOXES)
            return "more boxes than the check can hold";
        double h = a->stroke_width / 2;
        sq b = {a->x - h, a->y - h, a->x + a->w + h, a->y + a->h + h, a->stroke_width};
        if (b.x0 < 0 || b.y0 < 0 || b.x1 > sc->width || b.y1 > sc->height)
            return "a box leaves the canvas";
        for (int j = 0; j < nboxes; j++) {
            const sq *o = &boxes[j];
            double gx = fmax(o->x0 - b.x1, b.x0 - o->x1), gy = fmax(o->y0 - b.y1, b.y0 - o->y1);
            if (fmax(gx, gy) < MIN_BOX_GAP)
                return "two boxes come too close";
        }
        rgb wall = canvas_pixel(cv, (int)(a->x + a->w / 2), (int)a->y);
        if (memcmp(&wall, &black, sizeof black) != 0)
            return "a box's wall is not drawn black";
        boxes[nboxes++] = b;
    }
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (a->type == PRIM_RECT)
            continue;
        if (a->type != PRIM_CIRCLE)
            return "a primitive that is neither a box nor a circle";
        int in = -1, near = 0;
        for (int j = 0; j < nboxes; j++) {
            const sq *b = &boxes[j];
            double room = fmin(fmin(a->x - (b->x0 + b->w), (b->x1 - b->w) - a->x),
                               fmin(a->y - (b->y0 + b->w), (b->y1 - b->w) - a->y));
            if (room - a->r >= MIN_INSIDE_MARGIN)
                in = j;
            else if (dist_to(b, a->x, a->y) - a->r < MIN_OUTSIDE_GAP)
                near++;
        }
        if (near) {
            snprintf(msg, n, "circle at (%.0f,%.0f) r %.0f is neither clearly inside nor clearly outside a box", a->x,
                     a->y, a->r);
            return msg;
        }
        if (in >= 0)
            held[in]++;
        else
            loose++;
        rgb px = canvas_pixel(cv, (int)a->x, (int)a->y);
        if (memcmp(&px, &a->fill, sizeof px) != 0)
            return "a circle's centre pixel is not its colour";
    }
    int answer = 0;
    for (int j = 0; j < nboxes; j++) {
        if (held[j] > 1)
            return "a box holds more than one circle";
        answer += held[j];
    }
    if (loose < 1)
        return "no circle outside the boxes";
    if (nboxes != p->level || rec_int(s, "num_objects") != nboxes || rec_int(s, "answer") != answer) {
        snprintf(msg, n, "drew %d boxes (level %d), %d holding a circle; record %d boxes, answer %d", nboxes, p->level,
                 answer, rec_int(s, "num_objects"), rec_int(s, "answer"));
        return msg;
    }
    return NULL;
}

HARNESS_MAIN("circle_boxes", check)
