/* SPDX-License-Identifier: MIT */
/* gen list: every task, its images, release levels, level limit and record fields (docs/cli.md). */
#include "commands.h"

#include "errors.h"
#include "generator.h"
#include "options.h"

#include <stdio.h>

/* The highest level check_level accepts (at the default grid size), by binary
 * search up to CLI_MAX_LEVEL; 0 when the task sets no limit up front. */
static int level_limit(const generator *g)
{
    if (!g->check_level)
        return 0;
    char err[256];
    gen_params p = {.level = CLI_MAX_LEVEL, .grid_size = 6, .file = 0};
    if (g->check_level(&p, err, sizeof err) == 0)
        return 0;
    int lo = g->level_min, hi = CLI_MAX_LEVEL; /* lo accepted, hi refused */
    while (hi - lo > 1) {
        p.level = lo + (hi - lo) / 2;
        if (g->check_level(&p, err, sizeof err) == 0)
            lo = p.level;
        else
            hi = p.level;
    }
    return lo;
}

int cmd_list(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    printf("%-24s %-6s %-8s %-8s %s\n", "task", "images", "levels", "limit", "fields");
    for (int i = 0; i < GENERATOR_COUNT; i++) {
        const generator *g = GENERATORS[i];
        char lv[32], lim[32];
        snprintf(lv, sizeof lv, "%d..%d", g->level_min, g->level_max);
        int l = level_limit(g);
        snprintf(lim, sizeof lim, l ? "%d" : "-", l);
        char im[16];
        /* a video task's samples have --frames F images */
        if (g->images == GEN_IMAGES_FRAMES)
            snprintf(im, sizeof im, "F");
        else
            snprintf(im, sizeof im, "%d", g->images);
        printf("%-24s %-6s %-8s %-8s", g->name, im, lv, lim);
        for (const gen_field *f = g->fields; f->name; f++)
            printf("%s%s", f == g->fields ? "" : ", ", f->name);
        putchar('\n');
    }
    return GEN_EXIT_OK;
}
