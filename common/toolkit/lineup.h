/* lineup.h - objects in a left-to-right order that is never a judgement call.
 *
 * Contract:
 *  1. lineup_place() puts n objects, given as half widths hw[i] and half heights
 *     hh[i] of their bounding boxes, into `area` in the given order from left to
 *     right: each box ends at least `gap` pixels before the next one begins (no
 *     two x extents overlap), and every box lies inside area.
 *  2. Heights vary, but the line between the centres of any two objects is at
 *     most max_slope steep (|dy| <= max_slope * |dx|), so telling which of two is
 *     further left never means judging a small x offset across a long vertical
 *     distance.  (It suffices that neighbours obey it: slopes do not add up.)
 *  3. The width left over is shared out at random between the n + 1 spaces
 *     (margins and gaps), so spacing varies from picture to picture.
 *  4. Returns 0, or -1 when the boxes do not fit (area too narrow or too short).
 *  5. lineup_scene() is the whole picture of list_colours and list_shapes: shapes
 *     of random kinds and sizes placed by lineup_place() on a procedural background
 *     (backgrounds.h), each filled with a palette colour at least min_de from
 *     every background colour around it and outlined thinly (dark around a light
 *     fill, light around a dark one).  Shape i (left to
 *     right) is a primitive with object = i, kind = its shape name and
 *     colour_name = its palette name.  The task's margins come in a lineup_style;
 *     lineup_scene() only applies them.
 */
#ifndef GEN_LINEUP_H
#define GEN_LINEUP_H

#include "layout.h"
#include "rng.h"
#include "scene.h"
#include "shapes.h"

#include <stddef.h>

int lineup_place(rng *r, const box *area, int n, const double *hw, const double *hh, double gap, double max_slope,
                 point *centre);

/* The width a lineup of n objects needs when each is at most `size` wide, with
 * `gap` between neighbours and `edge` at both ends. */
double lineup_width(int n, double size, double gap, double edge);

/* Fills darker than this CIE L* get the light outline: a dark outline would vanish
 * into them and do nothing for their edge. */
#define LINEUP_DARK_FILL_L 35.0

/* What a task asks of lineup_scene() (each number is a named margin of the task). */
typedef struct lineup_style {
    const shape_kind *kinds; /* the kinds drawn, each equally likely */
    int nkinds;
    double rmin;        /* smallest circumradius: the canvas grows wider rather than go below */
    double rmax;        /* largest circumradius (few objects) */
    double spread;      /* radii vary in [spread, 1] x the level's largest */
    double gap;         /* least horizontal space between neighbouring x extents */
    double edge;        /* least space between an object and the canvas edge */
    double max_slope;   /* see lineup_place() */
    double outline;     /* width of each object's outline */
    rgb outline_colour; /* its colour around a light fill */
    rgb outline_on_dark; /* its colour around a dark fill (L* < LINEUP_DARK_FILL_L) */
    double halo;        /* contrast is checked this far around each object's box */
    double min_de;      /* CIEDE2000 floor between a fill and the background around it */
    int min_free;       /* palette colours that must be usable at every object's place */
} lineup_style;

/* The canvas width a lineup of n objects needs (GEN_CANVAS or wider). */
int lineup_canvas_width(int n, const lineup_style *st, int canvas);
/* Draws n objects on a background into s, which is reset to
 * lineup_canvas_width() x its height; layout, background and colours each have
 * their own stream.  Returns 0, or -1 with a reason ("cannot ...") in why. */
int lineup_scene(scene *s, int n, const lineup_style *st, rng *layout, rng *bgr, rng *colours, char *why,
                 size_t whylen);

#endif
