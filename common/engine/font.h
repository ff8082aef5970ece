/* SPDX-License-Identifier: MIT */
/* font.h - the bundled fonts, built into the program, loaded through FreeType.
 *
 * Contract:
 *  1. font_init() runs once at start-up, before any thread: it takes the fonts
 *     built into the binary (fonts/LiberationSans-Regular.ttf, fonts/dejavu/DejaVuSans.ttf and
 *     DejaVuSans-Bold.ttf, embedded at build time), or for each the file its
 *     variable names when that is set (GEN_FONT, GEN_FONT_DEJAVU,
 *     GEN_FONT_DEJAVU_BOLD), checks its SHA-256 against the pin below and refuses
 *     any other bytes, so text renders the same on every machine and gen runs
 *     from wherever it is installed.  fontconfig is never consulted.
 *     Liberation Sans (metric twin of Arial) is the font of the tasks whose
 *     original opens arial.ttf with Pillow; DejaVu Sans is matplotlib's default
 *     font, the font of every label the originals draw with matplotlib.
 *  2. Liberation Sans (FONT_LIBERATION) is drawn by Cairo.  Every cairo font option is set explicitly: grey antialiasing, no hinting,
 *     unhinted metrics, default subpixel order; FreeType loads outlines unhinted.
 *  3. After font_init() the font is safe to use from any thread: each thread
 *     draws and measures with a font face of its own, made on its first use
 *     (Cairo's shared scaled fonts are not safe across threads), all from the
 *     same checked bytes, so text is the same whichever thread draws it.  The
 *     same holds for the FreeType faces of the matplotlib and Pillow text
 *     (contracts 4 and 5).
 *  4. matplotlib text (FONT_DEJAVU, FONT_DEJAVU_BOLD) is laid out and rasterized
 *     as matplotlib 3.6's Agg backend does it (its FT2Font and RendererAgg):
 *     FreeType with the auto-hinter forced (rcParams text.hinting), the size set
 *     at 8 times the dpi across and shrunk back by a transform (text.hinting_factor
 *     8), glyphs at 1/64-px pen positions with the font's kerning, one grey image
 *     of the string (glyph bitmaps OR-ed), placed by matplotlib's alignment rules
 *     (ha, va, rotation about the anchor; the image's corner rounded to a whole
 *     pixel, halves to even as Python rounds) and blended as Agg blends.
 *     font_mpl_place() gives that image and where it goes; render.c blends it.
 *     Upright and quarter-turned (reading upwards) text only.
 *  5. Pillow text (FONT_PIL) is Liberation Sans laid out and rendered as Pillow
 *     9.4 with libraqm (Debian's python3-pil) draws ImageFont.truetype text
 *     with ImageDraw.text: the size set in whole pixels, glyphs at the unhinted
 *     advances HarfBuzz gives (rounded to 1/64 px, with the font's kerning),
 *     each rendered with the font's own TrueType hints (FT_LOAD_DEFAULT) at a
 *     whole-pixel pen position, overlaps keeping the larger level; the mask
 *     placed by the anchor as font_getsize places it, the position's fractions
 *     moving the pen as font_render moves it.  font_pil_place() gives that mask
 *     and where it goes; render.c blends it as ImageDraw's draw_bitmap does.
 *     Upright text only.
 */
#ifndef GEN_FONT_H
#define GEN_FONT_H

#include "scene.h"

#include <cairo.h>
#include <stddef.h>

/* Liberation Sans Regular 2.1.5 from Debian's fonts-liberation2 (fonts/). */
#define FONT_SHA256 "8d91388f1d3604b3b8ae0e3ee2d140e50cd6122f9214514f4aca772540a4076d"
/* DejaVu Sans and DejaVu Sans Bold 2.37 from Debian's fonts-dejavu-core (fonts/;
 * matplotlib 3.6 ships 2.35, whose Latin outlines, advances and kerning pairs
 * are the same). */
#define FONT_DEJAVU_SHA256 "abdc775b21b1bc470d50c97e790d276f2054b7504e56e5bd3e64f48d68582322"
#define FONT_DEJAVU_BOLD_SHA256 "0d977336a6d5fba34eab8e3199eb218327161b5143749f802982c2bc34df0c96"

