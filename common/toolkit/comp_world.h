/* SPDX-License-Identifier: MIT */
/* comp_world.h - the short videos of the compositional tasks (issue 30:
 * comp_conjunctive, comp_sequential): a few Percept-V primitives moving at
 * constant velocities over F frames, with events between frames, and the
 * subconditions both tasks compose into questions.
 *
 * Contract:
 *  1. Frames are numbered from 0 in this API (0..nframes-1) and from 1 in every
 *     word a model or a record sees (question text, step texts, rules, file names):
 *     frame f here is "frame f+1" there.
 *  2. A world is a pure value: comp_world_make() draws it from the stream it is
 *     given and nothing else; every query below is a pure function of the world,
 *     so a task, its checker and the other task agree on every answer.
 *  3. Object i moves at constant velocity: its centre in frame f is
 *     (x + vx f, y + vy f); it is present in frames appear..vanish-1; its colour is
 *     colour before change_frame and colour2 from change_frame on.  Shape, size
 *     and rotation never change.
 *  4. The grey bar (has_bar) spans the canvas top to bottom between bar_x0 and
 *     bar_x1 and is drawn over the objects: an object whose disc reaches into it
 *     is behind it (COMP_PARTLY or COMP_HIDDEN).  The line (has_line) runs from
 *     line_a on the top edge to line_b on the bottom edge, drawn under the
 *     objects; "left" is the side of smaller x.
 *  5. Readability (tasks.md rule 6), enforced by comp_world_make() and tested by
 *     comp_world_readable(): every present object is inside the canvas, clear of
 *     the frame label, and keeps COMP_GAP px of background from every other
 *     present object in every frame; it is wholly visible (clear of the bar by
 *     COMP_GAP) in its first and last frames and on both sides of a colour
 *     change; sizes differ by COMP_SIZE_STEP px of radius at least.  In a frame
 *     where it is partly behind the bar or just touches its edge it is not
 *     visible (comp_visible() false; comp_bar() says COMP_PARTLY for both).  Whether a
 *     referent is readable in the frames a subcondition refers to is the
 *     subcondition's business: comp_cond_holds() answers COMP_UNSURE whenever the
 *     pixels cannot settle it (partly hidden, on the line, a near tie), and a
 *     question uses a subcondition only when no object is COMP_UNSURE for it.
 *  6. comp_draw() makes frame f as a scene of COMP_WIDTH x COMP_HEIGHT: the line
 *     (kind "line"), the objects in index order (kind shape_name(), colour_name the
 *     palette name, object = the index, EDGES_PILLOW), the bar (kind "bar",
 *     colour_name "gray"), and the label "frame K" (kind "label", K = f + 1) in the
 *     top-left corner.  Nothing else.
 *  7. A reference object (the "ref" of a spatial or temporal subcondition) is
 *     named in words by colour and shape ("the blue circle"): it must satisfy
 *     comp_ref_ok(): it never changes colour and no other object ever has its
 *     colour and shape.  Rules name it the same way (ref=blue/circle), so a
 *     checker finds it from the pixels and the primitives alone.
 *  8. Rules (steps[k].rule) are one line: the kind's word, then key=value tokens
 *     separated by single spaces, in this order when present: value=, ref=,
 *     frame= (1-based) or moment=EVENT:COLOUR/SHAPE.  Examples:
 *       colour value=red frame=3        shape value=circle     size value=large
 *       left_of ref=blue/circle frame=3 side value=left moment=vanish:red/square
 *       behind   crosses   changes   appears   vanishes   visible frame=5
 *     comp_cond_rule() writes them and comp_cond_parse() reads them back.
 */
#ifndef GEN_COMP_WORLD_H
#define GEN_COMP_WORLD_H

#include "palette.h"
#include "rng.h"
#include "scene.h"
#include "shapes.h"

#include <stdbool.h>
#include <stddef.h>

/* The Pillow tasks' canvas (issue 30: 500x300 px white). */
#define COMP_WIDTH 500
#define COMP_HEIGHT 300
/* Enough objects for four conditions to narrow a set down, few enough to read. */
#define COMP_MAX_OBJECTS 12
/* No frame / no event. */
#define COMP_NO_FRAME (-1)
/* Background kept between objects, and between an object and the bar or the line:
 * GEN_VIEW_MIN (3 px at the 448 px viewing size) of a 500 px canvas is 3.4 px; 4. */
