/* SPDX-License-Identifier: MIT */
#include "render.h"

#include "agg.h"
#include "font.h"
#include "pil_font.h"
#include "pil_raster.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void canvas_init(canvas *c)
{
    c->surface = NULL;
    c->mem = NULL;
    c->cap = 0;
    c->cap_rows = 0;
    c->width = c->height = 0;
    c->background = 0;
    c->clean = 0;
    c->drawn = NULL;
    const char *full = getenv("GEN_TEST_FULL_CANVAS");
    c->full = full && *full;
}

void canvas_free(canvas *c)
{
    if (c->surface)
        cairo_surface_destroy(c->surface);
    free(c->mem);
    free(c->drawn);
    canvas_init(c);
}

static void set_colour(cairo_t *cr, rgb c)
{
    cairo_set_source_rgb(cr, c.r / 255.0, c.g / 255.0, c.b / 255.0);
}

/* The corners of a rectangle or polygon primitive (at most 4 for a rectangle;
 * a polygon's own points); returns their count. */
static int corners_of(const scene *s, const prim *p, point *buf4, const point **out)
{
    if (p->type == PRIM_POLYGON) {
        *out = prim_points(s, p);
        return p->npts;
    }
    double cx = p->x + p->w / 2, cy = p->y + p->h / 2, c = cos(p->angle), sn = sin(p->angle);
    double dx[4] = {-p->w / 2, p->w / 2, p->w / 2, -p->w / 2}, dy[4] = {-p->h / 2, -p->h / 2, p->h / 2, p->h / 2};
    for (int k = 0; k < 4; k++)
        buf4[k] = p->angle == 0 ? (point){p->x + (k == 1 || k == 2) * p->w, p->y + (k >= 2) * p->h}
                                : (point){cx + dx[k] * c - dy[k] * sn, cy + dx[k] * sn + dy[k] * c};
    *out = buf4;
    return 4;
}

static void path_of(cairo_t *cr, const scene *s, const prim *p)
{
    switch (p->type) {
    case PRIM_CIRCLE:
        cairo_new_sub_path(cr);
        cairo_arc(cr, p->x, p->y, p->r, 0, 2 * M_PI);
        cairo_close_path(cr);
        break;
    case PRIM_RECT:
        if (p->angle == 0) {
            cairo_rectangle(cr, p->x, p->y, p->w, p->h);
        } else {
            point buf[4];
            const point *q;
            corners_of(s, p, buf, &q);
            cairo_move_to(cr, q[0].x, q[0].y);
            for (int k = 1; k < 4; k++)
                cairo_line_to(cr, q[k].x, q[k].y);
            cairo_close_path(cr);
        }
        break;
    case PRIM_POLYGON:
    case PRIM_POLYLINE: {
        const point *pt = prim_points(s, p);
        cairo_move_to(cr, pt[0].x, pt[0].y);
        for (int k = 1; k < p->npts; k++)
            cairo_line_to(cr, pt[k].x, pt[k].y);
        if (p->type == PRIM_POLYGON)
            cairo_close_path(cr);
        break;
    }
    case PRIM_TEXT:
        break;
    }
}

/* Cairo's antialiasing for a primitive's edges. */
static cairo_antialias_t antialias_of(prim_edges e)
{
    return e == EDGES_SMOOTH ? CAIRO_ANTIALIAS_DEFAULT : e == EDGES_FAST ? CAIRO_ANTIALIAS_FAST : CAIRO_ANTIALIAS_NONE;
}

static bool same_rgb(rgb a, rgb b)
{
    return a.r == b.r && a.g == b.g && a.b == b.b;
}

/* A shape filled and outlined in one colour covers the shape grown by half the
 * outline's width, with round corners (the outline's round joins): for a circle
 * and a convex polygon that union is one fill, about half the cost of a fill and
 * a stroke.  Sets that path and returns true, or returns false (a concave or
 * degenerate polygon, a line) and sets nothing. */
