/* SPDX-License-Identifier: MIT */
#define _XOPEN_SOURCE 700
#include "fsutil.h"

#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int mkdir_p(const char *path, char *err, size_t errlen)
{
    char *p = xstrdup(path);
    for (char *s = p + 1; *s; s++) {
        if (*s != '/')
            continue;
        *s = '\0';
        if (mkdir(p, 0777) != 0 && errno != EEXIST) {
            snprintf(err, errlen, "cannot create directory '%s': %s", p, strerror(errno));
            free(p);
            return -1;
        }
        *s = '/';
    }
    if (mkdir(p, 0777) != 0 && errno != EEXIST) {
        snprintf(err, errlen, "cannot create directory '%s': %s", p, strerror(errno));
        free(p);
        return -1;
    }
    free(p);
    if (!is_dir(path)) {
        snprintf(err, errlen, "'%s' is not a directory", path);
        return -1;
    }
    return 0;
}

int write_file(const char *path, const void *data, size_t n, char *err, size_t errlen)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0) {
        snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
        return -1;
    }
    const char *p = data;
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
            close(fd);
            return -1;
        }
        p += w;
        n -= (size_t)w;
    }
    if (close(fd) != 0) {
        snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

int read_file(const char *path, char **data, size_t *n, char *err, size_t errlen)
{
    *data = NULL;
    *n = 0;
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno));
        return -1;
    }
    strbuf sb = {0};
    char buf[65536];
    size_t got;
    while ((got = fread(buf, 1, sizeof buf, f)) > 0)
        strbuf_addn(&sb, buf, got);
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        snprintf(err, errlen, "cannot read '%s'", path);
        strbuf_free(&sb);
        return -1;
    }
    if (!sb.buf)
        strbuf_add(&sb, "");
    *data = sb.buf;
    *n = sb.len;
    return 0;
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    return remove(path);
}

int remove_tree(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0)
        return errno == ENOENT ? 0 : -1;
    if (!S_ISDIR(st.st_mode))
        return unlink(path);
    return nftw(path, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

bool path_exists(const char *path)
{
    struct stat st;
    return lstat(path, &st) == 0;
}

bool is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}
