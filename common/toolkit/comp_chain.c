/* SPDX-License-Identifier: MIT */
/* comp_chain.c - evaluating, resolving and wording sequential chains under
 * the one reading of docs/composed-reading.md (comp_chain.h). */
#include "comp_chain.h"

#include "palette.h"
#include "shapes.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *const ORDINAL[CC_MAX_STEPS] = {"first", "second", "third", "fourth"};
static const char *const SIZE_NAME[3] = {"small", "medium", "large"};

/* ---- the view ---- */

void cc_view_fill(const comp_world *w, cc_view *v)
{
    v->w = w;
    v->nobj = w->nobj;
    v->nframes = w->nframes;
    for (int i = 0; i < w->nobj; i++) {
        const comp_object *o = &w->obj[i];
        v->shape[i] = (int)o->shape;
        v->size[i] = o->size;
        for (int f = 0; f < w->nframes; f++) {
            cc_state *s = &v->st[i][f];
            memset(s, 0, sizeof *s);
            comp_pos(w, i, f, &s->x, &s->y);
            s->x0 = s->x + o->bx0;
            s->x1 = s->x + o->bx1;
            s->y0 = s->y + o->by0;
            s->y1 = s->y + o->by1;
            if (!comp_present(w, i, f)) {
                s->vis = CC_ABSENT;
                continue;
            }
            s->vis = comp_visible(w, i, f) ? CC_SEEN : comp_bar_edge(w, i, f) ? CC_EDGE : CC_PARTLY;
            s->colour = comp_colour(w, i, f);
            s->side = (signed char)comp_line_side(w, i, f);
        }
        /* what happens to it: the one event of the video (f = 0), or the next
         * one after frame f - 1: the event whose frames before and after both
         * come after it, earliest, and done before the next one starts; none
         * while an event is under way then, or one might happen */
        int b[COMP_NEVENTS], d[COMP_NEVENTS], yes = 0, only = -1;
        bool unsure = false;
        for (int ev = 0; ev < COMP_NEVENTS; ev++) {
            comp_truth t = comp_event_span(w, i, ev, &b[ev], &d[ev]);
            unsure |= t == COMP_UNSURE;
            if (t != COMP_YES)
                b[ev] = d[ev] = -9;
            else {
                yes++;
                only = ev;
            }
        }
        v->happens[i][0] = (signed char)(unsure ? -2 : yes == 1 ? only : -1);
        for (int f = 0; f < w->nframes; f++) {
            int next = -1, state = unsure ? -2 : -1;
            for (int ev = 0; ev < COMP_NEVENTS && state != -2; ev++) {
                if (b[ev] == -9 || d[ev] <= f)
                    continue; /* none, or done by frame f */
                if (b[ev] < f)
                    state = -2; /* under way at frame f */
                else if (next < 0 || d[ev] < d[next])
                    next = ev;
            }
            if (state != -2 && next >= 0) {
                state = next;
                for (int ev = 0; ev < COMP_NEVENTS; ev++)
                    if (ev != next && b[ev] != -9 && d[ev] > f && b[ev] < d[next])
                        state = -2; /* the next two overlap */
            }
            v->happens[i][f + 1] = (signed char)state;
        }
        v->predict[i] = (signed char)comp_crossing_ahead(w, i);
    }
}

/* ---- the chain's shape ---- */

bool cc_op_frame(cc_op op) { return op >= CC_LAST_SEEN && op <= CC_WENT_BEHIND; }

void cc_inputs(const cc_chain *c, int k, int *obj_step, int *frame_step)
{
    *obj_step = *frame_step = -1;
    for (int j = 0; j < k && j < c->n; j++) {
        if (cc_op_frame(c->step[j].op))
            *frame_step = j;
        else
            *obj_step = j;
    }
}

int cc_object_before(const cc_chain *c, int obj_step)
{
    for (int j = obj_step - 1; j >= 0; j--)
        if (!cc_op_frame(c->step[j].op))
            return j;
    return -1;
}

static bool present(const cc_state *s) { return s->vis != CC_ABSENT; }

/* First and last frame the object is in, or -1. */
static int first_present(const cc_view *v, int o)
{
    for (int f = 0; f < v->nframes; f++)
        if (present(&v->st[o][f]))
            return f;
    return -1;
}

