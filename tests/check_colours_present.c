/* SPDX-License-Identifier: MIT */
/* colours_present: the original's picture (its 389x389 plot stretched to 489x389
 * by cv2.resize over the 489x274 strip) holds n shapes, each a circle, triangle, square or pentagon of
 * the original's size with a black edge, in n different palette colours, centres
 * in the original's box and more than 0.1 apart (its rule); the record's 20 words
 * are "Yes"/"No" in palette order, exactly n "Yes", each "Yes" a colour some shape
 * is filled with (matched by RGB, not by name); rules.txt lists the palette in
 * order.  In the rendered plot every "Yes" colour shows a solid area (pixels whose
 * four neighbours have the same exact colour) and every "No" colour none. */
#include "harness.h"

#include "mplplot.h"
#include "palette.h"
#include "swatches.h"

#include <math.h>
#include <string.h>

/* Interior pixels a colour shows at least when present: a shape covers 450-760 px
 * and a later one can hide little of it (centres 0.1 apart). */
#define MIN_SOLID_PIXELS 150
/* Interior pixels an absent colour may show: where black edges meet, a few
 * pixels are solid black; an antialiased edge is never 3 px of one grey. */
#define MAX_STRAY_PIXELS 12

static int palette_of(rgb c)
{
    for (int i = 0; i < PALETTE_SIZE; i++)
        if (PALETTE[i].value.r == c.r && PALETTE[i].value.g == c.g && PALETTE[i].value.b == c.b)
            return i;
    return -1;
}

