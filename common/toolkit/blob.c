#include "blob.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* Angular jitter of a blob's vertices, as a share of the even spacing 2*pi/n: below
 * one half the angles stay increasing, so the polygon stays star-shaped. */
#define BLOB_ANGLE_JITTER 0.35

int blob_random(rng *r, int nmin, int nmax, double rmin, point *out)
{
    int n = rng_int(r, nmin, nmax);
    double step = 2 * M_PI / n, start = rng_uniform(r, 0, 2 * M_PI), rad[BLOB_MAX_POINTS], big = 0;
    for (int i = 0; i < n; i++) {
        rad[i] = rng_uniform(r, rmin, 1.0);
        big = fmax(big, rad[i]);
    }
    for (int i = 0; i < n; i++) {
        double a = start + step * (i + rng_uniform(r, -BLOB_ANGLE_JITTER, BLOB_ANGLE_JITTER));
        out[i].x = rad[i] / big * cos(a);
        out[i].y = -rad[i] / big * sin(a);
    }
    return n;
}

int blob_smooth(const point *in, int n, int iterations, point *out, int max)
{
    point a[BLOB_MAX_POINTS], b[BLOB_MAX_POINTS];
    if (n > BLOB_MAX_POINTS)
        n = BLOB_MAX_POINTS;
    memcpy(a, in, sizeof *a * (size_t)n);
    for (int it = 0; it < iterations && 2 * n <= BLOB_MAX_POINTS && 2 * n <= max; it++) {
        for (int i = 0; i < n; i++) {
            point p = a[i], q = a[(i + 1) % n];
            b[2 * i] = (point){0.75 * p.x + 0.25 * q.x, 0.75 * p.y + 0.25 * q.y};
            b[2 * i + 1] = (point){0.25 * p.x + 0.75 * q.x, 0.25 * p.y + 0.75 * q.y};
        }
        n *= 2;
        memcpy(a, b, sizeof *a * (size_t)n);
    }
    if (n > max)
        n = max;
    memcpy(out, a, sizeof *a * (size_t)n);
    return n;
}

void poly_place(const point *in, int n, double cx, double cy, double scale, double rot, bool mirror, point *out)
{
    double c = cos(rot), s = sin(rot);
    for (int i = 0; i < n; i++) {
        double x = mirror ? -in[i].x : in[i].x, y = in[i].y;
        /* y points down, so a counter-clockwise turn on screen is (x, y) -> (x c + y s, -x s + y c) */
        out[i].x = cx + scale * (x * c + y * s);
        out[i].y = cy + scale * (-x * s + y * c);
    }
}

point poly_centroid(const point *p, int n)
{
    double a = 0, cx = 0, cy = 0;
    for (int i = 0, j = n - 1; i < n; j = i++) {
        double cr = p[j].x * p[i].y - p[i].x * p[j].y;
        a += cr;
        cx += (p[j].x + p[i].x) * cr;
        cy += (p[j].y + p[i].y) * cr;
    }
    if (fabs(a) < 1e-12)
        return p[0];
    return (point){cx / (3 * a), cy / (3 * a)};
}

double poly_radius(const point *p, int n, double x, double y)
{
    double r = 0;
    for (int i = 0; i < n; i++)
        r = fmax(r, sqrt((p[i].x - x) * (p[i].x - x) + (p[i].y - y) * (p[i].y - y)));
    return r;
}


/* The x where the horizontal line at y crosses p's edges, sorted; returns the count
 * rounded down to even (spans by the even-odd rule). */
static int row_crossings(const point *p, int n, double y, double *xs)
{
    int nx = 0;
    for (int i = 0, j = n - 1; i < n; j = i++) {
        point a = p[j], b = p[i];
        if ((a.y <= y) == (b.y <= y))
            continue;
        double x = a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y);
        int k = nx++;
        while (k > 0 && xs[k - 1] > x) {
            xs[k] = xs[k - 1];
            k--;
        }
        xs[k] = x;
    }
    return nx & ~1;
}

/* Length of the intersection of two sorted span lists [x0, x1), [x2, x3), ... */
static double spans_overlap(const double *a, int na, const double *b, int nb)
{
    double len = 0;
    int i = 0, j = 0;
    while (i < na && j < nb) {
        double lo = fmax(a[i], b[j]), hi = fmin(a[i + 1], b[j + 1]);
        if (hi > lo)
            len += hi - lo;
        if (a[i + 1] < b[j + 1])
            i += 2;
        else
            j += 2;
    }
    return len;
}

static double spans_length(const double *a, int n)
{
    double len = 0;
    for (int i = 0; i < n; i += 2)
        len += a[i + 1] - a[i];
    return len;
}

