/* SPDX-License-Identifier: MIT */
#include "mplfig.h"

#include "agg.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>

/* matplotlib's rcParams the originals leave alone */
#define SUBPLOT_LEFT 0.125
#define SUBPLOT_RIGHT 0.9
#define SUBPLOT_BOTTOM 0.11
#define SUBPLOT_TOP 0.88
#define PAD_INCHES 0.1

void mplfig_subplots(mplfig *f, double w_in, double h_in, double dpi)
{
    f->dpi = dpi;
    f->fig_w = w_in;
    f->fig_h = h_in;
    /* GridSpec.get_grid_positions for one cell: the cell's height is the whole
     * span, counted down from the top; its width up from the left */
    double tot_w = SUBPLOT_RIGHT - SUBPLOT_LEFT, tot_h = SUBPLOT_TOP - SUBPLOT_BOTTOM;
    f->px0 = SUBPLOT_LEFT + 0.0;
    f->px1 = SUBPLOT_LEFT + tot_w;
    f->py1 = SUBPLOT_TOP - 0.0;
    f->py0 = SUBPLOT_TOP - tot_h;
    f->xl0 = 0, f->xl1 = 1, f->yl0 = 0, f->yl1 = 1;
}

void mplfig_add_axes(mplfig *f, double w_in, double h_in, double dpi, double l, double b, double w, double h)
{
    f->dpi = dpi;
    f->fig_w = w_in;
    f->fig_h = h_in;
    f->px0 = l;
    f->py0 = b;
    f->px1 = l + w;
    f->py1 = b + h;
    f->xl0 = 0, f->xl1 = 1, f->yl0 = 0, f->yl1 = 1;
}

void mplfig_limits(mplfig *f, double x0, double x1, double y0, double y1)
{
    f->xl0 = x0;
    f->xl1 = x1;
    f->yl0 = y0;
    f->yl1 = y1;
}

void mplfig_equal(mplfig *f)
{
    double fw = f->fig_w * f->dpi, fh = f->fig_h * f->dpi;
    double fig_aspect = fh / fw;
    double xsize = fmax(fabs(f->xl1 - f->xl0), 1e-30), ysize = fmax(fabs(f->yl1 - f->yl0), 1e-30);
    double box_aspect = 1.0 * (ysize / xsize);
    /* Bbox.shrunk_to_aspect(box_aspect, pb, fig_aspect) */
    double w = f->px1 - f->px0, h = f->py1 - f->py0;
    double H = w * box_aspect / fig_aspect, W;
    if (H <= h) {
        W = w;
    } else {
        W = h * fig_aspect / box_aspect;
        H = h;
    }
    double sx0 = f->px0, sy0 = f->py0, sx1 = f->px0 + W, sy1 = f->py0 + H;
    /* .anchored('C', pb): centred in the subplot box */
    double dx = (f->px0 + 0.5 * (w - (sx1 - sx0))) - sx0, dy = (f->py0 + 0.5 * (h - (sy1 - sy0))) - sy0;
    f->px0 = sx0 + dx;
    f->px1 = sx1 + dx;
    f->py0 = sy0 + dy;
    f->py1 = sy1 + dy;
}

/* The saved image's size and, with the figure moved by (-crop_x, -crop_y) as
 * _tight_bbox.adjust_bbox moves it, the axes box and the data transform. */
static void place(mplfig *f, double crop_x, double crop_y, int width, double height_f)
{
    double fw = f->fig_w * f->dpi, fh = f->fig_h * f->dpi;
    f->crop_x = crop_x;
    f->crop_y = crop_y;
    f->width = width;
    f->height_f = height_f;
    f->height = (int)height_f;
    /* transFigure maps onto (-crop_x, -crop_y) + the figure's size */
    double l = -f->crop_x, b = -f->crop_y, tw = (l + fw) - l, th = (b + fh) - b;
    double ax0 = tw * f->px0 + l, ax1 = tw * f->px1 + l, ay0 = th * f->py0 + b, ay1 = th * f->py1 + b;
    f->ax_x = ax0;
    f->ax_y = ay0;
    f->ax_w = ax1 - ax0;
    f->ax_h = ay1 - ay0;
    /* transData = transAxes @ BboxTransformFrom(viewLim) */
    double inw = 1.0 / (f->xl1 - f->xl0), inh = 1.0 / (f->yl1 - f->yl0);
    f->sx = f->ax_w * inw;
    f->tx = f->ax_w * (-f->xl0 * inw) + f->ax_x;
    f->sy = f->ax_h * inh;
    f->ty = f->ax_h * (-f->yl0 * inh) + f->ax_y;
}

