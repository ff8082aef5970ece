/* SPDX-License-Identifier: MIT */
/* locate_circles_colour: the answer is rebuilt from the rendered pixels.  The
 * board is read back from its lines and labels (pil_board_check.h) and must be full:
 * one circle primitive per cell, inside its cell with room to spare.  Each cell's
 * colour is read at the cell's middle and must be one of the original's five
 * (PIL's green, red, blue, purple, yellow), and the corner probes must be white
 * (a circle, not a square).  The cells that read green, named by the drawn labels
 * as [row, column], must be exactly gold_output (a set, no repeats); n_circles =
 * the level, rows = grid_size.  Other --grid_size values are swept, and a level
 * larger than the board is refused. */
#include "pil_board_check.h"

/* Where the corners are probed: this far in from the cell's line centres, at the
 * top-left and bottom-right corners. */
#define PROBE_IN 8.0
static const rgb COLOURS[] = {{0, 128, 0}, {255, 0, 0}, {0, 0, 255}, {128, 0, 128}, {255, 255, 0}};
#define NCOLOURS 5 /* the first is green */

static int colour_of(rgb a)
{
    for (int k = 0; k < NCOLOURS; k++)
        if (abs(a.r - COLOURS[k].r) + abs(a.g - COLOURS[k].g) + abs(a.b - COLOURS[k].b) < 30)
            return k;
    return -1;
}

static const char *box_of(const scene *sc, const prim *a, double box[4])
{
    if (a->type != PRIM_CIRCLE)
        return "an object that is not a circle";
    scene_grid_shape_box(sc, a, &box[0], &box[1], &box[2], &box[3]);
    return NULL;
}

/* The cell's colour, 1 + its index in COLOURS (1: green). */
static char read_cell(const prim *a, const canvas *cv, const scene_grid *g, int row, int col, char *msg, size_t n,
                      const char **why)
{
    (void)a;
    double lx = g->xs[col], rx = g->xs[col + 1], ty = g->ys[row], by = g->ys[row + 1];
    int k = colour_of(canvas_pixel(cv, (int)((lx + rx) / 2), (int)((ty + by) / 2)));
    if (k < 0) {
        snprintf(msg, n, "cell (%d,%d) is none of the original's five colours", row + 1, col + 1);
        *why = msg;
        return 0;
    }
    if (!pil_board_white(canvas_pixel(cv, (int)(lx + PROBE_IN), (int)(ty + PROBE_IN))) ||
        !pil_board_white(canvas_pixel(cv, (int)(rx - PROBE_IN), (int)(by - PROBE_IN)))) {
        snprintf(msg, n, "the shape in cell (%d,%d) does not read as a circle", row + 1, col + 1);
        *why = msg;
        return 0;
    }
    return (char)(k + 1);
}

static const pil_board_reader READER = {
    .noun = "circle", .targets = "green circles", .not_target = "is not green", .target = 1, .box = box_of,
    .read = read_cell};

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    return pil_board_check(&READER, s, p, msg, n);
}

int main(void)
{
    return pil_board_main("locate_circles_colour", check);
}
