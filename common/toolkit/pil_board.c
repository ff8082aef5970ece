/* SPDX-License-Identifier: MIT */
#include "pil_board.h"

#include "errors.h"
#include "font.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>

/* The original's board (PIL): 100-px cells, a 40-px margin on every side, so the
 * canvas is grid_size * 100 + 80 px square (680 x 680 at the release's 6). */
#define CELL 100.0
#define MARGIN 40.0
/* Every shape fills its cell but 5 px on each side: 91 px across (PIL's inclusive
 * box from +5 to -5), centred on the cell. */
#define INSET 5.0
/* Black lines, 2 px wide; PIL puts a 2-px line drawn at x on pixels x and x+1. */
#define LINE_WIDTH 2.0
/* Labels: the original's Arial at 20 px (the bundled Liberation Sans, drawn as
 * Pillow draws it: font.h contract 5), black, the default anchor "la"; a column's
 * number at y = MARGIN // 2, centred across its cell by the width textbbox
 * gives it, a row's at x = MARGIN // 2, centred down its cell by its height. */
#define FONT_PX 20
/* PIL's "green": the circles asked about. */
#define GREEN ((rgb){0, 128, 0})
/* The board as the original draws it: each vertical line with its column's
 * number, then each horizontal line with its row's. */
static void draw_board(scene *s, int size)
{
    int side = (int)(size * CELL + 2 * MARGIN);
    scene_reset(s, side, side);
    scene_describe(s, "pil image %d %d", side, side);
    /* Pillow's 2-px line from MARGIN to the far side's line covers both ends'
     * pixels: MARGIN .. MARGIN + size * CELL */
    double end = MARGIN + size * CELL + 1;
    char buf[16];
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i <= size; i++) {
            double at = MARGIN + i * CELL + LINE_WIDTH / 2;
            int pos = (int)(MARGIN + i * CELL), far = side - (int)MARGIN;
            prim *l = pass == 0 ? scene_line(s, at, MARGIN, at, end, LINE_WIDTH, RGB_BLACK)
                                : scene_line(s, MARGIN, at, end, at, LINE_WIDTH, RGB_BLACK);
            l->edges = EDGES_HARD; /* Pillow draws it without antialiasing */
            l->kind = "grid";
            if (pass == 0)
                scene_describe(s, "pil line %d,%d,%d,%d fill=black width=2 kind=grid", pos, (int)MARGIN, pos, far);
            else
                scene_describe(s, "pil line %d,%d,%d,%d fill=black width=2 kind=grid", (int)MARGIN, pos, far, pos);
            if (i == size)
                continue;
            snprintf(buf, sizeof buf, "%d", i + 1);
            int x0, y0, x1, y1;
            font_pil_bbox(FONT_PX, buf, ALIGN_LEFT, ALIGN_TOP, &x0, &y0, &x1, &y1);
            int tx = pass == 0 ? pos + ((int)CELL - (x1 - x0)) / 2 : (int)MARGIN / 2;
            int ty = pass == 0 ? (int)MARGIN / 2 : pos + ((int)CELL - (y1 - y0)) / 2;
            prim *t = scene_pil_text(s, tx, ty, FONT_PX, buf, RGB_BLACK, ALIGN_LEFT, ALIGN_TOP);
            t->kind = "axis label";
            scene_describe(s, "pil text %d %d s=%s fill=black size=%d kind=label", tx, ty, buf, FONT_PX);
        }
}

/* The original's box for a cell's shape (corners inclusive), described. */
static void describe_shape(scene *s, const prim *p, int size, int cell)
{
    int row = cell / size, col = cell % size;
    int x0 = (int)(MARGIN + col * CELL + INSET), y0 = (int)(MARGIN + row * CELL + INSET);
    int x1 = (int)(MARGIN + (col + 1) * CELL - INSET), y1 = (int)(MARGIN + (row + 1) * CELL - INSET);
    const char *kind = p->kind ? p->kind : "shape";
    if (p->type == PRIM_POLYGON)
        scene_describe(s, "pil polygon %d,%d,%d,%d,%.17g,%d fill=(%d,%d,%d) kind=%s", x0, y0, x1, y0, (x0 + x1) / 2.0,
                       y1, p->fill.r, p->fill.g, p->fill.b, kind);
    else
        scene_describe(s, "pil %s %d %d %d %d fill=(%d,%d,%d) kind=%s", p->type == PRIM_CIRCLE ? "ellipse" : "rectangle",
                       x0, y0, x1, y1, p->fill.r, p->fill.g, p->fill.b, kind);
}

