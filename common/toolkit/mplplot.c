/* SPDX-License-Identifier: MIT */
#include "mplplot.h"

#include <math.h>
#include <stdio.h>

point mpl_point(double u, double v)
{
    return (point){(MPL_PAD + u * MPL_AXES_SIDE) * MPL_STRETCH, MPL_PAD + (1 - v) * MPL_AXES_SIDE};
}

void mpl_ellipse(point *out, double cx, double cy, double rx, double ry)
{
    for (int k = 0; k < MPL_ELLIPSE_POINTS; k++) {
        double a = 2 * M_PI * k / MPL_ELLIPSE_POINTS;
        out[k] = (point){cx + rx * cos(a), cy - ry * sin(a)};
    }
}

void mpl_palette_plot(gen_ctx *ctx, int order[PALETTE_SIZE])
{
    scene_reset(ctx->img[0], MPL_PLOT_W, MPL_PLOT_H);
    rng colours;
    gen_stream(ctx, "colours", &colours);
    for (int i = 0; i < PALETTE_SIZE; i++)
        order[i] = i;
    rng_shuffle_int(&colours, order, PALETTE_SIZE);
}

int mpl_palette_check_level(const gen_params *p, const char *what, char *err, size_t errlen)
{
    if (p->level > PALETTE_SIZE) {
        snprintf(err, errlen, "cannot draw %d %s in different colours: the palette has %d", p->level, what,
                 PALETTE_SIZE);
        return -1;
    }
    return 0;
}
