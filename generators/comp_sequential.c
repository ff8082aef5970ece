/* SPDX-License-Identifier: MIT */
/* comp_sequential: a short video (F frames, 500x300) of moving primitives with
 * events (appear, vanish, change colour, pass behind the grey bar, cross the
 * black line) and a question whose n subconditions are resolved in order, each
 * naming an object or a frame the next one uses (issue 30, PerceptionComp's
 * sequential logic); n = the level, 1..4.
 * Record: logic "sequential", num_conditions = n, question, options (5 words of
 * one category), answer (A-E), answer_value, category, steps (text, answer,
 * rule).  Every sample is verified before it is written (comp_chain.h): each
 * step yields exactly one object or frame, readable in the frames it refers
 * to, the answer is unique, and no proper subset of the steps leaves a unique
 * answer.  See docs/tasks/comp_sequential.md. */
#include "comp_chain.h"
#include "comp_world.h"
#include "errors.h"
#include "generator.h"
#include "palette.h"
#include "shapes.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Objects a world holds: enough for a chain to have alternatives at every
 * step, few enough to tell apart at 500x300 (a count answer stays below 10). */
#define OBJ_MIN 5
#define OBJ_MAX 8
/* Worlds drawn before the sample is declared impossible; each thrown-away
 * world counts as a redraw.  Measured: see docs/tasks/comp_sequential.md. */
#define WORLD_TRIES 400
/* Rounds of WORLD_TRIES worlds: when a round finds no chain for its category
 * (about one sample in 4,000 at level 3, 16 frames), the next draws the
 * category again from its stream, so a long run does not fail on a rare world
 * (the rounds after the first shift the categories by that rate at most). */
#define CATEGORY_ROUNDS 4
/* A prediction needs an object to jump from clearly over the line to clearly
 * across it in one frame (2 (M + 2) px and more), which the speeds of a video
 * of more frames never reach (240 px over F - 1 frames at most). */
#define PREDICT_FRAMES_MAX 20
/* Frame questions offer five frame numbers, so they need five frames. */
#define FRAME_OPTIONS_MIN 5
#define NOPTIONS 5
/* Option sets drawn for one chain before the next is tried: the distractors (a
 * window of numbers) must hold the answers a reader dropping a step would reach. */
#define OPTION_TRIES 3
/* Count questions need frames whose counts differ: with fewer than five,
 * appearing and vanishing hardly fit and no count chain verified (measured
 * at 2 frames: none in 400 videos). */
#define COUNT_FRAMES_MIN 5
/* A count answer is one digit.  Counts of visible objects pile up in the
 * middle, which a text-only guess learns from the options (28% with any count
 * taken, 5..8 objects); so a count question first draws the count it will ask
 * for, uniformly, and keeps only chains that end on it, for a while. */
#define COUNT_MAX 9
#define COUNT_TARGET_MIN 2
#define COUNT_TARGET_MAX 8
/* Worlds tried for the drawn answer (count, event, direction, predicted frame)
 * before any is taken (TARGET_WORLDS below, per category): without this the
 * answers a video allows most easily would pile up, which a text-only guess
 * learns (the priors measured on the page stay under 30% with these). */
enum { CAT_COLOUR, CAT_SHAPE, CAT_FRAME, CAT_COUNT, CAT_EVENT, CAT_DIRECTION, CAT_PREDICT, NCATS };
static const char *const CATEGORY[NCATS] = {"colour", "shape", "frame", "count", "event", "direction", "prediction"};
static const int TARGET_WORLDS[NCATS] = {0, 0, 0, 60, 100, 30, 60};
static const cc_readout READ_OF[NCATS] = {CC_READ_COLOUR, CC_READ_SHAPE,     CC_READ_FRAME,  CC_READ_COUNT,
                                          CC_READ_EVENT,  CC_READ_DIRECTION, CC_READ_PREDICT};

/* The categories a level can ask: a one-step question names an object, so it
 * asks about it (colour, shape, what happens to it, where it would cross the
 * line); frame and count questions need five frames; a direction needs two
 * objects and a frame, so three steps. */
