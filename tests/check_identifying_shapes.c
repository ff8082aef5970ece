/* SPDX-License-Identifier: MIT */
/* identifying_shapes: the original's narrow column: a canvas 97 x (77 n + 20) px
 * (77 n + 19 where matplotlib's inch arithmetic comes out just short of the whole
 * pixel and truncates: n = 100; everything then sits that fraction higher);
 * n - 1 black lines across the axes (x 10 to 87) between the rows, 77 px apart; in
 * each row one filled shape centred at (48.5, 10 + 77 (i + 0.5)), circumradius
 * 23.1 px: a circle
 * or a regular polygon with a corner straight up.  The test names each shape from
 * its primitive (no corners: Circle; 3, 4, 5, 6 corners of a regular polygon:
 * Triangle, Diamond, Pentagon, Hexagon, from its own table), checks the kind's
 * colour is the original's (blue, red, green, cyan, magenta), and names it again
 * from the rendered pixels: the coloured coverage of the row's band, as a share of
 * the circumscribed disc, is nearest to that kind's share (1, 0.41, 0.64, 0.76,
 * 0.83), far from the others.  Both names must be the record's word for the row,
 * top first, and Gold_side its side count.  Levels past the release (21, 50, 100)
 * draw; 101 is refused. */
#include "harness.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define UNIT 77.0
#define WIDTH 97
#define MAX_ROWS 100
#define RADIUS (0.3 * UNIT)
#define EPS 1e-6
/* A pixel share may be off its kind's by this much (antialiasing, the circle's
 * 1 pt edge); the nearest other kind is at least 0.07 away, so this decides. */
#define SHARE_TOLERANCE 0.03

static const struct {
    int sides;
    const char *name;
    rgb colour;
} TABLE[] = {
    {0, "Circle", {0, 0, 255}},      {3, "Triangle", {255, 0, 0}},   {4, "Diamond", {0, 128, 0}},
    {5, "Pentagon", {0, 255, 255}}, {6, "Hexagon", {255, 0, 255}},
};

/* The share of its circumscribed disc a regular polygon of k sides fills (k = 0:
 * a circle, 1). */
