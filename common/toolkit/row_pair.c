/* SPDX-License-Identifier: MIT */
/* row_pair.c - two strips of n rows, one small blue shape per row (match_shadow,
 * match_outline).  See row_pair.h. */
#include "row_pair.h"

#include "errors.h"
#include "mplfig.h"

#include <math.h>
#include <stdio.h>

#define EDGE_PT 1.0 /* a patch's edge */
#define LINE_PT 1.5 /* a line */

enum { K_CIRCLE, K_TRIANGLE, K_SQUARE, K_PENTAGON, K_KINDS };
static const char *const KIND_NAME[K_KINDS] = {"circle", "triangle", "square", "pentagon"};
static const rgb BLUE = {0, 0, 255};

/* The original's figure for n rows: plt.subplots(figsize=(1, n + 1), dpi=100), x
 * 0..1, y -0.6..n-0.5, equal aspect, axes off, a tight box (mplfig.h). */
static mplfig figure(int n)
{
    mplfig f;
    mplfig_subplots(&f, 1, n + 1, 100);
    mplfig_limits(&f, 0, 1, -0.6, n - 0.5);
    mplfig_equal(&f);
    mplfig_tight(&f, NULL, 0);
    return f;
}

int row_pair_height(int n) { return figure(n).height; }

/* A shape of the original's in row data y: circle, triangle, square or
 * pentagon of "radius" 0.1 about x 0.5, upside down (a triangle or pentagon
 * pointing down) or not, filled in blue with a blue 1 pt edge or only outlined. */
static void draw_shape(const mplfig *f, scene *s, int kind, int y, bool down, bool filled, int row)
{
    const double r = 0.1, x = 0.5, g = down ? -1 : 1;
    prim *p;
    if (kind == K_CIRCLE) {
        p = mplfig_circle(f, s, x, y, r, BLUE, filled, EDGE_PT);
    } else if (kind == K_SQUARE) {
        p = mplfig_rectangle(f, s, x - r, y - r, 2 * r, 2 * r, BLUE, filled, EDGE_PT);
    } else if (kind == K_TRIANGLE) {
        point q[3] = {{x, y + g * r}, {x - r, y - g * r}, {x + r, y - g * r}};
        p = mplfig_polygon(f, s, q, 3, BLUE, filled, EDGE_PT);
    } else {
        point q[5] = {{x, y + g * r},
                      {x + 0.95 * r, y + g * (0.31 * r)},
                      {x + 0.59 * r, y - g * (0.81 * r)},
                      {x - 0.59 * r, y - g * (0.81 * r)},
                      {x - 0.95 * r, y + g * (0.31 * r)}};
        p = mplfig_polygon(f, s, q, 5, BLUE, filled, EDGE_PT);
    }
    p->kind = KIND_NAME[kind];
    p->colour_name = "blue";
    p->object = row;
    p->layer = down ? 1 : 0;
}

/* The strip in the original's calls (tests/same_scene.py). */
static void describe_strip(scene *s, int n, const int *kinds, bool down, bool filled)
{
    const char *paint = filled ? "color=blue" : "edgecolor=blue fill=False";
    const double r = 0.1, x = 0.5, f = down ? -1 : 1;
    scene_describe(s, "mpl figure w=1 h=%d dpi=100", n + 1);
    for (int i = 0; i < n; i++) {
        int y = n - i - 1;
        switch (kinds[i]) {
        case K_CIRCLE:
            scene_describe(s, "mpl circle %.17g %d %.17g %s kind=circle", x, y, r, paint);
            break;
        case K_SQUARE:
            scene_describe(s, "mpl rectangle %.17g %.17g %.17g %.17g %s kind=square", x - r, y - r, 2 * r, 2 * r, paint);
            break;
        case K_TRIANGLE:
            scene_describe(s, "mpl polygon %.17g,%.17g,%.17g,%.17g,%.17g,%.17g %s kind=triangle", x, y + f * r, x - r,
                           y - f * r, x + r, y - f * r, paint);
            break;
        default:
            scene_describe(s, "mpl polygon %.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g %s kind=pentagon",
                           x, y + f * r, x + 0.95 * r, y + f * (0.31 * r), x + 0.59 * r, y - f * (0.81 * r),
                           x - 0.59 * r, y - f * (0.81 * r), x - 0.95 * r, y + f * (0.31 * r), paint);
            break;
        }
        scene_describe(s, "mpl plot 0,1 %.17g,%.17g color=black kind=separator", y - 0.5, y - 0.5);
    }
    scene_describe(s, "mpl xlim 0 1");
    scene_describe(s, "mpl ylim -0.6 %.17g", n - 0.5);
    scene_describe(s, "mpl aspect equal");
    scene_describe(s, "mpl axis off");
    scene_describe(s, "mpl save tight");
}

static void draw_strip(scene *s, int n, const int *kinds, bool down, bool filled)
{
    mplfig f = figure(n);
    scene_reset(s, f.width, f.height);
    mplfig_clip(&f, s);
    describe_strip(s, n, kinds, down, filled);
    for (int i = 0; i < n; i++)
        draw_shape(&f, s, kinds[i], n - i - 1, down, filled, i);
    /* the 1.5-pt line under each row, data x 0..1, after every patch
     * (matplotlib's zorder) */
    for (int i = 0; i < n; i++) {
        prim *l = mplfig_plot(&f, s, 0, n - i - 1 - 0.5, 1, n - i - 1 - 0.5, LINE_PT, RGB_BLACK);
        l->kind = "separator";
        l->colour_name = "black";
    }
}

int row_pair_check_level(const gen_params *p, char *err, size_t errlen)
{
    if (p->level > ROW_PAIR_MAX_ROWS) {
        snprintf(err, errlen, "cannot draw %d rows: at most %d (a strip %d px tall)", p->level, ROW_PAIR_MAX_ROWS,
                 row_pair_height(ROW_PAIR_MAX_ROWS));
        return -1;
    }
    return 0;
}

int row_pair_sample(gen_ctx *ctx, row_style style)
{
    int n = ctx->p.level;
    if (n > ROW_PAIR_MAX_ROWS)
        return gen_fail(ctx, "cannot draw %d rows: at most %d", n, ROW_PAIR_MAX_ROWS);
    int k1[ROW_PAIR_MAX_ROWS], k2[ROW_PAIR_MAX_ROWS], same = 0;
    for (int i = 0; i < n; i++)
        k1[i] = (int)rng_below(&ctx->rng, K_KINDS);
    for (int i = 0; i < n; i++) {
        k2[i] = (int)rng_below(&ctx->rng, K_KINDS);
        same += k1[i] == k2[i];
    }
    draw_strip(ctx->img[0], n, k1, false, true);
    if (style == ROW_SHADOW)
        draw_strip(ctx->img[1], n, k2, true, true);
    else
        draw_strip(ctx->img[1], n, k2, false, false);
    cJSON_AddNumberToObject(ctx->record, "Gold_output", same);
    cJSON_AddNumberToObject(ctx->record, "Rows", n);
    return GEN_EXIT_OK;
}
