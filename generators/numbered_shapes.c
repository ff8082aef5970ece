/* SPDX-License-Identifier: MIT */
/* numbered_shapes: 2n red, green and blue shapes (exactly n circles, the others
 * triangles, squares and pentagons), each with its number 1..2n written on it in
 * white.  The question: the numbers on the circles (CIRCLES:x, a list).
 * Record (the original's order): circles, triangles, rectangles, pentagons = the
 * numbers on each kind, as strings sorted as strings (["10", "2", "5"]); num_objects
 * = n.  ("rectangles" are squares, as in the original.)
 *
 * The original draws with matplotlib on a 3000x2000-unit box (axes off, equal
 * aspect) saved with bbox_inches='tight': 515x350 px, 496 px for 3000 units; gen
 * places shapes in the same units and maps them onto the same pixels.
 * See docs/tasks/numbered_shapes.md. */
#include "errors.h"
#include "font.h"
#include "generator.h"
#include "mplfig.h"
#include "shapes.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The original's image (515x350) and its data-to-pixel map come from mplfig.h:
 * matplotlib's own geometry of plt.subplots(), equal aspect, x -1500..1500,
 * y -1000..1000, a tight box. */
/* Shape "radius" in units, the original's; centres integer, uniform in
 * +-(1500 - 75) x +-(1000 - 75), more than 2 x 75 apart. */
#define RADIUS 75
#define HALF_W 1500
#define HALF_H 1000
/* matplotlib draws each patch with a 1 pt edge in its fill colour. */
#define EDGE_PT 1.0
#define EDGE_PX (EDGE_PT * 100.0 / 72)
/* The labels: 8 pt bold (11.1 px at 100 dpi), white, centred on the shape's
 * centre (matplotlib's ha = va = center), in DejaVu Sans Bold as matplotlib draws
 * it (font.h contract 4). */
#define LABEL_PT 8.0
/* The box the placement rule below keeps clear of other shapes: the label's ink
 * in Liberation Sans at the same size, as it was measured before the labels
 * took matplotlib's font, so that positions (and records) stay as they were;
 * tests/check_numbered_shapes.c checks the gap for the ink drawn now. */
#define LABEL_PX (8.0 * 100 / 72)
/* Readability (tasks.md rule 6): the original keeps only the centres 150 units
 * apart, so shapes overlap (a circle cut by a square no longer reads as a
 * circle; two shapes of one colour read as one).  gen draws the positions again
 * (kinds, colours and numbers kept) until every two drawn shapes keep MIN_GAP_PX
 * of white between them (a plain gap at this size: 2.6 px once scaled to 448 px)
 * and no label comes within MIN_GAP_PX of a shape other than its own. */
#define MIN_GAP_PX 3.0
/* Candidate centres tried per shape before the scene counts as failed. */
#define PLACE_TRIES 100000
/* Position sets drawn at most for one sample. */
#define MAX_REDRAWS 20000

enum { K_CIRCLE, K_TRIANGLE, K_SQUARE, K_PENTAGON, K_KINDS };
static const char *const KIND_NAME[K_KINDS] = {"circle", "triangle", "rectangle", "pentagon"};
/* matplotlib's named colours. */
static const rgb COLOUR[3] = {{255, 0, 0}, {0, 128, 0}, {0, 0, 255}};
static const char *const COLOUR_NAME[3] = {"red", "green", "blue"};

/* The outline of a non-circle kind in units around (0, 0), y up (the original's
 * vertices). */
static int outline(int kind, point *q)
{
    double r = RADIUS;
    if (kind == K_TRIANGLE) {
        q[0] = (point){0, r}, q[1] = (point){-r, -r}, q[2] = (point){r, -r};
        return 3;
    }
    if (kind == K_SQUARE) {
        q[0] = (point){-r, -r}, q[1] = (point){r, -r}, q[2] = (point){r, r}, q[3] = (point){-r, r};
        return 4;
    }
    q[0] = (point){0, r}, q[1] = (point){0.95 * r, 0.31 * r}, q[2] = (point){0.59 * r, -0.81 * r};
    q[3] = (point){-0.59 * r, -0.81 * r}, q[4] = (point){-0.95 * r, 0.31 * r};
    return 5;
}

