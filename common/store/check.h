/* SPDX-License-Identifier: MIT */
/* check.h - `gen check DIR`: is a task directory a valid Percept-V task?
 *
 * Contract:
 *  1. Works on any directory, ours or a downloaded copy of the release, and never
 *     crashes, hangs or reads outside it on malformed input: every file goes
 *     through dataset_read.h (strict JSON, no links, regular files, size caps,
 *     image sizes checked before decoding); data.json is fuzzed (tests/fuzz/).
 *  2. The task is --task, else gen.json's "task", else the directory's name.
 *     Expected levels come from gen.json when its options pass the command
 *     line's range check and its "files" agree with them (else that is a
 *     problem), otherwise the release's (default levels, 10 each, a video task 50, files from 1).
 *  3. Checks: data.json parses and is a list; ids have the task's format, are
 *     unique and follow the file numbers; each record has exactly id plus the
 *     release's fields, with the right JSON types; the level field follows the
 *     level sequence; every referenced image exists and decodes; data/ holds no
 *     stray images.  A video task's record also has "frames" right after its id
 *     ("N_1.png"): the names N_1.png .. N_F.png, F the run's --frames (or, with
 *     no gen.json, the first record's count, 2..64); its frames are PNGs of one
 *     size, and a missing frame or one beyond F is named.
 *  4. Each problem is one line on `out`, naming the record id where there is one.
 *     Returns the number of problems, or -1 when the directory cannot be checked
 *     at all (message in err).
 */
#ifndef GEN_CHECK_H
#define GEN_CHECK_H

#include "generator.h"
#include "run.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct check_options {
    const char *dir;
    const generator *task; /* NULL: from gen.json or the directory name */
    bool skip_images;      /* only data.json (used by the fuzzer) */
} check_options;

long check_dir(const check_options *o, FILE *out, char *err, size_t errlen);
/* gen check on a tree (a gen all output: DIR/<task>/data.json): check_dir on
 * every task directory of it (or task's alone), each problem line prefixed
 * "TASK: ", then a line per task ("TASK: valid" or "TASK: N problems") and a
 * summary.  A task directory that is a symbolic link is refused, not followed.
 * Returns an exit code: GEN_EXIT_FAILED when any task has problems,
 * GEN_EXIT_IO when a task directory cannot be checked at all. */
int check_tree(const char *dir, const generator *task, FILE *out);
/* What data.json should hold: per record, its file number and level. */
typedef struct check_expect {
    long count;
    long *files;
    int *levels;
    int frames; /* a video task's frames a record: the run's, or 0 when unknown, then the
                 * first record's "frames" sets it (check_records) and the rest must agree */
} check_expect;

/* The expectation of a run (run.h), or of the release when o is NULL: the task's
 * default levels, 10 samples each, files from 1. */
void check_expect_of(const generator *g, const gen_options *o, check_expect *e);
void check_expect_free(check_expect *e);

/* Checks data.json text against a task and an expectation; the core of check_dir,
 * exposed for the fuzzer.  Well-formed ids go to *ids_out (sorted) if asked. */
long check_records(const char *text, size_t len, const generator *g, check_expect *e, FILE *out,
                   char ***ids_out, long *nids_out);

#endif
