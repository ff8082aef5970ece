/* SPDX-License-Identifier: MIT */
/* comp_world.c - the short videos of the compositional tasks: making a readable
 * world, drawing its frames, and the subconditions (comp_world.h). */
#include "comp_world.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const shape_kind COMP_SHAPES[COMP_NSHAPES] = {SHAPE_CIRCLE,  SHAPE_TRIANGLE, SHAPE_SQUARE, SHAPE_PENTAGON,
                                              SHAPE_HEXAGON, SHAPE_STAR,     SHAPE_DIAMOND};

/* red orange yellow green turquoise skyblue blue purple pink brown: the palette's
 * colours that stand apart from each other, from white and from the grey bar. */
const int COMP_COLOURS[COMP_NCOLOURS] = {4, 7, 10, 11, 13, 14, 15, 17, 18, 2};

/* The circles' radii of the three sizes (px); every other shape has the same area. */
static const int CIRCLE_R[COMP_NSIZES] = {10, 16, 24};
static const char *const SIZE_NAME[COMP_NSIZES] = {"small", "medium", "large"};
static const char *const EVENT_NAME[COMP_NEVENTS] = {"appear", "vanish", "change", "behind", "cross"};
static const char *const KIND_NAME[COMP_NKINDS] = {
    "colour", "shape",   "size",    "left_of", "right_of", "above",   "below",       "nearest",      "side",
    "hidden", "behind",  "crosses", "changes", "appears",  "vanishes", "visible", "gone_before", "arrives_after",
    "will_side"};
static const char *const ATTR_CATEGORY[COMP_NATTRS] = {"colour", "shape", "size"};

/* The grey bar: 12 px wide, narrower than the smallest shape (20 px across), so an
 * object behind it always shows on one side at least and is never lost. */
#define BAR_W 12
#define BAR_GREY ((rgb){128, 128, 128})
/* The line: 2 px, black, drawn under the objects. */
#define LINE_W 2.0
/* How far an object travels over the video (px): enough that positions change
 * visibly from frame to frame, little enough to stay in the canvas. */
#define TRAVEL_MIN 60.0
#define TRAVEL_MAX 240.0
/* Placements tried per object, and objects restarted per world, before giving up. */
#define OBJECT_TRIES 400
#define WORLD_TRIES 60
/* Margin kept from the canvas edge (px). */
#define EDGE 3.0

/* ---- sizes ---- */

const char *comp_size_name(int size) { return size >= 0 && size < COMP_NSIZES ? SIZE_NAME[size] : "?"; }

int comp_size_find(const char *name)
{
    for (int k = 0; name && k < COMP_NSIZES; k++)
        if (strcmp(SIZE_NAME[k], name) == 0)
            return k;
    return -1;
}

double comp_radius(int size) { return CIRCLE_R[size]; }
double comp_area(int size) { return M_PI * CIRCLE_R[size] * CIRCLE_R[size]; }

/* The area of shape k with circumradius 1. */
static double unit_area(shape_kind k)
{
    if (k == SHAPE_CIRCLE)
        return M_PI;
    point pts[SHAPE_MAX_POINTS];
    int n = shape_points(k, 0, 0, 1, 0, pts);
    return fabs(polygon_area(pts, n));
}

double comp_shape_radius(shape_kind k, int size)
{
    if (k == SHAPE_CIRCLE)
        return CIRCLE_R[size];
    return sqrt(comp_area(size) / unit_area(k));
}

/* ---- geometry of one object in one frame ---- */

void comp_pos(const comp_world *w, int i, int f, double *x, double *y)
{
    const comp_object *o = &w->obj[i];
    *x = floor(o->x + o->vx * f + 0.5);
    *y = floor(o->y + o->vy * f + 0.5);
}

bool comp_present(const comp_world *w, int i, int f)
{
    return f >= 0 && f < w->nframes && f >= w->obj[i].appear && f < w->obj[i].vanish;
}

int comp_colour(const comp_world *w, int i, int f)
{
    const comp_object *o = &w->obj[i];
    return o->change_frame != COMP_NO_FRAME && f >= o->change_frame ? o->colour2 : o->colour;
}

void comp_object_outline(comp_object *o)
{
    o->r = comp_shape_radius(o->shape, o->size);
    if (o->shape == SHAPE_CIRCLE) {
        o->npts = 0;
        o->bx0 = o->by0 = -o->r;
        o->bx1 = o->by1 = o->r + 1;
        return;
    }
    o->npts = shape_points(o->shape, 0, 0, o->r, o->rot, o->pts);
    o->bx0 = o->by0 = 1e9;
    o->bx1 = o->by1 = -1e9;
    for (int k = 0; k < o->npts; k++) {
        o->pts[k].x = floor(o->pts[k].x + 0.5);
        o->pts[k].y = floor(o->pts[k].y + 0.5);
        o->bx0 = fmin(o->bx0, o->pts[k].x);
        o->bx1 = fmax(o->bx1, o->pts[k].x + 1);
        o->by0 = fmin(o->by0, o->pts[k].y);
        o->by1 = fmax(o->by1, o->pts[k].y + 1);
    }
}

/* The object's ink box in frame f (pixel edges). */
static void box(const comp_world *w, int i, int f, double *x0, double *y0, double *x1, double *y1)
{
    const comp_object *o = &w->obj[i];
    double cx, cy;
    comp_pos(w, i, f, &cx, &cy);
    *x0 = cx + o->bx0;
    *x1 = cx + o->bx1;
    *y0 = cy + o->by0;
    *y1 = cy + o->by1;
}

/* Bar state with a fourth answer, -1: touching its edge, too close to read. */
static int bar_state(const comp_world *w, int i, int f)
{
    if (!w->has_bar)
        return COMP_CLEAR;
    double x0, y0, x1, y1;
    box(w, i, f, &x0, &y0, &x1, &y1);
    if (x1 <= w->bar_x0 - COMP_GAP || x0 >= w->bar_x1 + COMP_GAP)
        return COMP_CLEAR;
    if (x0 >= w->bar_x0 && x1 <= w->bar_x1)
        return COMP_HIDDEN;
    /* behind it by COMP_GAP at least, else it only touches the edge */
    if (x1 >= w->bar_x0 + COMP_GAP && x0 <= w->bar_x1 - COMP_GAP)
        return COMP_PARTLY;
    return -1;
}

comp_bar_state comp_bar(const comp_world *w, int i, int f)
{
    int s = bar_state(w, i, f);
    return s < 0 ? COMP_PARTLY : (comp_bar_state)s;
}

