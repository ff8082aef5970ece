/* SPDX-License-Identifier: MIT */
/* agg.c - matplotlib's Agg pixels (agg.h).  The arithmetic follows what Agg 2.4
 * as matplotlib 3.6 builds it computes, step for step where the doubles must
 * come out the same; the code is gen's own. */
#include "agg.h"

#include "util.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* ---- paths ---------------------------------------------------------------- */

void agg_path_init(agg_path *p)
{
    p->cmd = NULL;
    p->xy = NULL;
    p->n = p->cap = 0;
}

void agg_path_free(agg_path *p)
{
    free(p->cmd);
    free(p->xy);
    agg_path_init(p);
}

void agg_path_reset(agg_path *p) { p->n = 0; }

void agg_path_add(agg_path *p, int cmd, double x, double y)
{
    if (p->n == p->cap) {
        p->cap = p->cap ? 2 * p->cap : 64;
        p->cmd = xrealloc(p->cmd, (size_t)p->cap);
        p->xy = xrealloc(p->xy, sizeof *p->xy * 2 * (size_t)p->cap);
    }
    p->cmd[p->n] = (uint8_t)cmd;
    p->xy[2 * p->n] = x;
    p->xy[2 * p->n + 1] = y;
    p->n++;
}

agg_affine agg_affine_then(agg_affine m, agg_affine n)
{
    agg_affine r;
    r.sx = m.sx * n.sx + m.shy * n.shx;
    r.shx = m.shx * n.sx + m.sy * n.shx;
    r.tx = m.tx * n.sx + m.ty * n.shx + n.tx;
    r.shy = m.sx * n.shy + m.shy * n.sy;
    r.sy = m.shx * n.shy + m.sy * n.sy;
    r.ty = m.tx * n.shy + m.ty * n.sy + n.ty;
    return r;
}

void agg_unit_circle(agg_path *p, const agg_affine *m)
{
    /* Path.unit_circle: the quarter arcs split at 45 degrees, each eighth a
     * cubic whose handles are MAGIC long (matplotlib's constant) */
    const double magic = 0.2652031, h = sqrt(0.5), m45 = h * magic;
    const double v[26][2] = {
        {0.0, -1.0}, {magic, -1.0}, {h - m45, -h - m45}, {h, -h}, {h + m45, -h + m45}, {1.0, -magic},
        {1.0, 0.0}, {1.0, magic}, {h + m45, h - m45}, {h, h}, {h - m45, h + m45}, {magic, 1.0},
        {0.0, 1.0}, {-magic, 1.0}, {-h + m45, h + m45}, {-h, h}, {-h - m45, h - m45}, {-1.0, magic},
        {-1.0, 0.0}, {-1.0, -magic}, {-h - m45, -h + m45}, {-h, -h}, {-h + m45, -h - m45}, {-magic, -1.0},
        {0.0, -1.0}, {0.0, -1.0}};
    for (int i = 0; i < 25; i++) {
        double x = v[i][0], y = v[i][1];
        agg_affine_apply(m, &x, &y);
        agg_path_add(p, i == 0 ? AGG_MOVE : AGG_CURVE4, x, y);
    }
    agg_path_add(p, AGG_CLOSE, p->xy[2 * (p->n - 25)], p->xy[2 * (p->n - 25) + 1]);
}

/* ---- blending --------------------------------------------------------------- */

void agg_blend_word(uint32_t *px, rgb c, unsigned a)
{
    if (a == 0)
        return;
    if (a == 255) {
        *px = 0xFF000000u | (uint32_t)c.r << 16 | (uint32_t)c.g << 8 | c.b;
        return;
    }
    uint32_t v = *px;
    unsigned ch[3] = {v >> 16 & 0xFF, v >> 8 & 0xFF, v & 0xFF}, src[3] = {c.r, c.g, c.b};
    uint32_t out = 0xFF000000u;
    for (int k = 0; k < 3; k++) {
        /* over an opaque pixel: (((src << 8) - d 255) a + (d 255 << 8)) / (65280 + a) */
        long long d = (long long)ch[k] * 255;
        long long r = ((((long long)src[k] << 8) - d) * a + (d << 8)) / (65280 + a);
        out |= (uint32_t)r << (16 - 8 * k);
    }
    *px = out;
}

/* ---- the scanline rasterizer ------------------------------------------------ */

typedef struct cell {
    int x, y, cover, area;
} cell;

/* Per thread: the cells of the path being rasterized, the clip box, the
 * flattening and stroking buffers. */
typedef struct ras {
    cell *cells;
    int ncells, capcells;
    cell cur;       /* the cell being accumulated */
    bool has_cur;
    int min_y, max_y;
    bool clipping;
    double bx1, by1, bx2, by2; /* clip box, px */
    double x1, y1;             /* the clipper's last point */
    unsigned f1;
    double sx, sy;             /* the subpath's start */
    int status;                /* 0 none, 1 after a move, 2 after a line */
    int *row_start, *row_n;
    int caprows;
    cell *sorted;
    int capsorted;
} ras;

static _Thread_local ras R;
static void thread_release(void); /* after the last buffer: frees them all at the thread's exit */

static void ras_reset(ras *r)
{
    r->ncells = 0;
    r->has_cur = false;
    r->min_y = 0x7FFFFFFF;
    r->max_y = -0x7FFFFFFF;
    r->status = 0;
}

static void cell_flush(ras *r)
{
    if (r->has_cur && (r->cur.area | r->cur.cover)) {
        if (r->ncells == r->capcells) {
            r->capcells = r->capcells ? 2 * r->capcells : 1024;
            r->cells = xrealloc(r->cells, sizeof *r->cells * (size_t)r->capcells);
        }
        r->cells[r->ncells++] = r->cur;
    }
}

/* Makes (x, y) the cell receiving contributions. */
static inline void cell_at(ras *r, int x, int y)
{
    if (r->has_cur && r->cur.x == x && r->cur.y == y)
        return;
    cell_flush(r);
    r->cur = (cell){x, y, 0, 0};
    r->has_cur = true;
}

static inline void cell_add(ras *r, int cover, int area)
{
    r->cur.cover += cover;
    r->cur.area += area;
}

/* floor(a / b) and the remainder a - b floor(a / b), b > 0 */
static inline int fdiv(int a, int b, int *rem)
{
    int q = a / b, m = a % b;
    if (m < 0) {
        q--;
        m += b;
    }
    *rem = m;
    return q;
}

/* The part of a line inside cell row ey, from (x1, fy1) to (x2, fy2) (x in
 * 1/256 px, fy in 1/256 px within the row). */
