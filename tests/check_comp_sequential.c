/* comp_sequential: every frame is 500x300 with a "frame K" label, the grey bar
 * and the black line; the objects of each frame are read back from the
 * primitives (object id, shape word, colour name, outline) and their colour
 * confirmed at their centre in the render (the bar's grey where one is wholly
 * behind the bar).  From those alone, with code of its own, the check then
 * parses each step's rule, recomputes each step's value (exactly one, readable,
 * with the reading margins of docs/tasks/comp_sequential.md) and its recorded
 * answer, the readout the category names and the answer letter; and the
 * necessity of the steps: for every proper subset of them (the empty one
 * included), taking every value for each dropped step, the readout leaves two
 * answers or more.  It also checks no step revisits a value and no earlier
 * point of the chain gives the answer alone.  The video is read twice: from the
 * primitives here, and from the pixels by comp_check.h's cc_read() (each
 * object's colour as most of its inside shows it, how much of it the bar
 * covers); the two readings must agree on every object in every frame. */
#include "harness.h"
#include "palette.h"

/* the shared reading of the video (H2's tests/comp_check.h); this check uses
 * only its reader, as a second reading from the pixels */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#include "comp_check.h"
#pragma GCC diagnostic pop

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define W 500
#define H 300
#define MAXO 16
#define MAXF GEN_MAX_IMAGES
#define MAXS 4
/* The task's reading margins (docs/tasks/comp_sequential.md): nearest by 20 px
 * and a fifth; extremes by 20 px of centre and 10 px of edge; an object is
 * clear of the bar or the line when 4 px of background (plus half the line's
 * 2 px width and half a pixel of Pillow's edge) separates them. */
/* Centres and radii read back from the primitives (rounded vertices, Pillow's
 * half pixel) may differ from the generator's by about a pixel, so the check
 * fails a sample only when the reading is sure: a step's value must be unique
 * with margins SLACK narrower, and a subset of steps must give one answer with
 * margins SLACK wider to count as sufficient. */
#define SLACK 1.5
#define NEAR_ABS 20.0
#define NEAR_REL 0.2
#define EXT_CENTRE 20.0
#define EXT_EDGE 10.0
#define GAP 4.0
#define LINE_MARGIN (GAP + 1.0 + 0.5)
/* The three sizes are areas 2.4 times apart (circles of radius 10, 15.5 and 24
 * px); the class boundaries are the geometric means of neighbouring areas. */
#define AREA_SMALL_MAX 487.0
#define AREA_MEDIUM_MAX 1168.0

/* NEAR: within GAP of the bar's edge, out or in: whether it is behind the bar
 * cannot be told at the viewing size, so no answer may rest on it */
enum { ABSENT, HIDDEN, NEAR, PARTLY, SEEN };

typedef struct obs {
    int vis, colour, side;
    double x, y, r, x0, x1, y0, y1;
} obs;

typedef struct video {
    int nobj, nf;
    const char *shape[MAXO];
    int size[MAXO];
    obs o[MAXO][MAXF];
} video;

typedef struct step {
    char op[16];
    char value[24];
    int obj, frame; /* 0-based steps read, -1 */
    bool yields_frame;
} step;

static const char *const ORD[MAXS] = {"first", "second", "third", "fourth"};

static double area_of(const scene *sc, const prim *p)
{
    if (p->type == PRIM_CIRCLE)
        return M_PI * (p->r - 0.5) * (p->r - 0.5);
    const point *q = prim_points(sc, p);
    double a = 0;
    for (int i = 0; i < p->npts; i++) {
        const point *u = &q[i], *v = &q[(i + 1) % p->npts];
        a += u->x * v->y - v->x * u->y;
    }
    return fabs(a) / 2;
}

