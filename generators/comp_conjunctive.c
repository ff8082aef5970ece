/* SPDX-License-Identifier: MIT */
/* comp_conjunctive: a short video (F frames, 500x300) of moving coloured shapes
 * with events (appear, vanish, change colour, pass behind a grey bar, cross a
 * line); the question points n subconditions (n = the level, 1..4) at one
 * object and asks its colour or shape, five options of one category.
 * Verified by construction: all n subconditions leave exactly that object, and
 * every proper subset of them (the empty one too) leaves several objects with
 * different answers.  Record: logic, num_conditions, question, options, answer,
 * answer_value, category, steps (one per subcondition: its text, the number of
 * objects meeting subconditions 1..k, its rule).  See docs/tasks/comp_conjunctive.md. */
#include "comp_world.h"
#include "errors.h"
#include "generator.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The levels: 1 (a plain question) .. 4 subconditions. */
#define MAX_CONDS 4
/* Options of every question (five-way, as PerceptionComp asks). */
#define NOPTIONS 5
/* Worlds drawn for one sample before the level is declared impossible; a world
 * fails when no set of subconditions passes the verification (measured: see
 * docs/tasks/comp_conjunctive.md). */
#define WORLD_TRIES 400
/* Rounds of WORLD_TRIES worlds: when a round finds no question of its category
 * (a level-4 event question at 64 frames, now and then), the next draws the
 * category again from its stream, so a long run does not fail on a rare world. */
#define CATEGORY_ROUNDS 4
/* Subconditions gathered about the target, at most. */
#define POOL_MAX 96
/* Targets tried on one world before it is drawn again. */
#define TARGET_TRIES 4
/* Frames sampled for spatial subconditions per world (each with every reference):
 * numbers, and other objects' moments (which one frame alone cannot place). */
#define FRAME_PICKS 5
#define MOMENT_PICKS 4
/* A shape question names at most this many shapes, so five options remain that
 * the question does not name (COMP_NSHAPES = 7). */
#define MAX_NAMED_SHAPES (COMP_NSHAPES - NOPTIONS)
/* Worlds in which an event question wants the answer value it drew
 * first (uniform over the values, so no value is likelier by text alone);
 * after them any value is taken. */
#define WANTED_WORLDS 150

/* What the question asks of its target. */
enum { CAT_COLOUR, CAT_SHAPE, CAT_EVENT, NCATS };
static const char *const CATEGORY[NCATS] = {"colour", "shape", "event"};
static const int NVALUES[NCATS] = {PALETTE_SIZE, SHAPE_COUNT, COMP_NEVENTS};

/* A question's target and what it is asked about it. */
typedef struct ask {
    int cat;
    int t; /* the target */
} ask;

/* One frame alone (docs/composed-reading.md, "No single glance"): per frame, the
 * objects in it a subcondition is clearly true of (yes) and clearly false of
 * (no), as that frame alone shows them. */
typedef struct glance {
    unsigned yes[GEN_MAX_IMAGES], no[GEN_MAX_IMAGES];
} glance;

typedef struct pool {
    comp_cond c[POOL_MAX];
    unsigned mask[POOL_MAX];
    glance g[POOL_MAX];
    int n;
} pool;

/* The objects (bits) satisfying c, when no object is unsure; else false. */
static bool cond_mask(const comp_world *w, const comp_cond *c, unsigned *mask)
{
    return comp_candidates(w, c, 1, 1u, mask);
}

