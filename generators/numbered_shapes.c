/* numbered_shapes: n shapes (circle, pentagon, rectangle, triangle), each with a
 * distinct number 1..99 written inside it.
 * Record: circles, num_objects, pentagons, rectangles, triangles (the numbers in
 * each kind of shape, ascending).  See docs/tasks/numbered_shapes.md. */
#include "errors.h"
#include "font.h"
#include "generator.h"
#include "layout.h"
#include "palette.h"
#include "shapes.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* Shapes' circumcircles at least this far apart: shapes never touch, and a number is
 * never nearer to another shape than to its own. */
#define SHAPE_GAP 14.0
/* Largest circumradius: 75 px keeps the shapes well apart at small n. */
#define SHAPE_RMAX 75.0
/* Smallest circumradius: at 42 px a triangle still holds a two-digit number of
 * NUMBER_FONT_MIN with TEXT_INSET to spare. */
#define SHAPE_RMIN_FLOOR 42.0
/* Radii vary by up to this factor within one image. */
#define SHAPE_SIZE_SPREAD 1.4
/* Share of the canvas the circumcircles may cover at most, so placement stays quick. */
#define SHAPE_COVERAGE 0.34
/* A circle fills much more of its circumcircle than the other kinds: drawn at this
 * share of the placement radius it looks about as large as they do. */
#define CIRCLE_SCALE 0.85
/* Outline of every shape: keeps pale shapes' edges crisp so the kind is plain. */
#define SHAPE_STROKE 2.0
/* The number's ink box keeps at least this much fill between it and the outline's
 * ink, so the number is wholly and visibly inside its shape. */
#define TEXT_INSET 5.0
/* Font size bounds (pixels per em): below 20 px digits on an 800 px image become hard
 * to read; above 40 px they crowd their shape. */
#define NUMBER_FONT_MIN 20.0
#define NUMBER_FONT_MAX 40.0
/* First try at a font size, as a share of the circumradius; shrunk until it fits. */
#define NUMBER_FONT_FRAC 0.85
/* Font shrink steps before giving up on a shape. */
#define NUMBER_FIT_STEPS 40
/* WCAG contrast ratio the number keeps against its fill, black or white whichever is
 * higher: 6 lies between the AA (4.5) and AAA (7) levels for body text, and keeps
 * out the mid-tone fills (red, blue, teal, olive, grey) where neither reads well. */
#define MIN_TEXT_CONTRAST 6.0
/* Numbers are drawn from 1..NUMBER_MAX, all distinct. */
#define NUMBER_MAX 99

static const shape_kind KINDS[4] = {SHAPE_CIRCLE, SHAPE_PENTAGON, SHAPE_RECTANGLE, SHAPE_TRIANGLE};
/* The record's field for each kind, in KINDS order. */
static const char *const KIND_FIELDS[4] = {"circles", "pentagons", "rectangles", "triangles"};
static const rgb OUTLINE = {50, 50, 50};

static double rel_luminance(rgb c)
{
    double ch[3] = {c.r / 255.0, c.g / 255.0, c.b / 255.0};
    for (int i = 0; i < 3; i++)
        ch[i] = ch[i] <= 0.04045 ? ch[i] / 12.92 : pow((ch[i] + 0.055) / 1.055, 2.4);
    return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2];
}

/* Black or white, whichever contrasts more with fill; its ratio in *ratio. */
static rgb text_colour(rgb fill, double *ratio)
{
    double l = rel_luminance(fill);
    double on_black = (l + 0.05) / 0.05, on_white = 1.05 / (l + 0.05);
    *ratio = fmax(on_black, on_white);
    return on_black >= on_white ? RGB_BLACK : RGB_WHITE;
}

/* Distance from (x, y) inside a convex polygon to its boundary. */
static double inside_depth(const point *p, int n, double x, double y)
{
    if (!point_in_polygon(p, n, x, y))
        return -1;
    double d = INFINITY;
    for (int i = 0, j = n - 1; i < n; j = i++)
        d = fmin(d, segment_distance(p[j], p[i], x, y));
    return d;
}