/* Reads the video from the scenes and the renders; NULL or why not. */
static const char *read_video(const sample_out *s, video *v, char *msg, size_t n)
{
    memset(v, 0, sizeof *v);
    v->nf = s->nimages;
    for (int f = 0; f < v->nf; f++) {
        const scene *sc = &s->img[f];
        if (sc->width != W || sc->height != H) {
            snprintf(msg, n, "frame %d is %dx%d, not %dx%d", f + 1, sc->width, sc->height, W, H);
            return msg;
        }
        const prim *bar = NULL, *line = NULL;
        bool label = false;
        char want[16];
        snprintf(want, sizeof want, "frame %d", f + 1);
        for (int i = 0; i < sc->nprims; i++) {
            const prim *p = &sc->prims[i];
            if (p->kind && strcmp(p->kind, "bar") == 0)
                bar = p;
            else if (p->kind && strcmp(p->kind, "line") == 0)
                line = p;
            else if (p->type == PRIM_TEXT)
                label |= strcmp(p->label, want) == 0;
        }
        if (!label) {
            snprintf(msg, n, "frame %d has no label '%s'", f + 1, want);
            return msg;
        }
        if (!bar || !line) {
            snprintf(msg, n, "frame %d lacks the bar or the line", f + 1);
            return msg;
        }
        double bx0, by0, bx1, by1;
        prim_bbox(sc, bar, &bx0, &by0, &bx1, &by1);
        const point *lp = prim_points(sc, line);
        point la = lp[0], lb = lp[line->npts - 1];
        const canvas *cv = harness_render(sc);
        for (int i = 0; i < sc->nprims; i++) {
            const prim *p = &sc->prims[i];
            if (p->object < 0)
                continue;
            int id = p->object;
            if (id >= MAXO) {
                snprintf(msg, n, "object id %d out of range", id);
                return msg;
            }
            if (id >= v->nobj)
                v->nobj = id + 1;
            obs *b = &v->o[id][f];
            int col = palette_find(p->colour_name);
            if (col < 0 || !p->kind) {
                snprintf(msg, n, "object %d in frame %d has no palette colour or kind", id, f + 1);
                return msg;
            }
            if (v->shape[id] && strcmp(v->shape[id], p->kind) != 0) {
                snprintf(msg, n, "object %d changes shape", id);
                return msg;
            }
            v->shape[id] = p->kind;
            double a = area_of(sc, p);
            v->size[id] = a < AREA_SMALL_MAX ? 0 : a < AREA_MEDIUM_MAX ? 1 : 2;
            b->colour = col;
            prim_bbox(sc, p, &b->x0, &b->y0, &b->x1, &b->y1);
            if (p->type == PRIM_POLYGON) {
                /* Pillow inks the whole pixel of each vertex (vertices sit on
                 * pixel centres): half a pixel past the outline's extremes */
                b->x0 -= 0.5;
                b->y0 -= 0.5;
                b->x1 += 0.5;
                b->y1 += 0.5;
            }
            /* centre and circumradius; the line's side from the outline */
            double lo = INFINITY, hi = -INFINITY, dx = lb.x - la.x, dy = lb.y - la.y, len = hypot(dx, dy);
            if (p->type == PRIM_CIRCLE) {
                b->x = p->x;
                b->y = p->y;
                b->r = p->r;
                double d = (dx * (p->y - la.y) - dy * (p->x - la.x)) / len;
                lo = d - p->r;
                hi = d + p->r;
            } else {
                const point *q = prim_points(sc, p);
                for (int k = 0; k < p->npts; k++) {
                    b->x += q[k].x / p->npts;
                    b->y += q[k].y / p->npts;
                }
                for (int k = 0; k < p->npts; k++) {
                    b->r = fmax(b->r, hypot(q[k].x - b->x, q[k].y - b->y));
                    double d = (dx * (q[k].y - la.y) - dy * (q[k].x - la.x)) / len;
                    lo = fmin(lo, d - 0.5);
                    hi = fmax(hi, d + 0.5);
                }
            }
            b->side = lo >= LINE_MARGIN ? -1 : hi <= -LINE_MARGIN ? 1 : 0;
            if (b->x1 <= bx0 - GAP || b->x0 >= bx1 + GAP)
                b->vis = SEEN;
            else if (b->x0 >= bx0 && b->x1 <= bx1)
                b->vis = HIDDEN;
            else if (b->x1 >= bx0 + GAP && b->x0 <= bx1 - GAP)
                b->vis = PARTLY;
            else
                b->vis = NEAR;
            /* the pixels: its colour at its centre, or the bar's grey over it */
            rgb px = canvas_pixel(cv, (int)floor(b->x), (int)floor(b->y));
            rgb wantc = b->vis == HIDDEN ? bar->fill : PALETTE[col].value;
            if (b->vis != PARTLY && b->vis != NEAR && (px.r != wantc.r || px.g != wantc.g || px.b != wantc.b)) {
                snprintf(msg, n, "object %d in frame %d: pixel at its centre is %d,%d,%d", id, f + 1, px.r, px.g, px.b);
                return msg;
            }
        }
    }
    return NULL;
}

