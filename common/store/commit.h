/* SPDX-License-Identifier: MIT */
/* commit.h - one writer per task directory, and a commit that a kill cannot
 * leave half done (used by run.c for gen TASK / gen all / gen merge, and by
 * gen verify).
 *
 * Contract:
 *  1. dir_lock() takes flock(LOCK_EX|LOCK_NB) on DIR/.gen-lock before anything in
 *     DIR is touched; a second gen on the same DIR is refused at once
 *     (GEN_EXIT_BUSY).  The lock dies with its process, so a kill -9 never leaves
 *     DIR locked.  dir_unlock() removes .gen-lock while still holding it, and
 *     dir_lock() checks that the file it locked is still the one at the path, so
 *     no two processes ever hold locks on DIR at once.
 *  2. dir_commit() moves a finished temporary directory DIR/.gen-tmp-<pid>/ into
 *     place: it first writes the list of new entries (tmp/COMMITTING), moves every
 *     old entry of the layout into tmp/old/ (data.json first), moves the new ones
 *     in (data.json last) and then deletes tmp/COMMITTING.  Any failure moves the
 *     new entries back and the old ones in again: DIR is as it was.
 *  3. dir_recover() (lock held) handles what killed runs left: a temporary
 *     directory with COMMITTING is rolled back exactly as in 2 (old dataset
 *     restored); any other is deleted.  So after kill -9 at any instant DIR holds
 *     the old dataset or the new one, and the next command that writes DIR
 *     (a run, a merge, a verify) puts it right without --force.
 *  4. Only the layout's own names are moved: data.json, data/, prompts/,
 *     swatches.png, annotations.json, gen.json (and gen's .gen-* entries).
 */
#ifndef GEN_COMMIT_H
#define GEN_COMMIT_H

#include <stdbool.h>
#include <stddef.h>

#define GEN_LOCK_NAME ".gen-lock"
#define GEN_TMP_PREFIX ".gen-tmp-"

/* The layout's names, in the order they leave DIR (data.json first). */
extern const char *const GEN_LAYOUT[];
extern const int GEN_LAYOUT_COUNT;

/* Returns the lock's descriptor, or -1 with err and *rc (GEN_EXIT_BUSY when
 * another process holds it, GEN_EXIT_IO when it cannot be made). */
int dir_lock(const char *dir, int *rc, char *err, size_t errlen);
/* Removes DIR/.gen-lock and lets go of it. */
void dir_unlock(const char *dir, int fd);
/* Rolls back or removes the temporary directories of killed runs; 0, or -1
 * with err when an old dataset could not be put back (it stays in its
 * temporary directory for the next try). */
int dir_recover(const char *dir, char *err, size_t errlen);
/* Moves tmp's entries into out, keeping the old ones until the end; 0, or -1
 * with err after rolling back (or, if even that failed, leaving tmp for
 * dir_recover with a message saying so). */
int dir_commit(const char *out, const char *tmp, char *err, size_t errlen);
/* True while tmp holds an unfinished commit (it must not be deleted). */
bool dir_commit_pending(const char *tmp);

#endif