/* A shape's path in canvas pixels: a circle (npts 0, centre c, radius r) or a
 * polygon. */
typedef struct outline_px {
    point c, pts[8];
    int npts;
    double r;
    double reach; /* every point of the path lies within reach of c */
} outline_px;

/* Sets reach from the path. */
static void set_reach(outline_px *o)
{
    o->reach = o->r;
    for (int i = 0; i < o->npts; i++)
        o->reach = fmax(o->reach, hypot(o->pts[i].x - o->c.x, o->pts[i].y - o->c.y));
}

/* The drawn path of a shape centred on data (x, y): its vertices where
 * matplotlib puts them (mplfig.h; the square as plt.Rectangle's corners). */
static void shape_px(const mplfig *f, int kind, int x, int y, outline_px *o)
{
    o->c = (point){mplfig_x(f, x), mplfig_y(f, y)};
    o->r = mplfig_dx(f, RADIUS);
    o->npts = 0;
    o->reach = o->r;
    if (kind == K_CIRCLE)
        return;
    point q[8];
    o->npts = outline(kind, q);
    if (kind == K_SQUARE)
        mplfig_rect_corners(f, x - RADIUS, y - RADIUS, 2 * RADIUS, 2 * RADIUS, o->pts);
    else
        for (int i = 0; i < o->npts; i++)
            o->pts[i] = mplfig_vertex(f, x + q[i].x, y + q[i].y);
    set_reach(o);
}

/* Distance between two paths (circles or convex polygons); 0 when they meet. */
static double path_dist(const outline_px *a, const outline_px *b)
{
    if (!a->npts && !b->npts)
        return fmax(0, hypot(a->c.x - b->c.x, a->c.y - b->c.y) - a->r - b->r);
    if (!a->npts || !b->npts) {
        const outline_px *c = a->npts ? b : a, *p = a->npts ? a : b;
        if (point_in_polygon(p->pts, p->npts, c->c.x, c->c.y))
            return 0;
        double d = INFINITY;
        for (int i = 0; i < p->npts; i++)
            d = fmin(d, segment_distance(p->pts[i], p->pts[(i + 1) % p->npts], c->c.x, c->c.y));
        return fmax(0, d - c->r);
    }
    double d = INFINITY;
    for (int i = 0; i < a->npts; i++) {
        if (point_in_polygon(b->pts, b->npts, a->pts[i].x, a->pts[i].y))
            return 0;
        for (int j = 0; j < b->npts; j++) {
            point a0 = a->pts[i], a1 = a->pts[(i + 1) % a->npts], b0 = b->pts[j], b1 = b->pts[(j + 1) % b->npts];
            if (segments_intersect(a0, a1, b0, b1))
                return 0;
            d = fmin(d, fmin(segment_distance(a0, a1, b0.x, b0.y), segment_distance(b0, b1, a0.x, a0.y)));
        }
    }
    for (int j = 0; j < b->npts; j++)
        if (point_in_polygon(a->pts, a->npts, b->pts[j].x, b->pts[j].y))
            return 0;
    return d;
}

/* The ink box of label `text` centred on (x, y), as a polygon path. */
static void label_px(const char *text, point c, outline_px *o)
{
    double px, py, x0, y0, x1, y1;
    font_text_place(LABEL_PX, text, c.x, c.y, &px, &py, &x0, &y0, &x1, &y1);
    o->c = c;
    o->r = 0;
    o->npts = 4;
    o->pts[0] = (point){x0, y0}, o->pts[1] = (point){x1, y0}, o->pts[2] = (point){x1, y1}, o->pts[3] = (point){x0, y1};
    set_reach(o);
}

/* True when paths a and b keep `gap` of white between them once their edges
 * (`edge` px) are drawn: the verdict of path_dist(a, b) - edge >= gap, but pairs
 * whose enclosing discs are clearly farther apart than that (most of them) are
 * settled without path_dist. */
static bool clear_of(const outline_px *a, const outline_px *b, double edge, double gap)
{
    double dx = a->c.x - b->c.x, dy = a->c.y - b->c.y, far = a->reach + b->reach + edge + gap + 1e-6;
    if (dx * dx + dy * dy > far * far)
        return true;
    return !(path_dist(a, b) - edge < gap);
}

