/* SPDX-License-Identifier: MIT */
/* grid_scene.h - reads a labelled grid back from a scene, for the checks of grid
 * tasks (header-only; each check program includes it once).
 *
 * Contract:
 *  1. The grid is rebuilt from what is drawn, not from the generator's code: the
 *     cell lines are the 2-point polylines of kind "grid", the labels the text
 *     primitives of kind "axis label" above (columns) and left of (rows) the
 *     cells.  A cell is named by the label texts drawn over its column and beside
 *     its row, so a check compares answers with what a reader sees.
 *  2. scene_grid_read() returns NULL, or a message saying what is malformed
 *     (unequal cells, a missing or doubled label).
 *  3. scene_grid_cell() finds the one cell that holds a box with `clear` pixels to
 *     spare from every line of that cell.
 *  4. scene_grid_plot_lines() reads the lines alone of a matplotlib grid (no
 *     labels; kind "grid": matplotlib's grid lines as Line2D polylines, or boxes;
 *     matplotlib snaps each line to the pixel grid, so a cell may be a pixel off
 *     its width w): size + 1 each way, ascending.
 *  5. grid_sweep() checks samples at other --grid_size values than the harness's
 *     (grid_levels_1_half_all and grid_file_by_index: one plan of levels and
 *     file numbers).
 */
#ifndef GEN_TEST_GRID_SCENE_H
#define GEN_TEST_GRID_SCENE_H

#include "font.h"
#include "harness.h"
#include "scene.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SCENE_GRID_MAX 128

typedef struct scene_grid {
    int rows, cols;
    double xs[SCENE_GRID_MAX + 1], ys[SCENE_GRID_MAX + 1]; /* line positions, ascending */
    char col_label[SCENE_GRID_MAX][16], row_label[SCENE_GRID_MAX][16];
} scene_grid;

static inline int scene_grid_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Index k with v[k] < x < v[k + 1], or -1. */
static inline int scene_grid_slot(const double *v, int n, double x)
{
    for (int k = 0; k < n; k++)
        if (v[k] < x && x < v[k + 1])
            return k;
    return -1;
}

static inline const char *scene_grid_read(const scene *sc, scene_grid *g, char *msg, size_t n)
{
    int nx = 0, ny = 0;
    memset(g, 0, sizeof *g);
    for (int i = 0; i < sc->nprims; i++) {
        const prim *p = &sc->prims[i];
        if (!p->kind || strcmp(p->kind, "grid") != 0)
            continue;
        if (p->type != PRIM_POLYLINE || p->npts != 2)
            return "a grid primitive that is not a straight line";
        const point *q = prim_points(sc, p);
        if (q[0].x == q[1].x && nx <= SCENE_GRID_MAX)
            g->xs[nx++] = q[0].x;
        else if (q[0].y == q[1].y && ny <= SCENE_GRID_MAX)
            g->ys[ny++] = q[0].y;
        else
            return "a grid line that is neither vertical nor horizontal, or too many lines";
    }
    if (nx < 2 || ny < 2)
        return "fewer than two grid lines across or down";
    qsort(g->xs, (size_t)nx, sizeof g->xs[0], scene_grid_cmp);
    qsort(g->ys, (size_t)ny, sizeof g->ys[0], scene_grid_cmp);
    g->cols = nx - 1;
    g->rows = ny - 1;
    double w = g->xs[1] - g->xs[0];
    for (int k = 1; k < nx; k++)
        if (fabs(g->xs[k] - g->xs[k - 1] - w) > 1e-6)
            return "columns of unequal width";
    for (int k = 1; k < ny; k++)
        if (fabs(g->ys[k] - g->ys[k - 1] - w) > 1e-6)
            return "cells that are not squares of one size";
    for (int i = 0; i < sc->nprims; i++) {
        const prim *p = &sc->prims[i];
        if (!p->kind || strcmp(p->kind, "axis label") != 0)
            continue;
        int k;
        if (p->type != PRIM_TEXT)
            return "an axis label that is not text";
        if (p->y < g->ys[0] && (k = scene_grid_slot(g->xs, g->cols, p->x)) >= 0) {
            if (g->col_label[k][0])
                return "two labels over one column";
            snprintf(g->col_label[k], sizeof g->col_label[k], "%s", p->label);
        } else if (p->x < g->xs[0] && (k = scene_grid_slot(g->ys, g->rows, p->y)) >= 0) {
            if (g->row_label[k][0])
                return "two labels beside one row";
            snprintf(g->row_label[k], sizeof g->row_label[k], "%s", p->label);
        } else {
            snprintf(msg, n, "axis label '%s' is neither over a column nor beside a row", p->label);
            return msg;
        }
    }
    for (int k = 0; k < g->cols; k++)
        if (!g->col_label[k][0])
            return "a column without a label";
    for (int k = 0; k < g->rows; k++)
        if (!g->row_label[k][0])
            return "a row without a label";
    return NULL;
}

/* The cell holding the box x0..x1, y0..y1 with `clear` px to spare from its lines:
 * returns 0 and sets row, col; -1 when the box is in no single cell. */
static inline int scene_grid_cell(const scene_grid *g, double x0, double y0, double x1, double y1, double clear,
                                  int *row, int *col)
{
    int c = scene_grid_slot(g->xs, g->cols, (x0 + x1) / 2), r = scene_grid_slot(g->ys, g->rows, (y0 + y1) / 2);
    if (c < 0 || r < 0)
        return -1;
    if (x0 < g->xs[c] + clear || x1 > g->xs[c + 1] - clear || y0 < g->ys[r] + clear || y1 > g->ys[r + 1] - clear)
        return -1;
    *row = r;
    *col = c;
    return 0;
}

