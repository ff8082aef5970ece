/* circle_location: two axes split the canvas into four quadrants; n circles lie in
 * them, none touching an axis, and exactly one quadrant holds the most.
 * Record: count (circles in that quadrant), num_objects = n, quadrant (its name).
 * See docs/tasks/circle_location.md. */
#include "errors.h"
#include "generator.h"
#include "layout.h"
#include "palette.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* Axis line width: 4 px stays a clear dividing line at half size. */
#define AXIS_WIDTH 4.0
/* Every circle keeps at least this gap from an axis line's edge, so no circle looks
 * as if it sat on the line or straddled two quadrants. */
#define AXIS_GAP 16.0
/* Circles at least this far apart edge to edge (and from the canvas edge):
 * touching circles read as one blob. */
#define CIRCLE_GAP 8.0
/* Largest radius: 50 px lets a quadrant hold several circles at the low levels. */
#define CIRCLE_RMAX 50.0
/* Smallest radius: below 8 px a circle is a dot a reader may overlook. */
#define CIRCLE_RMIN_FLOOR 8.0
/* Share of the fullest quadrant the circles may cover at most. */
#define CIRCLE_COVERAGE 0.25
/* Radii vary by up to this factor within one image. */
#define CIRCLE_SIZE_SPREAD 2.0

enum { QUADRANTS = 4 };
static const char *const QUADRANT_NAME[QUADRANTS] = {"top-left", "top-right", "bottom-left", "bottom-right"};

/* The area a quadrant's circles may use, including CIRCLE_GAP (which place_discs
 * adds itself) so that the axis gap comes to AXIS_GAP. */
static box quadrant_area(int q, int w, int h)
{
    double off = AXIS_WIDTH / 2 + AXIS_GAP - CIRCLE_GAP;
    double cx = w / 2.0, cy = h / 2.0;
    box b;
    b.x0 = q % 2 ? cx + off : 0;
    b.x1 = q % 2 ? w : cx - off;
    b.y0 = q / 2 ? cy + off : 0;
    b.y1 = q / 2 ? h : cy - off;
    return b;
}

static double rmax_for(int most, int w, int h)
{
    box b = quadrant_area(0, w, h);
    double usable = (b.x1 - b.x0) * (b.y1 - b.y0);
    return fmin(CIRCLE_RMAX, sqrt(CIRCLE_COVERAGE * usable / (M_PI * most)));
}

/* Each circle falls in a uniformly random quadrant; when the top count is shared,
 * one circle moves from one tied quadrant to another, which leaves a single top
 * quadrant (its count + 1 beats every other count).  Returns the top quadrant. */
static int split_counts(rng *r, int n, int counts[QUADRANTS])
{
    for (int q = 0; q < QUADRANTS; q++)
        counts[q] = 0;
    for (int i = 0; i < n; i++)
        counts[rng_below(r, QUADRANTS)]++;
    int top = counts[0];
    for (int q = 1; q < QUADRANTS; q++)
        if (counts[q] > top)
            top = counts[q];
    int tied[QUADRANTS], ntied = 0;
    for (int q = 0; q < QUADRANTS; q++)
        if (counts[q] == top)
            tied[ntied++] = q;
    if (ntied == 1)
        return tied[0];
    rng_shuffle_int(r, tied, ntied);
    counts[tied[0]]++;
    counts[tied[1]]--;
    return tied[0];
}

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level;
    scene *s = ctx->img[0];
    int counts[QUADRANTS];
    int best = split_counts(&ctx->rng, n, counts);

    double rmax = rmax_for(counts[best], s->width, s->height);
    double rmin = fmax(CIRCLE_RMIN_FLOOR, rmax / CIRCLE_SIZE_SPREAD);
    if (rmax < rmin)
        return gen_fail(ctx, "cannot fit %d circles of radius >= %.0f px in one quadrant of a %dx%d canvas",
                        counts[best], CIRCLE_RMIN_FLOOR, s->width, s->height);

    /* The axes first, so circles (which never reach them) are drawn after. */
    prim *a = scene_line(s, s->width / 2.0, 0, s->width / 2.0, s->height, AXIS_WIDTH, RGB_BLACK);
    a->kind = "axis";
    a = scene_line(s, 0, s->height / 2.0, s->width, s->height / 2.0, AXIS_WIDTH, RGB_BLACK);
    a->kind = "axis";

    disc *d = xmalloc(sizeof *d * (size_t)(n > 0 ? n : 1));
    rng colours;
    gen_stream(ctx, "colours", &colours);
    int obj = 0;
    for (int q = 0; q < QUADRANTS; q++) {
        box area = quadrant_area(q, s->width, s->height);
        if (place_discs(&ctx->rng, &area, counts[q], rmin, rmax, CIRCLE_GAP, d) != 0) {
            free(d);
            return gen_fail(ctx, "cannot place %d non-touching circles in the %s quadrant of a %dx%d canvas",
                            counts[q], QUADRANT_NAME[q], s->width, s->height);
        }
        for (int i = 0; i < counts[q]; i++) {
            const palette_colour *c = &PALETTE[rng_below(&colours, PALETTE_SIZE)];
            prim *p = scene_circle(s, d[i].x, d[i].y, d[i].r, c->value);
            p->colour_name = c->name;
            p->object = obj++;
        }
    }
    free(d);
    cJSON_AddNumberToObject(ctx->record, "count", counts[best]);
    cJSON_AddNumberToObject(ctx->record, "num_objects", n);
    cJSON_AddStringToObject(ctx->record, "quadrant", QUADRANT_NAME[best]);
    return GEN_EXIT_OK;
}

/* Refuses a level whose worst case (every circle in one quadrant) cannot keep
 * CIRCLE_RMIN_FLOOR at CIRCLE_COVERAGE. */
static int check_level(const gen_params *p, char *err, size_t errlen)
{
    if (rmax_for(p->level, GEN_CANVAS, GEN_CANVAS) < CIRCLE_RMIN_FLOOR) {
        snprintf(err, errlen, "cannot draw %d circles in one quadrant of a %dx%d canvas (radius >= %.0f px)",
                 p->level, GEN_CANVAS, GEN_CANVAS, CIRCLE_RMIN_FLOOR);
        return -1;
    }
    return 0;
}

static const gen_field fields[] = {
    {"count", FIELD_INT}, {"num_objects", FIELD_INT}, {"quadrant", FIELD_STRING}, {NULL, 0}};

const generator gen_circle_location = {
    .name = "circle_location",
    .summary = "two axes split the canvas into quadrants; find the quadrant with the most circles and count them",
    .images = 1,
    .fields = fields,
    .level_field = "num_objects",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .input_prompt = "The image is divided into four quadrants by a vertical and a horizontal black line that cross in "
                    "the middle. Filled circles of different colours lie in the quadrants; no circle touches a line.",
    .rules = "Find the quadrant that contains the most circles (there is always exactly one) and count the circles "
             "in it. The quadrants are called top-left, top-right, bottom-left and bottom-right.",
    .output_prompt = "The last line of your answer must be ANSWER: followed by the quadrant "
                     "(top-left, top-right, bottom-left or bottom-right) and the number of "
                     "circles in it in digits, separated by a space, for example ANSWER: "
                     "top-left 3.",
    .answer = {.kind = ANSWER_WORDS, .gold = {"quadrant", "count"}, .axis = "num_objects"},
    .check_level = check_level,
    .sample = sample,
};