/* What frame k alone shows of subcondition c, for every object in frame k. */
static void glance_of(const comp_world *w, const comp_cond *c, glance *g)
{
    for (int k = 0; k < w->nframes; k++) {
        g->yes[k] = g->no[k] = 0;
        for (int i = 0; i < w->nobj; i++) {
            if (!comp_present(w, i, k))
                continue;
            unsigned bit = 1u << i;
            int truth = COMP_UNSURE; /* what frame k cannot tell */
            bool here = c->moment_ref < 0 && c->frame == k; /* a frame number the viewer reads */
            switch (c->kind) {
            case COMP_C_COLOUR:
                if (c->frame == COMP_NO_FRAME && c->moment_ref < 0)
                    truth = comp_colour(w, i, k) == c->value ? COMP_YES : COMP_NO; /* its colour as this frame shows */
                else if (here)
                    truth = comp_cond_holds(w, c, i);
                break;
            case COMP_C_SHAPE:
            case COMP_C_SIZE:
                truth = comp_cond_holds(w, c, i);
                break;
            case COMP_C_GONE_BEFORE:
            case COMP_C_ARRIVES_AFTER:
                if (here)
                    truth = COMP_NO; /* it is there */
                break;
            case COMP_C_BEHIND:
                if (comp_bar(w, i, k) == COMP_PARTLY && !comp_bar_edge(w, i, k))
                    truth = COMP_YES; /* behind the bar here, so it passes behind */
                break;
            case COMP_C_APPEARS:
                if (k == 0)
                    truth = COMP_NO;
                break;
            case COMP_C_VANISHES:
                if (k == w->nframes - 1)
                    truth = COMP_NO;
                break;
            default: /* a relation, a side, behind the bar, there: read in its own frame;
                      * crosses, changes, a predicted side: not in one frame */
                if (here && comp_cond_has_frame(c->kind))
                    truth = comp_cond_holds(w, c, i);
                break;
            }
            if (truth == COMP_YES)
                g->yes[k] |= bit;
            else if (truth == COMP_NO)
                g->no[k] |= bit;
        }
    }
}

static void pool_add(pool *p, const comp_world *w, comp_cond c, int target)
{
    unsigned m, all = (1u << w->nobj) - 1;
    if (p->n == POOL_MAX || !cond_mask(w, &c, &m) || !(m >> target & 1) || m == all)
        return;
    for (int k = 0; k < p->n; k++)
        if (p->mask[k] == m && p->c[k].kind == c.kind)
            return; /* the same subset of objects by the same kind of condition */
    p->c[p->n] = c;
    p->mask[p->n] = m;
    glance_of(w, &c, &p->g[p->n]);
    p->n++;
}

/* Whether a question of category cat may use a subcondition of this kind: one
 * that names or gives away an answer of its category never. */
static bool kind_allowed(const comp_world *w, int cat, const comp_cond *c)
{
    switch (cat) {
    case CAT_EVENT:
        /* an event, being behind the bar, there or not in some frame tells (part
         * of) what happens; a moment named by an option's words ("first appears",
         * "changes colour") would name it */
        if (c->moment_ref >= 0 && (c->moment_ev == COMP_EV_APPEAR || c->moment_ev == COMP_EV_CHANGE))
            return false;
        switch (c->kind) {
        case COMP_C_BEHIND:
        case COMP_C_CROSSES:
        case COMP_C_CHANGES:
        case COMP_C_APPEARS:
        case COMP_C_VANISHES:
        case COMP_C_GONE_BEFORE:
        case COMP_C_ARRIVES_AFTER:
        case COMP_C_HIDDEN:
        case COMP_C_WILL_SIDE:
            return false;
        case COMP_C_VISIBLE:
            /* there in the first frame: it does not appear; in the last: it does
             * not vanish */
            return c->moment_ref < 0 && c->frame > 0 && c->frame < w->nframes - 1;
        }
        return true;
    }
    return true;
}

