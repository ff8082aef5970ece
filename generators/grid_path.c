/* SPDX-License-Identifier: MIT */
/* grid_path: a 6x6 grid (--grid_size) on an 800x800 canvas whose every cell holds a
 * filled circle, square or downward triangle in red, green, blue or purple; a black
 * path of n cells (the level) runs through cell centres with an arrow on every step
 * and S / E written on its first and last cells (Percept-V's grid_path as
 * published).  Record: rows = the grid side; path_size = n; gold_output = the
 * shapes met along the path, S and E cells included.  See docs/tasks/grid_path.md. */
#include "errors.h"
#include "generator.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

/* The original's canvas and board: 800x800 white, cells 800 // side px. */
#define CANVAS 800
#define MAX_SIDE 26
/* Shapes are inset 5 px from their cell's edges. */
#define INSET 5
/* Grid lines 2 px, path 4 px, both black (PIL's pixel coverage, see below). */
#define GRID_W 2.0
#define PATH_W 4
/* Arrows, S and E: the original's Arial (the bundled Liberation Sans) at
 * cell // 2 px, black, drawn with Pillow's "mm" anchor (font.h contract 5); an
 * arrow's position is 4.5% of a cell above the middle of its step. */
#define ARROW_RAISE 0.045
/* Walks thrown away (dead ends before n cells) before giving up: at n = 36 on the
 * 6x6 board one walk in 400 gets through. */
#define MAX_REDRAWS 20000

static const char *const SHAPES[3] = {"circle", "square", "triangle"};
static const char *const COLOUR_NAMES[4] = {"red", "green", "blue", "purple"};
/* Pillow's named colours. */
static const rgb COLOURS[4] = {{255, 0, 0}, {0, 128, 0}, {0, 0, 255}, {128, 0, 128}};

static int check_level(const gen_params *p, char *err, size_t errlen)
{
    int side = p->grid_size;
    if (side < 2 || side > MAX_SIDE) {
        snprintf(err, errlen, "cannot draw a %dx%d board (2..%d)", side, side, MAX_SIDE);
        return -1;
    }
    if (p->level > side * side) {
        snprintf(err, errlen, "cannot lay a path of %d cells on a %dx%d board", p->level, side, side);
        return -1;
    }
    return 0;
}

/* draw.text((ax, ay), text, font=arial.ttf at `size` px, anchor="mm"). */
static prim *text_mm(scene *s, double ax, double ay, int size, const char *text, const char *kind)
{
    scene_describe(s, "pil text %.17g %.17g s=%s fill=black size=%d anchor=mm kind=%s", ax, ay, text, size, kind);
    return scene_pil_text(s, ax, ay, size, text, RGB_BLACK, ALIGN_CENTER, ALIGN_CENTER);
}

/* The original's walk: from a uniform cell, each step to a uniform free neighbour
 * (on the board, not yet on the path).  Returns the cells reached; the original
 * stops at a dead end, gen draws the walk again (see sample). */
static int walk(rng *r, int side, int want, int *px, int *py)
{
    static const int d[4][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};
    bool used[MAX_SIDE][MAX_SIDE] = {{false}};
    px[0] = rng_int(r, 0, side - 1);
    py[0] = rng_int(r, 0, side - 1);
    used[px[0]][py[0]] = true;
    int len = 1;
    while (len < want) {
        int cand[4], k = 0;
        for (int i = 0; i < 4; i++) {
            int x = px[len - 1] + d[i][0], y = py[len - 1] + d[i][1];
            if (x >= 0 && x < side && y >= 0 && y < side && !used[x][y])
                cand[k++] = i;
        }
        if (k == 0)
            break;
        int c = cand[rng_below(r, (uint32_t)k)];
        px[len] = px[len - 1] + d[c][0];
        py[len] = py[len - 1] + d[c][1];
        used[px[len]][py[len]] = true;
        len++;
    }
    return len;
}