/* The second reading (comp_check.h) agrees with the first: presence, colour
 * from the pixels, size class, bar (an object read as wholly in view and clear
 * of the line shows no bar-grey pixel) and side of the line where the first
 * reading is sure of it. */
static const char *agree(const sample_out *s, const video *v, char *msg, size_t n)
{
    static cc_video px;
    const char *why = cc_read(s, &px, msg, n);
    if (why)
        return why;
    if (px.nobj != v->nobj || px.nframes != v->nf)
        return "the pixel reading finds other objects or frames";
    for (int f = 0; f < v->nf; f++)
        for (int o = 0; o < v->nobj; o++) {
            const obs *b = &v->o[o][f];
            const cc_obj *a = &px.o[f][o];
            bool bad = a->present != (b->vis != ABSENT);
            if (!bad && a->present) {
                static const char *const SZ[3] = {"small", "medium", "large"};
                bad = a->colour != b->colour || strcmp(cc_size(&px, o), SZ[v->size[o]]) != 0 ||
                      /* grey pixels of an object on the line may be the line's
                       * smoothed edge, not the bar */
                      (b->vis == SEEN && a->covered > 0 && b->side != 0) ||
                      (b->side != 0 && cc_side(&px, o, f) != b->side);
            }
            if (bad) {
                snprintf(msg, n, "object %d in frame %d reads differently from the pixels (vis %d side %d colour %d; pixels: covered %d colour %d side %d)", o, f + 1, b->vis, b->side, b->colour, a->covered, a->colour, a->present ? cc_side(&px, o, f) : 9);
                return msg;
            }
        }
    return NULL;
}

static bool here(const video *v, int o, int f) { return v->o[o][f].vis != ABSENT; }
static bool shows(const video *v, int o, int f) { return v->o[o][f].vis >= NEAR; }
static bool whole(const video *v, int o, int f) { return v->o[o][f].vis == SEEN; }

/* Frames where o's colour changes (what 0), side flips (1) or it goes behind
 * the bar (2), against the frame it was last present in (going behind from the
 * bar's edge counts too: such a moment is not readable, but it is a moment a
 * reader may take). */
static int events(const video *v, int o, int what, int *out)
{
    int n = 0, last = -1;
    for (int f = 0; f < v->nf; f++) {
        const obs *b = &v->o[o][f];
        if (b->vis == ABSENT || (what == 1 && b->side == 0))
            continue;
        if (last >= 0) {
            const obs *a = &v->o[o][last];
            bool hit = what == 0   ? a->colour != b->colour
                       : what == 1 ? a->side != b->side
                                   : (b->vis == HIDDEN || b->vis == PARTLY) && (a->vis == SEEN || a->vis == NEAR);
            if (hit)
                out[n++] = f;
        }
        last = f;
    }
    return n;
}

static int first_here(const video *v, int o)
{
    for (int f = 0; f < v->nf; f++)
        if (here(v, o, f))
            return f;
    return -1;
}

static int last_here(const video *v, int o)
{
    for (int f = v->nf - 1; f >= 0; f--)
        if (here(v, o, f))
            return f;
    return -1;
}

/* Values of step st for object obj and frame fr; strict also demands the
 * readability the task promises, so a strict result is the step's value. */