static int categories(int n, int frames, int *out)
{
    int k = 0;
    out[k++] = CAT_COLOUR;
    /* two steps cannot end on a shape: the only object-to-object step without
     * a frame keeps the shape */
    if (n != 2)
        out[k++] = CAT_SHAPE;
    if (n > 1 && frames >= FRAME_OPTIONS_MIN)
        out[k++] = CAT_FRAME;
    if (n > 1 && frames >= COUNT_FRAMES_MIN)
        out[k++] = CAT_COUNT;
    out[k++] = CAT_EVENT;
    if (n >= 3)
        out[k++] = CAT_DIRECTION;
    if (frames <= PREDICT_FRAMES_MAX)
        out[k++] = CAT_PREDICT;
    return k;
}

/* The answer a category wants first, drawn uniformly (so no value is likelier
 * by the text alone: counts 2..8, the five events, the eight directions, the
 * predicted frames), or -1 for any. */
static int draw_target(rng *r, int cat)
{
    switch (cat) {
    case CAT_COUNT:
        return rng_int(r, COUNT_TARGET_MIN, COUNT_TARGET_MAX);
    case CAT_EVENT:
        return (int)rng_below(r, COMP_NEVENTS);
    case CAT_DIRECTION:
        return (int)rng_below(r, COMP_NDIRS);
    case CAT_PREDICT:
        return (int)rng_below(r, CC_PREDICT_MAX);
    }
    return -1;
}

/* Every candidate for step k of c (steps 0..k-1 set), reading what the step
 * before established; the last step's type follows the category.  Writes
 * them to out and returns how many. */
static int step_candidates(const cc_view *v, const cc_chain *c, int k, int cat, cc_step *out)
{
    int n = 0;
    bool last = k == c->n - 1;
    if (k == 0) {
        for (int op = CC_VANISHES; op <= CC_SIZE; op++) {
            /* no option word in the question: a colour question names no
             * colour, a shape question no shape */
            if ((op == CC_COLOUR && cat == CAT_COLOUR) || (op == CC_SHAPE && cat == CAT_SHAPE))
                continue;
            if (op < CC_SHAPE) {
                out[n++] = (cc_step){(cc_op)op, 0};
                continue;
            }
            /* an attribute step: every value some object has */
            int seen[PALETTE_SIZE > SHAPE_COUNT ? PALETTE_SIZE : SHAPE_COUNT] = {0};
            for (int o = 0; o < v->nobj; o++) {
                int a = op == CC_SHAPE ? v->shape[o] : op == CC_SIZE ? v->size[o] : -1;
                if (op == CC_COLOUR)
                    for (int f = 0; f < v->nframes && a < 0; f++)
                        if (v->st[o][f].vis != CC_ABSENT)
                            a = v->st[o][f].colour;
                if (a >= 0 && !seen[a]) {
                    seen[a] = 1;
                    out[n++] = (cc_step){(cc_op)op, a};
                }
            }
        }
        return n;
    }
    bool prev_frame = cc_op_frame(c->step[k - 1].op);
    int os, fs;
    cc_inputs(c, k, &os, &fs);
    /* each step reads the previous step's value, so every value gets used; the
     * last step's type is the one the readout reads */
    bool frame_ok = !prev_frame, object_ok = true;
    if (last && (cat == CAT_FRAME || cat == CAT_COUNT))
        object_ok = false;
    if (last && (cat == CAT_SHAPE || cat == CAT_DIRECTION || cat == CAT_PREDICT))
        frame_ok = false;
    if (frame_ok)
        for (int op = CC_LAST_SEEN; op <= CC_WENT_BEHIND; op++)
            out[n++] = (cc_step){(cc_op)op, 0};
    if (object_ok && !prev_frame)
        out[n++] = (cc_step){CC_SAME_SHAPE, 0};
    if (object_ok && fs >= 0)
        out[n++] = (cc_step){CC_NEAREST, 0};
    if (object_ok && prev_frame)
        for (int op = CC_LEFTMOST; op <= CC_BOTTOMMOST; op++)
            out[n++] = (cc_step){(cc_op)op, 0};
    return n;
}