static int sample(gen_ctx *ctx)
{
    int m = ctx->p.level, side = ctx->p.grid_size;
    scene *s = ctx->img[0];
    char err[160];
    if (check_level(&ctx->p, err, sizeof err) != 0)
        return gen_fail(ctx, "%s", err);
    scene_reset(s, CANVAS, CANVAS);
    scene_describe(s, "pil image %d %d", CANVAS, CANVAS);
    int cell = CANVAS / side, half = cell / 2;

    /* PIL's 2 px line at x covers pixel columns x, x + 1 (drawn as the rectangle
     * it covers: the same pixels as a stroke, filled faster). */
    for (int i = 0; i <= side; i++) {
        prim *v = scene_rect(s, i * cell, 0, GRID_W, CANVAS, RGB_BLACK);
        v->edges = EDGES_HARD; /* Pillow draws it without antialiasing */
        v->kind = "grid";
        prim *h = scene_rect(s, 0, i * cell, CANVAS, GRID_W, RGB_BLACK);
        h->edges = EDGES_HARD;
        h->kind = "grid";
        scene_describe(s, "pil line %d,0,%d,%d fill=black width=2 kind=grid", i * cell, i * cell, CANVAS);
        scene_describe(s, "pil line 0,%d,%d,%d fill=black width=2 kind=grid", i * cell, CANVAS, i * cell);
    }

    rng shapes;
    gen_stream(ctx, "shapes", &shapes);
    int kind[MAX_SIDE][MAX_SIDE];
    for (int i = 0; i < side; i++)
        for (int j = 0; j < side; j++) {
            int k = rng_int(&shapes, 0, 2), c = rng_int(&shapes, 0, 3);
            kind[i][j] = k;
            /* PIL's inclusive box: pixels INSET .. cell - INSET of the cell */
            double x0 = j * cell + INSET, y0 = i * cell + INSET, w = cell - 2 * INSET + 1;
            prim *p;
            int bx0 = j * cell + INSET, by0 = i * cell + INSET, bx1 = (j + 1) * cell - INSET;
            int by1 = (i + 1) * cell - INSET;
            if (k == 2)
                scene_describe(s, "pil polygon %d,%d,%d,%d,%.17g,%d fill=%s kind=triangle", bx0, by0, bx1, by0,
                               (bx0 + bx1) / 2.0, by1, COLOUR_NAMES[c]);
            else
                scene_describe(s, "pil %s %d %d %d %d fill=%s kind=%s", k ? "rectangle" : "ellipse", bx0, by0, bx1,
                               by1, COLOUR_NAMES[c], SHAPES[k]);
            if (k == 0) {
                p = scene_circle(s, x0 + w / 2, y0 + w / 2, w / 2, COLOURS[c]);
            } else if (k == 1) {
                p = scene_rect(s, x0, y0, w, w, COLOURS[c]);
            } else {
                /* the original's vertices at pixel centres (scene.h,
                 * EDGES_PILLOW): its corners of the box and the middle of
                 * its bottom side, which Pillow truncates */
                double x1 = x0 + w - 1, y1 = y0 + w - 1;
                point tri[3] = {{x0 + 0.5, y0 + 0.5}, {x1 + 0.5, y0 + 0.5}, {(x0 + x1) / 2 + 0.5, y1 + 0.5}};
                p = scene_polygon(s, tri, 3, COLOURS[c]);
            }
            /* Pillow's own pixels for the original's box (pil_raster.h) */
            p->edges = EDGES_PILLOW;
            p->kind = SHAPES[k];
            p->colour_name = COLOUR_NAMES[c];
            p->object = i * side + j;
        }

    /* path cells as (column, row), as the original keeps them */
    int px[MAX_SIDE * MAX_SIDE], py[MAX_SIDE * MAX_SIDE];
    while (walk(&ctx->rng, side, m, px, py) < m)
        if (++ctx->redraws > MAX_REDRAWS)
            return gen_fail(ctx, "cannot lay a path of %d cells on a %dx%d board by a random walk", m, side, side);

    static const char *const ARROW[3][3] = {{NULL, "\u2191", NULL}, {"\u2190", NULL, "\u2192"}, {NULL, "\u2193", NULL}};
    for (int i = 0; i + 1 < m; i++) {
        int x1 = px[i] * cell + half, y1 = py[i] * cell + half;
        int x2 = px[i + 1] * cell + half, y2 = py[i + 1] * cell + half;
        /* Pillow's 4 px line (ImagingDrawWideLine): a polygon 1 px to one side of
         * the centre line and 2 px to the other, which side depending on the
         * direction: going down it covers columns x-1..x+2, going up x-2..x+1;
         * going right rows y-1..y+2, going left y-2..y+1; each from end pixel to
         * end pixel. */
        prim *seg;
        if (x1 == x2)
            seg = scene_rect(s, x1 - (y2 > y1 ? 1 : 2), fmin(y1, y2), PATH_W, abs(y2 - y1) + 1, RGB_BLACK);
        else
            seg = scene_rect(s, fmin(x1, x2), y1 - (x2 > x1 ? 1 : 2), abs(x2 - x1) + 1, PATH_W, RGB_BLACK);
        seg->edges = EDGES_HARD;
        seg->kind = "path";
        scene_describe(s, "pil line %d,%d,%d,%d fill=black width=4 kind=path", x1, y1, x2, y2);
        seg->object = i;
        int dx = px[i + 1] - px[i], dy = py[i + 1] - py[i];
        prim *a = text_mm(s, (x1 + x2) / 2, (y1 + y2) / 2 - cell * ARROW_RAISE, half, ARROW[dy + 1][dx + 1], "arrow");
        a->kind = "arrow";
        a->object = i;
    }
    prim *st = text_mm(s, px[0] * cell + half, py[0] * cell + half, half, "S", "start");
    st->kind = "start";
    prim *en = text_mm(s, px[m - 1] * cell + half, py[m - 1] * cell + half, half, "E", "end");
    scene_describe(s, "pil save");
    en->kind = "end";

    cJSON_AddNumberToObject(ctx->record, "rows", side);
    cJSON_AddNumberToObject(ctx->record, "path_size", m);
    cJSON *gold = cJSON_AddArrayToObject(ctx->record, "gold_output");
    for (int i = 0; i < m; i++)
        cJSON_AddItemToArray(gold, cJSON_CreateString(SHAPES[kind[py[i]][px[i]]]));
    return GEN_EXIT_OK;
}

