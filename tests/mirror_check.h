/* mirror_check.h - the consistency check shared by check_mirror_image.c and
 * check_water_image.c (a header of static functions: CMake builds only check_*.c).
 *
 * It reflects the first scene itself (its own code, not scene_mirror_x/y), compares
 * the second scene with it object by object, decides yes/no from the differences,
 * and checks that every difference is one a careful reader sees: a move clear of
 * the reflected place, a recolour far in CIEDE2000, a swap of clearly different
 * colours, or an unreflected shape that differs from its reflection in a third of
 * its area.  It measures every shape's asymmetry with its own scanline IoU, and
 * compares rendered pixels: for "yes" the second image is the first one's pixels
 * reflected; for "no" a visible patch of pixels differs.  mirror_balance() checks
 * that the 200 samples of the default run are half "yes" at every level.
 */
#include "colour.h"
#include "harness.h"
#include "shapes.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* What the generator promises (common/toolkit/mirror_pair.h), restated so the test does not
 * take the generator's word for them; TOL covers the difference between its
 * measuring and ours. */
#define MC_GAP 12.0
#define MC_SELF_MAX 0.82
#define MC_FLIP_MAX 0.65
#define MC_MOVE_MIN 80.0
#define MC_RECOLOUR_DE 30.0
#define MC_TOL 0.02
/* Our scanlines and turning steps for IoU (finer than the generator's). */
#define MC_ROWS 96
#define MC_TURNS 180
/* Pixels: channels differing by more than this count as different (antialiased
 * edges of a reflected shape differ by a little); a "yes" pair may differ in at most
 * MC_YES_PIXELS such pixels, a "no" pair must differ in at least MC_NO_PIXELS. */
#define MC_PIXEL_DELTA 48
#define MC_YES_PIXELS 50
#define MC_NO_PIXELS 400
#define MC_MAXPTS 64

static const char *const MC_KINDS[] = {"irregular polygon", "L-shape", "right triangle", "flag"};

/* Sorted x crossings of the line at height y with polygon p (even-odd). */
static int mc_crossings(const point *p, int n, double y, double *xs)
{
    int m = 0;
    for (int i = 0; i < n; i++) {
        point a = p[i], b = p[(i + 1) % n];
        if ((a.y > y) != (b.y > y))
            xs[m++] = a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y);
    }
    for (int i = 1; i < m; i++)
        for (int j = i; j > 0 && xs[j - 1] > xs[j]; j--) {
            double t = xs[j];
            xs[j] = xs[j - 1];
            xs[j - 1] = t;
        }
    return m;
}

static double mc_iou(const point *a, int na, const point *b, int nb)
{
    double lo = INFINITY, hi = -INFINITY;
    for (int i = 0; i < na; i++) {
        lo = fmin(lo, a[i].y);
        hi = fmax(hi, a[i].y);
    }
    for (int i = 0; i < nb; i++) {
        lo = fmin(lo, b[i].y);
        hi = fmax(hi, b[i].y);
    }
    double inter = 0, total = 0;
    for (int r = 0; r < MC_ROWS; r++) {
        double y = lo + (hi - lo) * (r + 0.5) / MC_ROWS, xa[MC_MAXPTS], xb[MC_MAXPTS];
        int ma = mc_crossings(a, na, y, xa), mb = mc_crossings(b, nb, y, xb);
        for (int i = 0; i + 1 < ma; i += 2)
            for (int j = 0; j + 1 < mb; j += 2) {
                double l = fmax(xa[i], xb[j]), h = fmin(xa[i + 1], xb[j + 1]);
                if (h > l)
                    inter += h - l;
            }
        for (int i = 0; i + 1 < ma; i += 2)
            total += xa[i + 1] - xa[i];
        for (int j = 0; j + 1 < mb; j += 2)
            total += xb[j + 1] - xb[j];
    }
    return total > inter ? inter / (total - inter) : 0;
}