/* The box of a circle or polygon primitive (its geometry, no stroke). */
static inline void scene_grid_shape_box(const scene *sc, const prim *p, double *x0, double *y0, double *x1, double *y1)
{
    if (p->type == PRIM_CIRCLE) {
        *x0 = p->x - p->r, *x1 = p->x + p->r, *y0 = p->y - p->r, *y1 = p->y + p->r;
        return;
    }
    const point *q = prim_points(sc, p);
    *x0 = *y0 = INFINITY;
    *x1 = *y1 = -INFINITY;
    for (int k = 0; k < p->npts; k++) {
        *x0 = fmin(*x0, q[k].x), *x1 = fmax(*x1, q[k].x);
        *y0 = fmin(*y0, q[k].y), *y1 = fmax(*y1, q[k].y);
    }
}

/* The lines of kind "grid" of a plot grid of size x size cells, each w px within
 * a pixel: xs and ys (size + 1 each) ascending.  NULL, or what is wrong. */
static inline const char *scene_grid_plot_lines(const scene *sc, int size, double w, double *xs, double *ys, char *msg,
                                                size_t n)
{
    int nx = 0, ny = 0;
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (!a->kind || strcmp(a->kind, "grid") != 0)
            continue;
        /* a line is a matplotlib Line2D (a 2-point EDGES_MPL polyline: where it
         * runs before Agg snaps it) or a thin upright box (EDGES_AGG: its middle
         * across) */
        double ax0, ay0, ax1, ay1;
        if (a->type == PRIM_POLYLINE && a->npts == 2) {
            const point *q = prim_points(sc, a);
            ax0 = q[0].x, ay0 = q[0].y, ax1 = q[1].x, ay1 = q[1].y;
        } else if (a->type == PRIM_RECT && a->angle == 0) {
            ax0 = ax1 = a->x + a->w / 2, ay0 = a->y, ay1 = a->y + a->h;
            if (a->h < a->w)
                ax0 = a->x, ax1 = a->x + a->w, ay0 = ay1 = a->y + a->h / 2;
        } else {
            return "a grid line that is neither a straight line nor an upright box";
        }
        if (ax0 == ax1 && ay0 != ay1 && nx <= size)
            xs[nx++] = ax0;
        else if (ay0 == ay1 && ax0 != ax1 && ny <= size)
            ys[ny++] = ay0;
        else
            return "a grid line that is neither vertical nor horizontal, or too many";
    }
    if (nx != size + 1 || ny != size + 1) {
        snprintf(msg, n, "%d x %d grid lines for grid_size %d", nx, ny, size);
        return msg;
    }
    qsort(xs, (size_t)nx, sizeof xs[0], scene_grid_cmp);
    qsort(ys, (size_t)ny, sizeof ys[0], scene_grid_cmp);
    for (int k = 1; k <= size; k++)
        if (fabs(xs[k] - xs[k - 1] - w) > 1.01 || fabs(ys[k] - ys[k - 1] - w) > 1.01)
            return "cells of unequal size";
    return NULL;
}

/* Runs check over samples at other --grid_size values than the harness's 6:
 * for each size, levels(size, out, max) lists the levels to try, and file(size, j,
 * level, k) numbers the k-th of the 3 samples of the j-th of them (each checker
 * keeps the samples it has always swept).  Prints each failure and a summary
 * line; returns the number of failures. */
typedef int (*grid_sweep_levels)(int grid_size, int *out, int max);
typedef long (*grid_sweep_file)(int grid_size, int j, int level, long k);

/* Levels 1, half and all the cells; the k-th sample of the j-th level is file
 * 1000 size + 10 j + k. */
static inline int grid_levels_1_half_all(int size, int *out, int max)
{
    (void)max;
    out[0] = 1;
    out[1] = size * size / 2;
    out[2] = size * size;
    return 3;
}

static inline long grid_file_by_index(int size, int j, int level, long k)
{
    (void)level;
    return 1000L * size + 10 * j + k;
}

static inline int grid_sweep(const char *task, check_fn check, const int *sizes, int nsizes, grid_sweep_levels levels,
                             grid_sweep_file file)
{
    char err[512], msg[1024];
    const generator *g = generator_find(task);
    if (!g || font_init(err, sizeof err) != 0) {
        printf("grid sweep: no task '%s' or no font\n", task);
        return 1;
    }
    sample_out s;
    sample_out_init(&s);
    int passed = 0, failed = 0;
    for (int i = 0; i < nsizes; i++) {
        int lv[16];
        int nl = levels(sizes[i], lv, 16);
        for (int j = 0; j < nl; j++)
            for (long k = 0; k < 3; k++) {
                gen_params p = {.level = lv[j], .grid_size = sizes[i], .file = file(sizes[i], j, lv[j], k)};
                const char *why = NULL;
                if (make_sample(g, HARNESS_SEED, &p, &s) != 0)
                    why = s.err;
                else
                    why = check(&s, &p, msg, sizeof msg);
                if (why) {
                    printf("FAIL %s grid_size %d level %d file %ld: %s\n", task, sizes[i], lv[j], p.file, why);
                    failed++;
                } else {
                    passed++;
                }
            }
    }
    sample_out_free(&s);
    font_done();
    printf("%s other grid sizes: %d passed, %d failed\n", task, passed, failed);
    return failed;
}

#endif
