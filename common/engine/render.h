/* SPDX-License-Identifier: MIT */
/* render.h - draws a scene with Cairo into a reusable canvas.
 *
 * Contract:
 *  1. One renderer for every task: primitives in list order, fill then outline.
 *     A circle, rectangle or convex polygon outlined in its own fill colour is
 *     drawn as one fill of the shape grown by half the outline's width with round
 *     corners: the same shape as fill plus round-joined outline, about half the
 *     cost (edge pixels differ by a few levels: Cairo no longer blends the fill's
 *     own edge under the outline).
 *  2. Outlines use round joins; polylines use butt caps unless round_caps is set.
 *     Fills and outlines are antialiased with Cairo's default unless the primitive
 *     asks for coarser edges (prim.edges): background pictures, where it is faster
 *     and does not show, and the shapes and lines of tasks whose original draws
 *     with Pillow (no antialiasing), where it is the original's look.  A primitive
 *     marked EDGES_PILLOW (scene.h) is drawn at scale 1 without Cairo: the very
 *     pixels Pillow 9.4 sets for the original's coordinates (pil_raster.h,
 *     pil_font.h).
 *  3. Text in Liberation Sans is centred on its ink box at (x, y) (font.h);
 *     matplotlib text (FONT_DEJAVU, FONT_DEJAVU_BOLD) is anchored at (x, y) and
 *     drawn as matplotlib's Agg backend draws it (font.h contract 4), blended into
 *     the canvas by gen's own code, as are EDGES_AGG rectangles (scene.h:
 *     matplotlib's axis-aligned lines); Pillow text (FONT_PIL) is placed and
 *     blended as Pillow's ImageDraw.text does it (font.h contract 5).
 *  4. The canvas is Cairo RGB24 (one uint32 xRGB per pixel, native endian, rows
 *     packed: stride 4 x width) in memory of its own that is kept from sample to
 *     sample and only grows, 1.5x at a time (a task whose size changes with the
 *     level reuses it: few allocations, few page faults); one canvas per thread.
 *  5. A render starts from the scene's background in every pixel, written as the
 *     same words cairo_paint writes (0xFFRRGGBB).  A clear fills the canvas's
 *     whole memory, and canvas_encode_png leaves the render's pixels holding that
 *     background again, refilled row by row while the encoder has each row in
 *     cache, so the next render of the same background skips its clear, whatever
 *     its size; reading the canvas after canvas_encode_png sees background.
 *  6. A render records per row the span of columns its primitives may touch
 *     (each one's prim_bbox, scaled, and RENDER_ROW_MARGIN pixels around it for
 *     antialiasing); every pixel outside the spans holds the background after it.
 *     The encoder writes those pixels from one converted background row without
 *     reading the canvas (tests/test_png_io.c checks the spans for every task).
 *  7. With GEN_TEST_FULL_CANVAS set in the environment when the canvas is made,
 *     every render clears the whole canvas and every row counts as drawn in: the
 *     encoder reads every pixel.  The output must not change (test spans_all
 *     compares a whole gen all both ways).
 */
#ifndef GEN_RENDER_H
#define GEN_RENDER_H

#include "png_io.h"
#include "scene.h"

#include <cairo.h>
#include <stdint.h>

typedef struct canvas {
    cairo_surface_t *surface; /* width x height at the front of mem */
    uint32_t *mem;            /* cap words */
    size_t cap;
    int width, height;
    int cap_rows;        /* rows drawn has room for */
    uint32_t background; /* the word the last render started from */
    int clean;           /* every word of mem holds `background` (after canvas_encode_png) */
    int *drawn;          /* per row y, columns [drawn[2y], drawn[2y+1]) may be drawn in */
    int full;            /* GEN_TEST_FULL_CANVAS was set: no clear skipped, every row
                            marked drawn (contracts 5 and 6 off; for tests only) */
} canvas;

void canvas_init(canvas *c);
void canvas_free(canvas *c);
/* Draws s into c (resizing it if needed); returns 0, or -1 if Cairo failed. */
int render_scene(canvas *c, const scene *s);
/* The same scene drawn `scale` times as large (--scale): the canvas is
 * ceil(width * scale) x ceil(height * scale), everything in it scaled alike. */
int render_scene_scaled(canvas *c, const scene *s, double scale);
/* The last render as packed RGB (width * height * 3 bytes into dst), leaving the
 * canvas cleared for the next render as canvas_encode_png does. */
void canvas_to_rgb(canvas *c, uint8_t *dst);
/* Pixel rows of the last render. */
const uint8_t *canvas_pixels(const canvas *c, int *stride);
/* The 8-bit RGB value at (x, y). */
rgb canvas_pixel(const canvas *c, int x, int y);
/* Per row y of the last render, the columns [spans[2y], spans[2y+1]) that may
 * differ from the background, empty if the first is not below the second
 * (contract 6). */
const int *canvas_drawn_spans(const canvas *c);
/* The canvas word of a background colour, as cairo_paint writes it. */
uint32_t canvas_word(rgb c);
/* Encodes the last render as a PNG (png_encode_xrgb with these settings) and
 * leaves the canvas cleared to that render's background (contract 5).  Returns
 * 0, or -1 with a message in err. */
int canvas_encode_png(canvas *c, const png_settings *set, strbuf *out, char *err, size_t errlen);

#endif
