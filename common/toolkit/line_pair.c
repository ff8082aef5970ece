/* line_pair.c - 2n small shapes beside a blue centre line, n of them reflected
 * across it in the second image (mirror_image, water_image).  See line_pair.h. */
#include "line_pair.h"

#include "errors.h"
#include "shapes.h"
#include "util.h"

#include <math.h>
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

static double to_px_x(double x) { return LINE_PAIR_LEFT + (x + HALF_BOX) * LINE_PAIR_PX; }
static double to_px_y(double y) { return LINE_PAIR_TOP + (HALF_BOX - y) * LINE_PAIR_PX; }

/* One shape as drawn: centre and outline in pixels. */
typedef struct placed {
    int kind, colour;
    double x, y; /* data units */
    point c;     /* centre, px */
    point q[5];  /* outline, px */
    int nq;      /* 0 for a circle */
} placed;

/* The shape at data centre (x, y); reflected (x -> -x, or y -> -y) when flip_x /
 * flip_y, which a true reflection applies to every point of the outline. */
static void make_placed(placed *s, int kind, int colour, double x, double y, bool flip_x, bool flip_y)
{
    point q[5];
    s->kind = kind;
    s->colour = colour;
    s->x = flip_x ? -x : x;
    s->y = flip_y ? -y : y;
    s->c = (point){to_px_x(s->x), to_px_y(s->y)};
    s->nq = kind_points(kind, q);
    for (int i = 0; i < s->nq; i++) {
        double qx = x + q[i].x, qy = y + q[i].y;
        s->q[i] = (point){to_px_x(flip_x ? -qx : qx), to_px_y(flip_y ? -qy : qy)};
    }
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
    /* Pairs: the first image holds every pair; in the second, the moved shapes
     * keep their distances to each other (a reflection) and the line lies
     * between them and the rest. */
    const double reach = 2 * LINE_PAIR_R * LINE_PAIR_PX * M_SQRT2 + LINE_PAIR_EDGE + LINE_PAIR_MIN_GAP;
    for (int i = 0; i < total; i++)
        for (int j = 0; j < i; j++) {
            if (fabs(first[i].c.x - first[j].c.x) > reach || fabs(first[i].c.y - first[j].c.y) > reach)
                continue;
            if (shape_distance(&first[i], &first[j]) - LINE_PAIR_EDGE < LINE_PAIR_MIN_GAP)
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

static void draw(scene *sc, const placed *s, int object)
{
    rgb c = COLOURS[s->colour].value;
    prim *p;
    if (!s->nq)
        p = scene_circle(sc, s->c.x, s->c.y, LINE_PAIR_R * LINE_PAIR_PX, c);
    else
        p = scene_polygon(sc, s->q, s->nq, c);
    /* matplotlib's patches carry a 1 pt edge in their own colour */
    p->stroke_width = LINE_PAIR_EDGE;
    p->stroke = c;
    p->kind = KIND_NAME[s->kind];
    p->colour_name = COLOURS[s->colour].name;
    p->object = object;
}

/* The blue line (axvline / axhline at 0, 1.5 pt): matplotlib snaps it to a pixel
 * edge (its 2.08-px width rounds to an even 2) between the LINE_PAIR_*_LO..HI
 * pixels, and Agg draws it 2.08 px wide, two full pixels and a faint fringe each
 * side, clipped to the axes box (rows 9..378, columns 10..379). */
static void draw_line(scene *sc, bool vertical)
{
    const double h = 1.5 * 100 / 72 / 2, mid = vertical ? (LINE_PAIR_LINE_LO + LINE_PAIR_LINE_HI) / 2
                                                         : (LINE_PAIR_H_LINE_LO + LINE_PAIR_H_LINE_HI) / 2;
    prim *p = vertical ? scene_agg_box(sc, mid - h, 9, mid + h, 379, LINE_BLUE)
                       : scene_agg_box(sc, 10, mid - h, 380, mid + h, LINE_BLUE);
    p->kind = "line";
    p->colour_name = "blue";
}

int line_pair_sample(gen_ctx *ctx, bool vertical, const char *field)
{
    int n = ctx->p.level, total = 2 * n;
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
            make_placed(&first[i], kind, colour, first[i].x, first[i].y, false, false);
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
                make_placed(&moved[i], first[i].kind, first[i].colour, first[i].x, first[i].y, vertical, !vertical);
        if (readable(first, moved, is_moved, total, vertical))
            break;
        ctx->redraws++;
    }

    scene *a = ctx->img[0], *b = ctx->img[1];
    scene_reset(a, LINE_PAIR_SIZE, LINE_PAIR_SIZE);
    scene_reset(b, LINE_PAIR_SIZE, LINE_PAIR_SIZE);
    draw_line(a, vertical);
    draw_line(b, vertical);
    for (int i = 0; i < total; i++)
        draw(a, &first[i], i);
    /* The second image in the same drawing order, the moved shapes reflected. */
    for (int i = 0; i < total; i++)
        draw(b, is_moved[i] ? &moved[i] : &first[i], i);

    cJSON_AddNumberToObject(ctx->record, field, n);
    cJSON_AddNumberToObject(ctx->record, "num_objects", n);
out:
    free(first);
    free(moved);
    free(order);
    free(is_moved);
    return rc;
}
