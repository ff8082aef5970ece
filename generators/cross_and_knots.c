/* cross_and_knots: a grid_size x grid_size board, columns lettered and rows
 * numbered from 1, with n marks in distinct cells, each a cross (X) or a knot (O).
 * Record: n; crosses = how many marks are crosses; cross_positions = their
 * [row, col] (both from 1, A = column 1) in reading order; gold_output = their
 * cell names in reading order, or NONE.  See docs/tasks/cross_and_knots.md. */
#include "errors.h"
#include "generator.h"
#include "grid.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* Cells at least this wide: a mark and its stroke stay clearly an X or an O even
 * on a 26 x 26 board (the canvas grows past 800 px for boards over 20 x 20). */
#define CK_MIN_CELL 36.0
/* A mark reaches this share of the cell from its centre (the X's arm ends and the
 * O's radius), leaving a fifth of the cell clear on every side so no mark touches
 * a grid line or looks like it belongs to the next cell. */
#define CK_MARK_REACH 0.3
/* Stroke width of both marks as a share of the cell, with pixel bounds: bold
 * next to the thin grid lines, and the O's hole stays wide open. */
#define CK_STROKE_SHARE 0.09
#define CK_STROKE_MIN 3.0
#define CK_STROKE_MAX 12.0
/* Grid lines: thin, mid grey, so they never read as part of a mark. */
#define CK_GRID_WIDTH 1.5
#define CK_GRID_GREY 120
/* The answer line when no mark is a cross. */
#define CK_NONE "NONE"
/* Largest board: columns are named by one letter, A to Z (the CLI's bound too). */
#define CK_MAX_SIDE 26

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level, side = ctx->p.grid_size;
    scene *s = ctx->img[0];
    grid g = grid_fit_cell(side, side, CK_MIN_CELL, GRID_LETTERS, GRID_FROM_1);
    scene_reset(s, g.width, g.height);
    grid_draw_lines(s, &g, CK_GRID_WIDTH, (rgb){CK_GRID_GREY, CK_GRID_GREY, CK_GRID_GREY});
    grid_draw_labels(s, &g, RGB_BLACK);

    /* n distinct cells: the first n of a shuffled list of every cell. */
    int cells[CK_MAX_SIDE * CK_MAX_SIDE];
    unsigned char cross[CK_MAX_SIDE * CK_MAX_SIDE] = {0}, marked[CK_MAX_SIDE * CK_MAX_SIDE] = {0};
    for (int i = 0; i < side * side; i++)
        cells[i] = i;
    rng_shuffle_int(&ctx->rng, cells, side * side);
    double reach = CK_MARK_REACH * g.cell;
    double stroke = fmin(CK_STROKE_MAX, fmax(CK_STROKE_MIN, round(g.cell * CK_STROKE_SHARE)));
    for (int i = 0; i < n; i++) {
        int k = cells[i];
        marked[k] = 1;
        cross[k] = rng_below(&ctx->rng, 2) == 0;
        point c = grid_cell_centre(&g, k / side, k % side);
        if (cross[k]) {
            for (int arm = 0; arm < 2; arm++) {
                double dy = arm ? reach : -reach;
                prim *p = scene_line(s, c.x - reach, c.y - dy, c.x + reach, c.y + dy, stroke, RGB_BLACK);
                p->kind = "cross";
                p->round_caps = true;
                p->object = i;
            }
        } else {
            prim *p = scene_circle(s, c.x, c.y, reach, RGB_BLACK);
            prim_outline(p, stroke, RGB_BLACK);
            p->kind = "knot";
            p->object = i;
        }
    }

    /* Reading order: row by row from the top, left to right. */
    cJSON *pos = cJSON_CreateArray();
    char answer[CK_MAX_SIDE * CK_MAX_SIDE * 4 + sizeof CK_NONE], name[8];
    size_t at = 0;
    int crosses = 0;
    for (int k = 0; k < side * side; k++) {
        if (!marked[k] || !cross[k])
            continue;
        int rc[2] = {k / side + 1, k % side + 1};
        cJSON_AddItemToArray(pos, cJSON_CreateIntArray(rc, 2));
        grid_cell_name(&g, k / side, k % side, name, sizeof name);
        at += (size_t)snprintf(answer + at, sizeof answer - at, "%s%s", crosses ? " " : "", name);
        crosses++;
    }
    if (crosses == 0)
        snprintf(answer, sizeof answer, "%s", CK_NONE);
    cJSON_AddItemToObject(ctx->record, "cross_positions", pos);
    cJSON_AddNumberToObject(ctx->record, "crosses", crosses);
    cJSON_AddStringToObject(ctx->record, "gold_output", answer);
    cJSON_AddNumberToObject(ctx->record, "n", n);
    return GEN_EXIT_OK;
}

static int check_level(const gen_params *p, char *err, size_t errlen)
{
    if (p->grid_size < 1 || p->grid_size > CK_MAX_SIDE) {
        snprintf(err, errlen, "cannot draw a %dx%d board (1..%d)", p->grid_size, p->grid_size, CK_MAX_SIDE);
        return -1;
    }
    if (p->level > p->grid_size * p->grid_size) {
        snprintf(err, errlen, "cannot place %d marks on a %dx%d board (it has %d cells, one mark each)", p->level,
                 p->grid_size, p->grid_size, p->grid_size * p->grid_size);
        return -1;
    }
    return 0;
}

static const gen_field fields[] = {{"cross_positions", FIELD_CELL_ARRAY},
                                   {"crosses", FIELD_INT},
                                   {"gold_output", FIELD_STRING},
                                   {"n", FIELD_INT},
                                   {NULL, 0}};

const generator gen_cross_and_knots = {
    .name = "cross_and_knots",
    .summary = "a lettered board with n marks, each a cross (X) or a knot (O); list the cells with crosses",
    .images = 1,
    .fields = fields,
    .level_field = "n",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .uses_grid_size = true,
    .input_prompt = "The image shows a square board of cells. Columns are named by the letters along the top and rows "
                    "by the numbers down the left side, so a cell is named by its column letter followed by its row "
                    "number, for example B3. Some cells hold a mark: either a cross (X) or a knot (O, a ring). "
                    "The other cells are empty.",
    .rules = "Find every cell that holds a cross and ignore the knots. List those cells in reading order: row 1 "
             "first, then row 2 and so on, and from left to right within a row.",
    .output_prompt = "The last line of your answer must be ANSWER: followed by the cells that "
                     "hold a cross, in reading order and separated by single spaces, or ANSWER: "
                     "NONE if no cell holds a cross, for example ANSWER: B1 E1 A4.",
    .answer = {.kind = ANSWER_WORD_SET, .gold = {"gold_output"}, .axis = "crosses", .none = "NONE"},
    .check_level = check_level,
    .sample = sample,
};
