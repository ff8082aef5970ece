/* SPDX-License-Identifier: MIT */
/* comparing_size: a narrow column of n rows, each above a black line, each holding
 * a blue circle on the left and a green circle on the right of different sizes.
 * Record: Gold_output = ["Blue" | "Green", ...] (the colour of the larger circle of
 * each row, top row first); Rows = n.  See docs/tasks/comparing_size.md.
 *
 * The picture is the original's (Percept-V comparing_size): a matplotlib figure
 * 1 x (n+1) inches at 100 dpi, data x 0..1 and y -0.6..n-0.5 at equal aspect,
 * saved with a tight bounding box.  With the axis off that box is the axes box
 * (77.5 px per data unit, the width of 0.775 inch) padded by 10 px, so the canvas
 * is 97 px wide and floor(77.5 (n + 0.1) + 20) px tall, and the data units map to
 * pixels as below. */
#include "errors.h"
#include "generator.h"
#include "mplfig.h"
#include "rows.h"
#include "util.h"

#include <math.h>
#include <stdio.h>

/* The data below the lowest row's centre line: ylim starts at -0.6. */
#define Y_BOTTOM (-0.6)
/* The circles' centres, in data x (the original's 0.25 and 0.75). */
#define X_BLUE 0.25
#define X_GREEN 0.75
/* Radii in data units, uniform over this range, drawn again until they differ by
 * at least RADIUS_STEP: the original's ranges.  0.05 units is 3.9 px of radius,
 * 7.75 px of diameter and an area ratio of at least 1.78, so the larger circle of
 * every row is plain at the original's size (no scene is ever thrown away). */
#define RADIUS_MIN 0.05
#define RADIUS_MAX 0.2
#define RADIUS_STEP 0.05
/* Draws of a row's radii before giving up: each is kept with odds 4/9. */
#define RADIUS_TRIES 1000
/* matplotlib's default line width, 1.5 pt (2.08 px at 100 dpi). */
#define LINE_PT 1.5
/* A patch made with color= gets an edge of that colour too, matplotlib's default
 * patch line width 1 pt: each circle shows 0.69 px more radius than it is drawn. */
#define EDGE_PT 1.0
/* Tallest canvas gen draws (the original has no bound): 100 rows, 7777 px. */
#define MAX_ROWS 100

/* matplotlib's named colours 'blue' and 'green'. */
#define MPL_BLUE ((rgb){0, 0, 255})
#define MPL_GREEN ((rgb){0, 128, 0})

/* The original's figure for n rows: plt.subplots(figsize=(1, n + 1), dpi=100), x
 * 0..1, y -0.6..n-0.5, equal aspect, axes off, a tight box (mplfig.h). */
static mplfig figure(int n)
{
    mplfig f;
    mplfig_subplots(&f, 1, n + 1, 100);
    mplfig_limits(&f, 0, 1, Y_BOTTOM, n - 0.5);
    mplfig_equal(&f);
    mplfig_tight(&f, NULL, 0);
    return f;
}

static int canvas_height(int n) { return figure(n).height; }

static int check_level(const gen_params *p, char *err, size_t errlen)
{
    return rows_check_level(p, MAX_ROWS, canvas_height(MAX_ROWS), err, errlen);
}

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level;
    scene *s = ctx->img[0];
    char err[160];
    if (check_level(&ctx->p, err, sizeof err) != 0)
        return gen_fail(ctx, "%s", err);
    mplfig f = figure(n);
    scene_reset(s, f.width, f.height);
    mplfig_clip(&f, s);
    scene_describe(s, "mpl figure w=1 h=%d dpi=100", n + 1);
    cJSON *gold = cJSON_AddArrayToObject(ctx->record, "Gold_output");
    for (int i = 0; i < n; i++) {
        int y = n - i - 1; /* rows from the top down, as data y */
        double r1 = 0, r2 = 0;
        int t = 0;
        for (; t < RADIUS_TRIES; t++) {
            r1 = rng_uniform(&ctx->rng, RADIUS_MIN, RADIUS_MAX);
            r2 = rng_uniform(&ctx->rng, RADIUS_MIN, RADIUS_MAX);
            if (fabs(r1 - r2) >= RADIUS_STEP)
                break;
        }
        if (t == RADIUS_TRIES)
            return gen_fail(ctx, "cannot draw two radii %.2f apart in %d tries", RADIUS_STEP, RADIUS_TRIES);
        cJSON_AddItemToArray(gold, cJSON_CreateString(r1 > r2 ? "Blue" : "Green"));
        prim *p = mplfig_circle(&f, s, X_BLUE, y, r1, MPL_BLUE, true, EDGE_PT);
        p->kind = "circle";
        p->colour_name = "blue";
        p->object = i;
        p = mplfig_circle(&f, s, X_GREEN, y, r2, MPL_GREEN, true, EDGE_PT);
        p->kind = "circle";
        p->colour_name = "green";
        p->object = i;
        scene_describe(s, "mpl circle %.17g %d %.17g color=blue kind=circle", X_BLUE, y, r1);
        scene_describe(s, "mpl circle %.17g %d %.17g color=green kind=circle", X_GREEN, y, r2);
        scene_describe(s, "mpl plot 0,1 %.17g,%.17g color=black kind=line", y - 0.5, y - 0.5);
    }
    /* the line under each row, data x 0..1: matplotlib draws every line (zorder 2)
     * after every patch (zorder 1) */
    for (int i = 0; i < n; i++) {
        int y = n - i - 1;
        mplfig_plot(&f, s, 0, y - 0.5, 1, y - 0.5, LINE_PT, RGB_BLACK)->kind = "line";
    }
    scene_describe(s, "mpl xlim 0 1");
    scene_describe(s, "mpl ylim %.17g %.17g", Y_BOTTOM, n - 0.5);
    scene_describe(s, "mpl aspect equal");
    scene_describe(s, "mpl axis off");
    scene_describe(s, "mpl save tight");
    cJSON_AddNumberToObject(ctx->record, "Rows", n);
    return GEN_EXIT_OK;
}

static const gen_field fields[] = {{"Gold_output", FIELD_STRING_ARRAY}, {"Rows", FIELD_INT}, {NULL, 0}};

const generator gen_comparing_size = {
    .name = "comparing_size",
    .summary = "n rows of a blue and a green circle; say which is larger in each row",
    .images = 1,
    .fields = fields,
    .level_field = "Rows",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .input_prompt = "The image shows one or more rows stacked from top to bottom, each row standing on a "
                    "black horizontal line. Every row holds two filled circles of different sizes: a blue "
                    "one and a green one. There may be just one row.",
    .rules = "In each row, compare the two circles and decide which one is larger, the blue or the green.",
    .output_prompt = "The last line of your answer must be ANSWER: followed by the colour of the larger circle "
                     "of each row, Blue or Green, from the top row to the bottom row, separated by spaces, "
                     "for example ANSWER: Blue Green Blue",
    .answer = {.format = "ANSWER: Blue Green Blue", .kind = ANSWER_WORDS, .gold = {"Gold_output"}, .axis = "Rows"},
    .check_level = check_level,
    .sample = sample,
};
