/* locate_circles_shape: the answer is rebuilt from the drawing.  The board is
 * read back from its lines and labels (grid_scene.h); every shape sits in its own
 * cell with a clear margin; circles are the circle primitives, and every other
 * shape is a polygon that plainly is not a circle (measured from its points);
 * the circles' cells in reading order must equal gold_output.  Other --grid_size
 * values are swept, and a level larger than the board is refused. */
#include "grid_scene.h"
#include "harness.h"
#include "util.h"

#include <string.h>

/* Least white between a shape and its cell's lines, as a share of the cell (the
 * generator keeps 13%). */
#define MIN_CLEAR_SHARE 0.10
/* A polygon reads as "not a circle" when its edges come well inside its corner
 * circle: at most 85% of the corner distance at the nearest edge point (a regular
 * pentagon is at 81%, a hexagon at 87%), and at least 3 px short of it, so the
 * corners are visible at the drawn size. */
#define MAX_ROUNDNESS 0.85
#define MIN_CORNER_DEPTH_PX 3.0
/* Most corners a non-circle may have (a five-pointed star has 10). */
#define MAX_CORNERS 10

static canvas cv;

/* Distance from c to the segment a-b. */
static double seg_dist(point a, point b, point c)
{
    double dx = b.x - a.x, dy = b.y - a.y, t = ((c.x - a.x) * dx + (c.y - a.y) * dy) / (dx * dx + dy * dy);
    t = fmax(0, fmin(1, t));
    return hypot(a.x + t * dx - c.x, a.y + t * dy - c.y);
}

/* Roundness of a polygon: the least distance from its centroid to an edge over
 * the largest distance to a corner, and the difference of the two in px. */
static void roundness(const point *q, int n, double *ratio, double *depth)
{
    double cx = 0, cy = 0, out = 0, in = INFINITY;
    for (int k = 0; k < n; k++)
        cx += q[k].x / n, cy += q[k].y / n;
    for (int k = 0; k < n; k++) {
        out = fmax(out, hypot(q[k].x - cx, q[k].y - cy));
        in = fmin(in, seg_dist(q[k], q[(k + 1) % n], (point){cx, cy}));
    }
    *ratio = in / out;
    *depth = out - in;
}

static int by_cell(const void *a, const void *b)
{
    const int *x = a, *y = b;
    return x[0] != y[0] ? x[0] - y[0] : x[1] - y[1];
}

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    scene_grid g;
    const char *why = scene_grid_read(sc, &g, msg, n);
    if (why)
        return why;
    if (g.rows != p->grid_size || g.cols != p->grid_size || rec_int(s, "rows") != g.rows) {
        snprintf(msg, n, "board %dx%d, grid_size %d, rows %d", g.cols, g.rows, p->grid_size, rec_int(s, "rows"));
        return msg;
    }
    double clear = MIN_CLEAR_SHARE * (g.xs[1] - g.xs[0]);
    int cells = g.rows * g.cols;
    char *used = xcalloc((size_t)cells, 1);
    int (*circ)[2] = xmalloc(sizeof *circ * (size_t)(cells + 1));
    int ncirc = 0, nother = 0;
    if (render_scene(&cv, sc) != 0)
        why = "render failed";
    for (int i = 0; i < sc->nprims && !why; i++) {
        const prim *a = &sc->prims[i];
        if (a->object < 0)
            continue;
        double x0, y0, x1, y1;
        int row, col;
        if (a->type != PRIM_CIRCLE && a->type != PRIM_POLYGON) {
            why = "an object that is neither a circle nor a polygon";
            break;
        }
        scene_grid_shape_box(sc, a, &x0, &y0, &x1, &y1);
        if (scene_grid_cell(&g, x0, y0, x1, y1, clear, &row, &col) != 0) {
            snprintf(msg, n, "shape %d is not inside one cell with %.0f px to spare", a->object, clear);
            why = msg;
            break;
        }
        if (used[row * g.cols + col]++) {
            why = "two shapes in one cell";
            break;
        }
        if (a->type == PRIM_CIRCLE) {
            rgb px = canvas_pixel(&cv, (int)a->x, (int)a->y);
            if (memcmp(&px, &a->fill, sizeof px) != 0) {
                why = "a circle's centre pixel is not its colour";
                break;
            }
            circ[ncirc][0] = row;
            circ[ncirc][1] = col;
            ncirc++;
        } else {
            double ratio, depth;
            roundness(prim_points(sc, a), a->npts, &ratio, &depth);
            if (a->npts > MAX_CORNERS || ratio > MAX_ROUNDNESS || depth < MIN_CORNER_DEPTH_PX) {
                snprintf(msg, n, "shape %d (%s, %d corners) is too round: edge/corner %.2f, %.1f px deep", a->object,
                         a->kind, a->npts, ratio, depth);
                why = msg;
                break;
            }
            nother++;
        }
    }
    free(used);
    if (why) {
        free(circ);
        return why;
    }
    qsort(circ, (size_t)ncirc, sizeof circ[0], by_cell);
    strbuf want = {0};
    for (int j = 0; j < ncirc; j++)
        strbuf_addf(&want, "%s%s%s", j ? " " : "", g.col_label[circ[j][1]], g.row_label[circ[j][0]]);
    free(circ);
    const char *got = rec_str(s, "gold_output");
    if (ncirc != p->level || rec_int(s, "n_circles") != ncirc || strcmp(got, want.buf ? want.buf : "") != 0) {
        snprintf(msg, n, "drew %d circles (level %d, n_circles %d): want '%s', record '%s'", ncirc, p->level,
                 rec_int(s, "n_circles"), want.buf ? want.buf : "", got);
        why = msg;
    } else if (nother == 0 && ncirc < cells) {
        why = "no other shapes although the board has room";
    }
    strbuf_free(&want);
    return why;
}

static int levels(int size, int *out, int max)
{
    (void)max;
    out[0] = 1;
    out[1] = size * size / 2 > 1 ? size * size / 2 : 2;
    out[2] = size * size - 1;
    out[3] = size * size;
    return 4;
}

int main(void)
{
    int failed = harness_run("locate_circles_shape", check, NULL, 0) != 0;
    static const int sizes[] = {2, 3, 9, 15, 26};
    failed += grid_sweep("locate_circles_shape", check, sizes, 5, levels);
    const generator *g = generator_find("locate_circles_shape");
    char err[256];
    gen_params too_many = {.level = 10, .grid_size = 3};
    if (g->check_level(&too_many, err, sizeof err) == 0 || !strstr(err, "3x3 board") || !strstr(err, "10")) {
        printf("FAIL level 10 on a 3x3 board is not refused clearly: '%s'\n", err);
        failed++;
    }
    canvas_free(&cv);
    return failed ? 1 : 0;
}