static void row_part(ras *r, int ey, int x1, int fy1, int x2, int fy2)
{
    int ex1 = x1 >> 8, ex2 = x2 >> 8, fx1 = x1 & 255, fx2 = x2 & 255;
    if (fy1 == fy2) {
        cell_at(r, ex2, ey);
        return;
    }
    if (ex1 == ex2) {
        cell_add(r, fy2 - fy1, (fx1 + fx2) * (fy2 - fy1));
        return;
    }
    /* through several cells: fy at each column boundary is the floor of the
     * exact crossing, carried as quotient and remainder */
    int dx = x2 - x1, step = 1, edge = 256, p = (256 - fx1) * (fy2 - fy1);
    if (dx < 0) {
        p = fx1 * (fy2 - fy1);
        edge = 0;
        step = -1;
        dx = -dx;
    }
    int mod, delta = fdiv(p, dx, &mod);
    cell_add(r, delta, (fx1 + edge) * delta);
    ex1 += step;
    cell_at(r, ex1, ey);
    fy1 += delta;
    if (ex1 != ex2) {
        int rem, lift = fdiv(256 * (fy2 - fy1 + delta), dx, &rem);
        mod -= dx;
        while (ex1 != ex2) {
            delta = lift;
            mod += rem;
            if (mod >= 0) {
                mod -= dx;
                delta++;
            }
            cell_add(r, delta, 256 * delta);
            fy1 += delta;
            ex1 += step;
            cell_at(r, ex1, ey);
        }
    }
    delta = fy2 - fy1;
    cell_add(r, delta, (fx2 + 256 - edge) * delta);
}

/* A line in 1/256 px into the cells. */
static void ras_line(ras *r, int x1, int y1, int x2, int y2)
{
    int dx = x2 - x1, dy = y2 - y1;
    int ex1 = x1 >> 8, ey1 = y1 >> 8, ey2 = y2 >> 8, fy1 = y1 & 255, fy2 = y2 & 255;
    if (ey1 < r->min_y)
        r->min_y = ey1;
    if (ey1 > r->max_y)
        r->max_y = ey1;
    if (ey2 < r->min_y)
        r->min_y = ey2;
    if (ey2 > r->max_y)
        r->max_y = ey2;
    cell_at(r, ex1, ey1);
    if (ey1 == ey2) {
        row_part(r, ey1, x1, fy1, x2, fy2);
        return;
    }
    int step = 1, edge = 256;
    if (dx == 0) { /* vertical: one column */
        int two_fx = (x1 - ex1 * 256) * 2; /* multiplied, not shifted: negative left of the canvas */
        if (dy < 0) {
            edge = 0;
            step = -1;
        }
        int delta = edge - fy1;
        cell_add(r, delta, two_fx * delta);
        ey1 += step;
        cell_at(r, ex1, ey1);
        delta = edge + edge - 256;
        while (ey1 != ey2) {
            r->cur.cover = delta;
            r->cur.area = two_fx * delta;
            ey1 += step;
            cell_at(r, ex1, ey1);
        }
        delta = fy2 - 256 + edge;
        cell_add(r, delta, two_fx * delta);
        return;
    }
    int p = (256 - fy1) * dx;
    if (dy < 0) {
        p = fy1 * dx;
        edge = 0;
        step = -1;
        dy = -dy;
    }
    int mod, delta = fdiv(p, dy, &mod);
    int x_from = x1 + delta;
    row_part(r, ey1, x1, fy1, x_from, edge);
    ey1 += step;
    cell_at(r, x_from >> 8, ey1);
    if (ey1 != ey2) {
        int rem, lift = fdiv(256 * dx, dy, &rem);
        mod -= dy;
        while (ey1 != ey2) {
            delta = lift;
            mod += rem;
            if (mod >= 0) {
                mod -= dy;
                delta++;
            }
            int x_to = x_from + delta;
            row_part(r, ey1, x_from, 256 - edge, x_to, edge);
            x_from = x_to;
            ey1 += step;
            cell_at(r, x_from >> 8, ey1);
        }
    }
    row_part(r, ey1, x_from, 256 - edge, x2, fy2);
}

/* Agg's iround: halves away from zero. */
static inline int iround(double v) { return (int)(v < 0.0 ? v - 0.5 : v + 0.5); }

static inline void ras_line_d(ras *r, double x1, double y1, double x2, double y2)
{
    ras_line(r, iround(x1 * 256), iround(y1 * 256), iround(x2 * 256), iround(y2 * 256));
}

static inline unsigned clip_flags(const ras *r, double x, double y)
{
    return (unsigned)(x > r->bx2) | (unsigned)(y > r->by2) << 1 | (unsigned)(x < r->bx1) << 2 |
           (unsigned)(y < r->by1) << 3;
}

static inline unsigned clip_flags_y(const ras *r, double y)
{
    return (unsigned)(y > r->by2) << 1 | (unsigned)(y < r->by1) << 3;
}

/* A line already inside the box across: cut to its rows. */
static void clip_y(ras *r, double x1, double y1, double x2, double y2, unsigned f1, unsigned f2)
{
    f1 &= 10;
    f2 &= 10;
    if ((f1 | f2) == 0) {
        ras_line_d(r, x1, y1, x2, y2);
        return;
    }
    if (f1 == f2)
        return;
    double tx1 = x1, ty1 = y1, tx2 = x2, ty2 = y2;
    if (f1 & 8) {
        tx1 = x1 + (r->by1 - y1) * (x2 - x1) / (y2 - y1);
        ty1 = r->by1;
    }
    if (f1 & 2) {
        tx1 = x1 + (r->by2 - y1) * (x2 - x1) / (y2 - y1);
        ty1 = r->by2;
    }
    if (f2 & 8) {
        tx2 = x1 + (r->by1 - y1) * (x2 - x1) / (y2 - y1);
        ty2 = r->by1;
    }
    if (f2 & 2) {
        tx2 = x1 + (r->by2 - y1) * (x2 - x1) / (y2 - y1);
        ty2 = r->by2;
    }
    ras_line_d(r, tx1, ty1, tx2, ty2);
}