double comp_bar_gap(const comp_world *w, int i, int f)
{
    if (!w->has_bar)
        return 1e9;
    double x0, y0, x1, y1;
    box(w, i, f, &x0, &y0, &x1, &y1);
    if (x1 <= w->bar_x0)
        return w->bar_x0 - x1;
    if (x0 >= w->bar_x1)
        return x0 - w->bar_x1;
    return -fmin(x1 - w->bar_x0, w->bar_x1 - x0);
}

bool comp_bar_edge(const comp_world *w, int i, int f) { return comp_present(w, i, f) && bar_state(w, i, f) < 0; }

bool comp_visible(const comp_world *w, int i, int f) { return comp_present(w, i, f) && bar_state(w, i, f) == COMP_CLEAR; }

/* Signed distance of p from the line, positive on the left. */
static double line_dist(const comp_world *w, double px, double py)
{
    return w->line_nx * (px - w->line_a.x) + w->line_ny * (py - w->line_a.y);
}

/* The white between object i's ink, its centre at (cx, cy) (whole pixels, as
 * comp_pos() gives), and the line's stroke on each side: *left > 0 is the gap
 * when the object is wholly left of the stroke, *left < 0 how far its ink
 * reaches over the stroke's left edge (likewise *right). */
static void line_gaps_at(const comp_world *w, int i, double cx, double cy, double *left, double *right)
{
    const comp_object *o = &w->obj[i];
    double lo, hi; /* the ink's extreme signed distances from the stroke's middle, + on the left */
    double d = line_dist(w, cx + 0.5, cy + 0.5);
    if (o->shape == SHAPE_CIRCLE) {
        lo = d - o->r - 0.5;
        hi = d + o->r + 0.5;
    } else {
        /* the vertices' distances: the centre's plus their offsets along the normal */
        lo = 1e9;
        hi = -1e9;
        for (int k = 0; k < o->npts; k++) {
            double dv = d + w->line_nx * o->pts[k].x + w->line_ny * o->pts[k].y;
            lo = dv < lo ? dv : lo;
            hi = dv > hi ? dv : hi;
        }
        lo -= 0.5;
        hi += 0.5;
    }
    *left = lo - LINE_W / 2;
    *right = -hi - LINE_W / 2;
}

void comp_line_gaps(const comp_world *w, int i, int f, double *left, double *right)
{
    double cx, cy;
    comp_pos(w, i, f, &cx, &cy);
    line_gaps_at(w, i, cx, cy, left, right);
}

/* The side reading of a pair of gaps with margin m. */
static int side_of_gaps(double left, double right, double m)
{
    if (left >= m)
        return -1;
    if (right >= m)
        return 1;
    if (left <= -m && right <= -m)
        return 0;
    return COMP_SIDE_UNCLEAR;
}

int comp_line_side(const comp_world *w, int i, int f)
{
    if (!w->has_line)
        return COMP_SIDE_UNCLEAR;
    double l, r;
    comp_line_gaps(w, i, f, &l, &r);
    return side_of_gaps(l, r, COMP_GAP);
}

comp_truth comp_wholly_on(const comp_world *w, int i, int f, int side)
{
    if (!w->has_line || !comp_present(w, i, f))
        return COMP_UNSURE;
    double l, r;
    comp_line_gaps(w, i, f, &l, &r);
    double g = side < 0 ? l : r;
    return g >= COMP_GAP ? COMP_YES : g <= -COMP_GAP || (side < 0 ? r : l) >= COMP_GAP ? COMP_NO : COMP_UNSURE;
}

int comp_predicted_side(const comp_world *w, int i, int ahead)
{
    const comp_object *o = &w->obj[i];
    int last = w->nframes - 1;
    /* its speed is read off the frames it is in: two at least */
    int seen = last - o->appear;
    if (!w->has_line || !comp_present(w, i, last) || ahead < 1 || seen < 1)
        return COMP_SIDE_UNCLEAR;
    /* where the frame would put it: the same rounding as comp_pos() */
    int f = last + ahead;
    double cx = floor(o->x + o->vx * f + 0.5), cy = floor(o->y + o->vy * f + 0.5), l, r;
    line_gaps_at(w, i, cx, cy, &l, &r);
    /* a speed read off rounded positions n frames apart is off by 1 / n px a
     * frame at most (n: the frames it is in, less one) */
    return side_of_gaps(l, r, COMP_GAP + COMP_PREDICT_SLACK + (double)ahead / seen);
}

/* ---- events ---- */

const char *comp_event_name(int ev) { return ev >= 0 && ev < COMP_NEVENTS ? EVENT_NAME[ev] : "?"; }

int comp_event_find(const char *name)
{
    for (int k = 0; name && k < COMP_NEVENTS; k++)
        if (strcmp(EVENT_NAME[k], name) == 0)
            return k;
    return -1;
}

/* The side (-1, +1) object i is wholly on in its first frame, or 0 when it is
 * not clearly wholly on one side there ("the other side" is then unclear). */
static int first_side(const comp_world *w, int i)
{
    int s = comp_line_side(w, i, w->obj[i].appear);
    return s == -1 || s == 1 ? s : 0;
}

int comp_event_frame(const comp_world *w, int i, int ev)
{
    const comp_object *o = &w->obj[i];
    switch (ev) {
    case COMP_EV_APPEAR:
        return o->appear > 0 ? o->appear : COMP_NO_FRAME;
    case COMP_EV_VANISH:
        return o->vanish < w->nframes ? o->vanish - 1 : COMP_NO_FRAME;
    case COMP_EV_CHANGE:
        return o->change_frame;
    case COMP_EV_BEHIND:
        for (int f = o->appear; f < o->vanish && f < w->nframes; f++)
            if (bar_state(w, i, f) != COMP_CLEAR)
                return f;
        return COMP_NO_FRAME;
    case COMP_EV_CROSS: {
        int s0 = first_side(w, i);
        for (int f = o->appear; s0 && f < o->vanish && f < w->nframes; f++)
            if (comp_line_side(w, i, f) == -s0)
                return f;
        return COMP_NO_FRAME;
    }
    }
    return COMP_NO_FRAME;
}

bool comp_moment_ok(const comp_world *w, int i, int ev)
{
    int f = comp_event_frame(w, i, ev);
    if (f == COMP_NO_FRAME)
        return false;
    switch (ev) {
    case COMP_EV_APPEAR:
    case COMP_EV_VANISH:
        return comp_visible(w, i, f);
    case COMP_EV_CHANGE:
        return comp_visible(w, i, f) && comp_visible(w, i, f - 1);
    case COMP_EV_BEHIND:
        return bar_state(w, i, f) == COMP_PARTLY && comp_visible(w, i, f - 1);
    case COMP_EV_CROSS:
        /* wholly across in f, clearly not in the frame before */
        return comp_visible(w, i, f) && comp_visible(w, i, f - 1) &&
               comp_wholly_on(w, i, f - 1, comp_line_side(w, i, f)) == COMP_NO;
    }
    return false;
}

