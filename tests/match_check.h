/* match_check.h - the consistency check shared by check_match_outline.c and
 * check_match_shadow.c (a header of static functions: CMake builds only check_*.c).
 *
 * It measures shapes with its own code (scanline IoU of polygons moved to a common
 * centroid and scaled to unit area, at every turn and mirror image, not the
 * generator's radial signatures): exactly one candidate is the target's shape as
 * drawn (not turned), that one is the record's letter, and every other candidate
 * stays below the generator's likeness threshold at its best turn.  It checks the
 * letters (A, B, C... in order, each inside its candidate's frame and clear of every
 * shape), that frames do not overlap, that match_shadow's spots lie inside the
 * object, and the pixels: the target's colour in the first image, black inside a
 * silhouette, white inside an outline with black on it.
 */
#include "colour.h"
#include "harness.h"
#include "layout.h"
#include "shapes.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The generator promises likeness < 0.75 (common/toolkit/match_pair.h); our measuring
 * differs from its radial sampling by a little, so we allow MK_TOL. */
#define MK_MAX_LIKENESS 0.75
#define MK_TOL 0.02
/* The gold candidate is the target scaled and moved: IoU at no turn near 1. */
#define MK_SAME 0.97
/* Scanlines, coarse turns (every 4 degrees) and refinement halvings. */
#define MK_ROWS 64
#define MK_TURNS 90
#define MK_REFINE 4
#define MK_MAXPTS 256

static int mk_cross(const point *p, int n, double y, double *xs)
{
    int m = 0;
    for (int i = 0; i < n; i++) {
        point a = p[i], b = p[(i + 1) % n];
        if ((a.y > y) != (b.y > y))
            xs[m++] = a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y);
    }
    for (int i = 1; i < m; i++)
        for (int j = i; j > 0 && xs[j - 1] > xs[j]; j--) {
            double t = xs[j];
            xs[j] = xs[j - 1];
            xs[j - 1] = t;
        }
    return m;
}

static double mk_iou(const point *a, int na, const point *b, int nb)
{
    double lo = INFINITY, hi = -INFINITY;
    for (int i = 0; i < na; i++) {
        lo = fmin(lo, a[i].y);
        hi = fmax(hi, a[i].y);
    }
    for (int i = 0; i < nb; i++) {
        lo = fmin(lo, b[i].y);
        hi = fmax(hi, b[i].y);
    }
    double inter = 0, total = 0, xa[MK_MAXPTS], xb[MK_MAXPTS];
    for (int r = 0; r < MK_ROWS; r++) {
        double y = lo + (hi - lo) * (r + 0.5) / MK_ROWS;
        int ma = mk_cross(a, na, y, xa), mb = mk_cross(b, nb, y, xb);
        for (int i = 0; i + 1 < ma; i += 2) {
            total += xa[i + 1] - xa[i];
            for (int j = 0; j + 1 < mb; j += 2) {
                double l = fmax(xa[i], xb[j]), h = fmin(xa[i + 1], xb[j + 1]);
                if (h > l)
                    inter += h - l;
            }
        }
        for (int j = 0; j + 1 < mb; j += 2)
            total += xb[j + 1] - xb[j];
    }
    return total > inter ? inter / (total - inter) : 0;
}

/* p with its centroid at the origin and unit area. */
static void mk_normalise(const point *p, int n, point *out)
{
    double a = 0, cx = 0, cy = 0;
    for (int i = 0; i < n; i++) {
        const point *u = &p[i], *v = &p[(i + 1) % n];
        double c = u->x * v->y - v->x * u->y;
        a += c;
        cx += (u->x + v->x) * c;
        cy += (u->y + v->y) * c;
    }
    cx /= 3 * a;
    cy /= 3 * a;
    double k = 1 / sqrt(fabs(a) / 2);
    for (int i = 0; i < n; i++)
        out[i] = (point){(p[i].x - cx) * k, (p[i].y - cy) * k};
}

static double mk_turned(const point *a, int na, const point *b, int nb, double t, bool mirror)
{
    point q[MK_MAXPTS];
    double c = cos(t), s = sin(t);
    for (int i = 0; i < nb; i++) {
        double x = mirror ? -b[i].x : b[i].x, y = b[i].y;
        q[i] = (point){x * c - y * s, x * s + y * c};
    }
    return mk_iou(a, na, q, nb);
}

/* Largest IoU of normalised a and b over every turn of b and of its mirror image. */
static double mk_likeness(const point *a, int na, const point *b, int nb)
{
    double best = 0;
    for (int m = 0; m < 2; m++) {
        double at = 0, here = -1;
        for (int k = 0; k < MK_TURNS; k++) {
            double v = mk_turned(a, na, b, nb, 2 * M_PI * k / MK_TURNS, m);
            if (v > here) {
                here = v;
                at = 2 * M_PI * k / MK_TURNS;
            }
        }
        double step = M_PI / MK_TURNS;
        for (int r = 0; r < MK_REFINE; r++, step /= 2) {
            double lo = mk_turned(a, na, b, nb, at - step, m), hi = mk_turned(a, na, b, nb, at + step, m);
            if (lo > here && lo >= hi) {
                here = lo;
                at -= step;
            } else if (hi > here) {
                here = hi;
                at += step;
            }
        }
        best = fmax(best, here);
    }
    return best;
}