/* A line through the clip box: parts left or right of it run along its side. */
static void clip_line_to(ras *r, double x2, double y2)
{
    if (!r->clipping) {
        ras_line_d(r, r->x1, r->y1, x2, y2);
        r->x1 = x2;
        r->y1 = y2;
        return;
    }
    unsigned f2 = clip_flags(r, x2, y2);
    if ((r->f1 & 10) == (f2 & 10) && (r->f1 & 10) != 0) {
        r->x1 = x2;
        r->y1 = y2;
        r->f1 = f2;
        return;
    }
    double x1 = r->x1, y1 = r->y1, y3, y4;
    unsigned f1 = r->f1, f3, f4;
    switch (((f1 & 5) << 1) | (f2 & 5)) {
    case 0:
        clip_y(r, x1, y1, x2, y2, f1, f2);
        break;
    case 1:
        y3 = y1 + (r->bx2 - x1) * (y2 - y1) / (x2 - x1);
        f3 = clip_flags_y(r, y3);
        clip_y(r, x1, y1, r->bx2, y3, f1, f3);
        clip_y(r, r->bx2, y3, r->bx2, y2, f3, f2);
        break;
    case 2:
        y3 = y1 + (r->bx2 - x1) * (y2 - y1) / (x2 - x1);
        f3 = clip_flags_y(r, y3);
        clip_y(r, r->bx2, y1, r->bx2, y3, f1, f3);
        clip_y(r, r->bx2, y3, x2, y2, f3, f2);
        break;
    case 3:
        clip_y(r, r->bx2, y1, r->bx2, y2, f1, f2);
        break;
    case 4:
        y3 = y1 + (r->bx1 - x1) * (y2 - y1) / (x2 - x1);
        f3 = clip_flags_y(r, y3);
        clip_y(r, x1, y1, r->bx1, y3, f1, f3);
        clip_y(r, r->bx1, y3, r->bx1, y2, f3, f2);
        break;
    case 6:
        y3 = y1 + (r->bx2 - x1) * (y2 - y1) / (x2 - x1);
        y4 = y1 + (r->bx1 - x1) * (y2 - y1) / (x2 - x1);
        f3 = clip_flags_y(r, y3);
        f4 = clip_flags_y(r, y4);
        clip_y(r, r->bx2, y1, r->bx2, y3, f1, f3);
        clip_y(r, r->bx2, y3, r->bx1, y4, f3, f4);
        clip_y(r, r->bx1, y4, r->bx1, y2, f4, f2);
        break;
    case 8:
        y3 = y1 + (r->bx1 - x1) * (y2 - y1) / (x2 - x1);
        f3 = clip_flags_y(r, y3);
        clip_y(r, r->bx1, y1, r->bx1, y3, f1, f3);
        clip_y(r, r->bx1, y3, x2, y2, f3, f2);
        break;
    case 9:
        y3 = y1 + (r->bx1 - x1) * (y2 - y1) / (x2 - x1);
        y4 = y1 + (r->bx2 - x1) * (y2 - y1) / (x2 - x1);
        f3 = clip_flags_y(r, y3);
        f4 = clip_flags_y(r, y4);
        clip_y(r, r->bx1, y1, r->bx1, y3, f1, f3);
        clip_y(r, r->bx1, y3, r->bx2, y4, f3, f4);
        clip_y(r, r->bx2, y4, r->bx2, y2, f4, f2);
        break;
    case 12:
        clip_y(r, r->bx1, y1, r->bx1, y2, f1, f2);
        break;
    }
    r->f1 = f2;
    r->x1 = x2;
    r->y1 = y2;
}

static void ras_close(ras *r)
{
    if (r->status == 2) {
        clip_line_to(r, r->sx, r->sy);
        r->status = 3;
    }
}

static void ras_move(ras *r, double x, double y)
{
    ras_close(r);
    r->sx = r->x1 = x;
    r->sy = r->y1 = y;
    if (r->clipping)
        r->f1 = clip_flags(r, x, y);
    r->status = 1;
}

static void ras_lineto(ras *r, double x, double y)
{
    clip_line_to(r, x, y);
    r->status = 2;
}

static void ras_vertex(ras *r, int cmd, double x, double y)
{
    if (cmd == AGG_MOVE)
        ras_move(r, x, y);
    else if (cmd == AGG_CLOSE)
        ras_close(r);
    else
        ras_lineto(r, x, y);
}

static inline unsigned coverage(int area)
{
    int c = area >> 9;
    if (c < 0)
        c = -c;
    return c > 255 ? 255u : (unsigned)c;
}

/* Sorts the cells by row, then column, into r->sorted (rows min_y..max_y). */
static void ras_sort(ras *r)
{
    cell_flush(r);
    r->has_cur = false;
    int rows = r->max_y - r->min_y + 1;
    if (rows > r->caprows) {
        free(r->row_start);
        free(r->row_n);
        r->row_start = xmalloc(sizeof *r->row_start * (size_t)rows);
        r->row_n = xmalloc(sizeof *r->row_n * (size_t)rows);
        r->caprows = rows;
    }
    memset(r->row_n, 0, sizeof *r->row_n * (size_t)rows);
    for (int i = 0; i < r->ncells; i++)
        r->row_n[r->cells[i].y - r->min_y]++;
    int at = 0;
    for (int k = 0; k < rows; k++) {
        r->row_start[k] = at;
        at += r->row_n[k];
    }
    if (r->ncells > r->capsorted) {
        free(r->sorted);
        r->capsorted = r->capcells;
        r->sorted = xmalloc(sizeof *r->sorted * (size_t)r->capsorted);
    }
    for (int k = 0; k < rows; k++)
        r->row_n[k] = 0;
    for (int i = 0; i < r->ncells; i++) {
        int k = r->cells[i].y - r->min_y;
        r->sorted[r->row_start[k] + r->row_n[k]++] = r->cells[i];
    }
    for (int k = 0; k < rows; k++) { /* insertion sort by column: rows hold few cells, mostly in order */
        cell *c = r->sorted + r->row_start[k];
        int n = r->row_n[k];
        for (int i = 1; i < n; i++) {
            cell v = c[i];
            int j = i - 1;
            while (j >= 0 && c[j].x > v.x) {
                c[j + 1] = c[j];
                j--;
            }
            c[j + 1] = v;
        }
    }
}

/* What a rasterized path hands its coverage to: spans of one row. */
typedef void (*span_fn)(void *ctx, int y, int x, int len, unsigned alpha);

/* Sweeps the sorted cells row by row: each cell's pixel gets the coverage of
 * the area left of the edges in it, the run up to the next cell the coverage
 * of the winding so far. */
static void ras_sweep(ras *r, span_fn emit, void *ctx)
{
    if (r->ncells == 0 && !(r->has_cur && (r->cur.area | r->cur.cover)))
        return;
    ras_sort(r);
    for (int k = 0; k <= r->max_y - r->min_y; k++) {
        const cell *c = r->sorted + r->row_start[k];
        int n = r->row_n[k], y = k + r->min_y, cover = 0;
        int i = 0;
        while (i < n) {
            int x = c[i].x, area = c[i].area;
            cover += c[i].cover;
            for (i++; i < n && c[i].x == x; i++) {
                area += c[i].area;
                cover += c[i].cover;
            }
            if (area) {
                unsigned a = coverage(cover * 512 - area);
                if (a)
                    emit(ctx, y, x, 1, a);
                x++;
            }
            if (i < n && c[i].x > x) {
                unsigned a = coverage(cover * 512);
                if (a)
                    emit(ctx, y, x, c[i].x - x, a);
            }
        }
    }
}

