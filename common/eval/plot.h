/* SPDX-License-Identifier: MIT */
/* plot.h - accuracy against difficulty, one small panel per task (gen score --plot).
 *
 * Contract:
 *  1. One PNG: a title line, then panels in rows of up to PLOT_COLS, each with the
 *     task's name, its overall accuracy, a 0-100 % scale and its categories
 *     (difficulty values) along x, joined by a line.  With more than PLOT_MAX_LINE
 *     categories (maze_solving's path lengths) the categories are dots and the line
 *     joins the count-weighted means of PLOT_BINS equal-width bins.
 *  2. Text is in the bundled font (font.h; font_init() first); the image depends
 *     only on the series given.
 */
#ifndef GEN_PLOT_H
#define GEN_PLOT_H

#include "util.h"

#include <stddef.h>

#define PLOT_MAX_LINE 24
#define PLOT_BINS 12

typedef struct plot_series {
    const char *name; /* the panel's title */
    const char *axis; /* what x is */
    int n;            /* categories */
    const long *x;    /* ascending difficulty values */
    const double *y;  /* accuracy in percent */
    const long *count; /* records per category */
    double overall;   /* the task's overall accuracy in percent */
} plot_series;

/* Appends the PNG to png; returns 0, or -1 with a message. */
int plot_accuracy(const plot_series *s, int n, const char *title, strbuf *png, char *err, size_t errlen);

#endif
