/* SPDX-License-Identifier: MIT */
#include "progress.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Runs shorter than this show no line; a line is redrawn at most this often. */
#define PROGRESS_AFTER 1.0
#define PROGRESS_EVERY 0.25

double mono_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void progress_start(progress *p, bool on)
{
    const char *now = getenv("GEN_PROGRESS_NOW");
    p->on = on;
    p->drew = false;
    p->start = mono_seconds();
    if (now && strcmp(now, "1") == 0)
        p->start -= PROGRESS_AFTER;
    p->last = 0;
}

bool progress_due(const progress *p, bool final)
{
    if (!p->on)
        return false;
    if (final)
        return p->drew;
    double t = mono_seconds();
    return t - p->start >= PROGRESS_AFTER && t - p->last >= PROGRESS_EVERY;
}

void progress_draw(progress *p, bool final, const char *fmt, ...)
{
    if (!progress_due(p, final))
        return;
    va_list ap;
    va_start(ap, fmt);
    fputc('\r', stderr);
    vfprintf(stderr, fmt, ap);
    /* spaces over what a longer line before left */
    fputs("   ", stderr);
    va_end(ap);
    fflush(stderr);
    p->last = mono_seconds();
    p->drew = true;
}

void progress_end(progress *p)
{
    if (p->on && p->drew) {
        fputc('\n', stderr);
        fflush(stderr);
    }
    p->drew = false;
}

double progress_elapsed(const progress *p)
{
    return mono_seconds() - p->start;
}

void progress_duration(double s, char *buf, int len)
{
    if (!isfinite(s) || s < 0) {
        snprintf(buf, (size_t)len, "?");
        return;
    }
    long v = lround(s);
    if (v < 60)
        snprintf(buf, (size_t)len, "%lds", v);
    else if (v < 3600)
        snprintf(buf, (size_t)len, "%ldm%02lds", v / 60, v % 60);
    else
        snprintf(buf, (size_t)len, "%ldh%02ldm", v / 3600, v / 60 % 60);
}
