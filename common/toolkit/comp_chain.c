/* comp_chain.c - evaluating, resolving and wording sequential chains
 * (comp_chain.h). */
#include "comp_chain.h"

#include "palette.h"
#include "shapes.h"

#include <math.h>
#include <stdio.h>

/* "Nearest" is read by eye: every other object must be farther than the
 * nearest one by 20 px and by a fifth of its distance, so the choice does not
 * hang on a few pixels (20 px is 18 px at the 448-px viewing size). */
#define NEAR_ABS 20.0
#define NEAR_REL 0.2
/* "Leftmost" (and the other extremes) compares centres: the runner-up's centre
 * must be 20 px further in, and its near edge 10 px further in too, so both the
 * centre and the outline tell the order. */
#define EXTREME_CENTRE 20.0
#define EXTREME_EDGE 10.0

static const char *const ORDINAL[CC_MAX_STEPS] = {"first", "second", "third", "fourth"};
static const char *const SIZE_NAME[3] = {"small", "medium", "large"};

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

static bool present(const cc_state *s) { return s->vis != CC_ABSENT; }
static bool showing(const cc_state *s) { return s->vis >= CC_EDGE; }

/* First and last frame the object is present in, or -1. */
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

enum { CH_COLOUR, CH_SIDE, CH_BEHIND };

static bool behind(const cc_state *s) { return s->vis == CC_HIDDEN || s->vis == CC_PARTLY; }

/* Frames f where o's colour, side of the line (frames touching the line
 * skipped) or being behind the bar (entering it) differs from the previous
 * frame it was present in; returns how many, writing them to out. */
static int changes(const cc_view *v, int o, int what, int *out)
{
    int n = 0, prev = -1;
    for (int f = 0; f < v->nframes; f++) {
        const cc_state *s = &v->st[o][f];
        if (!present(s) || (what == CH_SIDE && s->side == 0))
            continue;
        if (prev >= 0) {
            const cc_state *p = &v->st[o][prev];
            bool differs = what == CH_SIDE     ? s->side != p->side
                           : what == CH_COLOUR ? s->colour != p->colour
                                               : behind(s) && !behind(p);
            if (differs)
                out[n++] = f;
        }
        prev = f;
    }
    return n;
}

/* The values op yields for object `obj` and frame `frame` (either -1 when not
 * read), within the margins; writes them to out and returns how many. */
