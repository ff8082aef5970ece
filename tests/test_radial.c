/* test_radial.c - the fast radial signature and likeness (blob.c) give the same
 * bits as their plain forms.
 *
 * blob.c computes radial_signature() and radial_likeness() with shortcuts that must
 * not change a single bit (match_shadow, match_outline and mirror_image decide on
 * these numbers): an angle wrap without remainder() where the answer is plain,
 * ceil and floor without library calls, ray directions made once, and four shifts
 * of the likeness summed side by side.  This test keeps the plain forms below
 * (remainder(), ceil(), floor(), '%', one shift at a time) and compares both bit
 * for bit on random blobs, smoothed blobs, turned and mirrored ones, regular
 * polygons whose vertices fall exactly on the rays, and random point sets (mostly
 * not star-shaped, whose angles wind far: the wrap's fallback).
 *
 * Exit status 0 when every check passes; ends with "test_radial: N passed, M failed".
 */
#include "blob.h"
#include "testlib.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

/* Random shapes of each family: enough to reach every branch many times, few
 * enough to run in well under a second. */
#define SHAPES 2000
/* Likeness is compared on this many pairs of valid signatures. */
#define PAIRS 3000

/* ---- the plain forms -------------------------------------------------------- */

static bool plain_signature(const point *p, int n, double *rho)
{
    if (n < 3 || n > BLOB_MAX_POINTS)
        return false;
    point c = poly_centroid(p, n);
    double th[BLOB_MAX_POINTS + 1];
    th[0] = atan2(p[0].y - c.y, p[0].x - c.x);
    for (int i = 1; i <= n; i++) {
        const point *q = &p[i % n];
        th[i] = th[i - 1] + remainder(atan2(q->y - c.y, q->x - c.x) - th[i - 1], 2 * M_PI);
    }
    double total = th[n] - th[0], sign = total > 0 ? 1 : -1;
    if (fabs(fabs(total) - 2 * M_PI) > 1e-6)
        return false;
    for (int i = 0; i < n; i++)
        if ((th[i + 1] - th[i]) * sign <= 0)
            return false;
    const double step = 2 * M_PI / RADIAL_SAMPLES;
    double cs[RADIAL_SAMPLES], sn[RADIAL_SAMPLES], c1 = cos(step), s1 = sin(step);
    for (int k = 0; k < RADIAL_SAMPLES; k++) {
        if (k % (RADIAL_SAMPLES / 4) == 0) {
            int q = k / (RADIAL_SAMPLES / 4);
            cs[k] = q == 0 ? 1 : q == 2 ? -1 : 0;
            sn[k] = q == 1 ? 1 : q == 3 ? -1 : 0;
        } else {
            cs[k] = cs[k - 1] * c1 - sn[k - 1] * s1;
            sn[k] = sn[k - 1] * c1 + cs[k - 1] * s1;
        }
        rho[k] = -1;
    }
    for (int i = 0; i < n; i++) {
        double lo = fmin(th[i], th[i + 1]), hi = fmax(th[i], th[i + 1]);
        point a = p[i], b = p[(i + 1) % n];
        for (long k = (long)ceil(lo / step); k <= (long)floor(hi / step); k++) {
            long idx = ((k % RADIAL_SAMPLES) + RADIAL_SAMPLES) % RADIAL_SAMPLES;
            double dx = cs[idx], dy = sn[idx];
            double ex = b.x - a.x, ey = b.y - a.y;
            double den = dx * ey - dy * ex;
            double t = fabs(den) < 1e-15 ? 0 : (dx * (c.y - a.y) - dy * (c.x - a.x)) / den;
            t = t < 0 ? 0 : t > 1 ? 1 : t;
            double px = a.x + t * ex - c.x, py = a.y + t * ey - c.y;
            rho[idx] = sqrt(px * px + py * py);
        }
    }
    double sum = 0;
    for (int k = 0; k < RADIAL_SAMPLES; k++) {
        if (rho[k] < 0)
            return false;
        sum += rho[k] * rho[k];
    }
    double s = 1 / sqrt(sum);
    for (int k = 0; k < RADIAL_SAMPLES; k++)
        rho[k] *= s;
    return true;
}

static double plain_overlap(const double *a2, const double *b2, double stop)
{
    double best = 0;
    for (int s = 0; s < RADIAL_SAMPLES && best < stop; s++) {
        double in[4] = {0, 0, 0, 0};
        for (int k = 0; k < RADIAL_SAMPLES; k += 4)
            for (int j = 0; j < 4; j++)
                in[j] += a2[k + j] < b2[k + j + s] ? a2[k + j] : b2[k + j + s];
        double sum = (in[0] + in[1]) + (in[2] + in[3]);
        best = sum > best ? sum : best;
    }
    return best;
}

static void plain_squares(const double *rho, bool mirror, double *out, int copies)
{
    for (int k = 0; k < RADIAL_SAMPLES; k++) {
        double v = mirror ? rho[(RADIAL_SAMPLES / 2 - k + RADIAL_SAMPLES) % RADIAL_SAMPLES] : rho[k];
        for (int c = 0; c < copies; c++)
            out[k + c * RADIAL_SAMPLES] = v * v;
    }
}

static double plain_stop(double stop_at) { return stop_at >= 1 ? INFINITY : 2 * stop_at / (1 + stop_at); }

