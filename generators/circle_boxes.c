/* SPDX-License-Identifier: MIT */
/* circle_boxes: 2n red circles on both sides of a blue vertical partition (a side
 * may be empty).  The question: how many circles must move from the fuller side to
 * the other so both sides hold as many (COUNT:x; 0 when they already do).
 * Record (the original's order): answer = max(left, right) - n, num_objects = n.
 *
 * The original draws with matplotlib on a 3000x2000-unit box (x -1500..1500, y
 * -1000..1000, axes off, equal aspect) and saves with bbox_inches='tight': a
 * 515x350 image whose axes box maps 496 px to 3000 units.  gen places circles in
 * the same units and maps them onto the same pixels.
 * See docs/tasks/circle_boxes.md. */
#include "errors.h"
#include "generator.h"
#include "mplfig.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* The data box, in units (the image: 515x350, matplotlib's tight box). */
#define HALF_W 1500
#define HALF_H 1000
/* Circle radius in units, as the original; drawn with matplotlib's default 1 pt
 * edge in the same red, so it shows 30 units + 0.69 px (measured: 5.65 px). */
#define RADIUS 30
#define EDGE_PT 1.0
/* The partition: axvline's default 1.5 pt line, full axes height. */
#define LINE_PT 1.5
/* Least clear gap (px) between two drawn circles, and between a circle and the
 * partition: the original keeps centres only 60 units (9.9 px) apart, less than a
 * drawn circle's 11.3 px width, and lets a circle sit on the line; such scenes are
 * drawn again (tasks.md rule 6), keeping the split between the sides. */
#define MIN_GAP_PX 1.0
/* Candidate positions tried per circle before the scene counts as failed (the
 * original tries forever). */
#define PLACE_TRIES 100000
/* Scenes of one split drawn again at most (level 20 redraws about 4 in 5). */
#define MAX_REDRAWS 2000

static const rgb RED = {255, 0, 0}, BLUE = {0, 0, 255};

typedef struct pos {
    int x, y;
} pos;

/* The original's figure: plt.subplots(), equal aspect, axes off, x -1500..1500,
 * y -1000..1000, a tight box (mplfig.h). */
static mplfig figure(void)
{
    mplfig f;
    mplfig_equal_tight(&f, -HALF_W, HALF_W, -HALF_H, HALF_H);
    return f;
}

/* A circle's ink: its radius and half its edge. */
static double drawn_r(const mplfig *f) { return mplfig_dx(f, RADIUS) + mplfig_pt(f, EDGE_PT) / 2; }

/* Places k circles on one side (sign -1 left, +1 right) as the original does:
 * x uniform over the side, y over the height, kept when |x| > 30, |y| > 30 and
 * more than 60 units from every circle placed on that side.  Returns false when
 * out of tries. */
static bool place_side(rng *r, int sign, int k, pos *p)
{
    for (int i = 0; i < k; i++) {
        long tries = 0;
        for (;;) {
            if (++tries > PLACE_TRIES)
                return false;
            int x = sign < 0 ? rng_int(r, -(HALF_W - RADIUS), -RADIUS) : rng_int(r, RADIUS, HALF_W - RADIUS);
            int y = rng_int(r, -(HALF_H - RADIUS), HALF_H - RADIUS);
            bool ok = abs(x) > RADIUS && abs(y) > RADIUS;
            for (int j = 0; j < i && ok; j++)
                ok = hypot(x - p[j].x, y - p[j].y) > 2 * RADIUS;
            if (ok) {
                p[i] = (pos){x, y};
                break;
            }
        }
    }
    return true;
}

/* True when every drawn circle of the side keeps MIN_GAP_PX from the others and
 * from the partition's edge. */
static bool readable(const mplfig *f, const pos *p, int k)
{
    double r = drawn_r(f), line = mplfig_pt(f, LINE_PT);
    for (int i = 0; i < k; i++) {
        if (mplfig_dx(f, abs(p[i].x)) - r - line / 2 < MIN_GAP_PX)
            return false;
        for (int j = 0; j < i; j++)
            if (mplfig_dx(f, hypot(p[i].x - p[j].x, p[i].y - p[j].y)) - 2 * r < MIN_GAP_PX)
                return false;
    }
    return true;
}

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level, total = 2 * n;
    scene *s = ctx->img[0];
    int left = rng_int(&ctx->rng, 0, total), right = total - left;
    mplfig f = figure();
    pos *pl = xmalloc(sizeof *pl * (size_t)(left ? left : 1)), *pr = xmalloc(sizeof *pr * (size_t)(right ? right : 1));
    for (;;) {
        if (!place_side(&ctx->rng, -1, left, pl) || !place_side(&ctx->rng, 1, right, pr)) {
            free(pl);
            free(pr);
            return gen_fail(ctx, "cannot place %d and %d spaced circles on the two sides", left, right);
        }
        if (readable(&f, pl, left) && readable(&f, pr, right))
            break;
        if (++ctx->redraws > MAX_REDRAWS) {
            free(pl);
            free(pr);
            return gen_fail(ctx, "cannot draw %d and %d circles clear of each other and of the partition in %d scenes",
                            left, right, MAX_REDRAWS);
        }
    }
    scene_reset(s, f.width, f.height);
    mplfig_clip(&f, s);
    prim *line = mplfig_axvline(&f, s, 0, LINE_PT, BLUE);
    line->kind = "partition";
    line->colour_name = "blue";
    scene_describe(s, "mpl figure");
    scene_describe(s, "mpl aspect equal");
    scene_describe(s, "mpl axis off");
    scene_describe(s, "mpl xlim %d %d", -HALF_W, HALF_W);
    scene_describe(s, "mpl ylim %d %d", -HALF_H, HALF_H);
    scene_describe(s, "mpl axvline x=0 color=blue kind=partition");
    for (int side = 0, id = 0; side < 2; side++) {
        const pos *p = side ? pr : pl;
        for (int i = 0; i < (side ? right : left); i++) {
            prim *c = mplfig_circle(&f, s, p[i].x, p[i].y, RADIUS, RED, true, EDGE_PT);
            c->kind = "circle";
            c->colour_name = "red";
            c->object = id++;
            scene_describe(s, "mpl circle %d %d %d color=red kind=circle", p[i].x, p[i].y, RADIUS);
        }
    }
    scene_describe(s, "mpl save tight");
    cJSON_AddNumberToObject(ctx->record, "answer", (left > right ? left : right) - n);
    cJSON_AddNumberToObject(ctx->record, "num_objects", n);
    free(pl);
    free(pr);
    return GEN_EXIT_OK;
}

static const gen_field fields[] = {{"answer", FIELD_INT}, {"num_objects", FIELD_INT}, {NULL, 0}};

const generator gen_circle_boxes = {
    .name = "circle_boxes",
    .summary = "red circles on both sides of a blue partition; how many must cross it to balance the sides",
    .images = 1,
    .fields = fields,
    .level_field = "num_objects",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .input_prompt = "The picture shows red circles and a blue vertical line that splits it into a left and a right "
                    "side. Each circle lies on one side; either side may also hold no circles at all.",
    .rules = "Work out how many circles have to be taken from the side with more circles and put on the side with "
             "fewer so that both sides end up with the same number. If the sides are already equal, the answer "
             "is 0.",
    .output_prompt = "Give your answer on one line as COUNT:x, where x is the number of circles to move, written "
                     "in digits, for example COUNT:2",
    .answer = {.format = "COUNT:x", .kind = ANSWER_INT, .gold = {"answer"}, .axis = "num_objects"},
    .sample = sample,
};