static int last_present(const cc_view *v, int o)
{
    for (int f = v->nframes - 1; f >= 0; f--)
        if (present(&v->st[o][f]))
            return f;
    return -1;
}

/* ---- one step, clearly ---- */

/* The truth of a first step for object o: 1 yes, 0 no, -1 not clear. */
static int starts(const cc_view *v, const cc_step *st, int o)
{
    const comp_world *w = v->w;
    switch (st->op) {
    case CC_VANISHES:
        return last_present(v, o) < v->nframes - 1;
    case CC_APPEARS:
        return first_present(v, o) > 0;
    case CC_CHANGES:
        return w->obj[o].change_frame != COMP_NO_FRAME;
    case CC_CROSSES:
    case CC_BEHIND: {
        comp_cond c = comp_cond_none(st->op == CC_CROSSES ? COMP_C_CROSSES : COMP_C_BEHIND);
        comp_truth t = comp_cond_holds(w, &c, o);
        return t == COMP_YES ? 1 : t == COMP_NO ? 0 : -1;
    }
    case CC_SHAPE:
        return v->shape[o] == st->arg;
    case CC_SIZE:
        return v->size[o] == st->arg;
    case CC_COLOUR: {
        /* the object of that colour: it shows that colour and no other */
        bool has = false, other = false;
        for (int f = 0; f < v->nframes; f++)
            if (present(&v->st[o][f])) {
                has |= v->st[o][f].colour == st->arg;
                other |= v->st[o][f].colour != st->arg;
            }
        return has && other ? -1 : has;
    }
    default:
        return -1;
    }
}

/* Step st on inputs obj and frame (-1 when not read): its one clear value, or
 * -1 (not clear, or no value: a step that names nothing names nothing to a
 * reader either). */
static int step_value(const cc_view *v, const cc_step *st, int obj, int frame)
{
    switch (st->op) {
    case CC_VANISHES:
    case CC_APPEARS:
    case CC_CHANGES:
    case CC_CROSSES:
    case CC_BEHIND:
    case CC_SHAPE:
    case CC_COLOUR:
    case CC_SIZE: {
        int found = -1;
        for (int o = 0; o < v->nobj; o++) {
            int t = starts(v, st, o);
            if (t < 0)
                return -1;
            if (t) {
                if (found >= 0)
                    return -1;
                found = o;
            }
        }
        return found;
    }
    case CC_LAST_SEEN:
        return obj < 0 ? -1 : last_present(v, obj);
    case CC_FIRST_SEEN:
        return obj < 0 ? -1 : first_present(v, obj);
    case CC_RECOLOURED:
        return obj < 0 || v->w->obj[obj].change_frame == COMP_NO_FRAME ? -1 : v->w->obj[obj].change_frame;
    case CC_CROSSED: {
        if (obj < 0)
            return -1;
        /* it starts wholly on one side; the first frame wholly on the other,
         * the frame before clearly not */
        int a = first_present(v, obj), b = last_present(v, obj), s0 = v->st[obj][a].side;
        if (s0 != -1 && s0 != 1)
            return -1;
        for (int f = a + 1; f <= b; f++)
            if (v->st[obj][f].side == -s0)
                return comp_wholly_on(v->w, obj, f - 1, -s0) == COMP_NO ? f : -1;
        return -1;
    }
    case CC_WENT_BEHIND: {
        if (obj < 0)
            return -1;
        /* the first frame it is not clearly clear of the bar must be clearly
         * behind it */
        int a = first_present(v, obj), b = last_present(v, obj);
        for (int f = a; f <= b; f++)
            if (v->st[obj][f].vis != CC_SEEN)
                return v->st[obj][f].vis == CC_PARTLY && f > a ? f : -1;
        return -1;
    }
    case CC_SAME_SHAPE: {
        if (obj < 0)
            return -1;
        int found = -1;
        for (int o = 0; o < v->nobj; o++)
            if (o != obj && v->shape[o] == v->shape[obj]) {
                if (found >= 0)
                    return -1;
                found = o;
            }
        return found;
    }
    case CC_NEAREST: {
        if (obj < 0 || frame < 0)
            return -1;
        const cc_state *a = &v->st[obj][frame];
        if (a->vis != CC_SEEN) /* X clearly not behind the bar: its centre is read */
            return -1;
        double best = INFINITY, second = INFINITY;
        int who = -1;
        for (int o = 0; o < v->nobj; o++) {
            const cc_state *s = &v->st[o][frame];
            if (o == obj || !present(s))
                continue;
            double d = hypot(s->x - a->x, s->y - a->y);
            if (d < best) {
                second = best;
                best = d;
                who = o;
            } else if (d < second) {
                second = d;
            }
        }
        if (who < 0 || second - best < COMP_NEAR_ABS || second - best < COMP_NEAR_REL * best)
            return -1;
        return who;
    }
    case CC_LEFTMOST:
    case CC_RIGHTMOST:
    case CC_TOPMOST:
    case CC_BOTTOMMOST: {
        if (frame < 0)
            return -1;
        /* how far out each object is in the asked direction (larger = more):
         * its centre, and its outermost ink */
        double key[CC_MAX_OBJ], edge[CC_MAX_OBJ];
        int top = -1;
        for (int o = 0; o < v->nobj; o++) {
            const cc_state *s = &v->st[o][frame];
            if (!present(s))
                continue;
            key[o] = st->op == CC_LEFTMOST ? -s->x : st->op == CC_RIGHTMOST ? s->x : st->op == CC_TOPMOST ? -s->y : s->y;
            edge[o] = st->op == CC_LEFTMOST    ? -s->x0
                      : st->op == CC_RIGHTMOST ? s->x1
                      : st->op == CC_TOPMOST   ? -s->y0
                                               : s->y1;
            if (top < 0 || key[o] > key[top])
                top = o;
        }
        if (top < 0)
            return -1;
        for (int o = 0; o < v->nobj; o++)
            if (o != top && present(&v->st[o][frame]) &&
                (key[o] > key[top] - COMP_EXTREME_CENTRE || edge[o] > edge[top] - COMP_EXTREME_EDGE))
                return -1;
        return top;
    }
    case CC_OPS:
        break;
    }
    return -1;
}

