/* locate_circles_shape: the answer is rebuilt from the drawing.  The board is
 * read back from its lines and labels (grid_scene.h) and must be full: one shape
 * per cell, inside its cell with room to spare.  Each shape's kind is read from
 * the rendered pixels, not from the primitive: near the cell's top-left corner a
 * circle leaves white and a square or triangle is green; near the bottom-left
 * corner only a square is green.  The cells read as circles, named by the drawn
 * labels as [row, column], must be exactly gold_output (as a set, no repeats);
 * n_circles = the level, rows = grid_size; every shape is the original's green.
 * Other --grid_size values are swept, and a level larger than the board is refused. */
#include "grid_scene.h"
#include "harness.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* Least white between a shape and its cell's lines (the generator keeps 4 px
 * past the 2-px line). */
#define MIN_CLEAR_PX 3.0
/* Where a corner is probed: this far in from the cell's line centre, on both axes
 * for the top-left corner; the bottom-left probe is as far up from the bottom. */
#define PROBE_IN 8.0
static const rgb GREEN = {0, 128, 0};

static bool near(rgb a, rgb b)
{
    return abs(a.r - b.r) + abs(a.g - b.g) + abs(a.b - b.b) < 30;
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
    char *kind = xcalloc((size_t)cells, 1); /* 0 empty, 'c' circle, 's' square, 't' triangle */
    const canvas *cv = harness_render(sc);
    for (int i = 0; i < sc->nprims && !why; i++) {
        const prim *a = &sc->prims[i];
        if (a->object < 0)
            continue;
        double x0, y0, x1, y1;
        int row, col;
        if (a->type == PRIM_RECT) {
            x0 = a->x, y0 = a->y, x1 = a->x + a->w, y1 = a->y + a->h;
        } else {
            scene_grid_shape_box(sc, a, &x0, &y0, &x1, &y1);
        }
        if (scene_grid_cell(&g, x0, y0, x1, y1, MIN_CLEAR_PX + 1, &row, &col) != 0) {
            snprintf(msg, n, "shape %d is not inside one cell with %.0f px to spare", a->object, MIN_CLEAR_PX);
            why = msg;
            break;
        }
        if (kind[row * size + col]) {
            why = "two shapes in one cell";
            break;
        }
        if (!a->filled || memcmp(&a->fill, &GREEN, sizeof GREEN) != 0) {
            why = "a shape that is not filled green (0,128,0)";
            break;
        }
        /* the kind, from the pixels */
        double lx = g.xs[col], ty = g.ys[row], by = g.ys[row + 1];
        rgb mid = canvas_pixel(cv, (int)((g.xs[col] + g.xs[col + 1]) / 2), (int)((ty + by) / 2));
        rgb tl = canvas_pixel(cv, (int)(lx + PROBE_IN), (int)(ty + PROBE_IN));
        rgb bl = canvas_pixel(cv, (int)(lx + PROBE_IN), (int)(by - PROBE_IN));
        char k = 0;
        if (near(mid, GREEN) && is_white(tl) && is_white(bl))
            k = 'c';
        else if (near(mid, GREEN) && near(tl, GREEN) && near(bl, GREEN))
            k = 's';
        else if (near(mid, GREEN) && near(tl, GREEN) && is_white(bl))
            k = 't';
        if (!k) {
            snprintf(msg, n, "the shape in cell (%d,%d) reads as no kind from its pixels", row + 1, col + 1);
            why = msg;
            break;
        }
        kind[row * size + col] = k;
    }
    for (int c = 0; c < cells && !why; c++)
        if (!kind[c])
            why = "an empty cell: the original fills the board";
    const cJSON *gold = cJSON_GetObjectItemCaseSensitive(s->record, "gold_output");
    int ngold = 0, ncirc = 0;
    char *seen = xcalloc((size_t)cells, 1);
    for (int c = 0; c < cells; c++)
        ncirc += kind[c] == 'c';
    const cJSON *pair;
    cJSON_ArrayForEach(pair, gold)
    {
        if (why)
            break;
        int r = cJSON_GetArrayItem(pair, 0)->valueint, c = cJSON_GetArrayItem(pair, 1)->valueint;
        if (cJSON_GetArraySize(pair) != 2 || r < 1 || r > size || c < 1 || c > size) {
            why = "a gold cell off the board";
        } else if (seen[(r - 1) * size + c - 1]++) {
            why = "a gold cell named twice";
        } else if (kind[(r - 1) * size + c - 1] != 'c') {
            snprintf(msg, n, "gold cell (%d,%d) holds no circle", r, c);
            why = msg;
        }
        ngold++;
    }
    if (!why && (ngold != ncirc || ncirc != p->level || rec_int(s, "n_circles") != p->level)) {
        snprintf(msg, n, "%d circles drawn, %d gold cells, n_circles %d, level %d", ncirc, ngold,
                 rec_int(s, "n_circles"), p->level);
        why = msg;
    }
    free(kind);
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
    return failed ? 1 : 0;
}