static bool grown_path(cairo_t *cr, const scene *s, const prim *p)
{
    double h = p->stroke_width / 2;
    if (p->type == PRIM_CIRCLE) {
        cairo_new_sub_path(cr);
        cairo_arc(cr, p->x, p->y, p->r + h, 0, 2 * M_PI);
        cairo_close_path(cr);
        return true;
    }
    if (p->type != PRIM_POLYGON && p->type != PRIM_RECT)
        return false;
    point buf[4];
    const point *q;
    int n = corners_of(s, p, buf, &q);
    if (n < 3)
        return false;
    /* convex: every turn the same way, none straight back */
    int turn = 0;
    for (int i = 0; i < n; i++) {
        point a = q[i], b = q[(i + 1) % n], c = q[(i + 2) % n];
        double cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x);
        int t = cross > 0 ? 1 : cross < 0 ? -1 : 0;
        if (t == 0 || (turn && t != turn))
            return false;
        turn = t;
    }
    /* around each corner, the arc from the incoming edge's outer normal to the
     * outgoing one's; cairo joins the arcs with the grown edges */
    cairo_new_sub_path(cr);
    for (int i = 0; i < n; i++) {
        point a = q[(i + n - 1) % n], b = q[i], c = q[(i + 1) % n];
        /* outer normal of edge u -> v: (dy, -dx) turned by the winding */
        double in = atan2(-turn * (b.x - a.x), turn * (b.y - a.y));
        double out = atan2(-turn * (c.x - b.x), turn * (c.y - b.y));
        if (turn > 0) {
            if (out < in)
                out += 2 * M_PI;
            cairo_arc(cr, b.x, b.y, h, in, out);
        } else {
            if (out > in)
                out -= 2 * M_PI;
            cairo_arc_negative(cr, b.x, b.y, h, in, out);
        }
    }
    cairo_close_path(cr);
    return true;
}

/* Whole-pixel boxes.  A hard-edged 1-px outline of an upright rectangle whose
 * corners sit on pixel centres (maze_solving's cells) covers exactly the pixel
 * rows and columns through its corners: four boxes, which Cairo fills on its
 * fast path for pixel-aligned boxes, where a stroke with round joins takes the
 * general stroker.  A run of such primitives of one colour, one after another in
 * the scene, is one fill: opaque boxes of one colour cover the same pixels
 * together as one by one (maze_solving's walls, grid_path's lines). */
static bool is_outline_boxes(const prim *p)
{
    if (p->type != PRIM_RECT || p->angle != 0 || p->filled || p->edges != EDGES_HARD || p->stroke_width != 1)
        return false;
    double x = p->x - 0.5, y = p->y - 0.5;
    return x == floor(x) && y == floor(y) && p->w == floor(p->w) && p->h == floor(p->h) && p->w >= 1 && p->h >= 1;
}

/* A filled upright rectangle on whole pixels without an outline: every pixel
 * in it fully covered, none outside touched, antialiased or not. */
static bool is_whole_box(const prim *p)
{
    return p->type == PRIM_RECT && p->angle == 0 && p->filled && p->stroke_width == 0 && p->x == floor(p->x) &&
           p->y == floor(p->y) && p->w == floor(p->w) && p->h == floor(p->h) && p->w >= 1 && p->h >= 1;
}

/* Whether p is drawn as whole-pixel boxes (above), and in which colour. */
static bool box_colour(const prim *p, rgb *c)
{
    if (is_whole_box(p)) {
        *c = p->fill;
        return true;
    }
    if (is_outline_boxes(p)) {
        *c = p->stroke;
        return true;
    }
    return false;
}

/* Adds p's boxes to the path. */
static void add_boxes(cairo_t *cr, const prim *p)
{
    if (is_whole_box(p)) {
        cairo_rectangle(cr, p->x, p->y, p->w, p->h);
        return;
    }
    double x = p->x - 0.5, y = p->y - 0.5;
    cairo_rectangle(cr, x, y, p->w + 1, 1);
    cairo_rectangle(cr, x, y + p->h, p->w + 1, 1);
    cairo_rectangle(cr, x, y, 1, p->h + 1);
    cairo_rectangle(cr, x + p->w, y, 1, p->h + 1);
}

/* ---- Pillow's pixels (prim.edges == EDGES_PILLOW, scale 1) ----------------
 * Written straight into the canvas words, Cairo flushed before and told after. */
typedef struct pil_ink {
    uint32_t *mem;
    int stride; /* words */
    uint32_t word;
} pil_ink;

static void pil_span(void *ctx, int x0, int y, int x1)
{
    const pil_ink *k = ctx;
    uint32_t *row = k->mem + (size_t)y * (size_t)k->stride;
    for (int x = x0; x <= x1; x++)
        row[x] = k->word;
}

/* The integer column or row of a whole-pixel edge (a box's side). */
static int pil_edge(double v)
{
    return (int)lround(v);
}

/* The original's coordinate of a polygon point given at a pixel centre,
 * truncated towards zero as Pillow's C layer does. */
static int pil_vertex(double v)
{
    return (int)(v - 0.5);
}