/* The readout's one clear answer for objects obj (and obj2) and frame frame
 * (-1 when not read), or -1. */
static int readout_value(const cc_view *v, cc_readout r, int obj, int obj2, int frame)
{
    switch (r) {
    case CC_READ_COLOUR:
        if (obj < 0)
            return -1;
        if (frame >= 0)
            return present(&v->st[obj][frame]) ? v->st[obj][frame].colour : -1;
        /* no frame: its one colour */
        for (int f = first_present(v, obj); f >= 0 && f <= last_present(v, obj); f++)
            if (v->st[obj][f].colour != v->st[obj][first_present(v, obj)].colour)
                return -1;
        return first_present(v, obj) < 0 ? -1 : v->st[obj][first_present(v, obj)].colour;
    case CC_READ_SHAPE:
        return obj < 0 ? -1 : v->shape[obj];
    case CC_READ_FRAME:
        return frame;
    case CC_READ_COUNT: {
        if (frame < 0)
            return -1;
        int n = 0;
        for (int o = 0; o < v->nobj; o++)
            n += present(&v->st[o][frame]); /* partly hidden ones too */
        return n;
    }
    case CC_READ_EVENT:
        return obj < 0 || v->happens[obj][frame + 1] < 0 ? -1 : v->happens[obj][frame + 1];
    case CC_READ_DIRECTION:
        if (obj < 0 || obj2 < 0 || frame < 0 || obj == obj2)
            return -1;
        return comp_direction(v->w, obj, obj2, frame);
    case CC_READ_PREDICT:
        return obj < 0 || v->predict[obj] <= 0 ? -1 : v->predict[obj] - 1;
    case CC_READOUTS:
        break;
    }
    return -1;
}

/* Whether the readout of the chain's first n steps reads their latest frame: a
 * frame, a count or a direction always; "what happens" when the last of them
 * found a frame ("what happens next after frame K"), else it asks about the
 * whole video. */
static bool reads_frame(const cc_chain *c, int n)
{
    if (c->read == CC_READ_EVENT)
        return n > 0 && cc_op_frame(c->step[n - 1].op);
    return true;
}