/* The search over chains of one world. */
/* Answer values (comp_chain.h contract 6: each below 64). */
#define NANSWERS 64

typedef struct search {
    const cc_view *v;
    int cat;
    int target;      /* the answer wanted, or -1 for any */
    rng *r;
    long found;      /* verified chains met so far */
    /* per answer value, the chains met and one of them, uniform (reservoir
     * sampling): the world's answer values are then drawn alike, so the
     * answers a world offers often do not crowd out the rare ones */
    long found_by[NANSWERS];
    cc_chain best[NANSWERS];
    cc_result res[NANSWERS];
} search;

static bool step_answer(const cc_view *v, const cc_chain *c, const cc_result *res, int k, char *out, size_t n);

/* Depth-first over every chain that resolves step by step; each complete one
 * that verifies and names its steps joins the reservoir. */
static void dfs(search *s, cc_chain *c, int k)
{
    cc_result res;
    if (k == c->n) {
        c->read = READ_OF[s->cat];
        if (cc_verify(s->v, c, &res) != 0)
            return;
        char word[24];
        for (int j = 0; j < c->n; j++)
            if (!step_answer(s->v, c, &res, j, word, sizeof word))
                return;
        if (s->target >= 0 && res.answer != s->target)
            return;
        s->found++;
        long *met = &s->found_by[res.answer];
        (*met)++;
        if (rng_below(s->r, (uint32_t)(*met > UINT32_MAX ? UINT32_MAX : *met)) == 0) {
            s->best[res.answer] = *c;
            s->res[res.answer] = res;
        }
        return;
    }
    cc_step cand[CC_OPS + 2 * PALETTE_SIZE];
    int nc = step_candidates(s->v, c, k, s->cat, cand);
    for (int i = 0; i < nc; i++) {
        c->step[k] = cand[i];
        cc_chain pre = *c;
        pre.n = k + 1;
        pre.read = CC_READOUTS;
        if (cc_resolve(s->v, &pre, &res) == 0)
            dfs(s, c, k + 1);
    }
}

/* The one-word name of a step's value: a frame number, or an object's colour
 * (in the frame the step reads, else where it is first seen whole) when no
 * other object has that colour in that frame (in any frame, for a step that
 * reads none).  False when the colour does not name it. */
static bool step_answer(const cc_view *v, const cc_chain *c, const cc_result *res, int k, char *out, size_t n)
{
    if (cc_op_frame(c->step[k].op)) {
        snprintf(out, n, "%d", res->value[k] + 1);
        return true;
    }
    int o = res->value[k], os, fs;
    cc_inputs(c, k, &os, &fs);
    if (c->step[k].op < CC_NEAREST)
        fs = -1; /* a step that reads no frame */
    int f = fs >= 0 ? res->value[fs] : -1;
    if (f < 0)
        for (int g = 0; g < v->nframes && f < 0; g++)
            if (v->st[o][g].vis == CC_SEEN)
                f = g;
    if (f < 0)
        return false;
    int col = v->st[o][f].colour;
    /* a step that reads a frame names its object in that frame; one that
     * reads none names it for the whole video */
    for (int i = 0; i < v->nobj; i++)
        for (int g = fs >= 0 ? f : 0; g <= (fs >= 0 ? f : v->nframes - 1); g++)
            if (i != o && v->st[i][g].vis != CC_ABSENT && v->st[i][g].colour == col)
                return false;
    snprintf(out, n, "%s", PALETTE[col].name);
    return true;
}

/* The five options of category cat with the answer at `letter` (their values
 * in val, their words in opt); false when the answer cannot have four
 * same-category companions. */
