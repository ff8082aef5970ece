/* SPDX-License-Identifier: MIT */
/* shapes.h - named shapes and the plane geometry the generators and checks share.
 *
 * Contract:
 *  1. Every shape is centred on (cx, cy) and fits inside the circle of radius r
 *     around it (its circumradius is r), whatever the rotation.
 *  2. shape_name() is the word answers use ("circle", "triangle", "square", ...);
 *     shape_sides() is its number of sides (0 for a circle).
 *  3. scene_shape() adds one primitive whose kind is shape_name(k).
 *  4. The geometry helpers are pure functions.
 */
#ifndef GEN_SHAPES_H
#define GEN_SHAPES_H

#include "scene.h"

#include <stdbool.h>

typedef enum shape_kind {
    SHAPE_CIRCLE,
    SHAPE_TRIANGLE,  /* equilateral */
    SHAPE_SQUARE,
    SHAPE_PENTAGON,
    SHAPE_HEXAGON,
    SHAPE_HEPTAGON,
    SHAPE_OCTAGON,
    SHAPE_RECTANGLE, /* 2:1, its corners on the circle */
    SHAPE_STAR,      /* five-pointed, inner radius 0.45 r */
    SHAPE_DIAMOND,   /* a rhombus, 0.6 r wide */
    SHAPE_COUNT
} shape_kind;

const char *shape_name(shape_kind k);
int shape_sides(shape_kind k);
/* The kind called name, or -1. */
int shape_find(const char *name);

/* The outline of shape k as a polygon (not for SHAPE_CIRCLE); returns the number
 * of points written (at most SHAPE_MAX_POINTS). */
#define SHAPE_MAX_POINTS 16
int shape_points(shape_kind k, double cx, double cy, double r, double rot, point *out);
/* Adds shape k as a filled primitive (a circle or a polygon). */
prim *scene_shape(scene *s, shape_kind k, double cx, double cy, double r, double rot, rgb fill);

/* n vertices of a regular polygon, the first at angle rot (radians, 0 = right,
 * counter-clockwise on screen means negative y). */
void regular_polygon(point *out, int n, double cx, double cy, double r, double rot);
double polygon_area(const point *p, int n);
bool point_in_polygon(const point *p, int n, double x, double y);
/* Distance from (x, y) to the segment a-b. */
double segment_distance(point a, point b, double x, double y);
/* True when segments a-b and c-d cross or touch. */
bool segments_intersect(point a, point b, point c, point d);
/* A regular polygon of `outer` sides and circumradius 1 and, inside it, one of
 * `inner` sides inscribed in it (its circumradius the outer one's inradius), both
 * with a vertex at angle 0, as layered_shapes nests them: the diameter of the
 * widest disc that fits between the two outlines (the ring's width; times the
 * circumradius for any other size).  Sides 3..RING_MAX_SIDES; a numeric search,
 * about a millisecond. */
#define RING_MAX_SIDES 12
double inscribed_ring_width(int outer, int inner);

#endif