static const char *const EVENT_ANSWER[COMP_NEVENTS] = {"appears", "vanishes", "changes colour", "goes behind the bar",
                                                       "crosses the line"};
static const char *const DIRECTION[COMP_NDIRS] = {"to the right", "above and to the right", "above",
                                                  "above and to the left", "to the left", "below and to the left",
                                                  "below", "below and to the right"};

const char *comp_event_answer(int ev) { return ev >= 0 && ev < COMP_NEVENTS ? EVENT_ANSWER[ev] : "?"; }
const char *comp_direction_name(int dir) { return dir >= 0 && dir < COMP_NDIRS ? DIRECTION[dir] : "?"; }

int comp_event_span(const comp_world *w, int i, int ev, int *b, int *d)
{
    const comp_object *o = &w->obj[i];
    int last = (o->vanish < w->nframes ? o->vanish : w->nframes) - 1;
    switch (ev) {
    case COMP_EV_APPEAR:
        *b = o->appear - 1;
        *d = o->appear;
        return o->appear > 0 ? COMP_YES : COMP_NO;
    case COMP_EV_VANISH:
        *b = last;
        *d = o->vanish;
        return o->vanish < w->nframes ? COMP_YES : COMP_NO;
    case COMP_EV_CHANGE:
        *b = o->change_frame - 1;
        *d = o->change_frame;
        return o->change_frame != COMP_NO_FRAME ? COMP_YES : COMP_NO;
    case COMP_EV_BEHIND: {
        if (!w->has_bar)
            return COMP_NO;
        int clear_before = -1;
        bool all_clear = true;
        for (int f = o->appear; f <= last; f++) {
            int st = bar_state(w, i, f);
            if (st == COMP_PARTLY || st == COMP_HIDDEN) {
                if (clear_before < 0)
                    return COMP_UNSURE;
                *b = clear_before;
                *d = f;
                return COMP_YES;
            }
            if (st == COMP_CLEAR)
                clear_before = f;
            else
                all_clear = false;
        }
        return all_clear ? COMP_NO : COMP_UNSURE;
    }
    case COMP_EV_CROSS: {
        comp_cond c = comp_cond_none(COMP_C_CROSSES);
        comp_truth t = comp_cond_holds(w, &c, i);
        if (t != COMP_YES)
            return t;
        int s0 = first_side(w, i);
        if (!s0)
            return COMP_UNSURE;
        int not_yet = -1;
        for (int f = o->appear; f <= last; f++) {
            comp_truth across = comp_wholly_on(w, i, f, -s0);
            if (across == COMP_YES) {
                if (not_yet < 0)
                    return COMP_UNSURE;
                *b = not_yet;
                *d = f;
                return COMP_YES;
            }
            if (across == COMP_NO)
                not_yet = f;
        }
        return COMP_UNSURE;
    }
    }
    return COMP_UNSURE;
}

int comp_event_happens(const comp_world *w, int i, int ev, int after)
{
    int b = 0, d = 0;
    comp_truth t = comp_event_span(w, i, ev, &b, &d);
    if (t != COMP_YES)
        return t;
    if (b >= after)
        return COMP_YES;
    return d <= after ? COMP_NO : COMP_UNSURE;
}

int comp_direction(const comp_world *w, int i, int j, int f)
{
    if (!comp_visible(w, i, f) || !comp_visible(w, j, f))
        return -1;
    double xi, yi, xj, yj;
    comp_pos(w, i, f, &xi, &yi);
    comp_pos(w, j, f, &xj, &yj);
    double dx = xi - xj, dy = yj - yi; /* y up */
    if (hypot(dx, dy) < COMP_DIR_DIST)
        return -1;
    double deg = atan2(dy, dx) * 180 / M_PI;
    if (deg < 0)
        deg += 360;
    /* sector k spans 45k - 22.5 .. 45k + 22.5 degrees */
    double at = fmod(deg + 22.5, 45.0);
    if (at < COMP_DIR_MARGIN || at > 45.0 - COMP_DIR_MARGIN)
        return -1;
    return (int)floor((deg + 22.5) / 45.0) % COMP_NDIRS;
}

unsigned comp_direction_set(const comp_world *w, int i, int j, int f)
{
    unsigned all = (1u << COMP_NDIRS) - 1;
    if (!comp_present(w, i, f) || !comp_present(w, j, f))
        return all;
    double xi, yi, xj, yj;
    comp_pos(w, i, f, &xi, &yi);
    comp_pos(w, j, f, &xj, &yj);
    if (hypot(xi - xj, yi - yj) < COMP_DIR_DIST)
        return all;
    double deg = atan2(yj - yi, xi - xj) * 180 / M_PI + 360;
    int lo = (int)floor((deg + 22.5 - COMP_DIR_MARGIN) / 45.0), hi = (int)floor((deg + 22.5 + COMP_DIR_MARGIN) / 45.0);
    return 1u << (lo % COMP_NDIRS) | 1u << (hi % COMP_NDIRS);
}

/* ---- references ---- */

bool comp_ref_ok(const comp_world *w, int i)
{
    if (i < 0 || i >= w->nobj)
        return false;
    const comp_object *o = &w->obj[i];
    if (o->change_frame != COMP_NO_FRAME)
        return false;
    for (int j = 0; j < w->nobj; j++) {
        if (j == i || w->obj[j].shape != o->shape)
            continue;
        if (w->obj[j].colour == o->colour || w->obj[j].colour2 == o->colour)
            return false;
    }
    return true;
}

void comp_ref_text(const comp_world *w, int i, char *buf, size_t n)
{
    snprintf(buf, n, "the %s %s", PALETTE[w->obj[i].colour].name, shape_name(w->obj[i].shape));
}

void comp_moment_text(const comp_world *w, int i, int ev, char *buf, size_t n)
{
    char ref[64];
    comp_ref_text(w, i, ref, sizeof ref);
    switch (ev) {
    case COMP_EV_APPEAR:
        snprintf(buf, n, "in the frame where %s first appears", ref);
        break;
    case COMP_EV_VANISH:
        snprintf(buf, n, "in the frame where %s is seen for the last time", ref);
        break;
    case COMP_EV_CHANGE:
        /* a ref never changes colour (contract 7); worded for completeness */
        snprintf(buf, n, "in the frame where %s changes colour", ref);
        break;
    case COMP_EV_BEHIND:
        snprintf(buf, n, "in the frame where %s first goes behind the grey bar", ref);
        break;
    case COMP_EV_CROSS:
        snprintf(buf, n, "in the frame where %s is first seen across the line", ref);
        break;
    default:
        snprintf(buf, n, "at an unknown moment");
    }
}

/* ---- making a world ---- */

