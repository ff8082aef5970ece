/* layered_colours: n overlapping shapes stacked one on another, each in its own
 * palette colour, every layer partly visible; the swatch strip below.
 * Record: colors = the colour names, top layer first; num_layers = n.
 * See docs/tasks/layered_colours.md. */
#include "errors.h"
#include "generator.h"
#include "layers.h"
#include "palette.h"
#include "swatches.h"

#include <math.h>
#include <stdio.h>

/* The visible part of every layer (its largest connected piece, outlines and
 * antialiased edges not counted) covers at least this share of the layer's own
 * area: enough to see the layer as a shape and not as a sliver. */
#define LC_MIN_FRACTION 0.15
/* ... and at least this many pixels: a 45x45 px patch, whose colour a reader
 * matches against the swatches at a glance. */
#define LC_MIN_PIXELS 2000.0
/* Each layer covers a visible part of the layer just below, at least this large
 * (a 28x28 px bite) with at least this much of its edge running across that
 * layer's fill, so a reader sees which of the two is on top. */
#define LC_MIN_ORDER_AREA 800.0
#define LC_MIN_ORDER_EDGE 56.0
/* Largest circumradius (one layer), and its decrease with n: shapes of radius
 * LC_R_SCALE / sqrt(n) leave room for n visible parts on 800x800. */
#define LC_R_MAX 200.0
#define LC_R_SCALE 480.0
/* Radii within one image vary by at most this factor. */
#define LC_R_SPREAD 1.5

/* Kinds drawn: compact shapes whose colour shows over a broad area. */
static const shape_kind KINDS[] = {SHAPE_CIRCLE, SHAPE_SQUARE, SHAPE_TRIANGLE, SHAPE_PENTAGON, SHAPE_HEXAGON};
#define NKINDS ((int)(sizeof KINDS / sizeof KINDS[0]))

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level;
    scene *s = ctx->img[0];
    double rmax = fmin(LC_R_MAX, LC_R_SCALE / sqrt(n));
    layer_rules rules = {
        .min_fraction = LC_MIN_FRACTION,
        .min_pixels = LC_MIN_PIXELS,
        .min_order_edge = LC_MIN_ORDER_EDGE,
        .min_order_area = LC_MIN_ORDER_AREA,
        .keep_corners = false,
        .rmin = rmax / LC_R_SPREAD,
        .rmax = rmax,
        .max_rotation = M_PI,
    };
    layer_shape l[PALETTE_SIZE];
    int col[PALETTE_SIZE];
    int rc = layers_sample(ctx, &rules, KINDS, NKINDS, l, col);
    if (rc != GEN_EXIT_OK)
        return rc;
    swatch_strip_append(s);

    cJSON *names = cJSON_AddArrayToObject(ctx->record, "colors");
    for (int i = n - 1; i >= 0; i--)
        cJSON_AddItemToArray(names, cJSON_CreateString(PALETTE[col[i]].name));
    cJSON_AddNumberToObject(ctx->record, "num_layers", n);
    return GEN_EXIT_OK;
}

static const gen_field fields[] = {{"colors", FIELD_STRING_ARRAY}, {"num_layers", FIELD_INT}, {NULL, 0}};

const generator gen_layered_colours = {
    .name = "layered_colours",
    .summary = "n overlapping shapes in distinct colours; name the colours from the top layer down",
    .images = 1,
    .fields = fields,
    .level_field = "num_layers",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .uses_swatches = true,
    .input_prompt = "The image shows filled shapes with dark outlines piled on top of one another, each shape in a "
                    "different colour, so that shapes higher in the pile hide parts of the shapes beneath them. "
                    "Under the picture is a strip of colour patches, each labelled with its colour's name. The image "
                    "may also hold only a single shape.",
    .rules = "Work out the order of the pile and name the colour of every shape, from the shape on top, which "
             "nothing covers, down to the shape at the bottom. Use the names from the colour strip. If there is "
             "only one shape, give its colour.",
    .output_prompt = "The last line of your answer must be ANSWER: followed by the colour names "
                     "from the top shape down, separated by single spaces, for example ANSWER: "
                     "red navy mint.",
    .answer = {.kind = ANSWER_WORDS, .gold = {"colors"}, .axis = "num_layers"},
    .check_level = layers_check_level,
    .sample = sample,
};
