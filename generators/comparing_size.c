/* comparing_size: n rows divided by thin grey lines; each row holds two shapes of
 * the same kind, colour and rotation, one in the left half and one in the right
 * half, one clearly larger than the other.
 * Record: Gold_output = "left" or "right" (the side of the larger shape) per row,
 * top row first; Rows = n.  See docs/tasks/comparing_size.md. */
#include "errors.h"
#include "generator.h"
#include "palette.h"
#include "shapes.h"
#include "util.h"

#include <math.h>
#include <stdio.h>

/* Clear border around the rows. */
#define ROWS_MARGIN 20.0
/* Smallest row height: 20 rows (the largest release level) fit 800 px, so every
 * release image is 800x800; only more rows than that make the canvas taller.  The
 * larger shape is then 26..29 px across and at least 6 px wider than the smaller
 * (see MIN_SIZE_DIFF). */
#define ROW_MIN_HEIGHT 38.0
/* Largest row height: few rows stay compact instead of filling the canvas. */
#define ROW_MAX_HEIGHT 200.0
/* A shape's circumscribed circle spans at most this share of the row height, so
 * shapes keep clear of the separators. */
#define ROW_FILL 0.75
/* The larger shape's circumradius is this share of the row's largest or more, so
 * the smaller one is never tiny. */
#define BIG_MIN_FRAC 0.9
/* The larger shape has at least 1.7 times the area of the smaller (30% wider):
 * far above what the eye needs to tell them apart, for every kind of shape. */
#define AREA_RATIO_MIN 1.7
/* ... and at most 2.5 times, so the task is not always trivial. */
#define AREA_RATIO_MAX 2.5
/* Viewing size: the two circumdiameters differ by at least GEN_VIEW_MIN (3 px at
 * 448).  The least difference is 2 * BIG_MIN_FRAC * ROW_FILL * ROW_MIN_HEIGHT / 2 *
 * (1 - 1/sqrt(AREA_RATIO_MIN)) = 6.0 px at the smallest rows; sample() checks it. */
#define MIN_SIZE_DIFF GEN_VIEW_MIN
/* White space kept on both sides of the vertical middle: a shape belongs clearly
 * to the left or the right half. */
#define MID_GAP 60.0
/* The separator between rows: thin light grey, so it divides without competing
 * with the shapes. */
#define SEPARATOR_WIDTH 2.0
#define SEPARATOR_GREY ((rgb){170, 170, 170})
/* Tallest canvas a level may need; beyond it the image is impractical to view. */
#define MAX_HEIGHT 4000

static int canvas_height(int n)
{
    return (int)fmax(GEN_CANVAS, ceil(n * ROW_MIN_HEIGHT + 2 * ROWS_MARGIN));
}

static int check_level(const gen_params *p, char *err, size_t errlen)
{
    if (canvas_height(p->level) > MAX_HEIGHT) {
        snprintf(err, errlen, "cannot draw %d rows of at least %.0f px on a canvas at most %d px tall", p->level,
                 ROW_MIN_HEIGHT, MAX_HEIGHT);
        return -1;
    }
    return 0;
}

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level;
    scene *s = ctx->img[0];
    char err[160];
    if (check_level(&ctx->p, err, sizeof err) != 0)
        return gen_fail(ctx, "%s", err);
    scene_reset(s, GEN_CANVAS, canvas_height(n));

    double row_h = fmin(ROW_MAX_HEIGHT, (s->height - 2 * ROWS_MARGIN) / n);
    double top = (s->height - n * row_h) / 2;
    double mid = s->width / 2.0;
    for (int i = 1; i < n; i++) {
        double y = round(top + i * row_h);
        prim *sep = scene_line(s, ROWS_MARGIN, y, s->width - ROWS_MARGIN, y, SEPARATOR_WIDTH, SEPARATOR_GREY);
        sep->kind = "separator";
    }

    rng colours;
    gen_stream(ctx, "colours", &colours);
    strbuf gold = {0};
    for (int i = 0; i < n; i++) {
        double cy = top + (i + 0.5) * row_h;
        double rmax = ROW_FILL * row_h / 2;
        double big = rng_uniform(&ctx->rng, BIG_MIN_FRAC, 1.0) * rmax;
        double small = big / sqrt(rng_uniform(&ctx->rng, AREA_RATIO_MIN, AREA_RATIO_MAX));
        int right_bigger = (int)rng_below(&ctx->rng, 2);
        shape_kind kind = (shape_kind)rng_below(&ctx->rng, SHAPE_COUNT);
        double rot = rng_uniform(&ctx->rng, 0, 2 * M_PI);
        double rl = right_bigger ? small : big, rr = right_bigger ? big : small;
        double xl = rng_uniform(&ctx->rng, ROWS_MARGIN + rl, mid - MID_GAP / 2 - rl);
        double xr = rng_uniform(&ctx->rng, mid + MID_GAP / 2 + rr, s->width - ROWS_MARGIN - rr);
        if (2 * (big - small) < MIN_SIZE_DIFF) {
            strbuf_free(&gold);
            return gen_fail(ctx, "cannot make %d rows whose shapes differ by %.1f px", n, MIN_SIZE_DIFF);
        }
        const palette_colour *c = &PALETTE[rng_below(&colours, PALETTE_SIZE)];
        prim *p = scene_shape(s, kind, xl, cy, rl, rot, c->value);
        p->colour_name = c->name;
        p->object = i;
        p = scene_shape(s, kind, xr, cy, rr, rot, c->value);
        p->colour_name = c->name;
        p->object = i;
        strbuf_add(&gold, i ? " " : "");
        strbuf_add(&gold, right_bigger ? "right" : "left");
    }
    cJSON_AddStringToObject(ctx->record, "Gold_output", gold.buf);
    cJSON_AddNumberToObject(ctx->record, "Rows", n);
    strbuf_free(&gold);
    return GEN_EXIT_OK;
}

static const gen_field fields[] = {{"Gold_output", FIELD_STRING}, {"Rows", FIELD_INT}, {NULL, 0}};

const generator gen_comparing_size = {
    .name = "comparing_size",
    .summary = "n rows of two same-kind shapes; say on which side the larger one is",
    .images = 1,
    .fields = fields,
    .level_field = "Rows",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .input_prompt = "The image is divided into rows by thin grey lines. Each row holds two shapes of the same "
                    "kind, one on the left and one on the right, and one of them is larger than the other. "
                    "There may be only one row.",
    .rules = "For each row, from the top row to the bottom row, decide whether the larger shape is the left "
             "one or the right one.",
    .output_prompt = "The last line of your answer must be ANSWER: followed by one word per row, "
                     "left or right for the side of the larger shape, from the top row down and "
                     "separated by single spaces, for example ANSWER: left right right.",
    .answer = {.kind = ANSWER_WORDS, .gold = {"Gold_output"}, .axis = "Rows"},
    .check_level = check_level,
    .sample = sample,
};
