/* grid.h - the one labelled-grid layout and drawing routine of every grid task.
 *
 * Contract:
 *  1. grid_fit() lays rows x cols square cells out with a label band on the left
 *     and top; when GRID_MIN_CELL would not fit on the default canvas it grows the
 *     canvas (the caller sets the scene size from grid.width, grid.height), so
 *     cells stay legible at any size.
 *  2. Columns are named by letters A, B, C... and rows by numbers from 1, top row
 *     first, unless a style says otherwise; grid_cell_name() gives the same names
 *     the labels show ("B3" = column B, row 3).
 *  3. Label text is the bundled font at a size from the cell size, never smaller
 *     than GRID_MIN_FONT.
 */
#ifndef GEN_GRID_H
#define GEN_GRID_H

#include "scene.h"

#include <stddef.h>

/* Smallest cell side: below 30 px a cell's content and its label become hard to
 * read, so larger boards grow the canvas instead. */
#define GRID_MIN_CELL 30.0
/* Largest canvas side a grid task draws: a taller or wider image is more than a
 * reader takes in at once, and its PNG costs more than a sample should. */
#define GRID_MAX_CANVAS 4096
/* Smallest label size in pixels (em), legible at any level. */
#define GRID_MIN_FONT 14.0

typedef enum grid_label_style {
    GRID_LETTERS,  /* A, B, C, ... */
    GRID_FROM_1,   /* 1, 2, 3, ... */
    GRID_FROM_0    /* 0, 1, 2, ... */
} grid_label_style;

typedef struct grid {
    int rows, cols;
    double x0, y0;    /* top-left corner of cell (0, 0) */
    double cell;      /* side of a cell */
    double font_size; /* label size */
    double label_band; /* width of the label band left of and above the cells */
    int width, height; /* canvas size the grid needs */
    grid_label_style col_style, row_style;
} grid;

/* Fits the grid on a canvas of at least min_w x min_h (default GEN_CANVAS). */
grid grid_fit(int rows, int cols, int min_w, int min_h, grid_label_style col_style, grid_label_style row_style);
/* As grid_fit() on the default canvas, but grows the canvas (never shrinks it) so
 * cells are at least min_cell px wide, for tasks whose cell content needs more room
 * than GRID_MIN_CELL (min_cell <= GRID_MIN_CELL gives exactly grid_fit()). */
grid grid_fit_cell(int rows, int cols, double min_cell, grid_label_style col_style, grid_label_style row_style);
point grid_cell_centre(const grid *g, int row, int col);
/* Draws the cell lines (width px, colour c). */
void grid_draw_lines(scene *s, const grid *g, double width, rgb c);
/* Draws the column labels above and the row labels left of the cells. */
void grid_draw_labels(scene *s, const grid *g, rgb c);
/* The label of a column or row in a style ("C", "3"). */
void grid_label(grid_label_style style, int index, char *buf, size_t n);
/* "B3": column label then row label, in the grid's styles. */
void grid_cell_name(const grid *g, int row, int col, char *buf, size_t n);

#endif