#define COMP_GAP 4.0
/* The three sizes are areas (comp_area()), each 2.4 times the last, the same for
 * every shape; the circles' radii (10, 15.5, 24 px) differ by 5.5 px or more,
 * above GEN_VIEW_MIN. */
#define COMP_SIZE_STEP 5.5
/* Positions, distances and sides closer than this to a tie are not read
 * (COMP_UNSURE): twice GEN_VIEW_MIN of a 500 px canvas. */
#define COMP_TIE 7.0
/* The reading (docs/composed-reading.md): COMP_GAP is its margin M, the least
 * white (or overlap) that makes a side of the line or being behind the bar
 * clear.  A position `ahead` frames after the last is clear by M +
 * COMP_PREDICT_SLACK + ahead / (n - 1) px for an object in the last n frames
 * (n >= 2): the rounding of the drawn positions (half a pixel each way), and a
 * speed read off them n - 1 frames apart, off by 1 / (n - 1) px a frame. */
#define COMP_PREDICT_SLACK 0.5
/* "Nearest": every other object farther by COMP_NEAR_ABS px and by a fifth. */
#define COMP_NEAR_ABS 10.0
#define COMP_NEAR_REL 0.2
/* "Leftmost" and the other extremes: the runner-up's centre COMP_EXTREME_CENTRE
 * px less far out, its outermost ink COMP_EXTREME_EDGE px less far. */
#define COMP_EXTREME_CENTRE 20.0
#define COMP_EXTREME_EDGE 10.0
/* Left of / above ... an object partly behind the bar (or at its edge) in that
 * frame: its centre is read from a completed outline, so the tie widens by
 * half the bar. */
#define COMP_TIE_HIDDEN 13.0
/* Where one object is relative to another: eight 45-degree sectors; clear
 * when the centres are COMP_DIR_DIST px apart and the direction is
 * COMP_DIR_MARGIN degrees from a sector's border. */
#define COMP_NDIRS 8
#define COMP_DIR_DIST 30.0
#define COMP_DIR_MARGIN 10.0
/* comp_line_side()'s answer when the object is neither clearly wholly on one
 * side nor clearly over the line. */
#define COMP_SIDE_UNCLEAR 2
/* The frame label's box (top-left corner), kept free of objects. */
#define COMP_LABEL_W 64
#define COMP_LABEL_H 18

/* The shapes a world uses and a shape question's options draw from: more than
 * five, so the options can leave out every shape the question names. */
#define COMP_NSHAPES 7
extern const shape_kind COMP_SHAPES[COMP_NSHAPES]; /* circle triangle square pentagon hexagon star diamond */
/* The colours a world uses (palette indices): well apart, none grey like the bar
 * or pale like the background. */
#define COMP_NCOLOURS 10
extern const int COMP_COLOURS[COMP_NCOLOURS];

typedef enum comp_size { COMP_SMALL, COMP_MEDIUM, COMP_LARGE, COMP_NSIZES } comp_size;
const char *comp_size_name(int size); /* "small", "medium", "large" */
int comp_size_find(const char *name); /* or -1 */
double comp_radius(int size);         /* a circle's radius in px */
double comp_area(int size);           /* the area of every shape of that size, px^2 */
double comp_shape_radius(shape_kind k, int size); /* circumradius of shape k at that size */

typedef struct comp_object {
    shape_kind shape; /* one of COMP_SHAPES */
    int size;         /* comp_size */
    double rot;       /* polygon rotation, radians */
    double r;         /* circumradius: comp_shape_radius(shape, size) */
    int colour;       /* palette index before change_frame */
    int colour2;      /* palette index from change_frame on (== colour without a change) */
    int change_frame; /* first frame in colour2, or COMP_NO_FRAME */
    int appear;       /* first frame present (0: from the start) */
    int vanish;       /* first frame absent again (nframes: stays to the end) */
    double x, y;      /* centre in frame 0 (extrapolated when it appears later) */
    double vx, vy;    /* px per frame */
    /* the outline as drawn, about a centre at (0, 0): whole-pixel vertices (none for
     * a circle) and the ink box; set by comp_object_outline() */
    int npts;
    point pts[SHAPE_MAX_POINTS];
    double bx0, by0, bx1, by1;
} comp_object;

