/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "commit.h"

#include "dataset_read.h"
#include "errors.h"
#include "fsutil.h"
#include "util.h"

#include <dirent.h>
#include <signal.h>
#include <stdatomic.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

const char *const GEN_LAYOUT[] = {"data.json",        "data",           "prompts", "swatches.png",
                                  "annotations.json", "metadata.jsonl", "gen.json"};
const int GEN_LAYOUT_COUNT = 7;
/* The order entries come in: data.json last. */
static const char *const MOVE_IN[] = {"data",           "prompts",  "swatches.png", "annotations.json",
                                      "metadata.jsonl", "gen.json", "data.json"};

#define JOURNAL "COMMITTING"

/* For tests of kill -9 at every step (tests/hostile.sh): with GEN_TEST_KILL_AT=N
 * in the environment the process kills itself with SIGKILL just before the
 * commit's N-th change to the file system (1 = writing the journal). */
static void commit_step(void)
{
    static atomic_int step;
    const char *at = getenv("GEN_TEST_KILL_AT");
    if (at && atoi(at) == atomic_fetch_add(&step, 1) + 1)
        raise(SIGKILL);
}

int dir_lock(const char *dir, int *rc, char *err, size_t errlen)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", dir, GEN_LOCK_NAME);
    for (;;) {
        int fd = open(path, O_RDONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0666);
        struct stat st, now;
        if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
            snprintf(err, errlen, "cannot make the lock file '%s': %s", path,
                     fd < 0 ? strerror(errno) : "not a regular file");
            if (fd >= 0)
                close(fd);
            *rc = GEN_EXIT_IO;
            return -1;
        }
        int r;
        while ((r = flock(fd, LOCK_EX | LOCK_NB)) != 0 && errno == EINTR)
            ;
        if (r != 0) {
            int e = errno;
            if (e == EWOULDBLOCK)
                snprintf(err, errlen, "'%s' is in use by another gen (it holds '%s'); run again when that one has "
                         "finished", dir, path);
            else
                snprintf(err, errlen, "cannot lock '%s': %s", path, strerror(e));
            *rc = e == EWOULDBLOCK ? GEN_EXIT_BUSY : GEN_EXIT_IO;
            close(fd);
            return -1;
        }
        /* The holder before us removes the file as it lets go: ours must still
         * be the one at the path, or we locked a file nobody else will see. */
        if (lstat(path, &now) == 0 && now.st_ino == st.st_ino && now.st_dev == st.st_dev) {
            *rc = GEN_EXIT_OK;
            return fd;
        }
        close(fd);
    }
}

void dir_unlock(const char *dir, int fd)
{
    if (fd < 0)
        return;
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", dir, GEN_LOCK_NAME);
    unlink(path); /* while still held: see dir_lock */
    close(fd);
}

static void join(char *buf, size_t n, const char *a, const char *b, const char *c)
{
    if (c)
        snprintf(buf, n, "%s/%s/%s", a, b, c);
    else
        snprintf(buf, n, "%s/%s", a, b);
}

/* Which layout entries the journal says the new dataset has. */
static void read_journal(const char *tmp, bool has_new[])
{
    char *text;
    size_t n;
    char err[600];
    for (int i = 0; i < GEN_LAYOUT_COUNT; i++)
        has_new[i] = false;
    if (ds_read(tmp, JOURNAL, 4096, &text, &n, err, sizeof err) != 0)
        return;
    char *save = NULL;
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
        for (int i = 0; i < GEN_LAYOUT_COUNT; i++)
            if (strcmp(line, GEN_LAYOUT[i]) == 0)
                has_new[i] = true;
    free(text);
}

static int layout_index(const char *name)
{
    for (int i = 0; i < GEN_LAYOUT_COUNT; i++)
        if (strcmp(GEN_LAYOUT[i], name) == 0)
            return i;
    return -1;
}

/* Puts out back as it was before the commit recorded in tmp: new entries back
 * into tmp (data.json first), old ones from tmp/old into out (data.json last).
 * Safe to repeat after it was itself interrupted. */
static int roll_back(const char *out, const char *tmp, char *err, size_t errlen)
{
    bool has_new[8];
    char cur[4400], fresh[4400], old[4400];
    /* gen makes tmp/old before its journal: without a real directory there (a
     * link planted to reach files outside DIR, say) this is not gen's commit,
     * and nothing is moved. */
    struct stat st = {0};
    join(old, sizeof old, tmp, "old", NULL);
    if (lstat(old, &st) != 0 || !S_ISDIR(st.st_mode))
        for (int i = 0; i < GEN_LAYOUT_COUNT; i++)
            has_new[i] = false;
    else
        read_journal(tmp, has_new);
    for (int i = GEN_LAYOUT_COUNT - 1; i >= 0; i--) {
        const char *name = MOVE_IN[i];
        if (!has_new[layout_index(name)])
            continue;
        join(cur, sizeof cur, out, name, NULL);
        join(fresh, sizeof fresh, tmp, name, NULL);
        if (!path_exists(fresh) && path_exists(cur) && rename(cur, fresh) != 0) {
            snprintf(err, errlen, "cannot take the new '%s' out again: %s", cur, strerror(errno));
            return -1;
        }
    }
    for (int i = 0; S_ISDIR(st.st_mode) && i < GEN_LAYOUT_COUNT; i++) {
        const char *name = MOVE_IN[i];
        join(cur, sizeof cur, out, name, NULL);
        join(old, sizeof old, tmp, "old", name);
        if (path_exists(old) && rename(old, cur) != 0) {
            snprintf(err, errlen, "cannot put the previous '%s' back: %s", cur, strerror(errno));
            return -1;
        }
    }
    join(cur, sizeof cur, tmp, JOURNAL, NULL);
    if (unlink(cur) != 0 && errno != ENOENT) {
        snprintf(err, errlen, "cannot remove '%s': %s", cur, strerror(errno));
        return -1;
    }
    return 0;
}

