/* water_image: a scene of n asymmetric shapes and its top-bottom reflection (as in
 * still water), in about half the samples with one object changed.  Record:
 * num_objects = n, water_image = "yes" / "no".  See docs/tasks/water_image.md; the
 * pair is made by common/toolkit/mirror_pair.c, shared with mirror_image. */
#include "generator.h"
#include "mirror_pair.h"

static int sample(gen_ctx *ctx) { return mirror_pair_sample(ctx, false, "water_image"); }

static const gen_field fields[] = {{"num_objects", FIELD_INT}, {"water_image", FIELD_STRING}, {NULL, 0}};

const generator gen_water_image = {
    .name = "water_image",
    .summary = "a scene of asymmetric shapes and a second image; is it the top-bottom (water) reflection?",
    .images = 2,
    .fields = fields,
    .level_field = "num_objects",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .input_prompt = "You are given two images. The first shows one or more flat coloured shapes on a white "
                    "background. The second shows a similar arrangement of shapes.",
    .rules = "Decide whether the second image is the exact water reflection of the first, as if the first were "
             "reflected in still water along its bottom or top edge: every shape appears flipped upside down, at "
             "the reflected position, in the same colour. If even one shape is moved, recoloured, exchanged with "
             "another shape or not flipped, the second image is not the water reflection.",
    .output_prompt = "The last line of your answer must be ANSWER: yes if the second image is "
                     "the water reflection of the first, or ANSWER: no if it is not.",
    .answer = {.kind = ANSWER_WORDS, .gold = {"water_image"}, .axis = "num_objects"},
    .check_level = mirror_pair_check_level,
    .sample = sample,
};
