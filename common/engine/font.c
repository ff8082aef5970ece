/* SPDX-License-Identifier: MIT */
#include "font.h"

#include "errors.h"
#include "sha256.h"
#include "util.h"

#include <cairo-ft.h>
#include <ft2build.h>
#include FT_FREETYPE_H

#include FT_ADVANCES_H
#include FT_GLYPH_H

#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The font files are built into the program (GNU as .incbin, paths from CMake),
 * so gen needs no file of its own at run time wherever it is installed. */
#if !defined(GEN_FONT_FILE) || !defined(GEN_FONT_DEJAVU_FILE) || !defined(GEN_FONT_DEJAVU_BOLD_FILE)
#error "GEN_FONT_FILE, GEN_FONT_DEJAVU_FILE and GEN_FONT_DEJAVU_BOLD_FILE must name the fonts/ files (CMakeLists.txt sets them)"
#endif
#define EMBED(name, file)                                                                                              \
    __asm__(".pushsection .rodata\n"                                                                                 \
            ".balign 16\n" #name ":\n"                                                                               \
            ".incbin \"" file "\"\n" #name "_end:\n"                                                                  \
            ".popsection\n");                                                                                        \
    extern const unsigned char name[] __asm__(#name);                                                                 \
    extern const unsigned char name##_end[] __asm__(#name "_end")
EMBED(gen_font_embedded, GEN_FONT_FILE);
EMBED(gen_font_dejavu_embedded, GEN_FONT_DEJAVU_FILE);
EMBED(gen_font_dejavu_bold_embedded, GEN_FONT_DEJAVU_BOLD_FILE);

/* matplotlib's two fonts (contract 4): the built-in bytes, the variable that
 * names a file instead, the pin; then the checked bytes in use. */
typedef struct mpl_font_file {
    const char *name, *env, *sha;
    const unsigned char *start, *end;
    const unsigned char *bytes;
    size_t len;
    unsigned char *read; /* read from the file env names, else NULL */
} mpl_font_file;
static mpl_font_file mpl_files[2] = {
    {"DejaVu Sans", "GEN_FONT_DEJAVU", FONT_DEJAVU_SHA256, gen_font_dejavu_embedded, gen_font_dejavu_embedded_end,
     NULL, 0, NULL},
    {"DejaVu Sans Bold", "GEN_FONT_DEJAVU_BOLD", FONT_DEJAVU_BOLD_SHA256, gen_font_dejavu_bold_embedded,
     gen_font_dejavu_bold_embedded_end, NULL, 0, NULL},
};

/* Each thread's FreeType faces and laid-out strings of matplotlib text (below). */
typedef struct mpl_thread mpl_thread;
static _Thread_local mpl_thread *mpl_here;
static pthread_key_t mpl_key;
static void mpl_release(void *v);

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

/* Reads the file `path` (named by variable `env`) into *buf. */
static int read_font_file(const char *path, const char *env, unsigned char **buf, size_t *len, char *err,
                          size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "cannot open font '%s' (named by %s; unset it to use the built-in font)", path, env);
        return -1;
    }
    size_t cap = 1 << 20, n;
    *len = 0;
    *buf = xmalloc(cap);
    while ((n = fread(*buf + *len, 1, cap - *len, f)) > 0) {
        *len += n;
        if (*len == cap) {
            cap *= 2;
            *buf = xrealloc(*buf, cap);
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

/* Takes the built-in bytes or the file env names, checks them against sha (the
 * font called `name`) and that FreeType loads them. */
static int take_font(const char *env, const char *name, const char *sha, const unsigned char *start,
                     const unsigned char *end, const unsigned char **bytes_out, size_t *len_out, unsigned char **read,
                     const char **path_out, char *err, size_t errlen)
{
    const char *path = getenv(env);
    const unsigned char *bytes = start;
    size_t len = (size_t)(end - start);
    if (path && *path) {
        if (read_font_file(path, env, read, &len, err, errlen) != 0)
            return -1;
        bytes = *read;
    } else {
        path = NULL;
    }
    const char *shown = path ? path : "(built-in)";
    char hex[65];
    sha256_hex(bytes, len, hex);
    if (strcmp(hex, sha) != 0) {
        snprintf(err, errlen, "font '%s' has SHA-256 %s, not the bundled %s's %s", shown, hex, name, sha);
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
        snprintf(err, errlen, "FreeType cannot load font '%s'", shown);
        return -1;
    }
    *bytes_out = bytes;
    *len_out = len;
    if (path_out)
        *path_out = path;
    return 0;
}

int font_init(char *err, size_t errlen)
{
    const unsigned char *bytes;
    size_t len;
    const char *path;
    if (take_font("GEN_FONT", "Liberation Sans Regular", FONT_SHA256, gen_font_embedded, gen_font_embedded_end, &bytes,
                  &len, &font_bytes, &path, err, errlen) != 0)
        return -1;
    for (int k = 0; k < 2; k++) {
        mpl_font_file *m = &mpl_files[k];
        if (take_font(m->env, m->name, m->sha, m->start, m->end, &m->bytes, &m->len, &m->read, NULL, err, errlen) !=
            0)
            return -1;
    }
    bytes_in_use = bytes;
    len_in_use = len;
    options = make_options();
    path_in_use = path ? path : FONT_BUILT_IN;
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
    if (mpl_here) { /* this thread's matplotlib faces (others free theirs as they end) */
        pthread_setspecific(mpl_key, NULL);
        mpl_release(mpl_here);
        mpl_here = NULL;
    }
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

/* ---- matplotlib text (contract 4) ---------------------------------------- */

/* matplotlib 3.6's defaults: rcParams text.hinting_factor and text.hinting
 * ('force_autohint': FreeType's auto-hinter, the font's own hints unused). */
#define MPL_HINTING_FACTOR 8
#define MPL_LOAD_FLAGS FT_LOAD_FORCE_AUTOHINT
/* Strings laid out per thread, kept for the next use (the swatch strip draws the
 * same 21 labels in every sample of three tasks). */
#define MPL_CACHE 256

/* One string laid out as FT2Font::set_text and draw_glyphs_to_bitmap do. */
typedef struct mpl_entry {
    bool used;
    uint8_t font;
    long size26;           /* points x 64 */
    unsigned dpi_x, dpi_y; /* FT_Set_Char_Size's resolutions */
    char text[sizeof(((prim *)0)->label)];
    FT_BBox bbox;          /* of the glyphs' outlines at their pen positions (1/64 px) */
    long advance;          /* the pen's end (1/64 px) */
    int w, h;              /* the grey image */
    unsigned char *img;
    size_t cap;
    int ink_x0, ink_y0, ink_x1, ink_y1; /* non-zero pixels of the image, [ ) */
    unsigned char *turned; /* the image as a quarter turn blends it (font_mpl_place) */
    size_t turned_cap;
    bool turned_ok;
} mpl_entry;

/* Pillow text (contract 5): strings laid out and rendered per thread, kept for
 * the next use (a board draws the same labels in every sample). */
#define PIL_CACHE 128

/* One string as ImageFont.FreeTypeFont.getmask2 makes it for ImageDraw.text. */
typedef struct pil_entry {
    bool used;
    int size;                  /* px (FT_Set_Pixel_Sizes) */
    uint8_t ha, va;            /* the anchor (text_align) */
    double start_x, start_y;   /* the fractions of the text's position */
    char text[sizeof(((prim *)0)->label)];
    int off_x, off_y;          /* getsize's offset: the mask's corner from the position */
    int box_w, box_h;          /* getsize's size */
    int w, h;                  /* the mask */
    unsigned char *img;
    size_t cap;
    int ink_x0, ink_y0, ink_x1, ink_y1; /* non-zero pixels of the mask, [ ) */
} pil_entry;

struct mpl_thread {
    FT_Library lib;
    FT_Face face[2];
    long size26[2];
    unsigned dpi_x[2], dpi_y[2];
    mpl_entry cache[MPL_CACHE];
    FT_Face pil_face; /* Liberation Sans, for Pillow's text */
    int pil_size;
    pil_entry pil_cache[PIL_CACHE];
};

static pthread_once_t mpl_once = PTHREAD_ONCE_INIT;

static void mpl_release(void *v)
{
    mpl_thread *t = v;
    for (int i = 0; i < MPL_CACHE; i++) {
        free(t->cache[i].img);
        free(t->cache[i].turned);
    }
    for (int i = 0; i < PIL_CACHE; i++)
        free(t->pil_cache[i].img);
    for (int k = 0; k < 2; k++)
        FT_Done_Face(t->face[k]);
    FT_Done_Face(t->pil_face);
    FT_Done_FreeType(t->lib);
    free(t);
}

static void mpl_make_key(void)
{
    if (pthread_key_create(&mpl_key, mpl_release) != 0)
        abort();
}

/* This thread's FreeType faces, made on first use (font_init has loaded the same
 * bytes, so only exhausted memory can make this fail: GEN_EXIT_INTERNAL). */
static mpl_thread *mpl_thread_here(void)
{
    if (mpl_here)
        return mpl_here;
    mpl_thread *t = xcalloc(1, sizeof *t);
    bool bad = FT_Init_FreeType(&t->lib) != 0;
    for (int k = 0; k < 2 && !bad; k++)
        bad = FT_New_Memory_Face(t->lib, mpl_files[k].bytes, (FT_Long)mpl_files[k].len, 0, &t->face[k]) != 0;
    if (!bad)
        bad = FT_New_Memory_Face(t->lib, bytes_in_use, (FT_Long)len_in_use, 0, &t->pil_face) != 0;
    if (bad) {
        fputs("gen: FreeType cannot load the fonts in a worker thread\n", stderr);
        exit(GEN_EXIT_INTERNAL);
    }
    pthread_once(&mpl_once, mpl_make_key);
    pthread_setspecific(mpl_key, t);
    mpl_here = t;
    return t;
}

static void mpl_fail(const char *what)
{
    fprintf(stderr, "gen: FreeType failed (%s) on the matplotlib font\n", what);
    exit(GEN_EXIT_INTERNAL);
}

/* FT2Font::set_size: the size at hinting_factor x the dpi across, shrunk back by
 * a transform, so that hinting snaps heights to whole pixels but widths only to
 * 1/8 px. */
static FT_Face mpl_sized(mpl_thread *t, int k, long size26, unsigned dpi_x, unsigned dpi_y)
{
    FT_Face f = t->face[k];
    if (t->size26[k] != size26 || t->dpi_x[k] != dpi_x || t->dpi_y[k] != dpi_y) {
        if (FT_Set_Char_Size(f, (FT_F26Dot6)size26, 0, dpi_x, dpi_y))
            mpl_fail("size");
        FT_Matrix m = {65536 / MPL_HINTING_FACTOR, 0, 0, 65536};
        FT_Set_Transform(f, &m, NULL);
        t->size26[k] = size26;
        t->dpi_x[k] = dpi_x;
        t->dpi_y[k] = dpi_y;
    }
    return f;
}

/* FT2Font::set_text (angle 0) and draw_glyphs_to_bitmap (antialiased) into e. */
static void mpl_layout(mpl_thread *t, mpl_entry *e)
{
    FT_Face f = mpl_sized(t, e->font == FONT_DEJAVU_BOLD, e->size26, e->dpi_x, e->dpi_y);
    FT_Glyph glyphs[sizeof e->text];
    int n = 0;
    FT_Vector pen = {0, 0};
    FT_BBox bb = {32000, 32000, -32000, -32000};
    FT_UInt previous = 0;
    for (const unsigned char *c = (const unsigned char *)e->text; *c; c++) {
        FT_UInt gi = FT_Get_Char_Index(f, *c);
        if (FT_Load_Glyph(f, gi, MPL_LOAD_FLAGS))
            mpl_fail("glyph");
        FT_Glyph g;
        if (FT_Get_Glyph(f->glyph, &g))
            mpl_fail("glyph copy");
        glyphs[n++] = g;
        if (FT_HAS_KERNING(f) && previous && gi) {
            FT_Vector delta;
            if (!FT_Get_Kerning(f, previous, gi, FT_KERNING_DEFAULT, &delta))
                pen.x += (int)delta.x / MPL_HINTING_FACTOR;
        }
        FT_Pos last_advance = f->glyph->advance.x;
        FT_Glyph_Transform(g, NULL, &pen); /* (the turn by angle 0 leaves it) */
        FT_BBox gb;
        FT_Glyph_Get_CBox(g, FT_GLYPH_BBOX_SUBPIXELS, &gb);
        bb.xMin = gb.xMin < bb.xMin ? gb.xMin : bb.xMin;
        bb.xMax = gb.xMax > bb.xMax ? gb.xMax : bb.xMax;
        bb.yMin = gb.yMin < bb.yMin ? gb.yMin : bb.yMin;
        bb.yMax = gb.yMax > bb.yMax ? gb.yMax : bb.yMax;
        pen.x += last_advance;
        previous = gi;
    }
    e->advance = pen.x;
    if (bb.xMin > bb.xMax)
        bb.xMin = bb.yMin = bb.xMax = bb.yMax = 0;
    e->bbox = bb;
    long w = (bb.xMax - bb.xMin) / 64 + 2, h = (bb.yMax - bb.yMin) / 64 + 2;
    size_t need = (size_t)w * (size_t)h;
    if (need > e->cap) {
        free(e->img);
        e->img = xmalloc(need);
        e->cap = need;
    }
    memset(e->img, 0, need);
    e->w = (int)w;
    e->h = (int)h;
    for (int i = 0; i < n; i++) {
        if (FT_Glyph_To_Bitmap(&glyphs[i], FT_RENDER_MODE_NORMAL, NULL, 1))
            mpl_fail("render");
        FT_BitmapGlyph bg = (FT_BitmapGlyph)glyphs[i];
        /* where matplotlib puts the glyph's bitmap in the string's image */
        FT_Int x = (FT_Int)(bg->left - (bb.xMin * (1. / 64.)));
        FT_Int y = (FT_Int)((bb.yMax * (1. / 64.)) - bg->top + 1);
        const FT_Bitmap *b = &bg->bitmap;
        int cw = (int)b->width, ch = (int)b->rows;
        int x1 = x < 0 ? 0 : x > w ? (int)w : x, y1 = y < 0 ? 0 : y > h ? (int)h : y;
        int x2 = x + cw < 0 ? 0 : x + cw > w ? (int)w : x + cw, y2 = y + ch < 0 ? 0 : y + ch > h ? (int)h : y + ch;
        int x_start = x < 0 ? -x : 0, y_offset = y1 - (y < 0 ? -y : 0);
        for (int r = y1; r < y2; r++) {
            unsigned char *dst = e->img + (size_t)r * (size_t)w + x1;
            const unsigned char *src = b->buffer + (ptrdiff_t)(r - y_offset) * b->pitch + x_start;
            for (int cc = x1; cc < x2; cc++)
                *dst++ |= *src++;
        }
        FT_Done_Glyph(glyphs[i]);
    }
    e->ink_x0 = e->w, e->ink_y0 = e->h, e->ink_x1 = 0, e->ink_y1 = 0;
    for (int r = 0; r < e->h; r++)
        for (int cc = 0; cc < e->w; cc++)
            if (e->img[(size_t)r * (size_t)e->w + cc]) {
                if (cc < e->ink_x0)
                    e->ink_x0 = cc;
                if (cc >= e->ink_x1)
                    e->ink_x1 = cc + 1;
                if (r < e->ink_y0)
                    e->ink_y0 = r;
                if (r >= e->ink_y1)
                    e->ink_y1 = r + 1;
            }
}

/* The laid-out string (from this thread's cache, else laid out now). */
static const mpl_entry *mpl_text(text_font font, double size_px, double dpi, const char *text)
{
    mpl_thread *t = mpl_thread_here();
    /* matplotlib sets the size as (FT_F26Dot6)(points x 64); gen's sizes are
     * whole 64ths of a point given in px (pt x 100/72), so rounded */
    long size26 = (long)floor(size_px * 72.0 / MPL_DPI * 64.0 + 0.5);
    unsigned dpi_x = (unsigned)(dpi * MPL_HINTING_FACTOR), dpi_y = (unsigned)dpi;
    size_t n = strlen(text);
    if (n >= sizeof t->cache[0].text)
        n = sizeof t->cache[0].text - 1;
    uint32_t hsh = 2166136261u;
    hsh = (hsh ^ (uint32_t)font) * 16777619u;
    hsh = (hsh ^ (uint32_t)size26) * 16777619u;
    hsh = (hsh ^ dpi_x) * 16777619u;
    for (size_t i = 0; i < n; i++)
        hsh = (hsh ^ (unsigned char)text[i]) * 16777619u;
    mpl_entry *e = &t->cache[hsh % MPL_CACHE];
    if (e->used && e->font == font && e->size26 == size26 && e->dpi_x == dpi_x && e->dpi_y == dpi_y &&
        strncmp(e->text, text, n) == 0 && e->text[n] == '\0')
        return e;
    e->used = true;
    e->turned_ok = false;
    e->font = (uint8_t)font;
    e->size26 = size26;
    e->dpi_x = dpi_x;
    e->dpi_y = dpi_y;
    memcpy(e->text, text, n);
    e->text[n] = '\0';
    mpl_layout(t, e);
    return e;
}

/* Agg's image filter for turned text (RendererAgg::draw_text_image). */

static double spline36(double x)
{
    if (x < 1.0)
        return ((13.0 / 11.0 * x - 453.0 / 209.0) * x - 3.0 / 209.0) * x + 1.0;
    if (x < 2.0)
        return ((-6.0 / 11.0 * (x - 1) + 270.0 / 209.0) * (x - 1) - 156.0 / 209.0) * (x - 1);
    return ((1.0 / 11.0 * (x - 2) - 45.0 / 209.0) * (x - 2) + 26.0 / 209.0) * (x - 2);
}

static int16_t centre_weights[6];
static pthread_once_t weights_once = PTHREAD_ONCE_INIT;

static inline int iround_i(double v) { return (int)(v < 0.0 ? v - 0.5 : v + 0.5); }

/* image_filter_lut(spline36) as matplotlib 3.6's Agg computes it: the weights
 * of half the diameter mirrored about the middle, each subpixel phase
 * normalized to 16384 (the rounding error spread from the middle out), then the
 * upper half copied again from the lower. */
static void make_weights(void)
{
    enum { SHIFT = 8, SCALE = 1 << SHIFT, DIAM = 6, FSCALE = 1 << 14 };
    int16_t w[DIAM * SCALE];
    unsigned pivot = DIAM << (SHIFT - 1), end = (DIAM << SHIFT) - 1;
    for (unsigned i = 0; i < pivot; i++) {
        double y = spline36((double)i / (double)SCALE);
        w[pivot + i] = w[pivot - i] = (int16_t)iround_i(y * FSCALE);
    }
    w[0] = w[end];
    int flip = 1;
    for (unsigned i = 0; i < SCALE; i++)
        for (;;) {
            int sum = 0;
            for (unsigned j = 0; j < DIAM; j++)
                sum += w[j * SCALE + i];
            if (sum == FSCALE)
                break;
            double k = (double)FSCALE / (double)sum;
            sum = 0;
            for (unsigned j = 0; j < DIAM; j++)
                sum += w[j * SCALE + i] = (int16_t)iround_i(w[j * SCALE + i] * k);
            sum -= FSCALE;
            int inc = sum > 0 ? -1 : 1;
            for (unsigned j = 0; j < DIAM && sum; j++) {
                flip ^= 1;
                unsigned idx = flip ? DIAM / 2 + j / 2 : DIAM / 2 - j / 2;
                if (w[idx * SCALE + i] < FSCALE) {
                    w[idx * SCALE + i] += (int16_t)inc;
                    sum += inc;
                }
            }
        }
    for (unsigned i = 0; i < pivot; i++)
        w[pivot + i] = w[pivot - i];
    w[0] = w[end];
    /* a sample on a pixel's centre: its fraction 0, so the phase SCALE - 1 */
    for (int j = 0; j < DIAM; j++)
        centre_weights[j] = w[SCALE - 1 + j * SCALE];
}

/* The six weights (sum 16384) of Agg's normalized spline36 image filter
 * (image_filter_lut, 8 subpixel bits, 14 weight bits) that span_image_filter_gray
 * applies to the pixels -2..3 about a sample that falls on a pixel's centre, as
 * RendererAgg::draw_text_image samples a quarter-turned text image. */
static const int16_t *spline36_centre_weights(void)
{
    pthread_once(&weights_once, make_weights);
    return centre_weights;
}

/* The entry's image as RendererAgg::draw_text_image blends it turned a quarter:
 * each pixel sampled on its centre by span_image_filter_gray with Agg's
 * normalized spline36 filter (6 x 6 pixels, outside the image 0; a sample on a
 * centre still weighs the neighbours a little), then font_to_rgba's 255/256. */
static const unsigned char *mpl_turned(mpl_entry *e)
{
    if (e->turned_ok)
        return e->turned;
    size_t need = (size_t)e->w * (size_t)e->h;
    if (need > e->turned_cap) {
        free(e->turned);
        e->turned = xmalloc(need ? need : 1);
        e->turned_cap = need;
    }
    const int16_t *wq = spline36_centre_weights();
    int wt[6][6];
    for (int j = 0; j < 6; j++)
        for (int i = 0; i < 6; i++)
            wt[j][i] = (wq[j] * wq[i] + 8192) >> 14;
    for (int r = 0; r < e->h; r++)
        for (int u = 0; u < e->w; u++) {
            long fg = 0;
            for (int j = 0; j < 6; j++) {
                int rr = r - 2 + j;
                if (rr < 0 || rr >= e->h)
                    continue;
                const unsigned char *src = e->img + (size_t)rr * (size_t)e->w;
                for (int i = 0; i < 6; i++) {
                    int uu = u - 2 + i;
                    if (uu >= 0 && uu < e->w)
                        fg += src[uu] * wt[j][i];
                }
            }
            fg >>= 14;
            unsigned v = fg < 0 ? 0 : fg > 255 ? 255 : (unsigned)fg;
            e->turned[(size_t)r * (size_t)e->w + (size_t)u] = (unsigned char)((255u * v) >> 8);
        }
    e->turned_ok = true;
    return e->turned;
}

/* RendererAgg.get_text_width_height_descent, in px at the entry's dpi. */
static void mpl_whd(const mpl_entry *e, double *w, double *h, double *d)
{
    *w = e->advance / 64.0;
    *h = (e->bbox.yMax - e->bbox.yMin) / 64.0;
    *d = -e->bbox.yMin / 64.0;
}

void font_mpl_metrics(text_font f, double size, const char *text, double *w, double *h, double *d)
{
    mpl_whd(mpl_text(f, size, MPL_DPI, text), w, h, d);
}

void font_mpl_place(const prim *p, double scale, mpl_placed *out)
{
    double dpi = MPL_DPI * scale;
    text_font f = (text_font)p->font;
    double w, h, d, lp_h, lp_d, unused;
    /* Text._get_layout: the line box is at least as tall as "lp" */
    mpl_whd(mpl_text(f, p->font_size, dpi, "lp"), &unused, &lp_h, &lp_d);
    mpl_entry *e = (mpl_entry *)mpl_text(f, p->font_size, dpi, p->label);
    mpl_whd(e, &w, &h, &d);
    h = fmax(h, lp_h);
    d = fmax(d, lp_d);
    int quarter = p->angle != 0;
    double rad = (quarter ? 90.0 : 0.0) * (M_PI / 180.0), cs = cos(rad), sn = sin(rad);
    /* the line's box (y up), turned about the anchor */
    double bx[4] = {0, 0, w, w}, by[4] = {-h, 0, 0, -h};
    double xmin = INFINITY, xmax = -INFINITY, ymin = INFINITY, ymax = -INFINITY;
    for (int k = 0; k < 4; k++) {
        double x = cs * bx[k] - sn * by[k], y = sn * bx[k] + cs * by[k];
        xmin = fmin(xmin, x), xmax = fmax(xmax, x), ymin = fmin(ymin, y), ymax = fmax(ymax, y);
    }
    double ox, oy;
    switch (p->halign) {
    case ALIGN_RIGHT: ox = xmax; break;
    case ALIGN_LEFT: ox = xmin; break;
    default: ox = (xmin + xmax) / 2; break;
    }
    switch (p->valign) {
    case ALIGN_TOP: oy = ymax; break;
    case ALIGN_BOTTOM: oy = ymin; break;
    case ALIGN_BASELINE: oy = ymin + d; break;
    case ALIGN_CENTER_BASELINE: oy = ymin + (ymax - ymin) - (h - d) / 2.0; break;
    default: oy = (ymin + ymax) / 2; break;
    }
    /* the baseline's start, turned, less the alignment offset (y up) */
    double lx = -sn * -(h - d) - ox, ly = cs * -(h - d) - oy;
    double X = p->x * scale + lx, Y = p->y * scale - ly; /* y down */
    /* RendererAgg.draw_text: the string's own descent and left bearing */
    double sd = -e->bbox.yMin / 64.0, xo = e->bbox.xMin / 64.0;
    int xi = (int)rint(X + xo + sd * sn), yi = (int)rint(Y + sd * cs);
    out->img = e->img;
    out->alpha = quarter ? mpl_turned(e) : NULL;
    out->w = e->w;
    out->h = e->h;
    out->quarter = quarter;
    bool ink = e->ink_x0 < e->ink_x1;
    if (!quarter) {
        out->x0 = xi, out->x1 = xi + e->w, out->y1 = yi + 1, out->y0 = yi + 1 - e->h;
        out->ix0 = out->x0 + e->ink_x0, out->ix1 = out->x0 + e->ink_x1;
        out->iy0 = out->y0 + e->ink_y0, out->iy1 = out->y0 + e->ink_y1;
    } else { /* image column u, row v: canvas column x0 + v, row y1 - 1 - u */
        out->x0 = xi - e->h, out->x1 = xi, out->y1 = yi + 1, out->y0 = yi + 1 - e->w;
        out->ix0 = out->x0 + e->ink_y0, out->ix1 = out->x0 + e->ink_y1;
        out->iy0 = out->y1 - e->ink_x1, out->iy1 = out->y1 - e->ink_x0;
    }
    if (!ink)
        out->ix0 = out->ix1 = out->x0, out->iy0 = out->iy1 = out->y0;
}

void font_mpl_ink(text_font f, double size, const char *text, double x, double y, text_align ha, text_align va,
                  double *x0, double *y0, double *x1, double *y1)
{
    prim p;
    memset(&p, 0, sizeof p);
    p.type = PRIM_TEXT;
    p.font = (uint8_t)f;
    p.font_size = size;
    p.x = x;
    p.y = y;
    p.halign = (uint8_t)ha;
    p.valign = (uint8_t)va;
    size_t n = strlen(text);
    if (n >= sizeof p.label)
        n = sizeof p.label - 1;
    memcpy(p.label, text, n);
    mpl_placed m;
    font_mpl_place(&p, 1.0, &m);
    *x0 = m.ix0, *y0 = m.iy0, *x1 = m.ix1, *y1 = m.iy1;
}

/* ---- Pillow text (FONT_PIL, contract 5) ------------------------------------ */

/* Pillow's PIXEL(): 26.6 to whole pixels, halves up. */
#define PIL_PIXEL(v) ((((v) + 32) & -64) >> 6)

_Noreturn static void pil_fail(const char *what)
{
    fprintf(stderr, "gen: FreeType failed (%s) on the Pillow font\n", what);
    exit(GEN_EXIT_INTERNAL);
}

/* The next code point of UTF-8 text (gen's labels are valid UTF-8). */
static unsigned long pil_utf8(const unsigned char **s)
{
    unsigned long c = *(*s)++;
    if (c < 0x80)
        return c;
    int more = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : 1;
    c &= 0x3Fu >> more;
    while (more-- && (**s & 0xC0) == 0x80)
        c = c << 6 | (*(*s)++ & 0x3Fu);
    return c;
}

/* The glyphs and their advances (26.6) as libraqm lays a string out with
 * HarfBuzz on Pillow's face: the unhinted advance of each glyph rounded to a
 * 64th, the font's kerning scaled from font units, halves away from zero. */
static int pil_glyphs(FT_Face f, const char *text, FT_UInt *gid, long *adv, int cap)
{
    int n = 0;
    for (const unsigned char *c = (const unsigned char *)text; *c && n < cap;) {
        gid[n] = FT_Get_Char_Index(f, pil_utf8(&c));
        FT_Fixed a;
        if (FT_Get_Advance(f, gid[n], FT_LOAD_DEFAULT | FT_LOAD_NO_HINTING, &a))
            pil_fail("advance");
        adv[n] = (long)((a + 512) >> 10);
        if (n > 0 && FT_HAS_KERNING(f)) {
            FT_Vector k;
            if (!FT_Get_Kerning(f, gid[n - 1], gid[n], FT_KERNING_UNSCALED, &k) && k.x) {
                long v = (long)k.x * (long)f->size->metrics.x_ppem * 64, upem = f->units_per_EM;
                adv[n - 1] += v >= 0 ? (v + upem / 2) / upem : -((-v + upem / 2) / upem);
            }
        }
        n++;
    }
    return n;
}

/* Lays e's string out and renders its mask as Pillow 9.4 does: font_getsize's
 * box and anchor offset (glyph boxes hinted, FT_LOAD_DEFAULT: the font's own
 * TrueType hints), then font_render's pen origin (the bitmaps' left and top
 * extremes, plus the position's fractions as C floats, truncated to a 64th)
 * and each glyph's bitmap at its whole-pixel pen position, overlaps keeping the
 * larger level. */
static void pil_layout(mpl_thread *t, pil_entry *e)
{
    FT_Face f = t->pil_face;
    if (t->pil_size != e->size) {
        if (FT_Set_Pixel_Sizes(f, 0, (FT_UInt)e->size))
            pil_fail("size");
        t->pil_size = e->size;
    }
    FT_UInt gid[sizeof e->text];
    long adv[sizeof e->text];
    int n = pil_glyphs(f, e->text, gid, adv, (int)sizeof e->text);
    /* font_getsize */
    long position = 0;
    int x_min = 0, x_max = 0, y_min = 0, y_max = 0;
    for (int i = 0; i < n; i++) {
        int px = (int)PIL_PIXEL(position), py = 0;
        position += adv[i];
        int advanced = (int)PIL_PIXEL(position);
        if (advanced > x_max)
            x_max = advanced;
        FT_Glyph g = NULL;
        if (FT_Load_Glyph(f, gid[i], FT_LOAD_DEFAULT) || FT_Get_Glyph(f->glyph, &g))
            pil_fail("glyph");
        FT_BBox bb;
        FT_Glyph_Get_CBox(g, FT_GLYPH_BBOX_PIXELS, &bb);
        FT_Done_Glyph(g);
        if (bb.xMax + px > x_max)
            x_max = (int)bb.xMax + px;
        if (bb.xMin + px < x_min)
            x_min = (int)bb.xMin + px;
        if (bb.yMax + py > y_max)
            y_max = (int)bb.yMax + py;
        if (bb.yMin + py < y_min)
            y_min = (int)bb.yMin + py;
    }
    int x_anchor = 0, y_anchor = 0;
    if (n > 0) {
        long asc = f->size->metrics.ascender, desc = f->size->metrics.descender;
        x_anchor = e->ha == ALIGN_CENTER ? (int)PIL_PIXEL(position / 2)
                   : e->ha == ALIGN_RIGHT ? (int)PIL_PIXEL(position)
                                          : 0;
        y_anchor = e->va == ALIGN_CENTER     ? (int)PIL_PIXEL((asc + desc) / 2)
                   : e->va == ALIGN_BASELINE ? 0
                   : e->va == ALIGN_BOTTOM   ? (int)PIL_PIXEL(desc)
                                             : (int)PIL_PIXEL(asc);
    }
    e->box_w = x_max - x_min;
    e->box_h = y_max - y_min;
    e->off_x = -x_anchor + x_min;
    e->off_y = -(-y_anchor + y_max);
    /* getmask2: the mask's size, the box grown by the fractions */
    e->w = (int)ceil(e->box_w + e->start_x);
    e->h = (int)ceil(e->box_h + e->start_y);
    if (e->w < 0)
        e->w = 0;
    if (e->h < 0)
        e->h = 0;
    size_t need = (size_t)e->w * (size_t)e->h;
    if (need > e->cap || !e->img) {
        free(e->img);
        e->img = xmalloc(need ? need : 1);
        e->cap = need;
    }
    memset(e->img, 0, need);
    /* font_render: the rendered bitmaps' extremes, then the pen's origin */
    long x = 0;
    int rx_min = 0, ry_max = 0;
    for (int i = 0; i < n; i++) {
        int px = (int)PIL_PIXEL(x);
        if (FT_Load_Glyph(f, gid[i], FT_LOAD_DEFAULT | FT_LOAD_RENDER))
            pil_fail("render");
        if (f->glyph->bitmap_top > ry_max)
            ry_max = f->glyph->bitmap_top;
        if (f->glyph->bitmap_left + px < rx_min)
            rx_min = f->glyph->bitmap_left + px;
        x += adv[i];
    }
    float sx = (float)e->start_x, sy = (float)e->start_y;
    float fx = ((float)(-rx_min) + sx) * 64, fy = ((float)(-ry_max) - sy) * 64;
    x = (long)fx;
    long y = (long)fy;
    for (int i = 0; i < n; i++) {
        int px = (int)PIL_PIXEL(x), py = (int)PIL_PIXEL(y);
        if (FT_Load_Glyph(f, gid[i], FT_LOAD_DEFAULT | FT_LOAD_RENDER))
            pil_fail("render");
        const FT_Bitmap *b = &f->glyph->bitmap;
        int xx = px + f->glyph->bitmap_left, yy = -(py + f->glyph->bitmap_top);
        int x0 = xx < 0 ? -xx : 0, x1 = (int)b->width;
        if (xx + x1 > e->w)
            x1 = e->w - xx;
        const unsigned char *src = b->buffer;
        for (unsigned r = 0; r < b->rows; r++, yy++, src += b->pitch) {
            if (yy < 0 || yy >= e->h)
                continue;
            unsigned char *dst = e->img + (size_t)yy * (size_t)e->w + xx;
            for (int k = x0; k < x1; k++)
                if (dst[k] < src[k])
                    dst[k] = src[k];
        }
        x += adv[i];
    }
    e->ink_x0 = e->w, e->ink_y0 = e->h, e->ink_x1 = 0, e->ink_y1 = 0;
    for (int r = 0; r < e->h; r++)
        for (int c = 0; c < e->w; c++)
            if (e->img[(size_t)r * (size_t)e->w + c]) {
                if (c < e->ink_x0)
                    e->ink_x0 = c;
                if (c >= e->ink_x1)
                    e->ink_x1 = c + 1;
                if (r < e->ink_y0)
                    e->ink_y0 = r;
                if (r >= e->ink_y1)
                    e->ink_y1 = r + 1;
            }
}

/* The string's entry (from this thread's cache, else laid out now). */
static const pil_entry *pil_text(int size, const char *text, text_align ha, text_align va, double start_x,
                                 double start_y)
{
    mpl_thread *t = mpl_thread_here();
    size_t n = strlen(text);
    if (n >= sizeof t->pil_cache[0].text)
        n = sizeof t->pil_cache[0].text - 1;
    uint32_t hsh = 2166136261u;
    hsh = (hsh ^ (uint32_t)size) * 16777619u;
    hsh = (hsh ^ (uint32_t)(ha * 8 + va)) * 16777619u;
    hsh = (hsh ^ (uint32_t)(start_x * 4096)) * 16777619u;
    hsh = (hsh ^ (uint32_t)(start_y * 4096)) * 16777619u;
    for (size_t i = 0; i < n; i++)
        hsh = (hsh ^ (unsigned char)text[i]) * 16777619u;
    pil_entry *e = &t->pil_cache[hsh % PIL_CACHE];
    if (e->used && e->size == size && e->ha == ha && e->va == va && e->start_x == start_x &&
        e->start_y == start_y && strncmp(e->text, text, n) == 0 && e->text[n] == '\0')
        return e;
    e->used = true;
    e->size = size;
    e->ha = (uint8_t)ha;
    e->va = (uint8_t)va;
    e->start_x = start_x;
    e->start_y = start_y;
    memcpy(e->text, text, n);
    e->text[n] = '\0';
    pil_layout(t, e);
    return e;
}

void font_pil_bbox(int size, const char *text, text_align ha, text_align va, int *x0, int *y0, int *x1, int *y1)
{
    const pil_entry *e = pil_text(size, text, ha, va, 0.0, 0.0);
    *x0 = e->off_x;
    *y0 = e->off_y;
    *x1 = e->off_x + e->box_w;
    *y1 = e->off_y + e->box_h;
}

void font_pil_place(const prim *p, double scale, pil_placed *out)
{
    /* ImageDraw.text: the position's whole parts (Python's int(), towards
     * zero) and fractions (math.modf) */
    double x = p->x * scale, y = p->y * scale, ix, iy;
    double fx = modf(x, &ix), fy = modf(y, &iy);
    int size = (int)floor(p->font_size * scale + 0.5);
    const pil_entry *e = pil_text(size, p->label, (text_align)p->halign, (text_align)p->valign, fx, fy);
    out->img = e->img;
    out->w = e->w;
    out->h = e->h;
    out->x0 = (int)ix + e->off_x;
    out->y0 = (int)iy + e->off_y;
    if (e->ink_x0 < e->ink_x1) {
        out->ix0 = out->x0 + e->ink_x0, out->ix1 = out->x0 + e->ink_x1;
        out->iy0 = out->y0 + e->ink_y0, out->iy1 = out->y0 + e->ink_y1;
    } else {
        out->ix0 = out->ix1 = out->x0, out->iy0 = out->iy1 = out->y0;
    }
}
