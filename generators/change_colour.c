/* change_colour: a pair.  The first image is a scene of coloured shapes; the second
 * is a copy of it with exactly n shapes recoloured to a clearly different palette
 * colour, nothing else changed.
 * Record: num_differences = n.  See docs/tasks/change_colour.md. */
#include "colour.h"
#include "errors.h"
#include "generator.h"
#include "layout.h"
#include "palette.h"
#include "shapes.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* Least CIEDE2000 between a shape's old and new colour: well past the palette's own
 * floor of 15, so a change is plain when the two images are compared. */
#define CHANGE_MIN_DE2000 25.0
/* Shapes that keep their colour, besides the n that change: uniform over 2..26, so
 * there are always more shapes than changes (the count is never simply "all of
 * them"), and the number of shapes says little about n: the best guess of n from
 * the shape count is right for 44 of the 20 x 25 (n, extra) pairs, 8.8% against a
 * chance of 5% (1 in 20 levels); "shapes minus a constant" is right 1 time in 25 at
 * every level (tests/shortcuts.c).  With 2..6 that guess was right 1 time in 5, and
 * within 2 of n always. */
#define EXTRA_MIN 2
#define EXTRA_MAX 26
/* Shapes at least this far apart (circumcircles): each change belongs to one shape. */
#define SHAPE_GAP 12.0
/* Largest circumradius. */
#define SHAPE_RMAX 65.0
/* Smallest circumradius: a smaller shape's colour change is easy to miss. */
#define SHAPE_RMIN_FLOOR 22.0
/* Radii vary by up to this factor within one image. */
#define SHAPE_SIZE_SPREAD 1.5
/* Share of the canvas the circumcircles may cover at most. */
#define SHAPE_COVERAGE 0.30
/* Share of the canvas shapes at the radius floor, with half of SHAPE_GAP around each,
 * may cover before random placement stalls; higher levels are refused up front. */
#define SHAPE_PACK_LIMIT 0.40

/* Kinds with a solid body (no thin points), so a recolour is a large area. */
static const shape_kind KINDS[] = {SHAPE_CIRCLE, SHAPE_TRIANGLE, SHAPE_SQUARE, SHAPE_PENTAGON, SHAPE_HEXAGON,
                                   SHAPE_DIAMOND};
#define NKINDS ((int)(sizeof KINDS / sizeof KINDS[0]))

static double radius_max(int total)
{
    return fmin(SHAPE_RMAX, sqrt(SHAPE_COVERAGE * GEN_CANVAS * GEN_CANVAS / (M_PI * total)));
}

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level;
    int total = n + rng_int(&ctx->rng, EXTRA_MIN, EXTRA_MAX);
    scene *first = ctx->img[0], *second = ctx->img[1];
    box area = {0, 0, first->width, first->height};
    double rmax = radius_max(total);
    double rmin = fmax(SHAPE_RMIN_FLOOR, rmax / SHAPE_SIZE_SPREAD);

    disc *d = xmalloc(sizeof *d * (size_t)total);
    if (place_discs(&ctx->rng, &area, total, rmin, rmax, SHAPE_GAP, d) != 0) {
        free(d);
        return gen_fail(ctx, "cannot place %d shapes on a %dx%d canvas", total, first->width, first->height);
    }
    rng colours;
    gen_stream(ctx, "colours", &colours);
    for (int i = 0; i < total; i++) {
        const palette_colour *pc = &PALETTE[rng_below(&colours, PALETTE_SIZE)];
        shape_kind kind = KINDS[rng_below(&ctx->rng, NKINDS)];
        prim *p = scene_shape(first, kind, d[i].x, d[i].y, d[i].r, rng_uniform(&ctx->rng, 0, 2 * M_PI), pc->value);
        p->colour_name = pc->name;
        p->object = i;
    }
    free(d);

    /* The second image: the same scene, n shapes recoloured. */
    scene_copy(second, first);
    int *which = xmalloc(sizeof *which * (size_t)total);
    for (int i = 0; i < total; i++)
        which[i] = i;
    rng_shuffle_int(&colours, which, total);
    for (int k = 0; k < n; k++) {
        prim *p = &second->prims[which[k]];
        /* the first colour, in a random order, far enough from the old one (most
         * are, so this measures only a few distances) */
        int order[PALETTE_SIZE], pick = -1;
        for (int c = 0; c < PALETTE_SIZE; c++)
            order[c] = c;
        rng_shuffle_int(&colours, order, PALETTE_SIZE);
        for (int c = 0; c < PALETTE_SIZE && pick < 0; c++)
            if (ciede2000(p->fill, PALETTE[order[c]].value) >= CHANGE_MIN_DE2000)
                pick = order[c];
        if (pick < 0) {
            free(which);
            return gen_fail(ctx, "cannot find a colour %.0f CIEDE2000 from %s", CHANGE_MIN_DE2000, p->colour_name);
        }
        const palette_colour *pc = &PALETTE[pick];
        p->fill = pc->value;
        p->colour_name = pc->name;
    }
    free(which);
    cJSON_AddNumberToObject(ctx->record, "num_differences", n);
    return GEN_EXIT_OK;
}

/* The scene holds n + EXTRA_MAX shapes at most; refuse levels where they would
 * shrink below SHAPE_RMIN_FLOOR or pack too tightly to place. */
static int check_level(const gen_params *p, char *err, size_t errlen)
{
    double cell = M_PI * pow(SHAPE_RMIN_FLOOR + SHAPE_GAP / 2, 2);
    int most = (int)fmin(SHAPE_COVERAGE * GEN_CANVAS * GEN_CANVAS / (M_PI * SHAPE_RMIN_FLOOR * SHAPE_RMIN_FLOOR),
                         SHAPE_PACK_LIMIT * GEN_CANVAS * GEN_CANVAS / cell);
    if (p->level + EXTRA_MAX > most) {
        snprintf(err, errlen, "cannot recolour %d shapes on a %dx%d canvas (the scene needs %d shapes, at most %d fit)",
                 p->level, GEN_CANVAS, GEN_CANVAS, p->level + EXTRA_MAX, most);
        return -1;
    }
    return 0;
}

static const gen_field fields[] = {{"num_differences", FIELD_INT}, {NULL, 0}};

const generator gen_change_colour = {
    .name = "change_colour",
    .summary = "two images of the same coloured shapes; count the shapes whose colour changed",
    .images = 2,
    .fields = fields,
    .level_field = "num_differences",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .input_prompt = "You are given two images of the same filled shapes on a white background. Every shape has the "
                    "same place, size and form in both images, but some shapes have a different colour in the "
                    "second image.",
    .rules = "Compare the two images shape by shape and count the shapes whose colour in the second image differs "
             "from their colour in the first. Shapes that kept their colour do not count.",
    .output_prompt = "The last line of your answer must be ANSWER: followed by the number of "
                     "shapes whose colour changed, in digits, for example ANSWER: 3.",
    .answer = {.kind = ANSWER_INT, .gold = {"num_differences"}, .axis = "num_differences"},
    .check_level = check_level,
    .sample = sample,
};
