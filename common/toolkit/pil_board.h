/* SPDX-License-Identifier: MIT */
/* pil_board.h - the numbered board of the locate_circles tasks, as the originals'
 * Pillow script draws it: 100-px cells, a 40-px margin, 2-px black lines, rows and
 * columns numbered from 1 in 20-px text; every cell holds one shape inset 5 px.
 *
 * Contract:
 *  1. pil_board_sample makes a whole sample of a locate_circles task: it refuses
 *     a level above the board's cell count (pil_board_check_level), resets
 *     ctx->img[0] to the board's canvas (size * 100 + 80 px square) and draws the
 *     lines and numbers; picks n = the level distinct cells in a uniformly random
 *     order from ctx->rng (the originals draw cells at random and skip repeats:
 *     the same ordered sample) and draws a filled circle of PIL's green in each
 *     (objects 0..n-1); then fills every other cell, in reading order, with
 *     other(s, r, x0, y0, box), r the sample's stream named `stream` and
 *     (x0, y0, box) the cell's shape box (top-left corner and side), numbering
 *     the objects on from n.  The record: rows = grid_size, n_circles = n,
 *     gold_output = the green circles' [row, column] pairs, 1-based, in the order
 *     drawn.  PIL_BOARD_FIELDS lists those fields for the descriptor.
 *  2. pil_board_check_level refuses a level above the board's cell count, naming
 *     what could not be placed ("green circles", "circles").
 */
#ifndef GEN_PIL_BOARD_H
#define GEN_PIL_BOARD_H

#include "generator.h"
#include "rng.h"
#include "scene.h"

#include <stddef.h>

/* Draws the shape of one cell that is not a target; returns its primitive. */
typedef prim *(*pil_board_other)(scene *s, rng *r, double x0, double y0, double box);

extern const gen_field PIL_BOARD_FIELDS[];

int pil_board_sample(gen_ctx *ctx, const char *what, const char *stream, pil_board_other other);
int pil_board_check_level(const gen_params *p, const char *what, char *err, size_t errlen);

#endif
