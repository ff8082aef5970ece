#include "mirror_pair.h"

#include "blob.h"
#include "colour.h"
#include "errors.h"
#include "layout.h"
#include "palette.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Proportions of the named shapes (tests/check_mirror_image.c measures every shape
 * drawn against MIRROR_SELF_MAX; the worst corners of these ranges score about 0.81
 * for the L, 0.78 for the triangle and 0.64 for the flag). */
#define L_BAR_MIN 0.28     /* the L's upright and foot are 0.28-0.34 of its height thick */
#define L_BAR_MAX 0.34
#define L_FOOT_MIN 0.55    /* its foot is 0.55-0.70 of its height long: never a symmetric V */
#define L_FOOT_MAX 0.70
#define TRI_LEG_MIN 0.55   /* the right triangle's short leg is 0.55-0.70 of its long leg */
#define TRI_LEG_MAX 0.70
#define FLAG_POLE 0.18     /* the flag's pole is 0.18 of its height wide: visible at 20 px */
#define FLAG_LEN_MIN 0.55  /* its pennant reaches 0.55-0.75 of the height from the pole */
#define FLAG_LEN_MAX 0.75
#define FLAG_TALL_MIN 0.35 /* and is 0.35-0.50 of the height tall */
#define FLAG_TALL_MAX 0.50
/* Irregular polygons: 6-9 corners, radii 0.3-1 of the largest, so they are lumpy
 * enough to have no axis of symmetry. */
#define POLY_MIN_VERTS 6
#define POLY_MAX_VERTS 9
#define POLY_MIN_RADIUS 0.3
/* Random shapes to try for one object before giving up on the level. */
#define SHAPE_TRIES 200
/* Scanlines of the generator's IoU (the test measures with its own, finer ones). */
#define FLIP_ROWS 64
/* Random spots to try for a moved object. */
#define MOVE_TRIES 400

const char *const MIRROR_KINDS[MIRROR_KIND_COUNT] = {"irregular polygon", "L-shape", "right triangle", "flag"};

typedef struct mobj {
    int kind, colour, npts;
    double cx, cy, r, rot;
    point unit[POLY_MAX_VERTS]; /* centroid at the origin, farthest vertex at 1 */
} mobj;

bool mirror_answer_yes(uint64_t seed, const char *task, long file)
{
    /* Files 2k-1 and 2k form pair k (floor division, so it holds for any --file). */
    long pair = file >= 1 ? (file + 1) / 2 : -((-file) / 2);
    bool odd = (file % 2) != 0;
    rng r;
    rng_for_sample(&r, seed, task, pair, "answer-pair");
    bool odd_is_yes = rng_below(&r, 2) == 1;
    return odd ? odd_is_yes : !odd_is_yes;
}

/* Centroid to the origin, farthest vertex to distance 1. */
static void unit_normalise(point *p, int n)
{
    point c = poly_centroid(p, n);
    for (int i = 0; i < n; i++) {
        p[i].x -= c.x;
        p[i].y -= c.y;
    }
    double r = poly_radius(p, n, 0, 0);
    for (int i = 0; i < n; i++) {
        p[i].x /= r;
        p[i].y /= r;
    }
}

/* A shape of kind k with random proportions; false if it is too symmetric. */
static bool unit_shape(rng *r, int kind, mobj *o)
{
    point *p = o->unit;
    switch (kind) {
    case 0: {
        double sig[RADIAL_SAMPLES];
        o->npts = blob_random(r, POLY_MIN_VERTS, POLY_MAX_VERTS, POLY_MIN_RADIUS, p);
        unit_normalise(p, o->npts);
        return radial_signature(p, o->npts, sig) && radial_mirror_likeness(sig, MIRROR_SELF_MAX) < MIRROR_SELF_MAX;
    }
    case 1: {
        double a = rng_uniform(r, L_BAR_MIN, L_BAR_MAX), b = rng_uniform(r, L_BAR_MIN, L_BAR_MAX);
        double f = rng_uniform(r, L_FOOT_MIN, L_FOOT_MAX);
        point q[6] = {{0, 0}, {a, 0}, {a, 1 - b}, {f, 1 - b}, {f, 1}, {0, 1}};
        memcpy(p, q, sizeof q);
        o->npts = 6;
        break;
    }
    case 2: {
        double k = rng_uniform(r, TRI_LEG_MIN, TRI_LEG_MAX);
        point q[3] = {{0, 0}, {0, 1}, {k, 1}};
        memcpy(p, q, sizeof q);
        o->npts = 3;
        break;
    }
    default: {
        double len = rng_uniform(r, FLAG_LEN_MIN, FLAG_LEN_MAX), tall = rng_uniform(r, FLAG_TALL_MIN, FLAG_TALL_MAX);
        point q[6] = {{0, 0}, {FLAG_POLE, 0}, {FLAG_POLE + len, tall / 2}, {FLAG_POLE, tall}, {FLAG_POLE, 1}, {0, 1}};
        memcpy(p, q, sizeof q);
        o->npts = 6;
        break;
    }
    }
    /* A mirrored copy is as likely as the original, so both hands appear. */
    if (rng_below(r, 2))
        for (int i = 0; i < o->npts; i++)
            p[i].x = -p[i].x;
    unit_normalise(p, o->npts);
    return true;
}