static double plain_likeness(const double *a, const double *b, bool with_mirror, double stop_at)
{
    double a2[RADIAL_SAMPLES], b2[2 * RADIAL_SAMPLES], in = 0, stop = plain_stop(stop_at);
    plain_squares(a, false, a2, 1);
    for (int m = 0; m <= (with_mirror ? 1 : 0) && in < stop; m++) {
        plain_squares(b, m, b2, 2);
        in = fmax(in, plain_overlap(a2, b2, stop));
    }
    return in / (2 - in);
}

static double plain_mirror_likeness(const double *a, double stop_at)
{
    double a2[RADIAL_SAMPLES], m2[2 * RADIAL_SAMPLES];
    plain_squares(a, false, a2, 1);
    plain_squares(a, true, m2, 2);
    double in = plain_overlap(a2, m2, plain_stop(stop_at));
    return in / (2 - in);
}

/* ---- the comparison ----------------------------------------------------------- */

static bool same_bits(const double *a, const double *b, int n) { return memcmp(a, b, sizeof *a * (size_t)n) == 0; }

/* Signatures kept for the likeness pairs. */
static double kept[4 * SHAPES][RADIAL_SAMPLES];
static int nkept;

/* Compares the signature of p both ways; keeps it when valid.  Returns whether it
 * was valid. */
static bool compare_signature(const point *p, int n, const char *family, int i)
{
    double fast[RADIAL_SAMPLES], plain[RADIAL_SAMPLES];
    bool f = radial_signature(p, n, fast), g = plain_signature(p, n, plain);
    CHECK(f == g, "%s %d: radial_signature says %d, the plain form %d", family, i, f, g);
    if (f && g) {
        CHECK(same_bits(fast, plain, RADIAL_SAMPLES), "%s %d: signatures differ", family, i);
        if (nkept < 4 * SHAPES)
            memcpy(kept[nkept++], fast, sizeof fast);
    }
    return f && g;
}

int main(void)
{
    rng r;
    pcg32_seed(&r, 20261130, 11);
    point ctl[BLOB_MAX_POINTS], p[BLOB_MAX_POINTS], q[BLOB_MAX_POINTS];
    int valid = 0;

    /* Blobs as the tasks make them, raw and smoothed, turned, moved and mirrored. */
    for (int i = 0; i < SHAPES; i++) {
        int n = blob_random(&r, 3, 12, rng_uniform(&r, 0.1, 0.6), ctl);
        int passes = (int)rng_below(&r, 5);
        int m = passes ? blob_smooth(ctl, n, passes, p, BLOB_MAX_POINTS) : n;
        if (!passes)
            memcpy(p, ctl, sizeof *p * (size_t)n);
        valid += compare_signature(p, m, "blob", i);
        poly_place(p, m, rng_uniform(&r, -300, 300), rng_uniform(&r, -300, 300), rng_uniform(&r, 0.5, 400),
                   rng_uniform(&r, -7, 7), rng_below(&r, 2), q);
        valid += compare_signature(q, m, "placed blob", i);
    }
    /* Regular polygons turned by whole ray steps: vertices exactly on the rays,
     * angles exactly at +-pi (the boundaries of every shortcut). */
    for (int n = 3; n <= 24; n++)
        for (int turn = 0; turn < RADIAL_SAMPLES; turn += 7) {
            for (int v = 0; v < n; v++) {
                double a = 2 * M_PI * v / n + 2 * M_PI * turn / RADIAL_SAMPLES;
                p[v] = (point){cos(a), sin(a)};
            }
            valid += compare_signature(p, n, "regular", n * 1000 + turn);
        }
    /* Random point sets: mostly not star-shaped; their unwrapped angles wander
     * several turns, which takes the wrap past its plain range. */
    for (int i = 0; i < SHAPES; i++) {
        int n = rng_int(&r, 3, 40);
        for (int v = 0; v < n; v++)
            p[v] = (point){rng_uniform(&r, -1, 1), rng_uniform(&r, -1, 1)};
        compare_signature(p, n, "scatter", i);
    }
    CHECK(valid > SHAPES, "only %d valid signatures", valid);

    /* Likeness of pairs and of mirror images, at the limits the tasks pass and at
     * 1 (no early stop). */
    const double stops[] = {0.5, 0.75, 0.9, 1.0};
    for (int i = 0; i < PAIRS && nkept > 1; i++) {
        const double *a = kept[rng_below(&r, (uint32_t)nkept)], *b = kept[rng_below(&r, (uint32_t)nkept)];
        for (int s = 0; s < 4; s++) {
            for (int m = 0; m < 2; m++) {
                double f = radial_likeness(a, b, m, stops[s]), g = plain_likeness(a, b, m, stops[s]);
                CHECK(same_bits(&f, &g, 1), "pair %d, stop %g, mirror %d: likeness %.17g, plain %.17g", i, stops[s],
                      m, f, g);
            }
            double f = radial_mirror_likeness(a, stops[s]), g = plain_mirror_likeness(a, stops[s]);
            CHECK(same_bits(&f, &g, 1), "shape %d, stop %g: mirror likeness %.17g, plain %.17g", i, stops[s], f, g);
        }
    }
    /* A shape against itself reaches any limit at once. */
    CHECK(nkept > 0 && radial_likeness(kept[0], kept[0], false, 1.0) > 0.999999, "a shape is not like itself");
    TEST_END("test_radial");
}
