/* SPDX-License-Identifier: MIT */
/* manifest.h - gen.json: what made a task directory, and the mark that gen made it.
 *
 * Contract:
 *  1. gen.json records the gen version and source revision, the command line,
 *     task, seed, levels, num_images, file, grid_size, the PNG compression and
 *     encoder ("png"), library versions, the font's SHA-256 and the SHA-256 of
 *     every file written beside it.
 *  2. It holds no time stamps: the same command gives the same gen.json.
 *  3. "generator": "gen" is what marks a directory as written by gen (run.c's
 *     overwrite rule reads it).
 */
#ifndef GEN_MANIFEST_H
#define GEN_MANIFEST_H

#include "options.h"
#include "util.h"

#define MANIFEST_GENERATOR "gen"

#ifndef GEN_VERSION
#define GEN_VERSION "0.1.0"
#endif
#ifndef GEN_REVISION
#define GEN_REVISION "unknown"
#endif

/* A new gen.json object: "generator", "version", "revision" and "command", in
 * that order (recipe.c writes a recipe's gen.json from it too). */
cJSON *manifest_new(int argc, char **argv);
/* "seed" as a string of digits (JSON numbers lose 64-bit precision). */
void manifest_add_seed(cJSON *m, uint64_t seed);

/* Writes dir/gen.json for run o; hashes[j * images + k] is image k of the run's
 * j-th sample (run.h: run_index). */
int manifest_write(const char *dir, const gen_options *o, const char *data_json_sha, char (*hashes)[65], char *err,
                   size_t errlen);
/* Reads the run options back from a parsed gen.json (task, seed, num_images,
 * levels, file, grid_size, annotations, shard).  Returns 0, or -1 with a message
 * naming what is missing or malformed.  manifest_options_free releases levels. */
int manifest_read_options(const cJSON *m, gen_options *o, char *err, size_t errlen);
void manifest_options_free(gen_options *o); /* levels and attempts; split points into m */
/* Files gen.json lists for run o: data.json, prompts, swatches, annotations, images. */
long manifest_file_count(const gen_options *o);
/* Checks gen.json's "files": exactly the files of run o (no other name: nothing
 * outside the task's layout), each with a SHA-256.  0, or -1 with err. */
int manifest_check_files(const cJSON *m, const gen_options *o, char *err, size_t errlen);
/* Reads dir/gen.json strictly (dataset_read.h: no links, no special files, a
 * size cap, strict JSON); NULL with a message if it is missing or malformed. */
cJSON *manifest_load(const char *dir, char *err, size_t errlen);

/* The task a directory's name names ("out/counting_circles/" gives
 * counting_circles), or NULL. */
const generator *task_of_dir_name(const char *dir);
/* The task of a task directory: its gen.json's "task", else its name; NULL when
 * neither names one. */
const generator *manifest_task_of_dir(const char *dir);

/* Library versions in use, as "cairo 1.16.0, pixman ..." (for gen --version). */
void manifest_library_versions(strbuf *sb);

#endif
