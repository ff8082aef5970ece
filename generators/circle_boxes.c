/* circle_boxes: n square box outlines, some holding one circle each, and a few loose
 * circles outside every box.  Record: answer = boxes holding a circle, num_objects = n.
 * See docs/tasks/circle_boxes.md. */
#include "errors.h"
#include "generator.h"
#include "layout.h"
#include "palette.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* Box outline width: 4 px reads as a solid wall at half size. */
#define BOX_STROKE 4.0
/* Boxes at least this far apart, outer edge to outer edge: two boxes never share a
 * wall or look like one divided box. */
#define BOX_GAP 14.0
/* A loose circle keeps at least this gap from every box's outer edge (and from the
 * canvas edge), so it is clearly outside, never touching or leaning on a box. */
#define LOOSE_GAP 16.0
/* Loose circles at least this far apart edge to edge. */
#define CIRCLE_GAP 10.0
/* A circle inside a box keeps at least this gap from the inner edge of the box's
 * wall, so it is clearly wholly inside, never cut by or touching the wall. */
#define INSIDE_MARGIN 8.0
/* Largest box side (centre line of the wall): 150 px keeps one box in scale. */
#define BOX_SMAX 150.0
/* Smallest box side: below 44 px the circle inside would have to shrink to a dot. */
#define BOX_SMIN_FLOOR 44.0
/* Share of the canvas the boxes and loose circles' squares may cover at most. */
#define BOX_COVERAGE 0.3
/* Box sides vary by up to this factor within one image. */
#define BOX_SIZE_SPREAD 1.4
/* Circle radii, inside a box or loose, as a fraction of the room an average box
 * leaves inside (half its inner side less INSIDE_MARGIN): at least 0.55, so a
 * circle is never a speck, and at most 1, so it always fits with the margin. */
#define CIRCLE_MIN_FRAC 0.55
/* Loose circles number uniformly LOOSE_MIN..loose_max(n): at least one, so "a circle
 * somewhere" never means "a box with a circle", and up to about LOOSE_SPREAD, growing
 * with n, so the number of circles drawn says little about how many sit in boxes:
 * guessing the answer from the circle count beats chance (1/(n+1)) by at most
 * n/((n+1) * loose_max(n)) <= 1/LOOSE_SPREAD, 2.5 points (tests/shortcuts.c). */
#define LOOSE_MIN 1
#define LOOSE_SPREAD 40

/* The most loose circles at level n: ceil(LOOSE_SPREAD * n / (n + 1)), 20 at n = 1,
 * 39 at n = 20. */
static int loose_max(int n)
{
    return (LOOSE_SPREAD * n + n) / (n + 1);
}

/* The room for a circle inside a box of side `side`: wall inner edge less margin. */
static double inner_room(double side)
{
    return side / 2 - BOX_STROKE / 2 - INSIDE_MARGIN;
}

static double smax_for(int n, int loose)
{
    return fmin(BOX_SMAX, sqrt(BOX_COVERAGE * GEN_CANVAS * GEN_CANVAS / (n + loose)));
}

/* Distance from (x, y) to the axis-aligned box b (0 inside it). */
static double box_distance(const box *b, double x, double y)
{
    double dx = fmax(fmax(b->x0 - x, 0), x - b->x1);
    double dy = fmax(fmax(b->y0 - y, 0), y - b->y1);
    return hypot(dx, dy);
}

/* Places n squares (outer extents, sides in [smin, smax]) pairwise BOX_GAP apart
 * and BOX_GAP from the canvas edge.  Returns 0, or -1 when the budget is spent. */
static int place_boxes(rng *r, int w, int h, int n, double smin, double smax, box *out)
{
    for (int restart = 0; restart < LAYOUT_RESTARTS; restart++) {
        int placed = 0;
        while (placed < n) {
            bool ok = false;
            for (int t = 0; t < LAYOUT_TRIES_PER_OBJECT && !ok; t++) {
                double side = rng_uniform(r, smin, smax) + BOX_STROKE;
                double x = rng_uniform(r, BOX_GAP, w - BOX_GAP - side);
                double y = rng_uniform(r, BOX_GAP, h - BOX_GAP - side);
                box b = {x, y, x + side, y + side};
                ok = true;
                for (int i = 0; i < placed && ok; i++)
                    ok = !boxes_near(&b, &out[i], BOX_GAP);
                if (ok)
                    out[placed++] = b;
            }
            if (!ok)
                break;
        }
        if (placed == n)
            return 0;
    }
    return -1;
}

struct box_list {
    const box *boxes;
    int n;
};

/* A loose disc keeps LOOSE_GAP clear of every box. */
static bool clear_of_boxes(int i, disc d, void *arg)
{
    (void)i;
    const struct box_list *bl = arg;
    for (int k = 0; k < bl->n; k++)
        if (box_distance(&bl->boxes[k], d.x, d.y) < d.r + LOOSE_GAP)
            return false;
    return true;
}

/* Places n loose discs (radii in [rmin, rmax]) LOOSE_GAP clear of every box and
 * the canvas edge and CIRCLE_GAP clear of each other.  Returns 0 or -1. */
