/* layered_shapes: the record lists the layers' kinds from the top down (the drawing
 * order reversed), every layer in a palette colour of its own; in the rendered
 * image every layer keeps a visible piece of at least 25% of its area and 1500 px,
 * visibly covers at least 800 px of the layer just below with at least 56 px of
 * its edge bordering that layer's fill, and shows all its corners but one (a
 * hexagon all but two, a star all its tips but two, a circle 8 of 12 points round
 * its rim). */
#include "layers_check.h"
#include "palette.h"

/* The documented guarantees (docs/tasks/layered_shapes.md). */
#define MIN_FRACTION 0.25
#define MIN_PIXELS 1500
#define MIN_ORDER_AREA 800
#define MIN_ORDER_EDGE 56
/* A corner shows when the pixel on its bisector this far from both its sides
 * (clear of its own outline and antialiasing) shows the layer's own colour. */
#define CORNER_INSET 3.5
/* Rim points of a circle, how many must show, and how far inside the rim they are
 * read. */
#define RIM_POINTS 12
#define RIM_SEEN 8
#define RIM_INSET 4.0

static const char *const KINDS[] = {"circle", "triangle", "square", "pentagon", "hexagon", "star"};

static lk_limits limits = LK_LIMITS(MIN_FRACTION, MIN_PIXELS, MIN_ORDER_AREA, MIN_ORDER_EDGE);
static long corners_hidden[3]; /* layers with 0, 1, 2 corners (tips) hidden */

static void report(void)
{
    printf("layered_shapes: smallest piece %.0f px and %.2f of its layer; smallest cover %.0f px, edge %.0f px; "
           "layers with 0/1/2 corners hidden: %ld/%ld/%ld\n",
           limits.seen_pixels, limits.seen_fraction, limits.seen_area, limits.seen_edge, corners_hidden[0],
           corners_hidden[1], corners_hidden[2]);
}

static const char *kind_of(const prim *p)
{
    return p->kind;
}

static bool shows(const canvas *cv, double x, double y, int layer)
{
    rgb c = canvas_pixel(cv, (int)x, (int)y);
    rgb want = lk_id_colour(layer);
    return memcmp(&c, &want, sizeof c) == 0;
}

/* How many corners of layer i are hidden (a star: how many tips), read on the ID
 * render cv; for a circle 0, or -1 when too little of its rim is in sight. */
static int hidden_corners(const scene *sc, const prim *p, int i, const canvas *cv)
{
    if (p->type == PRIM_CIRCLE) {
        int seen = 0;
        for (int j = 0; j < RIM_POINTS; j++) {
            double a = 2 * M_PI * j / RIM_POINTS;
            seen += shows(cv, p->x + (p->r - RIM_INSET) * cos(a), p->y + (p->r - RIM_INSET) * sin(a), i);
        }
        return seen >= RIM_SEEN ? 0 : -1;
    }
    const point *pt = prim_points(sc, p);
    int n = p->npts, step = strcmp(p->kind, "star") == 0 ? 2 : 1, hidden = 0;
    for (int j = 0; j < n; j += step) {
        point v = pt[j], a = pt[(j + n - 1) % n], b = pt[(j + 1) % n];
        double ax = a.x - v.x, ay = a.y - v.y, bx = b.x - v.x, by = b.y - v.y;
        double la = hypot(ax, ay), lb = hypot(bx, by);
        double ux = ax / la + bx / lb, uy = ay / la + by / lb, lu = hypot(ux, uy);
        double half = acos((ax * bx + ay * by) / (la * lb)) / 2;
        double depth = CORNER_INSET / sin(half);
        hidden += !shows(cv, v.x + ux / lu * depth, v.y + uy / lu * depth, i);
    }
    return hidden;
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
        if (c < 0 || used[c]) {
            snprintf(msg, n, "layer %d: colour %s is not a palette colour of its own", i,
                     L[i].p->colour_name ? L[i].p->colour_name : "(none)");
            return msg;
        }
        used[c] = true;
        bool known = false;
        for (size_t j = 0; j < sizeof KINDS / sizeof KINDS[0]; j++)
            known |= L[i].p->kind && strcmp(L[i].p->kind, KINDS[j]) == 0;
        if (!known) {
            snprintf(msg, n, "layer %d is a %s", i, L[i].p->kind ? L[i].p->kind : "(no kind)");
            return msg;
        }
    }
    const char *why = lk_check_order(s, "order", L, k, kind_of, msg, n);
    if (!why)
        why = lk_check_inside(sc, L, k, msg, n);
    if (why)
        return why;

    const canvas *cv = lk_measure(sc, L, k);
    for (int i = 0; i < k; i++) {
        int hidden = hidden_corners(sc, L[i].p, i, cv);
        int most = strcmp(L[i].p->kind, "star") == 0 || strcmp(L[i].p->kind, "hexagon") == 0 ? 2 : 1;
        if (hidden < 0 || hidden > most) {
            snprintf(msg, n, "layer %d of %d (%s): %s", i, k, L[i].p->kind,
                     hidden < 0 ? "less than two thirds of its rim in sight" : "too many corners hidden");
            return msg;
        }
        corners_hidden[hidden]++;
        if (lk_check_visible(L, i, k, &limits, msg, n))
            return msg;
    }
    return NULL;
}

int main(void)
{
    atexit(report);
    return harness_run("layered_shapes", check, NULL, 0);
}
