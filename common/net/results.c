/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "results.h"

#include "dataset_read.h"
#include "errors.h"
#include "eval.h"
#include "progress.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

/* A line of the file as read. */
typedef struct results_line {
    size_t at, len;  /* without the newline */
    bool keep;
} line_info;

static int cmp_answer(const void *a, const void *b)
{
    return strcmp(((const results_answer *)a)->id, ((const results_answer *)b)->id);
}

const results_answer *results_find(const results_file *r, const char *id)
{
    results_answer key = {.id = (char *)id};
    return r->nanswers ? bsearch(&key, r->answers, (size_t)r->nanswers, sizeof key, cmp_answer) : NULL;
}

/* The directory of path ("." for a bare name). */
static char *dir_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return xstrdup(".");
    strbuf d = {0};
    strbuf_addn(&d, path, slash == path ? 1 : (size_t)(slash - path));
    return d.buf;
}

static void sync_dir(const char *path)
{
    char *d = dir_of(path);
    int fd = open(d, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
    free(d);
}

static int write_all(int fd, const char *p, size_t n)
{
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

/* Opens path for appending and locks it; the descriptor, or -1 (*rc an exit
 * code, the message in err). */
static int open_locked(const char *path, int *rc, char *err, size_t errlen)
{
    for (int attempt = 0; attempt < 5; attempt++) {
        int fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0666);
        if (fd < 0) {
            int e = errno;
            if (e == ELOOP)
                snprintf(err, errlen, "refused to write '%s': it is a symbolic link (name the file itself)", path);
            else
                snprintf(err, errlen, "cannot write '%s': %s", path, strerror(e));
            *rc = e == ELOOP ? GEN_EXIT_USAGE : GEN_EXIT_IO;
            return -1;
        }
        struct stat st, now;
        if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
            snprintf(err, errlen, "refused to write '%s': not a regular file (gen ask keeps its answers in a file it "
                     "can take up again; name one with -o)", path);
            close(fd);
            *rc = GEN_EXIT_USAGE;
            return -1;
        }
        int fl = fcntl(fd, F_GETFL);
        if (fl >= 0)
            fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
        int l;
        while ((l = flock(fd, LOCK_EX | LOCK_NB)) != 0 && errno == EINTR)
            ;
        if (l != 0) {
            snprintf(err, errlen, "'%s' is in use by another gen ask (it holds the file's lock); run again when that "
                     "one has finished", path);
            close(fd);
            *rc = GEN_EXIT_BUSY;
            return -1;
        }
        /* the file may have been replaced (by another gen ask taking it up)
         * between open and lock: then lock the one there now */
        if (stat(path, &now) == 0 && now.st_dev == st.st_dev && now.st_ino == st.st_ino)
            return fd;
        close(fd);
    }
    snprintf(err, errlen, "cannot lock '%s': it keeps being replaced", path);
    *rc = GEN_EXIT_BUSY;
    return -1;
}

/* Writes the kept lines of text to a new file that replaces path, locked before
 * it gets the name; its descriptor, or -1 with a message. */
static int rewrite(const char *path, const char *text, const line_info *lines, long n, char *err, size_t errlen)
{
    char *d = dir_of(path);
    strbuf tmp = {0};
    strbuf_addf(&tmp, "%s.tmp-%ld", path, (long)getpid());
    int fd = open(tmp.buf, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    int e = fd < 0 ? errno : 0;
    if (fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) != 0)
        e = errno;
    for (long k = 0; k < n && !e; k++)
        if (lines[k].keep && (write_all(fd, text + lines[k].at, lines[k].len) != 0 || write_all(fd, "\n", 1) != 0))
            e = errno ? errno : EIO;
    if (!e && fsync(fd) != 0)
        e = errno;
    if (!e && rename(tmp.buf, path) != 0)
        e = errno;
    if (e) {
        snprintf(err, errlen, "cannot write '%s': %s", path, strerror(e));
        if (fd >= 0)
            close(fd);
        unlink(tmp.buf);
        fd = -1;
    } else {
        sync_dir(path);
        int fl = fcntl(fd, F_GETFL);
        if (fl >= 0)
            fcntl(fd, F_SETFL, fl | O_APPEND);
    }
    strbuf_free(&tmp);
    free(d);
    return fd;
}

