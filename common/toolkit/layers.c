#include "layers.h"

#include "errors.h"
#include "palette.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Distance from one layer's centre to the next, as a share of the sum of their
 * radii: from 0.4 the upper shape rarely swallows the lower, up to 0.95 they still
 * overlap by a clear band. */
#define LAYER_STEP_MIN 0.4
#define LAYER_STEP_MAX 0.95
/* With keep_corners, half the candidates bite the layer below (see plan_bite):
 * they lie beyond a corner (a notch of a star, a side of a hexagon, a point of a
 * circle's rim) within 15 degrees of the line from the lower layer's centre
 * through it, and reach just as deep past it as plan_bite asks. */
#define LAYER_BITE_TURN (15.0 * M_PI / 180.0)
/* A bite is planned this much larger than the order rule checks on the raster:
 * the new shape's edge is no straight cut. */
#define BITE_MARGIN 1.15
/* A bite hides at most this half-arc of a circle's rim: 4 of its 12 rim points. */
#define BITE_RIM_ARC (70.0 * M_PI / 180.0)
/* Depth of a bite across a star's notch, from the line between the two tips, as
 * a share of its radius: deep enough to cover a good part of both tips, shallow
 * enough to miss the other three. */
#define BITE_STAR_MIN 0.2
#define BITE_STAR_MAX 0.45
/* Other candidates step from the layer below at most this far from the heading of
 * the last step, so the stack moves on rather than back over itself. */
#define LAYER_TURN (130.0 * M_PI / 180.0)

/* Candidates inside the canvas looked at per try (out of at most three times as
 * many drawn); the one that hurts the layers below least is tried, which steers
 * the stack into free space and saves most failed tries. */
#define LAYER_PROPOSALS 8
/* Sample points that judge how crowded a candidate is (see CROWD_DIR). */
#define CROWD_POINTS 19
/* The ring that judges the room round a candidate (as a multiple of its radius)
 * and the weight of a full ring against the harm it does below. */
#define CROWD_RING 1.7
#define CROWD_ROOM_WEIGHT 0.5
/* Sample points a candidate (not a bite) must have over the layer just below. */
#define CROWD_MIN_PREV 1
/* A candidate whose outline runs over the layer below (a rough forecast on the
 * raster) for less than this share of the order edge a try asks for is not
 * tried. */
#define EDGE_FORECAST 0.9
/* The crowding of a candidate not worth a try. */
#define CROWD_HOPELESS 1e9

#define NO_LAYER 0xFF
/* Points of one corner: the corner, two points along each side, and the centre of
 * the corner's triangle. */
#define CORNER_POINTS 6
/* Per-layer counts kept during placement, each an array of n: cells (visible
 * cells), over (visible cells painted over the layer below), and the cell edges
 * between those and visible cells of the layer below, between left and right
 * neighbours and between upper and lower ones (their sum sets the strip that
 * over_area() takes off). */
#define NCOUNTS 4
/* Depth inside a circle's rim of the second point of each rim point. */
#define RIM_DEPTH 6.0
/* Order edge points (see edge_pts): 4 px apart; a point counts when it is 4 px
 * inside the layer below (clear of that layer's outline) and stays 5 px clear of
 * every later layer (its outline and antialiasing). */
#define EDGE_STEP 4.0
#define EDGE_INSET 4.0
#define EDGE_CLEAR 5.0
/* Most corners of a shape (an octagon), or rim points of a circle. */
#define MAX_GROUPS 12
/* The disc shortcuts of the point tests (geom_inside() and the two below it)
 * answer only when the point is this many px past the disc: far more than the
 * rounding of any coordinate here (about 1e-12 px), so they answer what the
 * exact test would. */
#define DISC_SLACK 1e-3

/* What plan_bite() works out for one place of a layer (a corner, a notch of a
 * star, a side, or any point of a circle's rim), which depends on the layer
 * alone: worked out once for the layer and kept with it. */
typedef struct bite {
    double vx, vy; /* the point the bite aims at (not for a circle) */
    double dir;    /* its heading from the layer's centre (not for a circle) */
    double lo, hi; /* the depths it may take */
} bite;

typedef struct geom {
    layer_shape s;
    double cos_rot, sin_rot;     /* of s.rot (polygons) */
    point pts[SHAPE_MAX_POINTS];
    int npts;                    /* 0 for a circle */
    double bx0, by0, bx1, by1;   /* bounding box, px */
    int cx0, cy0, cx1, cy1;      /* bounding box, cells (inclusive, clamped) */
    double area, perimeter;      /* own, px */
    /* A polygon holds the disc of radius rin about its centre and lies in the one
     * of radius rout: the squares of rin - DISC_SLACK (or -1) and of rout +
     * DISC_SLACK. */
    double rin, rout, in2, out2;
    double heading;              /* of the step from the layer below (once placed) */
    /* Corners (or rim points): group g is points feat[g * gsize ...], inside the
     * box fbox[g] (x0, y0, x1, y1). */
    point feat[MAX_GROUPS * CORNER_POINTS];
    double fbox[MAX_GROUPS][4];
    int ngroups, gsize, max_hidden, nhidden;
    int hidden_by[MAX_GROUPS];   /* the layer that covers the group, or -1 */
    /* Bites into it, by corner (a star's by the vertex between the two tips, a
     * circle's all in bites[0]); filled the first time a bite is planned. */
    bool bites_ready;
    bite bites[SHAPE_MAX_POINTS];
} geom;

typedef struct raster {
    int w, h;
    uint8_t *lab;        /* topmost layer holding the cell centre, or NO_LAYER */
    uint8_t *over;       /* 1 where that layer was painted over the layer just below */
    uint8_t *prev_lab;   /* during a try: the values before it, where chg == gen */
    uint8_t *prev_over;
    uint32_t *chg;       /* == gen: changed by the current try */
    uint32_t *stamp;     /* flood fill marks */
    uint32_t gen, fill_gen;
    int *queue;
    int *span_n, *span_a, *span_b; /* paint(): each row's spans (row_cells()) */
} raster;

/* The cells each placed layer changed (its undo record). */
typedef struct undo {
    int *cell;
    uint8_t *lab, *over;
    int n;
    int *counts;         /* the counts (NCOUNTS arrays of n) before the layer */
} undo;

static void add_corner(geom *g, point v, point a, point b)
{
    point q[2][2];
    const point side[2] = {a, b};
    for (int s = 0; s < 2; s++) {
        double dx = side[s].x - v.x, dy = side[s].y - v.y, len = sqrt(dx * dx + dy * dy);
        double arm = fmin(LAYER_CORNER_ARM, len / 2);
        for (int j = 0; j < 2; j++) {
            double t = arm * (j + 1) / 2 / len;
            q[s][j] = (point){v.x + dx * t, v.y + dy * t};
        }
    }
    point *f = g->feat + g->ngroups * CORNER_POINTS;
    f[0] = v;
    f[1] = q[0][0];
    f[2] = q[0][1];
    f[3] = q[1][0];
    f[4] = q[1][1];
    f[5] = (point){(v.x + q[0][1].x + q[1][1].x) / 3, (v.y + q[0][1].y + q[1][1].y) / 3};
    g->ngroups++;
}

