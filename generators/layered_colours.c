/* SPDX-License-Identifier: MIT */
/* layered_colours: n concentric circles in n different palette colours on the
 * original's stretched matplotlib plot, over its swatch strip.
 * Record: num_layers = n, colors = the colour names from the innermost circle out.
 * See docs/tasks/layered_colours.md. */
#include "errors.h"
#include "generator.h"
#include "mplfig.h"
#include "mplplot.h"
#include "palette.h"
#include "swatches.h"

#include <stdio.h>

/* The original's plot: data limits -1..1, circles centred at the origin with radii
 * evenly spaced from 0.9 (the outermost, drawn first) down to 0.05. */
#define R_OUTER 0.9
#define R_INNER 0.05
/* matplotlib's default patch edge: black, 1 pt (1.39 px; the stretch widens the
 * upright parts of a circle's edge to 1.75 px). */
#define EDGE_PT 1.0

/* np.linspace(0.9, 0.05, n)[i]: i steps of (0.05 - 0.9) / (n - 1) from 0.9, the
 * last exactly 0.05. */
static double radius(int i, int n)
{
    if (n == 1)
        return R_OUTER;
    if (i == n - 1)
        return R_INNER;
    double step = (R_INNER - R_OUTER) / (n - 1);
    return i * step + R_OUTER;
}

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level;
    scene *s = ctx->img[0];
    /* n different colours, in a fresh random order for every sample: the
     * original meant to shuffle them (it shuffled a throw-away copy, so its order
     * was one fixed order per run: intent over accident) */
    int order[PALETTE_SIZE];
    mpl_palette_plot(ctx, order);

    scene_describe(s, "mpl figure");
    scene_describe(s, "mpl aspect equal");
    scene_describe(s, "mpl axis off");
    scene_describe(s, "mpl xlim -1.0 1.0");
    scene_describe(s, "mpl ylim -1.0 1.0");
    /* the plot: plt.subplots(), equal aspect, axes off, -1..1 both ways, a tight
     * box (389x389), later stretched over the strip's width (mplfig.h) */
    mplfig f;
    mplfig_equal_tight(&f, -1.0, 1.0, -1.0, 1.0);
    mplfig_clip(&f, s);
    for (int i = 0; i < n; i++) { /* outermost first; order[i] is layer i from the outside */
        const palette_colour *pc = &PALETTE[order[i]];
        scene_describe(s, "mpl circle 0.0 0.0 %.17g color=%s ec=black kind=circle", radius(i, n), pc->name);
        /* plt.Circle(..., color=C, ec='black'): the face C, a black 1 pt edge */
        prim *p = mplfig_circle(&f, s, 0.0, 0.0, radius(i, n), pc->value, true, EDGE_PT);
        p->stroke = RGB_BLACK;
        p->kind = "circle";
        p->colour_name = pc->name;
        p->layer = i;
        p->object = i;
    }
    scene_stretch(s, f.width, f.height); /* cv2.resize'd to the strip's 489 px */
    swatch_strip_append(s);
    scene_describe(s, "mpl save tight");
    scene_describe(s, "cv2 swatches");
    scene_describe(s, "cv2 vconcat");

    cJSON_AddNumberToObject(ctx->record, "num_layers", n);
    cJSON *names = cJSON_AddArrayToObject(ctx->record, "colors");
    for (int i = n - 1; i >= 0; i--)
        cJSON_AddItemToArray(names, cJSON_CreateString(PALETTE[order[i]].name));
    return GEN_EXIT_OK;
}

/* No colour repeats: at most the palette's 20 circles. */
static int check_level(const gen_params *p, char *err, size_t errlen)
{
    return mpl_palette_check_level(p, "circles", err, errlen);
}

static const gen_field fields[] = {{"num_layers", FIELD_INT}, {"colors", FIELD_STRING_ARRAY}, {NULL, 0}};

/* "black, gray, ..., fuchsia" in palette order, straight from palette.def. */
#define PALETTE_COLOUR(name, r, g, b) #name ", "
static const char RULES[] =
    "- Name the colours of the circles in order, starting with the innermost circle and ending with the "
    "outermost one.\n"
    "- If the picture holds one circle only, name its colour.\n"
    "- Every colour is one of these 20: "
#include "swatches/palette.def"
    "(the strip under the picture shows each of them with its name).\n"
    "- No two circles have the same colour.\n";
#undef PALETTE_COLOUR

const generator gen_layered_colours = {
    .name = "layered_colours",
    .summary = "n concentric circles in different colours over the colour strip; name them from the inside out",
    .images = 1,
    .fields = fields,
    .level_field = "num_layers",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .uses_swatches = true,
    .input_prompt = "- The picture shows circles of different colours nested inside one another around one "
                    "centre; it may also show just one circle.\n",
    .rules = RULES,
    .output_prompt = "- Answer on one line with the colours separated by commas, from the innermost circle to the "
                     "outermost, in the form COLOURS: Colour 1 , Colour 2 and so on.\n",
    .answer = {.format = "COLOURS: Colour 1 , Colour 2", .kind = ANSWER_WORDS, .gold = {"colors"},
               .axis = "num_layers"},
    .check_level = check_level,
    .sample = sample,
};
