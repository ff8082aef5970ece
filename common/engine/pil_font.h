/* SPDX-License-Identifier: MIT */
/* pil_font.h - text as Pillow 9.x's ImageDraw.text draws it without a font:
 * its built-in bitmap font (ImageFont.load_default(), X11's Adobe Courier Bold
 * 8 pt at 100 dpi, courB08; licence in fonts/courB08-COPYRIGHT.txt), hard-edged,
 * one colour.
 *
 * Contract:
 *  1. A line is PIL_FONT_LINE (11) px tall, each character 6 px on; the text's
 *     position is its line's top-left corner, as draw.text's xy (truncated to
 *     whole pixels by Pillow).
 *  2. The pixels are Pillow's: each glyph's box is pasted into a line mask as wide
 *     as the advances (a later glyph's box replaces what it covers; ink outside
 *     the mask is cut), then the mask's set pixels take the ink.
 *  3. Printable ASCII but ' and ` (which Pillow's embedded copy draws otherwise)
 *     has glyphs; any other byte draws nothing and still advances 6 px.
 *  4. pil_font_ink gives the ink box of text drawn at (0, 0), [x0, x1) x [y0, y1),
 *     or false for text without ink.
 */
#ifndef GEN_PIL_FONT_H
#define GEN_PIL_FONT_H

#include "pil_raster.h"

#include <stdbool.h>

#define PIL_FONT_ADVANCE 6

bool pil_font_ink(const char *text, int *x0, int *y0, int *x1, int *y1);
void pil_font_draw(const pil_target *t, int x, int y, const char *text);

#endif