static point mc_centroid(const point *p, int n)
{
    double a = 0, x = 0, y = 0;
    for (int i = 0; i < n; i++) {
        const point *u = &p[i], *v = &p[(i + 1) % n];
        double c = u->x * v->y - v->x * u->y;
        a += c;
        x += (u->x + v->x) * c;
        y += (u->y + v->y) * c;
    }
    return (point){x / (3 * a), y / (3 * a)};
}

/* The IoU of p with its reflection across the line through its centroid at angle
 * t: reflecting across every axis in turn is every turn of one mirror image. */
static double mc_axis_iou(const point *p, int n, double t)
{
    point c = mc_centroid(p, n), q[MC_MAXPTS];
    double c2 = cos(2 * t), s2 = sin(2 * t);
    for (int i = 0; i < n; i++) {
        double x = p[i].x - c.x, y = p[i].y - c.y;
        q[i] = (point){c.x + x * c2 + y * s2, c.y + x * s2 - y * c2};
    }
    return mc_iou(p, n, q, n);
}

static double mc_self_mirror(const point *p, int n)
{
    double best = 0;
    for (int k = 0; k < MC_TURNS; k++)
        best = fmax(best, mc_axis_iou(p, n, M_PI * k / MC_TURNS));
    return best;
}

static bool mc_same_points(const point *a, const point *b, int n)
{
    for (int i = 0; i < n; i++)
        if (fabs(a[i].x - b[i].x) > 1e-6 || fabs(a[i].y - b[i].y) > 1e-6)
            return false;
    return true;
}

/* Smallest distance between two polygon outlines (0 if they cross). */
static double mc_poly_distance(const point *a, int na, const point *b, int nb)
{
    double best = INFINITY;
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++) {
            point a0 = a[i], a1 = a[(i + 1) % na], b0 = b[j], b1 = b[(j + 1) % nb];
            if (segments_intersect(a0, a1, b0, b1))
                return 0;
            best = fmin(best, fmin(segment_distance(a0, a1, b0.x, b0.y), segment_distance(b0, b1, a0.x, a0.y)));
        }
    return best;
}

static bool mc_kind_ok(const char *k)
{
    for (size_t i = 0; i < sizeof MC_KINDS / sizeof *MC_KINDS; i++)
        if (k && strcmp(k, MC_KINDS[i]) == 0)
            return true;
    return false;
}

/* Objects of a scene: one filled polygon each, in order, inside the canvas and
 * apart from each other. */
static const char *mc_check_scene(const scene *sc, int n, const char *which, char *msg, size_t len)
{
    if (sc->nprims != n) {
        snprintf(msg, len, "%s image has %d primitives, level %d", which, sc->nprims, n);
        return msg;
    }
    for (int i = 0; i < n; i++) {
        const prim *a = &sc->prims[i];
        if (a->type != PRIM_POLYGON || !a->filled || a->object != i || !mc_kind_ok(a->kind) || a->npts > MC_MAXPTS)
            return "an object is not a filled polygon of a known kind in object order";
        double x0, y0, x1, y1;
        prim_bbox(sc, a, &x0, &y0, &x1, &y1);
        if (x0 < 0 || y0 < 0 || x1 > sc->width || y1 > sc->height) {
            snprintf(msg, len, "%s image: object %d leaves the canvas", which, i);
            return msg;
        }
        for (int j = 0; j < i; j++) {
            const prim *b = &sc->prims[j];
            double d = mc_poly_distance(prim_points(sc, a), a->npts, prim_points(sc, b), b->npts);
            bool inside = point_in_polygon(prim_points(sc, a), a->npts, prim_points(sc, b)[0].x,
                                           prim_points(sc, b)[0].y);
            if (d < MC_GAP / 2 || inside) {
                snprintf(msg, len, "%s image: objects %d and %d are %.1f px apart", which, j, i, d);
                return msg;
            }
        }
    }
    return NULL;
}

