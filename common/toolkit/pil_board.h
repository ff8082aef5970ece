/* pil_board.h - the numbered board of the locate_circles tasks, as the originals'
 * Pillow script draws it: 100-px cells, a 40-px margin, 2-px black lines, rows and
 * columns numbered from 1 in 20-px text; every cell holds one shape inset 5 px.
 *
 * Contract:
 *  1. pil_board_draw resets s to the board's canvas (size * 100 + 80 px square)
 *     and draws the lines and numbers.
 *  2. pil_board_targets picks n distinct cells in a uniformly random order from r
 *     (the originals draw cells at random and skip repeats: the same ordered
 *     sample), draws a filled circle of `colour` in each, marks them in
 *     is_target (size * size bytes, zeroed by the caller) and returns the gold:
 *     their [row, column] pairs, 1-based, in that order.
 *  3. pil_board_cell gives a cell's shape box (top-left corner and side).
 *  4. pil_board_check_level refuses a level above the board's cell count, naming
 *     what could not be placed ("green circles", "circles").
 */
#ifndef GEN_PIL_BOARD_H
#define GEN_PIL_BOARD_H

#include "generator.h"
#include "rng.h"
#include "scene.h"

#include <stddef.h>

#include <cJSON.h>

void pil_board_draw(scene *s, int size);
cJSON *pil_board_targets(scene *s, rng *r, int size, int n, rgb colour, const char *colour_name, char *is_target);
void pil_board_cell(int size, int cell, double *x0, double *y0, double *box);
int pil_board_check_level(const gen_params *p, const char *what, char *err, size_t errlen);

#endif
