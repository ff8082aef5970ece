/* count_coloured_circles: n filled circles, some red and the rest in palette colours
 * far from red.  Record: num_objects = n, red_circle = the red ones.
 * See docs/tasks/count_coloured_circles.md. */
#include "errors.h"
#include "generator.h"
#include "layout.h"
#include "palette.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* Circles at least this far apart edge to edge: touching circles read as one blob. */
#define CIRCLE_GAP 8.0
/* Largest radius: 70 px keeps 20 circles well inside 800x800 with room to spare. */
#define CIRCLE_RMAX 70.0
/* Smallest radius: below 10 px a circle's colour is hard to judge. */
#define CIRCLE_RMIN_FLOOR 10.0
/* Share of the canvas the circles may cover at most (quick placement, no clutter). */
#define CIRCLE_COVERAGE 0.25
/* Radii vary by up to this factor within one image; red and other circles alike,
 * so size says nothing about colour. */
#define CIRCLE_SIZE_SPREAD 2.5
/* Non-red circles are at least this CIEDE2000 from red: it leaves out orange, pink,
 * maroon, magenta, purple, brown, grey and tan (all nearer red), so nothing can be
 * taken for red.  The set left is green, yellow, blue, cyan, lime, teal, lavender, olive,
 * navy, black and mint. */
#define NOT_RED_MIN_DE 40.0

static double rmax_for(int n)
{
    return fmin(CIRCLE_RMAX, sqrt(CIRCLE_COVERAGE * GEN_CANVAS * GEN_CANVAS / (M_PI * n)));
}

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level;
    scene *s = ctx->img[0];
    box area = {0, 0, s->width, s->height};
    double rmax = rmax_for(n);
    double rmin = fmax(CIRCLE_RMIN_FLOOR, rmax / CIRCLE_SIZE_SPREAD);

    int others[PALETTE_SIZE];
    int nothers = palette_far_from(PALETTE_RED, NOT_RED_MIN_DE, others, PALETTE_SIZE);
    if (nothers <= 0)
        return gen_fail(ctx, "cannot find a palette colour %.0f from red", NOT_RED_MIN_DE);

    disc *d = xmalloc(sizeof *d * (size_t)n);
    if (place_discs(&ctx->rng, &area, n, rmin, rmax, CIRCLE_GAP, d) != 0) {
        free(d);
        return gen_fail(ctx, "cannot place %d non-touching circles on a %dx%d canvas", n, s->width, s->height);
    }

    /* The red count is uniform in 0..n, so "none" and "all" are answers too; which
     * circles are red is a random choice among the placed ones. */
    rng colours;
    gen_stream(ctx, "colours", &colours);
    int red = rng_int(&colours, 0, n);
    int *order = xmalloc(sizeof *order * (size_t)n);
    for (int i = 0; i < n; i++)
        order[i] = i;
    rng_shuffle_int(&colours, order, n);
    for (int k = 0; k < n; k++) {
        int i = order[k];
        const palette_colour *c = k < red ? &PALETTE[PALETTE_RED] : &PALETTE[others[rng_below(&colours, (uint32_t)nothers)]];
        prim *p = scene_circle(s, d[i].x, d[i].y, d[i].r, c->value);
        p->colour_name = c->name;
        p->object = k;
    }
    free(order);
    free(d);
    cJSON_AddNumberToObject(ctx->record, "num_objects", n);
    cJSON_AddNumberToObject(ctx->record, "red_circle", red);
    return GEN_EXIT_OK;
}

/* A level above this cannot reach CIRCLE_RMIN_FLOOR at CIRCLE_COVERAGE. */
static int check_level(const gen_params *p, char *err, size_t errlen)
{
    if (rmax_for(p->level) < CIRCLE_RMIN_FLOOR) {
        snprintf(err, errlen, "cannot draw %d circles on a %dx%d canvas (above %d the radius drops below %.0f px)",
                 p->level, GEN_CANVAS, GEN_CANVAS,
                 (int)(CIRCLE_COVERAGE * GEN_CANVAS * GEN_CANVAS / (M_PI * CIRCLE_RMIN_FLOOR * CIRCLE_RMIN_FLOOR)),
                 CIRCLE_RMIN_FLOOR);
        return -1;
    }
    return 0;
}

static const gen_field fields[] = {{"num_objects", FIELD_INT}, {"red_circle", FIELD_INT}, {NULL, 0}};

const generator gen_count_coloured_circles = {
    .name = "count_coloured_circles",
    .summary = "n filled circles, some red and the rest clearly not red; count the red ones",
    .images = 1,
    .fields = fields,
    .level_field = "num_objects",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .input_prompt = "The image shows filled circles of different sizes on a white background. Some of them may be "
                    "red; the others are in colours that are clearly not red.",
    .rules = "Count the red circles. Circles of any other colour do not count. If no circle is red, the count is 0.",
    .output_prompt = "The last line of your answer must be ANSWER: followed by the number of red "
                     "circles, in digits, for example ANSWER: 4.",
    .answer = {.kind = ANSWER_INT, .gold = {"red_circle"}, .axis = "num_objects"},
    .check_level = check_level,
    .sample = sample,
};
