/* comp_check.h - what the checkers of the compositional video tasks share
 * (check_comp_conjunctive.c, check_comp_sequential.c): the video read back from
 * the frames' primitives and rendered pixels, and the rules of the steps
 * evaluated with code of the tests' own (never the generators' comp_world.c).
 *
 * Contract:
 *  1. cc_read() fills a cc_video from a sample: per frame and object (the
 *     primitives' `object` ids) whether it is there, its shape (the primitive's
 *     kind, checked against the geometry: a circle, or n vertices), its colour
 *     read from the pixels (the palette colour most of its inside shows), its
 *     centre (the mean of its vertices), its area class, and how much of it the
 *     grey bar covers in the pixels; the line's end points; the bar's columns.
 *  2. cc_holds() evaluates one parsed rule for one object: CC_YES, CC_NO, or
 *     CC_UNREADABLE when the pixels could not settle it (a tie within CC_TIE px,
 *     a referent covered or touching the line in the frame it is asked about).
 *  3. Frames are 0-based here; rules and texts number them from 1.
 *  4. Everything is static: a test includes this header once.
 */
#ifndef GEN_COMP_CHECK_H
#define GEN_COMP_CHECK_H

#include "harness.h"
#include "palette.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CC_MAX_OBJ 16
#define CC_MAX_FRAMES GEN_MAX_IMAGES
/* Ties closer than this (px) are unreadable: GEN_VIEW_MIN of a 500 px canvas,
 * looser than the generator's own margin, so a sample it accepts passes. */
#define CC_TIE 3.4
/* Background a visible object keeps from the bar and the line (px). */
#define CC_GAP 2.0
/* Area bounds between the size classes (px^2): between the three classes' areas
 * (314, 804, 1810 for circles of radius 10, 16, 24), geometric means. */
#define CC_AREA_SMALL_MEDIUM 502.0
#define CC_AREA_MEDIUM_LARGE 1206.0
#define CC_BAR_GREY ((rgb){128, 128, 128})

enum { CC_NO, CC_YES, CC_UNREADABLE };

typedef struct cc_obj {
    bool present;
    const char *shape;  /* the primitive's kind */
    int colour;         /* palette index read from the pixels, -1 if none */
    double cx, cy;      /* centre */
    double x0, x1;      /* columns of the outline */
    double area;        /* from the geometry */
    int covered;        /* pixels inside it that show the bar */
    int inside;         /* pixels inside it */
    int npts;           /* vertices (0: a circle) */
    point pts[16];
    double r;           /* circle radius */
} cc_obj;

typedef struct cc_video {
    int nframes, nobj;
    cc_obj o[CC_MAX_FRAMES][CC_MAX_OBJ];
    bool has_bar, has_line;
    double bar_x0, bar_x1;
    point la, lb;
    int label_frame[CC_MAX_FRAMES]; /* the number the label shows, -1 if none */
} cc_video;

static bool cc_inside(const cc_obj *a, double x, double y)
{
    if (a->npts == 0)
        return hypot(x - a->cx, y - a->cy) <= a->r;
    bool in = false;
    for (int i = 0, j = a->npts - 1; i < a->npts; j = i++) {
        const point *p = &a->pts[i], *q = &a->pts[j];
        if ((p->y > y) != (q->y > y) && x < (q->x - p->x) * (y - p->y) / (q->y - p->y) + p->x)
            in = !in;
    }
    return in;
}

static bool cc_same_rgb(rgb a, rgb b) { return a.r == b.r && a.g == b.g && a.b == b.b; }

