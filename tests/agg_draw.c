/* SPDX-License-Identifier: MIT */
/* agg_draw: draws paths with common/engine/agg.c for tests/agg_raster.py, which
 * draws the same paths with matplotlib's RendererAgg and compares.
 *
 * Reads one path a case from standard input:
 *   W H FILLED R G B WIDTH R G B JOIN CAP SNAP CLIP X1 Y1 X2 Y2 MARKERS N
 *   then N lines "CMD X Y" (CMD as agg.h's AGG_*; X, Y in matplotlib's display
 *   space, y up), then MARKERS lines "X Y" (display space: the path is then a
 *   marker, stamped at each)
 * and writes for each a W x H RGB image (white before) to standard output.
 * The y flip is Agg's own (y' = y (-1) + H), so the doubles are matplotlib's.
 * Exits 2 on a line it cannot read. */
#include "agg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
    int w, h;
    while (scanf(" %d %d", &w, &h) == 2) {
        if (w < 1 || h < 1 || w > 4096 || h > 4096)
            return 2;
        int filled, fr, fg, fb, er, eg, eb, join, cap, snap, clip, x1, y1, x2, y2, nm, n;
        double width;
        if (scanf("%d %d %d %d %lf %d %d %d %d %d %d %d %d %d %d %d %d %d", &filled, &fr, &fg, &fb, &width, &er, &eg,
                  &eb, &join, &cap, &snap, &clip, &x1, &y1, &x2, &y2, &nm, &n) != 18 || n < 0 || nm < 0)
            return 2;
        agg_paint paint = {filled != 0, {(uint8_t)fr, (uint8_t)fg, (uint8_t)fb}, width,
                           {(uint8_t)er, (uint8_t)eg, (uint8_t)eb}, join, cap, snap, clip != 0, x1, y1, x2, y2};
        agg_affine flip = {1, 0, 0, -1, 0, (double)h};
        agg_path p;
        agg_path_init(&p);
        for (int i = 0; i < n; i++) {
            int cmd;
            double x, y;
            if (scanf("%d %lf %lf", &cmd, &x, &y) != 3)
                return 2;
            if (cmd != AGG_CLOSE)
                agg_affine_apply(nm ? &(agg_affine){1, 0, 0, -1, 0, 0} : &flip, &x, &y);
            agg_path_add(&p, cmd, x, y);
        }
        double *mx = malloc(sizeof *mx * (size_t)(nm + 1)), *my = malloc(sizeof *my * (size_t)(nm + 1));
        for (int i = 0; i < nm; i++) {
            if (scanf("%lf %lf", &mx[i], &my[i]) != 2)
                return 2;
            agg_affine_apply(&(agg_affine){1, 0, 0, -1, 0.5, h + 0.5}, &mx[i], &my[i]);
        }
        uint32_t *mem = malloc(sizeof *mem * (size_t)w * (size_t)h);
        for (size_t i = 0; i < (size_t)w * (size_t)h; i++)
            mem[i] = 0xFFFFFFFFu;
        agg_canvas c = {mem, w, h};
        if (nm)
            agg_draw_markers(&c, &p, mx, my, nm, &paint);
        else
            agg_draw_path(&c, &p, &paint);
        unsigned char *out = malloc((size_t)w * (size_t)h * 3);
        for (size_t i = 0; i < (size_t)w * (size_t)h; i++) {
            out[3 * i] = (unsigned char)(mem[i] >> 16);
            out[3 * i + 1] = (unsigned char)(mem[i] >> 8);
            out[3 * i + 2] = (unsigned char)mem[i];
        }
        fwrite(out, 1, (size_t)w * (size_t)h * 3, stdout);
        free(out);
        free(mem);
        free(mx);
        free(my);
        agg_path_free(&p);
    }
    return 0;
}