void mplfig_tight(mplfig *f, const double *boxes, int n)
{
    double fw = f->fig_w * f->dpi, fh = f->fig_h * f->dpi;
    /* the axes' window extent in the whole figure */
    double x0 = fw * f->px0, x1 = fw * f->px1, y0 = fh * f->py0, y1 = fh * f->py1;
    for (int i = 0; i < n; i++) {
        x0 = fmin(x0, boxes[4 * i]);
        y0 = fmin(y0, boxes[4 * i + 1]);
        x1 = fmax(x1, boxes[4 * i + 2]);
        y1 = fmax(y1, boxes[4 * i + 3]);
    }
    /* in inches (times 1 / dpi), padded */
    double inv = 1.0 / f->dpi;
    double ix0 = x0 * inv - PAD_INCHES, iy0 = y0 * inv - PAD_INCHES;
    double ix1 = x1 * inv + PAD_INCHES, iy1 = y1 * inv + PAD_INCHES;
    /* _tight_bbox.adjust_bbox: the figure moved by the box's corner, the canvas
     * the box's size, truncated */
    place(f, ix0 * f->dpi, iy0 * f->dpi, (int)((ix1 - ix0) * f->dpi), (iy1 - iy0) * f->dpi);
}

void mplfig_whole(mplfig *f)
{
    double fw = f->fig_w * f->dpi, fh = f->fig_h * f->dpi;
    place(f, 0.0, 0.0, (int)fw, fh);
}

/* A patch's centre goes through transData @ its own transform, then Agg's
 * flip (y' = -y + height); a line's vertex through transData's matrix already
 * flipped, so the two round differently. */
double mplfig_x(const mplfig *f, double x) { return f->sx * x + f->tx; }
double mplfig_y(const mplfig *f, double y) { return -(f->sy * y + f->ty) + f->height; }
static double line_x(const mplfig *f, double x) { return x * f->sx + f->tx; }
static double line_y(const mplfig *f, double y) { return y * -f->sy + (-f->ty + f->height); }
point mplfig_vertex(const mplfig *f, double x, double y) { return (point){line_x(f, x), line_y(f, y)}; }

void mplfig_rect_corners(const mplfig *f, double x, double y, double w, double h, point q[4])
{
    /* the unit square through BboxTransformTo(the box) and transData, then Agg's
     * flip: corner (u, v) at u (sx w') + (sx x + tx), v (-(sy h')) + ... */
    double bw = (x + w) - x, bh = (y + h) - y;
    double ax = f->sx * bw, ay = -(f->sy * bh), tx = f->sx * x + f->tx, ty = -(f->sy * y + f->ty) + f->height;
    q[0] = (point){0.0 * ax + tx, 0.0 * ay + ty};
    q[1] = (point){1.0 * ax + tx, 0.0 * ay + ty};
    q[2] = (point){1.0 * ax + tx, 1.0 * ay + ty};
    q[3] = (point){0.0 * ax + tx, 1.0 * ay + ty};
}

double mplfig_pt(const mplfig *f, double pt) { return pt * f->dpi / 72.0; }
double mplfig_dx(const mplfig *f, double d) { return f->sx * d; }
double mplfig_dy(const mplfig *f, double d) { return f->sy * d; }

void mplfig_clip(const mplfig *f, scene *s)
{
    /* RendererAgg::set_clipbox: each side rounded, the y sides flipped */
    double l = f->ax_x, b = f->ax_y, r = f->ax_x + f->ax_w, t = f->ax_y + f->ax_h;
    int x0 = (int)floor(l + 0.5), x1 = (int)floor(r + 0.5);
    int ya = (int)floor(f->height - b + 0.5), yb = (int)floor(f->height - t + 0.5);
    x0 = x0 > 0 ? x0 : 0;
    ya = ya > 0 ? ya : 0;
    x1 = x1 < f->width ? x1 : f->width;
    yb = yb < f->height ? yb : f->height;
    scene_set_clip(s, x0, ya < yb ? ya : yb, x1, ya < yb ? yb : ya);
}

/* A Line2D of axhline/axvline: from axes fraction 0 to 1 across, at data v. */
static prim *axline(const mplfig *f, scene *s, bool horizontal, double v, double pt, rgb colour)
{
    double x0, y0, x1, y1;
    if (horizontal) { /* the blended transform: axes across, data up */
        x0 = f->ax_w * 0.0 + f->ax_x;
        x1 = f->ax_w * 1.0 + f->ax_x;
        y0 = y1 = line_y(f, v);
    } else {
        x0 = x1 = mplfig_x(f, v);
        y0 = 0.0 * -f->ax_h + (-f->ax_y + f->height);
        y1 = 1.0 * -f->ax_h + (-f->ax_y + f->height);
    }
    prim *p = scene_line(s, x0, y0, x1, y1, 0, colour);
    prim_mpl(p, mplfig_pt(f, pt), colour, AGG_JOIN_ROUND, AGG_CAP_SQUARE, AGG_SNAP_AUTO, true);
    p->kind = "axis";
    return p;
}

prim *mplfig_axhline(const mplfig *f, scene *s, double y, double pt, rgb colour)
{
    return axline(f, s, true, y, pt, colour);
}

prim *mplfig_axvline(const mplfig *f, scene *s, double x, double pt, rgb colour)
{
    return axline(f, s, false, x, pt, colour);
}

