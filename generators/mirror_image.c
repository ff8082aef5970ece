/* mirror_image: a scene of n asymmetric shapes and its left-right mirror image, in
 * about half the samples with one object changed.  Record: num_objects = n,
 * mirror_image = "yes" / "no".  See docs/tasks/mirror_image.md; the pair is made by
 * common/toolkit/mirror_pair.c, shared with water_image. */
#include "generator.h"
#include "mirror_pair.h"

static int sample(gen_ctx *ctx) { return mirror_pair_sample(ctx, true, "mirror_image"); }

static const gen_field fields[] = {{"mirror_image", FIELD_STRING}, {"num_objects", FIELD_INT}, {NULL, 0}};

const generator gen_mirror_image = {
    .name = "mirror_image",
    .summary = "a scene of asymmetric shapes and a second image; is it the left-right mirror image?",
    .images = 2,
    .fields = fields,
    .level_field = "num_objects",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .input_prompt = "You are given two images. The first shows one or more flat coloured shapes on a white "
                    "background. The second shows a similar arrangement of shapes.",
    .rules = "Decide whether the second image is the exact mirror image of the first, as if the first were "
             "reflected in a mirror standing upright along its left or right edge: every shape appears flipped "
             "left to right, at the mirrored position, in the same colour. If even one shape is moved, "
             "recoloured, exchanged with another shape or not flipped, the second image is not the mirror image.",
    .output_prompt = "The last line of your answer must be ANSWER: yes if the second image is "
                     "the mirror image of the first, or ANSWER: no if it is not.",
    .answer = {.kind = ANSWER_WORDS, .gold = {"mirror_image"}, .axis = "num_objects"},
    .check_level = mirror_pair_check_level,
    .sample = sample,
};