/* Draws p as ImageDraw would (pil_raster.h, pil_font.h) and returns true, or
 * returns false for a primitive it does not cover (a line, turned text or
 * rectangle).  Text: in Pillow's default bitmap font, its ink box centred on
 * (x, y).  A shape: its fill, then its outline (Pillow's: inside the box,
 * stroke_width pixels; a polygon's 1 px) unless it is the fill's colour, as
 * ImageDraw skips an outline whose ink is the fill's. */
static bool draw_pillow(canvas *c, const scene *s, const prim *p)
{
    if (p->type == PRIM_POLYLINE || ((p->type == PRIM_RECT || p->type == PRIM_TEXT) && p->angle != 0))
        return false;
    cairo_surface_flush(c->surface);
    pil_ink ink = {c->mem, c->width, 0};
    pil_target t = {c->width, c->height, pil_span, &ink};
    if (p->type == PRIM_TEXT) {
        int x0, y0, x1, y1;
        if (pil_font_ink(p->label, &x0, &y0, &x1, &y1)) {
            ink.word = canvas_word(p->fill);
            pil_font_draw(&t, (int)lround(p->x - (x0 + x1) / 2.0), (int)lround(p->y - (y0 + y1) / 2.0), p->label);
        }
        cairo_surface_mark_dirty(c->surface);
        return true;
    }
    int width = (int)lround(p->stroke_width);
    bool outline = p->stroke_width > 0 && !(p->filled && same_rgb(p->fill, p->stroke));
    if (p->type == PRIM_POLYGON) {
        int n = p->npts, stack[64], *xy = n <= 32 ? stack : xmalloc(sizeof *xy * 2 * (size_t)n);
        const point *q = prim_points(s, p);
        for (int i = 0; i < n; i++) {
            xy[2 * i] = pil_vertex(q[i].x);
            xy[2 * i + 1] = pil_vertex(q[i].y);
        }
        if (p->filled) {
            ink.word = canvas_word(p->fill);
            if (pil_polygon_fill(&t, xy, n) != 0)
                abort(); /* out of memory */
        }
        if (outline) {
            ink.word = canvas_word(p->stroke);
            pil_polygon_outline(&t, xy, n); /* Pillow's outline of width 1 */
        }
        if (xy != stack)
            free(xy);
    } else {
        double x0 = p->type == PRIM_CIRCLE ? p->x - p->r : p->x, y0 = p->type == PRIM_CIRCLE ? p->y - p->r : p->y;
        double x1 = p->type == PRIM_CIRCLE ? p->x + p->r : p->x + p->w;
        double y1 = p->type == PRIM_CIRCLE ? p->y + p->r : p->y + p->h;
        int bx0 = pil_edge(x0), by0 = pil_edge(y0), bx1 = pil_edge(x1) - 1, by1 = pil_edge(y1) - 1;
        for (int pass = 0; pass < 2; pass++) {
            bool fill = pass == 0;
            if (fill ? !p->filled : !outline)
                continue;
            ink.word = canvas_word(fill ? p->fill : p->stroke);
            if (p->type == PRIM_CIRCLE)
                pil_ellipse(&t, bx0, by0, bx1, by1, fill, width);
            else
                pil_rectangle(&t, bx0, by0, bx1, by1, fill, width);
        }
    }
    cairo_surface_mark_dirty(c->surface);
    return true;
}

/* Draws a text primitive; *font_size is the size last selected on cr (-1: none),
 * so that a run of labels of one size selects the font once. */
static void draw_text(cairo_t *cr, const prim *p, double *font_size)
{
    double px, py, x0, y0, x1, y1;
    font_text_place(p->font_size, p->label, p->x, p->y, &px, &py, &x0, &y0, &x1, &y1);
    if (*font_size != p->font_size) {
        font_select(cr, p->font_size);
        *font_size = p->font_size;
    }
    set_colour(cr, p->fill);
    if (p->angle != 0) {
        cairo_save(cr);
        cairo_translate(cr, p->x, p->y);
        cairo_rotate(cr, p->angle);
        cairo_move_to(cr, px - p->x, py - p->y);
        cairo_show_text(cr, p->label);
        cairo_new_path(cr);
        cairo_restore(cr);
        return;
    }
    cairo_move_to(cr, px, py);
    cairo_show_text(cr, p->label);
    cairo_new_path(cr);
}

/* ---- matplotlib text (font.h contract 4) ---------------------------------- */

/* Blends a matplotlib text primitive's grey image into the canvas where
 * font_mpl_place puts it: upright, each grey level is the coverage
 * (RendererAgg::draw_text_image's blend_solid_hspan); turned, Agg resamples the
 * image (exactly, at a quarter turn on whole pixels) and scales the level by
 * 255/256 (its font_to_rgba). */
