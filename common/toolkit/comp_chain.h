/* SPDX-License-Identifier: MIT */
/* comp_chain.h - sequential chains of subconditions over a short video
 * (comp_sequential, issues 30 and 35).
 *
 * Contract:
 *  1. A cc_view is the video as a chain reads it under the one reading of
 *     docs/composed-reading.md: per object its shape and size; per object and
 *     frame whether it is there and how the bar and the line stand to it
 *     (clearly, or not clearly), its colour, centre and ink box; per object
 *     which events clearly happen after each frame, and where it would first be
 *     across the line if the video went on.  cc_view_fill() makes it from a
 *     world (comp_world.h); everything else here is a pure function of it.
 *  2. A chain is n = 1..CC_MAX_STEPS steps and a readout.  Step 1 names an
 *     object on its own (an event or an attribute); every later step reads the
 *     latest object and/or the latest frame that earlier steps established and
 *     establishes one object or one frame.  The readout asks about the latest
 *     object (colour, shape, what happens to it, where it would cross the line),
 *     the latest frame (its number, how many objects are in it) or both, and the
 *     direction readout the object found before the latest one too.
 *  3. A step is clear on given inputs when the reading settles exactly one
 *     value for it (margins kept, no near tie); otherwise it gives nothing.
 *     cc_answers() evaluates a chain with some steps dropped: a dropped step
 *     yields every value of its type (every object, every frame), a kept one
 *     its one clear value or nothing; the result is the set of readout answers
 *     reached through clear readings only (a tie is never "another answer").
 *  4. cc_resolve() walks the full chain: each step clear, the frame steps about
 *     a real event (an object's first frame is not the video's first), the
 *     readout clear.  cc_verify() adds necessity (every proper subset of the
 *     steps, the empty one included, leaves at least two answers), no revisited
 *     value and no early answer (the readout after steps 1..k, k < n, does not
 *     give the answer alone).
 *  5. cc_glance() is the single-frame observer of the page's "No single
 *     glance": the readout answers frame k alone leaves possible, as a set.
 *  6. Answers are small numbers, a bit each in a uint64_t: a palette index, a
 *     shape_kind, a 0-based frame, a count, a comp_event, a direction, or for a
 *     prediction the frames after the last less one (0: the frame after the
 *     last).
 *  7. Texts are this project's words (docs/composed-reading.md lists every
 *     phrase); rules are the machine-readable form.
 */
#ifndef GEN_COMP_CHAIN_H
#define GEN_COMP_CHAIN_H

#include "comp_world.h"
#include "generator.h"

#include <stdbool.h>
#include <stdint.h>

#define CC_MAX_OBJ COMP_MAX_OBJECTS
#define CC_MAX_STEPS 4
/* A prediction asks for a frame at most this many frames after the last. */
#define CC_PREDICT_MAX COMP_AHEAD_MAX

/* How the bar stands to an object in a frame. */
enum {
    CC_ABSENT, /* not in the frame */
    CC_PARTLY, /* clearly partly behind the bar */
    CC_EDGE,   /* within the margin of the bar's edge: neither clearly */
    CC_SEEN    /* clearly clear of the bar */
};

typedef struct cc_state {
    unsigned char vis; /* CC_ABSENT .. CC_SEEN */
    signed char side;  /* comp_line_side(): -1, +1, 0 (over the line) or COMP_SIDE_UNCLEAR */
    int colour;        /* palette index */
    double x, y;       /* centre */
    double x0, y0, x1, y1; /* ink box (pixel edges) */
} cc_state;

typedef struct cc_view {
    int nobj, nframes;
    int shape[CC_MAX_OBJ]; /* shape_kind */
    int size[CC_MAX_OBJ];  /* comp_size */
    cc_state st[CC_MAX_OBJ][GEN_MAX_IMAGES];
    /* what clearly happens to each object: [0] the one comp_event of the video,
     * [f + 1] the next one after frame f; -1 none (or, for [0], more than one),
     * -2 not clear */
    signed char happens[CC_MAX_OBJ][GEN_MAX_IMAGES + 1];
    /* comp_crossing_ahead(): frames after the last (1..CC_PREDICT_MAX) when it
     * would first be wholly on the other side of the line; 0 never in that
     * time, -1 unclear */
    signed char predict[CC_MAX_OBJ];
    const comp_world *w; /* for the directions */
} cc_view;

