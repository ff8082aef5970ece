/* SPDX-License-Identifier: MIT */
/* The background pictures (common/toolkit/backgrounds.h): the same stream draws the same
 * picture; every picture stays inside its area, covers all of it, keeps to
 * BG_MAX_PRIMS and BG_MAX_COLOURS and records its primitives' boxes and colours
 * truthfully; background_far() agrees with a brute-force CIEDE2000 scan; every
 * style turns up; and a demand no picture can meet leaves the scene untouched. */
#include "backgrounds.h"
#include "colour.h"
#include "render.h"
#include "testlib.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define PICTURES 150
/* The canvas colour under the picture: no scheme can make it (saturation stays
 * under 1), so a pixel of it inside the area is a gap in the picture. */
#define SENTINEL ((rgb){0, 255, 0})

static bool same_rgb(rgb a, rgb b) { return a.r == b.r && a.g == b.g && a.b == b.b; }

int main(void)
{
    scene s, t;
    scene_init(&s, 800, 900);
    scene_init(&t, 800, 900);
    canvas cv;
    canvas_init(&cv);
    background *bg = malloc(sizeof *bg), *bg2 = malloc(sizeof *bg2);
    box area = {0, 0, 800, 800}; /* the 100 px below stay outside */
    const char *styles[8];
    int nstyles = 0, textured = 0;
    for (int i = 0; i < PICTURES; i++) {
        rng r, r2;
        rng_for_sample(&r, 11, "test_backgrounds", i, "background");
        r2 = r;
        scene_reset(&s, 800, 900);
        scene_reset(&t, 800, 900);
        s.background = SENTINEL;
        CHECK(background_draw(&s, &area, &r, 25, NULL, 0, 0, bg) == 0, "picture %d not drawn", i);
        background_draw(&t, &area, &r2, 25, NULL, 0, 0, bg2);
        CHECK(s.nprims == t.nprims && s.npts == t.npts && memcmp(s.prims, t.prims, sizeof(prim) * (size_t)s.nprims) == 0 &&
                  memcmp(s.pts, t.pts, sizeof(point) * (size_t)s.npts) == 0,
              "picture %d differs when drawn twice from one stream", i);
        CHECK(bg->nprims == s.nprims && bg->nprims <= BG_MAX_PRIMS && bg->ncolours <= BG_MAX_COLOURS,
              "picture %d: %d primitives recorded, %d in the scene", i, bg->nprims, s.nprims);
        int k = 0;
        while (k < nstyles && strcmp(styles[k], bg->style) != 0)
            k++;
        if (k == nstyles && nstyles < 8)
            styles[nstyles++] = bg->style;
        textured += bg->textured;
        for (int j = 0; j < s.nprims; j++) {
            const prim *p = &s.prims[j];
            double x0, y0, x1, y1;
            prim_bbox(&s, p, &x0, &y0, &x1, &y1);
            CHECK(strcmp(p->kind, BG_KIND) == 0 && p->object < 0, "picture %d: primitive %d is not background", i, j);
            CHECK(x0 >= -1e-6 && y0 >= -1e-6 && x1 <= 800 + 1e-6 && y1 <= 800 + 1e-6,
                  "picture %d: primitive %d leaves the area", i, j);
            const box *b = &bg->boxes[j];
            CHECK(fabs(b->x0 - x0) < 1e-9 && fabs(b->y1 - y1) < 1e-9, "picture %d: box %d recorded wrongly", i, j);
            CHECK(same_rgb(bg->colours[bg->colour_of[j]], p->fill), "picture %d: colour %d recorded wrongly", i, j);
            if (bg->textured && j >= bg->texture_from)
                CHECK(x1 - x0 <= 10 + 1e-9 && y1 - y0 <= 10 + 1e-9, "picture %d: speck %d is %.1f x %.1f", i, j,
                      x1 - x0, y1 - y0);
        }
        /* Covers the area, leaks nothing below it. */
        CHECK(render_scene(&cv, &s) == 0, "render failed");
        int gaps = 0, leaks = 0;
        for (int y = 0; y < 900; y += 3)
            for (int x = 0; x < 800; x += 3) {
                bool sentinel = same_rgb(canvas_pixel(&cv, x, y), SENTINEL);
                gaps += y < 800 && sentinel;
                leaks += y >= 800 && !sentinel;
            }
        CHECK(gaps == 0 && leaks == 0, "picture %d (%s): %d gaps, %d leaks", i, bg->style, gaps, leaks);
        /* background_far() against a brute-force scan over random boxes. */
        for (int q = 0; q < 6; q++) {
            double x = rng_uniform(&r, 0, 760), y = rng_uniform(&r, 0, 760), w = rng_uniform(&r, 5, 120);
            box b = {x, y, x + w, y + w * 0.7};
            uint32_t want = (1u << PALETTE_SIZE) - 1;
            for (int j = 0; j < s.nprims; j++) {
                double x0, y0, x1, y1;
                prim_bbox(&s, &s.prims[j], &x0, &y0, &x1, &y1);
                bool speck = bg->textured && j >= bg->texture_from;
                if (!speck && (x1 < b.x0 || x0 > b.x1 || y1 < b.y0 || y0 > b.y1))
                    continue;
                for (int c = 0; c < PALETTE_SIZE; c++)
                    if (ciede2000(PALETTE[c].value, s.prims[j].fill) < 25)
                        want &= ~(1u << c);
            }
            CHECK(background_far(bg, &b) == want, "picture %d: background_far wrong", i);
        }
    }
    CHECK(nstyles == 5, "only %d styles in %d pictures", nstyles, PICTURES);
    CHECK(textured > PICTURES / 2 && textured < PICTURES, "%d of %d pictures textured", textured, PICTURES);

    /* An impossible demand: every palette colour free everywhere, and more. */
    rng r;
    rng_for_sample(&r, 11, "test_backgrounds", 0, "impossible");
    scene_reset(&s, 800, 800);
    scene_rect(&s, 1, 1, 2, 2, RGB_BLACK);
    box keep = {100, 100, 200, 200};
    CHECK(background_draw(&s, &area, &r, 25, &keep, 1, PALETTE_SIZE + 1, bg) == -1, "an impossible picture was drawn");
    CHECK(s.nprims == 1 && s.npts == 0, "a failed picture left %d primitives behind", s.nprims);

    canvas_free(&cv);
    scene_free(&s);
    scene_free(&t);
    free(bg);
    free(bg2);
    TEST_END("backgrounds");
}