/* A shape kind at circumradius 1 and no rotation, centred on the origin. */
typedef struct unit_shape {
    point pts[SHAPE_MAX_POINTS];
    int npts;
    double area, perimeter, inradius, outradius;
} unit_shape;

static void unit_shapes(unit_shape *u)
{
    for (int k = 0; k < SHAPE_COUNT; k++) {
        u[k].npts = shape_points((shape_kind)k, 0, 0, 1, 0, u[k].pts);
        u[k].area = u[k].npts ? polygon_area(u[k].pts, u[k].npts) : M_PI;
        u[k].perimeter = u[k].npts ? 0 : 2 * M_PI;
        u[k].inradius = 1;
        u[k].outradius = 0;
        for (int i = 0; i < u[k].npts; i++) {
            const point *a = &u[k].pts[i], *b = &u[k].pts[(i + 1) % u[k].npts];
            u[k].outradius = fmax(u[k].outradius, hypot(a->x, a->y));
            u[k].perimeter += sqrt((b->x - a->x) * (b->x - a->x) + (b->y - a->y) * (b->y - a->y));
            u[k].inradius = fmin(u[k].inradius, segment_distance(*a, *b, 0, 0));
        }
    }
}

/* The outline of s with its centre at (x, y), turned by the angle whose cosine
 * and sine are c and sn (shape_points' rotation: it turns counter-clockwise on
 * screen). */
static void unit_place(const unit_shape *u, double r, double c, double sn, double x, double y, point *out)
{
    for (int i = 0; i < u->npts; i++) {
        out[i].x = x + r * (u->pts[i].x * c + u->pts[i].y * sn);
        out[i].y = y + r * (u->pts[i].y * c - u->pts[i].x * sn);
    }
}

/* The outline, bounding boxes, area and perimeter of s (for a polygon, c and sn
 * are the cosine and sine of s->rot). */
static void geom_init(geom *g, const layer_shape *s, double c, double sn, const unit_shape *units, int w, int h)
{
    const unit_shape *u = &units[s->kind];
    g->s = *s;
    g->cos_rot = c;
    g->sin_rot = sn;
    g->bites_ready = false;
    g->rin = u->inradius * s->r;
    g->rout = u->outradius * s->r;
    g->in2 = g->rin > DISC_SLACK ? (g->rin - DISC_SLACK) * (g->rin - DISC_SLACK) : -1;
    g->out2 = (g->rout + DISC_SLACK) * (g->rout + DISC_SLACK);
    g->area = u->area * s->r * s->r;
    g->perimeter = u->perimeter * s->r;
    if (s->kind == SHAPE_CIRCLE) {
        g->npts = 0;
        g->bx0 = s->x - s->r;
        g->bx1 = s->x + s->r;
        g->by0 = s->y - s->r;
        g->by1 = s->y + s->r;
    } else {
        g->npts = u->npts;
        unit_place(u, s->r, c, sn, s->x, s->y, g->pts);
        g->bx0 = g->bx1 = g->pts[0].x;
        g->by0 = g->by1 = g->pts[0].y;
        /* Plain comparisons, not fmin and fmax (library calls here): the
         * coordinates are finite, so the box is the same. */
        for (int i = 1; i < g->npts; i++) {
            const point *q = &g->pts[i];
            g->bx0 = q->x < g->bx0 ? q->x : g->bx0;
            g->bx1 = q->x > g->bx1 ? q->x : g->bx1;
            g->by0 = q->y < g->by0 ? q->y : g->by0;
            g->by1 = q->y > g->by1 ? q->y : g->by1;
        }
    }
    g->cx0 = (int)fmax(0, floor(g->bx0 / LAYER_CELL));
    g->cy0 = (int)fmax(0, floor(g->by0 / LAYER_CELL));
    g->cx1 = (int)fmin(w - 1, floor(g->bx1 / LAYER_CELL));
    g->cy1 = (int)fmin(h - 1, floor(g->by1 / LAYER_CELL));
}

/* The corner groups of g (rim points of a circle), none hidden yet. */
static void geom_features(geom *g)
{
    const layer_shape *s = &g->s;
    g->ngroups = 0;
    g->nhidden = 0;
    if (s->kind == SHAPE_CIRCLE) {
        /* Each rim point with a point RIM_DEPTH inside it: the rim shows there
         * when both are clear. */
        for (int i = 0; i < LAYER_RIM_POINTS; i++) {
            double a = 2 * M_PI * i / LAYER_RIM_POINTS, c = cos(a), sn = sin(a);
            g->feat[2 * i] = (point){s->x + s->r * c, s->y + s->r * sn};
            g->feat[2 * i + 1] = (point){s->x + (s->r - RIM_DEPTH) * c, s->y + (s->r - RIM_DEPTH) * sn};
        }
        g->ngroups = LAYER_RIM_POINTS;
        g->gsize = 2;
        g->max_hidden = LAYER_RIM_POINTS - LAYER_RIM_VISIBLE;
    } else {
        /* A star's corners are its five tips (even points); every other polygon's
         * corners are all its vertices. */
        int step = s->kind == SHAPE_STAR ? 2 : 1;
        for (int i = 0; i < g->npts && g->ngroups < MAX_GROUPS; i += step)
            add_corner(g, g->pts[i], g->pts[(i + g->npts - 1) % g->npts], g->pts[(i + 1) % g->npts]);
        g->gsize = CORNER_POINTS;
        /* A star can lose two tips to a bite across a notch, a hexagon (or more
         * corners) two corners to a bite across a side; four corners still show
         * its kind.  Others keep all corners but one. */
        g->max_hidden = s->kind == SHAPE_STAR || g->npts >= 6 ? 2 : 1;
    }
    for (int i = 0; i < g->ngroups; i++) {
        g->hidden_by[i] = -1;
        const point *f = &g->feat[i * g->gsize];
        double *b = g->fbox[i];
        b[0] = b[2] = f[0].x;
        b[1] = b[3] = f[0].y;
        for (int p = 1; p < g->gsize; p++) {
            b[0] = fmin(b[0], f[p].x);
            b[1] = fmin(b[1], f[p].y);
            b[2] = fmax(b[2], f[p].x);
            b[3] = fmax(b[3], f[p].y);
        }
    }
}

static bool geom_inside(const geom *g, double x, double y)
{
    if (x < g->bx0 || x > g->bx1 || y < g->by0 || y > g->by1)
        return false;
    double dx = x - g->s.x, dy = y - g->s.y;
    if (g->npts == 0)
        return dx * dx + dy * dy < g->s.r * g->s.r;
    double d2 = dx * dx + dy * dy;
    if (d2 < g->in2)
        return true;
    if (d2 > g->out2)
        return false;
    return point_in_polygon(g->pts, g->npts, x, y);
}