typedef enum cc_op {
    /* no input -> object */
    CC_VANISHES,
    CC_APPEARS,
    CC_CHANGES,
    CC_CROSSES,
    CC_BEHIND,
    CC_SHAPE,  /* arg: shape_kind */
    CC_COLOUR, /* arg: palette index */
    CC_SIZE,   /* arg: size class */
    /* object -> frame */
    CC_LAST_SEEN,
    CC_FIRST_SEEN,
    CC_RECOLOURED,
    CC_CROSSED,
    CC_WENT_BEHIND,
    /* object -> object */
    CC_SAME_SHAPE,
    /* object, frame -> object */
    CC_NEAREST,
    /* frame -> object */
    CC_LEFTMOST,
    CC_RIGHTMOST,
    CC_TOPMOST,
    CC_BOTTOMMOST,
    CC_OPS
} cc_op;

typedef enum cc_readout {
    CC_READ_COLOUR,
    CC_READ_SHAPE,
    CC_READ_FRAME,
    CC_READ_COUNT,
    CC_READ_EVENT,     /* what happens to the latest object (after the latest frame, if any) */
    CC_READ_DIRECTION, /* the latest object from the one before it, in the latest frame */
    CC_READ_PREDICT,   /* where the latest object would first be across the line */
    CC_READOUTS
} cc_readout;

typedef struct cc_step {
    cc_op op;
    int arg;
} cc_step;

typedef struct cc_chain {
    int n;
    cc_step step[CC_MAX_STEPS];
    cc_readout read;
} cc_chain;

/* The value each step of a resolved chain established (object index or
 * 0-based frame) and the answer (contract 6). */
typedef struct cc_result {
    int value[CC_MAX_STEPS];
    int answer;
} cc_result;

/* Fills v from w (contract 1). */
void cc_view_fill(const comp_world *w, cc_view *v);
/* The rule's first word of op ("vanishes", "nearest"). */
const char *cc_op_name(cc_op op);
/* True when op yields a frame (else an object). */
bool cc_op_frame(cc_op op);
/* The steps (0-based) whose object and frame step k reads (-1: none), by the
 * latest-object / latest-frame rule; k == c->n gives the readout's. */
void cc_inputs(const cc_chain *c, int k, int *obj_step, int *frame_step);
/* The object step before obj_step (the direction readout's second object), or -1. */
int cc_object_before(const cc_chain *c, int obj_step);
/* Bit v set for every readout answer v of the chain with the steps of `keep`
 * (bit k = step k) kept (contract 3). */
uint64_t cc_answers(const cc_view *v, const cc_chain *c, unsigned keep);
/* 0 and *res filled when the full chain resolves (contract 4), else -1; with
 * c->read == CC_READOUTS only the steps are resolved. */
int cc_resolve(const cc_view *v, const cc_chain *c, cc_result *res);
/* 0 when the chain resolves and no proper subset of its steps does. */
int cc_verify(const cc_view *v, const cc_chain *c, cc_result *res);
/* True when every proper subset of the steps leaves two answers or more among
 * opts (the options' values): a reader who drops a step and finds one option
 * among what remains is not helped by the others. */
bool cc_needed_among(const cc_view *v, const cc_chain *c, uint64_t opts);
/* The answers frame k alone leaves possible (contract 5); the search stops
 * once two of `enough` are among them (the question is then open). */
uint64_t cc_glance(const cc_view *v, const cc_chain *c, int k, uint64_t enough);

/* Step k's text ("Find the object that vanishes."), rule ("vanishes",
 * "nearest object=1 frame=2": the steps it reads, 1-based), and the question's
 * last sentence, into out (n bytes). */
void cc_step_text(const cc_chain *c, int k, char *out, size_t n);
void cc_step_rule(const cc_chain *c, int k, char *out, size_t n);
void cc_readout_text(const cc_chain *c, char *out, size_t n);
/* The whole question: the steps in order, then the readout (a plain question
 * when there is one step). */
void cc_question(const cc_chain *c, char *out, size_t n);

#endif
