/* numbered_shapes: every shape is recognised from its geometry (a circle, or a
 * polygon of 3, 4 or 5 sides; the 4-sided one a 2:1 rectangle) and holds exactly one
 * number, 1..99, all distinct, whose ink box lies inside it with room to spare; the
 * record's arrays are the numbers of each kind, ascending.  Numbers keep a readable
 * size and contrast, and in the rendered image the number's box shows only the
 * number's ink over its shape's fill. */
#include "harness.h"

#include "font.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Looser than the generator's margins (5 px inset, 6:1 contrast, 20 px font). */
#define MIN_TEXT_INSET 3.0
#define MIN_CONTRAST 4.5
#define MIN_FONT 18.0
#define MIN_SHAPE_GAP 8.0
/* Pixels in a number's box must lie within this RGB distance of the line from the
 * fill to the text colour (anti-aliasing mixes only those two). */
#define MIX_TOLERANCE 14.0
/* Share of a number's box that its ink covers at least ("7" covers about 11%). */
#define MIN_INK_SHARE 0.08

#define MAX_SHAPES 128

enum { K_CIRCLE, K_PENTAGON, K_RECTANGLE, K_TRIANGLE };
static const char *const FIELD[4] = {"circles", "pentagons", "rectangles", "triangles"};

typedef struct shape {
    const prim *p;
    int kind;
    double cx, cy, rad; /* bounding circle */
    int number;
} shape;

static double lum(rgb c)
{
    double v[3] = {c.r / 255.0, c.g / 255.0, c.b / 255.0};
    for (int i = 0; i < 3; i++)
        v[i] = v[i] <= 0.04045 ? v[i] / 12.92 : pow((v[i] + 0.055) / 1.055, 2.4);
    return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
}

/* Depth of (x, y) inside the shape: positive inside, distance to the outline. */
static double depth(const scene *sc, const shape *s, double x, double y)
{
    if (s->kind == K_CIRCLE)
        return s->p->r - hypot(x - s->p->x, y - s->p->y);
    const point *q = prim_points(sc, s->p);
    int n = s->p->npts;
    double d = INFINITY;
    bool in = true;
    double sign = 0;
    for (int i = 0; i < n; i++) {
        point a = q[i], b = q[(i + 1) % n];
        double cr = (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x);
        if (sign == 0)
            sign = cr;
        else if (cr * sign < 0)
            in = false;
        double dx = b.x - a.x, dy = b.y - a.y, l2 = dx * dx + dy * dy;
        double t = ((x - a.x) * dx + (y - a.y) * dy) / l2;
        t = t < 0 ? 0 : t > 1 ? 1 : t;
        d = fmin(d, hypot(a.x + t * dx - x, a.y + t * dy - y));
    }
    return in ? d : -d;
}

static int classify(const scene *sc, const prim *p, double *cx, double *cy, double *rad)
{
    if (p->type == PRIM_CIRCLE) {
        *cx = p->x, *cy = p->y, *rad = p->r;
        return K_CIRCLE;
    }
    if (p->type != PRIM_POLYGON)
        return -1;
    const point *q = prim_points(sc, p);
    double sx = 0, sy = 0;
    for (int i = 0; i < p->npts; i++)
        sx += q[i].x, sy += q[i].y;
    *cx = sx / p->npts, *cy = sy / p->npts, *rad = 0;
    for (int i = 0; i < p->npts; i++)
        *rad = fmax(*rad, hypot(q[i].x - *cx, q[i].y - *cy));
    if (p->npts == 3)
        return K_TRIANGLE;
    if (p->npts == 5)
        return K_PENTAGON;
    if (p->npts == 4) {
        double a = hypot(q[1].x - q[0].x, q[1].y - q[0].y), b = hypot(q[2].x - q[1].x, q[2].y - q[1].y);
        double dot = (q[1].x - q[0].x) * (q[2].x - q[1].x) + (q[1].y - q[0].y) * (q[2].y - q[1].y);
        if (fabs(dot) < 1e-6 * a * b && fabs(fmax(a, b) / fmin(a, b) - 2) < 0.01)
            return K_RECTANGLE;
    }
    return -1;
}

static double mix_distance(rgb px, rgb a, rgb b)
{
    double d[3] = {b.r - a.r, b.g - a.g, b.b - a.b}, v[3] = {px.r - a.r, px.g - a.g, px.b - a.b};
    double l2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
    double t = l2 > 0 ? (v[0] * d[0] + v[1] * d[1] + v[2] * d[2]) / l2 : 0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    return sqrt(pow(v[0] - t * d[0], 2) + pow(v[1] - t * d[1], 2) + pow(v[2] - t * d[2], 2));
}