/* ---- dropping steps ---- */

/* Step values and readout answers already worked out for one chain: -3 not yet. */
typedef struct memo {
    signed char step[CC_MAX_STEPS][CC_MAX_OBJ + 1][GEN_MAX_IMAGES + 1];
    signed char read[CC_MAX_OBJ + 1][CC_MAX_OBJ + 1][GEN_MAX_IMAGES + 1];
} memo;

static int memo_step(memo *m, const cc_view *v, const cc_step *st, int k, int a, int b)
{
    if (m->step[k][a][b] == -3)
        m->step[k][a][b] = (signed char)step_value(v, st, a - 1, b - 1);
    return m->step[k][a][b];
}

static int memo_read(memo *m, const cc_view *v, cc_readout r, int a, int p, int b)
{
    if (m->read[a][p][b] == -3)
        m->read[a][p][b] = (signed char)readout_value(v, r, a - 1, p - 1, b - 1);
    return m->read[a][p][b];
}

/* The paths through a chain: the latest object a and the one before it p (each
 * +1, 0 for none yet), and the set of latest frames as bits: frame f is bit f,
 * or bit 0 alone for "no frame yet" (the steps so far say which). */
static uint64_t answers(const cc_view *v, const cc_chain *c, unsigned keep, memo *mm)
{
    uint64_t cur[CC_MAX_OBJ + 1][CC_MAX_OBJ + 1], next[CC_MAX_OBJ + 1][CC_MAX_OBJ + 1];
    uint64_t all = v->nframes >= 64 ? ~0ULL : (1ULL << v->nframes) - 1;
    int no = v->nobj + 1;
    bool framed = false; /* a frame step came before */
    memset(cur, 0, sizeof cur);
    cur[0][0] = 1;
    for (int k = 0; k < c->n; k++) {
        const cc_step *st = &c->step[k];
        bool kept = keep >> k & 1u;
        memset(next, 0, sizeof next);
        if (cc_op_frame(st->op)) {
            /* object -> frame: reads the object only */
            for (int a = 0; a < no; a++) {
                uint64_t out = 0;
                if (kept) {
                    int val = memo_step(mm, v, st, k, a, 0);
                    out = val >= 0 ? 1ULL << val : 0;
                } else {
                    out = all;
                }
                for (int p = 0; p < no; p++)
                    if (cur[a][p])
                        next[a][p] |= out;
            }
            framed = true;
        } else {
            for (int a = 0; a < no; a++) {
                uint64_t fr = 0;
                for (int p = 0; p < no; p++)
                    fr |= cur[a][p];
                if (!fr)
                    continue;
                if (!kept) {
                    for (int o = 1; o < no; o++)
                        next[o][a] |= fr;
                    continue;
                }
                for (int b = 0; b < 64 && (fr >> b); b++) {
                    if (!(fr >> b & 1))
                        continue;
                    int val = memo_step(mm, v, st, k, a, framed ? b + 1 : 0);
                    if (val >= 0)
                        next[val + 1][a] |= 1ULL << b;
                }
            }
        }
        memcpy(cur, next, sizeof cur);
    }
    uint64_t m = 0;
    for (int a = 0; a < no; a++)
        for (int p = 0; p < no; p++)
            for (int b = 0; b < 64 && (cur[a][p] >> b); b++)
                if (cur[a][p] >> b & 1) {
                    int val = memo_read(mm, v, c->read, a, p, framed && reads_frame(c, c->n) ? b + 1 : 0);
                    if (val >= 0)
                        m |= 1ULL << val;
                }
    return m;
}

static void memo_reset(memo *m) { memset(m, -3, sizeof *m); }

uint64_t cc_answers(const cc_view *v, const cc_chain *c, unsigned keep)
{
    static _Thread_local memo m;
    memo_reset(&m);
    return answers(v, c, keep, &m);
}

/* ---- the full chain ---- */

