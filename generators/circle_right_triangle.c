/* SPDX-License-Identifier: MIT */
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
#include "mplfig.h"
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
 * default patch width) are 1 pt black; ticks 0.8 pt wide and 3.5 pt long.  The
 * figure's geometry itself comes from mplfig.h (matplotlib's computations). */
#define PT (100.0 / 72.0)
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

/* matplotlib's default grid (ax.grid(True)): 0.8-pt lines in #b0b0b0. */
#define GRID_PT 0.8
#define GRID_GREY ((rgb){176, 176, 176})
/* The frame (spines) and the tick marks: 0.8 pt black; ticks 3.5 pt long. */
#define FRAME_PT 0.8

/* A tick mark as Line2D draws its marker: TICKDOWN or TICKLEFT, 3.5 pt by 0.8 pt
 * (butt caps), snapped, stamped by draw_markers at the pixel holding the tick's
 * place (x, y: draw_markers' coordinates, half a pixel added), not clipped. */
static void tick_mark(const mplfig *f, scene *s, double x, double y, bool down)
{
    double len = mplfig_pt(f, TICK_LENGTH / PT);
    point m[2] = {{0.0, 0.0}, {down ? 0.0 : -len, down ? len : 0.0}};
    prim *t = scene_polyline(s, m, 2, 0, RGB_BLACK);
    t->x = floor(x) + 0.5;
    t->y = floor(y) + 0.5;
    prim_mpl(t, mplfig_pt(f, FRAME_PT), RGB_BLACK, AGG_JOIN_ROUND, AGG_CAP_BUTT, AGG_SNAP_AUTO, false);
    t->mpl_marker = true;
    t->kind = "tick";
}

/* The axes as matplotlib draws them after the shapes (zorder 1): the x axis then
 * the y axis (1.5; each tick its grid line, its mark, its label), the cell
 * outlines (axhline, then axvline, 2), the spines (2.5: left, right, bottom,
 * top) and the title (3). */
static void draw_axes(const mplfig *f, scene *s, int size)
{
    double bottom = AXES_TOP + AXES_SIDE;
    char buf[16];
    for (int axis = 0; axis < 2; axis++)
        for (int k = 0; k <= size; k++) {
            prim *g = axis == 0 ? mplfig_axvline(f, s, k, GRID_PT, GRID_GREY) : mplfig_axhline(f, s, k, GRID_PT,
                                                                                               GRID_GREY);
            g->kind = "grid";
            /* the tick's one point through its blended transform, then Agg's flip
             * and half-pixel shift */
            if (axis == 0)
                tick_mark(f, s, (k * f->sx + f->tx) + 0.5, -(0.0 * f->ax_h + f->ax_y) + (f->height + 0.5), true);
            else
                tick_mark(f, s, (0.0 * f->ax_w + f->ax_x) + 0.5, -(k * f->sy + f->ty) + (f->height + 0.5), false);
            snprintf(buf, sizeof buf, "%d", k);
            prim *l = axis == 0 ? scene_mpl_text(s, AXES_LEFT + k * AXES_SIDE / size, bottom + TICK_PAD, TICK_PT, buf,
                                                 RGB_BLACK, FONT_DEJAVU, ALIGN_CENTER, ALIGN_TOP)
                                : scene_mpl_text(s, AXES_LEFT - TICK_PAD, bottom - k * AXES_SIDE / size, TICK_PT, buf,
                                                 RGB_BLACK, FONT_DEJAVU, ALIGN_RIGHT, ALIGN_CENTER_BASELINE);
            l->kind = "tick label";
        }
    for (int i = 0; i <= size; i++)
        mplfig_axhline(f, s, i, 1.0, RGB_BLACK)->kind = "line";
    for (int j = 0; j <= size; j++)
        mplfig_axvline(f, s, j, 1.0, RGB_BLACK)->kind = "line";
    /* the spines: the axes' edges from the low limit to the high one (y flipped) */
    double xl = mplfig_vertex(f, 0, 0).x, xr = mplfig_vertex(f, size, 0).x;
    double yb = mplfig_vertex(f, 0, 0).y, yt = mplfig_vertex(f, 0, size).y;
    point sp[4][2] = {{{xl, yb}, {xl, yt}}, {{xr, yb}, {xr, yt}}, {{xl, yb}, {xr, yb}}, {{xl, yt}, {xr, yt}}};
    for (int k = 0; k < 4; k++) {
        prim *e = scene_polyline(s, sp[k], 2, 0, RGB_BLACK);
        prim_mpl(e, mplfig_pt(f, FRAME_PT), RGB_BLACK, AGG_JOIN_MITER, AGG_CAP_SQUARE, AGG_SNAP_AUTO, false);
        e->kind = "frame";
    }
    prim *t = scene_mpl_text(s, AXES_LEFT + AXES_SIDE / 2, TITLE_BASELINE, TITLE_PT, TITLE, RGB_BLACK, FONT_DEJAVU,
                             ALIGN_CENTER, ALIGN_BASELINE);
    t->kind = "title";
}

/* The original's figure up to its shapes, in its own calls. */
static void describe_axes(scene *s, int size)
{
    scene_describe(s, "mpl figure w=8 h=8");
    mplfig_describe_unit_grid(s, size);
    for (int i = 0; i <= size; i++)
        scene_describe(s, "mpl axhline y=%d color=black lw=1 kind=line", i);
    for (int j = 0; j <= size; j++)
        scene_describe(s, "mpl axvline x=%d color=black lw=1 kind=line", j);
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
    describe_axes(s, size);
    mplfig f;
    mplfig_subplots(&f, 8, 8, 100);
    mplfig_limits(&f, 0, size, 0, size);
    mplfig_equal(&f);
    mplfig_whole(&f);
    mplfig_clip(&f, s);

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
    int obj = 0;
    for (int c = 0; c < cells; c++) {
        int row = c / size, col = c % size;
        prim *p;
        /* plt.Circle / plt.Polygon with color= and ec='black': the face in the
         * colour, a 1-pt black edge (the patch's default width), clipped to the
         * axes (add_artist) */
        if (what[c] == CIRCLE) {
            p = mplfig_circle(&f, s, col + 0.5, size - (row + 0.5), CIRCLE_R, BLUE, true, 1.0);
            p->kind = "circle";
            p->colour_name = "blue";
            scene_describe(s, "mpl circle %.17g %.17g 0.4 color=blue ec=black artist=True kind=circle", col + 0.5,
                           size - (row + 0.5));
        } else if (what[c] == TRIANGLE) {
            point tri[3] = {{col + 0.5, size - (row + 0.1)}, {col + 0.1, size - (row + 0.8)},
                            {col + 0.9, size - (row + 0.8)}};
            p = mplfig_polygon(&f, s, tri, 3, RED, true, 1.0);
            p->kind = "triangle";
            p->colour_name = "red";
            scene_describe(s, "mpl polygon %.17g,%.17g,%.17g,%.17g,%.17g,%.17g color=red ec=black artist=True "
                           "kind=triangle", tri[0].x, tri[0].y, tri[1].x, tri[1].y, tri[2].x, tri[2].y);
        } else {
            continue;
        }
        p->stroke = RGB_BLACK;
        p->object = obj++;
    }
    draw_axes(&f, s, size);
    scene_describe(s, "mpl aspect equal");
    scene_describe(s, "mpl title \"s=%s\"", TITLE);
    scene_describe(s, "mpl save");
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
