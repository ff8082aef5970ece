/* SPDX-License-Identifier: MIT */
/* line_pair.c - 2n small shapes beside a blue centre line, n of them reflected
 * across it in the second image (mirror_image, water_image).  See line_pair.h. */
#include "line_pair.h"

#include "errors.h"
#include "mplfig.h"
#include "shapes.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* The original's data box is [-203.5, 203.5] on both axes. */
#define HALF_BOX 203.5
/* Centres: the far bound and the near bound (one radius from the line). */
#define SPAN_FAR 200.0
#define SPAN_NEAR 3.5
/* New centres keep more than this from every earlier one (the original's rule). */
#define CENTRE_GAP (2 * LINE_PAIR_R)
/* Candidate centres drawn for one scene before gen_fail (level 20 needs ~45). */
#define PLACE_TRIES 100000

enum { K_CIRCLE, K_TRIANGLE, K_SQUARE, K_PENTAGON, K_KINDS };
static const char *const KIND_NAME[K_KINDS] = {"circle", "triangle", "square", "pentagon"};

/* matplotlib's named colours, the original's six. */
static const struct {
    const char *name;
    rgb value;
} COLOURS[] = {{"red", {255, 0, 0}},     {"green", {0, 128, 0}},    {"blue", {0, 0, 255}},
               {"yellow", {255, 255, 0}}, {"orange", {255, 165, 0}}, {"black", {0, 0, 0}}};
#define NCOLOURS ((int)(sizeof COLOURS / sizeof COLOURS[0]))

static const rgb LINE_BLUE = {0, 0, 255};

/* The outline of a kind around (0, 0) in data units, y up; a circle has none. */
static int kind_points(int kind, point *q)
{
    const double r = LINE_PAIR_R;
    switch (kind) {
    case K_TRIANGLE:
        q[0] = (point){0, r};
        q[1] = (point){-r, -r};
        q[2] = (point){r, -r};
        return 3;
    case K_SQUARE:
        q[0] = (point){-r, -r};
        q[1] = (point){r, -r};
        q[2] = (point){r, r};
        q[3] = (point){-r, r};
        return 4;
    case K_PENTAGON:
        q[0] = (point){0, r};
        q[1] = (point){0.95 * r, 0.31 * r};
        q[2] = (point){0.59 * r, -0.81 * r};
        q[3] = (point){-0.59 * r, -0.81 * r};
        q[4] = (point){-0.95 * r, 0.31 * r};
        return 5;
    default:
        return 0;
    }
}

/* The original's figure: plt.subplots(), equal aspect, axes off, x and y
 * -203.5..203.5, a tight box: 389x389 (mplfig.h). */
static mplfig geometry(void)
{
    mplfig f;
    mplfig_equal_tight(&f, -HALF_BOX, HALF_BOX, -HALF_BOX, HALF_BOX);
    return f;
}

/* One shape as drawn: centre and outline in pixels. */
typedef struct placed {
    int kind, colour;
    double x, y; /* data units */
    point c;     /* centre, px */
    point q[5];  /* outline, px */
    int nq;      /* 0 for a circle */
} placed;

/* The shape at data centre (x, y) as drawn (mplfig.h); moved to -x (a shape is
 * its own mirror image across the vertical line) when flip_x, reflected to -y
 * with every point of its outline (upside down) when flip_y.  A square's corners
 * are where Agg snaps them (a rectilinear path: pixel centres). */
