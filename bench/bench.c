/* SPDX-License-Identifier: MIT */
/* bench - where the time of making a sample goes, per task, and what PNG settings cost.
 *
 * usage: bench tasks [TASK...]   per task: ms per image for making the scene, drawing
 *                                it, converting its rows (with the canvas refill and
 *                                the Adler-32), deflating, the PNG container, hashing
 *                                (gen.json's SHA-256) and writing the file, as gen does
 *                                (canvas_encode_png)
 *        bench png [TASK...]     every candidate deflate x level x row filter on the
 *                                same rendered images: ms and bytes per image
 *        bench rows              the row converters on the same images: ms per image
 *        bench digest DEFLATE LEVEL [TASK...]
 *                                one SHA-256 over the encodings of one image per
 *                                level (igzip|libdeflate|zlib at LEVEL, no filter):
 *                                run it in many processes to see whether the bytes
 *                                repeat (bench/encoder_repeat.sh)
 *        bench run CMD...        runs CMD (e.g. gen all ...) and prints its wall time,
 *                                CPU time and peak resident memory
 * One thread; every figure is a mean over the same samples, so compare within a run.
 */
#include "errors.h"
#include "fsutil.h"
#include "sha256.h"
#include "font.h"
#include "generator.h"
#include "png_io.h"
#include "run.h"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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


/* The rendered images of every level (step apart) of the wanted tasks, copied out. */
typedef struct image_set {
    int n, cap;
    uint8_t **pix;
    int *w, *h;
} image_set;

static void images_collect(image_set *set, int step, int argc, char **argv)
{
    memset(set, 0, sizeof *set);
    sample_out s;
    sample_out_init(&s);
    canvas cv;
    canvas_init(&cv);
    for (int t = 0; t < GENERATOR_COUNT; t++) {
        const generator *g = GENERATORS[t];
        if (!wanted(g->name, argc, argv))
            continue;
        for (int level = g->level_min; level <= g->level_max; level += step) {
            gen_params p = {.level = level, .grid_size = 6, .file = level};
            if (make_sample(g, 7, &p, &s) != GEN_EXIT_OK)
                continue;
            for (int i = 0; i < g->images; i++) {
                render_scene(&cv, &s.img[i]);
                int stride;
                const uint8_t *px = canvas_pixels(&cv, &stride);
                if (set->n == set->cap) {
                    set->cap = set->cap ? set->cap * 2 : 64;
                    set->pix = xrealloc(set->pix, sizeof *set->pix * (size_t)set->cap);
                    set->w = xrealloc(set->w, sizeof *set->w * (size_t)set->cap);
                    set->h = xrealloc(set->h, sizeof *set->h * (size_t)set->cap);
                }
                /* Packed rows (stride = 4 * width), as Cairo lays out these sizes. */
                size_t row = (size_t)cv.width * 4;
                uint8_t *copy = xmalloc(row * (size_t)cv.height);
                for (int y = 0; y < cv.height; y++)
                    memcpy(copy + row * (size_t)y, px + (size_t)stride * (size_t)y, row);
                set->pix[set->n] = copy;
                set->w[set->n] = cv.width;
                set->h[set->n] = cv.height;
                set->n++;
            }
        }
    }
    canvas_free(&cv);
    sample_out_free(&s);
}

static void images_free(image_set *set)
{
    for (int i = 0; i < set->n; i++)
        free(set->pix[i]);
    free(set->pix);
    free(set->w);
    free(set->h);
}

/* The columns of bench tasks. */
enum { T_SCENE, T_DRAW, T_CONVERT, T_DEFLATE, T_CONTAINER, T_HASH, T_WRITE, T_N };
static const char *const T_NAMES[T_N] = {"scene", "draw", "convert", "deflate", "png", "hash", "write"};

