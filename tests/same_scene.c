/* SPDX-License-Identifier: MIT */
/* same_scene: gen's images with their scenes in the original's coordinates, for
 * tests/same_scene.py, which draws each scene again with the original's library
 * (matplotlib, Pillow, cv2) and compares the pixels.
 *
 * usage: same_scene OUTPUT_DIR PER_LEVEL [TASK...]
 * For every task (of the release: video tasks have no original), PER_LEVEL
 * samples at its lowest, middle and highest default level: OUTPUT_DIR/TASK/
 * L<level>_<k>_<image>.png (gen's pixels at scale 1) and .txt (the scene's
 * description, scene_describe's lines; empty where the generator writes none).
 */
#include "errors.h"
#include "font.h"
#include "fsutil.h"
#include "generator.h"
#include "png_io.h"
#include "run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The samples' root seed (any fixed value). */
#define SAME_SCENE_SEED 38ULL

static int write_text(const char *path, const char *text, size_t n)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    size_t w = fwrite(text, 1, n, f);
    return fclose(f) == 0 && w == n ? 0 : -1;
}

/* The picture a description hands to matplotlib as it is: the first n
 * primitives of sc on their own, at the size they are drawn before a stretch. */
static int write_picture(const scene *sc, int n, const char *dir, int level, int i, int k)
{
    scene pic;
    scene_init(&pic, sc->width, sc->height);
    scene_copy(&pic, sc);
    if (n < 0 || n > pic.nprims) {
        scene_free(&pic);
        return -1;
    }
    pic.nprims = n;
    if (pic.stretch_n > 0) {
        pic.width = pic.stretch_w;
        pic.height = pic.stretch_h;
        pic.stretch_n = pic.stretch_w = pic.stretch_h = 0;
    }
    canvas cv;
    canvas_init(&cv);
    int rc = render_scene(&cv, &pic);
    if (rc == 0) {
        uint8_t *px = malloc((size_t)cv.width * (size_t)cv.height * 3);
        canvas_to_rgb(&cv, px);
        char path[4200];
        snprintf(path, sizeof path, "%s/L%d_%d_%d.picture.png", dir, level, i, k);
        rc = png_write_rgb_file(path, px, cv.width, cv.height);
        free(px);
    }
    canvas_free(&cv);
    scene_free(&pic);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: same_scene OUTPUT_DIR PER_LEVEL [TASK...]\n");
        return GEN_EXIT_USAGE;
    }
    int per = atoi(argv[2]);
    char err[512];
    if (per < 1 || font_init(err, sizeof err) != 0) {
        fprintf(stderr, "same_scene: %s\n", per < 1 ? "PER_LEVEL must be at least 1" : err);
        return 1;
    }
    sample_out s;
    sample_out_init(&s);
    strbuf desc[GEN_MAX_IMAGES];
    memset(desc, 0, sizeof desc);
    for (int k = 0; k < GEN_MAX_IMAGES; k++)
        s.img[k].desc = &desc[k];
    canvas cv;
    canvas_init(&cv);
    int failed = 0, written = 0;
    for (int t = 0; t < GENERATOR_COUNT; t++) {
        const generator *g = GENERATORS[t];
        if (g->images == GEN_IMAGES_FRAMES)
            continue;
        bool wanted = argc == 3;
        for (int a = 3; a < argc; a++)
            wanted |= strcmp(argv[a], g->name) == 0;
        if (!wanted)
            continue;
        char dir[4096];
        snprintf(dir, sizeof dir, "%s/%s", argv[1], g->name);
        if (mkdir_p(dir, err, sizeof err) != 0) {
            fprintf(stderr, "same_scene: %s\n", err);
            return 1;
        }
        int levels[3] = {g->level_min, (g->level_min + g->level_max) / 2, g->level_max};
        for (int l = 0; l < 3; l++)
            for (int i = 0; i < per; i++) {
                gen_params p = {.level = levels[l], .grid_size = 6, .file = levels[l] * 1000L + i, .frames = 0};
                if (make_sample(g, SAME_SCENE_SEED, &p, &s) != GEN_EXIT_OK) {
                    fprintf(stderr, "same_scene: %s level %d: %s\n", g->name, levels[l], s.err);
                    failed++;
                    continue;
                }
                for (int k = 0; k < s.nimages; k++) {
                    char path[4200];
                    if (render_scene(&cv, &s.img[k]) != 0) {
                        fprintf(stderr, "same_scene: %s: render failed\n", g->name);
                        failed++;
                        continue;
                    }
                    size_t n = (size_t)cv.width * (size_t)cv.height * 3;
                    uint8_t *px = malloc(n);
                    canvas_to_rgb(&cv, px);
                    snprintf(path, sizeof path, "%s/L%d_%d_%d.png", dir, levels[l], i, k);
                    int bad = png_write_rgb_file(path, px, cv.width, cv.height) != 0;
                    free(px);
                    snprintf(path, sizeof path, "%s/L%d_%d_%d.txt", dir, levels[l], i, k);
                    bad |= write_text(path, desc[k].buf ? desc[k].buf : "", desc[k].len) != 0;
                    if (bad) {
                        fprintf(stderr, "same_scene: cannot write %s\n", path);
                        return 1;
                    }
                    written++;
                    /* "mpl picture prims=N": the scene's first N primitives, rendered
                     * on their own (before any stretch), as L.._k.picture.png */
                    const char *pic = desc[k].buf ? strstr(desc[k].buf, "mpl picture prims=") : NULL;
                    if (pic && write_picture(&s.img[k], atoi(pic + strlen("mpl picture prims=")), dir, levels[l],
                                             i, k) != 0) {
                        fprintf(stderr, "same_scene: %s: cannot write the picture of L%d_%d_%d\n", g->name,
                                levels[l], i, k);
                        return 1;
                    }
                }
            }
    }
    canvas_free(&cv);
    for (int k = 0; k < GEN_MAX_IMAGES; k++) {
        s.img[k].desc = NULL;
        strbuf_free(&desc[k]);
    }
    sample_out_free(&s);
    font_done();
    printf("same_scene: %d images written, %d samples failed\n", written, failed);
    return failed ? 1 : 0;
}
