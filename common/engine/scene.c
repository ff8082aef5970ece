/* SPDX-License-Identifier: MIT */
#include "scene.h"

#include "font.h"
#include "pil_font.h"
#include "util.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void scene_init(scene *s, int width, int height)
{
    memset(s, 0, sizeof *s);
    s->width = width;
    s->height = height;
    s->background = RGB_WHITE;
}

void scene_reset(scene *s, int width, int height)
{
    s->width = width;
    s->height = height;
    s->background = RGB_WHITE;
    s->nprims = 0;
    s->npts = 0;
    s->clip_x0 = s->clip_y0 = 0;
    s->clip_x1 = width;
    s->clip_y1 = height;
    s->stretch_n = s->stretch_w = s->stretch_h = 0;
    if (s->desc && s->desc->buf) {
        s->desc->len = 0;
        s->desc->buf[0] = '\0';
    }
}

void scene_free(scene *s)
{
    free(s->prims);
    free(s->pts);
    strbuf *desc = s->desc; /* the caller's */
    memset(s, 0, sizeof *s);
    s->desc = desc;
}

void scene_set_clip(scene *s, int x0, int y0, int x1, int y1)
{
    s->clip_x0 = x0;
    s->clip_y0 = y0;
    s->clip_x1 = x1;
    s->clip_y1 = y1;
}

void scene_stretch(scene *s, int w, int h)
{
    s->stretch_n = s->nprims;
    s->stretch_w = w;
    s->stretch_h = h;
}

void scene_describe(scene *s, const char *fmt, ...)
{
    if (!s->desc)
        return;
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n >= sizeof line) {
        char *big = xmalloc((size_t)n + 1);
        va_start(ap, fmt);
        vsnprintf(big, (size_t)n + 1, fmt, ap);
        va_end(ap);
        strbuf_add(s->desc, big);
        free(big);
    } else {
        strbuf_add(s->desc, line);
    }
    strbuf_add(s->desc, "\n");
}

void scene_copy(scene *dst, const scene *src)
{
    scene_reset(dst, src->width, src->height);
    dst->background = src->background;
    if (dst->cap_prims < src->nprims) {
        dst->prims = xrealloc(dst->prims, sizeof(prim) * (size_t)src->nprims);
        dst->cap_prims = src->nprims;
    }
    if (dst->cap_pts < src->npts) {
        dst->pts = xrealloc(dst->pts, sizeof(point) * (size_t)src->npts);
        dst->cap_pts = src->npts;
    }
    if (src->nprims)
        memcpy(dst->prims, src->prims, sizeof(prim) * (size_t)src->nprims);
    if (src->npts)
        memcpy(dst->pts, src->pts, sizeof(point) * (size_t)src->npts);
    dst->nprims = src->nprims;
    dst->npts = src->npts;
    scene_set_clip(dst, src->clip_x0, src->clip_y0, src->clip_x1, src->clip_y1);
    dst->stretch_n = src->stretch_n;
    dst->stretch_w = src->stretch_w;
    dst->stretch_h = src->stretch_h;
    if (dst->desc && src->desc && src->desc->len)
        strbuf_addn(dst->desc, src->desc->buf, src->desc->len);
}

static prim *scene_add(scene *s, prim_type type, rgb fill)
{
    if (s->nprims == s->cap_prims) {
        s->cap_prims = s->cap_prims ? s->cap_prims * 2 : 64;
        s->prims = xrealloc(s->prims, sizeof(prim) * (size_t)s->cap_prims);
    }
    prim *p = &s->prims[s->nprims++];
    memset(p, 0, sizeof *p);
    p->type = type;
    p->object = -1;
    p->filled = true;
    p->fill = fill;
    return p;
}

static int scene_add_points(scene *s, const point *pts, int n)
{
    if (s->npts + n > s->cap_pts) {
        int cap = s->cap_pts ? s->cap_pts : 256;
        while (cap < s->npts + n)
            cap *= 2;
        s->pts = xrealloc(s->pts, sizeof(point) * (size_t)cap);
        s->cap_pts = cap;
    }
    int first = s->npts;
    memcpy(s->pts + first, pts, sizeof(point) * (size_t)n);
    s->npts += n;
    return first;
}

