/* SPDX-License-Identifier: MIT */
/* generator.h - what every task generator declares, and what it is given.
 *
 * Contract:
 *  1. A task is one file generators/<task>.c whose only non-static symbol is a
 *     `const generator gen_<task>` descriptor (designated initialisers), listed in
 *     generators/list.h.
 *  2. sample() fills ctx->img[0] (and img[1] for pairs) and the record's fields.
 *     It never touches files, threads or JSON framing: the driver (run.c) renders,
 *     encodes, names files, adds "id" and orders the fields as `fields` lists them.
 *  3. Everything random comes from ctx->rng or a stream from gen_stream(); the
 *     result depends only on (seed, task, file number, params).
 *  4. A level that cannot be drawn returns gen_fail(): bounded retries, never an
 *     endless loop, never a silently dropped object.
 */
#ifndef GEN_GENERATOR_H
#define GEN_GENERATOR_H

#include "rng.h"
#include "scene.h"

#include <cJSON.h>
#include <stdbool.h>
#include <stddef.h>

/* The canvas the driver resets both scenes to before sample(): 800x800 px.  It is
 * only a starting size: every task draws on the original script's canvas (issue
 * 19, shared/spec/tasks.md rule 4), so each sample() calls scene_reset() with its
 * own size (per level where the original's size depends on it); tests/test_canvas.c
 * holds the sizes measured from the originals. */
#define GEN_CANVAS 800
/* The viewing size (tasks.md rule 12): models often scale an image to 448 px on its
 * long side, where a deciding feature (gap, overlap, size difference, corner, wall
 * gap) must still be 3 px: 3 * 800 / 448 = 5.4 px on the 800 px canvas. */
#define GEN_VIEW_SCALE (448.0 / GEN_CANVAS)
#define GEN_VIEW_MIN (3.0 / GEN_VIEW_SCALE)

/* Video tasks (issue 30: comp_conjunctive, comp_sequential): a sample is F frames,
 * F = --frames (GEN_FRAMES_MIN..GEN_MAX_IMAGES, default GEN_FRAMES_DEFAULT), written
 * as data/{N}_{k}.png for k = 1..F; the driver adds "id" (the first frame's name,
 * "{N}_1.png") and "frames" (["{N}_1.png", ..., "{N}_F.png"]) to the record. */
#define GEN_MAX_IMAGES 64
#define GEN_FRAMES_MIN 2
#define GEN_FRAMES_DEFAULT 16
/* generator.images of a video task: its samples have p.frames images. */
#define GEN_IMAGES_FRAMES 0

typedef struct gen_params {
    int level;     /* the difficulty value n (--num_sizes) */
    int grid_size; /* --grid_size, for the grid tasks */
    long file;     /* the sample's file number */
    int frames;    /* video tasks: the frames of each sample (--frames); 0 for the others */
} gen_params;

typedef struct gen_ctx {
    gen_params p;
    rng rng;           /* this sample's main stream */
    uint64_t seed;     /* for gen_stream() */
    const char *task;  /* for gen_stream() */
    scene *img[GEN_MAX_IMAGES]; /* img[0..nimages-1], reset to GEN_CANVAS x GEN_CANVAS white
                                 * by the driver; the others NULL */
    int nimages;       /* gen_images(generator, p.frames) */
    cJSON *record;     /* an empty object: add exactly the task's fields */
    int redraws;       /* scenes this sample threw away and drew again from its stream
                        * because their answer could not be read from the pixels
                        * (tasks.md rule 6); gen reports them per level */
    char err[256];
} gen_ctx;

/* The JSON type of a record field; make_sample() checks every record against it. */
typedef enum field_type {
    FIELD_INT,          /* a whole number */
    FIELD_BOOL,         /* true or false */
    FIELD_STRING,       /* a string */
    FIELD_INT_ARRAY,    /* [1, 5, 7] */
    FIELD_STRING_ARRAY, /* ["red", "blue"] */
    FIELD_CELL_ARRAY,   /* [[a, b], ...]: pairs of whole numbers */
    FIELD_COUNTS,       /* {"name": int, ...} */
    FIELD_STEPS         /* [{"text": string, "answer": string, ...}, ...]: a composed
                         * question's subconditions in order (video tasks) */
} field_type;

