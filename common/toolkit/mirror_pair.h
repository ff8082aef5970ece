/* mirror_pair.h - the pair of mirror_image and water_image: a scene of asymmetric
 * shapes and its reflection, in about half the samples with one object changed.
 *
 * Contract:
 *  1. The first image holds n objects (n = the level), each a polygon whose kind is
 *     one of MIRROR_KINDS, in a palette colour, pairwise MIRROR_GAP apart, with no
 *     axis of mirror symmetry (MIRROR_SELF_MAX) and visibly different from its own
 *     reflection at the orientation drawn (MIRROR_FLIP_MAX).  Primitive i is
 *     object i.
 *  2. The second image is scene_copy() of the first, reflected by scene_mirror_x()
 *     (left-right) or scene_mirror_y() (top-bottom).  When the answer is "no" one
 *     change follows (mirror_change): an object moved at least MIRROR_MOVE_MIN px
 *     and clear of its reflected place, recoloured to a colour at least
 *     MIRROR_RECOLOUR_DE from its own, swapped in place with an object of a clearly
 *     different colour, or left unreflected (reflected back about its centroid).
 *  3. The answer is balanced: files 2k-1 and 2k (k >= 1) get opposite answers, which
 *     of the two is "yes" drawn from a stream of (seed, task, k).  A run whose levels
 *     each start on an odd file and hold an even number of samples (the default:
 *     200 samples from file 1, 10 per level) is exactly half "yes" at every level.
 *  4. The record gets num_objects = n and <answer_field> = "yes" / "no".
 */
#ifndef GEN_MIRROR_PAIR_H
#define GEN_MIRROR_PAIR_H

#include "generator.h"

#include <stdbool.h>

/* Objects at least this far apart edge to edge (of their circumscribed discs), and
 * from the canvas border: a white gap that keeps shapes apart at half size. */
#define MIRROR_GAP 12.0
/* Largest object's circumradius: a few large shapes at low levels, not one giant. */
#define MIRROR_RMAX 120.0
/* Smallest circumradius: below 20 px an L or a flag is too small to tell from its
 * mirror image at a glance. */
#define MIRROR_RMIN_FLOOR 20.0
/* Share of the canvas the objects' circumscribed discs cover at most. */
#define MIRROR_COVERAGE 0.35
/* Circumradii vary by up to this factor within one image. */
#define MIRROR_SIZE_SPREAD 1.5
/* No axis of symmetry: every shape's IoU with its own mirror image, at the best of
 * all turns (any axis through its centroid), is below this. */
#define MIRROR_SELF_MAX 0.82
/* At the orientation drawn, a shape and its reflection across the task's axis
 * (through its centroid) overlap by at most this IoU: an unreflected object
 * differs from the reflected one in a third of its area or more. */
#define MIRROR_FLIP_MAX 0.65
/* A moved object travels at least this far, and at least its own diameter plus
 * MIRROR_GAP, so it is wholly clear of the place it should have. */
#define MIRROR_MOVE_MIN 80.0
/* A recoloured object (and the two objects of a swap) differ in colour by at least
 * this CIEDE2000: twice the palette's floor, unmistakable side by side. */
#define MIRROR_RECOLOUR_DE 30.0

typedef enum mirror_change {
    MIRROR_NONE,
    MIRROR_MOVED,
    MIRROR_RECOLOURED,
    MIRROR_SWAPPED,
    MIRROR_UNREFLECTED
} mirror_change;

/* The kinds of shape drawn (primitive kind strings). */
#define MIRROR_KIND_COUNT 4
extern const char *const MIRROR_KINDS[MIRROR_KIND_COUNT];

/* The answer of file `file`: true for "yes" (see contract 3). */
bool mirror_answer_yes(uint64_t seed, const char *task, long file);
/* Fills ctx->img[0], img[1] and the record; left_right chooses the axis. */
int mirror_pair_sample(gen_ctx *ctx, bool left_right, const char *answer_field);
/* Refuses levels whose objects would be smaller than MIRROR_RMIN_FLOOR. */
int mirror_pair_check_level(const gen_params *p, char *err, size_t errlen);

#endif
