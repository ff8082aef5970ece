/* SPDX-License-Identifier: MIT */
/* ft_coverage: FreeType's smooth rasterizer (FT_Outline_Render with a span
 * callback) on polygons, for bench/agg_freetype.py, which compares its coverage
 * with matplotlib's Agg on the same polygons.
 *
 * Reads "W H N x1 y1 ... xN yN" a line (vertices in 1/256 px, y down; FreeType
 * takes 26.6 fixed point, so each is divided by 4, exactly when it is a multiple
 * of 4) and writes W x H coverage bytes (row 0 first) for each. */
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct mask {
    unsigned char *px;
    int w, h;
} mask;

static void spans(int y, int n, const FT_Span *s, void *user)
{
    mask *m = user;
    for (int i = 0; i < n; i++)
        for (int x = s[i].x; x < s[i].x + s[i].len; x++)
            if (y >= 0 && y < m->h && x >= 0 && x < m->w)
                m->px[y * m->w + x] = s[i].coverage;
}

int main(void)
{
    FT_Library lib;
    if (FT_Init_FreeType(&lib))
        return 1;
    int w, h, n;
    while (scanf("%d %d %d", &w, &h, &n) == 3) {
        if (w < 1 || h < 1 || w > 4096 || h > 4096 || n < 1 || n > 30000)
            return 2;
        FT_Vector *pts = malloc(sizeof *pts * (size_t)n);
        char *tags = malloc((size_t)n);
        short last = (short)(n - 1);
        for (int i = 0; i < n; i++) {
            long x, y;
            if (scanf("%ld %ld", &x, &y) != 2)
                return 2;
            pts[i].x = x / 4;
            pts[i].y = y / 4;
            tags[i] = FT_CURVE_TAG_ON;
        }
        FT_Outline o = {1, (short)n, pts, tags, &last, FT_OUTLINE_NONE};
        mask m = {calloc((size_t)w * (size_t)h, 1), w, h};
        FT_Raster_Params p;
        memset(&p, 0, sizeof p);
        p.source = &o;
        p.flags = FT_RASTER_FLAG_AA | FT_RASTER_FLAG_DIRECT | FT_RASTER_FLAG_CLIP;
        p.gray_spans = spans;
        p.user = &m;
        p.clip_box.xMax = w;
        p.clip_box.yMax = h;
        if (FT_Outline_Render(lib, &o, &p))
            return 1;
        fwrite(m.px, 1, (size_t)w * (size_t)h, stdout);
        free(m.px);
        free(pts);
        free(tags);
    }
    FT_Done_FreeType(lib);
    return 0;
}
