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

#include "run.h"

#define MANIFEST_GENERATOR "gen"

#ifndef GEN_VERSION
#define GEN_VERSION "0.1.0"
#endif
#ifndef GEN_REVISION
#define GEN_REVISION "unknown"
#endif

/* Writes dir/gen.json for run o; hashes[j * images + k] is image k of the run's
 * j-th sample (run.h: run_index). */
int manifest_write(const char *dir, const gen_options *o, const char *data_json_sha, char (*hashes)[65], char *err,
                   size_t errlen);
/* Reads the run options back from a parsed gen.json (task, seed, num_images,
 * levels, file, grid_size, annotations, shard).  Returns 0, or -1 with a message
 * naming what is missing or malformed.  manifest_options_free releases levels. */
int manifest_read_options(const cJSON *m, gen_options *o, char *err, size_t errlen);
void manifest_options_free(gen_options *o);
/* Parses dir/gen.json; NULL (with a message) if it is missing or not ours. */
cJSON *manifest_load(const char *dir, char *err, size_t errlen);

/* Library versions in use, as "cairo 1.16.0, pixman ..." (for gen --version). */
void manifest_library_versions(strbuf *sb);

#endif