static bool make_options(rng *r, const cc_view *v, int cat, int answer, int letter, int val[NOPTIONS],
                         char opt[NOPTIONS][40])
{
    int n = 0, pool[PALETTE_SIZE > 16 ? PALETTE_SIZE : 16], np = 0;
    int tmp[NOPTIONS];
    tmp[n++] = answer;
    switch (cat) {
    case CAT_COLOUR: {
        /* the other colours the video shows first, then others a world may use */
        for (int i = 0; i < v->nobj; i++)
            for (int f = 0; f < v->nframes; f++) {
                int col = v->st[i][f].colour;
                bool dup = col == answer || v->st[i][f].vis == CC_ABSENT;
                for (int j = 0; j < np && !dup; j++)
                    dup = pool[j] == col;
                if (!dup)
                    pool[np++] = col;
            }
        rng_shuffle_int(r, pool, np);
        for (int j = 0; j < np && n < NOPTIONS; j++)
            tmp[n++] = pool[j];
        int rest[COMP_NCOLOURS], nr = 0;
        for (int j = 0; j < COMP_NCOLOURS; j++) {
            bool dup = false;
            for (int i = 0; i < n && !dup; i++)
                dup = tmp[i] == COMP_COLOURS[j];
            if (!dup)
                rest[nr++] = COMP_COLOURS[j];
        }
        rng_shuffle_int(r, rest, nr);
        for (int j = 0; j < nr && n < NOPTIONS; j++)
            tmp[n++] = rest[j];
        break;
    }
    case CAT_SHAPE:
    case CAT_EVENT:
    case CAT_DIRECTION: {
        /* four others of the category's values */
        int nv = cat == CAT_SHAPE ? COMP_NSHAPES : cat == CAT_EVENT ? COMP_NEVENTS : COMP_NDIRS;
        for (int j = 0; j < nv; j++) {
            int x = cat == CAT_SHAPE ? (int)COMP_SHAPES[j] : j;
            if (x != answer)
                pool[np++] = x;
        }
        rng_shuffle_int(r, pool, np);
        for (int j = 0; j < np && n < NOPTIONS; j++)
            tmp[n++] = pool[j];
        break;
    }
    default: {
        /* five consecutive numbers holding the answer, the window placed
         * uniformly among those that fit: no option is more likely by value */
        int lo = 0, hi = cat == CAT_FRAME ? v->nframes - 1 : cat == CAT_COUNT ? COUNT_MAX : CC_PREDICT_MAX - 1;
        if (answer < lo || answer > hi || hi - lo + 1 < NOPTIONS)
            return false;
        int s0 = answer - (NOPTIONS - 1) < lo ? lo : answer - (NOPTIONS - 1);
        int s1 = answer > hi - (NOPTIONS - 1) ? hi - (NOPTIONS - 1) : answer;
        int st = rng_int(r, s0, s1);
        for (int j = 0; j < NOPTIONS; j++)
            if (st + j != answer)
                tmp[n++] = st + j;
        break;
    }
    }
    if (n < NOPTIONS)
        return false;
    /* the distractors in random order around the answer's letter */
    rng_shuffle_int(r, tmp + 1, NOPTIONS - 1);
    for (int j = 0, d = 1; j < NOPTIONS; j++)
        val[j] = j == letter ? tmp[0] : tmp[d++];
    for (int j = 0; j < NOPTIONS; j++) {
        switch (cat) {
        case CAT_COLOUR:
            snprintf(opt[j], sizeof opt[j], "%s", PALETTE[val[j]].name);
            break;
        case CAT_SHAPE:
            snprintf(opt[j], sizeof opt[j], "%s", shape_name((shape_kind)val[j]));
            break;
        case CAT_EVENT:
            snprintf(opt[j], sizeof opt[j], "%s", comp_event_answer(val[j]));
            break;
        case CAT_DIRECTION:
            snprintf(opt[j], sizeof opt[j], "%s", comp_direction_name(val[j]));
            break;
        case CAT_PREDICT: /* frames after the last, numbered on */
            snprintf(opt[j], sizeof opt[j], "%d", v->nframes + 1 + val[j]);
            break;
        default:
            snprintf(opt[j], sizeof opt[j], "%d", val[j] + (cat == CAT_FRAME));
            break;
        }
    }
    return true;
}

