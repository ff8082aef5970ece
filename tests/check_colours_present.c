/* colours_present: the record's 20 answers are, in palette order, whether some shape
 * above the strip has that palette colour (matched by RGB value, not by name); rules.txt
 * lists the palette names in that same order; the strip is appended below the scene.
 * In the rendered scene (above the strip) every pixel is white, a shape's colour or
 * a blend of white with one of them, and each colour said "yes" shows a solid area
 * while each colour said "no" shows none. */
#include "harness.h"

#include "palette.h"
#include "swatches.h"

#include <math.h>
#include <string.h>

/* Blends with white: RGB distance from the white-to-colour line, for anti-aliasing. */
#define BLEND_TOLERANCE 3.0
/* Exact-colour pixels a present colour shows at least: the smallest shape (radius
 * 24 px triangle) covers far more. */
#define MIN_SOLID_PIXELS 200
/* Exact-colour pixels an absent colour may show by chance in an edge blend. */
#define MAX_STRAY_PIXELS 5
#define MIN_SHAPE_GAP 8.0

#define MAX_SHAPES 128

typedef struct circle_of {
    double x, y, r;
} circle_of;

/* The circle around a shape: its own circle, or the vertices' mean and farthest. */
static circle_of circumcircle(const scene *sc, const prim *a)
{
    if (a->type == PRIM_CIRCLE)
        return (circle_of){a->x, a->y, a->r};
    const point *q = prim_points(sc, a);
    circle_of c = {0, 0, 0};
    for (int k = 0; k < a->npts; k++)
        c.x += q[k].x / a->npts, c.y += q[k].y / a->npts;
    for (int k = 0; k < a->npts; k++)
        c.r = fmax(c.r, hypot(q[k].x - c.x, q[k].y - c.y));
    return c;
}

static bool same(rgb a, rgb b) { return a.r == b.r && a.g == b.g && a.b == b.b; }

static int palette_of(rgb c)
{
    for (int i = 0; i < PALETTE_SIZE; i++)
        if (PALETTE[i].value.r == c.r && PALETTE[i].value.g == c.g && PALETTE[i].value.b == c.b)
            return i;
    return -1;
}

static double blend_distance(rgb px, rgb c)
{
    double d[3] = {c.r - 255.0, c.g - 255.0, c.b - 255.0}, v[3] = {px.r - 255.0, px.g - 255.0, px.b - 255.0};
    double l2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
    double t = l2 > 0 ? (v[0] * d[0] + v[1] * d[1] + v[2] * d[2]) / l2 : 0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    return sqrt(pow(v[0] - t * d[0], 2) + pow(v[1] - t * d[1], 2) + pow(v[2] - t * d[2], 2));
}

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    int top = GEN_CANVAS; /* the scene; the strip lies below */
    if (sc->width != GEN_CANVAS || sc->height != top + swatch_strip_height(sc->width))
        return "the scene is not the canvas with the strip below";
    bool present[PALETTE_SIZE] = {false};
    circle_of circ[MAX_SHAPES];
    int shapes = 0, swatches = 0;
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        double x0, y0, x1, y1;
        prim_bbox(sc, a, &x0, &y0, &x1, &y1);
        if (y0 >= top) {
            swatches += a->type == PRIM_RECT;
            continue;
        }
        if (a->object < 0 || !a->filled || a->stroke_width > 0)
            return "something above the strip that is not a plain filled shape";
        if (x0 < 0 || y0 < 0 || x1 > sc->width || y1 > top)
            return "a shape leaves the scene";
        int c = palette_of(a->fill);
        if (c < 0)
            return "a shape whose colour is not in the palette";
        present[c] = true;
        shapes++;
        if (shapes > MAX_SHAPES)
            return "too many shapes";
        circ[shapes - 1] = circumcircle(sc, a);
        for (int j = 0; j < shapes - 1; j++)
            if (hypot(circ[j].x - circ[shapes - 1].x, circ[j].y - circ[shapes - 1].y) - circ[j].r -
                    circ[shapes - 1].r < MIN_SHAPE_GAP)
                return "two shapes are too close";
    }
    if (swatches != PALETTE_SIZE)
        return "the strip does not hold the 20 patches";
    if (shapes != p->level || rec_int(s, "num_objects") != shapes) {
        snprintf(msg, n, "drew %d shapes, level %d, record %d", shapes, p->level, rec_int(s, "num_objects"));
        return msg;
    }
    const cJSON *arr = cJSON_GetObjectItemCaseSensitive(s->record, "colours_present");
    if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) != PALETTE_SIZE)
        return "colours_present is not 20 answers";
    for (int i = 0; i < PALETTE_SIZE; i++) {
        const char *v = cJSON_GetArrayItem(arr, i)->valuestring;
        if (strcmp(v, present[i] ? "yes" : "no") != 0) {
            snprintf(msg, n, "%s is %s in the image, record says %s", PALETTE[i].name, present[i] ? "yes" : "no", v);
            return msg;
        }
    }

    /* rules.txt lists the names in palette order */
    const generator *g = generator_find("colours_present");
    const char *at = g->rules;
    for (int i = 0; i < PALETTE_SIZE; i++) {
        char word[40];
        snprintf(word, sizeof word, " %s,", PALETTE[i].name);
        const char *f = strstr(at, word);
        if (!f)
            return "rules.txt does not list the palette in order";
        at = f + strlen(word);
    }

    const canvas *cv = harness_render(sc);
    long solid[PALETTE_SIZE] = {0};
    int last = -1;
    for (int y = 0; y < top; y++)
        for (int x = 0; x < sc->width; x++) {
            rgb c = canvas_pixel(cv, x, y);
            if (c.r == 255 && c.g == 255 && c.b == 255)
                continue;
            /* inside a shape the pixel is most often the previous one's colour */
            int k = last >= 0 && same(c, PALETTE[last].value) ? last : palette_of(c);
            if (k >= 0) {
                last = k;
                solid[k]++;
                continue;
            }
            bool blend = false;
            for (int i = 0; i < PALETTE_SIZE && !blend; i++)
                blend = present[i] && blend_distance(c, PALETTE[i].value) <= BLEND_TOLERANCE;
            if (!blend) {
                snprintf(msg, n, "pixel (%d, %d) is neither white, a shape colour nor a blend of the two", x, y);
                return msg;
            }
        }
    for (int i = 0; i < PALETTE_SIZE; i++)
        if (present[i] ? solid[i] < MIN_SOLID_PIXELS : solid[i] > MAX_STRAY_PIXELS) {
            snprintf(msg, n, "%s shows %ld solid pixels but is %s", PALETTE[i].name, solid[i],
                     present[i] ? "present" : "absent");
            return msg;
        }
    return NULL;
}

HARNESS_MAIN("colours_present", check)