/* True when object i, as it stands, keeps contract 5 in every frame against the
 * objects before it (j < i), and its first, last and colour-change frames show
 * it whole. */
static bool object_fits(const comp_world *w, int i, char *err, size_t errlen)
{
    const comp_object *o = &w->obj[i];
    for (int f = o->appear; f < o->vanish && f < w->nframes; f++) {
        double x0, y0, x1, y1;
        box(w, i, f, &x0, &y0, &x1, &y1);
        if (x0 < EDGE || y0 < EDGE || x1 > COMP_WIDTH - EDGE || y1 > COMP_HEIGHT - EDGE) {
            snprintf(err, errlen, "object %d leaves the canvas in frame %d", i, f + 1);
            return false;
        }
        if (x0 < COMP_LABEL_W + COMP_GAP && y0 < COMP_LABEL_H + COMP_GAP) {
            snprintf(err, errlen, "object %d covers the frame label in frame %d", i, f + 1);
            return false;
        }
        double cx, cy;
        comp_pos(w, i, f, &cx, &cy);
        for (int j = 0; j < i; j++) {
            if (!comp_present(w, j, f))
                continue;
            double jx, jy;
            comp_pos(w, j, f, &jx, &jy);
            double need = o->r + w->obj[j].r + 1 + COMP_GAP;
            if ((cx - jx) * (cx - jx) + (cy - jy) * (cy - jy) < need * need) {
                snprintf(err, errlen, "objects %d and %d touch in frame %d", j, i, f + 1);
                return false;
            }
        }
    }
    int last = (o->vanish < w->nframes ? o->vanish : w->nframes) - 1;
    if (!comp_visible(w, i, o->appear) || !comp_visible(w, i, last)) {
        snprintf(err, errlen, "object %d is behind the bar in its first or last frame", i);
        return false;
    }
    if (o->change_frame != COMP_NO_FRAME &&
        (!comp_visible(w, i, o->change_frame) || !comp_visible(w, i, o->change_frame - 1))) {
        snprintf(err, errlen, "object %d changes colour behind the bar", i);
        return false;
    }
    return true;
}

bool comp_world_readable(const comp_world *w, char *err, size_t errlen)
{
    for (int i = 0; i < w->nobj; i++) {
        const comp_object *o = &w->obj[i];
        if (o->appear < 0 || o->appear >= o->vanish || o->appear >= w->nframes || o->vanish > w->nframes) {
            snprintf(err, errlen, "object %d is in no frame", i);
            return false;
        }
        if (!object_fits(w, i, err, errlen))
            return false;
    }
    return true;
}

static void pick_distinct(rng *r, const int *from, int nfrom, int *out, int n)
{
    int tmp[32];
    memcpy(tmp, from, sizeof *tmp * (size_t)nfrom);
    rng_shuffle_int(r, tmp, nfrom);
    memcpy(out, tmp, sizeof *out * (size_t)n);
}

int comp_crossing_ahead(const comp_world *w, int i)
{
    int last = w->nframes - 1, s0 = comp_present(w, i, last) ? comp_line_side(w, i, last) : 0;
    if (s0 != -1 && s0 != 1)
        return -1;
    for (int a = 1; a <= COMP_AHEAD_MAX; a++) {
        int s = comp_predicted_side(w, i, a);
        if (s == -s0) {
            /* the frame before clearly not across: still wholly on its side or
             * clearly over the line (the last frame is wholly on its side) */
            int before = a == 1 ? s0 : comp_predicted_side(w, i, a - 1);
            return before == s0 || before == 0 ? a : -1;
        }
    }
    /* never across in that time: clear only if it never comes near */
    for (int a = 1; a <= COMP_AHEAD_MAX; a++)
        if (comp_predicted_side(w, i, a) != s0)
            return -1;
    return 0;
}

