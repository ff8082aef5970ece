/* SPDX-License-Identifier: MIT */
/* gen preview TASK: one contact sheet of a task's levels (docs/cli.md). */
#include "commands.h"

#include "errors.h"
#include "font.h"
#include "generator.h"
#include "options.h"
#include "preview.h"
#include "util.h"

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cmd_preview(int argc, char **argv)
{
    if (argc < 3 || argv[2][0] == '-')
        return options_usage_error("preview needs a task (usage: gen preview TASK [--seed S] [--grid_size G] "
                           "[--num_sizes SPEC] [--frames F] [--thumb PX] [-o FILE])%s%s", "", "");
    const generator *g = generator_find(argv[2]);
    if (!g) {
        const char *sug = generator_suggest(argv[2]);
        return sug ? options_usage_error("unknown task '%s' (did you mean '%s'?)", argv[2], sug)
                   : options_usage_error("unknown task '%s' (gen list shows them all)%s", argv[2], "");
    }
    uint64_t seed = 0;
    bool seed_given = false;
    int grid = 6, frames = 0, *levels = NULL, nlevels = 0;
    double thumb = 300; /* px: big enough to read labels of a 22x22 grid */
    strbuf out = {0};
    char err[512];
    int rc = GEN_EXIT_OK;
    for (int i = 3; i < argc && rc == GEN_EXIT_OK; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        long n = 0;
        if ((strcmp(a, "-o") == 0 || strcmp(a, "--out") == 0) && v) {
            out.len = 0;
            strbuf_add(&out, v);
            i++;
        } else if (strcmp(a, "--seed") == 0 && v) {
            char *end;
            errno = 0;
            seed = strtoull(v, &end, 10);
            if (!*v || *end || errno || v[0] == '-')
                rc = options_usage_error("bad --seed '%s'%s", v, "");
            seed_given = true;
            i++;
        } else if (strcmp(a, "--thumb") == 0 && v) {
            if (options_parse_long(v, 100, 800, &n))
                rc = options_usage_error("bad --thumb '%s' (expected 100..800 pixels)%s", v, "");
            thumb = (double)n;
            i++;
        } else if (strcmp(a, "--grid_size") == 0 && v) {
            if (options_parse_long(v, CLI_MIN_GRID, CLI_MAX_GRID, &n))
                rc = options_usage_error("bad --grid_size '%s' (expected 2..26)%s", v, "");
            grid = (int)n;
            i++;
        } else if (strcmp(a, "--frames") == 0 && v) {
            if (options_parse_long(v, GEN_FRAMES_MIN, GEN_MAX_IMAGES, &n))
                rc = options_usage_error("bad --frames '%s' (expected a whole number from 2 to 64)%s", v, "");
            frames = (int)n;
            i++;
        } else if (strcmp(a, "--num_sizes") == 0 && v) {
            if (options_parse_levels(v, &levels, &nlevels, err, sizeof err))
                rc = options_usage_error("%s%s", err, "");
            i++;
        } else {
            rc = options_usage_error("unknown or incomplete option '%s' for preview%s", a, "");
        }
    }
    if (rc == GEN_EXIT_OK) {
        if (!levels)
            options_default_levels(g, &levels, &nlevels);
        gen_options vo = {.task = g, .levels = levels, .nlevels = nlevels, .num_images = 1, .grid_size = grid,
                          .frames = frames};
        options_resolve_frames(&vo);
        frames = vo.frames;
        rc = options_validate_levels(&vo);
    }
    if (rc == GEN_EXIT_OK) {
        if (!seed_given) {
            seed = options_pick_seed();
            fprintf(stderr, "gen: no --seed given, using --seed %llu\n", (unsigned long long)seed);
        }
        if (!out.buf)
            strbuf_addf(&out, "%s-preview.png", g->name);
        if (font_init(err, sizeof err) != 0) {
            fprintf(stderr, "gen: %s\n", err);
            rc = GEN_EXIT_IO;
        } else {
            rc = preview_write(g, seed, grid, frames, levels, nlevels, thumb, out.buf);
            font_done();
        }
    }
    free(levels);
    strbuf_free(&out);
    return rc;
}
