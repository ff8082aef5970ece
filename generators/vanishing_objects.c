/* SPDX-License-Identifier: MIT */
/* vanishing_objects: a pair on a 1500x1000 white canvas.  The first image holds
 * 2n black circles, squares and triangles (each kind equally likely); the second
 * is the same picture with exactly n of them gone.  The question: how many
 * vanished (COUNT:x).
 * Record (the original's order): circles, squares, triangles = the counts in the
 * FIRST image (they sum to 2n), vanished = n.
 * See docs/tasks/vanishing_objects.md. */
#include "errors.h"
#include "generator.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* The original's Pillow canvas. */
#define CANVAS_W 1500
#define CANVAS_H 1000
/* Half-size of a shape (radius of a circle, half-side of a square, half-width
 * and half-height of a triangle), drawn uniformly as the original does. */
#define HALF_MIN 15
#define HALF_MAX 30
/* Every shape's edge stays this far inside the canvas (the original's margin). */
#define MARGIN 50
/* Two centres are at least this factor times the sum of their half-sizes apart,
 * the original's rule: 1.5 exceeds a square's half-diagonal factor (sqrt 2), so
 * no two shapes ever touch and no vanished shape can hide in a neighbour. */
#define SPACING 1.5
/* Candidate positions tried per scene before giving up (the original tries
 * forever): level 20 needs about 60 on average. */
#define PLACE_TRIES 200000

enum { K_CIRCLE, K_SQUARE, K_TRIANGLE, K_KINDS };
static const char *const KIND_NAME[K_KINDS] = {"circle", "square", "triangle"};

typedef struct shape {
    int x, y, half, kind;
} shape;

/* Shape i as the original draws it with Pillow: a box from x-h to x+h inclusive
 * of pixels, i.e. [x-h, x+h+1] in continuous coordinates. */
static void draw_shape(scene *s, const shape *e, int object)
{
    double x = e->x, y = e->y, h = e->half;
    prim *p;
    if (e->kind == K_CIRCLE) {
        p = scene_circle(s, x + 0.5, y + 0.5, h + 0.5, RGB_BLACK);
    } else if (e->kind == K_SQUARE) {
        p = scene_rect(s, x - h, y - h, 2 * h + 1, 2 * h + 1, RGB_BLACK);
    } else { /* apex up, base at the bottom of the box */
        /* the original's vertices (top, bottom left, bottom right) at pixel
         * centres (scene.h, EDGES_PILLOW) */
        point q[3] = {{x + 0.5, y - h + 0.5}, {x - h + 0.5, y + h + 0.5}, {x + h + 0.5, y + h + 0.5}};
        p = scene_polygon(s, q, 3, RGB_BLACK);
    }
    p->edges = EDGES_PILLOW; /* Pillow's own pixels for the original's coordinates (pil_raster.h) */
    p->kind = KIND_NAME[e->kind];
    p->colour_name = "black";
    p->object = object;
}

/* The original's call for shape e in `fill`: its box (centre +- half) or its
 * three points. */
