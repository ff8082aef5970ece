#include "grid.h"

#include "generator.h"

#include <math.h>
#include <stdio.h>

/* The label band is this many cells wide (at least 1.2 label heights), so labels
 * sit close to the cells they name. */
#define GRID_LABEL_BAND 1.0
/* Blank border around everything. */
#define GRID_MARGIN 20.0
/* Labels never larger than 28 px: bigger reads as a heading, not an axis. */
#define GRID_MAX_FONT 28.0
/* The band is at most three label heights: on small boards a cell-wide band
 * would push the labels far from the cells they name. */
#define GRID_BAND_FONTS 3.0

grid grid_fit(int rows, int cols, int min_w, int min_h, grid_label_style col_style, grid_label_style row_style)
{
    grid g;
    g.rows = rows;
    g.cols = cols;
    g.col_style = col_style;
    g.row_style = row_style;
    if (min_w <= 0)
        min_w = GEN_CANVAS;
    if (min_h <= 0)
        min_h = GEN_CANVAS;
    /* Cells plus one band of label per axis, plus margins. */
    double cw = (min_w - 2 * GRID_MARGIN) / (cols + GRID_LABEL_BAND);
    double ch = (min_h - 2 * GRID_MARGIN) / (rows + GRID_LABEL_BAND);
    double cell = floor(fmin(cw, ch));
    if (cell < GRID_MIN_CELL)
        cell = GRID_MIN_CELL;
    double font = fmax(GRID_MIN_FONT, fmin(cell * 0.42, GRID_MAX_FONT));
    double band = fmin(cell * GRID_LABEL_BAND, GRID_BAND_FONTS * font);
    if (band < cell * GRID_LABEL_BAND) {
        /* Big cells: the band stays a few label heights, and the cells take the rest. */
        cell = floor(fmin((min_w - 2 * GRID_MARGIN - band) / cols, (min_h - 2 * GRID_MARGIN - band) / rows));
        font = fmax(GRID_MIN_FONT, fmin(cell * 0.42, GRID_MAX_FONT));
    }
    band = fmax(band, 2.2 * GRID_MIN_FONT);
    g.cell = cell;
    g.font_size = font;
    g.label_band = band;
    double need_w = 2 * GRID_MARGIN + band + cols * cell;
    double need_h = 2 * GRID_MARGIN + band + rows * cell;
    g.width = (int)fmax(min_w, ceil(need_w));
    g.height = (int)fmax(min_h, ceil(need_h));
    /* Centre the whole (band + cells) block on the canvas. */
    g.x0 = floor((g.width - (band + cols * cell)) / 2 + band);
    g.y0 = floor((g.height - (band + rows * cell)) / 2 + band);
    return g;
}

grid grid_fit_cell(int rows, int cols, double min_cell, grid_label_style col_style, grid_label_style row_style)
{
    grid g = grid_fit(rows, cols, 0, 0, col_style, row_style);
    if (g.cell >= min_cell)
        return g;
    /* The canvas on which grid_fit()'s cell comes out exactly min_cell. */
    int w = (int)ceil(2 * GRID_MARGIN + (cols + GRID_LABEL_BAND) * ceil(min_cell));
    int h = (int)ceil(2 * GRID_MARGIN + (rows + GRID_LABEL_BAND) * ceil(min_cell));
    return grid_fit(rows, cols, w > GEN_CANVAS ? w : GEN_CANVAS, h > GEN_CANVAS ? h : GEN_CANVAS, col_style,
                    row_style);
}

point grid_cell_centre(const grid *g, int row, int col)
{
    point p = {g->x0 + (col + 0.5) * g->cell, g->y0 + (row + 0.5) * g->cell};
    return p;
}

void grid_draw_lines(scene *s, const grid *g, double width, rgb c)
{
    for (int r = 0; r <= g->rows; r++) {
        double y = g->y0 + r * g->cell;
        prim *p = scene_line(s, g->x0, y, g->x0 + g->cols * g->cell, y, width, c);
        p->kind = "grid";
    }
    for (int k = 0; k <= g->cols; k++) {
        double x = g->x0 + k * g->cell;
        prim *p = scene_line(s, x, g->y0, x, g->y0 + g->rows * g->cell, width, c);
        p->kind = "grid";
    }
}

void grid_label(grid_label_style style, int index, char *buf, size_t n)
{
    switch (style) {
    case GRID_LETTERS:
        if (index < 26)
            snprintf(buf, n, "%c", 'A' + index);
        else
            snprintf(buf, n, "%c%c", 'A' + index / 26 - 1, 'A' + index % 26);
        break;
    case GRID_FROM_1:
        snprintf(buf, n, "%d", index + 1);
        break;
    case GRID_FROM_0:
        snprintf(buf, n, "%d", index);
        break;
    }
}

void grid_draw_labels(scene *s, const grid *g, rgb c)
{
    char buf[16];
    double off = fmax(g->label_band * 0.5, 1.1 * g->font_size);
    for (int k = 0; k < g->cols; k++) {
        grid_label(g->col_style, k, buf, sizeof buf);
        point p = grid_cell_centre(g, 0, k);
        prim *t = scene_text(s, p.x, g->y0 - off, g->font_size, buf, c);
        t->kind = "axis label";
    }
    for (int r = 0; r < g->rows; r++) {
        grid_label(g->row_style, r, buf, sizeof buf);
        point p = grid_cell_centre(g, r, 0);
        prim *t = scene_text(s, g->x0 - off, p.y, g->font_size, buf, c);
        t->kind = "axis label";
    }
}

void grid_cell_name(const grid *g, int row, int col, char *buf, size_t n)
{
    char a[8], b[8];
    grid_label(g->col_style, col, a, sizeof a);
    grid_label(g->row_style, row, b, sizeof b);
    snprintf(buf, n, "%s%s", a, b);
}
