/* maze_solving: an n x n perfect maze (a spanning tree of the cells, made by a
 * randomised depth-first search) with a marked start and end cell; both axes are
 * numbered from 0.  Record: Columns = Rows = n; path = the one route, start and
 * end included, as [row, col] pairs.  See docs/tasks/maze_solving.md. */
#include "errors.h"
#include "generator.h"
#include "grid.h"
#include "palette.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* Cells at least this wide: 22 x 22 (the largest release level) fits 800 px with
 * 33 px cells, so every release image is 800x800; only larger mazes grow the
 * canvas.  With walls MAZE_WALL_SHARE thick the corridors stay 29 px wide (16 px at
 * the 448 px viewing size) and the axis numbers 14 px (em), so the route can be
 * traced and the cells counted by eye. */
#define MAZE_MIN_CELL 33.0
/* Wall thickness as a share of the cell: thick enough to read as a solid barrier
 * next to the faint cell guides, thin enough to leave a wide corridor. */
#define MAZE_WALL_SHARE 0.14
/* Thinnest and thickest wall in pixels, whatever the cell size (a small maze's
 * huge cells would otherwise get walls like beams); walls are rounded to an even
 * width. */
#define MAZE_WALL_MIN 4.0
#define MAZE_WALL_MAX 14.0
/* Faint cell guides, so cells along a long corridor can be counted; light enough
 * (and 1 px) that they never look like a wall. */
#define MAZE_GUIDE_WIDTH 1.0
#define MAZE_GUIDE_GREY 215
/* The start and end squares keep this gap (px) from the walls around their cell,
 * so they never hide a wall. */
#define MAZE_MARK_GAP 4.0
/* The end is at least this many steps from the start along the route (for n >= 2
 * there is always such a cell: the route from a corner to the far corner is at
 * least 2(n-1) steps), so the answer is never a trivial neighbour. */
#define MAZE_MIN_STEPS(n) ((n) - 1)
/* Largest side: its canvas is already 3241 px wide; a bigger maze makes an image
 * too large to view whole and a path record of thousands of cells. */
#define MAZE_MAX_SIDE 96

enum { DIR_UP, DIR_RIGHT, DIR_DOWN, DIR_LEFT };
static const int DR[4] = {-1, 0, 1, 0};
static const int DC[4] = {0, 1, 0, -1};

typedef struct maze {
    int n;
    unsigned char *right; /* right[r*n+c]: a passage from (r, c) to (r, c+1) */
    unsigned char *down;  /* down[r*n+c]: a passage from (r, c) to (r+1, c) */
} maze;

static void open_wall(maze *m, int r, int c, int d)
{
    int n = m->n;
    switch (d) {
    case DIR_RIGHT: m->right[r * n + c] = 1; break;
    case DIR_LEFT: m->right[r * n + c - 1] = 1; break;
    case DIR_DOWN: m->down[r * n + c] = 1; break;
    default: m->down[(r - 1) * n + c] = 1; break;
    }
}

static bool is_open(const maze *m, int r, int c, int d)
{
    int n = m->n;
    switch (d) {
    case DIR_RIGHT: return c + 1 < n && m->right[r * n + c];
    case DIR_LEFT: return c > 0 && m->right[r * n + c - 1];
    case DIR_DOWN: return r + 1 < n && m->down[r * n + c];
    default: return r > 0 && m->down[(r - 1) * n + c];
    }
}

/* Randomised depth-first search (the "recursive backtracker") with an explicit
 * stack: every cell is visited once and joined to the cell it was reached from,
 * so the passages form a spanning tree and every route is unique. */
static void carve(maze *m, rng *r, int *stack, unsigned char *seen)
{
    int n = m->n, top = 0;
    int first = (int)rng_below(r, (uint32_t)(n * n));
    stack[top++] = first;
    seen[first] = 1;
    while (top > 0) {
        int cur = stack[top - 1], cr = cur / n, cc = cur % n;
        int dirs[4], k = 0;
        for (int d = 0; d < 4; d++) {
            int nr = cr + DR[d], nc = cc + DC[d];
            if (nr >= 0 && nr < n && nc >= 0 && nc < n && !seen[nr * n + nc])
                dirs[k++] = d;
        }
        if (k == 0) {
            top--;
            continue;
        }
        int d = dirs[rng_below(r, (uint32_t)k)];
        int next = (cr + DR[d]) * n + cc + DC[d];
        open_wall(m, cr, cc, d);
        seen[next] = 1;
        stack[top++] = next;
    }
}

