/* comp_chain.h - sequential chains of subconditions over a short video
 * (comp_sequential, issue 30).
 *
 * Contract:
 *  1. A cc_view is the video as a chain reads it: per object its shape and size
 *     class; per object and frame how much of it shows, its centre and
 *     circumradius, its colour and its side of the drawn line.  The caller fills
 *     it from the world (comp_world.h); everything here is a pure function of it.
 *  2. A chain is n = 1..CC_MAX_STEPS steps and a readout.  Step 1 names an
 *     object on its own (an event or an attribute); every later step reads the
 *     latest object and/or the latest frame that earlier steps established and
 *     establishes one object or one frame.  The readout asks for an attribute
 *     of the latest object (colour, shape) or of the latest frame (its number,
 *     how many objects show in it).
 *  3. cc_answers() evaluates a chain with some steps dropped: a dropped step
 *     yields every value of its type (every object, every frame), a kept one
 *     every value its rule allows within the reading margins (a near tie yields
 *     both); the result is the set of readout answers.
 *  4. cc_resolve() walks the full chain strictly: each step must yield exactly
 *     one value, readable in the frames it refers to (fully in view, margins
 *     kept), and the readout exactly one answer.  cc_verify() adds necessity:
 *     every proper subset of the steps (the empty one included) leaves at least
 *     two answers; and no shortcut: no step establishes a value an earlier step
 *     established, and the readout at no earlier point of the chain (after
 *     steps 1..k, k >= 1, where it reads something) gives the answer alone.
 *  5. Texts are this project's words; rules are the machine-readable form that
 *     tests/check_comp_sequential.c parses.
 */
#ifndef GEN_COMP_CHAIN_H
#define GEN_COMP_CHAIN_H

#include "generator.h"

#include <stdbool.h>
#include <stdint.h>

#define CC_MAX_OBJ 16
#define CC_MAX_STEPS 4

/* How much of an object shows in a frame. */
/* CC_EDGE: within a gap of the bar's edge, where whether it is behind the bar
 * cannot be told: neither behind nor wholly seen */
enum { CC_ABSENT, CC_HIDDEN, CC_EDGE, CC_PARTLY, CC_SEEN };

typedef struct cc_state {
    unsigned char vis; /* CC_ABSENT .. CC_SEEN */
    signed char side;  /* side of the line: -1, +1, or 0 when the line touches it */
    int colour;        /* palette index */
    double x, y, r;    /* centre and circumradius, px */
} cc_state;

typedef struct cc_view {
    int nobj, nframes;
    int shape[CC_MAX_OBJ]; /* shape_kind */
    int size[CC_MAX_OBJ];  /* 0 small, 1 medium, 2 large */
    cc_state st[CC_MAX_OBJ][GEN_MAX_IMAGES];
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

typedef enum cc_readout { CC_READ_COLOUR, CC_READ_SHAPE, CC_READ_FRAME, CC_READ_COUNT, CC_READOUTS } cc_readout;

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
 * 0-based frame) and the answer (palette index, shape_kind, 0-based frame or
 * count). */
typedef struct cc_result {
    int value[CC_MAX_STEPS];
    int answer;
} cc_result;

/* The rule's first word of op ("vanishes", "nearest"). */
const char *cc_op_name(cc_op op);
/* True when op yields a frame (else an object). */
bool cc_op_frame(cc_op op);
/* The steps (0-based) whose object and frame step k reads (-1: none), by the
 * latest-object / latest-frame rule; k == c->n gives the readout's. */
void cc_inputs(const cc_chain *c, int k, int *obj_step, int *frame_step);
/* Bit v set for every readout answer v of the chain with the steps of `keep`
 * (bit k = step k) kept. */
uint64_t cc_answers(const cc_view *v, const cc_chain *c, unsigned keep);
/* 0 and *res filled when the full chain resolves strictly, else -1; with
 * c->read == CC_READOUTS only the steps are resolved. */
int cc_resolve(const cc_view *v, const cc_chain *c, cc_result *res);
/* 0 when the chain resolves and no proper subset of its steps does. */
int cc_verify(const cc_view *v, const cc_chain *c, cc_result *res);

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
