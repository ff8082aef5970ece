/* SPDX-License-Identifier: MIT */
/* golden - every task's images at its smallest, middle and largest default level,
 * compared as decoded pixels with tests/reference/<task>-L<level>[-first|-second].ref.png.
 * A video task (GEN_IMAGES_FRAMES) is made with the default GEN_FRAMES_DEFAULT frames
 * and only its first and last frames are kept as references
 * (<task>-L<level>-f1 and -f16): they show the scene before and after its events,
 * and two frames a level keep the references few and small.
 *
 * usage: golden REFERENCE_DIR OUTPUT_DIR [TASK...]
 * On a mismatch it writes OUTPUT_DIR/<name>.out.png (what gen draws now) and
 * OUTPUT_DIR/<name>.diff.png (differing pixels red over a faded reference) and
 * prints how many pixels differ.  GEN_UPDATE_REFERENCE=1 rewrites the references
 * on purpose (then look at them before committing).
 */
#include "errors.h"
#include "font.h"
#include "fsutil.h"
#include "generator.h"
#include "png_io.h"
#include "run.h"

#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* Fixed seed of the reference images. */
#define GOLDEN_SEED 7ULL
/* References are stored at the smallest compression: they live in git. */
#define REF_SETTINGS (*png_settings_for(PNG_SMALL))

static int failures;

static void to_rgb(const canvas *cv, uint8_t *out)
{
    for (int y = 0; y < cv->height; y++)
        for (int x = 0; x < cv->width; x++) {
            rgb c = canvas_pixel(cv, x, y);
            uint8_t *o = out + ((size_t)y * (size_t)cv->width + (size_t)x) * 3;
            o[0] = c.r;
            o[1] = c.g;
            o[2] = c.b;
        }
}

static void compare(const char *refdir, const char *outdir, const char *name, const canvas *cv, bool update)
{
    char ref[4096], err[512];
    snprintf(ref, sizeof ref, "%s/%s.ref.png", refdir, name);
    if (update) {
        strbuf png = {0};
        int stride;
        const uint8_t *px = canvas_pixels(cv, &stride);
        if (png_encode_xrgb(px, cv->width, cv->height, stride, &REF_SETTINGS, &png, err, sizeof err) != 0 ||
            write_file(ref, png.buf, png.len, err, sizeof err) != 0) {
            printf("FAIL %s: %s\n", name, err);
            failures++;
        } else {
            printf("wrote %s\n", ref);
        }
        strbuf_free(&png);
        return;
    }
    size_t n = (size_t)cv->width * (size_t)cv->height * 3;
    uint8_t *now = malloc(n);
    to_rgb(cv, now);
    uint8_t *want = NULL;
    int w, h;
    if (png_decode_file(ref, &want, &w, &h, err, sizeof err) != 0) {
        printf("FAIL %s: %s (GEN_UPDATE_REFERENCE=1 makes it)\n", name, err);
        failures++;
    } else if (w != cv->width || h != cv->height) {
        printf("FAIL %s: reference is %dx%d, gen draws %dx%d\n", name, w, h, cv->width, cv->height);
        failures++;
    } else {
        long differ = 0;
        uint8_t *diff = malloc(n);
        for (size_t i = 0; i < n; i += 3) {
            bool d = memcmp(now + i, want + i, 3) != 0;
            differ += d;
            uint8_t grey = (uint8_t)(192 + (want[i] + want[i + 1] + want[i + 2]) / 12);
            diff[i] = d ? 255 : grey;
            diff[i + 1] = d ? 0 : grey;
            diff[i + 2] = d ? 0 : grey;
        }
        if (differ) {
            char out[4096];
            mkdir_p(outdir, err, sizeof err);
            snprintf(out, sizeof out, "%s/%s.out.png", outdir, name);
            png_write_rgb_file(out, now, w, h);
            snprintf(out, sizeof out, "%s/%s.diff.png", outdir, name);
            png_write_rgb_file(out, diff, w, h);
            printf("FAIL %s: %ld pixels differ; see %s/%s.out.png and .diff.png\n", name, differ, outdir, name);
            failures++;
        } else {
            printf("ok   %s\n", name);
        }
        free(diff);
    }
    free(want);
    free(now);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: golden REFERENCE_DIR OUTPUT_DIR [TASK...]\n");
        return GEN_EXIT_USAGE;
    }
    const char *env = getenv("GEN_UPDATE_REFERENCE");
    bool update = env && strcmp(env, "1") == 0;
    char err[512];
    if (font_init(err, sizeof err) != 0) {
        printf("golden: %s\n", err);
        return 1;
    }
    sample_out s;
    sample_out_init(&s);
    canvas cv;
    canvas_init(&cv);
    int checked = 0;
    for (int t = 0; t < GENERATOR_COUNT; t++) {
        const generator *g = GENERATORS[t];
        if (argc > 3) {
            bool wanted = false;
            for (int a = 3; a < argc; a++)
                wanted |= strcmp(argv[a], g->name) == 0;
            if (!wanted)
                continue;
        }
        int levels[3] = {g->level_min, (g->level_min + g->level_max) / 2, g->level_max};
        for (int l = 0; l < 3; l++) {
            /* File number = level, so the three references are three different samples. */
            gen_params p = {.level = levels[l],
                            .grid_size = 6,
                            .file = levels[l],
                            .frames = g->images == GEN_IMAGES_FRAMES ? GEN_FRAMES_DEFAULT : 0};
            if (make_sample(g, GOLDEN_SEED, &p, &s) != GEN_EXIT_OK) {
                printf("FAIL %s level %d: %s\n", g->name, levels[l], s.err);
                failures++;
                continue;
            }
            int n = s.nimages;
            bool video = g->images == GEN_IMAGES_FRAMES;
            for (int k = 0; k < n; k++) {
                if (video && k != 0 && k != n - 1)
                    continue;
                char name[256], suffix[32];
                if (video)
                    snprintf(suffix, sizeof suffix, "-f%d", k + 1);
                else
                    snprintf(suffix, sizeof suffix, "%s", n == 1 ? "" : (k == 0 ? "-first" : "-second"));
                snprintf(name, sizeof name, "%s-L%d%s", g->name, levels[l], suffix);
                if (render_scene(&cv, &s.img[k]) != 0) {
                    printf("FAIL %s: render failed\n", name);
                    failures++;
                    continue;
                }
                compare(argv[1], argv[2], name, &cv, update);
                checked++;
            }
        }
    }
    canvas_free(&cv);
    sample_out_free(&s);
    font_done();
    printf("golden: %d passed, %d failed\n", checked - failures, failures);
    return failures ? 1 : 0;
}
