/* locate_circles_colour: a labelled grid_size x grid_size board with n filled
 * circles in distinct cells, each in one of seven clearly different, everyday
 * colours.  Record: n_circles = n, rows = grid_size, gold_output = "A1 red, C2 blue"
 * (cell and colour of every circle in reading order).
 * See docs/tasks/locate_circles_colour.md. */
#include "errors.h"
#include "generator.h"
#include "grid.h"
#include "palette.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>

/* Circle radius as a share of the cell: the circle fills most of its cell yet
 * keeps 15% of the cell clear of every grid line, so it never reads as lying on a
 * line or in the neighbouring cell. */
#define CIRCLE_CELL_FRACTION 0.35
/* Grid lines: 2 px dark grey, clearly visible but lighter than a black circle. */
#define GRID_LINE_WIDTH 2.0
#define GRID_LINE_COLOUR ((rgb){110, 110, 110})

/* The colours a circle may have: everyday names a reader uses without thinking,
 * and far apart in the palette (CIEDE2000 >= 15 for every pair, palette.h), so no
 * circle's colour is in doubt.  The rules prompt lists the same names. */
static const char *const COLOURS[] = {"red", "green", "blue", "yellow", "purple", "orange", "black"};
#define NCOLOURS ((int)(sizeof COLOURS / sizeof COLOURS[0]))

static int check_level(const gen_params *p, char *err, size_t errlen)
{
    int cells = p->grid_size * p->grid_size;
    if (p->level > cells) {
        snprintf(err, errlen, "cannot place %d circles in distinct cells of a %dx%d board (%d cells)", p->level,
                 p->grid_size, p->grid_size, cells);
        return -1;
    }
    return 0;
}

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level, size = ctx->p.grid_size, cells = size * size;
    char err[256];
    if (check_level(&ctx->p, err, sizeof err) != 0)
        return gen_fail(ctx, "%s", err);

    scene *s = ctx->img[0];
    grid g = grid_fit(size, size, 0, 0, GRID_LETTERS, GRID_FROM_1);
    scene_reset(s, g.width, g.height);
    grid_draw_lines(s, &g, GRID_LINE_WIDTH, GRID_LINE_COLOUR);
    grid_draw_labels(s, &g, RGB_BLACK);

    /* n distinct cells, then sorted: cell index row * size + col is reading order. */
    int *idx = xmalloc(sizeof *idx * (size_t)cells);
    for (int i = 0; i < cells; i++)
        idx[i] = i;
    rng_shuffle_int(&ctx->rng, idx, cells);
    for (int i = 1; i < n; i++) /* insertion sort of the first n */
        for (int j = i; j > 0 && idx[j - 1] > idx[j]; j--) {
            int t = idx[j];
            idx[j] = idx[j - 1];
            idx[j - 1] = t;
        }

    rng colours;
    gen_stream(ctx, "colours", &colours);
    strbuf gold = {0};
    for (int i = 0; i < n; i++) {
        int row = idx[i] / size, col = idx[i] % size;
        int c = palette_find(COLOURS[rng_below(&colours, NCOLOURS)]);
        point centre = grid_cell_centre(&g, row, col);
        prim *p = scene_circle(s, centre.x, centre.y, CIRCLE_CELL_FRACTION * g.cell, PALETTE[c].value);
        p->kind = "circle";
        p->colour_name = PALETTE[c].name;
        p->object = i;
        char name[8];
        grid_cell_name(&g, row, col, name, sizeof name);
        strbuf_addf(&gold, "%s%s %s", i ? ", " : "", name, PALETTE[c].name);
    }
    free(idx);
    cJSON_AddStringToObject(ctx->record, "gold_output", gold.buf ? gold.buf : "");
    cJSON_AddNumberToObject(ctx->record, "n_circles", n);
    cJSON_AddNumberToObject(ctx->record, "rows", size);
    strbuf_free(&gold);
    return GEN_EXIT_OK;
}

static const gen_field fields[] = {
    {"gold_output", FIELD_STRING}, {"n_circles", FIELD_INT}, {"rows", FIELD_INT}, {NULL, 0}};

const generator gen_locate_circles_colour = {
    .name = "locate_circles_colour",
    .summary = "n coloured circles on a labelled board; name each circle's cell and colour",
    .images = 1,
    .fields = fields,
    .level_field = "n_circles",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .uses_grid_size = true,
    .input_prompt = "The image shows a square board of cells. The columns are marked with letters (A, B, C, ...) "
                    "above the board and the rows with numbers (1, 2, 3, ...) to its left. Some cells hold one "
                    "filled circle each; the other cells are empty.",
    .rules = "Name every circle's cell and colour. A cell is named by its column letter followed by its row number, "
             "so B3 is the cell in column B and row 3. Each circle is red, green, blue, yellow, purple, orange or "
             "black. Go through the board in reading order: row 1 from left to right, then row 2 from left to "
             "right, and so on.",
    .output_prompt = "The last line of your answer must be ANSWER: followed by every circle in "
                     "that order as its cell, a space and its colour, with a comma and a space "
                     "between circles, for example ANSWER: A1 red, D1 black, B2 yellow.",
    .answer = {.kind = ANSWER_PAIR_SET, .gold = {"gold_output"}, .axis = "n_circles"},
    .check_level = check_level,
    .sample = sample,
};