static void make_placed(const mplfig *f, placed *s, int kind, int colour, double x, double y, bool flip_x,
                        bool flip_y)
{
    point q[5];
    s->kind = kind;
    s->colour = colour;
    s->x = flip_x ? -x : x;
    s->y = flip_y ? -y : y;
    s->c = (point){mplfig_x(f, s->x), mplfig_y(f, s->y)};
    s->nq = kind_points(kind, q);
    if (kind == K_SQUARE) {
        mplfig_rect_corners(f, s->x - LINE_PAIR_R, s->y - LINE_PAIR_R, 2 * LINE_PAIR_R, 2 * LINE_PAIR_R, s->q);
        for (int i = 0; i < 4; i++)
            s->q[i] = (point){floor(s->q[i].x + 0.5) + 0.5, floor(s->q[i].y + 0.5) + 0.5};
        return;
    }
    for (int i = 0; i < s->nq; i++)
        s->q[i] = mplfig_vertex(f, s->x + q[i].x, flip_y ? s->y - q[i].y : s->y + q[i].y);
}

/* Distance from point p to the filled outline (0 inside). */
static double point_shape_distance(const placed *s, point p)
{
    if (point_in_polygon(s->q, s->nq, p.x, p.y))
        return 0;
    double best = INFINITY;
    for (int i = 0; i < s->nq; i++)
        best = fmin(best, segment_distance(s->q[i], s->q[(i + 1) % s->nq], p.x, p.y));
    return best;
}

/* Distance between the two filled shapes' geometric outlines (0 if they meet). */
static double shape_distance(const placed *a, const placed *b)
{
    const double r = LINE_PAIR_R * LINE_PAIR_PX;
    if (!a->nq && !b->nq)
        return fmax(0, hypot(a->c.x - b->c.x, a->c.y - b->c.y) - 2 * r);
    if (!a->nq || !b->nq) {
        const placed *circ = a->nq ? b : a, *poly = a->nq ? a : b;
        return fmax(0, point_shape_distance(poly, circ->c) - r);
    }
    for (int i = 0; i < a->nq; i++)
        for (int j = 0; j < b->nq; j++)
            if (segments_intersect(a->q[i], a->q[(i + 1) % a->nq], b->q[j], b->q[(j + 1) % b->nq]))
                return 0;
    double best = INFINITY;
    for (int i = 0; i < a->nq; i++)
        best = fmin(best, point_shape_distance(b, a->q[i]));
    for (int j = 0; j < b->nq; j++)
        best = fmin(best, point_shape_distance(a, b->q[j]));
    return best;
}

/* The drawn extent of a shape along x (vertical line) or y, edge included. */
static void extent(const placed *s, bool along_x, double *lo, double *hi)
{
    const double h = LINE_PAIR_EDGE / 2;
    if (!s->nq) {
        double r = LINE_PAIR_R * LINE_PAIR_PX, c = along_x ? s->c.x : s->c.y;
        *lo = c - r - h;
        *hi = c + r + h;
        return;
    }
    *lo = INFINITY;
    *hi = -INFINITY;
    for (int i = 0; i < s->nq; i++) {
        double v = along_x ? s->q[i].x : s->q[i].y;
        *lo = fmin(*lo, v);
        *hi = fmax(*hi, v);
    }
    *lo -= h;
    *hi += h;
}

/* Clear space between a shape's drawn extent and the drawn line. */
static double line_gap(const placed *s, bool vertical)
{
    double lo, hi, llo = vertical ? LINE_PAIR_LINE_LO : LINE_PAIR_H_LINE_LO,
                   lhi = vertical ? LINE_PAIR_LINE_HI : LINE_PAIR_H_LINE_HI;
    extent(s, vertical, &lo, &hi);
    return hi <= llo ? llo - hi : lo >= lhi ? lo - lhi : -1;
}

