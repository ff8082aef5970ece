/* SPDX-License-Identifier: MIT */
/* maze_solving: a 440x440 canvas of 11x11 blocks of 40 px; the blocks read from
 * the rendered pixels (a block's inside black or white) are the scene's walls and
 * open cells, the outer ring is wall, the 49 open cells form a tree (connected,
 * 48 adjacencies) with rooms at odd (row, column).  Labels: S on a room, E, and
 * the numbers 2..49 but the level, each once, inside its own cell, blue numbers
 * and black S/E; E stands for the level (the number missing); numbers grow along
 * every route from S (carve order).  The shortest route found in the pixels'
 * maze, as labels, is the record's path; Rows = Columns = 11; level 50 is refused. */
#include "harness.h"

#include <stdlib.h>
#include <string.h>

#define SIDE 11
#define CELL 40
#define OPEN 49

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    if (sc->width != SIDE * CELL || sc->height != SIDE * CELL)
        return "the canvas is not 440x440";
    if (rec_int(s, "Rows") != SIDE || rec_int(s, "Columns") != SIDE)
        return "Rows and Columns are not 11";
    const canvas *cv = harness_render(sc);
    int open[SIDE][SIDE], nopen = 0;
    for (int x = 0; x < SIDE; x++)
        for (int y = 0; y < SIDE; y++) {
            /* a point of the block away from its label and border */
            rgb c = canvas_pixel(cv, y * CELL + 30, x * CELL + 32);
            if (c.r == 255 && c.g == 255 && c.b == 255)
                open[x][y] = 1;
            else if (c.r == 0 && c.g == 0 && c.b == 0)
                open[x][y] = 0;
            else
                return "a block neither black nor white";
            nopen += open[x][y];
            if (open[x][y] && (x == 0 || y == 0 || x == SIDE - 1 || y == SIDE - 1))
                return "an open cell on the outer ring";
            if (open[x][y] && x % 2 == 0 && y % 2 == 0)
                return "an open cell at even (row, column)";
            if (!open[x][y] && x % 2 == 1 && y % 2 == 1)
                return "a room that is wall";
        }
    int adj = 0;
    for (int x = 0; x < SIDE; x++)
        for (int y = 0; y + 1 < SIDE; y++) {
            adj += open[x][y] && open[x][y + 1];
            adj += open[y][x] && open[y + 1][x];
        }
    if (nopen != OPEN || adj != OPEN - 1) {
        snprintf(msg, n, "%d open cells, %d adjacencies: not a spanning tree of the rooms", nopen, adj);
        return msg;
    }

    /* Labels, from the scene, checked against the pixels' cells. */
    int num[SIDE][SIDE], sx = -1, sy = -1, ex = -1, ey = -1, seen[OPEN + 2] = {0};
    memset(num, 0, sizeof num);
    int labels = 0;
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (a->type != PRIM_TEXT)
            continue;
        labels++;
        double x0, y0, x1, y1;
        prim_bbox(sc, a, &x0, &y0, &x1, &y1);
        int cy = (int)(x0 / CELL), cx = (int)(y0 / CELL);
        if (x0 < cy * CELL + 2 || x1 > cy * CELL + CELL - 1 || y0 < cx * CELL + 2 || y1 > cx * CELL + CELL - 1)
            return "a label not inside one cell";
        if (!open[cx][cy])
            return "a label on a wall";
        if (num[cx][cy])
            return "two labels in one cell";
        if (strcmp(a->label, "S") == 0 || strcmp(a->label, "E") == 0) {
            if (a->fill.r || a->fill.g || a->fill.b)
                return "S or E not black";
            if (a->label[0] == 'S') {
                if (sx >= 0)
                    return "two S";
                sx = cx, sy = cy;
                num[cx][cy] = 1;
            } else {
                if (ex >= 0)
                    return "two E";
                ex = cx, ey = cy;
                num[cx][cy] = -1; /* set below */
            }
        } else {
            int v = atoi(a->label);
            if (v < 2 || v > OPEN || seen[v]++)
                return "a number outside 2..49 or twice";
            if (a->fill.r || a->fill.g || a->fill.b != 255)
                return "a number not blue";
            num[cx][cy] = v;
        }
        /* the ink is there: enough pixels of the label's colour family */
        int ink = 0;
        for (int y = (int)y0; y <= (int)y1; y++)
            for (int x = (int)x0; x <= (int)x1; x++) {
                rgb c = canvas_pixel(cv, x, y);
                ink += a->fill.b == 255 ? (c.b > c.r + 60) : (c.r < 160);
            }
        if (ink < 6)
            return "a label without ink";
    }
    if (labels != OPEN || sx < 0 || ex < 0)
        return "not one label per open cell with one S and one E";
    if (sx % 2 == 0 || sy % 2 == 0)
        return "S is not a room";
    int missing = 0;
    for (int v = 2; v <= OPEN; v++)
        if (!seen[v])
            missing = missing ? -1 : v;
    if (missing != p->level) {
        snprintf(msg, n, "E stands for %d, level %d", missing, p->level);
        return msg;
    }
    num[ex][ey] = missing;

    /* Breadth-first from S over the pixels' open cells. */
    int prev[SIDE * SIDE], queue[SIDE * SIDE], head = 0, tail = 0;
    for (int i = 0; i < SIDE * SIDE; i++)
        prev[i] = -2;
    queue[tail++] = sx * SIDE + sy;
    prev[sx * SIDE + sy] = -1;
    static const int d[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
    while (head < tail) {
        int c = queue[head++], x = c / SIDE, y = c % SIDE;
        for (int k = 0; k < 4; k++) {
            int nx = x + d[k][0], ny = y + d[k][1];
            if (open[nx][ny] && prev[nx * SIDE + ny] == -2) {
                prev[nx * SIDE + ny] = c;
                queue[tail++] = nx * SIDE + ny;
                if (num[nx][ny] < num[x][y])
                    return "a number smaller than the one before it on the way from S";
            }
        }
    }
    int route[SIDE * SIDE], len = 0;
    for (int c = ex * SIDE + ey; c != -1; c = prev[c])
        route[len++] = c;
    const cJSON *path = cJSON_GetObjectItemCaseSensitive(s->record, "path");
    if (!cJSON_IsArray(path) || cJSON_GetArraySize(path) != len) {
        snprintf(msg, n, "route of %d cells, record %d", len, cJSON_GetArraySize(path));
        return msg;
    }
    for (int i = 0; i < len; i++) {
        int c = route[len - 1 - i];
        char want[8];
        if (c == sx * SIDE + sy)
            snprintf(want, sizeof want, "S");
        else if (c == ex * SIDE + ey)
            snprintf(want, sizeof want, "E");
        else
            snprintf(want, sizeof want, "%d", num[c / SIDE][c % SIDE]);
        const cJSON *v = cJSON_GetArrayItem(path, i);
        if (!cJSON_IsString(v) || strcmp(v->valuestring, want) != 0) {
            snprintf(msg, n, "route cell %d is '%s', record '%s'", i, want,
                     cJSON_IsString(v) ? v->valuestring : "?");
            return msg;
        }
    }
    return NULL;
}

int main(void)
{
    const int extra[] = {2, 30, 49};
    int rc = harness_run("maze_solving", check, extra, (int)(sizeof extra / sizeof *extra));
    return rc | harness_refuses("maze_solving", OPEN + 1, 0);
}