/* Sets o->r and the outline fields from o->shape, o->size and o->rot
 * (comp_world_make() calls it; call it again after changing any of them). */
void comp_object_outline(comp_object *o);

typedef struct comp_world {
    int nframes;
    int nobj;
    comp_object obj[COMP_MAX_OBJECTS];
    bool has_bar;
    double bar_x0, bar_x1;
    bool has_line;
    point line_a, line_b; /* line_a.y == 0, line_b.y == COMP_HEIGHT */
    double line_nx, line_ny; /* the line's unit normal towards its left (set with the line) */
} comp_world;

/* What comp_world_make() draws. */
typedef struct comp_spec {
    int nframes;            /* GEN_FRAMES_MIN..GEN_MAX_IMAGES */
    int nobj;               /* 2..COMP_MAX_OBJECTS */
    int nshapes, ncolours;  /* objects take shapes from a random nshapes of COMP_SHAPES and
                             * colours from a random ncolours of COMP_COLOURS: fewer values
                             * mean more objects sharing one, which conditions need */
    bool bar, line;         /* draw the grey bar / the line */
    int appear, vanish;     /* how many objects appear after frame 0 / vanish before the end
                             * (needs nframes >= 3; fewer when frames do not allow) */
    int change;             /* how many objects change colour (needs nframes >= 2) */
    int cross;              /* at least this many objects cross the line (with line) */
    int behind;             /* at least this many pass behind the bar (with bar) */
    bool one_event;         /* every object has at most one event, clearly: the crossing
                             * and the passing behind on objects of their own, the others
                             * clearly on one side and clear of the bar all along */
    int cross_later;        /* at least this many would cross the line within
                             * COMP_AHEAD_MAX frames after the last if they kept
                             * moving (comp_crossing_ahead(); with line) */
} comp_spec;

/* Draws a readable world from r (bounded tries); false when it could not. */
bool comp_world_make(comp_world *w, const comp_spec *spec, rng *r);
/* True when w keeps contract 5; else writes why to err. */
bool comp_world_readable(const comp_world *w, char *err, size_t errlen);
/* Frame f of w (0-based) into s (reset to COMP_WIDTH x COMP_HEIGHT). */
void comp_draw(const comp_world *w, int f, scene *s);

/* ---- per-frame state ---- */
void comp_pos(const comp_world *w, int i, int f, double *x, double *y);
bool comp_present(const comp_world *w, int i, int f);
int comp_colour(const comp_world *w, int i, int f); /* palette index */
typedef enum comp_bar_state { COMP_CLEAR, COMP_PARTLY, COMP_HIDDEN } comp_bar_state;
comp_bar_state comp_bar(const comp_world *w, int i, int f);
/* Within COMP_GAP of the bar's edge, on either side (comp_bar() says COMP_PARTLY):
 * whether it is behind the bar cannot be told at the viewing size. */
bool comp_bar_edge(const comp_world *w, int i, int f);
/* Present and wholly visible (clear of the bar). */
bool comp_visible(const comp_world *w, int i, int f);
/* The reading of the line (docs/composed-reading.md): -1 wholly left of it, +1
 * wholly right (COMP_GAP of white at least), 0 clearly over it (its ink reaches
 * COMP_GAP over each of the stroke's edges), COMP_SIDE_UNCLEAR otherwise or
 * without a line. */
int comp_line_side(const comp_world *w, int i, int f);
/* The white between object i's ink and the stroke in frame f, on each side
 * (negative: how far the ink reaches over that edge). */
void comp_line_gaps(const comp_world *w, int i, int f, double *left, double *right);
/* The side object i would be on `ahead` frames after the last if it kept moving
 * (docs/composed-reading.md, "If it keeps moving as it does"): -1, +1, 0 or
 * COMP_SIDE_UNCLEAR, with the margin above; unclear for an object not in the
 * last frame or in it alone. */