static int op_values(const cc_view *v, const cc_step *st, int obj, int frame, int *out)
{
    int n = 0, tmp[GEN_MAX_IMAGES];
    switch (st->op) {
    case CC_VANISHES:
    case CC_APPEARS:
    case CC_CHANGES:
    case CC_CROSSES:
    case CC_BEHIND:
    case CC_SHAPE:
    case CC_COLOUR:
    case CC_SIZE:
        for (int o = 0; o < v->nobj; o++) {
            bool yes = false;
            int a = first_present(v, o), b = last_present(v, o);
            if (a < 0)
                continue;
            if (st->op == CC_VANISHES)
                yes = b < v->nframes - 1;
            else if (st->op == CC_APPEARS)
                yes = a > 0;
            else if (st->op == CC_CHANGES)
                yes = changes(v, o, CH_COLOUR, tmp) > 0;
            else if (st->op == CC_CROSSES)
                yes = changes(v, o, CH_SIDE, tmp) > 0;
            else if (st->op == CC_BEHIND) {
                bool edge = false;
                for (int f = a; f <= b && !yes; f++) {
                    yes = behind(&v->st[o][f]);
                    edge |= v->st[o][f].vis == CC_EDGE;
                }
                /* an object that only grazes the bar's edge may or may not be
                 * read as passing behind it: the step names no one then */
                if (!yes && edge)
                    return 0;
            }
            else if (st->op == CC_SHAPE)
                yes = v->shape[o] == st->arg;
            else if (st->op == CC_SIZE)
                yes = v->size[o] == st->arg;
            else
                for (int f = a; f <= b && !yes; f++)
                    yes = present(&v->st[o][f]) && v->st[o][f].colour == st->arg;
            if (yes)
                out[n++] = o;
        }
        return n;
    case CC_LAST_SEEN: {
        if (obj < 0)
            return 0;
        int b = last_present(v, obj);
        if (b >= 0 && b < v->nframes - 1)
            out[n++] = b;
        return n;
    }
    case CC_FIRST_SEEN: {
        if (obj < 0)
            return 0;
        int a = first_present(v, obj);
        if (a > 0)
            out[n++] = a;
        return n;
    }
    case CC_RECOLOURED:
        return obj < 0 ? 0 : changes(v, obj, CH_COLOUR, out);
    case CC_CROSSED:
        return obj < 0 ? 0 : changes(v, obj, CH_SIDE, out);
    case CC_WENT_BEHIND:
        return obj < 0 ? 0 : changes(v, obj, CH_BEHIND, out);
    case CC_SAME_SHAPE:
        if (obj < 0)
            return 0;
        for (int o = 0; o < v->nobj; o++)
            if (o != obj && v->shape[o] == v->shape[obj])
                out[n++] = o;
        return n;
    case CC_NEAREST: {
        if (obj < 0 || frame < 0)
            return 0;
        const cc_state *a = &v->st[obj][frame];
        if (!showing(a))
            return 0;
        double d[CC_MAX_OBJ], best = INFINITY;
        for (int o = 0; o < v->nobj; o++) {
            const cc_state *s = &v->st[o][frame];
            d[o] = o != obj && showing(s) ? hypot(s->x - a->x, s->y - a->y) : INFINITY;
            if (d[o] < best)
                best = d[o];
        }
        if (isinf(best))
            return 0;
        double tol = fmax(NEAR_ABS, NEAR_REL * best);
        for (int o = 0; o < v->nobj; o++)
            if (d[o] <= best + tol)
                out[n++] = o;
        return n;
    }
    case CC_LEFTMOST:
    case CC_RIGHTMOST:
    case CC_TOPMOST:
    case CC_BOTTOMMOST: {
        if (frame < 0)
            return 0;
        /* key: how far out the object is in the asked direction (larger = more) */
        double key[CC_MAX_OBJ], edge[CC_MAX_OBJ], best = -INFINITY;
        for (int o = 0; o < v->nobj; o++) {
            const cc_state *s = &v->st[o][frame];
            key[o] = -INFINITY;
            if (!showing(s))
                continue;
            double c = st->op == CC_LEFTMOST    ? -s->x
                       : st->op == CC_RIGHTMOST ? s->x
                       : st->op == CC_TOPMOST   ? -s->y
                                                : s->y;
            key[o] = c;
            edge[o] = c + s->r;
            if (c > best)
                best = c;
        }
        if (isinf(best))
            return 0;
        int top = -1;
        for (int o = 0; o < v->nobj; o++)
            if (key[o] == best && top < 0)
                top = o;
        for (int o = 0; o < v->nobj; o++)
            if (!isinf(key[o]) && (o == top || key[o] > best - EXTREME_CENTRE || edge[o] > edge[top] - EXTREME_EDGE))
                out[n++] = o;
        return n;
    }
    case CC_OPS:
        break;
    }
    return 0;
}

