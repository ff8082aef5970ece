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

/* Every space-separated token of str as an item keyed by its position. */
static void add_tokens(audit *a, const char *guess, const char *str, double chance)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", str);
    int pos = 0;
    for (char *t = strtok(buf, " ,"); t; t = strtok(NULL, " ,"))
        add(a, guess, false, hash_int(pos++), hash_str(t), chance);
}

/* Every string of a JSON array as an item keyed by its position. */
static void add_array(audit *a, const char *guess, const cJSON *arr, double chance)
{
    int pos = 0;
    const cJSON *v;
    cJSON_ArrayForEach(v, arr) add(a, guess, false, hash_int(pos++), hash_str(cJSON_IsString(v) ? v->valuestring : "?"),
                                   chance);
}

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

/* n shapes change colour among n + extra; the levels are uniform over 1..20, so
 * chance of naming n is 1/20.  Guess: n from the number of shapes seen. */
static void it_change_colour(audit *a, const sample_out *s, int n)
{
    (void)n;
    add(a, "n from shape count", true, hash_int(objects(&s->img[0], NULL)), hash_int(rec_int(s, "num_differences")),
        1.0 / 20);
}

/* held is uniform over 0..n: chance 1/(n+1), from the boxes (= n) or from the
 * number of circles drawn (held plus loose ones). */
static void it_circle_boxes(audit *a, const sample_out *s, int n)
{
    uint64_t ans = hash_int(rec_int(s, "answer"));
    add(a, "most frequent", false, 0, ans, 1.0 / (n + 1));
    add(a, "from circle count", false, hash_int(objects(&s->img[0], "circle")), ans, 1.0 / (n + 1));
}

/* Four quadrants: chance 1/4. */
static void it_circle_location(audit *a, const sample_out *s, int n)
{
    (void)n;
    add(a, "most frequent", false, 0, hash_str(rec_str(s, "quadrant")), 0.25);
}

/* A cell holds a right or another triangle with equal odds, so given the number
 * of triangles T the count of right ones is Binomial(T, 1/2): chance is its mode. */
static void it_circle_right_triangle(audit *a, const sample_out *s, int n)
{
    (void)n;
    int r = rec_int(s, "right"), t = rec_int(s, "triangles");
    add(a, "right from triangle count", false, hash_int(r + t), hash_int(r), binomial_mode_p(r + t, 0.5));
}

/* k distinct colours, k uniform over ceil(n/3)..min(n,20): a colour is present
 * with q = E[k]/20, so the per-colour chance is max(q, 1-q). */
static void it_colours_present(audit *a, const sample_out *s, int n)
{
    int lo = (n + 2) / 3, hi = n < 20 ? n : 20;
    double q = (lo + hi) / 2.0 / 20;
    add_array(a, "per colour", field(s, "colours_present"), yes_no_chance(q));
}

/* Each row: left or right, chance 1/2. */
static void it_comparing_size(audit *a, const sample_out *s, int n)
{
    (void)n;
    add_tokens(a, "per row", rec_str(s, "Gold_output"), 0.5);
}

/* red uniform over 0..n given n circles: chance 1/(n+1). */
static void it_count_coloured_circles(audit *a, const sample_out *s, int n)
{
    add(a, "from circle count", false, 0, hash_int(rec_int(s, "red_circle")), 1.0 / (n + 1));
}

/* The count is the level, uniform over 20 levels: chance 1/20. */
static void it_counting_circles(audit *a, const sample_out *s, int n)
{
    (void)n;
    add(a, "most frequent", true, 0, hash_int(rec_int(s, "num_objects")), 1.0 / 20);
}

/* over = n (chance 1/20 over the levels); under uniform over 0..8: chance 1/9. */
static void it_counting_locations(audit *a, const sample_out *s, int n)
{
    (void)n;
    add(a, "over, most frequent", true, 0, hash_int(rec_int(s, "num_objects_over_table")), 1.0 / 20);
    add(a, "under, most frequent", false, 0, hash_int(rec_int(s, "num_objects_under_table")), 1.0 / 9);
}

/* circles = n (1/20 over the levels); squares and triangles uniform over 0..10: 1/11. */
static void it_counting_shapes(audit *a, const sample_out *s, int n)
{
    (void)n;
    add(a, "circles, most frequent", true, 0, hash_int(rec_int(s, "circles")), 1.0 / 20);
    add(a, "squares, most frequent", false, 0, hash_int(rec_int(s, "squares")), 1.0 / 11);
    add(a, "triangles, most frequent", false, 0, hash_int(rec_int(s, "triangles")), 1.0 / 11);
}

/* Each of the n marks is a cross with odds 1/2: crosses ~ Binomial(n, 1/2). */
static void it_cross_and_knots(audit *a, const sample_out *s, int n)
{
    add(a, "crosses from mark count", false, 0, hash_int(rec_int(s, "crosses")), binomial_mode_p(n, 0.5));
}

/* Edges uniform over ceil(0.75(n-1))..min(floor(1.5n)+1, n(n-1)/2). */
static void it_graph_counting(audit *a, const sample_out *s, int n)
{
    int pairs = n * (n - 1) / 2, lo = (int)ceil(0.75 * (n - 1)), hi = (int)floor(1.5 * n) + 1;
    if (hi > pairs)
        hi = pairs;
    if (lo > hi)
        lo = hi;
    add(a, "edges from node count", false, 0, hash_int(rec_int(s, "num_edges")), 1.0 / (hi - lo + 1));
}

