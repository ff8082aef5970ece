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
 * fails when no set of subconditions passes the verification (measured: a few
 * worlds a sample at level 4, see docs/tasks/comp_conjunctive.md). */
#define WORLD_TRIES 300
/* Subconditions gathered about the target, at most. */
#define POOL_MAX 96
/* Targets tried on one world before it is drawn again. */
#define TARGET_TRIES 4
/* Frames sampled for spatial subconditions per world (each with every reference). */
#define FRAME_PICKS 5
/* A shape question names at most this many shapes, so five options remain that
 * the question does not name (COMP_NSHAPES = 7). */
#define MAX_NAMED_SHAPES (COMP_NSHAPES - NOPTIONS)

typedef struct pool {
    comp_cond c[POOL_MAX];
    unsigned mask[POOL_MAX];
    int n;
} pool;

/* The objects (bits) satisfying c, when no object is unsure; else false. */
static bool cond_mask(const comp_world *w, const comp_cond *c, unsigned *mask)
{
    return comp_candidates(w, c, 1, 1u, mask);
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
    p->n++;
}

/* Every usable subcondition the target meets (attribute ones not on the asked attribute). */
static void gather(const comp_world *w, int t, int attr, rng *r, pool *p)
{
    const comp_object *o = &w->obj[t];
    p->n = 0;
    comp_cond c;
    if (attr != COMP_A_COLOUR && o->change_frame == COMP_NO_FRAME) {
        c = comp_cond_none(COMP_C_COLOUR);
        c.value = o->colour;
        pool_add(p, w, c, t);
    }
    if (attr != COMP_A_COLOUR && o->change_frame != COMP_NO_FRAME) {
        /* the colour it has in one frame: the same object in another frame */
        for (int k = 0; k < 2; k++) {
            int f = k == 0 ? rng_int(r, o->appear, o->change_frame - 1) : rng_int(r, o->change_frame, o->vanish - 1);
            c = comp_cond_none(COMP_C_COLOUR);
            c.value = comp_colour(w, t, f);
            c.frame = f;
            pool_add(p, w, c, t);
        }
    }
    if (attr != COMP_A_SHAPE) {
        c = comp_cond_none(COMP_C_SHAPE);
        c.value = (int)o->shape;
        pool_add(p, w, c, t);
    }
    c = comp_cond_none(COMP_C_SIZE);
    c.value = o->size;
    pool_add(p, w, c, t);
    static const int whole[] = {COMP_C_BEHIND, COMP_C_CROSSES, COMP_C_CHANGES, COMP_C_APPEARS, COMP_C_VANISHES};
    for (size_t k = 0; k < sizeof whole / sizeof *whole; k++)
        pool_add(p, w, comp_cond_none(whole[k]), t);
    /* frames: some numbers, and the moments of other objects' events */
    for (int pick = 0; pick < FRAME_PICKS + 4; pick++) {
        comp_cond when = comp_cond_none(0);
        if (pick < FRAME_PICKS) {
            when.frame = rng_int(r, 0, w->nframes - 1);
        } else {
            int j = rng_int(r, 0, w->nobj - 1), ev = rng_int(r, 0, COMP_NEVENTS - 1);
            if (j == t || !comp_ref_ok(w, j) || !comp_moment_ok(w, j, ev))
                continue;
            when.moment_ref = j;
            when.moment_ev = ev;
        }
        int f = comp_cond_frame(w, &when);
        static const int framed[] = {COMP_C_SIDE, COMP_C_HIDDEN, COMP_C_VISIBLE, COMP_C_GONE_BEFORE, COMP_C_ARRIVES_AFTER};
        for (size_t k = 0; k < sizeof framed / sizeof *framed; k++) {
            c = when;
            c.kind = framed[k];
            if (c.kind == COMP_C_SIDE)
                c.value = comp_line_side(w, t, f) ? comp_line_side(w, t, f) : -1;
            pool_add(p, w, c, t);
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
                pool_add(p, w, c, t);
            }
        }
    }
}

/* The answer value of every object (the target's attribute; a unique negative
 * number for an object whose colour changes, which has no one colour). */
static void answer_values(const comp_world *w, int attr, int *val)
{
    for (int i = 0; i < w->nobj; i++) {
        val[i] = comp_attr_value(w, i, attr, COMP_NO_FRAME);
        if (val[i] < 0)
            val[i] = -1 - i;
    }
}

/* True when the objects in set carry two different answer values at least. */
static bool ambiguous(const comp_world *w, unsigned set, const int *val)
{
    int first = 0;
    bool have = false;
    for (int i = 0; i < w->nobj; i++) {
        if (!(set >> i & 1))
            continue;
        if (!have) {
            first = val[i];
            have = true;
        } else if (val[i] != first) {
            return true;
        }
    }
    return false;
}

/* The verification: the whole set leaves {t}; every proper subset leaves several
 * objects with different answers. */
static bool verified(const comp_world *w, const unsigned *mask, int n, int t, const int *val)
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
        } else if (!ambiguous(w, set, val)) {
            return false;
        }
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

typedef struct search {
    const comp_world *w;
    const pool *p;
    const int *val, *order;
    int n, t;
    long budget;                   /* nodes left */
    int pick[MAX_CONDS];
    unsigned sub[1u << MAX_CONDS]; /* the candidates of every subset of the picks so far */
} search;