/* Breadth-first distances and parents from cell `from` along the passages. */
static void route_tree(const maze *m, int from, int *dist, int *parent, int *queue)
{
    int n = m->n, head = 0, tail = 0;
    for (int i = 0; i < n * n; i++)
        dist[i] = -1;
    dist[from] = 0;
    parent[from] = -1;
    queue[tail++] = from;
    while (head < tail) {
        int cur = queue[head++], cr = cur / n, cc = cur % n;
        for (int d = 0; d < 4; d++) {
            if (!is_open(m, cr, cc, d))
                continue;
            int next = (cr + DR[d]) * n + cc + DC[d];
            if (dist[next] < 0) {
                dist[next] = dist[cur] + 1;
                parent[next] = cur;
                queue[tail++] = next;
            }
        }
    }
}

/* One wall: a filled bar along grid line segment (x0, y0)-(x1, y1), reaching
 * half its width past both ends so bars meet without notches at corners.  With an
 * even width on whole-pixel grid lines the bar's edges are whole pixels: crisp,
 * and several times cheaper for Cairo than a stroked line. */
static void wall_bar(scene *s, double x0, double y0, double x1, double y1, double width)
{
    double h = width / 2;
    prim *p = scene_rect(s, x0 - h, y0 - h, x1 - x0 + width, y1 - y0 + width, RGB_BLACK);
    p->kind = "wall";
}

/* Walls as few bars: runs of closed edges on each grid line are merged. */
static void draw_walls(scene *s, const grid *g, const maze *m, double width)
{
    int n = m->n;
    /* Horizontal grid lines k = 0..n: edge above row k (k = n is the bottom border). */
    for (int k = 0; k <= n; k++) {
        int c = 0;
        while (c < n) {
            if (!(k == 0 || k == n || !m->down[(k - 1) * n + c])) {
                c++;
                continue;
            }
            int c0 = c;
            while (c < n && (k == 0 || k == n || !m->down[(k - 1) * n + c]))
                c++;
            double y = g->y0 + k * g->cell;
            wall_bar(s, g->x0 + c0 * g->cell, y, g->x0 + c * g->cell, y, width);
        }
    }
    /* Vertical grid lines k = 0..n: edge left of column k. */
    for (int k = 0; k <= n; k++) {
        int r = 0;
        while (r < n) {
            if (!(k == 0 || k == n || !m->right[r * n + k - 1])) {
                r++;
                continue;
            }
            int r0 = r;
            while (r < n && (k == 0 || k == n || !m->right[r * n + k - 1]))
                r++;
            double x = g->x0 + k * g->cell;
            wall_bar(s, x, g->y0 + r0 * g->cell, x, g->y0 + r * g->cell, width);
        }
    }
}

/* Cell guides: 1 px bars on whole pixels (crisp and cheap, like the walls). */
static void draw_guides(scene *s, const grid *g)
{
    rgb grey = {MAZE_GUIDE_GREY, MAZE_GUIDE_GREY, MAZE_GUIDE_GREY};
    double span = g->cols * g->cell;
    for (int k = 1; k < g->cols; k++) {
        prim *v = scene_rect(s, g->x0 + k * g->cell, g->y0, MAZE_GUIDE_WIDTH, span, grey);
        v->kind = "guide";
        prim *h = scene_rect(s, g->x0, g->y0 + k * g->cell, span, MAZE_GUIDE_WIDTH, grey);
        h->kind = "guide";
    }
}

