/* layers.h - a stack of overlapping shapes in which every layer keeps a clearly
 * visible part and the stacking order can be read off the picture (layered_colours,
 * layered_shapes).
 *
 * Contract:
 *  1. layers_place() puts n shapes (kinds given by the caller, bottom layer first)
 *     on a width x height canvas, each fully inside it with LAYER_CANVAS_MARGIN to
 *     spare.  layer_draw() adds one of them to a scene exactly as the measurement
 *     assumed: filled, with a LAYER_OUTLINE px dark outline; add them bottom first.
 *  2. The layout is measured as drawn, and layers_place() guarantees for the final
 *     layout:
 *       a. visible part: the largest connected visible piece of every layer, less a
 *          strip of LAYER_EDGE_LOSS px along its border (outlines, antialiasing),
 *          is at least min_fraction of the layer's own area and at least
 *          min_pixels px (measured on a raster of LAYER_CELL px cells, each cell
 *          taking the topmost shape over its centre; pieces join only through
 *          cells whose four neighbours are of the same layer);
 *       b. order: every layer above the bottom one visibly covers part of the
 *          layer just below: at least min_order_area px of it lie over that layer
 *          (on the raster, less the strip along its edge, with LAYER_AREA_MARGIN
 *          to spare), and its outline runs inside that layer, bordering the fill
 *          it covers, for at least min_order_edge px (by points along the outline
 *          that stay clear of every later layer, with LAYER_EDGE_MARGIN to spare).
 *          So the upper shape is seen cutting across the lower one, and the whole
 *          order follows link by link;
 *       c. with keep_corners: the kind of every shape can still be told.  A corner
 *          (the corner point, LAYER_CORNER_ARM px of both its sides and the space
 *          between) is seen when all of it is LAYER_CORNER_CLEAR px clear of the
 *          shapes above; a star (counting its five tips) or a hexagon keeps all its
 *          corners but two, every other polygon all but one, and a circle at
 *          least LAYER_RIM_VISIBLE of LAYER_RIM_POINTS points of its rim.
 *  3. Placement is bounded: a layer gets LAYER_TRIES tries, after which the
 *     LAYER_BACKTRACK layers below it are placed again; after LAYER_BUDGET tries in
 *     all layers_place() returns -1 (the caller turns that into gen_fail).  A try
 *     costs about ten microseconds, a sample of 20 layers about a millisecond.
 *  4. Apart from the rng it advances, it is a pure function; scratch memory is its
 *     own and freed before it returns.
 */
#ifndef GEN_LAYERS_H
#define GEN_LAYERS_H

#include "rng.h"
#include "scene.h"
#include "generator.h"
#include "shapes.h"

#include <stdbool.h>

/* Outline of every layer: a thin dark line keeps each edge visible even where two
 * colours are close, and shows which shape's edge runs on top. */
#define LAYER_OUTLINE 2.0
#define LAYER_OUTLINE_RGB ((rgb){30, 30, 30})
/* Every shape stays this far inside the canvas (outline included). */
#define LAYER_CANVAS_MARGIN 8.0
/* Raster cell of the visibility measurement (a 100x100 raster at 800 px): a try
 * stays around ten microseconds; the margins below absorb its rounding. */
#define LAYER_CELL 8.0
/* Border strip not counted as visible: half the outline, the outline of the shape
 * above and a pixel of antialiasing. */
#define LAYER_EDGE_LOSS 2.5
/* The order rule is checked with this much to spare: cells round a bite's area
 * (its border strip is taken off as well), and a bent edge measured along pixel
 * rows and columns, as tests/layers_check.h does, comes out up to 1/sqrt(2)
 * shorter than it is. */
#define LAYER_AREA_MARGIN 1.35
#define LAYER_EDGE_MARGIN 1.45
/* Corner points must be at least this far from any shape above (outline and
 * antialiasing of that shape, plus a clear gap): GEN_VIEW_MIN, so the gap is still
 * 3 px when the image is scaled to 448 px (tasks.md rule 12; it was 4 px, 2.2 px
 * there). */
#define LAYER_CORNER_CLEAR GEN_VIEW_MIN
/* How far along each side of a corner must stay uncovered: 10 px of both sides,
 * besides the corner itself, show the angle of the corner. */
#define LAYER_CORNER_ARM 10.0
/* A circle is read as a circle when two thirds of its rim can be seen. */
#define LAYER_RIM_POINTS 12
#define LAYER_RIM_VISIBLE 8
/* Tries for one layer before the LAYER_BACKTRACK layers below it move: enough to
 * find a spot in a crowded picture, few enough to leave a dead end quickly. */
#define LAYER_TRIES 20
#define LAYER_BACKTRACK 8
/* Tries in all: about 50 ms at worst, far more than any drawable level needs. */
#define LAYER_BUDGET 20000

typedef struct layer_rules {
    double min_fraction;   /* visible piece / own area, at least */
    double min_pixels;     /* visible piece in px, at least */
    double min_order_edge; /* px of each layer's edge visibly over the layer below */
    double min_order_area; /* px of each layer visibly over the layer below */
    bool keep_corners;     /* rule 2c */
    double rmin, rmax;     /* circumradius range */
    double max_rotation;   /* rotation uniform in [-max, max] radians */
} layer_rules;

typedef struct layer_shape {
    shape_kind kind;
    double x, y, r, rot;
} layer_shape;

/* Places n layers of the given kinds (kinds[0] is the bottom); fills out[0..n-1].
 * Returns 0, or -1 when the budget is spent. */
int layers_place(rng *r, int width, int height, int n, const shape_kind *kinds, const layer_rules *rules,
                 layer_shape *out);

/* Adds a layer to s as layers_place() assumed it is drawn (fill and outline). */
prim *layer_draw(scene *s, const layer_shape *l, rgb fill);

/* The whole stack of a layered task: n layers (n <= PALETTE_SIZE) of kinds drawn
 * from kinds[0..nkinds) (stream "kinds"), placed under rules (ctx->rng), each in
 * its own palette colour (stream "colours"), drawn bottom first into
 * ctx->img[0] with layer and object = index.  l[i] and colour[i] (a palette
 * index) describe layer i from the bottom.  Returns GEN_EXIT_OK or gen_fail(). */
int layers_sample(gen_ctx *ctx, const layer_rules *rules, const shape_kind *kinds, int nkinds, layer_shape *l,
                  int *colour);
/* Refuses more layers than the palette has colours (the check_level of both
 * layered tasks). */
int layers_check_level(const gen_params *p, char *err, size_t errlen);

#endif
