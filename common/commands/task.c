/* SPDX-License-Identifier: MIT */
/* gen TASK: makes one task directory (docs/cli.md), and gen TASK --help. */
#include "commands.h"

#include "errors.h"
#include "generator.h"
#include "options.h"
#include "run.h"

#include <stdio.h>
#include <stdlib.h>

static void task_help(const generator *g)
{
    printf("%s: %s\n\n", g->name, g->summary);
    if (g->images == GEN_IMAGES_FRAMES)
        printf("images per sample: F frames (--frames F, %d..%d, default %d), data/{N}_1.png .. data/{N}_F.png\n",
               GEN_FRAMES_MIN, GEN_MAX_IMAGES, GEN_FRAMES_DEFAULT);
    else
        printf("images per sample: %d\n", g->images);
    printf("default levels:    %d..%d (lowest accepted: %d)\n", g->level_min, g->level_max, g->lowest_level);
    printf("record fields:     id%s", g->images == GEN_IMAGES_FRAMES ? ", frames (string array)" : "");
    for (const gen_field *f = g->fields; f->name; f++)
        printf(", %s (%s)", f->name, field_type_name(f->type));
    printf("\nuses --grid_size:  %s\n", g->uses_grid_size ? "yes" : "no");
    printf("writes swatches.png: %s\n", g->uses_swatches ? "yes" : "no");
    printf("in the release:    %s\n\n", g->own ? "no (gen's own task: gen all makes it only when --tasks names it)" : "yes");
    printf("input_prompt.txt:  %s\nrules.txt:         %s\noutput_prompt.txt: %s\n\n", g->input_prompt, g->rules,
           g->output_prompt);
    gen_usage(stdout);
}

int cmd_task(const generator *g, int argc, char **argv)
{
    run_request c;
    options_default(&c, argc, argv);
    c.o.task = g;
    int rc = options_parse_run(argc, argv, 2, &c);
    if (rc == GEN_EXIT_OK && c.help) {
        task_help(g);
    } else if (rc == GEN_EXIT_OK) {
        if (!c.o.levels)
            options_default_levels(g, &c.o.levels, &c.o.nlevels);
        options_resolve_frames(&c.o);
        rc = options_validate_levels(&c.o);
        if (rc == GEN_EXIT_OK)
            rc = options_prepare_exclude(&c.o);
        char err[1024];
        if (rc == GEN_EXIT_OK && out_refuse_mixed(c.o.out, false, g->name, err, sizeof err) != 0)
            rc = options_usage_error("%s%s", err, "");
        if (rc == GEN_EXIT_OK) {
            options_announce_seed(&c);
            rc = run_tasks_with_font(&c.o, 1);
        }
    }
    free(c.o.levels);
    free(c.o.attempts);
    return rc;
}
