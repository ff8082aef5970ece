/* counting_shapes: each drawn object is classified from its geometry alone (a
 * circle primitive; a polygon of 3 equal sides; a polygon of 4 equal sides with
 * right angles) and the counts are compared with the record; no two shapes come
 * near each other, all stay inside the canvas, and each shape's centre pixel is
 * its colour.  The square and triangle counts must vary. */
#include "harness.h"

#include <math.h>
#include <stdbool.h>
#include <string.h>

/* The smallest white gap between the discs that hold two shapes (the generator
 * keeps 10 px; the real shapes are further apart). */
#define MIN_VISIBLE_GAP 8.0
/* Side lengths equal to this relative tolerance (floating-point slack only). */
#define SIDE_TOL 1e-6
/* Counts the generator may draw of squares and of triangles. */
#define EXTRA_MAX 10

static bool seen_sq[EXTRA_MAX + 1], seen_tr[EXTRA_MAX + 1];

static double dist(point a, point b) { return hypot(a.x - b.x, a.y - b.y); }

/* 0 circle, 1 square, 2 triangle, -1 anything else; the centre and radius of a
 * disc holding the shape go to *c and *r. */
static int classify(const scene *sc, const prim *p, point *c, double *r)
{
    if (p->type == PRIM_CIRCLE) {
        *c = (point){p->x, p->y};
        *r = p->r;
        return 0;
    }
    if (p->type != PRIM_POLYGON || (p->npts != 3 && p->npts != 4))
        return -1;
    const point *v = prim_points(sc, p);
    int k = p->npts;
    double side = dist(v[0], v[1]);
    for (int i = 0; i < k; i++)
        if (fabs(dist(v[i], v[(i + 1) % k]) - side) > SIDE_TOL * side)
            return -1;
    if (k == 4 && fabs(dist(v[0], v[2]) - dist(v[1], v[3])) > SIDE_TOL * side)
        return -1; /* a rhombus that is not a square */
    c->x = c->y = 0;
    for (int i = 0; i < k; i++)
        c->x += v[i].x / k, c->y += v[i].y / k;
    *r = 0;
    for (int i = 0; i < k; i++)
        *r = fmax(*r, dist(*c, v[i]));
    return k == 4 ? 1 : 2;
}

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    int count[3] = {0, 0, 0};
    point c[128];
    double r[128];
    if (sc->nprims > 128)
        return "more shapes than the check can hold";
    const canvas *cv = harness_render(sc);
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        int k = classify(sc, a, &c[i], &r[i]);
        if (k < 0)
            return "a shape that is neither a circle, a square nor an equilateral triangle";
        count[k]++;
        double x0, y0, x1, y1;
        prim_bbox(sc, a, &x0, &y0, &x1, &y1);
        if (x0 < 0 || y0 < 0 || x1 > sc->width || y1 > sc->height)
            return "a shape leaves the canvas";
        for (int j = 0; j < i; j++) {
            double gap = hypot(c[i].x - c[j].x, c[i].y - c[j].y) - r[i] - r[j];
            if (gap < MIN_VISIBLE_GAP) {
                snprintf(msg, n, "shapes %d and %d are only %.1f px apart", j, i, gap);
                return msg;
            }
        }
        rgb px = canvas_pixel(cv, (int)c[i].x, (int)c[i].y);
        if (memcmp(&px, &a->fill, sizeof px) != 0)
            return "a shape's centre pixel is not its colour";
    }
    if (count[0] != p->level || rec_int(s, "circles") != count[0] || rec_int(s, "squares") != count[1] ||
        rec_int(s, "triangles") != count[2]) {
        snprintf(msg, n, "drew %d circles, %d squares, %d triangles (level %d); record %d %d %d", count[0], count[1],
                 count[2], p->level, rec_int(s, "circles"), rec_int(s, "squares"), rec_int(s, "triangles"));
        return msg;
    }
    if (count[1] > EXTRA_MAX || count[2] > EXTRA_MAX)
        return "more squares or triangles than the documented range";
    seen_sq[count[1]] = seen_tr[count[2]] = true;
    return NULL;
}

int main(void)
{
    int rc = harness_run("counting_shapes", check, NULL, 0);
    int dsq = 0, dtr = 0;
    for (int k = 0; k <= EXTRA_MAX; k++)
        dsq += seen_sq[k], dtr += seen_tr[k];
    /* 200 samples over 11 values each: every value should turn up. */
    if (dsq < EXTRA_MAX + 1 || dtr < EXTRA_MAX + 1) {
        printf("FAIL counting_shapes: only %d square counts and %d triangle counts seen\n", dsq, dtr);
        rc = 1;
    }
    return rc;
}
