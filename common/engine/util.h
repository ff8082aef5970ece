/* SPDX-License-Identifier: MIT */
/* util.h - allocation that cannot fail silently, and small string helpers.
 *
 * Contract:
 *  1. xmalloc/xcalloc/xrealloc/xstrdup never return NULL: on exhaustion they print
 *     "gen: out of memory" and exit with GEN_EXIT_INTERNAL.
 *  2. strbuf grows as needed and is always NUL-terminated.
 */
#ifndef GEN_UTIL_H
#define GEN_UTIL_H

#include <stdarg.h>
#include <stddef.h>

void *xmalloc(size_t n);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);

typedef struct strbuf {
    char *buf;
    size_t len, cap;
} strbuf;

void strbuf_add(strbuf *sb, const char *s);
void strbuf_addn(strbuf *sb, const char *s, size_t n);
void strbuf_addf(strbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void strbuf_free(strbuf *sb);

/* Has release() called in the calling thread when it exits (its thread-local
 * buffers freed: a run's workers end with the run).  Calling it again with the
 * same function does nothing; at most 8 functions a thread. */
void thread_at_exit(void (*release)(void));

/* Edit distance between two short strings (for did-you-mean suggestions). */
int edit_distance(const char *a, const char *b);

#endif
