/* layered_shapes: n overlapping shapes of several kinds stacked one on another,
 * every layer partly visible with all its corners in sight.
 * Record: num_layers = n; order = the shape names, top layer first.
 * See docs/tasks/layered_shapes.md. */
#include "errors.h"
#include "generator.h"
#include "layers.h"
#include "palette.h"

#include <math.h>
#include <stdio.h>

/* The visible part of every layer (its largest connected piece, outlines and
 * antialiased edges not counted) covers at least this share of the layer's own
 * area: with its corners in sight (keep_corners), enough to read its outline. */
#define LS_MIN_FRACTION 0.25
/* ... and at least this many pixels (a 39x39 px patch). */
#define LS_MIN_PIXELS 1500.0
/* Each layer covers a visible part of the layer just below, at least this large
 * (a 28x28 px bite) with at least this much of its edge running across that
 * layer's fill, so a reader sees which of the two is on top. */
#define LS_MIN_ORDER_AREA 800.0
#define LS_MIN_ORDER_EDGE 56.0
/* Largest circumradius (one layer), and its decrease with n: shapes of radius
 * LS_R_SCALE / sqrt(n) leave room for n shapes with their corners in sight. */
#define LS_R_MAX 180.0
#define LS_R_SCALE 400.0
/* Radii within one image vary by at most this factor. */
#define LS_R_SPREAD 1.3
/* Shapes turn by at most 15 degrees from upright: a square never approaches a
 * diamond and every kind keeps the look a reader expects of its name. */
#define LS_MAX_ROTATION (15.0 * M_PI / 180.0)

/* Kinds drawn: told apart by their corners even where partly covered (no
 * rectangle, which a covered square resembles; no heptagon or octagon, which are
 * hard to tell from a hexagon or a circle; no diamond, a turned square). */
static const shape_kind KINDS[] = {SHAPE_CIRCLE, SHAPE_TRIANGLE, SHAPE_SQUARE,
                                   SHAPE_PENTAGON, SHAPE_HEXAGON, SHAPE_STAR};
#define NKINDS ((int)(sizeof KINDS / sizeof KINDS[0]))

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level;
    double rmax = fmin(LS_R_MAX, LS_R_SCALE / sqrt(n));
    layer_rules rules = {
        .min_fraction = LS_MIN_FRACTION,
        .min_pixels = LS_MIN_PIXELS,
        .min_order_edge = LS_MIN_ORDER_EDGE,
        .min_order_area = LS_MIN_ORDER_AREA,
        .keep_corners = true,
        .rmin = rmax / LS_R_SPREAD,
        .rmax = rmax,
        .max_rotation = LS_MAX_ROTATION,
    };
    layer_shape l[PALETTE_SIZE];
    int col[PALETTE_SIZE];
    int rc = layers_sample(ctx, &rules, KINDS, NKINDS, l, col);
    if (rc != GEN_EXIT_OK)
        return rc;

    cJSON_AddNumberToObject(ctx->record, "num_layers", n);
    cJSON *names = cJSON_AddArrayToObject(ctx->record, "order");
    for (int i = n - 1; i >= 0; i--)
        cJSON_AddItemToArray(names, cJSON_CreateString(shape_name(l[i].kind)));
    return GEN_EXIT_OK;
}

static const gen_field fields[] = {{"num_layers", FIELD_INT}, {"order", FIELD_STRING_ARRAY}, {NULL, 0}};

const generator gen_layered_shapes = {
    .name = "layered_shapes",
    .summary = "n overlapping shapes of several kinds; name the kinds from the top layer down",
    .images = 1,
    .fields = fields,
    .level_field = "num_layers",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .input_prompt = "The image shows flat shapes with dark outlines piled on top of one another, so that shapes "
                    "higher in the pile hide parts of the shapes beneath them. Each shape is a circle, triangle, "
                    "square, pentagon, hexagon or star, and each has a colour of its own. The image may also hold "
                    "only a single shape.",
    .rules = "Work out the order of the pile and name the kind of every shape, from the shape on top, which "
             "nothing covers, down to the shape at the bottom. If there is only one shape, name it.",
    .output_prompt = "The last line of your answer must be ANSWER: followed by the shape names "
                     "(circle, triangle, square, pentagon, hexagon or star) from the top shape "
                     "down, separated by single spaces, for example ANSWER: star circle square.",
    .answer = {.kind = ANSWER_WORDS, .gold = {"order"}, .axis = "num_layers"},
    .check_level = layers_check_level,
    .sample = sample,
};
