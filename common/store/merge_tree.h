/* SPDX-License-Identifier: MIT */
/* merge_tree.h - `gen merge OUT SHARD_DIR...` for either kind of shard.
 *
 * Contract:
 *  1. A SHARD_DIR that holds gen.json is a task shard (gen TASK --shard K/N); a
 *     SHARD_DIR without one whose subdirectories hold gen.json is a shard tree
 *     (gen all --shard K/N --out SHARD_DIR).  All SHARD_DIRs must be of one kind;
 *     task shards go to merge_shards() (merge.h) unchanged.
 *  2. Shard trees must belong together before anything is written: every tree
 *     holds the same task set, and every task directory of every tree was made by
 *     the same gen (version and revision), with the same seed, num_images, file,
 *     grid_size, annotations, scale and shard count N, and each tree's task
 *     directories are one shard K; every K from 1 to N is there exactly once
 *     (merge_shards() checks that for the first task before it writes, naming
 *     the task directories).  Otherwise GEN_EXIT_USAGE, with a message that
 *     names the tree, the task and what differs.
 *  3. Then each task is merged by merge_shards() into OUT/<task>, in name order,
 *     so OUT equals `gen all` run on one machine (only each gen.json's "command"
 *     differs).  A task that fails to merge (e.g. a tampered image) stops the
 *     merge with its exit code; when OUT did not exist before, it is removed
 *     again, else the tasks merged before the failure stay merged.
 */
#ifndef GEN_MERGE_TREE_H
#define GEN_MERGE_TREE_H

#include <stdbool.h>

int merge_runs(const char *out, char **dirs, int n, bool force, bool quiet, int argc, char **argv);

#endif
