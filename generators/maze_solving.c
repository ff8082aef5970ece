/* SPDX-License-Identifier: MIT */
/* maze_solving: a fixed 11x11 block maze (440x440 px: black wall blocks, white
 * open cells with thin black borders) carved by a randomised depth-first search
 * from a random room; every open cell shows its carve number, the start cell S
 * and cell number n shows E (Percept-V's maze_solving as published).
 * Record: path = the labels of the cells on the shortest route from S to E
 * ("S", "2", ..., "E"); Rows = Columns = 11.  The level n is E's carve number and
 * is not recorded.  See docs/tasks/maze_solving.md. */
#include "errors.h"
#include "pil_font.h"
#include "generator.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* The original's maze: 11 x 11 blocks of 40 px; rooms at odd (row, column), the
 * outer ring always wall. */
#define SIDE 11
#define CELL 40
/* Open cells: 5 x 5 rooms and the 24 passages of their spanning tree. */
#define OPEN_CELLS 49
/* Cell labels: the original's draw.text without a font, i.e. Pillow's built-in
 * bitmap font (pil_font.h: Courier Bold 8 pt, digits 7 px tall, hard-edged), its
 * line's top-left corner a quarter cell (10 px) right of and below the cell's. */
#define LABEL_AT (CELL / 4)
#define LABEL_LINE 11.0 /* the bitmap font's line height, as the label's size */
/* Numbers in blue ("blue", 0 0 255), S and E in black. */
#define NUMBER_BLUE ((rgb){0, 0, 255})

typedef struct maze {
    int num[SIDE][SIDE]; /* carve number, 0 = wall */
    int next;
} maze;

/* The original's recursive backtracker: a cell gets the next number when it is
 * carved; from a room the four directions are tried in a shuffled order, and an
 * uncarved room two steps away is reached through the passage between, which is
 * numbered before it. */
static void carve(maze *m, rng *r, int x, int y)
{
    static const int dir[4][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};
    m->num[x][y] = m->next++;
    int order[4] = {0, 1, 2, 3};
    rng_shuffle_int(r, order, 4);
    for (int k = 0; k < 4; k++) {
        int dx = dir[order[k]][0], dy = dir[order[k]][1];
        int nx = x + 2 * dx, ny = y + 2 * dy;
        if (nx >= 0 && nx < SIDE && ny >= 0 && ny < SIDE && m->num[nx][ny] == 0) {
            m->num[x + dx][y + dy] = m->next++;
            carve(m, r, nx, ny);
        }
    }
}

static int check_level(const gen_params *p, char *err, size_t errlen)
{
    if (p->level > OPEN_CELLS) {
        snprintf(err, errlen, "cannot put E on cell %d: the 11x11 maze has %d open cells", p->level, OPEN_CELLS);
        return -1;
    }
    return 0;
}

static void label_of(const maze *m, int x, int y, int sx, int sy, int e, char *out, size_t n)
{
    if (x == sx && y == sy)
        snprintf(out, n, "S");
    else if (m->num[x][y] == e)
        snprintf(out, n, "E");
    else
        snprintf(out, n, "%d", m->num[x][y]);
}