/* What font_path() returns when the built-in font is in use. */
#define FONT_BUILT_IN "(built-in Liberation Sans Regular)"

int font_init(char *err, size_t errlen);
void font_done(void);
/* The GEN_FONT file in use, or FONT_BUILT_IN. */
const char *font_path(void);

/* This thread's font face (contract 3; made on first use). */
cairo_font_face_t *font_face(void);
/* Selects the font at `size` pixels (em) with the pinned options on cr. */
void font_select(cairo_t *cr, double size);
/* Ink extents of text at size: width, height and the bearings cairo reports. */
void font_text_extents(double size, const char *text, cairo_text_extents_t *ext);
/* Ink width and height only. */
void font_text_size(double size, const char *text, double *w, double *h);
/* Where render.c puts text "centred" on (x, y): the ink box is centred across, and
 * the baseline sits half a cap height below y, so labels with and without
 * descenders line up.  Gives the pen origin and the ink box. */
void font_text_place(double size, const char *text, double x, double y, double *pen_x, double *pen_y, double *x0,
                     double *y0, double *x1, double *y1);

/* matplotlib's figure resolution in the originals (dots per inch): a point is
 * 100/72 px. */
#define MPL_DPI 100.0

/* Where matplotlib's Agg backend puts text primitive p (font FONT_DEJAVU or
 * FONT_DEJAVU_BOLD; x, y its anchor, font_size its size in px at MPL_DPI, i.e.
 * points x 100/72), drawn `scale` times as large (at dpi MPL_DPI x scale). */
typedef struct mpl_placed {
    const unsigned char *img; /* h rows of w grey levels (row 0: the text's top);
                                 valid until this thread's next font_mpl_* call */
    const unsigned char *alpha; /* turned text: the same grid, each level as
                                   draw_text_image blends it (the image resampled
                                   by Agg's spline36 filter, times 255/256); NULL
                                   when upright */
    int w, h;
    int quarter;            /* 0: upright; 1: turned a quarter counter-clockwise
                               (reads upwards): image column u, row v go to
                               canvas column x0 + v, row y1 - 1 - u */
    int x0, y0, x1, y1;     /* the canvas pixels the image covers, [x0, x1) x [y0, y1) */
    int ix0, iy0, ix1, iy1; /* the pixels of its ink (grey > 0), the same way;
                               empty (ix0 >= ix1) for blank text */
} mpl_placed;
void font_mpl_place(const prim *p, double scale, mpl_placed *out);
/* matplotlib's text metrics (get_text_width_height_descent) in px at MPL_DPI:
 * the advance width, the height and the descent of the string's box. */
void font_mpl_metrics(text_font f, double size, const char *text, double *w, double *h, double *d);
/* The ink box font_mpl_place gives a text (whole pixels, [x0, x1) x [y0, y1)). */
void font_mpl_ink(text_font f, double size, const char *text, double x, double y, text_align ha, text_align va,
                  double *x0, double *y0, double *x1, double *y1);

/* Where Pillow's ImageDraw.text puts text primitive p (font FONT_PIL; x, y the
 * position given to draw.text, font_size its size in px, halign and valign its
 * anchor as scene.h maps them), drawn `scale` times as large. */
typedef struct pil_placed {
    const unsigned char *img; /* h rows of w levels (getmask2's mask); valid until
                                 this thread's next font_pil_* call */
    int w, h;
    int x0, y0;               /* the canvas pixel of the mask's corner */
    int ix0, iy0, ix1, iy1;   /* the pixels of its ink (level > 0), [ ); empty
                                 (ix0 >= ix1) for blank text */
} pil_placed;
void font_pil_place(const prim *p, double scale, pil_placed *out);
/* ImageDraw.textbbox((0, 0), text) for Liberation Sans at `size` px with the
 * anchor ha, va: the box font_getsize gives, [x0, x1) x [y0, y1). */
void font_pil_bbox(int size, const char *text, text_align ha, text_align va, int *x0, int *y0, int *x1, int *y1);

#endif
