/* SPDX-License-Identifier: MIT */
/* inside_circles: the original's 389 x 389 canvas, 176 px a data unit with data
 * (x, y) at pixel (10 + 176 (x + 0.7), 379 - 176 (y + 0.7)).  One red dot
 * (255,0,0, radius 8.8 px) drawn first, then n black outlines (1 pt), every centre
 * in the data square [0.1, 0.9]^2 and every radius in 0.1..0.5 (17.6..88 px).
 * The answer is recomputed from the circles (the dot's centre strictly inside at
 * least one) and must be the record's bool; num_circles is n.  Readability, with
 * this test's own figure: a deciding outline (every one when the answer is No, at
 * least one containing circle's when it is Yes) keeps 13 px or more from the dot's
 * centre, and white shows between the dot's ink and that outline (in the rendered
 * image for a No; for a Yes with the dot and that circle drawn alone, since other
 * outlines may cross the dot then); the dot shows (its red pixels cover at least
 * 40% of it, their centre within 2.5 px of the drawn one).  Levels 21 and 30 draw,
 * 31 is refused. */
#include "harness.h"

#include <math.h>
#include <string.h>

#define CANVAS 389
#define UNIT 176.0
#define DOT_R (0.05 * UNIT)
/* The ink of a 1 pt line or edge reaches this far from its path. */
#define HALF_LINE (100.0 / 72.0 / 2)
/* Least distance from the dot's centre to a deciding outline's path: the dot's
 * ink (8.8 + 0.7 px), a 2.5 px gap, the outline's half width. */
#define MIN_READ_DIST (DOT_R + HALF_LINE + 2.5 + HALF_LINE)
#define MAX_CIRCLES 30

static double data_x(double px) { return (px - 10) / UNIT - 0.7; }
static double data_y(double py) { return (379 - py) / UNIT - 0.7; }

/* The pixel 1.5 px outside the dot's ink (or halfway to the outline of c, if that
 * is nearer), on the line from the dot's centre to c's nearest point, is white
 * (channels >= 200). */
