/* SPDX-License-Identifier: MIT */
/* test_canvas: every task draws on the original script's canvas (issue 19,
 * shared/spec/tasks.md rule 4).  tests/canvas_sizes.txt holds the sizes measured
 * from the originals' own output, per task and level: for each line, three samples
 * of that level must have that size, exactly, or within the line's tolerance where
 * the original's size comes from matplotlib's tight bounding box and so varies from
 * image to image.  A task with no line is an error once GEN_CANVAS_REQUIRE_ALL is
 * set (CI sets it on the merged tree). */
#include "font.h"
#include "generator.h"
#include "run.h"
#include "testlib.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SAMPLES_PER_LINE 3
#define SEED 808ULL

static bool within(int got, int want, double pct)
{
    return fabs((double)got - want) <= want * pct / 100.0 + 1e-9;
}

int main(void)
{
    char err[256];
    if (font_init(err, sizeof err) != 0) {
        printf("test_canvas: %s\n", err);
        return 1;
    }
    FILE *f = fopen(GEN_SOURCE_DIR "/tests/canvas_sizes.txt", "r");
    CHECK(f != NULL, "cannot open tests/canvas_sizes.txt");
    if (!f)
        TEST_END("test_canvas");
    bool seen[256] = {0};
    sample_out s;
    sample_out_init(&s);
    char line[512];
    int lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char task[64];
        int level, w, h;
        double pct;
        if (sscanf(line, "%63s %d %d %d %lf", task, &level, &w, &h, &pct) != 5) {
            CHECK(0, "canvas_sizes.txt line %d: want TASK LEVEL WIDTH HEIGHT TOLERANCE_PERCENT", lineno);
            continue;
        }
        const generator *g = generator_find(task);
        CHECK(g != NULL, "canvas_sizes.txt line %d: no task '%s'", lineno, task);
        if (!g)
            continue;
        for (int t = 0; t < GENERATOR_COUNT; t++)
            if (GENERATORS[t] == g)
                seen[t] = true;
        for (int k = 0; k < SAMPLES_PER_LINE; k++) {
            gen_params p = {.level = level, .grid_size = 6, .file = 1000L * level + k,
                            .frames = g->images == GEN_IMAGES_FRAMES ? GEN_FRAMES_DEFAULT : 0};
            int rc = make_sample(g, SEED, &p, &s);
            CHECK(rc == 0, "%s level %d: %s", task, level, s.err);
            if (rc != 0)
                continue;
            for (int i = 0; i < gen_images(g, p.frames); i++)
                CHECK(within(s.img[i].width, w, pct) && within(s.img[i].height, h, pct),
                      "%s level %d image %d is %dx%d; the original's is %dx%d (+-%.1f%%)", task, level, i + 1,
                      s.img[i].width, s.img[i].height, w, h, pct);
        }
    }
    fclose(f);
    bool require = getenv("GEN_CANVAS_REQUIRE_ALL") != NULL;
    for (int t = 0; t < GENERATOR_COUNT; t++)
        if (!seen[t]) {
            if (require)
                CHECK(0, "%s: no measured size in tests/canvas_sizes.txt", GENERATORS[t]->name);
            else
                printf("test_canvas: %s has no measured size yet\n", GENERATORS[t]->name);
        }
    sample_out_free(&s);
    font_done();
    TEST_END("test_canvas");
}