/* Every usable subcondition the target meets (none on the asked attribute). */
static void gather(const comp_world *w, const ask *q, rng *r, pool *p)
{
    int t = q->t;
    const comp_object *o = &w->obj[t];
    p->n = 0;
    comp_cond c;
#define ADD(cond)                                                                                                    \
    do {                                                                                                             \
        comp_cond add_ = (cond);                                                                                     \
        if (kind_allowed(w, q->cat, &add_))                                                                             \
            pool_add(p, w, add_, t);                                                                                 \
    } while (0)
    if (q->cat != CAT_COLOUR && o->change_frame == COMP_NO_FRAME) {
        c = comp_cond_none(COMP_C_COLOUR);
        c.value = o->colour;
        ADD(c);
    }
    if (q->cat != CAT_COLOUR && o->change_frame != COMP_NO_FRAME) {
        /* the colour it has in one frame: the same object in another frame */
        for (int k = 0; k < 2; k++) {
            int f = k == 0 ? rng_int(r, o->appear, o->change_frame - 1) : rng_int(r, o->change_frame, o->vanish - 1);
            c = comp_cond_none(COMP_C_COLOUR);
            c.value = comp_colour(w, t, f);
            c.frame = f;
            ADD(c);
        }
    }
    if (q->cat != CAT_SHAPE) {
        c = comp_cond_none(COMP_C_SHAPE);
        c.value = (int)o->shape;
        ADD(c);
    }
    c = comp_cond_none(COMP_C_SIZE);
    c.value = o->size;
    ADD(c);
    static const int whole[] = {COMP_C_BEHIND, COMP_C_CROSSES, COMP_C_CHANGES, COMP_C_APPEARS, COMP_C_VANISHES};
    for (size_t k = 0; k < sizeof whole / sizeof *whole; k++)
        ADD(comp_cond_none(whole[k]));
    int ps = comp_predicted_side(w, t, 1);
    if (ps == -1 || ps == 1) {
        c = comp_cond_none(COMP_C_WILL_SIDE);
        c.value = ps;
        ADD(c);
    }
    /* frames: some numbers, and some of the moments of other objects' events */
    int moments[COMP_MAX_OBJECTS * COMP_NEVENTS], nmoments = 0;
    for (int j = 0; j < w->nobj; j++)
        for (int ev = 0; ev < COMP_NEVENTS; ev++)
            if (j != t && comp_ref_ok(w, j) && comp_moment_ok(w, j, ev))
                moments[nmoments++] = j * COMP_NEVENTS + ev;
    rng_shuffle_int(r, moments, nmoments);
    for (int pick = 0; pick < FRAME_PICKS + MOMENT_PICKS; pick++) {
        comp_cond when = comp_cond_none(0);
        if (pick < FRAME_PICKS) {
            when.frame = rng_int(r, 0, w->nframes - 1);
        } else {
            if (pick - FRAME_PICKS >= nmoments)
                break;
            when.moment_ref = moments[pick - FRAME_PICKS] / COMP_NEVENTS;
            when.moment_ev = moments[pick - FRAME_PICKS] % COMP_NEVENTS;
        }
        int f = comp_cond_frame(w, &when);
        static const int framed[] = {COMP_C_SIDE, COMP_C_HIDDEN, COMP_C_VISIBLE, COMP_C_GONE_BEFORE, COMP_C_ARRIVES_AFTER};
        for (size_t k = 0; k < sizeof framed / sizeof *framed; k++) {
            c = when;
            c.kind = framed[k];
            if (c.kind == COMP_C_SIDE) {
                int s = comp_line_side(w, t, f);
                if (s != -1 && s != 1)
                    continue;
                c.value = s;
            }
            ADD(c);
        }
        if (!comp_visible(w, t, f))
            continue;
        for (int j = 0; j < w->nobj; j++) {
            if (j == t || !comp_ref_ok(w, j) || !comp_visible(w, j, f))
                continue;
            for (int kind = COMP_C_LEFT_OF; kind <= COMP_C_NEAREST; kind++) {
                c = when;
                c.kind = kind;
                c.ref = j;
                ADD(c);
            }
        }
    }
#undef ADD
}

/* The one clear answer of each object under the reading, as a bit (or none:
 * 0), docs/composed-reading.md: its colour when it never changes, its shape,
 * the one event that clearly happens to it while each of the other four
 * clearly does not.  An object with none is no rival when a subcondition is
 * dropped: a reading through it gives no answer. */
static void answer_sets(const comp_world *w, const ask *q, uint64_t *set)
{
    for (int i = 0; i < w->nobj; i++) {
        const comp_object *o = &w->obj[i];
        set[i] = 0;
        switch (q->cat) {
        case CAT_COLOUR:
            if (o->change_frame == COMP_NO_FRAME)
                set[i] = 1ULL << o->colour;
            break;
        case CAT_SHAPE:
            set[i] = 1ULL << o->shape;
            break;
        case CAT_EVENT: {
            uint64_t yes = 0, maybe = 0;
            for (int ev = 0; ev < COMP_NEVENTS; ev++) {
                int h = comp_event_happens(w, i, ev, -1);
                if (h == COMP_YES)
                    yes |= 1ULL << ev;
                else if (h == COMP_UNSURE)
                    maybe |= 1ULL << ev;
            }
            /* clear: one happens, each of the other four clearly does not */
            set[i] = !maybe && yes && (yes & (yes - 1)) == 0 ? yes : 0;
            break;
        }
        }
    }
}

/* The one clear answer of set s, or -1. */
static int single(uint64_t s)
{
    if (s == 0 || (s & (s - 1)) != 0)
        return -1;
    int v = 0;
    while (!(s >> v & 1))
        v++;
    return v;
}

/* True when no one answer fits every object of `set` that has one: two
 * objects at least with different answers remain, however ties are read. */