int cc_resolve(const cc_view *v, const cc_chain *c, cc_result *res)
{
    int obj = -1, prev = -1, frame = -1;
    for (int k = 0; k < c->n; k++) {
        const cc_step *st = &c->step[k];
        bool needs_obj = st->op >= CC_LAST_SEEN && st->op <= CC_NEAREST;
        bool needs_frame = st->op >= CC_NEAREST;
        if ((needs_obj && obj < 0) || (needs_frame && frame < 0) || (k == 0) != (st->op <= CC_SIZE))
            return -1;
        int val = step_value(v, st, obj, frame);
        if (val < 0)
            return -1;
        /* a frame step finds an event: not the video's first frame for "first
         * seen", not its last for "last seen" */
        if ((st->op == CC_FIRST_SEEN && val == 0) || (st->op == CC_LAST_SEEN && val == v->nframes - 1))
            return -1;
        res->value[k] = val;
        if (cc_op_frame(st->op)) {
            frame = val;
        } else {
            prev = obj;
            obj = val;
        }
    }
    if (c->read == CC_READOUTS)
        return 0;
    if ((c->read == CC_READ_FRAME || c->read == CC_READ_COUNT || c->read == CC_READ_DIRECTION) && frame < 0)
        return -1;
    int a = readout_value(v, c->read, obj, prev, reads_frame(c, c->n) ? frame : -1);
    if (a < 0)
        return -1;
    res->answer = a;
    return 0;
}

int cc_verify(const cc_view *v, const cc_chain *c, cc_result *res)
{
    if (cc_resolve(v, c, res) != 0)
        return -1;
    /* no step comes back to a value an earlier step established (the steps in
     * between would be a detour a solver could skip), and the readout of no
     * earlier point of the chain gives the answer alone (stopping early does
     * not pay) */
    int obj = -1, prev = -1, frame = -1;
    for (int k = 0; k < c->n; k++) {
        bool fr = cc_op_frame(c->step[k].op);
        for (int j = 0; j < k; j++)
            if (cc_op_frame(c->step[j].op) == fr && res->value[j] == res->value[k])
                return -1;
        if (k > 0 && readout_value(v, c->read, obj, prev, reads_frame(c, k) ? frame : -1) == res->answer)
            return -1;
        if (fr) {
            frame = res->value[k];
        } else {
            prev = obj;
            obj = res->value[k];
        }
    }
    static _Thread_local memo mm;
    memo_reset(&mm);
    unsigned full = (1u << c->n) - 1;
    for (unsigned keep = 0; keep < full; keep++) {
        uint64_t m = answers(v, c, keep, &mm);
        if ((m & (m - 1)) == 0) /* one answer (or none): this subset suffices */
            return -1;
    }
    return 0;
}

bool cc_needed_among(const cc_view *v, const cc_chain *c, uint64_t opts)
{
    static _Thread_local memo mm;
    memo_reset(&mm);
    unsigned full = (1u << c->n) - 1;
    for (unsigned keep = 0; keep < full; keep++) {
        uint64_t m = answers(v, c, keep, &mm) & opts;
        if ((m & (m - 1)) == 0)
            return false;
    }
    return true;
}

/* ---- one frame alone ---- */

/* The observer of frame k: objects are those in frame k, and U (index nobj),
 * any object frame k does not show.  A step yields a set of them (bits; U is
 * bit nobj), a frame step a set of frames. */
#define ALL_FRAMES(v) ((v)->nframes >= 64 ? ~0ULL : (1ULL << (v)->nframes) - 1)

static unsigned in_frame(const cc_view *v, int k)
{
    unsigned m = 0;
    for (int o = 0; o < v->nobj; o++)
        if (present(&v->st[o][k]))
            m |= 1u << o;
    return m;
}

/* The objects frame k shows a first step may name, or U alone. */
static unsigned glance_start(const cc_view *v, const cc_step *st, int k)
{
    unsigned here = in_frame(v, k), U = 1u << v->nobj, m = 0;
    for (int o = 0; o < v->nobj; o++) {
        if (!(here >> o & 1))
            continue;
        const cc_state *s = &v->st[o][k];
        switch (st->op) {
        case CC_SHAPE:
            m |= (unsigned)(v->shape[o] == st->arg) << o;
            break;
        case CC_SIZE:
            m |= (unsigned)(v->size[o] == st->arg) << o;
            break;
        case CC_COLOUR:
            m |= (unsigned)(s->colour == st->arg) << o;
            break;
        case CC_BEHIND:
            m |= (unsigned)(s->vis == CC_PARTLY) << o;
            break;
        default:
            break;
        }
    }
    switch (st->op) {
    case CC_SHAPE:
    case CC_SIZE:
    case CC_COLOUR:
        return m ? m : U; /* one of its kind here is the one */
    case CC_BEHIND:
        return m ? m : here | U;
    case CC_APPEARS:
        return k == 0 ? U : here | U;
    case CC_VANISHES:
        return k == v->nframes - 1 ? U : here | U;
    default:
        return here | U;
    }
}

