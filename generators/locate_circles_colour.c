/* locate_circles_colour: a full grid_size x grid_size board of circles, rows and
 * columns numbered from 1; n circles (n = the level) are green, every other one
 * red, blue, purple or yellow (even odds).  Record (the original's fields and
 * order): rows = grid_size, n_circles = n, gold_output = the green circles' cells
 * as [row, column] pairs, 1-based, in the order they were drawn.
 * See docs/tasks/locate_circles_colour.md. */
#include "errors.h"
#include "generator.h"
#include "pil_board.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>

/* The board (100-px cells, 40-px margins, numbered rows and columns) is the
 * originals' shared Pillow board: common/toolkit/pil_board.h. */
/* PIL's named colours, as the original fills them: green marks the circles asked
 * about; the others take one of four colours far from it. */
#define GREEN ((rgb){0, 128, 0})
static const struct {
    const char *name;
    rgb value;
} OTHERS[] = {{"red", {255, 0, 0}}, {"blue", {0, 0, 255}}, {"purple", {128, 0, 128}}, {"yellow", {255, 255, 0}}};
#define NOTHERS ((int)(sizeof OTHERS / sizeof OTHERS[0]))

static int check_level(const gen_params *p, char *err, size_t errlen)
{
    return pil_board_check_level(p, "green circles", err, errlen);
}

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level, size = ctx->p.grid_size, cells = size * size;
    char err[256];
    if (check_level(&ctx->p, err, sizeof err) != 0)
        return gen_fail(ctx, "%s", err);

    scene *s = ctx->img[0];
    pil_board_draw(s, size);
    char *is_green = xcalloc((size_t)cells, 1);
    cJSON *gold = pil_board_targets(s, &ctx->rng, size, n, GREEN, "green", is_green);
    /* Every other cell, in reading order: a circle of one of the four other
     * colours, even odds. */
    rng colours;
    gen_stream(ctx, "colours", &colours);
    int obj = n;
    for (int c = 0; c < cells; c++) {
        if (is_green[c])
            continue;
        double x0, y0, box;
        pil_board_cell(size, c, &x0, &y0, &box);
        int k = (int)rng_below(&colours, NOTHERS);
        prim *p = scene_circle(s, x0 + box / 2, y0 + box / 2, box / 2, OTHERS[k].value);
        p->edges = EDGES_PILLOW; /* Pillow's own pixels for the original's box (pil_raster.h) */
        p->kind = "circle";
        p->colour_name = OTHERS[k].name;
        p->object = obj++;
    }
    free(is_green);
    cJSON_AddNumberToObject(ctx->record, "rows", size);
    cJSON_AddNumberToObject(ctx->record, "n_circles", n);
    cJSON_AddItemToObject(ctx->record, "gold_output", gold);
    return GEN_EXIT_OK;
}

static const gen_field fields[] = {
    {"rows", FIELD_INT}, {"n_circles", FIELD_INT}, {"gold_output", FIELD_CELL_ARRAY}, {NULL, 0}};

const generator gen_locate_circles_colour = {
    .name = "locate_circles_colour",
    .summary = "a board full of coloured circles; give the (row,column) of every green one",
    .images = 1,
    .fields = fields,
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