prim *scene_circle(scene *s, double x, double y, double r, rgb fill)
{
    prim *p = scene_add(s, PRIM_CIRCLE, fill);
    p->kind = "circle";
    p->x = x;
    p->y = y;
    p->r = r;
    return p;
}

prim *scene_rect(scene *s, double x, double y, double w, double h, rgb fill)
{
    prim *p = scene_add(s, PRIM_RECT, fill);
    p->kind = "rectangle";
    p->x = x;
    p->y = y;
    p->w = w;
    p->h = h;
    return p;
}

prim *scene_polygon(scene *s, const point *pts, int n, rgb fill)
{
    int first = scene_add_points(s, pts, n);
    prim *p = scene_add(s, PRIM_POLYGON, fill);
    p->kind = "polygon";
    p->first_pt = first;
    p->npts = n;
    return p;
}

prim *scene_polyline(scene *s, const point *pts, int n, double width, rgb colour)
{
    int first = scene_add_points(s, pts, n);
    prim *p = scene_add(s, PRIM_POLYLINE, colour);
    p->kind = "line";
    p->filled = false;
    p->stroke = colour;
    p->stroke_width = width;
    p->first_pt = first;
    p->npts = n;
    return p;
}

prim *scene_line(scene *s, double x0, double y0, double x1, double y1, double width, rgb colour)
{
    point pts[2] = {{x0, y0}, {x1, y1}};
    return scene_polyline(s, pts, 2, width, colour);
}

prim *scene_text(scene *s, double x, double y, double font_size, const char *text, rgb colour)
{
    prim *p = scene_add(s, PRIM_TEXT, colour);
    p->kind = "label";
    p->x = x;
    p->y = y;
    p->font_size = font_size;
    size_t n = strlen(text);
    if (n >= sizeof p->label)
        n = sizeof p->label - 1;
    memcpy(p->label, text, n);
    p->label[n] = '\0';
    return p;
}

prim *scene_agg_box(scene *s, double x0, double y0, double x1, double y1, rgb colour)
{
    prim *p = scene_rect(s, x0, y0, x1 - x0, y1 - y0, colour);
    p->edges = EDGES_AGG;
    p->kind = "line";
    return p;
}

prim *scene_mpl_text(scene *s, double x, double y, double pt, const char *text, rgb colour, text_font f, text_align ha,
                     text_align va)
{
    prim *p = scene_text(s, x, y, pt * MPL_DPI / 72.0, text, colour);
    p->font = (uint8_t)f;
    p->halign = (uint8_t)ha;
    p->valign = (uint8_t)va;
    return p;
}

prim *scene_pil_text(scene *s, double x, double y, int size, const char *text, rgb colour, text_align ha,
                     text_align va)
{
    prim *p = scene_text(s, x, y, size, text, colour);
    p->font = FONT_PIL;
    p->halign = (uint8_t)ha;
    p->valign = (uint8_t)va;
    return p;
}

void prim_mpl(prim *p, double width, rgb colour, int join, int cap, int snap, bool clip)
{
    p->edges = EDGES_MPL;
    p->stroke_width = width;
    p->stroke = colour;
    p->mpl_join = (uint8_t)join;
    p->mpl_cap = (uint8_t)cap;
    p->mpl_snap = (uint8_t)snap;
    p->mpl_clip = clip;
}

void prim_outline(prim *p, double width, rgb colour)
{
    p->filled = false;
    p->stroke_width = width;
    p->stroke = colour;
}

static void mirror(scene *s, bool horizontal)
{
    double W = s->width, H = s->height;
    for (int i = 0; i < s->nprims; i++) {
        prim *p = &s->prims[i];
        switch (p->type) {
        case PRIM_CIRCLE:
        case PRIM_TEXT:
            if (horizontal)
                p->x = W - p->x;
            else
                p->y = H - p->y;
            break;
        case PRIM_RECT:
            if (horizontal)
                p->x = W - p->x - p->w;
            else
                p->y = H - p->y - p->h;
            p->angle = -p->angle;
            break;
        case PRIM_POLYGON:
        case PRIM_POLYLINE: {
            point *pt = prim_points(s, p);
            for (int k = 0; k < p->npts; k++) {
                if (horizontal)
                    pt[k].x = W - pt[k].x;
                else
                    pt[k].y = H - pt[k].y;
            }
            break;
        }
        }
    }
}