static bool mk_inside(double x0, double y0, double x1, double y1, const prim *frame)
{
    return x0 >= frame->x && y0 >= frame->y && x1 <= frame->x + frame->w && y1 <= frame->y + frame->h;
}

static bool mk_dark(rgb c) { return c.r < 90 && c.g < 90 && c.b < 90; }

/* A point inside polygon q at least 4 px from its edges and outside every spot (in
 * the first image), the deepest of a 24 x 24 grid over its box. */
static bool mk_deep_point(const scene *sc, const prim *q, point *out)
{
    const point *p = prim_points(sc, q);
    double x0, y0, x1, y1, best = 4 + q->stroke_width / 2;
    bool found = false;
    prim_bbox(sc, q, &x0, &y0, &x1, &y1);
    for (int gy = 1; gy < 24; gy++)
        for (int gx = 1; gx < 24; gx++) {
            double x = x0 + (x1 - x0) * gx / 24, y = y0 + (y1 - y0) * gy / 24, d = INFINITY;
            if (!point_in_polygon(p, q->npts, x, y))
                continue;
            for (int k = 0; k < q->npts; k++)
                d = fmin(d, segment_distance(p[k], p[(k + 1) % q->npts], x, y));
            for (int k = 0; k < sc->nprims; k++) {
                const prim *c = &sc->prims[k];
                if (c->type == PRIM_CIRCLE && hypot(x - c->x, y - c->y) < c->r + 4)
                    d = 0;
            }
            if (d > best) {
                best = d;
                *out = (point){floor(x) + 0.5, floor(y) + 0.5};
                found = true;
            }
        }
    return found;
}

