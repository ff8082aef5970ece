/* SPDX-License-Identifier: MIT */
/* locate_circles_shape: the answer is rebuilt from the drawing.  The board is
 * read back from its lines and labels (pil_board_check.h) and must be full: one
 * shape per cell, inside its cell with room to spare.  Each shape's kind is read from
 * the rendered pixels, not from the primitive: near the cell's top-left corner a
 * circle leaves white and a square or triangle is green; near the bottom-left
 * corner only a square is green.  The cells read as circles, named by the drawn
 * labels as [row, column], must be exactly gold_output (as a set, no repeats);
 * n_circles = the level, rows = grid_size; every shape is the original's green.
 * Other --grid_size values are swept, and a level larger than the board is refused. */
#include "pil_board_check.h"

/* Where a corner is probed: this far in from the cell's line centre, on both axes
 * for the top-left corner; the bottom-left probe is as far up from the bottom. */
#define PROBE_IN 8.0
static const rgb GREEN = {0, 128, 0};

static bool near(rgb a, rgb b)
{
    return abs(a.r - b.r) + abs(a.g - b.g) + abs(a.b - b.b) < 30;
}

static const char *box_of(const scene *sc, const prim *a, double box[4])
{
    if (a->type == PRIM_RECT) {
        box[0] = a->x, box[1] = a->y, box[2] = a->x + a->w, box[3] = a->y + a->h;
    } else {
        scene_grid_shape_box(sc, a, &box[0], &box[1], &box[2], &box[3]);
    }
    return NULL;
}

/* The shape's kind, from the pixels: 'c' circle, 's' square, 't' triangle. */
static char read_cell(const prim *a, const canvas *cv, const scene_grid *g, int row, int col, char *msg, size_t n,
                      const char **why)
{
    if (!a->filled || memcmp(&a->fill, &GREEN, sizeof GREEN) != 0) {
        *why = "a shape that is not filled green (0,128,0)";
        return 0;
    }
    double lx = g->xs[col], ty = g->ys[row], by = g->ys[row + 1];
    rgb mid = canvas_pixel(cv, (int)((g->xs[col] + g->xs[col + 1]) / 2), (int)((ty + by) / 2));
    rgb tl = canvas_pixel(cv, (int)(lx + PROBE_IN), (int)(ty + PROBE_IN));
    rgb bl = canvas_pixel(cv, (int)(lx + PROBE_IN), (int)(by - PROBE_IN));
    char k = 0;
    if (near(mid, GREEN) && pil_board_white(tl) && pil_board_white(bl))
        k = 'c';
    else if (near(mid, GREEN) && near(tl, GREEN) && near(bl, GREEN))
        k = 's';
    else if (near(mid, GREEN) && near(tl, GREEN) && pil_board_white(bl))
        k = 't';
    if (!k) {
        snprintf(msg, n, "the shape in cell (%d,%d) reads as no kind from its pixels", row + 1, col + 1);
        *why = msg;
    }
    return k;
}

static const pil_board_reader READER = {
    .noun = "shape", .targets = "circles", .not_target = "holds no circle", .target = 'c', .box = box_of,
    .read = read_cell};

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    return pil_board_check(&READER, s, p, msg, n);
}

int main(void)
{
    return pil_board_main("locate_circles_shape", check);
}
