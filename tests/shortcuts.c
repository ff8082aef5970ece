/* SPDX-License-Identifier: MIT */
/* shortcuts.c - the shortcut audit: how far can a guess go without perceiving
 * what a task asks about? (tasks.md rule 11, issue 12)
 *
 * For every task it makes SHORTCUT_PER_LEVEL samples at every release level, in
 * memory, and breaks each answer into items: one per sample (a count, a letter,
 * yes/no), or one per part of a composite answer (a row of comparing_size, a
 * position of a sorted list, a colour of colours_present).  Each item has a
 * guess, a context the guess may use (the level, or something else visible that
 * is not the deciding property: the number of shapes, of circles, what the first
 * image of a pair shows) and the chance figure of that item, written below next
 * to its task.
 *
 * The guess is the most frequent answer of its context, learnt on one half of the
 * samples (even file numbers) and scored on the other half, and the other way
 * round, so a fair task measures chance on average and never more by overfitting.
 * An unseen context falls back to the level's most frequent answer.  A row fails
 * when its accuracy exceeds its chance figure by more than SHORTCUT_TOLERANCE.
 *
 * Usage: shortcuts [--per-level N] [TASK...]    (default: every task; N is divided
 * by a task's share, see TASKS)
 * Prints one table row per (task, guess, level) and ends with "shortcuts: N passed,
 * M failed". */
#include "harness.h"

#include "font.h"
#include "shapes.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Samples per level: 20 levels x 2,000 = 40,000 per task (>= 2,000 asked), so the
 * standard error of a 50% item is 1.1 points per level at worst and a fair task
 * does not fail the 5-point margin by bad luck (a whole run takes about a minute
 * and a half). */
#define SHORTCUT_PER_LEVEL 2000
/* Most a guess may beat its chance figure by (percentage points / 100). */
#define SHORTCUT_TOLERANCE 0.05
#define SHORTCUT_SEED 424242ULL
#define POOLED 0 /* the level of an item whose guess does not use the level */

typedef struct item {
    uint64_t key, ans; /* hashes of the context and of the answer */
    float chance;
    short level;       /* POOLED, or the level */
    unsigned char guess, fold;
} item;

typedef struct audit {
    item *it;
    size_t n, cap;
    const char *guess_name[8];
    int nguess;
    int level, fold;
} audit;

static uint64_t hash_str(const char *s)
{
    uint64_t h = 1469598103934665603ULL;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ULL;
    return h;
}

static uint64_t hash_int(long v)
{
    char b[32];
    snprintf(b, sizeof b, "%ld", v);
    return hash_str(b);
}

static int guess_id(audit *a, const char *name)
{
    for (int i = 0; i < a->nguess; i++)
        if (strcmp(a->guess_name[i], name) == 0)
            return i;
    a->guess_name[a->nguess] = name;
    return a->nguess++;
}

/* One item: guess `guess` in context `key` (at this level, or POOLED) should say
 * `ans`; a perception-free guess is right with probability `chance`. */
static void add(audit *a, const char *guess, bool pooled, uint64_t key, uint64_t ans, double chance)
{
    if (a->n == a->cap) {
        a->cap = a->cap ? 2 * a->cap : 4096;
        a->it = realloc(a->it, a->cap * sizeof *a->it);
        if (!a->it) {
            fprintf(stderr, "shortcuts: out of memory\n");
            exit(1);
        }
    }
    a->it[a->n++] = (item){.key = key,
                           .ans = ans,
                           .chance = (float)chance,
                           .level = (short)(pooled ? POOLED : a->level),
                           .guess = (unsigned char)guess_id(a, guess),
                           .fold = (unsigned char)a->fold};
}

static const cJSON *field(const sample_out *s, const char *name)
{
    return cJSON_GetObjectItemCaseSensitive(s->record, name);
}

/* Distinct objects of image k whose kind is `kind` (NULL: any). */
static int objects(const scene *sc, const char *kind)
{
    int most = -1;
    for (int i = 0; i < sc->nprims; i++)
        if (sc->prims[i].object > most)
            most = sc->prims[i].object;
    if (most < 0)
        return 0;
    char *seen = calloc((size_t)most + 1, 1);
    int n = 0;
    for (int i = 0; i < sc->nprims; i++) {
        const prim *p = &sc->prims[i];
        if (p->object >= 0 && !seen[p->object] && (!kind || (p->kind && strcmp(p->kind, kind) == 0))) {
            seen[p->object] = 1;
            n++;
        }
    }
    free(seen);
    return n;
}

/* What one image shows apart from the deciding property: its primitives' kinds
 * and colours as a sorted multiset, and their number. */
static int cmp_u64(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a < b ? -1 : a > b;
}

