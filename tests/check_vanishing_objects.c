/* vanishing_objects: the counts in the record are recomputed from the first scene
 * (kinds from geometry: a circle, a 3-gon, a 4-gon with equal sides and
 * diagonals); no two shapes come within MIN_GAP of each other (between their
 * circumscribed circles) and all are inside the canvas; every primitive of the
 * second scene is one of the first's, geometry and colour unchanged; what is
 * missing matches `vanished`; and in the rendered pair every pixel that differs
 * lies inside a removed shape's box, and each removed shape's centre differs. */
#include "harness.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Least distance between two shapes' circumscribed circles (the generator's
 * promise, written down again here). */
#define MIN_GAP 10.0
/* A differing pixel may lie this far outside a removed shape's box (antialiasing). */
#define DIFF_SLACK 1.0

enum { K_CIRCLE, K_SQUARE, K_TRIANGLE, K_KINDS, K_OTHER = K_KINDS };
static const char *const FIELD[K_KINDS] = {"circles", "squares", "triangles"};

static int kind_of(const scene *sc, const prim *a, double *cx, double *cy, double *r)
{
    if (a->type == PRIM_CIRCLE) {
        *cx = a->x;
        *cy = a->y;
        *r = a->r;
        return K_CIRCLE;
    }
    if (a->type != PRIM_POLYGON || (a->npts != 3 && a->npts != 4))
        return K_OTHER;
    const point *q = prim_points(sc, a);
    double x = 0, y = 0, rmax = 0, rmin = 1e9;
    for (int i = 0; i < a->npts; i++) {
        x += q[i].x / a->npts;
        y += q[i].y / a->npts;
    }
    for (int i = 0; i < a->npts; i++) {
        double d = hypot(q[i].x - x, q[i].y - y);
        rmax = fmax(rmax, d);
        rmin = fmin(rmin, d);
        const point *u = &q[i], *v = &q[(i + 1) % a->npts];
        double side = hypot(v->x - u->x, v->y - u->y);
        double want = a->npts == 3 ? sqrt(3.0) * rmax : sqrt(2.0) * rmax;
        if (i > 0 && fabs(side - want) > 1e-6 * want)
            return K_OTHER; /* regular polygons only */
    }
    if (rmax - rmin > 1e-6 * rmax)
        return K_OTHER;
    *cx = x;
    *cy = y;
    *r = rmax;
    return a->npts == 3 ? K_TRIANGLE : K_SQUARE;
}