int comp_predicted_side(const comp_world *w, int i, int ahead);
/* How many frames after the last (1..COMP_AHEAD_MAX) object i, kept moving,
 * would first be wholly on the other side of the line from the side it is
 * wholly on in the last frame, the frame before clearly not (both with the
 * margin of comp_predicted_side()); 0 when it clearly stays on its side all
 * that time; -1 when that is not clear, or it is not wholly on one side in
 * the last frame, or not there. */
#define COMP_AHEAD_MAX 8
int comp_crossing_ahead(const comp_world *w, int i);
/* Signed white between object i's ink and the bar in frame f (negative: how far
 * it reaches under the bar); a large number without a bar. */
double comp_bar_gap(const comp_world *w, int i, int f);

/* ---- events: the frame where something happens to object i ---- */
typedef enum comp_event {
    COMP_EV_APPEAR, /* its first frame, when it is not frame 0 */
    COMP_EV_VANISH, /* its last frame, when it is not the last frame ("the moment it vanishes") */
    COMP_EV_CHANGE, /* its first frame in the new colour */
    COMP_EV_BEHIND, /* its first frame behind the bar */
    COMP_EV_CROSS,  /* its first frame on the other side of the line */
    COMP_NEVENTS
} comp_event;
const char *comp_event_name(int ev); /* "appear", "vanish", "change", "behind", "cross" */
int comp_event_find(const char *name);
/* The frame of event ev of object i, or COMP_NO_FRAME when it has none. */
int comp_event_frame(const comp_world *w, int i, int ev);
/* True when event ev of object i happens and can be told from the frames (the
 * object wholly visible there, and for a crossing clear of the line in the frame
 * before): only such events name a moment. */
bool comp_moment_ok(const comp_world *w, int i, int ev);
/* "in the frame where the red square is last seen" (the ref's words from comp_ref_text()). */
void comp_moment_text(const comp_world *w, int i, int ev, char *buf, size_t n);

/* The frames around event ev of object i: *b the last frame clearly before it,
 * *d the first clearly after it (d > b).  COMP_YES when it clearly happens,
 * COMP_NO when it clearly does not, COMP_UNSURE otherwise (b and d then unset). */
int comp_event_span(const comp_world *w, int i, int ev, int *b, int *d); /* a comp_truth */
/* What happens to object i (docs/composed-reading.md, "What happens to X"):
 * whether event ev clearly happens after frame `after` (-1: during the video),
 * i.e. the last frame clearly before it is `after` or later; COMP_NO when it
 * clearly does not happen then (never, or done by frame `after`); else
 * COMP_UNSURE. */
int comp_event_happens(const comp_world *w, int i, int ev, int after);
/* The options' words for the five events, in comp_event order: "appears",
 * "vanishes", "changes colour", "goes behind the bar", "crosses the line". */
const char *comp_event_answer(int ev);
/* The direction from object j's centre to object i's in frame f, 0..COMP_NDIRS-1
 * (0 to the right, counter-clockwise: 2 above, 4 to the left, 6 below), or -1
 * when it is not clear (either not there or partly behind the bar or at its
 * edge, centres under COMP_DIR_DIST apart, or within COMP_DIR_MARGIN degrees of
 * a sector's border). */
int comp_direction(const comp_world *w, int i, int j, int f);
/* The directions a reader may give for i from j in frame f (a bit each): the
 * one clear direction, the two sectors by a border when it is near one, all
 * eight when the centres are too close or either object is not there. */
unsigned comp_direction_set(const comp_world *w, int i, int j, int f);
/* "to the right", "above and to the right", "above", ... */
const char *comp_direction_name(int dir);

/* ---- references (contract 7) ---- */
bool comp_ref_ok(const comp_world *w, int i);
/* "the blue circle" */
void comp_ref_text(const comp_world *w, int i, char *buf, size_t n);