static bool white_between(const canvas *cv, const prim *dot, const prim *c)
{
    double vx = c->x - dot->x, vy = c->y - dot->y, d = hypot(vx, vy);
    double gap_in = DOT_R + HALF_LINE, gap_out = fabs(d - c->r) - HALF_LINE;
    double t = fmin((gap_in + gap_out) / 2, gap_in + 1.5);
    /* toward the centre of c when the dot is outside it, away when inside */
    double sx = d > 0 ? vx / d : 1, sy = d > 0 ? vy / d : 0;
    if (d < c->r)
        sx = -sx, sy = -sy;
    rgb px = canvas_pixel(cv, (int)floor(dot->x + t * sx), (int)floor(dot->y + t * sy));
    return px.r >= 200 && px.g >= 200 && px.b >= 200;
}

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    if (sc->width != CANVAS || sc->height != CANVAS)
        return "the canvas is not 389x389";
    if (rec_int(s, "num_circles") != p->level)
        return "num_circles is not the level";
    if (sc->nprims != p->level + 1)
        return "not one dot and n circles";
    const prim *dot = &sc->prims[0];
    if (dot->type != PRIM_CIRCLE || !dot->filled || dot->fill.r != 255 || dot->fill.g || dot->fill.b ||
        fabs(dot->r - DOT_R) > 1e-9)
        return "the first primitive is not the red dot of radius 8.8 px";
    double dx = data_x(dot->x), dy = data_y(dot->y);
    if (dx < 0.1 - 1e-9 || dx > 0.9 + 1e-9 || dy < 0.1 - 1e-9 || dy > 0.9 + 1e-9)
        return "the dot's centre is outside [0.1, 0.9]^2";
    bool inside = false;
    for (int i = 1; i < sc->nprims; i++) {
        const prim *c = &sc->prims[i];
        if (c->type != PRIM_CIRCLE || c->filled || c->stroke.r || c->stroke.g || c->stroke.b ||
            fabs(c->stroke_width - 2 * HALF_LINE) > 1e-9)
            return "a circle that is not a 1 pt black outline";
        double cx = data_x(c->x), cy = data_y(c->y), r = c->r / UNIT;
        if (cx < 0.1 - 1e-9 || cx > 0.9 + 1e-9 || cy < 0.1 - 1e-9 || cy > 0.9 + 1e-9 || r < 0.1 - 1e-9 ||
            r > 0.5 + 1e-9)
            return "a circle outside the original's ranges";
        inside |= hypot(dot->x - c->x, dot->y - c->y) < c->r;
    }
    const cJSON *rec = cJSON_GetObjectItemCaseSensitive(s->record, "inside_circles");
    if (!cJSON_IsBool(rec))
        return "inside_circles is not a bool";
    if (cJSON_IsTrue(rec) != inside) {
        snprintf(msg, n, "the dot is %s a circle, the record says %s", inside ? "inside" : "outside",
                 cJSON_IsTrue(rec) ? "true" : "false");
        return msg;
    }

    const canvas *cv = harness_render(sc);
    int clear = 0;
    for (int i = 1; i < sc->nprims; i++) {
        const prim *c = &sc->prims[i];
        double d = hypot(dot->x - c->x, dot->y - c->y);
        bool deciding = inside ? c->r - d >= MIN_READ_DIST : true;
        if (!inside && d - c->r < MIN_READ_DIST) {
            snprintf(msg, n, "No, but circle %d's outline passes %.1f px from the dot's centre", i, d - c->r);
            return msg;
        }
        if (!deciding)
            continue;
        if (!inside) { /* every outline decides a No, and none comes nearer than 13 px */
            if (!white_between(cv, dot, c)) {
                snprintf(msg, n, "no white between the dot and circle %d's outline (%.1f px from the dot's centre)",
                         i, d - c->r);
                return msg;
            }
        } else if (clear++ == 0) {
            /* a Yes is read off one clear containing circle, whatever other outlines
             * cross the dot: drawn alone with the dot, white shows between them */
            scene two;
            scene_init(&two, CANVAS, CANVAS);
            *scene_circle(&two, dot->x, dot->y, dot->r, dot->fill) = *dot;
            *scene_circle(&two, c->x, c->y, c->r, c->stroke) = *c;
            bool white = white_between(harness_render(&two), dot, c);
            scene_free(&two);
            if (!white) {
                snprintf(msg, n, "no white between the dot and the containing circle %d's outline", i);
                return msg;
            }
            cv = harness_render(sc);
        }
    }
    if (inside && clear == 0)
        return "Yes, but no containing circle's outline keeps clear of the dot";

    /* the dot shows: its red pixels */
    double sum = 0, sx = 0, sy = 0;
    for (int y = (int)(dot->y - 12); y <= (int)(dot->y + 12); y++)
        for (int x = (int)(dot->x - 12); x <= (int)(dot->x + 12); x++) {
            rgb c = canvas_pixel(cv, x, y);
            if (c.r > 200 && c.g < 120 && c.b < 120 && c.g == c.b) {
                double w = (255.0 - c.g) / 255.0;
                sum += w, sx += w * (x + 0.5), sy += w * (y + 0.5);
            }
        }
    if (sum < 0.4 * M_PI * DOT_R * DOT_R || hypot(sx / sum - dot->x, sy / sum - dot->y) > 2.5) {
        snprintf(msg, n, "the dot shows %.0f%% of its area, centred %.1f px off", 100 * sum / (M_PI * DOT_R * DOT_R),
                 sum > 0 ? hypot(sx / sum - dot->x, sy / sum - dot->y) : -1.0);
        return msg;
    }
    return NULL;
}

int main(void)
{
    const int extra[] = {21, MAX_CIRCLES};
    int rc = harness_run("inside_circles", check, extra, 2);
    return rc | harness_refuses("inside_circles", MAX_CIRCLES + 1, 0);
}
