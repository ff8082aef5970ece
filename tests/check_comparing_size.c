/* SPDX-License-Identifier: MIT */
/* comparing_size: the original's narrow column: a canvas 97 px wide and
 * floor(77.5 (n + 0.1) + 20) px tall; n black lines across the axes (x 10 to
 * 87.5), 77.5 px apart,
 * the lowest 17.75 px above the bottom edge (within a pixel); above each line one
 * blue circle (0,0,255) left of the middle and one green circle (0,128,0) right of
 * it, radii 3.875..15.5 px, clear of each other and of the lines.  From the
 * rendered pixels of each row's band (coverage-weighted blue and green), the
 * larger circle's colour is the record's word for that row, top row first, and
 * the two circles' diameters (from their pixel areas) differ by at least 7 px:
 * the original's 0.05-unit step is 7.75 px, plain at its own size.  Levels past
 * the release (21, 50, 100) draw; 101 is refused. */
#include "harness.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define PX_PER_ROW 77.5
#define WIDTH 97
#define MAX_ROWS 100
/* Least difference of the two diameters measured from the pixels (7.75 px drawn,
 * less what antialiasing takes off a pixel count). */
#define MIN_DIAMETER_DIFF 7.0
/* Radii of the original: 0.05..0.2 of a row. */
#define R_MIN (0.05 * PX_PER_ROW)
#define R_MAX (0.2 * PX_PER_ROW)
/* Least white space between a circle and a line or the other circle. */
#define MIN_CLEARANCE 3.0

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    int rows = p->level;
    if (rows > MAX_ROWS)
        return "more rows than the check handles";
    int want_h = (int)floor(PX_PER_ROW * (rows + 0.1) + 20);
    if (sc->width != WIDTH || sc->height != want_h) {
        snprintf(msg, n, "canvas %dx%d for %d rows, want %dx%d", sc->width, sc->height, rows, WIDTH, want_h);
        return msg;
    }
    if (rec_int(s, "Rows") != rows)
        return "Rows is not the level";
    const cJSON *gold = cJSON_GetObjectItemCaseSensitive(s->record, "Gold_output");
    if (!cJSON_IsArray(gold) || cJSON_GetArraySize(gold) != rows)
        return "Gold_output is not a list of one word per row";

    /* lines (top down) and circles, sorted by y into rows */
    double line_y[MAX_ROWS];
    const prim *blue[MAX_ROWS] = {0}, *green[MAX_ROWS] = {0};
    int nline = 0, nblue = 0, ngreen = 0;
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (a->type == PRIM_POLYLINE) { /* a line: matplotlib's 1.5-pt (2.08-px) Line2D */
            const point *q = prim_points(sc, a);
            if (a->edges != EDGES_MPL || a->npts != 2 || fabs(a->stroke_width - 1.5 * 100 / 72) > 1e-9 ||
                q[0].y != q[1].y || nline >= rows || a->stroke.r || a->stroke.g || a->stroke.b)
                return "a line that is not one black horizontal line";
            if (fabs(q[0].x - 10) > 1e-9 || fabs(q[1].x - 87.5) > 1e-9)
                return "a line not across the axes, x 10 to 87.5";
            /* where Agg draws it: snapped to the pixel edge (its width rounds to 2) */
            line_y[nline++] = floor(q[0].y + 0.5);
        } else if (a->type == PRIM_CIRCLE && a->fill.r == 0 && a->fill.g == 0 && a->fill.b == 255 && nblue < rows) {
            blue[nblue++] = a;
        } else if (a->type == PRIM_CIRCLE && a->fill.r == 0 && a->fill.g == 128 && a->fill.b == 0 && ngreen < rows) {
            green[ngreen++] = a;
        } else {
            return "a primitive that is neither a line nor a row's blue or green circle";
        }
    }
    if (nline != rows || nblue != rows || ngreen != rows)
        return "not one line, one blue and one green circle per row";
    for (int i = 1; i < rows; i++)
        if (fabs(line_y[i] - line_y[i - 1] - PX_PER_ROW) > 1.0)
            return "lines are not one row apart from the top down";
    if (fabs(sc->height - line_y[rows - 1] - 17.75) > 1.0)
        return "the lowest line is not 17.75 px above the bottom edge";

    const canvas *cv = harness_render(sc);
    for (int r = 0; r < rows; r++) {
        double top = r ? line_y[r - 1] : 0, bottom = line_y[r];
        /* the row's circles: the ones whose centres lie in this band */
        const prim *b = NULL, *g = NULL;
        for (int k = 0; k < rows; k++) {
            if (blue[k]->y > top && blue[k]->y < bottom)
                b = blue[k];
            if (green[k]->y > top && green[k]->y < bottom)
                g = green[k];
        }
        if (!b || !g) {
            snprintf(msg, n, "row %d lacks its blue or green circle", r + 1);
            return msg;
        }
        if (!(b->x + b->r < WIDTH / 2.0 && g->x - g->r > WIDTH / 2.0))
            return "the blue circle is not left of the middle and the green right of it";
        for (int k = 0; k < 2; k++) {
            const prim *c = k ? g : b;
            if (c->r < R_MIN - 1e-9 || c->r > R_MAX + 1e-9) {
                snprintf(msg, n, "row %d: radius %.2f px outside the original's %.2f..%.2f", r + 1, c->r, R_MIN, R_MAX);
                return msg;
            }
            if (c->y - c->r < top + 1 + MIN_CLEARANCE || c->y + c->r > bottom - 1 - MIN_CLEARANCE) {
                snprintf(msg, n, "row %d: a circle comes near a line", r + 1);
                return msg;
            }
        }
        if (g->x - b->x - b->r - g->r < MIN_CLEARANCE)
            return "a row's circles come near each other";

        /* coverage-weighted pixels of each colour in the band between the lines */
        double pb = 0, pg = 0;
        for (int y = (int)ceil(top + 2); y < (int)floor(bottom - 1); y++)
            for (int x = 0; x < WIDTH; x++) {
                rgb c = canvas_pixel(cv, x, y);
                if (c.b > c.r && abs(c.r - c.g) <= 2)
                    pb += (255.0 - c.r) / 255.0;
                else if (c.g > c.r && abs(c.r - c.b) <= 2)
                    pg += (255.0 - c.r) / 255.0;
            }
        double db = 2 * sqrt(pb / M_PI), dg = 2 * sqrt(pg / M_PI);
        if (fabs(db - dg) < MIN_DIAMETER_DIFF) {
            snprintf(msg, n, "row %d: diameters %.1f and %.1f px (from pixels) differ by less than %.1f", r + 1, db,
                     dg, MIN_DIAMETER_DIFF);
            return msg;
        }
        const char *want = db > dg ? "Blue" : "Green";
        const cJSON *w = cJSON_GetArrayItem(gold, r);
        if (!cJSON_IsString(w) || strcmp(w->valuestring, want) != 0) {
            snprintf(msg, n, "row %d: the larger circle is %s, the record says %s", r + 1, want,
                     cJSON_IsString(w) ? w->valuestring : "?");
            return msg;
        }
    }
    return NULL;
}

int main(void)
{
    const int extra[] = {21, 50, MAX_ROWS};
    int rc = harness_run("comparing_size", check, extra, 3);
    return rc | harness_refuses("comparing_size", MAX_ROWS + 1, 0);
}
