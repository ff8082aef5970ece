/* counting_circles: n filled circles of random sizes and palette colours.
 * Record: num_objects = n.  See docs/tasks/counting_circles.md. */
#include "errors.h"
#include "generator.h"
#include "layout.h"
#include "palette.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* Circles at least this far apart edge to edge: touching circles read as one blob,
 * and 8 px stays a visible white gap even when the image is shown at half size. */
#define CIRCLE_GAP 8.0
/* Largest radius: 70 px keeps 20 circles well inside 800x800 with room to spare. */
#define CIRCLE_RMAX 70.0
/* Smallest radius: below 8 px a circle is a dot a reader may overlook. */
#define CIRCLE_RMIN_FLOOR 8.0
/* Share of the canvas the circles may cover at most, so placement stays quick and
 * the picture uncluttered as n grows. */
#define CIRCLE_COVERAGE 0.25
/* Radii vary by up to this factor within one image. */
#define CIRCLE_SIZE_SPREAD 2.5

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level;
    scene *s = ctx->img[0];
    box area = {0, 0, s->width, s->height};
    double usable = (area.x1 - area.x0) * (area.y1 - area.y0);
    double rmax = fmin(CIRCLE_RMAX, sqrt(CIRCLE_COVERAGE * usable / (M_PI * n)));
    double rmin = fmax(CIRCLE_RMIN_FLOOR, rmax / CIRCLE_SIZE_SPREAD);
    if (rmax < rmin)
        return gen_fail(ctx, "cannot fit %d circles of radius >= %.0f px on a %dx%d canvas", n,
                        CIRCLE_RMIN_FLOOR, s->width, s->height);

    disc *d = xmalloc(sizeof *d * (size_t)n);
    if (place_discs(&ctx->rng, &area, n, rmin, rmax, CIRCLE_GAP, d) != 0) {
        free(d);
        return gen_fail(ctx, "cannot place %d non-touching circles on a %dx%d canvas", n, s->width, s->height);
    }

    rng colours;
    gen_stream(ctx, "colours", &colours);
    for (int i = 0; i < n; i++) {
        const palette_colour *c = &PALETTE[rng_below(&colours, PALETTE_SIZE)];
        prim *p = scene_circle(s, d[i].x, d[i].y, d[i].r, c->value);
        p->colour_name = c->name;
        p->object = i;
    }
    free(d);
    cJSON_AddNumberToObject(ctx->record, "num_objects", n);
    return GEN_EXIT_OK;
}

/* A level above this cannot reach CIRCLE_RMIN_FLOOR at CIRCLE_COVERAGE. */
static int check_level(const gen_params *p, char *err, size_t errlen)
{
    double rmax = sqrt(CIRCLE_COVERAGE * GEN_CANVAS * GEN_CANVAS / (M_PI * p->level));
    if (rmax < CIRCLE_RMIN_FLOOR) {
        snprintf(err, errlen, "cannot draw %d circles on a %dx%d canvas (above %d the radius drops below %.0f px)",
                 p->level, GEN_CANVAS, GEN_CANVAS,
                 (int)(CIRCLE_COVERAGE * GEN_CANVAS * GEN_CANVAS / (M_PI * CIRCLE_RMIN_FLOOR * CIRCLE_RMIN_FLOOR)),
                 CIRCLE_RMIN_FLOOR);
        return -1;
    }
    return 0;
}

static const gen_field fields[] = {{"num_objects", FIELD_INT}, {NULL, 0}};

const generator gen_counting_circles = {
    .name = "counting_circles",
    .summary = "n filled circles of random sizes and colours; count them",
    .images = 1,
    .fields = fields,
    .level_field = "num_objects",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .input_prompt = "The image shows a number of filled circles of different sizes and colours on a white background.",
    .rules = "Count the circles in the image. Every circle counts once, whatever its size or colour.",
    .output_prompt = "The last line of your answer must be ANSWER: followed by the number of "
                     "circles, in digits, for example ANSWER: 7.",
    .answer = {.kind = ANSWER_INT, .gold = {"num_objects"}, .axis = "num_objects"},
    .check_level = check_level,
    .sample = sample,
};
