/* SPDX-License-Identifier: MIT */
/* sort_circles: n black circles of different sizes in one horizontal row, numbered
 * 1..n left to right in white at their centres, on the canvas matplotlib's tight
 * bounding box gives the original's figure (Percept-V's sort_circles as published).
 * Record: Gold_output = the numbers from the smallest circle to the largest (a list
 * of ints); Rows = n.  See docs/tasks/sort_circles.md. */
#include "errors.h"
#include "font.h"
#include "generator.h"
#include "mplfig.h"
#include "rows.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>

/* Radii in data units, uniform in [R_MIN, R_MAX), any two at least R_MIN_DIFF
 * apart (the original's rule: a radius is drawn again until it is). */
#define R_MIN 0.3
#define R_MAX 2.0
#define R_MIN_DIFF 0.05
/* Neighbours in the row: the gap between two circles' edges, in data units. */
#define GAP 0.5
/* The row's centre line and the data window: x in [0, x_last + X_TAIL], y in
 * [0, Y_TOP], equal aspect. */
#define ROW_Y 2.0
#define X_TAIL 2.0
#define Y_TOP 4.0
/* The original's figure is (3n x 5) inches at 100 dpi with matplotlib's default
 * axes box (77.5% of the width, 77% of the height); the equal aspect shrinks the
 * box to the data window, and the tight bounding box is that box with 0.1 inch
 * (10 px) of white all round.  Px per data unit: the lesser of the two fits. */
#define AXES_W_PER_N (100 * 3 * 0.775) /* 232.5 px of axes width per circle */
#define AXES_H (100 * 5 * 0.77)        /* 385 px of axes height */
#define PAD 10.0
/* matplotlib draws the circle's edge in its face colour, 1 pt (100/72 px) wide. */
#define EDGE_PT 1.0
#define EDGE_W (EDGE_PT * 100.0 / 72.0)
/* The label: 24 pt at 100 dpi (33.3 px em), white, centred on the circle's
 * centre (matplotlib's ha = va = center), in DejaVu Sans as matplotlib draws it
 * (font.h contract 4). */
#define LABEL_PT 24.0
/* The redraw rule below measures a label as it did before the labels took
 * matplotlib's font (Liberation Sans' ink at the same size, 2.5 px above the
 * centre), so that the scenes drawn (and records) stay as they were; a label
 * whose DejaVu ink would still come closer than LABEL_INSIDE_PAD to its circle's
 * edge is drawn smaller (label_pt). */
#define LABEL_SIZE (24 * 100.0 / 72.0)
#define LABEL_RAISE 2.5
/* Two circles whose drawn diameters differ by less than 3% of the larger (the
 * Weber fraction of size judgement) cannot be told apart by eye: such a scene is
 * drawn again.  The original's 0.05-unit rule allows 2.5% between radii near 2. */
#define MIN_REL_DIFF 0.03
/* A label's ink box keeps this far inside its circle (white digits off the black
 * disc would vanish on the white page). */
#define LABEL_INSIDE_PAD 2.0
/* Past 25 circles hardly any row of random radii keeps the 3% rule (at 25 three
 * scenes in four are drawn again; at 30 none passes); the canvas is then 5,832 px
 * wide. */
#define MAX_CIRCLES 25
/* Scenes thrown away before giving up: about 0.5 a sample at level 20, 2.7 at 25. */
#define MAX_REDRAWS 2000

/* The label's size: LABEL_PT, or less (by quarter points) until every corner of
 * its ink keeps LABEL_INSIDE_PAD inside the circle of radius r about (x, y). */
static double label_pt(const char *label, double x, double y, double r)
{
    double pt = LABEL_PT;
    for (; pt > 6; pt -= 0.25) {
        double x0, y0, x1, y1;
        font_mpl_ink(FONT_DEJAVU, pt * 100.0 / 72.0, label, x, y, ALIGN_CENTER, ALIGN_CENTER, &x0, &y0, &x1, &y1);
        double dx = fmax(fabs(x0 - x), fabs(x1 - x)), dy = fmax(fabs(y0 - y), fabs(y1 - y));
        if (hypot(dx, dy) <= r - LABEL_INSIDE_PAD)
            break;
    }
    return pt;
}

static int check_level(const gen_params *p, char *err, size_t errlen)
{
    if (p->level > MAX_CIRCLES) {
        snprintf(err, errlen, "cannot draw %d circles in a row (at most %d: the canvas grows 232.5 px a circle)",
                 p->level, MAX_CIRCLES);
        return -1;
    }
    return 0;
}

/* The original's draw: each radius uniform in [R_MIN, R_MAX), drawn again until
 * it is R_MIN_DIFF from every earlier one.  Here one draw among the admissible
 * part of the range (the same distribution, no loop): the free set is [R_MIN,
 * R_MAX) less the windows (r_j - d, r_j + d), walked in sorted order.  -1 when
 * a radius has no admissible value left (a jam, where the original loops forever). */
