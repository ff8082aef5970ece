/* SPDX-License-Identifier: MIT */
#include "plot.h"

#include "font.h"
#include "png_io.h"

#include <cairo.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* Panel geometry in pixels: six panels across make 30 tasks a 6x5 sheet about
 * 1.5k px wide, small enough to read on one screen; the plot area inside each
 * leaves room for the y labels (left), the title (top) and the x labels (bottom). */
#define PLOT_COLS 6
#define PLOT_PANEL_W 250.0
#define PLOT_PANEL_H 180.0
#define PLOT_GAP 10.0
#define PLOT_TITLE_H 44.0
#define PLOT_IN_LEFT 34.0
#define PLOT_IN_RIGHT 12.0
#define PLOT_IN_TOP 30.0
#define PLOT_IN_BOTTOM 36.0
#define PLOT_TEXT 13.0  /* panel titles */
#define PLOT_SMALL 11.0 /* tick labels */

/* A plot is made once and kept (docs/, reports), so size beats speed: zlib
 * level 9 with a filter chosen per row (a plot is mostly flat colour and lines). */
static const png_settings PLOT_PNG = {PNG_DEFLATE_ZLIB, 9, PNG_ROWS_ADAPTIVE};

static void text_at(cairo_t *cr, double size, const char *s, double x, double y, double align)
{
    cairo_text_extents_t e;
    font_select(cr, size);
    cairo_text_extents(cr, s, &e);
    cairo_move_to(cr, x - align * e.x_advance, y);
    cairo_show_text(cr, s);
}

static void panel(cairo_t *cr, const plot_series *s, double x0, double y0)
{
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_rectangle(cr, x0, y0, PLOT_PANEL_W, PLOT_PANEL_H);
    cairo_fill(cr);
    double px = x0 + PLOT_IN_LEFT, py = y0 + PLOT_IN_TOP;
    double pw = PLOT_PANEL_W - PLOT_IN_LEFT - PLOT_IN_RIGHT, ph = PLOT_PANEL_H - PLOT_IN_TOP - PLOT_IN_BOTTOM;

    cairo_set_source_rgb(cr, 0, 0, 0);
    text_at(cr, PLOT_TEXT, s->name, x0 + 8, y0 + 18, 0);
    char buf[64];
    snprintf(buf, sizeof buf, "%.1f%%", s->overall);
    cairo_set_source_rgb(cr, 0.1, 0.3, 0.7);
    text_at(cr, PLOT_TEXT, buf, x0 + PLOT_PANEL_W - 8, y0 + 18, 1);

    /* the 0, 50 and 100 % lines */
    cairo_set_line_width(cr, 1);
    for (int k = 0; k <= 2; k++) {
        double y = floor(py + ph - ph * k / 2.0) + 0.5;
        cairo_set_source_rgb(cr, k == 0 ? 0.5 : 0.85, k == 0 ? 0.5 : 0.85, k == 0 ? 0.5 : 0.85);
        cairo_move_to(cr, px, y);
        cairo_line_to(cr, px + pw, y);
        cairo_stroke(cr);
        snprintf(buf, sizeof buf, "%d", 50 * k);
        cairo_set_source_rgb(cr, 0.35, 0.35, 0.35);
        text_at(cr, PLOT_SMALL, buf, px - 5, y + 4, 1);
    }
    if (s->n == 0)
        return;
    long lo = s->x[0], hi = s->x[s->n - 1];
    double span = hi > lo ? (double)(hi - lo) : 1.0;
#define XPOS(v) (s->n == 1 ? px + pw / 2 : px + pw * (double)((v)-lo) / span)
#define YPOS(v) (py + ph - ph * (v) / 100.0)
    /* x labels: the ends, and the middle value when there is room */
    cairo_set_source_rgb(cr, 0.35, 0.35, 0.35);
    long ticks[3] = {lo, s->x[s->n / 2], hi};
    for (int k = 0; k < 3; k++) {
        if ((k == 1 && (s->n < 3 || ticks[1] == lo || ticks[1] == hi)) || (k == 2 && hi == lo))
            continue;
        snprintf(buf, sizeof buf, "%ld", ticks[k]);
        text_at(cr, PLOT_SMALL, buf, XPOS(ticks[k]), py + ph + 14, 0.5);
    }
    text_at(cr, PLOT_SMALL, s->axis, px + pw / 2, py + ph + 29, 0.5);
    /* the series: every category a dot; the line through them, or through bin
     * means when there are too many categories to join one by one */
    bool binned = s->n > PLOT_MAX_LINE;
    cairo_set_source_rgb(cr, binned ? 0.6 : 0.1, binned ? 0.7 : 0.3, binned ? 0.9 : 0.7);
    double r = binned ? 1.6 : 2.6;
    for (int i = 0; i < s->n; i++) {
        cairo_arc(cr, XPOS(s->x[i]), YPOS(s->y[i]), r, 0, 2 * M_PI);
        cairo_fill(cr);
    }
    cairo_set_source_rgb(cr, 0.1, 0.3, 0.7);
    cairo_set_line_width(cr, 1.8);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    if (!binned) {
        for (int i = 0; i < s->n; i++)
            cairo_line_to(cr, XPOS(s->x[i]), YPOS(s->y[i]));
    } else {
        for (int b = 0; b < PLOT_BINS; b++) {
            double a = lo + span * b / PLOT_BINS, z = lo + span * (b + 1) / PLOT_BINS;
            double sum = 0, w = 0, xs = 0;
            for (int i = 0; i < s->n; i++)
                if (s->x[i] >= a && (s->x[i] < z || (b == PLOT_BINS - 1 && s->x[i] <= z))) {
                    double c = s->count ? (double)s->count[i] : 1.0;
                    sum += c * s->y[i];
                    xs += c * (double)s->x[i];
                    w += c;
                }
            if (w > 0)
                cairo_line_to(cr, XPOS(xs / w), YPOS(sum / w));
        }
    }
    cairo_stroke(cr);
#undef XPOS
#undef YPOS
}