/* ---- flattening (Agg's curve4_div: approximation scale 1, no angle test) --- */

typedef struct pts {
    double *xy;
    int n, cap;
} pts;

static void pts_add(pts *p, double x, double y)
{
    if (p->n == p->cap) {
        p->cap = p->cap ? 2 * p->cap : 256;
        p->xy = xrealloc(p->xy, sizeof *p->xy * 2 * (size_t)p->cap);
    }
    p->xy[2 * p->n] = x;
    p->xy[2 * p->n + 1] = y;
    p->n++;
}

static inline double sq_dist(double x1, double y1, double x2, double y2)
{
    double dx = x2 - x1, dy = y2 - y1;
    return dx * dx + dy * dy;
}

#define CURVE_COLLINEAR 1e-30
#define CURVE_TOL2 0.25 /* (0.5 px)^2 */

static void bezier(pts *out, double x1, double y1, double x2, double y2, double x3, double y3, double x4, double y4,
                   unsigned level)
{
    if (level > 32)
        return;
    double x12 = (x1 + x2) / 2, y12 = (y1 + y2) / 2, x23 = (x2 + x3) / 2, y23 = (y2 + y3) / 2;
    double x34 = (x3 + x4) / 2, y34 = (y3 + y4) / 2, x123 = (x12 + x23) / 2, y123 = (y12 + y23) / 2;
    double x234 = (x23 + x34) / 2, y234 = (y23 + y34) / 2;
    double x1234 = (x123 + x234) / 2, y1234 = (y123 + y234) / 2;
    double dx = x4 - x1, dy = y4 - y1;
    double d2 = fabs(((x2 - x4) * dy - (y2 - y4) * dx)), d3 = fabs(((x3 - x4) * dy - (y3 - y4) * dx));
    switch ((int)(d2 > CURVE_COLLINEAR) << 1 | (int)(d3 > CURVE_COLLINEAR)) {
    case 0: {
        double k = dx * dx + dy * dy;
        if (k == 0) {
            d2 = sq_dist(x1, y1, x2, y2);
            d3 = sq_dist(x4, y4, x3, y3);
        } else {
            k = 1 / k;
            d2 = k * ((x2 - x1) * dx + (y2 - y1) * dy);
            d3 = k * ((x3 - x1) * dx + (y3 - y1) * dy);
            if (d2 > 0 && d2 < 1 && d3 > 0 && d3 < 1)
                return;
            if (d2 <= 0)
                d2 = sq_dist(x2, y2, x1, y1);
            else if (d2 >= 1)
                d2 = sq_dist(x2, y2, x4, y4);
            else
                d2 = sq_dist(x2, y2, x1 + d2 * dx, y1 + d2 * dy);
            if (d3 <= 0)
                d3 = sq_dist(x3, y3, x1, y1);
            else if (d3 >= 1)
                d3 = sq_dist(x3, y3, x4, y4);
            else
                d3 = sq_dist(x3, y3, x1 + d3 * dx, y1 + d3 * dy);
        }
        if (d2 > d3) {
            if (d2 < CURVE_TOL2) {
                pts_add(out, x2, y2);
                return;
            }
        } else if (d3 < CURVE_TOL2) {
            pts_add(out, x3, y3);
            return;
        }
        break;
    }
    case 1:
        if (d3 * d3 <= CURVE_TOL2 * (dx * dx + dy * dy)) {
            pts_add(out, x23, y23);
            return;
        }
        break;
    case 2:
        if (d2 * d2 <= CURVE_TOL2 * (dx * dx + dy * dy)) {
            pts_add(out, x23, y23);
            return;
        }
        break;
    case 3:
        if ((d2 + d3) * (d2 + d3) <= CURVE_TOL2 * (dx * dx + dy * dy)) {
            pts_add(out, x23, y23);
            return;
        }
        break;
    }
    bezier(out, x1, y1, x12, y12, x123, y123, x1234, y1234, level + 1);
    bezier(out, x1234, y1234, x234, y234, x34, y34, x4, y4, level + 1);
}

/* ---- matplotlib's PathClipper (an unfilled path's segments cut to the canvas
 * and one pixel around it; Liang-Barsky as Agg's clip_line_segment) -------- */

typedef struct lbox {
    double x1, y1, x2, y2;
} lbox;

static inline unsigned lb_flags(double x, double y, const lbox *b)
{
    return (unsigned)(x > b->x2) | (unsigned)(y > b->y2) << 1 | (unsigned)(x < b->x1) << 2 | (unsigned)(y < b->y1) << 3;
}

/* Moves the point (x, y) of segment (x1, y1)-(x2, y2), outside by flags, onto
 * the box; false if the segment runs along the side it is outside of. */
static bool lb_move(double x1, double y1, double x2, double y2, const lbox *b, double *x, double *y, unsigned flags)
{
    if (flags & 5) {
        if (x1 == x2)
            return false;
        double bound = (flags & 4) ? b->x1 : b->x2;
        *y = (bound - x1) * (y2 - y1) / (x2 - x1) + y1;
        *x = bound;
    }
    flags = (unsigned)(*y > b->y2) << 1 | (unsigned)(*y < b->y1) << 3;
    if (flags & 10) {
        if (y1 == y2)
            return false;
        double bound = (flags & 8) ? b->y1 : b->y2;
        *x = (bound - y1) * (x2 - x1) / (y2 - y1) + x1;
        *y = bound;
    }
    return true;
}

/* 0: untouched, >= 4: gone, bit 1: the first point moved, bit 2: the second. */
static unsigned lb_segment(double *x1, double *y1, double *x2, double *y2, const lbox *b)
{
    unsigned f1 = lb_flags(*x1, *y1, b), f2 = lb_flags(*x2, *y2, b), ret = 0;
    if ((f1 | f2) == 0)
        return 0;
    if ((f1 & 5) != 0 && (f1 & 5) == (f2 & 5))
        return 4;
    if ((f1 & 10) != 0 && (f1 & 10) == (f2 & 10))
        return 4;
    double tx1 = *x1, ty1 = *y1, tx2 = *x2, ty2 = *y2;
    if (f1) {
        if (!lb_move(tx1, ty1, tx2, ty2, b, x1, y1, f1))
            return 4;
        if (*x1 == *x2 && *y1 == *y2)
            return 4;
        ret |= 1;
    }
    if (f2) {
        if (!lb_move(tx1, ty1, tx2, ty2, b, x2, y2, f2))
            return 4;
        if (*x1 == *x2 && *y1 == *y2)
            return 4;
        ret |= 2;
    }
    return ret;
}

static _Thread_local agg_path clipped;

