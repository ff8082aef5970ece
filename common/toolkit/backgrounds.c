/* SPDX-License-Identifier: MIT */
#include "backgrounds.h"

#include "colour.h"
#include "shapes.h"

#include <math.h>
#include <string.h>

/* Bands of a linear gradient, drawn as pixel-aligned rectangles across the whole
 * area: under 17 px each on 800 px, and neighbouring bands differ by a step too
 * small to read as an edge. */
#define BG_GRADIENT_BANDS 48
/* Rings of a radial gradient, drawn largest first.  Each ring is a polygon as
 * large as the area, and Cairo's cost grows with that, so there are few. */
#define BG_RADIAL_RINGS 20
/* Soft blobs: how many, how many rings each fades through (each step too small
 * to read as an edge), and their radii. */
#define BG_BLOBS_MIN 3
#define BG_BLOBS_MAX 6
#define BG_BLOB_RINGS 10
/* Tries to find a place for a blob clear of the others (blobs never overlap: a
 * blob's pale rim cutting into another's core would be a crisp circle). */
#define BG_BLOB_TRIES 30
/* How far a blob's core moves from the base colour towards its own: never all
 * the way, so no blob has a crisp rim that could pass for a drawn circle. */
#define BG_BLOB_STRENGTH_MIN 0.45
#define BG_BLOB_STRENGTH_MAX 0.8
#define BG_BLOB_RMIN 60.0
#define BG_BLOB_RMAX 220.0
/* Stripes: period range in pixels (two or three stripes per period). */
#define BG_STRIPE_PERIOD_MIN 36.0
#define BG_STRIPE_PERIOD_MAX 90.0
/* Waves: bands stacked top to bottom, each top edge a sum of two sines sampled at
 * BG_WAVE_SAMPLES points across. */
#define BG_WAVES_MIN 6
#define BG_WAVES_MAX 11
#define BG_WAVE_SAMPLES 48
/* Texture: how many specks.  The largest speck reaches 5 px from its centre, under
 * half the smallest object any task draws on a background (13 px radius), so a
 * speck never reads as an object. */
#define BG_SPECKS_MIN 200
#define BG_SPECKS_MAX 330
#define BG_SPECK_RMAX 5.0
/* Vertices of a round speck. */
#define BG_DOT_VERTS 8
/* A ring of a radial gradient or a blob is drawn with a hole where the next,
 * smaller ring will lie, so each pixel is filled about once instead of once per
 * ring.  The hole stays this far inside the next ring (and inside the area), so
 * every pixel the hole's edge touches is wholly covered by that ring: what shows
 * is the same as drawing every ring whole. */
#define BG_HOLE_INSET 2.0
/* Chance that a picture gets a texture on top: most do, so most are busy. */
#define BG_TEXTURE_CHANCE 0.7
/* Room for a clipped polygon: inputs have at most ~100 vertices, and clipping a
 * polygon to a box adds at most one vertex per crossing. */
#define BG_CLIP_MAX 512

typedef struct hsl {
    double h, s, l; /* degrees, 0..1, 0..1 */
} hsl;

typedef struct scheme {
    hsl stop[3];
    int nstops;
    rgb speck[3];
    int nspecks;
} scheme;