/* True when the box lies inside the shape with `inset` to spare.  The shapes are
 * convex, so the distance to the boundary is smallest at a corner of the box. */
static bool box_inside(shape_kind k, const point *p, int n, double cx, double cy, double r, const double bx[4],
                       double inset)
{
    double xs[2] = {bx[0], bx[2]}, ys[2] = {bx[1], bx[3]};
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++) {
            double depth = k == SHAPE_CIRCLE ? r - hypot(xs[i] - cx, ys[j] - cy) : inside_depth(p, n, xs[i], ys[j]);
            if (depth < inset)
                return false;
        }
    return true;
}

/* Places the number's text in the shape: fills *size and *ty (the text's centre y)
 * with the largest size that fits; returns false if none from NUMBER_FONT_MIN up fits. */
static bool fit_number(shape_kind k, const point *p, int n, double cx, double cy, double r, const char *text,
                       double *size, double *ty)
{
    double inset = SHAPE_STROKE / 2 + TEXT_INSET;
    double f = fmin(NUMBER_FONT_MAX, NUMBER_FONT_FRAC * r);
    for (int step = 0; step < NUMBER_FIT_STEPS && f >= NUMBER_FONT_MIN; step++, f *= 0.95) {
        /* A triangle with a flat base is widest low down: try its number at a few
         * heights below the centre. */
        int tries = k == SHAPE_TRIANGLE ? 5 : 1;
        for (int t = 0; t < tries; t++) {
            double y = k == SHAPE_TRIANGLE ? cy + (0.10 + 0.05 * t) * r : cy;
            double px, py, bx[4];
            font_text_place(f, text, cx, y, &px, &py, &bx[0], &bx[1], &bx[2], &bx[3]);
            if (box_inside(k, p, n, cx, cy, r, bx, inset)) {
                *size = f;
                *ty = y;
                return true;
            }
        }
    }
    return false;
}

static double radius_max(int n)
{
    return fmin(SHAPE_RMAX, sqrt(SHAPE_COVERAGE * GEN_CANVAS * GEN_CANVAS / (M_PI * n)));
}

static int int_cmp(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level;
    scene *s = ctx->img[0];
    box area = {0, 0, s->width, s->height};
    double rmax = radius_max(n);
    double rmin = fmax(SHAPE_RMIN_FLOOR, rmax / SHAPE_SIZE_SPREAD);

    disc *d = xmalloc(sizeof *d * (size_t)n);
    if (place_discs(&ctx->rng, &area, n, rmin, rmax, SHAPE_GAP, d) != 0) {
        free(d);
        return gen_fail(ctx, "cannot place %d numbered shapes on a %dx%d canvas", n, s->width, s->height);
    }

    int numbers[NUMBER_MAX];
    for (int i = 0; i < NUMBER_MAX; i++)
        numbers[i] = i + 1;
    rng_shuffle_int(&ctx->rng, numbers, NUMBER_MAX);

    /* fills readable under black or white text */
    int fills[PALETTE_SIZE], nfills = 0;
    for (int i = 0; i < PALETTE_SIZE; i++) {
        double ratio;
        text_colour(PALETTE[i].value, &ratio);
        if (ratio >= MIN_TEXT_CONTRAST)
            fills[nfills++] = i;
    }
    rng colours;
    gen_stream(ctx, "colours", &colours);

    int *by_kind[4], count[4] = {0, 0, 0, 0};
    for (int k = 0; k < 4; k++)
        by_kind[k] = xmalloc(sizeof(int) * (size_t)n);
    int rc = GEN_EXIT_OK;
    for (int i = 0; i < n && rc == GEN_EXIT_OK; i++) {
        int kind = (int)rng_below(&ctx->rng, 4);
        shape_kind k = KINDS[kind];
        const palette_colour *pc = &PALETTE[fills[rng_below(&colours, (uint32_t)nfills)]];
        double ratio;
        rgb ink = text_colour(pc->value, &ratio);
        char text[8];
        snprintf(text, sizeof text, "%d", numbers[i]);

        double r = k == SHAPE_CIRCLE ? CIRCLE_SCALE * d[i].r : d[i].r;
        point pts[SHAPE_MAX_POINTS];
        int np = shape_points(k, d[i].x, d[i].y, r, 0, pts);
        double size, ty;
        if (!fit_number(k, pts, np, d[i].x, d[i].y, r, text, &size, &ty)) {
            rc = gen_fail(ctx, "cannot fit the number %s in a %s of radius %.0f px", text, shape_name(k), r);
            break;
        }
        prim *sh = scene_shape(s, k, d[i].x, d[i].y, r, 0, pc->value);
        sh->colour_name = pc->name;
        sh->object = i;
        sh->stroke_width = SHAPE_STROKE;
        sh->stroke = OUTLINE;
        prim *t = scene_text(s, d[i].x, ty, size, text, ink);
        t->kind = "number";
        t->object = i;
        by_kind[kind][count[kind]++] = numbers[i];
    }
    free(d);
    if (rc == GEN_EXIT_OK) {
        cJSON_AddItemToObject(ctx->record, "num_objects", cJSON_CreateNumber(n));
        for (int k = 0; k < 4; k++) {
            qsort(by_kind[k], (size_t)count[k], sizeof(int), int_cmp);
            cJSON_AddItemToObject(ctx->record, KIND_FIELDS[k], cJSON_CreateIntArray(by_kind[k], count[k]));
        }
    }
    for (int k = 0; k < 4; k++)
        free(by_kind[k]);
    return rc;
}