typedef struct clipper {
    lbox box;
    double lx, ly, ix, iy;
    bool moveto, has_init, was_clipped;
    agg_path *out;
} clipper;

static bool clipper_line(clipper *k, double x0, double y0, double x1, double y1, bool closed)
{
    unsigned moved = lb_segment(&x0, &y0, &x1, &y1, &k->box);
    k->was_clipped = k->was_clipped || moved != 0;
    if (moved >= 4)
        return false;
    if ((moved & 1) || k->moveto)
        agg_path_add(k->out, AGG_MOVE, x0, y0);
    agg_path_add(k->out, AGG_LINE, x1, y1);
    if (closed && !k->was_clipped)
        agg_path_add(k->out, AGG_CLOSE, x1, y1);
    k->moveto = false;
    return true;
}

static inline bool clipper_inside(const clipper *k)
{
    return k->lx >= k->box.x1 && k->lx <= k->box.x2 && k->ly >= k->box.y1 && k->ly <= k->box.y2;
}

/* p's segments cut to (-1, -1)..(w + 1, h + 1), into `clipped`; a closed
 * subpath that was cut stays open (it gets caps). */
static const agg_path *clip_to_canvas(const agg_path *p, int w, int h)
{
    clipper k = {{-1.0, -1.0, w + 1.0, h + 1.0}, NAN, NAN, NAN, NAN, true, false, false, &clipped};
    agg_path_reset(&clipped);
    for (int i = 0; i < p->n; i++) {
        double x = p->xy[2 * i], y = p->xy[2 * i + 1];
        switch (p->cmd[i]) {
        case AGG_CLOSE:
            if (k.has_init)
                clipper_line(&k, k.lx, k.ly, k.ix, k.iy, true);
            else
                agg_path_add(&clipped, AGG_CLOSE, k.lx, k.ly);
            break;
        case AGG_MOVE:
            if (k.moveto && k.has_init && clipper_inside(&k))
                agg_path_add(&clipped, AGG_MOVE, k.lx, k.ly);
            k.ix = k.lx = x;
            k.iy = k.ly = y;
            k.has_init = true;
            k.moveto = true;
            k.was_clipped = false;
            break;
        case AGG_LINE:
            clipper_line(&k, k.lx, k.ly, x, y, false);
            k.lx = x;
            k.ly = y;
            break;
        default: /* a curve's points pass whole */
            if (k.moveto) {
                agg_path_add(&clipped, AGG_MOVE, k.lx, k.ly);
                k.moveto = false;
            }
            agg_path_add(&clipped, p->cmd[i], x, y);
            k.lx = x;
            k.ly = y;
            break;
        }
    }
    if (k.moveto && k.has_init && clipper_inside(&k))
        agg_path_add(&clipped, AGG_MOVE, k.lx, k.ly);
    return &clipped;
}

/* The path snapped (if it should be) and with its curves flattened into flat
 * (commands AGG_MOVE, AGG_LINE, AGG_CLOSE only). */
static _Thread_local agg_path flat;
static _Thread_local pts curve_pts;

/* matplotlib's PathSnapper: whether the path is snapped, and to what. */
static bool snap_of(const agg_path *p, int mode, double width, double *value)
{
    bool snap = false;
    if (mode == AGG_SNAP_TRUE) {
        snap = true;
    } else if (mode == AGG_SNAP_AUTO && p->n <= 1024 && p->n > 0) {
        snap = true;
        double x0 = p->xy[0], y0 = p->xy[1], xs = x0, ys = y0;
        for (int i = 1; i < p->n && snap; i++) {
            double x1 = p->xy[2 * i], y1 = p->xy[2 * i + 1];
            switch (p->cmd[i]) {
            case AGG_CURVE4:
                snap = false;
                break;
            case AGG_LINE:
                if (fabs(x0 - x1) >= 1e-4 && fabs(y0 - y1) >= 1e-4)
                    snap = false;
                break;
            case AGG_CLOSE:
                if (fabs(x0 - xs) >= 1e-4 && fabs(y0 - ys) >= 1e-4)
                    snap = false;
                break;
            case AGG_MOVE:
                xs = x1;
                ys = y1;
                break;
            }
            x0 = x1;
            y0 = y1;
        }
    }
    if (snap)
        *value = (long)floor(width + 0.5) % 2 ? 0.5 : 0.0;
    return snap;
}

/* shift: added to every vertex of a path that is not snapped (draw_markers'
 * half pixel, so that a marker is centred on a pixel). */
static void flatten(const agg_path *p, int snap_mode, double snap_width, double shift)
{
    double sv = 0;
    bool snap = snap_of(p, snap_mode, snap_width, &sv);
    agg_path_reset(&flat);
    double lx = 0, ly = 0;
    for (int i = 0; i < p->n; i++) {
        int cmd = p->cmd[i];
        double x = p->xy[2 * i], y = p->xy[2 * i + 1];
        if (cmd == AGG_CLOSE) {
            agg_path_add(&flat, AGG_CLOSE, x, y);
            continue;
        }
        if (snap) {
            x = floor(x + 0.5) + sv;
            y = floor(y + 0.5) + sv;
        } else if (shift != 0) {
            x = x + shift;
            y = y + shift;
        }
        if (cmd == AGG_CURVE4 && i + 2 < p->n) {
            double x2 = p->xy[2 * i + 2], y2 = p->xy[2 * i + 3], x3 = p->xy[2 * i + 4], y3 = p->xy[2 * i + 5];
            if (snap) { /* (a curve is never snapped by auto; forced snapping moves its handles too) */
                x2 = floor(x2 + 0.5) + sv, y2 = floor(y2 + 0.5) + sv;
                x3 = floor(x3 + 0.5) + sv, y3 = floor(y3 + 0.5) + sv;
            } else if (shift != 0) {
                x2 = x2 + shift, y2 = y2 + shift;
                x3 = x3 + shift, y3 = y3 + shift;
            }
            curve_pts.n = 0;
            pts_add(&curve_pts, lx, ly);
            bezier(&curve_pts, lx, ly, x, y, x2, y2, x3, y3, 0);
            pts_add(&curve_pts, x3, y3);
            for (int k = 1; k < curve_pts.n; k++)
                agg_path_add(&flat, AGG_LINE, curve_pts.xy[2 * k], curve_pts.xy[2 * k + 1]);
            lx = x3;
            ly = y3;
            i += 2;
            continue;
        }
        agg_path_add(&flat, cmd == AGG_MOVE ? AGG_MOVE : AGG_LINE, x, y);
        lx = x;
        ly = y;
    }
}

/* ---- the stroker (Agg's vcgen_stroke and math_stroke) ---------------------- */

typedef struct vdist {
    double x, y, dist;
} vdist;