static int values(const video *v, const step *st, int obj, int fr, bool strict, int *out)
{
    int n = 0, ev[MAXF];
    const char *op = st->op;
    if (!strcmp(op, "vanishes") || !strcmp(op, "appears") || !strcmp(op, "changes") || !strcmp(op, "crosses") ||
        !strcmp(op, "behind") || !strcmp(op, "shape") || !strcmp(op, "colour") || !strcmp(op, "size")) {
        for (int o = 0; o < v->nobj; o++) {
            int a = first_here(v, o), b = last_here(v, o);
            bool yes = false, ok = false;
            if (a < 0)
                continue;
            for (int f = a; f <= b; f++)
                ok |= whole(v, o, f);
            if (!strcmp(op, "vanishes")) {
                yes = b < v->nf - 1;
                ok = whole(v, o, b);
            } else if (!strcmp(op, "appears")) {
                yes = a > 0;
                ok = whole(v, o, a);
            } else if (!strcmp(op, "changes") || !strcmp(op, "crosses")) {
                int k = events(v, o, op[1] == 'h' ? 0 : 1, ev);
                yes = k > 0;
                ok = k == 1 && whole(v, o, ev[0]);
                int g = ev[0] - 1;
                while (ok && g >= 0 && !here(v, o, g))
                    g--;
                ok = ok && g >= 0 && whole(v, o, g);
            } else if (!strcmp(op, "behind")) {
                bool near = false;
                for (int f = a; f <= b; f++) {
                    yes |= v->o[o][f].vis == HIDDEN || v->o[o][f].vis == PARTLY;
                    near |= v->o[o][f].vis == NEAR;
                }
                /* one that only grazes the edge may be read either way */
                if (!yes && near) {
                    if (strict)
                        return -1;
                    yes = true;
                }
            } else if (!strcmp(op, "shape")) {
                yes = !strcmp(v->shape[o], st->value);
            } else if (!strcmp(op, "size")) {
                static const char *const SZ[3] = {"small", "medium", "large"};
                yes = !strcmp(SZ[v->size[o]], st->value);
            } else {
                int c = palette_find(st->value);
                for (int f = a; f <= b; f++) {
                    if (here(v, o, f) && v->o[o][f].colour == c)
                        yes = true;
                    else if (here(v, o, f))
                        ok = false; /* named by a colour it does not keep */
                }
            }
            if (yes && (!strict || ok))
                out[n++] = o;
            else if (yes && strict)
                return -1; /* a referent that cannot be read: not strict */
        }
        return n;
    }
    if (!strcmp(op, "same_shape")) {
        if (obj < 0)
            return 0;
        for (int o = 0; o < v->nobj; o++)
            if (o != obj && !strcmp(v->shape[o], v->shape[obj]))
                out[n++] = o;
        return n;
    }
    if (!strcmp(op, "last_seen") || !strcmp(op, "first_seen")) {
        if (obj < 0)
            return 0;
        int f = op[0] == 'l' ? last_here(v, obj) : first_here(v, obj);
        bool has = op[0] == 'l' ? f < v->nf - 1 : f > 0;
        if (f >= 0 && has && (!strict || whole(v, obj, f)))
            out[n++] = f;
        return n;
    }
    if (!strcmp(op, "recoloured") || !strcmp(op, "crossed") || !strcmp(op, "went_behind")) {
        if (obj < 0)
            return 0;
        int what = op[0] == 'r' ? 0 : op[0] == 'c' ? 1 : 2;
        int k = events(v, obj, what, ev);
        for (int i = 0; i < k; i++)
            out[n++] = ev[i];
        if (strict && n == 1) {
            int f = ev[0], g = f - 1;
            while (g >= 0 && !here(v, obj, g))
                g--;
            bool ok = (what == 2 ? v->o[obj][f].vis == PARTLY : whole(v, obj, f)) && g >= 0 && whole(v, obj, g);
            if (!ok)
                return -1;
        }
        return n;
    }
    if (fr < 0)
        return 0;
    double slack = strict ? -SLACK : SLACK;
    if (!strcmp(op, "nearest")) {
        if (obj < 0 || !shows(v, obj, fr) || (strict && !whole(v, obj, fr)))
            return 0;
        double best = INFINITY, d[MAXO];
        for (int o = 0; o < v->nobj; o++) {
            d[o] = o != obj && shows(v, o, fr)
                       ? hypot(v->o[o][fr].x - v->o[obj][fr].x, v->o[o][fr].y - v->o[obj][fr].y)
                       : INFINITY;
            best = fmin(best, d[o]);
        }
        for (int o = 0; o < v->nobj; o++)
            if (d[o] <= best + fmax(NEAR_ABS, NEAR_REL * best) + slack)
                out[n++] = o;
        if (strict && n == 1 && !whole(v, out[0], fr))
            return -1;
        return n;
    }
    /* leftmost, rightmost, topmost, bottommost: how far out (larger = more) */
    double key[MAXO], edge[MAXO];
    int top = -1;
    for (int o = 0; o < v->nobj; o++) {
        key[o] = -INFINITY;
        if (!shows(v, o, fr))
            continue;
        const obs *b = &v->o[o][fr];
        /* the edge is the circumcircle's, as the task's margin defines it */
        if (!strcmp(op, "leftmost"))
            key[o] = -b->x;
        else if (!strcmp(op, "rightmost"))
            key[o] = b->x;
        else if (!strcmp(op, "topmost"))
            key[o] = -b->y;
        else
            key[o] = b->y;
        edge[o] = key[o] + b->r;
        if (top < 0 || key[o] > key[top])
            top = o;
    }
    if (top < 0)
        return 0;
    for (int o = 0; o < v->nobj; o++)
        if (!isinf(key[o]) &&
            (o == top || key[o] > key[top] - EXT_CENTRE - slack || edge[o] > edge[top] - EXT_EDGE - slack))
            out[n++] = o;
    if (strict && n == 1 && !whole(v, top, fr))
        return -1;
    return n;
}