double poly_iou(const point *a, int na, const point *b, int nb, int rows)
{
    if (na < 3 || nb < 3 || na > BLOB_MAX_POINTS || nb > BLOB_MAX_POINTS || rows < 1)
        return 0;
    double ylo = a[0].y, yhi = a[0].y;
    for (int i = 0; i < na; i++) {
        ylo = fmin(ylo, a[i].y);
        yhi = fmax(yhi, a[i].y);
    }
    for (int i = 0; i < nb; i++) {
        ylo = fmin(ylo, b[i].y);
        yhi = fmax(yhi, b[i].y);
    }
    double h = (yhi - ylo) / rows, inter = 0, uni = 0, xa[BLOB_MAX_POINTS], xb[BLOB_MAX_POINTS];
    for (int k = 0; k < rows; k++) {
        double y = ylo + (k + 0.5) * h;
        int nxa = row_crossings(a, na, y, xa), nxb = row_crossings(b, nb, y, xb);
        double both = spans_overlap(xa, nxa, xb, nxb);
        inter += both;
        uni += spans_length(xa, nxa) + spans_length(xb, nxb) - both;
    }
    return uni > 0 ? inter / uni : 0;
}

/* remainder(x, 2 pi), without the library call where the answer is plain: for
 * |x| < pi the quotient is 0, and for pi < |x| < 3 pi it is +-1 and x -+ 2 pi is
 * exact (Sterbenz), as remainder() is; everything else goes to remainder(). */
static double wrap_angle(double x)
{
    const double turn = 2 * M_PI;
    double ax = fabs(x);
    if (ax < M_PI)
        return x;
    if (ax > M_PI && ax < 3 * M_PI)
        return x > 0 ? x - turn : x + turn;
    return remainder(x, turn);
}

/* ceil(v) and floor(v) as integers, for |v| < 2^52, without the library calls
 * (this file is built for SSE2 alone, where they are calls). */
static long ceil_long(double v)
{
    long t = (long)v;
    return (double)t < v ? t + 1 : t;
}

static long floor_long(double v)
{
    long t = (long)v;
    return (double)t > v ? t - 1 : t;
}

/* The ray directions, by exact sines at the four quarter turns and a rotation
 * recurrence in between (cheaper than 120 sin/cos calls, off by < 1e-15);
 * worked out once. */
static double ray_cos[RADIAL_SAMPLES], ray_sin[RADIAL_SAMPLES];
static pthread_once_t rays_once = PTHREAD_ONCE_INIT;

static void rays_init(void)
{
    const double step = 2 * M_PI / RADIAL_SAMPLES;
    double *cs = ray_cos, *sn = ray_sin, c1 = cos(step), s1 = sin(step);
    for (int k = 0; k < RADIAL_SAMPLES; k++) {
        if (k % (RADIAL_SAMPLES / 4) == 0) {
            int q = k / (RADIAL_SAMPLES / 4);
            cs[k] = q == 0 ? 1 : q == 2 ? -1 : 0;
            sn[k] = q == 1 ? 1 : q == 3 ? -1 : 0;
        } else {
            cs[k] = cs[k - 1] * c1 - sn[k - 1] * s1;
            sn[k] = sn[k - 1] * c1 + cs[k - 1] * s1;
        }
    }
}

