/* SPDX-License-Identifier: MIT */
/* change_colour: a pair on a 1500x1000 white canvas.  The first image holds 2n
 * red, blue and green circles; the second is the same circles with exactly n of
 * them recoloured (red -> blue -> green -> red).  The question: how many circles
 * changed colour (COUNT:x).
 * Record: num_differences = n.  See docs/tasks/change_colour.md. */
#include "errors.h"
#include "generator.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* The original's Pillow canvas. */
#define CANVAS_W 1500
#define CANVAS_H 1000
/* Radii, uniform per circle as the original draws them. */
#define R_MIN 10
#define R_MAX 30
/* Least clear gap between two drawn circles (Pillow's inclusive box makes a circle
 * of radius r r + 0.5 px across from its centre).  The original's spacing rule
 * (centres at least r_placed + the scene's largest radius apart) lets a circle of
 * the largest radius touch or share a pixel with a neighbour, two circles then
 * read as one blob; such scenes are drawn again (tasks.md rule 6). */
#define MIN_GAP 2.0
/* Candidate positions tried per scene before giving up (the original tries
 * forever); level 20 needs about 50 per circle at most. */
#define PLACE_TRIES 200000
/* Scenes drawn again because two circles touch, at most. */
#define MAX_REDRAWS 1000

enum { RED, BLUE, GREEN, NCOLOURS };
/* Pillow's named colours. */
static const rgb COLOUR[NCOLOURS] = {{255, 0, 0}, {0, 0, 255}, {0, 128, 0}};
static const char *const COLOUR_NAME[NCOLOURS] = {"red", "blue", "green"};

typedef struct circle {
    int x, y, r, colour;
} circle;

static void draw(scene *s, const circle *c, int colour, int object)
{
    prim *p = scene_circle(s, c->x + 0.5, c->y + 0.5, c->r + 0.5, COLOUR[colour]);
    p->edges = EDGES_PILLOW; /* Pillow's own pixels for the original's box (pil_raster.h) */
    p->kind = "circle";
    p->colour_name = COLOUR_NAME[colour];
    p->object = object;
}

/* The original's call: draw.ellipse([x - r, y - r, x + r, y + r], fill=colour). */
static void describe(scene *s, const circle *c, int colour)
{
    scene_describe(s, "pil ellipse %d %d %d %d fill=%s kind=circle", c->x - c->r, c->y - c->r, c->x + c->r,
                   c->y + c->r, COLOUR_NAME[colour]);
}

/* One scene of m circles as the original draws it: the m radii first, then
 * centres uniform in [rmax, W - rmax] x [rmax, H - rmax], each kept when it is at
 * least (radius of every placed circle + rmax) from their centres, with a colour
 * drawn when kept.  1: placed; 0: two circles touch; -1: out of tries. */
static int place(rng *r, circle *c, int m)
{
    int rmax = 0;
    for (int i = 0; i < m; i++) {
        c[i].r = rng_int(r, R_MIN, R_MAX);
        rmax = c[i].r > rmax ? c[i].r : rmax;
    }
    int placed = 0;
    for (long tries = 0; placed < m; tries++) {
        if (tries == PLACE_TRIES)
            return -1;
        int x = rng_int(r, rmax, CANVAS_W - rmax), y = rng_int(r, rmax, CANVAS_H - rmax);
        bool ok = true;
        for (int j = 0; j < placed && ok; j++)
            ok = hypot(c[j].x - x, c[j].y - y) >= c[j].r + rmax;
        if (!ok)
            continue;
        c[placed].x = x;
        c[placed].y = y;
        c[placed].colour = (int)rng_below(r, NCOLOURS);
        placed++;
    }
    for (int i = 0; i < m; i++)
        for (int j = 0; j < i; j++)
            if (hypot(c[i].x - c[j].x, c[i].y - c[j].y) - (c[i].r + 0.5) - (c[j].r + 0.5) < MIN_GAP)
                return 0;
    return 1;
}

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level, m = 2 * n;
    scene *first = ctx->img[0], *second = ctx->img[1];
    scene_reset(first, CANVAS_W, CANVAS_H);
    scene_reset(second, CANVAS_W, CANVAS_H);
    circle *c = xmalloc(sizeof *c * (size_t)(m ? m : 1));
    int *order = xmalloc(sizeof *order * (size_t)(m ? m : 1));
    int got;
    while ((got = place(&ctx->rng, c, m)) == 0) {
        if (++ctx->redraws > MAX_REDRAWS) {
            free(c);
            free(order);
            return gen_fail(ctx, "cannot draw %d circles with no two touching in %d scenes", m, MAX_REDRAWS);
        }
    }
    if (got < 0) {
        free(c);
        free(order);
        return gen_fail(ctx, "cannot place %d spaced circles on a %dx%d canvas in %d tries", m, CANVAS_W, CANVAS_H,
                        PLACE_TRIES);
    }
    /* n circles chosen uniformly among the 2n take the next colour in the cycle. */
    for (int i = 0; i < m; i++)
        order[i] = i;
    rng_shuffle_int(&ctx->rng, order, m);
    bool *changed = xcalloc((size_t)(m ? m : 1), sizeof *changed);
    for (int k = 0; k < n; k++)
        changed[order[k]] = true;
    scene_describe(first, "pil image %d %d", CANVAS_W, CANVAS_H);
    scene_describe(second, "pil image %d %d", CANVAS_W, CANVAS_H);
    for (int i = 0; i < m; i++) {
        draw(first, &c[i], c[i].colour, i);
        draw(second, &c[i], changed[i] ? (c[i].colour + 1) % NCOLOURS : c[i].colour, i);
        describe(first, &c[i], c[i].colour);
        describe(second, &c[i], c[i].colour);
    }
    /* the original saves the first image and draws the second over it: every
     * circle again in its second colour, on the very pixels of the first */
    for (int i = 0; i < m; i++)
        describe(second, &c[i], changed[i] ? (c[i].colour + 1) % NCOLOURS : c[i].colour);
    scene_describe(first, "pil save");
    scene_describe(second, "pil save");
    cJSON_AddNumberToObject(ctx->record, "num_differences", n);
    free(changed);
    free(c);
    free(order);
    return GEN_EXIT_OK;
}

static const gen_field fields[] = {{"num_differences", FIELD_INT}, {NULL, 0}};

const generator gen_change_colour = {
    .name = "change_colour",
    .summary = "two images of the same red, blue and green circles; count the circles whose colour changed",
    .images = 2,
    .fields = fields,
    .level_field = "num_differences",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .input_prompt = "You are shown two pictures of coloured circles on a white background. Both pictures hold the "
                    "same circles at the same places and sizes, but a circle may have another colour in the second "
                    "picture than in the first.",
    .rules = "Compare the circles at each position and count how many of them have a different colour in the two "
             "pictures. Circles whose colour is the same in both do not count.",
    .output_prompt = "Give your answer on one line as COUNT:x, where x is the number of circles whose colour "
                     "differs, written in digits, for example COUNT:3",
    .answer = {.format = "COUNT:x", .kind = ANSWER_INT, .gold = {"num_differences"}, .axis = "num_differences"},
    .sample = sample,
};
