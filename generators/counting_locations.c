/* SPDX-License-Identifier: MIT */
/* counting_locations: a brown bar across a 500x300 white canvas, n circles above
 * it and n below, as the original Percept-V script draws them.  Record:
 * num_objects_over_table = num_objects_under_table = n (the original's prior).
 * See docs/tasks/counting_locations.md. */
#include "errors.h"
#include "generator.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>

/* The original's canvas, bar and circles (Pillow, whole pixels).  Pillow fills
 * the pixels x0..x1 of a box [x0, x1], so a box becomes the continuous span
 * x0 .. x1 + 1: the bar [10, 140, 490, 160] is 481x21 px, and a circle's box
 * [x, x + 30] is a disc of radius 15.5 centred at x + 15.5. */
#define CANVAS_W 500
#define CANVAS_H 300
#define BAR_X0 10
#define BAR_Y0 140
#define BAR_X1 490
#define BAR_Y1 160
#define DIAMETER 30
/* Box top-left corners: above the bar x 10..470, y 0..100; below it y 170..260. */
#define X_MIN 10
#define X_MAX (CANVAS_W - 30)
#define ABOVE_Y_MIN 0
#define ABOVE_Y_MAX (BAR_Y0 - 40)
#define BELOW_Y_MIN (BAR_Y1 + 10)
#define BELOW_Y_MAX (CANVAS_H - 40)
/* Two circles' corners differ by at least this in x or in y (the original's
 * rule): circles 31 px across keep at least 4 px of white, so no scene needs to
 * be thrown away. */
#define SPACING 35
/* Corner draws for one scene before it starts again: the original tries for ever
 * and can jam (it hung once in ~150 level-20 images, measured). */
#define PLACE_TRIES 20000
#define SCENE_TRIES 50
/* The most circles on each side: 26 place in 60 ms an image (measured, 100
 * images), 28 in 0.3 s, 30 spend the budget (figures before PLACE_TRIES
 * was cut to 20,000: 26 now takes 2 ms). */
#define MAX_SIDE 26

static const struct {
    const char *name;
    rgb value;
} COLOURS[] = {{"red", {255, 0, 0}}, {"blue", {0, 0, 255}}, {"green", {0, 128, 0}}, {"yellow", {255, 255, 0}}};
static const rgb BROWN = {165, 42, 42}; /* Pillow's "brown" */

/* The original's placement: the first n circles above the bar, the next n below,
 * each corner drawn again until it is SPACING clear of every placed corner. */
static bool draw_scene(rng *r, int n, int *px, int *py)
{
    int placed = 0;
    for (int tries = 0; placed < 2 * n; tries++) {
        if (tries == PLACE_TRIES)
            return false;
        bool above = placed < n;
        int x = rng_int(r, X_MIN, X_MAX);
        int y = above ? rng_int(r, ABOVE_Y_MIN, ABOVE_Y_MAX) : rng_int(r, BELOW_Y_MIN, BELOW_Y_MAX);
        bool clear = true;
        for (int j = 0; j < placed && clear; j++)
            clear = !(abs(x - px[j]) < SPACING && abs(y - py[j]) < SPACING);
        if (clear) {
            px[placed] = x;
            py[placed] = y;
            placed++;
        }
    }
    return true;
}

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level;
    scene *s = ctx->img[0];
    scene_reset(s, CANVAS_W, CANVAS_H);
    int px[2 * MAX_SIDE], py[2 * MAX_SIDE];
    for (int scenes = 0;; scenes++) {
        if (scenes == SCENE_TRIES)
            return gen_fail(ctx, "cannot place %d circles above and %d below the bar on a %dx%d canvas (%d tries)", n,
                            n, CANVAS_W, CANVAS_H, SCENE_TRIES);
        if (draw_scene(&ctx->rng, n, px, py))
            break;
    }
    scene_describe(s, "pil image %d %d", CANVAS_W, CANVAS_H);
    scene_describe(s, "pil rectangle %d %d %d %d fill=brown kind=table", BAR_X0, BAR_Y0, BAR_X1, BAR_Y1);
    prim *bar = scene_rect(s, BAR_X0, BAR_Y0, BAR_X1 - BAR_X0 + 1, BAR_Y1 - BAR_Y0 + 1, BROWN);
    bar->edges = EDGES_PILLOW; /* Pillow's own pixels for the original's box (pil_raster.h) */
    bar->kind = "table";
    bar->colour_name = "brown";
    rng colours;
    gen_stream(ctx, "colours", &colours);
    const double half = (DIAMETER + 1) / 2.0;
    for (int i = 0; i < 2 * n; i++) {
        int k = (int)rng_below(&colours, 4);
        prim *p = scene_circle(s, px[i] + half, py[i] + half, half, COLOURS[k].value);
        p->edges = EDGES_PILLOW; /* Pillow's own pixels for the original's box (pil_raster.h) */
        p->colour_name = COLOURS[k].name;
        p->object = i;
        scene_describe(s, "pil ellipse %d %d %d %d fill=%s kind=circle", px[i], py[i], px[i] + DIAMETER,
                       py[i] + DIAMETER, COLOURS[k].name);
    }
    scene_describe(s, "pil save");
    cJSON_AddNumberToObject(ctx->record, "num_objects_over_table", n);
    cJSON_AddNumberToObject(ctx->record, "num_objects_under_table", n);
    return GEN_EXIT_OK;
}

static int check_level(const gen_params *p, char *err, size_t errlen)
{
    if (p->level > MAX_SIDE) {
        snprintf(err, errlen, "cannot draw %d circles above and below the bar on a %dx%d canvas (at most %d a side)",
                 p->level, CANVAS_W, CANVAS_H, MAX_SIDE);
        return -1;
    }
    return 0;
}

static const gen_field fields[] = {
    {"num_objects_over_table", FIELD_INT}, {"num_objects_under_table", FIELD_INT}, {NULL, 0}};

const generator gen_counting_locations = {
    .name = "counting_locations",
    .summary = "n circles above and n below a brown bar on 500x300; count each side",
    .images = 1,
    .fields = fields,
    .level_field = "num_objects_over_table",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .input_prompt = "The picture shows a long rectangle across it, with coloured circles above it and below it.",
    .rules = "Find how many circles lie above the rectangle and how many lie below it.",
    .output_prompt = "Give your answer on one line in the form ABOVE:x BELOW:y, with x the number of circles "
                     "above the rectangle and y the number below it.",
    .answer = {.format = "ABOVE:x BELOW:y",
               .kind = ANSWER_INTS,
               .gold = {"num_objects_over_table", "num_objects_under_table"},
               .axis = "num_objects_over_table"},
    .check_level = check_level,
    .sample = sample,
};
