/* SPDX-License-Identifier: MIT */
/* layered_shapes: n regular polygons (diamond, hexagon, octagon) nested around the
 * centre of the original's 1800x1800 white canvas, each inscribed in the one below.
 * Record: num_layers = n; order = the kinds from the innermost out.
 * See docs/tasks/layered_shapes.md. */
#include "errors.h"
#include "generator.h"
#include "shapes.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>

/* The original's canvas (PIL), the outermost circumradius and the centre. */
#define SIDE 1800
#define R_OUTER 800.0
/* Fills: RGB each in 50..205, every two more than 500 apart in squared RGB
 * distance (the original's rule); outlines black, 1 px (PIL's). */
#define CHANNEL_LO 50
#define CHANNEL_HI 205
#define MIN_SQ_DISTANCE 500
#define COLOUR_TRIES 100000
/* Readability (tasks.md rule 6; issue 28).  The radii shrink geometrically, so
 * deep layers of the original can show no ring at all or be too small to name.
 * gen draws the kinds again, from the same stream, until at the viewing size
 * (3 px once the canvas is scaled to 448 px: VIEW_MIN on this canvas)
 *  - every layer but the innermost shows a ring of its own fill at least
 *    VIEW_MIN wide between its outline and the next one's: the widest disc that
 *    fits between the two outlines' centre lines, less the 1-px outline;
 *  - every side of every layer is at least SIDE_MIN long (3 x VIEW_MIN: 9 px at
 *    448), so that its corners can be counted: this is what binds the innermost
 *    layer, which has no ring.
 * At high levels few kind lists pass (about 1 in 150 at level 20), and those
 * favour the kinds that shrink least (docs/tasks/layered_shapes.md measures it). */
#define VIEW_MIN (GEN_VIEW_MIN * SIDE / GEN_CANVAS)
#define OUTLINE 1.0
#define SIDE_MIN (3 * VIEW_MIN)
/* Kind lists drawn at most for one sample: level 24 passes about 1 in 34,000. */
#define MAX_DRAWS 2000000
/* A readable chain of more layers is drawn under once in 100,000 tries
 * (docs/tasks/layered_shapes.md). */
#define MAX_LAYERS 24

static const char *const KIND[3] = {"diamond", "hexagon", "octagon"};
static const int SIDES[3] = {4, 6, 8};

static double RING[3][3]; /* [outer][inner] */
static pthread_once_t ring_once = PTHREAD_ONCE_INIT;

static void ring_table(void)
{
    for (int a = 0; a < 3; a++)
        for (int b = 0; b < 3; b++)
            RING[a][b] = inscribed_ring_width(SIDES[a], SIDES[b]);
}

/* True when every layer of this chain (kind[0] outermost) shows a ring and sides
 * wide enough to see and name it at the viewing size. */
static bool readable(const int *kind, int n)
{
    pthread_once(&ring_once, ring_table);
    double r = R_OUTER;
    for (int i = 0; i < n; i++) {
        if (2 * r * sin(M_PI / SIDES[kind[i]]) < SIDE_MIN)
            return false;
        if (i + 1 < n && r * RING[kind[i]][kind[i + 1]] - OUTLINE < VIEW_MIN)
            return false;
        r *= cos(M_PI / SIDES[kind[i]]);
    }
    return true;
}

/* An original coordinate v (>= 0) as an EDGES_PILLOW point: v + 0.5, nudged so
 * that Pillow's truncation of it back (pil_raster.h) gives trunc(v) again. */
static double pil_point(double v)
{
    double p = v + 0.5;
    while ((int)(p - 0.5) > (int)v)
        p = nextafter(p, 0);
    while ((int)(p - 0.5) < (int)v)
        p = nextafter(p, INFINITY);
    return p;
}

/* The layers in the original's calls: draw.polygon(points, outline='black',
 * fill=colour), the points about (900, 900) at math.radians(i * 360 / sides),
 * each next size the last times cos(radians(180 / sides)) (tests/same_scene.py). */
