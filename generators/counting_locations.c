/* counting_locations: a table (top, two legs) standing on a floor line; n objects
 * above the table top and a random number beneath it, between the legs.
 * Record: num_objects_over_table = n, num_objects_under_table.
 * See docs/tasks/counting_locations.md. */
#include "errors.h"
#include "generator.h"
#include "layout.h"
#include "palette.h"
#include "shapes.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* The table, in pixels of the 800x800 canvas.  The top sits a little below the
 * middle so the space above it holds 20 objects at a comfortable size, and the
 * space beneath it (between the legs, above the floor) up to UNDER_MAX. */
#define TOP_X0 60.0
#define TOP_X1 740.0
#define TOP_Y 440.0
#define TOP_THICKNESS 28.0
/* Legs stand this far in from the ends of the top, so the top overhangs like a
 * real table's. */
#define LEG_INSET 20.0
#define LEG_WIDTH 26.0
/* The floor line the legs stand on; objects under the table stay above it. */
#define FLOOR_Y 770.0
#define FLOOR_WIDTH 4.0

/* Objects keep at least this gap from every part of the table and from the floor,
 * so none seems to rest on, hang from or lean on it: each is clearly over or under. */
#define TABLE_GAP 16.0
/* Objects at least this far apart edge to edge: touching objects read as one. */
#define OBJECT_GAP 10.0
/* Objects under the table number uniformly 0..UNDER_MAX: zero is a possible
 * answer, and 8 still fit between the legs at a size that matches the ones above. */
#define UNDER_MAX 8
/* Largest circumradius: 45 px keeps a lone object in scale with the table. */
#define OBJECT_RMAX 45.0
/* Smallest circumradius: below 12 px an object is a speck a reader may overlook. */
#define OBJECT_RMIN_FLOOR 12.0
/* Share of each region (above, beneath) the objects' discs may cover at most. */
#define OBJECT_COVERAGE 0.25
/* Circumradii vary by up to this factor within one image, above and beneath alike. */
#define OBJECT_SIZE_SPREAD 1.6
/* A circle is drawn at this fraction of its disc, so it is about as large as a
 * square of the same disc. */
#define CIRCLE_SCALE 0.8
/* Objects' colours are at least this CIEDE2000 from the table's brown (which
 * leaves out red, orange, maroon, olive, grey and tan), so none blends into it. */
#define OBJECT_MIN_DE_FROM_TABLE 35.0

static const shape_kind OBJECT_KINDS[] = {SHAPE_CIRCLE, SHAPE_SQUARE, SHAPE_TRIANGLE, SHAPE_PENTAGON, SHAPE_STAR};
#define NKINDS ((int)(sizeof OBJECT_KINDS / sizeof OBJECT_KINDS[0]))

/* The region above the top: objects lie over the top's width, TABLE_GAP above it.
 * Boxes include OBJECT_GAP, which place_discs keeps from their edges itself. */
static box over_area(void)
{
    return (box){TOP_X0 - OBJECT_GAP, 0, TOP_X1 + OBJECT_GAP, TOP_Y - TABLE_GAP + OBJECT_GAP};
}

/* The region beneath the top: between the legs' inner edges, above the floor. */
static box under_area(void)
{
    double pad = TABLE_GAP - OBJECT_GAP;
    return (box){TOP_X0 + LEG_INSET + LEG_WIDTH + pad, TOP_Y + TOP_THICKNESS + pad,
                 TOP_X1 - LEG_INSET - LEG_WIDTH - pad, FLOOR_Y - FLOOR_WIDTH / 2 - pad};
}

/* The largest circumradius that keeps k objects within OBJECT_COVERAGE of area. */
static double rmax_in(box a, int k)
{
    if (k == 0)
        return OBJECT_RMAX;
    double usable = (a.x1 - a.x0 - 2 * OBJECT_GAP) * (a.y1 - a.y0 - 2 * OBJECT_GAP);
    return fmin(OBJECT_RMAX, sqrt(OBJECT_COVERAGE * usable / (M_PI * k)));
}

static void draw_table(scene *s)
{
    rgb wood = PALETTE[palette_find("brown")].value;
    prim *p = scene_line(s, 0, FLOOR_Y, s->width, FLOOR_Y, FLOOR_WIDTH, PALETTE[palette_find("gray")].value);
    p->kind = "floor";
    double leg_top = TOP_Y + TOP_THICKNESS;
    p = scene_rect(s, TOP_X0 + LEG_INSET, leg_top, LEG_WIDTH, FLOOR_Y - leg_top, wood);
    p->kind = "table_leg";
    p = scene_rect(s, TOP_X1 - LEG_INSET - LEG_WIDTH, leg_top, LEG_WIDTH, FLOOR_Y - leg_top, wood);
    p->kind = "table_leg";
    p = scene_rect(s, TOP_X0, TOP_Y, TOP_X1 - TOP_X0, TOP_THICKNESS, wood);
    p->kind = "table_top";
}

