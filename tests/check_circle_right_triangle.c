/* SPDX-License-Identifier: MIT */
/* circle_right_triangle: the answer is rebuilt from the rendered pixels.  The
 * grid is read back from its drawn lines (kind "grid"; matplotlib's snapping
 * makes the cells differ by up to a pixel); every shape must sit inside one cell
 * with room to spare, at most one per cell.  Each cell's content is read from
 * the image: blue at the cell's middle is a circle, red a triangle (then the
 * cell's upper corners must be white: it points up), white nothing.  From that
 * grid, "right" (some triangle with a circle in the next cell to its right) must
 * equal the record's bool; circles = the level, triangles = min(n, cells - n),
 * rows = cols = grid_size, canvas 800 x 800, tick labels 0..grid_size along both
 * axes.  Other --grid_size values are swept; a level past the board is refused. */
#include "grid_scene.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Least room between a shape's box (outline included) and its cell's edges in
 * data units, as a share of the cell (the shapes keep 0.1 of a cell less half
 * the 1.4-px outline: 7% of a cell at grid_size 26). */
#define MIN_CLEAR_SHARE 0.05

static int near(rgb a, int r, int g, int b)
{
    return abs(a.r - r) + abs(a.g - g) + abs(a.b - b) < 40;
}

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    int size = p->grid_size, cells = size * size;
    if (sc->width != 800 || sc->height != 800)
        return "canvas is not the original's 800 x 800";
    int nxl = 0, nyl = 0, title = 0;
    char words[128] = "";
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (a->kind && strcmp(a->kind, "tick label") == 0) {
            /* x labels below the axes count 0.. from the left, y labels (left of
             * them) count 0.. upwards; a label's x, y is matplotlib's anchor */
            int v = atoi(a->label);
            if (a->y > 712) {
                if (fabs(a->x - (102 + v * 616.0 / size)) > 1.5)
                    return "an x tick label away from its tick";
                nxl++;
            } else {
                if (fabs(a->y - (712 - v * 616.0 / size)) > 1.5)
                    return "a y tick label away from its tick";
                nyl++;
            }
        } else if (a->kind && strcmp(a->kind, "title") == 0) {
            if (a->y < 96 && strlen(words) + strlen(a->label) + 2 < sizeof words)
                snprintf(words + strlen(words), sizeof words - strlen(words), "%s%s", words[0] ? " " : "", a->label);
        }
    }
    title = strcmp(words, "Grid of Circles and Triangles") == 0;
    if (nxl != size + 1 || nyl != size + 1 || title != 1) {
        snprintf(msg, n, "%d + %d tick labels, %d titles for grid_size %d", nxl, nyl, title, size);
        return msg;
    }
    double xs[SCENE_GRID_MAX + 1], ys[SCENE_GRID_MAX + 1], w = 616.0 / size;
    const char *bad = scene_grid_plot_lines(sc, size, w, xs, ys, msg, n);
    if (bad)
        return bad;
    if (rec_int(s, "rows") != size || rec_int(s, "cols") != size)
        return "rows or cols is not grid_size";

    /* one shape per cell, inside it */
    char *used = xcalloc((size_t)cells, 1);
    const char *why = NULL;
    for (int i = 0; i < sc->nprims && !why; i++) {
        const prim *a = &sc->prims[i];
        if (a->object < 0)
            continue;
        /* the shape and half its outline (prim_bbox's box is wider: it allows for
         * miters and snapping that these shapes' joins do not reach) */
        double x0, y0, x1, y1, hw = a->stroke_width / 2;
        scene_grid_shape_box(sc, a, &x0, &y0, &x1, &y1);
        x0 -= hw, y0 -= hw, x1 += hw, y1 += hw;
        int c = scene_grid_slot(xs, size, (x0 + x1) / 2), r = scene_grid_slot(ys, size, (y0 + y1) / 2);
        double cl = 102 + c * w, ct = 96 + r * w, m = MIN_CLEAR_SHARE * w;
        if (c < 0 || r < 0 || x0 < cl + m || x1 > cl + w - m || y0 < ct + m || y1 > ct + w - m) {
            snprintf(msg, n, "shape %d is not inside one cell with %.0f%% of it to spare", a->object,
                     100 * MIN_CLEAR_SHARE);
            why = msg;
        } else if (used[r * size + c]++) {
            why = "two shapes in one cell";
        }
    }
    free(used);
    if (why)
        return why;

    /* the grid as the pixels show it */
    const canvas *cv = harness_render(sc);
    char *what = xcalloc((size_t)cells, 1);
    int ncirc = 0, ntri = 0;
    for (int r = 0; r < size && !why; r++)
        for (int c = 0; c < size && !why; c++) {
            double cx = (xs[c] + xs[c + 1]) / 2, cy = (ys[r] + ys[r + 1]) / 2, cw = xs[c + 1] - xs[c];
            rgb mid = canvas_pixel(cv, (int)cx, (int)cy);
            rgb ul = canvas_pixel(cv, (int)(xs[c] + 0.2 * cw), (int)(ys[r] + 0.2 * cw));
            rgb ur = canvas_pixel(cv, (int)(xs[c + 1] - 0.2 * cw), (int)(ys[r] + 0.2 * cw));
            if (near(mid, 0, 0, 255)) {
                what[r * size + c] = 'c';
                ncirc++;
            } else if (near(mid, 255, 0, 0) && near(ul, 255, 255, 255) && near(ur, 255, 255, 255)) {
                what[r * size + c] = 't';
                ntri++;
            } else if (!near(mid, 255, 255, 255)) {
                snprintf(msg, n, "cell row %d column %d reads as nothing known", r, c);
                why = msg;
            }
        }
    bool right = false;
    for (int r = 0; r < size; r++)
        for (int c = 0; c + 1 < size; c++)
            right |= what[r * size + c] == 't' && what[r * size + c + 1] == 'c';
    free(what);
    if (why)
        return why;
    int want_tri = p->level < cells - p->level ? p->level : cells - p->level;
    if (ncirc != p->level || rec_int(s, "circles") != ncirc || ntri != want_tri || rec_int(s, "triangles") != ntri) {
        snprintf(msg, n, "%d circles and %d triangles seen, record %d and %d, level %d", ncirc, ntri,
                 rec_int(s, "circles"), rec_int(s, "triangles"), p->level);
        return msg;
    }
    const cJSON *rv = cJSON_GetObjectItemCaseSensitive(s->record, "right");
    if (!cJSON_IsBool(rv) || cJSON_IsTrue(rv) != right) {
        snprintf(msg, n, "right is %s in the picture, the record says otherwise", right ? "true" : "false");
        return msg;
    }
    return NULL;
}

int main(void)
{
    int failed = harness_run("circle_right_triangle", check, NULL, 0) != 0;
    static const int sizes[] = {2, 3, 9, 15, 26};
    failed += grid_sweep("circle_right_triangle", check, sizes, 5, grid_levels_1_half_all, grid_file_by_index);
    const generator *g = generator_find("circle_right_triangle");
    char err[256];
    gen_params too_many = {.level = 10, .grid_size = 3};
    if (g->check_level(&too_many, err, sizeof err) == 0 || !strstr(err, "3x3 grid")) {
        printf("FAIL level 10 on a 3x3 grid is not refused clearly: '%s'\n", err);
        failed++;
    }
    return failed ? 1 : 0;
}