typedef struct stroker {
    double w, w_abs, w_eps; /* half width, its absolute value, eps */
    int w_sign;
    int join, cap;
    double miter_limit, inner_miter_limit;
    vdist *v;
    int n, cap_v;
    bool closed;
} stroker;

static _Thread_local stroker S;
static _Thread_local agg_path stroke_out;

#define VERTEX_DIST_EPS 1e-14

/* Sets a's distance to b and whether they are apart (Agg's vertex_dist). */
static bool vd_apart(vdist *a, const vdist *b)
{
    double dx = b->x - a->x, dy = b->y - a->y;
    a->dist = sqrt(dx * dx + dy * dy);
    bool ok = a->dist > VERTEX_DIST_EPS;
    if (!ok)
        a->dist = 1.0 / VERTEX_DIST_EPS;
    return ok;
}

static void seq_add(stroker *s, double x, double y)
{
    if (s->n > 1 && !vd_apart(&s->v[s->n - 2], &s->v[s->n - 1]))
        s->n--;
    if (s->n == s->cap_v) {
        s->cap_v = s->cap_v ? 2 * s->cap_v : 256;
        s->v = xrealloc(s->v, sizeof *s->v * (size_t)s->cap_v);
    }
    s->v[s->n++] = (vdist){x, y, 0.0};
}

static void seq_modify_last(stroker *s, double x, double y)
{
    if (s->n)
        s->n--;
    seq_add(s, x, y);
}

static void seq_close(stroker *s, bool closed)
{
    while (s->n > 1) {
        if (vd_apart(&s->v[s->n - 2], &s->v[s->n - 1]))
            break;
        vdist t = s->v[s->n - 1];
        s->n--;
        seq_modify_last(s, t.x, t.y);
    }
    if (closed)
        while (s->n > 1) {
            if (vd_apart(&s->v[s->n - 1], &s->v[0]))
                break;
            s->n--;
        }
}

static inline void out_add(agg_path *o, int *first, double x, double y)
{
    agg_path_add(o, *first ? AGG_MOVE : AGG_LINE, x, y);
    *first = 0;
}

static inline double cross(double x1, double y1, double x2, double y2, double x, double y)
{
    return (x - x2) * (y2 - y1) - (y - y2) * (x2 - x1);
}

static bool intersect(double ax, double ay, double bx, double by, double cx, double cy, double dx, double dy,
                      double *x, double *y)
{
    double num = (ay - cy) * (dx - cx) - (ax - cx) * (dy - cy);
    double den = (bx - ax) * (dy - cy) - (by - ay) * (dx - cx);
    if (fabs(den) < 1.0e-30)
        return false;
    double r = num / den;
    *x = ax + r * (bx - ax);
    *y = ay + r * (by - ay);
    return true;
}

static void stroke_arc(const stroker *s, agg_path *o, int *first, double x, double y, double dx1, double dy1,
                       double dx2, double dy2)
{
    double a1 = atan2(dy1 * s->w_sign, dx1 * s->w_sign), a2 = atan2(dy2 * s->w_sign, dx2 * s->w_sign);
    double da = acos(s->w_abs / (s->w_abs + 0.125)) * 2;
    out_add(o, first, x + dx1, y + dy1);
    if (s->w_sign > 0) {
        if (a1 > a2)
            a2 += 2 * M_PI;
        int n = (int)((a2 - a1) / da);
        da = (a2 - a1) / (n + 1);
        a1 += da;
        for (int i = 0; i < n; i++) {
            out_add(o, first, x + cos(a1) * s->w, y + sin(a1) * s->w);
            a1 += da;
        }
    } else {
        if (a1 < a2)
            a2 -= 2 * M_PI;
        int n = (int)((a1 - a2) / da);
        da = (a1 - a2) / (n + 1);
        a1 -= da;
        for (int i = 0; i < n; i++) {
            out_add(o, first, x + cos(a1) * s->w, y + sin(a1) * s->w);
            a1 -= da;
        }
    }
    out_add(o, first, x + dx2, y + dy2);
}

/* Agg's joins (AGG_JOIN_* are three of them) */
enum { J_MITER = 0, J_MITER_REVERT = 1, J_ROUND = 2, J_BEVEL = 3, J_MITER_ROUND = 4 };

static void stroke_miter(const stroker *s, agg_path *o, int *first, const vdist *v0, const vdist *v1,
                         const vdist *v2, double dx1, double dy1, double dx2, double dy2, int lj, double mlimit,
                         double dbevel)
{
    double xi = v1->x, yi = v1->y, di = 1, lim = s->w_abs * mlimit;
    bool exceeded = true, failed = true;
    if (intersect(v0->x + dx1, v0->y - dy1, v1->x + dx1, v1->y - dy1, v1->x + dx2, v1->y - dy2, v2->x + dx2,
                  v2->y - dy2, &xi, &yi)) {
        double ex = xi - v1->x, ey = yi - v1->y;
        di = sqrt(ex * ex + ey * ey);
        if (di <= lim) {
            out_add(o, first, xi, yi);
            exceeded = false;
        }
        failed = false;
    } else {
        double x2 = v1->x + dx1, y2 = v1->y - dy1;
        if ((cross(v0->x, v0->y, v1->x, v1->y, x2, y2) < 0.0) == (cross(v1->x, v1->y, v2->x, v2->y, x2, y2) < 0.0)) {
            out_add(o, first, v1->x + dx1, v1->y - dy1);
            exceeded = false;
        }
    }
    if (!exceeded)
        return;
    switch (lj) {
    case J_MITER_REVERT:
        out_add(o, first, v1->x + dx1, v1->y - dy1);
        out_add(o, first, v1->x + dx2, v1->y - dy2);
        break;
    case J_MITER_ROUND:
        stroke_arc(s, o, first, v1->x, v1->y, dx1, -dy1, dx2, -dy2);
        break;
    default:
        if (failed) {
            mlimit *= s->w_sign;
            out_add(o, first, v1->x + dx1 + dy1 * mlimit, v1->y - dy1 + dx1 * mlimit);
            out_add(o, first, v1->x + dx2 - dy2 * mlimit, v1->y - dy2 - dx2 * mlimit);
        } else {
            double x1 = v1->x + dx1, y1 = v1->y - dy1, x2 = v1->x + dx2, y2 = v1->y - dy2;
            di = (lim - dbevel) / (di - dbevel);
            out_add(o, first, x1 + (xi - x1) * di, y1 + (yi - y1) * di);
            out_add(o, first, x2 + (xi - x2) * di, y2 + (yi - y2) * di);
        }
        break;
    }
}