typedef struct gen_field {
    const char *name;
    field_type type;
} gen_field;

/* How a response's answer line is read and compared (common/eval/answer.h, docs/evaluation.md).
 * Every kind is case-free; list kinds take spaces, ',' or ';' between items. */
typedef enum answer_kind {
    ANSWER_INT,       /* one whole number: "7" */
    ANSWER_INTS,      /* whole numbers in a fixed order, one per gold field: "5 2" */
    ANSWER_WORDS,     /* words or labels in order (sorts, layers, left to right, paths): "E H A" */
    ANSWER_WORD_SET,  /* labels in any order (which cells); `none` stands for no item: "B1 E1" */
    ANSWER_PAIR_SET,  /* (label, word) pairs in any order: "A1 red, D1 black" */
    ANSWER_CELL_PATH, /* [row, column] pairs in order: "[[0, 0], [0, 1]]" */
    ANSWER_INT_SETS,  /* a JSON object of number lists, each compared as a set (numbered_shapes) */
    ANSWER_CHOICE     /* one letter A-E on a line "ANSWER: X" against the record's "answer";
                       * "STEP k: ..." lines before it are scored against "steps" */
} answer_kind;

#define ANSWER_MAX_FIELDS 4

typedef struct answer_spec {
    /* The original's answer format, its output_prompt's format string as written
     * there (e.g. "COUNT:x", "QUADRANT:x COUNT:y", "YES/NO"): what gen gold writes
     * and what the prompt demands.  How a response is read is the release's
     * parser for the task (common/eval/answer.c). */
    const char *format;
    answer_kind kind;
    /* The record fields that hold the gold, in answer order; "a.b" is key b of
     * object field a.  A gold_output-style string field is used as written. */
    const char *gold[ANSWER_MAX_FIELDS + 1];
    /* The release's difficulty axis (dataset card, last column): a field name, or
     * "len(FIELD) - K" for maze_solving. */
    const char *axis;
    /* ANSWER_WORD_SET: the word the prompt asks for when there is no item. */
    const char *none;
    /* ANSWER_INT_SETS: the order and spelling of the object's keys. */
    const char *const *keys;
} answer_spec;

typedef int (*gen_sample_fn)(gen_ctx *ctx);
typedef int (*gen_check_fn)(const gen_params *p, char *err, size_t errlen);

typedef struct generator {
    const char *name;
    const char *summary;        /* one line for `gen list` */
    int images;                 /* 1; 2 for first/second pairs; GEN_IMAGES_FRAMES for a video
                                 * task (gen_images() says how many a sample has) */
    const gen_field *fields;    /* release field names in release order, {NULL} ends */
    const char *level_field;    /* the field that records the level (the difficulty value) */
    int level_min, level_max;   /* default --num_sizes range */
    int lowest_level;           /* smaller levels are a usage error */
    bool uses_grid_size;        /* --grid_size changes the output */
    bool uses_swatches;         /* the task directory gets swatches.png */
    bool own;                   /* gen's own task, not in the Percept-V release (issue 30): `gen all`
                                 * makes the release's tasks and this one only when --tasks names it */
    const char *input_prompt, *rules, *output_prompt;
    answer_spec answer;         /* how a response is read and scored (common/eval/answer.h) */
    gen_check_fn check_level;   /* optional: reject a level before any work (GEN_EXIT_LEVEL) */
    gen_sample_fn sample;
} generator;

/* The images of one sample of g when a video task's samples have `frames` frames. */
static inline int gen_images(const generator *g, int frames)
{
    return g->images == GEN_IMAGES_FRAMES ? frames : g->images;
}

/* True when v is a valid JSON value of type t. */
bool field_type_ok(field_type t, const cJSON *v);
const char *field_type_name(field_type t);

/* Sets ctx->err ("cannot ...") and returns GEN_EXIT_LEVEL. */
int gen_fail(gen_ctx *ctx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* An independent stream of this sample for one sub-decision, named by tag. */
void gen_stream(const gen_ctx *ctx, const char *tag, rng *out);

/* The registry (generators/registry.c), sorted by name. */
extern const generator *const GENERATORS[];
extern const int GENERATOR_COUNT;
const generator *generator_find(const char *name);
/* The closest task name to a misspelt one, or NULL if none is close. */
const char *generator_suggest(const char *name);

#endif
