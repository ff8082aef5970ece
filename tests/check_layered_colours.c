/* SPDX-License-Identifier: MIT */
/* layered_colours: the original's picture (its 389x389 plot stretched to 489x389
 * by cv2.resize over the 489x274 strip) holds n concentric circles (ellipses
 * 1.257:1 after the stretch)
 * around the plot's centre, radii evenly spaced from 0.9 to 0.05 data units, each
 * in its own palette colour with a black edge, the larger ones drawn first; the
 * record's colors are their colours from the smallest circle out (found by radius,
 * not by drawing order).  In the rendered picture every ring shows its colour
 * exactly across a band at least 5 px wide in all eight directions. */
#include "harness.h"

#include "mplplot.h"
#include "palette.h"
#include "swatches.h"

#include <math.h>
#include <string.h>

/* A ring's own exact colour spans at least this many px across in every
 * direction: 0.85/19 data units at n = 20 is 8.3 px up and down, less 1.5 px of
 * edge and the antialiased pixels on either side leaves 5 px (measured). */
#define MIN_BAND 4.5

static bool same(rgb a, rgb b) { return a.r == b.r && a.g == b.g && a.b == b.b; }

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    int top = MPL_PLOT_H;
    if (sc->width != SWATCH_WIDTH || sc->height != top + SWATCH_HEIGHT)
        return "the image is not the 489x389 plot over the 489x274 strip";
    const prim *ring[PALETTE_SIZE];
    double rad[PALETTE_SIZE];
    int k = 0, bars = 0;
    /* the plot's primitives come first, in its own 389x389 pixels (the scene
     * stretches them) */
    if (sc->stretch_n <= 0 || sc->stretch_w != MPL_TIGHT_SIDE || sc->stretch_h != MPL_PLOT_H)
        return "the plot is not a 389x389 picture stretched across";
    double ky = MPL_AXES_SIDE / 2, kx = ky * MPL_STRETCH; /* px per data unit, stretched */
    point pc = {-1, -1}; /* the circles' centre, in the plot's own pixels */
    bool used[PALETTE_SIZE] = {false};
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        double x0, y0, x1, y1;
        prim_bbox(sc, a, &x0, &y0, &x1, &y1);
        if (i >= sc->stretch_n) {
            if (y0 < top)
                return "something of the strip above it";
            bars += a->kind && strcmp(a->kind, "swatch") == 0;
            continue;
        }
        if (a->type != PRIM_CIRCLE || !a->filled || !same(a->stroke, RGB_BLACK) || a->stroke_width < 1)
            return "something in the plot that is not a filled circle with a black edge";
        if (k == PALETTE_SIZE)
            return "more circles than colours";
        int col = palette_find(a->colour_name);
        if (col < 0 || used[col] || !same(PALETTE[col].value, a->fill))
            return "a circle whose colour is not a palette colour of its own";
        used[col] = true;
        /* concentric, in the middle of the plot (the axes square, 10 px in) */
        if (k == 0)
            pc = (point){a->x, a->y};
        if (a->x != pc.x || a->y != pc.y || fabs(pc.x - (10 + ky)) > 1e-6 || fabs(pc.y - (MPL_PLOT_H - 10 - ky)) > 1e-6)
            return "a circle that is not centred on the plot";
        double uy = a->r / ky;
        if (k > 0 && !(uy < rad[k - 1]))
            return "a circle drawn after a smaller one would hide it";
        ring[k] = a;
        rad[k++] = uy;
    }
    if (bars != PALETTE_SIZE)
        return "the strip does not hold the 20 colour bars";
    if (k != p->level || rec_int(s, "num_layers") != k) {
        snprintf(msg, n, "drew %d circles, level %d, record %d", k, p->level, rec_int(s, "num_layers"));
        return msg;
    }
    for (int i = 0; i < k; i++) {
        double want = k == 1 ? 0.9 : 0.9 - 0.85 * i / (k - 1);
        if (fabs(rad[i] - want) > 1e-9) {
            snprintf(msg, n, "circle %d of %d has radius %.4f, the original's %.4f", i + 1, k, rad[i], want);
            return msg;
        }
    }
    const cJSON *arr = cJSON_GetObjectItemCaseSensitive(s->record, "colors");
    if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) != k)
        return "colors does not hold one name per circle";
    for (int i = 0; i < k; i++) { /* innermost first: the smallest radius */
        const cJSON *v = cJSON_GetArrayItem(arr, i);
        const char *want = ring[k - 1 - i]->colour_name;
        if (!cJSON_IsString(v) || strcmp(v->valuestring, want) != 0) {
            snprintf(msg, n, "colors[%d] is %s, the circle %d from the inside is %s", i,
                     cJSON_IsString(v) ? v->valuestring : "?", i + 1, want);
            return msg;
        }
    }

    /* pixels: along eight directions from the centre, each ring's colour covers
     * a band at least MIN_BAND px wide between its edge and the next circle's */
    const canvas *cv = harness_render(sc);
    point c = mpl_point(0.5, 0.5); /* the centre stretched */
    static const int DIR[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    for (int i = 0; i < k; i++) {
        double inner = i + 1 < k ? rad[i + 1] : 0;
        for (int d = 0; d < 8; d++) {
            int run = 0, best = 0;
            double dn = hypot(DIR[d][0], DIR[d][1]);
            for (double t = inner; t <= rad[i]; t += 0.25 / ky) {
                double x = c.x + DIR[d][0] / dn * t * kx, y = c.y + DIR[d][1] / dn * t * ky;
                bool own = same(canvas_pixel(cv, (int)floor(x), (int)floor(y)), ring[i]->fill);
                run = own ? run + 1 : 0;
                best = run > best ? run : best;
            }
            double across = best * 0.25 / ky * hypot(DIR[d][0] / dn * kx, DIR[d][1] / dn * ky); /* px */
            if (across < MIN_BAND) {
                snprintf(msg, n, "circle %d of %d (%s) shows its colour over %.1f px only", i + 1, k,
                         ring[i]->colour_name, across);
                return msg;
            }
        }
    }
    return NULL;
}

HARNESS_MAIN("layered_colours", check)