static bool ambiguous_in(const comp_world *w, unsigned set, const uint64_t *val, uint64_t opts)
{
    uint64_t common = ~0ULL;
    bool any = false;
    for (int i = 0; i < w->nobj; i++) {
        if (!(set >> i & 1) || !(val[i] & opts))
            continue;
        common &= val[i] & opts;
        any = true;
    }
    return any && common == 0;
}

static bool ambiguous(const comp_world *w, unsigned set, const uint64_t *val)
{
    return ambiguous_in(w, set, val, ~0ULL);
}

/* The verification, the plain way: the whole set leaves {t}; every proper
 * subset leaves two objects with different clear answers among opts. */
static bool verified(const comp_world *w, const unsigned *mask, int n, int t, const uint64_t *val, uint64_t opts)
{
    unsigned all = (1u << w->nobj) - 1;
    for (unsigned use = 0; use < (1u << n); use++) {
        unsigned set = all;
        for (int k = 0; k < n; k++)
            if (use >> k & 1)
                set &= mask[k];
        if (use == (1u << n) - 1) {
            if (set != 1u << t)
                return false;
        } else if (!ambiguous_in(w, set, val, opts)) {
            return false;
        }
    }
    return true;
}

/* The answers object i may have as frame k alone shows it (a bit per value). */
static uint64_t glance_values(const comp_world *w, const ask *q, int i, int k)
{
    uint64_t all = NVALUES[q->cat] >= 64 ? ~0ULL : (1ULL << NVALUES[q->cat]) - 1;
    switch (q->cat) {
    case CAT_COLOUR:
        return 1ULL << comp_colour(w, i, k);
    case CAT_SHAPE:
        return 1ULL << w->obj[i].shape;
    case CAT_EVENT:
        /* behind the bar here: it passes behind (and, one event in all, nothing
         * else); in the first frame it does not appear later, in the last it
         * does not vanish */
        if (comp_bar(w, i, k) == COMP_PARTLY && !comp_bar_edge(w, i, k))
            return 1ULL << COMP_EV_BEHIND;
        if (k == 0)
            all &= ~(1ULL << COMP_EV_APPEAR);
        if (k == w->nframes - 1)
            all &= ~(1ULL << COMP_EV_VANISH);
        return all;
    }
    return all;
}

/* No single glance (docs/composed-reading.md): shown frame k alone, an ideal
 * observer takes the objects the subconditions' clear parts in that frame allow
 * (those meeting every one of them, if any; else those meeting none clearly
 * false) and reads their answers; the question is open when two options or more
 * remain, or when no object of the frame fits. */
static bool glance_open(const comp_world *w, const ask *q, const pool *p, const int *pick, int n, uint64_t opts)
{    for (int k = 0; k < w->nframes; k++) {
        unsigned here = 0;
        for (int i = 0; i < w->nobj; i++)
            if (comp_present(w, i, k))
                here |= 1u << i;
        unsigned yes = here, maybe = here;
        for (int j = 0; j < n; j++) {
            yes &= p->g[pick[j]].yes[k];
            maybe &= ~p->g[pick[j]].no[k];
        }
        unsigned who = yes ? yes : maybe;
        if (!who)
            continue;
        uint64_t vals = 0;
        for (int i = 0; i < w->nobj; i++)
            if (who >> i & 1)
                vals |= glance_values(w, q, i, k);
        vals &= opts;
        if ((vals & (vals - 1)) == 0)
            return false; /* one option (or none) left: frame k settles it */
    }
    return true;
}

static int popcount(unsigned m)
{
    int n = 0;
    for (; m; m &= m - 1)
        n++;
    return n;
}

/* The values of category cat the picked subconditions name (a reference's or
 * moment's object by colour and shape, a colour or shape asked for). */
static uint64_t named_values(const comp_world *w, int cat, const pool *p, const int *pick, int n)
{
    uint64_t m = 0;
    for (int k = 0; k < n; k++) {
        const comp_cond *c = &p->c[pick[k]];
        int objs[2] = {c->ref, c->moment_ref};
        for (int j = 0; j < 2; j++)
            if (objs[j] >= 0)
                m |= 1ULL << (cat == CAT_COLOUR ? w->obj[objs[j]].colour : (int)w->obj[objs[j]].shape);
        if ((cat == CAT_COLOUR && c->kind == COMP_C_COLOUR) || (cat == CAT_SHAPE && c->kind == COMP_C_SHAPE))
            m |= 1ULL << c->value;
    }
    return cat == CAT_COLOUR || cat == CAT_SHAPE ? m : 0;
}