static int bench_tasks(int argc, char **argv)
{
    char dir[] = "/tmp/gen-bench-XXXXXX";
    if (!mkdtemp(dir)) {
        perror("bench: mkdtemp");
        return 1;
    }
    printf("rows: %s; compression fast\n%-24s %6s", png_rows_name(), "task (ms per image)", "images");
    for (int k = 0; k < T_N; k++)
        printf(" %8s", T_NAMES[k]);
    printf(" %8s\n", "total");
    sample_out s;
    sample_out_init(&s);
    canvas cv;
    canvas_init(&cv);
    strbuf png = {0};
    char err[512], path[4200], hex[65];
    double all[T_N] = {0}, worst = 0;
    int all_images = 0;
    const char *worst_task = "";
    const png_settings *set = png_settings_for(PNG_FAST);
    for (int t = 0; t < GENERATOR_COUNT; t++) {
        const generator *g = GENERATORS[t];
        if (!wanted(g->name, argc, argv))
            continue;
        double best[T_N], best_total = 1e30;
        int images = 0;
        for (int rep = 0; rep < BENCH_REPEATS; rep++) {
            double tm[T_N] = {0};
            images = 0;
            for (int level = g->level_min; level <= g->level_max; level++)
                for (int k = 0; k < BENCH_PER_LEVEL; k++) {
                    gen_params p = {.level = level, .grid_size = 6, .file = level * 100 + k};
                    double t0 = now_ms();
                    if (make_sample(g, 7, &p, &s) != GEN_EXIT_OK) {
                        fprintf(stderr, "bench: %s: %s\n", g->name, s.err);
                        return 1;
                    }
                    tm[T_SCENE] += now_ms() - t0;
                    for (int i = 0; i < g->images; i++) {
                        double a = now_ms();
                        render_scene(&cv, &s.img[i]);
                        double b = now_ms();
                        png.len = 0;
                        if (canvas_encode_png(&cv, set, &png, err, sizeof err) != 0) {
                            fprintf(stderr, "bench: %s\n", err);
                            return 1;
                        }
                        double c = now_ms();
                        sha256_hex(png.buf, png.len, hex);
                        double d = now_ms();
                        snprintf(path, sizeof path, "%s/%d-%d-%d.png", dir, level, k, i);
                        if (write_file(path, png.buf, png.len, err, sizeof err) != 0) {
                            fprintf(stderr, "bench: %s\n", err);
                            return 1;
                        }
                        double e = now_ms();
                        double conv, defl;
                        png_last_split(&conv, &defl);
                        tm[T_DRAW] += b - a;
                        tm[T_CONVERT] += conv / 1e6;
                        tm[T_DEFLATE] += defl / 1e6;
                        tm[T_CONTAINER] += (c - b) - (conv + defl) / 1e6;
                        tm[T_HASH] += d - c;
                        tm[T_WRITE] += e - d;
                        images++;
                    }
                }
            double total = 0;
            for (int k = 0; k < T_N; k++)
                total += tm[k];
            if (total < best_total) {
                best_total = total;
                memcpy(best, tm, sizeof best);
            }
            /* The next repeat writes fresh files, as a run does. */
            for (int level = g->level_min; level <= g->level_max; level++)
                for (int k = 0; k < BENCH_PER_LEVEL; k++)
                    for (int i = 0; i < g->images; i++) {
                        snprintf(path, sizeof path, "%s/%d-%d-%d.png", dir, level, k, i);
                        unlink(path);
                    }
        }
        printf("%-24s %6d", g->name, images);
        for (int k = 0; k < T_N; k++) {
            printf(" %8.3f", best[k] / images);
            all[k] += best[k];
        }
        printf(" %8.3f\n", best_total / images);
        all_images += images;
        if (best_total / images > worst) {
            worst = best_total / images;
            worst_task = g->name;
        }
    }
    double total = 0;
    for (int k = 0; k < T_N; k++)
        total += all[k];
    printf("%-24s %6d", "all (share of time)", all_images);
    for (int k = 0; k < T_N; k++)
        printf(" %7.1f%%", 100 * all[k] / total);
    printf(" %8.3f\n", total / all_images);
    printf("slowest task: %s at %.3f ms per image (target: at most 3 ms)\n", worst_task, worst);
    rmdir(dir);
    strbuf_free(&png);
    canvas_free(&cv);
    sample_out_free(&s);
    return 0;
}