static uint8_t to8(double v)
{
    v = v * 255.0 + 0.5;
    return (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
}

static rgb hsl_rgb(hsl c)
{
    double h = fmod(c.h, 360.0);
    if (h < 0)
        h += 360.0;
    double ch = (1 - fabs(2 * c.l - 1)) * c.s, hp = h / 60.0;
    double x = ch * (1 - fabs(fmod(hp, 2.0) - 1)), m = c.l - ch / 2;
    double r = 0, g = 0, b = 0;
    switch ((int)hp) {
    case 0: r = ch; g = x; break;
    case 1: r = x; g = ch; break;
    case 2: g = ch; b = x; break;
    case 3: g = x; b = ch; break;
    case 4: r = x; b = ch; break;
    default: r = ch; b = x; break;
    }
    return (rgb){to8(r + m), to8(g + m), to8(b + m)};
}

static double clamp(double v, double lo, double hi) { return v < lo ? lo : v > hi ? hi : v; }

static rgb lerp_rgb(rgb a, rgb b, double t)
{
    return (rgb){to8((a.r + (b.r - a.r) * t) / 255.0), to8((a.g + (b.g - a.g) * t) / 255.0),
                 to8((a.b + (b.b - a.b) * t) / 255.0)};
}

/* The colour a fraction t (0..1) along the scheme's stops. */
static rgb ramp(const scheme *sc, double t)
{
    if (sc->nstops == 1)
        return hsl_rgb(sc->stop[0]);
    double u = clamp(t, 0, 1) * (sc->nstops - 1);
    int k = (int)u;
    if (k >= sc->nstops - 1)
        k = sc->nstops - 2;
    return lerp_rgb(hsl_rgb(sc->stop[k]), hsl_rgb(sc->stop[k + 1]), u - k);
}

/* A colour scheme: two or three stops, either around one hue or split between a
 * hue and its near-complement, light, mid, dark or spanning all three, so each
 * picture has its own character.  The per-object contrast check, not the scheme,
 * keeps the shapes visible. */
static void make_scheme(rng *r, scheme *sc)
{
    static const double tone_lo[4] = {0.62, 0.35, 0.12, 0.15}, tone_hi[4] = {0.95, 0.75, 0.45, 0.9};
    double h0 = rng_uniform(r, 0, 360);
    bool split = rng_unit(r) < 0.4;
    int tone = (int)rng_below(r, 4);
    sc->nstops = rng_int(r, 2, 3);
    /* The first stop sits in the bottom quarter of the tone's lightness range and
     * the last in the top quarter, so no picture is nearly flat. */
    double lo = tone_lo[tone], span = tone_hi[tone] - lo;
    for (int k = 0; k < sc->nstops; k++) {
        double f = k == 0 ? rng_uniform(r, 0, 0.25) : k == sc->nstops - 1 ? rng_uniform(r, 0.75, 1) : rng_unit(r);
        sc->stop[k].h = h0 + (split && k == 1 ? 180 : 0) + rng_uniform(r, -40, 40);
        sc->stop[k].s = rng_uniform(r, 0.12, 0.75);
        sc->stop[k].l = lo + span * f;
    }
    sc->nspecks = rng_int(r, 2, 3);
    for (int k = 0; k < sc->nspecks; k++) {
        hsl c = sc->stop[rng_below(r, (uint32_t)sc->nstops)];
        double shift = rng_uniform(r, 0.15, 0.35);
        c.l = clamp(c.l + (c.l > 0.5 ? -shift : shift), 0.05, 0.97);
        c.s = clamp(c.s + rng_uniform(r, -0.2, 0.2), 0, 1);
        sc->speck[k] = hsl_rgb(c);
    }
}

/* One Sutherland-Hodgman pass: keeps the side of the line coord(axis) = v where
 * sign * (coord - v) >= 0. */
static int clip_pass(const point *in, int n, point *out, int axis, double v, double sign)
{
    int m = 0;
    for (int i = 0; i < n; i++) {
        point p = in[i], q = in[(i + 1) % n];
        double dp = sign * ((axis ? p.y : p.x) - v), dq = sign * ((axis ? q.y : q.x) - v);
        if (dp >= 0) {
            if (m >= BG_CLIP_MAX)
                return -1;
            out[m++] = p;
        }
        if ((dp >= 0) != (dq >= 0)) {
            if (m >= BG_CLIP_MAX)
                return -1;
            double t = dp / (dp - dq);
            out[m++] = (point){p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t};
        }
    }
    return m;
}

/* Clips polygon in (n points) to box a; returns the clipped count, or -1. */
static int clip_to_box(const point *in, int n, const box *a, point *out)
{
    point tmp[BG_CLIP_MAX];
    int m = clip_pass(in, n, tmp, 0, a->x0, 1);
    if (m > 0)
        m = clip_pass(tmp, m, out, 0, a->x1, -1);
    if (m > 0)
        m = clip_pass(out, m, tmp, 1, a->y0, 1);
    if (m > 0)
        m = clip_pass(tmp, m, out, 1, a->y1, -1);
    return m;
}

static int colour_index(background *bg, rgb c)
{
    for (int i = 0; i < bg->ncolours; i++)
        if (bg->colours[i].r == c.r && bg->colours[i].g == c.g && bg->colours[i].b == c.b)
            return i;
    if (bg->ncolours == BG_MAX_COLOURS)
        return -1;
    bg->colours[bg->ncolours] = c;
    bg->far[bg->ncolours] = 0;
    bg->far_known[bg->ncolours] = 0;
    return bg->ncolours++;
}

/* Records the primitive just added; false when the picture ran out of room. */
static bool record(scene *s, background *bg, prim *p, rgb c)
{
    int ci = colour_index(bg, c);
    if (ci < 0 || bg->nprims >= BG_MAX_PRIMS)
        return false;
    p->kind = BG_KIND;
    box *b = &bg->boxes[bg->nprims];
    prim_bbox(s, p, &b->x0, &b->y0, &b->x1, &b->y1);
    bg->colour_of[bg->nprims++] = (uint8_t)ci;
    return true;
}

static bool room(const background *bg) { return bg->nprims < BG_MAX_PRIMS; }

static bool add_poly(scene *s, background *bg, const point *pts, int n, rgb c, prim_edges edges)
{
    point out[BG_CLIP_MAX];
    int m = clip_to_box(pts, n, &bg->area, out);
    if (m < 0 || !room(bg))
        return false;
    if (m < 3)
        return true; /* wholly outside: nothing to draw */
    prim *p = scene_polygon(s, out, m, c);
    p->edges = edges;
    return record(s, bg, p, c);
}

static bool add_rect(scene *s, background *bg, double x, double y, double w, double h, double angle, rgb c)
{
    if (!room(bg))
        return false;
    prim *p = scene_rect(s, x, y, w, h, c);
    p->angle = angle;
    return record(s, bg, p, c);
}

/* Appends polygon pts (n points) to out as a closed loop starting and ending at
 * its top (then leftmost) point; returns the number of points appended (n + 1). */
static int loop_from_top(const point *pts, int n, point *out)
{
    int top = 0;
    for (int i = 1; i < n; i++)
        if (pts[i].y < pts[top].y || (pts[i].y == pts[top].y && pts[i].x < pts[top].x))
            top = i;
    for (int i = 0; i <= n; i++)
        out[i] = pts[(top + i) % n];
    return n + 1;
}

/* The points of a circle's circumscribed polygon (it covers the circle) clipped to
 * the area; the count, or -1 if out of room. */
static int disc_points(const background *bg, double cx, double cy, double r, point *out)
{
    point pts[BG_CIRCLE_VERTS];
    for (int k = 0; k < BG_CIRCLE_VERTS; k++) /* unit vectors made once per picture */
        pts[k] = (point){cx + r / cos(M_PI / BG_CIRCLE_VERTS) * bg->unit[k].x,
                         cy - r / cos(M_PI / BG_CIRCLE_VERTS) * bg->unit[k].y};
    return clip_to_box(pts, BG_CIRCLE_VERTS, &bg->area, out);
}

/* A disc of radius r with, when hole > 0, a hole of radius hole: the part the
 * next, smaller concentric disc leaves showing (see BG_HOLE_INSET). */
static bool add_ring(scene *s, background *bg, double cx, double cy, double r, double hole, rgb c)
{
    point out[BG_CLIP_MAX], in[BG_CLIP_MAX], pts[BG_CIRCLE_VERTS];
    int m = disc_points(bg, cx, cy, r, out), k = 0;
    if (m < 0)
        return false;
    hole -= BG_HOLE_INSET;
    if (hole > 0) {
        /* Vertices on the circle of radius `hole`: the polygon lies inside it. */
        for (int j = 0; j < BG_CIRCLE_VERTS; j++) /* the other way round */
            pts[BG_CIRCLE_VERTS - 1 - j] = (point){cx + hole * bg->unit[j].x, cy - hole * bg->unit[j].y};
        box inset = {bg->area.x0 + BG_HOLE_INSET, bg->area.y0 + BG_HOLE_INSET, bg->area.x1 - BG_HOLE_INSET,
                     bg->area.y1 - BG_HOLE_INSET};
        k = clip_to_box(pts, BG_CIRCLE_VERTS, &inset, in);
        if (k < 0)
            return false;
    }
    if (m < 3)
        return true; /* wholly outside: nothing to draw */
    /* One primitive: the outer loop, a bridge to the hole's loop (traced the other
     * way round, so it cuts the hole) and the same bridge back.  The bridge's two
     * edges coincide with opposite directions and cancel under the non-zero fill
     * rule; starting both loops at their top points keeps the bridge short. */
    point ring[2 * BG_CLIP_MAX + 3];
    int n = loop_from_top(out, m, ring);
    if (k >= 3) {
        n += loop_from_top(in, k, ring + n);
        ring[n++] = ring[0];
    }
    if (!room(bg))
        return false;
    prim *p = scene_polygon(s, ring, n, c);
    p->edges = EDGES_HARD;
    return record(s, bg, p, c);
}

/* The corners of a band between t0 and t1 along direction (ux, uy), long enough to
 * cross the area. */
static void band_quad(const box *a, double ux, double uy, double t0, double t1, point q[4])
{
    double vx = -uy, vy = ux;
    double cs[4] = {a->x0 * vx + a->y0 * vy, a->x1 * vx + a->y0 * vy, a->x0 * vx + a->y1 * vy,
                    a->x1 * vx + a->y1 * vy};
    double s0 = fmin(fmin(cs[0], cs[1]), fmin(cs[2], cs[3])) - 2, s1 = fmax(fmax(cs[0], cs[1]), fmax(cs[2], cs[3])) + 2;
    q[0] = (point){ux * t0 + vx * s0, uy * t0 + vy * s0};
    q[1] = (point){ux * t1 + vx * s0, uy * t1 + vy * s0};
    q[2] = (point){ux * t1 + vx * s1, uy * t1 + vy * s1};
    q[3] = (point){ux * t0 + vx * s1, uy * t0 + vy * s1};
}

/* Range of the area's corners projected on (ux, uy). */
static void project(const box *a, double ux, double uy, double *lo, double *hi)
{
    double t[4] = {a->x0 * ux + a->y0 * uy, a->x1 * ux + a->y0 * uy, a->x0 * ux + a->y1 * uy, a->x1 * ux + a->y1 * uy};
    *lo = fmin(fmin(t[0], t[1]), fmin(t[2], t[3]));
    *hi = fmax(fmax(t[0], t[1]), fmax(t[2], t[3]));
}

/* Bands across or down the area, in either direction; pixel-aligned, so they
 * meet without seams. */
static bool draw_linear(scene *s, background *bg, rng *r, const scheme *sc)
{
    const box *a = &bg->area;
    bool across = rng_below(r, 2), reverse = rng_below(r, 2);
    double len = across ? a->x1 - a->x0 : a->y1 - a->y0;
    for (int k = 0; k < BG_GRADIENT_BANDS; k++) {
        double t0 = round(len * k / BG_GRADIENT_BANDS), t1 = round(len * (k + 1) / BG_GRADIENT_BANDS);
        double f = (k + 0.5) / BG_GRADIENT_BANDS;
        rgb c = ramp(sc, reverse ? 1 - f : f);
        bool ok = across ? add_rect(s, bg, a->x0 + t0, a->y0, t1 - t0, a->y1 - a->y0, 0, c)
                         : add_rect(s, bg, a->x0, a->y0 + t0, a->x1 - a->x0, t1 - t0, 0, c);
        if (!ok)
            return false;
    }
    bg->style = "linear gradient";
    return true;
}

static bool draw_radial(scene *s, background *bg, rng *r, const scheme *sc)
{
    const box *a = &bg->area;
    double cx = rng_uniform(r, a->x0, a->x1), cy = rng_uniform(r, a->y0, a->y1), R = 0;
    double xs[2] = {a->x0, a->x1}, ys[2] = {a->y0, a->y1};
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++)
            R = fmax(R, hypot(xs[i] - cx, ys[j] - cy));
    R += 2;
    for (int k = 0; k < BG_RADIAL_RINGS; k++)
        if (!add_ring(s, bg, cx, cy, R * (BG_RADIAL_RINGS - k) / BG_RADIAL_RINGS,
                      R * (BG_RADIAL_RINGS - k - 1) / BG_RADIAL_RINGS, ramp(sc, 1.0 - (k + 0.5) / BG_RADIAL_RINGS)))
            return false;
    bg->style = "radial gradient";
    return true;
}