bool comp_world_make(comp_world *w, const comp_spec *spec, rng *r)
{
    int F = spec->nframes, n = spec->nobj;
    if (F < 2 || F > 64 || n < 1 || n > COMP_MAX_OBJECTS)
        return false;
    int nshapes = spec->nshapes < 1 ? 1 : spec->nshapes > COMP_NSHAPES ? COMP_NSHAPES : spec->nshapes;
    int ncolours = spec->ncolours < 2 ? 2 : spec->ncolours > COMP_NCOLOURS ? COMP_NCOLOURS : spec->ncolours;
    int shape_ix[COMP_NSHAPES], colours[COMP_NCOLOURS];
    for (int k = 0; k < COMP_NSHAPES; k++)
        shape_ix[k] = (int)COMP_SHAPES[k];
    /* the direction of the line's normal, once the line is drawn (later objects) */
    double normal_dir = 0;
    static _Thread_local comp_object protos[SHAPE_COUNT][COMP_NSIZES];
    bool proto_done[SHAPE_COUNT][COMP_NSIZES] = {{false}};
    for (int world = 0; world < WORLD_TRIES; world++) {
        memset(w, 0, sizeof *w);
        w->nframes = F;
        w->nobj = n;
        int shapes[COMP_NSHAPES];
        pick_distinct(r, shape_ix, COMP_NSHAPES, shapes, nshapes);
        pick_distinct(r, COMP_COLOURS, COMP_NCOLOURS, colours, ncolours);
        w->has_line = spec->line;
        if (w->has_line) {
            double top = rng_uniform(r, 170, 330), bottom = top + rng_uniform(r, -110, 110);
            w->line_a = (point){top, 0};
            w->line_b = (point){bottom, COMP_HEIGHT};
            double len = hypot(bottom - top, COMP_HEIGHT);
            w->line_nx = -COMP_HEIGHT / len; /* (-dy, dx) / len: + on the left */
            w->line_ny = (bottom - top) / len;
            normal_dir = atan2(w->line_ny, w->line_nx);
        }
        w->has_bar = spec->bar;
        if (w->has_bar) {
            /* clear of the label's columns, and of the line's middle when there is one */
            for (int t = 0; t < 50; t++) {
                w->bar_x0 = rng_int(r, 110, COMP_WIDTH - 110 - BAR_W);
                if (!w->has_line || fabs(w->bar_x0 + BAR_W / 2.0 - (w->line_a.x + w->line_b.x) / 2) > 60)
                    break;
            }
            w->bar_x1 = w->bar_x0 + BAR_W;
        }
        /* which objects carry which event: a shuffled order, events on distinct
         * objects as far as there are objects */
        int order[COMP_MAX_OBJECTS];
        for (int k = 0; k < n; k++)
            order[k] = k;
        rng_shuffle_int(r, order, n);
        bool appear[COMP_MAX_OBJECTS] = {0}, vanish[COMP_MAX_OBJECTS] = {0}, change[COMP_MAX_OBJECTS] = {0};
        bool cross[COMP_MAX_OBJECTS] = {0}, behind[COMP_MAX_OBJECTS] = {0}, later[COMP_MAX_OBJECTS] = {0};
        int at = 0;
        for (int k = 0; k < spec->appear && F >= 3 && at < n; k++)
            appear[order[at++]] = true;
        for (int k = 0; k < spec->vanish && F >= 3 && at < n; k++)
            vanish[order[at++]] = true;
        for (int k = 0; k < spec->change && F >= 2 && at < n; k++)
            change[order[at++]] = true;
        /* crossing and going behind need no frames of their own: any objects (with
         * one_event, the objects left after the others' events) */
        if (spec->one_event) {
            for (int k = 0; k < spec->cross && w->has_line && at < n; k++)
                cross[order[at++]] = true;
            for (int k = 0; k < spec->behind && w->has_bar && F >= 3 && at < n; k++)
                behind[order[at++]] = true;
        } else {
            rng_shuffle_int(r, order, n);
            for (int k = 0; k < spec->cross && w->has_line && k < n; k++)
                cross[order[k]] = true;
            rng_shuffle_int(r, order, n);
            for (int k = 0; k < spec->behind && w->has_bar && F >= 3 && k < n; k++)
                behind[order[k]] = true;
        }
        /* crossing after the end: objects still there at the end */
        rng_shuffle_int(r, order, n);
        for (int k = 0, got = 0; got < spec->cross_later && w->has_line && k < n; k++)
            if (!vanish[order[k]]) {
                later[order[k]] = true;
                got++;
            }
        bool ok = true;
        for (int i = 0; i < n && ok; i++) {
            comp_object *o = &w->obj[i];
            bool placed = false;
            for (int t = 0; t < OBJECT_TRIES && !placed; t++) {
                o->shape = (shape_kind)shapes[rng_below(r, (uint32_t)nshapes)];
                o->size = (int)rng_below(r, COMP_NSIZES);
                o->rot = 0; /* upright, as Percept-V draws its shapes */
                /* the outline of each shape and size, worked out once a world */
                comp_object *proto = &protos[o->shape][o->size];
                if (!proto_done[o->shape][o->size]) {
                    proto->shape = o->shape;
                    proto->size = o->size;
                    proto->rot = 0;
                    comp_object_outline(proto);
                    proto_done[o->shape][o->size] = true;
                }
                o->r = proto->r;
                o->npts = proto->npts;
                memcpy(o->pts, proto->pts, sizeof o->pts);
                o->bx0 = proto->bx0;
                o->by0 = proto->by0;
                o->bx1 = proto->bx1;
                o->by1 = proto->by1;
                o->colour = colours[rng_below(r, (uint32_t)ncolours)];
                o->colour2 = o->colour;
                o->change_frame = COMP_NO_FRAME;
                o->appear = appear[i] ? rng_int(r, 1, F - 1) : 0;
                o->vanish = F;
                if (vanish[i])
                    o->vanish = rng_int(r, o->appear + 1, F - 1);
                if (change[i]) {
                    if (o->vanish - o->appear < 2)
                        continue;
                    o->change_frame = rng_int(r, o->appear + 1, o->vanish - 1);
                    do
                        o->colour2 = colours[rng_below(r, (uint32_t)ncolours)];
                    while (o->colour2 == o->colour);
                }
                double travel = rng_uniform(r, TRAVEL_MIN, TRAVEL_MAX), dir = rng_uniform(r, 0, 2 * M_PI);
                if (later[i]) {
                    /* to cross clearly from one frame to the next it must be fast
                     * and head across the line: the fastest third of speeds,
                     * within 30 degrees of the line's normal (n, + on the left) */
                    travel = rng_uniform(r, TRAVEL_MAX - (TRAVEL_MAX - TRAVEL_MIN) / 3, TRAVEL_MAX);
                    dir = normal_dir + (rng_below(r, 2) ? M_PI : 0) + rng_uniform(r, -M_PI / 6, M_PI / 6);
                }
                o->vx = travel * cos(dir) / (F - 1);
                o->vy = travel * sin(dir) / (F - 1);
                /* the centre in the middle frame, uniform in the canvas */
                double mx = rng_uniform(r, 30, COMP_WIDTH - 30), my = rng_uniform(r, 30, COMP_HEIGHT - 30);
                o->x = mx - o->vx * (F - 1) / 2.0;
                o->y = my - o->vy * (F - 1) / 2.0;
                if (later[i]) {
                    /* its last position: off a point of the line, on the side it
                     * comes from, within the reach of CROSS_LATER frames */
                    double ly = rng_uniform(r, 30, COMP_HEIGHT - 30);
                    double lx = w->line_a.x + (w->line_b.x - w->line_a.x) * ly / COMP_HEIGHT;
                    double toward = -(o->vx * w->line_nx + o->vy * w->line_ny); /* speed across, towards + side's far one */
                    double side = toward > 0 ? 1 : -1;
                    double reach = fabs(toward) * COMP_AHEAD_MAX, d = o->r + COMP_GAP + 1 + rng_uniform(r, 0, reach);
                    o->x = lx + side * d * w->line_nx - o->vx * (F - 1);
                    o->y = ly + side * d * w->line_ny - o->vy * (F - 1);
                }
                /* inside the canvas in its first and last frame (so in all: it moves
                 * in a straight line): the cheap test first */
                bool inside = true;
                for (int e = 0; e < 2 && inside; e++) {
                    double x0, y0, x1, y1;
                    box(w, i, e ? (o->vanish < F ? o->vanish : F) - 1 : o->appear, &x0, &y0, &x1, &y1);
                    inside = x0 >= EDGE && y0 >= EDGE && x1 <= COMP_WIDTH - EDGE && y1 <= COMP_HEIGHT - EDGE;
                }
                if (!inside)
                    continue;
                if (cross[i] && comp_event_frame(w, i, COMP_EV_CROSS) == COMP_NO_FRAME)
                    continue;
                if (behind[i] && comp_event_frame(w, i, COMP_EV_BEHIND) == COMP_NO_FRAME)
                    continue;
                if (later[i] && comp_crossing_ahead(w, i) <= 0)
                    continue;
                if (spec->one_event) {
                    /* no event but its own, and that one clear */
                    comp_cond cr = comp_cond_none(COMP_C_CROSSES), bh = comp_cond_none(COMP_C_BEHIND);
                    if (comp_cond_holds(w, &cr, i) != (cross[i] ? COMP_YES : COMP_NO) ||
                        comp_cond_holds(w, &bh, i) != (behind[i] ? COMP_YES : COMP_NO))
                        continue;
                }
                char err[128];
                placed = object_fits(w, i, err, sizeof err);
            }
            ok = placed;
        }
        if (ok)
            return true;
    }
    return false;
}

