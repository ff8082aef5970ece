/* SPDX-License-Identifier: MIT */
/* rows.h - what the originals' row tasks share: a column of rows stacked over
 * black lines (comparing_size, identifying_shapes) and a row of numbered objects
 * to be sorted by size (sort_circles, sort_lines).
 *
 * Contract:
 *  1. rows_check_level() refuses more than max_rows rows, naming the canvas
 *     height (height_px) that max_rows would take.
 *  2. rows_line() draws a black line of kind "line" across a row boundary, from
 *     (x0, y) to (x1, y), width px wide, as matplotlib's Agg covers it (an
 *     EDGES_AGG box: a 1.5-pt line is 2.08 px, two full rows and a faint fringe).
 *  3. rows_add_size_order() appends to the array `gold` the numbers 1..n of the n
 *     objects (numbered left to right) from the smallest size to the largest;
 *     equal sizes keep their left-to-right order.
 */
#ifndef GEN_ROWS_H
#define GEN_ROWS_H

#include "generator.h"
#include "scene.h"

#include <stddef.h>

#include <cJSON.h>

int rows_check_level(const gen_params *p, int max_rows, int height_px, char *err, size_t errlen);
prim *rows_line(scene *s, double x0, double x1, double y, double width);
void rows_add_size_order(cJSON *gold, const double *size, int n);

#endif