static void draw_mpl_text(canvas *c, const prim *p, double scale)
{
    mpl_placed m;
    font_mpl_place(p, scale, &m);
    int x0 = m.x0 < 0 ? 0 : m.x0, y0 = m.y0 < 0 ? 0 : m.y0;
    int x1 = m.x1 > c->width ? c->width : m.x1, y1 = m.y1 > c->height ? c->height : m.y1;
    for (int y = y0; y < y1; y++) {
        uint32_t *row = c->mem + (size_t)y * (size_t)c->width;
        for (int x = x0; x < x1; x++) {
            unsigned v;
            if (!m.quarter) {
                v = m.img[(size_t)(y - m.y0) * (size_t)m.w + (size_t)(x - m.x0)];
            } else { /* the turned image as draw_text_image resamples it */
                int u = m.y1 - 1 - y, r = x - m.x0;
                v = m.alpha[(size_t)r * (size_t)m.w + (size_t)u];
            }
            agg_blend_word(row + x, p->fill, v);
        }
    }
}

/* ---- Pillow text (font.h contract 5) -------------------------------------- */

/* Blends a Pillow text primitive's mask into the canvas where font_pil_place
 * puts it, as ImageDraw's draw_bitmap does: each channel
 * (out (255 - m) + ink m) / 255, Pillow's rounded DIV255. */
static void draw_pil_text(canvas *c, const prim *p, double scale)
{
    pil_placed m;
    font_pil_place(p, scale, &m);
    int x0 = m.ix0 < 0 ? 0 : m.ix0, y0 = m.iy0 < 0 ? 0 : m.iy0;
    int x1 = m.ix1 > c->width ? c->width : m.ix1, y1 = m.iy1 > c->height ? c->height : m.iy1;
    const unsigned ink[3] = {p->fill.r, p->fill.g, p->fill.b};
    for (int y = y0; y < y1; y++) {
        uint32_t *row = c->mem + (size_t)y * (size_t)c->width;
        const unsigned char *src = m.img + (size_t)(y - m.y0) * (size_t)m.w - m.x0;
        for (int x = x0; x < x1; x++) {
            unsigned a = src[x];
            if (!a)
                continue;
            uint32_t w = row[x], out = 0xFF000000u;
            for (int k = 0; k < 3; k++) {
                unsigned old = (w >> (16 - 8 * k)) & 0xFFu;
                unsigned t = old * (255 - a) + ink[k] * a + 128;
                out |= (uint32_t)(((t >> 8) + t) >> 8) << (16 - 8 * k);
            }
            row[x] = out;
        }
    }
}

/* ---- matplotlib's axis-aligned lines (EDGES_AGG) --------------------------- */

/* Agg's iround: halves away from zero. */
static long agg_iround(double v) { return (long)(v < 0 ? v - 0.5 : v + 0.5); }

/* Overlap of [a, b) with pixel k's [256k, 256k + 256), in 1/256 px. */
static long agg_span(long a, long b, long k)
{
    long lo = a > 256 * k ? a : 256 * k, hi = b < 256 * k + 256 ? b : 256 * k + 256;
    return hi > lo ? hi - lo : 0;
}

/* Fills an EDGES_AGG rectangle: Agg's rasterizer keeps coordinates in 1/256 px
 * and gives a pixel the covered area's share, floor(area / 256) clamped to 255
 * (no gamma); its renderer blends the colour at that alpha. */
static void draw_agg_box(canvas *c, const prim *p, double scale)
{
    long x0 = agg_iround(p->x * scale * 256), x1 = agg_iround((p->x + p->w) * scale * 256);
    long y0 = agg_iround(p->y * scale * 256), y1 = agg_iround((p->y + p->h) * scale * 256);
    long px0 = x0 >> 8, px1 = (x1 + 255) >> 8, py0 = y0 >> 8, py1 = (y1 + 255) >> 8;
    if (px0 < 0)
        px0 = 0;
    if (py0 < 0)
        py0 = 0;
    if (px1 > c->width)
        px1 = c->width;
    if (py1 > c->height)
        py1 = c->height;
    for (long y = py0; y < py1; y++) {
        long cy = agg_span(y0, y1, y);
        uint32_t *row = c->mem + (size_t)y * (size_t)c->width;
        for (long x = px0; x < px1; x++) {
            long a = agg_span(x0, x1, x) * cy >> 8;
            agg_blend_word(row + x, p->fill, a > 255 ? 255 : (unsigned)a);
        }
    }
}

