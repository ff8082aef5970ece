/* count_coloured_circles: the record's red count equals the circles drawn in the
 * palette's red (found by RGB value, not by name); every other circle is far from
 * red; circles are inside the canvas and clear of each other; the rendered image
 * shows each circle's colour at its centre; and the red count varies. */
#include "colour.h"
#include "harness.h"
#include "palette.h"

#include <math.h>
#include <stdbool.h>
#include <string.h>

/* The smallest white gap a reader needs to see two circles as two (the generator
 * promises 8 px). */
#define MIN_VISIBLE_GAP 6.0
/* A non-red circle must be at least this CIEDE2000 from red (the generator
 * promises 40; 35 is still far past anything a reader would call red). */
#define MIN_NOT_RED_DE 35.0
/* Red counts seen per level, to show the count varies (at least 3 different
 * values over the 10 samples of every level >= 4). */
#define MIN_DISTINCT_RED 3
#define MAX_LEVEL 64

static bool seen[MAX_LEVEL][MAX_LEVEL + 1];

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    rgb red = PALETTE[palette_find("red")].value;
    int circles = 0, reds = 0;
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (a->type != PRIM_CIRCLE)
            return "a primitive that is not a circle";
        circles++;
        if (memcmp(&a->fill, &red, sizeof red) == 0)
            reds++;
        else if (ciede2000(a->fill, red) < MIN_NOT_RED_DE) {
            snprintf(msg, n, "a non-red circle (%s) is only %.1f from red", a->colour_name ? a->colour_name : "?",
                     ciede2000(a->fill, red));
            return msg;
        }
        if (a->x - a->r < 0 || a->y - a->r < 0 || a->x + a->r > sc->width || a->y + a->r > sc->height)
            return "a circle leaves the canvas";
        for (int j = 0; j < i; j++) {
            const prim *b = &sc->prims[j];
            double gap = hypot(a->x - b->x, a->y - b->y) - a->r - b->r;
            if (gap < MIN_VISIBLE_GAP) {
                snprintf(msg, n, "circles %d and %d are %.1f px apart", j, i, gap);
                return msg;
            }
        }
    }
    if (circles != p->level || rec_int(s, "num_objects") != circles) {
        snprintf(msg, n, "drew %d circles, level %d, record %d", circles, p->level, rec_int(s, "num_objects"));
        return msg;
    }
    if (rec_int(s, "red_circle") != reds) {
        snprintf(msg, n, "drew %d red circles, record says %d", reds, rec_int(s, "red_circle"));
        return msg;
    }
    const canvas *cv = harness_render(sc);
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        rgb c = canvas_pixel(cv, (int)a->x, (int)a->y);
        if (memcmp(&c, &a->fill, sizeof c) != 0)
            return "a circle's centre pixel is not its colour";
    }
    if (p->level < MAX_LEVEL)
        seen[p->level][reds] = true;
    return NULL;
}

int main(void)
{
    int rc = harness_run("count_coloured_circles", check, NULL, 0);
    for (int level = 4; level < MAX_LEVEL; level++) {
        int distinct = 0, any = 0;
        for (int k = 0; k <= level; k++) {
            distinct += seen[level][k];
            any |= seen[level][k];
        }
        if (any && distinct < MIN_DISTINCT_RED) {
            printf("FAIL count_coloured_circles level %d: only %d different red counts\n", level, distinct);
            rc = 1;
        }
    }
    return rc;
}