bool radial_signature(const point *p, int n, double *rho)
{
    if (n < 3 || n > BLOB_MAX_POINTS)
        return false;
    point c = poly_centroid(p, n);
    /* Unwrapped polar angle of every vertex about the centroid, in list order. */
    double th[BLOB_MAX_POINTS + 1];
    double first = atan2(p[0].y - c.y, p[0].x - c.x);
    th[0] = first;
    for (int i = 1; i <= n; i++) {
        const point *q = &p[i % n];
        th[i] = th[i - 1] + wrap_angle((i < n ? atan2(q->y - c.y, q->x - c.x) : first) - th[i - 1]);
    }
    double total = th[n] - th[0], sign = total > 0 ? 1 : -1;
    /* Star-shaped about the centroid: the angle turns once round, one way. */
    if (fabs(fabs(total) - 2 * M_PI) > 1e-6)
        return false;
    for (int i = 0; i < n; i++)
        if ((th[i + 1] - th[i]) * sign <= 0)
            return false;
    const double step = 2 * M_PI / RADIAL_SAMPLES;
    pthread_once(&rays_once, rays_init);
    const double *cs = ray_cos, *sn = ray_sin;
    for (int k = 0; k < RADIAL_SAMPLES; k++)
        rho[k] = -1;
    /* Every angle in steps, once (each is the end of two edges). */
    double th_steps[BLOB_MAX_POINTS + 1];
    for (int i = 0; i <= n; i++)
        th_steps[i] = th[i] / step;
    for (int i = 0; i < n; i++) {
        /* The edge's angles in steps, lower first (th[i] / step for the lower th[i]). */
        bool up = th[i] < th[i + 1];
        double lo = up ? th_steps[i] : th_steps[i + 1], hi = up ? th_steps[i + 1] : th_steps[i];
        point a = p[i], b = p[(i + 1) % n];
        /* The angles stay within a few turns: the ray's index by a few steps of a
         * turn, not by division. */
        for (long k = ceil_long(lo), last = floor_long(hi); k <= last; k++) {
            long idx = k;
            while (idx < 0)
                idx += RADIAL_SAMPLES;
            while (idx >= RADIAL_SAMPLES)
                idx -= RADIAL_SAMPLES;
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

/* Largest intersection sum(min(a2[k], b2[k + s])) over the shifts s, where a2 and b2
 * hold squared radii (min of squares = square of min) and b2 is doubled; stops as
 * soon as a shift reaches stop.  Every shift's sum is four running sums (k mod 4)
 * in a fixed order, then (in0 + in1) + (in2 + in3): the same bits everywhere. */
#ifdef __SSE2__
/* With SSE2, four shifts side by side, two sums to a register: one shift's sums
 * wait on each other, four shifts' keep the adder busy.  minpd(a, b) is
 * a < b ? a : b, as in the plain loop below; the shifts after the one that reaches
 * stop in a group are dropped. */
#define SHIFTS_AT_ONCE 4
static double best_overlap(const double *a2, const double *b2, double stop)
{
    _Static_assert(RADIAL_SAMPLES % SHIFTS_AT_ONCE == 0 && RADIAL_SAMPLES % 4 == 0, "shift groups");
    double best = 0;
    for (int s = 0; s < RADIAL_SAMPLES && best < stop; s += SHIFTS_AT_ONCE) {
        __m128d lo[SHIFTS_AT_ONCE], hi[SHIFTS_AT_ONCE];
        for (int m = 0; m < SHIFTS_AT_ONCE; m++)
            lo[m] = hi[m] = _mm_setzero_pd();
        for (int k = 0; k < RADIAL_SAMPLES; k += 4) {
            __m128d a01 = _mm_loadu_pd(a2 + k), a23 = _mm_loadu_pd(a2 + k + 2);
            for (int m = 0; m < SHIFTS_AT_ONCE; m++) {
                lo[m] = _mm_add_pd(lo[m], _mm_min_pd(a01, _mm_loadu_pd(b2 + k + s + m)));
                hi[m] = _mm_add_pd(hi[m], _mm_min_pd(a23, _mm_loadu_pd(b2 + k + s + m + 2)));
            }
        }
        for (int m = 0; m < SHIFTS_AT_ONCE && best < stop; m++) {
            double in[4];
            _mm_storeu_pd(in, lo[m]);
            _mm_storeu_pd(in + 2, hi[m]);
            double sum = (in[0] + in[1]) + (in[2] + in[3]);
            best = sum > best ? sum : best;
        }
    }
    return best;
}
#else
static double best_overlap(const double *a2, const double *b2, double stop)
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
#endif

static void squares(const double *rho, bool mirror, double *out, int copies)
{
    for (int k = 0; k < RADIAL_SAMPLES; k++) {
        double v = mirror ? rho[(RADIAL_SAMPLES / 2 - k + RADIAL_SAMPLES) % RADIAL_SAMPLES] : rho[k];
        for (int c = 0; c < copies; c++)
            out[k + c * RADIAL_SAMPLES] = v * v;
    }
}

/* Both signatures have unit sum of squares (unit area), so the union is
 * 2 - intersection: IoU = in / (2 - in), and IoU >= L when in >= 2L / (1 + L). */
static double overlap_stop(double stop_at) { return stop_at >= 1 ? INFINITY : 2 * stop_at / (1 + stop_at); }

double radial_likeness(const double *a, const double *b, bool with_mirror, double stop_at)
{
    double a2[RADIAL_SAMPLES], b2[2 * RADIAL_SAMPLES], in = 0, stop = overlap_stop(stop_at);
    squares(a, false, a2, 1);
    for (int m = 0; m <= (with_mirror ? 1 : 0) && in < stop; m++) {
        squares(b, m, b2, 2);
        in = fmax(in, best_overlap(a2, b2, stop));
    }
    return in / (2 - in);
}

double radial_mirror_likeness(const double *a, double stop_at)
{
    double a2[RADIAL_SAMPLES], m2[2 * RADIAL_SAMPLES];
    squares(a, false, a2, 1);
    squares(a, true, m2, 2);
    double in = best_overlap(a2, m2, overlap_stop(stop_at));
    return in / (2 - in);
}
