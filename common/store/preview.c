/* SPDX-License-Identifier: MIT */
#include "preview.h"

#include "errors.h"
#include "font.h"
#include "fsutil.h"
#include "json_out.h"
#include "png_io.h"
#include "render.h"
#include "run.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Layout of the sheet: thumbnails of `thumb` px (the longer side), five cells a
 * row, captions of up to PREVIEW_CAPTION_LINES lines of PREVIEW_LINE_CHARS
 * characters a 300 px thumbnail holds. */
#define PREVIEW_COLS 5
#define PREVIEW_PAD 12.0
#define PREVIEW_FONT 13.0
#define PREVIEW_CAPTION_LINES 4
#define PREVIEW_LINE_CHARS 46
#define PREVIEW_MAX_CHARS 120

static void draw_caption(cairo_t *cr, double x, double y, const char *text, size_t line_chars)
{
    font_select(cr, PREVIEW_FONT);
    cairo_set_source_rgb(cr, 0, 0, 0);
    size_t len = strlen(text), at = 0;
    for (int line = 0; line < PREVIEW_CAPTION_LINES && at < len; line++) {
        char buf[PREVIEW_MAX_CHARS + 4];
        size_t n = len - at < line_chars ? len - at : line_chars;
        memcpy(buf, text + at, n);
        buf[n] = '\0';
        if (line == PREVIEW_CAPTION_LINES - 1 && at + n < len)
            strcpy(buf + (n > 3 ? n - 3 : 0), "...");
        cairo_move_to(cr, x, y + (line + 1) * (PREVIEW_FONT + 3));
        cairo_show_text(cr, buf);
        at += n;
    }
}

/* The images of a sample of n the preview shows, in show[]: all of a single or a
 * pair, the first, middle and last frame of a video. */
static int shown_images(int n, int show[PREVIEW_FRAMES])
{
    if (n <= PREVIEW_FRAMES) {
        for (int k = 0; k < n; k++)
            show[k] = k;
        return n;
    }
    show[0] = 0;
    show[1] = (n - 1) / 2;
    show[2] = n - 1;
    return PREVIEW_FRAMES;
}

int preview_write(const generator *g, uint64_t seed, int grid_size, int frames, const int *levels, int nlevels,
                  double thumb, const char *path)
{
    int show[PREVIEW_FRAMES];
    int nshow = shown_images(gen_images(g, frames), show);
    size_t line_chars = (size_t)(PREVIEW_LINE_CHARS * thumb * nshow / 300.0);
    if (line_chars > PREVIEW_MAX_CHARS)
        line_chars = PREVIEW_MAX_CHARS;
    double cell_w = thumb * nshow + PREVIEW_PAD * (nshow - 1);
    double cap_h = PREVIEW_CAPTION_LINES * (PREVIEW_FONT + 3) + 8;
    double cell_h = thumb + cap_h;
    int cols = nlevels < PREVIEW_COLS ? nlevels : PREVIEW_COLS;
    int rows = (nlevels + cols - 1) / cols;
    int W = (int)ceil(cols * (cell_w + PREVIEW_PAD) + PREVIEW_PAD);
    int H = (int)ceil(rows * (cell_h + PREVIEW_PAD) + PREVIEW_PAD);
    cairo_surface_t *sheet = cairo_image_surface_create(CAIRO_FORMAT_RGB24, W, H);
    cairo_t *cr = cairo_create(sheet);
    cairo_set_source_rgb(cr, 0.92, 0.92, 0.92);
    cairo_paint(cr);
    sample_out s;
    sample_out_init(&s);
    canvas cv;
    canvas_init(&cv);
    int rc = GEN_EXIT_OK;
    for (int i = 0; i < nlevels && rc == GEN_EXIT_OK; i++) {
        gen_params p = {.level = levels[i], .grid_size = grid_size, .file = levels[i], .frames = frames};
        rc = make_sample(g, seed, &p, &s);
        if (rc != GEN_EXIT_OK) {
            fprintf(stderr, "gen: %s: level %d: %s\n", g->name, levels[i], s.err);
            break;
        }
        double x0 = PREVIEW_PAD + (i % cols) * (cell_w + PREVIEW_PAD);
        double y0 = PREVIEW_PAD + (i / cols) * (cell_h + PREVIEW_PAD);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_rectangle(cr, x0, y0, cell_w, cell_h);
        cairo_fill(cr);
        for (int k = 0; k < nshow; k++) {
            if (render_scene(&cv, &s.img[show[k]]) != 0) {
                rc = GEN_EXIT_INTERNAL;
                break;
            }
            double scale = thumb / fmax(cv.width, cv.height);
            cairo_save(cr);
            cairo_translate(cr, x0 + k * (thumb + PREVIEW_PAD), y0);
            cairo_scale(cr, scale, scale);
            cairo_set_source_surface(cr, cv.surface, 0, 0);
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD);
            cairo_paint(cr);
            cairo_restore(cr);
            cairo_set_source_rgb(cr, 0.6, 0.6, 0.6);
            cairo_set_line_width(cr, 1);
            cairo_rectangle(cr, x0 + k * (thumb + PREVIEW_PAD) + 0.5, y0 + 0.5,
                            cv.width * scale - 1, cv.height * scale - 1);
            cairo_stroke(cr);
        }
        strbuf cap = {0};
        strbuf_addf(&cap, "level %d: ", levels[i]);
        json_append(&cap, s.record);
        draw_caption(cr, x0 + 4, y0 + thumb + 2, cap.buf, line_chars);
        strbuf_free(&cap);
    }
    cairo_destroy(cr);
    cairo_surface_flush(sheet);
    if (rc == GEN_EXIT_OK) {
        strbuf png = {0};
        char err[512];
        int stride = cairo_image_surface_get_stride(sheet);
        const uint8_t *px = cairo_image_surface_get_data(sheet);
        if (png_encode_xrgb(px, W, H, stride, png_settings_for(PNG_FAST), &png, err, sizeof err) != 0 ||
            write_file(path, png.buf, png.len, err, sizeof err) != 0) {
            fprintf(stderr, "gen: %s\n", err);
            rc = GEN_EXIT_IO;
        }
        strbuf_free(&png);
    }
    cairo_surface_destroy(sheet);
    canvas_free(&cv);
    sample_out_free(&s);
    return rc;
}