typedef struct item {
    int x, y, kind, colour;
    char label[8];
} item;

/* Positions as the original draws them; true when readable (see MIN_GAP_PX),
 * false when not; -1 when out of tries. */
static int place(const mplfig *f, rng *r, item *it, int m, outline_px *sh, outline_px *lab)
{
    for (int i = 0; i < m; i++) {
        long tries = 0;
        for (;;) {
            if (++tries > PLACE_TRIES)
                return -1;
            int x = rng_int(r, -(HALF_W - RADIUS), HALF_W - RADIUS), y = rng_int(r, -(HALF_H - RADIUS), HALF_H - RADIUS);
            bool ok = true;
            for (int j = 0; j < i && ok; j++)
                ok = (x - it[j].x) * (x - it[j].x) + (y - it[j].y) * (y - it[j].y) > 4 * RADIUS * RADIUS;
            if (ok) {
                it[i].x = x, it[i].y = y;
                break;
            }
        }
    }
    for (int i = 0; i < m; i++) {
        shape_px(f, it[i].kind, it[i].x, it[i].y, &sh[i]);
        label_px(it[i].label, sh[i].c, &lab[i]);
    }
    for (int i = 0; i < m; i++)
        for (int j = 0; j < m; j++) {
            if (j < i && !clear_of(&sh[i], &sh[j], EDGE_PX, MIN_GAP_PX))
                return 0;
            if (j != i && !clear_of(&lab[i], &sh[j], EDGE_PX / 2, MIN_GAP_PX))
                return 0;
        }
    return 1;
}

