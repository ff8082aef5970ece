/* SPDX-License-Identifier: MIT */
/* test_font_threads.c - text drawn by several threads at once (font.h contract 3).
 *
 * Cairo 1.16 hands every thread that asks for one font face at one size the same
 * scaled font, and its glyph cache is not safe to share: with one face for the
 * whole program, gen all --jobs 2 aborted in cairo_scaled_font_destroy about one
 * run in six.  Checks: each thread gets a face of its own; THREADS threads drawing
 * and measuring labels of many sizes at once, over and over, do not crash and draw
 * exactly the pixels one thread alone draws (Cairo's Liberation Sans labels,
 * matplotlib's DejaVu Sans ones and Pillow's Liberation Sans ones).
 *
 * Exit status 0 when every check passes, 1 otherwise.
 */
#include "font.h"
#include "render.h"
#include "scene.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#define THREADS 4
#define ROUNDS 150
#define W 220
#define H 60

static int failures;

/* One label scene: size and text depend on k, so threads keep asking for other
 * scaled fonts and evicting each other's. */
static void label_scene(scene *s, int k)
{
    char text[16];
    snprintf(text, sizeof text, "%d label %d", k, k * 7 % 100);
    scene_reset(s, W, H);
    cairo_text_extents_t e;
    font_text_extents(10 + k % 23, text, &e); /* measuring too, as scenes do */
    scene_text(s, W / 2.0, H / 3.0, 10 + k % 23, text, RGB_BLACK);
    /* and matplotlib's text, which each thread lays out with FreeType faces of
     * its own (font.h contract 4): both fonts, upright and turned */
    prim *t = scene_mpl_text(s, W / 2.0, 2 * H / 3.0, 6 + k % 11, text, RGB_BLACK,
                             k % 2 ? FONT_DEJAVU_BOLD : FONT_DEJAVU, ALIGN_CENTER, ALIGN_CENTER);
    if (k % 5 == 0)
        t->angle = -M_PI / 2;
    /* and Pillow's text (contract 5), laid out on each thread's own face too */
    scene_pil_text(s, 4 + k % 9, 2 + k % 7 + (k % 3) * 0.375, 8 + k % 19, text, RGB_BLACK, ALIGN_LEFT, ALIGN_TOP);
}

/* Draws label k and returns a checksum of the canvas. */
static unsigned long draw_sum(canvas *cv, scene *s, int k)
{
    label_scene(s, k);
    if (render_scene(cv, s) != 0)
        return 0;
    int stride;
    const uint8_t *px = canvas_pixels(cv, &stride);
    unsigned long h = 5381;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W * 4; x++)
            h = h * 33 + px[(size_t)y * (size_t)stride + (size_t)x];
    return h;
}

static unsigned long expected[ROUNDS];
/* Every thread holds its face before any draws (and none can end and free its
 * face for the next to be given the same address). */
static pthread_barrier_t all_have_faces;

typedef struct job {
    int id;
    int mismatches;
    cairo_font_face_t *face;
} job;

static void *worker(void *arg)
{
    job *j = arg;
    canvas cv;
    canvas_init(&cv);
    scene s;
    memset(&s, 0, sizeof s);
    j->face = font_face();
    pthread_barrier_wait(&all_have_faces);
    for (int r = 0; r < ROUNDS; r++) {
        int k = (r * 13 + j->id * 5) % ROUNDS; /* each thread in another order */
        if (draw_sum(&cv, &s, k) != expected[k])
            j->mismatches++;
    }
    scene_free(&s);
    canvas_free(&cv);
    return NULL;
}

int main(void)
{
    char err[256];
    if (font_init(err, sizeof err) != 0) {
        printf("FAIL font_init: %s\n", err);
        return 1;
    }
    canvas cv;
    canvas_init(&cv);
    scene s;
    memset(&s, 0, sizeof s);
    for (int k = 0; k < ROUNDS; k++)
        expected[k] = draw_sum(&cv, &s, k);
    scene_free(&s);
    canvas_free(&cv);

    pthread_t th[THREADS];
    job jobs[THREADS];
    pthread_barrier_init(&all_have_faces, NULL, THREADS);
    for (int t = 0; t < THREADS; t++) {
        jobs[t] = (job){t, 0, NULL};
        if (pthread_create(&th[t], NULL, worker, &jobs[t]) != 0) {
            printf("FAIL cannot start thread %d\n", t);
            return 1;
        }
    }
    for (int t = 0; t < THREADS; t++)
        pthread_join(th[t], NULL);
    pthread_barrier_destroy(&all_have_faces);
    cairo_font_face_t *main_face = font_face();
    for (int t = 0; t < THREADS; t++) {
        if (jobs[t].mismatches) {
            printf("FAIL thread %d drew %d of %d labels otherwise than one thread alone\n", t, jobs[t].mismatches,
                   ROUNDS);
            failures++;
        }
        if (jobs[t].face == main_face) {
            printf("FAIL thread %d drew with the main thread's font face\n", t);
            failures++;
        }
        for (int u = 0; u < t; u++)
            if (jobs[t].face == jobs[u].face) {
                printf("FAIL threads %d and %d share a font face\n", u, t);
                failures++;
            }
    }
    font_done();
    printf("test_font_threads: %d threads x %d labels, %s\n", THREADS, ROUNDS, failures ? "FAILED" : "passed");
    return failures != 0;
}