static bool same(rgb a, rgb b) { return a.r == b.r && a.g == b.g && a.b == b.b; }

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    int top = MPL_PLOT_H; /* the plot; the strip lies below */
    if (sc->width != SWATCH_WIDTH || sc->height != top + SWATCH_HEIGHT)
        return "the image is not the 489x389 plot over the 489x274 strip";
    bool present[PALETTE_SIZE] = {false};
    double cx[PALETTE_SIZE], cy[PALETTE_SIZE];
    int shapes = 0, swatches = 0;
    /* the plot's primitives come first, in its own 389x389 pixels (the scene
     * stretches them): 369.6 / 1.2 px a data unit either way */
    if (sc->stretch_n <= 0 || sc->stretch_w != MPL_TIGHT_SIDE || sc->stretch_h != MPL_PLOT_H)
        return "the plot is not a 389x389 picture stretched across";
    double ky = MPL_AXES_SIDE / 1.2, kx = ky;
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        double x0, y0, x1, y1;
        prim_bbox(sc, a, &x0, &y0, &x1, &y1);
        if (i >= sc->stretch_n) {
            if (y0 < top)
                return "something of the strip above it";
            swatches += a->kind && strcmp(a->kind, "swatch") == 0;
            continue;
        }
        if (a->object < 0 || !a->filled || (a->type != PRIM_POLYGON && a->type != PRIM_CIRCLE) ||
            !same(a->stroke, RGB_BLACK) || a->stroke_width < 1)
            return "something in the plot that is not a filled shape with a black edge";
        int c = palette_of(a->fill);
        if (c < 0 || strcmp(PALETTE[c].name, a->colour_name) != 0)
            return "a shape whose colour is not the palette's named colour";
        if (present[c])
            return "a colour used twice";
        if (shapes == PALETTE_SIZE)
            return "more shapes than colours";
        present[c] = true;
        /* the kind from the outline: the bounding box is 0.1 x 0.1 data units for
         * every kind (the pentagon 0.095 x 0.090) */
        /* the outline's own box (prim_bbox adds the stroke's reach) */
        if (a->type == PRIM_CIRCLE) {
            x0 = a->x - a->r, x1 = a->x + a->r, y0 = a->y - a->r, y1 = a->y + a->r;
        } else {
            const point *q = prim_points(sc, a);
            x0 = x1 = q[0].x, y0 = y1 = q[0].y;
            for (int k = 1; k < a->npts; k++)
                x0 = fmin(x0, q[k].x), x1 = fmax(x1, q[k].x), y0 = fmin(y0, q[k].y), y1 = fmax(y1, q[k].y);
        }
        double w = (x1 - x0) / kx, h = (y1 - y0) / ky;
        int np = a->type == PRIM_CIRCLE ? 0 : a->npts;
        const char *kind = np == 3 ? "triangle" : np == 4 ? "square" : np == 5 ? "pentagon" : np == 0 ? "circle" : "?";
        if (strcmp(kind, a->kind) != 0)
            return "a shape whose outline is not its kind";
        double want_w = np == 5 ? 0.095 : 0.1, want_h = np == 5 ? 0.091 : 0.1;
        if (fabs(w - want_w) > 0.002 || fabs(h - want_h) > 0.002) {
            snprintf(msg, n, "a %s of %.3f x %.3f data units, not the original's %.3f x %.3f", kind, w, h, want_w,
                     want_h);
            return msg;
        }
        /* the centre, in data units: the top of the triangle and pentagon is at y + r */
        double ux = ((x0 + x1) / 2 - MPL_PAD) / kx - 0.1;
        /* y up from the image's bottom edge (matplotlib cuts the fraction of its
         * 389.6 px height off the top) */
        double uy = (MPL_PLOT_H - MPL_PAD - y0) / ky - 0.1 - 0.05;
        if (ux < 0.1 - 1e-6 || ux > 0.9 + 1e-6 || uy < 0.1 - 1e-6 || uy > 0.9 + 1e-6)
            return "a shape's centre outside the original's box 0.1..0.9";
        for (int j = 0; j < shapes; j++)
            if (hypot(ux - cx[j], uy - cy[j]) <= 0.1 - 1e-9) {
                snprintf(msg, n, "two centres %.4f apart, the original keeps them more than 0.1 apart",
                         hypot(ux - cx[j], uy - cy[j]));
                return msg;
            }
        cx[shapes] = ux, cy[shapes] = uy;
        shapes++;
    }
    if (swatches != PALETTE_SIZE)
        return "the strip does not hold the 20 colour bars";
    if (shapes != p->level || rec_int(s, "num_objects") != shapes) {
        snprintf(msg, n, "drew %d shapes, level %d, record %d", shapes, p->level, rec_int(s, "num_objects"));
        return msg;
    }
    const cJSON *arr = cJSON_GetObjectItemCaseSensitive(s->record, "colours_present");
    if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) != PALETTE_SIZE)
        return "colours_present is not 20 answers";
    int yes = 0;
    for (int i = 0; i < PALETTE_SIZE; i++) {
        const cJSON *v = cJSON_GetArrayItem(arr, i);
        if (!cJSON_IsString(v) || strcmp(v->valuestring, present[i] ? "Yes" : "No") != 0) {
            snprintf(msg, n, "%s is %s in the image, record says %s", PALETTE[i].name, present[i] ? "Yes" : "No",
                     cJSON_IsString(v) ? v->valuestring : "?");
            return msg;
        }
        yes += present[i];
    }
    if (yes != p->level)
        return "the number of Yes is not the level";

    /* rules.txt lists the names in palette order */
    const generator *g = generator_find("colours_present");
    const char *at = g->rules;
    for (int i = 0; i < PALETTE_SIZE; i++) {
        char word[40];
        snprintf(word, sizeof word, " %s,", PALETTE[i].name);
        const char *f = strstr(at, word);
        if (!f)
            return "rules.txt does not list the palette in order";
        at = f + strlen(word);
    }

    const canvas *cv = harness_render(sc);
    long solid[PALETTE_SIZE] = {0};
    for (int y = 1; y < top - 1; y++)
        for (int x = 1; x < sc->width - 1; x++) {
            rgb c = canvas_pixel(cv, x, y);
            if (c.r == 255 && c.g == 255 && c.b == 255)
                continue;
            if (!same(c, canvas_pixel(cv, x - 1, y)) || !same(c, canvas_pixel(cv, x + 1, y)) ||
                !same(c, canvas_pixel(cv, x, y - 1)) || !same(c, canvas_pixel(cv, x, y + 1)))
                continue;
            int k = palette_of(c);
            if (k >= 0)
                solid[k]++;
        }
    for (int i = 0; i < PALETTE_SIZE; i++)
        if (present[i] ? solid[i] < MIN_SOLID_PIXELS : solid[i] > MAX_STRAY_PIXELS) {
            snprintf(msg, n, "%s shows %ld solid pixels but is %s", PALETTE[i].name, solid[i],
                     present[i] ? "present" : "absent");
            return msg;
        }
    return NULL;
}

HARNESS_MAIN("colours_present", check)