/* ---- drawing ---- */

void comp_draw(const comp_world *w, int f, scene *s)
{
    scene_reset(s, COMP_WIDTH, COMP_HEIGHT);
    if (w->has_line) {
        prim *p = scene_line(s, w->line_a.x, w->line_a.y, w->line_b.x, w->line_b.y, LINE_W, RGB_BLACK);
        p->kind = "line";
        p->colour_name = "black";
    }
    for (int i = 0; i < w->nobj; i++) {
        if (!comp_present(w, i, f))
            continue;
        const comp_object *o = &w->obj[i];
        double cx, cy;
        comp_pos(w, i, f, &cx, &cy);
        const palette_colour *c = &PALETTE[comp_colour(w, i, f)];
        prim *p;
        if (o->shape == SHAPE_CIRCLE) {
            p = scene_circle(s, cx + 0.5, cy + 0.5, o->r + 0.5, c->value);
        } else {
            point pts[SHAPE_MAX_POINTS];
            for (int k = 0; k < o->npts; k++) {
                pts[k].x = o->pts[k].x + cx + 0.5;
                pts[k].y = o->pts[k].y + cy + 0.5;
            }
            p = scene_polygon(s, pts, o->npts, c->value);
        }
        p->edges = EDGES_PILLOW; /* Pillow's pixels for whole-pixel coordinates (pil_raster.h) */
        p->kind = shape_name(o->shape);
        p->colour_name = c->name;
        p->object = i;
    }
    if (w->has_bar) {
        prim *p = scene_rect(s, w->bar_x0, 0, w->bar_x1 - w->bar_x0, COMP_HEIGHT, BAR_GREY);
        p->edges = EDGES_PILLOW;
        p->kind = "bar";
        p->colour_name = "gray";
    }
    char label[24];
    snprintf(label, sizeof label, "frame %d", f + 1);
    prim *t = scene_text(s, COMP_LABEL_W / 2.0, COMP_LABEL_H / 2.0, 11, label, RGB_BLACK);
    t->edges = EDGES_PILLOW; /* Pillow's default bitmap font */
    t->kind = "label";
}

/* ---- subconditions ---- */

comp_cond comp_cond_none(int kind)
{
    return (comp_cond){.kind = kind, .value = 0, .ref = -1, .frame = COMP_NO_FRAME, .moment_ev = 0, .moment_ref = -1};
}

const char *comp_cond_kind_name(int kind) { return kind >= 0 && kind < COMP_NKINDS ? KIND_NAME[kind] : "?"; }

int comp_cond_kind_find(const char *name)
{
    for (int k = 0; name && k < COMP_NKINDS; k++)
        if (strcmp(KIND_NAME[k], name) == 0)
            return k;
    return -1;
}

int comp_cond_frame(const comp_world *w, const comp_cond *c)
{
    if (c->moment_ref >= 0)
        return comp_event_frame(w, c->moment_ref, c->moment_ev);
    return c->frame;
}

bool comp_cond_has_frame(int kind)
{
    switch (kind) {
    case COMP_C_LEFT_OF:
    case COMP_C_RIGHT_OF:
    case COMP_C_ABOVE:
    case COMP_C_BELOW:
    case COMP_C_NEAREST:
    case COMP_C_SIDE:
    case COMP_C_HIDDEN:
    case COMP_C_VISIBLE:
    case COMP_C_GONE_BEFORE:
    case COMP_C_ARRIVES_AFTER:
        return true;
    }
    return false;
}

static bool has_ref(int kind) { return kind >= COMP_C_LEFT_OF && kind <= COMP_C_NEAREST; }

/* Whether the frame a condition speaks of can be used at all. */
static bool frame_usable(const comp_world *w, const comp_cond *c, int *fout)
{
    if (c->moment_ref >= 0 && (!comp_ref_ok(w, c->moment_ref) || !comp_moment_ok(w, c->moment_ref, c->moment_ev)))
        return false;
    int f = comp_cond_frame(w, c);
    *fout = f;
    return f >= 0 && f < w->nframes;
}

