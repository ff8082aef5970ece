/* colours_present: n filled shapes in palette colours (repeats allowed), with the
 * colour reference strip below the scene.
 * Record: colours_present = 20 "yes"/"no" in palette order, num_objects = n.
 * See docs/tasks/colours_present.md. */
#include "errors.h"
#include "generator.h"
#include "layout.h"
#include "palette.h"
#include "shapes.h"
#include "swatches.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* Shapes at least this far apart (circumcircles): a colour is judged on one shape,
 * never on two touching ones read as one. */
#define SHAPE_GAP 12.0
/* Largest circumradius: 70 px. */
#define SHAPE_RMAX 70.0
/* Smallest circumradius: below 24 px a shape is too small to judge its colour
 * against the swatches with confidence. */
#define SHAPE_RMIN_FLOOR 24.0
/* Radii vary by up to this factor within one image. */
#define SHAPE_SIZE_SPREAD 1.5
/* Share of the scene the circumcircles may cover at most. */
#define SHAPE_COVERAGE 0.30
/* The distinct colours of an image number at least ceil(n / REPEAT_FACTOR), so a
 * large scene is not painted in two colours only, and repeats still occur. */
#define REPEAT_FACTOR 3

/* Kinds that are plainly one solid patch of colour (no thin points). */
static const shape_kind KINDS[] = {SHAPE_CIRCLE, SHAPE_SQUARE, SHAPE_TRIANGLE, SHAPE_PENTAGON, SHAPE_HEXAGON};
#define NKINDS ((int)(sizeof KINDS / sizeof KINDS[0]))

static double radius_max(int n)
{
    return fmin(SHAPE_RMAX, sqrt(SHAPE_COVERAGE * GEN_CANVAS * GEN_CANVAS / (M_PI * n)));
}

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level;
    scene *s = ctx->img[0];
    box area = {0, 0, s->width, s->height};
    double rmax = radius_max(n);
    double rmin = fmax(SHAPE_RMIN_FLOOR, rmax / SHAPE_SIZE_SPREAD);

    disc *d = xmalloc(sizeof *d * (size_t)n);
    if (place_discs(&ctx->rng, &area, n, rmin, rmax, SHAPE_GAP, d) != 0) {
        free(d);
        return gen_fail(ctx, "cannot place %d shapes on a %dx%d canvas", n, s->width, s->height);
    }

    /* k distinct colours, each used at least once, the other shapes repeat them */
    rng colours;
    gen_stream(ctx, "colours", &colours);
    int lo = (n + REPEAT_FACTOR - 1) / REPEAT_FACTOR;
    int hi = n < PALETTE_SIZE ? n : PALETTE_SIZE;
    int k = rng_int(&colours, lo < hi ? lo : hi, hi);
    int order[PALETTE_SIZE];
    for (int i = 0; i < PALETTE_SIZE; i++)
        order[i] = i;
    rng_shuffle_int(&colours, order, PALETTE_SIZE);
    int *pick = xmalloc(sizeof *pick * (size_t)n);
    for (int i = 0; i < n; i++)
        pick[i] = i < k ? order[i] : order[rng_below(&colours, (uint32_t)k)];
    rng_shuffle_int(&colours, pick, n);

    bool present[PALETTE_SIZE] = {false};
    for (int i = 0; i < n; i++) {
        const palette_colour *pc = &PALETTE[pick[i]];
        shape_kind kind = KINDS[rng_below(&ctx->rng, NKINDS)];
        double rot = rng_uniform(&ctx->rng, 0, 2 * M_PI);
        prim *p = scene_shape(s, kind, d[i].x, d[i].y, d[i].r, rot, pc->value);
        p->colour_name = pc->name;
        p->object = i;
        present[pick[i]] = true;
    }
    free(pick);
    free(d);
    swatch_strip_append(s);

    cJSON *arr = cJSON_AddArrayToObject(ctx->record, "colours_present");
    for (int i = 0; i < PALETTE_SIZE; i++)
        cJSON_AddItemToArray(arr, cJSON_CreateString(present[i] ? "yes" : "no"));
    cJSON_AddNumberToObject(ctx->record, "num_objects", n);
    return GEN_EXIT_OK;
}

/* Share of the scene that shapes with half of SHAPE_GAP around each may cover before
 * random placement stalls: 0.40 (90 shapes at the radius floor) still places 30 of 30
 * samples; at 106 shapes some fail. */
#define SHAPE_PACK_LIMIT 0.40

/* Above this level the shapes would shrink below SHAPE_RMIN_FLOOR or pack too tightly. */
static int check_level(const gen_params *p, char *err, size_t errlen)
{
    double cell = M_PI * pow(SHAPE_RMIN_FLOOR + SHAPE_GAP / 2, 2);
    int most = (int)fmin(SHAPE_COVERAGE * GEN_CANVAS * GEN_CANVAS / (M_PI * SHAPE_RMIN_FLOOR * SHAPE_RMIN_FLOOR),
                         SHAPE_PACK_LIMIT * GEN_CANVAS * GEN_CANVAS / cell);
    if (p->level > most) {
        snprintf(err, errlen, "cannot draw %d shapes on a %dx%d canvas (at most %d fit with radius >= %.0f px)",
                 p->level, GEN_CANVAS, GEN_CANVAS, most, SHAPE_RMIN_FLOOR);
        return -1;
    }
    return 0;
}

static const gen_field fields[] = {{"colours_present", FIELD_STRING_ARRAY}, {"num_objects", FIELD_INT}, {NULL, 0}};

/* "red, green, ..., mint, " in palette order, straight from palette.def. */
#define PALETTE_COLOUR(name, r, g, b) #name ", "
static const char RULES[] =
    "Go through these 20 colours, in this order: "
#include "swatches/palette.def"
    "and for each one decide whether at least one shape in the picture above the strip is filled with it. The strip "
    "itself does not count; a colour used by several shapes counts once.";
#undef PALETTE_COLOUR

const generator gen_colours_present = {
    .name = "colours_present",
    .summary = "n shapes in palette colours above the colour strip; say which of the 20 colours appear",
    .images = 1,
    .fields = fields,
    .level_field = "num_objects",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .uses_swatches = true,
    .input_prompt = "The image shows one or more filled shapes on a white background; a colour may be used by more "
                    "than one shape. Below the picture, a reference strip shows each of the 20 colours that may be "
                    "used, as a square patch with its name underneath.",
    .rules = RULES,
    .output_prompt = "The last line of your answer must be ANSWER: followed by 20 words, yes or "
                     "no, one for each colour in the order listed, separated by single spaces, "
                     "for example ANSWER: yes no no yes no no no no no no no no no no no no no "
                     "no no no.",
    .answer = {.kind = ANSWER_WORDS, .gold = {"colours_present"}, .axis = "num_objects"},
    .check_level = check_level,
    .sample = sample,
};