static uint64_t image_look(const scene *sc)
{
    uint64_t *h = malloc(sizeof *h * (size_t)(sc->nprims + 1));
    for (int i = 0; i < sc->nprims; i++) {
        const prim *p = &sc->prims[i];
        h[i] = hash_str(p->kind ? p->kind : "-") * 31 + hash_str(p->colour_name ? p->colour_name : "-");
    }
    qsort(h, (size_t)sc->nprims, sizeof *h, cmp_u64);
    uint64_t r = (uint64_t)sc->nprims;
    for (int i = 0; i < sc->nprims; i++)
        r = (r ^ h[i]) * 1099511628211ULL;
    free(h);
    return r;
}

/* Every string of a JSON array as an item keyed by its position. */
static void add_array(audit *a, const char *guess, const cJSON *arr, double chance)
{
    int pos = 0;
    const cJSON *v;
    cJSON_ArrayForEach(v, arr) add(a, guess, false, hash_int(pos++), hash_str(cJSON_IsString(v) ? v->valuestring : "?"),
                                   chance);
}

/* The probability of the most likely value of Binomial(n, p). */
static double binomial_mode_p(int n, double p)
{
    double best = 0;
    for (int k = 0; k <= n; k++) {
        double lp = lgamma(n + 1.0) - lgamma(k + 1.0) - lgamma(n - k + 1.0) + k * log(p) + (n - k) * log1p(-p);
        best = fmax(best, exp(lp));
    }
    return best;
}

static double yes_no_chance(double p) { return fmax(p, 1 - p); }

/* ---- the tasks: items, guesses and chance figures ---------------------------- */

typedef void (*items_fn)(audit *a, const sample_out *s, int n);

/* The original's prior, kept (tasks.md rule 5): exactly half of the 2n circles
 * change colour, so "half the circles" is always right.  The figure is a
 * measurement (100%), pinned as the chance figure. */
static void it_change_colour(audit *a, const sample_out *s, int n)
{
    (void)n;
    add(a, "half the circles", true, hash_int(objects(&s->img[0], NULL)), hash_int(rec_int(s, "num_differences")),
        1.0);
}

/* The original's split: left uniform over 0..2n, answer |left - n|: 0 with
 * odds 1/(2n+1), each of 1..n with 2/(2n+1), the best perception-free guess (2/3
 * at n = 1).  The circle count is always 2n and tells nothing more. */
static void it_circle_boxes(audit *a, const sample_out *s, int n)
{
    uint64_t ans = hash_int(rec_int(s, "answer"));
    add(a, "most frequent", false, 0, ans, 2.0 / (2 * n + 1));
    add(a, "from circle count", false, hash_int(objects(&s->img[0], "circle")), ans, 2.0 / (2 * n + 1));
}

/* The original's prior, kept (issue 19): ties go to the lower quadrant number, so
 * quadrant 1 is the most frequent answer; the figures are the share of the most
 * frequent quadrant and of the most frequent count at each level, measured with
 * this audit's seed (docs/tasks/circle_location.md states them). */
static const double CIRCLE_LOCATION_QUADRANT[21] = {
    0, 0.237, 0.444, 0.455, 0.375, 0.351, 0.392, 0.345, 0.353, 0.336, 0.355, 0.359, 0.338, 0.334, 0.331, 0.332,
    0.325, 0.334, 0.324, 0.317, 0.331};
static const double CIRCLE_LOCATION_COUNT[21] = {
    0, 1.000, 0.761, 0.549, 0.714, 0.619, 0.508, 0.605, 0.570, 0.402, 0.501, 0.519, 0.452, 0.441, 0.480, 0.456,
    0.398, 0.440, 0.444, 0.428, 0.354};

static void it_circle_location(audit *a, const sample_out *s, int n)
{
    add(a, "quadrant, most frequent (prior kept)", false, 0, hash_int(rec_int(s, "quadrant")),
        n <= 20 ? CIRCLE_LOCATION_QUADRANT[n] : 0.25);
    add(a, "count, most frequent", false, 0, hash_int(rec_int(s, "count")), n <= 20 ? CIRCLE_LOCATION_COUNT[n] : 0);
}

/* The original's prior, kept (tasks.md rule 5): n circles and min(n, 36 - n)
 * triangles on distinct random cells, so the share of YES grows with the level,
 * from 2% at level 1 to 100% from level 14.  The guess "the level's commoner
 * answer" is pinned to the original's measured yes-share (4,000 runs of its
 * create_shape_grid a level; docs/tasks/circle_right_triangle.md). */
static const double CRT_YES[21] = {0,     0.024, 0.098, 0.209, 0.326, 0.478, 0.625, 0.750, 0.843, 0.912, 0.960,
                                   0.981, 0.992, 0.998, 1.000, 1.000, 1.000, 1.000, 1.000, 1.000, 1.000};