/* IoU of the placed shape with its reflection across the task's axis through its
 * centroid. */
static double flip_iou(const mobj *o, bool left_right)
{
    point a[POLY_MAX_VERTS], b[POLY_MAX_VERTS];
    poly_place(o->unit, o->npts, 0, 0, o->r, o->rot, false, a);
    for (int i = 0; i < o->npts; i++)
        b[i] = left_right ? (point){-a[i].x, a[i].y} : (point){a[i].x, -a[i].y};
    return poly_iou(a, o->npts, b, o->npts, FLIP_ROWS);
}

static void reflect_point(point *p, double cx, double cy, bool left_right)
{
    if (left_right)
        p->x = 2 * cx - p->x;
    else
        p->y = 2 * cy - p->y;
}

/* Moves object i of the second image to a free spot; false if there is none. */
static bool change_move(rng *r, scene *s, const disc *d, int n, int i)
{
    box area = {0, 0, s->width, s->height};
    double need = fmax(MIRROR_MOVE_MIN, 2 * d[i].r + MIRROR_GAP);
    disc *others = xmalloc(sizeof *others * (size_t)n);
    int m = 0;
    for (int k = 0; k < n; k++)
        if (k != i)
            others[m++] = d[k];
    bool moved = false;
    for (int t = 0; t < MOVE_TRIES && !moved; t++) {
        disc nd = d[i];
        nd.x = rng_uniform(r, d[i].r + MIRROR_GAP, area.x1 - d[i].r - MIRROR_GAP); /* one draw per statement */
        nd.y = rng_uniform(r, d[i].r + MIRROR_GAP, area.y1 - d[i].r - MIRROR_GAP);
        if (hypot(nd.x - d[i].x, nd.y - d[i].y) < need || !disc_fits(&area, others, m, nd, MIRROR_GAP))
            continue;
        prim *p = &s->prims[i];
        point *pt = prim_points(s, p);
        for (int k = 0; k < p->npts; k++) {
            pt[k].x += nd.x - d[i].x;
            pt[k].y += nd.y - d[i].y;
        }
        moved = true;
    }
    free(others);
    return moved;
}

static void recolour(prim *p, int colour)
{
    p->fill = PALETTE[colour].value;
    p->colour_name = PALETTE[colour].name;
}

static bool change_recolour(rng *r, scene *s, const mobj *o, int i)
{
    int far[PALETTE_SIZE];
    int nf = palette_far_from(o[i].colour, MIRROR_RECOLOUR_DE, far, PALETTE_SIZE);
    if (nf <= 0)
        return false;
    recolour(&s->prims[i], far[rng_below(r, (uint32_t)nf)]);
    return true;
}

/* Swaps two objects of clearly different colours whose discs fit each other's
 * place; i is the first candidate tried. */
static bool change_swap(rng *r, scene *s, const mobj *o, const disc *d, int n, int i)
{
    if (n < 2)
        return false;
    box area = {0, 0, s->width, s->height};
    int start = (int)rng_below(r, (uint32_t)n);
    disc *rest = xmalloc(sizeof *rest * (size_t)n);
    for (int t = 0; t < n; t++) {
        int j = (start + t) % n;
        if (j == i || ciede2000(PALETTE[o[i].colour].value, PALETTE[o[j].colour].value) < MIRROR_RECOLOUR_DE)
            continue;
        int m = 0;
        for (int k = 0; k < n; k++)
            if (k != i && k != j)
                rest[m++] = d[k];
        disc di = {d[j].x, d[j].y, d[i].r}, dj = {d[i].x, d[i].y, d[j].r};
        if (!disc_fits(&area, rest, m, di, MIRROR_GAP) || !disc_fits(&area, rest, m, dj, MIRROR_GAP))
            continue;
        for (int w = 0; w < 2; w++) {
            int a = w ? j : i;
            double dx = (w ? d[i].x : d[j].x) - d[a].x, dy = (w ? d[i].y : d[j].y) - d[a].y;
            prim *p = &s->prims[a];
            point *pt = prim_points(s, p);
            for (int k = 0; k < p->npts; k++) {
                pt[k].x += dx;
                pt[k].y += dy;
            }
        }
        free(rest);
        return true;
    }
    free(rest);
    return false;
}

static void change_unreflect(scene *s, const disc *d, int i, bool left_right)
{
    prim *p = &s->prims[i];
    point *pt = prim_points(s, p);
    for (int k = 0; k < p->npts; k++)
        reflect_point(&pt[k], d[i].x, d[i].y, left_right);
}

