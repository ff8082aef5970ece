#include "grid_grow.h"

#include "generator.h"

/* A canvas side so large that only the other axis limits the cell. */
#define GRID_GROW_UNBOUNDED (1 << 20)

/* The cell grid_fit() gives on a w x h canvas. */
static double cell_on(int rows, int cols, int w, int h, grid_label_style cs, grid_label_style rs)
{
    return grid_fit(rows, cols, w, h, cs, rs).cell;
}

grid grid_fit_min_cell(int rows, int cols, double min_cell, grid_label_style col_style, grid_label_style row_style)
{
    int w = GEN_CANVAS, h = GEN_CANVAS;
    /* Each axis's share of the cell is (side - margins) / (count + label band);
     * adding count + 2 pixels to the side adds at least one pixel to that share. */
    for (int i = 0; i < GRID_GROW_STEPS && cell_on(rows, cols, w, GRID_GROW_UNBOUNDED, col_style, row_style) < min_cell;
         i++)
        w += cols + 2;
    for (int i = 0; i < GRID_GROW_STEPS && cell_on(rows, cols, GRID_GROW_UNBOUNDED, h, col_style, row_style) < min_cell;
         i++)
        h += rows + 2;
    return grid_fit(rows, cols, w, h, col_style, row_style);
}