/* ---- matplotlib's patches and lines (EDGES_MPL, agg.h) -------------------- */

static _Thread_local agg_path mpl_path;
static void thread_release(void);

/* Draws p as matplotlib's Agg backend draws the patch, line or marker it stands
 * for. */
static void draw_mpl(canvas *c, const scene *s, const prim *p, double scale)
{
    thread_at_exit(thread_release);
    agg_path *path = &mpl_path;
    agg_path_reset(path);
    agg_paint paint = {p->filled && p->type != PRIM_POLYLINE, p->fill, p->stroke_width * scale, p->stroke,
                       p->mpl_join, p->mpl_cap, p->mpl_snap, p->mpl_clip,
                       (int)floor(s->clip_x0 * scale + 0.5), (int)floor(s->clip_y0 * scale + 0.5),
                       (int)floor(s->clip_x1 * scale + 0.5), (int)floor(s->clip_y1 * scale + 0.5)};
    agg_canvas ac = {c->mem, c->width, c->height};
    switch (p->type) {
    case PRIM_CIRCLE:
        if (p->mpl_marker) { /* marker 'o' (the unit circle halved) scaled by its size,
                                y flipped, stamped at the pixel holding the centre */
            agg_affine half = {0.5, 0.0, 0.0, 0.5, 0.0, 0.0};
            agg_affine size = {2 * p->r * scale, 0.0, 0.0, -(2 * p->r * scale), 0.0, 0.0};
            agg_unit_circle(path, &half);
            for (int k = 0; k < path->n; k++)
                if (path->cmd[k] != AGG_CLOSE)
                    agg_affine_apply(&size, &path->xy[2 * k], &path->xy[2 * k + 1]);
            double mx = p->x * scale, my = p->y * scale;
            agg_draw_markers(&ac, path, &mx, &my, 1, &paint);
            return;
        } else { /* the unit circle about (x, y), y flipped as RendererAgg flips it */
            double ry = p->mpl_y_down ? p->r * scale : -(p->r * scale);
            agg_affine m = {p->r * scale, 0.0, 0.0, ry, p->x * scale, p->y * scale};
            agg_unit_circle(path, &m);
        }
        break;
    case PRIM_RECT: { /* Rectangle's path from its lower left corner, counter-clockwise */
        double x0 = p->x * scale, x1 = (p->x + p->w) * scale, y0 = (p->y + p->h) * scale, y1 = p->y * scale;
        agg_path_add(path, AGG_MOVE, x0, y0);
        agg_path_add(path, AGG_LINE, x1, y0);
        agg_path_add(path, AGG_LINE, x1, y1);
        agg_path_add(path, AGG_LINE, x0, y1);
        agg_path_add(path, AGG_CLOSE, x0, y0);
        break;
    }
    case PRIM_POLYGON:
    case PRIM_POLYLINE: {
        const point *q = prim_points(s, p);
        for (int k = 0; k < p->npts; k++)
            agg_path_add(path, k ? AGG_LINE : AGG_MOVE, q[k].x * scale, q[k].y * scale);
        if (p->type == PRIM_POLYGON)
            agg_path_add(path, AGG_CLOSE, q[0].x * scale, q[0].y * scale);
        break;
    }
    case PRIM_TEXT:
        return;
    }
    if (p->mpl_marker) {
        double mx = p->x * scale, my = p->y * scale;
        agg_draw_markers(&ac, path, &mx, &my, 1, &paint);
        return;
    }
    agg_draw_path(&ac, path, &paint);
}

/* ---- cv2.resize's bilinear stretch (scene.stretch_*) ----------------------- */

/* OpenCV 4.6's INTER_LINEAR for 8-bit pixels across (the height kept: its
 * vertical weights are 1 and 0): the source x of each column in float,
 * (x + 0.5) w0 / w1 - 0.5, its whole part and its two weights rounded to
 * 2048ths each on its own (cvRound), clamped to the edges; a channel is
 * (s0 c0 + s1 c1), 2048ths, rounded.  Only the columns that read a drawn pixel
 * of src are computed (a row of one colour stretches to itself, whatever the
 * weights' sum): they are added to dst's drawn spans; src's drawn pixels are
 * refilled with its background, so its next render needs no clear. */
typedef struct stretch_col {
    int sx, c0, c1; /* c1 < 0: the edge, the pixel itself */
} stretch_col;

static _Thread_local stretch_col *stretch_map;
static _Thread_local int stretch_map_w0, stretch_map_w1;

