/* identifying_shapes: the answer is rebuilt from the drawing.  Every shape's
 * sides are counted from its primitive (a circle has none, a polygon as many as
 * its corners) and it must be regular; all shapes but one must be identical
 * (same corners relative to their centre), the odd one has another side count,
 * and its name (from this test's own table) and side count must equal
 * Gold_output and Gold_side.  Rows are counted from the distinct centre heights.
 * Shapes stay apart and on the canvas, the pair of kinds is one a reader can tell
 * apart at the drawn size, and the rendered image shows each shape's colour at
 * its centre. */
#include "harness.h"

#include <math.h>
#include <string.h>

/* Least circumradius: the generator's smallest cell (38 px) times 0.42, 16 px,
 * 9 px at the 448 px viewing size. */
#define MIN_RADIUS_PX 15.9
/* Least white between neighbouring shapes' corner circles: 3 px at 448 px. */
#define MIN_GAP_PX HARNESS_VIEW_MIN
/* Geometry agrees to this (floating point). */
#define EPS 1e-6

static canvas cv;

static const char *name_of(int sides)
{
    switch (sides) {
    case 0: return "circle";
    case 3: return "triangle";
    case 4: return "square";
    case 5: return "pentagon";
    case 6: return "hexagon";
    default: return NULL;
    }
}

/* Centre and circumradius of a shape; false when a polygon is not regular. */
static bool measure(const scene *sc, const prim *a, double *cx, double *cy, double *r)
{
    if (a->type == PRIM_CIRCLE) {
        *cx = a->x, *cy = a->y, *r = a->r;
        return true;
    }
    const point *q = prim_points(sc, a);
    int n = a->npts;
    *cx = *cy = 0;
    for (int k = 0; k < n; k++)
        *cx += q[k].x / n, *cy += q[k].y / n;
    *r = hypot(q[0].x - *cx, q[0].y - *cy);
    double side = hypot(q[1].x - q[0].x, q[1].y - q[0].y);
    for (int k = 0; k < n; k++)
        if (fabs(hypot(q[k].x - *cx, q[k].y - *cy) - *r) > EPS ||
            fabs(hypot(q[(k + 1) % n].x - q[k].x, q[(k + 1) % n].y - q[k].y) - side) > EPS)
            return false;
    return true;
}

static int sides_of(const prim *a) { return a->type == PRIM_CIRCLE ? 0 : a->npts; }

/* True when shapes a and b are the same shape of the same size and turn. */
static bool same_shape(const scene *sc, const prim *a, const prim *b)
{
    if (a->type != b->type || sides_of(a) != sides_of(b))
        return false;
    double ax, ay, ar, bx, by, br;
    measure(sc, a, &ax, &ay, &ar);
    measure(sc, b, &bx, &by, &br);
    if (fabs(ar - br) > EPS)
        return false;
    if (a->type == PRIM_CIRCLE)
        return true;
    const point *p = prim_points(sc, a), *q = prim_points(sc, b);
    for (int k = 0; k < a->npts; k++)
        if (fabs((p[k].x - ax) - (q[k].x - bx)) > EPS || fabs((p[k].y - ay) - (q[k].y - by)) > EPS)
            return false;
    return true;
}

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    int count = 0, first = -1;
    double ys[4096];
    int nys = 0;
    if (render_scene(&cv, sc) != 0)
        return "render failed";
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (a->object < 0)
            continue;
        if (a->type != PRIM_CIRCLE && a->type != PRIM_POLYGON)
            return "an object that is neither a circle nor a polygon";
        double cx, cy, r;
        if (!measure(sc, a, &cx, &cy, &r)) {
            snprintf(msg, n, "shape %d (%d corners) is not regular", a->object, a->npts);
            return msg;
        }
        if (!name_of(sides_of(a)))
            return "a shape with a side count outside circle..hexagon";
        if (r < MIN_RADIUS_PX)
            return "shapes too small to count their sides";
        if (cx - r < 0 || cy - r < 0 || cx + r > sc->width || cy + r > sc->height)
            return "a shape leaves the canvas";
        for (int j = 0; j < i; j++) {
            const prim *b = &sc->prims[j];
            double bx, by, br;
            measure(sc, b, &bx, &by, &br);
            if (hypot(cx - bx, cy - by) - r - br < MIN_GAP_PX)
                return "two shapes too close";
        }
        rgb px = canvas_pixel(&cv, (int)cx, (int)cy);
        if (memcmp(&px, &a->fill, sizeof px) != 0)
            return "a shape's centre pixel is not its colour";
        bool new_row = true;
        for (int k = 0; k < nys; k++)
            new_row &= fabs(ys[k] - cy) > EPS;
        if (new_row && nys < 4096)
            ys[nys++] = cy;
        if (first < 0)
            first = i;
        count++;
    }
    if (count < 3)
        return "fewer than three shapes";
    /* The base shape is the one most shapes share: with three or more shapes it
     * is the shape of the first unless the first is the odd one. */
    int base = first, odd = -1, differ = 0;
    for (int i = 0; i < sc->nprims; i++)
        if (sc->prims[i].object >= 0 && i != first && !same_shape(sc, &sc->prims[i], &sc->prims[first]))
            differ++, odd = i;
    if (differ == count - 1) { /* the first is odd */
        odd = first;
        for (int i = 0; i < sc->nprims; i++)
            if (sc->prims[i].object >= 0 && i != first) {
                base = i;
                break;
            }
        differ = 0;
        for (int i = 0; i < sc->nprims; i++)
            if (sc->prims[i].object >= 0 && i != odd && !same_shape(sc, &sc->prims[i], &sc->prims[base]))
                differ++;
        if (differ)
            return "more than one odd shape";
    } else if (differ != 1) {
        snprintf(msg, n, "%d shapes differ from the first", differ);
        return msg;
    }
    int bs = sides_of(&sc->prims[base]), os = sides_of(&sc->prims[odd]);
    if (bs == os)
        return "the odd shape has as many sides as the others";
    if ((bs == 0 && os == 6) || (bs == 6 && os == 0))
        return "a circle and a hexagon: too alike to tell apart";
    if (strcmp(rec_str(s, "Gold_output"), name_of(os)) != 0 || rec_int(s, "Gold_side") != os) {
        snprintf(msg, n, "odd shape is a %s (%d sides); record %s, %d", name_of(os), os, rec_str(s, "Gold_output"),
                 rec_int(s, "Gold_side"));
        return msg;
    }
    if (nys != p->level || rec_int(s, "Rows") != nys) {
        snprintf(msg, n, "%d rows drawn, level %d, Rows %d", nys, p->level, rec_int(s, "Rows"));
        return msg;
    }
    return NULL;
}

int main(void)
{
    static const int extra[] = {40, 50};
    int failed = harness_run("identifying_shapes", check, extra, 2) != 0;
    const generator *g = generator_find("identifying_shapes");
    char err[256];
    gen_params huge = {.level = 110, .grid_size = 6};
    if (g->check_level(&huge, err, sizeof err) == 0 || !strstr(err, "110 rows")) {
        printf("FAIL 110 rows are not refused clearly: '%s'\n", err);
        failed++;
    }
    canvas_free(&cv);
    return failed ? 1 : 0;
}
