/* SPDX-License-Identifier: MIT */
/* list_shapes: n red, green or blue shapes of four kinds on a background picture,
 * the original's 389x389 matplotlib plot.
 * Record: list_shapes = the kinds present, sorted; num_objects = n.
 * See docs/tasks/list_shapes.md. */
#include "bgshapes.h"
#include "errors.h"
#include "generator.h"
#include "palette.h"

#include <stdio.h>
#include <stdlib.h>

/* The original's shapes: "radius" 75 picture pixels (11.5 px on screen for the
 * 2400-px picture shown 369.6 px wide). */
#define RADIUS 75
/* Two shapes' fills stay at least this far apart (screen px): the original keeps
 * only their centres 2 radii apart, so squares and triangles overlap. */
#define GAP 1.5
/* A fill stands out from the picture around it by at least this much
 * (CIEDE2000) within HALO px (gen's rule; the original's photographs are
 * unknown). */
#define CONTRAST_DE 15.0
#define HALO 2.0
/* matplotlib's default patch edge, 1 pt (1.39 px), in the fill's colour, as the
 * layout rule counts it (the shapes are drawn with 1 pt, bgshapes.h). */
#define EDGE 1.4
/* The original's colours: matplotlib's red, green and blue. */
static const char *const COLOURS[] = {"red", "green", "blue"};
static const char *const KINDS[BGS_NKINDS] = {"circle", "triangle", "square", "pentagon"};
/* The most shapes a level may draw: past 64 the 2400-px picture jams. */
#define MAX_SHAPES 64

static const bgs_style STYLE = {.radius = RADIUS, .sx = 1.0, .gap = GAP, .min_de = CONTRAST_DE, .halo = HALO, .edge = EDGE};

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level;
    scene *s = ctx->img[0];
    scene_reset(s, MPL_TIGHT_SIDE, MPL_TIGHT_SIDE);
    rng colours, picture;
    gen_stream(ctx, "colours", &colours);
    gen_stream(ctx, "background", &picture);
    rgb fill[MAX_SHAPES];
    const char *name[MAX_SHAPES];
    for (int i = 0; i < n; i++) {
        name[i] = COLOURS[rng_below(&colours, 3)];
        fill[i] = PALETTE[palette_find(name[i])].value;
    }
    int kind[MAX_SHAPES];
    char why[200];
    if (bgs_draw(s, n, &STYLE, &ctx->rng, &picture, fill, name, kind, &ctx->redraws, why, sizeof why) != 0)
        return gen_fail(ctx, "%s", why);
    scene_describe(s, "mpl save tight");

    bool seen[BGS_NKINDS] = {false};
    for (int i = 0; i < n; i++)
        seen[kind[i]] = true;
    /* sorted: circle, pentagon, square, triangle */
    static const int SORTED[BGS_NKINDS] = {BGS_CIRCLE, BGS_PENTAGON, BGS_SQUARE, BGS_TRIANGLE};
    cJSON *names = cJSON_AddArrayToObject(ctx->record, "list_shapes");
    for (int k = 0; k < BGS_NKINDS; k++)
        if (seen[SORTED[k]])
            cJSON_AddItemToArray(names, cJSON_CreateString(KINDS[SORTED[k]]));
    cJSON_AddNumberToObject(ctx->record, "num_objects", n);
    return GEN_EXIT_OK;
}

static int check_level(const gen_params *p, char *err, size_t errlen)
{
    if (p->level > MAX_SHAPES) {
        snprintf(err, errlen, "cannot draw %d shapes: at most %d fit the picture", p->level, MAX_SHAPES);
        return -1;
    }
    return 0;
}

static const gen_field fields[] = {{"list_shapes", FIELD_STRING_ARRAY}, {"num_objects", FIELD_INT}, {NULL, 0}};

const generator gen_list_shapes = {
    .name = "list_shapes",
    .summary = "n coloured shapes of four kinds on a background picture; give the set of kinds seen",
    .images = 1,
    .fields = fields,
    .level_field = "num_objects",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .input_prompt = "- The picture shows a few coloured shapes drawn over a background picture.\n",
    .rules = "- Every shape is one of these kinds: circle, triangle, square, pentagon.\n"
             "- Find the shapes drawn on top of the background picture.\n"
             "- Give the set of the different kinds you saw, each kind once.\n",
    .output_prompt = "- Answer on a single line with the set of the different kinds of shape you found.\n",
    .answer = {.format = "a set of shapes", .kind = ANSWER_WORDS, .gold = {"list_shapes"}, .axis = "num_objects"},
    .check_level = check_level,
    .sample = sample,
};
