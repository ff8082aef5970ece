/* identifying_shapes: n rows of identical regular shapes, one of which has a
 * different number of sides.  Record: Rows = n, Gold_output = the odd shape's
 * name, Gold_side = its number of sides (0 for a circle).
 * See docs/tasks/identifying_shapes.md. */
#include "errors.h"
#include "generator.h"
#include "palette.h"
#include "shapes.h"

#include <math.h>
#include <stdio.h>

/* Shapes per row: enough that the odd one has to be searched for even in a
 * single row, few enough that twenty rows still fit with large cells. */
#define COLS 6
/* Smallest cell: 20 rows (the largest release level) fit 800 px, so every release
 * image is 800x800; only more rows grow the canvas.  A shape's circumradius is then
 * 16 px (9 px at the 448 px viewing size).  A taller canvas would not help a model
 * that scales to 448 px: 1440 px with 70 px cells gives the same 9 px there. */
#define MIN_CELL 38.0
/* Circumradius as a share of the cell: shapes are large, yet 16% of a cell apart
 * (6 px at the smallest cells, above GEN_VIEW_MIN), so each reads as one separate
 * shape. */
#define SHAPE_CELL_FRACTION 0.42
/* Blank border around the shapes. */
#define MARGIN 20.0
/* Largest canvas side: taller images are more than a reader takes in at once. */
#define MAX_CANVAS 4096

/* The shapes used: a circle and the regular polygons of 3 to 6 sides.  Heptagons
 * and octagons are left out: next to a hexagon or a circle they differ by a few
 * pixels only. */
static const shape_kind KINDS[] = {SHAPE_CIRCLE, SHAPE_TRIANGLE, SHAPE_SQUARE, SHAPE_PENTAGON, SHAPE_HEXAGON};
#define NKINDS ((int)(sizeof KINDS / sizeof KINDS[0]))
/* One colour for every shape of a sample (colour is no clue), drawn from strong
 * colours whose edges stand out on white. */
static const char *const COLOURS[] = {"red", "green", "blue", "orange", "purple", "turquoise", "black", "maroon", "brown"};
#define NCOLOURS ((int)(sizeof COLOURS / sizeof COLOURS[0]))

/* True when a and b are too alike to tell apart: a hexagon next to a circle
 * differs by 13% of its radius at its flat sides, easy to miss. */
static bool too_alike(shape_kind a, shape_kind b)
{
    return (a == SHAPE_CIRCLE && b == SHAPE_HEXAGON) || (a == SHAPE_HEXAGON && b == SHAPE_CIRCLE);
}

/* The cell side and canvas height of n rows: the default canvas while cells of
 * MIN_CELL fit, a taller one after that. */
static void layout(int rows, double *cell, int *height)
{
    double c = floor(fmin((GEN_CANVAS - 2 * MARGIN) / COLS, (GEN_CANVAS - 2 * MARGIN) / rows));
    *cell = fmax(c, MIN_CELL);
    *height = (int)fmax(GEN_CANVAS, ceil(2 * MARGIN + rows * *cell));
}

static int check_level(const gen_params *p, char *err, size_t errlen)
{
    double cell;
    int height;
    layout(p->level, &cell, &height);
    if (height > MAX_CANVAS) {
        snprintf(err, errlen, "cannot draw %d rows of %d shapes with %.0f px cells on a canvas at most %d px tall",
                 p->level, COLS, MIN_CELL, MAX_CANVAS);
        return -1;
    }
    return 0;
}

static int sample(gen_ctx *ctx)
{
    int rows = ctx->p.level;
    char err[256];
    if (check_level(&ctx->p, err, sizeof err) != 0)
        return gen_fail(ctx, "%s", err);

    double cell;
    int height;
    layout(rows, &cell, &height);
    scene *s = ctx->img[0];
    scene_reset(s, GEN_CANVAS, height);
    double x0 = floor((GEN_CANVAS - COLS * cell) / 2), y0 = floor((height - rows * cell) / 2);

    /* The odd kind uniform over KINDS (so no kind is the likelier answer), then the
     * base uniform over the kinds easy to tell from it. */
    shape_kind odd = KINDS[rng_below(&ctx->rng, NKINDS)], bases[NKINDS];
    int nbases = 0;
    for (int a = 0; a < NKINDS; a++)
        if (KINDS[a] != odd && !too_alike(KINDS[a], odd))
            bases[nbases++] = KINDS[a];
    shape_kind base = bases[rng_below(&ctx->rng, (uint32_t)nbases)];
    int odd_at = (int)rng_below(&ctx->rng, (uint32_t)(rows * COLS));
    double rot = rng_uniform(&ctx->rng, 0, 2 * M_PI);

    rng look;
    gen_stream(ctx, "colours", &look);
    const palette_colour *c = &PALETTE[palette_find(COLOURS[rng_below(&look, NCOLOURS)])];
    for (int i = 0; i < rows * COLS; i++) {
        double cx = x0 + (i % COLS + 0.5) * cell, cy = y0 + (i / COLS + 0.5) * cell;
        prim *p = scene_shape(s, i == odd_at ? odd : base, cx, cy, SHAPE_CELL_FRACTION * cell, rot, c->value);
        p->colour_name = c->name;
        p->object = i;
    }
    cJSON_AddStringToObject(ctx->record, "Gold_output", shape_name(odd));
    cJSON_AddNumberToObject(ctx->record, "Gold_side", shape_sides(odd));
    cJSON_AddNumberToObject(ctx->record, "Rows", rows);
    return GEN_EXIT_OK;
}

static const gen_field fields[] = {
    {"Gold_output", FIELD_STRING}, {"Gold_side", FIELD_INT}, {"Rows", FIELD_INT}, {NULL, 0}};

const generator gen_identifying_shapes = {
    .name = "identifying_shapes",
    .summary = "rows of identical shapes and one with a different number of sides; name it",
    .images = 1,
    .fields = fields,
    .level_field = "Rows",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .input_prompt = "The image shows rows of filled shapes of one colour. All of them are the same shape except one, "
                    "which has a different number of sides.",
    .rules = "Find the one shape that differs from the others and name it. The possible shapes are circle (no "
             "sides, no corners), triangle (3 sides), square (4 sides), pentagon (5 sides) and hexagon (6 sides); "
             "all of them are regular and may be turned.",
    .output_prompt = "The last line of your answer must be ANSWER: followed by the name of the "
                     "odd shape (circle, triangle, square, pentagon or hexagon), for example "
                     "ANSWER: square.",
    .answer = {.kind = ANSWER_WORDS, .gold = {"Gold_output"}, .axis = "Rows"},
    .check_level = check_level,
    .sample = sample,
};
