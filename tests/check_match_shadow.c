/* match_shadow: exactly one lettered silhouette has the object's shape (measured by
 * our own IoU code), it is the record's letter, every other silhouette is clearly
 * different at any turn, the object's spots stay inside it, and letters, frames and
 * pixels are as drawn (tests/match_check.h). */
#include "match_check.h"

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    return mk_check(s, p, msg, n, true);
}

HARNESS_MAIN("match_shadow", check)
