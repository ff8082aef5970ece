/* SPDX-License-Identifier: MIT */
/* circle_location: thin black axes through the middle of the original Percept-V
 * script's matplotlib figure (515x350 after its tight bounding box) and n black
 * circles of one radius in the four quadrants.  Record: quadrant (1..4, the one
 * with the most circles, ties to the lower number, as the original resolves
 * them), count (its circles), num_objects = n.  See docs/tasks/circle_location.md. */
#include "errors.h"
#include "generator.h"
#include "mplfig.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* The original's data: x in -1500..1500, y in -1000..1000, radius 75, centres on
 * whole units with |x| > 75 and |y| > 75, more than 2 radii apart. */
#define HALF_W 1500
#define HALF_H 1000
#define RADIUS 75
/* Its figure: plt.subplots() (6.4 x 4.8 in at 100 dpi), equal aspect, axes off,
 * saved with a tight box: 515x350 (tests/canvas_sizes.txt); mplfig.h places
 * everything where matplotlib does. */
#define CANVAS_W 515
#define CANVAS_H 350
/* The axis lines: 0.5 pt; a circle's edge: matplotlib's 1 pt patch line. */
#define LINE_PT 0.5
#define EDGE_PT 1.0

static mplfig figure(void)
{
    mplfig f;
    mplfig_equal_tight(&f, -HALF_W, HALF_W, -HALF_H, HALF_H);
    return f;
}

/* The white gap a circle keeps from another circle and from an axis line
 * (tasks.md rule 6): the original lets two circles come within 1 unit (0.17 px,
 * so their edges overlap) and a circle within 1 unit of an axis (its edge then
 * covers the line); such a scene is drawn again.  2 px stays visible at 448 px. */
#define MIN_GAP 2.0
#define PLACE_TRIES 20000
#define SCENE_TRIES 200
/* The most circles: 30 still place (48 of 50 samples redrawn, ~20 scenes each,
 * measured); 35 spend the budget. */
#define MAX_CIRCLES 30


/* One scene as the original draws it; false when the try budget is spent. */
static bool draw_scene(rng *r, int n, int *cx, int *cy)
{
    int placed = 0;
    for (int tries = 0; placed < n; tries++) {
        if (tries == PLACE_TRIES)
            return false;
        int x = rng_int(r, -(HALF_W - RADIUS), HALF_W - RADIUS);
        int y = rng_int(r, -(HALF_H - RADIUS), HALF_H - RADIUS);
        if (abs(x) <= RADIUS || abs(y) <= RADIUS)
            continue;
        bool clear = true;
        for (int j = 0; j < placed && clear; j++)
            clear = hypot(cx[j] - x, cy[j] - y) > 2 * RADIUS;
        if (clear) {
            cx[placed] = x;
            cy[placed] = y;
            placed++;
        }
    }
    return true;
}

/* True when every drawn circle keeps MIN_GAP of white from both axis lines and
 * from every other circle.  The lines are snapped to pixel centres (their 0.69 px
 * rounds to an odd 1 px); a circle's ink reaches half its edge beyond its radius. */
