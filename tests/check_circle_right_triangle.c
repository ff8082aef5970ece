/* circle_right_triangle: the answer is rebuilt from the rendered pixels.  The
 * grid is read back from its drawn lines (kind "grid"; matplotlib's snapping
 * makes the cells differ by up to a pixel); every shape must sit inside one cell
 * with room to spare, at most one per cell.  Each cell's content is read from
 * the image: blue at the cell's middle is a circle, red a triangle (then the
 * cell's upper corners must be white: it points up), white nothing.  From that
 * grid, "right" (some triangle with a circle in the next cell to its right) must
 * equal the record's bool; circles = the level, triangles = min(n, cells - n),
 * rows = cols = grid_size, canvas 800 x 800, tick labels 0..grid_size along both
 * axes.  Other --grid_size values are swept; a level past the board is refused. */
#include "font.h"
#include "harness.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAXG 27
/* Least room between a shape's box (outline included) and its cell's edges in
 * data units, as a share of the cell (the shapes keep 0.1 of a cell less half
 * the 1.4-px outline: 7% of a cell at grid_size 26). */
#define MIN_CLEAR_SHARE 0.05

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int slot(const double *v, int n, double x)
{
    for (int k = 0; k < n; k++)
        if (v[k] < x && x < v[k + 1])
            return k;
    return -1;
}

static int near(rgb a, int r, int g, int b)
{
    return abs(a.r - r) + abs(a.g - g) + abs(a.b - b) < 40;
}

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    int size = p->grid_size, cells = size * size;
    if (sc->width != 800 || sc->height != 800)
        return "canvas is not the original's 800 x 800";
    double xs[MAXG + 1], ys[MAXG + 1];
    int nx = 0, ny = 0, nxl = 0, nyl = 0, title = 0;
    char words[128] = "";
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (a->kind && strcmp(a->kind, "grid") == 0) {
            /* a line is a thin upright box (EDGES_AGG): its middle across */
            if (a->type != PRIM_RECT || a->angle != 0)
                return "a grid line that is not an upright box";
            if (a->w < a->h && nx <= MAXG)
                xs[nx++] = a->x + a->w / 2;
            else if (a->h < a->w && ny <= MAXG)
                ys[ny++] = a->y + a->h / 2;
            else
                return "a grid line that is neither vertical nor horizontal, or too many";
        } else if (a->kind && strcmp(a->kind, "tick label") == 0) {
            /* x labels below the axes count 0.. from the left, y labels (left of
             * them) count 0.. upwards; a label's x, y is matplotlib's anchor */
            int v = atoi(a->label);
            if (a->y > 712) {
                if (fabs(a->x - (102 + v * 616.0 / size)) > 1.5)
                    return "an x tick label away from its tick";
                nxl++;
            } else {
                if (fabs(a->y - (712 - v * 616.0 / size)) > 1.5)
                    return "a y tick label away from its tick";
                nyl++;
            }
        } else if (a->kind && strcmp(a->kind, "title") == 0) {
            if (a->y < 96 && strlen(words) + strlen(a->label) + 2 < sizeof words)
                snprintf(words + strlen(words), sizeof words - strlen(words), "%s%s", words[0] ? " " : "", a->label);
        }
    }
    title = strcmp(words, "Grid of Circles and Triangles") == 0;
    if (nx != size + 1 || ny != size + 1 || nxl != size + 1 || nyl != size + 1 || title != 1) {
        snprintf(msg, n, "%d x %d lines, %d + %d tick labels, %d titles for grid_size %d", nx, ny, nxl, nyl, title,
                 size);
        return msg;
    }
    qsort(xs, (size_t)nx, sizeof xs[0], cmp_d);
    qsort(ys, (size_t)ny, sizeof ys[0], cmp_d);
    double w = 616.0 / size;
    for (int k = 1; k <= size; k++)
        if (fabs(xs[k] - xs[k - 1] - w) > 1.01 || fabs(ys[k] - ys[k - 1] - w) > 1.01)
            return "cells of unequal size";
    if (rec_int(s, "rows") != size || rec_int(s, "cols") != size)
        return "rows or cols is not grid_size";

    /* one shape per cell, inside it */
    char *used = xcalloc((size_t)cells, 1);
    const char *why = NULL;
    for (int i = 0; i < sc->nprims && !why; i++) {
        const prim *a = &sc->prims[i];
        if (a->object < 0)
            continue;
        double x0, y0, x1, y1;
        prim_bbox(sc, a, &x0, &y0, &x1, &y1);
        int c = slot(xs, size, (x0 + x1) / 2), r = slot(ys, size, (y0 + y1) / 2);
        double cl = 102 + c * w, ct = 96 + r * w, m = MIN_CLEAR_SHARE * w;
        if (c < 0 || r < 0 || x0 < cl + m || x1 > cl + w - m || y0 < ct + m || y1 > ct + w - m) {
            snprintf(msg, n, "shape %d is not inside one cell with %.0f%% of it to spare", a->object,
                     100 * MIN_CLEAR_SHARE);
            why = msg;
        } else if (used[r * size + c]++) {
            why = "two shapes in one cell";
        }
    }
    free(used);
    if (why)
        return why;

    /* the grid as the pixels show it */
    const canvas *cv = harness_render(sc);
    char *what = xcalloc((size_t)cells, 1);
    int ncirc = 0, ntri = 0;
    for (int r = 0; r < size && !why; r++)
        for (int c = 0; c < size && !why; c++) {
            double cx = (xs[c] + xs[c + 1]) / 2, cy = (ys[r] + ys[r + 1]) / 2, cw = xs[c + 1] - xs[c];
            rgb mid = canvas_pixel(cv, (int)cx, (int)cy);
            rgb ul = canvas_pixel(cv, (int)(xs[c] + 0.2 * cw), (int)(ys[r] + 0.2 * cw));
            rgb ur = canvas_pixel(cv, (int)(xs[c + 1] - 0.2 * cw), (int)(ys[r] + 0.2 * cw));
            if (near(mid, 0, 0, 255)) {
                what[r * size + c] = 'c';
                ncirc++;
            } else if (near(mid, 255, 0, 0) && near(ul, 255, 255, 255) && near(ur, 255, 255, 255)) {
                what[r * size + c] = 't';
                ntri++;
            } else if (!near(mid, 255, 255, 255)) {
                snprintf(msg, n, "cell row %d column %d reads as nothing known", r, c);
                why = msg;
            }
        }
    bool right = false;
    for (int r = 0; r < size; r++)
        for (int c = 0; c + 1 < size; c++)
            right |= what[r * size + c] == 't' && what[r * size + c + 1] == 'c';
    free(what);
    if (why)
        return why;
    int want_tri = p->level < cells - p->level ? p->level : cells - p->level;
    if (ncirc != p->level || rec_int(s, "circles") != ncirc || ntri != want_tri || rec_int(s, "triangles") != ntri) {
        snprintf(msg, n, "%d circles and %d triangles seen, record %d and %d, level %d", ncirc, ntri,
                 rec_int(s, "circles"), rec_int(s, "triangles"), p->level);
        return msg;
    }
    const cJSON *rv = cJSON_GetObjectItemCaseSensitive(s->record, "right");
    if (!cJSON_IsBool(rv) || cJSON_IsTrue(rv) != right) {
        snprintf(msg, n, "right is %s in the picture, the record says otherwise", right ? "true" : "false");
        return msg;
    }
    return NULL;
}