/* True when (x, y) is within `clear` px of an edge of polygon g. */
static bool polygon_edge_within(const geom *g, double x, double y, double clear)
{
    for (int i = 0, j = g->npts - 1; i < g->npts; j = i++) {
        double ex = g->pts[i].x - g->pts[j].x, ey = g->pts[i].y - g->pts[j].y;
        double t = ((x - g->pts[j].x) * ex + (y - g->pts[j].y) * ey) / (ex * ex + ey * ey);
        t = t < 0 ? 0 : t > 1 ? 1 : t;
        double dx = g->pts[j].x + t * ex - x, dy = g->pts[j].y + t * ey - y;
        if (dx * dx + dy * dy <= clear * clear)
            return true;
    }
    return false;
}

/* True when (x, y) lies outside g and more than `clear` px from its edge. */
static bool geom_clear_of(const geom *g, double x, double y, double clear)
{
    if (x < g->bx0 - clear || x > g->bx1 + clear || y < g->by0 - clear || y > g->by1 + clear)
        return true;
    if (g->npts == 0) {
        double dx = x - g->s.x, dy = y - g->s.y, out = g->s.r + clear;
        return dx * dx + dy * dy > out * out;
    }
    double dx = x - g->s.x, dy = y - g->s.y, d2 = dx * dx + dy * dy, out = g->rout + clear + DISC_SLACK;
    if (d2 > out * out)
        return true;
    if (geom_inside(g, x, y))
        return false;
    return !polygon_edge_within(g, x, y, clear);
}

/* True when (x, y) is more than `clear` px from the edge of g. */
static bool geom_clear_of_edge(const geom *g, double x, double y, double clear)
{
    if (g->npts == 0)
        return fabs(sqrt((x - g->s.x) * (x - g->s.x) + (y - g->s.y) * (y - g->s.y)) - g->s.r) > clear;
    double dx = x - g->s.x, dy = y - g->s.y, d2 = dx * dx + dy * dy;
    double out = g->rout + clear + DISC_SLACK, in = g->rin - clear - DISC_SLACK;
    if (d2 > out * out || (in > 0 && d2 < in * in))
        return true;
    return !polygon_edge_within(g, x, y, clear);
}

/* The x-intervals of row centre py inside g, as pairs in xs; returns their count. */
static int row_spans(const geom *g, double py, double *xs)
{
    if (g->npts == 0) {
        double dy = py - g->s.y;
        if (fabs(dy) >= g->s.r)
            return 0;
        double dx = sqrt(g->s.r * g->s.r - dy * dy);
        xs[0] = g->s.x - dx;
        xs[1] = g->s.x + dx;
        return 1;
    }
    int m = 0;
    for (int i = 0, j = g->npts - 1; i < g->npts; j = i++) {
        point a = g->pts[j], b = g->pts[i];
        if ((a.y > py) != (b.y > py)) {
            double x = a.x + (py - a.y) * (b.x - a.x) / (b.y - a.y);
            int k = m++;
            while (k > 0 && xs[k - 1] > x) {
                xs[k] = xs[k - 1];
                k--;
            }
            xs[k] = x;
        }
    }
    return m / 2;
}

/* The layer whose order evidence an edge between two cells is (the upper one of
 * two consecutive layers, painted over the lower), or -1. */
static inline int evidence_of(int la, int oa, int lb, int ob)
{
    if (la == NO_LAYER || lb == NO_LAYER)
        return -1;
    if (lb == la + 1 && ob)
        return lb;
    if (la == lb + 1 && oa)
        return la;
    return -1;
}

/* Order evidence on the four edges of changed cell (x, y): an edge to an unchanged
 * cell changes from what it was to what it is; an edge between two changed cells
 * now joins two cells of the new layer, and what it was is counted once (from its
 * left or upper cell). */
static void evidence_delta(const raster *R, int x, int y, int *evid_h, int *evid_v)
{
    int i = y * R->w + x;
    /* A cell painted over empty canvas had no evidence edges and, not being over
     * the layer below, makes none. */
    if (R->prev_lab[i] == NO_LAYER)
        return;
    const int nb[4] = {x > 0 ? i - 1 : -1, x + 1 < R->w ? i + 1 : -1, y > 0 ? i - R->w : -1,
                       y + 1 < R->h ? i + R->w : -1};
    for (int d = 0; d < 4; d++) {
        int j = nb[d], l, *evid = d < 2 ? evid_h : evid_v;
        if (j < 0)
            continue;
        if (R->chg[j] == R->gen) {
            if (j > i && (l = evidence_of(R->prev_lab[i], R->prev_over[i], R->prev_lab[j], R->prev_over[j])) >= 0)
                evid[l]--;
            continue;
        }
        if ((l = evidence_of(R->prev_lab[i], R->prev_over[i], R->lab[j], R->over[j])) >= 0)
            evid[l]--;
        if ((l = evidence_of(R->lab[i], R->over[i], R->lab[j], R->over[j])) >= 0)
            evid[l]++;
    }
}

/* Most spans of one row inside a shape. */
#define ROW_SPANS (SHAPE_MAX_POINTS / 2 + 1)

/* The cells of row y inside g: [xa[s], xb[s]] for s < return value (at most
 * ROW_SPANS). */
static int row_cells(const geom *g, int y, int *xa, int *xb)
{
    double xs[SHAPE_MAX_POINTS + 2];
    int m = row_spans(g, (y + 0.5) * LAYER_CELL, xs), out = 0;
    for (int s = 0; s < m; s++) {
        xa[out] = (int)fmax(g->cx0, ceil(xs[2 * s] / LAYER_CELL - 0.5));
        xb[out] = (int)fmin(g->cx1, ceil(xs[2 * s + 1] / LAYER_CELL - 0.5) - 1);
        if (xa[out] <= xb[out])
            out++;
    }
    return out;
}

/* Paints layer k over the raster, recording every changed cell in u, and updates
 * the cell counts and the order evidence. */
static void paint(raster *R, const geom *g, int k, int *cells, int *evid_h, int *evid_v, int *over, undo *u)
{
    if (++R->gen == 0) {
        memset(R->chg, 0, sizeof *R->chg * (size_t)R->w * (size_t)R->h);
        R->gen = 1;
    }
    u->n = 0;
    for (int y = g->cy0; y <= g->cy1; y++) {
        int *xa = R->span_a + y * ROW_SPANS, *xb = R->span_b + y * ROW_SPANS;
        int m = R->span_n[y] = row_cells(g, y, xa, xb);
        for (int s = 0; s < m; s++)
            for (int x = xa[s]; x <= xb[s]; x++) {
                int i = y * R->w + x;
                int old = R->lab[i];
                u->cell[u->n] = i;
                u->lab[u->n] = R->prev_lab[i] = (uint8_t)old;
                u->over[u->n] = R->prev_over[i] = R->over[i];
                u->n++;
                R->chg[i] = R->gen;
                if (old != NO_LAYER) {
                    cells[old]--;
                    over[old] -= R->over[i];
                }
                R->over[i] = (uint8_t)(old != NO_LAYER && old == k - 1);
                over[k] += R->over[i];
                R->lab[i] = (uint8_t)k;
                cells[k]++;
            }
    }
    for (int y = g->cy0; y <= g->cy1; y++) {
        const int *xa = R->span_a + y * ROW_SPANS, *xb = R->span_b + y * ROW_SPANS;
        for (int s = 0; s < R->span_n[y]; s++)
            for (int x = xa[s]; x <= xb[s]; x++)
                evidence_delta(R, x, y, evid_h, evid_v);
    }
}

