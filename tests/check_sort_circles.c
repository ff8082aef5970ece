/* SPDX-License-Identifier: MIT */
/* sort_circles: n black circles in one row on the centre line of a canvas that is
 * matplotlib's tight box of the original figure (232.5 n + 20 px wide unless the
 * height limits the scale, 4 s + 20 px tall for s px per unit), left to right,
 * 0.5 units between neighbours' edges, numbered 1..n in white inside.  The
 * diameters measured in the rendered pixels sort into Gold_output and differ by
 * at least 3% of the larger; every label's white ink lies on its own disc; levels
 * past 25 are refused. */
#include "harness.h"

#include <math.h>
#include <string.h>

#define MAX 25
#define MIN_REL_DIFF 0.03

static double darkness(const canvas *cv, int x, int y)
{
    rgb c = canvas_pixel(cv, x, y);
    return (765.0 - c.r - c.g - c.b) / 765.0;
}

/* The disc's height in column x, from the pixels: the dark run's ends, with the
 * anti-aliased end pixels counted by their coverage (the white label inside does
 * not matter, only the outermost dark pixels). */
static double measure_height(const canvas *cv, int x)
{
    int top = 0, bot = cv->height - 1;
    while (top < cv->height && darkness(cv, x, top) == 0)
        top++;
    while (bot > top && darkness(cv, x, bot) == 0)
        bot--;
    if (top >= bot)
        return -1;
    return (bot - top - 1) + darkness(cv, x, top) + darkness(cv, x, bot);
}

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    int k = p->level;
    if (rec_int(s, "Rows") != k)
        return "Rows is not the level";
    const prim *circ[MAX] = {0}, *label[MAX] = {0};
    int nc = 0, nl = 0;
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (a->object < 0 || a->object >= k)
            return "a primitive without a valid object index";
        if (a->type == PRIM_CIRCLE) {
            if (circ[a->object] || a->fill.r || a->fill.g || a->fill.b)
                return "a circle twice or not black";
            circ[a->object] = a;
            nc++;
        } else if (a->type == PRIM_TEXT) {
            char want[8];
            snprintf(want, sizeof want, "%d", a->object + 1);
            if (label[a->object] || strcmp(a->label, want) != 0 || a->fill.r != 255)
                return "a label that is not its circle's number in white";
            label[a->object] = a;
            nl++;
        } else {
            return "a primitive that is neither a circle nor a label";
        }
    }
    if (nc != k || nl != k)
        return "not one circle and one label per level";

    /* The canvas from the scale: s px per unit, from the height. */
    double scale = (sc->height - 20) / 4.0;
    double x_last = (circ[k - 1]->x - 10) / scale; /* in units, approximately */
    double want_w = fmin(232.5 * k, (x_last + 2) * (385.0 / 4)) + 20;
    if (fabs(sc->width - want_w) > 2.5) {
        snprintf(msg, n, "canvas %dx%d, expected width %.1f for scale %.2f", sc->width, sc->height, want_w, scale);
        return msg;
    }
    if (scale > 385.0 / 4 + 0.25)
        return "a scale larger than the axes box allows";
    for (int i = 0; i < k; i++) {
        if (fabs(circ[i]->y - (10 + 2 * scale)) > 0.5)
            return "a circle off the centre line";
        if (circ[i]->r < 0.3 * scale - 0.3 || circ[i]->r > 2 * scale + 0.3)
            return "a radius outside 0.3..2 units";
        double gap = i ? circ[i]->x - circ[i]->r - (circ[i - 1]->x + circ[i - 1]->r)
                       : circ[i]->x - circ[i]->r - 10;
        if (fabs(gap - 0.5 * scale) > 0.5) {
            snprintf(msg, n, "circle %d: gap %.1f px, expected %.1f", i + 1, gap, 0.5 * scale);
            return msg;
        }
    }

    const canvas *cv = harness_render(sc);
    double d[MAX];
    for (int i = 0; i < k; i++) {
        d[i] = measure_height(cv, (int)floor(circ[i]->x));
        double drawn = 2 * circ[i]->r + circ[i]->stroke_width;
        /* Agg flattens the circle's Beziers into chords up to half a pixel inside
         * the curve, top and bottom: a large disc measures up to a pixel short */
        if (fabs(d[i] - drawn) > 1.5) {
            snprintf(msg, n, "circle %d measures %.2f px across, drawn %.2f", i + 1, d[i], drawn);
            return msg;
        }
    }
    int order[MAX];
    const char *why = check_size_order(s, "Gold_output", "circle", d, k, order, msg, n);
    if (why)
        return why;
    for (int i = 0; i < k; i++) {
        /* the drawn diameters, from the scene: 3% of the larger at least */
        const prim *a = circ[order[i > 0 ? i - 1 : 0]], *b = circ[order[i]];
        if (i > 0 && 2 * a->r + a->stroke_width > (1 - MIN_REL_DIFF) * (2 * b->r + b->stroke_width)) {
            snprintf(msg, n, "radii %.2f and %.2f px differ by less than 3%%", a->r, b->r);
            return msg;
        }
    }
    /* Every light pixel near a label lies on its own disc: the digits are never
     * white on the white page. */
    for (int i = 0; i < k; i++) {
        double x0, y0, x1, y1;
        prim_bbox(sc, label[i], &x0, &y0, &x1, &y1);
        int light = 0;
        for (int y = (int)floor(y0); y <= (int)ceil(y1); y++)
            for (int x = (int)floor(x0); x <= (int)ceil(x1); x++) {
                if (hypot(x + 0.5 - circ[i]->x, y + 0.5 - circ[i]->y) > circ[i]->r - 1)
                    {
                        snprintf(msg, n, "label %d reaches beyond its disc", i + 1);
                        return msg;
                    }
                light += darkness(cv, x, y) < 0.5;
            }
        if (light < 20) {
            snprintf(msg, n, "label %d shows only %d light pixels", i + 1, light);
            return msg;
        }
    }
    return NULL;
}

int main(void)
{
    const int extra[] = {22, 25};
    int rc = harness_run("sort_circles", check, extra, (int)(sizeof extra / sizeof *extra));
    return rc | harness_refuses("sort_circles", MAX + 1, 0);
}
