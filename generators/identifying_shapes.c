/* identifying_shapes: a narrow column of n rows divided by black lines, one filled
 * shape in each row: a circle, triangle, diamond (a square on its corner), pentagon
 * or hexagon, each kind in its own colour.
 * Record: Gold_output = the shapes' names top row first ("Circle", "Triangle",
 * "Diamond", "Pentagon", "Hexagon"); Gold_side = their side counts (0, 3, 4, 5, 6);
 * Rows = n.  See docs/tasks/identifying_shapes.md.
 *
 * The picture is the original's (Percept-V identifying_shapes): a matplotlib
 * figure 1 x n inches at 100 dpi, data x 0..1 and y -0.5..n-0.5 at equal aspect,
 * axis off, saved with a tight bounding box.  The axes box is then height-bound
 * (0.77 inch per row: 77 px per data unit) and the tight box is that box padded
 * by 10 px, so the canvas is 97 x (77 n + 20) px. */
#include "errors.h"
#include "generator.h"
#include "rows.h"
#include "shapes.h"

#include <math.h>
#include <stdio.h>

/* Pixels per data unit (the row pitch): the axes' 0.77-inch share of each inch of
 * figure height at 100 dpi. */
#define UNIT 77.0
/* matplotlib's pad_inches (0.1 in) around the tight box. */
#define PAD 10.0
/* Every shape's circumradius, in data units (the original's 0.3): 23.1 px. */
#define RADIUS 0.3
/* The shapes' centres, in data x. */
#define X_CENTRE 0.5
/* matplotlib's default line width, 1.5 pt at 100 dpi. */
#define LINE_WIDTH (1.5 * 100.0 / 72.0)
/* The circle is made with color=, so it also gets an edge of its colour, the
 * default patch line width of 1 pt; the polygons are made with facecolor= only and
 * have none. */
#define EDGE_WIDTH (1.0 * 100.0 / 72.0)
/* Tallest canvas gen draws (the original has no bound): 100 rows, 7720 px. */
#define MAX_ROWS 100

/* The original's five kinds, in its order, with its side counts and colours
 * (matplotlib's named colours blue, red, green, cyan, magenta). */
static const struct kind {
    const char *name, *colour_name;
    int sides;
    rgb colour;
} KINDS[] = {
    {"Circle", "blue", 0, {0, 0, 255}},
    {"Triangle", "red", 3, {255, 0, 0}},
    {"Diamond", "green", 4, {0, 128, 0}},
    {"Pentagon", "cyan", 5, {0, 255, 255}},
    {"Hexagon", "magenta", 6, {255, 0, 255}},
};
#define NKINDS ((int)(sizeof KINDS / sizeof KINDS[0]))

static int canvas_height(int n) { return (int)(UNIT * n + 2 * PAD); }

static int check_level(const gen_params *p, char *err, size_t errlen)
{
    return rows_check_level(p, MAX_ROWS, canvas_height(MAX_ROWS), err, errlen);
}

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level;
    scene *s = ctx->img[0];
    char err[160];
    if (check_level(&ctx->p, err, sizeof err) != 0)
        return gen_fail(ctx, "%s", err);
    scene_reset(s, (int)(UNIT + 2 * PAD), canvas_height(n));

    cJSON *names = cJSON_AddArrayToObject(ctx->record, "Gold_output");
    cJSON *sides = cJSON_AddArrayToObject(ctx->record, "Gold_side");
    double cx = PAD + X_CENTRE * UNIT, r = RADIUS * UNIT;
    for (int i = 0; i < n; i++) {
        const struct kind *k = &KINDS[rng_below(&ctx->rng, NKINDS)];
        cJSON_AddItemToArray(names, cJSON_CreateString(k->name));
        cJSON_AddItemToArray(sides, cJSON_CreateNumber(k->sides));
        /* row i (top first) is centred on data y = n - 1 - i: PAD + (i + 0.5) UNIT
         * from the top edge */
        double cy = PAD + (i + 0.5) * UNIT;
        prim *p;
        if (k->sides == 0) {
            p = scene_circle(s, cx, cy, r, k->colour);
            p->stroke_width = EDGE_WIDTH;
            p->stroke = k->colour;
        } else {
            point pts[8];
            regular_polygon(pts, k->sides, cx, cy, r, M_PI / 2); /* a corner straight up */
            p = scene_polygon(s, pts, k->sides, k->colour);
        }
        p->kind = k->name;
        p->colour_name = k->colour_name;
        p->object = i;
        if (i < n - 1) { /* a line between rows, data x 0..1, on a pixel edge, as
                            Agg draws a 1.5-pt line (2.08 px) */
            double ly = PAD + (i + 1) * UNIT;
            rows_line(s, PAD, PAD + UNIT, ly, LINE_WIDTH);
        }
    }
    cJSON_AddNumberToObject(ctx->record, "Rows", n);
    return GEN_EXIT_OK;
}

static const gen_field fields[] = {
    {"Gold_output", FIELD_STRING_ARRAY}, {"Gold_side", FIELD_INT_ARRAY}, {"Rows", FIELD_INT}, {NULL, 0}};

const generator gen_identifying_shapes = {
    .name = "identifying_shapes",
    .summary = "a column of n rows with one coloured shape each; name every row's shape",
    .images = 1,
    .fields = fields,
    .level_field = "Rows",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .input_prompt = "The image is a column of rows separated by horizontal lines, and every row holds one filled, "
                    "coloured shape. The image may hold only one shape; it then counts as one row.",
    .rules = "Name the shape in every row, going from the top row to the bottom row.",
    .output_prompt = "Reply with a single line. The last line of your answer must be ANSWER: followed by the names "
                     "of the shapes, one per row from the top, separated by spaces, for example "
                     "ANSWER: Circle Triangle Circle",
    .answer = {.format = "ANSWER: Circle Triangle Circle",
               .kind = ANSWER_WORDS,
               .gold = {"Gold_output"},
               .axis = "Rows"},
    .check_level = check_level,
    .sample = sample,
};