/* A placed blob: centre and radius. */
typedef struct disc {
    double x, y, r;
} disc;

static bool draw_blobs(scene *s, background *bg, rng *r, const scheme *sc)
{
    const box *a = &bg->area;
    rgb base = hsl_rgb(sc->stop[0]);
    if (!add_rect(s, bg, a->x0, a->y0, a->x1 - a->x0, a->y1 - a->y0, 0, base))
        return false;
    int n = rng_int(r, BG_BLOBS_MIN, BG_BLOBS_MAX), placed = 0;
    disc blob[BG_BLOBS_MAX];
    for (int i = 0; i < n; i++) {
        double R = 0, cx = 0, cy = 0;
        bool clear = false;
        for (int t = 0; t < BG_BLOB_TRIES && !clear; t++) {
            R = rng_uniform(r, BG_BLOB_RMIN, BG_BLOB_RMAX);
            cx = rng_uniform(r, a->x0, a->x1);
            cy = rng_uniform(r, a->y0, a->y1);
            clear = true;
            for (int j = 0; j < placed && clear; j++)
                clear = hypot(cx - blob[j].x, cy - blob[j].y) >= R + blob[j].r;
        }
        if (!clear)
            continue; /* a crowded picture simply has fewer blobs */
        blob[placed++] = (disc){cx, cy, R};
        rgb top = hsl_rgb(sc->stop[1 + rng_below(r, (uint32_t)(sc->nstops - 1))]);
        double strength = rng_uniform(r, BG_BLOB_STRENGTH_MIN, BG_BLOB_STRENGTH_MAX);
        for (int j = 0; j < BG_BLOB_RINGS; j++) {
            double f = (double)j / BG_BLOB_RINGS;
            /* The colour rises smoothly (smoothstep) from the base colour at the rim
             * to the core, with no step at the rim. */
            double t = strength * f * f * (3 - 2 * f);
            double hole = j + 1 < BG_BLOB_RINGS ? R * (1 - (double)(j + 1) / BG_BLOB_RINGS) : 0;
            if (!add_ring(s, bg, cx, cy, R * (1 - f), hole, lerp_rgb(base, top, t)))
                return false;
        }
    }
    bg->style = "soft blobs";
    return true;
}

