/* list_colours: the record lists, left to right, the palette name of each shape's
 * fill, recomputed from the scene (order from bounding boxes, name as the palette
 * colour nearest the fill); the row, contrast and pixel promises hold
 * (lineup_checks.h); the swatch strip sits below the 800 px picture. */
#include "lineup_checks.h"

#include "palette.h"
#include "swatches.h"

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    int order[LC_MAX_SHAPES];
    if (sc->height != GEN_CANVAS + SWATCH_HEIGHT) {
        snprintf(msg, n, "canvas %dx%d has no swatch strip below an %d px picture", sc->width, sc->height, GEN_CANVAS);
        return msg;
    }
    if (p->level <= 20 && sc->width != GEN_CANVAS)
        return "the canvas grew wider although 20 shapes fit 800 px";
    const char *why = lineup_check(s, p, GEN_CANVAS, order, msg, n);
    if (why)
        return why;
    int swatches = 0;
    for (int i = 0; i < sc->nprims; i++)
        swatches += sc->prims[i].kind && strcmp(sc->prims[i].kind, "swatch") == 0;
    if (swatches != PALETTE_SIZE)
        return "the swatch strip does not show every palette colour";

    const cJSON *list = cJSON_GetObjectItemCaseSensitive(s->record, "list_colours");
    if (cJSON_GetArraySize(list) != p->level)
        return "list_colours has the wrong length";
    for (int i = 0; i < p->level; i++) {
        const prim *a = &sc->prims[order[i]];
        int best = -1;
        double best_de = 1e9;
        for (int k = 0; k < PALETTE_SIZE; k++) {
            double de = ciede2000(a->fill, PALETTE[k].value);
            if (de < best_de) {
                best_de = de;
                best = k;
            }
        }
        const cJSON *name = cJSON_GetArrayItem(list, i);
        if (best_de > 0.5 || !cJSON_IsString(name) || strcmp(name->valuestring, PALETTE[best].name) != 0) {
            snprintf(msg, n, "shape %d from the left is %s (off by %.1f), record says %s", i, PALETTE[best].name,
                     best_de, cJSON_IsString(name) ? name->valuestring : "?");
            return msg;
        }
    }
    return NULL;
}

HARNESS_MAIN("list_colours", check)