/* Every value of category cat some object of the video shows. */
static uint64_t video_values(const comp_world *w, int cat)
{
    uint64_t m = 0;
    for (int i = 0; i < w->nobj; i++)
        switch (cat) {
        case CAT_COLOUR:
            m |= 1ULL << w->obj[i].colour | 1ULL << w->obj[i].colour2;
            break;
        case CAT_SHAPE:
            m |= 1ULL << w->obj[i].shape;
            break;
        default:
            m |= (1ULL << COMP_NEVENTS) - 1;
            break;
        }
    return m;
}

typedef struct search {
    const comp_world *w;
    const pool *p;
    const uint64_t *val;
    const int *order;
    int n, t;
    long budget;                   /* nodes left */
    int pick[MAX_CONDS];
    unsigned sub[1u << MAX_CONDS]; /* the candidates of every subset of the picks so far */
    /* the glance check reads the options: the video's values the question does
     * not name (all of them are options, make_options() below) */
    const ask *q;
    bool glance;                   /* levels 2..4 */
    int answer;
    uint64_t video;
} search;

/* Depth-first over pool entries (in s->order) from `from`, d picked so far: every
 * subset made by the new pick must stay ambiguous, except the whole set of n,
 * which must be {t}, and (levels 2..4) open to every single glance. */
static bool dfs(search *s, int d, int from)
{
    if (d >= s->n || d >= MAX_CONDS)
        return false;
    for (int k = from; k < s->p->n; k++) {
        if (--s->budget < 0)
            return false;
        int c = s->order[k];
        unsigned m = s->p->mask[c];
        bool ok = true;
        for (unsigned use = 0; use < (1u << d) && ok; use++) {
            unsigned set = s->sub[use] & m, bit = use | 1u << d;
            if (d + 1 == s->n && bit == (1u << s->n) - 1)
                ok = set == 1u << s->t;
            else
                ok = ambiguous(s->w, set, s->val);
            s->sub[bit] = set;
        }
        if (!ok)
            continue;
        s->pick[d] = c;
        if (d + 1 == s->n) {
            uint64_t named = named_values(s->w, s->q->cat, s->p, s->pick, s->n);
            uint64_t opts = (s->video | 1ULL << s->answer) & ~named;
            if (named >> s->answer & 1)
                continue;
            /* a rival counts only with an answer among the options (all the
             * video's values the question does not name): a reader who drops a
             * subcondition and sees one option among the objects left is done */
            unsigned mask[MAX_CONDS];
            for (int j = 0; j < s->n; j++)
                mask[j] = s->p->mask[s->pick[j]];
            if (!verified(s->w, mask, s->n, s->t, s->val, opts))
                continue;
            if (!s->glance || glance_open(s->w, s->q, s->p, s->pick, s->n, opts))
                return true;
            continue;
        }
        if (dfs(s, d + 1, k + 1))
            return true;
    }
    return false;
}

/* Nodes of the search tried on one world before it is drawn again. */
#define SEARCH_BUDGET 200000

/* Families of subconditions, drawn alike by the search: attributes, relations
 * to another object, the line or the bar in one frame, events over the video,
 * presence at a frame or moment, and any condition whose frame is a moment. */
enum { FAM_ATTRIBUTE, FAM_RELATION, FAM_LINE_BAR, FAM_EVENT, FAM_PRESENCE, FAM_MOMENT, NFAMILIES };

static int family(const comp_cond *c)
{
    if (c->moment_ref >= 0)
        return FAM_MOMENT;
    switch (c->kind) {
    case COMP_C_COLOUR:
    case COMP_C_SHAPE:
    case COMP_C_SIZE:
        return FAM_ATTRIBUTE;
    case COMP_C_LEFT_OF:
    case COMP_C_RIGHT_OF:
    case COMP_C_ABOVE:
    case COMP_C_BELOW:
    case COMP_C_NEAREST:
        return FAM_RELATION;
    case COMP_C_SIDE:
    case COMP_C_HIDDEN:
    case COMP_C_WILL_SIDE:
        return FAM_LINE_BAR;
    case COMP_C_VISIBLE:
    case COMP_C_GONE_BEFORE:
    case COMP_C_ARRIVES_AFTER:
        return FAM_PRESENCE;
    default:
        return FAM_EVENT;
    }
}

/* Chooses n subconditions from the pool that pass verification, broadest first;
 * false when the search finds none within its budget. */
