/* layered_colours: the record lists the layers' colours from the top down (the
 * drawing order reversed), every colour a distinct palette colour; in the rendered
 * image every layer keeps a visible piece of at least 15% of its area and 2000 px,
 * and visibly covers at least 800 px of the layer just below, with at least 56 px
 * of its edge bordering that layer's fill (tests/layers_check.h). */
#include "layers_check.h"
#include "palette.h"

/* The documented guarantees (docs/tasks/layered_colours.md). */
#define MIN_FRACTION 0.15
#define MIN_PIXELS 2000
#define MIN_ORDER_AREA 800
#define MIN_ORDER_EDGE 56

/* Smallest values seen, printed at the end for the docs. */
static lk_limits limits = LK_LIMITS(MIN_FRACTION, MIN_PIXELS, MIN_ORDER_AREA, MIN_ORDER_EDGE);

static void report(void)
{
    printf("layered_colours: smallest piece %.0f px and %.2f of its layer; smallest cover %.0f px, edge %.0f px\n",
           limits.seen_pixels, limits.seen_fraction, limits.seen_area, limits.seen_edge);
}

static const char *colour_of(const prim *p)
{
    return p->colour_name;
}

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    lk_layer L[LK_MAX_LAYERS];
    int k = lk_layers(sc, L, msg, n);
    if (k < 0)
        return msg;
    if (k != p->level || rec_int(s, "num_layers") != k) {
        snprintf(msg, n, "drew %d layers, level %d, record %d", k, p->level, rec_int(s, "num_layers"));
        return msg;
    }
    bool used[PALETTE_SIZE] = {false};
    for (int i = 0; i < k; i++) {
        int c = palette_find(L[i].p->colour_name);
        if (c < 0 || used[c] || memcmp(&PALETTE[c].value, &L[i].p->fill, sizeof(rgb)) != 0) {
            snprintf(msg, n, "layer %d: colour %s is not a palette colour of its own", i,
                     L[i].p->colour_name ? L[i].p->colour_name : "(none)");
            return msg;
        }
        used[c] = true;
    }
    const char *why = lk_check_order(s, "colors", L, k, colour_of, msg, n);
    if (!why)
        why = lk_check_inside(sc, L, k, msg, n);
    if (why)
        return why;
    if (sc->height <= GEN_CANVAS)
        return "no swatch strip below the scene";

    (void)lk_measure(sc, L, k);
    for (int i = 0; i < k; i++) {
        if (lk_check_visible(L, i, k, &limits, msg, n))
            return msg;
    }
    return NULL;
}

int main(void)
{
    atexit(report);
    return harness_run("layered_colours", check, NULL, 0);
}