/* Reads sample s into v; NULL or why not. */
static const char *cc_read(const sample_out *s, cc_video *v, char *msg, size_t n)
{
    memset(v, 0, sizeof *v);
    v->nframes = s->nimages;
    for (int f = 0; f < s->nimages; f++) {
        const scene *sc = &s->img[f];
        v->label_frame[f] = -1;
        if (sc->width != 500 || sc->height != 300) {
            snprintf(msg, n, "frame %d is %dx%d, not 500x300", f + 1, sc->width, sc->height);
            return msg;
        }
        for (int k = 0; k < sc->nprims; k++) {
            const prim *p = &sc->prims[k];
            if (p->kind && strcmp(p->kind, "bar") == 0) {
                v->has_bar = true;
                v->bar_x0 = p->x;
                v->bar_x1 = p->x + p->w;
            } else if (p->kind && strcmp(p->kind, "line") == 0) {
                v->has_line = true;
                v->la = prim_points(sc, p)[0];
                v->lb = prim_points(sc, p)[1];
            } else if (p->kind && strcmp(p->kind, "label") == 0) {
                int k2;
                if (sscanf(p->label, "frame %d", &k2) == 1)
                    v->label_frame[f] = k2;
            } else if (p->object >= 0) {
                if (p->object >= CC_MAX_OBJ) {
                    snprintf(msg, n, "object id %d too large", p->object);
                    return msg;
                }
                cc_obj *a = &v->o[f][p->object];
                if (a->present) {
                    snprintf(msg, n, "object %d drawn twice in frame %d", p->object, f + 1);
                    return msg;
                }
                a->present = true;
                a->shape = p->kind;
                if (p->object + 1 > v->nobj)
                    v->nobj = p->object + 1;
                if (p->type == PRIM_CIRCLE) {
                    a->cx = p->x;
                    a->cy = p->y;
                    a->r = p->r;
                    a->area = M_PI * (p->r - 0.5) * (p->r - 0.5);
                    a->x0 = p->x - p->r;
                    a->x1 = p->x + p->r;
                    if (strcmp(p->kind, "circle") != 0) {
                        snprintf(msg, n, "a circle drawn as '%s'", p->kind);
                        return msg;
                    }
                } else if (p->type == PRIM_POLYGON && p->npts <= 16) {
                    const point *q = prim_points(sc, p);
                    a->npts = p->npts;
                    double sx = 0, sy = 0, ar = 0;
                    a->x0 = 1e9;
                    a->x1 = -1e9;
                    for (int i = 0; i < p->npts; i++) {
                        a->pts[i] = q[i];
                        sx += q[i].x;
                        sy += q[i].y;
                        const point *r = &q[(i + 1) % p->npts];
                        ar += q[i].x * r->y - r->x * q[i].y;
                        a->x0 = fmin(a->x0, q[i].x);
                        a->x1 = fmax(a->x1, q[i].x);
                    }
                    a->cx = sx / p->npts;
                    a->cy = sy / p->npts;
                    a->area = fabs(ar) / 2;
                    static const struct {
                        const char *name;
                        int npts;
                    } SH[] = {{"triangle", 3}, {"square", 4}, {"diamond", 4}, {"pentagon", 5}, {"hexagon", 6}, {"star", 10}};
                    bool known = false;
                    for (size_t i = 0; i < sizeof SH / sizeof *SH; i++)
                        known = known || (strcmp(SH[i].name, p->kind) == 0 && SH[i].npts == p->npts);
                    if (!known) {
                        snprintf(msg, n, "a polygon of %d points drawn as '%s'", p->npts, p->kind);
                        return msg;
                    }
                } else {
                    snprintf(msg, n, "object %d is neither a circle nor a polygon", p->object);
                    return msg;
                }
            }
        }
        /* the pixels: each object's colour and how much the bar covers */
        const canvas *cv = harness_render(sc);
        for (int i = 0; i < v->nobj; i++) {
            cc_obj *a = &v->o[f][i];
            if (!a->present)
                continue;
            int count[PALETTE_SIZE] = {0};
            double y0 = a->cy - 40, y1 = a->cy + 40;
            for (int y = (int)fmax(0, y0); y < (int)fmin(300, y1); y++)
                for (int x = (int)fmax(0, a->x0 - 1); x < (int)fmin(500, a->x1 + 1); x++) {
                    if (!cc_inside(a, x + 0.5, y + 0.5))
                        continue;
                    a->inside++;
                    rgb px = canvas_pixel(cv, x, y);
                    if (v->has_bar && cc_same_rgb(px, CC_BAR_GREY)) { /* no object is grey */
                        a->covered++;
                        continue;
                    }
                    for (int c = 0; c < PALETTE_SIZE; c++)
                        if (cc_same_rgb(px, PALETTE[c].value))
                            count[c]++;
                }
            a->colour = -1;
            int best = 0;
            for (int c = 0; c < PALETTE_SIZE; c++)
                if (count[c] > best) {
                    best = count[c];
                    a->colour = c;
                }
            if (a->inside == 0 || a->colour < 0 || best < (a->inside - a->covered) * 9 / 10) {
                snprintf(msg, n, "object %d in frame %d: its colour is not readable from the pixels", i, f + 1);
                return msg;
            }
            if (a->covered == a->inside) {
                snprintf(msg, n, "object %d in frame %d is wholly behind the bar", i, f + 1);
                return msg;
            }
        }
    }
    return NULL;
}

