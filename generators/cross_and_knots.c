/* SPDX-License-Identifier: MIT */
/* cross_and_knots: a grid_size x grid_size grid drawn as the original's matplotlib
 * figure (640 x 480, a framed square of light grid lines, no ticks); k cells (k =
 * the level) hold a black "X", every other cell its own coordinates "(row,col)",
 * 0-based, in blue.  A safe cell is one with no X in it nor in any of the four
 * cells sharing an edge with it; the question asks for any one safe cell, or None.
 * Record (the original's fields and order): n = grid_size, crosses = k,
 * cross_positions = the X cells as [row, col] (0-based), gold_output = every safe
 * cell as [row, col], row by row.  See docs/tasks/cross_and_knots.md. */
#include "errors.h"
#include "font.h"
#include "generator.h"
#include "mplfig.h"
#include "util.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

/* The original's figure: matplotlib's default 6.4 x 4.8 in at 100 dpi, its default
 * subplot box (left 0.125, right 0.9, bottom 0.11, top 0.88) squared by the equal
 * aspect: a square of 369.6 px from x 143.2 and y 57.6. */
#define CANVAS_W 640
#define CANVAS_H 480
#define AXES_SIDE 369.6
/* 1 pt = 100/72 px.  Grid lines: matplotlib's default grid, 0.8 pt #b0b0b0; the
 * frame (spines): 0.8 pt black.  The geometry itself comes from mplfig.h
 * (matplotlib's computations). */
#define PT (100.0 / 72.0)
#define GRID_PT 0.8
#define FRAME_PT 0.8
#define GRID_GREY ((rgb){176, 176, 176})
/* Text in DejaVu Sans as matplotlib draws it (font.h contract 4): the X at 25 pt
 * in black, the coordinates at 8 pt in matplotlib's "blue", both centred on their
 * cell's middle (matplotlib's ha = va = center: the line box, descent included,
 * is centred).  On boards larger than the release's 6 x 6 the text shrinks, where
 * it must, to fit its cell (the original lets it spill over into the neighbours
 * from 9 x 9 on); on 6 x 6 the sizes are the original's. */
#define X_PT 25.0
#define LABEL_PT 8.0
#define FIT_SHARE 0.6
#define BLUE ((rgb){0, 0, 255})

/* Largest grid whose coordinates stay legible on the original's canvas: at 10 x 10
 * a cell is 37 px and "(9,9)" fits at 9 px; "(10,10)" in an 11 x 11 cell would
 * need 6 px text (the original prints them over its neighbours). */
#define MAX_GRID 10

static int check_level(const gen_params *p, char *err, size_t errlen)
{
    if (p->grid_size > MAX_GRID) {
        snprintf(err, errlen,
                 "cannot draw a %dx%d grid legibly on the original's 640x480 canvas (at most %dx%d: the cell "
                 "labels would not fit)",
                 p->grid_size, p->grid_size, MAX_GRID, MAX_GRID);
        return -1;
    }
    int cells = p->grid_size * p->grid_size;
    if (p->level > cells) {
        snprintf(err, errlen, "cannot place %d crosses in distinct cells of a %dx%d grid (%d cells)", p->level,
                 p->grid_size, p->grid_size, cells);
        return -1;
    }
    return 0;
}

/* A text size (pt) no larger than want whose ink fits share of the cell. */
static double fit(const char *text, double want, double cell)
{
    double x0, y0, x1, y1;
    font_mpl_ink(FONT_DEJAVU, want * PT, text, 0, 0, ALIGN_CENTER, ALIGN_CENTER, &x0, &y0, &x1, &y1);
    double k = fmin(1.0, FIT_SHARE * cell / fmax(x1 - x0, y1 - y0));
    return want * k;
}

static bool safe(const char *x, int size, int r, int c)
{
    static const int D[5][2] = {{0, 0}, {-1, 0}, {1, 0}, {0, -1}, {0, 1}};
    for (int k = 0; k < 5; k++) {
        int rr = r + D[k][0], cc = c + D[k][1];
        if (rr >= 0 && rr < size && cc >= 0 && cc < size && x[rr * size + cc])
            return false;
    }
    return true;
}