static void stretch_rows(canvas *dst, canvas *src, int rows)
{
    int w0 = src->width, w1 = dst->width;
    if (stretch_map_w0 != w0 || stretch_map_w1 != w1) {
        thread_at_exit(thread_release);
        free(stretch_map);
        stretch_map = xmalloc(sizeof *stretch_map * (size_t)w1);
        double scale_x = 1. / ((double)w1 / w0);
        for (int dx = 0; dx < w1; dx++) {
            float fx = (float)((dx + 0.5) * scale_x - 0.5);
            int sx = (int)floorf(fx);
            fx -= (float)sx;
            bool edge = false;
            if (sx < 0)
                fx = 0, sx = 0;
            if (sx >= w0 - 1)
                fx = 0, sx = w0 - 1, edge = true;
            stretch_map[dx] = (stretch_col){sx, (int)lrintf((1.f - fx) * 2048), edge ? -1 : (int)lrintf(fx * 2048)};
        }
        stretch_map_w0 = w0;
        stretch_map_w1 = w1;
    }
    uint32_t bg = src->background;
    for (int y = 0; y < rows; y++) {
        int a = src->drawn[2 * y], b = src->drawn[2 * y + 1];
        if (a >= b)
            continue;
        uint32_t *srow = src->mem + (size_t)y * (size_t)w0, *drow = dst->mem + (size_t)y * (size_t)w1;
        /* the columns reading [a, b): sx + 1 >= a and sx < b */
        int d0 = w1, d1 = 0;
        for (int dx = 0; dx < w1; dx++) {
            const stretch_col *m = &stretch_map[dx];
            if (m->sx + (m->c1 >= 0) < a || m->sx >= b)
                continue;
            if (dx < d0)
                d0 = dx;
            d1 = dx + 1;
            uint32_t p = srow[m->sx], q = m->c1 >= 0 ? srow[m->sx + 1] : p, out = 0xFF000000u;
            for (int k = 0; k < 24; k += 8) {
                int d = m->c1 >= 0 ? (int)(p >> k & 0xFF) * m->c0 + (int)(q >> k & 0xFF) * m->c1
                                   : (int)(p >> k & 0xFF) * 2048;
                int v = (d + 1024) >> 11;
                out |= (uint32_t)(v > 255 ? 255 : v) << k;
            }
            drow[dx] = out;
        }
        if (d0 < dst->drawn[2 * y])
            dst->drawn[2 * y] = d0;
        if (d1 > dst->drawn[2 * y + 1])
            dst->drawn[2 * y + 1] = d1;
        for (int x = a; x < b; x++)
            srow[x] = bg;
    }
    src->clean = !src->full;
}

static _Thread_local canvas stretch_cv;
static _Thread_local bool stretch_cv_ready;

/* The buffers above are the calling thread's own, kept from image to image; a
 * thread that drew with them frees them at its exit. */
static void thread_release(void)
{
    agg_path_free(&mpl_path);
    free(stretch_map);
    stretch_map = NULL;
    stretch_map_w0 = stretch_map_w1 = 0;
    if (stretch_cv_ready)
        canvas_free(&stretch_cv);
    stretch_cv_ready = false;
}

int render_scene(canvas *c, const scene *s)
{
    return render_scene_scaled(c, s, 1.0);
}

uint32_t canvas_word(rgb c)
{
    /* Cairo keeps a colour as 16-bit channels, c / 255.0 * 65535 = c * 257, and
     * stores its top byte: c again.  The x byte of an opaque paint is 0xFF
     * (tests/test_png_io.c compares every channel value with cairo_paint). */
    return 0xFF000000u | (uint32_t)c.r << 16 | (uint32_t)c.g << 8 | c.b;
}

/* Pixels beyond a primitive's bounding box that Cairo may still touch: 1 for the
 * antialiased edge pixel, 1 for the flattening of curves (Cairo's tolerance is
 * 0.1 px), and 1 to spare. */
#define RENDER_ROW_MARGIN 3

/* Sets c->drawn to the span of columns each row's primitives of s may touch,
 * drawn `scale` times as large (per row one span, from the leftmost to the
 * rightmost primitive reaching it); stops once every row spans the whole width
 * (a task with a background of a few hundred primitives covers the canvas early,
 * and bounding boxes of text cost a font lookup). */