static const char *mc_check(const sample_out *s, const gen_params *p, char *msg, size_t len, bool left_right,
                            const char *field)
{
    const scene *s0 = &s->img[0], *s1 = &s->img[1];
    int n = p->level;
    const char *ans = rec_str(s, field);
    if (rec_int(s, "num_objects") != n || (strcmp(ans, "yes") != 0 && strcmp(ans, "no") != 0))
        return "record does not hold num_objects = level and yes/no";
    const char *why = mc_check_scene(s0, n, "first", msg, len);
    if (!why)
        why = mc_check_scene(s1, n, "second", msg, len);
    if (why)
        return why;
    if (s0->width != s1->width || s0->height != s1->height)
        return "the two images differ in size";

    /* Asymmetry of every shape, and its difference from its reflection as drawn. */
    for (int i = 0; i < n; i++) {
        const prim *a = &s0->prims[i];
        const point *pt = prim_points(s0, a);
        double self = mc_self_mirror(pt, a->npts), flip = mc_axis_iou(pt, a->npts, left_right ? M_PI / 2 : 0);
        if (self > MC_SELF_MAX + MC_TOL || flip > MC_FLIP_MAX + MC_TOL) {
            snprintf(msg, len, "object %d (%s) is too symmetric: self-mirror IoU %.3f, flip IoU %.3f", i, a->kind,
                     self, flip);
            return msg;
        }
    }

    /* Our own reflection of the first scene, compared object by object. */
    int differ[2], ndiff = 0;
    point want[3][MC_MAXPTS]; /* the differing objects' reflections, then scratch */
    for (int i = 0; i < n; i++) {
        const prim *a = &s0->prims[i], *b = &s1->prims[i];
        const point *pa = prim_points(s0, a);
        point *wp = want[ndiff];
        for (int k = 0; k < a->npts; k++)
            wp[k] = left_right ? (point){s0->width - pa[k].x, pa[k].y} : (point){pa[k].x, s0->height - pa[k].y};
        bool same_colour = memcmp(&a->fill, &b->fill, sizeof a->fill) == 0 && a->colour_name == b->colour_name;
        bool same_shape = a->npts == b->npts && a->kind == b->kind && mc_same_points(wp, prim_points(s1, b), a->npts);
        if (same_colour && same_shape)
            continue;
        if (ndiff == 2)
            return "more than two objects differ from the reflection";
        if (a->npts != b->npts || a->kind != b->kind)
            return "an object changed its kind";
        differ[ndiff++] = i;
    }
    bool yes = ndiff == 0;
    if (ndiff == 1) {
        int i = differ[0];
        const prim *a = &s0->prims[i], *b = &s1->prims[i];
        const point *wp = want[0], *pb = prim_points(s1, b);
        bool same_colour = memcmp(&a->fill, &b->fill, sizeof a->fill) == 0;
        point cw = mc_centroid(wp, a->npts), cb = mc_centroid(pb, b->npts);
        double moved = hypot(cw.x - cb.x, cw.y - cb.y);
        if (!same_colour) {
            double de = ciede2000(a->fill, b->fill);
            if (!mc_same_points(wp, pb, a->npts) || de < MC_RECOLOUR_DE) {
                snprintf(msg, len, "object %d recoloured by only %.1f (or also moved)", i, de);
                return msg;
            }
        } else if (moved < 1e-6) {
            double iou = mc_iou(wp, a->npts, pb, b->npts);
            if (iou > MC_FLIP_MAX + MC_TOL) {
                snprintf(msg, len, "unreflected object %d overlaps its reflection by IoU %.3f", i, iou);
                return msg;
            }
        } else if (moved < MC_MOVE_MIN || mc_poly_distance(wp, a->npts, pb, b->npts) <= 0 ||
                   point_in_polygon(wp, a->npts, pb[0].x, pb[0].y) || point_in_polygon(pb, b->npts, wp[0].x, wp[0].y)) {
            snprintf(msg, len, "object %d moved only %.1f px, not clear of its place", i, moved);
            return msg;
        } else {
            /* a move keeps shape and turn: the moved object is the reflection shifted */
            for (int k = 0; k < a->npts; k++)
                if (fabs(pb[k].x - wp[k].x - (cb.x - cw.x)) > 1e-6 || fabs(pb[k].y - wp[k].y - (cb.y - cw.y)) > 1e-6)
                    return "a moved object changed its shape";
        }
    } else if (ndiff == 2) {
        /* Only a swap changes two objects: each stands where the other's reflection
         * should, unchanged in shape and colour, and their colours differ clearly. */
        for (int w = 0; w < 2; w++) {
            const prim *a = &s0->prims[differ[w]], *b = &s1->prims[differ[w]];
            point other = mc_centroid(want[1 - w], s0->prims[differ[1 - w]].npts);
            point mine = mc_centroid(want[w], a->npts), now = mc_centroid(prim_points(s1, b), b->npts);
            if (memcmp(&a->fill, &b->fill, sizeof a->fill) != 0 || hypot(now.x - other.x, now.y - other.y) > 1e-6) {
                snprintf(msg, len, "objects %d and %d differ, but not by swapping places (%.2f,%.2f) vs (%.2f,%.2f)",
                         differ[0], differ[1], now.x, now.y, other.x, other.y);
                return msg;
            }
            for (int k = 0; k < a->npts; k++) {
                point v = prim_points(s1, b)[k];
                if (fabs(v.x - want[w][k].x - (now.x - mine.x)) > 1e-6 ||
                    fabs(v.y - want[w][k].y - (now.y - mine.y)) > 1e-6)
                    return "a swapped object changed its shape";
            }
        }
        if (ciede2000(s0->prims[differ[0]].fill, s0->prims[differ[1]].fill) < MC_RECOLOUR_DE)
            return "swapped objects are too alike in colour";
    }
    if (yes != (strcmp(ans, "yes") == 0)) {
        snprintf(msg, len, "%d objects differ from the reflection, record says %s", ndiff, ans);
        return msg;
    }

    /* Pixels: the second image against the first one's pixels reflected. */
    int w = s0->width, h = s0->height;
    rgb *first = malloc(sizeof *first * (size_t)w * (size_t)h);
    const canvas *cv = harness_render(s0);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            first[(size_t)y * (size_t)w + (size_t)x] = canvas_pixel(cv, x, y);
    cv = harness_render(s1);
    long differing = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            rgb a = first[left_right ? (size_t)y * (size_t)w + (size_t)(w - 1 - x)
                                     : (size_t)(h - 1 - y) * (size_t)w + (size_t)x];
            rgb b = canvas_pixel(cv, x, y);
            if (abs(a.r - b.r) > MC_PIXEL_DELTA || abs(a.g - b.g) > MC_PIXEL_DELTA || abs(a.b - b.b) > MC_PIXEL_DELTA)
                differing++;
        }
    free(first);
    if (yes ? differing > MC_YES_PIXELS : differing < MC_NO_PIXELS) {
        snprintf(msg, len, "answer %s but %ld pixels differ from the reflected first image", ans, differing);
        return msg;
    }
    return NULL;
}

/* The default run (200 samples from file 1, 10 per level, levels 1..20) is half
 * "yes" at every level. */
static int mirror_balance(const char *task, const char *field)
{
    const generator *g = generator_find(task);
    sample_out s;
    sample_out_init(&s);
    int yes[21] = {0}, bad = 0;
    for (long f = 1; f <= 200; f++) {
        gen_params p = {.level = (int)((f - 1) / 10) + 1, .grid_size = 6, .file = f};
        if (make_sample(g, HARNESS_SEED, &p, &s) != 0) {
            printf("FAIL %s balance: file %ld: %s\n", task, f, s.err);
            bad++;
            continue;
        }
        yes[p.level] += strcmp(rec_str(&s, field), "yes") == 0;
    }
    sample_out_free(&s);
    for (int l = 1; l <= 20; l++)
        if (yes[l] != 5) {
            printf("FAIL %s balance: level %d has %d of 10 yes\n", task, l, yes[l]);
            bad++;
        }
    printf("%s balance: %s\n", task, bad ? "FAILED" : "5 yes and 5 no at each of the 20 levels");
    return bad ? 1 : 0;
}