static const char *mk_check(const sample_out *s, const gen_params *p, char *msg, size_t len, bool shadow)
{
    const scene *s0 = &s->img[0], *s1 = &s->img[1];
    int n = p->level;
    if (rec_int(s, "Rows") != n)
        return "Rows is not the level";
    const char *gold = rec_str(s, "Gold_output");
    if (strlen(gold) != 1 || gold[0] < 'A' || gold[0] >= 'A' + n)
        return "Gold_output is not one of the letters drawn";

    /* First image: the target, and (shadow) spots well inside it. */
    if (s0->nprims < 1 || s0->prims[0].type != PRIM_POLYGON || strcmp(s0->prims[0].kind, "target") != 0)
        return "the first image does not start with the target polygon";
    const prim *tp = &s0->prims[0];
    const point *tpts = prim_points(s0, tp);
    if (tp->npts > MK_MAXPTS)
        return "target has too many points";
    for (int i = 1; i < s0->nprims; i++) {
        const prim *q = &s0->prims[i];
        if (!shadow || q->type != PRIM_CIRCLE || strcmp(q->kind, "spot") != 0)
            return "the first image holds more than the target (and spots)";
        double d = INFINITY;
        for (int k = 0; k < tp->npts; k++)
            d = fmin(d, segment_distance(tpts[k], tpts[(k + 1) % tp->npts], q->x, q->y));
        if (!point_in_polygon(tpts, tp->npts, q->x, q->y) || d < q->r + tp->stroke_width)
            return "a spot reaches the object's outline";
        if (ciede2000(q->fill, tp->fill) < 30 || ciede2000(q->fill, RGB_BLACK) < 30)
            return "a spot is too close in colour to the object or to black";
    }
    if (ciede2000(tp->fill, RGB_BLACK) < 30)
        return "the target is too dark";
    double tx0, ty0, tx1, ty1;
    prim_bbox(s0, tp, &tx0, &ty0, &tx1, &ty1);
    if (tx0 < 0 || ty0 < 0 || tx1 > s0->width || ty1 > s0->height)
        return "the target leaves the canvas";

    /* Second image: frames, candidates, letters. */
    const prim *frame[26] = {0}, *cand[26] = {0}, *label[26] = {0};
    int nframes = 0;
    for (int i = 0; i < s1->nprims; i++) {
        const prim *q = &s1->prims[i];
        if (strcmp(q->kind, "frame") == 0 && q->type == PRIM_RECT && nframes < 26)
            frame[nframes++] = q;
        else if (q->object >= 0 && q->object < n && q->type == PRIM_TEXT && strcmp(q->kind, "label") == 0)
            label[q->object] = q;
        else if (q->object >= 0 && q->object < n && q->type == PRIM_POLYGON &&
                 strcmp(q->kind, shadow ? "silhouette" : "outline") == 0)
            cand[q->object] = q;
        else
            return "an unexpected primitive in the second image";
    }
    if (nframes != n)
        return "not one frame per candidate";
    for (int i = 0; i < nframes; i++)
        for (int j = 0; j < i; j++) {
            box a = {frame[i]->x, frame[i]->y, frame[i]->x + frame[i]->w, frame[i]->y + frame[i]->h};
            box b = {frame[j]->x, frame[j]->y, frame[j]->x + frame[j]->w, frame[j]->y + frame[j]->h};
            if (boxes_near(&a, &b, 4))
                return "two frames touch";
        }
    point tn[MK_MAXPTS], cn[MK_MAXPTS];
    mk_normalise(tpts, tp->npts, tn);
    int same = 0, same_at = -1;
    for (int i = 0; i < n; i++) {
        if (!cand[i] || !label[i])
            return "a candidate or its letter is missing";
        char want[2] = {(char)('A' + i), '\0'};
        if (strcmp(label[i]->label, want) != 0)
            return "letters are not A, B, C... in candidate order";
        double cx0, cy0, cx1, cy1, lx0, ly0, lx1, ly1;
        prim_bbox(s1, cand[i], &cx0, &cy0, &cx1, &cy1);
        prim_bbox(s1, label[i], &lx0, &ly0, &lx1, &ly1);
        const prim *home = NULL;
        for (int f = 0; f < nframes; f++)
            if (mk_inside(cx0, cy0, cx1, cy1, frame[f]))
                home = frame[f];
        if (!home || !mk_inside(lx0, ly0, lx1, ly1, home)) {
            snprintf(msg, len, "candidate %c and its letter do not share a frame", 'A' + i);
            return msg;
        }
        for (int j = 0; j < n; j++) {
            double ax0, ay0, ax1, ay1;
            prim_bbox(s1, cand[j], &ax0, &ay0, &ax1, &ay1);
            box a = {ax0, ay0, ax1, ay1}, l = {lx0, ly0, lx1, ly1};
            if (boxes_near(&a, &l, 2))
                return "a letter touches a shape";
        }
        const point *cp = prim_points(s1, cand[i]);
        if (cand[i]->npts > MK_MAXPTS)
            return "a candidate has too many points";
        mk_normalise(cp, cand[i]->npts, cn);
        if (cand[i]->npts == tp->npts && mk_turned(tn, tp->npts, cn, cand[i]->npts, 0, false) >= MK_SAME) {
            same++;
            same_at = i;
            continue;
        }
        double like = mk_likeness(tn, tp->npts, cn, cand[i]->npts);
        if (like >= MK_MAX_LIKENESS + MK_TOL) {
            snprintf(msg, len, "candidate %c is too like the target (%.3f)", 'A' + i, like);
            return msg;
        }
    }
    if (same != 1 || same_at != gold[0] - 'A') {
        snprintf(msg, len, "%d candidates match the target (at %c), record says %s", same, 'A' + same_at, gold);
        return msg;
    }

    /* Pixels: the target's colour well inside it (off the spots), black inside a
     * silhouette, white inside an outline and black on its edge, ink in every letter. */
    const canvas *cv = harness_render(s0);
    point in;
    if (!mk_deep_point(s0, tp, &in))
        return "no point well inside the target";
    rgb c = canvas_pixel(cv, (int)in.x, (int)in.y);
    if (memcmp(&c, &tp->fill, sizeof c) != 0)
        return "the target's inside is not its colour";
    cv = harness_render(s1);
    for (int i = 0; i < n; i++) {
        if (!mk_deep_point(s1, cand[i], &in))
            return "no point well inside a candidate";
        c = canvas_pixel(cv, (int)in.x, (int)in.y);
        if (shadow ? !mk_dark(c) : (c.r < 250 || c.g < 250 || c.b < 250)) {
            snprintf(msg, len, "candidate %c's inside is (%d,%d,%d)", 'A' + i, c.r, c.g, c.b);
            return msg;
        }
        const point *cp = prim_points(s1, cand[i]);
        point mid = {(cp[0].x + cp[1].x) / 2, (cp[0].y + cp[1].y) / 2};
        if (!shadow && !mk_dark(canvas_pixel(cv, (int)floor(mid.x), (int)floor(mid.y))))
            return "a candidate's edge is not drawn black";
        double lx0, ly0, lx1, ly1;
        prim_bbox(s1, label[i], &lx0, &ly0, &lx1, &ly1);
        int ink = 0;
        for (int y = (int)ly0; y <= (int)ly1; y++)
            for (int x = (int)lx0; x <= (int)lx1; x++)
                ink += mk_dark(canvas_pixel(cv, x, y));
        if (ink < 20)
            return "a letter is not drawn";
    }
    return NULL;
}
