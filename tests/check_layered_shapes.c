/* layered_shapes: the original's 1800x1800 white canvas holds n regular polygons
 * centred on its middle (Pillow's (900, 900): the centre of pixel 900, at 900.5
 * here), a vertex of each at angle 0, the outermost of circumradius 800
 * and each next one inscribed in the one before (circumradius = the previous
 * one's inradius), kinds diamond (4 sides), hexagon (6) and octagon (8), black
 * 1-px outlines, fills with channels in 50..205 and every two more than 500 apart
 * in squared RGB distance (the original's rules).  The record's order is the
 * kinds read from the outlines, innermost (smallest) first.  In the rendered
 * image, along the ray at angle 0, every layer whose band there (between its
 * vertex and the next layer's) is at least 4 px wide shows its own fill; how many
 * layers are that wide is printed as a measurement (docs/tasks/layered_shapes.md). */
#include "harness.h"

#include <math.h>
#include <string.h>

#define MAX 64
/* The polygons' centre: Pillow's pixel 900 (scene.h, EDGES_PILLOW). */
#define C 900.5

static long wide_layers, all_layers;

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    if (sc->width != 1800 || sc->height != 1800)
        return "the canvas is not the original's 1800x1800";
    const prim *L[MAX];
    double rad[MAX];
    int k = 0;
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (a->type != PRIM_POLYGON || !a->filled || a->stroke_width != 1 || a->stroke.r || a->stroke.g ||
            a->stroke.b)
            return "something that is not a filled polygon with a black 1-px outline";
        if (k == MAX)
            return "too many layers";
        const point *q = prim_points(sc, a);
        double r = hypot(q[0].x - C, q[0].y - C);
        if (fabs(q[0].y - C) > 1e-9 || q[0].x < C)
            return "a polygon whose first vertex is not at angle 0";
        for (int j = 0; j < a->npts; j++) {
            double rj = hypot(q[j].x - C, q[j].y - C), ang = atan2(q[j].y - C, q[j].x - C);
            double step = 2 * M_PI / a->npts, m = fmod(ang + 2 * M_PI, step);
            if (fabs(rj - r) > 1e-6 || (m > 1e-6 && step - m > 1e-6))
                return "a polygon that is not regular around the centre";
        }
        const char *kind = a->npts == 4 ? "diamond" : a->npts == 6 ? "hexagon" : a->npts == 8 ? "octagon" : "?";
        if (strcmp(kind, a->kind) != 0)
            return "a polygon whose sides are not its kind";
        double want = k == 0 ? 800 : rad[k - 1] * cos(M_PI / L[k - 1]->npts);
        if (fabs(r - want) > 1e-6) {
            snprintf(msg, n, "layer %d has circumradius %.3f, inscribed in the one below it is %.3f", k, r, want);
            return msg;
        }
        rgb c = a->fill;
        if (c.r < 50 || c.r > 205 || c.g < 50 || c.g > 205 || c.b < 50 || c.b > 205)
            return "a fill outside 50..205";
        for (int j = 0; j < k; j++) {
            int dr = c.r - L[j]->fill.r, dg = c.g - L[j]->fill.g, db = c.b - L[j]->fill.b;
            if (dr * dr + dg * dg + db * db <= 500)
                return "two fills 500 or less apart";
        }
        L[k] = a;
        rad[k++] = r;
    }
    if (k != p->level || rec_int(s, "num_layers") != k) {
        snprintf(msg, n, "drew %d layers, level %d, record %d", k, p->level, rec_int(s, "num_layers"));
        return msg;
    }
    const cJSON *order = cJSON_GetObjectItemCaseSensitive(s->record, "order");
    if (cJSON_GetArraySize(order) != k)
        return "order does not hold one kind per layer";
    for (int i = 0; i < k; i++) {
        const cJSON *v = cJSON_GetArrayItem(order, i);
        if (!cJSON_IsString(v) || strcmp(v->valuestring, L[k - 1 - i]->kind) != 0) {
            snprintf(msg, n, "order[%d] is %s, layer %d from the inside is a %s", i,
                     cJSON_IsString(v) ? v->valuestring : "?", i + 1, L[k - 1 - i]->kind);
            return msg;
        }
    }
    const canvas *cv = harness_render(sc);
    for (int i = 0; i < k; i++) {
        double inner = i + 1 < k ? rad[i + 1] : 0;
        all_layers++;
        if (rad[i] - inner < 4)
            continue;
        wide_layers++;
        rgb c = canvas_pixel(cv, (int)floor(C + (rad[i] + inner) / 2), 900);
        if (c.r != L[i]->fill.r || c.g != L[i]->fill.g || c.b != L[i]->fill.b) {
            snprintf(msg, n, "layer %d (%s) does not show its fill at angle 0", i, L[i]->kind);
            return msg;
        }
    }
    return NULL;
}

int main(void)
{
    int rc = harness_run("layered_shapes", check, NULL, 0);
    printf("layered_shapes: %ld of %ld layers show a band of 4 px or more at their vertex\n", wide_layers,
           all_layers);
    return rc;
}
