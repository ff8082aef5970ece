/* test_canvas: the one canvas rule (issue 12).  Every task, at every release level
 * (its default --num_sizes range), draws every image at 800x800; the three tasks
 * with the colour reference strip draw 800 x (800 + strip), the same at every
 * level.  So the image size never tells the level.  Three samples per level; the
 * largest level is where a task would grow. */
#include "font.h"
#include "generator.h"
#include "run.h"
#include "swatches.h"
#include "testlib.h"

#define SAMPLES_PER_LEVEL 3
#define SEED 808ULL

int main(void)
{
    char err[256];
    if (font_init(err, sizeof err) != 0) {
        printf("test_canvas: %s\n", err);
        return 1;
    }
    sample_out s;
    sample_out_init(&s);
    for (int t = 0; t < GENERATOR_COUNT; t++) {
        const generator *g = GENERATORS[t];
        int want_h = GEN_CANVAS + (g->uses_swatches ? swatch_strip_height(GEN_CANVAS) : 0);
        int bad = 0;
        for (int level = g->level_min; level <= g->level_max; level++)
            for (int k = 0; k < SAMPLES_PER_LEVEL; k++) {
                gen_params p = {.level = level, .grid_size = 6, .file = 1000L * level + k};
                int rc = make_sample(g, SEED, &p, &s);
                CHECK(rc == 0, "%s level %d: %s", g->name, level, s.err);
                if (rc != 0)
                    continue;
                for (int i = 0; i < g->images; i++)
                    if (s.img[i].width != GEN_CANVAS || s.img[i].height != want_h) {
                        if (bad++ == 0)
                            printf("%s level %d image %d is %dx%d, not %dx%d\n", g->name, level, i + 1,
                                   s.img[i].width, s.img[i].height, GEN_CANVAS, want_h);
                    }
            }
        CHECK(bad == 0, "%s: %d images off the %dx%d canvas", g->name, bad, GEN_CANVAS, want_h);
    }
    sample_out_free(&s);
    font_done();
    TEST_END("test_canvas");
}
