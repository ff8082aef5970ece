/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "dataset_read.h"

#include "generator.h"

#include "sha256.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <png.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

size_t ds_json_cap(long records, size_t per_record)
{
    if (records < 0)
        records = 0;
    return DS_JSON_BASE + (size_t)records * per_record;
}

/* ---- strict JSON ---------------------------------------------------------- */

typedef struct key_ref {
    size_t off, len;
} key_ref;

typedef struct sj {
    const unsigned char *start, *p, *end;
    int flags;
    int depth;
    char *err;
    size_t errlen;
    strbuf arena;   /* decoded keys of the objects being read */
    key_ref *keys;  /* their places in arena; each open object owns a tail slice */
    size_t nkeys, kcap;
    bool collect;   /* the string being read is a key: decode it into arena */
    long values;    /* values read so far (objects, arrays, strings, numbers, literals) */
} sj;

static int sj_fail(sj *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int sj_fail(sj *s, const char *fmt, ...)
{
    long line = 1;
    for (const unsigned char *q = s->start; q < s->p && q < s->end; q++)
        line += *q == '\n';
    char what[300];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    snprintf(s->err, s->errlen, "not valid JSON (line %ld): %s", line, what);
    return -1;
}

static void sj_ws(sj *s)
{
    while (s->p < s->end && (*s->p == ' ' || *s->p == '\t' || *s->p == '\n' || *s->p == '\r'))
        s->p++;
}

static void sj_emit(sj *s, const char *b, size_t n)
{
    if (s->collect)
        strbuf_addn(&s->arena, b, n);
}

static void sj_emit_cp(sj *s, unsigned cp)
{
    char b[4];
    size_t n;
    if (cp < 0x80) {
        b[0] = (char)cp;
        n = 1;
    } else if (cp < 0x800) {
        b[0] = (char)(0xC0 | (cp >> 6));
        b[1] = (char)(0x80 | (cp & 0x3F));
        n = 2;
    } else if (cp < 0x10000) {
        b[0] = (char)(0xE0 | (cp >> 12));
        b[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        b[2] = (char)(0x80 | (cp & 0x3F));
        n = 3;
    } else {
        b[0] = (char)(0xF0 | (cp >> 18));
        b[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
        b[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
        b[3] = (char)(0x80 | (cp & 0x3F));
        n = 4;
    }
    sj_emit(s, b, n);
}

static int sj_hex4(sj *s, unsigned *cp)
{
    if (s->end - s->p < 4)
        return sj_fail(s, "truncated \\u escape");
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        unsigned char c = s->p[i];
        v <<= 4;
        if (c >= '0' && c <= '9')
            v |= c - '0';
        else if (c >= 'a' && c <= 'f')
            v |= c - 'a' + 10;
        else if (c >= 'A' && c <= 'F')
            v |= c - 'A' + 10;
        else
            return sj_fail(s, "bad \\u escape");
    }
    s->p += 4;
    *cp = v;
    return 0;
}

/* Length of the valid UTF-8 sequence at p (2..4), or 0 (Unicode table 3-7). */
static int utf8_len(const unsigned char *p, const unsigned char *end)
{
    unsigned char c = p[0];
    int n;
    unsigned char lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF)
        n = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        if (c == 0xE0)
            lo = 0xA0;
        if (c == 0xED)
            hi = 0x9F; /* no UTF-16 surrogates */
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        if (c == 0xF0)
            lo = 0x90;
        if (c == 0xF4)
            hi = 0x8F;
    } else
        return 0;
    if (end - p < n)
        return 0;
    if (p[1] < lo || p[1] > hi)
        return 0;
    for (int i = 2; i < n; i++)
        if (p[i] < 0x80 || p[i] > 0xBF)
            return 0;
    return n;
}

long ds_utf8_bad(const char *text, size_t n)
{
    const unsigned char *p = (const unsigned char *)text, *end = p + n;
    while (p < end) {
        int k = *p < 0x80 ? 1 : utf8_len(p, end);
        if (!k)
            return (long)(p - (const unsigned char *)text);
        p += k;
    }
    return -1;
}

static int sj_string(sj *s)
{
    s->p++; /* the opening quote */
    for (;;) {
        if (s->p >= s->end)
            return sj_fail(s, "unterminated string");
        unsigned char c = *s->p;
        if (c == '"') {
            s->p++;
            return 0;
        }
        if (c < 0x20)
            return sj_fail(s, "raw control character 0x%02x in a string", c);
        if (c == '\\') {
            s->p++;
            if (s->p >= s->end)
                return sj_fail(s, "unterminated string");
            char e = (char)*s->p++;
            const char *plain = strchr("\"\\/bfnrt", e);
            if (e && plain) {
                static const char map[] = "\"\\/\b\f\n\r\t";
                sj_emit(s, &map[plain - "\"\\/bfnrt"], 1);
                continue;
            }
            if (e != 'u')
                return sj_fail(s, "bad escape '\\%c' in a string", e);
            unsigned cp;
            if (sj_hex4(s, &cp))
                return -1;
            if (cp == 0)
                return sj_fail(s, "\\u0000 in a string (C readers stop there, Python does not)");
            if (cp >= 0xDC00 && cp <= 0xDFFF)
                return sj_fail(s, "lone low surrogate \\u%04x in a string", cp);
            if (cp >= 0xD800 && cp <= 0xDBFF) {
                unsigned lo;
                if (s->end - s->p < 2 || s->p[0] != '\\' || s->p[1] != 'u')
                    return sj_fail(s, "lone high surrogate \\u%04x in a string", cp);
                s->p += 2;
                if (sj_hex4(s, &lo))
                    return -1;
                if (lo < 0xDC00 || lo > 0xDFFF)
                    return sj_fail(s, "lone high surrogate \\u%04x in a string", cp);
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            }
            sj_emit_cp(s, cp);
            continue;
        }
        if (c >= 0x80) {
            int n = utf8_len(s->p, s->end);
            if (!n)
                return sj_fail(s, "invalid UTF-8 in a string");
            sj_emit(s, (const char *)s->p, (size_t)n);
            s->p += n;
            continue;
        }
        sj_emit(s, (const char *)s->p, 1);
        s->p++;
    }
}

static int sj_number(sj *s)
{
    const unsigned char *b = s->p;
    bool whole = true;
    if (*s->p == '-')
        s->p++;
    if (s->p < s->end && *s->p == '0') {
        s->p++;
    } else if (s->p < s->end && *s->p >= '1' && *s->p <= '9') {
        while (s->p < s->end && *s->p >= '0' && *s->p <= '9')
            s->p++;
    } else {
        return sj_fail(s, "bad number");
    }
    const unsigned char *int_end = s->p;
    if (s->p < s->end && *s->p == '.') {
        whole = false;
        s->p++;
        if (s->p >= s->end || *s->p < '0' || *s->p > '9')
            return sj_fail(s, "bad number: no digit after '.'");
        while (s->p < s->end && *s->p >= '0' && *s->p <= '9')
            s->p++;
    }
    if (s->p < s->end && (*s->p == 'e' || *s->p == 'E')) {
        whole = false;
        s->p++;
        if (s->p < s->end && (*s->p == '+' || *s->p == '-'))
            s->p++;
        if (s->p >= s->end || *s->p < '0' || *s->p > '9')
            return sj_fail(s, "bad number: no digit in the exponent");
        while (s->p < s->end && *s->p >= '0' && *s->p <= '9')
            s->p++;
    }
    size_t len = (size_t)(s->p - b);
    if (len > DS_MAX_NUMBER)
        return sj_fail(s, "a number of %zu characters (at most %d)", len, DS_MAX_NUMBER);
    char lit[DS_MAX_NUMBER + 1];
    memcpy(lit, b, len);
    lit[len] = '\0';
    if ((s->flags & SJ_INTS_ONLY) && !whole)
        return sj_fail(s, "'%s' is not a whole number (no '.' or exponent where integers belong)", lit);
    if (whole && int_end - b > 15) {
        double v = strtod(lit, NULL);
        if (v > DS_MAX_EXACT_INT || v < -DS_MAX_EXACT_INT)
            return sj_fail(s, "integer '%s' is beyond 2^53 (readers would round it differently)", lit);
    }
    return 0;
}

static int sj_literal(sj *s, const char *word)
{
    size_t n = strlen(word);
    if ((size_t)(s->end - s->p) < n || memcmp(s->p, word, n) != 0)
        return sj_fail(s, "unexpected character '%c'", *s->p >= 0x20 && *s->p < 0x7F ? *s->p : '?');
    s->p += n;
    return 0;
}

static __thread const char *sj_arena;

static int key_cmp(const void *a, const void *b)
{
    const key_ref *x = a, *y = b;
    size_t n = x->len < y->len ? x->len : y->len;
    int c = memcmp(sj_arena + x->off, sj_arena + y->off, n);
    if (c)
        return c;
    return x->len < y->len ? -1 : x->len > y->len;
}

static int sj_value(sj *s);

/* After a member: 1 after a ',' (another follows), 0 after `close`, else -1. */
static int sj_next(sj *s, char close, const char *what)
{
    sj_ws(s);
    if (s->p < s->end && (*s->p == ',' || *s->p == close))
        return *s->p++ == ',';
    return sj_fail(s, "expected ',' or '%c' in %s", close, what);
}

static int sj_object(sj *s)
{
    s->p++;
    size_t first_key = s->nkeys, arena_mark = s->arena.len;
    sj_ws(s);
    if (s->p < s->end && *s->p == '}') {
        s->p++;
        return 0;
    }
    for (;;) {
        sj_ws(s);
        if (s->p >= s->end || *s->p != '"')
            return sj_fail(s, "expected a quoted key");
        size_t off = s->arena.len;
        s->collect = true;
        int rc = sj_string(s);
        s->collect = false;
        if (rc)
            return -1;
        if (s->nkeys == s->kcap) {
            s->kcap = s->kcap ? 2 * s->kcap : 64;
            s->keys = xrealloc(s->keys, s->kcap * sizeof *s->keys);
        }
        s->keys[s->nkeys].off = off;
        s->keys[s->nkeys].len = s->arena.len - off;
        s->nkeys++;
        sj_ws(s);
        if (s->p >= s->end || *s->p != ':')
            return sj_fail(s, "expected ':' after a key");
        s->p++;
        if (sj_value(s))
            return -1;
        int more = sj_next(s, '}', "an object");
        if (more < 0)
            return -1;
        if (!more)
            break;
    }
    size_t n = s->nkeys - first_key;
    if (n > 1) {
        sj_arena = s->arena.buf;
        qsort(s->keys + first_key, n, sizeof *s->keys, key_cmp);
        for (size_t i = first_key + 1; i < s->nkeys; i++)
            if (key_cmp(&s->keys[i - 1], &s->keys[i]) == 0) {
                const key_ref *k = &s->keys[i];
                int shown = k->len > 60 ? 60 : (int)k->len;
                for (int j = 0; j < shown; j++)
                    if ((unsigned char)s->arena.buf[k->off + j] < 0x20)
                        shown = j;
                return sj_fail(s, "duplicate key '%.*s' in one object (readers disagree on which counts)", shown,
                               s->arena.buf + k->off);
            }
    }
    s->nkeys = first_key;
    s->arena.len = arena_mark;
    return 0;
}

static int sj_array(sj *s)
{
    s->p++;
    sj_ws(s);
    if (s->p < s->end && *s->p == ']') {
        s->p++;
        return 0;
    }
    for (;;) {
        if (sj_value(s))
            return -1;
        int more = sj_next(s, ']', "a list");
        if (more <= 0)
            return more;
    }
}

static int sj_value(sj *s)
{
    sj_ws(s);
    s->values++;
    if (s->p >= s->end)
        return sj_fail(s, "unexpected end of the document");
    unsigned char c = *s->p;
    if (c == '{' || c == '[') {
        if (++s->depth > DS_MAX_DEPTH)
            return sj_fail(s, "nested deeper than %d levels", DS_MAX_DEPTH);
        int rc = c == '{' ? sj_object(s) : sj_array(s);
        s->depth--;
        return rc;
    }
    if (c == '"')
        return sj_string(s);
    if (c == '-' || (c >= '0' && c <= '9'))
        return sj_number(s);
    if (c == 't')
        return sj_literal(s, "true");
    if (c == 'f')
        return sj_literal(s, "false");
    if (c == 'n')
        return sj_literal(s, "null");
    if (c >= 0x20 && c < 0x7F)
        return sj_fail(s, "unexpected character '%c'", c);
    return sj_fail(s, "unexpected byte 0x%02x", c);
}

int strict_json_validate(const char *text, size_t n, int flags, char *err, size_t errlen)
{
    return strict_json_validate_count(text, n, flags, NULL, err, errlen);
}

int strict_json_validate_count(const char *text, size_t n, int flags, long *values, char *err, size_t errlen)
{
    sj s;
    memset(&s, 0, sizeof s);
    s.start = s.p = (const unsigned char *)text;
    s.end = s.start + n;
    s.flags = flags;
    s.err = err;
    s.errlen = errlen;
    int rc;
    if (n >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
        rc = sj_fail(&s, "a byte-order mark (BOM) before the document");
    } else {
        sj_ws(&s);
        if (s.p >= s.end) {
            rc = sj_fail(&s, "empty document");
        } else {
            rc = sj_value(&s);
            if (rc == 0) {
                sj_ws(&s);
                if (s.p < s.end)
                    rc = sj_fail(&s, "more after the end of the document (trailing data or a second document)");
            }
        }
    }
    strbuf_free(&s.arena);
    free(s.keys);
    if (values)
        *values = s.values;
    return rc;
}

cJSON *strict_json_parse(const char *text, size_t n, int flags, char *err, size_t errlen)
{
    if (strict_json_validate(text, n, flags, err, errlen) != 0)
        return NULL;
    cJSON *j = cJSON_ParseWithLength(text, n);
    if (!j)
        snprintf(err, errlen, "not valid JSON (cJSON refused what the strict reader accepted)");
    return j;
}

/* ---- files below a directory ---------------------------------------------- */

bool ds_name_safe(const char *name)
{
    size_t len = strlen(name);
    if (len == 0 || len > 255 || name[0] == '/')
        return false;
    const char *step = name;
    for (const char *c = name;; c++) {
        if (*c == '/' || *c == '\0') {
            size_t l = (size_t)(c - step);
            if (l == 0 || (l == 1 && step[0] == '.') || (l == 2 && step[0] == '.' && step[1] == '.'))
                return false;
            if (*c == '\0')
                return true;
            step = c + 1;
        } else if ((unsigned char)*c < 0x20 || *c == 0x7F || *c == '\\') {
            return false;
        }
    }
}

int ds_open(const char *dir, const char *name, size_t cap, size_t *size, char *err, size_t errlen)
{
    if (!ds_name_safe(name)) {
        snprintf(err, errlen, "refused to read '%s/%s': not a plain name inside the directory", dir, name);
        errno = EINVAL;
        return -1;
    }
    int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd < 0) {
        int e = errno;
        snprintf(err, errlen, "cannot read '%s': %s", dir, strerror(e));
        errno = e;
        return -1;
    }
    char step[256];
    const char *rest = name;
    int fd = -1;
    for (;;) {
        const char *slash = strchr(rest, '/');
        size_t l = slash ? (size_t)(slash - rest) : strlen(rest);
        memcpy(step, rest, l);
        step[l] = '\0';
        if (slash)
            fd = openat(dfd, step, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        else
            fd = openat(dfd, step, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
        int e = errno;
        close(dfd);
        if (fd < 0) {
            if (e == ELOOP || (e == ENOTDIR && slash))
                snprintf(err, errlen, "refused to read '%s/%s': '%s' is a symbolic link or not a directory", dir, name,
                         step);
            else
                snprintf(err, errlen, "cannot read '%s/%s': %s", dir, name, strerror(e));
            errno = e;
            return -1;
        }
        if (!slash)
            break;
        dfd = fd;
        rest = slash + 1;
    }
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        snprintf(err, errlen, "refused to read '%s/%s': not a regular file", dir, name);
        close(fd);
        errno = EINVAL;
        return -1;
    }
    if ((unsigned long long)st.st_size > (unsigned long long)cap) {
        snprintf(err, errlen, "refused to read '%s/%s': %lld bytes, more than the %zu allowed", dir, name,
                 (long long)st.st_size, cap);
        close(fd);
        errno = EFBIG;
        return -1;
    }
    int fl = fcntl(fd, F_GETFL);
    if (fl >= 0)
        fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
    *size = (size_t)st.st_size;
    return fd;
}

bool ds_exists(const char *dir, const char *name)
{
    char path[4400];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return lstat(path, &st) == 0;
}

int ds_tree_task_count(const char *dir, const char **first)
{
    int n = 0;
    for (int k = 0; k < GENERATOR_COUNT; k++) {
        char name[300];
        snprintf(name, sizeof name, "%s/data.json", GENERATORS[k]->name);
        if (ds_exists(dir, name)) {
            if (!n && first)
                *first = GENERATORS[k]->name;
            n++;
        }
    }
    return n;
}

int ds_refuse_mixed(const char *dir, char *err, size_t errlen)
{
    const char *first = NULL;
    int n;
    if (!ds_exists(dir, "data.json") || (n = ds_tree_task_count(dir, &first)) == 0)
        return 0;
    snprintf(err, errlen, "refused to read '%s': it is both a task directory (it holds data.json) and a tree of "
             "them (it holds %s/%s): gen cannot tell which is meant; move the task directories out of it, or its "
             "own files into a directory of their own", dir, first, n > 1 ? " and more" : "");
    return -1;
}

/* Reads the size bytes of open file fd whole into a malloc'd NUL-terminated
 * buffer and closes fd; the message names a/b/c joined. */
static int read_whole(int fd, size_t size, char **data, size_t *n, const char *a, const char *b, const char *c,
                      char *err, size_t errlen)
{
    char *buf = xmalloc(size + 1);
    size_t got = 0;
    while (got < size) {
        ssize_t r = read(fd, buf + got, size - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0) { /* shrunk while read, or an error */
            snprintf(err, errlen, "cannot read '%s%s%s': %s", a, b, c, r < 0 ? strerror(errno) : "file shrank");
            free(buf);
            close(fd);
            errno = EIO;
            return -1;
        }
        got += (size_t)r;
    }
    close(fd);
    buf[size] = '\0';
    *data = buf;
    *n = size;
    return 0;
}

int ds_read(const char *dir, const char *name, size_t cap, char **data, size_t *n, char *err, size_t errlen)
{
    *data = NULL;
    *n = 0;
    size_t size;
    int fd = ds_open(dir, name, cap, &size, err, errlen);
    if (fd < 0)
        return -1;
    return read_whole(fd, size, data, n, dir, "/", name, err, errlen);
}

int ds_read_path(const char *path, size_t cap, char **data, size_t *n, char *err, size_t errlen)
{
    *data = NULL;
    *n = 0;
    /* O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        int e = errno;
        snprintf(err, errlen, "cannot read '%s': %s", path, strerror(e));
        errno = e;
        return -1;
    }
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        snprintf(err, errlen, "refused to read '%s': %s", path,
                 S_ISDIR(st.st_mode) ? "it is a directory" : "not a regular file (a FIFO, device or socket)");
        close(fd);
        errno = EINVAL;
        return -1;
    }
    if ((unsigned long long)st.st_size > (unsigned long long)cap) {
        snprintf(err, errlen, "refused to read '%s': %lld bytes, more than the %zu allowed", path,
                 (long long)st.st_size, cap);
        close(fd);
        errno = EFBIG;
        return -1;
    }
    int fl = fcntl(fd, F_GETFL);
    if (fl >= 0)
        fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
    return read_whole(fd, (size_t)st.st_size, data, n, path, "", "", err, errlen);
}

bool ds_same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

int ds_hash(const char *dir, const char *name, size_t cap, char hex[65], char *err, size_t errlen)
{
    size_t size;
    int fd = ds_open(dir, name, cap, &size, err, errlen);
    if (fd < 0)
        return -1;
    sha256_ctx c;
    sha256_init(&c);
    static __thread char buf[65536];
    size_t got = 0;
    for (;;) {
        ssize_t r = read(fd, buf, sizeof buf);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            snprintf(err, errlen, "cannot read '%s/%s': %s", dir, name, strerror(errno));
            close(fd);
            return -1;
        }
        if (r == 0)
            break;
        got += (size_t)r;
        if (got > cap) { /* grew while read */
            snprintf(err, errlen, "refused to read '%s/%s': grew past %zu bytes", dir, name, cap);
            close(fd);
            return -1;
        }
        sha256_update(&c, buf, (size_t)r);
    }
    close(fd);
    uint8_t d[32];
    sha256_final(&c, d);
    sha256_digest_hex(d, hex);
    return 0;
}