int mirror_pair_check_level(const gen_params *p, char *err, size_t errlen)
{
    double rmax = fmin(MIRROR_RMAX, sqrt(MIRROR_COVERAGE * GEN_CANVAS * GEN_CANVAS / (M_PI * p->level)));
    if (rmax / MIRROR_SIZE_SPREAD < MIRROR_RMIN_FLOOR) {
        int most = (int)(MIRROR_COVERAGE * GEN_CANVAS * GEN_CANVAS /
                         (M_PI * pow(MIRROR_RMIN_FLOOR * MIRROR_SIZE_SPREAD, 2)));
        snprintf(err, errlen, "cannot draw %d shapes on a %dx%d canvas (at most %d fit with radius >= %.0f px)",
                 p->level, GEN_CANVAS, GEN_CANVAS, most, MIRROR_RMIN_FLOOR);
        return -1;
    }
    return 0;
}

int mirror_pair_sample(gen_ctx *ctx, bool left_right, const char *answer_field)
{
    int n = ctx->p.level;
    scene *s0 = ctx->img[0], *s1 = ctx->img[1];
    box area = {0, 0, s0->width, s0->height};
    double rmax = fmin(MIRROR_RMAX, sqrt(MIRROR_COVERAGE * area.x1 * area.y1 / (M_PI * n)));
    double rmin = rmax / MIRROR_SIZE_SPREAD;
    if (rmin < MIRROR_RMIN_FLOOR)
        return gen_fail(ctx, "cannot fit %d shapes of radius >= %.0f px on a %dx%d canvas", n, MIRROR_RMIN_FLOOR,
                        s0->width, s0->height);
    disc *d = xmalloc(sizeof *d * (size_t)n);
    mobj *o = xmalloc(sizeof *o * (size_t)n);
    int rc = GEN_EXIT_OK;
    if (place_discs(&ctx->rng, &area, n, rmin, rmax, MIRROR_GAP, d) != 0) {
        rc = gen_fail(ctx, "cannot place %d separate shapes on a %dx%d canvas", n, s0->width, s0->height);
        goto done;
    }

    rng shapes, colours, change;
    gen_stream(ctx, "shapes", &shapes);
    gen_stream(ctx, "colours", &colours);
    gen_stream(ctx, "change", &change);
    for (int i = 0; i < n; i++) {
        mobj *ob = &o[i];
        ob->cx = d[i].x;
        ob->cy = d[i].y;
        ob->r = d[i].r;
        bool ok = false;
        ob->kind = (int)rng_below(&shapes, MIRROR_KIND_COUNT);
        for (int t = 0; t < SHAPE_TRIES && !ok; t++) {
            ob->rot = rng_uniform(&shapes, 0, 2 * M_PI);
            ok = unit_shape(&shapes, ob->kind, ob) && flip_iou(ob, left_right) <= MIRROR_FLIP_MAX;
        }
        if (!ok) {
            rc = gen_fail(ctx, "cannot find an asymmetric shape in %d tries", SHAPE_TRIES);
            goto done;
        }
        /* not the near-white colours (ivory, lavender): an object drawn without an
         * outline must show on the white canvas */
        do
            ob->colour = (int)rng_below(&colours, PALETTE_SIZE);
        while (ciede2000(PALETTE[ob->colour].value, RGB_WHITE) < 20);
        point pts[POLY_MAX_VERTS];
        poly_place(ob->unit, ob->npts, ob->cx, ob->cy, ob->r, ob->rot, false, pts);
        prim *p = scene_polygon(s0, pts, ob->npts, PALETTE[ob->colour].value);
        p->kind = MIRROR_KINDS[ob->kind];
        p->colour_name = PALETTE[ob->colour].name;
        p->object = i;
    }

    scene_copy(s1, s0);
    if (left_right)
        scene_mirror_x(s1);
    else
        scene_mirror_y(s1);
    bool yes = mirror_answer_yes(ctx->seed, ctx->task, ctx->p.file);
    if (!yes) {
        /* Where each object's reflection sits (centroids reflect with the shape). */
        for (int i = 0; i < n; i++) {
            if (left_right)
                d[i].x = area.x1 - d[i].x;
            else
                d[i].y = area.y1 - d[i].y;
        }
        int target = (int)rng_below(&change, (uint32_t)n);
        int order[4] = {MIRROR_MOVED, MIRROR_RECOLOURED, MIRROR_SWAPPED, MIRROR_UNREFLECTED};
        rng_shuffle_int(&change, order, 4);
        bool done_change = false;
        for (int k = 0; k < 4 && !done_change; k++) {
            switch (order[k]) {
            case MIRROR_MOVED:
                done_change = change_move(&change, s1, d, n, target);
                break;
            case MIRROR_RECOLOURED:
                done_change = change_recolour(&change, s1, o, target);
                break;
            case MIRROR_SWAPPED:
                done_change = change_swap(&change, s1, o, d, n, target);
                break;
            default:
                change_unreflect(s1, d, target, left_right);
                done_change = true;
                break;
            }
        }
    }
    cJSON_AddNumberToObject(ctx->record, "num_objects", n);
    cJSON_AddStringToObject(ctx->record, answer_field, yes ? "yes" : "no");
done:
    free(d);
    free(o);
    return rc;
}