/* True when the scene's two images keep every gap (line_pair.h, contract 3). */
static bool readable(const placed *first, const placed *moved, const bool *is_moved, int total, bool vertical)
{
    /* Pairs: the first image holds every pair; in the second, the line lies
     * between the moved shapes and the rest, and the moved ones keep their
     * distances to each other but for Agg's snapping of the squares (a square
     * and its reflection snap to different pixels), so they are measured again. */
    const double reach = 2 * LINE_PAIR_R * LINE_PAIR_PX * M_SQRT2 + LINE_PAIR_EDGE + LINE_PAIR_MIN_GAP + 1;
    for (int i = 0; i < total; i++)
        for (int j = 0; j < i; j++) {
            if (fabs(first[i].c.x - first[j].c.x) > reach || fabs(first[i].c.y - first[j].c.y) > reach)
                continue;
            if (shape_distance(&first[i], &first[j]) - LINE_PAIR_EDGE < LINE_PAIR_MIN_GAP)
                return false;
            if (is_moved[i] && is_moved[j] && shape_distance(&moved[i], &moved[j]) - LINE_PAIR_EDGE < LINE_PAIR_MIN_GAP)
                return false;
        }
    for (int i = 0; i < total; i++)
        if (line_gap(&first[i], vertical) < LINE_PAIR_MIN_GAP)
            return false;
    for (int i = 0; i < total; i++)
        if (is_moved[i] && line_gap(&moved[i], vertical) < LINE_PAIR_MIN_GAP)
            return false;
    return true;
}

/* A shape as the original adds it: plt.Circle, plt.Rectangle or plt.Polygon of
 * "radius" 3.5 about its centre, colour= (fill and a 1 pt edge); a reflected
 * triangle or pentagon of water_image points down (its corners' y negated
 * about the centre). */
static void draw(const mplfig *f, scene *sc, const placed *s, bool flipped_y, int object)
{
    rgb c = COLOURS[s->colour].value;
    const char *cn = COLOURS[s->colour].name, *kn = KIND_NAME[s->kind];
    const double r = LINE_PAIR_R;
    prim *p;
    char pts[512];
    if (s->kind == K_CIRCLE) {
        p = mplfig_circle(f, sc, s->x, s->y, r, c, true, 1.0);
        scene_describe(sc, "mpl circle %.17g %.17g %.17g color=%s kind=%s", s->x, s->y, r, cn, kn);
    } else if (s->kind == K_SQUARE) {
        p = mplfig_rectangle(f, sc, s->x - r, s->y - r, 2 * r, 2 * r, c, true, 1.0);
        scene_describe(sc, "mpl rectangle %.17g %.17g %.17g %.17g color=%s kind=%s", s->x - r, s->y - r, 2 * r, 2 * r,
                       cn, kn);
    } else {
        point q[5];
        int n = kind_points(s->kind, q), at = 0;
        for (int i = 0; i < n; i++) {
            q[i] = (point){s->x + q[i].x, flipped_y ? s->y - q[i].y : s->y + q[i].y};
            at += snprintf(pts + at, sizeof pts - (size_t)at, "%s%.17g,%.17g", i ? "," : "", q[i].x, q[i].y);
        }
        p = mplfig_polygon(f, sc, q, n, c, true, 1.0);
        scene_describe(sc, "mpl polygon %s color=%s kind=%s", pts, cn, kn);
    }
    p->kind = kn;
    p->colour_name = cn;
    p->object = object;
}

/* A scene on the original's figure, described. */
static mplfig figure(scene *sc)
{
    mplfig f = geometry();
    scene_reset(sc, f.width, f.height);
    mplfig_clip(&f, sc);
    scene_describe(sc, "mpl figure");
    scene_describe(sc, "mpl aspect equal");
    scene_describe(sc, "mpl axis off");
    scene_describe(sc, "mpl xlim %.17g %.17g", -HALF_BOX, HALF_BOX);
    scene_describe(sc, "mpl ylim %.17g %.17g", -HALF_BOX, HALF_BOX);
    return f;
}

/* plt.axvline(x=0, color='blue') or plt.axhline(y=0, ...): matplotlib draws it
 * (a line, zorder 2) after the shapes. */
static void draw_line(const mplfig *f, scene *sc, bool vertical)
{
    prim *p = vertical ? mplfig_axvline(f, sc, 0, 1.5, LINE_BLUE) : mplfig_axhline(f, sc, 0, 1.5, LINE_BLUE);
    p->kind = "line";
    p->colour_name = "blue";
    scene_describe(sc, vertical ? "mpl axvline x=0 color=blue kind=line" : "mpl axhline y=0 color=blue kind=line");
    scene_describe(sc, "mpl save tight");
}