static double disc_share(int k) { return k == 0 ? 1.0 : k * sin(2 * M_PI / k) / (2 * M_PI); }

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    int rows = p->level;
    if (rows > MAX_ROWS)
        return "more rows than the check handles";
    int full = (int)(UNIT * rows + 20);
    if (sc->width != WIDTH || (sc->height != full && sc->height != full - 1)) {
        snprintf(msg, n, "canvas %dx%d for %d rows", sc->width, sc->height, rows);
        return msg;
    }
    /* the top edge, in the full column's pixels: 0, or just under -1 when cut */
    double top = sc->height == full ? 0 : -1;
    if (rec_int(s, "Rows") != rows)
        return "Rows is not the level";
    const cJSON *names = cJSON_GetObjectItemCaseSensitive(s->record, "Gold_output");
    const cJSON *sides = cJSON_GetObjectItemCaseSensitive(s->record, "Gold_side");
    if (cJSON_GetArraySize(names) != rows || cJSON_GetArraySize(sides) != rows)
        return "Gold_output or Gold_side is not one item per row";

    const prim *shape[MAX_ROWS] = {0};
    int nlines = 0;
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (a->type == PRIM_POLYLINE) { /* a line: matplotlib's 1.5-pt (2.08-px) Line2D */
            const point *q = prim_points(sc, a);
            if (a->edges != EDGES_MPL || a->npts != 2 || fabs(a->stroke_width - 1.5 * 100 / 72) > 1e-9 ||
                q[0].y != q[1].y || a->stroke.r || a->stroke.g || a->stroke.b)
                return "a line that is not one black horizontal line";
            if (fabs(q[0].x - 10) > EPS || fabs(q[1].x - 87) > EPS ||
                fabs(q[0].y - (10 + top + UNIT * (nlines + 1))) > EPS)
                return "a line not from x 10 to 87 at the bottom of its row";
            nlines++;
            continue;
        }
        if (a->type != PRIM_CIRCLE && a->type != PRIM_POLYGON)
            return "a primitive that is neither a line nor a shape";
        double cx = 0, cy = 0;
        if (a->type == PRIM_CIRCLE) {
            cx = a->x, cy = a->y;
        } else {
            const point *q = prim_points(sc, a);
            for (int k = 0; k < a->npts; k++)
                cx += q[k].x / a->npts, cy += q[k].y / a->npts;
        }
        int row = (int)floor((cy - 10 - top) / UNIT);
        if (row < 0 || row >= rows || shape[row] || fabs(cx - 48.5) > EPS ||
            fabs(cy - 10 - top - UNIT * (row + 0.5)) > EPS)
            return "a shape that is not the only one, centred, in its row";
        shape[row] = a;
    }
    if (nlines != rows - 1)
        return "not one line between each two rows";

    const canvas *cv = harness_render(sc);
    for (int r = 0; r < rows; r++) {
        const prim *a = shape[r];
        if (!a) {
            snprintf(msg, n, "row %d has no shape", r + 1);
            return msg;
        }
        int k = a->type == PRIM_CIRCLE ? 0 : a->npts;
        if (k == 0 && fabs(a->r - RADIUS) > EPS)
            return "a circle's radius is not 0.3 of a row";
        if (k) {
            const point *q = prim_points(sc, a);
            double cx = 48.5, cy = 10 + top + UNIT * (r + 0.5);
            bool up = false;
            for (int j = 0; j < k; j++) {
                const point *u = &q[j], *v = &q[(j + 1) % k];
                if (fabs(hypot(u->x - cx, u->y - cy) - RADIUS) > EPS ||
                    fabs(hypot(v->x - u->x, v->y - u->y) - 2 * RADIUS * sin(M_PI / k)) > EPS)
                    return "a polygon that is not regular with circumradius 0.3 of a row";
                up |= fabs(u->x - cx) < EPS && u->y < cy;
            }
            if (!up)
                return "a polygon without a corner straight up";
        }
        int t = 0;
        while (t < 5 && TABLE[t].sides != k)
            t++;
        if (t == 5) {
            snprintf(msg, n, "row %d: a shape of %d sides", r + 1, k);
            return msg;
        }
        if (memcmp(&a->fill, &TABLE[t].colour, sizeof(rgb)) != 0)
            return "a kind not in the original's colour";

        /* from the pixels: the coloured coverage of the band between the lines */
        double cov = 0;
        for (int y = 10 + (int)(top + UNIT * r) + 3; y < 10 + (int)(top + UNIT * (r + 1)) - 3; y++)
            for (int x = 0; x < WIDTH; x++) {
                rgb c = canvas_pixel(cv, x, y);
                int hi = c.r > c.g ? (c.r > c.b ? c.r : c.b) : (c.g > c.b ? c.g : c.b);
                int lo = c.r < c.g ? (c.r < c.b ? c.r : c.b) : (c.g < c.b ? c.g : c.b);
                /* a mix of colour f and white at coverage a: max - min = a (max - min of f) */
                int span = TABLE[t].colour.r + TABLE[t].colour.g + TABLE[t].colour.b == 128 ? 128 : 255;
                cov += (double)(hi - lo) / span;
            }
        double share = cov / (M_PI * RADIUS * RADIUS);
        int best = 0;
        for (int j = 1; j < 5; j++)
            if (fabs(share - disc_share(TABLE[j].sides)) < fabs(share - disc_share(TABLE[best].sides)))
                best = j;
        double tol = k == 0 ? 0.08 : SHARE_TOLERANCE; /* the circle's edge adds 6% */
        if (best != t || fabs(share - disc_share(k)) > tol) {
            snprintf(msg, n, "row %d: the pixels fill %.3f of the disc, not a %s's %.3f", r + 1, share, TABLE[t].name,
                     disc_share(k));
            return msg;
        }
        const cJSON *w = cJSON_GetArrayItem(names, r), *sd = cJSON_GetArrayItem(sides, r);
        if (!cJSON_IsString(w) || strcmp(w->valuestring, TABLE[t].name) != 0 || !cJSON_IsNumber(sd) ||
            sd->valueint != k) {
            snprintf(msg, n, "row %d: a %s, the record says %s / %d", r + 1, TABLE[t].name,
                     cJSON_IsString(w) ? w->valuestring : "?", cJSON_IsNumber(sd) ? sd->valueint : -1);
            return msg;
        }
    }
    return NULL;
}

int main(void)
{
    const int extra[] = {21, 50, MAX_ROWS};
    int rc = harness_run("identifying_shapes", check, extra, 3);
    return rc | harness_refuses("identifying_shapes", MAX_ROWS + 1, 0);
}