static void mark_drawn(canvas *c, const scene *s, double scale)
{
    int w = c->width, h = c->height;
    for (int y = 0; y < h; y++) {
        c->drawn[2 * y] = w;
        c->drawn[2 * y + 1] = 0;
    }
    int left = h;
    if (c->full) { /* contract 7 */
        for (int y = 0; y < h; y++) {
            c->drawn[2 * y] = 0;
            c->drawn[2 * y + 1] = w;
        }
        return;
    }
    /* (a stretched picture's primitives are not in the canvas's pixels: the
     * stretch adds its own spans) */
    for (int i = s->stretch_n; i < s->nprims && left > 0; i++) {
        double x0, y0, x1, y1;
        prim_bbox(s, &s->prims[i], &x0, &y0, &x1, &y1);
        double ya = floor(y0 * scale) - RENDER_ROW_MARGIN, yb = ceil(y1 * scale) + RENDER_ROW_MARGIN;
        double xa = floor(x0 * scale) - RENDER_ROW_MARGIN, xb = ceil(x1 * scale) + RENDER_ROW_MARGIN;
        if (!(ya <= yb && xa <= xb)) { /* NaN: everything may be drawn */
            for (int y = 0; y < h; y++) {
                c->drawn[2 * y] = 0;
                c->drawn[2 * y + 1] = w;
            }
            return;
        }
        int lo = ya < 0 ? 0 : ya > h ? h : (int)ya, hi = yb < 0 ? -1 : yb >= h ? h - 1 : (int)yb;
        int a = xa < 0 ? 0 : xa > w ? w : (int)xa, b = xb < 0 ? 0 : xb >= w ? w : (int)xb + 1;
        if (a >= b)
            continue;
        for (int y = lo; y <= hi; y++) {
            int *sp = c->drawn + 2 * y;
            bool was_full = sp[0] == 0 && sp[1] == w;
            if (a < sp[0])
                sp[0] = a;
            if (b > sp[1])
                sp[1] = b;
            left -= !was_full && sp[0] == 0 && sp[1] == w;
        }
    }
}

int render_scene_scaled(canvas *c, const scene *s, double scale)
{
    int w = scale == 1.0 ? s->width : (int)ceil(s->width * scale);
    int h = scale == 1.0 ? s->height : (int)ceil(s->height * scale);
    if (!c->surface || c->width != w || c->height != h) {
        if (c->surface)
            cairo_surface_destroy(c->surface);
        c->surface = NULL;
        size_t words = (size_t)(w > 0 ? w : 1) * (size_t)(h > 0 ? h : 1);
        if (words > c->cap) { /* contract 4: the memory only grows, at least 1.5x at
                                 a time (sort_circles grows with each level) */
            if (words < c->cap + c->cap / 2)
                words = c->cap + c->cap / 2;
            free(c->mem);
            c->mem = aligned_alloc(64, (words * 4 + 63) / 64 * 64);
            if (!c->mem) {
                c->cap = 0;
                return -1;
            }
            c->cap = words;
            c->clean = 0;
        }
        if (h > c->cap_rows) {
            free(c->drawn);
            c->drawn = xmalloc(sizeof *c->drawn * 2 * (size_t)h);
            c->cap_rows = h;
        }
        c->surface = cairo_image_surface_create_for_data((unsigned char *)c->mem, CAIRO_FORMAT_RGB24, w, h, 4 * w);
        c->width = w;
        c->height = h;
        if (cairo_surface_status(c->surface) != CAIRO_STATUS_SUCCESS)
            return -1;
    }
    uint32_t bg = canvas_word(s->background);
    if (!c->clean || c->background != bg || c->full) {
        /* the whole memory (contract 5): a later render of another size finds
         * background too */
        if ((bg & 0xFF) * 0x01010101u == bg) /* white: one byte repeated */
            memset(c->mem, (int)(bg & 0xFF), c->cap * 4);
        else
            for (size_t i = 0; i < c->cap; i++)
                c->mem[i] = bg;
        cairo_surface_mark_dirty(c->surface);
    }
    cairo_t *cr = cairo_create(c->surface);
    c->background = bg;
    c->clean = 0;
    mark_drawn(c, s, scale);
    if (scale != 1.0)
        cairo_scale(cr, scale, scale);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    double font_size = -1;
    int first = 0;
    if (s->stretch_n > 0) { /* the picture drawn on its own, then stretched in */
        if (!stretch_cv_ready) {
            thread_at_exit(thread_release);
            canvas_init(&stretch_cv);
            stretch_cv_ready = true;
        }
        scene sub = *s;
        sub.width = s->stretch_w;
        sub.height = s->stretch_h;
        sub.nprims = s->stretch_n;
        sub.stretch_n = 0;
        if (render_scene_scaled(&stretch_cv, &sub, scale) != 0) {
            cairo_destroy(cr);
            return -1;
        }
        cairo_surface_flush(c->surface);
        stretch_rows(c, &stretch_cv, stretch_cv.height < c->height ? stretch_cv.height : c->height);
        cairo_surface_mark_dirty(c->surface);
        first = s->stretch_n;
    }
    for (int i = first; i < s->nprims; i++) {
        const prim *p = &s->prims[i];
        if (p->edges == EDGES_PILLOW && scale == 1.0 && draw_pillow(c, s, p))
            continue;
        if (p->edges == EDGES_MPL && p->type != PRIM_TEXT) {
            cairo_surface_flush(c->surface);
            draw_mpl(c, s, p, scale);
            cairo_surface_mark_dirty(c->surface);
            continue;
        }
        if (p->type == PRIM_RECT && p->edges == EDGES_AGG) {
            cairo_surface_flush(c->surface);
            draw_agg_box(c, p, scale);
            cairo_surface_mark_dirty(c->surface);
            continue;
        }
        if (p->type == PRIM_TEXT && p->font != FONT_LIBERATION) {
            cairo_surface_flush(c->surface);
            if (p->font == FONT_PIL)
                draw_pil_text(c, p, scale);
            else
                draw_mpl_text(c, p, scale);
            cairo_surface_mark_dirty(c->surface);
            continue;
        }
        if (p->type == PRIM_TEXT) {
            draw_text(cr, p, &font_size);
            continue;
        }
        if (p->filled && p->stroke_width > 0 && p->type != PRIM_POLYLINE && same_rgb(p->fill, p->stroke) &&
            grown_path(cr, s, p)) {
            cairo_set_antialias(cr, antialias_of(p->edges));
            set_colour(cr, p->fill);
            cairo_fill(cr);
            cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT);
            continue;
        }
        rgb bc, nc;
        if (scale == 1.0 && box_colour(p, &bc)) {
            add_boxes(cr, p);
            if (i + 1 < s->nprims && box_colour(&s->prims[i + 1], &nc) && same_rgb(nc, bc))
                continue; /* the run goes on: one fill at its end */
            cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE);
            set_colour(cr, bc);
            cairo_fill(cr);
            cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT);
            continue;
        }
        path_of(cr, s, p);
        cairo_set_antialias(cr, antialias_of(p->edges));
        if (p->filled && p->type != PRIM_POLYLINE) {
            set_colour(cr, p->fill);
            if (p->stroke_width > 0)
                cairo_fill_preserve(cr);
            else
                cairo_fill(cr);
        }
        if (p->stroke_width > 0) {
            cairo_set_line_cap(cr, p->round_caps ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT);
            cairo_set_line_width(cr, p->stroke_width);
            set_colour(cr, p->stroke);
            cairo_stroke(cr);
        }
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT);
        cairo_new_path(cr);
    }
    cairo_status_t st = cairo_status(cr);
    cairo_destroy(cr);
    cairo_surface_flush(c->surface);
    return st == CAIRO_STATUS_SUCCESS ? 0 : -1;
}

