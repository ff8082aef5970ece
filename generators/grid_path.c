/* grid_path: an n x n grid with column letters and row numbers and a path drawn
 * as a thick line through cell centres, from a start disc to an arrowhead.
 * Record: rows = n; path_size = cells on the path; gold_output = the cells in
 * path order ("A1 A2 B2").  See docs/tasks/grid_path.md. */
#include "errors.h"
#include "generator.h"
#include "grid.h"
#include "palette.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Cells at least this wide: 22 x 22 (the largest release level) fits 800 px with
 * 33 px cells, so every release image is 800x800; only larger boards grow the
 * canvas.  The labels come out 14 px and the path line (5 px), start disc and
 * arrowhead keep clear room inside each cell; a cell is 18 px at the 448 px
 * viewing size either way (a 960 px canvas of 40 px cells gives the same there). */
#define GP_MIN_CELL 33.0
/* Largest side: columns are named by one letter, A to Z. */
#define GP_MAX_SIDE 26
/* The path never has two non-consecutive cells side by side: parallel runs of the
 * line are then at least two cells apart, with an empty cell between them, so the
 * order of the cells can be followed without doubt.  (This is the rule the search
 * below enforces; it is a property of the cells, so it has no pixel value.) */
/* Path length: uniform in [n, GP_MAX_LEN_FACTOR * n] cells, so it grows with the
 * board but stays short enough to list. */
#define GP_MAX_LEN_FACTOR 2
#define GP_MAX_LEN (GP_MAX_LEN_FACTOR * GP_MAX_SIDE)
/* Line width as a share of the cell: bold against the thin grid lines but far
 * narrower than the cell, so it never reads as running along a grid line. */
#define GP_LINE_SHARE 0.16
/* Line width bounds in pixels: at least the viewing-size minimum (3 px once the
 * image is scaled to 448 px), not a bar on the huge cells of a 3 x 3 grid. */
#define GP_LINE_MIN GEN_VIEW_MIN
#define GP_LINE_MAX 14.0
/* Grid lines: thin and mid grey, clearly not the bold blue path. */
#define GP_GRID_WIDTH 1.5
#define GP_GRID_GREY 120
/* Start disc radius and arrowhead size as shares of the cell; the arrowhead lies
 * wholly inside the end cell and roughly centred on it (tip 0.34 cell ahead of
 * its centre, 0.16 cell clear of its edge; base 0.16 cell behind the centre), so
 * it reads as marking that cell, not as pointing into the next one. */
#define GP_START_SHARE 0.22
#define GP_ARROW_TIP 0.34
#define GP_ARROW_BACK 0.16
#define GP_ARROW_HALF_WIDTH 0.26
/* Search budget: cells tried by one depth-first search before it restarts from a
 * new start cell, and restarts before giving up.  Paths of 2n cells on an n x n
 * board almost always succeed on the first try; the bound only stops a bad level. */
#define GP_SEARCH_BUDGET 20000
#define GP_RESTARTS 50
/* Chance that the search tries to go straight on before turning: straight runs
 * make a path that looks drawn rather than a staircase, without making it regular. */
#define GP_STRAIGHT_FIRST 0.5

static const int DR[4] = {-1, 0, 1, 0};
static const int DC[4] = {0, 1, 0, -1};

/* True when (r, c) may follow cell `last` on the path: on the board, unused, and
 * not side by side with any path cell except `last`. */
static bool may_extend(const unsigned char *used, int n, int r, int c, int last)
{
    if (r < 0 || r >= n || c < 0 || c >= n || used[r * n + c])
        return false;
    for (int d = 0; d < 4; d++) {
        int nr = r + DR[d], nc = c + DC[d];
        if (nr >= 0 && nr < n && nc >= 0 && nc < n && nr * n + nc != last && used[nr * n + nc])
            return false;
    }
    return true;
}

/* Depth-first search with backtracking for a path of len cells; returns true and
 * fills path, or false when the budget is spent. */
