/* SPDX-License-Identifier: MIT */
/* gen all: every task (or --tasks A,B) into OUT/TASK, in one pool (docs/cli.md). */
#include "commands.h"

#include "errors.h"
#include "generator.h"
#include "options.h"
#include "run.h"
#include "util.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

int cmd_all(int argc, char **argv)
{
    run_request c;
    options_default(&c, argc, argv);
    c.all = true;
    int rc = options_parse_run(argc, argv, 2, &c);
    if (rc != GEN_EXIT_OK)
        return rc;
    if (c.help) {
        gen_usage(stdout);
        return GEN_EXIT_OK;
    }
    const generator *chosen[256];
    int n = 0;
    if (c.tasks) {
        char *copy = xstrdup(c.tasks), *save = NULL;
        for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
            const generator *g = generator_find(t);
            if (!g) {
                const char *sug = generator_suggest(t);
                rc = sug ? options_usage_error("unknown task '%s' in --tasks (did you mean '%s'?)", t, sug)
                         : options_usage_error("unknown task '%s' in --tasks (gen list shows them all)%s", t, "");
                free(copy);
                return rc;
            }
            bool dup = false;
            for (int k = 0; k < n; k++)
                dup |= chosen[k] == g;
            if (!dup && n < 256)
                chosen[n++] = g;
        }
        free(copy);
        if (n == 0)
            return options_usage_error("empty --tasks%s%s", "", "");
    } else {
        /* the benchmark as published: gen's own tasks only when --tasks names them */
        for (int t = 0; t < GENERATOR_COUNT; t++)
            if (!GENERATORS[t]->own)
                chosen[n++] = GENERATORS[t];
    }
    char err[1024];
    if (out_refuse_mixed(c.o.out, true, NULL, err, sizeof err) != 0)
        return options_usage_error("%s%s", err, "");
    options_announce_seed(&c);
    gen_options *opts = xcalloc((size_t)n, sizeof *opts);
    char **dirs = xcalloc((size_t)n, sizeof *dirs);
    for (int t = 0; t < n && rc == GEN_EXIT_OK; t++) {
        opts[t] = c.o;
        opts[t].task = chosen[t];
        /* --frames is for the video tasks only; every other task keeps 0 */
        opts[t].frames = chosen[t]->images == GEN_IMAGES_FRAMES ? c.o.frames : 0;
        options_resolve_frames(&opts[t]);
        options_default_levels(chosen[t], &opts[t].levels, &opts[t].nlevels);
        strbuf d = {0};
        strbuf_addf(&d, "%s/%s", c.o.out, chosen[t]->name);
        dirs[t] = d.buf;
        opts[t].out = dirs[t];
        rc = options_validate_levels(&opts[t]);
        if (rc == GEN_EXIT_OK)
            rc = options_prepare_exclude(&opts[t]);
    }
    if (rc == GEN_EXIT_OK)
        rc = run_tasks_with_font(opts, n);
    for (int t = 0; t < n; t++) {
        free(opts[t].levels);
        free(opts[t].attempts);
        free(dirs[t]);
    }
    free(opts);
    free(dirs);
    return rc;
}
