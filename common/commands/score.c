/* SPDX-License-Identifier: MIT */
/* gen score DIR ANSWERS: scores an answers file against the gold (docs/evaluation.md). */
#include "commands.h"

#include "answer.h"
#include "errors.h"
#include "eval.h"
#include "generator.h"

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

int cmd_score(int argc, char **argv)
{
    static const char use[] =
        "usage: gen score DIR ANSWERS [--task TASK] [--parser release|strict] [-o EVAL.json] [--annotated OUT.json]"
        " [--plot FILE.png] [--quiet]";
    const char *pos[2] = {NULL, NULL}, *out = NULL, *annotated = NULL, *plot = NULL;
    const generator *task = NULL;
    answer_parser parser = ANSWER_RELEASE;
    int npos = 0;
    bool quiet = false;
    for (int i = 2; i < argc; i++) {
        bool bad = false;
        const char *v;
        if (eval_help(argv[i], use))
            return GEN_EXIT_OK;
        if ((v = eval_opt_out(argc, argv, &i, &bad)))
            out = v;
        else if (!bad && (v = eval_opt_value(argc, argv, &i, "--annotated", &bad)))
            annotated = v;
        else if (!bad && (v = eval_opt_value(argc, argv, &i, "--plot", &bad)))
            plot = v;
        else if (!bad && (v = eval_opt_value(argc, argv, &i, "--task", &bad))) {
            if (eval_opt_task(v, &task))
                return GEN_EXIT_USAGE;
        } else if (!bad && (v = eval_opt_value(argc, argv, &i, "--parser", &bad))) {
            if (!answer_parser_named(v, &parser))
                return eval_usage_fail("unknown parser '%s' (release or strict)", v);
        } else if (bad)
            return eval_usage_fail("option '%s' needs a value (%s)", argv[i], use);
        else if (strcmp(argv[i], "--quiet") == 0)
            quiet = true;
        else if (argv[i][0] == '-' && argv[i][1])
            return eval_usage_fail("unknown option '%s' for score (%s)", argv[i], use);
        else if (npos == 2)
            return eval_usage_fail("unexpected argument '%s' (score takes a directory and an answers file)", argv[i]);
        else
            pos[npos++] = argv[i];
    }
    if (npos < 2)
        return eval_usage_fail("score needs a directory and an answers file (%s)", use);
    const char *outs[3] = {out, annotated, plot};
    for (int a = 0; a < 3; a++)
        for (int b = a + 1; b < 3; b++)
            if (outs[a] && outs[b] && strcmp(outs[a], outs[b]) == 0 && strcmp(outs[a], "-") != 0)
                return eval_usage_fail("'%s' is named for two outputs", outs[a]);
    if (plot && strcmp(plot, "-") == 0)
        return eval_usage_fail("--plot needs a file name, not '-'");
    return eval_score_files(pos[0], pos[1], task, parser, out, annotated, plot, quiet);
}
