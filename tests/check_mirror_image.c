/* SPDX-License-Identifier: MIT */
/* mirror_image: 2n shapes left of the vertical blue line, n of them mirrored to
 * its right in the second image; the record's mirror_image and num_objects are n,
 * recomputed from the scenes and from the rendered blobs (tests/line_check.h). */
#include "line_check.h"

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    return lc_check(s, p, msg, n, true, "mirror_image");
}

HARNESS_MAIN("mirror_image", check)