static int bench_png(int argc, char **argv)
{
    /* Render the images once (every third level), then encode them every way. */
    image_set im;
    images_collect(&im, 3, argc, argv);
    static const char *const deflates[] = {"igzip", "libdeflate", "zlib"};
    static const char *const filters[] = {"none", "sub", "up", "average", "paeth", "adaptive"};
    /* Every level with no filter; every filter at the fast and the small end. */
    static const png_settings cand[] = {
        {PNG_DEFLATE_ISAL, 0, PNG_ROWS_NONE},        {PNG_DEFLATE_ISAL, 1, PNG_ROWS_NONE},
        {PNG_DEFLATE_ISAL, 2, PNG_ROWS_NONE},        {PNG_DEFLATE_ISAL, 3, PNG_ROWS_NONE},
        {PNG_DEFLATE_ISAL, 0, PNG_ROWS_UP},          {PNG_DEFLATE_ISAL, 0, PNG_ROWS_ADAPTIVE},
        {PNG_DEFLATE_ISAL, 1, PNG_ROWS_SUB},         {PNG_DEFLATE_ISAL, 1, PNG_ROWS_UP},
        {PNG_DEFLATE_ISAL, 1, PNG_ROWS_PAETH},       {PNG_DEFLATE_ISAL, 1, PNG_ROWS_ADAPTIVE},
        {PNG_DEFLATE_LIBDEFLATE, 1, PNG_ROWS_NONE},  {PNG_DEFLATE_LIBDEFLATE, 4, PNG_ROWS_NONE},
        {PNG_DEFLATE_LIBDEFLATE, 6, PNG_ROWS_NONE},  {PNG_DEFLATE_LIBDEFLATE, 9, PNG_ROWS_NONE},
        {PNG_DEFLATE_LIBDEFLATE, 9, PNG_ROWS_UP},    {PNG_DEFLATE_LIBDEFLATE, 9, PNG_ROWS_PAETH},
        {PNG_DEFLATE_LIBDEFLATE, 9, PNG_ROWS_ADAPTIVE}, {PNG_DEFLATE_LIBDEFLATE, 10, PNG_ROWS_NONE},
        {PNG_DEFLATE_LIBDEFLATE, 11, PNG_ROWS_NONE}, {PNG_DEFLATE_ZLIB, 1, PNG_ROWS_NONE},
        {PNG_DEFLATE_ZLIB, 6, PNG_ROWS_NONE},        {PNG_DEFLATE_ZLIB, 9, PNG_ROWS_NONE},
        {PNG_DEFLATE_ZLIB, 9, PNG_ROWS_UP},          {PNG_DEFLATE_ZLIB, 9, PNG_ROWS_ADAPTIVE},
        /* libdeflate 12 (its near-optimal parser) took over 1 s an image on these
         * flat images: BENCH_SLOW=1 adds it. */
        {PNG_DEFLATE_LIBDEFLATE, 12, PNG_ROWS_NONE},
    };
    printf("%d images\n%-11s %5s %-9s %9s %11s\n", im.n, "deflate", "level", "filter", "ms/image", "bytes/image");
    strbuf png = {0};
    char err[256];
    const png_settings *fast = png_settings_for(PNG_FAST), *small = png_settings_for(PNG_SMALL);
    for (size_t c = 0; c < sizeof cand / sizeof cand[0]; c++) {
        const png_settings *set = &cand[c];
        if (!png_deflate_available(set->deflate) ||
            (set->deflate == PNG_DEFLATE_LIBDEFLATE && set->level == 12 && !getenv("BENCH_SLOW")))
            continue;
        double best = 1e30;
        size_t bytes = 0;
        for (int rep = 0; rep < BENCH_REPEATS; rep++) {
            double t0 = now_ms();
            bytes = 0;
            for (int i = 0; i < im.n; i++) {
                png.len = 0;
                if (png_encode_xrgb(im.pix[i], im.w[i], im.h[i], im.w[i] * 4, set, &png, err, sizeof err) != 0) {
                    fprintf(stderr, "bench: %s\n", err);
                    return 1;
                }
                bytes += png.len;
            }
            double t = now_ms() - t0;
            best = t < best ? t : best;
            if (t > 5000)
                break; /* slow settings: one run is precise enough */
        }
        bool is_fast = !memcmp(set, fast, sizeof *set), is_small = !memcmp(set, small, sizeof *set);
        printf("%-11s %5d %-9s %9.3f %11zu%s\n", deflates[set->deflate], set->level, filters[set->filter],
               best / im.n, bytes / (size_t)im.n, is_fast ? "  <- fast" : is_small ? "  <- small" : "");
    }
    strbuf_free(&png);
    images_free(&im);
    return 0;
}

