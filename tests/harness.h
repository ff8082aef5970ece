/* SPDX-License-Identifier: MIT */
/* harness.h - answer-consistency tests of one task.
 *
 * Contract:
 *  1. A test file tests/check_<task>.c defines a check function and calls
 *     HARNESS_MAIN("<task>", check).  The harness makes HARNESS_PER_LEVEL samples at
 *     every default level of the task (plus its extra levels, if given) and calls
 *     check on each; a video task's samples have GEN_FRAMES_DEFAULT frames, and
 *     HARNESS_PER_LEVEL more at each level have HARNESS_FEW_FRAMES.
 *  2. check recomputes the answer from the scene (and, where it matters, from the
 *     rendered pixels) with code of its own, and compares it with the record.  It
 *     returns NULL when they agree, else a message (written into msg).
 *  3. The program prints every failure and ends with "N passed, M failed".
 */
#ifndef GEN_HARNESS_H
#define GEN_HARNESS_H

#include "generator.h"
#include "render.h"
#include "run.h"

#include <stdio.h>

/* Samples per level: 10, as the release has, so every default level is covered
 * with the release's count. */
#define HARNESS_PER_LEVEL 10
/* A video task's samples are made with GEN_FRAMES_DEFAULT frames, and as many
 * again with this few (temporal conditions where few frames allow them). */
#define HARNESS_FEW_FRAMES 4
/* The root seed of consistency tests (any fixed value). */
#define HARNESS_SEED 20261129ULL
/* The viewing size (tasks.md rule 12), written here on its own rather than taken
 * from the generators' GEN_VIEW_MIN: a deciding feature is at least 3 px once the
 * image is scaled to 448 px on its long side, 5.36 px on the 800 px canvas. */
#define HARNESS_VIEW_MIN (3.0 * 800 / 448)

typedef const char *(*check_fn)(const sample_out *s, const gen_params *p, char *msg, size_t n);

int harness_run(const char *task, check_fn check, const int *extra_levels, int nextra);

#define HARNESS_MAIN(task, check)                                                                                      \
    int main(void) { return harness_run(task, check, NULL, 0); }

/* Shorthands for checks. */
int rec_int(const sample_out *s, const char *field);
const char *rec_str(const sample_out *s, const char *field);
/* Primitives of image k whose kind is `kind` (NULL for any) and object >= 0. */
int count_objects(const scene *sc, const char *kind);
/* Renders a scene into a shared canvas of the harness (one thread). */
const canvas *harness_render(const scene *sc);
/* 0 when the task's check_level refuses `level` (at grid_size; 0 for tasks
 * without one), else 1 after a FAIL line. */
int harness_refuses(const char *task, int level, int grid_size);
/* The record's `field` must list the numbers 1..k of k objects (numbered left to
 * right, measured sizes size[0..k-1], all different) from the smallest to the
 * largest: NULL, or a message naming the object as `noun`.  order gets the
 * measured order (object indices). */
const char *check_size_order(const sample_out *s, const char *field, const char *noun, const double *size, int k,
                             int *order, char *msg, size_t n);

#endif
