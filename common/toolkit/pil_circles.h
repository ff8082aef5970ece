/* SPDX-License-Identifier: MIT */
/* pil_circles.h - circles placed as the originals' Pillow scripts place them
 * (counting_circles, count_coloured_circles): radii first, then whole-pixel
 * centres, and the readability test gen adds on top.
 *
 * Contract:
 *  1. pil_circles_place draws n radii uniform in [rmin, rmax], then centres on
 *     whole pixels in the box that keeps the largest radius inside a w x h canvas,
 *     each at least (radius of the placed circle + largest radius) from every
 *     placed centre: the originals' rule.  It gives up (false) after `tries`
 *     candidate centres; every draw comes from r.
 *  2. pil_circles_readable is true when every two circles, drawn as Pillow draws
 *     an ellipse (half a pixel past the radius), keep `gap` px of background
 *     between them.
 */
#ifndef GEN_PIL_CIRCLES_H
#define GEN_PIL_CIRCLES_H

#include "rng.h"

#include <stdbool.h>

bool pil_circles_place(rng *r, int n, int rmin, int rmax, int w, int h, int tries, int *cx, int *cy, int *rad);
bool pil_circles_readable(int n, const int *cx, const int *cy, const int *rad, double half, double gap);

#endif
