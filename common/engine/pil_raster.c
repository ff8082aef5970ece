/* SPDX-License-Identifier: MIT */
#include "pil_raster.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

/* One run of row y from x0 to x1 inclusive, in either order, clipped to the
 * image (Pillow's horizontal line: it swaps reversed ends, so an empty scan-line
 * span one pixel wide the wrong way round still sets two pixels). */
static void run(const pil_target *t, int x0, int y, int x1)
{
    if (y < 0 || y >= t->h)
        return;
    if (x0 > x1) {
        int tmp = x0;
        x0 = x1;
        x1 = tmp;
    }
    if (x0 < 0)
        x0 = 0;
    else if (x0 >= t->w)
        return;
    if (x1 < 0)
        return;
    if (x1 >= t->w)
        x1 = t->w - 1;
    if (x0 <= x1)
        t->span(t->ctx, x0, y, x1);
}

static void dot(const pil_target *t, int x, int y)
{
    if (x >= 0 && x < t->w && y >= 0 && y < t->h)
        t->span(t->ctx, x, y, x);
}

/* ---- ellipses ---------------------------------------------------------------
 * One quarter of the ellipse x^2/a^2 + y^2/b^2 = 1 is walked on the lattice of
 * points (2i + a % 2, 2j + b % 2) (a and b are the box's width and height less
 * one, so the lattice's step of 2 is one pixel), from (a, b % 2) on the x axis
 * to (a % 2, b) on the y axis: each step goes up, or up and left, or left,
 * to whichever of the three lies nearest the curve (smallest |a^2 y^2 + b^2 x^2
 * - a^2 b^2|, the first of equals kept, up-left and left only while x > 1). */
typedef struct quarter {
    int64_t x, y, end_x, end_y, a2, b2, a2b2;
    bool done;
} quarter;

static void quarter_start(quarter *q, int a, int b)
{
    q->done = a < 0 || b < 0;
    if (q->done)
        return;
    q->x = a;
    q->y = b % 2;
    q->end_x = a % 2;
    q->end_y = b;
    q->a2 = (int64_t)a * a;
    q->b2 = (int64_t)b * b;
    q->a2b2 = q->a2 * q->b2;
}

static int64_t off_curve(const quarter *q, int64_t x, int64_t y)
{
    int64_t d = q->a2 * y * y + q->b2 * x * x - q->a2b2;
    return d < 0 ? -d : d;
}

/* The next point of the walk into *x, *y; false once it is over. */
static bool quarter_step(quarter *q, int64_t *x, int64_t *y)
{
    if (q->done)
        return false;
    *x = q->x;
    *y = q->y;
    if (q->x == q->end_x && q->y == q->end_y) {
        q->done = true;
        return true;
    }
    int64_t nx = q->x, ny = q->y + 2, best = off_curve(q, nx, ny);
    if (q->x > 1) {
        int64_t d = off_curve(q, q->x - 2, q->y + 2);
        if (d < best) {
            nx = q->x - 2;
            best = d;
        }
        d = off_curve(q, q->x - 2, q->y);
        if (d < best) {
            nx = q->x - 2;
            ny = q->y;
        }
    }
    q->x = nx;
    q->y = ny;
    return true;
}

void pil_ellipse(const pil_target *t, int x0, int y0, int x1, int y1, bool fill, int width)
{
    int a = x1 - x0, b = y1 - y0;
    if (a < 0 || b < 0)
        return;
    if (fill)
        width = a + b; /* an inner ellipse that does not exist: solid rows */
    if (width < 1)
        return;
    /* The outer quarter gives each lattice row's right end; the inner one (the
     * ellipse 2 (width - 1) lattice steps smaller) its left end, or the axis
     * (a % 2) where the inner ellipse has no point on that row. */
    quarter outer, inner;
    quarter_start(&outer, a, b);
    int64_t ox, oy;
    if (!quarter_step(&outer, &ox, &oy))
        return;
    quarter_start(&inner, a - 2 * (width - 1), b - 2 * (width - 1));
    int64_t axis = a % 2, row = oy, right = ox, left_next = axis;
    bool more = true;
    while (more) {
        int64_t y = row, l = left_next, r = right, cx = 0, cy = 0;
        bool got;
        while ((got = quarter_step(&outer, &cx, &cy)) && cy <= y) {
        }
        if (got) {
            right = cx;
            row = cy;
        } else {
            more = false;
        }
        while ((got = quarter_step(&inner, &cx, &cy)) && cy <= y)
            l = cx;
        left_next = got ? cx : axis;
        /* the row's runs in all four quarters (mirrored about both axes); a run
         * whose left end is the axis starts one lattice step off it on the right
         * side, so the middle column is not set twice */
        int64_t segs[4][3];
        int k = 0;
        bool right_half = l > 0 || l < r;
        if (right_half && y > 0)
            segs[k][0] = l == 0 ? 2 : l, segs[k][1] = y, segs[k++][2] = r;
        if (y > 0)
            segs[k][0] = -r, segs[k][1] = y, segs[k++][2] = -l;
        if (right_half)
            segs[k][0] = l == 0 ? 2 : l, segs[k][1] = -y, segs[k++][2] = r;
        segs[k][0] = -r, segs[k][1] = -y, segs[k++][2] = -l;
        /* lattice to pixels: x0 + (X + a) / 2, y0 + (Y + b) / 2, newest first */
        while (k-- > 0)
            run(t, x0 + (int)((segs[k][0] + a) / 2), y0 + (int)((segs[k][1] + b) / 2),
                x0 + (int)((segs[k][2] + a) / 2));
    }
}

