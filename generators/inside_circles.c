/* SPDX-License-Identifier: MIT */
/* inside_circles: n black circle outlines and one red dot; is the dot inside any
 * of the circles?
 * Record: inside_circles = true when the dot's centre lies inside at least one
 * circle; num_circles = n.  See docs/tasks/inside_circles.md.
 *
 * The picture is the original's (Percept-V inside_circles): matplotlib's default
 * 6.4 x 4.8 inch figure at 100 dpi, data limits [-0.7, 1.4] on both axes at equal
 * aspect, axis off, tight bounding box.  The axes box is height-bound, 369.6 px
 * for 2.1 data units (176 px a unit), padded by 10 px: a 389 x 389 canvas on which
 * data (x, y) is pixel (10 + 176 (x + 0.7), 379 - 176 (y + 0.7)).  Every centre
 * lies in [0.1, 0.9]^2, so the drawing sits right of and above the middle, as in
 * the original. */
#include "errors.h"
#include "generator.h"
#include "mplfig.h"

#include <math.h>
#include <stdio.h>

/* The data limits, and a unit in pixels (the readability rule's; mplfig.h maps
 * the drawing exactly as matplotlib does). */
#define UNIT 176.0
#define LO (-0.7)
#define HI 1.4
/* Centres of the circles and of the dot: uniform over [0.1, 0.9]^2 (data). */
#define POS_MIN 0.1
#define POS_MAX 0.9
/* Radii of the circles: uniform over 0.1..0.5 (17.6..88 px). */
#define R_MIN 0.1
#define R_MAX 0.5
/* The dot's radius: 0.05 (8.8 px). */
#define DOT_R 0.05
/* matplotlib's default patch line: 1 pt at 100 dpi.  The circles are outlines of
 * that width; the dot, made with color=, has an edge of its own red as wide. */
#define EDGE_PT 1.0
#define EDGE_WIDTH (EDGE_PT * 100.0 / 72.0)
/* White kept between the dot's ink and a deciding outline's ink, in pixels at the
 * original's size: 3 px is a gap one sees (3.5 px when the 389 px image is shown
 * at 448).  A deciding outline is every outline when the answer is No, and at least
 * one containing circle's when it is Yes; the prompt asks about the dot's centre,
 * which cannot be placed by eye once an outline cuts through the dot. */
#define READ_GAP 3.0
/* The least distance (data) between the dot's centre and a deciding outline:
 * dot radius + its edge + half the outline + the gap (13.2 px). */
#define READ_DIST ((DOT_R * UNIT + EDGE_WIDTH / 2 + EDGE_WIDTH / 2 + READ_GAP) / UNIT)
/* Scenes drawn at most for one sample.  A scene thrown away is replaced by the next
 * readable one with the first scene's answer (so each level's Yes share stays the
 * original's); the rarest case, a No at 30 circles, is readable in 3 draws of
 * 10^5 (measured) and needed in about 3 samples of 10^4: 5 million draws miss it
 * with odds e^-150. */
#define MAX_DRAWS 5000000L
/* Most circles gen draws: past 30 a readable No gets too rare to draw (the
 * original has no bound). */
#define MAX_CIRCLES 30

/* matplotlib's named colour 'red'. */
#define MPL_RED ((rgb){255, 0, 0})

typedef struct circ {
    double x, y, r;
} circ;

/* One scene as the original draws it: per circle x, y then r, then the dot. */
static void draw(rng *g, int n, circ *c, double *dx, double *dy)
{
    for (int i = 0; i < n; i++) {
        c[i].x = rng_uniform(g, POS_MIN, POS_MAX);
        c[i].y = rng_uniform(g, POS_MIN, POS_MAX);
        c[i].r = rng_uniform(g, R_MIN, R_MAX);
    }
    *dx = rng_uniform(g, POS_MIN, POS_MAX);
    *dy = rng_uniform(g, POS_MIN, POS_MAX);
}

/* The answer (the original's rule: the centre strictly inside a circle) and
 * whether a reader can see it: *readable. */
