/* manifest.h - gen.json: what made a task directory, and the mark that gen made it.
 *
 * Contract:
 *  1. gen.json records the gen version and source revision, the command line,
 *     task, seed, levels, num_images, file, grid_size, library versions, the font's
 *     SHA-256 and the SHA-256 of every file written beside it.
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

/* Writes dir/gen.json for run o; hashes[i * images + k] is image k of sample i. */
int manifest_write(const char *dir, const gen_options *o, const char *data_json_sha, char (*hashes)[65], char *err,
                   size_t errlen);
/* Library versions in use, as "cairo 1.16.0, pixman ..." (for gen --version). */
void manifest_library_versions(strbuf *sb);

#endif