/* A base in the first stop's colour, and over it the stripes of the other stops
 * (only they need drawing, which halves the area filled). */
static bool draw_stripes(scene *s, background *bg, rng *r, const scheme *sc)
{
    const box *a = &bg->area;
    double th = rng_uniform(r, 0, M_PI), ux = cos(th), uy = sin(th), lo, hi;
    double period = rng_uniform(r, BG_STRIPE_PERIOD_MIN, BG_STRIPE_PERIOD_MAX);
    int per = sc->nstops; /* stripes per period, one per stop */
    double w = period / per;
    if (!add_rect(s, bg, a->x0, a->y0, a->x1 - a->x0, a->y1 - a->y0, 0, hsl_rgb(sc->stop[0])))
        return false;
    project(a, ux, uy, &lo, &hi);
    double t = lo - period + rng_uniform(r, 0, period);
    for (int k = 0; t < hi; k++, t += w) {
        if (k % per == 0)
            continue; /* the base shows through */
        point q[4];
        band_quad(a, ux, uy, t, t + w, q);
        if (!add_poly(s, bg, q, 4, hsl_rgb(sc->stop[k % per]), EDGES_SMOOTH))
            return false;
    }
    bg->style = "stripes";
    return true;
}

static bool draw_waves(scene *s, background *bg, rng *r, const scheme *sc)
{
    const box *a = &bg->area;
    int n = rng_int(r, BG_WAVES_MIN, BG_WAVES_MAX);
    double H = a->y1 - a->y0, W = a->x1 - a->x0;
    double amp = rng_uniform(r, 0.15, 0.45) * H / n, len = rng_uniform(r, 0.35, 1.0) * W;
    double ph = rng_uniform(r, 0, 2 * M_PI);
    for (int k = 0; k < n; k++) {
        point pts[BG_WAVE_SAMPLES + 2];
        double base = a->y0 + H * k / n;
        double phk = ph + k * rng_uniform(r, 0.3, 1.2);
        for (int j = 0; j < BG_WAVE_SAMPLES; j++) {
            double x = a->x0 + W * j / (BG_WAVE_SAMPLES - 1);
            double y = base + amp * (sin(2 * M_PI * x / len + phk) + 0.35 * sin(4.7 * M_PI * x / len + 2 * phk));
            pts[j] = (point){x, k ? y : a->y0 - 2};
        }
        /* Down to just below the lowest point of the next band's edge, which covers
         * the rest (the last band goes to the bottom). */
        double bottom = k + 1 < n ? a->y0 + H * (k + 1) / n + 1.35 * amp + 2 : a->y1 + 2;
        pts[BG_WAVE_SAMPLES] = (point){a->x1, bottom};
        pts[BG_WAVE_SAMPLES + 1] = (point){a->x0, bottom};
        if (!add_poly(s, bg, pts, BG_WAVE_SAMPLES + 2, ramp(sc, n > 1 ? (double)k / (n - 1) : 0), EDGES_FAST))
            return false;
    }
    bg->style = "waves";
    return true;
}