/* Wholly visible: there, no pixel covered, CC_GAP clear of the bar's columns. */
static bool cc_visible(const cc_video *v, int i, int f)
{
    const cc_obj *a = &v->o[f][i];
    if (!a->present || a->covered)
        return false;
    return !v->has_bar || a->x1 < v->bar_x0 - CC_GAP || a->x0 > v->bar_x1 + CC_GAP;
}

/* -1 left of the line, +1 right, 0 touching it. */
static int cc_side(const cc_video *v, int i, int f)
{
    const cc_obj *a = &v->o[f][i];
    double dx = v->lb.x - v->la.x, dy = v->lb.y - v->la.y, len = hypot(dx, dy);
    double lo = 1e9, hi = -1e9;
    if (a->npts == 0) {
        double d = (dx * (a->cy - v->la.y) - dy * (a->cx - v->la.x)) / len;
        lo = d - a->r;
        hi = d + a->r;
    }
    for (int k = 0; k < a->npts; k++) {
        double d = (dx * (a->pts[k].y - v->la.y) - dy * (a->pts[k].x - v->la.x)) / len;
        lo = fmin(lo, d);
        hi = fmax(hi, d);
    }
    if (lo > 1 + CC_GAP) /* the line is 2 px wide */
        return -1;
    if (hi < -1 - CC_GAP)
        return 1;
    return 0;
}

static int cc_first(const cc_video *v, int i)
{
    for (int f = 0; f < v->nframes; f++)
        if (v->o[f][i].present)
            return f;
    return -1;
}

static int cc_last(const cc_video *v, int i)
{
    for (int f = v->nframes - 1; f >= 0; f--)
        if (v->o[f][i].present)
            return f;
    return -1;
}

/* The object's shape and size class, frame-free. */
static const char *cc_shape(const cc_video *v, int i) { return v->o[cc_first(v, i)][i].shape; }

static const char *cc_size(const cc_video *v, int i)
{
    double a = v->o[cc_first(v, i)][i].area;
    return a < CC_AREA_SMALL_MEDIUM ? "small" : a < CC_AREA_MEDIUM_LARGE ? "medium" : "large";
}

/* The one colour it shows in every frame it is in, or -1. */
static int cc_colour(const cc_video *v, int i)
{
    int c = -2;
    for (int f = 0; f < v->nframes; f++) {
        if (!v->o[f][i].present)
            continue;
        if (c == -2)
            c = v->o[f][i].colour;
        else if (c != v->o[f][i].colour)
            return -1;
    }
    return c;
}

/* The unique object that is colour/shape (in any frame), or -1. */
static int cc_find_ref(const cc_video *v, const char *name)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%s", name);
    char *slash = strchr(buf, '/');
    if (!slash)
        return -1;
    *slash = '\0';
    int c = palette_find(buf), found = -1;
    for (int i = 0; i < v->nobj; i++) {
        bool match = false;
        for (int f = 0; f < v->nframes; f++)
            match = match || (v->o[f][i].present && v->o[f][i].colour == c && strcmp(v->o[f][i].shape, slash + 1) == 0);
        if (!match)
            continue;
        if (found >= 0)
            return -1;
        found = i;
    }
    return found;
}

