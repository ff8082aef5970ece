/* colours_present: n small shapes in n different palette colours on a white
 * matplotlib plot, stretched over the original's swatch strip.
 * Record: colours_present = 20 "Yes"/"No" in palette order, num_objects = n.
 * See docs/tasks/colours_present.md. */
#include "errors.h"
#include "generator.h"
#include "mplplot.h"
#include "palette.h"
#include "swatches.h"

#include <math.h>
#include <stdio.h>

/* The original's plot: data limits -0.1..1.1 on both axes, shapes of "radius"
 * 0.05 with centres uniform in [0.1, 0.9]^2, more than 2 radii apart (centre to
 * centre: squares and triangles, whose corners reach 0.071, may still overlap). */
#define DATA_LO (-0.1)
#define DATA_SPAN 1.2
#define RADIUS 0.05
#define CENTRE_LO 0.1
#define CENTRE_HI 0.9
/* matplotlib's default patch edge: black, 1 pt; the stretch widens the upright
 * edges to 1.75 px, the level ones stay 1.39 px. */
#define EDGE_WIDTH 1.5
/* Draws for one centre before giving up: 20 centres 0.1 apart fill at most a
 * fifth of the square, so a centre is found within a few draws. */
#define CENTRE_TRIES 100000

enum { CIRCLE, TRIANGLE, RECTANGLE, PENTAGON, NKINDS };
/* The kinds' names in the original script (prim kinds only; the record has none). */
static const char *const KIND_NAME[NKINDS] = {"circle", "triangle", "square", "pentagon"};

static point at(double x, double y)
{
    return mpl_point((x - DATA_LO) / DATA_SPAN, (y - DATA_LO) / DATA_SPAN);
}

static prim *draw_shape(scene *s, int kind, double x, double y, rgb fill)
{
    double r = RADIUS;
    point p[MPL_ELLIPSE_POINTS];
    int n = 0;
    switch (kind) {
    case CIRCLE: {
        point c = at(x, y), e = at(x + r, y + r);
        mpl_ellipse(p, c.x, c.y, e.x - c.x, c.y - e.y);
        n = MPL_ELLIPSE_POINTS;
        break;
    }
    case TRIANGLE:
        p[0] = at(x, y + r), p[1] = at(x - r, y - r), p[2] = at(x + r, y - r);
        n = 3;
        break;
    case RECTANGLE:
        p[0] = at(x - r, y - r), p[1] = at(x + r, y - r), p[2] = at(x + r, y + r), p[3] = at(x - r, y + r);
        n = 4;
        break;
    default: /* the original's pentagon, point up, by its listed vertices */
        p[0] = at(x, y + r), p[1] = at(x + 0.95 * r, y + 0.31 * r), p[2] = at(x + 0.59 * r, y - 0.81 * r);
        p[3] = at(x - 0.59 * r, y - 0.81 * r), p[4] = at(x - 0.95 * r, y + 0.31 * r);
        n = 5;
        break;
    }
    prim *q = scene_polygon(s, p, n, fill);
    q->stroke_width = EDGE_WIDTH;
    q->stroke = RGB_BLACK;
    q->kind = KIND_NAME[kind];
    return q;
}

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level;
    scene *s = ctx->img[0];
    /* n different colours in a random order (random.sample) */
    int order[PALETTE_SIZE];
    mpl_palette_plot(ctx, order);

    /* centres one after another, each more than 2 radii from those before */
    double cx[PALETTE_SIZE], cy[PALETTE_SIZE];
    for (int i = 0; i < n; i++) {
        int t = 0;
        for (; t < CENTRE_TRIES; t++) {
            double x = rng_uniform(&ctx->rng, CENTRE_LO, CENTRE_HI), y = rng_uniform(&ctx->rng, CENTRE_LO, CENTRE_HI);
            bool ok = true;
            for (int j = 0; j < i && ok; j++)
                ok = hypot(x - cx[j], y - cy[j]) > 2 * RADIUS;
            if (ok) {
                cx[i] = x, cy[i] = y;
                break;
            }
        }
        if (t == CENTRE_TRIES)
            return gen_fail(ctx, "cannot place shape %d of %d more than %.2f apart", i + 1, n, 2 * RADIUS);
    }

    rng kinds;
    gen_stream(ctx, "kinds", &kinds);
    bool present[PALETTE_SIZE] = {false};
    for (int i = 0; i < n; i++) {
        const palette_colour *pc = &PALETTE[order[i]];
        prim *p = draw_shape(s, (int)rng_below(&kinds, NKINDS), cx[i], cy[i], pc->value);
        p->colour_name = pc->name;
        p->object = i;
        present[order[i]] = true;
    }
    swatch_strip_append(s);

    cJSON *arr = cJSON_AddArrayToObject(ctx->record, "colours_present");
    for (int i = 0; i < PALETTE_SIZE; i++)
        cJSON_AddItemToArray(arr, cJSON_CreateString(present[i] ? "Yes" : "No"));
    cJSON_AddNumberToObject(ctx->record, "num_objects", n);
    return GEN_EXIT_OK;
}

/* No colour repeats: at most the palette's 20 shapes (the original's random.sample
 * refuses more). */
static int check_level(const gen_params *p, char *err, size_t errlen)
{
    return mpl_palette_check_level(p, "shapes", err, errlen);
}

static const gen_field fields[] = {{"colours_present", FIELD_STRING_ARRAY}, {"num_objects", FIELD_INT}, {NULL, 0}};

/* "black, gray, ..., fuchsia" in palette order, straight from palette.def. */
#define PALETTE_COLOUR(name, r, g, b) #name ", "
static const char RULES[] =
    "- Every shape is filled with one of these 20 colours, listed here in a fixed order: "
#include "swatches/palette.def"
    "(the strip under the picture shows each of them with its name).\n"
    "- Each colour is used by one shape at most.\n"
    "- Go through the 20 colours in the order listed and write yes if some shape in the picture is filled with "
    "that colour, no if none is. The strip itself does not count.\n";
#undef PALETTE_COLOUR

const generator gen_colours_present = {
    .name = "colours_present",
    .summary = "n shapes in n different colours above the colour strip; say which of the 20 colours appear",
    .images = 1,
    .fields = fields,
    .level_field = "num_objects",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .uses_swatches = true,
    .input_prompt = "- The picture shows a few shapes, each filled with a different colour, above a reference strip "
                    "of colours.\n",
    .rules = RULES,
    .output_prompt = "- Answer on one line with the 20 yes/no words separated by commas, in the order of the colour "
                     "list, for example: ANSWER: yes , no, no, yes and so on.\n",
    .answer = {.format = "ANSWER: yes , no, no, yes", .kind = ANSWER_WORDS, .gold = {"colours_present"},
               .axis = "num_objects"},
    .check_level = check_level,
    .sample = sample,
};