void scene_mirror_x(scene *s) { mirror(s, true); }
void scene_mirror_y(scene *s) { mirror(s, false); }

void prim_bbox(const scene *s, const prim *p, double *x0, double *y0, double *x1, double *y1)
{
    double a = 0, b = 0, c = 0, d = 0;
    switch (p->type) {
    case PRIM_CIRCLE:
        a = p->x - p->r; b = p->y - p->r; c = p->x + p->r; d = p->y + p->r;
        break;
    case PRIM_RECT: {
        double cx = p->x + p->w / 2, cy = p->y + p->h / 2;
        double ca = fabs(cos(p->angle)), sa = fabs(sin(p->angle));
        double hw = (p->w * ca + p->h * sa) / 2, hh = (p->w * sa + p->h * ca) / 2;
        a = cx - hw; b = cy - hh; c = cx + hw; d = cy + hh;
        break;
    }
    case PRIM_POLYGON:
    case PRIM_POLYLINE: {
        const point *pt = prim_points(s, p);
        a = c = pt[0].x;
        b = d = pt[0].y;
        for (int k = 1; k < p->npts; k++) {
            a = fmin(a, pt[k].x); c = fmax(c, pt[k].x);
            b = fmin(b, pt[k].y); d = fmax(d, pt[k].y);
        }
        if (p->mpl_marker) { /* a marker's path about its stamp's corner */
            double ox = floor(p->x), oy = floor(p->y);
            a += ox; c += ox; b += oy; d += oy;
        }
        break;
    }
    case PRIM_TEXT: {
        int ix0, iy0, ix1, iy1;
        if (p->edges == EDGES_PILLOW && p->angle == 0) { /* Pillow's bitmap font, ink box centred */
            if (!pil_font_ink(p->label, &ix0, &iy0, &ix1, &iy1))
                ix0 = ix1 = iy0 = iy1 = 0;
            a = p->x - (ix1 - ix0) / 2.0;
            c = p->x + (ix1 - ix0) / 2.0;
            b = p->y - (iy1 - iy0) / 2.0;
            d = p->y + (iy1 - iy0) / 2.0;
            break;
        }
        if (p->font == FONT_PIL) {
            pil_placed m;
            font_pil_place(p, 1.0, &m);
            a = m.ix0; b = m.iy0; c = m.ix1; d = m.iy1; /* the ink's pixels */
            break;
        }
        if (p->font != FONT_LIBERATION) {
            mpl_placed m;
            font_mpl_place(p, 1.0, &m);
            a = m.ix0; b = m.iy0; c = m.ix1; d = m.iy1; /* the ink's pixels */
            break;
        }
        double px, py;
        font_text_place(p->font_size, p->label, p->x, p->y, &px, &py, &a, &b, &c, &d);
        if (p->angle != 0) { /* the turned ink box's corners */
            double cs = cos(p->angle), sn = sin(p->angle), cx[2] = {a - p->x, c - p->x}, cy[2] = {b - p->y, d - p->y};
            a = c = p->x;
            b = d = p->y;
            for (int k = 0; k < 4; k++) {
                double u = cx[k & 1], v = cy[k >> 1];
                double x = p->x + u * cs - v * sn, y = p->y + u * sn + v * cs;
                if (k == 0) {
                    a = c = x;
                    b = d = y;
                }
                a = fmin(a, x); c = fmax(c, x);
                b = fmin(b, y); d = fmax(d, y);
            }
        }
        break;
    }
    }
    double sw = p->stroke_width / 2; /* strokes use round joins, so they reach half the width */
    if (p->edges == EDGES_MPL && p->stroke_width > 0) {
        /* Agg's miter reaches up to half the width times the miter limit
         * (matplotlib's: the width in px), a projecting cap's corner sqrt 2 half
         * widths; snapping moves a vertex up to a pixel */
        if (p->mpl_join == AGG_JOIN_MITER && p->stroke_width > 1)
            sw *= p->stroke_width;
        if (p->mpl_cap == AGG_CAP_SQUARE)
            sw *= M_SQRT2;
        sw += 1;
    }
    *x0 = a - sw; *y0 = b - sw; *x1 = c + sw; *y1 = d + sw;
}
