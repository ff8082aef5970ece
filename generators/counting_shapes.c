/* counting_shapes: n circles mixed with random numbers of squares and triangles,
 * none touching.  Record: circles = n, squares, triangles.
 * See docs/tasks/counting_shapes.md. */
#include "errors.h"
#include "generator.h"
#include "layout.h"
#include "palette.h"
#include "shapes.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* Squares and triangles each number uniformly 0..EXTRA_MAX: zero is a possible
 * answer, and 10 keeps 20 circles plus 20 others readable on 800x800. */
#define EXTRA_MAX 10
/* Every shape sits inside a disc of radius R (its circumradius); discs keep this
 * gap edge to edge, so no two shapes touch, whatever their kind and tilt. */
#define SHAPE_GAP 10.0
/* Largest circumradius: 60 px keeps a few shapes from filling the canvas. */
#define SHAPE_RMAX 60.0
/* Smallest circumradius: below 14 px a triangle's corners blur into a blob that
 * could be taken for a circle. */
#define SHAPE_RMIN_FLOOR 14.0
/* Share of the canvas the circumscribed discs may cover at most. */
#define SHAPE_COVERAGE 0.28
/* Circumradii vary by up to this factor within one image, for every kind alike. */
#define SHAPE_SIZE_SPREAD 1.8
/* Circles and squares are drawn at these fractions of their disc (triangles fill
 * theirs), so the kinds' areas are alike (1.77, 1.62 and 1.30 R^2) and size does
 * not give the kind away. */
#define CIRCLE_SCALE 0.75
#define SQUARE_SCALE 0.9
/* Squares and triangles tilt by at most this (radians, 15 degrees): a square turned
 * 45 degrees reads as a diamond, a triangle turned 60 degrees as pointing down. */
#define SHAPE_MAX_TILT (M_PI / 12)

static double rmax_for(int total)
{
    return fmin(SHAPE_RMAX, sqrt(SHAPE_COVERAGE * GEN_CANVAS * GEN_CANVAS / (M_PI * total)));
}

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level;
    scene *s = ctx->img[0];
    int squares = rng_int(&ctx->rng, 0, EXTRA_MAX);
    int triangles = rng_int(&ctx->rng, 0, EXTRA_MAX);
    int total = n + squares + triangles;
    double rmax = rmax_for(total);
    double rmin = fmax(SHAPE_RMIN_FLOOR, rmax / SHAPE_SIZE_SPREAD);
    if (rmax < rmin)
        return gen_fail(ctx, "cannot fit %d shapes of radius >= %.0f px on a %dx%d canvas", total, SHAPE_RMIN_FLOOR,
                        s->width, s->height);

    box area = {0, 0, s->width, s->height};
    disc *d = xmalloc(sizeof *d * (size_t)total);
    if (place_discs(&ctx->rng, &area, total, rmin, rmax, SHAPE_GAP, d) != 0) {
        free(d);
        return gen_fail(ctx, "cannot place %d non-touching shapes on a %dx%d canvas", total, s->width, s->height);
    }

    /* Kinds in a random order over the placed discs, so no kind owns the big ones. */
    int *kind = xmalloc(sizeof *kind * (size_t)total);
    for (int i = 0; i < total; i++)
        kind[i] = i < n ? SHAPE_CIRCLE : i < n + squares ? SHAPE_SQUARE : SHAPE_TRIANGLE;
    rng_shuffle_int(&ctx->rng, kind, total);

    rng colours;
    gen_stream(ctx, "colours", &colours);
    for (int i = 0; i < total; i++) {
        const palette_colour *c = &PALETTE[rng_below(&colours, PALETTE_SIZE)];
        double tilt = rng_uniform(&ctx->rng, -SHAPE_MAX_TILT, SHAPE_MAX_TILT);
        double r = d[i].r * (kind[i] == SHAPE_CIRCLE ? CIRCLE_SCALE : kind[i] == SHAPE_SQUARE ? SQUARE_SCALE : 1);
        prim *p = scene_shape(s, (shape_kind)kind[i], d[i].x, d[i].y, r, tilt, c->value);
        p->colour_name = c->name;
        p->object = i;
    }
    free(kind);
    free(d);
    cJSON_AddNumberToObject(ctx->record, "circles", n);
    cJSON_AddNumberToObject(ctx->record, "squares", squares);
    cJSON_AddNumberToObject(ctx->record, "triangles", triangles);
    return GEN_EXIT_OK;
}

/* Refuses a level whose worst case (EXTRA_MAX squares and triangles) cannot keep
 * SHAPE_RMIN_FLOOR at SHAPE_COVERAGE. */
static int check_level(const gen_params *p, char *err, size_t errlen)
{
    if (rmax_for(p->level + 2 * EXTRA_MAX) < SHAPE_RMIN_FLOOR) {
        snprintf(err, errlen, "cannot draw %d circles and up to %d other shapes on a %dx%d canvas", p->level,
                 2 * EXTRA_MAX, GEN_CANVAS, GEN_CANVAS);
        return -1;
    }
    return 0;
}

static const gen_field fields[] = {
    {"circles", FIELD_INT}, {"squares", FIELD_INT}, {"triangles", FIELD_INT}, {NULL, 0}};

const generator gen_counting_shapes = {
    .name = "counting_shapes",
    .summary = "circles, squares and triangles mixed; count each kind",
    .images = 1,
    .fields = fields,
    .level_field = "circles",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .input_prompt = "The image shows filled shapes of different colours and sizes on a white background. Each shape is "
                    "a circle, a square or a triangle, and no two shapes touch.",
    .rules = "Count how many circles, how many squares and how many triangles there are. Colour and size do not "
             "matter, only the kind of shape. A kind that does not appear has a count of 0.",
    .output_prompt = "The last line of your answer must be ANSWER: followed by the numbers of "
                     "circles, squares and triangles, in that order, in digits and separated by "
                     "single spaces, for example ANSWER: 4 2 0.",
    .answer = {.kind = ANSWER_INTS, .gold = {"circles", "squares", "triangles"}, .axis = "circles+triangles+squares"},
    .check_level = check_level,
    .sample = sample,
};