static void unpaint(raster *R, const undo *u)
{
    for (int c = 0; c < u->n; c++) {
        R->lab[u->cell[c]] = u->lab[c];
        R->over[u->cell[c]] = u->over[c];
    }
}

/* How many of the four neighbours of cell (x, y) are layer L (cells off the
 * raster are not). */
static int same_neighbours(const raster *R, int x, int y, int L)
{
    int i = y * R->w + x;
    return (x > 0 && R->lab[i - 1] == L) + (x + 1 < R->w && R->lab[i + 1] == L) + (y > 0 && R->lab[i - R->w] == L) +
           (y + 1 < R->h && R->lab[i + R->w] == L);
}

static bool visible_enough(const layer_rules *ru, const geom *g, double px)
{
    return px >= ru->min_pixels && px >= ru->min_fraction * g->area;
}

/* Whether the visible estimate of one of layer L's connected pieces is
 * visible_enough() (so the largest is: it stops at the first that is).  Pieces
 * connect only through core cells (a cell of L whose four neighbours are L
 * too), so a neck narrower than three cells, which outlines may close, splits
 * them.  A piece is its core cells and the border cells next to them, less a
 * LAYER_EDGE_LOSS strip along its border. */
static bool piece_visible(raster *R, const layer_rules *ru, const geom *g, int L)
{
    if (++R->fill_gen == 0) {
        memset(R->stamp, 0, sizeof *R->stamp * (size_t)R->w * (size_t)R->h);
        R->fill_gen = 1;
    }
    for (int y = g->cy0; y <= g->cy1; y++)
        for (int x = g->cx0; x <= g->cx1; x++) {
            int start = y * R->w + x;
            if (R->lab[start] != L || R->stamp[start] == R->fill_gen || same_neighbours(R, x, y, L) < 4)
                continue;
            int head = 0, tail = 0, count = 0, edges = 0;
            R->queue[tail++] = start;
            R->stamp[start] = R->fill_gen;
            while (head < tail) {
                int i = R->queue[head++], same = same_neighbours(R, i % R->w, i / R->w, L);
                count++;
                if (same < 4) { /* a border cell: counted, not spread from */
                    edges += 4 - same;
                    continue;
                }
                const int nb[4] = {i - 1, i + 1, i - R->w, i + R->w};
                for (int d = 0; d < 4; d++)
                    if (R->stamp[nb[d]] != R->fill_gen) {
                        R->stamp[nb[d]] = R->fill_gen;
                        R->queue[tail++] = nb[d];
                    }
            }
            /* Cell edges run a staircase along a border: pi / 4 of their length is
             * the border's length, on average over directions. */
            double est = count * LAYER_CELL * LAYER_CELL - edges * (M_PI / 4) * LAYER_CELL * LAYER_EDGE_LOSS;
            if (visible_enough(ru, g, est))
                return true;
        }
    return false;
}

/* With keep_corners: true when candidate c (layer k) leaves every layer below
 * enough of its corners or rim; with mark, marks the groups it covers as hidden
 * by k (call it so only for a candidate that survives). */
static bool corners_survive(geom *g, int k, const geom *c, bool mark)
{
    for (int L = 0; L < k; L++) {
        geom *l = &g[L];
        if (l->bx0 > c->bx1 + LAYER_CORNER_CLEAR || l->bx1 < c->bx0 - LAYER_CORNER_CLEAR ||
            l->by0 > c->by1 + LAYER_CORNER_CLEAR || l->by1 < c->by0 - LAYER_CORNER_CLEAR)
            continue;
        int hidden = l->nhidden;
        for (int f = 0; f < l->ngroups; f++) {
            if (l->hidden_by[f] >= 0)
                continue;
            /* All of a group's points off c's box by the clearance: all clear. */
            const double *b = l->fbox[f];
            if (b[2] < c->bx0 - LAYER_CORNER_CLEAR || b[0] > c->bx1 + LAYER_CORNER_CLEAR ||
                b[3] < c->by0 - LAYER_CORNER_CLEAR || b[1] > c->by1 + LAYER_CORNER_CLEAR)
                continue;
            for (int p = 0; p < l->gsize; p++) {
                const point *q = &l->feat[f * l->gsize + p];
                if (!geom_clear_of(c, q->x, q->y, LAYER_CORNER_CLEAR)) {
                    if (++hidden > l->max_hidden)
                        return false;
                    if (mark) {
                        l->hidden_by[f] = k;
                        l->nhidden++;
                    }
                    break;
                }
            }
        }
    }
    return true;
}

/* Undoes corners_survive() for layer k. */
static void corners_restore(geom *g, int k)
{
    for (int L = 0; L < k; L++)
        for (int f = 0; f < g[L].ngroups; f++)
            if (g[L].hidden_by[f] == k) {
                g[L].hidden_by[f] = -1;
                g[L].nhidden--;
            }
}

/* The order edge of each layer: points EDGE_STEP px apart along its outline where
 * it runs inside the layer just below (EDGE_INSET px clear of that layer's own
 * edge, which the layer below showed there when the layer was placed); a later
 * layer that comes within EDGE_CLEAR px of a point hides it. */
typedef struct edge_pts {
    point *p;
    int8_t *lost_by; /* the layer that hides the point, or -1 */
    int n, alive;
} edge_pts;

/* Lays out the order edge of candidate c over the layer below, b (at most `most`
 * points) in e, or with e NULL only counts it; returns the number of points. */
static int edge_points(const geom *c, const geom *b, int most, edge_pts *e)
{
    int n = 0;
    int nseg = c->npts ? c->npts : 1;
    for (int s = 0; s < nseg; s++) {
        double len = c->perimeter, ax = 0, ay = 0, ex = 0, ey = 0;
        if (c->npts) {
            const point *a = &c->pts[s], *q = &c->pts[(s + 1) % c->npts];
            ax = a->x;
            ay = a->y;
            ex = q->x - a->x;
            ey = q->y - a->y;
            len = sqrt(ex * ex + ey * ey);
        }
        int m = (int)floor(len / EDGE_STEP);
        /* A circle's points by turning (ca, sa) a step at a time (a polygon's
         * sides need no angles). */
        double ca = 0, sa = 0, cd = 0, sd = 0;
        if (!c->npts) {
            ca = cos(M_PI / m);
            sa = sin(M_PI / m);
            cd = cos(2 * M_PI / m);
            sd = sin(2 * M_PI / m);
        }
        for (int j = 0; j < m && n < most; j++) {
            double t = (j + 0.5) / m, x, y;
            if (c->npts) {
                x = ax + ex * t;
                y = ay + ey * t;
            } else {
                x = c->s.x + c->s.r * ca;
                y = c->s.y + c->s.r * sa;
                double nc = ca * cd - sa * sd;
                sa = sa * cd + ca * sd;
                ca = nc;
            }
            if (!geom_inside(b, x, y) || !geom_clear_of_edge(b, x, y, EDGE_INSET))
                continue;
            if (e) {
                e->p[n] = (point){x, y};
                e->lost_by[n] = -1;
            }
            n++;
        }
    }
    if (e)
        e->n = e->alive = n;
    return n;
}

