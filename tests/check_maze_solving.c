/* maze_solving: the walls drawn form a perfect maze (closed border, exactly
 * cells - 1 open passages, every cell reachable, so a tree), the record's path is
 * a walk from the drawn start to the drawn end through open passages only and is
 * the breadth-first route (the only one), and the axis numbers sit on the cells
 * they name.  Pixels: every wall edge is dark at its midpoint, every open edge is
 * light, and the start and end squares show their colours. */
#include "harness.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Rendered walls are black and cell guides light grey: a channel sum below this
 * is a wall, above OPEN_MIN_SUM is an open edge. */
#define WALL_MAX_SUM 200
#define OPEN_MIN_SUM 500
/* Pixel tolerance of positions in the scene (they are exact multiples of the cell). */
#define EPS 0.01

typedef struct geom {
    int n;
    double x0, y0, cell;
} geom;

static int snap(double v, double origin, double cell, bool *ok)
{
    double k = (v - origin) / cell;
    if (fabs(k - round(k)) > EPS)
        *ok = false;
    return (int)round(k);
}

/* The cell whose square contains (x, y). */
static int cell_of(const geom *g, double x, double y)
{
    int c = (int)floor((x - g->x0) / g->cell), r = (int)floor((y - g->y0) / g->cell);
    if (r < 0 || r >= g->n || c < 0 || c >= g->n)
        return -1;
    return r * g->n + c;
}

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t mlen)
{
    const scene *sc = &s->img[0];
    int n = p->level;
    if (rec_int(s, "Rows") != n || rec_int(s, "Columns") != n)
        return "Rows or Columns is not the level";

    /* Walls are bars (filled rectangles) reaching half their thickness past the
     * grid line segment they close; their centre lines give the lattice, and the
     * border walls give the maze's box. */
    geom g = {n, 1e9, 1e9, 0};
    double x1 = -1e9, y1 = -1e9;
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (!a->kind || strcmp(a->kind, "wall") != 0)
            continue;
        if (a->type != PRIM_RECT || a->angle != 0 || !a->filled)
            return "a wall that is not an upright bar";
        double t = fmin(a->w, a->h) / 2;
        g.x0 = fmin(g.x0, a->x + t), g.y0 = fmin(g.y0, a->y + t);
        x1 = fmax(x1, a->x + a->w - t), y1 = fmax(y1, a->y + a->h - t);
    }
    g.cell = (x1 - g.x0) / n;
    if (g.cell <= 0 || fabs((y1 - g.y0) / n - g.cell) > EPS)
        return "the walls do not bound a square maze";

    /* hwall[k*n+c]: wall along the top of row k at column c (k = n: bottom border);
     * vwall[r*(n+1)+k]: wall along the left of column k at row r. */
    size_t cells = (size_t)n * (size_t)n;
    unsigned char *hwall = calloc((size_t)(n + 1) * (size_t)n, 1);
    unsigned char *vwall = calloc((size_t)(n + 1) * (size_t)n, 1);
    int *dist = malloc(sizeof *dist * cells), *queue = malloc(sizeof *queue * cells);
    const char *why = NULL;
    bool ok = true;
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (!a->kind || strcmp(a->kind, "wall") != 0)
            continue;
        double t = fmin(a->w, a->h) / 2;
        point u = {a->x + t, a->y + t}, v = {a->x + a->w - t, a->y + a->h - t};
        if (fabs(u.y - v.y) < EPS) {
            int k = snap(u.y, g.y0, g.cell, &ok);
            int c0 = snap(u.x, g.x0, g.cell, &ok), c1 = snap(v.x, g.x0, g.cell, &ok);
            for (int c = c0; c < c1 && ok; c++)
                hwall[k * n + c] = 1;
        } else if (fabs(u.x - v.x) < EPS) {
            int k = snap(u.x, g.x0, g.cell, &ok);
            int r0 = snap(u.y, g.y0, g.cell, &ok), r1 = snap(v.y, g.y0, g.cell, &ok);
            for (int r = r0; r < r1 && ok; r++)
                vwall[r * (n + 1) + k] = 1;
        } else {
            ok = false;
        }
    }
    if (!ok) {
        why = "a wall does not run along the cell lattice";
        goto out;
    }
    for (int k = 0; k < n; k++)
        if (!hwall[k] || !hwall[n * n + k] || !vwall[k * (n + 1)] || !vwall[k * (n + 1) + n]) {
            why = "the border has a gap";
            goto out;
        }
    int passages = 0;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            passages += (c + 1 < n && !vwall[r * (n + 1) + c + 1]) + (r + 1 < n && !hwall[(r + 1) * n + c]);
    if (passages != n * n - 1) {
        snprintf(msg, mlen, "%d open passages, a tree of %d cells has %d", passages, n * n, n * n - 1);
        why = msg;
        goto out;
    }

    /* Start and end squares. */
    int start = -1, end = -1, marks = 0;
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (!a->kind || (strcmp(a->kind, "start") != 0 && strcmp(a->kind, "end") != 0))
            continue;
        marks++;
        int cell = cell_of(&g, a->x + a->w / 2, a->y + a->h / 2);
        if (cell < 0 || cell_of(&g, a->x + 0.5, a->y + 0.5) != cell || cell_of(&g, a->x + a->w - 0.5, a->y + a->h - 0.5) != cell) {
            why = "a start or end square leaves its cell";
            goto out;
        }
        *(strcmp(a->kind, "start") == 0 ? &start : &end) = cell;
    }
    if (marks != 2 || start < 0 || end < 0 || start == end) {
        why = "not exactly one start and one distinct end";
        goto out;
    }

    /* Breadth-first search from the start; the tree makes its route the only one. */
    for (size_t i = 0; i < cells; i++)
        dist[i] = -1;
    int head = 0, tail = 0, reached = 1;
    dist[start] = 0;
    queue[tail++] = start;
    while (head < tail) {
        int cur = queue[head++], r = cur / n, c = cur % n;
        int nb[4] = {r > 0 && !hwall[r * n + c] ? cur - n : -1, r + 1 < n && !hwall[(r + 1) * n + c] ? cur + n : -1,
                     c > 0 && !vwall[r * (n + 1) + c] ? cur - 1 : -1,
                     c + 1 < n && !vwall[r * (n + 1) + c + 1] ? cur + 1 : -1};
        for (int k = 0; k < 4; k++)
            if (nb[k] >= 0 && dist[nb[k]] < 0) {
                dist[nb[k]] = dist[cur] + 1;
                queue[tail++] = nb[k];
                reached++;
            }
    }
    if (reached != n * n) {
        why = "some cells cannot be reached: not one connected maze";
        goto out;
    }

    const cJSON *path = cJSON_GetObjectItemCaseSensitive(s->record, "path");
    int len = cJSON_GetArraySize(path);
    if (len != dist[end] + 1) {
        snprintf(msg, mlen, "path has %d cells, the route from start to end has %d", len, dist[end] + 1);
        why = msg;
        goto out;
    }
    if (len < n) {
        why = "the end is fewer than n-1 steps from the start";
        goto out;
    }
    /* Along a tree route the distance from the start rises by one each step, and
     * each step crosses no wall. */
    int prev = -1;
    for (int i = 0; i < len; i++) {
        const cJSON *rc = cJSON_GetArrayItem(path, i);
        int r = (int)cJSON_GetArrayItem(rc, 0)->valuedouble, c = (int)cJSON_GetArrayItem(rc, 1)->valuedouble;
        if (r < 0 || r >= n || c < 0 || c >= n) {
            why = "a path cell is off the board";
            goto out;
        }
        int cur = r * n + c;
        if (dist[cur] != i || (i == 0 && cur != start) || (i == len - 1 && cur != end)) {
            snprintf(msg, mlen, "path cell %d [%d, %d] is not on the route from start to end", i, r, c);
            why = msg;
            goto out;
        }
        if (prev >= 0) {
            int pr = prev / n, pc = prev % n;
            bool wall = abs(pr - r) + abs(pc - c) != 1 ||
                        (pr != r ? hwall[(pr > r ? pr : r) * n + c] : vwall[r * (n + 1) + (pc > c ? pc : c)]);
            if (wall) {
                snprintf(msg, mlen, "path step %d crosses a wall or jumps", i);
                why = msg;
                goto out;
            }
        }
        prev = cur;
    }

    /* Axis numbers from 0: column k above column k, row k left of row k, each once. */
    int cols_seen = 0, rows_seen = 0;
    unsigned char *seen = calloc((size_t)n * 2, 1);
    for (int i = 0; i < sc->nprims && !why; i++) {
        const prim *a = &sc->prims[i];
        if (!a->kind || strcmp(a->kind, "axis label") != 0)
            continue;
        char want[16];
        int k = atoi(a->label);
        snprintf(want, sizeof want, "%d", k);
        bool named = k >= 0 && k < n && strcmp(want, a->label) == 0;
        if (named && a->y < g.y0 && fabs(a->x - (g.x0 + (k + 0.5) * g.cell)) < 1 && !seen[k]++)
            cols_seen++;
        else if (named && a->x < g.x0 && fabs(a->y - (g.y0 + (k + 0.5) * g.cell)) < 1 && !seen[n + k]++)
            rows_seen++;
        else {
            snprintf(msg, mlen, "axis label '%s' is not beside its cell, or repeats", a->label);
            why = msg;
        }
    }
    free(seen);
    if (why)
        goto out;
    if (cols_seen != n || rows_seen != n) {
        why = "axis labels missing";
        goto out;
    }

    /* Pixels. */
    const canvas *cv = harness_render(sc);
    for (int r = 0; r < n && !why; r++)
        for (int c = 0; c < n && !why; c++) {
            for (int side = 0; side < 2; side++) {
                /* side 0: edge right of (r, c); side 1: edge below it. */
                if ((side == 0 && c + 1 >= n) || (side == 1 && r + 1 >= n))
                    continue;
                bool wall = side == 0 ? vwall[r * (n + 1) + c + 1] : hwall[(r + 1) * n + c];
                double x = side == 0 ? g.x0 + (c + 1) * g.cell : g.x0 + (c + 0.5) * g.cell;
                double y = side == 0 ? g.y0 + (r + 0.5) * g.cell : g.y0 + (r + 1) * g.cell;
                rgb px = canvas_pixel(cv, (int)x, (int)y);
                int sum = px.r + px.g + px.b;
                if (wall ? sum > WALL_MAX_SUM : sum < OPEN_MIN_SUM) {
                    snprintf(msg, mlen, "edge %s of [%d, %d] is %s in the image", side ? "below" : "right",
                             r, c, wall ? "not dark" : "not light");
                    why = msg;
                }
            }
        }
    for (int i = 0; i < sc->nprims && !why; i++) {
        const prim *a = &sc->prims[i];
        if (!a->kind || (strcmp(a->kind, "start") != 0 && strcmp(a->kind, "end") != 0))
            continue;
        rgb px = canvas_pixel(cv, (int)(a->x + 2), (int)(a->y + 2));
        if (memcmp(&px, &a->fill, sizeof px) != 0)
            why = "a start or end square does not show its colour";
    }
out:
    free(hwall), free(vwall), free(dist), free(queue);
    return why;
}

static const int EXTRA_LEVELS[] = {2, 40};

int main(void) { return harness_run("maze_solving", check, EXTRA_LEVELS, 2); }
