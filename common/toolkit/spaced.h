/* spaced.h - n sizes (lengths, radii) that differ pairwise by a guaranteed margin.
 *
 * Contract:
 *  1. spaced_sizes() writes n values in ascending order, all within [lo, hi], each
 *     at least min_diff larger than the one before it AND at least min_ratio times
 *     it (min_ratio >= 1), so every pair, not only neighbours, keeps both margins.
 *  2. It draws exactly n random numbers and never retries.  The values are the
 *     tightest ladder m_0 = lo, m_{i+1} = max(m_i + min_diff, m_i * min_ratio),
 *     rung i scaled by exp(v_i) with v sorted uniform in [0, log(hi / m_{n-1})]:
 *     a rung scaled by at least the factor of the rung below keeps both margins.
 *  3. spaced_ladder_top() is m_{n-1}; n sizes fit in [lo, hi] iff it is <= hi, and
 *     spaced_sizes() returns -1 (writing nothing) when they do not.
 *  4. Pure functions of their arguments and the stream: safe from any thread.
 */
#ifndef GEN_SPACED_H
#define GEN_SPACED_H

#include "rng.h"

double spaced_ladder_top(int n, double lo, double min_diff, double min_ratio);
int spaced_sizes(rng *r, int n, double lo, double hi, double min_diff, double min_ratio, double *out);

#endif