comp_truth comp_cond_holds(const comp_world *w, const comp_cond *c, int i)
{
    const comp_object *o = &w->obj[i];
    int f = COMP_NO_FRAME;
    if (comp_cond_has_frame(c->kind) || (c->kind == COMP_C_COLOUR && (c->frame != COMP_NO_FRAME || c->moment_ref >= 0))) {
        if (!frame_usable(w, c, &f))
            return COMP_UNSURE;
    }
    if (has_ref(c->kind)) {
        if (!comp_ref_ok(w, c->ref) || !comp_visible(w, c->ref, f))
            return COMP_UNSURE;
        if (i == c->ref)
            return COMP_NO;
    }
    switch (c->kind) {
    case COMP_C_COLOUR:
        if (f == COMP_NO_FRAME) {
            if (o->change_frame == COMP_NO_FRAME)
                return o->colour == c->value ? COMP_YES : COMP_NO;
            return o->colour == c->value || o->colour2 == c->value ? COMP_UNSURE : COMP_NO;
        }
        if (!comp_present(w, i, f))
            return COMP_NO;
        if (!comp_visible(w, i, f))
            return COMP_UNSURE;
        return comp_colour(w, i, f) == c->value ? COMP_YES : COMP_NO;
    case COMP_C_SHAPE:
        return (int)o->shape == c->value ? COMP_YES : COMP_NO;
    case COMP_C_SIZE:
        return o->size == c->value ? COMP_YES : COMP_NO;
    case COMP_C_LEFT_OF:
    case COMP_C_RIGHT_OF:
    case COMP_C_ABOVE:
    case COMP_C_BELOW: {
        if (!comp_present(w, i, f))
            return COMP_NO;
        double x, y, rx, ry;
        comp_pos(w, i, f, &x, &y);
        comp_pos(w, c->ref, f, &rx, &ry);
        double d = c->kind == COMP_C_LEFT_OF ? rx - x : c->kind == COMP_C_RIGHT_OF ? x - rx : c->kind == COMP_C_ABOVE ? ry - y : y - ry;
        /* a partly hidden object's centre is read off its completed outline */
        if (fabs(d) < (comp_visible(w, i, f) ? COMP_TIE : COMP_TIE_HIDDEN))
            return COMP_UNSURE;
        return d > 0 ? COMP_YES : COMP_NO;
    }
    case COMP_C_NEAREST: {
        if (!comp_present(w, i, f))
            return COMP_NO;
        /* every object in the frame competes, partly hidden ones by the centre of
         * their completed outline */
        double rx, ry, best = 1e9, second = 1e9;
        int who = -1;
        comp_pos(w, c->ref, f, &rx, &ry);
        for (int j = 0; j < w->nobj; j++) {
            if (j == c->ref || !comp_present(w, j, f))
                continue;
            double x, y;
            comp_pos(w, j, f, &x, &y);
            double d = hypot(x - rx, y - ry);
            if (d < best) {
                second = best;
                best = d;
                who = j;
            } else if (d < second) {
                second = d;
            }
        }
        if (second - best < COMP_NEAR_ABS || second - best < COMP_NEAR_REL * best)
            return COMP_UNSURE;
        return who == i ? COMP_YES : COMP_NO;
    }
    case COMP_C_SIDE:
        if (!w->has_line)
            return COMP_UNSURE;
        if (!comp_present(w, i, f))
            return COMP_NO;
        return comp_wholly_on(w, i, f, c->value);
    case COMP_C_HIDDEN:
        if (!w->has_bar)
            return COMP_UNSURE;
        if (!comp_present(w, i, f))
            return COMP_NO;
        return bar_state(w, i, f) == COMP_PARTLY ? COMP_YES : bar_state(w, i, f) == COMP_CLEAR ? COMP_NO : COMP_UNSURE;
    case COMP_C_BEHIND: {
        if (!w->has_bar)
            return COMP_UNSURE;
        bool any = false, touch = false;
        for (int g = o->appear; g < o->vanish && g < w->nframes; g++) {
            int s = bar_state(w, i, g);
            any = any || s == COMP_PARTLY;
            touch = touch || s < 0 || s == COMP_HIDDEN;
        }
        return any ? COMP_YES : touch ? COMP_UNSURE : COMP_NO;
    }
    case COMP_C_CROSSES: {
        /* wholly on one side, later wholly on the other; clearly not: wholly on
         * one side in every frame it is in */
        if (!w->has_line)
            return COMP_UNSURE;
        int first_yes[2] = {-1, -1}, last_yes[2] = {-1, -1}, frames = 0, all_yes[2] = {0, 0};
        for (int g = o->appear; g < o->vanish && g < w->nframes; g++) {
            frames++;
            for (int k = 0; k < 2; k++)
                if (comp_wholly_on(w, i, g, k ? 1 : -1) == COMP_YES) {
                    if (first_yes[k] < 0)
                        first_yes[k] = g;
                    last_yes[k] = g;
                    all_yes[k]++;
                }
        }
        if ((first_yes[0] >= 0 && last_yes[1] > first_yes[0]) || (first_yes[1] >= 0 && last_yes[0] > first_yes[1]))
            return COMP_YES;
        return all_yes[0] == frames || all_yes[1] == frames ? COMP_NO : COMP_UNSURE;
    }
    case COMP_C_CHANGES:
        return o->change_frame != COMP_NO_FRAME ? COMP_YES : COMP_NO;
    case COMP_C_APPEARS:
        return o->appear > 0 ? COMP_YES : COMP_NO;
    case COMP_C_VANISHES:
        return o->vanish < w->nframes ? COMP_YES : COMP_NO;
    case COMP_C_VISIBLE:
        /* some part of it shows: an object partly behind the bar can be seen */
        return comp_present(w, i, f) ? COMP_YES : COMP_NO;
    case COMP_C_GONE_BEFORE:
        return o->vanish <= f ? COMP_YES : COMP_NO;
    case COMP_C_ARRIVES_AFTER:
        return o->appear > f ? COMP_YES : COMP_NO;
    case COMP_C_WILL_SIDE: {
        if (!w->has_line)
            return COMP_UNSURE;
        if (!comp_present(w, i, w->nframes - 1))
            return COMP_NO; /* vanished: nowhere */
        int s = comp_predicted_side(w, i, 1);
        return s == COMP_SIDE_UNCLEAR ? COMP_UNSURE : s == c->value ? COMP_YES : COMP_NO;
    }
    }
    return COMP_UNSURE;
}

bool comp_candidates(const comp_world *w, const comp_cond *conds, int n, unsigned use, unsigned *out)
{
    unsigned set = 0;
    for (int i = 0; i < w->nobj; i++)
        set |= 1u << i;
    for (int k = 0; k < n; k++) {
        if (!(use >> k & 1))
            continue;
        for (int i = 0; i < w->nobj; i++) {
            comp_truth t = comp_cond_holds(w, &conds[k], i);
            if (t == COMP_UNSURE)
                return false;
            if (t == COMP_NO)
                set &= ~(1u << i);
        }
    }
    *out = set;
    return true;
}

/* " in frame 3" or " in the frame where ..." for condition c. */
static void when_text(const comp_world *w, const comp_cond *c, char *buf, size_t n)
{
    if (c->moment_ref >= 0) {
        char m[160];
        comp_moment_text(w, c->moment_ref, c->moment_ev, m, sizeof m);
        snprintf(buf, n, " %s", m);
    } else if (c->frame != COMP_NO_FRAME) {
        snprintf(buf, n, " in frame %d", c->frame + 1);
    } else {
        buf[0] = '\0';
    }
}

static const char *article(const char *word) { return strchr("aeiou", word[0]) ? "an" : "a"; }

void comp_cond_text(const comp_world *w, const comp_cond *c, char *buf, size_t n)
{
    char when[200], ref[64] = "";
    when_text(w, c, when, sizeof when);
    if (c->ref >= 0 && c->ref < w->nobj)
        comp_ref_text(w, c->ref, ref, sizeof ref);
    switch (c->kind) {
    case COMP_C_COLOUR:
        snprintf(buf, n, "is %s%s", PALETTE[c->value].name, when);
        break;
    case COMP_C_SHAPE: {
        const char *s = shape_name((shape_kind)c->value);
        snprintf(buf, n, "is %s %s", article(s), s);
        break;
    }
    case COMP_C_SIZE:
        snprintf(buf, n, "is %s", comp_size_name(c->value));
        break;
    case COMP_C_LEFT_OF:
        snprintf(buf, n, "is to the left of %s%s", ref, when);
        break;
    case COMP_C_RIGHT_OF:
        snprintf(buf, n, "is to the right of %s%s", ref, when);
        break;
    case COMP_C_ABOVE:
        snprintf(buf, n, "is higher up than %s%s", ref, when);
        break;
    case COMP_C_BELOW:
        snprintf(buf, n, "is lower down than %s%s", ref, when);
        break;
    case COMP_C_NEAREST:
        snprintf(buf, n, "is nearest to %s%s", ref, when);
        break;
    case COMP_C_SIDE:
        snprintf(buf, n, "is on the %s side of the line%s", c->value < 0 ? "left" : "right", when);
        break;
    case COMP_C_HIDDEN:
        snprintf(buf, n, "is partly behind the grey bar%s", when);
        break;
    case COMP_C_BEHIND:
        snprintf(buf, n, "passes behind the grey bar at some point");
        break;
    case COMP_C_CROSSES:
        snprintf(buf, n, "crosses the line");
        break;
    case COMP_C_CHANGES:
        snprintf(buf, n, "changes colour during the video");
        break;
    case COMP_C_APPEARS:
        snprintf(buf, n, "is not there in the first frame but appears later");
        break;
    case COMP_C_VANISHES:
        snprintf(buf, n, "vanishes before the last frame");
        break;
    case COMP_C_VISIBLE:
        snprintf(buf, n, "can be seen%s", when);
        break;
    case COMP_C_GONE_BEFORE:
        snprintf(buf, n, "has already vanished%s", when);
        break;
    case COMP_C_ARRIVES_AFTER:
        snprintf(buf, n, "has not appeared yet%s", when);
        break;
    case COMP_C_WILL_SIDE:
        snprintf(buf, n, "will be on the %s side of the line in the frame after the last if it keeps moving as it does",
                 c->value < 0 ? "left" : "right");
        break;
    default:
        snprintf(buf, n, "?");
    }
}

