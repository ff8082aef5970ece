/* SPDX-License-Identifier: MIT */
/* backgrounds.h - procedural background pictures made of primitives, and the
 * palette colours that stay clearly visible on them.
 *
 * The release drew list_colours and list_shapes over photographs it never
 * published (background_image/bg_1..bg_10.png).  Here each sample makes its own
 * picture from its own random stream.
 *
 * Contract:
 *  1. background_draw() covers `area` of a scene completely with one picture: a
 *     linear or radial gradient, soft blobs, stripes or waves, often overlaid with
 *     a texture of many small dots and dashes.  It appends only primitives of kind
 *     BG_KIND (object -1, layer 0), at most BG_MAX_PRIMS of them, every one inside
 *     `area` (polygons are clipped to it), so nothing leaks outside.
 *  2. Every colour a background primitive uses is recorded in bg->colours, and
 *     bg->boxes[i] bounds the i-th background primitive.
 *  3. background_far() tells which palette colours are at least bg->min_de
 *     (CIEDE2000) from every background colour whose primitive overlaps a box, and
 *     from every colour of the texture wherever the box is (specks are all over
 *     the picture, so no object shares a colour with them): an object of such a
 *     colour inside that box stands out from everything behind and around it.
 *  4. background_draw() keeps drawing new pictures (a bounded number of times, from
 *     the same stream) until every `keep` box has at least `min_free` such colours;
 *     it returns -1 when none of BG_TRIES pictures did, and the scene is then as it
 *     was before the call.
 *  5. Pure functions of the stream: same stream, same picture.
 */
#ifndef GEN_BACKGROUNDS_H
#define GEN_BACKGROUNDS_H

#include "palette.h"
#include "rng.h"
#include "scene.h"

#include <stdbool.h>
#include <stdint.h>

/* An upright box: x0..x1, y0..y1 in pixels. */
typedef struct box {
    double x0, y0, x1, y1;
} box;

/* The kind of every background primitive (checks skip these). */
#define BG_KIND "background"
/* Most primitives one picture uses: enough for a 48-band gradient under a
 * texture of ~300 specks, few enough that drawing stays well under a millisecond. */
#define BG_MAX_PRIMS 400
/* Most distinct colours one picture uses (gradient bands, blob rings, texture). */
#define BG_MAX_COLOURS 128
/* Pictures tried before background_draw() gives up. */
#define BG_TRIES 12
/* A circle that may need clipping is drawn as a circumscribed polygon of this many
 * vertices: its corners stay within 0.2% of the radius of the true circle. */
#define BG_CIRCLE_VERTS 64

typedef struct background {
    box area;
    double min_de;                   /* the contrast floor background_far() applies */
    const char *style;               /* "linear gradient", "stripes", ... (static) */
    bool textured;                   /* a texture of small specks lies on top */
    int texture_from;                /* the specks are primitives texture_from.. */
    int first_prim, nprims;          /* the picture's primitives in the scene */
    box boxes[BG_MAX_PRIMS];         /* bounding box of each */
    uint8_t colour_of[BG_MAX_PRIMS]; /* index into colours of each */
    int ncolours;
    rgb colours[BG_MAX_COLOURS];
    uint32_t far[BG_MAX_COLOURS];       /* palette colours known to be far from each colour */
    uint32_t far_known[BG_MAX_COLOURS]; /* palette colours checked against it so far */
    double lab[BG_MAX_COLOURS][3];      /* CIELAB of each (once far_known is not 0) */
    double palette_lab[PALETTE_SIZE][3];
    /* Working space of background_draw(). */
    point unit[BG_CIRCLE_VERTS];                      /* unit vectors of a circle's polygon */
} background;

/* Draws a picture into area (see the contract); returns 0 or -1. */
int background_draw(scene *s, const box *area, rng *r, double min_de, const box *keep, int nkeep, int min_free,
                    background *bg);

/* Bitmask (bit i = PALETTE[i]) of the palette colours at least bg->min_de from
 * every background colour whose primitive's box overlaps b. */
uint32_t background_far(background *bg, const box *b);

#endif