prim *mplfig_plot(const mplfig *f, scene *s, double x0, double y0, double x1, double y1, double pt, rgb c)
{
    prim *p = scene_line(s, line_x(f, x0), line_y(f, y0), line_x(f, x1), line_y(f, y1), 0, c);
    prim_mpl(p, mplfig_pt(f, pt), c, AGG_JOIN_ROUND, AGG_CAP_SQUARE, AGG_SNAP_AUTO, true);
    return p;
}

prim *mplfig_circle(const mplfig *f, scene *s, double x, double y, double r, rgb c, bool fill, double pt)
{
    prim *p = scene_circle(s, mplfig_x(f, x), mplfig_y(f, y), mplfig_dx(f, r), c);
    p->filled = fill;
    p->mpl_y_down = f->sy < 0; /* the patch's y scale sy r, flipped by Agg: -(sy r) */
    prim_mpl(p, mplfig_pt(f, pt), c, AGG_JOIN_MITER, AGG_CAP_BUTT, AGG_SNAP_AUTO, true);
    return p;
}

prim *mplfig_regular_polygon(const mplfig *f, scene *s, double x, double y, int k, double r, rgb face, double pt,
                             rgb edge)
{
    /* Path.unit_regular_polygon: corners at 2 pi i / k + pi / 2; the patch's
     * scale(r) and translate(x, y) composed with transData, then Agg's flip */
    point q[64];
    if (k > 64)
        k = 64;
    double ax = f->sx * r, ay = -(f->sy * r), tx = f->sx * x + f->tx, ty = -(f->sy * y + f->ty) + f->height;
    for (int i = 0; i < k; i++) {
        double t = 2 * M_PI / k * i + M_PI / 2;
        q[i] = (point){cos(t) * ax + tx, sin(t) * ay + ty};
    }
    prim *p = scene_polygon(s, q, k, face);
    prim_mpl(p, pt > 0 ? mplfig_pt(f, pt) : 0, edge, AGG_JOIN_MITER, AGG_CAP_BUTT, AGG_SNAP_AUTO, true);
    return p;
}

prim *mplfig_text(const mplfig *f, scene *s, double x, double y, double pt, const char *label, rgb c, text_font font,
                  text_align ha, text_align va)
{
    double px = f->sx * x + f->tx, py = f->height_f - (f->sy * y + f->ty);
    return scene_mpl_text(s, px, py, pt, label, c, font, ha, va);
}

prim *mplfig_polygon(const mplfig *f, scene *s, const point *xy, int n, rgb c, bool fill, double pt)
{
    point q[64];
    if (n > 64)
        n = 64;
    for (int i = 0; i < n; i++)
        q[i] = (point){line_x(f, xy[i].x), line_y(f, xy[i].y)};
    prim *p = scene_polygon(s, q, n, c);
    p->filled = fill;
    prim_mpl(p, mplfig_pt(f, pt), c, AGG_JOIN_MITER, AGG_CAP_BUTT, AGG_SNAP_AUTO, true);
    return p;
}

prim *mplfig_rectangle(const mplfig *f, scene *s, double x, double y, double w, double h, rgb c, bool fill,
                       double pt)
{
    point q[4];
    mplfig_rect_corners(f, x, y, w, h, q);
    prim *p = scene_polygon(s, q, 4, c);
    p->kind = "rectangle";
    p->filled = fill;
    prim_mpl(p, mplfig_pt(f, pt), c, AGG_JOIN_MITER, AGG_CAP_BUTT, AGG_SNAP_AUTO, true);
    return p;
}

prim *mplfig_marker(const mplfig *f, scene *s, double x, double y, double size, rgb face, double pt, rgb edge)
{
    /* draw_markers: the point through transData, Agg's flip and half a pixel,
     * truncated; the marker (radius sqrt(size) / 2 pt) moved half a pixel more */
    double px = (x * f->sx + y * 0.0) + (f->tx + 0.5), py = -(y * f->sy) + ((f->height + 0.5) - f->ty);
    double scale = sqrt(size) * f->dpi / 72.0;
    prim *p = scene_circle(s, floor(px) + 0.5, floor(py) + 0.5, 0.5 * scale, face);
    prim_mpl(p, mplfig_pt(f, pt), edge, AGG_JOIN_ROUND, AGG_CAP_BUTT, AGG_SNAP_AUTO, true);
    p->mpl_marker = true;
    return p;
}

void mplfig_equal_tight(mplfig *f, double x0, double x1, double y0, double y1)
{
    mplfig_subplots(f, 6.4, 4.8, 100);
    mplfig_limits(f, x0, x1, y0, y1);
    mplfig_equal(f);
    mplfig_tight(f, NULL, 0);
}

void mplfig_describe_unit_grid(scene *s, int size)
{
    char ticks[512];
    size_t at = 0;
    for (int k = 0; k <= size && at < sizeof ticks - 16; k++)
        at += (size_t)snprintf(ticks + at, sizeof ticks - at, "%s%d", k ? "," : "", k);
    scene_describe(s, "mpl xlim 0 %d", size);
    scene_describe(s, "mpl ylim 0 %d", size);
    scene_describe(s, "mpl xticks %s", ticks);
    scene_describe(s, "mpl yticks %s", ticks);
    scene_describe(s, "mpl grid");
}
