/* SPDX-License-Identifier: MIT */
/* colours_present: n small shapes in n different palette colours on a white
 * matplotlib plot, stretched over the original's swatch strip.
 * Record: colours_present = 20 "Yes"/"No" in palette order, num_objects = n.
 * See docs/tasks/colours_present.md. */
#include "errors.h"
#include "generator.h"
#include "mplfig.h"
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
/* The shapes' edge: black (ec='black'), matplotlib's default 1 pt. */
#define EDGE_PT 1.0
/* Draws for one centre before giving up: 20 centres 0.1 apart fill at most a
 * fifth of the square, so a centre is found within a few draws. */
#define CENTRE_TRIES 100000

enum { CIRCLE, TRIANGLE, RECTANGLE, PENTAGON, NKINDS };
/* The kinds' names in the original script (prim kinds only; the record has none). */
static const char *const KIND_NAME[NKINDS] = {"circle", "triangle", "square", "pentagon"};

/* A shape as the original adds it: plt.Circle, plt.Polygon or plt.Rectangle with
 * color= its colour and ec='black' (a black 1 pt edge; matplotlib applies the
 * ec after the colour), on the plot's figure (mplfig.h). */
static prim *draw_shape(const mplfig *f, scene *s, int kind, double x, double y, rgb fill)
{
    const double r = RADIUS;
    prim *q;
    switch (kind) {
    case CIRCLE:
        q = mplfig_circle(f, s, x, y, r, fill, true, EDGE_PT);
        break;
    case TRIANGLE: {
        point p[3] = {{x, y + r}, {x - r, y - r}, {x + r, y - r}};
        q = mplfig_polygon(f, s, p, 3, fill, true, EDGE_PT);
        break;
    }
    case RECTANGLE:
        q = mplfig_rectangle(f, s, x - r, y - r, 2 * r, 2 * r, fill, true, EDGE_PT);
        break;
    default: { /* the original's pentagon, point up, by its listed vertices */
        point p[5] = {{x, y + r},
                      {x + 0.95 * r, y + 0.31 * r},
                      {x + 0.59 * r, y - 0.81 * r},
                      {x - 0.59 * r, y - 0.81 * r},
                      {x - 0.95 * r, y + 0.31 * r}};
        q = mplfig_polygon(f, s, p, 5, fill, true, EDGE_PT);
        break;
    }
    }
    q->stroke = RGB_BLACK;
    q->kind = KIND_NAME[kind];
    return q;
}

/* A shape in the original's call: colour= with ec='black' (the edge black). */
static void describe_shape(scene *s, int kind, double x, double y, const char *colour)
{
    const double r = RADIUS;
    switch (kind) {
    case CIRCLE:
        scene_describe(s, "mpl circle %.17g %.17g %.17g ec=black color=%s kind=circle", x, y, r, colour);
        break;
    case TRIANGLE:
        scene_describe(s, "mpl polygon %.17g,%.17g,%.17g,%.17g,%.17g,%.17g ec=black color=%s kind=triangle", x,
                       y + r, x - r, y - r, x + r, y - r, colour);
        break;
    case RECTANGLE:
        scene_describe(s, "mpl rectangle %.17g %.17g %.17g %.17g ec=black color=%s kind=square", x - r, y - r, 2 * r,
                       2 * r, colour);
        break;
    default:
        scene_describe(s, "mpl polygon %.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g ec=black color=%s "
                       "kind=pentagon", x, y + r, x + 0.95 * r, y + 0.31 * r, x + 0.59 * r, y - 0.81 * r,
                       x - 0.59 * r, y - 0.81 * r, x - 0.95 * r, y + 0.31 * r, colour);
        break;
    }
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
    /* the plot: plt.subplots(), equal aspect, axes off, -0.1..1.1 both ways, a
     * tight box (389x389), later stretched over the strip's width */
    mplfig f;
    mplfig_equal_tight(&f, DATA_LO, DATA_LO + DATA_SPAN, DATA_LO, DATA_LO + DATA_SPAN);
    mplfig_clip(&f, s);
    scene_describe(s, "mpl figure");
    scene_describe(s, "mpl aspect equal");
    scene_describe(s, "mpl axis off");
    scene_describe(s, "mpl xlim -0.1 1.1");
    scene_describe(s, "mpl ylim -0.1 1.1");
    bool present[PALETTE_SIZE] = {false};
    for (int i = 0; i < n; i++) {
        const palette_colour *pc = &PALETTE[order[i]];
        int kind = (int)rng_below(&kinds, NKINDS);
        prim *p = draw_shape(&f, s, kind, cx[i], cy[i], pc->value);
        describe_shape(s, kind, cx[i], cy[i], pc->name);
        p->colour_name = pc->name;
        p->object = i;
        present[order[i]] = true;
    }
    /* cv2.resize'd from the plot's 389 px to the strip's 489, the strip below */
    scene_stretch(s, f.width, f.height);
    swatch_strip_append(s);
    scene_describe(s, "mpl save tight");
    scene_describe(s, "cv2 swatches");
    scene_describe(s, "cv2 vconcat");

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
