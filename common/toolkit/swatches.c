/* SPDX-License-Identifier: MIT */
#include "swatches.h"

#include "font.h"
#include "palette.h"

#include <math.h>

/* matplotlib's defaults at 100 dpi: tick labels 10 pt, the title 12 pt, frame and
 * ticks 0.8 pt wide, ticks 3.5 pt long (1 pt = 100/72 px); text in DejaVu Sans as
 * matplotlib draws it (font.h contract 4). */
#define PT (100.0 / 72.0)
#define FRAME_WIDTH (0.8 * PT)
#define TICK_LENGTH (3.5 * PT)
/* The axes box in display pixels of the saved strip (y up), as matplotlib lays
 * the figure out (its tight box, 489.86 x 274.31 px, truncated to 489x274):
 * left edge, width, bottom edge, height; the ticks' data-to-display map along x
 * (data -0.5..19.5 over the box's width). */
#define AXES_L 14.861111111111114
#define AXES_W 465.0
#define AXES_B 89.97222222222223
#define AXES_H 154.0
#define TICK_SX 23.25
#define TICK_TX 26.486111111111114
/* Where matplotlib anchors the text, from its layout of the original figure (a
 * point is 25/18 px, so these are whole 36ths of a pixel): the axes box spans
 * x 535/36 .. 17275/36 and y 91/3 .. 553/3 of the saved (tight) image.  The title
 * (12 pt) sits on its baseline 6 pt above the box, centred on it; each name
 * (10 pt, turned to read upwards) hangs from 7 pt (tick 3.5 + pad 3.5) below the
 * box, centred on its tick. */
#define AXES_X0 (535.0 / 36)
#define AXES_X1 (17275.0 / 36)
#define AXES_Y0 (91.0 / 3)
#define AXES_Y1 (553.0 / 3)
#define TITLE_PT 12.0
#define LABEL_PT 10.0
#define TITLE_BASELINE (AXES_Y0 - 6 * PT)
#define LABEL_HANG (AXES_Y1 + 7 * PT)

void swatch_strip_draw(scene *s, double top)
{
    double w = (SWATCH_BAR_X1 - SWATCH_BAR_X0) / PALETTE_SIZE;
    /* matplotlib resamples the bar image to whole pixels: bars meet on pixel edges */
    double y0 = top + round(SWATCH_BAR_Y0), y1 = top + round(SWATCH_BAR_Y1);
    for (int i = 0; i < PALETTE_SIZE; i++) {
        double xa = round(SWATCH_BAR_X0 + i * w), xb = round(SWATCH_BAR_X0 + (i + 1) * w);
        prim *p = scene_rect(s, xa, y0, xb - xa, y1 - y0, PALETTE[i].value);
        p->kind = "swatch";
        p->colour_name = PALETTE[i].name;
    }
    /* matplotlib's order: the axis (each tick mark, then its name), the frame
     * (spines), the title */
    for (int i = 0; i < PALETTE_SIZE; i++) {
        /* a tick mark: marker TICKDOWN (3.5 pt, 0.8 pt wide, butt caps), snapped
         * to a pixel centre and stamped by draw_markers at the pixel holding the
         * tick's place on the axes' bottom edge */
        double x = (i * TICK_SX + 0.0) + (TICK_TX + 0.5), y = -(0.0 * AXES_H) + ((SWATCH_HEIGHT + 0.5) - AXES_B);
        point m[2] = {{0.0, 0.0}, {0.0, TICK_LENGTH}};
        prim *t = scene_polyline(s, m, 2, 0, RGB_BLACK);
        t->x = floor(x) + 0.5;
        t->y = top + floor(y) + 0.5;
        prim_mpl(t, FRAME_WIDTH, RGB_BLACK, AGG_JOIN_ROUND, AGG_CAP_BUTT, AGG_SNAP_AUTO, false);
        t->mpl_marker = true;
        t->kind = "swatch tick";
        double lx = AXES_X0 + (i + 0.5) * (AXES_X1 - AXES_X0) / PALETTE_SIZE;
        prim *l = scene_mpl_text(s, lx, top + LABEL_HANG, LABEL_PT, PALETTE[i].name, RGB_BLACK, FONT_DEJAVU,
                                 ALIGN_CENTER, ALIGN_TOP);
        l->angle = -M_PI / 2;
        l->kind = "swatch label";
    }
    /* the spines, left, right, bottom, top: 0.8 pt lines with projecting caps
     * along the axes box (the image's edges, y flipped by the whole height),
     * snapped by Agg to pixel centres (their width rounds to an odd 1 px) */
    double xl = AXES_L, xr = 1.0 * AXES_W + AXES_L, yb = SWATCH_HEIGHT - AXES_B, yt = SWATCH_HEIGHT - (AXES_B + AXES_H);
    point sp[4][2] = {{{xl, top + yb}, {xl, top + yt}}, {{xr, top + yb}, {xr, top + yt}},
                      {{xl, top + yb}, {xr, top + yb}}, {{xl, top + yt}, {xr, top + yt}}};
    for (int k = 0; k < 4; k++) {
        prim *f = scene_polyline(s, sp[k], 2, 0, RGB_BLACK);
        prim_mpl(f, FRAME_WIDTH, RGB_BLACK, AGG_JOIN_MITER, AGG_CAP_SQUARE, AGG_SNAP_AUTO, false);
        f->kind = "swatch frame";
    }
    prim *t = scene_mpl_text(s, (AXES_X0 + AXES_X1) / 2, top + TITLE_BASELINE, TITLE_PT,
                             "Color Palette Swatch for Reference", RGB_BLACK, FONT_DEJAVU, ALIGN_CENTER, ALIGN_BASELINE);
    t->kind = "swatch title";
}

void swatch_strip_append(scene *s)
{
    int top = s->height;
    s->height += SWATCH_HEIGHT;
    swatch_strip_draw(s, top);
}

void swatch_strip_scene(scene *s)
{
    scene_reset(s, SWATCH_WIDTH, SWATCH_HEIGHT);
    swatch_strip_draw(s, 0);
}
