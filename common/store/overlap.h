/* SPDX-License-Identifier: MIT */
/* overlap.h - samples of one dataset that duplicate samples of another
 * (`gen overlap`, and `--exclude DIR` when making a split).
 *
 * Contract:
 *  1. Two kinds of duplicate: an identical image (the same pixels, whatever the
 *     PNG bytes: pixhash.h; for a video task, an identical video: every frame's
 *     pixels, in order, one key a sample) and an identical scene (the same objects: kind,
 *     colour, label, and every coordinate of its geometry on a grid of
 *     SCENE_TOLERANCE_PX pixels, in any order, on every image of the sample).
 *  2. A directory's image keys come from the PNG files in its data/ whose names
 *     have the task's form (regular files only, no links, each at most
 *     KEYSET_MAX_PNG_BYTES); its scene keys are re-derived from its gen.json (task,
 *     seed, options) when that describes exactly as many images as data/ holds,
 *     so a directory gen did not make has image keys only.
 *  3. Reading a directory never writes to it and never leaves it.
 */
#ifndef GEN_OVERLAP_H
#define GEN_OVERLAP_H

#include "generator.h"
#include "pixhash.h"
#include "run.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* Coordinates are compared on a grid of this many pixels: re-deriving a scene
 * gives exactly the same coordinates, and 2 px is below what a reader could tell apart
 * at the sizes models see, so "the same place" means the same 2-px cell. */
#define SCENE_TOLERANCE_PX 2
/* A PNG of more bytes than this is refused (an 800x800 task image is < 100 KB;
 * the largest --scale 4 image of any task stays far below 64 MiB). */
#define KEYSET_MAX_PNG_BYTES (64L << 20)

typedef struct image_key {
    pixhash h;
    char name[48]; /* file name in data/ */
} image_key;

typedef struct scene_key {
    uint64_t sig;
    long file;
} scene_key;

typedef struct keyset {
    image_key *images; /* sorted by hash */
    long nimages;
    scene_key *scenes; /* sorted by signature */
    long nscenes;
    bool has_scenes;   /* false: no usable gen.json, scenes were not compared */
} keyset;

/* The scene signature of a made sample (every image of it). */
uint64_t sample_scene_signature(const generator *g, const sample_out *so);

/* Reads the keys of task directory `dir` holding task g, with `jobs` threads.
 * Returns 0, or an exit code (errors.h) with a message. */
int keyset_load(const char *dir, const generator *g, int jobs, keyset *ks, char *err, size_t errlen);
/* The same, drawing its progress on pg (progress.h; NULL for none) as
 * "label: i/n images" and "label: i/n scenes". */
struct progress;
int keyset_load_shown(const char *dir, const generator *g, int jobs, struct progress *pg, const char *label,
                      keyset *ks, char *err, size_t errlen);
void keyset_free(keyset *ks);
const image_key *keyset_find_image(const keyset *ks, pixhash h);
const scene_key *keyset_find_scene(const keyset *ks, uint64_t sig);

/* The task directory of task g inside `dir`: dir itself when it holds a
 * data.json, else dir/<task> when that does.  NULL when neither. */
char *overlap_task_dir(const char *dir, const generator *g);

/* gen overlap A B: prints every duplicate and a line per task; returns
 * GEN_EXIT_OK when clean, GEN_EXIT_FAILED when duplicates were found. */
int overlap_main(const char *a, const char *b, int jobs, bool quiet);

#endif