static void it_circle_right_triangle(audit *a, const sample_out *s, int n)
{
    const cJSON *r = field(s, "right");
    add(a, "yes/no, most frequent per level", false, 0, hash_int(cJSON_IsTrue(r)),
        yes_no_chance(n >= 1 && n <= 20 ? CRT_YES[n] : 0.5));
}

/* n different colours out of 20, as the original draws them: a colour is present
 * with q = n/20, so the per-colour chance is max(q, 1-q) (the original's prior: at
 * level 20 every answer is Yes, at level 1 a "No" guess is right 19 times in 20). */
static void it_colours_present(audit *a, const sample_out *s, int n)
{
    double q = n / 20.0;
    add_array(a, "per colour", field(s, "colours_present"), yes_no_chance(q));
}

/* Each row: Blue or Green, each radius uniform and the pair kept when they differ
 * enough (symmetric in the two): chance 1/2. */
static void it_comparing_size(audit *a, const sample_out *s, int n)
{
    (void)n;
    add_array(a, "per row", field(s, "Gold_output"), 0.5);
}

/* The original's prior, kept (issue 19): n of the 2n circles are red, so the red
 * count is the level (over the 20 levels, a most-frequent guess is right 1/20 of
 * the time) and half the circles drawn: that guess is right every time (measured
 * figure 1.0, docs/tasks/count_coloured_circles.md). */
static void it_count_coloured_circles(audit *a, const sample_out *s, int n)
{
    (void)n;
    uint64_t ans = hash_int(rec_int(s, "red_circle"));
    add(a, "most frequent", true, 0, ans, 1.0 / 20);
    add(a, "half the circles (prior kept)", false, hash_int(objects(&s->img[0], "circle") / 2), ans, 1.0);
}

/* The count is the level, uniform over 20 levels: chance 1/20. */
static void it_counting_circles(audit *a, const sample_out *s, int n)
{
    (void)n;
    add(a, "most frequent", true, 0, hash_int(rec_int(s, "num_objects")), 1.0 / 20);
}

/* The original's prior, kept (issue 19): n circles above and n below, so each
 * count is the level (1/20 over the levels), and at a level the most frequent
 * count below is right every time (measured figure 1.0,
 * docs/tasks/counting_locations.md). */
static void it_counting_locations(audit *a, const sample_out *s, int n)
{
    (void)n;
    uint64_t over = hash_int(rec_int(s, "num_objects_over_table"));
    uint64_t under = hash_int(rec_int(s, "num_objects_under_table"));
    add(a, "over, most frequent", true, 0, over, 1.0 / 20);
    add(a, "under, most frequent", true, 0, under, 1.0 / 20);
    add(a, "under at the level (prior kept)", false, 0, under, 1.0);
}

/* Each of the n shapes is a circle, square or triangle with odds 1/3 (the
 * original's draw): each count is Binomial(n, 1/3), chance its mode. */
static void it_counting_shapes(audit *a, const sample_out *s, int n)
{
    add(a, "circles, most frequent", false, 0, hash_int(rec_int(s, "circles")), binomial_mode_p(n, 1.0 / 3));
    add(a, "squares, most frequent", false, 0, hash_int(rec_int(s, "squares")), binomial_mode_p(n, 1.0 / 3));
    add(a, "triangles, most frequent", false, 0, hash_int(rec_int(s, "triangles")), binomial_mode_p(n, 1.0 / 3));
}

/* Any one safe cell is right.  The blind guess "(0,0)" is right when the corner,
 * its right and its lower neighbour hold no X: with n X on distinct random cells
 * of 36 that is (36-n)(35-n)(34-n) / (36*35*34), the original's prior (91.7% at
 * level 1, 36.4% at 10, 7.8% at 20; docs/tasks/cross_and_knots.md). */
static void it_cross_and_knots(audit *a, const sample_out *s, int n)
{
    const cJSON *pos = field(s, "cross_positions"), *pair;
    int corner_safe = 1;
    cJSON_ArrayForEach(pair, pos)
    {
        int r = cJSON_GetArrayItem(pair, 0)->valueint, c = cJSON_GetArrayItem(pair, 1)->valueint;
        if (r + c <= 1)
            corner_safe = 0;
    }
    double p = (36.0 - n) * (35.0 - n) * (34.0 - n) / (36.0 * 35.0 * 34.0);
    add(a, "is the corner (0,0) safe", false, 0, hash_int(corner_safe), yes_no_chance(p));
}

/* The original's edge count: uniform over n-1..min(n(n-1)/2, n+5) (0 for one
 * node): chance 1 over the range's size. */
static void it_graph_counting(audit *a, const sample_out *s, int n)
{
    int pairs = n * (n - 1) / 2, lo = n - 1, hi = pairs < n + 5 ? pairs : n + 5;
    if (n == 1)
        lo = hi = 0;
    add(a, "edges from node count", false, 0, hash_int(rec_int(s, "num_edges")), 1.0 / (hi - lo + 1));
}

