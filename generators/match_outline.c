/* match_outline: one filled irregular shape, and n labelled outlines of which
 * exactly one has its shape.  Record: Gold_output = that outline's letter, Rows = n.
 * See docs/tasks/match_outline.md; the pair is made by common/toolkit/match_pair.c, shared
 * with match_shadow. */
#include "generator.h"
#include "match_pair.h"

static int sample(gen_ctx *ctx) { return match_pair_sample(ctx, MATCH_OUTLINE); }

static const gen_field fields[] = {{"Gold_output", FIELD_STRING}, {"Rows", FIELD_INT}, {NULL, 0}};

const generator gen_match_outline = {
    .name = "match_outline",
    .summary = "a filled irregular shape and n lettered outlines; which outline is its shape?",
    .images = 2,
    .fields = fields,
    .level_field = "Rows",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .input_prompt = "You are given two images. The first shows one filled shape with an irregular outline. The "
                    "second shows one or more outlined shapes, each in its own box with a capital letter in the "
                    "box's top-left corner.",
    .rules = "Find the outline in the second image that has exactly the shape of the filled shape in the first "
             "image. The matching outline may be larger or smaller and sits elsewhere, but it is not turned or "
             "flipped. Every other outline differs clearly in shape. Give the letter of the matching outline.",
    .output_prompt = "The last line of your answer must be ANSWER: followed by the capital "
                     "letter of the matching outline, for example ANSWER: C.",
    .answer = {.kind = ANSWER_WORDS, .gold = {"Gold_output"}, .axis = "Rows"},
    .check_level = match_pair_check_level,
    .sample = sample,
};