static bool find_path(rng *rg, int n, int len, int *path)
{
    unsigned char used[GP_MAX_SIDE * GP_MAX_SIDE];
    int order[GP_MAX_LEN][4], next[GP_MAX_LEN];
    for (int attempt = 0; attempt < GP_RESTARTS; attempt++) {
        memset(used, 0, sizeof used);
        int depth = 0, budget = GP_SEARCH_BUDGET;
        path[0] = (int)rng_below(rg, (uint32_t)(n * n));
        used[path[0]] = 1;
        bool fresh = true;
        while (budget-- > 0) {
            if (depth + 1 == len)
                return true;
            int cur = path[depth];
            if (fresh) {
                /* Directions in random order, straight on first half the time. */
                int *o = order[depth];
                for (int d = 0; d < 4; d++)
                    o[d] = d;
                rng_shuffle_int(rg, o, 4);
                if (depth > 0 && rng_unit(rg) < GP_STRAIGHT_FIRST) {
                    int prev = path[depth - 1];
                    int dr = cur / n - prev / n, dc = cur % n - prev % n;
                    for (int d = 0; d < 4; d++)
                        if (DR[o[d]] == dr && DC[o[d]] == dc) {
                            int t = o[0];
                            o[0] = o[d];
                            o[d] = t;
                        }
                }
                next[depth] = 0;
                fresh = false;
            }
            bool moved = false;
            while (next[depth] < 4) {
                int d = order[depth][next[depth]++];
                int r = cur / n + DR[d], c = cur % n + DC[d];
                if (may_extend(used, n, r, c, cur)) {
                    path[++depth] = r * n + c;
                    used[r * n + c] = 1;
                    fresh = moved = true;
                    break;
                }
            }
            if (!moved) {
                if (depth == 0)
                    break; /* no path of this length from this start */
                used[path[depth--]] = 0;
            }
        }
    }
    return false;
}

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level;
    scene *s = ctx->img[0];
    grid g = grid_fit_cell(n, n, GP_MIN_CELL, GRID_LETTERS, GRID_FROM_1);
    scene_reset(s, g.width, g.height);

    int len = rng_int(&ctx->rng, n, GP_MAX_LEN_FACTOR * n);
    int path[GP_MAX_LEN];
    if (!find_path(&ctx->rng, n, len, path))
        return gen_fail(ctx, "cannot find a %d-cell path without side-by-side cells on a %dx%d grid", len, n, n);

    grid_draw_lines(s, &g, GP_GRID_WIDTH, (rgb){GP_GRID_GREY, GP_GRID_GREY, GP_GRID_GREY});
    grid_draw_labels(s, &g, RGB_BLACK);

    const palette_colour *line_c = &PALETTE[palette_find("blue")];
    const palette_colour *start_c = &PALETTE[palette_find("green")];
    point pts[GP_MAX_LEN];
    for (int i = 0; i < len; i++)
        pts[i] = grid_cell_centre(&g, path[i] / n, path[i] % n);
    /* The last step's direction points the arrowhead; the line stops under it. */
    point e = pts[len - 1], b = pts[len - 2];
    double ux = (e.x - b.x) / g.cell, uy = (e.y - b.y) / g.cell;
    pts[len - 1] = (point){e.x - ux * GP_ARROW_BACK * g.cell * 0.5, e.y - uy * GP_ARROW_BACK * g.cell * 0.5};
    prim *line = scene_polyline(s, pts, len, fmin(GP_LINE_MAX, fmax(GP_LINE_MIN, round(g.cell * GP_LINE_SHARE))), line_c->value);
    line->kind = "path";
    line->colour_name = line_c->name;
    line->object = 0;

    point tri[3] = {
        {e.x + ux * GP_ARROW_TIP * g.cell, e.y + uy * GP_ARROW_TIP * g.cell},
        {e.x - ux * GP_ARROW_BACK * g.cell - uy * GP_ARROW_HALF_WIDTH * g.cell,
         e.y - uy * GP_ARROW_BACK * g.cell + ux * GP_ARROW_HALF_WIDTH * g.cell},
        {e.x - ux * GP_ARROW_BACK * g.cell + uy * GP_ARROW_HALF_WIDTH * g.cell,
         e.y - uy * GP_ARROW_BACK * g.cell - ux * GP_ARROW_HALF_WIDTH * g.cell},
    };
    prim *arrow = scene_polygon(s, tri, 3, line_c->value);
    arrow->kind = "arrowhead";
    arrow->colour_name = line_c->name;
    arrow->object = 0;

    prim *st = scene_circle(s, pts[0].x, pts[0].y, g.cell * GP_START_SHARE, start_c->value);
    prim_outline(st, 2.0, RGB_BLACK);
    st->filled = true;
    st->kind = "start";
    st->colour_name = start_c->name;
    st->object = 0;

    char answer[GP_MAX_LEN * 4 + 1], name[8];
    size_t at = 0;
    for (int i = 0; i < len; i++) {
        grid_cell_name(&g, path[i] / n, path[i] % n, name, sizeof name);
        at += (size_t)snprintf(answer + at, sizeof answer - at, "%s%s", i ? " " : "", name);
    }
    cJSON_AddStringToObject(ctx->record, "gold_output", answer);
    cJSON_AddNumberToObject(ctx->record, "path_size", len);
    cJSON_AddNumberToObject(ctx->record, "rows", n);
    return GEN_EXIT_OK;
}

static int check_level(const gen_params *p, char *err, size_t errlen)
{
    if (p->level > GP_MAX_SIDE) {
        snprintf(err, errlen, "cannot draw a %dx%d grid (columns are named A to Z, so at most %d)", p->level,
                 p->level, GP_MAX_SIDE);
        return -1;
    }
    return 0;
}

static const gen_field fields[] = {
    {"gold_output", FIELD_STRING}, {"path_size", FIELD_INT}, {"rows", FIELD_INT}, {NULL, 0}};

const generator gen_grid_path = {
    .name = "grid_path",
    .summary = "an n x n lettered grid with a path from a start disc to an arrowhead; list its cells",
    .images = 1,
    .fields = fields,
    .level_field = "rows",
    .level_min = 3,
    .level_max = 22,
    .lowest_level = 3,
    .input_prompt = "The image shows a square grid. Columns are named by the letters along the top and rows by the "
                    "numbers down the left side, so a cell is named by its column letter followed by its row number, "
                    "for example B3. A thick blue line runs from cell centre to cell centre: it begins at a green "
                    "disc and ends with an arrowhead.",
    .rules = "Follow the line from the green disc to the arrowhead and write down every cell it passes through, in "
             "order. The first cell holds the green disc and the last cell holds the arrowhead; include both.",
    .output_prompt = "The last line of your answer must be ANSWER: followed by the cells of the "
                     "path in order, separated by single spaces, for example ANSWER: A1 A2 B2.",
    .answer = {.kind = ANSWER_WORDS, .gold = {"gold_output"}, .axis = "rows"},
    .check_level = check_level,
    .sample = sample,
};
