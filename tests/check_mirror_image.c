/* mirror_image: the second image is our own left-right reflection of the first,
 * exactly when the record says "yes"; a "no" differs in one clear change; every
 * shape is asymmetric; the default run is half "yes" at every level
 * (tests/mirror_check.h). */
#include "mirror_check.h"

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    return mc_check(s, p, msg, n, true, "mirror_image");
}

int main(void)
{
    int rc = harness_run("mirror_image", check, NULL, 0);
    return mirror_balance("mirror_image", "mirror_image") || rc;
}
