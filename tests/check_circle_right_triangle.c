/* circle_right_triangle: the counts are rebuilt from the drawing.  The grid is
 * read back from its lines (grid_scene.h) and must have rows = level and cols =
 * grid_size; each shape sits alone in a cell with a clear margin; a circle
 * primitive is a circle; a triangle's three angles are measured from its corner
 * points: one of 90 degrees makes it right-angled, and every other triangle must
 * keep all its angles at least 20 degrees from 90 and none a sliver, and at its
 * angle nearest 90 the shorter side's far end lies at least 5.4 px (3 px at 448)
 * from where a right angle would put it.  The
 * rendered image shows each shape's colour inside it.  Other --grid_size values
 * are swept, and a board too large for the canvas is refused. */
#include "grid_scene.h"
#include "harness.h"
#include "util.h"

#include <string.h>

/* Least white between a shape and its cell's lines, as a share of the cell (the
 * generator keeps 14%). */
#define MIN_CLEAR_SHARE 0.10
/* A measured angle this close to 90 degrees is a right angle (floating point). */
#define RIGHT_TOLERANCE_DEG 1e-6
/* Angles of other triangles must stay this far from 90 (the task's promise). */
#define RIGHT_MARGIN_DEG 20.0
/* ...and show it by this many pixels: 3 px at the 448 px viewing size. */
#define MIN_VIEW_PX HARNESS_VIEW_MIN
/* No corner sharper than this: a sliver's angles cannot be judged. */
#define MIN_ANGLE_DEG 25.0
/* Least cell side (the generator's 36 px, with room for rounding of the layout). */
#define MIN_CELL_PX 35.0

static canvas cv;

/* The angle (degrees) at corner b of the path a-b-c. */
static double angle_at(point a, point b, point c)
{
    double ux = a.x - b.x, uy = a.y - b.y, vx = c.x - b.x, vy = c.y - b.y;
    return atan2(fabs(ux * vy - uy * vx), ux * vx + uy * vy) * 180.0 / M_PI;
}

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    scene_grid g;
    const char *why = scene_grid_read(sc, &g, msg, n);
    if (why)
        return why;
    if (g.rows != p->level || g.cols != p->grid_size || rec_int(s, "rows") != g.rows || rec_int(s, "cols") != g.cols) {
        snprintf(msg, n, "grid %d rows x %d cols; level %d, grid_size %d; record rows %d cols %d", g.rows, g.cols,
                 p->level, p->grid_size, rec_int(s, "rows"), rec_int(s, "cols"));
        return msg;
    }
    double cell = g.xs[1] - g.xs[0];
    if (cell < MIN_CELL_PX) {
        snprintf(msg, n, "cells of %.0f px are too small to judge angles", cell);
        return msg;
    }
    char *used = xcalloc((size_t)(g.rows * g.cols), 1);
    int circles = 0, right = 0, other = 0;
    if (render_scene(&cv, sc) != 0)
        why = "render failed";
    for (int i = 0; i < sc->nprims && !why; i++) {
        const prim *a = &sc->prims[i];
        if (a->object < 0)
            continue;
        double x0, y0, x1, y1, cx, cy;
        int row, col;
        if (a->type == PRIM_CIRCLE) {
            circles++;
            cx = a->x, cy = a->y;
        } else if (a->type == PRIM_POLYGON && a->npts == 3) {
            const point *q = prim_points(sc, a);
            double ang[3], min = 180;
            int near90 = 0, is_right = 0;
            for (int k = 0; k < 3; k++) {
                ang[k] = angle_at(q[(k + 2) % 3], q[k], q[(k + 1) % 3]);
                min = fmin(min, ang[k]);
                is_right += fabs(ang[k] - 90) < RIGHT_TOLERANCE_DEG;
                near90 += fabs(ang[k] - 90) < RIGHT_MARGIN_DEG;
            }
            if (min < MIN_ANGLE_DEG || (!is_right && near90)) {
                snprintf(msg, n, "triangle %d has angles %.2f %.2f %.2f: a sliver or nearly right", a->object, ang[0],
                         ang[1], ang[2]);
                why = msg;
                break;
            }
            if (!is_right) {
                /* the corner nearest 90 degrees: the far end of its shorter side is
                 * off a right angle's by that side's length * sin(|angle - 90|) */
                int k = 0;
                for (int j = 1; j < 3; j++)
                    if (fabs(ang[j] - 90) < fabs(ang[k] - 90))
                        k = j;
                point b = q[k], u = q[(k + 1) % 3], v = q[(k + 2) % 3];
                double side = fmin(hypot(u.x - b.x, u.y - b.y), hypot(v.x - b.x, v.y - b.y));
                double off = side * sin(fabs(ang[k] - 90) * M_PI / 180);
                if (off < MIN_VIEW_PX) {
                    snprintf(msg, n, "triangle %d: its angle of %.1f degrees is %.1f px off a right angle", a->object,
                             ang[k], off);
                    why = msg;
                    break;
                }
            }
            right += is_right;
            other += !is_right;
            cx = (q[0].x + q[1].x + q[2].x) / 3, cy = (q[0].y + q[1].y + q[2].y) / 3;
        } else {
            why = "an object that is neither a circle nor a triangle";
            break;
        }
        scene_grid_shape_box(sc, a, &x0, &y0, &x1, &y1);
        if (scene_grid_cell(&g, x0, y0, x1, y1, MIN_CLEAR_SHARE * cell, &row, &col) != 0) {
            snprintf(msg, n, "shape %d is not inside one cell with a clear margin", a->object);
            why = msg;
        } else if (used[row * g.cols + col]++) {
            why = "two shapes in one cell";
        } else {
            rgb px = canvas_pixel(&cv, (int)cx, (int)cy);
            if (memcmp(&px, &a->fill, sizeof px) != 0)
                why = "a shape's centre pixel is not its colour";
        }
    }
    free(used);
    if (why)
        return why;
    if (rec_int(s, "circles") != circles || rec_int(s, "right") != right || rec_int(s, "triangles") != other) {
        snprintf(msg, n, "drew %d circles, %d right, %d other; record %d, %d, %d", circles, right, other,
                 rec_int(s, "circles"), rec_int(s, "right"), rec_int(s, "triangles"));
        return msg;
    }
    return NULL;
}

static int levels(int size, int *out, int max)
{
    (void)size, (void)max;
    out[0] = 1;
    out[1] = 20;
    out[2] = 40;
    return 3;
}

int main(void)
{
    int failed = harness_run("circle_right_triangle", check, NULL, 0) != 0;
    static const int sizes[] = {2, 3, 12, 26};
    failed += grid_sweep("circle_right_triangle", check, sizes, 4, levels);
    const generator *g = generator_find("circle_right_triangle");
    char err[256];
    gen_params huge = {.level = 120, .grid_size = 6};
    if (g->check_level(&huge, err, sizeof err) == 0 || !strstr(err, "120 rows and 6 columns")) {
        printf("FAIL 120 rows are not refused clearly: '%s'\n", err);
        failed++;
    }
    canvas_free(&cv);
    return failed ? 1 : 0;
}
