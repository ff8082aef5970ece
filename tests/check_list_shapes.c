/* SPDX-License-Identifier: MIT */
/* list_shapes: the original's 389x389 plot holds n shapes of radius 75 (of a
 * 2400-px picture) on a background picture, checked by bgs_check(); each is
 * filled with matplotlib's red, green or blue; the record's list_shapes is the set
 * of their kinds (read from the outlines by bgs_check), sorted, and num_objects = n. */
#include "bgshapes_check.h"

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    if (sc->width != 389 || sc->height != 389)
        return "the image is not the original's 389x389 plot";
    int shape[BC_MAX];
    const char *why = bgs_check(s, p, 75, 1.0, 389, shape, msg, n);
    if (why)
        return why;
    static const char *const sorted[4] = {"circle", "pentagon", "square", "triangle"};
    bool seen[4] = {false};
    for (int i = 0; i < p->level; i++) {
        const prim *a = &sc->prims[shape[i]];
        rgb f = a->fill;
        if (!((f.r == 255 && f.g == 0 && f.b == 0) || (f.r == 0 && f.g == 128 && f.b == 0) ||
              (f.r == 0 && f.g == 0 && f.b == 255)))
            return "a fill that is not matplotlib's red, green or blue";
        for (int k = 0; k < 4; k++)
            seen[k] |= strcmp(a->kind, sorted[k]) == 0;
    }
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(s->record, "list_shapes");
    int j = 0;
    for (int k = 0; k < 4; k++) {
        if (!seen[k])
            continue;
        const cJSON *v = cJSON_GetArrayItem(list, j++);
        if (!cJSON_IsString(v) || strcmp(v->valuestring, sorted[k]) != 0) {
            snprintf(msg, n, "list_shapes[%d] is %s, the kinds drawn say %s", j - 1,
                     cJSON_IsString(v) ? v->valuestring : "?", sorted[k]);
            return msg;
        }
    }
    if (cJSON_GetArraySize(list) != j || rec_int(s, "num_objects") != p->level)
        return "list_shapes has extra kinds, or num_objects is not the level";
    return NULL;
}

HARNESS_MAIN("list_shapes", check)