/* Every cell's shape is one of 3 kinds with equal odds, whatever the path: the
 * shape at each position of the route, chance 1/3.  (The route's length is the
 * level by construction, as the original means it: not a guess from the image.) */
static void it_grid_path(audit *a, const sample_out *s, int n)
{
    (void)n;
    add_array(a, "shape per position", field(s, "gold_output"), 1.0 / 3);
}

/* Each row's shape is one of 5 kinds with equal odds: chance 1/5 per row.  The
 * original gives each kind its own colour (blue circle, red triangle, green
 * diamond, cyan pentagon, magenta hexagon), kept as published: the row's colour
 * alone names the shape, a measured 100% (docs/tasks/identifying_shapes.md). */
static void it_identifying_shapes(audit *a, const sample_out *s, int n)
{
    (void)n;
    const cJSON *names = field(s, "Gold_output");
    add_array(a, "per row", names, 1.0 / 5);
    const scene *sc = &s->img[0];
    for (int i = 0; i < sc->nprims; i++) {
        const prim *p = &sc->prims[i];
        const cJSON *w = p->object >= 0 ? cJSON_GetArrayItem(names, p->object) : NULL;
        if (w && cJSON_IsString(w))
            add(a, "from the row's colour", false, ((uint64_t)p->fill.r << 16) | (p->fill.g << 8) | p->fill.b,
                hash_str(w->valuestring), 1.0);
    }
}

/* Yes when the dot falls in any of n circles drawn as the original draws them; the
 * original's Yes share per level (its script simulated, 10^5 samples a level) is
 * kept as published, so "the level's most frequent answer" is right with
 * max(p, 1 - p): 0.68 at 1 circle, 0.53 at 2, then Yes, up to 0.997 at 20. */
static const double INSIDE_YES[20] = {0.3210, 0.5312, 0.6756, 0.7716, 0.8370, 0.8817, 0.9143,
                                      0.9361, 0.9526, 0.9636, 0.9727, 0.9797, 0.9837, 0.9871,
                                      0.9902, 0.9924, 0.9941, 0.9954, 0.9962, 0.9971};
static void it_inside_circles(audit *a, const sample_out *s, int n)
{
    double p = n >= 1 && n <= 20 ? INSIDE_YES[n - 1] : 1.0;
    const cJSON *v = field(s, "inside_circles");
    add(a, "most frequent per level", false, 0, hash_int(cJSON_IsTrue(v)), p > 0.5 ? p : 1 - p);
}

/* Each layer a distinct palette colour: chance 1/20 per position. */
static void it_layered_colours(audit *a, const sample_out *s, int n)
{
    (void)n;
    add_array(a, "per layer", field(s, "colors"), 1.0 / 20);
}

/* Three kinds (diamond, hexagon, octagon), each layer uniform as the original
 * draws them, and then only the kind lists whose every layer shows a readable
 * ring and sides (tasks.md rule 6, issue 28): gen redraws the others, so at high
 * levels the kinds that shrink least are likelier.  The chance figure of a
 * position is that of its most likely kind under uniform kinds conditioned on the
 * rule, worked out exactly here (a forward and a backward pass over the chains,
 * whose state is how many of each kind lie outside and the last kind), with the
 * rule's numbers from docs/tasks/layered_shapes.md: 1800 px canvas, outermost
 * circumradius 800, a ring's band (its widest disc less the 1-px outline) and a
 * side at least 3 and 9 px once the canvas is scaled to 448 px.  The figure is
 * 1/3 within a point up to level 8, 37% at 12 and 52% at 20. */
#define LS_MAXL 24
static double ls_fwd[LS_MAXL + 1][LS_MAXL + 1][LS_MAXL + 1][3], ls_bwd[LS_MAXL + 1][LS_MAXL + 1][LS_MAXL + 1][3];

static double ls_radius(const int *cnt, int last)
{
    static const int S[3] = {4, 6, 8};
    double r = 800;
    for (int k = 0; k < 3; k++)
        r *= pow(cos(M_PI / S[k]), cnt[k] - (k == last));
    return r;
}

/* May a layer of kind b follow (inside) one of kind a and circumradius r? */
static bool ls_step(double r, int a, int b)
{
    static const int S[3] = {4, 6, 8};
    static double w[3][3];
    static bool have;
    if (!have) {
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++)
                w[i][j] = inscribed_ring_width(S[i], S[j]);
        have = true;
    }
    double view = 3.0 * 1800 / 448, r2 = r * cos(M_PI / S[a]);
    return r * w[a][b] - 1 >= view && 2 * r2 * sin(M_PI / S[b]) >= 3 * view;
}