static bool choose(const comp_world *w, const ask *q, const pool *p, int n, const uint64_t *val, int answer, rng *r,
                   int *pick)
{
    if (p->n < n)
        return false;
    /* the search's order: a random family of kinds, then a random entry of it, in
     * turn, so the many spatial relations (frames x references) do not crowd out
     * the few attribute and temporal conditions */
    int order[POOL_MAX], left[NFAMILIES][POOL_MAX], nleft[NFAMILIES] = {0};
    for (int k = 0; k < p->n; k++) {
        int fam = family(&p->c[k]);
        left[fam][nleft[fam]++] = k;
    }
    for (int k = 0; k < p->n; k++) {
        int fam;
        do
            fam = (int)rng_below(r, NFAMILIES);
        while (nleft[fam] == 0);
        int j = (int)rng_below(r, (uint32_t)nleft[fam]);
        order[k] = left[fam][j];
        left[fam][j] = left[fam][--nleft[fam]];
    }
    search s = {.w = w, .p = p, .val = val, .order = order, .n = n, .t = q->t, .budget = SEARCH_BUDGET,
                .q = q, .glance = n >= 2, .answer = answer, .video = video_values(w, q->cat)};
    s.sub[0] = (1u << w->nobj) - 1;
    if (!ambiguous(w, s.sub[0], val) || !dfs(&s, 0, 0))
        return false;
    unsigned mask[MAX_CONDS];
    for (int k = 0; k < n; k++) {
        pick[k] = s.pick[k];
        mask[k] = p->mask[pick[k]];
    }
    uint64_t opts = (video_values(w, q->cat) | 1ULL << answer) & ~named_values(w, q->cat, p, pick, n);
    if (!verified(w, mask, n, q->t, val, opts)) /* the search's own result, checked the plain way */
        return false;
    /* broadest first, so the steps' counts narrow down (ties keep the draw's order) */
    for (int a = 1; a < n; a++)
        for (int b = a; b > 0 && popcount(p->mask[pick[b]]) > popcount(p->mask[pick[b - 1]]); b--) {
            int tmp = pick[b];
            pick[b] = pick[b - 1];
            pick[b - 1] = tmp;
        }
    return true;
}

/* Whether word occurs in text as a whole word (or phrase). */
static bool mentions(const char *text, const char *word)
{
    size_t n = strlen(word);
    for (const char *s = strstr(text, word); s; s = strstr(s + 1, word)) {
        bool before = s == text || !((s[-1] >= 'a' && s[-1] <= 'z') || (s[-1] >= 'A' && s[-1] <= 'Z'));
        bool after = !((s[n] >= 'a' && s[n] <= 'z') || (s[n] >= 'A' && s[n] <= 'Z'));
        if (before && after)
            return true;
    }
    return false;
}

/* The word of answer value v of category cat. */
static const char *value_word(int cat, int v)
{
    switch (cat) {
    case CAT_COLOUR:
        return PALETTE[v].name;
    case CAT_SHAPE:
        return shape_name((shape_kind)v);
    default:
        return comp_event_answer(v);
    }
}

/* The values a question of category cat may offer. */
static int value_pool(int cat, int *out)
{
    int n = 0;
    switch (cat) {
    case CAT_COLOUR:
        for (int k = 0; k < COMP_NCOLOURS; k++)
            out[n++] = COMP_COLOURS[k];
        break;
    case CAT_SHAPE:
        for (int k = 0; k < COMP_NSHAPES; k++)
            out[n++] = (int)COMP_SHAPES[k];
        break;
    default:
        for (int k = 0; k < COMP_NEVENTS; k++)
            out[n++] = k;
        break;
    }
    return n;
}

/* The five options: the answer at `letter`, and four others the question does
 * not name: first the other values the video shows (all of them: they are the
 * objects a reader weighs, and the glance check counts on them), then others of
 * the category.  False when four such values do not exist. */