/* The readout's answers (as category-specific ints) for object o, frame f. */
static uint64_t readout(const video *v, const char *cat, int o, int f, bool strict)
{
    uint64_t m = 0;
    if (!strcmp(cat, "colour")) {
        if (o < 0)
            return 0;
        if (f >= 0) {
            if (strict ? whole(v, o, f) : shows(v, o, f))
                m |= 1ULL << v->o[o][f].colour;
        } else {
            for (int g = 0; g < v->nf; g++)
                if (here(v, o, g))
                    m |= 1ULL << v->o[o][g].colour;
        }
    } else if (!strcmp(cat, "shape")) {
        /* a shape stands for the first object that has it */
        for (int k = 0; o >= 0 && k < v->nobj; k++)
            if (!strcmp(v->shape[k], v->shape[o])) {
                m |= 1ULL << k;
                break;
            }
    } else if (!strcmp(cat, "frame")) {
        if (f >= 0)
            m |= 1ULL << f;
    } else if (f >= 0) {
        int seen = 0, part = 0;
        for (int k = 0; k < v->nobj; k++) {
            seen += whole(v, k, f) || v->o[k][f].vis == NEAR;
            part += v->o[k][f].vis == PARTLY;
        }
        for (int c = seen; c <= seen + (strict ? 0 : part); c++)
            m |= 1ULL << c;
        if (strict && part)
            m = 0;
    }
    return m;
}

typedef struct chain {
    const video *v;
    int n;
    step st[MAXS];
    const char *cat;
    int read_obj, read_frame;
} chain;

/* Answers of the chain with the steps in keep, value vector val (filled up to
 * k), depth-first; seen[k][value] prunes repeated branches that cannot differ
 * (a step's branch depends only on the values it and later steps read). */
static uint64_t answers(const chain *c, unsigned keep, int k, int *val)
{
    if (k == c->n)
        return readout(c->v, c->cat, c->read_obj >= 0 ? val[c->read_obj] : -1,
                       c->read_frame >= 0 ? val[c->read_frame] : -1, false);
    const step *st = &c->st[k];
    int out[MAXF > MAXO ? MAXF : MAXO], n;
    if (keep >> k & 1u) {
        n = values(c->v, st, st->obj >= 0 ? val[st->obj] : -1, st->frame >= 0 ? val[st->frame] : -1, false, out);
    } else {
        n = st->yields_frame ? c->v->nf : c->v->nobj;
        for (int i = 0; i < n; i++)
            out[i] = i;
    }
    uint64_t m = 0;
    for (int i = 0; i < n; i++) {
        val[k] = out[i];
        m |= answers(c, keep, k + 1, val);
    }
    return m;
}

