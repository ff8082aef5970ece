/* SPDX-License-Identifier: MIT */
/* colour.h - sRGB to CIE Lab and the CIEDE2000 colour difference.
 *
 * Contract:
 *  1. srgb_to_lab() decodes 8-bit sRGB with the IEC 61966-2-1 transfer curve, maps
 *     it to XYZ with the sRGB (D65) matrix and to CIE L*a*b* relative to the D65
 *     white, so white is (100, 0, 0) up to rounding.
 *  2. ciede2000_lab() is the Sharma, Wu and Dalal (2005) formulation with
 *     kL = kC = kH = 1; it reproduces their 34 test pairs to 4 decimals (tested in
 *     tests/test_palette.c).
 *  3. Both differences are symmetric and zero for identical inputs; all functions
 *     are pure (no state, safe from any thread).
 */
#ifndef GEN_COLOUR_H
#define GEN_COLOUR_H

#include "scene.h"

#include <stdbool.h>

/* lab[0] = L* (0..100), lab[1] = a*, lab[2] = b*. */
void   srgb_to_lab(rgb c, double lab[3]);
double ciede2000_lab(const double lab1[3], const double lab2[3]);
/* CIEDE2000 between two 8-bit sRGB colours. */
double ciede2000(rgb a, rgb b);
/* Whether ciede2000_lab(lab1, lab2) >= de: the same answer, often without working
 * it out (the lightness term alone is a lower bound of the whole). */
bool ciede2000_at_least(const double lab1[3], const double lab2[3], double de);

#endif
