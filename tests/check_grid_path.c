/* grid_path: the drawn line visits a self-avoiding chain of path_size side-by-side
 * cells, no two non-consecutive of them side by side; it starts at the start disc
 * and ends under an arrowhead that lies inside the last cell and points along the
 * last step; gold_output names the cells in order as the axis labels do.  Pixels:
 * every path cell's centre and every crossing between consecutive cells shows the
 * line, and every other cell's centre is white. */
#include "harness.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Positions in the scene are exact; this only absorbs floating point. */
#define EPS 0.01
/* The arrowhead's tip must point along the last step within this cosine. */
#define ARROW_MIN_COS 0.99

typedef struct geom {
    int n;
    double x0, y0, cell;
} geom;

static int cell_of(const geom *g, point q)
{
    int c = (int)floor((q.x - g->x0) / g->cell), r = (int)floor((q.y - g->y0) / g->cell);
    return r < 0 || r >= g->n || c < 0 || c >= g->n ? -1 : r * g->n + c;
}

static point centre(const geom *g, int cell)
{
    return (point){g->x0 + (cell % g->n + 0.5) * g->cell, g->y0 + (cell / g->n + 0.5) * g->cell};
}

static bool is_white(rgb c) { return c.r == 255 && c.g == 255 && c.b == 255; }

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t mlen)
{
    const scene *sc = &s->img[0];
    int n = p->level;
    if (rec_int(s, "rows") != n)
        return "rows is not the level";
    geom g = {n, 1e9, 1e9, 0};
    double x1 = -1e9;
    const prim *line = NULL, *arrow = NULL, *start = NULL;
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (!a->kind)
            continue;
        if (strcmp(a->kind, "grid") == 0) {
            for (int k = 0; k < a->npts; k++) {
                point q = prim_points(sc, a)[k];
                g.x0 = fmin(g.x0, q.x), g.y0 = fmin(g.y0, q.y), x1 = fmax(x1, q.x);
            }
        } else if (strcmp(a->kind, "path") == 0) {
            if (line)
                return "two path lines";
            line = a;
        } else if (strcmp(a->kind, "arrowhead") == 0) {
            if (arrow)
                return "two arrowheads";
            arrow = a;
        } else if (strcmp(a->kind, "start") == 0) {
            if (start)
                return "two start discs";
            start = a;
        }
    }
    if (!line || !arrow || !start || arrow->type != PRIM_POLYGON || arrow->npts != 3 || start->type != PRIM_CIRCLE)
        return "missing path line, arrowhead or start disc";
    g.cell = (x1 - g.x0) / n;

    int len = line->npts, cells[64];
    if (len > 64 || len != rec_int(s, "path_size") || len < n || len > 2 * n) {
        snprintf(msg, mlen, "line has %d cells, path_size %d, level %d", len, rec_int(s, "path_size"), n);
        return msg;
    }
    const point *pts = prim_points(sc, line);
    for (int i = 0; i < len; i++) {
        cells[i] = cell_of(&g, pts[i]);
        if (cells[i] < 0)
            return "the line leaves the grid";
        point c = centre(&g, cells[i]);
        if (i < len - 1 && (fabs(c.x - pts[i].x) > EPS || fabs(c.y - pts[i].y) > EPS))
            return "the line turns somewhere other than a cell centre";
    }
    for (int i = 0; i < len; i++)
        for (int j = 0; j < i; j++) {
            int dr = abs(cells[i] / n - cells[j] / n), dc = abs(cells[i] % n - cells[j] % n);
            if (dr + dc == 0)
                return "the path visits a cell twice";
            if (dr + dc == 1 && i != j + 1) {
                snprintf(msg, mlen, "path cells %d and %d are side by side but not consecutive", j, i);
                return msg;
            }
            if (dr + dc != 1 && i == j + 1)
                return "consecutive path cells are not side by side";
        }

    point sc0 = centre(&g, cells[0]);
    if (fabs(start->x - sc0.x) > EPS || fabs(start->y - sc0.y) > EPS || start->r > g.cell / 2)
        return "the start disc is not on the first cell";
    point e = centre(&g, cells[len - 1]), b = centre(&g, cells[len - 2]);
    const point *tri = prim_points(sc, arrow);
    double best = -1;
    for (int k = 0; k < 3; k++) {
        if (cell_of(&g, tri[k]) != cells[len - 1])
            return "the arrowhead leaves the last cell";
        double vx = tri[k].x - e.x, vy = tri[k].y - e.y, d = hypot(vx, vy);
        if (d > EPS)
            best = fmax(best, (vx * (e.x - b.x) + vy * (e.y - b.y)) / (d * g.cell));
    }
    if (best < ARROW_MIN_COS)
        return "the arrowhead does not point along the last step";

    /* gold_output: column letter then row number from 1. */
    char want[64 * 4 + 1];
    size_t at = 0;
    for (int i = 0; i < len; i++)
        at += (size_t)snprintf(want + at, sizeof want - at, "%s%c%d", i ? " " : "", 'A' + cells[i] % n,
                               cells[i] / n + 1);
    if (strcmp(want, rec_str(s, "gold_output")) != 0) {
        snprintf(msg, mlen, "gold_output '%s', the line reads '%s'", rec_str(s, "gold_output"), want);
        return msg;
    }

    /* Labels: letter k above column k, number k+1 left of row k, each once. */
    int seen_cols = 0, seen_rows = 0;
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (!a->kind || strcmp(a->kind, "axis label") != 0)
            continue;
        if (a->y < g.y0 && strlen(a->label) == 1 && a->label[0] >= 'A' &&
            fabs(a->x - (g.x0 + (a->label[0] - 'A' + 0.5) * g.cell)) < 1 && !(seen_cols & (1 << (a->label[0] - 'A'))))
            seen_cols |= 1 << (a->label[0] - 'A');
        else if (a->x < g.x0 && atoi(a->label) >= 1 && atoi(a->label) <= n &&
                 fabs(a->y - (g.y0 + (atoi(a->label) - 0.5) * g.cell)) < 1 && !(seen_rows & (1 << atoi(a->label))))
            seen_rows |= 1 << atoi(a->label);
        else {
            snprintf(msg, mlen, "axis label '%s' is misplaced or repeated", a->label);
            return msg;
        }
    }
    if (seen_cols != (1 << n) - 1 || seen_rows != ((1 << n) - 1) << 1)
        return "axis labels missing";

    /* Pixels. */
    const canvas *cv = harness_render(sc);
    unsigned char on[26 * 26] = {0};
    for (int i = 0; i < len; i++)
        on[cells[i]] = 1;
    for (int k = 0; k < n * n; k++) {
        point c = centre(&g, k);
        rgb px = canvas_pixel(cv, (int)c.x, (int)c.y);
        if (on[k] == is_white(px)) {
            snprintf(msg, mlen, "cell %c%d centre is %s", 'A' + k % n, k / n + 1, on[k] ? "blank" : "not blank");
            return msg;
        }
    }
    for (int i = 1; i < len; i++) {
        point u = centre(&g, cells[i - 1]), v = centre(&g, cells[i]);
        rgb px = canvas_pixel(cv, (int)((u.x + v.x) / 2), (int)((u.y + v.y) / 2));
        if (memcmp(&px, &line->stroke, sizeof px) != 0)
            return "the line is broken between two consecutive cells";
    }
    return NULL;
}

/* Besides the default levels: the largest grid (columns A..Z). */
static const int EXTRA_LEVELS[] = {26};

int main(void) { return harness_run("grid_path", check, EXTRA_LEVELS, 1); }
