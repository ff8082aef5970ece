/* SPDX-License-Identifier: MIT */
/* mirror_image: a pair on Percept-V's 389x389 canvas with a vertical blue line
 * through the centre.  The first image holds 2n small shapes left of the line;
 * in the second, n of them are mirrored across it (the right half) and the other
 * n stay.  The question: how many were mirrored (COUNT: x).
 * Record (the original's order): mirror_image = n (int), num_objects = n.
 * The scene is common/toolkit/line_pair.c, shared with water_image; see
 * docs/tasks/mirror_image.md. */
#include "generator.h"
#include "line_pair.h"

static int sample(gen_ctx *ctx) { return line_pair_sample(ctx, true, "mirror_image"); }

static const gen_field fields[] = {{"mirror_image", FIELD_INT}, {"num_objects", FIELD_INT}, {NULL, 0}};

const generator gen_mirror_image = {
    .name = "mirror_image",
    .summary = "two images of small shapes beside a vertical blue line; count the shapes mirrored across it",
    .images = 2,
    .fields = fields,
    .level_field = "num_objects",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .input_prompt = "You are shown two pictures. Each has a white background, a blue vertical line down its "
                    "middle and small coloured shapes.",
    .rules = "- The blue line stands like a mirror between the two halves of each picture.\n"
             "- Going from the first picture to the second, some of the shapes have been reflected in that line: "
             "each now lies on the other side of it, as far from the line as before and at the same height.\n"
             "- Every other shape of the second picture is exactly where it was in the first.\n"
             "- Find how many shapes were reflected in the line.",
    .output_prompt = "Write your answer on one line in the form COUNT: x, where x is the number of reflected "
                     "shapes in digits.",
    .answer = {.format = "COUNT: x", .kind = ANSWER_INT, .gold = {"mirror_image"}, .axis = "num_objects"},
    .sample = sample,
};
