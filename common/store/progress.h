/* SPDX-License-Identifier: MIT */
/* progress.h - the progress line of long commands on a terminal (gen TASK, all,
 * recipe, verify, merge, overlap, ask).
 *
 * Contract:
 *  1. A line is drawn on stderr only when `on` (stderr is a terminal and the
 *     command is not --quiet), only once the command has run for a second, and
 *     at most four times a second; each draw rewrites the line in place ("\r").
 *  2. progress_end() ends a drawn line with a newline, so the lines printed
 *     after it start on their own; it prints nothing when nothing was drawn.
 *     GEN_PROGRESS_NOW=1 in the environment (for tests) draws from the start.
 *  3. Nothing here is shared between threads: a multi-threaded caller draws
 *     from one thread at a time (it holds its own lock).
 */
#ifndef GEN_PROGRESS_H
#define GEN_PROGRESS_H

#include <stdbool.h>

typedef struct progress {
    bool on;
    bool drew;
    double start, last;
} progress;

/* Seconds on the monotonic clock. */
double mono_seconds(void);
/* on: draw at all.  Starts the clock. */
void progress_start(progress *p, bool on);
/* True when a line is to be drawn now (final: the last one, if any was drawn). */
bool progress_due(const progress *p, bool final);
/* Draws the line (no "\r", no newline: they are added); only when due. */
void progress_draw(progress *p, bool final, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void progress_end(progress *p);
/* Seconds since progress_start. */
double progress_elapsed(const progress *p);
/* "1m07s", "12s", "2h03m" for an ETA or a duration in seconds ("?" when unknown). */
void progress_duration(double seconds, char *buf, int len);

#endif
