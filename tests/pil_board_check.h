/* SPDX-License-Identifier: MIT */
/* pil_board_check.h - what check_locate_circles_colour.c and
 * check_locate_circles_shape.c share: the full board of common/toolkit/pil_board.h
 * read back from the drawing, independently of pil_board.c.
 *
 *  1. pil_board_check() reads the board from its lines and labels (grid_scene.h)
 *     and requires the original's: grid_size rows and columns (the record's rows
 *     too), numbered 1.. in order, on a canvas grid_size * 100 + 80 px square.
 *     Every object must sit inside one cell with MIN_CLEAR_PX to spare, one per
 *     cell, no cell empty; the task's reader names what a cell shows from the
 *     rendered pixels (a code other than 0) or says why it cannot.  The cells whose
 *     code is the reader's target, named by the drawn labels as [row, column], must
 *     be exactly gold_output (a set, no repeats), as many as the level and
 *     n_circles.
 *  2. pil_board_main() runs that check on the harness's samples, on other
 *     --grid_size values (levels 1, half, all but one and all the cells), and asks
 *     that a level past a 3x3 board be refused, naming the board and the level.
 */
#ifndef GEN_TEST_PIL_BOARD_CHECK_H
#define GEN_TEST_PIL_BOARD_CHECK_H

#include "grid_scene.h"
#include "harness.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* Least white between a shape and its cell's lines (the generator keeps 4 px
 * past the 2-px line). */
#define MIN_CLEAR_PX 3.0

static inline bool pil_board_white(rgb a)
{
    return a.r > 235 && a.g > 235 && a.b > 235;
}

typedef struct pil_board_reader {
    const char *noun;       /* an object, in messages: "circle", "shape" */
    const char *targets;    /* the targets, in messages: "green circles" */
    const char *not_target; /* a gold cell that is no target: "is not green" */
    char target;            /* the code of a target cell */
    /* The object's box (x0, y0, x1, y1), or why it cannot be on the board. */
    const char *(*box)(const scene *sc, const prim *a, double box[4]);
    /* The code of what cell (row, col) shows (lines g->xs, g->ys), or 0 with *why
     * set (msg may hold it). */
    char (*read)(const prim *a, const canvas *cv, const scene_grid *g, int row, int col, char *msg, size_t n,
                 const char **why);
} pil_board_reader;

static const char *pil_board_check(const pil_board_reader *rd, const sample_out *s, const gen_params *p, char *msg,
                                   size_t n)
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
    char *code = xcalloc((size_t)cells, 1); /* 0: empty */
    const canvas *cv = harness_render(sc);
    for (int i = 0; i < sc->nprims && !why; i++) {
        const prim *a = &sc->prims[i];
        if (a->object < 0)
            continue;
        double box[4];
        int row, col;
        if ((why = rd->box(sc, a, box)) != NULL)
            break;
        if (scene_grid_cell(&g, box[0], box[1], box[2], box[3], MIN_CLEAR_PX + 1, &row, &col) != 0) {
            snprintf(msg, n, "%s %d is not inside one cell with %.0f px to spare", rd->noun, a->object, MIN_CLEAR_PX);
            why = msg;
            break;
        }
        if (code[row * size + col]) {
            snprintf(msg, n, "two %ss in one cell", rd->noun);
            why = msg;
            break;
        }
        code[row * size + col] = rd->read(a, cv, &g, row, col, msg, n, &why);
    }
    for (int c = 0; c < cells && !why; c++)
        if (!code[c])
            why = "an empty cell: the original fills the board";
    int ngold = 0, ntarget = 0;
    char *seen = xcalloc((size_t)cells, 1);
    for (int c = 0; c < cells; c++)
        ntarget += code[c] == rd->target;
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
        } else if (code[(r - 1) * size + c - 1] != rd->target) {
            snprintf(msg, n, "gold cell (%d,%d) %s", r, c, rd->not_target);
            why = msg;
        }
        ngold++;
    }
    if (!why && (ngold != ntarget || ntarget != p->level || rec_int(s, "n_circles") != p->level)) {
        snprintf(msg, n, "%d %s drawn, %d gold cells, n_circles %d, level %d", ntarget, rd->targets, ngold,
                 rec_int(s, "n_circles"), p->level);
        why = msg;
    }
    free(code);
    free(seen);
    return why;
}

static inline int pil_board_levels(int size, int *out, int max)
{
    (void)max;
    out[0] = 1;
    out[1] = size * size / 2 > 1 ? size * size / 2 : 2;
    out[2] = size * size - 1;
    out[3] = size * size;
    return 4;
}

static inline long pil_board_file(int size, int j, int level, long k)
{
    (void)j;
    return 100000L * size + 100L * level + k;
}

static inline int pil_board_main(const char *task, check_fn check)
{
    int failed = harness_run(task, check, NULL, 0) != 0;
    static const int sizes[] = {2, 3, 9, 15, 26};
    failed += grid_sweep(task, check, sizes, 5, pil_board_levels, pil_board_file);
    const generator *g = generator_find(task);
    char err[256];
    gen_params too_many = {.level = 10, .grid_size = 3};
    if (g->check_level(&too_many, err, sizeof err) == 0 || !strstr(err, "3x3 board") || !strstr(err, "10")) {
        printf("FAIL level 10 on a 3x3 board is not refused clearly: '%s'\n", err);
        failed++;
    }
    return failed ? 1 : 0;
}

#endif
