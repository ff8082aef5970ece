/* match_outline: exactly one lettered outline has the target's shape (measured by
 * our own IoU code), it is the record's letter, every other outline is clearly
 * different at any turn, and letters, frames and pixels are as drawn
 * (tests/match_check.h). */
#include "match_check.h"

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    return mk_check(s, p, msg, n, false);
}

HARNESS_MAIN("match_outline", check)
