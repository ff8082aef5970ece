/* blob.h - irregular shapes, and how much two shapes look alike.
 *
 * Contract:
 *  1. blob_random() makes a random star-shaped polygon around the origin: its
 *     vertices go once round the origin in order, so it never crosses itself, and
 *     its farthest vertex is at distance 1.  blob_smooth() rounds its corners
 *     (Chaikin's corner cutting), which keeps it star-shaped about any point it was
 *     star-shaped about.
 *  2. poly_iou() is the intersection over union of two simple polygons in one frame,
 *     exact along each of `rows` horizontal scanlines (even-odd rule) and sampled
 *     across them: 1 for identical polygons, 0 for disjoint ones.
 *  3. A radial signature describes a shape that is star-shaped about its centroid
 *     by its distance from the centroid to the outline at RADIAL_SAMPLES angles,
 *     scaled to unit area.  Two such shapes placed on a common centroid overlap
 *     where the smaller of the two distances reaches, so their IoU is
 *     sum(min^2) / sum(max^2): radial_likeness() is that IoU at the best turn
 *     (and mirror image) - how alike the shapes are whatever their position, size
 *     and orientation.  1 means the same shape; random blobs score about 0.6-0.9.
 *  4. Everything here is a pure function of its arguments (thread safe; the only
 *     state is a table of constants made once);
 *     polygons have at most BLOB_MAX_POINTS points.
 */
#ifndef GEN_BLOB_H
#define GEN_BLOB_H

#include "rng.h"
#include "scene.h"

#include <stdbool.h>

/* Enough for a 10-vertex blob smoothed four times (160 points) with room to spare. */
#define BLOB_MAX_POINTS 256

/* n vertices (nmin..nmax) at jittered, increasing angles, radii uniform in
 * [rmin, 1] then scaled so the largest is exactly 1.  Returns n. */
int blob_random(rng *r, int nmin, int nmax, double rmin, point *out);
/* Chaikin corner cutting, `iterations` times, of the closed polygon in (n points);
 * returns the number of points written (n * 2^iterations, at most max). */
int blob_smooth(const point *in, int n, int iterations, point *out, int max);

/* out[i] = (cx, cy) + scale * R(rot) * M(in[i]), where M mirrors x when `mirror`
 * and R turns by rot radians (counter-clockwise on screen, y down). */
void poly_place(const point *in, int n, double cx, double cy, double scale, double rot, bool mirror, point *out);
/* Area-weighted centroid of a simple polygon (either winding). */
point poly_centroid(const point *p, int n);
/* Largest distance of a vertex from (x, y). */
double poly_radius(const point *p, int n, double x, double y);

/* IoU of two polygons in one frame, over `rows` scanlines. */
double poly_iou(const point *a, int na, const point *b, int nb, int rows);

/* Angles at which a radial signature samples a shape: every 3 degrees, fine enough
 * that the best turn found is within 1.5 degrees of the true best. Even, so that a
 * mirror image maps samples onto samples; a multiple of 4 for the summing loop. */
#define RADIAL_SAMPLES 120

/* The distance from the centroid to the outline of p at RADIAL_SAMPLES evenly
 * spaced angles (angle k * 360 / RADIAL_SAMPLES degrees, measured in the polygon's
 * own frame), scaled so the squares sum to 1 (unit area).  Returns false, leaving
 * rho undefined, unless p is star-shaped about its centroid. */
bool radial_signature(const point *p, int n, double *rho);
/* IoU of two shapes given by their signatures, centroids and areas aligned, at the
 * best of the RADIAL_SAMPLES turns of b (and of b's mirror image, when asked).  It
 * stops at the first turn whose IoU reaches stop_at and returns that IoU (so a
 * caller testing "below a limit" passes the limit; pass 1 for the true best). */
double radial_likeness(const double *a, const double *b, bool with_mirror, double stop_at);
/* IoU of a shape with its own mirror image at the best turn (stopping as above): 1
 * for a shape with an axis of mirror symmetry through its centroid. */
double radial_mirror_likeness(const double *a, double stop_at);

#endif