int main(void)
{
    int failed = harness_run("circle_right_triangle", check, NULL, 0) != 0;
    /* other grid sizes, with the fullest boards */
    static const int sizes[] = {2, 3, 9, 15, 26};
    char err[256], msg[512];
    const generator *g = generator_find("circle_right_triangle");
    if (font_init(err, sizeof err) != 0) {
        printf("FAIL %s\n", err);
        return 1;
    }
    sample_out s;
    sample_out_init(&s);
    int swept = 0;
    for (int i = 0; i < 5; i++) {
        int cells = sizes[i] * sizes[i], lv[3] = {1, cells / 2, cells};
        for (int j = 0; j < 3; j++)
            for (long k = 0; k < 3; k++) {
                gen_params q = {.level = lv[j], .grid_size = sizes[i], .file = 1000L * sizes[i] + 10 * j + k};
                const char *why = make_sample(g, HARNESS_SEED, &q, &s) != 0 ? s.err : check(&s, &q, msg, sizeof msg);
                if (why) {
                    printf("FAIL grid_size %d level %d: %s\n", sizes[i], lv[j], why);
                    failed++;
                }
                swept++;
            }
    }
    sample_out_free(&s);
    font_done();
    printf("circle_right_triangle other grid sizes: %d samples\n", swept);
    gen_params too_many = {.level = 10, .grid_size = 3};
    if (g->check_level(&too_many, err, sizeof err) == 0 || !strstr(err, "3x3 grid")) {
        printf("FAIL level 10 on a 3x3 grid is not refused clearly: '%s'\n", err);
        failed++;
    }
    return failed ? 1 : 0;
}