/* The frames a frame step may yield for object o (U: nothing known). */
static uint64_t glance_frames(const cc_view *v, const cc_step *st, int o, int k)
{
    uint64_t all = ALL_FRAMES(v), upto = k >= 63 ? ~0ULL : (2ULL << k) - 1;
    if (o >= v->nobj)
        return all;
    switch (st->op) {
    case CC_FIRST_SEEN:
        return upto; /* it is here: it was first seen by now */
    case CC_LAST_SEEN:
        return all & ~(upto >> 1); /* ... and is last seen now or later */
    case CC_WENT_BEHIND:
        return v->st[o][k].vis == CC_PARTLY ? upto : all;
    default:
        return all;
    }
}

/* The objects step st may yield on (object o, frame set fr) as frame k shows. */
static unsigned glance_object(const cc_view *v, const cc_step *st, int o, uint64_t fr, int k)
{
    unsigned here = in_frame(v, k), U = 1u << v->nobj;
    bool only_k = fr == 1ULL << k, has_k = fr >> k & 1;
    unsigned m = 0;
    switch (st->op) {
    case CC_SAME_SHAPE:
        if (o >= v->nobj)
            return here | U;
        for (int j = 0; j < v->nobj; j++)
            if (j != o && (here >> j & 1) && v->shape[j] == v->shape[o])
                m |= 1u << j;
        return m ? m : U;
    case CC_NEAREST:
    case CC_LEFTMOST:
    case CC_RIGHTMOST:
    case CC_TOPMOST:
    case CC_BOTTOMMOST:
        if (has_k && (st->op != CC_NEAREST || o < v->nobj)) {
            int val = step_value(v, st, st->op == CC_NEAREST ? o : -1, k);
            m = val >= 0 ? 1u << val : here; /* unclear: any of them */
        }
        return only_k ? m : m | here | U;
    default:
        return here | U;
    }
}

/* The readout's possible answers on (object o, the one before p, frames fr). */
static uint64_t glance_read(const cc_view *v, cc_readout r, int o, int p, uint64_t fr, int k)
{
    bool seen = o >= 0 && o < v->nobj, only_k = fr == 1ULL << k;
    switch (r) {
    case CC_READ_COLOUR:
        return seen ? 1ULL << v->st[o][k].colour : ~0ULL;
    case CC_READ_SHAPE:
        return seen ? 1ULL << v->shape[o] : ~0ULL;
    case CC_READ_FRAME:
        return fr;
    case CC_READ_COUNT:
        return only_k ? 1ULL << readout_value(v, CC_READ_COUNT, -1, -1, k) : ~0ULL;
    case CC_READ_DIRECTION:
        if (only_k && seen && p >= 0 && p < v->nobj && p != o)
            return comp_direction_set(v->w, o, p, k);
        return ~0ULL;
    default: /* what happens, or will: not in one frame */
        return ~0ULL;
    }
}

