/* SPDX-License-Identifier: MIT */
/* water_image: 2n shapes above the horizontal blue line, n of them reflected
 * below it in the second image (every point: triangles and pentagons come out
 * upside down); the record's water_image and num_objects are n, recomputed from
 * the scenes and from the rendered blobs (tests/line_check.h). */
#include "line_check.h"

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    return lc_check(s, p, msg, n, false, "water_image");
}

HARNESS_MAIN("water_image", check)
