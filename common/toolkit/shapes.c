/* SPDX-License-Identifier: MIT */
#include "shapes.h"

#include <math.h>
#include <string.h>

static const char *const NAMES[SHAPE_COUNT] = {"circle",  "triangle", "square",    "pentagon", "hexagon",
                                               "heptagon", "octagon", "rectangle", "star",     "diamond"};
static const int SIDES[SHAPE_COUNT] = {0, 3, 4, 5, 6, 7, 8, 4, 10, 4};

const char *shape_name(shape_kind k) { return NAMES[k]; }
int shape_sides(shape_kind k) { return SIDES[k]; }

int shape_find(const char *name)
{
    for (int k = 0; k < SHAPE_COUNT; k++)
        if (strcmp(NAMES[k], name) == 0)
            return k;
    return -1;
}

void regular_polygon(point *out, int n, double cx, double cy, double r, double rot)
{
    for (int i = 0; i < n; i++) {
        double a = rot + 2 * M_PI * i / n;
        out[i].x = cx + r * cos(a);
        out[i].y = cy - r * sin(a);
    }
}

static void rotate_about(point *p, int n, double cx, double cy, double rot)
{
    double c = cos(rot), s = sin(rot);
    for (int i = 0; i < n; i++) {
        double dx = p[i].x - cx, dy = p[i].y - cy;
        p[i].x = cx + dx * c + dy * s;
        p[i].y = cy - dx * s + dy * c;
    }
}

int shape_points(shape_kind k, double cx, double cy, double r, double rot, point *out)
{
    switch (k) {
    case SHAPE_CIRCLE:
        return 0;
    case SHAPE_TRIANGLE:
    case SHAPE_SQUARE:
    case SHAPE_PENTAGON:
    case SHAPE_HEXAGON:
    case SHAPE_HEPTAGON:
    case SHAPE_OCTAGON: {
        int n = SIDES[k];
        /* Base rotation puts a flat side at the bottom when rot = 0. */
        double base = M_PI / 2 + (n % 2 == 0 ? M_PI / n : 0);
        regular_polygon(out, n, cx, cy, r, base + rot);
        return n;
    }
    case SHAPE_RECTANGLE: {
        double a = atan2(1.0, 2.0); /* a 2:1 rectangle's half-diagonal angle */
        double hw = r * cos(a), hh = r * sin(a);
        point p[4] = {{cx - hw, cy - hh}, {cx + hw, cy - hh}, {cx + hw, cy + hh}, {cx - hw, cy + hh}};
        memcpy(out, p, sizeof p);
        rotate_about(out, 4, cx, cy, rot);
        return 4;
    }
    case SHAPE_STAR:
        for (int i = 0; i < 10; i++) {
            double a = M_PI / 2 + rot + M_PI * i / 5;
            double rr = i % 2 ? r * 0.45 : r; /* 0.45: points stay clearly pointed */
            out[i].x = cx + rr * cos(a);
            out[i].y = cy - rr * sin(a);
        }
        return 10;
    case SHAPE_DIAMOND: {
        point p[4] = {{cx, cy - r}, {cx + 0.6 * r, cy}, {cx, cy + r}, {cx - 0.6 * r, cy}};
        memcpy(out, p, sizeof p);
        rotate_about(out, 4, cx, cy, rot);
        return 4;
    }
    case SHAPE_COUNT:
        break;
    }
    return 0;
}

prim *scene_shape(scene *s, shape_kind k, double cx, double cy, double r, double rot, rgb fill)
{
    prim *p;
    if (k == SHAPE_CIRCLE) {
        p = scene_circle(s, cx, cy, r, fill);
    } else {
        point pts[SHAPE_MAX_POINTS];
        int n = shape_points(k, cx, cy, r, rot, pts);
        p = scene_polygon(s, pts, n, fill);
    }
    p->kind = NAMES[k];
    return p;
}

double polygon_area(const point *p, int n)
{
    double a = 0;
    for (int i = 0, j = n - 1; i < n; j = i++)
        a += p[j].x * p[i].y - p[i].x * p[j].y;
    return fabs(a) / 2;
}

bool point_in_polygon(const point *p, int n, double x, double y)
{
    bool in = false;
    for (int i = 0, j = n - 1; i < n; j = i++)
        if ((p[i].y > y) != (p[j].y > y) && x < (p[j].x - p[i].x) * (y - p[i].y) / (p[j].y - p[i].y) + p[i].x)
            in = !in;
    return in;
}

double segment_distance(point a, point b, double x, double y)
{
    double dx = b.x - a.x, dy = b.y - a.y;
    double len2 = dx * dx + dy * dy;
    double t = len2 > 0 ? ((x - a.x) * dx + (y - a.y) * dy) / len2 : 0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    return hypot(a.x + t * dx - x, a.y + t * dy - y);
}

static double cross(point o, point a, point b)
{
    return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

static bool on_segment(point a, point b, point p)
{
    return fmin(a.x, b.x) <= p.x && p.x <= fmax(a.x, b.x) && fmin(a.y, b.y) <= p.y && p.y <= fmax(a.y, b.y);
}

bool segments_intersect(point a, point b, point c, point d)
{
    double d1 = cross(c, d, a), d2 = cross(c, d, b), d3 = cross(a, b, c), d4 = cross(a, b, d);
    if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)))
        return true;
    return (d1 == 0 && on_segment(c, d, a)) || (d2 == 0 && on_segment(c, d, b)) || (d3 == 0 && on_segment(a, b, c)) ||
           (d4 == 0 && on_segment(a, b, d));
}

/* The room at x between the two outlines (0 outside the ring). */
static double ring_room(point x, const point *out, int no, const point *in, int ni)
{
    if (!point_in_polygon(out, no, x.x, x.y) || point_in_polygon(in, ni, x.x, x.y))
        return 0;
    double d = INFINITY;
    for (int j = 0; j < no; j++)
        d = fmin(d, segment_distance(out[j], out[(j + 1) % no], x.x, x.y));
    for (int j = 0; j < ni; j++)
        d = fmin(d, segment_distance(in[j], in[(j + 1) % ni], x.x, x.y));
    return d;
}

/* A polar grid over the half-plane y >= 0 (both polygons are symmetric about the
 * x axis), then a pattern search (32 directions: the widest disc touches three
 * sides, and a ridge between two of them is crossed only in few directions)
 * around its best point with a halving step. */
double inscribed_ring_width(int outer, int inner)
{
    point out[RING_MAX_SIDES], in[RING_MAX_SIDES];
    regular_polygon(out, outer, 0, 0, 1, 0);
    regular_polygon(in, inner, 0, 0, cos(M_PI / outer), 0);
    point best = {0, 0};
    double room = 0, lo = cos(M_PI / outer) * cos(M_PI / inner); /* the inner one's inradius */
    for (int a = 0; a <= 360; a++)
        for (int t = 1; t < 40; t++) {
            double th = M_PI * a / 360, rr = lo + (1 - lo) * t / 40;
            point x = {rr * cos(th), rr * sin(th)};
            double d = ring_room(x, out, outer, in, inner);
            if (d > room)
                room = d, best = x;
        }
    for (double h = 0.01; h > 1e-7; h /= 2)
        for (bool moved = true; moved;) {
            moved = false;
            for (int k = 0; k < 32; k++) {
                point x = {best.x + h * cos(M_PI * k / 16), best.y + h * sin(M_PI * k / 16)};
                double d = ring_room(x, out, outer, in, inner);
                if (d > room)
                    room = d, best = x, moved = true;
            }
        }
    return 2 * room;
}
