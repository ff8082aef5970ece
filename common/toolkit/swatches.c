#include "swatches.h"

#include "font.h"
#include "palette.h"

#include <math.h>

/* matplotlib's defaults at 100 dpi: tick labels 10 pt, the title 12 pt, frame and
 * ticks 0.8 pt wide, ticks 3.5 pt long (1 pt = 100/72 px). */
#define PT (100.0 / 72.0)
#define LABEL_FONT (10 * PT)
#define TITLE_FONT (12 * PT)
#define FRAME_WIDTH (0.8 * PT)
#define TICK_LENGTH (3.5 * PT)
/* The frame's lines, on pixel centres. */
#define FRAME_X0 15.5
#define FRAME_X1 480.5
#define FRAME_Y0 30.5
#define FRAME_Y1 184.5
/* The title's caps span rows 10-21 of the original; its centre is the bar's. */
#define TITLE_Y 16.0
/* Names start (their last letter's top) 197 px down, their caps centred one
 * pixel left of the tick (measured on the original). */
#define LABEL_TOP 197.3
#define LABEL_SHIFT (-1.3)

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
    /* matplotlib snaps the frame and the ticks to pixel centres (measured) */
    prim *f = scene_rect(s, FRAME_X0, top + FRAME_Y0, FRAME_X1 - FRAME_X0, FRAME_Y1 - FRAME_Y0, RGB_BLACK);
    prim_outline(f, FRAME_WIDTH, RGB_BLACK);
    f->kind = "swatch frame";
    for (int i = 0; i < PALETTE_SIZE; i++) {
        double x = SWATCH_BAR_X0 + (i + 0.5) * w, tx = floor(x) + 0.5;
        prim *t = scene_line(s, tx, top + FRAME_Y1, tx, top + FRAME_Y1 + TICK_LENGTH, FRAME_WIDTH, RGB_BLACK);
        t->kind = "swatch tick";
        double tw, th;
        font_text_size(LABEL_FONT, PALETTE[i].name, &tw, &th);
        prim *l = scene_text(s, x + LABEL_SHIFT, top + LABEL_TOP + tw / 2, LABEL_FONT, PALETTE[i].name, RGB_BLACK);
        l->angle = -M_PI / 2;
        l->kind = "swatch label";
    }
    prim *t = scene_text(s, (SWATCH_BAR_X0 + SWATCH_BAR_X1) / 2, top + TITLE_Y, TITLE_FONT,
                         "Color Palette Swatch for Reference", RGB_BLACK);
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