/* True when the object o is an answer: response.status_code 200, error null or
 * absent. */
static bool is_answer(const cJSON *o)
{
    const cJSON *resp = cJSON_GetObjectItemCaseSensitive(o, "response");
    const cJSON *st = cJSON_GetObjectItemCaseSensitive(resp, "status_code");
    const cJSON *e = cJSON_GetObjectItemCaseSensitive(o, "error");
    return cJSON_IsNumber(st) && st->valuedouble == 200 && (!e || cJSON_IsNull(e));
}

/* Frees what r holds (not its descriptor) and empties it. */
static void results_forget(results_file *r)
{
    for (long k = 0; k < r->nanswers; k++) {
        free(r->answers[k].id);
        free(r->answers[k].hash);
    }
    free(r->answers);
    free(r->path);
    free(r->text);
    free(r->lines);
    memset(r, 0, sizeof *r);
    r->fd = -1;
}

int results_open(results_file *r, const char *path, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    r->fd = -1;
    int rc = 0;
    int fd = open_locked(path, &rc, err, errlen);
    if (fd < 0)
        return rc;
    r->path = xstrdup(path);
    struct stat st;
    if (fstat(fd, &st) != 0) {
        snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno));
        close(fd);
        free(r->path);
        r->path = NULL;
        return GEN_EXIT_IO;
    }
    if ((unsigned long long)st.st_size > (unsigned long long)EVAL_MAX_FILE) {
        snprintf(err, errlen, "cannot continue '%s': larger than 1 GiB (not a results file of gen ask; name another "
                 "with -o)", path);
        close(fd);
        free(r->path);
        r->path = NULL;
        return GEN_EXIT_ANSWERS;
    }
    size_t size = (size_t)st.st_size;
    char *text = xmalloc(size + 1);
    size_t got = 0;
    while (got < size) {
        ssize_t n = pread(fd, text + got, size - got, (off_t)got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        got += (size_t)n;
    }
    text[got] = '\0';
    if (got != size) {
        snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno ? errno : EIO));
        free(text);
        close(fd);
        free(r->path);
        r->path = NULL;
        return GEN_EXIT_IO;
    }
    long nl = 1;
    for (size_t i = 0; i < size; i++)
        nl += text[i] == '\n';
    line_info *lines = xcalloc((size_t)nl + 1, sizeof *lines);
    r->answers = xcalloc((size_t)nl + 1, sizeof *r->answers);
    long n = 0;
    bool changed = false;
    for (size_t p = 0; p < size && !rc;) {
        size_t e = p;
        while (e < size && text[e] != '\n')
            e++;
        bool last_cut = e == size; /* no newline after it */
        line_info *li = &lines[n++];
        li->at = p;
        li->len = e - p;
        size_t q = p;
        while (q < e && (text[q] == ' ' || text[q] == '\t' || text[q] == '\r'))
            q++;
        if (q == e) { /* a blank line: gen score passes over it; kept as it is */
            li->keep = !last_cut;
            changed |= last_cut;
            p = e + 1;
            continue;
        }
        char why[300];
        cJSON *o = NULL;
        if (ds_utf8_bad(text + p, e - p) < 0)
            o = strict_json_parse(text + p, e - p, 0, why, sizeof why);
        const cJSON *cid = cJSON_GetObjectItemCaseSensitive(o, "custom_id");
        if (!cJSON_IsObject(o) || !cJSON_IsString(cid)) {
            if (last_cut) {
                /* a line cut short by a kill or a crash: asked again */
                r->cut_dropped = true;
                changed = true;
            } else {
                snprintf(err, errlen, "cannot continue '%s': line %ld is not %s (gen ask appends to a results file "
                         "of its own or of a batch engine; name another with -o)", path, n,
                         o ? "an object with a string custom_id" : "valid JSON");
                rc = GEN_EXIT_ANSWERS;
            }
            cJSON_Delete(o);
            p = e + 1;
            continue;
        }
        if (!is_answer(o)) {
            r->failed_dropped++;
            changed = true;
        } else {
            const cJSON *h = cJSON_GetObjectItemCaseSensitive(o, "request_sha256");
            results_answer *a = &r->answers[r->nanswers++];
            a->id = xstrdup(cid->valuestring);
            a->hash = xstrdup(cJSON_IsString(h) ? h->valuestring : "");
            a->line = n;
            li->keep = true;
            changed |= last_cut; /* an answer whose newline was lost: written again with it */
        }
        cJSON_Delete(o);
        p = e + 1;
    }
    if (!rc && r->nanswers > 1) {
        /* one answer an id: the first is kept, later ones removed */
        results_answer *a = r->answers;
        qsort(a, (size_t)r->nanswers, sizeof *a, cmp_answer);
        long w = 0;
        for (long k = 0; k < r->nanswers; k++) {
            if (w > 0 && strcmp(a[w - 1].id, a[k].id) == 0) {
                long drop = a[k].line, keep = a[w - 1].line;
                if (drop < keep) { /* keep the earlier line's entry */
                    long t = drop;
                    drop = keep;
                    keep = t;
                    free(a[w - 1].hash);
                    a[w - 1].hash = a[k].hash;
                    a[k].hash = NULL;
                    a[w - 1].line = keep;
                }
                lines[drop - 1].keep = false;
                r->repeats_dropped++;
                changed = true;
                free(a[k].id);
                free(a[k].hash);
                continue;
            }
            a[w++] = a[k];
        }
        r->nanswers = w;
    }
    r->text = text;
    r->lines = lines;
    r->nlines = n;
    r->changed = changed;
    if (rc) {
        close(fd);
        results_forget(r);
        return rc;
    }
    r->fd = fd;
    r->synced = mono_seconds();
    return 0;
}

