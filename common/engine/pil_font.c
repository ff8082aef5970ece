/* SPDX-License-Identifier: MIT */
#include "pil_font.h"

#include <stdint.h>
#include <string.h>

typedef struct pil_glyph {
    uint8_t present;
    int8_t adv, x0, y0, x1, y1; /* advance; box from the pen on the baseline */
    uint8_t rows[12];           /* one byte a row, leftmost pixel in the top bit */
} pil_glyph;

#include "pil_font_glyphs.h"

/* The widest line built: label-sized text (scene.h's labels hold 39 bytes). */
#define MAX_CHARS 64
#define MASK_W (MAX_CHARS * PIL_FONT_ADVANCE)

/* Builds text's line mask (contract 2) into m (PIL_FONT_LINE rows of MASK_W);
 * returns its width. */
static int line_mask(const char *text, uint8_t m[PIL_FONT_LINE][MASK_W])
{
    int n = (int)strlen(text);
    if (n > MAX_CHARS)
        n = MAX_CHARS;
    int w = 0;
    for (int i = 0; i < n; i++) {
        unsigned char c = (unsigned char)text[i];
        w += c < 128 && pil_font_glyphs[c].present ? pil_font_glyphs[c].adv : PIL_FONT_ADVANCE;
    }
    for (int y = 0; y < PIL_FONT_LINE; y++)
        memset(m[y], 0, (size_t)w);
    int pen = 0;
    for (int i = 0; i < n; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c >= 128 || !pil_font_glyphs[c].present) {
            pen += PIL_FONT_ADVANCE;
            continue;
        }
        const pil_glyph *g = &pil_font_glyphs[c];
        for (int gy = 0; gy < g->y1 - g->y0; gy++) {
            int y = PIL_FONT_BASELINE + g->y0 + gy;
            if (y < 0 || y >= PIL_FONT_LINE)
                continue;
            for (int gx = 0; gx < g->x1 - g->x0; gx++) {
                int x = pen + g->x0 + gx;
                if (x >= 0 && x < w)
                    m[y][x] = (g->rows[gy] & (0x80 >> gx)) != 0;
            }
        }
        pen += g->adv;
    }
    return w;
}

bool pil_font_ink(const char *text, int *x0, int *y0, int *x1, int *y1)
{
    uint8_t m[PIL_FONT_LINE][MASK_W];
    int w = line_mask(text, m);
    *x0 = w;
    *y0 = PIL_FONT_LINE;
    *x1 = *y1 = 0;
    for (int y = 0; y < PIL_FONT_LINE; y++)
        for (int x = 0; x < w; x++)
            if (m[y][x]) {
                if (x < *x0)
                    *x0 = x;
                if (x + 1 > *x1)
                    *x1 = x + 1;
                if (y < *y0)
                    *y0 = y;
                if (y + 1 > *y1)
                    *y1 = y + 1;
            }
    return *x1 > 0;
}

void pil_font_draw(const pil_target *t, int x, int y, const char *text)
{
    uint8_t m[PIL_FONT_LINE][MASK_W];
    int w = line_mask(text, m);
    for (int r = 0; r < PIL_FONT_LINE; r++) {
        int py = y + r;
        if (py < 0 || py >= t->h)
            continue;
        for (int c = 0; c < w; c++) {
            if (!m[r][c])
                continue;
            int run = c;
            while (run + 1 < w && m[r][run + 1])
                run++;
            int a = x + c, b = x + run;
            if (a < 0)
                a = 0;
            if (b >= t->w)
                b = t->w - 1;
            if (a <= b)
                t->span(t->ctx, a, py, b);
            c = run;
        }
    }
}
