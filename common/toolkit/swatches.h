/* SPDX-License-Identifier: MIT */
/* swatches.h - the colour reference strip: Percept-V's swatches.png, drawn.
 *
 * Contract:
 *  1. The strip is the original's (its swatches.py: a 6x2-inch matplotlib figure
 *     saved with a tight bounding box): SWATCH_WIDTH x SWATCH_HEIGHT pixels, white,
 *     a title across the top, a framed bar of the 20 palette colours side by side
 *     in palette order, a tick under each bar and each colour's name below it,
 *     turned to read upwards; text in the bundled font at matplotlib's sizes.
 *     Pixel for pixel the original's swatches.png as Debian's matplotlib 3.6 draws
 *     it (tests/same_scene.py): the frame and ticks are EDGES_MPL spines and tick
 *     markers, the turned names resampled as draw_text_image resamples them.
 *  2. swatch_strip_append() grows a scene SWATCH_WIDTH wide downwards by
 *     SWATCH_HEIGHT and draws the strip there; the scene above is unchanged (the
 *     originals stack the strip under the scene, both resized to the wider width:
 *     their scenes are narrower, so the strip keeps its size).
 *  3. swatch_strip_scene() makes the strip alone: the task directory's swatches.png.
 *  4. The bars are primitives of kind "swatch" with the colour's palette name.
 */
#ifndef GEN_SWATCHES_H
#define GEN_SWATCHES_H

#include "scene.h"

/* The original swatches.png: 489x274 (measured; its script draws it at 100 dpi). */
#define SWATCH_WIDTH 489
#define SWATCH_HEIGHT 274

/* Where the colour bar lies in the strip (matplotlib's axes box, measured). */
#define SWATCH_BAR_X0 14.86
#define SWATCH_BAR_X1 479.86
#define SWATCH_BAR_Y0 30.33
#define SWATCH_BAR_Y1 184.33

void swatch_strip_draw(scene *s, double top);
void swatch_strip_append(scene *s);
void swatch_strip_scene(scene *s);

#endif