static void describe_shape(scene *s, const shape *e, const char *fill)
{
    if (e->kind == K_CIRCLE || e->kind == K_SQUARE)
        scene_describe(s, "pil %s %d %d %d %d fill=%s kind=%s", e->kind == K_CIRCLE ? "ellipse" : "rectangle",
                       e->x - e->half, e->y - e->half, e->x + e->half, e->y + e->half, fill, KIND_NAME[e->kind]);
    else
        scene_describe(s, "pil polygon %d,%d,%d,%d,%d,%d fill=%s kind=%s", e->x, e->y - e->half, e->x - e->half,
                       e->y + e->half, e->x + e->half, e->y + e->half, fill, KIND_NAME[e->kind]);
}

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level, total = 2 * n;
    scene *first = ctx->img[0], *second = ctx->img[1];
    scene_reset(first, CANVAS_W, CANVAS_H);
    scene_reset(second, CANVAS_W, CANVAS_H);
    shape *sh = xmalloc(sizeof *sh * (size_t)(total ? total : 1));
    int *order = xmalloc(sizeof *order * (size_t)(total ? total : 1));
    int placed = 0;
    /* Candidates as the original draws them: kind, half-size, then the centre;
     * a candidate too close to a placed shape is dropped, the others kept. */
    for (long tries = 0; placed < total; tries++) {
        if (tries == PLACE_TRIES) {
            free(sh);
            free(order);
            return gen_fail(ctx, "cannot place %d spaced shapes on a %dx%d canvas in %d tries", total, CANVAS_W,
                            CANVAS_H, PLACE_TRIES);
        }
        shape c;
        c.kind = (int)rng_below(&ctx->rng, K_KINDS);
        c.half = rng_int(&ctx->rng, HALF_MIN, HALF_MAX);
        c.x = rng_int(&ctx->rng, c.half + MARGIN, CANVAS_W - c.half - MARGIN);
        c.y = rng_int(&ctx->rng, c.half + MARGIN, CANVAS_H - c.half - MARGIN);
        bool ok = true;
        for (int j = 0; j < placed && ok; j++) {
            double d = hypot(sh[j].x - c.x, sh[j].y - c.y);
            ok = d >= SPACING * (sh[j].half + c.half);
        }
        if (ok)
            sh[placed++] = c;
    }
    int count[K_KINDS] = {0};
    scene_describe(first, "pil image %d %d", CANVAS_W, CANVAS_H);
    scene_describe(second, "pil image %d %d", CANVAS_W, CANVAS_H);
    for (int i = 0; i < total; i++) {
        draw_shape(first, &sh[i], i);
        describe_shape(first, &sh[i], "black");
        describe_shape(second, &sh[i], "black");
        count[sh[i].kind]++;
    }
    /* The second image: n shapes chosen uniformly among the 2n are gone. */
    for (int i = 0; i < total; i++)
        order[i] = i;
    rng_shuffle_int(&ctx->rng, order, total);
    bool *gone = xcalloc((size_t)(total ? total : 1), sizeof *gone);
    for (int i = 0; i < n; i++)
        gone[order[i]] = true;
    for (int i = 0; i < total; i++)
        if (!gone[i])
            draw_shape(second, &sh[i], i);
    /* the original saves the first image, then draws over the same image: the
     * vanished shapes in white, the others in black again (the same pixels as
     * a picture without the vanished ones: no two shapes share a pixel) */
    for (int i = 0; i < total; i++)
        describe_shape(second, &sh[i], gone[i] ? "white" : "black");
    scene_describe(first, "pil save");
    scene_describe(second, "pil save");

    cJSON_AddNumberToObject(ctx->record, "circles", count[K_CIRCLE]);
    cJSON_AddNumberToObject(ctx->record, "squares", count[K_SQUARE]);
    cJSON_AddNumberToObject(ctx->record, "triangles", count[K_TRIANGLE]);
    cJSON_AddNumberToObject(ctx->record, "vanished", n);
    free(gone);
    free(sh);
    free(order);
    return GEN_EXIT_OK;
}

static const gen_field fields[] = {
    {"circles", FIELD_INT}, {"squares", FIELD_INT}, {"triangles", FIELD_INT}, {"vanished", FIELD_INT}, {NULL, 0}};

const generator gen_vanishing_objects = {
    .name = "vanishing_objects",
    .summary = "two images of black circles, squares and triangles; count the shapes missing from the second",
    .images = 2,
    .fields = fields,
    .level_field = "vanished",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .input_prompt = "You are shown two pictures of black shapes (circles, squares and triangles) on a white "
                    "background. The second picture is the first one with some of its shapes removed; every "
                    "remaining shape is exactly where it was.",
    .rules = "Compare the two pictures and count how many shapes are present in the first picture but absent "
             "from the second. Count every missing shape once, whatever its kind.",
    .output_prompt = "Give your answer on one line as COUNT:x, where x is the number of missing shapes "
                     "written in digits, for example COUNT:4",
    .answer = {.format = "COUNT:x", .kind = ANSWER_INT, .gold = {"vanished"}, .axis = "vanished"},
    .sample = sample,
};