/* Many small dots, dashes and chips in the scheme's speck colours, as many as the
 * picture has room for. */
static bool draw_texture(scene *s, background *bg, rng *r, const scheme *sc)
{
    const box *a = &bg->area;
    int n = rng_int(r, BG_SPECKS_MIN, BG_SPECKS_MAX);
    bg->texture_from = bg->nprims;
    if (n > BG_MAX_PRIMS - bg->nprims)
        n = BG_MAX_PRIMS - bg->nprims;
    for (int i = 0; i < n; i++) {
        rgb c = sc->speck[rng_below(r, (uint32_t)sc->nspecks)];
        double size = rng_uniform(r, 1.5, BG_SPECK_RMAX), rot = rng_uniform(r, 0, 2 * M_PI);
        double x = rng_uniform(r, a->x0 + BG_SPECK_RMAX, a->x1 - BG_SPECK_RMAX);
        double y = rng_uniform(r, a->y0 + BG_SPECK_RMAX, a->y1 - BG_SPECK_RMAX);
        point q[BG_DOT_VERTS];
        int m;
        switch (rng_below(r, 3)) {
        case 0: /* a dot */
            m = BG_DOT_VERTS;
            regular_polygon(q, m, x, y, size * 0.7, rot);
            break;
        case 1: { /* a dash, its half-diagonal under `size` */
            double hl = size * 0.95, hw = fmax(0.6, size * 0.25), cs = cos(rot), sn = sin(rot);
            m = 4;
            q[0] = (point){x - hl * cs + hw * sn, y - hl * sn - hw * cs};
            q[1] = (point){x + hl * cs + hw * sn, y + hl * sn - hw * cs};
            q[2] = (point){x + hl * cs - hw * sn, y + hl * sn + hw * cs};
            q[3] = (point){x - hl * cs - hw * sn, y - hl * sn + hw * cs};
            break;
        }
        default: /* a chip: a small triangle */
            m = 3;
            regular_polygon(q, m, x, y, size, rot);
            break;
        }
        if (!room(bg))
            return false;
        prim *p = scene_polygon(s, q, m, c);
        p->edges = EDGES_FAST; /* a speck is a few pixels: its edge needs no finer shades */
        if (!record(s, bg, p, c))
            return false;
    }
    bg->textured = true;
    return true;
}