/* The readout's answers for object obj and frame frame (-1 when not read). */
static uint64_t readout_values(const cc_view *v, cc_readout r, int obj, int frame)
{
    uint64_t m = 0;
    if ((r <= CC_READ_SHAPE && obj < 0) || (r >= CC_READ_FRAME && frame < 0))
        return 0;
    switch (r) {
    case CC_READ_COLOUR:
        if (frame >= 0) {
            if (showing(&v->st[obj][frame]))
                m |= 1ULL << v->st[obj][frame].colour;
        } else {
            for (int f = 0; f < v->nframes; f++)
                if (present(&v->st[obj][f]))
                    m |= 1ULL << v->st[obj][f].colour;
        }
        return m;
    case CC_READ_SHAPE:
        return 1ULL << v->shape[obj];
    case CC_READ_FRAME:
        return 1ULL << frame;
    case CC_READ_COUNT: {
        int seen = 0, partly = 0;
        for (int o = 0; o < v->nobj; o++) {
            seen += v->st[o][frame].vis == CC_SEEN || v->st[o][frame].vis == CC_EDGE;
            partly += v->st[o][frame].vis == CC_PARTLY;
        }
        /* a half-hidden object may or may not be counted */
        for (int k = seen; k <= seen + partly; k++)
            m |= 1ULL << k;
        return m;
    }
    case CC_READOUTS:
        break;
    }
    return 0;
}

uint64_t cc_answers(const cc_view *v, const cc_chain *c, unsigned keep)
{
    /* the set of (latest object, latest frame) states, +1 so -1 is index 0 */
    static const int SO = CC_MAX_OBJ + 1, SF = GEN_MAX_IMAGES + 1;
    bool cur[CC_MAX_OBJ + 1][GEN_MAX_IMAGES + 1] = {{false}}, next[CC_MAX_OBJ + 1][GEN_MAX_IMAGES + 1];
    cur[0][0] = true;
    for (int k = 0; k < c->n; k++) {
        const cc_step *st = &c->step[k];
        bool frame_out = cc_op_frame(st->op);
        for (int a = 0; a < SO; a++)
            for (int b = 0; b < SF; b++)
                next[a][b] = false;
        for (int a = 0; a < SO; a++)
            for (int b = 0; b < SF; b++) {
                if (!cur[a][b])
                    continue;
                int vals[GEN_MAX_IMAGES], nv = 0;
                if (keep >> k & 1u) {
                    nv = op_values(v, st, a - 1, b - 1, vals);
                } else {
                    nv = frame_out ? v->nframes : v->nobj;
                    for (int i = 0; i < nv; i++)
                        vals[i] = i;
                }
                for (int i = 0; i < nv; i++) {
                    if (frame_out)
                        next[a][vals[i] + 1] = true;
                    else
                        next[vals[i] + 1][b] = true;
                }
            }
        for (int a = 0; a < SO; a++)
            for (int b = 0; b < SF; b++)
                cur[a][b] = next[a][b];
    }
    uint64_t m = 0;
    for (int a = 0; a < SO; a++)
        for (int b = 0; b < SF; b++)
            if (cur[a][b])
                m |= readout_values(v, c->read, a - 1, b - 1);
    return m;
}

/* Strict readability of step st's value val for inputs obj, frame. */
static bool readable(const cc_view *v, const cc_step *st, int obj, int frame, int val)
{
    int fr[GEN_MAX_IMAGES], nf;
    switch (st->op) {
    case CC_VANISHES:
        return v->st[val][last_present(v, val)].vis == CC_SEEN;
    case CC_APPEARS:
        return v->st[val][first_present(v, val)].vis == CC_SEEN;
    case CC_CHANGES:
    case CC_CROSSES:
        /* one change, seen on both sides */
        nf = changes(v, val, st->op == CC_CROSSES ? CH_SIDE : CH_COLOUR, fr);
        if (nf != 1 || v->st[val][fr[0]].vis != CC_SEEN)
            return false;
        for (int f = fr[0] - 1; f >= 0; f--)
            if (present(&v->st[val][f]))
                return v->st[val][f].vis == CC_SEEN;
        return false;
    case CC_BEHIND:
    case CC_SHAPE:
    case CC_SIZE:
    case CC_SAME_SHAPE:
        for (int f = 0; f < v->nframes; f++)
            if (v->st[val][f].vis == CC_SEEN)
                return true;
        return false;
    case CC_COLOUR: {
        /* the object keeps the colour all along (no frame is named) */
        bool seen = false;
        for (int f = 0; f < v->nframes; f++) {
            const cc_state *s = &v->st[val][f];
            if (present(s) && s->colour != st->arg)
                return false;
            seen |= s->vis == CC_SEEN;
        }
        return seen;
    }
    case CC_LAST_SEEN:
    case CC_FIRST_SEEN:
        return v->st[obj][val].vis == CC_SEEN;
    case CC_RECOLOURED:
    case CC_CROSSED:
    case CC_WENT_BEHIND:
        /* seen in that frame (going behind: partly, so it shows), and seen whole
         * in the frame before, where it last was */
        if (v->st[obj][val].vis != (st->op == CC_WENT_BEHIND ? CC_PARTLY : CC_SEEN))
            return false;
        for (int f = val - 1; f >= 0; f--)
            if (present(&v->st[obj][f]))
                return v->st[obj][f].vis == CC_SEEN;
        return false;
    case CC_NEAREST:
        return v->st[obj][frame].vis == CC_SEEN && v->st[val][frame].vis == CC_SEEN;
    case CC_LEFTMOST:
    case CC_RIGHTMOST:
    case CC_TOPMOST:
    case CC_BOTTOMMOST:
        return v->st[val][frame].vis == CC_SEEN;
    case CC_OPS:
        break;
    }
    return false;
}