int line_pair_sample(gen_ctx *ctx, bool vertical, const char *field)
{
    int n = ctx->p.level, total = 2 * n;
    const mplfig geo = geometry();
    size_t cap = (size_t)(total ? total : 1);
    placed *first = xmalloc(sizeof *first * cap), *moved = xmalloc(sizeof *moved * cap);
    int *order = xmalloc(sizeof *order * cap);
    bool *is_moved = xmalloc(sizeof *is_moved * cap);
    int rc = GEN_EXIT_OK;
    for (int scene_no = 0;; scene_no++) {
        if (scene_no == LINE_PAIR_SCENES) {
            rc = gen_fail(ctx, "cannot draw %d shapes %.1f px apart and off the line in %d scenes", total,
                          LINE_PAIR_MIN_GAP, LINE_PAIR_SCENES);
            goto out;
        }
        /* Centres one after another, each more than 2 radii from the earlier. */
        int placed_n = 0;
        for (long tries = 0; placed_n < total; tries++) {
            if (tries == PLACE_TRIES) {
                rc = gen_fail(ctx, "cannot place %d shape centres in %d tries", total, PLACE_TRIES);
                goto out;
            }
            double x, y;
            if (vertical) {
                x = rng_uniform(&ctx->rng, -SPAN_FAR, -SPAN_NEAR);
                y = rng_uniform(&ctx->rng, -SPAN_FAR, SPAN_FAR);
            } else {
                x = rng_uniform(&ctx->rng, -SPAN_FAR, SPAN_FAR);
                y = rng_uniform(&ctx->rng, SPAN_NEAR, SPAN_FAR);
            }
            bool ok = true;
            for (int j = 0; j < placed_n && ok; j++)
                ok = hypot(first[j].x - x, first[j].y - y) > CENTRE_GAP;
            if (ok)
                first[placed_n++] = (placed){.x = x, .y = y};
        }
        for (int i = 0; i < total; i++) {
            int colour = (int)rng_below(&ctx->rng, NCOLOURS), kind = (int)rng_below(&ctx->rng, K_KINDS);
            make_placed(&geo, &first[i], kind, colour, first[i].x, first[i].y, false, false);
        }
        /* n of the 2n, uniformly, cross the line. */
        for (int i = 0; i < total; i++)
            order[i] = i;
        rng_shuffle_int(&ctx->rng, order, total);
        for (int i = 0; i < total; i++)
            is_moved[i] = false;
        for (int i = 0; i < n; i++)
            is_moved[order[i]] = true;
        for (int i = 0; i < total; i++)
            if (is_moved[i])
                make_placed(&geo, &moved[i], first[i].kind, first[i].colour, first[i].x, first[i].y, vertical,
                            !vertical);
        if (readable(first, moved, is_moved, total, vertical))
            break;
        ctx->redraws++;
    }

    scene *a = ctx->img[0], *b = ctx->img[1];
    mplfig fa = figure(a), fb = figure(b);
    for (int i = 0; i < total; i++)
        draw(&fa, a, &first[i], false, i);
    draw_line(&fa, a, vertical);
    /* The second image in the same drawing order, the moved shapes reflected:
     * across the vertical line a shape is its own mirror image (the original
     * draws it at -x); across the horizontal one it turns upside down. */
    for (int i = 0; i < total; i++)
        draw(&fb, b, is_moved[i] ? &moved[i] : &first[i], is_moved[i] && !vertical, i);
    draw_line(&fb, b, vertical);

    cJSON_AddNumberToObject(ctx->record, field, n);
    cJSON_AddNumberToObject(ctx->record, "num_objects", n);
out:
    free(first);
    free(moved);
    free(order);
    free(is_moved);
    return rc;
}