uint64_t cc_glance(const cc_view *v, const cc_chain *c, int k, uint64_t enough)
{
    /* the paths: (object, object before, frame set), the objects as bits of
     * one set per object step; enumerated over the object choices */
    uint64_t m = 0;
    int nobj = v->nobj;
    /* depth-first over the object choices, the frames carried as sets */
    struct {
        int o, p;
        uint64_t fr;
        int k;
    } stack[512];
    int sp = 0;
    stack[sp].o = -1;
    stack[sp].p = -1;
    stack[sp].fr = 0;
    stack[sp].k = 0;
    sp++;
    while (sp > 0) {
        sp--;
        int o = stack[sp].o, p = stack[sp].p, j = stack[sp].k;
        uint64_t fr = stack[sp].fr;
        if (j == c->n) {
            m |= glance_read(v, c->read, o, p, fr, k);
            uint64_t e = m & enough;
            if (e & (e - 1))
                return m; /* two of `enough` possible: that settles the question */
            continue;
        }
        const cc_step *st = &c->step[j];
        if (cc_op_frame(st->op)) {
            if (sp < 512) {
                stack[sp].o = o;
                stack[sp].p = p;
                stack[sp].fr = glance_frames(v, st, o, k);
                stack[sp].k = j + 1;
                sp++;
            }
            continue;
        }
        unsigned next = j == 0 ? glance_start(v, st, k) : glance_object(v, st, o, fr, k);
        for (int q = 0; q <= nobj; q++)
            if ((next >> q & 1) && sp < 512) {
                stack[sp].o = q;
                stack[sp].p = o;
                stack[sp].fr = fr;
                stack[sp].k = j + 1;
                sp++;
            }
    }
    return m;
}

/* ---- words ---- */

/* "the object from the second step" / "the frame from the first step" */
static void ref(char *out, size_t n, const char *noun, int step)
{
    snprintf(out, n, "the %s from the %s step", noun, ORDINAL[step]);
}

/* The object a first step names: "the object that vanishes". */
static void start_phrase(const cc_step *st, char *out, size_t n)
{
    switch (st->op) {
    case CC_VANISHES:
        snprintf(out, n, "the object that vanishes");
        return;
    case CC_APPEARS:
        snprintf(out, n, "the object that appears after the first frame");
        return;
    case CC_CHANGES:
        snprintf(out, n, "the object that changes colour");
        return;
    case CC_CROSSES:
        snprintf(out, n, "the object that crosses the black line");
        return;
    case CC_BEHIND:
        snprintf(out, n, "the object that passes behind the grey bar");
        return;
    case CC_SHAPE:
        snprintf(out, n, "the %s", shape_name((shape_kind)st->arg));
        return;
    case CC_COLOUR:
        snprintf(out, n, "the %s object", PALETTE[st->arg].name);
        return;
    case CC_SIZE:
        snprintf(out, n, "the only %s object", SIZE_NAME[st->arg]);
        return;
    default:
        snprintf(out, n, "?");
        return;
    }
}

void cc_step_text(const cc_chain *c, int k, char *out, size_t n)
{
    const cc_step *st = &c->step[k];
    int os, fs;
    cc_inputs(c, k, &os, &fs);
    char o[64] = "", f[64] = "", p[80];
    if (os >= 0)
        ref(o, sizeof o, "object", os);
    if (fs >= 0)
        ref(f, sizeof f, "frame", fs);
    switch (st->op) {
    case CC_LAST_SEEN:
        snprintf(out, n, "Find the last frame in which %s can be seen.", o);
        return;
    case CC_FIRST_SEEN:
        snprintf(out, n, "Find the first frame in which %s can be seen.", o);
        return;
    case CC_RECOLOURED:
        snprintf(out, n, "Find the first frame in which %s has its new colour.", o);
        return;
    case CC_CROSSED:
        snprintf(out, n, "Find the first frame in which %s is on the other side of the black line.", o);
        return;
    case CC_WENT_BEHIND:
        snprintf(out, n, "Find the first frame in which %s is behind the grey bar.", o);
        return;
    case CC_SAME_SHAPE:
        snprintf(out, n, "Find the other object with the same shape as %s.", o);
        return;
    case CC_NEAREST:
        snprintf(out, n, "In %s, find the object nearest to %s.", f, o);
        return;
    case CC_LEFTMOST:
    case CC_RIGHTMOST:
    case CC_TOPMOST:
    case CC_BOTTOMMOST: {
        const char *w = st->op == CC_LEFTMOST    ? "leftmost"
                        : st->op == CC_RIGHTMOST ? "rightmost"
                        : st->op == CC_TOPMOST   ? "highest"
                                                 : "lowest";
        snprintf(out, n, "In %s, find the %s object.", f, w);
        return;
    }
    default:
        start_phrase(st, p, sizeof p);
        snprintf(out, n, "Find %s.", p);
        return;
    }
}

