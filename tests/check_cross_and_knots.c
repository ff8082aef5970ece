/* cross_and_knots: n marks in n distinct cells, each a cross (two crossing
 * diagonal strokes) or a knot (a ring), each inside its cell; crosses,
 * cross_positions (1-based [row, col] in reading order) and gold_output agree with
 * the drawn crosses.  Pixels: a cross is dark at its centre, a knot is white at
 * its centre and dark on its ring, and unmarked cells are white at their centre.
 * Also run on a 26 x 26 board (the largest --grid_size, which grows the canvas). */
#include "font.h"
#include "harness.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define EPS 0.01
/* Largest board the CLI allows. */
#define MAX_SIDE 26
/* A mark's ink (stroke included) stays this share of a cell clear of the cell's
 * edges, so it is never read as belonging to a neighbour. */
#define MARK_CLEARANCE 0.1

typedef struct geom {
    int n;
    double x0, y0, cell;
} geom;

static bool is_white(rgb c) { return c.r == 255 && c.g == 255 && c.b == 255; }
static bool is_dark(rgb c) { return c.r + c.g + c.b < 150; }

static const char *check_board(const sample_out *s, int side, int marks_wanted, char *msg, size_t mlen)
{
    const scene *sc = &s->img[0];
    geom g = {side, 1e9, 1e9, 0};
    double x1 = -1e9;
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (a->kind && strcmp(a->kind, "grid") == 0)
            for (int k = 0; k < a->npts; k++) {
                point q = prim_points(sc, a)[k];
                g.x0 = fmin(g.x0, q.x), g.y0 = fmin(g.y0, q.y), x1 = fmax(x1, q.x);
            }
    }
    g.cell = (x1 - g.x0) / side;

    /* kind[cell]: 0 empty, 1 cross, 2 knot; arms[object] counts a cross's strokes. */
    int kind[MAX_SIDE * MAX_SIDE] = {0}, arms[MAX_SIDE * MAX_SIDE] = {0}, cell_of_obj[MAX_SIDE * MAX_SIDE];
    for (int i = 0; i < MAX_SIDE * MAX_SIDE; i++)
        cell_of_obj[i] = -1;
    int objects = 0;
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (!a->kind || (strcmp(a->kind, "cross") != 0 && strcmp(a->kind, "knot") != 0))
            continue;
        if (a->object < 0 || a->object >= MAX_SIDE * MAX_SIDE)
            return "a mark without an object number";
        double bx0, by0, bx1, by1;
        prim_bbox(sc, a, &bx0, &by0, &bx1, &by1);
        int c = (int)floor(((bx0 + bx1) / 2 - g.x0) / g.cell), r = (int)floor(((by0 + by1) / 2 - g.y0) / g.cell);
        if (r < 0 || r >= side || c < 0 || c >= side)
            return "a mark is off the board";
        double cx0 = g.x0 + c * g.cell, cy0 = g.y0 + r * g.cell, clear = MARK_CLEARANCE * g.cell;
        if (bx0 < cx0 + clear || by0 < cy0 + clear || bx1 > cx0 + g.cell - clear || by1 > cy0 + g.cell - clear)
            return "a mark comes too close to its cell's edge";
        int cell = r * side + c;
        bool cross = strcmp(a->kind, "cross") == 0;
        if (cross) {
            if (a->type != PRIM_POLYLINE || a->npts != 2)
                return "a cross arm that is not one straight stroke";
            point u = prim_points(sc, a)[0], v = prim_points(sc, a)[1];
            if (fabs(fabs(u.x - v.x) - fabs(u.y - v.y)) > EPS)
                return "a cross arm that is not diagonal";
            arms[a->object]++;
        } else if (a->type != PRIM_CIRCLE || a->filled || a->stroke_width <= 0) {
            return "a knot that is not a ring";
        }
        if (cell_of_obj[a->object] < 0) {
            if (kind[cell])
                return "two marks in one cell";
            cell_of_obj[a->object] = cell;
            kind[cell] = cross ? 1 : 2;
            objects++;
        } else if (cell_of_obj[a->object] != cell || kind[cell] != (cross ? 1 : 2)) {
            return "one mark's parts lie in different cells or mix kinds";
        }
    }
    if (objects != marks_wanted || rec_int(s, "n") != objects) {
        snprintf(msg, mlen, "drew %d marks, level %d, record n %d", objects, marks_wanted, rec_int(s, "n"));
        return msg;
    }

    /* Crosses in reading order. */
    const cJSON *pos = cJSON_GetObjectItemCaseSensitive(s->record, "cross_positions");
    char want[MAX_SIDE * MAX_SIDE * 4 + 8] = "";
    size_t at = 0;
    int crosses = 0;
    for (int k = 0; k < side * side; k++) {
        if (kind[k] != 1)
            continue;
        const cJSON *rc = cJSON_GetArrayItem(pos, crosses);
        if (!rc || (int)cJSON_GetArrayItem(rc, 0)->valuedouble != k / side + 1 ||
            (int)cJSON_GetArrayItem(rc, 1)->valuedouble != k % side + 1) {
            snprintf(msg, mlen, "cross_positions[%d] is not [%d, %d]", crosses, k / side + 1, k % side + 1);
            return msg;
        }
        at += (size_t)snprintf(want + at, sizeof want - at, "%s%c%d", crosses ? " " : "", 'A' + k % side,
                               k / side + 1);
        crosses++;
    }
    if (crosses == 0)
        snprintf(want, sizeof want, "NONE");
    if (rec_int(s, "crosses") != crosses || cJSON_GetArraySize(pos) != crosses)
        return "crosses or the length of cross_positions is not the number of crosses drawn";
    if (strcmp(want, rec_str(s, "gold_output")) != 0) {
        snprintf(msg, mlen, "gold_output '%s', the board reads '%s'", rec_str(s, "gold_output"), want);
        return msg;
    }
    for (int o = 0; o < MAX_SIDE * MAX_SIDE; o++)
        if (cell_of_obj[o] >= 0 && kind[cell_of_obj[o]] == 1 && arms[o] != 2)
            return "a cross without exactly two arms";

    /* Pixels. */
    const canvas *cv = harness_render(sc);
    for (int k = 0; k < side * side; k++) {
        double cx = g.x0 + (k % side + 0.5) * g.cell, cy = g.y0 + (k / side + 0.5) * g.cell;
        rgb mid = canvas_pixel(cv, (int)cx, (int)cy);
        bool bad = kind[k] == 1 ? !is_dark(mid) : !is_white(mid);
        if (!bad && kind[k] == 2) {
            /* The ring: dark somewhere on the horizontal line through the centre. */
            bool ring = false;
            for (int x = (int)cx; x < (int)(cx + g.cell / 2) && !ring; x++)
                ring = is_dark(canvas_pixel(cv, x, (int)cy));
            bad = !ring;
        }
        if (bad) {
            snprintf(msg, mlen, "cell %c%d does not look like %s", 'A' + k % side, k / side + 1,
                     kind[k] == 1 ? "a cross" : kind[k] == 2 ? "a knot" : "an empty cell");
            return msg;
        }
    }
    return NULL;
}

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t mlen)
{
    return check_board(s, p->grid_size, p->level, msg, mlen);
}

/* The harness runs grid_size 6; also check the largest board at a few levels. */
int main(void)
{
    int rc = harness_run("cross_and_knots", check, NULL, 0);
    if (rc != 0)
        return rc;
    char err[512];
    if (font_init(err, sizeof err) != 0) {
        printf("cross_and_knots: %s\n", err);
        return 1;
    }
    const generator *g = generator_find("cross_and_knots");
    sample_out s;
    sample_out_init(&s);
    char msg[512];
    int failed = 0, levels[] = {1, 20, 100, MAX_SIDE * MAX_SIDE};
    for (int i = 0; i < 4; i++) {
        gen_params p = {.level = levels[i], .grid_size = MAX_SIDE, .file = 9000 + i};
        const char *why = make_sample(g, HARNESS_SEED, &p, &s) != 0 ? s.err : check(&s, &p, msg, sizeof msg);
        if (why) {
            printf("FAIL cross_and_knots %dx%d level %d: %s\n", MAX_SIDE, MAX_SIDE, levels[i], why);
            failed++;
        }
    }
    sample_out_free(&s);
    font_done();
    printf("cross_and_knots on a %dx%d board: %d failed\n", MAX_SIDE, MAX_SIDE, failed);
    return failed != 0;
}