cJSON *ds_load_json(const char *dir, const char *name, size_t cap, int flags, char hex[65], char *err, size_t errlen)
{
    char *text;
    size_t n;
    if (ds_read(dir, name, cap, &text, &n, err, errlen) != 0)
        return NULL;
    if (hex)
        sha256_hex(text, n, hex);
    char why[400];
    cJSON *j = strict_json_parse(text, n, flags, why, sizeof why);
    free(text);
    if (!j) {
        snprintf(err, errlen, "cannot read '%s/%s': %s", dir, name, why);
        errno = EINVAL;
    }
    return j;
}

int ds_png_decode(const char *dir, const char *name, uint8_t **pixels, int *w, int *h, char *err, size_t errlen)
{
    *pixels = NULL;
    char *data;
    size_t n;
    if (ds_read(dir, name, DS_PNG_MAX, &data, &n, err, errlen) != 0)
        return -1;
    png_image img;
    memset(&img, 0, sizeof img);
    img.version = PNG_IMAGE_VERSION;
    int rc = -1;
    if (!png_image_begin_read_from_memory(&img, data, n)) {
        snprintf(err, errlen, "cannot read PNG '%s/%s': %s", dir, name, img.message);
    } else if (img.width > DS_PNG_MAX_SIDE || img.height > DS_PNG_MAX_SIDE ||
               (long)img.width * (long)img.height > DS_PNG_MAX_PIXELS) {
        snprintf(err, errlen, "refused to decode '%s/%s': it declares %ux%u pixels (at most %d a side, %ld in all)",
                 dir, name, (unsigned)img.width, (unsigned)img.height, DS_PNG_MAX_SIDE, DS_PNG_MAX_PIXELS);
        png_image_free(&img);
    } else {
        img.format = PNG_FORMAT_RGB;
        uint8_t *buf = xmalloc(PNG_IMAGE_SIZE(img));
        if (!png_image_finish_read(&img, NULL, buf, 0, NULL)) {
            snprintf(err, errlen, "cannot decode PNG '%s/%s': %s", dir, name, img.message);
            free(buf);
            png_image_free(&img);
        } else {
            *pixels = buf;
            *w = (int)img.width;
            *h = (int)img.height;
            rc = 0;
        }
    }
    free(data);
    if (rc != 0)
        errno = EINVAL;
    return rc;
}

