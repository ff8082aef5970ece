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
/* The frame's lines, on pixel centres. */
#define FRAME_X0 15.5
#define FRAME_X1 480.5
#define FRAME_Y0 30.5
#define FRAME_Y1 184.5
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
    /* matplotlib draws the frame as four lines with projecting caps and snaps
     * them to pixel centres (their width rounds to an odd 1 px): the line through
     * x runs along floor(x + 0.5) + 0.5; Agg covers them as EDGES_AGG does */
    const double hw = FRAME_WIDTH / 2;
    point c[4] = {{FRAME_X0, top + FRAME_Y1}, {FRAME_X0, top + FRAME_Y0}, {FRAME_X1, top + FRAME_Y0},
                  {FRAME_X1, top + FRAME_Y1}};
    for (int k = 0; k < 4; k++) {
        point a = c[k], b = c[(k + 1) % 4];
        prim *f = scene_agg_box(s, fmin(a.x, b.x) - hw, fmin(a.y, b.y) - hw, fmax(a.x, b.x) + hw, fmax(a.y, b.y) + hw,
                                RGB_BLACK);
        f->kind = "swatch frame";
    }
    for (int i = 0; i < PALETTE_SIZE; i++) {
        /* a tick is a marker: Agg puts it on the pixel nearest its place and
         * snaps its length to whole pixels (butt ends) */
        double x = SWATCH_BAR_X0 + (i + 0.5) * w, tx = floor(x + 0.5) + 0.5;
        prim *t = scene_agg_box(s, tx - hw, top + FRAME_Y1, tx + hw, top + FRAME_Y1 + floor(TICK_LENGTH + 0.5),
                                RGB_BLACK);
        t->kind = "swatch tick";
        double lx = AXES_X0 + (i + 0.5) * (AXES_X1 - AXES_X0) / PALETTE_SIZE;
        prim *l = scene_mpl_text(s, lx, top + LABEL_HANG, LABEL_PT, PALETTE[i].name, RGB_BLACK, FONT_DEJAVU,
                                 ALIGN_CENTER, ALIGN_TOP);
        l->angle = -M_PI / 2;
        l->kind = "swatch label";
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
