/* SPDX-License-Identifier: MIT */
/* pil_draw: draws shapes with common/engine/pil_raster.c for tests/pil_raster.py,
 * which draws the same shapes with Pillow and compares.
 *
 * Reads one shape a line from standard input:
 *   W H E x0 y0 x1 y1 FILL WIDTH     ellipse over the inclusive box
 *   W H R x0 y0 x1 y1 FILL WIDTH     rectangle
 *   W H P N x1 y1 ... xN yN FILL     polygon (FILL 0: its 1-px outline)
 * and writes for each a W x H mask (one byte a pixel, row by row: 255 set,
 * 0 not) to standard output.  Exits 2 on a line it cannot read. */
#include "pil_raster.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct mask {
    unsigned char *px;
    int w;
} mask;

static void span(void *ctx, int x0, int y, int x1)
{
    mask *m = ctx;
    memset(m->px + (size_t)y * (size_t)m->w + x0, 255, (size_t)(x1 - x0 + 1));
}

int main(void)
{
    int w, h;
    char kind;
    while (scanf(" %d %d %c", &w, &h, &kind) == 3) {
        if (w < 1 || h < 1 || w > 4096 || h > 4096)
            return 2;
        mask m = {calloc((size_t)w * (size_t)h, 1), w};
        pil_target t = {w, h, span, &m};
        if (kind == 'E' || kind == 'R') {
            int x0, y0, x1, y1, fill, width;
            if (scanf("%d %d %d %d %d %d", &x0, &y0, &x1, &y1, &fill, &width) != 6)
                return 2;
            if (kind == 'E')
                pil_ellipse(&t, x0, y0, x1, y1, fill != 0, width);
            else
                pil_rectangle(&t, x0, y0, x1, y1, fill != 0, width);
        } else if (kind == 'P') {
            int n, fill;
            if (scanf("%d", &n) != 1 || n < 1 || n > 1000)
                return 2;
            int *xy = malloc(sizeof *xy * 2 * (size_t)n);
            for (int i = 0; i < 2 * n; i++)
                if (scanf("%d", &xy[i]) != 1)
                    return 2;
            if (scanf("%d", &fill) != 1)
                return 2;
            if (fill) {
                if (pil_polygon_fill(&t, xy, n) != 0)
                    return 1;
            } else {
                pil_polygon_outline(&t, xy, n);
            }
            free(xy);
        } else {
            return 2;
        }
        fwrite(m.px, 1, (size_t)w * (size_t)h, stdout);
        free(m.px);
    }
    return 0;
}