static void stroke_cap(const stroker *s, agg_path *o, int *first, const vdist *v0, const vdist *v1, double len)
{
    double dx1 = (v1->y - v0->y) / len, dy1 = (v1->x - v0->x) / len, dx2 = 0, dy2 = 0;
    dx1 *= s->w;
    dy1 *= s->w;
    if (s->cap != AGG_CAP_ROUND) {
        if (s->cap == AGG_CAP_SQUARE) {
            dx2 = dy1 * s->w_sign;
            dy2 = dx1 * s->w_sign;
        }
        out_add(o, first, v0->x - dx1 - dx2, v0->y + dy1 - dy2);
        out_add(o, first, v0->x + dx1 - dx2, v0->y - dy1 - dy2);
        return;
    }
    double da = acos(s->w_abs / (s->w_abs + 0.125)) * 2;
    int n = (int)(M_PI / da);
    da = M_PI / (n + 1);
    out_add(o, first, v0->x - dx1, v0->y + dy1);
    double a1;
    if (s->w_sign > 0) {
        a1 = atan2(dy1, -dx1);
        a1 += da;
        for (int i = 0; i < n; i++) {
            out_add(o, first, v0->x + cos(a1) * s->w, v0->y + sin(a1) * s->w);
            a1 += da;
        }
    } else {
        a1 = atan2(-dy1, dx1);
        a1 -= da;
        for (int i = 0; i < n; i++) {
            out_add(o, first, v0->x + cos(a1) * s->w, v0->y + sin(a1) * s->w);
            a1 -= da;
        }
    }
    out_add(o, first, v0->x + dx1, v0->y - dy1);
}

static void stroke_join(const stroker *s, agg_path *o, int *first, const vdist *v0, const vdist *v1,
                        const vdist *v2, double len1, double len2)
{
    double dx1 = s->w * (v1->y - v0->y) / len1, dy1 = s->w * (v1->x - v0->x) / len1;
    double dx2 = s->w * (v2->y - v1->y) / len2, dy2 = s->w * (v2->x - v1->x) / len2;
    double cp = cross(v0->x, v0->y, v1->x, v1->y, v2->x, v2->y);
    if (cp != 0 && (cp > 0) == (s->w > 0)) { /* inner join: Agg's inner_miter */
        double limit = (len1 < len2 ? len1 : len2) / s->w_abs;
        if (limit < s->inner_miter_limit)
            limit = s->inner_miter_limit;
        stroke_miter(s, o, first, v0, v1, v2, dx1, dy1, dx2, dy2, J_MITER_REVERT, limit, 0);
        return;
    }
    double dx = (dx1 + dx2) / 2, dy = (dy1 + dy2) / 2, dbevel = sqrt(dx * dx + dy * dy);
    if (s->join == J_ROUND || s->join == J_BEVEL) {
        if (1.0 * (s->w_abs - dbevel) < s->w_eps) {
            if (intersect(v0->x + dx1, v0->y - dy1, v1->x + dx1, v1->y - dy1, v1->x + dx2, v1->y - dy2,
                          v2->x + dx2, v2->y - dy2, &dx, &dy))
                out_add(o, first, dx, dy);
            else
                out_add(o, first, v1->x + dx1, v1->y - dy1);
            return;
        }
    }
    switch (s->join) {
    case J_MITER:
    case J_MITER_REVERT:
    case J_MITER_ROUND:
        stroke_miter(s, o, first, v0, v1, v2, dx1, dy1, dx2, dy2, s->join, s->miter_limit, dbevel);
        break;
    case J_ROUND:
        stroke_arc(s, o, first, v1->x, v1->y, dx1, -dy1, dx2, -dy2);
        break;
    default:
        out_add(o, first, v1->x + dx1, v1->y - dy1);
        out_add(o, first, v1->x + dx2, v1->y - dy2);
        break;
    }
}

/* The outline of one subpath's stroke (S.v, S.n, S.closed) appended to o: one
 * polygon for an open path (out along one side, cap, back along the other,
 * cap), two for a closed one. */
static void stroke_subpath(stroker *s, agg_path *o)
{
    seq_close(s, s->closed);
    bool closed = s->closed && s->n >= 3;
    if (s->n < 2 + (closed ? 1 : 0))
        return;
    int n = s->n, first = 1;
    const vdist *v = s->v;
#define PREV(i) (&v[(i) == 0 ? n - 1 : (i) - 1])
#define NEXT(i) (&v[(i) + 1 >= n ? 0 : (i) + 1])
    if (!closed) {
        stroke_cap(s, o, &first, &v[0], &v[1], v[0].dist);
        for (int i = 1; i < n - 1; i++)
            stroke_join(s, o, &first, PREV(i), &v[i], NEXT(i), PREV(i)->dist, v[i].dist);
        stroke_cap(s, o, &first, &v[n - 1], &v[n - 2], v[n - 2].dist);
        for (int i = n - 2; i > 0; i--)
            stroke_join(s, o, &first, NEXT(i), &v[i], PREV(i), v[i].dist, PREV(i)->dist);
        agg_path_add(o, AGG_CLOSE, 0, 0);
    } else {
        for (int i = 0; i < n; i++)
            stroke_join(s, o, &first, PREV(i), &v[i], NEXT(i), PREV(i)->dist, v[i].dist);
        agg_path_add(o, AGG_CLOSE, 0, 0);
        first = 1;
        for (int i = n - 1; i >= 0; i--)
            stroke_join(s, o, &first, NEXT(i), &v[i], PREV(i), v[i].dist, PREV(i)->dist);
        agg_path_add(o, AGG_CLOSE, 0, 0);
    }
#undef PREV
#undef NEXT
}

/* Agg's conv_stroke over a flattened path: each subpath (a move, its lines, an
 * optional close) stroked in turn. */
static void stroke_path(const agg_path *in, double width, int join, int cap, agg_path *o)
{
    stroker *s = &S;
    s->w = width * 0.5;
    s->w_abs = s->w < 0 ? -s->w : s->w;
    s->w_sign = s->w < 0 ? -1 : 1;
    s->w_eps = s->w / 1024.0;
    s->join = join;
    s->cap = cap;
    s->miter_limit = width; /* matplotlib sets the miter limit to the width in px */
    s->inner_miter_limit = 1.01;
    agg_path_reset(o);
    s->n = 0;
    s->closed = false;
    bool started = false;
    double sx = 0, sy = 0;
    for (int i = 0; i < in->n; i++) {
        int cmd = in->cmd[i];
        double x = in->xy[2 * i], y = in->xy[2 * i + 1];
        if (cmd == AGG_MOVE) {
            if (started)
                stroke_subpath(s, o);
            sx = x;
            sy = y;
            s->n = 0;
            s->closed = false;
            seq_modify_last(s, x, y);
            started = true;
        } else if (cmd == AGG_LINE) {
            seq_add(s, x, y);
            started = true;
        } else if (cmd == AGG_CLOSE) {
            s->closed = true;
            stroke_subpath(s, o);
            /* what follows a close without a move starts again at the
             * subpath's start (the adaptor's saved move) */
            s->n = 0;
            s->closed = false;
            seq_modify_last(s, sx, sy);
            started = false;
        }
    }
    if (started)
        stroke_subpath(s, o);
}