/* No single glance (levels 2..4, docs/composed-reading.md): every frame alone
 * leaves two options open at least. */
static bool glance_open(const cc_view *v, const cc_chain *c, const int val[NOPTIONS])
{
    uint64_t opts = 0;
    for (int j = 0; j < NOPTIONS; j++)
        opts |= 1ULL << val[j];
    for (int k = 0; k < v->nframes; k++) {
        uint64_t m = cc_glance(v, c, k, opts) & opts;
        if ((m & (m - 1)) == 0)
            return false;
    }
    return true;
}

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level, frames = ctx->p.frames;
    /* the letter and the category from streams of their own: uniform, and the
     * same whatever the redraws */
    rng lr, cr;
    gen_stream(ctx, "letter", &lr);
    gen_stream(ctx, "category", &cr);
    int letter = (int)rng_below(&lr, NOPTIONS);
    int cats[NCATS], ncat = categories(n, frames, cats);
    int cat = cats[rng_below(&cr, (uint32_t)ncat)];
    int target = draw_target(&cr, cat);

    comp_world *w = xmalloc(sizeof *w);
    cc_view *v = xmalloc(sizeof *v);
    cc_chain c;
    cc_result res;
    char opt[NOPTIONS][40], ans[CC_MAX_STEPS][24];
    int optval[NOPTIONS];
    bool found = false;
    for (int t = 0; t < WORLD_TRIES * CATEGORY_ROUNDS && !found; t++) {
        if (t > 0)
            ctx->redraws++;
        if (t > 0 && t % WORLD_TRIES == 0) {
            cat = cats[rng_below(&cr, (uint32_t)ncat)];
            target = draw_target(&cr, cat);
        }
        comp_spec spec = {
            .nframes = frames,
            .nobj = rng_int(&ctx->rng, cat == CAT_COUNT && target > OBJ_MIN ? target : OBJ_MIN, OBJ_MAX),
            .nshapes = rng_int(&ctx->rng, 3, COMP_NSHAPES),
            .ncolours = rng_int(&ctx->rng, 4, 7),
            .bar = true,
            .line = true,
            .appear = rng_int(&ctx->rng, 1, 2),
            .vanish = rng_int(&ctx->rng, 1, 2),
            .change = rng_int(&ctx->rng, 1, 2),
            .cross = 2,
            .behind = 1 + (cat == CAT_EVENT),
            /* an event question: each object its own event or none, so the five
             * come about alike */
            .one_event = cat == CAT_EVENT,
            .cross_later = cat == CAT_PREDICT ? 3 : 0,
        };
        if (!comp_world_make(w, &spec, &ctx->rng))
            continue;
        cc_view_fill(w, v);
        search se = {.v = v, .cat = cat, .target = t % WORLD_TRIES < TARGET_WORLDS[cat] ? target : -1, .r = &ctx->rng};
        c.n = n;
        dfs(&se, &c, 0);
        if (se.found == 0)
            continue;
        /* the world's answer values in a random order (so drawn alike), each
         * with one of its chains; the first whose options keep every step needed
         * among them, and every frame alone open, is the sample's */
        int values[NANSWERS], nvalues = 0;
        for (int a = 0; a < NANSWERS; a++)
            if (se.found_by[a])
                values[nvalues++] = a;
        rng_shuffle_int(&ctx->rng, values, nvalues);
        for (int k = 0; k < nvalues && !found; k++) {
            c = se.best[values[k]];
            res = se.res[values[k]];
            for (int tries = 0; tries < OPTION_TRIES && !found; tries++) {
                if (!make_options(&ctx->rng, v, cat, res.answer, letter, optval, opt))
                    break;
                uint64_t opts = 0;
                for (int j = 0; j < NOPTIONS; j++)
                    opts |= 1ULL << optval[j];
                found = cc_needed_among(v, &c, opts) && (n < 2 || glance_open(v, &c, optval));
            }
        }
        if (found)
            for (int j = 0; j < n; j++)
                step_answer(v, &c, &res, j, ans[j], sizeof ans[j]);
    }
    if (!found) {
        free(w);
        free(v);
        return gen_fail(ctx, "cannot find a %d-step chain with every step necessary in %d videos of %d frames", n,
                        WORLD_TRIES * CATEGORY_ROUNDS, frames);
    }
    for (int f = 0; f < frames; f++)
        comp_draw(w, f, ctx->img[f]);

    char q[1200], text[200], rule[80];
    cc_question(&c, q, sizeof q);
    cJSON_AddStringToObject(ctx->record, "logic", "sequential");
    cJSON_AddNumberToObject(ctx->record, "num_conditions", n);
    cJSON_AddStringToObject(ctx->record, "question", q);
    cJSON *o = cJSON_AddArrayToObject(ctx->record, "options");
    for (int j = 0; j < NOPTIONS; j++)
        cJSON_AddItemToArray(o, cJSON_CreateString(opt[j]));
    char letter_s[2] = {(char)('A' + letter), '\0'};
    cJSON_AddStringToObject(ctx->record, "answer", letter_s);
    cJSON_AddStringToObject(ctx->record, "answer_value", opt[letter]);
    cJSON_AddStringToObject(ctx->record, "category", CATEGORY[cat]);
    cJSON *steps = cJSON_AddArrayToObject(ctx->record, "steps");
    for (int j = 0; j < n; j++) {
        cJSON *s = cJSON_CreateObject();
        cc_step_text(&c, j, text, sizeof text);
        cc_step_rule(&c, j, rule, sizeof rule);
        cJSON_AddStringToObject(s, "text", text);
        cJSON_AddStringToObject(s, "answer", ans[j]);
        cJSON_AddStringToObject(s, "rule", rule);
        cJSON_AddItemToArray(steps, s);
    }
    free(w);
    free(v);
    return GEN_EXIT_OK;
}