static bool answer(const circ *c, int n, double dx, double dy, bool *readable)
{
    bool inside = false, clear_inside = false, all_clear = true;
    for (int i = 0; i < n; i++) {
        double d = hypot(dx - c[i].x, dy - c[i].y);
        inside |= d < c[i].r;
        clear_inside |= c[i].r - d >= READ_DIST;
        all_clear &= d - c[i].r >= READ_DIST;
    }
    *readable = inside ? clear_inside : all_clear;
    return inside;
}

static int check_level(const gen_params *p, char *err, size_t errlen)
{
    if (p->level > MAX_CIRCLES) {
        snprintf(err, errlen, "cannot draw %d circles: at most %d (past that a readable No is too rare)", p->level,
                 MAX_CIRCLES);
        return -1;
    }
    return 0;
}


static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level;
    char err[160];
    if (check_level(&ctx->p, err, sizeof err) != 0)
        return gen_fail(ctx, "%s", err);
    circ c[MAX_CIRCLES];
    double dx, dy;
    bool readable;
    draw(&ctx->rng, n, c, &dx, &dy);
    bool yes = answer(c, n, dx, dy, &readable);
    long draws = 1;
    while (!readable) {
        if (draws == MAX_DRAWS)
            return gen_fail(ctx, "cannot draw a readable scene of %d circles answering %s in %ld draws", n,
                            yes ? "Yes" : "No", MAX_DRAWS);
        ctx->redraws++;
        draws++;
        draw(&ctx->rng, n, c, &dx, &dy);
        bool again = answer(c, n, dx, dy, &readable);
        readable &= again == yes;
    }

    scene *s = ctx->img[0];
    mplfig f;
    mplfig_equal_tight(&f, LO, HI, LO, HI);
    scene_reset(s, f.width, f.height);
    mplfig_clip(&f, s);
    scene_describe(s, "mpl figure");
    scene_describe(s, "mpl aspect equal");
    scene_describe(s, "mpl axis off");
    scene_describe(s, "mpl xlim %.17g %.17g", LO, HI);
    scene_describe(s, "mpl ylim %.17g %.17g", LO, HI);
    scene_describe(s, "mpl circle %.17g %.17g %.17g color=red kind=dot", dx, dy, DOT_R);
    for (int i = 0; i < n; i++)
        scene_describe(s, "mpl circle %.17g %.17g %.17g color=black fill=False kind=circle", c[i].x, c[i].y, c[i].r);
    scene_describe(s, "mpl save tight");
    /* the dot first, the outlines over it, as the original adds them */
    prim *p = mplfig_circle(&f, s, dx, dy, DOT_R, MPL_RED, true, EDGE_PT);
    p->kind = "dot";
    p->colour_name = "red";
    for (int i = 0; i < n; i++) {
        p = mplfig_circle(&f, s, c[i].x, c[i].y, c[i].r, RGB_BLACK, false, EDGE_PT);
        p->kind = "circle";
        p->colour_name = "black";
        p->object = i;
    }
    cJSON_AddBoolToObject(ctx->record, "inside_circles", yes);
    cJSON_AddNumberToObject(ctx->record, "num_circles", n);
    return GEN_EXIT_OK;
}

static const gen_field fields[] = {{"inside_circles", FIELD_BOOL}, {"num_circles", FIELD_INT}, {NULL, 0}};

const generator gen_inside_circles = {
    .name = "inside_circles",
    .summary = "n black circle outlines and a red dot; is the dot inside any circle",
    .images = 1,
    .fields = fields,
    .level_field = "num_circles",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .input_prompt = "The image shows a number of black circles, drawn as outlines, and one red dot.",
    .rules = "Decide whether the red dot lies inside at least one of the circles. The dot counts as inside a "
             "circle when the dot's centre is within that circle's outline.",
    .output_prompt = "The last line of your answer must be ANSWER: x, where x is Yes if the dot is inside any "
                     "circle and No if it is inside none.",
    .answer = {.format = "ANSWER: Yes/No", .kind = ANSWER_WORDS, .gold = {"inside_circles"}, .axis = "num_circles"},
    .check_level = check_level,
    .sample = sample,
};
