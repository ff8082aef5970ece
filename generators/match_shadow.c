/* match_shadow: one coloured object, and n labelled black silhouettes of which
 * exactly one is its shadow.  Record: Gold_output = that silhouette's letter,
 * Rows = n.  See docs/tasks/match_shadow.md; the pair is made by
 * common/toolkit/match_pair.c, shared with match_outline. */
#include "generator.h"
#include "match_pair.h"

static int sample(gen_ctx *ctx) { return match_pair_sample(ctx, MATCH_SHADOW); }

static const gen_field fields[] = {{"Gold_output", FIELD_STRING}, {"Rows", FIELD_INT}, {NULL, 0}};

const generator gen_match_shadow = {
    .name = "match_shadow",
    .summary = "a coloured object and n lettered black silhouettes; which one is its shadow?",
    .images = 2,
    .fields = fields,
    .level_field = "Rows",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .input_prompt = "You are given two images. The first shows one coloured object with an irregular outline and "
                    "some spots on it. The second shows one or more black silhouettes, each in its own box with a "
                    "capital letter in the box's top-left corner.",
    .rules = "Find the silhouette in the second image that is the shadow of the object in the first image: the "
             "object's outline filled in black, ignoring its colours and spots. The matching silhouette may be "
             "larger or smaller and sits elsewhere, but it is not turned or flipped. Every other silhouette "
             "differs clearly in shape. Give the letter of the matching silhouette.",
    .output_prompt = "The last line of your answer must be ANSWER: followed by the capital "
                     "letter of the matching silhouette, for example ANSWER: C.",
    .answer = {.kind = ANSWER_WORDS, .gold = {"Gold_output"}, .axis = "Rows"},
    .check_level = match_pair_check_level,
    .sample = sample,
};