static int check_level(const gen_params *p, char *err, size_t errlen)
{
    if (p->level > CC_MAX_STEPS) {
        snprintf(err, errlen, "cannot chain %d steps (at most %d)", p->level, CC_MAX_STEPS);
        return -1;
    }
    return 0;
}

static const gen_field fields[] = {{"logic", FIELD_STRING},        {"num_conditions", FIELD_INT},
                                   {"question", FIELD_STRING},     {"options", FIELD_STRING_ARRAY},
                                   {"answer", FIELD_STRING},       {"answer_value", FIELD_STRING},
                                   {"category", FIELD_STRING},     {"steps", FIELD_STEPS},
                                   {NULL, 0}};

const generator gen_comp_sequential = {
    .name = "comp_sequential",
    .summary = "a short video of moving shapes; a question of 1..4 steps resolved in order, five options",
    .images = GEN_IMAGES_FRAMES,
    .own = true,
    .fields = fields,
    .level_field = "num_conditions",
    .level_min = 1,
    .level_max = 4,
    .lowest_level = 1,
    .input_prompt = "You are shown the frames of a short video, first to last; each frame shows its number in the "
                    "top-left corner. Circles, triangles, squares, diamonds, pentagons, hexagons and stars of "
                    "several colours and three sizes move in straight lines. Between frames an object may appear, vanish, change "
                    "colour, pass behind the grey bar or cross the black line.",
    .rules = "The question is a chain of steps. Work through them in order: each step finds one object or one "
             "frame, and later steps use what earlier steps found. Then answer the question about the last "
             "things found by choosing one of the five options.",
    .output_prompt = "You may first write what each step finds, one line each, as STEP k: followed by the colour "
                     "of the object it finds or the number of the frame it finds (for example STEP 1: red or "
                     "STEP 2: 7). The last line of your answer must be ANSWER: X, where X is the letter (A, B, C, "
                     "D or E) of the option you choose.",
    .answer = {.format = "ANSWER: X", .kind = ANSWER_CHOICE, .gold = {"answer"}, .axis = "num_conditions"},
    .check_level = check_level,
    .sample = sample,
};
