/* locate_circles_colour: the answer is rebuilt from the rendered pixels.  The
 * board is read back from its lines and labels (grid_scene.h) and must be full:
 * one circle primitive per cell, inside its cell with room to spare.  Each cell's
 * colour is read at the cell's middle and must be one of the original's five
 * (PIL's green, red, blue, purple, yellow), and the corner probes must be white
 * (a circle, not a square).  The cells that read green, named by the drawn labels
 * as [row, column], must be exactly gold_output (a set, no repeats); n_circles =
 * the level, rows = grid_size.  Other --grid_size values are swept, and a level
 * larger than the board is refused. */
#include "grid_scene.h"
#include "harness.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

#define MIN_CLEAR_PX 3.0
#define PROBE_IN 8.0
static const rgb COLOURS[] = {{0, 128, 0}, {255, 0, 0}, {0, 0, 255}, {128, 0, 128}, {255, 255, 0}};
#define NCOLOURS 5 /* the first is green */

static int colour_of(rgb a)
{
    for (int k = 0; k < NCOLOURS; k++)
        if (abs(a.r - COLOURS[k].r) + abs(a.g - COLOURS[k].g) + abs(a.b - COLOURS[k].b) < 30)
            return k;
    return -1;
}

static bool is_white(rgb a)
{
    return a.r > 235 && a.g > 235 && a.b > 235;
}

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    scene_grid g;
    const char *why = scene_grid_read(sc, &g, msg, n);
    if (why)
        return why;
    int size = p->grid_size;
    if (g.rows != size || g.cols != size || rec_int(s, "rows") != size) {
        snprintf(msg, n, "board %dx%d, grid_size %d, rows %d", g.cols, g.rows, size, rec_int(s, "rows"));
        return msg;
    }
    if (sc->width != size * 100 + 80 || sc->height != sc->width) {
        snprintf(msg, n, "canvas %dx%d, the original's is %d square", sc->width, sc->height, size * 100 + 80);
        return msg;
    }
    for (int k = 0; k < size; k++) {
        char want[16];
        snprintf(want, sizeof want, "%d", k + 1);
        if (strcmp(g.col_label[k], want) != 0 || strcmp(g.row_label[k], want) != 0)
            return "rows and columns are not numbered 1.. in order";
    }
    int cells = size * size;
    signed char *colour = xmalloc((size_t)cells);
    memset(colour, -1, (size_t)cells);
    const canvas *cv = harness_render(sc);
    for (int i = 0; i < sc->nprims && !why; i++) {
        const prim *a = &sc->prims[i];
        if (a->object < 0)
            continue;
        double x0, y0, x1, y1;
        int row, col;
        if (a->type != PRIM_CIRCLE) {
            why = "an object that is not a circle";
            break;
        }
        scene_grid_shape_box(sc, a, &x0, &y0, &x1, &y1);
        if (scene_grid_cell(&g, x0, y0, x1, y1, MIN_CLEAR_PX + 1, &row, &col) != 0) {
            snprintf(msg, n, "circle %d is not inside one cell with %.0f px to spare", a->object, MIN_CLEAR_PX);
            why = msg;
            break;
        }
        if (colour[row * size + col] >= 0) {
            why = "two circles in one cell";
            break;
        }
        double lx = g.xs[col], rx = g.xs[col + 1], ty = g.ys[row], by = g.ys[row + 1];
        int k = colour_of(canvas_pixel(cv, (int)((lx + rx) / 2), (int)((ty + by) / 2)));
        if (k < 0) {
            snprintf(msg, n, "cell (%d,%d) is none of the original's five colours", row + 1, col + 1);
            why = msg;
            break;
        }
        if (!is_white(canvas_pixel(cv, (int)(lx + PROBE_IN), (int)(ty + PROBE_IN))) ||
            !is_white(canvas_pixel(cv, (int)(rx - PROBE_IN), (int)(by - PROBE_IN)))) {
            snprintf(msg, n, "the shape in cell (%d,%d) does not read as a circle", row + 1, col + 1);
            why = msg;
            break;
        }
        colour[row * size + col] = (signed char)k;
    }
    for (int c = 0; c < cells && !why; c++)
        if (colour[c] < 0)
            why = "an empty cell: the original fills the board";
    int ngold = 0, ngreen = 0;
    char *seen = xcalloc((size_t)cells, 1);
    for (int c = 0; c < cells; c++)
        ngreen += colour[c] == 0;
    const cJSON *pair;
    cJSON_ArrayForEach(pair, cJSON_GetObjectItemCaseSensitive(s->record, "gold_output"))
    {
        if (why)
            break;
        int r = cJSON_GetArrayItem(pair, 0)->valueint, c = cJSON_GetArrayItem(pair, 1)->valueint;
        if (cJSON_GetArraySize(pair) != 2 || r < 1 || r > size || c < 1 || c > size) {
            why = "a gold cell off the board";
        } else if (seen[(r - 1) * size + c - 1]++) {
            why = "a gold cell named twice";
        } else if (colour[(r - 1) * size + c - 1] != 0) {
            snprintf(msg, n, "gold cell (%d,%d) is not green", r, c);
            why = msg;
        }
        ngold++;
    }
    if (!why && (ngold != ngreen || ngreen != p->level || rec_int(s, "n_circles") != p->level)) {
        snprintf(msg, n, "%d green circles drawn, %d gold cells, n_circles %d, level %d", ngreen, ngold,
                 rec_int(s, "n_circles"), p->level);
        why = msg;
    }
    free(colour);
    free(seen);
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
    int failed = harness_run("locate_circles_colour", check, NULL, 0) != 0;
    static const int sizes[] = {2, 3, 9, 15, 26};
    failed += grid_sweep("locate_circles_colour", check, sizes, 5, levels);
    const generator *g = generator_find("locate_circles_colour");
    char err[256];
    gen_params too_many = {.level = 10, .grid_size = 3};
    if (g->check_level(&too_many, err, sizeof err) == 0 || !strstr(err, "3x3 board") || !strstr(err, "10")) {
        printf("FAIL level 10 on a 3x3 board is not refused clearly: '%s'\n", err);
        failed++;
    }
    return failed ? 1 : 0;
}
