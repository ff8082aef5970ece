/* SPDX-License-Identifier: MIT */
/* match_shadow: two strips of n rows, solid blue shapes and their upside-down
 * solid "shadows"; Gold_output = the rows of one kind, recomputed from the scenes
 * and from the rendered pixels alone (tests/row_check.h). */
#include "row_check.h"

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    return rc_check(s, p, msg, n, true);
}

HARNESS_MAIN("match_shadow", check)