static void ls_chances(int n, double *best)
{
    memset(ls_fwd, 0, sizeof ls_fwd);
    memset(ls_bwd, 0, sizeof ls_bwd);
    for (int t = 1; t <= n; t++) /* t layers placed */
        for (int c0 = 0; c0 <= t; c0++)
            for (int c1 = 0; c0 + c1 <= t; c1++) {
                int cnt[3] = {c0, c1, t - c0 - c1};
                for (int k = 0; k < 3; k++) {
                    if (!cnt[k])
                        continue;
                    double f = 0;
                    if (t == 1)
                        f = 2 * 800 * sin(M_PI / (k == 0 ? 4 : k == 1 ? 6 : 8)) >= 3 * 3.0 * 1800 / 448 ? 1.0 / 3 : 0;
                    else {
                        int prev[3] = {cnt[0], cnt[1], cnt[2]};
                        prev[k]--;
                        for (int j = 0; j < 3; j++)
                            if (prev[j] && ls_step(ls_radius(prev, j), j, k))
                                f += ls_fwd[prev[0]][prev[1]][prev[2]][j] / 3;
                    }
                    ls_fwd[c0][c1][cnt[2]][k] = f;
                }
            }
    for (int t = n; t >= 1; t--)
        for (int c0 = 0; c0 <= t; c0++)
            for (int c1 = 0; c0 + c1 <= t; c1++) {
                int cnt[3] = {c0, c1, t - c0 - c1};
                for (int k = 0; k < 3; k++) {
                    if (!cnt[k])
                        continue;
                    double b = t == n ? 1 : 0;
                    for (int j = 0; j < 3 && t < n; j++)
                        if (ls_step(ls_radius(cnt, k), k, j)) {
                            int next[3] = {cnt[0], cnt[1], cnt[2]};
                            next[j]++;
                            b += ls_bwd[next[0]][next[1]][next[2]][j] / 3;
                        }
                    ls_bwd[c0][c1][cnt[2]][k] = b;
                }
            }
    for (int t = 1; t <= n; t++) {
        double p[3] = {0, 0, 0};
        for (int c0 = 0; c0 <= t; c0++)
            for (int c1 = 0; c0 + c1 <= t; c1++)
                for (int k = 0; k < 3; k++)
                    p[k] += ls_fwd[c0][c1][t - c0 - c1][k] * ls_bwd[c0][c1][t - c0 - c1][k];
        best[t - 1] = fmax(p[0], fmax(p[1], p[2])) / (p[0] + p[1] + p[2]);
    }
}

static void it_layered_shapes(audit *a, const sample_out *s, int n)
{
    static double best[LS_MAXL];
    static int have = 0;
    if (n > LS_MAXL)
        n = LS_MAXL;
    if (have != n) {
        ls_chances(n, best);
        have = n;
    }
    int pos = 0;
    const cJSON *v;
    /* the record's order is innermost first: position j is layer n-1-j from the outside */
    cJSON_ArrayForEach(v, field(s, "order"))
    {
        add(a, "per layer", false, hash_int(pos), hash_str(cJSON_IsString(v) ? v->valuestring : "?"),
            best[n - 1 - pos]);
        pos++;
    }
}

/* The whole answer as one item: the list's strings joined. */
static uint64_t hash_list(const cJSON *arr)
{
    uint64_t h = hash_str("[");
    const cJSON *v;
    cJSON_ArrayForEach(v, arr) h = (h ^ hash_str(cJSON_IsString(v) ? v->valuestring : "?")) * 1099511628211ULL;
    return h;
}

/* The answer is the set of the n colours (stored sorted), a uniform n-subset of
 * 20, as the original draws it: the most frequent set is right 1/C(20, n) of the
 * time, which is 1 at level 20 (every colour, the original's prior: "list all 20"
 * is always right there) and 1/20 at levels 1 and 19. */
static void it_list_colours(audit *a, const sample_out *s, int n)
{
    double c = 1;
    for (int k = 0; k < n; k++)
        c = c * (20 - k) / (k + 1);
    add(a, "whole set", false, 0, hash_list(field(s, "list_colours")), 1.0 / c);
}

/* The answer is the set of kinds among n shapes of 4 equally likely kinds: the
 * most likely set has probability max over k of P(exactly k given kinds) =
 * sum_j (-1)^(k-j) C(k, j) (j/4)^n; for n >= 5 it is "all four" (0.76 at n = 10,
 * 0.987 at n = 20: the original's prior, kept). */
static void it_list_shapes(audit *a, const sample_out *s, int n)
{
    double best = 0;
    for (int k = 1; k <= 4; k++) {
        double p = 0, ck = 1;
        for (int j = 0; j <= k; j++) {
            p += ((k - j) % 2 ? -1 : 1) * ck * pow(j / 4.0, n);
            ck = ck * (k - j) / (j + 1);
        }
        best = fmax(best, p);
    }
    add(a, "whole set", false, 0, hash_list(field(s, "list_shapes")), best);
}

