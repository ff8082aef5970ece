/* circle_right_triangle: a grid_size x grid_size grid drawn as the original's
 * matplotlib figure (800 x 800, axes with ticks 0..grid_size and a title); n cells
 * (n = the level) hold a blue circle and min(n, cells - n) others a red triangle,
 * point up.  The question: does some triangle have a circle in the cell
 * immediately to its right?  Record (the original's fields and order): rows,
 * cols (= grid_size), circles = n, triangles, right (a bool).
 * See docs/tasks/circle_right_triangle.md. */
#include "errors.h"
#include "font.h"
#include "generator.h"
#include "util.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The original's figure: 8 x 8 in at 100 dpi, matplotlib's default subplot box
 * (left 0.125, right 0.9, bottom 0.11, top 0.88) squared by the equal aspect:
 * the axes fill x 102..718 and y 96..712, 616 px for grid_size cells. */
#define CANVAS 800
#define AXES_LEFT 102.0
#define AXES_TOP 96.0
#define AXES_SIDE 616.0
/* 1 pt = 100/72 px. Cell lines (axhline/axvline lw=1) and shape outlines (the
 * default patch width) are 1 pt black; ticks 0.8 pt wide and 3.5 pt long. */
#define PT (100.0 / 72.0)
#define LINE_WIDTH (1.0 * PT)
#define TICK_WIDTH (0.8 * PT)
#define TICK_LENGTH (3.5 * PT)
/* Text in DejaVu Sans as matplotlib draws it (font.h contract 4): the title at
 * 12 pt centred over the axes with its baseline 6 pt above them; tick labels at
 * 10 pt, 7 pt (tick 3.5 + pad 3.5) out from the axes, x labels centred under
 * their tick and hanging from that line, y labels ending there, centred on their
 * tick's line (matplotlib's ha/va: center/top and right/center_baseline). */
#define TITLE "Grid of Circles and Triangles"
#define TITLE_PT 12.0
#define TITLE_BASELINE (AXES_TOP - 6.0 * PT)
#define TICK_PT 10.0
#define TICK_PAD (7.0 * PT)
/* Shapes in data units of one cell: a circle of radius 0.4 at the middle; a
 * triangle with its apex 0.1 below the cell's top and its base 0.8 below it, from
 * 0.1 to 0.9 across.  matplotlib's "blue" and "red". */
#define CIRCLE_R 0.4
#define BLUE ((rgb){0, 0, 255})
#define RED ((rgb){255, 0, 0})

enum { EMPTY, CIRCLE, TRIANGLE };

static int check_level(const gen_params *p, char *err, size_t errlen)
{
    int cells = p->grid_size * p->grid_size;
    if (p->level > cells) {
        snprintf(err, errlen, "cannot place %d circles in distinct cells of a %dx%d grid (%d cells)", p->level,
                 p->grid_size, p->grid_size, cells);
        return -1;
    }
    return 0;
}

/* Where matplotlib's pixel snapping puts a 1-pt line at coordinate v: the centre
 * of the pixel v rounds to (measured: lines at 102, 205, 307, 410... for 6 cells). */
static double snap(double v)
{
    return floor(v + 0.5) + 0.5;
}

