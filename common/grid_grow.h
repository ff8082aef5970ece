/* grid_grow.h - a labelled grid whose cells are at least a given size.
 *
 * Contract:
 *  1. grid_fit_min_cell() is grid_fit() on a canvas of at least GEN_CANVAS x
 *     GEN_CANVAS that grows (each axis on its own) until every cell is at least
 *     min_cell pixels, for tasks whose cell content needs more room than
 *     GRID_MIN_CELL (angles, side counts).
 *  2. The canvas only grows along an axis that needs it, so a grid that already
 *     fits keeps the default canvas and exactly grid_fit()'s layout.
 *  3. The search is bounded: at most GRID_GROW_STEPS steps per axis; a caller that
 *     must refuse huge grids compares the result with GRID_MAX_CANVAS.
 */
#ifndef GEN_GRID_GROW_H
#define GEN_GRID_GROW_H

#include "grid.h"

/* Largest canvas side a grid task draws: a taller or wider image is more than a
 * reader takes in at once, and its PNG costs more than a sample should. */
#define GRID_MAX_CANVAS 4096
/* Steps of growth per axis: each step adds at least one pixel to the cell, and
 * no task asks for cells anywhere near this many pixels larger than it has. */
#define GRID_GROW_STEPS 1000

grid grid_fit_min_cell(int rows, int cols, double min_cell, grid_label_style col_style, grid_label_style row_style);

#endif
