/* SPDX-License-Identifier: MIT */
/* locate_circles_colour: a full grid_size x grid_size board of circles, rows and
 * columns numbered from 1; n circles (n = the level) are green, every other one
 * red, blue, purple or yellow (even odds).  Record (the original's fields and
 * order): rows = grid_size, n_circles = n, gold_output = the green circles' cells
 * as [row, column] pairs, 1-based, in the order they were drawn.
 * See docs/tasks/locate_circles_colour.md. */
#include "generator.h"
#include "pil_board.h"

/* The board (100-px cells, 40-px margins, numbered rows and columns), its green
 * target circles and the record are the originals' shared Pillow board
 * (common/toolkit/pil_board.h); this file draws the other cells. */
/* PIL's named colours: the board's green marks the circles asked about; every
 * other cell takes one of four colours far from it, even odds. */
static const struct {
    const char *name;
    rgb value;
} OTHERS[] = {{"red", {255, 0, 0}}, {"blue", {0, 0, 255}}, {"purple", {128, 0, 128}}, {"yellow", {255, 255, 0}}};
#define NOTHERS ((int)(sizeof OTHERS / sizeof OTHERS[0]))

static int check_level(const gen_params *p, char *err, size_t errlen)
{
    return pil_board_check_level(p, "green circles", err, errlen);
}

static prim *other(scene *s, rng *colours, double x0, double y0, double box)
{
    int k = (int)rng_below(colours, NOTHERS);
    prim *p = scene_circle(s, x0 + box / 2, y0 + box / 2, box / 2, OTHERS[k].value);
    p->edges = EDGES_PILLOW; /* Pillow's own pixels for the original's box (pil_raster.h) */
    p->kind = "circle";
    p->colour_name = OTHERS[k].name;
    return p;
}

static int sample(gen_ctx *ctx)
{
    return pil_board_sample(ctx, "green circles", "colours", other);
}

const generator gen_locate_circles_colour = {
    .name = "locate_circles_colour",
    .summary = "a board full of coloured circles; give the (row,column) of every green one",
    .images = 1,
    .fields = PIL_BOARD_FIELDS,
    .level_field = "n_circles",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .uses_grid_size = true,
    .input_prompt = "- The picture is a board of square cells with a filled, coloured circle in every cell.\n"
                    "- Numbers above the board count the columns and numbers to its left count the rows.",
    .rules = "- Name a cell by its row number first and its column number second.\n"
             "- List every cell whose circle is green.",
    .output_prompt = "- Make the last line of your answer the cells holding a green circle, separated by single "
                     "spaces.\n"
                     "- Write each cell as (row,column), brackets and comma included, for example (2,5) (4,1).",
    .answer = {.format = "(row,column)", .kind = ANSWER_CELL_PATH, .gold = {"gold_output"}, .axis = "n_circles"},
    .check_level = check_level,
    .sample = sample,
};