bool dir_commit_pending(const char *tmp)
{
    char path[4400];
    join(path, sizeof path, tmp, JOURNAL, NULL);
    return path_exists(path);
}

int dir_commit(const char *out, const char *tmp, char *err, size_t errlen)
{
    char cur[4400], fresh[4400], old[4400];
    /* 1. The journal: which entries are new.  Until it exists nothing in out has
     *    moved; while it exists the old entries are kept in tmp/old. */
    strbuf list = {0};
    for (int i = 0; i < GEN_LAYOUT_COUNT; i++) {
        join(fresh, sizeof fresh, tmp, GEN_LAYOUT[i], NULL);
        if (path_exists(fresh))
            strbuf_addf(&list, "%s\n", GEN_LAYOUT[i]);
    }
    join(old, sizeof old, tmp, "old", NULL);
    join(fresh, sizeof fresh, tmp, JOURNAL ".part", NULL);
    join(cur, sizeof cur, tmp, JOURNAL, NULL);
    int rc = mkdir(old, 0777) == 0 || errno == EEXIST ? 0 : -1;
    if (rc != 0)
        snprintf(err, errlen, "cannot create directory '%s': %s", old, strerror(errno));
    if (rc == 0)
        rc = write_file(fresh, list.buf ? list.buf : "", list.len, err, errlen);
    strbuf_free(&list);
    if (rc == 0)
        commit_step();
    if (rc == 0 && rename(fresh, cur) != 0) {
        snprintf(err, errlen, "cannot write '%s': %s", cur, strerror(errno));
        rc = -1;
    }
    if (rc != 0)
        return -1;
    /* 2. Old entries aside, data.json first. */
    for (int i = 0; rc == 0 && i < GEN_LAYOUT_COUNT; i++) {
        join(cur, sizeof cur, out, GEN_LAYOUT[i], NULL);
        join(old, sizeof old, tmp, "old", GEN_LAYOUT[i]);
        if (path_exists(cur))
            commit_step();
        if (path_exists(cur) && rename(cur, old) != 0) {
            snprintf(err, errlen, "cannot move '%s' aside: %s", cur, strerror(errno));
            rc = -1;
        }
    }
    /* 3. New entries in, data.json last. */
    for (int i = 0; rc == 0 && i < GEN_LAYOUT_COUNT; i++) {
        join(cur, sizeof cur, out, MOVE_IN[i], NULL);
        join(fresh, sizeof fresh, tmp, MOVE_IN[i], NULL);
        if (path_exists(fresh))
            commit_step();
        if (path_exists(fresh) && rename(fresh, cur) != 0) {
            snprintf(err, errlen, "cannot move '%s' into place: %s", cur, strerror(errno));
            rc = -1;
        }
    }
    /* 4. Done: without the journal, tmp is only the old dataset's remains. */
    join(cur, sizeof cur, tmp, JOURNAL, NULL);
    if (rc == 0)
        commit_step();
    if (rc == 0 && unlink(cur) != 0) {
        snprintf(err, errlen, "cannot remove '%s': %s", cur, strerror(errno));
        rc = -1;
    }
    if (rc == 0)
        return 0;
    size_t used = strlen(err);
    char why[600];
    if (roll_back(out, tmp, why, sizeof why) != 0)
        snprintf(err + used, errlen - used, "; and %s: the previous dataset is kept in '%s' and the next gen run "
                                            "into '%s' puts it back", why, tmp, out);
    else
        snprintf(err + used, errlen - used, " ('%s' is as it was)", out);
    return -1;
}

int dir_recover(const char *dir, char *err, size_t errlen)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    int rc = 0;
    struct dirent *e;
    char path[4400];
    while ((e = readdir(d)) != NULL) {
        if (strncmp(e->d_name, GEN_TMP_PREFIX, strlen(GEN_TMP_PREFIX)) != 0)
            continue;
        join(path, sizeof path, dir, e->d_name, NULL);
        struct stat st;
        if (lstat(path, &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode) && dir_commit_pending(path) && roll_back(dir, path, err, errlen) != 0) {
            size_t used = strlen(err);
            snprintf(err + used, errlen - used, " (while undoing the interrupted commit in '%s')", path);
            rc = -1;
            continue;
        }
        remove_tree(path);
    }
    closedir(d);
    return rc;
}