static const gen_field fields[] = {
    {"rows", FIELD_INT}, {"path_size", FIELD_INT}, {"gold_output", FIELD_STRING_ARRAY}, {NULL, 0}};

const generator gen_grid_path = {
    .name = "grid_path",
    .summary = "a 6x6 grid of coloured shapes with a path of n cells from S to E; the shapes along it",
    .images = 1,
    .fields = fields,
    .level_field = "path_size",
    .level_min = 3,
    .level_max = 22,
    .lowest_level = 2,
    .uses_grid_size = true,
    .input_prompt = "- The picture is a grid whose cells hold circles, triangles and squares.",
    .rules = "- Go from the cell marked S to the cell marked E.\n"
             "- Keep to the route drawn with the black line and the arrows.\n"
             "- Note the shape in each cell the route passes through, in order.\n"
             "- Count the shapes in the S cell and in the E cell as well.",
    .output_prompt = "- The final line of your reply must list the shapes in the order met, without their colours, "
                     "separated by commas, in the form SHAPES : Shape 1 , Shape 2 , and so on.",
    .answer = {.format = "SHAPES : Shape 1 , Shape 2", .kind = ANSWER_WORDS, .gold = {"gold_output"},
               .axis = "path_size"},
    .check_level = check_level,
    .sample = sample,
};
