/* layered_colours: the original's picture (the 489x389 stretched plot over the
 * 489x274 strip) holds n concentric circles (ellipses 1.257:1 after the stretch)
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
    point c = mpl_point(0.5, 0.5);
    double ky = MPL_AXES_SIDE / 2, kx = ky * MPL_STRETCH; /* px per data unit */
    bool used[PALETTE_SIZE] = {false};
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        double x0, y0, x1, y1;
        prim_bbox(sc, a, &x0, &y0, &x1, &y1);
        if (y0 >= top) {
            bars += a->kind && strcmp(a->kind, "swatch") == 0;
            continue;
        }
        if (a->type != PRIM_POLYGON || !a->filled || !same(a->stroke, RGB_BLACK) || a->stroke_width < 1)
            return "something in the plot that is not a filled circle with a black edge";
        if (k == PALETTE_SIZE)
            return "more circles than colours";
        int col = palette_find(a->colour_name);
        if (col < 0 || used[col] || !same(PALETTE[col].value, a->fill))
            return "a circle whose colour is not a palette colour of its own";
        used[col] = true;
        /* an ellipse around the centre whose half-axes are one radius in data units */
        const point *q = prim_points(sc, a);
        double rx = 0, ry = 0;
        for (int j = 0; j < a->npts; j++) {
            rx = fmax(rx, fabs(q[j].x - c.x));
            ry = fmax(ry, fabs(q[j].y - c.y));
        }
        double ux = rx / kx, uy = ry / ky;
        if (fabs(ux - uy) > 1e-6 || fabs((x0 + x1) / 2 - c.x) > 1e-6 || fabs((y0 + y1) / 2 - c.y) > 1e-6)
            return "a circle that is not centred or not stretched as the original's";
        for (int j = 0; j < a->npts; j++) { /* every point on the ellipse */
            double e = pow((q[j].x - c.x) / rx, 2) + pow((q[j].y - c.y) / ry, 2);
            if (fabs(e - 1) > 1e-9)
                return "a circle's outline is not an ellipse";
        }
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
