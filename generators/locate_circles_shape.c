/* locate_circles_shape: a labelled grid_size x grid_size board; n circles and a
 * few other shapes (triangles, squares, diamonds, stars, pentagons) in distinct
 * cells.  Record: n_circles = n, rows = grid_size, gold_output = the cells that
 * hold circles in reading order, space separated ("A1 C2 F5").
 * See docs/tasks/locate_circles_shape.md. */
#include "errors.h"
#include "generator.h"
#include "grid.h"
#include "palette.h"
#include "shapes.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* Circumradius of the other shapes as a share of the cell: each keeps 13% of the
 * cell clear of the grid lines, so it plainly belongs to one cell. */
#define SHAPE_CELL_FRACTION 0.37
/* Circle radius as a share of the cell: a little smaller than the other shapes'
 * circumradius, so that circles do not stand out by being the largest shapes. */
#define CIRCLE_CELL_FRACTION 0.31
/* Smallest cell: at 40 px a shape is 28 px across, enough to see a star's points
 * or a triangle's corners; larger boards grow the canvas instead. */
#define MIN_CELL 40.0
/* A pentagon only appears when its circumradius is at least this: a smaller one
 * loses its corners to antialiasing and could be taken for a circle. */
#define PENTAGON_MIN_RADIUS 18.0
#define GRID_LINE_WIDTH 2.0
#define GRID_LINE_COLOUR ((rgb){110, 110, 110})

/* The shapes that are not circles: each has at most five corners, all clearly
 * pointed, so none reads as a circle (no hexagons or octagons). */
static const shape_kind OTHERS[] = {SHAPE_TRIANGLE, SHAPE_SQUARE, SHAPE_DIAMOND, SHAPE_STAR, SHAPE_PENTAGON};
#define NOTHERS ((int)(sizeof OTHERS / sizeof OTHERS[0]))
/* Every shape takes a colour from this set, whatever its kind, so colour says
 * nothing about which shapes are circles. */
static const char *const COLOURS[] = {"red", "green", "blue", "orange", "purple", "turquoise", "black"};
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

static void sort_ints(int *v, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && v[j - 1] > v[j]; j--) {
            int t = v[j];
            v[j] = v[j - 1];
            v[j - 1] = t;
        }
}

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level, size = ctx->p.grid_size, cells = size * size;
    char err[256];
    if (check_level(&ctx->p, err, sizeof err) != 0)
        return gen_fail(ctx, "%s", err);

    scene *s = ctx->img[0];
    grid g = grid_fit_cell(size, size, MIN_CELL, GRID_LETTERS, GRID_FROM_1);
    scene_reset(s, g.width, g.height);
    grid_draw_lines(s, &g, GRID_LINE_WIDTH, GRID_LINE_COLOUR);
    grid_draw_labels(s, &g, RGB_BLACK);
    double r = SHAPE_CELL_FRACTION * g.cell, rc = CIRCLE_CELL_FRACTION * g.cell;
    int nkinds = r >= PENTAGON_MIN_RADIUS ? NOTHERS : NOTHERS - 1; /* pentagon is last */

    /* Other shapes: about half to once as many as circles, at least one while a
     * cell is free, never more than the free cells. */
    int free_cells = cells - n;
    int lo = n / 2 > 1 ? n / 2 : 1, hi = n > 2 ? n : 2;
    if (hi > free_cells)
        hi = free_cells;
    if (lo > hi)
        lo = hi;
    int m = rng_int(&ctx->rng, lo, hi);

    /* The first n shuffled cells hold circles, the next m other shapes. */
    int *idx = xmalloc(sizeof *idx * (size_t)cells);
    for (int i = 0; i < cells; i++)
        idx[i] = i;
    rng_shuffle_int(&ctx->rng, idx, cells);
    sort_ints(idx, n);

    rng look;
    gen_stream(ctx, "colours", &look);
    strbuf gold = {0};
    for (int i = 0; i < n + m; i++) {
        int row = idx[i] / size, col = idx[i] % size;
        shape_kind k = i < n ? SHAPE_CIRCLE : OTHERS[rng_below(&ctx->rng, (uint32_t)nkinds)];
        double rot = k == SHAPE_CIRCLE ? 0 : rng_uniform(&ctx->rng, 0, 2 * M_PI);
        int c = palette_find(COLOURS[rng_below(&look, NCOLOURS)]);
        point centre = grid_cell_centre(&g, row, col);
        prim *p = scene_shape(s, k, centre.x, centre.y, k == SHAPE_CIRCLE ? rc : r, rot, PALETTE[c].value);
        p->colour_name = PALETTE[c].name;
        p->object = i;
        if (i < n) {
            char name[8];
            grid_cell_name(&g, row, col, name, sizeof name);
            strbuf_addf(&gold, "%s%s", i ? " " : "", name);
        }
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

const generator gen_locate_circles_shape = {
    .name = "locate_circles_shape",
    .summary = "circles among other shapes on a labelled board; name the cells that hold circles",
    .images = 1,
    .fields = fields,
    .level_field = "n_circles",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .uses_grid_size = true,
    .input_prompt = "The image shows a square board of cells. The columns are marked with letters (A, B, C, ...) "
                    "above the board and the rows with numbers (1, 2, 3, ...) to its left. Some cells hold one "
                    "filled shape each: a circle, or another shape such as a triangle, square, diamond, star or "
                    "pentagon. The other cells are empty.",
    .rules = "Find every cell that holds a circle; ignore all other shapes. A cell is named by its column letter "
             "followed by its row number, so B3 is the cell in column B and row 3. Go through the board in reading "
             "order: row 1 from left to right, then row 2 from left to right, and so on.",
    .output_prompt = "The last line of your answer must be ANSWER: followed by the cells that "
                     "hold circles, in that order and separated by single spaces, for example "
                     "ANSWER: A1 D1 B2.",
    .answer = {.kind = ANSWER_WORD_SET, .gold = {"gold_output"}, .axis = "n_circles"},
    .check_level = check_level,
    .sample = sample,
};
