/* SPDX-License-Identifier: MIT */
/* scene.h - what a sample draws, as a list of primitives with meaning.
 *
 * Contract:
 *  1. A generator never draws: it fills a scene, and render.c draws every scene
 *     the same way.  Pairs (mirrored, recoloured, thinned) are two scenes made by
 *     transforming one (scene_copy + edits, scene_mirror_x / scene_mirror_y).
 *  2. Primitives are drawn in list order (later on top).  `layer` and `object`
 *     carry meaning only (for answers, annotations and pixel checks).
 *  3. Coordinates are canvas pixels, origin top-left, y down.
 *  4. A scene owns its memory; scene_reset() keeps capacity so a worker thread
 *     reuses one scene for every sample it makes.
 *  5. Strings stored in a primitive (kind, colour_name) must be static; the label
 *     is copied into the primitive.
 */
#ifndef GEN_SCENE_H
#define GEN_SCENE_H

#include <stdbool.h>
#include <stdint.h>

typedef struct rgb {
    uint8_t r, g, b;
} rgb;

#define RGB_WHITE ((rgb){255, 255, 255})
#define RGB_BLACK ((rgb){0, 0, 0})

typedef enum prim_type {
    PRIM_CIRCLE,   /* x, y centre; r radius */
    PRIM_RECT,     /* x, y top-left; w, h size; angle radians about its centre */
    PRIM_POLYGON,  /* npts points (closed) */
    PRIM_POLYLINE, /* npts points (open); drawn with stroke only */
    PRIM_TEXT      /* label centred on x, y; font_size pixels (em size); turned by angle
                      radians about x, y (-M_PI / 2 reads upwards) */
} prim_type;

/* How the edges of a primitive (its fill and its outline) are smoothed
 * (antialiased).  Coarser is faster. */
typedef enum prim_edges {
    EDGES_SMOOTH, /* Cairo's default: 256 x 15 coverage samples a pixel (matplotlib's
                     look) */
    EDGES_FAST,   /* 4 x 4 samples: half the cost, still smooth at a glance
                     (backgrounds) */
    EDGES_HARD,   /* none (a third of the cost): Pillow's look for lines, and
                     steps of a gradient */
    EDGES_PILLOW, /* none, and the very pixels Pillow 9.4's ImageDraw sets for the
                     original's integer coordinates (pil_raster.h): a circle over
                     the whole-pixel box (x - r, y - r)..(x + r, y + r) is Pillow's
                     ellipse over its inclusive box, an upright rectangle likewise;
                     a polygon's points are the original's vertices + 0.5 (pixel
                     centres), truncated back as Pillow does; upright text is in
                     Pillow's default bitmap font (pil_font.h), its ink box
                     centred on x, y.  Drawn so at scale 1; at another scale,
                     as EDGES_HARD (text in the bundled font) */
    EDGES_AGG,    /* a filled upright rectangle without outline, each pixel
                     covered as matplotlib's Agg rasterizer covers it (edges at
                     1/256 px, coverage exact) and blended as Agg blends: the
                     axis-aligned lines of the matplotlib originals (a 1.5 pt line
                     is 2.08 px: two full rows and a faint fringe each side) */
    EDGES_MPL     /* the very pixels matplotlib 3.6's Agg backend draws for the
                     patch or line (agg.h): a circle is matplotlib's unit circle of
                     Beziers scaled by r about (x, y); a polygon, polyline or upright
                     rectangle its vertices; the face filled, then the stroke
                     (stroke_width px) with the primitive's mpl_join, mpl_cap and
                     mpl_snap, clipped to the scene's axes box if mpl_clip; drawn
                     so at any scale, exact at scale 1 */
} prim_edges;

