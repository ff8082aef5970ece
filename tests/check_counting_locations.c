/* counting_locations: the table is a top with two legs standing on the floor; each
 * object is classified from its bounding box as clearly above the top (over the
 * top's width, a gap above it) or clearly beneath it (between the legs, a gap below
 * the top and above the floor), and the counts are compared with the record.
 * Objects keep clear of each other, and the rendered image shows the table's wood
 * and each object's colour at its centre. */
#include "harness.h"

#include <math.h>
#include <stdbool.h>
#include <string.h>

/* The smallest gap between an object and any part of the table or the floor (the
 * generator keeps 16 px): less and an object could seem to rest on the table. */
#define MIN_TABLE_GAP 12.0
/* The smallest white gap between two objects' enclosing discs (generator: 10 px). */
#define MIN_VISIBLE_GAP 8.0
#define UNDER_MAX 8

static bool seen_under[UNDER_MAX + 1];

typedef struct rect {
    double x0, y0, x1, y1;
} rect;

static rect rect_of(const prim *p) { return (rect){p->x, p->y, p->x + p->w, p->y + p->h}; }

/* Centre and radius of a disc enclosing an object (for a polygon: centred on the
 * mean of its vertices, the centre of a regular shape). */
static void enclosing(const scene *sc, const prim *p, point *c, double *r)
{
    if (p->type == PRIM_CIRCLE) {
        *c = (point){p->x, p->y};
        *r = p->r;
        return;
    }
    const point *v = prim_points(sc, p);
    *c = (point){0, 0};
    for (int i = 0; i < p->npts; i++)
        c->x += v[i].x / p->npts, c->y += v[i].y / p->npts;
    *r = 0;
    for (int i = 0; i < p->npts; i++)
        *r = fmax(*r, hypot(v[i].x - c->x, v[i].y - c->y));
}

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    rect top = {0}, leg[2];
    int ntop = 0, nlegs = 0;
    double floor_y = -1;
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (!a->kind || a->object >= 0)
            continue;
        if (strcmp(a->kind, "table_top") == 0 && a->type == PRIM_RECT)
            top = rect_of(a), ntop++;
        else if (strcmp(a->kind, "table_leg") == 0 && a->type == PRIM_RECT && nlegs < 2)
            leg[nlegs++] = rect_of(a);
        else if (strcmp(a->kind, "floor") == 0 && a->type == PRIM_POLYLINE)
            floor_y = prim_points(sc, a)[0].y - a->stroke_width / 2;
    }
    if (ntop != 1 || nlegs != 2 || floor_y < 0)
        return "the table is not one top, two legs and a floor";
    if (leg[0].x0 > leg[1].x0) {
        rect t = leg[0];
        leg[0] = leg[1], leg[1] = t;
    }
    for (int k = 0; k < 2; k++)
        if (fabs(leg[k].y0 - top.y1) > 0.5 || leg[k].y1 < floor_y || leg[k].x0 < top.x0 || leg[k].x1 > top.x1)
            return "a leg does not run from under the top down to the floor";

    const canvas *cv = harness_render(sc);
    int over = 0, under = 0, objects = 0;
    point c[64];
    double r[64];
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (a->object < 0)
            continue;
        if (objects == 64)
            return "more objects than the check can hold";
        double x0, y0, x1, y1;
        prim_bbox(sc, a, &x0, &y0, &x1, &y1);
        if (x0 < 0 || y0 < 0 || x1 > sc->width || y1 > sc->height)
            return "an object leaves the canvas";
        bool is_over = y1 <= top.y0 - MIN_TABLE_GAP && x0 >= top.x0 && x1 <= top.x1;
        bool is_under = y0 >= top.y1 + MIN_TABLE_GAP && y1 <= floor_y - MIN_TABLE_GAP &&
                        x0 >= leg[0].x1 + MIN_TABLE_GAP && x1 <= leg[1].x0 - MIN_TABLE_GAP;
        if (!is_over && !is_under) {
            snprintf(msg, n, "object %d (%.0f,%.0f)-(%.0f,%.0f) is neither clearly over nor clearly under the table",
                     a->object, x0, y0, x1, y1);
            return msg;
        }
        over += is_over, under += is_under;
        enclosing(sc, a, &c[objects], &r[objects]);
        for (int j = 0; j < objects; j++) {
            double gap = hypot(c[j].x - c[objects].x, c[j].y - c[objects].y) - r[j] - r[objects];
            if (gap < MIN_VISIBLE_GAP) {
                snprintf(msg, n, "two objects are only %.1f px apart", gap);
                return msg;
            }
        }
        rgb px = canvas_pixel(cv, (int)((x0 + x1) / 2), (int)((y0 + y1) / 2));
        if (memcmp(&px, &a->fill, sizeof px) != 0)
            return "an object's middle pixel is not its colour";
        objects++;
    }
    rgb wood = canvas_pixel(cv, (int)((top.x0 + top.x1) / 2), (int)((top.y0 + top.y1) / 2));
    rgb white = RGB_WHITE;
    if (memcmp(&wood, &white, sizeof wood) == 0)
        return "the table top is not drawn";
    if (over != p->level || rec_int(s, "num_objects_over_table") != over ||
        rec_int(s, "num_objects_under_table") != under) {
        snprintf(msg, n, "drew %d over and %d under (level %d); record %d and %d", over, under, p->level,
                 rec_int(s, "num_objects_over_table"), rec_int(s, "num_objects_under_table"));
        return msg;
    }
    if (under > UNDER_MAX)
        return "more objects under the table than the documented range";
    seen_under[under] = true;
    return NULL;
}

int main(void)
{
    int rc = harness_run("counting_locations", check, NULL, 0);
    int distinct = 0;
    for (int k = 0; k <= UNDER_MAX; k++)
        distinct += seen_under[k];
    if (distinct < UNDER_MAX + 1) {
        printf("FAIL counting_locations: only %d different counts under the table\n", distinct);
        rc = 1;
    }
    return rc;
}
