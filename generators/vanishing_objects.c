/* vanishing_objects: a pair.  The first image holds circles, squares and
 * triangles; the second is the same scene with some of them removed.
 * Record: circles = n, squares, triangles (counts in the first image), vanished =
 * {"circles", "squares", "triangles"}: how many of each kind are gone.
 * See docs/tasks/vanishing_objects.md. */
#include "errors.h"
#include "generator.h"
#include "layout.h"
#include "palette.h"
#include "shapes.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* Shapes at least this far apart edge to edge (measured between the circles that
 * hold them): touching shapes read as one, and a removed shape must leave a hole
 * that cannot be mistaken for part of a neighbour. */
#define SHAPE_GAP 10.0
/* Largest circumradius: 60 px keeps the few shapes of low levels moderate. */
#define SHAPE_RMAX 60.0
/* Smallest circumradius: a triangle 16 px from centre to corner is still plainly
 * a triangle, and its absence plainly visible. */
#define SHAPE_RMIN_FLOOR 16.0
/* Share of the canvas the shapes' circles may cover at most: placement stays
 * quick and the picture uncluttered with up to 60 shapes. */
#define SHAPE_COVERAGE 0.22
/* Radii vary by up to this factor within one image. */
#define SHAPE_SIZE_SPREAD 2.0
/* A circle is drawn at this share of its slot's radius, so it looks about as
 * large as a square or triangle of the same slot (similar areas). */
#define CIRCLE_SCALE 0.8
/* At most this share of the shapes vanish (at least one always does): the
 * second image stays recognisably the same scene. */
#define VANISH_SHARE 3

enum { K_CIRCLE, K_SQUARE, K_TRIANGLE, K_KINDS };
static const shape_kind KIND_SHAPE[K_KINDS] = {SHAPE_CIRCLE, SHAPE_SQUARE, SHAPE_TRIANGLE};
static const char *const KIND_FIELD[K_KINDS] = {"circles", "squares", "triangles"};

/* Most shapes a level draws: n circles and up to n squares and n triangles. */
static int max_total(int n) { return 3 * n; }

static double level_rmax(int total)
{
    return fmin(SHAPE_RMAX, sqrt(SHAPE_COVERAGE * GEN_CANVAS * GEN_CANVAS / (M_PI * total)));
}

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level;
    scene *s = ctx->img[0];
    int count[K_KINDS] = {n, rng_int(&ctx->rng, 1, n), rng_int(&ctx->rng, 1, n)};
    int total = count[K_CIRCLE] + count[K_SQUARE] + count[K_TRIANGLE];
    double rmax = level_rmax(total), rmin = fmax(SHAPE_RMIN_FLOOR, rmax / SHAPE_SIZE_SPREAD);
    if (rmax < rmin)
        return gen_fail(ctx, "cannot fit %d shapes of radius >= %.0f px on a %dx%d canvas", total, SHAPE_RMIN_FLOOR,
                        s->width, s->height);
    box area = {0, 0, s->width, s->height};
    disc *d = xmalloc(sizeof *d * (size_t)total);
    int *kind = xmalloc(sizeof *kind * (size_t)total), *order = xmalloc(sizeof *order * (size_t)total);
    if (place_discs(&ctx->rng, &area, total, rmin, rmax, SHAPE_GAP, d) != 0) {
        free(d);
        free(kind);
        free(order);
        return gen_fail(ctx, "cannot place %d non-touching shapes on a %dx%d canvas", total, s->width, s->height);
    }
    /* Kinds in a random order over the placed discs. */
    for (int i = 0, k = 0; k < K_KINDS; k++)
        for (int j = 0; j < count[k]; j++)
            kind[i++] = k;
    rng_shuffle_int(&ctx->rng, kind, total);

    rng colours;
    gen_stream(ctx, "colours", &colours);
    for (int i = 0; i < total; i++) {
        const palette_colour *c = &PALETTE[rng_below(&colours, PALETTE_SIZE)];
        double r = kind[i] == K_CIRCLE ? d[i].r * CIRCLE_SCALE : d[i].r;
        prim *p = scene_shape(s, KIND_SHAPE[kind[i]], d[i].x, d[i].y, r, 0, c->value);
        p->colour_name = c->name;
        p->object = i;
    }

    /* The second image: the same scene without k of its shapes. */
    int most = total / VANISH_SHARE > 1 ? total / VANISH_SHARE : 1;
    int k = rng_int(&ctx->rng, 1, most);
    for (int i = 0; i < total; i++)
        order[i] = i;
    rng_shuffle_int(&ctx->rng, order, total);
    bool *gone = xcalloc((size_t)total, sizeof *gone);
    int vanished[K_KINDS] = {0};
    for (int i = 0; i < k; i++) {
        gone[order[i]] = true;
        vanished[kind[order[i]]]++;
    }
    scene *t = ctx->img[1];
    scene_copy(t, s);
    int kept = 0;
    for (int i = 0; i < t->nprims; i++)
        if (!(t->prims[i].object >= 0 && gone[t->prims[i].object]))
            t->prims[kept++] = t->prims[i];
    t->nprims = kept;

    for (int j = 0; j < K_KINDS; j++)
        cJSON_AddNumberToObject(ctx->record, KIND_FIELD[j], count[j]);
    cJSON *v = cJSON_AddObjectToObject(ctx->record, "vanished");
    for (int j = 0; j < K_KINDS; j++)
        cJSON_AddNumberToObject(v, KIND_FIELD[j], vanished[j]);
    free(gone);
    free(d);
    free(kind);
    free(order);
    return GEN_EXIT_OK;
}

/* A level whose most crowded draw cannot keep SHAPE_RMIN_FLOOR is refused. */
static int check_level(const gen_params *p, char *err, size_t errlen)
{
    if (level_rmax(max_total(p->level)) < SHAPE_RMIN_FLOOR) {
        snprintf(err, errlen, "cannot draw up to %d shapes on a %dx%d canvas with radius >= %.0f px",
                 max_total(p->level), GEN_CANVAS, GEN_CANVAS, SHAPE_RMIN_FLOOR);
        return -1;
    }
    return 0;
}

static const gen_field fields[] = {
    {"circles", FIELD_INT}, {"squares", FIELD_INT}, {"triangles", FIELD_INT}, {"vanished", FIELD_COUNTS}, {NULL, 0}};

const generator gen_vanishing_objects = {
    .name = "vanishing_objects",
    .summary = "two images of circles, squares and triangles; count what is missing from the second",
    .images = 2,
    .fields = fields,
    .level_field = "circles",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .input_prompt = "You are given two images. The first shows circles, squares and triangles of various sizes and "
                    "colours on a white background. The second is the same picture with one or more of the shapes "
                    "taken away; nothing else has moved or changed.",
    .rules = "Compare the two images and work out how many circles, how many squares and how many triangles are "
             "missing from the second image. A kind with nothing missing counts as 0.",
    .output_prompt = "The last line of your answer must be ANSWER: followed by how many circles, "
                     "squares and triangles disappeared, in that order, in digits and separated "
                     "by single spaces, for example ANSWER: 1 0 2.",
    .answer = {.kind = ANSWER_INTS, .gold = {"vanished.circles", "vanished.squares", "vanished.triangles"},
                .axis = "vanished"},
    .check_level = check_level,
    .sample = sample,
};