/* ---- polygons ----------------------------------------------------------------
 * Pillow's rounding of a float to a pixel column (symmetric about zero): up
 * takes halves up, down takes halves down. */
static int round_up(float f)
{
    return (int)(f >= 0.0 ? floor(f + 0.5F) : -floor(fabs(f) + 0.5F));
}

static int round_down(float f)
{
    return (int)(f >= 0.0 ? ceil(f - 0.5F) : -ceil(fabs(f) - 0.5F));
}

typedef struct edge {
    int x0, y0, xmin, ymin, xmax, ymax;
    float dx; /* x per row, single precision as Pillow keeps it */
} edge;

static void edge_set(edge *e, int x0, int y0, int x1, int y1)
{
    e->xmin = x0 <= x1 ? x0 : x1;
    e->xmax = x0 <= x1 ? x1 : x0;
    e->ymin = y0 <= y1 ? y0 : y1;
    e->ymax = y0 <= y1 ? y1 : y0;
    e->dx = y0 == y1 ? 0.0F : (float)(x1 - x0) / (float)(y1 - y0);
    e->x0 = x0;
    e->y0 = y0;
}

/* Where edge e crosses row y (single precision). */
static float edge_x(const edge *e, int y)
{
    float v = (float)(y - e->y0) * e->dx;
    return v + (float)e->x0;
}

static int cmp_float(const void *a, const void *b)
{
    float d = *(const float *)a - *(const float *)b;
    return d < 0 ? -1 : d > 0 ? 1 : 0;
}

