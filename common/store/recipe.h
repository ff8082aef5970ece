/* SPDX-License-Identifier: MIT */
/* recipe.h - `gen recipe FILE.json`: a training mixture in one command.
 *
 * Contract:
 *  1. A recipe is a small JSON object (docs/training.md):
 *       {"seed": 7, "split": "train",
 *        "tasks": {"counting_circles": {"levels": "1..5", "count": 20},
 *                  "maze_solving": {"levels": "3..6", "count": 8, "grid_size": 6, "scale": 1}}}
 *     with optional top-level "annotations" (true/false) and "metadata" ("jsonl").
 *     An unknown task or key, a wrong type, a duplicate key or trailing text is
 *     a usage error naming it, before anything is written.
 *  2. Task T goes to OUT/T and equals `gen T --seed S [--split X] --num_sizes L
 *     --num_images COUNT [...] --out OUT/T` (all but gen.json's "command"): one
 *     seed for every task, whose streams differ by the task's name.
 *  3. All tasks are made in one pool with one progress line; OUT/gen.json
 *     records the recipe (normalised), so `gen verify OUT` checks every task.
 */
#ifndef GEN_RECIPE_H
#define GEN_RECIPE_H

#include "run.h"

#include <stdbool.h>
#include <stddef.h>

/* The largest recipe file read: a recipe names at most 30 tasks. */
#define RECIPE_MAX_BYTES (1L << 20)

/* Reads a recipe file the user named: a regular file (never a FIFO or device)
 * of at most RECIPE_MAX_BYTES, checked before a byte is read; 0, or -1 with a
 * message in err (errno ENOENT when it is missing). */
int recipe_read_text(const char *path, char **text, size_t *len, char *err, size_t errlen);
/* Checks recipe text (len bytes) as gen recipe does, every check of contract 1
 * and of a run of each task (options_check), and gives it normalised as one line
 * of JSON (malloc'd): {"seed": "<digits>", ["split": ...,] "annotations": bool,
 * "metadata": bool, "tasks": {T: {"levels": [...], "count", "grid_size", "scale"
 * [, "frames"]}, ...}} in the recipe's order.  NULL with the message in err:
 * "recipe 'FILE': what" (FILE names the recipe; NULL: "recipe: what"), or a run's
 * own message for a level or option out of range. */
char *recipe_check_text(const char *text, size_t len, const char *file, char *err, size_t errlen);
/* Reads the recipe file and, unless dry (which prints the plan), makes its tasks
 * into opts->out with the options of opts (out, jobs, shard, force, quiet) and
 * writes OUT/gen.json.  Returns an exit code, the message printed. */
int recipe_make(const char *file, const gen_options *opts, bool dry);
/* True when dir/gen.json is a recipe's (gen merge takes such a directory as a
 * tree of task shards). */
bool recipe_output(const char *dir);
/* Checks that the shard trees are of one recipe and, when out is not NULL (gen
 * merge has joined them into out), writes out/gen.json: the recipe, no shard. */
int recipe_merge_manifest(const char *out, char **shards, int n, int argc, char **argv, char *err, size_t errlen);
/* gen verify on a recipe's output directory: verifies every task it lists.
 * Returns -1 when OUT/gen.json is not a recipe's (the caller verifies a task). */
int recipe_verify(const char *dir, int jobs, bool quiet);

#endif