static void describe(scene *s, const int *kind, const rgb *col, int n)
{
    if (!s->desc)
        return;
    double size = R_OUTER;
    for (int i = 0; i < n; i++) {
        int sides = SIDES[kind[i]];
        double angle = 360.0 / sides;
        char pts[1024];
        int at = 0;
        for (int k = 0; k < sides; k++) {
            double a = k * angle * (M_PI / 180.0);
            at += snprintf(pts + at, sizeof pts - (size_t)at, "%s%.17g,%.17g", k ? "," : "", SIDE / 2 + size * cos(a),
                           SIDE / 2 + size * sin(a));
        }
        rgb c = col[n - 1 - i];
        scene_describe(s, "pil polygon %s outline=black fill=(%d,%d,%d) kind=%s", pts, c.r, c.g, c.b, KIND[kind[i]]);
        size = size * cos((180.0 / sides) * (M_PI / 180.0));
    }
    scene_describe(s, "pil save");
}

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level;
    scene *s = ctx->img[0];
    scene_reset(s, SIDE, SIDE);

    rng colours;
    gen_stream(ctx, "colours", &colours);
    rgb col[MAX_LAYERS];
    for (int i = 0; i < n; i++) {
        int t = 0;
        for (; t < COLOUR_TRIES; t++) {
            rgb c = {(uint8_t)rng_int(&colours, CHANNEL_LO, CHANNEL_HI), (uint8_t)rng_int(&colours, CHANNEL_LO, CHANNEL_HI),
                     (uint8_t)rng_int(&colours, CHANNEL_LO, CHANNEL_HI)};
            bool ok = true;
            for (int j = 0; j < i && ok; j++) {
                int dr = c.r - col[j].r, dg = c.g - col[j].g, db = c.b - col[j].b;
                ok = dr * dr + dg * dg + db * db > MIN_SQ_DISTANCE;
            }
            if (ok) {
                col[i] = c;
                break;
            }
        }
        if (t == COLOUR_TRIES)
            return gen_fail(ctx, "cannot find %d fills apart", n);
    }

    /* outermost first, each next one inscribed: its circumradius is the inradius
     * of the one below, r cos(180 deg / sides) */
    int kind[MAX_LAYERS];
    for (int draws = 0;; draws++) {
        if (draws == MAX_DRAWS)
            return gen_fail(ctx, "cannot draw %d layers that each show a ring in %d tries", n, MAX_DRAWS);
        for (int i = 0; i < n; i++)
            kind[i] = (int)rng_below(&ctx->rng, 3);
        if (readable(kind, n))
            break;
        ctx->redraws++;
    }
    double r = R_OUTER;
    point pts[8];
    scene_describe(s, "pil image %d %d", SIDE, SIDE);
    describe(s, kind, col, n);
    for (int i = 0; i < n; i++) {
        /* the original's points, 900 + r cos(radians(k 360 / sides)), as Python
         * computes them (Pillow truncates each: the last bit decides a pixel),
         * moved to pixel centres (scene.h, EDGES_PILLOW) */
        int sides = SIDES[kind[i]];
        for (int k = 0; k < sides; k++) {
            double a = k * (360.0 / sides) * (M_PI / 180.0);
            pts[k] = (point){pil_point(SIDE / 2 + r * cos(a)), pil_point(SIDE / 2 + r * sin(a))};
        }
        prim *p = scene_polygon(s, pts, SIDES[kind[i]], col[n - 1 - i]);
        p->stroke_width = 1;
        p->stroke = RGB_BLACK;
        p->edges = EDGES_PILLOW; /* filled and outlined as Pillow's polygon (pil_raster.h) */
        p->kind = KIND[kind[i]];
        p->layer = i;
        p->object = i;
        r = r * cos((180.0 / sides) * (M_PI / 180.0));
    }

    cJSON_AddNumberToObject(ctx->record, "num_layers", n);
    cJSON *order = cJSON_AddArrayToObject(ctx->record, "order");
    for (int i = n - 1; i >= 0; i--)
        cJSON_AddItemToArray(order, cJSON_CreateString(KIND[kind[i]]));
    return GEN_EXIT_OK;
}

static int check_level(const gen_params *p, char *err, size_t errlen)
{
    if (p->level > MAX_LAYERS) {
        snprintf(err, errlen,
                 "cannot nest %d layers readably: past %d, under 1 in 100,000 kind lists leaves every layer a "
                 "visible ring; choose --num_sizes %d or less",
                 p->level, MAX_LAYERS, MAX_LAYERS);
        return -1;
    }
    return 0;
}

static const gen_field fields[] = {{"num_layers", FIELD_INT}, {"order", FIELD_STRING_ARRAY}, {NULL, 0}};

const generator gen_layered_shapes = {
    .name = "layered_shapes",
    .summary = "n regular polygons nested one inside another; name their kinds from the inside out",
    .images = 1,
    .fields = fields,
    .level_field = "num_layers",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .input_prompt = "- The picture shows shapes lying one on top of another on a white background, each smaller "
                    "one inside the one beneath it.\n"
                    "- A shape is one of: circle, diamond, hexagon, octagon.\n"
                    "- The picture may also show just one shape.\n",
    .rules = "- Name the shapes in order, from the innermost layer to the outermost.\n"
             "- If there is only one shape, name it.\n",
    .output_prompt = "- On the last line, list the shape names (no colours) separated by commas, from the top layer "
                     "down, in the form SHAPES : Shape 1 , Shape 2 and so on.\n"
                     "- For a single shape, write SHAPES : followed by its name.\n",
    .answer = {.format = "SHAPES : Shape 1 , Shape 2", .kind = ANSWER_WORDS, .gold = {"order"}, .axis = "num_layers"},
    .check_level = check_level,
    .sample = sample,
};
