#include "swatches.h"

#include "palette.h"

#include <math.h>

/* Name label size in pixels: the longest name ("lavender") fits a 80 px column. */
#define SWATCH_FONT 15.0
/* Vertical room per row: patch, gap, name, gap. */
#define SWATCH_ROW_H(patch) ((patch) + 34.0)

static double patch_size(int width)
{
    int per_row = (PALETTE_SIZE + SWATCH_ROWS - 1) / SWATCH_ROWS;
    return floor(fmin(48.0, width / (double)per_row * 0.55));
}

int swatch_strip_height(int width)
{
    double patch = patch_size(width);
    return (int)ceil(SWATCH_ROWS * SWATCH_ROW_H(patch) + 16.0);
}

void swatch_strip_draw(scene *s, double top)
{
    int per_row = (PALETTE_SIZE + SWATCH_ROWS - 1) / SWATCH_ROWS;
    double col_w = s->width / (double)per_row;
    double patch = patch_size(s->width);
    prim *rule = scene_line(s, 0, top + 1, s->width, top + 1, 2, (rgb){200, 200, 200});
    rule->kind = "swatch rule";
    for (int i = 0; i < PALETTE_SIZE; i++) {
        int row = i / per_row, col = i % per_row;
        double cx = (col + 0.5) * col_w;
        double y = top + 12.0 + row * SWATCH_ROW_H(patch);
        prim *p = scene_rect(s, cx - patch / 2, y, patch, patch, PALETTE[i].value);
        p->kind = "swatch";
        p->colour_name = PALETTE[i].name;
        p->stroke_width = 1;
        p->stroke = (rgb){120, 120, 120};
        prim *t = scene_text(s, cx, y + patch + 13.0, SWATCH_FONT, PALETTE[i].name, RGB_BLACK);
        t->kind = "swatch label";
    }
}

void swatch_strip_append(scene *s)
{
    int top = s->height;
    s->height += swatch_strip_height(s->width);
    swatch_strip_draw(s, top);
}

void swatch_strip_scene(scene *s, int width)
{
    scene_reset(s, width, swatch_strip_height(width));
    swatch_strip_draw(s, 0);
}
