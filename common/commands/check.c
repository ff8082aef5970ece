/* SPDX-License-Identifier: MIT */
/* gen check DIR [--task TASK]: reads a task directory strictly (docs/cli.md). */
#include "commands.h"

#include "check.h"
#include "dataset_read.h"
#include "errors.h"
#include "generator.h"
#include "options.h"

#include <stdio.h>
#include <string.h>

int cmd_check(int argc, char **argv)
{
    check_options co = {0};
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--task") == 0 && i + 1 < argc) {
            co.task = generator_find(argv[++i]);
            if (!co.task) {
                const char *s = generator_suggest(argv[i]);
                if (s)
                    return options_usage_error("unknown task '%s' (did you mean '%s'?)", argv[i], s);
                return options_usage_error("unknown task '%s' (gen list shows them all)%s", argv[i], "");
            }
        } else if (argv[i][0] == '-') {
            return options_usage_error("unknown option '%s' for check (usage: gen check DIR|TREE [--task TASK])%s", argv[i], "");
        } else if (!co.dir) {
            co.dir = argv[i];
        } else {
            return options_usage_error("unexpected argument '%s' (check takes one directory)%s", argv[i], "");
        }
    }
    if (!co.dir)
        return options_usage_error("check needs a directory (usage: gen check DIR|TREE [--task TASK])%s%s", "", "");
    /* a tree (gen all's output): every task directory of it, or --task's */
    if (!ds_exists(co.dir, "data.json") && ds_tree_task_count(co.dir, NULL) > 0)
        return check_tree(co.dir, co.task, stdout);
    char err[1024];
    long problems = check_dir(&co, stdout, err, sizeof err);
    if (problems < 0) {
        fprintf(stderr, "gen: %s\n", err);
        return GEN_EXIT_IO;
    }
    if (problems) {
        printf("%s: %ld problem%s\n", co.dir, problems, problems == 1 ? "" : "s");
        return GEN_EXIT_FAILED;
    }
    printf("%s: valid\n", co.dir);
    return GEN_EXIT_OK;
}