/* The cells of a 6x6 grid: a cell holds a (green) circle with p = n/36.  gold_output
 * is the list of [row, column] cells, 1-based. */
static void grid_cells(audit *a, const cJSON *gold, int n)
{
    char has[36] = {0};
    const cJSON *pair;
    cJSON_ArrayForEach(pair, gold)
    {
        int r = cJSON_GetArrayItem(pair, 0)->valueint, c = cJSON_GetArrayItem(pair, 1)->valueint;
        if (r >= 1 && r <= 6 && c >= 1 && c <= 6)
            has[(r - 1) * 6 + (c - 1)] = 1;
    }
    for (int c = 0; c < 36; c++)
        add(a, "per cell", false, hash_int(c), hash_int(has[c]), yes_no_chance(n / 36.0));
}

static void it_locate_circles_colour(audit *a, const sample_out *s, int n)
{
    grid_cells(a, field(s, "gold_output"), n);
}

/* Every cell holds a shape (a circle in n of the 36, a square or a triangle in the
 * rest), all one green: a guess per shape that sees only where the shapes are is
 * right with the odds of the commoner answer, max(n/36, 1 - n/36). */
static void it_locate_circles_shape(audit *a, const sample_out *s, int n)
{
    grid_cells(a, field(s, "gold_output"), n);
    for (int i = 0; i < s->img[0].nprims; i++) {
        const prim *q = &s->img[0].prims[i];
        if (q->object >= 0)
            add(a, "circle or not, per shape", false, 0, hash_int(q->kind && strcmp(q->kind, "circle") == 0),
                yes_no_chance(n / 36.0));
    }
}

/* The rows of one kind: each row's two kinds are independent and uniform over
 * four, so the count is binomial(n, 1/4) and the first strip alone tells nothing
 * about it: chance is the binomial's most likely value. */
static void it_match(audit *a, const sample_out *s, int n)
{
    uint64_t ans = hash_int(rec_int(s, "Gold_output"));
    add(a, "most frequent count", false, 0, ans, binomial_mode_p(n, 0.25));
    add(a, "from the first image", false, image_look(&s->img[0]), ans, binomial_mode_p(n, 0.25));
}

/* The original's carve-order prior, kept (tasks.md rule 5): cells are numbered in
 * the order the depth-first search carves them and E is cell n, so the route is
 * most often just S,2,3,...,n-1,E.  The figure is the share of such routes in the
 * ORIGINAL script's own mazes (3,000 a level, levels 2..49, its generate_maze run
 * by hand); the guess "the consecutive route" (the most frequent one) must not beat
 * it by more than the tolerance.  gen measures 76.6% at level 22 against 77.4%. */
static const double MAZE_CONSECUTIVE[] = {
    1.000, 1.000, 1.000, 1.000, 1.000, 1.000, 0.982, 0.984, 0.970, 0.972, 0.946, 0.934,
    0.923, 0.934, 0.892, 0.886, 0.851, 0.853, 0.811, 0.808, 0.774, 0.772, 0.711, 0.697,
    0.650, 0.661, 0.585, 0.596, 0.524, 0.528, 0.469, 0.479, 0.421, 0.407, 0.332, 0.327,
    0.276, 0.286, 0.207, 0.201, 0.154, 0.147, 0.084, 0.090, 0.053, 0.057, 0.015, 0.017};

static void it_maze_solving(audit *a, const sample_out *s, int n)
{
    char *p = cJSON_PrintUnformatted(field(s, "path"));
    double share = n >= 2 && n <= 49 ? MAZE_CONSECUTIVE[n - 2] : 0.0;
    add(a, "most frequent route", false, 0, hash_str(p ? p : ""), share);
    free(p);
}

/* The original's prior, kept (tasks.md rule 5): the count is always n, the
 * level, and so always half the shapes of the first image.  Both guesses are
 * right every time: a measurement (100%), pinned as the chance figure. */
static void it_reflection(audit *a, const sample_out *s, const char *name)
{
    uint64_t ans = hash_int(rec_int(s, name));
    add(a, "the level's count", false, 0, ans, 1.0);
    add(a, "half the first image's shapes", true, hash_int(objects(&s->img[0], NULL)), ans, 1.0);
}
static void it_mirror_image(audit *a, const sample_out *s, int n)
{
    (void)n;
    it_reflection(a, s, "mirror_image");
}

static void it_water_image(audit *a, const sample_out *s, int n)
{
    (void)n;
    it_reflection(a, s, "water_image");
}

/* Exactly n of the 2n numbered shapes are circles, the n chosen uniformly: for
 * each number 1..2n, "is it on a circle" has chance 1/2. */
