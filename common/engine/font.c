#include "font.h"

#include "errors.h"
#include "sha256.h"
#include "util.h"

#include <cairo-ft.h>
#include <ft2build.h>
#include FT_FREETYPE_H

#include <pthread.h>
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

/* The checked font bytes (font_init), shared read-only by every thread. */
static const unsigned char *bytes_in_use;
static size_t len_in_use;
static unsigned char *font_bytes; /* read from GEN_FONT, else NULL */
static cairo_font_options_t *options;
static const char *path_in_use;

/* Each thread draws with a font face of its own (contract 3): Cairo 1.16 hands
 * every thread that asks for the same face at the same size one shared scaled
 * font, and its glyph cache is not safe to share (two threads drawing text at
 * once occasionally aborted in cairo_scaled_font_destroy, "! scaled_font->
 * cache_frozen").  Made on a thread's first use; its FreeType library and face
 * are freed when Cairo lets go of the face. */
static _Thread_local cairo_font_face_t *thread_face;
static pthread_key_t thread_key;
static pthread_once_t key_once = PTHREAD_ONCE_INIT;
static const cairo_user_data_key_t ft_key;

typedef struct ft_pair {
    FT_Library lib;
    FT_Face face;
} ft_pair;

static void free_ft(void *data)
{
    ft_pair *p = data;
    FT_Done_Face(p->face);
    FT_Done_FreeType(p->lib);
    free(p);
}

/* The scaled font font_text_extents used last in this thread, kept for the next
 * call at the same size (a scene measures many labels of one size). */
static _Thread_local cairo_scaled_font_t *measure_font;
static _Thread_local double measure_size;

/* At a thread's end: what it holds of its font. */
static void release_face(void *f)
{
    if (measure_font)
        cairo_scaled_font_destroy(measure_font);
    measure_font = NULL;
    cairo_font_face_destroy(f);
}

static void make_key(void)
{
    if (pthread_key_create(&thread_key, release_face) != 0)
        abort();
}

/* This thread's face, made on first use.  FreeType failing here ends the
 * process (GEN_EXIT_INTERNAL): font_init has loaded the same bytes already, so
 * only exhausted memory can make it fail. */
static cairo_font_face_t *face_here(void)
{
    if (thread_face)
        return thread_face;
    ft_pair *p = xcalloc(1, sizeof *p);
    if (FT_Init_FreeType(&p->lib) || FT_New_Memory_Face(p->lib, bytes_in_use, (FT_Long)len_in_use, 0, &p->face)) {
        fputs("gen: FreeType cannot load the font in a worker thread\n", stderr);
        exit(GEN_EXIT_INTERNAL);
    }
    cairo_font_face_t *f =
        cairo_ft_font_face_create_for_ft_face(p->face, FT_LOAD_NO_HINTING | FT_LOAD_NO_AUTOHINT | FT_LOAD_NO_BITMAP);
    if (cairo_font_face_set_user_data(f, &ft_key, p, free_ft) != CAIRO_STATUS_SUCCESS) {
        fputs("gen: out of memory (cairo font face)\n", stderr);
        exit(GEN_EXIT_INTERNAL);
    }
    pthread_once(&key_once, make_key);
    pthread_setspecific(thread_key, f);
    thread_face = f;
    return f;
}

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
    /* FreeType must take the bytes here, so that a worker thread never fails */
    FT_Library lib;
    FT_Face probe;
    if (FT_Init_FreeType(&lib)) {
        snprintf(err, errlen, "FreeType cannot start");
        return -1;
    }
    int bad = FT_New_Memory_Face(lib, bytes, (FT_Long)len, 0, &probe) != 0;
    if (!bad)
        FT_Done_Face(probe);
    FT_Done_FreeType(lib);
    if (bad) {
        snprintf(err, errlen, "FreeType cannot load font '%s'", path);
        return -1;
    }
    bytes_in_use = bytes;
    len_in_use = len;
    options = make_options();
    path_in_use = path;
    return 0;
}

void font_done(void)
{
    /* the calling thread's face (other threads let go of theirs as they end);
     * Cairo frees the FreeType face once nothing holds the font face */
    if (measure_font)
        cairo_scaled_font_destroy(measure_font);
    measure_font = NULL;
    if (thread_face) {
        pthread_setspecific(thread_key, NULL);
        cairo_font_face_destroy(thread_face);
        thread_face = NULL;
    }
    if (options)
        cairo_font_options_destroy(options);
    options = NULL;
    /* font_bytes stays: a face Cairo still caches may read it until exit */
    bytes_in_use = NULL;
    len_in_use = 0;
}

const char *font_path(void) { return path_in_use; }

cairo_font_face_t *font_face(void) { return face_here(); }

void font_select(cairo_t *cr, double size)
{
    cairo_set_font_face(cr, face_here());
    cairo_set_font_size(cr, size);
    cairo_set_font_options(cr, options);
}

void font_text_extents(double size, const char *text, cairo_text_extents_t *ext)
{
    cairo_font_face_t *f = face_here();
    if (!measure_font || measure_size != size || cairo_scaled_font_get_font_face(measure_font) != f) {
        cairo_matrix_t fm, ctm;
        cairo_matrix_init_scale(&fm, size, size);
        cairo_matrix_init_identity(&ctm);
        if (measure_font)
            cairo_scaled_font_destroy(measure_font);
        measure_font = cairo_scaled_font_create(f, &fm, &ctm, options);
        measure_size = size;
    }
    cairo_scaled_font_text_extents(measure_font, text, ext);
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