/* A filled square inside cell (r, c), clear of its walls, with a letter on it. */
static void draw_mark(scene *s, const grid *g, int r, int c, double wall, rgb fill, const char *colour_name,
                      const char *kind, const char *letter)
{
    double inset = wall / 2 + MAZE_MARK_GAP;
    double side = g->cell - 2 * inset;
    prim *p = scene_rect(s, g->x0 + c * g->cell + inset, g->y0 + r * g->cell + inset, side, side, fill);
    p->kind = kind;
    p->colour_name = colour_name;
    p->object = 0;
    point ctr = grid_cell_centre(g, r, c);
    prim *t = scene_text(s, ctr.x, ctr.y, side * 0.62, letter, RGB_WHITE);
    t->kind = "mark label";
}

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level;
    scene *s = ctx->img[0];
    grid g = grid_fit_cell(n, n, MAZE_MIN_CELL, GRID_FROM_0, GRID_FROM_0);
    scene_reset(s, g.width, g.height);

    size_t cells = (size_t)n * (size_t)n;
    maze m = {n, xcalloc(cells, 1), xcalloc(cells, 1)};
    int *work = xmalloc(sizeof *work * cells * 3);
    unsigned char *seen = xcalloc(cells, 1);
    carve(&m, &ctx->rng, work, seen);

    /* Start anywhere; end uniformly among the cells at least MAZE_MIN_STEPS away
     * along the route, so route lengths vary from short to the longest the maze has. */
    int *dist = work, *parent = work + cells, *queue = work + 2 * cells;
    int start = (int)rng_below(&ctx->rng, (uint32_t)cells);
    route_tree(&m, start, dist, parent, queue);
    int far = 0;
    for (size_t i = 0; i < cells; i++)
        far += dist[i] >= MAZE_MIN_STEPS(n) && (int)i != start;
    if (far == 0) {
        free(m.right), free(m.down), free(work), free(seen);
        return gen_fail(ctx, "cannot find an end %d steps from the start in a %dx%d maze", MAZE_MIN_STEPS(n), n, n);
    }
    int pick = (int)rng_below(&ctx->rng, (uint32_t)far), end = -1;
    for (size_t i = 0; i < cells && end < 0; i++)
        if (dist[i] >= MAZE_MIN_STEPS(n) && (int)i != start && pick-- == 0)
            end = (int)i;

    /* An even width, so the wall bars' edges fall on whole pixels. */
    double wall = 2 * round(fmin(MAZE_WALL_MAX, fmax(MAZE_WALL_MIN, g.cell * MAZE_WALL_SHARE)) / 2);
    draw_guides(s, &g);
    draw_mark(s, &g, start / n, start % n, wall, PALETTE[palette_find("green")].value, "green", "start", "S");
    draw_mark(s, &g, end / n, end % n, wall, PALETTE[PALETTE_RED].value, PALETTE[PALETTE_RED].name, "end", "E");
    draw_walls(s, &g, &m, wall);
    grid_draw_labels(s, &g, RGB_BLACK);

    /* The route, start first: walk the parents back from the end, then reverse. */
    int len = dist[end] + 1;
    int *route = queue; /* the queue is no longer needed */
    for (int i = len - 1, cur = end; i >= 0; i--, cur = parent[cur])
        route[i] = cur;
    cJSON *path = cJSON_CreateArray();
    for (int i = 0; i < len; i++) {
        int rc[2] = {route[i] / n, route[i] % n};
        cJSON_AddItemToArray(path, cJSON_CreateIntArray(rc, 2));
    }
    cJSON_AddNumberToObject(ctx->record, "Columns", n);
    cJSON_AddNumberToObject(ctx->record, "Rows", n);
    cJSON_AddItemToObject(ctx->record, "path", path);
    free(m.right), free(m.down), free(work), free(seen);
    return GEN_EXIT_OK;
}

static int check_level(const gen_params *p, char *err, size_t errlen)
{
    if (p->level > MAZE_MAX_SIDE) {
        grid g = grid_fit_cell(MAZE_MAX_SIDE, MAZE_MAX_SIDE, MAZE_MIN_CELL, GRID_FROM_0, GRID_FROM_0);
        snprintf(err, errlen, "cannot draw a %dx%d maze (at most %dx%d, which already needs a %dx%d canvas)",
                 p->level, p->level, MAZE_MAX_SIDE, MAZE_MAX_SIDE, g.width, g.height);
        return -1;
    }
    return 0;
}

static const gen_field fields[] = {{"Columns", FIELD_INT}, {"Rows", FIELD_INT}, {"path", FIELD_CELL_ARRAY}, {NULL, 0}};

const generator gen_maze_solving = {
    .name = "maze_solving",
    .summary = "an n x n maze with one route from S to E; list the cells of the route",
    .images = 1,
    .fields = fields,
    .level_field = "Rows",
    .level_min = 3,
    .level_max = 22,
    .lowest_level = 2,
    .input_prompt = "The image shows a square maze drawn on a grid of cells. Thick black lines are walls; thin grey "
                    "lines only mark the cells and can be crossed. The green square marked S is the start cell and "
                    "the red square marked E is the end cell. Rows are numbered from 0 down the left side and "
                    "columns from 0 along the top.",
    .rules = "Find the route from the start cell to the end cell that moves one cell at a time up, down, left or "
             "right without crossing a wall. The maze has exactly one such route that visits no cell twice. "
             "List every cell on it in order, from the start cell to the end cell, both included.",
    .output_prompt = "The last line of your answer must be ANSWER: followed by the route as a "
                     "list of [row, column] pairs using the numbers on the axes, for example "
                     "ANSWER: [[0, 0], [0, 1], [1, 1]].",
    .answer = {.kind = ANSWER_CELL_PATH, .gold = {"path"}, .axis = "len(path) - 2"},
    .check_level = check_level,
    .sample = sample,
};