static int sample(gen_ctx *ctx)
{
    int k = ctx->p.level, size = ctx->p.grid_size, cells = size * size;
    char err[256];
    if (check_level(&ctx->p, err, sizeof err) != 0)
        return gen_fail(ctx, "%s", err);

    scene *s = ctx->img[0];
    scene_reset(s, CANVAS_W, CANVAS_H);
    double cell = AXES_SIDE / size; /* px, for the text fit */
    /* the original's figure in its own calls, then as matplotlib draws it: the
     * x axis's grid lines, the y axis's (its ticks and labels are off), the
     * spines (left, right, bottom, top), then the texts */
    scene_describe(s, "mpl figure");
    mplfig_describe_unit_grid(s, size);
    scene_describe(s, "mpl tickparams left=False bottom=False labelleft=False labelbottom=False");
    mplfig f;
    mplfig_subplots(&f, 6.4, 4.8, 100);
    mplfig_limits(&f, 0, size, 0, size);
    mplfig_equal(&f);
    mplfig_whole(&f);
    mplfig_clip(&f, s);
    for (int i = 0; i <= size; i++)
        mplfig_axvline(&f, s, i, GRID_PT, GRID_GREY)->kind = "grid";
    for (int i = 0; i <= size; i++)
        mplfig_axhline(&f, s, i, GRID_PT, GRID_GREY)->kind = "grid";
    double xl = mplfig_vertex(&f, 0, 0).x, xr = mplfig_vertex(&f, size, 0).x;
    double yb = mplfig_vertex(&f, 0, 0).y, yt = mplfig_vertex(&f, 0, size).y;
    point sp[4][2] = {{{xl, yb}, {xl, yt}}, {{xr, yb}, {xr, yt}}, {{xl, yb}, {xr, yb}}, {{xl, yt}, {xr, yt}}};
    for (int i = 0; i < 4; i++) {
        prim *e = scene_polyline(s, sp[i], 2, 0, RGB_BLACK);
        prim_mpl(e, mplfig_pt(&f, FRAME_PT), RGB_BLACK, AGG_JOIN_MITER, AGG_CAP_SQUARE, AGG_SNAP_AUTO, false);
        e->kind = "frame";
    }

    /* k distinct cells, uniformly (the original draws random cells into a set). */
    int *idx = xmalloc(sizeof *idx * (size_t)cells);
    char *x = xcalloc((size_t)cells, 1);
    for (int i = 0; i < cells; i++)
        idx[i] = i;
    for (int i = 0; i < k; i++) {
        int j = i + (int)rng_below(&ctx->rng, (uint32_t)(cells - i));
        int t = idx[i];
        idx[i] = idx[j];
        idx[j] = t;
        x[idx[i]] = 1;
    }
    cJSON *pos = cJSON_CreateArray();
    for (int i = 0; i < k; i++) {
        cJSON *pair = cJSON_CreateArray();
        cJSON_AddItemToArray(pair, cJSON_CreateNumber(idx[i] / size));
        cJSON_AddItemToArray(pair, cJSON_CreateNumber(idx[i] % size));
        cJSON_AddItemToArray(pos, pair);
    }

    char buf[16];
    snprintf(buf, sizeof buf, "(%d,%d)", size - 1, size - 1); /* the widest label */
    double xpt = fit("X", X_PT, cell), lpt = fit(buf, LABEL_PT, cell);
    int obj = 0;
    cJSON *gold = cJSON_CreateArray();
    for (int r = 0; r < size; r++)
        for (int c = 0; c < size; c++) {
            /* ax.text(c + 0.5, size - r - 0.5, ..., va='center', ha='center') */
            double tx = c + 0.5, ty = size - r - 0.5;
            prim *t;
            if (x[r * size + c]) {
                t = mplfig_text(&f, s, tx, ty, xpt, "X", RGB_BLACK, FONT_DEJAVU, ALIGN_CENTER, ALIGN_CENTER);
                t->kind = "cross";
                t->object = obj++;
                scene_describe(s, "mpl text %.17g %.17g s=X va=center ha=center fontsize=%.17g color=black kind=cross",
                               tx, ty, xpt);
            } else {
                snprintf(buf, sizeof buf, "(%d,%d)", r, c);
                t = mplfig_text(&f, s, tx, ty, lpt, buf, BLUE, FONT_DEJAVU, ALIGN_CENTER, ALIGN_CENTER);
                t->kind = "cell label";
                scene_describe(s, "mpl text %.17g %.17g \"s='%s'\" va=center ha=center fontsize=%.17g color=blue "
                               "kind=label", tx, ty, buf, lpt);
            }
            if (safe(x, size, r, c)) {
                cJSON *pair = cJSON_CreateArray();
                cJSON_AddItemToArray(pair, cJSON_CreateNumber(r));
                cJSON_AddItemToArray(pair, cJSON_CreateNumber(c));
                cJSON_AddItemToArray(gold, pair);
            }
        }
    scene_describe(s, "mpl aspect equal");
    scene_describe(s, "mpl save");
    free(idx);
    free(x);
    cJSON_AddNumberToObject(ctx->record, "n", size);
    cJSON_AddNumberToObject(ctx->record, "crosses", k);
    cJSON_AddItemToObject(ctx->record, "cross_positions", pos);
    cJSON_AddItemToObject(ctx->record, "gold_output", gold);
    return GEN_EXIT_OK;
}

static const gen_field fields[] = {{"n", FIELD_INT},
                                   {"crosses", FIELD_INT},
                                   {"cross_positions", FIELD_CELL_ARRAY},
                                   {"gold_output", FIELD_CELL_ARRAY},
                                   {NULL, 0}};

const generator gen_cross_and_knots = {
    .name = "cross_and_knots",
    .summary = "a grid with black X marks and labelled cells; name any one cell with no X in or beside it",
    .images = 1,
    .fields = fields,
    .level_field = "crosses",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .uses_grid_size = true,
    .input_prompt = "- The picture is a grid in which some cells hold a black X.\n"
                    "- Every other cell shows its own coordinates (x,y): x is the row and y the column, both "
                    "counted from 0.",
    .rules = "- Two cells are adjacent when they share a side.\n"
             "- Call a cell safe when it holds no X and no cell adjacent to it holds an X.\n"
             "- Give the coordinates of one safe cell, written as the grid labels it.\n"
             "- When no cell is safe, answer None.",
    .output_prompt = "- Make the last line of your answer only the coordinates (x,y) of the cell you chose, or "
                     "only None.",
    .answer = {.format = "(x,y) or None", .kind = ANSWER_CELL_PATH, .gold = {"gold_output"}, .axis = "crosses"},
    .check_level = check_level,
    .sample = sample,
};
