/* render.h - draws a scene with Cairo into a reusable canvas.
 *
 * Contract:
 *  1. One renderer for every task: primitives in list order, fill then outline.
 *  2. Outlines use round joins; polylines use butt caps unless round_caps is set.
 *     Fills are antialiased with Cairo's default unless the primitive asks for
 *     coarser edges (prim.edges: only background pictures do, where it is faster
 *     and does not show).
 *  3. Text is centred on its ink box at (x, y), in the bundled font (font.h).
 *  4. The canvas is Cairo RGB24 (one uint32 xRGB per pixel, native endian) and is
 *     reused between samples of the same size; one canvas per thread.
 */
#ifndef GEN_RENDER_H
#define GEN_RENDER_H

#include "scene.h"

#include <cairo.h>
#include <stdint.h>

typedef struct canvas {
    cairo_surface_t *surface;
    int width, height;
} canvas;

void canvas_init(canvas *c);
void canvas_free(canvas *c);
/* Draws s into c (resizing it if needed); returns 0, or -1 if Cairo failed. */
int render_scene(canvas *c, const scene *s);
/* The same scene drawn `scale` times as large (--scale): the canvas is
 * ceil(width * scale) x ceil(height * scale), everything in it scaled alike. */
int render_scene_scaled(canvas *c, const scene *s, double scale);
/* Pixel rows of the last render. */
const uint8_t *canvas_pixels(const canvas *c, int *stride);
/* The 8-bit RGB value at (x, y). */
rgb canvas_pixel(const canvas *c, int x, int y);

#endif