/* The font of a text primitive (font.h).  FONT_LIBERATION: Liberation Sans drawn
 * by Cairo, the label's ink box centred on (x, y) (the Pillow tasks' Arial).
 * FONT_DEJAVU, FONT_DEJAVU_BOLD: matplotlib's default font drawn as matplotlib's
 * Agg backend draws it, (x, y) the text's anchor, aligned by halign and valign
 * as matplotlib's ha and va.  FONT_PIL: Liberation Sans drawn as Pillow's
 * ImageDraw.text draws ImageFont.truetype("arial.ttf") text (font.h contract 5):
 * (x, y) the position given to draw.text, font_size its whole size in px, halign
 * and valign its anchor (ALIGN_LEFT 'l', ALIGN_CENTER 'm', ALIGN_RIGHT 'r';
 * ALIGN_TOP 'a' (the ascender), ALIGN_CENTER 'm', ALIGN_BASELINE 's',
 * ALIGN_BOTTOM 'd'), so Pillow's default anchor "la" is ALIGN_LEFT, ALIGN_TOP. */
typedef enum text_font { FONT_LIBERATION, FONT_DEJAVU, FONT_DEJAVU_BOLD, FONT_PIL } text_font;
/* matplotlib's ha (ALIGN_LEFT, ALIGN_CENTER, ALIGN_RIGHT) and va (ALIGN_TOP,
 * ALIGN_CENTER, ALIGN_BASELINE, ALIGN_BOTTOM, ALIGN_CENTER_BASELINE). */
typedef enum text_align {
    ALIGN_CENTER,
    ALIGN_LEFT,
    ALIGN_RIGHT,
    ALIGN_TOP,
    ALIGN_BOTTOM,
    ALIGN_BASELINE,
    ALIGN_CENTER_BASELINE
} text_align;

/* An EDGES_MPL primitive's stroke as matplotlib hands it to Agg (agg.h): the join
 * ('miter' is Agg's miter_join_revert, a bevel past the miter limit), the cap
 * ('projecting' is Agg's square cap) and the snap mode (None, False, True). */
enum { AGG_JOIN_MITER = 1, AGG_JOIN_ROUND = 2, AGG_JOIN_BEVEL = 3 };
enum { AGG_CAP_BUTT = 0, AGG_CAP_SQUARE = 1, AGG_CAP_ROUND = 2 };
enum { AGG_SNAP_AUTO = 0, AGG_SNAP_FALSE = 1, AGG_SNAP_TRUE = 2 };

typedef struct point {
    double x, y;
} point;

typedef struct prim {
    prim_type type;
    const char *kind;        /* meaning: "circle", "square", "wall", "label"... (static) */
    const char *colour_name; /* palette name of the fill, or NULL (static) */
    int layer;               /* stacking meaning, 0 = bottom; for answers only */
    int object;              /* which counted object this belongs to, -1 for none */
    bool filled;
    rgb fill;
    double stroke_width;     /* 0 = no outline */
    rgb stroke;
    bool round_caps;         /* polylines: round caps and joins instead of butt/miter */
    prim_edges edges;        /* how a fill's edges are smoothed (EDGES_SMOOTH by default) */
    double x, y, r, w, h, angle;
    int first_pt, npts;      /* into scene.pts */
    double font_size;
    uint8_t mpl_join, mpl_cap, mpl_snap; /* EDGES_MPL: agg.h's AGG_JOIN_*, AGG_CAP_*, AGG_SNAP_* */
    bool mpl_clip;           /* EDGES_MPL: clipped to the scene's axes box */
    bool mpl_marker;         /* EDGES_MPL circle or polyline: a marker stamped as
                                draw_markers stamps it at the whole pixel holding
                                (x, y) (a pixel centre): a circle is marker 'o'
                                (matplotlib's unit circle halved, then scaled by
                                2r), a polyline's points are the marker's path
                                about the stamp's corner (canvas px, y down) */
    bool mpl_y_down;         /* EDGES_MPL circle (not a marker): the axes' y runs down
                                (an inverted ylim, as imshow sets it), so Agg's
                                flip leaves the unit circle's y unmirrored */
    uint8_t font;            /* text_font (FONT_LIBERATION by default) */
    uint8_t halign, valign;  /* text_align, matplotlib and Pillow text only (centre by default) */
    char label[40];
} prim;

typedef struct strbuf strbuf;