static int place_loose(rng *r, int w, int h, const box *boxes, int nboxes, int n, double rmin, double rmax,
                       disc *out)
{
    box area = {0, 0, w, h};
    struct box_list bl = {boxes, nboxes};
    disc_rules rules = {.pair_gap = CIRCLE_GAP, .accept = clear_of_boxes, .arg = &bl};
    return place_discs_ruled(r, &area, n, rmin, rmax, LOOSE_GAP, &rules, out);
}

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level;
    scene *s = ctx->img[0];
    int held = rng_int(&ctx->rng, 0, n);
    int loose = rng_int(&ctx->rng, LOOSE_MIN, loose_max(n));
    double smax = smax_for(n, loose);
    double smin = fmax(BOX_SMIN_FLOOR, smax / BOX_SIZE_SPREAD);
    if (smax < smin)
        return gen_fail(ctx, "cannot fit %d boxes of side >= %.0f px on a %dx%d canvas", n, BOX_SMIN_FLOOR, s->width,
                        s->height);
    /* One radius range for every circle, from the average box, so a loose circle
     * looks like one that could sit in a box. */
    double room_avg = inner_room((smin + smax) / 2);
    double room_min = inner_room(smin);
    double cmax = room_avg, cmin = CIRCLE_MIN_FRAC * room_avg;

    box *boxes = xmalloc(sizeof *boxes * (size_t)n);
    disc *d = xmalloc(sizeof *d * (size_t)loose);
    if (place_boxes(&ctx->rng, s->width, s->height, n, smin, smax, boxes) != 0 ||
        place_loose(&ctx->rng, s->width, s->height, boxes, n, loose, cmin, cmax, d) != 0) {
        free(boxes);
        free(d);
        return gen_fail(ctx, "cannot place %d boxes and %d loose circles on a %dx%d canvas", n, loose, s->width,
                        s->height);
    }

    /* Which boxes hold a circle: the first `held` of a shuffled order. */
    int *order = xmalloc(sizeof *order * (size_t)n);
    for (int i = 0; i < n; i++)
        order[i] = i;
    rng_shuffle_int(&ctx->rng, order, n);
    rng colours;
    gen_stream(ctx, "colours", &colours);
    int obj = 0;
    for (int i = 0; i < n; i++) {
        const box *b = &boxes[i];
        double half = BOX_STROKE / 2;
        prim *p = scene_rect(s, b->x0 + half, b->y0 + half, b->x1 - b->x0 - BOX_STROKE, b->y1 - b->y0 - BOX_STROKE,
                             RGB_BLACK);
        prim_outline(p, BOX_STROKE, RGB_BLACK);
        p->kind = "box";
        p->object = obj++;
    }
    for (int k = 0; k < held; k++) {
        const box *b = &boxes[order[k]];
        double room = inner_room(b->x1 - b->x0 - BOX_STROKE);
        /* The largest boxes may hold a circle a little larger than room_avg; the
         * smallest never need less room than room_min >= cmin. */
        double r = rng_uniform(&ctx->rng, fmin(cmin, room_min), fmin(cmax, room));
        double slack = room - r; /* the circle may sit off centre by this much */
        double cx = (b->x0 + b->x1) / 2 + rng_uniform(&ctx->rng, -slack, slack);
        double cy = (b->y0 + b->y1) / 2 + rng_uniform(&ctx->rng, -slack, slack);
        const palette_colour *c = &PALETTE[rng_below(&colours, PALETTE_SIZE)];
        prim *p = scene_circle(s, cx, cy, r, c->value);
        p->colour_name = c->name;
        p->object = obj++;
    }
    for (int i = 0; i < loose; i++) {
        const palette_colour *c = &PALETTE[rng_below(&colours, PALETTE_SIZE)];
        prim *p = scene_circle(s, d[i].x, d[i].y, d[i].r, c->value);
        p->colour_name = c->name;
        p->object = obj++;
    }
    free(order);
    free(boxes);
    free(d);
    cJSON_AddNumberToObject(ctx->record, "answer", held);
    cJSON_AddNumberToObject(ctx->record, "num_objects", n);
    return GEN_EXIT_OK;
}

/* Refuses a level whose worst case (loose_max(n) loose circles) cannot keep
 * BOX_SMIN_FLOOR at BOX_COVERAGE. */
static int check_level(const gen_params *p, char *err, size_t errlen)
{
    if (smax_for(p->level, loose_max(p->level)) < BOX_SMIN_FLOOR) {
        snprintf(err, errlen, "cannot draw %d boxes and up to %d loose circles on a %dx%d canvas (side >= %.0f px)",
                 p->level, loose_max(p->level), GEN_CANVAS, GEN_CANVAS, BOX_SMIN_FLOOR);
        return -1;
    }
    return 0;
}

static const gen_field fields[] = {{"answer", FIELD_INT}, {"num_objects", FIELD_INT}, {NULL, 0}};

const generator gen_circle_boxes = {
    .name = "circle_boxes",
    .summary = "square boxes, some holding a circle, and loose circles; count the boxes with a circle",
    .images = 1,
    .fields = fields,
    .level_field = "num_objects",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .input_prompt = "The image shows square boxes drawn as black outlines and filled circles of different colours. "
                    "A box holds at most one circle, lying wholly inside it; other circles lie outside every box.",
    .rules = "Count the boxes that have a circle inside them. Empty boxes and circles outside the boxes do not "
             "count. If no box holds a circle, the count is 0.",
    .output_prompt = "The last line of your answer must be ANSWER: followed by the number of "
                     "boxes with a circle inside, in digits, for example ANSWER: 2.",
    .answer = {.kind = ANSWER_INT, .gold = {"answer"}, .axis = "num_objects"},
    .check_level = check_level,
    .sample = sample,
};
