/* SPDX-License-Identifier: MIT */
/* water_image: a pair on Percept-V's 389x389 canvas with a horizontal blue line
 * through the centre.  The first image holds 2n small shapes above the line; in
 * the second, n of them are reflected below it, as in still water, and the other
 * n stay.  The question: how many were reflected (COUNT: x).
 * Record (the original's order): water_image = n (int), num_objects = n.
 * The scene is common/toolkit/line_pair.c, shared with mirror_image.  The
 * original moves a shape below the line without turning it over (its triangles
 * still point up); gen reflects every point, the evident intent (see
 * docs/tasks/water_image.md). */
#include "generator.h"
#include "line_pair.h"

static int sample(gen_ctx *ctx) { return line_pair_sample(ctx, false, "water_image"); }

static const gen_field fields[] = {{"water_image", FIELD_INT}, {"num_objects", FIELD_INT}, {NULL, 0}};

const generator gen_water_image = {
    .name = "water_image",
    .summary = "two images of small shapes above a horizontal blue line; count the shapes reflected below it",
    .images = 2,
    .fields = fields,
    .level_field = "num_objects",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .input_prompt = "You are shown two pictures of small shapes in several colours on a white background.",
    .rules = "- A blue horizontal line runs across the middle of each picture.\n"
             "- Going from the first picture to the second, some of the shapes have been reflected in that line, "
             "like a reflection in still water: each now lies on the other side of the line, as far from it as "
             "before and upside down.\n"
             "- Every other shape of the second picture is exactly where it was in the first.\n"
             "- Find how many shapes were reflected in the horizontal line.",
    .output_prompt = "Write your answer on one line in the form COUNT: x, where x is the number of reflected "
                     "shapes in digits.",
    .answer = {.format = "COUNT: x", .kind = ANSWER_INT, .gold = {"water_image"}, .axis = "num_objects"},
    .sample = sample,
};