static bool make_options(const comp_world *w, int cat, int answer, uint64_t named, int letter, rng *r, int *option)
{
    int all[PALETTE_SIZE], nall = value_pool(cat, all), seen[PALETTE_SIZE], nseen = 0, rest[PALETTE_SIZE], nrest = 0;
    uint64_t video = video_values(w, cat);
    for (int k = 0; k < nall; k++) {
        if (all[k] == answer || (named >> all[k] & 1))
            continue;
        if (video >> all[k] & 1)
            seen[nseen++] = all[k];
        else
            rest[nrest++] = all[k];
    }
    if (nseen > NOPTIONS - 1 || nseen + nrest < NOPTIONS - 1)
        return false;
    rng_shuffle_int(r, seen, nseen);
    rng_shuffle_int(r, rest, nrest);
    for (int k = 0; k < nrest; k++)
        seen[nseen + k] = rest[k];
    /* the distractors in random order around the answer's letter */
    rng_shuffle_int(r, seen, NOPTIONS - 1);
    for (int k = 0, d = 0; k < NOPTIONS; k++)
        option[k] = k == letter ? answer : seen[d++];
    return true;
}

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level, F = ctx->p.frames;
    rng *r = &ctx->rng;
    /* the category, the letter and (event questions) the wanted answer from
     * streams of their own: uniform, whatever the redraws */
    rng cr, lr;
    gen_stream(ctx, "category", &cr);
    gen_stream(ctx, "letter", &lr);
    int cat = (int)rng_below(&cr, NCATS);
    int letter = (int)rng_below(&lr, NOPTIONS);
    int wanted = cat == CAT_EVENT ? (int)rng_below(&cr, COMP_NEVENTS) : -1;
    comp_world w;
    pool p;
    for (int tries = 0;; tries++) {
        if (tries == WORLD_TRIES * CATEGORY_ROUNDS)
            return gen_fail(ctx, "cannot compose %d subconditions with a unique answer in %d videos of %d frames", n,
                            WORLD_TRIES * CATEGORY_ROUNDS, F);
        if (tries > 0)
            ctx->redraws++;
        int world = tries % WORLD_TRIES;
        if (tries > 0 && world == 0) {
            /* a round without a question: the category again, from its stream */
            cat = (int)rng_below(&cr, NCATS);
            wanted = cat == CAT_EVENT ? (int)rng_below(&cr, COMP_NEVENTS) : -1;
        }
        int want = world < WANTED_WORLDS ? wanted : -1;
        /* more objects, sharing fewer shapes and colours, as conditions grow */
        comp_spec spec = {.nframes = F,
                          .nobj = 4 + n + rng_int(r, 0, 2),
                          .nshapes = rng_int(r, 3, 4),
                          .ncolours = rng_int(r, 3, 5),
                          .bar = true,
                          .line = true,
                          .appear = rng_int(r, cat == CAT_EVENT, 2),
                          .vanish = rng_int(r, cat == CAT_EVENT, 2),
                          .change = rng_int(r, cat == CAT_EVENT, 1),
                          .cross = rng_int(r, 1, 3),
                          .behind = rng_int(r, 1, 2)};
        if (!comp_world_make(&w, &spec, r))
            continue;
        /* a few targets in turn before the world is drawn again */
        ask q = {.cat = cat, .t = -1};
        uint64_t val[COMP_MAX_OBJECTS];
        int answer = -1, pick[MAX_CONDS], order[COMP_MAX_OBJECTS], option[NOPTIONS];
        for (int k = 0; k < w.nobj; k++)
            order[k] = k;
        rng_shuffle_int(r, order, w.nobj);
        bool found = false;
        for (int k = 0, tried = 0; tried < TARGET_TRIES && k < w.nobj && !found; k++) {
            q.t = order[k];
            answer_sets(&w, &q, val);
            answer = single(val[q.t]);
            if (answer < 0 || (want >= 0 && answer != want))
                continue;
            tried++;
            gather(&w, &q, r, &p);
            found = choose(&w, &q, &p, n, val, answer, r, pick) &&
                    make_options(&w, cat, answer, named_values(&w, cat, &p, pick, n), letter, r, option);
        }
        if (!found)
            continue;
        /* the question's words */
        char text[MAX_CONDS][256], conds[1100], question[1400];
        size_t at = 0;
        conds[0] = '\0';
        for (int k = 0; k < n; k++) {
            comp_cond_text(&w, &p.c[pick[k]], text[k], sizeof text[k]);
            const char *sep = k == 0 ? "" : k == n - 1 ? (n > 2 ? ", and " : " and ") : ", ";
            at += (size_t)snprintf(conds + at, sizeof conds - at, "%s%s", sep, text[k]);
        }
        if (cat == CAT_EVENT)
            snprintf(question, sizeof question, "What happens during the video to the object that %s?", conds);
        else
            snprintf(question, sizeof question, "Which %s is the object that %s?", CATEGORY[cat], conds);
        /* no option's word in the question (a colour question names no option
         * colour, the answer's least of all); at most MAX_NAMED_SHAPES shapes named */
        bool named = false;
        int nshapes = 0;
        for (int k = 0; k < NOPTIONS; k++)
            named |= mentions(question, value_word(cat, option[k]));
        if (cat == CAT_SHAPE)
            for (int k = 0; k < COMP_NSHAPES; k++)
                nshapes += mentions(question, shape_name(COMP_SHAPES[k]));
        if (named || nshapes > MAX_NAMED_SHAPES)
            continue;
        /* the frames */
        for (int f = 0; f < ctx->nimages; f++)
            comp_draw(&w, f, ctx->img[f]);
        /* the record */
        cJSON *rec = ctx->record;
        cJSON_AddStringToObject(rec, "logic", "conjunctive");
        cJSON_AddNumberToObject(rec, "num_conditions", n);
        cJSON_AddStringToObject(rec, "question", question);
        cJSON *opts = cJSON_AddArrayToObject(rec, "options");
        for (int k = 0; k < NOPTIONS; k++)
            cJSON_AddItemToArray(opts, cJSON_CreateString(value_word(cat, option[k])));
        char letter_s[2] = {(char)('A' + letter), '\0'};
        cJSON_AddStringToObject(rec, "answer", letter_s);
        cJSON_AddStringToObject(rec, "answer_value", value_word(cat, answer));
        cJSON_AddStringToObject(rec, "category", CATEGORY[cat]);
        cJSON *steps = cJSON_AddArrayToObject(rec, "steps");
        unsigned set = (1u << w.nobj) - 1;
        for (int k = 0; k < n; k++) {
            set &= p.mask[pick[k]];
            char rule[256], count[16];
            comp_cond_rule(&w, &p.c[pick[k]], rule, sizeof rule);
            snprintf(count, sizeof count, "%d", popcount(set));
            cJSON *step = cJSON_CreateObject();
            cJSON_AddStringToObject(step, "text", text[k]);
            cJSON_AddStringToObject(step, "answer", count);
            cJSON_AddStringToObject(step, "rule", rule);
            cJSON_AddItemToArray(steps, step);
        }
        return GEN_EXIT_OK;
    }
}

