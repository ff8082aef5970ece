/* SPDX-License-Identifier: MIT */
/* gen gold DIR: the gold answers of a task or tree as an answers file (docs/evaluation.md). */
#include "commands.h"

#include "errors.h"
#include "eval.h"
#include "generator.h"

#include <stdbool.h>
#include <stddef.h>

int cmd_gold(int argc, char **argv)
{
    static const char use[] = "usage: gen gold DIR [--task TASK] [-o ANSWERS.json]";
    const char *dir = NULL, *out = NULL;
    const generator *task = NULL;
    for (int i = 2; i < argc; i++) {
        bool bad = false;
        const char *v;
        if (eval_help(argv[i], use))
            return GEN_EXIT_OK;
        if ((v = eval_opt_out(argc, argv, &i, &bad)))
            out = v;
        else if (!bad && (v = eval_opt_value(argc, argv, &i, "--task", &bad))) {
            if (eval_opt_task(v, &task))
                return GEN_EXIT_USAGE;
        } else if (bad)
            return eval_usage_fail("option '%s' needs a value (%s)", argv[i], use);
        else if (argv[i][0] == '-' && argv[i][1])
            return eval_usage_fail("unknown option '%s' for gold (%s)", argv[i], use);
        else if (dir)
            return eval_usage_fail("unexpected argument '%s' (gold takes one directory)", argv[i]);
        else
            dir = argv[i];
    }
    if (!dir)
        return eval_usage_fail("gold needs a directory (%s)", use);
    return eval_gold(dir, task, out);
}
