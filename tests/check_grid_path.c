/* SPDX-License-Identifier: MIT */
/* grid_path: an 800x800 canvas with a side x side board (rows = --grid_size, cells
 * 800 // side px) whose every cell holds one shape in red, green, blue or purple;
 * the path has exactly path_size = level cells (never cut short), each step to a
 * side neighbour never visited before, with one arrow pointing along every step and
 * S / E on the first / last cell.  From the rendered pixels: a cell's centre is
 * black exactly when the path passes through it, and each path cell's shape read
 * from its corners (square: both left corners coloured; triangle: the top one only;
 * circle: neither) gives the record's gold_output in order. */
#include "harness.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define CANVAS 800
#define MAXC 36

static bool white(rgb c) { return c.r > 235 && c.g > 235 && c.b > 235; }
static bool black(rgb c) { return c.r < 40 && c.g < 40 && c.b < 40; }

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    int side = p->grid_size, m = p->level, cell = CANVAS / side, half = cell / 2;
    if (sc->width != CANVAS || sc->height != CANVAS)
        return "the canvas is not 800x800";
    if (rec_int(s, "rows") != side || rec_int(s, "path_size") != m)
        return "rows or path_size is not the board side or the level";
    const cJSON *gold = cJSON_GetObjectItemCaseSensitive(s->record, "gold_output");
    if (!cJSON_IsArray(gold) || cJSON_GetArraySize(gold) != m) {
        snprintf(msg, n, "gold_output has %d shapes, path_size %d", cJSON_GetArraySize(gold), m);
        return msg;
    }

    /* The path from the scene: S's cell, then one cell per arrow in the arrow's
     * direction; every step's black segment must join exactly those two centres. */
    const prim *seg[MAXC] = {0}, *start = NULL, *end = NULL;
    const char *arrow[MAXC] = {0};
    int nseg = 0, arrows = 0, shapes = 0;
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        bool steps = a->kind && (strcmp(a->kind, "path") == 0 || strcmp(a->kind, "arrow") == 0);
        if (steps && (a->object < 0 || a->object >= MAXC))
            return "a step without a valid index";
        if (a->kind && strcmp(a->kind, "path") == 0) {
            if (seg[a->object] || a->type != PRIM_RECT)
                return "a step with two segments";
            seg[a->object] = a;
            nseg++;
        } else if (a->kind && strcmp(a->kind, "arrow") == 0) {
            if (arrow[a->object])
                return "a step with two arrows";
            arrow[a->object] = a->label;
            arrows++;
        } else if (a->kind && strcmp(a->kind, "start") == 0) {
            start = a;
        } else if (a->kind && strcmp(a->kind, "end") == 0) {
            end = a;
        } else if (a->object >= 0) {
            shapes++;
            if (!a->colour_name || (strcmp(a->colour_name, "red") && strcmp(a->colour_name, "green") &&
                                    strcmp(a->colour_name, "blue") && strcmp(a->colour_name, "purple")))
                return "a shape not in red, green, blue or purple";
        }
    }
    if (shapes != side * side)
        return "not one shape per cell";
    if (nseg != m - 1 || arrows != m - 1 || !start || !end) {
        snprintf(msg, n, "%d segments, %d arrows for a path of %d cells", nseg, arrows, m);
        return msg;
    }
    if (strcmp(start->label, "S") || strcmp(end->label, "E"))
        return "the start and end letters are not S and E";
    int cx[MAXC], cy[MAXC];
    bool on[MAXC][MAXC] = {{false}};
    cx[0] = (int)(start->x / cell), cy[0] = (int)(start->y / cell);
    for (int i = 0; i + 1 < m; i++) {
        int dx = 0, dy = 0;
        if (!arrow[i] || !seg[i])
            return "a step without its arrow or segment";
        if (strcmp(arrow[i], "\u2192") == 0)
            dx = 1;
        else if (strcmp(arrow[i], "\u2190") == 0)
            dx = -1;
        else if (strcmp(arrow[i], "\u2193") == 0)
            dy = 1;
        else if (strcmp(arrow[i], "\u2191") == 0)
            dy = -1;
        else
            return "an arrow that is not one of the four";
        cx[i + 1] = cx[i] + dx, cy[i + 1] = cy[i] + dy;
        if (cx[i + 1] < 0 || cx[i + 1] >= side || cy[i + 1] < 0 || cy[i + 1] >= side)
            return "a step off the board";
        /* the segment: PIL's 4 px line between the two centres, 1 px to one side
         * and 2 px to the other (going down or right, 1 px to the left or above) */
        int x1 = cx[i] * cell + half, y1 = cy[i] * cell + half, x2 = cx[i + 1] * cell + half,
            y2 = cy[i + 1] * cell + half;
        double wx = dx ? fmin(x1, x2) : x1 - (dy > 0 ? 1 : 2), wy = dx ? y1 - (dx > 0 ? 1 : 2) : fmin(y1, y2);
        double ww = dx ? abs(x2 - x1) + 1 : 4, wh = dx ? 4 : abs(y2 - y1) + 1;
        if (seg[i]->x != wx || seg[i]->y != wy || seg[i]->w != ww || seg[i]->h != wh) {
            snprintf(msg, n, "step %d's segment does not join its two cells' centres", i + 1);
            return msg;
        }
        /* the arrow sits on the middle of its step */
        const prim *ap = NULL;
        for (int k = 0; k < sc->nprims; k++)
            if (sc->prims[k].kind && strcmp(sc->prims[k].kind, "arrow") == 0 && sc->prims[k].object == i)
                ap = &sc->prims[k];
        if (fabs(ap->x - (x1 + x2) / 2.0) > 1 || fabs(ap->y - (y1 + y2) / 2.0) > 0.1 * cell) {
            snprintf(msg, n, "step %d's arrow is off the middle of its step", i + 1);
            return msg;
        }
    }
    if ((int)(end->x / cell) != cx[m - 1] || (int)(end->y / cell) != cy[m - 1])
        return "E is not on the path's last cell";
    for (int i = 0; i < m; i++) {
        if (on[cx[i]][cy[i]])
            return "the path visits a cell twice";
        on[cx[i]][cy[i]] = true;
    }

    /* From the pixels. */
    const canvas *cv = harness_render(sc);
    for (int x = 0; x < side; x++)
        for (int y = 0; y < side; y++) {
            bool dark = black(canvas_pixel(cv, x * cell + half, y * cell + half));
            if (dark != on[x][y]) {
                snprintf(msg, n, "cell (%d, %d): centre %s but %s the path", x, y, dark ? "black" : "not black",
                         on[x][y] ? "on" : "off");
                return msg;
            }
        }
    for (int i = 0; i < m; i++) {
        int x0 = cx[i] * cell + 5, y0 = cy[i] * cell + 5, w = cell - 9;
        rgb top = canvas_pixel(cv, x0 + 3, y0 + 3), bottom = canvas_pixel(cv, x0 + 3, y0 + w - 4);
        const char *want = !white(top) && !white(bottom) ? "square" : !white(top) ? "triangle" : "circle";
        if (white(top) && !white(bottom))
            return "a shape coloured at its bottom corner only";
        const cJSON *v = cJSON_GetArrayItem(gold, i);
        if (!cJSON_IsString(v) || strcmp(v->valuestring, want) != 0) {
            snprintf(msg, n, "path cell %d: the pixels show a %s, the record %s", i + 1, want,
                     cJSON_IsString(v) ? v->valuestring : "?");
            return msg;
        }
    }
    return NULL;
}

int main(void)
{
    /* 2 and the whole board are drawable; other board sides work too */
    const int extra[] = {2, 30, 36};
    int rc = harness_run("grid_path", check, extra, (int)(sizeof extra / sizeof *extra));
    return rc | harness_refuses("grid_path", 37, 6); /* a path of 37 cells on a 6x6 board */
}