/* How many live points of e candidate c would hide. */
static int edge_hidden(const edge_pts *e, const geom *c)
{
    int hidden = 0;
    for (int i = 0; i < e->n; i++)
        hidden += e->lost_by[i] < 0 && !geom_clear_of(c, e->p[i].x, e->p[i].y, EDGE_CLEAR);
    return hidden;
}

/* Marks the live points of e that layer k (geometry c) hides. */
static void edge_hide(edge_pts *e, const geom *c, int k)
{
    for (int i = 0; i < e->n; i++)
        if (e->lost_by[i] < 0 && !geom_clear_of(c, e->p[i].x, e->p[i].y, EDGE_CLEAR)) {
            e->lost_by[i] = (int8_t)k;
            e->alive--;
        }
}

/* Undoes edge_hide() for layer k. */
static void edge_restore(edge_pts *e, int k)
{
    for (int i = 0; i < e->n; i++)
        if (e->lost_by[i] == k) {
            e->lost_by[i] = -1;
            e->alive++;
        }
}

/* The area a layer visibly covers of the layer below, px, from its cells over
 * that layer less a LAYER_EDGE_LOSS strip along its edge across it. */
static double over_area(int over_cells, int edge_cells)
{
    return over_cells * LAYER_CELL * LAYER_CELL - edge_cells * (M_PI / 4) * LAYER_CELL * LAYER_EDGE_LOSS;
}

/* One try at layer k: paints candidate g[k] and keeps it if every rule still
 * holds, else restores the raster and the counts.  Its order edge over layer
 * k - 1 is in edges[k] (edge_points()); the order edges of the layers below lose
 * what it hides only when it is kept (edge_hide). */
static bool try_layer(raster *R, geom *g, int k, int n, int *counts, undo *u, edge_pts *edges, const layer_rules *ru,
                      double min_over)
{
    double need_edge = ru->min_order_edge * LAYER_EDGE_MARGIN;
    if (k > 0 && edges[k].alive * EDGE_STEP < need_edge)
        return false;
    for (int L = 1; L < k; L++) {
        const geom *l = &g[L];
        const geom *c = &g[k];
        if (l->bx0 > c->bx1 + EDGE_CLEAR || l->bx1 < c->bx0 - EDGE_CLEAR || l->by0 > c->by1 + EDGE_CLEAR ||
            l->by1 < c->by0 - EDGE_CLEAR)
            continue;
        if ((edges[L].alive - edge_hidden(&edges[L], c)) * EDGE_STEP < need_edge)
            return false;
    }

    int *cells = counts, *over = counts + n, *evid_h = counts + 2 * n, *evid_v = counts + 3 * n;
    memcpy(u->counts, counts, sizeof *counts * (size_t)n * NCOUNTS);
    paint(R, &g[k], k, cells, evid_h, evid_v, over, u);

    /* The new layer is whole: its visible part is its cells less its border. */
    bool ok = visible_enough(ru, &g[k], cells[k] * LAYER_CELL * LAYER_CELL - g[k].perimeter * LAYER_EDGE_LOSS);
    for (int L = 0; L < k && ok; L++)
        if (cells[L] != u->counts[L])
            ok = visible_enough(ru, &g[L], cells[L] * LAYER_CELL * LAYER_CELL);
    for (int L = 1; L <= k && ok; L++)
        ok = over_area(over[L], evid_h[L] + evid_v[L]) >= min_over;
    for (int L = 0; L < k && ok; L++)
        if (cells[L] != u->counts[L])
            ok = piece_visible(R, ru, &g[L], L);
    if (ok)
        return true;
    unpaint(R, u);
    memcpy(counts, u->counts, sizeof *counts * (size_t)n * NCOUNTS);
    return false;
}

/* Area of the cap cut from a circle of radius r by a chord at depth d. */
static double cap_area(double r, double d)
{
    return r * r * acos((r - d) / r) - (r - d) * sqrt(fmax(0, 2 * r * d - d * d));
}

/* The bites into layer b (a bite is modelled as a straight cut across a corner,
 * a star's notch or a circle's rim): for each place, the point it aims at and
 * the range of depths there that cover enough for the order to show
 * (min_order_area and min_order_edge with BITE_MARGIN to spare) and miss the
 * next corners (or leave enough rim); lo > hi when no depth does both. */
static void bite_table(geom *b, const layer_rules *ru)
{
    double area = ru->min_order_area * LAYER_AREA_MARGIN * BITE_MARGIN;
    double edge = ru->min_order_edge * LAYER_EDGE_MARGIN * BITE_MARGIN;
    b->bites_ready = true;
    if (b->npts == 0) {
        /* The cut hides the rim within BITE_RIM_ARC of its middle. */
        double rad = b->s.r, lo = 0, hi = rad * (1 - cos(BITE_RIM_ARC));
        for (double step = hi / 2; step > 0.25; step /= 2)
            if (cap_area(rad, lo + step) < area || 2 * sqrt(2 * rad * (lo + step) - (lo + step) * (lo + step)) < edge)
                lo += step;
        b->bites[0].lo = lo;
        b->bites[0].hi = hi;
        return;
    }
    for (int i = 0; i < b->npts; i++) {
        bite *t = &b->bites[i];
        if (b->s.kind == SHAPE_STAR) {
            /* Across a notch (odd i): two tips lose their points, three keep them. */
            if (i % 2 == 0)
                continue;
            const point *p = &b->pts[i - 1], *q = &b->pts[(i + 1) % b->npts];
            t->vx = (p->x + q->x) / 2;
            t->vy = (p->y + q->y) / 2;
            t->lo = BITE_STAR_MIN * b->s.r;
            t->hi = BITE_STAR_MAX * b->s.r;
        } else if (b->npts >= 6) {
            /* Across a side: its two corners are hidden, the others stay clear.  A
             * cut at depth d is at least as long as the side and takes d times it. */
            const point *p = &b->pts[i], *q = &b->pts[(i + 1) % b->npts];
            const point *pn = &b->pts[(i + b->npts - 1) % b->npts];
            t->vx = (p->x + q->x) / 2;
            t->vy = (p->y + q->y) / 2;
            double side = hypot(q->x - p->x, q->y - p->y);
            /* Depth of the next corner below the side's line. */
            double next = fabs((q->x - p->x) * (pn->y - p->y) - (q->y - p->y) * (pn->x - p->x)) / side;
            t->lo = side >= edge ? area / side : INFINITY;
            t->hi = next - LAYER_CORNER_ARM - 2 * LAYER_CORNER_CLEAR;
        } else {
            const point *v = &b->pts[i], *p = &b->pts[(i + b->npts - 1) % b->npts], *q = &b->pts[(i + 1) % b->npts];
            t->vx = v->x;
            t->vy = v->y;
            double half =
                fabs(remainder(atan2(p->y - v->y, p->x - v->x) - atan2(q->y - v->y, q->x - v->x), 2 * M_PI)) / 2;
            double side = fmin(hypot(p->x - v->x, p->y - v->y), hypot(q->x - v->x, q->y - v->y));
            /* A cut at depth d takes d * d * tan(half) and is 2 d tan(half) long; it
             * meets the sides d / cos(half) from the corner. */
            t->lo = fmax(sqrt(area / tan(half)), edge / (2 * tan(half)));
            t->hi = (side - LAYER_CORNER_ARM - 2 * LAYER_CORNER_CLEAR) * cos(half);
        }
        t->dir = atan2(t->vy - b->s.y, t->vx - b->s.x);
    }
}