int pil_polygon_fill(const pil_target *t, const int *xy, int count)
{
    if (count <= 0)
        return 0;
    edge *e = calloc((size_t)count, sizeof *e);
    if (!e)
        return -1;
    /* The edges: a horizontal edge that carries on a horizontal edge in the same
     * direction lengthens it instead. */
    int n = 0, i;
    for (i = 0; i < count - 1; i++) {
        int ax = xy[2 * i], ay = xy[2 * i + 1], bx = xy[2 * i + 2], by = xy[2 * i + 3];
        if (ay == by && i != 0 && ay == xy[2 * i - 1]) {
            int px = xy[2 * i - 2];
            if (bx > ax && ax > px) {
                e[n - 1].xmax = bx;
                continue;
            }
            if (bx < ax && ax < px) {
                e[n - 1].xmin = bx;
                continue;
            }
        }
        edge_set(&e[n++], ax, ay, bx, by);
    }
    if (xy[2 * i] != xy[0] || xy[2 * i + 1] != xy[1])
        edge_set(&e[n++], xy[2 * i], xy[2 * i + 1], xy[0], xy[1]);

    /* Horizontal edges are drawn whole; the others cross the scan lines. */
    edge **tab = calloc((size_t)n + 1, sizeof *tab);
    float *xx = calloc(2 * (size_t)n + 1, sizeof *xx);
    if (!tab || !xx) {
        free(tab);
        free(xx);
        free(e);
        return -1;
    }
    int ntab = 0, ymin = t->h - 1, ymax = 0;
    for (i = 0; i < n; i++) {
        if (e[i].ymin < ymin)
            ymin = e[i].ymin;
        if (e[i].ymax > ymax)
            ymax = e[i].ymax;
        if (e[i].ymin == e[i].ymax) {
            run(t, e[i].xmin, e[i].ymin, e[i].xmax);
            continue;
        }
        tab[ntab++] = &e[i];
    }
    if (ymin < 0)
        ymin = 0;
    if (ymax > t->h)
        ymax = t->h;
    for (int y = ymin; y <= ymax; y++) {
        int j = 0;
        for (i = 0; i < ntab; i++) {
            const edge *cur = tab[i];
            if (y < cur->ymin || y > cur->ymax)
                continue;
            xx[j++] = edge_x(cur, y);
            if (y == cur->ymax && y < ymax) {
                /* an edge ending on this row (not the last) counts twice: the
                 * vertex where two edges meet is entered and left */
                xx[j] = xx[j - 1];
                j++;
            } else if (cur->dx != 0 && roundf(xx[j - 1]) == xx[j - 1]) {
                /* Pillow's corner rule: a sloped edge meeting an earlier edge
                 * of the same slope direction at a whole column, where both
                 * start or both end on this row, moves the crossing at the
                 * earlier edge's index (an index into this row's crossings,
                 * as Pillow has it) to the pair's next (or previous) row's
                 * outer crossing */
                for (int k = 0; k < i; k++) {
                    const edge *o = tab[k];
                    if ((cur->dx > 0 && o->dx <= 0) || (cur->dx < 0 && o->dx >= 0))
                        continue;
                    bool both_start = y == cur->ymin && y == o->ymin, both_end = y == cur->ymax && y == o->ymax;
                    if ((both_start || both_end) && xx[j - 1] == edge_x(o, y)) {
                        int off = y == ymax ? -1 : 1;
                        float adj = edge_x(cur, y + off), adj_o = edge_x(o, y + off);
                        if (y == cur->ymax)
                            xx[k] = cur->dx > 0 ? (float)(fmax(adj, adj_o) + 1) : (float)(fmin(adj, adj_o) - 1);
                        else
                            xx[k] = cur->dx > 0 ? (float)fmin(adj, adj_o) : (float)(fmax(adj, adj_o) + 1);
                        break;
                    }
                }
            }
        }
        qsort(xx, (size_t)j, sizeof *xx, cmp_float);
        for (i = 1; i < j; i += 2)
            run(t, round_up(xx[i - 1]), y, round_down(xx[i]));
    }
    free(xx);
    free(tab);
    free(e);
    return 0;
}

/* Pillow's 1-px line: Bresenham from (x0, y0) towards (x1, y1), without the
 * last point. */
static void line1(const pil_target *t, int x0, int y0, int x1, int y1)
{
    int dx = x1 - x0, dy = y1 - y0, xs = 1, ys = 1;
    if (dx < 0)
        dx = -dx, xs = -1;
    if (dy < 0)
        dy = -dy, ys = -1;
    if (dx == 0) {
        for (int i = 0; i < dy; i++, y0 += ys)
            dot(t, x0, y0);
    } else if (dy == 0) {
        for (int i = 0; i < dx; i++, x0 += xs)
            dot(t, x0, y0);
    } else if (dx > dy) {
        int n = dx, e = 2 * dy - dx;
        for (int i = 0; i < n; i++) {
            dot(t, x0, y0);
            if (e >= 0) {
                y0 += ys;
                e -= 2 * dx;
            }
            e += 2 * dy;
            x0 += xs;
        }
    } else {
        int n = dy, e = 2 * dx - dy;
        for (int i = 0; i < n; i++) {
            dot(t, x0, y0);
            if (e >= 0) {
                x0 += xs;
                e -= 2 * dy;
            }
            e += 2 * dx;
            y0 += ys;
        }
    }
}

void pil_polygon_outline(const pil_target *t, const int *xy, int n)
{
    if (n <= 0)
        return;
    for (int i = 0; i < n; i++) {
        int j = i + 1 < n ? i + 1 : 0;
        line1(t, xy[2 * i], xy[2 * i + 1], xy[2 * j], xy[2 * j + 1]);
    }
}

void pil_rectangle(const pil_target *t, int x0, int y0, int x1, int y1, bool fill, int width)
{
    if (y0 > y1) {
        int tmp = y0;
        y0 = y1;
        y1 = tmp;
    }
    if (fill) {
        for (int y = y0 < 0 ? 0 : y0; y <= y1 && y < t->h; y++)
            run(t, x0, y, x1);
        return;
    }
    if (width == 0)
        width = 1;
    for (int i = 0; i < width; i++) {
        run(t, x0, y0 + i, x1);
        run(t, x0, y1 - i, x1);
        line1(t, x1 - i, y0 + width, x1 - i, y1 - width + 1);
        line1(t, x0 + i, y0 + width, x0 + i, y1 - width + 1);
    }
}