static int bench_rows(int argc, char **argv)
{
    image_set im;
    images_collect(&im, 3, argc, argv);
    static const char *const names[] = {"portable loop", "ssse3 shuffle", "avx512 vbmi permute"};
    strbuf png = {0};
    char err[256];
    const png_settings *fast = png_settings_for(PNG_FAST);
    printf("%d images, compression fast\n%-20s %12s %12s\n", im.n, "converter", "convert ms", "encode ms");
    for (int which = 0; which < 3; which++) {
        if (png_rows_use(which) != 0) {
            printf("%-20s %12s\n", names[which], "(not on this CPU)");
            continue;
        }
        double best_conv = 1e30, best_all = 1e30;
        for (int rep = 0; rep < BENCH_REPEATS; rep++) {
            double conv = 0, t0 = now_ms();
            for (int i = 0; i < im.n; i++) {
                png.len = 0;
                png_encode_xrgb(im.pix[i], im.w[i], im.h[i], im.w[i] * 4, fast, &png, err, sizeof err);
                double c, d;
                png_last_split(&c, &d);
                conv += c / 1e6;
            }
            double all = now_ms() - t0;
            best_conv = conv < best_conv ? conv : best_conv;
            best_all = all < best_all ? all : best_all;
        }
        printf("%-20s %12.3f %12.3f\n", names[which], best_conv / im.n, best_all / im.n);
    }
    strbuf_free(&png);
    images_free(&im);
    return 0;
}

static int bench_digest(int argc, char **argv)
{
    static const char *const names[] = {"igzip", "libdeflate", "zlib"};
    png_settings set = {-1, argc > 3 ? atoi(argv[3]) : 0, PNG_ROWS_NONE};
    for (int d = 0; d < 3; d++)
        if (argc > 2 && strcmp(argv[2], names[d]) == 0)
            set.deflate = d;
    if (set.deflate < 0 || !png_deflate_available(set.deflate)) {
        fprintf(stderr, "usage: bench digest igzip|libdeflate|zlib LEVEL [TASK...] (a deflate in this build)\n");
        return GEN_EXIT_USAGE;
    }
    /* The task names start at argv[4]: shift so wanted() sees them at 2. */
    image_set im;
    images_collect(&im, 1, argc - 2, argv + 2);
    sha256_ctx c;
    sha256_init(&c);
    strbuf png = {0};
    char err[256], hex[65];
    uint8_t d[32];
    for (int i = 0; i < im.n; i++) {
        png.len = 0;
        if (png_encode_xrgb(im.pix[i], im.w[i], im.h[i], im.w[i] * 4, &set, &png, err, sizeof err) != 0) {
            fprintf(stderr, "bench: %s\n", err);
            return 1;
        }
        sha256_update(&c, png.buf, png.len);
    }
    sha256_final(&c, d);
    for (int i = 0; i < 32; i++)
        snprintf(hex + 2 * i, 3, "%02x", d[i]);
    printf("%s %d images\n", hex, im.n);
    strbuf_free(&png);
    images_free(&im);
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
    setvbuf(stdout, NULL, _IOLBF, 0); /* figures appear as they are measured, also in a pipe */
    if (argc >= 2 && strcmp(argv[1], "run") == 0)
        return bench_run(argc, argv);
    if (argc < 2 || (strcmp(argv[1], "tasks") != 0 && strcmp(argv[1], "png") != 0 && strcmp(argv[1], "rows") != 0 &&
                     strcmp(argv[1], "digest") != 0)) {
        fprintf(stderr, "usage: bench tasks|png|rows [TASK...] | bench digest DEFLATE LEVEL [TASK...] | bench run CMD...\n");
        return GEN_EXIT_USAGE;
    }
    char err[512];
    if (font_init(err, sizeof err) != 0) {
        fprintf(stderr, "bench: %s\n", err);
        return 1;
    }
    int rc = strcmp(argv[1], "tasks") == 0    ? bench_tasks(argc, argv)
             : strcmp(argv[1], "png") == 0    ? bench_png(argc, argv)
             : strcmp(argv[1], "digest") == 0 ? bench_digest(argc, argv)
                                              : bench_rows(argc, argv);
    font_done();
    return rc;
}
