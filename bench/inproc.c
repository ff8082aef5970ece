/* SPDX-License-Identifier: MIT */
/* bench_inproc - CPU time per sample made in-process with libperceptv (perceptv.h
 * only): every file of `gen TASK --seed SEED --num_images N --num_sizes A..B`
 * (A..B the task's default levels: 1..20 for most, 1..4 for the video tasks),
 * made into RGB buffers with record and gold, on one thread.
 * usage: bench_inproc TASK SEED N [REPEATS]   prints "TASK SAMPLES US_PER_SAMPLE"
 * (the fastest of REPEATS passes, default 3; bench/inproc.py runs it).
 * BENCH_SCENE_ONLY=1 times pv_make_scene instead: everything but the pixels. */
#define _POSIX_C_SOURCE 200809L
#include <perceptv.h>

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double cpu_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: bench_inproc TASK SEED N [REPEATS]\n");
        return 2;
    }
    const pv_task *t = pv_task_find(argv[1]);
    if (!t) {
        fprintf(stderr, "bench_inproc: unknown task '%s'\n", argv[1]);
        return 2;
    }
    long n = atol(argv[3]);
    int repeats = argc > 4 ? atoi(argv[4]) : 3;
    /* BENCH_SCENE_ONLY=1: pv_make_scene (scene, record, gold; no pixels) */
    const char *only = getenv("BENCH_SCENE_ONLY");
    int (*make)(const pv_config *, int64_t, int, pv_sample *, char *, size_t) =
        only && *only == '1' ? pv_make_scene : pv_make;
    pv_config *c = pv_config_new(t, strtoull(argv[2], NULL, 10));
    int lo = pv_task_level_min(t), nlevels = pv_task_level_max(t) - lo + 1;
    pv_sample *s = pv_sample_new();
    char err[512];
    if (pv_make(c, 1, 1, s, err, sizeof err) != PV_OK) { /* warm up: font, buffers */
        fprintf(stderr, "bench_inproc: %s\n", err);
        return 1;
    }
    double best = 1e30;
    for (int r = 0; r < repeats; r++) {
        double t0 = cpu_s();
        for (long i = 0; i < nlevels * n; i++)
            if (make(c, 1 + i, lo + (int)(i / n), s, err, sizeof err) != PV_OK) {
                fprintf(stderr, "bench_inproc: %s\n", err);
                return 1;
            }
        double dt = cpu_s() - t0;
        if (dt < best)
            best = dt;
    }
    printf("%s %ld %.1f\n", argv[1], nlevels * n, best / (double)(nlevels * n) * 1e6);
    pv_sample_free(s);
    pv_config_free(c);
    return 0;
}
