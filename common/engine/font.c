#include "font.h"

#include "sha256.h"
#include "util.h"

#include <cairo-ft.h>
#include <ft2build.h>
#include FT_FREETYPE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The font file is built into the program (GNU as .incbin, path from CMake), so
 * gen needs no file of its own at run time wherever it is installed. */
#ifndef GEN_FONT_FILE
#error "GEN_FONT_FILE must name fonts/LiberationSans-Regular.ttf (CMakeLists.txt sets it)"
#endif
__asm__(".pushsection .rodata\n"
        ".balign 16\n"
        "gen_font_embedded:\n"
        ".incbin \"" GEN_FONT_FILE "\"\n"
        "gen_font_embedded_end:\n"
        ".popsection\n");
extern const unsigned char gen_font_embedded[] __asm__("gen_font_embedded");
extern const unsigned char gen_font_embedded_end[] __asm__("gen_font_embedded_end");

static FT_Library ft_lib;
static FT_Face ft_face;
static unsigned char *font_bytes; /* read from GEN_FONT, else NULL */
static cairo_font_face_t *face;
static cairo_font_options_t *options;
static const char *path_in_use;

static cairo_font_options_t *make_options(void)
{
    cairo_font_options_t *o = cairo_font_options_create();
    cairo_font_options_set_antialias(o, CAIRO_ANTIALIAS_GRAY);
    cairo_font_options_set_subpixel_order(o, CAIRO_SUBPIXEL_ORDER_DEFAULT);
    cairo_font_options_set_hint_style(o, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(o, CAIRO_HINT_METRICS_OFF);
    return o;
}

/* Reads the file GEN_FONT names into font_bytes. */
static int read_font_file(const char *path, size_t *len, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "cannot open font '%s' (named by GEN_FONT; unset it to use the built-in font)", path);
        return -1;
    }
    size_t cap = 1 << 20, n;
    *len = 0;
    font_bytes = xmalloc(cap);
    while ((n = fread(font_bytes + *len, 1, cap - *len, f)) > 0) {
        *len += n;
        if (*len == cap) {
            cap *= 2;
            font_bytes = xrealloc(font_bytes, cap);
        }
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        snprintf(err, errlen, "cannot read font '%s'", path);
        return -1;
    }
    return 0;
}

int font_init(char *err, size_t errlen)
{
    const char *path = getenv("GEN_FONT");
    const unsigned char *bytes = gen_font_embedded;
    size_t len = (size_t)(gen_font_embedded_end - gen_font_embedded);
    if (path && *path) {
        if (read_font_file(path, &len, err, errlen) != 0)
            return -1;
        bytes = font_bytes;
    } else {
        path = FONT_BUILT_IN;
    }
    char hex[65];
    sha256_hex(bytes, len, hex);
    if (strcmp(hex, FONT_SHA256) != 0) {
        snprintf(err, errlen, "font '%s' has SHA-256 %s, not the bundled Liberation Sans Regular's %s", path, hex,
                 FONT_SHA256);
        return -1;
    }
    if (FT_Init_FreeType(&ft_lib) || FT_New_Memory_Face(ft_lib, bytes, (FT_Long)len, 0, &ft_face)) {
        snprintf(err, errlen, "FreeType cannot load font '%s'", path);
        return -1;
    }
    face = cairo_ft_font_face_create_for_ft_face(ft_face, FT_LOAD_NO_HINTING | FT_LOAD_NO_AUTOHINT | FT_LOAD_NO_BITMAP);
    options = make_options();
    path_in_use = path;
    return 0;
}

void font_done(void)
{
    if (face)
        cairo_font_face_destroy(face);
    if (options)
        cairo_font_options_destroy(options);
    if (ft_face)
        FT_Done_Face(ft_face);
    if (ft_lib)
        FT_Done_FreeType(ft_lib);
    free(font_bytes);
    face = NULL;
    options = NULL;
    ft_face = NULL;
    ft_lib = NULL;
    font_bytes = NULL;
}

const char *font_path(void) { return path_in_use; }

void font_select(cairo_t *cr, double size)
{
    cairo_set_font_face(cr, face);
    cairo_set_font_size(cr, size);
    cairo_set_font_options(cr, options);
}

void font_text_extents(double size, const char *text, cairo_text_extents_t *ext)
{
    cairo_matrix_t fm, ctm;
    cairo_matrix_init_scale(&fm, size, size);
    cairo_matrix_init_identity(&ctm);
    cairo_scaled_font_t *sf = cairo_scaled_font_create(face, &fm, &ctm, options);
    cairo_scaled_font_text_extents(sf, text, ext);
    cairo_scaled_font_destroy(sf);
}

/* Liberation Sans: capital height 1409 of 2048 units per em. */
#define FONT_CAP_HEIGHT (1409.0 / 2048.0)

void font_text_place(double size, const char *text, double x, double y, double *pen_x, double *pen_y, double *x0,
                     double *y0, double *x1, double *y1)
{
    cairo_text_extents_t e;
    font_text_extents(size, text, &e);
    *pen_x = x - e.x_bearing - e.width / 2;
    *pen_y = y + size * FONT_CAP_HEIGHT / 2;
    *x0 = *pen_x + e.x_bearing;
    *x1 = *x0 + e.width;
    *y0 = *pen_y + e.y_bearing;
    *y1 = *y0 + e.height;
}

void font_text_size(double size, const char *text, double *w, double *h)
{
    cairo_text_extents_t e;
    font_text_extents(size, text, &e);
    *w = e.width;
    *h = e.height;
}