/* Where and how deep layer k may bite into layer b: picks a place (a point of a
 * circle's rim, a star's notch, a side of a hexagon, any other polygon's corner),
 * sets the point (vx, vy) the bite aims at, its heading dir from b's centre and
 * a depth from bite_table()'s range.  Returns false when that range is empty at
 * the place picked. */
static bool plan_bite(rng *r, geom *b, const layer_rules *ru, double *vx, double *vy, double *dir, double *depth)
{
    if (!b->bites_ready)
        bite_table(b, ru);
    const bite *t;
    if (b->npts == 0) {
        double a = rng_uniform(r, 0, 2 * M_PI), rad = b->s.r;
        *vx = b->s.x + rad * cos(a);
        *vy = b->s.y + rad * sin(a);
        t = &b->bites[0];
        if (t->lo > t->hi)
            return false;
        *dir = atan2(*vy - b->s.y, *vx - b->s.x);
    } else {
        int i = b->s.kind == SHAPE_STAR ? 2 * (int)rng_below(r, 5) + 1 : (int)rng_below(r, (uint32_t)b->npts);
        t = &b->bites[i];
        if (t->lo > t->hi)
            return false;
        *vx = t->vx;
        *vy = t->vy;
        *dir = t->dir;
    }
    *depth = rng_uniform(r, t->lo, t->hi);
    return true;
}

/* A candidate for layer k of the given kind.  Returns true when it has set *c
 * and *sn to the cosine and sine of its rotation (a polygon biting the layer
 * below needs them here). */
static bool propose(rng *r, geom *g, int k, shape_kind kind, const layer_rules *ru, const unit_shape *units,
                    int width, int height, layer_shape *s, double *c, double *sn)
{
    double vx, vy, dir, depth;
    bool turned = false;
    s->kind = kind;
    s->r = rng_uniform(r, ru->rmin, ru->rmax);
    s->rot = rng_uniform(r, -ru->max_rotation, ru->max_rotation);
    if (k == 0) {
        s->x = rng_uniform(r, LAYER_CANVAS_MARGIN + s->r, width - LAYER_CANVAS_MARGIN - s->r);
        s->y = rng_uniform(r, LAYER_CANVAS_MARGIN + s->r, height - LAYER_CANVAS_MARGIN - s->r);
    } else if (ru->keep_corners && rng_below(r, 2) == 0 && plan_bite(r, &g[k - 1], ru, &vx, &vy, &dir, &depth)) {
        /* Half the time, bite into the layer below at one corner (a notch of a
         * star, a stretch of a circle's rim), so its other corners stay in sight. */
        double a = dir + rng_uniform(r, -LAYER_BITE_TURN, LAYER_BITE_TURN);
        double ux = cos(a), uy = sin(a);
        /* How far the new shape's edge lies from its centre towards the corner
         * (along the ray: a tip that happens to point there does not count). */
        double reach = s->r;
        if (kind != SHAPE_CIRCLE) {
            point p[SHAPE_MAX_POINTS];
            int np = units[kind].npts;
            *c = cos(s->rot);
            *sn = sin(s->rot);
            turned = true;
            unit_place(&units[kind], s->r, *c, *sn, 0, 0, p);
            for (int i = 0, j = np - 1; i < np; j = i++) {
                double ex = p[i].x - p[j].x, ey = p[i].y - p[j].y, den = -ux * ey + uy * ex;
                if (fabs(den) < 1e-12)
                    continue;
                double t = (p[j].x * ey - p[j].y * ex) / den, f = (p[j].x * uy - p[j].y * ux) / den;
                if (t > 0 && f >= 0 && f <= 1)
                    reach = fmin(reach, t);
            }
        }
        double d = reach - depth;
        s->x = vx + d * ux;
        s->y = vy + d * uy;
    } else if (k == 1) {
        double a = rng_uniform(r, 0, 2 * M_PI);
        double d = rng_uniform(r, LAYER_STEP_MIN, LAYER_STEP_MAX) * (g[k - 1].s.r + s->r);
        s->x = g[k - 1].s.x + d * cos(a);
        s->y = g[k - 1].s.y + d * sin(a);
    } else {
        /* Keep roughly the heading of the last step, away from the layers below. */
        double a = g[k - 1].heading + rng_uniform(r, -LAYER_TURN, LAYER_TURN);
        double d = rng_uniform(r, LAYER_STEP_MIN, LAYER_STEP_MAX) * (g[k - 1].s.r + s->r);
        s->x = g[k - 1].s.x + d * cos(a);
        s->y = g[k - 1].s.y + d * sin(a);
    }
    return turned;
}

/* Directions of the crowding sample points: the centre, 6 points at half the
 * inner radius and 12 near the inner circle (cos, sin). */
static const double CROWD_DIR[CROWD_POINTS][3] = {
    {0, 0, 0},           {0.5, 1, 0},          {0.5, 0.5, 0.866025}, {0.5, -0.5, 0.866025}, {0.5, -1, 0},
    {0.5, -0.5, -0.866025}, {0.5, 0.5, -0.866025}, {0.95, 1, 0},      {0.95, 0.866025, 0.5}, {0.95, 0.5, 0.866025},
    {0.95, 0, 1},        {0.95, -0.5, 0.866025}, {0.95, -0.866025, 0.5}, {0.95, -1, 0},    {0.95, -0.866025, -0.5},
    {0.95, -0.5, -0.866025}, {0.95, 0, -1},     {0.95, 0.5, -0.866025}, {0.95, 0.866025, -0.5}};

/* How hard candidate c (layer k) would hit the layers below: the area it would
 * take from each (by sample points inside its inscribed circle, each standing
 * for an equal share of its area) as a share of that layer's room to spare; the
 * worst share.  Smaller is better; above 1 the try almost surely fails.  With
 * best >= 0, a score that cannot come below best is not finished:
 * CROWD_HOPELESS instead. */
