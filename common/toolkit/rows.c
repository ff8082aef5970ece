/* SPDX-License-Identifier: MIT */
#include "rows.h"

#include "util.h"

#include <stdio.h>
#include <stdlib.h>

int rows_check_level(const gen_params *p, int max_rows, int height_px, char *err, size_t errlen)
{
    if (p->level > max_rows) {
        snprintf(err, errlen, "cannot draw %d rows: at most %d (a canvas %d px tall)", p->level, max_rows, height_px);
        return -1;
    }
    return 0;
}

prim *rows_line(scene *s, double x0, double x1, double y, double width)
{
    prim *p = scene_agg_box(s, x0, y - width / 2, x1, y + width / 2, RGB_BLACK);
    p->kind = "line";
    return p;
}

void rows_add_size_order(cJSON *gold, const double *size, int n)
{
    int *order = xmalloc(sizeof *order * (size_t)(n > 0 ? n : 1));
    for (int i = 0; i < n; i++) { /* insertion: stable */
        int j = i;
        while (j > 0 && size[order[j - 1]] > size[i]) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = i;
    }
    for (int i = 0; i < n; i++)
        cJSON_AddItemToArray(gold, cJSON_CreateNumber(order[i] + 1));
    free(order);
}
