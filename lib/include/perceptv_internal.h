/* perceptv_internal.h - what gen's own driver (common/program/run.c) uses of
 * libperceptv beyond the public header: not installed, not exported.
 *
 * gen TASK makes every sample with pv_make_scene_at (the public pv_make_scene
 * with the root seed given: --exclude's replacement attempts have roots of
 * their own, rng_attempt_seed) and reads the scenes it encodes as PNG files,
 * its annotations and --exclude's comparisons from pv_sample_scenes. */
#ifndef PERCEPTV_INTERNAL_H
#define PERCEPTV_INTERNAL_H

#include "perceptv.h"
#include "run.h"

int pv_make_scene_at(const pv_config *c, uint64_t root, int64_t file, int level, pv_sample *s, char *err,
                     size_t errlen);
/* The made sample's scenes and record fields (valid as pv_sample_record's text). */
const sample_out *pv_sample_scenes(const pv_sample *s);

#endif