static double crowding(const raster *R, const geom *g, const geom *c, int k, const int *cells, const layer_rules *ru,
                       double inradius, int *hits, double best)
{
    double in = c->s.r * inradius;
    for (int L = 0; L < k; L++)
        hits[L] = 0;
    for (int p = 0; p < CROWD_POINTS; p++) {
        double x = c->s.x + CROWD_DIR[p][0] * in * CROWD_DIR[p][1];
        double y = c->s.y + CROWD_DIR[p][0] * in * CROWD_DIR[p][2];
        int l = R->lab[(int)(y / LAYER_CELL) * R->w + (int)(x / LAYER_CELL)];
        if (l != NO_LAYER)
            hits[l]++;
    }
    /* Nothing over the layer below (in the open, not biting a corner): the
     * order would not show. */
    if (k > 0 && !ru->keep_corners && hits[k - 1] < CROWD_MIN_PREV)
        return CROWD_HOPELESS;
    double pt = c->area / CROWD_POINTS, worst = 0;
    for (int L = 0; L < k; L++) {
        if (!hits[L])
            continue;
        double need = fmax(ru->min_pixels, ru->min_fraction * g[L].area) + g[L].perimeter * LAYER_EDGE_LOSS;
        double spare = cells[L] * LAYER_CELL * LAYER_CELL - need;
        worst = fmax(worst, spare > 0 ? hits[L] * pt / spare : CROWD_HOPELESS);
    }
    /* The room term below is never negative. */
    if (best >= 0 && worst >= best)
        return CROWD_HOPELESS;
    /* Room around it for the layers to come: points of a ring round the candidate
     * that fall on a layer or off the canvas count against it. */
    int taken = 0;
    for (int p = CROWD_POINTS - 12; p < CROWD_POINTS; p++) {
        double x = c->s.x + CROWD_RING * c->s.r * CROWD_DIR[p][1];
        double y = c->s.y + CROWD_RING * c->s.r * CROWD_DIR[p][2];
        /* (x < 0 exactly when floor(x / LAYER_CELL) < 0; truncation is floor
         * from there on) */
        if (x < 0 || y < 0) {
            taken++;
            continue;
        }
        int cx = (int)(x / LAYER_CELL), cy = (int)(y / LAYER_CELL);
        taken += cx >= R->w || cy >= R->h || R->lab[cy * R->w + cx] != NO_LAYER;
    }
    return worst + CROWD_ROOM_WEIGHT * taken / 12;
}

/* Length in px of candidate c's outline that runs over layer k - 1 (by outline
 * points LAYER_CELL apart, looked up on the raster): a cheap forecast of the
 * order evidence a try would find. */
static double edge_over_below(const raster *R, const geom *c, int k)
{
    int over = 0, total = 0;
    int nseg = c->npts ? c->npts : 1;
    for (int e = 0; e < nseg; e++) {
        double ex = c->npts ? c->pts[(e + 1) % c->npts].x - c->pts[e].x : 0;
        double ey = c->npts ? c->pts[(e + 1) % c->npts].y - c->pts[e].y : 0;
        double len = c->npts ? sqrt(ex * ex + ey * ey) : c->perimeter;
        int m = (int)ceil(len / LAYER_CELL);
        /* A circle's points by turning (ca, sa) a step at a time (a polygon's
         * sides need no angles). */
        double ca = 1, sa = 0, cd = 0, sd = 0;
        if (!c->npts) {
            cd = cos(2 * M_PI / m);
            sd = sin(2 * M_PI / m);
        }
        for (int j = 0; j < m; j++) {
            double x, y;
            if (c->npts) {
                const point *a = &c->pts[e], *b = &c->pts[(e + 1) % c->npts];
                x = a->x + (b->x - a->x) * (j + 0.5) / m;
                y = a->y + (b->y - a->y) * (j + 0.5) / m;
            } else {
                x = c->s.x + c->s.r * ca;
                y = c->s.y + c->s.r * sa;
                double t = ca * cd - sa * sd;
                sa = sa * cd + ca * sd;
                ca = t;
            }
            total++;
            int cx = (int)(x / LAYER_CELL), cy = (int)(y / LAYER_CELL);
            if (cx >= 0 && cy >= 0 && cx < R->w && cy < R->h && R->lab[cy * R->w + cx] == k - 1)
                over++;
        }
    }
    return c->perimeter * over / total;
}

static bool in_canvas(const geom *g, int width, int height)
{
    return g->bx0 >= LAYER_CANVAS_MARGIN && g->by0 >= LAYER_CANVAS_MARGIN && g->bx1 <= width - LAYER_CANVAS_MARGIN &&
           g->by1 <= height - LAYER_CANVAS_MARGIN;
}

/* False when shape s surely fails in_canvas(): it holds the disc of radius
 * u->inradius * s->r about its centre (the whole circle for a circle), so its box
 * reaches at least that far each way, less DISC_SLACK for rounding.  Spares
 * working out the outline of most candidates that stray off the canvas. */
static bool may_fit(const layer_shape *s, const unit_shape *u, int width, int height)
{
    double in = u->inradius * s->r - DISC_SLACK;
    return s->x - in >= LAYER_CANVAS_MARGIN && s->y - in >= LAYER_CANVAS_MARGIN &&
           s->x + in <= width - LAYER_CANVAS_MARGIN && s->y + in <= height - LAYER_CANVAS_MARGIN;
}