/* The frame of an event of object i (see the rules), or -1. */
static int cc_event(const cc_video *v, int i, const char *ev)
{
    int first = cc_first(v, i), last = cc_last(v, i);
    if (strcmp(ev, "appear") == 0)
        return first > 0 ? first : -1;
    if (strcmp(ev, "vanish") == 0)
        return last < v->nframes - 1 ? last : -1;
    if (strcmp(ev, "change") == 0) {
        for (int f = first + 1; f <= last; f++)
            if (v->o[f][i].colour != v->o[f - 1][i].colour)
                return f;
        return -1;
    }
    if (strcmp(ev, "behind") == 0) {
        for (int f = first; f <= last; f++)
            if (v->o[f][i].covered)
                return f;
        return -1;
    }
    if (strcmp(ev, "cross") == 0) {
        int s0 = 0;
        for (int f = first; f <= last; f++) {
            int s = cc_side(v, i, f);
            if (!s0)
                s0 = s;
            else if (s == -s0)
                return f;
        }
        return -1;
    }
    return -1;
}

/* A parsed rule. */
typedef struct cc_rule {
    char kind[24];
    char value[24];
    int ref;       /* -1 none */
    int frame;     /* 0-based, -1 none */
    bool moment;   /* the frame came from an event */
    bool ok;
} cc_rule;

/* Parses rule against v; r->ok false when it does not parse. */
static cc_rule cc_parse(const cc_video *v, const char *rule)
{
    cc_rule r = {.ref = -1, .frame = -1};
    char buf[256];
    snprintf(buf, sizeof buf, "%s", rule);
    char *save = NULL, *tok = strtok_r(buf, " ", &save);
    if (!tok)
        return r;
    snprintf(r.kind, sizeof r.kind, "%s", tok);
    while ((tok = strtok_r(NULL, " ", &save))) {
        if (strncmp(tok, "value=", 6) == 0) {
            snprintf(r.value, sizeof r.value, "%s", tok + 6);
        } else if (strncmp(tok, "ref=", 4) == 0) {
            if ((r.ref = cc_find_ref(v, tok + 4)) < 0)
                return r;
        } else if (strncmp(tok, "frame=", 6) == 0) {
            r.frame = atoi(tok + 6) - 1;
            if (r.frame < 0 || r.frame >= v->nframes)
                return r;
        } else if (strncmp(tok, "moment=", 7) == 0) {
            char *colon = strchr(tok, ':');
            if (!colon)
                return r;
            *colon = '\0';
            int who = cc_find_ref(v, colon + 1);
            if (who < 0)
                return r;
            r.frame = cc_event(v, who, tok + 7);
            r.moment = true;
            if (r.frame < 0 || !cc_visible(v, who, r.frame))
                return r; /* a moment is named by an event seen whole */
        } else {
            return r;
        }
    }
    r.ok = true;
    return r;
}

