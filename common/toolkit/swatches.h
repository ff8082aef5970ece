/* swatches.h - the colour reference strip: every palette colour as a patch with
 * its name, in palette order.
 *
 * Contract:
 *  1. The strip is SWATCH_ROWS rows of patches across the full canvas width; each
 *     patch is a filled square with a thin grey outline (so pale colours keep an
 *     edge) and the colour's name centred below it in the bundled font.
 *  2. swatch_strip_append() grows a scene downwards by swatch_strip_height() and
 *     draws the strip there; the scene above is unchanged.
 *  3. swatch_strip_scene() makes the strip alone: the task directory's swatches.png.
 */
#ifndef GEN_SWATCHES_H
#define GEN_SWATCHES_H

#include "scene.h"

/* Two rows of ten: patches stay large enough to judge a colour at 800 px wide. */
#define SWATCH_ROWS 2

int swatch_strip_height(int width);
void swatch_strip_draw(scene *s, double top);
void swatch_strip_append(scene *s);
void swatch_strip_scene(scene *s, int width);

#endif