static void it_numbered_shapes(audit *a, const sample_out *s, int n)
{
    char seen[64] = {0};
    const cJSON *v;
    cJSON_ArrayForEach(v, field(s, "circles")) if (cJSON_IsString(v) && atoi(v->valuestring) > 0 &&
                                                   atoi(v->valuestring) < 64) seen[atoi(v->valuestring)] = 1;
    for (int k = 1; k <= 2 * n && k < 64; k++)
        add(a, "is this number on a circle", false, hash_int(k), hash_int(seen[k]), 0.5);
}

/* n numbered objects in a random order of size (the original's i.i.d. sizes, so
 * every permutation is as likely): chance 1/n per position. */
static void it_sorted(audit *a, const sample_out *s, int n)
{
    int pos = 0;
    const cJSON *v;
    cJSON_ArrayForEach(v, field(s, "Gold_output")) add(a, "per position", false, hash_int(pos++),
                                                      hash_int(cJSON_IsNumber(v) ? v->valueint : -1), 1.0 / n);
}

/* The original's prior, kept (tasks.md rule 5): exactly half of the first
 * image's 2n shapes vanish, so "half the shapes of the first image" is always
 * right.  The figure is a measurement (100%), pinned as the chance figure. */
static void it_vanishing_objects(audit *a, const sample_out *s, int n)
{
    (void)n;
    int t = objects(&s->img[0], NULL);
    add(a, "half the first image's shapes", false, hash_int(t), hash_int(rec_int(s, "vanished")), 1.0);
}

typedef struct task_audit {
    const char *task;
    items_fn items;
    int share; /* per-level samples are SHORTCUT_PER_LEVEL / share (0 = 1) */
} task_audit;

static const task_audit TASKS[] = {
    {"change_colour", it_change_colour, 1},
    {"circle_boxes", it_circle_boxes, 1},
    {"circle_location", it_circle_location, 1},
    {"circle_right_triangle", it_circle_right_triangle, 1},
    {"colours_present", it_colours_present, 1},
    {"comparing_size", it_comparing_size, 1},
    {"count_coloured_circles", it_count_coloured_circles, 1},
    {"counting_circles", it_counting_circles, 1},
    {"counting_locations", it_counting_locations, 1},
    {"counting_shapes", it_counting_shapes, 1},
    {"cross_and_knots", it_cross_and_knots, 1},
    {"graph_counting", it_graph_counting, 1},
    {"grid_path", it_grid_path, 1},
    {"identifying_shapes", it_identifying_shapes, 1},
    {"inside_circles", it_inside_circles, 1},
    /* the costliest tasks to make: layered ones give n items a sample, match ones
     * are scored at 1,000 samples a level (standard error 1.6 points at level 2) */
    {"layered_colours", it_layered_colours, 4},
    {"layered_shapes", it_layered_shapes, 4},
    {"list_colours", it_list_colours, 1},
    {"list_shapes", it_list_shapes, 1},
    {"locate_circles_colour", it_locate_circles_colour, 1},
    {"locate_circles_shape", it_locate_circles_shape, 1},
    {"match_outline", it_match, 2},
    {"match_shadow", it_match, 2},
    {"maze_solving", it_maze_solving, 1},
    {"mirror_image", it_mirror_image, 1},
    {"numbered_shapes", it_numbered_shapes, 1},
    {"sort_circles", it_sorted, 1},
    {"sort_lines", it_sorted, 1},
    {"vanishing_objects", it_vanishing_objects, 1},
    {"water_image", it_water_image, 1},
};
#define NTASKS ((int)(sizeof TASKS / sizeof TASKS[0]))

/* ---- scoring ------------------------------------------------------------------ */

static int cmp_item(const void *x, const void *y)
{
    const item *a = x, *b = y;
    if (a->guess != b->guess)
        return a->guess - b->guess;
    if (a->level != b->level)
        return a->level - b->level;
    if (a->key != b->key)
        return a->key < b->key ? -1 : 1;
    if (a->ans != b->ans)
        return a->ans < b->ans ? -1 : 1;
    return a->fold - b->fold;
}

/* The most frequent answer of fold f among items [i, j) (sorted by answer), and
 * its count there; found = 0 when fold f has none. */
static uint64_t mode_of(const item *it, size_t i, size_t j, int f, int *found)
{
    uint64_t best = 0;
    int bestn = 0;
    for (size_t k = i; k < j;) {
        size_t e = k;
        int c = 0;
        while (e < j && it[e].ans == it[k].ans) {
            c += it[e].fold == f;
            e++;
        }
        if (c > bestn) {
            bestn = c;
            best = it[k].ans;
        }
        k = e;
    }
    *found = bestn > 0;
    return best;
}