/* The scene in the original's calls (tests/same_scene.py). */
static void describe(scene *s, const item *it, int m)
{
    static const char *const NAME[3] = {"red", "green", "blue"};
    scene_describe(s, "mpl figure");
    scene_describe(s, "mpl aspect equal");
    scene_describe(s, "mpl axis off");
    scene_describe(s, "mpl xlim %d %d", -HALF_W, HALF_W);
    scene_describe(s, "mpl ylim %d %d", -HALF_H, HALF_H);
    double r = RADIUS;
    for (int i = 0; i < m; i++) {
        int x = it[i].x, y = it[i].y;
        const char *c = NAME[it[i].colour];
        switch (it[i].kind) {
        case K_CIRCLE:
            scene_describe(s, "mpl circle %d %d %d color=%s kind=circle", x, y, RADIUS, c);
            break;
        case K_SQUARE:
            scene_describe(s, "mpl rectangle %d %d %d %d color=%s kind=rectangle", x - RADIUS, y - RADIUS, 2 * RADIUS,
                           2 * RADIUS, c);
            break;
        case K_TRIANGLE:
            scene_describe(s, "mpl polygon %d,%d,%d,%d,%d,%d color=%s kind=triangle", x, y + RADIUS, x - RADIUS,
                           y - RADIUS, x + RADIUS, y - RADIUS, c);
            break;
        default:
            scene_describe(s, "mpl polygon %d,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g color=%s "
                           "kind=pentagon", x, y + r, x + 0.95 * r, y + 0.31 * r, x + 0.59 * r, y - 0.81 * r,
                           x - 0.59 * r, y - 0.81 * r, x - 0.95 * r, y + 0.31 * r, c);
            break;
        }
        scene_describe(s, "mpl text %d %d s=%s color=white ha=center va=center fontsize=8 weight=bold kind=label", x,
                       y, it[i].label);
    }
    scene_describe(s, "mpl save tight");
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(const char *const *)a, *(const char *const *)b); }

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level, m = 2 * n;
    item *it = xcalloc((size_t)m, sizeof *it);
    outline_px *sh = xmalloc(sizeof *sh * (size_t)m), *lab = xmalloc(sizeof *lab * (size_t)m);
    /* kinds: each one of triangle, square, pentagon, then n of them made circles;
     * a colour each; the number is the index + 1 */
    rng kr;
    gen_stream(ctx, "kinds", &kr);
    for (int i = 0; i < m; i++)
        it[i].kind = K_TRIANGLE + (int)rng_below(&kr, 3);
    int *order = xmalloc(sizeof *order * (size_t)m);
    for (int i = 0; i < m; i++)
        order[i] = i;
    rng_shuffle_int(&kr, order, m);
    for (int k = 0; k < n; k++)
        it[order[k]].kind = K_CIRCLE;
    free(order);
    for (int i = 0; i < m; i++) {
        it[i].colour = (int)rng_below(&kr, 3);
        snprintf(it[i].label, sizeof it[i].label, "%d", i + 1);
    }
    mplfig f;
    mplfig_equal_tight(&f, -HALF_W, HALF_W, -HALF_H, HALF_H);
    int got;
    while ((got = place(&f, &ctx->rng, it, m, sh, lab)) == 0)
        if (++ctx->redraws > MAX_REDRAWS)
            break;
    if (got != 1) {
        free(it);
        free(sh);
        free(lab);
        return gen_fail(ctx, got < 0 ? "cannot place %d shapes apart on the canvas"
                                     : "cannot place %d shapes clear of each other and their labels",
                        m);
    }
    scene *s = ctx->img[0];
    scene_reset(s, f.width, f.height);
    mplfig_clip(&f, s);
    describe(s, it, m);
    /* every patch, then every label (matplotlib's zorder: patches 1, text 3) */
    for (int i = 0; i < m; i++) {
        rgb c = COLOUR[it[i].colour];
        prim *p;
        if (sh[i].npts) {
            p = scene_polygon(s, sh[i].pts, sh[i].npts, c);
            prim_mpl(p, mplfig_pt(&f, EDGE_PT), c, AGG_JOIN_MITER, AGG_CAP_BUTT, AGG_SNAP_AUTO, true);
        } else {
            p = mplfig_circle(&f, s, it[i].x, it[i].y, RADIUS, c, true, EDGE_PT);
        }
        p->kind = KIND_NAME[it[i].kind];
        p->colour_name = COLOUR_NAME[it[i].colour];
        p->object = i;
    }
    for (int i = 0; i < m; i++) {
        prim *t = mplfig_text(&f, s, it[i].x, it[i].y, LABEL_PT, it[i].label, RGB_WHITE, FONT_DEJAVU_BOLD,
                              ALIGN_CENTER, ALIGN_CENTER);
        t->object = i;
    }
    /* the record: each kind's numbers as strings, sorted as strings */
    static const char *const FIELD[K_KINDS] = {"circles", "triangles", "rectangles", "pentagons"};
    const char **names = xmalloc(sizeof *names * (size_t)m);
    for (int k = 0; k < K_KINDS; k++) {
        int c = 0;
        for (int i = 0; i < m; i++)
            if (it[i].kind == k)
                names[c++] = it[i].label;
        qsort(names, (size_t)c, sizeof *names, cmp_str);
        cJSON *arr = cJSON_AddArrayToObject(ctx->record, FIELD[k]);
        for (int i = 0; i < c; i++)
            cJSON_AddItemToArray(arr, cJSON_CreateString(names[i]));
    }
    cJSON_AddNumberToObject(ctx->record, "num_objects", n);
    free(names);
    free(it);
    free(sh);
    free(lab);
    return GEN_EXIT_OK;
}

static const gen_field fields[] = {{"circles", FIELD_STRING_ARRAY},    {"triangles", FIELD_STRING_ARRAY},
                                   {"rectangles", FIELD_STRING_ARRAY}, {"pentagons", FIELD_STRING_ARRAY},
                                   {"num_objects", FIELD_INT},         {NULL, 0}};

const generator gen_numbered_shapes = {
    .name = "numbered_shapes",
    .summary = "numbered red, green and blue shapes; list the numbers written on the circles",
    .images = 1,
    .fields = fields,
    .level_field = "num_objects",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .input_prompt = "The picture shows coloured shapes (circles, triangles, squares and pentagons), each with a "
                    "number written on it.",
    .rules = "Find every circle and read the number written on it.",
    .output_prompt = "Give your answer on one line as CIRCLES:x, where x is the list of the numbers on the "
                     "circles, for example CIRCLES:[3, 8, 12]",
    .answer = {.format = "CIRCLES:x", .kind = ANSWER_WORD_SET, .gold = {"circles"}, .axis = "num_objects",
               .none = "none"},
    .sample = sample,
};
