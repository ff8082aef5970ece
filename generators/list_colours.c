/* SPDX-License-Identifier: MIT */
/* list_colours: n shapes in n different palette colours on a background picture,
 * the original's stretched plot over its swatch strip.
 * Record: list_colours = the n colour names sorted, num_objects = n.
 * See docs/tasks/list_colours.md. */
#include "bgshapes.h"
#include "errors.h"
#include "generator.h"
#include "mplplot.h"
#include "palette.h"
#include "swatches.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The original's shapes: "radius" 150 picture pixels (23 px high, 29 px wide once
 * the 2400-px picture is shown 369.6 px high and stretched). */
#define RADIUS 150
/* Two shapes stay at least this far apart (screen px, fill to fill): the original
 * keeps only their centres 2 radii apart, so squares and triangles overlap. */
#define GAP 1.5
/* A fill stands out from the picture around it by at least this much
 * (CIEDE2000), within HALO px of its outline (the original has no such rule:
 * its photographs were never published). */
#define CONTRAST_DE 15.0
#define HALO 2.0
/* matplotlib's default patch edge, 1 pt (1.39 px), in the fill's colour, as the
 * layout rule counts it (the shapes are drawn with 1 pt, bgshapes.h). */
#define EDGE 1.4

static const bgs_style STYLE = {
    .radius = RADIUS, .sx = MPL_STRETCH, .gap = GAP, .min_de = CONTRAST_DE, .halo = HALO, .edge = EDGE};

static int by_name(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level;
    scene *s = ctx->img[0];
    /* n different colours (a uniform n-subset), in a random order over the places */
    int order[PALETTE_SIZE];
    mpl_palette_plot(ctx, order);
    rng picture;
    gen_stream(ctx, "background", &picture);
    rgb fill[PALETTE_SIZE];
    const char *name[PALETTE_SIZE];
    for (int i = 0; i < n; i++) {
        fill[i] = PALETTE[order[i]].value;
        name[i] = PALETTE[order[i]].name;
    }
    int kind[PALETTE_SIZE];
    char why[200];
    if (bgs_draw(s, n, &STYLE, &ctx->rng, &picture, fill, name, kind, &ctx->redraws, why, sizeof why) != 0)
        return gen_fail(ctx, "%s", why);
    /* cv2.resize'd from the plot's 389 px to the strip's 489, the strip below */
    scene_stretch(s, MPL_TIGHT_SIDE, MPL_TIGHT_SIDE);
    swatch_strip_append(s);
    scene_describe(s, "mpl save tight");
    scene_describe(s, "cv2 swatches");
    scene_describe(s, "cv2 vconcat");

    qsort(name, (size_t)n, sizeof *name, by_name);
    cJSON *names = cJSON_AddArrayToObject(ctx->record, "list_colours");
    for (int i = 0; i < n; i++)
        cJSON_AddItemToArray(names, cJSON_CreateString(name[i]));
    cJSON_AddNumberToObject(ctx->record, "num_objects", n);
    return GEN_EXIT_OK;
}

/* No colour repeats: at most the palette's 20 shapes. */
static int check_level(const gen_params *p, char *err, size_t errlen)
{
    return mpl_palette_check_level(p, "shapes", err, errlen);
}

static const gen_field fields[] = {{"list_colours", FIELD_STRING_ARRAY}, {"num_objects", FIELD_INT}, {NULL, 0}};

/* "black, gray, ..., fuchsia" in palette order, straight from palette.def. */
#define PALETTE_COLOUR(name, r, g, b) #name ", "
static const char RULES[] =
    "- Every shape is filled with one of these 20 colours: "
#include "swatches/palette.def"
    "(the strip under the picture shows each of them with its name).\n"
    "- No two shapes have the same colour.\n"
    "- Find the shapes drawn on top of the background picture and name the colour of each.\n"
    "- Give every colour you found, once each; the order does not matter.\n";
#undef PALETTE_COLOUR

const generator gen_list_colours = {
    .name = "list_colours",
    .summary = "n shapes in different colours on a background picture, over the colour strip; list their colours",
    .images = 1,
    .fields = fields,
    .level_field = "num_objects",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .uses_swatches = true,
    .input_prompt = "- The picture shows a few coloured shapes drawn over a background picture.\n",
    .rules = RULES,
    .output_prompt = "- Answer on a single line with the list of all the colours you found.\n",
    .answer = {.format = "a list of colours", .kind = ANSWER_WORDS, .gold = {"list_colours"}, .axis = "num_objects"},
    .check_level = check_level,
    .sample = sample,
};
