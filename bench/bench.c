/* bench - where the time of making a sample goes, per task, and what PNG settings cost.
 *
 * usage: bench tasks [TASK...]   per task: ms per image for generating the scene,
 *                                drawing it and encoding it, and the ratio of the whole
 *                                to the encode alone (the cost floor)
 *        bench png [TASK...]     every candidate filter x zlib level x strategy on the
 *                                same rendered images: ms and bytes per image
 *        bench run CMD...        runs CMD (e.g. gen all ...) and prints its wall time,
 *                                CPU time and peak resident memory
 * One thread; every figure is a mean over the same samples, so compare within a run.
 */
#include "errors.h"
#include "font.h"
#include "generator.h"
#include "png_io.h"
#include "run.h"

#include <png.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

/* Samples per level: enough for stable means, few enough to run in seconds. */
#define BENCH_PER_LEVEL 3
/* Repeats of the whole set, keeping the fastest: the least disturbed by other load. */
#define BENCH_REPEATS 3

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static bool wanted(const char *name, int argc, char **argv)
{
    if (argc <= 2)
        return true;
    for (int i = 2; i < argc; i++)
        if (strcmp(argv[i], name) == 0)
            return true;
    return false;
}

static int bench_tasks(int argc, char **argv)
{
    printf("%-24s %7s %8s %8s %8s %8s %7s %7s\n", "task", "images", "gen ms", "draw ms", "png ms", "total", "png %",
           "x png");
    sample_out s;
    sample_out_init(&s);
    canvas cv;
    canvas_init(&cv);
    strbuf png = {0};
    char err[512];
    double all_total = 0, all_png = 0;
    for (int t = 0; t < GENERATOR_COUNT; t++) {
        const generator *g = GENERATORS[t];
        if (!wanted(g->name, argc, argv))
            continue;
        double best[3] = {1e30, 1e30, 1e30};
        int images = 0;
        for (int rep = 0; rep < BENCH_REPEATS; rep++) {
            double tg = 0, td = 0, te = 0;
            images = 0;
            for (int level = g->level_min; level <= g->level_max; level++)
                for (int k = 0; k < BENCH_PER_LEVEL; k++) {
                    gen_params p = {.level = level, .grid_size = 6, .file = level * 100 + k};
                    double t0 = now_ms();
                    if (make_sample(g, 7, &p, &s) != GEN_EXIT_OK) {
                        fprintf(stderr, "bench: %s: %s\n", g->name, s.err);
                        return 1;
                    }
                    double t1 = now_ms();
                    tg += t1 - t0;
                    for (int i = 0; i < g->images; i++) {
                        double a = now_ms();
                        render_scene(&cv, &s.img[i]);
                        double b = now_ms();
                        int stride;
                        const uint8_t *px = canvas_pixels(&cv, &stride);
                        png.len = 0;
                        png_encode_xrgb(px, cv.width, cv.height, stride, &PNG_DEFAULT_SETTINGS, &png, err, sizeof err);
                        double c = now_ms();
                        td += b - a;
                        te += c - b;
                        images++;
                    }
                }
            if (tg + td + te < best[0] + best[1] + best[2]) {
                best[0] = tg;
                best[1] = td;
                best[2] = te;
            }
        }
        double total = best[0] + best[1] + best[2];
        all_total += total;
        all_png += best[2];
        printf("%-24s %7d %8.3f %8.3f %8.3f %8.3f %6.1f%% %7.2f\n", g->name, images, best[0] / images,
               best[1] / images, best[2] / images, total / images, 100 * best[2] / total, total / best[2]);
    }
    printf("%-24s %7s %8s %8s %8s %8s %6.1f%% %7.2f\n", "all", "", "", "", "", "", 100 * all_png / all_total,
           all_total / all_png);
    strbuf_free(&png);
    canvas_free(&cv);
    sample_out_free(&s);
    return 0;
}