/* ---- subconditions ---- */
typedef enum comp_cond_kind {
    /* attribute */
    COMP_C_COLOUR,   /* value = palette index; in frame when given, else in every frame it is visible */
    COMP_C_SHAPE,    /* value = shape_kind */
    COMP_C_SIZE,     /* value = comp_size */
    /* spatial, in one frame (frame or moment) */
    COMP_C_LEFT_OF,  /* its centre left of ref's */
    COMP_C_RIGHT_OF,
    COMP_C_ABOVE,
    COMP_C_BELOW,
    COMP_C_NEAREST,  /* the visible object nearest to ref */
    COMP_C_SIDE,     /* value = -1 left / +1 right of the line */
    COMP_C_HIDDEN,   /* behind the bar (partly or wholly) in that frame */
    /* temporal, over the whole video */
    COMP_C_BEHIND,   /* passes behind the bar at some moment */
    COMP_C_CROSSES,  /* crosses the line */
    COMP_C_CHANGES,  /* changes colour */
    COMP_C_APPEARS,  /* appears after the first frame */
    COMP_C_VANISHES, /* vanishes before the last frame */
    COMP_C_VISIBLE,  /* wholly visible in that frame (frame or moment) */
    COMP_C_GONE_BEFORE,  /* has vanished before the moment (absent then, present earlier) */
    COMP_C_ARRIVES_AFTER, /* appears after the moment (absent then, present later) */
    /* world modelling */
    COMP_C_WILL_SIDE, /* value = -1 / +1: the side it would be on in the frame after the last */
    COMP_NKINDS
} comp_cond_kind;

typedef struct comp_cond {
    int kind;      /* comp_cond_kind */
    int value;     /* COLOUR, SHAPE, SIZE, SIDE */
    int ref;       /* spatial relations: the reference object, else -1 */
    int frame;     /* the frame it speaks of (0-based), or COMP_NO_FRAME */
    int moment_ev; /* or the frame given as a moment: event of object moment_ref */
    int moment_ref;/* -1 when the frame is given as a number (or not at all) */
} comp_cond;

/* A condition with every field unset (ref, moment_ref -1; frame COMP_NO_FRAME). */
comp_cond comp_cond_none(int kind);
const char *comp_cond_kind_name(int kind); /* the rule's first word */
int comp_cond_kind_find(const char *name);
/* True for the kinds that speak of one frame (a number or a moment). */
bool comp_cond_has_frame(int kind);
/* The frame c speaks of: its frame, the frame of its moment, or COMP_NO_FRAME. */
int comp_cond_frame(const comp_world *w, const comp_cond *c);

typedef enum comp_truth { COMP_NO, COMP_YES, COMP_UNSURE } comp_truth;
/* Whether object i is wholly on `side` (-1 left, +1 right) of the line in frame
 * f, clearly (COMP_YES, COMP_NO) or not clearly (COMP_UNSURE, also when it is not
 * there). */
comp_truth comp_wholly_on(const comp_world *w, int i, int f, int side);
/* Whether object i satisfies c in w.  COMP_UNSURE when the pixels could not tell
 * (contract 5): i or the ref partly hidden or touching the line in that frame,
 * positions or distances within COMP_GAP of a tie, a ref that fails comp_ref_ok(). */
comp_truth comp_cond_holds(const comp_world *w, const comp_cond *c, int i);
/* The objects (bit i) satisfying every condition conds[k] with bit k set in use;
 * false when some object is COMP_UNSURE for one of them (the set is then
 * unusable).  use = 0 gives every object. */
bool comp_candidates(const comp_world *w, const comp_cond *conds, int n, unsigned use, unsigned *out);

/* The condition in words, as a relative clause about "the object": "is red in
 * frame 3", "is left of the blue circle in frame 5", "passes behind the grey bar",
 * "is on the left of the line at the moment the red square vanishes". */
void comp_cond_text(const comp_world *w, const comp_cond *c, char *buf, size_t n);
/* The machine-readable rule (contract 8). */
void comp_cond_rule(const comp_world *w, const comp_cond *c, char *buf, size_t n);
/* Reads a rule back against w (refs resolved by colour and shape); false when it
 * does not parse or names no unique object. */
bool comp_cond_parse(const comp_world *w, const char *rule, comp_cond *out);

/* ---- what a question asks of its target ---- */
typedef enum comp_attr { COMP_A_COLOUR, COMP_A_SHAPE, COMP_A_SIZE, COMP_NATTRS } comp_attr;
const char *comp_attr_category(int attr); /* the record's category: "colour", "shape", "size" */
/* The value of attribute attr of object i (colour in frame f, or its colour when
 * it never changes and f is COMP_NO_FRAME), and its word. */
int comp_attr_value(const comp_world *w, int i, int attr, int f);
const char *comp_attr_word(int attr, int value);

#endif