static bool draw_picture(scene *s, background *bg, rng *r)
{
    scheme sc;
    make_scheme(r, &sc);
    bool ok;
    switch (rng_below(r, 5)) {
    case 0: ok = draw_linear(s, bg, r, &sc); break;
    case 1: ok = draw_radial(s, bg, r, &sc); break;
    case 2: ok = draw_blobs(s, bg, r, &sc); break;
    case 3: ok = draw_stripes(s, bg, r, &sc); break;
    default: ok = draw_waves(s, bg, r, &sc); break;
    }
    if (ok && rng_unit(r) < BG_TEXTURE_CHANCE)
        ok = draw_texture(s, bg, r, &sc);
    return ok;
}

static int popcount(uint32_t v)
{
    int n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
}

int background_draw(scene *s, const box *area, rng *r, double min_de, const box *keep, int nkeep, int min_free,
                    background *bg)
{
    int first = s->nprims, first_pt = s->npts;
    for (int k = 0; k < BG_CIRCLE_VERTS; k++) {
        double a = 2 * M_PI * k / BG_CIRCLE_VERTS;
        bg->unit[k] = (point){cos(a), sin(a)};
    }
    for (int k = 0; k < PALETTE_SIZE; k++)
        srgb_to_lab(PALETTE[k].value, bg->palette_lab[k]);
    for (int t = 0; t < BG_TRIES; t++) {
        s->nprims = first;
        s->npts = first_pt;
        bg->area = *area;
        bg->min_de = min_de;
        bg->style = "";
        bg->textured = false;
        bg->texture_from = BG_MAX_PRIMS;
        bg->first_prim = first;
        bg->nprims = 0;
        bg->ncolours = 0;
        if (!draw_picture(s, bg, r))
            continue;
        bool ok = true;
        for (int i = 0; i < nkeep && ok; i++)
            ok = popcount(background_far(bg, &keep[i])) >= min_free;
        if (ok)
            return 0;
    }
    s->nprims = first;
    s->npts = first_pt;
    bg->nprims = 0;
    bg->ncolours = 0;
    return -1;
}