long ds_file_number(const char *name, const char *prefix, long max_file)
{
    size_t pl = strlen(prefix);
    if (strncmp(name, prefix, pl) != 0)
        return -1;
    const char *p = name + pl;
    if (*p < '0' || *p > '9' || (p[0] == '0' && p[1] >= '0' && p[1] <= '9'))
        return -1;
    long v = 0;
    for (; *p >= '0' && *p <= '9'; p++) {
        if (v > (max_file - (*p - '0')) / 10)
            return -1;
        v = v * 10 + (*p - '0');
    }
    return strcmp(p, ".png") == 0 ? v : -1;
}

long ds_frame_file_number(const char *name, long max_file, int max_frame, int *frame)
{
    const char *us = strchr(name, '_');
    if (!us || us == name || (size_t)(us - name) > 20)
        return -1;
    char num[32];
    memcpy(num, name, (size_t)(us - name));
    strcpy(num + (us - name), ".png");
    long file = ds_file_number(num, "", max_file);
    long k = file < 0 ? -1 : ds_file_number(us + 1, "", max_frame);
    if (k < 1)
        return -1;
    if (frame)
        *frame = (int)k;
    return file;
}

/* ---- sorted object index -------------------------------------------------- */

static int item_cmp(const void *a, const void *b)
{
    const cJSON *x = *(const cJSON *const *)a, *y = *(const cJSON *const *)b;
    return strcmp(x->string ? x->string : "", y->string ? y->string : "");
}

void ds_index_build(ds_index *ix, const cJSON *object)
{
    ix->n = 0;
    long cap = 0;
    const cJSON *c;
    for (c = object ? object->child : NULL; c; c = c->next)
        cap++;
    ix->items = xcalloc((size_t)cap + 1, sizeof *ix->items);
    for (c = object ? object->child : NULL; c; c = c->next)
        ix->items[ix->n++] = c;
    qsort(ix->items, (size_t)ix->n, sizeof *ix->items, item_cmp);
}

const cJSON *ds_index_get(const ds_index *ix, const char *key)
{
    cJSON probe;
    memset(&probe, 0, sizeof probe);
    probe.string = (char *)key;
    const cJSON *pp = &probe;
    const cJSON **hit = bsearch(&pp, ix->items, (size_t)ix->n, sizeof *ix->items, item_cmp);
    return hit ? *hit : NULL;
}

void ds_index_free(ds_index *ix)
{
    free(ix->items);
    ix->items = NULL;
    ix->n = 0;
}
