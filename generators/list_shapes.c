/* list_shapes: n shapes of several kinds in a clear left-to-right row on a
 * procedural background.
 * Record: list_shapes = the shape names left to right, num_objects = n.
 * See docs/tasks/list_shapes.md. */
#include "errors.h"
#include "generator.h"
#include "lineup.h"

#include <stdio.h>

/* CIEDE2000 floor between a shape's fill and every background colour around it:
 * above the palette's own floor against white (20), so a shape's outline reads
 * against a busy picture at least as well as against the plain white canvas. */
#define CONTRAST_DE 25.0
/* Palette colours that must stay usable at every shape's place, so the fills of
 * a row vary (colour must not hint at the kind). */
#define MIN_FREE_COLOURS 5
/* Least horizontal space between neighbouring shapes' x extents (outline
 * included): no two shapes share a column, so left-to-right is never a tie. */
#define ORDER_GAP 10.0
/* Steepest line between any two shapes' centres (45 degrees): which of two is
 * further left never hinges on a small x offset across a long vertical drop. */
#define ORDER_MAX_SLOPE 1.0
/* Space kept between every shape and the canvas edge. */
#define EDGE 16.0
/* Smallest circumradius, as list_colours': 20 shapes (the largest release level)
 * fit 800 px, so every release image is 800x800, and only longer rows grow the
 * canvas.  Growing it earlier (to 1142 px at 20, as before, for 44 px shapes)
 * does not help a model that scales to 448 px: the shapes come out 17 px there
 * instead of 15. */
#define RMIN 13.0
/* Largest circumradius, for a row of one or two. */
#define RMAX 60.0
/* Radii vary between this share of the level's largest and the largest. */
#define SIZE_SPREAD 0.8
/* A thin dark outline gives every shape a crisp silhouette on any background. */
#define OUTLINE 2.0
#define OUTLINE_COLOUR ((rgb){30, 30, 30})
/* ...and a light one around the darkest fills (navy, maroon, black), where a dark
 * outline would vanish. */
#define OUTLINE_ON_DARK ((rgb){235, 235, 235})
/* Contrast is checked this far around each shape's box, covering its
 * antialiased edge. */
#define HALO 2.0
/* Widest canvas a level may need; past it the level is refused up front. */
#define MAX_WIDTH 4000

/* Kinds whose silhouettes differ at a glance at 27 px, drawn upright (a rotated
 * square would pass for a diamond).  Pentagon, hexagon, heptagon and octagon are
 * left out: their outlines lie within 19% (pentagon) or 13% (hexagon) of the
 * radius of a circle's, 2.5 px or less at the smallest shapes and under 1.5 px at
 * the 448 px viewing size, below its 3-px minimum (GEN_VIEW_MIN). */
static const shape_kind KINDS[] = {SHAPE_CIRCLE, SHAPE_TRIANGLE, SHAPE_SQUARE,
                                   SHAPE_RECTANGLE, SHAPE_STAR, SHAPE_DIAMOND};

static const lineup_style STYLE = {
    .kinds = KINDS,
    .nkinds = (int)(sizeof KINDS / sizeof KINDS[0]),
    .rmin = RMIN,
    .rmax = RMAX,
    .spread = SIZE_SPREAD,
    .gap = ORDER_GAP,
    .edge = EDGE,
    .max_slope = ORDER_MAX_SLOPE,
    .outline = OUTLINE,
    .outline_colour = OUTLINE_COLOUR,
    .outline_on_dark = OUTLINE_ON_DARK,
    .halo = HALO,
    .min_de = CONTRAST_DE,
    .min_free = MIN_FREE_COLOURS,
};

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level;
    scene *s = ctx->img[0];
    rng bg, colours;
    gen_stream(ctx, "background", &bg);
    gen_stream(ctx, "colours", &colours);
    char why[200];
    if (lineup_scene(s, n, &STYLE, &ctx->rng, &bg, &colours, why, sizeof why) != 0)
        return gen_fail(ctx, "%s", why);

    cJSON *names = cJSON_AddArrayToObject(ctx->record, "list_shapes");
    for (int i = 0; i < n; i++)
        for (int k = 0; k < s->nprims; k++)
            if (s->prims[k].object == i)
                cJSON_AddItemToArray(names, cJSON_CreateString(s->prims[k].kind));
    cJSON_AddNumberToObject(ctx->record, "num_objects", n);
    return GEN_EXIT_OK;
}

static int check_level(const gen_params *p, char *err, size_t errlen)
{
    int w = lineup_canvas_width(p->level, &STYLE, GEN_CANVAS);
    if (w > MAX_WIDTH) {
        snprintf(err, errlen, "cannot draw %d shapes in a row: the canvas would be %d px wide (at most %d)", p->level,
                 w, MAX_WIDTH);
        return -1;
    }
    return 0;
}

static const gen_field fields[] = {{"list_shapes", FIELD_STRING_ARRAY}, {"num_objects", FIELD_INT}, {NULL, 0}};

const generator gen_list_shapes = {
    .name = "list_shapes",
    .summary = "n shapes of several kinds in a row on a patterned background; name them left to right",
    .images = 1,
    .fields = fields,
    .level_field = "num_objects",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .input_prompt = "The image shows one or more coloured shapes spread out from left to right, at different "
                    "heights, on a patterned background.",
    .rules = "Go through the shapes from the leftmost to the rightmost and name each one. Every shape is one of: "
             "circle, triangle, square, rectangle, star, diamond. The background is not a "
             "shape: leave it out.",
    .output_prompt = "The last line of your answer must be ANSWER: followed by the names of the "
                     "shapes from left to right, separated by single spaces, for example ANSWER: "
                     "star circle diamond.",
    .answer = {.kind = ANSWER_WORDS, .gold = {"list_shapes"}, .axis = "num_objects"},
    .check_level = check_level,
    .sample = sample,
};
