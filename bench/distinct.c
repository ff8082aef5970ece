/* SPDX-License-Identifier: MIT */
/* distinct - how many different samples a task has at a level (docs/training.md).
 *
 * usage: distinct [--samples M] [--levels K] [TASK...]
 *   For each task (default: all) and each of its K lowest release levels
 *   (default 2), makes M samples (default 1000) of one seed as scenes only (no
 *   images) and counts the different scene signatures (overlap.h).  Where some
 *   repeat, it also prints the size N of the sample space that would give that
 *   many different ones by chance (solving D = N (1 - (1 - 1/N)^M) for N), which
 *   is what a split can hope to keep apart from another.
 */
#include "font.h"
#include "generator.h"
#include "overlap.h"
#include "run.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The N for which M uniform draws from N give D different values on average. */
static double space_size(long m, long d)
{
    double lo = d, hi = 1e12;
    for (int it = 0; it < 200; it++) {
        double n = sqrt(lo * hi);
        double expect = n * (1 - pow(1 - 1 / n, (double)m));
        if (expect < d)
            lo = n;
        else
            hi = n;
    }
    return lo;
}

int main(int argc, char **argv)
{
    long m = 1000;
    int k = 2;
    int first = 1;
    for (; first < argc && argv[first][0] == '-'; first += 2) {
        if (first + 1 >= argc)
            return 2;
        if (strcmp(argv[first], "--samples") == 0)
            m = atol(argv[first + 1]);
        else if (strcmp(argv[first], "--levels") == 0)
            k = atoi(argv[first + 1]);
        else
            return 2;
    }
    char err[256];
    if (font_init(err, sizeof err) != 0) {
        fprintf(stderr, "distinct: %s\n", err);
        return 1;
    }
    printf("%-24s %5s %8s %8s %s\n", "task", "level", "samples", "distinct", "estimated space");
    uint64_t *sig = malloc(sizeof *sig * (size_t)m);
    sample_out so;
    sample_out_init(&so);
    for (int t = 0; t < GENERATOR_COUNT; t++) {
        const generator *g = GENERATORS[t];
        bool chosen = first >= argc;
        for (int a = first; a < argc; a++)
            chosen |= strcmp(argv[a], g->name) == 0;
        if (!chosen)
            continue;
        for (int level = g->level_min; level < g->level_min + k && level <= g->level_max; level++) {
            long made = 0;
            for (long f = 1; f <= m; f++) {
                gen_params p = {.level = level, .grid_size = 6, .file = f};
                if (make_sample(g, 7, &p, &so) == 0)
                    sig[made++] = sample_scene_signature(g, &so);
            }
            qsort(sig, (size_t)made, sizeof *sig, cmp_u64);
            long d = made > 0;
            for (long i = 1; i < made; i++)
                d += sig[i] != sig[i - 1];
            if (d < made)
                printf("%-24s %5d %8ld %8ld about %.0f\n", g->name, level, made, d, space_size(made, d));
            else
                printf("%-24s %5d %8ld %8ld all different\n", g->name, level, made, d);
            fflush(stdout);
        }
    }
    sample_out_free(&so);
    free(sig);
    font_done();
    return 0;
}
