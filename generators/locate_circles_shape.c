/* locate_circles_shape: a full grid_size x grid_size board, rows and columns
 * numbered from 1; n cells (n = the level) hold a circle, every other cell a
 * square or a down-pointing triangle (even odds), all filled the same green.
 * Record (the original's fields and order): rows = grid_size, n_circles = n,
 * gold_output = the circles' cells as [row, column] pairs, 1-based, in the order
 * they were drawn.  See docs/tasks/locate_circles_shape.md. */
#include "errors.h"
#include "generator.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>

/* The original's board (PIL): 100-px cells, a 40-px margin on every side, so the
 * canvas is grid_size * 100 + 80 px square (680 x 680 at the release's 6). */
#define CELL 100.0
#define MARGIN 40.0
/* Every shape fills its cell but 5 px on each side: 91 px across (PIL's inclusive
 * box from +5 to -5), centred on the cell. */
#define INSET 5.0
/* Black lines, 2 px wide; PIL puts a 2-px line drawn at x on pixels x and x+1. */
#define LINE_WIDTH 2.0
/* Labels: 20-px text (the original's Arial 20; ours is the bundled metric twin).
 * Column numbers sit above the board, row numbers in the left margin, where the
 * original's land; the column numbers are lifted 2 px so their ink clears the top
 * line (the original's touch it, which is no part of the task). */
#define FONT_PX 20.0
#define COL_LABEL_Y 30.0
#define ROW_LABEL_X 26.0
#define ROW_LABEL_DY 55.0 /* the original's row numbers sit 4 px below the cell's middle */
/* PIL's "green": every shape, whatever its kind, so only the outline tells a
 * circle from a square or a triangle. */
#define GREEN ((rgb){0, 128, 0})

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

/* The board: lines on the original's pixels, numbers 1.. above and to the left. */
static void draw_board(scene *s, int size)
{
    double end = MARGIN + size * CELL + LINE_WIDTH;
    char buf[16];
    for (int i = 0; i <= size; i++) {
        double at = MARGIN + i * CELL + LINE_WIDTH / 2;
        prim *v = scene_line(s, at, MARGIN, at, end, LINE_WIDTH, RGB_BLACK);
        v->kind = "grid";
        prim *h = scene_line(s, MARGIN, at, end, at, LINE_WIDTH, RGB_BLACK);
        h->kind = "grid";
    }
    for (int i = 0; i < size; i++) {
        snprintf(buf, sizeof buf, "%d", i + 1);
        prim *c = scene_text(s, MARGIN + i * CELL + CELL / 2, COL_LABEL_Y, FONT_PX, buf, RGB_BLACK);
        c->kind = "axis label";
        prim *r = scene_text(s, ROW_LABEL_X, MARGIN + i * CELL + ROW_LABEL_DY, FONT_PX, buf, RGB_BLACK);
        r->kind = "axis label";
    }
}

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level, size = ctx->p.grid_size, cells = size * size;
    char err[256];
    if (check_level(&ctx->p, err, sizeof err) != 0)
        return gen_fail(ctx, "%s", err);

    scene *s = ctx->img[0];
    int side = (int)(size * CELL + 2 * MARGIN);
    scene_reset(s, side, side);
    draw_board(s, size);

    /* n distinct cells in a uniformly random order (the original draws cells at
     * random and skips repeats, which gives the same ordered sample). */
    int *idx = xmalloc(sizeof *idx * (size_t)cells);
    char *is_circle = xcalloc((size_t)cells, 1);
    for (int i = 0; i < cells; i++)
        idx[i] = i;
    for (int i = 0; i < n; i++) {
        int j = i + (int)rng_below(&ctx->rng, (uint32_t)(cells - i));
        int t = idx[i];
        idx[i] = idx[j];
        idx[j] = t;
        is_circle[idx[i]] = 1;
    }
    cJSON *gold = cJSON_CreateArray();
    double box = CELL - 2 * INSET + 1; /* PIL's inclusive box: 91 px */
    for (int i = 0; i < n; i++) {
        int row = idx[i] / size, col = idx[i] % size;
        double x0 = MARGIN + col * CELL + INSET, y0 = MARGIN + row * CELL + INSET;
        prim *p = scene_circle(s, x0 + box / 2, y0 + box / 2, box / 2, GREEN);
        p->kind = "circle";
        p->colour_name = "green";
        p->object = i;
        cJSON *pair = cJSON_CreateArray();
        cJSON_AddItemToArray(pair, cJSON_CreateNumber(row + 1));
        cJSON_AddItemToArray(pair, cJSON_CreateNumber(col + 1));
        cJSON_AddItemToArray(gold, pair);
    }
    /* Every other cell, in reading order: a square or a triangle, even odds. */
    rng kinds;
    gen_stream(ctx, "kinds", &kinds);
    int obj = n;
    for (int c = 0; c < cells; c++) {
        if (is_circle[c])
            continue;
        int row = c / size, col = c % size;
        double x0 = MARGIN + col * CELL + INSET, y0 = MARGIN + row * CELL + INSET;
        prim *p;
        if (rng_below(&kinds, 2) == 0) {
            p = scene_rect(s, x0, y0, box, box, GREEN);
            p->kind = "square";
        } else {
            point tri[3] = {{x0, y0}, {x0 + box, y0}, {x0 + box / 2, y0 + box}};
            p = scene_polygon(s, tri, 3, GREEN);
            p->kind = "triangle";
        }
        p->colour_name = "green";
        p->object = obj++;
    }
    free(idx);
    free(is_circle);
    cJSON_AddNumberToObject(ctx->record, "rows", size);
    cJSON_AddNumberToObject(ctx->record, "n_circles", n);
    cJSON_AddItemToObject(ctx->record, "gold_output", gold);
    return GEN_EXIT_OK;
}

static const gen_field fields[] = {
    {"rows", FIELD_INT}, {"n_circles", FIELD_INT}, {"gold_output", FIELD_CELL_ARRAY}, {NULL, 0}};

const generator gen_locate_circles_shape = {
    .name = "locate_circles_shape",
    .summary = "a board full of green circles, squares and triangles; give the (row,column) of every circle",
    .images = 1,
    .fields = fields,
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