static const char *const OP_NAME[CC_OPS] = {
    "vanishes",       "appears",    "changes",    "crosses",  "behind",   "shape",    "colour",
    "size",           "last_seen",  "first_seen", "recoloured", "crossed", "went_behind", "same_shape", "nearest",
    "leftmost",       "rightmost",  "topmost",    "bottommost"};

const char *cc_op_name(cc_op op) { return op < CC_OPS ? OP_NAME[op] : "?"; }

void cc_step_rule(const cc_chain *c, int k, char *out, size_t n)
{
    const cc_step *st = &c->step[k];
    int os, fs;
    cc_inputs(c, k, &os, &fs);
    switch (st->op) {
    case CC_SHAPE:
        snprintf(out, n, "shape value=%s", shape_name((shape_kind)st->arg));
        return;
    case CC_COLOUR:
        snprintf(out, n, "colour value=%s", PALETTE[st->arg].name);
        return;
    case CC_SIZE:
        snprintf(out, n, "size value=%s", SIZE_NAME[st->arg]);
        return;
    case CC_LAST_SEEN:
    case CC_FIRST_SEEN:
    case CC_RECOLOURED:
    case CC_CROSSED:
    case CC_WENT_BEHIND:
    case CC_SAME_SHAPE:
        snprintf(out, n, "%s object=%d", OP_NAME[st->op], os + 1);
        return;
    case CC_NEAREST:
        snprintf(out, n, "nearest object=%d frame=%d", os + 1, fs + 1);
        return;
    case CC_LEFTMOST:
    case CC_RIGHTMOST:
    case CC_TOPMOST:
    case CC_BOTTOMMOST:
        snprintf(out, n, "%s frame=%d", OP_NAME[st->op], fs + 1);
        return;
    default:
        snprintf(out, n, "%s", cc_op_name(st->op));
        return;
    }
}

void cc_readout_text(const cc_chain *c, char *out, size_t n)
{
    int os, fs;
    cc_inputs(c, c->n, &os, &fs);
    char o[80] = "", o2[64] = "", f[64] = "";
    if (c->n == 1)
        start_phrase(&c->step[0], o, sizeof o);
    else if (os >= 0)
        ref(o, sizeof o, "object", os);
    if (fs >= 0)
        ref(f, sizeof f, "frame", fs);
    if (os >= 0 && cc_object_before(c, os) >= 0)
        ref(o2, sizeof o2, "object", cc_object_before(c, os));
    switch (c->read) {
    case CC_READ_COLOUR:
        if (fs >= 0)
            snprintf(out, n, "What colour is %s in %s?", o, f);
        else
            snprintf(out, n, "What colour is %s?", o);
        return;
    case CC_READ_SHAPE:
        snprintf(out, n, "What shape is %s?", o);
        return;
    case CC_READ_FRAME:
        snprintf(out, n, "What is the number of %s?", f);
        return;
    case CC_READ_COUNT:
        snprintf(out, n, "How many objects can be seen in %s?", f);
        return;
    case CC_READ_EVENT:
        if (fs >= 0 && reads_frame(c, c->n))
            snprintf(out, n, "What happens next to %s after %s?", o, f);
        else
            snprintf(out, n, "What happens to %s during the video?", o);
        return;
    case CC_READ_DIRECTION:
        snprintf(out, n, "Where is %s relative to %s in %s?", o, o2, f);
        return;
    case CC_READ_PREDICT:
        snprintf(out, n, "If the video went on, in which frame would %s first be on the other side of the black line?", o);
        return;
    case CC_READOUTS:
        break;
    }
    snprintf(out, n, "?");
}

void cc_question(const cc_chain *c, char *out, size_t n)
{
    static const char *const STEP[CC_MAX_STEPS] = {"First step", "Second step", "Third step", "Fourth step"};
    size_t len = 0;
    out[0] = '\0';
    if (c->n > 1)
        for (int k = 0; k < c->n && len < n; k++) {
            char t[200];
            cc_step_text(c, k, t, sizeof t);
            len += (size_t)snprintf(out + len, n - len, "%s: %s ", STEP[k], t);
        }
    if (len < n)
        cc_readout_text(c, out + len, n - len);
}