static void draw_axes(scene *s, int size)
{
    double cell = AXES_SIDE / size, right = AXES_LEFT + AXES_SIDE, bottom = AXES_TOP + AXES_SIDE;
    char buf[16];
    for (int k = 0; k <= size; k++) {
        double x = snap(AXES_LEFT + k * cell), y = snap(AXES_TOP + k * cell);
        /* Agg's coverage of the snapped 1-pt lines (EDGES_AGG) */
        const double lw = LINE_WIDTH / 2, tw = TICK_WIDTH / 2;
        prim *v = scene_agg_box(s, x - lw, AXES_TOP, x + lw, bottom + 1, RGB_BLACK);
        v->kind = "grid";
        prim *h = scene_agg_box(s, AXES_LEFT, y - lw, right + 1, y + lw, RGB_BLACK);
        h->kind = "grid";
        /* ticks and their labels count data units: x from the left, y from the bottom */
        double ty = snap(bottom - k * cell);
        /* a tick is a marker: on the pixel nearest its place, its length snapped
         * to whole pixels */
        double tl = floor(TICK_LENGTH + 0.5);
        prim *tx = scene_agg_box(s, x - tw, snap(bottom), x + tw, snap(bottom) + tl, RGB_BLACK);
        tx->kind = "tick";
        prim *tyk = scene_agg_box(s, snap(AXES_LEFT) - tl, ty - tw, snap(AXES_LEFT), ty + tw, RGB_BLACK);
        tyk->kind = "tick";
        snprintf(buf, sizeof buf, "%d", k);
        prim *lx = scene_mpl_text(s, AXES_LEFT + k * cell, bottom + TICK_PAD, TICK_PT, buf, RGB_BLACK, FONT_DEJAVU,
                                  ALIGN_CENTER, ALIGN_TOP);
        lx->kind = "tick label";
        prim *ly = scene_mpl_text(s, AXES_LEFT - TICK_PAD, bottom - k * cell, TICK_PT, buf, RGB_BLACK, FONT_DEJAVU,
                                  ALIGN_RIGHT, ALIGN_CENTER_BASELINE);
        ly->kind = "tick label";
    }
    prim *t = scene_mpl_text(s, AXES_LEFT + AXES_SIDE / 2, TITLE_BASELINE, TITLE_PT, TITLE, RGB_BLACK, FONT_DEJAVU,
                             ALIGN_CENTER, ALIGN_BASELINE);
    t->kind = "title";
}

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level, size = ctx->p.grid_size, cells = size * size;
    char err[256];
    if (check_level(&ctx->p, err, sizeof err) != 0)
        return gen_fail(ctx, "%s", err);
    int ntri = n < cells - n ? n : cells - n;

    scene *s = ctx->img[0];
    scene_reset(s, CANVAS, CANVAS);
    draw_axes(s, size);

    /* Triangles first on distinct random cells, then the circles on a random
     * sample of the cells left (the original's order of drawing): the first
     * ntri cells of a partial shuffle hold triangles, the next n circles. */
    int *idx = xmalloc(sizeof *idx * (size_t)cells);
    char *what = xcalloc((size_t)cells, 1);
    for (int i = 0; i < cells; i++)
        idx[i] = i;
    for (int i = 0; i < ntri + n; i++) {
        int j = i + (int)rng_below(&ctx->rng, (uint32_t)(cells - i));
        int t = idx[i];
        idx[i] = idx[j];
        idx[j] = t;
        what[idx[i]] = i < ntri ? TRIANGLE : CIRCLE;
    }
    double cell = AXES_SIDE / size;
    int obj = 0;
    for (int c = 0; c < cells; c++) {
        int row = c / size, col = c % size;
        double x0 = AXES_LEFT + col * cell, y0 = AXES_TOP + row * cell;
        prim *p;
        if (what[c] == CIRCLE) {
            p = scene_circle(s, x0 + 0.5 * cell, y0 + 0.5 * cell, CIRCLE_R * cell, BLUE);
            p->kind = "circle";
            p->colour_name = "blue";
        } else if (what[c] == TRIANGLE) {
            point tri[3] = {{x0 + 0.5 * cell, y0 + 0.1 * cell}, {x0 + 0.1 * cell, y0 + 0.8 * cell},
                            {x0 + 0.9 * cell, y0 + 0.8 * cell}};
            p = scene_polygon(s, tri, 3, RED);
            p->kind = "triangle";
            p->colour_name = "red";
        } else {
            continue;
        }
        p->stroke_width = LINE_WIDTH;
        p->stroke = RGB_BLACK;
        p->object = obj++;
    }
    bool right = false;
    for (int c = 0; c < cells; c++)
        if (c % size < size - 1 && what[c] == TRIANGLE && what[c + 1] == CIRCLE)
            right = true;
    free(idx);
    free(what);
    cJSON_AddNumberToObject(ctx->record, "rows", size);
    cJSON_AddNumberToObject(ctx->record, "cols", size);
    cJSON_AddNumberToObject(ctx->record, "circles", n);
    cJSON_AddNumberToObject(ctx->record, "triangles", ntri);
    cJSON_AddBoolToObject(ctx->record, "right", right);
    return GEN_EXIT_OK;
}

static const gen_field fields[] = {{"rows", FIELD_INT},      {"cols", FIELD_INT},  {"circles", FIELD_INT},
                                   {"triangles", FIELD_INT}, {"right", FIELD_BOOL}, {NULL, 0}};

const generator gen_circle_right_triangle = {
    .name = "circle_right_triangle",
    .summary = "circles and triangles on a grid; does some triangle have a circle in the cell just to its right?",
    .images = 1,
    .fields = fields,
    .level_field = "circles",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .uses_grid_size = true,
    .input_prompt = "- The picture is a grid of cells; some cells hold a circle, some a triangle, the rest nothing.",
    .rules = "- Look for a cell holding a triangle whose next cell to the right, in the same row, holds a circle.",
    .output_prompt = "- End your answer with a line that is just \"YES\" if there is such a triangle and just \"NO\" "
                     "if there is none.",
    .answer = {.format = "YES/NO", .kind = ANSWER_WORDS, .gold = {"right"}, .axis = "circles"},
    .check_level = check_level,
    .sample = sample,
};
