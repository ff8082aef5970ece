/* SPDX-License-Identifier: MIT */
/* count_coloured_circles: 2n filled circles on a 500x300 white canvas, n of them
 * red and the others blue, green or yellow, as the original Percept-V script draws
 * them.  Record: num_objects = n, red_circle = n (the original's prior: the red
 * count is the level).  See docs/tasks/count_coloured_circles.md. */
#include "errors.h"
#include "generator.h"
#include "pil_circles.h"
#include "util.h"

#include <math.h>
#include <stdio.h>

/* The original's canvas and radius range (Pillow, whole pixels). */
#define CANVAS_W 500
#define CANVAS_H 300
#define RADIUS_MIN 10
#define RADIUS_MAX 20
/* Pillow fills the pixels x - r .. x + r of the box [x - r, x + r]: in continuous
 * coordinates the centre is x + 0.5 and the radius r + 0.5. */
#define PIL_HALF 0.5
/* The white gap two drawn circles must keep (tasks.md rule 6): the original's
 * spacing lets a circle of the largest radius land on another's edge, and two
 * touching red circles read as one; such a scene is drawn again.  2 px stays a
 * visible gap at 448 px. */
#define MIN_GAP 2.0
/* Centre draws for one scene before it starts again from fresh radii (the
 * original tries for ever). */
#define PLACE_TRIES 20000
/* Scenes drawn before the level is declared impossible. */
#define SCENE_TRIES 200
/* The most red circles (2x as many drawn): 20 is the release's top level, and
 * 25 (50 circles) still places within the budget; 30 does not. */
#define MAX_RED 25

/* The original's colours, Pillow's values for its names. */
typedef struct named {
    const char *name;
    rgb value;
} named;
static const named RED = {"red", {255, 0, 0}};
static const named OTHERS[] = {{"blue", {0, 0, 255}}, {"green", {0, 128, 0}}, {"yellow", {255, 255, 0}}};

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level, m = 2 * n;
    scene *s = ctx->img[0];
    scene_reset(s, CANVAS_W, CANVAS_H);
    int cx[2 * MAX_RED], cy[2 * MAX_RED], rad[2 * MAX_RED];
    for (int scenes = 0;; scenes++) {
        if (scenes == SCENE_TRIES)
            return gen_fail(ctx, "cannot place %d circles of radius %d..%d px apart on a %dx%d canvas (%d tries)", m,
                            RADIUS_MIN, RADIUS_MAX, CANVAS_W, CANVAS_H, SCENE_TRIES);
        if (!pil_circles_place(&ctx->rng, m, RADIUS_MIN, RADIUS_MAX, CANVAS_W, CANVAS_H, PLACE_TRIES, cx, cy, rad))
            continue; /* the try budget spent: not a readability redraw */
        if (pil_circles_readable(m, cx, cy, rad, PIL_HALF, MIN_GAP))
            break;
        ctx->redraws++;
    }
    /* which n of the 2m circles are red (a uniform n-subset, as random.sample),
     * and a uniform colour of three for each other one */
    rng colours;
    gen_stream(ctx, "colours", &colours);
    int order[2 * MAX_RED];
    for (int i = 0; i < m; i++)
        order[i] = i;
    rng_shuffle_int(&colours, order, m);
    bool red[2 * MAX_RED] = {false};
    for (int i = 0; i < n; i++)
        red[order[i]] = true;
    scene_describe(s, "pil image %d %d", CANVAS_W, CANVAS_H);
    for (int i = 0; i < m; i++) {
        const named *c = red[i] ? &RED : &OTHERS[rng_below(&colours, 3)];
        prim *p = scene_circle(s, cx[i] + PIL_HALF, cy[i] + PIL_HALF, rad[i] + PIL_HALF, c->value);
        p->edges = EDGES_PILLOW; /* Pillow's own pixels for the original's box (pil_raster.h) */
        p->colour_name = c->name;
        p->object = i;
        scene_describe(s, "pil ellipse %d %d %d %d fill=%s kind=circle", cx[i] - rad[i], cy[i] - rad[i],
                       cx[i] + rad[i], cy[i] + rad[i], c->name);
    }
    scene_describe(s, "pil save");
    cJSON_AddNumberToObject(ctx->record, "num_objects", n);
    cJSON_AddNumberToObject(ctx->record, "red_circle", n);
    return GEN_EXIT_OK;
}

static int check_level(const gen_params *p, char *err, size_t errlen)
{
    if (p->level > MAX_RED) {
        snprintf(err, errlen, "cannot draw %d red and %d other circles on a %dx%d canvas (at most %d red)", p->level,
                 p->level, CANVAS_W, CANVAS_H, MAX_RED);
        return -1;
    }
    return 0;
}

static const gen_field fields[] = {{"num_objects", FIELD_INT}, {"red_circle", FIELD_INT}, {NULL, 0}};

const generator gen_count_coloured_circles = {
    .name = "count_coloured_circles",
    .summary = "n red and n blue, green or yellow circles on 500x300; count the red ones",
    .images = 1,
    .fields = fields,
    .level_field = "num_objects",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .input_prompt = "The picture shows circles of several colours on a white background.",
    .rules = "Find how many of the circles are red.",
    .output_prompt = "Write your answer on the last line in the form COUNT:x, with x the number of red circles.",
    .answer = {.format = "COUNT:x", .kind = ANSWER_INT, .gold = {"red_circle"}, .axis = "num_objects"},
    .check_level = check_level,
    .sample = sample,
};