static bool same_prim(const scene *sa, const prim *a, const scene *sb, const prim *b)
{
    if (a->type != b->type || a->object != b->object || memcmp(&a->fill, &b->fill, sizeof a->fill) != 0 ||
        a->filled != b->filled || a->stroke_width != b->stroke_width || a->x != b->x || a->y != b->y ||
        a->r != b->r || a->w != b->w || a->h != b->h || a->angle != b->angle || a->npts != b->npts ||
        strcmp(a->kind ? a->kind : "", b->kind ? b->kind : "") != 0)
        return false;
    const point *p = prim_points(sa, a), *q = prim_points(sb, b);
    for (int i = 0; i < a->npts; i++)
        if (p[i].x != q[i].x || p[i].y != q[i].y)
            return false;
    return true;
}

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *first = &s->img[0], *second = &s->img[1];
    int count[K_KINDS] = {0}, missing[K_KINDS] = {0};
    int nf = first->nprims;
    double *cx = malloc(sizeof(double) * 3 * (size_t)(nf ? nf : 1)), *cy = cx + nf, *cr = cy + nf;
    int *kind = malloc(sizeof(int) * (size_t)(nf ? nf : 1));
    bool *kept = calloc((size_t)(nf ? nf : 1), sizeof(bool));
    const char *why = NULL;
    for (int i = 0; i < nf && !why; i++) {
        const prim *a = &first->prims[i];
        kind[i] = kind_of(first, a, &cx[i], &cy[i], &cr[i]);
        if (kind[i] == K_OTHER || a->object < 0) {
            why = "the first image holds something that is not a counted circle, square or triangle";
            break;
        }
        count[kind[i]]++;
        if (cx[i] - cr[i] < 0 || cy[i] - cr[i] < 0 || cx[i] + cr[i] > first->width || cy[i] + cr[i] > first->height)
            why = "a shape leaves the canvas";
        for (int j = 0; j < i && !why; j++) {
            double gap = hypot(cx[i] - cx[j], cy[i] - cy[j]) - cr[i] - cr[j];
            if (gap < MIN_GAP - 1e-6) {
                snprintf(msg, n, "shapes %d and %d are %.1f px apart", j, i, gap);
                why = msg;
            }
            if (first->prims[j].object == a->object)
                why = "two shapes share an object number";
        }
    }
    for (int k = 0; k < K_KINDS && !why; k++)
        if (rec_int(s, FIELD[k]) != count[k]) {
            snprintf(msg, n, "first image has %d %s, record %d", count[k], FIELD[k], rec_int(s, FIELD[k]));
            why = msg;
        }
    if (!why && (count[K_CIRCLE] != p->level || count[K_SQUARE] < 1 || count[K_TRIANGLE] < 1))
        why = "circles differ from the level, or a kind is missing from the first image";
    if (!why && (second->width != first->width || second->height != first->height ||
                 memcmp(&second->background, &first->background, sizeof first->background) != 0))
        why = "the second canvas differs from the first";
    /* Every primitive of the second is one of the first's, in the same order. */
    for (int i = 0, j = 0; i < second->nprims && !why; i++) {
        while (j < nf && !same_prim(second, &second->prims[i], first, &first->prims[j]))
            j++;
        if (j == nf)
            why = "the second image holds a primitive the first does not, or one that moved or changed";
        else
            kept[j++] = true;
    }
    int removed = 0;
    for (int i = 0; i < nf && !why; i++)
        if (!kept[i]) {
            missing[kind[i]]++;
            removed++;
        }
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(s->record, "vanished");
    if (!why && (removed < 1 || removed >= nf || cJSON_GetArraySize(v) != K_KINDS))
        why = "nothing vanished, everything vanished, or vanished is not three counts";
    for (int k = 0; k < K_KINDS && !why; k++) {
        const cJSON *c = cJSON_GetObjectItemCaseSensitive(v, FIELD[k]);
        if (!cJSON_IsNumber(c) || c->valueint != missing[k]) {
            snprintf(msg, n, "%d %s vanished, record says %d", missing[k], FIELD[k], cJSON_IsNumber(c) ? c->valueint : -1);
            why = msg;
        }
    }

    if (!why) { /* pixels: copy the first render's rows, then compare the second's */
        const canvas *cv = harness_render(first);
        int w = cv->width, h = cv->height, stride;
        const uint8_t *px = canvas_pixels(cv, &stride);
        uint32_t *before = malloc(sizeof(uint32_t) * (size_t)w * (size_t)h);
        for (int y = 0; y < h; y++)
            memcpy(before + (size_t)y * (size_t)w, px + (size_t)y * (size_t)stride, sizeof(uint32_t) * (size_t)w);
        cv = harness_render(second);
        px = canvas_pixels(cv, &stride);
        for (int y = 0; y < h && !why; y++) {
            const uint32_t *row = (const uint32_t *)(const void *)(px + (size_t)y * (size_t)stride);
            for (int x = 0; x < w && !why; x++) {
                if (((row[x] ^ before[(size_t)y * (size_t)w + (size_t)x]) & 0xffffff) == 0)
                    continue;
                bool inside = false;
                for (int i = 0; i < nf && !inside; i++) {
                    if (kept[i])
                        continue;
                    double x0, y0, x1, y1;
                    prim_bbox(first, &first->prims[i], &x0, &y0, &x1, &y1);
                    inside = x + 1 > x0 - DIFF_SLACK && x < x1 + DIFF_SLACK && y + 1 > y0 - DIFF_SLACK &&
                             y < y1 + DIFF_SLACK;
                }
                if (!inside) {
                    snprintf(msg, n, "pixel (%d,%d) changed outside every removed shape", x, y);
                    why = msg;
                }
            }
        }
        for (int i = 0; i < nf && !why; i++) {
            int x = (int)cx[i], y = (int)cy[i];
            const uint32_t *row = (const uint32_t *)(const void *)(px + (size_t)y * (size_t)stride);
            if (!kept[i] && ((row[x] ^ before[(size_t)y * (size_t)w + (size_t)x]) & 0xffffff) == 0)
                why = "a removed shape's centre looks the same in both images";
        }
        free(before);
    }
    free(cx);
    free(kind);
    free(kept);
    return why;
}

HARNESS_MAIN("vanishing_objects", check)
