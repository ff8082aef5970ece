#include "spaced.h"

#include <math.h>

/* The next rung of the tightest ladder above m. */
static double next_rung(double m, double min_diff, double min_ratio)
{
    return fmax(m + min_diff, m * min_ratio);
}

double spaced_ladder_top(int n, double lo, double min_diff, double min_ratio)
{
    double m = lo;
    for (int i = 1; i < n; i++)
        m = next_rung(m, min_diff, min_ratio);
    return m;
}

int spaced_sizes(rng *r, int n, double lo, double hi, double min_diff, double min_ratio, double *out)
{
    if (n < 1)
        return 0;
    double top = spaced_ladder_top(n, lo, min_diff, min_ratio);
    if (top > hi)
        return -1;
    double span = log(hi / top);
    /* out[] first holds the sorted exponents v (insertion sort: n is small). */
    for (int i = 0; i < n; i++) {
        double v = rng_uniform(r, 0.0, span);
        int j = i;
        for (; j > 0 && out[j - 1] > v; j--)
            out[j] = out[j - 1];
        out[j] = v;
    }
    double m = lo;
    for (int i = 0; i < n; i++) {
        out[i] = fmin(hi, m * exp(out[i]));
        m = next_rung(m, min_diff, min_ratio);
    }
    return 0;
}
