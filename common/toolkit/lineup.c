#include "lineup.h"

#include "backgrounds.h"
#include "colour.h"
#include "palette.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* Weights of the spaces are uniform in [LINEUP_SPACE_MIN, 1): no space gets more
 * than ~3x another's share of the spare width, so spacing varies but stays even
 * enough that the objects read as one row. */
#define LINEUP_SPACE_MIN 0.3

int lineup_place(rng *r, const box *area, int n, const double *hw, const double *hh, double gap, double max_slope,
                 point *centre)
{
    if (n <= 0)
        return n == 0 ? 0 : -1;
    double need = (n - 1) * gap, hmax = 0;
    for (int i = 0; i < n; i++) {
        need += 2 * hw[i];
        hmax = fmax(hmax, hh[i]);
    }
    double slack = (area->x1 - area->x0) - need;
    double lo = area->y0 + hmax, hi = area->y1 - hmax;
    if (slack < 0 || lo > hi)
        return -1;

    /* n + 1 spaces: left margin, n - 1 gaps, right margin. */
    double *weights = xmalloc(sizeof *weights * (size_t)(n + 1)), total = 0;
    for (int k = 0; k <= n; k++) {
        weights[k] = rng_uniform(r, LINEUP_SPACE_MIN, 1.0);
        total += weights[k];
    }
    double x = area->x0;
    for (int i = 0; i < n; i++) {
        x += slack * weights[i] / total + (i ? gap : 0);
        centre[i].x = x + hw[i];
        x += 2 * hw[i];
    }
    free(weights);
    /* Every centre shares one vertical range (so the walk never gets stuck), and
     * each step keeps within max_slope of the one before. */
    centre[0].y = rng_uniform(r, lo, hi);
    for (int i = 1; i < n; i++) {
        double reach = max_slope * (centre[i].x - centre[i - 1].x);
        double a = fmax(lo, centre[i - 1].y - reach), b = fmin(hi, centre[i - 1].y + reach);
        centre[i].y = rng_uniform(r, a, b);
    }
    return 0;
}

double lineup_width(int n, double size, double gap, double edge)
{
    return 2 * edge + n * size + (n > 0 ? n - 1 : 0) * gap;
}

int lineup_canvas_width(int n, const lineup_style *st, int canvas)
{
    double w = ceil(lineup_width(n, 2 * st->rmin + st->outline, st->gap, st->edge));
    return w > canvas ? (int)w : canvas;
}

/* The bounding box of shape k of circumradius r centred at the origin, outline included. */
static box shape_box(shape_kind k, double r, double outline)
{
    box b = {-r, -r, r, r};
    point pts[SHAPE_MAX_POINTS];
    int m = shape_points(k, 0, 0, r, 0, pts);
    if (m > 0) {
        b = (box){pts[0].x, pts[0].y, pts[0].x, pts[0].y};
        for (int i = 1; i < m; i++) {
            b.x0 = fmin(b.x0, pts[i].x);
            b.x1 = fmax(b.x1, pts[i].x);
            b.y0 = fmin(b.y0, pts[i].y);
            b.y1 = fmax(b.y1, pts[i].y);
        }
    }
    double h = outline / 2; /* round joins reach half the outline width */
    return (box){b.x0 - h, b.y0 - h, b.x1 + h, b.y1 + h};
}

int lineup_scene(scene *s, int n, const lineup_style *st, rng *layout, rng *bgr, rng *colours, char *why,
                 size_t whylen)
{
    int width = lineup_canvas_width(n, st, s->width);
    scene_reset(s, width, s->height);
    box area = {st->edge, st->edge, width - st->edge, s->height - st->edge};
    double per = ((area.x1 - area.x0) - (n - 1) * st->gap) / n;
    double rlev = fmin(st->rmax, (per - st->outline) / 2);
    if (rlev < st->rmin - 1e-9) {
        snprintf(why, whylen, "cannot fit %d shapes of radius >= %.0f px side by side on a %d px wide canvas", n,
                 st->rmin, width);
        return -1;
    }
    shape_kind *kind = xmalloc(sizeof *kind * (size_t)n);
    double *r = xmalloc(sizeof *r * (size_t)n * 3), *hw = r + n, *hh = r + 2 * n;
    box *rel = xmalloc(sizeof *rel * (size_t)n), *keep = xmalloc(sizeof *keep * (size_t)n);
    point *c = xmalloc(sizeof *c * (size_t)n);
    int rc = -1;
    for (int i = 0; i < n; i++) {
        kind[i] = st->kinds[rng_below(layout, (uint32_t)st->nkinds)];
        r[i] = rng_uniform(layout, fmax(st->rmin, st->spread * rlev), rlev);
        rel[i] = shape_box(kind[i], r[i], st->outline);
        hw[i] = (rel[i].x1 - rel[i].x0) / 2;
        hh[i] = (rel[i].y1 - rel[i].y0) / 2;
    }
    if (lineup_place(layout, &area, n, hw, hh, st->gap, st->max_slope, c) != 0) {
        snprintf(why, whylen, "cannot line up %d shapes on a %dx%d canvas", n, width, s->height);
        goto out;
    }
    for (int i = 0; i < n; i++) {
        /* c[i] is the centre of the box; the shape's own centre is offset from it. */
        double sx = c[i].x - (rel[i].x0 + rel[i].x1) / 2, sy = c[i].y - (rel[i].y0 + rel[i].y1) / 2;
        c[i] = (point){sx, sy};
        keep[i] = (box){sx + rel[i].x0 - st->halo, sy + rel[i].y0 - st->halo, sx + rel[i].x1 + st->halo,
                        sy + rel[i].y1 + st->halo};
    }
    background *bg = xmalloc(sizeof *bg);
    box full = {0, 0, width, s->height};
    if (background_draw(s, &full, bgr, st->min_de, keep, n, st->min_free, bg) != 0) {
        snprintf(why, whylen, "cannot draw a background leaving %d palette colours visible under each of %d shapes",
                 st->min_free, n);
        free(bg);
        goto out;
    }
    for (int i = 0; i < n; i++) {
        uint32_t far = background_far(bg, &keep[i]);
        int options[PALETTE_SIZE], m = 0;
        for (int k = 0; k < PALETTE_SIZE; k++)
            if (far & (1u << k))
                options[m++] = k;
        if (m == 0) { /* only when min_free < 1 */
            snprintf(why, whylen, "cannot find a palette colour that stands out from the background");
            free(bg);
            goto out;
        }
        const palette_colour *pc = &PALETTE[options[rng_below(colours, (uint32_t)m)]];
        prim *p = scene_shape(s, kind[i], c[i].x, c[i].y, r[i], 0, pc->value);
        p->colour_name = pc->name;
        p->object = i;
        p->layer = 1;
        p->stroke_width = st->outline;
        double lab[3];
        srgb_to_lab(pc->value, lab);
        p->stroke = lab[0] < LINEUP_DARK_FILL_L ? st->outline_on_dark : st->outline_colour;
    }
    free(bg);
    rc = 0;
out:
    free(kind);
    free(r);
    free(rel);
    free(keep);
    free(c);
    return rc;
}
