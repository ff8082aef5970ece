/* inside_circles: one large circle outline and n small filled circles, some inside
 * it and the rest outside it; none touches or crosses the outline.
 * Record: inside_circles = small circles inside the large one, num_circles = n.
 * See docs/tasks/inside_circles.md. */
#include "errors.h"
#include "generator.h"
#include "layout.h"
#include "palette.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* Line width of the large circle: 4 px reads as a boundary, not as one more object. */
#define RING_WIDTH 4.0
/* The large circle's radius range: 220..290 px leaves a clear inner disc for up to
 * 20 circles and a ring of room outside it on the 800 px canvas. */
#define RING_RMIN 220.0
#define RING_RMAX 290.0
/* The large circle keeps this much room to the canvas edge. */
#define RING_EDGE 20.0
/* Clear white between a small circle and the outline's ink, on either side: 12 px is
 * an unmistakable gap even at half size, so "inside" and "outside" are never close. */
#define RING_CLEAR 12.0
/* Small circles at least this far apart edge to edge: touching circles read as one. */
#define CIRCLE_GAP 8.0
/* Largest small radius: 34 px keeps every small circle far smaller than the ring. */
#define CIRCLE_RMAX 34.0
/* Smallest small radius: below 10 px a circle is a dot a reader may overlook. */
#define CIRCLE_RMIN_FLOOR 10.0
/* Radii vary by up to this factor within one image. */
#define CIRCLE_SIZE_SPREAD 1.8
/* Share of the smallest possible inner disc the small circles may cover if they all
 * lie inside: keeps rejection placement quick and the picture uncluttered. */
#define CIRCLE_COVERAGE 0.22

/* Area of the smallest inner disc a small circle may use. */
static double inner_area(void)
{
    double r = RING_RMIN - RING_WIDTH / 2 - RING_CLEAR;
    return M_PI * r * r;
}

static double radius_max(int n)
{
    return fmin(CIRCLE_RMAX, sqrt(CIRCLE_COVERAGE * inner_area() / (M_PI * n)));
}

/* True when d is on the wanted side of the ring with RING_CLEAR of white to its ink. */
static bool ring_side_ok(double cx, double cy, double R, disc d, bool inside)
{
    double dist = hypot(d.x - cx, d.y - cy);
    if (inside)
        return dist + d.r <= R - RING_WIDTH / 2 - RING_CLEAR;
    return dist - d.r >= R + RING_WIDTH / 2 + RING_CLEAR;
}

struct ring {
    double cx, cy, R;
    int k; /* discs 0..k-1 go inside */
};

/* Inside discs draw their centres from the square around the usable inner disc. */
static void inner_square(int i, double r, box *b, void *arg)
{
    const struct ring *g = arg;
    if (i >= g->k)
        return;
    double in_r = g->R - RING_WIDTH / 2 - RING_CLEAR;
    *b = (box){g->cx - in_r + r, g->cy - in_r + r, g->cx + in_r - r, g->cy + in_r - r};
}

static bool on_its_side(int i, disc d, void *arg)
{
    const struct ring *g = arg;
    return ring_side_ok(g->cx, g->cy, g->R, d, i < g->k);
}

/* Places the n circles, the first k inside the ring; 0 or -1 when the budget is spent. */
static int place(rng *r, const box *area, double cx, double cy, double R, int n, int k, double rmin, double rmax,
                 disc *out)
{
    struct ring g = {cx, cy, R, k};
    disc_rules rules = {.centre_box = inner_square, .accept = on_its_side, .arg = &g};
    return place_discs_ruled(r, area, n, rmin, rmax, CIRCLE_GAP, &rules, out);
}

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level;
    scene *s = ctx->img[0];
    box area = {0, 0, s->width, s->height};
    double rmax = radius_max(n);
    double rmin = fmax(CIRCLE_RMIN_FLOOR, rmax / CIRCLE_SIZE_SPREAD);

    /* The ring: radius and centre, wholly on the canvas. */
    double R = rng_uniform(&ctx->rng, RING_RMIN, RING_RMAX);
    double lim = R + RING_WIDTH / 2 + RING_EDGE;
    double cx = rng_uniform(&ctx->rng, lim, s->width - lim);
    double cy = rng_uniform(&ctx->rng, lim, s->height - lim);
    int k = rng_int(&ctx->rng, 0, n); /* how many lie inside */

    disc *d = xmalloc(sizeof *d * (size_t)n);
    if (place(&ctx->rng, &area, cx, cy, R, n, k, rmin, rmax, d) != 0) {
        free(d);
        return gen_fail(ctx, "cannot place %d circles (%d inside a ring of radius %.0f) on a %dx%d canvas", n, k, R,
                        s->width, s->height);
    }

    prim *ring = scene_circle(s, cx, cy, R, RGB_BLACK);
    prim_outline(ring, RING_WIDTH, RGB_BLACK);
    ring->kind = "ring";

    rng colours;
    gen_stream(ctx, "colours", &colours);
    /* Shuffle the drawing order so inside circles are not always listed first. */
    int *order = xmalloc(sizeof *order * (size_t)n);
    for (int i = 0; i < n; i++)
        order[i] = i;
    rng_shuffle_int(&ctx->rng, order, n);
    for (int i = 0; i < n; i++) {
        const disc *c = &d[order[i]];
        const palette_colour *pc = &PALETTE[rng_below(&colours, PALETTE_SIZE)];
        prim *p = scene_circle(s, c->x, c->y, c->r, pc->value);
        p->colour_name = pc->name;
        p->object = i;
    }
    free(order);
    free(d);
    cJSON_AddNumberToObject(ctx->record, "inside_circles", k);
    cJSON_AddNumberToObject(ctx->record, "num_circles", n);
    return GEN_EXIT_OK;
}

/* Above this level even all-inside circles cannot keep CIRCLE_RMIN_FLOOR at
 * CIRCLE_COVERAGE of the smallest inner disc. */
static int check_level(const gen_params *p, char *err, size_t errlen)
{
    if (radius_max(p->level) < CIRCLE_RMIN_FLOOR) {
        snprintf(err, errlen,
                 "cannot draw %d circles inside a ring on a %dx%d canvas (at most %d fit with radius >= %.0f px)",
                 p->level, GEN_CANVAS, GEN_CANVAS,
                 (int)(CIRCLE_COVERAGE * inner_area() / (M_PI * CIRCLE_RMIN_FLOOR * CIRCLE_RMIN_FLOOR)),
                 CIRCLE_RMIN_FLOOR);
        return -1;
    }
    return 0;
}

static const gen_field fields[] = {{"inside_circles", FIELD_INT}, {"num_circles", FIELD_INT}, {NULL, 0}};

const generator gen_inside_circles = {
    .name = "inside_circles",
    .summary = "one large circle outline and n small circles; count the small circles inside it",
    .images = 1,
    .fields = fields,
    .level_field = "num_circles",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .input_prompt = "The image shows one large circle drawn as a black outline, and one or more small filled "
                    "circles in various colours. Each small circle lies either wholly inside the large circle or "
                    "wholly outside it.",
    .rules = "Count the small circles that lie inside the large circle. Small circles outside the large circle do "
             "not count; if none is inside, the count is 0.",
    .output_prompt = "The last line of your answer must be ANSWER: followed by the number of "
                     "small circles inside the large circle, in digits, for example ANSWER: 3.",
    .answer = {.kind = ANSWER_INT, .gold = {"inside_circles"}, .axis = "num_circles"},
    .check_level = check_level,
    .sample = sample,
};
