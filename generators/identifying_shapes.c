/* SPDX-License-Identifier: MIT */
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
#include "mplfig.h"
#include "rows.h"
#include "shapes.h"

#include <math.h>
#include <stdio.h>

/* Every shape's circumradius, in data units (the original's 0.3): 23.1 px. */
#define RADIUS 0.3
/* The shapes' centres, in data x. */
#define X_CENTRE 0.5
/* matplotlib's default line width, 1.5 pt at 100 dpi. */
#define LINE_PT 1.5
/* The circle is made with color=, so it also gets an edge of its colour, the
 * default patch line width of 1 pt; the polygons are made with facecolor= only and
 * have none. */
#define EDGE_PT 1.0
/* Tallest canvas gen draws (the original has no bound): 100 rows, 7719 px (the
 * 7720th cut by matplotlib's truncation). */
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

/* The original's figure for n rows: plt.subplots(figsize=(1, n), dpi=100), x 0..1,
 * y -0.5..n-0.5, equal aspect, axes off, a tight box (mplfig.h). */
static mplfig figure(int n)
{
    mplfig f;
    mplfig_subplots(&f, 1, n, 100);
    mplfig_limits(&f, 0, 1, -0.5, n - 0.5);
    mplfig_equal(&f);
    mplfig_tight(&f, NULL, 0);
    return f;
}

static int canvas_height(int n) { return figure(n).height; }

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
    mplfig f = figure(n);
    scene_reset(s, f.width, f.height);
    mplfig_clip(&f, s);

    cJSON *names = cJSON_AddArrayToObject(ctx->record, "Gold_output");
    cJSON *sides = cJSON_AddArrayToObject(ctx->record, "Gold_side");
    scene_describe(s, "mpl figure w=1 h=%d dpi=100", n);
    for (int i = 0; i < n; i++) {
        const struct kind *k = &KINDS[rng_below(&ctx->rng, NKINDS)];
        cJSON_AddItemToArray(names, cJSON_CreateString(k->name));
        cJSON_AddItemToArray(sides, cJSON_CreateNumber(k->sides));
        /* row i (top first) is centred on data y = n - 1 - i */
        int y = n - 1 - i;
        prim *p = k->sides == 0 ? mplfig_circle(&f, s, X_CENTRE, y, RADIUS, k->colour, true, EDGE_PT)
                                : mplfig_regular_polygon(&f, s, X_CENTRE, y, k->sides, RADIUS, k->colour, 0,
                                                         k->colour);
        p->kind = k->name;
        p->colour_name = k->colour_name;
        p->object = i;
        if (k->sides == 0)
            scene_describe(s, "mpl circle %.17g %d %.17g color=blue kind=Circle", X_CENTRE, n - i - 1, RADIUS);
        else
            scene_describe(s, "mpl regpoly %.17g %d %d %.17g facecolor=%s kind=%s", X_CENTRE, n - i - 1, k->sides,
                           RADIUS, k->colour_name, k->name);
        if (i < n - 1)
            scene_describe(s, "mpl plot 0,1 %.17g,%.17g color=black kind=line", n - i - 1 - 0.5, n - i - 1 - 0.5);
    }
    /* the lines between rows, data x 0..1, after every patch (matplotlib's zorder) */
    for (int i = 0; i < n - 1; i++)
        mplfig_plot(&f, s, 0, n - i - 1 - 0.5, 1, n - i - 1 - 0.5, LINE_PT, RGB_BLACK)->kind = "line";
    scene_describe(s, "mpl xlim 0 1");
    scene_describe(s, "mpl ylim -0.5 %.17g", n - 0.5);
    scene_describe(s, "mpl aspect equal");
    scene_describe(s, "mpl axis off");
    scene_describe(s, "mpl save tight");
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