static int sample(gen_ctx *ctx)
{
    int e = ctx->p.level;
    scene *s = ctx->img[0];
    char err[160];
    if (check_level(&ctx->p, err, sizeof err) != 0)
        return gen_fail(ctx, "%s", err);
    scene_reset(s, SIDE * CELL, SIDE * CELL);

    maze m;
    memset(&m, 0, sizeof m);
    m.next = 1;
    int sx = 2 * rng_int(&ctx->rng, 0, 4) + 1, sy = 2 * rng_int(&ctx->rng, 0, 4) + 1;
    carve(&m, &ctx->rng, sx, sy);

    /* The shortest route (the only one in a tree) by breadth-first search. */
    int prev[SIDE * SIDE], queue[SIDE * SIDE], head = 0, tail = 0, ex = -1, ey = -1;
    for (int i = 0; i < SIDE * SIDE; i++)
        prev[i] = -2;
    for (int x = 0; x < SIDE; x++)
        for (int y = 0; y < SIDE; y++)
            if (m.num[x][y] == e) {
                ex = x;
                ey = y;
            }
    if (ex < 0)
        return gen_fail(ctx, "no cell numbered %d", e);
    queue[tail++] = sx * SIDE + sy;
    prev[sx * SIDE + sy] = -1;
    while (head < tail) {
        int c = queue[head++], x = c / SIDE, y = c % SIDE;
        static const int dir[4][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};
        for (int k = 0; k < 4; k++) {
            int nx = x + dir[k][0], ny = y + dir[k][1];
            if (nx >= 0 && nx < SIDE && ny >= 0 && ny < SIDE && m.num[nx][ny] && prev[nx * SIDE + ny] == -2) {
                prev[nx * SIDE + ny] = c;
                queue[tail++] = nx * SIDE + ny;
            }
        }
    }
    int route[SIDE * SIDE], len = 0;
    for (int c = ex * SIDE + ey; c != -1; c = prev[c])
        route[len++] = c;

    /* The original's calls, cell by cell (row by row): the cell's 1-px border,
     * then a wall's black block, or an open cell's white box with its border
     * again and its label in Pillow's default font at (x + 10, y + 10). */
    scene_describe(s, "pil image %d %d", SIDE * CELL, SIDE * CELL);
    for (int x = 0; x < SIDE; x++)
        for (int y = 0; y < SIDE; y++) {
            int x0 = y * CELL, y0 = x * CELL, x1 = (y + 1) * CELL, y1 = (x + 1) * CELL;
            scene_describe(s, "pil rectangle %d %d %d %d outline=black width=1 kind=cell", x0, y0, x1, y1);
            if (!m.num[x][y]) {
                scene_describe(s, "pil rectangle %d %d %d %d fill=black kind=wall", x0, y0, x1, y1);
                continue;
            }
            char label[8];
            label_of(&m, x, y, sx, sy, e, label, sizeof label);
            scene_describe(s, "pil rectangle %d %d %d %d fill=white outline=black width=1 kind=cell", x0, y0, x1, y1);
            scene_describe(s, "pil text %d %d s=%s fill=%s kind=label", x0 + CELL / 4, y0 + CELL / 4, label,
                           label[0] == 'S' || label[0] == 'E' ? "black" : "blue");
        }
    scene_describe(s, "pil save");

    /* Walls first (black blocks, each 41 px as the original's inclusive
     * rectangles), then every open cell's 1 px border, then the labels (the
     * original draws each cell's label after its border; a label's ink lies
     * inside its cell, clear of every border, so the pixels are the same, and
     * the borders are one run of boxes for the renderer: render.c). */
    for (int x = 0; x < SIDE; x++)
        for (int y = 0; y < SIDE; y++)
            if (!m.num[x][y]) {
                prim *w = scene_rect(s, y * CELL, x * CELL, CELL + 1, CELL + 1, RGB_BLACK);
                w->edges = EDGES_HARD; /* Pillow draws it without antialiasing */
                w->kind = "wall";
            }
    for (int x = 0; x < SIDE; x++)
        for (int y = 0; y < SIDE; y++) {
            if (!m.num[x][y])
                continue;
            prim *b = scene_rect(s, y * CELL + 0.5, x * CELL + 0.5, CELL, CELL, RGB_WHITE);
            prim_outline(b, 1.0, RGB_BLACK);
            b->edges = EDGES_HARD;
            b->kind = "cell";
            b->object = x * SIDE + y;
        }
    for (int x = 0; x < SIDE; x++)
        for (int y = 0; y < SIDE; y++) {
            if (!m.num[x][y])
                continue;
            char label[8];
            label_of(&m, x, y, sx, sy, e, label, sizeof label);
            int ix0, iy0, ix1, iy1;
            pil_font_ink(label, &ix0, &iy0, &ix1, &iy1);
            bool plain = label[0] != 'S' && label[0] != 'E';
            prim *p = scene_text(s, y * CELL + LABEL_AT + (ix0 + ix1) / 2.0, x * CELL + LABEL_AT + (iy0 + iy1) / 2.0,
                                 LABEL_LINE, label, plain ? NUMBER_BLUE : RGB_BLACK);
            p->edges = EDGES_PILLOW; /* Pillow's bitmap font, pure colour (scene.h) */
            p->kind = "label";
            p->object = x * SIDE + y;
        }

    cJSON *path = cJSON_AddArrayToObject(ctx->record, "path");
    for (int i = len - 1; i >= 0; i--) {
        char label[8];
        label_of(&m, route[i] / SIDE, route[i] % SIDE, sx, sy, e, label, sizeof label);
        cJSON_AddItemToArray(path, cJSON_CreateString(label));
    }
    cJSON_AddNumberToObject(ctx->record, "Rows", SIDE);
    cJSON_AddNumberToObject(ctx->record, "Columns", SIDE);
    return GEN_EXIT_OK;
}

static const gen_field fields[] = {
    {"path", FIELD_STRING_ARRAY}, {"Rows", FIELD_INT}, {"Columns", FIELD_INT}, {NULL, 0}};

const generator gen_maze_solving = {
    .name = "maze_solving",
    .summary = "a fixed 11x11 maze whose open cells carry their carve numbers; the cells from S to E",
    .images = 1,
    .fields = fields,
    /* The level (E's carve number) is not in the release's records. */
    .level_field = NULL,
    .level_min = 3,
    .level_max = 22,
    .lowest_level = 2,
    .input_prompt = "- The picture is a maze.\n"
                    "- List the cells you pass through on the way from S to E.",
    .rules = "- Begin in the cell marked S.\n"
             "- Reach the cell marked E by the shortest possible route.\n"
             "- Each step goes up, down, left or right.\n"
             "- Black blocks are walls and cannot be crossed.\n"
             "- Only the white cells can be walked on.",
    .output_prompt = "- The final line of your reply must hold only the labels of the cells on the route, separated "
                     "by commas, beginning with S and finishing with E, for example: S,2,3,E",
    .answer = {.format = "S,2,3,E", .kind = ANSWER_WORDS, .gold = {"path"}, .axis = "Rows"},
    .check_level = check_level,
    .sample = sample,
};