/* The palette colours among `want` that are far from background colour c: each
 * CIEDE2000 is worked out once per picture, and only when asked for. */
static uint32_t far_among(background *bg, int c, uint32_t want)
{
    uint32_t todo = want & ~bg->far_known[c];
    if (todo) {
        if (!bg->far_known[c])
            srgb_to_lab(bg->colours[c], bg->lab[c]);
        for (int k = 0; k < PALETTE_SIZE; k++)
            if (todo & (1u << k) && ciede2000_at_least(bg->lab[c], bg->palette_lab[k], bg->min_de))
                bg->far[c] |= 1u << k;
        bg->far_known[c] |= todo;
    }
    return bg->far[c] & want;
}

uint32_t background_far(background *bg, const box *b)
{
    uint32_t mask = (1u << PALETTE_SIZE) - 1;
    bool seen[BG_MAX_COLOURS] = {false};
    /* The texture's few colours first: they count everywhere, so they rule out
     * palette colours before the many colours of the picture below are checked. */
    int start = bg->texture_from < bg->nprims ? bg->texture_from : 0;
    for (int j = 0; j < bg->nprims; j++) {
        int i = (start + j) % bg->nprims;
        const box *p = &bg->boxes[i];
        int c = bg->colour_of[i];
        if (seen[c])
            continue;
        /* Specks are everywhere: their colours count wherever b is. */
        if (i < bg->texture_from && (p->x1 < b->x0 || b->x1 < p->x0 || p->y1 < b->y0 || b->y1 < p->y0))
            continue;
        seen[c] = true;
        /* Only colours still in the mask need checking against c. */
        mask = far_among(bg, c, mask);
    }
    return mask;
}