static int draw_radii(rng *r, int n, double *rad)
{
    for (int i = 0; i < n; i++) {
        double lo[MAX_CIRCLES + 1], hi[MAX_CIRCLES + 1], sorted[MAX_CIRCLES];
        for (int j = 0; j < i; j++) {
            int k = j;
            while (k > 0 && sorted[k - 1] > rad[j]) {
                sorted[k] = sorted[k - 1];
                k--;
            }
            sorted[k] = rad[j];
        }
        int m = 0;
        double at = R_MIN, total = 0;
        for (int j = 0; j <= i; j++) {
            double end = j < i ? sorted[j] - R_MIN_DIFF : R_MAX;
            if (end > R_MAX)
                end = R_MAX;
            if (end > at) {
                lo[m] = at;
                hi[m] = end;
                total += end - at;
                m++;
            }
            if (j < i && sorted[j] + R_MIN_DIFF > at)
                at = sorted[j] + R_MIN_DIFF;
        }
        if (m == 0)
            return -1;
        double u = rng_unit(r) * total;
        int k = 0;
        while (k < m - 1 && u >= hi[k] - lo[k]) {
            u -= hi[k] - lo[k];
            k++;
        }
        rad[i] = lo[k] + u;
        if (rad[i] >= hi[k])
            rad[i] = hi[k] - 1e-12;
    }
    return 0;
}

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level;
    scene *s = ctx->img[0];
    char err[160];
    if (check_level(&ctx->p, err, sizeof err) != 0)
        return gen_fail(ctx, "%s", err);

    double rad[MAX_CIRCLES], cx[MAX_CIRCLES] = {0}, scale;
    for (;;) {
        bool ok = draw_radii(&ctx->rng, n, rad) == 0;
        double x = 0;
        for (int i = 0; i < n; i++) {
            x += rad[i] + (i ? rad[i - 1] : 0) + GAP;
            cx[i] = x;
        }
        double axes_w = AXES_W_PER_N * n;
        scale = fmin(axes_w / (x + X_TAIL), AXES_H / Y_TOP);
        /* compared as drawn: the diameters with the edge line */
        for (int i = 0; i < n && ok; i++)
            for (int j = 0; j < n && ok; j++)
                if (i != j && rad[i] <= rad[j])
                    ok = 2 * rad[i] * scale + EDGE_W < (1 - MIN_REL_DIFF) * (2 * rad[j] * scale + EDGE_W);
        for (int i = 0; i < n && ok; i++) {
            char label[8];
            snprintf(label, sizeof label, "%d", i + 1);
            double w, h;
            font_text_size(LABEL_SIZE, label, &w, &h);
            ok = hypot(w / 2, h / 2 + LABEL_RAISE) <= rad[i] * scale - LABEL_INSIDE_PAD;
        }
        if (ok)
            break;
        if (++ctx->redraws > MAX_REDRAWS)
            return gen_fail(ctx, "cannot draw %d circles whose sizes differ by %.0f%% with their numbers inside", n,
                            100 * MIN_REL_DIFF);
    }

    /* the original's figure: plt.subplots(figsize=(3 n, 5)), x 0..(last centre + 2),
     * y 0..4, equal aspect, axes off, a tight box (mplfig.h) */
    mplfig f;
    mplfig_subplots(&f, 3 * n, 5, 100);
    mplfig_limits(&f, 0, cx[n - 1] + X_TAIL, 0, Y_TOP);
    mplfig_equal(&f);
    mplfig_tight(&f, NULL, 0);
    scene_reset(s, f.width, f.height);
    mplfig_clip(&f, s);
    scene_describe(s, "mpl figure w=%d h=5", 3 * n);
    for (int i = 0; i < n; i++) {
        prim *c = mplfig_circle(&f, s, cx[i], ROW_Y, rad[i], RGB_BLACK, true, EDGE_PT);
        c->kind = "circle";
        c->object = i;
        char label[8];
        snprintf(label, sizeof label, "%d", i + 1);
        double pt = label_pt(label, c->x, c->y, c->r);
        prim *t = mplfig_text(&f, s, cx[i], ROW_Y, pt, label, RGB_WHITE, FONT_DEJAVU, ALIGN_CENTER, ALIGN_CENTER);
        t->kind = "label";
        t->object = i;
        scene_describe(s, "mpl circle %.17g %.17g %.17g color=black kind=circle", cx[i], ROW_Y, rad[i]);
        scene_describe(s, "mpl text %.17g %.17g s=%d ha=center va=center fontsize=%.17g color=white kind=label", cx[i],
                       ROW_Y, i + 1, pt);
    }
    scene_describe(s, "mpl xlim 0 %.17g", cx[n - 1] + X_TAIL);
    scene_describe(s, "mpl ylim 0 %.17g", Y_TOP);
    scene_describe(s, "mpl aspect equal");
    scene_describe(s, "mpl axis off");
    scene_describe(s, "mpl save tight");
    rows_add_size_order(cJSON_AddArrayToObject(ctx->record, "Gold_output"), rad, n);
    cJSON_AddNumberToObject(ctx->record, "Rows", n);
    return GEN_EXIT_OK;
}

static const gen_field fields[] = {{"Gold_output", FIELD_INT_ARRAY}, {"Rows", FIELD_INT}, {NULL, 0}};

const generator gen_sort_circles = {
    .name = "sort_circles",
    .summary = "n numbered black circles of different sizes in a row; sort them by size",
    .images = 1,
    .fields = fields,
    .level_field = "Rows",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .input_prompt = "- The picture shows black circles that differ in size, each with a number on it.\n"
                    "- There may be just one black circle.",
    .rules = "- Put the circles in order of size, starting with the smallest and ending with the largest.\n"
             "- When there is just one circle, answer with the number written on it.",
    .output_prompt = "- Reply with nothing but the numbers of the circles in that order, separated by single "
                     "spaces, for example: 2 3 1",
    .answer = {.format = "x y z", .kind = ANSWER_WORDS, .gold = {"Gold_output"}, .axis = "Rows"},
    .check_level = check_level,
    .sample = sample,
};