/* Depth-first over pool entries (in s->order) from `from`, d picked so far: every
 * subset made by the new pick must stay ambiguous, except the whole set of n,
 * which must be {t}. */
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
        if (d + 1 == s->n || dfs(s, d + 1, k + 1))
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
static bool choose(const comp_world *w, const pool *p, int n, int t, const int *val, rng *r, int *pick)
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
    search s = {.w = w, .p = p, .val = val, .order = order, .n = n, .t = t, .budget = SEARCH_BUDGET};
    s.sub[0] = (1u << w->nobj) - 1;
    if (!ambiguous(w, s.sub[0], val) || !dfs(&s, 0, 0))
        return false;
    unsigned mask[MAX_CONDS];
    for (int k = 0; k < n; k++) {
        pick[k] = s.pick[k];
        mask[k] = p->mask[pick[k]];
    }
    if (!verified(w, mask, n, t, val)) /* the search's own result, checked the plain way */
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

/* Whether word occurs in text as a whole word. */
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

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level, F = ctx->p.frames;
    rng *r = &ctx->rng;
    comp_world w;
    pool p;
    for (int world = 0;; world++) {
        if (world == WORLD_TRIES)
            return gen_fail(ctx, "cannot compose %d subconditions with a unique answer in %d videos of %d frames", n,
                            WORLD_TRIES, F);
        if (world > 0)
            ctx->redraws++;
        /* more objects, sharing fewer shapes and colours, as conditions grow */
        comp_spec spec = {.nframes = F,
                          .nobj = 4 + n + rng_int(r, 0, 2),
                          .nshapes = rng_int(r, 3, 4),
                          .ncolours = rng_int(r, 3, 5),
                          .bar = true,
                          .line = true,
                          .appear = rng_int(r, 0, 2),
                          .vanish = rng_int(r, 0, 2),
                          .change = rng_int(r, 0, 1),
                          .cross = rng_int(r, 1, 3),
                          .behind = rng_int(r, 1, 2)};
        if (!comp_world_make(&w, &spec, r))
            continue;
        /* a few targets in turn before the world is drawn again */
        int t = -1, attr = 0, val[COMP_MAX_OBJECTS], pick[MAX_CONDS], order[COMP_MAX_OBJECTS];
        for (int k = 0; k < w.nobj; k++)
            order[k] = k;
        rng_shuffle_int(r, order, w.nobj);
        for (int k = 0; k < TARGET_TRIES && k < w.nobj && t < 0; k++) {
            /* colour only of an object with one colour; else its shape */
            attr = w.obj[order[k]].change_frame == COMP_NO_FRAME && rng_below(r, 2) ? COMP_A_COLOUR : COMP_A_SHAPE;
            answer_values(&w, attr, val);
            gather(&w, order[k], attr, r, &p);
            if (choose(&w, &p, n, order[k], val, r, pick))
                t = order[k];
        }
        if (t < 0)
            continue;
        /* the question's words */
        const char *noun = attr == COMP_A_COLOUR ? "colour" : "shape";
        char text[MAX_CONDS][256], question[1400];
        size_t at = (size_t)snprintf(question, sizeof question, "Which %s is the object that ", noun);
        for (int k = 0; k < n; k++) {
            comp_cond_text(&w, &p.c[pick[k]], text[k], sizeof text[k]);
            const char *sep = k == 0 ? "" : k == n - 1 ? (n > 2 ? ", and " : " and ") : ", ";
            at += (size_t)snprintf(question + at, sizeof question - at, "%s%s", sep, text[k]);
        }
        snprintf(question + at, sizeof question - at, "?");
        /* options: the answer and four values the question does not name */
        int answer = val[t], cand[COMP_NCOLOURS > COMP_NSHAPES ? COMP_NCOLOURS : COMP_NSHAPES], ncand = 0, named = 0;
        int nvalues = attr == COMP_A_COLOUR ? COMP_NCOLOURS : COMP_NSHAPES;
        bool answer_named = false;
        for (int k = 0; k < nvalues; k++) {
            int v = attr == COMP_A_COLOUR ? COMP_COLOURS[k] : (int)COMP_SHAPES[k];
            if (mentions(question, comp_attr_word(attr, v))) {
                named++;
                answer_named = answer_named || v == answer;
            } else if (v != answer) {
                cand[ncand++] = v;
            }
        }
        if (answer_named || ncand < NOPTIONS - 1 || (attr == COMP_A_SHAPE && named > MAX_NAMED_SHAPES))
            continue;
        rng_shuffle_int(r, cand, ncand);
        int letter = (int)rng_below(r, NOPTIONS), option[NOPTIONS];
        for (int k = 0, d = 0; k < NOPTIONS; k++)
            option[k] = k == letter ? answer : cand[d++];
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
            cJSON_AddItemToArray(opts, cJSON_CreateString(comp_attr_word(attr, option[k])));
        char letter_s[2] = {(char)('A' + letter), '\0'};
        cJSON_AddStringToObject(rec, "answer", letter_s);
        cJSON_AddStringToObject(rec, "answer_value", comp_attr_word(attr, answer));
        cJSON_AddStringToObject(rec, "category", noun);
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
