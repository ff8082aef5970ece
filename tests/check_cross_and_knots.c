/* SPDX-License-Identifier: MIT */
/* cross_and_knots: the answer is rebuilt from the drawing.  The grid is read
 * back from its lines (kind "grid"; matplotlib's snapping makes cells differ by
 * up to a pixel); every cell holds exactly one text, inside it: a black "X" or
 * its own coordinates "(row,col)", 0-based, in blue.  The rendered pixels must
 * agree: an X cell has black ink at its middle, a labelled cell blue ink and no
 * black.  From the X cells the safe cells (no X in the cell or in the four cells
 * sharing a side with it) are recomputed; gold_output must be exactly them, row
 * by row; cross_positions exactly the X cells (any order, no repeats); crosses =
 * the level; n = grid_size; canvas 640 x 480.  Other --grid_size values are swept
 * and a level past the board is refused. */
#include "grid_scene.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Ink of a kind in the cell's inner box: black (all channels low) or blue. */
static void inks(const canvas *cv, double x0, double y0, double x1, double y1, int *black, int *blue)
{
    *black = *blue = 0;
    for (int y = (int)y0 + 2; y < (int)y1 - 1; y++)
        for (int x = (int)x0 + 2; x < (int)x1 - 1; x++) {
            rgb p = canvas_pixel(cv, x, y);
            *black += p.r < 80 && p.g < 80 && p.b < 80;
            *blue += p.b > 200 && p.r < 120 && p.g < 120;
        }
}

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    int size = p->grid_size, cells = size * size;
    if (sc->width != 640 || sc->height != 480)
        return "canvas is not the original's 640 x 480";
    double xs[SCENE_GRID_MAX + 1], ys[SCENE_GRID_MAX + 1];
    const char *bad = scene_grid_plot_lines(sc, size, 369.6 / size, xs, ys, msg, n);
    if (bad)
        return bad;
    if (rec_int(s, "n") != size)
        return "n is not grid_size";

    char *what = xcalloc((size_t)cells, 1); /* 'x' or 'l' */
    const char *why = NULL;
    for (int i = 0; i < sc->nprims && !why; i++) {
        const prim *a = &sc->prims[i];
        if (a->type != PRIM_TEXT)
            continue;
        double x0, y0, x1, y1;
        prim_bbox(sc, a, &x0, &y0, &x1, &y1);
        int c = scene_grid_slot(xs, size, (x0 + x1) / 2), r = scene_grid_slot(ys, size, (y0 + y1) / 2);
        if (c < 0 || r < 0 || x0 < xs[c] + 1 || x1 > xs[c + 1] - 1 || y0 < ys[r] + 1 || y1 > ys[r + 1] - 1) {
            snprintf(msg, n, "text '%s' is not inside one cell", a->label);
            why = msg;
            break;
        }
        if (what[r * size + c]) {
            why = "two texts in one cell";
            break;
        }
        char want[16];
        snprintf(want, sizeof want, "(%d,%d)", r, c);
        if (strcmp(a->label, "X") == 0 && a->fill.r == 0 && a->fill.g == 0 && a->fill.b == 0) {
            what[r * size + c] = 'x';
        } else if (strcmp(a->label, want) == 0 && a->fill.r == 0 && a->fill.g == 0 && a->fill.b == 255) {
            what[r * size + c] = 'l';
        } else {
            snprintf(msg, n, "cell (%d,%d) shows '%s', neither a black X nor its blue coordinates", r, c, a->label);
            why = msg;
        }
    }
    const canvas *cv = harness_render(sc);
    int nx_cells = 0;
    for (int r = 0; r < size && !why; r++)
        for (int c = 0; c < size && !why; c++) {
            int black, blue;
            inks(cv, xs[c], ys[r], xs[c + 1], ys[r + 1], &black, &blue);
            char k = what[r * size + c];
            if (!k) {
                why = "a cell with neither an X nor its coordinates";
            } else if (k == 'x' && (black < 20 || blue > 0)) {
                snprintf(msg, n, "the X in cell (%d,%d) does not show black ink (%d px)", r, c, black);
                why = msg;
            } else if (k == 'l' && (blue < 10 || black > 0)) {
                snprintf(msg, n, "the label of cell (%d,%d) does not show as blue ink alone", r, c);
                why = msg;
            }
            nx_cells += k == 'x';
        }
    if (!why && (nx_cells != p->level || rec_int(s, "crosses") != p->level)) {
        snprintf(msg, n, "%d X drawn, crosses %d, level %d", nx_cells, rec_int(s, "crosses"), p->level);
        why = msg;
    }
    /* cross_positions: exactly the X cells */
    char *seen = xcalloc((size_t)cells, 1);
    int npos = 0;
    const cJSON *pair;
    cJSON_ArrayForEach(pair, cJSON_GetObjectItemCaseSensitive(s->record, "cross_positions"))
    {
        if (why)
            break;
        int r = cJSON_GetArrayItem(pair, 0)->valueint, c = cJSON_GetArrayItem(pair, 1)->valueint;
        if (cJSON_GetArraySize(pair) != 2 || r < 0 || r >= size || c < 0 || c >= size || seen[r * size + c]++ ||
            what[r * size + c] != 'x')
            why = "cross_positions names a cell without an X, off the grid or twice";
        npos++;
    }
    if (!why && npos != nx_cells)
        why = "cross_positions misses an X";
    /* gold_output: every safe cell, row by row */
    strbuf want = {0}, got = {0};
    for (int r = 0; r < size && !why; r++)
        for (int c = 0; c < size; c++) {
            bool safe = what[r * size + c] != 'x';
            safe &= r == 0 || what[(r - 1) * size + c] != 'x';
            safe &= r == size - 1 || what[(r + 1) * size + c] != 'x';
            safe &= c == 0 || what[r * size + c - 1] != 'x';
            safe &= c == size - 1 || what[r * size + c + 1] != 'x';
            if (safe)
                strbuf_addf(&want, "[%d,%d]", r, c);
        }
    cJSON_ArrayForEach(pair, cJSON_GetObjectItemCaseSensitive(s->record, "gold_output"))
        strbuf_addf(&got, "[%d,%d]", cJSON_GetArrayItem(pair, 0)->valueint, cJSON_GetArrayItem(pair, 1)->valueint);
    if (!why && strcmp(want.buf ? want.buf : "", got.buf ? got.buf : "") != 0) {
        snprintf(msg, n, "safe cells %.200s, gold_output %.200s", want.buf ? want.buf : "none", got.buf ? got.buf : "none");
        why = msg;
    }
    strbuf_free(&want);
    strbuf_free(&got);
    free(seen);
    free(what);
    return why;
}

int main(void)
{
    int failed = harness_run("cross_and_knots", check, NULL, 0) != 0;
    static const int sizes[] = {2, 3, 4, 9, 10};
    failed += grid_sweep("cross_and_knots", check, sizes, 5, grid_levels_1_half_all, grid_file_by_index);
    const generator *g = generator_find("cross_and_knots");
    char err[256];
    gen_params too_many = {.level = 10, .grid_size = 3}, too_big = {.level = 1, .grid_size = 11};
    if (g->check_level(&too_many, err, sizeof err) == 0 || !strstr(err, "3x3 grid")) {
        printf("FAIL level 10 on a 3x3 grid is not refused clearly: '%s'\n", err);
        failed++;
    }
    if (g->check_level(&too_big, err, sizeof err) == 0 || !strstr(err, "11x11 grid")) {
        printf("FAIL an 11x11 grid is not refused clearly: '%s'\n", err);
        failed++;
    }
    return failed ? 1 : 0;
}