static int count_ans(const item *it, size_t i, size_t j, int f, uint64_t ans)
{
    int c = 0;
    for (size_t k = i; k < j; k++)
        c += it[k].fold == f && it[k].ans == ans;
    return c;
}

static int score(const char *task, audit *a, int *passed, int *failed)
{
    qsort(a->it, a->n, sizeof *a->it, cmp_item);
    for (size_t g0 = 0; g0 < a->n;) {
        /* one (guess, level) group: [g0, g1) */
        size_t g1 = g0;
        while (g1 < a->n && a->it[g1].guess == a->it[g0].guess && a->it[g1].level == a->it[g0].level)
            g1++;
        /* the group's fallback answer per fold: its most frequent answer over all
         * contexts (counted by a second sort of a copy, by answer) */
        size_t m = g1 - g0;
        item *byans = malloc(m * sizeof *byans);
        memcpy(byans, a->it + g0, m * sizeof *byans);
        for (size_t k = 0; k < m; k++)
            byans[k].key = 0;
        qsort(byans, m, sizeof *byans, cmp_item);
        int found;
        uint64_t fallback[2] = {mode_of(byans, 0, m, 0, &found), mode_of(byans, 0, m, 1, &found)};
        free(byans);

        long right = 0, total = 0;
        double chance = 0;
        for (size_t c0 = g0; c0 < g1;) {
            size_t c1 = c0;
            while (c1 < g1 && a->it[c1].key == a->it[c0].key)
                c1++;
            for (int f = 0; f < 2; f++) { /* learn on fold 1-f, score fold f */
                uint64_t guess = mode_of(a->it, c0, c1, 1 - f, &found);
                if (!found)
                    guess = fallback[1 - f];
                right += count_ans(a->it, c0, c1, f, guess);
            }
            for (size_t k = c0; k < c1; k++)
                chance += a->it[k].chance;
            total += (long)(c1 - c0);
            c0 = c1;
        }
        chance /= (double)total;
        double acc = (double)right / (double)total;
        /* a chance figure of 1 is a measured certainty the original publishes (a
         * prior kept, tasks.md rule 5): the guess must also reach it */
        bool ok = acc <= chance + SHORTCUT_TOLERANCE && (chance < 1.0 || acc >= chance - SHORTCUT_TOLERANCE);
        char lv[16];
        if (a->it[g0].level == POOLED)
            snprintf(lv, sizeof lv, "all");
        else
            snprintf(lv, sizeof lv, "%d", a->it[g0].level);
        printf("%-22s %-5s %-32s %6.1f%% %6.1f%% %7ld%s\n", task, lv, a->guess_name[a->it[g0].guess], 100 * acc,
               100 * chance, total, ok ? "" : "  FAIL");
        if (ok)
            (*passed)++;
        else
            (*failed)++;
        g0 = g1;
    }
    return 0;
}

static int audit_task(const task_audit *t, int per_level, int *passed, int *failed)
{
    const generator *g = generator_find(t->task);
    if (!g) {
        printf("shortcuts: no task '%s' in the registry\n", t->task);
        (*failed)++;
        return 1;
    }
    audit a = {0};
    sample_out s;
    sample_out_init(&s);
    for (int level = g->level_min; level <= g->level_max; level++) {
        a.level = level;
        for (int k = 0; k < per_level; k++) {
            gen_params p = {.level = level, .grid_size = 6, .file = 100000L * level + k};
            if (make_sample(g, SHORTCUT_SEED, &p, &s) != 0) {
                printf("FAIL %s level %d file %ld: %s\n", t->task, level, p.file, s.err);
                (*failed)++;
                continue;
            }
            a.fold = k & 1;
            t->items(&a, &s, level);
        }
    }
    sample_out_free(&s);
    score(t->task, &a, passed, failed);
    free(a.it);
    return 0;
}

int main(int argc, char **argv)
{
    int per_level = SHORTCUT_PER_LEVEL, first = 1;
    if (argc > 2 && strcmp(argv[1], "--per-level") == 0) {
        per_level = atoi(argv[2]);
        first = 3;
    }
    char err[512];
    if (font_init(err, sizeof err) != 0) {
        printf("shortcuts: %s\n", err);
        return 1;
    }
    int passed = 0, failed = 0;
    printf("%-22s %-5s %-32s %7s %7s %7s\n", "task", "level", "guess", "acc", "chance", "items");
    for (int i = 0; i < NTASKS; i++) {
        bool want = first >= argc;
        for (int k = first; k < argc; k++)
            want |= strcmp(argv[k], TASKS[i].task) == 0;
        if (want)
            audit_task(&TASKS[i], per_level / (TASKS[i].share > 1 ? TASKS[i].share : 1), &passed, &failed);
    }
    font_done();
    printf("shortcuts: %d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