static int sample(gen_ctx *ctx)
{
    int over = ctx->p.level;
    scene *s = ctx->img[0];
    int under = rng_int(&ctx->rng, 0, UNDER_MAX);
    box above = over_area(), below = under_area();
    double rmax = fmin(rmax_in(above, over), rmax_in(below, under));
    double rmin = fmax(OBJECT_RMIN_FLOOR, rmax / OBJECT_SIZE_SPREAD);
    if (rmax < rmin)
        return gen_fail(ctx, "cannot fit %d objects of radius >= %.0f px over the table on a %dx%d canvas", over,
                        OBJECT_RMIN_FLOOR, s->width, s->height);

    int total = over + under;
    disc *d = xmalloc(sizeof *d * (size_t)total);
    if (place_discs(&ctx->rng, &above, over, rmin, rmax, OBJECT_GAP, d) != 0) {
        free(d);
        return gen_fail(ctx, "cannot place %d non-touching objects over the table on a %dx%d canvas", over, s->width,
                        s->height);
    }
    if (place_discs(&ctx->rng, &below, under, rmin, rmax, OBJECT_GAP, d + over) != 0) {
        free(d);
        return gen_fail(ctx, "cannot place %d non-touching objects under the table on a %dx%d canvas", under,
                        s->width, s->height);
    }

    draw_table(s);
    int table = palette_find("brown");
    int colour[PALETTE_SIZE];
    int ncolours = palette_far_from(table, OBJECT_MIN_DE_FROM_TABLE, colour, PALETTE_SIZE);
    rng looks;
    gen_stream(ctx, "colours", &looks);
    for (int i = 0; i < total; i++) {
        const palette_colour *c = &PALETTE[colour[rng_below(&looks, (uint32_t)ncolours)]];
        shape_kind k = OBJECT_KINDS[rng_below(&looks, NKINDS)];
        double r = k == SHAPE_CIRCLE ? d[i].r * CIRCLE_SCALE : d[i].r;
        prim *p = scene_shape(s, k, d[i].x, d[i].y, r, 0, c->value);
        p->colour_name = c->name;
        p->object = i;
        p->layer = i < over ? 1 : 0; /* meaning only: 1 over the table, 0 under it */
    }
    free(d);
    cJSON_AddNumberToObject(ctx->record, "num_objects_over_table", over);
    cJSON_AddNumberToObject(ctx->record, "num_objects_under_table", under);
    return GEN_EXIT_OK;
}

/* Refuses a level that cannot keep OBJECT_RMIN_FLOOR over the table. */
static int check_level(const gen_params *p, char *err, size_t errlen)
{
    if (rmax_in(over_area(), p->level) < OBJECT_RMIN_FLOOR) {
        snprintf(err, errlen, "cannot draw %d objects over the table on a %dx%d canvas (radius >= %.0f px)", p->level,
                 GEN_CANVAS, GEN_CANVAS, OBJECT_RMIN_FLOOR);
        return -1;
    }
    return 0;
}

static const gen_field fields[] = {
    {"num_objects_over_table", FIELD_INT}, {"num_objects_under_table", FIELD_INT}, {NULL, 0}};

const generator gen_counting_locations = {
    .name = "counting_locations",
    .summary = "a table with objects above its top and beneath it; count both groups",
    .images = 1,
    .fields = fields,
    .level_field = "num_objects_over_table",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .input_prompt = "The image shows a brown table, a flat top on two legs standing on a grey floor line, and small "
                    "coloured shapes. Some shapes are above the table top and some may be beneath it, between the "
                    "legs. No shape touches the table or another shape.",
    .rules = "Count the shapes above the table top and, separately, the shapes beneath the table top. Every shape "
             "is in exactly one of the two groups. A group with no shapes has a count of 0.",
    .output_prompt = "The last line of your answer must be ANSWER: followed by the number of "
                     "shapes above the table and the number beneath it, in digits and separated "
                     "by a space, for example ANSWER: 5 2.",
    .answer = {.kind = ANSWER_INTS, .gold = {"num_objects_over_table", "num_objects_under_table"},
                .axis = "num_objects_over_table"},
    .check_level = check_level,
    .sample = sample,
};