int layers_place(rng *r, int width, int height, int n, const shape_kind *kinds, const layer_rules *ru,
                 layer_shape *out)
{
    if (n <= 0 || n >= NO_LAYER || ru->rmin <= 0 || ru->rmax < ru->rmin ||
        2 * (ru->rmax + LAYER_CANVAS_MARGIN) > fmin(width, height))
        return -1;
    raster R;
    R.w = (int)ceil(width / LAYER_CELL);
    R.h = (int)ceil(height / LAYER_CELL);
    size_t ncells = (size_t)R.w * (size_t)R.h;
    R.lab = xmalloc(ncells);
    R.over = xmalloc(ncells);
    R.prev_lab = xmalloc(ncells);
    R.prev_over = xmalloc(ncells);
    R.chg = xcalloc(ncells, sizeof *R.chg);
    R.stamp = xcalloc(ncells, sizeof *R.stamp);
    R.gen = R.fill_gen = 0;
    R.queue = xmalloc(sizeof *R.queue * ncells);
    R.span_n = xmalloc(sizeof *R.span_n * (size_t)R.h);
    R.span_a = xmalloc(sizeof *R.span_a * (size_t)R.h * ROW_SPANS);
    R.span_b = xmalloc(sizeof *R.span_b * (size_t)R.h * ROW_SPANS);
    memset(R.lab, NO_LAYER, ncells);
    memset(R.over, 0, ncells);

    /* A layer changes at most the cells of its bounding box. */
    int side = (int)ceil(2 * ru->rmax / LAYER_CELL) + 2;
    size_t most = (size_t)side * (size_t)side;
    geom *g = xmalloc(sizeof *g * (size_t)n);
    undo *u = xmalloc(sizeof *u * (size_t)n);
    int *cellpool = xmalloc(sizeof *cellpool * most * (size_t)n);
    uint8_t *bytepool = xmalloc(2 * most * (size_t)n);
    int *counts = xcalloc((size_t)n * NCOUNTS * (size_t)(n + 1), sizeof *counts);
    int *tries = xcalloc((size_t)n, sizeof *tries);
    int *hits = xmalloc(sizeof *hits * (size_t)n);
    unit_shape units[SHAPE_COUNT];
    unit_shapes(units);
    for (int i = 0; i < n; i++) {
        u[i].cell = cellpool + most * (size_t)i;
        u[i].lab = bytepool + 2 * most * (size_t)i;
        u[i].over = u[i].lab + most;
        u[i].counts = counts + (size_t)n * NCOUNTS * (size_t)(i + 1);
    }
    double min_over = ru->min_order_area * LAYER_AREA_MARGIN;
    double need_edge = ru->min_order_edge * LAYER_EDGE_MARGIN;
    /* Order edge points: at most a star's outline (the longest, 6.9 r) of them. */
    int most_edge = (int)ceil(7 * ru->rmax / EDGE_STEP) + 2;
    /* One more for the candidates of a try (spare_edge). */
    edge_pts *edges = xmalloc(sizeof *edges * (size_t)(n + 1)), spare_edge;
    point *edgepool = xmalloc(sizeof *edgepool * (size_t)most_edge * (size_t)(n + 1));
    int8_t *lostpool = xmalloc((size_t)most_edge * (size_t)(n + 1));
    for (int i = 0; i <= n; i++) {
        edges[i].p = edgepool + (size_t)most_edge * (size_t)i;
        edges[i].lost_by = lostpool + (size_t)most_edge * (size_t)i;
        edges[i].n = edges[i].alive = 0;
    }
    spare_edge = edges[n];

    int k = 0;
    for (long spent = 0; k < n && spent < LAYER_BUDGET; spent++) {
        if (tries[k] >= LAYER_TRIES) {
            /* Dead end: move the few layers below (at the bottom, start afresh). */
            tries[k] = 0;
            for (int back = 0; back < LAYER_BACKTRACK && k > 0; back++) {
                k--;
                tries[k] = 0;
                unpaint(&R, &u[k]);
                memcpy(counts, u[k].counts, sizeof *counts * (size_t)n * NCOUNTS);
                corners_restore(g, k);
                for (int L = 1; L < k; L++)
                    edge_restore(&edges[L], k);
            }
        }
        tries[k]++;
        double best = -1;
        for (int p = 0, inside = 0; p < LAYER_PROPOSALS * 3 && inside < LAYER_PROPOSALS; p++) {
            layer_shape s;
            geom c;
            double cr = 0, sr = 0;
            bool turned = propose(r, g, k, kinds[k], ru, units, width, height, &s, &cr, &sr);
            if (!may_fit(&s, &units[s.kind], width, height))
                continue;
            if (!turned && s.kind != SHAPE_CIRCLE) {
                cr = cos(s.rot);
                sr = sin(s.rot);
            }
            geom_init(&c, &s, cr, sr, units, R.w, R.h);
            if (!in_canvas(&c, width, height))
                continue;
            inside++;
            /* The tests below are pure, so their order changes nothing but the
             * time: those that turn most away first (with keep_corners, the
             * corners; else the cheap crowding score). */
            if (ru->keep_corners && !corners_survive(g, k, &c, false))
                continue;
            double score = crowding(&R, g, &c, k, counts, ru, units[c.s.kind].inradius, hits, best);
            if (score >= CROWD_HOPELESS || (best >= 0 && score >= best))
                continue;
            if (k > 0 && edge_over_below(&R, &c, k) < ru->min_order_edge * LAYER_EDGE_MARGIN * EDGE_FORECAST)
                continue;
            /* Its order edge over the layer below, exactly (the try asks it first);
             * the best candidate's goes to edges[k], for the try. */
            if (k > 0) {
                if (edge_points(&c, &g[k - 1], most_edge, &spare_edge) * EDGE_STEP < need_edge)
                    continue;
                edge_pts t = edges[k];
                edges[k] = spare_edge;
                spare_edge = t;
            }
            best = score;
            g[k] = c;
        }
        if (best < 0)
            continue;
        if (!try_layer(&R, g, k, n, counts, &u[k], edges, ru, min_over))
            continue;
        for (int L = 1; L < k; L++)
            edge_hide(&edges[L], &g[k], k);
        geom_features(&g[k]);
        if (k > 0)
            g[k].heading = atan2(g[k].s.y - g[k - 1].s.y, g[k].s.x - g[k - 1].s.x);
        if (ru->keep_corners)
            corners_survive(g, k, &g[k], true);
        k++;
        if (k < n)
            tries[k] = 0;
    }
    if (k == n)
        for (int i = 0; i < n; i++)
            out[i] = g[i].s;

    free(lostpool);
    free(edgepool);
    free(edges);
    free(hits);
    free(tries);
    free(counts);
    free(bytepool);
    free(cellpool);
    free(u);
    free(g);
    free(R.span_b);
    free(R.span_a);
    free(R.span_n);
    free(R.queue);
    free(R.stamp);
    free(R.chg);
    free(R.prev_over);
    free(R.prev_lab);
    free(R.over);
    free(R.lab);
    return k == n ? 0 : -1;
}

prim *layer_draw(scene *s, const layer_shape *l, rgb fill)
{
    prim *p = scene_shape(s, l->kind, l->x, l->y, l->r, l->rot, fill);
    p->stroke_width = LAYER_OUTLINE;
    p->stroke = LAYER_OUTLINE_RGB;
    return p;
}

int layers_sample(gen_ctx *ctx, const layer_rules *rules, const shape_kind *kinds, int nkinds, layer_shape *l,
                  int *colour)
{
    int n = ctx->p.level;
    scene *s = ctx->img[0];
    if (n > PALETTE_SIZE)
        return gen_fail(ctx, "cannot draw %d layers in distinct colours (the palette has %d)", n, PALETTE_SIZE);
    shape_kind chosen[PALETTE_SIZE] = {SHAPE_CIRCLE};
    rng kr;
    gen_stream(ctx, "kinds", &kr);
    for (int i = 0; i < n; i++)
        chosen[i] = kinds[rng_below(&kr, (uint32_t)nkinds)];
    if (layers_place(&ctx->rng, s->width, s->height, n, chosen, rules, l) != 0)
        return gen_fail(ctx, "cannot stack %d layers with every layer visible on a %dx%d canvas", n, s->width,
                        s->height);

    /* Distinct colours, so two layers never merge into one patch. */
    int col[PALETTE_SIZE];
    for (int i = 0; i < PALETTE_SIZE; i++)
        col[i] = i;
    rng cr;
    gen_stream(ctx, "colours", &cr);
    rng_shuffle_int(&cr, col, PALETTE_SIZE);

    for (int i = 0; i < n; i++) {
        prim *p = layer_draw(s, &l[i], PALETTE[col[i]].value);
        p->colour_name = PALETTE[col[i]].name;
        p->layer = i;
        p->object = i;
        colour[i] = col[i];
    }
    return GEN_EXIT_OK;
}

int layers_check_level(const gen_params *p, char *err, size_t errlen)
{
    if (p->level > PALETTE_SIZE) {
        snprintf(err, errlen, "cannot draw %d layers in distinct colours (the palette has %d)", p->level,
                 PALETTE_SIZE);
        return -1;
    }
    return 0;
}