int cc_resolve(const cc_view *v, const cc_chain *c, cc_result *res)
{
    int obj = -1, frame = -1;
    for (int k = 0; k < c->n; k++) {
        const cc_step *st = &c->step[k];
        int vals[GEN_MAX_IMAGES];
        bool needs_obj = st->op >= CC_LAST_SEEN && st->op <= CC_NEAREST;
        bool needs_frame = st->op >= CC_NEAREST;
        if ((needs_obj && obj < 0) || (needs_frame && frame < 0) || (k == 0) != (st->op <= CC_SIZE))
            return -1;
        if (op_values(v, st, obj, frame, vals) != 1 || !readable(v, st, obj, frame, vals[0]))
            return -1;
        res->value[k] = vals[0];
        if (cc_op_frame(st->op))
            frame = vals[0];
        else
            obj = vals[0];
    }
    if (c->read == CC_READOUTS)
        return 0;
    switch (c->read) {
    case CC_READ_COLOUR:
        if (frame >= 0 ? v->st[obj][frame].vis != CC_SEEN : false)
            return -1;
        break;
    case CC_READ_SHAPE:
        break;
    case CC_READ_FRAME:
    case CC_READ_COUNT:
        if (frame < 0)
            return -1;
        break;
    case CC_READOUTS:
        return -1;
    }
    uint64_t m = readout_values(v, c->read, obj, frame);
    if (m == 0 || (m & (m - 1)) != 0)
        return -1;
    int a = 0;
    while (!(m >> a & 1))
        a++;
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
    int obj = -1, frame = -1;
    for (int k = 0; k < c->n; k++) {
        bool fr = cc_op_frame(c->step[k].op);
        for (int j = 0; j < k; j++)
            if (cc_op_frame(c->step[j].op) == fr && res->value[j] == res->value[k])
                return -1;
        if (k > 0) {
            uint64_t early = readout_values(v, c->read, obj, frame);
            if (early == 1ULL << res->answer)
                return -1;
        }
        if (fr)
            frame = res->value[k];
        else
            obj = res->value[k];
    }
    unsigned full = (1u << c->n) - 1;
    for (unsigned keep = 0; keep < full; keep++) {
        uint64_t m = cc_answers(v, c, keep);
        if ((m & (m - 1)) == 0) /* one answer (or none): this subset suffices */
            return -1;
    }
    return 0;
}

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
    char o[80] = "", f[64] = "";
    if (c->n == 1)
        start_phrase(&c->step[0], o, sizeof o);
    else if (os >= 0)
        ref(o, sizeof o, "object", os);
    if (fs >= 0)
        ref(f, sizeof f, "frame", fs);
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
