/* SPDX-License-Identifier: MIT */
/* sort_lines: a 1000x1000 canvas; line i (0-based) is vertical at column
 * (i + 1) * (1000 / (n + 1)), stands on the baseline (last row 990) and carries the
 * number i + 1 above its top.  The lengths measured in the rendered pixels sort into
 * the record's Gold_output, lie in 250..960 and differ pairwise by >= 20 px; every
 * label's ink sits above its own line's top, nearer its own line than any other,
 * and touches no line; levels past 22 are refused. */
#include "harness.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define SIZE 1000
#define BASE_ROW 990 /* last pixel row of every line */
#define MIN_DIFF 20
#define MAX 22

/* How dark a pixel is: 0 white, 1 black. */
static double darkness(const canvas *cv, int x, int y)
{
    rgb c = canvas_pixel(cv, x, y);
    return (765.0 - c.r - c.g - c.b) / 765.0;
}

/* The line's length: rows of column x, from the baseline up, that have
 * the colour of the baseline row (the label, black, sits above the top). */
static int measure(const canvas *cv, int x)
{
    rgb c = canvas_pixel(cv, x, BASE_ROW);
    if (c.r == 255 && c.g == 255 && c.b == 255)
        return -1;
    int y = BASE_ROW;
    while (y > 0) {
        rgb u = canvas_pixel(cv, x, y - 1);
        if (u.r != c.r || u.g != c.g || u.b != c.b)
            break;
        y--;
    }
    if (canvas_pixel(cv, x, BASE_ROW + 1).r != 255)
        return -1; /* below the baseline must be white */
    return BASE_ROW - y; /* the original's length: its line covers length + 1 rows */
}

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    int lines = p->level;
    if (sc->width != SIZE || sc->height != SIZE)
        return "the canvas is not 1000x1000";
    if (rec_int(s, "Lines") != lines)
        return "Lines is not the level";
    const prim *label[MAX] = {0};
    int nlines = 0, nlabels = 0;
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (a->object < 0 || a->object >= lines)
            return "a primitive without a valid object index";
        if (a->type == PRIM_POLYLINE) {
            nlines++;
        } else if (a->type == PRIM_TEXT) {
            char want[8];
            snprintf(want, sizeof want, "%d", a->object + 1);
            if (label[a->object] || strcmp(a->label, want) != 0)
                return "a label that is not its line's number";
            label[a->object] = a;
            nlabels++;
        } else {
            return "a primitive that is neither a line nor a label";
        }
    }
    if (nlines != lines || nlabels != lines)
        return "not one line and one label per level";

    const canvas *cv = harness_render(sc);
    int spacing = SIZE / (lines + 1), len[MAX];
    for (int i = 0; i < lines; i++) {
        int x = (i + 1) * spacing;
        len[i] = measure(cv, x);
        if (len[i] < 250 || len[i] > 960) {
            snprintf(msg, n, "line %d measures %d px", i + 1, len[i]);
            return msg;
        }
        /* 3 px wide: columns x-1..x+1 coloured, x-2 and x+2 white at the baseline. */
        if (darkness(cv, x - 1, BASE_ROW - 1) == 0 || darkness(cv, x + 1, BASE_ROW - 1) == 0 ||
            darkness(cv, x - 2, BASE_ROW - 1) != 0 || darkness(cv, x + 2, BASE_ROW - 1) != 0) {
            snprintf(msg, n, "line %d is not 3 px wide at column %d", i + 1, x);
            return msg;
        }
    }
    /* The answer from the measured lengths. */
    int order[MAX];
    double length[MAX];
    for (int i = 0; i < lines; i++)
        length[i] = len[i];
    const char *why = check_size_order(s, "Gold_output", "line", length, lines, order, msg, n);
    if (why)
        return why;
    for (int i = 0; i < lines; i++) {
        if (i > 0 && len[order[i]] - len[order[i - 1]] < MIN_DIFF) {
            snprintf(msg, n, "lengths %d and %d px are too close", len[order[i - 1]], len[order[i]]);
            return msg;
        }
    }
    /* Labels: dark ink above the own line's top, in the column band nearer the own
     * line than any other, and no label pixel on a line's columns. */
    for (int i = 0; i < lines; i++) {
        double x0, y0, x1, y1;
        prim_bbox(sc, label[i], &x0, &y0, &x1, &y1);
        int x = (i + 1) * spacing, top = BASE_ROW - len[i], ink = 0;
        for (int y = (int)floor(y0) - 1; y <= (int)ceil(y1); y++)
            for (int xx = (int)floor(x0) - 1; xx <= (int)ceil(x1); xx++) {
                if (xx < 0 || y < 0 || xx >= SIZE || y >= SIZE || darkness(cv, xx, y) < 0.5)
                    continue;
                rgb c = canvas_pixel(cv, xx, y);
                if (c.r > 40 || c.g > 40 || c.b > 40)
                    continue; /* a line's colour, not the black label */
                ink++;
                if (y >= top - 1) {
                    snprintf(msg, n, "label %d reaches row %d, its line's top is row %d", i + 1, y, top);
                    return msg;
                }
                if (abs(xx - x) * 2 >= spacing) {
                    snprintf(msg, n, "label %d has ink at column %d, nearer another line", i + 1, xx);
                    return msg;
                }
            }
        if (ink < 20) {
            snprintf(msg, n, "label %d shows only %d dark pixels", i + 1, ink);
            return msg;
        }
    }
    return NULL;
}

int main(void)
{
    const int extra[] = {21, 22};
    int rc = harness_run("sort_lines", check, extra, (int)(sizeof extra / sizeof *extra));
    return rc | harness_refuses("sort_lines", MAX + 1, 0);
}