const uint8_t *canvas_pixels(const canvas *c, int *stride)
{
    *stride = cairo_image_surface_get_stride(c->surface);
    return cairo_image_surface_get_data(c->surface);
}

int canvas_encode_png(canvas *c, const png_settings *set, strbuf *out, char *err, size_t errlen)
{
    cairo_surface_flush(c->surface);
    uint8_t *d = cairo_image_surface_get_data(c->surface);
    int stride = cairo_image_surface_get_stride(c->surface);
    int rc = png_encode_xrgb_refill(d, c->width, c->height, stride, set, c->background, c->drawn, out, err, errlen);
    cairo_surface_mark_dirty(c->surface);
    /* On failure the rows already encoded were refilled and the rest were not. */
    c->clean = rc == 0;
    return rc;
}

void canvas_to_rgb(canvas *c, uint8_t *dst)
{
    cairo_surface_flush(c->surface);
    uint8_t *d = cairo_image_surface_get_data(c->surface);
    int stride = cairo_image_surface_get_stride(c->surface);
    png_xrgb_to_rgb_refill(dst, d, c->width, c->height, stride, c->background, c->drawn);
    cairo_surface_mark_dirty(c->surface);
    c->clean = 1;
}

const int *canvas_drawn_spans(const canvas *c)
{
    return c->drawn;
}

rgb canvas_pixel(const canvas *c, int x, int y)
{
    int stride;
    const uint8_t *d = canvas_pixels(c, &stride);
    uint32_t v = *(const uint32_t *)(const void *)(d + (size_t)y * (size_t)stride + (size_t)x * 4);
    return (rgb){(uint8_t)(v >> 16), (uint8_t)(v >> 8), (uint8_t)v};
}