static int check_level(const gen_params *p, char *err, size_t errlen)
{
    if (p->level > MAX_CONDS) {
        snprintf(err, errlen, "cannot compose %d subconditions (at most %d)", p->level, MAX_CONDS);
        return -1;
    }
    return 0;
}

static const gen_field fields[] = {{"logic", FIELD_STRING},
                                   {"num_conditions", FIELD_INT},
                                   {"question", FIELD_STRING},
                                   {"options", FIELD_STRING_ARRAY},
                                   {"answer", FIELD_STRING},
                                   {"answer_value", FIELD_STRING},
                                   {"category", FIELD_STRING},
                                   {"steps", FIELD_STEPS},
                                   {NULL, 0}};

const generator gen_comp_conjunctive = {
    .name = "comp_conjunctive",
    .summary = "a short video of moving shapes; which colour or shape is the one object meeting 1..4 conditions",
    .images = GEN_IMAGES_FRAMES,
    .own = true,
    .fields = fields,
    .level_field = "num_conditions",
    .level_min = 1,
    .level_max = 4,
    .lowest_level = 1,
    .input_prompt =
        "You are shown the frames of a short video, first to last; each frame carries its number in the top-left "
        "corner. Coloured shapes (circles, triangles, squares, pentagons, hexagons, stars and diamonds) in three "
        "sizes move in straight lines at steady speeds over a white background. Between frames a shape may appear, "
        "vanish, change colour, pass behind the grey bar that stands in front of everything, or cross the black "
        "line drawn behind the shapes.",
    .rules = "The question describes one object by conditions that must all hold together; exactly one object in "
             "the video meets all of them. An object is the same object in every frame it is in, even when its "
             "colour changes. Left, right, higher and lower compare the centres of two objects in the same frame; "
             "the closest object is the one whose centre is nearest. The sizes are small, medium and large, and "
             "shapes of one size cover about the same area. A frame number is the number printed in that frame.",
    .output_prompt = "Write the letter of the correct option on the last line as ANSWER: X, where X is A, B, C, D or "
                     "E. Before it you may write one line per condition, STEP k: n, where n is the number of objects "
                     "in the video that meet conditions 1 to k together.",
    .answer = {.format = "ANSWER: X", .kind = ANSWER_CHOICE, .gold = {"answer"}, .axis = "num_conditions"},
    .check_level = check_level,
    .sample = sample,
};