/* ---- drawing ---------------------------------------------------------------- */

typedef struct blend_ctx {
    const agg_canvas *c;
    rgb colour;
} blend_ctx;

static void blend_span(void *ctx, int y, int x, int len, unsigned alpha)
{
    const blend_ctx *b = ctx;
    if (y < 0 || y >= b->c->height)
        return;
    int x0 = x < 0 ? 0 : x, x1 = x + len > b->c->width ? b->c->width : x + len;
    uint32_t *row = b->c->mem + (size_t)y * (size_t)b->c->width;
    for (int k = x0; k < x1; k++)
        agg_blend_word(row + k, b->colour, alpha);
}

static void ras_begin(ras *r, const agg_canvas *c, const agg_paint *paint)
{
    ras_reset(r);
    r->clipping = true;
    if (paint && paint->clip) {
        r->bx1 = paint->cx1 > 0 ? paint->cx1 : 0;
        r->by1 = paint->cy1 > 0 ? paint->cy1 : 0;
        r->bx2 = paint->cx2 < c->width ? paint->cx2 : c->width;
        r->by2 = paint->cy2 < c->height ? paint->cy2 : c->height;
    } else {
        r->bx1 = 0, r->by1 = 0, r->bx2 = c->width, r->by2 = c->height;
    }
}

static void ras_add(ras *r, const agg_path *p)
{
    for (int i = 0; i < p->n; i++)
        ras_vertex(r, p->cmd[i], p->xy[2 * i], p->xy[2 * i + 1]);
    ras_close(r);
}

void agg_draw_path(const agg_canvas *c, const agg_path *p, const agg_paint *paint)
{
    thread_at_exit(thread_release);
    double snap_width = paint->width;
    if (!paint->filled)
        p = clip_to_canvas(p, c->width, c->height);
    flatten(p, paint->snap, snap_width, 0.0);
    ras *r = &R;
    if (paint->filled) {
        ras_begin(r, c, paint);
        ras_add(r, &flat);
        blend_ctx b = {c, paint->face};
        ras_sweep(r, blend_span, &b);
    }
    if (paint->width > 0) {
        stroke_path(&flat, paint->width, paint->join, paint->cap, &stroke_out);
        ras_begin(r, c, paint);
        ras_add(r, &stroke_out);
        blend_ctx b = {c, paint->edge};
        ras_sweep(r, blend_span, &b);
    }
}

/* ---- markers ---------------------------------------------------------------- */

typedef struct span_rec {
    int y, x, len;
    unsigned alpha;
} span_rec;

typedef struct stamp {
    span_rec *s;
    int n, cap;
} stamp;

static _Thread_local stamp stamp_fill, stamp_edge;

/* ---- a thread's buffers, freed when it exits ---------------------------------- */

/* Every buffer above is the calling thread's own and kept from path to path; a
 * thread that drew frees them at its exit (a run's workers end with the run). */
static void thread_release(void)
{
    free(R.cells);
    free(R.row_start);
    free(R.row_n);
    free(R.sorted);
    memset(&R, 0, sizeof R);
    agg_path_free(&clipped);
    agg_path_free(&flat);
    agg_path_free(&stroke_out);
    free(curve_pts.xy);
    memset(&curve_pts, 0, sizeof curve_pts);
    free(S.v);
    memset(&S, 0, sizeof S);
    free(stamp_fill.s);
    free(stamp_edge.s);
    memset(&stamp_fill, 0, sizeof stamp_fill);
    memset(&stamp_edge, 0, sizeof stamp_edge);
}

static void record_span(void *ctx, int y, int x, int len, unsigned alpha)
{
    stamp *st = ctx;
    if (st->n == st->cap) {
        st->cap = st->cap ? 2 * st->cap : 256;
        st->s = xrealloc(st->s, sizeof *st->s * (size_t)st->cap);
    }
    st->s[st->n++] = (span_rec){y, x, len, alpha};
}

static void stamp_at(const agg_canvas *c, const stamp *st, int dx, int dy, rgb colour, const agg_paint *paint)
{
    /* the renderer's clip box, unlike the rasterizer's, holds its last column
     * and row */
    int bx1 = 0, by1 = 0, bx2 = c->width, by2 = c->height;
    if (paint->clip) {
        bx1 = paint->cx1 > 0 ? paint->cx1 : 0;
        by1 = paint->cy1 > 0 ? paint->cy1 : 0;
        bx2 = paint->cx2 + 1 < c->width ? paint->cx2 + 1 : c->width;
        by2 = paint->cy2 + 1 < c->height ? paint->cy2 + 1 : c->height;
    }
    for (int i = 0; i < st->n; i++) {
        const span_rec *s = &st->s[i];
        int y = s->y + dy;
        if (y < by1 || y >= by2)
            continue;
        int x0 = s->x + dx, x1 = x0 + s->len;
        if (x0 < bx1)
            x0 = bx1;
        if (x1 > bx2)
            x1 = bx2;
        uint32_t *row = c->mem + (size_t)y * (size_t)c->width;
        for (int x = x0; x < x1; x++)
            agg_blend_word(row + x, colour, s->alpha);
    }
}

void agg_draw_markers(const agg_canvas *c, const agg_path *marker, const double *px, const double *py, int n,
                      const agg_paint *paint)
{
    thread_at_exit(thread_release);
    /* the marker rasterized once about the origin, without a clip box; not
     * snapped, it is moved half a pixel so that (0, 0) is a pixel's centre */
    flatten(marker, paint->snap, paint->width, 0.5);
    ras *r = &R;
    stamp_fill.n = stamp_edge.n = 0;
    if (paint->filled) {
        ras_reset(r);
        r->clipping = false;
        ras_add(r, &flat);
        ras_sweep(r, record_span, &stamp_fill);
    }
    if (paint->width > 0) {
        stroke_path(&flat, paint->width, paint->join, paint->cap, &stroke_out);
        ras_reset(r);
        r->clipping = false;
        ras_add(r, &stroke_out);
        ras_sweep(r, record_span, &stamp_edge);
    }
    for (int i = 0; i < n; i++) {
        double x = floor(px[i]), y = floor(py[i]);
        if (!(x > -1e9 && x < 1e9 && y > -1e9 && y < 1e9))
            continue;
        if (paint->filled)
            stamp_at(c, &stamp_fill, (int)x, (int)y, paint->face, paint);
        stamp_at(c, &stamp_edge, (int)x, (int)y, paint->edge, paint);
    }
}