/* Path length uniform over n..2n: chance 1/(n+1); the start cell is one of n*n. */
static void it_grid_path(audit *a, const sample_out *s, int n)
{
    add(a, "length, most frequent", false, 0, hash_int(rec_int(s, "path_size")), 1.0 / (n + 1));
    char first[16] = "";
    sscanf(rec_str(s, "gold_output"), "%15s", first);
    add(a, "start cell, most frequent", false, 0, hash_str(first), 1.0 / (n * n));
}

/* The odd shape is one of 5 kinds: chance 1/5. */
static void it_identifying_shapes(audit *a, const sample_out *s, int n)
{
    (void)n;
    add(a, "most frequent kind", false, 0, hash_str(rec_str(s, "Gold_output")), 1.0 / 5);
}

/* inside uniform over 0..n: chance 1/(n+1). */
static void it_inside_circles(audit *a, const sample_out *s, int n)
{
    add(a, "from circle count", false, 0, hash_int(rec_int(s, "inside_circles")), 1.0 / (n + 1));
}

/* Each layer a distinct palette colour: chance 1/20 per position. */
static void it_layered_colours(audit *a, const sample_out *s, int n)
{
    (void)n;
    add_array(a, "per layer", field(s, "colors"), 1.0 / 20);
}

/* Six kinds: chance 1/6 per position. */
static void it_layered_shapes(audit *a, const sample_out *s, int n)
{
    (void)n;
    add_array(a, "per layer", field(s, "order"), 1.0 / 6);
}

/* Colours drawn from those far from the background (at least 5 of 20): 1/20 is
 * the fair figure when every colour is equally likely. */
static void it_list_colours(audit *a, const sample_out *s, int n)
{
    (void)n;
    add_array(a, "per position", field(s, "list_colours"), 1.0 / 20);
}

/* Seven kinds: chance 1/7 per position. */
static void it_list_shapes(audit *a, const sample_out *s, int n)
{
    (void)n;
    add_array(a, "per position", field(s, "list_shapes"), 1.0 / 6);
}

/* The cells of a 6x6 grid: a cell holds a circle with p = n/36. */
static void grid_cells(audit *a, const char *gold, int n)
{
    char has[36] = {0}, buf[1024];
    snprintf(buf, sizeof buf, "%s", gold);
    for (char *t = strtok(buf, " ,"); t; t = strtok(NULL, " ,"))
        if (t[0] >= 'A' && t[0] <= 'F' && t[1] >= '1' && t[1] <= '6' && t[2] == '\0')
            has[(t[1] - '1') * 6 + (t[0] - 'A')] = 1;
    for (int c = 0; c < 36; c++)
        add(a, "per cell", false, hash_int(c), hash_int(has[c]), yes_no_chance(n / 36.0));
}

static void it_locate_circles_colour(audit *a, const sample_out *s, int n)
{
    grid_cells(a, rec_str(s, "gold_output"), n);
}

/* The drawn shapes are circles and m others, m uniform over max(1, n/2)..min(n, 36 - n)
 * (at least 2 while cells are free): a guess that sees which cells are taken but
 * not what they hold says "circle" for each, right with odds n/(n + E[m]). */
static void it_locate_circles_shape(audit *a, const sample_out *s, int n)
{
    grid_cells(a, rec_str(s, "gold_output"), n);
    int lo = n / 2 > 1 ? n / 2 : 1, hi = n > 2 ? n : 2;
    if (hi > 36 - n)
        hi = 36 - n;
    if (lo > hi)
        lo = hi;
    double p = n / (n + (lo + hi) / 2.0);
    for (int i = 0; i < s->img[0].nprims; i++) {
        const prim *q = &s->img[0].prims[i];
        if (q->object >= 0)
            add(a, "circle or not, per shape", false, 0, hash_int(q->kind && strcmp(q->kind, "circle") == 0),
                yes_no_chance(p));
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

/* A route through an n x n maze: many routes, so chance is about 0. */
static void it_maze_solving(audit *a, const sample_out *s, int n)
{
    (void)n;
    char *p = cJSON_PrintUnformatted(field(s, "path"));
    add(a, "most frequent route", false, 0, hash_str(p ? p : ""), 0.0);
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

/* Each shape is one of 4 kinds with equal odds: the kind of each number, 1/4. */
static void it_numbered_shapes(audit *a, const sample_out *s, int n)
{
    (void)n;
    static const char *const kinds[] = {"circles", "pentagons", "rectangles", "triangles"};
    for (int k = 0; k < 4; k++) {
        const cJSON *v;
        cJSON_ArrayForEach(v, field(s, kinds[k])) add(a, "kind of each number", false, hash_int(v->valueint),
                                                      hash_int(k), 0.25);
    }
}

/* n labels in a random order: chance 1/n per position. */
static void it_sorted(audit *a, const sample_out *s, int n) { add_tokens(a, "per position", rec_str(s, "Gold_output"), 1.0 / n); }

/* k of the first image's T shapes vanish, k uniform over 1..max(1, T/3): chance
 * 1/max(1, T/3) for the total, from the first image alone. */
static void it_vanishing_objects(audit *a, const sample_out *s, int n)
{
    (void)n;
    int t = objects(&s->img[0], NULL), k = 0;
    const cJSON *v;
    cJSON_ArrayForEach(v, field(s, "vanished")) k += v->valueint;
    int most = t / 3 > 1 ? t / 3 : 1;
    add(a, "total vanished from first image", false, hash_int(t), hash_int(k), 1.0 / most);
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
        bool ok = acc <= chance + SHORTCUT_TOLERANCE;
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
