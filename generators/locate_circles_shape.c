/* SPDX-License-Identifier: MIT */
/* locate_circles_shape: a full grid_size x grid_size board, rows and columns
 * numbered from 1; n cells (n = the level) hold a circle, every other cell a
 * square or a down-pointing triangle (even odds), all filled the same green.
 * Record (the original's fields and order): rows = grid_size, n_circles = n,
 * gold_output = the circles' cells as [row, column] pairs, 1-based, in the order
 * they were drawn.  See docs/tasks/locate_circles_shape.md. */
#include "generator.h"
#include "pil_board.h"

/* The board (100-px cells, 40-px margins, numbered rows and columns), its green
 * target circles and the record are the originals' shared Pillow board
 * (common/toolkit/pil_board.h); this file draws the other cells. */
/* PIL's "green", the board's: every shape, whatever its kind, so only the
 * outline tells a circle from a square or a triangle. */
#define GREEN ((rgb){0, 128, 0})

static int check_level(const gen_params *p, char *err, size_t errlen)
{
    return pil_board_check_level(p, "circles", err, errlen);
}

/* A cell without a circle: a square or a down-pointing triangle, even odds. */
static prim *other(scene *s, rng *kinds, double x0, double y0, double box)
{
    prim *p;
    if (rng_below(kinds, 2) == 0) {
        p = scene_rect(s, x0, y0, box, box, GREEN);
        p->kind = "square";
    } else {
        /* the original's vertices at pixel centres (scene.h, EDGES_PILLOW):
         * two corners of the box and the middle of its bottom side */
        double x1 = x0 + box - 1, y1 = y0 + box - 1;
        point tri[3] = {{x0 + 0.5, y0 + 0.5}, {x1 + 0.5, y0 + 0.5}, {(x0 + x1) / 2 + 0.5, y1 + 0.5}};
        p = scene_polygon(s, tri, 3, GREEN);
        p->kind = "triangle";
    }
    p->edges = EDGES_PILLOW; /* Pillow's own pixels for the original's coordinates (pil_raster.h) */
    p->colour_name = "green";
    return p;
}

static int sample(gen_ctx *ctx)
{
    return pil_board_sample(ctx, "circles", "kinds", other);
}

const generator gen_locate_circles_shape = {
    .name = "locate_circles_shape",
    .summary = "a board full of green circles, squares and triangles; give the (row,column) of every circle",
    .images = 1,
    .fields = PIL_BOARD_FIELDS,
    .level_field = "n_circles",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .uses_grid_size = true,
    .input_prompt = "- The picture is a board of square cells with a filled shape in every cell: a circle, a "
                    "square or a triangle.\n"
                    "- Numbers above the board count the columns and numbers to its left count the rows.",
    .rules = "- Name a cell by its row number first and its column number second.\n"
             "- List every cell whose shape is a green circle.",
    .output_prompt = "- Make the last line of your answer the cells holding a green circle, separated by single "
                     "spaces.\n"
                     "- Write each cell as (row,column), brackets and comma included, for example (2,5) (4,1).",
    .answer = {.format = "(row,column)", .kind = ANSWER_CELL_PATH, .gold = {"gold_output"}, .axis = "n_circles"},
    .check_level = check_level,
    .sample = sample,
};
