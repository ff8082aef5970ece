/* SPDX-License-Identifier: MIT */
/* match_shadow: two strips of n rows on Percept-V's 97 px wide canvas, one small
 * blue shape per row (circle, triangle, square, pentagon); the first strip holds
 * the shapes, the second their "shadows": solid blue shapes turned upside down.
 * The question: in how many rows is the shadow that of the shape (ANSWER:x).
 * Record (the original's order): Gold_output = the matching rows (int 0..n),
 * Rows = n.  The strips are common/toolkit/row_pair.c, shared with
 * match_outline; see docs/tasks/match_shadow.md. */
#include "generator.h"
#include "row_pair.h"

static int sample(gen_ctx *ctx) { return row_pair_sample(ctx, ROW_SHADOW); }

static const gen_field fields[] = {{"Gold_output", FIELD_INT}, {"Rows", FIELD_INT}, {NULL, 0}};

const generator gen_match_shadow = {
    .name = "match_shadow",
    .summary = "two strips of n rows, shapes and upside-down shadows; count the rows where they match",
    .images = 2,
    .fields = fields,
    .level_field = "Rows",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .input_prompt = "You are shown two tall, narrow pictures. Each is a column of rows divided by black horizontal "
                    "lines, with one shape in every row; a picture may also hold a single shape.",
    .rules = "- The first picture holds shapes, the second picture holds shadows, row by row from the top.\n"
             "- A shadow is a shape's solid blue silhouette turned upside down.\n"
             "- A row matches when its shadow in the second picture is the shadow of the shape in the same row of "
             "the first picture.\n"
             "- Count the rows that match. When each picture shows a single shape, that shape is the one row.",
    .output_prompt = "Write your answer on one line in the form ANSWER:x, where x is the number of matching rows "
                     "in digits.",
    .answer = {.format = "ANSWER:x", .kind = ANSWER_INT, .gold = {"Gold_output"}, .axis = "Rows"},
    .check_level = row_pair_check_level,
    .sample = sample,
};
