/* SPDX-License-Identifier: MIT */
/* pil_raster.h - the pixels Pillow 9.4's ImageDraw sets for an ellipse, a
 * polygon and a rectangle on an RGB image, from the integer coordinates Pillow
 * draws with.
 *
 * Written from the description of Pillow's integer algorithms (libImaging's
 * Draw.c, 9.4): no antialiasing, every pixel either set to the ink or left.
 *
 * Contract:
 *  1. Coordinates are Pillow's own after its C layer has cut them to integers
 *     (the script's values truncated towards zero): pixel (x, y) is the pixel
 *     whose top-left corner is at (x, y).  Boxes are inclusive of both corners,
 *     as ImageDraw's are.
 *  2. Every drawing call reports its pixels as horizontal runs to `span`
 *     (inclusive x0 <= x1, one row y), already clipped to the w x h image, in
 *     Pillow's order (a pixel may be reported twice, as Pillow sets it twice:
 *     an opaque ink gives the same image).
 *  3. pil_ellipse: the ellipse inscribed in the box (x0, y0)..(x1, y1), filled,
 *     or its outline `width` pixels thick inside the box (ImageDraw.ellipse).
 *  4. pil_polygon_fill: the scan-line fill of a closed polygon of n vertices
 *     (xy holds 2n integers), with Pillow's rules for horizontal edges, vertices
 *     and corners; pil_polygon_outline: its 1-px outline (Bresenham lines, each
 *     without its last point, as Pillow's polygon outline of width 1).
 *  5. pil_rectangle: every pixel of the box when filled, else an outline
 *     `width` pixels thick inside it.
 *  6. Deterministic: integer arithmetic, and single-precision floats where
 *     Pillow uses them (edge slopes), with no contraction into fused
 *     multiply-adds (the project builds with -ffp-contract=off).
 */
#ifndef GEN_PIL_RASTER_H
#define GEN_PIL_RASTER_H

#include <stdbool.h>

typedef struct pil_target {
    int w, h;                                         /* the image's size, for clipping */
    void (*span)(void *ctx, int x0, int y, int x1);   /* one run, clipped, x0 <= x1 */
    void *ctx;
} pil_target;

void pil_ellipse(const pil_target *t, int x0, int y0, int x1, int y1, bool fill, int width);
/* Returns 0, or -1 when out of memory. */
int pil_polygon_fill(const pil_target *t, const int *xy, int n);
void pil_polygon_outline(const pil_target *t, const int *xy, int n);
void pil_rectangle(const pil_target *t, int x0, int y0, int x1, int y1, bool fill, int width);

#endif