static int cmp(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    shape sh[MAX_SHAPES];
    int ns = 0;
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (a->type == PRIM_TEXT)
            continue;
        if (ns == MAX_SHAPES)
            return "too many shapes";
        shape *t = &sh[ns++];
        t->p = a;
        t->number = -1;
        t->kind = classify(sc, a, &t->cx, &t->cy, &t->rad);
        if (t->kind < 0)
            return "a shape that is none of the four kinds";
        double x0, y0, x1, y1;
        prim_bbox(sc, a, &x0, &y0, &x1, &y1);
        if (x0 < 0 || y0 < 0 || x1 > sc->width || y1 > sc->height)
            return "a shape leaves the canvas";
        for (int j = 0; j < ns - 1; j++)
            if (hypot(t->cx - sh[j].cx, t->cy - sh[j].cy) - t->rad - sh[j].rad - a->stroke_width < MIN_SHAPE_GAP)
                return "two shapes are too close";
    }
    if (ns != p->level || rec_int(s, "num_objects") != ns) {
        snprintf(msg, n, "drew %d shapes, level %d, record %d", ns, p->level, rec_int(s, "num_objects"));
        return msg;
    }
    bool used[100] = {false};
    const canvas *cv = harness_render(sc);
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (a->type != PRIM_TEXT)
            continue;
        char *end;
        long v = strtol(a->label, &end, 10);
        if (*end || v < 1 || v > 99 || used[v])
            return "a label that is not a fresh number 1..99";
        used[v] = true;
        if (a->font_size < MIN_FONT)
            return "a number drawn too small";
        double px, py, x0, y0, x1, y1;
        font_text_place(a->font_size, a->label, a->x, a->y, &px, &py, &x0, &y0, &x1, &y1);
        shape *home = NULL;
        for (int k = 0; k < ns; k++) {
            double inset = sh[k].p->stroke_width / 2 + MIN_TEXT_INSET;
            double xs[2] = {x0, x1}, ys[2] = {y0, y1};
            bool in = true;
            for (int u = 0; u < 2; u++)
                for (int w = 0; w < 2; w++)
                    in &= depth(sc, &sh[k], xs[u], ys[w]) >= inset;
            if (in) {
                if (home)
                    return "a number inside two shapes";
                home = &sh[k];
            }
        }
        if (!home) {
            snprintf(msg, n, "the number %s is not wholly inside a shape", a->label);
            return msg;
        }
        if (home->number >= 0)
            return "a shape with two numbers";
        home->number = (int)v;
        double l1 = lum(a->fill), l2 = lum(home->p->fill);
        double ratio = (fmax(l1, l2) + 0.05) / (fmin(l1, l2) + 0.05);
        if (ratio < MIN_CONTRAST) {
            snprintf(msg, n, "the number %s has contrast %.2f against its fill", a->label, ratio);
            return msg;
        }
        /* pixels of the box (1 px out): only the fill and the number's ink */
        int ink = 0, total = 0;
        for (int y = (int)floor(y0) - 1; y <= (int)ceil(y1); y++)
            for (int x = (int)floor(x0) - 1; x <= (int)ceil(x1); x++) {
                rgb c = canvas_pixel(cv, x, y);
                if (mix_distance(c, home->p->fill, a->fill) > MIX_TOLERANCE) {
                    snprintf(msg, n, "a foreign colour in the box of the number %s", a->label);
                    return msg;
                }
                total++;
                ink += abs(c.r - a->fill.r) + abs(c.g - a->fill.g) + abs(c.b - a->fill.b) < 60;
            }
        if (ink < MIN_INK_SHARE * total) {
            snprintf(msg, n, "the number %s shows little ink (%d of %d pixels)", a->label, ink, total);
            return msg;
        }
    }
    int want[4][128], cnt[4] = {0, 0, 0, 0};
    for (int k = 0; k < ns; k++) {
        if (sh[k].number < 0)
            return "a shape without a number";
        want[sh[k].kind][cnt[sh[k].kind]++] = sh[k].number;
    }
    for (int f = 0; f < 4; f++) {
        qsort(want[f], (size_t)cnt[f], sizeof(int), cmp);
        const cJSON *arr = cJSON_GetObjectItemCaseSensitive(s->record, FIELD[f]);
        if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) != cnt[f]) {
            snprintf(msg, n, "%s: wrong length", FIELD[f]);
            return msg;
        }
        for (int k = 0; k < cnt[f]; k++)
            if (cJSON_GetArrayItem(arr, k)->valueint != want[f][k]) {
                snprintf(msg, n, "%s: item %d is %d, the image has %d", FIELD[f], k,
                         cJSON_GetArrayItem(arr, k)->valueint, want[f][k]);
                return msg;
            }
    }
    return NULL;
}

HARNESS_MAIN("numbered_shapes", check)