typedef struct scene {
    int width, height;
    rgb background;
    prim *prims;
    int nprims, cap_prims;
    point *pts;
    int npts, cap_pts;
    int clip_x0, clip_y0, clip_x1, clip_y1; /* the axes box EDGES_MPL primitives with
                                               mpl_clip are clipped to, whole pixels
                                               [x0, x1) x [y0, y1) */
    strbuf *desc; /* NULL, or where scene_describe writes (tests/same_scene.c) */
    int stretch_n, stretch_w, stretch_h; /* when stretch_n > 0: the first stretch_n
                                            primitives are a picture of stretch_w x
                                            stretch_h px drawn on its own, then
                                            resized to width x stretch_h at the top
                                            as cv2.resize (INTER_LINEAR) resizes it */
} scene;

void scene_init(scene *s, int width, int height);
void scene_reset(scene *s, int width, int height); /* empties, keeps memory */
void scene_free(scene *s);
/* dst becomes a deep copy of src (dst must be initialised). */
void scene_copy(scene *dst, const scene *src);

/* Each adder returns the new primitive (valid until the next add) with defaults:
 * filled with `fill`, no stroke, layer 0, object -1. */
prim *scene_circle(scene *s, double x, double y, double r, rgb fill);
prim *scene_rect(scene *s, double x, double y, double w, double h, rgb fill);
prim *scene_polygon(scene *s, const point *pts, int n, rgb fill);
prim *scene_polyline(scene *s, const point *pts, int n, double width, rgb colour);
prim *scene_line(scene *s, double x0, double y0, double x1, double y1, double width, rgb colour);
/* An axis-aligned matplotlib line as Agg draws it: the box [x0, x1] x [y0, y1]
 * (the stroke, caps included, as clipped) filled with EDGES_AGG, kind "line". */
prim *scene_agg_box(scene *s, double x0, double y0, double x1, double y1, rgb colour);
prim *scene_text(scene *s, double x, double y, double font_size, const char *text, rgb colour);
/* matplotlib text: `pt` points (font_size pt x 100/72 px) in font f, anchored at
 * (x, y) with alignment ha, va. */
prim *scene_mpl_text(scene *s, double x, double y, double pt, const char *text, rgb colour, text_font f, text_align ha,
                     text_align va);
/* Pillow text (FONT_PIL): draw.text((x, y), text, font=arial.ttf at `size` px,
 * anchor = ha, va as text_font says). */
prim *scene_pil_text(scene *s, double x, double y, int size, const char *text, rgb colour, text_align ha,
                     text_align va);
/* Makes p a matplotlib patch or line drawn by agg.h (EDGES_MPL): its stroke
 * `width` px in `colour` (0: none), Agg's join, cap and snap mode, clipped to the
 * scene's axes box or not. */
void prim_mpl(prim *p, double width, rgb colour, int join, int cap, int snap, bool clip);
/* The scene's axes box (whole pixels, [x0, x1) x [y0, y1)). */
void scene_set_clip(scene *s, int x0, int y0, int x1, int y1);
/* Marks the primitives added so far as a picture of w x h px to be stretched
 * across the scene's width by cv2.resize's bilinear (render.h). */
void scene_stretch(scene *s, int w, int h);
/* Appends a line to the scene's description in the original's coordinates (the
 * matplotlib, Pillow or cv2 calls the original script makes for it), if s->desc
 * is set: tests/same_scene.py draws the scene again from it with the original's
 * library and compares.  A reset empties it; a copy copies it. */
void scene_describe(scene *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* An outline only: turns p into an unfilled shape with a stroke. */
void prim_outline(prim *p, double width, rgb colour);

static inline point *prim_points(const scene *s, const prim *p) { return s->pts + p->first_pt; }

/* Mirror every primitive left-right (x -> width - x) or top-bottom.  Text keeps
 * reading left to right: only its position moves. */
void scene_mirror_x(scene *s);
void scene_mirror_y(scene *s);

/* Axis-aligned bounding box of a primitive in pixels (stroke included; text uses
 * the font's measured extents). */
void prim_bbox(const scene *s, const prim *p, double *x0, double *y0, double *x1, double *y1);

#endif
