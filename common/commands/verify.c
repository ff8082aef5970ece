/* SPDX-License-Identifier: MIT */
/* gen verify DIR: remakes every sample and compares (docs/cluster.md). */
#include "commands.h"

#include "dataset_read.h"
#include "errors.h"
#include "font.h"
#include "merge.h"
#include "options.h"
#include "recipe.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int cmd_verify(int argc, char **argv)
{
    const char *dir = NULL;
    bool quiet = false;
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--quiet") == 0)
            quiet = true;
        else if (argv[i][0] == '-')
            return options_usage_error("unknown option '%s' for verify (usage: gen verify DIR)%s", argv[i], "");
        else if (!dir)
            dir = argv[i];
        else
            return options_usage_error("unexpected argument '%s' (verify takes one directory)%s", argv[i], "");
    }
    if (!dir)
        return options_usage_error("verify needs a directory (usage: gen verify DIR)%s%s", "", "");
    char err[512];
    if (font_init(err, sizeof err) != 0) {
        fprintf(stderr, "gen: %s\n", err);
        return GEN_EXIT_IO;
    }
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    int jobs = cpus > 0 ? (int)(cpus > CLI_MAX_JOBS ? CLI_MAX_JOBS : cpus) : 1;
    int rc = recipe_verify(dir, jobs, quiet);
    /* a tree (gen all's output: task directories, no gen.json of its own) */
    if (rc < 0 && !ds_exists(dir, "gen.json") && !ds_exists(dir, "data.json") && ds_tree_task_count(dir, NULL) > 0)
        rc = verify_tree(dir, jobs, quiet);
    if (rc < 0)
        rc = verify_dir(dir, jobs, quiet);
    font_done();
    return rc;
}