/* Above this level the shapes would have to shrink below SHAPE_RMIN_FLOOR (and there
 * are only NUMBER_MAX distinct numbers). */
static int check_level(const gen_params *p, char *err, size_t errlen)
{
    if (radius_max(p->level) < SHAPE_RMIN_FLOOR || p->level > NUMBER_MAX) {
        snprintf(err, errlen,
                 "cannot draw %d numbered shapes on a %dx%d canvas (at most %d fit with radius >= %.0f px)",
                 p->level, GEN_CANVAS, GEN_CANVAS,
                 (int)(SHAPE_COVERAGE * GEN_CANVAS * GEN_CANVAS / (M_PI * SHAPE_RMIN_FLOOR * SHAPE_RMIN_FLOOR)),
                 SHAPE_RMIN_FLOOR);
        return -1;
    }
    return 0;
}

static const gen_field fields[] = {{"circles", FIELD_INT_ARRAY},   {"num_objects", FIELD_INT},
                                   {"pentagons", FIELD_INT_ARRAY}, {"rectangles", FIELD_INT_ARRAY},
                                   {"triangles", FIELD_INT_ARRAY}, {NULL, 0}};

static const char *const NUMBERED_KEYS[] = {"circles", "pentagons", "rectangles", "triangles", NULL};

const generator gen_numbered_shapes = {
    .name = "numbered_shapes",
    .summary = "n circles, pentagons, rectangles and triangles, each with a number; list the numbers by shape",
    .images = 1,
    .fields = fields,
    .level_field = "num_objects",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .input_prompt = "The image shows coloured shapes, each a circle, a pentagon, a rectangle or a triangle, with a "
                    "number from 1 to 99 written inside it. No two shapes carry the same number. The image may also "
                    "hold a single shape.",
    .rules = "Read the number inside every shape and sort the numbers by the kind of shape they are written in: "
             "circles, pentagons, rectangles and triangles. Within each kind, list the numbers from smallest to "
             "largest. A kind that does not appear in the image gets an empty list.",
    .output_prompt = "The last line of your answer must be ANSWER: followed by a JSON object "
                     "with exactly the keys circles, pentagons, rectangles and triangles, each "
                     "holding the numbers in that kind of shape in ascending order, for example "
                     "ANSWER: {\"circles\": [4, 19], \"pentagons\": [], \"rectangles\": [7], "
                     "\"triangles\": [2, 33]}.",
    .answer = {.kind = ANSWER_INT_SETS, .gold = {"circles", "pentagons", "rectangles", "triangles"},
                .axis = "num_objects", .keys = NUMBERED_KEYS},
    .check_level = check_level,
    .sample = sample,
};