static int ordinal(const char *s)
{
    for (int k = 0; k < MAXS; k++)
        if (!strncmp(s, ORD[k], strlen(ORD[k])))
            return k;
    return -1;
}

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    static video v;
    const char *why = read_video(s, &v, msg, n);
    if (why || (why = agree(s, &v, msg, n)))
        return why;
    if (s->nimages != p->frames) {
        snprintf(msg, n, "%d frames, not %d", s->nimages, p->frames);
        return msg;
    }
    if (strcmp(rec_str(s, "logic"), "sequential") != 0 || rec_int(s, "num_conditions") != p->level)
        return "logic or num_conditions wrong";
    const cJSON *steps = cJSON_GetObjectItemCaseSensitive(s->record, "steps");
    const cJSON *opts = cJSON_GetObjectItemCaseSensitive(s->record, "options");
    if (cJSON_GetArraySize(steps) != p->level || cJSON_GetArraySize(opts) != 5)
        return "steps or options of the wrong length";
    chain c = {.v = &v, .n = p->level, .cat = rec_str(s, "category"), .read_obj = -1, .read_frame = -1};
    const char *q = rec_str(s, "question");
    /* parse the rules; check each text is in the question (from two steps on) */
    for (int k = 0; k < c.n; k++) {
        const cJSON *o = cJSON_GetArrayItem(steps, k);
        const char *rule = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, "rule"));
        const char *text = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, "text"));
        if (!rule || !text || (c.n > 1 && !strstr(q, text))) {
            snprintf(msg, n, "step %d: no rule, or its text is not in the question", k + 1);
            return msg;
        }
        step *st = &c.st[k];
        memset(st, 0, sizeof *st);
        st->obj = st->frame = -1;
        char buf[80];
        snprintf(buf, sizeof buf, "%s", rule);
        char *tok = strtok(buf, " ");
        snprintf(st->op, sizeof st->op, "%s", tok ? tok : "");
        while ((tok = strtok(NULL, " "))) {
            if (!strncmp(tok, "value=", 6))
                snprintf(st->value, sizeof st->value, "%s", tok + 6);
            else if (!strncmp(tok, "object=", 7))
                st->obj = atoi(tok + 7) - 1;
            else if (!strncmp(tok, "frame=", 6))
                st->frame = atoi(tok + 6) - 1;
        }
        if (st->obj >= k || st->frame >= k) {
            snprintf(msg, n, "step %d reads a later step", k + 1);
            return msg;
        }
        static const char *const FRAME_OPS[] = {"last_seen", "first_seen", "recoloured", "crossed", "went_behind"};
        for (int i = 0; i < 5; i++)
            st->yields_frame |= strcmp(st->op, FRAME_OPS[i]) == 0;
        if (st->yields_frame)
            c.read_frame = k;
        else
            c.read_obj = k;
    }
    /* the readout reads the objects and frames the question's last sentence names */
    const char *last = strrchr(q, '?');
    const char *sent = q;
    for (const char *t = q; t && t < last; t++)
        if (t[0] == '.' && t[1] == ' ')
            sent = t + 2;
    const char *ro = strstr(sent, "object from the "), *rf = strstr(sent, "frame from the ");
    int want_obj = ro ? ordinal(ro + 16) : c.n == 1 ? 0 : -1, want_frame = rf ? ordinal(rf + 15) : -1;
    bool obj_cat = !strcmp(c.cat, "colour") || !strcmp(c.cat, "shape");
    if ((obj_cat && want_obj != c.read_obj) || (!obj_cat && want_obj != -1) || want_frame != (!strcmp(c.cat, "shape") ? -1 : c.read_frame)) {
        snprintf(msg, n, "the question's last sentence reads other steps than the %s readout does", c.cat);
        return msg;
    }
    if (!obj_cat)
        c.read_obj = -1;
    if (!strcmp(c.cat, "shape"))
        c.read_frame = -1;
    /* resolve strictly, step by step */
    int val[MAXS];
    for (int k = 0; k < c.n; k++) {
        const step *st = &c.st[k];
        int out[MAXF > MAXO ? MAXF : MAXO];
        int m = values(&v, st, st->obj >= 0 ? val[st->obj] : -1, st->frame >= 0 ? val[st->frame] : -1, true, out);
        if (m != 1) {
            snprintf(msg, n, "step %d (%s) resolves to %d values", k + 1, st->op, m);
            return msg;
        }
        val[k] = out[0];
        for (int j = 0; j < k; j++)
            if (c.st[j].yields_frame == st->yields_frame && val[j] == val[k]) {
                snprintf(msg, n, "step %d comes back to step %d's value", k + 1, j + 1);
                return msg;
            }
        /* the recorded intermediate answer */
        const char *ans = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(steps, k), "answer"));
        char mine[24];
        if (st->yields_frame) {
            snprintf(mine, sizeof mine, "%d", val[k] + 1);
        } else {
            int f = st->frame >= 0 ? val[st->frame] : -1;
            for (int g = 0; g < v.nf && f < 0; g++)
                if (whole(&v, val[k], g))
                    f = g;
            snprintf(mine, sizeof mine, "%s", PALETTE[v.o[val[k]][f].colour].name);
        }
        if (!ans || strcmp(ans, mine) != 0) {
            snprintf(msg, n, "step %d answer '%s', recomputed '%s'", k + 1, ans ? ans : "", mine);
            return msg;
        }
    }
    int ro_obj = c.read_obj >= 0 ? val[c.read_obj] : -1, ro_frame = c.read_frame >= 0 ? val[c.read_frame] : -1;
    uint64_t m = readout(&v, c.cat, ro_obj, ro_frame, true);
    if (!m || (m & (m - 1))) {
        snprintf(msg, n, "the %s readout is not one value", c.cat);
        return msg;
    }
    char gold[24];
    if (!strcmp(c.cat, "colour"))
        snprintf(gold, sizeof gold, "%s", PALETTE[v.o[ro_obj][ro_frame >= 0 ? ro_frame : first_here(&v, ro_obj)].colour].name);
    else if (!strcmp(c.cat, "shape"))
        snprintf(gold, sizeof gold, "%s", v.shape[ro_obj]);
    else if (!strcmp(c.cat, "frame"))
        snprintf(gold, sizeof gold, "%d", ro_frame + 1);
    else
        snprintf(gold, sizeof gold, "%d", __builtin_ctzll(m));
    const char *letter = rec_str(s, "answer");
    const cJSON *chosen = strlen(letter) == 1 && letter[0] >= 'A' && letter[0] <= 'E' ? cJSON_GetArrayItem(opts, letter[0] - 'A') : NULL;
    if (!chosen || strcmp(cJSON_GetStringValue(chosen), gold) != 0 || strcmp(rec_str(s, "answer_value"), gold) != 0) {
        snprintf(msg, n, "answer %s / %s, recomputed %s", letter, rec_str(s, "answer_value"), gold);
        return msg;
    }
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < i; j++)
            if (!strcmp(cJSON_GetStringValue(cJSON_GetArrayItem(opts, i)), cJSON_GetStringValue(cJSON_GetArrayItem(opts, j))))
                return "two options are the same";
    /* no option word in the question (a text-only reader could not rule one out) */
    for (int i = 0; i < 5; i++) {
        const char *w = cJSON_GetStringValue(cJSON_GetArrayItem(opts, i));
        const char *hit = strstr(q, w);
        size_t L = strlen(w);
        if (hit && (hit == q || hit[-1] == ' ') && (hit[L] == ' ' || hit[L] == '?' || hit[L] == '.')) {
            snprintf(msg, n, "option '%s' is a word of the question", w);
            return msg;
        }
    }
    /* stopping early: the readout after steps 1..k, k < n, is never the answer alone */
    for (int k = 1; k < c.n; k++) {
        int o = -1, f = -1;
        for (int j = 0; j < k; j++) {
            if (c.st[j].yields_frame)
                f = val[j];
            else
                o = val[j];
        }
        if (readout(&v, c.cat, obj_cat ? o : -1, strcmp(c.cat, "shape") ? f : -1, false) == m) {
            snprintf(msg, n, "stopping after step %d gives the answer", k);
            return msg;
        }
    }
    /* necessity: every proper subset of the steps leaves two answers or more */
    unsigned full = (1u << c.n) - 1;
    for (unsigned keep = 0; keep < full; keep++) {
        int tmp[MAXS];
        uint64_t a = answers(&c, keep, 0, tmp);
        if (!(a & (a - 1))) {
            snprintf(msg, n, "the steps of mask %u alone give one answer", keep);
            return msg;
        }
    }
    return NULL;
}

HARNESS_MAIN("comp_sequential", check)