/* Whether object i meets rule r (contract 2). */
static int cc_holds(const cc_video *v, const cc_rule *r, int i)
{
    const char *k = r->kind;
    int f = r->frame;
    if (strcmp(k, "shape") == 0)
        return strcmp(cc_shape(v, i), r->value) == 0;
    if (strcmp(k, "size") == 0)
        return strcmp(cc_size(v, i), r->value) == 0;
    if (strcmp(k, "colour") == 0) {
        int want = palette_find(r->value);
        if (f < 0) {
            int c = cc_colour(v, i);
            if (c >= 0)
                return c == want;
            for (int g = 0; g < v->nframes; g++)
                if (v->o[g][i].present && v->o[g][i].colour == want)
                    return CC_UNREADABLE;
            return CC_NO;
        }
        if (!v->o[f][i].present)
            return CC_NO;
        if (!cc_visible(v, i, f))
            return CC_UNREADABLE;
        return v->o[f][i].colour == want;
    }
    if (strcmp(k, "changes") == 0)
        return cc_event(v, i, "change") >= 0;
    if (strcmp(k, "appears") == 0)
        return cc_first(v, i) > 0;
    if (strcmp(k, "vanishes") == 0)
        return cc_last(v, i) < v->nframes - 1;
    if (strcmp(k, "behind") == 0)
        return cc_event(v, i, "behind") >= 0;
    if (strcmp(k, "crosses") == 0) {
        bool l = false, rr = false;
        for (int g = 0; g < v->nframes; g++)
            if (cc_visible(v, i, g)) {
                l = l || cc_side(v, i, g) < 0;
                rr = rr || cc_side(v, i, g) > 0;
            }
        return l && rr;
    }
    if (f < 0)
        return CC_UNREADABLE; /* every kind below speaks of one frame */
    if (strcmp(k, "gone_before") == 0)
        return cc_last(v, i) < f;
    if (strcmp(k, "arrives_after") == 0)
        return cc_first(v, i) > f;
    const cc_obj *a = &v->o[f][i];
    if (!a->present)
        return CC_NO;
    if (strcmp(k, "hidden") == 0) {
        if (a->covered)
            return CC_YES;
        return cc_visible(v, i, f) ? CC_NO : CC_UNREADABLE;
    }
    if (strcmp(k, "visible") == 0)
        return cc_visible(v, i, f) ? CC_YES : CC_UNREADABLE;
    if (strcmp(k, "side") == 0) {
        if (!cc_visible(v, i, f) || cc_side(v, i, f) == 0)
            return CC_UNREADABLE;
        return cc_side(v, i, f) == (strcmp(r->value, "left") == 0 ? -1 : 1);
    }
    if (r->ref < 0 || !cc_visible(v, r->ref, f))
        return CC_UNREADABLE;
    if (i == r->ref)
        return CC_NO;
    const cc_obj *b = &v->o[f][r->ref];
    if (strcmp(k, "nearest") == 0) {
        double best = 1e9, second = 1e9;
        int who = -1;
        for (int j = 0; j < v->nobj; j++) {
            if (j == r->ref || !v->o[f][j].present)
                continue;
            double d = hypot(v->o[f][j].cx - b->cx, v->o[f][j].cy - b->cy);
            if (d < best) {
                second = best;
                best = d;
                who = j;
            } else if (d < second) {
                second = d;
            }
        }
        if (second - best < CC_TIE || !cc_visible(v, who, f))
            return CC_UNREADABLE;
        return who == i;
    }
    if (!cc_visible(v, i, f))
        return CC_UNREADABLE;
    double d = strcmp(k, "left_of") == 0    ? b->cx - a->cx
               : strcmp(k, "right_of") == 0 ? a->cx - b->cx
               : strcmp(k, "above") == 0    ? b->cy - a->cy
               : strcmp(k, "below") == 0    ? a->cy - b->cy
                                            : NAN;
    if (isnan(d) || fabs(d) < CC_TIE)
        return CC_UNREADABLE;
    return d > 0;
}

/* The objects meeting rule r (bit i), or false when one is unreadable. */
static bool cc_set(const cc_video *v, const cc_rule *r, unsigned *set)
{
    *set = 0;
    for (int i = 0; i < v->nobj; i++) {
        int h = cc_holds(v, r, i);
        if (h == CC_UNREADABLE)
            return false;
        if (h == CC_YES)
            *set |= 1u << i;
    }
    return true;
}

/* The frames' labels read 1..F in order, and no two objects touch (discs of their
 * outlines, CC_GAP px of background). */
static const char *cc_readable(const cc_video *v, char *msg, size_t n)
{
    for (int f = 0; f < v->nframes; f++) {
        if (v->label_frame[f] != f + 1) {
            snprintf(msg, n, "frame %d is labelled %d", f + 1, v->label_frame[f]);
            return msg;
        }
        for (int i = 0; i < v->nobj; i++)
            for (int j = 0; j < i; j++) {
                const cc_obj *a = &v->o[f][i], *b = &v->o[f][j];
                if (!a->present || !b->present)
                    continue;
                double ra = a->r, rb = b->r;
                for (int k = 0; k < a->npts; k++)
                    ra = fmax(ra, hypot(a->pts[k].x - a->cx, a->pts[k].y - a->cy));
                for (int k = 0; k < b->npts; k++)
                    rb = fmax(rb, hypot(b->pts[k].x - b->cx, b->pts[k].y - b->cy));
                if (hypot(a->cx - b->cx, a->cy - b->cy) - ra - rb < CC_GAP) {
                    snprintf(msg, n, "objects %d and %d touch in frame %d", j, i, f + 1);
                    return msg;
                }
            }
    }
    return NULL;
}

#endif
