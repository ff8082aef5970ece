/* SPDX-License-Identifier: MIT */
#include "util.h"

#include "errors.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void out_of_memory(void)
{
    fputs("gen: out of memory\n", stderr);
    exit(GEN_EXIT_INTERNAL);
}

void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        out_of_memory();
    return p;
}

void *xcalloc(size_t count, size_t size)
{
    void *p = calloc(count ? count : 1, size ? size : 1);
    if (!p)
        out_of_memory();
    return p;
}

void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p)
        out_of_memory();
    return p;
}

char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = xmalloc(n);
    memcpy(d, s, n);
    return d;
}

static void strbuf_grow(strbuf *sb, size_t extra)
{
    if (sb->len + extra + 1 <= sb->cap)
        return;
    size_t cap = sb->cap ? sb->cap : 256;
    while (cap < sb->len + extra + 1)
        cap *= 2;
    sb->buf = xrealloc(sb->buf, cap);
    sb->cap = cap;
}

void strbuf_addn(strbuf *sb, const char *s, size_t n)
{
    strbuf_grow(sb, n);
    memcpy(sb->buf + sb->len, s, n);
    sb->len += n;
    sb->buf[sb->len] = '\0';
}

void strbuf_add(strbuf *sb, const char *s)
{
    strbuf_addn(sb, s, strlen(s));
}

void strbuf_addf(strbuf *sb, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    strbuf_grow(sb, (size_t)n);
    va_start(ap, fmt);
    vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    sb->len += (size_t)n;
}

void strbuf_free(strbuf *sb)
{
    free(sb->buf);
    sb->buf = NULL;
    sb->len = sb->cap = 0;
}

int edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 64 || lb > 64)
        return 1000;
    int row[65];
    for (size_t j = 0; j <= lb; j++)
        row[j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        int diag = row[0];
        row[0] = (int)i;
        for (size_t j = 1; j <= lb; j++) {
            int up = row[j];
            int cost = a[i - 1] == b[j - 1] ? 0 : 1;
            int best = diag + cost;
            if (row[j] + 1 < best)
                best = row[j] + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

/* ---- thread_at_exit --------------------------------------------------------- */

#define THREAD_AT_EXIT_MAX 8
static pthread_key_t exit_key;
static pthread_once_t exit_once = PTHREAD_ONCE_INIT;
static _Thread_local void (*exit_fn[THREAD_AT_EXIT_MAX])(void);
static _Thread_local int exit_n;

static void run_at_exit(void *unused)
{
    (void)unused;
    while (exit_n > 0)
        exit_fn[--exit_n]();
}

static void exit_key_make(void) { pthread_key_create(&exit_key, run_at_exit); }

void thread_at_exit(void (*release)(void))
{
    for (int i = 0; i < exit_n; i++)
        if (exit_fn[i] == release)
            return;
    if (exit_n == THREAD_AT_EXIT_MAX)
        abort(); /* a programming error: raise the limit */
    pthread_once(&exit_once, exit_key_make);
    exit_fn[exit_n++] = release;
    pthread_setspecific(exit_key, exit_fn);
}