void comp_cond_rule(const comp_world *w, const comp_cond *c, char *buf, size_t n)
{
    size_t at = 0;
    at += (size_t)snprintf(buf + at, n - at, "%s", comp_cond_kind_name(c->kind));
    if (at < n) {
        switch (c->kind) {
        case COMP_C_COLOUR:
            at += (size_t)snprintf(buf + at, n - at, " value=%s", PALETTE[c->value].name);
            break;
        case COMP_C_SHAPE:
            at += (size_t)snprintf(buf + at, n - at, " value=%s", shape_name((shape_kind)c->value));
            break;
        case COMP_C_SIZE:
            at += (size_t)snprintf(buf + at, n - at, " value=%s", comp_size_name(c->value));
            break;
        case COMP_C_SIDE:
        case COMP_C_WILL_SIDE:
            at += (size_t)snprintf(buf + at, n - at, " value=%s", c->value < 0 ? "left" : "right");
            break;
        }
    }
    if (at < n && c->ref >= 0 && c->ref < w->nobj)
        at += (size_t)snprintf(buf + at, n - at, " ref=%s/%s", PALETTE[w->obj[c->ref].colour].name,
                               shape_name(w->obj[c->ref].shape));
    if (at < n && c->moment_ref >= 0 && c->moment_ref < w->nobj)
        at += (size_t)snprintf(buf + at, n - at, " moment=%s:%s/%s", comp_event_name(c->moment_ev),
                               PALETTE[w->obj[c->moment_ref].colour].name, shape_name(w->obj[c->moment_ref].shape));
    else if (at < n && c->frame != COMP_NO_FRAME)
        snprintf(buf + at, n - at, " frame=%d", c->frame + 1);
}

/* The unique object called colour/shape, or -1. */
static int find_ref(const comp_world *w, const char *name)
{
    char colour[32];
    const char *slash = strchr(name, '/');
    if (!slash || (size_t)(slash - name) >= sizeof colour)
        return -1;
    memcpy(colour, name, (size_t)(slash - name));
    colour[slash - name] = '\0';
    int c = palette_find(colour), s = shape_find(slash + 1), found = -1;
    if (c < 0 || s < 0)
        return -1;
    for (int i = 0; i < w->nobj; i++) {
        if ((int)w->obj[i].shape != s || (w->obj[i].colour != c && w->obj[i].colour2 != c))
            continue;
        if (found >= 0)
            return -1;
        found = i;
    }
    return found;
}

bool comp_cond_parse(const comp_world *w, const char *rule, comp_cond *out)
{
    char buf[256];
    if (strlen(rule) >= sizeof buf)
        return false;
    strcpy(buf, rule);
    char *save = NULL, *tok = strtok_r(buf, " ", &save);
    int kind = comp_cond_kind_find(tok);
    if (kind < 0)
        return false;
    *out = comp_cond_none(kind);
    while ((tok = strtok_r(NULL, " ", &save))) {
        char *eq = strchr(tok, '=');
        if (!eq)
            return false;
        *eq = '\0';
        const char *key = tok, *val = eq + 1;
        if (strcmp(key, "value") == 0) {
            int v = kind == COMP_C_COLOUR  ? palette_find(val)
                    : kind == COMP_C_SHAPE ? shape_find(val)
                    : kind == COMP_C_SIZE  ? comp_size_find(val)
                    : kind == COMP_C_SIDE || kind == COMP_C_WILL_SIDE
                        ? (strcmp(val, "left") == 0 ? -1 : strcmp(val, "right") == 0 ? 1 : -2)
                                           : -2;
            if (v == -2 || (kind != COMP_C_SIDE && kind != COMP_C_WILL_SIDE && v < 0))
                return false;
            out->value = v;
        } else if (strcmp(key, "ref") == 0) {
            if ((out->ref = find_ref(w, val)) < 0)
                return false;
        } else if (strcmp(key, "frame") == 0) {
            char *end;
            long f = strtol(val, &end, 10);
            if (*end || f < 1 || f > w->nframes)
                return false;
            out->frame = (int)f - 1;
        } else if (strcmp(key, "moment") == 0) {
            char ev[16];
            const char *colon = strchr(val, ':');
            if (!colon || (size_t)(colon - val) >= sizeof ev)
                return false;
            memcpy(ev, val, (size_t)(colon - val));
            ev[colon - val] = '\0';
            if ((out->moment_ev = comp_event_find(ev)) < 0 || (out->moment_ref = find_ref(w, colon + 1)) < 0)
                return false;
        } else {
            return false;
        }
    }
    return true;
}

/* ---- attributes ---- */

const char *comp_attr_category(int attr) { return attr >= 0 && attr < COMP_NATTRS ? ATTR_CATEGORY[attr] : "?"; }

int comp_attr_value(const comp_world *w, int i, int attr, int f)
{
    const comp_object *o = &w->obj[i];
    switch (attr) {
    case COMP_A_COLOUR:
        if (f == COMP_NO_FRAME)
            return o->change_frame == COMP_NO_FRAME ? o->colour : -1;
        return comp_present(w, i, f) ? comp_colour(w, i, f) : -1;
    case COMP_A_SHAPE:
        return (int)o->shape;
    case COMP_A_SIZE:
        return o->size;
    }
    return -1;
}

const char *comp_attr_word(int attr, int value)
{
    switch (attr) {
    case COMP_A_COLOUR:
        return value >= 0 && value < PALETTE_SIZE ? PALETTE[value].name : "?";
    case COMP_A_SHAPE:
        return value >= 0 && value < SHAPE_COUNT ? shape_name((shape_kind)value) : "?";
    case COMP_A_SIZE:
        return comp_size_name(value);
    }
    return "?";
}