int plot_accuracy(const plot_series *s, int n, const char *title, strbuf *png, char *err, size_t errlen)
{
    int cols = n < PLOT_COLS ? (n > 0 ? n : 1) : PLOT_COLS;
    int rows = n > 0 ? (n + cols - 1) / cols : 1;
    int W = (int)(cols * (PLOT_PANEL_W + PLOT_GAP) + PLOT_GAP);
    int H = (int)(PLOT_TITLE_H + rows * (PLOT_PANEL_H + PLOT_GAP) + PLOT_GAP);
    cairo_surface_t *sf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, W, H);
    cairo_t *cr = cairo_create(sf);
    cairo_set_source_rgb(cr, 0.93, 0.93, 0.93);
    cairo_paint(cr);
    cairo_set_source_rgb(cr, 0, 0, 0);
    text_at(cr, 20.0, title, PLOT_GAP + 4, 30, 0);
    for (int i = 0; i < n; i++)
        panel(cr, &s[i], PLOT_GAP + (i % cols) * (PLOT_PANEL_W + PLOT_GAP),
              PLOT_TITLE_H + (i / cols) * (PLOT_PANEL_H + PLOT_GAP));
    cairo_destroy(cr);
    cairo_surface_flush(sf);
    int rc = 0;
    if (cairo_surface_status(sf) != CAIRO_STATUS_SUCCESS) {
        snprintf(err, errlen, "cannot draw the plot: %s", cairo_status_to_string(cairo_surface_status(sf)));
        rc = -1;
    } else {
        rc = png_encode_xrgb(cairo_image_surface_get_data(sf), W, H, cairo_image_surface_get_stride(sf),
                             &PLOT_PNG, png, err, errlen);
    }
    cairo_surface_destroy(sf);
    return rc;
}
