/* list_shapes: the record lists, left to right, the name of each shape, recomputed
 * from the scene (order from bounding boxes, kind from the outline's geometry:
 * vertex count, side lengths, diagonals); the row, contrast and pixel promises
 * hold (lineup_checks.h). */
#include "lineup_checks.h"

/* Sides or diagonals within this ratio count as equal. */
#define EQUAL_RATIO 1.02

static bool same(double a, double b) { return fmax(a, b) <= EQUAL_RATIO * fmin(a, b); }

static const char *kind_of(const scene *sc, const prim *a)
{
    if (a->type == PRIM_CIRCLE)
        return "circle";
    if (a->type != PRIM_POLYGON)
        return "?";
    const point *q = prim_points(sc, a);
    switch (a->npts) {
    case 3: return "triangle";
    case 5: return "pentagon";
    case 10: return "star";
    case 4: {
        double s0 = hypot(q[1].x - q[0].x, q[1].y - q[0].y), s1 = hypot(q[2].x - q[1].x, q[2].y - q[1].y);
        double d0 = hypot(q[2].x - q[0].x, q[2].y - q[0].y), d1 = hypot(q[3].x - q[1].x, q[3].y - q[1].y);
        if (same(s0, s1))
            return same(d0, d1) ? "square" : "diamond";
        return fabs(fmax(s0, s1) / fmin(s0, s1) - 2.0) < 0.05 && same(d0, d1) ? "rectangle" : "?";
    }
    default: return "?";
    }
}

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    int order[LC_MAX_SHAPES];
    if (sc->height != GEN_CANVAS || sc->width != GEN_CANVAS)
        return "a release level's canvas is not 800x800";
    const char *why = lineup_check(s, p, sc->height, order, msg, n);
    if (why)
        return why;
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(s->record, "list_shapes");
    if (cJSON_GetArraySize(list) != p->level)
        return "list_shapes has the wrong length";
    for (int i = 0; i < p->level; i++) {
        const prim *a = &sc->prims[order[i]];
        const char *k = kind_of(sc, a);
        const cJSON *name = cJSON_GetArrayItem(list, i);
        if (!cJSON_IsString(name) || strcmp(name->valuestring, k) != 0 || strcmp(a->kind, k) != 0) {
            snprintf(msg, n, "shape %d from the left looks like a %s, is marked %s, record says %s", i, k, a->kind,
                     cJSON_IsString(name) ? name->valuestring : "?");
            return msg;
        }
    }
    return NULL;
}

HARNESS_MAIN("list_shapes", check)
