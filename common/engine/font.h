/* font.h - the one bundled font, built into the program, loaded through FreeType.
 *
 * Contract:
 *  1. font_init() runs once at start-up, before any thread: it takes the font
 *     built into the binary (fonts/LiberationSans-Regular.ttf, embedded at build
 *     time), or the file GEN_FONT names when that is set, checks its SHA-256
 *     against FONT_SHA256 and refuses any other bytes, so text renders the same on
 *     every machine and gen runs from wherever it is installed.  fontconfig is
 *     never consulted.
 *  2. Every cairo font option is set explicitly: grey antialiasing, no hinting,
 *     unhinted metrics, default subpixel order; FreeType loads outlines unhinted.
 *  3. After font_init() the font is safe to use from any thread: each thread
 *     draws and measures with a font face of its own, made on its first use
 *     (Cairo's shared scaled fonts are not safe across threads), all from the
 *     same checked bytes, so text is the same whichever thread draws it.
 */
#ifndef GEN_FONT_H
#define GEN_FONT_H

#include <cairo.h>
#include <stddef.h>

/* Liberation Sans Regular 2.1.5 from Debian's fonts-liberation2 (fonts/). */
#define FONT_SHA256 "8d91388f1d3604b3b8ae0e3ee2d140e50cd6122f9214514f4aca772540a4076d"

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

#endif
