/* SPDX-License-Identifier: MIT */
/* list_colours: the original's picture (its 389x389 plot, cv2.resize'd to 489x389,
 * over the 489x274 strip) holds n shapes of radius 150 (of a 2400-px picture) on a
 * background picture, checked by bgs_check(); their fills are n different
 * palette colours (exact RGB), and the record's list_colours is their names
 * sorted, num_objects = n. */
#include "bgshapes_check.h"

#include "palette.h"
#include "swatches.h"

#include <stdlib.h>

static int by_name(const void *a, const void *b) { return strcmp(*(const char *const *)a, *(const char *const *)b); }

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    if (sc->width != SWATCH_WIDTH || sc->height != 389 + SWATCH_HEIGHT)
        return "the image is not the 489x389 plot over the 489x274 strip";
    int shape[BC_MAX];
    const char *why = bgs_check(s, p, 150, 489.0 / 389, 389, shape, msg, n);
    if (why)
        return why;
    int bars = 0;
    for (int i = 0; i < sc->nprims; i++)
        bars += sc->prims[i].kind && strcmp(sc->prims[i].kind, "swatch") == 0;
    if (bars != PALETTE_SIZE)
        return "the strip does not hold the 20 colour bars";
    const char *name[BC_MAX];
    bool used[PALETTE_SIZE] = {false};
    for (int i = 0; i < p->level; i++) {
        rgb f = sc->prims[shape[i]].fill;
        int c = -1;
        for (int k = 0; k < PALETTE_SIZE && c < 0; k++)
            if (PALETTE[k].value.r == f.r && PALETTE[k].value.g == f.g && PALETTE[k].value.b == f.b)
                c = k;
        if (c < 0 || used[c])
            return "a fill that is not a palette colour of its own";
        used[c] = true;
        name[i] = PALETTE[c].name;
    }
    qsort(name, (size_t)p->level, sizeof *name, by_name);
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(s->record, "list_colours");
    if (cJSON_GetArraySize(list) != p->level || rec_int(s, "num_objects") != p->level)
        return "list_colours or num_objects does not match the level";
    for (int i = 0; i < p->level; i++) {
        const cJSON *v = cJSON_GetArrayItem(list, i);
        if (!cJSON_IsString(v) || strcmp(v->valuestring, name[i]) != 0) {
            snprintf(msg, n, "list_colours[%d] is %s, the sorted fills say %s", i,
                     cJSON_IsString(v) ? v->valuestring : "?", name[i]);
            return msg;
        }
    }
    return NULL;
}

HARNESS_MAIN("list_colours", check)