static void cell_box(int size, int cell, double *x0, double *y0, double *box)
{
    int row = cell / size, col = cell % size;
    *x0 = MARGIN + col * CELL + INSET;
    *y0 = MARGIN + row * CELL + INSET;
    *box = CELL - 2 * INSET + 1; /* PIL's inclusive box: 91 px */
}

/* n distinct cells in a random order, a circle of `colour` in each, marked in
 * is_target; returns their [row, column] pairs, 1-based, in that order. */
static cJSON *draw_targets(scene *s, rng *r, int size, int n, rgb colour, const char *colour_name, char *is_target)
{
    int cells = size * size;
    int *idx = xmalloc(sizeof *idx * (size_t)cells);
    for (int i = 0; i < cells; i++)
        idx[i] = i;
    for (int i = 0; i < n; i++) {
        int j = i + (int)rng_below(r, (uint32_t)(cells - i));
        int t = idx[i];
        idx[i] = idx[j];
        idx[j] = t;
        is_target[idx[i]] = 1;
    }
    cJSON *gold = cJSON_CreateArray();
    for (int i = 0; i < n; i++) {
        double x0, y0, box;
        cell_box(size, idx[i], &x0, &y0, &box);
        prim *p = scene_circle(s, x0 + box / 2, y0 + box / 2, box / 2, colour);
        p->edges = EDGES_PILLOW; /* Pillow's own pixels for the original's box (pil_raster.h) */
        p->kind = "circle";
        p->colour_name = colour_name;
        p->object = i;
        describe_shape(s, p, size, idx[i]);
        cJSON *pair = cJSON_CreateArray();
        cJSON_AddItemToArray(pair, cJSON_CreateNumber(idx[i] / size + 1));
        cJSON_AddItemToArray(pair, cJSON_CreateNumber(idx[i] % size + 1));
        cJSON_AddItemToArray(gold, pair);
    }
    free(idx);
    return gold;
}

int pil_board_check_level(const gen_params *p, const char *what, char *err, size_t errlen)
{
    int cells = p->grid_size * p->grid_size;
    if (p->level > cells) {
        snprintf(err, errlen, "cannot place %d %s in distinct cells of a %dx%d board (%d cells)", p->level, what,
                 p->grid_size, p->grid_size, cells);
        return -1;
    }
    return 0;
}

const gen_field PIL_BOARD_FIELDS[] = {
    {"rows", FIELD_INT}, {"n_circles", FIELD_INT}, {"gold_output", FIELD_CELL_ARRAY}, {NULL, 0}};

int pil_board_sample(gen_ctx *ctx, const char *what, const char *stream, pil_board_other other)
{
    int n = ctx->p.level, size = ctx->p.grid_size, cells = size * size;
    char err[256];
    if (pil_board_check_level(&ctx->p, what, err, sizeof err) != 0)
        return gen_fail(ctx, "%s", err);

    scene *s = ctx->img[0];
    draw_board(s, size);
    char *is_target = xcalloc((size_t)cells, 1);
    cJSON *gold = draw_targets(s, &ctx->rng, size, n, GREEN, "green", is_target);
    rng r;
    gen_stream(ctx, stream, &r);
    int obj = n;
    for (int c = 0; c < cells; c++) {
        if (is_target[c])
            continue;
        double x0, y0, box;
        cell_box(size, c, &x0, &y0, &box);
        prim *p = other(s, &r, x0, y0, box);
        p->object = obj++;
        describe_shape(s, p, size, c);
    }
    scene_describe(s, "pil save");
    free(is_target);
    cJSON_AddNumberToObject(ctx->record, "rows", size);
    cJSON_AddNumberToObject(ctx->record, "n_circles", n);
    cJSON_AddItemToObject(ctx->record, "gold_output", gold);
    return GEN_EXIT_OK;
}