static bool readable(const mplfig *f, int n, const int *cx, const int *cy)
{
    double line_w = mplfig_pt(f, LINE_PT), r = mplfig_dx(f, RADIUS) + mplfig_pt(f, EDGE_PT) / 2;
    double line_x = floor(mplfig_x(f, 0) + 0.5) + 0.5, line_y = floor(mplfig_y(f, 0) + 0.5) + 0.5;
    for (int i = 0; i < n; i++) {
        double x = mplfig_x(f, cx[i]), y = mplfig_y(f, cy[i]);
        if (fabs(x - line_x) - r - line_w / 2 < MIN_GAP || fabs(y - line_y) - r - line_w / 2 < MIN_GAP)
            return false;
        for (int j = 0; j < i; j++)
            if (hypot(x - mplfig_x(f, cx[j]), y - mplfig_y(f, cy[j])) - 2 * r < MIN_GAP)
                return false;
    }
    return true;
}

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level;
    scene *s = ctx->img[0];
    mplfig f = figure();
    scene_reset(s, f.width, f.height);
    int cx[MAX_CIRCLES], cy[MAX_CIRCLES];
    for (int scenes = 0;; scenes++) {
        if (scenes == SCENE_TRIES)
            return gen_fail(ctx, "cannot place %d circles clear of each other and of the axes on a %dx%d canvas "
                            "(%d tries)", n, CANVAS_W, CANVAS_H, SCENE_TRIES);
        if (!draw_scene(&ctx->rng, n, cx, cy))
            continue; /* the try budget spent: not a readability redraw */
        if (readable(&f, n, cx, cy))
            break;
        ctx->redraws++;
    }
    mplfig_clip(&f, s);
    scene_describe(s, "mpl figure");
    scene_describe(s, "mpl aspect equal");
    scene_describe(s, "mpl axis off");
    scene_describe(s, "mpl xlim %d %d", -HALF_W, HALF_W);
    scene_describe(s, "mpl ylim %d %d", -HALF_H, HALF_H);
    mplfig_axhline(&f, s, 0, LINE_PT, RGB_BLACK);
    scene_describe(s, "mpl axhline y=0 color=black lw=%g kind=axis", LINE_PT);
    mplfig_axvline(&f, s, 0, LINE_PT, RGB_BLACK);
    scene_describe(s, "mpl axvline x=0 color=black lw=%g kind=axis", LINE_PT);
    /* quadrants as the original numbers them: 1 top right, 2 top left, 3 bottom
     * left, 4 bottom right */
    int per[4] = {0, 0, 0, 0};
    for (int i = 0; i < n; i++) {
        int q = cy[i] > 0 ? (cx[i] > 0 ? 0 : 1) : (cx[i] < 0 ? 2 : 3);
        per[q]++;
        prim *p = mplfig_circle(&f, s, cx[i], cy[i], RADIUS, RGB_BLACK, true, EDGE_PT);
        p->colour_name = "black";
        p->object = i;
        scene_describe(s, "mpl circle %d %d %d color=black kind=circle", cx[i], cy[i], RADIUS);
    }
    scene_describe(s, "mpl save tight");
    /* the first quadrant with the most circles: ties go to the lower number */
    int best = 0;
    for (int q = 1; q < 4; q++)
        if (per[q] > per[best])
            best = q;
    cJSON_AddNumberToObject(ctx->record, "quadrant", best + 1);
    cJSON_AddNumberToObject(ctx->record, "count", per[best]);
    cJSON_AddNumberToObject(ctx->record, "num_objects", n);
    return GEN_EXIT_OK;
}

static int check_level(const gen_params *p, char *err, size_t errlen)
{
    if (p->level > MAX_CIRCLES) {
        snprintf(err, errlen, "cannot draw %d circles on a %dx%d canvas (at most %d)", p->level, CANVAS_W, CANVAS_H,
                 MAX_CIRCLES);
        return -1;
    }
    return 0;
}

static const gen_field fields[] = {
    {"quadrant", FIELD_INT}, {"count", FIELD_INT}, {"num_objects", FIELD_INT}, {NULL, 0}};

const generator gen_circle_location = {
    .name = "circle_location",
    .summary = "n black circles in the four quadrants of thin axes; the fullest quadrant and its count",
    .images = 1,
    .fields = fields,
    .level_field = "num_objects",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .input_prompt = "The picture shows two thin black axes crossing in the middle, which split it into four "
                    "quadrants, and black circles lying in the quadrants.",
    .rules = "Number the quadrants as usual: 1 is the upper right one, 2 the upper left, 3 the lower left and 4 "
             "the lower right. Find the quadrant that holds the most black circles and how many circles it holds. "
             "When two or more quadrants hold the same largest number, choose the one with the smallest number.",
    .output_prompt = "Give your answer on one line in the form QUADRANT:x COUNT:y, with x the number of that "
                     "quadrant and y the number of circles in it.",
    .answer = {.format = "QUADRANT:x COUNT:y", .kind = ANSWER_INTS, .gold = {"quadrant", "count"},
               .axis = "num_objects"},
    .check_level = check_level,
    .sample = sample,
};