static int bench_png(int argc, char **argv)
{
    /* Render the images once, keep their pixels, then encode them every way. */
    int cap = 0, n = 0;
    uint8_t **pix = NULL;
    int *w = NULL, *h = NULL;
    sample_out s;
    sample_out_init(&s);
    canvas cv;
    canvas_init(&cv);
    for (int t = 0; t < GENERATOR_COUNT; t++) {
        const generator *g = GENERATORS[t];
        if (!wanted(g->name, argc, argv))
            continue;
        for (int level = g->level_min; level <= g->level_max; level += 3) {
            gen_params p = {.level = level, .grid_size = 6, .file = level};
            if (make_sample(g, 7, &p, &s) != GEN_EXIT_OK)
                continue;
            for (int i = 0; i < g->images; i++) {
                render_scene(&cv, &s.img[i]);
                int stride;
                const uint8_t *px = canvas_pixels(&cv, &stride);
                if (n == cap) {
                    cap = cap ? cap * 2 : 64;
                    pix = realloc(pix, sizeof *pix * (size_t)cap);
                    w = realloc(w, sizeof *w * (size_t)cap);
                    h = realloc(h, sizeof *h * (size_t)cap);
                }
                size_t bytes = (size_t)stride * (size_t)cv.height;
                pix[n] = malloc(bytes);
                memcpy(pix[n], px, bytes);
                w[n] = cv.width;
                h[n] = cv.height;
                n++;
            }
        }
    }
    struct {
        const char *name;
        int filter;
    } filters[] = {{"none", PNG_FILTER_NONE}, {"sub", PNG_FILTER_SUB}, {"up", PNG_FILTER_UP},
                   {"paeth", PNG_FILTER_PAETH}, {"all", PNG_ALL_FILTERS}};
    struct {
        const char *name;
        int strategy;
    } strategies[] = {{"default", Z_DEFAULT_STRATEGY}, {"filtered", Z_FILTERED}, {"rle", Z_RLE},
                      {"huffman", Z_HUFFMAN_ONLY}};
    int levels[] = {0, 1, 3, 6, 9};
    printf("%d images\n%-8s %-9s %5s %9s %11s\n", n, "filter", "strategy", "level", "ms/image", "bytes/image");
    strbuf png = {0};
    char err[256];
    for (size_t f = 0; f < sizeof filters / sizeof filters[0]; f++)
        for (size_t st = 0; st < sizeof strategies / sizeof strategies[0]; st++)
            for (size_t l = 0; l < sizeof levels / sizeof levels[0]; l++) {
                /* zlib's RLE and Huffman-only strategies ignore the level beyond 0/1;
                 * Z_FILTERED only changes levels 4..9; level 0 stores, whatever the rest. */
                if ((strategies[st].strategy == Z_RLE || strategies[st].strategy == Z_HUFFMAN_ONLY) && levels[l] != 1)
                    continue;
                if (strategies[st].strategy == Z_FILTERED && levels[l] < 4)
                    continue;
                if (levels[l] == 0 && (strategies[st].strategy != Z_DEFAULT_STRATEGY || filters[f].filter != PNG_FILTER_NONE))
                    continue;
                png_settings set = {filters[f].filter, levels[l], strategies[st].strategy};
                double best = 1e30;
                size_t bytes = 0;
                for (int rep = 0; rep < BENCH_REPEATS; rep++) {
                    double t0 = now_ms();
                    bytes = 0;
                    for (int i = 0; i < n; i++) {
                        png.len = 0;
                        png_encode_xrgb(pix[i], w[i], h[i], w[i] * 4, &set, &png, err, sizeof err);
                        bytes += png.len;
                    }
                    double t = now_ms() - t0;
                    best = t < best ? t : best;
                }
                bool chosen = set.filter == PNG_DEFAULT_SETTINGS.filter && set.level == PNG_DEFAULT_SETTINGS.level &&
                              set.strategy == PNG_DEFAULT_SETTINGS.strategy;
                printf("%-8s %-9s %5d %9.3f %11zu%s\n", filters[f].name, strategies[st].name, levels[l], best / n,
                       bytes / (size_t)n, chosen ? "  <- gen" : "");
            }
    strbuf_free(&png);
    for (int i = 0; i < n; i++)
        free(pix[i]);
    free(pix);
    free(w);
    free(h);
    canvas_free(&cv);
    sample_out_free(&s);
    return 0;
}

static int bench_run(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: bench run CMD...\n");
        return GEN_EXIT_USAGE;
    }
    double t0 = now_ms();
    pid_t pid = fork();
    if (pid == 0) {
        execvp(argv[2], argv + 2);
        _exit(127);
    }
    int status = 0;
    struct rusage ru;
    if (pid < 0 || wait4(pid, &status, 0, &ru) < 0) {
        perror("bench run");
        return 1;
    }
    double wall = (now_ms() - t0) / 1e3;
    double cpu = ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
    printf("wall %.2f s, cpu %.2f s, peak RSS %.1f MB, exit %d\n", wall, cpu, ru.ru_maxrss / 1024.0,
           WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 1;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "run") == 0)
        return bench_run(argc, argv);
    if (argc < 2 || (strcmp(argv[1], "tasks") != 0 && strcmp(argv[1], "png") != 0)) {
        fprintf(stderr, "usage: bench tasks|png [TASK...] | bench run CMD...\n");
        return GEN_EXIT_USAGE;
    }
    char err[512];
    if (font_init(err, sizeof err) != 0) {
        fprintf(stderr, "bench: %s\n", err);
        return 1;
    }
    int rc = strcmp(argv[1], "tasks") == 0 ? bench_tasks(argc, argv) : bench_png(argc, argv);
    font_done();
    return rc;
}