int results_settle(results_file *r, char *err, size_t errlen)
{
    int rc = 0;
    if (r->changed) {
        int nfd = rewrite(r->path, r->text, r->lines, r->nlines, err, errlen);
        if (nfd < 0) {
            rc = -1;
        } else {
            close(r->fd);
            r->fd = nfd;
        }
    }
    free(r->text);
    free(r->lines);
    r->text = NULL;
    r->lines = NULL;
    r->changed = false;
    return rc;
}

int results_append(results_file *r, const char *line, size_t len, char *err, size_t errlen)
{
    /* one write: O_APPEND puts it whole at the end */
    ssize_t w;
    while ((w = write(r->fd, line, len)) < 0 && errno == EINTR)
        ;
    if (w != (ssize_t)len) {
        int e = w < 0 ? errno : ENOSPC;
        /* a short write leaves part of a line: cut it off again */
        if (w > 0) {
            struct stat st;
            if (fstat(r->fd, &st) == 0)
                if (ftruncate(r->fd, st.st_size - w) != 0)
                    e = errno;
        }
        snprintf(err, errlen, "cannot write '%s': %s", r->path, strerror(e));
        return -1;
    }
    double now = mono_seconds();
    if (now - r->synced >= 1.0) {
        fdatasync(r->fd);
        r->synced = now;
    }
    return 0;
}

int results_close(results_file *r, char *err, size_t errlen)
{
    int rc = 0;
    if (r->fd >= 0) {
        if (fsync(r->fd) != 0) {
            snprintf(err, errlen, "cannot write '%s': %s", r->path, strerror(errno));
            rc = -1;
        }
        close(r->fd);
        r->fd = -1;
        sync_dir(r->path); /* a file made by this run: its name too */
    }
    results_forget(r);
    return rc;
}
