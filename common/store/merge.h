/* SPDX-License-Identifier: MIT */
/* merge.h - `gen merge OUT SHARD_DIR...` and `gen verify DIR`.
 *
 * Contract (merge):
 *  1. The shard directories must come from one job: the same task, seed,
 *     num_images, levels, file and grid_size, each a different shard K of the same
 *     N, all N present.  Anything else is refused (GEN_EXIT_USAGE) before OUT is
 *     touched, naming the shard that does not fit.
 *  2. Each shard's gen.json is read strictly and range-checked, its "files" must
 *     be exactly the shard's files, its data.json (and annotations.json) must have
 *     the listed SHA-256 and hold exactly the shard's records (ids, fields,
 *     levels), and every image is checked as it is copied; a tampered shard is
 *     refused (GEN_EXIT_FAILED) before OUT is touched.  Time is linear in the
 *     number of samples.
 *  3. OUT is written like a run (run.h: out_prepare / out_commit) and its bytes
 *     equal a single-machine run of the same job; only gen.json's "command" differs.
 *
 * Contract (verify):
 *  4. Holds DIR's lock (commit.h); refuses, before making anything, a gen.json
 *     whose options are out of range or whose "files" are not exactly the run's
 *     files, or a DIR that lacks one of them (GEN_EXIT_FAILED; an unreadable
 *     gen.json is GEN_EXIT_IO).  Then regenerates the run that gen.json describes into a temporary directory and
 *     compares every file byte for byte with DIR (and with gen.json's hashes); a
 *     differing PNG is reported with how many pixels differ.  A PNG that gen.json
 *     lists and whose pixels equal the regenerated ones but whose bytes do not
 *     (another encoder or CPU) passes, and verify says so in one line.  Returns
 *     GEN_EXIT_OK when all equal, GEN_EXIT_FAILED otherwise.
 */
#ifndef GEN_MERGE_H
#define GEN_MERGE_H

#include <stdbool.h>

/* quiet: no closing line; progress: a progress line on a terminal. */
int merge_shards(const char *out, char **shards, int n, bool force, bool quiet, bool progress, int argc, char **argv);
int verify_dir(const char *dir, int jobs, bool quiet);
/* gen verify on a tree (a gen all output): verify_dir on every task directory
 * of it, in name order (a line each), then a summary line.  A task directory
 * that is a symbolic link is refused.  Returns the worst exit code. */
int verify_tree(const char *dir, int jobs, bool quiet);

#endif
